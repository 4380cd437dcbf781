// The page's addresses as data: reading a link and writing one. Pure — the address comes in as
// text (`location.hash`, `location.search`, `location.href`) and goes out as text; routes.js
// reads and writes the real address with these.
//
//   ?seed=N           a new game's seed (tests, bug reports)       ?fast=1   no animations
//   #g=CODE&at=N      "replay": the replay viewer at move N of the game CODE
//   #g=C…[&for=SEAT]  "remote": a game across devices (docs/remote.md), `E…` with house rules
//   #g=B…             "link": a game at one table (`D…` with house rules)
//   #rules            "rules": the Rules panel, over the start screen
//   (nothing)         "game" when this tab was playing (a reload), else "start"

/** A pasted code or a link holding one (#g=CODE): the code, or "" if none. */
export function extractCode(text) {
  const s = String(text || "").trim();
  const hash = s.indexOf("#g=");
  const code = hash >= 0 ? s.slice(hash + 3) : s;
  return code.trim();
}

/** A replay link "#g=CODE&at=N": {code, at}, or null for any other fragment. */
export function replayLink(fragment) {
  const match = /^#g=([A-Za-z0-9_-]+)&at=(\d{1,4})$/.exec(String(fragment || "").trim());
  return match ? { code: match[1], at: Number(match[2]) } : null;
}

/** ?seed= and ?fast= of an address's query: a seed is 1–20 digits below 2^64, else null. */
export function urlOptions(search) {
  const q = new URLSearchParams(search);
  const seed = q.get("seed");
  return {
    seed: seed !== null && /^\d{1,20}$/.test(seed) && BigInt(seed) < 2n ** 64n ? BigInt(seed).toString() : null,
    fast: q.get("fast") === "1",
  };
}

/** The code of a #g= fragment, or null ("&at=N", "&for=S" left out). */
export function linkCode(hash) {
  return hash.startsWith("#g=") ? extractCode(hash.split("&")[0]) : null;
}

/** The seat a game across devices was sent for (`&for=SEAT`), or null. */
export function linkSeat(hash) {
  const match = /&for=(\d)(?:&|$)/.exec(hash);
  return match ? Number(match[1]) : null;
}

/** Whether a code is a game across devices': its first character, which names its layout, is
 *  one of `remoteVersions` (routes.js REMOTE_VERSIONS, checked against Python's by
 *  tests/test_savecode.py). */
export function isRemoteCode(code, remoteVersions) {
  return Boolean(code) && remoteVersions.includes(code[0]);
}

/** The screen a fragment opens: {name, code?, at?, seat?}. `wasPlaying`: this tab was showing
 *  a game (a reload returns to it); `remoteVersions`: the layouts of games across devices. */
export function routeOf(hash, { wasPlaying = false, remoteVersions = [] } = {}) {
  const replay = replayLink(hash);
  if (replay) return { name: "replay", code: replay.code, at: replay.at };
  if (hash === "#rules") return { name: "rules" };
  const code = linkCode(hash);
  if (isRemoteCode(code, remoteVersions)) return { name: "remote", code, seat: linkSeat(hash) };
  if (code) return { name: "link", code };
  return { name: wasPlaying ? "game" : "start" };
}

/** The fragment that holds a game's latest code. */
export function gameFragment(code) {
  return "#g=" + code;
}

/** A game's link from the page's address `href`: the same page (any sub-path), its query (test
 *  and seed options) left out, with #g=CODE, and `&for=SEAT` when it is sent to one player. */
export function gameLink(href, code, seat = null) {
  const url = new URL(href);
  url.search = "";
  url.hash = `g=${code}` + (seat === null || seat === undefined ? "" : `&for=${seat}`);
  return url.href;
}

/** A replay link: the game's link at move `at`. */
export function replayHref(href, code, at) {
  return `${gameLink(href, code)}&at=${at}`;
}
