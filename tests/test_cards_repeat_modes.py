"""A modal spell repeated (issue 26, "Resolutions the engine checks"; engine/cards/resolutions.py `_readings`): each
execution a Repeat cost adds makes its own choices, a mode among them (v1.4 820.2.a: "they may choose the same mode
or a different one"), and a resolution has as many executions as Repeat costs paid (820.3), no more. Real gallery
cards, v1.4, checked:

- Origins' Rocket Barrage, "[Repeat] [4][B] ... Choose one — - Deal 4 to a unit in a base. - Kill a gear.";
- Unleashed's Curtain Call, "[Repeat] — [1] / [A] / [1][A] ... Choose one you haven't already chosen — - Draw 1. -
  Deal 2 to a unit at a battlefield. - Deal 3 to a unit at a base. - Give a unit at a battlefield -4 [S] this
  turn." (no mode twice).
"""
from __future__ import annotations

from gallery_table import GalleryTable, deck, listed

from engine.cards.effects import compile_ability

SPELL = "v1.4 359.3.d"
P1 = deck("Prodigal Explorer", ["Rocket Barrage"], ["Trifarian War Camp", "Zaun Warrens", "Altar to Unity"])
P2 = deck("Blind Monk", ["Yi, Meditative", "Honeyfruit"], ["Grove of the God-Willow", "Vilemaw's Lair",
                                                           "Windswept Hillock"])


def table(policy: str = "strict") -> GalleryTable:
    p1 = "runedeck:2 runes:6 Mind Rune;4 Chaos Rune hand:Rocket Barrage"
    p2 = "runedeck:8 runes:2 Calm Rune;2 Body Rune base:Yi, Meditative;Honeyfruit"
    line = (f"position turn 3 P1 action first P1 | P1 0 bf:Trifarian War Camp deck:{39 - listed(p1)} {p1} "
            f"| P2 0 bf:Grove of the God-Willow deck:{39 - listed(p2)} {p2}")
    return GalleryTable(P1, P2, policy, "v1.4", "checked").do(line)


def barrage(repeat: bool = True, policy: str = "strict") -> GalleryTable:
    paid = "+repeat $8 / Mind Rune; Mind Rune" if repeat else "$4 / Mind Rune"
    return table(policy).do(f"P1 play Rocket Barrage -> Yi, Meditative; Honeyfruit {paid}", "P1 pass", "P2 pass")


def test_a_repeated_modal_spell_may_choose_another_mode_the_second_time_v1_4_820_2_a():
    t = barrage().do("resolve Rocket Barrage: damage Yi, Meditative 4 | kill Honeyfruit")
    assert t.find("P2", "Honeyfruit", "trash")


def test_a_repeated_modal_spell_may_choose_the_same_mode_again():
    barrage().do("resolve Rocket Barrage: damage Yi, Meditative 4 | damage Yi, Meditative 4")


def test_an_execution_no_repeat_cost_paid_for_is_refused_v1_4_820_3():
    barrage(repeat=False).do("resolve Rocket Barrage: damage Yi, Meditative 4")
    refusal = barrage(repeat=False).refuses("resolve Rocket Barrage: damage Yi, Meditative 4 | damage Yi, Meditative 4",
                                            rule=SPELL)
    assert "Deal 4 to a unit in a base" in str(refusal)


def test_a_repeated_modal_spell_still_reads_each_mode():
    barrage().refuses("resolve Rocket Barrage: damage Yi, Meditative 4 | damage Yi, Meditative 5", rule=SPELL)
    barrage().refuses("resolve Rocket Barrage: damage Yi, Meditative 4 | kill Yi, Meditative", rule=SPELL)
    barrage(policy="audit").flags("resolve Rocket Barrage: kill Yi, Meditative | kill Honeyfruit", rule=SPELL)


def test_one_you_havent_already_chosen_is_read():
    line = ("Choose one you haven't already chosen —\n- Draw 1.\n- Deal 2 to a unit at a battlefield.\n- Deal 3 to a "
            "unit at a base.\n- Give a unit at a battlefield -4 [S] this turn.")
    compiled = compile_ability({"kind": "spell", "text": line}, "Curtain Call")
    assert compiled["distinct_modes"] and compiled["unread"] == [] and len(compiled["modes"]) == 4
