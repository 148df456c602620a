"""Live spectating in a real browser: headless Chromium (as in tests/test_viewer_browser.py) at the head of a match
follows it as events are appended through the API, stops following when stepped back, and the tournament page
updates its tables. Every wait is bounded (WebDriverWait); screenshots go to /tmp."""
from __future__ import annotations

import json
import urllib.request
from pathlib import Path
from urllib.parse import parse_qs, urlsplit

import pytest

from screens import laid_out_within, save
from serving import served, served_process
from test_viewer_browser import CHROMEDRIVER, CHROMIUM, browser, waiting  # noqa: F401 - the same headless Chromium
from web import create_app

webdriver = pytest.importorskip("selenium.webdriver")
from selenium.webdriver.common.by import By  # noqa: E402
from selenium.webdriver.common.keys import Keys  # noqa: E402

pytestmark = pytest.mark.skipif(not (Path(CHROMIUM).exists() and Path(CHROMEDRIVER).exists()),
                                reason="Chromium and ChromeDriver are not installed (run scripts/install-browser.sh)")

SCREENSHOT = Path("/tmp/riftlog-tournament.png")
EVENT = "Live Open"


class Site:
    """The app served on 127.0.0.1 with a round of two tables, appended to through its HTTP API."""

    def __init__(self, base: str) -> None:
        self.base = base

    def call(self, method: str, path: str, body: dict, token: str | None = None) -> dict:
        headers = {"Content-Type": "application/json", **({"Authorization": f"Bearer {token}"} if token else {})}
        request = urllib.request.Request(self.base + path, data=json.dumps(body).encode(), headers=headers,
                                         method=method)
        with urllib.request.urlopen(request, timeout=10) as response:
            return json.loads(response.read())

    def append(self, match: dict, events: list[dict]) -> int:
        return self.call("POST", f"/api/matches/{match['id']}/events", {"events": events}, match["token"])["seq"]


@pytest.fixture
def site(tmp_db, make_match_created, duel_game):
    """(Site, [table 1's match, table 2's match]): table 1 at seq 6 (opening hands), table 2 just created."""
    app = create_app({"DATABASE": str(tmp_db), "TOURNAMENT_REFRESH": 0.2})
    with served(app) as port:
        site = Site(f"http://127.0.0.1:{port}")
        matches = [site.call("POST", "/api/matches",
                             make_match_created(info={"event": EVENT, "round": 1, "table": table}))
                   for table in (1, 2)]
        assert site.append(matches[0], duel_game(0)) == 6
        yield site, matches


def seq_of(driver) -> int:
    return int(driver.find_element(By.ID, "seq").text)


def url_seq(driver) -> int:
    return int(parse_qs(urlsplit(driver.current_url).query)["seq"][0])


def following(driver) -> bool:
    return driver.find_element(By.ID, "match").get_attribute("data-following") == "true"


def wait_for_seq(driver, seq: int) -> None:
    waiting(driver, 15).until(lambda d: seq_of(d) == seq and following(d))


def test_a_browser_at_the_head_follows_the_match_as_events_are_appended(browser, site, duel_game):  # noqa: F811
    site, (match, _) = site
    browser.get(f"{site.base}/matches/{match['id']}")  # no token: the spectator's view
    waiting(browser, 15).until(following)
    assert seq_of(browser) == url_seq(browser) == 6 and browser.find_element(By.ID, "live").is_displayed()
    turn = duel_game(1)[5:]  # channel, draw, end_turn (duel_game's events start at seq 2)
    assert site.append(match, turn[:2]) == 8
    wait_for_seq(browser, 8)
    assert url_seq(browser) == 8
    assert site.append(match, turn[2:]) == 9
    wait_for_seq(browser, 9)
    waiting(browser, 15).until(lambda d: d.find_element(By.CSS_SELECTOR, "#timeline li.current").get_attribute("data-seq")
                           == "9")

    # A step back stops following; Last (End) takes it up again at the head.
    browser.find_element(By.TAG_NAME, "body").send_keys(Keys.ARROW_LEFT)
    waiting(browser, 15).until(lambda d: url_seq(d) == 8 and seq_of(d) == 8)
    assert not following(browser) and not browser.find_elements(By.ID, "live")
    assert site.append(match, duel_game(2)[8:9]) == 10
    assert seq_of(browser) == 8 and not following(browser)
    browser.find_element(By.TAG_NAME, "body").send_keys(Keys.END)
    wait_for_seq(browser, 10)
    assert site.append(match, duel_game(2)[9:11]) == 12
    wait_for_seq(browser, 12)


def test_a_finished_match_is_not_shown_as_live(browser, site, duel_game):  # noqa: F811
    """Issue 15: a finished match still showed "● live". At its head a match with its result reads "finished"; a
    match under way reads "● live"."""
    site, (match, _) = site
    browser.get(f"{site.base}/matches/{match['id']}")
    waiting(browser, 15).until(following)
    assert browser.find_element(By.ID, "live").text == "● live"
    assert site.append(match, duel_game(1)[5:7]) == 8  # the game under way: a channel and a draw
    assert site.append(match, [{"type": "concede", "player": "P1", "match": True}]) == 9
    wait_for_seq(browser, 9)
    badge = browser.find_element(By.ID, "live")
    assert badge.text == "finished" and "live" not in badge.get_attribute("class").split()
    assert browser.find_element(By.ID, "match").get_attribute("data-over") == "true"


def test_the_tournament_page_and_the_match_list_stay_within_a_phone(browser, site):  # noqa: F811
    """Issue 15's screens at 360 px, the page no wider than the phone (it was 642 and 681 px wide). The list of
    matches scrolls sideways inside its own box; the round's tables reflow, one card per table (issue 27: a row's
    only link, "Watch ›", sat at x=596 of a 651 px-wide table, off screen): every cell and every link of a row is
    on the screen, none over another, nothing scrolls sideways."""
    site, _ = site
    browser.set_window_size(360, 780)
    try:
        browser.get(site.base + "/")
        waiting(browser, 15).until(lambda d: d.find_elements(By.CSS_SELECTOR, "table.matches tbody tr"))
        assert laid_out_within(browser, "table.matches, main > h1, main > p") == []
        table = browser.find_element(By.CSS_SELECTOR, "table.matches")
        assert browser.execute_script("return arguments[0].scrollWidth > arguments[0].clientWidth", table)

        browser.get(site.base + f"/tournament?event={EVENT.replace(' ', '+')}&round=1")
        waiting(browser, 15).until(lambda d: d.find_elements(By.CSS_SELECTOR, "#tables tbody tr"))
        assert laid_out_within(browser, "main > h1, main > p, #tables td") == []
        table = browser.find_element(By.ID, "tables")
        assert browser.execute_script("return arguments[0].scrollWidth <= arguments[0].clientWidth", table)
        links = browser.find_elements(By.CSS_SELECTOR, "#tables a.watch")
        assert len(links) == 2
        for link in links:
            left, right = browser.execute_script(
                "var r = arguments[0].getBoundingClientRect(); return [r.left, r.right]", link)
            assert 0 <= left and right <= 360, (link.text, left, right)
            assert link.is_displayed() and link.text == "Watch ›"
        save(browser, "tournament-phone")  # docs/screens/tournament-phone.png
    finally:
        browser.set_window_size(1400, 1700)


def test_the_tournament_page_updates_its_tables(browser, site, duel_game):  # noqa: F811
    site, (first, second) = site
    browser.get(f"{site.base}/tournament?event={EVENT.replace(' ', '+')}&round=1")
    rows = browser.find_elements(By.CSS_SELECTOR, "#tables tbody tr")
    assert [row.get_attribute("data-match") for row in rows] == [first["id"], second["id"]]
    assert rows[0].get_attribute("data-seq") == "6"

    def row_seq(driver) -> str:  # read in one script: the rows are swapped for fresh ones at each refresh
        return driver.execute_script("return document.querySelector(arguments[0]).getAttribute('data-seq')",
                                     f'#tables tr[data-match="{first["id"]}"]')

    site.append(first, duel_game(1)[5:])
    waiting(browser, 15).until(lambda d: row_seq(d) == "9")
    turn, watch = browser.execute_script(
        "var row = document.querySelector(arguments[0]);"
        "return [row.querySelector('.turn').textContent, row.querySelector('a.watch').href];",
        f'#tables tr[data-match="{first["id"]}"]')
    assert "Turn 2" in turn and watch == f"{site.base}/matches/{first['id']}"
    browser.set_window_size(1200, 700)
    browser.save_screenshot(str(SCREENSHOT))
    browser.get(watch)
    waiting(browser, 15).until(lambda d: d.find_elements(By.ID, "match") and following(d))
    assert seq_of(browser) == 9


@pytest.fixture
def hub_site(tmp_db, make_match_created, duel_game):
    """As `site`, on the production server of `riftlog serve` (its hub serves the streams and the round's feed), the
    page's own refresh set to an hour: what changes on the page was pushed."""
    with served_process({"DATABASE": str(tmp_db), "TOURNAMENT_REFRESH": 3600}) as port:
        site = Site(f"http://127.0.0.1:{port}")
        matches = [site.call("POST", "/api/matches",
                             make_match_created(info={"event": EVENT, "round": 1, "table": table}))
                   for table in (1, 2)]
        assert site.append(matches[0], duel_game(0)) == 6
        yield site, matches


def test_under_riftlog_serve_the_tournament_page_is_pushed_each_change_and_the_viewer_follows(  # noqa: F811
        browser, hub_site, duel_game):
    site, (first, second) = hub_site
    browser.get(f"{site.base}/tournament?event={EVENT.replace(' ', '+')}&round=1")

    def row(driver, match: dict) -> list:  # read in one script: a pushed row replaces the one before it
        return driver.execute_script(
            "var row = document.querySelector(arguments[0]);"
            "return [row.getAttribute('data-seq'), row.querySelector('.turn').textContent,"
            " document.getElementById('tables').getAttribute('data-pushed')];",
            f'#tables tr[data-match="{match["id"]}"]')

    # The page fetches itself once when its feed opens: from then on, each change is pushed.
    waiting(browser, 15).until(lambda d: d.find_element(By.ID, "tables").get_attribute("data-refreshed") == "1")
    site.append(second, duel_game(0))
    waiting(browser, 15).until(lambda d: row(d, second)[0] == "6")
    site.append(first, duel_game(1)[5:])
    waiting(browser, 15).until(lambda d: row(d, first)[0] == "9")
    seq, turn, pushed = row(browser, first)
    assert "Turn 2" in turn and int(pushed) >= 2  # pushed, not fetched: the page's own refresh is an hour away

    browser.get(f"{site.base}/matches/{first['id']}")
    waiting(browser, 15).until(lambda d: d.find_elements(By.ID, "match") and following(d))
    assert seq_of(browser) == 9
    site.append(first, duel_game(2)[8:9])
    waiting(browser, 15).until(lambda d: seq_of(d) == 10)
