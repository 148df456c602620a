"""The recording screen's log in words, not ids (issue 27, friction 9), in real headless Chromium at 360 px: a
trigger's ability is named as the viewer's timeline names it (web/describe.py, `ability_words`: a keyword by its
printed name, another label in its words), both once recorded (the server's words) and while it is held offline
(the page's, until the server words it); never as a raw label in brackets ("[when-you-play]")."""
from __future__ import annotations

from pathlib import Path

import pytest

import recorder
from replays import notation
from test_record_browser import api, find, tap, tap_object, wait_for_seq
from test_record_offline_browser import SHOTS, db, held, open_screen, phone, table  # noqa: F401
from test_record_turn_browser import turn_text
from test_viewer_browser import CHROMEDRIVER, CHROMIUM, browser, waiting  # noqa: F401

webdriver = pytest.importorskip("selenium.webdriver")
from selenium.webdriver.common.by import By  # noqa: E402

pytestmark = pytest.mark.skipif(not (Path(CHROMIUM).exists() and Path(CHROMEDRIVER).exists()),
                                reason="Chromium and ChromeDriver are not installed (run scripts/install-browser.sh)")


def recent(driver) -> list[str]:
    """The latest events as the screen shows them, newest first."""
    return [node.text for node in driver.find_elements(By.CSS_SELECTOR, "#recent li")]


def yordle_played(driver, table, db: Path) -> tuple[str, str, str, int]:
    """Ben's Lecturing Yordle played by taps in the checked match at TURN: its "When you play me, draw 1." due.
    Returns the match, its token, Yordle's id and the head."""
    with recorder.Log(db) as log:
        match_id, token = notation.import_match(log, turn_text())
    state = api(table.url, f"/matches/{match_id}/state", token)
    yordle = find(state, "Lecturing Yordle", "hand")
    open_screen(driver, table, match_id, token)
    head = api(table.url, f"/matches/{match_id}", token)["head_seq"]
    tap_object(driver, yordle)
    tap(driver, "play-submit")
    wait_for_seq(driver, head + 1)
    return match_id, token, yordle, head + 1


def test_a_recorded_trigger_reads_in_words_in_the_log(phone, table, db):
    match_id, token, yordle, head = yordle_played(phone, table, db)
    tap(phone, "due-trigger-0")
    wait_for_seq(phone, head + 1)
    line = recent(phone)[0]
    assert line == f"{head + 1} Ben triggers Lecturing Yordle ({yordle}): “when you play”", line
    assert "[" not in phone.find_element(By.ID, "message").text  # "Recorded seq N: ..." in the same words
    phone.save_screenshot(str(SHOTS / "riftlog-record-trigger-words.png"))


def test_a_trigger_held_offline_reads_in_the_same_words(phone, table, db):
    match_id, token, yordle, head = yordle_played(phone, table, db)
    with table.down():
        tap(phone, "due-trigger-0")
        waiting(phone, 15).until(lambda d: len(held(d)) == 1)
        assert held(phone)[0].endswith(f"Ben triggers Lecturing Yordle ({yordle}): “when you play”"), held(phone)
    waiting(phone, 15).until(lambda d: not held(d) and d.find_element(By.ID, "record").get_attribute("data-seq")
                             == str(head + 1))
    assert recent(phone)[0] == f"{head + 1} Ben triggers Lecturing Yordle ({yordle}): “when you play”"


def test_a_mulligan_held_offline_names_the_cards_set_aside_as_the_log_will(phone, table, db):
    """Friction 9's "Ana sets aside 1": a mulligan held offline names the card set aside, in the words the log gives
    it once recorded ("Ana mulligans, setting aside Legion Rearguard (o5)"), and a kept hand says so."""
    from test_organiser import SETUP_EVENTS  # the game begun and both opening hands drawn (the demo decks)
    from replays import demo

    with recorder.Log(db) as log:
        match_id, token = log.create_match(demo.match_created("strict", "Regional"))
        log.append(match_id, SETUP_EVENTS[:3])
    state = api(table.url, f"/matches/{match_id}/state", token)
    rearguard = find(state, "Legion Rearguard", "hand")
    open_screen(phone, table, match_id, token)
    head = api(table.url, f"/matches/{match_id}", token)["head_seq"]
    with table.down():
        tap_object(phone, rearguard)
        tap(phone, "mulligan-submit")
        waiting(phone, 15).until(lambda d: len(held(d)) == 1)
        assert held(phone)[0].endswith(f"Ana mulligans, setting aside Legion Rearguard ({rearguard})"), held(phone)
    waiting(phone, 15).until(lambda d: not held(d) and d.find_element(By.ID, "record").get_attribute("data-seq")
                             == str(head + 1))
    assert recent(phone)[0] == f"{head + 1} Ana mulligans, setting aside Legion Rearguard ({rearguard})"
    phone.find_element(By.CSS_SELECTOR, "#draw-cards button[data-card]").click()  # her card drawn in its place
    wait_for_seq(phone, head + 2)
    with table.down():
        tap(phone, "keep")
        waiting(phone, 15).until(lambda d: len(held(d)) == 1)
        assert held(phone)[0].endswith("Ben keeps their hand"), held(phone)
    waiting(phone, 15).until(lambda d: not held(d) and d.find_element(By.ID, "record").get_attribute("data-seq")
                             == str(head + 3))
    assert recent(phone)[0] == f"{head + 3} Ben keeps their hand"
