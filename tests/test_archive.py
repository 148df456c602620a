"""Matches under control (recorder/archive.py, issue 15): a match created by mistake archived (out of the lists and
the tournament page, every event kept) or deleted before its first game event (every row of it, at once, its id
never handed out again); by the organiser or the match's judge token, never a player's. The recorder, the API, the
organiser's page, the lists, the tournament page and its feed, and the CLI, on both stores."""
from __future__ import annotations

import json

import pytest

import recorder
from recorder import access, archive, tokens
from replays import notation
from stores import row_count

MATCH_TABLES = ("events", "idempotency", "snapshots")


@pytest.fixture
def tmp_db(database):
    """The log's database, in each store."""
    return database


@pytest.fixture
def tables(log, make_match_created) -> dict[str, str]:
    """Table 1 of Regional round 1 recorded three times (m1 played, m2 and m3 test matches with nothing played), and
    m4 at table 2: {id: match token}."""
    made = {}
    for table in (1, 1, 1, 2):
        match_id, token = log.create_match(make_match_created("strict", info={"event": "Regional", "round": 1,
                                                                               "table": table}))
        made[match_id] = token
    return made


@pytest.fixture
def played(log, tables, duel_game) -> str:
    """m1 with a game under way (its game_started, opening hands and a turn)."""
    log.append("m1", duel_game(1), idempotency_key="setup")
    return "m1"


def rows_of(tmp_db, match_id: str) -> dict[str, int]:
    """How many rows each table holds of the match (through the store, behind the log's back)."""
    store = recorder.store.open_store(tmp_db, busy_timeout=5.0)
    try:
        counts = {table: store.execute(f'SELECT COUNT(*) FROM {table} WHERE "match" = ?', [match_id]).fetchone()[0]
                  for table in MATCH_TABLES}
        counts["matches"] = store.execute("SELECT COUNT(*) FROM matches WHERE id = ?", [match_id]).fetchone()[0]
        return counts
    finally:
        store.close()


def bearer(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


# --- the recorder --------------------------------------------------------------------------------------------------


def test_an_archived_match_leaves_the_lists_and_keeps_its_record(log, tables, played):
    before = log.events(played)
    exported = notation.export_match(log, played)
    summary = archive.set_archived(log, played, True)
    assert summary["archived_at"] == "2025-06-02T10:00:00.000+00:00"
    assert [match["id"] for match in log.matches(archived=False)] == ["m2", "m3", "m4"]
    assert [match["id"] for match in log.matches(archived=True)] == ["m1"]
    assert len(log.matches()) == 4 and log.match_count() == 4  # every match, for a copy or the demo
    assert (log.match_count(archived=False), log.match_count(archived=True)) == (3, 1)
    assert log.events(played) == before and log.verify_chain(played)["ok"]
    assert notation.export_match(log, played) == exported
    log.append(played, [{"type": "note", "text": "still recorded"}])  # archiving hides, it does not close
    assert log.match(played)["head_seq"] == len(before) + 1


def test_archiving_again_keeps_the_first_time_and_unarchive_shows_it_again(tmp_db, tables):
    with recorder.Log(tmp_db, clock=lambda: "2025-06-02T10:00:00.000+00:00") as first:
        archive.set_archived(first, "m2", True)
    with recorder.Log(tmp_db, clock=lambda: "2025-06-03T11:00:00.000+00:00") as later:
        assert archive.set_archived(later, "m2", True)["archived_at"] == "2025-06-02T10:00:00.000+00:00"
        assert archive.set_archived(later, "m2", False)["archived_at"] is None
        assert [match["id"] for match in later.matches(archived=False)] == ["m1", "m2", "m3", "m4"]


def test_a_match_with_nothing_played_is_deleted_with_every_row_and_its_id_is_never_reused(log, tmp_db, tables,
                                                                                         make_match_created):
    log.append("m2", [{"type": "note", "text": "a test match"}], idempotency_key="k1")
    tokens.reissue(log, "m2", "judge", "organiser")  # a reissue's note is no game event either
    assert rows_of(tmp_db, "m2") == {"events": 3, "idempotency": 1, "snapshots": 0, "matches": 1}
    assert archive.first_game_event(log, "m2") is None
    assert archive.delete(log, "m2", "judge") == {"id": "m2", "deleted_at": "2025-06-02T10:00:00.000+00:00",
                                                  "deleted_by": "judge"}
    assert rows_of(tmp_db, "m2") == {"events": 0, "idempotency": 0, "snapshots": 0, "matches": 0}
    assert [match["id"] for match in log.matches()] == ["m1", "m3", "m4"]
    with pytest.raises(recorder.NotFound):
        log.append("m2", [{"type": "note", "text": "too late"}])
    assert not log.reader("m1", tables["m2"])
    archive.delete(log, "m4", "organiser")  # the highest id: the next match still gets a new one
    assert log.create_match(make_match_created("strict"))[0] == "m5"
    assert row_count(tmp_db, "deleted_matches") == 2


def test_a_delete_after_the_first_game_event_is_refused_and_changes_nothing(log, tmp_db, tables, played,
                                                                            duel_game):
    before = rows_of(tmp_db, played)
    with pytest.raises(recorder.Conflict, match=r"match m1 cannot be deleted: its event 2 \(game_started\) is a "
                                                r"game event.*Archive it instead"):
        archive.delete(log, played, "organiser")
    assert rows_of(tmp_db, played) == before and log.verify_chain(played)["ok"]
    log.append("m2", duel_game(0)[:1])  # game_started alone: the first game event
    with pytest.raises(recorder.Conflict, match="event 2 \\(game_started\\)"):
        archive.delete(log, "m2", "judge")
    log.append("m3", [{"type": "penalty", "player": "P1", "infraction": "late_to_match", "penalty": "warning",
                       "rule": "TR 703.8"}])  # a judge's call counts too, before any game
    with pytest.raises(recorder.Conflict, match="event 2 \\(penalty\\)"):
        archive.delete(log, "m3", "judge")
    assert row_count(tmp_db, "deleted_matches") == 0


def test_an_unknown_match_is_not_found(log, tables):
    for change in (lambda: archive.set_archived(log, "m9", True), lambda: archive.set_archived(log, "m9", False),
                   lambda: archive.delete(log, "m9", "organiser")):
        with pytest.raises(recorder.NotFound, match="no match 'm9'"):
            change()
    archive.delete(log, "m2", "organiser")
    with pytest.raises(recorder.NotFound):  # deleted twice
        archive.delete(log, "m2", "organiser")


def test_a_copy_keeps_the_archived_matches_and_the_deleted_ids(log, tables, tmp_path, make_match_created):
    from recorder.migrate import copy_matches

    archive.set_archived(log, "m1", True)
    archive.delete(log, "m4", "organiser")
    with recorder.Log(tmp_path / "copy.db") as target:
        assert [done.outcome for done in copy_matches(log, target)] == ["copied"] * 3
        assert [match["id"] for match in target.matches(archived=True)] == ["m1"]
        assert target.create_match(make_match_created("strict"))[0] == "m5"
