"""The overlays' routes (issue 28, web/overlay.py) through the app: the pages' refusals, the overlay state in the
spectator's and the caster's views under a broadcast delay, and who may read the caster's view."""
from __future__ import annotations

import threading

import pytest

import engine
import recorder
from recorder import access, tokens
from replays import demo
from web import create_app
from web.overlay import Answers, caster_view


@pytest.fixture
def served(tmp_path):
    """(client, match id, {judge, P1, P2, caster: token}) for the real-cards demo game (137 events)."""
    path = tmp_path / "overlay.db"
    with recorder.Log(path) as log:
        match_id, token = demo.record_real_cards(log)
        keys = {"judge": token, **tokens.player_tokens(log, match_id), "caster": tokens.caster_token(log, match_id)}
    return create_app({"DATABASE": str(path), "TESTING": True}).test_client(), match_id, keys


def bearer(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def test_an_overlay_page_names_what_it_refuses(served):
    client, match_id, _ = served
    page = client.get(f"/matches/{match_id}/overlay/board?layout=top&scheme=contrast")
    assert page.status_code == 200 and b'data-kind="board"' in page.data and b"scheme-contrast layout-top" in page.data
    assert b"Ana" not in page.data  # the page holds nothing of the match: its script draws it
    unknown = client.get(f"/matches/{match_id}/overlay/hands")
    assert unknown.status_code == 404 and b"score, board, chain, card" in unknown.data
    layout = client.get(f"/matches/{match_id}/overlay/score?layout=sideways")
    assert layout.status_code == 400 and b"choose one of bottom, top" in layout.data
    scheme = client.get(f"/matches/{match_id}/overlay/score?scheme=pink")
    assert scheme.status_code == 400 and b"choose one of dark, light, contrast" in scheme.data
    assert client.get("/matches/m99/overlay/score").status_code == 404


def test_the_overlay_state_is_the_spectators_under_the_delay(served):
    client, match_id, keys = served
    assert client.post(f"/api/matches/{match_id}/delay", json={"events": 10}, headers=bearer(keys["judge"])
                       ).status_code == 200
    answer = client.get(f"/api/matches/{match_id}/overlay").json
    assert answer["seq"] == 127 and answer["view"] == "spectator" and answer["victory_score"] == 8
    assert answer["state"] == client.get(f"/api/matches/{match_id}/state?view=spectator").json
    # The caster's view runs as far behind; the match token reads it too, and is held back the same.
    for who in ("caster", "judge"):
        assert client.get(f"/api/matches/{match_id}/overlay?view=caster", headers=bearer(keys[who])).json["seq"] == 127
    assert client.get(f"/api/matches/{match_id}/overlay?at=130").status_code == 400


def test_the_overlay_state_says_who_passed_and_what_was_just_played(served):
    client, match_id, _ = served
    answer = client.get(f"/api/matches/{match_id}/overlay?at=84").json
    assert answer["passes"] == ["P1"] and answer["state"]["chain"][0]["card"] == "Windsinger"
    assert answer["played"]["seq"] == 82 and answer["played"]["card"] == "Windsinger"
    assert answer["played"]["text"] and answer["played"]["kind"] == "play"
    equip = client.get(f"/api/matches/{match_id}/overlay?at=97").json["played"]
    assert (equip["kind"], equip["card"]) == ("activate", "Doran's Blade")  # an activation names its source's card
    assert client.get(f"/api/matches/{match_id}/overlay?at=5").json["played"] is None


def test_the_casters_view_needs_the_casters_token_or_the_match_token(served):
    client, match_id, keys = served
    alone = client.get(f"/api/matches/{match_id}/overlay?view=caster")
    assert alone.status_code == 401 and "caster's token" in alone.json["error"]
    for who in ("P1", "P2"):  # a player reads their own hand, never the opponent's
        refused = client.get(f"/api/matches/{match_id}/overlay?view=caster", headers=bearer(keys[who]))
        assert refused.status_code == 403 and "only the caster's token or the match token" in refused.json["error"]
    assert client.get(f"/api/matches/{match_id}/overlay?view=caster", headers=bearer("nobody's")).status_code == 403
    client.set_cookie(f"riftlog-{match_id}", keys["judge"])  # a viewer's cookie is no caster's token
    assert client.get(f"/api/matches/{match_id}/overlay?view=caster").status_code == 401
    assert client.get(f"/api/matches/{match_id}/overlay?view=judge").status_code == 400
    # The caster's token reads no other view of the match.
    assert client.get(f"/api/matches/{match_id}/state?view=P1", headers=bearer(keys["caster"])).status_code == 403


def test_the_casters_token_dies_with_a_reissued_match_token(served, tmp_path):
    client, match_id, keys = served
    with recorder.Log(tmp_path / "overlay.db") as log:
        tokens.reissue(log, match_id, access.JUDGE, tokens.ORGANISER)
        assert tokens.caster_token(log, match_id) != keys["caster"]
    assert client.get(f"/api/matches/{match_id}/overlay?view=caster", headers=bearer(keys["caster"])).status_code \
        == 403


def test_the_casters_view_shows_what_either_player_sees_and_nothing_else(tmp_path):
    """Both hands and a facedown card, as their players see them; never a deck's cards nor the judge's fields."""
    with recorder.Log(tmp_path / "caster.db") as log:
        match_id, _ = demo.record_real_cards(log)
        state = log.state_at(match_id, 78)
    caster = caster_view(state)
    for player in ("P1", "P2"):
        own = engine.view(state, player)
        assert [caster["objects"][ref]["card"] for ref in caster["players"][player]["hand"]] == \
            [own["objects"][ref]["card"] for ref in own["players"][player]["hand"]]
        assert "deck" not in caster["players"][player]
    facedown = caster["battlefields"][1]["facedown"]
    assert caster["objects"][facedown]["card"] == "Windsinger"
    assert engine.view(state, "spectator")["objects"][facedown]["card"] is None
    assert not set(engine.views.INTERNAL) & set(caster)
    # Every card the caster's view names, some player's view names too (a deck's cards no player's does, 107.3.c).
    seen = {(ref, obj["card"]) for player in ("P1", "P2") for ref, obj in engine.view(state, player)["objects"].items()
            if obj.get("card")}
    assert {(ref, obj["card"]) for ref, obj in caster["objects"].items() if obj.get("card")} <= seen


def test_the_organiser_page_lists_each_tables_overlay_links_and_the_rounds(served, tmp_path):
    client, match_id, keys = served
    with recorder.Log(tmp_path / "overlay.db") as log:
        key = tokens.new_organiser_token(log)
    client.post("/organiser/token", data={"token": key})
    page = client.get("/organiser?event=riftlog demo: real cards&round=2").get_data(as_text=True)
    for kind in ("score", "board", "chain", "card"):
        assert f'value="http://localhost/matches/{match_id}/overlay/{kind}"' in page
        assert f'value="http://localhost/matches/{match_id}/overlay/{kind}#caster={keys["caster"]}"' in page
    assert 'id="round-overlay"' in page and "/tournament/overlay?event=riftlog+demo" in page
    assert keys["judge"] not in page  # the match token is never shown again
    # Without the organiser key, no caster's token.
    client.post("/organiser/token", data={"forget": "1"})
    assert keys["caster"] not in client.get("/organiser?event=riftlog demo: real cards&round=2").get_data(as_text=True)


def test_the_round_overlay_draws_the_tournament_pages_rows(served):
    client, match_id, _ = served
    page = client.get("/tournament/overlay?event=riftlog demo: real cards&round=2&scheme=light")
    text = page.get_data(as_text=True)
    assert page.status_code == 200 and f'data-match="{match_id}"' in text and "scheme-light" in text
    assert "data-feed=\"/tournament/feed?event=riftlog+demo" in text and "tournament.js" in text
    assert client.get("/tournament/overlay?event=riftlog demo: real cards").status_code == 400
    assert client.get("/tournament/overlay?event=Nowhere&round=1").status_code == 404
    wrong = client.get("/tournament/overlay?event=riftlog demo: real cards&round=2&layout=left")
    assert wrong.status_code == 400 and b"bottom, top" in wrong.data


def test_a_kept_answer_is_never_given_to_another_view_or_seq(served):
    """The overlay answers are kept for the next page asking (web.overlay.Answers): the caster's, asked first, is not
    what the spectator then gets at the same seq, and a new head is a new answer."""
    client, match_id, keys = served
    caster = client.get(f"/api/matches/{match_id}/overlay?view=caster&at=78", headers=bearer(keys["caster"])).json
    spectator = client.get(f"/api/matches/{match_id}/overlay?at=78").json
    hand = caster["state"]["players"]["P1"]["hand"]
    assert all(caster["state"]["objects"][ref]["card"] for ref in hand)
    assert not any(spectator["state"]["objects"][ref]["card"] for ref in hand)
    assert client.get(f"/api/matches/{match_id}/overlay?view=caster&at=78").status_code == 401  # still asked for
    before = client.get(f"/api/matches/{match_id}/overlay").json["seq"]
    note = client.post(f"/api/matches/{match_id}/events", json={"event": {"type": "note", "text": "x"}},
                       headers=bearer(keys["judge"]))
    assert note.status_code == 201
    assert client.get(f"/api/matches/{match_id}/overlay").json["seq"] == before + 1


def test_an_answer_asked_for_by_many_pages_at_once_is_made_once():
    """The stream tells every overlay page of a match of an event at once: the first asker makes the answer while
    the others wait for it (ten pages made it ten times in parallel, and the round's recorders waited behind them)."""
    answers, calls, started, gate = Answers(), [], threading.Event(), threading.Event()
    key = ("m1", "2026-01-01", 5, "spectator")

    def make() -> str:
        calls.append(1)
        started.set()
        gate.wait(10)
        return "made"

    results: list[str] = []
    first = threading.Thread(target=lambda: results.append(answers.get(key, make)))
    first.start()
    assert started.wait(10)
    others = [threading.Thread(target=lambda: results.append(answers.get(key, make))) for _ in range(4)]
    for thread in others:
        thread.start()
    gate.set()
    for thread in [first, *others]:
        thread.join(10)
    assert results == ["made"] * 5 and calls == [1]


def test_an_answer_whose_making_failed_is_made_by_the_next_asker():
    answers = Answers()

    def fail() -> str:
        raise RuntimeError("the fold failed")

    with pytest.raises(RuntimeError):
        answers.get(("m1", "t", 1, "spectator"), fail)
    assert answers.get(("m1", "t", 1, "spectator"), lambda: "made") == "made"
