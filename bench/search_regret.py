"""How much a search setting loses, move by move, against its own model (docs/bots.md,
"Measuring a search setting"). Not part of `build.py bench`; run by hand:

    PYTHONPATH=py python3 -m bench.search_regret --seats hard,margin,margin --games 0 1 2 \
        --samples 300 --variant place_options=8 --variant place_options=16

1. Positions: Hard's decisions (two or more legal actions) in tournament games `--games`
   (the tournament's deals and seat rotation, `--seed`). A seat may be an outside player
   named `module:function`, as in `python3 -m tammany tournament` (put it on PYTHONPATH).
2. The reference: every option of a wide list (`--wide-place`, `--wide-other`) is played
   from the same `--samples` determinizations by Hard's own rollouts and scored by its leaf:
   each option's mean is its value *in Hard's model*.
3. Each variant (Hard's config with the fields given) decides every position `--repeats`
   times with other seeds; its regret is the reference value of the best option minus that
   of its choice, in units of Hard's leaf (`evaluate.relative`, about four to a point of
   score with three players), with its CPU a decision.

This measures how well a setting spends its work, not whether Hard's model of its rivals is
right: a setting that gains here must still win games (the tournaments in docs/bots.md).
"""

from __future__ import annotations

import argparse
import json
import time
from collections import Counter
from dataclasses import replace

from tammany.bots import forced_action, hard, search, tournament
from tammany.bots.evaluate import POINT
from tammany.determinize import state_from_view
from tammany.game import Game
from tammany.rng import Rng


def kind(s) -> str:
    """place, after (offices, slander, ending the turn), bid, bonus; "/last" in the last term."""
    k = s.phase
    if k == "turn":
        k = "after" if s.placed else "place"
    return k + ("/last" if s.term == search.LAST_TERM else "")


def positions(seats: list[str], games: list[int], seed: int) -> list[tuple]:
    """(view, seat, seed) of Hard's decisions in the tournament's games."""
    out = []
    for g in games:
        levels = tournament.seating(seats, g)
        deal = tournament.deal_seed(seed, g, len(seats))
        game = Game.create(list(tournament.NAMES[:len(seats)]), deal)
        while not game.is_over:
            seat = game.to_act()[0]
            if levels[seat] == "hard" and forced_action(game.state, seat) is None:
                out.append((game.view(seat), seat, 1_000_003 * g + len(out)))
            game.apply(seat, tournament.choose_in_tournament(game, seat, levels[seat], None))
    return out


def reference(view, seat, seed, cfg, samples: int, only: set | None):
    """(kind, options, each option's mean value) from `samples` shared determinizations."""
    s = state_from_view(view, Rng(seed))
    k = kind(s)
    opts = search.options(s, seat, cfg)
    if len(opts) < 2 or (only and k.split("/")[0] not in only):
        return k, opts, None
    sums = search.option_values(s, seat, opts, Rng(seed ^ 0x5EED), cfg, samples)
    return k, opts, [x / samples for x in sums]


def parse_variant(text: str) -> dict:
    fields = {}
    for part in filter(None, text.split(",")):
        name, value = part.split("=")
        fields[name] = int(value)
    return fields


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--seats", default="hard,margin,margin")
    ap.add_argument("--games", type=int, nargs="+", default=[0, 1, 2])
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--samples", type=int, default=300)
    ap.add_argument("--repeats", type=int, default=3)
    ap.add_argument("--wide-place", type=int, default=20)
    ap.add_argument("--wide-other", type=int, default=6)
    ap.add_argument("--only", nargs="*", help="kinds to measure: place after bid bonus")
    ap.add_argument("--variant", action="append", default=[],
                    help="Hard's config with these fields, e.g. place_options=16,work=240")
    args = ap.parse_args()
    wide = replace(hard.CONFIG, place_options=args.wide_place, other_options=args.wide_other)
    only = set(args.only or ())
    refs = []
    for view, seat, seed in positions(args.seats.split(","), args.games, args.seed):
        k, opts, values = reference(view, seat, seed, wide, args.samples, only)
        if values is not None:
            refs.append((view, seat, seed, k, opts, values))
    result = {"seats": args.seats, "games": args.games, "positions": len(refs), "variants": {}}
    for text in args.variant or [""]:
        cfg = replace(hard.CONFIG, **parse_variant(text))
        regret, cpu, count, outside = Counter(), Counter(), Counter(), 0
        for view, seat, seed, k, opts, values in refs:
            for r in range(args.repeats):
                s = state_from_view(view, Rng(seed + 7919 * r))
                start = time.process_time()
                action = search.choose(s, seat, Rng(seed * 31 + r), cfg)
                cpu[k] += time.process_time() - start
                count[k] += 1
                if action in opts:
                    regret[k] += max(values) - values[opts.index(action)]
                else:
                    outside += 1  # an option the wide list does not hold: widen it
        n = sum(count.values())
        result["variants"][text or "hard"] = {
            "regret": round(sum(regret.values()) / n / POINT, 3),
            "cpu_ms": round(1000 * sum(cpu.values()) / n, 1),
            "outside_wide_list": outside,
            "by_kind": {k: {"regret": round(regret[k] / count[k] / POINT, 3),
                            "cpu_ms": round(1000 * cpu[k] / count[k], 1), "decisions": count[k]}
                        for k in sorted(count)},
        }
    print(json.dumps(result, indent=1))


if __name__ == "__main__":
    main()
