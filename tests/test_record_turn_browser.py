"""One turn at the table by taps alone (issue 26's "Done means"), in real headless Chromium at 360 px.

In a checked v1.4 match (the engine reads the cards' abilities), Ben (P2, Daughter of the Void: "[T]: [Reaction] —
[Add] [A]. Use only to play spells.") plays his turn 6 with Lecturing Yordle ("When you play me, draw 1.") and
Hextech Ray ("Deal 3 to a unit at a battlefield.") in hand, three Fury and three Mind runes, and Ana's Flame
Chompers (Might 3) holding Zaun Warrens. Every step is a tap the Thumb counts (tests/record_thumb.py), no key is
pressed, nothing is wider than the screen, and the state after each step is read through the API. Screenshots of
each step go to /work/shots/turn/.

The taps measured, each action's count the spec (docs/web.md): play Yordle paid by the marked runes 2 (its card, the
play); its due trigger 1 (the prompt's Record); both pass priority 2; its resolution 1 (draw 1 pre-filled, the card
drawn unseen); the legend's Add [A] 2 (its ability, the activation; the domain left "any"); Hextech Ray on Flame
Chompers 3 (the card, the target, the play: the [A] in the pool pays its [Fury], a Mind rune its [1]); both pass
priority 2; its resolution 1 ("deal 3" pre-filled from the card, on its target); end the turn 1. 15 taps in all.
"""
from __future__ import annotations

from pathlib import Path

import pytest

import recorder
from engine.views import as_sent
from positions import transcript
from record_thumb import Thumb
from replays import notation
from test_record_browser import api, find
from test_viewer_browser import CHROMEDRIVER, CHROMIUM, browser, server  # noqa: F401

webdriver = pytest.importorskip("selenium.webdriver")
from selenium.webdriver.common.by import By  # noqa: E402

PHONE = (360, 780)
SHOTS = Path("/work/shots/turn")

pytestmark = pytest.mark.skipif(not (Path(CHROMIUM).exists() and Path(CHROMEDRIVER).exists()),
                                reason="Chromium and ChromeDriver are not installed (run scripts/install-browser.sh)")

# Turn 6, Ben's (P2's) action phase, Ben with the demo deck of Daughter of the Void (demo deck 4); Ana's Flame
# Chompers holds Zaun Warrens (bf1).
TURN = ("turn 6 P2 action first P1 | P1 0 bf:Zaun Warrens controls:bf1 deck:38 runedeck:6 "
        "runes:3 Fury Rune;3 Chaos Rune bf1:Flame Chompers | "
        "P2 0 bf:Startipped Peak deck:37 runedeck:6 hand:Lecturing Yordle;Hextech Ray runes:3 Fury Rune;3 Mind Rune")


@pytest.fixture(scope="module")
def demo_db(tmp_path_factory) -> Path:
    """The database the server of test_viewer_browser serves: a new one, for this module's match."""
    return tmp_path_factory.mktemp("turn") / "riftlog.db"


def turn_text() -> str:
    """The match at TURN, checked under v1.4, in the notation."""
    return (transcript(f"position {TURN}")
            .replace('[Mode "duel"]', '[Mode "duel"]\n[Rules "v1.4"]\n[Abilities "checked"]')
            .replace('[P2Deck "demo deck 2"]', '[P2Deck "demo deck 4"]'))


@pytest.fixture(scope="module")
def turn_match(demo_db) -> tuple[str, str]:
    with recorder.Log(demo_db) as log:
        return notation.import_match(log, turn_text())


def shot(driver, name: str, at: str = "inputs") -> None:
    """A screenshot of the step at 360 px, the element `at` (the form, or a side of the board) at the top; nothing
    wider than the screen."""
    assert driver.execute_script("return document.documentElement.scrollWidth") <= PHONE[0]
    SHOTS.mkdir(parents=True, exist_ok=True)
    driver.execute_script("document.getElementById(arguments[0]).scrollIntoView()", at)
    assert driver.save_screenshot(str(SHOTS / f"{name}.png"))


def both_pass(thumb: Thumb, action: str, server: str, match_id: str, token: str) -> dict:
    """Ben, then Ana, pass priority by the dock's Pass (the screen acts for whom the engine awaits): the newest
    chain item is then Ben's to resolve. Returns the state."""
    thumb.doing(action)
    for player in ("P2", "P1"):
        assert api(server, f"/matches/{match_id}/state", token)["awaiting"][0] == {"player": player,
                                                                                 "kind": "priority"}
        thumb.tap("action-pass")
        thumb.recorded()
    state = api(server, f"/matches/{match_id}/state", token)
    assert state["awaiting"][0] == {"player": "P2", "kind": "resolve"}
    return state


def test_a_turn_with_a_trigger_a_legend_ability_and_a_spell_by_taps_alone(browser, server, turn_match):
    match_id, token = turn_match
    browser.set_window_size(*PHONE)
    browser.get(f"{server}/matches/{match_id}/record#token={token}")
    thumb = Thumb(browser)
    start = api(server, f"/matches/{match_id}", token)["head_seq"]
    thumb.opened(start)
    state = api(server, f"/matches/{match_id}/state", token)
    assert state["abilities"] == "checked" and state["rules"] == "v1.4"
    ben = state["players"]["P2"]
    legend, chompers = ben["legend"], find(state, "Flame Chompers")
    yordle, ray = find(state, "Lecturing Yordle", "hand"), find(state, "Hextech Ray", "hand")
    shot(browser, "00-start")

    # Lecturing Yordle, paid by the runes the screen marks: its play effect is due, and the next prompt.
    thumb.doing("Yordle: play (paid)").tap_object(yordle)
    shot(browser, "01-yordle-play")
    thumb.tap("play-submit")
    thumb.recorded()
    state = api(server, f"/matches/{match_id}/state", token)
    assert state["objects"][yordle]["zone"] == "board"
    assert [entry["card"] for entry in state["awaiting"][0]["triggers"]] == ["Lecturing Yordle"]
    assert "1 trigger due" in browser.find_element(By.ID, "inputs").text
    shot(browser, "02-yordle-trigger-due")

    thumb.doing("Yordle: its trigger").tap("due-trigger-0")
    thumb.recorded()
    state = api(server, f"/matches/{match_id}/state", token)
    assert [(item["kind"], item["label"]) for item in state["chain"]] == [("ability", "when-you-play")]
    shot(browser, "03-yordle-trigger-recorded")

    both_pass(thumb, "Yordle: both pass", server, match_id, token)
    assert browser.find_element(By.ID, "op-0-cards").get_attribute("value") == "?"  # draw 1, from the card
    shot(browser, "04-yordle-resolution")
    thumb.doing("Yordle: resolve (draw 1 pre-filled)").tap("resolve-submit")
    thumb.recorded()
    state = api(server, f"/matches/{match_id}/state", token)
    assert state["chain"] == [] and state["awaiting"][0] == {"player": "P2", "kind": "action"}
    assert len(state["players"]["P2"]["hand"]) == 2 and state["players"]["P2"]["deck_count"] == 36  # Ray + 1 drawn
    shot(browser, "05-yordle-resolved", "side-P2")

    # Daughter of the Void adds [A] (its domain left open: universal Power) and exhausts.
    thumb.doing("legend: Add [A]").tap(f"activate-{legend}-0")
    shot(browser, "06-legend-form")
    thumb.tap("activate-submit")
    thumb.recorded()
    state = api(server, f"/matches/{match_id}/state", token)
    assert state["objects"][legend]["exhausted"] is True
    assert state["players"]["P2"]["pool"] == {"energy": 0, "power": {"Universal": 1}}
    shot(browser, "07-legend-added", "side-P2")

    # Hextech Ray on Flame Chompers: its [Fury] from the pool's [A], its [1] from a rune the screen marks.
    thumb.doing("Hextech Ray: play on its target (paid)").tap_object(ray)
    thumb.tap_object(chompers)
    summary = browser.find_element(By.ID, "play-summary").text
    assert "Targets: Flame Chompers" in summary and "exhaust: Mind Rune" in summary
    assert summary.endswith("from the pool: [A]"), summary
    # The card as printed, without the state's raw ability lines shown as what the engine reads ("spell [text]").
    face = browser.find_element(By.ID, "play-card").text
    assert "Deal 3 to a unit at a battlefield." in face and "What the engine reads" not in face, face
    shot(browser, "08-ray-play")
    thumb.tap("play-submit")
    thumb.recorded()
    state = api(server, f"/matches/{match_id}/state", token)
    assert [(item["card"], item["targets"]) for item in state["chain"]] == [("Hextech Ray", [chompers])]
    assert state["players"]["P2"]["pool"] == {"energy": 0, "power": {}}  # the [A] spent on the Ray
    assert sum(state["objects"][rune]["exhausted"] for rune in state["players"]["P2"]["runes"]) == 4

    both_pass(thumb, "Hextech Ray: both pass", server, match_id, token)
    [op] = browser.find_elements(By.CSS_SELECTOR, "#ops li")
    assert op.get_attribute("data-op") == "damage" and "Deal 3 to a unit at a battlefield" in op.text
    assert browser.find_element(By.ID, "op-0-amount").get_attribute("value") == "3"  # read from the card
    assert browser.find_element(By.ID, "op-0-target").text == f"target: Flame Chompers ({chompers})"
    shot(browser, "09-ray-resolution")
    thumb.doing("Hextech Ray: resolve (deal 3 pre-filled)").tap("resolve-submit")
    thumb.recorded()
    state = api(server, f"/matches/{match_id}/state", token)
    assert state["objects"][chompers]["zone"] == "trash"  # 3 damage on Might 3: dead
    assert state["chain"] == [] and state["awaiting"][0] == {"player": "P2", "kind": "action"}
    shot(browser, "10-ray-resolved", "side-P1")

    thumb.doing("end the turn").tap("action-end-turn")
    thumb.recorded()
    state = api(server, f"/matches/{match_id}/state", token)
    assert (state["turn"], state["turn_player"]) == (7, "P1")
    shot(browser, "11-turn-ended")

    events = [as_sent(entry["event"]) for entry in api(server, f"/matches/{match_id}/events", token)["events"]]
    assert events[start:] == [
        {"type": "play", "player": "P2", "card": yordle, "pay": events[start]["pay"]},
        {"type": "trigger", "player": "P2", "source": yordle, "ability": "when-you-play"},
        {"type": "pass", "player": "P2"}, {"type": "pass", "player": "P1"},
        {"type": "resolve", "item": "c2", "effects": [{"op": "draw", "player": "P2", "cards": [None]}]},
        {"type": "activate", "player": "P2", "source": legend, "ability": 0},
        {"type": "play", "player": "P2", "card": ray, "targets": [chompers], "pay": events[start + 6]["pay"]},
        {"type": "pass", "player": "P2"}, {"type": "pass", "player": "P1"},
        {"type": "resolve", "item": "c3", "effects": [{"op": "damage", "target": chompers, "amount": 3}]},
        {"type": "end_turn", "player": "P2"}]
    assert len(events[start]["pay"]["exhaust"]) == 3 and len(events[start + 6]["pay"]["exhaust"]) == 1
    assert thumb.taps == {"Yordle: play (paid)": 2, "Yordle: its trigger": 1, "Yordle: both pass": 2,
                          "Yordle: resolve (draw 1 pre-filled)": 1, "legend: Add [A]": 2,
                          "Hextech Ray: play on its target (paid)": 3, "Hextech Ray: both pass": 2,
                          "Hextech Ray: resolve (deal 3 pre-filled)": 1, "end the turn": 1}
    assert sum(thumb.taps.values()) == 15
    assert thumb.keys_pressed() == 0
