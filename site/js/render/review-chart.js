// The review's chart (ui/review-panel.js): each player's expected points after every move, with
// marks on some moves (the turning points, the labelled decisions) and a line at the move on
// screen. Knows no rules: it draws the numbers it is given.
//
//   const chart = reviewChart({ series, marks, ticks, label, onPick })
//     series: [{name, color, values: [after move 0 (the set-up), 1, 2, …]}]
//     marks:  [{move, series (its index), kind (a word for css: "swing", "blunder", …), text}]
//     ticks:  [{move, label}] along the bottom (the elections), each with a faint line
//     onPick(move): a tap or click on the plot (the nearest move), or Enter / Space on a mark
//   chart.element  (the <svg>)      chart.at(move)  (the line at the move on screen)
//
// Keyboard: the chart is one stop in the tab order, a list box of its marks (each an option
// named by its `text`; aria-activedescendant): ← → (and Home, End) go from mark to mark, Enter
// or Space jumps there. A finger needs no mark of 44 px: a tap anywhere on the chart goes to the
// nearest move. Colour is never the only signal (marks differ in size and shape; the caller's
// caption names the players' lines). Hooks: `.th-rvc[aria-activedescendant]`,
// `.th-rvc-line[data-index]`, `.th-rvc-mark[data-move][data-kind]` (`.is-active`: the mark the
// keys are on), `.th-rvc-now[data-move]`.

import { el } from "./pieces.js";
import { gridStep } from "./points-chart.js";

const W = 360;
const H = 170;
const PAD = { left: 30, right: 8, top: 10, bottom: 18 };
let charts = 0; // ids of the marks: unique in the page
const SIZE = { inaccuracy: 3.5, mistake: 4.5, blunder: 5.5, swing: 5 };

function axis(lo, hi) {
  const step = gridStep(Math.max(5, hi - lo));
  return { lo: Math.floor(lo / step) * step, hi: Math.ceil(hi / step) * step, step };
}

export function reviewChart({ series, marks = [], ticks = [], label = "", onPick = () => {} }) {
  const moves = Math.max(1, ...series.map((s) => s.values.length - 1));
  const all = series.flatMap((s) => s.values);
  const { lo, hi, step } = axis(Math.min(0, ...all), Math.max(0, ...all));
  const x = (n) => PAD.left + (n / moves) * (W - PAD.left - PAD.right);
  const y = (v) => PAD.top + (1 - (v - lo) / (hi - lo || 1)) * (H - PAD.top - PAD.bottom);
  const r = (n) => Math.round(n * 10) / 10;

  const svg = el("svg", { class: "th-rvc", viewBox: `0 0 ${W} ${H}`, role: marks.length ? "listbox" : "img", "aria-label": label, tabindex: marks.length ? "0" : null });
  const grid = el("g", { class: "th-rvc-grid", "aria-hidden": "true" });
  for (let v = lo; v <= hi; v += step) {
    grid.append(el("line", { x1: PAD.left, x2: W - PAD.right, y1: r(y(v)), y2: r(y(v)), class: v === 0 ? "th-rvc-base" : "" }));
    const tick = el("text", { x: PAD.left - 4, y: r(y(v)), class: "th-rvc-tick" });
    tick.textContent = String(v);
    grid.append(tick);
  }
  for (const tick of ticks) {
    grid.append(el("line", { x1: r(x(tick.move)), x2: r(x(tick.move)), y1: PAD.top, y2: H - PAD.bottom, class: "th-rvc-event" }));
    const word = el("text", { x: r(Math.min(W - 26, Math.max(PAD.left + 26, x(tick.move)))), y: H - 5, class: "th-rvc-tick th-rvc-tick-x" });
    word.textContent = tick.label;
    grid.append(word);
  }
  svg.appendChild(grid);

  series.forEach((s, i) => {
    const points = s.values.map((v, n) => `${r(x(n))},${r(y(v))}`).join(" ");
    svg.appendChild(el("polyline", { class: "th-rvc-halo", points, "aria-hidden": "true" })); // a light line on paper stays seen
    svg.appendChild(el("polyline", { class: `th-rvc-line tm-pc-${s.color}`, points, "data-index": i, "aria-hidden": "true" }));
  });

  const now = el("line", { class: "th-rvc-now", y1: PAD.top, y2: H - PAD.bottom, x1: x(0), x2: x(0), "aria-hidden": "true" });
  svg.appendChild(now);

  // The marks, in the order of the moves: the options of the list box.
  const sorted = [...marks].sort((a, b) => a.move - b.move || a.series - b.series);
  const prefix = `th-rvc-${++charts}-`;
  const options = sorted.map((m, k) => {
    const value = series[m.series]?.values[m.move] ?? 0;
    const cx = r(x(m.move)), cy = r(y(value)), size = SIZE[m.kind] ?? 4;
    const shape = m.kind === "swing"
      ? el("rect", { x: cx - size, y: cy - size, width: 2 * size, height: 2 * size, class: "th-rvc-shape" })
      : el("circle", { cx, cy, r: size, class: "th-rvc-shape" });
    const hit = el("circle", { cx, cy, r: 9, class: "th-rvc-hit" }); // an easier target than the mark
    const g = el("g", {
      class: `th-rvc-mark is-${m.kind} tm-pc-${series[m.series]?.color ?? ""}`, role: "option", id: `${prefix}${k}`,
      "aria-selected": "false", "aria-label": m.text, "data-move": m.move, "data-kind": m.kind,
    }, [hit, shape]);
    const title = el("title");
    title.textContent = m.text;
    g.appendChild(title);
    svg.appendChild(g);
    return g;
  });
  let active = -1;
  function activate(k) {
    if (!options.length) return;
    const i = Math.max(0, Math.min(options.length - 1, k));
    if (active >= 0) { options[active].classList.remove("is-active"); options[active].setAttribute("aria-selected", "false"); }
    active = i;
    options[i].classList.add("is-active");
    options[i].setAttribute("aria-selected", "true");
    svg.setAttribute("aria-activedescendant", options[i].id);
  }
  svg.addEventListener("focus", () => { if (active < 0) activate(0); });

  svg.addEventListener("keydown", (e) => {
    if (!options.length) return;
    const i = Math.max(active, 0);
    const to = { ArrowRight: i + 1, ArrowDown: i + 1, ArrowLeft: i - 1, ArrowUp: i - 1, Home: 0, End: options.length - 1 }[e.key];
    if (to !== undefined) { e.preventDefault(); e.stopPropagation(); activate(to); return; }
    if (e.key === "Enter" || e.key === " ") { e.preventDefault(); e.stopPropagation(); activate(i); onPick(sorted[i].move); }
  });
  // A tap anywhere on the plot: the nearest move (a mark is the move it sits on).
  svg.addEventListener("click", (e) => {
    const mark = e.target.closest?.(".th-rvc-mark");
    if (mark) { activate(options.indexOf(mark)); onPick(Number(mark.dataset.move)); return; }
    const matrix = svg.getScreenCTM();
    if (!matrix) return;
    const point = new DOMPoint(e.clientX, e.clientY).matrixTransform(matrix.inverse());
    const move = Math.round(((point.x - PAD.left) / (W - PAD.left - PAD.right)) * moves);
    onPick(Math.max(0, Math.min(moves, move)));
  });

  return {
    element: svg,
    /** The mark the keys are on, by its move (a chart drawn again keeps its place). */
    activate(move) { const k = sorted.findIndex((m) => m.move === move); if (k >= 0) activate(k); },
    get active() { return active >= 0 ? sorted[active].move : null; },
    at(move) {
      const at = Math.max(0, Math.min(moves, move));
      now.setAttribute("x1", r(x(at)));
      now.setAttribute("x2", r(x(at)));
      now.setAttribute("data-move", at);
    },
  };
}
