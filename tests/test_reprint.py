"""Cards printed for another address (issue 27, friction 6; docs/web.md, "Cards printed for another address"): the
recording link is shown once, so a table card printed while the server listened on 127.0.0.1 cannot be fixed by
printing it again. The address each card's recording link was handed out on is kept (`matches.card_base`, never
the token); the organiser's page offers, in one step, new cards for the tables not yet started whose cards name
another address than the one phones reach now, and the reprint reissues exactly those (the token rules unchanged:
the old link dead at once, a note in the log)."""
from __future__ import annotations

import re

import pytest

import recorder
from recorder import tokens
from stores import on_both_stores
from test_create import DECKS, KAISA, form, run

LOCAL = "http://127.0.0.1:5000"
VENUE = "http://192.168.1.20:5000"
RECORD_LINK = re.compile(r'id="(?:(m\d+)-)?record-link" href="([^"]+)"')


@pytest.fixture
def organiser_key(log) -> str:
    return tokens.new_organiser_token(log)


def created(client, table: str) -> tuple[str, str]:
    """A match created by the browser's form at the local address (as `make run` serves it first): (id, the
    recording link its card printed)."""
    page = client.post("/matches/new", data=form(table=table), base_url=LOCAL).get_data(as_text=True)
    [(_, link)] = RECORD_LINK.findall(page)
    return re.search(r"/matches/(m\d+)/", link).group(1), link


def token_of(link: str) -> str:
    return link.split("#token=", 1)[1]


def started(client, match_id: str, token: str) -> None:
    """Game 1 begun at the table (each player's first battlefield), as its scorekeeper records it."""
    judge = {"Authorization": f"Bearer {token}"}
    players = client.get(f"/api/matches/{match_id}/state", headers=judge).get_json()["players"]
    answer = client.post(f"/api/matches/{match_id}/events", headers=judge, json={
        "event": {"type": "game_started", "game": 1, "first_player": "P1",
                  "battlefields": {player: info["battlefield_choices"][0] for player, info in players.items()}}})
    assert answer.status_code == 201, answer.get_json()


@pytest.fixture
def round_at_the_old_address(app, client, log, organiser_key, make_match_created):
    """Round 3 of Regional: tables 12, 13 and 14 created at 127.0.0.1, table 14 started; a fourth match created
    with no address known (the API: its caller builds its own links). Then the server is reached at the venue's
    address (`riftlog serve --url`), and the organiser signs in."""
    made = {table: created(client, table) for table in ("12", "13", "14")}
    started(client, made["14"][0], token_of(made["14"][1]))
    unknown, _ = log.create_match(make_match_created("strict", info={"event": "Regional", "round": 3, "table": 15}))
    app.config["PUBLIC_URL"] = VENUE
    client.post("/organiser/token", data={"token": organiser_key})
    return made, unknown


@on_both_stores
def test_the_address_a_recording_link_is_handed_out_on_is_kept(app, client, log, organiser_key):
    match_id, link = created(client, "12")
    assert tokens.card_base(log, match_id) == LOCAL + "/" and link.startswith(LOCAL + "/matches/")
    app.config["PUBLIC_URL"] = VENUE
    client.post("/organiser/token", data={"token": organiser_key})
    client.post(f"/organiser/matches/{match_id}/reissue", data={"role": "P1"})  # a player's link: not the card's
    assert tokens.card_base(log, match_id) == LOCAL + "/"
    client.post(f"/organiser/matches/{match_id}/reissue", data={"role": "judge"})
    assert tokens.card_base(log, match_id) == VENUE + "/"


def test_the_organiser_page_offers_to_reprint_the_tables_not_yet_started_for_the_new_address(client, log,
                                                                                             round_at_the_old_address):
    made, unknown = round_at_the_old_address
    for page in (client.get("/organiser").get_data(as_text=True),
                 client.get("/organiser?event=Regional&round=3").get_data(as_text=True)):
        assert 'id="reprint" data-count="2"' in page
        assert f"Reprint the 2 tables not yet started for {VENUE}/" in page
        shown = re.search(r'id="reprint-tables">(.*?)</p>', page, re.S).group(1)
        assert shown == f"table 12 ({made['12'][0]}), table 13 ({made['13'][0]})"  # not the started 14, nor 15
        assert "a phone cannot open those links" in page and f"<code>{LOCAL}/</code>" in page
    assert tokens.card_base(log, unknown) is None


def test_the_reprint_reissues_only_those_tables_and_answers_their_new_cards(client, log, round_at_the_old_address):
    made, _ = round_at_the_old_address
    answer = client.post("/organiser/reprint", data={"base": VENUE + "/", "event": "Regional", "round": "3"})
    assert answer.status_code == 200 and answer.headers["Cache-Control"] == "no-store"
    page = answer.get_data(as_text=True)
    links = {match_id: link for match_id, link in RECORD_LINK.findall(page)}
    assert set(links) == {made["12"][0], made["13"][0]}
    assert all(link.startswith(f"{VENUE}/matches/") for link in links.values())
    assert page.count('<article class="sheet') == 2 and "New cards for 2 tables not yet started" in page
    for table in ("12", "13"):
        match_id, old = made[table]
        assert not log.check_token(match_id, token_of(old)) and log.check_token(match_id, token_of(links[match_id]))
        assert tokens.card_base(log, match_id) == VENUE + "/"
        assert "reissued by the organiser" in log.events(match_id)[-1]["event"]["text"]
    assert log.check_token(made["14"][0], token_of(made["14"][1]))  # the started table keeps its link
    again = client.get("/organiser").get_data(as_text=True)
    assert 'id="reprint"' not in again  # every card names the address now
    second = client.post("/organiser/reprint", data={"base": VENUE + "/"})
    assert second.status_code == 409 and "no table left to reprint" in second.get_data(as_text=True)
    assert all(log.check_token(match_id, token_of(link)) for match_id, link in links.items())  # nothing reissued


def test_a_reprint_for_an_address_the_page_did_not_offer_is_refused(client, log, round_at_the_old_address):
    made, _ = round_at_the_old_address
    answer = client.post("/organiser/reprint", data={"base": "http://10.0.0.9:5000/"})
    assert answer.status_code == 409
    assert f"phones reach this server at {VENUE}/ now: nothing was reissued" in answer.get_data(as_text=True)
    assert log.check_token(made["12"][0], token_of(made["12"][1]))


def test_a_reprint_without_the_organiser_key_is_refused(app, client, log, make_match_created):
    match_id, link = created(client, "12")
    app.config["PUBLIC_URL"] = VENUE
    assert client.post("/organiser/reprint", data={"base": VENUE + "/"}).status_code == 403
    assert log.check_token(match_id, token_of(link))


def test_nothing_is_offered_while_the_server_is_still_reached_at_loopback(client, log, organiser_key):
    """New cards on 127.0.0.1:5001 would be no better than the old ones on 127.0.0.1:5000: no offer."""
    match_id, _ = created(client, "12")
    assert tokens.card_base(log, match_id) == LOCAL + "/"  # kept, and other than the address now
    client.post("/organiser/token", data={"token": organiser_key}, base_url="http://127.0.0.1:5001")
    page = client.get("/organiser", base_url="http://127.0.0.1:5001").get_data(as_text=True)
    assert "Regional · round 3" in page and 'id="reprint"' not in page


def test_riftlog_create_keeps_the_address_its_links_name_and_none_without_url(runner, tmp_db):
    """`riftlog create --url` prints the links on that address: it is kept as the card's; without --url the links
    are relative, and the address stays unknown (never offered for a reprint)."""
    deck = ["--p1", f"Ana={DECKS / 'spiritforged_sivir.txt'}", "--p2", f"Ben={KAISA}"]
    assert run(runner, "--db", tmp_db, "create", *deck, "--url", VENUE).exit_code == 0
    assert run(runner, "--db", tmp_db, "create", *deck).exit_code == 0
    with recorder.Log(tmp_db) as log:
        assert tokens.card_base(log, "m1") == VENUE + "/" and tokens.card_base(log, "m2") is None
