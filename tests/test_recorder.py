"""The append-only log (contract section 4): storage, refusals, idempotency, the hash chain and the snapshot cache.

Every test that touches a log runs on both stores (SQLite and PostgreSQL: the `database` fixture)."""
from __future__ import annotations

import threading
import zlib
from pathlib import Path

import msgpack
import pytest

import engine
import recorder
from engine.views import as_sent
from recorder import Conflict, Log, Malformed, NotFound, Refused

from recorder.heads import HOT
from recorder.snapshots import Shared, encode
from stores import on_postgres, row_count, tamper

NOTE = {"type": "note", "text": "table 4 starts"}


def notes(count: int, start: int = 1) -> list[dict]:
    return [{"type": "note", "text": f"note {index}"} for index in range(start, start + count)]


@pytest.fixture
def tmp_db(database: Path | str) -> Path | str:
    """The log's database, in each store."""
    return database


def stored(log: Log, match_id: str) -> list[dict]:
    """The match's events as stored, seq 1 first."""
    return [row["event"] for row in log.events(match_id)]


def stored_as_snapshot(log: Log, match_id: str, state: dict) -> bytes:
    """`state` in the bytes a snapshot of the match holds."""
    return encode(state, Shared.of(log.state_at(match_id, 1)))


# --- canonical bytes ---------------------------------------------------------------------------------------------

def test_canonical_bytes_do_not_depend_on_key_order() -> None:
    one = {"type": "note", "text": "x", "about": 3, "nested": {"b": [1, {"z": 1, "y": 2}], "a": None}}
    other = {"nested": {"a": None, "b": [1, {"y": 2, "z": 1}]}, "about": 3, "text": "x", "type": "note"}
    assert recorder.canonical_bytes(one) == recorder.canonical_bytes(other)
    assert recorder.decode(recorder.canonical_bytes(one)) == one


def test_canonical_bytes_keep_integers_integers() -> None:
    decoded = recorder.decode(recorder.canonical_bytes({"type": "note", "about": 7, "flag": True}))
    assert decoded == {"type": "note", "about": 7, "flag": True}
    assert type(decoded["about"]) is int and decoded["flag"] is True


@pytest.mark.parametrize("event, field", [
    ({"type": "note", "about": 2.0}, "event.about"),
    ({"type": "resolve", "item": "c1", "effects": [{"op": "damage", "target": "o3", "amount": 1.5}]},
     "event.effects[0].amount"),
    ({"type": "note", "text": b"bytes"}, "event.text"),
    ({"type": "note", "about": {1: "x"}}, "event.about"),
    ({"type": "note", "about": 2**70}, "event.about"),
])
def test_canonical_bytes_refuse_what_json_integers_cannot_say(event: dict, field: str) -> None:
    with pytest.raises(Malformed, match=field.replace("[", r"\[").replace("]", r"\]")):
        recorder.canonical_bytes(event)


def test_hash_chains_from_32_zero_bytes(log: Log, duel_created: dict) -> None:
    match_id, _ = log.create_match(duel_created)
    answer = log.append(match_id, [NOTE])
    first, second = log.events(match_id)
    # Stored as sent, with the fields the recorder adds: the salt of an event that hides anything (docs/trust.md)
    # and the shape's version (engine/shapes.py); read back as stored, so the hashes can be checked from them.
    assert first["event"] == {**duel_created, "salt": first["event"]["salt"], "version": 3}
    assert second["event"] == {**NOTE, "salt": second["event"]["salt"]}
    assert first["hash"] == recorder.chain_hash("00" * 32, recorder.canonical_bytes(first["event"]))
    assert answer == {"seq": 2, "hash": recorder.chain_hash(first["hash"], recorder.canonical_bytes(second["event"]))}


# --- creating matches --------------------------------------------------------------------------------------------

def test_create_match_stores_the_event_as_seq_1(log: Log, duel_created: dict) -> None:
    match_id, token = log.create_match(duel_created, meta={"client": "scorekeeper-3"})
    assert match_id == "m1" and isinstance(token, str) and len(token) >= 20
    [row] = log.events(match_id)
    assert row["seq"] == 1 and as_sent(row["event"]) == duel_created and len(row["event"]["salt"]) == 32
    assert row["recorded_at"] == "2025-06-02T10:00:00.000+00:00" and row["client"] == "scorekeeper-3"
    assert log.state_at(match_id) == engine.apply(None, duel_created, engine.demo_catalog())


def test_match_ids_are_sequential_and_listed_oldest_first(log: Log, duel_created: dict,
                                                          audit_created: dict) -> None:
    ids = [log.create_match(event)[0] for event in (duel_created, audit_created, duel_created)]
    assert ids == ["m1", "m2", "m3"]
    summaries = log.matches()
    assert [summary["id"] for summary in summaries] == ids
    assert summaries[1] == {"id": "m2", "mode": "duel", "policy": "audit", "catalog": "demo",
                            "players": ["Annie", "Viktor"], "info": None, "head_seq": 1,
                            "head_hash": log.events("m2")[0]["hash"], "created_at": "2025-06-02T10:00:00.000+00:00",
                            "published_at": None, "broadcast_delay": None, "archived_at": None}
    assert log.match("m2") == summaries[1]


def test_the_log_keeps_only_a_hash_of_the_token(log: Log, tmp_db: Path, duel_created: dict) -> None:
    match_id, token = log.create_match(duel_created)
    assert log.check_token(match_id, token)
    assert not log.check_token(match_id, token + "x")
    assert not log.check_token(match_id, "")
    if on_postgres(tmp_db):
        assert log.db.execute("SELECT COUNT(*) FROM matches WHERE token_hash LIKE ?", [f"%{token}%"]).fetchone()[0] == 0
    else:
        assert token.encode() not in tmp_db.read_bytes()


@pytest.mark.parametrize("event", [
    {"type": "note", "text": "no match yet"},
    {"mode": "duel", "players": []},
    ["match_created"],
])
def test_create_match_needs_a_match_created(log: Log, event: object) -> None:
    with pytest.raises(Malformed, match="match_created"):
        log.create_match(event)  # type: ignore[arg-type]
    assert log.matches() == []


def test_create_match_refuses_an_unknown_catalog(log: Log, make_match_created) -> None:
    with pytest.raises(Malformed, match="'homebrew'.*demo"):
        log.create_match(make_match_created(catalog="homebrew"))
    assert log.matches() == []


def test_create_match_refuses_a_float(log: Log, make_match_created) -> None:
    with pytest.raises(Malformed, match=r"event\.info\.round.*float"):
        log.create_match(make_match_created(info={"event": "Nexus Night", "round": 2.0, "table": 4}))
    assert log.matches() == []


def test_create_match_refuses_an_event_the_engine_cannot_read(log: Log, make_match_created) -> None:
    with pytest.raises(Malformed, match="seq 1"):
        log.create_match(make_match_created(mode="chess"))
    assert log.matches() == []


# --- catalogs ----------------------------------------------------------------------------------------------------

def club_catalog(name: str = "club", drop: int = 0) -> engine.Catalog:
    cards = engine.demo_catalog().to_dict()["cards"]
    return engine.Catalog(name, cards[drop:])


def test_an_imported_catalog_can_be_named_by_a_match(log: Log, make_match_created) -> None:
    assert log.import_catalog(club_catalog()) == "club"
    assert log.catalog("club") == club_catalog()
    match_id, _ = log.create_match(make_match_created(catalog="club"))
    assert log.match(match_id)["catalog"] == "club"
    log.append(match_id, [NOTE])
    assert log.state_at(match_id)["seq"] == 2


def test_a_catalog_imported_under_another_name_takes_that_name(log: Log, make_match_created) -> None:
    log.import_catalog(club_catalog("cards"), "nexus-night")
    assert log.catalog("nexus-night").name == "nexus-night"
    match_id, _ = log.create_match(make_match_created(catalog="nexus-night"))
    assert log.state_at(match_id)["catalog"] == "nexus-night"


def test_importing_a_catalog_again_is_a_no_op_but_other_content_is_a_conflict(log: Log) -> None:
    log.import_catalog(club_catalog())
    log.import_catalog(club_catalog())
    with pytest.raises(Conflict, match="'club'"):
        log.import_catalog(club_catalog(drop=1))
    log.import_catalog(club_catalog(drop=1), replace=True)
    assert log.catalog("club") == club_catalog(drop=1)


def test_demo_is_the_engines_own_catalog(log: Log) -> None:
    assert log.catalog("demo") == engine.demo_catalog()
    with pytest.raises(Conflict, match="built-in"):
        log.import_catalog(club_catalog("demo"))
    with pytest.raises(NotFound, match="'nowhere'"):
        log.catalog("nowhere")


# --- appending ---------------------------------------------------------------------------------------------------

def test_append_returns_the_new_head(log: Log, duel_created: dict, duel_game) -> None:
    match_id, _ = log.create_match(duel_created)
    script = duel_game(2)
    answer = log.append(match_id, script[:3], expected_seq=1)
    assert answer["seq"] == 4
    answer = log.append(match_id, script[3:], expected_seq=4)
    assert answer == {"seq": 1 + len(script), "hash": log.events(match_id)[-1]["hash"]}
    assert log.match(match_id)["head_seq"] == answer["seq"]
    assert [as_sent(row["event"]) for row in log.events(match_id, after=1)] == script
    assert [row["seq"] for row in log.events(match_id, after=3, upto=5)] == [4, 5]


@pytest.mark.parametrize("expected_seq", [0, 1, 3])
def test_a_stale_expected_seq_is_a_conflict(log: Log, duel_created: dict, expected_seq: int) -> None:
    match_id, _ = log.create_match(duel_created)
    log.append(match_id, [NOTE])
    with pytest.raises(Conflict, match=f"m1 is at seq 2, not {expected_seq}"):
        log.append(match_id, notes(2), expected_seq=expected_seq)
    assert log.match(match_id)["head_seq"] == 2


@pytest.mark.parametrize("method, args", [
    ("match", ()), ("events", ()), ("state_at", ()), ("verify_chain", ()), ("append", ([NOTE],)),
    ("check_token", ("token",)),
])
def test_an_unknown_match_is_not_found(log: Log, method: str, args: tuple) -> None:
    with pytest.raises(NotFound, match="'m99'"):
        getattr(log, method)("m99", *args)


def test_a_malformed_event_is_refused(log: Log, tmp_db: Path, duel_created: dict) -> None:
    match_id, _ = log.create_match(duel_created)
    with pytest.raises(Malformed, match="m1, event 2 \\(bogus\\)"):
        log.append(match_id, [{"type": "bogus"}])
    assert row_count(tmp_db, "events") == 1


def test_a_float_in_an_event_is_refused(log: Log, tmp_db: Path, duel_created: dict) -> None:
    match_id, _ = log.create_match(duel_created)
    with pytest.raises(Malformed, match=r"event #1 of 1 in the batch: event\.about is the float 2\.0"):
        log.append(match_id, [{"type": "note", "text": "see", "about": 2.0}])
    assert row_count(tmp_db, "events") == 1


@pytest.mark.parametrize("event, message", [
    ({"type": "note", "text": "\ud800"}, r"event\.text is not valid Unicode text: surrogates not allowed"),
    ({"type": "note", "text": "x", "\udfff": 1}, r"event key is not valid Unicode text"),
])
def test_text_that_is_not_valid_unicode_is_refused(log: Log, tmp_db: Path, duel_created: dict, event: dict,
                                                    message: str) -> None:
    match_id, _ = log.create_match(duel_created)
    with pytest.raises(Malformed, match=message):
        log.append(match_id, [event])
    assert row_count(tmp_db, "events") == 1


@pytest.mark.parametrize("events, message", [
    ([], "no events"),
    ({"type": "note", "text": "x"}, "list of events"),
    (["note"], "must be a map"),
    ([{"text": "typeless"}], "needs a type"),
])
def test_a_batch_that_is_not_a_list_of_events_is_malformed(log: Log, duel_created: dict, events: object,
                                                          message: str) -> None:
    match_id, _ = log.create_match(duel_created)
    with pytest.raises(Malformed, match=message):
        log.append(match_id, events)  # type: ignore[arg-type]


def test_match_created_cannot_be_appended(log: Log, duel_created: dict) -> None:
    match_id, _ = log.create_match(duel_created)
    with pytest.raises(Malformed, match="only be seq 1"):
        log.append(match_id, [duel_created])


def test_a_strict_match_refuses_an_illegal_event_with_its_violations(log: Log, tmp_db: Path,
                                                                      duel_created: dict) -> None:
    match_id, _ = log.create_match(duel_created)
    with pytest.raises(Refused) as refused:
        log.append(match_id, [{"type": "end_turn", "player": "P2"}])
    assert "m1, event 2 (end_turn)" in str(refused.value)
    assert refused.value.violations
    for violation in refused.value.violations:
        assert set(violation) >= {"rule", "message", "seq"} and violation["seq"] == 2
    assert row_count(tmp_db, "events") == 1
    assert log.match(match_id)["head_seq"] == 1


@pytest.mark.parametrize("bad, error", [
    ({"type": "bogus"}, Malformed),
    ({"type": "note", "text": "x", "about": 1.5}, Malformed),
    ({"type": "end_turn", "player": "P2"}, Refused),
])
def test_a_batch_lands_whole_or_not_at_all(log: Log, tmp_db: Path, duel_created: dict, bad: dict,
                                           error: type) -> None:
    match_id, _ = log.create_match(duel_created)
    before = log.match(match_id)
    with pytest.raises(error, match="#3 of 4"):
        log.append(match_id, notes(2) + [bad] + notes(1, start=3))
    assert log.match(match_id) == before
    assert row_count(tmp_db, "events") == 1
    assert log.snapshot_seqs(match_id) == []
    # The head state the refused batch was folded onto in place is not used again: the next append folds right.
    assert log.append(match_id, notes(1))["seq"] == 2
    assert log.state_at(match_id) == engine.fold([row["event"] for row in log.events(match_id)],
                                                 engine.demo_catalog())


def test_an_audit_match_stores_a_flagged_event(log: Log, audit_created: dict) -> None:
    match_id, _ = log.create_match(audit_created)
    answer = log.append(match_id, [{"type": "end_turn", "player": "P2"}])
    assert answer["seq"] == 2
    violations = log.state_at(match_id)["violations"]
    assert violations and all(violation["seq"] == 2 for violation in violations)
    assert log.events(match_id, after=1)[0]["event"] == {"type": "end_turn", "player": "P2"}


def test_an_audit_match_still_refuses_a_malformed_event(log: Log, audit_created: dict) -> None:
    match_id, _ = log.create_match(audit_created)
    with pytest.raises(Malformed):
        log.append(match_id, [{"type": "bogus"}])
    assert log.match(match_id)["head_seq"] == 1


def test_envelope_metadata_is_stored_beside_the_event(log: Log, duel_created: dict) -> None:
    match_id, _ = log.create_match(duel_created)
    log.append(match_id, [NOTE], meta={"client": "tablet-7", "recorded_at": "2025-06-02T10:05:00Z"})
    row = log.events(match_id)[-1]
    assert (row["client"], row["recorded_at"]) == ("tablet-7", "2025-06-02T10:05:00Z")
    with pytest.raises(Malformed, match="meta"):
        log.append(match_id, [NOTE], meta={"clinet": "typo"})


# --- idempotency -------------------------------------------------------------------------------------------------

def test_a_retried_idempotency_key_writes_nothing_and_answers_as_the_first_time(log: Log, tmp_db: Path,
                                                                                 duel_created: dict) -> None:
    match_id, _ = log.create_match(duel_created)
    first = log.append(match_id, notes(2), idempotency_key="k-1", expected_seq=1)
    log.append(match_id, notes(1, start=3))
    again = log.append(match_id, notes(2), idempotency_key="k-1", expected_seq=1)
    assert again == first == {"seq": 3, "hash": log.events(match_id)[2]["hash"]}
    assert row_count(tmp_db, "events") == 4


def test_an_idempotency_key_reused_for_other_events_is_a_conflict(log: Log, duel_created: dict) -> None:
    match_id, _ = log.create_match(duel_created)
    log.append(match_id, notes(1), idempotency_key="k-1")
    with pytest.raises(Conflict, match="'k-1'"):
        log.append(match_id, notes(1, start=2), idempotency_key="k-1")
    assert log.match(match_id)["head_seq"] == 2


def test_a_refused_request_does_not_use_up_its_key(log: Log, duel_created: dict) -> None:
    match_id, _ = log.create_match(duel_created)
    with pytest.raises(Conflict):
        log.append(match_id, notes(1), idempotency_key="k-1", expected_seq=5)
    assert log.append(match_id, notes(1), idempotency_key="k-1", expected_seq=1)["seq"] == 2


# --- the hash chain ----------------------------------------------------------------------------------------------

@pytest.fixture
def chained(log: Log, duel_created: dict) -> str:
    """m1 with six events: match_created and five notes."""
    match_id, _ = log.create_match(duel_created)
    log.append(match_id, notes(5))
    return match_id


def test_an_untouched_chain_verifies(log: Log, chained: str) -> None:
    head = log.match(chained)
    assert log.verify_chain(chained) == {"ok": True, "head_seq": 6, "head_hash": head["head_hash"],
                                         "bad_seq": None, "error": None}


def test_the_chain_catches_an_edited_event(log: Log, tmp_db: Path, chained: str) -> None:
    forged = recorder.canonical_bytes({"type": "note", "text": "nothing happened"})
    tamper(tmp_db, 'UPDATE events SET body = ? WHERE "match" = ? AND seq = 4', (forged, chained))
    result = log.verify_chain(chained)
    assert (result["ok"], result["bad_seq"]) == (False, 4)
    assert "m1, event 4" in result["error"]


def test_the_chain_catches_an_edited_hash(log: Log, tmp_db: Path, chained: str) -> None:
    tamper(tmp_db, 'UPDATE events SET hash = ? WHERE "match" = ? AND seq = 3', ("ab" * 32, chained))
    assert log.verify_chain(chained)["bad_seq"] == 3


def test_the_chain_catches_an_edited_event_with_a_recomputed_hash(log: Log, tmp_db: Path, chained: str) -> None:
    rows = {row["seq"]: row for row in log.events(chained)}
    forged = recorder.canonical_bytes({"type": "note", "text": "nothing happened"})
    tamper(tmp_db, 'UPDATE events SET body = ?, hash = ? WHERE "match" = ? AND seq = 4',
           (forged, recorder.chain_hash(rows[3]["hash"], forged), chained))
    assert log.verify_chain(chained)["bad_seq"] == 5


def test_the_chain_catches_a_deleted_event(log: Log, tmp_db: Path, chained: str) -> None:
    tamper(tmp_db, 'DELETE FROM events WHERE "match" = ? AND seq = 3', (chained,))
    result = log.verify_chain(chained)
    assert (result["ok"], result["bad_seq"]) == (False, 3)
    assert "missing" in result["error"]


def test_the_chain_catches_a_deleted_last_event(log: Log, tmp_db: Path, chained: str) -> None:
    tamper(tmp_db, 'DELETE FROM events WHERE "match" = ? AND seq = 6', (chained,))
    assert log.verify_chain(chained)["bad_seq"] == 6


def test_the_chain_catches_an_event_added_past_the_head(log: Log, tmp_db: Path, chained: str) -> None:
    head = log.match(chained)
    forged = recorder.canonical_bytes({"type": "note", "text": "forged"})
    tamper(tmp_db, 'INSERT INTO events ("match", seq, type, body, hash, prev_hash) VALUES (?, 7, ?, ?, ?, ?)',
           (chained, "note", forged, recorder.chain_hash(head["head_hash"], forged), head["head_hash"]))
    result = log.verify_chain(chained)
    assert (result["ok"], result["bad_seq"]) == (False, 7) and "stored past the match's head" in result["error"]
    assert [row["seq"] for row in log.events(chained)] == [1, 2, 3, 4, 5, 6]  # reads stop at the head


def test_the_chain_catches_reordered_events(log: Log, tmp_db: Path, chained: str) -> None:
    tamper(tmp_db, 'UPDATE events SET seq = -1 WHERE "match" = ? AND seq = 3', (chained,))
    tamper(tmp_db, 'UPDATE events SET seq = 3 WHERE "match" = ? AND seq = 4', (chained,))
    tamper(tmp_db, 'UPDATE events SET seq = 4 WHERE "match" = ? AND seq = -1', (chained,))
    assert log.verify_chain(chained)["bad_seq"] == 3


def test_the_chain_catches_swapped_bodies(log: Log, tmp_db: Path, chained: str) -> None:
    rows = {row["seq"]: row for row in log.events(chained)}
    for seq, other in ((3, 4), (4, 3)):
        tamper(tmp_db, 'UPDATE events SET body = ? WHERE "match" = ? AND seq = ?',
               (recorder.canonical_bytes(rows[other]["event"]), chained, seq))
    assert log.verify_chain(chained)["bad_seq"] == 3


def test_a_missing_event_is_inconsistent_not_skipped(log: Log, tmp_db: Path, chained: str) -> None:
    log.drop_snapshots()
    tamper(tmp_db, 'DELETE FROM events WHERE "match" = ? AND seq = 3', (chained,))
    with pytest.raises(recorder.Inconsistent, match="no stored event 3"):
        log.state_at(chained, 5)


# --- the snapshot cache ------------------------------------------------------------------------------------------

@pytest.fixture
def long_match(log: Log, duel_created: dict, duel_game) -> str:
    """m1: match_created, the game's setup and 22 turns (72 events), appended in batches of up to 10."""
    match_id, _ = log.create_match(duel_created)
    script = duel_game(22)
    for start in range(0, len(script), 10):
        log.append(match_id, script[start:start + 10])
    assert log.match(match_id)["head_seq"] == 72
    return match_id


def test_snapshots_sit_on_multiples_only(log: Log, long_match: str) -> None:
    assert recorder.SNAPSHOT_EVERY == 64
    assert log.snapshot_seqs(long_match) == [64]  # no snapshot of the head: the head is kept hot instead


def test_snapshots_hold_no_card_facts_and_are_compressed(log: Log, tmp_db: Path, long_match: str) -> None:
    blob, = log.db.execute('SELECT state FROM snapshots WHERE "match" = ? AND seq = 64', [long_match]).fetchone()
    first = {key: value for key, value in log.state_at(long_match, 1).items() if key not in ("cards", "card_codes")}
    decompressor = zlib.decompressobj(zdict=msgpack.packb(first))  # primed with the match's state at seq 1
    stored = msgpack.unpackb(decompressor.decompress(blob) + decompressor.flush())
    state = log.state_at(long_match, 64)
    assert "cards" not in stored and "card_codes" not in stored
    assert stored == {key: value for key, value in state.items() if key not in ("cards", "card_codes")}
    assert len(blob) < len(msgpack.packb(stored)) / 5


def test_deleting_the_snapshots_changes_no_answer(log: Log, long_match: str) -> None:
    before = [log.state_at(long_match, seq) for seq in range(1, 73)]
    assert log.drop_snapshots() == 1
    assert [log.state_at(long_match, seq) for seq in range(1, 73)] == before
    assert log.snapshot_seqs(long_match) == [64]  # reads rebuilt the multiples they passed
    log.append(long_match, [NOTE])
    assert log.snapshot_seqs(long_match) == [64]


def test_an_append_folds_only_its_own_events_onto_the_hot_head(log: Log, long_match: str,
                                                                 folded: list[int]) -> None:
    log.append(long_match, [NOTE])
    assert folded == [73]  # the hot head, then the new event: no snapshot read, no re-fold
    HOT.forget(log.database)  # as a new process finds the file
    folded.clear()
    log.append(long_match, [NOTE])
    assert folded == [1, *range(65, 75)]  # seq 1 for the card facts, the snapshot at 64 and the events after it
    log.drop_snapshots()
    HOT.forget(log.database)
    log.append(long_match, [NOTE])
    assert log.snapshot_seqs(long_match) == [64]  # the fold from seq 1 cached what it passed


def test_a_refused_event_leaves_the_hot_head_as_it_was(log: Log, long_match: str) -> None:
    with pytest.raises(Refused):
        log.append(long_match, [NOTE, {"type": "end_turn", "player": "P1"}, NOTE])  # P2's turn at seq 72
    log.append(long_match, [NOTE])
    assert log.state_at(long_match) == engine.fold([row["event"] for row in log.events(long_match)],
                                                   engine.demo_catalog())


def test_snapshots_of_another_engine_version_are_ignored(log: Log, tmp_db: Path, long_match: str,
                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    truth = log.state_at(long_match, 64)
    with log.db.writing():  # written as the server writes, MAC and all: a snapshot the cache trusts
        log.snapshots.put(long_match, 64, log.events(long_match, 63, 64)[0]["hash"],
                          stored_as_snapshot(log, long_match, {**truth, "turn": 999}))
    assert log.state_at(long_match, 64)["turn"] == 999  # the cache is really read...
    monkeypatch.setattr(engine, "VERSION", engine.VERSION + "-next")
    assert log.snapshot_seqs(long_match) == []
    assert log.state_at(long_match, 64) == truth  # ...and a new engine version ignores it
    log.append(long_match, [NOTE])
    assert log.state_at(long_match) == engine.fold([row["event"] for row in log.events(long_match)],
                                                   engine.demo_catalog())


@pytest.mark.parametrize("edit", ["another seq's hash", "bytes that are no state", "the state of another seq",
                                  "a forged winner"])
def test_a_snapshot_that_does_not_match_what_it_claims_is_discarded_never_served(
        log: Log, tmp_db: Path, long_match: str, edit: str) -> None:
    truth = log.state_at(long_match, 64)
    if edit == "another seq's hash":
        tamper(tmp_db, 'UPDATE snapshots SET hash = (SELECT hash FROM events WHERE "match" = ? AND seq = 63) '
                       'WHERE "match" = ? AND seq = 64', (long_match, long_match))
    elif edit == "bytes that are no state":
        tamper(tmp_db, 'UPDATE snapshots SET state = ? WHERE "match" = ? AND seq = 64',
               (msgpack.packb({"seq": 64, "turn": 999}), long_match))
    elif edit == "a forged winner":  # a well-formed state at the right seq: only the MAC tells it apart
        tamper(tmp_db, 'UPDATE snapshots SET state = ? WHERE "match" = ? AND seq = 64',
               (stored_as_snapshot(log, long_match, {**truth, "winner": "P2"}), long_match))
    else:
        tamper(tmp_db, 'UPDATE snapshots SET state = ? WHERE "match" = ? AND seq = 64',
               (stored_as_snapshot(log, long_match, log.state_at(long_match, 63)), long_match))
    assert log.state_at(long_match, 64) == truth
    assert log.snapshot_seqs(long_match) == [64]  # dropped, then rebuilt by the read that passed it
    assert log.snapshot(long_match, 64) == truth


# --- the file ----------------------------------------------------------------------------------------------------

def test_the_log_is_a_wal_file_with_its_migrations_recorded(log: Log, tmp_db: Path) -> None:
    if on_postgres(tmp_db):
        pytest.skip("SQLite's file; PostgreSQL's migrations: test_postgres_records_its_migrations_once")
    assert log.db.sqlite.journal_mode == "wal"
    assert {"matches", "events", "idempotency", "catalogs", "snapshots"} <= set(log.db.table_names())
    applied = [row["name"] for row in log.db.sqlite["_sqlite_migrations"].rows]
    with Log(tmp_db) as reopened:
        assert [row["name"] for row in reopened.db.sqlite["_sqlite_migrations"].rows] == applied
    assert applied[:4] == ["m001_create_tables", "m002_published", "m003_small_snapshots", "m004_snapshot_macs"]


def test_postgres_records_its_migrations_once(log: Log, tmp_db: Path) -> None:
    if not on_postgres(tmp_db):
        pytest.skip("PostgreSQL's migrations; SQLite's: test_the_log_is_a_wal_file_with_its_migrations_recorded")
    from recorder import postgres

    assert {"matches", "events", "idempotency", "catalogs", "snapshots", "riftlog_migrations"} <= \
        set(log.db.table_names())
    postgres._upgraded.clear()  # as a new process opens the database
    with Log(tmp_db) as reopened:
        applied = [row[0] for row in reopened.db.execute("SELECT name FROM riftlog_migrations ORDER BY name")]
    assert applied == [name for name, _ddl in postgres.MIGRATIONS]


def test_two_writers_on_one_file_never_interleave(tmp_db: Path, duel_created: dict) -> None:
    with Log(tmp_db) as first:
        match_id, _ = first.create_match(duel_created)
    errors = []

    def writer(name: str) -> None:
        try:
            with Log(tmp_db) as own:
                for index in range(10):
                    own.append(match_id, [{"type": "note", "text": f"{name} {index}"}])
        except Exception as error:  # noqa: BLE001 - reported below
            errors.append(error)

    threads = [threading.Thread(target=writer, args=(name,)) for name in ("left", "right")]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert errors == []
    with Log(tmp_db) as reader:
        assert reader.verify_chain(match_id)["ok"] and reader.match(match_id)["head_seq"] == 21


def test_a_second_connection_sees_a_stale_expected_seq(tmp_db: Path, duel_created: dict) -> None:
    with Log(tmp_db) as first, Log(tmp_db) as second:
        match_id, _ = first.create_match(duel_created)
        first.append(match_id, [NOTE], expected_seq=1)
        with pytest.raises(Conflict):
            second.append(match_id, [NOTE], expected_seq=1)


# --- long batches are folded before the write lock is taken ------------------------------------------------------

def test_a_long_batch_is_folded_before_the_lock_and_written_whole(log: Log, duel_created: dict, duel_game,
                                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    from recorder import log as log_module

    monkeypatch.setattr(log_module, "FOLD_AHEAD", 10)
    match_id, _ = log.create_match(duel_created)
    ahead = []
    realfold_ahead = Log.fold_ahead
    monkeypatch.setattr(Log, "fold_ahead", lambda self, prepared: ahead.append(1) or realfold_ahead(self, prepared))
    script = duel_game(30)
    assert log.append(match_id, script)["seq"] == len(script) + 1
    assert ahead == [1] and log.verify_chain(match_id)["ok"]
    assert log.state_at(match_id) == engine.fold(stored(log, match_id), engine.demo_catalog())
    assert log.snapshot_seqs(match_id) == [64]


def test_a_long_batch_folded_onto_a_head_that_moved_is_folded_again(tmp_db: Path, log: Log, duel_created: dict,
                                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    from recorder import log as log_module

    monkeypatch.setattr(log_module, "FOLD_AHEAD", 10)
    match_id, _ = log.create_match(duel_created)
    realfold_ahead = Log.fold_ahead

    def another_writer_gets_in_first(self, prepared):
        folded = realfold_ahead(self, prepared)
        with Log(tmp_db) as other:
            other.append(match_id, [NOTE])
        return folded

    monkeypatch.setattr(Log, "fold_ahead", another_writer_gets_in_first)
    assert log.append(match_id, notes(12))["seq"] == 14
    assert [event.get("text") for event in stored(log, match_id)[1:3]] == [NOTE["text"], "note 1"]
    assert log.verify_chain(match_id)["ok"]
    assert log.state_at(match_id) == engine.fold(stored(log, match_id), engine.demo_catalog())


def test_a_whole_match_is_created_in_one_transaction_past_the_batch_limit(log: Log, duel_created: dict,
                                                                          duel_game) -> None:
    from recorder import limits

    script = duel_game(10) + notes(limits.MAX_BATCH)
    match_id, _ = log.create_match(duel_created, then=script)
    assert log.match(match_id)["head_seq"] == len(script) + 1
    assert log.verify_chain(match_id)["ok"]
    assert log.state_at(match_id) == engine.fold(stored(log, match_id), engine.demo_catalog())
    assert log.snapshot_seqs(match_id) == list(range(64, len(script) + 2, 64))
    assert log.append(match_id, [NOTE])["seq"] == len(script) + 2  # the head is hot and right


def test_a_whole_match_read_by_a_reader_is_handed_the_state_after_each_event(log: Log, duel_created: dict,
                                                                             duel_game) -> None:
    """A reader (a notation import) reads each event against the log's own fold of the events before it."""
    script, seen = duel_game(3), []

    def reader(state: dict) -> dict | None:
        seen.append((state["seq"], state["turn"]))
        return script[len(seen) - 1] if len(seen) <= len(script) else None

    match_id, _ = log.create_match(duel_created, then=reader)
    assert [seq for seq, _turn in seen] == list(range(1, len(script) + 2))
    assert seen[-1] == (log.state_at(match_id)["seq"], log.state_at(match_id)["turn"])
    assert [as_sent(event) for event in stored(log, match_id)[1:]] == script
    assert log.state_at(match_id) == engine.fold(stored(log, match_id), engine.demo_catalog())
    assert log.append(match_id, [NOTE])["seq"] == len(script) + 2  # the head is hot and right


def test_a_whole_match_with_a_refused_event_is_not_created(log: Log, tmp_db: Path, duel_created: dict,
                                                           duel_game) -> None:
    with pytest.raises(Refused, match=r"new match\), event 10 \(end_turn") as refused:
        log.create_match(duel_created, then=duel_game(1) + [{"type": "end_turn", "player": "P2"}])
    assert isinstance(refused.value.__cause__, engine.IllegalEvent)  # for a reader to place it
    assert log.matches() == [] and row_count(tmp_db, "events") == 0


def test_a_whole_match_with_a_rewind_is_created_with_its_own_past(log: Log) -> None:
    from replays import notation
    from test_rewinds import _text

    text = _text("P1 move Legion Rearguard -> bf1", "P1 pass", "P2 pass", 'rewind 2 "the other battlefield"',
                 "P1 move Legion Rearguard -> bf2")
    match_id, _ = notation.import_match(log, text)
    assert log.state_at(match_id)["voided"] == [3, 4, 5]
    assert log.state_at(match_id) == engine.fold(stored(log, match_id), engine.demo_catalog())
