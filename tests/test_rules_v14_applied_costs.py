"""Core Rules v1.4's applied costs (204.4) on moves made by spells and abilities, for v1.4 matches (issue 25), beside
the v1.3 match that charges none. Real gallery cards: Mageseeker Investigator ("Opponents must pay [A] for each unit
beyond the first to move multiple units to my battlefield at the same time") and Bard, Mercurial ("When you play
me, if you paid the additional cost, move any number of your units to an open battlefield")."""
from __future__ import annotations

from gallery_table import GalleryTable, deck, listed
from test_rules_v14_costs import MAGESEEKER, P2, P2_RUNES

from replays import notation

P1 = deck("Defender of Tomorrow", ["Bard, Mercurial", "Patched Porobot", "Jayce, Hammer in Hand"],
          ["Trifarian War Camp", "Heisho, Shell of the World", "Ornn's Forge"])
P1_SIDE = "runedeck:6 runes:3 Mind Rune;3 Body Rune hand:Bard, Mercurial base:Patched Porobot;Jayce, Hammer in Hand"
# Bard's play effect moves Ana's two units to Altar to Unity (bf2), where Ben's Mageseeker Investigator stands. The
# match's abilities are declared (the resolution's ops are the recorder's): what is tested is the applied cost,
# not whether Ben's battlefield is "open".
BARD = ("P1 play Bard, Mercurial $4 / Mind Rune", 'P1 trigger Bard, Mercurial "when-you-play"', "P1 pass", "P2 pass")
MOVES = "move Patched Porobot -> bf2{pay} | move Jayce, Hammer in Hand -> bf2"


def table(rules: str = "v1.4", policy: str = "strict") -> GalleryTable:
    line = (f"position turn 3 P1 action first P1 | P1 0 bf:Trifarian War Camp deck:{39 - listed(P1_SIDE)} "
            f"{P1_SIDE} | P2 0 bf:Altar to Unity deck:{39 - listed('bf2:M')} {P2_RUNES} controls:bf2 "
            "bf2:Mageseeker Investigator")
    return GalleryTable(P1, P2, policy, rules).do(line, MAGESEEKER, *BARD)


def test_units_an_ability_moves_together_pay_the_applied_cost_as_they_move_v1_4_204_4_b():
    """v1.4 204.4.b: an applied cost is paid as the game action is performed: Bard's ability moves two units to
    Mageseeker's battlefield at once, and Ana pays [A] for the second with her last rune, recorded on the move."""
    t = table()
    event = t.parse(f"resolve Bard, Mercurial: {MOVES.format(pay=' $0 / Body Rune')}")
    assert event["effects"][0]["pay"]["recycle"]
    assert notation.parse_event(notation.write_event(t.state, event), t.state) == event
    t.do(event)
    assert t.obj("P1", "Patched Porobot")["location"] == "bf2" == t.obj("P1", "Jayce, Hammer in Hand")["location"]
    assert t.pool("P1") == {"energy": 0, "power": {}} and t.state["violations"] == []


def test_moves_by_an_ability_whose_applied_cost_is_unpaid_cannot_be_performed_v1_4_204_4_c():
    refusal = table().refuses(f"resolve Bard, Mercurial: {MOVES.format(pay='')}", rule="v1.4 204.4.c")
    assert "1 Power of any domain" in str(refusal) and "1 missing" in str(refusal)


def test_one_unit_moved_by_an_ability_pays_nothing_and_a_payment_is_refused_v1_4_204_4():
    table().do("resolve Bard, Mercurial: move Patched Porobot -> bf2")
    table().refuses("resolve Bard, Mercurial: move Patched Porobot -> bf2 $0 / Body Rune", rule="v1.4 204.4")


def test_a_v1_3_match_charges_no_applied_cost_for_moves_by_abilities():
    t = table("v1.3").do(f"resolve Bard, Mercurial: {MOVES.format(pay='')}")
    assert t.obj("P1", "Jayce, Hammer in Hand")["location"] == "bf2"
