"""Conditions and amounts read on the state as the item resolves (issue 26, "Honest coverage";
engine/cards/amounts.py `holds`): "draw 1 if your other units have total Might 5 or more" is required where it holds
and refused where it does not; "Double my Might this turn" gives +X where X is the source's Might (v1.4 432.1.a). In
a "checked" match a `resolve` beyond the card is refused in strict citing v1.4 406.5, quoting the card; flagged in
audit. Real gallery cards, v1.4:

- Unleashed's Kinkou Initiate, "When you play me, draw 1 if your other units have total Might 5 or more.";
- Unleashed's Vi, Hotheaded, "[2][R]: Double my Might this turn.".
"""
from __future__ import annotations

from gallery_table import GalleryTable, deck
from test_rules_statics import deck_count

from engine.cards.effects import compile_ability

ABILITY = "v1.4 406.5"
KINKOU = "When you play me, draw 1 if your other units have total Might 5 or more."
P1 = deck("Butcher of the Sands", ["Kinkou Initiate", "Combat Chef", "Crowd Favorite"],
          ["Grove of the God-Willow", "Zaun Warrens", "Altar to Unity"])
P2 = deck("Master of Shadows", ["Shipyard Skulker"], ["Vilemaw's Lair", "Trifarian War Camp", "Windswept Hillock"])
P2_SEGMENT = "runedeck:8 runes:2 Fury Rune;2 Chaos Rune"


def table(p1: str, policy: str = "strict", legend: dict | None = None, left: int | None = None) -> GalleryTable:
    """`left`: the main deck's count where the segment's cards do not say it (a champion played)."""
    line = (f"position turn 3 P1 action first P1 | P1 0 bf:Grove of the God-Willow deck:{left or deck_count(p1)} {p1} "
            f"| P2 0 bf:Vilemaw's Lair deck:{deck_count(P2_SEGMENT)} {P2_SEGMENT}")
    return GalleryTable(legend or P1, P2, policy, rules="v1.4", abilities="checked").do(line)



def test_a_condition_on_the_state_compiles_with_nothing_unread():
    compiled = compile_ability({"kind": "triggered", "text": KINKOU})
    assert compiled["unread"] == [] and compiled["effects"][0]["if"] == {"other_might_at_least": 5}


def initiate(others: str, policy: str = "strict") -> GalleryTable:
    t = table(f"runedeck:4 runes:4 Fury Rune;4 Body Rune hand:Kinkou Initiate base:{others}", policy)
    return t.do("P1 play Kinkou Initiate $3", 'P1 trigger Kinkou Initiate "when-you-play"', "P1 pass", "P2 pass")


def test_kinkou_initiate_drawing_while_the_others_have_5_might_is_legal():
    assert initiate("Combat Chef").do("resolve Kinkou Initiate: draw P1 ?").state["violations"] == []


def test_kinkou_initiate_not_drawing_while_the_others_have_5_might_is_refused_v1_4_406_5():
    refusal = initiate("Combat Chef").refuses("resolve Kinkou Initiate", rule=ABILITY)
    assert "records no draw" in str(refusal) and f'"{KINKOU}"' in str(refusal)


def test_kinkou_initiate_not_drawing_while_the_others_have_3_might_is_legal():
    assert initiate("Crowd Favorite").do("resolve Kinkou Initiate").state["violations"] == []


def test_kinkou_initiate_drawing_while_the_others_have_3_might_is_refused_v1_4_406_5():
    refusal = initiate("Crowd Favorite").refuses("resolve Kinkou Initiate: draw P1 ?", rule=ABILITY)
    assert "but the card's condition does not hold as it resolves" in str(refusal)


def test_kinkou_initiate_drawing_while_the_others_have_3_might_in_an_audit_match_is_flagged():
    initiate("Crowd Favorite", "audit").flags("resolve Kinkou Initiate: draw P1 ?", rule=ABILITY)


# -- Vi, Hotheaded: double my Might -----------------------------------------------------------------------------------
VI = deck("Piltover Enforcer", [], ["Grove of the God-Willow", "Zaun Warrens", "Altar to Unity"])
VI = {**VI, "champion": "Vi, Hotheaded", "deck": ["Vi, Hotheaded", *VI["deck"][1:]]}  # Vi is its champion


def doubled(policy: str = "strict") -> GalleryTable:
    t = table("runedeck:8 runes:2 Fury Rune;2 Order Rune champion:played base:Vi, Hotheaded", policy, legend=VI,
              left=39)
    return t.do("P1 activate Vi, Hotheaded [1] $2 / Fury Rune", "P1 pass", "P2 pass")


def test_vi_doubling_her_might_is_legal():
    assert doubled().do("resolve Vi, Hotheaded: might Vi, Hotheaded +3 until turn").state["violations"] == []


def test_vi_giving_herself_more_than_her_might_is_refused_v1_4_406_5():
    refusal = doubled().refuses("resolve Vi, Hotheaded: might Vi, Hotheaded +6 until turn", rule=ABILITY)
    assert "the card gives +3 [S], not 6" in str(refusal)
