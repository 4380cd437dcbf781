// "Learn to play" in each language, without a page: every sentence the lesson's card can show
// (the script's steps, site/data/tutorial.json, and the card's own words, "tut.*") is in every
// language file, worded in full there, and not left in English.
// This is the part of tests/browser/test_tutorial_page.py's walk in French and Italian that
// checked the lesson's own words (its "no English on the page at every step"); the browser
// walks the lesson end to end in English and German (German's words are the longest), and
// tests/browser/test_i18n_game.py plays the game's screens in every language.
import { test } from "node:test";
import assert from "node:assert/strict";
import { createWords } from "../../site/js/logic/words.js";
import { language, readJson } from "./helpers.mjs";

const SCRIPT = readJson("site/data/tutorial.json");
const EN = language("en").strings;
const LESSON_KEYS = Object.keys(EN).filter((key) => key.startsWith("tut."));
/** Every placeholder of the English sentence filled (with 2: a count reads as plural). */
const paramsOf = (key) => Object.fromEntries([...EN[key].matchAll(/\{(\w+)\}/g)].map((m) => [m[1], 2]));

function wordsIn(lang) {
  const words = createWords({ strict: true });
  const file = language(lang);
  words.register(file.strings, lang);
  words.registerMessages(file.messages, lang);
  words.use(lang);
  return words.t;
}

test("every step of the script says a sentence the language files have", () => {
  for (const step of SCRIPT.steps) assert.ok(LESSON_KEYS.includes(step.say), step.say);
});

for (const lang of ["de", "fr", "it"]) {
  test(`the lesson's words in ${lang}: all there, worded in full, none left in English`, () => {
    const t = wordsIn(lang); // strict: a missing key throws
    const strings = language(lang).strings;
    for (const key of LESSON_KEYS) {
      const text = t(key, paramsOf(key));
      assert.ok(text && !/\{\w+\}/.test(text), `${lang} ${key}: ${text}`);
      assert.notEqual(strings[key], EN[key], `${lang} ${key} is the English sentence`);
    }
  });
}
