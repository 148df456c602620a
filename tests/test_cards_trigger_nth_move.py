"""A trigger on a unit's Nth move of the turn (issue 26, "Honest coverage"; engine/cards/triggers.py reads "The
third time I move in a turn" as "I move" with its `nth`, engine/due.py gives a move the unit's moves counted this
turn, engine/turn_facts.py `moves`): due on that move only, in a match whose abilities the engine checks; refused in
strict citing v1.4 383.3 and quoting the card before it. Real gallery cards, v1.4: Yasuo, Windrider, "[Ganking] ...
The third time I move in a turn, you score 1 point."; Ride the Wind, "Move a friendly unit and ready it."
"""
from __future__ import annotations

from gallery_table import GalleryTable, deck, said
from test_rules_statics import deck_count

from engine.cards import triggers

YASUO = "The third time I move in a turn, you score 1 point."
P1 = deck("Unforgiven", ["Yasuo, Windrider", "Ride the Wind"], ["Trifarian War Camp", "Zaun Warrens", "Altar to Unity"])
P2 = deck("Battle Mistress", ["Determined Sentry"], ["Vilemaw's Lair", "Grove of the God-Willow", "Windswept Hillock"])


def test_the_nth_move_is_read_and_only_for_a_units_own_moves():
    assert triggers.compile_trigger(YASUO)["on"] == [{"event": "moves", "subject": "me", "nth": "third"}]
    assert not triggers.checkable(triggers.compile_trigger("The second time you play a card in a turn, draw 1."))


def test_yasuo_is_due_on_his_third_move_this_turn_and_not_on_the_second_v1_4_383_3():
    p1 = "runedeck:2 runes:4 Calm Rune;6 Chaos Rune hand:Ride the Wind base:Yasuo, Windrider"
    p2 = "runedeck:8 runes:2 Body Rune;2 Chaos Rune"
    t = GalleryTable(P1, P2, "strict", "v1.4", "checked").do(
        f"position turn 3 P1 action first P1 | P1 0 bf:Trifarian War Camp deck:{deck_count(p1)} {p1} "
        f"| P2 0 bf:Grove of the God-Willow deck:{deck_count(p2)} {p2}",
        "P1 move Yasuo, Windrider -> bf1", "P1 pass", "P2 pass",
        "P1 play Ride the Wind -> Yasuo, Windrider $2 / Chaos Rune", "P1 pass", "P2 pass",
        "resolve Ride the Wind: move Yasuo, Windrider -> bf2 | ready Yasuo, Windrider")
    yasuo = t.obj("P1", "Yasuo, Windrider")
    assert t.state["turn_facts"]["P1"]["moves"][yasuo["id"]] == 2
    assert YASUO in said(t.refuses('P1 trigger Yasuo, Windrider "the-third-time"', rule="v1.4 383.3"))
    t.do("P1 pass", "P2 pass", "P1 move Yasuo, Windrider -> base")
    assert ("Yasuo, Windrider", "the-third-time") in [(entry["card"], entry["label"])
                                                      for entry in t.state["awaiting"][0]["triggers"]]
    t.do('P1 trigger Yasuo, Windrider "the-third-time"')
    assert t.state["chain"][-1]["card"] == "Yasuo, Windrider" and t.state["violations"] == []
