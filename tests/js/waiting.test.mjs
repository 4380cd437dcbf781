// Who acts and whom a device waits for (site/js/logic/waiting.js; session.turn, ui/remote/remote.js).
// What the browser's game across devices also checks, here without a page: a device offers moves only
// for its own players and otherwise names whom the game waits for, a device new to a game
// chooses first, a hosted computer moves, the device's own protocol steps, a refused link's
// words, the held games' status lines, a tap on the map answered while the device waits
// (test_remote_page.py's waiting devices), "Since your last move" without the devices' own
// steps and the move its replay opens at.
import { test } from "node:test";
import assert from "node:assert/strict";
import * as w from "../../site/js/logic/waiting.js";
import { snapshots } from "./helpers.mjs";

const S = snapshots();
const human = (name) => ({ name, color: "red", level: "human" });
const easy = (name) => ({ name, color: "black", level: "easy" });

function answer({ toAct = [1], code = "turn", gameId = "77", seats = [human("Ann"), human("Bob"), easy("Cy")], phase = "turn", params = {} } = {}) {
  return {
    game_id: gameId, seats,
    prompt: { code, seats: toAct, params },
    view: { phase, year: 4, election: { ward: 6 }, players: seats.map((s, seat) => ({ seat, name: s.name })), remote: { anchored: [true, false, false] } },
  };
}

test("isComputer: a level other than human", () => {
  assert.equal(w.isComputer(easy("E")), true);
  assert.equal(w.isComputer(human("H")), false);
  assert.equal(w.isComputer({ name: "x" }), false);
  assert.equal(w.isComputer(null), false);
});

test("computerToAct: the first computer among the seats to act", () => {
  assert.equal(w.computerToAct(answer({ toAct: [0, 2] })), 2);
  assert.equal(w.computerToAct(answer({ toAct: [0, 1] })), null);
  assert.equal(w.computerToAct(answer({ phase: "over" })), null);
  assert.equal(w.computerToAct(null), null);
});

test("one table: every seat is here, the person to act moves", () => {
  const snap = S.turn_start;
  assert.deepEqual(w.seatsHere(snap, null), snap.seats.map((s, i) => i));
  assert.deepEqual(w.whoActs(snap, null), { people: snap.prompt.seats, computer: null, waitingFor: null, chooses: false });
});

test("one table: a computer to act is the computer's move, no person's", () => {
  const a = answer({ gameId: null, toAct: [2] });
  assert.deepEqual(w.whoActs(a, null), { people: [], computer: 2, waitingFor: null, chooses: false });
});

test("a finished game: nobody acts", () => {
  assert.deepEqual(w.whoActs(S.over, null), { people: [], computer: null, waitingFor: null, chooses: false });
  assert.deepEqual(w.whoActs(null, null).people, []);
});

test("across devices, a device that has not chosen: it chooses first, no seats here", () => {
  const a = answer();
  assert.equal(w.whoActs(a, { active: false, seats: [] }).chooses, true);
  assert.deepEqual(w.seatsHere(a, { active: false, seats: [] }), []);
  assert.deepEqual(w.seatsHere(a, null), []);
});

test("across devices, this device's person to act: their move", () => {
  assert.deepEqual(w.whoActs(answer({ toAct: [1] }), { active: true, seats: [1] }), { people: [1], computer: null, waitingFor: null, chooses: false });
});

test("across devices, another device's person to act: the device waits for them by name", () => {
  const out = w.whoActs(answer({ toAct: [1] }), { active: true, seats: [0] });
  assert.deepEqual(out, { people: [], computer: null, waitingFor: { seat: 1, name: "Bob" }, chooses: false });
});

test("across devices, a device that watches waits for whoever acts", () => {
  assert.deepEqual(w.whoActs(answer({ toAct: [0] }), { active: true, seats: [] }).waitingFor, { seat: 0, name: "Ann" });
});

test("across devices, a hosted computer to act moves here", () => {
  assert.equal(w.whoActs(answer({ toAct: [2] }), { active: true, seats: [0, 2] }).computer, 2);
});

test("across devices, a bid of two seats: this device's bidder moves, nobody is waited for", () => {
  const out = w.whoActs(answer({ toAct: [0, 1], phase: "bid" }), { active: true, seats: [0] });
  assert.deepEqual(out.people, [0]);
  assert.equal(out.waitingFor, null);
});

test("across devices, the device's own step: no person's move; the other seat is waited for", () => {
  const out = w.whoActs(answer({ toAct: [0, 1], code: "device" }), { active: true, seats: [0] });
  assert.deepEqual(out.people, []);
  assert.deepEqual(out.waitingFor, { seat: 1, name: "Bob" });
});

test("seatsHere across devices: the device's seats, a copy", () => {
  const device = { active: true, seats: [0, 2] };
  const here = w.seatsHere(answer(), device);
  assert.deepEqual(here, [0, 2]);
  here.push(9);
  assert.deepEqual(device.seats, [0, 2]);
});

test("localToAct: the seats to act this device plays", () => {
  assert.deepEqual(w.localToAct(answer({ toAct: [0, 1, 2] }), [2, 0]), [0, 2]);
  assert.deepEqual(w.localToAct({ prompt: null }, [0]), []);
});

test("sealedKey: election, ward and seat", () => {
  assert.equal(w.sealedKey({ year: 8, election: { ward: 14 } }, 3), "2:14:3");
});

test("protocolStep: the device's draw or anchor for a seat it plays", () => {
  const record = { seats: [1], sealed: {} };
  assert.deepEqual(w.protocolStep(answer({ code: "device", toAct: [1], params: { kind: "draw" } }), record), { seat: 1, kind: "draw" });
  assert.deepEqual(w.protocolStep(answer({ code: "device", toAct: [0, 1], params: { kind: "anchor" } }), record), { seat: 1, kind: "anchor" });
  assert.equal(w.protocolStep(answer({ code: "device", toAct: [0], params: { kind: "draw" } }), record), null);
});

test("protocolStep: an opening only for a bid this device sealed", () => {
  const a = answer({ code: "device", toAct: [0, 1], params: { kind: "open" } });
  assert.equal(w.protocolStep(a, { seats: [0, 1], sealed: {} }), null);
  assert.deepEqual(w.protocolStep(a, { seats: [0, 1], sealed: { "1:6:1": { n: [0, 0, 0, 1], y: "ab" } } }), { seat: 1, kind: "open" });
});

test("protocolStep: not the device's step, or no record", () => {
  assert.equal(w.protocolStep(answer({ code: "turn" }), { seats: [1], sealed: {} }), null);
  assert.equal(w.protocolStep(answer({ code: "device", params: { kind: "draw" } }), null), null);
});

test("heldStatus: over, waiting for someone away, or yours", () => {
  const game = { names: ["Ann", "Bob"], here: [0], toAct: [1], over: false };
  assert.deepEqual(w.heldStatus(game), { key: "remote.held.waiting", params: { name: "Bob" } });
  assert.deepEqual(w.heldStatus({ ...game, toAct: [0] }), { key: "remote.held.yours", params: { name: "Ann" } });
  assert.deepEqual(w.heldStatus({ ...game, over: true }), { key: "remote.held.over", params: {} });
  assert.equal(w.heldStatus({ ...game, toAct: [] }), null);
});

test("freeSeats: people who have not moved, the intended one first", () => {
  const a = answer({ seats: [human("Ann"), human("Bob"), easy("Cy"), human("Dee")] });
  a.view.remote.anchored = [true, false, false, false];
  assert.deepEqual(w.freeSeats(a).map((p) => p.seat), [1, 3]);
  assert.deepEqual(w.freeSeats(a, 3).map((p) => p.seat), [3, 1]);
  assert.deepEqual(w.freeSeats(a, 0).map((p) => p.seat), [1, 3], "a seat that moved is never offered");
});

test("localSeats: computers and the people set here", () => {
  const seats = [human("Ann"), easy("Cy"), human("Bob")];
  assert.deepEqual(w.localSeats(seats, new Map([[0, "here"], [2, "away"]])), [0, 1]);
  assert.deepEqual(w.localSeats(seats, new Map()), [1]);
});

test("linkRefusal: a damaged code, a newer one", () => {
  const has = () => true;
  for (const code of ["code_damaged", "not_a_code", "code_too_long"]) assert.deepEqual(w.linkRefusal({ code }, has), { key: "link.damaged", params: {} });
  assert.deepEqual(w.linkRefusal({ code: "code_version" }, has), { key: "link.newer", params: {} });
});

test("linkRefusal: a changed sealed bid names its ward", () => {
  const err = { code: "bad_move", params: { move: 9, reason: { code: "opening_mismatch", params: { ward: 14 } } } };
  assert.deepEqual(w.linkRefusal(err, () => true), { key: "link.bid_changed", params: { ward: 14 } });
});

test("linkRefusal: a move the rules refuse says the engine's reason; an unknown one is forged", () => {
  const reason = { code: "not_your_turn", params: {} };
  const err = { code: "bad_move", params: { move: 9, reason } };
  assert.deepEqual(w.linkRefusal(err, (c) => c === "not_your_turn"), { key: "link.bad_move", params: { move: 9 }, reason });
  assert.deepEqual(w.linkRefusal(err, () => false), { key: "link.forged", params: {} });
  assert.deepEqual(w.linkRefusal({ code: "bad_move", params: {} }, () => true), { key: "link.forged", params: {} });
});

test("linkRefusal: anything else is refused with the engine's words", () => {
  const err = { code: "something", params: {} };
  assert.deepEqual(w.linkRefusal(err, () => true), { key: "link.refused", params: {}, reason: err });
});

test("peopleHere: the people among a device's seats, not its computers", () => {
  const a = answer();
  assert.deepEqual(w.peopleHere(a, [0, 1, 2]), [0, 1]);
  assert.deepEqual(w.peopleHere(a, [2]), []);
});

test("tapRefusal: the results first, then a computer thinking, then whom the device waits for, then choose", () => {
  const free = { people: [0], computer: null, waitingFor: null, chooses: false };
  const waiting = { ...free, people: [], waitingFor: { seat: 1, name: "Bob" } };
  assert.equal(w.tapRefusal(free), null);
  assert.deepEqual(w.tapRefusal(waiting, { revealOpen: true, thinking: 2, thinkingName: "Cy" }), { key: "reveal.first", params: {} });
  assert.deepEqual(w.tapRefusal(waiting, { thinking: 2, thinkingName: "Cy" }), { key: "bots.wait", params: { name: "Cy" } });
  assert.deepEqual(w.tapRefusal(free, { thinking: 0, thinkingName: "Ann" }), { key: "bots.wait", params: { name: "Ann" } }, "seat 0 thinks too");
  assert.deepEqual(w.tapRefusal(waiting), { key: "remote.waiting", params: { name: "Bob" } });
  assert.deepEqual(w.tapRefusal({ ...free, people: [], chooses: true }), { key: "remote.choose_first", params: {} });
});

test("sinceMoves: the devices' own steps left out, lines of text kept", () => {
  const since = [{ e: "anchored", seat: 0 }, { e: "placed", seat: 1 }, "a line", { e: "draw_due" }, { e: "drawn" }, { e: "passed" }];
  assert.deepEqual(w.sinceMoves(since), [{ e: "placed", seat: 1 }, "a line", { e: "passed" }]);
  assert.deepEqual(w.sinceMoves([]), []);
});

test("sinceReplayFrom: the move after this device's last, at most the game's moves; nothing to read, no replay", () => {
  assert.equal(w.sinceReplayFrom(3, 9, 20), 10);
  assert.equal(w.sinceReplayFrom(3, 20, 20), 20);
  assert.equal(w.sinceReplayFrom(3, 0, 20), 1);
  assert.equal(w.sinceReplayFrom(0, 9, 20), null);
  assert.equal(w.sinceReplayFrom(3, undefined, 20), null);
});
