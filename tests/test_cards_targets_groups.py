"""What the objects of one instruction share, read from the card and checked (issue 26, "Honest coverage";
engine/cards/targets.py reads a target's `group`, engine/cards/filters.py `group_mismatch` checks it): "at the same
location", "with total Might N or less", "with the same controller", "to a single location". In a "checked" match a
`resolve` beyond the card is refused in strict citing v1.4 359.3.d, quoting the card; flagged in audit. Real gallery
cards, v1.4:

- Unleashed's Bellows Breath, "Deal 1 to up to three units at the same location.";
- Spiritforged's Fox-Fire, "Kill any number of units at a battlefield with total Might 4 or less.";
- Vendetta's Tricksy Tentacles, "Move any number of enemy units with the same controller and a total Might of 8 or
  less to a single location.".
"""
from __future__ import annotations

import pytest

from gallery_table import GalleryTable, deck, said
from test_rules_statics import deck_count

from engine.cards.targets import parse_target

SPELL = "v1.4 359.3.d"
P1 = deck("Nine-Tailed Fox", ["Fox-Fire", "Bellows Breath", "Tricksy Tentacles", "Yuumi, Magical Cat"],
          ["Grove of the God-Willow", "Zaun Warrens", "Altar to Unity"])
P2 = deck("Master of Shadows", ["Shipyard Skulker", "Shipyard Skulker"],
          ["Vilemaw's Lair", "Trifarian War Camp", "Windswept Hillock"])
P2_SEGMENT = "runedeck:8 runes:2 Fury Rune;2 Chaos Rune controls:bf2 bf2:2 Shipyard Skulker"
# Ben's two Shipyard Skulkers (3 [S] each) at bf2, and Ana's Yuumi (1 [S]) at bf1
FIRST, SECOND, YUUMI = "o19", "o20", "Yuumi, Magical Cat"


def cast(spell: str, payment: str, policy: str = "strict") -> GalleryTable:
    s1 = f"runedeck:4 runes:4 Calm Rune;4 Mind Rune hand:{spell} controls:bf1 bf1:{YUUMI}"
    line = (f"position turn 3 P1 action first P1 | P1 0 bf:Grove of the God-Willow deck:{deck_count(s1)} {s1} "
            f"| P2 0 bf:Vilemaw's Lair deck:{deck_count(P2_SEGMENT)} {P2_SEGMENT}")
    t = GalleryTable(P1, P2, policy, rules="v1.4", abilities="checked").do(line)
    assert [t.state["objects"][ref]["card"] for ref in (FIRST, SECOND)] == ["Shipyard Skulker"] * 2
    return t.do(f"P1 play {spell} {payment}", "P1 pass", "P2 pass")


@pytest.mark.parametrize(("phrase", "group"), [
    ("up to three units at the same location", {"same_place": True}),
    ("any number of units at a battlefield with total Might 4 or less", {"same_place": True, "might_max": 4}),
    ("any number of enemy Order units with total Might 5 or less", {"might_max": 5}),
    ("any number of enemy units with the same controller and a total Might of 8 or less to a single location",
     {"same_controller": True, "might_max": 8, "same_destination": True}),
])
def test_a_group_of_targets_reads_with_nothing_left_over(phrase: str, group: dict):
    found, rest = parse_target(phrase)
    assert rest == "" and found["group"] == group


def test_bellows_breath_on_two_units_at_one_battlefield_is_legal():
    t = cast("Bellows Breath", "$1 / Mind Rune").do(f"resolve Bellows Breath: damage {FIRST} 1 | damage {SECOND} 1")
    assert t.state["violations"] == []


def test_bellows_breath_on_units_at_two_battlefields_is_refused_v1_4_359_3_d():
    refusal = cast("Bellows Breath", "$1 / Mind Rune").refuses(
        f"resolve Bellows Breath: damage {FIRST} 1 | damage {YUUMI} 1", rule=SPELL)
    assert "which are not at the same location" in said(refusal)
    assert '"Deal 1 to up to three units at the same location."' in str(refusal)


def test_bellows_breath_on_units_at_two_battlefields_in_an_audit_match_is_flagged():
    cast("Bellows Breath", "$1 / Mind Rune", "audit").flags(
        f"resolve Bellows Breath: damage {FIRST} 1 | damage {YUUMI} 1", rule=SPELL)


def test_fox_fire_killing_3_might_is_legal():
    assert cast("Fox-Fire", "$3").do(f"resolve Fox-Fire: kill {FIRST}").state["violations"] == []


def test_fox_fire_killing_6_might_is_refused_v1_4_359_3_d():
    refusal = cast("Fox-Fire", "$3").refuses(f"resolve Fox-Fire: kill {FIRST} | kill {SECOND}", rule=SPELL)
    assert "whose total Might is 6, and the card's have 4 or less" in said(refusal)
    assert "Kill any number of units at a battlefield with total Might 4 or less." in said(refusal)


def test_tricksy_tentacles_moving_both_to_one_battlefield_is_legal():
    t = cast("Tricksy Tentacles", "$4 / Calm Rune").do(
        f"resolve Tricksy Tentacles: move {FIRST} -> bf1 | move {SECOND} -> bf1")
    assert t.state["violations"] == []


def test_tricksy_tentacles_moving_them_to_two_places_is_refused_v1_4_359_3_d():
    refusal = cast("Tricksy Tentacles", "$4 / Calm Rune").refuses(
        f"resolve Tricksy Tentacles: move {FIRST} -> bf1 | move {SECOND} -> base", rule=SPELL)
    assert "and the card's go to a single location" in said(refusal)
