"""Cards as cards (issue 15): the viewer names each card it shows (`data-card`) and asks the match's catalog for
their public facts (cost, type, Might, keywords, rules text: `GET /api/catalogs/<name>/cards`) to show each as a card
on a tap or hover; a card hidden from the view is never named in the page (rule 127)."""
from __future__ import annotations

import re

import engine


def names_in(page: str) -> set[str]:
    return {name for name in re.findall(r'data-card="([^"]*)"', page) if name}


def test_the_catalog_answers_the_public_facts_of_the_cards_named(client):
    answer = client.get("/api/catalogs/demo/cards?name=Legion Rearguard&name=Gust&name=No Such Card")
    assert answer.status_code == 200
    facts = answer.get_json()
    assert set(facts) == {"Legion Rearguard", "Gust"}
    rearguard = engine.demo_catalog().get("Legion Rearguard")
    shown = {key: value for key, value in facts["Legion Rearguard"].items() if key != "abilities"}
    assert shown == {key: rearguard.get(key) for key in (
        "type", "supertype", "domains", "energy", "power", "might", "keywords", "keyword_values", "text")}
    assert facts["Gust"]["type"] == "Spell" and "Return a unit" in facts["Gust"]["text"]


def test_the_catalog_serves_what_the_engine_reads_of_each_ability_beside_its_text(client):
    """Issue 26: each ability with what engine/cards compiles of it, for a judge to check against the printed text:
    Noxus Hopeful's "[Legion] — I cost [2] less" is a discount of 2 Energy on itself as it is played, while Legion
    holds; Clockwork Keeper's "you may pay [G] as an additional cost. If you do, draw 1." an offered cost and a draw
    when it is paid; a line the reader cannot compile says so (`unread`)."""
    facts = client.get("/api/catalogs/demo/cards?name=Noxus Hopeful&name=Clockwork Keeper&name=Forge of the Fluft"
                       ).get_json()
    [hopeful] = facts["Noxus Hopeful"]["abilities"]
    assert hopeful["text"].startswith("[Legion] — I cost [2] less.") and hopeful["source"] == "text"
    assert hopeful["while"] == {"legion": True}
    assert hopeful["statics"] == [{"affects": {"who": "self"}, "cost": {"energy": -2}, "while": {"legion": True},
                                   "zone": "play"}]  # its text is the whole line's, not repeated
    [keeper] = facts["Clockwork Keeper"]["abilities"]
    assert keeper["additional"] == [{"energy": 0, "power": 1}] and "unread" not in keeper
    assert [(static["draws"], static["paid"]) for static in keeper["statics"]] == [(1, {"energy": 0, "power": 1})]
    granted = [ability for ability in facts["Forge of the Fluft"]["abilities"] if ability["text"].startswith("While")]
    assert granted[0]["unread"] and granted[0]["source"] == "text"  # an ability granted to legends: no reader yet


def test_the_catalog_serves_each_lines_trigger_and_effects_as_the_engine_checks_them(client):
    """Contract section 7: a triggered ability carries its `trigger` (the event pattern that makes it due) and its
    `effects`; a spell's line its `effects` with amounts and target filters; a keyword's rule no effects of its
    own; each names its `source`."""
    facts = client.get("/api/catalogs/demo/cards?name=Chemtech Enforcer&name=Gust").get_json()
    assault, played = facts["Chemtech Enforcer"]["abilities"]
    assert assault["keyword"] == "Assault" and "effects" not in assault and "effects_unread" not in assault
    assert played["trigger"]["on"] == [{"event": "played", "subject": "me"}] and played["trigger"]["optional"] is False
    assert played["effects"] == [{"op": "discard", "text": "discard 1", "amount": 1, "player": "you"}]
    assert played["source"] == "text"
    _reaction, returned = facts["Gust"]["abilities"]
    [spec] = returned["effects"]
    assert (spec["op"], spec["to"], spec["target"]["where"], spec["target"]["might_max"]) == \
        ("return", "hand", "battlefield", 3)


def test_the_catalog_refuses_no_name_too_many_names_and_an_unknown_catalog(client):
    assert client.get("/api/catalogs/demo/cards").status_code == 400
    many = "&".join(f"name=Card {index}" for index in range(201))
    answer = client.get(f"/api/catalogs/demo/cards?{many}")
    assert answer.status_code == 400 and "at most 200" in answer.get_json()["error"]
    answer = client.get("/api/catalogs/nowhere/cards?name=Gust")
    assert answer.status_code == 404 and "no catalog named 'nowhere'" in answer.get_json()["error"]


def test_the_judges_page_names_every_card_it_shows(client, demo_tokens, demo_ids):
    match_id = demo_ids[0]
    state = client.get(f"/api/matches/{match_id}/state", headers={"Authorization": f"Bearer {demo_tokens[match_id]}"}
                       ).get_json()
    client.post(f"/matches/{match_id}/token", data={"token": demo_tokens[match_id]})
    page = client.get(f"/matches/{match_id}").get_data(as_text=True)
    on_board = {obj["card"] for obj in state["objects"].values() if obj["card"] and obj["zone"] == "board"}
    assert on_board
    assert on_board <= names_in(page) and "viewer_cards.js" in page and 'data-catalog="demo"' in page


def test_the_spectators_page_names_no_card_in_a_hand(client, demo_tokens, demo_ids):
    match_id = demo_ids[0]
    judge = client.get(f"/api/matches/{match_id}/state", headers={"Authorization": f"Bearer {demo_tokens[match_id]}"}
                       ).get_json()
    spectator = client.get(f"/api/matches/{match_id}/state?view=spectator").get_json()
    named = names_in(client.get(f"/matches/{match_id}?view=spectator").get_data(as_text=True))
    public = {obj["card"] for obj in spectator["objects"].values() if obj["card"]}
    public |= {item["card"] for item in spectator["chain"] if item.get("card")}
    public |= {field["name"] for field in spectator["battlefields"]}
    hidden_only = {obj["card"] for obj in judge["objects"].values() if obj["card"]} - public
    assert hidden_only, "the match should hold a card only the judge sees"
    assert named <= public and not hidden_only & named
