"""The effect of a triggered or activated ability with a dependent condition ("[Legion] —", "[Level 6][>]",
"[Empowered][>]", v1.4 727.1), checked whole (issue 26, "Honest coverage"): the engine checks the condition as the
ability is put on the chain (engine/card_costs.py), so once it is there its effect is the card's, not optional:
left out or beyond the card it is refused in strict citing v1.4 406.5, quoting the card; flagged in audit. A
Deathknell's condition ("when I die while Empowered") is not checked as it triggers from the trash: its effect
stays optional and its condition unread. Real gallery cards, v1.4:

- Unleashed's Wuju Apprentice, "[Level 6][>] When you play me, draw 1. (While you have 6+ XP, get the effect.)";
- Vendetta's Baccai Witherclaw, "[Empowered][>][>>][Deathknell][>] Channel 2 runes exhausted." (still unread).
"""
from __future__ import annotations

from gallery_table import GalleryTable, deck, gallery_catalog
from test_rules_statics import deck_count

from engine.cards.effects import compile_ability

ABILITY = "v1.4 406.5"
P1 = deck("Bashful Bloom", ["Wuju Apprentice"], ["Grove of the God-Willow", "Zaun Warrens", "Altar to Unity"])
P2 = deck("Wuju Master", ["Wizened Elder"], ["Vilemaw's Lair", "Trifarian War Camp", "Windswept Hillock"])
P2_SEGMENT = "runedeck:8 runes:2 Calm Rune;2 Body Rune"
LEVEL_6 = "[Level 6][>] When you play me, draw 1. (While you have 6+ XP, get the effect.)"


def table(xp: int, policy: str = "strict") -> GalleryTable:
    p1 = "runedeck:8 runes:2 Calm Rune;2 Mind Rune hand:Wuju Apprentice"
    line = (f"position turn 3 P1 action first P1 | P1 0 bf:Grove of the God-Willow deck:{deck_count(p1)} {p1} xp:{xp} "
            f"| P2 0 bf:Vilemaw's Lair deck:{deck_count(P2_SEGMENT)} {P2_SEGMENT}")
    return GalleryTable(P1, P2, policy, rules="v1.4", abilities="checked").do(line)



def line_of(card: str, text_start: str) -> dict:
    return next(ability for ability in gallery_catalog().card(card)["abilities"]
                if ability["text"].startswith(text_start))


def test_a_level_6_play_trigger_compiles_to_its_draw_whole_with_nothing_unread():
    compiled = compile_ability(line_of("Wuju Apprentice", "[Level 6]"), "Wuju Apprentice")
    assert compiled["unread"] == []
    assert [(spec["op"], spec["amount"], spec.get("optional", False)) for spec in compiled["effects"]] == [
        ("draw", 1, False)]


def test_an_empowered_deathknell_keeps_its_condition_unread_and_its_effect_optional():
    compiled = compile_ability(line_of("Baccai Witherclaw", "[Empowered][>][>>][Deathknell]"), "Baccai Witherclaw")
    assert compiled["unread"] == ["condition"]
    assert [(spec["op"], spec["amount"], spec["optional"]) for spec in compiled["effects"]] == [("channel", 2, True)]


def apprentice(policy: str = "strict") -> GalleryTable:
    return table(6, policy).do("P1 play Wuju Apprentice $2", 'P1 trigger Wuju Apprentice "when-you-play"',
                               "P1 pass", "P2 pass")


def test_wuju_apprentice_at_level_6_drawing_1_is_legal():
    assert apprentice().do("resolve Wuju Apprentice: draw P1 ?").state["violations"] == []


def test_wuju_apprentice_at_level_6_drawing_nothing_is_refused_v1_4_406_5():
    refusal = apprentice().refuses("resolve Wuju Apprentice", rule=ABILITY)
    assert "records no draw for 'draw 1'" in str(refusal)
    assert f'"{LEVEL_6}"' in str(refusal)


def test_wuju_apprentice_drawing_nothing_in_an_audit_match_is_flagged():
    apprentice("audit").flags("resolve Wuju Apprentice", rule=ABILITY)


def test_wuju_apprentice_below_level_6_does_not_trigger_v1_4_727_1_c_1():
    """What the whole effect rests on: the condition is checked as the ability is triggered (engine/card_costs.py)."""
    t = table(5).do("P1 play Wuju Apprentice $2")
    t.refuses('P1 trigger Wuju Apprentice "when-you-play"', rule="v1.4 727.1.c.1")
