// The review panel's two lists (ui/replay/review-panel.js; docs/ui.md "The review"): each
// reviewed player's figures (accuracy, the count of each label and of best moves, the average
// loss a decision in both units), and the key moments (the largest losses and the turning
// points, in the game's order), each a button to its move. What they say:
// logic/review-view.js's playerRows and keyMoments.
//
// Hooks (docs/ui.md): .th-rv-player[data-seat][data-accuracy]; .th-rv-moment[data-move][data-kind].

import { t } from "../../strings.js";
import { h, clear } from "../dom.js";
import { worded } from "../../logic/review-view.js";

const say = (words) => worded(words, t);

/** The players' figures (`rows`: playerRows's) drawn into the list `list`; `seats`: the
 *  replay's, for each player's colour. */
export function drawPlayers(list, rows, seats) {
  clear(list);
  for (const p of rows) {
    list.appendChild(h("li", { class: `th-rv-player tm-pc-${seats[p.seat]?.color}`, dataset: { seat: p.seat, accuracy: p.accuracy } }, [
      h("p", { class: "th-rv-player-head" }, [
        h("span", { class: "th-rv-player-name", text: p.name }),
        h("span", { class: "th-rv-accuracy", text: say(p.accuracyWords) }),
      ]),
      h("p", { class: "th-rv-player-labels", text: p.counts.map(say).join(" · ") }),
      h("p", { class: "th-fine th-rv-mean", text: say(p.mean) }),
    ]));
  }
}

/** The key moments: `onPick(n)` when one is tapped. */
export function createMoments({ onPick }) {
  const list = h("ol", { class: "th-rv-moments", id: "th-rv-moments" });
  const element = h("section", { class: "th-rv-moments-box", hidden: true, "aria-labelledby": "th-rv-moments-title" }, [
    h("h3", { class: "th-rv-subtitle", id: "th-rv-moments-title", text: t("rv.moments") }), list,
  ]);

  /** The moments (keyMoments's), drawn again only when they have changed; the one focused
   *  keeps the focus. */
  function draw(moments) {
    const shown = moments.map((m) => ({ ...m, text: say(m.words) }));
    const key = shown.map((m) => `${m.move}${m.kind}${m.text}`).join("|");
    if (list.dataset.key === key) return;
    list.dataset.key = key;
    const focused = list.contains(document.activeElement) ? document.activeElement.dataset.move : null;
    clear(list);
    for (const m of shown) {
      list.appendChild(h("li", {}, h("button", {
        type: "button", class: "th-rv-moment", dataset: { move: m.move, kind: m.kind }, onclick: () => onPick(m.move),
      }, m.text)));
    }
    element.hidden = !shown.length;
    if (focused) list.querySelector(`.th-rv-moment[data-move="${focused}"]`)?.focus();
  }

  return {
    element,
    draw,
    /** The moment of the move on screen marked. */
    at(n) { for (const b of list.querySelectorAll(".th-rv-moment")) b.classList.toggle("is-current", Number(b.dataset.move) === n); },
    /** Drawn anew at the next draw (another game). */
    reset() { delete list.dataset.key; },
  };
}
