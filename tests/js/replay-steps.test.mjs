// Where the replay viewer's controls go (site/js/logic/replay-steps.js, drawn by
// ui/replay/replay-controls.js), on a real replay (fixtures/replay.json: a finished game of
// three, as replay_open answers it) and small made-up timelines. What the browser's replay tests
// (tests/browser/test_replay_page.py) also check, here without a page: Shift+→ goes to the start
// of the next player's turn, just after the move that handed the turn over, then Home, End,
// Shift+← (the start of the last turn) and ← (keyboard_walk); the election buttons' moves and ▷
// from one ward result to the next (reveal_steps_show_the_engines_bids); a slider value past an
// end stops at it.
import { test } from "node:test";
import assert from "node:assert/strict";
import * as steps from "../../site/js/logic/replay-steps.js";
import { readJson } from "./helpers.mjs";

const REPLAY = readJson("tests/js/fixtures/replay.json");
const { moves, timeline } = REPLAY;
const STOPS = steps.stopsOf(timeline);
const at = (target) => ({ target, moves, stops: STOPS });
const has = (entry, kind) => entry.events.some((e) => e.e === kind);
const press = (key, target, shiftKey = false) => steps.stepTarget(steps.keyStep({ key, shiftKey }), at(target));

/** A made-up timeline entry, shaped as tammany/replay.py writes one. */
function entry(n, fields = {}) {
  return { n, seat: n ? 0 : null, kind: null, year: 1, term: 1, turn: false, election: null, year_begins: null, reveal: [], events: [], ...fields };
}

test("the fixture is a finished game's replay: a timeline entry for each position 0 … moves", () => {
  assert.equal(REPLAY.over, true);
  assert.deepEqual(timeline.map((e) => e.n), [...Array(moves + 1).keys()]);
});

test("a turn starts just after the move that handed the turn over (its events hold `turn`)", () => {
  const handedOver = timeline.filter((e) => has(e, "turn")).map((e) => e.n);
  assert.deepEqual(STOPS.turn, handedOver);
  assert.equal(STOPS.turn[0], 0); // the set-up hands the first turn to the start player
});

test("the years start at the set-up and at each move that began one", () => {
  assert.deepEqual(STOPS.year, [0, ...timeline.filter((e) => has(e, "year")).map((e) => e.n)]);
  assert.equal(STOPS.year.length, 16); // years 1 … 16
});

test("the four elections, and the moves that decided wards", () => {
  assert.deepEqual(STOPS.election, timeline.filter((e) => has(e, "election")).map((e) => e.n));
  assert.deepEqual(timeline.filter((e) => e.election).map((e) => e.election), [1, 2, 3, 4]);
  assert.deepEqual(STOPS.reveal, timeline.filter((e) => has(e, "ward_vote")).map((e) => e.n));
});

test("the keyboard walk: Shift+→ twice from the start, End, Shift+← to the last turn, ←", () => {
  const handedOver = timeline.filter((e) => e.n > 0 && has(e, "turn")).map((e) => e.n);
  assert.equal(press("Home", 40), 0);
  assert.equal(press("ArrowRight", 0, true), handedOver[0]);
  assert.equal(press("ArrowRight", handedOver[0], true), handedOver[1]);
  assert.equal(press("End", handedOver[1]), moves);
  const last = press("ArrowLeft", moves, true);
  assert.equal(last, handedOver.at(-1));
  assert.equal(press("ArrowLeft", last), last - 1);
  assert.equal(press("ArrowRight", last - 1), last);
});

test("each step goes from the move asked for last, and stops at the ends", () => {
  assert.equal(steps.stepTarget("move+1", at(moves)), moves);
  assert.equal(steps.stepTarget("move-1", at(0)), 0);
  assert.equal(steps.stepTarget("turn+1", at(STOPS.turn.at(-1))), moves); // no later turn: the end
  assert.equal(steps.stepTarget("year-1", at(3)), 0);
  assert.equal(steps.stepTarget("year+1", at(0)), STOPS.year[1]);
  assert.equal(steps.stepTarget("year+1", at(STOPS.year.at(-1))), moves);
  assert.equal(steps.stepTarget("turn-1", at(STOPS.turn[3])), STOPS.turn[2]);
});

test("▷ goes from an election's start through each ward result of it; ◁ and ▷ stay with none that way", () => {
  const [start, next] = STOPS.election;
  const results = STOPS.reveal.filter((n) => n >= start && n < next);
  assert.ok(results.length >= 2);
  let place = start;
  for (const n of results.slice(1)) {
    place = steps.stepTarget("ward+1", at(place));
    assert.equal(place, n);
  }
  assert.equal(steps.stepTarget("ward-1", at(STOPS.reveal[0])), STOPS.reveal[0]);
  assert.equal(steps.stepTarget("ward+1", at(STOPS.reveal.at(-1))), STOPS.reveal.at(-1));
  assert.equal(steps.stepTarget("ward-1", at(moves - 1)), STOPS.reveal.filter((n) => n < moves - 1).at(-1));
});

test("a move number is kept within the replay (a slider or link value past an end)", () => {
  assert.equal(steps.clampMove(-3, moves), 0);
  assert.equal(steps.clampMove(moves + 50, moves), moves);
  assert.equal(steps.clampMove("12", moves), 12);
  assert.equal(steps.clampMove("x", moves), 0);
  assert.equal(steps.clampMove(undefined, moves), 0);
});

test("the buttons drawn off: those that would stay at the move on screen", () => {
  assert.deepEqual(steps.stillSteps(0, at(0)), ["start", "move-1", "turn-1", "year-1", "ward-1"]);
  assert.deepEqual(steps.stillSteps(moves, at(moves)).sort(), ["end", "move+1", "turn+1", "ward+1", "year+1"]);
  assert.deepEqual(steps.stillSteps(40, at(40)), []);
  // taps that add up: a step from the move asked for, not from the one still on screen
  assert.deepEqual(steps.stillSteps(0, at(5)), ["start", "year-1"]);
  assert.equal(steps.STEP_KEYS.length, 10);
});

test("the keys: ← → a move, Shift a turn, Home and End; none with Alt, Ctrl or Meta, or another key", () => {
  assert.equal(steps.keyStep({ key: "ArrowLeft" }), "move-1");
  assert.equal(steps.keyStep({ key: "ArrowRight" }), "move+1");
  assert.equal(steps.keyStep({ key: "ArrowLeft", shiftKey: true }), "turn-1");
  assert.equal(steps.keyStep({ key: "ArrowRight", shiftKey: true }), "turn+1");
  assert.equal(steps.keyStep({ key: "Home" }), "start");
  assert.equal(steps.keyStep({ key: "End", shiftKey: true }), "end");
  for (const held of ["altKey", "ctrlKey", "metaKey"]) assert.equal(steps.keyStep({ key: "ArrowRight", [held]: true }), null);
  for (const key of ["ArrowUp", "PageDown", "a", " "]) assert.equal(steps.keyStep({ key }), null);
});

test("the bars under the slider: each turn in its player's colour, each election from start to mayor", () => {
  const bars = steps.timelineBars(timeline, moves);
  const elections = bars.filter((b) => b.kind === "election");
  assert.deepEqual(elections.map((b) => [b.from, b.to]), [[24, 31], [64, 74], [108, 118], [151, 165]]);
  assert.deepEqual(elections.map((b) => b.from), STOPS.election);
  assert.deepEqual(elections.map((b) => b.to), timeline.filter((e) => e.election_done).map((e) => e.n));
  const turns = bars.filter((b) => b.kind === "turn");
  assert.deepEqual(turns.map((b) => b.from), STOPS.turn);
  for (const bar of turns) {
    assert.equal(bar.seat, timeline[bar.from + 1].seat); // the seat of the turn's first move
    assert.ok(bar.to > bar.from);
  }
  // a turn ends where the next turn or an election starts
  for (const [i, bar] of turns.slice(0, -1).entries()) {
    const next = Math.min(turns[i + 1].from, ...STOPS.election.filter((n) => n > bar.from).map((n) => n - 1));
    assert.equal(bar.to, next);
  }
});

test("a game stopped in the middle of a turn draws that turn to its last move", () => {
  const stopped = [entry(0), entry(1, { turn: true, seat: 2 }), entry(2, { seat: 2 }), entry(3, { turn: true, seat: 0 }), entry(4)];
  assert.deepEqual(steps.timelineBars(stopped, 4), [
    { kind: "turn", seat: 2, from: 0, to: 2 },
    { kind: "turn", seat: 0, from: 2, to: 4 },
  ]);
  assert.deepEqual(steps.timelineBars([entry(0)], 0), []);
});
