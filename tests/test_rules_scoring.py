"""Scoring (2025-06-02 Core Rules 629-633), the beginning phase (later revision 315.2), burn out (607)."""
from __future__ import annotations

from collections import Counter

from positions import ARENA, with_points
from table import Table

from engine.catalog import demo_decks

# P2's turn, action phase: P1 (7 points) holds Zaun Warrens with Flame Chompers.
P1_HOLDS = ARENA.replace("turn 5 P1 action", "turn 6 P2 action").replace(
    "base:Legion Rearguard;Chemtech Enforcer;Flame Chompers",
    "controls:bf1 base:Legion Rearguard;Chemtech Enforcer bf1:Flame Chompers")


def test_a_conquer_scores_a_point_630_1():
    table = Table.from_position(ARENA).do("P1 move Legion Rearguard -> bf1", "P1 pass", "P2 pass")
    assert table.state["scores"]["P1"] == 1


def test_a_battlefield_already_scored_this_turn_scores_no_second_time_631():
    line = ARENA.replace("P1 0 bf:Zaun Warrens", "P1 3 bf:Zaun Warrens scored:bf1")
    table = Table.from_position(line).do("P1 move Legion Rearguard -> bf1", "P1 pass", "P2 pass")
    assert table.state["battlefields"][0]["controller"] == "P1" and table.state["scores"]["P1"] == 3


def test_a_conquer_for_the_final_point_without_every_battlefield_scored_draws_a_card_instead_632_1_b_2():
    table = Table.from_position(with_points(ARENA, 7, 0)).do("P1 move Legion Rearguard -> bf1", "P1 pass",
                                                              "P2 pass")
    assert table.state["scores"]["P1"] == 7 and table.state["winner"] is None
    assert table.state["awaiting"] == [{"player": "P1", "kind": "draw", "rule": "632.1.b.2", "count": 1}]
    hand = len(table.state["players"]["P1"]["hand"])
    table.do("P1 draw ?")
    assert len(table.state["players"]["P1"]["hand"]) == hand + 1
    assert table.state["awaiting"] == [{"player": "P1", "kind": "action"}]


def test_the_final_point_draws_one_card_not_more_632_1_b_2():
    table = Table.from_position(with_points(ARENA, 7, 0)).do("P1 move Legion Rearguard -> bf1", "P1 pass",
                                                              "P2 pass")
    table.refuses("P1 draw ?; ?", rule="632.1.b.2")


def test_a_conquer_for_the_final_point_after_scoring_every_battlefield_wins_632_1_b_2():
    line = with_points(ARENA, 7, 0).replace("P1 7 bf:Zaun Warrens", "P1 7 bf:Zaun Warrens scored:bf2")
    table = Table.from_position(line).do("P1 move Legion Rearguard -> bf1", "P1 pass", "P2 pass")
    assert table.state["winner"] == "P1" and table.state["phase"] == "over"


def test_a_hold_always_scores_the_final_point_632_1_b_1():
    table = Table.from_position(with_points(P1_HOLDS, 7, 0)).do("P2 end turn")
    assert table.state["phase"] == "beginning" and table.state["winner"] is None
    table.do("P1 pass")  # the beginning step ends: the scoring step holds Zaun Warrens
    assert table.state["winner"] == "P1" and table.state["scores"]["P1"] == 8


def test_a_beginning_step_trigger_is_recorded_before_hold_scores_315_2():
    table = Table.from_position(P1_HOLDS).do("P2 end turn", 'P1 trigger Flame Chompers "start of turn"',
                                             "P1 pass", "P2 pass")
    item = table.state["chain"][0]["id"]
    table.do(f"resolve {item}: kill Flame Chompers")
    assert table.state["battlefields"][0]["controller"] is None  # gone before scoring (181.4.d)
    table.do("P1 channel Fury Rune; Chaos Rune")  # closes the beginning step: nothing to hold
    assert table.state["scores"]["P1"] == 0 and table.state["phase"] == "draw"


def test_temporary_must_trigger_and_kill_before_the_scoring_step_728_1_b():
    table = Table.from_position(P1_HOLDS).do("P2 play Stupefy -> Flame Chompers $1", "P2 pass", "P1 pass",
                                             "resolve Stupefy: grant Flame Chompers +Temporary", "P2 end turn")
    chompers = table.find("P1", "Flame Chompers")
    assert table.state["awaiting"] == [{"player": "P1", "kind": "trigger", "source": chompers, "rule": "728.1.b"}]
    table.refuses("P1 pass", rule="728.1.b")
    table.do('P1 trigger Flame Chompers "Temporary"', "P1 pass", "P2 pass")
    table.do(f"resolve {table.state['chain'][0]['id']}: kill Flame Chompers", "P1 pass")
    assert table.state["scores"]["P1"] == 0 and table.state["phase"] == "channel"


def _burnt_out(p2_points: int) -> Table:
    """P1's draw phase, turn 5, with every card of P1's main deck banished: deck and trash are empty."""
    deck = Counter(demo_decks()[0]["deck"])
    deck[demo_decks()[0]["champion"]] -= 1  # in the champion zone
    banished = ";".join(name if count == 1 else f"{count} {name}" for name, count in deck.items() if count)
    line = (f"turn 5 P1 draw first P1 | P1 0 bf:Zaun Warrens deck:0 runedeck:8 runes:2 Fury Rune;2 Chaos Rune "
            f"banishment:{banished} | P2 {p2_points} bf:Altar to Unity deck:35 runedeck:8 "
            f"hand:Stupefy;Discipline;Defy;Stalwart Poro runes:2 Calm Rune;2 Mind Rune")
    return Table.from_position(line, "audit")


def test_a_draw_from_an_empty_deck_and_trash_burns_out_until_an_opponent_wins_607_3_a():
    table = _burnt_out(5).do("P1 draw ?")  # each burn out draws again, which burns out again (607.2.c, 607.3)
    assert table.state["winner"] == "P2" and table.state["scores"]["P2"] == 8
    assert table.state["players"]["P1"]["hand"] == [] and not table.state["violations"]


def test_any_event_but_a_note_after_the_game_is_over_is_flagged_633():
    table = _burnt_out(7).do("P1 draw ?", 'note "P2 wins by burn out"')
    table.flags("P1 end turn", rule="633")
