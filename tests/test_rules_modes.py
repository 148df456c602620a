"""Modes of play: the duel (644) and the best-of-three match (645); conceding (649-651)."""
from __future__ import annotations

import pytest

import engine
from replays import demo
from table import CATALOG, Table

GAME_1 = "game 1: P1 first; P1 Zaun Warrens; P2 Altar to Unity"


def test_a_duel_is_a_best_of_one_644_6():
    table = Table().do(GAME_1, "P1 concede")
    assert table.state["winner"] == "P2" and table.state["match_winner"] == "P2" and table.state["awaiting"] == []
    table.refuses("game 2: P2 first; P1 Back-Alley Bar; P2 Grove of the God-Willow", rule="633")


def test_the_loser_of_a_game_of_a_match_is_awaited_to_start_the_next_645_6():
    table = Table("strict", "match").do(GAME_1, "P1 concede")
    assert table.state["winner"] == "P2" and table.state["match_winner"] is None
    assert table.state["awaiting"] == [{"player": "P1", "kind": "game_started"}]
    assert table.state["games"] == [{"game": 1, "winner": "P2"}]


def test_the_next_game_is_played_on_battlefields_not_used_before_645_5():
    table = Table("strict", "match").do(GAME_1, "P1 concede")
    table.refuses("game 2: P1 first; P1 Zaun Warrens; P2 Grove of the God-Willow", rule="645.5")


def test_the_next_game_starts_from_a_fresh_game_state_645_6():
    table = Table("strict", "match").do(GAME_1, "P1 draw Legion Rearguard; Shakedown; Hard Bargain; Gust",
                                        "P2 concede")
    table.do("game 2: P2 first; P1 Back-Alley Bar; P2 Grove of the God-Willow")
    state = table.state
    assert (state["game"], state["phase"], state["winner"], state["turn_order"]) == (2, "setup", None,
                                                                                    ["P2", "P1"])
    assert state["players"]["P1"]["hand"] == [] and state["players"]["P1"]["deck_count"] == 39
    assert [bf["id"] for bf in state["battlefields"]] == ["bf3", "bf4"]
    assert {bf["name"] for bf in state["battlefields"]} == {"Back-Alley Bar", "Grove of the God-Willow"}


def test_two_game_wins_win_the_match_645_6():
    table = Table("strict", "match").do(GAME_1, "P1 concede",
                                        "game 2: P1 first; P1 Back-Alley Bar; P2 Grove of the God-Willow",
                                        "P2 concede",
                                        "game 3: P2 first; P1 Trifarian War Camp; P2 Fortified Position",
                                        "P1 concede")
    assert table.state["match_winner"] == "P2" and table.state["awaiting"] == []
    assert [game["winner"] for game in table.state["games"]] == ["P2", "P1", "P2"]
    table.refuses("game 4: P2 first; P1 Zaun Warrens; P2 Altar to Unity", rule="633")


def test_games_follow_in_order_645_6():
    table = Table("strict", "match").do(GAME_1, "P1 concede")
    table.refuses("game 3: P1 first; P1 Back-Alley Bar; P2 Grove of the God-Willow", rule="645.6")


def test_a_game_cannot_start_while_one_is_under_way_645_6():
    Table("strict", "match").do(GAME_1).refuses("game 2: P1 first; P1 Back-Alley Bar; P2 Grove of the God-Willow",
                                                rule="645.6")


def test_nobody_concedes_or_is_given_a_game_loss_before_game_1_starts_651():
    """Found by fuzzing: the loser of a game never begun was looked for in an empty turn order (StopIteration)."""
    for event in ("P1 concede", {"type": "game_loss", "player": "P2", "reason": "slow play"}):
        Table("strict", "match").refuses(event, rule="651")
        state = Table("audit", "match").flags(event, rule="651")
        assert state["winner"] is None and state["games"] == []


def test_a_concession_flagged_after_the_game_is_over_wins_no_game_633():
    """In an audit match the concession is kept and flagged; it must not count another game won."""
    table = Table("audit", "match").do(GAME_1, "P1 concede")
    table.flags("P2 concede", rule="633")
    table.flags("P1 concede", rule="633")
    assert table.state["games"] == [{"game": 1, "winner": "P2"}] and table.state["match_winner"] is None
    assert table.state["winner"] == "P2"


def test_a_match_cites_its_own_rules_for_battlefields_645_4_a_645_5_and_its_first_game_645_6():
    event = demo.match_created("strict", "test", "match")
    event["players"][0]["battlefields"] = ["Zaun Warrens"]
    with pytest.raises(engine.IllegalEvent) as refusal:
        engine.apply(None, event, CATALOG)
    assert [violation["rule"] for violation in refusal.value.violations] == ["645.4.a"]
    table = Table("strict", "match")
    table.refuses("game 1: P1 first; P1 Altar to Unity; P2 Altar to Unity", rule="645.5")
    table.refuses("game 2: P1 first; P1 Zaun Warrens; P2 Altar to Unity", rule="645.6")
