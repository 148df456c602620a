"""Triggers the engine knows (issue 26, contract section 7): in a match whose abilities the engine checks, an
occurrence makes the triggered abilities it meets due (v1.4 383.3), `awaiting` lists them first, a `trigger` that
is not due is refused (strict) or flagged (audit), a "you may" trigger may be declined (383.3.a), a cost within its
instructions is the card's (383.3.b), and a game action taken while a trigger is due misses it (TR 702.2), with
real cards of the gallery, recorded in the notation."""
from __future__ import annotations

import pytest

from gallery_table import GalleryTable, deck
from test_rules_statics import deck_count

from engine.cards import triggers

P1 = deck("Bashful Bloom", ["Lecturing Yordle", "Apprentice Smith", "Icevale Archer", "Enthusiastic Promoter",
                            "Plundering Poro", "Dr. Mundo, Expert", "Scuttle Crab", "Keeper of Masks",
                            "Spectral Centaur", "Blitzcrank, Impassive", "Wraith of Echoes"],
          ["Grove of the God-Willow", "Forgotten Monument", "Aspirant's Climb"])
P2 = deck("Wuju Master", ["Wizened Elder", "Yuumi, Magical Cat", "Lonely Poro", "Cithria of Cloudfield"],
          ["Vilemaw's Lair", "Trifarian War Camp", "Windswept Hillock"])
P2_SEGMENT = "runedeck:8 runes:2 Calm Rune;2 Body Rune"


def table(p1: str, p2: str = P2_SEGMENT, player: str = "P1", turn: int = 3, policy: str = "strict",
          points: int = 0) -> GalleryTable:
    line = (f"position turn {turn} {player} action first P1 | P1 {points} bf:Grove of the God-Willow "
            f"deck:{deck_count(p1)} {p1} | P2 0 bf:Vilemaw's Lair deck:{deck_count(p2)} {p2}")
    return GalleryTable(P1, P2, policy, rules="v1.4", abilities="checked").do(line)


YORDLE = "runedeck:8 runes:2 Calm Rune;2 Mind Rune hand:Lecturing Yordle"
BASE = "runedeck:8 runes:2 Calm Rune;2 Mind Rune base:Icevale Archer;Apprentice Smith;Plundering Poro;Scuttle Crab"
DEFENDED = "runedeck:8 runes:2 Calm Rune;2 Body Rune bf2:Wizened Elder controls:bf2"


def due(t: GalleryTable) -> list[tuple[str, str]]:
    """The due triggers `awaiting` lists first: (card, label)."""
    first = t.state["awaiting"][0]
    if first["kind"] != "trigger" or "triggers" not in first:
        return []
    return [(entry["card"], entry["label"]) for entry in first["triggers"]]


# -- compiling -----------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("text, keyword, on, optional", [
    ("When you play me, draw 1.", None, [{"event": "played", "subject": "me"}], False),
    ("When I attack or defend, give me +1 [S] this turn.", None,
     [{"event": "attacks", "subject": "me"}, {"event": "defends", "subject": "me"}], False),
    ("When you play me or when I hold, draw 1.", None,
     [{"event": "played", "subject": "me"}, {"event": "holds", "subject": "me"}], False),
    ("When you conquer here, you may pay [1] to draw 1.", None, [{"event": "conquers", "subject": "here"}], True),
    ("When I move to a battlefield, draw 1.", None, [{"event": "moves", "subject": "me", "to": "battlefield"}], False),
    ("When you play me to a battlefield, you may move an enemy unit to here.", None,
     [{"event": "played", "subject": "me", "to": "battlefield"}], True),
    ("When another friendly unit dies, draw 1.", None, [{"event": "dies", "subject": "another friendly unit"}], False),
    ("When an opponent plays a gear, draw 1.", None,
     [{"event": "played", "subject": "a gear", "whose": "an opponent"}], False),
    ("At the start of your Beginning Phase, recycle 3 from your trash.", None,
     [{"event": "beginning_phase", "subject": "you"}], False),
    ("[Deathknell][>] Channel 1 rune exhausted. (When I die, get the effect.)", "Deathknell",
     [{"event": "dies", "subject": "me"}], False),
    ("[Hunt 2] (When I conquer or hold, gain 2 XP.)", "Hunt",
     [{"event": "conquers", "subject": "me"}, {"event": "holds", "subject": "me"}], False),
])
def test_a_triggered_abilitys_condition_compiles_to_an_event_pattern_v1_4_383_2(text, keyword, on, optional):
    compiled = triggers.compile_trigger(text, keyword)
    assert compiled["on"] == on and compiled["optional"] is optional and triggers.checkable(compiled)


def test_a_cost_within_instructions_is_read_and_a_condition_it_cannot_read_is_left_unread_v1_4_383_3_b():
    assert triggers.compile_trigger("When I attack, you may pay [1] to give a unit here -1 [S] this turn.")["cost"] \
        == {"energy": 1}
    assert triggers.compile_trigger("When you hold here, you may pay [A][A][A][A] to score 1 point.")["cost"] == \
        {"power": {"any": 4}}
    unread = triggers.compile_trigger("When I conquer, if you revealed a Dragon this way, draw 1.")
    assert unread["unread"] == ["if you revealed a Dragon this way"] and not triggers.checkable(unread)
    assert not triggers.checkable(triggers.compile_trigger("When you kill a stunned enemy unit, draw 1."))


def test_most_of_the_gallerys_triggered_abilities_compile():
    figures = triggers.survey(list(GalleryTable(P1, P2).catalog))
    total = sum(entry["triggered"] for entry in figures.values())
    checked = sum(entry["checked"] for entry in figures.values())
    assert total > 400 and checked / total > 0.6, figures
    assert figures["UNL"]["checked"] > 80 and figures["SFD"]["checked"] > 70 and figures["VEN"]["checked"] > 30


# -- a play effect ---------------------------------------------------------------------------------------------------
def test_lecturing_yordles_play_effect_is_due_once_it_is_played_and_recorded_v1_4_383_4_a_2():
    t = table(YORDLE).do("P1 play Lecturing Yordle $3")
    yordle = t.find("P1", "Lecturing Yordle")
    first = t.state["awaiting"][0]
    assert first["player"] == "P1" and first["triggers"] == [
        {"source": yordle, "ability": 1, "label": "when-you-play", "card": "Lecturing Yordle",
         "text": "When you play me, draw 1.", "controller": "P1", "optional": False}]
    t.do('P1 trigger Lecturing Yordle "when-you-play"')
    assert t.state["chain"][-1]["label"] == "when-you-play" and due(t) == []
    assert t.state["awaiting"][0]["kind"] == "priority"


def test_blitzcranks_play_to_a_battlefield_is_due_only_when_played_there():
    line = "runedeck:6 runes:3 Calm Rune;3 Mind Rune hand:Blitzcrank, Impassive controls:bf1 bf1:Apprentice Smith"
    assert due(table(line).do("P1 play Blitzcrank, Impassive $5 / Calm Rune")) == []  # to base
    there = table(line).do("P1 play Blitzcrank, Impassive @bf1 $5 / Calm Rune")
    assert due(there) == [("Blitzcrank, Impassive", "when-you-play")]


def test_a_trigger_named_by_its_index_is_the_same_trigger():
    t = table(YORDLE).do("P1 play Lecturing Yordle $3", 'P1 trigger Lecturing Yordle "1"')
    assert t.state["chain"][-1]["card"] == "Lecturing Yordle" and due(t) == []


def test_a_play_trigger_a_turn_after_the_card_was_played_is_refused_v1_4_383_3():
    t = table("runedeck:8 runes:2 Calm Rune;2 Mind Rune base:Lecturing Yordle")
    refusal = t.refuses('P1 trigger Lecturing Yordle "when-you-play"', rule="v1.4 383.3")
    assert "When you play me, draw 1." in refusal.violations[-1]["message"]


def test_a_unit_with_no_such_ability_triggered_is_refused_v1_4_383_2():
    t = table("runedeck:8 runes:2 Calm Rune;2 Mind Rune base:Lecturing Yordle")
    refusal = t.refuses('P1 trigger Lecturing Yordle "when-i-move"', rule="v1.4 383.2")
    assert "'when-you-play'" in refusal.violations[-1]["message"]


# -- move, attack, conquer, die ------------------------------------------------------------------------------------
def test_apprentice_smiths_move_trigger_is_due_after_it_moves_v1_4_383_2_c():
    t = table(BASE).do("P1 move Apprentice Smith -> bf1")
    assert due(t) == [("Apprentice Smith", "when-i-move")]
    t.do('P1 trigger Apprentice Smith "when-i-move"')
    assert t.state["chain"][-1]["card"] == "Apprentice Smith"


def test_a_move_trigger_with_no_move_is_refused_v1_4_383_3():
    table(BASE).refuses('P1 trigger Apprentice Smith "when-i-move"', rule="v1.4 383.3")


def test_icevale_archers_attack_trigger_charges_the_cards_cost_undeclared_v1_4_383_3_b_1():
    t = table(BASE, DEFENDED).do("P1 move Icevale Archer -> bf2")
    assert due(t) == [("Icevale Archer", "when-i-attack")]
    assert t.state["awaiting"][0]["triggers"][0]["optional"] is True
    t.do('P1 trigger Icevale Archer "when-i-attack" $1')  # no +cost: the card's [1] is charged
    assert t.state["chain"][-1]["paid"] == {"energy": 1} and t.pool("P1") == {"energy": 0, "power": {}}


def test_a_trigger_cost_that_is_not_paid_is_refused_v1_4_383_3_b_1():
    t = table(BASE, DEFENDED).do("P1 move Icevale Archer -> bf2")
    t.refuses('P1 trigger Icevale Archer "when-i-attack"', rule="v1.4 740.4.a.2")


def test_a_declared_cost_that_is_not_the_cards_is_refused_v1_4_383_3_b():
    t = table(BASE, DEFENDED).do("P1 move Icevale Archer -> bf2")
    t.refuses('P1 trigger Icevale Archer "when-i-attack" +cost={"energy": 2} $2', rule="v1.4 383.3.b")


def test_a_you_may_trigger_is_declined_and_not_chained_v1_4_383_3_a_2():
    t = table(BASE, DEFENDED).do("P1 move Icevale Archer -> bf2", 'P1 trigger Icevale Archer "when-i-attack" +declined')
    assert t.state["chain"] == [] and due(t) == [] and t.state["awaiting"][0]["kind"] == "focus"
    assert t.events[-1]["declined"] is True


def test_a_mandatory_trigger_cannot_be_declined_v1_4_383_3_a():
    t = table(YORDLE).do("P1 play Lecturing Yordle $3")
    t.refuses('P1 trigger Lecturing Yordle "when-you-play" +declined', rule="v1.4 383.3.a")


def test_plundering_poros_conquer_trigger_is_due_after_it_conquers_v1_4_383_4_c():
    t = table(BASE).do("P1 move Plundering Poro -> bf1", "P1 pass")
    assert due(t) == []
    t.do("P2 pass")
    assert t.state["battlefields"][0]["controller"] == "P1" and due(t) == [("Plundering Poro", "when-i-conquer")]
    t.do('P1 trigger Plundering Poro "when-i-conquer"')


def test_scuttle_crabs_deathknell_is_due_once_it_dies_in_combat_v1_4_808_1_c():
    t = table(BASE, DEFENDED).do("P1 move Scuttle Crab -> bf2", "P1 pass", "P2 pass")
    assert due(t) == []
    t.do("P2 assign Scuttle Crab 4")
    assert t.find("P1", "Scuttle Crab", "trash") and due(t) == [("Scuttle Crab", "deathknell")]
    t.do('P1 trigger Scuttle Crab "deathknell"')
    assert t.state["chain"][-1]["card"] == "Scuttle Crab"


# -- hold and the beginning phase ------------------------------------------------------------------------------------
HOLDING = "runedeck:8 runes:2 Calm Rune;2 Mind Rune controls:bf1 bf1:Enthusiastic Promoter"


def test_a_hold_makes_the_units_and_the_battlefields_hold_triggers_due_v1_4_383_4_d():
    t = table(HOLDING, player="P2", turn=4).do("P2 end turn")
    assert t.state["phase"] == "beginning" and due(t) == []
    t.do("P1 pass")  # the beginning step ends; the scoring step: P1 holds bf1
    assert sorted(due(t)) == [("Enthusiastic Promoter", "when-i-hold"), ("Grove of the God-Willow", "when-you-hold")]
    t.do('P1 trigger Grove of the God-Willow "when-you-hold"', 'P1 trigger Enthusiastic Promoter "when-i-hold"')
    assert [item["card"] for item in t.state["chain"]] == ["Grove of the God-Willow", "Enthusiastic Promoter"]


def test_a_hold_trigger_in_the_opponents_turn_with_no_hold_is_refused_v1_4_383_3():
    t = table(HOLDING, player="P2", turn=4)
    t.refuses('P1 trigger Enthusiastic Promoter "when-i-hold"', rule="v1.4 383.3")
    t.refuses('P1 trigger Grove of the God-Willow "when-you-hold"', rule="v1.4 383.3")


MUNDO = "runedeck:8 runes:2 Calm Rune;2 Mind Rune base:Dr. Mundo, Expert"


def test_dr_mundos_beginning_phase_trigger_is_due_as_the_turn_begins_v1_4_383_1():
    t = table(MUNDO, player="P2", turn=4).do("P2 end turn")
    assert t.state["turn_player"] == "P1" and due(t) == [("Dr. Mundo, Expert", "at-the-start")]
    t.do('P1 trigger Dr. Mundo, Expert "at-the-start"')
    assert t.state["chain"][-1]["card"] == "Dr. Mundo, Expert"


def test_a_due_trigger_skipped_is_a_missed_trigger_refused_in_strict_tr_702_2():
    t = table(MUNDO, player="P2", turn=4).do("P2 end turn")
    refusal = t.refuses("P1 pass", rule="TR 702.2")
    assert refusal.violations[0]["infraction"] == "missed_trigger"
    assert "Dr. Mundo, Expert" in refusal.violations[0]["message"]


def test_temporary_is_one_of_the_due_triggers_v1_4_816_1_c():
    t = table("runedeck:8 runes:2 Calm Rune;2 Mind Rune base:Keeper of Masks", player="P2", turn=4).do("P2 end turn")
    assert due(t) == [("Keeper of Masks", "temporary")] and t.state["temporary_due"] == []
    t.do('P1 trigger Keeper of Masks "temporary"')
    assert t.state["chain"][-1]["card"] == "Keeper of Masks"


# What another card's effect would do, recorded here on the Yordle's resolution as a judge's ruling (the Yordle's
# card draws 1: engine/cards/effects.py refuses anything else in a checked match without one).
GRANTED = ' [ruling "as another card\'s effect would"]'


def test_a_temporary_an_effect_granted_is_due_too_v1_4_816_1_c():
    t = table(YORDLE).do("P1 play Lecturing Yordle $3", 'P1 trigger Lecturing Yordle "when-you-play"', "P1 pass",
                         "P2 pass", "resolve Lecturing Yordle: grant Lecturing Yordle +Temporary" + GRANTED,
                         "P1 end turn", "P2 channel Calm Rune; Body Rune", "P2 draw ?", "P2 end turn")
    yordle = t.find("P1", "Lecturing Yordle")
    assert t.state["awaiting"][0]["triggers"] == [
        {"source": yordle, "ability": None, "label": "Temporary", "card": "Lecturing Yordle", "text": "[Temporary]",
         "controller": "P1", "optional": False}]
    t.do('P1 trigger Lecturing Yordle "Temporary"')
    assert due(t) == [] and t.state["chain"][-1]["label"] == "Temporary"


def test_the_turn_players_triggers_go_on_the_chain_first_v1_4_383_3_d_1():
    t = table(BASE, "runedeck:8 runes:2 Calm Rune;2 Body Rune bf2:Wizened Elder;Yuumi, Magical Cat controls:bf2")
    t.do("P1 move Icevale Archer -> bf2")
    assert due(t) == [("Icevale Archer", "when-i-attack"), ("Yuumi, Magical Cat", "when-i-attack")]
    assert t.state["awaiting"][0]["player"] == "P1"
    t.refuses('P2 trigger Yuumi, Magical Cat "when-i-attack"', rule="v1.4 383.3.d.1")
    t.do('P1 trigger Icevale Archer "when-i-attack" +declined')
    assert t.state["awaiting"][0]["player"] == "P2"
    t.do('P2 trigger Yuumi, Magical Cat "when-i-attack"')
    assert due(t) == [] and t.state["chain"][-1]["card"] == "Yuumi, Magical Cat"


def test_a_deathknell_of_combat_damage_is_due_before_the_conquer_that_follows_v1_4_383_3_d_1():
    t = table(BASE, "runedeck:8 runes:2 Calm Rune;2 Body Rune bf2:Lonely Poro controls:bf2")
    t.do("P1 move Icevale Archer; Plundering Poro -> bf2", 'P1 trigger Icevale Archer "when-i-attack" +declined',
         "P1 pass", "P2 pass", "P1 assign Lonely Poro 4", "P2 assign Icevale Archer 2")
    assert due(t) == [("Lonely Poro", "deathknell"), ("Plundering Poro", "when-i-conquer")]
    assert t.state["awaiting"][0]["player"] == "P2"  # it died before P1 conquered: not simultaneous
    t.refuses('P1 trigger Plundering Poro "when-i-conquer"', rule="v1.4 383.3.d.1")
    t.do('P2 trigger Lonely Poro "deathknell"', 'P1 trigger Plundering Poro "when-i-conquer"')
    assert [item["card"] for item in t.state["chain"]] == ["Lonely Poro", "Plundering Poro"]


def test_a_token_unit_an_effect_plays_makes_when_you_play_another_unit_due_v1_4_184():
    t = table(YORDLE, "runedeck:8 runes:2 Calm Rune;2 Body Rune base:Cithria of Cloudfield")
    t.do("P1 play Lecturing Yordle $3", 'P1 trigger Lecturing Yordle "when-you-play"', "P1 pass", "P2 pass")
    assert due(t) == []
    t.do("resolve Lecturing Yordle: token P2 Recruit" + GRANTED)  # the token is P2's: P2 played it
    assert due(t) == [("Cithria of Cloudfield", "when-you-play")]


def test_two_deaths_make_spectral_centaurs_trigger_due_twice():
    t = table(BASE.replace("base:", "base:Spectral Centaur;"), DEFENDED)
    t.do("P1 move Icevale Archer; Plundering Poro -> bf2", 'P1 trigger Icevale Archer "when-i-attack" +declined',
         "P1 pass", "P2 pass", "P1 assign Wizened Elder 4", "P2 assign Icevale Archer 2; Plundering Poro 2")
    assert t.find("P1", "Icevale Archer", "trash") and t.find("P1", "Plundering Poro", "trash")
    assert due(t) == [("Spectral Centaur", "when-another-friendly")] * 2  # a death each: due twice
    t.do('P1 trigger Spectral Centaur "when-another-friendly"', 'P1 trigger Spectral Centaur "when-another-friendly"')
    assert due(t) == [] and [item["card"] for item in t.state["chain"]] == ["Spectral Centaur"] * 2


def test_triggers_due_as_the_game_ends_are_no_longer_awaited():
    t = table(HOLDING, player="P2", turn=4, points=7).do("P2 end turn", "P1 pass")  # the hold's point wins
    assert t.state["phase"] == "over" and t.state["winner"] == "P1"
    assert all(wait["kind"] != "trigger" for wait in t.state["awaiting"])


def test_the_first_time_each_turn_triggers_once_v1_4_383_3_e_1():
    assert triggers.compile_trigger("The first time a friendly unit dies each turn, draw 1.") == {
        "on": [{"event": "dies", "subject": "a friendly unit"}], "optional": False, "cost": None, "unread": [],
        "once_each_turn": True}
    t = table(BASE.replace("base:", "base:Wraith of Echoes;"), DEFENDED)
    t.do("P1 move Icevale Archer; Plundering Poro -> bf2", 'P1 trigger Icevale Archer "when-i-attack" +declined',
         "P1 pass", "P2 pass", "P1 assign Wizened Elder 4", "P2 assign Icevale Archer 2; Plundering Poro 2")
    assert due(t) == [("Wraith of Echoes", "the-first-time")]  # two deaths: it triggers once (383.1.b)
    t.do('P1 trigger Wraith of Echoes "the-first-time"', "P1 pass", "P2 pass", "resolve Wraith of Echoes: draw P1 ?")
    t.do("P1 move Scuttle Crab -> bf2", "P1 pass", "P2 pass")  # bf2 is nobody's now: a showdown, then a conquer
    assert t.state["triggered_this_turn"] == [[t.find("P1", "Wraith of Echoes"), 0]]  # not again this turn
    t.do("P1 end turn")
    assert "triggered_this_turn" not in t.state  # the next turn, it may trigger again


# -- audit matches flag -----------------------------------------------------------------------------------------------
def flagged(t: GalleryTable, line: str, rule: str) -> list[dict]:
    seq = t.state["seq"] + 1
    t.do(line)
    found = [violation for violation in t.state["violations"] if violation["seq"] == seq]
    assert rule in [violation["rule"] for violation in found], found
    return found


def test_audit_matches_flag_each_misuse():
    flagged(table("runedeck:8 runes:2 Calm Rune;2 Mind Rune base:Lecturing Yordle", policy="audit"),
            'P1 trigger Lecturing Yordle "when-you-play"', "v1.4 383.3")
    flagged(table(BASE, policy="audit"), 'P1 trigger Apprentice Smith "when-i-move"', "v1.4 383.3")
    flagged(table(HOLDING, player="P2", turn=4, policy="audit"), 'P1 trigger Enthusiastic Promoter "when-i-hold"',
            "v1.4 383.3")
    flagged(table(BASE, policy="audit"), 'P1 trigger Apprentice Smith "when-i-attack"', "v1.4 383.2")
    t = table(MUNDO, player="P2", turn=4, policy="audit").do("P2 end turn")
    flagged(t, "P1 pass", "TR 702.2")
    assert due(t) == [] and t.state["phase"] == "channel"  # forgotten: it never goes on the chain (TR 506.4)


def test_a_missed_trigger_in_audit_is_listed_for_the_judges_remedy_tr_702_2_f_2():
    t = table(MUNDO, player="P2", turn=4, policy="audit").do("P2 end turn", "P1 pass")
    mundo = t.find("P1", "Dr. Mundo, Expert")
    error = t.state["errors"][-1]
    assert (error["infraction"], error["player"], error["source"], error["ability"]) == \
        ("missed_trigger", "P1", mundo, "at-the-start")
    t.do("P2 remedy missed_trigger resolve")
    assert t.state["awaiting"][0] == {"player": "P1", "kind": "trigger", "source": mundo, "rule": "TR 702.2.f.2"}
    t.do('P1 trigger Dr. Mundo, Expert "at-the-start"')  # the remedy's trigger: no longer due, yet recorded
    assert t.state["chain"][-1]["card"] == "Dr. Mundo, Expert"


# -- declared matches are unchanged ----------------------------------------------------------------------------------
def test_a_declared_match_takes_the_recorders_word_as_before():
    t = GalleryTable(P1, P2, rules="v1.4").do(
        f"position turn 3 P1 action first P1 | P1 0 bf:Grove of the God-Willow deck:{deck_count(YORDLE)} {YORDLE} | "
        f"P2 0 bf:Vilemaw's Lair deck:{deck_count(P2_SEGMENT)} {P2_SEGMENT}")
    t.do("P1 play Lecturing Yordle $3")
    assert t.state["awaiting"][0]["kind"] != "trigger" and "triggers_due" not in t.state
    t.do('P1 trigger Lecturing Yordle "when-i-move"')  # no such ability: the recorder's word


def test_the_catalog_ability_carries_its_compiled_trigger():
    ability = GalleryTable(P1, P2).catalog.card("Lecturing Yordle")["abilities"][1]
    served = triggers.ability_with_trigger(ability)
    assert served["source"] == "text" and served["trigger"] == {
        "on": [{"event": "played", "subject": "me"}], "optional": False, "cost": None, "unread": []}
    static = GalleryTable(P1, P2).catalog.card("Lecturing Yordle")["abilities"][0]
    assert triggers.ability_with_trigger(static) == static


@pytest.mark.parametrize("text", [
    "When this is played, discarded, or killed, draw 1.",
    "When you play a unit, gear, or activate an ability, ready me.",
])
def test_a_condition_listed_with_commas_is_left_unread_not_cut_at_its_first_comma(text):
    compiled = triggers.compile_trigger(text)
    assert compiled["on"] == [] and not triggers.checkable(compiled)
    assert compiled["unread"] == [text.rsplit(", ", 1)[0]]


def test_a_trigger_another_player_controls_is_left_to_the_recorder_v1_4_190_6_c():
    compiled = triggers.compile_trigger("When a player plays a spell, they may give a unit they control here +1 [S] "
                                        "this turn.")
    assert compiled["on"] == [{"event": "played", "subject": "a spell", "whose": "a player"}]
    assert not triggers.checkable(compiled)


def test_the_notation_writes_a_declined_trigger_as_it_reads_it():
    from replays import notation
    t = table(BASE, DEFENDED).do("P1 move Icevale Archer -> bf2")
    event = notation.parse_event('P1 trigger Icevale Archer "when-i-attack" +declined', t.state)
    assert event["declined"] is True and "options" not in event
    line = notation.write_line(t.state, event)
    assert line.endswith("+declined") and notation.parse_event(line, t.state) == event


def test_an_unknown_option_of_a_trigger_line_names_the_ones_it_takes():
    from replays import notation
    from replays.notation.errors import InvalidNotation
    t = table(BASE, DEFENDED).do("P1 move Icevale Archer -> bf2")
    with pytest.raises(InvalidNotation, match=r"\+declined"):
        notation.parse_event('P1 trigger Icevale Archer "when-i-attack" +refused', t.state)


def test_a_players_view_shows_the_due_triggers_in_awaiting_only():
    from engine.views import view
    t = table(YORDLE).do("P1 play Lecturing Yordle $3")
    seen = view(t.state, "P2")
    assert "triggers_due" not in seen and seen["awaiting"][0]["triggers"][0]["card"] == "Lecturing Yordle"
    assert view(t.state, "judge")["triggers_due"][0]["label"] == "when-you-play"
