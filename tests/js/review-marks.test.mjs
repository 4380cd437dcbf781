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

test("wardBadgeSpots: above the header, below it, beside it either way, then further up; none on the circle", () => {
  const circle = { cx: 100, cy: 200, r: 20 };
  const spots = rm.wardBadgeSpots(circle, 120);
  assert.deepEqual(spots[0], rm.wardBadgeSpot(circle));
  const onCircle = { left: 80, top: 180, right: 120, bottom: 220 };
  for (const spot of spots) {
    const b = rm.badgeBox(spot, 120, 6);
    assert.ok(!rm.meets({ left: b.x, top: b.y, right: b.x + b.width, bottom: b.y + b.height }, onCircle), JSON.stringify(spot));
  }
  const [, below, left, right] = spots;
  assert.ok(below.y > 200 && left.x < 100 && right.x > 100 && left.y === 200 && right.y === 200);
  assert.deepEqual(spots.slice(4), [1, 2, 3, 4].map((k) => rm.stackedSpot(spots[0], k)));
});

test("castleBadgeSpots: above the cube's box, then a line further up each", () => {
  const box = { x: 40, y: 300, width: 60 };
  assert.deepEqual(rm.castleBadgeSpots(box), [0, 1, 2, 3].map((k) => rm.stackedSpot(rm.castleBadgeSpot(box), k)));
});

test("freeSpot: the first box inside the picture that meets no piece or badge, else the first", () => {
  const box = (left, top) => ({ left, top, right: left + 50, bottom: top + 20 });
  const frame = { left: 0, top: 0, right: 500, bottom: 500 };
  const cube = box(0, 0);
  // the spot above is on a cube: the one below is taken
  assert.equal(rm.freeSpot([box(10, 5), box(10, 100)], [cube], frame), 1);
  // boxes that only touch (within a pixel) do not meet
  assert.equal(rm.freeSpot([box(50, 0)], [cube], frame), 0);
  // a box past the picture's edge is not free either
  assert.equal(rm.freeSpot([box(10, 5), box(10, 490), box(100, 100)], [cube], frame), 2);
  // nowhere free: the spot inside the picture that covers least, so that the badge is still drawn
  assert.equal(rm.freeSpot([box(10, 5)], [cube], frame), 0);
  assert.equal(rm.freeSpot([box(5, 5), box(30, 10), box(10, 490)], [cube], frame), 1);
  assert.ok(rm.meets(box(10, 5), cube) && !rm.meets(box(60, 0), cube));
});
