// The Rules panel: the whole game in the page's language, organised by the rule ids
// of docs/rules.md, with the board's own pieces drawn beside the rules that use them. It opens
// from the game's bar and the start screen ("Rules"), from the prompt's "?" at the rule for what
// the player may do now, and from any rule name shown as a link (ruleLink). Rule ids are never
// shown: a rule appears by its name ("rule.R12" in the string tables). A game played by house
// rules (setGameRules, from the game on screen) has them named first, each with its sentence,
// and again at each rule one of them changes; in a game of two or three terms every number the
// panel states is that game's (its years, elections and terms).
//
// The text is data, one file per language (data/i18n/rules-<lang>.json), fetched when the panel
// first opens in that language:
//   {"intro": [paragraphs], "sections": [{"title", "rules": ["R1", …]}],
//    "rules": {"R1": {"text": [paragraphs], "pieces": ["boss:red", "cube:irish", …]}},
//    "lengths": {"2": {"intro": […], "sections": {"5": […]}, "rules": {"R13": […]}}, "3": …}}
// where `lengths` holds, for a shorter game, the paragraphs whose numbers differ.

import { t, language } from "../../strings.js";
import { el, cube, chip, boss, slanderChip, lockIcon, tammanyIcon, bonusIcon, ballotIcon, standalone } from "../../render/pieces.js";
import { h, clear } from "../dom.js";
import { houseRulesEntries } from "./house-rules.js";
import { LANGUAGES, LANGUAGE_NAMES } from "../../strings.js";

const loaded = {};
let dialog = null;
let body = null;
let gameRules = {}; // the house rules of the game on screen ({switch: option}; {}: standard)
let drawn = null; // the language and length the panel's text was drawn for ("de|2")
// The rules a house rule changes (py/tammany/rules_config.py, SWITCHES): each says so there.
const SWITCH_RULES = { tied_mayor: "R30", no_ward_won: "R30", turn_order: "R11", bids: "R25", terms: "R13" };

/** The house rules of the game on screen, named at the top of the panel ({} or null: none). */
export function setGameRules(rules) {
  gameRules = rules || {};
}

function houseSection() {
  const chosen = houseRulesEntries(gameRules);
  if (!chosen.length) return null;
  return h("section", { class: "th-rules-section th-rules-house", id: "th-rules-house" }, [
    h("h3", { text: t("house.panel.title") }),
    h("p", { text: t("house.panel.intro") }),
    h("ul", {}, chosen.map(([name, option]) => h("li", { dataset: { switch: name, option: String(option) } }, [
      h("b", { text: t(`house.${name}.${option}`) }), " ",
      t(`house.${name}.${option}.explain`),
    ]))),
  ]);
}

function showHouse() {
  body.querySelector("#th-rules-house")?.remove();
  for (const note of body.querySelectorAll(".th-rules-house-rule")) note.remove();
  const section = houseSection();
  if (section) body.querySelector(".th-rules-head").after(section);
  for (const [name, option] of houseRulesEntries(gameRules)) {
    const rule = body.querySelector(`#th-rule-${SWITCH_RULES[name]}`);
    rule?.querySelector("h4").after(h("p", { class: "th-rules-house-rule", dataset: { switch: name, option: String(option) }, text: t("house.rule_note", {
      name: t(`house.${name}.${option}`), explain: t(`house.${name}.${option}.explain`),
    }) }));
  }
}

/** The game's length: the number of terms its house rules say (the rulebook's, "4", else). */
function gameLength() {
  return String(gameRules.terms ?? 4);
}

/** The rules text for a game of `terms` terms: the rulebook's, with the paragraphs whose
 *  numbers differ taken from `lengths`. */
function forLength(doc, terms) {
  const over = (doc.lengths || {})[terms];
  if (!over) return doc;
  const rules = { ...doc.rules };
  for (const [id, text] of Object.entries(over.rules || {})) rules[id] = { ...rules[id], text };
  const sections = doc.sections.map((s, i) => (over.sections && over.sections[i] ? { ...s, text: over.sections[i] } : s));
  return { ...doc, intro: over.intro || doc.intro, sections, rules };
}

function rulesFile(lang) {
  return new URL(`../../../data/i18n/rules-${lang}.json`, import.meta.url);
}

async function rulesText(lang) {
  if (!loaded[lang]) {
    loaded[lang] = fetch(rulesFile(lang)).then((r) => {
      if (!r.ok) throw new Error(`HTTP ${r.status}`);
      return r.json();
    });
    loaded[lang].catch(() => { delete loaded[lang]; });
  }
  return loaded[lang];
}

const PIECES = {
  cube: (arg) => cube(arg, 100),
  chip: (arg) => chip(arg, 100),
  boss: (arg) => boss(arg, "", 100),
  slander: () => slanderChip(100),
  // The lock as the map's legend draws it: on its tag (the icon alone is drawn for dark ground).
  lock: () => el("g", null, [el("rect", { class: "tm-lock-tag", x: -45, y: -36, width: 90, height: 72, rx: 13 }), lockIcon(66)]),
  tammany: () => tammanyIcon(100),
  bonus: (arg) => bonusIcon(arg, 100),
  ballot: () => ballotIcon(100),
};

function piece(spec) {
  const [kind, arg] = spec.split(":");
  const draw = PIECES[kind];
  return draw ? standalone(draw(arg), { className: "th-rules-piece", height: kind === "boss" ? 1.1 : 1 }) : null;
}

function ensureDialog() {
  if (dialog && dialog.isConnected) return;
  body = h("div", { class: "th-rules-body", tabindex: "-1" });
  drawn = null;
  dialog = h("dialog", { class: "th-dialog th-rules", id: "th-rules", "aria-labelledby": "th-rules-title" }, body);
  dialog.addEventListener("click", (e) => { if (e.target === dialog) dialog.close(); });
  document.body.appendChild(dialog);
}

function draw(doc) {
  const head = h("header", { class: "th-rules-head" }, [
    h("h2", { id: "th-rules-title", text: t("rules.title") }),
    h("button", { type: "button", class: "th-rules-close", id: "th-rules-close", "aria-label": t("rules.close"), title: t("rules.close"), onclick: () => dialog.close() }, "×"),
  ]);
  const contents = h("nav", { class: "th-rules-contents", "aria-label": t("rules.contents") },
    h("ol", {}, doc.sections.map((s, i) => h("li", {}, h("a", { href: `#th-rules-s${i}`, onclick: (e) => { e.preventDefault(); jump(`th-rules-s${i}`); } }, s.title)))));
  const sections = doc.sections.map((s, i) => h("section", { class: "th-rules-section", id: `th-rules-s${i}` }, [
    h("h3", { text: s.title }),
    ...(s.text || []).map((p) => h("p", { text: p })),
    ...s.rules.map((id) => {
      const rule = doc.rules[id] || { text: [] };
      const pieces = (rule.pieces || []).map(piece).filter(Boolean);
      return h("section", { class: "th-rule", id: `th-rule-${id}`, dataset: { rule: id }, tabindex: "-1" }, [
        h("h4", { text: t(`rule.${id}`) }),
        pieces.length ? h("div", { class: "th-rules-pieces" }, pieces) : null,
        ...rule.text.map((p) => h("p", { text: p })),
      ]);
    }),
  ]));
  clear(body);
  body.append(head, ...(doc.intro || []).map((p) => h("p", { class: "th-rules-intro", text: p })), contents, ...sections);
  body.dataset.lang = language();
}

function jump(id) {
  const target = body.querySelector(`#${id}`);
  if (!target) return;
  target.scrollIntoView({ block: "start" });
  target.focus({ preventScroll: true });
}

/** Open the panel, at rule `rule` (an R-id) if given. */
export async function openRules(rule = null) {
  ensureDialog();
  const lang = language();
  if (drawn !== `${lang}|${gameLength()}`) {
    drawn = null;
    if (body.dataset.lang !== lang) {
      clear(body);
      body.append(h("p", { role: "status", text: t("rules.loading") }));
    }
    if (!dialog.open) dialog.showModal();
    try {
      draw(forLength(await rulesText(lang), gameLength()));
      drawn = `${lang}|${gameLength()}`;
    } catch (err) {
      clear(body);
      body.append(
        h("p", { role: "alert", text: t("rules.failed", { message: String(err.message || err) }) }),
        h("button", { type: "button", class: "th-button th-secondary th-small", onclick: () => dialog.close() }, t("rules.close")),
      );
      return;
    }
  }
  showHouse();
  if (!dialog.open) dialog.showModal();
  if (rule) jump(`th-rule-${rule}`);
  else { body.scrollTop = 0; body.focus({ preventScroll: true }); }
  document.documentElement.dataset.rules = rule || "open";
  dialog.addEventListener("close", () => { delete document.documentElement.dataset.rules; }, { once: true });
}

/** A rule's name as a link that opens the panel there (never the bare id). */
export function ruleLink(rule) {
  return h("button", {
    type: "button", class: "th-rule-link", dataset: { rule },
    onclick: () => openRules(rule),
  }, t("rule." + rule));
}

/** "Rules" for the game's bar and the start screen. */
export function createRulesButton() {
  return h("button", { type: "button", class: "th-button th-secondary th-small th-rules-button", onclick: () => openRules() }, t("rules.open"));
}

/** A "?" that opens the rule in its data-rule: the prompt's (set with each prompt, id th-help),
 *  or a dialog's own (the sealed bid, the offices) with its rule given. */
export function createHelpButton(rule = null) {
  const button = h("button", {
    type: "button", class: "th-help", id: rule ? null : "th-help", dataset: rule ? { rule } : null,
    title: t("rules.help"), "aria-label": t("rules.help"),
    onclick: () => openRules(button.dataset.rule || null),
  }, "?");
  return button;
}

/** The language menu: each language in its own name; `onChoose(code)` switches. */
export function createLanguageMenu(onChoose) {
  const select = h("select", { class: "th-language", "aria-label": t("language.label"), title: t("language.label") },
    LANGUAGES.map((code) => h("option", { value: code, lang: code, selected: code === language() }, LANGUAGE_NAMES[code])));
  select.addEventListener("change", () => {
    select.disabled = true;
    Promise.resolve(onChoose(select.value)).catch(() => { select.disabled = false; select.value = language(); });
  });
  return select;
}
