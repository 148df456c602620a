"""The recording screen at a table of four (issue 16), in real headless Chromium: an invited player (004 531.2) is
prompted like a player with priority, and refuses the invitation with Pass. `make test` installs Chromium and
ChromeDriver (scripts/install-browser.sh)."""
from __future__ import annotations

from pathlib import Path

import pytest

import recorder
from replays import notation
from test_record_browser import api, open_screen, submit
from test_viewer_browser import CHROMEDRIVER, CHROMIUM, browser, server, waiting  # noqa: F401

webdriver = pytest.importorskip("selenium.webdriver")
from selenium.webdriver.common.by import By  # noqa: E402

pytestmark = pytest.mark.skipif(not (Path(CHROMIUM).exists() and Path(CHROMEDRIVER).exists()),
                                reason="Chromium and ChromeDriver are not installed (run scripts/install-browser.sh)")
GOLDEN_2V2 = Path(__file__).resolve().parent / "data" / "golden_2v2.rln"


@pytest.fixture(scope="module")
def demo_db(tmp_path_factory) -> Path:
    """The database the server of test_viewer_browser serves: a new one, for the match this test records."""
    return tmp_path_factory.mktemp("record4") / "riftlog.db"


@pytest.fixture(scope="module")
def invited(demo_db):
    """The demo's 2v2 game up to Ana's invitation of Ben, her teammate, on her turn (v1.3 316.2.b.1)."""
    text = GOLDEN_2V2.read_text(encoding="utf-8")
    start = text.index("P1 invite P2")
    with recorder.Log(demo_db) as log:
        return notation.import_match(log, text[:start] + text[start:].split("\n", 1)[0] + "\n")


def test_an_invited_player_is_prompted_and_refuses_with_pass_531_2_a_1(browser, server, invited):
    match_id, token = invited
    open_screen(browser, server, match_id, token)
    head = api(server, f"/matches/{match_id}", token)["head_seq"]
    assert api(server, f"/matches/{match_id}/state", token)["awaiting"] == [
        {"player": "P2", "kind": "invited", "by": "P1"}]
    assert browser.find_element(By.ID, "actor").get_attribute("value") == "P2"  # the form acts for Ben
    submit(browser, "action-pass", head + 1)
    state = api(server, f"/matches/{match_id}/state", token)
    assert state["invitation"] is None and state["priority"] == "P1"
    assert api(server, f"/matches/{match_id}/events", token)["events"][-1]["event"] == {"type": "pass",
                                                                                       "player": "P2"}
