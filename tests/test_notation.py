"""The notation (.rln): round trips, golden matches, every event's line, positions, errors and the header.

Rules tests written in notation live in tests/test_rules_*.py.
"""
from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

import engine
from engine.events import EFFECT_FIELDS, EVENT_FIELDS
from engine.views import as_sent
from replays import demo, notation
from table import AT_ACTION, CATALOG, SETUP, WITH_UNITS, Table
from test_engine import demo_events

DATA = Path(__file__).resolve().parent / "data"
GOLDEN = sorted(path.stem for path in DATA.glob("golden_*.rln"))


# -- helpers ---------------------------------------------------------------------------------------------------
def cards(state: dict[str, Any], ids: list[str]) -> list[str | None]:
    return [state["objects"][object_id]["card"] for object_id in ids]


def chain(state: dict[str, Any]) -> list[str]:
    return [item["card"] for item in state["chain"]]


def summary(state: dict[str, Any]) -> dict[str, Any]:
    """What a golden match's .json checks: the judge's view of the final state, in brief."""
    return {"turn": state["turn"], "turn_player": state["turn_player"], "phase": state["phase"],
            "scores": state["scores"], "winner": state["winner"],
            "violations": [violation["rule"] for violation in state["violations"]],
            "players": {player: {"hand_count": entry["hand_count"], "base": cards(state, entry["base"]),
                                 "trash": cards(state, entry["trash"])}
                        for player, entry in state["players"].items()},
            "chain": chain(state)}


def golden(name: str) -> str:
    return (DATA / f"{name}.rln").read_text(encoding="utf-8")


def assert_round_trip(events: list[dict[str, Any]]) -> str:
    """parse(write(events)) == events, the folds are equal, and writing is stable on a second pass."""
    text = notation.write_match(events)
    again = notation.parse_match(text)
    assert again == events
    assert engine.fold(again, CATALOG) == engine.fold(events, CATALOG)
    assert notation.write_match(again) == text
    return text


# -- round trips ---------------------------------------------------------------------------------------------
@pytest.mark.parametrize("policy", ["strict", "audit"])
def test_every_demo_match_round_trips(policy):
    text = assert_round_trip(demo_events(policy))
    assert "P1 play Shakedown -> Stalwart Poro $2 / Fury Rune" in text
    assert "resolve Shakedown: damage Stalwart Poro 6" in text
    assert not [line for line in text.splitlines() if line.startswith("{")]  # no event needed the JSON fallback


@pytest.mark.parametrize("name", GOLDEN)
def test_every_golden_match_round_trips(name):
    events = notation.parse_match(golden(name))
    written = assert_round_trip(events)
    assert notation.write_match(notation.parse_match(written)) == written


@pytest.mark.parametrize("name", GOLDEN)
def test_golden_match(name):
    state = engine.fold(notation.parse_match(golden(name)), CATALOG)
    assert summary(state) == json.loads((DATA / f"{name}.json").read_text(encoding="utf-8"))


def test_the_recorded_demo_matches_export_and_import(log, demo_ids):
    for match_id in demo_ids:
        text = notation.export_match(log, match_id)
        copy_id, token = notation.import_match(log, text)
        assert [as_sent(entry["event"]) for entry in log.events(copy_id)] == \
            [as_sent(entry["event"]) for entry in log.events(match_id)]
        assert log.check_token(copy_id, token)
        assert notation.export_match(log, copy_id) == text
    assert 'note "Refused: P2 tried to play Sunlit Guardian' in notation.export_match(log, demo_ids[0])


def test_the_writer_marks_turns_and_flagged_lines():
    text = notation.write_match(demo_events("audit"))
    assert "\n== Turn 5: P1 ==\nP1 channel Fury Rune; Chaos Rune\n" in text
    assert "P2 play Rune Prison -> Legion Rearguard $2 / Calm Rune  # flagged: rule 334.1.a" in text
    assert text.startswith('[Mode "duel"]\n[Rules "v1.3"]\n[Abilities "declared"]\n[Policy "audit"]\n'
                           '[Catalog "demo"]\n[Event "test"]\n'
                           '[Round "1"]\n')
    assert '[P1 "Ana"]\n[P1Deck "demo deck 1"]\n' in text


def test_a_long_generated_match_round_trips(make_match_created, duel_game):
    events = [make_match_created("audit", info={"event": "generated", "round": 2})] + duel_game(40)
    text = assert_round_trip(events)
    assert "\n== Turn 40: P2 ==\n" in text


# -- every event type and effect op -----------------------------------------------------------------------------
def every_event(state: dict[str, Any]) -> list[dict[str, Any]]:
    """One event of each type (some of each shape), against Table.with_units() after Shakedown on the Poro."""
    poro, rearguard = demo.find(state, "P2", "Stalwart Poro"), demo.find(state, "P1", "Legion Rearguard")
    runes, hand, item = state["players"]["P1"]["runes"], state["players"]["P1"]["hand"], state["chain"][0]["id"]
    pay = {"exhaust": runes[-1:], "recycle": []}
    return [
        {"type": "game_started", "game": 1, "first_player": "P1",
         "battlefields": {"P1": "Zaun Warrens", "P2": "Altar to Unity"}},
        {"type": "draw", "player": "P1", "cards": ["Gust", None]},
        {"type": "mulligan", "player": "P1", "set_aside": hand[:2]},
        {"type": "mulligan", "player": "P1", "set_aside": []},
        {"type": "channel", "player": "P1", "runes": ["Fury Rune", "Chaos Rune"]},
        {"type": "concede", "player": "P2"},
        {"type": "concede", "player": "P2", "match": True},
        {"type": "agreed_draw"}, {"type": "agreed_draw", "match": True},
        {"type": "sideboard", "player": "P1", "in": ["Gust", None], "out": ["Flash", "Defy"]},
        {"type": "sideboard", "player": "P2", "in": [], "out": [], "champion": "Defy"},
        {"type": "time", "extra_turns": 3}, {"type": "time", "extra_turns": 3, "called_at_seq": 40},
        {"type": "error", "player": "P2", "infraction": "missed_trigger", "source": poro, "ability": "when targeted"},
        {"type": "error", "player": "P1", "infraction": "forgetting_to_score_a_point", "battlefield": "bf1"},
        {"type": "error", "player": "P1", "infraction": "forgetting_to_ready", "objects": [rearguard, poro]},
        {"type": "error", "player": "P1", "infraction": "forgetting_to_draw_cards", "count": 2, "note": "as seen"},
        {"type": "remedy", "player": "P1", "infraction": "missed_trigger", "about": 12, "choice": "resolve"},
        {"type": "remedy", "player": "P1", "infraction": "missed_trigger", "choice": "miss", "source": poro,
         "ability": "when targeted"},
        {"type": "remedy", "player": "P1", "infraction": "forgetting_to_draw_cards", "cards": ["Gust", None]},
        {"type": "remedy", "player": "P1", "infraction": "mispayment_for_cost", "about": 9, "exhaust": runes[:1],
         "recycle": []},
        {"type": "play", "player": "P1", "card": "Gust", "targets": [item], "pay": pay},
        {"type": "play", "player": "P1", "card": "Legion Rearguard", "from": "champion", "to": "bf1",
         "options": {"accelerate": True, "x": [1]}, "pay": {"exhaust": [], "recycle": runes[:1]}},
        {"type": "play", "player": "P1", "card": hand[0]},
        {"type": "activate", "player": "P1", "source": rearguard, "ability": 0, "targets": [poro, "P2", "bf1"],
         "pay": pay},
        {"type": "activate", "player": "P1", "source": rearguard, "ability": "tap: ping"},
        {"type": "activate", "player": "P1", "source": "bf1", "ability": 1, "targets": [poro],
         "options": {"discard": [hand[0]], "domain": "Fury"}, "pay": pay},
        {"type": "add", "player": "P1", "exhaust": runes[-1:], "recycle": runes[:1]},
        {"type": "hide", "player": "P1", "card": "Gust", "battlefield": "bf1", "pay": pay},
        {"type": "move", "player": "P1", "units": [rearguard], "to": "bf2"},
        {"type": "pass", "player": "P1"},
        {"type": "invite", "player": "P1", "invitee": "P2"},
        {"type": "end_turn", "player": "P1"},
        {"type": "trigger", "player": "P2", "source": poro, "ability": "when targeted", "targets": [poro]},
        {"type": "trigger", "player": "P1", "source": "bf1", "ability": "conquer"},
        {"type": "trigger", "player": "P1", "source": "bf1", "ability": "conquer",
         "options": {"repeat": [{"discard": 1}], "discard": ["Gust"]}},
        {"type": "trigger", "player": "P1", "source": rearguard, "ability": "when I attack",
         "cost": {"power": {"Fury": 1}}, "pay": {"exhaust": [], "recycle": runes[:1]}},
        {"type": "assign_damage", "player": "P1", "assignments": {poro: 3, rearguard: 1}},
        {"type": "choose", "player": "P1", "choice": "bf1"},
        {"type": "choose", "player": "P1", "choice": [poro, rearguard]},
        {"type": "choose", "player": "P1", "choice": {"order": [1, 2]}},
        {"type": "note", "text": 'He said "no" # not a comment', "about": 12},
        {"type": "rewind", "to": 12, "reason": "misplayed"},
        {"type": "game_loss", "player": "P2", "reason": "marked cards"},
        {"type": "rewind", "to": 12, "reason": "a hidden draw", "by": "head_judge", "returned": {"P1": ["Gust", None]}},
        {"type": "penalty", "player": "P2", "penalty": "warning", "infraction": "general_error", "rule": "TR 702.16",
         "remedy": "rewind (TR 702.16.c.1)", "note": 'said "pass"'},
        {"type": "penalty", "player": "P1", "penalty": "game_loss", "infraction": "mispayment_for_cost",
         "rule": "TR 702.9", "upgrade": {"from": "warning", "rule": "TR 702.1.b.1", "same": 3, "total": 3}},
        {"type": "penalty", "player": "P2", "penalty": "match_loss", "infraction": "bribery", "rule": "TR 704.5",
         "carried": {"match": "m3", "seq": 40}},
        {"type": "penalty", "player": "P1", "penalty": "game_loss", "infraction": "slow_play", "rule": "TR 703.2",
         "simultaneous": [{"player": "P2", "infraction": "slow_play", "penalty": "game_loss", "rule": "TR 703.2",
                           "note": "both, at once (TR 701.2.b.3)"}]},
        {"type": "static", "source": rearguard, "affects": {"who": "friendly", "other": True, "where": "here"},
         "might": 1, "text": "Other friendly units here have +1 Might."},
        {"type": "static", "source": "bf1", "affects": {"who": "all", "where": "here"}, "keywords": ["Tank"]},
        {"type": "play", "player": "P1", "card": "Gust", "statics": [{"affects": {"who": "self"}, "enter_ready": True}],
         "pay": pay},
        {"type": "replace", "player": "P2", "event": {"op": "kill", "target": poro}, "source": poro,
         "until": "permanent", "with": [{"op": "recall", "target": poro}, {"op": "exhaust", "target": poro},
                                        {"op": "might", "target": poro, "delta": 1, "until": "turn"}]},
        {"type": "replace", "player": "P2", "event": {"op": "kill", "target": poro}, "with": []},
        {"type": "resolve", "item": item, "effects": []},
        {"type": "resolve", "item": item, "targets_kept": [poro], "effects": [
            {"op": "damage", "target": poro, "amount": 6}, {"op": "heal", "target": poro},
            {"op": "kill", "target": poro}, {"op": "banish", "target": poro}, {"op": "buff", "target": poro},
            {"op": "spend_buff", "target": poro}, {"op": "might", "target": poro, "delta": 2, "until": "turn"},
            {"op": "might", "target": poro, "delta": -1},
            {"op": "grant", "target": poro, "keyword": "Assault", "value": 2, "until": "permanent"},
            {"op": "stun", "target": poro}, {"op": "ready", "target": poro}, {"op": "exhaust", "target": poro},
            {"op": "move", "target": poro, "to": "bf1"}, {"op": "move", "target": poro, "to": "bf1", "pay": pay},
            {"op": "recall", "target": poro},
            {"op": "return", "target": poro, "to": "hand"},
            {"op": "draw", "player": "P2", "cards": ["Stupefy", None]},
            {"op": "discard", "player": "P1", "cards": [hand[1], "Gust", None]},
            {"op": "channel", "player": "P2", "runes": ["Calm Rune"], "exhausted": True},
            {"op": "add", "player": "P2", "energy": 1, "power": {"Calm": 1}},
            {"op": "recycle", "player": "P1", "cards": [runes[0]]}, {"op": "counter", "item": item},
            {"op": "token", "kind": "Recruit", "controller": "P1", "to": "bf1", "ready": True, "might": 2,
             "tags": ["Recruit"], "keywords": []},
            {"op": "point", "player": "P1", "amount": 1}, {"op": "reveal", "player": "P2", "cards": ["Defy"]},
            {"op": "play", "player": "P2", "card": "Defy", "targets": [item], "pay": {"exhaust": [], "recycle": []}},
            {"op": "control", "target": poro, "player": "P1"}, {"op": "note", "text": "as ruled"},
            {"op": "empower", "target": poro}, {"op": "disempower", "target": poro},
            {"op": "static", "affects": {"who": "friendly"}, "enter_ready": True, "until": "turn"},
            {"op": "static", "source": poro, "cost": {"energy": -1, "min_energy": 1}, "next": True},
            {"op": "token", "kind": "Gold", "controller": "P2", "type": "gear", "ready": False},
            {"op": "attach", "target": poro, "to": rearguard}, {"op": "detach", "target": poro},
            {"op": "attach", "target": poro, "to": rearguard, "pay": {"exhaust": ["o999"], "recycle": []}},
            {"op": "replace", "event": {"op": "kill", "target": poro}, "until": "turn",
             "with": [{"op": "banish", "target": poro}, {"op": "draw", "player": "P2", "cards": ["Defy", None]}]},
            {"op": "prevent", "target": poro, "amount": 7}, {"op": "prevent", "target": poro, "until": "turn"}, {"op": "prevent", "target": poro, "next": True}, {"op": "prevent", "only": "spells"},
            {"op": "prevent", "until": "turn"},
            {"op": "double", "target": poro}, {"op": "double", "target": poro, "until": "permanent"},
            {"op": "xp", "player": "P1", "amount": 2}, {"op": "xp", "player": "P2", "amount": -3},
            {"op": "turn", "player": "P1"},
            {"op": "counters", "target": poro, "count": 2, "kind": "Sentry"},
            {"op": "counters", "target": poro, "count": -1}, {"op": "counters", "target": poro, "count": 1,
                                                              "to": rearguard, "kind": "Sentry"},
            {"op": "pay", "player": "P1", "energy": 1, "power": {"Fury": 1}, "pay": pay}, {"op": "pay", "player": "P2"}]},
        {"type": "resolve", "item": item, "effects": [
            {"op": "look", "player": "P1", "cards": ["Gust", None]},
            {"op": "look", "player": "P1", "cards": ["Defy"], "from": "deck:P2"},
            {"op": "predict", "player": "P1", "cards": ["Gust"]},
            {"op": "reveal", "player": "P1", "cards": ["Gust", None], "from": "deck"},
            {"op": "recycle", "player": "P1", "cards": ["Gust"], "from": "deck"},
            {"op": "banish", "player": "P1", "cards": ["Flash"], "from": "deck"},
            {"op": "burn", "player": "P2", "cards": ["Defy", None]}]},
        {"type": "resolve", "item": item, "effects": [
            {"op": "delayed", "label": "when it dies", "about": [poro], "until": "turn"},
            {"op": "delayed", "label": "when a friendly unit is played", "repeat": True, "text": "buff it"},
            {"op": "copy", "target": poro, "of": poro}, {"op": "win", "player": "P1"},
            {"op": "battlefield", "kind": "Baron Pit"}, {"op": "battlefield", "kind": "Brush", "replaces": "bf1"}]},
        {"type": "resolve", "item": item, "effects": [
            {"op": "control", "item": item, "player": "P2"}, {"op": "retarget", "item": item, "targets": [poro]},
            {"op": "retarget", "item": item, "targets": [poro, rearguard]},
            {"op": "retarget", "item": item, "targets": [poro], "modes": [2], "destinations": ["base:P2"]},
            {"op": "name", "target": poro, "card": "Gust", "of": "Spell"}, {"op": "name", "target": poro, "tag": "Poro"},
            {"op": "name", "target": poro, "type": "Gear"}]},
    ]


@pytest.fixture(scope="module")
def chain_state() -> dict[str, Any]:
    return Table.with_units().do("P1 play Shakedown -> Stalwart Poro $2 / Fury Rune").state


def test_every_event_type_and_effect_op_has_a_notation(chain_state):
    events = every_event(chain_state)
    assert {event["type"] for event in events} | {"match_created", "position"} == set(EVENT_FIELDS)
    ops = {effect["op"] for event in events for effect in event.get("effects", [])}
    assert ops == set(EFFECT_FIELDS)
    for event in events:
        line = notation.write_event(chain_state, event)
        assert not line.startswith("{"), line
        assert notation.parse_event(line, chain_state) == event, line


@pytest.mark.parametrize("line, event", [
    ("P1 play Gust -> Shakedown $1", {"type": "play", "player": "P1", "card": "Gust", "targets": ["c1"],
                                      "pay": {"exhaust": ["o12"], "recycle": []}}),
    ("P1 mulligan Gust; Hard Bargain", {"type": "mulligan", "player": "P1", "set_aside": ["o6", "o5"]}),
    ("P2 trigger Stalwart Poro \"when targeted\" -> P2:Stalwart Poro@base:P2",
     {"type": "trigger", "player": "P2", "source": "o22", "ability": "when targeted", "targets": ["o22"]}),
    ("Resolve Shakedown: KEEP Stalwart Poro | Might Stalwart Poro +2 Until Turn",
     {"type": "resolve", "item": "c1", "targets_kept": ["o22"],
      "effects": [{"op": "might", "target": "o22", "delta": 2, "until": "turn"}]}),
    ("P1  ADD  fury rune / Chaos Rune   # words and names in any case",
     {"type": "add", "player": "P1", "exhaust": ["o11"], "recycle": ["o12"]}),
    ("P1 play stalwart poro", {"type": "play", "player": "P1", "card": "Stalwart Poro"}),
    ("P1 play Gust -> o999 $o10", {"type": "play", "player": "P1", "card": "Gust", "targets": ["o999"],
                                   "pay": {"exhaust": ["o10"], "recycle": []}}),
    ("game 1: P2 FIRST; P1 Zaun Warrens", {"type": "game_started", "game": 1, "first_player": "P2",
                                           "battlefields": {"P1": "Zaun Warrens"}}),  # `first`, in any case
])
def test_lines_read_as_events(chain_state, line, event):
    assert notation.parse_event(line, chain_state) == event


def test_a_shape_the_short_form_cannot_say_falls_back_to_json(chain_state):
    rune = chain_state["players"]["P1"]["runes"][-1]
    for event in ({"type": "add", "player": "P1", "exhaust": [rune]},  # a payment always has both lists
                  {"type": "choose", "player": "P1", "choice": "first"}):
        line = notation.write_event(chain_state, event)
        assert line.startswith("{") and notation.parse_event(line, chain_state) == event


def test_the_writer_names_by_id_when_a_name_is_ambiguous():
    state = Table.from_position(TWO_REARGUARDS).state
    [at_base], [at_bf1] = state["players"]["P1"]["base"], state["battlefields"][0]["units"]
    event = {"type": "play", "player": "P1", "card": "Gust", "targets": [at_bf1],
             "pay": {"exhaust": state["players"]["P1"]["runes"][:1], "recycle": []}}
    assert notation.write_event(state, event) == "P1 play Gust -> Legion Rearguard@bf1 $1"
    event["targets"] = [at_base, at_bf1]
    assert notation.write_event(state, event) == ("P1 play Gust -> Legion Rearguard@base:P1; Legion Rearguard@bf1 "
                                                  "$1")


def test_identical_cards_in_a_hand_are_interchangeable_but_the_writer_keeps_the_ids():
    state = Table.from_position(TWO_REARGUARDS.replace("hand:Gust;Shakedown", "hand:2 Gust;Shakedown")
                                .replace("deck:35", "deck:34")).state
    first, second, shakedown = state["players"]["P1"]["hand"]
    assert notation.parse_event("P1 mulligan Gust; Gust", state)["set_aside"] == [first, second]
    for set_aside, line in (([first, second], "P1 mulligan Gust; Gust"), ([second, shakedown],
                                                                          f"P1 mulligan Gust ({second}); Shakedown"),
                            ([second, first], f"P1 mulligan Gust ({second}); Gust")):
        event = {"type": "mulligan", "player": "P1", "set_aside": set_aside}
        assert notation.write_event(state, event) == line
        assert notation.parse_event(line, state) == event


def test_an_event_the_audit_engine_could_not_apply_is_marked_so():
    events = notation.parse_match(HEADER.replace('[Mode "duel"]', '[Mode "duel"]\n[Policy "audit"]') + OPENING
                                  + "P1 draw Gust; Shakedown; Flash; Hard Bargain\nP1 play Gust -> o999")
    assert notation.write_match(events).endswith("P1 play Gust -> o999  # flagged: rule 118 (not applied)\n")


# -- positions ---------------------------------------------------------------------------------------------------
POSITION = ("turn 5 P1 action first P1 | P1 2 bf:Zaun Warrens deck:34 runedeck:6 hand:Shakedown;Gust;? "
            "runes:3 Fury Rune;3 Chaos Rune* base:Legion Rearguard[1]^ trash:Void Seeker | "
            "P2 3 bf:Altar to Unity controls:bf2 deck:34 runedeck:7 pool:1;Calm 1 hand:3 ? runes:5 Calm Rune "
            "base:Recruit bf2:Stalwart Poro*~{+2} gear:Orb of Regret")
TWO_REARGUARDS = ("turn 3 P1 action first P1 | P1 0 bf:Zaun Warrens controls:bf1 deck:35 runedeck:8 "
                  "hand:Gust;Shakedown runes:2 Fury Rune;2 Chaos Rune base:Legion Rearguard bf1:Legion Rearguard | "
                  "P2 0 bf:Altar to Unity deck:34 runedeck:9 hand:4 ? runes:3 Calm Rune base:Stalwart Poro")


def test_a_position_reads_and_writes_back_as_the_same_line():
    event = notation.parse_position(POSITION)
    assert notation.write_position(event) == POSITION
    assert notation.parse_position(notation.write_position(event)) == event
    p2 = event["players"]["P2"]
    assert p2["units"][1] == {"card": "Stalwart Poro", "exhausted": True, "damage": 0, "buff": 0, "stunned": True,
                              "might": 2, "at": "bf2"}
    assert p2["hand"] == [None] * 3 and p2["pool"] == {"energy": 1, "power": {"Calm": 1}}
    assert event["control"] == {"P1": [], "P2": ["bf2"]}


def test_a_position_folds_with_the_engine():
    state = Table.from_position(POSITION).state
    assert (state["turn"], state["turn_player"], state["phase"], state["violations"]) == (5, "P1", "action", [])
    assert state["scores"] == {"P1": 2, "P2": 3} and state["battlefields"][1]["controller"] == "P2"
    rearguard = state["objects"][state["players"]["P1"]["base"][0]]
    assert (rearguard["card"], rearguard["damage"], rearguard["buff"], rearguard["might"]) == (
        "Legion Rearguard", 1, 1, 3)
    assert notation.write_position(notation.position_of(state)) == POSITION


def test_with_units_is_this_position():
    """position_of is the FEN of a folded state: the setup and these turns lead to AT_ACTION, then to WITH_UNITS,
    and each folds back to itself."""
    table = Table().do(*SETUP, "P1 channel Fury Rune; Chaos Rune", "P1 draw Void Seeker")
    assert notation.write_position(notation.position_of(table.state)) == AT_ACTION
    table.do("P1 play Legion Rearguard $2", "P1 end turn",
             "P2 channel Calm Rune; Mind Rune; Calm Rune", "P2 draw Defy", "P2 play Stalwart Poro $2", "P2 end turn",
             "P1 channel Fury Rune; Chaos Rune", "P1 draw Flame Chompers")
    assert notation.write_position(notation.position_of(table.state)) == WITH_UNITS
    for position in (AT_ACTION, WITH_UNITS):
        assert notation.write_position(notation.position_of(Table.from_position(position).state)) == position


def test_a_state_with_a_chain_has_no_position(chain_state):
    with pytest.raises(notation.NotationError, match="no chain"):
        notation.position_of(chain_state)


@pytest.mark.parametrize("line, column, message", [
    ("turn five P1 action first P1 | P1 0 bf:Zaun Warrens deck:1 runedeck:1", 6, "a turn number after 'turn'"),
    ("turn 5 P1 combat first P1 | P1 0", 11, "a phase (channel, draw, action), got 'combat'"),
    ("turn 5 P1 action first P1", 26, "'|' and a segment for each player"),
    ("turn 5 P1 action first P1 | P1 0 bf:Zaun Warrens deck:x runedeck:1", 55, "a count after 'deck:', got 'x'"),
    ("turn 5 P1 action first P1 | P1 0 bf:Zaun Warrens deck:3 runedeck:1 runes:Fury Rune[1]", 83,
     "'*' (exhausted) or ';' after a rune or gear"),
    ("turn 5 P1 action first P1 | P1 0 bf:Zaun Warrens deck:3 hand:Gust", 66, "'runedeck:' in P1's segment"),
    ("turn 5 P1 action first P1 | P1 0 bf:Zaun Warrens deck:3 runedeck:1 grave:Gust", 68, "a field (bf, "),
])
def test_a_malformed_position_names_the_column(line, column, message):
    with pytest.raises(notation.InvalidNotation) as error:
        notation.parse_position(line)
    assert (error.value.line, error.value.column) == (1, column)
    assert message in str(error.value)


# -- errors, one per kind of mistake -----------------------------------------------------------------------------------
HEADER = '[Mode "duel"]\n[P1 "Ana"]\n[P1Deck "demo deck 1"]\n[P2 "Ben"]\n[P2Deck "demo deck 2"]\n'
OPENING = "game 1: P1 first; P1 Zaun Warrens; P2 Altar to Unity\n"


MISTAKES = [
    # an unknown verb
    (HEADER + "game 1: P1 first; P1 Zaun Warrens; P2 Altar to Unity\nP1 shuffle", notation.InvalidNotation, 7, 4,
     "expected a verb after P1 (draw, mulligan, keep,"),
    # an event line without an actor or a known verb
    (HEADER + "play Gust", notation.InvalidNotation, 6, 1, "expected a player (P1, P2, ...) or one of game,"),
    # a header line that does not parse
    ('[Mode duel]\n[P1 "Ana"]', notation.InvalidNotation, 1, 7, "expected a quoted value after 'Mode', got 'duel'"),
    ('[Mode "duel"\n[P1 "Ana"]', notation.InvalidNotation, 1, 13, "expected ']' to close the header line"),
    ('[Mood "duel"]\n', notation.InvalidNotation, 1, 2, "expected a known tag"),
    # a missing required header
    ('[Mode "duel"]\n[P1 "Ana"]\n[P1Deck "demo deck 1"]\n[P2 "Ben"]\n' + OPENING, notation.InvalidNotation, 5, 1,
     'missing required header: expected a [P2Legend "..."] header line (or [P2Deck "demo deck N"])'),
    ('[P1 "Ana"]\n' + OPENING, notation.InvalidNotation, 2, 1, 'expected a [Mode "..."] header line'),
    (OPENING, notation.InvalidNotation, 1, 1, "expected the header"),
    # an unknown card in the header, and a deck reference that does not exist
    (HEADER.replace("demo deck 2", "demo deck 7"), notation.UnknownReference, 5, 9,
     "expected a demo deck from 1 to 6"),
    (HEADER + '[P2Runes "6 Calm Rune; 6 Mind Rnue"]', notation.UnknownReference, 6, 26, "unknown card 'Mind Rnue'"),
    # an unknown card name in the body, with a suggestion
    (HEADER + "game 1: P1 first; P1 Zaun Warens; P2 Altar to Unity", notation.UnknownReference, 6, 22,
     "unknown card 'Zaun Warens': no card of that name is in this match's decks; did you mean 'Zaun Warrens'?"),
    # an unknown player
    (HEADER + OPENING + "P3 draw Gust", notation.UnknownReference, 7, 1, "unknown player 'P3'"),
    # a wrong landmark
    (HEADER + OPENING + "== Turn 1: P1 ==", notation.InvalidNotation, 7, 9, "expected turn 0"),
    # a line the engine cannot read at all
    (HEADER + OPENING + '{"type": "fly"}', notation.InvalidNotation, 7, 1, "unknown event type 'fly'"),
    # a line the strict engine refuses, naming the rule
    (HEADER + OPENING + "P1 pass", notation.IllegalNotation, 7, 1, "(rule 334.1.c)"),
    # a position anywhere but seq 2
    (HEADER + OPENING + "position " + WITH_UNITS, notation.InvalidNotation, 7, 1, "a position is only ever seq 2"),
    # a header the engine cannot read, or refuses: an error at the header's first line
    (HEADER.replace('[P1 "Ana"]', '[P1 "Ana"]\n[Policy "lenient"]'), notation.InvalidNotation, 1, 1,
     "'policy' must be 'strict' or 'audit', got 'lenient'"),
    (HEADER + '[P1Battlefields "Zaun Warrens"]', notation.IllegalNotation, 1, 1, "a duel needs 3 (rule 644.4.a)"),
]


@pytest.mark.parametrize("text, error, line, column, message", MISTAKES)
def test_a_mistake_in_a_match_is_an_error_at_its_line(text, error, line, column, message):
    with pytest.raises(error) as raised:
        notation.parse_match(text)
    assert (raised.value.line, raised.value.column) == (line, column), str(raised.value)
    assert message in str(raised.value)
    assert str(raised.value).startswith(f"line {line}, column {column}: ")
    assert raised.value.text == text.splitlines()[line - 1] if line <= len(text.splitlines()) else True


@pytest.mark.parametrize("text, error, line, column, message", MISTAKES)
def test_an_import_with_a_mistake_is_the_same_error_and_writes_nothing(log, text, error, line, column, message):
    """An import reads each line against the log's own fold (`Log.create_match` with a reader): the engine's
    verdicts and the reader's errors come out as parse_match gives them, and no match is written."""
    with pytest.raises(error) as raised:
        notation.import_match(log, text)
    assert (raised.value.line, raised.value.column) == (line, column), str(raised.value)
    assert message in str(raised.value)
    if isinstance(raised.value, notation.IllegalNotation):
        assert raised.value.violations and all(violation["rule"] for violation in raised.value.violations)
    assert log.matches() == []


@pytest.mark.parametrize("line, error, column, message", [
    ("P1 play Void Seeker -> @bf1", notation.InvalidNotation, 24, "expected a card name after '->', got '@'"),
    ("P1 play Void Seeker ->", notation.InvalidNotation, 23, "after '->', got the end of the line"),
    ("P1 play -> Stalwart Poro", notation.InvalidNotation, 9, "expected a card name or an id to play, got '->'"),
    ("P1 play Void Seekr -> Stalwart Poro", notation.UnknownReference, 9, "did you mean 'Void Seeker'?"),
    ("P1 play Gust -> Jinx, Demolitionist@bf1", notation.UnknownReference, 17, "no 'Jinx, Demolitionist' on "),
    ("P1 play Shakedown -> Stalwart Poro $9", notation.UnknownReference, 37, "P1 has 4 ready runes left, not 9"),
    ("P1 play Shakedown -> Stalwart Poro $2 $2", notation.InvalidNotation, 39, "expected one payment only"),
    ("P1 play Gust +accelerate= $1", notation.InvalidNotation, 27, "expected a JSON value after '+accelerate='"),
    ("P1 channel Fury Rune; ; Chaos Rune", notation.InvalidNotation, 23, "expected a card name, got ';'"),
    ("resolve Shakedown", notation.UnknownReference, 9, "no 'Shakedown' on the chain"),
    ("P1 end", notation.InvalidNotation, 7, "expected 'turn', got the end of the line"),
    ("note Ben asked", notation.InvalidNotation, 6, "expected the note's text in quotes, got 'Ben'"),
    ("== Turn 3: P2 ==", notation.InvalidNotation, 12, "expected P1 (turn 3 is their turn), got 'P2'"),
    ("[Event \"late\"]", notation.InvalidNotation, 1, "got a header line"),
])
def test_a_mistake_in_a_line_names_what_was_expected(line, error, column, message):
    state = Table.with_units().state
    with pytest.raises(error) as raised:
        notation.parse_events(line, state, CATALOG)
    assert (raised.value.line, raised.value.column) == (1, column), str(raised.value)
    assert message in str(raised.value) and raised.value.text == line


def test_an_unparsable_number_is_an_error_at_the_number():
    state = Table.with_units().do("P1 play Shakedown -> Stalwart Poro $2 / Fury Rune", "P1 pass", "P2 pass").state
    for line, column, expected in [("resolve Shakedown: damage Stalwart Poro six", 41, "an amount of damage"),
                                   ("resolve Shakedown: might Stalwart Poro 2x", 40, "a Might change"),
                                   ("== Turn five ==", 9, "a turn number")]:
        with pytest.raises(notation.InvalidNotation) as raised:
            notation.parse_events(line, state, CATALOG)
        assert (raised.value.column, raised.value.expected.startswith(expected)) == (column, True), raised.value


def test_an_ambiguous_name_lists_the_candidates():
    state = Table.from_position(TWO_REARGUARDS).state
    [at_base], [at_bf1] = state["players"]["P1"]["base"], state["battlefields"][0]["units"]
    with pytest.raises(notation.AmbiguousReference) as raised:
        notation.parse_events("P1 play Gust -> Legion Rearguard $1", state, CATALOG)
    assert raised.value.candidates == [(at_base, "P1's Legion Rearguard at base:P1"),
                                       (at_bf1, "P1's Legion Rearguard at bf1")]
    assert (raised.value.line, raised.value.column) == (1, 17)
    assert str(raised.value) == ("line 1, column 17: 'Legion Rearguard' is ambiguous: it fits 2 objects; write one "
                                 "of Legion Rearguard@base:P1 (P1's Legion Rearguard at base:P1), "
                                 "Legion Rearguard@bf1 (P1's Legion Rearguard at bf1)")
    for qualified, target in (("Legion Rearguard@bf1", at_bf1), ("Legion Rearguard @ base", at_base),
                              (f"{at_base}", at_base), ("P1:Legion Rearguard@Zaun Warrens", at_bf1)):
        [event] = notation.parse_events(f"P1 play Gust -> {qualified} $1", state, CATALOG)
        assert event["targets"] == [target]


def test_an_illegal_line_in_a_strict_match_names_the_rule():
    state = Table.with_units().do("P1 play Shakedown -> Stalwart Poro $2 / Fury Rune", "P1 pass").state
    with pytest.raises(notation.IllegalNotation) as refusal:
        notation.parse_events("P2 play Rune Prison -> Legion Rearguard $1", state, CATALOG)
    assert "334.1.a" in [violation["rule"] for violation in refusal.value.violations] and refusal.value.line == 1
    assert "only Reaction cards may be played in a closed state (rule 334.1.a)" in str(refusal.value)


def test_nothing_is_returned_when_a_later_line_fails():
    text = "P1 play Shakedown -> Stalwart Poro $2 / Fury Rune\nP1 pass\nP1 pass\n"
    with pytest.raises(notation.IllegalNotation) as raised:
        notation.parse_events(text, Table.with_units().state, CATALOG)
    assert raised.value.line == 3


def test_an_ill_formed_line_in_the_middle_of_an_import_leaves_the_log_without_the_match(log):
    lines = golden("golden_strict").splitlines()
    broken = lines.index("P1 play Legion Rearguard $2")
    lines[broken] = "P1 plya Legion Rearguard $2"
    with pytest.raises(notation.InvalidNotation) as raised:
        notation.import_match(log, "\n".join(lines))
    assert raised.value.line == broken + 1
    assert log.matches() == []
    match_id, _ = notation.import_match(log, golden("golden_strict"))
    assert log.match(match_id)["head_seq"] == len(notation.parse_match(golden("golden_strict")))


def test_an_import_of_a_number_beyond_the_engines_bound_writes_nothing(log):
    """The engine bounds numbers in events (docs/engine.md) below the log's 64 bits, so it answers first."""
    lines = golden("golden_strict").splitlines() + ['{"type": "note", "text": "x", "about": 18446744073709551616}']
    with pytest.raises(notation.InvalidNotation, match="'about' is 18446744073709551616, beyond the 2147483647"):
        notation.import_match(log, "\n".join(lines))
    assert log.matches() == []


@pytest.mark.parametrize("where, bad, message", [
    ("body", 'note "\\ud800"', "event.text is not valid Unicode text"),
    ("body", "P2 play Sunlit Guardian +x=1.5 $2", "event.options.x is the float 1.5"),
    ("header", '[Info {"round": 1.5}]', "event.info.round is the float 1.5"),
    ("header", f'[Info {{"id": {2 ** 64}}}]', "too large an integer for the log"),
])
def test_an_import_of_an_event_the_log_cannot_store_writes_nothing(log, where, bad, message):
    """The parser reads these, the log refuses them: the line is an error before anything is written, not a
    half-written match (the header's match_created is reported at the header's first line)."""
    notation.import_match(log, golden("golden_strict"))
    before = log.matches()
    lines = golden("golden_strict").splitlines()
    first_tag = next(number for number, line in enumerate(lines, 1) if line.startswith("["))
    if where == "body":
        lines.append(bad)
    else:
        lines.insert(first_tag, bad)
    with pytest.raises(notation.InvalidNotation) as raised:
        notation.import_match(log, "\n".join(lines))
    assert raised.value.line == (len(lines) if where == "body" else first_tag), str(raised.value)
    assert raised.value.column == 1 and message in str(raised.value)
    assert "the log cannot store this" in str(raised.value)
    assert log.matches() == before


def test_an_import_naming_an_unknown_catalog_is_refused(log):
    with pytest.raises(notation.UnknownReference, match="line 1, column 10: no catalog named 'gallery'"):
        notation.import_match(log, '[Catalog "gallery"]\n' + HEADER)
    assert log.matches() == []


def test_a_header_naming_another_catalog_than_the_one_given_is_an_error():
    with pytest.raises(notation.InvalidNotation) as raised:
        notation.parse_match('[Catalog "gallery"]\n' + HEADER)
    assert (raised.value.line, raised.value.column) == (1, 10) and "expected the catalog 'demo'" in str(raised.value)


BIG = "9" * 5000  # more digits than int() takes


@pytest.mark.parametrize("line, error, column, message", [
    # JSON too deep, a number int() refuses (2)
    ("P1 choose = " + "[" * 5000, notation.InvalidNotation, 13, "expected a JSON value after '='"),
    ("P1 choose = " + "[" * 100 + "]" * 100, notation.InvalidNotation, 13, "JSON nested more than 64 deep"),
    ("P1 choose = " + BIG, notation.InvalidNotation, 13, "expected a JSON value after '='"),
    ('{"type": "note", "text": ' + "[" * 3000, notation.InvalidNotation, 1, "expected an event as JSON"),
    # numbers of thousands of digits (3)
    (f'rewind {BIG} "r"', notation.InvalidNotation, 8, "the seq to rewind to, got a number of 5000 digits (at most 9)"),
    (f'note "x" about {BIG}', notation.InvalidNotation, 16, "a seq after 'about', got a number of 5000 digits"),
    (f"P1 activate Legion Rearguard [{BIG}]", notation.InvalidNotation, 31, "the ability's index, got a number of"),
    (f"== Turn {BIG} ==", notation.InvalidNotation, 9, "a turn number after 'Turn', got a number of 5000 digits"),
    (f"P1 assign Legion Rearguard {BIG}", notation.InvalidNotation, 28, "an amount of damage, got a number of"),
    (f"resolve Shakedown: damage Stalwart Poro {BIG}", notation.InvalidNotation, 41, "got a number of 5000 digits"),
    (f"P1 add {BIG}", notation.InvalidNotation, 8, "a number of ready runes, got a number of 5000 digits"),
    # '²' is a digit to str.isdigit, not to int() (4)
    ("P1 add ²", notation.UnknownReference, 8, "unknown card '²'"),
    ("P1 play Gust $²", notation.UnknownReference, 15, "unknown card '²'"),
    # a key given twice (6)
    ("P1 assign Legion Rearguard 3; o13 2", notation.InvalidNotation, 31, "expected each unit once, got 'o13' (o13)"),
    ("P1 assign Stalwart Poro 3; Stalwart Poro@base:P2 2", notation.InvalidNotation, 28, "each unit once"),
    ("resolve Shakedown: add P2 energy 1; Energy 2", notation.InvalidNotation, 37, "expected each amount"),
    ("resolve Shakedown: add P2 Calm 1; Calm 2", notation.InvalidNotation, 35, "got 'Calm' a second time"),
    ("resolve Shakedown: channel P2 Calm Rune +exhausted +exhausted", notation.InvalidNotation, 52,
     "expected each flag once, got +exhausted a second time"),
    ("game 1: P1 first; P1 Zaun Warrens; P1 Altar to Unity", notation.InvalidNotation, 36,
     "expected each player's battlefield once, got P1 a second time"),
    ("P1 play Gust +x +x=2 $1", notation.InvalidNotation, 17, "expected each option once, got +x a second time"),
    # a player id is no rune, a '$' names something (8)
    ("P1 add o12; P1", notation.UnknownReference, 13, "unknown card 'P1'"),
    ("P1 play Gust $", notation.InvalidNotation, 15, "the runes to exhaust: a count ('0' for none)"),
    ("P1 play Gust $ /", notation.InvalidNotation, 16, "the runes to exhaust"),
    ("P1 play Gust $ +x", notation.InvalidNotation, 16, "the runes to exhaust"),
    ("P1 play Gust $1 /", notation.InvalidNotation, 18, "the runes to recycle after '/'"),
    ("P1 add", notation.InvalidNotation, 7, "the runes to exhaust"),
    # a bad place after '@' is an unknown location even when no candidate has the name (9)
    ("P1 play Gust -> Pouty Poro@Nowhere $1", notation.UnknownReference, 28, "no location 'Nowhere'"),
    # events the parser reads but the log could not store (1)
    ('note "\\ud800"', notation.InvalidNotation, 1, "the log cannot store this note event"),
    ("P1 play Gust +x=1.5 $1", notation.InvalidNotation, 1, "event.options.x is the float 1.5"),
    (f"P1 play Gust +x={2 ** 64} $1", notation.InvalidNotation, 1, "too large an integer for the log"),
])
def test_a_hostile_line_is_a_notation_error(chain_state, line, error, column, message):
    """Whatever the text, reading it raises a NotationError at its line and column, never another exception."""
    with pytest.raises(error) as raised:
        notation.parse_events(line, chain_state, CATALOG)
    assert (raised.value.line, raised.value.column) == (1, column), str(raised.value)[:300]
    assert message in str(raised.value)


@pytest.mark.parametrize("field, column, message", [
    ("hand:999999999999 Shakedown", 73, "expected a count of at most 99 before 'Shakedown', got 12 digits"),
    (f"hand:{BIG} Gust", 73, "a count of at most 99 before 'Gust', got 5000 digits"),
    ("hand:100 Gust", 73, "a count of at most 99 before 'Gust', got 100"),
    (f"base:Legion Rearguard[{BIG}]", 90, "the damage in '[N]', got a number of 5000 digits"),
    (f"base:Legion Rearguard^{BIG}", 90, "the buffs after '^', got a number of 5000 digits"),
    (f"base:Legion Rearguard{{+{BIG}}}", 90, "the Might change in '{+N}', got a number of 5000 digits"),
    (f"runes:{BIG} Fury Rune", 74, "a count of at most 99"),
    ("pool:1;Fury 1;Fury 2", 82, "expected each domain of the pool once, got 'Fury' a second time"),
])
def test_a_hostile_position_is_a_notation_error(field, column, message):
    line = (f"turn 5 P1 action first P1 | P1 0 bf:Zaun Warrens deck:1 runedeck:1 {field} | "
            f"P2 0 bf:Altar to Unity deck:1 runedeck:1")
    with pytest.raises(notation.InvalidNotation) as raised:
        notation.parse_position(line)
    assert (raised.value.line, raised.value.column) == (1, column), str(raised.value)[:300]
    assert message in str(raised.value)
    with pytest.raises(notation.InvalidNotation):
        notation.parse_position(line.replace("deck:1 runedeck:1 " + field, f"deck:{BIG} runedeck:1"))


@pytest.mark.parametrize("tag, line, column, error, message", [
    ('[P1Runes "999999999999 Fury Rune"]', 6, 11, notation.InvalidNotation, "a count of at most 99"),
    ('[P1Runes "6 Fury Rune; 100 Chaos Rune"]', 6, 24, notation.InvalidNotation,
     "a count of at most 99 before 'Chaos Rune', got 100"),
    (f'[P2Deck "demo deck {BIG}"]', 6, 9, notation.UnknownReference, "expected a demo deck from 1 to 6"),
    (f'[P{BIG} "Cy"]', 6, 2, notation.InvalidNotation, "expected a known tag"),
    (f'[Info {{"deep": {"[" * 100 + "]" * 100}}}]', 6, 7, notation.InvalidNotation, "nested more than 64 deep"),
])
def test_a_hostile_header_line_is_a_notation_error(tag, line, column, error, message):
    text = "\n".join(HEADER.splitlines() + [tag]) + "\n" + OPENING
    if tag.startswith("[P2Deck"):
        text = text.replace('[P2Deck "demo deck 2"]\n', "")
        line -= 1
    with pytest.raises(error) as raised:
        notation.parse_match(text)
    assert (raised.value.line, raised.value.column) == (line, column), str(raised.value)[:300]
    assert message in str(raised.value)


def test_long_runs_are_written_as_several_counts_of_at_most_99():
    event = notation.parse_position(POSITION)
    event["players"]["P2"]["hand"] = [None] * 150
    line = notation.write_position(event)
    assert "hand:99 ?;51 ?" in line and notation.parse_position(line) == event


# -- the header ----------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("value, info", [("3", 3), ("²", "²"), ("1234567890", "1234567890"), ("03", 3)])
def test_a_round_of_decimal_digits_is_a_number_and_anything_else_a_string(value, info):
    [created] = notation.parse_match(HEADER.replace("[P1 ", f'[Round "{value}"]\n[P1 '))
    assert created["info"] == {"round": info}
    assert notation.parse_match(notation.write_event(None, created)) == [created]
    created["info"]["round"] = value  # the string itself reads back too, through [Info] when it would read as a number
    assert notation.parse_match(notation.write_event(None, created)) == [created]



def test_a_header_spells_out_a_deck_that_is_no_demo_deck():
    created = demo.match_created("audit", "Cup")
    created["players"][0]["deck"] = created["players"][0]["deck"][1:] + ["Gust"]
    created["players"][1]["battlefields"] = ["Altar to Unity", "Fortified Position", "Grove of the God-Willow"]
    created["info"].update(round="3", date="2025-06-02")
    header = notation.write_event(None, created)
    assert '[P1Deck "2 Jinx, Demolitionist; Jinx, Rebel; 2 Legion Rearguard; ' in header
    assert '[P1Legend "Loose Cannon"]' in header and '[P1Runes "6 Fury Rune; 6 Chaos Rune"]' in header
    assert '[P2Deck "demo deck 2"]\n[P2Battlefields "Altar to Unity; Fortified Position; Grove of the God-Willow"]' \
           in header
    assert '[Info {"round": "3", "date": "2025-06-02"}]' in header  # a Round of digits would read as a number
    assert notation.parse_match(header) == [created]


# -- readable records: ids recorded from the screen, undos (issue 15) ----------------------------------------
BARE_ID = re.compile(r"(?<![\w(])(?:o|c)\d+(?![\w)])")


def as_recorded_from_the_screen(events: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The events with every play's card given by its object id, as the recording screen sends it (the card
    tapped in the hand), instead of its name: the id of the copy the engine plays for the name."""
    state, recorded = None, []
    for event in events:
        if event["type"] == "play" and not BARE_ID.fullmatch(event["card"]):
            after = engine.apply(state, event, CATALOG)
            for object_id, obj in state["objects"].items():
                if obj["card"] == event["card"] and obj["zone"] not in ("board", "trash", "chain", "banishment"):
                    tapped = {**event, "card": object_id}
                    try:
                        if engine.apply(state, tapped, CATALOG) == after:
                            event = tapped
                            break
                    except engine.EngineError:
                        continue
        recorded.append(event)
        state = engine.apply(state, event, CATALOG)
    return recorded


@pytest.mark.parametrize("name", ["golden_strict", "golden_full_game", "golden_match"])
def test_plays_recorded_by_object_id_are_written_with_their_cards_names_and_read_back_exactly(name):
    events = as_recorded_from_the_screen(notation.parse_match(golden(name)))
    plays = [event for event in events if event["type"] == "play"]
    assert plays and all(BARE_ID.fullmatch(event["card"]) for event in plays)
    text = assert_round_trip(events)
    assert not BARE_ID.findall(text), BARE_ID.findall(text)  # the judge reads every card: no bare id
    assert "P1 play Legion Rearguard (o" in text


def test_a_bare_id_is_written_only_for_a_card_the_reader_may_not_see():
    state = Table.from_position(TWO_REARGUARDS).state
    gust = next(ref for ref in state["players"]["P1"]["hand"] if state["objects"][ref]["card"] == "Gust")
    event = {"type": "play", "player": "P1", "card": gust, "pay": {"exhaust": [], "recycle": []}}
    written = notation.write_event(state, event)
    assert written.startswith(f"P1 play Gust ({gust})")
    hidden = json.loads(json.dumps(state))
    hidden["objects"][gust]["card"] = None  # as the opponent's view holds it
    assert notation.write_event(hidden, event).startswith(f"P1 play {gust}")


def test_a_name_and_id_that_do_not_match_is_an_error_at_its_column():
    state = Table.from_position(TWO_REARGUARDS).state
    gust = next(ref for ref in state["players"]["P1"]["hand"] if state["objects"][ref]["card"] == "Gust")
    with pytest.raises(notation.NotationError, match=f"{gust} is 'Gust' here, not 'Shakedown'") as raised:
        notation.parse_event(f"P1 play Shakedown ({gust}) $0", state)
    assert raised.value.column == 9


def test_an_undo_is_written_as_what_it_undid_with_no_false_or_internal_comment():
    """An undo from the recording screen is a judge's rewind: the export folds it with the match's past, so the
    line says which seqs it voids, and the lines after it carry no "not applied" (nor the engine's word `past`)."""
    events = notation.parse_match(golden("golden_strict"))
    head = len(events)
    undone = events + [{"type": "rewind", "to": head - 2, "reason": "undo"}, *events[head - 2:]]
    text = notation.write_match(undone)
    assert f'rewind {head - 2} "undo"  # undoes seqs {head - 1} to {head}' in text
    assert "not applied" not in text and "past" not in text
    assert notation.parse_match(text) == undone
