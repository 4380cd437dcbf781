// The verdict of the move on screen (ui/replay/review-panel.js; docs/ui.md "The review"): its
// label, what it lost in both units (± their standard errors), where each move leaves the
// player, the move played and the better move in the words of "Suggest a move" (from the view
// the move was made in: the replay's frame before it), each marked on the map its own way
// (ui/replay/review-map.js); blind mode's lines. Where it sits: in the panel beside the map, or
// on phones under the map (#th-rv-dock), so the board and the words of its move are seen
// together; a move jumped to from the review is brought into view once its verdict is worded.
//
//   const verdict = createVerdict({ scope, frameAt, speak })
//     scope: the viewer's element; frameAt(n): a promise of the replay's frame after move n;
//     speak(lines): blind mode's lines
//   verdict.home (its place in the panel)   verdict.place(shown)   verdict.show(n, r, info, reviewed)
//   verdict.intoView(n)   verdict.intoViewNow(n)   verdict.forget()   verdict.close()
//
// Hooks (docs/ui.md): #th-rv-move[data-move][data-label][data-better][data-played] with
// .th-rv-label[data-label], .th-rv-loss, .th-rv-values, .th-rv-noise, .th-rv-played,
// .th-rv-better, .th-rv-why; #th-rv-dock (phones).

import { t, language } from "../../strings.js";
import { h } from "../dom.js";
import { markAction } from "../widgets/marks.js";
import { moveText, whyText } from "../../i18n/action-text.js";
import { decisionAt, figures, noneWords, spokenLines, verdictKey, verdictWords, worded } from "../../logic/review-view.js";
import { markMove, unmarkMoves, drawBadges, PLAYED, BETTER } from "./review-map.js";

/** Phones (docs/ui.md, "Layout"): the page scrolls and the verdict sits under the map. */
const PHONE = "(max-width: 760px)";

const say = (words) => worded(words, t);

/** The board and the verdict brought into view: on phones the page scrolled to the board (the
 *  verdict under it), elsewhere the table's column to the verdict. */
function scrollIntoView(board, verdict, onPhone) {
  if (onPhone && board) {
    board.scrollIntoView({ block: "start" }); // the verdict follows it (the dock)
    if (verdict.getBoundingClientRect().bottom > window.innerHeight) verdict.scrollIntoView({ block: "end" });
  } else {
    verdict.scrollIntoView({ block: "nearest" }); // the table's column scrolls; the map stays
  }
}

/** The verdict of move `n` with no decision weighed: `words` (noneWords's), or nothing. */
function drawNone(verdict, n, words) {
  for (const name of ["label", "better", "played", "pending"]) delete verdict.dataset[name];
  verdict.dataset.move = String(n);
  verdict.replaceChildren(...(words ? [h("p", { class: "th-fine", text: say(words) })] : []));
}

export function createVerdict({ scope, frameAt, speak }) {
  const element = h("div", { class: "th-rv-move", id: "th-rv-move", "aria-live": "polite" });
  // The verdict's place in the panel, and under the map on phones (place).
  const home = h("div", { class: "th-rv-move-home" }, element);
  const dock = h("div", { class: "th-rv-dock", id: "th-rv-dock" });
  scope.querySelector(".th-board")?.after(dock);
  const phone = window.matchMedia(PHONE);
  let shown = false;  // the panel on screen
  let asked = 0;      // the verdict being worded (a later move drops an earlier one)
  let reveal = null;  // a move jumped to from the review: the board and its verdict brought into view

  /** On phones the verdict sits under the map (the page scrolls: the board and the words of the
   *  move on it are seen together); elsewhere in the panel, beside the map. */
  function place() {
    const at = phone.matches && shown ? dock : home;
    if (element.parentNode !== at) at.appendChild(element);
  }
  phone.addEventListener("change", () => { if (home.isConnected) place(); });

  /** Once the verdict of a move jumped to is complete: the board and it brought into view.
   *  Once a jump. */
  function bringIntoView(n) {
    if (reveal !== n || !shown) return;
    reveal = null;
    scrollIntoView(scope.querySelector(".th-board"), element, phone.matches);
  }

  /** The verdict of move `n` in review `r` (`info`: the replay's summary; `reviewed`: the seats
   *  reviewed), drawn again only when it has changed. */
  function show(n, r, info, reviewed) {
    const d = decisionAt(r, n);
    const key = verdictKey(n, d, r);
    if (element.dataset.key === key) { if (!element.dataset.pending) bringIntoView(n); return; }
    element.dataset.key = key;
    const mine = ++asked;
    unmarkMoves(scope);
    if (!d) { drawNone(element, n, noneWords(r, n, info.timeline, reviewed)); bringIntoView(n); return; }
    drawDecision(n, d, info.seats[d.seat]?.name, mine);
  }

  /** Its label, loss and values at once; the two moves once the view they were made in is at
   *  hand. */
  function drawDecision(n, d, who, mine) {
    const v = verdictWords(d, n, who, figures(language()));
    const head = h("p", { class: "th-rv-verdict" }, [
      h("span", { class: `th-rv-label is-${v.label}`, dataset: { label: v.label }, text: say(v.labelWords) }),
      h("span", { class: "th-rv-who", text: say(v.who) }),
    ]);
    const loss = h("p", { class: "th-rv-loss", text: say(v.loss) });
    const values = h("p", { class: "th-fine th-rv-values", text: say(v.values) });
    const noise = v.noise ? h("p", { class: "th-fine th-rv-noise", text: t("rv.loss.noise") }) : null;
    element.replaceChildren(...[head, loss, values, noise].filter(Boolean));
    element.dataset.move = String(n);
    element.dataset.label = v.label;
    delete element.dataset.better;
    delete element.dataset.played;
    element.dataset.pending = "1";
    frameAt(n - 1).then((frame) => {
      if (mine !== asked) return;
      delete element.dataset.pending;
      if (!frame) { bringIntoView(n); return; }
      drawMoves(n, d, v, frame.view, head, loss.textContent);
    });
  }

  /** The move played and the better one in the words of "Suggest a move", from `view` (the one
   *  the move was made in); each marked on the map its own way. */
  function drawMoves(n, d, v, view, head, lossText) {
    const played = t(v.played, { move: moveText(d.played, view) });
    const lines = [h("p", { class: "th-rv-played", text: played })];
    markMove(scope, d.played, view, PLAYED);
    let better = null;
    let why = null;
    if (!d.is_best) {
      better = t("rv.better", { move: moveText(d.best, view) });
      why = whyText(d.why);
      lines.push(h("p", { class: "th-rv-better", text: better }), h("p", { class: "th-rv-why", text: why }));
      markAction(d.best, scope);
      markMove(scope, d.best, view, BETTER);
    }
    head.after(...lines);
    drawBadges(scope);
    bringIntoView(n);
    element.dataset.played = "1";
    if (!d.is_best) element.dataset.better = "1";
    speak(spokenLines({ label: say(v.labelWords), who: say(v.who), played, loss: lossText, better, why }));
  }

  return {
    home,
    /** The panel shown or hidden: the verdict goes to its place. */
    place(panelShown) { shown = panelShown; place(); },
    show,
    /** Bring move `n` into view once its verdict is worded (a jump from the review)… */
    intoView(n) { reveal = n; },
    /** …at once if it is worded already. */
    intoViewNow(n) { if (!element.dataset.pending) bringIntoView(n); },
    /** Drawn again at the next show (another game, or the viewer opened again). */
    forget() { delete element.dataset.key; },
    /** The viewer left: the map's marks off, nothing to bring into view. */
    close() {
      unmarkMoves(scope);
      delete element.dataset.key;
      reveal = null;
    },
  };
}
