// A small line chart of each player's points after each of the four elections (the final table;
// the replay viewer reuses it). Knows no rules: it draws the numbers it is given.
//
//   pointsChart(series, options) -> <svg>
//     series:  [{name, color, points: [after election 1, 2, 3, 4]}]  (fewer points if unfinished)
//     options: {elections = 4, label, initials: [one per series], tick: (k) => x-axis label}
//     (the archive draws points per game: `elections` is then the number of games, `tick` names them)
//
// Colours come from the player classes in css/board.css (`tm-pc-red` sets --piece), so the
// palette lives in one place; each line also ends in a marker with the player's initial, so
// colour is never the only signal. DOM hooks: `.tm-chart-line[data-index]`, and one
// `.tm-chart-point[data-index][data-election][data-points]` per point. Names only go into
// textContent (<title>) and the aria-label.

import { t } from "../strings.js";
import { el, text } from "./pieces.js";
import { POINTS, pointsScale, endLabels, gridValues, round1 } from "../logic/chart-scales.js";

// The scale, the gridlines and where the end labels go: logic/chart-scales.js.
const { W, H, PAD } = POINTS;

export function pointsChart(series, options = {}) {
  const elections = options.elections ?? 4;
  const { top, step, x, y } = pointsScale(series, elections);
  const round = round1;

  const label = options.label ?? t("chart.label");
  const summary = series.map((s) => t("chart.series", { name: s.name, list: s.points.join(", ") })).join("; ");
  const svg = el("svg", {
    class: "tm-chart", viewBox: `0 0 ${W} ${H}`, role: "img", "aria-label": `${label}: ${summary}`,
  });

  const grid = el("g", { class: "tm-chart-grid", "aria-hidden": "true" });
  for (const v of gridValues(0, top, step)) {
    grid.append(
      el("line", { x1: PAD.left, x2: W - PAD.right + 8, y1: round(y(v)), y2: round(y(v)), class: v === 0 ? "tm-chart-base" : "" }),
      text(String(v), { x: PAD.left - 6, y: round(y(v)), class: "tm-chart-tick tm-chart-tick-y" }),
    );
  }
  for (let k = 0; k < elections; k++) {
    grid.append(text(options.tick ? options.tick(k) : t("chart.election", { n: k + 1 }), { x: round(x(k)), y: H - PAD.bottom + 16, class: "tm-chart-tick tm-chart-tick-x" }));
  }
  svg.appendChild(grid);

  // The initials at the lines' ends, spread apart where totals are close (never on each other).
  const labelY = endLabels(series, y);

  series.forEach((s, i) => {
    const pts = s.points.map((v, k) => `${round(x(k))},${round(y(v))}`).join(" ");
    const line = el("g", { class: `tm-chart-line tm-pc-${s.color}`, "data-index": i });
    const title = el("title");
    title.textContent = t("chart.series", { name: s.name, list: s.points.join(", ") });
    line.appendChild(title);
    if (s.points.length > 1) {
      line.append(el("polyline", { class: "tm-chart-halo", points: pts }), el("polyline", { class: "tm-chart-stroke", points: pts }));
    }
    s.points.forEach((v, k) => {
      line.appendChild(el("circle", {
        class: "tm-chart-point", cx: round(x(k)), cy: round(y(v)), r: 4.5,
        "data-index": i, "data-election": k + 1, "data-points": v,
      }));
    });
    const last = s.points.length - 1;
    if (last >= 0 && options.initials && options.initials[i]) {
      line.appendChild(text(options.initials[i], {
        class: "tm-chart-initial", x: round(x(last) + 10), y: round(labelY[i]),
      }));
    }
    svg.appendChild(line);
  });
  return svg;
}
