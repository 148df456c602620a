"""Recording offline (issue 27; docs/web.md, "Recording offline") in real headless Chromium at 360 px: the server
is stopped (tests/outage.py) while the scorekeeper goes on tapping; the inputs wait in the page's outbox
(IndexedDB), outlive a reload and a closed tab, and reach the log once each, in the order they were made, with the
idempotency key and expected_seq they were made with, once the server is back. A match that moved on meanwhile
(another device) is put to the scorekeeper, who discards the held inputs or checks them again."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

import recorder
from engine.views import as_sent
from outage import table_server
from positions import ARENA, transcript
from replays import notation
from test_record_browser import api, find, press, tap, tap_object, wait_for_seq
from test_viewer_browser import CHROMEDRIVER, CHROMIUM, browser, waiting  # noqa: F401
from web import create_app

webdriver = pytest.importorskip("selenium.webdriver")
from selenium.webdriver.common.by import By  # noqa: E402

PHONE = (360, 780)
SHOTS = Path("/tmp")  # the screens as a scorekeeper sees them, for a look

pytestmark = pytest.mark.skipif(not (Path(CHROMIUM).exists() and Path(CHROMEDRIVER).exists()),
                                reason="Chromium and ChromeDriver are not installed (run scripts/install-browser.sh)")


@pytest.fixture(scope="module")
def db(tmp_path_factory) -> Path:
    return tmp_path_factory.mktemp("offline") / "riftlog.db"


@pytest.fixture(scope="module")
def table(db):
    """The app at a fixed address of its own that a test may stop and start again."""
    with table_server(create_app({"DATABASE": str(db)})) as server:
        yield server


@pytest.fixture()
def phone(browser, table):
    """The phone at 360 px, its outbox and caches of this origin emptied before each test."""
    browser.set_window_size(*PHONE)
    yield browser
    browser.execute_cdp_cmd("Storage.clearDataForOrigin", {"origin": table.url, "storageTypes": "all"})


@pytest.fixture()
def match(db, make_match_created) -> tuple[str, str]:
    with recorder.Log(db) as log:
        return log.create_match(make_match_created("audit"))


def open_screen(driver, table, match_id: str, token: str) -> None:
    driver.get(f"{table.url}/matches/{match_id}/record#token={token}")
    wait_for_seq(driver, api(table.url, f"/matches/{match_id}", token)["head_seq"])


def chip(driver) -> str:
    return driver.execute_script("return document.getElementById('net-chip').textContent")


def held(driver) -> list[str]:
    """The held inputs the latest events show, newest first."""
    return driver.execute_script("return Array.prototype.map.call(document.querySelectorAll("
                                 "'#recent li.unrecorded'), function (node) { return node.textContent; })")


def note(driver, text: str) -> None:
    """A judge's note by the screen's form (the one input the board does not change, so any number of them can
    be made from a board that stays as the server last drew it)."""
    tap(driver, "note-open")
    driver.find_element(By.ID, "note-text").send_keys(text)
    tap(driver, "note-submit")


def recorded(db: Path, match_id: str) -> list[dict]:
    with recorder.Log(db) as log:
        return [as_sent(entry["event"]) for entry in log.events(match_id)]


def notes(db: Path, match_id: str) -> list[str]:
    return [event["text"] for event in recorded(db, match_id) if event["type"] == "note"]


def test_ten_inputs_made_offline_outlive_a_closed_tab_and_arrive_once_in_order(phone, table, db, match):
    match_id, token = match
    open_screen(phone, table, match_id, token)
    head = api(table.url, f"/matches/{match_id}", token)["head_seq"]
    assert chip(phone) == "online"
    with table.down():
        for number in range(1, 11):
            note(phone, f"offline note {number}")
            waiting(phone, 15).until(lambda d: len(held(d)) == number)
        assert chip(phone) == "offline · 10 waiting"
        phone.execute_script("document.getElementById('recent').scrollIntoView()")
        phone.save_screenshot(str(SHOTS / "riftlog-record-offline-held.png"))
        assert all("not yet recorded (unchecked)" in line for line in held(phone))  # the page has no engine
        assert held(phone)[0].endswith("note: offline note 10")  # the newest on top, as the log
        assert phone.find_element(By.ID, "record").get_attribute("data-seq") == str(head)  # the board as last read
        keys = phone.execute_script("return Rec.outbox.entries.map(function (e) { return [e.key, e.expected_seq]; })")
        assert [seq for _, seq in keys] == list(range(head, head + 10))
        phone.get("about:blank")  # the tab's page is gone while the server is down
    phone.get(f"{table.url}/matches/{match_id}/record#token={token}")  # the organiser's link, opened again
    wait_for_seq(phone, head + 10)
    waiting(phone, 15).until(lambda d: chip(d) == "online" and not held(d))
    assert notes(db, match_id) == [f"offline note {number}" for number in range(1, 11)]
    with recorder.Log(db) as log:
        assert [entry["client"] for entry in log.events(match_id)][head:] == \
            ["riftlog recording screen (outbox)"] * 10


def cut(driver, offline: bool) -> None:
    """The phone's own network cut (DevTools network emulation) while the server stays up for other devices."""
    driver.execute_cdp_cmd("Network.enable", {})
    driver.execute_cdp_cmd("Network.emulateNetworkConditions", {"offline": offline, "latency": 0,
                                                                "downloadThroughput": -1, "uploadThroughput": -1})


def problem_kind(driver) -> str | None:
    """The kind of the outbox's problem on show (its own box, kept whatever the next message says), else None."""
    box = driver.find_element(By.ID, "outbox-problem")
    return box.get_attribute("data-kind") if box.is_displayed() else None


def held_while_the_judge_writes(phone, table, match_id: str, token: str) -> int:
    """Three notes held on the phone while the judge's tablet records one of its own: the match moves on under
    them. Returns the head the phone's notes were made on."""
    open_screen(phone, table, match_id, token)
    head = api(table.url, f"/matches/{match_id}", token)["head_seq"]
    cut(phone, True)
    try:
        for number in (1, 2, 3):
            note(phone, f"phone note {number}")
            waiting(phone, 15).until(lambda d: len(held(d)) == number)
        api(table.url, f"/matches/{match_id}/events", token,
            {"event": {"type": "note", "text": "from the judge's tablet"}, "expected_seq": head})
    finally:
        cut(phone, False)
    waiting(phone, 15).until(lambda d: problem_kind(d) == "conflict")
    assert chip(phone) == "online · held · 3 waiting"
    phone.save_screenshot(str(SHOTS / "riftlog-record-offline-conflict.png"))
    shown = phone.find_element(By.ID, "outbox-problem").text
    assert f"moved on from seq {head} to {head + 1}" in shown and "from the judge's tablet" in shown, shown
    assert notes(table_db(table), match_id) == ["from the judge's tablet"]  # nothing of the phone's was written
    # The judge's devices are told that the table holds inputs waiting on its scorekeeper (web/offline.py).
    waiting(phone, 15).until(lambda d: api(table.url, f"/matches/{match_id}/recording", token)["outbox"])
    assert api(table.url, f"/matches/{match_id}/recording", token)["outbox"]["waiting"] == 3
    assert api(table.url, f"/matches/{match_id}/recording", token)["outbox"]["held"] is True
    return head


def table_db(table) -> Path:
    return Path(table.app.config["DATABASE"])


def test_a_match_that_moved_on_meanwhile_is_shown_and_the_held_inputs_checked_again(phone, table, match):
    match_id, token = match
    head = held_while_the_judge_writes(phone, table, match_id, token)
    note(phone, "phone note 4")  # made while the problem waits: held behind, the problem's buttons kept
    waiting(phone, 15).until(lambda d: len(held(d)) == 4)
    assert problem_kind(phone) == "conflict" and chip(phone) == "online · held · 4 waiting"
    press(phone, phone.find_element(By.ID, "outbox-recheck"))
    wait_for_seq(phone, head + 5)
    waiting(phone, 15).until(lambda d: chip(d) == "online" and not held(d))
    assert problem_kind(phone) is None
    assert notes(table_db(table), match_id) == ["from the judge's tablet", "phone note 1", "phone note 2",
                                                "phone note 3", "phone note 4"]
    waiting(phone, 15).until(lambda d: api(table.url, f"/matches/{match_id}/recording", token)["outbox"] is None)


def logged(driver) -> list[tuple[str, str]]:
    """The recorded entries of the screen's latest events, newest first: (seq, text)."""
    return driver.execute_script("return Array.prototype.map.call(document.querySelectorAll("
                                 "'#recent li:not(.unrecorded)'), function (node) {"
                                 " return [node.getAttribute('data-seq'), node.textContent]; })")


def test_the_held_inputs_checked_again_are_then_shown_in_the_log_as_the_server_has_them(phone, table, match):
    """Once *Check them against seq H* has recorded every held input, the screen reads the board again: its latest
    events end with the last of them and the next tap is made on the server's board. (A walk at 360 px found the
    log one event behind and the recorded damage assignment offered again, refused then as a second one.)"""
    match_id, token = match
    head = held_while_the_judge_writes(phone, table, match_id, token)
    press(phone, phone.find_element(By.ID, "outbox-recheck"))
    waiting(phone, 15).until(lambda d: chip(d) == "online" and not held(d))
    waiting(phone, 15).until(lambda d: logged(d) and logged(d)[0][0] == str(head + 4))
    assert logged(phone)[0][1].endswith("phone note 3"), logged(phone)[:2]
    assert [seq for seq, _ in logged(phone)[:4]] == [str(head + number) for number in (4, 3, 2, 1)]
    assert phone.execute_script("return Rec.data.head_seq") == head + 4 == \
        api(table.url, f"/matches/{match_id}", token)["head_seq"]


def test_the_held_inputs_of_a_match_that_moved_on_may_be_discarded(phone, table, match):
    match_id, token = match
    head = held_while_the_judge_writes(phone, table, match_id, token)
    press(phone, phone.find_element(By.ID, "outbox-discard"))
    waiting(phone, 15).until(lambda d: chip(d) == "online" and not held(d))
    assert phone.execute_script("return Rec.outbox.entries.length") == 0
    phone.refresh()  # the discarded inputs are gone from the outbox for good, not only from the screen
    wait_for_seq(phone, head + 1)
    assert not held(phone) and notes(table_db(table), match_id) == ["from the judge's tablet"]


def test_an_input_the_server_refuses_on_arrival_stops_the_flush_until_dropped(phone, table, db, make_match_created):
    """Offline the board stays as the server last drew it: after "start the game" is held, the screen offers
    every player's actions on that board, and Ben's end of turn tapped there is held unchecked; a strict match
    refuses it on arrival (422: the game awaits the opening draws). The first is recorded; the refusal is shown
    with the rule, and the scorekeeper drops it."""
    with recorder.Log(db) as log:
        match_id, token = log.create_match(make_match_created("strict"))
    open_screen(phone, table, match_id, token)
    with table.down():
        tap(phone, "start-game")
        waiting(phone, 15).until(lambda d: len(held(d)) == 1)
        act(phone, "P2", "action-end-turn")
        waiting(phone, 15).until(lambda d: len(held(d)) == 2)
    waiting(phone, 15).until(lambda d: problem_kind(d) == "refused")
    assert chip(phone) == "online · held · 1 waiting"
    assert phone.find_elements(By.CSS_SELECTOR, "#outbox-problem li.violation")
    assert [event["type"] for event in recorded(db, match_id)] == ["match_created", "game_started"]
    press(phone, phone.find_element(By.ID, "outbox-drop"))
    waiting(phone, 15).until(lambda d: chip(d) == "online" and not held(d))
    assert [event["type"] for event in recorded(db, match_id)] == ["match_created", "game_started"]


def offline_ready(driver) -> None:
    """The service worker controls the page and keeps what the page loaded."""
    waiting(driver, 15).until(lambda d: d.find_element(By.ID, "record").get_attribute("data-offline-ready"))
    assert driver.find_element(By.ID, "record").get_attribute("data-offline-ready") == "yes"


def test_the_screen_reloads_from_its_cache_while_the_server_is_down_and_installs(phone, table, db, match):
    match_id, token = match
    open_screen(phone, table, match_id, token)
    offline_ready(phone)
    assert phone.execute_cdp_cmd("Page.getInstallabilityErrors", {})["installabilityErrors"] == []
    head = api(table.url, f"/matches/{match_id}", token)["head_seq"]
    with table.down():
        for number in (1, 2, 3):
            note(phone, f"before the reload {number}")
            waiting(phone, 15).until(lambda d: len(held(d)) == number)
        phone.refresh()  # from the service worker's cache: the server is down
        waiting(phone, 15).until(lambda d: chip(d) == "offline · 3 waiting")
        assert phone.find_element(By.ID, "record").get_attribute("data-seq") == str(head)  # the board this tab read
        assert phone.find_elements(By.ID, "note-open") and len(held(phone)) == 3
        for number in (4, 5):
            note(phone, f"after the reload {number}")
            waiting(phone, 15).until(lambda d: len(held(d)) == number)
    wait_for_seq(phone, head + 5)
    waiting(phone, 15).until(lambda d: chip(d) == "online" and not held(d))
    assert notes(db, match_id) == ["before the reload 1", "before the reload 2", "before the reload 3",
                                   "after the reload 4", "after the reload 5"]


def test_a_long_outage_of_two_hundred_inputs_arrives_once_and_in_order(phone, table, db, match):
    """A 30-minute outage is what the count and the order stand for (the outage's length is not tested): 200
    inputs held, the page reloaded half way, every one recorded once, in the order made, under its own key."""
    match_id, token = match
    open_screen(phone, table, match_id, token)
    offline_ready(phone)
    head = api(table.url, f"/matches/{match_id}", token)["head_seq"]
    with table.down():
        for number in range(1, 201):
            note(phone, f"n{number}")
            if number == 100:
                waiting(phone, 15).until(lambda d: len(held(d)) == 100)
                phone.refresh()
                waiting(phone, 15).until(lambda d: chip(d) == "offline · 100 waiting")
        waiting(phone, 15).until(lambda d: chip(d) == "offline · 200 waiting")
        keys = phone.execute_script("return Rec.outbox.entries.map(function (e) { return e.key; })")
        assert len(set(keys)) == 200
    wait_for_seq(phone, head + 200)
    waiting(phone, 30).until(lambda d: chip(d) == "online" and not held(d))
    assert notes(db, match_id) == [f"n{number}" for number in range(1, 201)]


def test_an_input_whose_append_got_no_answer_is_held_checked_and_recorded_once(phone, table, db, match):
    """The server's dry run answered, the append did not (its answer lost, DevTools blocking that one address): the
    input is held as checked against the head it was made on, and recorded once when the append gets through."""
    match_id, token = match
    open_screen(phone, table, match_id, token)
    head = api(table.url, f"/matches/{match_id}", token)["head_seq"]
    phone.execute_cdp_cmd("Network.enable", {})
    phone.execute_cdp_cmd("Network.setBlockedURLs", {"urls": ["*/events"]})
    try:
        note(phone, "checked, not answered")
        waiting(phone, 15).until(lambda d: len(held(d)) == 1)
        assert "not yet recorded (checked)" in held(phone)[0] and chip(phone) == "offline · 1 waiting"
        assert notes(db, match_id) == []
    finally:
        phone.execute_cdp_cmd("Network.setBlockedURLs", {"urls": []})
    wait_for_seq(phone, head + 1)
    waiting(phone, 15).until(lambda d: chip(d) == "online" and not held(d))
    assert notes(db, match_id) == ["checked, not answered"]


def test_a_tab_opened_while_the_server_is_down_says_it_has_no_board_and_keeps_what_it_holds(phone, table, db,
                                                                                           match):
    """A new tab (the board never read in it) opened from the worker's cache while the server is down: the screen
    says why there is nothing to tap, shows the inputs an earlier tab left in the outbox, and sends them later."""
    match_id, token = match
    open_screen(phone, table, match_id, token)
    offline_ready(phone)
    head = api(table.url, f"/matches/{match_id}", token)["head_seq"]
    with table.down():
        note(phone, "left by the closed tab")
        waiting(phone, 15).until(lambda d: len(held(d)) == 1)
        phone.execute_script("sessionStorage.clear()")  # a new tab: neither the token nor the board
        phone.get("about:blank")
        phone.get(f"{table.url}/matches/{match_id}/record#token={token}")
        waiting(phone, 15).until(lambda d: chip(d) == "offline · 1 waiting")
        assert "cannot be reached, and this tab has not read the board yet" in \
            phone.find_element(By.ID, "message").text
        assert phone.find_element(By.ID, "record").get_attribute("data-seq") == ""
    wait_for_seq(phone, head + 1)
    assert notes(db, match_id) == ["left by the closed tab"]


def test_without_indexeddb_the_screen_records_online_and_says_an_unanswered_input_is_not_kept(phone, table, db,
                                                                                              match):
    """A browser whose IndexedDB cannot open (a private window of some browsers; here refused by a script run
    before the page's own): the screen still reads the board and records online; an input the server does not
    answer is said to be not recorded, not silently lost."""
    match_id, token = match
    script = phone.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": (
        "Object.defineProperty(window, 'indexedDB', {value: {open: function () {"
        " throw new Error('IndexedDB refused by the test'); }}});")})
    try:
        open_screen(phone, table, match_id, token)
        assert "IndexedDB refused by the test" in phone.find_element(By.ID, "record").get_attribute("data-outbox")
        head = api(table.url, f"/matches/{match_id}", token)["head_seq"]
        note(phone, "online without an outbox")
        wait_for_seq(phone, head + 1)
        with table.down():
            note(phone, "nowhere to keep it")
            waiting(phone, 15).until(lambda d: "could not be kept on this phone" in
                                     d.find_element(By.ID, "message").text)
            assert not held(phone) and chip(phone) == "offline"
            phone.execute_script("document.getElementById('message').hidden = true")
            typed(phone, 'note "typed, nowhere to keep it"')  # not kept either, and left in its box
            waiting(phone, 15).until(lambda d: d.find_element(By.ID, "message").is_displayed())
            assert "could not be kept on this phone" in phone.find_element(By.ID, "message").text
            assert phone.find_element(By.ID, "notation-input").get_attribute("value") == \
                'note "typed, nowhere to keep it"'
    finally:
        phone.execute_cdp_cmd("Page.removeScriptToEvaluateOnNewDocument", {"identifier": script["identifier"]})
    assert notes(db, match_id) == ["online without an outbox"]


# -- a whole turn of a real game, tapped while the server is down ---------------------------------------------------

def act(driver, player: str, button: str | None = None) -> None:
    """`player` picked as the one acting (unless the screen acts for them already), then `button` tapped."""
    picked = driver.find_elements(By.ID, f"actor-{player}")
    if picked and "active" not in picked[0].get_attribute("class"):
        press(driver, picked[0])
    if button:
        tap(driver, button)


def arena_turn(driver, state: dict, step) -> None:
    """ARENA's turn 5 (tests/positions.py) by taps: Ana plays Gust on Sunlit Guardian, paid by the rune the
    engine marks; Ana and Ben pass; it resolves (Sunlit Guardian back to Ben's hand); Legion Rearguard moves to
    Zaun Warrens, both pass Focus; Ana ends the turn. `step(n)` awaits the n-th input (recorded, or held)."""
    tap_object(driver, find(state, "Gust", "hand"))
    tap_object(driver, find(state, "Sunlit Guardian"))
    tap(driver, "play-submit")
    step(1)
    act(driver, "P1", "action-pass")
    step(2)
    act(driver, "P2", "action-pass")
    step(3)
    if driver.find_elements(By.ID, "action-resolve"):  # held: the chain's newest item, by a tap
        tap(driver, "action-resolve")
    tap(driver, "op-quick-return")
    tap(driver, "resolve-submit")
    step(4)
    act(driver, "P1")
    tap_object(driver, find(state, "Legion Rearguard"))
    tap_object(driver, "bf1")
    step(5)
    act(driver, "P1", "action-pass")
    step(6)
    act(driver, "P2", "action-pass")
    step(7)
    act(driver, "P1", "action-end-turn")
    step(8)


@pytest.fixture()
def arenas(db) -> list[tuple[str, str]]:
    """Two strict matches at the same position of a real game: one for the turn online, one for it offline."""
    with recorder.Log(db) as log:
        return [notation.import_match(log, transcript(f"position {ARENA}")) for _ in range(2)]


def test_a_whole_turn_tapped_while_the_server_is_down_is_recorded_as_the_same_turn_online(phone, table, db,
                                                                                         arenas):
    """Issue 27: the game goes on through an outage. A whole turn of a real game (plays, both players' passes, a
    chain that resolves, a move and its showdown, the end of turn) tapped on the board as the server last sent it
    and held; once the server is back the record is the turn tapped online, event for event, each once, in
    order. The held resolve names its chain item (the engine's c1) only as it is sent."""
    (online_id, online_token), (offline_id, offline_token) = arenas
    state = api(table.url, f"/matches/{online_id}/state", online_token)
    head = api(table.url, f"/matches/{online_id}", online_token)["head_seq"]
    open_screen(phone, table, online_id, online_token)
    arena_turn(phone, state, lambda number: wait_for_seq(phone, head + number))

    open_screen(phone, table, offline_id, offline_token)
    gust, rearguard = find(state, "Gust", "hand"), find(state, "Legion Rearguard")
    with table.down():
        arena_turn(phone, state, lambda number: waiting(phone, 15).until(lambda d: len(held(d)) == number))
        assert chip(phone) == "offline · 8 waiting"
        assert phone.find_element(By.ID, "record").get_attribute("data-seq") == str(head)  # the board as last read
        lines = held(phone)[::-1]  # in the order made
        assert all("not yet recorded (unchecked)" in line for line in lines), lines
        assert "plays Gust" in lines[0] and "resolve Gust" in lines[3] and lines[7].endswith("Ana ends the turn")
        # What the held inputs did is marked on the board, read from their events: nothing is folded.
        marked = {node.get_attribute("data-id"): node.get_attribute("data-held")
                  for node in phone.find_elements(By.CSS_SELECTOR, "#board [data-held]")}
        paid = phone.execute_script("return Rec.outbox.entries[0].events[0].pay.exhaust")
        assert marked == {gust: "played", rearguard: "moved", **{rune: "paid" for rune in paid}}, marked
        assert phone.execute_script("return Rec.outbox.entries[3].events[0].item") is None
        assert not phone.find_elements(By.ID, "action-resolve")  # Gust resolved: the held chain is empty again
        assert "stale" in phone.find_element(By.ID, "awaiting").get_attribute("class")  # the last board's
        phone.save_screenshot(str(SHOTS / "riftlog-record-offline-turn.png"))
        phone.execute_script("document.querySelector('#board [data-held=moved]').scrollIntoView()")
        phone.save_screenshot(str(SHOTS / "riftlog-record-offline-turn-board.png"))
    wait_for_seq(phone, head + 8)
    waiting(phone, 15).until(lambda d: chip(d) == "online" and not held(d))
    assert "stale" not in phone.find_element(By.ID, "awaiting").get_attribute("class")
    assert phone.find_elements(By.ID, "channel-runes")  # the server's board again: Ben's turn begins
    offline, online = recorded(db, offline_id), recorded(db, online_id)
    assert len(online) == head + 8 and offline[head:] == online[head:]
    assert offline[head + 3]["item"] == "c1"
    with recorder.Log(db) as log:
        assert [entry["client"] for entry in log.events(offline_id)][head:] == \
            ["riftlog recording screen (outbox)"] * 8


def pick(driver, grid: str, name: str) -> None:
    """One tap on `name` among a form's picks (`grid`: "channel-runes", "draw-cards")."""
    press(driver, driver.find_element(By.CSS_SELECTOR, f'#{grid} button[data-card="{name}"]'))


def ben_turn_start(driver, state: dict, step, held: bool) -> None:
    """Ben's turn 6 begins after ARENA's turn 5: he channels a Calm Rune and a Mind Rune (v1.4 315.3.b), draws
    Defy (315.4.b), then plays Stupefy on Legion Rearguard, one rune exhausted. Held, the channel and the draw are
    the held form's (its Channel and Draw buttons, for Ben picked as the one acting) and the rune is tapped, as the
    last board suggests no payment for Ben's cards; online they are the forms the board awaits, and the rune the
    engine's suggestion."""
    if held:
        act(driver, "P2", "held-channel")
    pick(driver, "channel-runes", "Calm Rune")
    pick(driver, "channel-runes", "Mind Rune")
    step(1)
    if held:
        act(driver, "P2", "held-draw")
    pick(driver, "draw-cards", "Defy")
    step(2)
    act(driver, "P2")
    tap_object(driver, find(state, "Stupefy", "hand"))
    tap_object(driver, find(state, "Legion Rearguard"))
    if held:
        tap_object(driver, state["players"]["P2"]["runes"][0])
    tap(driver, "play-submit")
    step(3)


def test_a_turn_ended_offline_and_the_next_begun_offline_are_recorded_as_the_same_turns_online(phone, table, db,
                                                                                                 arenas):
    """Issue 27: an outage past the end of a turn. ARENA's turn 5 ends while the server is down, and Ben's turn 6
    begins held too: the held form offers the beginning phase's channel and draw (the last board's decks less what
    held inputs took, read from their events) beside the actions. Once the server is back the record is both turns
    tapped online, event for event, each once, in order."""
    (online_id, online_token), (offline_id, offline_token) = arenas
    state = api(table.url, f"/matches/{online_id}/state", online_token)
    head = api(table.url, f"/matches/{online_id}", online_token)["head_seq"]
    open_screen(phone, table, online_id, online_token)
    arena_turn(phone, state, lambda number: wait_for_seq(phone, head + number))
    ben_turn_start(phone, state, lambda number: wait_for_seq(phone, head + 8 + number), held=False)

    open_screen(phone, table, offline_id, offline_token)
    runes = state["players"]["P2"]["rune_deck"]
    with table.down():
        arena_turn(phone, state, lambda number: waiting(phone, 15).until(lambda d: len(held(d)) == number))
        act(phone, "P2")
        assert phone.find_element(By.ID, "held-channel").text == "Channel 2"
        ben_turn_start(phone, state, lambda number: waiting(phone, 15).until(lambda d: len(held(d)) == 8 + number),
                       held=True)
        assert chip(phone) == "offline · 11 waiting"
        lines = held(phone)[::-1]
        assert lines[8].endswith("Ben channels Calm Rune, Mind Rune") and lines[9].endswith("Ben draws Defy"), lines
        # A second channel is offered from the rune deck less the held one's runes, read from its event.
        act(phone, "P2", "held-channel")
        offered = {node.get_attribute("data-card"): node.text.split("×")[-1]
                   for node in phone.find_elements(By.CSS_SELECTOR, "#channel-runes button[data-card]")}
        assert offered == {name: str(count - 1) for name, count in runes.items()}, offered
        tap(phone, "form-cancel")
    wait_for_seq(phone, head + 11)
    waiting(phone, 15).until(lambda d: chip(d) == "online" and not held(d))
    offline, online = recorded(db, offline_id), recorded(db, online_id)
    assert len(online) == head + 11 and offline[head:] == online[head:]
    assert [event["type"] for event in offline[head + 8:]] == ["channel", "draw", "play"]


def test_a_held_channel_of_the_wrong_count_is_refused_on_arrival_naming_the_rule(phone, table, db, arenas):
    """The held form's channel count is the scorekeeper's to change (the last board does not await it): three runes
    held where the engine awaits two (v1.4 315.3.b) are refused when the server is back, the refusal shown with
    the rule, and nothing of it written; the end of turn before it is recorded."""
    match_id, token = arenas[0]
    head = api(table.url, f"/matches/{match_id}", token)["head_seq"]
    open_screen(phone, table, match_id, token)
    with table.down():
        act(phone, "P1", "action-end-turn")
        waiting(phone, 15).until(lambda d: len(held(d)) == 1)
        act(phone, "P2", "held-channel")
        tap(phone, "held-channel-count-3")
        for rune in ("Calm Rune", "Calm Rune", "Mind Rune"):
            pick(phone, "channel-runes", rune)
        waiting(phone, 15).until(lambda d: len(held(d)) == 2)
    waiting(phone, 15).until(lambda d: problem_kind(d) == "refused")
    shown = phone.find_element(By.ID, "outbox-problem").text
    assert "channels Calm Rune, Calm Rune, Mind Rune" in shown and "315.3.b" in shown, shown
    assert [event["type"] for event in recorded(db, match_id)[head:]] == ["end_turn"]
    press(phone, phone.find_element(By.ID, "outbox-discard"))
    waiting(phone, 15).until(lambda d: chip(d) == "online" and not held(d))


def typed(driver, line: str) -> None:
    """A line of the notation typed in its box and recorded by its button."""
    box = driver.find_element(By.ID, "notation-input")
    box.clear()
    box.send_keys(line)
    tap(driver, "notation-submit")


GUST_TYPED = ("P1 play Gust -> Sunlit Guardian $1", "P1 pass", "P2 pass",
              "resolve Gust: return Sunlit Guardian -> hand")


def test_lines_typed_while_the_server_is_down_are_held_and_read_on_arrival_as_online(phone, table, db, arenas):
    """Issue 27: a typed line is held like a tapped input (the same outbox entry, its own key and expected_seq),
    unread: the server reads the notation, so it is read as it is sent, at the head the inputs before it led to.
    Gust's play, both passes (a tapped one between typed ones) and its resolution typed offline are recorded as the
    same lines typed online, each once, in order."""
    (online_id, online_token), (offline_id, offline_token) = arenas
    head = api(table.url, f"/matches/{online_id}", online_token)["head_seq"]
    open_screen(phone, table, online_id, online_token)
    for number, line in enumerate(GUST_TYPED, 1):
        typed(phone, line)
        wait_for_seq(phone, head + number)

    open_screen(phone, table, offline_id, offline_token)
    with table.down():
        typed(phone, GUST_TYPED[0])
        waiting(phone, 15).until(lambda d: len(held(d)) == 1)
        assert phone.find_element(By.ID, "notation-input").get_attribute("value") == ""
        act(phone, "P1", "action-pass")  # tapped, behind the typed line
        waiting(phone, 15).until(lambda d: len(held(d)) == 2)
        for number, line in enumerate(GUST_TYPED[2:], 3):
            typed(phone, line)
            waiting(phone, 15).until(lambda d: len(held(d)) == number)
        lines = held(phone)[::-1]
        assert lines[0].endswith("(typed: read when sent) · " + GUST_TYPED[0]), lines
        entries = phone.execute_script(
            "return Rec.outbox.entries.map(function (e) { return [e.expected_seq, e.events]; })")
        tapped = [{"type": "pass", "player": "P1"}]
        assert entries == [[head, None], [head + 1, tapped], [head + 2, None], [head + 3, None]]
        assert chip(phone) == "offline · 4 waiting"
    wait_for_seq(phone, head + 4)
    waiting(phone, 15).until(lambda d: chip(d) == "online" and not held(d))
    offline, online = recorded(db, offline_id), recorded(db, online_id)
    assert len(online) == head + 4 and offline[head:] == online[head:]
    with recorder.Log(db) as log:
        assert [entry["client"] for entry in log.events(offline_id)][head:] == \
            ["riftlog recording screen (outbox)"] * 4


def test_a_held_line_is_read_again_at_the_head_a_match_that_moved_on_is_checked_against(phone, table, db, match):
    """A line typed offline is read as it is sent, at the head it then follows; read at another head (the judge's
    tablet recorded meanwhile) its events are not kept, the append answers 409, and *Check them against seq H* reads
    the line again there: recorded once, after the tablet's note."""
    match_id, token = match
    open_screen(phone, table, match_id, token)
    head = api(table.url, f"/matches/{match_id}", token)["head_seq"]
    cut(phone, True)
    try:
        typed(phone, 'note "typed on the phone"')
        waiting(phone, 15).until(lambda d: len(held(d)) == 1)
        api(table.url, f"/matches/{match_id}/events", token,
            {"event": {"type": "note", "text": "from the judge's tablet"}, "expected_seq": head})
    finally:
        cut(phone, False)
    waiting(phone, 15).until(lambda d: problem_kind(d) == "conflict")
    assert phone.execute_script("return Rec.outbox.entries[0].events") is None  # read at head + 1: not kept
    press(phone, phone.find_element(By.ID, "outbox-recheck"))
    waiting(phone, 15).until(lambda d: chip(d) == "online" and not held(d))
    assert notes(db, match_id) == ["from the judge's tablet", "typed on the phone"]


def refused_line_then_note(phone, table, match, text: str) -> int:
    """With the server down, a line that does not read ("P1 fly away") and then a note `text` are held; once the
    server is back the line is put to the scorekeeper as a refusal. The match's head before them."""
    match_id, token = match
    open_screen(phone, table, match_id, token)
    head = api(table.url, f"/matches/{match_id}", token)["head_seq"]
    with table.down():
        typed(phone, "P1 fly away")
        waiting(phone, 15).until(lambda d: len(held(d)) == 1)
        note(phone, text)
        waiting(phone, 15).until(lambda d: len(held(d)) == 2)
    waiting(phone, 15).until(lambda d: problem_kind(d) == "refused")
    return head


def test_a_held_line_that_does_not_read_is_refused_on_arrival_naming_where(phone, table, db, match):
    """A line typed offline is read only on arrival: one that does not read is put to the scorekeeper as a refusal,
    with the server's words (the line and column), and dropped by a tap; the note held after it is then recorded
    (made on a board that included the line, it comes back as a 409 and is checked again)."""
    match_id, _ = match
    head = refused_line_then_note(phone, table, match, "after the line")
    shown = phone.find_element(By.ID, "outbox-problem").text
    assert "P1 fly away" in shown and "(400)" in shown and "line 1" in shown, shown
    assert len(recorded(db, match_id)) == head
    press(phone, phone.find_element(By.ID, "outbox-drop"))
    waiting(phone, 15).until(lambda d: problem_kind(d) == "conflict")
    press(phone, phone.find_element(By.ID, "outbox-recheck"))
    waiting(phone, 15).until(lambda d: chip(d) == "online" and not held(d))
    assert notes(db, match_id) == ["after the line"]


def test_the_inputs_held_after_a_dropped_one_are_not_said_to_follow_another_device(phone, table, db, match):
    """After *Drop this one*, the inputs held behind it were made for a seq the match has not reached: the screen
    says so (the match is behind, not moved on by another device), and checked again they are recorded and shown."""
    match_id, _ = match
    head = refused_line_then_note(phone, table, match, "after the dropped line")
    press(phone, phone.find_element(By.ID, "outbox-drop"))
    waiting(phone, 15).until(lambda d: problem_kind(d) == "conflict")
    shown = phone.find_element(By.ID, "outbox-problem").text
    assert "another device" not in shown and "moved on" not in shown, shown
    assert f"made after an input that was dropped (made for seq {head + 1}; the match is at seq {head})" in shown, \
        shown
    press(phone, phone.find_element(By.ID, "outbox-recheck"))
    waiting(phone, 15).until(lambda d: chip(d) == "online" and not held(d))
    waiting(phone, 15).until(lambda d: logged(d) and logged(d)[0][0] == str(head + 1))
    assert logged(phone)[0][1].endswith("after the dropped line") and notes(db, match_id) == ["after the dropped line"]


def test_a_held_resolve_whose_play_was_dropped_is_refused_naming_what_is_wrong(phone, table, db, arenas):
    """A held resolve names the chain's newest item as it is sent. Here the play it resolves is refused on arrival
    (Gust paid with nothing: its rune tapped off twice) and dropped, so the chain is empty when the resolve is
    checked again at the head: it goes with `item` null, and the server's refusal names the field."""
    match_id, token = arenas[0]
    state = api(table.url, f"/matches/{match_id}/state", token)
    head = api(table.url, f"/matches/{match_id}", token)["head_seq"]
    open_screen(phone, table, match_id, token)
    with table.down():
        tap_object(phone, find(state, "Gust", "hand"))
        tap_object(phone, find(state, "Sunlit Guardian"))
        [rune] = phone.execute_script("return Rec.data.payments[arguments[0]].exhaust", find(state, "Gust", "hand"))
        tap_object(phone, rune)  # recycled
        tap_object(phone, rune)  # not paid with at all
        tap(phone, "play-submit")
        waiting(phone, 15).until(lambda d: len(held(d)) == 1)
        tap(phone, "action-resolve")
        tap(phone, "op-quick-return")
        tap(phone, "resolve-submit")
        waiting(phone, 15).until(lambda d: len(held(d)) == 2)
    waiting(phone, 15).until(lambda d: problem_kind(d) == "refused")
    assert "plays Gust" in phone.find_element(By.ID, "outbox-problem").text
    press(phone, phone.find_element(By.ID, "outbox-drop"))
    waiting(phone, 15).until(lambda d: problem_kind(d) == "conflict")  # it was made on a board with the play
    press(phone, phone.find_element(By.ID, "outbox-recheck"))
    waiting(phone, 15).until(lambda d: problem_kind(d) == "refused")
    shown = phone.find_element(By.ID, "outbox-problem").text
    assert "resolve Gust" in shown and "item" in shown, shown
    assert len(recorded(db, match_id)) == head  # nothing of the two was written
    press(phone, phone.find_element(By.ID, "outbox-discard"))
    waiting(phone, 15).until(lambda d: chip(d) == "online" and not held(d))


def test_a_unit_played_offline_resolves_at_once_and_a_spell_waits_on_the_held_chain(phone, table, db):
    """What a held play put on the chain is read from its event and the card's type: a unit resolves as it is
    finalized (v1.4 337.2), so the held form offers no Resolve after it; a spell stays, and Resolve names it."""
    position = ARENA.replace("deck:33 runedeck:6 hand:Gust;", "deck:32 runedeck:6 hand:Legion Rearguard;Gust;")
    with recorder.Log(db) as log:
        match_id, token = notation.import_match(log, transcript(f"position {position}"))
    state = api(table.url, f"/matches/{match_id}/state", token)
    head = api(table.url, f"/matches/{match_id}", token)["head_seq"]
    open_screen(phone, table, match_id, token)
    with table.down():
        tap_object(phone, find(state, "Legion Rearguard", "hand"))
        tap(phone, "play-submit")
        waiting(phone, 15).until(lambda d: len(held(d)) == 1)
        assert not phone.find_elements(By.ID, "action-resolve")
        tap_object(phone, find(state, "Gust", "hand"))
        tap_object(phone, find(state, "Sunlit Guardian"))
        for rune in phone.execute_script("return Rec.data.state.players.P1.runes"):  # a rune the unit did not use
            if not phone.find_element(By.CSS_SELECTOR, f'#board [data-id="{rune}"]').get_attribute("data-held"):
                tap_object(phone, rune)
                break
        tap(phone, "play-submit")
        waiting(phone, 15).until(lambda d: len(held(d)) == 2)
        assert phone.find_element(By.ID, "action-resolve").text == "Resolve Gust"
    waiting(phone, 15).until(lambda d: chip(d) == "online" and not held(d))
    assert [event["type"] for event in recorded(db, match_id)[head:]] == ["play", "play"]


def test_an_item_on_the_last_boards_chain_is_resolved_offline_under_its_own_id(phone, table, db, arenas):
    """The server goes down with Gust on the chain (played online): the held form offers Resolve for it from the
    board's chain, and the held resolve names it by the id the server sent (c1), not left to be named later."""
    match_id, token = arenas[0]
    state = api(table.url, f"/matches/{match_id}/state", token)
    head = api(table.url, f"/matches/{match_id}", token)["head_seq"]
    open_screen(phone, table, match_id, token)
    tap_object(phone, find(state, "Gust", "hand"))
    tap_object(phone, find(state, "Sunlit Guardian"))
    tap(phone, "play-submit")
    wait_for_seq(phone, head + 1)
    with table.down():
        act(phone, "P1", "action-pass")
        waiting(phone, 15).until(lambda d: len(held(d)) == 1)
        act(phone, "P2", "action-pass")
        waiting(phone, 15).until(lambda d: len(held(d)) == 2)
        tap(phone, "action-resolve")
        tap(phone, "op-quick-return")
        tap(phone, "resolve-submit")
        waiting(phone, 15).until(lambda d: len(held(d)) == 3)
        assert phone.execute_script("return Rec.outbox.entries[2].events[0].item") == "c1"
        assert not phone.find_elements(By.ID, "action-resolve")
    waiting(phone, 15).until(lambda d: chip(d) == "online" and not held(d))
    assert [event["type"] for event in recorded(db, match_id)[head:]] == ["play", "pass", "pass", "resolve"]


def test_a_held_resolve_named_and_sent_whose_answer_is_lost_is_recorded_once(phone, table, db, arenas):
    """The held resolve is named (c1) just before it is sent, and kept so: when the server records it but its
    answer is lost on the way back (the page's fetch made to fail after the server answered), the retry sends the
    same events under the same key, which the recorder answers with its first answer: recorded once, no problem.
    Named afresh instead, the retry would name the chain as it is after the resolve (empty) and be refused."""
    match_id, token = arenas[0]
    state = api(table.url, f"/matches/{match_id}/state", token)
    head = api(table.url, f"/matches/{match_id}", token)["head_seq"]
    open_screen(phone, table, match_id, token)
    with table.down():
        tap_object(phone, find(state, "Gust", "hand"))
        tap_object(phone, find(state, "Sunlit Guardian"))
        tap(phone, "play-submit")
        waiting(phone, 15).until(lambda d: len(held(d)) == 1)
        for number, player in ((2, "P1"), (3, "P2")):
            act(phone, player, "action-pass")
            waiting(phone, 15).until(lambda d: len(held(d)) == number)
        tap(phone, "action-resolve")
        tap(phone, "op-quick-return")
        tap(phone, "resolve-submit")
        waiting(phone, 15).until(lambda d: len(held(d)) == 4)
        phone.execute_script("""
            var send = window.fetch;
            window.fetch = function (url, init) {
              var answer = send(url, init);
              if (window.lost || !init || !/"type":"resolve"/.test(init.body || "")) return answer;
              window.lost = true;
              return answer.then(function () { throw new TypeError("the answer was lost on the way back"); });
            };""")
    waiting(phone, 30).until(lambda d: chip(d) == "online" and not held(d))
    assert phone.execute_script("return window.lost") is True and problem_kind(phone) is None
    events = recorded(db, match_id)[head:]
    assert [event["type"] for event in events] == ["play", "pass", "pass", "resolve"] and events[3]["item"] == "c1"
