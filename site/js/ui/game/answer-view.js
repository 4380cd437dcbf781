// An answer on the game screen: a game shown afresh (show) and each answer after it (present)
// — the board and the table, the log and "Just now", the election's results read first, then
// the phase's screen (phase-view.js).
//
//   createAnswerView(session, parts) → {show(answer, log), present(answer, events, {quiet})}
//     parts: {screen, controller, cover, reveal, computers, turns, log, phases, popover, houseMark}

import { t } from "../../strings.js";
import { setGameRules } from "../widgets/rules-panel.js";
import { hasReveal } from "./reveal.js";
import { humanCount } from "./computers.js";
import * as signal from "../signal.js";

export function createAnswerView(session, { screen, controller, cover, reveal, computers, turns, log, phases, popover, houseMark }) {
  async function show(answer, events) {
    turns.leave();
    screen.show();
    document.documentElement.classList.add("th-playing");
    log.restart();
    setGameRules(answer.rules); // the Rules panel names this game's house rules
    houseMark.set(answer.rules); // and so does the bar's mark
    screen.setLog([]); // another game's log is not appended to
    screen.setLog(log.lines(events));
    screen.setRecent(log.words(events.slice(-3)));
    await present(answer, [], { quiet: true });
  }

  // One answer drawn; `quiet`: a redraw (no new log lines, no election results to read first).
  async function present(answer, events = [], { quiet = false } = {}) {
    signal.begin(); // until the next screen is up (the reveal's wait for Continue excepted)
    try {
      popover.close();
      render(answer);
      // The log follows the session's: lines added by a move, taken out by an undo.
      const undone = log.followUndo();
      if (undone || !quiet) screen.setLog(log.lines(session.log));
      if (!quiet && events.length) screen.setRecent(log.words(events));
      if (!quiet && hasReveal(events) && !(await revealFirst(answer, events))) return;
      phases.show(answer);
    } finally {
      signal.done();
    }
  }

  function render(answer) {
    const turn = session.turn(answer);
    // Across devices a device that waits says whom for, never another device's protocol step.
    screen.render(answer, turn.waitingFor ? { prompt: t("remote.waiting", { name: turn.waitingFor.name }) } : {});
    computers.setTable(answer);
    computers.decorate(answer);
  }

  // The election's results, read before the game goes on. While they wait for Continue the
  // page is settled on "reveal"; Continue makes it busy again (reveal.js), and present() ends
  // that once the next screen is up. False when another answer took the screen meanwhile.
  async function revealFirst(answer, events) {
    cover.hide(); // the results are read over the board (the wards marked on the map)
    controller.idle(answer);
    const shown = reveal.show(events, answer.view, answer.prompt);
    // A table of computers only (a demo) goes on by itself after a while.
    if (humanCount(answer) === 0) setTimeout(() => { if (session.snap === answer) reveal.close(); }, computers.revealPause());
    signal.announce("reveal");
    signal.done();
    await shown;
    return session.snap === answer;
  }

  return { show, present };
}
