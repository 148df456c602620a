"""The load run: concurrent recorders against the real `riftlog serve` on loopback, each on its own match.

    .venv/bin/python benchmarks/load.py [--recorders 200] [--seconds 10] [--pace 0.2] [--clients 2]
                                        [--database postgresql://...] [--servers 2]

Starts `riftlog serve` on a free port of 127.0.0.1 over a new database, creates one match per recorder through the
API, then runs every recorder at once for a bounded time, each a thread with its own kept-alive connection, spread
over `clients` processes: each posts the next event of a legal duel, one event per
request, with `expected_seq` and an idempotency key (a 503 is retried after its Retry-After, with the same key).
Two phases: "paced" (each recorder posts every `pace` seconds, a tournament's rhythm made five to ten times
busier) and "flat out" (each posts its next event as soon as the last is answered). Afterwards the server is
stopped and the database checked: every acknowledged event is stored at its seq with the bytes that were sent,
and every match verifies (hash chain and re-fold). Prints one JSON line per phase, with the CPU time the server's
processes and this load generator each spent per acknowledged append (from /proc: user + system).

With `--database URL` the log is on that PostgreSQL database (a new schema of it, left there), and `--servers N`
starts N `riftlog serve` processes on it, the recorders spread over them (table i on server i mod N); each
server's CPU is printed, and PostgreSQL's with `--postgres-pid` (its postmaster's pid: its backends are its
children).
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
from engine.views import as_sent  # noqa: E402
import replays  # noqa: E402
from matches import long_match  # noqa: E402

RIFTLOG = Path(sys.executable).with_name("riftlog")
CLIENTS = 2  # client processes the recorders are spread over (one a core)
LEAD = 0.5  # seconds between starting a phase's client processes and its first post (`phase`)


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

    def __init__(self, database: Path | str, options: tuple[str, ...] = (), seal_key: Path | None = None) -> None:
        self.port = free_port()
        environment = {**os.environ, "RIFTLOG_SEAL_KEY": str(seal_key)} if seal_key is not None else None
        # --creations-per-address 0: the load creates every recorder's match from one address at once
        self.process = subprocess.Popen([str(RIFTLOG), "--db", str(database), "serve", "--port", str(self.port),
                                         "--creations-per-address", "0", *options],
                                        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=environment)
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
        self.port, self.match, self.events, self.pace, self.until = match.get("port", port), match, events, pace, until
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
    server_cpu: list[float]  # seconds of CPU each server used during the phase
    client_cpu: float  # seconds of CPU the load generator (its client processes) used during the phase
    postgres_cpu: float | None  # seconds of CPU PostgreSQL used during the phase, if its pid is known


def phase(servers: list[Server], matches: list[dict], events: list[dict], pace: float, seconds: float,
          clients: int, postgres_pid: int | None = None) -> Phase:
    """Every recorder at once for `seconds`, spread over `clients` processes (threads in each: one process of 200
    threads spends most of its CPU contending for its own GIL, and would measure itself rather than the server)."""
    # The clock is the machine's: the same in the client processes. The first posts are due LEAD seconds from now,
    # once the client processes are forked, have their share and have started their threads: due at once, the
    # first tables' appends waited for the load generator's own start-up on the same cores (measured on
    # PostgreSQL, 1 server: the first appends' p99 34-40 ms with none, 21-28 ms with 0.5 s).
    start = time.monotonic() + LEAD
    until = start + seconds
    staggered = [(match, start + pace * index / len(matches)) for index, match in enumerate(matches)]
    shares = [staggered[index::clients] for index in range(clients)]
    server_before, client_before = [server.cpu_seconds() for server in servers], client_cpu_seconds()
    postgres_before = tree_cpu_seconds(postgres_pid)
    with ProcessPoolExecutor(clients, mp_context=multiprocessing.get_context("fork")) as pool:
        results = list(pool.map(run_tables, [servers[0].port] * clients, shares, [events] * clients,
                                [pace] * clients, [until] * clients))
    server_cpu = [server.cpu_seconds() - before for server, before in zip(servers, server_before)]
    client_cpu = client_cpu_seconds() - client_before
    postgres_cpu = None if postgres_pid is None else tree_cpu_seconds(postgres_pid) - postgres_before
    tables = [table for share in results for table in share]
    by_id = {table.match["id"]: table for table in tables}
    for match in matches:
        acknowledged = by_id[match["id"]].acknowledged
        match["head_seq"] = acknowledged[-1][0] if acknowledged else match["head_seq"]
    return Phase(tables, server_cpu, client_cpu, postgres_cpu)


def tree_cpu_seconds(pid: int | None) -> float:
    """CPU time of `pid` and its live descendants (0 for None)."""
    return 0.0 if pid is None else sum(process_cpu_seconds(each) for each in process_tree(pid))


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
        "server_cpu_us_per_append": round(1e6 * sum(ran.server_cpu) / acknowledged) if acknowledged else None,
        "each_server_cpu_us_per_append": [round(1e6 * cpu / acknowledged) for cpu in ran.server_cpu]
        if acknowledged else None,
        "client_cpu_us_per_append": round(1e6 * ran.client_cpu / acknowledged) if acknowledged else None,
        "postgres_cpu_us_per_append": round(1e6 * ran.postgres_cpu / acknowledged)
        if acknowledged and ran.postgres_cpu is not None else None,
        "appends_per_server_cpu_s": round(acknowledged / sum(ran.server_cpu)) if sum(ran.server_cpu) else None,
    }


def check(database: Path | str, recorders: list[Table], seal_key: Path | None = None) -> dict[str, Any]:
    """Every acknowledged event stored at its seq with the bytes sent (and the fields the recorder adds, a salt:
    `engine.views.as_sent`); every match verifies (with the servers' key file, `seal_key`, where they were given
    one)."""
    missing, unverified = 0, []
    with recorder.Log(database, key_path=seal_key) as log:
        for table in recorders:
            match_id = table.match["id"]
            stored = {row["seq"]: row["event"] for row in log.events(match_id)}
            missing += sum(1 for seq, event in table.acknowledged
                           if recorder.canonical_bytes(as_sent(stored.get(seq, {}))) != recorder.canonical_bytes(event))
        for match_id in {table.match["id"] for table in recorders}:
            if not replays.verify(log, match_id)["ok"]:
                unverified.append(match_id)
    return {"acknowledged_missing": missing, "matches_not_verifying": unverified}


def run(recorders: int, seconds: float, pace: float, clients: int = CLIENTS, flat_out: bool = True,
        database: str | None = None, servers: int = 1, postgres_pid: int | None = None) -> list[dict[str, Any]]:
    events = long_match(4_000, "load")
    with tempfile.TemporaryDirectory(dir=ROOT) as folder:
        # On PostgreSQL every server reads one key file, given to each server alone (the environment of this
        # process is left as it was: a later server of the benchmarks must not read a key file that is gone).
        seal_key = None
        if database is not None:  # a new schema of the PostgreSQL database
            database = new_schema(database)
            seal_key = Path(folder) / "riftlog.seal-key"
        database = database or Path(folder) / "load.db"
        running: list[Server] = []
        try:
            running += [Server(database, seal_key=seal_key) for _ in range(servers)]
            matches = create_matches(running[0].port, recorders, events[0])
            for index, match in enumerate(matches):
                match["port"] = running[index % len(running)].port
            paced = phase(running, matches, events, pace, seconds, clients, postgres_pid)
            flat = phase(running, matches, events, 0.0, seconds, clients, postgres_pid) if flat_out else None
        finally:
            for server in running:
                server.stop()
        results = [summary(f"paced, one event every {pace:g} s per recorder", paced, seconds)]
        if flat is not None:
            results.append(summary("flat out", flat, seconds))
        checked = check(database, paced.tables + (flat.tables if flat is not None else []), seal_key)
        for result in results:
            result.update(checked, store="postgresql" if recorder.store.is_postgres(database) else "sqlite",
                          servers=servers)
        os.sync()
    return results


def new_schema(url: str) -> str:
    """The URL of a new, empty schema of the PostgreSQL database at `url`."""
    import psycopg

    name = f"load_{os.getpid()}_{int(time.time() * 1000)}"
    with psycopg.connect(url, autocommit=True) as connection:
        connection.execute(f"CREATE SCHEMA {name}")
    return f"{url}{'&' if '?' in url else '?'}options=-csearch_path%3D{name}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--recorders", type=int, default=200)
    parser.add_argument("--seconds", type=float, default=10.0)
    parser.add_argument("--pace", type=float, default=0.2)
    parser.add_argument("--clients", type=int, default=CLIENTS, help="client processes the recorders are spread over")
    parser.add_argument("--paced-only", action="store_true", help="no flat-out phase")
    parser.add_argument("--database", help="a PostgreSQL URL (default: a new SQLite file)")
    parser.add_argument("--servers", type=int, default=1, help="riftlog serve processes the recorders are spread over")
    parser.add_argument("--postgres-pid", type=int, help="PostgreSQL's postmaster pid, to count its CPU")
    options = parser.parse_args()
    for result in run(options.recorders, options.seconds, options.pace, options.clients, not options.paced_only,
                      options.database, options.servers, options.postgres_pid):
        print(json.dumps(result))


if __name__ == "__main__":
    main()
