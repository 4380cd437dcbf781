// The page's addresses (site/js/logic/links.js, used by routes.js, share.js, the start screen
// and the replay viewer): which screen a link opens and how a link is written. What the browser
// tests also check, here without a page: the route of each address form, a damaged replay link,
// the seat a link was sent for, the seed and fast options, a link written under any sub-path.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import * as links from "../../site/js/logic/links.js";

// The list routes.js gives routeOf, read from the file (tests/test_savecode.py checks it
// against Python's VERSIONS).
const routesSource = readFileSync(new URL("../../site/js/routes.js", import.meta.url), "utf-8");
const REMOTE = JSON.parse(/export const REMOTE_VERSIONS = (\[[^\]]*\])/.exec(routesSource)[1]);
const route = (hash, wasPlaying = false) => links.routeOf(hash, { wasPlaying, remoteVersions: REMOTE });

test("routes.js lists the layouts of games across devices", () => {
  assert.deepEqual(REMOTE, ["C", "E"]);
});

test("no fragment: the start screen, or the game when this tab was playing", () => {
  assert.deepEqual(route(""), { name: "start" });
  assert.deepEqual(route("", true), { name: "game" });
});

test("#rules opens the rules panel", () => {
  assert.deepEqual(route("#rules"), { name: "rules" });
  assert.deepEqual(route("#rules", true), { name: "rules" });
});

test("a game at one table's link (B…, D… with house rules) is offered", () => {
  assert.deepEqual(route("#g=BAbc-_12"), { name: "link", code: "BAbc-_12" });
  assert.deepEqual(route("#g=DXYZ"), { name: "link", code: "DXYZ" });
});

test("a link wins over a reload's game", () => {
  assert.deepEqual(route("#g=BAbc", true), { name: "link", code: "BAbc" });
});

test("a game across devices (C…, E…) opens as one, with the seat it was sent for", () => {
  assert.deepEqual(route("#g=Cabc"), { name: "remote", code: "Cabc", seat: null });
  assert.deepEqual(route("#g=Eabc&for=2"), { name: "remote", code: "Eabc", seat: 2 });
});

test("the seat a link was sent for: one digit, at the end or before another option", () => {
  assert.equal(links.linkSeat("#g=Cabc&for=3"), 3);
  assert.equal(links.linkSeat("#g=Cabc&for=0&x=1"), 0);
  assert.equal(links.linkSeat("#g=Cabc&for=12"), null);
  assert.equal(links.linkSeat("#g=Cabc&for="), null);
  assert.equal(links.linkSeat("#g=Cabc"), null);
});

test("a replay link opens the replay at its move", () => {
  assert.deepEqual(route("#g=BAbc&at=12"), { name: "replay", code: "BAbc", at: 12 });
  assert.deepEqual(route("#g=Cxyz&at=0"), { name: "replay", code: "Cxyz", at: 0 });
});

test("a replay link with a bad move number is a plain link", () => {
  assert.deepEqual(route("#g=BAbc&at=12345"), { name: "link", code: "BAbc" });
  assert.deepEqual(route("#g=BAbc&at=x"), { name: "link", code: "BAbc" });
  assert.equal(links.replayLink("#g=BAbc&at="), null);
});

test("replayLink: only #g=CODE&at=N, code of the save-code alphabet", () => {
  assert.deepEqual(links.replayLink("  #g=B-_9&at=7  "), { code: "B-_9", at: 7 });
  assert.equal(links.replayLink("#g=B*c&at=7"), null);
  assert.equal(links.replayLink("g=Bc&at=7"), null);
  assert.equal(links.replayLink(null), null);
  assert.equal(links.replayLink("#g=Bc&at=7&for=1"), null);
});

test("linkCode: the code of a #g= fragment, its options left out", () => {
  assert.equal(links.linkCode("#g=BAbc&at=3"), "BAbc");
  assert.equal(links.linkCode("#g=Cabc&for=1"), "Cabc");
  assert.equal(links.linkCode("#rules"), null);
  assert.equal(links.linkCode(""), null);
  assert.equal(links.linkCode("#g="), "");
});

test("an empty #g= is the start screen", () => {
  assert.deepEqual(route("#g="), { name: "start" });
});

test("an unknown fragment is the start screen", () => {
  assert.deepEqual(route("#whatever"), { name: "start" });
  assert.deepEqual(route("#RULES"), { name: "start" });
});

test("extractCode: a pasted code, or the code of a pasted link", () => {
  assert.equal(links.extractCode("  BAbc  "), "BAbc");
  assert.equal(links.extractCode("https://example.org/games/tammany/#g=BAbc"), "BAbc");
  assert.equal(links.extractCode("see #g=BAbc "), "BAbc");
  assert.equal(links.extractCode(""), "");
  assert.equal(links.extractCode(null), "");
  assert.equal(links.extractCode(undefined), "");
});

test("isRemoteCode: by the first character only", () => {
  assert.equal(links.isRemoteCode("Cxyz", REMOTE), true);
  assert.equal(links.isRemoteCode("Bxyz", REMOTE), false);
  assert.equal(links.isRemoteCode("", REMOTE), false);
  assert.equal(links.isRemoteCode(null, REMOTE), false);
  assert.equal(links.isRemoteCode("Cxyz", []), false);
});

test("urlOptions: a seed of up to 20 digits below 2^64, in its shortest form", () => {
  assert.deepEqual(links.urlOptions("?seed=42"), { seed: "42", fast: false });
  assert.equal(links.urlOptions("?seed=007").seed, "7");
  assert.equal(links.urlOptions("?seed=18446744073709551615").seed, "18446744073709551615");
  assert.equal(links.urlOptions("?seed=18446744073709551616").seed, null);
  assert.equal(links.urlOptions("?seed=-1").seed, null);
  assert.equal(links.urlOptions("?seed=1e3").seed, null);
  assert.equal(links.urlOptions("?seed=123456789012345678901").seed, null);
  assert.equal(links.urlOptions("").seed, null);
});

test("urlOptions: fast only for fast=1", () => {
  assert.equal(links.urlOptions("?fast=1").fast, true);
  assert.equal(links.urlOptions("?fast=true").fast, false);
  assert.equal(links.urlOptions("?seed=3&fast=1").fast, true);
});

test("gameLink: the same page, its query left out, any sub-path kept", () => {
  assert.equal(links.gameLink("https://example.org/games/tammany/?seed=3&fast=1#g=Bold", "Bnew"),
    "https://example.org/games/tammany/#g=Bnew");
  assert.equal(links.gameLink("http://127.0.0.1:8000/index.html", "BAbc"), "http://127.0.0.1:8000/index.html#g=BAbc");
});

test("gameLink: &for=SEAT when sent to one player (seat 0 included)", () => {
  assert.equal(links.gameLink("https://x.org/", "Cabc", 0), "https://x.org/#g=Cabc&for=0");
  assert.equal(links.gameLink("https://x.org/", "Cabc", 4), "https://x.org/#g=Cabc&for=4");
  assert.equal(links.gameLink("https://x.org/", "Cabc", null), "https://x.org/#g=Cabc");
  assert.equal(links.gameLink("https://x.org/", "Cabc", undefined), "https://x.org/#g=Cabc");
});

test("a written link reads back: the same route", () => {
  for (const [code, seat] of [["BAbc", null], ["Cxyz", 2], ["Eq-_", 0], ["Dzz", null]]) {
    const hash = new URL(links.gameLink("https://x.org/a/", code, seat)).hash;
    const r = route(hash);
    assert.equal(r.code, code);
    if (REMOTE.includes(code[0])) assert.equal(r.seat, seat);
  }
});

test("replayHref reads back as the replay at that move", () => {
  const href = links.replayHref("https://x.org/t/?fast=1", "BAbc", 17);
  assert.equal(href, "https://x.org/t/#g=BAbc&at=17");
  assert.deepEqual(route(new URL(href).hash), { name: "replay", code: "BAbc", at: 17 });
});

test("gameFragment: the address bar's fragment for a game", () => {
  assert.equal(links.gameFragment("Cabc"), "#g=Cabc");
  assert.equal(links.linkCode(links.gameFragment("Cabc")), "Cabc");
});
