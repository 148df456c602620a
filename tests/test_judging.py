"""The judge's side through the API and the CLI (web/judging.py, replays/ledger.py): penalties refused or upgraded
across the matches of an event (TR 702.1.b), an event's penalties, and what a backup would take back (TR 701.5)."""
from __future__ import annotations

import json
from typing import Any

import pytest

from engine.infractions import INFRACTIONS
from replays import demo
from stores import on_both_stores

SETUP_EVENTS = [
    {"type": "game_started", "game": 1, "first_player": "P1",
     "battlefields": {"P1": "Zaun Warrens", "P2": "Altar to Unity"}},
    {"type": "draw", "player": "P1", "cards": ["Legion Rearguard", "Shakedown", "Hard Bargain", "Gust"]},
    {"type": "draw", "player": "P2", "cards": ["Stalwart Poro", "Discipline", "Clockwork Keeper", "Rune Prison"]},
    {"type": "mulligan", "player": "P1", "set_aside": []}, {"type": "mulligan", "player": "P2", "set_aside": []},
]


def bearer(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def create(client, event: str = "Regional", opl: str | None = None, table: int = 1, mode: str = "duel") -> dict:
    """A match of the event through the API, its game begun (seq 6): {id, token, player_tokens}."""
    created = demo.match_created("strict", event, mode)
    created["info"]["table"] = table
    if opl is not None:
        created["info"]["opl"] = opl
    answer = client.post("/api/matches", json=created).json
    assert client.post(f"/api/matches/{answer['id']}/events", json={"events": SETUP_EVENTS},
                       headers=bearer(answer["token"])).status_code == 201
    return answer


def penalty(player: str, infraction: str, kind: str = "warning", **fields: Any) -> dict[str, Any]:
    rule = INFRACTIONS[infraction].rule if infraction in INFRACTIONS else "TR 702.16"
    return {"type": "penalty", "player": player, "infraction": infraction, "penalty": kind, "rule": rule, **fields}


def give(client, match: dict, *events: dict[str, Any]):
    return client.post(f"/api/matches/{match['id']}/events", json={"events": list(events)},
                       headers=bearer(match["token"]))


def state(client, match: dict) -> dict[str, Any]:
    return client.get(f"/api/matches/{match['id']}/state", headers=bearer(match["token"])).json


def test_a_penalty_by_a_player_token_is_403(client):
    match = create(client)
    answer = client.post(f"/api/matches/{match['id']}/events", json={"event": penalty("P2", "slow_play")},
                         headers=bearer(match["player_tokens"]["P1"]))
    assert answer.status_code == 403 and "a player token only reads" in answer.json["error"]
    assert state(client, match)["penalties"] == []


def test_an_unknown_infraction_is_400_naming_the_valid_ones_tr_702(client):
    answer = give(client, create(client), penalty("P1", "Bad Shuffle"))
    assert answer.status_code == 400
    assert "unknown infraction 'Bad Shuffle'" in answer.json["error"]
    assert "insufficient_randomization (Insufficient Randomization, TR 703.7)" in answer.json["error"]


def test_an_unknown_penalty_kind_is_400_naming_the_four_tr_701_2(client):
    answer = give(client, create(client), penalty("P1", "slow_play", "yellow_card"))
    assert answer.status_code == 400
    assert "TR 701.2 defines warning, game_loss, match_loss, disqualification" in answer.json["error"]


@on_both_stores
def test_the_third_same_warning_in_an_event_is_recorded_as_a_game_loss_tr_702_1_b_1(client):
    first, second = create(client, table=1), create(client, table=2)
    assert give(client, first, penalty("P1", "mispayment_for_cost"), penalty("P1", "mispayment_for_cost"),
                penalty("P2", "mispayment_for_cost")).status_code == 201
    assert state(client, first)["winner"] is None  # two of Ana's, one of Ben's: no upgrade yet
    answer = give(client, second, penalty("P1", "mispayment_for_cost", note="third this event"))
    assert answer.status_code == 201
    assert answer.json["upgraded"] == [{"index": 0, "upgrade": {"from": "warning", "rule": "TR 702.1.b.1", "same": 3,
                                                                "total": 3}}]
    after = state(client, second)
    assert after["winner"] == "P2" and after["phase"] == "over"  # TR 701.2.b: the game loss applies at once
    assert after["penalties"][0]["penalty"] == "game_loss"
    assert after["penalties"][0]["upgrade"] == {"from": "warning", "rule": "TR 702.1.b.1", "same": 3, "total": 3}
    stored = client.get(f"/api/matches/{second['id']}/events?after=6", headers=bearer(second["token"])).json
    assert stored["events"][0]["event"]["penalty"] == "game_loss"


@on_both_stores
def test_a_retried_upgrade_answers_as_the_first_time_and_appends_nothing_tr_702_1_b_1(client):
    match = create(client)
    give(client, match, penalty("P2", "general_error"), penalty("P2", "general_error"))
    body = {"event": penalty("P2", "general_error"), "idempotency_key": "third-general-error"}
    first = client.post(f"/api/matches/{match['id']}/events", json=body, headers=bearer(match["token"]))
    again = client.post(f"/api/matches/{match['id']}/events", json=body, headers=bearer(match["token"]))
    assert first.status_code == again.status_code == 201 and first.json == again.json
    assert [entry["penalty"] for entry in state(client, match)["penalties"]] == ["warning", "warning", "game_loss"]


def test_another_events_warnings_are_not_counted_tr_702_1_b_1(client):
    first, other = create(client, "Regional"), create(client, "Store Championship")
    give(client, first, penalty("P1", "general_error"), penalty("P1", "general_error"))
    give(client, other, penalty("P1", "general_error"))
    assert state(client, other)["penalties"][0]["penalty"] == "warning"


def test_warnings_in_one_append_count_each_other_tr_702_1_b_1(client):
    match = create(client)
    give(client, match, *[penalty("P2", "drawing_extra_cards")] * 3)
    assert [entry["penalty"] for entry in state(client, match)["penalties"]] == ["warning", "warning", "game_loss"]


def test_six_warnings_at_competitive_level_upgrade_across_matches_tr_702_1_b_2(client):
    first, second = create(client, opl="competitive", table=1), create(client, opl="competitive", table=2)
    give(client, first, *[penalty("P2", key) for key in ("general_error", "general_error", "mispayment_for_cost",
                                                        "mispayment_for_cost", "drawing_extra_cards")])
    assert state(client, first)["winner"] is None
    give(client, second, penalty("P2", "mulligan_procedure_error"))
    assert state(client, second)["penalties"][0]["upgrade"]["rule"] == "TR 702.1.b.2"
    assert state(client, second)["winner"] == "P1"


@on_both_stores
def test_an_events_penalties_are_listed_and_counted_per_player(client):
    first, second = create(client, table=1), create(client, table=2)
    give(client, first, penalty("P1", "slow_play", note="named Gust"), penalty("P2", "general_error"))
    give(client, second, penalty("P1", "slow_play"), penalty("P1", "bribery", "match_loss"))
    answer = client.get("/api/events/Regional/penalties").json
    assert [(entry["match"], entry["name"], entry["penalty"]) for entry in answer["penalties"]] == [
        (first["id"], "Ana", "warning"), (first["id"], "Ben", "warning"), (second["id"], "Ana", "warning"),
        (second["id"], "Ana", "match_loss")]
    assert "note" not in answer["penalties"][0]  # the judge's words stay in the match's report
    assert answer["players"]["Ana"]["same"] == {"slow_play": 2}
    assert answer["players"]["Ana"]["match_losses"] == 1 and answer["players"]["Ben"]["warnings"] == {"game_play": 1}
    assert client.get("/api/events/Nationals/penalties").status_code == 404


def test_the_backup_answer_names_the_candidates_of_a_hidden_draw_tr_701_5_d_3(client):
    match = create(client)
    give(client, match, {"type": "channel", "player": "P1", "runes": ["Fury Rune", "Chaos Rune"]},
         {"type": "draw", "player": "P1", "cards": ["Void Seeker"]})
    answer = client.get(f"/api/matches/{match['id']}/backup?to=7", headers=bearer(match["token"])).json
    assert answer["simple"] is True and answer["rule"] == "TR 701.5.b.1" and answer["actions"] == [8]
    assert answer["returning"] == {"P1": {"count": 1, "rule": "TR 701.5.d.3", "candidates": [
        "Gust", "Hard Bargain", "Legion Rearguard", "Shakedown", "Void Seeker"]}}
    longer = client.get(f"/api/matches/{match['id']}/backup?to=6", headers=bearer(match["token"])).json
    assert longer["simple"] is False and longer["rule"] == "TR 701.5.c"
    assert client.get(f"/api/matches/{match['id']}/backup?to=1", headers=bearer(match["token"])).status_code == 400
    assert client.get(f"/api/matches/{match['id']}/backup?to=7",
                      headers=bearer(match["player_tokens"]["P2"])).status_code == 403
    rewound = give(client, match, {"type": "rewind", "to": 7, "reason": "drew in the channel phase",
                                   "by": "floor_judge", "returned": {"P1": ["Gust"]}})
    assert rewound.status_code == 201
    assert state(client, match)["players"]["P1"]["hand_count"] == 4


def test_riftlog_append_upgrades_a_warning_as_the_api_does_tr_702_1_b_1(runner, tmp_db, tmp_path):
    import recorder
    import riftlog_cli

    with recorder.Log(tmp_db) as log:
        match_id, token = log.create_match(demo.match_created("strict", "Regional"))
        log.append(match_id, SETUP_EVENTS)
    events = tmp_path / "penalties.json"
    events.write_text(json.dumps([penalty("P1", "angle_shooting"), penalty("P1", "angle_shooting")]))
    result = runner.invoke(riftlog_cli.cli, ["append", match_id, str(events), "--token", token, "--db", str(tmp_db)])
    assert result.exit_code == 0, result.output
    with recorder.Log(tmp_db) as log:
        entries = log.state_at(match_id)["penalties"]
    assert [(entry["penalty"], (entry.get("upgrade") or {}).get("rule")) for entry in entries] == [
        ("warning", None), ("game_loss", "TR 704.1.b")]


@pytest.mark.parametrize("level", ["high", 3])
def test_a_match_with_an_unknown_level_of_play_is_refused_tr_205(client, level):
    created = demo.match_created("strict", "Regional")
    created["info"]["opl"] = level
    answer = client.post("/api/matches", json=created)
    assert answer.status_code == 400 and "info.opl must be one of low, competitive, professional" in answer.json["error"]


def test_the_timeline_words_a_penalty_and_who_ordered_a_backup_tr_701_2_701_5():
    from web.describe import describe_event

    names = {"P1": "Ana (P1)"}.get
    assert describe_event(penalty("P1", "mispayment_for_cost"), names) == \
        "judge: Ana (P1) gets a warning for Mispayment for Cost (TR 702.9)"
    assert describe_event(penalty("P1", "slow_play", "game_loss", upgrade={"from": "warning", "rule": "TR 703.1.b.1",
                                                                         "same": 3, "total": 3}), names) == \
        "judge: Ana (P1) gets a game loss for Slow Play (TR 703.2), upgraded from a warning (TR 703.1.b.1)"
    assert describe_event({"type": "rewind", "to": 7, "reason": "drew early", "by": "floor_judge"}) == \
        "floor judge rewinds to seq 7: drew early"
    both = {**penalty("P1", "slow_play", "game_loss"), "simultaneous": [
        {"player": "P2", "infraction": "slow_play", "penalty": "game_loss", "rule": "TR 703.2"}]}
    assert describe_event(both, {"P1": "Ana (P1)", "P2": "Ben (P2)"}.get) == (
        "judge: Ana (P1) gets a game loss for Slow Play (TR 703.2); at the same time Ben (P2) gets a game loss for "
        "Slow Play (TR 703.2) (TR 701.2.b.2-3)")


def test_the_judges_menu_quotes_the_tournament_rules_of_the_matchs_edition(client):
    """A v1.4 match's judge reads July's words (TR 702.9: "underpaying its requirements"), a v1.3 match's April's;
    an unknown edition is refused naming the editions."""
    july = client.get("/api/judging/infractions?rules=v1.4").json
    april = client.get("/api/judging/infractions?rules=v1.3").json
    assert (july["rules"], april["rules"]) == ("v1.4", "v1.3")
    text = {menu["rules"]: next(item for item in menu["infractions"] if item["key"] == "mispayment_for_cost")["text"]
            for menu in (july, april)}
    if "missing" not in text["v1.4"]:  # the rules texts are beside the project (../shared/rules)
        assert "underpaying its requirements" in text["v1.4"]["text"]
        assert "underpaying its power or energy cost" in text["v1.3"]["text"]
    refused = client.get("/api/judging/infractions?rules=v9")
    assert refused.status_code == 400 and "'v9'" in refused.get_data(as_text=True)


def test_the_judges_menu_offers_every_infraction_with_the_tournament_rules_words(client):
    menu = client.get("/api/judging/infractions").json
    assert [item["key"] for item in menu["infractions"]] == list(INFRACTIONS)
    mispayment = next(item for item in menu["infractions"] if item["key"] == "mispayment_for_cost")
    assert (mispayment["name"], mispayment["rule"], mispayment["penalty"]) == ("Mispayment for Cost", "TR 702.9",
                                                                               "warning")
    if "missing" not in mispayment["text"]:  # the rules texts are beside the project (../shared/rules)
        assert mispayment["text"]["text"].startswith("Mispayment for Cost [ Warning ]")
        assert "TR 702.9.b.1" in [sub["number"] for sub in mispayment["text"]["subrules"]]
    assert [(entry["kind"], entry["rule"]) for entry in menu["penalties"]] == [
        ("warning", "TR 701.2.a"), ("game_loss", "TR 701.2.b"), ("match_loss", "TR 701.2.c"),
        ("disqualification", "TR 701.2.d")]
    assert [entry["by"] for entry in menu["backups"]] == ["floor_judge", "head_judge", None]
    assert (menu["time"]["rule"], menu["time"]["extra_turns"]) == ("TR 408.2", 3)  # TR 408.2.a's three turns
    if "missing" not in menu["time"]["text"]:
        assert "TR 408.2.b" in [sub["number"] for sub in menu["time"]["text"]["subrules"]]
    assert [(entry["what"], entry["rule"]) for entry in menu["concessions"]] == [("game", "TR 410.1"),
                                                                                ("match", "TR 410.2")]
    if "missing" not in menu["concessions"][1]["text"]:
        assert menu["concessions"][1]["text"]["text"].startswith("At any time before a match is completed")


def test_the_judges_menu_says_plainly_when_the_rules_texts_are_absent(tmp_db, tmp_path):
    from web import create_app

    menu = create_app({"TESTING": True, "DATABASE": str(tmp_db), "RULES": str(tmp_path)}).test_client().get(
        "/api/judging/infractions").json
    assert menu["infractions"][0]["text"] == {
        "number": "TR 702.2", "missing": f"rule text not available: no rules texts in {tmp_path} (set $RIFTLOG_RULES)"}


@on_both_stores
def test_a_penalty_given_after_a_match_is_owed_by_the_players_next_match_until_recorded_there_tr_701_2_c_1(client):
    first = create(client, table=1)
    give(client, first, {"type": "concede", "player": "P2"}, penalty("P2", "bribery", "match_loss"))
    assert state(client, first)["penalties"][0]["applies"] == "next_match"
    second = create(client, table=2)  # round 2 in truth: Ana and Ben again, the same event
    owed = client.get(f"/api/matches/{second['id']}/owed", headers=bearer(second["token"])).json
    assert owed == {"rule": "TR 701.2.b.1", "owed": {"P2": [{"match": first["id"], "seq": 8, "penalty": "match_loss",
                                                             "infraction": "bribery", "infraction_name": "Bribery",
                                                             "rule": "TR 704.5"}]}}
    assert client.get(f"/api/matches/{first['id']}/owed", headers=bearer(first["token"])).json["owed"] == {}
    assert give(client, second, penalty("P2", "bribery", "match_loss", carried={"match": first["id"], "seq": 8})
                ).status_code == 201
    assert state(client, second)["match_winner"] == "P1"
    assert state(client, second)["penalties"][0]["carried"] == {"match": first["id"], "seq": 8}
    assert client.get(f"/api/matches/{second['id']}/owed", headers=bearer(second["token"])).json["owed"] == {}
    assert client.get(f"/api/matches/{second['id']}/owed",
                      headers=bearer(second["player_tokens"]["P1"])).status_code == 403


def test_a_carried_penalty_names_the_earlier_one_as_match_and_seq(client):
    answer = give(client, create(client), penalty("P1", "bribery", "match_loss", carried={"match": "m1"}))
    assert answer.status_code == 400 and "'carried' names the earlier match's penalty" in answer.json["error"]


@on_both_stores
def test_game_losses_given_at_once_after_a_match_are_each_players_own_to_carry_tr_701_2_b_3_tr_701_2_b_1(client):
    first = create(client, table=1)
    slow = {"infraction": "slow_play", "penalty": "game_loss", "rule": "TR 703.2"}
    assert give(client, first, {"type": "concede", "player": "P2"},
                {**penalty("P1", "slow_play", "game_loss"), "simultaneous": [{"player": "P2", **slow},
                                                                             {"player": "P1", **slow}]}
                ).status_code == 201
    assert [entry["applies"] for entry in state(client, first)["penalties"]] == ["next_match", "next_match", "merged"]
    listed = client.get("/api/events/Regional/penalties").json
    assert [(entry["seq"], entry["name"], entry["applies"]) for entry in listed["penalties"]] == [
        (8, "Ana", "next_match"), (8, "Ben", "next_match"), (8, "Ana", "merged")]
    second = create(client, table=2)
    owed = client.get(f"/api/matches/{second['id']}/owed", headers=bearer(second["token"])).json["owed"]
    assert {player: [entry["seq"] for entry in entries] for player, entries in owed.items()} == {"P1": [8], "P2": [8]}
    # Ana's carried into the next match: Ben's, of the same seq, is still owed
    assert give(client, second, penalty("P1", "slow_play", "game_loss", carried={"match": first["id"], "seq": 8})
                ).status_code == 201
    owed = client.get(f"/api/matches/{second['id']}/owed", headers=bearer(second["token"])).json["owed"]
    assert list(owed) == ["P2"]
