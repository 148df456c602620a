"""When abilities that trigger on a card being played trigger (v1.4 419.4.a, 419.4.a.1), and triggered abilities
that add resources (v1.4 429.2), in matches whose abilities the engine checks, with real cards of the gallery,
recorded in the notation. A spell's play triggers "When you play a spell" as the spell resolves, never if it is
countered; a unit's play is complete as it enters the board (v1.4 359.2, 383.4.a.2); Jhin, Murderous Artist's "When
I move, [Add] [1][A]" resolves as its trigger is recorded, with no chain item and no passes."""
from __future__ import annotations

import pytest

from gallery_table import GalleryTable, deck
from test_cards_triggers import due
from test_rules_statics import deck_count

from engine import add_triggers
from replays.notation.errors import UnknownReference

P1 = deck("Bashful Bloom", ["Ravenbloom Student", "Stupefy", "Lecturing Yordle"],
          ["Grove of the God-Willow", "Forgotten Monument", "Aspirant's Climb"])
P2 = deck("Wuju Master", ["Defy"], ["Vilemaw's Lair", "Trifarian War Camp", "Windswept Hillock"])
JHIN = deck("Hand of Noxus", ["Jhin, Murderous Artist"], ["Trifarian War Camp", "Windswept Hillock", "Zaun Warrens"])

STUDENT = "runedeck:8 runes:2 Calm Rune;2 Mind Rune hand:Stupefy;Lecturing Yordle base:Ravenbloom Student"
DEFY = "runedeck:8 runes:2 Calm Rune;2 Body Rune hand:Defy"
STUPEFY = "P1 play Stupefy -> Ravenbloom Student $1"
STUPEFY_RESOLVES = "resolve Stupefy: might Ravenbloom Student -1 until turn | draw P1 ?"


def table(p1: str = STUDENT, p2: str = DEFY, *, p1_deck: dict = P1, bf: str = "Grove of the God-Willow",
          rules: str = "v1.4") -> GalleryTable:
    """A strict, checked match (of v1.4 unless `rules` says) at P1's action phase of turn 3."""
    line = (f"position turn 3 P1 action first P1 | P1 0 bf:{bf} deck:{deck_count(p1)} {p1} | "
            f"P2 0 bf:Vilemaw's Lair deck:{deck_count(p2)} {p2}")
    return GalleryTable(p1_deck, P2, "strict", rules=rules, abilities="checked").do(line)


# -- a spell's play triggers as it resolves (v1.4 419.4.a) ----------------------------------------------------------
@pytest.mark.parametrize("rules", ["v1.4", "v1.3"])
def test_a_spells_play_trigger_is_due_once_the_spell_resolves_v1_4_419_4_a(rules: str):
    """v1.4 419.4.a: Ravenbloom Student's "When you play a spell" triggers "when the act of playing the card has
    been completed by the resolution of the card": nothing is due while Stupefy waits on the chain, and the trigger
    is due as it resolves, then goes on the chain and resolves in its turn. v1.3 419.4.a says the same."""
    t = table(rules=rules).do(STUPEFY)
    assert due(t) == [] and t.state["awaiting"][0]["kind"] == "priority"
    t.do("P1 pass", "P2 pass", STUPEFY_RESOLVES)
    assert due(t) == [("Ravenbloom Student", "when-you-play")]
    t.do('P1 trigger Ravenbloom Student "when-you-play"', "P1 pass", "P2 pass",
         "resolve Ravenbloom Student: might Ravenbloom Student +1 until turn")
    assert t.state["chain"] == [] and due(t) == [] and t.state["violations"] == []


def test_a_play_trigger_recorded_before_its_spell_resolved_is_refused_v1_4_419_4_a():
    """The old timing (the trigger recorded as the spell is played, resolving before it) is refused, naming the
    spell that has not resolved."""
    refusal = table().do(STUPEFY).refuses('P1 trigger Ravenbloom Student "when-you-play"', rule="v1.4 419.4.a")
    assert "'Stupefy'" in refusal.violations[-1]["message"]
    assert "has not resolved" in refusal.violations[-1]["message"]


def test_a_spell_left_unresolved_leaves_its_play_trigger_undue_v1_4_419_4_a():
    """The spell's play is complete only by its resolution: passing on is no game action that misses the trigger,
    since none is due yet (TR 702.2 is not flagged)."""
    t = table().do(STUPEFY, "P1 pass")
    assert due(t) == [] and t.state["violations"] == []


# -- a countered spell's play triggers nothing (v1.4 419.4.a.1) -----------------------------------------------------
def test_a_countered_spells_play_trigger_never_triggers_v1_4_419_4_a_1():
    """v1.4 419.4.a.1 (and 425.1.b): Defy counters Stupefy, which never resolves: Ravenbloom Student's ability
    does not trigger, so nothing is due after Defy resolves, and a `trigger` recorded for it is refused."""
    t = table().do(STUPEFY, "P1 pass", "P2 play Defy -> Stupefy $1 / Calm Rune", "P2 pass", "P1 pass",
                   "resolve Defy: counter Stupefy")
    assert t.state["chain"] == [] and t.obj("P1", "Stupefy", "trash") and due(t) == []
    refusal = t.refuses('P1 trigger Ravenbloom Student "when-you-play"', rule="v1.4 383.3")
    assert "v1.4 419.4.a.1" in refusal.violations[-1]["message"]


def test_the_counter_spells_own_resolution_triggers_its_controllers_abilities_only_v1_4_419_4_a():
    """Defy itself resolved: its play is complete, and it is P2's, so P1's "When you play a spell" is not met."""
    t = table().do(STUPEFY, "P1 pass", "P2 play Defy -> Stupefy $1 / Calm Rune", "P2 pass", "P1 pass",
                   "resolve Defy: counter Stupefy")
    assert t.obj("P2", "Defy", "trash") and due(t) == []


# -- a unit's play is complete as it enters the board (v1.4 359.2, 383.4.a.2) --------------------------------------
def test_a_units_play_effect_is_due_as_it_enters_the_board_and_a_later_spells_as_it_resolves_v1_4_419_4_a():
    """A unit leaves the chain for the board as it is finalized (v1.4 359.2): its play has nothing left to
    resolve, so Lecturing Yordle's "When you play me" is due at once (v1.4 383.4.a.2), and Ravenbloom Student's
    "When you play a spell" is not met by a unit; the Stupefy played after it triggers the Student only as it
    resolves."""
    t = table().do("P1 play Lecturing Yordle $3")
    assert due(t) == [("Lecturing Yordle", "when-you-play")]
    t.do('P1 trigger Lecturing Yordle "when-you-play"', "P1 pass", "P2 pass", "resolve Lecturing Yordle: draw P1 ?",
         STUPEFY)
    assert due(t) == []
    t.do("P1 pass", "P2 pass", STUPEFY_RESOLVES)
    assert due(t) == [("Ravenbloom Student", "when-you-play")] and t.state["violations"] == []


# -- a triggered Add ability resolves at once (v1.4 429.2) ----------------------------------------------------------
JHIN_AT_BASE = "runedeck:8 runes:2 Fury Rune;2 Order Rune base:Jhin, Murderous Artist"


def jhin_moved() -> GalleryTable:
    t = table(JHIN_AT_BASE, "runedeck:8 runes:2 Calm Rune;2 Body Rune", p1_deck=JHIN, bf="Trifarian War Camp")
    return t.do("P1 move Jhin, Murderous Artist -> bf1")


def test_jhins_add_trigger_resolves_as_it_is_finalized_v1_4_429_2():
    """v1.4 429.2: "Triggered and activated abilities that Add resources resolve as soon as they are finalized":
    Jhin's "When I move, [Add] [1][A]" adds 1 Energy and 1 Power of any domain to Ana's pool as its `trigger` is
    recorded; no chain item is made, and priority stays with Ana (429.2.a: it does not pass)."""
    t = jhin_moved()
    assert due(t) == [("Jhin, Murderous Artist", "when-i-move")]
    priority = t.state["priority"]
    t.do('P1 trigger Jhin, Murderous Artist "when-i-move"')
    assert t.state["chain"] == [] and due(t) == [] and t.state["priority"] == priority
    assert t.pool("P1") == {"energy": 1, "power": {"Universal": 1}} and t.state["violations"] == []
    # A match whose abilities are declared folds as it did: its trigger is a chain item, resolved by a `resolve`.
    line = (f"position turn 3 P1 action first P1 | P1 0 bf:Trifarian War Camp deck:{deck_count(JHIN_AT_BASE)} "
            f"{JHIN_AT_BASE} | P2 0 bf:Vilemaw's Lair deck:{deck_count(DEFY)} {DEFY}")
    declared = GalleryTable(JHIN, P2, "strict", rules="v1.4").do(line, "P1 move Jhin, Murderous Artist -> bf1",
                                                                 'P1 trigger Jhin, Murderous Artist "when-i-move"')
    assert [item["card"] for item in declared.state["chain"]] == ["Jhin, Murderous Artist"]
    assert declared.pool("P1") == {"energy": 0, "power": {}}


def test_an_add_trigger_left_on_the_chain_to_resolve_is_refused_v1_4_429_2():
    """Jhin's Add trigger is not a chain item: a `resolve` recorded for it, as if it had waited on the chain for
    the players to pass, is refused (nothing is on the chain to resolve)."""
    t = jhin_moved()
    item = f"c{t.state['next_id'].get('c', 0) + 1}"  # the id a chain item made now would have
    t.do('P1 trigger Jhin, Murderous Artist "when-i-move"', "P1 pass", "P2 pass")
    refusal = t.refuses({"type": "resolve", "item": item, "effects": [
        {"op": "add", "player": "P1", "energy": 1, "power": {"Universal": 1}}]}, rule="v1.4 340.1")
    assert "the chain is empty" in refusal.violations[-1]["message"]
    with pytest.raises(UnknownReference, match="no 'Jhin, Murderous Artist' on the chain"):
        t.parse("resolve Jhin, Murderous Artist: add P1 1")


@pytest.mark.parametrize("card, adds", [
    ("Jhin, Murderous Artist", {"energy": 1, "power": {"any": 1}}),
    ("Blue Sentinel", None),  # "[Add] [A] at the start of your next Main Phase": a delayed Add, later
    ("Threshold of the Gray", None),  # "the attacker and defender each [Add] [1]": not its controller's, unread
])
def test_only_a_trigger_whose_effect_is_a_fixed_add_resolves_at_once_v1_4_429_2(card: str, adds: dict | None):
    text = next(ability["text"] for ability in GalleryTable(JHIN, P2).catalog.card(card)["abilities"]
                if ability["kind"] == "triggered")
    entry = {"card": card, "text": text}
    assert add_triggers.adds_at_once({"cards": {card: {"domains": []}}}, entry) == adds
