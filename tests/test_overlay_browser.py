"""The broadcast overlays (issue 28, web/overlay.py) in a real Chromium against `riftlog serve` (its hub serving the
streams): each overlay follows the real-cards demo game live under a 10-event broadcast delay and shows nothing the
delayed spectator view does not; the caster's overlay shows both hands at the same delayed moment and refuses a
player's token. Screenshots at 1920x1080 go to /work/shots/overlays/ (a few are kept in docs/screenshots/)."""
from __future__ import annotations

import json
import urllib.error
import urllib.request
from pathlib import Path

import pytest

import engine
import recorder
from engine.views import as_sent
from recorder import tokens
from replays import demo
from serving import served_process
from test_viewer_browser import CHROMEDRIVER, CHROMIUM, browser, waiting  # noqa: F401 - the same headless Chromium

webdriver = pytest.importorskip("selenium.webdriver")
from selenium.webdriver.common.by import By  # noqa: E402

pytestmark = pytest.mark.skipif(not (Path(CHROMIUM).exists() and Path(CHROMEDRIVER).exists()),
                                reason="Chromium and ChromeDriver are not installed (run scripts/install-browser.sh)")

SHOTS = Path("/work/shots/overlays")
DELAY = 10
NAMES = sorted({card["name"] for card in engine.demo_catalog()}, key=len, reverse=True)
# A frame of a stream under the overlay in the screenshots (the page itself is transparent).
SAMPLE_FRAME = "linear-gradient(180deg, #1c3f31 0 30%, #24513f 30% 70%, #1c3f31 70%)"  # flat bands: small PNGs


def real_cards_events(tmp_path: Path) -> list[dict]:
    """The real-cards demo game's events as its recorder sent them (a Hidden unit, Equip, chains, a showdown)."""
    with recorder.Log(tmp_path / "source.db") as log:
        match_id, _ = demo.record_real_cards(log)
        return [as_sent(entry["event"]) for entry in log.events(match_id)]


class Match:
    """The game recorded through the served API, a few events at a time."""

    def __init__(self, base: str, events: list[dict]) -> None:
        self.base, self.events = base, events
        created = self.call("POST", "/api/matches", events[0])
        self.id, self.token, self.player_tokens = created["id"], created["token"], created["player_tokens"]
        self.head = 1

    def call(self, method: str, path: str, body: dict | None = None, token: str | None = None) -> dict:
        headers = {"Content-Type": "application/json", **({"Authorization": f"Bearer {token}"} if token else {})}
        data = None if body is None else json.dumps(body).encode()
        request = urllib.request.Request(self.base + path, data=data, headers=headers, method=method)
        with urllib.request.urlopen(request, timeout=20) as response:
            return json.loads(response.read())

    def append_to(self, seq: int) -> None:
        while self.head < seq:
            batch = self.events[self.head:min(seq, self.head + 5)]
            self.head = self.call("POST", f"/api/matches/{self.id}/events", {"events": batch}, self.token)["seq"]

    def spectator(self, path: str) -> dict:
        return self.call("GET", f"/api/matches/{self.id}/{path}")


@pytest.fixture
def match(tmp_path):
    events = real_cards_events(tmp_path)
    with served_process({"DATABASE": str(tmp_path / "served.db")}) as port:
        yield Match(f"http://127.0.0.1:{port}", events)


def fullhd(driver) -> None:
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {"width": 1920, "height": 1080,
                                                                  "deviceScaleFactor": 1, "mobile": False})


def drawn_seq(driver) -> int:
    return int(driver.find_element(By.ID, "overlay").get_attribute("data-seq"))


def wait_drawn(driver, seq: int) -> None:
    waiting(driver, 20).until(lambda d: drawn_seq(d) == seq)


def names_in(text: str) -> set[str]:
    found = set()
    for name in NAMES:
        if name in text:
            found.add(name)
            text = text.replace(name, " ")
    return found


def spectator_knows(match: Match, seq: int) -> set[str]:
    """The card names the spectator view gives at `seq`: its state then and its events up to then."""
    state = match.spectator(f"state?view=spectator&at={seq}")
    events = match.spectator(f"events?view=spectator&upto={seq}")["events"]
    return names_in(json.dumps(state, ensure_ascii=False) + json.dumps(events, ensure_ascii=False))


def judge_hands(match: Match, seq: int) -> set[str]:
    state = match.call("GET", f"/api/matches/{match.id}/state?at={seq}", token=match.token)
    return {state["objects"][ref]["card"] for player in state["players"].values() for ref in player["hand"]}


def shows_only_the_spectators(driver, match: Match, seq: int) -> str:
    """The overlay's text at `seq`: every card it names the spectator view gave by then, and no card of a hand."""
    text = driver.find_element(By.ID, "drawing").text
    assert names_in(text) <= spectator_knows(match, seq), (seq, names_in(text) - spectator_knows(match, seq))
    hidden = judge_hands(match, seq) - spectator_knows(match, seq)
    assert hidden and not names_in(text) & hidden
    return text


def frame_checks(driver) -> None:
    """Transparent, 1920x1080, no scrollbars, no controls."""
    assert driver.execute_script("return getComputedStyle(document.body).backgroundColor") == "rgba(0, 0, 0, 0)"
    assert driver.execute_script("return [document.documentElement.scrollWidth, document.documentElement.scrollHeight]"
                                 ) == [1920, 1080]
    assert not [control for control in driver.find_elements(By.CSS_SELECTOR, "button, input, select, a, textarea")
                if control.is_displayed()]


def shoot(driver, name: str) -> Path:
    """The overlay over a sample frame, at 1920x1080."""
    SHOTS.mkdir(parents=True, exist_ok=True)
    driver.execute_script("document.body.style.background = arguments[0]", SAMPLE_FRAME)
    path = SHOTS / f"{name}.png"
    assert driver.save_screenshot(str(path))
    driver.execute_script("document.body.style.background = ''")
    return path


def test_each_overlay_follows_the_match_under_a_ten_event_delay(browser, match):  # noqa: F811
    fullhd(browser)
    match.append_to(86)
    match.call("POST", f"/api/matches/{match.id}/delay", {"events": DELAY}, match.token)

    # The board at seq 76-81: Ana's Windsinger hidden facedown at Grove of the God-Willow, a card back.
    browser.get(f"{match.base}/matches/{match.id}/overlay/board")
    wait_drawn(browser, 76)
    frame_checks(browser)
    assert browser.find_elements(By.CSS_SELECTOR, '[data-battlefield="bf2"] .tile.facedown.card-back')
    assert "Windsinger" not in shows_only_the_spectators(browser, match, 76)
    match.append_to(90)
    wait_drawn(browser, 80)
    text = shows_only_the_spectators(browser, match, 80)
    assert "Doran's Blade" in text  # Veteran Poro's gear (Weaponmaster)
    shoot(browser, "overlay-board")

    # The chain and showdown: Windsinger's trigger on the chain in the showdown at seq 83, gone once it resolves.
    browser.get(f"{match.base}/matches/{match.id}/overlay/chain?layout=top")
    wait_drawn(browser, 80)
    assert not browser.find_element(By.CSS_SELECTOR, ".chain-panel").is_displayed() or \
        "Showdown" in browser.find_element(By.CSS_SELECTOR, ".chain-panel").text
    match.append_to(94)
    wait_drawn(browser, 84)
    panel = browser.find_element(By.CSS_SELECTOR, ".chain-panel")
    assert panel.is_displayed() and "Windsinger" in panel.text and "Passed: Ana" in panel.text
    shows_only_the_spectators(browser, match, 84)
    shoot(browser, "overlay-chain")

    # The card popup: Kai'Sa played at seq 91 pops up with its text once the delay lets it out, then goes.
    browser.get(f"{match.base}/matches/{match.id}/overlay/card")
    wait_drawn(browser, 84)
    assert not browser.find_elements(By.CSS_SELECTOR, ".card-popup")  # opened mid-match: no old card
    match.append_to(101)
    wait_drawn(browser, 91)
    popup = waiting(browser, 10).until(lambda d: d.find_element(By.CSS_SELECTOR, ".card-popup"))
    assert "Kai'Sa, Survivor" in popup.text and "Ben plays" in popup.text and "Accelerate" in popup.text
    shows_only_the_spectators(browser, match, 91)
    shoot(browser, "overlay-card")
    waiting(browser, 20).until(lambda d: not d.find_elements(By.CSS_SELECTOR, ".card-popup"))

    # The score bug, in another layout and scheme.
    browser.get(f"{match.base}/matches/{match.id}/overlay/score?layout=top&scheme=light")
    wait_drawn(browser, 91)
    match.append_to(match.head + 20)
    wait_drawn(browser, match.head - DELAY)
    state = match.spectator(f"state?view=spectator&at={match.head - DELAY}")
    for player, entry in state["players"].items():
        side = browser.find_element(By.CSS_SELECTOR, f'.score-player[data-player="{player}"]')
        assert side.find_element(By.CSS_SELECTOR, ".points").text.replace("\n", "") == f"{entry['points']}/8"
        assert entry["name"] in side.text
    assert f"Turn {state['turn']}" in browser.find_element(By.CSS_SELECTOR, ".score-middle").text
    shows_only_the_spectators(browser, match, match.head - DELAY)
    frame_checks(browser)
    shoot(browser, "overlay-score")


def test_the_casters_overlay_shows_both_hands_under_the_delay_and_refuses_a_player(browser, match,  # noqa: F811
                                                                                   tmp_path):
    fullhd(browser)
    match.append_to(88)
    match.call("POST", f"/api/matches/{match.id}/delay", {"events": DELAY}, match.token)
    with recorder.Log(tmp_path / "served.db") as log:
        caster = tokens.caster_token(log, match.id)

    browser.get(f"{match.base}/matches/{match.id}/overlay/board#caster={caster}")
    wait_drawn(browser, 78)
    hands = browser.find_elements(By.CSS_SELECTOR, ".hand .tile.hand-card")
    state = match.spectator("state?view=spectator&at=78")
    assert len(hands) == sum(entry["hand_count"] for entry in state["players"].values()) > 0
    assert {hand.find_element(By.CSS_SELECTOR, ".card-name").text for hand in hands} == judge_hands(match, 78)
    facedown = browser.find_element(By.CSS_SELECTOR, '[data-battlefield="bf2"] .tile.facedown')
    assert "Windsinger" in facedown.text  # a player's own facedown card: the caster sees what either player sees
    match.append_to(92)
    wait_drawn(browser, 82)  # the same delay as the spectator's
    frame_checks(browser)
    shoot(browser, "overlay-board-caster")

    # A player's token is refused, and nothing is drawn.
    browser.get("about:blank")  # another fragment of the same page would not load it again
    browser.get(f"{match.base}/matches/{match.id}/overlay/board#caster={match.player_tokens['P1']}")
    error = waiting(browser, 10).until(lambda d: d.find_element(By.ID, "overlay-error"))
    waiting(browser, 10).until(lambda d: error.is_displayed())
    assert "403" in error.text and not browser.find_elements(By.CSS_SELECTOR, ".tile")
    # ...and so is a spectator asking for the caster's view without a token.
    with pytest.raises(urllib.error.HTTPError) as refused:
        match.spectator("overlay?view=caster")
    assert refused.value.code == 401


def test_the_round_overlay_follows_the_pushed_feed_under_the_delay(browser, match):  # noqa: F811
    fullhd(browser)
    match.append_to(40)
    match.call("POST", f"/api/matches/{match.id}/delay", {"events": DELAY}, match.token)
    browser.get(f"{match.base}/tournament/overlay?event=riftlog demo: real cards&round=2")
    row = f'#tables-body tr[data-match="{match.id}"]'
    waiting(browser, 20).until(lambda d: d.find_element(By.CSS_SELECTOR, row).get_attribute("data-seq") == "30")
    frame_checks(browser)
    match.append_to(70)
    waiting(browser, 20).until(lambda d: d.find_element(By.CSS_SELECTOR, row).get_attribute("data-seq") == "60")
    assert int(browser.find_element(By.ID, "tables").get_attribute("data-pushed") or 0) >= 1
    state = match.spectator("state?view=spectator&at=60")
    scores = browser.find_element(By.CSS_SELECTOR, f"{row} td.scores").text
    assert scores == " – ".join(str(entry["points"]) for entry in state["players"].values())
    shoot(browser, "overlay-round")
