// The replay viewer's controls (ui/replay/replay.js): the line that says where the replay is,
// the slider over every move with each player's turns and the four elections drawn under it,
// the step buttons (Start … End), a button for each election, the ward steps, and the keys:
// ← → a move, Shift+← → a turn, Home and End. Where each goes is logic/replay-steps.js's, what
// the line says logic/replay-frame.js's; the viewer moves.
//
//   const controls = createReplayControls({ go, step, active });
//     go(n): show move n; step(key): take the step of a [data-step] button; active(): the
//     viewer is open (the keys act only then)
//   controls.element   controls.build(info)   (a replay opened: replay_open's answer)
//   controls.aim(target)   (the slider follows a tap at once)   controls.focus()
//   controls.show(frame, {target, moves, stops})   (the move drawn)

import { t } from "../../strings.js";
import { el } from "../../render/pieces.js";
import { keyStep, stillSteps, timelineBars } from "../../logic/replay-steps.js";
import { positionWords, sliderWords, electionOn } from "../../logic/replay-frame.js";
import { h, clear } from "../dom.js";

// [data-step, label, symbol], in the order drawn.
const STEP_BUTTONS = [
  ["start", "replay.start", "⇤"],
  ["year-1", "replay.year.back", "«"],
  ["turn-1", "replay.turn.back", "◀◀"],
  ["move-1", "replay.move.back", "◀"],
  ["move+1", "replay.move.forward", "▶"],
  ["turn+1", "replay.turn.forward", "▶▶"],
  ["year+1", "replay.year.forward", "»"],
  ["end", "replay.end", "⇥"],
];
const WARD_BUTTONS = [
  ["ward-1", "replay.ward.back", "◁"],
  ["ward+1", "replay.ward.forward", "▷"],
];

const word = ({ key, params }) => t(key, params);

/** One bar under the slider: a turn in its player's colour, or an election (taller). */
function barRect(bar, seats) {
  const election = bar.kind === "election";
  return el("rect", {
    x: bar.from, y: election ? 0 : 3, width: Math.max(bar.to - bar.from, 0.6), height: election ? 10 : 7,
    class: election ? "th-rp-mark-election" : `th-rp-mark-turn is-${seats[bar.seat].color}`,
  });
}

export function createReplayControls({ go, step, active }) {
  const position = h("p", { class: "th-rp-position", "aria-live": "polite" });
  const slider = h("input", { type: "range", id: "th-rp-slider", class: "th-rp-slider", min: "0", max: "0", step: "1", value: "0", "aria-label": t("replay.slider") });
  const markers = el("svg", { class: "th-rp-markers", "aria-hidden": "true", preserveAspectRatio: "none" });
  const stepButtons = {};
  const stepButton = ([key, label, symbol]) => {
    stepButtons[key] = h("button", { type: "button", class: "th-button th-secondary th-rp-step", dataset: { step: key }, "aria-label": t(label), title: t(label), onclick: () => step(key) }, [
      h("span", { class: "th-rp-symbol", "aria-hidden": "true", text: symbol }),
      h("span", { class: "th-rp-step-label", text: t(label) }),
    ]);
    return stepButtons[key];
  };
  const steps = h("div", { class: "th-rp-steps", role: "group", "aria-label": t("replay.controls") }, STEP_BUTTONS.map(stepButton));
  const elections = h("div", { class: "th-rp-elections", role: "group", "aria-label": t("replay.elections") });
  const wardSteps = h("div", { class: "th-rp-ward-steps" }, WARD_BUTTONS.map(stepButton));
  const element = h("section", { class: "th-rp-controls", "aria-label": t("replay.controls") }, [
    position,
    h("div", { class: "th-rp-track" }, [slider, markers]),
    steps,
    h("div", { class: "th-rp-jumps" }, [elections, wardSteps]),
    h("p", { class: "th-fine th-rp-keys", text: t("replay.keys") }),
  ]);

  const electionButton = (entry) => h("button", {
    type: "button", class: "th-button th-secondary th-small th-rp-election", dataset: { term: entry.election, at: entry.n },
    "aria-label": t("replay.election.jump.label", { term: entry.election }), onclick: () => go(entry.n),
  }, t("replay.election.jump", { term: entry.election }));

  function build(info) {
    slider.max = String(info.moves);
    markers.setAttribute("viewBox", `0 0 ${Math.max(info.moves, 1)} 10`);
    markers.replaceChildren(...timelineBars(info.timeline, info.moves).map((bar) => barRect(bar, info.seats)));
    clear(elections);
    elections.append(...info.timeline.filter((entry) => entry.election).map(electionButton));
  }

  function show(frame, place) {
    const { at, view } = frame;
    position.textContent = positionWords(at, place.moves, view).map(word).join(" · ");
    slider.value = String(place.target);
    slider.setAttribute("aria-valuetext", word(sliderWords(at, place.moves, view)));
    const still = new Set(stillSteps(at, place));
    for (const [key, button] of Object.entries(stepButtons)) button.disabled = still.has(key);
    const term = electionOn(view);
    for (const button of elections.children) button.classList.toggle("is-current", Number(button.dataset.term) === term);
  }

  function onKey(e) {
    if (!active()) return;
    const key = keyStep(e);
    if (!key) return;
    if (document.querySelector("dialog[open]:modal")) return;
    if (e.target instanceof HTMLInputElement && e.target !== slider) return;
    if (e.target.closest?.(".th-rvc")) return; // the review's chart: its arrows go from mark to mark
    e.preventDefault();
    step(key);
  }
  document.addEventListener("keydown", onKey, true);
  slider.addEventListener("input", () => go(Number(slider.value)));

  return {
    element,
    build,
    show,
    aim(target) { slider.value = String(target); },
    focus() { slider.focus(); },
  };
}
