"""Setup: deck construction (103), the setup process (110-118) and the duel (644)."""
from __future__ import annotations

import pytest

import engine
from replays import demo
from table import CATALOG, SETUP, Table


def created(policy: str = "strict", **changes) -> dict:
    event = demo.match_created(policy, "test")
    for player_index, field, value in changes.get("player_changes", []):
        event["players"][player_index][field] = value
    return event


def test_match_created_starts_in_setup_awaiting_the_game():
    state = engine.apply(None, created(), CATALOG)
    assert state["seq"] == 1 and state["phase"] == "setup" and state["game"] == 0
    assert state["awaiting"] == [{"player": None, "kind": "game_started"}]
    assert state["players"]["P1"]["deck_count"] == 40 and state["players"]["P1"]["rune_deck_count"] == 12


@pytest.mark.parametrize("field, value, rule", [
    ("deck", demo.decks()[0]["deck"][:39], "103.2"),
    ("deck", demo.decks()[0]["deck"][:36] + ["Gust"] * 4, "103.2.b"),
    ("deck", demo.decks()[0]["deck"][:39] + ["Defy"], "103.1.b.3"),  # a single-domain card (Calm)
    ("deck", demo.decks()[0]["deck"][:39] + ["Fox-Fire"], "103.1.b.4"),  # a Calm/Mind card
    ("champion", "Ahri, Inquisitive", "103.2.a.2"),
    ("runes", ["Fury Rune"] * 11, "103.3.a"),
    ("runes", ["Fury Rune"] * 11 + ["Calm Rune"], "103.3.a.1"),
    ("battlefields", ["Zaun Warrens"], "644.4.a"),
])
def test_deck_construction_is_refused_in_strict_and_flagged_in_audit(field, value, rule):
    with pytest.raises(engine.IllegalEvent) as refusal:
        engine.apply(None, created(player_changes=[(0, field, value)]), CATALOG)
    assert rule in [violation["rule"] for violation in refusal.value.violations]
    state = engine.apply(None, created("audit", player_changes=[(0, field, value)]), CATALOG)
    assert rule in [violation["rule"] for violation in state["violations"]]


@pytest.mark.parametrize("change, message", [
    ({"mode": "ffa4"}, r"a ffa4 match has 4 players \(rule 647.1\), got 2"),
    ({"mode": "chess"}, "unknown mode"),
    ({"policy": "lenient"}, "'policy' must be 'strict' or 'audit'"),
    ({"catalog": "other"}, "names catalog 'other'"),
    ({"players": []}, "has 2 players"),
    ({"players": "P1"}, "field 'players' must be a list"),
])
def test_malformed_match_created_is_refused(change, message):
    event = {**created(), **change}
    with pytest.raises(engine.MalformedEvent, match=message):
        engine.apply(None, event, CATALOG)


def test_unknown_card_in_a_deck_is_malformed_in_any_policy():
    for policy in ("strict", "audit"):
        event = created(policy, player_changes=[(1, "deck", ["Not A Card"] * 40)])
        with pytest.raises(engine.MalformedEvent, match="unknown card 'Not A Card' in P2's deck"):
            engine.apply(None, event, CATALOG)


def test_cards_may_be_named_by_catalog_code():
    event = created()
    code = CATALOG.card("Legion Rearguard")["code"]
    event["players"][0]["deck"] = [code if name == "Legion Rearguard" else name for name in event["players"][0]["deck"]]
    state = engine.apply(None, event, CATALOG)
    assert state["players"]["P1"]["deck"]["Legion Rearguard"] == 2


def test_first_player_fixes_the_turn_order_115_1_b():
    table = Table().do("game 1: P2 first; P1 Zaun Warrens; P2 Altar to Unity")
    assert table.state["turn_order"] == ["P2", "P1"]


def test_legend_and_champion_take_their_zones_111_112():
    table = Table.after_setup()
    p1 = table.state["players"]["P1"]
    assert table.state["objects"][p1["legend"]]["card"] == "Loose Cannon"
    assert table.state["objects"][p1["champion_zone"]]["card"] == "Jinx, Demolitionist"
    assert p1["deck"]["Jinx, Demolitionist"] == 2  # the chosen champion left the main deck


def test_battlefields_are_chosen_from_the_three_brought_644_5():
    Table().refuses("game 1: P1 first; P1 Altar to Unity; P2 Altar to Unity", rule="644.5")


def test_players_each_draw_four_116():
    table = Table().do("game 1: P1 first; P1 Zaun Warrens; P2 Altar to Unity")
    assert {entry["kind"] for entry in table.state["awaiting"]} == {"draw"}
    table.refuses("P1 draw Legion Rearguard; Shakedown; Hard Bargain", rule="116")


def test_a_mulligan_sets_aside_at_most_two_117_1():
    table = Table().do("game 1: P1 first; P1 Zaun Warrens; P2 Altar to Unity",
                       "P1 draw Legion Rearguard; Shakedown; Hard Bargain; Gust",
                       "P2 draw Defy; Defy; Stupefy; Retreat")
    table.refuses("P1 mulligan Legion Rearguard; Shakedown; Hard Bargain", rule="117.1")
    table.refuses("P2 keep", rule="117")  # P1 goes first


def test_a_mulligan_draws_replacements_then_recycles_the_set_aside_cards_117_2_117_3():
    table = Table().do("game 1: P1 first; P1 Zaun Warrens; P2 Altar to Unity",
                       "P1 draw Legion Rearguard; Shakedown; Hard Bargain; Gust",
                       "P2 draw Defy; Defy; Stupefy; Retreat")
    gust = table.find("P1", "Gust", "hand")
    table.do("P1 mulligan Gust")
    assert table.state["awaiting"] == [{"player": "P1", "kind": "draw", "count": 1, "rule": "117.2"}]
    table.refuses("P1 draw Flash; Flash", rule="117.2")
    table.do("P1 draw Flash")
    p1 = table.state["players"]["P1"]
    assert gust not in table.state["objects"]  # back in the deck: nobody can tell it apart any more
    assert p1["deck"]["Gust"] == 2 and p1["deck_count"] == 39 - 4 - 1 + 1
    assert table.state["awaiting"] == [{"player": "P2", "kind": "mulligan"}]


def test_the_first_player_takes_the_first_turn_after_the_mulligans_118():
    table = Table().do("game 1: P2 first; P1 Zaun Warrens; P2 Altar to Unity",
                       "P1 draw Legion Rearguard; Shakedown; Hard Bargain; Gust",
                       "P2 draw Stalwart Poro; Discipline; Clockwork Keeper; Rune Prison", "P2 keep", "P1 keep")
    assert table.state["turn"] == 1 and table.state["turn_player"] == "P2"
    assert table.state["phase"] == "beginning"  # the beginning step waits for its triggers (315.2.a)
    assert table.state["awaiting"] == [{"player": "P2", "kind": "channel", "count": 2, "rule": "315.3.b"}]


def test_game_started_twice_is_refused():
    Table.after_setup().refuses("game 1: P1 first; P1 Zaun Warrens; P2 Altar to Unity", rule="644.6")


def test_a_duel_is_a_best_of_one_644_6():
    Table().refuses("game 2: P1 first; P1 Zaun Warrens; P2 Altar to Unity", rule="644.6")


def test_a_mulligan_cannot_set_aside_the_same_card_twice_117_1():
    table = Table().do(*SETUP[:3])
    card = table.state["players"]["P1"]["hand"][0]
    table.refuses({"type": "mulligan", "player": "P1", "set_aside": [card, card]}, rule="117.1")
