"""Core Rules v1.4 for v1.4 matches (issue 25): costs, types and ignoring effects, with real cards of the gallery
(Vendetta's where it has them). Each behaviour is tested in a v1.4 match, and where v1.3 differed a v1.3 match keeps
the engine's behaviour of before editions.

- ignoring effects (v1.4 764-767): Decree of Insight ignores Deflect while paying its cost; Heisho, Shell of the
  World makes every player ignore it for spells choosing something there;
- applied costs (v1.4 204.4): Mageseeker Investigator's [A] for each unit beyond the first moving to it;
- cards with more than one type (v1.4 177-178): Patched Porobot, a Unit and Gear, discounted by Ornn's Forge;
- optional payment (v1.4 444.2): Diana, Lunari's "you may pay [1]" declined with [1] floating.
"""
from __future__ import annotations

import pytest

from engine.catalog import Catalog
from gallery_table import GalleryTable, deck, listed
from replays import notation

P1_CARDS = ["Decree of Insight", "Patched Porobot", "Acceleration Gate", "Jayce, Hammer in Hand",
            "Diana, Lunari"]
P2_CARDS = ["Kato the Arm", "Mageseeker Investigator", "Fallen Feline", "Qiyana, Victorious"]
P1 = deck("Defender of Tomorrow", P1_CARDS, ["Trifarian War Camp", "Heisho, Shell of the World", "Ornn's Forge"])
P2 = deck("Keeper of the Hammer", P2_CARDS, ["Altar to Unity", "Grove of the God-Willow", "Vilemaw's Lair"])
P1_RUNES = "runedeck:6 runes:3 Mind Rune;3 Body Rune"
P2_RUNES = "runedeck:6 runes:3 Body Rune;3 Order Rune"


def table(p1: str, p2: str, rules: str = "v1.4", policy: str = "strict", bf1: str = "Trifarian War Camp",
          player: str = "P1", turn: int = 3) -> GalleryTable:
    """A position at `player`'s action phase of a match under `rules`; both chosen champions are still in their
    zones (39 cards left in each main deck)."""
    line = (f"position turn {turn} {player} action first P1 | P1 0 bf:{bf1} deck:{39 - listed(p1)} {P1_RUNES} {p1} "
            f"| P2 0 bf:Altar to Unity deck:{39 - listed(p2)} {P2_RUNES} {p2}")
    return GalleryTable(P1, P2, policy, rules).do(line)


def flagged(game: GalleryTable, line: str) -> list[str]:
    """Apply `line` to an audit match; the rules its violations cite."""
    seq = game.state["seq"] + 1
    game.do(line)
    return [violation["rule"] for violation in game.state["violations"] if violation["seq"] == seq]


# -- ignoring effects (v1.4 764-767) ----------------------------------------------------------------------------
DECREE = 'P1 play Decree of Insight -> Kato the Arm +statics=[{"rule": "ignore_deflect"}] $1'


def test_decree_of_insight_ignores_deflect_while_paying_its_cost_v1_4_766():
    """v1.4 766: "Ignore [Deflect] while paying this spell's cost" treats Kato the Arm's Deflect as inactive while
    Decree of Insight's costs are paid: [1] and no [A]."""
    game = table("hand:Decree of Insight", "controls:bf2 bf2:Kato the Arm").do(DECREE)
    assert game.pool("P1") == {"energy": 0, "power": {}}
    assert game.state["chain"][-1]["targets"] == [game.find("P2", "Kato the Arm")]


def test_a_v1_3_match_charges_deflect_even_to_decree_of_insight():
    """v1.3 defines no ignoring of abilities (v1.4 764-767 are new): the engine charges Deflect's [A] as before."""
    game = table("hand:Decree of Insight", "controls:bf2 bf2:Kato the Arm", rules="v1.3")
    game.refuses(DECREE, rule="721.1.c")
    game.do(DECREE.replace("$1", "$1 / Mind Rune"))


def test_ignoring_deflect_is_only_for_the_players_it_directs_v1_4_767():
    """v1.4 767: ignoring is only for the procedure and the players the effect directs: a spell choosing Kato the
    Arm without an effect that ignores Deflect pays its [A] (v1.4 809.1.c) in a v1.4 match too."""
    game = table("hand:Decree of Insight", "controls:bf2 bf2:Kato the Arm")
    game.refuses(DECREE.replace(' +statics=[{"rule": "ignore_deflect"}]', ""), rule="v1.4 809.1.c")


def test_heisho_makes_players_ignore_deflect_for_spells_choosing_something_there_v1_4_765():
    """Heisho, Shell of the World: "Players ignore [Deflect] while paying for spells and abilities choosing something
    here" (v1.4 765-766); Kato the Arm there costs Decree of Insight no [A] even without its own static."""
    game = table("hand:Decree of Insight", "controls:bf1 bf1:Kato the Arm", bf1="Heisho, Shell of the World")
    game.do('static bf1 +rule="ignore_deflect" +affects={"who": "all", "where": "here"}',
            DECREE.replace(' +statics=[{"rule": "ignore_deflect"}]', ""))
    assert game.pool("P1") == {"energy": 0, "power": {}}


# -- applied costs (v1.4 204.4) ---------------------------------------------------------------------------------
MAGESEEKER = ('static Mageseeker Investigator +rule="move_tax" '
              '+affects={"who": "enemy", "where": "here"}')


def mageseeker(rules: str = "v1.4", policy: str = "strict") -> GalleryTable:
    """P2's Mageseeker Investigator holds Altar to Unity (bf2); P1 has two ready units in base and six runes."""
    return table("base:Patched Porobot;Jayce, Hammer in Hand", "controls:bf2 bf2:Mageseeker Investigator",
                 rules=rules, policy=policy).do(MAGESEEKER)


def test_mageseekers_applied_cost_is_paid_as_the_units_move_v1_4_204_4_b():
    """v1.4 204.4: "Opponents must pay [A] for each unit beyond the first to move multiple units to my battlefield
    at the same time" is an applied cost, paid as the move is performed (204.4.b): [A] for the second unit."""
    game = mageseeker()
    move = game.parse("P1 move Patched Porobot; Jayce, Hammer in Hand -> bf2 $0 / Body Rune")
    assert move["pay"]["recycle"] and notation.parse_event(notation.write_event(game.state, move), game.state) == move
    game.do(move)
    assert game.obj("P1", "Patched Porobot")["location"] == "bf2"
    assert game.pool("P1") == {"energy": 0, "power": {}}


def test_a_move_whose_applied_cost_is_not_paid_cannot_be_performed_v1_4_204_4_c():
    mageseeker().refuses("P1 move Patched Porobot; Jayce, Hammer in Hand -> bf2", rule="v1.4 204.4.c")
    audit = mageseeker(policy="audit")
    assert flagged(audit, "P1 move Patched Porobot; Jayce, Hammer in Hand -> bf2") == ["v1.4 204.4.c"]


def test_one_unit_moving_pays_no_applied_cost_v1_4_204_4():
    """Only units beyond the first cost [A]: one unit moves for its exhaustion alone; a payment is refused."""
    mageseeker().do("P1 move Patched Porobot -> bf2")
    mageseeker().refuses("P1 move Patched Porobot -> bf2 $0 / Body Rune", rule="v1.4 204.4")


def test_a_v1_3_match_charges_no_applied_cost_for_moving():
    """v1.3 names no applied costs (v1.4 204.4 is new) and the engine charged none: two units move unpaid."""
    mageseeker(rules="v1.3").do("P1 move Patched Porobot; Jayce, Hammer in Hand -> bf2")


# -- cards with more than one type (v1.4 177-178) ---------------------------------------------------------------
FORGE = 'static bf1 +cost={"energy": -1} +affects={"who": "friendly", "types": ["Gear"]} +next=true'


def forge(rules: str = "v1.4") -> GalleryTable:
    """P1 controls Ornn's Forge ("the first friendly non-token gear played each turn costs [1] less") and holds
    Patched Porobot, a "Unit, Gear" costing [2]."""
    return table("controls:bf1 hand:Patched Porobot bf1:Jayce, Hammer in Hand", "", rules=rules,
                 bf1="Ornn's Forge").do(FORGE)


def test_the_catalog_keeps_every_type_of_a_card_printed_with_more_than_one_v1_4_178():
    from gallery_table import gallery_catalog
    assert gallery_catalog().card("Patched Porobot")["types"] == ["Unit", "Gear"]
    assert "types" not in gallery_catalog().card("Mageseeker Investigator")


def test_a_catalog_card_whose_types_do_not_start_with_its_type_is_refused():
    from gallery_table import gallery_catalog
    porobot = dict(gallery_catalog().card("Patched Porobot"), types=["Gear", "Unit"])
    with pytest.raises(ValueError, match="field 'types' must be null or a list of two or more distinct types"):
        Catalog("broken", [porobot])


def test_a_unit_that_is_also_a_gear_gets_what_gear_get_v1_4_178_3():
    """v1.4 178.3: Patched Porobot is affected by effects on gear: Ornn's Forge's [1] less makes it cost [1]; it is
    still played as a unit, entering exhausted (178.1.a.1)."""
    game = forge().do("P1 play Patched Porobot $1")
    porobot = game.obj("P1", "Patched Porobot")
    assert porobot["exhausted"] and porobot["location"] == "base:P1"
    assert not game.state["statics"]  # the Forge's discount for the first gear is used up by it
    assert game.pool("P1") == {"energy": 0, "power": {}}


def test_a_v1_3_match_takes_a_unit_gear_as_a_unit_alone():
    """v1.3 defines no card of more than one type (v1.4 177-178 are new); the engine took Patched Porobot's first
    type alone: Ornn's Forge does not discount it."""
    forge("v1.3").refuses("P1 play Patched Porobot $1", rule="354.1")
    forge("v1.3").do("P1 play Patched Porobot $2")


# -- optional payment of Energy and Power (v1.4 444.2) ----------------------------------------------------------
def diana(rules: str = "v1.4", policy: str = "strict") -> GalleryTable:
    """P1 moves Diana, Lunari to Kato the Arm's battlefield with [1] floating; the showdown begins there and her
    "When a showdown begins here, you may pay [1]. If you do, [Predict] ..." goes on the chain, ready to resolve."""
    game = table("pool:1 base:Diana, Lunari", "controls:bf2 bf2:Kato the Arm", rules=rules, policy=policy)
    game.do("P1 move Diana, Lunari -> bf2", 'P1 trigger Diana, Lunari "when-a-showdown"', "P1 pass", "P2 pass")
    return game


def resolve_declining(game: GalleryTable) -> GalleryTable:
    item = game.state["chain"][-1]["id"]
    line = f"resolve {item}: pay P1 energy 1 +declined"
    event = game.parse(line)
    assert event["effects"][0]["declined"] is True
    assert game.parse(notation.write_event(game.state, event)) == event  # the notation writes and reads it back
    return game.do(line)


def test_a_player_may_decline_to_pay_energy_floating_in_their_pool_v1_4_444_2():
    """v1.4 444.2: "When a player is instructed to Pay a resource, that player may remove that resource from their
    Rune Pool if it exists there. If they choose not to, the instruction is ignored" (Diana, Lunari's example)."""
    game = resolve_declining(diana())
    assert not game.state["chain"] and game.pool("P1") == {"energy": 1, "power": {}}


def test_a_v1_3_match_flags_declining_to_pay_energy_in_the_pool():
    """Before v1.4 a player with the Energy floating could not avoid paying it (the patch notes' "Resource Payment
    Optional"): declining is flagged in an audit match."""
    game = diana("v1.3", "audit")
    item = game.state["chain"][-1]["id"]
    assert flagged(game, f"resolve {item}: pay P1 energy 1 +declined") == ["v1.3 403.1.b.1"]


def test_a_declined_payment_names_no_runes():
    game = diana()
    item = game.state["chain"][-1]["id"]
    with pytest.raises(Exception, match="a declined payment names no runes"):
        game.do(f"resolve {item}: pay P1 energy 1 +declined $1")
