"""Triggers on recycling (issue 26, "Honest coverage"; engine/due.py `recycled`): a rune recycled to pay (v1.4
157.2.b) is an occurrence each ("When you recycle a rune"); the cards one instruction or cost recycles (v1.4 594.1)
are one ("When you recycle one or more cards"; runes are not cards). Due in a match whose abilities the engine
checks; refused in strict citing v1.4 383.3 and quoting the card where nothing met it. Real gallery cards, v1.4:
Battle Mistress, "When you recycle a rune, you may exhaust me to play a Gold gear token exhausted."; Karma,
Channeler, "[Vision] ... When you recycle one or more cards, buff a friendly unit."; Ride the Wind; Back Off.
"""
from __future__ import annotations

from gallery_table import GalleryTable, deck, said
from test_rules_statics import deck_count

from engine.cards import triggers

MISTRESS = "When you recycle a rune, you may exhaust me to play a Gold gear token exhausted."
KARMA = "When you recycle one or more cards, buff a friendly unit."
SIVIR = deck("Battle Mistress", ["Ride the Wind", "Determined Sentry"],
             ["Trifarian War Camp", "Zaun Warrens", "Altar to Unity"])
LEONA = deck("Radiant Dawn", ["Karma, Channeler", "Back Off", "Daring Poro"],
             ["Grove of the God-Willow", "Windswept Hillock", "Vilemaw's Lair"])


def table(p1: dict, p2: dict, one: str, two: str) -> GalleryTable:
    line = (f"position turn 3 P1 action first P1 | P1 0 bf:{p1['battlefields'][0]} deck:{deck_count(one)} {one} "
            f"| P2 0 bf:{p2['battlefields'][0]} deck:{deck_count(two)} {two}")
    return GalleryTable(p1, p2, "strict", rules="v1.4", abilities="checked").do(line)


def due(t: GalleryTable) -> list[tuple[str, str]]:
    first = t.state["awaiting"][0]
    return [(entry["card"], entry["label"]) for entry in first.get("triggers", [])] if first["kind"] == "trigger" \
        else []


def test_the_recycle_phrasings_are_read_runes_apart_from_cards():
    assert triggers.compile_trigger(MISTRESS)["on"] == [{"event": "recycled", "subject": "you", "rune": True}]
    assert triggers.compile_trigger(KARMA)["on"] == [{"event": "recycled", "subject": "you", "rune": False}]


def test_battle_mistress_is_due_for_a_rune_recycled_to_pay_and_not_for_runes_exhausted_v1_4_157_2_b():
    runes = "runedeck:2 runes:4 Body Rune;6 Chaos Rune hand:Ride the Wind base:Determined Sentry"
    p2 = "runedeck:8 runes:2 Calm Rune;2 Order Rune"
    t = table(SIVIR, LEONA, runes, p2).do("P1 play Ride the Wind -> Determined Sentry $2 / Chaos Rune")
    assert due(t) == [("Battle Mistress", "when-you-recycle")]
    t.do('P1 trigger Battle Mistress "when-you-recycle" +declined', "P1 pass", "P2 pass")
    assert t.state["violations"] == []
    karma = table(LEONA, SIVIR, "runedeck:4 runes:4 Calm Rune;4 Order Rune hand:Back Off base:Daring Poro",
                  "runedeck:8 runes:2 Body Rune;2 Chaos Rune base:Determined Sentry")
    karma.do("P1 play Back Off -> Determined Sentry $3")  # runes exhausted only: no recycle
    assert due(karma) == []


def test_karma_is_due_once_for_the_card_its_vision_recycles_and_refused_before_v1_4_383_3():
    t = table(LEONA, SIVIR, "runedeck:2 runes:6 Order Rune;4 Calm Rune hand:Karma, Channeler base:Daring Poro",
              "runedeck:8 runes:2 Body Rune;2 Chaos Rune")
    t.do("P1 play Karma, Channeler $6 / Order Rune", 'P1 trigger Karma, Channeler "Vision"', "P1 pass", "P2 pass")
    assert KARMA in said(t.refuses('P1 trigger Karma, Channeler "when-you-recycle"', rule="v1.4 383.3"))
    t.do("resolve Karma, Channeler: predict P1 ? | recycle P1 ? <deck")
    assert due(t) == [("Karma, Channeler", "when-you-recycle")]
    t.do('P1 trigger Karma, Channeler "when-you-recycle"')
    assert t.state["chain"][-1]["card"] == "Karma, Channeler" and t.state["violations"] == []
