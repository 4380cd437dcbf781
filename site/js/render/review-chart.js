// The review's chart (ui/replay/review-panel.js): each player's expected points after every move, with
// marks on some moves (the turning points, the labelled decisions) and a line at the move on
// screen. Knows no rules: it draws the numbers it is given.
//
//   const chart = reviewChart({ series, marks, ticks, label, axis, bounds, onPick })
//     series: [{name, color, values: [after move 0 (the set-up), 1, 2, …]}]
//     axis:   the y axis's title, its unit ("Chance to win (%)", "Expected points"), drawn
//             upright along it; bounds: [lo, hi] the axis always spans (win chances: [0, 100])
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
// `.th-rvc-axis` (the axis's title), `.th-rvc-line[data-index]`, `.th-rvc-mark[data-move][data-kind]` (`.is-active`: the mark the
// keys are on), `.th-rvc-now[data-move]`.

import { el } from "./pieces.js";
import * as scales from "../logic/chart-scales.js";

// The scale, the marks' places and sizes, the keys' targets: logic/chart-scales.js.
const { W, H, PAD, AXIS_X, TICK_Y } = scales.REVIEW;
let charts = 0; // ids of the marks: unique in the page

export function reviewChart({ series, marks = [], ticks = [], label = "", axis = "", bounds = null, onPick = () => {} }) {
  // `bounds` as one more (unseen) line of two values: the axis spans them, the moves are the series'.
  const scale = scales.reviewScale(bounds ? [...series, { values: bounds }] : series);
  const { moves, lo, hi, step, x, y } = scale;
  const r = scales.round1;

  const svg = el("svg", { class: "th-rvc", viewBox: `0 0 ${W} ${H}`, role: marks.length ? "listbox" : "img", "aria-label": label, tabindex: marks.length ? "0" : null });
  const grid = el("g", { class: "th-rvc-grid", "aria-hidden": "true" });
  for (const v of scales.gridValues(lo, hi, step)) {
    grid.append(el("line", { x1: PAD.left, x2: W - PAD.right, y1: r(y(v)), y2: r(y(v)), class: v === 0 ? "th-rvc-base" : "" }));
    const tick = el("text", { x: PAD.left - 4, y: r(y(v)), class: "th-rvc-tick" });
    tick.textContent = String(v);
    grid.append(tick);
  }
  for (const tick of ticks) {
    grid.append(el("line", { x1: r(x(tick.move)), x2: r(x(tick.move)), y1: PAD.top, y2: H - PAD.bottom, class: "th-rvc-event" }));
    const word = el("text", { x: scales.tickX(tick.move, scale), y: TICK_Y, class: "th-rvc-tick th-rvc-tick-x" });
    word.textContent = tick.label;
    grid.append(word);
  }
  if (axis) { // the unit, upright along the axis, left of its numbers
    const title = el("text", { class: "th-rvc-axis", x: 0, y: 0, transform: `translate(${AXIS_X} ${r((PAD.top + H - PAD.bottom) / 2)}) rotate(-90)` });
    title.textContent = axis;
    grid.append(title);
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
  const sorted = scales.sortMarks(marks);
  const prefix = `th-rvc-${++charts}-`;
  const options = sorted.map((m, k) => {
    const { cx, cy, size, square } = scales.markPlace(m, series, scale);
    const shape = square
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
    const i = scales.clampIndex(k, options.length);
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
    const to = scales.keyTarget(e.key, i, options.length);
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
    onPick(scale.moveAt(point.x));
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
