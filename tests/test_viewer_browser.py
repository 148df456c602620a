"""The viewer in a real browser: headless Chromium driven by selenium against the app served on 127.0.0.1.

Keys and buttons must move the URL's seq exactly as `replays.Cursor.step` says, and the page must show the turn and
the chain of that seq. `make test` installs Chromium and ChromeDriver (scripts/install-browser.sh).
"""
from __future__ import annotations

import shutil
import tempfile
import threading
from pathlib import Path
from urllib.parse import parse_qs, urlsplit

import pytest

import recorder
import replays
from replays.demo import record_demo
from web import create_app

webdriver = pytest.importorskip("selenium.webdriver")
from selenium.webdriver.chrome.service import Service  # noqa: E402
from selenium.webdriver.common.by import By  # noqa: E402
from selenium.webdriver.common.keys import Keys  # noqa: E402
from selenium.webdriver.support.ui import WebDriverWait  # noqa: E402

CHROMIUM = "/usr/bin/chromium"
CHROMEDRIVER = "/usr/bin/chromedriver"
SCREENSHOT = Path("/tmp/riftlog-viewer.png")

pytestmark = pytest.mark.skipif(not (Path(CHROMIUM).exists() and Path(CHROMEDRIVER).exists()),
                                reason="Chromium and ChromeDriver are not installed (run scripts/install-browser.sh)")


@pytest.fixture(scope="module")
def demo(tmp_path_factory) -> tuple[Path, dict[str, str]]:
    """The sample matches in a new database: its path and {match id: match token}."""
    path = tmp_path_factory.mktemp("browser") / "riftlog.db"
    with recorder.Log(path) as log:
        tokens = record_demo(log)
    return path, tokens


@pytest.fixture(scope="module")
def demo_db(demo) -> Path:
    return demo[0]


@pytest.fixture(scope="module")
def server(demo_db):
    """The app on 127.0.0.1 at a free port, served from a thread: yields its base URL."""
    from werkzeug.serving import make_server

    httpd = make_server("127.0.0.1", 0, create_app({"DATABASE": str(demo_db)}), threaded=True)
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{httpd.server_port}"
    httpd.shutdown()
    thread.join(timeout=10)
    httpd.server_close()


@pytest.fixture(scope="module")
def browser():
    profile = tempfile.mkdtemp(prefix="riftlog-chromium-")
    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    for argument in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                     "--disable-background-networking", "--disable-component-update", "--disable-sync",
                     "--disable-dev-shm-usage", f"--user-data-dir={profile}", "--window-size=1400,1700"):
        options.add_argument(argument)
    driver = webdriver.Chrome(service=Service(CHROMEDRIVER), options=options)
    driver.set_page_load_timeout(30)
    yield driver
    driver.quit()
    shutil.rmtree(profile, ignore_errors=True)


@pytest.fixture(scope="module")
def judge(browser, server, demo):
    """The browser reading m1 with the judge's token, handed over in the URL fragment as an organiser's link does:
    the viewer keeps it in a cookie and drops it from the address."""
    token = demo[1]["m1"]
    browser.get(f"{server}/matches/m1#token={token}")
    WebDriverWait(browser, 10).until(lambda d: "reading with the judge's token" in shown(d, "token-form"))
    assert token not in browser.current_url and token not in browser.page_source
    return browser


@pytest.fixture
def cursor(demo_db):
    with recorder.Log(demo_db) as log:
        yield replays.Cursor(log, "m1")


def url_seq(driver) -> int:
    return int(parse_qs(urlsplit(driver.current_url).query)["seq"][0])


def shown(driver, element_id: str) -> str:
    return driver.find_element(By.ID, element_id).text.strip()


def chain_length(driver) -> int:
    return len(driver.find_elements(By.CSS_SELECTOR, "#chain > li"))


def open_at(driver, server: str, seq: int, view: str = "judge") -> None:
    driver.get(f"{server}/matches/m1?seq={seq}&view={view}")
    assert shown(driver, "seq") == str(seq)


def press(driver, *keys: str) -> None:
    """Press keys on the page (not in a form field) and wait for the page they lead to."""
    before = driver.current_url
    driver.find_element(By.TAG_NAME, "body").send_keys(*keys)
    WebDriverWait(driver, 10).until(lambda d: d.current_url != before and shown(d, "seq") == str(url_seq(d)))


def click(driver, element_id: str) -> None:
    before = driver.current_url
    driver.find_element(By.ID, element_id).click()
    WebDriverWait(driver, 10).until(lambda d: d.current_url != before and shown(d, "seq") == str(url_seq(d)))


def test_arrow_keys_step_one_event(judge, server, cursor):
    open_at(judge, server, 10)
    press(judge, Keys.ARROW_RIGHT)
    assert url_seq(judge) == 11
    press(judge, Keys.ARROW_RIGHT)
    press(judge, Keys.ARROW_LEFT)
    assert url_seq(judge) == 11
    assert shown(judge, "turn") == str(cursor.state(11)["turn"])


@pytest.mark.parametrize("forward, back", [("]", "["), (Keys.PAGE_DOWN, Keys.PAGE_UP)])
def test_turn_keys_step_to_the_next_and_previous_turn(judge, server, cursor, forward, back):
    open_at(judge, server, 9)
    turn = int(shown(judge, "turn"))
    press(judge, forward)
    expected = cursor.step(9, by="turn", direction=1)
    assert url_seq(judge) == expected
    assert int(shown(judge, "turn")) == cursor.state(expected)["turn"] == turn + 1
    press(judge, back)
    assert url_seq(judge) == cursor.step(expected, by="turn", direction=-1)
    assert int(shown(judge, "turn")) == turn


def test_resolution_keys_step_through_the_chain_and_it_shrinks(judge, server, cursor):
    longest = max(range(1, cursor.head_seq + 1), key=lambda seq: len(cursor.state(seq)["chain"]))
    open_at(judge, server, longest)
    assert chain_length(judge) == 3
    first_resolve = cursor.step(longest, by="resolution", direction=1)
    press(judge, ".")
    assert url_seq(judge) == first_resolve
    assert chain_length(judge) == len(cursor.state(first_resolve)["chain"]) < 3
    assert judge.find_element(By.ID, "event").get_attribute("data-type") == "resolve"
    second_resolve = cursor.step(first_resolve, by="resolution", direction=1)
    press(judge, Keys.SHIFT, Keys.ARROW_RIGHT)
    assert url_seq(judge) == second_resolve
    assert chain_length(judge) == len(cursor.state(second_resolve)["chain"]) == 0
    press(judge, ",")
    assert url_seq(judge) == first_resolve == cursor.step(second_resolve, by="resolution", direction=-1)
    if cursor.step(first_resolve, by="resolution", direction=-1) == first_resolve:
        assert judge.find_element(By.ID, "prev-resolution").get_attribute("aria-disabled") == "true"
    press(judge, ".")
    press(judge, Keys.SHIFT, Keys.ARROW_LEFT)
    assert url_seq(judge) == first_resolve
    assert chain_length(judge) == len(cursor.state(first_resolve)["chain"])


def test_buttons_are_links_to_the_seq_they_show(judge, server, cursor):
    open_at(judge, server, 20)
    for element_id, by, direction in [("next-event", "event", 1), ("next-turn", "turn", 1),
                                      ("next-resolution", "resolution", 1), ("prev-resolution", "resolution", -1),
                                      ("prev-turn", "turn", -1), ("prev-event", "event", -1)]:
        seq = url_seq(judge)
        target = cursor.step(seq, by=by, direction=direction)
        if target == seq:
            continue
        assert judge.find_element(By.ID, element_id).get_attribute("data-seq") == str(target)
        click(judge, element_id)
        assert url_seq(judge) == target, element_id
    click(judge, "last")
    assert url_seq(judge) == cursor.head_seq
    assert judge.find_element(By.ID, "next-event").get_attribute("aria-disabled") == "true"
    press(judge, Keys.HOME)
    assert url_seq(judge) == 1


def test_the_view_selector_keeps_the_seq_and_the_keys_keep_the_view(judge, server):
    open_at(judge, server, 12)
    assert "hidden from this view" not in shown(judge, "player-P2")
    click_view = judge.find_element(By.ID, "view-spectator")
    click_view.click()
    WebDriverWait(judge, 10).until(lambda d: "view=spectator" in d.current_url)
    assert url_seq(judge) == 12
    assert "hidden from this view" in shown(judge, "player-P1")
    assert "hidden from this view" in shown(judge, "player-P2")
    press(judge, Keys.ARROW_RIGHT)
    assert "view=spectator" in judge.current_url and url_seq(judge) == 13


def test_typing_in_the_seq_box_goes_to_that_seq_and_does_not_step(judge, server):
    open_at(judge, server, 5)
    box = judge.find_element(By.CSS_SELECTOR, "#steps input[name=seq]")
    box.send_keys("2", Keys.ARROW_RIGHT, "7", Keys.ENTER)
    WebDriverWait(judge, 10).until(lambda d: url_seq(d) != 5)
    assert url_seq(judge) == 27
    assert shown(judge, "seq") == "27"


def test_screenshot_of_a_chain_in_progress(judge, server, cursor):
    longest = max(range(1, cursor.head_seq + 1), key=lambda seq: len(cursor.state(seq)["chain"]))
    open_at(judge, server, longest)
    assert chain_length(judge) == 3
    assert judge.save_screenshot(str(SCREENSHOT))
    assert SCREENSHOT.stat().st_size > 10_000
