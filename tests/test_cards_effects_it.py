""""It" in an instruction with no unit chosen before it, checked against the card (issue 26, "Honest coverage"):
"Ready a unit and give it [Assault 3] this turn." gives the keyword to the unit readied; "Play a 2 [S] Sand
Soldier unit token. You may pay [Y] to ready it." readies the token played. In a "checked" match an op on "it"
that acts on another object, or an "it" left out while the instruction before acted on something, is refused in
strict citing v1.4 359.3.d, quoting the card; flagged in audit. Real gallery cards, v1.4:

- Vendetta's Perfect Execution, "Ready a unit and give it [Assault 3] this turn.";
- Spiritforged's Guards!, "Play a 2 [S] Sand Soldier unit token. You may pay [Y] to ready it.".
"""
from __future__ import annotations

from gallery_table import GalleryTable, deck
from test_rules_statics import deck_count

from engine.cards.effects import compile_ability, unread_parts

SPELL = "v1.4 359.3.d"
P1 = deck("Hand of Noxus", ["Perfect Execution", "Guards!", "Noxus Hopeful"],
          ["Grove of the God-Willow", "Zaun Warrens", "Altar to Unity"])
P2 = deck("Master of Shadows", ["Shipyard Skulker"], ["Vilemaw's Lair", "Trifarian War Camp", "Windswept Hillock"])
P1_SEGMENT = "runedeck:4 runes:4 Fury Rune;4 Order Rune hand:Perfect Execution;Guards! base:Noxus Hopeful"
P2_SEGMENT = "runedeck:8 runes:2 Fury Rune;2 Chaos Rune base:Shipyard Skulker"
EXECUTION = "Ready a unit and give it [Assault 3] this turn."


def table(policy: str = "strict") -> GalleryTable:
    line = (f"position turn 3 P1 action first P1 | P1 0 bf:Grove of the God-Willow deck:{deck_count(P1_SEGMENT)} "
            f"{P1_SEGMENT} | P2 0 bf:Vilemaw's Lair deck:{deck_count(P2_SEGMENT)} {P2_SEGMENT}")
    return GalleryTable(P1, P2, policy, rules="v1.4", abilities="checked").do(line)



def test_it_names_what_the_instruction_before_acted_on():
    ready, grant = compile_ability({"kind": "spell", "text": EXECUTION})["effects"]
    assert grant["same"] == -1 and grant["target"] == ready["target"]


def test_it_after_a_token_names_the_token_played_and_me_is_never_it():
    _, ready = compile_ability({"kind": "spell", "text": "Play a 2 [S] Sand Soldier unit token. You may pay [Y] to "
                                                         "ready it."})["effects"]
    assert ready["target"]["new"] is True
    banish = compile_ability({"kind": "triggered", "text": "When an opponent plays a gear, you may banish me to "
                                                           "banish it."})
    # never me: the gear the trigger is about (engine/cards/targets.py `read_about`, tests/test_cards_targets_more.py)
    assert banish["effects"][-1]["target"] == {"about": True, "count": {"min": 1, "max": 1}} and banish["unread"] == []


# -- Perfect Execution -------------------------------------------------------------------------------------------
def executed(policy: str = "strict") -> GalleryTable:
    return table(policy).do("P1 play Perfect Execution -> Noxus Hopeful $3 / Fury Rune", "P1 pass", "P2 pass")


def test_perfect_execution_readying_a_unit_and_giving_it_assault_3_is_legal():
    t = executed().do("resolve Perfect Execution: ready Noxus Hopeful | grant Noxus Hopeful +Assault=3 until turn")
    assert t.state["violations"] == []


def test_perfect_execution_giving_assault_to_another_unit_is_refused_v1_4_359_3_d():
    refusal = executed().refuses("resolve Perfect Execution: ready Noxus Hopeful | "
                                 "grant Shipyard Skulker +Assault=3 until turn", rule=SPELL)
    assert "\"it\" is what the instruction before acted on:" in str(refusal) and "(Noxus Hopeful)" in str(refusal)
    assert f'"{EXECUTION}' in str(refusal)


def test_perfect_execution_leaving_out_the_assault_is_refused_v1_4_359_3_d():
    refusal = executed().refuses("resolve Perfect Execution: ready Noxus Hopeful", rule=SPELL)
    assert "records no grant for 'give it [Assault 3] this turn'" in str(refusal)


def test_perfect_execution_giving_assault_to_another_unit_in_an_audit_match_is_flagged():
    executed("audit").flags("resolve Perfect Execution: ready Noxus Hopeful | "
                               "grant Shipyard Skulker +Assault=3 until turn", rule=SPELL)


# -- Guards!: the token played ------------------------------------------------------------------------------------
def guarded() -> GalleryTable:
    return table().do("P1 play Guards! $3", "P1 pass", "P2 pass")


def test_guards_readying_an_existing_unit_is_refused_v1_4_359_3_d():
    refusal = guarded().refuses("resolve Guards!: token P1 Sand Soldier | ready Noxus Hopeful", rule=SPELL)
    assert "the card acts on the token it plays, not on" in str(refusal)


def test_a_spells_pay_within_instructions_stays_unread_where_a_triggers_is_its_cost_part():
    """Guards!'s "You may pay [Y] to ready it" is no trigger's cost (engine/cards/coverage.py reads a cost part only
    for triggered abilities): nothing checks the [Y], so it is named unread, and Guards! is not ENFORCED."""
    spell = {"kind": "spell", "text": "Play a 2 [S] Sand Soldier unit token. You may pay [Y] to ready it."}
    assert unread_parts(spell, "Guards!") == ["effect cost within instructions: 'pay [Y]'"]
    trigger = {"kind": "triggered", "text": "When you conquer here, you may pay [1] to ready your legend."}
    assert unread_parts(trigger, "Hall of Legends") == []
