"""No function of the page (site/js) runs past one screenful: 120 lines (issue 54).

The factories that still do are listed in LONG (none today), to be split when their screens are
next reworked; a function that is not listed fails as soon as it passes
120 lines, and one that is listed but has come under the limit must leave the list."""

import re
from pathlib import Path

SITE_JS = Path(__file__).resolve().parent.parent / "site" / "js"
LIMIT = 120

LONG: dict[str, set[str]] = {}
"""The functions over LIMIT lines today (path under site/js -> names)."""

START = re.compile(r"^\s*(?:export\s+)?(?:async\s+)?function\s*\*?\s*(\w+)\s*\(")


def _code(line: str) -> str:
    """A line with its strings, comments and escaped braces taken out (enough to count braces
    in this code base: no brace in a regex except escaped ones)."""
    line = line.replace("\\{", "").replace("\\}", "")
    line = re.sub(r'"(?:\\.|[^"\\])*"', '""', line)
    line = re.sub(r"'(?:\\.|[^'\\])*'", "''", line)
    line = re.sub(r"`(?:\\.|[^`\\])*`", "``", line)
    return re.sub(r"//.*", "", line)


def function_lengths(path: Path):
    """(name, first line, lines) of every `function` in a file, nested ones included."""
    lines = path.read_text("utf-8").splitlines()
    for i, line in enumerate(lines):
        match = START.match(line)
        if not match:
            continue
        depth, opened = 0, False
        for j in range(i, len(lines)):
            code = _code(lines[j])
            depth += code.count("{") - code.count("}")
            opened = opened or "{" in code
            if opened and depth <= 0:
                break
        yield match.group(1), i + 1, j - i + 1


def test_no_page_function_is_longer_than_a_screenful():
    long = {}
    for path in sorted(SITE_JS.rglob("*.js")):
        for name, line, length in function_lengths(path):
            if length > LIMIT:
                long.setdefault(path.relative_to(SITE_JS).as_posix(), {})[name] = (line, length)
    new = {f"{path}:{line} {name} ({length} lines)"
           for path, functions in long.items() for name, (line, length) in functions.items()
           if name not in LONG.get(path, set())}
    assert not new, f"split these (at most {LIMIT} lines a function): {sorted(new)}"
    done = {f"{path} {name}" for path, names in LONG.items() for name in names
            if name not in long.get(path, {})}
    assert not done, f"these are {LIMIT} lines or fewer now: take them off LONG: {sorted(done)}"


def test_the_counter_counts_a_function_to_its_closing_brace(tmp_path):
    source = tmp_path / "x.js"
    source.write_text('export function a(x) {\n  const s = "}";\n  const r = /\\{(\\w+)\\}/g;\n'
                      "  if (x) {\n    return `${x}}`;\n  }\n}\nfunction b() {}\n", "utf-8")
    assert list(function_lengths(source)) == [("a", 1, 7), ("b", 8, 1)]
