"""A judge's ruling shown where a judge reads the record (contract section 7): the viewer's event panel and the
dispute report, for a strict match imported from the notation with a ruled illegal move (a real database file and
the real app, through its test client)."""
from __future__ import annotations

import html
import re

import pytest
from positions import ARENA, transcript
from test_report import RULES, bearer

from replays import notation
from replays import rules_text
from replays.report import report

REASON = "Head judge: the players agreed Flame Chompers had readied"
MOVE = f'P1 move Flame Chompers -> bf1 [ruling "{REASON}"]'


def text_of(page: str) -> str:
    """A page's text: its tags left out, its entities read, its runs of white space one space."""
    return " ".join(html.unescape(re.sub(r"<[^>]+>", "", page)).split())


@pytest.fixture
def ruled_match(log) -> tuple[str, str]:
    """A strict match: the position with Flame Chompers exhausted (seq 2), then its move as the judge ruled (3)."""
    return notation.import_match(log, transcript(f"position {ARENA.replace('Flame Chompers |', 'Flame Chompers* |')}",
                                                 MOVE))


def test_the_viewer_shows_the_ruling_on_its_event_with_the_rule_the_engine_read(client, ruled_match):
    match_id, token = ruled_match
    client.set_cookie(f"riftlog-{match_id}", token)
    page = text_of(client.get(f"/matches/{match_id}?seq=3").get_data(as_text=True))
    assert f"Judge's ruling: {REASON} (recorded over rule 140.2, as the engine read it)" in page
    assert "(the judge ruled: recorded as it was)" in page
    before = client.get(f"/matches/{match_id}?seq=2").get_data(as_text=True)
    assert 'id="ruling"' not in before  # only on the ruled event


def test_the_report_gives_the_ruling_with_its_violations_marked_ruled(log, client, ruled_match):
    match_id, token = ruled_match
    answer = report(log, match_id, rules=rules_text.load(RULES))
    [flagged] = answer["flagged"]
    assert flagged["seq"] == 3 and flagged["ruling"] == REASON
    assert [(violation["rule"], violation["ruled"]) for violation in flagged["violations"]] == [("140.2", True)]
    assert flagged["line"] == MOVE
    page = client.get(f"/api/matches/{match_id}/report?format=html", headers=bearer(token)).get_data(as_text=True)
    assert 'id="ruling-3"' in page and f"Judge's ruling: {REASON} (recorded as it was" in text_of(page)
