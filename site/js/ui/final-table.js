// The end (R32, R33): every source of points per player, the winner(s) and the tie-break step
// that decided, Play again (same seats, new seed), Copy link / QR (the share dialog) and a way to
// look at the final board.

import { t, listOf } from "../strings.js";
import { bossIcon, playerInitials } from "../render/pieces.js";
import { h, clear } from "./dom.js";
import * as signal from "./signal.js";

const SOURCES = ["wards", "tammany", "mayor", "chips", "slander"];

export function createFinalTable(container, { onAgain, onShare, onNew }) {
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
    const initials = playerInitials(view.players);
    const winners = new Set(result.winners);
    const order = view.players.map((p) => p.seat).sort((a, b) => result.scores[b] - result.scores[a] || a - b);
    const headRow = h("tr", {}, [
      h("th", { scope: "col", text: t("final.player") }),
      ...SOURCES.map((s) => h("th", { scope: "col", class: "th-num", text: t(`final.${s}`) })),
      h("th", { scope: "col", class: "th-num", text: t("final.total") }),
    ]);
    const rows = order.map((seat) => {
      const p = view.players[seat];
      const b = result.breakdown[seat];
      return h("tr", { class: winners.has(seat) ? "is-winner" : "", dataset: { seat } }, [
        h("th", { scope: "row", class: "th-final-name" }, h("span", { class: "th-final-who" }, [
          bossIcon(p.color, initials[seat], "th-inline-hat"),
          h("span", { text: p.name }),
          winners.has(seat) ? h("span", { class: "th-crown", "aria-hidden": "true", text: " ★" }) : null,
        ])),
        ...SOURCES.map((s) => h("td", { class: "th-num", text: String(b[s] ?? 0) })),
        h("td", { class: "th-num th-final-total", text: String(result.scores[seat]) }),
      ]);
    });
    const names = result.winners.map((s) => view.players[s].name);
    clear(body);
    body.append(
      h("h2", { id: "th-final-title", text: t("final.title") }),
      h("p", { class: "th-final-winner", text: names.length === 1 ? t("final.winner", { name: names[0] }) : t("final.winners", { names: listOf(names) }) }),
      h("p", { class: "th-final-tiebreak", text: t(`final.tiebreak.${result.tiebreak}`) }),
      h("div", { class: "th-table-wrap" }, h("table", { class: "th-final-table" }, [h("thead", {}, headRow), h("tbody", {}, rows)])),
      h("div", { class: "th-dialog-actions" }, [
        h("button", { type: "button", class: "th-button th-primary", id: "th-again", onclick: onAgain }, t("final.again")),
        h("button", { type: "button", class: "th-button th-secondary", id: "th-final-share", onclick: onShare }, t("game.share")),
        h("button", { type: "button", class: "th-button th-secondary", onclick: toBoard }, t("final.board")),
        h("button", { type: "button", class: "th-button th-secondary", onclick: onNew }, t("game.new")),
      ]),
    );
    if (!dialog.open) dialog.showModal();
    body.querySelector("#th-again").focus();
    signal.announce("final");
  }

  return {
    show,
    hide() { if (dialog.open) dialog.close(); },
    get open() { return dialog.open; },
  };
}
