// The game screen: a slim top bar (title, year, Share, New game), the map on the left and the
// table on the right (prompt, the action panel, player cards, year track, supplies, log).
// The root carries data-hash / data-phase / data-moves: public facts (R34: the hash holds no
// secret), for tests and bug reports.

import { t } from "../../strings.js";
import { promptText, promptRule } from "../../i18n/engine-text.js";
import { createHelpButton, ruleLink } from "../widgets/rules-panel.js";
import { createMap } from "../../render/map.js";
import { createTable } from "../../render/table.js";
import { initMotion } from "../../render/motion.js";
import { h } from "../dom.js";
import { createBlindMode, createBlindToggle } from "../widgets/blind.js";

export function createGameScreen(container, { onWard, onCastle, onShare, onNew }) {
  initMotion(); // <html class="th-motion"> unless reduced motion or ?fast=1
  const notice = h("div", { class: "th-banner", role: "alert", hidden: true });
  const bar = h("header", { class: "th-bar" }, [
    h("h1", { class: "th-bar-title", text: t("app.title") }),
    h("div", { class: "th-bar-actions", role: "toolbar", "aria-label": t("game.menu") }, [
      h("button", { type: "button", class: "th-button th-secondary th-small", id: "th-share-button", onclick: onShare }, t("game.share")),
      h("button", { type: "button", class: "th-button th-secondary th-small", id: "th-new-button", onclick: onNew }, t("game.new")),
      createBlindToggle(),
    ]),
  ]);
  const board = h("section", { class: "th-board", "aria-label": t("game.board") });
  const side = h("div", { class: "th-side" });
  const panel = h("section", { class: "th-panel", id: "th-panel", "aria-label": t("turn.steps") });
  const recent = h("section", { class: "th-recent", id: "th-recent", "aria-label": t("game.recent"), hidden: true });
  const keys = h("div", { class: "th-ward-keys-host" }); // phones: a key per ward (render/map.js)
  const element = h("div", { class: "th-screen th-game", id: "th-game", hidden: true }, [
    bar, notice, h("div", { class: "th-game-main" }, [board, keys, side]),
  ]);
  container.appendChild(element);

  const map = createMap(board, { onWardActivate: onWard, onCastleGardenActivate: onCastle, wardKeys: keys });
  // A finger or mouse on a ward does not move focus there (keyboard focus is unchanged): the
  // focus ring would repaint the map at every tap.
  board.addEventListener("mousedown", (e) => {
    if (e.button === 0 && e.target.closest("[data-ward], [data-castle]")) e.preventDefault();
  });
  const table = createTable(side, { ruleLink });
  // The action panel sits right under the prompt sentence.
  // The prompt's "?" opens the rule for what the player may do now.
  const help = createHelpButton();
  table.promptElement.after(panel);
  panel.after(recent);
  // Playing without seeing the board (ui/widgets/blind.js): moves read out, the state told by key.
  const blind = createBlindMode(element, {
    wardName: (n) => element.querySelector(`.tm-map [data-ward="${n}"]`)?.getAttribute("aria-label") ?? null,
  });

  return {
    element, map, table, panel,
    show() {
      element.hidden = false;
      // The version line reads at the foot of the table while playing (never fixed over it).
      const version = document.querySelector(".th-version");
      if (version) table.stateElement.appendChild(version);
    },
    hide() {
      element.hidden = true;
      const version = element.querySelector(".th-version");
      if (version) document.body.appendChild(version);
    },
    /** Draw a snapshot's public parts (the controller draws targets on the map); `prompt`:
     * the prompt line's words instead of the engine's (a device that waits says whom for). */
    render(snap, { prompt = null } = {}) {
      const v = snap.view;
      element.dataset.hash = snap.hash;
      element.dataset.phase = v.phase;
      element.dataset.moves = String(snap.moves);
      table.update(v, snap.prompt.seats ? snap.prompt.seats[0] : undefined);
      table.setPrompt(prompt ?? promptText(snap));
      blind.show(snap, prompt);
      help.dataset.rule = promptRule(snap.prompt, v);
      table.promptElement.prepend(help); // setPrompt replaced the prompt's children
    },
    /** The log's lines, oldest first (the table shows them newest first). */
    setLog(entries) {
      table.setLog(entries);
    },
    /** What just happened: the last answer's log lines (a few, newest last). */
    setRecent(lines) {
      const shown = lines.slice(-4);
      recent.replaceChildren(
        h("h2", { class: "th-recent-title", text: t("game.recent") }),
        // The lines alone: their rules are linked in the log (small links here would crowd it).
        h("ul", { class: "th-recent-list" }, shown.map((line) => h("li", { text: typeof line === "string" ? line : line.text }))),
      );
      recent.hidden = shown.length === 0;
      blind.moves(lines);
    },
    notice(text, actions = []) {
      notice.replaceChildren(h("span", { text }), ...actions);
      notice.hidden = !text;
    },
  };
}
