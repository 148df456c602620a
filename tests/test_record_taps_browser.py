"""Taps per game action on the recording screen (issue 15), in real headless Chromium at 360 px: a scorekeeper
records a game from its start by taps alone (the opening, four turns with plays, a move that conquers, a combat
with its damage, the game's end by a concession), then seals it; the test counts the taps of each action, writes
them to /tmp/riftlog-taps.json, and checks that no key was pressed and that a simple turn takes at most 6 taps
(the issue measured ~15 before: 5 for a channel, 3 for a draw, 6 for a paid play, 1 to end the turn).
"""
from __future__ import annotations

import json
from pathlib import Path

import pytest

import recorder
from record_thumb import Thumb
from test_record_browser import api, find
from test_viewer_browser import CHROMEDRIVER, CHROMIUM, browser, server, waiting  # noqa: F401

webdriver = pytest.importorskip("selenium.webdriver")
from selenium.webdriver.common.by import By  # noqa: E402

PHONE = (360, 780)
TAPS = Path("/tmp/riftlog-taps.json")
SHOTS = Path("/tmp/riftlog-taps")  # screenshots at 360 px (docs/screens/ keeps the good ones)

pytestmark = pytest.mark.skipif(not (Path(CHROMIUM).exists() and Path(CHROMEDRIVER).exists()),
                                reason="Chromium and ChromeDriver are not installed (run scripts/install-browser.sh)")


@pytest.fixture(scope="module")
def demo_db(tmp_path_factory) -> Path:
    return tmp_path_factory.mktemp("taps") / "riftlog.db"


@pytest.fixture(scope="module")
def match(demo_db) -> tuple[str, str]:
    decks = json.loads((Path(__file__).resolve().parent.parent / "engine" / "data" / "demo_decks.json")
                       .read_text(encoding="utf-8"))["decks"]
    players = [{"name": name, **deck} for name, deck in zip(("Ana", "Ben"), decks)]
    # "declared": the taps of a game whose abilities the recorder declares, as it was written before the engine knew
    # its cards (under "checked", Loose Cannon's beginning-phase trigger is due each of Ana's turns: the screen then
    # prompts it first, tests/test_record_triggers_browser.py)
    with recorder.Log(demo_db) as log:
        return log.create_match({"type": "match_created", "rules": "v1.3", "abilities": "declared", "mode": "duel",
                                 "players": players, "catalog": "demo", "policy": "strict"})


def shot(driver, name: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    assert driver.save_screenshot(str(SHOTS / f"{name}.png"))


def no_overflow(driver) -> None:
    """Nothing wider than the screen: the page does not scroll sideways at 360 px."""
    assert driver.execute_script("return document.documentElement.scrollWidth") <= PHONE[0]


def state_of(server: str, match_id: str, token: str) -> dict:
    return api(server, f"/matches/{match_id}/state", token)


def play_opening(thumb: Thumb) -> None:
    """Game 1, Ana first; Ana's four cards named, Ben's two named and two unseen; both keep."""
    thumb.doing("opening: start the game (defaults)").tap("start-game")
    thumb.recorded()
    thumb.doing("opening: Ana's hand (4 cards named)")
    for card in ("Legion Rearguard", "Pouty Poro", "Gust", "Chemtech Enforcer"):
        thumb.tap_card("draw-cards", card)
    thumb.recorded()
    thumb.doing("opening: Ben's hand (2 named, 2 unseen)")
    thumb.tap_card("draw-cards", "Stalwart Poro")
    thumb.tap_card("draw-cards", "Clockwork Keeper")
    thumb.tap("draw-cards-rest-unseen")
    thumb.recorded()
    thumb.doing("opening: both keep").tap("keep")
    thumb.recorded()
    thumb.tap("keep")
    thumb.recorded()


def simple_turn(thumb: Thumb, turn: int, runes: list[str], drawn: str | None, card: str, match_id: str,
                server: str, token: str, player: str) -> None:
    """Channel, draw, play a card paid by the runes the engine marks, end the turn."""
    thumb.doing(f"turn {turn}: channel {len(runes)} runes")
    for rune in runes:
        thumb.tap_card("channel-runes", rune)
    thumb.recorded()
    thumb.doing(f"turn {turn}: draw")
    if drawn:
        thumb.tap_card("draw-cards", drawn)
    else:
        thumb.tap("draw-cards-unseen")
    thumb.recorded()
    thumb.doing(f"turn {turn}: play {card} (paid)")
    thumb.tap_object(find(state_of(server, match_id, token), card, "hand"))
    if turn == 1:
        assert "exhaust: Fury Rune" in thumb.driver.find_element(By.ID, "play-summary").text
        no_overflow(thumb.driver)
        shot(thumb.driver, "record-play-phone")
    thumb.tap("play-submit")
    thumb.recorded()
    thumb.doing(f"turn {turn}: end the turn").tap("action-end-turn")
    thumb.recorded()


def passes_until(thumb: Thumb, server: str, match_id: str, token: str, kind: str) -> None:
    """Tap Pass for whoever the engine awaits (the screen acts for them) until it awaits `kind`."""
    for _ in range(8):
        wait = state_of(server, match_id, token)["awaiting"][0]
        if wait["kind"] == kind:
            return
        assert wait["kind"] in ("focus", "priority"), wait
        thumb.tap("action-pass")
        thumb.recorded()
    raise AssertionError(f"still not awaiting {kind}")


def passes_until_action(thumb: Thumb, server: str, match_id: str, token: str) -> None:
    passes_until(thumb, server, match_id, token, "action")


def test_a_game_recorded_by_taps_alone_with_taps_counted_per_action(browser, server, match):
    match_id, token = match
    browser.set_window_size(*PHONE)
    browser.get(f"{server}/matches/{match_id}/record#token={token}")
    thumb = Thumb(browser)
    thumb.opened(1)

    play_opening(thumb)
    simple_turn(thumb, 1, ["Fury Rune", "Chaos Rune"], "Flame Chompers", "Legion Rearguard", match_id, server,
                token, "P1")
    # Ben's first channel phase channels three runes (644.7): the screen asks for three.
    assert "3 runes" in browser.find_element(By.ID, "inputs").text
    no_overflow(browser)
    browser.execute_script("window.scrollTo(0, document.getElementById('inputs').offsetTop - 220)")
    shot(browser, "record-channel-phone")
    simple_turn(thumb, 2, ["Calm Rune", "Calm Rune", "Mind Rune"], None, "Stalwart Poro", match_id, server, token,
                "P2")
    state = state_of(server, match_id, token)
    assert [state["objects"][ref]["card"] for ref in state["players"]["P1"]["base"]] == ["Legion Rearguard"]
    assert [state["objects"][ref]["card"] for ref in state["players"]["P2"]["base"]] == ["Stalwart Poro"]
    assert len(state["players"]["P2"]["runes"]) == 3

    # Turn 3: Ana moves Legion Rearguard to her battlefield, Zaun Warrens, and conquers it.
    thumb.doing("turn 3: channel 2 runes")
    for rune in ("Fury Rune", "Chaos Rune"):
        thumb.tap_card("channel-runes", rune)
    thumb.recorded()
    thumb.doing("turn 3: draw").tap("draw-cards-unseen")
    thumb.recorded()
    state = state_of(server, match_id, token)
    field = state["battlefields"][0]["id"]
    thumb.doing("turn 3: move a unit to a battlefield (conquer)")
    thumb.tap_object(find(state, "Legion Rearguard", "board"))
    thumb.tap_object(field)  # the battlefield tapped records the move
    thumb.recorded()
    passes_until_action(thumb, server, match_id, token)
    state = state_of(server, match_id, token)
    assert state["battlefields"][0]["controller"] == "P1" and state["scores"]["P1"] == 1
    thumb.doing("turn 3: end the turn").tap("action-end-turn")
    thumb.recorded()

    # Turn 4: Ben's Stalwart Poro attacks Zaun Warrens: a combat, both sides' damage pre-filled.
    thumb.doing("turn 4: channel 2 runes")
    for rune in ("Calm Rune", "Mind Rune"):
        thumb.tap_card("channel-runes", rune)
    thumb.recorded()
    thumb.doing("turn 4: draw").tap("draw-cards-unseen")
    thumb.recorded()
    # A card Ben drew unseen, played: named by a tap among the cards his deck could hold, paid by the runes marked.
    state = state_of(server, match_id, token)
    unseen = next(ref for ref in state["players"]["P2"]["hand"] if state["objects"][ref]["card"] is None)
    thumb.doing("turn 4: play a card drawn unseen (named by a tap)").tap_object(unseen)
    thumb.tap_card("play-name", "Watchful Sentry")
    assert "exhaust: " in browser.find_element(By.ID, "play-summary").text
    assert "exhaust: none" not in browser.find_element(By.ID, "play-summary").text
    thumb.tap("play-submit")
    thumb.recorded()
    played = api(server, f"/matches/{match_id}/events", token)["events"][-1]["event"]
    assert played["card"] == "Watchful Sentry" and played["pay"]["exhaust"]
    assert state_of(server, match_id, token)["objects"][unseen]["card"] == "Watchful Sentry"
    thumb.doing("combat: move the attacker in")
    thumb.tap_object(find(state_of(server, match_id, token), "Stalwart Poro", "board"))
    thumb.tap_object(field)
    thumb.recorded()
    thumb.doing("combat: both pass Focus")
    passes_until(thumb, server, match_id, token, "assign_damage")
    no_overflow(browser)
    browser.execute_script("document.getElementById('inputs').scrollIntoView()")
    shot(browser, "record-damage-phone")
    thumb.doing("combat: damage (pre-filled, both sides)")
    while state_of(server, match_id, token)["awaiting"][0]["kind"] == "assign_damage":
        thumb.tap("assign-submit")
        thumb.recorded()
    state = state_of(server, match_id, token)
    assert state["combat"] is None
    assert {state["objects"][find(state, card)]["zone"] for card in ("Legion Rearguard", "Stalwart Poro")} == {"trash"}

    # A tap on a card no form needs shows it as a card: cost, type, Might, keywords, text.
    thumb.doing("look: a card as a card").tap_object(state["players"]["P1"]["champion_zone"])  # Ana's, on Ben's turn
    assert "Jinx, Demolitionist" in browser.find_element(By.ID, "card-info").text
    assert "Unit" in browser.find_element(By.ID, "card-info").text and "Might 4" in browser.find_element(By.ID, "card-info").text
    shot(browser, "record-card-phone")
    thumb.tap("card-info-close")

    # The game's end: Ana concedes; the screen shows the seal code large, then the judge publishes.
    thumb.doing("game end: concession").tap("concede-open")
    thumb.tap("concede-submit")
    thumb.recorded()
    waiting(browser, 15).until(lambda d: d.find_elements(By.ID, "seal-code"))
    code = browser.find_element(By.ID, "seal-code").text
    no_overflow(browser)
    browser.execute_script("window.scrollTo(0, document.getElementById('inputs').offsetTop - 60)")
    shot(browser, "record-sealed-phone")
    assert api(server, f"/matches/{match_id}/verify?seal={code}", token)["seal"]["ok"]
    thumb.doing("game end: publish").tap("publish")
    thumb.tap("publish-confirm")  # publishing asks first: it shows every hand, for good
    waiting(browser, 15).until(lambda d: "Published" in d.find_element(By.ID, "message").text)
    assert api(server, f"/matches/{match_id}", token)["published_at"]

    thumb.save(TAPS)
    assert thumb.keys_pressed() == 0

    # The viewer shows its cards as cards too: a hover gives the facts as a title, a tap opens them.
    browser.get(f"{server}/matches/{match_id}?view=spectator")
    waiting(browser, 15).until(lambda d: d.find_element(By.ID, "match").get_attribute("data-cards") == "ready")
    legend = browser.find_element(By.CSS_SELECTOR, '#player-P1 li.card [data-card="Loose Cannon"]')
    holder = legend.find_element(By.XPATH, "./ancestor::li[1]")
    assert "Loose Cannon" in holder.get_attribute("title") and "Legend" in holder.get_attribute("title")
    browser.execute_script("arguments[0].scrollIntoView({block: 'center'})", legend)
    legend.click()
    info = browser.find_element(By.ID, "card-info")
    assert info.is_displayed() and "Loose Cannon" in info.text and "Legend" in info.text
    no_overflow(browser)
    shot(browser, "viewer-card-phone")
    browser.find_element(By.ID, "card-info-close").click()
    assert not info.is_displayed()
    for turn in (1, 2):
        assert thumb.total(f"turn {turn}:") <= 7, thumb.taps
    assert thumb.total("turn 1:") <= 6, thumb.taps
