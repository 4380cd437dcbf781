// Dev-only: renders the hand-written sample views with the real renderers.
// ?sample=N picks a sample; tapping a ward or a Castle Garden cube reports it in the bar.
import { createMap } from "../js/render/map.js";
import { createTable } from "../js/render/table.js";
import { SAMPLES } from "./sample-views.js";
import { setLanguage } from "../js/strings.js";

// The renderers word everything through strings.js, which needs a language loaded first.
await setLanguage(new URLSearchParams(location.search).get("lang") || "en");

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

// ?bench=1: time updates like a game's: each step changes one ward's pieces and the
// highlighted targets (the renderers' share of an action's frame; layout included).
if (params.get("bench")) {
  const base = SAMPLES[index];
  const wardsInPlay = Object.keys(base.view.wards).filter((k) => base.view.wards[k].in_play);
  const times = [];
  for (let k = 0; k < 80; k++) {
    const view = structuredClone(base.view);
    const w = view.wards[wardsInPlay[k % wardsInPlay.length]];
    w.cubes.irish += 1 + (k % 3);
    const highlight = new Set(wardsInPlay.slice(k % 4, (k % 4) + 4).map(Number));
    const t0 = performance.now();
    if (params.get("bench") !== "table") map.update(view, { highlight, castleHighlight: base.castleHighlight });
    const t1 = performance.now();
    if (params.get("bench") !== "map") table.update(view, base.seatToAct);
    const t2 = performance.now();
    document.body.getBoundingClientRect();
    const t3 = performance.now();
    times.push([t3 - t0, t1 - t0, t2 - t1, t3 - t2]);
  }
  const pct = (i, p) => times.map((x) => x[i]).sort((a, b) => a - b)[Math.floor(p * (times.length - 1))].toFixed(1);
  show(index);
  out.textContent = `bench p50 ${pct(0, 0.5)} ms p95 ${pct(0, 0.95)} ms (map ${pct(1, 0.5)}, table ${pct(2, 0.5)}, layout ${pct(3, 0.5)})`;
}
if (params.get("zoom")) map.setZoom(Number(params.get("zoom")));
if (params.get("focus")) map.focusWard(Number(params.get("focus")));
// ?measure=1: report horizontal overflow and the smallest Castle Garden button, in px.
if (params.get("measure")) {
  requestAnimationFrame(() => {
    const cg = ["irish", "english", "german", "italian"].map((n) => map.castleElement(n).getBoundingClientRect());
    const minCg = Math.min(...cg.map((r) => Math.min(r.width, r.height)));
    out.textContent = `measure scrollWidth ${document.documentElement.scrollWidth} innerWidth ${innerWidth} castle-min ${minCg.toFixed(0)}px`;
  });
}
