"""docs/api.md against the engine: the documented view fields are exactly the fields real
views have, so the contract the page reads cannot drift from what Python sends."""

import re
from pathlib import Path

from tammany import board
from tammany.engine import new_state
from tammany.legal import random_action
from tammany.rng import Rng, derive_seed

API = Path(__file__).resolve().parents[1] / "docs" / "api.md"
KEYED = set(board.ZONES)  # objects keyed by zone; those keyed by ward or seat have digits


def documented_fields() -> set[str]:
    """The first column of the table between the view-fields markers, as dotted paths; an
    item starting with "." names a sibling of the path before it."""
    text = API.read_text(encoding="utf-8")
    table = text.split("<!-- view-fields: begin -->")[1].split("<!-- view-fields: end -->")[0]
    fields = set()
    for row in table.splitlines():
        if not row.startswith("| `"):
            continue
        previous = ""
        for item in re.findall(r"`([^`]+)`", row.split("|")[1]):
            path = previous.rsplit(".", 1)[0] + item if item.startswith(".") else item
            fields.add(path)
            previous = path
    return fields


def fields_of(value, prefix: str = "") -> set[str]:
    """Every path in a JSON-like value: `[]` for a list's items, `*` for an object keyed by
    ward, seat or zone."""
    out = set()
    if isinstance(value, dict):
        keyed = value and all(k.isdigit() or k in KEYED for k in value)
        for key, item in value.items():
            path = f"{prefix}.*" if keyed else (f"{prefix}.{key}" if prefix else key)
            out.add(path)
            out |= fields_of(item, path)
    elif isinstance(value, list):
        for item in value:
            out |= fields_of(item, f"{prefix}[]")
    return out


def views_through_random_games():
    """Every seat's view and the spectator's, before each action of a few random games
    (3, 4 and 5 players: every phase, election results, bonuses, the end)."""
    for players in (3, 4, 5):
        s, _ = new_state(["Ann", "Bob", "Cy", "Dee", "Eve"][:players], players)
        rng = Rng(derive_seed(players, 7))
        while True:
            for seat in (None, *range(players)):
                yield s.view(seat)
            if s.is_over:
                break
            who = s.to_act()[rng.below(len(s.to_act()))]
            s.apply(who, random_action(s, who, rng))


def test_docs_api_lists_every_field_the_view_has_and_no_other():
    seen = set()
    for v in views_through_random_games():
        seen |= fields_of(v)
    documented = documented_fields()
    assert seen - documented == set(), "fields in real views but not in docs/api.md"
    assert documented - seen == set(), "fields in docs/api.md that no view has"
