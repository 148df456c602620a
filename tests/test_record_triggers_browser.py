"""The due trigger as the recording screen's next prompt (issue 26), in real headless Chromium at 360 px: in a
checked v1.4 match, Ben plays Lecturing Yordle ("When you play me, draw 1.") by taps; the engine lists its play
effect as due (engine/due.py) and the screen offers it at once: one tap records it. A "you may" trigger with a cost
(Treasure Hoard: "When you conquer here, you may pay [1] to play a Gold gear token exhausted.", with the gallery's
cards) is declined with one tap, or recorded with its rune tapped and the card's cost charged. Taps are counted; no
key is pressed.
"""
from __future__ import annotations

from pathlib import Path

import pytest

import recorder
from positions import transcript
from record_thumb import Thumb
from replays import notation
from test_record_browser import api, find
from test_table_browser import record
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


# Ana (P1, Jax) at turn 3 with Jax, Unrelenting at base and Treasure Hoard (bf1) nobody's: she moves Jax there, both
# pass Focus, she conquers it (tests/test_table_browser.py's decks and catalog).
HOARD = ("turn 3 P1 action first P1 | P1 0 bf:Treasure Hoard champion:played deck:0 runedeck:0 "
         "runes:2 Calm Rune;2 Body Rune base:Jax, Unrelenting | "
         "P2 0 bf:Altar to Unity deck:0 runedeck:0 runes:2 Calm Rune;2 Order Rune")


def conquered(demo_db: Path, server: str) -> tuple[str, str]:
    """A checked match from HOARD, recorded up to Ana's conquest of Treasure Hoard: its trigger is due."""
    match_id, token = record(demo_db, HOARD, abilities="checked")
    state = api(server, f"/matches/{match_id}/state", token)
    jax = find(state, "Jax, Unrelenting", "board")
    with recorder.Log(demo_db) as log:
        log.append(match_id, [{"type": "move", "player": "P1", "units": [jax], "to": "bf1"},
                              {"type": "pass", "player": "P1"}, {"type": "pass", "player": "P2"}])
    due = api(server, f"/matches/{match_id}/state", token)["awaiting"][0]
    assert due["kind"] == "trigger" and [entry["card"] for entry in due["triggers"]] == ["Treasure Hoard"]
    return match_id, token


def test_a_you_may_trigger_is_declined_with_one_tap(browser, server, demo_db):
    match_id, token = conquered(demo_db, server)
    browser.set_window_size(*PHONE)
    browser.get(f"{server}/matches/{match_id}/record#token={token}")
    thumb = Thumb(browser)
    thumb.opened(api(server, f"/matches/{match_id}", token)["head_seq"])
    assert "you may pay [1]" in browser.find_element(By.ID, "due-0").text
    thumb.doing("decline Treasure Hoard").tap("due-decline-0")
    thumb.recorded()
    state = api(server, f"/matches/{match_id}/state", token)
    assert state["chain"] == [] and state["awaiting"][0]["kind"] == "action"
    events = [entry["event"] for entry in api(server, f"/matches/{match_id}/events", token)["events"]]
    assert events[-1]["declined"] is True and events[-1]["source"] == "bf1"
    assert thumb.taps == {"decline Treasure Hoard": 1} and thumb.keys_pressed() == 0


def test_a_due_trigger_with_a_cost_is_recorded_by_tapping_its_rune_and_the_card_says_the_cost(browser, server,
                                                                                                demo_db):
    match_id, token = conquered(demo_db, server)
    browser.set_window_size(*PHONE)
    browser.get(f"{server}/matches/{match_id}/record#token={token}")
    thumb = Thumb(browser)
    thumb.opened(api(server, f"/matches/{match_id}", token)["head_seq"])
    state = api(server, f"/matches/{match_id}/state", token)
    body = next(rune for rune in state["players"]["P1"]["runes"] if state["objects"][rune]["card"] == "Body Rune")
    thumb.doing("Treasure Hoard, paid").tap_object(body)
    thumb.tap("due-trigger-0")
    thumb.recorded()
    state = api(server, f"/matches/{match_id}/state", token)
    assert state["chain"][-1]["paid"] == {"energy": 1} and state["objects"][body]["exhausted"] is True
    events = [entry["event"] for entry in api(server, f"/matches/{match_id}/events", token)["events"]]
    assert "cost" not in events[-1] and events[-1]["pay"]["exhaust"] == [body]  # the cost is the card's
    assert thumb.taps == {"Treasure Hoard, paid": 2} and thumb.keys_pressed() == 0
