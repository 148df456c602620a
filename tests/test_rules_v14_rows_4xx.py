"""Core Rules v1.4 for v1.4 matches: behaviours found by reading docs/editions.md's rows of rules 4xx, 7xx and 8xx
side by side with v1.3 (issue 25). A teammate's occupied battlefield is no destination (v1.4 447.2.b), stuns last
through the ending step (v1.4 423.1.a.2); and behaviours the engine already had, which v1.4 now says: a countered
card still counts as played for Legion (v1.4 419.4.b, 425.1.b), a battlefield is Contested only while uncontested
(v1.4 450), a passive ability's minimum is not snapshotted (v1.4 477.3.b), only a cost in the first part of a
trigger's effect is paid as it is finalized (v1.4 740.4.a.2); and a unit arriving at a combat gains its designation
at the cleanup, its attack trigger then due (v1.4 323.2.a, 383.4.e). Each beside the v1.3 behaviour where the
editions differ."""
from __future__ import annotations

from engine.cards import triggers
from gallery_table import GalleryTable, deck
from positions import ARENA
from table import WITH_UNITS, Table
from test_cards_triggers import DEFENDED, due
from test_cards_triggers import P2 as TRIGGERS_P2
from test_rules_more_players import CONQUER_2V2, TO_BENS_TURN, two_v_two
from test_rules_statics import GAREN_AT_BF1, HOPEFUL_LEGION, OTHER_FRIENDLY_HERE, P1, P2, P2_CARDS, deck_count, position


# -- 2v2: a battlefield a teammate occupies is no destination (v1.4 447.2.b) ----------------------------------------
# Ben's turn (2v2, turn 7): he plays Retreat on Ana's Legion Rearguard, which holds Altar to Unity (bf1) for their
# team; its resolution is recorded with the ops below (the demo catalog's abilities are declared, not checked).
RETREAT = ("P2 play Retreat -> Legion Rearguard $1", "P2 pass", "P4 pass", "P1 pass", "P3 pass")
# Ana's unit goes to Treasure Hoard (bf2), which nobody controls, and Ben's follows it: bf2 is occupied by his
# teammate, not controlled by her.
TO_OCCUPIED = "resolve Retreat: move Legion Rearguard -> bf2 | move Stalwart Poro -> bf2"
# Ana's unit leaves bf1 and Ben's goes there: bf1 is still controlled by his teammate, with no unit of hers.
TO_CONTROLLED = "resolve Retreat: return Legion Rearguard -> hand | move Stalwart Poro -> bf1"


def bens_retreat(rules: str) -> Table:
    return two_v_two(rules=rules).do(*CONQUER_2V2, *TO_BENS_TURN, *RETREAT)


def test_a_battlefield_a_teammate_occupies_is_no_destination_v1_4_447_2_b():
    """v1.4 447.2.b: "Battlefields occupied by a player's teammates are Invalid Destinations for Moves of all kinds",
    whoever controls them: Ana's unit is at bf2, which nobody controls, so Ben's Poro cannot be moved there."""
    refusal = bens_retreat("v1.4").refuses(TO_OCCUPIED, rule="v1.4 447.2.b")
    assert [violation["rule"] for violation in refusal.violations] == ["v1.4 447.2.b"]
    assert "which their teammate P1 occupies" in refusal.violations[0]["message"]


def test_a_battlefield_a_teammate_controls_but_left_is_a_destination_v1_4_447_2_b():
    """v1.4 447.2.b names occupation, not control: once Ana's unit has left bf1, which she still controls (until
    the cleanup of an open state, v1.4 323.6), Ben's Poro may be moved there."""
    table = bens_retreat("v1.4").do(TO_CONTROLLED)
    assert table.obj("P2", "Stalwart Poro")["location"] == "bf1" and table.rules() == []


def test_a_v1_3_match_checks_a_teammates_control_not_occupation_v1_3_442_2_b():
    """v1.3 442.2.b: "Battlefields Controlled by a player's teammates": Ana's unit at an uncontrolled bf2 does not
    keep Ben out, and bf1, still hers in the resolution that took her unit away, does."""
    table = bens_retreat("v1.3").do(TO_OCCUPIED)
    assert table.obj("P2", "Stalwart Poro")["location"] == "bf2" and table.rules() == []
    bens_retreat("v1.3").refuses(TO_CONTROLLED, rule="v1.3 442.2.b")


# -- stuns last through the ending step (v1.4 423.1.a.2) ------------------------------------------------------------
STUNNED = WITH_UNITS.replace("base:Stalwart Poro*", "base:Stalwart Poro*~")


def test_a_stunned_unit_stays_stunned_in_the_ending_step_v1_4_423_1_a_2():
    """v1.4 423.1.a.2: "Stunned Units lose the Stunned status during step 3d of the end of turn cleanup" (the
    expiration step, 317.2.c), so P2's Poro is still stunned as P1's ending step waits (`+ending_step`), and no
    longer once the turn has ended."""
    table = Table.from_position(STUNNED, rules="v1.4")
    assert table.obj("P2", "Stalwart Poro")["stunned"]
    table.do("P1 end turn +ending_step")
    assert table.state["phase"] == "end" and table.obj("P2", "Stalwart Poro")["stunned"]
    table.do("P1 end turn")
    assert table.state["turn_player"] == "P2" and not table.obj("P2", "Stalwart Poro")["stunned"]


def test_a_stunned_unit_is_no_longer_stunned_in_the_ending_step_of_a_v1_3_match_v1_3_423_1_a_2():
    """v1.3 423.1.a.2: stuns end "at the beginning of the next Ending Step"."""
    table = Table.from_position(STUNNED, rules="v1.3").do("P1 end turn +ending_step")
    assert table.state["phase"] == "end" and not table.obj("P2", "Stalwart Poro")["stunned"]


# -- a countered card still counts as played for Legion (v1.4 419.4.b, 425.1.b) ------------------------------------
def test_a_countered_card_still_counts_as_played_for_legion_v1_4_425_1_b():
    """v1.4 425.1.b: a countered card "is not considered to have been played for abilities that trigger on cards
    being played" only; a non-triggered ability checks whether it was finalized (419.4.b, the rule's own example:
    Legion is active after Defy countered the spell). Noxus Hopeful's [Legion] discount applies."""
    p2 = deck("Fire Below the Mountain", [*P2_CARDS, "Defy"], ["Altar to Unity", "Grove of the God-Willow",
                                                                "Vilemaw's Lair"])
    p1_side = "runedeck:8 hand:Noxus Hopeful;Blood Rush runes:2 Fury Rune;2 Order Rune base:Arena Kingpin"
    p2_side = "runedeck:8 hand:Defy runes:2 Calm Rune;2 Mind Rune"
    t = GalleryTable(P1, p2, rules="v1.4").do(position(p1_side, p2_side))
    t.do("P1 play Blood Rush -> Arena Kingpin $1", "P1 pass", "P2 play Defy -> Blood Rush $1 / Calm Rune",
         "P2 pass", "P1 pass", "resolve Defy: counter Blood Rush")
    assert t.state["chain"] == [] and t.obj("P1", "Blood Rush", "trash")
    t.do(f"P1 play Noxus Hopeful {HOPEFUL_LEGION} $2")
    assert t.obj("P1", "Noxus Hopeful")["zone"] == "board" and t.state["violations"] == []


# -- a battlefield is Contested only while uncontested (v1.4 450) ---------------------------------------------------
def test_a_unit_arriving_where_another_player_applied_contested_contests_nothing_v1_4_450():
    """v1.4 450: the destination becomes Contested "if it is an Uncontested Battlefield not controlled by" the
    mover's controller. One resolution moves P1's Legion Rearguard, then P2's Stalwart Poro, to Altar to Unity
    (bf2, nobody's): P1 applied Contested, P2's arrival applies nothing, so P1 attacks."""
    table = Table.from_position(WITH_UNITS, rules="v1.4").do(
        "P1 play Shakedown -> Stalwart Poro $2 / Fury Rune", "P1 pass", "P2 pass",
        "resolve Shakedown: move Legion Rearguard -> bf2 | move Stalwart Poro -> bf2")
    entry = table.state["battlefields"][1]
    assert (entry["controller"], entry["contested"], entry["contested_by"]) == (None, True, "P1")
    assert (table.state["combat"]["attacker"], table.state["combat"]["defender"]) == ("P1", "P2")


# -- a passive ability's minimum is not snapshotted (v1.4 477.3.b) --------------------------------------------------
def test_a_passive_abilitys_minimum_is_applied_afresh_not_snapshotted_v1_4_477_3_b():
    """v1.4 477.3.b: only an arithmetic effect "from a source that is not a passive ability" snapshots its limit.
    A battlefield's passive -8 [S] to a minimum of 1 (Leona, Zealot's wording) leaves Arena Kingpin at 1; Garen's
    +1 to other friendly units there, which comes later, changes nothing: the -8 is worked out again (to -4, not
    the -3 it first was), so Arena Kingpin stays at its minimum."""
    t = GalleryTable(P1, P2, rules="v1.4").do(position(GAREN_AT_BF1, "runedeck:8 runes:2 Calm Rune;2 Mind Rune"))
    t.do('static bf1 +affects={"who": "all", "where": "here"} +might=-8 +min=1')
    assert t.obj("P1", "Arena Kingpin")["might"] == 1
    t.do(f"static Garen, Commander {OTHER_FRIENDLY_HERE} +might=1")
    assert t.obj("P1", "Arena Kingpin")["might"] == 1 and t.state["violations"] == []


# -- a cost in the first part of a trigger's effect is paid as it is finalized (v1.4 740.4.a.2) ---------------------
def test_only_a_cost_in_the_first_part_of_a_trigger_effect_is_paid_on_finalization_v1_4_740_4_a_2():
    """v1.4 740.4.a.2: "costs within instructions that appear in the first part of the trigger effect are paid on
    finalization". A cost after the first instruction ("draw 1. Then you may pay [1] to ...") is paid as the
    ability resolves, so it is not the trigger's cost (a `trigger` declaring it is refused, v1.4 383.3.b)."""
    assert triggers.compile_trigger("When I attack, you may pay [1] to give me +1 [S] this turn.")["cost"] == \
        {"energy": 1}
    later = triggers.compile_trigger("When I attack, draw 1. Then you may pay [1] to give me +1 [S] this turn.")
    assert later["cost"] is None and later["unread"] == []


# -- a unit arriving at a combat gains its controller's designation at the cleanup (v1.4 323.2.a, 464.2.c.3.a) ------
def joined_combat(rules: str) -> Table:
    """ARENA: P1's Legion Rearguard attacks Altar to Unity (bf2); in the combat's showdown P1's Shakedown resolves
    with a move of Chemtech Enforcer (2, Assault 2) there, after the designations were given."""
    return Table.from_position(ARENA, rules=rules).do(
        "P1 move Legion Rearguard -> bf2", "P1 play Shakedown -> Stalwart Poro $2 / Fury Rune", "P1 pass", "P2 pass",
        "resolve Shakedown: move Chemtech Enforcer -> bf2")


def test_a_unit_arriving_at_a_combat_becomes_an_attacker_at_the_cleanup_v1_4_323_2_a():
    """v1.4 464.2.c.3.a: a unit of the attacker that "becomes present at this Battlefield after this moment ... will
    gain the Attacker ... designation during the Cleanup" (323.2.a): Chemtech Enforcer attacks, with Assault."""
    table = joined_combat("v1.4")
    enforcer = table.obj("P1", "Chemtech Enforcer")
    assert table.state["combat"]["step"] == "showdown" and enforcer["location"] == "bf2"
    assert (enforcer["attacker"], enforcer["defender"], enforcer["might"]) == (True, False, 4)


def test_a_unit_arriving_at_a_combat_stays_undesignated_in_a_v1_3_match():
    """v1.3 matches were recorded with the engine leaving such a unit without a designation, and fold as they did."""
    enforcer = joined_combat("v1.3").obj("P1", "Chemtech Enforcer")
    assert (enforcer["location"], enforcer["attacker"], enforcer["might"]) == ("bf2", False, 2)


# Loose Cannon's deck with Sinister Poro ("When I attack, you may pay [1] to move an enemy unit here to its base")
# and Ride the Wind ("[Action] Move a friendly unit and ready it."), against Wizened Elder holding bf2.
SINISTER = deck("Loose Cannon", ["Sinister Poro", "Ride the Wind", "Shipyard Skulker"],
                ["Zaun Warrens", "Altar to Unity", "Vilemaw's Lair"])


def sinister_poro_joins(rules: str) -> GalleryTable:
    """A checked match: Shipyard Skulker attacks bf2; in the combat's showdown Ride the Wind moves Sinister Poro
    there."""
    p1 = "runedeck:6 runes:3 Chaos Rune;3 Fury Rune base:Sinister Poro;Shipyard Skulker hand:Ride the Wind"
    line = (f"position turn 3 P1 action first P1 | P1 0 bf:Zaun Warrens deck:{deck_count(p1)} {p1} | "
            f"P2 0 bf:Vilemaw's Lair deck:{deck_count(DEFENDED)} {DEFENDED}")
    return GalleryTable(SINISTER, TRIGGERS_P2, "strict", rules=rules, abilities="checked").do(
        line, "P1 move Shipyard Skulker -> bf2", "P1 play Ride the Wind -> Sinister Poro $2 / Chaos Rune",
        "P1 pass", "P2 pass", "resolve Ride the Wind: move Sinister Poro -> bf2 | ready Sinister Poro")


def test_a_unit_joining_a_combat_has_its_attack_trigger_due_v1_4_383_4_e():
    """v1.4 383.4.e: an attack trigger triggers "when a Unit ... gains the Attacker designation for the first time
    during a combat": Sinister Poro gains it at the cleanup after Ride the Wind resolved, and its trigger is due."""
    t = sinister_poro_joins("v1.4")
    assert t.obj("P1", "Sinister Poro")["attacker"] and due(t) == [("Sinister Poro", "when-i-attack")]


def test_a_unit_joining_a_combat_triggers_nothing_in_a_v1_3_match():
    t = sinister_poro_joins("v1.3")
    assert not t.obj("P1", "Sinister Poro")["attacker"] and due(t) == []
