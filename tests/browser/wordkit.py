"""What a page in one language must not show, measured in the page (docs/i18n.md).

`english_strings(page, lang)` turns every English text of data/i18n/en.json into a pattern (its
placeholders as wildcards), leaving out those the language shares ("Castle Garden");
`screen_problems(page, patterns)` reads everything a person can read or hear on the page now
(i18n_screen_words.js) and reports English sentences, leftover keys and rule ids;
`layout_problems(page)` is i18n_layout.js: text past its box or the screen, sideways scrolling.
"""

import re
from pathlib import Path

from browser_scripts import page_script

HERE = Path(__file__).resolve().parent
SCREEN_WORDS = (HERE / "i18n_screen_words.js").read_text("utf-8")
LAYOUT = page_script("i18n_layout.js")
KEY_LIKE = re.compile(r"\b(?:nat|map|table|turn|bid|reveal|offices|final|share|start|game|app|bots|"
                      r"rules|rule|event|prompt|phrase|boot|offline|language|replay|remote|"
                      r"chart|archive|list)\.[a-z_]+\b")
RULE_ID = re.compile(r"\bR\d{1,2}\b")
FOLD_LOG = "(o) => { for (const d of document.querySelectorAll('details.tm-log')) d.open = o; }"


def english_strings(page, lang):
    """English strings a page in `lang` must not show: each English value (placeholders as
    wildcards) that is not also a value in `lang` (Castle Garden is Castle Garden everywhere),
    nor a single word that is also a word of `lang` (French "Points" is French)."""
    tables = page.evaluate("""async (lang) => {
      const s = await import(new URL("js/strings.js", document.baseURI).href);
      return { en: s.textTables("en"), it: s.textTables(lang) };
    }""", lang)
    own = set(tables["it"]["strings"].values()) | set(tables["it"]["messages"].values())
    own_words = {w.lower() for text in own for w in re.findall(r"\w+", text)}
    patterns = []
    for part in ("strings", "messages"):
        for text in tables["en"][part].values():
            literal = re.sub(r"\{\w+\}", "", text)
            words = re.findall(r"[A-Za-z]{3,}", literal)
            if text in own or len(words) < 2 and len(literal.strip()) < 6:
                continue
            if re.fullmatch(r"\s*\w+\s*", literal) and literal.strip().lower() in own_words:
                continue
            parts = re.split(r"\{\w+\}", text)
            pieces = [re.escape(p) for p in parts]
            pattern = re.compile(r"(?<!\w)" + r".{1,40}?".join(pieces) + r"(?!\w)")
            patterns.append((text, Phrase(pattern, max(parts, key=len))))
    return patterns


class Phrase:
    """An English text's pattern, searched only where its longest literal piece occurs (a match
    holds every piece, so the answer is the pattern's own; the search over a whole screen for
    each of ~750 texts is what made a step of a lesson in German take seconds)."""

    def __init__(self, pattern: re.Pattern, needle: str):
        self.pattern, self.needle = pattern, needle

    def search(self, text: str):
        return self.pattern.search(text) if self.needle in text else None


def screen_words(page) -> list[str]:
    """Every text a person can read or hear now, the game's folded log included."""
    page.evaluate(FOLD_LOG, True)
    words = page.evaluate(SCREEN_WORDS)
    page.evaluate(FOLD_LOG, False)
    return words


def english_in(text: str, patterns) -> list[str]:
    """The English sentences (english_strings' `patterns`; none for an English page) in `text`."""
    found = (pattern.search(text) for _english, pattern in patterns or [])
    return [match.group(0) for match in found if match]


def screen_problems(page, patterns, where: str) -> list[str]:
    """English sentences (`patterns`; none for an English page), keys and rule ids on screen."""
    text = "\n".join(screen_words(page))
    problems = [f"{where}: a key on screen: {key}" for key in KEY_LIKE.findall(text)]
    problems += [f"{where}: a rule id on screen: {m.group(0)}" for m in RULE_ID.finditer(text)]
    problems += [f"{where}: English on screen: {found!r}" for found in english_in(text, patterns)]
    return problems


def layout_problems(page, where: str) -> list[str]:
    return [f"{where}: {problem}" for problem in page.evaluate(LAYOUT)]
