"""The top cards of a Main Deck looked at, revealed, drawn and recycled, checked against the card (issue 26, "Honest
coverage"; engine/cards/decktop.py): in a "checked" match a `resolve` that looks at more cards than the card says,
reveals or draws a card that is not among those looked at (or that does not fit the card's filter), or recycles
other cards than the rest is refused in strict citing v1.4 359.3.d (a spell) or v1.4 406.5 (an ability), quoting
the card; flagged in audit. Real gallery cards, v1.4:

- Unleashed's Double Trouble, "Look at the top 3 cards of your Main Deck. You may reveal a unit from among them and
  draw it. Recycle the rest." ([Repeat]: the effect may be recorded again);
- Unleashed's Fate Weaver, "When you play me, look at the top 4 cards of your Main Deck. You may reveal a spell
  with Energy cost [4] or more from among them and draw it. Recycle the rest.";
- Origins' The Candlelit Sanctum, "When you conquer here, look at the top two cards of your Main Deck. You may
  recycle one or both of them. Put those you don't back in any order."
"""
from __future__ import annotations

import pytest

from gallery_table import GalleryTable, deck
from test_rules_statics import deck_count

from engine.cards.effects import compile_ability

SPELL, ABILITY = "v1.4 359.3.d", "v1.4 406.5"
P1 = deck("Bashful Bloom", ["Double Trouble", "Fate Weaver", "Clairvoyance", "Back Off", "Apprentice Smith",
                            "Cloth Armor", "Playful Phantom"],
          ["The Candlelit Sanctum", "Zaun Warrens", "Altar to Unity"])
P2 = deck("Wuju Master", ["Wizened Elder"], ["Vilemaw's Lair", "Trifarian War Camp", "Windswept Hillock"])
P2_SEGMENT = "runedeck:8 runes:2 Calm Rune;2 Body Rune"
LOOKED = "look P1 Apprentice Smith; Back Off; Cloth Armor"


def table(p1: str, policy: str = "strict") -> GalleryTable:
    line = (f"position turn 3 P1 action first P1 | P1 0 bf:The Candlelit Sanctum deck:{deck_count(p1)} {p1} "
            f"| P2 0 bf:Vilemaw's Lair deck:{deck_count(P2_SEGMENT)} {P2_SEGMENT}")
    return GalleryTable(P1, P2, policy, rules="v1.4", abilities="checked").do(line)



def test_double_trouble_compiles_to_a_look_a_reveal_a_draw_and_the_rest_with_nothing_unread():
    compiled = compile_ability({"kind": "spell", "text": "Look at the top 3 cards of your Main Deck. You may reveal "
                                                         "a unit from among them and draw it. Recycle the rest."})
    assert compiled["unread"] == []
    assert [(spec["op"], spec.get("among"), spec.get("rest", False)) for spec in compiled["effects"]] == [
        ("look", None, False), ("reveal", "looked", False), ("draw", "revealed", False), ("recycle", None, True)]


def test_a_filter_reads_an_energy_cost_bound():
    [reveal] = [spec for spec in compile_ability({"kind": "spell", "text": "You may reveal a spell with Energy cost "
                                                                           "[4] or more from among them and draw "
                                                                           "it."})["effects"] if spec["op"] == "reveal"]
    assert reveal["card"] == {"types": ["Spell"], "cost_min": 4}


# -- Double Trouble: a unit among the three, the rest recycled -----------------------------------------------------
def troubled(policy: str = "strict") -> GalleryTable:
    return table("runedeck:8 runes:2 Calm Rune;2 Mind Rune hand:Double Trouble", policy).do(
        "P1 play Double Trouble $2", "P1 pass", "P2 pass")


def test_double_trouble_drawing_a_unit_revealed_and_recycling_the_rest_is_legal():
    t = troubled().do(f"resolve Double Trouble: {LOOKED} | reveal P1 Apprentice Smith <deck | "
                      "draw P1 Apprentice Smith | recycle P1 Back Off; Cloth Armor <deck")
    assert t.state["violations"] == []
    assert [t.state["objects"][card]["card"] for card in t.state["players"]["P1"]["hand"]] == ["Apprentice Smith"]


def test_double_trouble_revealing_nothing_and_recycling_all_three_is_legal():
    t = troubled().do(f"resolve Double Trouble: {LOOKED} | recycle P1 Apprentice Smith; Back Off; Cloth Armor <deck")
    assert t.state["violations"] == []


@pytest.mark.parametrize(("ops", "why"), [
    (f"{LOOKED} | reveal P1 Back Off <deck | draw P1 Back Off | recycle P1 Apprentice Smith; Cloth Armor <deck",
     "records reveal of Back Off, but Back Off is a Spell, not a unit"),
    (f"{LOOKED} | draw P1 Apprentice Smith | recycle P1 Back Off; Cloth Armor <deck",
     "records draw of Apprentice Smith, which is not among the cards revealed"),
    (f"{LOOKED} | reveal P1 Clairvoyance <deck | draw P1 Clairvoyance | recycle P1 Back Off; Cloth Armor <deck",
     "records reveal of Clairvoyance, which is not among the cards looked at"),
    (f"{LOOKED} | reveal P1 Apprentice Smith <deck | draw P1 Apprentice Smith | recycle P1 Back Off <deck",
     "records recycle of Back Off, but the rest of the cards looked at is Back Off; Cloth Armor"),
    (f"{LOOKED}; Fate Weaver | recycle P1 Apprentice Smith; Back Off; Cloth Armor; Fate Weaver <deck",
     "the card says look 3, not 4"),
    (f"{LOOKED} | reveal P1 Apprentice Smith <deck | draw P1 Apprentice Smith",
     "records recycle of nothing, but the rest of the cards looked at is Back Off; Cloth Armor"),
])
def test_double_trouble_beyond_the_card_is_refused_v1_4_359_3_d(ops: str, why: str):
    refusal = troubled().refuses(f"resolve Double Trouble: {ops}", rule=SPELL)
    assert why in str(refusal) and '"Look at the top 3 cards of your Main Deck.' in str(refusal)


def test_double_trouble_looking_at_an_opponents_deck_is_refused_v1_4_359_3_d():
    refusal = troubled().refuses("resolve Double Trouble: look P1 ?; ?; ? <deck:P2", rule=SPELL)
    assert "the card's look is of the top cards of its controller's Main Deck" in str(refusal)


def test_double_trouble_drawing_a_card_not_revealed_in_an_audit_match_is_flagged():
    troubled("audit").flags(f"resolve Double Trouble: {LOOKED} | draw P1 Apprentice Smith | "
                               "recycle P1 Back Off; Cloth Armor <deck", rule=SPELL)


# -- Fate Weaver: a spell with Energy cost [4] or more -------------------------------------------------------------
def woven(policy: str = "strict") -> GalleryTable:
    return table("runedeck:4 runes:3 Calm Rune;5 Mind Rune hand:Fate Weaver", policy).do(
        "P1 play Fate Weaver $5", 'P1 trigger Fate Weaver "when-you-play"', "P1 pass", "P2 pass")


FOUR = "look P1 Clairvoyance; Back Off; Cloth Armor; Apprentice Smith"


def test_fate_weaver_drawing_a_spell_costing_7_is_legal():
    t = woven().do(f"resolve Fate Weaver: {FOUR} | reveal P1 Clairvoyance <deck | draw P1 Clairvoyance | "
                   "recycle P1 Back Off; Cloth Armor; Apprentice Smith <deck")
    assert t.state["violations"] == []


def test_fate_weaver_drawing_a_spell_costing_3_is_refused_v1_4_406_5():
    refusal = woven().refuses(f"resolve Fate Weaver: {FOUR} | reveal P1 Back Off <deck | draw P1 Back Off | "
                              "recycle P1 Clairvoyance; Cloth Armor; Apprentice Smith <deck", rule=ABILITY)
    assert "Back Off costs [3], not [4] or more" in str(refusal)


def test_fate_weaver_drawing_a_spell_costing_3_in_an_audit_match_is_flagged():
    woven("audit").flags(f"resolve Fate Weaver: {FOUR} | reveal P1 Back Off <deck | draw P1 Back Off | "
                            "recycle P1 Clairvoyance; Cloth Armor; Apprentice Smith <deck", rule=ABILITY)


# -- The Candlelit Sanctum: recycle one or both of the two ---------------------------------------------------------
def conquered(policy: str = "strict") -> GalleryTable:
    t = table("runedeck:8 runes:2 Calm Rune;2 Mind Rune base:Playful Phantom", policy)
    return t.do("P1 move Playful Phantom -> bf1", "P1 pass", "P2 pass",
                'P1 trigger The Candlelit Sanctum "when-you-conquer"', "P1 pass", "P2 pass")


@pytest.mark.parametrize("recycled", ["", " | recycle P1 Back Off <deck", " | recycle P1 Back Off; Cloth Armor <deck"])
def test_the_candlelit_sanctum_recycling_none_one_or_both_is_legal(recycled: str):
    t = conquered().do(f"resolve The Candlelit Sanctum: look P1 Back Off; Cloth Armor{recycled}")
    assert t.state["violations"] == []


def test_the_candlelit_sanctum_recycling_a_card_not_looked_at_is_refused_v1_4_406_5():
    refusal = conquered().refuses("resolve The Candlelit Sanctum: look P1 Back Off; Cloth Armor | "
                                  "recycle P1 Back Off; Clairvoyance <deck", rule=ABILITY)
    assert "records recycle of Clairvoyance, which is not among the cards looked at" in str(refusal)


def test_the_candlelit_sanctum_recycling_three_is_refused_v1_4_406_5():
    refusal = conquered().refuses("resolve The Candlelit Sanctum: look P1 Back Off; Cloth Armor | "
                                  "recycle P1 Back Off; Cloth Armor; ? <deck", rule=ABILITY)
    assert "records recycle of 3 cards, but the card says at most 2" in str(refusal)
