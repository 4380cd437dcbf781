// A computer's move on the game screen, one step at a time: a pause a person can follow, then
// the worker's move (across devices, the device's: it hosts the computer), then the answer
// drawn like anyone's. Any change of game on screen (leave()) starts a new run, so a late
// answer of the old game is dropped; the whole move, pauses included, is busy.
//
//   createComputerTurns({session, computers, screen}) → {play(answer, seat), leave()}

import { t, message } from "../../strings.js";
import * as signal from "../signal.js";

export function createComputerTurns({ session, computers, screen }) {
  let run = 0;

  async function play(answer, seat) {
    const next = await signal.during(move(answer, seat));
    if (next) await session.answer(next, next.events, { byDevice: true });
  }

  async function move(answer, seat) {
    const mine = run;
    const current = () => mine === run && session.snap === answer;
    computers.startThinking(answer, seat);
    await computers.wait();
    if (!current()) return null;
    const next = session.device.active
      ? await session.device.computerMove(answer, seat)
      : await session.call("bot_act", { seat });
    if (!current()) return null;
    await computers.hold();
    if (!current()) return null;
    computers.stopThinking();
    if (!next) return null; // the worker failed: the session restores the game and starts again
    if (!next.ok) { screen.notice(t("bots.failed", { message: message(next.error) })); return null; }
    return next;
  }

  function leave() {
    run += 1;
    computers.stopThinking();
    computers.dropHold();
  }

  return { play, leave };
}
