"""The election after years 4, 8, 12 and 16 (R13, R22–R31): each step of it as a rule
on the state. `flow` calls them in order (ward after ward, the bonus, the count, the
offices) and decides what follows; a step that ends with a player's move leaves a
marker for it."""

from . import board, scoring
from .errors import IllegalAction
from .state import N_NAT, NAT_INDEX, Election, State
from .turn import require_open_ward


def begin_election(s: State) -> list[dict]:
    """R13: Castle Garden's cubes go back to the bag, then the wards vote (R22)."""
    events = [{"e": "election", "term": s.term}]
    if sum(s.castle):
        events.append({"e": "castle_garden_returned",
                       "cubes": {n: s.castle[i] for i, n in enumerate(board.NATIONALITIES)
                                 if s.castle[i]}})
        for i in range(N_NAT):
            s.bag[i] += s.castle[i]
            s.castle[i] = 0
    order = [w for z in board.ZONES if s.zone_in_play[z] for w in board.ELECTION_ORDER[z]]
    s.election = Election(order, s.players)
    return events


def usable_chips(s: State, seat: int, ward: int) -> int:
    """Favor chips whose colour matches a cube in the ward (R24)."""
    cubes = s.cubes[ward]
    chips = s.chips[seat]
    return sum(chips[i] for i in range(N_NAT) if cubes[i])


def bidders(s: State, ward: int) -> tuple:
    """R25: the candidates whose bid could change the ward's outcome; with the house rule
    `bids` = every_candidate, every candidate of a ward with two or more (a lone candidate
    wins without a bid either way)."""
    bosses = s.bosses[ward]
    candidates = [p for p in range(s.players) if bosses[p]]
    if len(candidates) < 2:
        return ()
    if s.rules.bids == "every_candidate":
        return tuple(candidates)
    holders = [p for p in candidates if usable_chips(s, p, ward)]
    if len(holders) != 1:
        return tuple(holders)
    (p,) = holders
    best_other = max(bosses[q] for q in candidates if q != p)
    wins_with_zero = bosses[p] > best_other
    could_tie = bosses[p] + usable_chips(s, p, ward) >= best_other
    return () if wins_with_zero or not could_tie else (p,)


def call_ward(s: State) -> list[dict]:
    """R22, R25: the next ward in order votes; its bidders (perhaps none) are asked."""
    e = s.election
    e.bidders = bidders(s, e.ward)
    e.bids = {}
    e.seals = {}
    return [{"e": "bidding", "ward": e.ward, "seats": list(e.bidders)}] if e.bidders else []


def require_bidder(s: State, seat: int) -> None:
    """A ward takes bids now, `seat` is one of its bidders, and has not bid (or sealed)."""
    if s.phase != "bid":
        raise IllegalAction("not_bid_phase", "No ward is taking bids now.")
    if seat not in s.election.bidders:
        raise IllegalAction("not_bidder", "You are not bidding in this ward.", seat=seat)
    if seat in s.election.bids or seat in s.election.seals:
        raise IllegalAction("already_bid", "You have already bid in this ward.")


def check_bid_chips(s: State, seat: int, chips) -> None:
    """R24: chips only of colours with a cube in the ward, and no more than held."""
    ward = s.election.ward
    for i, count in enumerate(chips):
        if count and not s.cubes[ward][i]:
            name = board.NATIONALITIES[i]
            raise IllegalAction("chip_not_in_ward",
                                f"Ward {ward} has no {name.title()} cube: those chips "
                                "cannot be bid there.", ward=ward, color=name)
        if count > s.chips[seat][i]:
            name = board.NATIONALITIES[i]
            raise IllegalAction("not_enough_chips",
                                f"You hold only {s.chips[seat][i]} {name.title()} chip(s).",
                                color=name, held=s.chips[seat][i])


def do_bid(s: State, seat: int, a) -> list[dict]:
    """Record a sealed bid; once all are in, reveal them and resolve the ward."""
    return [{"e": "bid_placed", "seat": seat, "ward": s.election.ward}] + record_bid(
        s, seat, a.n)


def record_bid(s: State, seat: int, chips) -> list[dict]:
    """Keep a bid (or, across devices, an opened one); once the last is in, the ward
    is ready to be counted."""
    e = s.election
    e.bids[seat] = tuple(chips)
    if len(e.bids) == len(e.bidders):
        s.marker = "bids_in"
    return []


def resolve_ward(s: State) -> list[dict]:
    """R24, R26, R27: reveal, count, spend, send bosses home, offer the bonus."""
    e = s.election
    ward = e.ward
    bosses = s.bosses[ward]
    bids = {p: e.bids.get(p, (0, 0, 0, 0)) for p in range(s.players) if bosses[p]}
    votes = {p: bosses[p] + sum(bid) for p, bid in bids.items()}
    for p, bid in bids.items():
        for i in range(N_NAT):
            s.chips[p][i] -= bid[i]
    top = max(votes.values(), default=0)
    leaders = [p for p, v in votes.items() if v == top]
    winner = leaders[0] if len(leaders) == 1 else None
    sent_home = {}
    for p in range(s.players):
        keep = 1 if p == winner else 0
        if bosses[p] > keep:
            sent_home[str(p)] = bosses[p] - keep
        bosses[p] = keep
    if winner is not None:
        e.won[winner].append(ward)
    result = {"ward": ward, "winner": winner,
              "bids": {str(p): list(b) for p, b in bids.items()},
              "votes": {str(p): v for p, v in votes.items()}}
    e.results.append(result)
    e.bids = {}
    e.seals = {}
    e.bidders = ()
    e.index += 1
    event = {"e": "ward_vote", **result, "sent_home": sent_home}
    events = [event]
    if winner is not None and _bonus_available(s, ward):
        e.bonus = ward
        events.append({"e": "bonus_offered", "seat": winner, "ward": ward,
                       "kind": "cube" if ward in board.BONUS_CUBE_WARDS else "chip"})
    return events


def _bonus_available(s: State, ward: int) -> bool:
    if ward in board.BONUS_CHIP_WARDS:
        return True
    return ward in board.BONUS_CUBE_WARDS and sum(s.bag) > 0


def _require_bonus(s: State, seat: int, kind: str) -> None:
    if s.phase != "bonus":
        raise IllegalAction("not_bonus_phase", "No ward bonus is waiting to be claimed.")
    if seat != s.election.results[-1]["winner"]:
        raise IllegalAction("not_bonus_winner", "Only the ward's winner claims its bonus.")
    ward = s.election.bonus
    if kind == "cube" and ward not in board.BONUS_CUBE_WARDS:
        raise IllegalAction("wrong_bonus", f"Ward {ward}'s bonus is a favor chip.", ward=ward)
    if kind == "chip" and ward not in board.BONUS_CHIP_WARDS:
        raise IllegalAction("wrong_bonus", f"Ward {ward}'s bonus is a cube.", ward=ward)


def check_bonus_cube(s: State, seat: int, a) -> None:
    _require_bonus(s, seat, "cube")
    if a.c is not None and s.bag[NAT_INDEX[a.c]] == 0:
        raise IllegalAction("not_in_bag", f"The bag holds no {a.c.title()} cube.", color=a.c)
    if a.w is not None:
        require_open_ward(s, a.w)


def check_bonus_chip(s: State, seat: int, a) -> None:
    _require_bonus(s, seat, "chip")


def check_bonus_skip(s: State, seat: int, a) -> None:
    _require_bonus(s, seat, "any")


def do_bonus_cube(s: State, seat: int, a) -> list[dict]:
    i = NAT_INDEX[a.c]
    s.bag[i] -= 1
    s.cubes[a.w][i] += 1
    return [{"e": "bonus_cube", "seat": seat, "color": a.c, "ward": a.w}] + _after_bonus(s)


def do_bonus_chip(s: State, seat: int, a) -> list[dict]:
    s.chips[seat][NAT_INDEX[a.c]] += 1
    return [{"e": "bonus_chip", "seat": seat, "color": a.c}] + _after_bonus(s)


def do_bonus_skip(s: State, seat: int, a) -> list[dict]:
    return [{"e": "bonus_skip", "seat": seat}] + _after_bonus(s)


def _after_bonus(s: State) -> list[dict]:
    s.election.bonus = None
    s.marker = "bonus_taken"
    return []


def count_election(s: State) -> list[dict]:
    """R28–R31 once every ward has voted: immigrant leaders, points, the mayor; the
    term's locks and offices end (the new mayor keeps the office). With the house rule
    `tied_mayor` = stays_no_score, a mayor who stays on an unbroken tie scores nothing and
    every office stays with its holder (R30)."""
    e = s.election
    rules = s.rules
    events = _immigrant_leaders(s)
    wards_won = [len(w) for w in e.won]
    for p in range(s.players):
        tammany = board.TAMMANY_HALL in e.won[p]
        plain = rules.ward_points * (wards_won[p] - tammany)
        s.breakdown[p]["wards"] += plain
        s.breakdown[p]["tammany"] += rules.tammany_points * tammany
        gained = plain + rules.tammany_points * tammany
        s.points[p] += gained
        if gained:
            events.append({"e": "points", "seat": p, "wards": wards_won[p], "points": gained})
    mayor, step = choose_mayor(s, wards_won)
    offices_kept = step == "incumbent" and rules.tied_mayor == "stays_no_score"
    points = 0 if mayor is None or offices_kept else rules.mayor_points
    if points:
        s.points[mayor] += points
        s.breakdown[mayor]["mayor"] += points
    events.append({"e": "mayor", "seat": mayor, "tiebreak": step,
                   "incumbent": mayor is not None and mayor == s.mayor, "points": points,
                   "offices_kept": offices_kept})
    s.mayor = mayor
    s.points_after.append(list(s.points))
    s.last_results = e.results
    # R16, R31: locks and the term's counters end with the election.
    s.locked.clear()
    s.locks_this_term = 0
    s.slandered_term = [False] * s.players
    if not offices_kept:
        s.office_of = [None] * s.players
        if mayor is not None:
            s.office_of[mayor] = "mayor"
    return events


def offices_due(s: State) -> bool:
    """R31, after a count: whether the mayor hands out the offices now. Not without a
    mayor (R30), nor when every office stayed with its holder (`tied_mayor` =
    stays_no_score): then the other seats still hold theirs."""
    if s.mayor is None:
        return False
    return all(office is None for p, office in enumerate(s.office_of) if p != s.mayor)


def _immigrant_leaders(s: State) -> list[dict]:
    """R28: per nationality, the most cubes in won wards (≥1) earns 3 chips; ties all earn."""
    e = s.election
    awards = []
    for i, name in enumerate(board.NATIONALITIES):
        counts = [sum(s.cubes[w][i] for w in e.won[p]) for p in range(s.players)]
        best = max(counts)
        if best < 1:
            continue
        seats = [p for p in range(s.players) if counts[p] == best]
        for p in seats:
            s.chips[p][i] += s.rules.immigrant_leader_chips
        awards.append({"color": name, "seats": seats, "cubes": best})
    return [{"e": "immigrant_leaders", "awards": awards}]


def choose_mayor(s: State, wards_won: list[int]) -> tuple[int | None, str]:
    """R30: most wards, then R30's chip tie-breaks, then the incumbent, else nobody.

    Returns the mayor (or None) and the step that decided: "wards", "chips",
    "irish", "english", "german", "italian", "incumbent" or "none". Nobody
    having won a ward is treated like an unbroken tie (project decision), or with the
    house rule `no_ward_won` = chip_tiebreak as a tie of all players. An unbroken tie
    keeps the current mayor, or with `tied_mayor` = nobody leaves no mayor.
    """
    best = max(wards_won)
    if best > 0:
        tied = [p for p in range(s.players) if wards_won[p] == best]
    elif s.rules.no_ward_won == "chip_tiebreak":
        tied = list(range(s.players))
    else:
        tied = []
    if len(tied) == 1:
        return tied[0], "wards"
    if tied:
        survivors, step = scoring.break_tie(s, tied)
        if len(survivors) == 1:
            return survivors[0], step
    if s.mayor is not None and s.rules.tied_mayor != "nobody":
        return s.mayor, "incumbent"
    return None, "none"


def check_offices(s: State, seat: int, a) -> None:
    if s.phase != "offices":
        raise IllegalAction("not_offices_phase", "Offices are handed out only after an election.")
    if seat != s.mayor:
        raise IllegalAction("not_mayor", "Only the mayor hands out the offices.")
    if a.o is None:
        return
    seats = [p for p, _ in a.o]
    offices = [o for _, o in a.o]
    if len(set(offices)) != len(offices):
        raise IllegalAction("office_twice", "Each office goes to at most one player.")
    if len(set(seats)) != len(seats) or seat in seats or any(p >= s.players for p in seats):
        raise IllegalAction("office_seats", "Give each other player exactly one office.")
    if sorted(seats) != [p for p in range(s.players) if p != seat]:
        raise IllegalAction("office_seats", "Give each other player exactly one office.")


def do_offices(s: State, seat: int, a) -> list[dict]:
    for p, office in a.o:
        s.office_of[p] = office
    s.marker = "offices_given"
    return [{"e": "offices", "seat": seat, "assign": {str(p): o for p, o in a.o}}]
