"""Autoplay, the keys overlay, the board's flip and the scrubber in real headless Chromium (as in
test_viewer_browser.py, whose fixtures these tests share). The autoplay clock is driven by the test through the
page's hook (sessionStorage "riftlog-clock" = "manual", then riftlogViewer.tick()): no sleeps, no real timers."""
from __future__ import annotations

import json
from pathlib import Path

import pytest
import recorder
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from test_viewer_browser import (DESKTOP, PHONE, browser, cursor, demo, demo_db, judge, open_at,  # noqa: F401
                                 press, server, shown, url_seq, waiting)
from web import keys

LAPTOP = (1280, 720)  # the first screen of the page: the steps, the scrubber, the status and the event
SCRUBBER_SHOTS = {size: Path(f"/tmp/riftlog-scrubber-{size[0]}.png") for size in (PHONE, LAPTOP)}


@pytest.fixture
def manual_clock(judge):
    """The judge's browser with the autoplay clock moved by the test only; autoplay stopped afterwards."""
    judge.execute_script("sessionStorage.setItem('riftlog-clock', 'manual')")
    yield judge
    judge.execute_script("sessionStorage.removeItem('riftlog-autoplay'); sessionStorage.removeItem('riftlog-speed');"
                         "sessionStorage.removeItem('riftlog-clock')")


def autoplaying(driver) -> bool:
    return driver.find_element(By.ID, "autoplay").get_attribute("aria-pressed") == "true"


def tick(driver, expected_seq: int) -> None:
    """Move the autoplay clock one step and wait for the page it leads to."""
    assert driver.execute_script("return riftlogViewer.tick()")
    waiting(driver).until(lambda d: url_seq(d) == expected_seq and shown(d, "seq") == str(expected_seq))


def body_keys(driver, *typed: str) -> None:
    """Press keys that do not leave the page."""
    driver.find_element(By.TAG_NAME, "body").send_keys(*typed)


def test_space_plays_one_event_a_tick_and_pauses(manual_clock, server, cursor):
    open_at(manual_clock, server, 10)
    assert not autoplaying(manual_clock)
    body_keys(manual_clock, Keys.SPACE)
    assert autoplaying(manual_clock) and manual_clock.execute_script("return riftlogViewer.pending()")
    tick(manual_clock, 11)
    assert autoplaying(manual_clock)  # it goes on playing on the next page
    tick(manual_clock, 12)
    assert shown(manual_clock, "turn") == str(cursor.state(12)["turn"])
    body_keys(manual_clock, Keys.SPACE)
    assert not autoplaying(manual_clock) and not manual_clock.execute_script("return riftlogViewer.pending()")
    assert not manual_clock.execute_script("return riftlogViewer.tick()") and url_seq(manual_clock) == 12


def test_autoplay_speeds_and_its_stop_at_the_last_event(manual_clock, server, cursor):
    open_at(manual_clock, server, cursor.head_seq - 1)
    assert shown(manual_clock, "speed-value") == str(keys.DEFAULT_SPEED)
    body_keys(manual_clock, "+")
    assert shown(manual_clock, "speed-value") == str(keys.SPEEDS[keys.SPEEDS.index(keys.DEFAULT_SPEED) + 1])
    body_keys(manual_clock, "-", "-", "-", "-", "-", "-")
    assert shown(manual_clock, "speed-value") == str(keys.SPEEDS[0])  # no slower than the slowest
    manual_clock.find_element(By.ID, "autoplay").click()
    assert autoplaying(manual_clock)
    tick(manual_clock, cursor.head_seq)
    assert shown(manual_clock, "speed-value") == str(keys.SPEEDS[0])  # the speed is kept from page to page
    assert not autoplaying(manual_clock)  # nothing left to play
    body_keys(manual_clock, Keys.SPACE)
    assert not autoplaying(manual_clock)


def test_the_keys_overlay_lists_the_table_the_keys_use(judge, server):
    open_at(judge, server, 10)
    overlay = judge.find_element(By.ID, "keys-overlay")
    assert not overlay.is_displayed()
    body_keys(judge, "?")
    waiting(judge).until(lambda d: overlay.is_displayed())
    rows = judge.find_elements(By.CSS_SELECTOR, "#keys-overlay tr")
    assert [row.get_attribute("data-action") for row in rows] == [action for action, _, _ in keys.KEYS]
    for row, (_, action_keys, what) in zip(rows, keys.KEYS):
        cells = row.find_elements(By.TAG_NAME, "td")
        assert [kbd.text for kbd in cells[0].find_elements(By.TAG_NAME, "kbd")] == \
            [keys.key_label(key) for key in action_keys]
        assert cells[1].text == what
    handled = json.loads(judge.find_element(By.ID, "viewer-keys").get_attribute("textContent"))
    assert handled == {key: action for action, action_keys, _ in keys.KEYS for key in action_keys}
    body_keys(judge, Keys.ARROW_RIGHT)  # an open overlay keeps the other keys from acting
    assert url_seq(judge) == 10
    judge.switch_to.active_element.send_keys("?")
    waiting(judge).until(lambda d: not overlay.is_displayed())
    judge.find_element(By.ID, "keys-button").click()
    waiting(judge).until(lambda d: overlay.is_displayed())
    judge.switch_to.active_element.send_keys(Keys.ESCAPE)
    waiting(judge).until(lambda d: not overlay.is_displayed())


def bottom_player(driver) -> str:
    panels = driver.find_elements(By.CSS_SELECTOR, ".board > section.player")
    return max(panels, key=lambda panel: panel.rect["y"]).get_attribute("data-player")


def test_the_flip_key_swaps_the_player_at_the_bottom_and_is_kept(judge, server):
    open_at(judge, server, 12)
    assert bottom_player(judge) == "P1"
    body_keys(judge, "f")
    assert bottom_player(judge) == "P2"
    assert judge.find_element(By.ID, "flip").get_attribute("aria-pressed") == "true"
    press(judge, Keys.ARROW_RIGHT)
    assert url_seq(judge) == 13 and bottom_player(judge) == "P2"
    judge.find_element(By.ID, "flip").click()
    assert bottom_player(judge) == "P1"


def test_a_click_on_the_scrubber_goes_to_the_seq_under_it(judge, server, cursor):
    open_at(judge, server, 5)
    run = judge.find_element(By.CSS_SELECTOR, "#scrubber a.bucket[data-first='27']")
    before = judge.current_url
    run.click()
    waiting(judge).until(lambda d: d.current_url != before and shown(d, "seq") == "27")
    assert url_seq(judge) == 27 and "view=judge" in judge.current_url
    playhead = judge.find_element(By.ID, "scrubber-seq")
    here = judge.find_element(By.CSS_SELECTOR, "#scrubber a.bucket[data-first='27']")
    assert playhead.get_attribute("data-seq") == "27"
    assert here.rect["x"] - 2 <= playhead.rect["x"] <= here.rect["x"] + here.rect["width"]  # drawn where it is


@pytest.fixture(scope="module")
def disputed(browser, server, demo, demo_db) -> str:
    """The audit demo match (m2, with violations) after a judge's rewind of its last eight events, a note about
    the rewound span and the events played again, read with its judge's token: its id."""
    with recorder.Log(demo_db) as log:
        head = log.match("m2")["head_seq"]
        again = [entry["event"] for entry in log.events("m2", head - 8)]
        log.append("m2", [{"type": "rewind", "to": head - 8, "reason": "a rune was tapped twice"},
                          {"type": "note", "text": "Ben disputes the payment", "about": head - 6}, *again])
    browser.get(f"{server}/matches/m2#token={demo[1]['m2']}")
    waiting(browser).until(lambda d: "reading with the judge's token" in shown(d, "token-form"))
    return "m2"


@pytest.mark.parametrize("size", [PHONE, LAPTOP], ids=["phone", "laptop"])
def test_screenshot_of_the_scrubber_at_phone_and_desktop_width(judge, server, disputed, size):
    judge.set_window_size(*size)
    try:
        judge.get(f"{server}/matches/{disputed}?seq=34&view=judge")
        bar = judge.find_element(By.ID, "scrubber")
        for mark in ("a.bucket.turn", "a.bucket.flagged", "a.bucket.noted", ".voided-span", "#scrubber-seq"):
            assert bar.find_elements(By.CSS_SELECTOR, mark), mark
        width = judge.execute_script("return document.documentElement.clientWidth")
        assert bar.rect["x"] >= 0 and bar.rect["x"] + bar.rect["width"] <= width
        assert judge.execute_script("return document.documentElement.scrollWidth") <= width
        assert judge.save_screenshot(str(SCRUBBER_SHOTS[size]))
        assert SCRUBBER_SHOTS[size].stat().st_size > 10_000
    finally:
        judge.set_window_size(*DESKTOP)
