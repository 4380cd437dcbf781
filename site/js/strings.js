// The page's words: a lookup over the language files data/i18n/<code>.json (docs/i18n.md).
// Every language, English included, is data of the same form, {"strings": {…}, "messages":
// {…}}; this module only loads them and fills their templates.
//
//   await setLanguage(lang) -> loads English (the fallback) and `lang`, then switches to it.
//   t(key, params)          -> string; "{name}" placeholders are filled from params.
//                              If params.count is a number and KEY.one / KEY.other
//                              exist, the plural form is chosen (Intl.PluralRules).
//   message({code, params, message}) -> a refusal in the page's language, from the template
//                              for `code` (see message() below).
//   listOf(items)           -> "a, b and c" in the page's language (Intl.ListFormat).
//   translateDocument()     -> the page's static text ([data-i18n] in index.html) reworded.
//
// Values are plain text, never HTML: callers put them in textContent / aria-label.

import { createWords, chooseLanguage, LANGUAGES, LANGUAGE_NAMES, FALLBACK } from "./logic/words.js";

export { LANGUAGES, LANGUAGE_NAMES };
const STORE_KEY = "tammany-language";

const loading = {};       // lang -> the promise of its file, while it loads

// Missing text: a development or test page (?dev=1 in the address) throws at once, so a test
// fails on it; a player's page falls back to English (or to the key itself), quietly.
const strict = typeof location !== "undefined" && new URLSearchParams(location.search).get("dev") === "1";

// The page's one set of tables (logic/words.js: lookups, placeholders, plurals, lists and
// fallbacks, pure and unit-tested in Node); this module fetches the files and reads the page.
const words = createWords({ strict });

/** Add or override strings of a loaded language (tests use it to check the fallback). */
export const registerStrings = words.register;

/** Add or override templates for the engine's codes: refusals by their code, events as
 *  "event.<code>", prompts as "prompt.<code>" (js/i18n/engine-text.js picks the variant). */
export const registerMessages = words.registerMessages;

/** The page's language now ("en", "de", "fr" or "it"). */
export const language = words.language;

// One language's file, fetched once (a failed fetch may be tried again).
function load(lang) {
  if (words.loaded(lang)) return Promise.resolve();
  loading[lang] ??= (async () => {
    const answer = await fetch(new URL(`../data/i18n/${lang}.json`, import.meta.url));
    if (!answer.ok) throw new Error(`The ${LANGUAGE_NAMES[lang]} text could not be loaded (HTTP ${answer.status}).`);
    const data = await answer.json();
    registerMessages(data.messages, lang);
    registerStrings(data.strings, lang);
  })().finally(() => { delete loading[lang]; });
  return loading[lang];
}

/** Load (once) and switch to `lang`; callers redraw afterwards. Unknown codes mean English,
 *  which is always loaded too: a player's page falls back to it for a missing key. */
export async function setLanguage(lang) {
  if (!LANGUAGES.includes(lang)) lang = FALLBACK;
  await Promise.all([load(FALLBACK), load(lang)]);
  words.use(lang);
  if (typeof document !== "undefined") document.documentElement.lang = lang;
  return lang;
}
/** The language to open in: ?lang=xx (tests and links, not remembered), else the one chosen on
 *  this device, else the first of the browser's languages we have, else English. */
export function preferredLanguage() {
  let stored = null;
  try { stored = localStorage.getItem(STORE_KEY); } catch { /* storage blocked */ }
  return chooseLanguage({
    asked: new URLSearchParams(location.search).get("lang"),
    stored,
    browser: navigator.languages || [navigator.language || "en"],
  });
}

/** Remember the player's choice on this device (a game link never carries it). */
export function rememberLanguage(lang) {
  try { localStorage.setItem(STORE_KEY, lang); } catch { /* storage blocked: this visit only */ }
}

export const t = words.t;
export const has = words.has;

/** A template for an engine code ("event.turn", "prompt.bid", "not_your_turn") or undefined. */
export const template = words.template;

/** Whether some language has a template for `code` (a plural form may not exist at all). */
export const hasMessage = words.hasMessage;

/** A copy of one language's tables, {strings, messages} (tests compare them with English). */
export const textTables = words.textTables;

/** Fill an engine template: `params` are already the page's words (names, nationalities). */
export const fillMessage = words.fillMessage;

/** A refusal or error from the engine, {code, params, message}, in the page's language (see
 *  logic/words.js): the engine's own English `message` is shown only for a code no language
 *  words (the page's own errors, which carry a sentence already in the page's language). */
export const message = words.message;

/** "a, b and c" in the page's language (Intl.ListFormat). */
export const listOf = words.listOf;

/** The plural category of `n` in the page's language ("one", "other"…: Intl.PluralRules). */
export const pluralCategory = words.pluralCategory;

/** The page's static text (index.html's [data-i18n] elements: the boot screen, the masthead,
 *  the footer) in the page's language, as plain text. */
export function translateDocument() {
  if (typeof document === "undefined") return;
  for (const node of document.querySelectorAll("[data-i18n]")) node.textContent = t(node.dataset.i18n);
}
