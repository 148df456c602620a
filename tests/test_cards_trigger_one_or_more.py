"""A trigger whose condition is met by "one or more" units (issue 26, "Honest coverage"; engine/cards/triggers.py,
engine/due.py `_grouped`): due once for all the units one event stuns or kills, in a match whose abilities the
engine checks, and refused in strict citing v1.4 383.3 and quoting the card where nothing met it. Real gallery
cards, v1.4:

- Radiant Dawn, "When you stun one or more enemy units, buff a friendly unit." (Back Off stuns a unit);
- Battle Mistress, "When one or more enemy units die, ready me." (two defenders killed by one combat's damage).
"""
from __future__ import annotations

from gallery_table import GalleryTable, deck, said
from test_rules_statics import deck_count

from engine.cards import triggers

RADIANT = "When you stun one or more enemy units, buff a friendly unit."
MISTRESS = "When one or more enemy units die, ready me."
P1 = deck("Radiant Dawn", ["Back Off", "Daring Poro", "Clockwork Keeper"],
          ["Grove of the God-Willow", "Zaun Warrens", "Altar to Unity"])
P2 = deck("Battle Mistress", ["Mountain Drake", "Determined Sentry"],
          ["Vilemaw's Lair", "Trifarian War Camp", "Windswept Hillock"])


def table(p1: str, p2: str, player: str = "P1") -> GalleryTable:
    line = (f"position turn 3 {player} action first P1 | P1 0 bf:Grove of the God-Willow deck:{deck_count(p1)} "
            f"{p1} | P2 0 bf:Vilemaw's Lair deck:{deck_count(p2)} {p2}")
    return GalleryTable(P1, P2, "strict", rules="v1.4", abilities="checked").do(line)


def due(t: GalleryTable) -> list[tuple[str, str]]:
    first = t.state["awaiting"][0]
    return [(entry["card"], entry["label"]) for entry in first.get("triggers", [])] if first["kind"] == "trigger" \
        else []


def test_the_one_or_more_phrasings_are_read():
    assert triggers.compile_trigger(RADIANT)["on"] == [{"event": "stunned", "subject": "an enemy unit",
                                                        "whose": "you", "one_or_more": True}]
    assert triggers.compile_trigger(MISTRESS)["on"] == [{"event": "dies", "subject": "an enemy unit",
                                                         "one_or_more": True}]


def stunned(target: str) -> GalleryTable:
    t = table("runedeck:4 runes:4 Calm Rune;4 Order Rune hand:Back Off base:Daring Poro",
              "runedeck:8 runes:2 Body Rune;2 Chaos Rune base:Determined Sentry")
    return t.do(f"P1 play Back Off -> {target} $3", "P1 pass", "P2 pass",
                f"resolve Back Off: stun {target} | draw P1 ?")


def test_radiant_dawn_is_due_when_p1_stuns_an_enemy_unit_and_refused_for_a_friendly_one_v1_4_383_3():
    t = stunned("Determined Sentry")
    assert due(t) == [("Radiant Dawn", "when-you-stun")]
    t.do('P1 trigger Radiant Dawn "when-you-stun"')
    assert t.state["chain"][-1]["card"] == "Radiant Dawn" and t.state["violations"] == []
    own = stunned("Daring Poro")
    assert due(own) == []
    assert RADIANT in said(own.refuses('P1 trigger Radiant Dawn "when-you-stun"', rule="v1.4 383.3"))


def test_battle_mistress_is_due_once_for_two_enemy_units_one_combat_kills_v1_4_383_3():
    t = table("runedeck:8 runes:2 Calm Rune;2 Order Rune bf2:Daring Poro;Clockwork Keeper controls:bf2",
              "runedeck:8 runes:2 Body Rune;2 Chaos Rune base:Mountain Drake", player="P2")
    t.do("P2 move Mountain Drake -> bf2", "P2 pass", "P1 pass", "P2 assign Daring Poro 5; Clockwork Keeper 5",
         "P1 assign Mountain Drake 4")
    assert t.find("P1", "Daring Poro", "trash") and t.find("P1", "Clockwork Keeper", "trash")
    assert due(t) == [("Battle Mistress", "when-one-or")]  # once, not once per unit
    t.do('P2 trigger Battle Mistress "when-one-or"')
    assert MISTRESS in said(t.refuses('P2 trigger Battle Mistress "when-one-or"', rule="v1.4 383.3"))
