"""A trigger's "if" right after its condition, and what "When you play ..." says of the card played (issue 26,
"Honest coverage"; engine/cards/trigger_ifs.py, engine/cards/triggers.py): in a match whose abilities the engine
checks, such an ability is due only when the occurrence meets its condition and the "if" holds as it does (v1.4
383.2.a.1); one that is not due is refused in strict citing v1.4 383.3 and quoting the card, and one that is due
and not recorded is missed (TR 702.2). Real gallery cards, v1.4:

- Sea Monkey, "When you play me, if you paid the additional cost, buff me." (an additional cost of [1]);
- Eclipse Dragon, "When I move, if you control 4 or fewer runes, draw 1.";
- Shen, Scourge of Shadows, "When I hold, if there is exactly one other unit you control here, draw 1.";
- Darius, Trifarian, "When you play your second card in a turn, ...";
- Relentless Storm, "When you play a [Mighty] unit, you may exhaust me to channel 1 rune exhausted.";
- Gentle Gemdragon, "When you play me or another Dragon, ready up to 2 runes.";
- Chemtech Cask, "When you play a spell on an opponent's turn, you may exhaust me to ...".
"""
from __future__ import annotations

from gallery_table import GalleryTable, deck, said
from test_rules_statics import deck_count

from engine.cards import triggers

SEA_MONKEY = "When you play me, if you paid the additional cost, buff me."
ECLIPSE = "When I move, if you control 4 or fewer runes, draw 1."
SHEN = "When I hold, if there is exactly one other unit you control here, draw 1."
DARIUS = "When you play your second card in a turn, give me +2 [S] this turn and ready me."
P1 = deck("Relentless Storm", ["Sea Monkey", "Eclipse Dragon", "Darius, Trifarian", "Gentle Gemdragon", "Mobilize",
                               "Pouty Poro"], ["Grove of the God-Willow", "Zaun Warrens", "Altar to Unity"])
P2 = deck("Bashful Bloom", ["Shen, Scourge of Shadows", "Chemtech Cask", "Lecturing Yordle", "Wizened Elder",
                           "Discipline", "Dredge Up"],
          ["Vilemaw's Lair", "Trifarian War Camp", "Windswept Hillock"])
P2_SEGMENT = "runedeck:8 runes:2 Calm Rune;2 Mind Rune"


def table(p1: str, p2: str = P2_SEGMENT, player: str = "P1", turn: int = 3, policy: str = "strict") -> GalleryTable:
    line = (f"position turn {turn} {player} action first P1 | P1 0 bf:Grove of the God-Willow deck:{deck_count(p1)} "
            f"{p1} | P2 0 bf:Vilemaw's Lair deck:{deck_count(p2)} {p2}")
    return GalleryTable(P1, P2, policy, rules="v1.4", abilities="checked").do(line)


def due(t: GalleryTable) -> list[tuple[str, str]]:
    """The due triggers `awaiting` lists first: (card, label)."""
    first = t.state["awaiting"][0]
    return [(entry["card"], entry["label"]) for entry in first.get("triggers", [])] if first["kind"] == "trigger" \
        else []


def test_the_if_after_a_condition_compiles_into_the_trigger_with_nothing_unread():
    assert triggers.compile_trigger(SEA_MONKEY)["if"] == {"paid_additional": True}
    assert triggers.compile_trigger(ECLIPSE)["if"] == {"while": {"runes_at_most": 4}}
    assert triggers.compile_trigger(SHEN)["if"] == {"while": {"objects": {"who": "friendly", "other": True,
                                                                          "where": "here", "exactly": 1}}}
    for text in (SEA_MONKEY, ECLIPSE, SHEN, DARIUS):
        assert triggers.checkable(triggers.compile_trigger(text)), text
    unknown = triggers.compile_trigger("When I conquer, if you revealed a Dragon this way, draw 1.")
    assert unknown["unread"] == ["if you revealed a Dragon this way"] and "if" not in unknown


# -- "if you paid the additional cost" -------------------------------------------------------------------------
MONKEY = "runedeck:6 runes:3 Fury Rune;3 Body Rune hand:Sea Monkey"
PAID = 'P1 play Sea Monkey +additional=[{"energy": 1, "power": 0}] $3'


def test_sea_monkey_paid_for_is_due_and_triggered_v1_4_383_2_a_1():
    t = table(MONKEY).do(PAID)
    assert due(t) == [("Sea Monkey", "when-you-play")]
    t.do('P1 trigger Sea Monkey "when-you-play"')
    assert t.state["chain"][-1]["card"] == "Sea Monkey" and t.state["violations"] == []


def test_sea_monkey_not_paid_for_is_not_due_and_its_trigger_is_refused_quoting_it_v1_4_383_3():
    t = table(MONKEY).do("P1 play Sea Monkey $2")
    assert due(t) == []
    refusal = t.refuses('P1 trigger Sea Monkey "when-you-play"', rule="v1.4 383.3")
    assert SEA_MONKEY in said(refusal) and "383.2.a.1" in said(refusal)


def test_sea_monkey_paid_for_and_not_triggered_is_a_missed_trigger_tr_702_2():
    t = table(MONKEY, policy="audit").do(PAID)
    t.flags("P1 end turn", "TR 702.2")
    assert any(SEA_MONKEY in violation["message"] for violation in t.state["violations"]
               if violation["rule"] == "TR 702.2")


# -- an "if" on the state, as the condition is met -----------------------------------------------------------------
def test_eclipse_dragon_moving_with_4_runes_is_due_and_with_5_is_not_v1_4_383_2_a_1():
    four = table("runedeck:8 runes:2 Fury Rune;2 Body Rune base:Eclipse Dragon").do("P1 move Eclipse Dragon -> bf1")
    assert due(four) == [("Eclipse Dragon", "when-i-move")]
    four.do('P1 trigger Eclipse Dragon "when-i-move"')
    five = table("runedeck:7 runes:3 Fury Rune;2 Body Rune base:Eclipse Dragon").do("P1 move Eclipse Dragon -> bf1")
    assert due(five) == []
    assert ECLIPSE in said(five.refuses('P1 trigger Eclipse Dragon "when-i-move"', rule="v1.4 383.3"))


def test_shen_holding_with_exactly_one_other_unit_is_due_and_with_two_is_not_v1_4_383_2_a_1():
    one = table("runedeck:8 runes:2 Fury Rune;2 Body Rune",
                "runedeck:8 runes:2 Calm Rune;2 Mind Rune controls:bf2 bf2:Shen, Scourge of Shadows;Wizened Elder",
                player="P1", turn=3).do("P1 end turn", "P2 pass")
    assert ("Shen, Scourge of Shadows", "when-i-hold") in due(one)
    two = table("runedeck:8 runes:2 Fury Rune;2 Body Rune",
                "runedeck:8 runes:2 Calm Rune;2 Mind Rune controls:bf2 bf2:Shen, Scourge of Shadows;Wizened Elder;"
                "Lecturing Yordle", player="P1", turn=3).do("P1 end turn", "P2 pass")
    assert ("Shen, Scourge of Shadows", "when-i-hold") not in due(two)
    assert SHEN in said(two.refuses('P2 trigger Shen, Scourge of Shadows "when-i-hold"', rule="v1.4 383.3"))


# -- what "When you play ..." says of the card played --------------------------------------------------------------
def test_darius_is_due_on_the_second_card_played_in_a_turn_only():
    line = "runedeck:4 runes:4 Fury Rune;4 Body Rune base:Darius, Trifarian hand:Sea Monkey;Pouty Poro"
    t = table(line).do("P1 play Sea Monkey $2")
    assert due(t) == []
    assert DARIUS in said(t.refuses('P1 trigger Darius, Trifarian "when-you-play"', rule="v1.4 383.3"))
    t.do("P1 play Pouty Poro $2")
    assert due(t) == [("Darius, Trifarian", "when-you-play")]
    t.do('P1 trigger Darius, Trifarian "when-you-play"')


def test_relentless_storm_and_gentle_gemdragon_are_due_on_a_mighty_dragon_only():
    """"When you play a [Mighty] unit" (v1.4 708: 5 Might or more) and "When you play me or another Dragon" (a tag
    of the card played)."""
    line = "runedeck:2 runes:5 Fury Rune;5 Body Rune base:Gentle Gemdragon hand:Eclipse Dragon;Pouty Poro"
    t = table(line).do("P1 play Pouty Poro $2")
    assert due(t) == []
    assert "When you play a [Mighty] unit" in said(t.refuses('P1 trigger Relentless Storm "when-you-play"',
                                                             rule="v1.4 383.3"))
    t.do("P1 play Eclipse Dragon $8")
    assert sorted(due(t)) == [("Gentle Gemdragon", "when-you-play"), ("Relentless Storm", "when-you-play")]
    t.do('P1 trigger Relentless Storm "when-you-play" +declined', 'P1 trigger Gentle Gemdragon "when-you-play"')
    assert t.state["chain"][-1]["card"] == "Gentle Gemdragon"


CASK = "When you play a spell on an opponent's turn, you may exhaust me to play a Gold gear token exhausted."


def test_chemtech_cask_is_due_for_a_spell_played_on_an_opponents_turn_only():
    mine = table("runedeck:8 runes:2 Fury Rune;2 Body Rune",
                 "runedeck:8 runes:2 Calm Rune;2 Mind Rune base:Chemtech Cask hand:Dredge Up", player="P2", turn=4)
    mine.do("P2 play Dredge Up $2", "P2 pass", "P1 pass", "resolve Dredge Up: draw P2 ?")
    assert due(mine) == []
    assert CASK in said(mine.refuses('P2 trigger Chemtech Cask "when-you-play"', rule="v1.4 383.3"))
    theirs = table("runedeck:8 runes:2 Fury Rune;2 Body Rune hand:Mobilize",
                   "runedeck:8 runes:2 Calm Rune;2 Mind Rune base:Chemtech Cask;Wizened Elder hand:Discipline")
    theirs.do("P1 play Mobilize $2", "P1 pass", "P2 play Discipline -> Wizened Elder $2", "P2 pass", "P1 pass",
              "resolve Discipline: might Wizened Elder +2 until turn | draw P2 ?")
    assert due(theirs) == [("Chemtech Cask", "when-you-play")]
    theirs.do('P2 trigger Chemtech Cask "when-you-play" +declined')
