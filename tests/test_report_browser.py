"""The dispute report's printable page in real headless Chromium: reached from the viewer with the judge's token,
shown on screen, then laid out for print (the print stylesheet) and printed to PDF. Screenshots go to /tmp
(docs/screens/report.png is one of them)."""
from __future__ import annotations

import base64
import re
from pathlib import Path

import pytest

import recorder
from replays import notation
from test_viewer_browser import CHROMEDRIVER, CHROMIUM, browser, server, shown, waiting  # noqa: F401

webdriver = pytest.importorskip("selenium.webdriver")
from selenium.webdriver.common.by import By  # noqa: E402

GOLDEN_AUDIT = Path(__file__).resolve().parent / "data" / "golden_audit.rln"
SCREENSHOT = Path("/tmp/riftlog-report.png")
PRINT_SCREENSHOT = Path("/tmp/riftlog-report-print.png")  # the print layout at A4 width (794 CSS pixels)
PRINTED = Path("/tmp/riftlog-report.pdf")

pytestmark = pytest.mark.skipif(not (Path(CHROMIUM).exists() and Path(CHROMEDRIVER).exists()),
                                reason="Chromium and ChromeDriver are not installed (run scripts/install-browser.sh)")


@pytest.fixture(scope="module")
def disputed(tmp_path_factory) -> tuple[Path, str, str]:
    """The golden audit match with a judge's note and a rewind (as in test_report.py): (database, id, token)."""
    path = tmp_path_factory.mktemp("report") / "riftlog.db"
    with recorder.Log(path) as log:
        match_id, token = notation.import_match(log, GOLDEN_AUDIT.read_text(encoding="utf-8"))
        log.append(match_id, [{"type": "note", "text": "both sheets have the Keeper during the Ray's chain",
                               "about": 20},
                              {"type": "rewind", "to": 19, "reason": "P2 may not play a unit on the chain"}])
    return path, match_id, token


@pytest.fixture(scope="module")
def demo_db(disputed) -> Path:
    """The database test_viewer_browser's `server` serves: here, the disputed match's."""
    return disputed[0]


@pytest.fixture(scope="module")
def report_page(browser, server, disputed):
    """The judge's report, opened from the viewer's link after the viewer took the judge's token."""
    _, match_id, token = disputed
    browser.get(f"{server}/matches/{match_id}#token={token}")
    waiting(browser).until(lambda d: "reading with the judge's token" in shown(d, "token-form"))
    browser.find_element(By.ID, "dispute-report").click()
    waiting(browser).until(lambda d: d.find_elements(By.ID, "seal-code"))
    yield browser
    browser.execute_cdp_cmd("Emulation.setEmulatedMedia", {"media": ""})


def test_the_viewer_links_to_the_report_in_its_view(report_page, disputed):
    page = report_page.find_element(By.ID, "report")
    assert page.get_attribute("data-view") == "judge"
    assert page.get_attribute("data-match") == disputed[1]
    flagged = [element.get_attribute("data-seq") for element in report_page.find_elements(By.CSS_SELECTOR, ".flagged")]
    assert flagged == ["9", "14", "20", "21"]
    assert "rule 334.1.a" in shown(report_page, "flagged-20")
    assert "Wind Wall" in shown(report_page, "decks")  # the judge's view lists the decks
    report_page.set_window_size(1000, 2000)
    assert report_page.save_screenshot(str(SCREENSHOT))


def test_the_print_stylesheet_lays_it_out_for_paper(report_page):
    report_page.execute_cdp_cmd("Emulation.setEmulatedMedia", {"media": "print"})
    main = report_page.find_element(By.ID, "report")
    assert main.value_of_css_property("box-shadow") == "none"
    badge = report_page.find_element(By.CSS_SELECTOR, "#flagged-20 .rule")
    assert badge.value_of_css_property("background-color") in ("rgba(0, 0, 0, 0)", "transparent")
    assert report_page.find_element(By.CSS_SELECTOR, "#flagged-20").value_of_css_property("break-inside") == "avoid"
    report_page.set_window_size(794, 1400)
    assert report_page.save_screenshot(str(PRINT_SCREENSHOT))


def test_it_prints_to_a_few_a4_pages(report_page):
    printed = report_page.execute_cdp_cmd("Page.printToPDF", {"preferCSSPageSize": True, "printBackground": True})
    pdf = base64.b64decode(printed["data"])
    PRINTED.write_bytes(pdf)
    pages = len(re.findall(rb"/Type\s*/Page\b", pdf))
    assert 1 <= pages <= 8, pages
    assert re.search(rb"/MediaBox\s*\[0 0 59[45]", pdf)  # A4: 595 points wide
