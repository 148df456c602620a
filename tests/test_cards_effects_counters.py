"""What a counter may counter, checked against the card (issue 26, "Honest coverage"): "Counter an enemy spell or
ability that chooses a friendly unit or gear" counters only an opponent's item that chose one of its controller's
units or gear; "Counter a spell that costs no more than [4] and no more than [A]" only such a spell (its card's
printed cost). In a "checked" match a `resolve` countering another is refused in strict citing v1.4 359.3.d,
quoting the card; flagged in audit. Real gallery cards, v1.4:

- Spiritforged's Not So Fast, "Counter an enemy spell or ability that chooses a friendly unit or gear.";
- Origins' Defy, "Counter a spell that costs no more than [4] and no more than [A].".
"""
from __future__ import annotations

from gallery_table import GalleryTable, deck
from test_rules_statics import deck_count

from engine.cards.effects import compile_ability

SPELL = "v1.4 359.3.d"
P1 = deck("Butcher of the Sands", ["Blood Rush", "Crowd Favorite", "Clash of Giants"],
          ["Grove of the God-Willow", "Zaun Warrens", "Altar to Unity"])
P2 = deck("Wuju Master", ["Not So Fast", "Wizened Elder", "Defy"],
          ["Vilemaw's Lair", "Trifarian War Camp", "Windswept Hillock"])
P1_SEGMENT = "runedeck:4 runes:4 Fury Rune;4 Body Rune hand:Blood Rush;Clash of Giants base:Crowd Favorite"
P2_SEGMENT = "runedeck:6 runes:3 Calm Rune;3 Body Rune hand:Not So Fast;Defy base:Wizened Elder"
NOT_SO_FAST = "Counter an enemy spell or ability that chooses a friendly unit or gear."


def table(policy: str = "strict") -> GalleryTable:
    line = (f"position turn 3 P1 action first P1 | P1 0 bf:Grove of the God-Willow deck:{deck_count(P1_SEGMENT)} "
            f"{P1_SEGMENT} | P2 0 bf:Vilemaw's Lair deck:{deck_count(P2_SEGMENT)} {P2_SEGMENT}")
    return GalleryTable(P1, P2, policy, rules="v1.4", abilities="checked").do(line)



def test_what_a_counter_counters_compiles_with_nothing_unread():
    [spec] = compile_ability({"kind": "spell", "text": NOT_SO_FAST})["effects"]
    assert spec["item"] == {"kinds": ["spell", "ability"], "enemy": True, "chooses_friendly": ["Gear", "Unit"]}
    [defy] = compile_ability({"kind": "spell", "text": "Counter a spell that costs no more than [4] and no more "
                                                       "than [A]."})["effects"]
    assert defy["item"] == {"kinds": ["spell"], "energy_max": 4, "power_max": 1}


def answered(target: str, policy: str = "strict") -> GalleryTable:
    """Ana plays Blood Rush on `target`; Ben answers with Not So Fast, which resolves first."""
    return table(policy).do(f"P1 play Blood Rush -> {target} $1", "P1 pass",
                            "P2 play Not So Fast $2 / Calm Rune", "P2 pass", "P1 pass")


def test_not_so_fast_countering_a_spell_that_chose_its_controllers_unit_is_legal():
    t = answered("Wizened Elder").do("resolve Not So Fast: counter Blood Rush")
    assert t.state["violations"] == []


def test_not_so_fast_countering_a_spell_that_chose_no_friendly_unit_is_refused_v1_4_359_3_d():
    refusal = answered("Crowd Favorite").refuses("resolve Not So Fast: counter Blood Rush", rule=SPELL)
    assert "(Blood Rush) chooses no friendly gear or unit" in str(refusal) and f'"{NOT_SO_FAST}"' in str(refusal)


def test_not_so_fast_countering_a_spell_that_chose_no_friendly_unit_in_an_audit_match_is_flagged():
    answered("Crowd Favorite", "audit").flags("resolve Not So Fast: counter Blood Rush", rule=SPELL)


def test_not_so_fast_countering_its_controllers_own_spell_is_refused_v1_4_359_3_d():
    t = table().do("P1 play Blood Rush -> Wizened Elder $1", "P1 pass", "P2 play Defy $1 / Calm Rune",
                   "P2 play Not So Fast $2 / Calm Rune", "P2 pass", "P1 pass")
    refusal = t.refuses("resolve Not So Fast: counter Defy", rule=SPELL)
    assert "(Defy) is its controller's own, and the card counters an enemy's" in str(refusal)


def defied(spell: str, targets: str, pay: str) -> GalleryTable:
    return table().do(f"P1 play {spell} -> {targets} {pay}", "P1 pass", "P2 play Defy $1 / Calm Rune", "P2 pass",
                      "P1 pass")


def test_defy_countering_a_spell_costing_1_is_legal():
    t = defied("Blood Rush", "Crowd Favorite", "$1").do("resolve Defy: counter Blood Rush")
    assert t.state["violations"] == []


def test_defy_countering_a_spell_costing_6_is_refused_v1_4_359_3_d():
    refusal = defied("Clash of Giants", "Crowd Favorite; Wizened Elder", "$6 / Body Rune; Body Rune").refuses(
        "resolve Defy: counter Clash of Giants", rule=SPELL)
    assert "(Clash of Giants) costs [6] and 2 Power, more than the card counters" in str(refusal)
