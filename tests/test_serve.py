"""The production server of `riftlog serve` (`web.serving`, Granian) in its own process on 127.0.0.1: kept-alive
connections, appends and their 503, a live stream, streams that do not starve appends, Ctrl+C with a stream open,
and two server processes appending to one match; and its admission of requests in turns. Every wait is bounded."""
from __future__ import annotations

import gc
import http.client
import json
import sqlite3
import threading
from typing import Any

import pytest

from engine.views import as_sent
import recorder
import replays
from serving import served_process
from sse import EventStream
from web import create_app
from web.gateway import Gateway, lane_of
from web.serving import YOUNG_COLLECTION, worker_app

HEAD = 6  # match_created, game_started, two opening draws, two mulligans


class Client:
    """One kept-alive connection to a served process."""

    def __init__(self, port: int) -> None:
        self.connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)

    def request(self, method: str, path: str, body: Any = None, token: str | None = None) -> tuple[int, Any, dict]:
        headers = {"Content-Type": "application/json"}
        if token:
            headers["Authorization"] = f"Bearer {token}"
        self.connection.request(method, path, None if body is None else json.dumps(body), headers)
        response = self.connection.getresponse()
        answer = json.loads(response.read() or b"null")
        return response.status, answer, dict(response.getheaders())

    def close(self) -> None:
        self.connection.close()


def create(client: Client, duel_created: dict, duel_game) -> dict:
    """A strict duel at seq HEAD created through the API: {id, token, player_tokens}."""
    status, created, _ = client.request("POST", "/api/matches", duel_created)
    assert status == 201, created
    status, answer, _ = client.request("POST", f"/api/matches/{created['id']}/events", {"events": duel_game(0)},
                                       created["token"])
    assert (status, answer["seq"]) == (201, HEAD), answer
    return created


def notes(count: int, prefix: str) -> list[dict]:
    return [{"type": "note", "text": f"{prefix} {index}"} for index in range(count)]


def open_stream(port: int, path: str) -> tuple[http.client.HTTPConnection, EventStream]:
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    connection.request("GET", path)
    response = connection.getresponse()
    assert response.status == 200 and response.getheader("Content-Type").startswith("text/event-stream")
    return connection, EventStream(iter(lambda: response.read1(65536), b""))


def test_appends_share_one_kept_alive_connection(tmp_db, duel_created, duel_game):
    with served_process({"DATABASE": str(tmp_db)}) as port:
        client = Client(port)
        created = create(client, duel_created, duel_game)
        socket = client.connection.sock
        for seq, event in enumerate(notes(3, "kept"), HEAD):
            status, answer, headers = client.request("POST", f"/api/matches/{created['id']}/events",
                                                     {"event": event, "expected_seq": seq}, created["token"])
            assert (status, answer["seq"]) == (201, seq + 1)
            assert headers.get("connection", "").lower() != "close"
        assert client.connection.sock is socket, "the server closed the connection between appends"
        client.close()


def test_a_busy_log_is_answered_503_with_retry_after_and_nothing_written(tmp_db, duel_created, duel_game):
    with served_process({"DATABASE": str(tmp_db), "BUSY_TIMEOUT": 0.2}) as port:
        client = Client(port)
        created = create(client, duel_created, duel_game)
        body = {"event": notes(1, "busy")[0], "expected_seq": HEAD, "idempotency_key": "busy-1"}
        holder = sqlite3.connect(tmp_db)
        holder.execute("BEGIN IMMEDIATE")  # another process holds the write lock past the server's busy timeout
        status, answer, headers = client.request("POST", f"/api/matches/{created['id']}/events", body,
                                                 created["token"])
        holder.rollback()
        holder.close()
        assert status == 503 and headers.get("retry-after") == "1", answer
        status, answer, _ = client.request("GET", f"/api/matches/{created['id']}")
        assert answer["head_seq"] == HEAD
        status, answer, _ = client.request("POST", f"/api/matches/{created['id']}/events", body, created["token"])
        assert (status, answer["seq"]) == (201, HEAD + 1)  # the retry, with the same key, is written once
        client.close()


def test_a_stream_follows_appends_and_many_streams_do_not_starve_the_recorder(tmp_db, duel_created, duel_game):
    """40 spectators hold a stream each (a thread each, for as long as they watch) while the recorder appends."""
    with served_process({"DATABASE": str(tmp_db)}) as port:
        client = Client(port)
        created = create(client, duel_created, duel_game)
        streams = [open_stream(port, f"/api/matches/{created['id']}/stream?after={HEAD}") for _ in range(40)]
        channel, draw = duel_game(1)[HEAD - 1:HEAD + 1]
        for seq, event in enumerate([channel, draw], HEAD):
            status, answer, _ = client.request("POST", f"/api/matches/{created['id']}/events",
                                               {"event": event, "expected_seq": seq}, created["token"])
            assert (status, answer["seq"]) == (201, seq + 1), answer
        for _connection, stream in streams:
            live = stream.read(2)
            assert [message["id"] for message in live] == [HEAD + 1, HEAD + 2]
            assert live[0]["data"]["event"] == channel
            assert live[1]["data"]["event"]["cards"] == [None]  # the spectator's view of a draw
        client.close()
        # The streams are left open: the server must still stop on Ctrl+C (served_process checks).


def test_two_server_processes_append_to_one_match_and_it_stays_consistent(tmp_db, duel_created, duel_game):
    """Each process keeps the head it wrote hot; it must notice that the other moved the match on."""
    with served_process({"DATABASE": str(tmp_db)}) as first, served_process({"DATABASE": str(tmp_db)}) as second:
        clients = [Client(first), Client(second)]
        created = create(clients[0], duel_created, duel_game)
        path = f"/api/matches/{created['id']}/events"
        events = duel_game(4)[HEAD - 1:]
        sent: dict[int, dict] = {}
        for seq, event in enumerate(events, HEAD):  # alternately through each server, each knowing the head
            status, answer, _ = clients[seq % 2].request("POST", path, {"event": event, "expected_seq": seq},
                                                         created["token"])
            assert (status, answer["seq"]) == (201, seq + 1), answer
            sent[seq + 1] = event
        head = HEAD + len(events)
        status, answer, _ = clients[0].request("POST", path, {"event": notes(1, "stale")[0], "expected_seq": head - 1},
                                               created["token"])
        assert status == 409, answer

        acknowledged: list[tuple[int, dict]] = []
        refused: list[Any] = []
        lock = threading.Lock()

        def record(client: Client, prefix: str) -> None:  # both at once, neither knowing the head
            for event in notes(15, prefix):
                status, answer, _ = client.request("POST", path, {"event": event}, created["token"])
                with lock:
                    if status == 201:
                        acknowledged.append((answer["seq"], event))
                    else:
                        refused.append((status, answer))

        racers = [threading.Thread(target=record, args=(client, f"racer {index}"))
                  for index, client in enumerate(clients)]
        for racer in racers:
            racer.start()
        for racer in racers:
            racer.join(timeout=60)
        for client in clients:
            client.close()

    assert refused == []
    assert sorted(seq for seq, _event in acknowledged) == list(range(head + 1, head + 31))
    with recorder.Log(tmp_db) as log:
        stored = {row["seq"]: as_sent(row["event"]) for row in log.events(created["id"])}
        assert {seq: stored[seq] for seq in sent} == sent
        assert all(stored[seq] == event for seq, event in acknowledged)
        assert replays.verify(log, created["id"])["ok"]



# --- the worker's app (web.serving, web.gateway)


@pytest.mark.parametrize("method, path, lane", [
    ("POST", "/api/matches/m1/events", "recording"), ("POST", "/api/matches/m1/check", "recording"),
    ("POST", "/api/matches", "parsing"), ("POST", "/api/decks/parse", "parsing"), ("POST", "/matches/new", "parsing"),
    ("POST", "/api/matches/m1/parse", "recording"), ("GET", "/api/matches/m1/recording", "recording"),
    ("GET", "/matches/m1/record", "recording"), ("GET", "/static/record.js", "recording"),
    ("GET", "/api/matches/m1/stream", "stream"), ("GET", "/tournament/feed", "stream"),
    ("GET", "/matches/m1", "reading"), ("GET", "/api/matches/m1/events", "reading"), ("GET", "/tournament", "reading"),
])
def test_recorders_requests_run_apart_from_readers_anonymous_parsing_and_streams_on_the_hub(method, path, lane):
    assert lane_of(method, path) == lane


def test_the_worker_app_is_the_gateway_with_the_collector_set_for_a_server(tmp_db):
    threshold = gc.get_threshold()
    try:
        app = worker_app(lambda: create_app({"DATABASE": str(tmp_db)}))
        assert isinstance(app, Gateway) and app.app.config["DATABASE"] == str(tmp_db)
        assert gc.get_threshold()[0] == YOUNG_COLLECTION and gc.get_freeze_count() > 0
    finally:
        gc.unfreeze()
        gc.set_threshold(*threshold)
