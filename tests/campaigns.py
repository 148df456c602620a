"""The trust campaigns of issue 8, sized by their callers: scaled to seconds in tests/test_campaigns.py, at full
size in scripts/campaigns.py (which prints the figures).

Each runs on a SQLite file by default, and on PostgreSQL where its caller passes a database URL (and, for
`postgres_kills`, the server itself is killed).

- `kills`: a child process appends notes, each with an idempotency key, printing each acknowledged answer; it is
  killed with SIGKILL after a random number of answers, mid-append. No acknowledged event may be lost, the log
  must verify, and retrying the key that was in flight must leave that event in the log exactly once.
- `server_kills`: the same through the API: client threads append to a served log (its writer commits their
  appends in groups) and the server process is killed with SIGKILL while appends are in flight.
- `tampering`: a sealed copy of the log is changed the ways a person with the file can (edit, delete, reorder,
  truncate, and each of those with every later hash and the head recomputed: a rewritten chain); checking the
  seal must catch every one.
- `fuzz`: seeded random requests to every endpoint (bad ids, queries, tokens, bodies in JSON and msgpack, deep
  nesting, lone surrogates, junk bytes): no answer may be a 5xx.
- `leaks`: every demo and golden match, every seq, every view but the judge's, with that view's token, through the
  API (state, events), the viewer's pages and the downloads, and the broadcast overlays (their pages and their
  state, web/overlay.py) in the spectator's view and the caster's (with the caster's token): no card name may appear
  that the view has not been shown by then (its own cards, and the cards that were in a public zone; for the
  caster, the cards either player has been shown of their own, never a deck's).
"""
from __future__ import annotations

import html
import json
import os
import random
import re
import shutil
import signal
import sqlite3
import subprocess
import sys
from pathlib import Path
from typing import Any, Callable, NamedTuple

import msgpack

import engine
import recorder
from recorder import canonical
from recorder.keys import ServerKey
from recorder.migrate import copy_catalogs, copy_match
from replays import notation, seal
from replays.demo import record_demo

ROOT = Path(__file__).resolve().parent.parent
GOLDEN = sorted((ROOT / "tests" / "data").glob("golden_*.rln"))
PRIVATE_ZONES = ("hand", "aside", "facedown", "deck", "rune_deck")
CASTER = "caster"  # the broadcast overlays' caster's view (web/overlay.py)
OVERLAY_VIEWS = ("spectator", CASTER)


# --- kill -9 during appends -----------------------------------------------------------------------------------

CHILD = """
import sys
import recorder
log = recorder.Log(sys.argv[1])
match_id, start, count = sys.argv[2], int(sys.argv[3]), int(sys.argv[4])
for index in range(start, start + count):
    answer = log.append(match_id, [{"type": "note", "text": f"note {index}"}], idempotency_key=f"key {index}")
    print(index, answer["seq"], answer["hash"], flush=True)
"""


class Kills(NamedTuple):
    rounds: int
    acknowledged: int
    lost: list[str]
    retried: int = 0  # appends answered 503 while a server was down, retried with their key afterwards


def kills(workdir: Path, rounds: int, seed: int, most_per_round: int = 40, database: str | None = None) -> Kills:
    """Kill an appending process `rounds` times; every acknowledged note must survive, once."""
    rng = random.Random(seed)
    path = database or workdir / "kills.db"
    with recorder.Log(path) as log:
        match_id, _ = log.create_match(_duel_created())
    acknowledged: dict[int, tuple[int, str]] = {}
    lost: list[str] = []
    next_index = 0
    for _ in range(rounds):
        wanted = rng.randrange(0, most_per_round)
        child = subprocess.Popen([sys.executable, "-c", CHILD, str(path), match_id, str(next_index), "1000000"],
                                 stdout=subprocess.PIPE, text=True, cwd=ROOT)
        assert child.stdout is not None
        for _ in range(wanted):
            line = child.stdout.readline()
            if not line:
                break
            index, seq, digest = line.split()
            acknowledged[int(index)] = (int(seq), digest)
        child.send_signal(signal.SIGKILL)  # mid-append: the child never stops appending on its own
        child.wait()
        child.stdout.close()
        in_flight = max(acknowledged, default=next_index - 1) + 1
        with recorder.Log(path) as log:
            stored = {entry["seq"]: entry for entry in log.events(match_id)}
            for index, (seq, digest) in acknowledged.items():
                entry = stored.get(seq)
                if entry is None or entry["hash"] != digest or entry["event"].get("text") != f"note {index}":
                    lost.append(f"note {index} acknowledged at seq {seq} is not in the log as it was answered")
            retry = log.append(match_id, [{"type": "note", "text": f"note {in_flight}"}],
                               idempotency_key=f"key {in_flight}")
            acknowledged[in_flight] = (retry["seq"], retry["hash"])
            texts = [entry["event"].get("text") for entry in log.events(match_id)]
            if texts.count(f"note {in_flight}") != 1:
                lost.append(f"note {in_flight}, retried with its key, is in the log {texts.count(f'note {in_flight}')} times")
            report = log.verify_chain(match_id)
            if not report["ok"]:
                lost.append(f"the log does not verify after a kill: {report['error']}")
        next_index = in_flight + 1
    return Kills(rounds, len(acknowledged), lost)


CHILD_SERVER = """
import sys
from web import create_app
from werkzeug.serving import make_server
server = make_server("127.0.0.1", 0, create_app({"DATABASE": sys.argv[1]}), threaded=True)
print(server.server_port, flush=True)
server.serve_forever()
"""


def server_kills(workdir: Path, rounds: int, seed: int, threads: int = 3, most_per_round: int = 30,
                 database: str | None = None) -> Kills:
    """Kill -9 a serving process `rounds` times while `threads` clients append through its API (its writer
    commits their appends in groups); every event answered 201 must survive, and each append in flight at the
    kill, retried with its idempotency key, must be in the log once."""
    import http.client
    import threading

    rng = random.Random(seed)
    path = database or workdir / "server-kills.db"
    with recorder.Log(path) as log:
        match_id, token = log.create_match(_duel_created())
    acknowledged: dict[str, tuple[int, str]] = {}
    lost: list[str] = []
    counter = iter(range(10**9))
    lock = threading.Lock()

    def start() -> tuple[subprocess.Popen, int]:
        server = subprocess.Popen([sys.executable, "-c", CHILD_SERVER, str(path)], stdout=subprocess.PIPE,
                                  stderr=subprocess.DEVNULL, text=True, cwd=ROOT)
        assert server.stdout is not None
        return server, int(server.stdout.readline())

    def post(port: int, text: str) -> tuple[int, dict]:
        connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
        try:
            body = json.dumps({"event": {"type": "note", "text": text}, "idempotency_key": text})
            connection.request("POST", f"/api/matches/{match_id}/events", body,
                               {"Authorization": f"Bearer {token}", "Content-Type": "application/json"})
            response = connection.getresponse()
            return response.status, json.loads(response.read() or b"{}")
        finally:
            connection.close()

    for _ in range(rounds):
        server, port = start()
        wanted = rng.randrange(1, most_per_round)
        in_flight: set[str] = set()
        enough = threading.Event()

        def client() -> None:
            while True:
                with lock:
                    if enough.is_set():
                        return
                    text = f"note {next(counter)}"
                    in_flight.add(text)
                try:
                    status, answer = post(port, text)
                except (OSError, http.client.HTTPException):
                    return  # the server is gone (perhaps mid-answer): `text` stays in flight
                with lock:
                    if status == 201:
                        acknowledged[text] = (answer["seq"], answer["hash"])
                        in_flight.discard(text)
                        if len(acknowledged) >= wanted_total:
                            enough.set()
                    elif status != 503:
                        lost.append(f"{text}: answered {status} {answer}")
                        in_flight.discard(text)

        wanted_total = len(acknowledged) + wanted
        workers = [threading.Thread(target=client) for _ in range(threads)]
        for worker in workers:
            worker.start()
        enough.wait(60)
        server.send_signal(signal.SIGKILL)  # the other clients' appends are still in flight
        server.wait()
        server.stdout.close()
        for worker in workers:
            worker.join(60)
        with recorder.Log(path) as log:
            stored = {entry["seq"]: entry for entry in log.events(match_id)}
            for text, (seq, digest) in acknowledged.items():
                entry = stored.get(seq)
                if entry is None or entry["hash"] != digest or entry["event"].get("text") != text:
                    lost.append(f"{text}, answered 201 at seq {seq}, is not in the log as it was answered")
            report = log.verify_chain(match_id)
            if not report["ok"]:
                lost.append(f"the log does not verify after a kill: {report['error']}")
        server, port = start()
        for text in sorted(in_flight):
            status, answer = post(port, text)
            if status == 201:
                acknowledged[text] = (answer["seq"], answer["hash"])
            else:
                lost.append(f"{text}, retried with its key, answered {status} {answer}")
        server.send_signal(signal.SIGKILL)
        server.wait()
        server.stdout.close()
        with recorder.Log(path) as log:
            texts = [entry["event"].get("text") for entry in log.events(match_id)]
        for text in in_flight:
            if texts.count(text) != 1:
                lost.append(f"{text}, in flight at the kill and retried, is in the log {texts.count(text)} times")
    return Kills(rounds, len(acknowledged), lost)


def postgres_kills(cluster: Any, url: str, rounds: int, seed: int, threads: int = 3, most_per_round: int = 20
                   ) -> Kills:
    """Kill -9 the PostgreSQL server `rounds` times (`cluster`, tests/postgres_cluster.py) while `threads`
    clients append through a served log on it, and start it again: every event answered 201 must survive; an
    append in flight at the kill is answered 503 (never 201 unwritten), and retried with its key once the server is
    back, it must be in the log exactly once. The riftlog server is not restarted: it must find its way back to
    the database by itself."""
    import http.client
    import threading

    rng = random.Random(seed)
    with recorder.Log(url) as log:
        match_id, token = log.create_match(_duel_created())
    acknowledged: dict[str, tuple[int, str]] = {}
    in_flight: set[str] = set()
    lost: list[str] = []
    counter = iter(range(10**9))
    lock = threading.Lock()
    retried = 0
    server = subprocess.Popen([sys.executable, "-c", CHILD_SERVER, url], stdout=subprocess.PIPE,
                              stderr=subprocess.DEVNULL, text=True, cwd=ROOT)
    assert server.stdout is not None
    port = int(server.stdout.readline())

    def post(text: str) -> tuple[int, dict]:
        connection = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
        try:
            body = json.dumps({"event": {"type": "note", "text": text}, "idempotency_key": text})
            connection.request("POST", f"/api/matches/{match_id}/events", body,
                               {"Authorization": f"Bearer {token}", "Content-Type": "application/json"})
            response = connection.getresponse()
            return response.status, json.loads(response.read() or b"{}")
        finally:
            connection.close()

    try:
        for _ in range(rounds):
            wanted_total = len(acknowledged) + rng.randrange(1, most_per_round)
            enough, stop, refused = threading.Event(), threading.Event(), threading.Event()

            def client() -> None:
                while not stop.is_set():
                    with lock:
                        text = f"note {next(counter)}"
                        in_flight.add(text)
                    status, answer = post(text)
                    with lock:
                        if status == 201:
                            acknowledged[text] = (answer["seq"], answer["hash"])
                            in_flight.discard(text)
                            if len(acknowledged) >= wanted_total:
                                enough.set()
                        elif status == 503:
                            refused.set()
                        else:
                            lost.append(f"{text}: answered {status} {answer}")
                            in_flight.discard(text)

            workers = [threading.Thread(target=client) for _ in range(threads)]
            for worker in workers:
                worker.start()
            enough.wait(60)
            cluster.kill()  # appends are in flight: the clients go on, answered 503 while it is down
            refused.wait(60)  # (bounded) until the outage has been answered
            cluster.restart()
            stop.set()
            for worker in workers:
                worker.join(120)
            retried += len(in_flight)
            for text in sorted(in_flight):
                for _attempt in range(100):  # the riftlog server's connections come back as it uses them
                    status, answer = post(text)
                    if status != 503:
                        break
                if status == 201:
                    acknowledged[text] = (answer["seq"], answer["hash"])
                else:
                    lost.append(f"{text}, retried with its key, answered {status} {answer}")
            with recorder.Log(url) as log:
                stored = {entry["seq"]: entry for entry in log.events(match_id)}
                texts = [entry["event"].get("text") for entry in stored.values()]
                report = log.verify_chain(match_id)
            for text, (seq, digest) in acknowledged.items():
                entry = stored.get(seq)
                if entry is None or entry["hash"] != digest or entry["event"].get("text") != text:
                    lost.append(f"{text}, answered 201 at seq {seq}, is not in the log as it was answered")
            for text in in_flight:
                if texts.count(text) != 1:
                    lost.append(f"{text}, in flight at the kill and retried, is in the log {texts.count(text)} times")
            in_flight.clear()
            if not report["ok"]:
                lost.append(f"the log does not verify after a kill: {report['error']}")
    finally:
        server.send_signal(signal.SIGKILL)
        server.wait()
        server.stdout.close()
    return Kills(rounds, len(acknowledged), lost, retried)


def _duel_created() -> dict[str, Any]:
    decks = json.loads((ROOT / "engine" / "data" / "demo_decks.json").read_text(encoding="utf-8"))["decks"]
    return {"type": "match_created", "rules": "v1.3", "abilities": "declared", "mode": "duel", "catalog": "demo",
            "players": [{"name": name, **deck} for name, deck in zip(("Ana", "Ben"), decks)]}


# --- tampering against a seal ---------------------------------------------------------------------------------

KINDS = ("edit", "delete", "reorder", "truncate")


class Tampering(NamedTuple):
    tried: int
    caught: int
    missed: list[str]


def sealed_log(workdir: Path) -> tuple[Path, ServerKey, dict[str, str]]:
    """A log with the demo and golden matches, each sealed: (path, key, {match id: seal code})."""
    path = workdir / "sealed.db"
    key = ServerKey.load(workdir / "sealed.key")
    with recorder.Log(path) as log:
        ids = list(record_demo(log)) + [notation.import_match(log, golden.read_text(encoding="utf-8"))[0]
                                        for golden in GOLDEN]
        codes = {match_id: seal.seal(log, match_id, key)["code"] for match_id in ids}
        log.db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    return path, key, codes


def tampering(workdir: Path, mutations: int, seed: int, fresh_database: Callable[[], str] | None = None
              ) -> Tampering:
    """Tamper with sealed matches `mutations` times; the seal check must fail every time. With `fresh_database`
    (a new, empty PostgreSQL log's URL each call), each tampered match is copied there first (recorder.migrate)
    and tampered with on PostgreSQL."""
    rng = random.Random(seed)
    pristine, key, codes = sealed_log(workdir)
    missed: list[str] = []
    for number in range(mutations):
        match_id = rng.choice(sorted(codes))
        kind = KINDS[number % len(KINDS)]
        rewrite = rng.random() < 0.5
        if fresh_database is None:
            copy: Path | str = workdir / f"tampered-{number}.db"
            shutil.copyfile(pristine, copy)
            connection = sqlite3.connect(copy)
            what = _tamper(connection, match_id, kind, rewrite, rng)
            connection.commit()
            connection.close()
        else:
            copy = fresh_database()
            with recorder.Log(pristine) as source, recorder.Log(copy) as target:
                copy_catalogs(source, target)
                assert copy_match(source, target, match_id).outcome == "copied"
                with target.db.writing():
                    what = _tamper(target.db, match_id, kind, rewrite, rng)
        with recorder.Log(copy) as log:
            try:
                report = seal.check(log, match_id, codes[match_id], key)
                caught = not report["ok"]
            except recorder.RecorderError:
                caught = True  # the log refused to be read: caught too
        if not caught:
            missed.append(f"{match_id}: {what}")
        if fresh_database is None:
            for stale in (copy, Path(f"{copy}-wal"), Path(f"{copy}-shm")):
                stale.unlink(missing_ok=True)
    return Tampering(mutations, mutations - len(missed), missed)


def _tamper(connection: Any, match_id: str, kind: str, rewrite: bool, rng: random.Random) -> str:
    """Change the stored match one way (through a sqlite3 connection or a `recorder.store.Store`); with
    `rewrite`, recompute every hash after the change and the head, as someone hiding the change would. Returns what
    was done."""
    rows = [list(row) for row in connection.execute(
        'SELECT seq, type, body FROM events WHERE "match" = ? ORDER BY seq', [match_id])]
    seq = rng.randrange(1, len(rows) + 1)
    if kind == "edit":
        rows[seq - 1][2] = bytes(rows[seq - 1][2])
        event = canonical.decode(rows[seq - 1][2])
        path = _edit(event, rng)
        body = canonical.canonical_bytes(event)
        if body == rows[seq - 1][2]:  # the edit changed nothing storable: change the type's text instead
            event["type"] = event["type"] + "x"
            body, path = canonical.canonical_bytes(event), "type"
        rows[seq - 1][1:] = [event["type"], body]
        what = f"edit of seq {seq} at {path}"
    elif kind == "delete":
        del rows[seq - 1]
        what = f"deletion of seq {seq}"
    elif kind == "reorder":
        other = rng.choice([number for number in range(1, len(rows) + 1) if number != seq])
        rows[seq - 1][1:], rows[other - 1][1:] = rows[other - 1][1:], rows[seq - 1][1:]
        if rows[seq - 1][2] == rows[other - 1][2]:
            return _tamper(connection, match_id, "delete", rewrite, rng)  # two identical events: nothing to swap
        what = f"seqs {seq} and {other} swapped"
    else:
        rows = rows[:seq - 1]
        what = f"truncation to {seq - 1} events"
    connection.execute('DELETE FROM events WHERE "match" = ?', [match_id])
    digest = canonical.GENESIS_HASH
    for number, (old_seq, kind_column, body) in enumerate(rows, 1):
        new_seq = number if rewrite else old_seq
        previous = digest
        digest = canonical.chain_hash(digest, body)
        connection.execute('INSERT INTO events ("match", seq, type, body, hash, prev_hash) VALUES (?, ?, ?, ?, ?, ?)',
                           [match_id, new_seq, kind_column, body, digest, previous])
    if rewrite:
        connection.execute("UPDATE matches SET head_seq = ?, head_hash = ? WHERE id = ?", [len(rows), digest, match_id])
        connection.execute('DELETE FROM snapshots WHERE "match" = ?', [match_id])
        what += ", chain rewritten"
    return what


def _edit(event: dict[str, Any], rng: random.Random) -> str:
    """Change one value somewhere in `event` (not its type); returns its path."""
    path, container, key = "event", None, None
    value: Any = event
    while isinstance(value, (dict, list)) and value:
        keys = [k for k in value if not (value is event and k == "type")] if isinstance(value, dict) \
            else list(range(len(value)))
        if not keys:
            break
        container, key = value, rng.choice(keys)
        path += f".{key}"
        value = container[key]
    if container is None:
        event["edited"] = True
        return "event.edited"
    if isinstance(value, bool):
        container[key] = not value
    elif isinstance(value, int):
        container[key] = value + rng.choice([-1, 1])
    elif isinstance(value, str):
        container[key] = value + "x"
    elif value is None:
        container[key] = "x"
    else:
        container[key] = None
    return path


# --- a fuzz of the API ----------------------------------------------------------------------------------------

class Fuzz(NamedTuple):
    requests: int
    errors: list[str]


def fuzz(client: Any, created: dict[str, Any], requests: int, seed: int) -> Fuzz:
    """`requests` random requests through `client` (a Flask test client) at a log holding `created` ({id, token,
    player_tokens}) and more: every answer must be below 500."""
    rng = random.Random(seed)
    errors: list[str] = []
    match_id = created["id"]
    tokens = [None, created["token"], *created["player_tokens"].values(), "junk", "", "Bearer", "\u00e9t\u00e9"]
    ids = [match_id, "m0", "m99999", "x", "m1%00", "%ff", "m" + "9" * 30, "..%2f"]
    for number in range(requests):
        method, path, query, body, content_type = _request(rng, match_id if rng.random() < 0.7 else rng.choice(ids))
        headers = {}
        token = created["token"] if rng.random() < 0.4 else rng.choice(tokens)
        if token is not None:
            headers["Authorization"] = f"Bearer {token}" if rng.random() < 0.8 else rng.choice([token, f"bearer  {token} x"])
        if content_type:
            headers["Content-Type"] = content_type
        try:
            response = client.open(path, method=method, query_string=query, data=body, headers=headers)
            status = response.status_code
            response.close()
        except Exception as error:  # a crash of the test client itself is the server failing too
            errors.append(f"#{number} {method} {path}?{query}: {type(error).__name__}: {error}")
            continue
        if status >= 500 and status != 503:
            errors.append(f"#{number} {method} {path}?{query} ({content_type}, {len(body or b'')} bytes): {status}")
    return Fuzz(requests, errors)


def _request(rng: random.Random, match_id: str) -> tuple[str, str, str, bytes | None, str | None]:
    endpoints = [("GET", "/api/matches"), ("POST", "/api/matches"), ("GET", f"/api/matches/{match_id}"),
                 ("POST", f"/api/matches/{match_id}/events"), ("GET", f"/api/matches/{match_id}/events"),
                 ("GET", f"/api/matches/{match_id}/state"), ("GET", f"/api/matches/{match_id}/verify"),
                 ("GET", f"/api/matches/{match_id}/seal"), ("POST", f"/api/matches/{match_id}/publish"),
                 ("GET", "/"), ("GET", f"/matches/{match_id}"), ("GET", f"/matches/{match_id}/notation"),
                 ("POST", f"/matches/{match_id}/token"), ("PUT", f"/api/matches/{match_id}/events"),
                 ("GET", f"/api/matches/{match_id}/overlay"), ("GET", f"/matches/{match_id}/overlay/"
                                                                     f"{rng.choice(['score', 'board', 'x', ''])}"),
                 ("GET", "/tournament/overlay")]
    method, path = rng.choice(endpoints)
    names = ["at", "after", "upto", "view", "seq", "limit", "offset", "seal", "download", "x", "layout", "scheme",
             "event", "round"]
    values = ["", "0", "1", "-1", "7", "99999999999999999999", "1_0", "²", "judge", "P1", "P3", "spectator", "caster",
              "\u00e9", "%ff", "null", "1e3", " 2", "3-QX4M-B7TK-2ZPA-LW3R", "a" * 300]
    query = "&".join(f"{rng.choice(names)}={rng.choice(values)}" for _ in range(rng.randrange(0, 4)))
    if method == "GET":
        return method, path, query, None, None
    shape = rng.randrange(6)
    if shape == 0:
        return method, path, query, bytes(rng.randrange(256) for _ in range(rng.randrange(0, 64))), \
            rng.choice([None, "application/json", "application/msgpack", "text/plain"])
    if shape == 1:
        depth = rng.choice([10, 40, 1000, 100_000])
        return method, path, query, b"[" * depth + b"]" * depth, "application/json"
    body = _body(rng)
    if shape == 2:
        try:
            return method, path, query, msgpack.packb(body), "application/msgpack"
        except (OverflowError, ValueError):  # an integer msgpack cannot carry: send it as JSON instead
            pass
    text = json.dumps(body)
    if shape == 3:  # a lone surrogate, as JSON lets a client write one
        text = text.replace('"', '"\\ud800', 1)
    if method == "POST" and path.endswith("/token"):
        return method, path, query, f"token={rng.choice(['', 'x', text[:50]])}".encode(), \
            "application/x-www-form-urlencoded"
    return method, path, query, text.encode(), "application/json"


def _body(rng: random.Random) -> Any:
    """An append or create body: often well formed, with something wrong somewhere."""
    event = rng.choice([
        {"type": "note", "text": rng.choice(["x", "y" * 20_000, "\u0000\n\"#"])},
        {"type": "pass", "player": rng.choice(["P1", "P2", "P9", 3, None])},
        {"type": "draw", "player": "P1", "cards": rng.choice([["Gust"], [None], [1], "Gust", [[[]]]])},
        {"type": "match_created", "mode": rng.choice(["duel", "chess", 1]), "players": rng.choice([[], [{}], "x"])},
        {"type": rng.choice(["resolve", "nope", "", None]), "effects": [{"op": "damage"}]},
        _random_value(rng, 4),
    ])
    envelope = rng.choice([{"event": event}, {"events": [event] * rng.choice([1, 2, 1001])}, {"events": []},
                           event, [event], {"event": event, "idempotency_key": rng.choice(["k", "", 5, "k" * 300])},
                           {"event": event, "meta": rng.choice([{"client": "c"}, {"recorded_at": "now"}, [], {"x": 1},
                                                                {"recorded_at": "2025-06-02T10:00:00Z"}])},
                           {"event": event, "expected_seq": rng.choice([0, -1, True, "1", 2**70, None])}])
    return envelope


def _random_value(rng: random.Random, depth: int) -> Any:
    kind = rng.randrange(8 if depth else 5)
    if kind == 0:
        return None
    if kind == 1:
        return rng.choice([True, False])
    if kind == 2:
        return rng.choice([0, -1, 2**63, -(2**63) - 1, 2**64, 7])
    if kind == 3:
        return rng.choice(["", "x", "P1", "o1", "\u2603", "a" * 11_000])
    if kind == 4:
        return rng.choice([1.5, -0.0])
    if kind in (5, 6):
        return {rng.choice(["type", "player", "cards", "text", "x"]): _random_value(rng, depth - 1)
                for _ in range(rng.randrange(4))}
    return [_random_value(rng, depth - 1) for _ in range(rng.randrange(4))]


# --- a leak check -----------------------------------------------------------------------------------------------

class Leaks(NamedTuple):
    checked: int
    leaks: list[str]


def leak_log(workdir: Path) -> tuple[Path, dict[str, str]]:
    """A log with the demo matches and the golden matches: (path, {match id: match token})."""
    path = workdir / "leaks.db"
    with recorder.Log(path) as log:
        tokens = dict(record_demo(log))
        for golden in GOLDEN:
            match_id, token = notation.import_match(log, golden.read_text(encoding="utf-8"))
            tokens[match_id] = token
    return path, tokens


def leaks(client: Any, path: Path, tokens: dict[str, str], every: int = 1) -> Leaks:
    """Walk each match at every `every`th seq (and the head) in every view but the judge's; count the outputs
    checked and list every card name one shows that its view had not been shown by then."""
    from recorder.tokens import caster_token, player_tokens

    names = sorted({card["name"] for card in engine.demo_catalog()}, key=len, reverse=True)
    found: list[str] = []
    checked = 0
    with recorder.Log(path) as log:
        for match_id, token in tokens.items():
            events = [entry["event"] for entry in log.events(match_id)]
            head = len(events)
            readers = {**player_tokens(log, match_id), "spectator": None, CASTER: caster_token(log, match_id)}
            for view, reader_token in readers.items():
                known = _knowledge(log, match_id, events, view)
                headers = {"Authorization": f"Bearer {reader_token}"} if reader_token else {}
                client.delete_cookie(f"riftlog-{match_id}")
                if reader_token:
                    client.set_cookie(f"riftlog-{match_id}", reader_token)

                def check(what: str, text: str, seq: int) -> None:
                    nonlocal checked
                    checked += 1
                    shown = _names_in(text, names) - known[seq - 1]
                    if shown:
                        found.append(f"{match_id} {view} {what} at seq {seq}: {sorted(shown)}")

                if view in OVERLAY_VIEWS:
                    for kind in ("score", "board", "chain", "card"):
                        page = client.get(f"/matches/{match_id}/overlay/{kind}")
                        assert page.status_code == 200, (match_id, kind, page.status_code)
                        check(f"overlay page {kind}", html.unescape(page.get_data(as_text=True)), 1)
                    for seq in sorted(set(range(1, head + 1, every)) | {head}):
                        overlay = client.get(f"/api/matches/{match_id}/overlay?view={view}&at={seq}", headers=headers)
                        assert overlay.status_code == 200, (match_id, view, seq, overlay.status_code)
                        answer = overlay.json
                        if answer["played"]:
                            # The card popup's text is the catalog's printed text of the card played, public as the
                            # card gallery is ("play a Gold gear token" names no card of the match): the card
                            # played is checked, its printed text is not.
                            answer["played"]["text"] = None
                        check("overlay state", json.dumps(answer, ensure_ascii=False), seq)
                    streamed = client.get(f"/api/matches/{match_id}/overlay/stream?view={view}", headers=headers,
                                          buffered=False)  # its first message: the state at the head, then it waits
                    assert streamed.status_code == 200, (match_id, view, streamed.status_code)
                    first = next(chunk for chunk in streamed.response if b"data: " in chunk)
                    streamed.close()
                    answer = json.loads(first.split(b"data: ", 1)[1])
                    if answer["played"]:
                        answer["played"]["text"] = None  # the printed text, as above
                    check("overlay stream", json.dumps(answer, ensure_ascii=False), answer["seq"])
                if view == CASTER:
                    continue  # the caster's token reads the overlays alone (and the spectator's view)
                listed = client.get(f"/api/matches/{match_id}/events?view={view}", headers=headers).json["events"]
                for entry in listed:
                    check("event", json.dumps(entry["event"], ensure_ascii=False), entry["seq"])
                check("notation", client.get(f"/matches/{match_id}/notation?view={view}",
                                             headers=headers).get_data(as_text=True), head)
                download = client.get(f"/api/matches/{match_id}/events?download=1&view={view}", headers=headers)
                check("events download", json.dumps(download.json, ensure_ascii=False), head)
                for seq in sorted(set(range(1, head + 1, every)) | {head}):
                    state = client.get(f"/api/matches/{match_id}/state?at={seq}&view={view}", headers=headers)
                    check("state", json.dumps(state.json, ensure_ascii=False), seq)
                    page = client.get(f"/matches/{match_id}?seq={seq}&view={view}")
                    assert page.status_code == 200, (match_id, view, seq, page.status_code)
                    check("page", html.unescape(page.get_data(as_text=True)), head)  # the page's timeline runs to the head
    return Leaks(checked, found)


def _knowledge(log: recorder.Log, match_id: str, events: list[dict], view: str) -> list[set[str]]:
    """For each seq, the card names `view` may have seen by then: every card that was in a public zone (or in
    the view's own hidden zones) in any state so far, every player's legend and chosen champion (public from
    match_created on), and for a player their own deck, runes and battlefields."""
    known = {player[field] for player in events[0]["players"] for field in ("legend", "champion")}
    if view not in OVERLAY_VIEWS:
        own = events[0]["players"][int(view[1:]) - 1]
        known |= {name for field in ("deck", "runes", "battlefields") for name in own.get(field) or []}
    by_seq = []
    for _seq, _event, state in log.fold_states(match_id, save=False):  # one state, changed in place: read it now
        for obj in state["objects"].values():
            if obj.get("zone") not in PRIVATE_ZONES and not obj.get("concealed") or obj.get("owner") == view:
                known.add(obj.get("card"))
            elif view == CASTER and obj.get("zone") not in ("deck", "rune_deck"):  # what its owner was shown
                known.add(obj.get("card"))
        known |= {item.get("card") for item in state.get("chain") or []}
        known |= {field.get("name") for field in state.get("battlefields") or []}
        by_seq.append(set(known))
    return by_seq


def _names_in(text: str, names: list[str]) -> set[str]:
    """The card names a text contains as whole words, longest first (so a name inside a longer one is not
    counted twice)."""
    found = set()
    for name in names:
        pattern = re.compile(rf"(?<![\w]){re.escape(name)}(?![\w])")
        if pattern.search(text):
            found.add(name)
            text = pattern.sub(" ", text)
    return found
