// Warm start, in the game's worker: a later visit restores a prepared interpreter instead of
// starting Python afresh.
//
// Starting Python is CPU work (the interpreter's own start-up and the imports), not download,
// so serving the files from the service worker alone leaves a second start as slow as the
// first. Pyodide 314 can copy its whole WebAssembly memory into a "memory snapshot" and start a
// later instance from it; restoring takes a fraction of a start (docs/performance.md).
//
// - A normal start passes `_makeSnapshot: true` to loadPyodide, and once the rules are
//   imported (before the page's first call) copies the memory: pyodide.makeMemorySnapshot().
// - The copy is stored in Cache Storage only when the page asks, after it is ready
//   (store(), called through the worker's "warm_start" request by js/sw-register.js), or a
//   minute later if nobody asks.
// - The next start finds it, checks that it was made from the same runtime, rules wheel and
//   loader (its key: the SHA-256 of those files in build.json), and passes it as
//   `_loadSnapshot`. The rules wheel is still unpacked, so modules imported later load as usual.
// - Missing, stale or failing (a key mismatch, Pyodide's own build-id check, a restore that
//   throws, an interpreter that cannot import the rules): the snapshot is deleted and the
//   worker starts normally, in the same boot.
//
// `_makeSnapshot`, `_loadSnapshot` and `makeMemorySnapshot` are experimental in Pyodide 314
// (underscore options, @private in its types): everything here falls back to a normal start.

const FORMAT = "tammany-warm-start/1";
const SCOPE = new URL("../", import.meta.url).href;
const CACHE = `tammany-warm ${SCOPE}`;
/** The files a snapshot depends on besides the runtime (pyodide/*) and the rules wheel. */
const LOADER = ["js/worker.js", "js/runtime.js", "js/warm-start.js"];

const LATE_STORE_MS = 60_000; // see capture()

// How this worker started, for the page (js/sw-register.js turns `marks` into performance
// measures): marks are the worker's performance.now() at each step, `origin` its timeOrigin.
const status = { start: "normal", stored: false, reason: "", origin: performance.timeOrigin, marks: {} };
const mark = (name) => { status.marks[name] = performance.now(); };
let captured = null; // {bytes, key: Promise<string>} until store()

/**
 * Start Python for the worker.
 *   manifest: Promise of build.json
 *   start(options): starts Pyodide with these extra loadPyodide options (runtime.js)
 *   prepare(pyodide): installs and imports the rules; resolves to what the worker keeps
 */
export async function warmStart({ manifest, start, prepare }) {
  mark("begin");
  const found = await findSnapshot();
  if (found) {
    const key = await manifest.then(snapshotKey, () => null);
    mark("checked");
    if (key === found.key) {
      // Pyodide reads the snapshot while it imports its own modules: pass the promise.
      const bytes = found.read();
      bytes.catch(() => {}); // a failed read fails the restore, handled below
      const restore = growMemoryFor(bytes);
      try {
        const pyodide = await start({ _loadSnapshot: bytes });
        mark("python");
        const booted = await prepare(pyodide);
        mark("rules");
        status.start = "snapshot";
        return booted;
      } catch (err) {
        status.reason = `the snapshot failed: ${String(err?.message || err).split("\n")[0]}`;
      } finally {
        restore();
      }
    } else {
      status.reason = "the snapshot was made by another build";
    }
    await forget();
  }
  const canStore = typeof caches !== "undefined";
  mark("checked");
  const pyodide = await start(canStore ? { _makeSnapshot: true } : {});
  mark("python");
  const booted = await prepare(pyodide);
  mark("rules");
  if (canStore) capture(pyodide, manifest);
  mark("captured");
  return booted;
}

/** Store the snapshot made by this start (if any); returns how this worker started. */
export async function store() {
  if (captured) {
    const { bytes, key } = captured;
    captured = null; // the memory goes as soon as it is written
    try {
      const cache = await caches.open(CACHE);
      for (const old of await cache.keys()) await cache.delete(old);
      await cache.put(`${SCOPE}warm-start/${await key}`, new Response(bytes, {
        headers: { "Content-Type": "application/octet-stream" },
      }));
      status.stored = true;
    } catch (err) {
      status.reason = `the snapshot could not be stored: ${err?.message || err}`;
    }
  }
  return { ...status };
}

function capture(pyodide, manifest) {
  try {
    captured = { bytes: pyodide.makeMemorySnapshot(), key: manifest.then(snapshotKey) };
    captured.key.catch(() => { captured = null; });
    // A worker the page never asks (one started by app.js to recover from a crash) stores it
    // later rather than holding 30 MB for its whole life.
    setTimeout(store, LATE_STORE_MS);
  } catch (err) {
    status.reason = `no snapshot: ${String(err?.message || err).split("\n")[0]}`;
  }
}

/**
 * The stored snapshot as {key, read() -> Promise<Uint8Array>}, or null. Only Cache Storage is
 * read, never the network; the bytes only when read() is called.
 */
async function findSnapshot() {
  try {
    if (typeof caches === "undefined" || !(await caches.has(CACHE))) return null;
    const cache = await caches.open(CACHE);
    const [request] = await cache.keys();
    if (!request) return null;
    const read = async () => new Uint8Array(await (await cache.match(request)).arrayBuffer());
    return { key: request.url.slice(`${SCOPE}warm-start/`.length), read };
  } catch {
    return null;
  }
}

async function forget() {
  try {
    await caches.delete(CACHE);
  } catch {
    // Nothing stored, or storage unavailable: either way there is nothing to restore.
  }
}

/** SHA-256 over the format and the hashes (from build.json) of what a snapshot depends on. */
async function snapshotKey({ files, wheel }) {
  const names = Object.keys(files)
    .filter((name) => name.startsWith("pyodide/") || name === wheel || LOADER.includes(name))
    .sort();
  const text = [FORMAT, ...names.map((name) => `${name} ${files[name].sha256}`)].join("\n");
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text)));
  return Array.from(digest, (b) => b.toString(16).padStart(2, "0")).join("");
}

/**
 * Pyodide copies a snapshot into the fresh instance's memory without growing it first (its
 * INITIAL_MEMORY setting is not read by this build), so a snapshot of a heap that had grown
 * would not fit. Grow the new instance's memory to the snapshot's size as it is created
 * (Pyodide has read the snapshot by then). Returns the function that undoes the patch.
 */
function growMemoryFor(snapshot) {
  const { instantiate, instantiateStreaming } = WebAssembly;
  const grow = (real) => async (...args) => {
    const result = await real.apply(WebAssembly, args);
    const memory = (result.instance ?? result).exports?.memory;
    if (!(memory instanceof WebAssembly.Memory)) return result; // not Python's module
    const bytes = await snapshot;
    const header = new Uint32Array(bytes.buffer, bytes.byteOffset, 4);
    const heap = bytes.byteLength - header[1]; // [magic, offset of the heap, ...]
    const missing = heap - memory.buffer.byteLength;
    if (missing > 0) memory.grow(Math.ceil(missing / 65536));
    return result;
  };
  WebAssembly.instantiate = grow(instantiate);
  WebAssembly.instantiateStreaming = grow(instantiateStreaming);
  return () => Object.assign(WebAssembly, { instantiate, instantiateStreaming });
}
