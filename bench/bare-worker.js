// Baseline worker of `build.py bench`: the game's own loader (site/js/runtime.js), then 1+1.
import { startPython } from "../js/runtime.js";

const pyodide = await startPython(new URL("../pyodide/", import.meta.url).href);
self.postMessage(pyodide.runPython("1+1"));
