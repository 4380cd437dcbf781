"""The docs describe the present: no dated work logs in docs/, the README, or the docstrings and
comments of the code (history is in git), and docs/bots.md stays one readable page.

A dated log is a date of this century in prose ("… (2026-11-26, 04:44–07:44)"), a clock-time
range ("16:45–16:51"), or a work session ("this session", "the session after"). A timestamp in an
example of a file format ("2026-11-24T21:14:05.120Z") is data, not a log, and is allowed; so are
the game's years (1850–1870) and a fixed file stamp such as a wheel's 1980-01-01."""

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
BOTS_MD_MAX_LINES = 300

DATED = [
    (re.compile(r"\b20\d{2}-\d{2}-\d{2}\b(?!T\d)"), "a calendar date"),
    (re.compile(r"\b\d{1,2}:\d{2}\s*[–-]\s*\d{1,2}:\d{2}\b"), "a clock-time range"),
    (re.compile(r"\b(?:this|last|previous|next|earlier|later|first|second|third|fourth|"
                r"another|that) session\b", re.I), "a work session"),
    (re.compile(r"\bthe session (?:after|before|ended|allowed)\b", re.I), "a work session"),
    (re.compile(r"\b(?:two|three|four|several|earlier|last|previous|past|between) sessions\b",
                re.I), "work sessions"),
]


def dated_lines(text: str) -> list[tuple[int, str, str]]:
    """(line number, what was found, the line) for each line that reads as a dated log."""
    found = []
    for number, line in enumerate(text.splitlines(), 1):
        for pattern, what in DATED:
            if pattern.search(line):
                found.append((number, what, line.strip()))
                break
    return found


def described_files() -> list[Path]:
    """Docs and the code whose docstrings and comments describe it (vendored code left out)."""
    files = sorted((ROOT / "docs").rglob("*.md")) + [ROOT / "README.md", ROOT / "build.py"]
    for folder, pattern in (("py", "*.py"), ("site/js", "*.js"), ("tools", "*.py"),
                            ("bench", "*.py")):
        files += sorted(p for p in (ROOT / folder).rglob(pattern) if "vendor" not in p.parts)
    return [p for p in files if p.is_file()]


@pytest.mark.parametrize("example", [
    "## Issue 26: the fighter's bid (2026-11-26, 04:44–07:44; 3–9 runs at a time)",
    "`python3 build.py bench`, three times in a row at 16:45–16:51 on commit 140727d.",
    "Until 2026-11-26 it drew evenly from nothing up to `most_that_helps`.",
    "The rows were finished in the session after (cut where the session ended).",
    "This was the last session's one lead.",
    "played on in two sessions",
])
def test_a_dated_log_is_found(example):
    assert dated_lines(example)


@pytest.mark.parametrize("example", [
    '{"exported": "2026-11-25T09:00:00.000Z", "games": []}',
    "The game runs from 1850 to 1870: four terms of four years.",
    "the screens drawn from the session's state (session.js), `session.turn`",
    "Hard of commit 1ebf4b7: 0.497 ± 0.029 over 300 games (R30–R31)",
    "one session module holds the page's state; zip entries stamped 1980-01-01",
])
def test_present_tense_text_is_not_a_dated_log(example):
    assert dated_lines(example) == []


def test_no_doc_or_docstring_keeps_a_dated_log():
    """Docs describe the present; when something was measured is a commit id, not a date."""
    files = described_files()
    assert any(p.name == "bots.md" for p in files) and any(p.suffix == ".py" for p in files)
    logs = [f"{path.relative_to(ROOT)}:{number}: {what}: {line[:120]}"
            for path in files
            for number, what, line in dated_lines(path.read_text(encoding="utf-8"))]
    assert logs == [], "dated work logs (say what is, with a commit id; history is in git):\n" \
        + "\n".join(logs)


def test_bots_md_is_one_readable_page():
    lines = (ROOT / "docs" / "bots.md").read_text(encoding="utf-8").splitlines()
    assert len(lines) <= BOTS_MD_MAX_LINES, f"docs/bots.md has {len(lines)} lines"


# --- docs/ui.md lists the page's hooks --------------------------------------------------------
HOOK_SOURCES = ["tests/browser/*.py", "tests/browser/*.js", "tools/gameplay.py"]


def test_ui_md_lists_every_id_and_data_attribute_the_tests_use():
    """The page's ids (`#th-…`) and data attributes (`data-…`) that the browser tests and the
    scripted player rely on — hooks any outside test may use too — are each named in docs/ui.md
    (an id made with a suffix, `#th-name-N`, by its stem)."""
    used: dict[str, set[str]] = {}
    for pattern in HOOK_SOURCES:
        for path in sorted(ROOT.glob(pattern)):
            text = path.read_text("utf-8")
            hooks = {"#" + re.sub(r"-\d+$", "-N", m) for m in re.findall(r"#(th-[a-z0-9-]+)", text)}
            hooks |= {f"data-{m}" for m in re.findall(r"\bdata-([a-z0-9-]+)", text)}
            hooks |= {"data-" + re.sub(r"[A-Z]", lambda c: "-" + c.group(0).lower(), m)
                      for m in re.findall(r"\bdataset\.([a-zA-Z]+)", text)}
            for hook in hooks:
                used.setdefault(hook, set()).add(path.name)
    ui = (ROOT / "docs" / "ui.md").read_text("utf-8")
    missing = sorted(f"{hook} ({', '.join(sorted(files))})" for hook, files in used.items()
                     if not re.search(re.escape(hook) + r"(?![a-z0-9-])", ui))
    assert len(used) > 100 and not missing, "docs/ui.md lacks:\n" + "\n".join(missing)
