"""The calibration check's statistics (bench/value/check.py, docs/review.md "Calibration"):
the standard error of a reliability bin counts games, not positions, and the chance that a
calibrated model holds every bin looks only at bins of 30 predictions or more."""

import math

from bench.value.check import cluster_se, within_if_calibrated


def test_a_bins_error_counts_games_not_positions():
    # two games, each all on one side: as two observations, not as the 200 positions
    one_each = cluster_se([[0.5] * 100, [-0.5] * 100], 200)
    assert math.isclose(one_each, math.sqrt((50 ** 2 + 50 ** 2) * 2) / 200)
    assert one_each > 0.5 / math.sqrt(200) * 5
    # a game with more positions in the bin weighs more than one with few
    assert cluster_se([[0.5] * 150, [-0.5] * 50], 200) > one_each
    assert cluster_se([[0.5] * 10], 10) == 0.0  # one game: no error can be told


def test_the_chance_to_hold_every_bin_multiplies_the_bins_that_count():
    bins = [{"n": 500, "observed_se": 0.05}, {"n": 29, "observed_se": 0.5}]
    one = math.erf(0.05 / (0.05 * math.sqrt(2)))  # within one standard error: 0.683
    assert within_if_calibrated(bins) == round(one, 3)
    assert within_if_calibrated(bins + [{"n": 40, "observed_se": 0.05}]) == round(one * one, 3)
    assert within_if_calibrated([{"n": 500, "observed_se": 0.001}]) == 1.0
