"""The load run: concurrent recorders against the real `riftlog serve` on loopback, each on its own match.

    .venv/bin/python benchmarks/load.py [--recorders 200] [--seconds 10] [--pace 0.2] [--clients 2]

Starts `riftlog serve` on a free port of 127.0.0.1 over a new database, creates one match per recorder through the
API, then runs every recorder at once for a bounded time, each a thread with its own kept-alive connection, spread
over `clients` processes: each posts the next event of a legal duel, one event per
request, with `expected_seq` and an idempotency key (a 503 is retried after its Retry-After, with the same key).
Two phases: "paced" (each recorder posts every `pace` seconds, a tournament's rhythm made five to ten times
busier) and "flat out" (each posts its next event as soon as the last is answered). Afterwards the server is
stopped and the database checked: every acknowledged event is stored at its seq with the bytes that were sent,
and every match verifies (hash chain and re-fold). Prints one JSON line per phase, with the CPU time the server's
processes and this load generator each spent per acknowledged append (from /proc: user + system).
"""
from __future__ import annotations

import argparse
import http.client
import json
import multiprocessing
import os
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import urllib.request
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any, NamedTuple

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))

import recorder  # noqa: E402
import replays  # noqa: E402
from matches import long_match  # noqa: E402

RIFTLOG = Path(sys.executable).with_name("riftlog")
CLIENTS = 2  # client processes the recorders are spread over (one a core)


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def process_tree(pid: int) -> list[int]:
    """`pid` and its descendants (Linux /proc)."""
    found, index = [pid], 0
    while index < len(found):
        for task in Path(f"/proc/{found[index]}/task").glob("*/children"):
            found += [int(child) for child in task.read_text().split()]
        index += 1
    return found


def process_cpu_seconds(pid: int) -> float:
    """User + system CPU time of one process (Linux /proc/<pid>/stat), 0 if it has ended."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except FileNotFoundError:
        return 0.0
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


class Server:
    """`riftlog serve` in its own process, on a free loopback port."""

    def __init__(self, database: Path, options: tuple[str, ...] = ()) -> None:
        self.port = free_port()
        self.process = subprocess.Popen([str(RIFTLOG), "--db", str(database), "serve", "--port", str(self.port),
                                         *options],
                                        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:  # the port listens at once; the worker answers once it has built the app
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{self.port}/api/matches", timeout=30):
                    return
            except OSError:
                time.sleep(0.05)
        self.stop()
        raise RuntimeError("riftlog serve did not start within 30 s")

    def cpu_seconds(self) -> float:
        """CPU time (user + system) the server's processes have used so far: `riftlog serve` and its worker."""
        return sum(process_cpu_seconds(pid) for pid in process_tree(self.process.pid))

    def stop(self) -> None:
        self.process.send_signal(signal.SIGINT)
        try:
            self.process.wait(10)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()


class Table(NamedTuple):
    """What one recorder did in a phase (sent back from its client process)."""

    match: dict
    acknowledged: list[tuple[int, dict]]  # (seq, event) answered 201
    latencies: list[float]  # seconds from sending each acknowledged append to its answer
    errors: list[str]
    retries: int  # 503s retried after their Retry-After


class Recorder(threading.Thread):
    """One table: posts the events of its match one by one over its own keep-alive connection.

    Paced recorders start at staggered offsets within their pace, as tables do: they are not synchronised."""

    def __init__(self, port: int, match: dict, events: list[dict], pace: float, start_at: float,
                 until: float) -> None:
        super().__init__(daemon=True)
        self.port, self.match, self.events, self.pace, self.until = port, match, events, pace, until
        self.next_at = start_at
        self.acknowledged: list[tuple[int, dict]] = []  # (seq, event) answered 201
        self.latencies: list[float] = []
        self.errors: list[str] = []
        self.retries = 0

    def run(self) -> None:
        connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=30)
        headers = {"Authorization": f"Bearer {self.match['token']}", "Content-Type": "application/json"}
        seq = self.match["head_seq"]
        try:
            while seq < len(self.events) and not self.errors:
                time.sleep(max(0.0, self.next_at - time.monotonic()))
                if time.monotonic() >= self.until:
                    break
                self.next_at += self.pace
                event = self.events[seq]  # events[0] is match_created, stored at seq 1
                body = json.dumps({"event": event, "expected_seq": seq,
                                   "idempotency_key": f"{self.match['id']}-{seq + 1}"})
                start = time.perf_counter()
                status, answer = self.post(connection, body, headers)
                if status == 201:
                    self.latencies.append(time.perf_counter() - start)
                    seq = json.loads(answer)["seq"]
                    self.acknowledged.append((seq, event))
                else:
                    self.errors.append(f"{status}: {answer[:200]!r}")
        except (OSError, http.client.HTTPException) as error:
            self.errors.append(f"{type(error).__name__}: {error}")
        finally:
            connection.close()

    def result(self) -> Table:
        return Table(self.match, self.acknowledged, self.latencies, self.errors, self.retries)

    def post(self, connection: http.client.HTTPConnection, body: str, headers: dict) -> tuple[int, bytes]:
        """POST the event; a 503 (busy) is retried after its Retry-After with the same idempotency key."""
        while True:
            connection.request("POST", f"/api/matches/{self.match['id']}/events", body, headers)
            response = connection.getresponse()
            answer = response.read()
            if response.status != 503:
                return response.status, answer
            self.retries += 1
            time.sleep(float(response.getheader("Retry-After", "1")))


def create_matches(port: int, count: int, created: dict) -> list[dict]:
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    matches = []
    for _ in range(count):
        connection.request("POST", "/api/matches", json.dumps(created), {"Content-Type": "application/json"})
        response = connection.getresponse()
        answer = json.loads(response.read())
        if response.status != 201:
            raise RuntimeError(f"creating a match: {response.status} {answer}")
        matches.append({"id": answer["id"], "token": answer["token"], "head_seq": 1})
    connection.close()
    return matches


class Phase(NamedTuple):
    tables: list[Table]
    server_cpu: float  # seconds of CPU the server used during the phase
    client_cpu: float  # seconds of CPU the load generator (its client processes) used during the phase


def phase(server: Server, matches: list[dict], events: list[dict], pace: float, seconds: float,
          clients: int) -> Phase:
    """Every recorder at once for `seconds`, spread over `clients` processes (threads in each: one process of 200
    threads spends most of its CPU contending for its own GIL, and would measure itself rather than the server)."""
    start = time.monotonic()  # the clock is the machine's: the same in the client processes
    until = start + seconds
    staggered = [(match, start + pace * index / len(matches)) for index, match in enumerate(matches)]
    shares = [staggered[index::clients] for index in range(clients)]
    server_before, client_before = server.cpu_seconds(), client_cpu_seconds()
    with ProcessPoolExecutor(clients, mp_context=multiprocessing.get_context("fork")) as pool:
        results = list(pool.map(run_tables, [server.port] * clients, shares, [events] * clients,
                                [pace] * clients, [until] * clients))
    server_cpu, client_cpu = server.cpu_seconds() - server_before, client_cpu_seconds() - client_before
    tables = [table for share in results for table in share]
    by_id = {table.match["id"]: table for table in tables}
    for match in matches:
        acknowledged = by_id[match["id"]].acknowledged
        match["head_seq"] = acknowledged[-1][0] if acknowledged else match["head_seq"]
    return Phase(tables, server_cpu, client_cpu)


def run_tables(port: int, share: list[tuple[dict, float]], events: list[dict], pace: float,
               until: float) -> list[Table]:
    """In a client process: a recorder thread for each (match, first post's time) of `share`, until `until`."""
    recorders = [Recorder(port, match, events, pace, start_at, until) for match, start_at in share]
    for table in recorders:
        table.start()
    for table in recorders:
        table.join()
    return [table.result() for table in recorders]


def client_cpu_seconds() -> float:
    """CPU time of this process and of its ended children (the client processes, once the pool has shut down)."""
    times = os.times()
    return times.user + times.system + times.children_user + times.children_system


def summary(name: str, ran: Phase, seconds: float) -> dict[str, Any]:
    recorders = ran.tables
    latencies = sorted(latency for table in recorders for latency in table.latencies)
    acknowledged = sum(len(table.acknowledged) for table in recorders)
    errors = [error for table in recorders for error in table.errors]
    return {
        "phase": name, "recorders": len(recorders), "seconds": seconds, "acknowledged": acknowledged,
        "appends_per_s": round(acknowledged / seconds, 1), "errors": len(errors), "first_errors": errors[:3],
        "retried_503": sum(table.retries for table in recorders),
        "p50_ms": round(1e3 * statistics.median(latencies), 2) if latencies else None,
        "p99_ms": round(1e3 * latencies[int(0.99 * (len(latencies) - 1))], 2) if latencies else None,
        "server_cpu_us_per_append": round(1e6 * ran.server_cpu / acknowledged) if acknowledged else None,
        "client_cpu_us_per_append": round(1e6 * ran.client_cpu / acknowledged) if acknowledged else None,
    }


def check(database: Path, recorders: list[Table]) -> dict[str, Any]:
    """Every acknowledged event stored at its seq with the bytes sent; every match verifies."""
    missing, unverified = 0, []
    with recorder.Log(database) as log:
        for table in recorders:
            match_id = table.match["id"]
            stored = {row["seq"]: row["event"] for row in log.events(match_id)}
            missing += sum(1 for seq, event in table.acknowledged
                           if recorder.canonical_bytes(stored.get(seq, {})) != recorder.canonical_bytes(event))
        for match_id in {table.match["id"] for table in recorders}:
            if not replays.verify(log, match_id)["ok"]:
                unverified.append(match_id)
    return {"acknowledged_missing": missing, "matches_not_verifying": unverified}


def run(recorders: int, seconds: float, pace: float, clients: int = CLIENTS,
        flat_out: bool = True) -> list[dict[str, Any]]:
    events = long_match(4_000, "load")
    with tempfile.TemporaryDirectory(dir=ROOT) as folder:
        database = Path(folder) / "load.db"
        server = Server(database)
        try:
            matches = create_matches(server.port, recorders, events[0])
            paced = phase(server, matches, events, pace, seconds, clients)
            flat = phase(server, matches, events, 0.0, seconds, clients) if flat_out else None
        finally:
            server.stop()
        results = [summary(f"paced, one event every {pace:g} s per recorder", paced, seconds)]
        if flat is not None:
            results.append(summary("flat out", flat, seconds))
        checked = check(database, paced.tables + (flat.tables if flat is not None else []))
        for result in results:
            result.update(checked)
        os.sync()
    return results


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--recorders", type=int, default=200)
    parser.add_argument("--seconds", type=float, default=10.0)
    parser.add_argument("--pace", type=float, default=0.2)
    parser.add_argument("--clients", type=int, default=CLIENTS, help="client processes the recorders are spread over")
    parser.add_argument("--paced-only", action="store_true", help="no flat-out phase")
    options = parser.parse_args()
    for result in run(options.recorders, options.seconds, options.pace, options.clients, not options.paced_only):
        print(json.dumps(result))


if __name__ == "__main__":
    main()
