// The replay viewer's screen (ui/replay/replay.js): its bar (Review, Link to this move, Play on
// from here, Back), a status line, the house rules the game was played by, and the board and
// table as in the game — the game's own renderers (render/map.js, render/table.js) drawing the
// position shown, the wards its move touched outlined.
//
//   const screen = createReplayScreen({ onLeave, onShare, onPlayOn, onReview });
//   screen.element (#th-replay)   screen.say(text, extra)   screen.opened({leaveLabel, canPlayOn, rules, moves})
//   screen.mount(container, {controls, review, results, chart, log})   (elements, placed in the table)
//   screen.drawBoard(frame)   (#th-replay[data-hash][data-at][data-phase], the map, the table, the prompt)
//
// The screen is in the page only while it is open (its map and table would otherwise be a
// second set of [data-ward] and .tm-prompt elements beside the game's); they are made the first
// time it is mounted.

import { t } from "../../strings.js";
import { promptText } from "../../i18n/engine-text.js";
import { createMap } from "../../render/map.js";
import { createTable } from "../../render/table.js";
import { touchedWards } from "../../logic/replay-frame.js";
import { h, noPointerFocus } from "../dom.js";
import { houseRulesNote } from "../widgets/house-rules.js";

const barButton = (id, label, onclick) => h("button", { type: "button", class: "th-button th-secondary th-small", id, onclick }, label);

export function createReplayScreen({ onLeave, onShare, onPlayOn, onReview }) {
  const leave = barButton("th-rp-leave", t("replay.back"), () => onLeave());
  const share = barButton("th-rp-share", t("replay.share"), () => onShare());
  const playOn = barButton("th-rp-play-on", t("replay.play_on"), () => onPlayOn());
  const review = barButton("th-rp-review", t("rv.open"), () => onReview());
  const bar = h("header", { class: "th-bar" }, [
    h("h1", { class: "th-bar-title", text: t("replay.title") }),
    h("div", { class: "th-bar-actions", role: "toolbar", "aria-label": t("replay.title") }, [review, share, playOn, leave]),
  ]);
  const status = h("p", { class: "th-rp-status", role: "status" });
  const house = h("div", { class: "th-rp-house" }); // the house rules it was played by, if any
  const board = h("section", { class: "th-board", "aria-label": t("game.board") });
  const side = h("div", { class: "th-side" });
  const element = h("div", { class: "th-screen th-game th-replay", id: "th-replay", hidden: true }, [
    bar, status, house, h("div", { class: "th-game-main" }, [board, side]),
  ]);
  noPointerFocus(element);

  let map = null;
  let table = null;

  function mount(container, parts) {
    container.appendChild(element);
    if (map) return;
    map = createMap(board, { onWardActivate: () => {}, onCastleGardenActivate: () => {} });
    // Its hatching pattern gets an id of its own: url(#tm-hatch) would find the game map's
    // first, which a hidden game screen does not draw (replay.css points the viewer here).
    map.svg.querySelector("#tm-hatch")?.setAttribute("id", "tm-rp-hatch");
    map.svg.querySelector("#tm-mark-hatch")?.setAttribute("id", "tm-rp-mark-hatch"); // the review's marks
    table = createTable(side);
    // Under the prompt: the controls, the review, the move's results, the points chart.
    table.promptElement.after(parts.controls);
    parts.controls.after(parts.results);
    parts.controls.after(parts.review);
    parts.results.after(parts.chart);
    table.element.append(parts.log);
  }

  function drawBoard(frame) {
    const view = frame.view;
    element.dataset.hash = frame.hash;
    element.dataset.at = String(frame.at);
    element.dataset.phase = view.phase;
    map.update(view, { selected: touchedWards(frame.events) });
    table.update(view, frame.prompt.seats && frame.prompt.seats.length ? frame.prompt.seats[0] : undefined);
    table.setPrompt(promptText({ prompt: frame.prompt, view }));
  }

  function say(text, extra = null) {
    status.replaceChildren(h("span", { text }), ...(extra ? [extra] : []));
    status.hidden = !text;
  }

  return {
    element,
    mount,
    drawBoard,
    say,
    /** A replay opened: the bar's Back in the caller's words, Play on offered or not, its
     *  house rules, its number of moves (data-moves), no status. */
    opened({ leaveLabel, canPlayOn, rules, moves }) {
      leave.textContent = leaveLabel;
      playOn.hidden = !canPlayOn;
      house.replaceChildren(...[houseRulesNote(rules)].filter(Boolean));
      element.dataset.moves = String(moves);
      say("");
    },
  };
}
