"""Matches under control (recorder/archive.py, issue 15): a match created by mistake archived (out of the lists and
the tournament page, every event kept) or deleted before its first game event (every row of it, at once, its id
never handed out again); by the organiser or the match's judge token, never a player's. The recorder, the API, the
organiser's page, the lists, the tournament page and its feed, and the CLI, on both stores."""
from __future__ import annotations

import json

import pytest

import recorder
from recorder import archive, tokens
from replays import notation
from riftlog_cli import cli
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
    for change in (lambda: archive.set_archived(log, "m99", True), lambda: archive.set_archived(log, "m99", False),
                   lambda: archive.delete(log, "m99", "organiser")):
        with pytest.raises(recorder.NotFound, match="no match 'm99'"):
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


# --- the API -------------------------------------------------------------------------------------------------------


@pytest.fixture
def organiser_key(log) -> str:
    return tokens.new_organiser_token(log)


def test_the_api_archives_unarchives_and_deletes_with_the_organiser_key_or_the_match_token(client, tables,
                                                                                         organiser_key):
    answer = client.post("/api/matches/m2/archive", headers=bearer(organiser_key))
    assert answer.status_code == 200 and answer.get_json()["archived_at"] is not None
    answer = client.post("/api/matches/m3/archive", headers=bearer(tables["m3"]))
    assert answer.status_code == 200 and answer.get_json()["id"] == "m3"
    listed = client.get("/api/matches").get_json()
    assert [match["id"] for match in listed["matches"]] == ["m1", "m4"] and listed["total"] == 2
    archived = client.get("/api/matches?archived=1&limit=1").get_json()
    assert [match["id"] for match in archived["matches"]] == ["m2"] and archived["total"] == 2
    assert archived["next"] == "/api/matches?offset=1&limit=1&archived=1"
    answer = client.post("/api/matches/m3/unarchive", headers=bearer(tables["m3"]))
    assert answer.status_code == 200 and answer.get_json()["archived_at"] is None
    answer = client.delete("/api/matches/m3", headers=bearer(tables["m3"]))
    assert answer.status_code == 200 and answer.get_json()["deleted_by"] == "judge"
    answer = client.delete("/api/matches/m2", headers=bearer(organiser_key))
    assert answer.status_code == 200 and answer.get_json()["deleted_by"] == "organiser"
    assert client.get("/api/matches/m2").status_code == 404
    assert client.get("/api/matches?archived=1").get_json()["total"] == 0


def test_the_api_refuses_to_delete_a_match_with_a_game_event(client, tables, played, organiser_key):
    answer = client.delete(f"/api/matches/{played}", headers=bearer(organiser_key))
    assert answer.status_code == 409
    assert "game_started" in answer.get_json()["error"] and "Archive it instead" in answer.get_json()["error"]
    assert client.get(f"/api/matches/{played}/verify").get_json()["ok"]


@pytest.mark.parametrize("method, path", [("POST", "/api/matches/{}/archive"), ("POST", "/api/matches/{}/unarchive"),
                                          ("DELETE", "/api/matches/{}")])
def test_the_api_refuses_players_strangers_and_unknown_matches(client, log, tables, organiser_key, method, path):
    players = tokens.player_tokens(log, "m2")
    for token in (players["P1"], tables["m3"], "not-a-token"):  # a player's, another match's, nobody's
        answer = client.open(path.format("m2"), method=method, headers=bearer(token))
        assert answer.status_code == 403 and "a player token only reads" in answer.get_json()["error"]
    assert client.open(path.format("m2"), method=method).status_code == 401
    answer = client.open(path.format("m99"), method=method, headers=bearer(organiser_key))
    assert answer.status_code == 404 and "m99" in answer.get_json()["error"]
    assert log.match("m2")["archived_at"] is None  # nothing changed


def test_a_list_asked_for_something_else_than_archived_0_or_1_is_refused(client, tables):
    for path in ("/api/matches?archived=yes", "/?archived=2"):
        answer = client.get(path)
        assert answer.status_code == 400 and "archived must be 0 or 1" in answer.get_data(as_text=True)


# --- the pages -----------------------------------------------------------------------------------------------------


def test_the_match_list_and_the_tournament_page_leave_archived_matches_out(client, log, tables):
    archive.set_archived(log, "m2", True)
    archive.set_archived(log, "m3", True)
    index = client.get("/").get_data(as_text=True)
    assert 'data-match="m1"' in index and 'data-match="m2"' not in index and 'data-match="m3"' not in index
    listed = client.get("/?archived=1").get_data(as_text=True)
    assert "Archived matches" in listed and 'data-match="m2"' in listed and 'data-match="m1"' not in listed
    rounds = client.get("/tournament").get_data(as_text=True)
    assert "2 tables" in rounds  # table 1 once, not three times
    page = client.get("/tournament?event=Regional&round=1").get_data(as_text=True)
    assert page.count('data-match="m1"') == 1 and 'data-match="m2"' not in page and 'data-match="m3"' not in page
    archive.set_archived(log, "m1", True)
    archive.set_archived(log, "m4", True)
    assert client.get("/tournament?event=Regional&round=1").status_code == 404  # no table left in the round
    assert client.get("/tournament/feed?event=Regional&round=1").status_code == 404


def test_the_organiser_archives_shows_again_and_deletes_from_the_page(client, log, tables, played, organiser_key):
    client.post("/organiser/token", data={"token": organiser_key})
    page = client.get("/organiser?event=Regional&round=1").get_data(as_text=True)
    assert 'id="m2-archive"' in page and 'id="m2-delete"' in page and 'id="m2-confirm-delete"' in page
    assert 'id="m1-archive"' in page and 'id="m1-delete"' not in page  # m1 has a game: archive only
    answer = client.post("/organiser/matches/m1/archive", data={"archived": "1", "event": "Regional", "round": "1"})
    assert answer.status_code == 303 and answer.headers["Location"] == "/organiser?event=Regional&round=1"
    assert log.match("m1")["archived_at"] is not None
    main = client.get("/organiser").get_data(as_text=True)
    assert "Archived matches (1)" in main
    shelf = client.get("/organiser?archived=1").get_data(as_text=True)
    assert 'data-match="m1"' in shelf and "Show again" in shelf and 'data-match="m2"' not in shelf
    answer = client.post("/organiser/matches/m1/archive", data={"archived": "0", "from_archived": "1"})
    assert answer.status_code == 303 and answer.headers["Location"] == "/organiser?archived=1"
    assert log.match("m1")["archived_at"] is None
    answer = client.post("/organiser/matches/m2/delete", data={"confirm": "m2", "event": "Regional", "round": "1"})
    assert answer.status_code == 303 and answer.headers["Location"] == "/organiser?event=Regional&round=1"
    assert [match["id"] for match in log.matches()] == ["m1", "m3", "m4"]


def test_the_organiser_page_refuses_what_it_may_not_do(client, log, tables, played, organiser_key):
    assert client.post("/organiser/matches/m2/archive", data={"archived": "1"}).status_code == 403  # no key
    assert client.post("/organiser/matches/m2/delete", data={"confirm": "m2"}).status_code == 403
    client.post("/organiser/token", data={"token": organiser_key})
    answer = client.post("/organiser/matches/m2/delete", data={})  # the box not ticked
    assert answer.status_code == 400 and "tick the box" in answer.get_data(as_text=True)
    assert client.post("/organiser/matches/m2/delete", data={"confirm": "m3"}).status_code == 400
    answer = client.post("/organiser/matches/m1/delete", data={"confirm": "m1"})
    assert answer.status_code == 409 and "Archive it instead" in answer.get_data(as_text=True)
    assert client.post("/organiser/matches/m2/archive", data={"archived": "maybe"}).status_code == 400
    assert client.post("/organiser/matches/m99/archive", data={"archived": "1"}).status_code == 404
    assert client.post("/organiser/matches/m99/delete", data={"confirm": "m99"}).status_code == 404
    assert log.match_count() == 4 and log.match_count(archived=True) == 0
    answer = client.post("/organiser/matches/m4/delete", data={"confirm": "m4", "event": "Regional", "round": "2"})
    assert answer.headers["Location"] == "/organiser"  # no match names that round: back to the first page


def test_the_round_feed_never_renders_an_archived_or_deleted_match(app, log, tables, duel_game):
    from web import rounds

    archive.set_archived(log, "m2", True)
    feed = rounds.RoundFeed(("Regional", "1"))
    feed.tables = rounds.tables_of(app, feed.key)
    assert sorted(feed.tables) == ["m1", "m3", "m4"]
    archive.set_archived(log, "m3", True)
    archive.delete(log, "m4", "organiser")
    for match_id in ("m1", "m2", "m3"):
        log.append(match_id, duel_game(0)[:1])
    pushed = rounds.render_rows(app, feed, {"m1", "m2", "m3", "m4"}).decode()
    assert [json.loads(line[len("data: "):])["match"] for line in pushed.splitlines() if line.startswith("data: ")] \
        == ["m1"]
    assert sorted(feed.tables) == ["m1"] and rounds.poll(app, feed) == set()


# --- the CLI -------------------------------------------------------------------------------------------------------


def run(runner, *args):
    return runner.invoke(cli, [str(arg) for arg in args], catch_exceptions=False)


def test_riftlog_archive_unarchive_and_delete(runner, tmp_db, log, tables):
    result = run(runner, "archive", "m2", "--db", tmp_db)
    assert result.exit_code == 0 and json.loads(result.stdout)["archived_at"] is not None
    assert [match["id"] for match in log.matches(archived=True)] == ["m2"]
    result = run(runner, "--db", tmp_db, "unarchive", "m2")
    assert result.exit_code == 0 and json.loads(result.stdout)["archived_at"] is None
    result = run(runner, "delete", "m2", "--db", tmp_db)
    assert result.exit_code == 0 and json.loads(result.stdout)["deleted_by"] == "organiser"
    assert [match["id"] for match in log.matches()] == ["m1", "m3", "m4"]


@pytest.mark.parametrize("command", ["archive", "unarchive", "delete"])
def test_riftlog_archive_and_delete_refuse_an_unknown_match(runner, tmp_db, tables, command):
    result = run(runner, command, "m99", "--db", tmp_db)
    assert result.exit_code == 1 and "no match 'm99'" in result.stderr and "Traceback" not in result.output


def test_riftlog_delete_refuses_a_match_with_a_game_event(runner, tmp_db, log, played):
    result = run(runner, "delete", played, "--db", tmp_db)
    assert result.exit_code == 1 and "Archive it instead" in result.stderr
    assert log.match(played)["head_seq"] > 1
