// The review panel's controls (ui/replay/review-panel.js): whose moves are reviewed (a tick a
// seat), and the run's bar — Review (or Review again), Stop, the progress bar named by its count
// and the status line, announced when the review starts, ends, is stopped or fails.
//
// Hooks (docs/ui.md): #th-rv-start, #th-rv-stop, #th-rv-progress, #th-rv-status (role=status).

import { t } from "../../strings.js";
import { h, clear } from "../dom.js";
import { isRunning, worded } from "../../logic/review-view.js";

/** Whose moves: a tick for each seat. `onChoose(seats)` with the seats ticked, at each change
 *  and when drawn. */
export function createSeatChooser(onChoose) {
  const element = h("fieldset", { class: "th-rv-seats" });
  const chosen = () => [...element.querySelectorAll("input:checked")].map((i) => Number(i.value));

  /** The ticks of the game's `seats`, those of `ticked` on. */
  function draw(seats, ticked) {
    clear(element);
    element.appendChild(h("legend", { text: t("rv.seats") }));
    seats.forEach((s, i) => {
      const id = `th-rv-seat-${i}`;
      const name = s.level === "human" ? s.name : t("archive.game.computer", { name: s.name });
      element.appendChild(h("label", { class: "th-rv-seat", for: id }, [
        h("input", { type: "checkbox", id, value: String(i), checked: ticked.includes(i), onchange: () => onChoose(chosen()) }),
        h("span", { text: name }),
      ]));
    });
    onChoose(ticked);
  }

  /** No other seats while a review runs. */
  function lock(running) {
    for (const box of element.querySelectorAll("input")) box.disabled = running;
  }

  return { element, draw, chosen, lock };
}

/** The run's bar (`element`) and its status line (`status`, placed under it by the panel):
 *  `onStart()` and `onStop()` from its buttons. */
export function createRunBar({ onStart, onStop }) {
  const start = h("button", { type: "button", class: "th-button th-primary th-small", id: "th-rv-start", onclick: () => onStart() }, t("rv.start"));
  const stop = h("button", { type: "button", class: "th-button th-secondary th-small", id: "th-rv-stop", hidden: true, onclick: () => onStop() }, t("rv.stop"));
  const count = h("span", { class: "th-rv-count", id: "th-rv-count" });
  const progress = h("progress", { class: "th-rv-progress", id: "th-rv-progress", max: "1", value: "0", "aria-labelledby": "th-rv-title th-rv-count" });
  const status = h("p", { class: "th-rv-status", id: "th-rv-status", role: "status" });
  const element = h("div", { class: "th-rv-run" }, [start, stop, h("div", { class: "th-rv-bar" }, [progress, count])]);

  return {
    element,
    status,
    /** Review only with a seat ticked. */
    allow(seats) { start.disabled = !seats.length; },
    /** Review `r` as far as it is; `line`: its status line's words (logic/review-view.js's
     *  statusWords), or null. */
    draw(r, line) {
      const running = isRunning(r.status);
      stop.hidden = !running;
      start.hidden = running;
      start.textContent = t(r.status === "idle" ? "rv.start" : "rv.again");
      progress.max = String(Math.max(1, r.total || 0));
      progress.value = String(r.done || 0);
      count.textContent = r.total ? t("rv.count", { done: r.done || 0, count: r.total }) : "";
      // Announced once a state is reached, not at every decision (the bar shows the count).
      const text = line ? worded(line, t) : "";
      if (status.textContent !== text) status.textContent = text;
    },
  };
}
