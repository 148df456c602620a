"""The recording screen's server side (web/record.py) through Flask's test client: the page, what it reads
(`/recording`), the dry run (`/check`), typed notation (`/parse`), undo as a judge rewind, and every error path."""
from __future__ import annotations

import pytest

from engine.combat import lethal_first
from positions import COMBAT, transcript

BAD_SETUP_END_TURN = {"type": "end_turn", "player": "P1"}  # no turn has begun: refused in a strict match


def create(client, created: dict) -> tuple[str, str, dict]:
    answer = client.post("/api/matches", json=created)
    assert answer.status_code == 201
    body = answer.get_json()
    return body["id"], body["token"], body["player_tokens"]


def judge(token: str) -> dict:
    return {"Authorization": f"Bearer {token}"}


def append(client, match_id: str, token: str, events: list[dict]) -> dict:
    answer = client.post(f"/api/matches/{match_id}/events", json={"events": events}, headers=judge(token))
    assert answer.status_code == 201, answer.get_json()
    return answer.get_json()


def head_seq(client, match_id: str) -> int:
    return client.get(f"/api/matches/{match_id}").get_json()["head_seq"]


@pytest.fixture
def strict(client, duel_created, duel_game):
    """A strict duel recorded to P1's first action phase (turn 1, after channel and draw: seq 8): (id, token, players)."""
    match_id, token, players = create(client, duel_created)
    append(client, match_id, token, duel_game(1)[:-1])
    return match_id, token, players


@pytest.fixture
def audit(client, audit_created, duel_game):
    match_id, token, players = create(client, audit_created)
    append(client, match_id, token, duel_game(1)[:-1])
    return match_id, token, players


# -- the page ------------------------------------------------------------------------------------------------------
def test_the_page_is_a_shell_that_names_the_match_and_holds_no_token(client, strict):
    match_id, token, _ = strict
    answer = client.get(f"/matches/{match_id}/record")
    assert answer.status_code == 200
    page = answer.get_data(as_text=True)
    assert 'id="record"' in page and f'data-match="{match_id}"' in page and "Annie vs Viktor" in page
    assert token not in page and "record.js" in page


def test_the_page_of_an_unknown_match_is_404(client):
    assert client.get("/matches/m404/record").status_code == 404


# -- what the screen reads -----------------------------------------------------------------------------------------
def test_recording_answers_the_judges_state_at_the_head_with_undo_and_recent_events(client, strict, demo_decks):
    match_id, token, _ = strict
    body = client.get(f"/api/matches/{match_id}/recording", headers=judge(token)).get_json()
    assert body["head_seq"] == head_seq(client, match_id) == 8
    assert body["policy"] == "strict" and body["players"] == {"P1": "Annie", "P2": "Viktor"}
    hand = body["state"]["players"]["P2"]["hand"]
    assert all(body["state"]["objects"][ref]["card"] for ref in hand)  # the judge sees both hands
    assert body["state"]["awaiting"] == [{"player": "P1", "kind": "action"}]
    assert body["undo"]["seq"] == 8 and body["undo"]["to"] == 7 and "draw" in body["undo"]["text"].lower()
    assert [entry["seq"] for entry in body["recent"]] == list(range(1, 9))
    assert body["assignment"] is None and "changes" not in body


def test_recording_since_a_seq_lists_what_changed_after_it(client, strict):
    match_id, token, _ = strict
    body = client.get(f"/api/matches/{match_id}/recording?since=6", headers=judge(token)).get_json()
    assert [entry["seq"] for entry in body["changes"]] == [7, 8]
    assert body["changes"][0]["type"] == "channel"


def opening_hand(client, duel_created, duel_game) -> tuple[str, str, str, str]:
    """A strict duel after both opening draws: (id, token, the first card of P1's hand as an id, its name)."""
    match_id, token, _ = create(client, duel_created)
    append(client, match_id, token, duel_game(0)[:3])
    state = client.get(f"/api/matches/{match_id}/recording", headers=judge(token)).get_json()["state"]
    first = state["players"]["P1"]["hand"][0]
    return match_id, token, first, state["objects"][first]["card"]


def test_recent_names_the_card_a_mulligan_set_aside_as_the_viewer_does(client, duel_created, duel_game,
                                                                        demo_decks):
    """Once the replacement is drawn the card set aside is recycled into the deck (117.3), where its id names no
    card at the head: the log words the mulligan from the state before it, as the viewer's timeline does
    ("setting aside Card (o8)", not "setting aside o8")."""
    match_id, token, card_id, card = opening_hand(client, duel_created, duel_game)
    deck = list(demo_decks[0]["deck"])
    deck.remove(demo_decks[0]["champion"])
    append(client, match_id, token, [{"type": "mulligan", "player": "P1", "set_aside": [card_id]},
                                     {"type": "draw", "player": "P1", "cards": [deck[4]]}])
    body = client.get(f"/api/matches/{match_id}/recording", headers=judge(token)).get_json()
    mulligan = body["recent"][-2]
    assert mulligan["text"] == f"Annie mulligans, setting aside {card} ({card_id})"
    page = client.get(f"/matches/{match_id}?view=judge&seq={mulligan['seq']}", headers=judge(token))
    assert page.status_code == 200 and mulligan["text"] in page.get_data(as_text=True)  # the viewer's very line


def test_check_words_the_input_as_the_log_will(client, duel_created, duel_game):
    """The dry run's `texts`: what the screen says of an input before it is recorded, in the log's words."""
    match_id, token, card_id, card = opening_hand(client, duel_created, duel_game)
    answer = client.post(f"/api/matches/{match_id}/check", headers=judge(token),
                         json={"event": {"type": "mulligan", "player": "P1", "set_aside": [card_id]}})
    assert answer.get_json()["texts"] == [f"Annie mulligans, setting aside {card} ({card_id})"]


@pytest.mark.parametrize("since", ["x", "-1", "1.5"])
def test_recording_refuses_a_since_that_is_not_a_seq(client, strict, since):
    match_id, token, _ = strict
    answer = client.get(f"/api/matches/{match_id}/recording?since={since}", headers=judge(token))
    assert answer.status_code == 400 and "since" in answer.get_json()["error"]


def test_no_undo_before_the_game_has_an_input_to_rewind(client, duel_created):
    match_id, token, _ = create(client, duel_created)
    assert client.get(f"/api/matches/{match_id}/recording", headers=judge(token)).get_json()["undo"] is None
    append(client, match_id, token, [{"type": "game_started", "game": 1, "first_player": "P1",
                                      "battlefields": {"P1": "Zaun Warrens", "P2": "Altar to Unity"}}])
    assert client.get(f"/api/matches/{match_id}/recording", headers=judge(token)).get_json()["undo"] is None


def test_undo_twice_rewinds_past_the_first_undo(client, strict):
    match_id, token, _ = strict
    for expected_to in (7, 6):
        undo = client.get(f"/api/matches/{match_id}/recording", headers=judge(token)).get_json()["undo"]
        assert undo["to"] == expected_to
        append(client, match_id, token, [{"type": "rewind", "to": undo["to"], "reason": "undo"}])
    body = client.get(f"/api/matches/{match_id}/recording", headers=judge(token)).get_json()
    assert body["state"]["voided"] == [7, 8, 9] and body["undo"] == {"seq": 6, "to": 5,
                                                                       "text": body["undo"]["text"]}
    assert body["state"]["awaiting"] == [{"player": "P1", "kind": "channel", "count": 2, "rule": "315.3.b"}]
    voided = [entry["seq"] for entry in body["recent"] if entry["voided"]]
    assert voided == [7, 8, 9]


@pytest.mark.parametrize("path", ["recording", "check", "parse"])
def test_the_judges_calls_need_the_match_token(client, strict, path):
    match_id, _token, players = strict
    call = client.get if path == "recording" else client.post
    body = {"json": {"text": "P1 end turn"} if path == "parse" else {"event": {"type": "pass", "player": "P1"}}}
    if path == "recording":
        body = {}
    assert call(f"/api/matches/{match_id}/{path}", **body).status_code == 401
    assert call(f"/api/matches/{match_id}/{path}", headers=judge(players["P1"]), **body).status_code == 403
    assert call(f"/api/matches/{match_id}/{path}", headers=judge("nope"), **body).status_code == 403
    assert call(f"/api/matches/m404/{path}", headers=judge("nope"), **body).status_code == 404


# -- the dry run ---------------------------------------------------------------------------------------------------
def test_check_passes_a_legal_input_and_writes_nothing(client, strict):
    match_id, token, _ = strict
    answer = client.post(f"/api/matches/{match_id}/check", headers=judge(token),
                         json={"event": {"type": "end_turn", "player": "P1"}, "expected_seq": 8})
    assert answer.status_code == 200
    assert answer.get_json() == {"ok": True, "policy": "strict", "head_seq": 8, "seq": 9, "violations": [],
                                 "error": None, "texts": ["Annie ends the turn"]}
    assert head_seq(client, match_id) == 8


def test_check_explains_what_a_strict_match_would_refuse_with_its_rule(client, strict):
    match_id, token, _ = strict
    answer = client.post(f"/api/matches/{match_id}/check", headers=judge(token),
                         json={"event": {"type": "pass", "player": "P2"}})
    body = answer.get_json()
    assert answer.status_code == 200 and body["ok"] is False and body["seq"] == 8
    assert body["violations"] and all(violation["rule"] for violation in body["violations"])
    assert body["violations"][0]["rule"] in body["error"]
    assert head_seq(client, match_id) == 8


def test_check_says_what_an_audit_match_would_record_flagged(client, audit):
    match_id, token, _ = audit
    body = client.post(f"/api/matches/{match_id}/check", headers=judge(token),
                       json={"events": [{"type": "pass", "player": "P2"}, {"type": "end_turn", "player": "P1"}]}
                       ).get_json()
    assert body["ok"] is False and body["policy"] == "audit" and body["seq"] == 10
    assert {violation["seq"] for violation in body["violations"]} == {9}
    assert head_seq(client, match_id) == 8


def test_check_with_a_stale_expected_seq_is_a_conflict(client, strict):
    match_id, token, _ = strict
    answer = client.post(f"/api/matches/{match_id}/check", headers=judge(token),
                         json={"event": {"type": "end_turn", "player": "P1"}, "expected_seq": 5})
    assert answer.status_code == 409 and "seq 8" in answer.get_json()["error"]


@pytest.mark.parametrize("body, words", [
    ({"event": {"type": "warp", "player": "P1"}}, "warp"),
    ({"event": {"type": "end_turn"}}, "player"),
    ({"type": "end_turn", "player": "P1"}, "wrap"),
    ({"event": {"type": "end_turn", "player": "P1"}, "expected_seq": "8"}, "expected_seq"),
    ([], "body must be an object"),
])
def test_check_refuses_a_malformed_body_or_event(client, strict, body, words):
    match_id, token, _ = strict
    answer = client.post(f"/api/matches/{match_id}/check", headers=judge(token), json=body)
    assert answer.status_code == 400 and words in answer.get_json()["error"]


def test_check_of_a_rewind_says_what_it_voids_without_writing(client, strict):
    match_id, token, _ = strict
    body = client.post(f"/api/matches/{match_id}/check", headers=judge(token),
                       json={"event": {"type": "rewind", "to": 20, "reason": "future"}}).get_json()
    assert body["ok"] is False and body["violations"][0]["rule"] == "rewind"
    body = client.post(f"/api/matches/{match_id}/check", headers=judge(token),
                       json={"event": {"type": "rewind", "to": 7, "reason": "undo"}}).get_json()
    assert body["ok"] is True and head_seq(client, match_id) == 8


# -- typed notation ------------------------------------------------------------------------------------------------
def test_parse_reads_lines_against_the_head_and_writes_nothing(client, strict):
    match_id, token, _ = strict
    answer = client.post(f"/api/matches/{match_id}/parse", headers=judge(token), json={"text": "P1 end turn"})
    assert answer.status_code == 200
    assert answer.get_json() == {"events": [{"type": "end_turn", "player": "P1"}], "head_seq": 8}
    assert head_seq(client, match_id) == 8


def test_parse_names_the_line_and_column_of_what_does_not_read(client, strict):
    match_id, token, _ = strict
    answer = client.post(f"/api/matches/{match_id}/parse", headers=judge(token),
                         json={"text": "P1 end turn\nP2 fly away"})
    body = answer.get_json()
    assert answer.status_code == 400 and body["line"] == 2 and body["column"] and "line 2" in body["error"]


def test_parse_of_a_line_a_strict_match_refuses_is_422_with_the_rule(client, strict):
    match_id, token, _ = strict
    answer = client.post(f"/api/matches/{match_id}/parse", headers=judge(token), json={"text": "P2 pass"})
    body = answer.get_json()
    assert answer.status_code == 422 and body["violations"] and body["line"] == 1


@pytest.mark.parametrize("body, words", [
    ({"text": "   "}, "at least one line"),
    ({"line": "P1 pass"}, "at least one line"),
    ({"text": "# only a comment"}, "no event"),
    ({"text": "x" * 2001}, "at most 2000"),
])
def test_parse_refuses_an_empty_or_oversized_text(client, strict, body, words):
    match_id, token, _ = strict
    answer = client.post(f"/api/matches/{match_id}/parse", headers=judge(token), json=body)
    assert answer.status_code == 400 and words in answer.get_json()["error"]


# -- damage assignment pre-filled ----------------------------------------------------------------------------------
def test_the_assignment_is_prefilled_lethal_first_with_the_tank_first(client, log):
    from replays import notation

    match_id, token = notation.import_match(log, transcript(*COMBAT[:4]))
    body = client.get(f"/api/matches/{match_id}/recording", headers=judge(token)).get_json()
    wait = body["state"]["awaiting"][0]
    assert wait["kind"] == "assign_damage" and wait["amount"] == 9
    objects = body["state"]["objects"]
    guardian, poro = (next(ref for ref in wait["units"] if objects[ref]["card"] == card)
                      for card in ("Sunlit Guardian", "Stalwart Poro"))
    # Sunlit Guardian (Tank) takes its lethal 4 (3 Might + 1 Shield as a defender) first; the rest goes to the Poro.
    assert body["assignment"] == {guardian: 4, poro: 5}
    # P2 assigns next, 7 among P1's attackers in the order they stand: 2 and 4 (lethal), then the last 1.
    assert list(lethal_first(log.state_at(match_id), "P2").values()) == [2, 4, 1]
    assert lethal_first(log.state_at(match_id, 2), "P1") == {}  # no combat


def test_recording_offers_the_engines_payment_of_each_card_the_awaited_player_may_play(client, strict):
    """Issue 15: a tap on a card marks the runes that pay for it; the payment is the engine's (353, 157.2)."""
    match_id, token, _ = strict
    body = client.get(f"/api/matches/{match_id}/recording", headers=judge(token)).get_json()
    state, payments = body["state"], body["payments"]
    wait = state["awaiting"][0]
    assert wait["kind"] == "action" and payments
    hand = state["players"][wait["player"]]["hand"]
    assert set(payments) <= set(hand)
    card, payment = next(iter(payments.items()))
    runes = state["players"][wait["player"]]["runes"]
    assert set(payment["exhaust"]) | set(payment["recycle"]) <= set(runes)
    checked = client.post(f"/api/matches/{match_id}/check", headers=judge(token), json={
        "event": {"type": "play", "player": wait["player"], "card": card, "pay": payment}}).get_json()
    assert checked["ok"], checked


def test_recording_offers_no_payment_while_nobody_may_play(client, duel_created):
    match_id, token, _ = create(client, duel_created)
    body = client.get(f"/api/matches/{match_id}/recording", headers=judge(token)).get_json()
    assert body["payments"] == {}


def test_recording_offers_the_payment_of_a_card_drawn_unseen_by_each_name_it_may_be_given(client, duel_created,
                                                                                          duel_game):
    match_id, token, _ = create(client, duel_created)
    events = duel_game(1)[:-1]
    draw = next(event for event in reversed(events) if event["type"] == "draw")
    draw["cards"] = [None] * len(draw["cards"])  # the turn's draw unseen
    append(client, match_id, token, events)
    body = client.get(f"/api/matches/{match_id}/recording", headers=judge(token)).get_json()
    player = body["state"]["awaiting"][0]["player"]
    deck = body["state"]["players"][player]["deck"]
    assert body["unseen_payments"] and set(body["unseen_payments"]) <= {name for name, n in deck.items() if n > 0}
    name, payment = next(iter(body["unseen_payments"].items()))
    assert set(payment["exhaust"]) | set(payment["recycle"]) <= set(body["state"]["players"][player]["runes"])
