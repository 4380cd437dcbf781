// The page's words (site/js/logic/words.js, the pure part of strings.js) on the real language
// files (site/data/i18n/*.json): lookups, placeholders, plurals, lists, the fallback to
// English, a refusal worded from its code. What the browser's text tests (test_i18n_text) also
// check, here without a page: the fallback for a missing key, the strict page, plural forms.
import { test } from "node:test";
import assert from "node:assert/strict";
import { createWords, chooseLanguage, fill, lookup, LANGUAGES, LANGUAGE_NAMES, FALLBACK } from "../../site/js/logic/words.js";
import { language } from "./helpers.mjs";

const FILES = Object.fromEntries(LANGUAGES.map((lang) => [lang, language(lang)]));

function wordsIn(lang, { strict = false, only = null } = {}) {
  const words = createWords({ strict });
  for (const l of only || LANGUAGES) {
    words.register(FILES[l].strings, l);
    words.registerMessages(FILES[l].messages, l);
  }
  words.use(lang);
  return words;
}

test("the languages, their own names, English as the fallback", () => {
  assert.deepEqual(LANGUAGES, ["en", "de", "fr", "it"]);
  assert.equal(LANGUAGE_NAMES.de, "Deutsch");
  assert.equal(FALLBACK, "en");
  for (const lang of LANGUAGES) assert.ok(LANGUAGE_NAMES[lang]);
});

test("t: a key in the language now", () => {
  assert.equal(wordsIn("en").t("nat.irish"), "Irish");
  assert.equal(wordsIn("de").t("nat.irish"), FILES.de.strings["nat.irish"]);
  assert.equal(wordsIn("fr").t("nat.irish"), FILES.fr.strings["nat.irish"]);
  assert.equal(wordsIn("it").t("nat.irish"), FILES.it.strings["nat.irish"]);
});

test("t: placeholders filled from params", () => {
  const words = wordsIn("en");
  words.register({ "x.greet": "Hello {name}, ward {ward}" });
  assert.equal(words.t("x.greet", { name: "Ann", ward: 6 }), "Hello Ann, ward 6");
});

test("t: a placeholder used twice is filled twice", () => {
  const words = wordsIn("en");
  words.register({ "x.twice": "{n} and {n}" });
  assert.equal(words.t("x.twice", { n: "a" }), "a and a");
});

test("t: numbers in the language's format", () => {
  const words = wordsIn("de");
  words.register({ "x.n": "{n} Punkte" }, "de");
  assert.equal(words.t("x.n", { n: 1234.5 }), "1.234,5 Punkte");
  const en = wordsIn("en");
  en.register({ "x.n": "{n} points" });
  assert.equal(en.t("x.n", { n: 1234.5 }), "1,234.5 points");
});

test("t: text stays text (no HTML is made of a name)", () => {
  const words = wordsIn("en");
  words.register({ "x.name": "{name}" });
  assert.equal(words.t("x.name", { name: "<b>Ann</b>" }), "<b>Ann</b>");
});

test("t: a plural form by params.count (English one/other)", () => {
  const words = wordsIn("en");
  assert.equal(words.t("bid.cover.could", { count: 1 }), FILES.en.strings["bid.cover.could.one"].replace("{count}", "1"));
  assert.equal(words.t("bid.cover.could", { count: 3 }), FILES.en.strings["bid.cover.could.other"].replace("{count}", "3"));
  assert.equal(words.t("bid.cover.could", { count: 0 }), FILES.en.strings["bid.cover.could.other"].replace("{count}", "0"));
});

test("t: French counts 0 and 1 as one, German 0 as other", () => {
  const fr = wordsIn("fr");
  fr.register({ "x.c.one": "un", "x.c.other": "plusieurs" }, "fr");
  assert.equal(fr.t("x.c", { count: 0 }), "un");
  assert.equal(fr.t("x.c", { count: 1 }), "un");
  assert.equal(fr.t("x.c", { count: 2 }), "plusieurs");
  const de = wordsIn("de");
  de.register({ "x.c.one": "eins", "x.c.other": "viele" }, "de");
  assert.equal(de.t("x.c", { count: 0 }), "viele");
});

test("t: a count that is not a number uses the plain key", () => {
  const words = wordsIn("en");
  words.register({ "x.k": "plain {count}", "x.k.one": "one", "x.k.other": "other" });
  assert.equal(words.t("x.k", { count: "3" }), "plain 3");
});

test("t: a missing plural category falls back to .other, then to the key itself", () => {
  const words = wordsIn("en");
  words.register({ "x.o.other": "many {count}" });
  assert.equal(words.t("x.o", { count: 1 }), "many 1");
  words.register({ "x.p": "plain" });
  assert.equal(words.t("x.p", { count: 1 }), "plain");
});

test("t: a key missing in the language falls back to English", () => {
  const words = wordsIn("de");
  words.register({ "x.only_en": "only English" });
  assert.equal(words.t("x.only_en"), "only English");
});

test("t: a key missing everywhere is the key itself", () => {
  assert.equal(wordsIn("fr").t("x.nowhere"), "x.nowhere");
});

test("t: a missing placeholder stays as written on a player's page", () => {
  const words = wordsIn("en");
  words.register({ "x.m": "Hi {name}" });
  assert.equal(words.t("x.m", {}), "Hi {name}");
  assert.equal(words.t("x.m"), "Hi {name}");
});

test("strict (a test page): a missing key throws", () => {
  const words = wordsIn("de", { strict: true });
  assert.throws(() => words.t("x.nowhere"), /Missing text in "de": key "x.nowhere"/);
});

test("strict: a missing placeholder throws", () => {
  const words = wordsIn("en", { strict: true });
  words.register({ "x.m": "Hi {name}" });
  assert.throws(() => words.t("x.m", {}), /needs \{name\}/);
});

test("strict: a key only English has throws in another language", () => {
  const words = wordsIn("it", { strict: true });
  words.register({ "x.only_en": "only English" });
  assert.throws(() => words.t("x.only_en"), /Missing text in "it"/);
});

test("use: an unknown language is English", () => {
  const words = wordsIn("en");
  assert.equal(words.use("xx"), "en");
  assert.equal(words.language(), "en");
  assert.equal(words.use("it"), "it");
  assert.equal(words.language(), "it");
});

test("use: the formats follow a switch (lists, plurals)", () => {
  const words = wordsIn("en");
  assert.equal(words.listOf(["a", "b", "c"]), "a, b, and c");
  words.use("de");
  assert.equal(words.listOf(["a", "b", "c"]), "a, b und c");
  words.use("fr");
  assert.equal(words.listOf(["a", "b"]), "a et b");
  words.use("it");
  assert.equal(words.listOf(["a", "b"]), "a e b");
});

test("listOf: one item, numbers as text, an empty list is the language's 'none'", () => {
  const words = wordsIn("en");
  assert.equal(words.listOf(["Ann"]), "Ann");
  assert.equal(words.listOf([1, 2]), "1 and 2");
  assert.equal(words.listOf([]), FILES.en.strings["list.empty"]);
  assert.equal(wordsIn("de").listOf([]), FILES.de.strings["list.empty"]);
});

test("loaded: both tables of a language", () => {
  const words = createWords();
  assert.equal(words.loaded("en"), false);
  words.register({ a: "b" }, "en");
  assert.equal(words.loaded("en"), false);
  words.registerMessages({}, "en");
  assert.equal(words.loaded("en"), true);
});

test("has and hasMessage look in the language and in English", () => {
  const words = wordsIn("de");
  words.register({ "x.en": "e" });
  assert.equal(words.has("x.en"), true);
  assert.equal(words.has("x.none"), false);
  assert.equal(words.hasMessage("bad_move"), true);
  assert.equal(words.hasMessage("no_such_code"), false);
});

test("message: a refusal worded from its code, in the language", () => {
  const err = { code: "not_your_office", params: { office: "deputy_mayor" }, message: "English" };
  const en = wordsIn("en").message(err);
  assert.equal(en, FILES.en.messages.not_your_office.replace("{office}", FILES.en.strings["office.deputy_mayor"]));
  const de = wordsIn("de").message(err);
  assert.equal(de, FILES.de.messages.not_your_office.replace("{office}", FILES.de.strings["office.deputy_mayor"]));
});

test("message: a colour's name is added as {nat}", () => {
  const err = { code: "chip_not_in_ward", params: { ward: 6, color: "german" } };
  const text = wordsIn("en").message(err);
  assert.ok(text.includes("German"), text);
  assert.ok(text.includes("6"), text);
  assert.ok(!text.includes("{"), text);
});

test("message: a nested reason is worded too", () => {
  const err = { code: "bad_move", params: { move: 12, reason: { code: "not_your_office", params: { office: "mayor" } } } };
  const text = wordsIn("en").message(err);
  assert.ok(text.startsWith("Move 12 is not legal: "), text);
  assert.ok(text.includes(FILES.en.strings["office.mayor"]), text);
});

test("message: <code>.why.<why> first", () => {
  const text = wordsIn("en").message({ code: "code_damaged", params: { why: "check" } });
  assert.equal(text, FILES.en.messages["code_damaged.why.check"]);
});

test("message: <code>.with_<param> when it has that parameter", () => {
  const text = wordsIn("en").message({ code: "bad_move_number", params: { at: 300, moves: 272 } });
  assert.equal(text, "There is no move 300: this game has moves 0 to 272.");
});

test("message: a why no language words falls back to the code's template", () => {
  const text = wordsIn("en").message({ code: "code_damaged", params: { why: "unknown_why" } });
  assert.equal(text, FILES.en.messages.code_damaged);
});

test("message: a code no language words shows the engine's own sentence", () => {
  assert.equal(wordsIn("de").message({ code: "storage", message: "Speicher voll" }), "Speicher voll");
  assert.equal(wordsIn("de").message({ message: "no code" }), "no code");
  assert.equal(wordsIn("de").message({ code: "nothing_known" }), "");
  assert.equal(wordsIn("en").message(null), "");
});

test("message: every refusal code English words is worded in every language", () => {
  for (const lang of LANGUAGES) {
    const words = wordsIn(lang);
    for (const code of Object.keys(FILES.en.messages)) {
      if (code.includes(".")) continue;
      assert.equal(typeof words.template(code), "string", `${lang}: ${code}`);
    }
  }
});

test("fillMessage: an engine template with the page's words", () => {
  const words = wordsIn("en");
  words.registerMessages({ "x.ev": "{name} took {n}" });
  assert.equal(words.fillMessage("x.ev", { name: "Bob", n: 2 }), "Bob took 2");
  assert.equal(words.fillMessage("x.none", {}), undefined);
});

test("template: the language's, else English's", () => {
  const words = wordsIn("fr");
  words.registerMessages({ "x.only_en": "E" });
  assert.equal(words.template("x.only_en"), "E");
  assert.equal(words.template("bad_move"), FILES.fr.messages.bad_move);
});

test("textTables: a copy, not the tables themselves", () => {
  const words = wordsIn("en", { only: ["en"] });
  const copy = words.textTables("en");
  copy.strings["nat.irish"] = "changed";
  assert.equal(words.t("nat.irish"), "Irish");
  assert.deepEqual(words.textTables("xx"), { strings: {}, messages: {} });
});

test("register adds to and overrides a language", () => {
  const words = wordsIn("en");
  words.register({ "nat.irish": "Éireannach" });
  assert.equal(words.t("nat.irish"), "Éireannach");
  assert.equal(words.t("nat.german"), "German");
});

test("pluralCategory: Intl's categories in the language", () => {
  const words = wordsIn("en");
  assert.equal(words.pluralCategory(1), "one");
  assert.equal(words.pluralCategory(2), "other");
  words.use("fr");
  assert.equal(words.pluralCategory(0), "one");
});

test("fill: numbers by the given format, missing names by the given answer", () => {
  assert.equal(fill("{a}-{b}", { a: 1, b: "x" }, { number: (n) => `#${n}` }), "#1-x");
  assert.equal(fill("{a}", {}, { missing: (name) => `<${name}>` }), "<a>");
  assert.equal(fill("{a}", null), "{a}");
  assert.equal(fill("no placeholders", { a: 1 }), "no placeholders");
  assert.equal(fill("{toString}", {}), "{toString}");
});

test("lookup: plural form, .other, plain key, or undefined", () => {
  const table = { "k.one": "1", "k.other": "n", plain: "p" };
  const plural = (n) => (n === 1 ? "one" : "other");
  assert.equal(lookup(table, "k", { count: 1 }, plural), "1");
  assert.equal(lookup(table, "k", { count: 5 }, plural), "n");
  assert.equal(lookup(table, "plain", { count: 5 }, plural), "p");
  assert.equal(lookup(table, "none", {}, plural), undefined);
  assert.equal(lookup(undefined, "k", {}, plural), undefined);
});

test("chooseLanguage: ?lang= first, then this device's choice, then the browser's", () => {
  assert.equal(chooseLanguage({ asked: "it", stored: "de", browser: ["fr"] }), "it");
  assert.equal(chooseLanguage({ asked: "xx", stored: "de", browser: ["fr"] }), "de");
  assert.equal(chooseLanguage({ asked: null, stored: null, browser: ["es-ES", "fr-CA", "de"] }), "fr");
  assert.equal(chooseLanguage({ browser: ["DE-at"] }), "de");
  // A first visit's browser lists (test_i18n_game.py opens the page in de-AT only)
  assert.equal(chooseLanguage({ browser: ["it-IT"] }), "it");
  assert.equal(chooseLanguage({ browser: ["pt-BR"] }), "en");
  assert.equal(chooseLanguage({ browser: ["pt-BR", "pt", "en-US", "fr"] }), "en");
  assert.equal(chooseLanguage({ browser: ["es", "pt"] }), "en");
  assert.equal(chooseLanguage({}), "en");
  assert.equal(chooseLanguage(), "en");
});

test("every language file has the same plural forms' base keys as English", () => {
  const bases = (lang) => new Set(Object.keys(FILES[lang].strings).filter((k) => k.endsWith(".other")).map((k) => k.slice(0, -6)));
  for (const lang of ["de", "fr", "it"]) {
    for (const base of bases("en")) assert.ok(bases(lang).has(base) || FILES[lang].strings[base] !== undefined, `${lang}: ${base}`);
  }
});
