"""The recording screen in real headless Chromium at phone width, driven by taps and forms only (no JSON typed):
a game's opening, a combat and an undo, each checked through the API afterwards.

The browser gets the match token as an organiser's link hands it over (the URL fragment); the screen keeps it in
the tab and drops it from the address. `make test` installs Chromium and ChromeDriver (scripts/install-browser.sh).
"""
from __future__ import annotations

import json
import urllib.request
from pathlib import Path

import pytest

import recorder
from positions import ARENA, transcript
from replays import notation
from test_viewer_browser import CHROMEDRIVER, CHROMIUM, browser, server, waiting  # noqa: F401

webdriver = pytest.importorskip("selenium.webdriver")
from selenium.webdriver.common.by import By  # noqa: E402

SCREENSHOT = Path("/tmp/riftlog-record-phone.png")
PHONE = (390, 1500)

pytestmark = pytest.mark.skipif(not (Path(CHROMIUM).exists() and Path(CHROMEDRIVER).exists()),
                                reason="Chromium and ChromeDriver are not installed (run scripts/install-browser.sh)")


@pytest.fixture(scope="module")
def demo_db(tmp_path_factory) -> Path:
    """The database the server of test_viewer_browser serves: a new one, for the matches these tests create."""
    return tmp_path_factory.mktemp("record") / "riftlog.db"


@pytest.fixture(scope="module")
def phone(browser):
    """Headless Chromium with a phone-sized window."""
    browser.set_window_size(*PHONE)
    return browser


def api(server: str, path: str, token: str, body: dict | None = None) -> dict:
    """A call to the API as the judge (the test's own check, beside the browser)."""
    request = urllib.request.Request(f"{server}/api{path}", method="POST" if body is not None else "GET",
                                     data=json.dumps(body).encode() if body is not None else None,
                                     headers={"Authorization": f"Bearer {token}", "Content-Type": "application/json"})
    with urllib.request.urlopen(request, timeout=10) as answer:
        return json.loads(answer.read())


def open_screen(driver, server: str, match_id: str, token: str) -> None:
    driver.get(f"{server}/matches/{match_id}/record#token={token}")
    wait_for_seq(driver, api(server, f"/matches/{match_id}", token)["head_seq"])
    assert token not in driver.current_url and token not in driver.page_source


def seq_shown(driver) -> int | None:
    seq = driver.find_element(By.ID, "record").get_attribute("data-seq")
    return int(seq) if seq else None


def wait_for_seq(driver, seq: int) -> None:
    waiting(driver, 15).until(lambda d: seq_shown(d) == seq and d.find_element(By.ID, "record")
                                    .get_attribute("aria-busy") != "true")


def press(driver, element) -> None:
    """A thumb's tap: the element scrolled to the middle of the screen (as a scorekeeper scrolls to it, clear of the
    sticky dock), then clicked."""
    driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", element)
    element.click()


def tap(driver, element_id: str) -> None:
    press(driver, driver.find_element(By.ID, element_id))


def tap_object(driver, object_id: str) -> None:
    press(driver, driver.find_element(By.CSS_SELECTOR, f'#board [data-tap="{object_id}"]'))


def submit(driver, element_id: str, seq: int) -> None:
    """Tap a form's submit button and wait for the screen to show the new head."""
    tap(driver, element_id)
    wait_for_seq(driver, seq)


def pick(driver, picks_id: str, values: list[str]) -> None:
    """Tap each card (or rune) among a form's picks by its name, "?" for an unseen card: the form records them
    once as many as are awaited are tapped."""
    for value in values:
        if value == "?":
            tap(driver, f"{picks_id}-unseen")
        else:
            press(driver, driver.find_element(By.CSS_SELECTOR, f'#{picks_id} button[data-card="{value}"]'))


def message(driver) -> str:
    return driver.find_element(By.ID, "message").text


def hand_of(state: dict, player: str) -> list[str]:
    return [state["objects"][ref]["card"] for ref in state["players"][player]["hand"]]


def find(state: dict, card: str, zone: str | None = None) -> str:
    return next(ref for ref, obj in state["objects"].items()
                if obj["card"] == card and (zone is None or obj["zone"] == zone))


@pytest.fixture(scope="module")
def new_match(demo_db, make_match_created_module):
    with recorder.Log(demo_db) as log:
        return log.create_match(make_match_created_module("strict"))


@pytest.fixture(scope="module")
def make_match_created_module():
    decks = json.loads((Path(__file__).resolve().parent.parent / "engine" / "data" / "demo_decks.json")
                       .read_text(encoding="utf-8"))["decks"]

    def make(policy: str) -> dict:  # abilities declared, as conftest's make_match_created (tests of before the checks)
        players = [{"name": name, **deck} for name, deck in zip(("Ana", "Ben"), decks)]
        return {"type": "match_created", "rules": "v1.3", "abilities": "declared", "mode": "duel", "players": players,
                "catalog": "demo", "policy": policy}

    return make


def test_recording_a_games_opening_by_taps_and_forms_then_undoing_the_play(phone, server, new_match):
    match_id, token = new_match
    open_screen(phone, server, match_id, token)

    # Game 1: Ana first, each player's first battlefield (the form's defaults).
    chosen = phone.find_element(By.CSS_SELECTOR, "#first-player button.active")
    assert chosen.get_attribute("data-value") == "P1"
    submit(phone, "start-game", 2)

    # Opening hands: Ana's four cards named, Ben's drawn unseen but one.
    pick(phone, "draw-cards", ["Legion Rearguard", "Legion Rearguard", "Jinx, Rebel", "Pouty Poro"])
    wait_for_seq(phone, 3)
    pick(phone, "draw-cards", ["?", "?", "?", "Stalwart Poro"])
    wait_for_seq(phone, 4)

    # Ana sets Jinx, Rebel aside (a tap on the card in her hand) and draws its replacement; Ben keeps.
    state = api(server, f"/matches/{match_id}/state", token)
    tap_object(phone, find(state, "Jinx, Rebel", "hand"))
    assert "Set aside: Jinx, Rebel" in phone.find_element(By.ID, "set-aside").text
    submit(phone, "mulligan-submit", 5)
    pick(phone, "draw-cards", ["Chemtech Enforcer"])
    wait_for_seq(phone, 6)
    submit(phone, "keep", 7)

    # Turn 1: channel two runes, draw a card.
    pick(phone, "channel-runes", ["Fury Rune", "Chaos Rune"])
    wait_for_seq(phone, 8)
    pick(phone, "draw-cards", ["Pouty Poro"])
    wait_for_seq(phone, 9)

    # Playing Legion Rearguard unpaid: the strict match would refuse it, and the screen says why before sending.
    state = api(server, f"/matches/{match_id}/state", token)
    rearguard = find(state, "Legion Rearguard", "hand")
    tap_object(phone, rearguard)  # a tap on the card in the hand plays it, the engine's payment marked
    assert "Legion Rearguard" in phone.find_element(By.ID, "play-card").text
    assert "exhaust: Fury Rune" in phone.find_element(By.ID, "play-summary").text
    for rune in state["players"]["P1"]["runes"]:  # each rune tapped twice: recycled, then not used at all
        tap_object(phone, rune)
        tap_object(phone, rune)
    assert "exhaust: none" in phone.find_element(By.ID, "play-summary").text
    tap(phone, "play-submit")
    waiting(phone).until(lambda d: "Not recorded" in message(d))
    assert "rule " in message(phone)
    assert api(server, f"/matches/{match_id}", token)["head_seq"] == 9

    # Paid by tapping both runes, it is recorded.
    for rune in state["players"]["P1"]["runes"]:
        tap_object(phone, rune)
    assert "exhaust: Fury Rune" in phone.find_element(By.ID, "play-summary").text
    SCREENSHOT.parent.mkdir(parents=True, exist_ok=True)
    phone.save_screenshot(str(SCREENSHOT))
    submit(phone, "play-submit", 10)
    assert "Recorded seq 10" in message(phone)

    state = api(server, f"/matches/{match_id}/state", token)
    assert state["objects"][rearguard]["zone"] == "board" and state["players"]["P1"]["base"] == [rearguard]
    assert sorted(hand_of(state, "P1")) == ["Chemtech Enforcer", "Legion Rearguard", "Pouty Poro", "Pouty Poro"]
    assert hand_of(state, "P2").count(None) == 3 and "Stalwart Poro" in hand_of(state, "P2")
    assert all(state["objects"][rune]["exhausted"] for rune in state["players"]["P1"]["runes"])
    events = [entry["event"] for entry in api(server, f"/matches/{match_id}/events", token)["events"]]
    assert [event["type"] for event in events] == ["match_created", "game_started", "draw", "draw", "mulligan",
                                                   "draw", "mulligan", "channel", "draw", "play"]
    assert events[9]["pay"] == {"exhaust": state["players"]["P1"]["runes"], "recycle": []}

    # Undo: a judge rewind to seq 9, not a deletion. The play stays in the log, voided.
    assert "Undo seq 10" in phone.find_element(By.ID, "undo").text
    tap(phone, "undo")  # undo asks first
    assert "Undo seq 10" in message(phone) and api(server, f"/matches/{match_id}", token)["head_seq"] == 10
    submit(phone, "undo-confirm", 11)
    state = api(server, f"/matches/{match_id}/state", token)
    assert state["voided"] == [10] and state["objects"][rearguard]["zone"] == "hand"
    assert not any(state["objects"][rune]["exhausted"] for rune in state["players"]["P1"]["runes"])
    events = api(server, f"/matches/{match_id}/events", token)["events"]
    assert [entry["event"]["type"] for entry in events[-2:]] == ["play", "rewind"]
    assert events[-1]["event"]["to"] == 9
    assert "voided" in phone.find_element(By.CSS_SELECTOR, '#recent li[data-seq="10"]').get_attribute("class")


@pytest.fixture(scope="module")
def arena(demo_db):
    """A strict match that starts from the ARENA position (tests/positions.py): turn 5, P1's action phase."""
    with recorder.Log(demo_db) as log:
        return notation.import_match(log, transcript(f"position {ARENA}"))


def test_recording_a_combat_by_taps_and_forms(phone, server, arena):
    match_id, token = arena
    open_screen(phone, server, match_id, token)
    state = api(server, f"/matches/{match_id}/state", token)
    attackers = list(state["players"]["P1"]["base"])
    guardian, poro = find(state, "Sunlit Guardian"), find(state, "Stalwart Poro")

    # Move: tap the three units at Ana's base, then the battlefield they go to (which records the move).
    for unit in attackers:
        tap_object(phone, unit)
    assert all(Rec_name in phone.find_element(By.ID, "move-summary").text
               for Rec_name in ("Units: ", state["objects"][attackers[-1]]["card"]))
    tap_object(phone, "bf2")
    wait_for_seq(phone, 3)

    # The showdown: both pass Focus.
    assert phone.find_element(By.CSS_SELECTOR, '#awaiting [data-kind="focus"]')
    submit(phone, "action-pass", 4)
    tap(phone, "actor-P2")
    submit(phone, "action-pass", 5)

    # Damage: Ana's 9 pre-filled lethal first, the Tank first; Ben's 7 likewise.
    assert phone.find_element(By.ID, f"assign-{guardian}").get_attribute("value") == "4"
    assert phone.find_element(By.ID, f"assign-{poro}").get_attribute("value") == "5"
    phone.save_screenshot(str(SCREENSHOT.with_name("riftlog-record-phone-damage.png")))
    submit(phone, "assign-submit", 6)
    submit(phone, "assign-submit", 7)

    state = api(server, f"/matches/{match_id}/state", token)
    assert state["combat"] is None and state["showdown"] is None
    assert state["objects"][guardian]["zone"] == "trash" and state["objects"][poro]["zone"] == "trash"
    events = [entry["event"] for entry in api(server, f"/matches/{match_id}/events", token)["events"]]
    assert [event["type"] for event in events[2:]] == ["move", "pass", "pass", "assign_damage", "assign_damage"]
    assert events[5]["assignments"] == {guardian: 4, poro: 5}


def test_an_input_after_someone_else_recorded_shows_what_changed_and_records_nothing(phone, server, arena):
    match_id, token = arena
    open_screen(phone, server, match_id, token)
    seq = seq_shown(phone)
    api(server, f"/matches/{match_id}/events", token, {"event": {"type": "note", "text": "table 4 called a judge"}})
    tap(phone, "action-end-turn")
    waiting(phone).until(lambda d: "moved on" in message(d))
    assert f"{seq + 1}. " in message(phone) and "table 4 called a judge" in message(phone)
    assert seq_shown(phone) == seq + 1
    assert api(server, f"/matches/{match_id}", token)["head_seq"] == seq + 1


@pytest.fixture(scope="module")
def audit_arena(demo_db):
    """The ARENA position in an audit match: a broken rule is recorded, flagged."""
    with recorder.Log(demo_db) as log:
        return notation.import_match(log, transcript(f"position {ARENA}").replace('[Mode "duel"]',
                                                                                  '[Mode "duel"]\n[Policy "audit"]'))


def test_an_audit_match_records_an_illegal_input_flagged_once_however_often_it_is_tapped(phone, server,
                                                                                        audit_arena):
    match_id, token = audit_arena
    open_screen(phone, server, match_id, token)
    tap(phone, "actor-P2")
    tap(phone, "action-end-turn")  # Ben ends Ana's turn: the dry run names the rule it breaks
    waiting(phone).until(lambda d: d.find_elements(By.ID, "record-flagged"))
    assert "records it flagged" in message(phone) and "rule " in message(phone)
    assert api(server, f"/matches/{match_id}", token)["head_seq"] == 2

    # A double tap on "Record it flagged" records it once.
    webdriver.ActionChains(phone).double_click(phone.find_element(By.ID, "record-flagged")).perform()
    wait_for_seq(phone, 3)
    assert api(server, f"/matches/{match_id}", token)["head_seq"] == 3
    state = api(server, f"/matches/{match_id}/state", token)
    assert [violation["seq"] for violation in state["violations"]] == [3]
    assert "flagged" in phone.find_element(By.CSS_SELECTOR, '#recent li[data-seq="3"]').get_attribute("class")


@pytest.fixture(scope="module")
def spell_arena(demo_db):
    """Another strict match from the ARENA position, for a spell with a target."""
    with recorder.Log(demo_db) as log:
        return notation.import_match(log, transcript(f"position {ARENA}"))


def test_a_spell_played_by_taps_resolves_with_its_target_filled_in(phone, server, spell_arena):
    # Gust: "Return a unit at a battlefield with 3 [S] or less to its owner's hand."
    match_id, token = spell_arena
    open_screen(phone, server, match_id, token)
    state = api(server, f"/matches/{match_id}/state", token)
    gust, guardian = find(state, "Gust", "hand"), find(state, "Sunlit Guardian")
    tap_object(phone, gust)  # the card tapped in the hand: its play, its [1] marked on a rune
    assert "exhaust: " in phone.find_element(By.ID, "play-summary").text
    tap_object(phone, guardian)  # a spell's target
    assert "Targets: Sunlit Guardian" in phone.find_element(By.ID, "play-summary").text
    submit(phone, "play-submit", 3)
    submit(phone, "action-pass", 4)  # Ana passes priority; the screen then acts for Ben, whom it awaits
    submit(phone, "action-pass", 5)

    # The resolution: the return op's target is the spell's target, filled in.
    assert "Return a unit at a battlefield" in phone.find_element(By.ID, "inputs").text  # the card's text
    tap(phone, "op-quick-return")
    assert "Sunlit Guardian" in phone.find_element(By.ID, "op-0-target").text
    submit(phone, "resolve-submit", 6)
    state = api(server, f"/matches/{match_id}/state", token)
    assert state["objects"][guardian]["zone"] == "hand" and state["chain"] == []
    resolve = api(server, f"/matches/{match_id}/events", token)["events"][-1]["event"]
    assert resolve["effects"] == [{"op": "return", "target": guardian, "to": "hand"}]


@pytest.fixture(scope="module")
def another_match(demo_db, make_match_created_module):
    with recorder.Log(demo_db) as log:
        return log.create_match(make_match_created_module("strict"))


def test_the_games_start_is_tapped_who_goes_first_and_a_battlefield_other_than_the_first(phone, server,
                                                                                        another_match):
    match_id, token = another_match
    open_screen(phone, server, match_id, token)
    tap(phone, "first-player-1")  # Ben
    second = phone.find_element(By.ID, "battlefield-P1-1").get_attribute("data-value")
    tap(phone, "battlefield-P1-1")
    submit(phone, "start-game", 2)
    started = api(server, f"/matches/{match_id}/events", token)["events"][-1]["event"]
    assert started["first_player"] == "P2" and started["battlefields"]["P1"] == second


@pytest.fixture(scope="module")
def shakedown_arena(demo_db):
    with recorder.Log(demo_db) as log:
        return notation.import_match(log, transcript(f"position {ARENA}"))


def test_a_resolutions_cards_and_amounts_are_tapped_not_typed(phone, server, shakedown_arena):
    # Shakedown: "Choose an enemy unit. Deal 6 to it unless its controller has you draw 2." Ben has Ana draw 2.
    match_id, token = shakedown_arena
    open_screen(phone, server, match_id, token)
    state = api(server, f"/matches/{match_id}/state", token)
    tap_object(phone, find(state, "Shakedown", "hand"))
    tap_object(phone, find(state, "Stalwart Poro"))
    submit(phone, "play-submit", 3)
    submit(phone, "action-pass", 4)
    submit(phone, "action-pass", 5)
    tap(phone, "op-quick-draw")  # its player is the spell's controller, Ana
    named = next(pick for pick in phone.find_elements(By.CSS_SELECTOR, "#op-0-cards-picks button")
                 if pick.get_attribute("data-card") != "?")  # a card of Ana's deck, then a card nobody saw
    name = named.get_attribute("data-card")
    press(phone, named)
    unseen = phone.find_element(By.CSS_SELECTOR, '#op-0-cards-picks [data-card="?"]')
    press(phone, unseen)
    assert phone.find_element(By.ID, "op-0-cards").get_attribute("value") == f"{name}; ?"
    tap(phone, "op-quick-damage")
    assert phone.find_element(By.ID, "op-1-amount").get_attribute("value") == "1"
    tap(phone, "op-1-amount-more")
    assert phone.find_element(By.ID, "op-1-amount").get_attribute("value") == "2"
    tap(phone, "op-1-remove")  # not dealt after all: Ben had her draw
    submit(phone, "resolve-submit", 6)
    resolve = api(server, f"/matches/{match_id}/events", token)["events"][-1]["event"]
    assert resolve["effects"] == [{"op": "draw", "player": "P1", "cards": [name, None]}]
