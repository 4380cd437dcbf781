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
// entry); onLinkChange follows a link pasted into the tab (the fragment alone changes). What an
// address means is logic/links.js (pure, unit-tested in Node); this module reads and writes it.

import * as links from "./logic/links.js";
import { wasPlaying } from "./autosave.js";

/** A code's first character names its layout (py/tammany/savecode.py, VERSIONS): these are the
 *  games across devices, "C" and, with house rules, "E" (tests/test_savecode.py checks the list
 *  against Python's). The route is chosen before Python has started, so the page reads it here. */
export const REMOTE_VERSIONS = ["C", "E"];

/** ?seed= and ?fast= of the page's address. */
export function urlOptions() {
  return links.urlOptions(window.location.search);
}

/** The code of a #g= link in the address, or null. */
export function linkCode() {
  return links.linkCode(window.location.hash);
}

/** The seat a game across devices was sent for (`&for=SEAT`), or null. */
export function linkSeat() {
  return links.linkSeat(window.location.hash);
}

/** The screen the address opens: {name, code?, at?, seat?} (logic/links.js, routeOf). */
export function route() {
  return links.routeOf(window.location.hash, { wasPlaying: wasPlaying(), remoteVersions: REMOTE_VERSIONS });
}

/** The address bar holds this game's latest link (a reload reopens it). */
export function showLink(code) {
  const fragment = links.gameFragment(code);
  if (window.location.hash !== fragment) history.replaceState(null, "", fragment);
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
