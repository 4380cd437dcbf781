// Where the replay viewer's controls go (ui/replay/replay.js): the move each step button and
// key lands on, which buttons would not move, and the turns and elections drawn under the
// slider — all read from the replay's timeline (docs/api.md, "Replays": one entry a position
// n = 0 … moves; `turn` on the first move of a player's turn, `year_begins`, `election` on the
// move that began a term's election, `election_done` on the one that chose its mayor, `reveal`
// the wards a move decided). Pure: the viewer draws what these return.

/** The positions a step can stop at, each list in move order: the start of each turn (the
 *  position before its first move), of each year (the set-up counts as year 1's), of each
 *  election, and every move that decided wards. */
export function stopsOf(timeline) {
  const turn = [], year = [0], election = [], reveal = [];
  for (const entry of timeline) {
    if (entry.turn) turn.push(entry.n - 1);
    if (entry.year_begins) year.push(entry.n);
    if (entry.election) election.push(entry.n);
    if (entry.reveal.length) reveal.push(entry.n);
  }
  return { turn, year, election, reveal };
}

/** A move number of a replay of `moves` moves: 0 … moves (not a number: 0). */
export function clampMove(at, moves) {
  return Math.max(0, Math.min(moves, Number(at) || 0));
}

const after = (list, at) => list.find((n) => n > at);
const before = (list, at) => [...list].reverse().find((n) => n < at);

/** Each step, by its button's data-step: where it goes from the move asked for last (`target`:
 *  taps before an answer add up). Past an end a step stops at it; a ward step with no ward
 *  result that way stays. */
const STEPS = {
  "start": () => 0,
  "end": ({ moves }) => moves,
  "move-1": ({ target }) => target - 1,
  "move+1": ({ target }) => target + 1,
  "turn-1": ({ target, stops }) => before(stops.turn, target) ?? 0,
  "turn+1": ({ target, moves, stops }) => after(stops.turn, target) ?? moves,
  "year-1": ({ target, stops }) => before(stops.year, target) ?? 0,
  "year+1": ({ target, moves, stops }) => after(stops.year, target) ?? moves,
  "ward-1": ({ target, stops }) => before(stops.reveal, target) ?? target,
  "ward+1": ({ target, stops }) => after(stops.reveal, target) ?? target,
};

/** The step buttons, by their data-step. */
export const STEP_KEYS = Object.keys(STEPS);

/** The move a step goes to from `target` ({target, moves, stops}), within 0 … moves. */
export function stepTarget(key, place) {
  return clampMove(STEPS[key](place), place.moves);
}

/** The steps that would stay at `at`, the move on screen (their buttons are drawn off). */
export function stillSteps(at, place) {
  return STEP_KEYS.filter((key) => stepTarget(key, place) === at);
}

const KEYS = { ArrowLeft: "move-1", ArrowRight: "move+1", Home: "start", End: "end" };

/** The step a key press makes: ← → a move, Shift+← → a turn, Home and End the ends; null for
 *  any other key, or with Alt, Ctrl or Meta held (the browser's and the system's shortcuts). */
export function keyStep({ key, shiftKey = false, altKey = false, ctrlKey = false, metaKey = false }) {
  if (altKey || ctrlKey || metaKey) return null;
  const step = KEYS[key];
  if (!step) return null;
  return shiftKey && step.startsWith("move") ? step.replace("move", "turn") : step;
}

/** The bars under the slider, in the order drawn: each player's turn from its start to the
 *  next turn or election ({kind: "turn", seat, from, to}), each election from its first move to
 *  the one that chose the mayor ({kind: "election", from, to}). A game that stops in the
 *  middle of a turn draws that turn to its last move. */
export function timelineBars(timeline, moves) {
  const bars = [];
  let turnStart = null, turnSeat = null, electionStart = null;
  for (const entry of timeline) {
    if (entry.turn || entry.election) {
      if (turnStart !== null) bars.push({ kind: "turn", seat: turnSeat, from: turnStart, to: entry.n - 1 });
      turnStart = entry.turn ? entry.n - 1 : null;
      turnSeat = entry.seat;
    }
    if (entry.election) electionStart = entry.n;
    if (entry.election_done && electionStart !== null) {
      bars.push({ kind: "election", from: electionStart, to: entry.n });
      electionStart = null;
    }
  }
  if (turnStart !== null) bars.push({ kind: "turn", seat: turnSeat, from: turnStart, to: moves });
  return bars;
}
