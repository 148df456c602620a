"""More phrasings of the card text read and checked (issue 26, "Honest coverage"): "X or Y" (one of the two, the
player's choice), tokens "from" a region and "into your base", "[1] [S]", every token the card plays, and targets
"in combat", "from a battlefield", "your Mechs", "two friendly units each". In a "checked" match a `resolve` beyond
the card is refused in strict citing v1.4 359.3.d (a spell) or v1.4 406.5 (an ability), quoting the card; flagged in
audit. Real gallery cards, v1.4:

- Spiritforged's Buhru Captain, "When you play me, you may draw 1 or buff me.";
- Vendetta's Up from the Deep, "Play two 1 [S] Tentacle unit tokens from Bilgewater.";
- Origins' Cannon Barrage, "Deal 2 to all enemy units in combat.".
"""
from __future__ import annotations

import pytest

from gallery_table import GalleryTable, deck
from test_rules_statics import deck_count

from engine.cards.effects import compile_ability, parse_target

SPELL, ABILITY = "v1.4 359.3.d", "v1.4 406.5"
P1 = deck("Butcher of the Sands", ["Buhru Captain", "Cannon Barrage", "Combat Chef"],
          ["Grove of the God-Willow", "Zaun Warrens", "Altar to Unity"])
P2 = deck("Master of Shadows", ["Up from the Deep", "Shipyard Skulker", "Shipyard Skulker"],
          ["Vilemaw's Lair", "Trifarian War Camp", "Windswept Hillock"])
P1_SEGMENT = "runedeck:4 runes:4 Fury Rune;4 Body Rune hand:Buhru Captain;Cannon Barrage base:Combat Chef"
P2_SEGMENT = "runedeck:4 runes:4 Fury Rune;4 Chaos Rune hand:Up from the Deep controls:bf2 bf2:2 Shipyard Skulker"


def table(policy: str = "strict", player: str = "P1") -> GalleryTable:
    line = (f"position turn 3 {player} action first P1 | P1 0 bf:Grove of the God-Willow "
            f"deck:{deck_count(P1_SEGMENT)} {P1_SEGMENT} | P2 0 bf:Vilemaw's Lair deck:{deck_count(P2_SEGMENT)} "
            f"{P2_SEGMENT}")
    return GalleryTable(P1, P2, policy, rules="v1.4", abilities="checked").do(line)



@pytest.mark.parametrize(("phrase", "fields"), [
    ("all enemy units in combat", {"whose": "enemy", "state": "in_combat"}),
    ("a unit from a battlefield", {"where": "battlefield"}),
    ("your Mechs", {"whose": "friendly", "tags": ["Mech"], "count": {"all": True}}),
    ("two friendly units each", {"whose": "friendly", "count": {"min": 2, "max": 2}}),
])
def test_a_target_phrase_reads(phrase: str, fields: dict):
    found, rest = parse_target(phrase)
    assert rest == "" and {key: found[key] for key in fields} == fields


def test_tokens_from_a_region_into_your_base_with_a_bracketed_might_compile():
    for text, where in [("Play two 1 [S] Tentacle unit tokens from Bilgewater.", None),
                        ("Play three 1 [S] Recruit unit tokens into your base.", "base"),
                        ("Play two [1] [S] Bird unit tokens with [Deflect].", None)]:
        compiled = compile_ability({"kind": "spell", "text": text})
        [spec] = compiled["effects"]
        assert compiled["unread"] == [] and spec["might"] == 1 and spec.get("where") == where


def test_x_or_y_compiles_to_two_modes():
    compiled = compile_ability({"kind": "triggered", "text": "When I conquer, draw 1 or channel 1 rune exhausted."})
    assert compiled["unread"] == [] and [[spec["op"] for spec in mode] for mode in compiled["modes"]] == [
        ["draw"], ["channel"]]


# -- Buhru Captain: you may draw 1 or buff me -----------------------------------------------------------------------
def captained(policy: str = "strict") -> GalleryTable:
    return table(policy).do("P1 play Buhru Captain $3 / Body Rune", 'P1 trigger Buhru Captain "when-you-play"',
                            "P1 pass", "P2 pass")


@pytest.mark.parametrize("ops", ["draw P1 ?", "buff Buhru Captain", ""])
def test_buhru_captain_drawing_or_buffing_or_neither_is_legal(ops: str):
    t = captained().do(f"resolve Buhru Captain: {ops}" if ops else "resolve Buhru Captain")
    assert t.state["violations"] == []


def test_buhru_captain_drawing_and_buffing_is_refused_v1_4_406_5():
    refusal = captained().refuses("resolve Buhru Captain: draw P1 ? | buff Buhru Captain", rule=ABILITY)
    assert "in the mode that fits best (one mode is chosen)" in str(refusal)
    assert '"When you play me, you may draw 1 or buff me.' in str(refusal)


def test_buhru_captain_drawing_and_buffing_in_an_audit_match_is_flagged():
    captained("audit").flags("resolve Buhru Captain: draw P1 ? | buff Buhru Captain", rule=ABILITY)


# -- Up from the Deep: two Tentacles --------------------------------------------------------------------------------
def deep(policy: str = "strict") -> GalleryTable:
    return table(policy, player="P2").do("P2 play Up from the Deep $3", "P2 pass", "P1 pass")


def test_up_from_the_deep_playing_two_tentacles_is_legal():
    t = deep().do("resolve Up from the Deep: token P2 Tentacle | token P2 Tentacle")
    assert t.state["violations"] == []


def test_up_from_the_deep_playing_one_tentacle_is_refused_v1_4_359_3_d():
    refusal = deep().refuses("resolve Up from the Deep: token P2 Tentacle", rule=SPELL)
    assert "records token for 1 of the 2 objects" in str(refusal)
    assert '"Play two 1 [S] Tentacle unit tokens from Bilgewater."' in str(refusal)


# -- Cannon Barrage: every enemy unit in combat ---------------------------------------------------------------------
def barrage(policy: str = "strict") -> GalleryTable:
    """Ana's Combat Chef attacks bf2, where Ben's two Shipyard Skulkers defend; she answers in the showdown."""
    return table(policy).do("P1 move Combat Chef -> bf2", "P1 play Cannon Barrage $2 / Body Rune", "P1 pass",
                            "P2 pass")


def test_cannon_barrage_dealing_2_to_both_enemy_units_in_combat_is_legal():
    t = barrage().do("resolve Cannon Barrage: damage o25 2 | damage o26 2")
    assert t.state["violations"] == []


def test_cannon_barrage_dealing_2_to_one_of_them_is_refused_v1_4_359_3_d():
    refusal = barrage().refuses("resolve Cannon Barrage: damage o25 2", rule=SPELL)
    assert "the card acts on all of them" in str(refusal) and "o26 (Shipyard Skulker)" in str(refusal)


def test_cannon_barrage_dealing_2_to_one_of_them_in_an_audit_match_is_flagged():
    barrage("audit").flags("resolve Cannon Barrage: damage o25 2", rule=SPELL)
