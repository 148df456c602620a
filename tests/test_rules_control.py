"""Control of battlefields and the Contested status (2025-06-02 Core Rules 179-183)."""
from __future__ import annotations

from positions import ARENA, BOTH_HELD
from table import Table


def test_a_unit_arriving_where_its_controller_lacks_control_contests_the_battlefield_181_3_a():
    table = Table.from_position(ARENA).do("P1 move Flame Chompers -> bf2")
    battlefield = table.state["battlefields"][1]
    assert battlefield["contested"] and battlefield["contested_by"] == "P1"
    assert battlefield["controller"] == "P2"  # kept while it is contested (181.4.b)


def test_a_unit_arriving_at_its_controllers_battlefield_contests_nothing_181_3_a():
    table = Table.from_position(BOTH_HELD).do("P1 move Legion Rearguard -> bf1")
    assert not table.state["battlefields"][0]["contested"] and table.state["showdown"] is None


def test_a_player_with_no_units_left_at_a_battlefield_loses_control_of_it_181_4_d():
    table = Table.from_position(ARENA).do("P1 play Shakedown -> Stalwart Poro $2 / Fury Rune", "P1 pass", "P2 pass",
                                          "resolve Shakedown: kill Stalwart Poro | kill Sunlit Guardian")
    assert table.state["battlefields"][1]["controller"] is None


def test_a_battlefield_lost_is_not_held_next_turn_630_2():
    table = Table.from_position(ARENA).do("P1 play Shakedown -> Stalwart Poro $2 / Fury Rune", "P1 pass", "P2 pass",
                                          "resolve Shakedown: kill Stalwart Poro | kill Sunlit Guardian",
                                          "P1 end turn", "P2 pass")
    assert table.state["scores"]["P2"] == 0


def test_control_of_a_rune_moves_it_to_its_new_controllers_runes():
    table = Table.from_position(ARENA)
    rune = table.find("P2", "Calm Rune")
    table.do("P1 play Gust -> Clockwork Keeper $1", "P1 pass", "P2 pass", f"resolve Gust: control {rune} -> P1")
    assert rune in table.state["players"]["P1"]["runes"] and rune not in table.state["players"]["P2"]["runes"]
    assert table.state["objects"][rune]["controller"] == "P1"


def test_a_unit_taken_over_at_a_battlefield_contests_it_for_its_new_controller_181_3_a():
    table = Table.from_position(ARENA).do("P1 play Gust -> Clockwork Keeper $1", "P1 pass", "P2 pass",
                                          "resolve Gust: control Stalwart Poro -> P1")
    battlefield = table.state["battlefields"][1]
    assert battlefield["contested_by"] == "P1" and table.state["combat"]["attacker"] == "P1"
