"""The sealed bid (R24) as a simultaneous-move game, solved by regret matching.

Every candidate in the ward voting now picks a bid total at the same time; the
single highest vote total wins, and every chip bid is spent. Each candidate's
payoff for an outcome is read off the static evaluation: the position with the
ward won by that candidate, by a rival, or by nobody, and with its own chips
spent — so a ward is worth more when it swings the mayor's race, and a chip
costs more when it is needed in a ward still to vote. Rivals' payoffs are
modelled the same way from their own seats (everything a payoff needs is
public, R34: bosses, chips, cubes; never a rival's sealed bid).

Regret matching (every candidate at once, a fixed number of rounds) gives each
candidate a mixed strategy near an equilibrium of this one-ward game: in an
all-pay auction a fixed bid is easy to beat, a mix is not. The player draws its
bid from its own average strategy, leaving out totals it plays rarely.

Probabilities are integers out of SCALE and payoffs integers, so the same
position and stream give the same bid in every Python.
"""

from . import easy

SCALE = 1 << 12
ROUNDS = 48
RARE = SCALE // 8
"""Totals the average strategy plays less often than this are left out of the draw."""


def _totals_range(s, q: int, cap: int) -> list[int]:
    """The totals worth considering for candidate q: no more than could ever help."""
    e = s.election
    if q not in e.bidders:
        return [0]
    ward = e.ward
    bosses = s.bosses[ward]
    have = sum(easy.usable(s, q, ward))
    best_other = max((bosses[r] + sum(easy.usable(s, r, ward)) for r in range(s.players)
                      if r != q and bosses[r]), default=0)
    top = max(0, min(have, best_other + 1 - bosses[q], cap))
    return list(range(top + 1))


def payoffs(s, cands: list[int], totals_of, objective) -> tuple[dict, dict]:
    """(outcome value, spend cost) per candidate: `value[q][k]` is q's objective
    when k wins the ward (None: nobody), `cost[q][t]` what bidding t chips
    changes it (the state is changed in place and restored)."""
    e = s.election
    ward = e.ward
    bids = {q: [easy.spend(s, q, t) for t in _totals_range(s, q, 64)[1:]] for q in cands}
    e.index += 1  # the ward has voted: its outcome is decided below
    try:
        by_outcome = {None: totals_of(s)}
        for k in cands:
            e.won[k].append(ward)
            by_outcome[k] = totals_of(s)
            e.won[k].pop()
        value = {q: {k: objective(t, q) for k, t in by_outcome.items()} for q in cands}
        cost = {}
        for q in cands:
            base = value[q][None]
            cost[q] = [0]
            chips = s.chips[q]
            for bid in bids[q]:
                for i, c in enumerate(bid):
                    chips[i] -= c
                cost[q].append(objective(totals_of(s), q) - base)
                for i, c in enumerate(bid):
                    chips[i] += c
    finally:
        e.index -= 1
    return value, cost


def _below(dist: dict, v: int) -> int:
    """P(votes < v) out of SCALE for a votes distribution {votes: weight}."""
    return sum(p for x, p in dist.items() if x < v)


def expected(q: int, t: int, bosses, dists: dict, value: dict, cost: list) -> int:
    """Candidate q's expected payoff for total t against the others' vote
    distributions (independent)."""
    m = bosses[q] + t
    others = [r for r in dists if r != q]
    win = SCALE
    for r in others:
        win = win * _below(dists[r], m) // SCALE
    result = value[q][q] * win
    rest = SCALE - win
    lost = 0
    for r in others:
        p_r = 0
        for v, p in dists[r].items():
            if v <= m or not p:
                continue
            for o in others:
                if o != r:
                    p = p * _below(dists[o], v) // SCALE
            p_r += p
        result += value[q][r] * p_r
        lost += p_r
    result += value[q][None] * (rest - lost)
    return result // SCALE + cost[t]


def solve(s, cands: list[int], value: dict, cost: dict) -> dict:
    """Each candidate's average strategy {total: weight} after ROUNDS of regret
    matching (every candidate updating at once)."""
    bosses = s.bosses[s.election.ward]
    options = {q: list(range(len(cost[q]))) for q in cands}
    regret = {q: [0] * len(options[q]) for q in cands}
    average = {q: [0] * len(options[q]) for q in cands}
    for _ in range(ROUNDS):
        strategy = {}
        for q in cands:
            pos = [r if r > 0 else 0 for r in regret[q]]
            total = sum(pos)
            k = len(pos)
            strategy[q] = ([p * SCALE // total for p in pos] if total
                           else [SCALE // k] * k)
        dists = {q: {bosses[q] + t: p for t, p in zip(options[q], strategy[q], strict=True)}
                 for q in cands}
        for q in cands:
            gains = [expected(q, t, bosses, dists, value, cost[q]) for t in options[q]]
            mean = sum(g * p for g, p in zip(gains, strategy[q], strict=True)) // SCALE
            regret[q] = [r + g - mean for r, g in zip(regret[q], gains, strict=True)]
            average[q] = [a + p for a, p in zip(average[q], strategy[q], strict=True)]
    return {q: dict(zip(options[q], average[q], strict=True)) for q in cands}


def choose_total(s, seat: int, rng, totals_of, objective) -> int:
    """The bid total for `seat`: a draw from its equilibrium mix, rare totals left out."""
    e = s.election
    bosses = s.bosses[e.ward]
    cands = [q for q in range(s.players) if bosses[q]]
    value, cost = payoffs(s, cands, totals_of, objective)
    mix = solve(s, cands, value, cost)[seat]
    total = sum(mix.values())
    kept = [(t, w) for t, w in sorted(mix.items()) if w * SCALE >= RARE * total]
    if not kept:
        kept = [max(mix.items(), key=lambda tw: (tw[1], -tw[0]))]
    x = rng.below(sum(w for _, w in kept))
    for t, w in kept:
        if x < w:
            return t
        x -= w
    return kept[-1][0]
