"""A link kept by the browser after its token was reissued, in real headless Chromium at 360 px: the viewer and the
match slip, opened again with the match's cookie holding the dead token, show what a spectator sees with a notice
that the link was replaced, and forget the cookie (it was a 403 page, "this token is no token of match m1", with no
way on but the match list). A dead token sent by an API client is still 403: only the kept cookie is let go."""
from __future__ import annotations

from pathlib import Path

import pytest

import recorder
from recorder import tokens
from replays import demo
from test_viewer_browser import CHROMEDRIVER, CHROMIUM, browser, server, waiting  # noqa: F401

webdriver = pytest.importorskip("selenium.webdriver")
from selenium.webdriver.common.by import By  # noqa: E402

PHONE = (360, 780)

pytestmark = pytest.mark.skipif(not (Path(CHROMIUM).exists() and Path(CHROMEDRIVER).exists()),
                                reason="Chromium and ChromeDriver are not installed (run scripts/install-browser.sh)")


@pytest.fixture(scope="module")
def demo_db(tmp_path_factory) -> Path:
    return tmp_path_factory.mktemp("stale-link") / "riftlog.db"


@pytest.fixture(scope="module")
def match(demo_db):
    with recorder.Log(demo_db) as log:
        match_id, token = log.create_match(demo.match_created("strict", "Regional"))
        return match_id, token, tokens.player_tokens(log, match_id)


def test_a_kept_player_link_since_reissued_shows_the_spectators_view_and_says_why(browser, server, match, demo_db):
    match_id, _, players = match
    browser.set_window_size(*PHONE)
    browser.get(f"{server}/matches/{match_id}#token={players['P1']}")  # Ana's link: the viewer keeps it
    waiting(browser).until(lambda d: d.get_cookie(f"riftlog-{match_id}") is not None)
    assert not browser.find_elements(By.ID, "stale-token")

    with recorder.Log(demo_db) as log:
        tokens.reissue(log, match_id, "P1", "organiser")  # Ana lost her phone: a new link, the old one dead
    browser.get(f"{server}/matches/{match_id}")
    notice = browser.find_element(By.ID, "stale-token")
    assert f"The link this browser kept for match {match_id} no longer works" in notice.text
    assert "no token of match" not in browser.page_source
    assert browser.find_element(By.ID, "match").get_attribute("data-view") == "spectator"
    assert browser.get_cookie(f"riftlog-{match_id}") is None  # forgotten: said once
    assert browser.execute_script("return document.documentElement.scrollWidth") <= PHONE[0]
    browser.save_screenshot("/tmp/riftlog-stale-link-phone.png")

    browser.get(f"{server}/matches/{match_id}")
    assert not browser.find_elements(By.ID, "stale-token")


def test_a_kept_match_token_since_reissued_opens_the_slip_as_no_token_does(browser, server, match, demo_db):
    match_id, token, _ = match
    browser.get(f"{server}/matches/{match_id}/slip#token={token}")  # the game-over screen's link
    waiting(browser).until(lambda d: d.get_cookie(f"riftlog-{match_id}") is not None)
    with recorder.Log(demo_db) as log:
        tokens.reissue(log, match_id, "judge", "organiser")
    browser.get(f"{server}/matches/{match_id}/slip")
    assert "no longer works" in browser.find_element(By.ID, "stale-token").text
    assert "no token of match" not in browser.page_source  # the slip's token form, as for no token (unpublished)


def test_an_api_client_sending_a_reissued_token_is_still_refused(client, log, duel_created):
    match_id, token = log.create_match(duel_created)
    tokens.reissue(log, match_id, "judge", "organiser")
    answer = client.get(f"/api/matches/{match_id}/state", headers={"Authorization": f"Bearer {token}"})
    assert answer.status_code == 403 and "no token of match" in answer.get_json()["error"]
    page = client.get(f"/matches/{match_id}", headers={"Authorization": f"Bearer {token}"})
    assert page.status_code == 403
