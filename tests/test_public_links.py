"""The links handed to phones follow the server's address, not the one a card was first printed at
(web.tablecard.site_base): `riftlog serve --url` names the public address; `--host 0.0.0.0` with a page asked at
127.0.0.1 names this machine's address on its network. A table whose cards were printed from `make run` on
127.0.0.1 gets working players' links after a restart with HOST=0.0.0.0 without a reissue (their tokens are
derived); the recording link is kept only as a hash, so the organiser's page gives a new one (docs/web.md)."""
from __future__ import annotations

import json
import re
import subprocess
import sys
import urllib.request

import pytest

import recorder
from recorder import tokens
from serving import ROOT, free_port, stop
from test_serve_lifecycle import wait_serving
from test_venue import FORM, post_form, record_link
from web import create_app, serving


@pytest.fixture
def venue(tmp_db):
    """Start `riftlog --db tmp_db serve --port PORT ARGS`, as `make run` does; returns (port, banner, process).
    Stopped as Ctrl+C stops it, at the end or when the test calls `serving.stop`."""
    started: list[subprocess.Popen] = []

    def start(*args: str) -> tuple[int, str, subprocess.Popen]:
        port = free_port()
        server = subprocess.Popen([sys.executable, "-c", "from riftlog_cli import cli; cli()", "--db", str(tmp_db),
                                   "serve", "--port", str(port), *args], cwd=ROOT, stdout=subprocess.PIPE,
                                  stderr=subprocess.PIPE, text=True, start_new_session=True)
        started.append(server)
        wait_serving(server, port)
        banner = [server.stdout.readline()]
        while "new match:" not in banner[-1]:
            assert banner[-1], f"the server ended: {banner}"
            banner.append(server.stdout.readline())
        return port, "".join(banner), server

    yield start
    for server in started:
        if server.poll() is None:
            stop(server)
        server.stdout.close()
        server.stderr.close()


def player_link(page: str, player: str) -> str:
    return re.search(rf'id="{player}-link" href="([^"]+)"', page).group(1)


def opens(url: str) -> bool:
    """Whether the page of a link (without its fragment, which a browser never sends) answers."""
    with urllib.request.urlopen(url.split("#", 1)[0], timeout=60) as answer:
        return answer.status == 200


def test_every_interface_a_card_asked_at_loopback_names_this_machines_address(venue):
    port, _, _ = venue("--host", "0.0.0.0")
    lan = serving.urls("0.0.0.0", port)[0]
    assert "127.0.0.1" not in lan, "a machine on a network has an address other than loopback"
    page = post_form(port, {**FORM, "table": "4"})  # the form, from a browser on the server's own machine
    assert record_link(page).startswith(f"{lan}matches/m1/record#token=")
    assert player_link(page, "P1").startswith(f"{lan}matches/m1#token=")
    assert 'id="loopback-warning"' not in page
    assert opens(record_link(page)) and opens(player_link(page, "P2"))  # reached by that address


def test_a_public_url_names_the_cards_links(venue):
    port, banner, _ = venue("--url", "https://riftlog.venue.example/")
    assert "the table cards' links name https://riftlog.venue.example/" in banner
    page = post_form(port, FORM)
    assert record_link(page).startswith("https://riftlog.venue.example/matches/m1/record#token=")
    assert 'id="loopback-warning"' not in page


def test_restarted_on_the_venues_network_the_tables_links_work_without_reissuing(venue, tmp_db):
    port, _, first = venue()  # `make run`: 127.0.0.1 only
    page = post_form(port, {**FORM, "table": "7"})
    printed = {player: player_link(page, player) for player in ("P1", "P2")}
    recording = record_link(page)
    assert printed["P1"].startswith(f"http://127.0.0.1:{port}/") and 'id="loopback-warning"' in page
    stop(first)
    with recorder.Log(tmp_db) as log:
        key = tokens.new_organiser_token(log)
    port, _, _ = venue("--host", "0.0.0.0")  # `make run HOST=0.0.0.0`
    lan = serving.urls("0.0.0.0", port)[0]
    cookie = {"Cookie": f"riftlog-organiser={key}"}
    request = urllib.request.Request(f"http://127.0.0.1:{port}/organiser/matches/m1/card", headers=cookie)
    with urllib.request.urlopen(request, timeout=60) as answer:
        card = answer.read().decode()
    for player, link in printed.items():  # the same tokens, now on the address phones reach
        assert player_link(card, player) == f"{lan}matches/m1#token={link.split('#token=')[1]}"
    assert 'id="loopback-warning"' not in card
    # The recording link was shown once (the match token is kept as its hash): the organiser's reissue gives one.
    request = urllib.request.Request(f"http://127.0.0.1:{port}/api/matches/m1/reissue", method="POST",
                                     data=json.dumps({"role": "judge"}).encode(),
                                     headers={"Authorization": f"Bearer {key}", "Content-Type": "application/json"})
    with urllib.request.urlopen(request, timeout=60) as answer:
        reissued = json.loads(answer.read())
    assert reissued["links"]["record"].startswith(f"{lan}matches/m1/record#token=")
    assert reissued["token"] != recording.split("#token=")[1]


def test_the_configured_url_wins_over_the_requests_address(tmp_db):
    app = create_app({"DATABASE": str(tmp_db), "TESTING": True, "PUBLIC_URL": "http://10.1.2.3:5000",
                      "LISTEN_HOST": "0.0.0.0", "LISTEN_PORT": 5000})
    with app.test_request_context("/", base_url="http://127.0.0.1:5000"):
        from web.tablecard import site_base

        assert site_base() == "http://10.1.2.3:5000/"
    app.config["PUBLIC_URL"] = None
    with app.test_request_context("/", base_url="http://192.168.9.9:5000"):  # asked at a reachable address: kept
        assert site_base() == "http://192.168.9.9:5000/"
    app.config["LISTEN_HOST"] = "127.0.0.1"
    with app.test_request_context("/", base_url="http://127.0.0.1:5000"):  # loopback only: nothing better to name
        assert site_base() == "http://127.0.0.1:5000/"
