"""Rules whose words v1.4 changed, found reviewing docs/editions.md's rows of rules 1xx and 3xx side by side with
the engine (issue 25): each v1.4 behaviour beside a test that a v1.3 match keeps what it was recorded with."""
from __future__ import annotations

from gallery_table import GalleryTable, deck
from positions import ARENA
from table import Table


def trigger_chain_in_a_showdown(rules: str) -> Table:
    """P1 moved Legion Rearguard to Zaun Warrens, nobody's: a showdown there, P1 with Focus. P1's Gust returns
    Clockwork Keeper to P2's hand, so Focus passes to P2 (343); then a triggered ability of Stalwart Poro opens a
    new chain, which resolves."""
    table = Table.from_position(ARENA, rules=rules).do(
        "P1 move Legion Rearguard -> bf1", "P1 play Gust -> Clockwork Keeper $1", "P1 pass", "P2 pass",
        "resolve Gust: return Clockwork Keeper -> hand")
    assert table.state["focus"] == "P2"
    return table.do('P2 trigger Stalwart Poro "when-something"', "P2 pass", "P1 pass",
                    "resolve Stalwart Poro: stun Legion Rearguard")


def test_focus_does_not_pass_when_a_chain_a_trigger_opened_closes_v1_4_340_2_a():
    """v1.4 340.2.a, 346.1: when the last item of a showdown's chain resolves, Focus passes to the next player,
    unless a triggered ability (or an Add) opened that chain: P2 keeps Focus after Stalwart Poro's chain."""
    table = trigger_chain_in_a_showdown("v1.4")
    assert (table.state["focus"], table.state["priority"], table.state["state"]) == ("P2", "P2", "showdown_open")
    assert "trigger_chain" not in table.state["showdown"]  # noted only while that chain is open
    table.do("P2 pass", "P1 pass")
    assert table.state["showdown"] is None  # the passes in sequence go on from P2


def test_focus_passes_after_any_chain_but_the_initial_one_in_a_v1_3_match_343():
    """v1.3 matches were recorded with Focus passing after every chain of a showdown but its Initial Chain (343),
    and keep it."""
    table = trigger_chain_in_a_showdown("v1.3")
    assert (table.state["focus"], table.state["priority"]) == ("P1", "P1")


def test_a_chain_a_card_opened_still_passes_focus_in_a_v1_4_match_v1_4_340_2_a():
    """v1.4 340.2.a: a chain a played card opened passes Focus when it closes, even if a trigger joined it."""
    table = Table.from_position(ARENA, rules="v1.4").do(
        "P1 move Legion Rearguard -> bf1", "P1 play Gust -> Clockwork Keeper $1",
        'P2 trigger Stalwart Poro "when-something"', "P2 pass", "P1 pass",
        "resolve Stalwart Poro: stun Legion Rearguard", "P1 pass", "P2 pass",
        "resolve Gust: return Clockwork Keeper -> hand")
    assert (table.state["focus"], table.state["priority"]) == ("P2", "P2")


def enemy_unit_joins_a_showdown(rules: str) -> Table:
    """P1 moved Legion Rearguard to Zaun Warrens, nobody's: a non-combat showdown there. P1's spell moves P2's
    Clockwork Keeper there (recorded as Gust's resolution: the engine checks the op, not the card's words)."""
    return Table.from_position(ARENA, rules=rules).do(
        "P1 move Legion Rearguard -> bf1", "P1 play Gust -> Clockwork Keeper $1", "P1 pass", "P2 pass",
        "resolve Gust: move Clockwork Keeper -> bf1")


def test_a_non_combat_showdown_that_enemy_units_join_becomes_a_combat_showdown_v1_4_323_14():
    """v1.4 316.8.b.1.a, 344.1: another player's units coming to a non-combat showdown's battlefield make it a
    combat showdown in the following cleanup (323.14, step 10a), and a combat begins there: the player who applied
    Contested attacks (625.1.a); when the showdown ends, combat damage is dealt (345.1)."""
    table = enemy_unit_joins_a_showdown("v1.4")
    showdown = table.state["showdown"]
    assert (showdown["combat"], showdown["attacker"], showdown["defender"]) == (True, "P1", "P2")
    assert table.state["combat"]["battlefield"] == "bf1" and table.state["combat"]["step"] == "showdown"
    assert table.obj("P1", "Legion Rearguard")["attacker"] and table.obj("P2", "Clockwork Keeper")["defender"]
    assert table.state["focus"] == "P2"  # Gust's chain closed: Focus passed (343)
    table.do("P2 pass", "P1 pass")
    assert table.state["showdown"] is None and table.state["combat"]["step"] == "damage"


def test_a_non_combat_showdown_goes_on_when_enemy_units_join_in_a_v1_3_match_345_2_b():
    """v1.3 matches were recorded with the showdown going on as it was, and the combat staged once it ends
    (345.2.b), opening a combat showdown of its own; they keep it."""
    table = enemy_unit_joins_a_showdown("v1.3")
    assert table.state["showdown"]["combat"] is False and table.state["combat"] is None
    table.do("P2 pass", "P1 pass")
    assert table.state["showdown"]["combat"] and table.state["combat"]["step"] == "showdown"


# -- a battlefield's ability that names its chooser (v1.4 190.6.c) -----------------------------------------------
HALL_OWNER = deck("Bounty Hunter", ["Ruin Runner", "Determined Sentry"],
                  ["Abandoned Hall", "Forgotten Monument", "Aspirant's Climb"])
SPELLER = deck("Hand of Noxus", ["Blood Rush", "Minotaur Reckoner"],
               ["Vilemaw's Lair", "Trifarian War Camp", "Windswept Hillock"])
HALL_TRIGGER = 'P2 trigger bf1 "when-a-player"'


def hall(rules: str, abilities: str = "declared") -> GalleryTable:
    """P2's turn; P1 controls Abandoned Hall ("When a player plays a spell, they may give a unit they control here
    +1 [S] this turn") with Ruin Runner there, where P2's Minotaur Reckoner stands too; P2 plays Blood Rush."""
    line = ("position turn 4 P2 action first P1 | P1 0 bf:Abandoned Hall deck:38 runedeck:8 runes:2 Body Rune;"
            "2 Chaos Rune controls:bf1 bf1:Ruin Runner | P2 0 bf:Vilemaw's Lair deck:37 runedeck:8 runes:2 Fury Rune;"
            "2 Order Rune hand:Blood Rush bf1:Minotaur Reckoner")
    return GalleryTable(HALL_OWNER, SPELLER, "strict", rules=rules, abilities=abilities).do(
        line, "P2 play Blood Rush -> Minotaur Reckoner $1")


def test_a_battlefields_ability_naming_its_chooser_is_that_players_v1_4_190_6_c():
    """v1.4 190.6.c: Abandoned Hall's ability has the player who played the spell make its choice ("they may"), so
    P2 controls it, puts it on the chain and makes its choices, though P1 controls the battlefield."""
    for abilities in ("declared", "checked"):  # checked: its condition is left unread, so the recorder says who
        table = hall("v1.4", abilities).do(HALL_TRIGGER)
        assert table.state["chain"][-1]["controller"] == "P2"


def test_a_battlefields_ability_is_its_controllers_in_a_v1_3_match_v1_3_187_6():
    """v1.3 187.6: a battlefield's controller controls all its abilities: P2 cannot trigger P1's Abandoned Hall."""
    hall("v1.3").refuses(HALL_TRIGGER, rule="v1.3 187.6")
