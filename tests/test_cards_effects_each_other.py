"""Two units dealing damage equal to their Mights to each other, checked against the card (issue 26, "Honest
coverage"; engine/cards/resolutions.py `_each_other`): in a "checked" match a `resolve` must record one damage to
each of the two units the card names, each the other's Might, or be refused in strict citing v1.4 359.3.d, quoting
the card; flagged in audit. Real gallery cards, v1.4:

- Spiritforged's Marching Orders, "Choose a friendly unit anywhere and an enemy unit at a battlefield. They deal
  damage equal to their Mights to each other." ([Repeat]: the effect may be recorded again);
- Unleashed's Clash of Giants, "Choose two units. They deal damage equal to their Mights to each other.";
- Origins' Carnivorous Snapvine, "When you play me, choose an enemy unit at a battlefield. We deal damage equal to
  our Mights to each other." ("we": this unit and the one chosen).
"""
from __future__ import annotations

import pytest

from gallery_table import GalleryTable, deck
from test_rules_statics import deck_count

from engine.cards.effects import compile_ability

SPELL = "v1.4 359.3.d"
P1 = deck("Butcher of the Sands", ["Marching Orders", "Clash of Giants", "Combat Chef", "Crowd Favorite",
                                          "Carnivorous Snapvine"],
          ["Grove of the God-Willow", "Zaun Warrens", "Altar to Unity"])
P2 = deck("Master of Shadows", ["Shipyard Skulker"], ["Vilemaw's Lair", "Trifarian War Camp", "Windswept Hillock"])
P1_SEGMENT = ("runedeck:4 runes:4 Fury Rune;4 Body Rune hand:Marching Orders;Clash of Giants;Carnivorous Snapvine "
              "base:Combat Chef;Crowd Favorite")
P2_SEGMENT = "runedeck:8 runes:2 Fury Rune;2 Chaos Rune controls:bf2 bf2:Shipyard Skulker"
ORDERS = "Choose a friendly unit anywhere and an enemy unit at a battlefield. They deal damage equal to their Mights"


def table(policy: str = "strict") -> GalleryTable:
    line = (f"position turn 3 P1 action first P1 | P1 0 bf:Grove of the God-Willow deck:{deck_count(P1_SEGMENT)} "
            f"{P1_SEGMENT} | P2 0 bf:Vilemaw's Lair deck:{deck_count(P2_SEGMENT)} {P2_SEGMENT}")
    return GalleryTable(P1, P2, policy, rules="v1.4", abilities="checked").do(line)



def test_each_other_compiles_to_a_damage_between_the_two_units_chosen_with_nothing_unread():
    compiled = compile_ability({"kind": "spell", "text": f"{ORDERS} to each other."})
    [spec] = compiled["effects"]
    assert compiled["unread"] == [] and spec["op"] == "damage"
    assert [side.get("whose") for side in spec["mutual"]] == ["friendly", "enemy"]
    assert spec["mutual"][1]["where"] == "battlefield"


def test_we_names_this_unit_and_the_one_chosen():
    [spec] = compile_ability({"kind": "triggered", "text": "When you play me, choose an enemy unit at a battlefield. "
                                                           "We deal damage equal to our Mights to each other."})[
        "effects"]
    assert spec["mutual"][0] == {"self": True} and spec["mutual"][1]["whose"] == "enemy"


# -- Marching Orders ----------------------------------------------------------------------------------------------
def ordered(policy: str = "strict") -> GalleryTable:
    return table(policy).do("P1 play Marching Orders -> Combat Chef; Shipyard Skulker $3 / Body Rune", "P1 pass",
                            "P2 pass")


def test_marching_orders_each_dealing_its_might_to_the_other_is_legal():
    t = ordered().do("resolve Marching Orders: damage Combat Chef 3 | damage Shipyard Skulker 5")
    assert t.state["violations"] == [] and t.find("P2", "Shipyard Skulker", "trash")


@pytest.mark.parametrize(("ops", "why"), [
    ("damage Combat Chef 5 | damage Shipyard Skulker 3", "(Shipyard Skulker) deals its Might, 3"),
    ("damage Shipyard Skulker 5", "the card's two units deal damage to each other"),
    ("damage Combat Chef 3 | damage Crowd Favorite 5", "which are not the two units the card names"),
    ("", "records no damage for 'They deal damage equal to their Mights to each other.', and both units are there"),
])
def test_marching_orders_beyond_the_card_is_refused_v1_4_359_3_d(ops: str, why: str):
    refusal = ordered().refuses(f"resolve Marching Orders: {ops}" if ops else "resolve Marching Orders", rule=SPELL)
    assert why in str(refusal) and f'"{ORDERS} to each other."' in str(refusal)


def test_marching_orders_with_the_amounts_swapped_in_an_audit_match_is_flagged():
    ordered("audit").flags("resolve Marching Orders: damage Combat Chef 5 | damage Shipyard Skulker 3", rule=SPELL)


# -- Clash of Giants: any two units --------------------------------------------------------------------------------
def clashed() -> GalleryTable:
    return table().do("P1 play Clash of Giants -> Crowd Favorite; Shipyard Skulker $6 / Body Rune; Body Rune",
                      "P1 pass", "P2 pass")


def test_clash_of_giants_between_two_units_is_legal():
    t = clashed().do("resolve Clash of Giants: damage Crowd Favorite 3 | damage Shipyard Skulker 3")
    assert t.state["violations"] == []


def test_clash_of_giants_dealing_more_than_the_mights_is_refused_v1_4_359_3_d():
    refusal = clashed().refuses("resolve Clash of Giants: damage Crowd Favorite 3 | damage Shipyard Skulker 6",
                                rule=SPELL)
    assert "(Crowd Favorite) deals its Might, 3" in str(refusal)


# -- Carnivorous Snapvine: this unit and the one chosen ------------------------------------------------------------
def snapped() -> GalleryTable:
    return table().do("P1 play Carnivorous Snapvine $5 / Body Rune; Body Rune",
                      'P1 trigger Carnivorous Snapvine "when-you-play" -> Shipyard Skulker', "P1 pass", "P2 pass")


def test_carnivorous_snapvine_and_the_enemy_unit_dealing_their_mights_is_legal():
    t = snapped().do("resolve Carnivorous Snapvine: damage Carnivorous Snapvine 3 | damage Shipyard Skulker 6")
    assert t.state["violations"] == []


def test_carnivorous_snapvine_damage_between_two_other_units_is_refused_v1_4_406_5():
    refusal = snapped().refuses("resolve Carnivorous Snapvine: damage Combat Chef 3 | damage Shipyard Skulker 5",
                                rule="v1.4 406.5")
    assert "which are not the two units the card names" in str(refusal)
