"""Every language words everything the engine says, checked in the page itself (docs/i18n.md).

The page is opened with ?dev=1, so a missing key, template or parameter throws. The samples
are real: events and prompts of three whole games between computer players (3, 4 and 5 seats,
played by the engine in this process) and of one game across devices, and one refusal per raise
site of every IllegalAction code, read from the engine's source (tests/i18nkit.py).
"""

import re

import pytest

import build
import i18nkit

LANGUAGES = ["en", "de", "fr", "it"]
IMPORTS = """
async () => {
  const base = new URL("js/", document.baseURI);
  window.__s = await import(new URL("strings.js", base).href);
  window.__e = await import(new URL("i18n/engine-text.js", base).href);
}
"""


@pytest.fixture(scope="module")
def page(warm_devices, serve):
    # A warm device for the module: its tests run one after another on one worker, and the one
    # test that asks for a device of its own gets another (warm_page's is the first, nth=0).
    context = warm_devices.get(nth=1)
    page = context.new_page()
    errors = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(f"{serve()}?dev=1&lang=en")
    page.wait_for_selector(build.READY, state="attached", timeout=120_000)
    page.evaluate(IMPORTS)
    yield page
    context.close()
    assert not errors, errors


@pytest.fixture(scope="module")
def samples():
    return i18nkit.engine_samples()


def placeholders(text):
    return set(re.findall(r"\{(\w+)\}", text))


@pytest.mark.parametrize("lang", LANGUAGES[1:])
def test_each_language_has_english_keys_and_placeholders(page, lang):
    tables = page.evaluate("""async (lang) => {
      await __s.setLanguage(lang);
      return { en: __s.textTables("en"), it: __s.textTables(lang) };
    }""", lang)
    for part in ("strings", "messages"):
        en, other = tables["en"][part], tables["it"][part]
        assert set(other) == set(en), (part, sorted(set(other) ^ set(en)))
        differ = {k: v for k, v in other.items() if placeholders(v) != placeholders(en[k])}
        assert not differ, f"{lang} {part}: other placeholders than English's: {differ}"


WORD_ALL = """async ({lang, samples, errors}) => {
  await __s.setLanguage(lang);
  const problems = [], seen = [];
  const check = (what, fn) => {
    try {
      const text = fn();
      if (!text || /\\{\\w+\\}/.test(text)) problems.push(`${what}: ${JSON.stringify(text)}`);
      else seen.push(text);
    } catch (err) { problems.push(`${what}: ${err.message}`); }
  };
  for (const [code, list] of Object.entries(samples.events))
    for (const { event, names } of list) check(`event ${code}`, () => __e.eventText(event, names));
  for (const [code, list] of Object.entries(samples.prompts))
    for (const snap of list) check(`prompt ${code}`, () => __e.promptText(snap));
  for (const err of errors) check(`refusal ${err.code} ${Object.keys(err.params)}`, () => {
    // The page words every refusal from its own template (strict: one missing here throws).
    if (__s.template(err.code) === undefined) throw new Error("no template");
    return __s.message(err);
  });
  return { problems, seen };
}"""


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_engine_code_is_worded(page, samples, lang):
    """R34 aside, everything the engine reports reaches the player in their language: no event,
    prompt or refusal the engine can produce lacks a template or a parameter it uses."""
    assert set(samples["events"]) == set(i18nkit.event_codes()), "a game never produced some event"
    assert set(samples["prompts"]) == i18nkit.prompt_codes()
    errors = i18nkit.error_samples()
    result = page.evaluate(WORD_ALL, {"lang": lang, "samples": samples, "errors": errors})
    assert not result["problems"], "\n".join(result["problems"])
    assert len(result["seen"]) == sum(map(len, samples["events"].values())) + \
        sum(map(len, samples["prompts"].values())) + len(errors)
    assert not any(re.search(r"\bR\d+\b", text) for text in result["seen"]), "a bare rule id"


def test_a_missing_key_throws_under_dev_and_falls_back_for_players(page, warm_page, serve):
    """Loud in tests (?dev=1), quiet for players: English text instead."""
    thrown = page.evaluate("""async () => {
      await __s.setLanguage("de");
      try { __s.t("no.such.key"); return null; } catch (err) { return err.message; }
    }""")
    assert thrown and "no.such.key" in thrown
    player = warm_page()
    player.goto(f"{serve()}?lang=de")
    player.wait_for_selector(build.READY, state="attached", timeout=120_000)
    player.evaluate(IMPORTS)
    shown = player.evaluate("""async () => {
      __s.registerStrings({ "test.only.english": "Only in English" }, "en");
      return [__s.t("test.only.english"), __s.t("start.start")];
    }""")
    assert shown == ["Only in English", "Spiel starten"]
