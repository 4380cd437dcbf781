// The computer's review as its panel shows it (site/js/logic/review-view.js, drawn by
// ui/replay/review-panel.js and its parts), worded with the real language files. What the
// browser's review tests (tests/browser/test_review_page.py) also check, here without a page
// or a review run: the people's seats reviewed by default (data-seats "0"); the status line
// ("The review is done…", German "Angehalten nach…"); a player's counts of each label ("1
// inaccuracy", "2 mistakes") and the average loss a decision in both units with one decimal;
// a move's loss "This move lost 6.7 ± 0.1% win chance and 1.2 ± 0.0 expected points against the
// better move." and its values sentence, in German with "Siegchance"; a "good" move that lost
// less win chance than an inaccuracy has no noise line; the chart in win chances on 0–100 or in
// expected points, with the same marks in either unit; the key moments in the game's order;
// blind mode's lines (the label, the move played, the better move).
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import * as rv from "../../site/js/logic/review-view.js";
import { createWords } from "../../site/js/logic/words.js";
import { language, ROOT } from "./helpers.mjs";

/** The page's `t` in `lang` (English the fallback), as strings.js has it. */
function tIn(lang) {
  const words = createWords({ strict: true });
  for (const l of new Set(["en", lang])) {
    const file = language(l);
    words.register(file.strings, l);
    words.registerMessages(file.messages, l);
  }
  words.use(lang);
  return words.t;
}

const EN = tIn("en");
const DE = tIn("de");
const say = (words, t = EN) => rv.worded(words, t);
const FIG = rv.figures("en");

const SEATS = [
  { name: "Ann", color: "red", level: "human" },
  { name: "Tweed", color: "yellow", level: "hard" },
  { name: "Bob", color: "purple", level: "human" },
];
const NAMES = SEATS.map((s) => s.name);
const TIMELINE = [
  { n: 0 }, { n: 1, seat: 0 }, { n: 2, seat: 1 }, { n: 3, seat: 2, election: 1 }, { n: 4, seat: 0 }, { n: 5, seat: 1 },
];

/** A decision of the review's JSON (py/tammany/review.py), a blunder unless told otherwise. */
function decision(move, changes = {}) {
  return {
    move, seat: 0, label: "blunder", is_best: false, win_loss: 0.0671, win_loss_se: 0.0012,
    loss: 1.24, loss_se: 0.04, played_win: 0.127, best_win: 0.194, played_value: 26.1, best_value: 27.34,
    played: { t: "end" }, best: { t: "end" }, why: null, ...changes,
  };
}

const RESULT = {
  status: "done", done: 3, total: 3, reviewed: [0],
  decisions: [decision(1), decision(4, { label: "good", win_loss: 0.01, loss: 0.5 }), decision(5, { seat: 1, is_best: true, label: "good", win_loss: 0, loss: 0 })],
  seats: [{
    seat: 0, name: "Ann", decisions: 3, labels: { good: 1, inaccuracy: 1, mistake: 2, blunder: 0 }, best_moves: 1,
    largest: [4, 1], accuracy: 81.6, mean_loss: 0.58, mean_loss_se: 0.2, mean_win_loss: 0.0234, mean_win_loss_se: 0.011,
  }, { seat: 2, name: "Bob", decisions: 0, labels: {}, largest: [] }],
  chart: [[10, 10, 10], [9, 11, 10], [8, 12, 10], [8.5, 11.5, 10], [8, 12, 10], [8, 12.5, 9.5]],
  win_chance: [[0.333, 0.334, 0.333], [0.3, 0.4, 0.3], [0.2, 0.5, 0.3], [0.25, 0.45, 0.3], [0.2, 0.5, 0.3], [0.2, 0.55, 0.25]],
  swings: [{ move: 2, seat: 0, change: -1, win_change: -0.1 }, { move: 1, seat: 1, change: 1, win_change: 0.066 }],
};

test("the noise threshold is review.py's least win chance an inaccuracy loses (its LABELS)", () => {
  const source = readFileSync(`${ROOT}py/tammany/review.py`, "utf-8");
  const labels = source.match(/^LABELS = (.*)$/m)[1];
  const steps = [...labels.matchAll(/\("(\w+)", ([\d.]+)\)/g)].map((m) => [m[1], Number(m[2])]);
  assert.deepEqual(steps.map(([name]) => name).reverse(), rv.LABELS);
  assert.equal(Object.fromEntries(steps).inaccuracy, rv.NOISY_WIN_LOSS);
});

test("figures: one decimal in the language, a win chance in percent, a change signed", () => {
  assert.equal(FIG.num(1.24), "1.2");
  assert.equal(FIG.num(3), "3.0");
  assert.equal(FIG.pct(0.0671), "6.7");
  assert.equal(FIG.signed(1.2), "+1.2");
  assert.equal(FIG.signed(-0.44), "-0.4");
  assert.equal(rv.figures("de").num(12.34), "12,3");
});

test("worded: a label inside a sentence is worded first", () => {
  assert.equal(say({ key: "rv.mark.label", params: { n: 4, name: "Ann", label: { key: "rv.label.blunder" } } }), "Move 4: Ann, Blunder");
  assert.equal(say({ key: "rv.loss.best" }), "The computer would have played this move too.");
});

test("defaultSeats: the people's, or every seat when all are computers", () => {
  assert.deepEqual(rv.defaultSeats(SEATS), [0, 2]);
  assert.deepEqual(rv.defaultSeats(SEATS.map((s) => ({ ...s, level: "easy" }))), [0, 1, 2]);
});

test("isRunning: starting and running, no end", () => {
  assert.deepEqual(["idle", "starting", "running", "done", "stopped", "failed", "stored"].filter(rv.isRunning), ["starting", "running"]);
});

test("showsAsItIs: the same game's review stays, unless a stopped one is asked to start again", () => {
  assert.equal(rv.showsAsItIs({ status: "running" }, "A", "A", false), true);
  assert.equal(rv.showsAsItIs({ status: "done" }, "A", "A", true), true);
  assert.equal(rv.showsAsItIs({ status: "stopped" }, "A", "A", false), true);
  assert.equal(rv.showsAsItIs({ status: "stopped" }, "A", "A", true), false);
  assert.equal(rv.showsAsItIs({ status: "failed" }, "A", "A", true), false);
  assert.equal(rv.showsAsItIs({ status: "idle" }, "A", "A", false), false);
  assert.equal(rv.showsAsItIs({ status: "done" }, "A", "B", false), false);
  assert.equal(rv.showsAsItIs(null, "A", "A", false), false);
});

test("statusWords: each state's line, none while idle", () => {
  const line = (r, t = EN) => { const w = rv.statusWords(r, "Ann", "It broke."); return w && say(w, t); };
  assert.equal(line({ status: "idle" }), null);
  assert.equal(line({ status: "starting" }), "The review of Ann is starting…");
  assert.equal(line({ status: "running" }), "Reviewing the moves of Ann…");
  assert.match(line({ status: "running", waiting: true }), /^The review waits/);
  assert.equal(line({ status: "done", total: 43 }), "The review is done: 43 decisions of Ann weighed.");
  assert.equal(line({ status: "stored", total: 1 }), "The review is done: 1 decision of Ann weighed.");
  assert.equal(line({ status: "stopped", done: 3, total: 43 }), "Stopped after 3 of 43 decisions.");
  assert.equal(line({ status: "failed" }), "The review stopped: It broke.");
  assert.match(line({ status: "stopped", done: 3, total: 43 }, DE), /^Angehalten nach/);
});

test("playerRows: the players with a decision weighed, their counts and average loss", () => {
  const rows = rv.playerRows(RESULT, FIG);
  assert.deepEqual(rows.map((p) => [p.seat, p.name, p.accuracy]), [[0, "Ann", 81.6]]);
  const [ann] = rows;
  assert.equal(say(ann.accuracyWords), "Accuracy 82");
  assert.equal(ann.counts.map((w) => say(w)).join(" · "), "1 inaccuracy · 2 mistakes · 0 blunders · 1 best move");
  assert.equal(say(ann.mean), "Average loss a decision: 2.3 ± 1.1% win chance and 0.6 ± 0.2 expected points, over 3 decisions.");
});

test("decisionAt: the decision of a move, or null", () => {
  assert.equal(rv.decisionAt(RESULT, 4).move, 4);
  assert.equal(rv.decisionAt(RESULT, 2), null);
  assert.equal(rv.decisionAt(null, 1), null);
});

test("verdictWords: a labelled move's label, its loss in both units, where each move leaves the player", () => {
  const v = rv.verdictWords(decision(1), 1, "Ann", FIG);
  assert.equal(v.label, "blunder");
  assert.equal(say(v.labelWords), "Blunder");
  assert.equal(say(v.who), "Move 1, Ann");
  assert.equal(say(v.loss), "This move lost 6.7 ± 0.1% win chance and 1.2 ± 0.0 expected points against the better move.");
  assert.equal(say(v.values), "Chance to win after it 12.7%, after the better move 19.4%; expected points 26.1 and 27.3.");
  assert.equal(v.noise, false);
  assert.equal(EN(v.played, { move: "Ward 3" }), "Played: Ward 3");
  const de = rv.verdictWords(decision(1), 1, "Ann", rv.figures("de"));
  assert.match(say(de.loss, DE), /6,7 ± 0,1 % Siegchance und 1,2 ± 0,0 erwartete Siegpunkte/);
});

test("verdictWords: the computer's own move is the best move, with its values alone", () => {
  const v = rv.verdictWords(decision(5, { is_best: true, label: "good" }), 5, "Tweed", FIG);
  assert.equal(v.label, "best");
  assert.equal(say(v.labelWords), "Best move");
  assert.equal(say(v.loss), "The computer would have played this move too.");
  assert.equal(say(v.values), "Chance to win after it 12.7%; expected points 26.1.");
  assert.equal(EN(v.played, { move: "Ward 3" }), "Played: Ward 3");
});

test("verdictWords: a good move says its loss is noise only when it lost an inaccuracy's win chance", () => {
  const good = (win_loss) => rv.verdictWords(decision(4, { label: "good", win_loss }), 4, "Ann", FIG).noise;
  assert.equal(good(rv.NOISY_WIN_LOSS - 0.0001), false);
  assert.equal(good(rv.NOISY_WIN_LOSS), true);
  assert.equal(good(0.2), true);
  assert.equal(rv.verdictWords(decision(4, { label: "inaccuracy", win_loss: 0.2 }), 4, "Ann", FIG).noise, false);
  assert.equal(rv.verdictWords(decision(4, { is_best: true, label: "good", win_loss: 0.2 }), 4, "Ann", FIG).noise, false);
});

test("verdictKey: drawn again when the label changes, or the status while none is weighed", () => {
  const d = decision(1);
  assert.equal(rv.verdictKey(1, d, RESULT), "1|blunder|false");
  assert.notEqual(rv.verdictKey(2, null, { status: "running" }), rv.verdictKey(2, null, { status: "done" }));
  assert.equal(rv.verdictKey(2, null, null), "2|");
});

test("spokenLines: the label, whose move, the move played; the loss, the better move and why", () => {
  const parts = { label: "Blunder", who: "Move 1, Ann", played: "Played: end.", loss: "Lost a lot.", better: "Better: a ward.", why: "Because." };
  assert.deepEqual(rv.spokenLines(parts), ["Blunder. Move 1, Ann Played: end. Lost a lot.", "Better: a ward.", "Because."]);
  assert.deepEqual(rv.spokenLines({ ...parts, better: null, why: null }), ["Blunder. Move 1, Ann Played: end."]);
});

test("noneWords: a reviewed player's move not weighed yet, or with one choice; nothing else", () => {
  const running = { status: "running", decisions: [decision(1)] };
  assert.equal(say(rv.noneWords(running, 4, TIMELINE, [0])), "Not weighed yet.");
  assert.equal(say(rv.noneWords({ ...running, status: "done" }, 4, TIMELINE, [0])), "Not weighed: there was only one choice.");
  assert.equal(say(rv.noneWords({ status: "running", decisions: [decision(5)] }, 4, TIMELINE, [0])), "Not weighed: there was only one choice.");
  assert.equal(rv.noneWords(running, 2, TIMELINE, [0]), null); // another player's move
  assert.equal(rv.noneWords(running, 0, TIMELINE, [0]), null); // the set-up
  assert.equal(rv.noneWords({ status: "idle" }, 4, TIMELINE, [0]), null);
  assert.equal(rv.noneWords(null, 4, TIMELINE, [0]), null);
  assert.equal(rv.noneWords(running, 9, TIMELINE, [0]), null); // past the timeline
});

test("chartView: win chances in percent on 0-100, each seat a series, the elections at the foot", () => {
  const view = rv.chartView(RESULT, "win", { seats: SEATS, timeline: TIMELINE }, FIG);
  assert.equal(view.unit, "win");
  assert.deepEqual(view.bounds, [0, 100]);
  assert.deepEqual(view.series.map((s) => [s.name, s.color]), [["Ann", "red"], ["Tweed", "yellow"], ["Bob", "purple"]]);
  assert.deepEqual(view.series[0].values, [33.3, 30, 20, 25, 20, 20]);
  assert.deepEqual(view.ticks.map((tick) => [tick.move, say(tick.words)]), [[3, "Election 1"]]);
});

test("chartView: expected points by the toggle, or when a kept review has no win chances", () => {
  const info = { seats: SEATS, timeline: TIMELINE };
  const points = rv.chartView(RESULT, "points", info, FIG);
  assert.equal(points.unit, "points");
  assert.equal(points.bounds, null);
  assert.deepEqual(points.series[1].values, [10, 11, 12, 11.5, 12, 12.5]);
  const old = rv.chartView({ ...RESULT, win_chance: undefined }, "win", info, FIG);
  assert.equal(old.unit, "points");
  assert.equal(rv.chartView({ ...RESULT, chart: [], win_chance: [] }, "win", info, FIG), null);
});

test("chartView: the same marks in either unit — the labelled decisions and the turning points", () => {
  const info = { seats: SEATS, timeline: TIMELINE };
  const win = rv.chartView(RESULT, "win", info, FIG);
  const points = rv.chartView(RESULT, "points", info, FIG);
  const marks = (view) => view.marks.map((m) => [m.move, m.series, m.kind, say(m.words)]);
  assert.deepEqual(marks(win), marks(points));
  assert.deepEqual(marks(win), [
    [1, 0, "blunder", "Move 1: Ann, Blunder"],
    [2, 0, "swing", "Move 2: Ann's win chance falls by 10.0% (expected points -1.0)"],
    [1, 1, "swing", "Move 1: Tweed's win chance rises by 6.6% (expected points +1.0)"],
  ]);
  assert.notEqual(win.key, points.key);
  assert.equal(rv.chartView(RESULT, "win", info, FIG).key, win.key);
  const more = { ...RESULT, decisions: [...RESULT.decisions, decision(3, { seat: 2, label: "mistake" })] };
  assert.notEqual(rv.chartView(more, "win", info, FIG).key, win.key);
});

test("keyMoments: the largest losses and the turning points in the game's order, a loss first", () => {
  const moments = rv.keyMoments({ ...RESULT, swings: [...RESULT.swings, { move: 4, seat: 2, change: 0.5, win_change: 0.05 }] }, NAMES, FIG);
  assert.deepEqual(moments.map((m) => [m.move, m.kind]), [[1, "loss"], [1, "swing"], [2, "swing"], [4, "loss"], [4, "swing"]]);
  assert.equal(say(moments[0].words), "Move 1: Ann, Blunder: lost 6.7% win chance and 1.2 expected points");
  assert.equal(say(moments[3].words), "Move 4: Ann, Good: lost 1.0% win chance and 0.5 expected points");
  // A largest loss not among the decisions weighed (yet) is left out.
  assert.deepEqual(rv.keyMoments({ ...RESULT, decisions: [], swings: [] }, NAMES, FIG), []);
});

test("the review's words exist in every language", () => {
  for (const lang of ["en", "de", "fr", "it"]) {
    const t = tIn(lang); // strict: a missing key throws
    const fig = rv.figures(lang);
    for (const v of [rv.verdictWords(decision(1), 1, "Ann", fig),
      rv.verdictWords(decision(5, { is_best: true, label: "good" }), 5, "Tweed", fig)]) {
      for (const w of [v.labelWords, v.who, v.loss, v.values]) assert.ok(!say(w, t).includes("{"), lang);
      t(v.played, { move: "x" });
    }
    for (const m of rv.keyMoments(RESULT, NAMES, fig)) say(m.words, t);
    for (const m of rv.chartMarks(RESULT, NAMES, fig)) say(m.words, t);
    for (const p of rv.playerRows(RESULT, fig)) [p.accuracyWords, ...p.counts, p.mean].forEach((w) => say(w, t));
  }
});
