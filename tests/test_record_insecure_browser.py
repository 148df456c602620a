"""The recording screen opened over plain http at a network address (issue 27, the README's `make run HOST=0.0.0.0`
path), in real headless Chromium at 360 px: such a page is not a secure context, so the browser gives it no service
worker and it cannot be opened again while the server is down. A walk found that out only from Chromium's "This
site can't be reached" after a reload; the screen now says so while it can (docs/web.md, "Recording offline")."""
from __future__ import annotations

import shutil
import tempfile
from pathlib import Path

import pytest

import recorder
from outage import table_server
from test_record_browser import api, wait_for_seq
from test_viewer_browser import CHROMEDRIVER, CHROMIUM, browser, waiting  # noqa: F401
from web import create_app

webdriver = pytest.importorskip("selenium.webdriver")
from selenium.webdriver.chrome.service import Service  # noqa: E402
from selenium.webdriver.common.by import By  # noqa: E402

NAME = "riftlog-venue.test"  # a network name for this machine, as a phone at the venue would use an address

pytestmark = pytest.mark.skipif(not (Path(CHROMIUM).exists() and Path(CHROMEDRIVER).exists()),
                                reason="Chromium and ChromeDriver are not installed (run scripts/install-browser.sh)")


@pytest.fixture(scope="module")
def table(tmp_path_factory):
    with table_server(create_app({"DATABASE": str(tmp_path_factory.mktemp("insecure") / "riftlog.db")})) as server:
        yield server


@pytest.fixture(scope="module")
def venue_phone():
    """A phone at 360 px that reaches this machine by a name that is not loopback (Chromium's resolver maps it to
    127.0.0.1): its pages are plain http at a network address, as at a venue."""
    profile = tempfile.mkdtemp(prefix="riftlog-chromium-")
    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    for argument in ("--headless=new", "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-sync",
                     "--disable-background-networking", "--disable-dev-shm-usage", f"--user-data-dir={profile}",
                     f"--host-resolver-rules=MAP {NAME} 127.0.0.1", "--window-size=360,780"):
        options.add_argument(argument)
    driver = webdriver.Chrome(service=Service(CHROMEDRIVER), options=options)
    driver.set_page_load_timeout(30)
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {"width": 360, "height": 780, "deviceScaleFactor": 1,
                                                                   "mobile": True})
    yield driver
    driver.quit()
    shutil.rmtree(profile, ignore_errors=True)


def opened(driver, url: str, table, make_match_created) -> None:
    with recorder.Log(Path(table.app.config["DATABASE"])) as log:
        match_id, token = log.create_match(make_match_created("audit"))
    driver.get(f"{url}/matches/{match_id}/record#token={token}")
    wait_for_seq(driver, api(table.url, f"/matches/{match_id}", token)["head_seq"])


def test_at_a_network_address_over_http_the_screen_says_it_cannot_be_reopened_offline(venue_phone, table,
                                                                                       make_match_created):
    opened(venue_phone, table.url.replace("127.0.0.1", NAME), table, make_match_created)
    assert venue_phone.execute_script("return window.isSecureContext") is False  # the browser's rule, not ours
    record = venue_phone.find_element(By.ID, "record")
    waiting(venue_phone, 15).until(lambda d: record.get_attribute("data-offline-ready"))
    assert record.get_attribute("data-offline-ready") == "no service worker"
    note = venue_phone.find_element(By.ID, "no-offline-copy")
    assert note.is_displayed() and "cannot be opened again while the server is down" in note.text
    assert "keep this tab open" in note.text
    assert venue_phone.execute_script("return document.documentElement.scrollWidth") <= 360
    venue_phone.save_screenshot("/tmp/riftlog-record-no-offline-copy.png")


def test_on_this_computer_the_screen_has_its_offline_copy_and_says_nothing(browser, table, make_match_created):
    browser.set_window_size(360, 780)
    opened(browser, table.url, table, make_match_created)
    record = browser.find_element(By.ID, "record")
    waiting(browser, 15).until(lambda d: record.get_attribute("data-offline-ready"))
    assert record.get_attribute("data-offline-ready") == "yes"
    assert not browser.find_element(By.ID, "no-offline-copy").is_displayed()
