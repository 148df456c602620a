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
    hiding("pool:0;Fury 1").refuses("P1 hide Blastcone Fae @bf1 $0", rule="723.1.b")


# -- Empower, Empowered, Disempower (v1.4 441-442, 827-828) --------------------------------------------------------
def test_empower_is_played_only_if_not_empowered_v1_4_827_1_c_1():
    """v1.4 827.1.c.1: Empower is "[Cost]: Empower this. Play only if not Empowered." (Solari Sunhawk, [Empower]
    [2]); v1.3 had only the reminder text's "Use only if not Empowered" (v1.3 377.2.b, tests/test_rules_statics.py)."""
    t = v14(statics_table(SUNHAWK)).do('P1 activate Solari Sunhawk "empower" $2', "P1 pass", "P2 pass",
                                       "resolve Solari Sunhawk: empower Solari Sunhawk")
    assert t.obj("P1", "Solari Sunhawk")["empowered"]
    t.refuses('P1 activate Solari Sunhawk "empower" $2', rule="v1.4 827.1.c.1")
