// Autosave in localStorage: after every answer, the snapshot's save code (Python keeps it up
// to date cheaply, appending each action) with a format marker and a few facts for the start
// screen. A record that cannot be read is set aside under another key (kept, not deleted).
// Two tabs on one game: the tab whose save was overwritten by another tab stops saving and
// says so (the `storage` event, and a check before each write).

import * as saves from "./logic/saves.js";

const KEY = "tammany.autosave";
const ASIDE = "tammany.autosave.unreadable";
const SESSION_KEY = "tammany.playing";
export const FORMAT = saves.FORMAT;

const tabId = (() => {
  const a = new Uint32Array(2);
  crypto.getRandomValues(a);
  return a[0].toString(36) + a[1].toString(36);
})();

function storage() {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

/**
 * What is stored: {status: "none"} | {status: "ok", record} | {status: "corrupt", raw}
 * | {status: "blocked"}.
 */
export function readAutosave() {
  const ls = storage();
  if (!ls) return { status: "blocked" };
  let raw;
  try {
    raw = ls.getItem(KEY);
  } catch {
    return { status: "blocked" };
  }
  return saves.readRecord(raw); // logic/saves.js: what the stored text holds
}

/** Keep an unreadable save under another key, so the start screen works and nothing is lost. */
export function setAside(raw) {
  const ls = storage();
  if (!ls) return false;
  try {
    ls.setItem(ASIDE, raw);
    ls.removeItem(KEY);
    return true;
  } catch {
    return false;
  }
}

export function createAutosave({ onConflict = () => {}, onProblem = () => {} } = {}) {
  let lastRaw = null; // what this tab last wrote; null: nothing yet in this game
  let stopped = false;
  let asked = false;

  window.addEventListener("storage", (event) => {
    if (event.key !== KEY || stopped || !saves.otherTabWrote(event.newValue, lastRaw, tabId)) return;
    stopped = true;
    onConflict();
  });

  return {
    /** Start a game's save afresh (a new, continued or loaded game). */
    begin() {
      lastRaw = null;
      stopped = false;
    },
    get stopped() { return stopped; },
    /** Store the snapshot; returns "saved", "conflict", "skipped" or "failed". */
    save(snap) {
      if (stopped) return "skipped";
      if (!snap.code) return "skipped";
      const ls = storage();
      if (!ls) { onProblem("blocked"); return "failed"; }
      const view = snap.view;
      const record = {
        format: FORMAT, code: snap.code, hash: snap.hash, moves: snap.moves,
        over: view.phase === "over", year: view.year, years: view.last_year, rules: snap.rules || {},
        names: view.players.map((p) => p.name), tab: tabId, at: Date.now(),
      };
      const raw = JSON.stringify(record);
      try {
        if (saves.overwritten(ls.getItem(KEY), lastRaw)) {
          stopped = true;
          onConflict();
          return "conflict";
        }
        ls.setItem(KEY, raw);
        lastRaw = raw;
      } catch {
        onProblem("full");
        return "failed";
      }
      if (!asked && navigator.storage && navigator.storage.persist) {
        asked = true;
        navigator.storage.persist().catch(() => {});
      }
      return "saved";
    },
  };
}

/** This tab is showing a game: a reload returns to it rather than to the start screen. */
export function markPlaying(on) {
  try {
    if (on) sessionStorage.setItem(SESSION_KEY, "1");
    else sessionStorage.removeItem(SESSION_KEY);
  } catch { /* blocked storage: a reload shows the start screen */ }
}

export function wasPlaying() {
  try {
    return sessionStorage.getItem(SESSION_KEY) === "1";
  } catch {
    return false;
  }
}
