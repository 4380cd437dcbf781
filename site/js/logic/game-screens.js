// Which screen the game view shows, as data: the phase's screen for the seats this device
// plays (docs/ui.md, "Who moves here"), and what the game shows again when the replay viewer
// is left. Pure — the answer on screen and the session's `turn` (logic/waiting.js whoActs) come
// in; ui/game/phase-view.js and ui/game/replay-door.js draw what these name.
//
//   phaseScreen(answer, turn, people) → {screen, keep, box, controller, direct, seat, waitingFor}
//   backFromReplay(snap, now, {revealOpen, fromFinal}) → "moved" | "reveal" | "over" | "phase"

/**
 * The phase's screen for this device. `turn`: {people, computer, waitingFor, chooses};
 * `people`: how many of the seats here are people (one person has no one to hide a bid from).
 *
 * - `screen`: "over" (the final table, opened again from the panel), "who" (a device new to a
 *   game across devices chooses whom it plays), "computer" (`seat`'s move), "waiting" (another
 *   device's move: `waitingFor` {seat, name} or null), else the phase of a person here: "turn",
 *   "bonus", "bid" (`direct`: no privacy cover), "offices", …
 * - `keep`: the dialogs that stay up — the bid cover and the offices dialog only for a person
 *   here in their phase, the final table only when the game is over.
 * - `box`: the device's box in the panel (a game across devices; always while waiting).
 * - `controller`: the turn's buttons and the map's targets are offered.
 */
export function phaseScreen(answer, turn, people = 0) {
  const phase = answer.view.phase;
  const here = turn.people.length > 0;
  const keep = { cover: phase === "bid" && here, offices: phase === "offices" && here, final: phase === "over" };
  const remote = Boolean(answer.game_id);
  const screen = { keep, box: false, controller: false, direct: false, seat: null, waitingFor: null };
  if (phase === "over") return { ...screen, screen: "over", box: remote };
  if (turn.chooses) return { ...screen, screen: "who" };
  if (turn.computer !== null) return { ...screen, screen: "computer", seat: turn.computer };
  if (!here) return { ...screen, screen: "waiting", box: true, waitingFor: turn.waitingFor };
  return {
    ...screen, screen: phase, box: remote,
    controller: phase === "turn" || phase === "bonus", direct: phase === "bid" && people <= 1,
  };
}

/**
 * The replay viewer left, the game on screen (`snap`) shown again: "moved" when the game moved
 * on meanwhile (`now`, the worker's state, has another hash: a computer's move landed as the
 * viewer opened) and is shown afresh; "reveal" when the election's results were being read;
 * "over" for the final board as it was (the final table closed before, `fromFinal` false);
 * else "phase", the phase's screen again.
 */
export function backFromReplay(snap, now, { revealOpen = false, fromFinal = false } = {}) {
  if (now && now.ok && now.hash !== snap.hash) return "moved";
  if (revealOpen) return "reveal";
  if (snap.view.phase === "over" && !fromFinal) return "over";
  return "phase";
}
