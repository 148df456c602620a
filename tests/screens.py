"""Screens at phone width in real Chromium: what a test asserts of a page before it saves its screenshot.

`laid_out_within` reads every element a selector names and checks that none runs past the window's right edge and
that no two of them overlap (each a box on the page: a table cell, a line of a header, a group of a seal code).
"""
from __future__ import annotations

from pathlib import Path

SCREENS = Path("/tmp/riftlog-screens")

BOXES = """
const boxes = [];
for (const element of document.querySelectorAll(arguments[0])) {
  const rect = element.getBoundingClientRect();
  if (rect.width === 0 || rect.height === 0) continue;
  boxes.push({name: element.tagName.toLowerCase() + (element.id ? "#" + element.id : "") + " " +
              (element.textContent || "").trim().slice(0, 30), left: rect.left + scrollX, right: rect.right + scrollX,
              top: rect.top + scrollY, bottom: rect.bottom + scrollY});
}
return {boxes: boxes, width: document.documentElement.clientWidth, scroll: document.documentElement.scrollWidth};
"""


def laid_out_within(driver, selector: str) -> list[str]:
    """What is wrong with the layout of the elements `selector` names: each element past the right edge, each pair
    that overlaps, and a page wider than the window. Empty when all is well."""
    read = driver.execute_script(BOXES, selector)
    problems = []
    if read["scroll"] > read["width"]:
        problems.append(f"the page is {read['scroll']} px wide in a {read['width']} px window")
    boxes = read["boxes"]
    for box in boxes:
        if box["right"] > read["width"] + 0.5:
            problems.append(f"{box['name']!r} runs to {box['right']:.0f} px, past {read['width']} px")
    for index, first in enumerate(boxes):
        for second in boxes[index + 1:]:
            if (first["left"] < second["right"] - 0.5 and second["left"] < first["right"] - 0.5
                    and first["top"] < second["bottom"] - 0.5 and second["top"] < first["bottom"] - 0.5):
                problems.append(f"{first['name']!r} overlaps {second['name']!r}")
    return problems


def save(driver, name: str, *, whole: bool = False) -> Path:
    """The page's screenshot as /tmp/riftlog-screens/NAME.png (docs/screens/ keeps the ones looked at); `whole`:
    the window made as tall as the page first (at most 4,000 px), so the screenshot holds all of it."""
    SCREENS.mkdir(parents=True, exist_ok=True)
    path = SCREENS / f"{name}.png"
    if not whole:
        assert driver.save_screenshot(str(path))
        return path
    width = driver.execute_script("return window.innerWidth")
    height = driver.execute_script("return document.documentElement.scrollHeight")
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {"width": width, "height": min(int(height), 4000),
                                                                  "deviceScaleFactor": 1, "mobile": False})
    try:
        assert driver.save_screenshot(str(path))
    finally:
        driver.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})
    return path
