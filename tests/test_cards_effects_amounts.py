"""Amounts a card computes as it resolves, checked against the card (issue 26, "Honest coverage";
engine/cards/amounts.py): "for each enemy unit there", "for each of your [Mighty] units", "for each friendly unit",
"for each battlefield you or allies control", "equal to my Might", counted on the state as the item resolves. In a
"checked" match a `resolve` with another amount is refused in strict citing v1.4 359.3.d (a spell) or v1.4 406.5
(an ability), quoting the card; flagged in audit. Real gallery cards, v1.4:

- Spiritforged's Against the Odds, "Give a friendly unit at a battlefield +2 [S] this turn for each enemy unit
  there.";
- Spiritforged's Show of Strength, "Draw 1 for each of your [Mighty] units." (Mighty: 5 [S] or more, v1.4 708);
- Unleashed's Right of Conquest, "Draw 1, then draw 1 for each battlefield you or allies control." (one draw).
"""
from __future__ import annotations

import pytest

from gallery_table import GalleryTable, deck
from test_rules_statics import deck_count

from engine.cards.effects import compile_ability

SPELL = "v1.4 359.3.d"
P1 = deck("Butcher of the Sands", ["Against the Odds", "Show of Strength", "Right of Conquest", "Combat Chef",
                                   "Crowd Favorite"], ["Grove of the God-Willow", "Zaun Warrens", "Altar to Unity"])
P2 = deck("Master of Shadows", ["Shipyard Skulker", "Shipyard Skulker"],
          ["Vilemaw's Lair", "Trifarian War Camp", "Windswept Hillock"])
P1_SEGMENT = ("runedeck:4 runes:4 Fury Rune;4 Body Rune hand:Against the Odds;Show of Strength;Right of Conquest "
              "controls:bf1 bf1:Crowd Favorite base:Combat Chef")
P2_SEGMENT = "runedeck:8 runes:2 Fury Rune;2 Chaos Rune controls:bf2 bf2:2 Shipyard Skulker"


def table(policy: str = "strict") -> GalleryTable:
    line = (f"position turn 3 P1 action first P1 | P1 0 bf:Grove of the God-Willow deck:{deck_count(P1_SEGMENT)} "
            f"{P1_SEGMENT} | P2 0 bf:Vilemaw's Lair deck:{deck_count(P2_SEGMENT)} {P2_SEGMENT}")
    return GalleryTable(P1, P2, policy, rules="v1.4", abilities="checked").do(line)



@pytest.mark.parametrize(("text", "per"), [
    ("Draw 1 for each of your [Mighty] units.", {"each": {"whose": "friendly", "types": ["Unit"], "might_min": 5},
                                                 "times": 1}),
    ("Give a friendly unit at a battlefield +2 [S] this turn for each enemy unit there.",
     {"each": {"whose": "enemy", "types": ["Unit"], "where": "there"}, "times": 2}),
    ("Draw 1, then draw 1 for each battlefield you or allies control.",
     {"battlefields": True, "other": False, "times": 1, "plus": 1}),
])
def test_a_computed_amount_compiles_to_what_is_counted_with_nothing_unread(text: str, per: dict):
    compiled = compile_ability({"kind": "spell", "text": text})
    assert compiled["unread"] == [] and [spec["per"] for spec in compiled["effects"]] == [per]


def test_an_amount_the_reader_cannot_count_stays_unread():
    compiled = compile_ability({"kind": "spell", "text": "Draw 1 for each card you've played this turn."})
    assert compiled["unread"] == ["amount"] and "per" not in compiled["effects"][0]


# -- Against the Odds: +2 for each enemy unit there -----------------------------------------------------------------
def odds(policy: str = "strict") -> GalleryTable:
    """Ana's Combat Chef attacks bf2, where Ben's two Shipyard Skulkers are, and she plays Against the Odds on it."""
    return table(policy).do("P1 move Combat Chef -> bf2", "P1 play Against the Odds -> Combat Chef $2", "P1 pass",
                            "P2 pass")


def test_against_the_odds_giving_2_for_each_of_two_enemy_units_there_is_legal():
    t = odds().do("resolve Against the Odds: might Combat Chef +4 until turn")
    assert t.state["violations"] == []


def test_against_the_odds_giving_2_only_is_refused_v1_4_359_3_d():
    refusal = odds().refuses("resolve Against the Odds: might Combat Chef +2 until turn", rule=SPELL)
    assert "the card gives +4 [S], not 2" in str(refusal) and "for each enemy unit there" in str(refusal)


def test_against_the_odds_giving_2_only_in_an_audit_match_is_flagged():
    odds("audit").flags("resolve Against the Odds: might Combat Chef +2 until turn", rule=SPELL)


# -- Show of Strength: one card for each Mighty unit ----------------------------------------------------------------
def shown(policy: str = "strict") -> GalleryTable:
    return table(policy).do("P1 play Show of Strength $2 / Body Rune", "P1 pass", "P2 pass")


def test_show_of_strength_drawing_1_for_the_one_mighty_unit_is_legal():
    assert shown().do("resolve Show of Strength: draw P1 ?").state["violations"] == []  # Combat Chef, 5 [S]


def test_show_of_strength_drawing_2_is_refused_v1_4_359_3_d():
    refusal = shown().refuses("resolve Show of Strength: draw P1 ?; ?", rule=SPELL)
    assert "the card says draw 1, not 2" in str(refusal) and "for each of your [Mighty] units" in str(refusal)


# -- Right of Conquest: 1, then 1 for each battlefield you control --------------------------------------------------
def conquest() -> GalleryTable:
    return table().do("P1 play Right of Conquest $3 / Fury Rune", "P1 pass", "P2 pass")


def test_right_of_conquest_drawing_1_and_1_for_the_battlefield_controlled_is_legal():
    assert conquest().do("resolve Right of Conquest: draw P1 ?; ?").state["violations"] == []


def test_right_of_conquest_drawing_3_is_refused_v1_4_359_3_d():
    refusal = conquest().refuses("resolve Right of Conquest: draw P1 ?; ?; ?", rule=SPELL)
    assert "the card says draw 2, not 3" in str(refusal)
