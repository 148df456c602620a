"""Statics given by reviewed data (issue 26: engine/cards/data/<slug>.json, key "statics", read by
engine/cards/statics.py through `reviewed.given`): lines the reader cannot compile, applied and checked by the
engine exactly as compiled ones, in v1.4 matches whose abilities the engine checks, with real cards of the gallery.
"""
from __future__ import annotations

import json

from engine.cards import coverage, reviewed
from engine.cards import statics as card_statics
from engine.cards.served import served_abilities
from engine.statics import check_shape
from gallery_table import GalleryTable, deck, listed, said

P1 = deck("Blind Monk", ["Gemhand Hunter", "Concentrate", "Master Yi, Unstoppable"],
          ["Trifarian War Camp", "Zaun Warrens", "Altar to Unity"])
P2 = deck("Butcher of the Sands", [], ["Grove of the God-Willow", "Vilemaw's Lair", "Windswept Hillock"])
P2_RUNES = "runedeck:8 runes:2 Fury Rune;2 Body Rune"


def table(p1: str, xp: int = 0, policy: str = "strict") -> GalleryTable:
    """A v1.4 position at P1's action phase, turn 3, P1 with `xp` XP."""
    line = (f"position turn 3 P1 action first P1 | P1 0 bf:Zaun Warrens deck:{39 - listed(p1)} xp:{xp} {p1} "
            f"| P2 0 bf:Vilemaw's Lair deck:{39 - listed(P2_RUNES)} {P2_RUNES}")
    return GalleryTable(P1, P2, policy, "v1.4", "checked").do(line)


def test_every_reviewed_static_has_the_shape_a_recorder_declares_and_reviews_a_printed_line():
    """Each reviewed "statics" entry is in engine/statics.py's shape (plus `zone` and `text`) and reviews a line the
    card prints (an entry for a line no longer printed would be silently unused)."""
    catalog = GalleryTable(P1, P2).catalog
    found = 0
    for path in sorted(reviewed.DATA.glob("*.json")):
        entry = json.loads(path.read_text(encoding="utf-8"))
        lines = [ability["text"] for ability in catalog.card(entry["name"])["abilities"]]
        for ability in entry["abilities"]:
            for static in ability.get("statics", ()):
                assert ability["text"] in lines, (entry["name"], ability["text"])
                assert static["zone"] in card_statics.ZONES and static["text"], static
                check_shape({key: value for key, value in static.items() if key != "zone"}, entry["name"])
                found += 1
    assert found >= 4


def test_gemhand_hunters_level_six_might_is_applied_and_served_as_reviewed_data():
    """"[Level 6][>] I have +1 [S]." (its gallery line ends with a stray word the reader does not read)."""
    hunter = "runedeck:4 runes:6 Calm Rune;2 Body Rune base:Gemhand Hunter"
    assert table(hunter, xp=5).obj("P1", "Gemhand Hunter")["might"] == 2
    game = table(hunter, xp=6)
    assert game.obj("P1", "Gemhand Hunter")["might"] == 2 + 1
    refusal = game.refuses("static Gemhand Hunter +might=1", rule="v1.4 365.1")  # nothing left to declare
    assert "I have +1 [S]." in said(refusal)
    [served] = [ability for ability in served_abilities(game.catalog.card("Gemhand Hunter"))
                if ability.get("condition") == "Level 6"]
    assert served["source"] == "data" and served["statics"][0]["might"] == 1 and "unread" not in served


def test_concentrate_costs_four_less_at_level_eleven_and_two_less_at_level_six():
    hand = "runedeck:4 hand:Concentrate runes:6 Calm Rune;2 Body Rune"
    game = table(hand, xp=11).do("P1 play Concentrate $1")
    assert game.obj("P1", "Concentrate", "chain")["zone"] == "chain"
    refusal = table(hand, xp=6).refuses("P1 play Concentrate $1", rule="v1.4 357.1")
    assert "costs 3 Energy" in said(refusal) and "This costs [2] less." in said(refusal)
    table(hand, xp=6, policy="audit").flags("P1 play Concentrate $1", "v1.4 357.1")


def test_master_yi_costs_six_and_three_calm_less_at_level_eleven_not_at_level_six():
    hand = "runedeck:4 hand:Master Yi, Unstoppable runes:6 Calm Rune;2 Body Rune"
    game = table(hand, xp=11).do("P1 play Master Yi, Unstoppable $6")
    assert game.obj("P1", "Master Yi, Unstoppable")["zone"] == "board"
    refusal = table(hand, xp=6).refuses("P1 play Master Yi, Unstoppable $6", rule="v1.4 357.1")
    assert "costs 8 Energy and 1 Power" in said(refusal) and "I cost [4][G][G] less instead." in said(refusal)


def test_the_xp_trackers_lines_are_reviewed_as_giving_nothing():
    """XP Tracker's lines ("Track gained XP here.", ...) describe the XP count the state keeps (v1.4 729): reviewed
    as no static at all, so nothing is taken on the recorder's word and nothing is applied."""
    tracker = GalleryTable(P1, P2).catalog.card("XP Tracker")
    assert card_statics.card_statics(tracker, "board") == card_statics.card_statics(tracker, "play") == []
    assert card_statics.compiles(tracker)
    assert coverage.unread(tracker) == []
