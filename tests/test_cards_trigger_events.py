"""Occurrences a triggered ability's condition may name beyond playing, moving, attacking, holding and dying (issue
26, "Honest coverage"; engine/cards/triggers.py, engine/due.py): in a match whose abilities the engine checks, the
ability is due when the rules module where it happens reports it, a `trigger` for one that is not due is refused in
strict citing v1.4 383.3 and quoting the card. Real gallery cards, v1.4:

- Nidalee, Cat Form, "When I win a combat, draw 1." and Voidreaver, "When you win a combat, gain 1 XP." (a player
  who was attacker or defender and is the only one with units remaining there has won, and their units with them,
  v1.4 466.3.a, 466.3.c);
- Draven, Audacious, "When I die in combat, choose an opponent. They score 1 point.".
"""
from __future__ import annotations

from gallery_table import GalleryTable, deck, said
from test_rules_statics import deck_count

from engine.cards import triggers

P1 = deck("Voidreaver", ["Nidalee, Cat Form", "Draven, Audacious", "Mask Mother"],
          ["Grove of the God-Willow", "Zaun Warrens", "Altar to Unity"])
P2 = deck("Wuju Master", ["Wizened Elder", "Lonely Poro"],
          ["Vilemaw's Lair", "Trifarian War Camp", "Windswept Hillock"])
NIDALEE = "When I win a combat, draw 1."
DRAVEN = "When I die in combat, choose an opponent. They score 1 point."


def table(p1: str, p2: str, player: str = "P1", turn: int = 3, policy: str = "strict") -> GalleryTable:
    line = (f"position turn {turn} {player} action first P1 | P1 0 bf:Grove of the God-Willow deck:{deck_count(p1)} "
            f"{p1} | P2 0 bf:Vilemaw's Lair deck:{deck_count(p2)} {p2}")
    return GalleryTable(P1, P2, policy, rules="v1.4", abilities="checked").do(line)


def due(t: GalleryTable) -> list[tuple[str, str]]:
    """The due triggers `awaiting` lists first: (card, label)."""
    first = t.state["awaiting"][0]
    return [(entry["card"], entry["label"]) for entry in first.get("triggers", [])] if first["kind"] == "trigger" \
        else []


# -- winning a combat (v1.4 466.3) ---------------------------------------------------------------------------------
RUNES = "runedeck:8 runes:2 Body Rune;2 Chaos Rune"


def test_nidalee_and_voidreaver_are_due_when_p1_wins_the_combat_v1_4_466_3_a():
    t = table(f"{RUNES} base:Nidalee, Cat Form", "runedeck:8 runes:2 Calm Rune;2 Body Rune bf2:Lonely Poro controls:bf2")
    t.do("P1 move Nidalee, Cat Form -> bf2", "P1 pass", "P2 pass", "P1 assign Lonely Poro 4",
         "P2 assign Nidalee, Cat Form 2")
    assert due(t) == [("Lonely Poro", "deathknell"), ("Voidreaver", "when-you-win"), ("Nidalee, Cat Form", "when-i-win")]
    t.do('P2 trigger Lonely Poro "deathknell"', 'P1 trigger Voidreaver "when-you-win"',
         'P1 trigger Nidalee, Cat Form "when-i-win"')
    assert [item["card"] for item in t.state["chain"]] == ["Lonely Poro", "Voidreaver", "Nidalee, Cat Form"]
    assert t.state["violations"] == []


def test_a_combat_with_no_unit_remaining_is_won_by_no_one_and_nidalees_trigger_is_refused_v1_4_466_3_d():
    t = table(f"{RUNES} base:Nidalee, Cat Form", "runedeck:8 runes:2 Calm Rune;2 Body Rune bf2:Wizened Elder "
                                                  "controls:bf2")
    t.do("P1 move Nidalee, Cat Form -> bf2", "P1 pass", "P2 pass", "P1 assign Wizened Elder 4",
         "P2 assign Nidalee, Cat Form 4")
    assert due(t) == []
    assert NIDALEE in said(t.refuses('P1 trigger Nidalee, Cat Form "when-i-win"', rule="v1.4 383.3"))
    t.refuses('P1 trigger Voidreaver "when-you-win"', rule="v1.4 383.3")


def test_draven_dying_in_combat_is_due_and_the_defender_wins_v1_4_466_3_a():
    t = table(f"{RUNES} base:Draven, Audacious", "runedeck:8 runes:2 Calm Rune;2 Body Rune bf2:Wizened Elder;"
                                                  "Lonely Poro controls:bf2")
    t.do("P1 move Draven, Audacious -> bf2", "P1 pass", "P2 pass", "P1 assign Wizened Elder 6",
         "P2 assign Draven, Audacious 6")
    assert due(t) == [("Draven, Audacious", "when-i-die")]  # P2 won: neither Voidreaver nor "I win" of Draven
    t.refuses('P1 trigger Draven, Audacious "the-first-time"', rule="v1.4 383.3")
    t.do('P1 trigger Draven, Audacious "when-i-die"')
    assert t.state["chain"][-1]["card"] == "Draven, Audacious" and t.state["violations"] == []


def test_a_unit_killed_outside_combat_does_not_die_in_combat():
    assert triggers.compile_trigger(DRAVEN)["on"] == [{"event": "dies", "subject": "me", "in_combat": True}]
    assert not triggers.matches({"event": "dies", "subject": "me", "in_combat": True},
                                {"event": "dies", "player": "P1", "object": {"id": "o1", "in_combat": False}},
                                {"id": "o1", "controller": "P1", "kind": "object"})
