"""The rules value: every number the rules use and every house rule, one frozen value.

A game carries one `Rules` (`State.rules`, in its save code and its view); the rule modules,
flow, the legal moves, the view, `determinize`, the save codec and the computers read their
numbers here, and nowhere else keeps a copy (docs/rules.md, "House rules").

The defaults are the rulebook as this project plays it (`STANDARD`). The *house rules* are
the switches a group may choose for its game (`SWITCHES`: each one's options, the default
first); the numbers are the rules' own and are changed only by tests, which use them to show
that a number read here is the number the game plays by.
"""

from dataclasses import dataclass, fields, replace

from .errors import IllegalAction

SWITCHES = {
    "tied_mayor": ("stays_scores", "stays_no_score", "nobody"),
    "no_ward_won": ("mayor_stays", "chip_tiebreak"),
    "turn_order": ("any", "office_first"),
    "bids": ("could_change", "every_candidate"),
    "terms": (4, 2, 3),
}
"""Each house rule and its options, the default first (R9–R33 as docs/rules.md says; the
options' order is also their digit in a save code, docs/savecodes.md):

- `tied_mayor` (R30): a mayor's vote still tied after the chip tie-breaks — the current
  mayor stays and scores the mayor's points (this project), stays without scoring and
  every office stays with its holder (Boardspace), or nobody is mayor this term and nobody
  holds an office;
- `no_ward_won` (R30): an election where nobody wins a ward — counts as a tie that no
  tie-break breaks (this project), or the chip tie-breaks choose among all players
  (SlothNinja, Boardspace);
- `turn_order` (R11): the office, placing and slander in any order (the publisher's FAQ),
  or the office's power before placing and slander after it (Boardspace);
- `bids` (R25): only candidates whose bid could change the outcome are asked (this
  project), or every candidate of a contested ward (SlothNinja, Boardspace);
- `terms` (R13, R32): four terms, or a shorter evening of two or three (not in the
  rulebook), the game's end and scoring after the last one's election."""

ZONE_YEARS = ((1, 5, 9), (1, 1, 5), (1, 1, 1))
"""R7: the year whose start brings zones I, II, III into play, for 3, 4 and 5 players."""


@dataclass(frozen=True)
class Rules:
    """Every number the rules use, and the house rules (`SWITCHES`). Compare with `==`;
    `STANDARD` is the default."""

    # --- house rules (SWITCHES) ---
    tied_mayor: str = "stays_scores"
    no_ward_won: str = "mayor_stays"
    turn_order: str = "any"
    bids: str = "could_change"
    terms: int = 4
    """Terms in a game, each ending with an election (R13); the last one's ends it (R32)."""
    # --- the numbers ---
    years_per_term: int = 4
    """R13: an election after every fourth year."""
    zone_years: tuple = ZONE_YEARS
    castle_garden_extra: int = 2
    """R10: an empty Castle Garden gets (players + this) cubes."""
    locks_per_term: int = 2
    """R16: the Council President's locks a term."""
    slander_chips: int = 3
    """R4: slander chips each player starts with."""
    slander_from_term: int = 2
    """R4, R20: slander is allowed from this term on."""
    second_slander_chips: int = 2
    """R21: the favor chips a slander's spread costs (on top of the first one's)."""
    ward_points: int = 1
    """R29: a ward won."""
    tammany_points: int = 2
    """R29: Tammany Hall (ward 14) won."""
    mayor_points: int = 3
    """R30: becoming mayor."""
    immigrant_leader_chips: int = 3
    """R28: chips for most cubes of a colour in the wards won."""
    majority_points: int = 2
    """R32: most favor chips of a colour at the end."""
    slander_chip_points: int = 1
    """R32: each slander chip kept at the end."""

    # --- questions -----------------------------------------------------------------
    @property
    def last_year(self) -> int:
        """The year after which the last election is held and the game ends (R32)."""
        return self.terms * self.years_per_term

    def zone_year(self, players: int, zone_index: int) -> int:
        """R7: the year whose start brings zone `zone_index` (0 = I) into play."""
        return self.zone_years[players - 3][zone_index]

    def house_rules(self) -> dict:
        """The switches that differ from the default, {switch: option}: what names a game's
        house rules (the page words each; {} for a standard game)."""
        return {name: getattr(self, name) for name in SWITCHES
                if getattr(self, name) != SWITCHES[name][0]}

    @property
    def standard(self) -> bool:
        return self == STANDARD

    @property
    def numbers_standard(self) -> bool:
        """Whether every number is the rulebook's (only the switches may differ)."""
        return replace(self, **{name: SWITCHES[name][0] for name in SWITCHES}) == STANDARD

    def to_json(self) -> dict:
        """Every field that differs from the standard, as plain JSON values ({} for the
        standard rules): the view carries it, `from_json` reads it back."""
        out = {}
        for f in fields(self):
            value = getattr(self, f.name)
            if value != getattr(STANDARD, f.name):
                out[f.name] = [list(row) for row in value] if f.name == "zone_years" else value
        return out

    @classmethod
    def from_json(cls, data: dict | None) -> "Rules":
        """The rules `to_json` wrote (a view's; trusted: it came from a game)."""
        if not data:
            return STANDARD
        data = dict(data)
        if "zone_years" in data:
            data["zone_years"] = tuple(tuple(row) for row in data["zone_years"])
        return cls(**data)


STANDARD = Rules()
"""The rulebook as this project plays it: every switch at its default."""


def house_rules(spec) -> Rules:
    """The rules of a game from a group's choice of house rules, `{switch: option}` (a
    switch left out keeps its default; `terms` may be given as text, "2"). Anything else
    is refused with `bad_rules`, naming the switch and, where it is known, its options."""
    if spec is None:
        return STANDARD
    if not isinstance(spec, dict):
        raise IllegalAction("bad_rules", "The house rules are not understood.")
    chosen = {}
    for name, value in spec.items():
        options = SWITCHES.get(name)
        if options is None:
            raise IllegalAction("bad_rules", f"There is no house rule {str(name)[:30]!r}.",
                                switch=str(name)[:30])
        if name == "terms" and isinstance(value, str) and value.isdigit() and len(value) < 3:
            value = int(value)
        if type(value) not in (str, int) or value not in options:
            raise IllegalAction("bad_rules", f"The house rule {name!r} is one of "
                                + ", ".join(str(o) for o in options) + ".",
                                switch=name, value=str(value)[:30],
                                options=[str(o) for o in options])
        chosen[name] = value
    return replace(STANDARD, **chosen)


def parse_spec(text: str) -> Rules:
    """`KEY=VALUE,KEY=VALUE` (the command line's --rules) as `house_rules` reads it."""
    spec = {}
    for part in (p.strip() for p in text.split(",")):
        if not part:
            continue
        name, sep, value = part.partition("=")
        if not sep:
            raise IllegalAction("bad_rules", f"Write a house rule as KEY=VALUE, not {part!r}.")
        spec[name.strip()] = value.strip()
    return house_rules(spec)


def combinations() -> list[Rules]:
    """The rules of every combination of the switches' options (72), the standard first."""
    out = [STANDARD]
    for name, options in SWITCHES.items():
        out = [replace(r, **{name: o}) for o in options for r in out]
    return sorted(set(out), key=lambda r: [SWITCHES[n].index(getattr(r, n)) for n in SWITCHES])
