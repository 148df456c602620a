"""What a new user stumbled on walking a match day at 360 px (issue 27's walk: a fresh clone, the README only), in
real headless Chromium at phone width: the recording screen whose link the organiser reissued says so, the game-over
screen labels its points and asks before publishing every hand, and the organiser's bookmark and reissue.

Each of these was met on the walk: "only the match token may change match m10 (a player token only reads)" on a
scorekeeper's own, reissued link; "Match over: Ben wins" above an unlabelled "Ana 1 · Ben 0"; "Publish the match",
irreversible, as the dock's button where every other tap of the match went; the organiser's bookmark (`/organiser`,
the key moved out of the address) on a sign-in form once the browser was closed; "New recording link", which kills
the table's recording link and every player's link, one tap away from "Players' card"."""
from __future__ import annotations

from pathlib import Path

import pytest

import recorder
from recorder import tokens
from test_record_browser import (CHROMEDRIVER, CHROMIUM, api, browser, make_match_created_module,  # noqa: F401
                                 open_screen, press, server, tap, wait_for_seq, waiting)
from test_record_judge_browser import SETUP
from test_record_newcomer_browser import ben_in_turn_2

webdriver = pytest.importorskip("selenium.webdriver")
from selenium.webdriver.common.by import By  # noqa: E402

pytestmark = pytest.mark.skipif(not (Path(CHROMIUM).exists() and Path(CHROMEDRIVER).exists()),
                                reason="Chromium and ChromeDriver are not installed (run scripts/install-browser.sh)")
PHONE = (360, 740)


@pytest.fixture
def phone(browser):  # noqa: F811
    browser.set_window_size(*PHONE)
    return browser


@pytest.fixture(scope="module")
def demo_db(tmp_path_factory) -> Path:
    return tmp_path_factory.mktemp("walk") / "riftlog.db"


def new_match(db: Path, make_created, events: list[dict], **info: object) -> tuple[str, str]:
    created = {**make_created("strict"), **info}
    with recorder.Log(db) as log:
        match_id, token = log.create_match(created)
        if events:
            log.append(match_id, events)
    return match_id, token


def fits(driver) -> None:
    assert driver.execute_script("return document.documentElement.scrollWidth") <= PHONE[0]


def test_a_recording_screen_whose_link_was_reissued_says_so_and_where_the_new_one_is(
        phone, server, demo_db, make_match_created_module):  # noqa: F811
    match_id, token = new_match(demo_db, make_match_created_module, SETUP[:6])
    open_screen(phone, server, match_id, token)
    with recorder.Log(demo_db) as log:
        tokens.reissue(log, match_id, "judge", "organiser")  # the venue's address changed: a new table card
    phone.refresh()
    waiting(phone, 15).until(lambda d: d.find_element(By.ID, "token-panel").is_displayed())
    said = phone.find_element(By.ID, "message").text
    assert "a recording link the organiser reissued no longer works" in said, said
    assert "the organiser's page gives the table's new one" in said
    fits(phone)


def test_the_game_over_screen_labels_its_points_and_asks_before_publishing_every_hand(
        phone, server, demo_db, make_match_created_module):  # noqa: F811
    match_id, token = new_match(demo_db, make_match_created_module,
                                SETUP[:6] + [{"type": "concede", "player": "P1"}])
    phone.get(f"{server}/matches/{match_id}/record#token={token}")  # (its slip link carries the token: no
    wait_for_seq(phone, 8)                                           # open_screen, which says none is in the page)
    waiting(phone, 15).until(lambda d: d.find_elements(By.ID, "seal-code"))
    score = phone.find_element(By.CSS_SELECTOR, ".final-score").text
    assert score == "Points this game: Ana 0 · Ben 0", score  # not a bare "Ana 0 · Ben 0" under "Ben wins"

    tap(phone, "publish")  # the dock's button, where every other tap of the match went
    waiting(phone, 10).until(lambda d: d.find_element(By.ID, "publish-confirm").is_displayed())
    assert "every hand included" in phone.find_element(By.ID, "message").text
    assert api(server, f"/matches/{match_id}", token)["published_at"] is None  # asked, not done
    tap(phone, "publish-cancel")
    assert not phone.find_element(By.ID, "message").is_displayed()
    assert api(server, f"/matches/{match_id}", token)["published_at"] is None

    tap(phone, "publish")
    waiting(phone, 10).until(lambda d: d.find_element(By.ID, "publish-confirm").is_displayed())
    tap(phone, "publish-confirm")
    waiting(phone, 15).until(lambda d: "Published" in d.find_element(By.ID, "message").text)
    assert api(server, f"/matches/{match_id}", token)["published_at"]
    fits(phone)


def test_the_organisers_bookmark_outlives_the_browser_and_the_sign_in_takes_the_printed_link(
        phone, server, demo_db):
    with recorder.Log(demo_db) as log:
        key = tokens.new_organiser_token(log)
    phone.delete_all_cookies()
    phone.get(f"{server}/organiser")  # the bookmark: the page's address, the key no longer in it
    assert phone.find_element(By.ID, "organiser").get_attribute("data-signed-in") == "false"
    assert "riftlog organiser" in phone.find_element(By.ID, "key-hint").text  # where the link comes from
    field = phone.find_element(By.CSS_SELECTOR, "#organiser-form input[name=token]")
    field.send_keys(f"http://192.0.2.2:5000/organiser#token={key}")  # what `riftlog organiser` printed, pasted
    phone.find_element(By.CSS_SELECTOR, "#organiser-form button[type=submit]").click()
    waiting(phone, 15).until(lambda d: d.find_element(By.ID, "organiser").get_attribute("data-signed-in") == "true")
    kept = phone.get_cookie("riftlog-organiser")
    assert kept is not None and kept.get("expiry"), kept  # not a session cookie: the bookmark works tomorrow
    fits(phone)


def test_a_new_recording_link_asks_first_at_a_live_table(phone, server, demo_db,
                                                       make_match_created_module):  # noqa: F811
    match_id, token = new_match(demo_db, make_match_created_module, SETUP[:6],
                                info={"event": "Walk", "round": 1, "table": 4})
    with recorder.Log(demo_db) as log:
        key = tokens.new_organiser_token(log)
    phone.get(f"{server}/organiser#token={key}")
    waiting(phone, 15).until(lambda d: d.find_element(By.ID, "organiser").get_attribute("data-signed-in") == "true")
    phone.get(f"{server}/organiser?event=Walk&round=1")
    confirm = phone.find_element(By.ID, f"{match_id}-reissue-judge")
    assert not confirm.is_displayed()  # one tap on "New recording link" only opens the question
    ask = phone.find_element(By.CSS_SELECTOR, f"#{match_id}-reissue-judge-ask summary")
    assert ask.text == "New recording link"
    phone.execute_script("arguments[0].scrollIntoView({block: 'center'})", ask)
    ask.click()
    waiting(phone, 10).until(lambda d: d.find_element(By.ID, f"{match_id}-reissue-judge").is_displayed())
    warning = phone.find_element(By.CSS_SELECTOR, f"#{match_id}-reissue-judge-ask .warning").text
    assert "every player's link stop working at once" in warning
    assert api(server, f"/matches/{match_id}", token)["id"] == match_id  # the table's link still records
    fits(phone)
    phone.save_screenshot("/tmp/riftlog-walk-reissue-ask.png")

    confirm = phone.find_element(By.ID, f"{match_id}-reissue-judge")
    phone.execute_script("arguments[0].scrollIntoView({block: 'center'})", confirm)
    confirm.click()
    waiting(phone, 15).until(lambda d: d.find_elements(By.ID, "record-link"))
    new = phone.find_element(By.ID, "record-link").get_attribute("href").split("#token=")[1]
    assert new != token and api(server, f"/matches/{match_id}", new)["id"] == match_id


def test_a_panel_of_the_standing_row_opened_by_mistake_closes_recording_nothing(
        phone, server, demo_db, make_match_created_module):  # noqa: F811
    """"Concede" opened by mistake mid-game left its red buttons under the board with no way to close them (a second
    tap on "Concede" drew the same panel again); every panel of the row (note, concession, penalty, seal) now has
    Close."""
    match_id, token = new_match(demo_db, make_match_created_module, SETUP[:6])
    open_screen(phone, server, match_id, token)
    head = api(server, f"/matches/{match_id}", token)["head_seq"]
    for opener, inside in (("concede-open", "concede-submit"), ("note-open", "note-submit"),
                           ("seal-open", "seal")):
        tap(phone, opener)
        waiting(phone, 10).until(lambda d: d.find_elements(By.ID, inside))
        fits(phone)
        tap(phone, "extra-close")
        assert not phone.find_elements(By.ID, inside), opener
        assert phone.find_element(By.ID, "extra").text == ""
    assert api(server, f"/matches/{match_id}", token)["head_seq"] == head  # nothing recorded


def test_the_card_a_tap_showed_is_put_away_when_its_ability_form_opens(phone, server, demo_db):
    """A tap on Ben's legend showed its card in the dock and offered its "[T]: Add [A]"; the activation's form then
    opened under the card, which covered the form's foot and the dock at 360 px until closed by its ×."""
    match_id, token = ben_in_turn_2(demo_db)
    open_screen(phone, server, match_id, token)
    legend = api(server, f"/matches/{match_id}/state", token)["players"]["P2"]["legend"]
    press(phone, phone.find_element(By.CSS_SELECTOR, f'#board [data-tap="{legend}"]'))
    waiting(phone, 10).until(lambda d: d.find_element(By.ID, "card-info").is_displayed())
    assert "Daughter of the Void" in phone.find_element(By.ID, "card-info").text
    tap(phone, f"activate-{legend}-0")
    waiting(phone, 10).until(lambda d: d.find_element(By.ID, "activate-submit").is_displayed())
    assert not phone.find_element(By.ID, "card-info").is_displayed()
    fits(phone)
