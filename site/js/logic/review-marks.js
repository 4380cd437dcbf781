// Where the review marks a move on the replay viewer's map (ui/replay/review-map.js; docs/ui.md
// "The review"): the map's wards and Castle Garden cubes a move is made on, and where the small
// labelled badges ("Played", "Better") go over them, clear of the map's pieces and of each
// other (the first free of a few spots: above the place, below or beside it, further up). Pure:
// an action (its JSON form) and the map's own numbers (a ward's circle, a cube's box, in the
// map's units) in, selectors and coordinates out.

import { tapsOf } from "./taps.js";

/** The selectors of the map's wards and Castle Garden cubes where `action` is made, within the
 *  viewer (the game screen's own controls left out); a bid's, the ward voting (`view.election`:
 *  the view the bid was made in). */
export function mapSelectors(action, view) {
  const out = [];
  for (const selector of tapsOf(action)) {
    const local = selector.replace(/^#th-game /, "");
    if (/^\.tm-ward\[data-ward=|^\[data-castle=/.test(local)) out.push(local);
  }
  if (action.t === "bid" && view.election) out.push(`.tm-ward[data-ward="${view.election.ward}"]`);
  return out;
}

// --- the badges -------------------------------------------------------------------------------
/** The badges' font size, in the map's units. */
export const BADGE_FONT = 44;

/** A ward's badge: centred over its header's circle ({cx, cy, r}), just above it. */
export function wardBadgeSpot({ cx, cy, r }) {
  return { x: cx, y: cy - r - 4 - BADGE_FONT * 0.6 };
}

/** A cube's badge: centred over its box ({x, y, width}), above it and Castle Garden's panel. */
export function castleBadgeSpot({ x, y, width }) {
  return { x: x + width / 2, y: y - 6 - BADGE_FONT * 0.6 - 8 };
}

/** `spot` moved `lines` badge lines up (a line: a badge's height and a little room). */
export function stackedSpot(spot, lines) {
  return { x: spot.x, y: spot.y - lines * (BADGE_FONT * 1.3) };
}

/** The spots a ward's badge may take, in order, for a word `width` wide: above its header's
 *  circle ({cx, cy, r}), below it, left of it, right of it, then a line further up each (the
 *  ward's own cubes and bosses often sit just around its header). */
export function wardBadgeSpots({ cx, cy, r }, width) {
  const above = wardBadgeSpot({ cx, cy, r });
  const aside = r + 6 + (width + BADGE_FONT * 0.6) / 2;
  return [above, { x: cx, y: cy + r + 4 + BADGE_FONT * 0.6 }, { x: cx - aside, y: cy },
    { x: cx + aside, y: cy }, ...[1, 2, 3, 4].map((k) => stackedSpot(above, k))];
}

/** The spots a Castle Garden cube's badge may take: above its box, then a line further up each. */
export function castleBadgeSpots(box) {
  const above = castleBadgeSpot(box);
  return [0, 1, 2, 3].map((k) => stackedSpot(above, k));
}

/** Whether two boxes ({left, top, right, bottom}) overlap by more than a pixel. */
export function meets(a, b) {
  return a.left < b.right - 1 && b.left < a.right - 1 && a.top < b.bottom - 1 && b.top < a.bottom - 1;
}

const within = (r, frame) => r.left >= frame.left && r.right <= frame.right && r.top >= frame.top && r.bottom <= frame.bottom;

const overlap = (a, b) => Math.max(0, Math.min(a.right, b.right) - Math.max(a.left, b.left))
  * Math.max(0, Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top));

/** The index of the first of `boxes` (a badge's box at each of its spots, in the map's units)
 *  that lies inside `frame` (the map) and meets none of `taken` (the pieces and badges already
 *  there); when none does, the one inside the map that covers least of them (a badge is always
 *  drawn). */
export function freeSpot(boxes, taken, frame) {
  const free = boxes.findIndex((box) => within(box, frame) && !taken.some((other) => meets(box, other)));
  if (free >= 0) return free;
  const covered = boxes.map((box) => (within(box, frame) ? taken.reduce((sum, o) => sum + overlap(box, o), 0) : Infinity));
  const least = covered.indexOf(Math.min(...covered));
  return least < 0 || covered[least] === Infinity ? 0 : least;
}

/** A badge's word's width: `measured`, or where the browser cannot say (0 or undefined), its
 *  `letters` estimated. */
export function wordWidth(measured, letters) {
  return measured || letters * BADGE_FONT * 0.6;
}

/** The box behind a badge's word at `spot` ({x, y}: the word's centre and baseline), the word
 *  `measured` wide (0 or undefined where the browser cannot say: its `letters` estimated), with
 *  half a letter's room either side: {x, y, width, height, rx}, whole numbers. */
export function badgeBox(spot, measured, letters) {
  const width = wordWidth(measured, letters) + BADGE_FONT * 0.6;
  return {
    x: Math.round(spot.x - width / 2), y: Math.round(spot.y - BADGE_FONT * 0.6),
    width: Math.round(width), height: Math.round(BADGE_FONT * 1.2), rx: Math.round(BADGE_FONT * 0.3),
  };
}
