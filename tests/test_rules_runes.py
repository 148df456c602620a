"""Runes and the rune pool (rules 153-161, 605), costs (later revision 353-354), and cleanups (518-520)."""
from __future__ import annotations

import engine
from engine.play import suggested_payment
from table import Table


def test_exhausting_a_rune_adds_one_energy_157_2_a():
    table = Table.at_action().do("P1 add Fury Rune")
    assert table.state["players"]["P1"]["pool"] == {"energy": 1, "power": {}}
    assert table.obj("P1", "Fury Rune")["exhausted"]


def test_recycling_a_rune_adds_power_of_its_domain_and_returns_it_to_the_rune_deck_157_2_b_594_1_b():
    table = Table.at_action()
    rune = table.find("P1", "Chaos Rune")
    table.do("P1 add 0 / Chaos Rune")
    p1 = table.state["players"]["P1"]
    assert p1["pool"] == {"energy": 0, "power": {"Chaos": 1}}
    assert rune not in table.state["objects"] and p1["rune_deck_count"] == 11 and len(p1["runes"]) == 1


def test_an_exhausted_rune_cannot_pay_its_tap_cost_again_157_2_a():
    table = Table.at_action().do("P1 add Fury Rune")
    table.refuses("P1 add Fury Rune", rule="157.2.a")


def test_only_a_runes_controller_uses_it_182_3_a():
    table = Table.at_action()
    table.refuses(f"P2 add {table.find('P1', 'Fury Rune')}", rule="182.3.a")


def test_adding_from_something_that_is_not_a_rune_is_refused_157():
    table = Table.at_action()
    table.refuses(f"P1 add {table.state['players']['P1']['legend']}", rule="157")
    table.refuses("P1 add o999", rule="157")


def test_a_cost_that_the_pool_cannot_pay_is_refused_354_1():
    refusal = Table.at_action().refuses("P1 play Legion Rearguard $1", rule="354.1")
    assert "1 Energy and 0 Power are missing" in str(refusal)


def test_power_must_be_of_the_cards_domain_156_2():
    Table.with_units().refuses("P1 play Shakedown -> Stalwart Poro $2 / Chaos Rune", rule="354.1")


def test_energy_added_earlier_in_the_turn_pays_a_later_cost_159():
    table = Table.at_action().do("P1 add 2", "P1 play Legion Rearguard")
    assert table.state["players"]["P1"]["pool"]["energy"] == 0
    assert table.obj("P1", "Legion Rearguard")["zone"] == "board"


def test_lethal_damage_kills_in_the_cleanup_after_a_resolution_520():
    table = Table.with_units().do("P1 play Shakedown -> Stalwart Poro $2 / Fury Rune", "P1 pass", "P2 pass")
    poro = table.find("P2", "Stalwart Poro")
    table.do("resolve Shakedown: damage Stalwart Poro 2")
    assert table.state["objects"][poro]["zone"] == "trash" and poro in table.state["players"]["P2"]["trash"]
    assert table.state["objects"][poro]["damage"] == 0  # rule 109: temporary modifications end with the zone


def test_a_token_put_into_a_non_board_zone_ceases_to_exist_177_1():
    table = Table.with_units().do("P1 play Shakedown -> Stalwart Poro $2 / Fury Rune", "P1 pass", "P2 pass",
                                  "resolve Shakedown: token P1 Recruit")
    recruit = table.obj("P1", "Recruit")
    assert (recruit["might"], recruit["exhausted"], recruit["token"]) == (1, True, True)  # rule 178.1, 139.4
    table.do("P1 play Gust $1", "P1 pass", "P2 pass", "resolve Gust: kill Recruit")
    assert recruit["id"] not in table.state["objects"] and table.state["players"]["P1"]["trash"][-1:] != [
        recruit["id"]]


def test_ops_on_illegal_targets_are_flagged_and_skipped_in_audit_356_3_e_6():
    table = Table.with_units("audit").do("P1 play Shakedown -> Stalwart Poro $2 / Fury Rune", "P1 pass", "P2 pass",
                                         "resolve Shakedown: damage o999 1 | damage Nine-Tailed Fox@legend 1"
                                         " | spend_buff Stalwart Poro | damage Stalwart Poro 1")
    assert table.rules() == ["356.3.e.6", "356.3.e.2", "702.2.b.1"]
    assert table.obj("P2", "Stalwart Poro")["damage"] == 1  # the legal op still applied


def test_no_resources_are_added_before_the_first_turn_118():
    table = Table().do("game 1: P1 first; P1 Zaun Warrens; P2 Altar to Unity")
    table.refuses({"type": "add", "player": "P1"}, rule="118")


def test_the_suggested_payment_exhausts_ready_runes_for_the_energy_of_the_total_cost_353_157_2_a():
    # A recording screen marks these runes when a card is tapped (issue 15): the cost is the engine's (353).
    table = Table.at_action()
    p1 = table.state["players"]["P1"]
    rearguard, gust = table.find("P1", "Legion Rearguard", "hand"), table.find("P1", "Gust", "hand")
    assert suggested_payment(table.state, "P1", rearguard) == {"exhaust": p1["runes"], "recycle": []}
    assert suggested_payment(table.state, "P1", gust) == {"exhaust": p1["runes"][:1], "recycle": []}
    table.do({"type": "play", "player": "P1", "card": rearguard, "pay": suggested_payment(table.state, "P1", rearguard)})
    assert table.state["players"]["P1"]["base"] == [rearguard]


def test_no_payment_is_suggested_when_the_runes_cannot_pay_or_the_card_is_not_played_157_2():
    table = Table.at_action()
    p1 = table.state["players"]["P1"]
    void_seeker = table.find("P1", "Void Seeker", "hand")  # 3 Energy and a Power: two runes cannot pay it
    assert suggested_payment(table.state, "P1", void_seeker) is None
    assert suggested_payment(table.state, "P1", p1["runes"][0]) is None  # a rune is channeled, never played


def test_the_suggested_payment_recycles_a_rune_of_the_cards_domain_for_its_power_157_2_b():
    table = Table.with_units()  # four ready runes: Fury, Chaos, Fury, Chaos
    shakedown = table.find("P1", "Shakedown", "hand")
    payment = suggested_payment(table.state, "P1", shakedown)
    domains = engine.demo_catalog().get("Shakedown")["domains"]
    recycled = [table.state["objects"][rune]["card"] for rune in payment["recycle"]]
    assert len(payment["exhaust"]) == 2 and recycled == [f"{domains[0]} Rune"]
    table.do({"type": "play", "player": "P1", "card": shakedown, "pay": payment,
              "targets": [table.find("P2", "Stalwart Poro")]})
    assert table.state["violations"] == []


def test_a_card_drawn_unseen_is_costed_as_the_card_it_is_named_157_2():
    table = Table.after_setup().do("P1 channel Fury Rune; Chaos Rune", "P1 draw ?")
    unseen = table.state["players"]["P1"]["hand"][-1]
    assert suggested_payment(table.state, "P1", unseen) is None  # no name, no cost
    assert suggested_payment(table.state, "P1", unseen, "Pouty Poro") == {
        "exhaust": table.state["players"]["P1"]["runes"], "recycle": []}
    assert suggested_payment(table.state, "P1", unseen, "Sai Scout") is None  # 6 Energy: two runes cannot pay
