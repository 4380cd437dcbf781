// "Learn to play"'s step matching (tutorial/tutorial.js draws the lesson): whether a game is
// the lesson's, whether the learner's events made the step's move, whether an action is the
// lesson's own, whether a watched step's events have come, the stored place in the lesson, and
// what the card shows on each screen. Pure — the script (site/data/tutorial.json), the answers
// and the events come in as data.

export const LEARNER = 0;
export const FORMAT = "tammany-tutorial/1";

/** The engine's event that says the learner made an action of this kind (docs/api.md). */
export const DONE_EVENT = {
  bosses: "placed_bosses", boss_cube: "placed_boss_cube", deputy: "deputy", police: "police",
  council: "lock", precinct: "precinct", slander: "slander", end: "end_turn", bid: "bid_placed",
  bonus_cube: "bonus_cube", bonus_chip: "bonus_chip", bonus_skip: "bonus_skip", offices: "offices",
};

/** Whether an event has every field `want` names, with the same values. */
export function matches(event, want) {
  return Object.entries(want).every(([k, v]) => event[k] === v);
}

/** An action's JSON form (docs/api.md) with its fields in one order, so that two forms of one
 *  action compare equal: unset fields left out, an assignment's seats in order, two bosses'
 *  wards in order (the engine's PlaceBosses(14, 6) is PlaceBosses(6, 14)). */
export function canonical(action) {
  const a = { ...action };
  if (a.t === "bosses" && a.a > a.b) [a.a, a.b] = [a.b, a.a];
  const value = (v) => (v && typeof v === "object" && !Array.isArray(v) ? Object.entries(v).sort() : v);
  return JSON.stringify(Object.keys(a).filter((k) => a[k] !== undefined && a[k] !== null).sort().map((k) => [k, value(a[k])]));
}

/** Whether two actions are the same move. */
export function sameAction(a, b) {
  return canonical(a) === canonical(b);
}

/** Whether an answer is the lesson's game: its seed and seats (the learner may rename
 *  themselves), at one table. */
export function isLessonGame(script, answer) {
  if (!script || !answer || !answer.seats || answer.game_id) return false;
  if (String(answer.seed) !== String(script.seed) || answer.seats.length !== script.seats.length) return false;
  return script.seats.every((s, i) => answer.seats[i].level === s.level && answer.seats[i].color === s.color
    && (i === LEARNER || answer.seats[i].name === s.name));
}

/** The step at `index` (the last one past the end). */
export function stepAt(script, index) {
  return script.steps[Math.min(index, script.steps.length - 1)];
}

/**
 * After an answer of the lesson: what the learner's events say about a step that asks for a move.
 * {advance: true} the step's move was made; {offPath: true} a move of another kind got past the
 * vetting; null when the learner made no move (or the step asks for none, or the game already
 * left the path).
 */
export function judgeStep(step, events, offPath = false) {
  if (!step.do || offPath) return null;
  const mine = events.find((e) => e.seat === LEARNER && Object.values(DONE_EVENT).includes(e.e));
  if (!mine) return null;
  return mine.e === DONE_EVENT[step.do.t] ? { advance: true } : { offPath: true };
}

/** Whether the learner's action may be sent: the lesson's own move (or none is vetted: the
 *  lesson is not on, the game left the path, another seat acts). */
export function allowed(step, { seat, action } = {}, offPath = false) {
  if (offPath || seat !== LEARNER || !action) return true;
  return Boolean(step.do) && sameAction(action, step.do);
}

/** Whether every event a watched step expects has come (`recent`: events since the learner's
 *  last move). */
export function expectMet(step, recent) {
  return (step.expect || []).every((want) => recent.some((e) => matches(e, want)));
}

/** The events a step watches (a computer's move, as the log words it). */
export function watched(step, recent) {
  if (step.do) return [];
  return (step.expect || []).flatMap((want) => recent.filter((e) => matches(e, want)));
}

/** The stored place in the lesson, from its text: {step, code, off?} or null. */
export function readPlace(raw) {
  try {
    const record = JSON.parse(raw);
    return record && record.format === FORMAT && Number.isInteger(record.step) && record.step >= 0 ? record : null;
  } catch { return null; }
}

/** The text to store for a place in the lesson. */
export function placeText(record) {
  return JSON.stringify({ format: FORMAT, ...record });
}

/** The lesson's seats for a new lesson: the script's, the learner named as they typed (or the
 *  script's name for them when blank). */
export function lessonSeats(script, learnerName) {
  const name = (learnerName || "").trim() || script.seats[LEARNER].name;
  return script.seats.map((s, i) => ({ name: i === LEARNER ? name : s.name, color: s.color, level: s.level }));
}

/**
 * What the lesson's card shows on a settled screen, as codes (tutorial/tutorial.js words and
 * draws it): the sentence's `key` and whose words fill it (`about`: "learner", their name, or
 * "move", the step's action's; none: no words), the one element to tap (`target`: "next", the
 * card's Next; "reveal", the results' Continue; "cancel", the panel's Cancel of a refused move;
 * "tap", the step's action's next tap; none), `ending` when the card offers to play on or start
 * a real game, and `last` at the lesson's end.
 * `screen` is the settled screen (<html data-screen>), `cancelShown` whether the panel offers
 * Cancel, `recent` the events since the learner's last move.
 */
export function cardNow(step, { screen, offPath = false, refused = false, cancelShown = false, recent = [] } = {}) {
  if (offPath) return { key: "tut.off_path", ending: true };
  if (screen === "computer") return { key: "tut.wait" };
  // A step that says (on the results, once the events it is about have come) offers Next.
  if (!step.do && !(screen === "reveal" && !expectMet(step, recent))) {
    if (step.last) return { key: step.say, about: "learner", ending: true, last: true };
    return { key: step.say, about: "learner", target: "next" };
  }
  if (screen === "reveal") return { key: "tut.reveal", target: "reveal" };
  // A refused move half made is dropped with its Cancel first.
  if (refused && cancelShown) return { key: "tut.not_this_move", target: "cancel" };
  return { key: step.say, about: "move", target: "tap" };
}
