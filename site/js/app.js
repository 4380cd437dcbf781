// The game's UI, started by boot.js once Python answers:
//
//   await startApp({ client, hello })   resolves once the first screen is interactive
//
// It owns the screens (start, game), the dialogs (privacy cover, reveal, offices, final table,
// share, confirm) and the autosave. Python decides everything: each answer is a snapshot
// {view, prompt, events, hash, code, can_undo, seats, seed, moves} or {ok:false, error}.

import { Client } from "./client.js";
import { t, message } from "./strings.js";
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

const STYLES = ["../css/board.css", "../css/ui.css"];
const QR_WHEEL = /^wheels\/segno-[^/]+\.whl$/;

function loadStyles() {
  return Promise.all(STYLES.map((path) => new Promise((resolve) => {
    const href = new URL(path, import.meta.url).href;
    if ([...document.styleSheets].some((s) => s.href === href)) { resolve(); return; }
    const link = h("link", { rel: "stylesheet", href });
    link.addEventListener("load", resolve);
    link.addEventListener("error", resolve); // the page still works unstyled
    document.head.appendChild(link);
  })));
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
  return hash.startsWith("#g=") ? extractCode(hash) : null;
}

// A link's fragment goes once the link has been opened, refused or declined (replaceState: no
// history entry), so a reload resumes the game in play instead of offering the link again.
function clearLink() {
  if (window.location.hash) history.replaceState(null, "", window.location.pathname + window.location.search);
}

export async function startApp({ client: firstClient, hello }) {
  let client = firstClient;
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
  let log = [];          // the log's lines, oldest first
  let logMarks = [];     // log length before each answer's events, for undo
  let restarting = null;

  const autosave = createAutosave({
    onConflict: () => screen.notice(t("game.conflict"), [h("button", { type: "button", class: "th-button th-small", onclick: () => window.location.reload() }, t("game.reload"))]),
    onProblem: () => screen.notice(t("game.storage_failed")),
  });
  const confirm = createConfirm(document.body);
  const popover = createPopover(document.body);
  const feedback = createFeedback(document.body, {});

  // One request to the bridge. A dead worker or an unexpected Python error is told in words,
  // the worker restarted and the game restored from the autosave; callers then get null.
  async function call(method, params) {
    let answer;
    // <html data-busy> while a request is out (ui/signal.js); the page dims nothing.
    signal.begin();
    try {
      answer = await client.call(method, params);
    } catch (err) {
      await recover(t("app.engine_failed", { detail: String(err?.message || err) }));
      return null;
    } finally {
      signal.done();
    }
    if (!answer.ok && answer.error && answer.error.code === "internal") {
      await recover(t("app.internal", { detail: answer.error.message }));
      return null;
    }
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
            await showGame(answer, answer.log);
            screen.notice(t("app.engine_restored"));
            return;
          }
        }
        if (snap && snap.code) {
          const answer = await client.call("load_code", { code: snap.code, log: true });
          if (answer.ok) { await showGame(answer, answer.log); screen.notice(t("app.engine_restored")); return; }
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
  const screen = createGameScreen(root, {
    onWard: (ward, info) => (waitForComputer(info) || waitForReveal(info) || controller.onWard(ward, info)),
    onCastle: (nat, info) => (waitForComputer(info) || waitForReveal(info) || controller.onCastle(nat, info)),
    onShare: () => share.show(),
    onNew: () => toStart(),
  });
  const controller = createTurnController({
    panel: screen.panel, map: screen.map, call, feedback, popover,
    onAnswer: (answer) => present(answer, answer.events),
    onUndo: (answer) => undone(answer),
  });
  const cover = createBidCover(document.body, { call, onAnswer: (answer) => present(answer, answer.events) });
  const reveal = createReveal(document.body);
  const computers = createComputers({ table: screen.table, panel: screen.panel, bar: screen.element.querySelector(".th-bar-actions") });
  const offices = createOfficesDialog(document.body, { call, onAnswer: (answer) => present(answer, answer.events) });
  const final = createFinalTable(document.body, {
    onAgain: () => playAgain(),
    onShare: () => share.show(),
    onNew: () => { final.hide(); toStart(); },
  });
  const share = createShareDialog(document.body, {
    getCode: () => snap && snap.code,
    qrRows: (text) => qrRows(text),
  });

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
    start.setBusy(true);
    const answer = await call("new_game", { seats, seed: seed ?? options.seed ?? randomSeed() });
    start.setBusy(false);
    if (!answer) return;
    if (!answer.ok) { start.refuse(answer.error); return; }
    clearLink();
    autosave.begin();
    await showGame(answer, answer.events.map((e) => e.text));
  }

  async function playAgain() {
    final.hide();
    const seats = snap.seats.map((s) => ({ name: s.name, color: s.color, level: s.level }));
    start.setSeats(seats);
    const answer = await call("new_game", { seats, seed: randomSeed() });
    if (!answer || !answer.ok) { toStart(); if (answer) start.refuse(answer.error); return; }
    autosave.begin();
    await showGame(answer, answer.events.map((e) => e.text));
  }

  async function continueSaved() {
    const saved = readAutosave();
    if (saved.status !== "ok") { toStart(saved.status === "corrupt" ? [asideNotice(saved)] : []); return; }
    start.setBusy(true);
    const answer = await call("load_code", { code: saved.record.code, log: true });
    start.setBusy(false);
    if (!answer) return;
    if (!answer.ok) {
      setAside(saved.raw);
      toStart([t("start.corrupt_code", { message: answer.error.message })]);
      return;
    }
    clearLink(); // Continue over a link: the link is declined
    autosave.begin();
    await showGame(answer, answer.log);
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
      fail(answer.error.message);
      return;
    }
    if (!(await mayReplace(code))) {
      // The player keeps the autosaved game: the link's offer goes with its fragment.
      if (code === linkCode()) { clearLink(); start.show(startInfo()); }
      return;
    }
    clearLink();
    autosave.begin();
    await showGame(answer, answer.log);
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
    screen.setLog([]); // another game's log is not appended to
    screen.setLog(log);
    screen.setRecent(log.slice(-3));
    logMarks = [];
    await present(answer, [], { quiet: true });
  }

  // --- one answer ------------------------------------------------------------------------------
  async function present(answer, events = [], { quiet = false } = {}) {
    signal.begin(); // until the next screen is up (the reveal's wait for Continue excepted)
    try {
      presentAnswer(answer, events, quiet);
      if (!quiet && (hasReveal(events) || events.some((e) => e.e === "election"))) {
        if (!(await revealFirst(answer, events))) return;
      }
      showPhase(answer);
    } finally {
      signal.done();
    }
  }

  function presentAnswer(answer, events, quiet) {
    snap = answer;
    popover.close();
    screen.render(answer);
    computers.setTable(answer);
    computers.decorate(answer);
    autosave.save(answer);
    if (!quiet) {
      logMarks.push(log.length);
      log = log.concat(events.map((e) => e.text));
      screen.setLog(log);
      if (events.length) screen.setRecent(events.map((e) => e.text));
    }
  }

  // The election's results, read before the game goes on. While they wait for Continue the
  // page is settled on "reveal"; Continue makes it busy again (reveal.js), and present() ends
  // that once the next screen is up. False when another answer took the screen meanwhile.
  async function revealFirst(answer, events) {
    // After the last sealed bid the table stays hidden behind the reveal (it is shown again
    // when the election needs it): going from bidder to reveal to bidder stays cheap.
    cover.hide({ keepCovered: cover.open && answer.view.phase === "bid" });
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
    if (next) await present(next, next.events);
  }

  async function computerMove(answer, seat) {
    const run = computerRun;
    const current = () => run === computerRun && snap === answer;
    computers.startThinking(answer, seat);
    await computers.wait();
    if (!current()) return null;
    const next = await call("bot_act", { seat });
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
    } else {
      const full = await call("log", {});
      if (full && full.ok) log = full.log;
    }
    screen.setLog(log);
    await present(answer, [], { quiet: true });
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

  // --- the first screen -----------------------------------------------------------------------
  // A game link pasted into this tab changes only the fragment: open it as a fresh visit would
  // (the start screen offers it, with Continue; every step is already autosaved).
  window.addEventListener("hashchange", () => { if (linkCode()) window.location.reload(); });
  const saved = readAutosave();
  const notices = [];
  if (saved.status === "corrupt") notices.push(asideNotice(saved));
  if (saved.status === "blocked") notices.push(t("start.blocked"));
  if (saved.status === "ok" && wasPlaying() && !linkCode()) {
    const answer = await call("load_code", { code: saved.record.code, log: true });
    if (answer && answer.ok) {
      autosave.begin();
      await showGame(answer, answer.log);
      return;
    }
    if (answer) {
      setAside(saved.raw);
      notices.push(t("start.corrupt_code", { message: answer.error.message }));
    }
  }
  start.show(startInfo(notices));
  signal.announce("start");
}
