"""Reviewed data for one-off targets and destinations (issue 26, "a small reviewed data file per card says it";
engine/cards/data/, checked by engine/cards/filters.py): a target of two kinds ("a unit at a battlefield or a gear":
`any_of`), "with less Might than it" (the friendly unit chosen), "unless its controller has you draw 2" (one or the
other), "to or from its base", "to an occupied enemy battlefield if my Might is greater than the total Might of enemy
units there". In a "checked" match a `resolve` beyond the card is refused in strict citing v1.4 359.3.d (a spell) or
v1.4 406.5 (an ability), quoting the card; flagged in audit. Real gallery cards, v1.4: Origins' Fading Memories,
Shakedown and Unforgiven, Vendetta's Public Execution, Unleashed's Maduli the Gatekeeper (the compiled data of Pack
of Wonders and Profiteer is checked to be the card's own).
"""

import pytest

from gallery_table import GalleryTable, deck, said
from test_rules_statics import deck_count


SPELL, ABILITY = "v1.4 359.3.d", "v1.4 406.5"
P2 = deck("Master of Shadows", ["Shipyard Skulker", "Legion Rearguard", "Shakedown", "Doran's Ring"],
          ["Vilemaw's Lair", "Trifarian War Camp", "Windswept Hillock"])
AMBESSA = deck("Matriarch of War", ["Public Execution", "Vanguard Sergeant", "Daring Poro"],
               ["Grove of the God-Willow", "Zaun Warrens", "Altar to Unity"])
YASUO = deck("Unforgiven", ["Fading Memories", "Maduli the Gatekeeper", "Playful Phantom"],
             ["Grove of the God-Willow", "Zaun Warrens", "Altar to Unity"])
# Ben's Shipyard Skulker (3 [S]) and Legion Rearguard (2 [S]) hold bf2; Doran's Ring is in his base
BEN = "runedeck:4 runes:4 Fury Rune;4 Chaos Rune controls:bf2 bf2:Shipyard Skulker;Legion Rearguard base:Doran's Ring"
CALM_CHAOS = "runedeck:4 runes:4 Calm Rune;4 Chaos Rune"


def table(p1: dict, s1: str, s2: str = BEN, who: str = "P1", policy: str = "strict") -> GalleryTable:
    line = (f"position turn 3 {who} action first P1 | P1 0 bf:Grove of the God-Willow deck:{deck_count(s1)} {s1} "
            f"| P2 0 bf:Vilemaw's Lair deck:{deck_count(s2)} {s2}")
    return GalleryTable(p1, P2, policy, rules="v1.4", abilities="checked").do(line)


# -- Fading Memories: a unit at a battlefield or a gear ---------------------------------------------------------------
def faded() -> GalleryTable:
    t = table(YASUO, f"{CALM_CHAOS} hand:Fading Memories base:Playful Phantom")
    return t.do("P1 play Fading Memories $4 / Chaos Rune", "P1 pass", "P2 pass")


@pytest.mark.parametrize("target", ["Shipyard Skulker", "Doran's Ring"])
def test_fading_memories_on_a_unit_at_a_battlefield_or_on_a_gear_is_legal(target: str):
    assert faded().do(f"resolve Fading Memories: grant {target} +Temporary").state["violations"] == []


def test_fading_memories_on_a_unit_in_base_is_refused_v1_4_359_3_d():
    refusal = faded().refuses("resolve Fading Memories: grant Playful Phantom +Temporary", rule=SPELL)
    assert "is none of what the card's target may be" in said(refusal)
    assert "Give a unit at a battlefield or a gear [Temporary]." in said(refusal)


# -- Public Execution: less Might than the friendly unit chosen -------------------------------------------------------
def executed(chosen: str, policy: str = "strict") -> GalleryTable:
    t = table(AMBESSA, "runedeck:4 runes:4 Body Rune;4 Order Rune hand:Public Execution "
                       "base:Vanguard Sergeant;Daring Poro", policy=policy)
    return t.do(f"P1 play Public Execution -> {chosen} $2 / Order Rune", "P1 pass", "P2 pass")


def test_public_execution_killing_a_3_might_unit_for_a_4_might_one_is_legal():
    assert executed("Vanguard Sergeant").do("resolve Public Execution: kill Shipyard Skulker").state[
        "violations"] == []


def test_public_execution_killing_a_3_might_unit_for_a_2_might_one_is_refused_v1_4_359_3_d():
    refusal = executed("Daring Poro").refuses("resolve Public Execution: kill Shipyard Skulker", rule=SPELL)
    assert "has 3 [S], and the card's target has less Might than the friendly unit chosen" in said(refusal)
    assert "Kill an enemy unit with less Might than it." in said(refusal)


def test_public_execution_killing_a_3_might_unit_for_a_2_might_one_in_an_audit_match_is_flagged():
    executed("Daring Poro", "audit").flags("resolve Public Execution: kill Shipyard Skulker", rule=SPELL)


# -- Shakedown: 6 damage, or two cards for its caster ----------------------------------------------------------------
def shaken() -> GalleryTable:
    """Ben plays Shakedown on Ana's Vanguard Sergeant at bf1."""
    t = table(AMBESSA, "runedeck:8 runes:2 Body Rune;2 Order Rune controls:bf1 bf1:Vanguard Sergeant",
              f"{BEN} hand:Shakedown", who="P2")
    return t.do("P2 play Shakedown $2 / Fury Rune", "P2 pass", "P1 pass")


@pytest.mark.parametrize("ops", ["damage Vanguard Sergeant 6", "draw P2 ?; ?"])
def test_shakedown_dealing_6_or_drawing_2_is_legal(ops: str):
    assert shaken().do(f"resolve Shakedown: {ops}").state["violations"] == []


@pytest.mark.parametrize(("line", "reason"), [
    ("resolve Shakedown: damage Vanguard Sergeant 6 | draw P2 ?; ?", "and the card does one or the other"),
    ("resolve Shakedown", "records neither 'Deal 6 to it' nor 'unless its controller has you draw 2'")])
def test_shakedown_doing_both_or_neither_is_refused_v1_4_359_3_d(line: str, reason: str):
    refusal = shaken().refuses(line, rule=SPELL)
    assert reason in said(refusal) and "Deal 6 to it unless its controller has you draw 2." in said(refusal)


# -- Unforgiven and Maduli the Gatekeeper: where the move goes ------------------------------------------------------
def test_unforgiven_moving_a_unit_out_of_base_is_legal_and_from_base_to_base_is_refused_v1_4_406_5():
    def forgiven() -> GalleryTable:
        return table(YASUO, f"{CALM_CHAOS} controls:bf1 base:Playful Phantom").do(
            "P1 activate Unforgiven [0] $2", "P1 pass", "P2 pass")

    assert forgiven().do("resolve Unforgiven: move Playful Phantom -> bf1").state["violations"] == []
    refusal = forgiven().refuses("resolve Unforgiven: move Playful Phantom -> base", rule=ABILITY)
    assert "and the card's goes to or from its base" in said(refusal)
    assert "Move a friendly unit to or from its base." in said(refusal)


def test_maduli_moving_to_the_weaker_enemy_battlefield_is_legal_and_to_her_own_is_refused_v1_4_406_5():
    def opened() -> GalleryTable:
        return table(YASUO, f"{CALM_CHAOS} controls:bf1 base:Maduli the Gatekeeper").do(
            "P1 activate Maduli the Gatekeeper [1] $0 / Chaos Rune", "P1 pass", "P2 pass")

    assert opened().do("resolve Maduli the Gatekeeper: move Maduli the Gatekeeper -> bf2").state["violations"] == []
    refusal = opened().refuses("resolve Maduli the Gatekeeper: move Maduli the Gatekeeper -> bf1", rule=ABILITY)
    assert "records move to bf1, which is no enemy battlefield" in said(refusal)
    assert "Move me to an occupied enemy battlefield" in said(refusal)
