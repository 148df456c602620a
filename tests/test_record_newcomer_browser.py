"""The recording screen at 360 px in real headless Chromium, as a newcomer meets it (issue 27's frictions 1, 9 and
10): the concession form starts at the player the screen acts for and closes once the game is over, whose screen's
button says what it does; the log and the messages use the viewer's words (a card set aside is named, the legend
is named before the game); the Legend's "[T]: Add [A]" form reads as the card does and is not offered while the
legend is exhausted. Each checked through the API afterwards."""
from __future__ import annotations

from pathlib import Path

import pytest

import recorder
from replays import demo, notation
from screens import laid_out_within, save
from test_record_browser import (CHROMEDRIVER, CHROMIUM, api, browser, make_match_created_module,  # noqa: F401
                                 message, open_screen, press, server, tap, tap_object, wait_for_seq, waiting)

webdriver = pytest.importorskip("selenium.webdriver")
from selenium.webdriver.common.by import By  # noqa: E402
from selenium.webdriver.support.ui import Select  # noqa: E402

pytestmark = pytest.mark.skipif(not (Path(CHROMIUM).exists() and Path(CHROMEDRIVER).exists()),
                                reason="Chromium and ChromeDriver are not installed (run scripts/install-browser.sh)")
WIDTH = 360
TURN_2 = "P2 draw Lecturing Yordle"  # the demo's real-cards game up to this line: Ben (P2) awaited in turn 2


@pytest.fixture
def narrow(browser):  # noqa: F811
    browser.set_window_size(WIDTH, 800)
    return browser


@pytest.fixture(scope="module")
def demo_db(tmp_path_factory) -> Path:
    return tmp_path_factory.mktemp("newcomer") / "riftlog.db"


def ben_in_turn_2(db: Path) -> tuple[str, str]:
    """The real-cards game (Ben's legend is Daughter of the Void, "[T]: Add [A]") recorded up to Ben's action phase
    in turn 2: the screen acts for Ben (P2) while Ana is P1."""
    text = demo.real_cards_text()
    upto = text[:text.index(TURN_2) + len(TURN_2)] + "\n"
    with recorder.Log(db) as log:
        events = notation.parse_match(upto, log.catalog("demo"))
        match_id, token = log.create_match(events[0])
        log.append(match_id, events[1:])
    return match_id, token


def test_concede_starts_at_the_player_awaited_and_the_game_over_screen_leaves_no_live_form(narrow, server,  # noqa: F811
                                                                                       demo_db):
    match_id, token = ben_in_turn_2(demo_db)
    open_screen(narrow, server, match_id, token)
    head = api(server, f"/matches/{match_id}", token)["head_seq"]
    assert api(server, f"/matches/{match_id}/state", token)["awaiting"][0]["player"] == "P2"
    tap(narrow, "concede-open")
    who = Select(narrow.find_element(By.ID, "concede-player"))
    assert who.first_selected_option.get_attribute("value") == "P2"  # Ben is acting, not P1
    assert who.first_selected_option.text == "Ben"
    press(narrow, narrow.find_element(By.ID, "concede-submit"))
    wait_for_seq(narrow, head + 1)
    assert api(server, f"/matches/{match_id}/events?after={head}", token)["events"][0]["event"] == {
        "type": "concede", "player": "P2"}

    # The game is over: the concession's panel is closed, none of its buttons is left to tap.
    waiting(narrow, 10).until(lambda d: d.find_elements(By.CSS_SELECTOR, "#seal-code"))
    assert narrow.find_element(By.ID, "extra").text == ""
    for gone in ("concede-submit", "draw-submit", "concede-player"):
        assert not narrow.find_elements(By.ID, gone), gone
    # The docked buttons say what they do: no "Seal again" before a first seal was asked for.
    docked = [button.text for button in narrow.find_elements(By.CSS_SELECTOR, "#dock-actions button")]
    assert docked == ["Publish the match"]
    assert narrow.find_element(By.ID, "seal-again").text == "Read the seal code again"
    assert "Seal again" not in narrow.find_element(By.ID, "record").text
    assert "Ana wins" in narrow.find_element(By.ID, "inputs").text
    assert laid_out_within(narrow, "#inputs button, #inputs .seal-code, #dock-actions button") == []
    code = narrow.find_element(By.ID, "seal-code")
    assert narrow.execute_script("return arguments[0].scrollWidth <= arguments[0].clientWidth", code), code.text
    narrow.execute_script("document.getElementById('inputs').scrollIntoView()")
    save(narrow, "record-game-over-360")


def test_the_legends_add_form_reads_as_the_card_and_is_gone_once_the_legend_is_exhausted(narrow, server,  # noqa
                                                                                        demo_db):
    match_id, token = ben_in_turn_2(demo_db)
    open_screen(narrow, server, match_id, token)
    state = api(server, f"/matches/{match_id}/state", token)
    legend = state["players"]["P2"]["legend"]
    head = api(server, f"/matches/{match_id}", token)["head_seq"]
    tap(narrow, f"activate-{legend}-0")
    hint = narrow.find_element(By.ID, "activate-hint").text
    assert hint == f"[T] exhausts Daughter of the Void ({legend}) itself as the activation is recorded."
    assert "tap runes" not in hint.lower() and "targets" not in hint  # no rune pays for it, it has no target
    label = narrow.find_element(By.ID, "activate-domain-label").text
    assert "[A] is a Power of any domain: which domain?" in label
    options = [option.text for option in Select(narrow.find_element(By.ID, "activate-domain")).options]
    assert options == ["Any (named when spent)", "Fury", "Calm", "Mind", "Body", "Chaos", "Order"]
    assert laid_out_within(narrow, "#action-form label > span, #action-form p, #action-form select") == []
    save(narrow, "record-legend-add-360")
    Select(narrow.find_element(By.ID, "activate-domain")).select_by_value("Mind")
    tap(narrow, "activate-submit")
    wait_for_seq(narrow, head + 1)
    assert api(server, f"/matches/{match_id}/state", token)["players"]["P2"]["pool"]["power"] == {"Mind": 1}
    assert f"Ben activates Daughter of the Void ({legend}) (its ability 1)" in message(narrow)
    # Exhausted, the legend offers its [T] ability no more.
    waiting(narrow, 10).until(lambda d: d.find_element(By.CSS_SELECTOR, f'#board [data-id="{legend}"]'))
    assert "exhausted" in narrow.find_element(By.CSS_SELECTOR, f'#board [data-id="{legend}"]').get_attribute("class")
    assert not narrow.find_elements(By.ID, f"activate-{legend}-0")


def test_the_log_names_the_card_set_aside_and_the_legend_before_the_game(narrow, server, demo_db,  # noqa: F811
                                                                         make_match_created_module):  # noqa: F811
    with recorder.Log(demo_db) as log:
        match_id, token = log.create_match(make_match_created_module("strict"))
    open_screen(narrow, server, match_id, token)
    legend_zone = narrow.find_element(By.CSS_SELECTOR, "#side-P1 .zone").text
    assert "Loose Cannon (placed as the game starts)" in legend_zone and "none" not in legend_zone.lower()
    save(narrow, "record-before-the-game-360")

    with recorder.Log(demo_db) as log:
        log.append(match_id, [
            {"type": "game_started", "game": 1, "first_player": "P1",
             "battlefields": {"P1": "Zaun Warrens", "P2": "Altar to Unity"}},
            {"type": "draw", "player": "P1", "cards": ["Legion Rearguard", "Shakedown", "Hard Bargain", "Gust"]},
            {"type": "draw", "player": "P2", "cards": ["Stalwart Poro", "Discipline", "Clockwork Keeper",
                                                       "Rune Prison"]}])
    open_screen(narrow, server, match_id, token)
    state = api(server, f"/matches/{match_id}/state", token)
    rearguard = next(ref for ref in state["players"]["P1"]["hand"]
                     if state["objects"][ref]["card"] == "Legion Rearguard")
    tap_object(narrow, rearguard)
    tap(narrow, "mulligan-submit")
    wait_for_seq(narrow, 5)
    words = f"Ana mulligans, setting aside Legion Rearguard ({rearguard})"
    assert f"Recorded seq 5: {words}" in message(narrow)  # the log's words, not "Ana sets aside 1"
    with recorder.Log(demo_db) as log:  # Ana draws the replacement (the card set aside goes to the deck), Ben keeps
        log.append(match_id, [{"type": "draw", "player": "P1", "cards": ["Noxus Hopeful"]},
                              {"type": "mulligan", "player": "P2", "set_aside": []}])
    open_screen(narrow, server, match_id, token)
    line = narrow.find_element(By.CSS_SELECTOR, '#recent li[data-seq="5"]').text
    assert words in line and f"aside {rearguard}" not in line
