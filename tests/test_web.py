"""The web layer through Flask's test client, against a real SQLite file: the HTTP API of contract section 3 and
the HTML viewer. The API's tests run on PostgreSQL too (`on_both_stores`)."""
from __future__ import annotations

import re
from html.parser import HTMLParser
from urllib.parse import parse_qs, urlsplit

import msgpack
import pytest

from engine.views import as_sent
import replays
from positions import ARENA, COMBAT, PASSES, transcript
from replays import notation
from recorder.store import open_store
from stores import on_both_stores, tamper


def bearer(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def as_reader(client, match_id: str, token: str) -> None:
    """Make the test client read `match_id`'s pages with `token`, as the viewer's cookie does."""
    client.set_cookie(f"riftlog-{match_id}", token)


@pytest.fixture
def duel_match(client, duel_created, duel_game):
    """A strict duel created through the API, with game start, opening hands and mulligans (seq 6): the answer
    to its creation, {id, token, player_tokens}."""
    created = client.post("/api/matches", json=duel_created).json
    appended = client.post(f"/api/matches/{created['id']}/events", json={"events": duel_game(0)},
                           headers=bearer(created["token"]))
    assert appended.status_code == 201, appended.json
    return created


@pytest.fixture
def duel(duel_match):
    """The duel of `duel_match` as (id, token)."""
    return duel_match["id"], duel_match["token"]


class Page(HTMLParser):
    """The elements of an HTML page that have an id: their attributes and text, and each one's `li` children."""

    def __init__(self, html: str) -> None:
        super().__init__()
        self.attrs: dict[str, dict[str, str | None]] = {}
        self.texts: dict[str, list[str]] = {}
        self.items: dict[str, int] = {}
        self.open: list[tuple[str, str | None]] = []  # (tag, id) of the elements we are inside
        self.feed(html)

    def handle_starttag(self, tag, attrs):
        attributes = dict(attrs)
        element_id = attributes.get("id")
        if tag == "li" and self.open and self.open[-1][1] is not None:
            parent = self.open[-1][1]
            self.items[parent] = self.items.get(parent, 0) + 1
        if element_id:
            self.attrs[element_id] = attributes
            self.texts[element_id] = []
        if tag not in ("input", "br", "meta", "link", "img"):
            self.open.append((tag, element_id))

    def handle_endtag(self, tag):
        while self.open:
            opened, _ = self.open.pop()
            if opened == tag:
                break

    def handle_data(self, data):
        for _, element_id in self.open:
            if element_id:
                self.texts[element_id].append(data)

    def text(self, element_id: str) -> str:
        return " ".join("".join(self.texts[element_id]).split())

    def seq_of(self, element_id: str) -> int | None:
        """The seq a step link points to, from its href (None for a disabled step)."""
        href = self.attrs[element_id].get("href")
        if href is None:
            return None
        return int(parse_qs(urlsplit(href).query)["seq"][0])


# --- POST /api/matches ---------------------------------------------------------------------------------------


@on_both_stores
def test_create_match_answers_201_with_id_and_token(client, duel_created):
    response = client.post("/api/matches", json=duel_created)
    assert response.status_code == 201
    assert set(response.json) == {"id", "token", "player_tokens"}
    assert set(response.json["player_tokens"]) == {"P1", "P2"}
    assert response.json["token"] not in response.json["player_tokens"].values()
    assert response.headers["Location"].endswith(f"/api/matches/{response.json['id']}")
    listed = client.get("/api/matches").json["matches"]
    assert [match["id"] for match in listed] == [response.json["id"]]
    assert listed[0]["head_seq"] == 1


@on_both_stores
def test_create_match_accepts_msgpack(client, duel_created):
    response = client.post("/api/matches", data=msgpack.packb(duel_created), content_type="application/msgpack")
    assert response.status_code == 201


@on_both_stores
@pytest.mark.parametrize("body, content_type, message", [
    (b"", "application/json", "empty body"),
    (b"{not json", "application/json", "not valid JSON"),
    (b"[1, 2]", "application/json", "match_created"),
    (b'{"type": "draw", "player": "P1", "cards": []}', "application/json", "match_created"),
    (b"\xc1", "application/msgpack", "not valid msgpack"),
])
def test_create_match_refuses_a_malformed_body(client, body, content_type, message):
    response = client.post("/api/matches", data=body, content_type=content_type)
    assert response.status_code == 400
    assert message in response.json["error"]


@on_both_stores
def test_create_match_refuses_an_unknown_catalog(client, make_match_created):
    response = client.post("/api/matches", json=make_match_created(catalog="no-such-catalog"))
    assert response.status_code == 400
    assert "no-such-catalog" in response.json["error"]


# --- POST /api/matches/<id>/events ---------------------------------------------------------------------------


@on_both_stores
def test_append_one_event_answers_201_with_seq_and_hash(client, duel, duel_game):
    match_id, token = duel
    channel = duel_game(1)[5]
    response = client.post(f"/api/matches/{match_id}/events", json={"event": channel}, headers=bearer(token))
    assert response.status_code == 201
    assert response.json["seq"] == 7
    assert re.fullmatch(r"[0-9a-f]{64}", response.json["hash"])
    events = client.get(f"/api/matches/{match_id}/events?after=6").json["events"]
    assert [(event["seq"], event["event"], event["hash"]) for event in events] == [(7, channel, response.json["hash"])]


@on_both_stores
def test_append_a_batch_answers_with_the_last_seq(client, duel_created, duel_game):
    created = client.post("/api/matches", json=duel_created).json
    response = client.post(f"/api/matches/{created['id']}/events", json={"events": duel_game(2)},
                           headers=bearer(created["token"]))
    assert response.status_code == 201
    assert response.json["seq"] == 1 + len(duel_game(2))


@on_both_stores
def test_append_accepts_a_msgpack_body(client, duel, duel_game):
    match_id, token = duel
    body = msgpack.packb({"events": duel_game(1)[5:7], "expected_seq": 6})
    response = client.post(f"/api/matches/{match_id}/events", data=body, content_type="application/msgpack",
                           headers=bearer(token))
    assert response.status_code == 201
    assert response.json["seq"] == 8


@on_both_stores
@pytest.mark.parametrize("body, message", [
    (b"", "empty body"),
    (b"{not json", "not valid JSON"),
    (b'{"event": {"type": "pass", "player": "P1"}', "not valid JSON"),
    (b'[{"type": "pass", "player": "P1"}]', "must be an object"),
    (b'{}', 'exactly one of "event"'),
    (b'{"event": {"type": "pass", "player": "P1"}, "events": []}', 'exactly one of "event"'),
    (b'{"event": [1]}', '"event" must be an object'),
    (b'{"events": []}', "non-empty list"),
    (b'{"events": {"type": "pass"}}', "non-empty list"),
    (b'{"events": [{"type": "pass", "player": "P1"}, 3]}', "item 2 of 2"),
    (b'{"event": {"type": "pass", "player": "P1"}, "expected_seq": "7"}', "expected_seq"),
    (b'{"event": {"type": "pass", "player": "P1"}, "expected_seq": -1}', "expected_seq"),
    (b'{"event": {"type": "pass", "player": "P1"}, "expected_seq": true}', "expected_seq"),
    (b'{"event": {"type": "pass", "player": "P1"}, "expected_seq": 7.0}', "expected_seq"),
    (b'{"event": {"type": "pass", "player": "P1"}, "idempotency_key": 5}', "idempotency_key"),
    (b'{"event": {"type": "pass", "player": "P1"}, "expectedSeq": 7}', "unknown field"),
    (b'{"type": "pass", "player": "P1"}', 'wrap a single event'),
    (b'{"event": {"type": "note", "text": "\\ud800"}}', "not valid Unicode text"),
    (b'{"event": {"type": "teleport", "player": "P1"}}', "unknown event type 'teleport'"),
    (b'{"event": {"type": "pass"}}', "missing field 'player'"),
    (b'{"event": {"type": "draw", "player": "P1", "cards": ["No Such Card"]}}', "No Such Card"),
    (b'{"event": {"type": "draw", "player": "P1", "cards": []}, "meta": {"colour": "red"}}', "meta"),
])
def test_append_refuses_a_malformed_body_with_400(client, duel, body, message):
    match_id, token = duel
    response = client.post(f"/api/matches/{match_id}/events", data=body, content_type="application/json",
                           headers=bearer(token))
    assert response.status_code == 400, response.json
    assert message in response.json["error"]
    assert client.get(f"/api/matches/{match_id}").json["head_seq"] == 6


@on_both_stores
def test_append_refuses_bad_msgpack_with_400(client, duel):
    match_id, token = duel
    response = client.post(f"/api/matches/{match_id}/events", data=b"\x92\x01", content_type="application/msgpack",
                           headers=bearer(token))
    assert response.status_code == 400
    assert "msgpack" in response.json["error"]


@on_both_stores
@pytest.mark.parametrize("headers", [
    {},
    {"Authorization": ""},
    {"Authorization": "Basic dXNlcjpwYXNz"},
    {"Authorization": "Bearer"},
    {"Authorization": "Bearer two words"},
])
def test_append_without_a_bearer_token_is_401(client, duel, headers):
    match_id, _ = duel
    response = client.post(f"/api/matches/{match_id}/events", json={"event": {"type": "pass", "player": "P1"}},
                           headers=headers)
    assert response.status_code == 401
    assert "Bearer" in response.json["error"]
    assert response.headers["WWW-Authenticate"].startswith("Bearer")


@on_both_stores
def test_append_with_another_matchs_token_is_403(client, duel, duel_created, duel_game):
    match_id, _ = duel
    other_token = client.post("/api/matches", json=duel_created).json["token"]
    response = client.post(f"/api/matches/{match_id}/events", json={"event": duel_game(1)[5]},
                           headers=bearer(other_token))
    assert response.status_code == 403
    assert match_id in response.json["error"]
    assert client.get(f"/api/matches/{match_id}").json["head_seq"] == 6


@on_both_stores
def test_append_to_an_unknown_match_is_404(client, duel):
    _, token = duel
    response = client.post("/api/matches/m404/events", json={"event": {"type": "pass", "player": "P1"}},
                           headers=bearer(token))
    assert response.status_code == 404
    assert "m404" in response.json["error"]
    without_token = client.post("/api/matches/m404/events", json={"event": {"type": "pass", "player": "P1"}})
    assert without_token.status_code == 404  # the match is checked before the token (docs/web.md)


@on_both_stores
def test_append_with_a_stale_expected_seq_is_409(client, duel, duel_game):
    match_id, token = duel
    response = client.post(f"/api/matches/{match_id}/events", json={"event": duel_game(1)[5], "expected_seq": 4},
                           headers=bearer(token))
    assert response.status_code == 409
    assert "seq 6" in response.json["error"]
    assert client.get(f"/api/matches/{match_id}").json["head_seq"] == 6


@on_both_stores
def test_a_strict_match_refuses_an_illegal_event_with_422_and_its_violations(client, duel):
    """Rule 516.6: only the turn player ends the turn; it is P1's turn."""
    match_id, token = duel
    response = client.post(f"/api/matches/{match_id}/events", json={"event": {"type": "end_turn", "player": "P2"}},
                           headers=bearer(token))
    assert response.status_code == 422
    assert response.json["error"]
    violations = response.json["violations"]
    assert "516.6" in {violation["rule"] for violation in violations}
    assert {violation["seq"] for violation in violations} == {7}
    assert "P2 ends the turn, but it is P1's turn" in response.json["error"]
    assert client.get(f"/api/matches/{match_id}").json["head_seq"] == 6


@on_both_stores
def test_an_audit_match_keeps_the_illegal_event_with_its_violation(client, audit_created, duel_game):
    created = client.post("/api/matches", json=audit_created).json
    events = [*duel_game(0), {"type": "end_turn", "player": "P2"}]
    response = client.post(f"/api/matches/{created['id']}/events", json={"events": events},
                           headers=bearer(created["token"]))
    assert response.status_code == 201
    state = client.get(f"/api/matches/{created['id']}/state").json
    assert ("516.6", 7) in {(violation["rule"], violation["seq"]) for violation in state["violations"]}
    assert client.get(f"/api/matches/{created['id']}").json["head_seq"] == 7


@on_both_stores
def test_a_retry_with_the_same_idempotency_key_appends_nothing_and_answers_as_the_first_time(client, duel,
                                                                                             duel_game):
    match_id, token = duel
    body = {"events": duel_game(1)[5:7], "expected_seq": 6, "idempotency_key": "tablet-3/0042"}
    first = client.post(f"/api/matches/{match_id}/events", json=body, headers=bearer(token))
    retry = client.post(f"/api/matches/{match_id}/events", json=body, headers=bearer(token))
    assert first.status_code == retry.status_code == 201
    assert retry.json == first.json == {"seq": 8, "hash": first.json["hash"]}
    assert client.get(f"/api/matches/{match_id}").json["head_seq"] == 8


# --- reads ---------------------------------------------------------------------------------------------------


@on_both_stores
def test_list_matches(client, demo_ids):
    matches = client.get("/api/matches").json["matches"]
    assert [match["id"] for match in matches] == demo_ids
    assert {match["policy"] for match in matches} == {"strict", "audit"}
    assert all(match["head_seq"] > 30 for match in matches)


@on_both_stores
def test_events_after_n(client, duel):
    match_id, _ = duel
    response = client.get(f"/api/matches/{match_id}/events?after=4")
    assert response.status_code == 200
    assert response.json["head_seq"] == 6
    assert [event["seq"] for event in response.json["events"]] == [5, 6]
    assert [event["event"]["type"] for event in response.json["events"]] == ["mulligan", "mulligan"]
    everything = client.get(f"/api/matches/{match_id}/events").json["events"]
    assert [event["seq"] for event in everything] == list(range(1, 7))
    assert everything[0]["event"]["type"] == "match_created"


@on_both_stores
def test_events_download_is_an_attachment(client, duel):
    match_id, token = duel
    response = client.get(f"/api/matches/{match_id}/events?download=1", headers=bearer(token))
    assert response.headers["Content-Disposition"] == f'attachment; filename="{match_id}-events.json"'
    assert len(response.json["events"]) == 6
    public = client.get(f"/api/matches/{match_id}/events?download=1")
    assert public.headers["Content-Disposition"] == f'attachment; filename="{match_id}-spectator-events.json"'


@on_both_stores
@pytest.mark.parametrize("query, message", [
    ("after=x", "after must be a whole number"),
    ("after=1_0", "after must be a whole number"),
    ("after=%C2%B2", "after must be a whole number"),
    ("after=-1", "after must be >= 0"),
])
def test_events_with_a_bad_after_is_400(client, duel, query, message):
    match_id, _ = duel
    response = client.get(f"/api/matches/{match_id}/events?{query}")
    assert response.status_code == 400
    assert message in response.json["error"]


@on_both_stores
def test_state_defaults_to_the_head_and_seeks_with_at(client, duel):
    match_id, _ = duel
    assert client.get(f"/api/matches/{match_id}/state").json["seq"] == 6
    state = client.get(f"/api/matches/{match_id}/state?at=1").json
    assert state["seq"] == 1
    assert state["phase"] == "setup"


@on_both_stores
def test_state_views_follow_rule_127(client, duel_match):
    """Judges see every hand; a player sees their own; a spectator sees hand counts only."""
    match_id = duel_match["id"]
    tokens = {"judge": duel_match["token"], **duel_match["player_tokens"], "spectator": None}

    def hand_cards(view: str, player: str) -> list:
        headers = bearer(tokens[view]) if tokens[view] else {}
        state = client.get(f"/api/matches/{match_id}/state?view={view}", headers=headers).json
        return [state["objects"][ref]["card"] for ref in state["players"][player]["hand"]]

    assert all(hand_cards("judge", "P1")) and all(hand_cards("judge", "P2"))
    assert all(hand_cards("P1", "P1")) and not any(hand_cards("P1", "P2"))
    assert not any(hand_cards("spectator", "P1")) and not any(hand_cards("spectator", "P2"))
    spectator = client.get(f"/api/matches/{match_id}/state").json  # no token: the spectator's view
    assert spectator["players"]["P1"]["hand_count"] == 4


@on_both_stores
@pytest.mark.parametrize("query, message", [
    ("at=abc", "at must be a whole number"),
    ("at=0", "at=0 is out of range"),
    ("at=7", "at=7 is out of range: match m1 has events 1 to 6"),
    ("at=-3", "out of range"),
    ("view=P3", "unknown view 'P3'"),
    ("view=referee", "unknown view 'referee': choose one of judge, spectator, P1, P2"),
])
def test_state_with_a_bad_at_or_view_is_400(client, duel, query, message):
    match_id, _ = duel
    response = client.get(f"/api/matches/{match_id}/state?{query}")
    assert response.status_code == 400
    assert message in response.json["error"]


@on_both_stores
@pytest.mark.parametrize("path", ["", "/events", "/state", "/state?at=1", "/verify"])
def test_reads_of_an_unknown_match_are_404(client, path):
    response = client.get(f"/api/matches/m99{path}")
    assert response.status_code == 404
    assert "m99" in response.json["error"]


@on_both_stores
def test_verify_a_sound_match(client, demo_ids):
    report = client.get(f"/api/matches/{demo_ids[0]}/verify").json
    head = client.get(f"/api/matches/{demo_ids[0]}").json
    assert report["ok"] is True
    assert (report["head_seq"], report["head_hash"]) == (head["head_seq"], head["head_hash"])
    assert "bad_seq" not in report and "error" not in report


@on_both_stores
def test_verify_finds_an_edited_event(client, duel, tmp_db):
    match_id, _ = duel
    store = open_store(tmp_db, busy_timeout=5.0)
    body = bytes(store.execute('SELECT body FROM events WHERE "match" = ? AND seq = 3', [match_id]).fetchone()[0])
    store.close()
    edited = body.replace(b"P1", b"P2")
    assert edited != body
    tamper(tmp_db, 'UPDATE events SET body = ? WHERE "match" = ? AND seq = 3', [edited, match_id])
    report = client.get(f"/api/matches/{match_id}/verify").json
    assert report["ok"] is False
    assert report["bad_seq"] == 3
    assert report["error"]


@on_both_stores
@pytest.mark.parametrize("method, path, status", [
    ("get", "/api/nothing-here", 404),
    ("delete", "/api/matches", 405),
    ("put", "/api/matches/m1/events", 405),
])
def test_errors_under_api_are_json(client, method, path, status):
    response = getattr(client, method)(path)
    assert response.status_code == status
    assert response.is_json and response.json["error"]


# --- the viewer ----------------------------------------------------------------------------------------------


def test_home_without_matches_says_how_to_record_one(client):
    page = Page(client.get("/").get_data(as_text=True))
    assert "riftlog demo" in page.text("no-matches")


def test_home_lists_the_matches_with_links(client, demo_ids):
    html = client.get("/").get_data(as_text=True)
    for match_id in demo_ids:
        assert f'href="/matches/{match_id}"' in html
    assert "Ana" in html and "Ben" in html


def chain_seqs(log, match_id: str) -> dict[int, int]:
    """{seq: chain length} for every seq of the match where the chain is not empty."""
    head = log.match(match_id)["head_seq"]
    return {seq: len(state["chain"]) for seq in range(1, head + 1)
            if (state := log.state_at(match_id, seq))["chain"]}


def test_viewer_shows_turn_phase_event_and_chain(client, log, demo_ids):
    match_id = demo_ids[0]
    seq = max(chain_seqs(log, match_id).items(), key=lambda item: item[1])[0]
    state = log.state_at(match_id, seq)
    page = Page(client.get(f"/matches/{match_id}?seq={seq}").get_data(as_text=True))
    assert page.attrs["match"]["data-seq"] == str(seq)
    assert page.text("seq") == str(seq)
    assert page.text("turn") == str(state["turn"])
    assert page.text("phase") == state["phase"]
    assert page.items["chain"] == len(state["chain"]) == 3
    assert [item["card"] for item in state["chain"]] == ["Shakedown", "Discipline", "Hard Bargain"]
    chain_text = page.text("chain")
    assert chain_text.index("Shakedown") < chain_text.index("Discipline") < chain_text.index("Hard Bargain")
    assert page.attrs["event"]["data-type"] == log.events(match_id, after=seq - 1, upto=seq)[0]["event"]["type"]


def test_viewer_defaults_to_the_head(client, log, demo_ids):
    match_id = demo_ids[0]
    page = Page(client.get(f"/matches/{match_id}").get_data(as_text=True))
    assert page.text("seq") == str(log.match(match_id)["head_seq"])
    assert page.attrs["next-event"].get("href") is None
    assert page.attrs["next-event"].get("aria-disabled") == "true"


def test_viewer_shows_a_flagged_event_with_its_violation(client, log, demo_ids):
    match_id = demo_ids[1]
    violation = log.state_at(match_id)["violations"][0]
    page = Page(client.get(f"/matches/{match_id}?seq={violation['seq']}").get_data(as_text=True))
    assert violation["rule"] in page.text("violations")
    assert violation["message"] in page.text("violations")


@pytest.mark.parametrize("seq, first, last, earlier, later", [
    (1, 1, 41, False, True), (60, 20, 100, True, True), (126, 86, 126, True, False)])
def test_the_viewer_draws_a_window_of_the_timeline_around_its_seq(client, duel_created, duel_game, seq, first, last,
                                                                   earlier, later):
    from web.viewer import TIMELINE_WINDOW

    created = client.post("/api/matches", json=duel_created).json
    client.post(f"/api/matches/{created['id']}/events", json={"events": duel_game(40)},  # 126 events
                headers=bearer(created["token"]))
    as_reader(client, created["id"], created["token"])
    html = client.get(f"/matches/{created['id']}?seq={seq}").get_data(as_text=True)
    timeline = html[html.index('<ol id="timeline">'):html.index("</ol>", html.index('<ol id="timeline">'))]
    rows = [int(row) for row in re.findall(r'<li class="[^"]*" data-seq="(\d+)"', timeline)]
    assert TIMELINE_WINDOW == 40 and rows == list(range(first, last + 1))
    assert re.search(rf'<li class="current[^"]*" data-seq="{seq}"', timeline)
    assert (f"… {first - 1} earlier event" in timeline) == earlier
    assert (f"… {126 - last} later event" in timeline) == later


STEP_LINKS = [("prev-event", "event", -1), ("next-event", "event", 1), ("prev-resolution", "resolution", -1),
              ("next-resolution", "resolution", 1), ("prev-turn", "turn", -1), ("next-turn", "turn", 1)]


@pytest.mark.parametrize("where", ["first", "middle", "chain", "head"])
def test_viewer_step_links_point_to_the_seqs_the_cursor_steps_to(client, log, demo_tokens, where):
    match_id, token = next(iter(demo_tokens.items()))
    as_reader(client, match_id, token)
    head = log.match(match_id)["head_seq"]
    seq = {"first": 1, "middle": head // 2, "chain": min(chain_seqs(log, match_id)), "head": head}[where]
    cursor = replays.Cursor(log, match_id)
    page = Page(client.get(f"/matches/{match_id}?seq={seq}&view=P2").get_data(as_text=True))
    for element_id, by, direction in STEP_LINKS:
        target = cursor.step(seq, by=by, direction=direction)
        if element_id == "next-turn" and target == seq:
            target = head  # in the last turn "Turn ›" goes on to its last event
        assert page.seq_of(element_id) == (None if target == seq else target), element_id
        if target != seq:
            assert "view=P2" in page.attrs[element_id]["href"]
    assert page.seq_of("first") == (None if seq == 1 else 1)
    assert page.seq_of("last") == (None if seq == head else head)


def test_viewer_shows_the_keys_of_each_step(client, duel):
    match_id, _ = duel
    page = Page(client.get(f"/matches/{match_id}?seq=3").get_data(as_text=True))
    assert page.attrs["next-event"]["data-keys"] == "ArrowRight"
    assert page.attrs["prev-resolution"]["data-keys"] == ", Shift+ArrowLeft"
    assert page.attrs["next-turn"]["data-keys"] == "] PageDown"
    assert "→" in page.text("next-event")


def test_viewer_views_hide_hands(client, duel_match):
    match_id = duel_match["id"]
    spectator = Page(client.get(f"/matches/{match_id}").get_data(as_text=True))
    as_reader(client, match_id, duel_match["player_tokens"]["P1"])
    as_p1 = Page(client.get(f"/matches/{match_id}").get_data(as_text=True))
    as_reader(client, match_id, duel_match["token"])
    judge = client.get(f"/matches/{match_id}").get_data(as_text=True)
    assert judge.count('class="cards hand"') == 2
    assert "hidden from this view" in spectator.text("player-P1")
    assert "hidden from this view" in spectator.text("player-P2")
    assert "hidden from this view" not in as_p1.text("player-P1")
    assert "hidden from this view" in as_p1.text("player-P2")
    assert as_p1.attrs["view-P1"].get("aria-current") == "page"


def test_viewer_links_the_events_download(client, duel):
    match_id, token = duel
    as_reader(client, match_id, token)
    page = Page(client.get(f"/matches/{match_id}").get_data(as_text=True))
    download = client.get(page.attrs["download"]["href"])
    assert download.status_code == 200
    assert download.headers["Content-Disposition"] == f'attachment; filename="{match_id}-events.json"'
    assert token not in page.attrs["download"]["href"]


@pytest.mark.parametrize("query, status, message", [
    ("seq=abc", 400, "seq must be a whole number"),
    ("seq=0", 404, "seq=0 is out of range"),
    ("seq=99", 404, "seq=99 is out of range: match m1 has events 1 to 6"),
    ("view=P7", 400, "unknown view"),
])
def test_viewer_with_a_bad_seq_or_view_says_why(client, duel, query, status, message):
    match_id, _ = duel
    response = client.get(f"/matches/{match_id}?{query}")
    assert response.status_code == status
    assert response.mimetype == "text/html"
    assert message in Page(response.get_data(as_text=True)).text("error")


def test_viewer_of_an_unknown_match_is_404(client):
    response = client.get("/matches/m77")
    assert response.status_code == 404
    assert "m77" in response.get_data(as_text=True)


def test_viewer_offers_the_notation_for_download(client, log, demo_ids, demo_tokens):
    as_reader(client, demo_ids[0], demo_tokens[demo_ids[0]])
    page = client.get(f"/matches/{demo_ids[0]}").get_data(as_text=True)
    assert f'href="/matches/{demo_ids[0]}/notation?view=judge"' in page
    response = client.get(f"/matches/{demo_ids[0]}/notation")
    assert response.status_code == 200 and response.mimetype == "text/plain"
    assert response.headers["Content-Disposition"] == f'attachment; filename="{demo_ids[0]}.rln"'
    from replays import notation
    assert notation.parse_match(response.get_data(as_text=True)) == \
        [as_sent(row["event"]) for row in log.events(demo_ids[0])]
    assert client.get("/matches/m99/notation").status_code == 404


# --- the viewer: showdowns, combat, control, choices ---------------------------------------------------------


def recorded_page(client, log, lines: tuple[str, ...], seq: int | None = None, mode: str = "duel") -> Page:
    """Record `lines` (a transcript body in the notation) and read the judge's page of it at `seq` (the head)."""
    match_id, token = notation.import_match(log, transcript(*lines, mode=mode))
    as_reader(client, match_id, token)
    query = f"?seq={seq}" if seq is not None else ""
    answer = client.get(f"/matches/{match_id}{query}")
    assert answer.status_code == 200
    return Page(answer.get_data(as_text=True))


def test_viewer_timeline_says_what_each_pass_passed_and_names_battlefields(client, log):
    combat = recorded_page(client, log, COMBAT).text("timeline")
    assert ("Ana moves Legion Rearguard (o13), Chemtech Enforcer (o14), Flame Chompers (o15) "
            "to Altar to Unity (bf2)") in combat
    assert "Ana passes Focus" in combat and "Ben passes Focus" in combat
    assert "Ana assigns combat damage: 4 to Sunlit Guardian (o26), 5 to Stalwart Poro (o27)" in combat
    passes = recorded_page(client, log, PASSES).text("timeline")
    assert "Ana passes priority" in passes and "Ben passes priority" in passes
    assert "Ben ends the beginning step; Hold scores" in passes


def test_viewer_shows_each_players_xp_v1_3_729_2(client, log):
    line = ARENA.replace("runedeck:6 hand:Gust", "runedeck:6 xp:3 hand:Gust")
    page = recorded_page(client, log, (f"position {line}",))
    assert page.text("xp-P1") == "3 XP"
    assert "xp-P2" not in page.attrs  # no XP, nothing shown


def test_viewer_shows_a_showdown_without_combat_and_who_contested(client, log):
    page = recorded_page(client, log, (f"position {ARENA}", "P1 move Legion Rearguard -> bf1"))
    assert page.attrs["fight"]["data-kind"] == "showdown" and page.attrs["fight"]["data-battlefield"] == "bf1"
    assert page.text("fight-title") == "Showdown at Zaun Warrens"
    assert "combat-steps" not in page.attrs and "assignments" not in page.attrs
    assert page.text("fight-attacker") == "Contested by Ana P1"
    assert "fight-defender" not in page.attrs  # nobody held Zaun Warrens
    assert page.attrs["fight-focus"]["data-focus"] == "P1" and page.text("focus") == "Ana"
    assert page.attrs["battlefield-bf1"]["data-contested-by"] == "P1"
    assert "uncontrolled" in page.text("battlefield-bf1") and "contested by Ana" in page.text("battlefield-bf1")


def test_viewer_shows_control_once_the_showdown_ends(client, log):
    page = recorded_page(client, log, (f"position {ARENA}", "P1 move Legion Rearguard -> bf1", "P1 pass", "P2 pass"))
    assert "fight" not in page.attrs
    assert page.attrs["battlefield-bf1"]["data-controller"] == "P1"
    assert "controlled by Ana" in page.text("battlefield-bf1") and "contested" not in page.text("battlefield-bf1")


CHOICE = ARENA.replace("P1 0 bf:Zaun Warrens", "P1 0 bf:Zaun Warrens contests:bf1;bf2").replace(
    "base:Legion Rearguard;Chemtech Enforcer;Flame Chompers", "base:Legion Rearguard bf1:Chemtech Enforcer "
    "bf2:Flame Chompers").replace("base:Clockwork Keeper bf2:", "bf1:Clockwork Keeper bf2:")


def test_viewer_shows_a_pending_choice_with_its_candidates_named(client, log):
    page = recorded_page(client, log, (f"position {CHOICE}",))
    assert page.attrs["choice"]["data-player"] == "P1"
    assert "Ana P1 chooses which combat comes first" in page.text("choice")
    assert "Zaun Warrens bf1" in page.text("choice") and "Altar to Unity bf2" in page.text("choice")
    assert "rule 526" in page.text("choice")
    assert page.text("awaiting") == "Ana: choose (of Zaun Warrens, Altar to Unity) · rule 526"
    chosen = recorded_page(client, log, (f"position {CHOICE}", "P1 choose bf2"))
    assert chosen.text("event-text") == "Ana chooses Altar to Unity (bf2)"
    assert "choice" not in chosen.attrs and chosen.attrs["fight"]["data-battlefield"] == "bf2"
    assert "combat pending" in chosen.text("battlefield-bf1")


def test_viewer_shows_the_winner_and_the_scores_by_name(client, log):
    page = recorded_page(client, log, ("game 1: P1 first; P1 Zaun Warrens; P2 Altar to Unity", "P2 concede"))
    assert page.text("winner") == "Game 1 won by Ana."  # a duel is one game: its winner wins the match
    assert page.text("scores") == "Ana 0 · Ben 0"
    assert "games-won" not in page.attrs  # a duel is one game


def test_viewer_timeline_names_the_battlefields_of_an_earlier_game(client, log):
    page = recorded_page(client, log, (f"position {ARENA}", "P1 move Legion Rearguard -> bf1", "P1 concede",
                                       "game 2: P1 first; P1 Back-Alley Bar; P2 Grove of the God-Willow"),
                         mode="match")
    # Game 1's objects are gone at the head, but a line is worded from the state before its event.
    assert "Ana moves Legion Rearguard (o13) to Zaun Warrens (bf1)" in page.text("timeline")
    assert "battlefield-bf1" not in page.attrs and "battlefield-bf3" in page.attrs  # game 2 is played elsewhere
    assert page.text("games-won") == "Ana 0 · Ben 1"


def test_viewer_shows_a_drawn_game_the_match_result_and_time_called_tr_408_410(client, log):
    page = recorded_page(client, log, ("game 1: P1 first; P1 Zaun Warrens; P2 Altar to Unity", "P2 concede",
                                       "game 2: P1 first; P1 Back-Alley Bar; P2 Grove of the God-Willow", "time 3",
                                       "agreed draw"), mode="match")
    assert page.text("winner") == "Game 2 drawn. Match won by Ana."
    assert page.text("results") == ("Game 1: Ana won (concession, rule 651) Game 2: drawn (agreement, rule TR 410.1) "
                                    "Match: Ana won 1–0, 1 game drawn (time, rule TR 408.2.d)")
    assert page.text("time-called") == ("Time called at seq 5: no turn had begun, so turns 1 to 3 are played "
                                        "(TR 408.2.a)")
    assert page.text("event-text") == "the players agree to draw the game"
    drawn = recorded_page(client, log, ("agreed draw match",), mode="match")
    assert drawn.text("winner") == "Match drawn."
    assert drawn.text("match-result") == "Match: drawn 0–0 (agreement, rule TR 410.2)"


def test_viewer_shows_the_tr_infraction_of_a_flagged_game_play_error_tr_702_6(client, log):
    lines = ("game 1: P1 first; P1 Zaun Warrens; P2 Altar to Unity",
             "P1 draw Legion Rearguard; Shakedown; Hard Bargain; Gust",
             "P2 draw Stalwart Poro; Discipline; Clockwork Keeper; Rune Prison", "P1 keep", "P2 keep",
             "P1 channel Fury Rune; Chaos Rune; Fury Rune")
    match_id, token = notation.import_match(log, transcript(*lines).replace('[Mode "duel"]',
                                                                            '[Mode "duel"]\n[Policy "audit"]'))
    as_reader(client, match_id, token)
    page = Page(client.get(f"/matches/{match_id}").get_data(as_text=True))
    assert page.text("violations") == "rule 315.3.b TR 702.6 P1 channels 3 runes; this channel phase channels 2"
