"""The broadcast delay (web/delay.py): a judge holds the spectator view N events or N seconds behind the record;
the judge's and the players' views are not held back. Through the test client (the reads and pages), and against
`riftlog serve`'s hub in its own process (the live streams)."""
from __future__ import annotations

import re
import socket
import sqlite3
from datetime import datetime, timedelta, timezone

import pytest

from engine.views import as_sent
from serving import served_process
from test_penalties import penalty
from test_fanout import events_of, stream_from
from test_serve import HEAD, Client, create, notes


def bearer(token: str | None) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"} if token else {}


@pytest.fixture
def created(client, duel_created, duel_game):
    """A strict duel at seq HEAD, created through the API: {id, token, player_tokens}."""
    answer = client.post("/api/matches", json=duel_created).json
    assert client.post(f"/api/matches/{answer['id']}/events", json={"events": duel_game(0)},
                       headers=bearer(answer["token"])).status_code == 201
    return answer


def set_delay(client, created: dict, body, token: str | None = "judge"):
    token = created["token"] if token == "judge" else token
    return client.post(f"/api/matches/{created['id']}/delay", json=body, headers=bearer(token))


def test_the_judge_sets_and_lifts_a_broadcast_delay_and_it_shows_in_the_summary(client, created):
    answer = set_delay(client, created, {"events": 3})
    assert answer.status_code == 200 and answer.json["broadcast_delay"] == {"events": 3}
    assert client.get(f"/api/matches/{created['id']}").json["broadcast_delay"] == {"events": 3}
    assert set_delay(client, created, {"seconds": 30}).json["broadcast_delay"] == {"seconds": 30}
    assert set_delay(client, created, {}).json["broadcast_delay"] is None
    assert set_delay(client, created, {"events": 0}).json["broadcast_delay"] is None


@pytest.mark.parametrize("body, named", [
    ({"minutes": 1}, "minutes"), ({"seconds": 1, "events": 1}, "not both"), ({"seconds": -1}, "seconds"),
    ({"events": 1.5}, "events"), ({"seconds": 3_601}, "3,600"), ({"events": True}, "events"), ([], "object"),
])
def test_a_bad_broadcast_delay_is_400_naming_what_is_wrong(client, created, body, named):
    answer = set_delay(client, created, body)
    assert answer.status_code == 400 and named in answer.json["error"]
    assert client.get(f"/api/matches/{created['id']}").json["broadcast_delay"] is None


def test_only_the_match_token_sets_a_broadcast_delay(client, created):
    assert set_delay(client, created, {"events": 1}, None).status_code == 401
    assert set_delay(client, created, {"events": 1}, created["player_tokens"]["P1"]).status_code == 403
    assert client.post("/api/matches/m404/delay", json={"events": 1}, headers=bearer(created["token"])).status_code \
        == 404


def test_a_delay_of_n_events_holds_back_the_spectators_reads_and_page_and_not_the_judges_nor_the_players(
        client, created):
    path = f"/api/matches/{created['id']}"
    assert client.post(f"{path}/events", json={"events": notes(4, "later")},
                       headers=bearer(created["token"])).status_code == 201
    head = HEAD + 4
    set_delay(client, created, {"events": 3})
    spectator = client.get(f"{path}/events").json
    assert [entry["seq"] for entry in spectator["events"]][-1] == head - 3
    for token in (created["token"], created["player_tokens"]["P1"]):
        assert client.get(f"{path}/events", headers=bearer(token)).json["events"][-1]["seq"] == head
        assert client.get(f"{path}/state?at={head}", headers=bearer(token)).status_code == 200
    assert client.get(f"{path}/state?at={head}").status_code == 400  # out of the spectator view's range yet
    assert client.get(f"{path}/state").json == client.get(f"{path}/state?at={head - 3}").json
    page = client.get(f"/matches/{created['id']}").get_data(as_text=True)
    assert f'data-head-seq="{head - 3}"' in page and "later 3" not in page
    client.set_cookie(f"riftlog-{created['id']}", created["token"])
    assert f'data-head-seq="{head}"' in client.get(f"/matches/{created['id']}").get_data(as_text=True)


def received(database, match_id: str, ago: dict[int, timedelta]) -> None:
    """Say that the server received events of the match that long ago ({seq: how long}): what its clock would have
    stamped had they come then (recorder.schema m009)."""
    now = datetime.now(timezone.utc)
    with sqlite3.connect(database) as db:
        for seq, before in ago.items():
            db.execute('UPDATE events SET received_at = ? WHERE "match" = ? AND seq = ?',
                       [(now - before).isoformat(timespec="milliseconds"), match_id, seq])


def test_a_delay_in_seconds_shows_the_spectator_what_the_server_received_that_long_ago(client, created, tmp_db):
    """By when the server received each event; the `recorded_at` each one says (here the other way round) is not
    read."""
    now = datetime.now(timezone.utc)
    path = f"/api/matches/{created['id']}"
    for minutes, note in ((0, "twenty minutes ago"), (30, "five minutes ago"), (60, "just now")):
        recorded_at = (now - timedelta(minutes=minutes)).isoformat(timespec="milliseconds")
        assert client.post(f"{path}/events", json={"event": {"type": "note", "text": note},
                                                   "meta": {"recorded_at": recorded_at}},
                           headers=bearer(created["token"])).status_code == 201
    received(tmp_db, created["id"], {seq: timedelta(minutes=30) for seq in range(1, HEAD + 1)}
             | {HEAD + 1: timedelta(minutes=20), HEAD + 2: timedelta(minutes=5)})
    set_delay(client, created, {"seconds": 600})
    assert client.get(f"{path}/events").json["events"][-1]["event"]["text"] == "twenty minutes ago"
    set_delay(client, created, {"seconds": 60})
    assert client.get(f"{path}/events").json["events"][-1]["event"]["text"] == "five minutes ago"


def test_an_event_sent_with_an_old_recorded_at_is_held_as_long_as_a_new_one(tmp_db, duel_created, duel_game):
    """Issue 24, hole 11: a recording client's `recorded_at` an hour old does not show its event at once, neither in
    the spectator's reads nor page nor live stream (against riftlog serve's hub). Once the judge's stream has the
    event, the server is stopped, and what it had sent the spectator is read to the end."""
    with served_process({"DATABASE": str(tmp_db)}) as port:
        client = Client(port)
        created = create(client, duel_created, duel_game)
        path = f"/api/matches/{created['id']}"
        status, _, _ = client.request("POST", f"{path}/delay", {"seconds": 600}, created["token"])
        assert status == 200
        an_hour_ago = (datetime.now(timezone.utc) - timedelta(hours=1)).isoformat(timespec="milliseconds")
        status, answer, _ = client.request("POST", f"{path}/events", {"event": {"type": "note", "text": "held"},
                                                                     "meta": {"recorded_at": an_hour_ago}},
                                           created["token"])
        assert status == 201, answer
        status, events, _ = client.request("GET", f"{path}/events")
        assert [entry["seq"] for entry in events["events"]] == [1]  # all received just now: only seq 1 is public
        received(tmp_db, created["id"], {seq: timedelta(hours=1) for seq in range(1, HEAD + 1)})
        spectator = socket.create_connection(("127.0.0.1", port))
        spectator.sendall(f"GET {path}/stream HTTP/1.1\r\nHost: test\r\n\r\n".encode())
        judge = events_of(stream_from(port, f"{path}/stream", headers=bearer(created["token"]))[1])
        status, events, _ = client.request("GET", f"{path}/events")
        assert status == 200 and events["events"][-1]["seq"] == HEAD
        status, judges, _ = client.request("GET", f"{path}/events", token=created["token"])
        assert as_sent(judges["events"][-1]["event"]) == {"type": "note", "text": "held"}
        assert judges["events"][-1]["recorded_at"] == an_hour_ago  # kept as the client said it
        assert [message["id"] for message in judge.read(HEAD + 1)][-1] == HEAD + 1
        client.close()
    spectator.settimeout(30)
    sent = b""
    while chunk := spectator.recv(65536):
        sent += chunk
    spectator.close()
    assert [int(seq) for seq in re.findall(rb"\nid: (\d+)", sent)] == list(range(1, HEAD + 1))


def test_the_spectators_download_and_report_wait_while_a_delay_is_set(client, created):
    set_delay(client, created, {"events": 2})
    for path in (f"/matches/{created['id']}/notation", f"/api/matches/{created['id']}/report"):
        answer = client.get(path)
        assert answer.status_code == 409 and "broadcast delay" in answer.get_data(as_text=True)
        assert client.get(path, headers=bearer(created["token"])).status_code == 200
    set_delay(client, created, {})
    assert client.get(f"/matches/{created['id']}/notation").status_code == 200


def test_the_live_spectator_stream_runs_n_events_behind_and_the_judges_and_players_streams_do_not(
        tmp_db, duel_created, duel_game):
    """Against riftlog serve's hub. Once the judge's and P1's streams have every event, the server is stopped, and
    what it had sent the spectator is read to the end: the events up to the head less the delay, no more."""
    with served_process({"DATABASE": str(tmp_db)}) as port:
        client = Client(port)
        created = create(client, duel_created, duel_game)
        status, answer, _ = client.request("POST", f"/api/matches/{created['id']}/delay", {"events": 2},
                                           created["token"])
        assert status == 200 and answer["broadcast_delay"] == {"events": 2}
        path = f"/api/matches/{created['id']}/stream?after={HEAD}"
        spectator = socket.create_connection(("127.0.0.1", port))
        spectator.sendall(f"GET {path} HTTP/1.1\r\nHost: test\r\n\r\n".encode())
        judge = events_of(stream_from(port, path, headers=bearer(created["token"]))[1])
        player = events_of(stream_from(port, path, headers=bearer(created["player_tokens"]["P1"]))[1])
        for seq, event in enumerate(notes(4, "delayed"), HEAD):
            status, answer, _ = client.request("POST", f"/api/matches/{created['id']}/events",
                                               {"event": event, "expected_seq": seq}, created["token"])
            assert status == 201, answer
        for stream in (judge, player):
            assert [message["id"] for message in stream.read(4)] == list(range(HEAD + 1, HEAD + 5))
        client.close()
    spectator.settimeout(30)
    received = b""
    while chunk := spectator.recv(65536):
        received += chunk
    spectator.close()
    assert [int(seq) for seq in re.findall(rb"\nid: (\d+)", received)] == [HEAD + 1, HEAD + 2]


def test_an_events_penalties_wait_for_the_spectator_view_of_their_match(tmp_db, make_match_created, duel_game):
    """Issue 24, hole 9: `GET /api/events/<event>/penalties` (no token) lists a penalty only once the delayed
    spectator view of its match shows it (against riftlog serve)."""
    with served_process({"DATABASE": str(tmp_db)}) as port:
        client = Client(port)
        created = create(client, make_match_created(info={"event": "Regional", "round": 1, "table": 1}), duel_game)
        path = f"/api/matches/{created['id']}"
        status, _, _ = client.request("POST", f"{path}/delay", {"events": 2}, created["token"])
        assert status == 200
        status, answer, _ = client.request("POST", f"{path}/events", {"events": [penalty("P1", "slow_play"),
                                                                                 *notes(1, "after")]},
                                           created["token"])
        assert status == 201, answer

        def listed() -> list[int]:
            status, answer, _ = client.request("GET", "/api/events/Regional/penalties")
            assert status == 200, answer
            return [entry["seq"] for entry in answer["penalties"]]

        assert listed() == []
        status, spectator, _ = client.request("GET", f"{path}/events")
        assert spectator["events"][-1]["seq"] == HEAD  # the penalty is seq HEAD + 1: not shown yet
        status, _, _ = client.request("POST", f"{path}/delay", {"events": 1}, created["token"])
        assert listed() == [HEAD + 1]
        status, _, _ = client.request("POST", f"{path}/delay", {"seconds": 600}, created["token"])
        assert listed() == []
        status, _, _ = client.request("POST", f"{path}/delay", {}, created["token"])
        assert listed() == [HEAD + 1]
        client.close()
