"""Resolutions of the keyword triggers and spells whose effect their rule defines, checked against the card (issue
26, "Honest coverage"): in a "checked" match a `resolve` that goes beyond the keyword's rule is refused in strict
citing v1.4 406.5 (an ability executes just like a spell) or v1.4 359.3.d (a spell), quoting the card; flagged in
audit. Real gallery cards, v1.4:

- Spiritforged's Armed Assailant, [Weaponmaster]: "you may attach an Equipment you control to this unit" (v1.4
  821.1.c);
- Spiritforged's Long Sword, [Quick-Draw]: "When you play this, attach it to a Unit you control." (v1.4 819.1.d);
- Unleashed's Crowd Favorite, [Hunt] with no value: "gains 1 XP" (v1.4 823.1.c.1-c.2);
- Vendetta's Death Mark, [Burn 3]: the top 3 cards of its controller's Main Deck into their trash (v1.4 440);
- Spiritforged's Blood Rush, "Give a unit [Assault 2].": a keyword given with no duration lasts while the unit
  stays where it is (v1.4 801.3.a.3), not this turn only (the check of an op with no amount reads its duration,
  keyword and destination too).
"""
from __future__ import annotations

import pytest

from gallery_table import GalleryTable, deck, gallery_catalog
from test_rules_statics import deck_count

from engine.cards.effects import compile_ability

ABILITY, SPELL = "v1.4 406.5", "v1.4 359.3.d"
P1 = deck("Butcher of the Sands", ["Armed Assailant", "Long Sword", "Crowd Favorite", "Doran's Blade", "Blood Rush"],
          ["Grove of the God-Willow", "Zaun Warrens", "Altar to Unity"])
P2 = deck("Master of Shadows", ["Death Mark", "Doran's Ring", "Shipyard Skulker"],
          ["Vilemaw's Lair", "Trifarian War Camp", "Windswept Hillock"])
P2_SEGMENT = "runedeck:8 runes:2 Fury Rune;2 Chaos Rune base:Doran's Ring"


def table(p1: str, p2: str = P2_SEGMENT, player: str = "P1", policy: str = "strict") -> GalleryTable:
    line = (f"position turn 3 {player} action first P1 | P1 0 bf:Grove of the God-Willow deck:{deck_count(p1)} {p1} "
            f"| P2 0 bf:Vilemaw's Lair deck:{deck_count(p2)} {p2}")
    return GalleryTable(P1, P2, policy, rules="v1.4", abilities="checked").do(line)



def keyword_line(card: str, keyword: str) -> dict:
    [ability] = [a for a in gallery_catalog().card(card)["abilities"] if a.get("keyword") == keyword]
    return ability


@pytest.mark.parametrize(("card", "keyword", "ops"), [
    ("Armed Assailant", "Weaponmaster", [("attach", True)]),
    ("Long Sword", "Quick-Draw", [("attach", False)]),
    ("Crowd Favorite", "Hunt", [("xp", False)]),
    ("Death Mark", "Burn", [("burn", False)]),
])
def test_a_keyword_whose_rule_defines_the_effect_compiles_with_nothing_unread(card: str, keyword: str, ops: list):
    compiled = compile_ability(keyword_line(card, keyword), card)
    assert compiled["unread"] == []
    assert [(spec["op"], spec.get("optional", False)) for spec in compiled["effects"]] == ops


def test_hunt_with_no_value_gains_1_xp_v1_4_823_1_c_2():
    [spec] = compile_ability(keyword_line("Crowd Favorite", "Hunt"), "Crowd Favorite")["effects"]
    assert spec["amount"] == 1


# -- Weaponmaster (Armed Assailant): an Equipment you control, to this unit ----------------------------------------
ASSAILANT = "runedeck:4 runes:6 Fury Rune;2 Body Rune hand:Armed Assailant base:Doran's Blade;Crowd Favorite"


def weaponmaster(policy: str = "strict") -> GalleryTable:
    return table(ASSAILANT, policy=policy).do("P1 play Armed Assailant $6 / Fury Rune",
                                              'P1 trigger Armed Assailant "weaponmaster"', "P1 pass", "P2 pass")


def test_weaponmaster_attaching_an_equipment_you_control_to_the_unit_is_legal():
    t = weaponmaster().do("resolve Armed Assailant: attach Doran's Blade -> Armed Assailant $0 / Body Rune")
    assert t.state["violations"] == []
    assert t.obj("P1", "Doran's Blade")["attached_to"] == t.obj("P1", "Armed Assailant")["id"]


def test_weaponmaster_may_attach_nothing():
    assert weaponmaster().do("resolve Armed Assailant").state["violations"] == []


def test_weaponmaster_attaching_an_enemy_equipment_is_refused_v1_4_406_5():
    refusal = weaponmaster().refuses("resolve Armed Assailant: attach Doran's Ring -> Armed Assailant",
                                     rule=ABILITY)
    assert "Doran's Ring) is an enemy's (P2), and the card's target is friendly" in str(refusal)
    assert '"[Weaponmaster] (When you play me' in str(refusal)


def test_weaponmaster_attaching_to_another_unit_is_refused_v1_4_406_5():
    refusal = weaponmaster().refuses("resolve Armed Assailant: attach Doran's Blade -> Crowd Favorite $0 / Body Rune",
                                     rule=ABILITY)
    assert "the card acts on itself, not on" in str(refusal) and "(Crowd Favorite)" in str(refusal)


def test_weaponmaster_attaching_an_enemy_equipment_in_an_audit_match_is_flagged():
    weaponmaster("audit").flags("resolve Armed Assailant: attach Doran's Ring -> Armed Assailant",
                                rule=ABILITY)


# -- Quick-Draw (Long Sword): attach it to a unit you control -----------------------------------------------------
SWORD = "runedeck:4 runes:6 Fury Rune;2 Body Rune hand:Long Sword base:Crowd Favorite"


def quick_draw(policy: str = "strict", p1: str = SWORD) -> GalleryTable:
    return table(p1, "runedeck:8 runes:2 Fury Rune;2 Chaos Rune base:Doran's Ring;Shipyard Skulker",
                 policy=policy).do("P1 play Long Sword $2 / Fury Rune", 'P1 trigger Long Sword "quick-draw"',
                                   "P1 pass", "P2 pass")


def test_quick_draw_attaching_the_gear_to_a_unit_you_control_is_legal():
    t = quick_draw().do("resolve Long Sword: attach Long Sword -> Crowd Favorite")
    assert t.state["violations"] == []
    assert t.obj("P1", "Long Sword")["attached_to"] == t.obj("P1", "Crowd Favorite")["id"]


def test_quick_draw_attaching_to_an_enemy_unit_is_refused_v1_4_406_5():
    refusal = quick_draw().refuses("resolve Long Sword: attach Long Sword -> Shipyard Skulker", rule=ABILITY)
    assert "is an enemy's (P2), and the card's target is friendly" in str(refusal)


def test_quick_draw_attaching_another_gear_is_refused_v1_4_406_5():
    refusal = quick_draw().refuses("resolve Long Sword: attach Doran's Ring -> Crowd Favorite", rule=ABILITY)
    assert "the card acts on itself, not on" in str(refusal)


def test_quick_draw_left_out_while_a_unit_you_control_is_there_is_refused_v1_4_406_5():
    refusal = quick_draw().refuses("resolve Long Sword", rule=ABILITY)
    assert "records no attach for 'attach it to a unit you control'" in str(refusal)


def test_quick_draw_with_no_unit_you_control_attaches_nothing():
    t = quick_draw(p1="runedeck:4 runes:6 Fury Rune;2 Body Rune hand:Long Sword").do("resolve Long Sword")
    assert t.state["violations"] == []


def test_quick_draw_attaching_to_an_enemy_unit_in_an_audit_match_is_flagged():
    quick_draw("audit").flags("resolve Long Sword: attach Long Sword -> Shipyard Skulker", rule=ABILITY)


# -- Hunt (Crowd Favorite): gain 1 XP ------------------------------------------------------------------------------
def hunted(policy: str = "strict") -> GalleryTable:
    t = table("runedeck:8 runes:2 Fury Rune;2 Body Rune base:Crowd Favorite", policy=policy)
    return t.do("P1 move Crowd Favorite -> bf1", "P1 pass", "P2 pass", 'P1 trigger Crowd Favorite "hunt"', "P1 pass",
                "P2 pass")


def test_hunt_gaining_1_xp_is_legal():
    t = hunted().do("resolve Crowd Favorite: xp P1 1")
    assert t.state["violations"] == [] and t.state["players"]["P1"]["xp"] == 1


def test_hunt_gaining_2_xp_is_refused_v1_4_406_5():
    refusal = hunted().refuses("resolve Crowd Favorite: xp P1 2", rule=ABILITY)
    assert "the card says 1, not 2" in str(refusal) and '"[Hunt] (When I conquer or hold, gain 1 XP.)"' in str(refusal)


def test_hunt_gaining_2_xp_in_an_audit_match_is_flagged():
    hunted("audit").flags("resolve Crowd Favorite: xp P1 2", rule=ABILITY)


# -- Burn 3 (Death Mark): the top three cards into the trash ------------------------------------------------------
def death_mark(policy: str = "strict") -> GalleryTable:
    return table("runedeck:8 runes:2 Fury Rune;2 Body Rune",
                 "runedeck:4 runes:4 Fury Rune;4 Chaos Rune hand:Death Mark", player="P2", policy=policy).do(
        "P2 play Death Mark $2 / Chaos Rune", "P2 pass", "P1 pass")


def burned(cards: int) -> str:
    return "resolve Death Mark: burn P2 " + "; ".join(["?"] * cards) + " | token P2 Shadow Clone"


def test_death_mark_burning_3_is_legal():
    t = death_mark().do(burned(3))
    assert t.state["violations"] == [] and len(t.state["players"]["P2"]["trash"]) == 4  # and Death Mark itself


def test_death_mark_burning_2_is_refused_v1_4_359_3_d():
    refusal = death_mark().refuses(burned(2), rule=SPELL)
    assert "the card says burn 3, not 2" in str(refusal) and '"[Burn 3].' in str(refusal)


def test_death_mark_burning_4_in_an_audit_match_is_flagged():
    death_mark("audit").flags(burned(4), rule=SPELL)


# -- Blood Rush: a keyword given with no duration is not given for this turn only ------------------------------------
def rushed(policy: str = "strict") -> GalleryTable:
    return table("runedeck:8 runes:2 Fury Rune;2 Body Rune hand:Blood Rush base:Crowd Favorite", policy=policy).do(
        "P1 play Blood Rush -> Crowd Favorite $1", "P1 pass", "P2 pass")


def test_blood_rush_giving_assault_2_is_legal():
    assert rushed().do("resolve Blood Rush: grant Crowd Favorite +Assault=2").state["violations"] == []


@pytest.mark.parametrize(("grant", "why"), [
    ("grant Crowd Favorite +Assault=2 until turn", "the card's effect is not for this turn only"),
    ("grant Crowd Favorite +Assault=5", "the card gives [Assault 2]"),
    ("grant Crowd Favorite +Shield=2", "the card gives [Assault 2]"),
])
def test_blood_rush_given_for_this_turn_or_another_keyword_is_refused_v1_4_359_3_d(grant: str, why: str):
    refusal = rushed().refuses(f"resolve Blood Rush: {grant}", rule=SPELL)
    assert why in str(refusal) and '"Give a unit [Assault 2].' in str(refusal)


def test_blood_rush_given_for_this_turn_in_an_audit_match_is_flagged():
    rushed("audit").flags("resolve Blood Rush: grant Crowd Favorite +Assault=2 until turn", rule=SPELL)
