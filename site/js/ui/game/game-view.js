// The game's screens, drawn from the page's state (session.js): the game screen, its dialogs
// (privacy cover, reveal, offices, final table, share), the computers' steps, the replay viewer
// and, across devices, this device's box ("Waiting for <name>: send them the link", Send to
// <name>, "Since your last move"). Taps become intents to the session; its answers come back
// through session.on("answer" | "game").
//
//   createGameView(root, session, {popover, feedback, toStart, toArchive, languageMenu, address})
//   → {show(answer, log), openReplay(at, code), openReplayLink(code, at), leave(),
//      notice(text, actions), shown, destroy()}
//     address: the page address's game link, {seat()} read here (routes.js, handed in by app.js)
//
// Who may move is the session's answer (session.turn): the map, Castle Garden, the buttons, the
// keyboard and the dialogs offer a move only for a seat this device plays; otherwise the panel
// says whom the game waits for, and taps on the map say so again without touching the panel.

import { t, message, listOf } from "../../strings.js";
import { eventText, EVENT_RULES } from "../../i18n/engine-text.js";
import { createRulesButton, setGameRules } from "../widgets/rules-panel.js";
import { houseRulesNames, createHouseRulesMark } from "../widgets/house-rules.js";
import { h } from "../dom.js";
import { createGameScreen } from "./game-screen.js";
import { createTurnController } from "./turn-controller.js";
import { createBidCover } from "./bid-cover.js";
import { createReveal, hasReveal } from "./reveal.js";
import { createOfficesDialog } from "./offices-dialog.js";
import { createFinalTable } from "../results/final-table.js";
import { createShareDialog } from "../widgets/share.js";
import { createComputers, humanCount } from "./computers.js";
import { createReplayViewer } from "../replay/replay.js";
import { remoteBox, sendLink, chooseSeats } from "../remote/remote.js";
import * as signal from "../signal.js";

const QR_WHEEL = /^wheels\/segno-[^/]+\.whl$/;
// Steps a device takes by itself (docs/remote.md): in the log, but not among the moves a player
// reads in "Since your last move".
const PROTOCOL_EVENTS = new Set(["anchored", "draw_due", "drawn"]);

export function createGameView(root, session, { popover, feedback, toStart, toArchive, languageMenu, address }) {
  const call = session.call;
  const screen = createGameScreen(root, {
    onWard: (ward, info) => mayTap(info) && controller.onWard(ward, info),
    onCastle: (nat, info) => mayTap(info) && controller.onCastle(nat, info),
    onShare: () => share.show(),
    onNew: () => toStart(),
  });
  const bar = screen.element.querySelector(".th-bar-actions");
  bar.prepend(languageMenu(), createRulesButton());
  // A game played by house rules: a mark beside the title that lists them (house-rules.js).
  const houseMark = createHouseRulesMark();
  bar.before(houseMark.button);
  bar.parentElement.after(houseMark.list);
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
    onReplay: () => openReplay(),
    onReview: () => openReplay(null, null, true), // the replay with the computer's review
  });
  const share = createShareDialog(document.body, { getCode: () => session.snap && session.snap.code, qrRows });
  const viewer = createReplayViewer(root, {
    call, peek: session.peek, // peek: fetching ahead, not busy
    reviewVersion: session.hello && session.hello.review_version, // stored reviews: the same engine's only
    onLeave: () => leaveReplay(), onPlayOn: (at) => playOn(at),
  });
  bar.prepend(h("button", {
    type: "button", class: "th-button th-secondary th-small", id: "th-replay-button", onclick: () => openReplay(),
  }, t("replay.open")));

  let worded = []; // the first lines of session.log, worded (loggedWords)
  let replayFromFinal = false;
  let replayFromArchive = false;

  // --- taps on the map ---------------------------------------------------------------------
  // A tap on the map starts a move only when the session says this device moves now; else it
  // is answered next to the finger (the panel, and Send to <name> in it, stay as they are).
  function mayTap(at) {
    if (reveal.open) { feedback.say(t("reveal.first"), at); return false; }
    if (computers.thinking !== null) { feedback.say(t("bots.wait", { name: computers.thinkingName }), at); return false; }
    const turn = session.turn(session.snap);
    if (turn.waitingFor) { feedback.say(t("remote.waiting", { name: turn.waitingFor.name }), at); return false; }
    if (turn.chooses) { feedback.say(t("remote.choose_first"), at); return false; }
    return true; // the controller answers (it offers moves only while a seat here is shown)
  }

  // --- a game afresh, and each answer --------------------------------------------------------
  async function show(answer, log) {
    leaveComputers();
    screen.show();
    document.documentElement.classList.add("th-playing");
    worded = [];
    setGameRules(answer.rules); // the Rules panel names this game's house rules
    houseMark.set(answer.rules); // and so does the bar's mark
    screen.setLog([]); // another game's log is not appended to
    screen.setLog(logLines(log));
    screen.setRecent(words(log.slice(-3)));
    await present(answer, [], { quiet: true });
  }

  // One answer drawn; `quiet`: a redraw (no new log lines, no election results to read first).
  async function present(answer, events = [], { quiet = false } = {}) {
    signal.begin(); // until the next screen is up (the reveal's wait for Continue excepted)
    try {
      popover.close();
      render(answer);
      // The log follows the session's: lines added by a move, taken out by an undo.
      const undone = worded.length > session.log.length;
      if (undone) worded = worded.slice(0, session.log.length);
      if (undone || !quiet) screen.setLog(logLines(session.log));
      if (!quiet && events.length) screen.setRecent(words(events));
      if (!quiet && hasReveal(events) && !(await revealFirst(answer, events))) return;
      showPhase(answer);
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

  // The phase's screen for this device: at one table every seat is here; across devices only
  // the device's own (a protocol step it takes by itself first).
  function showPhase(answer) {
    if (session.replaying) return; // the replay viewer is up: the game waits until it is left
    if (device.active) { signal.during(deviceStep(answer)); return; } // busy until its screen is up
    drawPhase(answer);
  }

  async function deviceStep(answer) {
    const step = await device.protocolAction(answer);
    if (session.snap !== answer) return;
    if (!step) { drawPhase(answer); return; }
    const next = await call("act", step);
    if (!next || session.snap !== answer) return;
    // Not awaited: the answer's drawing is busy on its own, and may wait for a person (the reveal).
    if (next.ok) { session.answer(next, next.events, { byDevice: true }); return; }
    // Refused (a sealed bid changed in this device's storage, say): the game stays as it was.
    controller.idle(answer);
    screen.panel.appendChild(remoteBox({ notices: [t("remote.refused", { message: message(next.error) })], seatsHere: seatNames(answer) }));
    signal.announce("refused");
  }

  function drawPhase(answer) {
    const phase = answer.view.phase;
    const turn = session.turn(answer);
    const here = turn.people;
    if (phase !== "bid" || !here.length) cover.hide();
    if (phase !== "offices" || !here.length) offices.hide();
    if (phase !== "over") final.hide();
    controller.idle(answer);
    if (phase === "over") {
      screen.panel.appendChild(h("div", { class: "th-actions" }, h("button", {
        type: "button", class: "th-button th-primary", id: "th-show-final", onclick: () => final.show(answer.view),
      }, t("game.show_results"))));
      if (answer.game_id) screen.panel.appendChild(notesBox(answer));
      // The final table can be closed to look at the board, and opened again from the panel.
      final.show(answer.view);
      return;
    }
    if (turn.chooses) { // a device new to a game across devices: who plays here?
      screen.panel.appendChild(chooseSeats(answer, (seats) => session.chooseSeats(seats), address.seat()));
      signal.announce("who");
      return;
    }
    if (turn.computer !== null) {
      // A computer's move: no game control is live until its answer is drawn (the menus,
      // Share and the log keep working from the snapshot on the page).
      signal.announce("computer");
      playComputer(answer, turn.computer);
      return;
    }
    if (!here.length) { // across devices: another device's move
      const waitingFor = turn.waitingFor;
      screen.panel.appendChild(notesBox(answer, waitingFor && {
        waitingFor: waitingFor.name,
        onSend: () => sendLink(answer.code, waitingFor, () => share.show({ seat: waitingFor.seat })),
      }));
      signal.announce("waiting");
      return;
    }
    if (phase === "turn" || phase === "bonus") controller.show(answer);
    if (answer.game_id) screen.panel.appendChild(notesBox(answer));
    if (phase === "bid") {
      // With one person at the table there is no one to hide a bid from: no cover.
      const people = session.seatsHere(answer).filter((s) => answer.seats[s].level === "human").length;
      cover.show({ ...answer, prompt: { ...answer.prompt, seats: here } }, { direct: people <= 1 });
    } else if (phase === "offices") { offices.show(answer); signal.announce("offices"); } else signal.announce(phase);
  }

  // The box of a game across devices: this device's notices, whom it plays, whom it waits for
  // (Send to <name>) and "Since your last move", with a way into the replay viewer there.
  function notesBox(answer, waiting = null) {
    const { notices, since, from } = session.notes;
    const moves = since.filter((e) => typeof e === "string" || !PROTOCOL_EVENTS.has(e.e));
    const lines = words(moves).map((line) => (typeof line === "string" ? line : line.text));
    const replayFrom = lines.length && from !== undefined ? Math.min(from + 1, answer.moves) : null;
    return remoteBox({
      notices, since: lines, seatsHere: seatNames(answer), ...(waiting || {}),
      onReplay: replayFrom === null ? null : () => openReplay(replayFrom),
    });
  }

  function seatNames(answer) {
    return session.seatsHere(answer).filter((s) => answer.seats[s].level === "human").map((s) => answer.view.players[s].name);
  }

  // --- computer seats ------------------------------------------------------------------------
  // One step at a time: a pause a person can follow, then the worker's move, then the answer
  // drawn like anyone's. Any change of game on screen bumps `computerRun`, so a late answer of
  // the old game is dropped; the whole move, pauses included, is busy.
  let computerRun = 0;
  async function playComputer(answer, seat) {
    const next = await signal.during(computerMove(answer, seat));
    if (next) await session.answer(next, next.events, { byDevice: true });
  }

  async function computerMove(answer, seat) {
    const run = computerRun;
    const current = () => run === computerRun && session.snap === answer;
    computers.startThinking(answer, seat);
    await computers.wait();
    if (!current()) return null;
    const next = device.active ? await device.computerMove(answer, seat) : await call("bot_act", { seat });
    if (!current()) return null;
    await computers.hold();
    if (!current()) return null;
    computers.stopThinking();
    if (!next) return null; // the worker failed: the session restores the game and starts again
    if (!next.ok) { screen.notice(t("bots.failed", { message: message(next.error) })); return null; }
    return next;
  }

  function leaveComputers() {
    computerRun += 1;
    computers.stopThinking();
    computers.dropHold();
  }

  // --- the replay viewer: it only reads; leaving it shows the game as it was -------------------
  // `at`: the move to open at (none: the last); `code`: an archived game (none: the game played).
  async function openReplay(at = null, code = null, review = false) {
    if (session.replaying || (!session.snap && !code)) return;
    session.replaying = true;
    session.route = "replay";
    signal.begin();
    try {
      replayFromFinal = final.open;
      replayFromArchive = code !== null;
      closeAll();
      document.documentElement.classList.add("th-replaying");
      if (code) document.documentElement.classList.add("th-playing");
      const error = await viewer.open({ review, ...(at === null ? {} : { at }), ...(code ? { code, leaveLabel: t("archive.replay_back") } : {}) });
      if (error) { await leaveReplay(); screen.notice(message(error)); return; }
      screen.hide();
    } finally {
      signal.done();
    }
  }

  async function leaveReplay() {
    signal.begin();
    try {
      viewer.hide();
      session.replaying = false;
      session.route = session.snap ? "game" : "start";
      document.documentElement.classList.remove("th-replaying");
      if (replayFromArchive) {
        replayFromArchive = false;
        document.documentElement.classList.remove("th-playing");
        await toArchive();
        return;
      }
      const snap = session.snap;
      if (!snap) { toStart(); return; } // opened from a link: the start screen offers that game
      screen.show();
      const now = await call("state", {});
      if (now && now.ok && now.hash !== snap.hash) { // a computer's move landed as it opened
        const full = await call("log", {});
        await session.show(now, full && full.ok ? full.log_events : []);
      } else if (reveal.open) signal.announce("reveal");
      else if (snap.view.phase === "over" && !replayFromFinal) signal.announce("over"); // the final board, as it was
      else showPhase(snap);
    } finally {
      signal.done();
    }
  }

  /** A replay link's viewer (#g=CODE&at=N): null once open, else the refusal. */
  async function openReplayLink(code, at) {
    document.documentElement.classList.add("th-playing", "th-replaying");
    const error = await viewer.open({ code, at, leaveLabel: t("replay.close") });
    if (!error) return null;
    document.documentElement.classList.remove("th-playing", "th-replaying");
    return error;
  }

  async function playOn(at) {
    const out = await session.playOn(at);
    if (out && out.error) { screen.notice(out.error); return; }
    if (out) return;
    viewer.hide();
    document.documentElement.classList.remove("th-replaying");
  }

  async function playAgain() {
    final.hide();
    const out = await session.playAgain();
    if (out && out.error) toStart([], { seats: out.seats, refusal: out.error });
  }

  // --- QR: segno, installed by micropip on first use -----------------------------------------------
  let qrReady = null;
  async function qrRows(text) {
    if (!qrReady) {
      qrReady = (async () => {
        const manifest = await fetch(new URL("../../../build.json", import.meta.url)).then((r) => r.json());
        const wheel = Object.keys(manifest.files).find((f) => QR_WHEEL.test(f));
        if (!wheel) return { ok: false, error: { code: "qr_unavailable", message: "segno is missing from the build." } };
        return call("install", { wheels: [wheel] });
      })();
    }
    const installed = await qrReady;
    if (!installed || !installed.ok) { qrReady = null; return installed; }
    return call("qr", { text });
  }

  // --- words: events are worded when drawn, in the language of the moment ---------------------
  /** The log's lines: a game played by house rules names them first (docs/rules.md). */
  function logLines(log) {
    const names = houseRulesNames(session.snap && session.snap.rules);
    const first = names.length ? [{ text: t("house.in_play", { list: listOf(names) }), rule: null }] : [];
    return first.concat(loggedWords(log));
  }

  function loggedWords(log) {
    if (worded.length < log.length) worded = worded.concat(words(log.slice(worded.length)));
    return worded;
  }

  function words(events) {
    const names = session.snap ? session.snap.view.players.map((p) => p.name) : [];
    return events.map((e) => (typeof e === "string" ? e : { text: eventText(e, names), rule: EVENT_RULES[e.e] }));
  }

  function closeAll() {
    leaveComputers();
    cover.hide(); offices.hide(); final.hide(); popover.close(); feedback.clear();
  }

  const unsubscribe = [
    session.on("game", ({ answer, log }) => show(answer, log)),
    session.on("answer", ({ answer, events, quiet }) => present(answer, events, { quiet })),
  ];

  return {
    show,
    openReplay,
    openReplayLink,
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
      viewer.hide();
    },
  };
}
