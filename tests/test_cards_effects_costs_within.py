"""A cost within an ability's instructions and a target bound by its source's Might, checked against the card
(issue 26, "Honest coverage"): "you may spend a buff to buff me and ready me" does what follows only if the buff was
spent (v1.4 204.3.b: the cost is paid to get the effect); "kill an enemy unit here with less Might than me" names a
unit with less Might than its source. In a "checked" match a `resolve` beyond the card is refused in strict citing
v1.4 406.5, quoting the card; flagged in audit. Real gallery cards, v1.4:

- Origins' Wildclaw Shaman, "When you play me, you may spend a buff to buff me and ready me.";
- Vendetta's Ambessa, Respected and Feared, "[Empowered][>] When I attack, kill an enemy unit here with less Might
  than me.".
"""
from __future__ import annotations

from gallery_table import GalleryTable, deck
from test_rules_statics import deck_count

from engine.cards.effects import compile_ability

ABILITY = "v1.4 406.5"
P1 = deck("Matriarch of War", ["Wildclaw Shaman", "Ambessa, Respected and Feared", "Crowd Favorite"],
          ["Grove of the God-Willow", "Zaun Warrens", "Altar to Unity"])
P2 = deck("Master of Shadows", ["Shipyard Skulker", "Magma Wurm"],
          ["Vilemaw's Lair", "Trifarian War Camp", "Windswept Hillock"])
P2_SEGMENT = "runedeck:8 runes:2 Fury Rune;2 Chaos Rune controls:bf2 bf2:Shipyard Skulker;Magma Wurm"
SHAMAN = "When you play me, you may spend a buff to buff me and ready me."


def table(p1: str, policy: str = "strict") -> GalleryTable:
    line = (f"position turn 3 P1 action first P1 | P1 0 bf:Grove of the God-Willow deck:{deck_count(p1)} {p1} "
            f"| P2 0 bf:Vilemaw's Lair deck:{deck_count(P2_SEGMENT)} {P2_SEGMENT}")
    return GalleryTable(P1, P2, policy, rules="v1.4", abilities="checked").do(line)



def test_a_cost_within_instructions_compiles_its_ops_and_what_it_pays_for():
    compiled = compile_ability({"kind": "triggered", "text": SHAMAN})
    assert compiled["unread"] == []
    assert [(spec["op"], spec.get("cost"), spec.get("paid_by")) for spec in compiled["effects"]] == [
        ("spend_buff", "spend a buff", None), ("buff", None, "spend a buff"), ("ready", None, "spend a buff")]


def test_less_might_than_me_is_read():
    [spec] = compile_ability({"kind": "triggered", "text": "When I attack, kill an enemy unit here with less Might "
                                                           "than me."})["effects"]
    assert spec["target"]["might_below_self"] is True and spec["target"]["where"] == "here"


# -- Wildclaw Shaman: the buff spent pays for the rest ---------------------------------------------------------------
def shaman(policy: str = "strict") -> GalleryTable:
    t = table("runedeck:4 runes:4 Body Rune;4 Order Rune hand:Wildclaw Shaman base:Crowd Favorite^", policy)
    return t.do("P1 play Wildclaw Shaman $4", 'P1 trigger Wildclaw Shaman "when-you-play"', "P1 pass", "P2 pass")


def test_wildclaw_shaman_spending_a_buff_to_buff_and_ready_itself_is_legal():
    t = shaman().do("resolve Wildclaw Shaman: spend_buff Crowd Favorite | buff Wildclaw Shaman | "
                    "ready Wildclaw Shaman")
    assert t.state["violations"] == []


def test_wildclaw_shaman_may_spend_nothing_and_do_nothing():
    assert shaman().do("resolve Wildclaw Shaman").state["violations"] == []


def test_wildclaw_shaman_buffing_itself_without_spending_a_buff_is_refused_v1_4_406_5():
    refusal = shaman().refuses("resolve Wildclaw Shaman: buff Wildclaw Shaman | ready Wildclaw Shaman", rule=ABILITY)
    assert "but the card's cost 'spend a buff' was not paid" in str(refusal) and f'"{SHAMAN}' in str(refusal)


def test_wildclaw_shaman_buffing_itself_without_spending_a_buff_in_an_audit_match_is_flagged():
    shaman("audit").flags("resolve Wildclaw Shaman: buff Wildclaw Shaman | ready Wildclaw Shaman", rule=ABILITY)


# -- Ambessa, Respected and Feared: an enemy unit with less Might than her -------------------------------------------
def ambessa(policy: str = "strict") -> GalleryTable:
    t = table("runedeck:8 runes:2 Body Rune;2 Order Rune base:Ambessa, Respected and Feared{E}", policy)
    return t.do("P1 move Ambessa, Respected and Feared@base:P1 -> bf2",
                'P1 trigger Ambessa, Respected and Feared@bf2 "when-i-attack"', "P1 pass", "P2 pass")


def test_ambessa_killing_an_enemy_unit_with_less_might_is_legal():
    t = ambessa().do("resolve Ambessa, Respected and Feared: kill Shipyard Skulker")
    assert t.state["violations"] == []


def test_ambessa_killing_an_enemy_unit_with_more_might_is_refused_v1_4_406_5():
    refusal = ambessa().refuses("resolve Ambessa, Respected and Feared: kill Magma Wurm", rule=ABILITY)
    assert "has 8 [S], and the card's target has less Might than its source (7)" in str(refusal)
