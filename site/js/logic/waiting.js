// Who acts, and whom a device waits for — at one table or across devices (docs/remote.md) —
// as data: the session's answer for every screen (`session.turn`), the seats a device plays,
// the step a device takes by itself, the games it holds and what each waits for, the seats a
// device new to a game may take, a refused link's words, a tap answered while the device may
// not move, "Since your last move" (its moves, where its replay opens). Pure: the answers
// (snapshots) and the device's record come in; ui/remote/remote.js and session.js keep the
// records and draw.

/** The levels a seat may have, in the start screen's order: a person, then the computers. */
export const LEVELS = ["human", "easy", "hard"];

/** Whether a seat ({name, color, level}) is a computer. */
export function isComputer(seat) {
  return Boolean(seat && seat.level && seat.level !== "human");
}

/** The computer seat that should act next in a snapshot, or null. In a sealed bid computers
 * bid first (without cover), then the people, each behind the cover as before. */
export function computerToAct(snap) {
  if (!snap || !snap.prompt || snap.view.phase === "over") return null;
  const seats = snap.prompt.seats || [];
  const seat = seats.find((s) => isComputer((snap.seats || [])[s]));
  return seat === undefined ? null : seat;
}

/** The seats to act in `answer` that a device playing `seats` plays. */
export function localToAct(answer, seats) {
  return ((answer && answer.prompt && answer.prompt.seats) || []).filter((s) => seats.includes(s));
}

/** The seats this device plays: every seat at one table, the device's own across devices
 *  (`device`: {active, seats}), none for a device that watches or has not chosen. */
export function seatsHere(answer, device) {
  if (!answer) return [];
  if (!answer.game_id) return answer.seats.map((s, i) => i);
  return device && device.active ? device.seats.slice() : [];
}

/**
 * Who acts now, for every screen: {people, computer, waitingFor, chooses}. `people`: the seats
 * to act that this device plays (a person's move); `computer`: a computer seat this device
 * hosts, to act now; `waitingFor`: {seat, name} of a player on another device; `chooses`: a
 * device new to a game across devices has not yet said whom it plays. `device`: {active,
 * seats} across devices.
 */
export function whoActs(answer, device) {
  const none = { people: [], computer: null, waitingFor: null, chooses: false };
  if (!answer || !answer.prompt || answer.view.phase === "over") return none;
  const toAct = answer.prompt.seats || [];
  if (!answer.game_id) {
    const computer = computerToAct(answer);
    return { ...none, computer, people: computer === null ? toAct.slice() : [] };
  }
  if (!device || !device.active) return { ...none, chooses: true };
  const here = localToAct(answer, device.seats);
  const computer = here.find((s) => isComputer(answer.seats[s]));
  if (computer !== undefined) return { ...none, computer };
  // A step the device takes by itself is not a person's move: whoever is waited for is the
  // person to act after it (prompt.seats[0] in every other case).
  const people = answer.prompt.code === "device" ? [] : here;
  const away = toAct.find((s) => !here.includes(s));
  const waitingFor = !people.length && away !== undefined
    ? { seat: away, name: answer.view.players[away].name } : null;
  return { ...none, people, waitingFor };
}

/** The seats among `seats` (those a device plays) that are people, not computers. */
export function peopleHere(answer, seats) {
  return seats.filter((s) => answer.seats[s].level === "human");
}

/**
 * A tap on the map or Castle Garden while this device may not start a move is answered next
 * to the finger: {key, params}, or null when the tap goes on (to the turn controller, which
 * offers moves only while a seat here acts). First the election's results to read
 * (`revealOpen`), then a computer thinking (`thinking`: its seat, `thinkingName`), then a
 * player on another device (`turn.waitingFor`), then a device that has not chosen its seats.
 */
export function tapRefusal(turn, { revealOpen = false, thinking = null, thinkingName = "" } = {}) {
  if (revealOpen) return { key: "reveal.first", params: {} };
  if (thinking !== null) return { key: "bots.wait", params: { name: thinkingName } };
  if (turn.waitingFor) return { key: "remote.waiting", params: { name: turn.waitingFor.name } };
  if (turn.chooses) return { key: "remote.choose_first", params: {} };
  return null;
}

/** Steps a device takes by itself (docs/remote.md): in the log, but not among the moves a
 *  player reads in "Since your last move". */
export const PROTOCOL_EVENTS = new Set(["anchored", "draw_due", "drawn"]);

/** "Since your last move": the events a player reads (log lines as text kept as they are). */
export function sinceMoves(since) {
  return since.filter((e) => typeof e === "string" || !PROTOCOL_EVENTS.has(e.e));
}

/** Where "Since your last move" opens the replay viewer: the move after the player's last
 *  (`from`), at most the game's `moves`; null when there is nothing to read or no move known. */
export function sinceReplayFrom(count, from, moves) {
  return count && from !== undefined ? Math.min(from + 1, moves) : null;
}

/** Where a sealed bid's secret is kept in the device's record: "election:ward:seat". */
export function sealedKey(view, seat) {
  return `${view.year / 4}:${view.election.ward}:${seat}`;
}

/** The step this device takes by itself now (the prompt's `device` code): {seat, kind} with
 *  kind "open" (a sealed bid this device holds), "anchor" or "draw"; null when there is none.
 *  `record`: the device's {seats, sealed}. */
export function protocolStep(answer, record) {
  const p = answer && answer.prompt;
  if (!record || !p || p.code !== "device") return null;
  const kind = p.params.kind;
  const seat = p.seats.find((s) => record.seats.includes(s) && (kind !== "open" || sealedKey(answer.view, s) in record.sealed));
  return seat === undefined ? null : { seat, kind };
}

/** A held game's status line: {key, params} ("over", waiting for someone away, or yours);
 *  null when nobody is to act. */
export function heldStatus(game) {
  if (game.over) return { key: "remote.held.over", params: {} };
  const waiting = game.toAct.find((s) => !game.here.includes(s));
  if (waiting !== undefined) return { key: "remote.held.waiting", params: { name: game.names[waiting] } };
  if (game.toAct.length) return { key: "remote.held.yours", params: { name: game.names[game.toAct[0]] } };
  return null;
}

/** "Who plays on this device?": the people who have not yet made a move (a seat that has moved
 *  belongs to another device), the one the link was sent for (`intended`) first. */
export function freeSeats(answer, intended = null) {
  const free = answer.view.players
    .filter((p) => !answer.view.remote.anchored[p.seat] && answer.seats[p.seat].level === "human");
  return free.sort((a, b) => (b.seat === intended) - (a.seat === intended));
}

/** The seats a new game across devices plays here: the computers (hosted here) and the people
 *  set to "here" (`where`: Map of seat index → "here" | "away"). */
export function localSeats(seats, where) {
  return seats.map((s, i) => i).filter((i) => isComputer(seats[i]) || where.get(i) === "here");
}

/** A refused link in words, as {key, params, reason}: what happened and what to do next (never
 *  the check digits). `reason`, when set, is the engine's refusal to word as `params.message`.
 *  `hasMessage(code)`: whether the page words an engine code. */
export function linkRefusal(error, hasMessage) {
  const code = error && error.code;
  if (code === "code_damaged" || code === "not_a_code" || code === "code_too_long") return { key: "link.damaged", params: {} };
  if (code === "code_version") return { key: "link.newer", params: {} };
  if (code === "bad_move") {
    const reason = error.params && error.params.reason;
    if (reason && reason.code === "opening_mismatch") return { key: "link.bid_changed", params: { ward: reason.params?.ward } };
    if (reason && hasMessage(String(reason.code))) return { key: "link.bad_move", params: { move: error.params.move }, reason };
    return { key: "link.forged", params: {} };
  }
  return { key: "link.refused", params: {}, reason: error };
}
