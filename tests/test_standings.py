"""The archive's Python side (py/standings, docs/archive.md): summaries of finished games,
each person's statistics, and ratings that are openskill's own numbers."""

import json
from pathlib import Path

import pytest

from ratingskit import direct_ratings
from standings.bridge import handle
from standings.summary import player_key, ranks, summarize
from tammany.errors import IllegalAction
from tammany.game import Seat

GOLDEN = json.loads((Path(__file__).parent / "golden" / "savecodes.json").read_text("utf-8"))
FINISHED = [case for case in GOLDEN if case["over"]]
UNFINISHED = [case for case in GOLDEN if not case["over"]]


def ask(method, **params):
    return json.loads(handle(json.dumps({"method": method, "params": params})))


def archive(codes_and_times):
    return [{"code": code, "finished": when} for code, when in codes_and_times]


def test_a_summary_is_the_games_result_R33():
    for case in FINISHED:
        summary = summarize(case["code"])
        assert [s["points"] for s in summary["seats"]] == case["scores"]
        assert [[s["name"], s["color"], s["level"]] for s in summary["seats"]] == case["seats"]
        assert summary["moves"] == case["moves"]
        assert any(s["winner"] and s["rank"] == 1 for s in summary["seats"])


def test_an_unfinished_or_damaged_code_is_refused():
    assert ask("summarize", code=UNFINISHED[0]["code"])["error"]["code"] == "not_finished"
    assert ask("summarize", code="not a code")["ok"] is False
    refused = ask("summarize_many", codes=[FINISHED[0]["code"], FINISHED[1]["code"][:-2] + "AA"])
    assert refused["ok"] is False and refused["error"]["params"]["n"] == 2


def test_places_put_the_winners_first_then_points_R33():
    assert ranks([27, 25, 6], [0]) == [1, 2, 3]
    assert ranks([20, 20, 5, 5], [1]) == [2, 1, 3, 3]  # a tie broken for the win (R33)
    assert ranks([20, 20, 5], [0, 1]) == [1, 1, 3]      # a shared win


def test_a_person_is_the_same_whatever_the_case_and_spacing():
    assert player_key(Seat(" Anna ", "red")) == player_key(Seat("ANNA", "red")) == "person:anna"
    assert player_key(Seat("Anna", "red", "hard")) == "computer:hard"


def test_the_offices_handed_out_add_up_R17():
    # Each mayor hands every other player one office after each election but the last.
    for case in FINISHED:
        summary = summarize(case["code"])
        seats = summary["seats"]
        handed = sum(s["offices"] for s in seats)
        assert handed % (len(seats) - 1) == 0 and handed <= 3 * (len(seats) - 1)


def test_statistics_add_up_the_games():
    games = [{"finished": f"2026-0{i + 1}-01T20:00:00.000Z", "summary": summarize(c["code"])}
             for i, c in enumerate(FINISHED)]
    people = ask("standings", games=games)["people"]
    anna = people["person:anna"]  # in the 3- and 5-player games
    mine = [s for g in games for s in g["summary"]["seats"] if s["player"] == "person:anna"]
    assert anna["games"] == len(mine) == 2
    assert anna["points"] == sum(s["points"] for s in mine)
    assert anna["mean_points"] == pytest.approx(anna["points"] / 2)
    assert anna["wins"] == sum(s["winner"] for s in mine)
    assert [p["points"] for p in anna["series"]] == [s["points"] for s in mine]
    assert not any(key.startswith("computer:") for key in people)


def test_the_ratings_are_openskills_own_numbers():
    # A sequence of archived games, finished out of code order, some twice over.
    times = ["2026-03-01T20:00:00.000Z", "2026-01-05T20:00:00.000Z", "2026-02-11T19:30:00.000Z"]
    sequence = archive(zip([c["code"] for c in FINISHED], times, strict=True))
    sequence += archive([(FINISHED[0]["code"], "2026-04-01T20:00:00.000Z")])
    games = [{"finished": g["finished"], "summary": summarize(g["code"])} for g in sequence]
    page = ask("standings", games=games)["people"]
    direct = direct_ratings(sequence)
    assert set(direct) == {k for k, p in page.items() if p["rating"]}
    for key, (mu, sigma) in direct.items():
        assert page[key]["rating"] == {"mu": mu, "sigma": sigma}


def test_the_computer_levels_are_fixed_anchors():
    answer = ask("standings", games=[{"finished": "2026-01-01T00:00:00.000Z",
                                      "summary": summarize(FINISHED[1]["code"])}])
    assert answer["anchors"]["computer:easy"] == {"mu": 25.0, "sigma": 1.0}
    assert set(answer["people"]) == {"person:tweed"}
    # Tweed came third: behind Easy and Random, ahead of Hard. Against the anchors alone
    # openskill moves Tweed from the start, and the anchors stay where they were.
    rating = answer["people"]["person:tweed"]["rating"]
    assert (rating["mu"], rating["sigma"]) != (25.0, 25.0 / 3.0)
    assert {"person:tweed": (rating["mu"], rating["sigma"])} == direct_ratings(
        [{"code": FINISHED[1]["code"], "finished": "2026-01-01T00:00:00.000Z"}])


def test_a_malformed_list_is_refused():
    assert ask("standings", games="x")["error"]["code"] == "bad_games"
    assert ask("standings", games=[{"finished": 1}])["error"]["code"] == "bad_games"
    with pytest.raises(IllegalAction):
        summarize(None)


@pytest.mark.parametrize(("raw", "code"), [("nonsense", "bad_request"), ("[]", "unknown_method"),
                                           ('{"method": "nope"}', "unknown_method"),
                                           ('{"method": "standings", "params": 5}', "bad_request")])
def test_malformed_requests_to_the_archive_answer_with_an_error_not_a_traceback(raw, code):
    answer = json.loads(handle(raw))
    assert answer["ok"] is False and answer["error"]["code"] == code
