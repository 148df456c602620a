"""What the server adds for recording offline (web/offline.py; docs/web.md, "Recording offline"), through Flask's
test client: the service worker's address and headers, the recording screen's manifest, and the table's report of
inputs waiting in its outbox, which the judge's devices read (the viewer, /recording); every error path."""
from __future__ import annotations

import pytest

from test_record import create, judge


@pytest.fixture
def match(client, duel_created) -> tuple[str, str, dict]:
    return create(client, duel_created)


def test_the_service_worker_is_served_from_the_root_never_kept_by_the_http_cache(client, match):
    answer = client.get("/record-sw.js")
    assert answer.status_code == 200 and answer.mimetype == "text/javascript"
    assert answer.headers["Cache-Control"] == "no-cache"
    assert b'addEventListener("fetch"' in answer.data
    page = client.get(f"/matches/{match[0]}/record").get_data(as_text=True)
    assert 'data-worker="/record-sw.js"' in page and f'href="/matches/{match[0]}/record.webmanifest"' in page


def test_the_manifest_opens_the_matchs_recording_screen_and_names_no_token(client, match):
    match_id, token, players = match
    answer = client.get(f"/matches/{match_id}/record.webmanifest")
    assert answer.status_code == 200 and answer.mimetype == "application/manifest+json"
    manifest = answer.get_json()
    assert manifest["start_url"] == f"/matches/{match_id}/record" and manifest["scope"] == f"/matches/{match_id}/"
    assert manifest["display"] == "standalone" and "Annie vs Viktor" in manifest["name"]
    assert {icon["sizes"] for icon in manifest["icons"]} == {"192x192", "512x512"}
    for icon in manifest["icons"]:
        assert client.get(icon["src"]).status_code == 200
    assert token not in answer.get_data(as_text=True)
    assert client.get("/matches/nope/record.webmanifest").status_code == 404


def test_the_tables_report_of_inputs_waiting_reaches_the_judges_devices(client, match):
    match_id, token, players = match
    assert client.get(f"/api/matches/{match_id}/recording", headers=judge(token)).get_json()["outbox"] is None
    answer = client.put(f"/api/matches/{match_id}/outbox", json={"waiting": 3, "held": True}, headers=judge(token))
    assert answer.status_code == 204
    report = client.get(f"/api/matches/{match_id}/recording", headers=judge(token)).get_json()["outbox"]
    assert report["waiting"] == 3 and report["held"] is True and report["reported_at"]
    shown = client.get(f"/matches/{match_id}", headers=judge(token)).get_data(as_text=True)
    assert 'id="table-outbox" class="stale-token" data-waiting="3"' in shown and "waiting on the scorekeeper" in shown
    spectator = client.get(f"/matches/{match_id}").get_data(as_text=True)
    assert "table-outbox" not in spectator  # the judge's devices only
    assert client.put(f"/api/matches/{match_id}/outbox", json={"waiting": 0}, headers=judge(token)).status_code == 204
    assert client.get(f"/api/matches/{match_id}/recording", headers=judge(token)).get_json()["outbox"] is None
    assert "table-outbox" not in client.get(f"/matches/{match_id}", headers=judge(token)).get_data(as_text=True)


@pytest.mark.parametrize("body, named", [
    ({"waiting": -1}, '"waiting" must be a whole number >= 0'),
    ({"waiting": True}, '"waiting" must be a whole number >= 0'),
    ({"waiting": "3"}, '"waiting" must be a whole number >= 0'),
    ({"waiting": 2, "held": "yes"}, '"held" must be true or false'),
    ({"waiting": 2, "seq": 4}, 'the body must be {"waiting": N'),
    ([2], 'the body must be {"waiting": N'),
])
def test_a_malformed_report_is_refused_naming_what_is_wrong(client, match, body, named):
    match_id, token, players = match
    answer = client.put(f"/api/matches/{match_id}/outbox", json=body, headers=judge(token))
    assert answer.status_code == 400 and named in answer.get_json()["error"]


def test_only_the_match_token_reports_for_the_table(client, match):
    match_id, token, players = match
    assert client.put(f"/api/matches/{match_id}/outbox", json={"waiting": 1}).status_code == 401
    player = client.put(f"/api/matches/{match_id}/outbox", json={"waiting": 1},
                        headers=judge(next(iter(players.values()))))
    assert player.status_code == 403
    assert client.put("/api/matches/nope/outbox", json={"waiting": 1}, headers=judge(token)).status_code == 404
    assert client.get(f"/api/matches/{match_id}/recording", headers=judge(token)).get_json()["outbox"] is None
