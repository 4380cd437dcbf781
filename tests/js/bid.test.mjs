// The sealed bid's stepper and the cover's candidates (site/js/logic/bid.js, drawn by
// ui/game/bid-cover.js), on a real bid position (fixtures/snapshots.json) and small made-up ones.
// What the browser tests also check, here without a page: the steppers stay within Python's limits, a colour
// with no chips to bid shows no stepper, the total of votes, what a rival's row shows (R34).
import { test } from "node:test";
import assert from "node:assert/strict";
import * as bid from "../../site/js/logic/bid.js";
import { snapshots } from "./helpers.mjs";

const S = snapshots();
const limits = { irish: 2, english: 0, german: 1, italian: 3 };

function position({ bosses = [1, 2, 0], bidders = [0, 1], bidsIn = [], limits: lim = {} } = {}) {
  return {
    view: { wards: { 6: { bosses, cubes: {} } }, election: { ward: 6, bidders, bids_in: bidsIn } },
    prompt: { ward: 6, limits: lim },
  };
}

test("a new bid is every colour at 0", () => {
  const b = bid.newBid(limits);
  assert.deepEqual(b.counts, { irish: 0, english: 0, german: 0, italian: 0 });
  assert.equal(bid.chipTotal(b), 0);
  assert.deepEqual(bid.bidAction(b), { t: "bid", n: [0, 0, 0, 0] });
});

test("only colours with chips to bid get a stepper, in nationality order", () => {
  assert.deepEqual(bid.usable(bid.newBid(limits)), ["irish", "german", "italian"]);
  assert.deepEqual(bid.usable(bid.newBid({})), []);
});

test("a step up and down, within 0 and the limit", () => {
  let b = bid.newBid(limits);
  b = bid.step(b, "irish", +1);
  b = bid.step(b, "irish", +1);
  b = bid.step(b, "irish", +1);
  assert.equal(b.counts.irish, 2);
  b = bid.step(b, "german", -1);
  assert.equal(b.counts.german, 0);
  b = bid.step(b, "english", +1);
  assert.equal(b.counts.english, 0, "no chips of that colour to bid");
});

test("setCount clamps to the limits", () => {
  const b = bid.newBid(limits);
  assert.equal(bid.setCount(b, "italian", 99).counts.italian, 3);
  assert.equal(bid.setCount(b, "italian", -4).counts.italian, 0);
  assert.equal(bid.setCount(b, "italian", 2).counts.italian, 2);
});

test("steps make new values: the old bid is unchanged", () => {
  const b = bid.newBid(limits);
  const c = bid.step(b, "irish", +1);
  assert.equal(b.counts.irish, 0);
  assert.equal(c.counts.irish, 1);
});

test("the stepper's buttons: less off at 0, more off at the limit", () => {
  let b = bid.newBid(limits);
  assert.deepEqual(bid.stepperState(b, "german"), { value: 0, max: 1, less: false, more: true });
  b = bid.step(b, "german", +1);
  assert.deepEqual(bid.stepperState(b, "german"), { value: 1, max: 1, less: true, more: false });
});

test("the totals: bosses, chips and votes", () => {
  let b = bid.newBid(limits);
  b = bid.setCount(b, "italian", 3);
  b = bid.setCount(b, "irish", 1);
  assert.deepEqual(bid.totals(b, 2), { bosses: 2, chips: 4, votes: 6 });
});

test("the action: four counts in nationality order", () => {
  let b = bid.newBid(limits);
  b = bid.setCount(b, "italian", 2);
  b = bid.setCount(b, "irish", 1);
  assert.deepEqual(bid.bidAction(b), { t: "bid", n: [1, 0, 0, 2] });
});

test("candidates: the seats with a boss in the ward", () => {
  const p = position({ bosses: [1, 0, 2] });
  assert.deepEqual(bid.candidates(p.view, 6), [{ seat: 0, n: 1 }, { seat: 2, n: 2 }]);
});

test("limitsOf: a seat's limits, 0 for colours left out or seats not asked", () => {
  const p = position({ limits: { 1: { irish: 2 } } });
  assert.deepEqual(bid.limitsOf(p.prompt, 1), { irish: 2, english: 0, german: 0, italian: 0 });
  assert.deepEqual(bid.limitsOf(p.prompt, 0), { irish: 0, english: 0, german: 0, italian: 0 });
  assert.deepEqual(bid.limitsOf({}, 0), { irish: 0, english: 0, german: 0, italian: 0 });
});

test("a candidate's status: sealed, could bid so many, or not asked", () => {
  const p = position({ bidders: [0, 1], bidsIn: [0], limits: { 1: { irish: 2, german: 1 } } });
  assert.deepEqual(bid.candidateStatus(p.view, p.prompt, 0), { status: "in" });
  assert.deepEqual(bid.candidateStatus(p.view, p.prompt, 1), { status: "could", count: 3 });
  assert.deepEqual(bid.candidateStatus(p.view, p.prompt, 2), { status: "none" });
});

test("rivals: the other candidates, never what anyone bid (R34)", () => {
  const p = position({ bosses: [1, 2, 1], bidders: [0, 1, 2], bidsIn: [2], limits: { 0: { irish: 1 }, 1: { italian: 2 } } });
  assert.deepEqual(bid.rivals(p.view, p.prompt, 0), [
    { seat: 1, bosses: 2, sealed: false, chips: 2 },
    { seat: 2, bosses: 1, sealed: true, chips: 0 },
  ]);
});

test("rivals: a lone candidate has none", () => {
  const p = position({ bosses: [0, 3, 0], bidders: [1] });
  assert.deepEqual(bid.rivals(p.view, p.prompt, 1), []);
});

test("the real bid position: the seat to bid is a candidate whose limits bound its stepper", () => {
  const snap = S.bid;
  const seat = snap.prompt.seats[0];
  const ward = snap.prompt.ward;
  assert.ok(bid.candidates(snap.view, ward).some((c) => c.seat === seat));
  let b = bid.newBid(bid.limitsOf(snap.prompt, seat));
  for (const nat of bid.usable(b)) b = bid.setCount(b, nat, 1000);
  const lim = snap.prompt.limits[String(seat)];
  bid.NATIONALITIES.forEach((nat, i) => assert.equal(bid.bidAction(b).n[i], lim[nat] || 0));
  assert.equal(bid.candidateStatus(snap.view, snap.prompt, seat).status, "could");
  assert.equal(bid.couldBid(snap.prompt, seat), Object.values(lim).reduce((a, n) => a + n, 0));
});
