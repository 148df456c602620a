"""A trigger on a player's Nth draw of the turn (issue 26, "Honest coverage"; engine/cards/triggers.py `drew`,
engine/deck.py, engine/turn_facts.py `drawn`): each card drawn (v1.4 591) is an occurrence, and the draws of the
turn are counted, so "When you draw your second card each turn" is due on the second one only, in a match whose
abilities the engine checks; refused in strict citing v1.4 383.3 and quoting the card otherwise. Real gallery cards,
v1.4: Frigid Jewel, "When you draw your second card each turn, give a friendly unit +2 [S] this turn."; Consult the
Past, "Draw 2."; Back Off, "[Stun] a unit. If you played this from your hand, draw 1."
"""
from __future__ import annotations

from gallery_table import GalleryTable, deck, said
from test_rules_statics import deck_count

from engine.cards import triggers

JEWEL = "When you draw your second card each turn, give a friendly unit +2 [S] this turn."
P1 = deck("Bashful Bloom", ["Frigid Jewel", "Consult the Past", "Back Off", "Wizened Elder"],
          ["Grove of the God-Willow", "Zaun Warrens", "Altar to Unity"])
P2 = deck("Battle Mistress", ["Determined Sentry"], ["Vilemaw's Lair", "Trifarian War Camp", "Windswept Hillock"])


def table(hand: str) -> GalleryTable:
    p1 = f"runedeck:4 runes:4 Calm Rune;4 Mind Rune hand:{hand} base:Frigid Jewel;Wizened Elder"
    p2 = "runedeck:8 runes:2 Body Rune;2 Chaos Rune base:Determined Sentry"
    line = (f"position turn 3 P1 action first P1 | P1 0 bf:Grove of the God-Willow deck:{deck_count(p1)} {p1} "
            f"| P2 0 bf:Vilemaw's Lair deck:{deck_count(p2)} {p2}")
    return GalleryTable(P1, P2, "strict", rules="v1.4", abilities="checked").do(line)


def due(t: GalleryTable) -> list[tuple[str, str]]:
    first = t.state["awaiting"][0]
    return [(entry["card"], entry["label"]) for entry in first.get("triggers", [])] if first["kind"] == "trigger" \
        else []


def test_the_nth_draw_is_read():
    assert triggers.compile_trigger(JEWEL)["on"] == [{"event": "drew", "subject": "you", "nth": "second"}]


def test_frigid_jewel_is_due_on_the_second_card_drawn_this_turn_and_not_on_the_first_v1_4_383_3():
    t = table("Consult the Past").do("P1 play Consult the Past $4", "P1 pass", "P2 pass",
                                     "resolve Consult the Past: draw P1 ?; ?")
    assert due(t) == [("Frigid Jewel", "when-you-draw")]
    t.do('P1 trigger Frigid Jewel "when-you-draw"')
    assert t.state["chain"][-1]["card"] == "Frigid Jewel" and t.state["violations"] == []
    once = table("Back Off").do("P1 play Back Off -> Determined Sentry $3", "P1 pass", "P2 pass",
                                "resolve Back Off: stun Determined Sentry | draw P1 ?")
    assert due(once) == [] and once.state["turn_facts"]["P1"]["drawn"] == 1
    assert JEWEL in said(once.refuses('P1 trigger Frigid Jewel "when-you-draw"', rule="v1.4 383.3"))
