"""Thousands of spectators on one match, and a recorder appending: riftlog serve beside a bare asyncio broadcaster.

    .venv/bin/python benchmarks/spectators.py [--spectators 2000 5000 10000] [--events 40] [--pace 0.25]
                                              [--past-cap 50000]

For each count N: the floor first, a bare asyncio server-sent-events broadcaster (FLOOR below: no app, no
redaction, no database) followed by N streams, a recorder posting `events` events every `pace` seconds to it (it
writes each body to every stream and answers 201); then `riftlog serve` on a new database (benchmarks/load.py's
Server) with one match: the recorder alone (its POST latency without spectators), N spectators connected
(`GET /api/matches/<id>/stream?after=<head>`, no token: the spectator view) and idle (the server's memory before and
after: memory per spectator), then the recorder again with all N following. The same client reads both: asyncio
in CLIENTS processes, each noting when each message's `id:` line arrives. Delivery = arrival - the moment the
recorder sent the POST (the commit included). With `--past-cap`, the first count's server is started with its
cap on streams at N, and after the N, that many connection attempts more are made while the recorder posts again:
each must be answered 503 with Retry-After, and the recorder's POST latency meanwhile is printed, beside its floor:
the same flood sent to the bare broadcaster while the recorder posts to riftlog serve, which then has nothing to
refuse (what the flood's client processes cost the recorder on this machine by themselves). Prints one JSON line
per count.
"""
from __future__ import annotations

import argparse
import asyncio
import http.client
import json
import multiprocessing
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))

import recorder  # noqa: E402
from load import Server, create_matches, free_port, process_tree  # noqa: E402
from matches import long_match  # noqa: E402

CLIENTS = 4  # client processes the spectators are spread over
CONNECTING = 200  # connections each client process opens at once

FLOOR = r'''
import asyncio, sys
streams = set()
async def handle(reader, writer):
    head = await reader.readuntil(b"\r\n\r\n")
    if head.startswith(b"GET "):
        writer.write(b"HTTP/1.1 200 OK\r\ncontent-type: text/event-stream\r\ncache-control: no-cache\r\n\r\n"
                     b"retry: 1000\n\n")
        streams.add(writer)
        try:
            await reader.read()
        finally:
            streams.discard(writer)
        return
    while head:
        seq = head.split(b" ", 2)[1].rsplit(b"=", 1)[1]
        length = int(head.lower().split(b"content-length: ", 1)[1].split(b"\r\n", 1)[0])
        data = b"id: " + seq + b"\ndata: " + await reader.readexactly(length) + b"\n\n"
        for stream in list(streams):
            stream.write(data)
        writer.write(b"HTTP/1.1 201 Created\r\ncontent-length: 2\r\n\r\n{}")
        try:
            head = await reader.readuntil(b"\r\n\r\n")
        except asyncio.IncompleteReadError:
            return
async def main():
    server = await asyncio.start_server(handle, "127.0.0.1", int(sys.argv[1]), backlog=4096)
    print("serving", flush=True)
    await server.serve_forever()
asyncio.run(main())
'''


def raise_open_files() -> None:
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))


def rss_bytes(pid: int) -> int:
    """Resident memory of `pid` and its descendants (Linux /proc)."""
    total = 0
    for each in process_tree(pid):
        try:
            total += int(Path(f"/proc/{each}/statm").read_text().split()[1]) * resource.getpagesize()
        except FileNotFoundError:
            pass
    return total


# --- the client ------------------------------------------------------------------------------------------------

async def follow(port: int, path: str, arrivals: dict[int, list[float]], statuses: dict[str, int],
                 connected: asyncio.Semaphore, opened: list, last_seq: int) -> None:
    async with connected:
        try:
            reader, writer = await asyncio.open_connection("127.0.0.1", port)
            writer.write(f"GET {path} HTTP/1.1\r\nHost: bench\r\nAccept: text/event-stream\r\n\r\n".encode())
            head = await reader.readuntil(b"\r\n\r\n")
        except (OSError, asyncio.IncompleteReadError) as error:
            statuses[type(error).__name__] = statuses.get(type(error).__name__, 0) + 1
            return
        status = head.split(b" ", 2)[1].decode()
        statuses[status] = statuses.get(status, 0) + 1
        if status != "200":
            writer.close()
            return
    opened.append(writer)
    try:
        while True:
            line = await reader.readline()
            if not line:
                return
            if line.startswith(b"id: "):
                seq = int(line[4:])
                arrivals.setdefault(seq, []).append(time.monotonic())
                if seq >= last_seq:
                    return
    except OSError:
        return


def spectate(port: int, path: str, count: int, last_seq: int, pipe: Any) -> None:
    """A client process: `count` streams; says how many connected, then sends what arrived once told to stop."""
    raise_open_files()

    async def main() -> None:
        arrivals: dict[int, list[float]] = {}
        statuses: dict[str, int] = {}
        opened: list = []
        gate = asyncio.Semaphore(CONNECTING)
        tasks = [asyncio.ensure_future(follow(port, path, arrivals, statuses, gate, opened, last_seq))
                 for _ in range(count)]
        while sum(statuses.values()) < count:
            await asyncio.sleep(0.05)
        pipe.send(("connected", statuses))
        loop = asyncio.get_running_loop()
        await loop.run_in_executor(None, pipe.recv)  # "stop": the run is over
        await asyncio.wait(tasks, timeout=10)
        for writer in opened:
            writer.close()
        pipe.send(("done", arrivals))

    asyncio.run(main())


class Spectators:
    """N streams spread over CLIENTS processes."""

    def __init__(self, port: int, path: str, count: int, last_seq: int) -> None:
        context = multiprocessing.get_context("fork")
        self.pipes, self.processes = [], []
        for index in range(CLIENTS):
            share = count // CLIENTS + (1 if index < count % CLIENTS else 0)
            mine, theirs = context.Pipe()
            process = context.Process(target=spectate, args=(port, path, share, last_seq, theirs), daemon=True)
            process.start()
            self.pipes.append(mine)
            self.processes.append(process)
        self.statuses: dict[str, int] = {}
        for pipe in self.pipes:
            _, statuses = pipe.recv()
            for status, number in statuses.items():
                self.statuses[status] = self.statuses.get(status, 0) + number

    def stop(self) -> dict[int, list[float]]:
        for pipe in self.pipes:
            pipe.send("stop")
        arrivals: dict[int, list[float]] = {}
        for pipe in self.pipes:
            _, theirs = pipe.recv()
            for seq, times in theirs.items():
                arrivals.setdefault(seq, []).extend(times)
        for process in self.processes:
            process.join(10)
        return arrivals


def attempts(port: int, path: str, count: int, pipe: Any) -> None:
    """A client process: `count` stream requests one after another on new connections, 32 at a time."""
    raise_open_files()

    async def one(statuses: dict[str, int], gate: asyncio.Semaphore) -> None:
        async with gate:
            try:
                reader, writer = await asyncio.open_connection("127.0.0.1", port)
                writer.write(f"GET {path} HTTP/1.1\r\nHost: bench\r\n\r\n".encode())
                head = await reader.readuntil(b"\r\n\r\n")
                status = head.split(b" ", 2)[1].decode()
                if status == "503" and b"retry-after" not in head.lower():
                    status = "503 without Retry-After"
                writer.close()
            except (OSError, asyncio.IncompleteReadError) as error:
                status = type(error).__name__
            statuses[status] = statuses.get(status, 0) + 1

    async def main() -> dict[str, int]:
        statuses: dict[str, int] = {}
        gate = asyncio.Semaphore(32)
        await asyncio.gather(*(one(statuses, gate) for _ in range(count)))
        return statuses

    pipe.send(asyncio.run(main()))


# --- the recorder ----------------------------------------------------------------------------------------------

def record(port: int, path: str, bodies: list[tuple[int, bytes]], pace: float, headers: dict[str, str],
           until: Any = None) -> tuple[dict[int, float], list[float]]:
    """POST each body every `pace` seconds on one kept-alive connection (or, with `until`, while `until()` is
    false): {seq: sent at}, latencies (s)."""
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
    sent, latencies = {}, []
    next_at = time.monotonic()
    for seq, body in bodies:
        if until is not None and until():
            break
        time.sleep(max(0.0, next_at - time.monotonic()))
        next_at += pace
        sent[seq] = time.monotonic()
        connection.request("POST", path.format(seq=seq), body, headers)
        response = connection.getresponse()
        answer = response.read()
        latencies.append(time.monotonic() - sent[seq])
        assert response.status == 201, (response.status, answer[:500])
    connection.close()
    return sent, latencies


def ms(values: list[float], fraction: float) -> float | None:
    if not values:
        return None
    ordered = sorted(values)
    return round(1e3 * ordered[min(len(ordered) - 1, int(fraction * len(ordered)))], 1)


def delivery(sent: dict[int, float], arrivals: dict[int, list[float]], spectators: int) -> dict[str, Any]:
    latencies = [at - sent[seq] for seq in sent for at in arrivals.get(seq, [])]
    return {"p50_ms": ms(latencies, 0.5), "p99_ms": ms(latencies, 0.99),
            "missing": len(sent) * spectators - len(latencies)}


def run_floor(count: int, bodies: list[tuple[int, bytes]], pace: float) -> dict[str, Any]:
    port = free_port()
    process = subprocess.Popen([sys.executable, "-c", FLOOR, str(port)], stdout=subprocess.PIPE, text=True,
                               preexec_fn=raise_open_files)
    try:
        assert process.stdout is not None and process.stdout.readline() == "serving\n"
        spectators = Spectators(port, "/stream", count, bodies[-1][0])
        sent, latencies = record(port, "/event?seq={seq}", bodies, pace, {"Content-Type": "application/json"})
        return {"connected": spectators.statuses.get("200", 0), **delivery(sent, spectators.stop(), count),
                "post_p50_ms": ms(latencies, 0.5), "post_p99_ms": ms(latencies, 0.99)}
    finally:
        process.kill()
        process.wait()


def run_riftlog(count: int, events: list[dict], first: int, event_count: int, pace: float,
                past_cap: int) -> dict[str, Any]:
    options = ("--streams", str(count), "--streams-per-address", str(count)) if past_cap else \
        ("--streams", str(count + 1000), "--streams-per-address", str(count + 1000))
    with tempfile.TemporaryDirectory(dir=ROOT) as folder:
        database = Path(folder) / "spectators.db"
        recorder.Log(database).close()
        server = Server(database, options)
        try:
            [match] = create_matches(server.port, 1, events[0])
            headers = {"Authorization": f"Bearer {match['token']}", "Content-Type": "application/json"}
            path = f"/api/matches/{match['id']}/events"

            def bodies(start: int, count: int = event_count) -> list[tuple[int, bytes]]:
                return [(seq, json.dumps({"event": events[seq - 1], "expected_seq": seq - 1}).encode())
                        for seq in range(start, min(start + count, len(events) + 1))]

            _, alone = record(server.port, path, bodies(2), pace, headers)
            head = 1 + event_count
            before = rss_bytes(server.process.pid)
            spectators = Spectators(server.port, f"/api/matches/{match['id']}/stream?after={head}", count,
                                    head + event_count)
            time.sleep(1.0)
            after = rss_bytes(server.process.pid)
            sent, latencies = record(server.port, path, bodies(head + 1), pace, headers)
            result = {"connected": spectators.statuses.get("200", 0), "refused": spectators.statuses,
                      **delivery(sent, spectators.stop(), count),
                      "post_p50_ms": ms(latencies, 0.5), "post_p99_ms": ms(latencies, 0.99),
                      "post_alone_p50_ms": ms(alone, 0.5), "post_alone_p99_ms": ms(alone, 0.99),
                      "server_kb_per_spectator": round((after - before) / count / 1024, 1)}
            if past_cap:
                first = head + event_count + 1
                result["past_cap"] = run_past_cap(server, match, count, past_cap, bodies(first, len(events)), pace,
                                                  headers, path)
            return result
        finally:
            server.stop()


def run_past_cap(server: Server, match: dict, count: int, past_cap: int, bodies: list[tuple[int, bytes]],
                 pace: float, headers: dict[str, str], path: str) -> dict[str, Any]:
    """`count` streams hold the cap; `past_cap` more attempts while the recorder posts."""
    head = bodies[0][0] - 1
    stream = f"/api/matches/{match['id']}/stream?after={head}"
    time.sleep(1.0)  # the streams of the run before have ended (their places under the cap are free again)
    holding = Spectators(server.port, stream, count, 10 ** 9)
    statuses, seconds, latencies = flood(server.port, stream, past_cap, server.port, path, bodies, pace, headers)
    holding.stop()
    # The floor: the same flood sent to a bare asyncio server instead, while the recorder posts to riftlog serve
    # (with nothing to refuse): what the flood's client processes cost the recorder on this machine by themselves.
    port = free_port()
    bare = subprocess.Popen([sys.executable, "-c", FLOOR, str(port)], stdout=subprocess.PIPE, text=True,
                            preexec_fn=raise_open_files)
    try:
        assert bare.stdout is not None and bare.stdout.readline() == "serving\n"
        _, _, elsewhere = flood(port, "/stream", past_cap, server.port, path, bodies[len(latencies):], pace, headers)
    finally:
        bare.kill()
        bare.wait()
    return {"holding": holding.statuses, "attempts": past_cap, "answers": statuses, "seconds": round(seconds, 1),
            "post_p50_ms": ms(latencies, 0.5), "post_p99_ms": ms(latencies, 0.99),
            "flood_elsewhere_post_p50_ms": ms(elsewhere, 0.5), "flood_elsewhere_post_p99_ms": ms(elsewhere, 0.99)}


def flood(port: int, stream: str, count: int, recorder_port: int, path: str, bodies: list[tuple[int, bytes]],
          pace: float, headers: dict[str, str]) -> tuple[dict[str, int], float, list[float]]:
    """`count` stream requests to `port` from two client processes while the recorder posts to `recorder_port`:
    the answers' statuses, the seconds they took, the recorder's latencies meanwhile."""
    context = multiprocessing.get_context("fork")
    pipes, processes = [], []
    for _ in range(2):
        mine, theirs = context.Pipe()
        process = context.Process(target=attempts, args=(port, stream, count // 2, theirs), daemon=True)
        process.start()
        pipes.append(mine)
        processes.append(process)
    start = time.monotonic()
    _, latencies = record(recorder_port, path, bodies, pace, headers,
                          until=lambda: not any(process.is_alive() for process in processes))
    statuses: dict[str, int] = {}
    for pipe in pipes:
        for status, number in pipe.recv().items():
            statuses[status] = statuses.get(status, 0) + number
    seconds = time.monotonic() - start
    for process in processes:
        process.join(10)
    return statuses, seconds, latencies


def run(counts: list[int], event_count: int, pace: float, past_cap: int) -> list[dict[str, Any]]:
    raise_open_files()
    events = long_match(3 * event_count + 1_000, "spectators")  # the cap's run posts until its attempts are done
    results = []
    for index, count in enumerate(counts):
        floor_bodies = [(seq, json.dumps({"event": events[seq - 1]}).encode())
                        for seq in range(2, 2 + event_count)]
        floor = run_floor(count, floor_bodies, pace)
        ours = run_riftlog(count, events, 2, event_count, pace, past_cap if index == 0 else 0)
        results.append({"spectators": count, "events": event_count, "riftlog": ours, "floor": floor})
    return results


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--spectators", type=int, nargs="+", default=[2000, 5000, 10000])
    parser.add_argument("--events", type=int, default=40)
    parser.add_argument("--pace", type=float, default=0.25)
    parser.add_argument("--past-cap", type=int, default=0, help="connection attempts past the cap (first count)")
    options = parser.parse_args()
    for result in run(options.spectators, options.events, options.pace, options.past_cap):
        print(json.dumps(result), flush=True)


if __name__ == "__main__":
    main()
