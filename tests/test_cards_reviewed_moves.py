"""Reviewed data for one-off lines about where units go and what was left there (issue 26, "a small reviewed data file
per card says it"; engine/cards/data/, checked by engine/cards/filters.py and engine/cards/amounts.py `holds`):
"Deal damage equal to its Might to all enemy units at a battlefield, then move your unit there" (the amount is the
Might of the unit moved, which goes there), "Then, if there's an enemy unit alone at that battlefield, draw 1", "Move
me and a Shadow Clone you control to each other's locations", "If it's your turn, move a friendly unit in a showdown
to base and if I'm [Empowered], ready it". In a "checked" match a `resolve` beyond the card is refused in strict
citing v1.4 359.3.d (a spell) or v1.4 406.5 (an ability), quoting the card; flagged in audit. Real gallery cards,
v1.4: Origins' Stormbringer, Unleashed's Isolate, Vendetta's Zed, Without a Sound and Rogue Assassin.
"""

import pytest

from gallery_table import GalleryTable, deck, said
from test_rules_statics import deck_count


SPELL, ABILITY = "v1.4 359.3.d", "v1.4 406.5"
P2 = deck("Master of Shadows", ["Shipyard Skulker", "Legion Rearguard"],
          ["Vilemaw's Lair", "Trifarian War Camp", "Windswept Hillock"])
SKULKER = "runedeck:8 runes:2 Fury Rune;2 Chaos Rune controls:bf2 bf2:Shipyard Skulker"  # 3 [S]
BOTH = "runedeck:4 runes:4 Fury Rune;4 Chaos Rune controls:bf2 bf2:Shipyard Skulker;Legion Rearguard"


def table(p1: dict, s1: str, s2: str, tokens: int = 0, policy: str = "strict") -> GalleryTable:
    """Ben's battlefield is Trifarian War Camp (units may move from it to base). `tokens`: tokens in the segment."""
    line = (f"position turn 3 P1 action first P1 | P1 0 bf:Grove of the God-Willow deck:{deck_count(s1) + tokens} "
            f"{s1} | P2 0 bf:Trifarian War Camp deck:{deck_count(s2)} {s2}")
    return GalleryTable(p1, P2, policy, rules="v1.4", abilities="checked").do(line)


# -- Stormbringer: the Might of the unit that then moves there --------------------------------------------------------
VOLIBEAR = deck("Relentless Storm", ["Stormbringer", "Combat Chef"], ["Grove of the God-Willow", "Zaun Warrens",
                                                                      "Altar to Unity"])


def stormed(policy: str = "strict") -> GalleryTable:
    """Ana chooses her Combat Chef (5 [S]) in base; Ben's two units hold bf2."""
    t = table(VOLIBEAR, "runedeck:4 runes:4 Fury Rune;4 Body Rune hand:Stormbringer base:Combat Chef", BOTH,
              policy=policy)
    return t.do("P1 play Stormbringer -> Combat Chef $6 / Fury Rune; Body Rune", "P1 pass", "P2 pass")


def test_stormbringer_dealing_5_to_both_and_moving_the_chef_there_is_legal():
    t = stormed().do("resolve Stormbringer: damage Shipyard Skulker 5 | damage Legion Rearguard 5 | "
                     "move Combat Chef -> bf2")
    assert t.state["violations"] == []


@pytest.mark.parametrize(("ops", "reason"), [
    ("damage Shipyard Skulker 3 | damage Legion Rearguard 3 | move Combat Chef -> bf2",
     "records damage 3, and the card's amount is the Might of the unit it names (5)"),
    ("damage Shipyard Skulker 5 | damage Legion Rearguard 5 | move Combat Chef -> bf1",
     "records move to bf1, and the card's goes to bf2")])
def test_stormbringer_dealing_another_amount_or_moving_elsewhere_is_refused_v1_4_359_3_d(ops: str, reason: str):
    refusal = stormed().refuses(f"resolve Stormbringer: {ops}", rule=SPELL)
    assert reason in said(refusal) and "then move your unit there." in said(refusal)


def test_stormbringer_dealing_another_amount_in_an_audit_match_is_flagged():
    stormed("audit").flags("resolve Stormbringer: damage Shipyard Skulker 3 | damage Legion Rearguard 3 | "
                           "move Combat Chef -> bf2", rule=SPELL)


# -- Isolate: the draw where an enemy unit is left alone --------------------------------------------------------------
MISTRESS = deck("Battle Mistress", ["Isolate"], ["Grove of the God-Willow", "Zaun Warrens", "Altar to Unity"])


def isolated(ben: str) -> GalleryTable:
    t = table(MISTRESS, "runedeck:4 runes:4 Body Rune;4 Chaos Rune hand:Isolate", ben)
    return t.do("P1 play Isolate $2", "P1 pass", "P2 pass")


@pytest.mark.parametrize(("ben", "draw"), [(BOTH, " | draw P1 ?"), (SKULKER, "")])
def test_isolate_drawing_only_when_a_unit_is_left_alone_is_legal(ben: str, draw: str):
    assert isolated(ben).do(f"resolve Isolate: move Shipyard Skulker -> base{draw}").state["violations"] == []


@pytest.mark.parametrize(("ben", "draw", "reason"), [(BOTH, "", "records 0 draw, and the card gives 1"),
                                                     (SKULKER, " | draw P1 ?", "records 1 draw, and the card gives 0")])
def test_isolate_drawing_otherwise_is_refused_v1_4_359_3_d(ben: str, draw: str, reason: str):
    refusal = isolated(ben).refuses(f"resolve Isolate: move Shipyard Skulker -> base{draw}", rule=SPELL)
    assert reason in said(refusal) and "if there's an enemy unit alone at that battlefield, draw 1." in said(refusal)


# -- Zed, Without a Sound: each to the other's location -------------------------------------------------------------
def test_zed_and_his_shadow_clone_swapping_places_is_legal_and_elsewhere_is_refused_v1_4_406_5():
    zed = deck("Master of Shadows", ["Zed, Without a Sound"], ["Grove of the God-Willow", "Zaun Warrens",
                                                               "Altar to Unity"])

    def swapped() -> GalleryTable:
        t = table(zed, "runedeck:4 runes:4 Fury Rune;4 Chaos Rune controls:bf1 bf1:Zed, Without a Sound "
                       "base:Shadow Clone", SKULKER, tokens=1)
        return t.do("P1 activate Zed, Without a Sound [1] $1 / Chaos Rune", "P1 pass", "P2 pass")

    t = swapped().do("resolve Zed, Without a Sound: move Zed, Without a Sound -> base | move Shadow Clone -> bf1")
    assert t.state["violations"] == []
    refusal = swapped().refuses("resolve Zed, Without a Sound: move Zed, Without a Sound -> base | "
                                "move Shadow Clone -> bf2", rule=ABILITY)
    assert "records move to bf2, and the card's goes to bf1" in said(refusal)
    assert "Move me and a Shadow Clone you control to each other's locations." in said(refusal)


# -- Rogue Assassin: a friendly unit in the showdown, on your turn ---------------------------------------------------
AKALI = deck("Rogue Assassin", ["Playful Phantom", "Playful Phantom"], ["Grove of the God-Willow", "Zaun Warrens",
                                                                        "Altar to Unity"])
HOLDING, ATTACKING = "o12", "o13"  # Ana's two Playful Phantoms: one holds bf1, one attacks bf2


def assassinated() -> GalleryTable:
    t = table(AKALI, "runedeck:4 runes:4 Fury Rune;4 Calm Rune controls:bf1 bf1:Playful Phantom base:Playful Phantom",
              SKULKER)
    assert t.state["objects"][HOLDING]["location"] == "bf1"
    return t.do(f"P1 move {ATTACKING} -> bf2", "P1 activate Rogue Assassin [1]", "P1 pass", "P2 pass")


def test_rogue_assassin_moving_the_unit_in_the_showdown_to_base_is_legal():
    assert assassinated().do(f"resolve Rogue Assassin: move {ATTACKING} -> base").state["violations"] == []


@pytest.mark.parametrize(("ops", "reason"), [
    (f": move {HOLDING} -> base", "is not at the battlefield of a showdown"),
    ("", "records no move"),
    (f": move {ATTACKING} -> base | ready {ATTACKING}", "the card's condition does not hold as it resolves")])
def test_rogue_assassin_moving_another_unit_or_none_or_readying_while_not_empowered_is_refused_v1_4_406_5(
        ops: str, reason: str):
    refusal = assassinated().refuses(f"resolve Rogue Assassin{ops}", rule=ABILITY)
    assert reason in said(refusal) and "move a friendly unit in a showdown to base" in said(refusal)


# -- Arise!: a token for each Equipment, then two of them readied ----------------------------------------------------
AZIR = deck("Emperor of the Sands", ["Arise!", "Brutalizer", "Hand Hammer", "Vanguard Sergeant"],
            ["Grove of the God-Willow", "Zaun Warrens", "Altar to Unity"])
TWO_SOLDIERS = "token P1 Sand Soldier +ready=false | token P1 Sand Soldier +ready=false"


def risen() -> GalleryTable:
    """Ana controls two Equipment (Brutalizer, Hand Hammer) and an exhausted Vanguard Sergeant; the tokens Arise!
    plays are o22 and o23, the next ids."""
    t = table(AZIR, "runedeck:4 runes:4 Calm Rune;4 Order Rune hand:Arise! "
                    "base:Brutalizer;Hand Hammer;Vanguard Sergeant*", SKULKER)
    return t.do("P1 play Arise! $6 / Order Rune", "P1 pass", "P2 pass")


def test_arise_playing_two_soldiers_and_readying_them_is_legal():
    assert risen().do(f"resolve Arise!: {TWO_SOLDIERS} | ready o22 | ready o23").state["violations"] == []


@pytest.mark.parametrize(("ops", "reason"), [
    (f"{TWO_SOLDIERS} | token P1 Sand Soldier +ready=false | ready o22 | ready o23",
     "records 3 token for 'Play a 2 [S] Sand Soldier unit token for each Equipment you control', and the card gives 2"),
    (f"{TWO_SOLDIERS} | ready o22 | ready Vanguard Sergeant", "the card acts on the token it plays"),
    (TWO_SOLDIERS, "records 0 ready for 'Then ready two of them', and the card names 2")])
def test_arise_playing_another_count_or_readying_other_units_is_refused_v1_4_359_3_d(ops: str, reason: str):
    refusal = risen().refuses(f"resolve Arise!: {ops}", rule=SPELL)
    assert reason in said(refusal) and "Then ready two of them." in said(refusal)
