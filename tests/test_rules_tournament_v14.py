"""The Tournament Rules of 2026-07-16 and v1.4's match format, for v1.4 matches (issue 25): best of five and the
battlefields of games 4-5 and after a drawn game (v1.4 486.5-486.6.a, TR 406.1.b; engine/match_format.py), side
decks of up to 10 cards and sideboarding between games (TR 403, 601.1.c; engine/sideboard.py). v1.3 matches keep
April's rules and what the engine did before. Real gallery cards: Jax (Grandmaster at Arms) against Shen."""
from __future__ import annotations

from typing import Any

import pytest

import engine
from gallery_duel import GalleryTable, jax_vs_shen
from engine.views import redact_event
from replays import notation

# Jax's (P1) battlefields: Treasure Hoard, Zaun Warrens, Grove of the God-Willow; Shen's (P2): Altar to Unity,
# Back-Alley Bar, Trifarian War Camp.
JAX_SIDEBOARD = ["Back Off"] * 3 + ["Block"] * 3 + ["Brutal Hunter"] * 3 + ["Boneshiver"]  # 10 cards


def created(rules: str = "v1.4", best_of: int | None = None, policy: str = "strict",
            sideboard: list[str] | None = None) -> dict[str, Any]:
    event = jax_vs_shen(policy)
    event.update(mode="match", rules=rules)
    if best_of is not None:
        event["best_of"] = best_of
    if sideboard is not None:
        event["players"][0]["sideboard"] = list(sideboard)
    return event


def game(number: int, first: str, jax: str, shen: str) -> str:
    return f"game {number}: {first} first; P1 {jax}; P2 {shen}"


def result(table: GalleryTable) -> dict[str, Any]:
    return table.state["result"]


# -- best of five (v1.4 486.6.a) -----------------------------------------------------------------------------------
def test_a_v1_4_match_played_as_a_best_of_five_needs_three_game_wins_v1_4_486_6_a():
    """v1.4 486.6.a: "This format may be played as best of 5"; match_created asks for it with `best_of: 5`."""
    table = GalleryTable(created(best_of=5)).do(
        game(1, "P1", "Treasure Hoard", "Altar to Unity"), "P1 concede",
        game(2, "P1", "Zaun Warrens", "Back-Alley Bar"), "P2 concede",
        game(3, "P1", "Grove of the God-Willow", "Trifarian War Camp"), "P1 concede")
    assert table.state["games_to_win"] == 3 and result(table)["match"] is None  # 1-2: a best of three would be over
    table.do(game(4, "P1", "Treasure Hoard", "Altar to Unity"), "P2 concede",
             game(5, "P2", "Zaun Warrens", "Back-Alley Bar"), "P1 concede")
    assert result(table)["match"] == {"result": "win", "winner": "P2", "by": "games", "rule": "v1.4 486.6.a",
                                      "games_won": {"P1": 2, "P2": 3}, "draws": 0}


def test_a_best_of_five_has_no_game_six_v1_4_486_6_a():
    table = GalleryTable(created(best_of=5, policy="audit")).do(
        game(1, "P1", "Treasure Hoard", "Altar to Unity"), "P1 concede",
        game(2, "P1", "Zaun Warrens", "Back-Alley Bar"), "P2 concede",
        game(3, "P1", "Grove of the God-Willow", "Trifarian War Camp"), "P1 concede",
        game(4, "P1", "Treasure Hoard", "Altar to Unity"), "P2 concede",
        game(5, "P1", "Zaun Warrens", "Back-Alley Bar"), "P2 concede")
    assert result(table)["match"]["winner"] == "P1"
    table.flags(game(6, "P2", "Grove of the God-Willow", "Trifarian War Camp"), rule="v1.4 486.6")


@pytest.mark.parametrize("rules, mode, best_of, expected", [
    ("v1.3", "match", 5, "a match is a best of 3, or of 5 under Core Rules v1.4 (v1.4 486.6.a); this match is played "
                         "under v1.3"),
    ("2025", "match", 5, "this match is played under 2025"),
    ("v1.4", "match", 7, "'best_of' is 7"),
    ("v1.4", "duel", 3, "a duel is a best of 1 (rule 644.6)"),
])
def test_a_best_of_the_edition_or_mode_has_not_is_refused_naming_it(rules, mode, best_of, expected):
    event = dict(created(rules, best_of), mode=mode)
    with pytest.raises(engine.MalformedEvent, match="best_of") as refusal:
        engine.apply(None, event, GalleryTable(created()).catalog)
    assert expected in str(refusal.value)


def test_a_best_of_three_is_what_a_match_is_without_best_of_and_may_be_named():
    assert GalleryTable(created(best_of=3)).state["games_to_win"] == 2 == GalleryTable(created()).state["games_to_win"]


# -- battlefields in games 4 and 5 (v1.4 486.6.a.1-2) ---------------------------------------------------------------
def four_games(policy: str = "strict") -> GalleryTable:
    """A best of five at 2-1 after three games, each battlefield presented once."""
    return GalleryTable(created(best_of=5, policy=policy)).do(
        game(1, "P1", "Treasure Hoard", "Altar to Unity"), "P1 concede",
        game(2, "P1", "Zaun Warrens", "Back-Alley Bar"), "P2 concede",
        game(3, "P2", "Grove of the God-Willow", "Trifarian War Camp"), "P2 concede")


def test_games_4_and_5_of_a_best_of_five_may_present_a_removed_battlefield_v1_4_486_6_a():
    table = four_games().do(game(4, "P2", "Zaun Warrens", "Altar to Unity"), "P1 concede",
                            game(5, "P1", "Treasure Hoard", "Back-Alley Bar"))
    assert [bf["name"] for bf in table.state["battlefields"]] == ["Treasure Hoard", "Back-Alley Bar"]


def test_a_battlefield_presented_twice_is_not_presented_a_third_time_v1_4_486_6_a_2():
    table = four_games().do(game(4, "P2", "Zaun Warrens", "Altar to Unity"), "P1 concede")
    refusal = table.refuses(game(5, "P1", "Zaun Warrens", "Back-Alley Bar"), rule="v1.4 486.6.a.2")
    assert "'Zaun Warrens' a third time" in str(refusal)


def test_a_removed_battlefield_is_not_reused_in_game_3_of_a_best_of_five_v1_4_486_6_a():
    table = GalleryTable(created(best_of=5)).do(
        game(1, "P1", "Treasure Hoard", "Altar to Unity"), "P1 concede",
        game(2, "P1", "Zaun Warrens", "Back-Alley Bar"), "P2 concede")
    table.refuses(game(3, "P1", "Treasure Hoard", "Trifarian War Camp"), rule="v1.4 486.6.a")


def test_reuse_waits_until_every_battlefield_was_presented_v1_4_486_6_a_1():
    """Game 2 drawn: game 3 is played on its battlefields (TR 406.1.b), so in game 4 Jax has not yet presented
    Grove of the God-Willow and may not bring back Treasure Hoard."""
    table = GalleryTable(created(best_of=5)).do(
        game(1, "P1", "Treasure Hoard", "Altar to Unity"), "P1 concede",
        game(2, "P1", "Zaun Warrens", "Back-Alley Bar"), "agreed draw",
        game(3, "P1", "Zaun Warrens", "Back-Alley Bar"), "P2 concede")
    refusal = table.refuses(game(4, "P2", "Treasure Hoard", "Trifarian War Camp"), rule="v1.4 486.6.a.1")
    assert "has not yet presented 'Grove of the God-Willow'" in str(refusal)


# -- after a drawn game (v1.4 486.5.a, TR 406.1.b) ------------------------------------------------------------------
def test_after_a_drawn_game_the_same_battlefields_are_used_again_v1_4_486_5_a():
    table = GalleryTable(created()).do(game(1, "P1", "Treasure Hoard", "Altar to Unity"), "agreed draw",
                                       game(2, "P1", "Treasure Hoard", "Altar to Unity"))
    assert table.state["players"]["P1"]["battlefields_used"] == ["Treasure Hoard"]


def test_after_a_drawn_game_another_battlefield_is_refused_tr_406_1_b():
    table = GalleryTable(created()).do(game(1, "P1", "Treasure Hoard", "Altar to Unity"), "agreed draw")
    refusal = table.refuses(game(2, "P1", "Zaun Warrens", "Altar to Unity"), rule="TR 406.1.b")
    assert "must use the same battlefield 'Treasure Hoard' for game 2" in str(refusal)


def test_a_best_of_three_with_a_drawn_game_has_a_fourth_game_v1_4_486_5_a():
    """The patch notes' case: a drawn game used no battlefield, so a best of three may need four games."""
    table = GalleryTable(created()).do(
        game(1, "P1", "Treasure Hoard", "Altar to Unity"), "agreed draw",
        game(2, "P1", "Treasure Hoard", "Altar to Unity"), "P1 concede",
        game(3, "P1", "Zaun Warrens", "Back-Alley Bar"), "P2 concede")
    assert result(table)["match"] is None
    table.do(game(4, "P2", "Grove of the God-Willow", "Trifarian War Camp"), "P2 concede")
    assert result(table)["match"] == {"result": "win", "winner": "P1", "by": "games", "rule": "v1.4 486.6",
                                      "games_won": {"P1": 2, "P2": 1}, "draws": 1}


def test_a_v1_3_match_removes_a_drawn_games_battlefields_and_ends_after_three_games_v1_3_481_5():
    table = GalleryTable(created("v1.3")).do(game(1, "P1", "Treasure Hoard", "Altar to Unity"), "agreed draw")
    table.refuses(game(2, "P1", "Treasure Hoard", "Altar to Unity"), rule="645.5")
    table.do(game(2, "P1", "Zaun Warrens", "Back-Alley Bar"), "P1 concede",
             game(3, "P1", "Grove of the God-Willow", "Trifarian War Camp"), "P2 concede")
    assert result(table)["match"]["by"] == "games played" and result(table)["match"]["winner"] is None


# -- sideboards (TR 403, 601.1.c) ----------------------------------------------------------------------------------
def after_game_1(sideboard: list[str] = JAX_SIDEBOARD, policy: str = "strict") -> GalleryTable:
    return GalleryTable(created(sideboard=sideboard, policy=policy)).do(
        game(1, "P1", "Treasure Hoard", "Altar to Unity"), "P1 concede")


def test_a_side_deck_of_ten_cards_is_legal_in_a_v1_4_match_tr_601_1_c_1():
    table = GalleryTable(created(sideboard=JAX_SIDEBOARD))
    assert table.state["violations"] == []
    assert table.state["players"]["P1"]["sideboard"] == {"Back Off": 3, "Block": 3, "Boneshiver": 1,
                                                         "Brutal Hunter": 3}


def test_a_side_deck_of_eleven_cards_is_flagged_tr_601_1_c_1():
    table = GalleryTable(created(sideboard=[*JAX_SIDEBOARD, "Blood Rose"], policy="audit"))
    assert [(violation["rule"], violation["message"]) for violation in table.state["violations"]] == [
        ("TR 601.1.c.1", "P1's sideboard has 11 cards; it can have 10 or fewer")]


def test_a_v1_3_match_does_not_read_a_sideboard_as_before():
    """A deck reader left `sideboard` in match_created before editions: a v1.3 match never read it, nor does it now
    (April's 8 cards are the deck reader's business: tests/test_decks.py)."""
    table = GalleryTable(created("v1.3", sideboard=[*JAX_SIDEBOARD, "Blood Rose"], policy="audit"))
    assert table.state["violations"] == [] and "sideboard" not in table.state["players"]["P1"]


def test_sideboarding_between_games_exchanges_cards_one_for_one_and_builds_the_next_game_from_it_tr_403_4():
    table = after_game_1().do("P1 sideboard in Block; Block / out Doran's Shield; Veteran Poro")
    entry = table.state["players"]["P1"]
    assert entry["decklist"]["Block"] == 2 and entry["decklist"]["Doran's Shield"] == 2
    assert entry["sideboard"] == {"Back Off": 3, "Block": 1, "Boneshiver": 1, "Brutal Hunter": 3,
                                  "Doran's Shield": 1, "Veteran Poro": 1}
    table.do(game(2, "P1", "Zaun Warrens", "Back-Alley Bar"))
    assert table.state["players"]["P1"]["deck"]["Block"] == 2 and table.state["players"]["P1"]["deck_count"] == 39


@pytest.mark.parametrize("line, message", [
    ("P1 sideboard in Block; Block / out Doran's Shield", "sideboards 2 card(s) in and 1 out"),
    ("P1 sideboard in Sacred Shears / out Doran's Shield", "sideboards Sacred Shears in, but their sideboard has 0"),
    ("P1 sideboard in Back Off / out Block", "sideboards Block out, but their main deck has 0"),
])
def test_a_sideboarding_that_is_not_an_exchange_of_sideboard_for_main_deck_cards_is_refused_tr_403_4(line, message):
    refusal = after_game_1().refuses(line, rule="TR 403.4")
    assert message in str(refusal)


def test_the_deck_is_checked_again_after_sideboarding_tr_403_4_c():
    """A fourth Block in the main deck breaks the copy limit (103.2.b, v1.4 103.2.b) and TR 601.1.c.3."""
    table = after_game_1(sideboard=["Block"] * 4, policy="audit").do(
        "P1 sideboard in Block; Block; Block; Block / out Doran's Shield; Doran's Shield; Doran's Shield; "
        "Veteran Poro")
    rules = [violation["rule"] for violation in table.state["violations"]]
    assert "v1.4 103.2.b" in rules and "TR 601.1.c.3" in rules


def test_sideboarding_may_change_the_chosen_champion_tr_403_4_a():
    table = after_game_1(sideboard=[*JAX_SIDEBOARD[:9], "Jax, Unmatched"]).do(
        "P1 sideboard in Jax, Unmatched / out Veteran Poro / champion Jax, Unmatched",
        game(2, "P1", "Zaun Warrens", "Back-Alley Bar"))
    assert table.obj("P1", "Jax, Unmatched", "champion")["card"] == "Jax, Unmatched"


def test_a_chosen_champion_of_another_legend_is_refused_when_the_deck_is_checked_again_v1_4_103_2_a_2():
    after_game_1().refuses("P1 sideboard in Block / out Veteran Poro / champion Sett, Brawler",
                           rule="v1.4 103.2.a.2")


def test_sideboarding_before_the_first_game_is_refused_tr_403_5():
    GalleryTable(created(sideboard=JAX_SIDEBOARD)).refuses("P1 sideboard in Block / out Veteran Poro",
                                                           rule="TR 403.5")


def test_a_best_of_three_refuses_sideboarding_before_game_1_naming_its_format_tr_403_5():
    refusal = GalleryTable(created(sideboard=JAX_SIDEBOARD)).refuses("P1 sideboard in Block / out Veteran Poro",
                                                                     rule="TR 403.5")
    assert "this match is a best of 3" in str(refusal)


def duel(rules: str = "v1.4", sideboard: list[str] = JAX_SIDEBOARD) -> GalleryTable:
    """A best of one (a duel, 644.6) with Jax's side deck, before its game."""
    return GalleryTable({**created(rules, sideboard=sideboard), "mode": "duel"})


def test_a_best_of_one_sideboards_before_its_game_in_the_altered_setup_tr_406_1_g_5():
    """TR 406.1.g.5: in a "best of 1" competition's altered setup, players sideboard before the game "as if they were
    in between games of a 'best of 3' match"; the game is set up from the deck sideboarded, with the champion chosen
    then (406.1.g.6)."""
    table = duel(sideboard=[*JAX_SIDEBOARD[:9], "Jax, Unmatched"]).do(
        "P1 sideboard in Block; Jax, Unmatched / out Doran's Shield; Veteran Poro / champion Jax, Unmatched")
    assert table.state["violations"] == [] and table.state["game"] == 0
    table.do(game(1, "P1", "Treasure Hoard", "Altar to Unity"))
    entry = table.state["players"]["P1"]
    assert entry["deck"]["Block"] == 1 and entry["deck"]["Doran's Shield"] == 2 and entry["deck_count"] == 39
    assert table.obj("P1", "Jax, Unmatched", "champion")["card"] == "Jax, Unmatched"


def test_a_best_of_one_refuses_sideboarding_once_its_game_has_begun_tr_403_4():
    duel().do(game(1, "P1", "Treasure Hoard", "Altar to Unity")).refuses("P1 sideboard in Block / out Veteran Poro",
                                                                         rule="TR 403.4")


def test_a_v1_3_best_of_one_refuses_sideboarding_before_its_game_as_before():
    refusal = duel("v1.3").refuses({"type": "sideboard", "player": "P1", "in": ["Block"], "out": ["Veteran Poro"]},
                                   rule="TR 403.4")
    assert "this match is played under v1.3" in str(refusal)


def test_sideboarding_during_a_game_is_refused_tr_403_4():
    table = GalleryTable(created(sideboard=JAX_SIDEBOARD)).do(game(1, "P1", "Treasure Hoard", "Altar to Unity"))
    table.refuses("P1 sideboard in Block / out Veteran Poro", rule="TR 403.4")


def test_sideboarding_after_a_drawn_game_is_refused_tr_403_10():
    table = GalleryTable(created(sideboard=JAX_SIDEBOARD)).do(
        game(1, "P1", "Treasure Hoard", "Altar to Unity"), "agreed draw")
    table.refuses("P1 sideboard in Block / out Veteran Poro", rule="TR 403.10")


def test_sideboarding_after_a_first_game_skipped_by_a_penalty_is_refused_tr_403_9():
    table = GalleryTable(created(sideboard=JAX_SIDEBOARD)).do(
        'P2 penalty game_loss decklist_error "TR 703.3"')
    assert result(table)["games"][0]["rule"] == "TR 701.2.b.1"
    table.refuses("P1 sideboard in Block / out Veteran Poro", rule="TR 403.9")


def test_sideboarding_after_the_match_is_refused_tr_403_4():
    table = after_game_1().do("P2 concede match")
    table.refuses("P1 sideboard in Block / out Veteran Poro", rule="TR 403.4")


def test_a_v1_3_match_refuses_sideboarding_as_before():
    table = GalleryTable(created("v1.3", sideboard=JAX_SIDEBOARD)).do(
        game(1, "P1", "Treasure Hoard", "Altar to Unity"), "P1 concede")
    refusal = table.refuses({"type": "sideboard", "player": "P1", "in": ["Block"], "out": ["Veteran Poro"]},
                            rule="TR 403.4")
    assert "this match is played under v1.3" in str(refusal)


def test_a_sideboarding_is_private_to_its_player_but_its_count_is_public_tr_403_6():
    table = after_game_1().do("P1 sideboard in Block; Back Off / out Veteran Poro; Doran's Shield")
    event = table.events[-1]
    assert redact_event(event, "P2")["in"] == [None, None]
    assert redact_event(event, "P1") == event
    assert "sideboard" not in engine.view(table.state, "P1")["players"]["P1"]


def test_sideboarding_and_the_best_of_and_sideboard_tags_read_back_from_the_notation():
    table = four_games()
    created_event = created(best_of=5, sideboard=JAX_SIDEBOARD)
    sideboarded = after_game_1().do("P1 sideboard in Block / out Veteran Poro / champion Jax, Unrelenting")
    for events, catalog in ((table.events, table.catalog), ([created_event], table.catalog),
                            (sideboarded.events, sideboarded.catalog)):
        text = notation.write_match(events, catalog)
        assert notation.parse_match(text, catalog) == events, text
    assert "[BestOf \"5\"]" in notation.write_match([created_event], table.catalog)
    assert "P1 sideboard in Block / out Veteran Poro / champion Jax, Unrelenting" in notation.write_match(
        sideboarded.events, sideboarded.catalog)


def test_the_viewer_and_recording_log_word_a_sideboarding_for_each_view_tr_403_6():
    from web.describe import describe_event
    event = {"type": "sideboard", "player": "P1", "in": ["Block", "Back Off"], "out": ["Veteran Poro", "Block"]}
    assert describe_event(event, viewer="judge") == (
        "P1 sideboards (TR 403.4): in 2 cards: Block, Back Off, out 2 cards: Veteran Poro, Block")
    assert describe_event(redact_event(event, "P2"), viewer="P2") == "P1 sideboards (TR 403.4): in 2 cards, out 2 cards"


# -- a position after drawn games (v1.4 486.5.a) -------------------------------------------------------------------
def drawn_position(head: str, p1_won: int = 0, p2_won: int = 1, rules: str = "v1.4") -> Any:
    """A match (best of three) from a position whose head ends with `head` ("game 4 drawn 1"), each player having
    won the games given before it."""
    from table import WITH_UNITS, Table
    line = WITH_UNITS.replace("first P1 |", f"first P1 {head} |")
    for player, won in (("P1", p1_won), ("P2", p2_won)):
        line = line.replace(f"{player} 0 bf", f"{player} 0 won:{won} bf" if won else f"{player} 0 bf")
    return Table.from_position(line, mode="match", rules=rules)


def test_a_position_after_a_drawn_game_may_be_game_four_of_a_best_of_three_v1_4_486_5_a():
    """v1.4 486.5.a: a drawn game's battlefields are used again, so each drawn game makes room for one more game
    (engine/match_format.py): game 4 of a best of three after one win each and a draw. The state's position
    writes it back."""
    table = drawn_position("game 4 drawn 1", p1_won=1, p2_won=1)
    assert table.state["game"] == 4 and sorted(str(game["winner"]) for game in table.state["games"]) == \
        ["None", "P1", "P2"]
    described = notation.position_of(table.state)
    assert described["game"] == 4 and described["games_drawn"] == 1 and described["games_won"] == {"P1": 1, "P2": 1}
    assert notation.parse_position(notation.write_position(described)) == described


def test_a_position_counts_its_drawn_games_among_the_games_before_it():
    """Game 3 after one draw and one win: the games before it are the drawn one and the won one."""
    table = drawn_position("game 3 drawn 1")
    assert table.state["game"] == 3 and len(table.state["games"]) == 2


def test_a_position_past_the_games_its_draws_make_room_for_is_malformed_v1_4_486_5_a():
    with pytest.raises(notation.InvalidNotation, match=r"a match has games 1 to 4 \(its best of 3, and one more "
                                                       r"for each of 1 drawn games"):
        drawn_position("game 5 drawn 1", p1_won=1, p2_won=1)


def test_games_won_and_drawn_must_add_up_to_the_games_before_this_one():
    with pytest.raises(notation.InvalidNotation, match=r"\(2 in all with the 0 drawn, fewer than 2 each\)"):
        drawn_position("game 3")
    from table import WITH_UNITS, Table
    event = notation.parse_position(WITH_UNITS.replace("first P1 |", "first P1 game 2 |"))
    event["games_drawn"] = -1
    with pytest.raises(engine.MalformedEvent, match=r"'games_drawn' counts the drawn games"):
        Table(mode="match", rules="v1.4").do(event)


def test_a_v1_3_match_has_no_game_four_after_a_draw_v1_3_481_5():
    """v1.3 481.5 removes a drawn game's battlefields too: a best of three has three games, drawn or not."""
    assert drawn_position("game 3 drawn 1", rules="v1.3").state["game"] == 3
    with pytest.raises(notation.InvalidNotation, match=r"a match has games 1 to 3, not 4"):
        drawn_position("game 4 drawn 1", p1_won=1, p2_won=1, rules="v1.3")


# -- the altered setup's random battlefield (TR 406.1.g.2) ----------------------------------------------------------
def test_the_altered_setups_battlefield_is_one_of_the_three_registered_tr_406_1_g_2():
    """TR 406.1.g.2: each player "randomly selects one of their three Battlefields" before sideboarding. What is
    recorded is the one selected, as `game_started` names it (the randomness is the table's, as in any best of
    one's setup, v1.4 485.5); what is checked is that it is one of the three registered, which sideboarding
    cannot change (TR 403.4.b): Shen's Treasure Hoard is Jax's, and refused."""
    table = duel(sideboard=JAX_SIDEBOARD).do("P1 sideboard in Block / out Veteran Poro")
    refusal = table.refuses(game(1, "P1", "Treasure Hoard", "Treasure Hoard"), rule="v1.4 485.5")
    assert "P2 chose battlefield 'Treasure Hoard', which is not one of the three they brought" in str(refusal)
    table.do(game(1, "P1", "Treasure Hoard", "Altar to Unity"))
    assert [entry["name"] for entry in table.state["battlefields"]] == ["Treasure Hoard", "Altar to Unity"]


def test_a_battlefield_is_not_sideboarded_in_the_altered_setup_tr_403_4_b():
    duel(sideboard=JAX_SIDEBOARD).refuses("P1 sideboard in Block / out Zaun Warrens", rule="TR 403.4")
