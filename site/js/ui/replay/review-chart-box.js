// The review's chart in its panel (ui/replay/review-panel.js; docs/ui.md "The review"): a pair
// of toggle buttons for its unit (each player's win chance, as lichess's advantage chart, or
// expected points; the choice kept for the page's visit), the chart (render/review-chart.js)
// with the turning points and the labelled moves, and its caption naming the players' lines.
// What it shows: logic/review-view.js's chartView.
//
//   const box = createChartBox({ onPick, now })
//     onPick(n): a mark or the line tapped (move n); now(): the move on screen
//   box.element   box.draw(result, info)   box.at(n)   box.reset()
//
// Hooks (docs/ui.md): .th-rv-unit[data-unit][aria-pressed], .th-rv-chart[data-unit] and the
// chart's own (.th-rvc-mark[data-move][data-kind], …).

import { t, language } from "../../strings.js";
import { h } from "../dom.js";
import { reviewChart } from "../../render/review-chart.js";
import { chartView, figures, worded } from "../../logic/review-view.js";

/** The chart's unit: "win" (each player's chance to win) or "points" (expected final points);
 *  kept for the page's visit (a new panel keeps it). */
let chartUnit = "win";

export function createChartBox({ onPick, now }) {
  const unitButtons = ["win", "points"].map((unit) => h("button", {
    type: "button", class: "th-button th-secondary th-small th-rv-unit", dataset: { unit },
    "aria-pressed": String(unit === chartUnit), onclick: () => setUnit(unit),
  }, t(`rv.unit.${unit}`)));
  const units = h("div", { class: "th-rv-units", role: "group", "aria-label": t("rv.unit.label") }, unitButtons);
  const place = h("div", { class: "th-rv-chart-place" });
  const element = h("figure", { class: "th-rv-chart", hidden: true });
  let chart = null;   // the chart drawn, and what it was drawn from (chartView's key)
  let drawn = "";
  let last = null;    // the review and replay it was last asked to draw: drawn again in a new unit

  /** The chart's unit chosen (the toggle): drawn again in it. */
  function setUnit(unit) {
    if (unit === chartUnit) return;
    chartUnit = unit;
    for (const b of unitButtons) b.setAttribute("aria-pressed", String(b.dataset.unit === unit));
    if (last) draw(...last);
  }

  /** The chart of review `r` (`info`: the replay's summary), drawn again only when its unit,
   *  its moves or its marks have changed. */
  function draw(r, info) {
    last = [r, info];
    const view = chartView(r, chartUnit, info, figures(language()));
    if (!view) { element.hidden = true; place.replaceChildren(); chart = null; drawn = ""; return; }
    if (chart && view.key === drawn) return;
    const focused = chart && chart.element === document.activeElement;
    const activeMove = chart ? chart.active : null;
    const say = (words) => worded(words, t);
    chart = reviewChart({
      series: view.series,
      marks: view.marks.map(({ words, ...mark }) => ({ ...mark, text: say(words) })),
      ticks: view.ticks.map(({ move, words }) => ({ move, label: say(words) })),
      label: t(`rv.chart.label.${view.unit}`), axis: t(`rv.axis.${view.unit}`),
      bounds: view.bounds, onPick: (n) => onPick(n),
    });
    chart.element.dataset.unit = view.unit;
    drawn = view.key;
    element.dataset.unit = view.unit;
    if (!units.isConnected) element.replaceChildren(units, place);
    place.replaceChildren(chart.element, h("figcaption", { class: "th-fine" }, [
      t(`rv.chart.caption.${view.unit}`), " ",
      ...view.series.map((s) => h("span", { class: `th-rv-key tm-pc-${s.color}`, text: s.name })),
    ]));
    element.hidden = false;
    chart.at(now());
    if (activeMove !== null) chart.activate(activeMove);
    if (focused) chart.element.focus(); // drawn again as decisions come: the keys stay where they were
  }

  return {
    element,
    draw,
    /** The line at the move on screen. */
    at(n) { if (chart) chart.at(n); },
    /** Drawn anew at the next draw (another game, or the viewer opened again). */
    reset() { chart = null; drawn = ""; },
  };
}
