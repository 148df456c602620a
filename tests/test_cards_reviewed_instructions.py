"""Reviewed data for one-off effect instructions (issue 26, "a small reviewed data file per card says it";
engine/cards/data/): lines whose instruction the reader does not read, given as the spec shapes it produces, so the
same interpreters check them (engine/cards/resolutions.py, engine/cards/filters.py, engine/cards/amounts.py). In a
"checked" match a `resolve` beyond the card is refused in strict citing v1.4 359.3.d (a spell) or v1.4 406.5 (an
ability), quoting the card. Real gallery cards, v1.4:

- Origins' Unchecked Power, "Exhaust all friendly units, then deal 12 to ALL units at battlefields.";
- Vendetta's Tools of Empire, "[T]: Give a unit +2 [S] this turn. If this is [Empowered], give that unit +4 [S] this
  turn instead.";
- Spiritforged's Veiled Temple, "When you conquer here, you may ready a friendly gear. If it's an Equipment, you may
  detach it.";
- Origins' Tideturner, "When you play me, you may choose a friendly unit. Move me to its location and it to my
  original location.".
"""

import pytest

from gallery_table import GalleryTable, deck, said
from test_rules_statics import deck_count


SPELL, ABILITY = "v1.4 359.3.d", "v1.4 406.5"
P2 = deck("Master of Shadows", ["Shipyard Skulker", "Legion Rearguard"],
          ["Vilemaw's Lair", "Trifarian War Camp", "Windswept Hillock"])
# Ben's Shipyard Skulker holds bf2, his Legion Rearguard waits in his base
BEN = "runedeck:4 runes:4 Fury Rune;4 Chaos Rune controls:bf2 bf2:Shipyard Skulker base:Legion Rearguard"
JAYCE = deck("Defender of Tomorrow", ["Unchecked Power", "Tools of Empire", "Mega-Mech", "Mountain Drake"],
             ["Grove of the God-Willow", "Zaun Warrens", "Altar to Unity"])
MIND_BODY = "runedeck:2 runes:6 Mind Rune;4 Body Rune"


def table(p1: dict, s1: str, bf: str = "Grove of the God-Willow", policy: str = "strict",
          attached: int = 0) -> GalleryTable:
    """`attached`: how many gear of Ana's stand attached to her units (deck_count does not see them)."""
    line = (f"position turn 3 P1 action first P1 | P1 0 bf:{bf} deck:{deck_count(s1) - attached} {s1} "
            f"| P2 0 bf:Vilemaw's Lair deck:{deck_count(BEN)} {BEN}")
    return GalleryTable(p1, P2, policy, rules="v1.4", abilities="checked").do(line)


# -- Unchecked Power: every friendly unit exhausted, 12 to every unit at a battlefield ---------------------------------
def unchecked(policy: str = "strict") -> GalleryTable:
    """Ana's Mega-Mech holds bf1, her Mountain Drake waits in her base; Ben's Shipyard Skulker holds bf2."""
    t = table(JAYCE, f"{MIND_BODY} hand:Unchecked Power controls:bf1 bf1:Mega-Mech base:Mountain Drake",
              policy=policy)
    return t.do("P1 play Unchecked Power $7 / Mind Rune; Mind Rune", "P1 pass", "P2 pass")


def test_unchecked_power_exhausting_all_friendly_units_and_dealing_12_at_battlefields_is_legal():
    t = unchecked().do("resolve Unchecked Power: exhaust Mega-Mech | exhaust Mountain Drake | damage Mega-Mech 12 | "
                       "damage Shipyard Skulker 12")
    assert t.state["violations"] == []


@pytest.mark.parametrize(("ops", "reason"), [
    ("exhaust Mega-Mech | damage Mega-Mech 12 | damage Shipyard Skulker 12", "records no exhaust for"),
    ("exhaust Mega-Mech | exhaust Mountain Drake | damage Mega-Mech 12", "records no damage for"),
    ("exhaust Mega-Mech | exhaust Mountain Drake | damage Mega-Mech 12 | damage Shipyard Skulker 12 | "
     "damage Legion Rearguard 12", "is in P2's base, and the card's target is at a battlefield"),
    ("exhaust Mega-Mech | exhaust Mountain Drake | damage Mega-Mech 6 | damage Shipyard Skulker 12",
     "the card deals 12, not 6")])
def test_unchecked_power_leaving_a_unit_out_or_hitting_a_base_is_refused_v1_4_359_3_d(ops: str, reason: str):
    refusal = unchecked().refuses(f"resolve Unchecked Power: {ops}", rule=SPELL)
    assert reason in said(refusal) and "Exhaust all friendly units, then deal 12 to ALL units at battlefields." in \
        said(refusal)


def test_unchecked_power_sparing_a_unit_in_an_audit_match_is_flagged():
    unchecked("audit").flags("resolve Unchecked Power: exhaust Mega-Mech | exhaust Mountain Drake | "
                             "damage Mega-Mech 12", rule=SPELL)


# -- Tools of Empire: +2, or +4 instead once Empowered --------------------------------------------------------------
def tools(empowered: bool) -> GalleryTable:
    t = table(JAYCE, f"{MIND_BODY} gear:Tools of Empire base:Mountain Drake")
    if empowered:
        t.do('P1 activate Tools of Empire "empower" $2', "P1 pass", "P2 pass",
             "resolve Tools of Empire: empower Tools of Empire")
        assert t.obj("P1", "Tools of Empire").get("empowered")
    return t.do("P1 activate Tools of Empire [1]", "P1 pass", "P2 pass")


@pytest.mark.parametrize(("empowered", "delta"), [(False, 2), (True, 4)])
def test_tools_of_empire_giving_two_or_four_once_empowered_is_legal(empowered: bool, delta: int):
    t = tools(empowered).do(f"resolve Tools of Empire: might Mountain Drake +{delta} until turn")
    assert t.state["violations"] == []


@pytest.mark.parametrize(("empowered", "delta", "reason"), [
    (False, 4, "the card's condition does not hold as it resolves"),
    (True, 2, "the card's condition does not hold as it resolves"),
    (True, 3, "records might 3 to")])
def test_tools_of_empire_the_wrong_might_for_its_state_is_refused_v1_4_406_5(empowered: bool, delta: int,
                                                                              reason: str):
    refusal = tools(empowered).refuses(f"resolve Tools of Empire: might Mountain Drake +{delta} until turn",
                                       rule=ABILITY)
    assert reason in said(refusal) and "If this is [Empowered], give that unit +4 [S] this turn instead." in \
        said(refusal)


# -- Veiled Temple: ready a friendly gear, then detach it if it is an Equipment --------------------------------------
FOX = deck("Fire Below the Mountain", ["Doran's Shield", "Playful Phantom", "Mega-Mech"],
           ["Veiled Temple", "Zaun Warrens", "Altar to Unity"])
CALM_MIND = "runedeck:4 runes:4 Calm Rune;4 Mind Rune"


def temple() -> GalleryTable:
    """Ana's Playful Phantom wears an exhausted Doran's Shield and conquers her Veiled Temple (bf1)."""
    t = table(FOX, f"{CALM_MIND} base:Playful Phantom+Doran's Shield*;Mega-Mech", bf="Veiled Temple",
              attached=1)
    t.do("P1 move Playful Phantom -> bf1", "P1 pass", "P2 pass")
    assert t.state["battlefields"][0]["controller"] == "P1"
    return t.do('P1 trigger Veiled Temple "when-you-conquer"', "P1 pass", "P2 pass")


@pytest.mark.parametrize("ops", ["ready Doran's Shield | detach Doran's Shield", "ready Doran's Shield", ""])
def test_veiled_temple_readying_and_detaching_the_equipment_is_legal(ops: str):
    assert temple().do(f"resolve Veiled Temple: {ops}".rstrip(": ")).state["violations"] == []


def test_veiled_temple_detaching_without_readying_it_is_refused_v1_4_406_5():
    refusal = temple().refuses("resolve Veiled Temple: detach Doran's Shield", rule=ABILITY)
    assert "\"it\" is what the instruction before acted on" in said(refusal)
    assert "If it's an Equipment, you may detach it" in said(refusal)


# -- Tideturner: I go where the friendly unit chosen is, it goes where I was -----------------------------------------
SIVIR = deck("Battle Mistress", ["Tideturner", "Crowd Favorite"], ["Grove of the God-Willow", "Zaun Warrens",
                                                                   "Altar to Unity"])


def tideturned() -> GalleryTable:
    """Ana's Crowd Favorite holds bf1; she plays Tideturner to her base."""
    t = table(SIVIR, "runedeck:4 runes:4 Body Rune;4 Chaos Rune hand:Tideturner controls:bf1 bf1:Crowd Favorite")
    return t.do("P1 play Tideturner $2", 'P1 trigger Tideturner "when-you-play"', "P1 pass", "P2 pass")


@pytest.mark.parametrize("ops", [": move Tideturner -> bf1 | move Crowd Favorite -> base", ""])
def test_tideturner_swapping_places_with_a_friendly_unit_or_choosing_none_is_legal(ops: str):
    assert tideturned().do(f"resolve Tideturner{ops}").state["violations"] == []


@pytest.mark.parametrize(("ops", "reason"), [
    ("move Tideturner -> bf1", "records 0 move for 'and it to my original location', and the card names 1"),
    ("move Crowd Favorite -> base", "records 0 move for 'Move me to its location', and the card names 1"),
    ("move Tideturner -> bf2 | move Crowd Favorite -> base", "records move to bf2, and the card's goes to bf1")])
def test_tideturner_moving_one_alone_or_elsewhere_is_refused_v1_4_406_5(ops: str, reason: str):
    refusal = tideturned().refuses(f"resolve Tideturner: {ops}", rule=ABILITY)
    assert reason in said(refusal) and "Move me to its location and it to my original location." in said(refusal)
