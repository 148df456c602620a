"""Game play errors recorded as they were played, and the judge's remedies (Tournament Rules 702,
engine/errors_as_played.py): each flagged with the Core Rule it breaks and the TR infraction it is."""
from __future__ import annotations

import pytest
from positions import ARENA
from table import SETUP, Table

# P2's turn, action phase: P1 holds Zaun Warrens (bf1) with Flame Chompers; P2's Clockwork Keeper is at base.
P1_HOLDS = ARENA.replace("turn 5 P1 action", "turn 6 P2 action").replace(
    "base:Legion Rearguard;Chemtech Enforcer;Flame Chompers",
    "controls:bf1 base:Legion Rearguard*;Chemtech Enforcer bf1:Flame Chompers")
P2_TURN = ("P2 channel Calm Rune; Mind Rune", "P2 draw ?", "P2 end turn")


def flagged(table: Table) -> dict:
    """The newest violation."""
    return table.state["violations"][-1]


def error(table: Table) -> dict:
    """The newest recorded error."""
    return table.state["errors"][-1]


# -- a missed trigger (TR 702.2) -----------------------------------------------------------------------------------
def missed(policy: str = "audit") -> Table:
    """ARENA: P2's Stalwart Poro was targeted by Gust, and P2 missed its trigger."""
    return Table.from_position(ARENA, policy).do("P1 play Gust -> Stalwart Poro $1")


def test_a_missed_trigger_is_recorded_as_triggered_and_flagged_tr_702_2_d():
    table = missed().do('P2 error missed_trigger Stalwart Poro "when targeted"')
    assert flagged(table)["rule"] == "583" and flagged(table)["infraction"] == "missed_trigger"
    assert flagged(table)["tr"] == "TR 702.2"
    assert error(table)["source"] == table.find("P2", "Stalwart Poro") and error(table)["remedy"] is None


def test_the_next_opponent_chooses_to_resolve_a_missed_trigger_now_tr_702_2_f_2():
    table = missed().do('P2 error missed_trigger Stalwart Poro "when targeted"', "P1 remedy missed_trigger resolve")
    poro = table.find("P2", "Stalwart Poro")
    assert table.state["awaiting"][0] == {"player": "P2", "kind": "trigger", "source": poro, "rule": "TR 702.2.f.2"}
    assert error(table)["remedy"] == {"seq": 5, "player": "P1", "choice": "resolve", "rule": "TR 702.2.f.2"}
    table.do('P2 trigger Stalwart Poro "when targeted"')
    assert table.state["chain"][-1]["source"] == poro
    assert all(wait.get("rule") != "TR 702.2.f.2" for wait in table.state["awaiting"])


def test_only_the_next_opponent_chooses_for_a_missed_trigger_tr_702_2_f_2():
    table = missed().do('P2 error missed_trigger Stalwart Poro "when targeted"')
    table.flags("P2 remedy missed_trigger miss", rule="TR 702.2.f.2")  # kept and flagged, not applied
    assert error(table)["remedy"] is None
    table.flags('P1 remedy missed_trigger +choice="maybe"', rule="TR 702.2.f.2")


def test_a_trigger_missed_in_a_previous_turn_is_not_resolved_tr_702_2_f_1():
    table = missed().do('P2 error missed_trigger Stalwart Poro "when targeted"', "P1 pass", "P2 pass",
                        "resolve Gust: return Stalwart Poro -> hand", "P1 end turn")
    table.flags("P1 remedy missed_trigger resolve", rule="TR 702.2.f.1")
    table.do("P1 remedy missed_trigger miss")
    assert error(table)["remedy"]["rule"] == "TR 702.2.f.1"
    table.flags("P1 remedy missed_trigger miss", rule="TR 702.2")  # remedied already


def test_a_strict_match_refuses_a_missed_trigger_as_played_but_takes_the_opponents_choice_tr_702_2_f_2():
    table = missed("strict")
    table.refuses('P2 error missed_trigger Stalwart Poro "when targeted"', rule="TR 702.2")
    table.refuses('P2 remedy missed_trigger miss Stalwart Poro "when targeted"', rule="TR 702.2.f.2")
    table.do('P1 remedy missed_trigger miss Stalwart Poro "when targeted"')
    assert error(table)["player"] == "P2" and error(table)["remedy"]["choice"] == "miss"
    assert table.state["violations"] == []


def test_a_strict_match_may_miss_a_temporary_trigger_by_the_opponents_choice_728_1_b_tr_702_2_f_2():
    table = Table.from_position(P1_HOLDS).do("P2 play Stupefy -> Flame Chompers $1", "P2 pass", "P1 pass",
                                             "resolve Stupefy: grant Flame Chompers +Temporary", "P2 end turn")
    table.refuses("P1 pass", rule="728.1.b")
    table.do('P2 remedy missed_trigger miss Flame Chompers "Temporary"', "P1 pass")
    assert table.state["phase"] == "channel" and table.state["scores"]["P1"] == 1  # it held Zaun Warrens


def test_an_unknown_infraction_names_the_valid_ones_tr_702():
    refusal = missed("strict").refuses("P1 remedy looking_at_everything", rule="TR 702")
    assert "missed_trigger" in str(refusal) and "forgetting_to_ready" in str(refusal)
    table = Table.from_position(ARENA, "audit")
    table.flags("P1 error channeling_too_many_runes", rule="TR 702")
    assert "forgetting_to_score_a_point" in flagged(table)["message"]  # an error the engine sees is not typed in


# -- a point or a draw forgotten (TR 702.3, 702.4) -----------------------------------------------------------------
def held(policy: str = "audit") -> Table:
    """P1's turn 7 after P2's: the beginning step closes and Hold scores Zaun Warrens (630.2)."""
    return Table.from_position(P1_HOLDS, policy).do("P2 end turn", "P1 pass")


def test_a_point_not_tracked_is_taken_back_and_added_later_within_a_round_cycle_tr_702_3_b_1():
    table = held()
    assert table.state["scores"]["P1"] == 1
    table.do("P1 error forgetting_to_score_a_point bf1")
    assert table.state["scores"]["P1"] == 0 and flagged(table)["rule"] == "630"
    assert flagged(table)["tr"] == "TR 702.3"
    table.do("P1 channel Fury Rune; Chaos Rune", "P1 draw ?", "P1 end turn", "P2 pass")  # P2's turn 8
    table.do("P1 remedy forgetting_to_score_a_point")
    assert table.state["scores"]["P1"] == 1 and error(table)["remedy"]["rule"] == "TR 702.3.b.1"


def test_a_point_forgotten_more_than_a_round_cycle_ago_stays_forgotten_tr_702_3_b_2():
    table = held().do("P1 error forgetting_to_score_a_point bf1", "P1 channel Fury Rune; Chaos Rune", "P1 draw ?",
                      "P1 end turn", *P2_TURN)
    table.flags("P1 remedy forgetting_to_score_a_point", rule="TR 702.3.b.2")
    assert table.state["scores"]["P1"] == 0  # turn 9, before its Hold: the forgotten point was not added


def test_a_point_that_was_not_scored_cannot_be_forgotten_tr_702_3():
    held().flags("P1 error forgetting_to_score_a_point bf2", rule="TR 702.3")
    held().flags("P1 remedy forgetting_to_score_a_point", rule="TR 702.3")  # none recorded
    held("strict").refuses("P1 error forgetting_to_score_a_point bf1", rule="TR 702.3")


def test_a_forgotten_draw_ends_the_draw_phase_and_is_drawn_later_tr_702_4_a_1():
    table = Table.after_setup("audit").do("P1 channel Fury Rune; Chaos Rune", "P1 error forgetting_to_draw_cards")
    assert table.state["phase"] == "action" and flagged(table)["rule"] == "315.4.b"
    assert table.state["players"]["P1"]["hand_count"] == 4
    table.do('P1 remedy forgetting_to_draw_cards +cards=["Void Seeker"]')
    assert table.state["players"]["P1"]["hand_count"] == 5 and error(table)["remedy"]["rule"] == "TR 702.4.a.1"
    table.flags('P1 remedy forgetting_to_draw_cards +cards=["Gust"]', rule="TR 702.4")  # remedied already


def test_a_forgotten_draw_found_after_a_round_cycle_is_not_drawn_tr_702_4_a_2():
    table = Table.after_setup("audit").do("P1 channel Fury Rune; Chaos Rune", "P1 error forgetting_to_draw_cards",
                                          "P1 end turn", "P2 channel Calm Rune; Mind Rune; Calm Rune", "P2 draw ?",
                                          "P2 end turn")
    table.flags('P1 remedy forgetting_to_draw_cards +cards=["Void Seeker"]', rule="TR 702.4.a.2")


def test_the_remedy_draws_as_many_cards_as_were_missed_tr_702_4_a_1():
    table = Table.after_setup("audit").do("P1 channel Fury Rune; Chaos Rune", "P1 error forgetting_to_draw_cards")
    table.flags('P1 remedy forgetting_to_draw_cards +cards=["Void Seeker", "Gust"]', rule="TR 702.4.a.1")
    table.flags('P2 remedy forgetting_to_draw_cards +cards=["Gust"]', rule="TR 702.4")  # P1's to draw


# -- runes channelled wrongly (TR 702.6, 702.7) --------------------------------------------------------------------
def test_too_many_runes_channelled_are_flagged_and_shuffled_back_tr_702_6_b_2():
    table = Table.after_setup("audit").do("P1 channel Fury Rune; Chaos Rune; Fury Rune")
    assert (flagged(table)["rule"], flagged(table)["tr"]) == ("315.3.b", "TR 702.6")
    assert error(table)["extra"] == 1
    extra = table.state["players"]["P1"]["runes"][-1]
    table.do({"type": "remedy", "player": "P1", "infraction": "channeling_too_many_runes", "runes": [extra]})
    assert len(table.state["players"]["P1"]["runes"]) == 2 and table.state["players"]["P1"]["rune_deck_count"] == 10


def test_too_many_runes_are_refused_in_a_strict_match_tr_702_6():
    Table.after_setup().refuses("P1 channel Fury Rune; Chaos Rune; Fury Rune", rule="315.3.b")


def test_the_extra_runes_shuffled_back_are_runes_of_the_erring_player_tr_702_6_b_2():
    table = Table.after_setup("audit").do("P1 channel Fury Rune; Chaos Rune; Fury Rune")
    table.flags('P1 remedy channeling_too_many_runes +runes=["o1"]', rule="TR 702.6.b.2")


def test_too_few_runes_channelled_are_flagged_and_channelled_later_tr_702_7_b_1():
    table = Table.after_setup("audit").do("P1 channel Fury Rune")
    assert (flagged(table)["infraction"], flagged(table)["tr"]) == ("channeling_too_few_runes", "TR 702.7")
    table.do('P1 remedy channeling_too_few_runes +runes=["Chaos Rune"]')
    assert len(table.state["players"]["P1"]["runes"]) == 2 and error(table)["remedy"]["rule"] == "TR 702.7.b.1"


def test_the_second_players_extra_rune_forgotten_is_too_few_runes_644_7_tr_702_7():
    table = Table.after_setup("audit").do("P1 channel Fury Rune; Chaos Rune", "P1 draw Void Seeker", "P1 end turn",
                                          "P2 channel Calm Rune; Mind Rune")
    assert (flagged(table)["rule"], flagged(table)["infraction"]) == ("644.7", "channeling_too_few_runes")


# -- a mispayment, extra cards drawn, a mulligan error (TR 702.9, 702.12, 702.14) ------------------------------------
def test_an_underpaid_cost_is_a_mispayment_corrected_by_exhausting_runes_tr_702_9_b_2():
    table = Table.from_position(ARENA, "audit").do("P1 play Shakedown -> Stalwart Poro $1")
    assert (flagged(table)["rule"], flagged(table)["tr"]) == ("354.1", "TR 702.9")
    runes = [rune for rune in table.state["players"]["P1"]["runes"]
             if not table.state["objects"][rune]["exhausted"]][:1]
    table.do({"type": "remedy", "player": "P1", "infraction": "mispayment_for_cost", "exhaust": runes})
    assert table.state["objects"][runes[0]]["exhausted"] and error(table)["remedy"]["rule"] == "TR 702.9.b.2"
    table.flags({"type": "remedy", "player": "P1", "infraction": "mispayment_for_cost", "about": 3, "exhaust": []},
                rule="TR 702.9")  # remedied already


def test_extra_cards_drawn_are_chosen_by_the_next_opponent_and_shuffled_away_tr_702_12_b_3():
    table = Table.after_setup("audit").do("P1 channel Fury Rune; Chaos Rune", "P1 draw Void Seeker; Gust")
    assert (flagged(table)["rule"], flagged(table)["tr"]) == ("315.4.b", "TR 702.12")
    chosen = table.state["players"]["P1"]["hand"][0]
    table.flags({"type": "remedy", "player": "P1", "infraction": "drawing_extra_cards", "cards": [chosen]},
                rule="TR 702.12.b.3")  # the erring player does not choose
    table.do({"type": "remedy", "player": "P2", "infraction": "drawing_extra_cards", "cards": [chosen]})
    assert chosen not in table.state["objects"] and table.state["players"]["P1"]["hand_count"] == 5


def test_extra_cards_found_after_a_round_cycle_are_still_shuffled_away_at_that_time_tr_702_12_b_4():
    table = Table.after_setup("audit").do("P1 channel Fury Rune; Chaos Rune", "P1 draw Void Seeker; Gust")
    chosen = table.state["players"]["P1"]["hand"][0]
    table.do("P1 end turn", *P2_TURN, "P1 channel Fury Rune; Chaos Rune")  # turn 3: a full round cycle has passed
    table.flags({"type": "remedy", "player": "P1", "infraction": "drawing_extra_cards", "cards": [chosen]},
                rule="TR 702.12.b.4")  # still the next opponent's choice
    hand = table.state["players"]["P1"]["hand_count"]
    table.do({"type": "remedy", "player": "P2", "infraction": "drawing_extra_cards", "cards": [chosen]})
    assert chosen not in table.state["objects"] and table.state["players"]["P1"]["hand_count"] == hand - 1
    [extra] = [entry for entry in table.state["errors"] if entry["infraction"] == "drawing_extra_cards"]
    assert extra["remedy"]["rule"] == "TR 702.12.b.4"


def test_a_mulligan_of_three_cards_is_remedied_by_the_opponents_choice_before_play_tr_702_14_a_1():
    table = Table("audit").do(*SETUP[:3])
    hand = table.state["players"]["P1"]["hand"]
    table.do({"type": "mulligan", "player": "P1", "set_aside": hand[:3]})
    assert (flagged(table)["rule"], flagged(table)["tr"]) == ("117.1", "TR 702.14")
    table.do("P1 draw Void Seeker; Flame Chompers; Pouty Poro")
    chosen = table.state["players"]["P1"]["hand"][-1]
    table.do({"type": "remedy", "player": "P2", "infraction": "mulligan_procedure_error", "cards": [chosen],
              "draw": ["Gust"]})
    assert chosen not in table.state["objects"] and table.state["players"]["P1"]["hand_count"] == 4
    assert error(table)["remedy"]["rule"] == "TR 702.14.a.1"


def test_a_mulligan_error_found_after_play_began_stands_tr_702_14_a_2():
    table = Table("audit").do(*SETUP[:3])
    hand = table.state["players"]["P1"]["hand"]
    table.do({"type": "mulligan", "player": "P1", "set_aside": hand[:3]}, "P1 draw Void Seeker; ?; ?", "P2 keep",
             "P1 channel Fury Rune; Chaos Rune")
    table.flags({"type": "remedy", "player": "P2", "infraction": "mulligan_procedure_error", "cards": []},
                rule="TR 702.14.a.2")


# -- a ready forgotten (TR 702.15) ---------------------------------------------------------------------------------
def test_a_forgotten_ready_leaves_the_unit_exhausted_until_the_remedy_that_turn_tr_702_15_a_1():
    table = Table.from_position(P1_HOLDS, "audit").do("P2 end turn", "P1 error forgetting_to_ready Legion Rearguard")
    rearguard = table.obj("P1", "Legion Rearguard")
    assert rearguard["exhausted"] and (flagged(table)["rule"], flagged(table)["tr"]) == ("315.1.a", "TR 702.15")
    table.do("P1 remedy forgetting_to_ready")
    assert not table.obj("P1", "Legion Rearguard")["exhausted"]


def test_a_forgotten_ready_found_in_a_later_turn_is_left_as_it_is_tr_702_15_a_2():
    table = Table.from_position(P1_HOLDS, "audit").do("P2 end turn", "P1 error forgetting_to_ready Legion Rearguard",
                                                      "P1 channel Fury Rune; Chaos Rune", "P1 draw ?", "P1 end turn")
    table.flags("P1 remedy forgetting_to_ready", rule="TR 702.15.a.2")


def test_only_the_turn_player_forgets_to_ready_their_own_objects_tr_702_15():
    table = Table.from_position(P1_HOLDS, "audit").do("P2 end turn")
    table.flags("P2 error forgetting_to_ready Clockwork Keeper", rule="TR 702.15")
    table.flags("P1 error forgetting_to_ready Clockwork Keeper", rule="TR 702.15")


@pytest.mark.parametrize(("line", "rule"), [("P1 error forgetting_to_ready Legion Rearguard", "TR 702.15"),
                                            ("P1 error forgetting_to_draw_cards", "TR 702.4"),
                                            ('P1 error missed_trigger Flame Chompers "start of turn"', "TR 702.2")])
def test_a_strict_match_refuses_every_error_as_played_tr_702(line, rule):
    table = Table.from_position(P1_HOLDS).do("P2 end turn")
    assert "strict match" in str(table.refuses(line, rule=rule))


def test_the_cards_a_remedy_draws_are_the_drawing_players_alone_127():
    from engine.views import redact_event
    event = {"type": "remedy", "player": "P1", "infraction": "forgetting_to_draw_cards", "cards": ["Void Seeker"]}
    assert redact_event(event, "spectator")["cards"] == [None] and redact_event(event, "P2")["cards"] == [None]
    assert redact_event(event, "P1") == event
    mulligan = {"type": "remedy", "player": "P2", "infraction": "mulligan_procedure_error", "cards": ["o7"],
                "draw": ["Gust"]}
    assert redact_event(mulligan, "P2")["draw"] == [None] and redact_event(mulligan, "judge") == mulligan


def test_no_error_is_recorded_as_played_before_the_game_is_under_way_tr_702():
    table = Table("audit").do(*SETUP[:1])
    table.flags("P1 error forgetting_to_draw_cards", rule="TR 702.4")
    assert table.state["errors"] == []
