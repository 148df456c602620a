"""Live spectating (contract section 3, "Live and judge reads"): `GET /api/matches/<id>/stream` as server-sent
events: the catch-up after N, `Last-Event-ID`, redaction to each view and token, the refusals; then against the
app served on 127.0.0.1, events appended after the stream connected (through the server, and by another process)
and the end of a stream whose client has gone. Every read takes a fixed number of messages, bounded in time."""
from __future__ import annotations

import http.client
import json
from collections.abc import Iterator

import pytest

import recorder
import serving
from sse import EventStream
from web import create_app

HEAD = 6  # the `created` match: match_created, game_started, two opening draws, two mulligans


def bearer(token: str | None) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"} if token else {}


@pytest.fixture
def created(client, duel_created, duel_game):
    """A strict duel at seq 6, created through the API: {id, token, player_tokens}."""
    answer = client.post("/api/matches", json=duel_created).json
    appended = client.post(f"/api/matches/{answer['id']}/events", json={"events": duel_game(0)},
                           headers=bearer(answer["token"]))
    assert appended.json["seq"] == HEAD
    return answer


def tokens_of(created: dict) -> dict[str, str | None]:
    return {"judge": created["token"], **created["player_tokens"], "spectator": None}


@pytest.fixture
def open_stream(client) -> Iterator:
    """Open streams through the test client: (path, headers) -> (response, EventStream); closed at the end."""
    responses = []

    def open_(path: str, headers: dict[str, str] | None = None):
        response = client.get(path, headers=headers or {}, buffered=False)
        responses.append(response)
        assert response.status_code == 200, response.get_data(as_text=True)
        assert response.mimetype == "text/event-stream"
        return EventStream(response.response)

    yield open_
    for response in responses:
        response.close()


def test_the_stream_catches_up_from_after(client, created, open_stream):
    stream = open_stream(f"/api/matches/{created['id']}/stream?after=3", bearer(created["token"]))
    messages = stream.read(HEAD - 3)
    assert [message["id"] for message in messages] == [4, 5, 6]
    recorded = client.get(f"/api/matches/{created['id']}/events?after=3", headers=bearer(created["token"])).json
    assert [message["data"] for message in messages] == recorded["events"]


def test_the_stream_starts_at_the_first_event_without_after(created, open_stream):
    messages = open_stream(f"/api/matches/{created['id']}/stream").read(HEAD)
    assert [message["data"]["seq"] for message in messages] == list(range(1, HEAD + 1))
    assert messages[0]["data"]["event"]["type"] == "match_created"


def test_last_event_id_resumes_in_place_of_after(created, open_stream):
    headers = {**bearer(created["token"]), "Last-Event-ID": "4"}
    messages = open_stream(f"/api/matches/{created['id']}/stream?after=1", headers).read(2)
    assert [message["id"] for message in messages] == [5, 6]


@pytest.mark.parametrize("who", ["judge", "P1", "P2", "spectator"])
def test_the_stream_is_redacted_to_the_view_as_events_are(client, created, open_stream, who):
    token = tokens_of(created)[who]
    messages = open_stream(f"/api/matches/{created['id']}/stream", bearer(token)).read(HEAD)
    recorded = client.get(f"/api/matches/{created['id']}/events", headers=bearer(token)).json
    assert recorded["view"] == who
    assert [message["data"] for message in messages] == recorded["events"]
    draws = {m["data"]["event"]["player"]: m["data"]["event"]["cards"] for m in messages
             if m["data"]["event"]["type"] == "draw"}
    for player, cards in draws.items():
        assert all(cards) if who in ("judge", player) else cards == [None] * 4


def test_a_player_token_streams_the_spectator_view_when_asked(created, open_stream):
    stream = open_stream(f"/api/matches/{created['id']}/stream?view=spectator",
                         bearer(created["player_tokens"]["P1"]))
    draws = [m["data"]["event"] for m in stream.read(HEAD) if m["data"]["event"]["type"] == "draw"]
    assert [draw["cards"] for draw in draws] == [[None] * 4, [None] * 4]


def test_a_judges_note_is_worded_for_the_public_on_the_stream(client, created, open_stream, duel_created):
    recorded = client.get(f"/api/matches/{created['id']}/events", headers=bearer(created["token"])).json["events"]
    in_p2_hand = next(entry["event"]["cards"] for entry in recorded
                      if entry["event"]["type"] == "draw" and entry["event"]["player"] == "P2")
    secret = next(card for card in in_p2_hand if card != duel_created["players"][1]["champion"])  # champions: public
    client.post(f"/api/matches/{created['id']}/events", json={"event": {"type": "note", "text": f"P2 has {secret}"}},
                headers=bearer(created["token"]))
    for who, kept in (("P2", True), ("P1", False), ("spectator", False)):
        [note] = open_stream(f"/api/matches/{created['id']}/stream?after={HEAD}",
                             bearer(tokens_of(created)[who])).read(1)
        assert (secret in note["data"]["event"]["text"]) is kept, who


@pytest.mark.parametrize("who, view, status", [
    ("spectator", "judge", 401), ("spectator", "P2", 401), ("P1", "P2", 403), ("P1", "judge", 403),
    ("P2", "judge", 403),
])
def test_a_view_the_token_may_not_read_is_refused_never_downgraded(client, created, who, view, status):
    response = client.get(f"/api/matches/{created['id']}/stream?view={view}", headers=bearer(tokens_of(created)[who]))
    assert response.status_code == status
    assert view in response.json["error"]


def test_a_token_of_nobody_is_403(client, created):
    response = client.get(f"/api/matches/{created['id']}/stream", headers=bearer("not-a-token"))
    assert response.status_code == 403 and "no token of match" in response.json["error"]


def test_an_unknown_match_is_404(client, created):
    response = client.get("/api/matches/m404/stream")
    assert response.status_code == 404 and "m404" in response.json["error"]


@pytest.mark.parametrize("query, headers, named", [
    ("after=x", {}, "after"), ("after=-1", {}, "after"), (f"after={HEAD + 1}", {}, "after"),
    ("after=1.5", {}, "after"), ("", {"Last-Event-ID": "seven"}, "Last-Event-ID"),
    ("after=2", {"Last-Event-ID": str(HEAD + 5)}, "Last-Event-ID"), ("view=P9", {}, "view"),
])
def test_a_bad_after_or_last_event_id_is_400_naming_it(client, created, query, headers, named):
    response = client.get(f"/api/matches/{created['id']}/stream?{query}", headers=headers)
    assert response.status_code == 400
    assert named in response.json["error"]


# Against the app served on 127.0.0.1 from a thread of this process (tests/serving.py), so that a test can see its
# streams; the production server of `riftlog serve` is tested with a stream in test_serve.py.

@pytest.fixture
def served(tmp_db, created):
    """The app on `tmp_db` (the `created` match in it) served from a thread: (app, port). Short poll and heartbeat
    intervals, so that another process's append and a departed client are noticed quickly."""
    app = create_app({"DATABASE": str(tmp_db), "STREAM_POLL": 0.05, "STREAM_HEARTBEAT": 0.05})
    with serving.served(app) as port:
        yield app, port


class Connection:
    """A stream read over HTTP from the served app; `close` drops the connection, as a closed browser tab does."""

    def __init__(self, port: int, path: str, headers: dict[str, str] | None = None) -> None:
        self.connection = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
        self.connection.request("GET", path, headers=headers or {})
        self.response = self.connection.getresponse()
        assert self.response.status == 200
        assert self.response.getheader("Content-Type").startswith("text/event-stream")
        self.stream = EventStream(iter(lambda: self.response.read1(65536), b""))

    def close(self) -> None:
        self.response.close()
        self.connection.close()


def post(port: int, path: str, body: bytes, token: str) -> dict:
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    connection.request("POST", path, body=body, headers={"Content-Type": "application/json", **bearer(token)})
    response = connection.getresponse()
    answer = json.loads(response.read())
    connection.close()
    assert response.status == 201, answer
    return answer


def test_a_stream_receives_an_event_appended_after_it_connected(served, created, duel_game):
    app, port = served
    connection = Connection(port, f"/api/matches/{created['id']}/stream")  # no token: the spectator's view
    stream = connection.stream
    assert [message["id"] for message in stream.read(HEAD)] == list(range(1, HEAD + 1))
    channel, draw = duel_game(1)[HEAD - 1:HEAD + 1]
    post(port, f"/api/matches/{created['id']}/events", json.dumps({"events": [channel, draw]}).encode(),
         created["token"])
    live = stream.read(2)
    assert [message["id"] for message in live] == [HEAD + 1, HEAD + 2]
    assert live[0]["data"]["event"] == channel
    assert live[1]["data"]["event"]["type"] == "draw" and live[1]["data"]["event"]["cards"] == [None]
    connection.close()


def test_a_stream_receives_an_event_another_process_appended(served, created, tmp_db, duel_game):
    app, port = served
    connection = Connection(port, f"/api/matches/{created['id']}/stream?after={HEAD}", bearer(created["token"]))
    stream = connection.stream
    with recorder.Log(tmp_db) as log:  # not the server's writer: only the stream's own reads of the log see it
        log.append(created["id"], duel_game(1)[HEAD - 1:HEAD])
    [live] = stream.read(1)
    assert live["id"] == HEAD + 1 and live["data"]["event"]["type"] == "channel"
    connection.close()


def test_a_stream_ends_when_its_client_goes_away(served, created):
    app, port = served
    streams = app.extensions["riftlog.streams"]
    connection = Connection(port, f"/api/matches/{created['id']}/stream?after={HEAD - 1}")
    connection.stream.read(1)
    assert streams.wait_for(1, timeout=10)
    connection.close()
    assert streams.wait_for(0, timeout=10), "the stream went on after its client closed the connection"
