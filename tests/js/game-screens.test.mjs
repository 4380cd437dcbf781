// Which screen the game view shows (site/js/logic/game-screens.js; ui/game/phase-view.js and
// ui/game/replay-door.js draw it). What the browser tests also meet, here without a page: the
// phases of test_full_game.py's hot-seat game (a turn, a bonus, the cover before a bid, the
// offices, the final table), test_bots_page.py's computers' steps and its bids without a cover
// for one person, test_remote_page.py's "Waiting for <name>" and "Who plays here?", and the
// game as it was after the replay viewer (test_replay_page.py's leaving, the final board).
import { test } from "node:test";
import assert from "node:assert/strict";
import { phaseScreen, backFromReplay } from "../../site/js/logic/game-screens.js";
import { whoActs } from "../../site/js/logic/waiting.js";
import { snapshots } from "./helpers.mjs";

const S = snapshots();
const oneTable = (snap) => whoActs(snap, null);
const kept = (screen) => Object.keys(screen.keep).filter((k) => screen.keep[k]);

test("a person's turn or bonus at one table: the turn's buttons, no dialog, no device box", () => {
  for (const name of ["turn_start", "bonus_cube"]) {
    const screen = phaseScreen(S[name], oneTable(S[name]), 3);
    assert.equal(screen.screen, S[name].view.phase);
    assert.equal(screen.controller, true);
    assert.equal(screen.box, false);
    assert.deepEqual(kept(screen), []);
  }
});

test("a bid: the cover stays; with one person at the table no cover at all", () => {
  const screen = phaseScreen(S.bid, oneTable(S.bid), 3);
  assert.equal(screen.screen, "bid");
  assert.equal(screen.controller, false);
  assert.equal(screen.direct, false);
  assert.deepEqual(kept(screen), ["cover"]);
  assert.equal(phaseScreen(S.bid, oneTable(S.bid), 1).direct, true);
});

test("the mayor's offices: the offices dialog stays", () => {
  const screen = phaseScreen(S.offices, oneTable(S.offices), 3);
  assert.equal(screen.screen, "offices");
  assert.deepEqual(kept(screen), ["offices"]);
});

test("a finished game: the final table, and across devices the device's box", () => {
  const screen = phaseScreen(S.over, oneTable(S.over), 3);
  assert.equal(screen.screen, "over");
  assert.deepEqual(kept(screen), ["final"]);
  assert.equal(screen.box, false);
  assert.equal(phaseScreen({ ...S.over, game_id: "7" }, oneTable(S.over), 3).box, true);
});

test("a computer to act: its move, every dialog down", () => {
  const turn = { people: [], computer: 2, waitingFor: null, chooses: false };
  const screen = phaseScreen(S.bid, turn, 1);
  assert.equal(screen.screen, "computer");
  assert.equal(screen.seat, 2);
  assert.deepEqual(kept(screen), []);
});

test("across devices: a device new to the game chooses first; another device's move is waited for", () => {
  const remote = { ...S.turn_start, game_id: "7" };
  assert.equal(phaseScreen(remote, { people: [], computer: null, waitingFor: null, chooses: true }).screen, "who");
  const waitingFor = { seat: 1, name: S.turn_start.view.players[1].name };
  const screen = phaseScreen(remote, { people: [], computer: null, waitingFor, chooses: false });
  assert.equal(screen.screen, "waiting");
  assert.deepEqual(screen.waitingFor, waitingFor);
  assert.equal(screen.box, true);
  assert.equal(screen.controller, false);
  const bid = phaseScreen({ ...S.bid, game_id: "7" }, { people: [], computer: null, waitingFor, chooses: false });
  assert.deepEqual(kept(bid), [], "no cover while another device bids");
});

test("across devices, this device's person to act: the phase's screen and the device's box", () => {
  const remote = { ...S.turn_start, game_id: "7" };
  const screen = phaseScreen(remote, { people: [1], computer: null, waitingFor: null, chooses: false }, 1);
  assert.equal(screen.screen, "turn");
  assert.equal(screen.controller, true);
  assert.equal(screen.box, true);
});

test("back from the replay: the game moved on meanwhile, the results being read, the final board, the phase", () => {
  const snap = { ...S.turn_start, hash: "a" };
  assert.equal(backFromReplay(snap, { ok: true, hash: "b" }), "moved");
  assert.equal(backFromReplay(snap, { ok: true, hash: "a" }), "phase");
  assert.equal(backFromReplay(snap, { ok: false }), "phase");
  assert.equal(backFromReplay(snap, null, { revealOpen: true }), "reveal");
  const over = { ...S.over, hash: "c" };
  assert.equal(backFromReplay(over, { ok: true, hash: "c" }), "over");
  assert.equal(backFromReplay(over, { ok: true, hash: "c" }, { fromFinal: true }), "phase", "opened from the final table: it comes back");
});
