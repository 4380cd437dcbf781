"""Reading a rival who plays at random (py/tammany/bots/erratic.py, docs/review.md "How a
move is valued"): its placements (R12) that Easy does not even weigh make it, in that share of
the review's samples, a player who picks uniformly; Easy's, Hard's and a player of another
sensible style are not read so, and nothing but public moves goes in (R34)."""

from tammany.bots import bot_seed, choose, erratic, hard, search
from tammany.bots.policies import UNIFORM
from tammany.game import Game, Seat
from tammany.review import VALUE_CONFIG, placements
from tammany.rng import Rng, derive_seed

SEATS = [Seat("Ann", "red"), Seat("Ben", "yellow"), Seat("Cy", "purple")]


def first_year(levels: list[str], seed: int = 3) -> Game:
    """A game up to year 3's first turn, seat p played by levels[p]: "random" (the engine's
    random player, `Game.random_action`: a newcomer tapping anywhere) or a computer level."""
    game = Game(SEATS, seed)
    while game.state.year < 3:
        p = game.to_act()[0]
        move_seed = bot_seed(game.seed, len(game.history), p)
        if levels[p] == "random":
            action = game.random_action(p, Rng(derive_seed(move_seed, 1)))
        else:
            action = choose(game.view(p), p, levels[p], move_seed)
        game.apply(p, action)
    return game


def test_a_player_who_places_anywhere_is_read_as_random_and_easy_is_not_r12():
    """R12: after two years of placements, the random player's chance to be played at random
    is high, Easy's nothing; every placement was counted."""
    game = first_year(["random", "easy", "easy"])
    counted = placements(game)
    assert counted.placed == [2, 2, 2]
    assert counted.sensible[1] == counted.sensible[2] == 2
    chances = counted.chances()
    assert chances[1] == chances[2] == 0
    assert counted.sensible[0] < 2 and chances[0] > 0


def test_the_chance_ramps_with_the_share_of_placements_no_sensible_player_weighs():
    counted = erratic.Placements(3)
    counted.placed, counted.sensible = [16, 16, 0], [16, 3, 0]
    assert counted.chances() == (0, 1000, 0)  # 13 of 18 with the prior: past ERRATIC_RATE
    counted.placed, counted.sensible = [16, 16, 16], [13, 9, 8]
    chances = counted.chances()
    assert chances[0] == 0  # 3 of 18: calm
    assert 0 < chances[1] < chances[2] < 1000  # 7 and 8 of 18: between the two rates


def test_only_placements_count_and_a_state_from_any_bag_order_reads_the_same_r34():
    """R34: the reading needs the moves and the positions before them, never the bag's order
    or a bid: a game replayed from its moves reads the same."""
    game = first_year(["random", "easy", "hard"], seed=5)
    again = Game.replay(game.seats, game.seed, list(game.history), game.game_id)
    assert placements(game).chances() == placements(again).chances()
    counted = erratic.Placements(3)
    for seat, action in game.history:
        if action.kind not in ("bosses", "boss_cube"):
            counted.add(None, seat, action)  # never looks at the state
    assert counted.placed == [0, 0, 0]


def test_the_reviews_samples_play_a_rival_read_as_random_at_random_and_hards_never():
    """The review's values (`search.weigh` with `erratic`): a rival read as random at 1000 is
    the uniform player in every sample, one at 0 never; the reviewed seat is played by the
    mix of sensible players. Hard's own samples (no reading) never play anyone at random."""
    game = first_year(["easy", "random", "easy"])
    view = game.view(0)
    samples = search._Samples(view, 0, Rng(7), VALUE_CONFIG, (0, 1000, 0))
    drawn = [samples.get(i)[2] for i in range(40)]
    assert all(p[1] is UNIFORM and p[2] is not UNIFORM for p in drawn)
    assert {type(p[0]) for p in drawn} == {type(x) for x in VALUE_CONFIG.own_mix}
    plain = search._Samples(view, 0, Rng(7), hard.CONFIG)
    assert not any(UNIFORM in plain.get(i)[2] for i in range(40))
    assert all(plain.get(i)[2][0] is hard.CONFIG.own for i in range(40))
