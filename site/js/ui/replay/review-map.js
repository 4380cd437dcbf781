// The review's two moves on the replay viewer's map (ui/replay/review-verdict.js; docs/ui.md
// "The review"): the move played outlined solid, the better move dashed over the suggestion's
// stripes (ui/widgets/marks.js marks those), the wards' rings too, and a small labelled badge
// on each marked ward and cube ("Played", "Better"), so the two are told apart by words and
// outline, not by colour or stripes alone. Where, and where the badges go: logic/review-marks.js.
//
// Hooks (docs/ui.md): .th-rv-mark-played, .th-sug-target + .th-rv-mark-better (and on the
// wards' rings [data-ward-ring]); .th-rv-badge[data-kind][data-ward|data-castle].

import { t } from "../../strings.js";
import { el } from "../../render/pieces.js";
import { unmarkAll, MARK } from "../widgets/marks.js";
import { mapSelectors, wardBadgeSpots, castleBadgeSpots, freeSpot, badgeBox, wordWidth, BADGE_FONT } from "../../logic/review-marks.js";

export const PLAYED = "th-rv-mark-played";
export const BETTER = "th-rv-mark-better";
const WORD = { [PLAYED]: "played", [BETTER]: "better" };

/** The map's wards and Castle Garden cubes where `action` is made (a bid: the ward voting). */
function placesOf(scope, action, view) {
  const nodes = mapSelectors(action, view).map((selector) => scope.querySelector(selector));
  return [...new Set(nodes.filter(Boolean))];
}

/** Mark the places of `action` with `kind` (PLAYED: a solid outline; BETTER: a dashed one over
 *  the suggestion's stripes), the ward's ring too; the better move's ward gets the suggestion's
 *  stripes (.th-sug-target) as "Suggest a move" marks it. */
export function markMove(scope, action, view, kind) {
  for (const node of placesOf(scope, action, view)) {
    node.classList.add(kind);
    if (kind === BETTER) node.classList.add(MARK);
    const ward = node.dataset.ward;
    if (ward) scope.querySelector(`[data-ward-ring="${ward}"]`)?.classList.add(kind);
  }
}

const removeBadges = (scope) => { for (const badge of scope.querySelectorAll(".th-rv-badges, .th-rv-badge")) badge.remove(); };

/** Every mark and badge of the two moves taken off the map. */
export function unmarkMoves(scope) {
  unmarkAll(scope);
  for (const kind of [PLAYED, BETTER]) for (const node of scope.querySelectorAll(`.${kind}`)) node.classList.remove(kind);
  removeBadges(scope);
}

/** Where a marked ward's or cube's badge may go: {spots(width): its spots in order of
 *  preference for a word that wide, data: [name, value]}, or null when the map has no header
 *  (or box) for it. */
function badgePlace(scope, node) {
  if (node.dataset.ward) {
    const header = scope.querySelector(`[data-ward-pieces="${node.dataset.ward}"] .tm-ward-badge`);
    if (!header) return null;
    const circle = { cx: Number(header.getAttribute("cx")), cy: Number(header.getAttribute("cy")), r: Number(header.getAttribute("r")) };
    return { spots: (width) => wardBadgeSpots(circle, width), data: ["ward", node.dataset.ward] };
  }
  const hit = node.querySelector(".tm-castle-hit");
  if (!hit) return null;
  const box = { x: Number(hit.getAttribute("x")), y: Number(hit.getAttribute("y")), width: Number(hit.getAttribute("width")) };
  return { spots: () => castleBadgeSpots(box), data: ["castle", node.dataset.castle] };
}

/** `node`'s own transform attributes and its ancestors' up to the map's <svg>, as one matrix.
 *  Attributes only: a CSS animation (a cube sliding in from Castle Garden) is left out, so a
 *  piece counts where it comes to rest, whenever the badges are drawn. */
function toMap(node, svg) {
  let matrix = svg.createSVGMatrix();
  for (let n = node; n && n !== svg; n = n.parentNode) {
    const list = n.transform?.baseVal;
    if (list && list.numberOfItems) matrix = list.consolidate().matrix.multiply(matrix);
  }
  return matrix;
}

/** A box ({x, y, width, height}) in `node`'s own units, as {left, top, right, bottom} in the map's. */
function inMap(box, node, svg) {
  const m = toMap(node, svg);
  const xs = [], ys = [];
  for (const [x, y] of [[box.x, box.y], [box.x + box.width, box.y], [box.x, box.y + box.height], [box.x + box.width, box.y + box.height]]) {
    xs.push(m.a * x + m.c * y + m.e);
    ys.push(m.b * x + m.d * y + m.f);
  }
  return { left: Math.min(...xs), top: Math.min(...ys), right: Math.max(...xs), bottom: Math.max(...ys) };
}

/** A small labelled badge on each marked ward and cube, at the first of its spots clear of the
 *  map's pieces and of the badges before it (all in the map's units). The wards' on the map's
 *  top layer, a cube's in Castle Garden's group; the verdict's sentences say the same to a
 *  screen reader (aria-hidden here). */
export function drawBadges(scope) {
  const svg = scope.querySelector(".tm-map-svg");
  if (!svg) return;
  removeBadges(scope);
  const layer = el("g", { class: "th-rv-badges", "aria-hidden": "true" });
  svg.appendChild(layer);
  const view = svg.viewBox.baseVal;
  const frame = { left: view.x, top: view.y, right: view.x + view.width, bottom: view.y + view.height };
  const taken = [...svg.querySelectorAll(".tm-item, .tm-ward-badge")].map((n) => inMap(n.getBBox(), n, svg));
  for (const kind of [PLAYED, BETTER]) {
    for (const node of scope.querySelectorAll(`.tm-ward.${kind}, [data-castle].${kind}`)) {
      const place = badgePlace(scope, node);
      if (!place) continue;
      const [dataKey, dataValue] = place.data;
      const word = WORD[kind];
      const g = el("g", { class: `th-rv-badge is-${word}`, "data-kind": word, [`data-${dataKey}`]: dataValue, "aria-hidden": "true" });
      const text = el("text", { class: "th-rv-badge-text", "font-size": BADGE_FONT });
      text.textContent = t(`rv.badge.${word}`);
      // A cube's badge in Castle Garden's own group (not in the cube's button: its visible
      // text would join the button's name), a ward's on the map's top layer.
      (dataKey === "castle" ? node.parentNode : layer).appendChild(g);
      g.appendChild(text);
      const measured = text.getComputedTextLength?.();
      const letters = text.textContent.length;
      const spots = place.spots(wordWidth(measured, letters));
      const boxes = spots.map((spot) => badgeBox(spot, measured, letters));
      const inMapUnits = boxes.map((box) => inMap(box, g, svg));
      const chosen = freeSpot(inMapUnits, taken, frame);
      text.setAttribute("x", spots[chosen].x);
      text.setAttribute("y", spots[chosen].y);
      g.insertBefore(el("rect", { class: "th-rv-badge-box", ...boxes[chosen] }), text);
      taken.push(inMapUnits[chosen]);
    }
  }
}
