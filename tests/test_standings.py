"""The archive's Python side (py/standings, docs/archive.md): summaries of finished games,
each person's statistics, and ratings that are openskill's own numbers."""

import json
from pathlib import Path

import pytest

from ratingskit import TWO_SEATS, direct_ratings, finished_code, recount
from standings.bridge import handle
from standings.summary import VERSION, player_key, ranks, summarize
from tammany.errors import IllegalAction
from tammany.game import Seat
from tammany.savecode import decode
from tammany.view import score_sheet

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


def kept(codes: list[str]) -> list[dict]:
    """An archive of `codes`, finished a month apart in that order."""
    return [{"code": code, "finished": f"2026-{i + 1:02d}-01T20:00:00.000Z"}
            for i, code in enumerate(codes)]


def test_statistics_are_a_recount_of_the_games_codes_R29_R30_R31_R33():
    """Every figure of every person equals a recount from the codes (tests/ratingskit.py):
    wards won as R29 counts them, Tammany Hall as one ward; one person in two seats counts
    the game once."""
    archive = kept([c["code"] for c in FINISHED] + [finished_code(TWO_SEATS, 7)])
    games = [{"finished": g["finished"], "summary": summarize(g["code"])} for g in archive]
    people = ask("standings", games=games)["people"]
    direct = recount(archive)
    assert set(people) == set(direct)
    for key, want in direct.items():
        assert {field: people[key][field] for field in want} == want, key


def test_wards_won_count_tammany_hall_as_one_ward_R29():
    """Boss Tweed won Tammany Hall (ward 14) in the golden games: their wards won are the
    score sheet's wards plus its Tammany Hall wins, one ward each."""
    games = [{"finished": g["finished"], "summary": summarize(g["code"])}
             for g in kept([c["code"] for c in FINISHED])]
    people = ask("standings", games=games)["people"]
    sheet = {}
    for case in FINISHED:
        game = decode(case["code"])
        sources = score_sheet(game.state)["sources"]
        for p, seat in enumerate(game.seats):
            if seat.level == "human":
                counts = sheet.setdefault(player_key(seat), [0, 0])
                counts[0] += sources[p]["wards"]["count"]
                counts[1] += sources[p]["tammany"]["count"]
    assert sheet["person:boss tweed"][1] == 6
    for key, (plain, tammany) in sheet.items():
        assert people[key]["wards"] == plain + tammany, key


def test_one_person_in_two_seats_counts_the_game_once_and_is_not_rated():
    """DELIA and Delia are one person (player_key): the game counts once for them, with their
    better-placed seat; it is `shared` and left out of their rating; the card's spelling is
    their first seat's in their latest game."""
    twice = finished_code(TWO_SEATS, 7)
    summary = summarize(twice)
    seats = [s for s in summary["seats"] if s["player"] == "person:delia"]
    assert len(seats) == 2
    archive = kept([FINISHED[2]["code"], twice])  # Delia's five-player game, then this one
    games = [{"finished": g["finished"], "summary": summarize(g["code"])} for g in archive]
    delia = ask("standings", games=games)["people"]["person:delia"]
    best = min(seats, key=lambda s: (s["rank"], -s["points"]))
    alone = ask("standings", games=games[:1])["people"]["person:delia"]
    assert delia["games"] == 2 and delia["shared"] == 1
    assert delia["points"] == alone["points"] + best["points"]
    assert delia["wins"] == alone["wins"] + best["winner"]
    assert [p["points"] for p in delia["series"]] == [alone["points"], best["points"]]
    assert delia["name"] == TWO_SEATS[0] and delia["color"] == seats[0]["color"]
    assert delia["rating"] == alone["rating"]  # the shared game is not rated


def test_a_summary_of_an_earlier_version_is_made_again_from_its_code():
    """A summary the page kept before wards counted Tammany Hall (no `version`) is made again
    before anything is counted, and handed back for the page to keep."""
    code = FINISHED[0]["code"]
    fresh = summarize(code)
    assert fresh["version"] == VERSION
    old = {k: v for k, v in fresh.items() if k != "version"}
    old["seats"] = [{**s, "wards": 0} for s in fresh["seats"]]
    answer = ask("standings", games=[{"finished": "2026-01-01T00:00:00.000Z", "summary": old}])
    assert answer["remade"] == [fresh]
    again = ask("standings", games=[{"finished": "2026-01-01T00:00:00.000Z", "summary": fresh}])
    assert again["remade"] == [] and again["people"] == answer["people"]
    assert answer["people"]["person:boss tweed"]["wards"] > 0
