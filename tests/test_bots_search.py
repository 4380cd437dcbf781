"""Hard's search pieces (docs/bots.md): the sealed bid as a simultaneous-move game
(`bots/bidgame.py`, R23–R25) and the mayor's race at the leaves (R30). Strength
is a benchmark figure; these tests check what the pieces do in positions where
the right answer is known."""

from dataclasses import replace

from enginekit import easy_game_until, fingerprint, game_in_bidding
from tammany.bots import bidgame, easy, hard, search
from tammany.bots.evaluate import Evaluation, slander_value
from tammany.rng import Rng

CFG = replace(hard.CONFIG, mayor_race=True, bid_game=True)


def bid_total(s, seat, seed=1):
    return bidgame.choose_total(s, seat, Rng(seed), lambda st: search.live_totals(st, CFG),
                                lambda totals, p: search.objective(totals, p, CFG.leaf))


def bidding_states():
    for seed in range(1, 30):
        game = game_in_bidding(seed)
        if game is not None:
            yield game.state


def test_bid_game_bids_legal_totals_and_leaves_the_state_as_it_was():
    """R24: a bid uses only chips matching the ward's cubes; the payoffs are read
    by changing the state in place, which must be restored exactly."""
    seen = 0
    for s in bidding_states():
        seat = next(q for q in s.election.bidders if q not in s.election.bids)
        before = (fingerprint(s), s.election.index, [list(w) for w in s.election.won])
        total = bid_total(s, seat)
        assert (fingerprint(s), s.election.index, [list(w) for w in s.election.won]) == before
        assert 0 <= total <= sum(easy.usable(s, seat, s.election.ward))
        assert bid_total(s, seat) == total  # the same stream: the same bid
        seen += 1
    assert seen >= 5


def test_bid_game_never_bids_more_than_could_help():
    """With more bosses than any rival's bosses plus every chip it could bid, the
    ward is won with nothing: bid nothing (R24: bid chips are spent)."""
    for s in bidding_states():
        seat = next(q for q in s.election.bidders if q not in s.election.bids)
        s.bosses[s.election.ward][seat] = 40
        assert bid_total(s, seat) == 0


def test_bid_game_pays_one_chip_to_break_a_tie_against_a_rival_who_cannot_bid():
    """Equal bosses and a rival without usable chips (R25: it bids nothing): a tie
    elects nobody, one chip wins, a second chip buys nothing. One chip is bid
    exactly when winning the ward is worth more than the chip (both read off the
    leaf evaluation), otherwise nothing."""
    checked = set()
    for s in bidding_states():
        e = s.election
        ward = e.ward
        seat = next(q for q in e.bidders if q not in e.bids)
        rivals = [q for q in range(s.players) if q != seat and s.bosses[ward][q]]
        if len(rivals) != 1 or not any(easy.usable(s, seat, ward)):
            continue
        (rival,) = rivals
        s.bosses[ward][rival] = s.bosses[ward][seat]
        s.chips[rival] = [0 if s.cubes[ward][i] else c for i, c in enumerate(s.chips[rival])]
        e.bidders = (seat,)
        e.bids = {}
        value, cost = bidgame.payoffs(s, [seat, rival], lambda st: search.live_totals(st, CFG),
                                      lambda totals, p: search.objective(totals, p, CFG.leaf))
        worth_it = value[seat][seat] + cost[seat][1] > value[seat][None]
        assert bid_total(s, seat) == (1 if worth_it else 0)
        checked.add(worth_it)
    assert checked == {True, False}


def test_the_mayors_race_goes_to_the_seat_expected_to_win_most_wards():
    """R30: the 3 points (and the offices) go to whoever wins most wards. A seat
    far ahead in expected wards gets nearly all of it; the leaf's extra term
    gives every seat at most the mayor's value, and all seats together at most
    one mayor."""
    s = easy_game_until(4, lambda st: st.phase == "turn" and st.year == 7).state
    ev = Evaluation(s)
    won = search.expected_wards(s, ev)
    plain = list(ev.totals)
    raced = list(ev.totals)
    search.add_mayor_race(s, ev, raced)
    value = search.POINT * s.rules.mayor_points + search.OFFICES_VALUE
    mayor_share = search.mayor_share(s.rules)
    share = [(raced[p] - plain[p]) + mayor_share * won[p] // 1000 for p in range(3)]
    assert all(0 <= x <= value for x in share)
    assert sum(share) <= value + 3
    leader = max(range(3), key=lambda p: won[p])
    if won[leader] - max(won[p] for p in range(3) if p != leader) >= 1500:
        assert share[leader] >= value * 9 // 10
    # a seat given every ward in play is the sure mayor
    for w in ev.contrib:
        s.bosses[w][0] += 5
    ev = Evaluation(s)
    raced = list(ev.totals)
    search.add_mayor_race(s, ev, raced)
    won = search.expected_wards(s, ev)
    assert raced[0] - ev.totals[0] + mayor_share * won[0] // 1000 == value


def outside_random(view, seat, seed):
    """An outside player for the test below: the seat's view only, a random legal move."""
    from tammany.determinize import state_from_view

    rng = Rng(seed)
    return state_from_view(view, rng).random_action(seat, rng)


def test_a_tournament_seats_an_outside_player_by_module_and_function():
    """`module:function` seats a player written apart from the project: it gets
    the seat's view and a seed, plays whole games, and is summarised like a level;
    a name that does not load is refused with a clear message."""
    import pytest

    from tammany.bots.tournament import run

    outside = "test_bots_search:outside_random"
    summary = run(["easy", outside, "random"], games=3, seed=2, jobs=1)
    assert summary["games"] == 3
    assert summary["levels"][outside]["decisions"] > 0
    assert summary["levels"]["easy"]["win_share"] > summary["levels"][outside]["win_share"]
    with pytest.raises(ValueError, match="outside player"):
        run(["easy", "no_such_module_here:choose", "random"], games=1, seed=2, jobs=1)
    with pytest.raises(ValueError, match="outside player"):
        run(["easy", "test_bots_search:nothing_by_this_name", "random"], games=1, seed=2,
            jobs=1)


def test_the_scorers_short_cut_for_a_cube_agrees_with_scoring_the_ward_again():
    """R23, R28: a cube more or less that leaves a ward's chances as they are (the ward
    keeps the colour, or nobody with a boss there holds that colour) is scored from
    the ward's stored chances (`Evaluation.worth`, the rollouts' inner loop); it must
    give exactly what re-scoring the ward from scratch gives, in every position,
    for every ward, colour and direction, and leave the state as it was."""
    checked = shortcut = 0
    for seed in range(1, 7):
        for year in (2, 5, 11):
            game = easy_game_until(seed, lambda s, y=year: s.year >= y and s.phase == "turn")
            if game is None:
                continue
            s = game.state
            for seat in range(s.players):
                before = fingerprint(s)
                sc = easy.Scorer(s, seat)
                for w in sc.ev.contrib:
                    for i in range(4):
                        for k in (1, -1):
                            if s.cubes[w][i] + k < 0:
                                continue
                            s.cubes[w][i] += k
                            fresh = Evaluation(s).totals
                            s.cubes[w][i] -= k
                            expected = sc.standing(fresh) - sc.base_rel
                            assert sc.cube(w, i, k) == expected, (seed, year, seat, w, i, k)
                            checked += 1
                            shortcut += sc.ev.keeps_chances(w, i, k)
                assert fingerprint(s) == before
    assert checked > 500 and 0 < shortcut < checked


def test_the_scorers_slander_agrees_with_scoring_the_wards_again():
    """R29: a slander takes a boss off and spends chips of one colour; the scorer
    keeps the wards where those chips count, priced once per colour and cost
    (`Scorer._spent`), and must give exactly what re-scoring the whole position
    after the slander gives, leaving the state as it was."""
    from tammany.legal import ENUMERATORS
    checked = []

    def check(s):
        if s.phase != "turn" or s.slandered:
            return False
        seat = s.current
        before = fingerprint(s)
        sc = easy.Scorer(s, seat)
        for a in ENUMERATORS["slander"](s, seat):
            i = easy.NAT_INDEX[a.c]
            cost = 1 if a.w2 is None else 1 + s.rules.second_slander_chips
            hit = [a.w] if a.w2 is None else [a.w, a.w2]
            for w in hit:
                s.bosses[w][a.p] -= 1
            s.chips[seat][i] -= cost
            fresh = Evaluation(s).totals
            s.chips[seat][i] += cost
            for w in hit:
                s.bosses[w][a.p] += 1
            fresh[seat] -= slander_value(s.rules)  # the slander chip used (the chips: above)
            assert sc.slander(a) == sc.standing(fresh) - sc.base_rel, a
            checked.append(a.w2 is not None)
        assert fingerprint(s) == before
        return False

    for seed in range(1, 7):
        easy_game_until(seed, check)
    assert len(checked) > 200 and any(checked)
