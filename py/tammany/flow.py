"""What comes next: the one module that moves a game from step to step.

The rule modules (setup, turn, offices, slander, election, scoring, remote) each apply
one action, or one step of the game, to the state. None of them starts the next step:
an action whose step is over leaves a marker on the state (`State.marker`), and
`apply` below reads it, clears it and runs the step the table `NEXT` (at the end of this
module) names. The steps are the functions below, the only code that changes
`State.phase` in play (a state is built in phase turn).

The phases (who acts in each: `State.to_act`):

    phase     who acts                          ends with the marker  then (NEXT)
    turn      the current seat (R11)            turn_over             after_turn
    draw      across devices, the current       drawn                 begin_turn
              seat's device (docs/remote.md)
    bid       the ward's bidders (R25)          bids_in               after_bids
    bonus     the ward's winner (R27)           bonus_taken           next_ward
    offices   the mayor (R31)                   offices_given         next_term
    over      nobody (R32, R33)

And the steps, in the order a game meets them:

    start         a new game: the start player (R5), the zones of year 1 (R6, R7), the
                  first Castle Garden (R10)
    after_turn    the next seat (R11); after the last seat the year ends (R13): after
                  years 4, 8, 12, 16 `start_election`, else the next year
    enter_turn    a turn begins (`begin_turn`); across devices, a turn that draws waits
                  in phase draw for its seat's revealed value first
    begin_turn    zones due open (R7), Castle Garden refills (R10); phase turn
    start_election  Castle Garden empties (R13), then `next_ward`
    next_ward     the wards vote in order (R22): a ward with bidders waits in phase bid,
                  a won bonus in phase bonus (R27); after the last, `end_election`
    after_bids    the last bid is in: the ward is counted (R26), then as `next_ward`
    end_election  the count (R28–R31); after the last term's, the end (R32, R33, phase over);
                  else the mayor's offices (phase offices) or, with no mayor, `next_term`
    next_term     year 4k+1 begins, the mayor first (R9)
"""

from . import election, rules, scoring, setup, turn
from .state import State


def start(s: State) -> list[dict]:
    """A new game's set-up draws (setup.py lists their order) and its first turn. The
    first turn never waits for a draw across devices: the set-up is drawn from the seed
    alone, before any seat has anchored its chain."""
    return setup.draw_start_player(s) + setup.open_zones(s) + turn.begin_turn(s)


def apply(s: State, seat: int, action) -> list[dict]:
    """Check `action` for `seat` (IllegalAction changes nothing), apply it, then run the
    step that follows when the action ended one; return the events, in order."""
    rules.check(s, seat, action)
    events = rules.effect(s, seat, action)
    if s.marker is not None:
        marker, s.marker = s.marker, None
        events += NEXT[marker](s)
    return events


# --- the steps ------------------------------------------------------------------------
def after_turn(s: State) -> list[dict]:
    """R11: the next seat plays; after the last seat the year ends (R13)."""
    s.turns_taken += 1
    if s.turns_taken < s.players:
        s.current = (s.current + 1) % s.players
        return enter_turn(s)
    s.turns_taken = 0
    if s.year % s.rules.years_per_term == 0:
        return start_election(s)
    s.year += 1
    s.current = s.first
    return [{"e": "year", "year": s.year}] + enter_turn(s)


def draw_due(s: State) -> bool:
    """Whether the turn about to begin draws: a zone enters play, or Castle Garden
    is empty and the bag is not (R7, R10)."""
    return bool(setup.zones_due(s)) or (sum(s.castle) == 0 and sum(s.bag) > 0)


def enter_turn(s: State) -> list[dict]:
    """Begin `s.current`'s turn; across devices, a turn that draws first waits for that
    seat's device to reveal its next value, which re-keys the generator (docs/remote.md),
    so that no device can know the draw before it is made."""
    if s.remote is not None and draw_due(s):
        s.phase = "draw"
        return [{"e": "draw_due", "seat": s.current}]
    return begin_turn(s)


def begin_turn(s: State) -> list[dict]:
    """Zones whose year has come open (R7), then the turn begins (R10)."""
    s.phase = "turn"
    return setup.open_zones(s) + turn.begin_turn(s)


def start_election(s: State) -> list[dict]:
    """R13: after years 4, 8, 12 and 16, Castle Garden empties and the wards vote."""
    return election.begin_election(s) + next_ward(s)


def next_ward(s: State) -> list[dict]:
    """R22: the wards vote in order; one with bidders (R25) waits for their bids, a won
    bonus (R27) for its winner's choice; after the last ward, the count."""
    e = s.election
    events = []
    while e.ward is not None:
        events += election.call_ward(s)
        if e.bidders:
            s.phase = "bid"
            return events
        events += election.resolve_ward(s)
        if e.bonus is not None:
            s.phase = "bonus"
            return events
    return events + end_election(s)


def after_bids(s: State) -> list[dict]:
    """The ward's last bid is in: it is revealed and counted (R26), then the election
    goes on as after any ward."""
    events = election.resolve_ward(s)
    if s.election.bonus is not None:
        s.phase = "bonus"
        return events
    return events + next_ward(s)


def end_election(s: State) -> list[dict]:
    """R28–R31; the last term's election (the fourth, or as the house rule `terms` says)
    ends the game (R32, R33). Otherwise the new mayor hands out the offices (R31); with no
    mayor, or every office kept (R30's house rule), the next term begins at once."""
    events = election.count_election(s)
    if s.year == s.rules.last_year:
        events += scoring.finish_game(s)
        s.phase = "over"
        return events
    if not election.offices_due(s):
        return events + next_term(s)
    s.phase = "offices"
    return events


def next_term(s: State) -> list[dict]:
    """R9: the year after an election begins, the mayor (if any) playing first."""
    s.election = None
    s.year += 1
    if s.mayor is not None:
        s.first = s.mayor
    s.current = s.first
    return [{"e": "year", "year": s.year}] + enter_turn(s)


NEXT = {
    # marker (left by)                          the step that follows
    "turn_over": after_turn,                    # turn.do_end (R11)
    "drawn": begin_turn,                        # remote.do_draw (docs/remote.md)
    "bids_in": after_bids,                      # election.record_bid: a bid or an opening
    "bonus_taken": next_ward,                   # election's bonus actions (R27)
    "offices_given": next_term,                 # election.do_offices (R31)
}
"""What follows each marker a rule leaves: the flow of a game, as one table."""
