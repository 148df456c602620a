"""Movement: the Standard Move (rule 140) and moves by effects (608-615), 2025-06-02 Core Rules."""
from __future__ import annotations

from positions import ARENA, BOTH_HELD
from table import Table

from engine import movement
from engine.rulings import Context


def test_a_standard_move_exhausts_the_units_and_takes_them_together_to_one_destination_140_2_140_3():
    table = Table.from_position(ARENA).do("P1 move Legion Rearguard; Flame Chompers -> bf1")
    for card in ("Legion Rearguard", "Flame Chompers"):
        unit = table.obj("P1", card)
        assert unit["location"] == "bf1" and unit["exhausted"]
    assert table.obj("P1", "Chemtech Enforcer")["location"] == "base:P1"


def test_an_exhausted_unit_cannot_pay_for_its_move_140_2():
    table = Table.from_position(ARENA.replace("Flame Chompers |", "Flame Chompers* |"))
    table.refuses("P1 move Flame Chompers -> bf1", rule="140.2")


def test_a_move_while_a_chain_exists_is_refused_140_1_b():
    table = Table.from_position(ARENA).do("P1 play Shakedown -> Stalwart Poro $2 / Fury Rune")
    table.refuses("P1 move Legion Rearguard -> bf1", rule="140.1.b")


def test_a_move_during_a_showdown_is_refused_140_1_c():
    table = Table.from_position(ARENA).do("P1 move Legion Rearguard -> bf1")
    assert table.state["showdown"] is not None
    table.refuses("P1 move Flame Chompers -> bf1", rule="140.1.c")


def test_only_the_turn_player_moves_in_their_action_phase_140_1_a():
    Table.from_position(ARENA).refuses("P2 move Clockwork Keeper -> bf1", rule="140.1.a")


def test_units_move_from_a_battlefield_back_to_their_base_140_4_b():
    table = Table.from_position(BOTH_HELD).do("P1 move Flame Chompers -> base")
    assert table.obj("P1", "Flame Chompers")["location"] == "base:P1"
    assert table.state["battlefields"][0]["controller"] is None  # no unit of P1's is left there (181.4.d)


def test_a_move_from_battlefield_to_battlefield_needs_ganking_140_4_c_1():
    table = Table.from_position(BOTH_HELD, "audit")
    table.flags("P1 move Flame Chompers -> bf2", rule="140.4.c.1")


def test_a_unit_with_ganking_moves_from_battlefield_to_battlefield_722():
    table = Table.from_position(BOTH_HELD).do("P1 play Gust -> Clockwork Keeper $1", "P1 pass", "P2 pass",
                                              "resolve Gust: grant Flame Chompers +Ganking")
    table.do("P1 move Flame Chompers -> bf2")
    assert table.obj("P1", "Flame Chompers")["location"] == "bf2"
    assert table.state["combat"]["battlefield"] == "bf2"


def test_no_unit_moves_to_a_battlefield_with_units_of_two_other_players_612_2():
    # Two other players' units at one battlefield need three players: the duel and the match have two, so the
    # check is shown on a state where a third player's unit stands at Altar to Unity beside P2's.
    table = Table.from_position(ARENA)
    state = table.state
    state["turn_order"].append("P3")
    state["objects"][table.find("P2", "Stalwart Poro")]["controller"] = "P3"
    context = Context(state, state["seq"] + 1)
    movement.check_destination(context, "P1", "bf2", [table.obj("P1", "Legion Rearguard")])
    assert [violation["rule"] for violation in context.violations] == ["612.2"]


def test_a_move_by_an_effect_moves_a_unit_without_exhausting_it_612():
    table = Table.from_position(ARENA).do("P1 play Gust -> Clockwork Keeper $1", "P1 pass", "P2 pass",
                                          "resolve Gust: move Legion Rearguard -> bf1")
    unit = table.obj("P1", "Legion Rearguard")
    assert unit["location"] == "bf1" and not unit["exhausted"]
    assert table.state["showdown"]["battlefield"] == "bf1"  # it contested bf1 (613.1)


def test_a_recall_is_not_a_move_and_contests_nothing_617():
    table = Table.from_position(BOTH_HELD).do("P1 play Gust -> Clockwork Keeper $1", "P1 pass", "P2 pass",
                                              "resolve Gust: recall Flame Chompers")
    assert table.obj("P1", "Flame Chompers")["location"] == "base:P1"
    assert not any(entry["contested"] for entry in table.state["battlefields"])


def test_a_move_to_no_location_of_the_match_is_refused_140_4():
    Table.from_position(ARENA).refuses({"type": "move", "player": "P1", "units": [
        Table.from_position(ARENA).find("P1", "Legion Rearguard")], "to": "bf9"}, rule="140.4")
