"""Penalties (the contract's `penalty`; engine/penalties.py, engine/infractions.py): the Tournament Rules'
infractions (TR 702-704), the penalties of TR 701.2 applied at once, and the upgrades of TR 702.1.b, 703.1.b and
704.1.b."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

import engine
from engine import infractions, penalties
from replays import demo
from table import CATALOG, WITH_UNITS, Table

TR_TEXT = Path(__file__).resolve().parents[2] / "shared" / "rules" / "tournament-rules-2026-05-02.txt"
BRACKETED = {"No Penalty": "no_penalty", "Warning": "warning", "Game Loss": "game_loss", "Match Loss": "match_loss",
             "Disqualification": "disqualification"}


def penalty(player: str, infraction: str, kind: str = "warning", rule: str | None = None, **fields) -> dict:
    return {"type": "penalty", "player": player, "infraction": infraction, "penalty": kind,
            "rule": rule or infractions.infraction(infraction).rule, **fields}


def best_of_three(policy: str = "strict") -> Table:
    return Table.from_position(WITH_UNITS, policy, mode="match")


def test_every_infraction_has_the_tournament_rules_name_and_penalty():
    if not TR_TEXT.exists():
        pytest.skip("the Tournament Rules text ../shared/rules is absent")
    text = TR_TEXT.read_text(encoding="utf-8")
    for item in infractions.INFRACTIONS.values():
        number = item.rule.removeprefix("TR ")
        line = re.search(rf"^{re.escape(number)}\. (.+?)(?:\[ ?([A-Za-z ]+?) ?\])?:", text, re.MULTILINE)
        assert line is not None, item
        assert line.group(1).strip() == item.name, (item, line.group(0))
        assert BRACKETED.get(line.group(2)) == item.penalty, (item, line.group(0))


def test_a_warning_is_recorded_and_changes_nothing_else_tr_701_2_a():
    table = Table.with_units()
    before = table.state
    table.do(penalty("P1", "Mispayment for Cost", remedy="simple rewind (TR 702.9.b.1)", note="paid Shakedown short"))
    assert table.state["penalties"] == [{
        "seq": 3, "game": 1, "player": "P1", "name": "Ana", "infraction": "mispayment_for_cost",
        "infraction_name": "Mispayment for Cost", "category": "game_play", "penalty": "warning", "rule": "TR 702.9",
        "tr_penalty": "warning", "remedy": "simple rewind (TR 702.9.b.1)", "note": "paid Shakedown short",
        "applies": "record"}]
    assert table.state["objects"] == before["objects"] and table.state["phase"] == before["phase"]
    assert table.state["awaiting"] == before["awaiting"]


def test_an_infraction_may_be_named_by_its_key_or_the_tournament_rules_name():
    table = Table.with_units().do(penalty("P2", "slow_play"), penalty("P2", "slow play"))
    assert [entry["infraction"] for entry in table.state["penalties"]] == ["slow_play", "slow_play"]


def test_an_unknown_infraction_is_malformed_and_names_the_valid_ones_tr_702():
    with pytest.raises(engine.MalformedEvent) as refusal:
        engine.apply(Table.with_units().state, penalty("P1", "Mispayment", rule="TR 702.9"), CATALOG)
    assert "unknown infraction 'Mispayment'" in str(refusal.value)
    assert "mispayment_for_cost (Mispayment for Cost, TR 702.9)" in str(refusal.value)
    assert "cheating (Cheating, TR 704.8)" in str(refusal.value)


def test_an_unknown_penalty_is_malformed_and_names_the_four_of_tr_701_2():
    for kind in ("caution", "no_penalty"):
        with pytest.raises(engine.MalformedEvent) as refusal:
            engine.apply(Table.with_units().state, penalty("P1", "slow_play", kind), CATALOG)
        assert f"unknown penalty {kind!r}: TR 701.2 defines warning, game_loss, match_loss, disqualification" \
            in str(refusal.value)


def test_a_penalty_cites_its_infractions_rule_or_a_sub_rule_tr_702_2_e():
    table = Table.with_units().do(penalty("P1", "missed_trigger", rule="TR 702.2.e"))
    assert table.state["penalties"][0]["rule"] == "TR 702.2.e"
    assert table.state["penalties"][0]["tr_penalty"] == "no_penalty"
    for wrong in ("TR 702.3", "702.2", "TR 702.20"):
        with pytest.raises(engine.MalformedEvent, match="is not Missed Trigger's"):
            engine.apply(table.state, penalty("P1", "missed_trigger", rule=wrong), CATALOG)


def test_a_penalty_names_a_player_of_the_match():
    with pytest.raises(engine.MalformedEvent, match="unknown player 'P3'"):
        engine.apply(Table.with_units().state, penalty("P3", "slow_play"), CATALOG)


def test_a_game_loss_ends_the_game_in_progress_tr_701_2_b():
    table = Table.with_units().do(penalty("P1", "Decklist Error", "game_loss", note="a fourth Void Seeker"))
    assert table.state["winner"] == "P2" and table.state["match_winner"] == "P2"  # a duel is one game (644.6)
    assert table.state["phase"] == "over" and table.state["penalties"][0]["applies"] == "this_game"


def test_a_game_loss_in_a_best_of_three_leaves_the_match_to_the_next_game_tr_701_2_b():
    table = best_of_three().do(penalty("P2", "facedown_card_error", "game_loss", rule="TR 702.13.b.2.b"))
    assert table.state["games"] == [{"game": 1, "winner": "P1"}] and table.state["match_winner"] is None
    assert table.state["awaiting"] == [{"player": "P2", "kind": "game_started"}]


def test_a_game_loss_between_games_is_the_players_next_game_tr_701_2_b_1():
    table = best_of_three().do("P2 concede")
    assert table.state["games"] == [{"game": 1, "winner": "P1"}]
    table.do(penalty("P1", "Unsporting Minor", "game_loss", note="upgraded by the head judge"))
    assert table.state["games"] == [{"game": 1, "winner": "P1"}, {"game": 2, "winner": "P2"}]
    assert table.state["penalties"][0]["applies"] == "next_game" and table.state["penalties"][0]["game"] == 1
    assert table.state["match_winner"] is None
    assert table.state["violations"] == []  # a penalty between games is no event after the game is over (633)
    table.refuses("game 2: P1 first; P1 Back-Alley Bar; P2 Fortified Position", rule="645.6")  # game 2 was lost unplayed
    table.do("game 3: P1 first; P1 Back-Alley Bar; P2 Fortified Position")
    assert table.state["game"] == 3 and table.state["phase"] == "setup"


def test_a_game_loss_before_game_1_loses_game_1_tr_701_2_b_1():
    table = Table(mode="match").do(penalty("P2", "decklist_error", "game_loss"))
    assert table.state["games"] == [{"game": 1, "winner": "P1"}] and table.state["game"] == 1
    table.do("game 2: P2 first; P1 Zaun Warrens; P2 Altar to Unity")
    assert table.state["game"] == 2 and table.state["turn_order"] == ["P2", "P1"]


def test_a_match_loss_ends_the_match_at_once_tr_701_2_c_1():
    table = best_of_three().do(penalty("P1", "Outside Assistance", "match_loss", rule="TR 703.9.a"))
    assert table.state["match_winner"] == "P2" and table.state["phase"] == "over"
    assert table.state["penalties"][0]["applies"] == "this_match"


def test_a_match_loss_after_the_match_is_the_players_next_matchs_tr_701_2_c_1():
    table = Table.with_units().do("P2 concede", penalty("P2", "bribery", "match_loss"))
    assert table.state["match_winner"] == "P1" and table.state["penalties"][0]["applies"] == "next_match"


def test_a_disqualification_loses_the_current_match_tr_701_2_d_1():
    table = best_of_three().do("P2 concede", penalty("P1", "Theft", "disqualification"))
    assert table.state["match_winner"] == "P2" and table.state["penalties"][0]["applies"] == "this_match"


def test_the_level_of_play_is_one_of_tr_205s():
    created = demo.match_created("strict", "Regional")
    created["info"]["opl"] = "high"
    with pytest.raises(engine.MalformedEvent, match="info.opl must be one of low, competitive, professional"):
        engine.apply(None, created, CATALOG)
    created["info"]["opl"] = "professional"
    assert penalties.opl(engine.apply(None, created, CATALOG)) == "professional"


def _warnings(*keys: str) -> list[dict]:
    return [{"infraction": key, "category": infractions.infraction(key).category, "penalty": "warning"}
            for key in keys]


def test_the_third_warning_for_the_same_game_play_error_is_a_game_loss_tr_702_1_b_1():
    assert penalties.upgrade_for(_warnings("mispayment_for_cost"), "mispayment_for_cost", "low") is None
    assert penalties.upgrade_for(_warnings("mispayment_for_cost", "mispayment_for_cost"), "Mispayment for Cost",
                                 "low") == {"from": "warning", "rule": "TR 702.1.b.1", "same": 3, "total": 3}


def test_six_game_play_warnings_at_competitive_level_are_a_game_loss_tr_702_1_b_2():
    five = _warnings("general_error", "general_error", "mispayment_for_cost", "mispayment_for_cost",
                     "drawing_extra_cards")
    assert penalties.upgrade_for(five, "slow_play", "competitive") is None  # a tournament error: counted apart
    assert penalties.upgrade_for(five, "mulligan_procedure_error", "low") is None
    assert penalties.upgrade_for(five, "mulligan_procedure_error", "competitive") == {
        "from": "warning", "rule": "TR 702.1.b.2", "same": 1, "total": 6}


def test_five_game_play_warnings_at_professional_level_are_a_game_loss_tr_702_1_b_3():
    four = _warnings("general_error", "general_error", "mispayment_for_cost", "drawing_extra_cards")
    assert penalties.upgrade_for(four[:3], "mulligan_procedure_error", "professional") is None
    assert penalties.upgrade_for(four, "mulligan_procedure_error", "professional")["rule"] == "TR 702.1.b.3"


def test_failure_to_maintain_game_state_never_upgrades_tr_702_17_b():
    assert penalties.upgrade_for(_warnings(*["failure_to_maintain_game_state"] * 5),
                                 "failure_to_maintain_game_state", "professional") is None
    assert penalties.upgrade_for(_warnings(*["failure_to_maintain_game_state"] * 5), "general_error",
                                 "professional") is None


def test_an_upgraded_warning_still_counts_and_no_penalty_records_do_not_tr_702_1_b_1():
    earlier = [{"infraction": "general_error", "category": "game_play", "penalty": "game_loss",
                "upgrade": {"from": "warning", "rule": "TR 702.1.b.1", "same": 3, "total": 3}},
               {"infraction": "general_error", "category": "game_play", "penalty": "game_loss"}]
    assert penalties.upgrade_for(earlier, "general_error", "low") is None  # only the upgraded one was a warning
    assert penalties.upgrade_for(earlier + _warnings("general_error"), "general_error", "low")["same"] == 3


def test_tournament_errors_and_unsporting_conduct_upgrade_by_their_own_rules_tr_703_1_b_704_1_b():
    assert penalties.upgrade_for(_warnings("slow_play", "slow_play"), "slow_play", "low")["rule"] == "TR 703.1.b.1"
    assert penalties.upgrade_for(_warnings("slow_play", "marked_cards", "communication_violation", "slow_play"),
                                 "insufficient_randomization", "professional")["rule"] == "TR 703.1.b.3"
    assert penalties.upgrade_for(_warnings("angle_shooting"), "angle_shooting", "low")["rule"] == "TR 704.1.b"
    assert penalties.upgrade_for(_warnings("unsporting_minor"), "angle_shooting", "professional") is None


def test_a_warning_the_tr_upgrades_is_recorded_as_the_game_loss_it_is():
    event = penalties.upgraded(penalty("P1", "general_error"), _warnings("general_error", "general_error"), "low")
    assert event["penalty"] == "game_loss" and event["upgrade"]["rule"] == "TR 702.1.b.1"
    table = Table.with_units().do(event)
    assert table.state["winner"] == "P2" and table.state["penalties"][0]["upgrade"]["same"] == 3


def test_an_upgrade_is_a_game_loss_that_says_why():
    with pytest.raises(engine.MalformedEvent, match="an upgraded warning is a game_loss"):
        engine.apply(Table.with_units().state, penalty("P1", "general_error", upgrade={
            "from": "warning", "rule": "TR 702.1.b.1", "same": 3, "total": 3}), CATALOG)
    with pytest.raises(engine.MalformedEvent, match="'upgrade' is"):
        engine.apply(Table.with_units().state, penalty("P1", "general_error", "game_loss", upgrade={
            "from": "warning", "rule": "TR 702.9", "same": 3, "total": 3}), CATALOG)


# -- game losses given at the same time (TR 701.2.b.2-3): one `penalty` with `simultaneous` -------------------------
def together(first: dict, *others: dict) -> dict:
    return {**first, "simultaneous": [{key: value for key, value in other.items() if key != "type"}
                                      for other in others]}


def test_two_game_losses_at_the_same_time_count_as_one_tr_701_2_b_2():
    table = best_of_three().do(together(penalty("P1", "decklist_error", "game_loss"),
                                        penalty("P1", "late_to_match", "game_loss", rule="TR 703.8")))
    assert table.state["games"] == [{"game": 1, "winner": "P2"}]  # one game lost, not game 2 as well
    assert table.state["match_winner"] is None and table.state["phase"] == "over"
    first, second = table.state["penalties"]  # both recorded, in one seq
    assert (first["seq"], first["infraction"], first["applies"]) == (3, "decklist_error", "this_game")
    assert (second["seq"], second["infraction"], second["applies"], second["applies_rule"]) == (
        3, "late_to_match", "merged", "TR 701.2.b.2")


def test_game_losses_to_all_players_at_once_make_a_drawn_game_tr_701_2_b_3():
    table = best_of_three().do(together(penalty("P1", "decklist_error", "game_loss", note="a fourth Void Seeker"),
                                        penalty("P2", "decklist_error", "game_loss")))
    assert table.state["games"] == [{"game": 1, "winner": None}]
    assert table.state["result"]["games"] == [{"game": 1, "result": "draw", "winner": None, "by": "game_loss",
                                               "rule": "TR 701.2.b.3"}]
    assert table.state["result"]["match"] is None  # the game losses do not affect the match score
    assert [(entry["player"], entry["penalty"], entry["applies"], entry["applies_rule"])
            for entry in table.state["penalties"]] == [("P1", "game_loss", "drawn_game", "TR 701.2.b.3"),
                                                       ("P2", "game_loss", "drawn_game", "TR 701.2.b.3")]
    assert table.state["penalties"][0]["note"] == "a fourth Void Seeker"
    # TR 407.4: after a drawn game the first player of the previous game plays first again
    table.refuses("game 2: P2 first; P1 Back-Alley Bar; P2 Fortified Position", rule="TR 407.4")


def test_game_losses_to_all_players_between_games_draw_the_next_game_tr_701_2_b_3_tr_701_2_b_1():
    table = best_of_three().do("P2 concede", together(penalty("P1", "late_to_match", "game_loss", rule="TR 703.8"),
                                                      penalty("P2", "late_to_match", "game_loss", rule="TR 703.8")))
    assert table.state["games"] == [{"game": 1, "winner": "P1"}, {"game": 2, "winner": None}]
    assert [entry["applies"] for entry in table.state["penalties"]] == ["drawn_next_game", "drawn_next_game"]
    assert table.state["match_winner"] is None
    table.do("game 3: P1 first; P1 Back-Alley Bar; P2 Fortified Position")
    assert table.state["game"] == 3


def test_game_losses_to_all_players_after_the_match_are_their_next_matchs_tr_701_2_b_1():
    table = Table.with_units().do("P2 concede", together(penalty("P1", "slow_play", "game_loss", rule="TR 703.2"),
                                                         penalty("P2", "slow_play", "game_loss", rule="TR 703.2")))
    assert table.state["match_winner"] == "P1"
    assert [entry["applies"] for entry in table.state["penalties"]] == ["next_match", "next_match"]


def test_game_losses_at_once_to_some_players_of_three_are_applied_each_tr_701_2_b():
    from test_rules_more_players import ffa3

    table = ffa3().do(together(penalty("P1", "slow_play", "game_loss", rule="TR 703.2"),
                               penalty("P2", "slow_play", "game_loss", rule="TR 703.2")))
    assert table.state["winner"] == "P3"  # the last player left wins (651.1)
    assert [entry["applies"] for entry in table.state["penalties"]] == ["this_game", "this_game"]


def test_game_losses_at_once_to_every_player_of_three_draw_the_game_tr_701_2_b_3():
    from test_rules_more_players import ffa3

    table = ffa3().do(together(*(penalty(player, "slow_play", "game_loss", rule="TR 703.2")
                                 for player in ("P1", "P2", "P3"))))
    assert table.state["result"]["games"][-1] == {"game": 1, "result": "draw", "winner": None, "by": "game_loss",
                                                  "rule": "TR 701.2.b.3"}


def test_in_2v2_a_game_loss_to_a_player_of_each_team_at_once_draws_the_game_tr_701_2_b_3():
    from test_rules_more_players import two_v_two

    # TR 701.2.b: a game loss makes the player and their teammates concede, so one player of each team is every side
    table = two_v_two().do(together(penalty("P1", "slow_play", "game_loss", rule="TR 703.2"),
                                    penalty("P3", "slow_play", "game_loss", rule="TR 703.2")))
    assert table.state["result"]["games"][-1]["result"] == "draw"
    assert [entry["applies"] for entry in table.state["penalties"]] == ["drawn_game", "drawn_game"]


def test_in_2v2_game_losses_at_once_to_both_teammates_lose_the_game_once_tr_701_2_b():
    from test_rules_more_players import two_v_two

    table = two_v_two().do(together(penalty("P1", "slow_play", "game_loss", rule="TR 703.2"),
                                    penalty("P2", "slow_play", "game_loss", rule="TR 703.2")))
    assert table.state["games"] == [{"game": 1, "winner": "Red"}] and table.state["match_winner"] == "Red"
    assert [entry["applies"] for entry in table.state["penalties"]] == ["this_game", "this_game"]


@pytest.mark.parametrize("simultaneous, message", [
    ([], r"'simultaneous': give a list of the penalties given at the same time, got \[\]"),
    (["P2"], r"each is \{player, infraction, penalty, rule, remedy\?, note\?\}, got 'P2'"),
    ([{"player": "P2", "infraction": "slow_play", "penalty": "game_loss"}], "missing rule"),
    ([{"player": "P2", "infraction": "slow_play", "penalty": "game_loss", "rule": "TR 703.2", "upgrade": {}}],
     "unknown upgrade"),
    ([{"player": "P2", "infraction": "slow_play", "penalty": "game_loss", "rule": 703}], "not a string: rule"),
    ([{"player": "P3", "infraction": "slow_play", "penalty": "game_loss", "rule": "TR 703.2"}], "unknown player 'P3'"),
    ([{"player": "P2", "infraction": "slow_play", "penalty": "game_loss", "rule": "TR 702.2"}],
     r"'simultaneous': rule 'TR 702.2' is not Slow Play's"),
    ([{"player": "P2", "infraction": "slow_play", "penalty": "warning", "rule": "TR 703.2"}],
     r"gives game losses at the same time \(TR 701.2.b.2-3\); give other penalties in events of their own, not "
     r"P2's warning"),
])
def test_simultaneous_penalties_are_game_losses_each_well_formed_tr_701_2_b_2(simultaneous, message):
    event = {**penalty("P1", "slow_play", "game_loss", rule="TR 703.2"), "simultaneous": simultaneous}
    with pytest.raises(engine.MalformedEvent, match=message):
        engine.apply(best_of_three().state, event, CATALOG)


def test_simultaneous_is_a_list_tr_701_2_b_2():
    with pytest.raises(engine.MalformedEvent, match="simultaneous"):
        engine.apply(best_of_three().state, {**penalty("P1", "slow_play", "game_loss", rule="TR 703.2"),
                                             "simultaneous": {"player": "P2"}}, CATALOG)
