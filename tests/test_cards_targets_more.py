"""More target phrasings and the conditions an instruction opens with, read from the card and checked (issue 26,
"Honest coverage"; engine/cards/targets.py reads them, engine/cards/filters.py and engine/cards/amounts.py check
them). In a "checked" match a `resolve` beyond the card is refused in strict citing v1.4 406.5 (an ability),
quoting the card; flagged in audit. Real gallery cards, v1.4:

- Origins' Pickpocket, "When you play me, you may kill a gear with Energy cost no more than [1]. If you do, play a
  Gold gear token exhausted." (a printed-cost bound; "If you do": after the "you may" op only);
- Unleashed's Yuumi, Magical Cat, "When I attack or defend, give one of your other units here +3 [S] and [Tank]
  this turn.";
- Origins' Peak Guardian, "When you play me, buff me. Then, if I am at a battlefield, buff all other friendly units
  there." (a condition on the state as it resolves).
"""
from __future__ import annotations

import pytest

from gallery_table import GalleryTable, deck, said
from test_rules_statics import deck_count

from engine.cards import filters
from engine.cards.effects import compile_ability
from engine.cards.targets import lead_condition, parse_target

ABILITY = "v1.4 406.5"
PICKPOCKET = ("When you play me, you may kill a gear with Energy cost no more than [1]. If you do, play a Gold gear "
              "token exhausted.")
P2 = deck("Master of Shadows", ["Doran's Ring", "Edge of Night", "Shipyard Skulker"],
          ["Vilemaw's Lair", "Trifarian War Camp", "Windswept Hillock"])


def table(p1: dict, s1: str, s2: str, policy: str = "strict") -> GalleryTable:
    line = (f"position turn 3 P1 action first P1 | P1 0 bf:Grove of the God-Willow deck:{deck_count(s1)} {s1} "
            f"| P2 0 bf:Vilemaw's Lair deck:{deck_count(s2)} {s2}")
    return GalleryTable(p1, P2, policy, rules="v1.4", abilities="checked").do(line)


@pytest.mark.parametrize(("phrase", "fields"), [
    ("one of your other units here", {"whose": "friendly", "other": True, "where": "here",
                                      "count": {"min": 1, "max": 1}}),
    ("an enemy unit from here", {"whose": "enemy", "where": "here"}),
    ("an enemy unit attacking here", {"state": "attacker", "where": "here"}),
    ("any number of enemy units here each with 5 [S] or less", {"might_max": 5, "count": {"min": 0, "max": None}}),
    ("a gear with Energy cost no more than [1]", {"types": ["Gear"], "cost_max": 1}),
    ("a gear with Energy cost no more than my Might", {"cost_max_might": "me"}),
    ("something else that's exhausted", {"other": True, "state": "exhausted"}),
    ("a unit that's [Empowered]", {"state": "empowered"}),
    ("this from your trash", {"self": True}),
    ("any number of your token units", {"token": True, "whose": "friendly"}),
])
def test_a_target_phrase_reads_with_nothing_left_over(phrase: str, fields: dict):
    found, rest = parse_target(phrase)
    assert rest == "" and {key: found.get(key) for key in fields} == fields


@pytest.mark.parametrize(("phrase", "condition"), [
    ("If you control 7 or more runes", {"runes_at_least": 7}),
    ("If you control a facedown card", {"facedown_at_least": 1}),
    ("Then, if I am at a battlefield", {"self_at_battlefield": True}),
    ("If you do", {"done": True}),
    ("If you paid the additional cost", {"paid_additional": True}),
    ("If you played this from your hand", {"played_from_hand": True}),
    ("If it was an enemy unit", None),
])
def test_a_leading_condition_reads_or_stays_unread(phrase: str, condition: dict | None):
    assert lead_condition(phrase) == condition


def test_if_you_do_links_the_ops_after_it_to_the_you_may_op_before_it():
    compiled = compile_ability({"kind": "triggered", "text": PICKPOCKET})
    kill, token = compiled["effects"]
    assert compiled["unread"] == [] and token["paid_by"] == kill["cost"] and token["optional"]


def test_if_you_do_after_an_instruction_left_unread_stays_unread():
    compiled = compile_ability({"kind": "triggered", "text": "When I attack, you may pay [R]. If you do, give me "
                                                             "+2 [S] this turn."})
    assert "condition: 'If you do'" in compiled["unread"]


# -- Pickpocket: a gear that costs no more than [1]; the token only if it did -----------------------------------------
PICKER = deck("Chem-Baroness", ["Pickpocket", "Peak Guardian"], ["Grove of the God-Willow", "Zaun Warrens",
                                                                 "Altar to Unity"])
GEARS = "runedeck:8 runes:2 Fury Rune;2 Chaos Rune base:Doran's Ring;Edge of Night"


def picked(policy: str = "strict") -> GalleryTable:
    """Ben has Doran's Ring ([1]) and Edge of Night ([3]) in his base; Ana plays Pickpocket."""
    t = table(PICKER, "runedeck:4 runes:4 Mind Rune;4 Order Rune hand:Pickpocket", GEARS, policy)
    return t.do("P1 play Pickpocket $3", 'P1 trigger Pickpocket "when-you-play"', "P1 pass", "P2 pass")


@pytest.mark.parametrize("ops", [": kill Doran's Ring | token P1 Gold +ready=false", ""])
def test_pickpocket_killing_a_1_cost_gear_for_a_gold_or_declining_is_legal(ops: str):
    assert picked().do(f"resolve Pickpocket{ops}").state["violations"] == []


def test_pickpocket_killing_a_3_cost_gear_is_refused_v1_4_406_5():
    refusal = picked().refuses("resolve Pickpocket: kill Edge of Night | token P1 Gold +ready=false", rule=ABILITY)
    assert "costs [3], and the card's target costs no more than [1]" in said(refusal)
    assert f'"{PICKPOCKET}"' in str(refusal)


def test_pickpocket_playing_the_gold_without_killing_a_gear_is_refused_v1_4_406_5():
    refusal = picked().refuses("resolve Pickpocket: token P1 Gold +ready=false", rule=ABILITY)
    assert "was not paid" in said(refusal) and f'"{PICKPOCKET}"' in str(refusal)


def test_pickpocket_killing_a_3_cost_gear_in_an_audit_match_is_flagged():
    picked("audit").flags("resolve Pickpocket: kill Edge of Night | token P1 Gold +ready=false", rule=ABILITY)


# -- Peak Guardian: the others only if I am at a battlefield ---------------------------------------------------------
def guarded() -> GalleryTable:
    """Ana plays Peak Guardian to her base, where Pickpocket stands: it is at no battlefield."""
    t = table(PICKER, "runedeck:4 runes:4 Mind Rune;4 Order Rune hand:Peak Guardian base:Pickpocket", GEARS)
    return t.do("P1 play Peak Guardian $6 / Order Rune", 'P1 trigger Peak Guardian "when-you-play"', "P1 pass",
                "P2 pass")


def test_peak_guardian_in_base_buffing_only_itself_is_legal():
    assert guarded().do("resolve Peak Guardian: buff Peak Guardian").state["violations"] == []


def test_peak_guardian_in_base_buffing_the_others_is_refused_v1_4_406_5():
    refusal = guarded().refuses("resolve Peak Guardian: buff Peak Guardian | buff Pickpocket", rule=ABILITY)
    assert "the card's condition does not hold as it resolves" in said(refusal)
    assert "Then, if I am at a battlefield, buff all other friendly units there." in said(refusal)


# -- Yuumi: one of your other units here ------------------------------------------------------------------------------
YUUMI = deck("Blind Monk", ["Yuumi, Magical Cat", "Crowd Favorite", "Combat Chef"],
             ["Grove of the God-Willow", "Zaun Warrens", "Altar to Unity"])


def attacked() -> GalleryTable:
    """Yuumi and Crowd Favorite attack Ben's Shipyard Skulker at bf2; Combat Chef stays in Ana's base."""
    t = table(YUUMI, "runedeck:4 runes:4 Calm Rune;4 Body Rune base:Yuumi, Magical Cat;Crowd Favorite;Combat Chef",
              "runedeck:8 runes:2 Fury Rune;2 Chaos Rune controls:bf2 bf2:Shipyard Skulker")
    return t.do("P1 move Yuumi, Magical Cat; Crowd Favorite -> bf2", 'P1 trigger Yuumi, Magical Cat "when-i-attack"',
                "P1 pass", "P2 pass")


def test_yuumi_giving_the_other_attacker_3_and_tank_is_legal():
    t = attacked().do("resolve Yuumi, Magical Cat: might Crowd Favorite +3 until turn | "
                      "grant Crowd Favorite +Tank until turn")
    assert t.state["violations"] == []


@pytest.mark.parametrize(("unit", "reason"), [("Combat Chef", "the card's target is here (bf2)"),
                                               ("Yuumi, Magical Cat", "acts on another object, not on itself")])
def test_yuumi_giving_a_unit_in_base_or_herself_is_refused_v1_4_406_5(unit: str, reason: str):
    refusal = attacked().refuses(f"resolve Yuumi, Magical Cat: might {unit} +3 until turn | "
                                 f"grant {unit} +Tank until turn", rule=ABILITY)
    assert reason in said(refusal) and "give one of your other units here +3 [S] and [Tank] this turn" in said(refusal)


# -- what the rules' target check leaves to engine/cards/filters.py --------------------------------------------------
def test_a_token_filter_refuses_a_unit_that_is_no_token_and_a_might_bound_reads_the_source():
    """Azir, Sovereign's "your token units" and Noxian Demolitionist's "a gear with Energy cost no more than my
    Might", checked on the state of a real match (Crowd Favorite: no token; Yuumi: 1 [S])."""
    t = attacked()
    state, yuumi, favorite = t.state, t.find("P1", "Yuumi, Magical Cat"), t.find("P1", "Crowd Favorite")
    item = {"source": yuumi, "controller": "P1"}
    assert "is no token" in filters.mismatch(state, item, {"token": True}, favorite)
    assert "no more than its source's Might (1)" in filters.mismatch(state, item, {"cost_max_might": "me"}, favorite)
    assert filters.mismatch(state, item, {"cost_max": 3}, favorite) is None


# -- Friendship: +1 for each of Bird, Cat, Dog and Poro among your units ----------------------------------------------
FRIENDS = deck("Nine-Tailed Fox", ["Friendship", "Yuumi, Magical Cat", "Frisky Hunter", "Affectionate Poro"],
               ["Grove of the God-Willow", "Zaun Warrens", "Altar to Unity"])
FRIENDSHIP = ("Choose a unit. Give it +1 [S] this turn for each of the following tags among your units — Bird, Cat, "
              "Dog, and Poro.")


def befriended() -> GalleryTable:
    """Ana's two Cats (Yuumi, Frisky Hunter) and a Poro (Affectionate Poro): two of the four tags."""
    t = table(FRIENDS, "runedeck:4 runes:4 Calm Rune;4 Mind Rune hand:Friendship "
                       "base:Yuumi, Magical Cat;Frisky Hunter;Affectionate Poro", GEARS)
    return t.do("P1 play Friendship -> Frisky Hunter $1", "P1 pass", "P2 pass")


def test_friendship_reads_the_tags_among_your_units_as_its_amount():
    compiled = compile_ability({"kind": "spell", "text": FRIENDSHIP})
    assert compiled["unread"] == [] and compiled["effects"][0]["per"]["tags_among"] == ["Bird", "Cat", "Dog", "Poro"]


def test_friendship_giving_2_for_a_cat_and_a_poro_is_legal():
    assert befriended().do("resolve Friendship: might Frisky Hunter +2 until turn").state["violations"] == []


def test_friendship_counting_each_cat_is_refused_v1_4_359_3_d():
    refusal = befriended().refuses("resolve Friendship: might Frisky Hunter +3 until turn", rule="v1.4 359.3.d")
    assert "the card gives +2 [S], not 3" in said(refusal) and FRIENDSHIP in said(refusal)


# -- Back Off: the draw only when played from the hand ----------------------------------------------------------------
BACK_OFF = deck("Blind Monk", ["Back Off", "Crowd Favorite"], ["Grove of the God-Willow", "Zaun Warrens",
                                                                "Altar to Unity"])
SKULKER = "runedeck:8 runes:2 Fury Rune;2 Chaos Rune controls:bf2 bf2:Shipyard Skulker"


def backed_off(from_hand: bool) -> GalleryTable:
    """Ana plays Back Off from her hand at Ben's Shipyard Skulker, or from where it is hidden at bf1 at her Crowd
    Favorite there (a facedown card's target is at its battlefield, v1.4 811.1.d)."""
    if from_hand:
        t = table(BACK_OFF, "runedeck:4 runes:4 Calm Rune;4 Body Rune hand:Back Off", SKULKER)
        return t.do("P1 play Back Off -> Shipyard Skulker $3", "P1 pass", "P2 pass")
    t = table(BACK_OFF, "runedeck:4 runes:4 Calm Rune;4 Body Rune controls:bf1 bf1:Crowd Favorite "
                        "facedown:Back Off@bf1", SKULKER)
    return t.do("P1 play Back Off <facedown -> Crowd Favorite", "P1 pass", "P2 pass")


@pytest.mark.parametrize(("from_hand", "ops"), [(True, "stun Shipyard Skulker | draw P1 ?"),
                                                (False, "stun Crowd Favorite")])
def test_back_off_drawing_only_when_played_from_the_hand_is_legal(from_hand: bool, ops: str):
    assert backed_off(from_hand).do(f"resolve Back Off: {ops}").state["violations"] == []


@pytest.mark.parametrize(("from_hand", "ops", "reason"), [
    (True, "stun Shipyard Skulker", "records no draw for 'draw 1'"),
    (False, "stun Crowd Favorite | draw P1 ?", "the card's condition does not hold as it resolves")])
def test_back_off_drawing_otherwise_is_refused_v1_4_359_3_d(from_hand: bool, ops: str, reason: str):
    refusal = backed_off(from_hand).refuses(f"resolve Back Off: {ops}", rule="v1.4 359.3.d")
    assert reason in said(refusal) and "If you played this from your hand, draw 1." in said(refusal)


# -- Ravenbloom Prefect: "it" is what the trigger is about --------------------------------------------------------
RAVEN = deck("Battle Mistress", ["Ravenbloom Prefect"], ["Grove of the God-Willow", "Zaun Warrens", "Altar to Unity"])
RAVENBLOOM = "When an opponent plays a gear, you may banish me to banish it."


def ravened() -> GalleryTable:
    """On Ben's turn he plays Doran's Ring (Edge of Night is already in his base); Ana's Ravenbloom Prefect
    triggers."""
    ana = "runedeck:8 runes:2 Body Rune;2 Chaos Rune base:Ravenbloom Prefect"
    ben = "runedeck:4 runes:4 Fury Rune;4 Chaos Rune hand:Doran's Ring base:Edge of Night"
    line = (f"position turn 3 P2 action first P1 | P1 0 bf:Grove of the God-Willow deck:{deck_count(ana)} {ana} "
            f"| P2 0 bf:Trifarian War Camp deck:{deck_count(ben)} {ben}")
    t = GalleryTable(RAVEN, P2, "strict", rules="v1.4", abilities="checked").do(line)
    return t.do("P2 play Doran's Ring $1", 'P1 trigger Ravenbloom Prefect "when-an-opponent"', "P1 pass", "P2 pass")


def test_it_in_a_trigger_about_an_object_is_that_object():
    compiled = compile_ability({"kind": "triggered", "text": RAVENBLOOM})
    assert compiled["unread"] == [] and compiled["effects"][1]["target"] == {"about": True, "count": {"min": 1,
                                                                                                     "max": 1}}
    assert ravened().state["chain"][-1]["about"] == ravened().find("P2", "Doran's Ring")


def test_ravenbloom_banishing_itself_and_the_gear_played_is_legal():
    t = ravened().do("resolve Ravenbloom Prefect: banish Ravenbloom Prefect | banish Doran's Ring")
    assert t.state["violations"] == []


def test_ravenbloom_banishing_another_gear_is_refused_v1_4_406_5():
    t = ravened()
    refusal = t.refuses("resolve Ravenbloom Prefect: banish Ravenbloom Prefect | banish Edge of Night", rule=ABILITY)
    assert f'"{RAVENBLOOM}"' in str(refusal)
    item, edge = t.state["chain"][-1], t.find("P2", "Edge of Night")
    assert "is not what the trigger is about" in filters.mismatch(t.state, item, {"about": True}, edge)
