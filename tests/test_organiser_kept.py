"""`make run` twice keeps the organiser's bookmark: `riftlog demo` records nothing the database has, and `riftlog
organiser` prints the same link at every start (recorder.tokens.organiser_token), a new key only with `--reissue`.
Checked on a real database file (and on PostgreSQL) and against a served process (tests/serving.py), as the
organiser's browser asks the page."""
from __future__ import annotations

import json
import urllib.error
import urllib.parse
import urllib.request

import recorder
from recorder import access
from riftlog_cli import cli
from serving import served_process
from stores import on_both_stores

URL = "http://127.0.0.1:5000"


def run(runner, *args: object):
    return runner.invoke(cli, [str(arg) for arg in args], catch_exceptions=False)


def make_run(runner, tmp_db) -> dict:
    """What `make run` does before serving (the Makefile's `run`): the demo, then the organiser's link."""
    demo = run(runner, "--db", tmp_db, "demo")
    assert demo.exit_code == 0, demo.output
    printed = run(runner, "--db", tmp_db, "organiser", "--url", URL)
    assert printed.exit_code == 0, printed.output
    return {"demo": demo, "organiser": json.loads(printed.stdout), "said": printed.stderr}


class NoRedirect(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args, **kwargs):
        return None


def organiser_page(port: int, key: str) -> tuple[int, str]:
    """Sign in at `/organiser` with `key` as the link's fragment does (static/fragment.js posts it), then ask the
    page with the cookie given: (status, page)."""
    opener = urllib.request.build_opener(NoRedirect)
    signing = urllib.request.Request(f"http://127.0.0.1:{port}/organiser/token", method="POST",
                                     data=urllib.parse.urlencode({"token": key}).encode(),
                                     headers={"Origin": f"http://127.0.0.1:{port}"})
    try:
        answer = opener.open(signing, timeout=60)
    except urllib.error.HTTPError as error:
        if error.code != 303:
            return error.code, error.read().decode()
        answer = error
    cookie = answer.headers["Set-Cookie"].split(";", 1)[0]
    asking = urllib.request.Request(f"http://127.0.0.1:{port}/organiser", headers={"Cookie": cookie})
    try:
        with urllib.request.urlopen(asking, timeout=60) as page:
            return page.status, page.read().decode()
    except urllib.error.HTTPError as error:
        return error.code, error.read().decode()


@on_both_stores
def test_make_run_twice_keeps_the_demo_and_the_organisers_link(runner, tmp_db):
    first = make_run(runner, tmp_db)
    assert first["organiser"]["link"] == f"{URL}/organiser#token={first['organiser']['token']}"
    assert "the organiser key is made" in first["said"]
    with recorder.Log(tmp_db) as log:
        matches = [summary["id"] for summary in log.matches()]
    second = make_run(runner, tmp_db)
    assert second["demo"].stdout == "" and "recorded already" in second["demo"].stderr
    assert second["organiser"] == first["organiser"] and "the same link as before" in second["said"]
    with recorder.Log(tmp_db) as log:
        assert [summary["id"] for summary in log.matches()] == matches
    with served_process({"DATABASE": str(tmp_db)}) as port:
        status, page = organiser_page(port, first["organiser"]["token"])
        assert status == 200 and "Signed in with the organiser key" in page and 'href="/organiser?event=' in page  # the demo's rounds


@on_both_stores
def test_reissue_makes_a_new_key_and_the_old_link_answers_403(runner, tmp_db):
    first = make_run(runner, tmp_db)["organiser"]
    reissued = run(runner, "--db", tmp_db, "organiser", "--reissue", "--url", URL)
    assert reissued.exit_code == 0, reissued.output
    new = json.loads(reissued.stdout)
    assert new["token"] != first["token"] and "the link printed before no longer works" in reissued.stderr
    assert make_run(runner, tmp_db)["organiser"] == new  # and kept from then on
    with served_process({"DATABASE": str(tmp_db)}) as port:
        assert organiser_page(port, first["token"])[0] == 403
        assert organiser_page(port, new["token"])[0] == 200


@on_both_stores
def test_a_key_made_by_an_earlier_riftlog_is_not_replaced_behind_the_organisers_back(runner, tmp_db):
    """A random key kept only as its hash (riftlog before keys were derived) cannot be printed again: `riftlog
    organiser` says so and leaves it working, rather than killing the link the organiser holds."""
    make_run(runner, tmp_db)
    earlier = "an-earlier-random-organiser-key-0123"
    with recorder.Log(tmp_db) as log, log.db.writing():
        log.db.execute("UPDATE organiser SET token_hash = ? WHERE id = 1", [access.token_hash(earlier)])
    result = run(runner, "--db", tmp_db, "organiser")
    assert result.exit_code == 1 and "Traceback" not in result.output
    assert "cannot be printed again" in result.stderr and "riftlog organiser --reissue" in result.stderr
    with recorder.Log(tmp_db) as log:
        from recorder import tokens

        assert tokens.is_organiser(log, earlier)


def test_the_key_is_not_in_the_database_alone(runner, tmp_db, tmp_path):
    """Derived from the server's key file, so a copy of the database without that file does not give it."""
    key = make_run(runner, tmp_db)["organiser"]["token"]
    assert key.encode() not in tmp_db.read_bytes()
    from recorder import tokens

    with recorder.Log(tmp_db, key_path=tmp_path / "another.seal-key") as log:
        assert tokens.organiser_token(log) is None and tokens.is_organiser(log, key)
