"""Matches under control in real headless Chromium at 360 px, under `riftlog serve`, on both stores: on the
organiser's page of a round where table 1 was recorded three times, the organiser deletes a test match (after
ticking its box) and archives the other; the tournament page then lists table 1 once. Screenshot:
/tmp/riftlog-tables/organiser-archive-phone.png."""
from __future__ import annotations

import json
import urllib.request
from pathlib import Path

import pytest

import recorder
from recorder import tokens
from serving import served_process
from test_create_browser import PHONE, fits, shot
from test_viewer_browser import CHROMEDRIVER, CHROMIUM, browser, waiting  # noqa: F401 - the same headless Chromium

webdriver = pytest.importorskip("selenium.webdriver")
from selenium.webdriver.common.by import By  # noqa: E402

pytestmark = pytest.mark.skipif(not (Path(CHROMIUM).exists() and Path(CHROMEDRIVER).exists()),
                                reason="Chromium and ChromeDriver are not installed (run scripts/install-browser.sh)")


def post(base: str, path: str, body: dict, token: str | None = None) -> dict:
    headers = {"Content-Type": "application/json", **({"Authorization": f"Bearer {token}"} if token else {})}
    request = urllib.request.Request(f"{base}{path}", data=json.dumps(body).encode(), headers=headers, method="POST")
    with urllib.request.urlopen(request, timeout=10) as response:
        return json.loads(response.read())


def test_the_organiser_deletes_and_archives_duplicate_tables_from_the_phone(browser, database,  # noqa: F811
                                                                            make_match_created, duel_game):
    with served_process({"DATABASE": str(database), "TOURNAMENT_REFRESH": 3600}) as port:
        base = f"http://127.0.0.1:{port}"
        made = [post(base, "/api/matches", make_match_created(info={"event": "Regional", "round": 1, "table": 1}))
                for _ in range(3)]
        played, test_match, imported = (answer["id"] for answer in made)
        post(base, f"/api/matches/{played}/events", {"events": duel_game(0)}, made[0]["token"])
        post(base, f"/api/matches/{imported}/events", {"events": duel_game(0)}, made[2]["token"])
        with recorder.Log(database) as log:
            key = tokens.new_organiser_token(log)
        browser.set_window_size(*PHONE)
        browser.get(f"{base}/organiser#token={key}")
        waiting(browser, 20).until(lambda d: d.find_element(By.ID, "organiser").get_attribute("data-signed-in")
                                   == "true")
        browser.find_element(By.LINK_TEXT, "Regional · round 1").click()
        waiting(browser).until(lambda d: d.find_elements(By.ID, f"{test_match}-delete"))
        assert not browser.find_elements(By.ID, f"{played}-delete")  # a game recorded: archive only
        fits(browser)
        shot(browser, "organiser-archive-phone", at=f"{test_match}-delete")
        browser.find_element(By.ID, f"{test_match}-delete").click()  # the box not ticked: the form is not sent
        assert browser.find_elements(By.ID, f"{test_match}-delete")
        browser.find_element(By.ID, f"{test_match}-confirm-delete").click()
        browser.find_element(By.ID, f"{test_match}-delete").click()
        waiting(browser).until(lambda d: not d.find_elements(By.ID, f"{test_match}-delete"))
        browser.find_element(By.ID, f"{imported}-archive").click()
        waiting(browser).until(lambda d: not d.find_elements(By.ID, f"{imported}-archive"))
        fits(browser)
        with recorder.Log(database) as log:
            assert [summary["id"] for summary in log.matches()] == [played, imported]
            assert log.match(imported)["archived_at"] is not None and log.verify_chain(imported)["ok"]
        browser.get(f"{base}/tournament?event=Regional&round=1")
        rows = browser.execute_script("return Array.from(document.querySelectorAll('#tables-body tr'))"
                                      ".map(function (row) { return row.getAttribute('data-match'); });")
        assert rows == [played]
        fits(browser)
