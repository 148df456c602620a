"""Showdowns and Focus (later revision 337-345) and the cleanups that open them (2025-06-02 Core Rules 518-526)."""
from __future__ import annotations

from positions import ARENA, TWO_COMBATS
from table import Table


def moved_to_bf1(policy: str = "strict") -> Table:
    """P1 moved Legion Rearguard to Zaun Warrens, which nobody controls: a showdown opened there."""
    return Table.from_position(ARENA, policy).do("P1 move Legion Rearguard -> bf1")


def test_a_move_to_an_uncontrolled_battlefield_opens_a_showdown_in_the_cleanup_340_2_613_1():
    table = moved_to_bf1()
    showdown = table.state["showdown"]
    assert (showdown["battlefield"], showdown["combat"], showdown["attacker"]) == ("bf1", False, "P1")
    assert table.state["state"] == "showdown_open"
    assert table.state["battlefields"][0]["contested"] and table.state["battlefields"][0]["contested_by"] == "P1"


def test_the_player_who_applied_contested_gains_focus_and_priority_341_313_2():
    table = moved_to_bf1()
    assert (table.state["focus"], table.state["priority"]) == ("P1", "P1")
    assert table.state["awaiting"] == [{"player": "P1", "kind": "focus"}]


def test_passing_focus_hands_it_to_the_next_player_344_4():
    table = moved_to_bf1().do("P1 pass")
    assert table.state["focus"] == "P2" and table.state["showdown"]["passes"] == ["P1"]


def test_only_the_player_with_focus_passes_it_344():
    moved_to_bf1().refuses("P2 pass", rule="344")


def test_all_players_passing_in_sequence_ends_the_showdown_and_the_lone_player_conquers_345_2_a():
    table = moved_to_bf1().do("P1 pass", "P2 pass")
    assert table.state["showdown"] is None and table.state["focus"] is None
    battlefield = table.state["battlefields"][0]
    assert (battlefield["controller"], battlefield["contested"]) == ("P1", False)
    assert table.state["scores"]["P1"] == 1  # a Conquer (345.2.a.1, 630.1)
    assert table.state["priority"] == "P1" and table.state["state"] == "neutral_open"


def test_a_spell_without_action_or_reaction_is_refused_in_a_showdown_308_1_a():
    table = moved_to_bf1()
    table.refuses("P1 play Super Mega Death Rocket! -> Stalwart Poro $4 / Fury Rune", rule="308.1.a")


def test_a_unit_without_action_cannot_be_played_in_a_showdown_308_1_a():
    table = Table.from_position(ARENA.replace("hand:Gust;", "hand:Mystic Poro;Gust;").replace("deck:33", "deck:32"))
    table.do("P1 move Legion Rearguard -> bf1")
    table.refuses("P1 play Mystic Poro $2", rule="308.1.a")


def test_only_the_player_with_focus_plays_in_an_open_showdown_313_1():
    moved_to_bf1().refuses("P2 play Stupefy -> Legion Rearguard $1", rule="313.1")


def test_a_reaction_in_the_showdown_closes_it_and_the_chain_runs_as_usual_310_4():
    table = moved_to_bf1().do("P1 play Gust -> Clockwork Keeper $1")
    assert table.state["state"] == "showdown_closed" and table.state["priority"] == "P1"


def test_focus_passes_to_the_next_player_when_the_last_chain_item_resolves_343():
    table = moved_to_bf1().do("P1 play Gust -> Clockwork Keeper $1", "P1 pass", "P2 pass",
                              "resolve Gust: return Clockwork Keeper -> hand")
    assert table.state["focus"] == "P2" and table.state["priority"] == "P2"
    assert table.state["state"] == "showdown_open" and table.state["showdown"]["passes"] == []


def test_playing_a_card_starts_the_passes_in_sequence_over_344_3_a():
    table = moved_to_bf1().do("P1 pass", "P2 play Stupefy -> Legion Rearguard $1", "P2 pass", "P1 pass",
                              "resolve Stupefy: stun Legion Rearguard")
    assert table.state["showdown"]["passes"] == [] and table.state["focus"] == "P1"
    table.do("P1 pass")
    assert table.state["showdown"] is not None  # P2 has not passed since Stupefy
    table.do("P2 pass")
    assert table.state["showdown"] is None


def test_a_unit_killed_in_the_showdown_leaves_nobody_to_conquer_345_2():
    table = moved_to_bf1().do("P1 pass", "P2 play Stupefy -> Legion Rearguard $1", "P2 pass", "P1 pass",
                              "resolve Stupefy: kill Legion Rearguard", "P1 pass", "P2 pass")
    battlefield = table.state["battlefields"][0]
    assert (battlefield["controller"], battlefield["contested"]) == (None, False)
    assert table.state["scores"] == {"P1": 0, "P2": 0}


def test_two_players_units_left_after_a_showdown_stage_a_combat_with_the_contester_attacking_345_2_b():
    table = moved_to_bf1().do("P1 pass", "P2 play Stupefy -> Legion Rearguard $1", "P2 pass", "P1 pass",
                              "resolve Stupefy: move Clockwork Keeper -> bf1", "P1 pass", "P2 pass")
    combat = table.state["combat"]
    assert (combat["battlefield"], combat["attacker"], combat["defender"]) == ("bf1", "P1", "P2")
    assert table.state["showdown"]["combat"] and table.state["focus"] == "P1"


def test_the_turn_player_chooses_where_the_next_combat_begins_526():
    table = Table.from_position(TWO_COMBATS)
    assert table.state["awaiting"] == [{"player": "P1", "kind": "choose", "rule": "526",
                                        "candidates": ["bf1", "bf2"]}]
    assert table.state["combat"] is None and table.state["priority"] is None
    table.refuses("P2 choose bf1", rule="526")
    table.do("P1 choose bf2")
    assert table.state["combat"]["battlefield"] == "bf2" and table.state["choice"] is None


def test_a_choice_must_be_one_of_the_candidates_526():
    line = ARENA.replace("base:Legion Rearguard;Chemtech Enforcer;Flame Chompers",
                         "base:Legion Rearguard bf1:Chemtech Enforcer bf2:Flame Chompers")
    table = Table.from_position(line.replace("base:Clockwork Keeper bf2:", "bf1:Clockwork Keeper bf2:"))
    table.refuses({"type": "choose", "player": "P1", "choice": "bf7"}, rule="526")


def test_a_choice_is_asked_again_from_the_battlefields_where_a_combat_can_begin_now_524_1():
    """Found by fuzzing: in an audit match a flagged move emptied a candidate of one side, and choosing it began a
    combat with no defender (StopIteration). The move's cleanup asks again: only bf1 has a combat left, so it
    begins there, and there is nothing left to choose."""
    table = Table.from_position(TWO_COMBATS, "audit").do("P1 move Legion Rearguard; Flame Chompers -> bf1")
    assert table.state["choice"] is None and table.state["combat"]["battlefield"] == "bf1"
    table.flags("P1 choose bf2", rule="525")


def test_a_choice_when_none_is_awaited_is_refused_525():
    Table.from_position(ARENA).refuses("P1 choose bf1", rule="525")


def test_triggers_before_anything_else_in_a_combat_form_the_initial_chain_and_focus_stays_343_1():
    table = Table.from_position(ARENA).do("P1 move Chemtech Enforcer -> bf2",
                                          'P1 trigger Chemtech Enforcer "when I attack"')
    assert table.state["showdown"]["initial_chain"] is True
    assert table.state["state"] == "showdown_closed"  # 625.1.d
    item = table.state["chain"][-1]["id"]
    table.do("P1 pass", "P2 pass", f"resolve {item}: note \"attack trigger\"")
    assert table.state["focus"] == "P1" and table.state["showdown"]["initial_chain"] is False


def test_the_defenders_triggers_join_the_initial_chain_after_the_attackers_342_1_a():
    table = Table.from_position(ARENA, "audit").do("P1 move Chemtech Enforcer -> bf2",
                                                   'P2 trigger Sunlit Guardian "when I defend"')
    table.flags('P1 trigger Chemtech Enforcer "when I attack"', rule="342.1.a")


def test_a_combat_that_stopped_being_pending_is_not_resolved_and_the_choice_is_asked_again_524_1():
    line = ARENA.replace("base:Legion Rearguard;Chemtech Enforcer;Flame Chompers",
                         "base:Legion Rearguard bf1:Chemtech Enforcer bf2:Flame Chompers")
    line = line.replace("base:Clockwork Keeper bf2:", "bf1:Clockwork Keeper bf2:")
    table = Table.from_position(line.replace("P1 0 bf:Zaun Warrens", "P1 0 bf:Zaun Warrens contests:bf1;bf2"))
    table.do('P2 trigger Clockwork Keeper "when a combat is pending"')
    assert table.state["awaiting"] == [{"player": "P2", "kind": "priority"}]  # the chain comes first
    table.do("P2 pass", "P1 pass", "resolve c1: kill Clockwork Keeper")
    # No combat is left at Zaun Warrens: P1's units alone there, uncontrolled and contested, open a showdown first
    # (525), with Focus to P1; the combat at Altar to Unity follows it (526).
    assert table.state["showdown"]["battlefield"] == "bf1" and table.state["focus"] == "P1"
    table.do("P1 pass", "P2 pass")
    assert table.state["battlefields"][0]["controller"] == "P1"
    assert table.state["combat"]["battlefield"] == "bf2" and table.state["choice"] is None


def test_a_unit_recalled_from_a_combat_loses_its_assault_with_its_attacker_status_719_1_d_1():
    table = Table.from_position(ARENA).do("P1 move Chemtech Enforcer; Flame Chompers -> bf2", "P1 pass",
                                          "P2 play Stupefy -> Chemtech Enforcer $1", "P2 pass", "P1 pass",
                                          "resolve Stupefy: recall Chemtech Enforcer")
    enforcer = table.obj("P1", "Chemtech Enforcer")
    assert not enforcer["attacker"] and enforcer["might"] == 2


def test_focus_passes_after_a_unit_played_in_a_showdown_resolves_at_once_343_333_1_c():
    # Mystic Poro has no Action (flagged, 308.1.a), but once played it leaves the chain at once (333.1.c): the last
    # item of that chain resolved, so Focus passes to P2 (343).
    table = Table.from_position(ARENA.replace("hand:Gust;", "hand:Mystic Poro;Gust;").replace("deck:33", "deck:32"),
                                "audit").do("P1 move Legion Rearguard -> bf1")
    table.flags("P1 play Mystic Poro $2", rule="308.1.a")
    assert table.state["chain"] == [] and table.state["state"] == "showdown_open"
    assert (table.state["focus"], table.state["priority"]) == ("P2", "P2")


def test_the_turn_does_not_end_in_an_open_showdown_344():
    moved_to_bf1().refuses("P1 end turn", rule="344")
