"""A scorekeeper's thumb on the recording screen, for the browser tests: taps only (never a key), each tap counted
against the game action it records, so a test can say how many taps each action takes (issue 15).

A tap scrolls its element to the middle of the screen first, as a scorekeeper scrolls to it (clear of the sticky
dock), then clicks it. Scrolling is not counted; choosing an option of a `<select>` counts two taps (open it, pick).
"""
from __future__ import annotations

import json
from collections import OrderedDict
from pathlib import Path

from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select

from test_viewer_browser import waiting

# Counts every key pressed in the page: a test that records by taps alone ends with none.
KEY_COUNTER = """
window.__riftlogKeys = 0;
document.addEventListener('keydown', function () { window.__riftlogKeys += 1; }, true);
"""


class Thumb:
    def __init__(self, driver) -> None:
        self.driver = driver
        self.action = "setup"
        self.taps: OrderedDict[str, int] = OrderedDict()
        self.head = 0  # the head seq the screen should show once what was tapped is recorded
        self.keys_before = 0  # keys pressed in the pages before the last reload

    # -- counting ------------------------------------------------------------------------------------------------
    def doing(self, action: str) -> Thumb:
        """The game action the next taps record (e.g. "turn 1: channel 2 runes")."""
        self.action = action
        self.taps.setdefault(action, 0)
        return self

    def count(self, taps: int = 1) -> None:
        self.taps[self.action] = self.taps.get(self.action, 0) + taps

    def total(self, prefix: str) -> int:
        return sum(taps for action, taps in self.taps.items() if action.startswith(prefix))

    def keys_pressed(self) -> int:
        """Keys pressed since the screen was opened, across reloads (`reload`); -1 if the counter is missing."""
        now = self.driver.execute_script("return window.__riftlogKeys === undefined ? -1 : window.__riftlogKeys")
        return -1 if now < 0 else self.keys_before + now

    def reload(self) -> None:
        """Reload the screen (as a scorekeeper pulls to refresh), the keys pressed so far kept in the count."""
        self.keys_before = self.keys_pressed()
        self.driver.refresh()
        self.driver.execute_script(KEY_COUNTER)

    def save(self, path: Path) -> None:
        path.write_text(json.dumps(self.taps, indent=1) + "\n", encoding="utf-8")

    # -- tapping -------------------------------------------------------------------------------------------------
    def press(self, element) -> None:
        self.driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", element)
        element.click()
        self.count()

    def tap(self, element_id: str) -> None:
        self.press(self.driver.find_element(By.ID, element_id))

    def tap_object(self, object_id: str) -> None:
        self.press(self.driver.find_element(By.CSS_SELECTOR, f'#board [data-tap="{object_id}"]'))

    def tap_card(self, picks_id: str, name: str) -> None:
        """A card (or rune) among a form's picks, by its name."""
        self.press(self.driver.find_element(By.CSS_SELECTOR, f'#{picks_id} button[data-card="{name}"]'))

    def choose(self, select_id: str, value: str) -> None:
        """An option of a select: two taps (open, pick)."""
        Select(self.driver.find_element(By.ID, select_id)).select_by_value(value)
        self.count(2)

    # -- waiting -------------------------------------------------------------------------------------------------
    def seq(self) -> int | None:
        seq = self.driver.find_element(By.ID, "record").get_attribute("data-seq")
        return int(seq) if seq else None

    def until_seq(self, seq: int) -> None:
        waiting(self.driver, 15).until(lambda d: self.seq() == seq and d.find_element(By.ID, "record")
                                       .get_attribute("aria-busy") != "true")

    def opened(self, seq: int) -> None:
        """The screen shows the match at `seq`: the key counter is installed."""
        self.until_seq(seq)
        self.head = seq
        self.driver.execute_script(KEY_COUNTER)

    def recorded(self, events: int = 1) -> None:
        """Wait for what was just tapped to be recorded: the head `events` further."""
        self.head += events
        self.until_seq(self.head)
