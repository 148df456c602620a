"""Runes and the rune pool (rules 153-161, 605), costs (later revision 353-354), and cleanups (518-520)."""
from __future__ import annotations

from table import Table


def test_exhausting_a_rune_adds_one_energy_157_2_a():
    table = Table.at_action()
    [rune] = table.runes("P1", 1)
    table.do({"type": "add", "player": "P1", "exhaust": [rune]})
    assert table.state["players"]["P1"]["pool"] == {"energy": 1, "power": {}}
    assert table.state["objects"][rune]["exhausted"]


def test_recycling_a_rune_adds_power_of_its_domain_and_returns_it_to_the_rune_deck_157_2_b_594_1_b():
    table = Table.at_action()
    [rune] = table.runes("P1", 1, "Chaos")
    table.do({"type": "add", "player": "P1", "recycle": [rune]})
    p1 = table.state["players"]["P1"]
    assert p1["pool"] == {"energy": 0, "power": {"Chaos": 1}}
    assert rune not in table.state["objects"] and p1["rune_deck_count"] == 11 and len(p1["runes"]) == 1


def test_an_exhausted_rune_cannot_be_exhausted_again_592_1_b():
    table = Table.at_action()
    [rune] = table.runes("P1", 1)
    table.do({"type": "add", "player": "P1", "exhaust": [rune]})
    table.refuses({"type": "add", "player": "P1", "exhaust": [rune]}, rule="592.1.b")


def test_only_a_runes_controller_uses_it_182_3_a():
    table = Table.at_action()
    table.refuses({"type": "add", "player": "P2", "exhaust": table.runes("P1", 1)}, rule="182.3.a")


def test_adding_from_something_that_is_not_a_rune_is_refused_157():
    table = Table.at_action()
    legend = table.state["players"]["P1"]["legend"]
    table.refuses({"type": "add", "player": "P1", "exhaust": [legend]}, rule="157")
    table.refuses({"type": "add", "player": "P1", "exhaust": ["o999"]}, rule="157")


def test_a_cost_that_the_pool_cannot_pay_is_refused_354_1():
    table = Table.at_action()
    refusal = table.refuses({"type": "play", "player": "P1", "card": "Legion Rearguard",
                             "pay": {"exhaust": table.runes("P1", 1)}}, rule="354.1")
    assert "1 Energy and 0 Power are missing" in str(refusal)


def test_power_must_be_of_the_cards_domain_156_2():
    table = Table.with_units()
    table.refuses({"type": "play", "player": "P1", "card": "Shakedown", "targets": [table.find("P2", "Stalwart Poro")],
                   "pay": {"exhaust": table.runes("P1", 2)[:2],
                           "recycle": table.runes("P1", 1, "Chaos")}}, rule="354.1")


def test_energy_added_earlier_in_the_turn_pays_a_later_cost_159():
    table = Table.at_action()
    table.do({"type": "add", "player": "P1", "exhaust": table.runes("P1", 2)})
    table.do({"type": "play", "player": "P1", "card": "Legion Rearguard"})
    assert table.state["players"]["P1"]["pool"]["energy"] == 0
    assert table.obj("P1", "Legion Rearguard")["zone"] == "board"


def test_lethal_damage_kills_in_the_cleanup_after_a_resolution_520():
    table = Table.with_units()
    table.play("P1", "Shakedown", exhaust=2, recycle="Fury", target=("P2", "Stalwart Poro"))
    table.pass_("P1", "P2")
    poro = table.find("P2", "Stalwart Poro")
    table.resolve({"op": "damage", "target": poro, "amount": 2})
    assert table.state["objects"][poro]["zone"] == "trash" and poro in table.state["players"]["P2"]["trash"]
    assert table.state["objects"][poro]["damage"] == 0  # rule 109: temporary modifications end with the zone


def test_a_token_put_into_a_non_board_zone_ceases_to_exist_177_1():
    table = Table.with_units()
    table.play("P1", "Shakedown", exhaust=2, recycle="Fury", target=("P2", "Stalwart Poro"))
    table.pass_("P1", "P2")
    table.resolve({"op": "token", "kind": "Recruit", "controller": "P1"})
    recruit = table.obj("P1", "Recruit")
    assert (recruit["might"], recruit["exhausted"], recruit["token"]) == (1, True, True)  # rule 178.1, 139.4
    table.play("P1", "Gust", exhaust=1)
    table.pass_("P1", "P2")
    table.resolve({"op": "kill", "target": recruit["id"]})
    assert recruit["id"] not in table.state["objects"] and table.state["players"]["P1"]["trash"][-1:] != [
        recruit["id"]]


def test_ops_on_illegal_targets_are_flagged_and_skipped_in_audit_356_3_e_6():
    table = Table.with_units("audit")
    table.play("P1", "Shakedown", exhaust=2, recycle="Fury", target=("P2", "Stalwart Poro"))
    table.pass_("P1", "P2")
    legend = table.state["players"]["P2"]["legend"]
    poro = table.find("P2", "Stalwart Poro")
    table.do({"type": "resolve", "item": table.state["chain"][-1]["id"], "effects": [
        {"op": "damage", "target": "o999", "amount": 1},
        {"op": "damage", "target": legend, "amount": 1},
        {"op": "spend_buff", "target": poro},
        {"op": "damage", "target": poro, "amount": 1}]})
    rules = [violation["rule"] for violation in table.state["violations"]]
    assert rules == ["356.3.e.6", "356.3.e.2", "702.2.b.1"]
    assert table.state["objects"][poro]["damage"] == 1  # the legal op still applied
