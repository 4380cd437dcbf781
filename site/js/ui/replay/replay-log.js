// The replay viewer's log (ui/replay/replay.js): the lines of every move up to the one on
// screen, newest first, the current move highlighted; a tap on a line goes to its move. The
// page holds no later line (what a spectator had seen by then, R34): later entries are taken
// out, not hidden (logic/replay-frame.js `logChange`). An entry is made the first time its move
// is shown and kept for when it comes back.
//
//   const log = createReplayLog({ go });   log.element
//   log.build(timeline, names)   (a replay opened: empty)   log.show(at)

import { t } from "../../strings.js";
import { eventText } from "../../i18n/engine-text.js";
import { logChange } from "../../logic/replay-frame.js";
import { h } from "../dom.js";

export function createReplayLog({ go }) {
  const list = h("ol", { class: "th-rp-log-list", reversed: true });
  const element = h("section", { class: "th-rp-log", "aria-label": t("replay.log") }, [
    h("h2", { class: "th-rp-log-title", text: t("replay.log") }), list,
  ]);
  let timeline = [];
  let names = [];
  let entries = [];       // log <li> by move number, made when first shown
  let upTo = -1;          // the log holds moves 0 … upTo

  function entry(n) {
    const button = h("button", { type: "button", class: "th-rp-entry", dataset: { at: n }, onclick: () => go(n) }, [
      h("span", { class: "th-rp-entry-move", text: n ? t("replay.move", { n }) : t("replay.setup") }),
      ...timeline[n].events.map((e) => h("span", { class: "th-rp-line", text: eventText(e, names) })),
    ]);
    return h("li", { class: "th-rp-log-item", dataset: { at: n } }, button);
  }

  function show(at) {
    const { remove, add } = logChange(upTo, at);
    for (const n of remove) entries[n].remove();
    if (add.length) list.prepend(...add.map((n) => (entries[n] ??= entry(n))));
    for (const li of list.querySelectorAll(".is-current")) {
      li.classList.remove("is-current");
      li.firstChild.removeAttribute("aria-current");
    }
    entries[at].classList.add("is-current");
    entries[at].firstChild.setAttribute("aria-current", "step");
    upTo = at;
  }

  return {
    element,
    build(replayTimeline, seatNames) {
      timeline = replayTimeline;
      names = seatNames;
      entries = [];
      list.replaceChildren();
      upTo = -1;
    },
    show,
  };
}
