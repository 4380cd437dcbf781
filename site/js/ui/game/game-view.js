// The game's screens, drawn from the page's state (session.js): the game screen, its dialogs
// (privacy cover, reveal, offices, final table, share), the computers' steps, the replay viewer
// and, across devices, this device's box ("Waiting for <name>: send them the link", Send to
// <name>, "Since your last move"). Taps become intents to the session; its answers come back
// through session.on("answer" | "game").
//
//   createGameView(root, session, {popover, feedback, toStart, toArchive, languageMenu, address})
//   → {show(answer, log), openReplay(at, code), openReplayLink(code, at), leave(),
//      notice(text, actions), shown, destroy()}
//     address: the page address's game link, {seat()} (routes.js, handed in by app.js)
//
// This file wires the parts: each answer drawn (answer-view.js), the phase's screen for this
// device (phase-view.js), the computers' steps (computer-turns.js), the log's words
// (game-log.js), the replay viewer's way in and out (replay-door.js), the QR code (qr.js).
//
// Who may move is the session's answer (session.turn): the map, Castle Garden, the buttons, the
// keyboard and the dialogs offer a move only for a seat this device plays; otherwise the panel
// says whom the game waits for, and taps on the map say so again without touching the panel.

import { t } from "../../strings.js";
import { createRulesButton, setGameRules } from "../widgets/rules-panel.js";
import { createHouseRulesMark } from "../widgets/house-rules.js";
import { h } from "../dom.js";
import { createGameScreen } from "./game-screen.js";
import { createTurnController } from "./turn-controller.js";
import { createBidCover } from "./bid-cover.js";
import { createReveal } from "./reveal.js";
import { createOfficesDialog } from "./offices-dialog.js";
import { createFinalTable } from "../results/final-table.js";
import { createShareDialog } from "../widgets/share.js";
import { createComputers } from "./computers.js";
import { createComputerTurns } from "./computer-turns.js";
import { createGameLog } from "./game-log.js";
import { createPhaseView } from "./phase-view.js";
import { createAnswerView } from "./answer-view.js";
import { createReplayDoor } from "./replay-door.js";
import { createQrRows } from "./qr.js";
import { tapRefusal } from "../../logic/waiting.js";

export function createGameView(root, session, { popover, feedback, toStart, toArchive, languageMenu, address }) {
  const call = session.call;
  const screen = createGameScreen(root, {
    onWard: (ward, info) => mayTap(info) && controller.onWard(ward, info),
    onCastle: (nat, info) => mayTap(info) && controller.onCastle(nat, info),
    onShare: () => share.show(),
    onNew: () => toStart(),
  });
  const { bar, houseMark } = dressBar(screen, languageMenu);
  const toAnswer = (answer) => session.answer(answer, answer.events);
  const controller = createTurnController({
    panel: screen.panel, map: screen.map, call, feedback, popover,
    onAnswer: toAnswer, onUndo: (answer) => session.undone(answer),
  });
  // Across devices a bid goes through the device: sealed (kept here) or in the clear.
  const device = session.device;
  const bidCall = (method, params) => (device.active && method === "act" && params.action.t === "bid"
    ? device.bid(session.snap, params.seat, params.action.n) : call(method, params));
  const cover = createBidCover(document.body, { call: bidCall, onAnswer: toAnswer });
  const reveal = createReveal(document.body, { map: screen.map });
  const computers = createComputers({ table: screen.table, panel: screen.panel, bar });
  const offices = createOfficesDialog(document.body, { call, onAnswer: toAnswer });
  const final = createFinalTable(document.body, {
    onAgain: () => playAgain(),
    onShare: () => share.show(),
    onNew: () => { final.hide(); toStart(); },
    onReplay: () => replay.open(),
    onReview: () => replay.open(null, null, true), // the replay with the computer's review
  });
  const share = createShareDialog(document.body, { getCode: () => session.snap && session.snap.code, qrRows: createQrRows(call) });
  const replay = createReplayDoor(root, session, {
    screen, final, reveal, closeAll, showPhase: (answer) => phases.show(answer), toStart, toArchive,
  });
  bar.prepend(h("button", {
    type: "button", class: "th-button th-secondary th-small", id: "th-replay-button", onclick: () => replay.open(),
  }, t("replay.open")));
  const log = createGameLog(session);
  const turns = createComputerTurns({ session, computers, screen });
  const phases = createPhaseView(session, {
    screen, controller, cover, offices, final, share, turns, log, address, openReplay: (at) => replay.open(at),
  });
  const answers = createAnswerView(session, {
    screen, controller, cover, reveal, computers, turns, log, phases, popover, houseMark,
  });

  // A tap on the map starts a move only when the session says this device moves now; else it
  // is answered next to the finger (the panel, and Send to <name> in it, stay as they are).
  function mayTap(at) {
    const refusal = tapRefusal(session.turn(session.snap), {
      revealOpen: reveal.open, thinking: computers.thinking, thinkingName: computers.thinkingName,
    });
    if (refusal) feedback.say(t(refusal.key, refusal.params), at);
    return !refusal; // the controller answers (it offers moves only while a seat here is shown)
  }

  async function playAgain() {
    final.hide();
    const out = await session.playAgain();
    if (out && out.error) toStart([], { seats: out.seats, refusal: out.error });
  }

  function closeAll() {
    turns.leave();
    cover.hide(); offices.hide(); final.hide(); popover.close(); feedback.clear();
  }

  const unsubscribe = [
    session.on("game", ({ answer, log: events }) => answers.show(answer, events)),
    session.on("answer", ({ answer, events, quiet }) => answers.present(answer, events, { quiet })),
  ];

  return {
    show: (answer, events) => answers.show(answer, events),
    openReplay: (at, code, review) => replay.open(at, code, review),
    openReplayLink: (code, at) => replay.openLink(code, at),
    /** Take the game off the screen (the start screen comes). */
    leave() {
      closeAll();
      setGameRules({});
      houseMark.set({});
      screen.hide();
      document.documentElement.classList.remove("th-playing");
    },
    notice: (text, actions = []) => screen.notice(text, actions.map((a) => h("button", {
      type: "button", class: "th-button th-small", onclick: a.onclick,
    }, a.label))),
    get shown() { return !screen.element.hidden; },
    /** Taken down (a new language builds the screens again from the session). */
    destroy() {
      closeAll();
      for (const off of unsubscribe) off();
      replay.hide();
    },
  };
}

// The game bar: the language menu and the Rules button first; beside the title, the mark of a
// game played by house rules, which lists them under the bar (house-rules.js).
function dressBar(screen, languageMenu) {
  const bar = screen.element.querySelector(".th-bar-actions");
  bar.prepend(languageMenu(), createRulesButton());
  const houseMark = createHouseRulesMark();
  bar.before(houseMark.button);
  bar.parentElement.after(houseMark.list);
  return { bar, houseMark };
}
