"""Two targets or two keywords in one instruction, trashes and "ready or exhaust", checked against the card (issue
26, "Honest coverage"): "Return a friendly unit and an enemy unit to their owners' hands." is one return of each;
"Give a unit [Assault 2] and [Ganking] this turn." gives both to that unit; "Return up to 2 units from trashes"
takes them from any trash. In a "checked" match a `resolve` beyond the card is refused in strict citing v1.4
359.3.d, quoting the card; flagged in audit. Real gallery cards, v1.4:

- Unleashed's Star-Crossed, "Return a friendly unit and an enemy unit to their owners' hands.";
- Unleashed's Vault Breaker, "Give a unit [Assault 2] and [Ganking] this turn.";
- Vendetta's Shadows of the Past, "Return up to 2 units from trashes to their owners' hands.";
- Spiritforged's Royal Entourage, "When you play me, ready or exhaust a legend." (compiled: two modes).
"""
from __future__ import annotations

from gallery_table import GalleryTable, deck
from test_rules_statics import deck_count

from engine.cards.effects import compile_ability

SPELL = "v1.4 359.3.d"
P1 = deck("Bloodharbor Ripper", ["Star-Crossed", "Vault Breaker", "Shadows of the Past", "Shipyard Skulker"],
          ["Grove of the God-Willow", "Zaun Warrens", "Altar to Unity"])
P2 = deck("Butcher of the Sands", ["Crowd Favorite", "Combat Chef"],
          ["Vilemaw's Lair", "Trifarian War Camp", "Windswept Hillock"])
P1_SEGMENT = ("runedeck:4 runes:4 Fury Rune;4 Chaos Rune hand:Star-Crossed;Vault Breaker;Shadows of the Past "
              "base:Shipyard Skulker")
P2_SEGMENT = "runedeck:8 runes:2 Fury Rune;2 Body Rune base:Crowd Favorite trash:Combat Chef"


def table(policy: str = "strict") -> GalleryTable:
    line = (f"position turn 3 P1 action first P1 | P1 0 bf:Grove of the God-Willow deck:{deck_count(P1_SEGMENT)} "
            f"{P1_SEGMENT} | P2 0 bf:Vilemaw's Lair deck:{deck_count(P2_SEGMENT)} {P2_SEGMENT}")
    return GalleryTable(P1, P2, policy, rules="v1.4", abilities="checked").do(line)



def test_ready_or_exhaust_a_legend_compiles_to_two_modes():
    compiled = compile_ability({"kind": "triggered", "text": "When you play me, ready or exhaust a legend."})
    assert compiled["unread"] == [] and [[spec["op"] for spec in mode] for mode in compiled["modes"]] == [
        ["ready"], ["exhaust"]]
    assert compiled["modes"][0][0]["target"]["types"] == ["Legend"]


# -- Star-Crossed: one friendly, one enemy --------------------------------------------------------------------------
def crossed(policy: str = "strict") -> GalleryTable:
    return table(policy).do("P1 play Star-Crossed -> Shipyard Skulker; Crowd Favorite $3 / Chaos Rune", "P1 pass",
                            "P2 pass")


def test_star_crossed_returning_a_friendly_and_an_enemy_unit_is_legal():
    t = crossed().do("resolve Star-Crossed: return Shipyard Skulker -> hand | return Crowd Favorite -> hand")
    assert t.state["violations"] == []


def test_star_crossed_returning_only_the_friendly_unit_is_refused_v1_4_359_3_d():
    refusal = crossed().refuses("resolve Star-Crossed: return Shipyard Skulker -> hand", rule=SPELL)
    assert "records no return" in str(refusal)
    assert '"Return a friendly unit and an enemy unit to their owners\' hands."' in str(refusal)


def test_star_crossed_returning_only_the_friendly_unit_in_an_audit_match_is_flagged():
    crossed("audit").flags("resolve Star-Crossed: return Shipyard Skulker -> hand", rule=SPELL)


# -- Vault Breaker: both keywords to that unit ----------------------------------------------------------------------
def broken() -> GalleryTable:
    return table().do("P1 play Vault Breaker -> Shipyard Skulker $1 / Fury Rune", "P1 pass", "P2 pass")


def test_vault_breaker_giving_assault_2_and_ganking_to_the_unit_is_legal():
    t = broken().do("resolve Vault Breaker: grant Shipyard Skulker +Assault=2 until turn | "
                    "grant Shipyard Skulker +Ganking until turn")
    assert t.state["violations"] == []


def test_vault_breaker_giving_ganking_to_another_unit_is_refused_v1_4_359_3_d():
    refusal = broken().refuses("resolve Vault Breaker: grant Shipyard Skulker +Assault=2 until turn | "
                               "grant Crowd Favorite +Ganking until turn", rule=SPELL)
    assert "\"it\" is what the instruction before acted on" in str(refusal)


# -- Shadows of the Past: from any trash ----------------------------------------------------------------------------
def shadows() -> GalleryTable:
    return table().do("P1 play Shadows of the Past $3 / Chaos Rune", "P1 pass", "P2 pass")


def test_shadows_of_the_past_returning_a_unit_from_an_opponents_trash_is_legal():
    assert shadows().do("resolve Shadows of the Past: return Combat Chef -> hand").state["violations"] == []


def test_shadows_of_the_past_returning_a_unit_on_the_board_is_refused_v1_4_359_3_d():
    refusal = shadows().refuses("resolve Shadows of the Past: return Crowd Favorite -> hand", rule=SPELL)
    assert "is in board, not in the trash" in str(refusal)
