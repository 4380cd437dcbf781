"""Property tests over many random games and random built positions (hypothesis).

Each example is a seed; the game is played by the uniform-by-kind random player
(seat choice among those to act is random too, so bids arrive in any order).
How many examples run is set by the hypothesis profile (tests/conftest.py)."""

from hypothesis import given, note
from hypothesis import strategies as st

from enginekit import (
    accepted_by_check,
    by_kind,
    check_invariants,
    fingerprint,
)
from tammany import board
from tammany.actions import ACTION_TYPES, AssignOffices, Bid, PlaceBosses, from_json, to_json
from tammany.builder import Position, start_election
from tammany.engine import new_state
from tammany.errors import IllegalAction
from tammany.legal import legal_actions, legal_by_kind, random_action
from tammany.rng import Rng, derive_seed
from tammany.rules_config import STANDARD

NAMES = ["Ann", "Bob", "Cy", "Dee", "Eve"]
SEEDS = st.integers(min_value=0, max_value=2 ** 64 - 1)
PLAYERS = st.sampled_from([3, 4, 5])


def new_game(players: int, seed: int):
    s, _ = new_state(NAMES[:players], seed)
    return s, Rng(derive_seed(seed, 0xBEEF))


def pick(s, rng):
    """A random seat among those to act, and the random player's action for it."""
    to_act = s.to_act()
    assert to_act, "a game not over always has a seat to act"
    who = to_act[rng.below(len(to_act))]
    return who, random_action(s, who, rng)


def random_steps(players: int, seed: int):
    """Play a random game, yielding (state, seat to act, rng) before each
    action; the caller may inspect the state but must not change it."""
    s, rng = new_game(players, seed)
    while not s.is_over:
        who, action = pick(s, rng)
        yield s, who, rng
        s.apply(who, action)


def locked_snapshot(s):
    return {w: (list(s.cubes[w]), list(s.bosses[w])) for w in s.locked}


@given(players=PLAYERS, seed=SEEDS)
def test_random_games_keep_every_invariant(players, seed):
    """R2 (100 cubes accounted for), chips and slander chips never negative, R8
    (nothing in a ward not in play), R16 (nothing into or out of a locked ward),
    points never decrease, R26 (at most the winner's one boss stays), R34 (a
    pending bid changes no view, event or hash), the random player picks only
    listed actions and every kind's listed actions apply, R32 (the game ends
    after the fourth election, scores = sum of the breakdown)."""
    note(f"players={players} seed={seed}")
    elections, final = 0, None
    s, rng = new_game(players, seed)
    while not s.is_over:
        who, action = pick(s, rng)
        check_invariants(s)
        listed = legal_by_kind(s, who)
        assert action in listed[action.kind], "the random player picks only listed actions"
        for actions in listed.values():  # one listed action of every kind applies
            other = s.clone()
            other.apply(who, actions[rng.below(len(actions))])
            check_invariants(other)
        if s.phase == "bid" and len(s.to_act()) >= 2:
            bids = listed["bid"]
            a, b = s.clone(), s.clone()
            events_a = a.apply(who, bids[0])
            events_b = b.apply(who, bids[-1])
            assert events_a == events_b and a.hash() == b.hash(), "R34"
            assert a.view(who) == b.view(who) and a.view(None) == b.view(None), "R34"
        points, locked = list(s.points), locked_snapshot(s)
        events = s.apply(who, action)
        check_invariants(s)
        assert all(now >= was for now, was in zip(s.points, points, strict=True))
        voted = {vote["ward"] for vote in by_kind(events, "ward_vote")}
        for w, (cubes, bosses) in locked.items():
            assert s.cubes[w] == cubes, f"R16: a cube moved in locked ward {w}"
            if w not in voted:  # only its election sends bosses home (R16, R26)
                assert s.bosses[w] == bosses, f"R16: a boss placed or slandered in ward {w}"
        for vote in by_kind(events, "ward_vote"):
            winner = vote["winner"]
            assert s.bosses[vote["ward"]] == [int(p == winner) for p in range(players)], "R26"
        for _ in by_kind(events, "election"):
            elections += 1
            assert s.year == 4 * elections, "R13: elections after years 4, 8, 12, 16"
        final = by_kind(events, "game_over") or final
    assert elections == 4 and s.year == STANDARD.last_year == 16
    (over,) = final
    assert over["scores"] == s.points
    for p in range(players):
        assert sum(s.breakdown[p].values()) == s.points[p]
        assert over["breakdown"][p] == s.breakdown[p]
    assert over["winners"] and set(over["winners"]) <= set(range(players))
    best = max(s.points)
    assert all(s.points[p] == best for p in over["winners"])


@given(players=PLAYERS, seed=SEEDS)
def test_every_listed_legal_action_applies_without_error(players, seed):
    """At about one position in twelve of a random game, every listed action
    (not just a sample) is applied to a copy of the state."""
    note(f"players={players} seed={seed}")
    tried = 0
    for s, who, rng in random_steps(players, seed):
        if rng.below(12):
            continue
        for action in legal_actions(s, who):
            other = s.clone()
            other.apply(who, action)
            tried += 1
        check_invariants(other)
    assert tried


@given(players=PLAYERS, seed=SEEDS)
def test_legal_actions_equal_the_checked_candidates_in_random_games(players, seed):
    """At three random positions of a random game, for the seats to act and one
    other seat: legal_actions == the well-formed actions `check` accepts."""
    note(f"players={players} seed={seed}")
    stops = sorted(Rng(seed).below(300) for _ in range(3))
    for step, (s, _, rng) in enumerate(random_steps(players, seed)):
        if step not in stops:
            continue
        seats = set(s.to_act()) | {rng.below(players)}
        for p in sorted(seats):
            accepted, complete = accepted_by_check(s, p)
            listed = legal_actions(s, p)
            if complete:
                assert set(listed) == accepted
            else:  # too many bids to list as candidates: compare the other kinds
                assert {a for a in listed if a.kind != "bid"} == {
                    a for a in accepted if a.kind != "bid"}
            assert len(set(listed)) == len(listed)


@st.composite
def built_positions(draw):
    """A random position from the builder: any year, pieces, chips, offices,
    locks and turn flags; in an election year, sometimes the election begun."""
    players = draw(PLAYERS)
    year = draw(st.integers(1, 16))
    colors = board.PLAYER_COLORS[:players]
    pos = Position(players=players, year=year, seed=draw(st.integers(0, 2 ** 32)))
    wards = [w for w in board.WARDS
             if STANDARD.zone_year(players, board.ZONES.index(board.ZONE_OF[w])) <= year]
    small = st.integers(0, 3)
    for w in draw(st.lists(st.sampled_from(wards), max_size=8, unique=True)):
        pos.bosses(w, **{c: draw(small) for c in colors})
    for w in draw(st.lists(st.sampled_from(wards), max_size=5, unique=True)):
        cubes = {n: draw(small) for n in board.NATIONALITIES}
        if sum(cubes.values()):
            pos.cubes(w, **cubes)
    for c in colors:
        pos.chips(c, **{n: draw(small) for n in board.NATIONALITIES})
        pos.slander_chips(c, draw(small))
        if draw(st.booleans()):
            pos.slandered_this_term(c)
    pos.castle(**{n: draw(st.integers(0, 2)) for n in board.NATIONALITIES})
    if year > 4:
        order = draw(st.permutations(range(players)))
        pos.mayor(order[0])
        offices = draw(st.permutations(board.OFFICES))
        for p, office in zip(order[1:], offices, strict=False):
            pos.office(p, office)
        locks = draw(st.lists(st.sampled_from(wards), max_size=2, unique=True))
        pos.lock(*locks).locks_used(draw(st.integers(len(locks), 2)))
    pos.current(draw(st.integers(0, players - 1)), placed=draw(st.booleans()),
                office_used=draw(st.booleans()), slandered=draw(st.booleans()))
    s = pos.build()
    if year % STANDARD.years_per_term == 0 and draw(st.booleans()):
        start_election(s)
    return s


@given(s=built_positions())
def test_legal_actions_equal_the_checked_candidates_in_built_positions(s):
    check_invariants(s)
    for p in range(s.players):
        accepted, complete = accepted_by_check(s, p)
        assert complete
        assert set(legal_actions(s, p)) == accepted


def random_well_formed(s, rng):
    """One random well-formed action: a kind, then each field from its type's
    whole range (bids up to one chip past what any player holds)."""
    cls = list(ACTION_TYPES.values())[rng.below(len(ACTION_TYPES))]
    pick_from = lambda items: items[rng.below(len(items))]  # noqa: E731
    domains = {"a": board.WARDS, "b": board.WARDS, "w": board.WARDS, "to": board.WARDS,
               "w2": (None, *board.WARDS), "c": board.NATIONALITIES, "p": range(5)}
    if cls.kind == "bid":
        most = max(max(chips) for chips in s.chips)
        return cls(tuple(rng.below(most + 2) for _ in board.NATIONALITIES))
    if cls.kind == "offices":
        pairs = [(p, pick_from((None, *board.OFFICES))) for p in range(s.players)]
        return cls(tuple((p, o) for p, o in pairs if o))
    return cls(*(pick_from(domains[f]) for f in cls._fields))


@given(s=built_positions(), seed=SEEDS)
def test_refused_actions_change_nothing_and_accepted_ones_are_listed(s, seed):
    """300 random well-formed actions by random seats, each on a copy: a refused
    one leaves every field of the state as it was (the fingerprint covers all
    the hash and the views are made of), an applied one was listed."""
    rng = Rng(seed)
    before = fingerprint(s)
    listed = [set(legal_actions(s, p)) for p in range(s.players)]
    for _ in range(300):
        action = random_well_formed(s, rng)
        who = rng.below(s.players)
        work = s.clone()
        try:
            work.apply(who, action)
        except IllegalAction:
            assert fingerprint(work) == before
        else:
            assert action in listed[who]


def test_random_games_reach_every_kind_of_action():
    """The random games above are worth their time only if they exercise every
    rule area: across a few games, every action kind is applied and sealed bids
    with two or more bidders occur."""
    applied, contested = set(), 0
    for seed in range(6):
        s, rng = new_game(3 + seed % 3, seed)
        while not s.is_over:
            contested += s.phase == "bid" and len(s.to_act()) >= 2
            who, action = pick(s, rng)
            s.apply(who, action)
            applied.add(action.kind)
    assert applied == set(ACTION_TYPES)
    assert contested


def respellings(action, rng) -> list:
    """Other ways a caller may write `action`: two bosses in the other order (R12a), a bid's
    counts as a list (R24), an office assignment's pairs shuffled or as a seat → office
    mapping (R31), and the JSON form with its keys in another order."""
    out = [from_json(dict(reversed(list(to_json(action).items()))))]
    if action.kind == "bosses":
        out.append(PlaceBosses(action.b, action.a))
    elif action.kind == "bid":
        out.append(Bid(list(action.n)))
    elif action.kind == "offices":
        pairs = list(action.o)
        rng.shuffle(pairs)
        out += [AssignOffices(tuple(pairs)), AssignOffices(dict(pairs))]
    return out


@given(players=PLAYERS, seed=SEEDS)
def test_every_action_apply_accepts_is_one_that_legal_actions_lists(players, seed):
    """One form per action (R12a, R24, R31): along a random game, every respelling
    of a listed action, and every random well-formed action that `apply` accepts, equals an
    action of `legal_actions` — `action in legal_actions(seat)` — and gives the same state."""
    for s, who, rng in random_steps(players, seed):
        listed = legal_actions(s, who)
        chosen = listed[rng.below(len(listed))]
        reference = s.clone()
        reference.apply(who, chosen)
        for action in respellings(chosen, rng):
            assert action == chosen and action in listed
            work = s.clone()
            work.apply(who, action)
            assert work.hash() == reference.hash()
        for _ in range(3):
            action = random_well_formed(s, rng)
            work = s.clone()
            try:
                work.apply(who, action)
            except IllegalAction:
                continue
            assert action in listed
