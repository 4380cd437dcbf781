// The game's UI, started by boot.js once Python answers:
//
//   await startApp({ client, hello })   resolves once the first screen is interactive
//
// It owns the screens (start, game), the dialogs (privacy cover, reveal, offices, final table,
// share, confirm) and the autosave. Python decides everything: each answer is a snapshot
// {view, prompt, events, hash, code, can_undo, seats, seed, moves} or {ok:false, error}.

import { Client } from "./client.js";
import { t, message, setLanguage, rememberLanguage } from "./strings.js";
import { eventText, EVENT_RULES } from "./i18n/engine-text.js";
import { createLanguageMenu, createRulesButton } from "./ui/rules-panel.js";
import { createBlindToggle } from "./ui/blind.js";
import { h } from "./ui/dom.js";
import { createStartScreen, extractCode } from "./ui/start-screen.js";
import { createGameScreen } from "./ui/game-screen.js";
import { createTurnController } from "./ui/turn-controller.js";
import { createBidCover } from "./ui/bid-cover.js";
import { createReveal, hasReveal } from "./ui/reveal.js";
import { createOfficesDialog } from "./ui/offices-dialog.js";
import { createFinalTable } from "./ui/final-table.js";
import { createShareDialog } from "./ui/share.js";
import { createConfirm } from "./ui/confirm.js";
import { createPopover, createFeedback } from "./ui/popover.js";
import { createAutosave, readAutosave, setAside, markPlaying, wasPlaying } from "./ui/autosave.js";
import { createComputers, computerToAct, humanCount } from "./ui/computers.js";
import * as signal from "./ui/signal.js";
import { createReplayViewer, replayLink } from "./ui/replay.js";
import { createArchive } from "./archive/archive.js";
import { createRemote, createRemoteSetup, remoteBox, sendLink, chooseSeats, randomId, loadRecord } from "./ui/remote.js";

const STYLES = ["../css/board.css", "../css/ui.css", "../css/i18n.css", "../css/replay.css", "../css/archive.css"];
const QR_WHEEL = /^wheels\/segno-[^/]+\.whl$/;

// app.js loads while Python starts (boot.js), and its stylesheets download then too: linked with
// media="not all", so that they do not apply to the boot screen until loadStyles turns them on,
// as the game's UI is built.
const styleLinks = STYLES.map((path) => {
  const link = h("link", { rel: "stylesheet", href: new URL(path, import.meta.url).href, media: "not all" });
  // Loaded or not (the page still works unstyled), it is settled.
  const settled = new Promise((resolve) => { link.onload = resolve; link.onerror = resolve; });
  document.head.appendChild(link);
  return { link, settled };
});

function loadStyles() {
  return Promise.all(styleLinks.map(({ link, settled }) => {
    link.removeAttribute("media");
    return settled;
  }));
}

function urlOptions() {
  const q = new URLSearchParams(window.location.search);
  const seed = q.get("seed");
  return {
    seed: seed !== null && /^\d{1,20}$/.test(seed) && BigInt(seed) < 2n ** 64n ? BigInt(seed).toString() : null,
    fast: q.get("fast") === "1",
  };
}

function randomSeed() {
  const a = new BigUint64Array(1);
  crypto.getRandomValues(a);
  return a[0].toString();
}

function linkCode() {
  const hash = window.location.hash;
  return hash.startsWith("#g=") ? extractCode(hash.split("&")[0]) : null; // "&at=N": a replay link
}

// A link's fragment goes once the link has been opened, refused or declined (replaceState: no
// history entry), so a reload resumes the game in play instead of offering the link again.
function clearLink() {
  if (window.location.hash) history.replaceState(null, "", window.location.pathname + window.location.search);
}

let listening = false; // window listeners are added once, whatever the rebuilds
let onHashChange = () => {}; // the hashchange answer of the UI now on screen

export async function startApp({ client: firstClient, hello, resume = null }) {
  let client = firstClient;
  const bodyBefore = new Set(document.body.children); // see `ours` below
  const options = urlOptions();
  if (options.fast) document.documentElement.classList.add("fast");
  await loadStyles();

  // The start screen goes into boot's #start section (its placeholder text replaced); the
  // game screen into the app's own root beside it.
  const main = document.querySelector("main") || document.body;
  let startHost = document.getElementById("start");
  if (!startHost) startHost = main.appendChild(h("section", { id: "start" }));
  startHost.replaceChildren();
  startHost.className = "th-start-host";
  startHost.removeAttribute("aria-labelledby");
  const root = h("div", { class: "th-app", id: "th-app" });
  main.appendChild(root);
  const version = h("p", { class: "th-version", text: t("app.version", { version: hello.version }) });
  document.body.appendChild(version);

  let snap = null;       // the snapshot on screen
  let log = [];          // the log's events, oldest first (worded in the page's language when drawn)
  let worded = [];       // the first lines of `log`, worded (loggedWords)
  let logMarks = [];     // log length before each answer's events, for undo
  let restarting = null;

  const autosave = createAutosave({
    onConflict: () => screen.notice(t("game.conflict"), [h("button", { type: "button", class: "th-button th-small", onclick: () => window.location.reload() }, t("game.reload"))]),
    onProblem: () => screen.notice(t("game.storage_failed")),
  });
  const confirm = createConfirm(document.body);
  const popover = createPopover(document.body);
  const feedback = createFeedback(document.body, {});

  let inFlight = 0; // requests out now (a language change waits for them)

  // One request to the bridge. A dead worker or an unexpected Python error is told in words,
  // the worker restarted and the game restored from the autosave; callers then get null.
  async function call(method, params) {
    let answer;
    // <html data-busy> while a request is out (ui/signal.js); the page dims nothing.
    signal.begin();
    inFlight += 1;
    try {
      answer = await client.call(method, params);
    } catch (err) {
      await recover(t("app.engine_failed", { detail: String(err?.message || err) }));
      return null;
    } finally {
      inFlight -= 1;
      signal.done();
    }
    if (!answer.ok && answer.error && answer.error.code === "internal") {
      await recover(t("app.internal", { detail: answer.error.message }));
      return null;
    }
    // A snapshot's choice tree comes a moment after it (js/client.js): the page is drawn at
    // once, but reads as settled only once the tree is in (a choosing tap before waits for it).
    if (answer.treeReady) signal.during(answer.treeReady);
    return answer;
  }

  async function recover(text) {
    if (restarting) return restarting;
    restarting = (async () => {
      screen.notice(text);
      try { client.close(); } catch { /* already gone */ }
      client = new Client();
      try {
        await client.ready;
        const saved = readAutosave();
        if (saved.status === "ok") {
          const answer = await client.call("load_code", { code: saved.record.code, log: true });
          if (answer.ok) {
            autosave.begin();
            await showGame(answer, answer.log_events);
            screen.notice(t("app.engine_restored"));
            return;
          }
        }
        if (snap && snap.code) {
          const answer = await client.call("load_code", { code: snap.code, log: true });
          if (answer.ok) { await showGame(answer, answer.log_events); screen.notice(t("app.engine_restored")); return; }
        }
        screen.notice(t("app.engine_lost"));
      } catch {
        screen.notice(t("app.engine_lost"));
      }
    })();
    try { await restarting; } finally { restarting = null; }
  }

  // --- screens -------------------------------------------------------------------------------
  const start = createStartScreen(startHost, {
    onStart: (seats) => newGame(seats),
    onContinue: () => continueSaved(),
    onLoad: (code, fail) => loadCode(code, fail),
  });
  // Language and rules (issue 14): on the start screen and in the game's bar.
  startHost.prepend(h("div", { class: "th-lang-bar" }, [createLanguageMenu(switchLanguage), createRulesButton(), createBlindToggle()]));
  // Play on several devices (issue 17, docs/remote.md): its own card on the start screen.
  const remote = createRemote({ call });
  const remoteSetup = createRemoteSetup({ getSeats: () => start.seats(), onStart: (seats, local) => newRemoteGame(seats, local) });
  start.element.querySelector(".th-start-inner").appendChild(remoteSetup.element);
  let remoteNotes = { notices: [], since: [] };
  const screen = createGameScreen(root, {
    onWard: (ward, info) => (waitForComputer(info) || waitForReveal(info) || controller.onWard(ward, info)),
    onCastle: (nat, info) => (waitForComputer(info) || waitForReveal(info) || controller.onCastle(nat, info)),
    onShare: () => share.show(),
    onNew: () => toStart(),
  });
  screen.element.querySelector(".th-bar-actions").prepend(createLanguageMenu(switchLanguage), createRulesButton());
  const controller = createTurnController({
    panel: screen.panel, map: screen.map, call, feedback, popover,
    onAnswer: (answer) => present(answer, answer.events),
    onUndo: (answer) => undone(answer),
  });
  // Across devices a bid goes through the device: sealed (kept here) or in the clear.
  const bidCall = (method, params) => (remote.active && method === "act" && params.action.t === "bid"
    ? remote.bid(snap, params.seat, params.action.n) : call(method, params));
  const cover = createBidCover(document.body, { call: bidCall, onAnswer: (answer) => present(answer, answer.events) });
  const reveal = createReveal(document.body, { map: screen.map });
  const computers = createComputers({ table: screen.table, panel: screen.panel, bar: screen.element.querySelector(".th-bar-actions") });
  const offices = createOfficesDialog(document.body, { call, onAnswer: (answer) => present(answer, answer.events) });
  const final = createFinalTable(document.body, {
    onAgain: () => playAgain(),
    onShare: () => share.show(),
    onNew: () => { final.hide(); toStart(); },
    onReplay: () => openReplay(),
  });
  const share = createShareDialog(document.body, {
    getCode: () => snap && snap.code,
    qrRows: (text) => qrRows(text),
  });
  // What this UI put on the page (taken down again when the language changes).
  const ours = [...document.body.children].filter((node) => !bodyBefore.has(node));

  // --- the replay viewer (issue 15): it only reads; leaving it shows the game as it was ------------
  const viewer = createReplayViewer(root, {
    call, peek: (method, params) => client.call(method, params), // peek: fetching ahead, not busy
    onLeave: () => leaveReplay(), onPlayOn: (at) => playOn(at),
  });
  screen.element.querySelector(".th-bar-actions").prepend(h("button", {
    type: "button", class: "th-button th-secondary th-small", id: "th-replay-button", onclick: () => openReplay(),
  }, t("replay.open")));

  // Players and their history (docs/archive.md): finished games kept, the regulars, the archive.
  // (client.call, not call: a failure of the archive's requests never restarts the engine.)
  const archive = createArchive({ call: (method, params) => client.call(method, params), start, host: root, confirm, notice: (text, actions) => screen.notice(text, actions), toStart: () => toStart(), replay: (code) => { document.documentElement.classList.add("th-playing"); openReplay(null, code); } });

  let replayFromFinal = false;
  let replayFromArchive = false;
  let replaying = false; // from the tap on Replay until it is left: the game waits (showPhase)
  // `at`: the move to open at (none: the last); `code`: an archived game (none: the game played).
  async function openReplay(at = null, code = null) {
    if (replaying || (!snap && !code)) return;
    replaying = true;
    signal.begin();
    try {
      replayFromFinal = final.open;
      replayFromArchive = code !== null;
      leaveComputers();
      cover.hide(); offices.hide(); final.hide(); popover.close(); feedback.clear();
      document.documentElement.classList.add("th-replaying");
      const error = await viewer.open({ ...(at === null ? {} : { at }), ...(code ? { code, leaveLabel: t("archive.replay_back") } : {}) });
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
      replaying = false;
      document.documentElement.classList.remove("th-replaying");
      if (replayFromArchive) { replayFromArchive = false; document.documentElement.classList.remove("th-playing"); await archive.show(); return; }
      if (!snap) { toStart(); return; } // opened from a link: the start screen offers that game
      screen.show();
      const now = await call("state", {});
      if (now && now.ok && now.hash !== snap.hash) { // a computer's move landed as it opened
        const full = await call("log", {});
        await showGame(now, full && full.ok ? full.log_events : []);
      } else if (reveal.open) {
        signal.announce("reveal");
      } else if (snap.view.phase === "over" && !replayFromFinal) {
        signal.announce("over"); // the final board, as it was
      } else {
        showPhase(snap);
      }
    } finally {
      signal.done();
    }
  }

  async function playOn(at) {
    const record = unfinishedSave();
    if (record && !(await confirm.ask({
      title: t("replay.confirm.title"), text: t("replay.confirm.text", { at, names: record.names.join(", "), year: record.year }),
      yes: t("replay.confirm.yes"), no: t("replay.confirm.no"),
    }))) return;
    const answer = await call("replay_play_on", { at });
    if (!answer) return;
    if (!answer.ok) { screen.notice(message(answer.error)); return; }
    viewer.hide();
    replaying = false;
    document.documentElement.classList.remove("th-replaying");
    clearLink();
    autosave.begin();
    await showGame(answer, answer.log_events);
  }

  function unfinishedSave() {
    const saved = readAutosave();
    return saved.status === "ok" && !saved.record.over ? saved.record : null;
  }

  async function mayReplace(exceptCode = null) {
    const record = unfinishedSave();
    if (!record || record.code === exceptCode) return true;
    return confirm.ask({
      title: t("start.confirm.title"),
      text: t("start.confirm.text", { names: record.names.join(", "), year: record.year }),
      yes: t("start.confirm.yes"), no: t("start.confirm.no"),
    });
  }

  function startInfo(extra = []) {
    return { autosave: unfinishedSave(), link: linkCode(), notices: extra, seed: options.seed };
  }

  function toStart(notices = []) {
    leaveComputers();
    cover.hide(); offices.hide(); final.hide(); popover.close(); feedback.clear();
    screen.hide();
    markPlaying(false);
    document.documentElement.classList.remove("th-playing");
    start.show(startInfo(notices));
    signal.announce("start");
  }

  async function newGame(seats, seed = null) {
    if (!(await mayReplace())) return;
    remote.leave();
    start.setBusy(true);
    const answer = await call("new_game", { seats, seed: seed ?? options.seed ?? randomSeed() });
    start.setBusy(false);
    if (!answer) return;
    if (!answer.ok) { start.refuse(answer.error); return; }
    clearLink();
    autosave.begin();
    await showGame(answer, answer.events);
  }

  async function playAgain() {
    final.hide();
    const seats = snap.seats.map((s) => ({ name: s.name, color: s.color, level: s.level }));
    start.setSeats(seats);
    const answer = await call("new_game", { seats, seed: randomSeed() });
    if (!answer || !answer.ok) { toStart(); if (answer) start.refuse(answer.error); return; }
    autosave.begin();
    await showGame(answer, answer.events);
  }

  async function continueSaved() {
    remote.leave();
    const saved = readAutosave();
    if (saved.status !== "ok") { toStart(saved.status === "corrupt" ? [asideNotice(saved)] : []); return; }
    start.setBusy(true);
    const answer = await call("load_code", { code: saved.record.code, log: true });
    start.setBusy(false);
    if (!answer) return;
    if (!answer.ok) {
      setAside(saved.raw);
      toStart([t("start.corrupt_code", { message: message(answer.error) })]);
      return;
    }
    clearLink(); // Continue over a link: the link is declined
    autosave.begin();
    await showGame(answer, answer.log_events);
  }

  // The code is checked first, so a damaged one is refused without asking to replace anything.
  // (The worker then holds the loaded game, but nothing is shown or saved until the player
  // agrees; Continue and Start load their own game into the worker.)
  async function loadCode(code, fail) {
    start.setBusy(true);
    const answer = await call("load_code", { code, log: true });
    start.setBusy(false);
    if (!answer) return;
    if (!answer.ok) {
      if (code === linkCode()) clearLink(); // a refused link is not offered again
      fail(message(answer.error));
      return;
    }
    if (answer.game_id) { await openRemote(code, answer); return; }
    if (!(await mayReplace(code))) {
      // The player keeps the autosaved game: the link's offer goes with its fragment.
      if (code === linkCode()) { clearLink(); start.show(startInfo()); }
      return;
    }
    remote.leave();
    clearLink();
    autosave.begin();
    await showGame(answer, answer.log_events);
  }

  function asideNotice(saved) {
    setAside(saved.raw);
    return t("start.corrupt");
  }

  async function showGame(answer, entries) {
    leaveComputers();
    start.hide();
    screen.show();
    markPlaying(true);
    document.documentElement.classList.add("th-playing");
    log = (entries || []).slice();
    worded = [];
    snap = answer;
    screen.setLog([]); // another game's log is not appended to
    screen.setLog(loggedWords());
    screen.setRecent(words(log.slice(-3)));
    logMarks = [];
    await present(answer, [], { quiet: true });
  }

  // --- one answer ------------------------------------------------------------------------------
  // `byDevice`: a move this device made without its person (a protocol step, a hosted computer):
  // across devices it keeps "Since your last move" for the person.
  async function present(answer, events = [], { quiet = false, byDevice = false } = {}) {
    signal.begin(); // until the next screen is up (the reveal's wait for Continue excepted)
    try {
      presentAnswer(answer, events, quiet, byDevice);
      if (!quiet && hasReveal(events)) {
        if (!(await revealFirst(answer, events))) return;
      }
      showPhase(answer);
    } finally {
      signal.done();
    }
  }

  function presentAnswer(answer, events, quiet, byDevice = false) {
    snap = answer;
    popover.close();
    screen.render(answer);
    computers.setTable(answer);
    computers.decorate(answer);
    archive.seen(answer); // a finished game goes into the archive (once)
    if (remote.active) remoteSeen(answer, quiet || byDevice);
    else if (!answer.game_id) autosave.save(answer); // a game across devices is kept by its id
    if (!quiet) {
      logMarks.push(log.length);
      log = log.concat(events);
      screen.setLog(loggedWords());
      if (events.length) screen.setRecent(words(events));
    }
  }

  // The election's results, read before the game goes on. While they wait for Continue the
  // page is settled on "reveal"; Continue makes it busy again (reveal.js), and present() ends
  // that once the next screen is up. False when another answer took the screen meanwhile.
  async function revealFirst(answer, events) {
    // The results are read over the board (the wards marked on the map), so the cover lifts.
    cover.hide();
    controller.idle(answer);
    const shown = reveal.show(events, answer.view, answer.prompt);
    // A table of computers only (a demo) goes on by itself after a while.
    if (humanCount(answer) === 0) setTimeout(() => { if (snap === answer) reveal.close(); }, computers.revealPause());
    signal.announce("reveal");
    signal.done();
    await shown;
    return snap === answer;
  }

  function showPhase(answer) {
    if (replaying) return; // the replay viewer is up: the game waits until it is left
    if (answer.game_id) { // across devices: this device's seats only (none yet: it watches)
      if (remote.active) signal.during(remotePhase(answer)); // busy until its screen is up
      else controller.idle(answer);
      return;
    }
    const phase = answer.view.phase;
    const computer = computerToAct(answer);
    if (phase !== "bid" || computer !== null) cover.hide();
    if (phase !== "offices" || computer !== null) offices.hide();
    if (phase !== "over") final.hide();
    if (computer !== null) {
      // A computer's move: no game control is live until its answer is drawn (the menus,
      // Share and the log keep working from the snapshot on the page).
      controller.idle(answer);
      signal.announce("computer");
      playComputer(answer, computer);
      return;
    }
    if (phase === "turn" || phase === "bonus") { controller.show(answer); signal.announce(phase); }
    else controller.idle(answer);
    // With one person at the table there is no one to hide a bid from: no cover.
    if (phase === "bid") cover.show(answer, { direct: humanCount(answer) <= 1 });
    else if (phase === "offices") { offices.show(answer); signal.announce("offices"); }
    else if (phase === "over") {
      // The final table can be closed to look at the board, and opened again from the panel.
      screen.panel.appendChild(h("div", { class: "th-actions" }, h("button", {
        type: "button", class: "th-button th-primary", id: "th-show-final", onclick: () => final.show(answer.view),
      }, t("game.show_results"))));
      final.show(answer.view);
    }
  }

  // --- computer seats (issue 6) ------------------------------------------------------------------
  // One step at a time: a pause a person can follow, then `bot_act` in the worker (Python picks
  // the move from the seat's own view and applies it), then the answer drawn like anyone's.
  // Any change of game on screen (new, loaded, restored, left) bumps `computerRun`, so a late
  // answer of the old game is dropped; the autosave then still holds the last drawn state.
  let computerRun = 0;
  // The whole move, pauses included, is busy (ui/signal.js): the page settles only on a
  // screen where a person acts.
  async function playComputer(answer, seat) {
    const next = await signal.during(computerMove(answer, seat));
    if (next) await present(next, next.events, { byDevice: true });
  }

  async function computerMove(answer, seat) {
    const run = computerRun;
    const current = () => run === computerRun && snap === answer;
    computers.startThinking(answer, seat);
    await computers.wait();
    if (!current()) return null;
    const next = remote.active ? await remote.computerMove(answer, seat) : await call("bot_act", { seat });
    if (!current()) return null;
    await computers.hold();
    if (!current()) return null;
    computers.stopThinking();
    if (!next) return null; // the worker failed: recover() restores the game and starts again
    if (!next.ok) { screen.notice(t("bots.failed", { message: message(next.error) })); return null; }
    return next;
  }

  function leaveComputers() {
    computerRun += 1;
    computers.stopThinking();
    computers.dropHold();
  }

  // A tap on the map while the election results show: they are read first (true).
  function waitForReveal(at) {
    if (!reveal.open) return false;
    feedback.say(t("reveal.first"), at);
    return true;
  }

  // A tap on the map while a computer thinks: say so (true), or let the controller have it.
  function waitForComputer(at) {
    if (computers.thinking === null) return false;
    feedback.say(t("bots.wait", { name: computers.thinkingName }), at);
    return true;
  }

  // Undo: the log loses the undone step's lines.
  async function undone(answer) {
    const mark = logMarks.pop();
    if (mark !== undefined) {
      log = log.slice(0, mark);
      worded = worded.slice(0, mark);
    } else {
      const full = await call("log", {});
      if (full && full.ok) { log = full.log_events; worded = []; }
    }
    screen.setLog(loggedWords());
    await present(answer, [], { quiet: true });
  }

  // --- games across devices (issue 17, docs/remote.md) ------------------------------------------
  async function newRemoteGame(seats, local) {
    start.setBusy(true);
    const answer = await call("new_game", { seats, seed: options.seed ?? randomSeed(), game_id: randomId() });
    start.setBusy(false);
    if (!answer) return;
    if (!answer.ok) { remoteSetup.refuse(answer.error.message); return; }
    remote.begin(answer, local);
    remoteNotes = { notices: [], since: [] };
    await showGame(answer, answer.events);
  }

  // A link of a game across devices, already loaded in the worker as `answer`. Against what this
  // device knows of the game: a link that continues it is taken, one behind it or contradicting
  // it changes nothing (the device's own state is shown with a notice).
  async function openRemote(code, answer) {
    leaveComputers();
    const record = loadRecord(answer.game_id);
    if (!record || !record.code) {
      remote.leave();
      remoteNotes = { notices: [], since: [] };
      await showGame(answer, answer.log_events);
      screen.panel.appendChild(chooseSeats(answer, (seats) => {
        remote.resume(answer.game_id, seats);
        remoteSeen(answer, true);
        signal.during(remotePhase(answer));
      }));
      signal.announce("who");
      return;
    }
    const rel = await call("compare_codes", { known: record.code, incoming: code });
    if (!rel) return;
    if (rel.ok && (rel.relation === "ahead" || rel.relation === "same")) {
      const from = record.lastOwn || 0;
      const since = await call("log_since", { move: from });
      remote.resume(answer.game_id);
      // Worded in the page's language; the replay viewer steps through the same moves.
      remoteNotes = { notices: [], since: since && since.ok ? since.log_events : [], from };
      await showGame(answer, answer.log_events);
      return;
    }
    const notice = !rel.ok ? t("remote.bad_link", { message: rel.error.message })
      : rel.relation === "behind" ? t("remote.behind", { moves: rel.known_moves })
        : t("remote.conflict", { moves: rel.known_moves });
    const mine = await call("load_code", { code: record.code, log: true });
    if (!mine || !mine.ok) { toStart([notice]); return; }
    remote.resume(answer.game_id);
    remoteNotes = { notices: [notice], since: [] };
    await showGame(mine, mine.log_events);
  }

  // `quiet`: not a move of this device's person (a redraw, or a step the device took itself), so
  // "Since your last move" stays as it is.
  function remoteSeen(answer, quiet) {
    remote.seen(answer);
    if (!quiet) { remote.markOwnMove(answer); remoteNotes = { notices: [], since: [] }; }
    // The address bar holds this device's latest link: a reload reopens it as "same".
    if (answer.code) history.replaceState(null, "", "#g=" + answer.code);
  }

  // What this device does with an answer of a game across devices: its own protocol step, a
  // hosted computer, its person's controls, or "Waiting for <name>" with Send to <name>.
  async function remotePhase(answer) {
    const step = await remote.protocolAction(answer);
    if (snap !== answer) return;
    if (step) {
      const next = await call("act", step);
      if (!next || snap !== answer) return;
      // Not awaited: present() is busy on its own, and may wait for a person (the reveal).
      if (next.ok) { present(next, next.events, { byDevice: true }); return; }
      // Refused (a sealed bid changed in this device's storage, say): the game stays as it was.
      controller.idle(answer);
      screen.panel.appendChild(remoteBox({ notices: [t("remote.refused", { message: message(next.error) })] }));
      signal.announce("refused");
      return;
    }
    const phase = answer.view.phase;
    const here = remote.localToAct(answer);
    const computer = here.find((s) => answer.seats[s].level !== "human");
    if (phase !== "bid" || computer !== undefined || !here.length) cover.hide();
    if (phase !== "offices" || !here.length) offices.hide();
    if (phase !== "over") final.hide();
    controller.idle(answer);
    if (phase === "over") {
      screen.panel.appendChild(h("div", { class: "th-actions" }, h("button", {
        type: "button", class: "th-button th-primary", id: "th-show-final", onclick: () => final.show(answer.view),
      }, t("game.show_results"))));
      screen.panel.appendChild(notesBox());
      final.show(answer.view);
      return;
    }
    if (computer !== undefined) {
      signal.announce("computer");
      playComputer(answer, computer);
      return;
    }
    if (here.length) {
      if (phase === "turn" || phase === "bonus") controller.show(answer);
      screen.panel.appendChild(notesBox({ seatsHere: names(remote.record.seats, answer) }));
      if (phase === "bid") {
        const people = remote.record.seats.filter((s) => answer.seats[s].level === "human").length;
        cover.show({ ...answer, prompt: { ...answer.prompt, seats: here } }, { direct: people <= 1 });
      } else if (phase === "offices") { offices.show(answer); signal.announce("offices"); }
      else signal.announce(phase);
      return;
    }
    const waitingFor = answer.view.players[(answer.prompt.seats || [])[0]].name;
    screen.panel.appendChild(notesBox({
      waitingFor, seatsHere: names(remote.record.seats, answer),
      onSend: () => sendLink(answer.code, waitingFor, () => share.show()),
    }));
    signal.announce("waiting");
  }

  // The box with this device's notices and "Since your last move", worded in the page's
  // language, with a way into the replay viewer at the first move after this device's last.
  function notesBox(more = {}) {
    const { notices, since, from } = remoteNotes;
    const lines = words(since).map((line) => (typeof line === "string" ? line : line.text));
    const replayFrom = lines.length && from !== undefined && snap ? Math.min(from + 1, snap.moves) : null;
    return remoteBox({ notices, since: lines, onReplay: replayFrom === null ? null : () => openReplay(replayFrom), ...more });
  }

  function names(seats, answer) {
    return seats.filter((s) => answer.seats[s].level === "human").map((s) => answer.view.players[s].name);
  }

  // --- QR: segno, installed by micropip on first use ------------------------------------------------
  let qrReady = null;
  async function qrRows(text) {
    if (!qrReady) {
      qrReady = (async () => {
        const manifest = await fetch(new URL("../build.json", import.meta.url)).then((r) => r.json());
        const wheel = Object.keys(manifest.files).find((f) => QR_WHEEL.test(f));
        if (!wheel) return { ok: false, error: { code: "qr_unavailable", message: "segno is missing from the build." } };
        return call("install", { wheels: [wheel] });
      })();
    }
    const installed = await qrReady;
    if (!installed || !installed.ok) { qrReady = null; return installed; }
    return call("qr", { text });
  }

  // --- language (issue 14) ----------------------------------------------------------------------
  // Events are worded when drawn, in the language of the moment, with the rule each rests on.
  // The log's lines are worded once each, as they come (a new language builds a new UI).
  function loggedWords() {
    if (worded.length < log.length) worded = worded.concat(words(log.slice(worded.length)));
    return worded;
  }

  function words(events) {
    const names = snap ? snap.view.players.map((p) => p.name) : [];
    return events.map((e) => (typeof e === "string" ? e : { text: eventText(e, names), rule: EVENT_RULES[e.e] }));
  }

  // A new language redraws every screen without a reload: this UI is taken down and built
  // again around the same worker, and the game on screen is drawn from its current snapshot
  // (the worker's game is not touched: same hash, same moves). A move being composed, an
  // unsealed bid or the reveal on screen is dropped; the phase's own screen comes back.
  async function switchLanguage(lang) {
    signal.begin();
    try {
      await setLanguage(lang);
      rememberLanguage(lang);
      while (inFlight > 0) await new Promise((r) => setTimeout(r, 20));
      const playing = !screen.element.hidden && snap;
      const again = { snap: playing ? snap : null, log: playing ? log.slice() : null, seats: start.seats() };
      leaveComputers();
      cover.hide(); offices.hide(); final.hide(); popover.close(); feedback.clear();
      for (const node of ours) node.remove();
      root.remove();
      await startApp({ client, hello, resume: again });
    } finally {
      signal.done();
    }
  }

  if (resume) {
    if (resume.seats) start.setSeats(resume.seats);
    if (resume.snap) { autosave.begin(); await showGame(resume.snap, resume.log); }
    else { start.show(startInfo()); signal.announce("start"); }
    return;
  }

  // --- the first screen -----------------------------------------------------------------------
  // A game link pasted into this tab changes only the fragment: open it as a fresh visit would
  // (the start screen offers it, with Continue; every step is already autosaved).
  // One hashchange listener for the page's life (the UI is rebuilt when the language
  // changes): it asks the UI now on screen.
  onHashChange = () => {
    const code = linkCode();
    if (!code) return;
    // A link of a game across devices, opened while this tab shows such a game, is taken in
    // place (no new start of the engine): it is compared with what this device knows.
    if (remote.active && code.startsWith("C") && !(snap && snap.code === code)) {
      signal.during(openRemoteInPlace(code));
      return;
    }
    window.location.reload();
  };
  if (!listening) window.addEventListener("hashchange", () => onHashChange());
  listening = true;
  async function openRemoteInPlace(code) {
    const answer = await call("load_code", { code, log: true });
    if (answer && answer.ok && answer.game_id) { await openRemote(code, answer); return; }
    if (answer && !answer.ok && snap) screen.notice(t("remote.bad_link", { message: message(answer.error) }));
  }
  // A link of a game across devices opens straight away: it cannot replace anything (each such
  // game is kept apart, by its id).
  const incoming = linkCode();
  if (incoming && incoming.startsWith("C")) {
    const answer = await call("load_code", { code: incoming, log: true });
    if (answer && answer.ok && answer.game_id) { await openRemote(incoming, answer); return; }
  }
  const saved = readAutosave();
  const notices = [];
  const replayAt = replayLink(window.location.hash);
  if (replayAt) { // #g=CODE&at=N opens the viewer at move N; the autosave is not touched
    document.documentElement.classList.add("th-playing", "th-replaying");
    const error = await viewer.open({ code: replayAt.code, at: replayAt.at, leaveLabel: t("replay.close") });
    if (!error) return;
    document.documentElement.classList.remove("th-playing", "th-replaying");
    clearLink(); // a refused link is not offered again
    notices.push(message(error));
  }
  if (saved.status === "corrupt") notices.push(asideNotice(saved));
  if (saved.status === "blocked") notices.push(t("start.blocked"));
  if (saved.status === "ok" && wasPlaying() && !linkCode()) {
    const answer = await call("load_code", { code: saved.record.code, log: true });
    if (answer && answer.ok) {
      autosave.begin();
      await showGame(answer, answer.log_events);
      return;
    }
    if (answer) {
      setAside(saved.raw);
      notices.push(t("start.corrupt_code", { message: message(answer.error) }));
    }
  }
  start.show(startInfo(notices));
  signal.announce("start");
}
