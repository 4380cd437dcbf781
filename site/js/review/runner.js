// The review of a game by the computer, in the page (issue 47; docs/review.md, docs/api.md).
//
//   const run = startReview({ code, seats, work, onUpdate, giveWay });  // seats: [0, 2], or every seat
//   run.stop();                                 // the review's worker is stopped at once
//   const result = await run.finished;          // never rejects: see `status`
//   const kept = await storedReview({ code, seats, work, version });   // instant, or null
//   reviewWork()                                // the work tests ask for (undefined: Hard's)
//
// The review runs in a SECOND worker of its own (a new Client of js/worker.js, which starts
// warm from the stored Python snapshot like the game's), so the game's worker and the page
// stay free: review_open, then review_next until every decision is weighed, one decision a
// call. After each, `onUpdate(result)` gets the review so far, so results appear as they come.
// With `giveWay`, the review holds its next decision while a game is played on the page (a game
// screen in <html data-screen>, docs/ui.md) and goes on once none is up: the game's taps then
// share the machine with at most the decision under way (docs/review.md, "In the page").
//
// A result (each onUpdate argument too) is the CLI's `--json` object — `version`, `seats` (every
// reviewed seat's figures), `decisions` (those weighed so far, in order), `chart` (each seat's
// expected final points after every move), `win_chance` (each seat's chance to win, the same
// shape), `swings` —
// and `status`: "starting" (the worker boots), "running", "done", "stopped", "failed" or
// "stored" (from this device's store, no worker started); `done` and `total` (decisions weighed
// and to weigh), `reviewed` (the seat numbers; null until the engine has answered), `waiting`
// (true while it gives way to a game) and, when failed, `error`: the engine's code (bad_code, bad_seats, …) or "worker" (the worker could not
// start or stopped answering). Nothing here is for the screen: the page words it.
//
// A finished review is kept in IndexedDB (database "tammany-reviews", beside the archive's own)
// under its code, seats, the engine's review `version` (hello's `review_version`) and `work`;
// storedReview gives it back only for the same four. Storage that fails (private browsing, a
// full disk) only means the review is made again next time.

import { Client } from "../client.js";

const DB_NAME = "tammany-reviews";
const DB_VERSION = 1;
const REVIEWS = "reviews";
const WORK_MAX = 1000; // the bridge's REVIEW_WORK_MAX
/** The screens of a game in play (<html data-screen>, docs/ui.md): a review that gives way
 * holds its next decision while one is up. */
const GAME_SCREENS = new Set(["turn", "bonus", "cover", "bid", "reveal", "offices", "computer"]);

function gameOnScreen() {
  return typeof document !== "undefined" && GAME_SCREENS.has(document.documentElement.dataset.screen);
}

// Resolves once no game screen is up (at once when none is), or once `ended` resolves.
function noGameOnScreen(ended) {
  if (!gameOnScreen()) return Promise.resolve();
  return new Promise((resolve) => {
    const observer = new MutationObserver(() => {
      if (!gameOnScreen()) { observer.disconnect(); resolve(); }
    });
    observer.observe(document.documentElement, { attributes: true, attributeFilter: ["data-screen"] });
    ended.then(() => { observer.disconnect(); resolve(); });
  });
}

/** The work tests ask for (globalThis.TAMMANY_REVIEW_WORK, an init script's), else undefined:
 * Hard's standard work. */
export function reviewWork() {
  const work = globalThis.TAMMANY_REVIEW_WORK;
  return Number.isInteger(work) && work >= 1 && work <= WORK_MAX ? work : undefined;
}

// The seats as the store keys them: sorted, each once; "all" for every seat.
function seatsKey(seats) {
  return Array.isArray(seats) ? [...new Set(seats)].sort((a, b) => a - b) : "all";
}

function storeKey({ code, seats, version, work }) {
  return JSON.stringify([code, seatsKey(seats), version, work ?? null]);
}

function request(req) {
  return new Promise((resolve, reject) => {
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error);
  });
}

function openDb() {
  return new Promise((resolve, reject) => {
    if (typeof indexedDB === "undefined") { reject(new Error("no IndexedDB")); return; }
    const req = indexedDB.open(DB_NAME, DB_VERSION);
    req.onupgradeneeded = () => {
      const db = req.result;
      if (!db.objectStoreNames.contains(REVIEWS)) db.createObjectStore(REVIEWS, { keyPath: "key" });
    };
    req.onsuccess = () => {
      req.result.onversionchange = () => req.result.close(); // a newer build upgrades it
      resolve(req.result);
    };
    req.onerror = () => reject(req.error);
    req.onblocked = () => reject(new Error("blocked"));
  });
}

// One transaction on the reviews' store; its result once the transaction is complete.
async function withStore(mode, work) {
  const db = await openDb();
  try {
    const tx = db.transaction(REVIEWS, mode);
    const done = new Promise((resolve, reject) => {
      tx.oncomplete = resolve;
      tx.onabort = () => reject(tx.error);
      tx.onerror = () => reject(tx.error);
    });
    const result = await work(tx.objectStore(REVIEWS));
    await done;
    return result;
  } finally {
    db.close();
  }
}

const FIELDS = ["version", "seats", "decisions", "chart", "win_chance", "swings", "done", "total", "reviewed"];

async function keep(key, result) {
  const record = { key, kept: new Date().toISOString() };
  for (const field of FIELDS) record[field] = result[field];
  try {
    await withStore("readwrite", (store) => request(store.put(record)));
  } catch {
    // Not kept: the review is made again next time.
  }
}

/**
 * The review kept on this device for this code, seats, work and engine review `version`
 * (hello's `review_version`), with status "stored"; null when there is none (or no storage).
 * `work` undefined (or null) means reviewWork().
 */
export async function storedReview({ code, seats, work, version }) {
  work ??= reviewWork();
  if (typeof code !== "string" || typeof version !== "string") return null;
  let record;
  try {
    record = await withStore("readonly", (store) => request(store.get(storeKey({ code, seats, version, work }))));
  } catch {
    return null;
  }
  if (!record || record.version !== version || !Array.isArray(record.decisions)) return null;
  const result = { status: "stored", waiting: false };
  for (const field of FIELDS) result[field] = record[field];
  return result;
}

/**
 * Review `code` for `seats` (a list of seat numbers; undefined or null: every seat) at `work`
 * (undefined or null: reviewWork(), itself undefined for Hard's standard work) in a worker of
 * its own.
 * `onUpdate(result)` after each step; `stop()` ends it (one last update, "stopped"); `finished`
 * resolves to the last result. `giveWay`: hold the next decision while a game screen is up.
 */
export function startReview({ code, seats, work, onUpdate = () => {}, giveWay = false }) {
  work ??= reviewWork();
  let result = {
    status: "starting", version: null, seats: [], decisions: [], chart: [], win_chance: [], swings: [],
    done: 0, total: null, reviewed: null, waiting: false,
  };
  let over = false;
  let settle;
  const finished = new Promise((resolve) => { settle = resolve; });
  const client = new Client();

  const update = (changes) => {
    if (over) return;
    result = { ...result, ...changes };
    if (["done", "stopped", "failed"].includes(result.status)) {
      over = true;
      client.close();
      settle(result);
    }
    onUpdate(result);
  };

  const ask = async (method, params = {}) => {
    const answer = await client.call(method, params);
    if (!answer.ok) throw Object.assign(new Error(answer.error?.code), { code: answer.error?.code || "worker" });
    return answer;
  };

  async function run() {
    await client.ready;
    const params = { code };
    if (seats != null) params.seats = seats;
    if (work !== undefined) params.work = work;
    const opened = await ask("review_open", params);
    if (over) return;
    update({
      status: "running", version: opened.version, chart: opened.chart, win_chance: opened.win_chance,
      swings: opened.swings,
      total: opened.total, reviewed: opened.seats,
    });
    for (;;) {
      if (giveWay && gameOnScreen()) {
        update({ waiting: true });
        await noGameOnScreen(finished);
        if (over) return;
        update({ waiting: false });
      }
      const next = await ask("review_next");
      if (over) return;
      const decisions = next.decision ? [...result.decisions, next.decision] : result.decisions;
      const finishedNow = next.decision === null || next.done >= next.total;
      if (finishedNow) {
        const last = { ...result, decisions, seats: next.summary, done: next.done, total: next.total };
        await keep(storeKey({ code, seats, version: last.version, work }), last);
        update({ ...last, status: "done" });
        return;
      }
      update({ decisions, seats: next.summary, done: next.done, total: next.total });
    }
  }

  onUpdate(result);
  run().catch((err) => update({ status: "failed", error: err?.code || "worker" }));
  return {
    stop() { update({ status: "stopped" }); },
    finished,
  };
}
