"""The latency of following a live match: how long after an append a spectator's stream delivers it.

    .venv/bin/python benchmarks/stream.py [--spectators 20] [--events 200] [--pace 0.05]

Starts `riftlog serve` on a free port of 127.0.0.1 over a new database (benchmarks/load.py's Server), creates one
match, opens `spectators` streams (`GET /api/matches/<id>/stream`, no token: the spectator view), then a recorder
posts `events` events of a legal duel one by one, every `pace` seconds. Each stream notes when each event's message
arrives. Phase "through the server": latency = arrival - the moment the recorder sent the POST (the commit
included; the stream is woken by the writer once it has committed). Phase "another process": the same number of
events appended by this process straight into the file (recorder.Log, not the server's writer), latency =
arrival - the call to append: the stream's own poll of the log (STREAM_POLL, 1 s) finds them. Prints one JSON line per phase: median, p95 and max in milliseconds.
"""
from __future__ import annotations

import argparse
import http.client
import json
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))

import recorder  # noqa: E402
from load import Server, create_matches  # noqa: E402
from matches import long_match  # noqa: E402


class Spectator(threading.Thread):
    """One stream, read until it has delivered `until_seq`: {seq: arrival time}."""

    def __init__(self, port: int, match_id: str, after: int, until_seq: int) -> None:
        super().__init__(daemon=True)
        self.arrived: dict[int, float] = {}
        self.until_seq = until_seq
        self.connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
        self.connection.request("GET", f"/api/matches/{match_id}/stream?after={after}")
        self.response = self.connection.getresponse()
        assert self.response.status == 200, self.response.status

    def run(self) -> None:
        buffer = b""
        while self.until_seq not in self.arrived:
            chunk = self.response.read1(65536)
            if not chunk:
                return
            now = time.perf_counter()
            buffer += chunk
            *blocks, buffer = buffer.split(b"\n\n")
            for block in blocks:
                for line in block.split(b"\n"):
                    if line.startswith(b"id: "):
                        self.arrived[int(line[4:])] = now
        self.response.close()
        self.connection.close()


def figures(name: str, spectators: list[Spectator], committed: dict[int, float]) -> dict:
    latencies = sorted((spectator.arrived[seq] - at) * 1000 for spectator in spectators
                       for seq, at in committed.items() if seq in spectator.arrived)
    missing = sum(len(committed) for _ in spectators) - len(latencies)
    return {"phase": name, "spectators": len(spectators), "events": len(committed), "missing": missing,
            "median_ms": round(statistics.median(latencies), 1),
            "p95_ms": round(latencies[int(len(latencies) * 0.95) - 1], 1), "max_ms": round(latencies[-1], 1)}


def run(spectator_count: int, event_count: int, pace: float) -> list[dict]:
    events = long_match(2 * event_count + 2, "stream")
    with tempfile.TemporaryDirectory() as folder:
        database = Path(folder) / "riftlog.db"
        recorder.Log(database).close()
        server = Server(database)
        try:
            [match] = create_matches(server.port, 1, events[0])
            results = []
            # Through the server: appends by HTTP, each answered once committed.
            spectators = [Spectator(server.port, match["id"], 1, 1 + event_count) for _ in range(spectator_count)]
            for spectator in spectators:
                spectator.start()
            committed: dict[int, float] = {}
            connection = http.client.HTTPConnection("127.0.0.1", server.port, timeout=30)
            headers = {"Authorization": f"Bearer {match['token']}", "Content-Type": "application/json"}
            for seq in range(2, 2 + event_count):
                committed[seq] = time.perf_counter()
                connection.request("POST", f"/api/matches/{match['id']}/events",
                                   json.dumps({"event": events[seq - 1]}), headers)
                response = connection.getresponse()
                response.read()
                assert response.status == 201, response.status
                time.sleep(pace)
            connection.close()
            for spectator in spectators:
                spectator.join(30)
            results.append(figures("through the server", spectators, committed))
            # Another process: appended into the file directly; the streams' own poll of the log finds them.
            first = 2 + event_count
            spectators = [Spectator(server.port, match["id"], first - 1, first + event_count - 1)
                          for _ in range(spectator_count)]
            for spectator in spectators:
                spectator.start()
            committed = {}
            with recorder.Log(database) as log:
                for seq in range(first, first + event_count):
                    committed[seq] = time.perf_counter()
                    log.append(match["id"], [events[seq - 1]])
                    time.sleep(pace)
            for spectator in spectators:
                spectator.join(30)
            results.append(figures("another process", spectators, committed))
            return results
        finally:
            server.stop()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--spectators", type=int, default=20)
    parser.add_argument("--events", type=int, default=200)
    parser.add_argument("--pace", type=float, default=0.05)
    options = parser.parse_args()
    for result in run(options.spectators, options.events, options.pace):
        print(json.dumps(result))


if __name__ == "__main__":
    main()
