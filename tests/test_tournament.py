"""The tournament page (`/tournament`): a round's tables with their live status, in public information only.
Through the Flask test client on a real file; the page in a browser is in tests/test_live_browser.py."""
from __future__ import annotations

import re

import pytest

import engine

EVENT = "Spring Regional"


def bearer(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


@pytest.fixture
def round_one(client, make_match_created, duel_game):
    """Round 1 of EVENT at three tables (a table of round 2 and a match of no event beside them): table 1 strict at
    turn 2, table 2 audit with a flagged end of turn, table 10 just created. {table: (match id, token)}."""
    tables = {}
    for table, policy in ((10, "strict"), (2, "audit"), (1, "strict")):
        created = make_match_created(policy, info={"event": EVENT, "round": 1, "table": table})
        answer = client.post("/api/matches", json=created).json
        tables[table] = (answer["id"], answer["token"])
    client.post("/api/matches", json=make_match_created("strict", info={"event": EVENT, "round": 2, "table": 1}))
    client.post("/api/matches", json=make_match_created("strict"))
    first, second = tables[1], tables[2]
    assert client.post(f"/api/matches/{first[0]}/events", json={"events": duel_game(2)},
                       headers=bearer(first[1])).status_code == 201
    out_of_turn = {"type": "end_turn", "player": "P2"}  # P1's turn: the audit match records it flagged
    assert client.post(f"/api/matches/{second[0]}/events", json={"events": [*duel_game(0), out_of_turn]},
                       headers=bearer(second[1])).status_code == 201
    return tables


def rows(html: str) -> list[str]:
    return re.findall(r'<tr data-match="(m\d+)"', html)


def test_the_tournament_lists_each_events_rounds(client, round_one):
    page = client.get("/tournament").get_data(as_text=True)
    assert f"{EVENT} · round 1" in page and f"{EVENT} · round 2" in page
    assert page.index("round 1") < page.index("round 2")
    assert "3 tables" in page


def test_a_round_lists_its_tables_in_order_with_links_to_their_viewers(client, round_one):
    response = client.get("/tournament", query_string={"event": EVENT, "round": "1"})
    assert response.status_code == 200
    page = response.get_data(as_text=True)
    assert rows(page) == [round_one[1][0], round_one[2][0], round_one[10][0]]
    for match_id, _ in round_one.values():
        assert f'href="/matches/{match_id}"' in page


def test_a_table_shows_its_turn_scores_last_event_and_flagged_violations(client, round_one):
    page = client.get("/tournament", query_string={"event": EVENT, "round": "1"}).get_data(as_text=True)
    first, second = (row_of(page, round_one[table][0]) for table in (1, 2))
    state = client.get(f"/api/matches/{round_one[1][0]}/state?view=spectator").json
    assert state["turn"] == 3 and "Turn 3 · Annie" in first  # two turns played: P1's again
    assert 'data-flagged="0"' in first and f'data-seq="{state["seq"]}"' in first
    viewer = client.get(f"/matches/{round_one[1][0]}?view=spectator").get_data(as_text=True)
    line = re.search(rf'id="timeline-{state["seq"]}">.*?<span class="type">end_turn</span>(.*?)</li>', viewer,
                     re.S).group(1)  # the spectator's timeline line for the same event
    last_event = re.search(r'<td class="last-event">(.*?)</td>', first, re.S).group(1)
    assert text_of(last_event) == f'{state["seq"]}. {text_of(line)}' == "12. Viktor ends the turn"
    flagged = client.get(f"/api/matches/{round_one[2][0]}/state?view=spectator").json["violations"]
    assert flagged and f'data-flagged="{len(flagged)}"' in second


def text_of(html: str) -> str:
    return " ".join(re.sub("<[^>]+>", " ", html).split())


def row_of(page: str, match_id: str) -> str:
    start = page.index(f'<tr data-match="{match_id}"')
    return page[start:page.index("</tr>", start)]


def test_the_round_shows_only_public_information(client, round_one):
    """No card a spectator may not see appears on the page, whoever reads it (a judge's cookie changes nothing)."""
    match_id, token = round_one[1]
    client.post(f"/matches/{match_id}/token", data={"token": token})
    page = client.get("/tournament", query_string={"event": EVENT, "round": "1"}).get_data(as_text=True)
    judge = client.get(f"/api/matches/{match_id}/state?view=judge", headers=bearer(token)).json
    spectator = client.get(f"/api/matches/{match_id}/state?view=spectator").json
    shown = {obj.get("card") for obj in spectator["objects"].values()}
    hidden = {obj["card"] for ref, obj in judge["objects"].items()
              if spectator["objects"][ref].get("card") is None} - shown
    assert hidden and not [name for name in hidden if name in page]


@pytest.mark.parametrize("query, status, named", [
    ({"event": EVENT}, 400, "round"), ({"round": "1"}, 400, "event"), ({"event": EVENT, "round": "9"}, 404, "9"),
    ({"event": "Nowhere", "round": "1"}, 404, "Nowhere"),
])
def test_a_round_that_is_not_there_is_refused(client, round_one, query, status, named):
    response = client.get("/tournament", query_string=query)
    assert response.status_code == status
    assert named in response.get_data(as_text=True)


def test_a_finished_match_shows_its_result_a_draw_too_tr_408_3_tr_410_2(client, make_match_created):
    """A match drawn by agreement (TR 410.2) and one won by a concession of the match show their result and score."""
    games = {"type": "game_started", "game": 1, "first_player": "P1",
             "battlefields": {"P1": "Zaun Warrens", "P2": "Altar to Unity"}}
    ids = {}
    for table, ending in ((3, {"type": "agreed_draw", "match": True}), (4, {"type": "concede", "player": "P2",
                                                                           "match": True})):
        created = make_match_created("strict", mode="match", info={"event": EVENT, "round": 5, "table": table})
        answer = client.post("/api/matches", json=created).json
        assert client.post(f"/api/matches/{answer['id']}/events", json={"events": [games, ending]},
                           headers=bearer(answer["token"])).status_code == 201
        ids[table] = answer["id"]
    page = client.get("/tournament", query_string={"event": EVENT, "round": "5"}).get_data(as_text=True)
    assert "Drawn 0–0" in text_of(row_of(page, ids[3]))
    assert "Annie won 1–0" in text_of(row_of(page, ids[4]))


def test_a_duels_result_gives_the_winners_games_first(client, make_match_created):
    """The second player winning reads "Viktor won 1–0" (it read 0–1, the score in seat order), with whose each
    number is in the badge's title."""
    created = make_match_created("strict", mode="match", info={"event": EVENT, "round": 6, "table": 1})
    answer = client.post("/api/matches", json=created).json
    events = [{"type": "game_started", "game": 1, "first_player": "P1",
               "battlefields": {"P1": "Zaun Warrens", "P2": "Altar to Unity"}},
              {"type": "concede", "player": "P1", "match": True}]
    assert client.post(f"/api/matches/{answer['id']}/events", json={"events": events},
                       headers=bearer(answer["token"])).status_code == 201
    page = client.get("/tournament", query_string={"event": EVENT, "round": "6"}).get_data(as_text=True)
    assert '<span class="badge winner result" title="Viktor 1, Annie 0 games won">Viktor won 1–0</span>' in page
