"""Shared pytest set-up.

Hypothesis profiles (choose with the environment variable HYPOTHESIS_PROFILE,
default "dev"):
- "dev": quick local runs, a fresh random sample each time;
- "ci": more examples, derandomized so that a CI run is reproducible, and the
  failing example's blob printed so it can be replayed.
Neither has a deadline: a whole game per example varies in length, and tests
never assert wall-clock times.
"""

import os

import pytest
from hypothesis import HealthCheck, settings

settings.register_profile(
    "dev", max_examples=20, deadline=None,
    suppress_health_check=[HealthCheck.too_slow])
settings.register_profile(
    "ci", max_examples=50, deadline=None, derandomize=True, print_blob=True,
    suppress_health_check=[HealthCheck.too_slow])
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "dev"))


# The unit tests that `python3 build.py test --quick` leaves out (its marker expression is
# "quick or not (browser or slow)"): each plays many whole games or thousands of positions, and
# together they are most of the unit tests' time. The whole suite (CI) runs them as always.
SLOW = (
    "tests/test_choicetree.py::test_the_tree_says_what_choices_says",
    "tests/test_bots.py::test_every_level_in_every_seat_plays_legal_moves_to_the_end",
    "tests/test_bots.py::test_all_decision_kinds_occur_across_the_games",
    "tests/test_bots.py::test_tournament_command_smoke",
    "tests/test_bots_league.py::test_tournament_command_seats_league_levels",
    "tests/test_bots_league.py::test_same_view_and_seed_give_the_same_move",
    "tests/test_bots_league.py::test_league_levels_play_legal_moves_to_the_end",
    "tests/test_engine_properties.py::test_every_action_apply_accepts_is_one_that_legal_actions_lists",
    "tests/test_engine_properties.py::test_random_games_keep_every_invariant",
    "tests/test_i18n.py::test_every_reason_a_refusal_gives_has_its_sentence",
    "tests/test_remote.py::test_no_code_holds_a_bid_before_its_ward_reveals",
    "tests/test_suggest.py::test_every_reason_is_worded_in_every_language",
    "tests/test_house_rules.py::test_the_computers_play_every_switch_legally_and_deterministically",
)


# The longest files first (each minutes of a worker's time, docs/testing.md): pytest-xdist hands
# out whole files (--dist loadfile) in collection order, so a long file started last would keep
# one worker busy while the other has nothing left. Any order is correct; this one ends sooner.
LONGEST_FIRST = (
    "tests/browser/test_layout.py",
    "tests/browser/test_tutorial_page.py",
    "tests/browser/test_engines.py",
    "tests/browser/test_i18n_game.py",
    "tests/browser/test_remote_page.py",
    "tests/browser/test_replay_page.py",
    "tests/browser/test_full_game.py",
    "tests/browser/test_offline.py",
    "tests/browser/test_ui.py",
    "tests/test_bots.py",
    "tests/test_choicetree.py",
)


def pytest_collection_modifyitems(config, items):
    for item in items:
        if item.nodeid.split("[")[0] in SLOW:
            item.add_marker(pytest.mark.slow)
    rank = {path: i for i, path in enumerate(LONGEST_FIRST)}
    items.sort(key=lambda item: rank.get(item.nodeid.split("::")[0], len(rank)))
