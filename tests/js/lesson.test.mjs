// "Learn to play"'s step matching (site/js/logic/lesson.js, used by tutorial/tutorial.js) on the
// real script (site/data/tutorial.json, which tests/test_tutorial.py replays on the engine).
// What the browser's lesson also checks, here without a page: a game is the lesson's only with its seed
// and seats, the step's move advances it, another move leaves the path, vetting lets only the
// lesson's move through (in any of its forms), the stored place. And what the card shows on each
// screen (`cardNow`): tests/browser/test_tutorial_page.py's learner finds one thing marked at
// every step (Next, the results' Continue, the move's next tap) and the end's Play on; here
// each case without a page, with the ones no browser test reaches (a computer moving, a refused
// move's Cancel, the path left).
import { test } from "node:test";
import assert from "node:assert/strict";
import * as lesson from "../../site/js/logic/lesson.js";
import { readJson } from "./helpers.mjs";

const SCRIPT = readJson("site/data/tutorial.json");
const answer = (extra = {}) => ({ seed: SCRIPT.seed, seats: SCRIPT.seats.map((s) => ({ ...s })), game_id: null, ...extra });
const firstDo = SCRIPT.steps.find((s) => s.do);

test("the script: a learner and two computers, steps that say or do, a last step", () => {
  assert.equal(SCRIPT.seats[lesson.LEARNER].level, "human");
  assert.ok(SCRIPT.steps.every((s) => s.say));
  assert.ok(SCRIPT.steps.at(-1).last);
  for (const s of SCRIPT.steps) if (s.do) assert.ok(lesson.DONE_EVENT[s.do.t], s.do.t);
});

test("isLessonGame: the lesson's seed and seats, the learner named anything", () => {
  assert.equal(lesson.isLessonGame(SCRIPT, answer()), true);
  const renamed = answer();
  renamed.seats[0].name = "Zoë";
  assert.equal(lesson.isLessonGame(SCRIPT, renamed), true);
});

test("isLessonGame: another seed, seat, computer's name, level or colour is not the lesson", () => {
  assert.equal(lesson.isLessonGame(SCRIPT, answer({ seed: SCRIPT.seed + 1 })), false);
  const other = answer();
  other.seats[1].name = "Someone";
  assert.equal(lesson.isLessonGame(SCRIPT, other), false);
  const level = answer();
  level.seats[2].level = "hard";
  assert.equal(lesson.isLessonGame(SCRIPT, level), false);
  const color = answer();
  color.seats[0].color = "black";
  assert.equal(lesson.isLessonGame(SCRIPT, color), false);
  assert.equal(lesson.isLessonGame(SCRIPT, answer({ seats: SCRIPT.seats.slice(0, 2) })), false);
});

test("isLessonGame: a game across devices, no answer or no script is not the lesson", () => {
  assert.equal(lesson.isLessonGame(SCRIPT, answer({ game_id: "5" })), false);
  assert.equal(lesson.isLessonGame(SCRIPT, null), false);
  assert.equal(lesson.isLessonGame(null, answer()), false);
});

test("isLessonGame: the seed compares as text (a big seed from the worker)", () => {
  assert.equal(lesson.isLessonGame(SCRIPT, answer({ seed: String(SCRIPT.seed) })), true);
});

test("stepAt: the step, the last one past the end", () => {
  assert.equal(lesson.stepAt(SCRIPT, 0), SCRIPT.steps[0]);
  assert.equal(lesson.stepAt(SCRIPT, 999), SCRIPT.steps.at(-1));
});

test("judgeStep: the learner's move of the step's kind advances", () => {
  const events = [{ e: "zone_opens" }, { e: lesson.DONE_EVENT[firstDo.do.t], seat: 0 }];
  assert.deepEqual(lesson.judgeStep(firstDo, events), { advance: true });
});

test("judgeStep: a learner's move of another kind leaves the path", () => {
  const other = Object.entries(lesson.DONE_EVENT).find(([kind]) => kind !== firstDo.do.t)[1];
  assert.deepEqual(lesson.judgeStep(firstDo, [{ e: other, seat: 0 }]), { offPath: true });
});

test("judgeStep: a computer's move, no move, a step that says, or off the path: nothing", () => {
  assert.equal(lesson.judgeStep(firstDo, [{ e: lesson.DONE_EVENT[firstDo.do.t], seat: 1 }]), null);
  assert.equal(lesson.judgeStep(firstDo, []), null);
  assert.equal(lesson.judgeStep({ say: "x" }, [{ e: "end_turn", seat: 0 }]), null);
  assert.equal(lesson.judgeStep(firstDo, [{ e: lesson.DONE_EVENT[firstDo.do.t], seat: 0 }], true), null);
});

test("canonical: two bosses in either order are one move", () => {
  assert.equal(lesson.sameAction({ t: "bosses", a: 14, b: 6 }, { t: "bosses", a: 6, b: 14 }), true);
  assert.equal(lesson.sameAction({ t: "bosses", a: 14, b: 6 }, { t: "bosses", a: 6, b: 13 }), false);
});

test("canonical: field order, unset fields and an assignment's order do not matter", () => {
  assert.equal(lesson.sameAction({ t: "slander", p: 1, w: 6, c: "irish", w2: undefined }, { c: "irish", w: 6, p: 1, t: "slander" }), true);
  assert.equal(lesson.sameAction({ t: "slander", p: 1, w: 6, c: "irish", w2: null }, { t: "slander", p: 1, w: 6, c: "irish" }), true);
  assert.equal(lesson.sameAction({ t: "offices", o: { 2: "deputy_mayor", 1: "chief_of_police" } }, { t: "offices", o: { 1: "chief_of_police", 2: "deputy_mayor" } }), true);
  assert.equal(lesson.sameAction({ t: "bid", n: [1, 0, 0, 0] }, { t: "bid", n: [0, 1, 0, 0] }), false);
});

test("allowed: the lesson's move, in any form", () => {
  const step = { do: { t: "bosses", a: 1, b: 6 } };
  assert.equal(lesson.allowed(step, { seat: 0, action: { t: "bosses", a: 6, b: 1 } }), true);
  assert.equal(lesson.allowed(step, { seat: 0, action: { t: "bosses", a: 6, b: 7 } }), false);
  assert.equal(lesson.allowed(step, { seat: 0, action: { t: "end" } }), false);
});

test("allowed: a step that says refuses every move of the learner", () => {
  assert.equal(lesson.allowed({ say: "x" }, { seat: 0, action: { t: "end" } }), false);
});

test("allowed: other seats, no action, or off the path are not vetted", () => {
  const step = { do: { t: "end" } };
  assert.equal(lesson.allowed(step, { seat: 1, action: { t: "bosses", a: 1, b: 1 } }), true);
  assert.equal(lesson.allowed(step, { seat: 0 }), true);
  assert.equal(lesson.allowed(step, {}), true);
  assert.equal(lesson.allowed(step, { seat: 0, action: { t: "bosses", a: 1, b: 1 } }, true), true);
});

test("every step's move of the script is allowed at that step, and only there", () => {
  const moves = SCRIPT.steps.filter((s) => s.do);
  for (const s of moves) assert.equal(lesson.allowed(s, { seat: 0, action: s.do }), true);
  const kinds = new Set(moves.map((s) => s.do.t));
  assert.ok(kinds.size >= 5, [...kinds].join());
});

test("expectMet and watched: a step that watches waits for its events", () => {
  const step = SCRIPT.steps.find((s) => !s.do && s.expect);
  if (!step) return;
  assert.equal(lesson.expectMet(step, []), false);
  const events = step.expect.map((want) => ({ ...want, extra: 1 }));
  assert.equal(lesson.expectMet(step, events), true);
  assert.equal(lesson.watched(step, events).length, events.length);
  assert.deepEqual(lesson.watched(firstDo, events), [], "a step that asks for a move watches nothing");
});

test("expectMet: a step without expectations is met", () => {
  assert.equal(lesson.expectMet({ say: "x" }, []), true);
});

test("matches: every wanted field equal", () => {
  assert.equal(lesson.matches({ e: "lock", seat: 0, w: 6 }, { e: "lock", seat: 0 }), true);
  assert.equal(lesson.matches({ e: "lock", seat: 1 }, { e: "lock", seat: 0 }), false);
  assert.equal(lesson.matches({ e: "lock" }, {}), true);
});

test("the stored place reads back; anything else is no place", () => {
  const text = lesson.placeText({ step: 7, code: "BAbc", off: true });
  assert.deepEqual(lesson.readPlace(text), { format: lesson.FORMAT, step: 7, code: "BAbc", off: true });
  for (const raw of [null, "", "{", JSON.stringify({ step: 1 }), JSON.stringify({ format: lesson.FORMAT, step: -1 }),
    JSON.stringify({ format: lesson.FORMAT, step: 1.5 }), JSON.stringify({ format: "other", step: 1 })]) {
    assert.equal(lesson.readPlace(raw), null, String(raw));
  }
});

test("lessonSeats: the learner as typed (or the script's name), the computers as scripted", () => {
  const seats = lesson.lessonSeats(SCRIPT, "  Zoë ");
  assert.equal(seats[0].name, "Zoë");
  assert.deepEqual(seats.slice(1), SCRIPT.seats.slice(1));
  assert.equal(lesson.lessonSeats(SCRIPT, "   ")[0].name, SCRIPT.seats[0].name);
  assert.equal(lesson.lessonSeats(SCRIPT, null)[0].name, SCRIPT.seats[0].name);
});

const sayStep = SCRIPT.steps.find((s) => !s.do && !s.last && !s.expect);
const watchStep = SCRIPT.steps.find((s) => !s.do && s.expect);

test("cardNow: a step that says offers Next, its sentence about the learner", () => {
  assert.deepEqual(lesson.cardNow(sayStep, { screen: "turn" }), { key: sayStep.say, about: "learner", target: "next" });
});

test("cardNow: the step's move marks its next tap, its sentence about the move", () => {
  for (const screen of ["turn", "bid", "offices", "bonus"]) {
    assert.deepEqual(lesson.cardNow(firstDo, { screen }), { key: firstDo.say, about: "move", target: "tap" }, screen);
  }
});

test("cardNow: the results' Continue while the step's move or a watched event is still to come", () => {
  const reveal = { key: "tut.reveal", target: "reveal" };
  assert.deepEqual(lesson.cardNow(firstDo, { screen: "reveal" }), reveal);
  assert.deepEqual(lesson.cardNow(watchStep, { screen: "reveal", recent: [] }), reveal);
  const events = watchStep.expect.map((want) => ({ ...want }));
  assert.deepEqual(lesson.cardNow(watchStep, { screen: "reveal", recent: events }), { key: watchStep.say, about: "learner", target: "next" });
  assert.deepEqual(lesson.cardNow(sayStep, { screen: "reveal" }), { key: sayStep.say, about: "learner", target: "next" });
});

test("cardNow: while a computer moves, the card waits and marks nothing", () => {
  assert.deepEqual(lesson.cardNow(firstDo, { screen: "computer" }), { key: "tut.wait" });
  assert.deepEqual(lesson.cardNow(sayStep, { screen: "computer" }), { key: "tut.wait" });
});

test("cardNow: a refused move half made is dropped with its Cancel first, then made again", () => {
  assert.deepEqual(lesson.cardNow(firstDo, { screen: "turn", refused: true, cancelShown: true }), { key: "tut.not_this_move", target: "cancel" });
  assert.deepEqual(lesson.cardNow(firstDo, { screen: "turn", refused: true, cancelShown: false }), { key: firstDo.say, about: "move", target: "tap" });
});

test("cardNow: off the path, on any screen, the card offers to play on or start a real game", () => {
  for (const screen of ["turn", "computer", "reveal"]) {
    assert.deepEqual(lesson.cardNow(firstDo, { screen, offPath: true }), { key: "tut.off_path", ending: true });
  }
});

test("cardNow: the last step ends the lesson with the same offer", () => {
  const last = SCRIPT.steps.at(-1);
  assert.deepEqual(lesson.cardNow(last, { screen: "turn" }), { key: last.say, about: "learner", ending: true, last: true });
});
