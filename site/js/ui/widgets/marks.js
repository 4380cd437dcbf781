// The marks of a suggested move (`.th-sug-target`, striped in css/tutorial.css and css/review.css): where an action is made
// (logic/taps.js), on the page's own controls ("Suggest a move", tutorial/suggest.js) or on the
// replay viewer's map (the review's better move, ui/replay/review-verdict.js).

import { tapsOf } from "../../logic/taps.js";

export const MARK = "th-sug-target";

/** Mark where `action` is made (.th-sug-target) within `scope`: the page's own controls, or in
 * the replay viewer (`scope` its element, ui/replay/review-verdict.js) its map's wards and Castle
 * Garden. On a phone a marked ward's key under the map (render/map.js), what a finger taps there,
 * is marked with it. */
export function markAction(action, scope = document) {
  for (const selector of tapsOf(action)) {
    const el = scope.querySelector(scope === document ? selector : selector.replace(/^#th-game /, ""));
    if (!el) continue;
    el.classList.add(MARK);
    if (scope === document && el.dataset.ward) document.querySelector(`[data-ward-key="${el.dataset.ward}"]`)?.classList.add(MARK);
  }
}

/** Take the marks out of `scope`. */
export function unmarkAll(scope = document) {
  for (const el of scope.querySelectorAll(`.${MARK}`)) el.classList.remove(MARK);
}
