"""Triggers Core Rules v1.4 adds, in v1.4 matches whose abilities the engine checks (issue 25): "When I become
[Empowered]" checked against the change of state (v1.4 828.1.d, 441.2.a), beside the v1.3 match that keeps it on
the recorder's word; Repeat on triggered abilities (820.1.a, 820.1.d.1). Real gallery cards, recorded in the
notation."""
from __future__ import annotations

import pytest

import engine
from gallery_table import GalleryTable, deck
from test_cards_triggers import P2, P2_SEGMENT, due
from test_rules_statics import deck_count

from replays import notation

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


# -- Repeat on triggered abilities (v1.4 820.1.a, 820.1.d.1) --------------------------------------------------------
# Lecturing Yordle's "When you play me, draw 1.", given Repeat by an effect ("My abilities have [Repeat] — ...",
# 820.1.d.1's second example; no card of the gallery gives abilities Repeat): the `trigger` names the Repeat costs
# it pays (`options.repeat`), as an `activate` does.
YORDLE = "runedeck:8 runes:2 Calm Rune;2 Mind Rune hand:Lecturing Yordle;Apprentice Mage"
REPEATED = 'P1 trigger Lecturing Yordle "when-you-play" +repeat=[{"energy": 1}]'


def played(rules: str = "v1.4") -> GalleryTable:
    return table(YORDLE, rules=rules).do("P1 play Lecturing Yordle $3")


def test_a_triggered_ability_repeats_for_its_repeat_cost_v1_4_820_1_a():
    """v1.4 820.1.a: Repeat is present on abilities, triggered ones included; its cost is an additional cost paid
    as the ability is finalized (820.1.c.1), and the instructions are executed once more (820.3): the checked
    resolution draws twice."""
    t = played()
    event = t.parse(f"{REPEATED} $1")
    assert notation.parse_event(notation.write_event(t.state, event), t.state) == event
    t.do(event)
    assert t.state["chain"][-1]["repeat"] == 1 and t.pool("P1") == {"energy": 0, "power": {}}
    hand = len(t.state["players"]["P1"]["hand"])
    t.do("P1 pass", "P2 pass", "resolve Lecturing Yordle: draw P1 ? | draw P1 ?")
    assert len(t.state["players"]["P1"]["hand"]) == hand + 2 and t.state["violations"] == []


def test_a_trigger_without_repeat_draws_once_v1_4_820_1_d_1():
    """Without the Repeat cost paid, the instruction is executed once: a second draw is beyond the card's text."""
    t = played().do('P1 trigger Lecturing Yordle "when-you-play"', "P1 pass", "P2 pass")
    t.refuses("resolve Lecturing Yordle: draw P1 ? | draw P1 ?", rule="v1.4 406.5")


def test_a_repeat_cost_of_discard_names_the_card_discarded_v1_4_820_1_d_1():
    """820.1.d.1's example: "My abilities have [Repeat] — Discard 1": the card discarded is named in
    `options.discard`, as an activation names it."""
    t = played().do('P1 trigger Lecturing Yordle "when-you-play" +repeat=[{"discard": 1}] +discard=["Apprentice Mage"]')
    assert t.state["chain"][-1]["repeat"] == 1 and t.obj("P1", "Apprentice Mage", "trash")


def test_an_unpaid_repeat_cost_of_a_trigger_is_refused_v1_4_820_1_c_1():
    refusal = played().refuses(f"{REPEATED} $0", rule="v1.4 404.1")
    assert "1 Energy and 0 Power are missing" in str(refusal)


def test_a_repeat_discard_naming_no_card_is_refused_v1_4_422_3():
    played().refuses('P1 trigger Lecturing Yordle "when-you-play" +repeat=[{"discard": 1}]', rule="v1.4 422.3")


def test_a_v1_3_match_repeats_no_triggered_ability_v1_3_820_1_a():
    played(rules="v1.3").refuses(f"{REPEATED} $1", rule="v1.3 820.1.a")


def test_a_trigger_with_unknown_options_is_malformed():
    t = played()
    event = t.parse(f"{REPEATED} $1")
    event["options"]["twice"] = True
    with pytest.raises(engine.MalformedEvent, match=r"options are 'repeat' .* got \['repeat', 'twice'\]"):
        t.do(event)
    event = t.parse(f"{REPEATED} $1")
    event["options"]["repeat"] = [{"energy": -1}]
    with pytest.raises(engine.MalformedEvent, match=r"'trigger': options.repeat lists the Repeat costs paid"):
        t.do(event)
