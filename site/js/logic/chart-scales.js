// The charts' numbers: axes, scales, where the marks and labels go, which mark a key or a tap
// reaches. Pure — render/points-chart.js and render/review-chart.js draw with these.
//
//   points chart (the final table, the replay, the archive): points after each election
//   review chart (the review panel): each player's expected points after every move

/** Round to one decimal, as the charts' coordinates are written. */
export const round1 = (n) => Math.round(n * 10) / 10;

/** The step between gridlines for an axis spanning `span` points (at least 5): 2, 5, 10 or 20. */
export function gridStep(span) {
  return span <= 10 ? 2 : span <= 25 ? 5 : span <= 60 ? 10 : 20;
}

/** The gridlines' values from `lo` to `hi` by `step`. */
export function gridValues(lo, hi, step) {
  const out = [];
  for (let v = lo; v <= hi; v += step) out.push(v);
  return out;
}

// --- the points chart ----------------------------------------------------------------------------
export const POINTS = { W: 320, H: 180, PAD: { left: 34, right: 40, top: 12, bottom: 30 } };

/** The points axis: a tidy top (at least 5) and the step between gridlines. */
export function pointsAxis(max) {
  const top = Math.max(5, max);
  const step = gridStep(top);
  return { top: Math.ceil(top / step) * step, step };
}

/** The points chart's scale for `series` ([{points}]) over `columns` elections (or games):
 *  {top, step, x(k), y(v)}. */
export function pointsScale(series, columns) {
  const { W, H, PAD } = POINTS;
  const max = Math.max(0, ...series.flatMap((s) => s.points));
  const { top, step } = pointsAxis(max);
  const x = (k) => PAD.left + (k + 0.5) * ((W - PAD.left - PAD.right) / columns);
  const y = (v) => PAD.top + (1 - v / top) * (H - PAD.top - PAD.bottom);
  return { top, step, x, y };
}

/** Where each line's end label goes: {index: y}, spread at least `gap` apart where totals are
 *  close (never on each other); lines without points have none. */
export function endLabels(series, y, gap = 11) {
  const ends = series.map((s, i) => ({ i, y: s.points.length ? y(s.points[s.points.length - 1]) : null }))
    .filter((e) => e.y !== null).sort((a, b) => a.y - b.y);
  const out = {};
  let previous = -Infinity;
  for (const e of ends) { out[e.i] = Math.max(e.y, previous + gap); previous = out[e.i]; }
  return out;
}

/** How often an axis of `n` columns is labelled so that at most `most` labels show: every k-th. */
export function labelEvery(n, most = 10) {
  return Math.ceil(n / most);
}

// --- the review chart ----------------------------------------------------------------------------
// Its words, in the chart's own units (the chart is drawn at any width, its words with it): the
// axis's title upright, centred AXIS_X from the left edge; the numbers end 4 left of the plot;
// the elections' words centred on TICK_Y, each kept TICK_ROOM from either side. Room is taken
// for a wide sans-serif (DejaVu Sans: about 0.62 of the font's size a letter, ascent and
// descent 1.17): an election's word of 11 letters at 9, a title of 28 at 8 (Italian's) fit —
// its whole line box inside the frame, the browser clipping nothing (issue 55).
export const REVIEW = {
  W: 360, H: 174, PAD: { left: 33, right: 8, top: 10, bottom: 22 },
  AXIS_X: 7, TICK_Y: 166, TICK_ROOM: 31,
};
/** The marks' radius by kind: a larger loss, a larger mark (colour is never the only signal). */
export const MARK_SIZE = { inaccuracy: 3.5, mistake: 4.5, blunder: 5.5, swing: 5 };

/** The review axis from `lo` to `hi` (0 always inside), rounded out to whole steps. */
export function reviewAxis(lo, hi) {
  const step = gridStep(Math.max(5, hi - lo));
  return { lo: Math.floor(lo / step) * step, hi: Math.ceil(hi / step) * step, step };
}

/** The review chart's scale for `series` ([{values: after move 0, 1, …}]):
 *  {moves, lo, hi, step, x(n), y(v), moveAt(px)} — moveAt: the nearest move to an x. */
export function reviewScale(series) {
  const { W, H, PAD } = REVIEW;
  const moves = Math.max(1, ...series.map((s) => s.values.length - 1));
  const all = series.flatMap((s) => s.values);
  const { lo, hi, step } = reviewAxis(Math.min(0, ...all), Math.max(0, ...all));
  const x = (n) => PAD.left + (n / moves) * (W - PAD.left - PAD.right);
  const y = (v) => PAD.top + (1 - (v - lo) / (hi - lo || 1)) * (H - PAD.top - PAD.bottom);
  const moveAt = (px) => Math.max(0, Math.min(moves, Math.round(((px - PAD.left) / (W - PAD.left - PAD.right)) * moves)));
  return { moves, lo, hi, step, x, y, moveAt };
}

/** The marks in the order of the moves (then of the series): the list box's options. */
export function sortMarks(marks) {
  return [...marks].sort((a, b) => a.move - b.move || a.series - b.series);
}

/** Where a mark sits and how big: {cx, cy, size, square} (a swing is a square). */
export function markPlace(mark, series, scale) {
  const value = series[mark.series]?.values[mark.move] ?? 0;
  return { cx: round1(scale.x(mark.move)), cy: round1(scale.y(value)), size: MARK_SIZE[mark.kind] ?? 4, square: mark.kind === "swing" };
}

/** An election's word along the bottom: its x, kept inside the plot. */
export function tickX(move, scale) {
  const { W, TICK_ROOM } = REVIEW;
  return round1(Math.min(W - TICK_ROOM, Math.max(TICK_ROOM, scale.x(move))));
}

/** The mark a key goes to from mark `i` of `count` (← → ↑ ↓ Home End), or undefined for
 *  another key. */
export function keyTarget(key, i, count) {
  return { ArrowRight: i + 1, ArrowDown: i + 1, ArrowLeft: i - 1, ArrowUp: i - 1, Home: 0, End: count - 1 }[key];
}

/** A mark's index kept within the list. */
export function clampIndex(k, count) {
  return Math.max(0, Math.min(count - 1, k));
}
