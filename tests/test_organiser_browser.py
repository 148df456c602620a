"""Imported pairings on the live tournament page (replays/organiser.py, static/tournament.js) in real headless
Chromium, under `riftlog serve`: a paired table's row is taken over by its match's row, pushed by the hub, once the
match is created."""
from __future__ import annotations

import json
import urllib.request
from pathlib import Path

import pytest

import recorder
from replays import organiser
from serving import served_process
from test_viewer_browser import CHROMEDRIVER, CHROMIUM, browser, waiting  # noqa: F401 - the same headless Chromium

webdriver = pytest.importorskip("selenium.webdriver")
from selenium.webdriver.common.by import By  # noqa: E402

pytestmark = pytest.mark.skipif(not (Path(CHROMIUM).exists() and Path(CHROMEDRIVER).exists()),
                                reason="Chromium and ChromeDriver are not installed (run scripts/install-browser.sh)")


def create(base: str, created: dict) -> dict:
    request = urllib.request.Request(f"{base}/api/matches", data=json.dumps(created).encode(),
                                     headers={"Content-Type": "application/json"}, method="POST")
    with urllib.request.urlopen(request, timeout=10) as response:
        return json.loads(response.read())


def test_a_paired_tables_row_is_taken_over_by_its_match_when_it_is_created(browser, tmp_db,  # noqa: F811
                                                                           make_match_created):
    with recorder.Log(tmp_db) as log:
        organiser.import_pairings(log, "1,Annie,Viktor\n2,Cleo,Dario\n", "Regional", "1")
    with served_process({"DATABASE": str(tmp_db), "TOURNAMENT_REFRESH": 3600}) as port:
        base = f"http://127.0.0.1:{port}"
        first = create(base, make_match_created(info={"event": "Regional", "round": 1, "table": 1}))
        browser.get(f"{base}/tournament?event=Regional&round=1")

        def rows(driver) -> list[list[str]]:
            return driver.execute_script(
                "return Array.from(document.querySelectorAll('#tables-body tr')).map(function (row) {"
                " return [row.getAttribute('data-table'), row.getAttribute('data-match')]; });")

        waiting(browser, 15).until(lambda d: d.find_element(By.ID, "tables").get_attribute("data-refreshed") == "1")
        assert rows(browser) == [["1", first["id"]], ["2", ""]]
        assert "paired; no match recorded yet" in browser.find_element(By.CSS_SELECTOR, 'tr[data-table="2"]').text
        second = create(base, make_match_created(info={"event": "Regional", "round": 1, "table": 2}))
        waiting(browser, 30).until(lambda d: rows(d) == [["1", first["id"]], ["2", second["id"]]])
        assert int(browser.find_element(By.ID, "tables").get_attribute("data-pushed")) >= 1  # pushed, not fetched
