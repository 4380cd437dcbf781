"""The replay (replay.py): any move of a game, the same hash as replaying from the start,
the timeline, the points after each election, and never a secret (R34)."""

import json
import random
from pathlib import Path

import pytest

from tammany import bridge
from tammany.engine import State
from tammany.game import Game
from tammany.replay import CHECKPOINT_EVERY, Replay
from tammany.savecode import decode, encode

GOLDEN = json.loads((Path(__file__).parent / "golden" / "savecodes.json").read_text())
FINISHED = [case for case in GOLDEN if case["over"]]
MID_BID = next(case for case in GOLDEN if case["phase"] == "bid")


def call(method, **params):
    return json.loads(bridge.handle(json.dumps({"method": method, "params": params})))


def hashes_from_the_start(game: Game) -> list[str]:
    """CPython's own replay: the hash after each move, applying the moves one by one."""
    fresh = Game(game.seats, game.seed)
    hashes = [fresh.hash()]
    for seat, action in game.history:
        fresh.apply(seat, action)
        hashes.append(fresh.hash())
    return hashes


@pytest.mark.parametrize("case", FINISHED, ids=[c["label"] for c in FINISHED])
def test_every_move_has_the_hash_of_replaying_from_the_start(case):
    game = decode(case["code"])
    expected = hashes_from_the_start(game)
    replay = Replay.of_game(game)
    assert replay.length == case["moves"] == len(expected) - 1
    forward = [replay.frame(n)["hash"] for n in range(replay.length + 1)]
    backward = [replay.frame(n)["hash"] for n in reversed(range(replay.length + 1))]
    assert forward == expected
    assert backward[::-1] == expected
    order = list(range(replay.length + 1))
    random.Random(15).shuffle(order)  # jumps in any order reuse checkpoints and the cursor
    assert {n: replay.frame(n)["hash"] for n in order} == dict(enumerate(expected))
    assert expected[-1] == case["hash"]


@pytest.mark.parametrize("case", FINISHED, ids=[c["label"] for c in FINISHED])
def test_the_reveal_steps_show_the_bids_of_the_engines_events(case):
    """R24/R26: each ward_vote in a frame is the engine's own event of that move."""
    game = decode(case["code"])
    fresh = Game(game.seats, game.seed)
    engine_votes = {}
    for number, (seat, action) in enumerate(game.history, 1):
        events = fresh.apply(seat, action)
        votes = [e for e in events if e["e"] == "ward_vote"]
        if votes:
            engine_votes[number] = votes
    assert engine_votes
    replay = Replay.of_game(game)
    for number in range(replay.length + 1):
        shown = [e for e in replay.frame(number)["events"] if e["e"] == "ward_vote"]
        assert shown == engine_votes.get(number, [])
        assert replay.timeline[number]["reveal"] == [e["ward"] for e in shown]


def test_the_timeline_marks_turns_years_and_the_four_elections():
    case = next(c for c in FINISHED if len(c["seats"]) == 5)
    replay = Replay.of_game(decode(case["code"]))
    timeline = replay.timeline
    assert [e["n"] for e in timeline] == list(range(replay.length + 1))
    assert [e["election"] for e in timeline if e["election"]] == [1, 2, 3, 4]
    assert [e["election_done"] for e in timeline if "election_done" in e] == [1, 2, 3, 4]
    assert [e["year_begins"] for e in timeline if e["year_begins"]] == list(range(2, 17))
    # each entry has the year and term the move was made in, not those it led to
    assert all(e["year"] == e["year_begins"] - 1 for e in timeline if e["year_begins"])
    assert all(e["term"] == e["election"] for e in timeline if e["election"])
    assert all(e["term"] == e["election_done"] for e in timeline if "election_done" in e)
    turns = [e for e in timeline if e["turn"]]
    # 16 years, each player one turn a year (R11)
    assert len(turns) == 16 * 5
    assert all(e["kind"] in ("bosses", "boss_cube", "deputy", "police", "council", "precinct",
                             "slander", "end") for e in turns)
    assert all(any(x["e"] == "end_turn" for x in e["events"])
               for e in timeline[1:] if e["kind"] == "end")
    assert not any(key in entry for entry in timeline for key in ("action", "n_chips", "bid"))


def test_the_points_after_each_election_end_at_the_final_scores():
    for case in FINISHED:
        replay = Replay.of_game(decode(case["code"]))
        series = replay.points_series()
        assert [s["name"] for s in series] == [seat[0] for seat in case["seats"]]
        assert [s["color"] for s in series] == [seat[1] for seat in case["seats"]]
        assert all(len(s["points"]) == 4 for s in series)
        assert [s["points"][-1] for s in series] == case["scores"]
        electing = [n for n, e in enumerate(replay.timeline) if "election_done" in e]
        for k, n in enumerate(electing):
            points = [p["points"] for p in replay.frame(n)["view"]["players"]]
            assert [s["points"][k] for s in series] == points


def test_a_jump_replays_fewer_moves_than_a_checkpoint_interval(monkeypatch):
    case = next(c for c in FINISHED if len(c["seats"]) == 5)
    replay = Replay.of_game(decode(case["code"]))
    assert len(replay.checkpoints) == replay.length // CHECKPOINT_EVERY + 1
    applied = []
    real = State.apply

    def counting(self, seat, action):
        applied.append(seat)
        return real(self, seat, action)

    monkeypatch.setattr(State, "apply", counting)
    for at in (replay.length, 3, 250, 17, 0, 271):
        applied.clear()
        replay.frame(at)
        assert len(applied) < CHECKPOINT_EVERY
    applied.clear()
    replay.frame(272)
    assert len(applied) == 1  # one step forward from the cursor


def test_a_bad_move_number_is_refused_in_words():
    replay = Replay.of_game(decode(FINISHED[0]["code"]))
    for bad in (-1, replay.length + 1, "3", 2.0, None, True):
        with pytest.raises(Exception) as err:
            replay.frame(bad)
        assert err.value.code == "bad_move_number"


# --- the bridge -----------------------------------------------------------------------------
def test_the_bridge_opens_a_code_at_a_move_and_leaves_the_game_alone():
    started = call("load_code", code=GOLDEN[4]["code"])
    case = FINISHED[-1]
    opened = call("replay_open", code=case["code"], at=40)
    assert opened["ok"], opened
    assert opened["moves"] == case["moves"] and opened["over"]
    assert opened["code"] == case["code"]
    assert opened["frame"]["at"] == 40
    expected = hashes_from_the_start(decode(case["code"]))
    assert opened["frame"]["hash"] == expected[40]
    assert call("replay_at", at=41)["frame"]["hash"] == expected[41]
    assert call("replay_at", at=0)["frame"]["hash"] == expected[0]
    assert call("state")["hash"] == started["hash"]  # the game being played is untouched
    refused = call("replay_at", at=case["moves"] + 1)
    assert not refused["ok"] and refused["error"]["code"] == "bad_move_number"
    assert "There is no move" in refused["error"]["message"]
    damaged = call("replay_open", code="Bxyz")
    assert not damaged["ok"] and damaged["error"]["code"] in ("code_damaged", "not_a_code")
    assert call("replay_at", at=41)["ok"]  # a refused open keeps the replay that was open
    assert call("replay_close")["ok"]
    assert call("replay_at", at=1)["error"]["code"] == "no_replay"


def test_the_bridge_opens_the_game_being_played_at_its_last_move():
    case = GOLDEN[4]  # mid-turn, 5 players
    loaded = call("load_code", code=case["code"])
    opened = call("replay_open")
    assert opened["frame"]["at"] == case["moves"] == opened["moves"]
    assert opened["frame"]["hash"] == loaded["hash"]
    assert opened["code"] == loaded["code"]
    assert call("state")["hash"] == loaded["hash"]


def test_play_on_starts_a_new_game_from_that_move_and_the_replay_stays():
    case = FINISHED[0]
    call("load_code", code=case["code"])
    call("replay_open")
    expected = hashes_from_the_start(decode(case["code"]))
    answer = call("replay_play_on", at=30)
    assert answer["ok"] and answer["moves"] == 30 and answer["hash"] == expected[30]
    assert answer["log_events"] and answer["view"]["phase"] != "over"
    assert call("state")["hash"] == expected[30]
    assert decode(answer["code"]).hash() == expected[30]
    assert call("replay_at", at=case["moves"])["frame"]["hash"] == case["hash"]


def test_play_on_in_the_middle_of_sealed_bids_starts_that_wards_bidding_again():
    """R34: the new game holds only revealed moves, like its save code."""
    replay = Replay.of_game(decode(FINISHED[0]["code"]))
    mid = next(n for n, e in enumerate(replay.timeline)
               if e["kind"] == "bid" and replay.timeline[n + 1]["kind"] == "bid"
               and not e["reveal"])
    game = replay.game_at(mid)
    assert game.state.phase == "bid" and not game.state.election.bids
    assert len(game.history) < mid
    assert encode(game) == encode(replay.game_at(len(game.history)))


# --- secrets (R34) --------------------------------------------------------------------------
def test_an_unfinished_game_mid_bid_never_shows_the_pending_bids():
    """R34: a game stopped in the middle of a sealed bid: the replay's answers are the same
    whatever was bid and whether anyone has bid yet; no frame reveals the ward."""
    answers = []
    for bid in (None, "most", "none"):
        loaded = call("load_code", code=MID_BID["code"])
        ward = loaded["view"]["election"]["ward"]
        if bid is not None:
            seat = loaded["prompt"]["seats"][0]
            limits = loaded["prompt"]["limits"][str(seat)]
            chips = [limits[n] if bid == "most" else 0
                     for n in ("irish", "english", "german", "italian")]
            placed = call("act", seat=seat, action={"t": "bid", "n": chips})
            assert placed["ok"] and placed["view"]["election"]["bids_in"] == [seat]
        opened = call("replay_open")
        frames = [call("replay_at", at=n) for n in range(opened["moves"] + 1)]
        answers.append((opened, frames))
        term = loaded["view"]["term"]
        for frame in [opened["frame"]] + [f["frame"] for f in frames]:
            events = frame["events"] if opened["timeline"][frame["at"]]["term"] == term else []
            assert not any(e["e"] == "ward_vote" and e["ward"] == ward for e in events)
            election = frame["view"]["election"]
            if election and election["ward"] == ward:
                assert election["bids_in"] == []
        assert not any(ward in entry["reveal"] for entry in opened["timeline"]
                       if entry["term"] == term)
    assert answers[0] == answers[1] == answers[2]


def test_a_finished_game_mid_bid_shows_who_bid_never_what():
    """R34 inside a finished game: at a move between two bids of a ward, the frame says who
    has bid, and the bid's chips appear only at the reveal's move."""
    case = FINISHED[0]
    replay = Replay.of_game(decode(case["code"]))
    checked = 0
    for n, entry in enumerate(replay.timeline):
        if entry["kind"] == "bid" and not entry["reveal"]:
            frame = replay.frame(n)
            assert [e["e"] for e in frame["events"]] == ["bid_placed"]
            assert frame["view"]["election"]["bids_in"] == [entry["seat"]] or \
                entry["seat"] in frame["view"]["election"]["bids_in"]
            assert "bids" not in json.dumps(frame["events"])
            checked += 1
    assert checked
