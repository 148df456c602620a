"""`riftlog serve` at a venue, as a user runs it (the real server process, Granian -> web.gateway -> Flask): the
addresses it prints for phones on the venue's network, the reverse proxy's X-Forwarded-* headers honoured only with
`--behind-proxy`, and a reissued match token refused by the running server at once."""
from __future__ import annotations

import json
import os
import re
import signal
import subprocess
import sys
import urllib.error
import urllib.parse
import urllib.request
from pathlib import Path

import pytest

import recorder
from recorder import tokens
from serving import ROOT, free_port
from test_serve_lifecycle import live_processes, wait_serving

DECKS = Path(__file__).resolve().parent / "data" / "decks"


@pytest.fixture
def serve(tmp_db):
    """Start `riftlog --db tmp_db serve ARGS` (its banner read once it answers); every process ends at the end."""
    started: list[subprocess.Popen] = []

    def start(*args: str) -> tuple[int, list[str]]:
        port = free_port()
        command = [sys.executable, "-c", "from riftlog_cli import cli; cli()", "--db", str(tmp_db), "serve",
                   "--port", str(port), *args]
        server = subprocess.Popen(command, cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                                  start_new_session=True)
        started.append(server)
        wait_serving(server, port)
        banner = [server.stdout.readline()]
        while "new match:" not in banner[-1]:  # the banner's last line
            assert banner[-1], f"the server ended: {banner}"
            banner.append(server.stdout.readline())
        return port, banner

    yield start
    for server in started:
        for pid in live_processes(server.pid):
            os.kill(pid, signal.SIGKILL)
        server.wait()
        server.stdout.close()
        server.stderr.close()


def post_form(port: int, fields: dict[str, str], headers: dict[str, str] | None = None) -> str:
    request = urllib.request.Request(f"http://127.0.0.1:{port}/matches/new", method="POST",
                                     data=urllib.parse.urlencode(fields).encode(), headers=headers or {})
    with urllib.request.urlopen(request, timeout=60) as answer:
        assert answer.status == 201
        return answer.read().decode()


FORM = {"P1_name": "Ana", "P1_deck": (DECKS / "spiritforged_sivir.txt").read_text(encoding="utf-8"),
        "P2_name": "Ben", "P2_deck": (DECKS / "origins_kaisa.code").read_text(encoding="utf-8").strip(),
        "mode": "duel", "policy": "strict", "catalog": "demo", "action": "create"}
PROXY = {"X-Forwarded-Proto": "https", "X-Forwarded-Host": "riftlog.example.org", "X-Forwarded-For": "10.0.0.7"}


def record_link(page: str) -> str:
    return re.search(r'id="record-link" href="([^"]+)"', page).group(1)


def test_serving_every_interface_prints_this_machines_addresses_for_phones(serve):
    from web import serving

    port, banner = serve("--host", "0.0.0.0")
    expected = serving.urls("0.0.0.0", port)
    assert banner[0].startswith(f"riftlog: serving ") and f"at {expected[0]}" in banner[0]
    assert expected[-1] == f"http://127.0.0.1:{port}/"
    lan = [url for url in expected if "127.0.0.1" not in url]
    assert lan, "a machine on a network has an address other than loopback"
    assert all(f"also at {url}" in "".join(banner) for url in expected[1:2])
    with urllib.request.urlopen(f"{lan[0]}api/matches", timeout=60) as answer:  # reached by that address
        assert answer.status == 200


def test_behind_a_proxy_the_card_links_name_the_proxys_https_address(serve):
    port, banner = serve("--behind-proxy")
    assert any("behind a reverse proxy" in line for line in banner)
    page = post_form(port, {**FORM, "table": "1"}, PROXY)
    assert record_link(page).startswith("https://riftlog.example.org/matches/m1/record#token=")
    assert 'id="loopback-warning"' not in page


def test_without_behind_proxy_the_forwarded_headers_are_ignored(serve):
    port, _ = serve()
    page = post_form(port, FORM, PROXY)
    assert record_link(page).startswith(f"http://127.0.0.1:{port}/matches/m1/record#token=")
    assert 'id="loopback-warning"' in page


def test_a_reissued_match_token_is_refused_by_the_running_server_at_once(serve, tmp_db):
    port, _ = serve()
    old = record_link(post_form(port, FORM)).split("#token=")[1]
    with recorder.Log(tmp_db) as log:
        key = tokens.new_organiser_token(log)  # `riftlog organiser`, beside the running server

    def call(path: str, body: dict, token: str) -> tuple[int, dict]:
        request = urllib.request.Request(f"http://127.0.0.1:{port}{path}", method="POST",
                                         data=json.dumps(body).encode(),
                                         headers={"Authorization": f"Bearer {token}",
                                                  "Content-Type": "application/json"})
        try:
            with urllib.request.urlopen(request, timeout=60) as answer:
                return answer.status, json.loads(answer.read())
        except urllib.error.HTTPError as error:
            return error.code, json.loads(error.read())

    note = {"event": {"type": "note", "text": "before"}}
    assert call("/api/matches/m1/events", note, old)[0] == 201  # the server holds the old hash hot
    status, answer = call("/api/matches/m1/reissue", {"role": "judge"}, key)
    assert status == 200 and answer["links"]["record"].startswith(f"http://127.0.0.1:{port}/matches/m1/record")
    status, refused = call("/api/matches/m1/events", note, old)
    assert status == 403 and "only the match token" in refused["error"]
    assert call("/api/matches/m1/events", note, answer["token"])[0] == 201


def test_a_live_stream_opened_with_a_reissued_player_token_ends_and_cannot_reopen(serve, tmp_db):
    import http.client

    port, _ = serve()
    page = post_form(port, FORM)
    old = re.search(r'id="P1-link" href="[^"#]+#token=([^"]+)"', page).group(1)
    with recorder.Log(tmp_db) as log:
        key = tokens.new_organiser_token(log)
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
    connection.request("GET", "/api/matches/m1/stream?view=P1", headers={"Authorization": f"Bearer {old}"})
    stream = connection.getresponse()
    assert stream.status == 200 and stream.readline().startswith(b"retry:")
    request = urllib.request.Request(f"http://127.0.0.1:{port}/api/matches/m1/reissue", method="POST",
                                     data=json.dumps({"role": "P1"}).encode(),
                                     headers={"Authorization": f"Bearer {key}", "Content-Type": "application/json"})
    with urllib.request.urlopen(request, timeout=60) as answer:
        assert answer.status == 200
    while stream.readline():  # the hub ends the stream at once (a socket timeout fails the test)
        pass
    assert stream.isclosed() or stream.read() == b""
    connection.close()
    again = urllib.request.Request(f"http://127.0.0.1:{port}/api/matches/m1/stream?view=P1",
                                   headers={"Authorization": f"Bearer {old}"})
    with pytest.raises(urllib.error.HTTPError) as refused:
        urllib.request.urlopen(again, timeout=60)
    assert refused.value.code == 403
