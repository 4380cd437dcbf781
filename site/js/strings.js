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
//
// Values are plain text, never HTML: callers put them in textContent / aria-label.

export const LANGUAGES = ["en", "de", "fr", "it"];
/** Each language's own name, for the language menus (the same in every language). */
export const LANGUAGE_NAMES = { en: "English", de: "Deutsch", fr: "Français", it: "Italiano" };
const STORE_KEY = "tammany-language";
const FALLBACK = "en";

const tables = {};        // lang -> {key: text}, the "strings" of data/i18n/<lang>.json
const messageTables = {}; // lang -> {code: template}, its "messages"
const loading = {};       // lang -> the promise of its file, while it loads
let current = FALLBACK;
let formats = null;

// Missing text: a development or test page (?dev=1 in the address) throws at once, so a test
// fails on it; a player's page falls back to English (or to the key itself), quietly.
const strict = typeof location !== "undefined" && new URLSearchParams(location.search).get("dev") === "1";

function missing(what, fallback) {
  if (strict) throw new Error(`Missing text in "${current}": ${what}`);
  return fallback;
}

/** Add or override strings of a loaded language (tests use it to check the fallback). */
export function registerStrings(extra, lang = FALLBACK) {
  Object.assign(tables[lang] ??= {}, extra);
}

/** Add or override templates for the engine's codes: refusals by their code, events as
 *  "event.<code>", prompts as "prompt.<code>" (js/i18n/engine-text.js picks the variant). */
export function registerMessages(extra, lang = FALLBACK) {
  Object.assign(messageTables[lang] ??= {}, extra);
}

/** The page's language now ("en", "de", "fr" or "it"). */
export function language() {
  return current;
}

// One language's file, fetched once (a failed fetch may be tried again).
function load(lang) {
  if (tables[lang] && messageTables[lang]) return Promise.resolve();
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
  current = lang;
  formats = null;
  if (typeof document !== "undefined") document.documentElement.lang = lang;
  return lang;
}
/** The language to open in: ?lang=xx (tests and links, not remembered), else the one chosen on
 *  this device, else the first of the browser's languages we have, else English. */
export function preferredLanguage() {
  const asked = new URLSearchParams(location.search).get("lang");
  if (LANGUAGES.includes(asked)) return asked;
  let stored = null;
  try { stored = localStorage.getItem(STORE_KEY); } catch { /* storage blocked */ }
  if (LANGUAGES.includes(stored)) return stored;
  for (const tag of navigator.languages || [navigator.language || "en"]) {
    const base = String(tag).toLowerCase().split("-")[0];
    if (LANGUAGES.includes(base)) return base;
  }
  return "en";
}

/** Remember the player's choice on this device (a game link never carries it). */
export function rememberLanguage(lang) {
  try { localStorage.setItem(STORE_KEY, lang); } catch { /* storage blocked: this visit only */ }
}

function intl() {
  if (!formats) {
    formats = {
      plural: new Intl.PluralRules(current),
      number: new Intl.NumberFormat(current),
      list: new Intl.ListFormat(current, { style: "long", type: "conjunction" }),
    };
  }
  return formats;
}

function fill(template, params, what) {
  if (!params) params = {};
  return template.replace(/\{(\w+)\}/g, (m, name) => {
    if (!Object.prototype.hasOwnProperty.call(params, name)) return missing(`${what} needs {${name}}`, m);
    const v = params[name];
    return typeof v === "number" ? intl().number.format(v) : String(v);
  });
}

// A key in the page's language: with a numeric params.count, KEY.<plural category> first.
function lookup(table, key, params) {
  if (!table) return undefined;
  if (params && typeof params.count === "number") {
    const form = table[key + "." + intl().plural.select(params.count)] ?? table[key + ".other"];
    if (form !== undefined) return form;
  }
  return table[key];
}

export function t(key, params) {
  let s = lookup(tables[current], key, params);
  if (s === undefined) s = missing(`key "${key}"`, lookup(tables[FALLBACK], key, params));
  if (s === undefined) return key;
  return fill(s, params, `"${key}"`);
}

export function has(key) {
  return tables[current]?.[key] !== undefined || tables[FALLBACK]?.[key] !== undefined;
}

/** A template for an engine code ("event.turn", "prompt.bid", "not_your_turn") or undefined. */
export function template(code) {
  const s = messageTables[current]?.[code];
  if (s !== undefined) return s;
  return missing(`message "${code}"`, messageTables[FALLBACK]?.[code]);
}

/** Whether some language has a template for `code` (a plural form may not exist at all). */
export function hasMessage(code) {
  return messageTables[current]?.[code] !== undefined || messageTables[FALLBACK]?.[code] !== undefined;
}

/** A copy of one language's tables, {strings, messages} (tests compare them with English). */
export function textTables(lang) {
  return { strings: { ...(tables[lang] || {}) }, messages: { ...(messageTables[lang] || {}) } };
}

/** Fill an engine template: `params` are already the page's words (names, nationalities). */
export function fillMessage(code, params) {
  const s = template(code);
  return s === undefined ? undefined : fill(s, params, `message "${code}"`);
}

/** A refusal or error from the engine, {code, params, message}, in the page's language: the
 *  template for its code — "<code>.why.<why>" first when the refusal says why (its `why`
 *  parameter, a code: "check" for a code whose check digits do not match), then
 *  "<code>.with_<p>" when it has parameter p (a longer sentence that uses it) — with the page's
 *  words added to the engine's raw parameters (a colour's name, an office, a nested reason). The engine's own English `message` is for
 *  the command line; it is shown only for a code no language words (the page's own errors,
 *  which carry a sentence already in the page's language). */
export function message(err) {
  if (!err) return "";
  if (err.code === undefined || !hasMessage(String(err.code))) return err.message || "";
  const params = { ...(err.params || {}) };
  if (typeof params.color === "string" && has(`nat.${params.color}`)) params.nat = t(`nat.${params.color}`);
  if (typeof params.office === "string") params.office = t(`office.${params.office}`);
  if (params.reason && typeof params.reason === "object") params.reason = message(params.reason);
  const code = String(err.code);
  const why = typeof params.why === "string" ? `${code}.why.${params.why}` : null;
  const variant = why && hasMessage(why) ? why
    : Object.keys(err.params || {}).sort().map((p) => `${code}.with_${p}`).find(hasMessage);
  return fillMessage(variant || code, params) ?? err.message ?? code;
}

/** "a, b and c" in the page's language (Intl.ListFormat). */
export function listOf(items) {
  if (items.length === 0) return t("list.empty");
  return intl().list.format(items.map(String));
}

/** The plural category of `n` in the page's language ("one", "other"…: Intl.PluralRules). */
export function pluralCategory(n) {
  return intl().plural.select(n);
}
