"""Read access (contract section 3, "Read access (v1.1)"): who may read which view, redaction of events and
downloads, the viewer's token cookie, publishing a finished match. Through the Flask test client on a real file."""
from __future__ import annotations

import pytest

import engine
from engine.views import redact_event, redact_events
from recorder import access


def bearer(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


@pytest.fixture
def created(client, duel_created, duel_game):
    """A strict duel at seq 6 (opening hands drawn), created through the API: {id, token, player_tokens}."""
    answer = client.post("/api/matches", json=duel_created).json
    appended = client.post(f"/api/matches/{answer['id']}/events", json={"events": duel_game(0)},
                           headers=bearer(answer["token"]))
    assert appended.status_code == 201
    return answer


def tokens_of(created: dict) -> dict[str, str | None]:
    return {"judge": created["token"], **created["player_tokens"], "spectator": None}


def test_each_token_reads_its_own_view_by_default(client, created):
    for who, token in tokens_of(created).items():
        headers = bearer(token) if token else {}
        events = client.get(f"/api/matches/{created['id']}/events", headers=headers)
        assert events.status_code == 200 and events.json["view"] == who


@pytest.mark.parametrize("who, view, status", [
    ("spectator", "judge", 401), ("spectator", "P1", 401), ("P1", "P2", 403), ("P1", "judge", 403),
    ("P2", "judge", 403),
])
@pytest.mark.parametrize("path", ["state", "events"])
def test_a_view_the_reader_may_not_see_is_refused_never_downgraded(client, created, who, view, status, path):
    token = tokens_of(created)[who]
    response = client.get(f"/api/matches/{created['id']}/{path}?view={view}",
                          headers=bearer(token) if token else {})
    assert response.status_code == status
    assert view in response.json["error"]
    if status == 401:
        assert response.headers["WWW-Authenticate"].startswith("Bearer")


@pytest.mark.parametrize("view", ["P1", "spectator"])
def test_a_player_token_reads_its_view_and_the_spectators(client, created, view):
    response = client.get(f"/api/matches/{created['id']}/state?view={view}",
                          headers=bearer(created["player_tokens"]["P1"]))
    assert response.status_code == 200


def test_a_token_of_nobody_is_403_not_the_spectator_view(client, created, duel_created):
    other = client.post("/api/matches", json=duel_created).json
    for token in ("not-a-token", other["token"], other["player_tokens"]["P1"]):
        response = client.get(f"/api/matches/{created['id']}/state", headers=bearer(token))
        assert response.status_code == 403
        assert "no token of match" in response.json["error"]


def test_a_player_token_never_appends(client, created):
    response = client.post(f"/api/matches/{created['id']}/events", json={"event": {"type": "pass", "player": "P1"}},
                           headers=bearer(created["player_tokens"]["P1"]))
    assert response.status_code == 403
    assert "player token only reads" in response.json["error"]


def test_events_are_redacted_to_the_view(client, created):
    def draws(who: str) -> dict[str, list]:
        token = tokens_of(created)[who]
        events = client.get(f"/api/matches/{created['id']}/events", headers=bearer(token) if token else {}).json
        return {entry["event"]["player"]: entry["event"]["cards"] for entry in events["events"]
                if entry["event"]["type"] == "draw"}

    assert all(all(cards) for cards in draws("judge").values())
    assert all(draws("P1")["P1"]) and draws("P1")["P2"] == [None] * 4
    assert draws("spectator") == {"P1": [None] * 4, "P2": [None] * 4}


def test_match_created_hides_each_players_lists_from_the_others(duel_created):
    shown = redact_event(duel_created, "P1")
    assert shown["players"][0] == duel_created["players"][0]
    p2 = shown["players"][1]
    assert p2["deck"] == [None] * len(duel_created["players"][1]["deck"])
    assert p2["legend"] == duel_created["players"][1]["legend"] and p2["champion"]
    assert redact_event(duel_created, "judge") is duel_created
    assert duel_created["players"][1]["deck"][0] is not None  # the stored event is left alone


def test_the_notation_download_is_redacted_to_the_view(client, created, duel_game):
    match_id = created["id"]
    spectator = client.get(f"/matches/{match_id}/notation")
    assert spectator.headers["Content-Disposition"] == f'attachment; filename="{match_id}-spectator.rln"'
    text = spectator.get_data(as_text=True)
    assert "P1 draw ?; ?; ?; ?" in text and "P2 draw ?; ?; ?; ?" in text
    public = {player["champion"] for player in client.get(f"/api/matches/{match_id}/events").json["events"][0]
              ["event"]["players"]}
    hidden = {card for event in duel_game(0) if event["type"] == "draw" for card in event["cards"]} - public
    assert hidden
    assert not [card for card in hidden if card in text]
    judge = client.get(f"/matches/{match_id}/notation", headers=bearer(created["token"])).get_data(as_text=True)
    assert "P1 draw ?" not in judge
    assert client.get(f"/matches/{match_id}/notation?view=judge").status_code == 401


def test_the_viewer_keeps_a_token_in_a_cookie_and_never_in_a_link(client, created):
    match_id, token = created["id"], created["player_tokens"]["P2"]
    kept = client.post(f"/matches/{match_id}/token", data={"token": token})
    assert kept.status_code == 303 and kept.headers["Location"].endswith(f"/matches/{match_id}")
    cookie = kept.headers["Set-Cookie"]
    assert "HttpOnly" in cookie and "SameSite=Strict" in cookie
    page = client.get(f"/matches/{match_id}").get_data(as_text=True)
    assert 'aria-current="page" class="current">P2' in page
    assert token not in page
    assert 'id="view-judge"' not in page and 'id="view-P1"' not in page
    assert client.get(f"/matches/{match_id}?view=P1").status_code == 403
    client.post(f"/matches/{match_id}/token", data={"forget": "1"})
    assert client.get(f"/matches/{match_id}?view=P2").status_code == 401


def test_the_viewer_refuses_a_wrong_token(client, created):
    response = client.post(f"/matches/{created['id']}/token", data={"token": "guess"})
    assert response.status_code == 403 and "Set-Cookie" not in response.headers


def test_a_judge_publishes_a_finished_match(client, created):
    match_id, token = created["id"], created["token"]
    unfinished = client.post(f"/api/matches/{match_id}/publish", headers=bearer(token))
    assert unfinished.status_code == 409 and "not finished" in unfinished.json["error"]
    conceded = client.post(f"/api/matches/{match_id}/events", json={"event": {"type": "concede", "player": "P2"}},
                           headers=bearer(token))
    assert conceded.status_code == 201
    assert client.post(f"/api/matches/{match_id}/publish",
                       headers=bearer(created["player_tokens"]["P1"])).status_code == 403
    assert client.post(f"/api/matches/{match_id}/publish").status_code == 401
    assert client.get(f"/api/matches/{match_id}/state?view=judge").status_code == 401
    published = client.post(f"/api/matches/{match_id}/publish", headers=bearer(token))
    assert published.status_code == 200 and published.json["published_at"]
    judge_view = client.get(f"/api/matches/{match_id}/state?view=judge").json
    assert all(judge_view["objects"][ref]["card"] for ref in judge_view["players"]["P2"]["hand"])
    assert client.get(f"/api/matches/{match_id}/state").json["players"]["P2"]["hand_count"] == 4  # still spectator


def test_player_tokens_are_derived_from_the_match_token_and_tell_nothing_of_it():
    digest = access.token_hash("secret")
    tokens = access.player_tokens(digest, "m1", 2)
    assert tokens == access.player_tokens(digest, "m1", 2)
    assert tokens != access.player_tokens(digest, "m2", 2)
    assert access.reader_of(digest, "m1", 2, tokens["P2"]) == "P2"
    assert access.reader_of(digest, "m1", 2, "secret") == "judge"
    assert access.reader_of(digest, "m1", 2, "sécret") is None
    assert access.reader_of(digest, "m1", 2, None) is None


def test_a_violation_naming_a_hidden_card_is_worded_for_the_public(log, audit_created, duel_game, demo_decks):
    """Rule 127: P2 draws a card their deck does not hold; the flag names it, which only P2 and the judge may read.
    (A message naming a card that is hidden anywhere from a view is worded for the public in that view, even when
    the view also sees a copy of it: P2 would get the public wording if P1 held the card too.)"""
    events = duel_game(0)
    p1_hand = next(event for event in events if event["type"] == "draw" and event["player"] == "P1")["cards"]
    foreign = next(card for card in demo_decks[0]["deck"]
                   if card not in demo_decks[1]["deck"] + p1_hand and card != demo_decks[0]["champion"])
    p2_draw = next(event for event in events if event["type"] == "draw" and event["player"] == "P2")
    p2_draw["cards"][0] = foreign
    match_id, _ = log.create_match(audit_created)
    log.append(match_id, events)
    state = log.state_at(match_id)
    flagged = [violation for violation in state["violations"] if foreign in violation["message"]]
    assert flagged
    for viewer in ("judge", "P2"):
        assert [v["message"] for v in engine.view(state, viewer)["violations"]] == \
            [v["message"] for v in state["violations"]]
    for viewer in ("P1", "spectator"):
        shown = engine.view(state, viewer)["violations"]
        assert [v["rule"] for v in shown] == [v["rule"] for v in state["violations"]]
        assert not [v for v in shown if foreign in v["message"]]
        assert any(v.get("redacted") for v in shown)


def test_a_judges_note_naming_a_card_no_event_showed_is_worded_for_the_public(duel_created, duel_game):
    events = [duel_created, *duel_game(0)]
    in_p2_hand = next(event for event in events if event.get("type") == "draw" and event["player"] == "P2")["cards"]
    secret = next(card for card in in_p2_hand if card != duel_created["players"][1]["champion"])
    events.append({"type": "note", "text": f"P2 showed me {secret}"})
    events.append({"type": "note", "text": "P1 keeps a good hand"})
    names = {card["name"] for card in engine.demo_catalog()}
    for viewer, kept in (("judge", True), ("P2", True), ("P1", False), ("spectator", False)):
        note, plain = redact_events(events, viewer, names)[-2:]
        assert (secret in note["text"]) is kept
        assert plain["text"] == "P1 keeps a good hand"
