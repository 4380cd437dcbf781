// House rules (docs/rules.md, "House rules"): the start screen's panel that chooses them, and
// the one line that names them wherever a game is shown (the game's log, the Rules panel, the
// final table, the replay, the archive). The switches and their options are Python's (the
// bridge's hello: `house_rules`, each switch's options, the default first); a game's are its
// snapshot's `rules` ({switch: option} where not the default). The page words them
// (`house.*` in the string tables) and decides nothing: what a house rule does is Python's.
//
//   houseRulesEntries(rules)       → [[switch, option], …] in the switches' order ([]: standard)
//   houseRulesNames(rules)         → the option names, in the switches' order ([] when standard)
//   houseRulesNote(rules, attrs)   → <p data-house-rules> "House rules: …", or null when standard
//   createHouseRulesPanel(switches, {chosen, onChange}) → {element, chosen(), set(rules)}
//   createHouseRulesMark()         → {button, list, set(rules), close()}: the game bar's mark
//   savedHouseRules(switches) / saveHouseRules(rules)   the choice this device remembers

import { t, listOf } from "../../strings.js";
import { h } from "../dom.js";

const STORE_KEY = "tammany-house-rules";
const ORDER = ["tied_mayor", "no_ward_won", "turn_order", "bids", "terms"];

/** The options chosen, in the switches' order: [[switch, option], …] (defaults left out). */
export function houseRulesEntries(rules) {
  const out = [];
  for (const [name, option] of Object.entries(rules || {})) out.push([name, option]);
  return out.sort((a, b) => ORDER.indexOf(a[0]) - ORDER.indexOf(b[0]));
}

export function houseRulesNames(rules) {
  return houseRulesEntries(rules).map(([name, option]) => t(`house.${name}.${option}`));
}

/** "House rules: …" for a game with house rules; null for a standard game. */
export function houseRulesNote(rules, { className = "", id = null } = {}) {
  const names = houseRulesNames(rules);
  if (!names.length) return null;
  return h("p", {
    class: `th-house-note ${className}`.trim(), id,
    dataset: { houseRules: houseRulesEntries(rules).map(([n, o]) => `${n}=${o}`).join(",") },
    text: t("house.in_play", { list: listOf(names) }),
  });
}

/**
 * The game screen's mark of a game played by house rules: a button in the bar ("2 house
 * rules", `#th-house-mark`, hidden for a standard game) that unfolds a list of each house rule
 * in words under the bar (`#th-house-list`) — a disclosure: a tap or Enter/Space toggles it,
 * Escape folds it and leaves the focus on the mark; `aria-expanded` says whether it is open.
 */
export function createHouseRulesMark() {
  const items = h("ul", { class: "th-house-items" });
  const list = h("section", {
    class: "th-house-list", id: "th-house-list", hidden: true, "aria-labelledby": "th-house-list-title",
  }, [
    h("h2", { class: "th-house-list-title", id: "th-house-list-title", text: t("house.panel.title") }),
    items,
    h("p", { class: "th-fine", text: t("house.list.intro") }),
  ]);
  const button = h("button", {
    type: "button", class: "th-button th-secondary th-small th-house-mark", id: "th-house-mark",
    hidden: true, "aria-expanded": "false", "aria-controls": "th-house-list",
    onclick: () => toggle(list.hidden),
  });
  list.addEventListener("keydown", (e) => { if (e.key === "Escape") { e.stopPropagation(); toggle(false); button.focus(); } });
  button.addEventListener("keydown", (e) => { if (e.key === "Escape" && !list.hidden) { e.stopPropagation(); toggle(false); } });

  function toggle(open) {
    list.hidden = !open || button.hidden;
    button.setAttribute("aria-expanded", String(!list.hidden));
  }

  function set(rules) {
    const entries = houseRulesEntries(rules);
    button.hidden = entries.length === 0;
    button.textContent = t("house.mark", { count: entries.length });
    button.dataset.houseRules = entries.map(([n, o]) => `${n}=${o}`).join(",");
    items.replaceChildren(...entries.map(([name, option]) => h("li", { dataset: { switch: name, option: String(option) } }, [
      h("b", { text: t(`house.${name}.${option}`) }), " ",
      t(`house.${name}.${option}.explain`),
    ])));
    toggle(false);
  }

  return { button, list, set, close: () => toggle(false) };
}

/** The choice remembered on this device, kept to the switches and options Python offers. */
export function savedHouseRules(switches) {
  let stored = {};
  try { stored = JSON.parse(localStorage.getItem(STORE_KEY) || "{}") || {}; } catch { stored = {}; }
  const out = {};
  for (const [name, options] of Object.entries(switches || {})) {
    const value = stored[name];
    if (value !== undefined && options.slice(1).some((o) => String(o) === String(value))) {
      out[name] = options.find((o) => String(o) === String(value));
    }
  }
  return out;
}

export function saveHouseRules(rules) {
  try { localStorage.setItem(STORE_KEY, JSON.stringify(rules || {})); } catch { /* storage blocked: not remembered */ }
}

/**
 * The start screen's "House rules": closed by default, a group of radio buttons per switch, each
 * option with its one-sentence explanation. `chosen` is {switch: option} (defaults left out);
 * `onChange(chosen)` after every change.
 */
export function createHouseRulesPanel(switches, { chosen = {}, onChange = () => {} } = {}) {
  let current = { ...chosen };
  const status = h("span", { class: "th-house-status" });
  const groups = [];
  const summary = h("summary", {}, [h("span", { text: t("house.title") }), " ", status]);
  const reset = h("button", { type: "button", class: "th-button th-secondary th-small th-house-reset", onclick: () => { set({}); onChange({ ...current }); } }, t("house.reset"));
  const element = h("details", { class: "th-start-card th-house", id: "th-house" }, [
    summary,
    h("p", { class: "th-fine", text: t("house.intro") }),
    ...ORDER.filter((name) => switches && switches[name]).map((name) => group(name, switches[name])),
    reset,
  ]);

  // Each switch's options in reading order (the game's lengths Two, Three, Four terms; Python's
  // order is the save code's, the default first); the rulebook's option is marked as such.
  function group(name, options) {
    const rulebook = options[0];
    const shown = options.every((o) => typeof o === "number") ? [...options].sort((a, b) => a - b) : options;
    const radios = shown.map((option) => {
      const id = `th-house-${name}-${option}`;
      const input = h("input", {
        type: "radio", name: `th-house-${name}`, id, value: String(option),
        dataset: { switch: name, option: String(option) }, "aria-describedby": `${id}-explain`,
      });
      input.addEventListener("change", () => {
        if (!input.checked) return;
        if (option === rulebook) delete current[name]; else current[name] = option;
        showStatus();
        onChange({ ...current });
      });
      return h("div", { class: "th-house-option" }, [
        input,
        h("label", { for: id }, [
          h("span", { class: "th-house-label" }, [
            t(`house.${name}.${option}`),
            option === rulebook ? h("span", { class: "th-house-rulebook", text: ` ${t("house.rulebook")}` }) : null,
          ]),
          h("span", { class: "th-house-explain", id: `${id}-explain`, text: t(`house.${name}.${option}.explain`) }),
        ]),
      ]);
    });
    const fieldset = h("fieldset", { class: "th-house-switch", dataset: { switch: name } }, [
      h("legend", { text: t(`house.${name}.title`) }),
      ...radios,
    ]);
    groups.push([name, options, fieldset]);
    return fieldset;
  }

  function showStatus() {
    const count = Object.keys(current).length;
    status.textContent = count ? t("house.changed", { count }) : t("house.standard");
    element.dataset.houseRules = houseRulesEntries(current).map(([n, o]) => `${n}=${o}`).join(",");
    reset.hidden = !count;
  }

  function set(rules) {
    current = {};
    for (const [name, options, fieldset] of groups) {
      const value = rules && name in rules ? options.find((o) => String(o) === String(rules[name])) : undefined;
      if (value !== undefined && value !== options[0]) current[name] = value;
      for (const input of fieldset.querySelectorAll("input")) {
        input.checked = input.value === String(name in current ? current[name] : options[0]);
      }
    }
    showStatus();
  }

  set(chosen);
  return { element, chosen: () => ({ ...current }), set };
}
