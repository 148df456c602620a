"""A combat recorded while the server is down (issue 27; docs/web.md, "Recording offline"), in real headless
Chromium at 360 px: the held form offers the damage assignment (v1.4 626.1.d) and the choice of where the next
combat begins (526) from the last board and what the held inputs did, read from their events. Once the server is
back, the record is the same combat tapped online, event for event (`engine.views.as_sent`), each once, in order."""
from __future__ import annotations

from pathlib import Path

import pytest

import recorder
from positions import ARENA, TWO_COMBATS, transcript
from replays import notation
from test_record_browser import api, find, press, tap, tap_object, wait_for_seq
from test_record_offline_browser import (SHOTS, act, chip, db, held, open_screen, phone, problem_kind,  # noqa: F401
                                         recorded, table)
from test_viewer_browser import CHROMEDRIVER, CHROMIUM, browser, waiting  # noqa: F401

webdriver = pytest.importorskip("selenium.webdriver")
from selenium.webdriver.common.by import By  # noqa: E402

pytestmark = pytest.mark.skipif(not (Path(CHROMIUM).exists() and Path(CHROMEDRIVER).exists()),
                                reason="Chromium and ChromeDriver are not installed (run scripts/install-browser.sh)")


def twins(db: Path, position: str) -> list[tuple[str, str]]:
    """Two strict matches at `position`: one for the inputs tapped online, one for the same inputs offline."""
    with recorder.Log(db) as log:
        return [notation.import_match(log, transcript(f"position {position}")) for _ in range(2)]


def step_in(driver, assignments: dict[str, int]) -> None:
    """The held assignment by the steppers' + only (no typing), from the 0 each row starts at."""
    for unit, amount in assignments.items():
        for _ in range(amount):
            tap(driver, f"assign-{unit}-more")


def assign_online(driver, step) -> dict[str, int]:
    """The assignment the board awaits, as the engine pre-filled it (lethal first), recorded; returns it."""
    given = {node.get_attribute("data-unit"): int(node.get_attribute("value"))
             for node in driver.find_elements(By.CSS_SELECTOR, "input[data-unit]")}
    tap(driver, "assign-submit")
    step()
    return {unit: amount for unit, amount in given.items() if amount}


def test_a_combat_tapped_while_the_server_is_down_is_recorded_as_the_same_combat_online(phone, table, db):
    """ARENA: Ana moves her three units into Altar to Unity, which Ben holds with two; both pass the showdown's Focus;
    Ana assigns her damage, then Ben his. Offline the board stays as the server last sent it (her units at her base),
    and the held form still offers the assignment: Ben's units there for Ana's, Ana's held-moved units for Ben's,
    each stepped in by + taps."""
    (online_id, online_token), (offline_id, offline_token) = twins(db, ARENA)
    state = api(table.url, f"/matches/{online_id}/state", online_token)
    head = api(table.url, f"/matches/{online_id}", online_token)["head_seq"]
    attackers = list(state["players"]["P1"]["base"])
    defenders = [find(state, "Sunlit Guardian"), find(state, "Stalwart Poro")]

    open_screen(phone, table, online_id, online_token)
    for unit in attackers:
        tap_object(phone, unit)
    tap_object(phone, "bf2")
    wait_for_seq(phone, head + 1)
    act(phone, "P1", "action-pass")
    wait_for_seq(phone, head + 2)
    act(phone, "P2", "action-pass")
    wait_for_seq(phone, head + 3)
    anas = assign_online(phone, lambda: wait_for_seq(phone, head + 4))
    bens = assign_online(phone, lambda: wait_for_seq(phone, head + 5))
    assert set(anas) <= set(defenders) and set(bens) <= set(attackers)

    open_screen(phone, table, offline_id, offline_token)
    with table.down():
        assert not phone.find_elements(By.ID, "held-assign")  # nothing of a combat yet
        for unit in attackers:
            tap_object(phone, unit)
        tap_object(phone, "bf2")
        waiting(phone, 15).until(lambda d: len(held(d)) == 1)
        for number, player in ((2, "P1"), (3, "P2")):
            act(phone, player, "action-pass")
            waiting(phone, 15).until(lambda d: len(held(d)) == number)
        act(phone, "P1", "held-assign")
        offered = [node.get_attribute("data-unit") for node in phone.find_elements(By.CSS_SELECTOR, "input[data-unit]")]
        assert offered == defenders, offered  # Ben's units at bf2 on the last board
        step_in(phone, anas)
        assert phone.find_element(By.ID, "assign-total").text == f"Assigned: {sum(anas.values())}"
        phone.save_screenshot(str(SHOTS / "riftlog-record-offline-assign.png"))
        tap(phone, "assign-submit")
        waiting(phone, 15).until(lambda d: len(held(d)) == 4)
        act(phone, "P2", "held-assign")
        offered = [node.get_attribute("data-unit") for node in phone.find_elements(By.CSS_SELECTOR, "input[data-unit]")]
        assert sorted(offered) == sorted(attackers), offered  # Ana's units, there by the held move only
        step_in(phone, bens)
        tap(phone, "assign-submit")
        waiting(phone, 15).until(lambda d: len(held(d)) == 5)
        assert chip(phone) == "offline · 5 waiting"
        assert held(phone)[0].endswith("Ben assigns damage")
    wait_for_seq(phone, head + 5)
    waiting(phone, 15).until(lambda d: chip(d) == "online" and not held(d))
    offline, online = recorded(db, offline_id), recorded(db, online_id)
    assert len(online) == head + 5 and offline[head:] == online[head:]
    assert [event["type"] for event in offline[head:]] == ["move", "pass", "pass", "assign_damage", "assign_damage"]
    with recorder.Log(db) as log:
        assert [entry["client"] for entry in log.events(offline_id)][head:] == \
            ["riftlog recording screen (outbox)"] * 5


def test_where_the_next_combat_begins_is_chosen_offline_as_online(phone, table, db):
    """TWO_COMBATS: combats pending at both battlefields, the turn player chooses where the first begins (526). The
    server goes down after a note: the held form offers the board's two battlefields, and the combat chosen there
    goes on offline to Ana's assignment. Recorded as the same inputs online."""
    (online_id, online_token), (offline_id, offline_token) = twins(db, TWO_COMBATS)
    state = api(table.url, f"/matches/{online_id}/state", online_token)
    head = api(table.url, f"/matches/{online_id}", online_token)["head_seq"]
    assert state["awaiting"][0]["kind"] == "choose"

    def inputs(step, offline: bool) -> None:
        tap(phone, "note-open")
        phone.find_element(By.ID, "note-text").send_keys("two combats")
        tap(phone, "note-submit")
        step(1)
        if offline:
            act(phone, "P1", "held-choose")
            assert {node.get_attribute("id") for node in phone.find_elements(
                By.CSS_SELECTOR, "#action-form [id^=choose-]")} == {"choose-bf1", "choose-bf2"}
        tap(phone, "choose-bf1")
        step(2)
        act(phone, "P1", "action-pass")
        step(3)
        act(phone, "P2", "action-pass")
        step(4)

    open_screen(phone, table, online_id, online_token)
    inputs(lambda number: wait_for_seq(phone, head + number), offline=False)
    anas = assign_online(phone, lambda: wait_for_seq(phone, head + 5))

    open_screen(phone, table, offline_id, offline_token)
    with table.down():
        inputs(lambda number: waiting(phone, 15).until(lambda d: len(held(d)) == number), offline=True)
        assert not phone.find_elements(By.ID, "held-choose")  # chosen: the other combat begins by itself after it
        act(phone, "P1", "held-assign")
        assert len(phone.find_elements(By.CSS_SELECTOR, "#held-assign-field button")) == 2  # a combat at each
        assert "active" in phone.find_element(By.ID, "held-assign-at-bf1").get_attribute("class")  # the one chosen
        press(phone, phone.find_element(By.ID, "held-assign-at-bf2"))  # another tapped: its units offered
        assert "Altar to Unity" in phone.find_element(By.CSS_SELECTOR, "#action-form h3").text
        press(phone, phone.find_element(By.ID, "held-assign-at-bf1"))
        step_in(phone, anas)
        tap(phone, "assign-submit")
        waiting(phone, 15).until(lambda d: len(held(d)) == 5)
    waiting(phone, 15).until(lambda d: chip(d) == "online" and not held(d))
    assert problem_kind(phone) is None
    offline, online = recorded(db, offline_id), recorded(db, online_id)
    assert offline[head:] == online[head:]
    assert [event["type"] for event in offline[head:]] == ["note", "choose", "pass", "pass", "assign_damage"]
