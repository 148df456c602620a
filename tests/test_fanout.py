"""The live streams' hub under `riftlog serve` (web.gateway, web.hub), against the production server in its own
process on loopback: the caps on streams (503 with Retry-After, the recorder unaffected), a spectator that cannot
keep up dropped and resumed with Last-Event-ID without a gap, one redaction per view shared by every stream of it,
the tournament page's feed. Every read is bounded in time."""
from __future__ import annotations

import asyncio
import http.client
import json
import os
import socket
import subprocess
import sys
import time
from pathlib import Path

from engine.views import as_sent
from serving import ROOT, free_port, served_process
from sse import EventStream
from test_serve import HEAD, Client, create, notes
from web import hub as hubs


def stream_from(port: int, path: str, address: str = "127.0.0.1",
                headers: dict[str, str] | None = None) -> tuple[http.client.HTTPConnection, http.client.HTTPResponse]:
    """A stream request from a loopback `address` (127.0.0.2 is another client to the server's caps)."""
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30, source_address=(address, 0))
    connection.request("GET", path, headers=headers or {})
    return connection, connection.getresponse()


def events_of(response: http.client.HTTPResponse) -> EventStream:
    assert response.status == 200, response.read()
    return EventStream(iter(lambda: response.read1(65536), b""))


def test_streams_past_the_caps_are_503_with_retry_after_and_the_recorder_still_appends(tmp_db, duel_created,
                                                                                       duel_game):
    config = {"DATABASE": str(tmp_db), "STREAMS": 3, "STREAMS_PER_ADDRESS": 2}
    with served_process(config) as port:
        client = Client(port)
        created = create(client, duel_created, duel_game)
        path = f"/api/matches/{created['id']}/stream?after={HEAD}"
        open_streams = [stream_from(port, path) for _ in range(2)]
        for _connection, response in open_streams:
            assert response.status == 200
        _, third = stream_from(port, path)  # a third from the same address: past the per-address cap
        assert third.status == 503 and third.getheader("Retry-After") == "2"
        assert "too many live streams" in json.loads(third.read())["error"]
        other = stream_from(port, path, "127.0.0.2")  # another address: the total's last place
        assert other[1].status == 200
        open_streams.append(other)
        _, fourth = stream_from(port, path, "127.0.0.3")  # past the total cap
        assert fourth.status == 503 and fourth.getheader("Retry-After") == "2"
        fourth.read()

        status, answer, _ = client.request("POST", f"/api/matches/{created['id']}/events",
                                           {"event": notes(1, "past the cap")[0], "expected_seq": HEAD},
                                           created["token"])
        assert (status, answer["seq"]) == (201, HEAD + 1)
        for _connection, response in open_streams:
            [live] = events_of(response).read(1)
            assert live["id"] == HEAD + 1 and live["data"]["event"]["text"] == "past the cap 0"
        client.close()


def test_a_spectator_that_cannot_keep_up_is_dropped_and_resumes_with_last_event_id_without_a_gap(
        tmp_db, duel_created, duel_game):
    """The slow spectator reads nothing while 200 appends of six long notes (~11 MB) are made: past what the
    sockets and the server's connection hold and its own buffer (STREAM_BUFFER), the server drops it; it reads
    what it had been sent, then the end, and a reconnect with the last id it read brings every event after it.
    A spectator that keeps up is not dropped."""
    # 11 MB of notes in seconds, past the budget of bytes one address may send to be written (web/budget.py)
    with served_process({"DATABASE": str(tmp_db), "STREAM_BUFFER": 64 * 1024, "WRITE_BURST": 0}) as port:
        client = Client(port)
        created = create(client, duel_created, duel_game)
        path = f"/api/matches/{created['id']}/stream?after={HEAD}"
        slow = socket.create_connection(("127.0.0.1", port))
        slow.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 65536)
        slow.sendall(f"GET {path} HTTP/1.1\r\nHost: test\r\n\r\n".encode())
        _, keeping_up = stream_from(port, path)
        fast = events_of(keeping_up)
        seq = HEAD
        for batch in range(200):
            body = {"events": [{"type": "note", "text": f"{batch}-{index} " + "x" * 9_000} for index in range(6)],
                    "expected_seq": seq}
            status, answer, _ = client.request("POST", f"/api/matches/{created['id']}/events", body,
                                               created["token"])
            assert status == 201, answer
            seq = answer["seq"]
            assert [message["id"] for message in fast.read(6)] == list(range(seq - 5, seq + 1))

        slow.settimeout(20)
        received = b""
        while chunk := slow.recv(1 << 20):  # all it was sent, then the end: dropped, not waiting
            received += chunk
        slow.close()
        body = received.split(b"\r\n\r\n", 1)[1].decode("latin-1")
        ids = [int(line[4:]) for line in body.split("\n") if line.startswith("id: ")]
        assert ids and ids == list(range(HEAD + 1, ids[-1] + 1)) and ids[-1] < seq
        connection, resumed = stream_from(port, f"/api/matches/{created['id']}/stream",
                                          headers={"Last-Event-ID": str(ids[-1])})
        rest = events_of(resumed).read(seq - ids[-1])
        assert [message["id"] for message in rest] == list(range(ids[-1] + 1, seq + 1))
        connection.close()
        client.close()


def test_every_stream_of_a_view_gets_the_same_redacted_bytes_and_each_view_its_own(tmp_db, duel_created,
                                                                                   duel_game):
    """A P2 draw reaches two spectators as `[null]`, P2 with the card, the judge with the card: one redaction per
    view (engine.views.Redactor), shared by every stream of the view."""
    with served_process({"DATABASE": str(tmp_db)}) as port:
        client = Client(port)
        created = create(client, duel_created, duel_game)
        path = f"/api/matches/{created['id']}/stream?after={HEAD}"
        readers = {"spectator 1": {}, "spectator 2": {},
                   "P2": {"Authorization": f"Bearer {created['player_tokens']['P2']}"},
                   "judge": {"Authorization": f"Bearer {created['token']}"}}
        streams = {who: events_of(stream_from(port, path, headers=headers)[1]) for who, headers in readers.items()}
        events = duel_game(2)[HEAD - 1:HEAD + 5]  # P1's turn, then P2's channel and draw
        status, answer, _ = client.request("POST", f"/api/matches/{created['id']}/events",
                                           {"events": events, "expected_seq": HEAD}, created["token"])
        assert status == 201, answer
        read = {who: stream.read(len(events)) for who, stream in streams.items()}
        draw = events[4]
        assert draw["type"] == "draw" and draw["player"] == "P2"
        assert read["spectator 1"] == read["spectator 2"]
        assert read["spectator 1"][4]["data"]["event"]["cards"] == [None]
        assert read["P2"][4]["data"]["event"]["cards"] == draw["cards"]
        assert as_sent(read["judge"][4]["data"]["event"]) == draw and "salt" in read["judge"][4]["data"]["event"]
        client.close()


def test_the_tournament_feed_pushes_a_table_s_new_row_once_per_change(tmp_db, make_match_created, duel_game):
    """Against riftlog serve's hub: a page following round 1 gets one `table` message when table 2 changes, with
    the row the page would draw (what a spectator sees)."""
    with served_process({"DATABASE": str(tmp_db)}) as port:
        client = Client(port)
        tables = [create(client, make_match_created("strict", info={"event": "Regional", "round": 1, "table": n}),
                         duel_game) for n in (1, 2)]
        connection, response = stream_from(port, "/tournament/feed?event=Regional&round=1")
        assert response.status == 200
        feed = iter(lambda: response.read1(65536), b"")
        channel = duel_game(1)[HEAD - 1]
        status, answer, _ = client.request("POST", f"/api/matches/{tables[1]['id']}/events",
                                           {"event": channel, "expected_seq": HEAD}, tables[1]["token"])
        assert status == 201, answer
        text = ""
        while "event: table" not in text or "\n\n" not in text.split("event: table", 1)[1]:
            text += next(feed).decode()
        block = text.split("event: table\n", 1)[1].split("\n\n", 1)[0]
        row = json.loads(block.removeprefix("data: "))
        assert (row["match"], row["seq"]) == (tables[1]["id"], HEAD + 1)
        assert row["html"].startswith(f'<tr data-match="{tables[1]["id"]}" data-seq="{HEAD + 1}"')
        assert "Turn 1" in row["html"] and "Annie" in row["html"]
        connection.close()
        client.close()


def test_the_tournament_feed_checks_its_round_and_needs_the_hub(client, make_match_created):
    client.post("/api/matches", json=make_match_created("strict", info={"event": "Regional", "round": 1, "table": 1}))
    assert client.get("/tournament/feed?event=Regional").status_code == 400
    assert client.get("/tournament/feed?event=Regional&round=9").status_code == 404
    answer = client.get("/tournament/feed?event=Regional&round=1")  # a WSGI server: the page refreshes itself
    assert answer.status_code == 404 and "hub" in answer.get_data(as_text=True)


def test_the_streams_writes_wait_for_the_recorders_requests_in_flight_and_not_for_ever(app):
    """Recorders first (web.hub.Hub.after_recorders): a slice of the streams' writes waits while a recorder's
    request is being answered, goes on the moment none is, and waits YIELD seconds at most."""
    async def scenario() -> tuple[bool, bool, float]:
        hub = hubs.Hub(app)
        hub.recorder_in()
        hub.recorder_in()
        waiting = asyncio.ensure_future(hub.after_recorders())
        await asyncio.sleep(0.01)
        held = not waiting.done()
        hub.recorder_out()  # one of the two answered: still held
        await asyncio.sleep(0.01)
        held = held and not waiting.done()
        hub.recorder_out()
        await asyncio.sleep(0.001)
        released = waiting.done()
        hub.recorder_in()  # a recorder's request that is never answered holds a slice back YIELD seconds only
        start = time.monotonic()
        await hub.after_recorders()
        return held, released, time.monotonic() - start

    held, released, bounded = asyncio.run(scenario())
    assert held and released
    assert hubs.YIELD - 0.01 <= bounded < hubs.YIELD + 0.5


def test_granian_takes_every_write_to_a_stream_that_keeps_up_at_once():
    """The hub's fan-out relies on it: a write Granian's ASGI `send` takes at once returns an awaitable with nothing
    to wait for, and `Subscriber` waits for nothing then (no future, no callback, no task). Before this test, the
    check named a type Granian no longer exports, and every write of every stream made a task: at 10,000
    spectators, delivery p50 300 ms and the recorder's POST p99 100 ms, instead of ~110 and ~9."""
    port = free_port()
    process = subprocess.Popen([sys.executable, "-m", "granian", "--interface", "asgi", "--host", "127.0.0.1",
                                "--port", str(port), "--http", "1", "--no-ws", "--log-level", "error",
                                "granian_writes:app"], cwd=Path(__file__).parent,
                               env={**os.environ, "PYTHONPATH": os.pathsep.join([str(ROOT), str(ROOT / "tests")])})
    try:
        deadline = time.monotonic() + 30
        while True:
            try:
                connection, response = stream_from(port, "/")
                break
            except OSError:
                assert time.monotonic() < deadline and process.poll() is None, "granian did not start"
                time.sleep(0.05)
        body = response.read().decode()
        connection.close()
    finally:
        process.terminate()
        process.wait(10)
    ids = [int(line[4:]) for line in body.split("\n") if line.startswith("id: ")]
    assert ids == list(range(50))
    assert body.endswith("event: waited\ndata: 0\n\n"), body[-200:]
