"""Effect instructions read from the cards (issue 26, "Honest coverage": the effect instructions the reader did not
read, engine/cards/effects.py and engine/cards/players.py). In v1.4 matches whose abilities the engine checks, a
legal use folds clean and a misuse is refused in strict citing the rule, quoting the card. Real gallery cards:

- "Use this ability only while I'm at a battlefield." (Origins' Xerath, Freed; Unleashed's Ultrasoft Poro): the
  activation is refused in a base (card text, v1.4 002);
"""
from __future__ import annotations

import pytest

from gallery_table import GalleryTable, deck, listed, said

from engine.cards.effects import compile_ability

SPELL, ABILITY, CARD = "v1.4 359.3.d", "v1.4 406.5", "v1.4 002"
P1 = deck("Hand of Noxus", ["Xerath, Freed", "Ultrasoft Poro", "Cull the Weak"],
          ["Trifarian War Camp", "Zaun Warrens", "Altar to Unity"])
P2 = deck("Blind Monk", ["Yi, Meditative", "Wizened Elder", "Honeyfruit"],
          ["Grove of the God-Willow", "Vilemaw's Lair", "Windswept Hillock"])
P1_RUNES = "runedeck:4 runes:4 Fury Rune;4 Order Rune"
P2_RUNES = "runedeck:8 runes:2 Calm Rune;2 Body Rune"


def table(p1: str, p2: str = P2_RUNES, policy: str = "strict") -> GalleryTable:
    """A v1.4 position at Ana's action phase, turn 3."""
    line = (f"position turn 3 P1 action first P1 | P1 0 bf:Trifarian War Camp deck:{39 - listed(p1)} {p1} "
            f"| P2 0 bf:Grove of the God-Willow deck:{39 - listed(p2)} {p2}")
    return GalleryTable(P1, P2, policy, "v1.4", "checked").do(line)


# -- "Use this ability only while I'm at a battlefield." ----------------------------------------------------------
@pytest.mark.parametrize("name", ["Xerath, Freed", "Ultrasoft Poro", "Caitlyn, Patrolling"])
def test_use_this_ability_only_while_at_a_battlefield_compiles_to_the_activation_check(name: str):
    from gallery_table import gallery_catalog
    [ability] = [a for a in gallery_catalog().card(name)["abilities"] if a["kind"] == "activated"]
    compiled = compile_ability(ability, name)
    assert compiled["unread"] == [] and compiled["use_while"] == {"at": "battlefield"}


@pytest.mark.parametrize(("name", "label", "pay"), [("Xerath, Freed", "deal-3-to", "$0 / Fury Rune"),
                                                    ("Ultrasoft Poro", "play-two-1", "$0")])
def test_an_ability_used_only_at_a_battlefield_is_refused_from_a_base_v1_4_002(name: str, label: str, pay: str):
    at_base = table(f"{P1_RUNES} base:{name}", f"{P2_RUNES} controls:bf2 bf2:Wizened Elder")
    refusal = at_base.refuses(f'P1 activate {name} "{label}" {pay}', rule=CARD)
    assert "Use this ability only while I'm at a battlefield." in said(refusal)
    at_battlefield = table(f"{P1_RUNES} controls:bf1 bf1:{name}", f"{P2_RUNES} controls:bf2 bf2:Wizened Elder")
    assert at_battlefield.do(f'P1 activate {name} "{label}" {pay}').state["violations"] == []
