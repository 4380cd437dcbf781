// The replay viewer's results of a move (ui/replay/replay.js): a move that counted wards shows
// each one's card as the reveal did — every candidate's bosses and revealed bid
// (.th-bid-chips[data-bid]), votes, the winner or the tie, who may claim the ward's bonus — and
// a move that chose a mayor lists what followed the count. What a card holds is
// logic/replay-frame.js's (`decided`, `wardResult`); this draws it.
//
//   const results = createReplayResults();   results.element
//   results.show(frame, entry, names)   (entry: the move's timeline entry; names: the seats')

import { t, listOf } from "../../strings.js";
import { eventText } from "../../i18n/engine-text.js";
import { chipIcon, bossIcon, playerInitials } from "../../render/pieces.js";
import { decided, wardResult, bidParts } from "../../logic/replay-frame.js";
import { h, clear } from "../dom.js";

/** A candidate's bid: its chips, one picture named by the bid in words ("no chips" for none). */
function bidChips(row) {
  const parts = bidParts(row.bid);
  const chips = h("span", { class: "th-bid-chips", dataset: { bid: row.bid.join(",") } });
  for (const { nat, count } of parts) for (let k = 0; k < count; k++) chips.appendChild(chipIcon(nat, "th-inline-piece"));
  const words = row.chips ? listOf(parts.map(({ nat, count }) => t("nat.count", { count, nat: t(`nat.${nat}`) }))) : t("reveal.no_bid");
  chips.setAttribute("role", "img"); // the chips are one picture, named by the bid in words
  chips.setAttribute("aria-label", words);
  if (!row.chips) chips.appendChild(h("span", { class: "th-fine", text: t("reveal.no_bid") }));
  return chips;
}

/** One ward's card: its candidates' bosses, bids and votes, the outcome, the bonus. */
function wardCard(result, players, initials) {
  const { ward } = result;
  const card = h("li", { class: "th-ward-result", dataset: { ward } },
    h("h3", { class: "th-ward-result-title", text: t("reveal.ward", { ward }) }));
  if (!result.rows.length) {
    card.appendChild(h("p", { class: "th-fine", text: t("reveal.empty", { ward }) }));
    return card;
  }
  card.appendChild(h("ul", { class: "th-vote-rows" }, result.rows.map((row) => h("li", { class: `th-vote-row${row.winner ? " is-winner" : ""}`, dataset: { seat: row.seat } }, [
    bossIcon(players[row.seat].color, initials[row.seat], "th-inline-hat"),
    h("span", { class: "th-vote-name", text: players[row.seat].name }),
    h("span", { class: "th-vote-bosses", text: t("reveal.bosses", { count: row.bosses }) }),
    h("span", { class: "th-vote-plus", "aria-hidden": "true", text: "+" }),
    bidChips(row),
    h("span", { class: "th-vote-total", text: t("reveal.votes", { count: row.votes }) }),
  ]))));
  const tie = result.winner === null;
  card.appendChild(h("p", { class: `th-outcome${tie ? " is-tie" : ""}`, text: tie
    ? t("reveal.tie", { ward }) : t("reveal.winner", { name: players[result.winner].name, ward }) }));
  if (result.bonus !== null) card.appendChild(h("p", { class: "th-rp-bonus", text: t("replay.bonus", { name: players[result.bonus].name, ward }) }));
  return card;
}

export function createReplayResults() {
  const element = h("section", { class: "th-rp-results", "aria-label": t("replay.results"), hidden: true });

  function show(frame, entry, names) {
    const move = decided(frame.events);
    element.hidden = !move;
    clear(element);
    if (!move) return;
    const players = frame.view.players;
    const initials = playerInitials(players);
    element.appendChild(h("h2", { class: "th-rp-results-title", text: t("replay.election", { term: entry.term }) }));
    const cards = move.votes.map((vote) => wardCard(wardResult(vote, move.bonus), players, initials));
    if (cards.length) element.appendChild(h("ol", { class: "th-ward-results" }, cards));
    if (move.summary.length) element.appendChild(h("ul", { class: "th-summary" }, move.summary.map((e) => h("li", { class: `th-summary-${e.e}`, text: eventText(e, names) }))));
  }

  return { element, show };
}
