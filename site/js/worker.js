// The game's Web Worker: boots Python, installs the rules package, then answers the page.
//
// To the page it posts, while booting:
//   {type: "stage", stage: "download" | "start" | "rules", percent?}
//   {type: "ready", version, hello} or {type: "error", message, detail} — `hello`: the bridge's
//   answer to {method: "hello"} as text, so the page's first call costs no round trip
// and for each request {id, method, params} exactly one {type: "response", id, json | error},
// where `json` is the bridge's answer as text (docs/api.md); when that answer is a snapshot
// (its `choices_later` is true), then {type: "choices", id, json}: its choice tree. Both on the
// BroadcastChannel the page names first with {type: "channel", name} (js/client.js says why),
// else with postMessage.

import { BootError, FETCHED_FILES, startPython } from "./runtime.js";
import { warmStart, store as storeWarmStart } from "./warm-start.js";

const here = (path) => new URL(path, import.meta.url).href;
const post = (message) => self.postMessage(message);
// Answers go back on the client's BroadcastChannel when it names one (js/client.js says why).
let answerChannel = null;
const respond = (message) => (answerChannel ? answerChannel.postMessage(message) : post(message));

async function fetchOk(url, what) {
  let response;
  try {
    response = await fetch(url);
  } catch (err) {
    throw new BootError(`The ${what} could not be downloaded.`, err);
  }
  if (!response.ok) throw new BootError(`The ${what} could not be downloaded (HTTP ${response.status}).`);
  return response;
}

async function boot() {
  // The build's manifest and the rules wheel download while the runtime starts.
  const manifest = fetchOk(here("../build.json"), "build manifest").then((r) => r.json());
  const wheel = manifest.then(({ wheel }) => fetchOk(here(`../${wheel}`), "rules package"))
    .then((r) => r.arrayBuffer());
  manifest.catch(() => {}); wheel.catch(() => {}); // awaited below; no unhandled rejection

  let total = 0;
  let shown = -1;
  manifest.then(({ files }) => {
    total = FETCHED_FILES.reduce((sum, name) => sum + (files[`pyodide/${name}`]?.size ?? 0), 0);
  }, () => {});
  post({ type: "stage", stage: "download", percent: 0 });
  const onBytes = (loaded) => {
    if (!total) return;
    const percent = Math.min(100, Math.floor((100 * loaded) / total));
    if (percent === shown) return;
    shown = percent;
    post({ type: "stage", stage: percent < 100 ? "download" : "start", percent });
  };

  // Offline: a stored memory snapshot of a prepared interpreter when there is a valid
  // one, else a normal start that prepares one for the next visit (js/warm-start.js).
  const start = (options) => startPython(here("../pyodide/"), { onBytes, options });
  return warmStart({ manifest, start, prepare: async (pyodide) => {
    post({ type: "stage", stage: "rules" });
    const { version } = await manifest;
    const site = pyodide.runPython("import site; site.getsitepackages()[0]");
    pyodide.unpackArchive(await wheel, "wheel", { extractDir: site });
    let bridge;
    try {
      // A wheel that failed to unpack only shows here, so the import is the real check. The
      // import system's directory caches are reset first, finder by finder: the files are new.
      // (Not importlib.invalidate_caches(): in Python 3.14 it imports importlib.metadata and the
      // email package to reset their caches too, 0.14-0.33 s of a cold start that the rules
      // never use; docs/performance.md.)
      bridge = pyodide.runPython(
        "import sys\nfor finder in list(sys.path_importer_cache.values()):\n" +
        "    if hasattr(finder, 'invalidate_caches'):\n        finder.invalidate_caches()\n" +
        "import tammany.bridge\ntammany.bridge",
      );
    } catch (err) {
      throw new BootError("The game's rules could not be loaded.", err?.message || err);
    }
    return { handle: bridge.handle, laterChoices: bridge.later_choices, version, pyodide, site };
  } });
}

// Optional pure-Python packages, installed on demand by micropip from wheels in dist/wheels/
// (the share dialog's QR code first). Request: {method: "install", params: {wheels: [path]}}
// with paths from build.json ("wheels/NAME.whl"); the answer has the bridge's shape.
let micropip = null;
async function install({ pyodide, site }, wheels) {
  const paths = (Array.isArray(wheels) ? wheels : []).filter((w) => /^wheels\/[\w.+-]+\.whl$/.test(w));
  if (!paths.length) return { ok: false, error: { code: "bad_install", params: {}, message: "There is nothing to install." } };
  try {
    micropip ??= fetchOk(here("../build.json"), "build manifest").then((r) => r.json())
      .then(({ files }) => Object.keys(files).find((f) => /^wheels\/micropip-[^/]+\.whl$/.test(f)))
      .then((path) => fetchOk(here(`../${path}`), "package installer")).then((r) => r.arrayBuffer())
      .then((data) => { pyodide.unpackArchive(data, "wheel", { extractDir: site }); });
    await micropip;
    pyodide.globals.set("_th_wheels", pyodide.toPy(paths.map((p) => here(`../${p}`))));
    await pyodide.runPythonAsync(
      "import importlib, micropip\nimportlib.invalidate_caches()\n" +
      "await micropip.install(list(_th_wheels), deps=False)\ndel _th_wheels",
    );
    return { ok: true, installed: paths };
  } catch (err) {
    micropip = null;
    const detail = String(err?.message || err).trim().split("\n").pop();
    return { ok: false, error: { code: "install_failed", params: {}, message: `An optional package could not be installed (${detail}).` } };
  }
}

// The archive's statistics and ratings (py/standings, docs/archive.md): its own bridge, called
// as {method: "standings", params: {method, params}}. Ratings need openskill, installed before
// the first "standings" request from the build's pinned wheel (once; a failure is answered,
// and the next request tries again); a game's summary does not.
let standingsHandle = null;
let openskill = false;
async function standings(booted, request) {
  if (request?.method === "standings" && !openskill) {
    const { files } = await fetchOk(here("../build.json"), "build manifest").then((r) => r.json());
    const wheel = Object.keys(files).find((f) => /^wheels\/openskill-[^/]+\.whl$/.test(f));
    const installed = await install(booted, wheel ? [wheel] : []);
    if (!installed.ok) return JSON.stringify(installed);
    openskill = true;
  }
  standingsHandle ??= booted.pyodide.runPython("import standings.bridge\nstandings.bridge.handle");
  return standingsHandle(JSON.stringify(request));
}

// The bridge's first call, answered with the ready message: the page needs no round trip for it
// (if it fails here, the page asks again and reports what it gets).
function firstAnswer(handle) {
  try {
    return handle(JSON.stringify({ method: "hello" }));
  } catch {
    return null;
  }
}

// The tree of the answer just posted, as text (null: the answer had none). Always something
// the page can read: it waits for the tree of an answer that promised one.
function treeOf(laterChoices) {
  try {
    return laterChoices() ?? null;
  } catch (err) {
    return JSON.stringify({ ok: false, error: { code: "internal", params: {}, message: String(err?.message || err) } });
  }
}

const booted = boot();
booted.then(
  ({ version, handle }) => post({ type: "ready", version, hello: firstAnswer(handle) }),
  (err) => post({
    type: "error",
    message: err instanceof BootError ? err.message : "The game could not start.",
    detail: String(err?.detail || err?.stack || err),
  }),
);

self.onmessage = async ({ data: { id, method, params = {}, type, name } }) => {
  if (type === "channel") {
    answerChannel = new BroadcastChannel(name);
    return;
  }
  try {
    const { handle, laterChoices } = await booted;
    if (method === "warm_start") { // offline: store the warm start, once the page is ready
      respond({ type: "response", id, json: JSON.stringify({ ok: true, ...(await storeWarmStart()) }) });
      return;
    }
    if (method === "standings") {
      respond({ type: "response", id, json: await standings(await booted, params) });
      return;
    }
    if (method === "install") {
      respond({ type: "response", id, json: JSON.stringify(await install(await booted, params.wheels)) });
      return;
    }
    // The answer goes first; a snapshot's choice tree follows in a second message
    // ({type: "choices", id, json}), so the page draws the answer without waiting for it.
    respond({ type: "response", id, json: handle(JSON.stringify({ method, params, choices: "later" })) });
    const tree = treeOf(laterChoices);
    if (tree) respond({ type: "choices", id, json: tree });
  } catch (err) {
    respond({ type: "response", id, error: String(err?.message || err) });
  }
};
