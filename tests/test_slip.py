"""The printable match slip (`/matches/<id>/slip`, replays/slip.py) and the seal code typed into the browser
(`/matches/<id>/check-seal`): who may read the slip, what it holds for a duel, a best of three and an unfinished
match, and every answer to a code."""
from __future__ import annotations

import html
import re
from pathlib import Path

import pytest

from recorder import tokens
from replays import notation
from replays import seal as seals
from replays.slip import slip

GOLDEN_MATCH = Path(__file__).resolve().parent / "data" / "golden_match.rln"


@pytest.fixture
def best_of_three(log) -> tuple[str, str]:
    """The golden best of three (Ana wins 2-1, every game by a concession): (id, match token)."""
    return notation.import_match(log, GOLDEN_MATCH.read_text(encoding="utf-8"))


def page_text(response) -> str:
    return html.unescape(re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", response.get_data(as_text=True))))


def test_the_slip_of_a_best_of_three_holds_each_game_and_the_match_result(log, best_of_three):
    match_id, _ = best_of_three
    answer = slip(log, match_id, log.key, lambda: "2026-11-24T11:00:00+00:00")
    assert answer["info"] == {"event": "Regional top 8", "round": 7, "table": 1}
    assert [(entry["name"], entry["legend"]) for entry in answer["players"]] == [("Ana", "Loose Cannon"),
                                                                                 ("Ben", "Nine-Tailed Fox")]
    assert [(game["game"], game["winner"], game["ended"]) for game in answer["games"]] == [
        (1, "P2", "by concession"), (2, "P1", "by concession"), (3, "P1", "by concession")]
    assert answer["finished"] and answer["match_winner"] == "P1" and answer["games_won"] == {"P1": 2, "P2": 1}
    assert answer["seal"]["ok"] and seals.check(log, match_id, answer["seal"]["code"], log.key)["ok"]
    assert answer["sealed_at"] == "2026-11-24T11:00:00+00:00"


def test_the_slip_of_a_game_won_on_points_gives_the_points(log, demo_ids):
    answer = slip(log, demo_ids[2], log.key, lambda: "now")
    assert answer["games"] == [{"game": 1, "winner": "P1", "points": {"P1": 8, "P2": 7}, "ended": "on points"}]


def test_the_slip_of_an_unfinished_match_says_so(client, log, demo_tokens, demo_ids):
    answer = slip(log, demo_ids[0], log.key, lambda: "now")
    assert not answer["finished"] and answer["games"] == [] and answer["under_way"]["game"] == 1
    client.set_cookie(f"riftlog-{demo_ids[0]}", demo_tokens[demo_ids[0]])
    assert "The match is not finished: no result yet." in page_text(client.get(f"/matches/{demo_ids[0]}/slip"))


def test_the_judge_prints_the_slip_with_the_seal_code_large(client, log, best_of_three):
    match_id, token = best_of_three
    client.set_cookie(f"riftlog-{match_id}", token)
    response = client.get(f"/matches/{match_id}/slip")
    assert response.status_code == 200
    page, text = response.get_data(as_text=True), page_text(response)
    code = seals.seal(log, match_id, log.key)["code"]
    assert f'data-code="{code}"' in page and "@page" not in page  # the print stylesheet is slip.css
    assert "Regional top 8" in text and "Round 7" in text and "Table 1" in text
    assert "Ana wins the match 2–1." in text
    assert "Loose Cannon" in text and "Nine-Tailed Fox" in text
    assert text.count("by concession") == 3 and "Judge" in text
    assert client.get("/static/slip.css").get_data(as_text=True).count("@media print") == 1


def test_a_player_token_reads_the_slip(client, log, best_of_three):
    match_id, _ = best_of_three
    player_token = tokens.player_tokens(log, match_id)["P2"]
    response = client.get(f"/matches/{match_id}/slip", headers={"Authorization": f"Bearer {player_token}"})
    assert response.status_code == 200 and "Ana wins the match 2–1." in page_text(response)


def test_without_a_token_the_slip_is_refused_until_the_match_is_published(client, log, best_of_three):
    match_id, token = best_of_three
    locked = client.get(f"/matches/{match_id}/slip")
    assert locked.status_code == 401 and 'id="token-form"' in locked.get_data(as_text=True)
    assert "needs a token" in page_text(locked)
    log.publish(match_id)
    assert client.get(f"/matches/{match_id}/slip").status_code == 200


def test_a_token_of_nobody_is_refused(client, best_of_three):
    match_id, _ = best_of_three
    response = client.get(f"/matches/{match_id}/slip", headers={"Authorization": "Bearer nonsense"})
    assert response.status_code == 403 and "no token of match" in page_text(response)


def test_the_slip_of_an_unknown_match_is_404(client, log):
    assert client.get("/matches/m404/slip").status_code == 404


def test_the_token_form_goes_back_to_the_slip(client, best_of_three):
    match_id, token = best_of_three
    response = client.post(f"/matches/{match_id}/token", data={"token": token, "then": "slip"})
    assert response.status_code == 303 and response.headers["Location"].endswith(f"/matches/{match_id}/slip")
    assert client.get(f"/matches/{match_id}/slip").status_code == 200


def test_the_slip_of_a_record_that_no_longer_verifies_says_it_is_not_sealed(client, log, best_of_three, tmp_db):
    import sqlite3

    match_id, token = best_of_three
    connection = sqlite3.connect(tmp_db)
    connection.execute('UPDATE events SET hash = ? WHERE "match" = ? AND seq = 3', ["00" * 32, match_id])
    connection.commit()
    connection.close()
    client.set_cookie(f"riftlog-{match_id}", token)
    response = client.get(f"/matches/{match_id}/slip")
    assert response.status_code == 200
    assert 'id="slip-seal-error"' in response.get_data(as_text=True) and "cannot be sealed" in page_text(response)


# --- a seal code typed into the browser --------------------------------------------------------------------------


def test_a_code_typed_loosely_in_the_browser_checks_the_record(client, log, demo_ids):
    code = client.get(f"/api/matches/{demo_ids[2]}/seal").json["code"]
    loose = " " + code.lower().replace("-", " ") + " "
    response = client.get(f"/matches/{demo_ids[2]}/check-seal", query_string={"code": loose})
    assert response.status_code == 200 and 'data-outcome="sealed"' in response.get_data(as_text=True)


@pytest.mark.parametrize("change, says", [
    (lambda code: code[:-2], "has 16 letters"),
    (lambda code: code.replace("-", "-9", 1), "'9' is not one of its letters"),
    (lambda code: code[:-1] + ("A" if code[-1] != "A" else "B"), "check letter"),
])
def test_a_code_that_is_no_code_is_answered_as_such_in_the_browser(client, demo_ids, change, says):
    code = client.get(f"/api/matches/{demo_ids[2]}/seal").json["code"]
    response = client.get(f"/matches/{demo_ids[2]}/check-seal", query_string={"code": change(code)})
    text = page_text(response)
    assert response.status_code == 400 and "This is not a valid seal code" in text and says in text
    assert "changed" not in text


def test_a_changed_record_is_answered_as_changed_in_the_browser(client, demo_ids, tmp_db):
    from test_seal import rewrite_chain

    code = client.get(f"/api/matches/{demo_ids[2]}/seal").json["code"]
    rewrite_chain(tmp_db, demo_ids[2], 1, lambda event: event["info"].update(table=99))
    response = client.get(f"/matches/{demo_ids[2]}/check-seal", query_string={"code": code})
    assert response.status_code == 200 and 'data-outcome="changed"' in response.get_data(as_text=True)
    assert "the record was changed" in page_text(response)


def test_the_viewer_links_to_the_slip_for_a_token_and_to_the_code_check_for_anyone(client, demo_tokens, demo_ids):
    match_id = demo_ids[2]
    page = client.get(f"/matches/{match_id}").get_data(as_text=True)
    assert 'id="check-seal"' in page and 'id="match-slip"' not in page
    client.set_cookie(f"riftlog-{match_id}", demo_tokens[match_id])
    assert 'id="match-slip"' in client.get(f"/matches/{match_id}").get_data(as_text=True)
