// The page's address, in one place: which screen an address opens, and how the address follows
// the game. No server sees any of it (the fragment never leaves the browser).
//
//   ?seed=N           a new game's seed (tests, bug reports)       ?fast=1   no animations
//   #g=CODE&at=N      "replay": the replay viewer at move N of the game CODE
//   #g=C…[&for=SEAT]  "remote": a game across devices (docs/remote.md), `E…` with house rules;
//                     `for` names the seat the sender meant it for (a hint, offered first to a
//                     device new to the game)
//   #g=B…             "link": a game at one table (`D…` with house rules), offered on the start
//                     screen beside Continue
//   #rules            "rules": the Rules panel, over the start screen
//   (nothing)         "game" when this tab was playing (a reload), else "start"
//
// route() reads the address; showLink/clearLink write it with history.replaceState (no history
// entry); onLinkChange follows a link pasted into the tab (the fragment alone changes).

import { extractCode } from "./ui/start-screen.js";
import { replayLink } from "./ui/replay.js";
import { wasPlaying } from "./ui/autosave.js";

/** ?seed= and ?fast= of the page's address. */
export function urlOptions() {
  const q = new URLSearchParams(window.location.search);
  const seed = q.get("seed");
  return {
    seed: seed !== null && /^\d{1,20}$/.test(seed) && BigInt(seed) < 2n ** 64n ? BigInt(seed).toString() : null,
    fast: q.get("fast") === "1",
  };
}

/** A code's first character names its layout (py/tammany/savecode.py, VERSIONS): these are the
 *  games across devices, "C" and, with house rules, "E" (tests/test_savecode.py checks the list
 *  against Python's). The route is chosen before Python has started, so the page reads it here. */
export const REMOTE_VERSIONS = ["C", "E"];

/** The code of a #g= link in the address, or null. */
export function linkCode() {
  const hash = window.location.hash;
  return hash.startsWith("#g=") ? extractCode(hash.split("&")[0]) : null; // "&at=N", "&for=S"
}

/** The seat a game across devices was sent for (`&for=SEAT`), or null. */
export function linkSeat() {
  const match = /&for=(\d)(?:&|$)/.exec(window.location.hash);
  return match ? Number(match[1]) : null;
}

/** The screen the address opens: {name, code?, at?, seat?}. */
export function route() {
  const hash = window.location.hash;
  const replay = replayLink(hash);
  if (replay) return { name: "replay", code: replay.code, at: replay.at };
  if (hash === "#rules") return { name: "rules" };
  const code = linkCode();
  if (code && REMOTE_VERSIONS.includes(code[0])) return { name: "remote", code, seat: linkSeat() };
  if (code) return { name: "link", code };
  return { name: wasPlaying() ? "game" : "start" };
}

/** The address bar holds this game's latest link (a reload reopens it). */
export function showLink(code) {
  if (window.location.hash !== "#g=" + code) history.replaceState(null, "", "#g=" + code);
}

/** A link's fragment goes once the link has been opened, refused or declined, so a reload
 * resumes the game in play instead of offering the link again. */
export function clearLink() {
  if (window.location.hash) history.replaceState(null, "", window.location.pathname + window.location.search);
}

let linkChanged = () => {};
let listening = false;
/** `handler(code)` when a game link is pasted into this tab (one listener for the page's life). */
export function onLinkChange(handler) {
  linkChanged = handler;
  if (listening) return;
  listening = true;
  window.addEventListener("hashchange", () => {
    const code = linkCode();
    if (code) linkChanged(code);
  });
}
