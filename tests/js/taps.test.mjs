// Where an action is made (site/js/logic/taps.js, used by the lesson through tutorial/plan.js,
// "Suggest a move" and the review's marks): the controls tapped, in order, for each kind. The
// browser's lesson test taps them on a real page; here, without a page, each kind's selectors
// and every step of the lesson's script.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { tapsOf } from "../../site/js/logic/taps.js";

const ward = (n) => `#th-game .tm-ward[data-ward="${n}"]`;
const panel = (name) => `#th-panel [data-action="${name}"]`;

test("two bosses: the two wards", () => {
  assert.deepEqual(tapsOf({ t: "bosses", a: 3, b: 7 }), [ward(3), ward(7)]);
});

test("a boss and a cube: Castle Garden's cube, its ward, the boss's ward", () => {
  assert.deepEqual(tapsOf({ t: "boss_cube", c: "irish", w: 2, b: 5 }),
    ['#th-game [data-castle="irish"]', ward(2), ward(5)]);
});

test("the police and the precinct chairman choose in the popover", () => {
  assert.deepEqual(tapsOf({ t: "police", w: 4, c: "german" }),
    [panel("police"), ward(4), '#th-popover [data-choice="german"]']);
  assert.deepEqual(tapsOf({ t: "precinct", w: 4, c: "german", to: 6 }),
    [panel("precinct"), ward(4), '#th-popover [data-choice="german"]', ward(6)]);
});

test("a slander in one ward or two", () => {
  const once = { t: "slander", p: 1, w: 8, c: "italian" };
  assert.deepEqual(tapsOf(once), [panel("slander"), panel("rival-1"), ward(8), panel("chip-italian"), panel("slander-once")]);
  assert.deepEqual(tapsOf({ ...once, w2: 9 }).at(-1), ward(9));
});

test("a sealed bid: a + per chip of each nationality, then Seal; none: Seal alone", () => {
  assert.deepEqual(tapsOf({ t: "bid", n: [2, 0, 1, 0] }), [
    '#th-cover [data-step="irish-more"]', '#th-cover [data-step="irish-more"]',
    '#th-cover [data-step="german-more"]', "#th-seal-bid"]);
  assert.deepEqual(tapsOf({ t: "bid", n: [0, 0, 0, 0] }), ["#th-seal-bid"]);
});

test("the mayor's offices: one per row, then Confirm", () => {
  assert.deepEqual(tapsOf({ t: "offices", o: { 1: "police", 2: "council" } }), [
    '#th-offices .th-office-row[data-seat="1"] [data-office="police"]',
    '#th-offices .th-office-row[data-seat="2"] [data-office="council"]', "#th-offices-confirm"]);
});

test("the panel's own buttons and an unknown kind", () => {
  assert.deepEqual(tapsOf({ t: "end" }), [panel("end")]);
  assert.deepEqual(tapsOf({ t: "deputy", c: "english" }), [panel("deputy"), panel("chip-english")]);
  assert.deepEqual(tapsOf({ t: "bonus_cube", c: "irish", w: 1 }), [panel("cube-irish"), ward(1)]);
  assert.deepEqual(tapsOf({ t: "bonus_chip", c: "irish" }), [panel("chip-irish")]);
  assert.deepEqual(tapsOf({ t: "bonus_skip" }), [panel("bonus-skip")]);
  assert.deepEqual(tapsOf({ t: "nonsense" }), []);
});

test("every action of the lesson's script has taps, none undefined", () => {
  const script = JSON.parse(readFileSync(new URL("../../site/data/tutorial.json", import.meta.url), "utf-8"));
  const actions = script.steps.filter((s) => s.do).map((s) => s.do);
  assert.ok(actions.length > 10);
  for (const action of actions) {
    const taps = tapsOf(action);
    assert.ok(taps.length > 0, JSON.stringify(action));
    for (const tap of taps) assert.doesNotMatch(tap, /undefined/, JSON.stringify(action));
  }
});
