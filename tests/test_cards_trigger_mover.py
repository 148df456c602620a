"""A trigger on moving another player's unit (issue 26, "Honest coverage"; engine/movement.py `relocate` reports
the player whose effect or Standard Move moves a unit, `mover`): "When you move an enemy unit" is due when the
source's controller's effect moves a unit they do not control, in a match whose abilities the engine checks; refused
in strict citing v1.4 383.3 and quoting the card for their own unit. Real gallery cards, v1.4: Blast Cone, "When you
move an enemy unit, you may exhaust this to [Stun] it."; Charm, "Move an enemy unit."
"""
from __future__ import annotations

from gallery_table import GalleryTable, deck, said
from test_rules_statics import deck_count

from engine.cards import triggers

CONE = "When you move an enemy unit, you may exhaust this to [Stun] it."
P1 = deck("Unforgiven", ["Blast Cone", "Charm", "Clockwork Keeper"],
          ["Trifarian War Camp", "Zaun Warrens", "Altar to Unity"])
P2 = deck("Battle Mistress", ["Dragonsoul Sage"], ["Grove of the God-Willow", "Vilemaw's Lair", "Windswept Hillock"])


def table() -> GalleryTable:
    p1 = "runedeck:4 runes:4 Calm Rune;4 Chaos Rune hand:Charm base:Blast Cone;Clockwork Keeper"
    p2 = "runedeck:8 runes:2 Body Rune;2 Chaos Rune bf2:Dragonsoul Sage controls:bf2"
    line = (f"position turn 3 P1 action first P1 | P1 0 bf:Trifarian War Camp deck:{deck_count(p1)} {p1} "
            f"| P2 0 bf:Grove of the God-Willow deck:{deck_count(p2)} {p2}")
    return GalleryTable(P1, P2, "strict", rules="v1.4", abilities="checked").do(line)


def due(t: GalleryTable) -> list[tuple[str, str]]:
    first = t.state["awaiting"][0]
    return [(entry["card"], entry["label"]) for entry in first.get("triggers", [])] if first["kind"] == "trigger" \
        else []


def test_you_move_an_enemy_unit_is_read():
    assert triggers.compile_trigger(CONE)["on"] == [{"event": "moves", "subject": "an enemy unit", "whose": "you"}]


def test_blast_cone_is_due_when_p1s_spell_moves_p2s_unit_and_refused_for_p1s_own_move_v1_4_383_3():
    t = table().do("P1 play Charm -> Dragonsoul Sage $1 / Calm Rune", "P1 pass", "P2 pass",
                   "resolve Charm: move Dragonsoul Sage -> base")
    assert t.obj("P2", "Dragonsoul Sage")["location"] == "base:P2"
    assert due(t) == [("Blast Cone", "when-you-move")]
    t.do('P1 trigger Blast Cone "when-you-move"')
    assert t.state["chain"][-1]["card"] == "Blast Cone" and t.state["violations"] == []
    own = table().do("P1 move Clockwork Keeper -> bf1")
    assert due(own) == []
    assert CONE in said(own.refuses('P1 trigger Blast Cone "when-you-move"', rule="v1.4 383.3"))
