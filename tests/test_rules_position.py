"""Starting from a described position (the contract's `position` event, seq 2)."""
from __future__ import annotations

import copy

import pytest

import engine
from positions import ARENA
from table import Table

POSITION = {
    "type": "position", "turn": 5, "turn_player": "P1", "first_player": "P1", "phase": "action",
    "battlefields": {"P1": "Zaun Warrens", "P2": "Altar to Unity"}, "control": {"P1": [], "P2": ["bf2"]},
    "players": {
        "P1": {"points": 2, "hand": ["Shakedown", "Gust", None], "deck_count": 34, "rune_deck_count": 6,
               "trash": ["Void Seeker"], "banishment": [], "champion": "zone",
               "runes": [{"card": "Fury Rune", "exhausted": False}] * 3 + [{"card": "Chaos Rune", "exhausted": True}] * 3,
               "units": [{"card": "Legion Rearguard", "at": "base", "exhausted": False, "damage": 1, "buff": 1,
                          "stunned": False, "might": 0}],
               "gear": []},
        "P2": {"points": 3, "hand": [None, None, None], "deck_count": 34, "rune_deck_count": 7,
               "trash": [], "banishment": [], "champion": "zone",
               "runes": [{"card": "Calm Rune", "exhausted": False}] * 5,
               "units": [{"card": "Stalwart Poro", "at": "bf2", "exhausted": True, "might": 2},
                         {"card": "Recruit", "at": "base"}],
               "gear": [{"card": "Orb of Regret", "exhausted": False}]},
    },
}


def test_a_position_sets_up_the_board_as_it_stood():
    state = Table().do(copy.deepcopy(POSITION)).state
    assert (state["turn"], state["turn_player"], state["phase"], state["priority"]) == (5, "P1", "action", "P1")
    assert state["scores"] == {"P1": 2, "P2": 3}
    assert state["battlefields"][1]["controller"] == "P2" and state["battlefields"][0]["controller"] is None
    p1, p2 = state["players"]["P1"], state["players"]["P2"]
    assert (p1["hand_count"], p1["deck_count"], p1["rune_deck_count"], len(p1["runes"])) == (3, 34, 6, 6)
    rearguard = state["objects"][p1["base"][0]]
    assert (rearguard["card"], rearguard["damage"], rearguard["might"]) == ("Legion Rearguard", 1, 3)
    poro = state["objects"][state["battlefields"][1]["units"][0]]
    assert (poro["card"], poro["might"], poro["exhausted"]) == ("Stalwart Poro", 4, True)
    assert [state["objects"][object_id]["card"] for object_id in p2["base"]] == ["Recruit", "Orb of Regret"]
    assert state["objects"][p2["base"][0]]["token"]
    assert state["violations"] == []


def test_play_goes_on_from_a_position():
    table = Table().do(copy.deepcopy(POSITION), "P1 play Shakedown -> Stalwart Poro $2 / Fury Rune", "P1 pass",
                       "P2 pass", "resolve Shakedown: damage Stalwart Poro 6")
    assert table.obj("P2", "Stalwart Poro", "trash")
    assert table.state["battlefields"][1]["controller"] is None  # the Poro was P2's only unit there (181.4.d)
    table.do("P1 end turn", "P2 pass")
    assert table.state["scores"]["P2"] == 3  # so P2 has nothing to hold (630.2)
    assert table.state["players"]["P2"]["channeled_once"]


def test_a_this_turn_might_change_expires_at_the_end_of_the_turn():
    table = Table().do(copy.deepcopy(POSITION), "P1 end turn")
    assert table.obj("P2", "Stalwart Poro")["might"] == 2


def test_a_position_is_only_ever_seq_2():
    table = Table.after_setup()
    with pytest.raises(engine.MalformedEvent, match="only ever seq 2"):
        table.do(copy.deepcopy(POSITION))


@pytest.mark.parametrize("change, rule", [
    (lambda position: position["players"]["P1"].update(deck_count=30), "103.2"),
    (lambda position: position["players"]["P1"].update(hand=["Gust"] * 3), "103.2"),
    (lambda position: position["players"]["P2"].update(rune_deck_count=3), "103.3.a"),
    (lambda position: position["players"]["P2"].update(runes=[{"card": "Calm Rune"}] * 7), "103.3.a"),
    (lambda position: position["battlefields"].update(P1="Altar to Unity"), "644.5"),
])
def test_a_position_that_does_not_add_up_is_refused_or_flagged(change, rule):
    position = copy.deepcopy(POSITION)
    change(position)
    table = Table()
    table.refuses(position, rule=rule)
    audit = Table("audit")
    audit.flags(position, rule=rule)


@pytest.mark.parametrize("change, message", [
    (lambda position: position.update(phase="end"), "'phase' must be one of"),
    (lambda position: position.update(turn=0), "'turn' must be 1 or more"),
    (lambda position: position.update(turn_player="P3"), "unknown player 'P3'"),
    (lambda position: position["players"].pop("P2"), "'players' must describe P1, P2"),
    (lambda position: position["players"]["P1"].pop("points"), "P1 needs 'points'"),
    (lambda position: position["players"]["P1"].update(units=[{"card": "Gust", "at": "bf9"}]), "no location"),
    (lambda position: position["players"]["P1"].update(units=["Legion Rearguard"]), "must be a map with 'card'"),
    (lambda position: position["players"]["P1"].update(facedown=["Block"]), "facedown cards must be a map"),
    (lambda position: position["players"]["P1"].update(facedown=[{"card": "Block", "at": "bf9"}]), "a battlefield id"),
    (lambda position: position.update(control={"P1": ["bf7"]}), "no battlefield of this match"),
    (lambda position: position["players"]["P1"].update(trash=["No Such Card"]), "unknown card 'No Such Card'"),
    (lambda position: position.update(control={"P1": 3}), "'control' maps players to lists of battlefield ids"),
    (lambda position: position["players"].update(P1="everything"), "P1 must be described by a map"),
    (lambda position: position["players"]["P1"].update(pool={"energy": "x"}), "'pool' must be"),
    (lambda position: position["players"]["P1"]["units"][0].update(damage="1"), "needs a whole number 'damage'"),
    (lambda position: position["players"]["P1"]["units"][0].update(might=1.5), "needs a whole number 'might'"),
    # Found by fuzzing (tests/fuzzing.py): each of these was a TypeError or AttributeError, a 500 at the server.
    (lambda position: position["players"]["P1"]["units"][0].update(at=3), "needs 'at' naming a location"),
    (lambda position: position.update(contested={"bf2": {"P1": True}}), "'contested' maps battlefield ids"),
    (lambda position: position.update(scored={"P1": [["bf1"]]}), "'scored' maps players to lists"),
])
def test_a_malformed_position_is_refused(change, message):
    position = copy.deepcopy(POSITION)
    change(position)
    with pytest.raises(engine.MalformedEvent, match=message):
        Table("audit").do(position)


def test_a_position_in_the_channel_phase_of_the_second_players_first_turn_awaits_three_runes_644_7():
    position = copy.deepcopy(POSITION)
    position.update(turn=2, turn_player="P2", phase="channel")
    position["players"]["P2"].update(runes=[], rune_deck_count=12)
    table = Table().do(position)
    table.refuses("P2 channel Calm Rune; Mind Rune", rule="644.7")
    table.do("P2 channel Calm Rune; Mind Rune; Calm Rune")


def test_a_unit_alone_at_a_battlefield_its_player_does_not_control_is_refused_181_4_a():
    # Legion Rearguard alone at Zaun Warrens (bf1), which P1 neither controls nor contests: P1 would control it.
    line = ARENA.replace("base:Legion Rearguard;", "bf1:Legion Rearguard base:")
    Table().refuses(f"position {line}", rule="181.4.a")
    table = Table.from_position(line.replace("P1 0 bf:Zaun Warrens", "P1 0 bf:Zaun Warrens controls:bf1"))
    assert table.state["battlefields"][0]["controller"] == "P1"
    contested = Table.from_position(line.replace("P1 0 bf:Zaun Warrens", "P1 0 bf:Zaun Warrens contests:bf1"))
    assert contested.state["showdown"]["battlefield"] == "bf1"
