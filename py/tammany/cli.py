"""The command line: simulate random games (the engine's benchmark and smoke
test, under any house rules), replay a save code, computer tournaments."""

import argparse
import json
import statistics
import sys
import time

from .errors import IllegalAction
from .game import Game
from .rng import Rng, derive_seed
from .rules_config import STANDARD, combinations, parse_spec

DEFAULT_NAMES = ("Anna", "Boss Tweed", "Cornelius", "Delia", "Eamon")


def play_random_game(players: int, seed: int, rules=STANDARD) -> Game:
    """A whole game where every seat plays the uniform-by-kind random player."""
    game = Game.create(list(DEFAULT_NAMES[:players]), seed, rules=rules)
    rng = Rng(derive_seed(seed, 0xC0FFEE))
    while not game.is_over:
        seat = game.to_act()[0]
        game.apply(seat, game.random_action(seat, rng))
    return game


def play_random_remote_game(players: int, seed: int, rules=STANDARD) -> Game:
    """The same random players in a game across devices (docs/remote.md): one device
    per seat, each sealing its bids and drawing from its own chain (secrets from a
    generator derived from the seed, so the figures are reproducible)."""
    from .device import Device, bid_limits
    game_id = derive_seed(seed, 0x1D)
    game = Game.create(list(DEFAULT_NAMES[:players]), seed, game_id=game_id, rules=rules)
    rng = Rng(derive_seed(seed, 0xC0FFEE))
    secrets = Rng(derive_seed(seed, 0x5EC2E7))

    def random_bytes(n: int) -> bytes:
        return b"".join(secrets.next_u64().to_bytes(8, "big") for _ in range(n // 8))

    devices = [Device(game_id, [seat], random_bytes) for seat in range(players)]
    while not game.is_over:
        seat = game.to_act()[0]
        device = devices[seat]
        action = device.protocol_move(game, seat)
        if action is None and game.state.phase == "bid":
            chips = [rng.below(limit + 1) for limit in bid_limits(game, seat)]
            action = device.bid(game, seat, chips)
        if action is None:
            action = game.random_action(seat, rng)
        game.apply(seat, action)
    return game


def rule_sets(spec: str | None) -> list:
    """--rules: KEY=VALUE,… (rules_config.parse_spec), or "all" for every combination of
    the house rules, the standard ones first."""
    if spec is None:
        return [STANDARD]
    if spec.strip() == "all":
        return combinations()
    return [parse_spec(spec)]


def simulate(args) -> dict:
    """Random games (--games of them, each of --players seats) by each set of rules --rules
    names; the summary adds a line per set when there are several."""
    sets = rule_sets(args.rules)
    codes_out = open(args.codes, "w", encoding="utf-8") if args.codes else None
    started = time.perf_counter()
    try:
        parts = [simulate_rules(args, rules, codes_out) for rules in sets]
    finally:
        if codes_out:
            codes_out.close()
    seconds = time.perf_counter() - started
    if len(parts) == 1:
        return parts[0]
    return {"games": sum(p["games"] for p in parts), "players": args.players,
            "seed": args.seed, "rule_sets": len(parts), "seconds": round(seconds, 3),
            "errors": sum(p["errors"] for p in parts),
            "finished": sum(p["finished"] for p in parts), "by_rules": parts}


def simulate_rules(args, rules, codes_out) -> dict:
    """--games random games by `rules`; with --codes (or --codes-stats) each game's code is
    written, read back and checked to give the same game."""
    started = time.perf_counter()
    errors = finished = 0
    winner_points = []
    code_lengths = []
    for g in range(args.games):
        seed = derive_seed(args.seed, g)
        try:
            play = play_random_remote_game if args.remote else play_random_game
            game = play(args.players, seed, rules)
            finished += game.is_over
            result = game.result
            winner_points.append(max(result["scores"]))
            if codes_out or args.codes_stats:
                from .savecode import decode, encode
                code = encode(game)
                code_lengths.append(len(code))
                loaded = decode(code)  # a code of every game, read back to its hash
                if loaded.hash() != game.hash() or loaded.rules != rules:
                    raise AssertionError("the code does not read back to the game")
                if codes_out:
                    codes_out.write(json.dumps({"code": code, "scores": result["scores"],
                                                "hash": game.hash()}) + "\n")
        except Exception as err:  # a crash is what this command exists to count
            errors += 1
            print(f"game {g} (seed {seed}) raised {err!r}", file=sys.stderr)
            continue
    seconds = time.perf_counter() - started
    summary = {
        "games": args.games, "players": args.players, "seed": args.seed,
        "rules": rules.house_rules(), "seconds": round(seconds, 3),
        "games_per_second": round(args.games / seconds, 2) if seconds else None,
        "errors": errors, "finished": finished,
        "winner_points_mean": round(statistics.fmean(winner_points), 2) if winner_points else None,
    }
    if code_lengths:
        summary["code_chars_median"] = statistics.median(code_lengths)
        summary["code_chars_max"] = max(code_lengths)
    return summary


def replay(args) -> int:
    """Load a code and report where its game stands; a bad code is one line on
    stderr and status 2."""
    from .savecode import decode
    try:
        game = decode(args.code.strip())
    except IllegalAction as err:
        print(f"replay: {err.message}", file=sys.stderr)
        return 2
    result = game.result
    summary = {
        "over": game.is_over, "year": game.state.year,
        "scores": list(result["scores"]) if result else list(game.state.points),
        "winners": list(result["winners"]) if result else [],
        "hash": game.hash(),
    }
    if game.rules.house_rules():  # a game with house rules names them
        summary["rules"] = game.rules.house_rules()
    if args.json:
        print(json.dumps(summary))
    else:
        for key, value in summary.items():
            print(f"{key}: {value}")
    if args.log:
        print_log(game)
    return 0


def print_log(game) -> None:
    """The game's log, one English sentence per event (the page words the same events in the
    player's language)."""
    from .bridge import full_log
    from .log import describe
    for event in full_log(game)["log_events"]:
        print(describe(event, game.state.names, game.rules))


def _add_tournament_parser(sub) -> None:
    tour = sub.add_parser("tournament", help="computer levels against each other (docs/bots.md)")
    tour.add_argument("--players", type=int, choices=(3, 4, 5), default=3)
    tour.add_argument("--seats", default="hard,easy,easy",
                      help="comma-separated levels, one per seat: easy, hard, random, "
                           "a league level (basher, hoarder, search, margin, exploit), "
                           "or an outside player module:function")
    tour.add_argument("--games", type=int, default=30)
    tour.add_argument("--seed", type=int, default=1)
    tour.add_argument("--first", type=int, default=0,
                      help="index of the first game to play (default 0): a run cut short "
                           "goes on from the games its --log holds")
    tour.add_argument("--jobs", type=int, default=None,
                      help="worker processes (default: all cores)")
    tour.add_argument("--work", type=int, default=None, help=argparse.SUPPRESS)
    tour.add_argument("--json", action="store_true", help="print one JSON object")
    tour.add_argument("--log", help="append one JSON line per finished game to this file")
    tour.add_argument("--rules", help=RULES_HELP)


def tournament(args) -> int:
    """Rotate the seats over --games games; print win shares, points, decision times."""
    from .bots.tournament import run
    levels = [level.strip() for level in args.seats.split(",")]
    if len(levels) != args.players:
        print(f"tournament: --seats names {len(levels)} levels for {args.players} players",
              file=sys.stderr)
        return 2
    if args.rules is not None and args.rules.strip() == "all":
        print("tournament: --rules names one set of house rules", file=sys.stderr)
        return 2
    try:
        (rules,) = rule_sets(args.rules)
    except IllegalAction as err:
        print(f"tournament: {err.message}", file=sys.stderr)
        return 2
    log = open(args.log, "a", encoding="utf-8") if args.log else None
    try:
        summary = run(levels, args.games, args.seed, args.jobs, args.work, log, args.first,
                      rules)
    except ValueError as err:
        print(f"tournament: {err}", file=sys.stderr)
        return 2
    finally:
        if log:
            log.close()
    if args.json:
        print(json.dumps(summary))
    else:
        for level, figures in summary["levels"].items():
            print(f"{level}: " + ", ".join(f"{k} {v}" for k, v in figures.items()))
    return 0


RULES_HELP = ("house rules, KEY=VALUE,… (tied_mayor, no_ward_won, turn_order, bids, terms; "
              "docs/rules.md, 'House rules'); simulate also takes 'all': every combination")


def _add_review_parser(sub) -> None:
    rev = sub.add_parser("review", help="weigh each decision of a game in expected points and "
                                        "win chance (docs/review.md)")
    rev.add_argument("code", help="the save code")
    rev.add_argument("--seats", help="comma-separated seat numbers, from 0 (default: every seat)")
    rev.add_argument("--json", action="store_true", help="print one JSON object")
    rev.add_argument("--work", type=int, default=None, help=argparse.SUPPRESS)
    rev.add_argument("--checks", type=int, default=None, help=argparse.SUPPRESS)


def _action_text(action: dict) -> str:
    return " ".join([action["t"]] + [f"{k}={v}" for k, v in action.items() if k != "t"])


def _seat_number(text: str) -> int:
    if not text.strip().isdigit():
        raise IllegalAction("bad_seats", "--seats takes seat numbers such as 0,2.")
    return int(text)


def review_game(args) -> int:
    """Weigh every decision of the chosen seats (review.py); a bad code or bad seats is one
    line on stderr and status 2."""
    from .review import Review
    from .savecode import decode
    try:
        game = decode(args.code.strip())
        seats = None if args.seats is None else [_seat_number(p) for p in args.seats.split(",")]
        review = Review(game, seats, args.work, args.checks)
    except IllegalAction as err:
        print(f"review: {err.message}", file=sys.stderr)
        return 2
    result = review.run()
    if args.json:
        print(json.dumps(result))
        return 0
    names = [seat.name for seat in game.seats]
    for s in result["seats"]:
        if not s["decisions"]:
            print(f"{s['name']}: no decisions")
            continue
        labels = ", ".join(f"{k} {v}" for k, v in s["labels"].items())
        print(f"{s['name']}: accuracy {s['accuracy']}, mean loss {s['mean_loss']} "
              f"± {s['mean_loss_se']} points and {100 * s['mean_win_loss']:.1f} "
              f"± {100 * s['mean_win_loss_se']:.1f} % win chance a decision over "
              f"{s['decisions']} decisions ({labels}); "
              f"largest losses at moves {', '.join(map(str, s['largest'])) or '-'}")
    for d in result["decisions"]:
        line = (f"move {d['move']}, year {d['year']}, {names[d['seat']]}: "
                f"{_action_text(d['played'])} ({d['played_value']:.1f} points, "
                f"{100 * d['played_win']:.0f} % to win)")
        if d["is_best"]:
            print(f"{line}: best")
            continue
        print(f"{line}: {d['label']}, loses {d['loss']} ± {d['loss_se']} points and "
              f"{100 * d['win_loss']:.1f} ± {100 * d['win_loss_se']:.1f} % win chance; "
              f"better {_action_text(d['best'])} ({d['best_value']:.1f} points, "
              f"{100 * d['best_win']:.0f} % to win)")
    return 0


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tammany")
    sub = parser.add_subparsers(dest="command", required=True)
    sim = sub.add_parser("simulate", help="play random games and report figures")
    sim.add_argument("--players", type=int, choices=(3, 4, 5), default=5)
    sim.add_argument("--games", type=int, default=100)
    sim.add_argument("--seed", type=int, default=1)
    sim.add_argument("--json", action="store_true", help="print one JSON object")
    sim.add_argument("--codes", help="write one JSON line per game with its save code")
    sim.add_argument("--codes-stats", action="store_true", help=argparse.SUPPRESS)
    sim.add_argument("--remote", action="store_true",
                     help="play games across devices (sealed bids, drawn contributions)")
    sim.add_argument("--rules", help=RULES_HELP)
    rep = sub.add_parser("replay", help="load a save code and report its game")
    rep.add_argument("code", help="the save code")
    rep.add_argument("--json", action="store_true", help="print one JSON object")
    rep.add_argument("--log", action="store_true", help="then print the game's log in English")
    _add_tournament_parser(sub)
    _add_review_parser(sub)
    args = parser.parse_args(argv)
    if args.command == "review":
        return review_game(args)
    if args.command == "tournament":
        return tournament(args)
    if args.command == "replay":
        return replay(args)
    if args.command == "simulate":
        try:
            summary = simulate(args)
        except IllegalAction as err:  # --rules not understood
            print(f"simulate: {err.message}", file=sys.stderr)
            return 2
        if args.json:
            print(json.dumps(summary))
        else:
            for key, value in summary.items():
                print(f"{key}: {value}")
        return 1 if summary["errors"] else 0
    return 2
