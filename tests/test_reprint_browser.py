"""Friction 6 of issue 27 in real headless Chromium at 360 px, under a served process: tables created while the
server listened on 127.0.0.1 (the README's first command), the server started again at the venue's address, and the
organiser's way out is one step on the organiser's page: *Reprint the N tables not yet started for ...*, confirmed,
answers their new cards on the new address; the old recording links no longer work, a started table's still does."""
from __future__ import annotations

import re
import urllib.error
import urllib.parse
import urllib.request
from pathlib import Path

import pytest

import recorder
from recorder import tokens
from serving import served_process
from test_create import form
from test_record_browser import press
from test_viewer_browser import CHROMEDRIVER, CHROMIUM, browser, waiting  # noqa: F401

webdriver = pytest.importorskip("selenium.webdriver")
from selenium.webdriver.common.by import By  # noqa: E402

PHONE = (360, 780)
VENUE = "http://192.168.1.20:5000"  # what `riftlog serve --url` names (this test's browser does not go there)
SHOTS = Path("/tmp")

pytestmark = pytest.mark.skipif(not (Path(CHROMIUM).exists() and Path(CHROMEDRIVER).exists()),
                                reason="Chromium and ChromeDriver are not installed (run scripts/install-browser.sh)")


def create(base: str, table: str) -> tuple[str, str]:
    """A match created by the creation form at `base`: (its id, the recording link its card printed)."""
    body = urllib.parse.urlencode(form(table=table)).encode()
    with urllib.request.urlopen(urllib.request.Request(f"{base}/matches/new", data=body), timeout=30) as answer:
        page = answer.read().decode()
    link = re.search(r'id="record-link" href="([^"]+)"', page).group(1)
    return re.search(r"/matches/(m\d+)/", link).group(1), link


def reads(base: str, match_id: str, token: str) -> int:
    """The status the recording screen's read answers with `token`."""
    request = urllib.request.Request(f"{base}/api/matches/{match_id}/recording",
                                     headers={"Authorization": f"Bearer {token}"})
    try:
        with urllib.request.urlopen(request, timeout=10) as answer:
            return answer.status
    except urllib.error.HTTPError as error:
        return error.code


def test_cards_printed_at_loopback_are_reprinted_for_the_venue_in_one_step(browser, tmp_db):  # noqa: F811
    with served_process({"DATABASE": str(tmp_db)}) as port:
        local = f"http://127.0.0.1:{port}"
        made = {table: create(local, table) for table in ("1", "2", "3")}
        first_id, first_link = made["1"]
    with recorder.Log(tmp_db) as log:
        key = tokens.new_organiser_token(log)
        started = {"type": "game_started", "game": 1, "first_player": "P1",
                   "battlefields": {player: info["battlefield_choices"][0]
                                    for player, info in log.state_at(first_id)["players"].items()}}
        log.append(first_id, [started])  # table 1 has begun: its scorekeeper holds the link already

    with served_process({"DATABASE": str(tmp_db), "PUBLIC_URL": VENUE}) as port:
        base = f"http://127.0.0.1:{port}"
        browser.set_window_size(*PHONE)
        browser.get(f"{base}/organiser#token={key}")
        waiting(browser, 15).until(lambda d: d.find_elements(By.ID, "reprint"))
        offer = browser.find_element(By.ID, "reprint")
        assert offer.get_attribute("data-count") == "2"
        assert "a phone cannot open those links" in offer.text and f"{VENUE}/" in offer.text
        assert browser.execute_script("return document.documentElement.scrollWidth") <= PHONE[0]
        browser.save_screenshot(str(SHOTS / "riftlog-organiser-reprint-offer.png"))
        press(browser, browser.find_element(By.CSS_SELECTOR, "#reprint-ask summary"))
        press(browser, browser.find_element(By.ID, "reprint-confirm"))
        waiting(browser, 15).until(lambda d: d.find_elements(By.ID, "table-card"))
        assert browser.execute_script("return document.documentElement.scrollWidth") <= PHONE[0]
        browser.save_screenshot(str(SHOTS / "riftlog-organiser-reprinted-cards.png"))
        links = {node.get_attribute("id").split("-")[0]: node.get_attribute("href")
                 for node in browser.find_elements(By.CSS_SELECTOR, "a[id$='-record-link']")}
        assert set(links) == {made["2"][0], made["3"][0]}
        assert all(link.startswith(f"{VENUE}/matches/") for link in links.values())
        for table in ("2", "3"):
            match_id, old = made[table]
            assert reads(base, match_id, old.split("#token=")[1]) == 403  # the card printed at loopback is dead
            assert reads(base, match_id, links[match_id].split("#token=")[1]) == 200
        assert reads(base, first_id, first_link.split("#token=")[1]) == 200  # the started table keeps its link
        browser.get(f"{base}/organiser")
        waiting(browser, 15).until(lambda d: d.find_elements(By.ID, "new-match"))
        assert not browser.find_elements(By.ID, "reprint")
