"""Several servers, one tournament (contract section 6, "More than one machine"): two `riftlog serve` processes
(the production server, web.serving) on one PostgreSQL database, recorders spread over both, a spectator of one
process following appends recorded through the other. Every wait is bounded."""
from __future__ import annotations

import json
import re
import socket
import statistics
import subprocess
import sys
import threading
import time
import urllib.request
from pathlib import Path
from typing import Any

import pytest

from engine.views import as_sent
import recorder
import replays
from serving import ROOT, served_process
from test_fanout import events_of, stream_from
from test_serve import HEAD, Client, create, notes, open_stream

MATCHES = 6  # matches recorded at once, each by recorders on both servers
EVENTS = 10  # events each recorder of a match sends
SPECTATED = 8  # appends the spectator's latency is measured on


@pytest.fixture
def postgres_url(postgres_cluster, tmp_path, monkeypatch) -> Any:
    """A new, empty log on the session's PostgreSQL server; every server process reads the same key file."""
    monkeypatch.setenv("RIFTLOG_SEAL_KEY", str(tmp_path / "riftlog.seal-key"))
    yield postgres_cluster.url()
    from recorder.postgres import close_pools

    close_pools()


def test_recorders_spread_over_two_servers_store_every_acknowledged_event_once(postgres_url, duel_created, duel_game):
    """Each match has a recorder on each server, appending at once without knowing the head: the appends of one
    match are serialised on its row across the two processes (never a gap, a duplicate or a fork of the chain),
    and each process's hot head of a match the other moved on is never appended onto."""
    with served_process({"DATABASE": postgres_url}) as first, served_process({"DATABASE": postgres_url}) as second:
        ports = [first, second]
        setup = Client(first)
        matches = [create(setup, duel_created, duel_game) for _ in range(MATCHES)]
        setup.close()
        acknowledged: list[tuple[str, int, dict]] = []
        refused: list[Any] = []
        lock = threading.Lock()

        def record(match: dict, port: int, prefix: str) -> None:
            client = Client(port)
            for index, event in enumerate(notes(EVENTS, prefix)):
                status, answer, _ = client.request("POST", f"/api/matches/{match['id']}/events",
                                                   {"event": event, "idempotency_key": f"{prefix}-{index}"},
                                                   match["token"])
                with lock:
                    (acknowledged.append((match["id"], answer["seq"], event)) if status == 201
                     else refused.append((status, answer)))
            client.close()

        recorders = [threading.Thread(target=record, args=(match, port, f"{match['id']} on {port}"))
                     for match in matches for port in ports]
        for thread in recorders:
            thread.start()
        for thread in recorders:
            thread.join(timeout=120)

    assert refused == []
    assert len(acknowledged) == MATCHES * 2 * EVENTS
    with recorder.Log(postgres_url) as log:
        for match in matches:
            stored = {row["seq"]: as_sent(row["event"]) for row in log.events(match["id"])}
            mine = [(seq, event) for match_id, seq, event in acknowledged if match_id == match["id"]]
            assert sorted(seq for seq, _event in mine) == list(range(HEAD + 1, HEAD + 2 * EVENTS + 1))
            assert all(stored[seq] == event for seq, event in mine)  # each acknowledged event stored once, there
            assert max(stored) == HEAD + 2 * EVENTS
            assert replays.verify(log, match["id"])["ok"]


def test_a_spectator_of_one_server_sees_the_appends_recorded_through_another_at_once(postgres_url, duel_created,
                                                                                     duel_game):
    """The appends of the other process reach the spectator's process as a NOTIFY at their commit, not by a poll
    (the hub polls a SQLite file every second): the median delivery is within 100 ms."""
    with served_process({"DATABASE": postgres_url}) as recording, served_process({"DATABASE": postgres_url}) as viewing:
        client = Client(recording)
        match = create(client, duel_created, duel_game)
        connection, stream = open_stream(viewing, f"/api/matches/{match['id']}/stream?after={HEAD - 1}")
        assert [message["id"] for message in stream.read(1)] == [HEAD]  # following, from the catch-up
        delays = []
        for seq, event in enumerate(notes(SPECTATED, "live"), HEAD):
            sent = time.monotonic()
            status, answer, _ = client.request("POST", f"/api/matches/{match['id']}/events",
                                               {"event": event, "expected_seq": seq}, match["token"])
            assert (status, answer["seq"]) == (201, seq + 1), answer
            message, = stream.read(1)
            delays.append(time.monotonic() - sent)
            assert (message["id"], as_sent(message["data"]["event"])) == (seq + 1, event)
        client.close()
        # An append by a process that is no server (`riftlog append`, an import) reaches the streams too.
        with recorder.Log(postgres_url) as log:
            log.append(match["id"], [{"type": "note", "text": "from the command line"}])
        message, = stream.read(1)
        assert message["data"]["event"]["text"] == "from the command line"
        connection.close()
    assert statistics.median(delays) <= 0.100, f"delivery across processes took {delays}"


def test_a_broadcast_delay_set_through_one_server_holds_the_spectators_of_another(postgres_url, duel_created,
                                                                                    duel_game):
    """The judge sets a delay of 2 events through server A while a spectator follows on server B: B learns it by
    NOTIFY and holds its spectator stream 2 events behind (the judge's stream on B is never delayed). Once the
    judge's stream on B has every event, the servers are stopped and what B sent the spectator is read to the end."""
    with served_process({"DATABASE": postgres_url}) as first, served_process({"DATABASE": postgres_url}) as second:
        client = Client(first)
        created = create(client, duel_created, duel_game)
        path = f"/api/matches/{created['id']}/stream?after={HEAD}"
        spectator = socket.create_connection(("127.0.0.1", second))
        spectator.sendall(f"GET {path} HTTP/1.1\r\nHost: test\r\n\r\n".encode())
        judge = events_of(stream_from(second, path, headers={"Authorization": f"Bearer {created['token']}"})[1])
        status, answer, _ = client.request("POST", f"/api/matches/{created['id']}/delay", {"events": 2},
                                           created["token"])
        assert status == 200 and answer["broadcast_delay"] == {"events": 2}
        for seq, event in enumerate(notes(4, "delayed"), HEAD):
            status, answer, _ = client.request("POST", f"/api/matches/{created['id']}/events",
                                               {"event": event, "expected_seq": seq}, created["token"])
            assert status == 201, answer
        assert [message["id"] for message in judge.read(4)] == list(range(HEAD + 1, HEAD + 5))
        client.close()
    spectator.settimeout(30)
    received = b""
    while chunk := spectator.recv(65536):
        received += chunk
    spectator.close()
    assert [int(seq) for seq in re.findall(rb"\nid: (\d+)", received)] == [HEAD + 1, HEAD + 2]


def test_riftlog_serve_twice_on_one_postgres_database(postgres_url, duel_created):
    """`riftlog serve` claims a SQLite file for one server (web.lifecycle); a PostgreSQL URL is never claimed: a
    second server on the same database starts and serves the same matches."""
    from serving import free_port, stop

    with recorder.Log(postgres_url) as log:
        match_id, _token = log.create_match(duel_created)
    servers = []
    try:
        for _ in range(2):
            port = free_port()
            process = subprocess.Popen([str(Path(sys.executable).parent / "riftlog"), "serve", "--db", postgres_url,
                                        "--port", str(port)], cwd=ROOT, stdout=subprocess.PIPE,
                                       stderr=subprocess.PIPE, text=True, start_new_session=True)
            servers.append((process, port))
            assert process.stdout is not None
            assert process.stdout.readline().startswith("riftlog: serving postgresql://"), process.stderr.read()
        for process, port in servers:
            assert answered(port, f"/api/matches/{match_id}")["head_seq"] == 1
    finally:
        for process, _port in servers:
            if process.poll() is None:
                stop(process)
            process.stdout.close()
            process.stderr.close()


def answered(port: int, path: str) -> Any:
    """The JSON a server answers at `path`, once it answers (the worker builds the app after the parent listens)."""
    deadline = time.monotonic() + 60
    while True:
        try:
            with urllib.request.urlopen(f"http://127.0.0.1:{port}{path}", timeout=30) as response:
                return json.loads(response.read())
        except OSError:
            assert time.monotonic() < deadline, f"the server at port {port} did not answer {path}"
            time.sleep(0.05)


def test_a_server_opens_its_connections_before_its_first_requests(postgres_url):
    """`riftlog serve` opens as many connections as its threads hold at once when it starts (web.serving), not one
    by one as the first burst of requests asks for them: the pool has them open, and keeps them."""
    from recorder.postgres import keep_open, pool

    keep_open(postgres_url, 6)
    stats = pool(postgres_url).get_stats()
    assert stats["pool_min"] == 6 and stats["pool_available"] >= 6
    keep_open(postgres_url, 3)  # never fewer than asked before
    assert pool(postgres_url).get_stats()["pool_min"] == 6
