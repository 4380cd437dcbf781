// The start screen's cards beside the seats: Continue (an unfinished game autosaved here), a
// shared game's link (#g=), and "Load a code" (pasted).
//
//   createResumeCard({onContinue})   → {element, show(autosave)}   autosave: {names, year, years, rules} or null
//   createLinkCard({onLoad})         → {element, show(link), rules(rules)}
//   createLoadCard({onLoad, left})   → the card's element
//     onLoad(code, fail) resolves once the code is answered; fail(message) when it was refused;
//     left(): whether the start screen has gone (the code's game is shown)

import { t } from "../../strings.js";
import { h, clear, append } from "../dom.js";
import { extractCode } from "../../logic/links.js";
import { houseRulesNote } from "../widgets/house-rules.js";

// A card shown for a value (an autosave, a link) and hidden without one: `fill(value, card)` its
// contents, drawn afresh each time it is shown (dom.js append: a missing piece, such as no
// house rules' note, is left out rather than written as "null").
function createCard(kind, fill) {
  const element = h("section", { class: `th-start-card th-${kind}`, hidden: true, "aria-labelledby": `th-${kind}-title` });
  function show(value) {
    element.hidden = !value;
    clear(element);
    if (value) append(element, fill(value, element));
  }
  return { element, show };
}

export function createResumeCard({ onContinue }) {
  return createCard("resume", (autosave) => [
    h("h3", { id: "th-resume-title", text: t("start.continue.title") }),
    h("p", { class: "th-resume-summary", text: t("start.continue.summary", { names: autosave.names.join(", "), year: autosave.year, years: autosave.years || 16 }) }),
    houseRulesNote(autosave.rules), // a game by house rules names them (none: the rulebook)
    h("button", { type: "button", class: "th-button th-primary", id: "th-continue", onclick: onContinue }, t("start.continue")),
  ]);
}

export function createLinkCard({ onLoad }) {
  const { element, show } = createCard("link", (link, card) => [
    h("h3", { id: "th-link-title", text: t("start.link.title") }),
    h("p", { text: t("start.link.text") }),
    h("button", { type: "button", class: "th-button th-primary", id: "th-open-link", onclick: () => onLoad(link, (err) => {
      clear(card);
      card.append(h("p", { class: "th-field-error", role: "alert", text: err }));
    }) }, t("start.link.open")),
  ]);
  /** The shared game's house rules, once Python has read its code: named on the card ({}: the
   *  rulebook, nothing shown). */
  function rules(chosen) {
    element.querySelector(".th-house-note")?.remove();
    const note = houseRulesNote(chosen);
    if (note) element.querySelector("#th-open-link")?.before(note);
  }
  return { element, show, rules };
}

export function createLoadCard({ onLoad, left }) {
  const codeField = h("textarea", {
    id: "th-code", class: "th-code-input", rows: "3", spellcheck: "false", autocomplete: "off",
    autocapitalize: "off", "aria-describedby": "th-load-error",
  });
  const loadError = h("p", { class: "th-field-error", role: "alert", id: "th-load-error" });
  async function load() {
    const code = extractCode(codeField.value);
    if (!code) { loadError.textContent = t("start.load.empty"); return; }
    loadError.textContent = "";
    let refused = false;
    await onLoad(code, (err) => { refused = true; loadError.textContent = err; });
    // Loaded (its game is shown, this screen hidden): the code leaves the field, so coming
    // back here does not offer it again. A refused code stays, its message beside it.
    if (!refused && left()) codeField.value = "";
  }
  return h("details", { class: "th-start-card th-load" }, [
    h("summary", { text: t("start.load.title") }),
    h("label", { for: "th-code", text: t("start.load.label") }),
    codeField,
    loadError,
    h("button", { type: "button", class: "th-button th-secondary", onclick: load }, t("start.load")),
  ]);
}
