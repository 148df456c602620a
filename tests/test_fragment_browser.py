"""Tokens handed out in a link's fragment (`#token=...`, web/tablecard.py) in real headless Chromium under
`riftlog serve` (issue 24, hole 14): whichever page the link opens, and however it is opened (a new page, a link
followed in the same tab, which only changes the fragment, or a link to a view the page then refuses), no entry of
the tab's history and not the address bar holds the token once the page has it, and the page still reads with it."""
from __future__ import annotations

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


def history(driver) -> list[str]:
    """Every URL of the tab's history (its session history, as the back button walks it)."""
    return [entry["url"] for entry in driver.execute_cdp_cmd("Page.getNavigationHistory", {})["entries"]]


def held(driver, token: str) -> list[str]:
    """Where the tab still holds the token: its address, any history entry."""
    return [url for url in [driver.current_url, *history(driver)] if token in url]


def text_of(driver, element_id: str) -> str:
    found = driver.find_elements(By.ID, element_id)
    return found[0].text if found else ""


@pytest.fixture
def served(tmp_db, make_match_created, duel_game):
    with recorder.Log(tmp_db) as log:
        match_id, judge = log.create_match(make_match_created())
        log.append(match_id, duel_game(0))
        players = tokens.player_tokens(log, match_id)
        key = tokens.new_organiser_token(log)
    with served_process({"DATABASE": str(tmp_db)}) as port:
        yield f"http://127.0.0.1:{port}", match_id, judge, players, key


def fresh_tab(driver) -> None:
    """A new tab with a history of its own (the cookies of the last test's pages go with the browser: cleared)."""
    driver.switch_to.new_window("tab")
    driver.delete_all_cookies()


def test_a_link_opened_in_a_new_tab_leaves_its_token_in_no_history_entry(browser, served):
    base, match_id, judge, players, key = served
    opened = [(f"/matches/{match_id}#token={players['P1']}", players["P1"],
               lambda d: "reading with P1's token" in text_of(d, "token-form")),
              (f"/matches/{match_id}/record#token={judge}", judge,
               lambda d: d.execute_script(f"return sessionStorage.getItem('riftlog-record-{match_id}')") == judge),
              (f"/matches/{match_id}/slip#token={judge}", judge, lambda d: d.find_elements(By.ID, "slip-code")),
              (f"/organiser#token={key}", key,
               lambda d: d.find_element(By.ID, "organiser").get_attribute("data-signed-in") == "true")]
    for path, token, ready in opened:
        fresh_tab(browser)
        browser.get(f"{base}{path}")
        waiting(browser, 20).until(ready)
        assert held(browser, token) == [], path
        browser.close()
        browser.switch_to.window(browser.window_handles[0])


def test_a_link_followed_in_the_same_tab_is_taken_and_dropped_from_history(browser, served):
    """The same page already open: following the link changes only the fragment (no new page is loaded)."""
    base, match_id, judge, players, key = served
    same_tab = [(f"/matches/{match_id}", players["P2"], lambda d: "reading with P2's token" in text_of(d, "token-form")),
                (f"/matches/{match_id}/record", judge,
                 lambda d: d.execute_script(f"return sessionStorage.getItem('riftlog-record-{match_id}')") == judge),
                ("/organiser", key,
                 lambda d: d.find_element(By.ID, "organiser").get_attribute("data-signed-in") == "true")]
    for path, token, ready in same_tab:
        fresh_tab(browser)
        browser.get(f"{base}{path}")
        waiting(browser, 20).until(lambda d: d.execute_script("return document.readyState") == "complete")
        browser.execute_script("window.location.hash = arguments[0]", f"token={token}")
        waiting(browser, 20).until(ready)
        assert held(browser, token) == [], path
        browser.close()
        browser.switch_to.window(browser.window_handles[0])


def test_a_link_to_a_refused_view_leaves_its_token_in_no_history_entry(browser, served):
    """A page the link cannot read (an error page) still drops the token from the address at once."""
    base, match_id, _, players, _ = served
    fresh_tab(browser)
    browser.get(f"{base}/matches/{match_id}?view=P2#token={players['P2']}")
    assert "401" in text_of(browser, "error") or browser.find_elements(By.ID, "error")
    waiting(browser, 20).until(lambda d: d.execute_script("return document.readyState") == "complete")
    assert held(browser, players["P2"]) == []
    browser.close()
    browser.switch_to.window(browser.window_handles[0])
