// Dev-only: renders the hand-written sample views with the real renderers.
// ?sample=N picks a sample; tapping a ward or a Castle Garden cube reports it in the bar.
import { createMap } from "../js/render/map.js";
import { createTable } from "../js/render/table.js";
import { SAMPLES } from "./sample-views.js";

const params = new URLSearchParams(location.search);
let index = Math.min(SAMPLES.length - 1, Math.max(0, Number(params.get("sample") || 0)));
const out = document.querySelector(".pv-out");
const map = createMap(document.getElementById("map"), {
  onWardActivate: (ward, info) => { out.textContent = `ward ${ward} (${info.keyboard ? "keyboard" : "tap"} at ${Math.round(info.clientX)},${Math.round(info.clientY)})`; },
  onCastleGardenActivate: (nat) => { out.textContent = `Castle Garden: ${nat}`; },
});
const table = createTable(document.getElementById("table"));
const nav = document.querySelector(".pv-samples");

function show(i) {
  index = i;
  const s = SAMPLES[i];
  const t0 = performance.now();
  map.update(s.view, { highlight: s.highlight, selected: s.selected, castleHighlight: s.castleHighlight });
  table.update(s.view, s.seatToAct);
  table.setPrompt(s.prompt);
  table.setLog(s.log);
  out.textContent = `update ${(performance.now() - t0).toFixed(1)} ms`;
  for (const [j, b] of [...nav.children].entries()) b.setAttribute("aria-pressed", String(j === i));
}

SAMPLES.forEach((s, i) => {
  const b = document.createElement("button");
  b.type = "button";
  b.textContent = `${i + 1}. ${s.title}`;
  b.addEventListener("click", () => show(i));
  nav.appendChild(b);
});
show(index);
if (params.get("log") === "open") table.logElement.open = true;

// ?bench=1: time repeated updates (alternating samples), the renderers' share of a frame.
if (params.get("bench")) {
  const times = [];
  for (let k = 0; k < 60; k++) {
    const s = SAMPLES[k % SAMPLES.length];
    const t0 = performance.now();
    map.update(s.view, { highlight: s.highlight, selected: s.selected, castleHighlight: s.castleHighlight });
    table.update(s.view, s.seatToAct);
    document.body.getBoundingClientRect();
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  out.textContent = `bench p50 ${times[30].toFixed(1)} ms p95 ${times[57].toFixed(1)} ms`;
  show(index);
  out.textContent = `bench p50 ${times[30].toFixed(1)} ms p95 ${times[57].toFixed(1)} ms`;
}
