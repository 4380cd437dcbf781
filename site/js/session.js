// The page's one state, and the only code that talks to the game's worker (js/client.js).
//
//   const session = createSession({ client, hello, options })
//
// Screens draw from it and send it intents; it never draws. What it holds (read, never write):
//   session.snap      the snapshot on screen: {view, prompt, events, hash, code, …} (docs/api.md),
//                     null on the start screen
//   session.log       the game's events so far, oldest first (worded when drawn)
//   session.route     the screen the page is on: "start", "game", "replay" (routes.js names them)
//   session.device    this device's side of a game across devices (ui/remote/remote.js); `.active`
//   session.notes     across devices: {notices, since, from}, this device's notices and the
//                     events "Since your last move" (from: the move they follow)
//   session.replaying true while the replay viewer is up (the game waits)
//   session.hello, session.options   the bridge's hello; ?seed= and ?fast= (routes.js)
//
// Who acts — one answer for every screen, at one table or across devices:
//   session.seatsHere(answer)   the seats this device plays: all of them at one table, the
//                               device's own across devices, none for a device that watches
//   session.turn(answer)        {people, computer, waitingFor, chooses}: the seats to act that
//                               this device plays (people; a hosted computer), or the player it
//                               waits for (a seat played elsewhere: {seat, name}); `chooses`:
//                               the device has not yet said whom it plays ("Who plays here?")
//   session.actsNow()           whether the page may start a move for the answer on screen
//
// Requests (each one busy, ui/signal.js):
//   session.call(method, params)   one request; a dead worker is restarted and the game
//                                  restored from the autosave (callers then get null)
//   session.peek(method, params)   the same, not busy (the replay fetching ahead)
//   session.idle()                 resolves once no request is out
//
// Intents, each published to the screens as "game" (a game to show afresh) or "answer":
//   answer(snapshot, events, {quiet, byDevice})   a move's answer: remembered, saved, drawn
//   undone(snapshot)            an undo: the log loses the undone step's lines
//   newGame(seats, seed, rules), playAgain(), newRemoteGame(seats, localSeats, rules), continueSaved(),
//   resumeSaved(saved), loadCode(code), openRemote(code, answer), continueHeld(gameId),
//   openLinkInPlace(code), chooseSeats(seats), playOn(at), show(answer, log)
//   → null when a game is shown, else the refusal {error} or {declined: true}
//   toStart(notices)            the start screen ("start")
//   unfinishedSave(), asideNotice(saved)   the autosave's unfinished game; a corrupt one set aside
//
// Subscriptions: session.on(topic, fn) with topic "game" ({answer, log}), "answer"
// ({answer, events, quiet, byDevice}), "notice" (text, actions), "start" (notices).
// The wiring (app.js) sets session.ask(question) → Promise<bool> for yes/no questions;
// "Learn to play" (tutorial/learning.js) sets session.vet({seat, action}) → null or a refusal
// {code, message}: asked before each `act`, a refusal is answered at once ({ok: false, error})
// and nothing is sent.

import { Client } from "./client.js";
import { t, message } from "./strings.js";
import * as signal from "./ui/signal.js";
import * as routes from "./routes.js";
import { createAutosave, readAutosave, setAside, markPlaying } from "./autosave.js";
import { createRemote, loadRecord, randomId, linkRefusal } from "./ui/remote/remote.js";
import * as saves from "./logic/saves.js";
import * as waiting from "./logic/waiting.js";

function randomSeed() {
  const a = new BigUint64Array(1);
  crypto.getRandomValues(a);
  return a[0].toString();
}

export function createSession({ client, hello, options }) {
  const listeners = new Map();

  const on = (topic, fn) => {
    if (!listeners.has(topic)) listeners.set(topic, new Set());
    listeners.get(topic).add(fn);
    return () => listeners.get(topic).delete(fn);
  };
  const publish = (topic, ...args) => Promise.all([...(listeners.get(topic) || [])].map((fn) => fn(...args)));

  const session = {
    hello, options, on,
    snap: null, log: [], logMarks: [], route: "start", replaying: false,
    notes: { notices: [], since: [] },
    device: null,
    ask: async () => true,
    vet: () => null,
  };
  const autosave = createAutosave({
    onConflict: () => publish("notice", t("game.conflict"), [{ label: t("game.reload"), onclick: () => window.location.reload() }]),
    onProblem: () => publish("notice", t("game.storage_failed")),
  });

  // --- requests (createRequests, below) ------------------------------------------------------
  const requests = createRequests({ client, session, publish, autosave, show: (answer, log) => show(answer, log) });
  const call = requests.call;
  session.call = call;
  session.peek = requests.peek;
  session.idle = requests.idle;
  const device = createRemote({ call });
  session.device = device;

  // --- who acts --------------------------------------------------------------------------------
  // Who acts: logic/waiting.js, given what this device plays.
  const here = () => ({ active: device.active, seats: device.active ? device.record.seats : [] });
  session.seatsHere = (answer) => waiting.seatsHere(answer, here());
  session.turn = (answer) => waiting.whoActs(answer, here());

  session.actsNow = () => !session.replaying && session.turn(session.snap).people.length > 0;

  // --- answers ----------------------------------------------------------------------------------
  // `quiet`: not a move of this device's person (a redraw, or a step the device took by itself),
  // so across devices "Since your last move" stays as it is.
  session.answer = (answer, events = [], { quiet = false, byDevice = false } = {}) => {
    session.snap = answer;
    if (device.active) deviceSaw(answer, quiet || byDevice);
    else if (!answer.game_id) autosave.save(answer); // a game across devices is kept by its id
    if (!quiet) {
      session.logMarks.push(session.log.length);
      session.log = session.log.concat(events);
    }
    return publish("answer", { answer, events, quiet, byDevice });
  };

  session.undone = async (answer) => {
    const mark = session.logMarks.pop();
    if (mark !== undefined) session.log = session.log.slice(0, mark);
    else {
      const full = await call("log", {});
      if (full && full.ok) session.log = full.log_events;
    }
    return session.answer(answer, [], { quiet: true });
  };

  function deviceSaw(answer, quiet) {
    device.seen(answer);
    if (!quiet) { device.markOwnMove(answer); session.notes = { notices: [], since: [] }; }
    // The address bar holds this device's latest link: a reload reopens it as "same".
    if (answer.code) routes.showLink(answer.code);
  }

  // A game shown afresh (new, loaded, continued, restored): its whole log.
  async function show(answer, log) {
    session.snap = answer;
    session.log = (log || []).slice();
    session.logMarks = [];
    session.route = "game";
    markPlaying(true);
    if (device.active) deviceSaw(answer, true);
    else if (!answer.game_id) autosave.save(answer);
    await publish("game", { answer, log: session.log });
    return null;
  }
  session.show = show;

  session.toStart = (notices = []) => {
    session.route = "start";
    session.snap = null;
    markPlaying(false);
    return publish("start", notices);
  };

  // --- intents (tableIntents, linkIntents, below) -----------------------------------------------
  const ctx = { call, show, autosave, device, options, publish, deviceSaw };
  tableIntents(session, ctx);
  linkIntents(session, ctx);

  return session;
}

// The worker's requests: each one busy (ui/signal.js) and counted (idle() resolves once none is
// out); a dead worker is restarted and the game restored from the autosave (or from the
// snapshot on screen) with `show`, and callers then get null.
function createRequests({ client, session, publish, autosave, show }) {
  let worker = client;
  let inFlight = 0;
  let idleWaiters = [];
  let restarting = null;

  async function call(method, params) {
    const refusal = method === "act" ? session.vet(params) : null;
    if (refusal) return { ok: false, error: refusal };
    let answer;
    let failure = null;
    // <html data-busy> while a request is out (ui/signal.js).
    signal.begin();
    inFlight += 1;
    try {
      answer = await worker.call(method, params);
    } catch (err) {
      failure = err;
    } finally {
      settled();
      signal.done();
    }
    if (failure) {
      await recover(t("app.engine_failed", { detail: String(failure?.message || failure) }));
      return null;
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

  function settled() {
    inFlight -= 1;
    if (inFlight === 0) { for (const resolve of idleWaiters) resolve(); idleWaiters = []; }
  }

  const idle = () => (inFlight === 0 ? Promise.resolve() : new Promise((resolve) => idleWaiters.push(resolve)));

  // A dead worker or an unexpected Python error: told in words, a new worker started and the
  // game restored from the autosave (or from the snapshot on screen).
  async function recover(text) {
    if (restarting) return restarting;
    restarting = (async () => {
      publish("notice", text);
      try { worker.close(); } catch { /* already gone */ }
      worker = new Client();
      try {
        await worker.ready;
        const saved = readAutosave();
        for (const code of [saved.status === "ok" ? saved.record.code : null, session.snap && session.snap.code]) {
          if (!code) continue;
          const answer = await worker.call("load_code", { code, log: true });
          if (answer.ok) {
            autosave.begin();
            await show(answer, answer.log_events);
            publish("notice", t("app.engine_restored"));
            return;
          }
        }
        publish("notice", t("app.engine_lost"));
      } catch {
        publish("notice", t("app.engine_lost"));
      }
    })();
    try { await restarting; } finally { restarting = null; }
  }

  return { call, idle, peek: (method, params) => worker.call(method, params) };
}

/** The autosave's unfinished game (logic/saves.js), or null. */
function unfinishedSave() {
  return saves.unfinished(readAutosave());
}

// Intents of a game at one table: new, again, continued, loaded from a code.
function tableIntents(session, { call, show, autosave, device, options }) {
  session.unfinishedSave = unfinishedSave;

  async function mayReplace(exceptCode = null) {
    const question = saves.replaceQuestion(unfinishedSave(), exceptCode);
    if (!question) return true;
    return session.ask({
      title: t("start.confirm.title"),
      text: t("start.confirm.text", question),
      yes: t("start.confirm.yes"), no: t("start.confirm.no"),
    });
  }

  // `rules`: the house rules chosen ({switch: option}; none: the standard game, as "Learn to
  // play" always is).
  session.newGame = async (seats, seed = null, rules = {}) => {
    if (!(await mayReplace())) return { declined: true };
    const answer = await call("new_game", { seats, seed: seed ?? options.seed ?? randomSeed(), rules });
    if (!answer) return { declined: true };
    if (!answer.ok) return { error: answer.error };
    device.leave();
    routes.clearLink();
    autosave.begin();
    return show(answer, answer.events);
  };

  session.playAgain = async () => {
    const seats = session.snap.seats.map((s) => ({ name: s.name, color: s.color, level: s.level }));
    const answer = await call("new_game", { seats, seed: randomSeed(), rules: session.snap.rules || {} });
    if (!answer) return { declined: true };
    if (!answer.ok) return { error: answer.error, seats };
    autosave.begin();
    return show(answer, answer.events);
  };

  session.newRemoteGame = async (seats, local, rules = {}) => {
    const answer = await call("new_game", { seats, seed: options.seed ?? randomSeed(), game_id: randomId(), rules });
    if (!answer) return { declined: true };
    if (!answer.ok) return { error: answer.error };
    device.begin(answer, local);
    session.notes = { notices: [], since: [] };
    return show(answer, answer.events);
  };

  session.continueSaved = async () => {
    device.leave();
    const saved = readAutosave();
    if (saved.status !== "ok") return { error: saved.status === "corrupt" ? asideNotice(saved) : null };
    const answer = await call("load_code", { code: saved.record.code, log: true });
    if (!answer) return { declined: true };
    if (!answer.ok) {
      setAside(saved.raw);
      return { error: t("start.corrupt_code", { message: message(answer.error) }) };
    }
    routes.clearLink(); // Continue over a link: the link is declined
    autosave.begin();
    return show(answer, answer.log_events);
  };

  function asideNotice(saved) {
    setAside(saved.raw);
    return t("start.corrupt");
  }
  session.asideNotice = asideNotice;

  // A code (pasted, or a link's): checked first, so a damaged one is refused before anything is
  // asked. (The worker then holds the loaded game, but nothing is shown or saved until the
  // player agrees; Continue and Start load their own game into the worker.)
  session.loadCode = async (code) => {
    const answer = await call("load_code", { code, log: true });
    if (!answer) return { declined: true };
    if (!answer.ok) return { error: answer.error };
    if (answer.game_id) return session.openRemote(code, answer);
    if (!(await mayReplace(code))) return { declined: true };
    device.leave();
    routes.clearLink();
    autosave.begin();
    return show(answer, answer.log_events);
  };
}

// Intents around links and games across devices (and the replay's "play on", a reload's game).
function linkIntents(session, { call, show, autosave, device, publish, deviceSaw }) {
  // A link of a game across devices, already loaded in the worker as `answer`. Against what this
  // device knows of the game: a link that continues it is taken; one behind it or contradicting
  // it changes nothing (the device's own state is shown with a notice).
  session.openRemote = async (code, answer) => {
    const record = loadRecord(answer.game_id);
    if (!record || !record.code) {
      device.leave();
      session.notes = { notices: [], since: [] };
      return show(answer, answer.log_events);
    }
    const rel = await call("compare_codes", { known: record.code, incoming: code });
    if (!rel) return { declined: true };
    if (rel.ok && (rel.relation === "ahead" || rel.relation === "same")) {
      const from = record.lastOwn || 0;
      const since = await call("log_since", { move: from });
      device.resume(answer.game_id);
      session.notes = { notices: [], since: since && since.ok ? since.log_events : [], from };
      return show(answer, answer.log_events);
    }
    // A link whose only change is a seal this device has seen is said as such, as a changed
    // opening is (linkRefusal): the ward whose sealed bid it changed.
    const notice = !rel.ok ? linkRefusal(rel.error)
      : rel.relation === "seal_changed" ? t("remote.seal_changed", { ward: rel.ward, moves: rel.known_moves })
        : t(rel.relation === "behind" ? "remote.behind" : "remote.conflict", { moves: rel.known_moves });
    const mine = await call("load_code", { code: record.code, log: true });
    if (!mine || !mine.ok) return { error: notice };
    device.resume(answer.game_id);
    session.notes = { notices: [notice], since: [] };
    return show(mine, mine.log_events);
  };

  // A game across devices this device holds, from its own storage (no link needed).
  session.continueHeld = async (gameId) => {
    const record = loadRecord(gameId);
    if (!record || !record.code) return { error: t("remote.held_lost") };
    const answer = await call("load_code", { code: record.code, log: true });
    if (!answer) return { declined: true };
    if (!answer.ok) return { error: t("remote.held_lost") };
    return session.openRemote(record.code, answer);
  };

  // "Who plays on this device?" answered: `seats` (none: it watches).
  session.chooseSeats = (seats) => {
    const answer = session.snap;
    device.resume(answer.game_id, seats);
    deviceSaw(answer, true);
    return publish("answer", { answer, events: [], quiet: true, byDevice: false });
  };

  // A link opened while this tab shows a game: a link of a game across devices is taken in
  // place; a refused one changes nothing and the address bar goes back to the game's latest
  // good link, so a reload reopens the game.
  session.openLinkInPlace = async (code) => {
    const answer = await call("load_code", { code, log: true });
    if (!answer) return null;
    if (answer.ok && answer.game_id) {
      const out = await session.openRemote(code, answer);
      if (out && out.error) { // the worker holds the refused game: it takes back the one on screen
        await call("load_code", { code: session.snap.code });
        restoreLink();
        publish("notice", out.error);
      }
      return out;
    }
    if (answer.ok) return { reload: true }; // a game at one table: offered on the start screen
    restoreLink();
    publish("notice", linkRefusal(answer.error));
    return { error: answer.error };
  };

  function restoreLink() {
    const snap = session.snap;
    if (snap && snap.game_id && snap.code) routes.showLink(snap.code);
    else routes.clearLink();
  }

  session.playOn = async (at) => {
    const question = saves.replaceQuestion(unfinishedSave());
    if (question && !(await session.ask({
      title: t("replay.confirm.title"), text: t("replay.confirm.text", { at, ...question }),
      yes: t("replay.confirm.yes"), no: t("replay.confirm.no"),
    }))) return { declined: true };
    const answer = await call("replay_play_on", { at });
    if (!answer) return { declined: true };
    if (!answer.ok) return { error: message(answer.error) };
    session.replaying = false;
    device.leave();
    routes.clearLink();
    autosave.begin();
    return show(answer, answer.log_events);
  };

  // The saved game of a tab that was playing (a reload): shown, or its notice.
  session.resumeSaved = async (saved) => {
    const answer = await call("load_code", { code: saved.record.code, log: true });
    if (answer && answer.ok) {
      autosave.begin();
      return show(answer, answer.log_events);
    }
    if (answer) setAside(saved.raw);
    return { error: answer ? t("start.corrupt_code", { message: message(answer.error) }) : null };
  };
}
