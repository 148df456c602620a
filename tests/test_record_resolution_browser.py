"""A resolution pre-filled from the card on the recording screen (issue 26), in real headless Chromium at 360 px: in
a match whose abilities the engine checks, Gust ("Return a unit at a battlefield with 3 [S] or less to its owner's
hand.") resolves as its card writes it, its chosen target filled in and only the units it names tappable; taps
counted. A "declared" match keeps the builder as it was (tests/test_record_browser.py)."""
from __future__ import annotations

from pathlib import Path

import pytest

import recorder
from positions import ARENA, transcript
from replays import notation
from test_record_browser import api, find, message, open_screen, submit, tap, tap_object
from test_viewer_browser import CHROMEDRIVER, CHROMIUM, browser, server, waiting  # noqa: F401

webdriver = pytest.importorskip("selenium.webdriver")
from selenium.webdriver.common.by import By  # noqa: E402

PHONE = (360, 780)

pytestmark = pytest.mark.skipif(not (Path(CHROMIUM).exists() and Path(CHROMEDRIVER).exists()),
                                reason="Chromium and ChromeDriver are not installed (run scripts/install-browser.sh)")


@pytest.fixture(scope="module")
def demo_db(tmp_path_factory) -> Path:
    """The database the server of test_viewer_browser serves: a new one, for the matches these tests create."""
    return tmp_path_factory.mktemp("resolution") / "riftlog.db"


@pytest.fixture(scope="module")
def phone(browser):
    browser.set_window_size(*PHONE)
    return browser


@pytest.fixture(scope="module")
def checked_arena(demo_db):
    text = transcript(f"position {ARENA}").replace('[Mode "duel"]', '[Mode "duel"]\n[Abilities "checked"]')
    with recorder.Log(demo_db) as log:
        return notation.import_match(log, text)


def test_gust_resolves_as_its_card_writes_it_in_one_tap_and_only_the_units_it_names_are_tappable(
        phone, server, checked_arena):
    match_id, token = checked_arena
    open_screen(phone, server, match_id, token)
    state = api(server, f"/matches/{match_id}/state", token)
    guardian, poro = find(state, "Sunlit Guardian"), find(state, "Stalwart Poro")
    tap_object(phone, find(state, "Gust", "hand"))
    tap_object(phone, guardian)
    submit(phone, "play-submit", 3)
    submit(phone, "action-pass", 4)
    submit(phone, "action-pass", 5)

    # The form opens with the card's op: return, its chosen target, to its owner's hand.
    [op] = phone.find_elements(By.CSS_SELECTOR, "#ops li")
    assert op.get_attribute("data-op") == "return"
    assert "Return a unit at a battlefield with 3 [S] or less" in op.text
    assert phone.find_element(By.ID, "op-0-target").text == f"target: Sunlit Guardian ({guardian})"
    assert phone.execute_script("return document.documentElement.scrollWidth") <= PHONE[0]

    # Changing the target: the units the card names are marked, and a unit in base is not taken.
    tap(phone, "op-0-target")
    marked = {node.get_attribute("data-id") for node in phone.find_elements(By.CSS_SELECTOR, "#board .legal")}
    assert marked == {guardian, poro}
    tap_object(phone, find(state, "Clockwork Keeper"))
    waiting(phone).until(lambda d: "is not what the card names" in message(d))
    assert "Sunlit Guardian" in phone.find_element(By.ID, "op-0-target").text
    tap_object(phone, guardian)  # the unit Gust chose as it was played (Stalwart Poro would be legal too)
    assert phone.find_element(By.ID, "op-0-target").text == f"target: Sunlit Guardian ({guardian})"

    submit(phone, "resolve-submit", 6)  # one tap records the resolution the card wrote
    resolve = api(server, f"/matches/{match_id}/events", token)["events"][-1]["event"]
    assert resolve["effects"] == [{"op": "return", "target": guardian, "to": "hand"}]
