// Baseline page of `build.py bench`: starts the bare worker and marks ready as the game does.
const worker = new Worker(new URL("./worker.js", import.meta.url), { type: "module" });
worker.onmessage = ({ data }) => {
  if (data !== 2) throw new Error(`1+1 gave ${data}`);
  performance.mark("tammany-ready");
  document.documentElement.dataset.ready = "1";
};
