// The start screen: 3–5 seats (name + unique colour), House rules (closed; the choice is
// remembered on this device), Start, Continue (when an unfinished game is autosaved), Load a
// code (pasted, or from a #g= link). Rule checks are Python's: the page marks a name field as
// you type with the same rule, and shows Python's message if refused. The seats are drawn by
// seat-list.js (their changes are logic/seats.js), the cards by start-cards.js.

import { t, message } from "../../strings.js";
import { h, clear } from "../dom.js";
import { seatsToStart, seatsFromList, refusal } from "../../logic/seats.js";
import { createHouseRulesPanel, saveHouseRules, savedHouseRules } from "../widgets/house-rules.js";
import { createSeatList } from "./seat-list.js";
import { createResumeCard, createLinkCard, createLoadCard } from "./start-cards.js";

/**
 * createStartScreen(container, {onStart(seats, rules), onContinue(), onLoad(code, fail), houseRules})
 *   onLoad resolves once the code is answered; fail(message) when it was refused;
 *   houseRules: the switches Python offers (hello's `house_rules`); `rules` the ones chosen
 * → {element, show({autosave, link, notices, seed}), linkRules(rules), hide(), refuse(err), setBusy(on)}
 */
export function createStartScreen(container, { onStart, onContinue, onLoad, houseRules = null }) {
  const notices = h("div", { class: "th-notices", role: "status" });
  const startError = h("p", { class: "th-field-error", role: "alert", id: "th-start-error" });
  const seats = createSeatList({ onType: () => { startError.textContent = ""; } });
  const seedNote = h("p", { class: "th-fine", hidden: true });
  const startButton = h("button", { type: "submit", class: "th-button th-primary th-big" }, t("start.start"));
  // House rules: closed by default (the default is the rulebook as this game plays it).
  const house = houseRules
    ? createHouseRulesPanel(houseRules, { chosen: savedHouseRules(houseRules), onChange: saveHouseRules })
    : null;
  const form = h("form", { class: "th-start-form", novalidate: true, onsubmit: submit }, [
    h("fieldset", { class: "th-fieldset" }, [
      h("legend", { text: t("start.players") }),
      seats.list,
      seats.addButton,
    ]),
    house && house.element,
    startError,
    seedNote,
    startButton,
  ]);
  const resume = createResumeCard({ onContinue });
  const linkCard = createLinkCard({ onLoad });
  const loadCard = createLoadCard({ onLoad, left: () => element.hidden });

  const element = h("section", { class: "th-screen th-start", id: "th-start", "aria-labelledby": "th-start-title", hidden: true }, [
    h("div", { class: "th-start-inner" }, [
      h("h2", { id: "th-start-title", text: t("start.title") }),
      h("p", { class: "th-intro", text: t("start.intro") }),
      notices,
      linkCard.element,
      resume.element,
      form,
      loadCard,
    ]),
  ]);
  container.appendChild(element);

  // Python checks the seats (it has the last word); its refusal comes back through refuse().
  function submit(e) {
    e.preventDefault();
    startError.textContent = "";
    onStart(seatsToStart(seats.seats()), house ? house.chosen() : {});
  }

  return {
    element,
    /** autosave: {names, year} of an unfinished game or null; link: a #g= code or null. */
    show({ autosave = null, link = null, notices: list = [], seed = null } = {}) {
      clear(notices);
      for (const text of list) notices.appendChild(h("p", { class: "th-notice", text }));
      resume.show(autosave);
      linkCard.show(link);
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
      const { seat, name } = refusal(seats.seats(), err);
      startError.textContent = typeof name === "string" ? t("start.refused", { name, message: text }) : text;
      const field = seat >= 0 ? seats.nameField(seat) : null;
      (field || startButton).focus();
    },
    setBusy(on) {
      for (const b of element.querySelectorAll("button")) b.disabled = on;
    },
    /** The shared game's house rules, once Python has read its code (`code_info`): named on
     *  its card ({}: the rulebook, nothing shown). */
    linkRules: (rules) => linkCard.rules(rules),
    /** The house rules chosen: {switch: option}, defaults left out. */
    houseRules: () => (house ? house.chosen() : {}),
    /** The seats as they stand (kept when the language changes). */
    seats: () => seats.seats().map((s) => ({ ...s })),
    setSeats: (list) => seats.set(seatsFromList(list)),
  };
}
