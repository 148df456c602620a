"""Malformed and oversized input: every one a 4xx with a message that says what was wrong, never a 500 (issue 8).
Depth limits before parsing, the envelope's text fields, size limits (413), the paginated match list, an event
that no longer decodes, and a --db that is not a riftlog database."""
from __future__ import annotations

import sqlite3

import msgpack
import pytest

from recorder import limits


def bearer(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


@pytest.fixture
def created(client, duel_created):
    return client.post("/api/matches", json=duel_created).json


def append(client, created, body, **kwargs):
    return client.post(f"/api/matches/{created['id']}/events", headers=bearer(created["token"]), **kwargs,
                       **({"json": body} if not isinstance(body, bytes) else {"data": body}))


def nested(depth: int) -> object:
    value: object = 0
    for _ in range(depth):
        value = [value]
    return value


@pytest.mark.parametrize("data", [b"[" * 100_000, b'{"event": ' * 50_000, b'{"event": {"type": "note", "text": "x", "about": ' + b"[" * 5000 + b"]" * 5000 + b"}}"])
def test_a_json_body_nested_too_deep_is_400_before_it_is_parsed(client, created, data):
    response = append(client, created, data, content_type="application/json")
    assert response.status_code == 400
    assert "nests lists and maps more than" in response.json["error"]


@pytest.mark.parametrize("depth", [900, 100_000])
def test_a_msgpack_body_nested_too_deep_is_400(client, created, depth):
    data = b"\x81\xa5event" + b"\x91" * depth + b"\xc0"
    response = append(client, created, data, content_type="application/msgpack")
    assert response.status_code == 400


def test_an_event_nested_deeper_than_the_log_keeps_is_400(client, created):
    event = {"type": "choose", "player": "P1", "choice": nested(limits.MAX_DEPTH)}
    response = append(client, created, {"event": event})
    assert response.status_code == 400
    assert f"more than {limits.MAX_DEPTH} deep" in response.json["error"]


@pytest.mark.parametrize("field, body", [
    ("idempotency_key", {"idempotency_key": "a\ud800"}),
    ("meta field client", {"meta": {"client": "\udfff"}}),
    ("meta field recorded_at", {"meta": {"recorded_at": "2025-06-02T10:00:00\ud800"}}),
])
def test_envelope_text_with_lone_surrogates_is_400(client, created, field, body):
    response = append(client, created, {"event": {"type": "note", "text": "x"}, **body})
    assert response.status_code == 400
    assert field in response.json["error"]


@pytest.mark.parametrize("recorded_at", ["yesterday", "2025-06-02", "2025-13-02T10:00:00Z", "2025-06-02T10:00:00",
                                         "2025-06-02T25:00:00+00:00", 20250602])
def test_recorded_at_must_be_a_time_with_its_offset(client, created, recorded_at):
    response = append(client, created, {"event": {"type": "note", "text": "x"}, "meta": {"recorded_at": recorded_at}})
    assert response.status_code == 400
    assert "recorded_at" in response.json["error"]


def test_a_good_recorded_at_is_kept_and_listed_as_unverified(client, created):
    response = append(client, created, {"event": {"type": "note", "text": "x"},
                                         "meta": {"recorded_at": "2025-06-02T10:00:01.500Z", "client": "table 4"}})
    assert response.status_code == 201
    events = client.get(f"/api/matches/{created['id']}/events?after=1").json
    assert events["events"][0]["recorded_at"] == "2025-06-02T10:00:01.500Z"
    assert events["unverified"] == ["recorded_at", "client"]


def test_a_body_over_the_size_limit_is_413(client, created):
    response = append(client, created, b'{"event": {"type": "note", "text": "' + b"x" * (1024 * 1024) + b'"}}',
                      content_type="application/json")
    assert response.status_code == 413
    assert response.json["error"]


def test_a_batch_over_the_limit_is_413(client, created):
    response = append(client, created, {"events": [{"type": "note", "text": "x"}] * (limits.MAX_BATCH + 1)})
    assert response.status_code == 413
    assert f"the limit is {limits.MAX_BATCH}" in response.json["error"]


def test_a_text_over_the_limit_is_413(client, created):
    response = append(client, created, {"event": {"type": "note", "text": "x" * (limits.MAX_TEXT + 1)}})
    assert response.status_code == 413
    assert "event.text is" in response.json["error"] and str(limits.MAX_TEXT) in response.json["error"]


def test_an_info_over_the_limit_is_413(client, duel_created):
    response = client.post("/api/matches", json={**duel_created, "info": {"event": "x" * limits.MAX_INFO}})
    assert response.status_code == 413
    assert "info" in response.json["error"]
    assert client.get("/api/matches").json["total"] == 0


def test_the_match_list_is_paginated(client, duel_created):
    for _ in range(5):
        client.post("/api/matches", json=duel_created)
    first = client.get("/api/matches?limit=2").json
    assert [match["id"] for match in first["matches"]] == ["m1", "m2"]
    assert (first["total"], first["offset"], first["limit"]) == (5, 0, 2)
    second = client.get(first["next"]).json
    assert [match["id"] for match in second["matches"]] == ["m3", "m4"]
    last = client.get(second["next"]).json
    assert [match["id"] for match in last["matches"]] == ["m5"] and last["next"] is None
    assert client.get("/api/matches").json["limit"] == 100
    page = client.get("/?limit=2").get_data(as_text=True)
    assert 'data-match="m5"' in page and 'data-match="m3"' not in page and 'id="older"' in page


@pytest.mark.parametrize("query, message", [("limit=0", "limit must be 1 to 500"), ("limit=501", "limit must be"),
                                            ("offset=-1", "offset must be >= 0"), ("limit=x", "whole number")])
def test_a_bad_page_is_400(client, query, message):
    response = client.get(f"/api/matches?{query}")
    assert response.status_code == 400 and message in response.json["error"]


def test_an_event_that_no_longer_decodes_says_so_and_to_run_verify(client, log, demo_tokens, tmp_db):
    match_id, token = next(iter(demo_tokens.items()))
    connection = sqlite3.connect(tmp_db)
    connection.execute('UPDATE events SET body = ? WHERE "match" = ? AND seq = 7', [b"\xc1\xc1", match_id])
    connection.commit()
    connection.close()
    message = f"the stored event at seq 7 of match {match_id} no longer decodes: run verify"
    events = client.get(f"/api/matches/{match_id}/events", headers=bearer(token))
    assert events.status_code == 409 and events.json["error"] == message
    client.set_cookie(f"riftlog-{match_id}", token)
    page = client.get(f"/matches/{match_id}")
    assert page.status_code == 409 and message in page.get_data(as_text=True)
    verify = client.get(f"/api/matches/{match_id}/verify").json
    assert verify["ok"] is False and verify["bad_seq"] == 7


@pytest.mark.parametrize("content, message", [
    (b"hello, not a database\n" * 10, "is not a riftlog database"),
    (None, "the SQLite database of another program (tables scores)"),
])
def test_a_db_that_is_not_riftlogs_is_a_clear_error(runner, tmp_path, content, message):
    from riftlog_cli import cli

    path = tmp_path / "other.db"
    if content is None:
        connection = sqlite3.connect(path)
        connection.execute("CREATE TABLE scores (x)")
        connection.commit()
        connection.close()
    else:
        path.write_bytes(content)
    before = path.read_bytes()
    for command in (["demo"], ["show", "m1"], ["serve", "--port", "0"]):
        result = runner.invoke(cli, ["--db", str(path), *command])
        assert result.exit_code == 1, result.output
        assert message in result.stderr and "Traceback" not in result.output
    assert path.read_bytes() == before  # nothing was added to someone else's file


def test_an_app_on_a_database_in_a_missing_folder_answers_why(tmp_path):
    """`riftlog serve` refuses such a --db at start (test_cli); an app built on one anyway names the folder."""
    from web import create_app

    client = create_app({"TESTING": True, "DATABASE": str(tmp_path / "nope" / "x.db")}).test_client()
    answer = client.get("/api/matches")
    assert answer.status_code == 500
    assert f"the folder {tmp_path / 'nope'} does not exist" in answer.json["error"]
