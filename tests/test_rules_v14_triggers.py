"""Triggers Core Rules v1.4 adds, in v1.4 matches whose abilities the engine checks (issue 25): "When I become
[Empowered]" checked against the change of state (v1.4 828.1.d, 441.2.a), beside the v1.3 match that keeps it on
the recorder's word. Real gallery cards, recorded in the notation."""
from __future__ import annotations

from gallery_table import GalleryTable, deck
from test_cards_triggers import P2, P2_SEGMENT, due
from test_rules_statics import deck_count

P1 = deck("Bashful Bloom", ["Apprentice Mage", "Lecturing Yordle"], ["Grove of the God-Willow", "Forgotten Monument",
                                                                      "Aspirant's Climb"])
# Apprentice Mage: "[Empower] [2]" / "When I become [Empowered], [Predict 2]." / "[Empowered][>] I have +1 [S]."
MAGE = "runedeck:8 runes:2 Calm Rune;2 Mind Rune base:Apprentice Mage"
EMPOWER = ('P1 activate Apprentice Mage "empower" $2', "P1 pass", "P2 pass",
           "resolve Apprentice Mage: empower Apprentice Mage")


# Soul's Reflection (Mind/Chaos): "When you empower something else, empower me."
REFLECTION = deck("Soul's Reflection", ["Apprentice Mage"], ["Grove of the God-Willow", "Forgotten Monument",
                                                            "Aspirant's Climb"])


def table(p1: str, rules: str = "v1.4", policy: str = "strict", p1_deck: dict | None = None) -> GalleryTable:
    line = (f"position turn 3 P1 action first P1 | P1 0 bf:Grove of the God-Willow deck:{deck_count(p1)} {p1} | "
            f"P2 0 bf:Vilemaw's Lair deck:{deck_count(P2_SEGMENT)} {P2_SEGMENT}")
    return GalleryTable(p1_deck or P1, P2, policy, rules=rules, abilities="checked").do(line)


# -- "When I become [Empowered]" (v1.4 828.1.d) ----------------------------------------------------------------------
def test_a_when_i_become_empowered_trigger_is_due_as_its_source_becomes_empowered_v1_4_828_1_d():
    t = table(MAGE).do(*EMPOWER)
    assert due(t) == [("Apprentice Mage", "when-i-become")]
    t.do('P1 trigger Apprentice Mage "when-i-become"')
    assert t.state["chain"][-1]["label"] == "when-i-become" and due(t) == []


def test_a_when_i_become_empowered_trigger_is_refused_while_nothing_empowered_it_v1_4_383_3():
    refusal = table(MAGE).refuses('P1 trigger Apprentice Mage "when-i-become"', rule="v1.4 383.3")
    assert "When I become [Empowered]" in refusal.violations[-1]["message"]


def test_empowering_what_is_empowered_already_triggers_nothing_v1_4_441_1_c():
    """v1.4 441.1.c: "nothing additional happens": empowered twice in one resolution (an audit match keeps the
    second op, flagged as beyond the card's instruction), the Mage changed state once, so its trigger is due once."""
    t = table(MAGE, policy="audit").do(*EMPOWER[:3], "resolve Apprentice Mage: empower Apprentice Mage | empower Apprentice Mage")
    assert due(t) == [("Apprentice Mage", "when-i-become")] and t.obj("P1", "Apprentice Mage")["empowered"] is True


def test_a_game_action_taken_while_it_is_due_misses_it_tr_702_2():
    refusal = table(MAGE).do(*EMPOWER).refuses("P1 end turn", rule="TR 702.2")
    missed = next(violation for violation in refusal.violations if violation["rule"] == "TR 702.2")
    assert "'when-i-become' of" in missed["message"] and "Apprentice Mage" in missed["message"]


def test_a_legend_that_triggers_when_you_empower_something_else_is_due_with_it_v1_4_441_2_a():
    """v1.4 441.2.a: becoming Empowered is an event abilities reference: P1 empowers their Apprentice Mage, so
    their legend Soul's Reflection's "When you empower something else" is due beside the Mage's own trigger."""
    t = table("runedeck:8 runes:2 Mind Rune;2 Chaos Rune base:Apprentice Mage", p1_deck=REFLECTION).do(*EMPOWER)
    assert sorted(due(t)) == [("Apprentice Mage", "when-i-become"), ("Soul's Reflection", "when-you-empower")]


def test_a_v1_3_match_takes_the_empowered_trigger_on_the_recorders_word():
    """v1.3 defines no Empowered (its reminder text only): the trigger is never due, and is recorded as declared."""
    t = table(MAGE, rules="v1.3").do(*EMPOWER)
    assert due(t) == []
    t.do('P1 trigger Apprentice Mage "when-i-become"')
    assert t.state["chain"][-1]["label"] == "when-i-become"
