// The end (R32, R33): one card per player — the total, and each source of points with how many
// earned it (wards won, Tammany Hall, times mayor, colours with the most favor chips, slander
// chips kept; Python's score sheet in `view.scoring`) — the winner(s), the tie-break that decided
// (only when one did), a chart of everyone's points after each election, Play again (same
// seats, new seed), Copy link / QR (the share dialog) and a way to look at the final board.
// Cards, not a wide table: the totals stay in view on a phone without sideways scrolling.

import { t, listOf } from "../../strings.js";
import { bossIcon, playerInitials } from "../../render/pieces.js";
import { pointsChart } from "../../render/points-chart.js";
import { h, clear } from "../dom.js";
import { ruleLink } from "../widgets/rules-panel.js";
import { houseRulesNote } from "../widgets/house-rules.js";
import * as signal from "../signal.js";

const SOURCES = ["wards", "tammany", "mayor", "chips", "slander"];

function sourceRow(source, { count, points }) {
  // A source nobody earned anything from is left out (wards won always shows).
  if (!count && source !== "wards") return null;
  return h("li", { class: "th-source", dataset: { source, count, points } }, [
    h("span", { class: "th-source-what", text: t(`final.source.${source}`, { count }) }),
    h("span", { class: "th-source-points", text: t("final.source.points", { count: points }) }),
  ]);
}

function playerCard(p, initial, sources, total, rank, winner) {
  return h("li", { class: `th-final-card tm-pc-${p.color}${winner ? " is-winner" : ""}`, dataset: { seat: p.seat } }, [
    h("div", { class: "th-final-card-head" }, [
      h("span", { class: "th-final-rank", text: t("final.rank", { rank }) }),
      bossIcon(p.color, initial, "th-final-hat"),
      h("span", { class: "th-final-who" }, [
        h("span", { class: "th-final-name", text: p.name }),
        winner ? h("span", { class: "th-crown", text: t("final.crown") }) : null,
      ]),
      h("span", { class: "th-final-total", "aria-label": t("final.total.aria", { count: total }) }, [
        h("b", { class: "th-final-total-n", text: String(total) }),
        h("span", { class: "th-final-total-unit", text: t("table.points.short") }),
      ]),
    ]),
    h("ul", { class: "th-sources" }, SOURCES.map((s) => sourceRow(s, sources[s]))),
  ]);
}

export function createFinalTable(container, { onAgain, onShare, onNew, onReplay, onReview }) {
  const body = h("div", { class: "th-final-body" });
  const dialog = h("dialog", { class: "th-dialog th-final", id: "th-final", "aria-labelledby": "th-final-title" }, body);
  container.appendChild(dialog);
  // Closed to look at the final board (a button or Escape): the screen is "over".
  function toBoard() {
    signal.begin();
    dialog.close();
    signal.announce("over");
    signal.done();
  }
  dialog.addEventListener("cancel", (e) => { e.preventDefault(); toBoard(); });

  function show(view) {
    const result = view.result;
    const sheet = view.scoring;
    const initials = playerInitials(view.players);
    const winners = new Set(result.winners);
    const order = view.players.map((p) => p.seat).sort((a, b) => result.scores[b] - result.scores[a] || a - b);
    const rankOf = (seat) => 1 + order.filter((s) => result.scores[s] > result.scores[seat]).length;
    const cards = order.map((seat) => playerCard(view.players[seat], initials[seat], sheet.sources[seat],
      result.scores[seat], rankOf(seat), winners.has(seat)));
    const names = result.winners.map((s) => view.players[s].name);
    const series = view.players.map((p) => ({ name: p.name, color: p.color, points: sheet.points_after.map((row) => row[p.seat]) }));
    clear(body);
    body.append(...[
      h("h2", { id: "th-final-title", text: t("final.title") }),
      // Who wins, with the rule that decides it (R33) one tap away.
      h("p", { class: "th-final-winner" }, [
        names.length === 1 ? t("final.winner", { name: names[0] }) : t("final.winners", { names: listOf(names) }),
        ruleLink("R33"),
      ]),
      // A game played by house rules says which (docs/rules.md, "House rules").
      houseRulesNote(view.rules, { className: "th-final-house" }),
      // The tie-break line only when a tie-break decided (a plain win needs no explaining).
      result.tiebreak !== "points" ? h("p", { class: "th-final-tiebreak" }, [t(`final.decided.${result.tiebreak}`), ruleLink("R33")]) : null,
      h("div", { class: "th-final-grid" }, [
        h("ol", { class: "th-final-cards", "aria-label": t("final.cards") }, cards),
        sheet.points_after.length ? h("figure", { class: "th-final-chart" }, [
          pointsChart(series, { initials: view.players.map((p) => initials[p.seat]) }),
          h("figcaption", { class: "th-fine", text: t("chart.caption") }),
        ]) : null,
      ]),
      h("div", { class: "th-dialog-actions" }, [
        h("button", { type: "button", class: "th-button th-primary", id: "th-again", onclick: onAgain }, t("final.again")),
        h("button", { type: "button", class: "th-button th-secondary", id: "th-final-share", onclick: onShare }, t("game.share")),
        h("button", { type: "button", class: "th-button th-secondary", id: "th-final-replay", onclick: onReplay }, t("replay.open.final")),
        h("button", { type: "button", class: "th-button th-secondary", id: "th-final-review", onclick: onReview }, t("rv.open.final")),
        h("button", { type: "button", class: "th-button th-secondary", id: "th-final-board", onclick: toBoard }, t("final.board")),
        h("button", { type: "button", class: "th-button th-secondary", onclick: onNew }, t("game.new")),
      ]),
    ].filter(Boolean));
    if (!dialog.open) dialog.showModal();
    body.querySelector("#th-again").focus({ preventScroll: true });
    dialog.scrollTop = 0;
    signal.announce("final");
  }

  return {
    show,
    hide() { if (dialog.open) dialog.close(); },
    get open() { return dialog.open; },
  };
}
