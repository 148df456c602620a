"""Broadcast overlays under a round's load (issue 28): how soon an overlay follows the delayed spectator stream.

One feature match under a 10-event broadcast delay is recorded (one event every `PACE` seconds) while the round's
recorders (benchmarks/load.py: `tables` tables, one event every 4 s each) record on the same `riftlog serve`;
`followers` overlay pages' worth of clients follow the feature match as static/overlay.js does: each holds the
match's overlay stream (`/api/matches/<id>/overlay/stream`, web/overlay_feed.py), which sends the overlay state each
time the broadcast delay lets events out; one more client holds the match's delayed spectator stream
(`/api/matches/<id>/stream?view=spectator`) as the reference. Measured, per state and follower:

- message to overlay: from the spectator stream's message of a seq to an overlay page's state at that seq (what
  issue 28 asks: within 200 ms);
- release to overlay: from the feature recorder's answer to the append that let the event out (its seq + 10) to
  the same state.

The round runs three times for `seconds` each: without the overlays, with them, and without them again (the two
runs without give the p99's spread on the machine of the moment), and its recorders' p99 is given for each.
Run alone: `.venv/bin/python benchmarks/overlays.py [--tables 800] [--seconds 20]`.
"""
from __future__ import annotations

import argparse
import http.client
import json
import multiprocessing
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))

import load  # noqa: E402
from matches import long_match  # noqa: E402

DELAY = 10  # events the feature match's spectator view is held back
PACE = 0.25  # seconds between the feature match's events
FIRST = 40  # events the feature match has before the run


def call(port: int, method: str, path: str, body: Any = None, token: str | None = None) -> tuple[int, Any]:
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    headers = {"Content-Type": "application/json", **({"Authorization": f"Bearer {token}"} if token else {})}
    connection.request(method, path, None if body is None else json.dumps(body), headers)
    response = connection.getresponse()
    answer = json.loads(response.read() or b"null")
    connection.close()
    return response.status, answer


def arrivals(port: int, path: str, until: float, seen: list[tuple[int, float]]) -> None:
    """Hold the stream at `path` until `until`, appending (seq, arrival time) for each of its messages."""
    stream = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    stream.request("GET", path, headers={"Accept": "text/event-stream"})
    response = stream.getresponse()
    if response.status != 200:
        raise RuntimeError(f"{path} answered {response.status}")
    try:
        while time.monotonic() < until:
            line = response.fp.readline()
            if not line:
                break
            if line.startswith(b"id: "):
                seen.append((int(line[4:]), time.monotonic()))
    finally:
        stream.close()


def feature(port: int, match: dict, events: list[dict], followers: int, seconds: float, lead: float,
            pipe: Any) -> None:
    """A client process: the feature match's recorder and its overlay followers; sends back (released, drawn)."""
    start = time.monotonic() + lead
    until = start + seconds
    cpu = time.process_time()
    _, head = call(port, "GET", f"/api/matches/{match['id']}/overlay")
    spectator: list[tuple[int, float]] = []
    overlays: list[list[tuple[int, float]]] = [[] for _ in range(followers)]
    threads = [threading.Thread(target=arrivals, args=(port, f"/api/matches/{match['id']}/stream?view=spectator&"
                                                             f"after={head['seq']}", until + 2, spectator), daemon=True)]
    threads += [threading.Thread(target=arrivals, args=(port, f"/api/matches/{match['id']}/overlay/stream",
                                                        until + 2, seen), daemon=True) for seen in overlays]
    for thread in threads:
        thread.start()
    answered: dict[int, float] = {}
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    headers = {"Authorization": f"Bearer {match['token']}", "Content-Type": "application/json"}
    seq, next_at = match["head_seq"], start
    while time.monotonic() < until and seq < len(events):
        time.sleep(max(0.0, next_at - time.monotonic()))
        next_at += PACE
        connection.request("POST", f"/api/matches/{match['id']}/events",
                           json.dumps({"event": events[seq], "expected_seq": seq}), headers)
        response = connection.getresponse()
        body = json.loads(response.read())
        if response.status != 201:
            raise RuntimeError(f"the feature match's append answered {response.status}: {body}")
        seq = body["seq"]
        answered[seq] = time.monotonic()
    connection.close()
    for thread in threads:
        thread.join(timeout=5)
    released = {seq - DELAY: at for seq, at in answered.items()}  # the append that lets seq - DELAY out
    messages = dict(spectator)  # the first time the delayed spectator stream told of each seq
    drawn = [(seq, messages[seq], at) for seen in overlays for seq, at in seen if seq in messages]
    pipe.send((released, drawn, time.process_time() - cpu))


def ms(values: list[float], fraction: float) -> float | None:
    ordered = sorted(values)
    return round(1e3 * ordered[min(len(ordered) - 1, int(fraction * len(ordered)))], 1) if ordered else None


def run(tables: int, seconds: float, followers: int = 10) -> dict[str, Any]:
    """The round without then with the overlays; the figures of both (see the module's docstring)."""
    events = long_match(4_000, "load")
    with tempfile.TemporaryDirectory(dir=ROOT) as folder:
        server = load.Server(Path(folder) / "overlays.db")
        try:
            matches = load.create_matches(server.port, tables, events[0])
            [featured] = load.create_matches(server.port, 1, events[0])
            status, answer = call(server.port, "POST", f"/api/matches/{featured['id']}/events",
                                  {"events": events[1:FIRST]}, featured["token"])
            assert status == 201, answer
            featured["head_seq"] = answer["seq"]
            status, answer = call(server.port, "POST", f"/api/matches/{featured['id']}/delay", {"events": DELAY},
                                  featured["token"])
            assert status == 200, answer
            alone = load.summary("without overlays", load.phase([server], matches, events, 4.0, seconds,
                                                                load.CLIENTS), seconds)
            receiving, sending = multiprocessing.get_context("fork").Pipe(duplex=False)
            client = multiprocessing.get_context("fork").Process(
                target=feature, args=(server.port, featured, events, followers, seconds, load.LEAD, sending))
            client.start()
            beside = load.summary("with overlays", load.phase([server], matches, events, 4.0, seconds, load.CLIENTS),
                                  seconds)
            released, drawn, followers_cpu = receiving.recv()
            client.join(timeout=30)
            after = load.summary("without overlays, after", load.phase([server], matches, events, 4.0, seconds,
                                                                       load.CLIENTS), seconds)
        finally:
            server.stop()
    to_overlay = [done - message for _seq, message, done in drawn]
    from_release = [done - released[seq] for seq, _message, done in drawn if seq in released]
    return {"tables": tables, "followers": followers, "seconds": seconds, "draws": len(drawn),
            "events_released": len(released),
            "message_to_overlay_p50_ms": ms(to_overlay, 0.5), "message_to_overlay_p99_ms": ms(to_overlay, 0.99),
            "message_to_overlay_max_ms": ms(to_overlay, 1.0),
            "release_to_overlay_p50_ms": ms(from_release, 0.5), "release_to_overlay_p99_ms": ms(from_release, 0.99),
            "feature_process_cpu_s": round(followers_cpu, 2),
            "round_alone": alone, "round_with_overlays": beside, "round_alone_after": after}


def main() -> None:
    parser = argparse.ArgumentParser(description="overlay followers of one match while a round records")
    parser.add_argument("--tables", type=int, default=800)
    parser.add_argument("--seconds", type=float, default=20.0)
    parser.add_argument("--followers", type=int, default=10)
    options = parser.parse_args()
    result = run(options.tables, options.seconds, options.followers)
    print(json.dumps({key: value for key, value in result.items() if not key.startswith("round_")}, indent=1))
    for key in ("round_alone", "round_with_overlays", "round_alone_after"):
        print(key, {name: result[key][name] for name in ("acknowledged", "p50_ms", "p99_ms", "errors",
                                                   "server_cpu_us_per_append", "client_cpu_us_per_append")})


if __name__ == "__main__":
    main()
