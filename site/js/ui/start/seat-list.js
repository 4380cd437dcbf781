// The start screen's seats, drawn: a row per seat (its hat, its name marked by the name rule as
// you type, its colour and its kind as radio groups the arrow keys move through, Remove) and
// "+ Add a player". What each change does to the seats is logic/seats.js; this draws the list
// again after each and puts the focus back where the player was.
//
//   createSeatList({onType}) → {list, addButton, seats(), set(seats), nameField(i)}
//     onType(): a name was typed (the start screen clears Python's last refusal)

import { t } from "../../strings.js";
import { bossIcon, PLAYER_COLORS } from "../../render/pieces.js";
import { h, clear } from "../dom.js";
import { nameProblem } from "../../logic/names.js";
import { LEVELS } from "../../logic/waiting.js";
import * as seating from "../../logic/seats.js";

function defaultNames() {
  return t("start.default_names").split("|");
}

export function createSeatList({ onType }) {
  let seats = seating.firstSeats(defaultNames(), PLAYER_COLORS);
  const list = h("ol", { class: "th-seats" });
  const addButton = h("button", { type: "button", class: "th-button th-secondary", onclick: add },
    [h("span", { "aria-hidden": "true", text: "+ " }), t("start.add")]);
  const on = {
    name: (i, name) => { seats = seating.renameSeat(seats, i, name); },
    color: (i, color) => change(seating.pickColor(seats, i, color), `[data-seat="${i}"] [data-color="${color}"]`),
    level: (i, level) => change(seating.pickLevel(seats, i, level), `[data-seat="${i}"] [data-level="${level}"]`),
    remove: (i) => { change(seating.removeSeat(seats, i)); addButton.focus(); },
    onType,
  };

  function draw() {
    clear(list);
    seats.forEach((seat, i) => list.appendChild(seatRow(seat, i, seating.canRemove(seats), on)));
    addButton.hidden = !seating.canAdd(seats);
  }

  // The seats changed: drawn again, the focus on `focus` (a selector in the list) if given.
  function change(next, focus = null) {
    seats = next;
    draw();
    if (focus) list.querySelector(focus)?.focus();
  }

  function add() {
    if (!seating.canAdd(seats)) return;
    const fallback = t("start.seat", { n: seats.length + 1 });
    change(seating.addSeat(seats, { names: defaultNames(), colors: PLAYER_COLORS, fallback }), `[data-seat="${seats.length}"] input`);
  }

  draw();
  return {
    list,
    addButton,
    seats: () => seats,
    set(next) { change(next); },
    nameField: (i) => list.querySelector(`[data-seat="${i}"] input`),
  };
}

function seatRow(seat, i, removable, on) {
  const n = i + 1;
  const id = `th-name-${i}`;
  return h("li", { class: `th-seat tm-pc-${seat.color}`, dataset: { seat: i } }, [
    h("span", { class: "th-seat-pawn", "aria-hidden": "true" }, bossIcon(seat.color, seating.initialOf(seat.name), "th-seat-hat")),
    h("div", { class: "th-seat-fields" }, [
      h("label", { for: id, class: "th-seat-label", text: t("start.name", { n }) }),
      ...nameField(seat, i, id, on),
      swatches(seat, i, on),
      kindGroup(seat, i, on),
    ]),
    removable
      ? h("button", { type: "button", class: "th-icon-button th-remove", "aria-label": t("start.remove", { n }), title: t("start.remove", { n }), onclick: () => on.remove(i) }, "×")
      : null,
  ]);
}

// The name's field and its error, marked by the page's name rule as you type (Python has the
// last word when the game starts).
function nameField(seat, i, id, on) {
  const input = h("input", {
    id, class: "th-name-input", type: "text", autocomplete: "off", spellcheck: "false",
    "aria-describedby": `${id}-error`, dataset: { seat: i },
  });
  input.value = seat.name;
  const error = h("p", { class: "th-field-error", id: `${id}-error` });
  const check = () => {
    on.name(i, input.value);
    const problem = nameProblem(input.value);
    error.textContent = problem ? t(`start.name.${problem}`) : "";
    input.setAttribute("aria-invalid", problem ? "true" : "false");
  };
  input.addEventListener("input", () => { check(); on.onType(); });
  check();
  return [input, error];
}

// Each colour a radio button with its hat; arrow keys move through them.
function swatches(seat, i, on) {
  return radioGroup({ class: "th-swatches", "aria-label": t("start.color", { n: i + 1 }) },
    PLAYER_COLORS, seat.color, (next) => on.color(i, next), (color) => [{
      class: `th-swatch tm-pc-${color}`, dataset: { color },
      "aria-label": t("start.color.option", { color: t(`color.${color}`) }), title: t(`color.${color}`),
    }, bossIcon(color, "", "th-swatch-hat")]);
}

// Human or a computer at a level: a radio group like the colours.
function kindGroup(seat, i, on) {
  return radioGroup({ class: "th-kinds", "aria-label": t("start.kind", { n: i + 1 }) },
    LEVELS, seat.level || "human", (next) => on.level(i, next), (level) => [{
      class: `th-kind th-kind-${level}`, dataset: { level }, text: t(`start.kind.${level}`),
    }, null]);
}

// A radio group of buttons, one per option (`button(option)`: its own attributes and content),
// the current one checked and in the tab order; a click or an arrow key (logic/seats.js
// stepKey) picks.
function radioGroup(attrs, options, current, pick, button) {
  const group = h("div", { ...attrs, role: "radiogroup" });
  for (const option of options) {
    const checked = option === current;
    const [own, content] = button(option);
    group.appendChild(h("button", {
      ...own, type: "button", role: "radio", "aria-checked": checked ? "true" : "false", tabindex: checked ? "0" : "-1",
      onclick: () => pick(option),
      onkeydown: (e) => {
        const next = seating.stepKey(options, option, e.key);
        if (next === null) return;
        e.preventDefault();
        pick(next);
      },
    }, content));
  }
  return group;
}
