"""Triggers Core Rules v1.4 adds, in v1.4 matches whose abilities the engine checks (issue 25): "When I become
[Empowered]" checked against the change of state (v1.4 828.1.d, 441.2.a), beside the v1.3 match that keeps it on
the recorder's word; Repeat on triggered abilities (820.1.a, 820.1.d.1). Real gallery cards, recorded in the
notation."""
from __future__ import annotations

from typing import Any

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
    t = table(MAGE, policy="audit").do(*EMPOWER[:3],
                                       "resolve Apprentice Mage: empower Apprentice Mage | empower Apprentice Mage")
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


# -- Targeting Effects as new choices are made (v1.4 754, 383.4.b) --------------------------------------------------
# Ana (P1: Blade Dancer, "When you choose a friendly unit, you may exhaust me and pay [A] to ready it.") holds
# Vilemaw and Jae Medarda ("When you choose me with a spell, draw 1."); Ben (P2: Kai'Sa) plays Void Seeker on
# Vilemaw, and Ana answers with Mystic Reversal ("Gain control of a spell. You may make new choices for it.").
REVERSAL = ("turn 4 P2 action first P1 | P1 0 bf:Treasure Hoard controls:bf1 champion:played deck:0 runedeck:0 "
            "hand:Mystic Reversal;Combat Experience runes:3 Calm Rune;4 Chaos Rune bf1:Vilemaw;Jae Medarda | "
            "P2 0 bf:Altar to Unity controls:bf2 champion:played deck:0 runedeck:0 hand:Void Seeker "
            "runes:3 Fury Rune;2 Mind Rune bf2:Kai'Sa, Survivor")
NEW_CHOICE = "resolve Mystic Reversal: control Void Seeker@chain -> P1 | retarget Void Seeker -> Jae Medarda"


def seeking(rules: str = "v1.4") -> Any:
    """Ben's Void Seeker on Ana's Vilemaw, Ben passed."""
    import gallery_duel
    ana = gallery_duel.deck("Blade Dancer", "Irelia, Fervent", ["Vilemaw", "Mystic Reversal", "Jae Medarda",
                                                               "Combat Experience"],
                            ["Treasure Hoard", "Zaun Warrens", "Grove of the God-Willow"], "Ana")
    ben = gallery_duel.deck("Daughter of the Void", "Kai'Sa, Survivor", ["Void Seeker"],
                            ["Altar to Unity", "Back-Alley Bar", "Trifarian War Camp"], "Ben")
    created = {"type": "match_created", "abilities": "checked", "rules": rules, "mode": "duel",
               "players": [ana, ben], "catalog": "gallery", "policy": "strict"}
    t = gallery_duel.GalleryTable.from_position(created, REVERSAL).do(
        "P2 play Void Seeker -> Vilemaw@bf1 $3 / Fury Rune")
    assert due(t) == []  # Ben chose Ana's Vilemaw: Blade Dancer's "you choose" is Ana's choosing only
    return t.do("P2 pass")


def reversing(rules: str = "v1.4") -> Any:
    """Mystic Reversal on Void Seeker, both passed: Mystic Reversal resolves next; Ana's choosing a chain item
    chose no unit, and nothing is due."""
    t = seeking(rules).do("P1 play Mystic Reversal -> Void Seeker $4 / Calm Rune; Calm Rune; Calm Rune")
    assert due(t) == []
    return t.do("P1 pass", "P2 pass")


def test_a_targeting_effect_triggers_as_new_choices_target_its_object_v1_4_754():
    """v1.4 754: "If, as a result of new choices, the spell or ability targets a Game Object it previously did not
    target, any Targeting Effects of that Game Object will trigger as appropriate at that time": Void Seeker, Ana's
    now, targets her Jae Medarda, so Jae's "When you choose me with a spell" and Blade Dancer's "When you choose a
    friendly unit" are due."""
    t = reversing().do(NEW_CHOICE)
    assert sorted(due(t)) == [("Blade Dancer", "when-you-choose"), ("Jae Medarda", "when-you-choose")]
    t.do('P1 trigger Jae Medarda "when-you-choose"')
    assert t.state["chain"][-1]["card"] == "Jae Medarda"


def test_a_targeting_effect_is_due_as_the_spell_choosing_it_is_finalized_v1_4_383_4_b_2():
    """383.4.b.2: put on the chain after a spell that targets an appropriate object is finalized: Ana's Combat
    Experience on her Jae Medarda."""
    t = seeking().do("P1 play Combat Experience -> Jae Medarda $1")
    assert sorted(due(t)) == [("Blade Dancer", "when-you-choose"), ("Jae Medarda", "when-you-choose")]


def test_a_targeting_effect_not_due_is_refused_v1_4_383_3():
    reversing().refuses('P1 trigger Jae Medarda "when-you-choose"', rule="v1.4 383.3")


def test_a_v1_3_match_takes_targeting_effects_on_the_recorders_word():
    t = reversing("v1.3").do(NEW_CHOICE)
    assert due(t) == []
    t.do('P1 trigger Jae Medarda "when-you-choose"')
    assert t.state["chain"][-1]["card"] == "Jae Medarda"


# -- New choices of modes and destinations (v1.4 752.1) -------------------------------------------------------------
# Ben's Mesmerize ("Choose one — - Return a friendly unit to its owner's hand. - Give an enemy unit -2 [S] this
# turn.") on Ana's Vilemaw; Ana's Mystic Reversal takes it and makes new choices of its target and mode.
MESMERIZE = REVERSAL.replace("hand:Void Seeker", "hand:Mesmerize")


def mesmerizing(rules: str = "v1.4", policy: str = "strict") -> Any:
    import gallery_duel
    ana = gallery_duel.deck("Blade Dancer", "Irelia, Fervent", ["Vilemaw", "Mystic Reversal", "Jae Medarda",
                                                               "Combat Experience"],
                            ["Treasure Hoard", "Zaun Warrens", "Grove of the God-Willow"], "Ana")
    ben = gallery_duel.deck("Daughter of the Void", "Kai'Sa, Survivor", ["Mesmerize"],
                            ["Altar to Unity", "Back-Alley Bar", "Trifarian War Camp"], "Ben")
    created = {"type": "match_created", "abilities": "checked", "rules": rules, "mode": "duel",
               "players": [ana, ben], "catalog": "gallery", "policy": policy}
    return gallery_duel.GalleryTable.from_position(created, MESMERIZE).do(
        "P2 play Mesmerize -> Vilemaw@bf1 $1 / Mind Rune", "P2 pass",
        "P1 play Mystic Reversal -> Mesmerize $4 / Calm Rune; Calm Rune; Calm Rune", "P1 pass", "P2 pass")


def remade(modes: str) -> str:
    return f"resolve Mystic Reversal: control Mesmerize@chain -> P1 | retarget Mesmerize -> Kai'Sa, Survivor {modes}"


def test_new_choices_remake_a_chain_items_mode_v1_4_752_1():
    """v1.4 752.1: "The relevant choices that can be remade ... are locations to be played to, modes, destinations,
    and targets." Mesmerize, Ana's now, is remade to return a friendly unit (its first mode) and the checked
    resolution is matched against that mode only: giving Kai'Sa -2 [S] (its other mode) is refused."""
    t = mesmerizing().do(remade("+modes=[1]"))
    item = next(entry for entry in t.state["chain"] if entry["card"] == "Mesmerize")
    assert item["modes"] == [1] and item["targets"] == [t.find("P2", "Kai'Sa, Survivor")]
    t.do("P1 pass", "P2 pass")
    t.refuses("resolve Mesmerize: might Kai'Sa, Survivor -2 until turn", rule="v1.4 359.3.d")
    kept = mesmerizing().do(remade(""), "P1 pass", "P2 pass")
    kept.do("resolve Mesmerize: might Kai'Sa, Survivor -2 until turn")  # no mode remade: any mode that fits


def test_remade_modes_and_destinations_write_and_read_back_in_the_notation():
    t = mesmerizing()
    event = t.parse(remade('+modes=[2] +destinations=["base:P2"]'))
    assert event["effects"][1]["modes"] == [2] and event["effects"][1]["destinations"] == ["base:P2"]
    assert t.parse(notation.write_event(t.state, event)) == event


def test_a_mode_the_card_does_not_offer_is_refused_v1_4_753_1():
    refusal = mesmerizing().refuses(remade("+modes=[3]"), rule="v1.4 753.1")
    assert "mode 3 is not one of 'Mesmerize''s: it offers 2 modes" in str(refusal)


def test_a_destination_that_is_no_location_is_refused_v1_4_753_1():
    refusal = mesmerizing().refuses(remade('+destinations=["bf9"]'), rule="v1.4 753.1")
    assert "'bf9' is no battlefield or base of this match" in str(refusal)


def test_a_move_away_from_the_remade_destination_is_flagged_v1_4_752_1():
    """Once new choices made an item's destination, its resolution's moves go there (recorded here on Mesmerize,
    whose resolution a checked match compares with its text first: the move is beyond it as well)."""
    t = mesmerizing(policy="audit").do(remade('+modes=[2] +destinations=["base:P2"]'), "P1 pass", "P2 pass")
    t.do("resolve Mesmerize: move Kai'Sa, Survivor -> bf1")
    assert "v1.4 752.1" in [violation["rule"] for violation in t.state["violations"]]


def test_malformed_modes_and_destinations_are_refused():
    t = mesmerizing()
    for field, value, message in (("modes", [0], "'modes' lists the modes chosen"),
                                  ("modes", ["1"], "'modes' lists the modes chosen"),
                                  ("destinations", [1], "'destinations' lists locations")):
        event = t.parse(remade(""))
        event["effects"][1][field] = value
        with pytest.raises(engine.MalformedEvent, match=message):
            t.do(event)
