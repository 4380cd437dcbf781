// The page's entry point: starts the worker, shows the boot's progress, then the start screen.
// On any failure it shows a readable message and a Retry button, which boots again afresh.
// <html data-ready="1"> is set only once Python has answered the bridge's first call and the
// start screen is interactive (tests and `build.py bench` wait for it).

import { Client } from "./client.js";

// What the worker's start needs goes first: its own scripts, then Python's files (or, on a warm
// start, the snapshot). The game's UI modules (app.js and its ~30 imports, and its stylesheets)
// are asked for once Python is up and the worker loads the rules (the "rules" stage): they load
// beside that step, which takes about as long. Asked for at once, they queued the worker's
// scripts behind them (a browser opens only a few connections to one server); asked for when
// the download ended, they slowed a warm start's restore by competing with it for the service
// worker and the CPU (docs/performance.md).
let app = null;
function loadApp() {
  if (!app) {
    app = import("./app.js");
    app.catch(() => {}); // reported by boot() when it awaits the module
    preloadAppModules(app);
  }
  return app;
}

// app.js's ~85 modules would otherwise be found one level of imports at a time (ten levels):
// the build lists them (tools/module_graph.py, js/app-modules.json) and the page asks for all
// of them at once with the platform's own hint, <link rel="modulepreload">. Only a hint: if the
// list cannot be had, the imports load them as before. Once app.js is in, the hints have done
// their work and leave the page: ~85 elements fewer in every style pass of the game after it.
function preloadAppModules(app) {
  const root = new URL("../", import.meta.url); // the site's root: the list's paths start there
  const links = [];
  let loaded = false;
  app.then(() => {
    loaded = true;
    for (const link of links) link.remove();
  }, () => {});
  fetch(new URL("./app-modules.json", import.meta.url))
    .then((answer) => (answer.ok ? answer.json() : []))
    .then((modules) => {
      if (loaded) return;
      for (const path of modules) {
        const link = document.createElement("link");
        link.rel = "modulepreload";
        link.href = new URL(path, root).href;
        links.push(link);
        document.head.append(link);
      }
    })
    .catch(() => {});
}

// The page's words (docs/i18n.md): strings.js loads English (the fallback) and the page's
// language from data/i18n/, beside the runtime. If the chosen language cannot be had, the page
// stays in English; if even English cannot be had, the boot fails with a Retry that asks again.
let words = null;
function loadWords() {
  if (!words) {
    words = import("./strings.js").then(async (strings) => {
      try { await strings.setLanguage(strings.preferredLanguage()); } catch { await strings.setLanguage("en"); }
      // index.html is in English: only another language rewrites the boot screen, the masthead
      // and the footer (its [data-i18n] elements; app.js rewords them after a switch).
      if (strings.language() !== "en") { tr = strings.t; strings.translateDocument(); }
      return strings;
    });
    words.catch(() => { words = null; });
  }
  return words;
}
let tr = null;

const STAGES = {
  download: "Downloading the Python runtime",
  start: "Starting Python",
  rules: "Loading the rules",
};
const $ = (id) => document.getElementById(id);

let client = null;

function showStage({ stage, percent }) {
  if (stage === "rules") loadApp();
  let reached = false;
  for (const item of $("boot-stages").children) {
    const current = item.dataset.stage === stage;
    reached ||= current;
    item.classList.toggle("done", !reached);
    item.classList.toggle("current", current);
  }
  // The bar: the download is the first 70 %, starting Python 20 %, the rules the rest.
  const overall = { download: 0.7 * (percent ?? 0), start: 75, rules: 92 }[stage];
  $("boot-bar").value = overall;
  const label = tr ? tr(`boot.${stage}`) : STAGES[stage];
  $("boot-status").textContent = stage === "download" && percent !== undefined
    ? `${label}… ${percent} %`
    : `${label}…`;
}

function showError(err) {
  $("boot").hidden = true;
  $("boot-error-message").textContent = err.message || "The game could not start.";
  $("boot-error-detail").textContent = String(err.detail || err.stack || err);
  $("boot-error").hidden = false;
  $("retry").focus();
}

async function boot() {
  client?.close();
  $("boot-error").hidden = true;
  $("boot").hidden = false;
  client = new Client({ onStage: showStage });
  // The boot screen's own words: one small module, asked for right after the worker's script.
  if (!words) setTimeout(loadWords, 0);
  try {
    // The worker answers the bridge's first call ("hello") with its ready message.
    const { hello: first } = await client.ready;
    const hello = first ? JSON.parse(first) : await client.call("hello");
    if (!hello.ok) throw new Error(hello.error?.message || "The rules did not answer.");
    $("boot").hidden = true;
    await loadWords();
    const { startApp } = await loadApp();
    await startApp({ client, hello }); // the game UI (app.js): the start screen or the resumed game
    performance.mark("tammany-ready");
    document.documentElement.dataset.ready = "1";
    // Offline and updates: only now, so the first boot has the device to itself.
    import("./sw-register.js").then((m) => m.startOffline({ client })).catch(() => {});
  } catch (err) {
    client.close();
    client = null;
    showError(err);
  }
}

$("retry").addEventListener("click", boot);
boot();
