// Starts the Pyodide runtime inside a worker. Shared, unchanged, by the game's worker
// (worker.js) and the benchmark's bare page, so that `build.py bench` compares like with like.
//
// Two things loadPyodide does not do, this module adds:
// - progress: it counts the bytes of the runtime files Pyodide fetches (reading a clone of
//   each response, so Pyodide still streams and compiles the original);
// - failure: a damaged or missing pyodide.asm.wasm makes Pyodide log a warning and wait
//   forever, so a failed download or WebAssembly compile rejects startPython at once.

/** The runtime files Pyodide fetches (pyodide.mjs and pyodide.asm.mjs are imported). */
export const FETCHED_FILES = ["pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json"];

/** An error with a message meant for the player; `detail` is for the curious. */
export class BootError extends Error {
  constructor(message, detail = "") {
    super(message);
    this.name = "BootError";
    this.detail = String(detail);
  }
}

/**
 * Load Pyodide from `indexURL` (absolute, ending in "/").
 * `onBytes(loaded)` is told the bytes of FETCHED_FILES received so far; `options` go to
 * loadPyodide as well (the game's warm start passes its snapshot options, js/warm-start.js).
 * Resolves to the Pyodide API; rejects with a BootError.
 */
export async function startPython(indexURL, { onBytes = () => {}, options = {} } = {}) {
  let fail;
  const failed = new Promise((_, reject) => { fail = reject; });
  const restore = watch(indexURL, onBytes, fail);
  try {
    const { loadPyodide } = await import(`${indexURL}pyodide.mjs`);
    return await Promise.race([loadPyodide({ ...options, indexURL }), failed]);
  } catch (err) {
    if (err instanceof BootError) throw err;
    throw new BootError("The Python runtime could not start.", err?.stack || err);
  } finally {
    restore();
  }
}

/** Patch fetch and WebAssembly while Pyodide loads; returns the function that undoes it. */
function watch(indexURL, onBytes, fail) {
  const realFetch = globalThis.fetch;
  const { instantiate, instantiateStreaming } = WebAssembly;
  let loaded = 0;

  globalThis.fetch = async (input, init) => {
    const url = String(input instanceof Request ? input.url : input);
    const name = url.startsWith(indexURL) ? url.slice(indexURL.length) : "";
    if (!FETCHED_FILES.includes(name)) return realFetch(input, init);
    let response;
    try {
      response = await realFetch(input, init);
    } catch (err) {
      fail(new BootError(`The Python runtime could not be downloaded (${name}).`, err));
      throw err;
    }
    if (!response.ok) {
      fail(new BootError(`The Python runtime could not be downloaded (${name}: HTTP ${response.status}).`));
      return response;
    }
    count(response.clone().body, (n) => onBytes((loaded += n)));
    return response;
  };

  const guard = (real) => (...args) => real.apply(WebAssembly, args).catch((err) => {
    fail(new BootError("The Python runtime (pyodide.asm.wasm) is damaged or incomplete.", err));
    throw err;
  });
  WebAssembly.instantiate = guard(instantiate);
  WebAssembly.instantiateStreaming = guard(instantiateStreaming);

  return () => {
    globalThis.fetch = realFetch;
    Object.assign(WebAssembly, { instantiate, instantiateStreaming });
  };
}

async function count(body, onChunk) {
  if (!body) return;
  const reader = body.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      onChunk(value.byteLength);
    }
  } catch {
    // The original response reports its own errors.
  }
}
