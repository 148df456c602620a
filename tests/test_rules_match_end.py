"""The end of a match by the Tournament Rules (engine/match_end.py, engine/results.py): time and its additional turns
(TR 408.2), each game's and the match's result (TR 404, 408.3, 645.5-645.6), concessions and agreed draws (TR 410),
the first player after a drawn game (TR 407.4)."""
from __future__ import annotations

from table import WITH_UNITS, Table

GAME_1 = "game 1: P1 first; P1 Zaun Warrens; P2 Altar to Unity"
GAME_2 = "game 2: P1 first; P1 Back-Alley Bar; P2 Grove of the God-Willow"
GAME_3 = "game 3: P2 first; P1 Trifarian War Camp; P2 Fortified Position"
P1_TURN = ("P1 channel Fury Rune; Chaos Rune", "P1 draw ?", "P1 end turn")
P2_TURN = ("P2 channel Calm Rune; Mind Rune", "P2 draw ?", "P2 end turn")


def at_turn_3(points: tuple[int, int] = (0, 0), policy: str = "strict", mode: str = "match") -> Table:
    """WITH_UNITS (turn 3, P1's action phase) with these points, in a best of three."""
    line = WITH_UNITS.replace("P1 0 bf", f"P1 {points[0]} bf").replace("P2 0 bf", f"P2 {points[1]} bf")
    return Table.from_position(line, policy, mode)


def result(table: Table) -> dict:
    return table.state["result"]


# -- time and the additional turns (TR 408.2) --------------------------------------------------------------------
def test_after_time_the_turn_is_finished_and_three_additional_turns_are_played_tr_408_2_a():
    table = at_turn_3((5, 3)).do("time 3")
    assert table.state["time"] == {"called_at_seq": 3, "seq": 3, "extra_turns": 3, "turn": 3, "last_turn": 6,
                                   "extra_turn": 0}
    table.do("P1 end turn", *P2_TURN, *P1_TURN)
    assert (table.state["turn"], table.state["phase"], table.state["time"]["extra_turn"]) == (6, "beginning", 3)
    table.do(*P2_TURN)
    assert table.state["phase"] == "over" and table.state["turn"] == 6


def test_an_additional_turn_past_the_third_is_refused_tr_408_2_a():
    table = at_turn_3().do("time 3", "P1 end turn", *P2_TURN, *P1_TURN, *P2_TURN)
    refusal = table.refuses("P1 channel Fury Rune; Chaos Rune", rule="TR 408.2.a")
    assert "three additional turns were played" in str(refusal)
    table.refuses("P1 end turn", rule="TR 408.2.a")


def test_a_lead_of_two_points_after_the_additional_turns_wins_the_game_tr_408_2_b():
    table = at_turn_3((5, 3)).do("time 3", "P1 end turn", *P2_TURN, *P1_TURN, *P2_TURN)
    assert result(table)["games"] == [{"game": 1, "result": "win", "winner": "P1", "by": "time",
                                       "rule": "TR 408.2.b"}]
    assert table.state["winner"] == "P1"


def test_a_lead_of_one_point_after_the_additional_turns_is_a_draw_tr_408_2_b():
    table = at_turn_3((5, 4)).do("time 3", "P1 end turn", *P2_TURN, *P1_TURN, *P2_TURN)
    assert result(table)["games"] == [{"game": 1, "result": "draw", "winner": None, "by": "time",
                                       "rule": "TR 408.2.b"}]
    assert table.state["winner"] is None and table.state["games"] == [{"game": 1, "winner": None}]


def test_the_match_ends_after_the_additional_turns_with_more_game_wins_winning_it_tr_408_3_a():
    table = Table("strict", "match").do(GAME_1, "P1 concede", GAME_2, "time 3")
    assert table.state["time"]["turn"] == 0 and table.state["time"]["last_turn"] == 3  # no turn yet: turns 1-3
    table.do("P1 draw Legion Rearguard; Shakedown; Hard Bargain; Gust",
             "P2 draw Stalwart Poro; Discipline; Clockwork Keeper; Rune Prison", "P1 keep", "P2 keep",
             *P1_TURN, "P2 channel Calm Rune; Mind Rune; Calm Rune", "P2 draw ?", "P2 end turn", *P1_TURN)
    assert result(table)["games"][1] == {"game": 2, "result": "draw", "winner": None, "by": "time",
                                         "rule": "TR 408.2.b"}
    assert result(table)["match"] == {"result": "win", "winner": "P2", "by": "time", "rule": "TR 408.2.a",
                                      "games_won": {"P1": 0, "P2": 1}, "draws": 1}
    assert table.state["match_winner"] == "P2" and table.state["awaiting"] == []


def test_equal_game_wins_after_time_draw_the_match_tr_408_3_b():
    table = at_turn_3((3, 3), mode="duel").do("time 3", "P1 end turn", *P2_TURN, *P1_TURN, *P2_TURN)
    assert result(table)["match"] == {"result": "draw", "winner": None, "by": "time", "rule": "TR 408.2.a",
                                      "games_won": {"P1": 0, "P2": 0}, "draws": 1}
    assert table.state["match_winner"] is None


def test_a_game_won_during_the_additional_turns_ends_the_match_tr_408_2_d():
    table = Table("strict", "match").do(GAME_1, "P1 concede", GAME_2, "time 3", "P1 concede")
    assert result(table)["match"]["rule"] == "645.6"  # two game wins: the match is won as ever (TR 408.3)
    table = Table("strict", "match").do(GAME_1, "P1 concede", GAME_2, "time 3", "P2 concede")
    assert result(table)["match"] == {"result": "draw", "winner": None, "by": "time", "rule": "TR 408.2.d",
                                      "games_won": {"P1": 1, "P2": 1}, "draws": 0}
    table.refuses(GAME_3, rule="TR 408.2.d")


def test_time_between_games_ends_the_match_and_no_new_game_starts_tr_408_2_d():
    table = Table("strict", "match").do(GAME_1, "P1 concede", "time 3")
    assert result(table)["match"] == {"result": "win", "winner": "P2", "by": "time", "rule": "TR 408.2.d",
                                      "games_won": {"P1": 0, "P2": 1}, "draws": 0}
    table.refuses(GAME_2, rule="TR 408.2.d")


def test_time_recorded_late_finishes_the_turn_it_was_called_in_tr_408_2():
    table = at_turn_3().do("P1 end turn", "time 3 at 2")  # called in turn 3 (seq 2), recorded in turn 4
    assert table.state["time"] == {"called_at_seq": 2, "seq": 4, "extra_turns": 3, "turn": 3, "last_turn": 6,
                                   "extra_turn": 1}


def test_time_is_refused_with_other_than_three_turns_twice_in_the_future_or_after_the_match_tr_408():
    table = at_turn_3()
    table.refuses("time 5", rule="TR 408.2.a")
    table.refuses("time 3 at 9", rule="TR 408.2")
    table.do("time 3")
    table.refuses("time 3", rule="TR 408.2")
    over = Table("strict", "match").do(GAME_1, "P1 concede match")
    over.refuses("time 3", rule="TR 408.1")


def test_time_called_in_an_earlier_game_is_refused_tr_408_2_d():
    table = Table("strict", "match").do(GAME_1, "P1 concede", GAME_2)
    table.refuses("time 3 at 3", rule="TR 408.2.d")


def test_an_audit_match_flags_time_recorded_after_its_additional_turns_and_ends_the_game_tr_408_2_a():
    table = at_turn_3((6, 2), policy="audit").do("P1 end turn", *P2_TURN, *P1_TURN, *P2_TURN)
    table.flags("time 3 at 2", rule="TR 408.2.a")
    assert result(table)["games"][0]["winner"] == "P1" and result(table)["match"]["by"] == "time"


# -- concessions and agreed draws (TR 410) ---------------------------------------------------------------------
def test_a_match_conceded_in_the_middle_of_a_game_is_lost_in_one_event_tr_410_2():
    table = Table("strict", "match").do(GAME_1, "P1 concede", GAME_2, "P2 concede match")
    assert result(table)["games"][-1] == {"game": 2, "result": "win", "winner": "P1", "by": "concession",
                                          "rule": "TR 410.2"}
    assert result(table)["match"] == {"result": "win", "winner": "P1", "by": "concession", "rule": "TR 410.2",
                                      "games_won": {"P1": 1, "P2": 1}, "draws": 0}
    assert table.state["match_winner"] == "P1" and table.state["awaiting"] == []
    table.refuses("P1 concede match", rule="TR 410.2")
    table.refuses(GAME_3, rule="645.6")


def test_a_match_may_be_conceded_between_games_tr_410_2():
    table = Table("strict", "match").do(GAME_1, "P1 concede", "P2 concede match")
    assert result(table)["games"] == [{"game": 1, "result": "win", "winner": "P2", "by": "concession",
                                       "rule": "651"}]
    assert result(table)["match"]["winner"] == "P1" and result(table)["match"]["by"] == "concession"


def test_a_game_drawn_by_agreement_counts_for_nobody_tr_410_1_tr_404_3():
    table = Table("strict", "match").do(GAME_1, "agreed draw")
    assert result(table)["games"] == [{"game": 1, "result": "draw", "winner": None, "by": "agreement",
                                       "rule": "TR 410.1"}]
    assert result(table)["match"] is None and table.state["phase"] == "over"
    table.refuses("agreed draw", rule="TR 410.1")  # no game in progress


def test_after_a_drawn_game_its_first_player_plays_first_again_tr_407_4():
    table = Table("strict", "match").do(GAME_1, "agreed draw")
    assert table.state["awaiting"] == [{"player": None, "kind": "game_started", "first_player": "P1",
                                        "rule": "TR 407.4"}]
    table.refuses(GAME_2.replace("P1 first", "P2 first"), rule="TR 407.4")
    table.do(GAME_2)
    assert table.state["turn_order"] == ["P1", "P2"]


def test_after_a_won_game_its_loser_chooses_who_plays_first_tr_407_4():
    table = Table("strict", "match").do(GAME_1, "P1 concede")
    assert table.state["awaiting"] == [{"player": "P1", "kind": "game_started"}]
    table.do(GAME_2.replace("P1 first", "P2 first"))  # P1 chose to play last
    assert table.state["turn_order"] == ["P2", "P1"]


def test_a_match_drawn_by_agreement_draws_the_game_in_progress_tr_410_2():
    table = Table("strict", "match").do(GAME_1, "P2 concede", GAME_2, "agreed draw match")
    assert result(table)["games"][-1]["result"] == "draw"
    assert result(table)["match"] == {"result": "draw", "winner": None, "by": "agreement", "rule": "TR 410.2",
                                      "games_won": {"P1": 1, "P2": 0}, "draws": 1}
    table.refuses("agreed draw match", rule="TR 410.2")


def test_nobody_concedes_a_game_before_game_1_but_a_match_may_be_conceded_651_tr_410_2():
    Table("strict", "match").refuses("P1 concede", rule="651")
    table = Table("strict", "match").do("P1 concede match")
    assert result(table)["match"]["winner"] == "P2" and result(table)["games"] == []


# -- a best of three that ends otherwise than with two game wins (645.5, TR 404.3-404.5) --------------------------
def test_a_best_of_three_with_a_drawn_game_ends_after_its_third_game_645_5_tr_404_5():
    table = Table("strict", "match").do(GAME_1, "P1 concede", GAME_2, "P2 concede", GAME_3, "agreed draw")
    assert result(table)["match"] == {"result": "draw", "winner": None, "by": "games played", "rule": "645.5",
                                      "games_won": {"P1": 1, "P2": 1}, "draws": 1}
    table.refuses("game 4: P2 first; P1 Zaun Warrens; P2 Altar to Unity", rule="645.6")


def test_one_game_win_and_two_draws_win_a_best_of_three_tr_404_4():
    table = Table("strict", "match").do(GAME_1, "agreed draw", GAME_2, "P2 concede",
                                        GAME_3.replace("P2 first", "P2 first"), "agreed draw")
    assert result(table)["match"]["winner"] == "P1" and result(table)["match"]["by"] == "games played"


def test_two_game_wins_win_the_match_with_its_result_645_6():
    table = Table("strict", "match").do(GAME_1, "P1 concede", GAME_2, "P1 concede")
    assert result(table)["match"] == {"result": "win", "winner": "P2", "by": "games", "rule": "645.6",
                                      "games_won": {"P1": 0, "P2": 2}, "draws": 0}


def test_the_golden_judged_best_of_three_ends_on_time_in_a_drawn_match_tr_408_702():
    """tests/data/golden_judged.rln: extra cards drawn and a missed trigger, each remedied as the TR says, two
    warnings, a head judge's backup past an unseen draw, then time in game 3, which is drawn after its three
    additional turns: the match is drawn at one game each."""
    from pathlib import Path

    import engine
    from replays import notation
    from table import CATALOG

    text = (Path(__file__).parent / "data" / "golden_judged.rln").read_text(encoding="utf-8")
    state = engine.fold(notation.parse_match(text), CATALOG)
    assert [(game["winner"], game["by"]) for game in state["result"]["games"]] == [
        ("P1", "concession"), ("P2", "concession"), (None, "time")]
    assert state["result"]["match"] == {"result": "draw", "winner": None, "by": "time", "rule": "TR 408.2.a",
                                        "games_won": {"P1": 1, "P2": 1}, "draws": 1}
    assert state["time"]["turn"] == 1 and state["time"]["last_turn"] == 4 and state["scores"] == {"P1": 1, "P2": 0}
    remedies = {entry["infraction"]: entry["remedy"]["rule"] for entry in state["errors"]}
    assert remedies == {"drawing_extra_cards": "TR 702.12.b.3", "missed_trigger": "TR 702.2.f.2"}
    assert [violation["tr"] for violation in state["violations"]] == ["TR 702.12", "TR 702.2"]
    assert [(entry["player"], entry["penalty"], entry["rule"]) for entry in state["penalties"]] == [
        ("P2", "warning", "TR 702.12"), ("P1", "warning", "TR 702.2.e")]
    [backup] = state["backups"]  # past the Yordle's unseen draw: a random card of Ben's hand went back
    assert (backup["by"], backup["to"], backup["returned"]) == ("head_judge", 45, {"P2": ["Stupefy"]})


def test_time_called_at_an_event_a_rewind_voided_is_refused_tr_408_2():
    import pytest

    import engine
    from replays import notation
    from table import CATALOG

    events = [Table.match_created("strict", "match"), notation.parse_position(WITH_UNITS),
              {"type": "end_turn", "player": "P1"}, {"type": "rewind", "to": 2, "reason": "ended the turn too early"}]
    state = engine.fold(events, CATALOG)
    with pytest.raises(engine.IllegalEvent) as refusal:
        engine.apply(state, {"type": "time", "extra_turns": 3, "called_at_seq": 3}, CATALOG)
    assert refusal.value.violations[0]["rule"] == "TR 408.2.d" and "voided" in str(refusal.value)


# -- timed single elimination (TR 408.4) ---------------------------------------------------------------------------
GAME_3_OPENING = ("P1 draw Legion Rearguard; Shakedown; Hard Bargain; Gust",
                  "P2 draw Stalwart Poro; Discipline; Clockwork Keeper; Rune Prison", "P2 keep", "P1 keep")
# TR 408.4.c.3: in sudden death, P1 takes Zaun Warrens with Legion Rearguard: the next point.
P1_SCORES = ("P1 channel Fury Rune; Chaos Rune", "P1 draw ?", "P1 move Legion Rearguard -> bf1", "P1 pass",
             "P2 pass")


def test_single_elimination_time_between_games_more_game_wins_win_the_match_tr_408_4_a():
    table = Table("strict", "match").do(GAME_1, "P1 concede", "time 3 elimination")
    assert result(table)["match"] == {"result": "win", "winner": "P2", "by": "time", "rule": "TR 408.4.a",
                                      "games_won": {"P1": 0, "P2": 1}, "draws": 0}


def test_single_elimination_the_most_points_after_three_turns_win_the_game_and_match_tr_408_4_c_1():
    """TR 408.4.c.1: a lead of one point is enough (TR 408.2.b's two are the ordinary procedure's)."""
    table = at_turn_3((5, 4)).do("time 3 elimination", "P1 end turn", *P2_TURN, *P1_TURN, *P2_TURN)
    assert result(table)["games"] == [{"game": 1, "result": "win", "winner": "P1", "by": "time",
                                       "rule": "TR 408.4.c.1"}]
    assert result(table)["match"]["winner"] == "P1" and result(table)["match"]["rule"] == "TR 408.4.c.1"


def test_single_elimination_tied_points_and_more_game_wins_win_the_match_tr_408_4_c_2():
    line = WITH_UNITS.replace("first P1 |", "first P1 game 2 |").replace("P2 0 bf", "P2 0 won:1 bf")
    table = Table.from_position(line, mode="match").do("time 3 elimination", "P1 end turn", *P2_TURN, *P1_TURN,
                                                        *P2_TURN)
    assert result(table)["games"][-1] == {"game": 2, "result": "draw", "winner": None, "by": "time",
                                          "rule": "TR 408.4.c.2"}
    assert result(table)["match"] == {"result": "win", "winner": "P2", "by": "time", "rule": "TR 408.4.c.2",
                                      "games_won": {"P1": 0, "P2": 1}, "draws": 1}


def test_single_elimination_all_tied_the_next_point_wins_the_match_tr_408_4_c_3():
    """TR 408.4.c.3: points and game wins tied after the three turns: play goes on (turn 7 begins) until the next
    point is scored, and its scorer wins the match."""
    table = at_turn_3((4, 4)).do("time 3 elimination", "P1 end turn", *P2_TURN, *P1_TURN, *P2_TURN)
    assert table.state["time"]["sudden_death"] and (table.state["turn"], table.state["turn_player"]) == (7, "P1")
    assert result(table)["games"] == [] and table.state["phase"] != "over"
    table.do(*P1_SCORES)
    assert table.state["players"]["P1"]["points"] == 5
    assert result(table)["games"] == [{"game": 1, "result": "win", "winner": "P1", "by": "time",
                                       "rule": "TR 408.4.c.3"}]
    assert result(table)["match"]["rule"] == "TR 408.4.c.3" and table.state["match_winner"] == "P1"


def test_single_elimination_tied_game_wins_start_a_new_game_with_five_additional_turns_tr_408_4_d():
    """TR 408.4.d: game wins tied between games: the new game starts as though time ran out at once: its first
    player's turn, then five additional turns, then TR 408.4.c (here nobody scored: sudden death)."""
    table = Table("strict", "match").do(GAME_1, "P1 concede", GAME_2, "P2 concede", "time 3 elimination")
    assert result(table)["match"] is None
    assert table.state["time"]["extra_turns"] == 5 and table.state["time"]["last_turn"] == 6
    table.do(GAME_3, *GAME_3_OPENING, *P2_TURN,
             "P1 channel Fury Rune; Chaos Rune; Fury Rune", "P1 draw ?", "P1 end turn", *P2_TURN, *P1_TURN, *P2_TURN)
    assert table.state["turn"] == 6 and not table.state["time"].get("sudden_death")  # turn 6: the fifth
    table.do(*P1_TURN)
    assert table.state["time"]["sudden_death"] and (table.state["turn"], table.state["turn_player"]) == (7, "P2")
    assert result(table)["match"] is None


def test_a_time_procedure_other_than_single_elimination_is_malformed():
    import engine
    import pytest
    with pytest.raises(engine.MalformedEvent, match=r"'procedure' is 'single_elimination' \(TR 408.4\) or absent"):
        at_turn_3().do({"type": "time", "extra_turns": 3, "procedure": "swiss"})


def test_single_elimination_time_reads_back_from_the_notation():
    from replays import notation
    table = at_turn_3()
    event = table.parse("time 3 at 2 elimination")
    assert event == {"type": "time", "extra_turns": 3, "called_at_seq": 2, "procedure": "single_elimination"}
    assert notation.write_event(table.state, event) == "time 3 at 2 elimination"
