"""The bridge: JSON in, JSON out, never a traceback; one call per action (docs/api.md)."""

import json

import pytest

from tammany import bridge

SEATS = [{"name": "Ann", "color": "red"}, {"name": "Bob", "color": "yellow"},
         {"name": "Cy", "color": "purple"}]


def call(method, **params):
    return json.loads(bridge.handle(json.dumps({"method": method, "params": params})))


@pytest.fixture
def started():
    return call("new_game", seats=SEATS, seed=3)


def test_new_game_snapshot_has_view_prompt_events_hash(started):
    assert started["ok"]
    assert started["view"]["phase"] == "turn"
    seat = started["prompt"]["seats"][0]
    assert started["view"]["to_act"] == [seat]
    assert started["prompt"]["kinds"] == ["bosses", "boss_cube"]
    assert any(e["e"] == "castle_garden" for e in started["events"])
    # codes and values only: the page words every event in its language (docs/i18n.md)
    assert all(isinstance(e["e"], str) and "text" not in e for e in started["events"])
    assert "text" not in started["prompt"]
    assert len(started["hash"]) == 16


def test_illegal_action_is_a_clear_error_and_changes_nothing(started):
    seat = started["prompt"]["seats"][0]
    answer = call("act", seat=seat, action={"t": "bosses", "a": 9, "b": 14})
    assert answer == {"ok": False, "error": {
        "code": "ward_not_in_play", "params": {"ward": 9, "year": 5},
        "message": "Ward 9 is not in play yet (its zone opens in year 5)."}}
    assert call("state")["hash"] == started["hash"]


def test_act_then_undo_restores_the_hash(started):
    seat = started["prompt"]["seats"][0]
    after = call("act", seat=seat, action={"t": "bosses", "a": 6, "b": 14})
    assert after["ok"] and after["can_undo"]
    assert after["view"]["wards"]["6"]["bosses"][seat] == 1
    assert after["prompt"]["kinds"] == ["end"]
    undone = call("undo")
    assert undone["hash"] == started["hash"]
    assert not undone["can_undo"]


def test_choices_for_a_partial_placement(started):
    seat = started["prompt"]["seats"][0]
    colors = [c for c, n in started["view"]["castle_garden"].items() if n]
    answer = call("choices", seat=seat, action={"t": "boss_cube", "c": colors[0]})
    assert answer["fields"] == {"b": [1, 2, 4, 6, 7, 14], "w": [1, 2, 4, 6, 7, 14]}
    assert answer["reason"] is None
    bad = call("choices", seat=seat, action={"t": "bosses", "a": 9})
    assert bad["fields"] == {"b": []}
    assert bad["reason"]["code"] == "ward_not_in_play"


@pytest.mark.parametrize("raw", ["nonsense", "[]", '{"method": "nope"}',
                                 '{"method": "act", "params": 5}',
                                 '{"method": "act", "params": {"seat": "x", "action": {}}}'])
def test_malformed_requests_answer_with_an_error_not_a_traceback(started, raw):
    answer = json.loads(bridge.handle(raw))
    assert answer["ok"] is False and answer["error"]["message"]


@pytest.mark.parametrize("name", ["", "x" * 21, "a\u202eb", "tab\there"])
def test_bad_names_are_refused(name):
    answer = call("new_game", seats=[{"name": name, "color": "red"}, *SEATS[1:],
                                     {"name": "Dee", "color": "black"}], seed=1)
    assert answer["ok"] is False and answer["error"]["code"] == "bad_name"
    assert answer["error"]["params"]["seat"] == 0  # the page points at that seat's name


def test_odd_names_in_any_script_are_kept_exactly():
    name = "<b onclick=x>&amp;"
    seats = [{"name": name, "color": "red"}, {"name": "東京🎲", "color": "yellow"},
             {"name": "Zoë", "color": "purple"}]
    answer = call("new_game", seats=seats, seed=1)
    assert [p["name"] for p in answer["view"]["players"]] == [name, "東京🎲", "Zoë"]


def test_bot_act_plays_a_computer_seat_and_refuses_humans():
    """A computer's move is chosen in Python and applied in one call (one round trip per
    computer step)."""
    seats = [{"name": "Ann", "color": "red"},
             {"name": "Bob", "color": "yellow", "level": "easy"},
             {"name": "Cy", "color": "purple", "level": "easy"}]
    answer = call("new_game", seats=seats, seed=11)
    refused = call("bot_act", seat=0)
    assert refused["error"]["code"] == "not_computer"
    for _ in range(40):
        seat = answer["prompt"]["seats"][0]
        if answer["seats"][seat]["level"] == "human":
            break
        before = answer["moves"]
        answer = call("bot_act", seat=seat)
        assert answer["ok"] and answer["seat"] == seat and answer["moves"] == before + 1
    else:
        raise AssertionError("the computers never handed the turn to the human")
    assert call("bot_act", seat=2)["error"]["code"] in {"not_your_turn"}


def test_a_computers_sealed_bid_never_reaches_the_page():
    """R34: bot_act's answer names the computer's move, but never a sealed bid's chips — the
    page learns them only from the reveal's events, like everyone else."""
    seats = [{"name": "Ann", "color": "red", "level": "easy"},
             {"name": "Bob", "color": "yellow", "level": "easy"},
             {"name": "Cy", "color": "purple", "level": "easy"}]
    call("new_game", seats=seats, seed=11)
    bids = others = 0
    for _ in range(400):
        answer = call("bot_act", seat=bridge._game().to_act()[0])
        assert answer["ok"]
        if any(e["e"] == "bid_placed" for e in answer["events"]):
            bids += 1
            assert "action" not in answer
            assert '"t": "bid"' not in json.dumps(answer)
        else:
            others += 1
            assert answer["action"]["t"] != "bid"
        if answer["view"]["phase"] == "over":
            break
    assert bids >= 3 and others >= 3


def test_code_info_tells_a_codes_players_year_and_house_rules_and_keeps_the_game():
    """The start screen's card of a shared game names its house rules (issue 55)."""
    game = call("new_game", seats=SEATS, seed=3)
    other = call("new_game", seats=SEATS[::-1], seed=4,
                 rules={"terms": 2, "bids": "every_candidate"})
    call("load_code", code=game["code"])
    info = call("code_info", code=other["code"])
    assert info == {"ok": True, "names": ["Cy", "Bob", "Ann"], "year": 1, "last_year": 8,
                    "over": False, "rules": {"bids": "every_candidate", "terms": 2}}
    assert call("code_info", code=game["code"])["rules"] == {}
    assert call("state")["hash"] == game["hash"]  # the game being played is untouched
    assert call("code_info", code=other["code"][:-3] + "AAA")["error"]["code"] == "code_damaged"
