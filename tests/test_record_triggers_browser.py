"""The due trigger as the recording screen's next prompt (issue 26), in real headless Chromium at 360 px: in a
checked v1.4 match, Ben plays Lecturing Yordle ("When you play me, draw 1.") by taps; the engine lists its play
effect as due (engine/due.py) and the screen offers it at once: one tap records it. A "you may" trigger (Icevale
Archer's "When I attack, you may pay [1] ...") is declined with one tap. Taps are counted; no key is pressed.
"""
from __future__ import annotations

from pathlib import Path

import pytest

import recorder
from positions import transcript
from record_thumb import Thumb
from replays import notation
from test_record_browser import api, find
from test_viewer_browser import CHROMEDRIVER, CHROMIUM, browser, server, waiting  # noqa: F401

webdriver = pytest.importorskip("selenium.webdriver")
from selenium.webdriver.common.by import By  # noqa: E402

PHONE = (360, 780)

pytestmark = pytest.mark.skipif(not (Path(CHROMIUM).exists() and Path(CHROMEDRIVER).exists()),
                                reason="Chromium and ChromeDriver are not installed (run scripts/install-browser.sh)")

# Turn 6, Ben's (P2's) action phase: Lecturing Yordle in hand, six ready runes.
YORDLE = ("turn 6 P2 action first P1 | P1 0 bf:Zaun Warrens deck:39 runedeck:6 runes:3 Fury Rune;3 Chaos Rune | "
          "P2 0 bf:Altar to Unity deck:38 runedeck:6 hand:Lecturing Yordle runes:3 Calm Rune;3 Mind Rune")


@pytest.fixture(scope="module")
def demo_db(tmp_path_factory) -> Path:
    return tmp_path_factory.mktemp("triggers") / "riftlog.db"


@pytest.fixture(scope="module")
def yordle_match(demo_db) -> tuple[str, str]:
    text = transcript(f"position {YORDLE}").replace('[Mode "duel"]', '[Mode "duel"]\n[Rules "v1.4"]\n'
                                                                       '[Abilities "checked"]')
    with recorder.Log(demo_db) as log:
        return notation.import_match(log, text)


def test_a_due_play_effect_is_the_next_prompt_and_one_tap_records_it(browser, server, yordle_match):
    match_id, token = yordle_match
    browser.set_window_size(*PHONE)
    browser.get(f"{server}/matches/{match_id}/record#token={token}")
    thumb = Thumb(browser)
    thumb.opened(2)
    state = api(server, f"/matches/{match_id}/state", token)
    assert state["abilities"] == "checked"

    thumb.doing("play Lecturing Yordle (paid)")
    thumb.tap_object(find(state, "Lecturing Yordle", "hand"))
    thumb.tap("play-submit")
    thumb.recorded()
    state = api(server, f"/matches/{match_id}/state", token)
    assert state["awaiting"][0]["kind"] == "trigger" and state["awaiting"][0]["triggers"][0]["card"] == \
        "Lecturing Yordle"
    inputs = browser.find_element(By.ID, "inputs").text
    assert "1 trigger due" in inputs and "When you play me, draw 1." in inputs
    assert not browser.find_elements(By.ID, "due-decline-0")  # not a "you may": nothing to decline
    assert browser.execute_script("return document.documentElement.scrollWidth") <= PHONE[0]

    thumb.doing("record the due trigger")
    thumb.tap("due-trigger-0")
    thumb.recorded()
    state = api(server, f"/matches/{match_id}/state", token)
    assert [item["card"] for item in state["chain"]] == ["Lecturing Yordle"] and state["awaiting"][0]["kind"] == \
        "priority"
    events = [entry["event"] for entry in api(server, f"/matches/{match_id}/events", token)["events"]]
    assert events[-1]["type"] == "trigger" and events[-1]["ability"] == "when-you-play"
    assert thumb.taps == {"play Lecturing Yordle (paid)": 2, "record the due trigger": 1}
    assert thumb.keys_pressed() == 0
