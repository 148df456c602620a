""""Reveal the top card of your Main Deck. If it's a gear, draw it. Otherwise, recycle it." checked against the
card (issue 26, "Honest coverage"; engine/cards/decktop.py): the draw is required when the card revealed is of that
type and refused when it is not, and the other way round for "Otherwise". In a "checked" match a `resolve` beyond
the card is refused in strict citing v1.4 406.5, quoting the card; flagged in audit. A card revealed unseen (`?`)
leaves the choice to the recorder. Real gallery card, v1.4: Spiritforged's Apprentice Smith.
"""
from __future__ import annotations

import pytest

from gallery_table import GalleryTable, deck
from test_rules_statics import deck_count

from engine.cards.effects import compile_ability

ABILITY = "v1.4 406.5"
SMITH = "When I move, reveal the top card of your Main Deck. If it's a gear, draw it. Otherwise, recycle it."
P1 = deck("Bashful Bloom", ["Apprentice Smith", "Cloth Armor", "Back Off"],
          ["Grove of the God-Willow", "Zaun Warrens", "Altar to Unity"])
P2 = deck("Wuju Master", ["Wizened Elder"], ["Vilemaw's Lair", "Trifarian War Camp", "Windswept Hillock"])
P1_SEGMENT = "runedeck:8 runes:2 Calm Rune;2 Mind Rune base:Apprentice Smith"
P2_SEGMENT = "runedeck:8 runes:2 Calm Rune;2 Body Rune"


def smith(policy: str = "strict") -> GalleryTable:
    line = (f"position turn 3 P1 action first P1 | P1 0 bf:Grove of the God-Willow deck:{deck_count(P1_SEGMENT)} "
            f"{P1_SEGMENT} | P2 0 bf:Vilemaw's Lair deck:{deck_count(P2_SEGMENT)} {P2_SEGMENT}")
    return GalleryTable(P1, P2, policy, rules="v1.4", abilities="checked").do(
        line, "P1 move Apprentice Smith -> bf1", 'P1 trigger Apprentice Smith "when-i-move"', "P1 pass", "P2 pass")



def test_if_its_a_gear_compiles_both_sides_of_the_card_revealed():
    compiled = compile_ability({"kind": "triggered", "text": SMITH})
    assert compiled["unread"] == []
    assert [(spec["op"], spec.get("when_revealed", {}).get("fits")) for spec in compiled["effects"]] == [
        ("reveal", None), ("draw", True), ("recycle", False)]


def test_an_if_its_a_after_no_reveal_stays_unread():
    compiled = compile_ability({"kind": "triggered", "text": "When you conquer here, you may ready a friendly gear. "
                                                             "If it's an Equipment, you may detach it."})
    assert any(part.startswith("condition:") for part in compiled["unread"])


@pytest.mark.parametrize("ops", ["reveal P1 Cloth Armor <deck | draw P1 Cloth Armor",
                                 "reveal P1 Back Off <deck | recycle P1 Back Off <deck",
                                 "reveal P1 ? <deck | recycle P1 ? <deck"])
def test_apprentice_smith_drawing_a_gear_or_recycling_another_card_is_legal(ops: str):
    assert smith().do(f"resolve Apprentice Smith: {ops}").state["violations"] == []


@pytest.mark.parametrize(("ops", "why"), [
    ("reveal P1 Back Off <deck | draw P1 Back Off", "but the card's condition does not hold as it resolves"),
    ("reveal P1 Cloth Armor <deck | recycle P1 Cloth Armor <deck",
     "but the card's condition does not hold as it resolves"),
    ("reveal P1 Cloth Armor <deck", "records no draw for 'draw it'"),
])
def test_apprentice_smith_beyond_the_card_is_refused_v1_4_406_5(ops: str, why: str):
    refusal = smith().refuses(f"resolve Apprentice Smith: {ops}", rule=ABILITY)
    assert why in str(refusal) and f'"{SMITH}"' in str(refusal)


def test_apprentice_smith_drawing_a_spell_in_an_audit_match_is_flagged():
    smith("audit").flags("resolve Apprentice Smith: reveal P1 Back Off <deck | draw P1 Back Off", rule=ABILITY)
