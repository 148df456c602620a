"""Hostile requests without a token against `riftlog serve` (web.serving, in its own process) and its gateway
(issue 24): a body or a pasted deck built to take a parser hours, anonymous deck parses in a flood while a judge
records, a body that never finishes, and match creation past a client address's budget.

A request that held the server would make the next one wait as long: each test sends its hostile request, then an
ordinary one once the hostile one's body is in the server's hands, and waits for its answer (its socket's timeout,
ANSWERED, the only bound on it)."""
from __future__ import annotations

import asyncio
import http.client
import json
import socket
from typing import Any

import pytest

from gallery import gallery_catalog
from serving import served_process
from test_create import form  # the form as a browser posts it, two decks that read
from web import MAX_BODY, create_app
from web.budget import Budget
from web.gateway import Gateway

ANSWERED = 10.0  # seconds an ordinary request may wait for its answer (the old code: from seconds to hours)
HEAD = 6  # match_created, game_started, two opening draws, two mulligans


def sent(port: int, method: str, path: str, body: Any = None, headers: dict | None = None,
         timeout: float = ANSWERED) -> http.client.HTTPConnection:
    """A connection whose request has been sent in full (its body in the server's hands), its answer not read."""
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=timeout)
    data = body if isinstance(body, (bytes, type(None))) else json.dumps(body).encode()
    connection.request(method, path, data, {"Content-Type": "application/json", **(headers or {})})
    return connection


def answer_of(connection: http.client.HTTPConnection) -> tuple[int, Any, dict]:
    """(status, the JSON answer, headers) of a request `sent`; the connection is closed."""
    try:
        response = connection.getresponse()
        return response.status, json.loads(response.read() or b"null"), dict(response.getheaders())
    finally:
        connection.close()


def request(port: int, method: str, path: str, body: Any = None, headers: dict | None = None) -> tuple[int, Any, dict]:
    """One request on its own connection, answered within ANSWERED seconds."""
    return answer_of(sent(port, method, path, body, headers))


def test_a_body_of_escaped_quotes_does_not_hold_the_server(tmp_db):
    """Text/plain, as any web page a visitor opens may send it (old: 24 KB held every request 3.7-5.9 s)."""
    body = b'"' + b'\\"' * ((MAX_BODY - 1) // 2)
    with served_process({"DATABASE": str(tmp_db)}) as port:
        hostile = sent(port, "POST", "/api/matches", body, {"Content-Type": "text/plain"})
        status, answer, _ = request(port, "GET", "/api/matches")
        assert status == 200 and answer["matches"] == []
        status, answer, _ = answer_of(hostile)
        assert status == 400 and answer["error"].startswith("body is not valid JSON")


@pytest.mark.parametrize("path, field", [("/api/decks/parse", "text"), ("/api/matches", "decklist")])
def test_a_pasted_deck_of_pathological_lines_does_not_hold_the_server(tmp_db, path, field):
    line = "Main" + " " * 240 + "!"  # old: 4.5 s for each such line
    text = "\n".join([line] * 100)
    body = {"text": text} if field == "text" else {
        "type": "match_created", "mode": "duel", "policy": "strict", "catalog": "demo",
        "players": [{"name": "Ana", "decklist": text}, {"name": "Ben", "deck": "demo deck 2"}]}
    with served_process({"DATABASE": str(tmp_db)}) as port:
        hostile = sent(port, "POST", path, body)
        status, _, _ = request(port, "GET", "/api/matches")
        assert status == 200
        status, answer, _ = answer_of(hostile)
        assert status == 400
        assert answer["problems"][0]["message"] == ("the line is 245 characters long; a deck list's line is at most "
                                                    "200 (a count and one card)")


def test_anonymous_deck_parses_do_not_hold_a_judges_append_back(log, tmp_db, duel_created, duel_game):
    """Sixteen anonymous parses at once of 40 KB of cards nearly named, against the whole gallery (old: each line a
    search of the catalog, ~10 s a parse; a judge's append waited for the recording pool's threads behind them)."""
    log.import_catalog(gallery_catalog("gallery"))
    text = "\n".join(["3 Battle Mistres"] * 2400)
    with served_process({"DATABASE": str(tmp_db)}) as port:
        status, created, _ = request(port, "POST", "/api/matches", duel_created)
        assert status == 201
        judge = {"Authorization": f"Bearer {created['token']}"}
        status, _, _ = request(port, "POST", f"/api/matches/{created['id']}/events", {"events": duel_game(0)}, judge)
        assert status == 201
        parses = [sent(port, "POST", "/api/decks/parse", {"text": text, "catalog": "gallery"}, timeout=300)
                  for _ in range(16)]
        status, answer, _ = request(port, "POST", f"/api/matches/{created['id']}/events",
                                    {"event": {"type": "note", "text": "recorded"}, "expected_seq": HEAD}, judge)
        assert (status, answer["seq"]) == (201, HEAD + 1)
        assert [answer_of(parse)[0] for parse in parses] == [400] * 16


def test_a_body_that_never_finishes_is_answered_408_once_its_time_is_up(tmp_db):
    with served_process({"DATABASE": str(tmp_db), "BODY_TIMEOUT": 1}) as port:
        with socket.create_connection(("127.0.0.1", port), timeout=ANSWERED) as client:
            client.sendall(b"POST /api/decks/parse HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
                           b"Content-Length: 1000\r\n\r\n{\"text\": \"3 ")
            answer = b""
            while b"\r\n\r\n" not in answer:
                chunk = client.recv(4096)
                assert chunk, f"the connection closed without an answer: {answer!r}"
                answer += chunk
        assert answer.startswith(b"HTTP/1.1 408")
        status, _, _ = request(port, "GET", "/api/matches")
        assert status == 200


def test_a_recorders_request_is_counted_only_once_its_body_has_arrived(tmp_db):
    """An unfinished body, with no token, on the recording lane: the hub's streams must not wait for it."""
    gateway = Gateway(create_app({"DATABASE": str(tmp_db)}))
    scope = {"type": "http", "method": "POST", "path": "/api/matches/m1/events", "query_string": b"",
             "headers": [(b"content-type", b"application/json"), (b"content-length", b"100")],
             "client": ("127.0.0.1", 5000), "server": ("127.0.0.1", 80)}

    async def unfinished() -> int:
        asked = asyncio.Event()
        never = asyncio.Event()
        calls = 0

        async def receive() -> dict:
            nonlocal calls
            calls += 1
            if calls > 1:
                asked.set()
                await never.wait()
            return {"type": "http.request", "body": b'{"event": ', "more_body": True}

        async def send(_message: dict) -> None:
            pass

        gateway.hub.start(asyncio.get_running_loop())
        call = asyncio.ensure_future(gateway(scope, receive, send))
        await asyncio.wait_for(asked.wait(), ANSWERED)  # the body's first part read, the rest awaited
        counted = gateway.hub.recorders
        call.cancel()
        return counted

    assert asyncio.run(unfinished()) == 0


# --- the budget of anonymous creation (web.budget) ---------------------------------------------------------------


def test_creating_past_an_addresss_budget_is_429_with_retry_after_and_writes_nothing(tmp_db, duel_created):
    with served_process({"DATABASE": str(tmp_db), "CREATE_BURST": 2, "CREATE_EVERY": 60}) as port:
        for _ in range(2):
            assert request(port, "POST", "/api/matches", duel_created)[0] == 201
        status, answer, headers = request(port, "POST", "/api/matches", duel_created)
        assert status == 429 and 1 <= int(headers["retry-after"]) <= 60
        assert answer["error"] == (f"too many matches created from this address (2 at once, then one every 60 s): "
                                   f"try again in {headers['retry-after']} s")
        assert request(port, "GET", "/api/matches")[1]["total"] == 2


def test_the_forms_create_past_the_budget_is_429_and_a_check_is_not_counted(tmp_db):
    client = create_app({"DATABASE": str(tmp_db), "CREATE_BURST": 1, "CREATE_EVERY": 60}).test_client()
    assert client.post("/matches/new", data=form("check")).status_code == 200
    assert client.post("/matches/new", data=form("create")).status_code == 201
    refused = client.post("/matches/new", data=form("create"))
    assert refused.status_code == 429 and int(refused.headers["Retry-After"]) >= 1
    assert "too many matches created from this address" in refused.get_data(as_text=True)


def test_each_address_has_its_own_budget_and_behind_a_proxy_it_is_the_forwarded_one(tmp_db, duel_created):
    app = create_app({"DATABASE": str(tmp_db), "CREATE_BURST": 1, "CREATE_EVERY": 60, "BEHIND_PROXY": 1})
    client = app.test_client()

    def create(forwarded: str) -> int:
        return client.post("/api/matches", json=duel_created, headers={"X-Forwarded-For": forwarded}).status_code

    assert (create("10.0.0.1"), create("10.0.0.1"), create("10.0.0.2")) == (201, 429, 201)


def test_a_budget_refills_one_creation_every_interval():
    now = [0.0]
    budget = Budget(2, 10.0, clock=lambda: now[0])
    assert (budget.take("a"), budget.take("a"), budget.take("a")) == (0.0, 0.0, 10.0)
    now[0] = 5.0
    assert budget.take("a") == 5.0
    now[0] = 15.0
    assert budget.take("a") == 0.0
    assert Budget(0, 1.0).take("a") == 0.0  # 0: no budget
