// Where the review marks a move on the replay viewer's map (ui/replay/review-map.js; docs/ui.md
// "The review"): the map's wards and Castle Garden cubes a move is made on, and where the small
// labelled badges ("Played", "Better") go over them, stacked when both moves use a place. Pure:
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

/** A badge's spot with `below` badges already at its place: stacked upwards, a line each. */
export function stackedSpot(spot, below) {
  return { x: spot.x, y: spot.y - below * (BADGE_FONT * 1.3) };
}

/** The box behind a badge's word at `spot` ({x, y}: the word's centre and baseline), the word
 *  `measured` wide (0 or undefined where the browser cannot say: its `letters` estimated), with
 *  half a letter's room either side: {x, y, width, height, rx}, whole numbers. */
export function badgeBox(spot, measured, letters) {
  const width = (measured || letters * BADGE_FONT * 0.6) + BADGE_FONT * 0.6;
  return {
    x: Math.round(spot.x - width / 2), y: Math.round(spot.y - BADGE_FONT * 0.6),
    width: Math.round(width), height: Math.round(BADGE_FONT * 1.2), rx: Math.round(BADGE_FONT * 0.3),
  };
}
