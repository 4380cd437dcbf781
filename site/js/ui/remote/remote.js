// Playing across devices (docs/remote.md): what this device keeps per game, the protocol steps
// it takes by itself (its seats' chain anchors and draws, opening their sealed bids), sealing a
// bid with Web Crypto, and the screens around it: "Play on several devices" on the start screen,
// "Waiting for Boris — send them the link", "Send to Boris", "Since your last move".
//
// Python stays the judge: it checks every commitment, opening and contribution. This module
// only computes what Python will check (the same bytes as tammany/commitment.py; fixed vectors
// in tests/remote_vectors.json) and keeps the secrets, which never enter a link.

import { t, message, hasMessage, listOf } from "../../strings.js";
import { h, clear } from "../dom.js";
import { gameLink } from "../widgets/share.js";
import * as waiting from "../../logic/waiting.js";
import { houseRulesNote } from "../widgets/house-rules.js";

const STORE_PREFIX = "tammany-remote/";
const CHAIN_LENGTH = 80; // values per seat (tammany.commitment.CHAIN_LENGTH)
const VALUE_BYTES = 8; // a chain value: a draw's contribution or a sealed bid's salt
const COMMITMENT_BYTES = 12;
const enc = new TextEncoder();
const BID_TAG = enc.encode("tammany:bid:v2\u0000\u0000");
const CHAIN_TAG = enc.encode("tammany:chain:v2");

// --- bytes and hashes ------------------------------------------------------------------------
export function hexToBytes(hex) {
  const out = new Uint8Array(hex.length / 2);
  for (let i = 0; i < out.length; i++) out[i] = parseInt(hex.slice(2 * i, 2 * i + 2), 16);
  return out;
}

export function bytesToHex(bytes) {
  return [...bytes].map((b) => b.toString(16).padStart(2, "0")).join("");
}

/** `n` random bytes from crypto.getRandomValues, as hex. */
export function randomHex(n = 16) {
  return bytesToHex(crypto.getRandomValues(new Uint8Array(n)));
}

/** A 64-bit id (decimal digits) as 8 bytes, big-endian. */
function u64(digits) {
  let v = BigInt(digits);
  const out = new Uint8Array(8);
  for (let i = 7; i >= 0; i--) { out[i] = Number(v & 0xffn); v >>= 8n; }
  return out;
}

function concat(parts) {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) { out.set(p, at); at += p.length; }
  return out;
}

/** SHA-256 of `bytes`, its first `n` bytes. */
async function sha(bytes, n) {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", bytes));
  return digest.slice(0, n);
}

/** The commitment to a sealed bid (tammany.commitment.bid_commitment), as 24 hex digits.
 * `saltHex` is the seat's next chain value (16 hex digits). */
export async function bidCommitment(gameId, election, ward, seat, chips, saltHex) {
  const counts = chips.map((n) => Uint8Array.of((n >> 8) & 0xff, n & 0xff));
  const bytes = concat([BID_TAG, u64(gameId), Uint8Array.of(election, ward, seat), ...counts, hexToBytes(saltHex)]);
  return bytesToHex(await sha(bytes, COMMITMENT_BYTES));
}

/** A seat's chain y[0] … y[80] from its secret y[80] (tammany.commitment.chain), as hex. */
export async function chainValues(secretHex, gameId, seat) {
  const values = [hexToBytes(secretHex)];
  const id = u64(gameId);
  for (let k = CHAIN_LENGTH; k >= 1; k--) {
    values.push(await sha(concat([CHAIN_TAG, id, Uint8Array.of(seat, k), values[values.length - 1]]), VALUE_BYTES));
  }
  return values.reverse().map(bytesToHex);
}

/** A random 64-bit number as decimal digits (seeds and game ids). */
export function randomId() {
  const a = new BigUint64Array(1);
  crypto.getRandomValues(a);
  return a[0].toString();
}

// --- what this device keeps, per game id ------------------------------------------------------
// {seats: [seat numbers this device plays, computers included], secrets: {seat: hex},
//  sealed: {"election:ward:seat": {n, y}}, code, moves, lastOwn,
//  names, year, toAct: [seats], over, at: ms, rules}  (the last six: what the start screen lists)
export function loadRecord(gameId) {
  try {
    const raw = window.localStorage.getItem(STORE_PREFIX + gameId);
    const record = raw ? JSON.parse(raw) : null;
    return record && Array.isArray(record.seats) ? record : null;
  } catch {
    return null;
  }
}

/** The games across devices this device holds, most recently seen first:
 * [{gameId, names, year, toAct, over, here, at, rules}] (records without a summary are left out:
 * their links still open them). */
export function heldGames() {
  const games = [];
  try {
    const ls = window.localStorage;
    for (let i = 0; i < ls.length; i++) {
      const key = ls.key(i);
      if (!key || !key.startsWith(STORE_PREFIX)) continue;
      const record = loadRecord(key.slice(STORE_PREFIX.length));
      if (!record || !record.code || !Array.isArray(record.names)) continue;
      games.push({ gameId: key.slice(STORE_PREFIX.length), names: record.names, year: record.year,
        toAct: record.toAct || [], over: Boolean(record.over), here: record.seats, at: record.at || 0,
        rules: record.rules || {} });
    }
  } catch { /* storage blocked: nothing held */ }
  return games.sort((a, b) => b.at - a.at);
}

/** A refused link in words: what happened and what to do next (never the check digits). A
 * move the rules refuse says the engine's reason (`bad_move` carries it): a sealed bid whose
 * opening or commitment was changed on its way (`opening_mismatch`) is said as such. */
export function linkRefusal(error) {
  const said = waiting.linkRefusal(error, hasMessage); // logic/waiting.js: which words
  return t(said.key, said.reason ? { ...said.params, message: message(said.reason) } : said.params);
}

function saveRecord(gameId, record) {
  try {
    window.localStorage.setItem(STORE_PREFIX + gameId, JSON.stringify(record));
    return true;
  } catch {
    return false;
  }
}

// --- the device ---------------------------------------------------------------------------------
/**
 * createRemote({call}) → the device's side of a game across devices. `call(method, params)` is
 * the page's request to the bridge. All methods that move return the bridge's answer.
 */
export function createRemote({ call }) {
  let gameId = null;
  let record = null;

  const plays = (seat) => record !== null && record.seats.includes(seat);

  function keep() {
    if (gameId !== null && !saveRecord(gameId, record)) return false;
    return true;
  }

  /** A new game: this device plays `seats` (its people and the computers it hosts). */
  function begin(answer, seats) {
    gameId = answer.game_id;
    const secrets = {};
    for (const seat of seats) secrets[seat] = randomHex(VALUE_BYTES);
    record = { seats: [...seats].sort((a, b) => a - b), secrets, sealed: {}, code: answer.code, moves: answer.moves, lastOwn: 0 };
    keep();
  }

  /** Take up a game this device knows (or start knowing it with `seats`). */
  function resume(id, seats = null) {
    gameId = id;
    record = loadRecord(id);
    if (!record && seats) {
      const secrets = {};
      for (const seat of seats) secrets[seat] = randomHex(VALUE_BYTES);
      record = { seats, secrets, sealed: {}, code: null, moves: 0, lastOwn: 0 };
      keep();
    }
    return record;
  }

  function leave() { gameId = null; record = null; }

  /** After each answer of this game: remember it as the device's last state. */
  function seen(answer) {
    if (!record) return;
    record.code = answer.code;
    record.moves = answer.moves;
    record.names = answer.view.players.map((p) => p.name);
    record.year = answer.view.year;
    record.toAct = (answer.prompt && answer.prompt.seats) || [];
    record.over = answer.view.phase === "over";
    record.rules = answer.rules || {};
    record.at = Date.now();
    keep();
  }

  /** The step this device takes by itself now, as an action for `act`, or null. */
  async function protocolAction(answer) {
    const step = waiting.protocolStep(answer, record); // logic/waiting.js: which step, whose
    if (!step) return null;
    const { seat, kind } = step;
    if (kind === "open") {
      const { n, y } = record.sealed[sealedKey(answer, seat)];
      return { seat, action: { t: "open", n, y } };
    }
    if (kind === "anchor") return { seat, action: { t: "anchor", y: await chainValue(answer, seat, 0) } };
    return { seat, action: { t: "draw", y: await chainValue(answer, seat) } };
  }

  /** The seat's chain value number `k`; by default its next one (the view counts those revealed). */
  async function chainValue(answer, seat, k = answer.view.remote.revealed[seat] + 1) {
    return (await chainValues(record.secrets[seat], gameId, seat))[k];
  }

  const sealedKey = (answer, seat) => waiting.sealedKey(answer.view, seat);

  /** A bid of this device's seat: sealed (bid and salt kept here until the opening) in a ward
   * with several bidders, its salt the seat's next chain value; a lone bidder's in the clear. */
  async function bid(answer, seat, n) {
    const p = answer.prompt;
    if (!(p.seal || []).includes(seat)) return call("act", { seat, action: { t: "bid", n } });
    const y = await chainValue(answer, seat);
    const commitment = await bidCommitment(gameId, p.election, p.ward, seat, n, y);
    record.sealed[sealedKey(answer, seat)] = { n, y };
    if (!keep()) return { ok: false, error: { code: "storage", message: t("remote.storage_failed") } };
    return call("act", { seat, action: { t: "seal", h: commitment } });
  }

  /** A hosted computer's move: its bid chosen in the worker and sealed here, else bot_act. */
  async function computerMove(answer, seat) {
    if (answer.view.phase !== "bid") return call("bot_act", { seat });
    const choice = await call("bot_bid", { seat });
    if (!choice || !choice.ok) return choice;
    return bid(answer, seat, choice.n);
  }

  function markOwnMove(answer) {
    if (!record) return;
    record.lastOwn = answer.moves;
    keep();
  }

  return {
    begin, resume, leave, seen, protocolAction, bid, computerMove, markOwnMove,
    get active() { return record !== null; },
    get gameId() { return gameId; },
    get record() { return record; },
    plays,
    /** The seats of `answer` to act that this device plays. */
    localToAct: (answer) => (record ? waiting.localToAct(answer, record.seats) : []),
  };
}

// --- "Play on several devices" on the start screen -------------------------------------------------
/**
 * createRemoteSetup({getSeats, onStart(seats, localSeats)}) → {element}: a card listing the seats
 * of the start form, each person on "this device" or "another device" (computers are hosted here).
 */
export function createRemoteSetup({ getSeats, onStart }) {
  const where = new Map(); // seat index → "here" | "away"
  const list = h("ol", { class: "th-remote-seats" });
  const error = h("p", { class: "th-field-error", role: "alert", id: "th-remote-error" });
  const start = h("button", { type: "button", class: "th-button th-primary", id: "th-remote-start", onclick: submit }, t("remote.start"));
  const element = h("details", { class: "th-start-card th-remote", id: "th-remote" }, [
    h("summary", { text: t("remote.title") }),
    h("p", { text: t("remote.explain") }),
    list,
    h("p", { class: "th-fine", text: t("remote.limits") }),
    error,
    start,
  ]);
  element.addEventListener("toggle", render);

  function render() {
    clear(list);
    getSeats().forEach((seat, i) => {
      if (!where.has(i)) where.set(i, i === 0 ? "here" : "away");
      const computer = seat.level && seat.level !== "human";
      const row = h("li", { class: "th-remote-seat", dataset: { seat: i } }, [h("span", { class: "th-remote-name", text: seat.name })]);
      if (computer) {
        row.appendChild(h("span", { class: "th-fine", text: t("remote.computer") }));
      } else {
        const group = h("div", { class: "th-kinds", role: "radiogroup", "aria-label": t("remote.where", { name: seat.name }) });
        for (const place of ["here", "away"]) {
          const on = where.get(i) === place;
          group.appendChild(h("button", {
            type: "button", role: "radio", class: "th-kind", "aria-checked": on ? "true" : "false",
            dataset: { where: place }, text: t(`remote.${place}`),
            onclick: () => { where.set(i, place); render(); },
          }));
        }
        row.appendChild(group);
      }
      list.appendChild(row);
    });
  }

  function submit() {
    const seats = getSeats();
    const local = waiting.localSeats(seats, where);
    const away = seats.filter((s, i) => !local.includes(i));
    if (!away.length) { error.textContent = t("remote.nobody_away"); return; }
    error.textContent = "";
    onStart(seats, local);
  }

  return { element, refuse(text) { error.textContent = text; } };
}

// --- the panel around a game across devices ----------------------------------------------------------
/** Send the game's link to `name` (the player in `seat`, named in the link: routes.js): the
 * system share sheet where there is one, else `fallback()` (the share dialog: Copy link and the
 * QR code). */
export async function sendLink(code, { name, seat }, fallback) {
  const url = gameLink(code, seat);
  if (typeof navigator.share === "function") {
    try {
      await navigator.share({ title: t("remote.share_title"), text: t("remote.share_text", { name }), url });
      return;
    } catch (err) {
      if (err && err.name === "AbortError") return;
    }
  }
  fallback();
}

/** The box under the panel: whose move it is, Send to <name>, notices, "Since your last move"
 * (its lines, and `onReplay`: watch those moves in the replay viewer). */
export function remoteBox({ waitingFor = null, onSend, notices = [], since = [], onReplay = null, seatsHere = [] }) {
  const box = h("div", { class: "th-remote-box", id: "th-remote-box" });
  for (const text of notices) box.appendChild(h("p", { class: "th-notice", role: "status", text }));
  box.appendChild(h("p", { class: "th-fine", text: seatsHere.length ? t("remote.you_play", { names: listOf(seatsHere) }) : t("remote.you_watch") }));
  if (waitingFor) {
    box.append(
      h("p", { class: "th-remote-waiting", id: "th-remote-waiting", text: t("remote.waiting", { name: waitingFor }) }),
      h("button", { type: "button", class: "th-button th-primary", id: "th-send", onclick: onSend }, t("remote.send", { name: waitingFor })),
    );
  }
  if (since.length) {
    const list = h("ul", { class: "th-remote-since", id: "th-remote-since" });
    for (const line of since) list.appendChild(h("li", { text: line }));
    box.append(h("h3", { text: t("remote.since") }), list);
    if (onReplay) {
      box.appendChild(h("button", { type: "button", class: "th-button th-secondary", id: "th-remote-replay", onclick: onReplay }, t("remote.replay_since")));
    }
  }
  return box;
}

/** "Who plays on this device?" for a device that opens a game's link the first time: the people
 * who have not yet made a move (a seat that has moved belongs to another device), the one the
 * link was sent for (`intended`, a hint) first. */
export function chooseSeats(answer, onChoose, intended = null) {
  const free = waiting.freeSeats(answer, intended);
  const box = h("div", { class: "th-remote-box", id: "th-remote-who" }, [
    h("h3", { text: t("remote.who") }),
  ]);
  for (const p of free) {
    const meant = p.seat === intended;
    if (meant) box.appendChild(h("p", { class: "th-fine", text: t("remote.sent_for", { name: p.name }) }));
    box.appendChild(h("button", {
      type: "button", class: `th-button ${meant ? "th-primary" : "th-secondary"}`, dataset: { seat: p.seat },
      onclick: () => onChoose([p.seat]),
    }, t("remote.i_am", { name: p.name })));
  }
  box.appendChild(h("button", { type: "button", class: "th-button th-secondary", id: "th-remote-watch", onclick: () => onChoose([]) }, t("remote.watch")));
  return box;
}

/** "Your games across devices" on the start screen: each game this device holds, most recent
 * first, with who is to move; `onContinue(gameId)` takes one up. Null when it holds none. */
export function heldGamesCard(onContinue) {
  const games = heldGames();
  if (!games.length) return null;
  const list = h("ul", { class: "th-held-list" });
  for (const game of games) {
    const said = waiting.heldStatus(game);
    const status = said ? t(said.key, said.params) : "";
    list.appendChild(h("li", { class: "th-held", dataset: { game: game.gameId } }, [
      h("button", { type: "button", class: "th-button th-primary th-held-continue", onclick: () => onContinue(game.gameId) },
        t("remote.held.continue", { names: listOf(game.names) })),
      h("p", { class: "th-fine", text: t("remote.held.summary", { year: game.year, status }) }),
      houseRulesNote(game.rules),
    ]));
  }
  return h("section", { class: "th-start-card th-held-games", id: "th-held", "aria-labelledby": "th-held-title" }, [
    h("h3", { id: "th-held-title", text: t("remote.held.title") }),
    list,
  ]);
}
