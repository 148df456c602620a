"""web/guard.py in real headless Chromium under `riftlog serve` (issue 24, holes 7 and 10): a page served from
another port of 127.0.0.1 (the same site, so SameSite=Strict cookies go with its forms) submits the organiser's
delete, archive and reissue forms and the viewer's token form, and frames the organiser's page: each is refused and
nothing changes. The app's own screens raise no Content-Security-Policy violation."""
from __future__ import annotations

import json
import threading
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from html import escape
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import pytest

import recorder
from recorder import tokens
from serving import served_process
from test_viewer_browser import CHROMEDRIVER, CHROMIUM, browser, waiting  # noqa: F401 - the same headless Chromium

webdriver = pytest.importorskip("selenium.webdriver")
from selenium.webdriver.common.by import By  # noqa: E402

pytestmark = pytest.mark.skipif(not (Path(CHROMIUM).exists() and Path(CHROMEDRIVER).exists()),
                                reason="Chromium and ChromeDriver are not installed (run scripts/install-browser.sh)")

# Every Content-Security-Policy violation of a page, kept where the test reads it (set before any page script runs).
WATCH_CSP = """
window.__cspViolations = [];
document.addEventListener("securitypolicyviolation", function (event) {
  window.__cspViolations.push(event.violatedDirective + " " + (event.blockedURI || "inline") + " " +
                              (event.sourceFile || "") + ":" + (event.lineNumber || 0));
});
"""


@contextmanager
def attacker(pages: dict[str, str]) -> Iterator[str]:
    """Another server on 127.0.0.1 (another port) serving the attacker's pages {path: html}: yields its base URL."""

    class Pages(BaseHTTPRequestHandler):
        def do_GET(self) -> None:  # noqa: N802 - http.server's name
            body = pages.get(self.path, "").encode()
            self.send_response(200 if body else 404)
            self.send_header("Content-Type", "text/html; charset=utf-8")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

        def log_message(self, *args: object) -> None:
            pass

    server = ThreadingHTTPServer(("127.0.0.1", 0), Pages)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_port}"
    finally:
        server.shutdown()
        server.server_close()
        thread.join(timeout=10)


def forged(action: str, fields: dict[str, str]) -> str:
    """A page that submits a form to `action` as soon as it is opened."""
    inputs = "".join(f'<input type="hidden" name="{escape(name)}" value="{escape(value)}">'
                     for name, value in fields.items())
    return (f'<!doctype html><form id="f" method="post" action="{escape(action)}">{inputs}</form>'
            '<script>document.getElementById("f").submit();</script>')


def read(base: str, path: str) -> dict:
    with urllib.request.urlopen(f"{base}{path}", timeout=10) as response:
        return json.loads(response.read())


def exists(base: str, match_id: str) -> bool:
    try:
        read(base, f"/api/matches/{match_id}")
    except urllib.error.HTTPError as error:
        assert error.code == 404
        return False
    return True


@pytest.fixture
def tables(tmp_db, make_match_created, duel_game):
    """Three matches of round 1 (m1 played, m2 and m3 not) and an organiser key: (database, key, {id: token},
    m1's player tokens)."""
    with recorder.Log(tmp_db) as log:
        made = {}
        for table in (1, 2, 3):
            match_id, token = log.create_match(make_match_created(info={"event": "Regional", "round": 1,
                                                                         "table": table}))
            made[match_id] = token
        log.append("m1", duel_game(0))
        return tmp_db, tokens.new_organiser_token(log), made, tokens.player_tokens(log, "m1")


def test_a_page_on_another_port_cannot_use_the_organisers_or_the_judges_cookies(browser, tables):
    database, key, made, players = tables
    with served_process({"DATABASE": str(database), "TOURNAMENT_REFRESH": 3600}) as port:
        base = f"http://127.0.0.1:{port}"
        browser.get(f"{base}/organiser#token={key}")
        waiting(browser, 20).until(lambda d: d.find_element(By.ID, "organiser").get_attribute("data-signed-in")
                                   == "true")
        browser.get(f"{base}/matches/m1#token={made['m1']}")
        waiting(browser, 20).until(lambda d: "reading with the judge's token" in d.find_element(By.ID,
                                                                                                "token-form").text)
        pages = {"/delete": forged(f"{base}/organiser/matches/m2/delete", {"confirm": "m2"}),
                 "/archive": forged(f"{base}/organiser/matches/m1/archive", {"archived": "1"}),
                 "/reissue": forged(f"{base}/organiser/matches/m1/reissue", {"role": "judge"}),
                 "/login": forged(f"{base}/matches/m1/token", {"token": players["P2"]}),
                 "/frame": f'<!doctype html><iframe id="victim" src="{base}/organiser" width="800" height="600">'
                           "</iframe>"}
        with attacker(pages) as evil:
            for path in ("/delete", "/archive", "/reissue", "/login"):
                browser.get(f"{evil}{path}")
                waiting(browser, 20).until(lambda d: d.current_url.startswith(base))
                text = browser.find_element(By.TAG_NAME, "body").text
                assert "403" in text and f"'{evil}'" in text and "nothing was changed" in text, (path, text)
            assert exists(base, "m2") and read(base, "/api/matches/m1")["archived_at"] is None
            # The recording link still records (not reissued), and the judge still reads as the judge (the
            # viewer's cookie was not replaced by P2's token).
            request = urllib.request.Request(f"{base}/api/matches/m1/events", method="POST",
                                             data=json.dumps({"event": {"type": "note", "text": "x"}}).encode(),
                                             headers={"Content-Type": "application/json",
                                                      "Authorization": f"Bearer {made['m1']}"})
            with urllib.request.urlopen(request, timeout=10) as response:
                assert response.status == 201
            browser.get(f"{base}/matches/m1")
            assert "reading with the judge's token" in browser.find_element(By.ID, "token-form").text
            # Framed by the same site, the organiser's page is not shown.
            browser.get(f"{evil}/frame")
            frame = browser.find_element(By.ID, "victim")
            browser.switch_to.frame(frame)
            try:
                assert not browser.find_elements(By.ID, "organiser")
            finally:
                browser.switch_to.default_content()
        # The organiser's own page still deletes and archives.
        browser.get(f"{base}/organiser?event=Regional&round=1")
        browser.find_element(By.ID, "m2-confirm-delete").click()
        browser.find_element(By.ID, "m2-delete").click()
        waiting(browser).until(lambda d: not d.find_elements(By.ID, "m2-delete"))
        browser.find_element(By.ID, "m3-archive").click()
        waiting(browser).until(lambda d: not d.find_elements(By.ID, "m3-archive"))
        assert not exists(base, "m2") and read(base, "/api/matches/m3")["archived_at"] is not None


def test_the_apps_screens_raise_no_content_security_policy_violation(browser, tables):
    database, key, made, players = tables
    browser.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": WATCH_CSP})
    with served_process({"DATABASE": str(database), "TOURNAMENT_REFRESH": 3600}) as port:
        base = f"http://127.0.0.1:{port}"
        screens = {
            f"/matches/m1#token={made['m1']}": "timeline",  # the judge's page: scrubber, keys, live, cards
            f"/matches/m1#token={players['P1']}": "timeline",
            "/matches/m1?seq=3": "timeline",
            f"/matches/m1/record#token={made['m1']}": "record",
            f"/organiser#token={key}": "organiser",
            "/organiser?event=Regional&round=1": "organiser",
            "/organiser/matches/m1/card": "table-card",
            "/matches/new": "create-form",
            "/tournament?event=Regional&round=1": "tables",
            "/api/matches/m1/report?format=html": "report",
            "/matches/m1/slip": "main",
            "/": "main",
        }
        for path, element in screens.items():
            browser.get(f"{base}{path}")
            waiting(browser, 20).until(lambda d: d.execute_script("return document.readyState") == "complete"
                                       and (d.find_elements(By.ID, element) or d.find_elements(By.TAG_NAME,
                                                                                                element)))
            assert browser.execute_script("return window.__cspViolations") == [], path
