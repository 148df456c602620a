"""Core Rules v1.4: a damage-increasing replacement at combat damage assignment (465.2.c.4.a, 465.2.c.5), for v1.4
matches, with v1.3's assignment kept for v1.3 matches. Real gallery cards: Vendetta's Lotus Trap ("Choose a unit.
Double all damage that would be dealt to it this turn."), the example of 465.2.c.5.

Ben's Kai'Sa, Survivor (4) attacks Treasure Hoard, where Ana has Jax, Unrelenting (3) and Veteran Poro (2); Ben
plays Lotus Trap on Jax: the damage step, Ben to assign 4.
"""
from __future__ import annotations

from typing import Any

import pytest

from gallery_duel import GALLERY

if not GALLERY.exists():
    pytest.skip(f"the card gallery export {GALLERY} is absent (../shared is not checked out)", allow_module_level=True)

from gallery_duel import GalleryTable, deck  # noqa: E402
from replays import notation  # noqa: E402

KAISA, JAX = "Kai'Sa, Survivor", "Jax, Unrelenting"
TRAP = f"resolve Lotus Trap: double {JAX}"


def created(rules: str, policy: str) -> dict[str, Any]:
    jax = deck("Grandmaster at Arms", JAX, ["Veteran Poro"], ["Treasure Hoard", "Zaun Warrens",
                                                               "Grove of the God-Willow"], "Ana")
    kaisa = deck("Daughter of the Void", KAISA, ["Lotus Trap"], ["Altar to Unity", "Back-Alley Bar",
                                                                  "Trifarian War Camp"], "Ben")
    return {"type": "match_created", "abilities": "declared", "rules": rules, "mode": "duel",
            "players": [jax, kaisa], "catalog": "gallery", "policy": policy}


def trapped(rules: str = "v1.4", policy: str = "strict", defenders: str = f"{JAX};Veteran Poro") -> GalleryTable:
    line = ("turn 4 P2 action first P1 | P1 0 bf:Treasure Hoard controls:bf1 champion:played deck:0 runedeck:0 "
            f"runes:2 Calm Rune;2 Body Rune bf1:{defenders} | "
            f"P2 0 bf:Altar to Unity champion:played deck:0 runedeck:0 hand:Lotus Trap runes:3 Fury Rune;2 Mind Rune "
            f"base:{KAISA}")
    return GalleryTable.from_position(created(rules, policy), line).do(
        f"P2 move {KAISA} -> bf1", f"P2 play Lotus Trap -> {JAX} $2", "P2 pass", "P1 pass", TRAP, "P1 pass",
        "P2 pass")


def test_a_doubled_unit_is_assigned_the_least_value_that_is_lethal_once_doubled_v1_4_465_2_c_4_a():
    """v1.4 465.2.c.4.a: "the assigning player must choose the minimum applied value such that the unit would take
    lethal damage": 2 to Jax (3), doubled to 4, and Ben's other 2 to the Poro; both die."""
    t = trapped().do(f"P2 assign {JAX} 2; Veteran Poro 2")
    assert t.obj("P1", JAX)["damage"] == 4 and t.obj("P1", "Veteran Poro")["damage"] == 2
    t.do(f"P1 assign {KAISA} 5")
    assert t.find("P1", JAX, "trash") and t.find("P1", "Veteran Poro", "trash")


def test_assigning_a_doubled_unit_more_than_that_is_refused_while_another_lacks_lethal_v1_4_465_2_c_4_a():
    refusal = trapped().refuses(f"P2 assign {JAX} 3; Veteran Poro 1", rule="v1.4 465.2.c.4.a")
    assert "2 is the least that is lethal once applied" in str(refusal)


def test_a_doubled_unit_may_take_the_rest_once_no_other_unit_lacks_lethal_v1_4_465_2_c_4():
    """465.2.c.4: "unless no further units remain to have damage assigned to them": Jax alone takes all 4, doubled
    to 8."""
    t = trapped(defenders=JAX).do(f"P2 assign {JAX} 4")
    assert t.obj("P1", JAX)["damage"] == 8 and t.state["violations"] == []


def test_the_suggested_assignment_gives_a_doubled_unit_its_least_lethal_value_v1_4_465_2_c_4_a():
    from engine.combat import lethal_first

    t = trapped()
    assert lethal_first(t.state, "P2") == {t.find("P1", JAX): 2, t.find("P1", "Veteran Poro"): 2}


def test_damage_doubled_by_lotus_trap_is_doubled_as_it_is_dealt_v1_4_465_2_c_5():
    """The doubling applies to the assignment (465.2.c.5), once: 2 assigned is 4 dealt, not 8."""
    t = trapped().do(f"P2 assign {JAX} 2; Veteran Poro 2")
    assert t.obj("P1", JAX)["damage"] == 4
    assert [entry["event"] for entry in t.state["replacements"]] == ["double"]  # "this turn": it still waits


def test_a_v1_3_match_assigns_lethal_by_might_and_doubles_as_dealt():
    """v1.3 has no 465.2.c.4.a: lethal for Jax is his 3; 3 to Jax and 1 to the Poro is allowed."""
    t = trapped("v1.3").do(f"P2 assign {JAX} 3; Veteran Poro 1")
    assert t.obj("P1", JAX)["damage"] == 6 and t.obj("P1", "Veteran Poro")["damage"] == 1


def test_double_writes_and_reads_back_in_the_notation():
    t = GalleryTable.from_position(created("v1.4", "strict"), (
        "turn 4 P2 action first P1 | P1 0 bf:Treasure Hoard controls:bf1 champion:played deck:0 runedeck:0 "
        f"bf1:{JAX} | P2 0 bf:Altar to Unity champion:played deck:0 runedeck:0 hand:Lotus Trap "
        "runes:3 Fury Rune;2 Mind Rune"))
    t.do(f"P2 play Lotus Trap -> {JAX} $2", "P2 pass", "P1 pass")
    for line in (TRAP, f"{TRAP} until permanent"):
        event = t.parse(line)
        assert notation.write_event(t.state, event) == line


def test_doubling_what_is_no_unit_on_the_board_is_refused():
    t = GalleryTable.from_position(created("v1.4", "strict"), (
        "turn 4 P2 action first P1 | P1 0 bf:Treasure Hoard controls:bf1 champion:played deck:0 runedeck:0 "
        f"trash:Veteran Poro bf1:{JAX} | P2 0 bf:Altar to Unity champion:played deck:0 runedeck:0 hand:Lotus Trap "
        "runes:3 Fury Rune;2 Mind Rune"))
    t.do(f"P2 play Lotus Trap -> {JAX} $2", "P2 pass", "P1 pass")
    refusal = t.refuses("resolve Lotus Trap: double Veteran Poro", rule="v1.4 359.3.e.6")
    assert "which is no unit on the board" in str(refusal)
