"""Hard reads its rivals from their revealed bids (`bots/reading.py`, docs/bots.md):
a rival who puts chips into most contested wards is played, in Hard's samples, by
the Contender (`policies.CONTENDER`), who fights for every ward it could still win,
or — when its bids went past the Contender's — by the free bidder (`policies.FREE`).

Only revealed bids go in (R24's reveal, R34); a contest is a ward with two or more
candidates who could bid (R23, R24, R25)."""

import copy
from dataclasses import replace

from enginekit import bidding_states, game_in_bidding
from tammany import board
from tammany.bots import easy, hard, reading, search
from tammany.bots.policies import CONTENDER, FREE
from tammany.rng import Rng

NATS = board.NATIONALITIES
NONE = [0, 0, 0, 0]


def a_view(chips_of_seat2=1):
    """Seat 0's view of a game in its first election, with every contest cleared
    and every ward holding a cube of each colour; seats 1 and 2 hold
    `chips_of_seat2`/three chips of each colour."""
    game = game_in_bidding(3)
    view = copy.deepcopy(game.view(0))
    view["election"]["results"] = []
    view["last_results"] = None
    for ward in view["wards"].values():
        ward["cubes"] = {n: 1 for n in NATS}
    view["players"][1]["chips"] = {n: 3 for n in NATS}
    view["players"][2]["chips"] = {n: chips_of_seat2 for n in NATS}
    return view


def contest(ward, bids, winner=None):
    """A revealed ward as the engine records it: `bids` by seat, three bosses each."""
    return {"ward": ward, "winner": winner, "bids": {str(p): b for p, b in bids.items()},
            "votes": {str(p): 3 + sum(b) for p, b in bids.items()}}


def test_a_rival_who_bids_in_every_contest_is_read_as_a_fighter():
    """R24: seat 1 put chips into each of four contested wards, seat 2 into none
    although it held chips of the wards' colours: seat 1 is played by the Contender
    in most samples, seat 2 never; Hard's own seat is never read."""
    view = a_view()
    view["election"]["results"] = [contest(w, {0: [1, 0, 0, 0], 1: [0, 2, 0, 0], 2: NONE})
                                   for w in (1, 2, 4, 7)]
    assert reading.contests(view, 0) == [[0, 0], [8, 0], [0, 8]]
    chances = reading.contender_chances(view, 0)
    assert chances[0] == 0 and chances[2] == 0
    assert 600 < chances[1] <= 1000


def test_without_revealed_contests_every_rival_is_played_by_the_usual_mix():
    """Before any reveal (R34: nothing else is known of how a rival bids) the prior
    alone speaks, and it is below the rate at which the Contender comes in."""
    view = a_view()
    assert reading.contests(view, 0) == [[0, 0], [0, 0], [0, 0]]
    assert reading.contender_chances(view, 0) == [0, 0, 0]


def test_a_pass_counts_only_when_the_rival_could_have_bid():
    """R23–R25: a candidate with no chip of the ward's colours bids nothing
    because it cannot; that says nothing of how it bids. Seat 2 holds no chip and
    spent none since: its zero bid is no pass, and with one candidate able to bid
    the ward was no contest for seat 1 either."""
    view = a_view(chips_of_seat2=0)
    view["election"]["results"] = [contest(1, {1: NONE, 2: NONE})]
    assert reading.contests(view, 0) == [[0, 0], [0, 0], [0, 0]]


def test_chips_spent_in_later_wards_were_held_before():
    """R24: every bid chip is spent. Seat 2 holds nothing now but bid two chips in a
    later ward, so it held them when it passed in the earlier one: that is a pass."""
    view = a_view(chips_of_seat2=0)
    view["election"]["results"] = [contest(1, {1: [1, 0, 0, 0], 2: NONE}),
                                   contest(2, {1: NONE, 2: [0, 2, 0, 0]})]
    assert reading.contests(view, 0)[2] == [2, 2]


def test_the_last_elections_passes_count_half():
    """R24: what a rival held at the last election is not known any more, so its
    zero bids there count half a pass; its bids count whole."""
    view = a_view()
    view["election"] = None
    view["phase"] = "turn"
    view["last_results"] = [contest(1, {1: [1, 0, 0, 0], 2: NONE}),
                            contest(2, {1: NONE, 2: NONE})]
    assert reading.contests(view, 0) == [[0, 0], [2, 1], [0, 2]]


def test_hards_samples_play_a_rival_read_as_a_fighter_by_the_contender():
    """Hard's determinizations: the rival read as a fighter is the Contender in
    about its chance of the samples, and its pending bid (R24, still secret) comes
    from the Contender's model as often; the other rival never is."""
    view = a_view()
    view["election"]["results"] = [contest(w, {0: NONE, 1: [0, 2, 0, 0], 2: NONE})
                                   for w in (1, 2, 4, 7, 6)]
    chances = reading.contender_chances(view, 0)
    samples = search._Samples(view, 0, Rng(5), hard.CONFIG)
    drawn = [samples.get(i)[2] for i in range(60)]
    as_contender = sum(policies[1] is CONTENDER for policies in drawn)
    assert all(policies[2] is not CONTENDER and policies[0] is hard.CONFIG.own
               for policies in drawn)
    assert abs(as_contender - 60 * chances[1] / 1000) < 15
    plain = search._Samples(view, 0, Rng(5), search.Config(work=1, rivals=hard.CONFIG.rivals))
    assert not any(plain.get(i)[2][1] is CONTENDER for i in range(60))


def test_a_fighter_whose_bids_went_past_the_contenders_is_played_by_the_free_bidder():
    """R24 (bosses are the votes less the chips): both rivals bid in every contest,
    three bosses each. Seat 1 bid two chips, the votes the Contender would buy
    (one or two past the best rival's bosses); seat 2 bid six. Both are read as
    fighters; with `free_bidder` set, seat 2's samples play it by the free bidder
    (bids evenly up to what could help), seat 1's by the Contender."""
    view = a_view(chips_of_seat2=3)
    view["election"]["results"] = [contest(w, {0: NONE, 1: [0, 2, 0, 0], 2: [3, 3, 0, 0]})
                                   for w in (1, 2, 4, 7, 6)]
    assert reading.past_the_fighter(view, 0) == [[0, 0], [0, 5], [5, 0]]
    free = reading.free_chances(view, 0)
    assert free[0] == 0 and free[1] == 0 and free[2] == 1000
    chances = reading.contender_chances(view, 0)
    assert chances[1] > 600 and chances[2] > 600
    reading_both = replace(hard.CONFIG, free_bidder=FREE)  # measured, not Hard's yet
    samples = search._Samples(view, 0, Rng(5), reading_both)
    drawn = [samples.get(i)[2] for i in range(60)]
    assert not any(policies[1] is FREE or policies[2] is CONTENDER for policies in drawn)
    assert abs(sum(policies[2] is FREE for policies in drawn) - 60 * chances[2] / 1000) < 15
    assert abs(sum(policies[1] is CONTENDER for policies in drawn) - 60 * chances[1] / 1000) < 15


def bidders():
    """Each seat asked to bid in `bidding_states`, with its usable chips (R24) and
    `easy.most_that_helps`."""
    for s in bidding_states():
        for seat in s.election.bidders:
            yield s, seat, easy.usable(s, seat, s.election.ward), easy.most_that_helps(s, seat)


def test_the_free_bidder_bids_legal_chips_evenly_up_to_what_could_still_help():
    """R23, R24: the free bidder bids chips matching the ward's cubes, any total from
    nothing up to `easy.most_that_helps`, and never more."""
    spread = False
    for s, seat, usable, most in bidders():
        totals = set()
        for k in range(30):
            bid = FREE.bid(s, seat, Rng(k))
            assert all(0 <= b <= u for b, u in zip(bid, usable, strict=True))
            totals.add(sum(bid))
        assert totals <= set(range(most + 1))
        spread |= most >= 2 and totals == set(range(most + 1))
    assert spread


def test_the_contender_bids_one_or_two_votes_past_the_best_rivals_bosses():
    """R23, R24: the Contender's bid follows the boss count in the ward — the votes
    that put it one ahead of the best rival's bosses, or one more; now and then
    nothing; never more than `easy.most_that_helps` (docs/bots.md, "Reading the
    rivals")."""
    seen = set()
    for s in bidding_states():
        bosses = s.bosses[s.election.ward]
        for seat in s.election.bidders:
            most = easy.most_that_helps(s, seat)
            best_rival = max(bosses[q] for q in range(s.players) if q != seat)
            ahead = max(0, best_rival + 1 - bosses[seat])
            allowed = {0, min(most, ahead), min(most, ahead + 1)}
            totals = [sum(CONTENDER.bid(s, seat, Rng(k))) for k in range(40)]
            assert set(totals) <= allowed
            if most > ahead:
                assert min(most, ahead + 1) in totals and ahead in totals
                seen.add(bosses[seat] - best_rival)
    assert {-1, 0} <= seen  # behind and level both met


def test_the_contender_bids_legal_chips_up_to_what_could_still_help():
    """R23, R24: the Contender bids only chips matching the ward's cubes, never more
    than could change the outcome (`easy.most_that_helps`), and, unlike Easy's rule,
    sometimes bids where it has fewer bosses than a rival."""
    behind_and_bid = False
    for s, seat, usable, most in bidders():
        bosses = s.bosses[s.election.ward]
        behind = any(bosses[q] > bosses[seat] for q in range(s.players))
        for k in range(6):
            bid = CONTENDER.bid(s, seat, Rng(k))
            assert all(0 <= b <= u for b, u in zip(bid, usable, strict=True))
            assert sum(bid) <= most
            behind_and_bid |= behind and sum(bid) > 0
    assert behind_and_bid
