"""A judge's long note on the recording screen, in real headless Chromium at 360 px: the latest events and the
dock's message show its first words and a tap reads it whole, so a 9,450-character note does not make the screen
thousands of pixels tall nor the sticky dock cover it (issue 15: a 9,690-character note made it 10,362 px tall)."""
from __future__ import annotations

from pathlib import Path

import pytest

import recorder
from replays import demo
from test_record_browser import api, open_screen, tap, wait_for_seq
from test_viewer_browser import CHROMEDRIVER, CHROMIUM, browser, server, waiting  # noqa: F401

webdriver = pytest.importorskip("selenium.webdriver")
from selenium.webdriver.common.by import By  # noqa: E402

PHONE = (360, 780)
LONG_NOTE = "The players agree on the board state but not on the order of the plays. " * 130

pytestmark = pytest.mark.skipif(not (Path(CHROMIUM).exists() and Path(CHROMEDRIVER).exists()),
                                reason="Chromium and ChromeDriver are not installed (run scripts/install-browser.sh)")


@pytest.fixture(scope="module")
def demo_db(tmp_path_factory) -> Path:
    return tmp_path_factory.mktemp("long-note") / "riftlog.db"


@pytest.fixture(scope="module")
def noted(demo_db):
    """A strict match, its game started, then a judge's note of 9,490 characters (the head)."""
    with recorder.Log(demo_db) as log:
        match_id, token = log.create_match(demo.match_created("strict", "Regional"))
        log.append(match_id, [{"type": "game_started", "game": 1, "first_player": "P1",
                               "battlefields": {"P1": "Zaun Warrens", "P2": "Altar to Unity"}},
                              {"type": "note", "text": LONG_NOTE}])
    return match_id, token


def test_a_long_note_is_folded_in_the_latest_events_and_the_undo_question_and_read_whole_by_a_tap(browser, server,
                                                                                                   noted):
    match_id, token = noted
    browser.set_window_size(*PHONE)
    open_screen(browser, server, match_id, token)
    assert len(LONG_NOTE) > 9_000
    height = browser.execute_script("return document.documentElement.scrollHeight")
    assert height < 3_000, f"the recording screen is {height} px tall"
    assert browser.execute_script("return document.documentElement.scrollWidth") <= PHONE[0]

    line = browser.find_element(By.CSS_SELECTOR, '#recent li[data-seq="3"]')
    assert LONG_NOTE not in line.text and line.text.endswith(f"Read it whole ({len(LONG_NOTE):,} characters)")
    assert "The players agree on the board state" in line.text

    # Undo asks first, naming the note folded: the dock stays a few lines tall.
    tap(browser, "undo")
    message = browser.find_element(By.ID, "message")
    assert "Undo seq 3" in message.text and LONG_NOTE not in message.text
    assert message.size["height"] < 300, f"the dock's message is {message.size['height']} px tall"
    assert api(server, f"/matches/{match_id}", token)["head_seq"] == 3  # asked, nothing recorded

    # A tap on "Read it whole" shows the whole note in its place.
    whole = line.find_element(By.CSS_SELECTOR, "button.unfold")
    browser.execute_script("arguments[0].scrollIntoView({block: 'center'})", whole)
    whole.click()
    waiting(browser).until(lambda d: LONG_NOTE.strip() in d.find_element(By.CSS_SELECTOR,
                                                                         '#recent li[data-seq="3"]').text)
    assert not line.find_elements(By.CSS_SELECTOR, "button.unfold")
    wait_for_seq(browser, 3)
