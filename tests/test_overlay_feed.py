"""The overlays' own stream (web/overlay_feed.py, issue 28): the overlay state at once, then the state after each
moment the broadcast delay lets out, equal to what `/api/matches/<id>/overlay` answers at that seq; the caster's
view refused without its token. Against `riftlog serve`'s hub in its own process, and served by WSGI from a thread
(`riftlog serve --debug`)."""
from __future__ import annotations

import json

import pytest

import serving
from serving import served_process
from test_fanout import events_of, stream_from
from test_serve import HEAD, Client, create
from web import create_app


def bearer(token: str | None) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"} if token else {}


def overlay_at(client: Client, match_id: str, seq: int, view: str = "spectator", token: str | None = None) -> dict:
    status, answer, _ = client.request("GET", f"/api/matches/{match_id}/overlay?view={view}&at={seq}", None, token)
    assert status == 200, answer
    return answer


def append(client: Client, created: dict, events: list[dict], expected_seq: int) -> int:
    status, answer, _ = client.request("POST", f"/api/matches/{created['id']}/events",
                                       {"events": events, "expected_seq": expected_seq}, created["token"])
    assert status == 201, answer
    return answer["seq"]


def follow_a_match_under_a_delay(port: int, duel_created: dict, duel_game) -> None:
    """A match under a 2-event delay: the stream's first state is the delayed head's; appends one at a time each
    let one state out, equal to the overlay state at that seq; three appended at once let out the last one only."""
    client = Client(port)
    created = create(client, duel_created, duel_game)
    status, _, _ = client.request("POST", f"/api/matches/{created['id']}/delay", {"events": 2}, created["token"])
    assert status == 200
    _, response = stream_from(port, f"/api/matches/{created['id']}/overlay/stream")
    assert response.getheader("Content-Type").startswith("text/event-stream")
    stream = events_of(response)
    [first] = stream.read(1)
    assert first["id"] == HEAD - 2 and first["data"] == overlay_at(client, created["id"], HEAD - 2)
    turn = duel_game(3)[HEAD - 1:]  # after the opening (duel_game(n) is the game from its start)
    seq = HEAD
    for event in turn[:3]:
        seq = append(client, created, [event], seq)
        [drawn] = stream.read(1)
        assert drawn["id"] == seq - 2 and drawn["data"] == overlay_at(client, created["id"], seq - 2)
    seq = append(client, created, turn[3:6], seq)
    [drawn] = stream.read(1)  # one state for the three events the append let out: the last one's
    assert drawn["id"] == seq - 2 and drawn["data"] == overlay_at(client, created["id"], seq - 2)
    client.close()


def test_the_hub_sends_each_overlay_page_the_state_the_delay_lets_out(tmp_db, duel_created, duel_game):
    with served_process({"DATABASE": str(tmp_db)}) as port:
        follow_a_match_under_a_delay(port, duel_created, duel_game)


def test_a_wsgi_server_sends_the_same_states(tmp_db, duel_created, duel_game):
    app = create_app({"DATABASE": str(tmp_db), "STREAM_POLL": 0.05, "STREAM_HEARTBEAT": 0.05})
    with serving.served(app) as port:
        follow_a_match_under_a_delay(port, duel_created, duel_game)


def test_the_casters_stream_shows_the_hands_and_needs_the_casters_token(tmp_db, duel_created, duel_game):
    with served_process({"DATABASE": str(tmp_db)}) as port:
        client = Client(port)
        created = create(client, duel_created, duel_game)
        path = f"/api/matches/{created['id']}/overlay/stream?view=caster"
        _, anonymous = stream_from(port, path)
        assert anonymous.status == 401 and "caster's token" in json.loads(anonymous.read())["error"]
        _, player = stream_from(port, path, headers=bearer(created["player_tokens"]["P1"]))
        assert player.status == 403 and "only the caster's token or the match token" in \
            json.loads(player.read())["error"]
        _, unknown = stream_from(port, f"/api/matches/{created['id']}/overlay/stream?view=judge")
        assert unknown.status == 400 and "choose one of spectator, caster" in json.loads(unknown.read())["error"]
        _, missing = stream_from(port, "/api/matches/m99/overlay/stream")
        assert missing.status == 404
        status, links, _ = client.request("GET", f"/api/matches/{created['id']}/overlay?view=caster", None,
                                          created["token"])
        assert status == 200
        [shown] = events_of(stream_from(port, path, headers=bearer(created["token"]))[1]).read(1)
        assert shown["data"]["view"] == "caster" and shown["data"] == links
        hands = {player: len(side.get("hand") or []) for player, side in shown["data"]["state"]["players"].items()}
        assert hands == {"P1": 4, "P2": 4} and all(
            shown["data"]["state"]["objects"][ref].get("card") for ref in shown["data"]["state"]["players"]["P1"]["hand"])
        client.close()


@pytest.mark.parametrize("view", ["spectator", "caster"])
def test_a_spectators_overlay_stream_never_shows_a_hidden_card(tmp_db, duel_created, duel_game, view):
    """The spectator's overlay stream shows what the spectator's state shows: no card of a hand."""
    with served_process({"DATABASE": str(tmp_db)}) as port:
        client = Client(port)
        created = create(client, duel_created, duel_game)
        token = created["token"] if view == "caster" else None
        [shown] = events_of(stream_from(port, f"/api/matches/{created['id']}/overlay/stream?view={view}",
                                        headers=bearer(token))[1]).read(1)
        hand = shown["data"]["state"]["players"]["P1"]["hand"]
        cards = [shown["data"]["state"]["objects"].get(ref, {}).get("card") for ref in hand] if isinstance(hand, list) \
            else []
        assert (view == "caster") == bool(cards and all(cards)), shown["data"]["state"]["players"]["P1"]
        client.close()
