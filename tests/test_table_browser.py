"""At the table, in real headless Chromium, with real gallery cards (issue 13): the recording screen records a
Legend's activated ability with its cost tapped, an Equip, a play from facedown and a hide, each by taps and forms
(the resolution builder's ops read from the engine's table); the viewer shows the attached gear with its unit, the
facedown card hidden from the spectator and shown to its controller, a static effect with its source, XP, the rune
pool and a Gold gear token.

Ana (P1) plays Jax (Grandmaster at Arms, Calm/Body): Jax, Unrelenting and Taric, Protector (whose "Other friendly
units here have [Shield]" is a static in force) at Treasure Hoard (bf1), which she controls, with Pakaa Cub
hidden there on an earlier turn; Doran's Shield, Doran's Blade and a Gold gear token at her base; Stand United in
hand; 2 XP; four ready runes. Ben (P2) plays Shen (Eye of Twilight, Calm/Order).
"""
from __future__ import annotations

import json
from pathlib import Path

import pytest

import recorder
from gallery_duel import deck, gallery_catalog
from replays import notation
from test_record_browser import api, message, open_screen, submit, tap, tap_object, wait_for_seq
from test_viewer_browser import CHROMEDRIVER, CHROMIUM, browser, server, shown, waiting  # noqa: F401

webdriver = pytest.importorskip("selenium.webdriver")
from selenium.webdriver.common.by import By  # noqa: E402
from selenium.webdriver.support.ui import Select  # noqa: E402

SCREENS = Path("/tmp/riftlog-table")
PHONE, LAPTOP = (360, 1600), (1366, 1400)

pytestmark = pytest.mark.skipif(not (Path(CHROMIUM).exists() and Path(CHROMEDRIVER).exists()),
                                reason="Chromium and ChromeDriver are not installed (run scripts/install-browser.sh)")

TARIC_STATIC = {"affects": {"who": "friendly", "other": True, "where": "here"}, "keywords": ["Shield"],
                "text": "Other friendly units here have [Shield]."}
P1 = ("P1 0 bf:Treasure Hoard controls:bf1 champion:played deck:0 runedeck:0 xp:2 hand:Stand United "
      "runes:2 Calm Rune;2 Body Rune bf1:Jax, Unrelenting;Taric, Protector gear:Doran's Shield;Doran's Blade;Gold "
      f"facedown:Pakaa Cub@bf1 static:bf1.2 {json.dumps(TARIC_STATIC)}")
P2 = "P2 0 bf:Altar to Unity deck:0 runedeck:0 hand:Back Off runes:2 Calm Rune;2 Order Rune base:Affectionate Poro"
POSITION = f"turn 3 P1 action first P1 | {P1} | {P2}"


def created() -> dict:
    jax = deck("Grandmaster at Arms", "Jax, Unrelenting",
               ["Doran's Shield", "Doran's Blade", "Taric, Protector", "Pakaa Cub", "Stand United"],
               ["Treasure Hoard", "Zaun Warrens", "Grove of the God-Willow"], "Ana")
    shen = deck("Eye of Twilight", "Shen, Kinkou", ["Back Off"],
                ["Altar to Unity", "Back-Alley Bar", "Trifarian War Camp"], "Ben")
    return {"type": "match_created", "mode": "duel", "players": [jax, shen], "catalog": "gallery", "policy": "strict"}


def position(match: dict, line: str = POSITION) -> dict:
    """The position `line` with each deck's count worked out: every card placed came from it (tokens aside)."""
    event = notation.parse_position(line)
    catalog = gallery_catalog()
    for entry, described in zip(match["players"], event["players"].values()):
        placed = [*described["hand"], *described["trash"], *described["banishment"],
                  *(unit["card"] for unit in described["units"]), *(gear["card"] for gear in described["gear"]),
                  *(gear["card"] for unit in described["units"] for gear in unit.get("attached", [])),
                  *(card["card"] for card in described.get("facedown", []))]
        from_deck = [card for card in placed if card is None or catalog.card(card)["supertype"] != "Token"]
        described["deck_count"] = len(entry["deck"]) - len(from_deck) - (described.get("champion", "zone") == "zone")
        described["rune_deck_count"] = len(entry["runes"]) - len(described["runes"])
    return event


@pytest.fixture(scope="module")
def demo_db(tmp_path_factory) -> Path:
    """The database the shared server serves: the gallery's catalog, and the match these tests record."""
    return tmp_path_factory.mktemp("table") / "riftlog.db"


def record(demo_db: Path, line: str) -> tuple[str, str]:
    """A strict match of created()'s decks from the position `line`: (match id, token)."""
    with recorder.Log(demo_db) as log:
        log.import_catalog(gallery_catalog(), "gallery")  # the same content again is a no-op
        match = created()
        return log.create_match(match, then=[position(match, line)])


@pytest.fixture(scope="module")
def table(demo_db):
    return record(demo_db, POSITION)


@pytest.fixture(scope="module")
def equipped(demo_db):
    """POSITION with Doran's Shield attached to Jax already."""
    return record(demo_db, POSITION.replace("bf1:Jax, Unrelenting;", "bf1:Jax, Unrelenting+Doran's Shield;")
                  .replace("gear:Doran's Shield;", "gear:"))


def state_of(server: str, match_id: str, token: str) -> dict:
    return api(server, f"/matches/{match_id}/state", token)


def find(state: dict, card: str, zone: str = "board") -> str:
    [found] = [ref for ref, obj in state["objects"].items() if obj["card"] == card and obj["zone"] == zone]
    return found


def shot(driver, name: str, size: tuple[int, int]) -> None:
    driver.set_window_size(*size)
    SCREENS.mkdir(parents=True, exist_ok=True)
    assert driver.save_screenshot(str(SCREENS / f"{name}.png"))


def pass_both(driver, seq: int) -> int:
    """Both players pass priority on the chain: the newest item then awaits its resolution."""
    submit(driver, "action-pass", seq + 1)
    Select(driver.find_element(By.ID, "actor")).select_by_value("P2")
    submit(driver, "action-pass", seq + 2)
    return seq + 2


def resolve_with_attach(driver, gear: str, unit: str, seq: int) -> int:
    """The resolution builder: an `attach` op (listed from the engine's table), its gear and unit tapped."""
    Select(driver.find_element(By.ID, "op-kind")).select_by_value("attach")
    tap(driver, "op-add")
    tap_object(driver, gear)  # the op's first tapped field (target) is active at once
    tap(driver, "op-0-to")
    tap_object(driver, unit)
    assert "to: Jax, Unrelenting" in driver.find_element(By.ID, "op-0-to").text
    submit(driver, "resolve-submit", seq + 1)
    return seq + 1


def test_recording_a_legends_ability_an_equip_a_facedown_play_and_a_hide_at_the_table(browser, server, table):
    match_id, token = table
    browser.set_window_size(*PHONE)
    open_screen(browser, server, match_id, token)
    state = state_of(server, match_id, token)
    seq = api(server, f"/matches/{match_id}", token)["head_seq"]
    legend = state["players"]["P1"]["legend"]
    jax, shield, blade = find(state, "Jax, Unrelenting"), find(state, "Doran's Shield"), find(state, "Doran's Blade")
    calm, body = ([rune for rune in state["players"]["P1"]["runes"] if state["objects"][rune]["card"] == name]
                  for name in ("Calm Rune", "Body Rune"))

    # Every source Ana controls with an activated ability shows it as a button with its cost.
    buttons = browser.find_element(By.ID, "abilities").text
    assert "attach a detached\n[1] [T]" in buttons and "attach an attached\n[T]" in buttons
    assert "Equip\n[Body]" in buttons and "Equip\n[Calm]" in buttons and "kill this" in buttons  # Gold's Add
    shot(browser, "record-abilities-phone", PHONE)

    # Grandmaster at Arms' first ability ([1], [T]): its targets tapped, a Body rune tapped to pay the [1].
    tap(browser, f"activate-{legend}-0")
    tap_object(browser, shield)
    tap_object(browser, jax)
    tap_object(browser, body[0])
    assert "Targets: Doran's Shield" in browser.find_element(By.ID, "activate-summary").text
    shot(browser, "record-activate-phone", PHONE)
    browser.set_window_size(*PHONE)
    seq += 1
    submit(browser, "activate-submit", seq)
    assert "Recorded seq" in message(browser)
    seq = pass_both(browser, seq)
    seq = resolve_with_attach(browser, shield, jax, seq)

    state = state_of(server, match_id, token)
    assert state["objects"][legend]["exhausted"] and state["objects"][body[0]]["exhausted"]  # [T] and [1] paid
    assert state["objects"][shield]["attached_to"] == jax and state["chain"] == []

    # Equip: Doran's Blade's [Equip] [O], the unit tapped and the other Body rune tapped for its Power.
    tap(browser, f"activate-{blade}-0")
    tap_object(browser, jax)
    tap_object(browser, body[1])
    assert "Unit: Jax, Unrelenting" in browser.find_element(By.ID, "activate-summary").text
    seq += 1
    submit(browser, "activate-submit", seq)
    seq = pass_both(browser, seq)
    seq = resolve_with_attach(browser, blade, jax, seq)
    state = state_of(server, match_id, token)
    assert state["objects"][blade]["attached_to"] == jax and state["objects"][body[1]]["exhausted"]

    # Pakaa Cub, hidden on an earlier turn, played from facedown for its base cost ignored (723.1.b).
    cub = find(state, "Pakaa Cub", "facedown")
    tap(browser, "action-play")
    Select(browser.find_element(By.ID, "play-card")).select_by_value(cub)
    assert "facedown at Treasure Hoard" in Select(browser.find_element(By.ID, "play-card")) \
        .first_selected_option.text
    seq += 1
    submit(browser, "play-submit", seq)
    state = state_of(server, match_id, token)
    assert state["objects"][cub]["zone"] == "board" and cub in state["battlefields"][0]["units"]

    # Stand United hidden at Treasure Hoard, its [A] paid with a Calm rune.
    stand = find(state, "Stand United", "hand")
    tap(browser, "action-hide")
    assert Select(browser.find_element(By.ID, "hide-card")).options[1].get_attribute("value") == stand
    Select(browser.find_element(By.ID, "hide-card")).select_by_value(stand)
    tap_object(browser, calm[0])
    seq += 1
    submit(browser, "hide-submit", seq)
    state = state_of(server, match_id, token)
    assert state["objects"][stand]["zone"] == "facedown" and state["battlefields"][0]["facedown"] == stand
    assert state["objects"][calm[0]]["exhausted"]

    events = [entry["event"] for entry in api(server, f"/matches/{match_id}/events", token)["events"]]
    kinds = [event["type"] for event in events[2:]]
    assert kinds == ["activate", "pass", "pass", "resolve", "activate", "pass", "pass", "resolve", "play", "hide"]
    assert events[2] == {"type": "activate", "player": "P1", "source": legend, "ability": 0,
                         "targets": [shield, jax], "pay": {"exhaust": [body[0]], "recycle": []}}
    assert events[5]["effects"] == [{"op": "attach", "target": shield, "to": jax}]
    assert events[6]["targets"] == [jax] and events[6]["source"] == blade
    assert events[10]["from"] == "facedown" and events[11]["battlefield"] == "bf1"
    shot(browser, "record-board-laptop", LAPTOP)
    wait_for_seq(browser, seq)


def test_the_viewer_shows_attached_gear_facedown_cards_statics_xp_and_tokens_to_whom_it_may(browser, server,
                                                                                           equipped):
    match_id, token = equipped
    browser.set_window_size(*LAPTOP)
    browser.get(f"{server}/matches/{match_id}?seq=2#token={token}")
    waiting(browser).until(lambda d: "reading with the judge's token" in shown(d, "token-form"))
    state = state_of(server, match_id, token)
    jax, shield, cub = find(state, "Jax, Unrelenting"), find(state, "Doran's Shield"), find(state, "Pakaa Cub", "facedown")

    def page(view: str) -> None:
        browser.get(f"{server}/matches/{match_id}?seq=2&view={view}")
        waiting(browser).until(lambda d: d.find_elements(By.ID, "battlefields"))

    # The owner's view: the facedown card by its name, marked facedown; the static with its source; XP; the token.
    page("P1")
    facedown = browser.find_element(By.CSS_SELECTOR, f'#battlefield-bf1 .facedown li[data-id="{cub}"]')
    assert "Pakaa Cub" in facedown.text and "facedown" in facedown.text
    statics = shown(browser, "statics")
    assert "Taric, Protector" in statics and "other friendly units here" in statics and "Shield" in statics
    assert "2 XP" in shown(browser, "player-P1")
    gold = browser.find_element(By.CSS_SELECTOR, "#player-P1 li.card.token")
    assert "Gold" in gold.text and "gear token" in gold.text
    assert "Pool:" in shown(browser, "player-P1")
    shot(browser, "viewer-owner-laptop", LAPTOP)

    # The spectator's view: a facedown card, not which.
    page("spectator")
    facedown = browser.find_element(By.CSS_SELECTOR, f'#battlefield-bf1 .facedown li[data-id="{cub}"]')
    assert "facedown card" in facedown.text and "Pakaa Cub" not in browser.find_element(By.ID, "battlefields").text
    assert "Pakaa Cub" not in browser.page_source
    shot(browser, "viewer-spectator-phone", PHONE)

    # Doran's Shield inside Jax's card, not beside it at the base.
    page("P1")
    unit = browser.find_element(By.CSS_SELECTOR, f'#battlefield-bf1 ul.cards > li[data-id="{jax}"]')
    attached = unit.find_elements(By.CSS_SELECTOR, "ul.attached > li")
    assert [item.get_attribute("data-id") for item in attached] == [shield] and "Doran's Shield" in attached[0].text
    assert not browser.find_elements(By.CSS_SELECTOR, f'#player-P1 ul.cards > li[data-id="{shield}"]')
    shot(browser, "viewer-attached-phone", PHONE)
