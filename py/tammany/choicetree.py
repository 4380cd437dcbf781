"""The choice tree: everything the seat to act may choose now, sent with each snapshot.

The page composes a move tap by tap (two wards for the bosses, a ward then a cube for
the Chief of Police, ...). Asking Python after every tap costs a round trip to the
worker, two to three frames on a slow tablet. Instead Python tells the page, up front,
every legal way to finish each kind of action, as a chess board is given every legal
destination: each choosing tap is then a lookup, and only the tap that completes the
action goes to Python, which checks it again as always. The page still decides nothing.
A tap on a value the tree does not offer (a ward that is not highlighted) asks Python why,
with `choices`, as before: the reasons are not in the tree, because computing one per
refusable value was 90 % of the tree's cost and half its bytes (docs/performance.md), for
taps that change nothing.

The tree is built from the same candidates that answer `legal.choices` (`composable`);
tests/test_choicetree.py compares the two for thousands of positions. Its shape
(docs/api.md, "The choice tree"):

    {"seat": 2,
     "kinds": {kind: node, ...}}          # the kinds the seat may compose now

    node = {"next": field,                # the field the player fills next
            "complete": bool,             # the action is legal as it stands (a slander
                                          #   needs no second ward)
            "options": {value: node | true, ...}}   # true: this value completes it

Values are JSON object keys, so wards and seats appear as strings.

In the election the tree holds each bidder's bounds ("bid": {seat: [max per colour]})
from the seat's own public chips and the ward's cubes — never a bid (R34); for the
mayor's assignment, the seats and the offices.
"""

from . import board
from .legal import _bid_ranges, candidate_kinds, composable

FIELD_ORDER = {
    "bosses": ("a", "b"),
    "boss_cube": ("c", "w", "b"),
    "deputy": ("c",),
    "police": ("w", "c"),
    "council": ("w",),
    "precinct": ("w", "c", "to"),
    "slander": ("p", "w", "c", "w2"),
    "bonus_cube": ("c", "w"),
    "bonus_chip": ("c",),
}
"""The order the page fills each kind's fields in (its turn controller follows `next`)."""


def _node(actions: list, fields: tuple):
    """The subtree of the candidate `actions` (those that match the partial action so far);
    `fields` are the fields still to fill, in order."""
    if not fields:
        return True
    name, rest = fields[0], fields[1:]
    groups: dict = {}
    complete = False
    for action in actions:
        value = getattr(action, name)
        if value is None:
            # Only an optional last field (a slander's second ward) may stay empty.
            complete = complete or all(getattr(action, f) is None for f in rest)
        else:
            groups.setdefault(value, []).append(action)
    options = {str(value): _node(groups[value], rest) for value in sorted(groups)}
    return {"next": name, "complete": complete, "options": options}


def kind_tree(s, seat: int, kind: str):
    """The node of an empty action of `kind`, or None if the page composes none of it."""
    if kind not in FIELD_ORDER:
        return None
    actions = composable(s, seat, kind)
    if not actions:
        return None
    return _node(actions, FIELD_ORDER[kind])


def choice_tree(s, seats=None) -> dict | None:
    """The tree for the state's current step (None once the game is over).
    `seats`: the seats the page composes for (the human ones); a step with none of them
    to act gets no tree, so a computer's move costs nothing extra."""
    to_act = s.to_act()
    if seats is not None:
        to_act = [p for p in to_act if p in seats]
    if not to_act:
        return None
    if s.phase == "bid":
        return {"bid": {str(p): [len(r) - 1 for r in _bid_ranges(s, p)] for p in to_act}}
    seat = to_act[0]
    if s.phase == "offices":
        return {"seat": seat, "offices": {
            "seats": [p for p in range(s.players) if p != seat],
            "offices": list(board.OFFICES)}}
    kinds = {}
    for kind in candidate_kinds(s, seat):
        node = kind_tree(s, seat, kind)
        if node is not None:
            kinds[kind] = node
    return {"seat": seat, "kinds": kinds}
