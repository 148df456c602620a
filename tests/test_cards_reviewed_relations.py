"""Reviewed data for one-off lines whose instructions relate to one another (issue 26, "a small reviewed data file per
card says it"; engine/cards/data/, checked by engine/cards/filters.py `related`): "an enemy unit at its location",
"an enemy unit at the same battlefield", "to that enemy unit's battlefield", "If it was an enemy unit, ... If it was a
friendly unit, ...", "to a location where there's a unit with the same controller", "to that battlefield". In a
"checked" match a `resolve` beyond the card is refused in strict citing v1.4 359.3.d (a spell) or v1.4 406.5 (an
ability), quoting the card; flagged in audit. Real gallery cards, v1.4: Unleashed's Heroic Charge and Irresistible
Faefolk, Origins' Facebreaker and Zenith Blade, Spiritforged's Blood Money and Temptation (the compiled data of
Defiant Dance, Fae Porter and Imposing Challenger is checked to be the card's own).
"""

import pytest

from gallery_table import GalleryTable, deck, said
from test_rules_statics import deck_count


SPELL, ABILITY = "v1.4 359.3.d", "v1.4 406.5"
DAWN = deck("Radiant Dawn", ["Heroic Charge", "Facebreaker", "Blood Money", "Zenith Blade", "Vanguard Sergeant",
                             "Daring Poro"], ["Grove of the God-Willow", "Zaun Warrens", "Altar to Unity"])
MISTRESS = deck("Battle Mistress", ["Temptation", "Irresistible Faefolk", "Crowd Favorite"],
                ["Grove of the God-Willow", "Zaun Warrens", "Altar to Unity"])
P2 = deck("Master of Shadows", ["Shipyard Skulker", "Legion Rearguard"],
          ["Vilemaw's Lair", "Trifarian War Camp", "Windswept Hillock"])
BEN = "runedeck:8 runes:2 Fury Rune;2 Chaos Rune controls:bf2"


def table(p1: dict, s1: str, s2: str, policy: str = "strict") -> GalleryTable:
    line = (f"position turn 3 P1 action first P1 | P1 0 bf:Grove of the God-Willow deck:{deck_count(s1)} {s1} "
            f"| P2 0 bf:Vilemaw's Lair deck:{deck_count(s2)} {s2}")
    return GalleryTable(p1, P2, policy, rules="v1.4", abilities="checked").do(line)


def dawn(spell: str, *lines: str, policy: str = "strict") -> GalleryTable:
    """Ana's Daring Poro (2 [S]) holds bf1 and Vanguard Sergeant waits in her base; Ben's Shipyard Skulker (3 [S])
    and Legion Rearguard (2 [S]) hold bf2."""
    t = table(DAWN, f"runedeck:4 runes:4 Calm Rune;4 Order Rune hand:{spell} controls:bf1 bf1:Daring Poro "
                    f"base:Vanguard Sergeant", f"{BEN} bf2:Shipyard Skulker;Legion Rearguard", policy)
    return t.do(*lines, "P1 pass", "P2 pass")


# -- Heroic Charge: the stun at the location of the unit given +1 -----------------------------------------------------
def charged() -> GalleryTable:
    return dawn("Heroic Charge", "P1 move Vanguard Sergeant -> bf2", "P1 play Heroic Charge $3")


@pytest.mark.parametrize("ops", ["might Vanguard Sergeant +1 until turn | stun Shipyard Skulker",
                                 "might Daring Poro +1 until turn"])  # no enemy unit at bf1: no stun
def test_heroic_charge_stunning_an_enemy_unit_where_the_friendly_one_is_is_legal(ops: str):
    assert charged().do(f"resolve Heroic Charge: {ops}").state["violations"] == []


@pytest.mark.parametrize(("ops", "reason"), [
    ("might Daring Poro +1 until turn | stun Shipyard Skulker", "at bf2, and the card's target is where"),
    ("might Vanguard Sergeant +1 until turn", "records no stun for '[Stun] an enemy unit at its location'")])
def test_heroic_charge_stunning_elsewhere_or_not_at_all_is_refused_v1_4_359_3_d(ops: str, reason: str):
    refusal = charged().refuses(f"resolve Heroic Charge: {ops}", rule=SPELL)
    assert reason in said(refusal) and "[Stun] an enemy unit at its location." in said(refusal)


# -- Facebreaker: a friendly unit and an enemy unit at the same battlefield ------------------------------------------
def test_facebreaker_stunning_two_units_at_one_battlefield_is_legal_and_at_two_is_refused_v1_4_359_3_d():
    def broken() -> GalleryTable:
        return dawn("Facebreaker", "P1 move Vanguard Sergeant -> bf2", "P1 play Facebreaker $2")

    assert broken().do("resolve Facebreaker: stun Vanguard Sergeant | stun Legion Rearguard").state["violations"] == []
    refusal = broken().refuses("resolve Facebreaker: stun Daring Poro | stun Legion Rearguard", rule=SPELL)
    assert "at bf2, and the card's target is where" in said(refusal)
    assert "Stun a friendly unit and an enemy unit at the same battlefield." in said(refusal)


# -- Blood Money: one Gold for an enemy unit, two for a friendly one ----------------------------------------------
@pytest.mark.parametrize(("killed", "golds"), [("Legion Rearguard", 1), ("Daring Poro", 2)])
def test_blood_money_playing_the_golds_its_condition_gives_is_legal(killed: str, golds: int):
    ops = " | ".join([f"kill {killed}"] + ["token P1 Gold +ready=false"] * golds)
    assert dawn("Blood Money", "P1 play Blood Money $2").do(f"resolve Blood Money: {ops}").state["violations"] == []


@pytest.mark.parametrize(("killed", "golds", "reason"), [
    ("Legion Rearguard", 2, "records 2 token, and the card gives 1 ('If it was an enemy unit"),
    ("Daring Poro", 1, "records 1 token, and the card gives 2 ('If it was a friendly unit"),
    ("Legion Rearguard", 0, "records 0 token, and the card gives 1")])
def test_blood_money_playing_other_golds_is_refused_v1_4_359_3_d(killed: str, golds: int, reason: str):
    ops = " | ".join([f"kill {killed}"] + ["token P1 Gold +ready=false"] * golds)
    refusal = dawn("Blood Money", "P1 play Blood Money $2").refuses(f"resolve Blood Money: {ops}", rule=SPELL)
    assert reason in said(refusal)
    assert "If it was a friendly unit, play two Gold gear tokens exhausted." in said(refusal)


def test_blood_money_playing_two_golds_for_an_enemy_unit_in_an_audit_match_is_flagged():
    dawn("Blood Money", "P1 play Blood Money $2", policy="audit").flags(
        "resolve Blood Money: kill Legion Rearguard | token P1 Gold +ready=false | token P1 Gold +ready=false",
        rule=SPELL)


# -- Zenith Blade: the move goes to the stunned unit's battlefield ---------------------------------------------------
def test_zenith_blade_moving_to_the_stunned_units_battlefield_is_legal_and_elsewhere_is_refused_v1_4_359_3_d():
    def bladed() -> GalleryTable:
        return dawn("Zenith Blade", "P1 play Zenith Blade $3 / Calm Rune; Order Rune")

    assert bladed().do("resolve Zenith Blade: stun Shipyard Skulker | move Daring Poro -> bf2").state[
        "violations"] == []
    refusal = bladed().refuses("resolve Zenith Blade: stun Shipyard Skulker | move Daring Poro -> base", rule=SPELL)
    assert "records move to base, and the card's goes to bf2" in said(refusal)
    assert "You may move a friendly unit to that enemy unit's battlefield." in said(refusal)


# -- Temptation and Irresistible Faefolk: where the move goes ---------------------------------------------------------
def mistress(s1: str, *lines: str) -> GalleryTable:
    """Ben's Shipyard Skulker holds bf2 and his Legion Rearguard waits in his base; Ana's Crowd Favorite holds bf1."""
    t = table(MISTRESS, f"runedeck:4 runes:4 Body Rune;4 Chaos Rune controls:bf1 bf1:Crowd Favorite {s1}",
              f"{BEN} bf2:Shipyard Skulker base:Legion Rearguard")
    return t.do(*lines, "P1 pass", "P2 pass")


def test_temptation_moving_an_enemy_unit_beside_another_of_its_controllers_is_legal_and_elsewhere_is_refused():
    def tempted() -> GalleryTable:
        return mistress("hand:Temptation", "P1 play Temptation $2")

    assert tempted().do("resolve Temptation: move Legion Rearguard -> bf2").state["violations"] == []
    refusal = tempted().refuses("resolve Temptation: move Legion Rearguard -> bf1", rule=SPELL)
    assert "records move to bf1, where P2 has no other unit" in said(refusal)
    assert "to a location where there's a unit with the same controller." in said(refusal)


def test_irresistible_faefolk_moving_an_enemy_unit_to_its_battlefield_is_legal_and_elsewhere_is_refused_v1_4_406_5():
    def moved() -> GalleryTable:
        return mistress("base:Irresistible Faefolk", "P1 move Irresistible Faefolk -> bf1",
                        'P1 trigger Irresistible Faefolk "when-i-move"')

    assert moved().do("resolve Irresistible Faefolk: move Legion Rearguard -> bf1").state["violations"] == []
    refusal = moved().refuses("resolve Irresistible Faefolk: move Legion Rearguard -> bf2", rule=ABILITY)
    assert "but the card moves here (bf1)" in said(refusal) and "you may move an enemy unit to that battlefield" in \
        said(refusal)
