// The charts' numbers (site/js/logic/chart-scales.js, drawn by render/points-chart.js and
// render/review-chart.js): axes, scales, end labels, marks, keys. What the browser tests also
// check, here without a page: the end labels never overlap, a tap goes to the nearest move, the
// keys walk the marks in the order of the moves.
import { test } from "node:test";
import assert from "node:assert/strict";
import * as sc from "../../site/js/logic/chart-scales.js";
import { language } from "./helpers.mjs";

test("gridStep: 2, 5, 10 or 20 by the span", () => {
  assert.deepEqual([5, 10, 11, 25, 26, 60, 61, 200].map(sc.gridStep), [2, 2, 5, 5, 10, 10, 20, 20]);
});

test("gridValues: from lo to hi by step, both ends included", () => {
  assert.deepEqual(sc.gridValues(0, 10, 5), [0, 5, 10]);
  assert.deepEqual(sc.gridValues(-10, 10, 10), [-10, 0, 10]);
});

test("pointsAxis: at least 5, rounded up to a whole step", () => {
  assert.deepEqual(sc.pointsAxis(0), { top: 6, step: 2 });
  assert.deepEqual(sc.pointsAxis(7), { top: 8, step: 2 });
  assert.deepEqual(sc.pointsAxis(23), { top: 25, step: 5 });
  assert.deepEqual(sc.pointsAxis(41), { top: 50, step: 10 });
  assert.deepEqual(sc.pointsAxis(61), { top: 80, step: 20 });
});

test("pointsScale: the columns centred, 0 at the base, the top at the top", () => {
  const { W, H, PAD } = sc.POINTS;
  const s = sc.pointsScale([{ points: [3, 10, 23] }, { points: [1] }], 4);
  assert.equal(s.top, 25);
  assert.equal(s.y(0), H - PAD.bottom);
  assert.equal(s.y(25), PAD.top);
  const width = (W - PAD.left - PAD.right) / 4;
  assert.equal(s.x(0), PAD.left + width / 2);
  assert.equal(s.x(3), PAD.left + 3.5 * width);
});

test("pointsScale: no points at all is an axis of 0 to 6", () => {
  assert.equal(sc.pointsScale([{ points: [] }], 4).top, 6);
  assert.equal(sc.pointsScale([], 4).top, 6);
});

test("endLabels: equal totals are spread apart, never on each other", () => {
  const s = sc.pointsScale([{ points: [10] }, { points: [10] }, { points: [10] }], 4);
  const ys = Object.values(sc.endLabels([{ points: [10] }, { points: [10] }, { points: [10] }], s.y)).sort((a, b) => a - b);
  assert.equal(ys.length, 3);
  for (let i = 1; i < ys.length; i++) assert.ok(ys[i] - ys[i - 1] >= 11 - 1e-9);
});

test("endLabels: distant totals stay where their lines end; no points, no label", () => {
  const series = [{ points: [2, 20] }, { points: [] }, { points: [0, 1] }];
  const s = sc.pointsScale(series, 4);
  const out = sc.endLabels(series, s.y);
  assert.equal(out[0], s.y(20));
  assert.equal(out[2], s.y(1));
  assert.equal(1 in out, false);
});

test("labelEvery: at most ten labels along an axis", () => {
  assert.equal(sc.labelEvery(4), 1);
  assert.equal(sc.labelEvery(10), 1);
  assert.equal(sc.labelEvery(11), 2);
  assert.equal(sc.labelEvery(35), 4);
});

test("reviewAxis: 0 inside, rounded out to whole steps", () => {
  assert.deepEqual(sc.reviewAxis(0, 3), { lo: 0, hi: 4, step: 2 });
  assert.deepEqual(sc.reviewAxis(-3, 21), { lo: -5, hi: 25, step: 5 });
});

test("reviewScale: moves along x, the last move at the right edge", () => {
  const { W, PAD } = sc.REVIEW;
  const s = sc.reviewScale([{ values: [0, 5, 10, 8] }, { values: [0, 2, 1, 3] }]);
  assert.equal(s.moves, 3);
  assert.equal(s.x(0), PAD.left);
  assert.equal(s.x(3), W - PAD.right);
  assert.ok(s.y(s.hi) < s.y(s.lo));
});

test("reviewScale: a chart of the set-up alone has one move's width (no division by 0)", () => {
  const s = sc.reviewScale([{ values: [0] }]);
  assert.equal(s.moves, 1);
  assert.ok(Number.isFinite(s.y(0)));
});

test("moveAt: a tap goes to the nearest move, kept within the game", () => {
  const s = sc.reviewScale([{ values: Array.from({ length: 101 }, (_, n) => n / 10) }]);
  assert.equal(s.moveAt(s.x(37) + 0.1), 37);
  assert.equal(s.moveAt(s.x(37) - 0.1), 37);
  assert.equal(s.moveAt(-50), 0);
  assert.equal(s.moveAt(10_000), 100);
});

test("sortMarks: by move, then by series; the given list unchanged", () => {
  const marks = [{ move: 9, series: 0 }, { move: 3, series: 2 }, { move: 3, series: 1 }];
  assert.deepEqual(sc.sortMarks(marks).map((m) => [m.move, m.series]), [[3, 1], [3, 2], [9, 0]]);
  assert.equal(marks[0].move, 9);
});

test("markPlace: on its series' line, sized by kind, a swing square", () => {
  const series = [{ values: [0, 4, 8] }];
  const s = sc.reviewScale(series);
  const blunder = sc.markPlace({ move: 2, series: 0, kind: "blunder" }, series, s);
  assert.deepEqual(blunder, { cx: sc.round1(s.x(2)), cy: sc.round1(s.y(8)), size: 5.5, square: false });
  assert.equal(sc.markPlace({ move: 1, series: 0, kind: "swing" }, series, s).square, true);
  assert.equal(sc.markPlace({ move: 1, series: 0, kind: "other" }, series, s).size, 4);
  assert.ok(sc.MARK_SIZE.inaccuracy < sc.MARK_SIZE.mistake && sc.MARK_SIZE.mistake < sc.MARK_SIZE.blunder);
});

test("markPlace: a mark on a missing series sits at 0", () => {
  const series = [{ values: [0, 4] }];
  const s = sc.reviewScale(series);
  assert.equal(sc.markPlace({ move: 1, series: 5, kind: "swing" }, series, s).cy, sc.round1(s.y(0)));
});

test("tickX: an election's word stays inside the plot", () => {
  const s = sc.reviewScale([{ values: [0, 1, 2, 3, 4] }]);
  const { W, PAD, TICK_ROOM } = sc.REVIEW;
  assert.equal(sc.tickX(0, s), Math.max(PAD.left, TICK_ROOM));
  assert.equal(sc.tickX(4, s), W - TICK_ROOM);
  assert.equal(sc.tickX(2, s), sc.round1(s.x(2)));
});

test("review chart: its words fit its frame in every language, in a wide font (issue 55)", () => {
  // DejaVu Sans, a wide fallback: about 0.62 of the size a letter, a line box 1.17 high.
  const wide = (text, size) => text.length * 0.62 * size;
  const half = (size) => (1.17 * size) / 2;
  const { W, H, PAD, AXIS_X, TICK_Y, TICK_ROOM } = sc.REVIEW;
  for (const lang of ["en", "de", "fr", "it"]) {
    const { strings } = language(lang);
    for (const n of [1, 4]) {
      const word = strings["chart.election"].replace("{n}", n);
      assert.ok(wide(word, 9) / 2 <= TICK_ROOM, `${lang}: "${word}" past the chart's side`);
    }
    assert.ok(TICK_Y + half(9) <= H, "the elections' words past the chart's foot");
    assert.ok(TICK_Y - half(9) >= H - PAD.bottom + 2, "the elections' words over the plot");
    for (const unit of ["win", "points"]) {
      const title = strings[`rv.axis.${unit}`];
      assert.ok(wide(title, 8) <= H - PAD.top - PAD.bottom, `${lang}: "${title}" longer than the axis`);
    }
    assert.ok(AXIS_X - half(8) >= 0, "the axis's title past the chart's left edge");
    // The numbers ("100" the widest) end 4 left of the plot, clear of the title.
    assert.ok(PAD.left - 4 - wide("100", 9) >= AXIS_X + half(8), "the numbers over the axis's title");
  }
});

test("keyTarget: arrows step, Home and End jump, other keys nothing", () => {
  assert.equal(sc.keyTarget("ArrowRight", 2, 5), 3);
  assert.equal(sc.keyTarget("ArrowDown", 2, 5), 3);
  assert.equal(sc.keyTarget("ArrowLeft", 2, 5), 1);
  assert.equal(sc.keyTarget("ArrowUp", 2, 5), 1);
  assert.equal(sc.keyTarget("Home", 2, 5), 0);
  assert.equal(sc.keyTarget("End", 2, 5), 4);
  assert.equal(sc.keyTarget("a", 2, 5), undefined);
});

test("clampIndex: the first and last marks hold", () => {
  assert.equal(sc.clampIndex(-1, 5), 0);
  assert.equal(sc.clampIndex(5, 5), 4);
  assert.equal(sc.clampIndex(2, 5), 2);
});

test("round1: one decimal", () => {
  assert.equal(sc.round1(1.26), 1.3);
  assert.equal(sc.round1(-0.04), -0);
});
