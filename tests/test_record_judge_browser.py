"""The recording screen's judge's menu (static/record_judge.js) in real headless Chromium at phone width: a penalty
picked from the Tournament Rules' list with the rule's words shown, and a backup whose non-public card is picked at
random from the candidates (TR 701.5.d.3); each checked through the API afterwards."""
from __future__ import annotations

from pathlib import Path

import pytest

import recorder
from test_record_browser import (CHROMEDRIVER, CHROMIUM, api, browser, make_match_created_module,  # noqa: F401
                                 open_screen, phone, press, server, tap, wait_for_seq, waiting)

webdriver = pytest.importorskip("selenium.webdriver")
from selenium.webdriver.common.by import By  # noqa: E402
from selenium.webdriver.support.ui import Select  # noqa: E402

pytestmark = pytest.mark.skipif(not (Path(CHROMIUM).exists() and Path(CHROMEDRIVER).exists()),
                                reason="Chromium and ChromeDriver are not installed (run scripts/install-browser.sh)")
SCREENSHOT = Path("/tmp/riftlog-judge-penalty.png")
RULES = Path(__file__).resolve().parents[2] / "shared" / "rules" / "tournament-rules-2026-05-02.txt"
SETUP = [
    {"type": "game_started", "game": 1, "first_player": "P1",
     "battlefields": {"P1": "Zaun Warrens", "P2": "Altar to Unity"}},
    {"type": "draw", "player": "P1", "cards": ["Legion Rearguard", "Shakedown", "Hard Bargain", "Gust"]},
    {"type": "draw", "player": "P2", "cards": ["Stalwart Poro", "Discipline", "Clockwork Keeper", "Rune Prison"]},
    {"type": "mulligan", "player": "P1", "set_aside": []}, {"type": "mulligan", "player": "P2", "set_aside": []},
    {"type": "channel", "player": "P1", "runes": ["Fury Rune", "Chaos Rune"]},
    {"type": "draw", "player": "P1", "cards": [None]},  # seq 8: a draw the recorder could not see
]


@pytest.fixture(scope="module")
def demo_db(tmp_path_factory) -> Path:
    return tmp_path_factory.mktemp("judge") / "riftlog.db"


def set_up(db: Path, make_created) -> tuple[str, str]:
    """A new strict match in P1's first turn, its draw made (seq 8): its id and match token."""
    with recorder.Log(db) as log:
        match_id, token = log.create_match(make_created("strict"))
        log.append(match_id, SETUP)
    return match_id, token


@pytest.fixture(scope="module")
def drawn_unseen(demo_db, make_match_created_module):  # noqa: F811
    return set_up(demo_db, make_match_created_module)


def test_a_penalty_is_picked_from_the_tournament_rules_list_with_its_words(phone, server, drawn_unseen):  # noqa: F811
    match_id, token = drawn_unseen
    open_screen(phone, server, match_id, token)
    tap(phone, "penalty-open")
    waiting(phone, 10).until(lambda d: d.find_elements(By.ID, "penalty-infraction"))
    Select(phone.find_element(By.ID, "penalty-player")).select_by_value("P1")
    Select(phone.find_element(By.ID, "penalty-infraction")).select_by_value("drawing_extra_cards")
    assert phone.find_element(By.ID, "penalty-rule").get_attribute("value") == "TR 702.12"
    assert Select(phone.find_element(By.ID, "penalty-kind")).first_selected_option.get_attribute("value") == "warning"
    phone.find_element(By.ID, "penalty-remedy").send_keys("none: the draw was the draw phase's")
    phone.execute_script("document.getElementById('extra').scrollIntoView({block: 'start'})")
    phone.save_screenshot(str(SCREENSHOT))
    if RULES.exists():
        assert "Drawing Extra Cards [ Warning ]" in phone.find_element(By.ID, "penalty-infraction-quote").text
        press(phone, phone.find_element(By.CSS_SELECTOR, "#penalty-infraction-quote summary"))
        assert "TR 702.12.b.1." in phone.find_element(By.ID, "penalty-infraction-quote").text
        assert "Warning: An indication" in phone.find_element(By.ID, "penalty-kind-quote").text
    press(phone, phone.find_element(By.ID, "penalty-submit"))
    wait_for_seq(phone, 9)
    entry, = api(server, f"/matches/{match_id}/state", token)["penalties"]
    assert (entry["player"], entry["infraction"], entry["penalty"], entry["rule"]) == (
        "P1", "drawing_extra_cards", "warning", "TR 702.12")


def test_a_backup_picks_the_returned_card_at_random_from_the_candidates_tr_701_5_d_3(phone, server,  # noqa: F811
                                                                                      drawn_unseen):
    match_id, token = drawn_unseen
    open_screen(phone, server, match_id, token)
    head = api(server, f"/matches/{match_id}", token)["head_seq"]
    tap(phone, "backup-open")
    waiting(phone, 10).until(lambda d: d.find_elements(By.ID, "backup-to"))
    field = phone.find_element(By.ID, "backup-to")
    field.clear()
    field.send_keys("7")
    tap(phone, "backup-check")
    waiting(phone, 10).until(lambda d: d.find_elements(By.CSS_SELECTOR, "#backup-verdict .picked"))
    # only seq 8, the draw, is an action after seq 7 (a penalty is the judge's, not an action): TR 701.5.b.1
    assert phone.find_element(By.ID, "backup-simple").get_attribute("data-simple") == "true"
    picked = phone.find_element(By.CSS_SELECTOR, "#backup-verdict .picked").text
    assert picked in ("Gust", "Hard Bargain", "Legion Rearguard", "Shakedown", "the unseen card")
    phone.find_element(By.ID, "backup-reason").send_keys("drew before the draw phase")
    press(phone, phone.find_element(By.ID, "backup-submit"))
    wait_for_seq(phone, head + 1)
    state = api(server, f"/matches/{match_id}/state", token)
    backup = state["backups"][-1]
    assert backup["by"] == "floor_judge" and backup["to"] == 7
    assert backup["returned"] == {"P1": [None if picked == "the unseen card" else picked]}
    assert state["players"]["P1"]["hand_count"] == 4


@pytest.fixture(scope="module")
def owing(demo_db, make_match_created_module):  # noqa: F811
    """Two matches of one event: in the first, Ben was given a match loss after it was over (TR 701.2.c.1)."""
    with recorder.Log(demo_db) as log:
        matches = []
        for table in (1, 2):
            created = make_match_created_module("strict")
            created["info"] = {"event": "Regional", "round": table, "table": 1}
            matches.append(log.create_match(created))
            log.append(matches[-1][0], SETUP[:5])
        log.append(matches[0][0], [{"type": "concede", "player": "P2"},
                                   {"type": "penalty", "player": "P2", "infraction": "bribery", "penalty": "match_loss",
                                    "rule": "TR 704.5"}])
    return matches


def test_a_penalty_owed_from_an_earlier_match_is_recorded_with_one_tap_tr_701_2_c_1(phone, server,  # noqa: F811
                                                                                   owing):
    (first, _), (match_id, token) = owing
    open_screen(phone, server, match_id, token)
    tap(phone, "penalty-open")
    waiting(phone, 10).until(lambda d: d.find_elements(By.CSS_SELECTOR, "#penalty-owed li.owed"))
    owed = phone.find_element(By.CSS_SELECTOR, "#penalty-owed li.owed")
    assert "Ben (P2): match loss for Bribery (TR 704.5)" in owed.text
    press(phone, owed.find_element(By.TAG_NAME, "button"))
    wait_for_seq(phone, 7)
    state = api(server, f"/matches/{match_id}/state", token)
    assert state["match_winner"] == "P1" and state["penalties"][0]["carried"] == {"match": first, "seq": 8}


@pytest.fixture(scope="module")
def in_turn_one(demo_db, make_match_created_module):  # noqa: F811
    """Another match as `drawn_unseen`'s, for the time call (it needs one no test has touched)."""
    return set_up(demo_db, make_match_created_module)


def test_time_is_called_from_the_judges_menu_with_the_rules_words_tr_408_2(phone, server, in_turn_one):  # noqa: F811
    match_id, token = in_turn_one
    open_screen(phone, server, match_id, token)
    tap(phone, "time-open")
    waiting(phone, 10).until(lambda d: d.find_elements(By.ID, "time-submit"))
    assert "3 additional turns" in phone.find_element(By.ID, "time-submit").text
    if RULES.exists():
        quoted = phone.find_element(By.ID, "time-quote")
        assert quoted.get_attribute("data-rule") == "TR 408.2"
        assert "the player whose turn it is finishes their turn" in quoted.text
    press(phone, phone.find_element(By.ID, "time-submit"))
    wait_for_seq(phone, 9)
    called = api(server, f"/matches/{match_id}/state", token)["time"]
    assert (called["called_at_seq"], called["extra_turns"], called["turn"], called["last_turn"]) == (9, 3, 1, 4)


@pytest.fixture(scope="module")
def too_many_runes(demo_db, make_match_created_module):  # noqa: F811
    """An audit match where P1 channelled three runes in their first channel phase (seq 7, TR 702.6)."""
    with recorder.Log(demo_db) as log:
        match_id, token = log.create_match(make_match_created_module("audit"))
        log.append(match_id, [*SETUP[:5], {"type": "channel", "player": "P1",
                                           "runes": ["Fury Rune", "Chaos Rune", "Fury Rune"]}])
    return match_id, token


def test_an_errors_remedy_is_recorded_from_the_judges_menu_with_the_rules_words_tr_702_6_b_2(  # noqa: F811
        phone, server, too_many_runes):
    match_id, token = too_many_runes
    before = api(server, f"/matches/{match_id}/state", token)
    [error] = before["errors"]
    extra = before["players"]["P1"]["runes"][-1]
    open_screen(phone, server, match_id, token)
    tap(phone, "remedy-open")
    waiting(phone, 10).until(lambda d: d.find_elements(By.ID, "remedy-submit"))
    assert Select(phone.find_element(By.ID, "remedy-error")).first_selected_option.get_attribute("value") == "7"
    assert Select(phone.find_element(By.ID, "remedy-player")).first_selected_option.get_attribute("value") == "P1"
    if RULES.exists():
        assert "Channeling Too Many Runes [ Warning ]" in phone.find_element(By.ID, "remedy-quote").text
    phone.find_element(By.ID, "remedy-values").send_keys(extra)
    press(phone, phone.find_element(By.ID, "remedy-submit"))
    wait_for_seq(phone, 8)
    after = api(server, f"/matches/{match_id}/state", token)
    assert after["errors"][0]["remedy"]["rule"] == "TR 702.6.b.2" and error["extra"] == 1
    assert len(after["players"]["P1"]["runes"]) == 2
