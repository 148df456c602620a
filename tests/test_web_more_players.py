"""Everything that shows a match, with three and four players (issue 16): the viewer (every player's board, seats
by team), the tournament page and the dispute report, on the demo's FFA4 and 2v2 games."""
from __future__ import annotations

import re

import pytest

FFA3, FFA4, TWO_V_TWO = 4, 5, 6  # their places among the demo's matches (replays.demo.SAMPLES)


def bearer(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def panels(page: str) -> list[str]:
    """The player panels of a viewer page, top to bottom."""
    return re.findall(r'<section class="panel player[^"]*" id="player-(P\d)"', page)


@pytest.fixture
def two_v_two(demo_tokens):
    match_id, token = list(demo_tokens.items())[TWO_V_TWO]
    return match_id, token


def test_the_viewer_names_the_teams_and_seats_a_players_team_together_648(client, two_v_two):
    match_id, token = two_v_two
    page = client.get(f"/matches/{match_id}?seq=40&view=P3", headers=bearer(token)).get_data(as_text=True)
    assert "<h1>Ana &amp; Ben (Blue) vs Cai &amp; Dee (Red)</h1>" in page
    assert panels(page) == ["P1", "P2", "P3", "P4"]  # Cai's team at the bottom, the other across
    assert 'data-team="Red"' in page and 'class="team" data-team="Blue">Blue</small>' in page
    spectator = client.get(f"/matches/{match_id}?seq=40").get_data(as_text=True)
    assert panels(spectator) == ["P3", "P4", "P1", "P2"]  # P1's team at the bottom


def test_the_viewer_shows_a_team_as_the_winner_648_6(client, two_v_two):
    match_id, _ = two_v_two
    page = client.get(f"/matches/{match_id}").get_data(as_text=True)
    assert re.search(r"Game 1 won by <b>Blue</b>", page)


def test_the_viewer_shows_every_board_of_a_war_game_and_who_left_it_651_2(client, demo_tokens):
    match_id, _ = list(demo_tokens.items())[FFA4]
    page = client.get(f"/matches/{match_id}").get_data(as_text=True)
    assert panels(page) == ["P2", "P3", "P4", "P1"]
    dee = page[page.index('id="player-P4"'):]
    assert dee.index("left the game") < dee.index("</section>")
    assert "Token Battlefield" in page  # her battlefield, replaced (652.2)


def test_the_tournament_page_lists_teams_and_the_winning_team(client, two_v_two):
    page = client.get("/tournament", query_string={"event": "riftlog demo: 2v2", "round": "3"}).get_data(as_text=True)
    assert re.search(r"Ana <span class=\"and\">&amp;</span> Ben <small class=\"muted\">\(Blue\)</small> "
                     r"<span class=\"vs\">vs</span> Cai <span class=\"and\">&amp;</span> Dee "
                     r"<small class=\"muted\">\(Red\)</small>", page)
    assert "Blue (Ana &amp; Ben) won" in page


def result_badge(page: str) -> tuple[str, str]:
    """The (title, text) of the one table's result on a round's page."""
    badges = re.findall(r'<span class="badge winner result" title="([^"]*)">([^<]*)</span>', page)
    assert len(badges) == 1, badges
    return badges[0]


@pytest.mark.parametrize("event, title, text", [
    # 2v2 (648): a team scores together and wins at 11 (648.3, 648.6): the team, its players and the teams' points;
    # no per-player game count (it read "Blue won 0–0–0–0")
    ("2v2", "Blue (Ana &amp; Ben) 11, Red (Cai &amp; Dee) 9 points", "Blue (Ana &amp; Ben) won 11–9 pts"),
    # a free-for-all is one game (646, 647): each player's points, the winner first, then the most
    ("ffa3", "Cai 8, Ana 7, Ben 7 points", "Cai won 8–7–7 pts"),
    ("ffa4", "Ana 8, Cai 7, Ben 5, Dee 1 points", "Ana won 8–7–5–1 pts"),
])
def test_the_tournament_page_gives_a_multiplayer_result_by_points_team_or_player(client, demo_tokens, event,
                                                                                 title, text):
    page = client.get("/tournament", query_string={"event": f"riftlog demo: {event}", "round": "3"})
    assert result_badge(page.get_data(as_text=True)) == (title, text)


def test_the_viewer_and_the_dispute_report_give_the_teams_points_not_game_counts(client, two_v_two, demo_tokens):
    match_id, token = two_v_two
    viewer = client.get(f"/matches/{match_id}").get_data(as_text=True)
    assert re.search(r'id="match-result">Match: Blue \(Ana &amp; Ben\) won with 11–9 points \(game wins, rule 644\.6\)',
                     viewer)
    report = client.get(f"/api/matches/{match_id}/report?format=html", headers=bearer(token)).get_data(as_text=True)
    line = " ".join(re.search(r'<li id="match-result">(.*?)</li>', report, re.S).group(1).split())
    assert line == "Match: Blue (Ana &amp; Ben) won with 11–9 points by games (rule 644.6)"
    answer = client.get(f"/api/matches/{match_id}/report", headers=bearer(token)).json
    assert answer["result"]["standing"] == {"by": "points", "winner": "Blue", "sides": [
        {"side": "Blue", "team": True, "players": ["P1", "P2"], "score": 11},
        {"side": "Red", "team": True, "players": ["P3", "P4"], "score": 9}]}
    ffa4_id, _ = list(demo_tokens.items())[FFA4]
    ffa4 = client.get(f"/matches/{ffa4_id}").get_data(as_text=True)
    assert 'id="match-result">Match: Ana won with 8–7–5–1 points (game wins, rule 644.6)' in ffa4


def test_the_dispute_report_names_each_players_team(client, two_v_two):
    match_id, token = two_v_two
    answer = client.get(f"/api/matches/{match_id}/report", headers=bearer(token)).json
    assert [(entry["player"], entry["team"]) for entry in answer["header"]["players"]] == [
        ("P1", "Blue"), ("P2", "Blue"), ("P3", "Red"), ("P4", "Red")]
    page = client.get(f"/api/matches/{match_id}/report?format=html", headers=bearer(token)).get_data(as_text=True)
    assert '<td class="team">Red</td>' in page
