"""Triggers on the excess damage a conquering player assigned (issue 26, "Honest coverage"): engine/combat.py keeps,
in a match whose abilities the engine checks, the combat damage each player assigned beyond lethal (nonzero damage
equal to the unit's Might, 626.1.d.1.a); a conquer that ends that combat carries it (engine/due.py), and "if you
assigned 3 or more excess damage" right after the condition (v1.4 383.2.a.1) is read from it
(engine/cards/trigger_ifs.py). Due when met; refused in strict citing v1.4 383.3 and quoting the card when not. Real
gallery cards, v1.4: Yeti Brawler, "When I conquer, if you assigned 3 or more excess damage, play two Gold gear
tokens exhausted."; Piltover Enforcer, "When you conquer, if you assigned 3 or more excess damage, you may exhaust me
to ready a unit." (its "you may" and its cost after the "if" read too); Tryndamere, Barbarian, "When I conquer after
an attack, if you assigned 5 or more excess damage to enemy units, you score 1 point."
"""
from __future__ import annotations

from gallery_table import GalleryTable, deck, said
from test_rules_statics import deck_count

from engine.cards import triggers

YETI = "When I conquer, if you assigned 3 or more excess damage, play two Gold gear tokens exhausted."
ENFORCER = "When you conquer, if you assigned 3 or more excess damage, you may exhaust me to ready a unit."
TRYNDAMERE = ("When I conquer after an attack, if you assigned 5 or more excess damage to enemy units, you score 1 "
              "point.")
P1 = deck("Piltover Enforcer", ["Yeti Brawler", "Tryndamere, Barbarian"], ["Trifarian War Camp", "Zaun Warrens", "Altar to Unity"])
P1 = {**P1, "champion": "Vi, Hotheaded", "deck": ["Vi, Hotheaded", *P1["deck"][1:]]}  # Vi is its champion
P2 = deck("Battle Mistress", ["Dragonsoul Sage", "Nidalee, Cat Form"],
          ["Grove of the God-Willow", "Vilemaw's Lair", "Windswept Hillock"])


def conquered(defender: str) -> GalleryTable:
    """Yeti Brawler (6 [S]) attacks `defender` alone at bf2, assigns it all 6 and conquers."""
    p1 = "runedeck:8 runes:2 Fury Rune;2 Order Rune base:Yeti Brawler"
    p2 = f"runedeck:8 runes:2 Body Rune;2 Chaos Rune bf2:{defender} controls:bf2"
    line = (f"position turn 3 P1 action first P1 | P1 0 bf:Trifarian War Camp deck:{deck_count(p1)} {p1} "
            f"| P2 0 bf:Grove of the God-Willow deck:{deck_count(p2)} {p2}")
    might = {"Dragonsoul Sage": 1, "Nidalee, Cat Form": 4}[defender]
    return GalleryTable(P1, P2, "strict", rules="v1.4", abilities="checked").do(
        line, "P1 move Yeti Brawler -> bf2", "P1 pass", "P2 pass", f"P1 assign {defender} 6",
        f"P2 assign Yeti Brawler {might}")


def due(t: GalleryTable) -> list[tuple[str, str]]:
    first = t.state["awaiting"][0]
    return [(entry["card"], entry["label"]) for entry in first.get("triggers", [])] if first["kind"] == "trigger" \
        else []


def test_excess_damage_and_conquering_after_an_attack_are_read():
    assert triggers.compile_trigger(YETI)["if"] == {"excess_at_least": 3}
    enforcer = triggers.compile_trigger(ENFORCER)
    assert (enforcer["optional"], enforcer["cost"], enforcer["unread"]) == (True, {"exhaust_self": True}, [])
    tryndamere = triggers.compile_trigger(TRYNDAMERE)
    assert tryndamere["on"] == [{"event": "conquers", "subject": "me", "after_attack": True}]
    assert tryndamere["if"] == {"excess_at_least": 5}


def test_yeti_and_the_enforcer_are_due_for_5_excess_and_refused_for_2_v1_4_383_2_a_1():
    t = conquered("Dragonsoul Sage")  # 6 assigned to a 1 [S] unit: 5 beyond lethal
    assert t.state["battlefields"][1]["controller"] == "P1"
    assert due(t) == [("Piltover Enforcer", "when-you-conquer"), ("Yeti Brawler", "when-i-conquer")]
    t.do('P1 trigger Yeti Brawler "when-i-conquer"', 'P1 trigger Piltover Enforcer "when-you-conquer" +declined')
    assert t.state["chain"][-1]["card"] == "Yeti Brawler" and t.state["violations"] == []
    short = conquered("Nidalee, Cat Form")  # 6 assigned to a 4 [S] unit: 2 beyond lethal
    assert short.state["battlefields"][1]["controller"] == "P1" and due(short) == []
    assert YETI in said(short.refuses('P1 trigger Yeti Brawler "when-i-conquer"', rule="v1.4 383.3"))


def test_tryndamere_conquering_an_empty_battlefield_conquers_after_no_attack_v1_4_383_3():
    p1 = "runedeck:8 runes:2 Fury Rune;2 Order Rune base:Tryndamere, Barbarian"
    p2 = "runedeck:8 runes:2 Body Rune;2 Chaos Rune"
    t = GalleryTable(P1, P2, "strict", rules="v1.4", abilities="checked").do(
        f"position turn 3 P1 action first P1 | P1 0 bf:Trifarian War Camp deck:{deck_count(p1)} {p1} "
        f"| P2 0 bf:Grove of the God-Willow deck:{deck_count(p2)} {p2}",
        "P1 move Tryndamere, Barbarian -> bf1", "P1 pass", "P2 pass")  # bf1 was nobody's: no combat
    assert t.state["battlefields"][0]["controller"] == "P1"
    assert ("Tryndamere, Barbarian", "when-i-conquer") not in due(t)
    assert TRYNDAMERE in said(t.refuses('P1 trigger Tryndamere, Barbarian "when-i-conquer"', rule="v1.4 383.3"))
