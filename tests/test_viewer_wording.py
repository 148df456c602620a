"""The viewer's words through Flask's test client: a timeline line reads the same from every seq, within what the
view may see; nothing says "None" before the game starts; "Turn ›" goes on after a concession."""
from __future__ import annotations

import pytest

import replays
from test_web import Page, as_reader, bearer, duel_match  # noqa: F401 (a fixture)

MULLIGAN_SEQ = 5  # the demo's P1 mulligans, setting aside Void Seeker (o8), which goes back into the deck


def timeline_line(page: Page, seq: int) -> str:
    return page.text(f"timeline-{seq}")


@pytest.mark.parametrize("view, expected", [
    ("judge", "Ana mulligans, setting aside Void Seeker (o8)"),
    ("P1", "Ana mulligans, setting aside Void Seeker (o8)"),
    ("P2", "Ana mulligans, setting aside o8"),  # Ana's hand was never Ben's to see
    ("spectator", "Ana mulligans, setting aside o8"),
])
def test_a_timeline_line_reads_the_same_from_every_seq(client, log, demo_tokens, view, expected):
    match_id, token = next(iter(demo_tokens.items()))
    as_reader(client, match_id, token)
    head = log.match(match_id)["head_seq"]
    for seq in (MULLIGAN_SEQ, 20, head):
        page = Page(client.get(f"/matches/{match_id}?seq={seq}&view={view}").get_data(as_text=True))
        assert timeline_line(page, MULLIGAN_SEQ).endswith(expected), seq
    assert timeline_line(page, head).endswith(page.text("event-text"))  # the event panel says the same


def test_timeline_lines_are_kept_with_the_timeline(client, log, demo_tokens):
    match_id, token = next(iter(demo_tokens.items()))
    as_reader(client, match_id, token)
    client.get(f"/matches/{match_id}?seq=1&view=spectator")
    texts = replays.Cursor(log, match_id).texts("spectator")
    assert sorted(texts) == list(range(1, log.match(match_id)["head_seq"] + 1)) and "setting aside o8" in texts[MULLIGAN_SEQ]
    log.append(match_id, [{"type": "note", "text": "table 4"}])
    grown = replays.Cursor(log, match_id).texts("spectator")
    assert grown[MULLIGAN_SEQ] == texts[MULLIGAN_SEQ]  # carried on as the match grows, not worded again


def test_the_first_page_in_a_view_words_the_whole_timeline(client, log, duel_created, duel_game):
    """A jump to an unvisited part of a long match folds nothing to word its window: the first page in a view
    worded every line, each as it reads from every seq."""
    match_id, token = log.create_match(duel_created, then=duel_game(40))  # 126 events: three windows and more
    as_reader(client, match_id, token)
    client.get(f"/matches/{match_id}?seq=1")
    texts = dict(replays.Cursor(log, match_id).texts("judge"))
    assert sorted(texts) == list(range(1, 127))
    replays.Cursor(log, match_id).texts("judge").clear()  # word them again from a window at the end only
    page = Page(client.get(f"/matches/{match_id}?seq=126").get_data(as_text=True))
    assert replays.Cursor(log, match_id).texts("judge") == texts  # all worded again, each the same
    assert all(timeline_line(page, seq).endswith(texts[seq]) for seq in range(86, 127))


def test_seq_1_awaits_the_game_start_and_says_no_none(client, duel_match):
    as_reader(client, duel_match["id"], duel_match["token"])
    html = client.get(f"/matches/{duel_match['id']}?seq=1").get_data(as_text=True)
    page = Page(html)
    assert page.text("awaiting") == "game start"
    assert page.text("event-text").startswith("match created: duel, strict: Annie")
    assert "None" not in " ".join(page.text(element) for element in page.texts)


def test_a_refusal_before_the_game_starts_names_no_player_none(client, audit_created, duel_created):
    audit = client.post("/api/matches", json=audit_created).json
    client.post(f"/api/matches/{audit['id']}/events", json={"event": {"type": "end_turn", "player": "P1"}},
                headers=bearer(audit["token"]))
    as_reader(client, audit["id"], audit["token"])
    page = Page(client.get(f"/matches/{audit['id']}?seq=2").get_data(as_text=True))
    assert page.text("violations") == "rule 516.6 the game has not begun: there is no turn to end (not applied)"
    assert "None" not in " ".join(page.text(element) for element in page.texts)
    strict = client.post("/api/matches", json=duel_created).json
    refused = client.post(f"/api/matches/{strict['id']}/events", json={"event": {"type": "end_turn", "player": "P1"}},
                          headers=bearer(strict["token"]))
    assert refused.status_code == 422 and "None" not in refused.get_data(as_text=True)


def test_turn_forward_goes_on_to_the_last_event_after_a_concession(client, log, demo_tokens, demo_ids):
    match_id = demo_ids[1]  # ends by a concession in its turn 5
    as_reader(client, match_id, demo_tokens[match_id])
    cursor = replays.Cursor(log, match_id)
    head = cursor.head_seq
    assert log.events(match_id, head - 1)[0]["event"]["type"] == "concede"
    last_turn = replays.turn_start(cursor.timeline, head)
    assert cursor.step(last_turn, by="turn", direction=1) == last_turn  # no later turn
    page = Page(client.get(f"/matches/{match_id}?seq={last_turn}").get_data(as_text=True))
    assert page.seq_of("next-turn") == head
    page = Page(client.get(f"/matches/{match_id}?seq={head}").get_data(as_text=True))
    assert page.seq_of("next-turn") is None


@pytest.mark.parametrize("ability, expected", [
    (0, "P2 activates o2 (its ability 1)"),  # an index counted from 1 for a reader, not "[0]"
    (2, "P2 activates o2 (its ability 3)"),
    ("add-a-use", "P2 activates o2: “add a use”"),  # a label in its words, not as an id
    ("equip", "P2 activates o2: Equip"),  # a keyword by its printed name
    (None, "P2 activates o2"),
])
def test_an_activated_ability_is_named_for_a_reader_not_as_an_index(ability, expected):
    from web.describe import describe_event

    event = {"type": "activate", "player": "P2", "source": "o2", **({} if ability is None else {"ability": ability})}
    assert describe_event(event) == expected
