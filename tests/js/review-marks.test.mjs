// Where the review marks a move on the replay viewer's map (site/js/logic/review-marks.js,
// drawn by ui/replay/review-map.js). What the browser's review test
// (tests/browser/test_review_page.py) also checks on a page, here without one: a placement's
// wards and Castle Garden cube are the places marked (the move played's and the better move's),
// and each marked place carries a badge — two on one place stacked, never on each other.
import { test } from "node:test";
import assert from "node:assert/strict";
import * as rm from "../../site/js/logic/review-marks.js";

const ward = (n) => `.tm-ward[data-ward="${n}"]`;

test("mapSelectors: two bosses, their two wards on the viewer's map", () => {
  assert.deepEqual(rm.mapSelectors({ t: "bosses", a: 3, b: 7 }, {}), [ward(3), ward(7)]);
});

test("mapSelectors: a boss and a cube, Castle Garden's cube and both wards", () => {
  assert.deepEqual(rm.mapSelectors({ t: "boss_cube", c: "irish", w: 2, b: 5 }, {}),
    ['[data-castle="irish"]', ward(2), ward(5)]);
});

test("mapSelectors: the panel's and the popover's controls are not on the map", () => {
  assert.deepEqual(rm.mapSelectors({ t: "police", w: 4, c: "german" }, {}), [ward(4)]);
  assert.deepEqual(rm.mapSelectors({ t: "precinct", w: 4, c: "german", to: 6 }, {}), [ward(4), ward(6)]);
  assert.deepEqual(rm.mapSelectors({ t: "deputy", c: "irish" }, {}), []);
  assert.deepEqual(rm.mapSelectors({ t: "end" }, {}), []);
});

test("mapSelectors: a bid is marked on the ward voting", () => {
  const bid = { t: "bid", n: [1, 0, 0, 0] };
  assert.deepEqual(rm.mapSelectors(bid, { election: { ward: 6 } }), [ward(6)]);
  assert.deepEqual(rm.mapSelectors(bid, {}), []);
});

test("wardBadgeSpot: centred over the ward's header circle, clear of it", () => {
  const spot = rm.wardBadgeSpot({ cx: 100, cy: 200, r: 20 });
  assert.equal(spot.x, 100);
  const box = rm.badgeBox(spot, 120, 6);
  assert.ok(box.y + box.height <= 200 - 20, "the badge over the circle");
});

test("castleBadgeSpot: centred over the cube's box, above it", () => {
  const spot = rm.castleBadgeSpot({ x: 40, y: 300, width: 60 });
  assert.equal(spot.x, 70);
  const box = rm.badgeBox(spot, 120, 6);
  assert.ok(box.y + box.height <= 300, "the badge above the cube");
});

test("stackedSpot: a second badge on one place goes a line up, the two never overlapping", () => {
  const spot = rm.wardBadgeSpot({ cx: 100, cy: 200, r: 20 });
  assert.deepEqual(rm.stackedSpot(spot, 0), spot);
  const first = rm.badgeBox(rm.stackedSpot(spot, 0), 150, 6);
  const second = rm.badgeBox(rm.stackedSpot(spot, 1), 150, 6);
  assert.equal(second.x, first.x);
  assert.ok(second.y + second.height <= first.y, "the second badge over the first");
});

test("badgeBox: the word's width and half a letter either side; estimated when unmeasured", () => {
  const F = rm.BADGE_FONT;
  const box = rm.badgeBox({ x: 100, y: 50 }, 100, 6);
  assert.equal(box.width, Math.round(100 + F * 0.6));
  assert.equal(box.x, Math.round(100 - box.width / 2));
  assert.equal(box.height, Math.round(F * 1.2));
  assert.equal(rm.badgeBox({ x: 100, y: 50 }, undefined, 6).width, Math.round(6 * F * 0.6 + F * 0.6));
  assert.equal(rm.badgeBox({ x: 100, y: 50 }, 0, 6).width, Math.round(6 * F * 0.6 + F * 0.6));
  for (const value of Object.values(box)) assert.ok(Number.isInteger(value));
});
