// The page's words as data: looking up a key in a language's tables, filling "{name}"
// placeholders, plural forms, lists, the fallback to English, and a refusal from the engine
// worded from its code. Pure — the tables come in as data (strings.js fetches them from
// data/i18n/<lang>.json and keeps the page's one instance); nothing here reads the page.
//
//   const words = createWords({ strict })
//   words.register(strings, lang), words.registerMessages(messages, lang)   add a language's tables
//   words.use(lang)            switch (its tables should be registered first)
//   words.t(key, params)       → text; params.count (a number) picks KEY.<plural category>
//   words.message(err)         → a refusal {code, params, message} in the language
//   words.listOf(items)        → "a, b and c"
//   chooseLanguage({asked, stored, browser})   → the language a page opens in
//
// `strict` (a development or test page, ?dev=1): missing text throws at once, so a test fails
// on it; otherwise it falls back to English, then to the key itself, quietly.

export const LANGUAGES = ["en", "de", "fr", "it"];
/** Each language's own name, for the language menus (the same in every language). */
export const LANGUAGE_NAMES = { en: "English", de: "Deutsch", fr: "Français", it: "Italiano" };
export const FALLBACK = "en";

/** The language to open in: `asked` (?lang=xx: tests and links), else `stored` (the one chosen
 *  on this device), else the first of the browser's languages (`browser`, BCP 47 tags) we have,
 *  else English. */
export function chooseLanguage({ asked = null, stored = null, browser = [] } = {}) {
  if (LANGUAGES.includes(asked)) return asked;
  if (LANGUAGES.includes(stored)) return stored;
  for (const tag of browser) {
    const base = String(tag).toLowerCase().split("-")[0];
    if (LANGUAGES.includes(base)) return base;
  }
  return FALLBACK;
}

/** Fill "{name}" placeholders from `params`: numbers formatted by `number(n)`, a placeholder
 *  without a parameter given to `missing(name)` (whose answer replaces it). */
export function fill(template, params, { number = String, missing = (name, m) => m } = {}) {
  const values = params || {};
  return template.replace(/\{(\w+)\}/g, (m, name) => {
    if (!Object.prototype.hasOwnProperty.call(values, name)) return missing(name, m);
    const v = values[name];
    return typeof v === "number" ? number(v) : String(v);
  });
}

/** A key in one table: with a numeric params.count, KEY.<plural category> (`plural(n)`) first,
 *  then KEY.other, then KEY. Undefined when the table has none. */
export function lookup(table, key, params, plural) {
  if (!table) return undefined;
  if (params && typeof params.count === "number") {
    const form = table[key + "." + plural(params.count)] ?? table[key + ".other"];
    if (form !== undefined) return form;
  }
  return table[key];
}

export function createWords({ strict = false } = {}) {
  const tables = {};        // lang -> {key: text}, the "strings" of data/i18n/<lang>.json
  const messageTables = {}; // lang -> {code: template}, its "messages"
  let current = FALLBACK;
  let formats = null;

  function missing(what, fallback) {
    if (strict) throw new Error(`Missing text in "${current}": ${what}`);
    return fallback;
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

  const plural = (n) => intl().plural.select(n);
  const fillIn = (s, params, what) => fill(s, params, {
    number: (n) => intl().number.format(n),
    missing: (name, m) => missing(`${what} needs {${name}}`, m),
  });

  const words = {
    /** Add or override strings of a language (tests use it to check the fallback). */
    register(extra, lang = FALLBACK) {
      Object.assign(tables[lang] ??= {}, extra);
    },
    /** Add or override templates for the engine's codes: refusals by their code, events as
     *  "event.<code>", prompts as "prompt.<code>". */
    registerMessages(extra, lang = FALLBACK) {
      Object.assign(messageTables[lang] ??= {}, extra);
    },
    /** Whether a language's tables are both in. */
    loaded(lang) {
      return Boolean(tables[lang] && messageTables[lang]);
    },
    /** Switch to `lang` (unknown codes mean English). */
    use(lang) {
      current = LANGUAGES.includes(lang) ? lang : FALLBACK;
      formats = null;
      return current;
    },
    language: () => current,

    t(key, params) {
      let s = lookup(tables[current], key, params, plural);
      if (s === undefined) s = missing(`key "${key}"`, lookup(tables[FALLBACK], key, params, plural));
      if (s === undefined) return key;
      return fillIn(s, params, `"${key}"`);
    },

    has(key) {
      return tables[current]?.[key] !== undefined || tables[FALLBACK]?.[key] !== undefined;
    },

    /** A template for an engine code ("event.turn", "prompt.bid", "not_your_turn") or undefined. */
    template(code) {
      const s = messageTables[current]?.[code];
      if (s !== undefined) return s;
      return missing(`message "${code}"`, messageTables[FALLBACK]?.[code]);
    },

    /** Whether some language has a template for `code` (a plural form may not exist at all). */
    hasMessage(code) {
      return messageTables[current]?.[code] !== undefined || messageTables[FALLBACK]?.[code] !== undefined;
    },

    /** A copy of one language's tables, {strings, messages}. */
    textTables(lang) {
      return { strings: { ...(tables[lang] || {}) }, messages: { ...(messageTables[lang] || {}) } };
    },

    /** Fill an engine template: `params` are already the page's words (names, nationalities). */
    fillMessage(code, params) {
      const s = words.template(code);
      return s === undefined ? undefined : fillIn(s, params, `message "${code}"`);
    },

    /** A refusal or error from the engine, {code, params, message}, in the language: the
     *  template for its code — "<code>.why.<why>" first when the refusal says why (its `why`
     *  parameter), then "<code>.with_<p>" when it has parameter p — with the page's words added
     *  to the engine's raw parameters (a colour's name, an office, a nested reason). The
     *  engine's own English `message` is shown only for a code no language words. */
    message(err) {
      if (!err) return "";
      if (err.code === undefined || !words.hasMessage(String(err.code))) return err.message || "";
      const params = { ...(err.params || {}) };
      if (typeof params.color === "string" && words.has(`nat.${params.color}`)) params.nat = words.t(`nat.${params.color}`);
      if (typeof params.office === "string") params.office = words.t(`office.${params.office}`);
      if (params.reason && typeof params.reason === "object") params.reason = words.message(params.reason);
      const code = String(err.code);
      const why = typeof params.why === "string" ? `${code}.why.${params.why}` : null;
      const variant = why && words.hasMessage(why) ? why
        : Object.keys(err.params || {}).sort().map((p) => `${code}.with_${p}`).find(words.hasMessage);
      return words.fillMessage(variant || code, params) ?? err.message ?? code;
    },

    /** "a, b and c" in the language (Intl.ListFormat). */
    listOf(items) {
      if (items.length === 0) return words.t("list.empty");
      return intl().list.format(items.map(String));
    },

    /** The plural category of `n` in the language ("one", "other"…: Intl.PluralRules). */
    pluralCategory: plural,
  };
  return words;
}
