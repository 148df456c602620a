"""web/guard.py through a real `riftlog serve` (issue 24, holes 7, 10 and 15): a request that changes something and
was sent by a page of another origin (another port of the same host is another origin, though the same site) is
refused 403 naming that origin, and changes nothing; a Bearer token or no page at all (curl) is let through; every
answer carries the security headers; what a token reads is never cached."""
from __future__ import annotations

import html
import http.client
import json
from typing import Any
from urllib.parse import urlencode

import pytest

import recorder
from recorder import tokens
from serving import served_process

FOREIGN = "http://127.0.0.1:1"  # a page of the same host at another port: the same site, another origin


class Answer:
    def __init__(self, status: int, headers: http.client.HTTPMessage, body: bytes) -> None:
        self.status, self.headers, self.body = status, headers, body

    @property
    def text(self) -> str:
        return html.unescape(self.body.decode("utf-8", "replace"))

    def json(self) -> Any:
        return json.loads(self.body)


def send(port: int, method: str, path: str, *, form: dict | None = None, body: Any = None,
         headers: dict | None = None) -> Answer:
    """One request, redirects not followed (a form's 303 is its success)."""
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=20)
    sent = dict(headers or {})
    data = None
    if form is not None:
        data = urlencode(form).encode()
        sent["Content-Type"] = "application/x-www-form-urlencoded"
    elif body is not None:
        data = json.dumps(body).encode()
        sent["Content-Type"] = "application/json"
    try:
        connection.request(method, path, body=data, headers=sent)
        response = connection.getresponse()
        return Answer(response.status, response.headers, response.read())
    finally:
        connection.close()


@pytest.fixture
def served(tmp_db, make_match_created, duel_game):
    """`riftlog serve` on a database of three matches (one played, two not), with an organiser key: (port, key,
    {id: match token}, {id: player tokens}, a match_created body for one more)."""
    with recorder.Log(tmp_db) as log:
        made = {}
        for _ in range(3):
            match_id, token = log.create_match(make_match_created(info={"event": "Regional", "round": 1}))
            made[match_id] = token
        log.append("m1", duel_game(0))
        key = tokens.new_organiser_token(log)
        players = {match_id: tokens.player_tokens(log, match_id) for match_id in made}
    with served_process({"DATABASE": str(tmp_db)}) as port:
        yield port, key, made, players, make_match_created()


def organiser(key: str, origin: str | None, **more: str) -> dict:
    return {"Cookie": f"riftlog-organiser={key}", **({"Origin": origin} if origin else {}), **more}


def summary(port: int, match_id: str) -> Any:
    return send(port, "GET", f"/api/matches/{match_id}").json()


def test_the_organisers_forms_sent_from_another_port_are_refused_and_change_nothing(served):
    port, key, made, _, _ = served
    own = f"http://127.0.0.1:{port}"
    attempts = [("/organiser/matches/m2/delete", {"confirm": "m2"}), ("/organiser/matches/m1/archive", {"archived": "1"}),
                ("/organiser/matches/m1/reissue", {"role": "judge"}), ("/organiser/matches/m1/reissue", {"role": "P1"})]
    for path, form in attempts:
        refused = send(port, "POST", path, form=form, headers=organiser(key, FOREIGN))
        assert refused.status == 403, (path, refused.status)
        assert f"'{FOREIGN}'" in refused.text and f"not by this server's own pages ({own})" in refused.text
    assert summary(port, "m2")["id"] == "m2" and summary(port, "m1")["archived_at"] is None
    append = send(port, "POST", "/api/matches/m1/events", body={"event": {"type": "note", "text": "still mine"}},
                  headers={"Authorization": f"Bearer {made['m1']}"})
    assert append.status == 201  # the recording link was not reissued
    # The same forms from the organiser's own page work.
    assert send(port, "POST", "/organiser/matches/m1/archive", form={"archived": "1"},
                headers=organiser(key, own)).status == 303
    assert summary(port, "m1")["archived_at"] is not None
    assert send(port, "POST", "/organiser/matches/m2/delete", form={"confirm": "m2"},
                headers=organiser(key, own)).status == 303
    assert send(port, "GET", "/api/matches/m2").status == 404


def test_a_referer_of_another_origin_or_a_null_origin_is_refused_too(served):
    port, key, _, _, _ = served
    by_referer = send(port, "POST", "/organiser/matches/m2/delete", form={"confirm": "m2"},
                      headers=organiser(key, None, Referer=f"{FOREIGN}/attack.html"))
    assert by_referer.status == 403 and f"{FOREIGN}/attack.html" in by_referer.text
    by_null = send(port, "POST", "/organiser/matches/m2/delete", form={"confirm": "m2"}, headers=organiser(key, "null"))
    assert by_null.status == 403 and "'null'" in by_null.text
    other_scheme = send(port, "POST", "/organiser/matches/m2/delete", form={"confirm": "m2"},
                        headers=organiser(key, f"https://127.0.0.1:{port}"))
    assert other_scheme.status == 403
    assert summary(port, "m2")["id"] == "m2"


def test_a_login_csrf_cannot_replace_the_viewers_token_cookie(served):
    port, _, _, players, _ = served
    refused = send(port, "POST", "/matches/m1/token", form={"token": players["m1"]["P2"]},
                   headers={"Origin": FOREIGN})
    assert refused.status == 403 and "Set-Cookie" not in refused.headers
    forget = send(port, "POST", "/matches/m1/token", form={"forget": "1"}, headers={"Origin": FOREIGN})
    assert forget.status == 403 and "Set-Cookie" not in forget.headers
    kept = send(port, "POST", "/matches/m1/token", form={"token": players["m1"]["P2"]},
                headers={"Origin": f"http://127.0.0.1:{port}"})
    assert kept.status == 303 and "riftlog-m1=" in kept.headers["Set-Cookie"]


def test_every_form_and_cookie_post_of_the_app_is_guarded(served):
    """The guard is the app's, not a route's: every state-changing route refuses another origin, JSON under /api."""
    port, key, _, _, _ = served
    for method, path, form in [("POST", "/organiser/token", {"token": key}), ("POST", "/matches/new", {}),
                               ("POST", "/organiser/reprint", {"base": f"http://127.0.0.1:{port}/"}),
                               ("POST", "/api/matches/m1/archive", None), ("DELETE", "/api/matches/m2", None),
                               ("POST", "/api/decks/parse", None)]:
        answer = send(port, method, path, form=form, body=None if form is not None else {},
                      headers=organiser(key, FOREIGN))
        assert answer.status == 403, (method, path, answer.status)
        if path.startswith("/api/"):
            assert FOREIGN in answer.json()["error"]


def test_bearer_clients_and_clients_that_name_no_page_keep_working(served):
    port, key, made, _, created = served
    # An API client with a token may say any Origin: no page of another origin can set Authorization.
    archived = send(port, "POST", "/api/matches/m3/archive", body={},
                    headers={"Authorization": f"Bearer {key}", "Origin": FOREIGN})
    assert archived.status == 200 and archived.json()["archived_at"] is not None
    appended = send(port, "POST", "/api/matches/m1/events", body={"event": {"type": "note", "text": "hi"}},
                    headers={"Authorization": f"Bearer {made['m1']}", "Origin": FOREIGN})
    assert appended.status == 201
    # curl: no Origin, no Referer.
    answer = send(port, "POST", "/api/matches", body=created)
    assert answer.status == 201
    # Basic credentials are ambient (a browser sends them with any form): no way past the guard.
    basic = send(port, "POST", "/organiser/matches/m2/delete", form={"confirm": "m2"},
                 headers=organiser(key, FOREIGN, Authorization="Basic dXNlcjpwYXNz"))
    assert basic.status == 403


def test_behind_a_proxy_the_forwarded_host_is_the_servers_origin(tmp_db, make_match_created):
    with recorder.Log(tmp_db) as log:
        log.create_match(make_match_created())
        key = tokens.new_organiser_token(log)
    with served_process({"DATABASE": str(tmp_db), "BEHIND_PROXY": 1}) as port:
        proxied = {"X-Forwarded-Host": "riftlog.example", "X-Forwarded-Proto": "https", "X-Forwarded-For": "10.0.0.9"}
        direct = send(port, "POST", "/organiser/matches/m1/archive", form={"archived": "1"},
                      headers=organiser(key, f"http://127.0.0.1:{port}", **proxied))
        assert direct.status == 403 and "(https://riftlog.example)" in direct.text
        own = send(port, "POST", "/organiser/matches/m1/archive", form={"archived": "1"},
                   headers=organiser(key, "https://riftlog.example", **proxied))
        assert own.status == 303
        assert summary(port, "m1")["archived_at"] is not None


PAGES = ("/", "/matches/m1", "/organiser", "/tournament", "/api/matches", "/api/matches/m99", "/matches/new",
         "/matches/m1/slip")


def test_every_answer_carries_the_security_headers(served):
    port = served[0]
    for path in PAGES:
        answer = send(port, "GET", path)
        policy = answer.headers["Content-Security-Policy"]
        assert "frame-ancestors 'none'" in policy and "script-src 'self';" in policy, path
        assert "'unsafe-inline'" not in policy.split("style-src-attr")[0], path  # no inline script or <style>
        assert answer.headers["X-Content-Type-Options"] == "nosniff", path
        assert answer.headers["X-Frame-Options"] == "DENY", path
        assert answer.headers["Referrer-Policy"] == "same-origin", path


def test_the_report_inlines_its_stylesheet_under_the_answers_own_nonce(served):
    port = served[0]
    first = send(port, "GET", "/api/matches/m1/report?format=html")
    second = send(port, "GET", "/api/matches/m1/report?format=html")
    nonces = []
    for answer in (first, second):
        assert answer.status == 200
        nonce = answer.headers["Content-Security-Policy"].split("'nonce-")[1].split("'")[0]
        assert f'<style nonce="{nonce}">' in answer.text
        nonces.append(nonce)
    assert nonces[0] != nonces[1]


def test_what_a_token_reads_is_never_stored_in_a_cache(served):
    port, key, made, players, created = served
    judge = {"Authorization": f"Bearer {made['m1']}"}
    cookie = {"Cookie": f"riftlog-m1={made['m1']}"}
    stored = {
        "judge's page": send(port, "GET", "/matches/m1", headers=cookie),
        "player's page": send(port, "GET", "/matches/m1", headers={"Cookie": f"riftlog-m1={players['m1']['P1']}"}),
        "events with a token": send(port, "GET", "/api/matches/m1/events", headers=judge),
        "state with a token": send(port, "GET", "/api/matches/m1/state", headers=judge),
        "recording read": send(port, "GET", "/api/matches/m1/recording", headers=judge),
        "organiser page": send(port, "GET", "/organiser", headers=organiser(key, None)),
        "table card": send(port, "GET", "/organiser/matches/m1/card", headers=organiser(key, None)),
        "token form": send(port, "POST", "/matches/m1/token", form={"token": made["m1"]}),
        "new match": send(port, "POST", "/api/matches", body=created),
        "judge's download": send(port, "GET", "/matches/m1/notation", headers=cookie),
    }
    for what, answer in stored.items():
        assert answer.status in (200, 201, 303), (what, answer.status)
        assert answer.headers["Cache-Control"] == "no-store", what
    public = send(port, "GET", "/matches/m1")
    assert public.status == 200 and "no-store" not in (public.headers.get("Cache-Control") or "")


def test_a_stream_read_with_a_token_is_never_stored_in_a_cache(served):
    port, _, made, _, _ = served
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=20)
    try:
        connection.request("GET", "/api/matches/m1/stream", headers={"Authorization": f"Bearer {made['m1']}"})
        response = connection.getresponse()
        assert response.status == 200
        assert response.headers["Cache-Control"] == "no-store"
        assert response.headers["X-Content-Type-Options"] == "nosniff"
    finally:
        connection.close()
