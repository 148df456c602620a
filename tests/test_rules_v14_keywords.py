"""Core Rules v1.4's new and changed keywords, for v1.4 matches (issue 25): Flow (v1.4 829), Burn (440), Empower,
Empowered and Disempower (441-442, 827-828), counters (741-749), Hidden's cost (811.1.b) and abilities that trigger
on their source's death (808.1.d), each beside the v1.3 behaviour where the editions differ. Real gallery cards."""
from __future__ import annotations

from gallery_table import GalleryTable
from test_rules_later_effects import P1_RUNES, table
from test_rules_statics import SUNHAWK, table as statics_table


def v14(t: GalleryTable) -> GalleryTable:
    """The same table played under Core Rules v1.4 (a match created today: `match_created.rules` "v1.4")."""
    t.state["rules"] = "v1.4"
    return t


# -- Flow (v1.4 829) -------------------------------------------------------------------------------------------
def test_flow_plays_a_spell_only_from_the_trash_v1_4_829_1_b():
    """v1.4 829.1.b: "You may play this from your trash for its flow cost." Played from the hand for its Flow
    cost, Dredge Up is refused citing the v1.4 rule, not the golden rule a v1.3 match cites."""
    v14(table(f"{P1_RUNES} hand:Dredge Up")).refuses("P1 play Dredge Up +flow $2", rule="v1.4 829.1.b")


def test_a_card_without_flow_has_no_flow_cost_v1_4_829_1_b():
    v14(table(f"{P1_RUNES} trash:Deadly Flourish")).refuses("P1 play Deadly Flourish <trash +flow $2",
                                                            rule="v1.4 829.1.b")


def test_a_v1_3_match_cites_the_golden_rule_for_flow_002():
    table(f"{P1_RUNES} hand:Dredge Up").refuses("P1 play Dredge Up +flow $2", rule="002")


# -- Hidden's cost (v1.4 811.1.b) --------------------------------------------------------------------------------
def hiding(p1_pool: str):
    """Turn 3: P1 (Ahri, Calm and Mind) holds Trifarian War Camp with Stalwart Poro, Blastcone Fae in hand, and
    `p1_pool` in their rune pool."""
    from test_rules_hidden_and_deck_top_gallery import table as hidden_table
    return hidden_table(f"controls:bf1 {p1_pool} hand:Blastcone Fae bf1:Stalwart Poro", "base:Blade Twirler")


def test_hiding_costs_power_of_any_domain_v1_4_811_1_b():
    """v1.4 811.1.b: "you may pay [A] to hide this": a Fury Power, outside Ahri's Calm and Mind, pays for it."""
    t = v14(hiding("pool:0;Fury 1")).do("P1 hide Blastcone Fae @bf1 $0")
    assert t.pool("P1") == {"energy": 0, "power": {}} and t.state["violations"] == []
    assert t.obj("P1", "Blastcone Fae", "facedown")["hidden_at"] == "bf1"


def test_hiding_with_no_power_at_all_is_refused_v1_4_811_1_b():
    v14(hiding("pool:1")).refuses("P1 hide Blastcone Fae @bf1 $0", rule="v1.4 811.1.b")


def test_a_v1_3_match_hides_only_for_power_of_the_domain_identity_723_1_b():
    """A v1.3 match folds as it was recorded: the engine asked [C] of the domain identity (2025 723.1.b.1), though
    v1.3 811.1.b already says [A] (docs/editions.md)."""
    hiding("pool:0;Fury 1").refuses("P1 hide Blastcone Fae @bf1 $0", rule="723.1.b")


# -- Empower, Empowered, Disempower (v1.4 441-442, 827-828) --------------------------------------------------------
def test_empower_is_played_only_if_not_empowered_v1_4_827_1_c_1():
    """v1.4 827.1.c.1: Empower is "[Cost]: Empower this. Play only if not Empowered." (Solari Sunhawk, [Empower]
    [2]); v1.3 had only the reminder text's "Use only if not Empowered" (v1.3 377.2.b, tests/test_rules_statics.py)."""
    t = v14(statics_table(SUNHAWK)).do('P1 activate Solari Sunhawk "empower" $2', "P1 pass", "P2 pass",
                                       "resolve Solari Sunhawk: empower Solari Sunhawk")
    assert t.obj("P1", "Solari Sunhawk")["empowered"]
    t.refuses('P1 activate Solari Sunhawk "empower" $2', rule="v1.4 827.1.c.1")


# -- abilities that trigger on their source's death (v1.4 808.1.d) -------------------------------------------------
def recalled(policy: str = "strict"):
    """LeBlanc, Fragmented ([Deathknell]) took lethal combat damage at Back-Alley Bar, and Tactical Retreat
    replaced her death with a recall (tests/test_rules_replacement.py), in a v1.4 match."""
    from test_rules_replacement import LEBLANC, YI, attacked, RETREAT
    t = v14(attacked(policy)).do(f"P2 play Tactical Retreat -> {LEBLANC} $2", "P2 pass", "P1 pass", RETREAT,
                                 "P1 pass", "P2 pass")
    return t.do(f"P1 assign {LEBLANC} 4", f"P2 assign {YI} 3")


def test_a_deathknell_whose_death_was_replaced_is_removed_from_the_chain_v1_4_808_1_d_1():
    from test_rules_replacement import LEBLANC
    refusal = recalled().refuses(f'P2 trigger {LEBLANC} "Deathknell"', rule="v1.4 808.1.d.1")
    assert "removed from the chain" in str(refusal)


def test_in_an_audit_match_the_removed_trigger_is_flagged_and_not_chained_v1_4_808_1_d_1():
    from test_rules_replacement import LEBLANC
    t = recalled("audit")
    chain = list(t.state["chain"])
    t.do(f'P2 trigger {LEBLANC} "Deathknell"')
    assert t.state["chain"] == chain and t.rules()[-1:] == ["v1.4 808.1.d.1"]


def test_a_when_i_die_ability_is_aligned_with_deathknell_v1_4_808_1_d():
    """v1.4 808.1.d: "The Trigger for this and similar effects that trigger on their source's death": a "When I die"
    ability (Draven, Audacious's kind) of a unit whose death was replaced is removed from the chain too."""
    from test_rules_replacement import LEBLANC
    recalled().refuses(f'P2 trigger {LEBLANC} "When I die"', rule="v1.4 808.1.d.1")


def test_a_v1_3_match_checks_only_deathknell_and_says_it_does_not_trigger_v1_3_808_1_d_1():
    from test_rules_replacement import LEBLANC, retreated
    t = retreated().do(f"P1 assign {LEBLANC} 4", "P2 assign Master Yi, Tempered 3")
    t.refuses(f'P2 trigger {LEBLANC} "Deathknell"', rule="v1.3 808.1.d.1")
    t.do(f'P2 trigger {LEBLANC} "When I die"')  # v1.3 808.1.d speaks of Deathknell alone
    assert t.state["chain"][-1]["label"] == "When I die"


# -- counters (v1.4 741-749) -----------------------------------------------------------------------------------------
P2_APPRENTICE = "runedeck:8 runes:2 Calm Rune;2 Mind Rune base:Eager Apprentice"


def resolving(policy: str = "strict") -> GalleryTable:
    """P1 activated Solari Sunhawk's Empower ([2]); the ability waits to resolve, both players passed."""
    return v14(statics_table(SUNHAWK, P2_APPRENTICE, policy)).do('P1 activate Solari Sunhawk "empower" $2',
                                                                 "P1 pass", "P2 pass")


def test_counters_are_placed_on_a_game_object_and_the_state_shows_them_v1_4_742():
    t = resolving().do('resolve Solari Sunhawk: counters Solari Sunhawk 2 +kind="Sentry"')
    assert t.obj("P1", "Solari Sunhawk")["counters"] == {"Sentry": 2}
    assert "counters" not in t.obj("P1", "Baccai Sandspinner")  # an object with none has no field


def test_counters_are_given_only_to_objects_on_the_board_v1_4_742():
    t = v14(statics_table(f"{SUNHAWK} trash:Blood Rush", P2_APPRENTICE)).do(
        'P1 activate Solari Sunhawk "empower" $2', "P1 pass", "P2 pass")
    t.refuses('resolve Solari Sunhawk: counters Blood Rush 1 +kind="Sentry"', rule="v1.4 742")


def test_spending_counters_removes_that_many_of_the_kind_v1_4_745_1():
    t = resolving().do('resolve Solari Sunhawk: counters Solari Sunhawk 3 +kind="Sentry" | '
                       'counters Solari Sunhawk -2 +kind="Sentry"')
    assert t.obj("P1", "Solari Sunhawk")["counters"] == {"Sentry": 1}


def test_spending_with_no_kind_named_removes_any_counters_v1_4_745_1_a():
    t = resolving().do('resolve Solari Sunhawk: counters Solari Sunhawk 1 +kind="Sentry" | '
                       'counters Solari Sunhawk 1 +kind="Charge" | counters Solari Sunhawk -2')
    assert "counters" not in t.obj("P1", "Solari Sunhawk")  # both spent: they cease to exist (747)


def test_spending_more_counters_than_the_object_holds_is_refused_v1_4_745_1():
    resolving().refuses('resolve Solari Sunhawk: counters Solari Sunhawk 1 +kind="Sentry" | '
                        'counters Solari Sunhawk -2 +kind="Sentry"', rule="v1.4 745.1")


def test_counters_are_spent_only_from_objects_the_spender_controls_v1_4_745_2():
    resolving().refuses('resolve Solari Sunhawk: counters Eager Apprentice 1 +kind="Sentry" | '
                        'counters Eager Apprentice -1', rule="v1.4 745.2")


def test_a_counter_moves_from_one_object_to_another_v1_4_746():
    t = resolving().do('resolve Solari Sunhawk: counters Solari Sunhawk 2 +kind="Sentry" | '
                       'counters Solari Sunhawk 1 -> Baccai Sandspinner +kind="Sentry"')
    assert t.obj("P1", "Solari Sunhawk")["counters"] == {"Sentry": 1}
    assert t.obj("P1", "Baccai Sandspinner")["counters"] == {"Sentry": 1}
    resolving().refuses('resolve Solari Sunhawk: counters Solari Sunhawk 1 -> Baccai Sandspinner +kind="Sentry"',
                        rule="v1.4 746")


def test_an_object_going_to_a_non_board_zone_loses_its_counters_v1_4_748():
    t = resolving().do('resolve Solari Sunhawk: counters Solari Sunhawk 2 +kind="Sentry" | '
                       "return Solari Sunhawk -> hand")
    assert "counters" not in t.obj("P1", "Solari Sunhawk", "hand")


def test_a_counters_op_that_places_none_is_malformed():
    import pytest
    import engine
    t = resolving()
    sunhawk = t.find("P1", "Solari Sunhawk")
    for effect, says in (({"op": "counters", "target": sunhawk, "count": 0}, "'count' is how many"),
                         ({"op": "counters", "target": sunhawk, "count": 2}, "name it in 'kind'"),
                         ({"op": "counters", "target": sunhawk, "count": -1, "to": "o1"}, "'count' is how many"),
                         ({"op": "counters", "target": "o404", "count": 1, "kind": "Sentry"}, "unknown object 'o404'")):
        with pytest.raises(engine.MalformedEvent, match=says):
            engine.apply(t.state, {"type": "resolve", "item": t.state["chain"][-1]["id"], "effects": [effect]},
                         t.catalog)


# -- Empowered is a state on the board (v1.4 124.1, 441.2) ---------------------------------------------------------
def test_an_empowered_unit_leaving_the_board_is_no_longer_empowered_v1_4_124_1():
    t = resolving().do("resolve Solari Sunhawk: empower Solari Sunhawk | return Solari Sunhawk -> hand")
    assert "empowered" not in t.obj("P1", "Solari Sunhawk", "hand")


def test_a_v1_3_match_keeps_the_empowered_mark_as_it_did_v1_3_110():
    t = statics_table(SUNHAWK, P2_APPRENTICE).do('P1 activate Solari Sunhawk "empower" $2', "P1 pass", "P2 pass",
                                                 "resolve Solari Sunhawk: empower Solari Sunhawk | "
                                                 "return Solari Sunhawk -> hand")
    assert t.obj("P1", "Solari Sunhawk", "hand")["empowered"]  # v1.3 110 clears damage and buffs, no status


# -- Burn (v1.4 440) -------------------------------------------------------------------------------------------------
def disciple_moved(p2_trash: str = ""):
    """P2's turn 4: Shadow Order Disciple ("When I move, you may [Burn 1] to give me +1 [S] this turn") moved from
    base to Altar to Unity, which P2 controls, in a v1.4 match."""
    from test_rules_hidden_and_deck_top_gallery import table as deck_top_table
    t = v14(deck_top_table("", f"controls:bf2 base:Shadow Order Disciple {p2_trash}".rstrip(), player="P2", turn=4))
    return t.do("P2 move Shadow Order Disciple -> bf2")


def test_a_burn_a_cost_instructs_puts_the_top_cards_into_the_trash_v1_4_440_3_a():
    """v1.4 440.3.a: "A player must Burn cards when instructed to do so by game effects or costs"; a trigger's cost
    within its instructions is paid as it is finalized (v1.4 740.4.a.2)."""
    t = disciple_moved()
    before = t.state["players"]["P2"]["deck_count"]
    t.do('P2 trigger Shadow Order Disciple "when I move" +cost={"burn": ["Mischievous Marai"]}')
    p2 = t.state["players"]["P2"]
    assert p2["deck_count"] == before - 1
    assert [t.state["objects"][card]["card"] for card in p2["trash"]] == ["Mischievous Marai"]
    assert t.state["chain"][-1]["paid"] == {"burn": ["Mischievous Marai"]}


def test_a_burn_cost_from_an_empty_deck_burns_out_then_burns_v1_4_440_4():
    """v1.4 440.4: instructed to burn more than the deck holds, a player burns what it has, burns out (431), then
    burns the rest: the trash (Blade Twirler) goes back into the deck, an opponent scores, then it is burned."""
    t = disciple_moved("trash:Blade Twirler")
    t.state["players"]["P2"]["deck_count"] = 0
    t.do('P2 trigger Shadow Order Disciple "when I move" +cost={"burn": ["Blade Twirler"]}')
    assert t.state["scores"]["P1"] == 1 and t.state["players"]["P2"]["deck_count"] == 0
    assert [t.state["objects"][card]["card"] for card in t.state["players"]["P2"]["trash"]] == ["Blade Twirler"]


def test_a_burn_cost_that_names_no_cards_is_malformed():
    import pytest
    from replays import notation
    with pytest.raises(notation.InvalidNotation, match="'burn' lists the cards burned"):
        disciple_moved().do('P2 trigger Shadow Order Disciple "when I move" +cost={"burn": 1}')
