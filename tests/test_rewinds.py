"""Judge rewinds (contract `rewind`, engine/rewinds.py): the fold restores the state after `to`; the voided events
stay in the log."""
from __future__ import annotations

import engine
from positions import ARENA
from replays import Cursor, notation
from table import CATALOG, Table


def test_a_rewind_restores_the_state_after_its_seq_and_voids_the_events_since():
    table = Table.from_position(ARENA).do("P1 move Legion Rearguard -> bf1", "P1 pass", "P2 pass")
    assert table.state["scores"]["P1"] == 1
    before = engine.fold(notation.parse_match(_text("P1 move Legion Rearguard -> bf1")), CATALOG)
    events = notation.parse_match(_text("P1 move Legion Rearguard -> bf1", "P1 pass", "P2 pass",
                                        'rewind 3 "the move was to Altar to Unity, not Zaun Warrens"'))
    state = engine.fold(events, CATALOG)
    assert state["seq"] == 6 and state["voided"] == [4, 5]
    assert {key: value for key, value in state.items() if key not in ("seq", "voided", "backups")} == \
        {key: value for key, value in before.items() if key not in ("seq", "voided", "backups")}
    assert state["backups"] == [{"seq": 6, "to": 3, "by": None, "voided": [4, 5], "returned": {}, "seen": []}]


def test_a_rewind_to_the_future_or_to_now_is_refused():
    table = Table.from_position(ARENA).do("P1 move Legion Rearguard -> bf1")
    table.refuses({"type": "rewind", "to": 9, "reason": "typo"}, rule="rewind")
    table.refuses({"type": "rewind", "to": 3, "reason": "typo"}, rule="rewind")


def test_a_rewind_past_the_start_of_the_game_is_refused():
    Table.from_position(ARENA).do("P1 move Legion Rearguard -> bf1").refuses(
        {"type": "rewind", "to": 1, "reason": "start over"}, rule="rewind")


def test_a_rewind_cannot_bring_back_events_an_earlier_rewind_voided():
    events = notation.parse_match(_text("P1 move Legion Rearguard -> bf1", "P1 pass", "P2 pass", 'rewind 3 "wrong"'))
    state = engine.fold(events, CATALOG)
    refused = {"type": "rewind", "to": 4, "reason": "undo the rewind"}
    try:
        engine.apply(state, refused, CATALOG, past=lambda seq: engine.fold(events[:seq], CATALOG))
    except engine.IllegalEvent as refusal:
        assert [violation["rule"] for violation in refusal.violations] == ["rewind"]
        assert "voided by an earlier rewind" in str(refusal)
    else:
        raise AssertionError("a rewind to a voided seq was accepted")


def test_a_rewind_to_before_an_earlier_rewind_voids_it_too():
    events = notation.parse_match(_text("P1 move Legion Rearguard -> bf1", "P1 pass", "P2 pass", 'rewind 4 "wrong"',
                                        "P2 pass", 'rewind 2 "start the turn again"'))
    state = engine.fold(events, CATALOG)
    assert state["voided"] == [3, 4, 5, 6, 7] and state["seq"] == 8 and state["showdown"] is None


def test_a_rewind_outside_a_fold_from_seq_1_needs_the_past():
    state = Table.from_position(ARENA).do("P1 move Legion Rearguard -> bf1").state
    try:
        engine.apply(state, {"type": "rewind", "to": 2, "reason": "wrong"}, CATALOG)
    except engine.MalformedEvent as error:
        assert "needs the match's earlier states" in str(error)
    else:
        raise AssertionError("a rewind was folded without the past")


def test_the_log_records_a_rewind_and_seeking_past_it_equals_folding(log):
    match_id, _ = notation.import_match(log, _text("P1 move Legion Rearguard -> bf1", "P1 pass", "P2 pass"))
    log.append(match_id, [{"type": "rewind", "to": 2, "reason": "the move was to the other battlefield"},
                          notation.parse_event("P1 move Legion Rearguard -> bf2", log.state_at(match_id, 2))])
    assert log.state_at(match_id)["voided"] == [3, 4, 5]
    assert log.state_at(match_id)["combat"]["battlefield"] == "bf2"
    log.drop_snapshots()
    cursor = Cursor(log, match_id)
    events = [row["event"] for row in log.events(match_id)]
    for seq in range(cursor.head_seq, 0, -1):
        assert cursor.state(seq) == engine.fold(events[:seq], CATALOG), seq


def _text(*lines: str) -> str:
    header = '[Mode "duel"]\n[P1 "Ana"]\n[P1Deck "demo deck 1"]\n[P2 "Ben"]\n[P2Deck "demo deck 2"]\n\n'
    return header + "\n".join([f"position {ARENA}", *lines]) + "\n"
