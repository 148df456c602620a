"""A trigger on a unit attacking or defending alone (issue 26, "Honest coverage"; engine/due.py gives an attack or a
defence whether the unit is alone, v1.4 740.2.a: no other friendly units at the same location): due in a match whose
abilities the engine checks; refused in strict citing v1.4 383.3 and quoting the card when another friendly unit is
with it. Real gallery card, v1.4: Mask of Foresight, "When a friendly unit attacks or defends alone, give it +1 [S]
this turn."
"""
from __future__ import annotations

from gallery_table import GalleryTable, deck, said
from test_rules_statics import deck_count

from engine.cards import triggers

MASK = "When a friendly unit attacks or defends alone, give it +1 [S] this turn."
P1 = deck("Bashful Bloom", ["Mask of Foresight", "Wizened Elder", "Clockwork Keeper"],
          ["Trifarian War Camp", "Zaun Warrens", "Altar to Unity"])
P2 = deck("Battle Mistress", ["Dragonsoul Sage"], ["Grove of the God-Willow", "Vilemaw's Lair", "Windswept Hillock"])


def attacked(movers: str) -> GalleryTable:
    p1 = "runedeck:8 runes:2 Calm Rune;2 Mind Rune base:Mask of Foresight;Wizened Elder;Clockwork Keeper"
    p2 = "runedeck:8 runes:2 Body Rune;2 Chaos Rune bf2:Dragonsoul Sage controls:bf2"
    line = (f"position turn 3 P1 action first P1 | P1 0 bf:Trifarian War Camp deck:{deck_count(p1)} {p1} "
            f"| P2 0 bf:Grove of the God-Willow deck:{deck_count(p2)} {p2}")
    return GalleryTable(P1, P2, "strict", rules="v1.4", abilities="checked").do(
        line, f"P1 move {movers} -> bf2")


def due(t: GalleryTable) -> list[tuple[str, str]]:
    first = t.state["awaiting"][0]
    return [(entry["card"], entry["label"]) for entry in first.get("triggers", [])] if first["kind"] == "trigger" \
        else []


def test_attacks_or_defends_alone_is_read_as_both_alone():
    assert triggers.compile_trigger(MASK)["on"] == [
        {"event": "attacks", "subject": "a friendly unit", "alone": True},
        {"event": "defends", "subject": "a friendly unit", "alone": True}]


def test_mask_of_foresight_is_due_for_a_lone_attacker_and_refused_for_two_v1_4_740_2_a():
    t = attacked("Wizened Elder")
    assert due(t) == [("Mask of Foresight", "when-a-friendly")]
    t.do('P1 trigger Mask of Foresight "when-a-friendly"')
    assert t.state["chain"][-1]["card"] == "Mask of Foresight" and t.state["violations"] == []
    two = attacked("Wizened Elder; Clockwork Keeper")
    assert due(two) == []
    assert MASK in said(two.refuses('P1 trigger Mask of Foresight "when-a-friendly"', rule="v1.4 383.3"))
