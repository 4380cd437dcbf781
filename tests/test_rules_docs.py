"""docs/rules.md and the rules tests stay in step with the engine (R1–R34, R19)."""

import ast
import re
from pathlib import Path

from tammany import board

ROOT = Path(__file__).resolve().parent.parent
RULES_MD = (ROOT / "docs" / "rules.md").read_text(encoding="utf-8")
RULE_IDS = set(range(1, 35))


def cited_rules() -> set[int]:
    """R-ids cited by a test's name (test_r16_…) or docstring (R16)."""
    cited = set()
    for path in (ROOT / "tests").glob("test_*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.FunctionDef) and node.name.startswith("test_"):
                cited |= {int(n) for n in re.findall(r"(?:^|_)r(\d+)(?=_)", node.name)}
                doc = ast.get_docstring(node) or ""
                cited |= {int(n) for n in re.findall(r"\bR(\d+)\b", doc)}
    return cited


def test_every_rule_r1_to_r34_has_a_test_citing_it():
    assert RULE_IDS - cited_rules() == set()


def test_rules_md_states_every_rule_r1_to_r34():
    stated = {int(n) for n in re.findall(r"^- \*\*R(\d+)\b", RULES_MD, flags=re.M)}
    assert stated == RULE_IDS


def test_rules_md_adjacency_table_is_the_boards():
    """R19: the table a player reads is the one the engine uses."""
    rows = re.findall(r"^\| (\d+) \| ([\d, ]+) \|$", RULES_MD, flags=re.M)
    table = {int(w): tuple(int(n) for n in others.split(", ")) for w, others in rows}
    assert table == board.ADJACENT


def test_rules_md_election_order_is_the_boards():
    """R22."""
    for zone, wards in board.ELECTION_ORDER.items():
        assert f"zone {zone} {', '.join(map(str, wards))}" in " ".join(RULES_MD.split())


def test_rules_md_explains_every_code_the_rules_raise():
    codes = {"bad_action"}
    for path in (ROOT / "py" / "tammany").glob("*.py"):
        if path.name in ("rules.py", "turn.py", "offices.py", "slander.py", "election.py",
                         "legal.py", "actions.py"):
            codes |= set(re.findall(r'IllegalAction\(\s*"([a-z_]+)"', path.read_text()))
    documented = set(re.findall(r"`([a-z_]+)`", RULES_MD))
    assert codes - documented == set()
