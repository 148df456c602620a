"""The match slip in real headless Chromium at phone width, served by the real server (`riftlog serve`'s Granian,
tests/serving.py): opened from a link with the judge's token in its fragment, laid out within 360 px, printed to
one A4 page. The screenshot is docs/screens/slip-phone.png."""
from __future__ import annotations

import base64
import re
from pathlib import Path

import pytest

import recorder
from replays import notation
from replays import seal as seals
from screens import laid_out_within, save
from serving import served_process
from test_viewer_browser import CHROMEDRIVER, CHROMIUM, browser, waiting  # noqa: F401

webdriver = pytest.importorskip("selenium.webdriver")
from selenium.webdriver.common.by import By  # noqa: E402

GOLDEN_MATCH = Path(__file__).resolve().parent / "data" / "golden_match.rln"
PHONE = (360, 1000)

pytestmark = pytest.mark.skipif(not (Path(CHROMIUM).exists() and Path(CHROMEDRIVER).exists()),
                                reason="Chromium and ChromeDriver are not installed (run scripts/install-browser.sh)")


@pytest.fixture(scope="module")
def best_of_three(tmp_path_factory) -> tuple[Path, str, str]:
    path = tmp_path_factory.mktemp("slip") / "riftlog.db"
    with recorder.Log(path) as log:
        match_id, token = notation.import_match(log, GOLDEN_MATCH.read_text(encoding="utf-8"))
    return path, match_id, token


@pytest.fixture(scope="module")
def served(best_of_three):
    with served_process({"DATABASE": str(best_of_three[0])}) as port:
        yield f"http://127.0.0.1:{port}"


def test_the_judge_opens_the_slip_from_a_link_and_it_fits_a_phone(browser, served, best_of_three):
    path, match_id, token = best_of_three
    browser.set_window_size(*PHONE)
    browser.get(f"{served}/matches/{match_id}/slip#token={token}")
    waiting(browser).until(lambda d: d.find_elements(By.ID, "slip-code"))
    assert token not in browser.current_url and token not in browser.page_source
    with recorder.Log(path) as log:
        code = seals.seal(log, match_id, log.key)["code"]
    assert browser.find_element(By.ID, "slip-code").get_attribute("data-code") == code
    assert "Ana wins the match 2–1." in browser.find_element(By.ID, "slip-result").text
    code_size = float(browser.find_element(By.ID, "slip-code").value_of_css_property("font-size")[:-2])
    assert code_size >= 1.5 * float(browser.find_element(By.ID, "slip-games").value_of_css_property("font-size")[:-2])
    problems = laid_out_within(browser, "#slip h1, #slip .where span, #slip th, #slip td, #slip .result, "
                                        "#slip .code span, #slip .facts, #slip .signature, #slip .actions > *")
    assert problems == []
    save(browser, "slip-phone", whole=True)


def test_the_slip_prints_on_one_a4_page(browser, served, best_of_three):
    _, match_id, _ = best_of_three
    browser.get(f"{served}/matches/{match_id}/slip")  # the cookie the link left
    waiting(browser).until(lambda d: d.find_elements(By.ID, "slip-code"))
    browser.execute_cdp_cmd("Emulation.setEmulatedMedia", {"media": "print"})
    try:
        assert not browser.find_element(By.ID, "print-slip").is_displayed()
        assert not browser.find_element(By.CSS_SELECTOR, "header.site").is_displayed()
    finally:
        browser.execute_cdp_cmd("Emulation.setEmulatedMedia", {"media": ""})
    printed = browser.execute_cdp_cmd("Page.printToPDF", {"preferCSSPageSize": True, "printBackground": True})
    pdf = base64.b64decode(printed["data"])
    Path("/tmp/riftlog-screens").mkdir(exist_ok=True)
    Path("/tmp/riftlog-screens/slip.pdf").write_bytes(pdf)
    assert len(re.findall(rb"/Type\s*/Page\b", pdf)) == 1
    assert re.search(rb"/MediaBox\s*\[0 0 59[45]", pdf)  # A4
