// Shared by the page's unit tests (tests/js): the repository's files, read from disk.
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

export const ROOT = fileURLToPath(new URL("../../", import.meta.url));

/** A JSON file of the repository, by its path from the root. */
export function readJson(path) {
  return JSON.parse(readFileSync(new URL(`../../${path}`, import.meta.url), "utf-8"));
}

/** The engine's snapshots the composer is tested on (tests/js/make_fixtures.py). */
export function snapshots() {
  return readJson("tests/js/fixtures/snapshots.json");
}

/** A language file of the page, {strings, messages} (site/data/i18n/<lang>.json). */
export function language(lang) {
  return readJson(`site/data/i18n/${lang}.json`);
}
