// The start screen: 3–5 seats (name + unique colour), House rules (closed; the choice is
// remembered on this device), Start, Continue (when an unfinished game is autosaved), Load a
// code (pasted, or from a #g= link). Rule checks are Python's: the page marks a name field as
// you type with the same rule, and shows Python's message if refused.

import { t, message } from "../../strings.js";
import { bossIcon, PLAYER_COLORS } from "../../render/pieces.js";
import { h, clear } from "../dom.js";
import { nameProblem } from "./names.js";
import { extractCode } from "../../logic/links.js";
import { LEVELS } from "../../logic/waiting.js";
import { createHouseRulesPanel, saveHouseRules, savedHouseRules, houseRulesNote } from "../widgets/house-rules.js";

const MIN_SEATS = 3;
const MAX_SEATS = 5;

function defaultNames() {
  return t("start.default_names").split("|");
}

/**
 * createStartScreen(container, {onStart(seats, rules), onContinue(), onLoad(code, fail), houseRules})
 *   onLoad resolves once the code is answered; fail(message) when it was refused;
 *   houseRules: the switches Python offers (hello's `house_rules`); `rules` the ones chosen
 * → {element, show({autosave, link, notices, seed}), linkRules(rules), hide(), refuse(err), setBusy(on)}
 */
export function createStartScreen(container, { onStart, onContinue, onLoad, houseRules = null }) {
  const names = defaultNames();
  let seats = [0, 1, 2].map((i) => ({ name: names[i], color: PLAYER_COLORS[i], level: "human" }));

  const notices = h("div", { class: "th-notices", role: "status" });
  const seatList = h("ol", { class: "th-seats" });
  const addButton = h("button", { type: "button", class: "th-button th-secondary", onclick: addSeat },
    [h("span", { "aria-hidden": "true", text: "+ " }), t("start.add")]);
  const startError = h("p", { class: "th-field-error", role: "alert", id: "th-start-error" });
  const seedNote = h("p", { class: "th-fine", hidden: true });
  const startButton = h("button", { type: "submit", class: "th-button th-primary th-big" }, t("start.start"));
  // House rules: closed by default (the default is the rulebook as this game plays it).
  const house = houseRules
    ? createHouseRulesPanel(houseRules, { chosen: savedHouseRules(houseRules), onChange: saveHouseRules })
    : null;
  const form = h("form", { class: "th-start-form", novalidate: true, onsubmit: submit }, [
    h("fieldset", { class: "th-fieldset" }, [
      h("legend", { text: t("start.players") }),
      seatList,
      addButton,
    ]),
    house && house.element,
    startError,
    seedNote,
    startButton,
  ]);

  const resume = h("section", { class: "th-start-card th-resume", hidden: true, "aria-labelledby": "th-resume-title" });
  const linkCard = h("section", { class: "th-start-card th-link", hidden: true, "aria-labelledby": "th-link-title" });

  const codeField = h("textarea", {
    id: "th-code", class: "th-code-input", rows: "3", spellcheck: "false", autocomplete: "off",
    autocapitalize: "off", "aria-describedby": "th-load-error",
  });
  const loadError = h("p", { class: "th-field-error", role: "alert", id: "th-load-error" });
  const loadCard = h("details", { class: "th-start-card th-load" }, [
    h("summary", { text: t("start.load.title") }),
    h("label", { for: "th-code", text: t("start.load.label") }),
    codeField,
    loadError,
    h("button", { type: "button", class: "th-button th-secondary", onclick: async () => {
      const code = extractCode(codeField.value);
      if (!code) { loadError.textContent = t("start.load.empty"); return; }
      loadError.textContent = "";
      let refused = false;
      await onLoad(code, (err) => { refused = true; loadError.textContent = err; });
      // Loaded (its game is shown, this screen hidden): the code leaves the field, so coming
      // back here does not offer it again. A refused code stays, its message beside it.
      if (!refused && element.hidden) codeField.value = "";
    } }, t("start.load")),
  ]);

  const element = h("section", { class: "th-screen th-start", id: "th-start", "aria-labelledby": "th-start-title", hidden: true }, [
    h("div", { class: "th-start-inner" }, [
      h("h2", { id: "th-start-title", text: t("start.title") }),
      h("p", { class: "th-intro", text: t("start.intro") }),
      notices,
      linkCard,
      resume,
      form,
      loadCard,
    ]),
  ]);
  container.appendChild(element);

  function renderSeats() {
    clear(seatList);
    seats.forEach((seat, i) => seatList.appendChild(seatRow(seat, i)));
    addButton.hidden = seats.length >= MAX_SEATS;
  }

  function seatRow(seat, i) {
    const n = i + 1;
    const id = `th-name-${i}`;
    const input = h("input", {
      id, class: "th-name-input", type: "text", autocomplete: "off", spellcheck: "false",
      "aria-describedby": `${id}-error`, dataset: { seat: i },
    });
    input.value = seat.name;
    const error = h("p", { class: "th-field-error", id: `${id}-error` });
    const check = () => {
      seat.name = input.value;
      const problem = nameProblem(input.value);
      error.textContent = problem ? t(`start.name.${problem}`) : "";
      input.setAttribute("aria-invalid", problem ? "true" : "false");
    };
    input.addEventListener("input", () => { check(); startError.textContent = ""; });
    check();

    const swatches = h("div", { class: "th-swatches", role: "radiogroup", "aria-label": t("start.color", { n }) });
    for (const color of PLAYER_COLORS) {
      const on = seat.color === color;
      swatches.appendChild(h("button", {
        type: "button", role: "radio", class: `th-swatch tm-pc-${color}`, "aria-checked": on ? "true" : "false",
        "aria-label": t("start.color.option", { color: t(`color.${color}`) }), title: t(`color.${color}`),
        dataset: { color }, tabindex: on ? "0" : "-1",
        onclick: () => pickColor(i, color),
        onkeydown: (e) => swatchKeys(e, i, color),
      }, bossIcon(color, "", "th-swatch-hat")));
    }
    const remove = seats.length > MIN_SEATS
      ? h("button", { type: "button", class: "th-icon-button th-remove", "aria-label": t("start.remove", { n }), title: t("start.remove", { n }), onclick: () => removeSeat(i) }, "×")
      : null;
    return h("li", { class: `th-seat tm-pc-${seat.color}`, dataset: { seat: i } }, [
      h("span", { class: "th-seat-pawn", "aria-hidden": "true" }, bossIcon(seat.color, initialOf(seat.name), "th-seat-hat")),
      h("div", { class: "th-seat-fields" }, [
        h("label", { for: id, class: "th-seat-label", text: t("start.name", { n }) }),
        input,
        error,
        swatches,
        kindGroup(seat, i),
      ]),
      remove,
    ]);
  }

  // Human or a computer at a level: a radio group like the colours.
  function kindGroup(seat, i) {
    const group = h("div", { class: "th-kinds", role: "radiogroup", "aria-label": t("start.kind", { n: i + 1 }) });
    for (const level of LEVELS) {
      const on = (seat.level || "human") === level;
      group.appendChild(h("button", {
        type: "button", role: "radio", class: `th-kind th-kind-${level}`, "aria-checked": on ? "true" : "false",
        dataset: { level }, tabindex: on ? "0" : "-1", text: t(`start.kind.${level}`),
        onclick: () => pickLevel(i, level),
        onkeydown: (e) => {
          const k = LEVELS.indexOf(level);
          const step = e.key === "ArrowRight" || e.key === "ArrowDown" ? 1 : e.key === "ArrowLeft" || e.key === "ArrowUp" ? -1 : 0;
          if (!step) return;
          e.preventDefault();
          pickLevel(i, LEVELS[(k + step + LEVELS.length) % LEVELS.length]);
        },
      }));
    }
    return group;
  }

  function pickLevel(i, level) {
    seats[i].level = level;
    renderSeats();
    seatList.querySelector(`[data-seat="${i}"] [data-level="${level}"]`)?.focus();
  }

  function initialOf(name) {
    const first = [...(name || "").trim()][0];
    return first ? first.toLocaleUpperCase() : "";
  }

  function swatchKeys(e, i, color) {
    const k = PLAYER_COLORS.indexOf(color);
    let next = null;
    if (e.key === "ArrowRight" || e.key === "ArrowDown") next = PLAYER_COLORS[(k + 1) % PLAYER_COLORS.length];
    if (e.key === "ArrowLeft" || e.key === "ArrowUp") next = PLAYER_COLORS[(k + PLAYER_COLORS.length - 1) % PLAYER_COLORS.length];
    if (next) {
      e.preventDefault();
      pickColor(i, next);
    }
  }

  // A colour another seat holds is swapped with it, so colours stay unique.
  function pickColor(i, color) {
    const other = seats.findIndex((s, j) => j !== i && s.color === color);
    if (other >= 0) seats[other].color = seats[i].color;
    seats[i].color = color;
    renderSeats();
    seatList.querySelector(`[data-seat="${i}"] [data-color="${color}"]`)?.focus();
  }

  function addSeat() {
    if (seats.length >= MAX_SEATS) return;
    const used = new Set(seats.map((s) => s.color));
    const usedNames = new Set(seats.map((s) => s.name));
    const name = defaultNames().find((n) => !usedNames.has(n)) || t("start.seat", { n: seats.length + 1 });
    seats.push({ name, color: PLAYER_COLORS.find((c) => !used.has(c)), level: "human" });
    renderSeats();
    seatList.querySelector(`[data-seat="${seats.length - 1}"] input`)?.focus();
  }

  function removeSeat(i) {
    seats.splice(i, 1);
    renderSeats();
    addButton.focus();
  }

  // Python checks the seats (it has the last word); its refusal comes back through refuse().
  function submit(e) {
    e.preventDefault();
    startError.textContent = "";
    onStart(seats.map((s) => ({ name: s.name, color: s.color, level: s.level || "human" })),
      house ? house.chosen() : {});
  }

  function shorten(name) {
    const points = [...name];
    return points.length > 40 ? points.slice(0, 40).join("") + "…" : name;
  }

  renderSeats();

  return {
    element,
    /** autosave: {names, year} of an unfinished game or null; link: a #g= code or null. */
    show({ autosave = null, link = null, notices: list = [], seed = null } = {}) {
      clear(notices);
      for (const text of list) notices.appendChild(h("p", { class: "th-notice", text }));
      resume.hidden = !autosave;
      clear(resume);
      if (autosave) {
        resume.append(
          h("h3", { id: "th-resume-title", text: t("start.continue.title") }),
          h("p", { class: "th-resume-summary", text: t("start.continue.summary", { names: autosave.names.join(", "), year: autosave.year, years: autosave.years || 16 }) }),
          houseRulesNote(autosave.rules), // a game by house rules names them (none: the rulebook)
          h("button", { type: "button", class: "th-button th-primary", id: "th-continue", onclick: onContinue }, t("start.continue")),
        );
      }
      linkCard.hidden = !link;
      clear(linkCard);
      if (link) {
        linkCard.append(
          h("h3", { id: "th-link-title", text: t("start.link.title") }),
          h("p", { text: t("start.link.text") }),
          h("button", { type: "button", class: "th-button th-primary", id: "th-open-link", onclick: () => onLoad(link, (err) => {
            clear(linkCard);
            linkCard.append(h("p", { class: "th-field-error", role: "alert", text: err }));
          }) }, t("start.link.open")),
        );
      }
      seedNote.hidden = seed === null;
      seedNote.textContent = seed === null ? "" : t("start.seed", { seed });
      element.hidden = false;
      container.hidden = false;
    },
    hide() {
      element.hidden = true;
      container.hidden = true;
    },
    /** Python refused the seats: show its message (with the name it names, literally). */
    refuse(err) {
      const text = err?.code ? message(err) : (err?.message || String(err));
      const bad = err?.code === "bad_name" ? seats.findIndex((s) => nameProblem(s.name)) : -1;
      const named = bad >= 0 ? shorten(seats[bad].name) : err?.params?.name;
      startError.textContent = typeof named === "string" ? t("start.refused", { name: named, message: text }) : text;
      const field = bad >= 0 ? seatList.querySelector(`[data-seat="${bad}"] input`) : null;
      (field || startButton).focus();
    },
    setBusy(on) {
      for (const b of element.querySelectorAll("button")) b.disabled = on;
    },
    /** The shared game's house rules, once Python has read its code (`code_info`): named on
     *  its card ({}: the rulebook, nothing shown). */
    linkRules(rules) {
      linkCard.querySelector(".th-house-note")?.remove();
      const note = houseRulesNote(rules);
      if (note) linkCard.querySelector("#th-open-link")?.before(note);
    },
    /** The house rules chosen: {switch: option}, defaults left out. */
    houseRules: () => (house ? house.chosen() : {}),
    /** The seats as they stand (kept when the language changes). */
    seats: () => seats.map((s) => ({ ...s })),
    setSeats(list) {
      seats = list.map((s) => ({ name: s.name, color: s.color, level: LEVELS.includes(s.level) ? s.level : "human" }));
      renderSeats();
    },
  };
}
