// The phase's screen for this device (docs/ui.md, "Who moves here"): at one table every seat
// is here; across devices only the device's own, after any protocol step it takes by itself
// first. Which screen is logic/game-screens.js's phaseScreen; this draws it — the turn's
// buttons, the bid cover, the offices dialog, the final table, a computer's step, "Who plays
// here?", "Waiting for <name>" with Send to <name> — and across devices the device's box.
//
//   createPhaseView(session, parts) → {show(answer)}
//     parts: {screen, controller, cover, offices, final, share, turns, log, address, openReplay(at)}

import { t, message } from "../../strings.js";
import { h } from "../dom.js";
import { phaseScreen } from "../../logic/game-screens.js";
import { peopleHere, sinceMoves, sinceReplayFrom } from "../../logic/waiting.js";
import { remoteBox, sendLink, chooseSeats } from "../remote/remote.js";
import * as signal from "../signal.js";

export function createPhaseView(session, { screen, controller, cover, offices, final, share, turns, log, address, openReplay }) {
  const device = session.device;
  const panel = screen.panel;

  function show(answer) {
    if (session.replaying) return; // the replay viewer is up: the game waits until it is left
    if (device.active) { signal.during(deviceStep(answer)); return; } // busy until its screen is up
    drawPhase(answer);
  }

  async function deviceStep(answer) {
    const step = await device.protocolAction(answer);
    if (session.snap !== answer) return;
    if (!step) { drawPhase(answer); return; }
    const next = await session.call("act", step);
    if (!next || session.snap !== answer) return;
    // Not awaited: the answer's drawing is busy on its own, and may wait for a person (the reveal).
    if (next.ok) { session.answer(next, next.events, { byDevice: true }); return; }
    // Refused (a sealed bid changed in this device's storage, say): the game stays as it was.
    controller.idle(answer);
    panel.appendChild(remoteBox({ notices: [t("remote.refused", { message: message(next.error) })], seatsHere: seatNames(answer) }));
    signal.announce("refused");
  }

  function drawPhase(answer) {
    const turn = session.turn(answer);
    const phase = phaseScreen(answer, turn, peopleHere(answer, session.seatsHere(answer)).length);
    if (!phase.keep.cover) cover.hide();
    if (!phase.keep.offices) offices.hide();
    if (!phase.keep.final) final.hide();
    controller.idle(answer);
    if (phase.screen === "over") {
      panel.appendChild(h("div", { class: "th-actions" }, h("button", {
        type: "button", class: "th-button th-primary", id: "th-show-final", onclick: () => final.show(answer.view),
      }, t("game.show_results"))));
      if (phase.box) panel.appendChild(notesBox(answer));
      // The final table can be closed to look at the board, and opened again from the panel.
      final.show(answer.view);
    } else if (phase.screen === "who") { // a device new to a game across devices: who plays here?
      panel.appendChild(chooseSeats(answer, (seats) => session.chooseSeats(seats), address.seat()));
      signal.announce("who");
    } else if (phase.screen === "computer") {
      // A computer's move: no game control is live until its answer is drawn (the menus,
      // Share and the log keep working from the snapshot on the page).
      signal.announce("computer");
      turns.play(answer, phase.seat);
    } else if (phase.screen === "waiting") { // across devices: another device's move
      panel.appendChild(notesBox(answer, waitingFor(answer, phase.waitingFor)));
      signal.announce("waiting");
    } else drawPerson(answer, phase, turn.people);
  }

  // A person here acts (`people`: the seats here to act): the turn's buttons, the bid cover or
  // the offices dialog.
  function drawPerson(answer, phase, people) {
    if (phase.controller) controller.show(answer);
    if (phase.box) panel.appendChild(notesBox(answer));
    if (phase.screen === "bid") {
      // With one person at the table there is no one to hide a bid from: no cover.
      cover.show({ ...answer, prompt: { ...answer.prompt, seats: people } }, { direct: phase.direct });
    } else if (phase.screen === "offices") { offices.show(answer); signal.announce("offices"); } else signal.announce(phase.screen);
  }

  // "Waiting for <name>: send them the link", with Send to <name>.
  function waitingFor(answer, whom) {
    return whom && { waitingFor: whom.name, onSend: () => sendLink(answer.code, whom, () => share.show({ seat: whom.seat })) };
  }

  // The box of a game across devices: this device's notices, whom it plays, whom it waits for
  // (Send to <name>) and "Since your last move", with a way into the replay viewer there.
  function notesBox(answer, waiting = null) {
    const { notices, since, from } = session.notes;
    const lines = log.words(sinceMoves(since)).map((line) => (typeof line === "string" ? line : line.text));
    const replayFrom = sinceReplayFrom(lines.length, from, answer.moves);
    return remoteBox({
      notices, since: lines, seatsHere: seatNames(answer), ...(waiting || {}),
      onReplay: replayFrom === null ? null : () => openReplay(replayFrom),
    });
  }

  function seatNames(answer) {
    return peopleHere(answer, session.seatsHere(answer)).map((s) => answer.view.players[s].name);
  }

  return { show };
}
