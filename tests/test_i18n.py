"""The page's languages against the engine, without a browser (docs/i18n.md).

The engine's codes come from its own source (tests/i18nkit.py), never from a list kept here:
a new refusal, event or prompt fails these tests until every language words it. Every language,
English included, is a file site/data/i18n/<lang>.json of the same form; the page's use of them
is checked in the browser (tests/browser/test_i18n_text.py).
"""

import json
import re
from pathlib import Path

import pytest

import i18nkit

ROOT = Path(__file__).resolve().parents[1]
DATA = ROOT / "site" / "data" / "i18n"
LANGUAGES = ["de", "fr", "it"]          # besides English
ALL = ["en", *LANGUAGES]
# Plural forms a language may have beyond English's "one" and "other" (Intl.PluralRules).
EXTRA_PLURALS = ("zero", "two", "few", "many")
PLACEHOLDER = re.compile(r"\{(\w+)\}")
# What message() in strings.js adds to a refusal's parameters: a colour's nationality name.
DERIVED = {"color": {"nat"}}


def table(lang: str) -> dict:
    return json.loads((DATA / f"{lang}.json").read_text("utf-8"))


def rules(lang: str) -> dict:
    return json.loads((DATA / f"rules-{lang}.json").read_text("utf-8"))


def placeholders(text: str) -> set[str]:
    return set(PLACEHOLDER.findall(text))


def test_the_engine_is_read_for_its_codes():
    """The collection finds what the engine raises and emits (so the tests below are not empty)."""
    errors = i18nkit.error_codes()
    assert {"ward_locked", "not_adjacent", "code_damaged", "bad_action"} <= set(errors)
    assert frozenset({"ward", "source"}) in errors["not_adjacent"]
    assert {"slander", "ward_vote", "mayor", "game_over"} <= set(i18nkit.event_codes())
    assert i18nkit.prompt_codes() == {"turn", "bid", "bonus", "offices", "game_over", "device"}


@pytest.mark.parametrize("lang", ALL)
def test_every_refusal_has_a_template_using_only_what_every_raise_passes(lang):
    """Every language words every refusal code itself (the engine's English sentence is for the
    command line). A "<code>.with_<p>" variant is used only when the refusal has p, so only
    those raises count."""
    messages = table(lang)["messages"]
    errors = i18nkit.error_codes()
    problems = []
    for code, sites in errors.items():
        if code not in messages:
            problems.append(f"{code}: no template")
            continue
        variants = [(k, k.split(".with_")[1]) for k in messages if k.startswith(f"{code}.with_")]
        for key, needs in [(code, None), *variants]:
            for site in sites:
                if needs and needs not in site:
                    continue
                available = set(site).union(*(DERIVED.get(p, set()) for p in site))
                extra = placeholders(messages[key]) - available
                if extra:
                    problems.append(f"{key}: uses {sorted(extra)}, a raise passes {sorted(site)}")
    for key in messages:
        code, _, needs = key.partition(".with_")
        if needs and not any(needs in site for site in errors.get(code, [])):
            problems.append(f"{key}: no raise of {code} passes {needs}")
    assert not problems, "\n".join(problems)


@pytest.mark.parametrize("lang", ALL)
def test_every_reason_a_refusal_gives_has_its_sentence(lang):
    """A refusal that says why (`why="check"`) is worded by "<code>.why.<why>", which uses only
    what every raise with that reason passes; no such sentence is left without a raise."""
    messages = table(lang)["messages"]
    whys = i18nkit.error_whys()
    assert {"check", "length"} <= whys["code_damaged"]
    assert whys["bad_name"] == {"empty", "long", "control"}
    needed = {f"{code}.why.{why}" for code, values in whys.items() for why in values}
    written = {k for k in messages if ".why." in k}
    assert needed == written, \
        (lang, "missing", sorted(needed - written), "unused", sorted(written - needed))
    for key in needed:
        code = key.split(".why.")[0]
        sites = [s for s in i18nkit.error_codes()[code] if "why" in s]
        available = set().union(*sites) - {"why"}
        assert placeholders(messages[key]) <= available, (lang, key)


@pytest.mark.parametrize("lang", ALL)
def test_every_event_and_prompt_has_a_template(lang):
    keys = set(table(lang)["messages"])

    def worded(prefix):
        return prefix in keys or any(k.startswith(prefix + ".") for k in keys)
    problems = [f"event {c}" for c in i18nkit.event_codes() if not worded(f"event.{c}")]
    problems += [f"prompt {c}" for c in i18nkit.prompt_codes() if not worded(f"prompt.{c}")]
    assert not problems, f"{lang} lacks templates for: {problems}"


@pytest.mark.parametrize("lang", ALL)
def test_every_computer_level_a_code_may_hold_has_its_words(lang):
    """A save code may seat any of savecode.COMPUTER_LEVELS (Random too, from tournaments or
    older codes); the player card names each one in the page's language."""
    from tammany.savecode import COMPUTER_LEVELS
    keys = set(table(lang)["strings"])
    missing = [f"bots.{kind}.{level}" for level in COMPUTER_LEVELS
               for kind in ("badge", "level") if f"bots.{kind}.{level}" not in keys]
    assert not missing, f"{lang} lacks: {missing}"


def test_the_four_files_have_the_same_form():
    """English, German, French and Italian: the same two tables, nothing else."""
    for lang in ALL:
        assert set(table(lang)) == {"strings", "messages"}, lang
        for part in ("strings", "messages"):
            assert all(isinstance(v, str) and v for v in table(lang)[part].values()), (lang, part)


def _plural_extra(key: str, keys: set) -> bool:
    """A plural form English does not need ("key.few"), beside the key's ".other"."""
    base, _, form = key.rpartition(".")
    return form in EXTRA_PLURALS and f"{base}.other" in keys


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_key_is_in_all_four_files_with_the_same_placeholders(lang):
    """English is the reference: a key missing anywhere, or a {placeholder} one language fills and
    another does not, fails here rather than on a player's screen."""
    ref = table("en")
    other = table(lang)
    for part in ("strings", "messages"):
        keys = set(other[part])
        extra = {k for k in keys - set(ref[part]) if not _plural_extra(k, keys)}
        assert not extra and not set(ref[part]) - keys, \
            (lang, part, "missing", sorted(set(ref[part]) - keys), "extra", sorted(extra))
        # An extra plural form ("key.few") is held to English's "key.other".
        english = {k: ref[part].get(k) or ref[part][k.rpartition(".")[0] + ".other"]
                   for k in keys}
        differ = {k: v for k, v in other[part].items()
                  if placeholders(v) != placeholders(english[k])}
        assert not differ, f"{lang} {part}: placeholders differ from English's: {differ}"


def rule_ids() -> list[str]:
    text = (ROOT / "docs" / "rules.md").read_text("utf-8")
    return sorted(set(re.findall(r"\*\*(R\d+)\b", text)), key=lambda r: int(r[1:]))


@pytest.mark.parametrize("lang", ALL)
def test_the_rules_panel_covers_every_rule_once(lang):
    doc = rules(lang)
    listed = [r for section in doc["sections"] for r in section["rules"]]
    assert sorted(listed, key=lambda r: int(r[1:])) == rule_ids()
    assert len(listed) == len(set(listed))
    assert doc["intro"] and all(section["title"] for section in doc["sections"])
    for rid in listed:
        assert doc["rules"][rid]["text"] and all(p.strip() for p in doc["rules"][rid]["text"]), rid
        text = " ".join(doc["rules"][rid]["text"])
        assert not re.search(r"\bR\d+\b", text), f"{rid}: a bare rule id on screen"
    english = rules("en")["sections"]
    assert [len(s["rules"]) for s in doc["sections"]] == [len(s["rules"]) for s in english]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_rule_has_a_name(lang):
    strings = table(lang)["strings"]
    assert {f"rule.{r}" for r in rule_ids()} <= set(strings)


def glossary() -> list[list[str]]:
    text = (ROOT / "docs" / "i18n.md").read_text("utf-8")
    section = text.split("## Glossary", 1)[1].split("\n## ", 1)[0]
    lines = [line for line in section.splitlines() if line.startswith("| ")]
    rows = [line.strip().strip("|").split("|") for line in lines]
    return [[cell.strip() for cell in row] for row in rows[1:]]  # without the header


@pytest.mark.parametrize("column,lang", list(enumerate(LANGUAGES, start=1)))
def test_the_glossary_terms_are_the_ones_used(column, lang):
    """Every glossary term of a language appears in that language's texts (page and rules)."""
    rows = glossary()
    assert len(rows) >= 20 and all(len(row) == 4 for row in rows)
    words = json.dumps([table(lang), rules(lang)], ensure_ascii=False).lower()
    unused = [row[column] for row in rows if row[column].lower() not in words]
    assert not unused, f"{lang}: glossary terms never used: {unused}"


def test_a_loaded_game_gives_its_log_as_events_for_the_page_to_word():
    """load_code and log answer `log_events` (codes and parameters, no English), so a
    continued game's history is shown in the page's language too."""
    seats = [{"name": n, "color": c, "level": "easy"}
             for n, c in (("Ann", "red"), ("Bo", "yellow"), ("Cy", "purple"))]
    answer = i18nkit._call("new_game", seats=seats, seed=5)
    events = list(answer["events"])
    for _ in range(12):
        answer = i18nkit._call("bot_act", seat=answer["prompt"]["seats"][0])
        events += answer["events"]
    loaded = i18nkit._call("load_code", code=answer["code"], log=True)
    assert [e["e"] for e in loaded["log_events"]] == [e["e"] for e in events]
    assert loaded["log_events"] == events and "log" not in loaded
    again = i18nkit._call("log")
    assert again["log_events"] == loaded["log_events"] and "log" not in again


@pytest.mark.parametrize("lang", ALL)
def test_a_shorter_game_has_its_own_numbers_in_the_rules_panel(lang):
    """For a game of two or three terms (a house rule) the Rules panel states that game's
    numbers: each language rewrites the same paragraphs as English, and only those."""
    doc, english = rules(lang), rules("en")
    paths = lambda over: {(part, key) for part in ("intro", "sections", "rules")  # noqa: E731
                          for key in ([None] if part == "intro" else over.get(part, {}))}
    assert set(doc["lengths"]) == {"2", "3"}
    for terms, over in doc["lengths"].items():
        assert paths(over) == paths(english["lengths"][terms]), (lang, terms)
        assert len(over["intro"]) == len(doc["intro"]) and over["intro"] != doc["intro"]
        for rid, text in over["rules"].items():
            assert text != doc["rules"][rid]["text"] and all(p.strip() for p in text), rid
        for key, text in over["sections"].items():
            assert text != doc["sections"][int(key)]["text"], key
    shorter = json.dumps(english["lengths"]["2"])
    assert not [w for w in ("sixteen", "12 and 16", "fourth election") if w in shorter]


@pytest.mark.parametrize("lang", ALL)
def test_the_start_screen_and_the_quick_reference_hold_for_every_game_length(lang):
    """The start screen's words and the quick reference are the same whatever the game's length
    (R13's elections after years 4, 8, 12 and 16 in the rulebook's game, fewer under the house
    rule of two or three terms): none of them names a year past the first term's election, so
    none says "after year 16" to a group playing eight years. The Rules panel gives each length's
    own numbers (the test above)."""
    later_years = re.compile(r"\b(?:8|12|16)\b")
    said = {key: text for key, text in table(lang)["strings"].items()
            if key.startswith(("start.", "qr."))}
    assert said, "the start screen's and the quick reference's words"
    assert {key: text for key, text in said.items() if later_years.search(text)} == {}
