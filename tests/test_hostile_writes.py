"""What a client with no token can make the server write or compute, against `riftlog serve` in its own process on
127.0.0.1 (tests/serving.py `served_process`): attacks on issue 24's first fixes that got through (docs/trust.md,
"Threat model"), each closed since and each failing on the code it was found on.

The common thread: a match token is no credential an attacker lacks. `POST /api/matches` hands one to anyone, and
with it every request of that match that a judge may make is open; so what such a request can cost is bounded per
client address (web/budget.py) or made linear.
"""
from __future__ import annotations

import http.client
import json
import threading
import time
from pathlib import Path
from typing import Any

from serving import served_process

CREATED = {"type": "match_created", "mode": "duel", "policy": "audit",
           "players": [{"name": "Ana", "deck": "demo deck 1"}, {"name": "Ben", "deck": "demo deck 2"}]}


def send(port: int, method: str, path: str, body: Any = None, token: str | None = None,
         timeout: float = 60.0) -> tuple[int | None, Any, float]:
    """(status, answer, seconds) of one request on a connection of its own; status None when no answer came within
    `timeout` seconds."""
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=timeout)
    headers = {"Content-Type": "application/json"}
    if token:
        headers["Authorization"] = f"Bearer {token}"
    started = time.monotonic()
    try:
        connection.request(method, path, None if body is None else json.dumps(body), headers)
        response = connection.getresponse()
        answer = json.loads(response.read() or b"null")
        return response.status, answer, time.monotonic() - started
    except TimeoutError:
        return None, None, time.monotonic() - started
    finally:
        connection.close()


def create(port: int) -> dict[str, Any]:
    status, created, _ = send(port, "POST", "/api/matches", CREATED)
    assert status == 201, created
    return created


def stored_bytes(path: Path) -> int:
    return sum(part.stat().st_size for part in (path, Path(f"{path}-wal")) if part.exists())


def test_appends_with_an_anonymously_created_matchs_token_are_budgeted_per_address(tmp_path):
    """Hole 13 again: one match created with no token hands out a match token, and its appends of 100 notes of
    9,999 characters (1 MB a request, under every limit) wrote 21.6 MB/s. Now every request that asks for something
    to be written spends its body's bytes from its address's bucket (web/budget.py: 8 MiB at once, then 256 KiB a
    second): past it, 429 with Retry-After, and nothing written."""
    database = tmp_path / "riftlog.db"
    with served_process({"DATABASE": str(database)}) as port:
        created = create(port)
        before = stored_bytes(database)
        notes = {"events": [{"type": "note", "text": "x" * 9_999}] * 100}
        answers = []
        for _ in range(20):  # about 1 MB each
            status, answer, _ = send(port, "POST", f"/api/matches/{created['id']}/events", notes, created["token"])
            answers.append((status, answer))
            if status != 201:
                break
        grown = stored_bytes(database) - before
    status, answer = answers[-1]
    assert status == 429 and "try again in" in answer["error"], answers[-1]
    assert 5 <= len(answers) <= 9 and grown < 20e6, (len(answers), grown)  # before: all 20 taken, 30 MB


def test_a_creation_naming_more_players_than_any_mode_is_refused_before_a_deck_is_read(tmp_path):
    """Holes 3 and 8 again: a deck's "did you mean" search is capped per deck, and `POST /api/matches` read every
    player's `decklist` before looking at the mode: 6,000 players with three unknown cards each (no token) held a
    parsing thread for about 35 s. Now a match_created naming more players than the largest mode (4) is refused
    before any deck is read (replays.decklists.MAX_PLAYERS), and the creation budget is spent first."""
    deck = "\n".join(f"1 Qwertyuiop Asdfghjkl Zxcvbnm{index}" for index in range(3))
    body = {**CREATED, "players": [{"name": "x", "decklist": deck}] * 6_000}
    with served_process({"DATABASE": str(tmp_path / "riftlog.db")}) as port:
        status, answer, seconds = send(port, "POST", "/api/matches", body)
    assert status == 400 and "at most 4 players" in answer["error"], answer
    assert seconds < 10.0, f"one anonymous request of {len(json.dumps(body)):,} bytes took {seconds:.1f} s to refuse"


def test_dry_runs_of_long_audit_batches_leave_a_judges_append_answered(tmp_path):
    """Hole 8 again, on the recording lane: anyone creates an audit match and sends its dry run
    (`POST /api/matches/<id>/check`) 1,000 `pass` events, each one an event the audit fold keeps, flags and skips.
    The fold rebuilt the state before every skipped event from its last checkpoint, replaying every event since: a
    batch cost the square of its length (1,000 events: 148 s), and 16 of them held every recording thread and the
    GIL (a judge's append to another match: no answer within 60 s). A run of skipped events now costs two copies
    each (engine/fold.py `steps`), and the judge's append is answered."""
    with served_process({"DATABASE": str(tmp_path / "riftlog.db")}) as port:
        judge = create(port)
        attacker = create(port)
        assert send(port, "POST", f"/api/matches/{judge['id']}/events",
                    {"event": {"type": "note", "text": "before"}}, judge["token"])[0] == 201
        batch = {"events": [{"type": "pass", "player": "P1"}] * 1_000}
        dry_runs = [threading.Thread(target=send, args=(port, "POST", f"/api/matches/{attacker['id']}/check", batch,
                                                        attacker["token"], 300), daemon=True) for _ in range(16)]
        for thread in dry_runs:
            thread.start()
        time.sleep(1.0)  # the attack's requests are in; not a synchronisation of what is measured
        status, answer, seconds = send(port, "POST", f"/api/matches/{judge['id']}/events",
                                       {"event": {"type": "note", "text": "the judge's note"}}, judge["token"],
                                       timeout=60)
        for thread in dry_runs:
            thread.join(300)
    assert status == 201, (status, answer, f"{seconds:.1f} s")
