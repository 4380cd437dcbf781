"""The win curve's fit (bench/value/fit.py, docs/review.md "Calibration"): maximum likelihood
of the win shares, β a stage and γ a phase, both kept at zero or above, on the same curve the
package reads (`tammany.value.win_logits`)."""

import math

import pytest

from bench.value.data import Position
from bench.value.fit import curve_terms, fit_curves
from tammany import value

ZERO = [0] * len(value.FEATURES)


def chances(expected, beta, gamma):
    return value.softmax(value.win_logits(expected, beta, gamma), 1.0)


def rows(curves: dict[int, tuple[float, float]]) -> list[Position]:
    """Three-seat positions of each stage with leads from nothing to twenty points, their
    "win shares" the curve's own chances (so the likelihood is highest at the curve itself);
    with no features, a position's expected points are its points."""
    out = []
    for st, (beta, gamma) in curves.items():
        for a in range(0, 21, 2):
            for b in range(-6, 7, 3):
                e = [10.0 + a, 10.0 + b, 10.0]
                out.append(Position(0, 0, st, 1, "turn", False, False, e, [ZERO] * 3, e,
                                    chances(e, beta, gamma)))
    return out


def test_the_fit_finds_the_curves_the_shares_came_from():
    # stages 0 and 6 share a phase (and so γ; two years apart, their βs are fitted apart),
    # stage 1 is another phase
    truth = {0: (0.2, 0.002), 6: (0.05, 0.002), 1: (0.0, 0.004)}
    fitted = fit_curves(rows(truth), {st: ZERO for st in truth})
    for st, (beta, gamma) in truth.items():
        assert fitted[st][0] == pytest.approx(beta, abs=1e-4)
        assert fitted[st][1] == pytest.approx(gamma, abs=1e-5)


def test_the_fit_keeps_the_curve_rising():
    # shares from a curve whose cube bends the wrong way (a large lead worth less): the fit
    # may not follow it below zero
    fitted = fit_curves(rows({0: (0.3, -0.0004)}), {0: ZERO})
    assert fitted[0][0] > 0 and fitted[0][1] == 0.0


def test_the_curve_is_the_packages_own():
    e = [25.0, 20.0, 12.0]
    terms = curve_terms(e)
    logits = value.win_logits(e, 0.1, 0.002)
    assert all(math.isclose(0.1 * d + 0.002 * c, v)
               for (d, c), v in zip(terms, logits, strict=True))
    assert sum(d for d, _ in terms) == pytest.approx(0.0, abs=1e-12)
