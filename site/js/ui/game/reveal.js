// The election's reveal, for the whole table to see: each ward that voted in this answer, in
// election order — the candidates' bosses, their bids (flipped over together, a short
// animation off under reduced motion), the votes, the winner or the tie, the bosses sent home
// (their hats fade away) — then what followed the count (immigrant leaders, points, the new
// mayor and the tie-break that decided), from Python's events and their English text.
//
// It is a sheet beside the board, never over it (css/ui.css: the table's column in landscape,
// under the map in portrait and on phones), and the wards it reports are marked on the map
// (`.is-deciding`, map.setDeciding) while it shows: the group sees where each result happened.

import { t } from "../../strings.js";
import { eventText } from "../../i18n/engine-text.js";
import { chipIcon, bossIcon, NATIONALITIES, playerInitials } from "../../render/pieces.js";
import { h, clear } from "../dom.js";
import * as signal from "../signal.js";

const SUMMARY_EVENTS = new Set(["immigrant_leaders", "points", "mayor", "favor_majority", "castle_garden_returned"]);

/** Does an answer's event list hold something the reveal should show? */
export function hasReveal(events) {
  return events.some((e) => e.e === "ward_vote" || e.e === "mayor");
}

/** One ward's card: its candidates, their bosses and bids, the votes, the outcome, the bosses
 * sent home. */
function wardCard(ev, view, initials) {
  const players = view.players;
  const card = h("li", { class: "th-ward-result", dataset: { ward: ev.ward } });
  card.appendChild(h("h3", { class: "th-ward-result-title", text: t("reveal.ward", { ward: ev.ward }) }));
  const seats = Object.keys(ev.votes).map(Number);
  if (!seats.length) {
    card.appendChild(h("p", { class: "th-fine", text: t("reveal.empty", { ward: ev.ward }) }));
    return card;
  }
  const rows = h("ul", { class: "th-vote-rows" });
  let flip = 0;
  for (const seat of seats) {
    const p = players[seat];
    const bid = ev.bids[String(seat)] || [0, 0, 0, 0];
    const chips = h("span", { class: "th-bid-chips" });
    NATIONALITIES.forEach((nat, i) => {
      for (let k = 0; k < bid[i]; k++) {
        const chip = h("span", { class: "th-flip" }, chipIcon(nat, "th-inline-piece"));
        chip.style.setProperty("--flip-delay", `${(flip++ % 6) * 30}ms`);
        chips.appendChild(chip);
      }
    });
    const bidCount = bid.reduce((a, b) => a + b, 0);
    const bosses = ev.votes[String(seat)] - bidCount;
    if (!bidCount) chips.appendChild(h("span", { class: "th-fine", text: t("reveal.no_bid") }));
    const winner = ev.winner === seat;
    rows.appendChild(h("li", { class: `th-vote-row${winner ? " is-winner" : ""}`, dataset: { seat } }, [
      bossIcon(p.color, initials[seat], "th-inline-hat"),
      h("span", { class: "th-vote-name", text: p.name }),
      h("span", { class: "th-vote-bosses", text: t("reveal.bosses", { count: bosses }) }),
      h("span", { class: "th-vote-plus", "aria-hidden": "true", text: "+" }),
      chips,
      h("span", { class: "th-vote-total", text: t("reveal.votes", { count: ev.votes[String(seat)] }) }),
    ]));
  }
  card.appendChild(rows);
  const outcome = ev.winner === null || ev.winner === undefined
    ? t("reveal.tie", { ward: ev.ward })
    : t("reveal.winner", { name: players[ev.winner].name, ward: ev.ward });
  card.appendChild(h("p", { class: `th-outcome${ev.winner === null ? " is-tie" : ""}`, text: outcome }));
  const sent = Object.entries(ev.sent_home || {}).filter(([, n]) => n > 0);
  if (sent.length) {
    // The hats of the bosses sent home, fading away (a short animation, off without motion).
    const hats = h("span", { class: "th-leaving", "aria-hidden": "true" });
    for (const [s, n] of sent) for (let k = 0; k < n; k++) hats.appendChild(h("span", { class: "th-leave" }, bossIcon(players[Number(s)].color, initials[Number(s)], "th-inline-hat")));
    const list = sent.map(([s, n]) => t("reveal.home.item", { name: players[Number(s)].name, count: n }));
    card.appendChild(h("p", { class: "th-sent-home" }, [hats, h("span", { text: t("reveal.home", { list: list.join(", ") }) })]));
  }
  return card;
}

export function createReveal(container, { map = null } = {}) {
  const body = h("div", { class: "th-reveal-body" });
  const dialog = h("dialog", { class: "th-dialog th-reveal", id: "th-reveal", "aria-labelledby": "th-reveal-title" }, body);
  container.appendChild(dialog);
  dialog.addEventListener("keydown", (e) => { if (e.key === "Escape") { e.preventDefault(); leave(); } });
  let done = null;
  // The map is unmarked as the reveal closes (at once: the dialog's close event comes a task later).
  function unmark() {
    if (map) map.setDeciding([]);
  }
  // Leaving the reveal changes the screen: the page is busy from this moment (the caller of
  // show() ends it once the next screen is up), so nothing reads the page in between.
  function finish() {
    unmark();
    const d = done;
    done = null;
    if (d) { signal.begin(); d(); }
  }
  function leave() {
    unmark();
    if (dialog.open) dialog.close();
    finish();
  }
  // The close event comes a task after close(): by then the next results may already be up
  // (a computer's answer can arrive first), and that reveal is not finished by this event.
  dialog.addEventListener("close", () => { if (!dialog.open) finish(); });

  return {
    /** Show the reveal of `events` over `view`; resolves when the players continue, with the
     * page busy (ui/signal.js): the caller ends that with signal.done(). */
    show(events, view, prompt) {
      const initials = playerInitials(view.players);
      const election = events.find((e) => e.e === "election");
      const term = election ? election.term : view.election ? view.term : view.term - 1;
      clear(body);
      body.appendChild(h("h2", { id: "th-reveal-title", text: election ? t("reveal.title", { term }) : t("reveal.title.short") }));
      const list = h("ol", { class: "th-ward-results" });
      // Wards nobody stood in are listed in one line, the others one card each.
      const empty = [];
      const deciding = [];
      for (const ev of events) {
        if (ev.e !== "ward_vote") continue;
        if (Object.keys(ev.votes).length) { list.appendChild(wardCard(ev, view, initials)); deciding.push(ev.ward); }
        else empty.push(ev.ward);
      }
      if (list.childNodes.length) body.appendChild(list);
      if (empty.length) body.appendChild(h("p", { class: "th-fine th-no-candidates", text: t("reveal.no_candidates", { wards: empty.join(", ") }) }));
      const summary = events.filter((e) => SUMMARY_EVENTS.has(e.e));
      if (summary.some((e) => e.e !== "castle_garden_returned")) {
        body.appendChild(h("h3", { class: "th-summary-title", text: t("reveal.summary") }));
        const ul = h("ul", { class: "th-summary" });
        for (const e of summary) if (e.e !== "castle_garden_returned") ul.appendChild(h("li", { class: `th-summary-${e.e}`, text: eventText(e, view.players.map((p) => p.name)) }));
        body.appendChild(ul);
      }
      const next = events.filter((e) => e.e === "bidding").pop();
      if (next && prompt && prompt.code === "bid") {
        body.appendChild(h("p", { class: "th-next", text: t("reveal.next", { ward: next.ward, names: next.seats.map((s) => view.players[s].name).join(", ") }) }));
      }
      const go = h("button", { type: "button", class: "th-button th-primary th-big", id: "th-reveal-continue", onclick: leave }, t("reveal.continue"));
      body.appendChild(h("div", { class: "th-dialog-actions" }, go));
      return new Promise((resolve) => {
        done = resolve;
        // Not modal: the table stays in view and live to read (the page keeps taps on the map
        // for after Continue), and opening or closing it restyles nothing else.
        dialog.show();
        if (map) map.setDeciding(deciding);
        // On a phone the page scrolls: bring the map back into view above the sheet.
        if (window.scrollY > 0 && window.matchMedia("(max-width: 760px)").matches) window.scrollTo(0, 0);
        go.focus({ preventScroll: true });
        dialog.scrollTop = 0;
      });
    },
    /** Continue without a tap (a table of computers only: nobody is there to tap). */
    close() { leave(); },
    get open() { return dialog.open; },
  };
}
