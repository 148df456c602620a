"""The recording screen's concession form (static/record_inputs.js) in real headless Chromium at 360 px: a player
concedes the match in one event (TR 410.2), the players agree to draw the game (TR 410.1) and then the match (TR
410.2), each with the rule's words shown; a draw of a game that is not in progress is refused, and the form says
so. Each checked through the API afterwards."""
from __future__ import annotations

from pathlib import Path

import pytest

import recorder
from test_record_browser import (CHROMEDRIVER, CHROMIUM, api, browser, make_match_created_module,  # noqa: F401
                                 open_screen, press, server, tap, wait_for_seq, waiting)
from test_record_judge_browser import RULES, SETUP

webdriver = pytest.importorskip("selenium.webdriver")
from selenium.webdriver.common.by import By  # noqa: E402
from selenium.webdriver.support.ui import Select  # noqa: E402

pytestmark = pytest.mark.skipif(not (Path(CHROMIUM).exists() and Path(CHROMEDRIVER).exists()),
                                reason="Chromium and ChromeDriver are not installed (run scripts/install-browser.sh)")
WIDTH = 360


@pytest.fixture
def narrow(browser):  # noqa: F811
    browser.set_window_size(WIDTH, 900)
    return browser


@pytest.fixture(scope="module")
def demo_db(tmp_path_factory) -> Path:
    return tmp_path_factory.mktemp("concede") / "riftlog.db"


def best_of_three(db: Path, make_created) -> tuple[str, str]:
    """A best of three (mode "match", 645) in game 1, P1's first turn."""
    created = make_created("strict")
    created["mode"] = "match"
    with recorder.Log(db) as log:
        match_id, token = log.create_match(created)
        log.append(match_id, SETUP[:6])
    return match_id, token


def open_form(driver) -> None:
    tap(driver, "concede-open")
    waiting(driver, 10).until(lambda d: d.find_elements(By.ID, "concede-what"))
    if RULES.exists():
        waiting(driver, 10).until(lambda d: d.find_elements(By.ID, "concede-quote"))
    assert driver.execute_script("return document.documentElement.scrollWidth") <= WIDTH


def test_a_player_concedes_the_match_in_one_event_from_the_form_tr_410_2(narrow, server, demo_db,  # noqa: F811
                                                                         make_match_created_module):  # noqa: F811
    match_id, token = best_of_three(demo_db, make_match_created_module)
    open_screen(narrow, server, match_id, token)
    open_form(narrow)
    what = Select(narrow.find_element(By.ID, "concede-what"))
    assert what.first_selected_option.get_attribute("value") == "game"  # a game is in progress
    what.select_by_value("match")
    Select(narrow.find_element(By.ID, "concede-player")).select_by_value("P2")
    if RULES.exists():
        quoted = narrow.find_element(By.ID, "concede-quote")
        assert quoted.get_attribute("data-rule") == "TR 410.2"
        assert "any player may concede that match" in quoted.text
    press(narrow, narrow.find_element(By.ID, "concede-submit"))
    wait_for_seq(narrow, 8)
    # The seal code the dock asks to copy is in view, not left above where the form was (a walk at 360 px).
    waiting(narrow, 10).until(lambda d: d.find_elements(By.ID, "seal-code"))
    waiting(narrow, 10).until(lambda d: d.execute_script(
        "var box = document.getElementById('seal-code').getBoundingClientRect();"
        "var dock = document.getElementById('dock').getBoundingClientRect();"
        "return box.top >= 0 && box.bottom <= Math.min(innerHeight, dock.top);"))
    result = api(server, f"/matches/{match_id}/state", token)["result"]
    assert result["games"] == [{"game": 1, "result": "win", "winner": "P1", "by": "concession", "rule": "TR 410.2"}]
    assert (result["match"]["result"], result["match"]["winner"], result["match"]["rule"]) == (
        "win", "P1", "TR 410.2")


def test_the_players_agree_to_draw_the_game_then_the_match_tr_410_1_tr_410_2(narrow, server, demo_db,  # noqa: F811
                                                                            make_match_created_module):  # noqa: F811
    match_id, token = best_of_three(demo_db, make_match_created_module)
    open_screen(narrow, server, match_id, token)
    open_form(narrow)
    if RULES.exists():
        assert narrow.find_element(By.ID, "concede-quote").get_attribute("data-rule") == "TR 410.1"
        assert "mutually agree to draw it" in narrow.find_element(By.ID, "concede-quote").text
    press(narrow, narrow.find_element(By.ID, "draw-submit"))
    wait_for_seq(narrow, 8)
    drawn = api(server, f"/matches/{match_id}/state", token)["result"]
    assert drawn["games"] == [{"game": 1, "result": "draw", "winner": None, "by": "agreement", "rule": "TR 410.1"}]
    assert drawn["match"] is None  # a drawn game does not count toward the two wins (TR 404.3)

    # Between games the form starts at the match; a draw of the game, which is over, is refused and said so.
    open_form(narrow)
    what = Select(narrow.find_element(By.ID, "concede-what"))
    assert what.first_selected_option.get_attribute("value") == "match"
    what.select_by_value("game")
    press(narrow, narrow.find_element(By.ID, "draw-submit"))
    waiting(narrow, 10).until(lambda d: d.find_element(By.ID, "message").get_attribute("data-kind") == "refused")
    assert "TR 410.1" in narrow.find_element(By.ID, "message").text
    assert api(server, f"/matches/{match_id}", token)["head_seq"] == 8

    what.select_by_value("match")
    press(narrow, narrow.find_element(By.ID, "draw-submit"))
    wait_for_seq(narrow, 9)
    match = api(server, f"/matches/{match_id}/state", token)["result"]["match"]
    assert (match["result"], match["winner"], match["by"], match["rule"]) == ("draw", None, "agreement", "TR 410.2")
