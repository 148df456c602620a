"""Core Rules v1.4 "Vendetta" for v1.4 matches, the rest of issue 25's gaps: a look at an empty deck burns nothing
out (and Vision is a Predict), a multi-domain card's [C] in its ability and keyword costs, control lost only in an
open state, a delayed ability whose time has passed; each beside a test that a v1.3 match keeps the old behaviour.
Real cards of the gallery."""
from __future__ import annotations

from gallery_table import GalleryTable, deck

# -- a look at more cards than the deck holds (v1.4 431.1.c; Vision, 817.1.b) ---------------------------------------
SEER = deck("Nine-Tailed Fox", ["Gemcraft Seer", "Clairvoyance"], ["Trifarian War Camp", "Windswept Hillock",
                                                                    "Zaun Warrens"])
CANNON = deck("Loose Cannon", ["Blade Twirler"], ["Altar to Unity", "Grove of the God-Willow", "Vilemaw's Lair"])


def seer_on_an_empty_deck(rules: str, policy: str = "strict") -> GalleryTable:
    """P1's main deck is empty (Clairvoyance in the trash; the deck emptied by hand, as tests/test_rules_deck_top.py
    does, since a position accounts for all 40 cards); Gemcraft Seer is played and its Vision waits to resolve."""
    line = ("position turn 3 P1 action first P1 | P1 0 bf:Trifarian War Camp deck:37 runedeck:8 runes:2 Calm Rune;"
            "2 Mind Rune hand:Gemcraft Seer trash:Clairvoyance | P2 0 bf:Altar to Unity deck:38 runedeck:6 "
            "runes:3 Fury Rune;3 Chaos Rune base:Blade Twirler")
    t = GalleryTable(SEER, CANNON, policy, rules=rules).do(line)
    t.state["players"]["P1"]["deck_count"] = 0
    return t.do("P1 play Gemcraft Seer $3 / Mind Rune", 'P1 trigger Gemcraft Seer "Vision"', "P1 pass", "P2 pass")


def test_vision_on_an_empty_deck_looks_at_nothing_and_burns_nothing_out_v1_4_431_1_c():
    """v1.4 431.1.c: a look at more cards than the main deck holds looks at as many as there are and does not burn
    out; Vision is "When this is played, predict" (v1.4 817.1.b), which never burns out (436.4.a) however it is
    recorded. A look naming a card of an empty deck is refused, and the trash stays where it is."""
    t = seer_on_an_empty_deck("v1.4")
    t.refuses("resolve Gemcraft Seer: look P1 Clairvoyance", rule="v1.4 431.1.c")
    t.do("resolve Gemcraft Seer: look P1")
    p1 = t.state["players"]["P1"]
    assert t.state["scores"]["P2"] == 0 and p1["deck_count"] == 0 and len(p1["trash"]) == 1
    audit = seer_on_an_empty_deck("v1.4", policy="audit").do("resolve Gemcraft Seer: look P1 Clairvoyance")
    assert audit.state["scores"]["P2"] == 0 and len(audit.state["players"]["P1"]["trash"]) == 1
    assert "v1.4 431.1.c" in [violation["rule"] for violation in audit.state["violations"]]


def test_vision_on_an_empty_deck_burns_out_first_in_a_v1_3_match_607_1_b():
    """A v1.3 match keeps what it was recorded with: the look burns out first (2025 607.1.b), the trash shuffled
    into the deck and an opponent scoring, then the player looks at the card."""
    t = seer_on_an_empty_deck("v1.3").do("resolve Gemcraft Seer: look P1 Clairvoyance")
    p1 = t.state["players"]["P1"]
    assert t.state["scores"]["P2"] == 1 and p1["deck_count"] == 1 and p1["trash"] == []
