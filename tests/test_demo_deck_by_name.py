"""A player's deck given by a demo deck's name (`"deck": "demo deck 1"`, as the notation's `[P1Deck "demo deck 1"]`
names it) in a match_created body, over the API and `riftlog create`: the demo deck read, the player's own fields
over its defaults; any other string in `deck` refused naming the ways a deck may be given (issue 15: it was refused
with "P1 needs 'legend' (str), got None")."""
from __future__ import annotations

import json

from engine.catalog import demo_decks

BODY = {"type": "match_created", "abilities": "declared",
        "rules": "v1.3", "mode": "duel", "policy": "strict", "catalog": "demo",
        "players": [{"name": "Ana", "deck": "demo deck 1"}, {"name": "Ben", "deck": "Demo Deck 2"}]}


def test_the_api_creates_a_match_of_two_demo_decks_named(client, tmp_db):
    answer = client.post("/api/matches", json=BODY)
    assert answer.status_code == 201, answer.get_json()
    created = answer.get_json()
    state = client.get(f"/api/matches/{created['id']}/state",
                       headers={"Authorization": f"Bearer {created['token']}"}).get_json()
    first, second = demo_decks()[:2]
    assert [state["players"][player]["name"] for player in ("P1", "P2")] == ["Ana", "Ben"]
    assert [state["players"][player]["deck_count"] for player in ("P1", "P2")] == [len(first["deck"]),
                                                                                 len(second["deck"])]
    events = client.get(f"/api/matches/{created['id']}/events",
                        headers={"Authorization": f"Bearer {created['token']}"}).get_json()["events"]
    players = events[0]["event"]["players"]
    assert [(player["legend"], player["champion"]) for player in players] == \
        [(first["legend"], first["champion"]), (second["legend"], second["champion"])]


def test_a_players_own_field_wins_over_the_demo_decks_default(client, tmp_db):
    battlefields = demo_decks()[0]["battlefields"]
    body = {**BODY, "players": [{"name": "Ana", "deck": "demo deck 1", "battlefields": battlefields[::-1]},
                                BODY["players"][1]]}
    answer = client.post("/api/matches", json=body)
    assert answer.status_code == 201, answer.get_json()
    created = answer.get_json()
    events = client.get(f"/api/matches/{created['id']}/events",
                        headers={"Authorization": f"Bearer {created['token']}"}).get_json()["events"]
    ana = events[0]["event"]["players"][0]
    assert ana["battlefields"] == battlefields[::-1] and ana["deck"] == demo_decks()[0]["deck"]


def test_a_deck_string_that_names_no_demo_deck_is_refused_naming_the_ways_to_give_a_deck(client, tmp_db):
    for deck in ("demo deck 9", "Sivir aggro"):
        body = {**BODY, "players": [{"name": "Ana", "deck": deck}, BODY["players"][1]]}
        answer = client.post("/api/matches", json=body)
        assert answer.status_code == 400
        message = json.dumps(answer.get_json())
        assert f"P1's deck is {deck!r}" in message and "'demo deck 1' to 'demo deck 6'" in message
        assert "`decklist`" in message and "`deck_code`" in message and "needs 'legend'" not in message


def test_riftlog_create_reads_a_demo_deck_named_in_the_file(runner, tmp_db, tmp_path):
    from riftlog_cli import cli

    path = tmp_path / "match.json"
    path.write_text(json.dumps(BODY), encoding="utf-8")
    result = runner.invoke(cli, ["--db", str(tmp_db), "create", str(path)])
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout)["id"] == "m1"
