"""The organiser's side (web/organiser.py, recorder/tokens.py): the organiser key from `riftlog organiser`, the page
that lists a round's tables with their links, and a lost match or player token reissued (the page, the API, the
CLI): a new token, the old one refused at once (401/403 on append), a judge's note in the log."""
from __future__ import annotations

import json
import re

import pytest

import recorder
from recorder import tokens
from riftlog_cli import cli


def run(runner, *args):
    return runner.invoke(cli, [str(arg) for arg in args], catch_exceptions=False)


@pytest.fixture
def tables(log, make_match_created) -> dict[str, tuple[str, dict[str, str]]]:
    """Three matches: tables 2 and 1 of Regional round 3, and one that names no round: {id: (token, players)}."""
    made = {}
    for info in ({"event": "Regional", "round": 3, "table": 2}, {"event": "Regional", "round": 3, "table": 1}, None):
        event = make_match_created("strict", **({"info": info} if info else {}))
        match_id, token = log.create_match(event)
        made[match_id] = (token, tokens.player_tokens(log, match_id))
    return made


@pytest.fixture
def organiser_key(log) -> str:
    return tokens.new_organiser_token(log)


def sign_in(client, key: str):
    return client.post("/organiser/token", data={"token": key})


def append_note(client, match_id: str, token: str):
    return client.post(f"/api/matches/{match_id}/events", json={"event": {"type": "note", "text": "hello"}},
                       headers={"Authorization": f"Bearer {token}"})


def test_the_organiser_page_asks_for_the_key_and_keeps_it_in_an_httponly_cookie(client, tables, organiser_key):
    page = client.get("/organiser")
    assert page.status_code == 200 and 'id="organiser-form"' in page.get_data(as_text=True)
    assert "Players&#39; card" not in page.get_data(as_text=True)
    answer = sign_in(client, organiser_key)
    assert answer.status_code == 303
    cookie = answer.headers["Set-Cookie"]
    assert "riftlog-organiser=" in cookie and "HttpOnly" in cookie and "SameSite=Strict" in cookie
    assert "Path=/organiser" in cookie
    page = client.get("/organiser").get_data(as_text=True)
    assert "Regional · round 3" in page and 'data-match="m3"' in page  # the match without a round


def test_a_wrong_or_replaced_organiser_key_is_refused(client, log, tables, organiser_key):
    assert sign_in(client, "not-the-key").status_code == 403
    assert client.post("/organiser/matches/m1/reissue", data={"role": "judge"}).status_code == 403
    sign_in(client, organiser_key)
    tokens.new_organiser_token(log)  # `riftlog organiser` again: the old key is dead
    page = client.get("/organiser")
    assert page.status_code == 403 and 'id="stale-key"' in page.get_data(as_text=True)
    assert client.post("/organiser/matches/m1/reissue", data={"role": "judge"}).status_code == 403
    assert client.get("/organiser/matches/m1/card").status_code == 403


def test_a_database_without_a_key_says_how_to_make_one(client, tables):
    assert 'id="no-key"' in client.get("/organiser").get_data(as_text=True)
    assert sign_in(client, "anything").status_code == 403


def test_a_round_lists_its_tables_in_order_with_the_players_links(client, tables, organiser_key):
    sign_in(client, organiser_key)
    page = client.get("/organiser?event=Regional&round=3").get_data(as_text=True)
    assert re.findall(r'<li class="panel" data-match="(m\d+)"', page) == ["m2", "m1"]  # table 1, then table 2
    for match_id in ("m1", "m2"):
        for player, secret in tables[match_id][1].items():
            assert f'id="{match_id}-{player}-link" href="/matches/{match_id}#token={secret}"' in page
        assert tables[match_id][0] not in page  # the match token is never shown again
    assert client.get("/organiser?event=Regional&round=9").status_code == 404
    assert client.get("/organiser?event=Regional").status_code == 400


def test_the_organiser_reissues_a_lost_recording_link_the_old_token_is_refused_at_once(client, log, tables,
                                                                                       organiser_key):
    sign_in(client, organiser_key)
    old, players = tables["m1"]
    answer = client.post("/organiser/matches/m1/reissue", data={"role": "judge"})
    assert answer.status_code == 200 and answer.headers["Cache-Control"] == "no-store"
    page = answer.get_data(as_text=True)
    record = re.search(r'id="record-link" href="http://localhost/matches/m1/record#token=([^"]+)"', page).group(1)
    assert record != old and page.count('class="qr"') == 3
    assert append_note(client, "m1", old).status_code == 403
    assert append_note(client, "m1", record).status_code == 201
    assert log.events("m1")[1]["event"]["text"].startswith("The match token (the judge's key, which records this "
                                                           "match) was reissued by the organiser")
    # The players' tokens the old match token could print die with it (issue 24): the card carries new ones.
    assert log.reader("m1", players["P1"]) is None
    assert tokens.player_tokens(log, "m1")["P1"] in page


def test_the_organiser_reissues_a_players_link_the_old_one_no_longer_reads(client, log, tables, organiser_key):
    sign_in(client, organiser_key)
    old = tables["m1"][1]["P2"]
    assert client.get("/api/matches/m1/state", headers={"Authorization": f"Bearer {old}"}).status_code == 200
    page = client.post("/organiser/matches/m1/reissue", data={"role": "P2"}).get_data(as_text=True)
    new = re.search(r'id="P2-link" href="http://localhost/matches/m1#token=([^"]+)"', page).group(1)
    assert 'id="record-link"' not in page  # a player's reissue shows no recording link
    assert client.get("/api/matches/m1/state", headers={"Authorization": f"Bearer {old}"}).status_code == 403
    assert client.get("/api/matches/m1/state", headers={"Authorization": f"Bearer {new}"}).get_json()["players"][
        "P2"]["hand_count"] == 0
    assert client.post("/organiser/matches/m1/reissue", data={"role": "P7"}).status_code == 400
    assert client.post("/organiser/matches/m99/reissue", data={"role": "P1"}).status_code == 404


def test_the_players_card_shows_the_players_links_as_they_stand(client, tables, organiser_key):
    sign_in(client, organiser_key)
    page = client.get("/organiser/matches/m1/card").get_data(as_text=True)
    assert f'id="P1-link" href="http://localhost/matches/m1#token={tables["m1"][1]["P1"]}"' in page
    assert 'id="record-link"' not in page and "reissues it" in page


# --- the API ---------------------------------------------------------------------------------------------------


def reissue(client, match_id: str, role, token: str | None):
    headers = {"Authorization": f"Bearer {token}"} if token is not None else {}
    return client.post(f"/api/matches/{match_id}/reissue", json={"role": role}, headers=headers)


def test_the_api_reissues_with_the_organiser_key_any_role(client, tables, organiser_key):
    old = tables["m2"][0]
    answer = reissue(client, "m2", "judge", organiser_key)
    assert answer.status_code == 200
    body = answer.get_json()
    assert body["by"] == "organiser" and body["links"]["record"] == \
        f"http://localhost/matches/m2/record#token={body['token']}"
    assert append_note(client, "m2", old).status_code == 403
    assert append_note(client, "m2", body["token"]).status_code == 201


def test_the_match_token_reissues_its_players_tokens_not_its_own(client, log, tables):
    token, players = tables["m1"]
    answer = reissue(client, "m1", "P1", token)
    assert answer.status_code == 200 and answer.get_json()["by"] == "judge" and "token" not in answer.get_json()
    assert log.reader("m1", players["P1"]) is None
    assert reissue(client, "m1", "judge", token).status_code == 403
    assert reissue(client, "m2", "P1", token).status_code == 403  # another match's token


@pytest.mark.parametrize("body, status", [
    ({"role": "P3"}, 400), ({"role": 1}, 400), ({}, 400), ({"role": "P1", "extra": 1}, 400), ([], 400),
])
def test_the_api_refuses_a_malformed_reissue(client, tables, organiser_key, body, status):
    answer = client.post("/api/matches/m1/reissue", json=body, headers={"Authorization": f"Bearer {organiser_key}"})
    assert answer.status_code == status and "error" in answer.get_json()


def test_the_api_refuses_a_reissue_without_or_with_a_wrong_key(client, tables, organiser_key):
    assert reissue(client, "m1", "P1", None).status_code == 401
    assert reissue(client, "m1", "P1", "wrong").status_code == 403
    assert reissue(client, "m1", "P1", tables["m1"][1]["P1"]).status_code == 403  # a player token never reissues
    assert reissue(client, "m99", "P1", organiser_key).status_code == 404


# --- the CLI ---------------------------------------------------------------------------------------------------


def test_riftlog_organiser_prints_the_same_link_and_a_new_one_only_with_reissue(runner, tmp_db, log):
    first = json.loads(run(runner, "--db", tmp_db, "organiser", "--url", "http://192.168.1.20:5000/").stdout)
    assert first["link"] == f"http://192.168.1.20:5000/organiser#token={first['token']}"
    again = run(runner, "--db", tmp_db, "organiser", "--url", "http://192.168.1.20:5000")
    assert json.loads(again.stdout) == first and tokens.is_organiser(log, first["token"])
    second = run(runner, "--db", tmp_db, "organiser", "--reissue", "--url", "http://192.168.1.20:5000")
    assert "open http://192.168.1.20:5000/organiser#token=" in second.stderr
    assert tokens.is_organiser(log, json.loads(second.stdout)["token"])
    assert not tokens.is_organiser(log, first["token"])


def test_riftlog_organiser_names_this_machine_for_a_wildcard_host(runner, tmp_db):
    from web import serving

    answer = json.loads(run(runner, "--db", tmp_db, "organiser", "--url", "http://0.0.0.0:5000").stdout)
    assert answer["link"].startswith(serving.urls("0.0.0.0", 5000)[0] + "organiser#token=")
    assert "0.0.0.0" not in answer["link"]


def test_riftlog_reissue_prints_the_new_token_and_its_link(runner, tmp_db, log, tables):
    result = run(runner, "--db", tmp_db, "reissue", "m1", "judge", "--url", "http://192.168.1.20:5000")
    assert result.exit_code == 0, result.output
    answer = json.loads(result.stdout)
    assert answer["links"]["record"] == f"http://192.168.1.20:5000/matches/m1/record#token={answer['token']}"
    recorder.heads.HOT._token_hashes.clear()  # this test's process kept the old hash hot; a server reads anew
    assert log.check_token("m1", answer["token"]) and not log.check_token("m1", tables["m1"][0])


@pytest.mark.parametrize("args, message", [
    (["m1", "P5"], "has no role 'P5'"),
    (["m99", "P1"], "no match 'm99'"),
])
def test_riftlog_reissue_refuses_what_it_cannot(runner, tmp_db, tables, args, message):
    result = run(runner, "--db", tmp_db, "reissue", *args)
    assert result.exit_code == 1 and message in result.stderr and "Traceback" not in result.output


def test_riftlog_reissue_refuses_beside_a_running_server(runner, tmp_db, tables):
    from web import lifecycle

    claim = lifecycle.claim_database(str(tmp_db))  # as `riftlog serve` holds it
    try:
        result = run(runner, "--db", tmp_db, "reissue", "m1", "judge")
    finally:
        claim.close()
    assert result.exit_code == 1 and "reissue through it" in result.stderr
    with recorder.Log(tmp_db) as log:
        assert log.match("m1")["head_seq"] == 1
