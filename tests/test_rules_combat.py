"""Combat (2025-06-02 Core Rules 620-628) with Assault (719), Shield (726) and Tank (727)."""
from __future__ import annotations

from positions import ARENA, NO_TANK
from table import Table


def attacking(line: str = ARENA, units: str = "Legion Rearguard; Chemtech Enforcer; Flame Chompers",
              policy: str = "strict") -> Table:
    """P1 moved `units` to Altar to Unity (bf2), which P2 holds: a combat began there."""
    return Table.from_position(line, policy).do(f"P1 move {units} -> bf2")


def at_damage(line: str = ARENA, units: str = "Legion Rearguard; Chemtech Enforcer; Flame Chompers",
              policy: str = "strict") -> Table:
    """The same combat after both players passed Focus: its damage step."""
    return attacking(line, units, policy).do("P1 pass", "P2 pass")


def test_moving_into_a_held_battlefield_begins_a_combat_with_the_mover_attacking_624_625_1_a():
    table = attacking()
    combat = table.state["combat"]
    assert (combat["battlefield"], combat["attacker"], combat["defender"], combat["step"]) == \
        ("bf2", "P1", "P2", "showdown")
    assert table.obj("P1", "Flame Chompers")["attacker"] and table.obj("P2", "Sunlit Guardian")["defender"]
    assert not table.obj("P2", "Clockwork Keeper")["defender"]  # at base, not in the combat
    assert table.state["showdown"]["combat"] and table.state["focus"] == "P1"  # 340.1, 341
    assert table.state["relevant_players"] == ["P1", "P2"]


def test_assault_adds_to_an_attackers_might_and_shield_to_a_defenders_719_1_c_726_1_c():
    table = attacking()
    assert table.obj("P1", "Chemtech Enforcer")["might"] == 4  # 2, Assault 2 from the catalog's keyword value
    assert table.obj("P1", "Legion Rearguard")["might"] == 2
    assert table.obj("P2", "Sunlit Guardian")["might"] == 4 and table.obj("P2", "Stalwart Poro")["might"] == 3


def test_the_damage_step_awaits_the_attackers_summed_might_first_626_1_b_626_1_d():
    table = at_damage()
    assert table.state["combat"]["step"] == "damage"
    defenders = [table.find("P2", "Sunlit Guardian"), table.find("P2", "Stalwart Poro")]
    assert table.state["awaiting"] == [{"player": "P1", "kind": "assign_damage", "amount": 9, "units": defenders}]
    assert table.state["priority"] is None


def test_the_defender_does_not_assign_before_the_attacker_626_1_d():
    at_damage().refuses("P2 assign Legion Rearguard 2; Chemtech Enforcer 4; Flame Chompers 1", rule="626.1.d")


def test_a_tank_must_be_assigned_lethal_damage_before_any_other_unit_626_1_d_1():
    at_damage().refuses("P1 assign Stalwart Poro 9", rule="626.1.d.1")


def test_lethal_damage_is_assigned_in_full_before_the_next_unit_626_1_d_2():
    at_damage(NO_TANK, "Legion Rearguard").refuses("P1 assign Stalwart Poro 1; Clockwork Keeper 1",
                                                   rule="626.1.d.2")


def test_the_damage_assigned_must_total_the_summed_might_626_1_d():
    at_damage().refuses("P1 assign Sunlit Guardian 4", rule="626.1.d")


def test_damage_goes_only_to_the_other_sides_units_in_the_combat_626_1_d():
    at_damage().refuses("P1 assign Clockwork Keeper 9", rule="626.1.d")


def test_a_refused_assignment_in_strict_is_kept_and_flagged_in_audit_626_1_d_1():
    table = at_damage(policy="audit")
    table.flags("P1 assign Stalwart Poro 9", rule="626.1.d.1")
    assert table.obj("P2", "Stalwart Poro")["damage"] == 9


def test_a_stunned_unit_adds_no_might_to_its_sides_damage_599_1_b():
    table = at_damage(ARENA.replace("Chemtech Enforcer;", "Chemtech Enforcer~;"))
    assert table.state["awaiting"][0]["amount"] == 5


def test_after_both_assign_lethal_units_die_and_the_last_attackers_conquer_627_1_627_3():
    table = at_damage().do("P1 assign Sunlit Guardian 4; Stalwart Poro 5",
                           "P2 assign Chemtech Enforcer 4; Flame Chompers 3")
    assert table.state["combat"] is None and table.state["showdown"] is None
    assert table.cards(table.state["players"]["P2"]["trash"]) == ["Sunlit Guardian", "Stalwart Poro"]
    assert table.obj("P1", "Legion Rearguard")["location"] == "bf2"
    battlefield = table.state["battlefields"][1]
    assert (battlefield["controller"], battlefield["contested"]) == ("P1", False)
    assert table.state["scores"]["P1"] == 1  # the Conquer (630.1)
    assert table.obj("P1", "Legion Rearguard")["damage"] == 0 and not table.obj("P1", "Legion Rearguard")["attacker"]
    assert table.state["priority"] == "P1" and table.state["state"] == "neutral_open"


def test_when_both_sides_survive_the_attackers_are_recalled_627_2():
    line = ARENA.replace("bf2:Sunlit Guardian;Stalwart Poro", "bf2:Sunlit Guardian~;Stalwart Poro~")
    table = at_damage(line, "Legion Rearguard")
    assert [entry["player"] for entry in table.state["awaiting"]] == ["P1"]  # P2's stunned units deal none
    table.do("P1 assign Sunlit Guardian 2")
    rearguard = table.obj("P1", "Legion Rearguard")
    assert rearguard["location"] == "base:P1" and rearguard["exhausted"]
    assert table.state["battlefields"][1]["controller"] == "P2" and table.state["scores"] == {"P1": 0, "P2": 0}
    assert table.obj("P2", "Sunlit Guardian")["damage"] == 0  # 627.5


def test_a_combat_whose_attackers_are_gone_skips_to_the_resolution_626_1_a():
    table = attacking(units="Legion Rearguard").do(
        "P1 pass", "P2 play Stupefy -> Legion Rearguard $1", "P2 pass", "P1 pass",
        "resolve Stupefy: kill Legion Rearguard", "P1 pass", "P2 pass")
    assert table.state["combat"] is None and table.state["awaiting"] == [{"player": "P1", "kind": "action"}]
    assert table.state["battlefields"][1]["controller"] == "P2"


def test_a_unit_that_leaves_the_combats_battlefield_loses_its_attacker_status_521():
    table = attacking(units="Legion Rearguard; Flame Chompers").do(
        "P1 pass", "P2 play Stupefy -> Legion Rearguard $1", "P2 pass", "P1 pass",
        "resolve Stupefy: recall Legion Rearguard")
    assert not table.obj("P1", "Legion Rearguard")["attacker"]
    assert table.obj("P1", "Flame Chompers")["attacker"]


def test_no_combat_damage_is_assigned_outside_a_damage_step_626_1():
    Table.from_position(ARENA).refuses("P1 assign Sunlit Guardian 4", rule="626.1")
