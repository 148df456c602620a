"""Cards as cards (issue 15): the viewer embeds the catalog facts of the cards its view shows (cost, type, Might,
keywords, rules text) for a tap or hover, and never those of a card the view may not see (rule 127)."""
from __future__ import annotations

import json
import re

import engine


def facts_of(page: str) -> dict:
    found = re.search(r'<script type="application/json" id="card-facts">(.*?)</script>', page, re.S)
    assert found, "the page embeds no card facts"
    return json.loads(found.group(1))


def test_the_judges_page_carries_the_catalog_facts_of_the_cards_it_shows(client, demo_tokens, demo_ids):
    match_id = demo_ids[0]
    state = client.get(f"/api/matches/{match_id}/state", headers={"Authorization": f"Bearer {demo_tokens[match_id]}"}
                       ).get_json()
    client.post(f"/matches/{match_id}/token", data={"token": demo_tokens[match_id]})
    page = client.get(f"/matches/{match_id}").get_data(as_text=True)
    facts = facts_of(page)
    shown = {obj["card"] for obj in state["objects"].values() if obj["card"]}
    assert shown <= set(facts)
    name = next(iter(sorted(shown)))
    card = engine.demo_catalog().get(name)
    assert facts[name]["energy"] == card["energy"] and facts[name]["type"] == card["type"]
    assert facts[name]["text"] == card["text"] and facts[name]["keywords"] == card["keywords"]
    assert 'data-card="' in page and "viewer_cards.js" in page


def test_the_spectators_page_carries_no_facts_of_a_card_in_a_hand(client, demo_tokens, demo_ids):
    match_id = demo_ids[0]
    judge = client.get(f"/api/matches/{match_id}/state", headers={"Authorization": f"Bearer {demo_tokens[match_id]}"}
                       ).get_json()
    spectator = client.get(f"/api/matches/{match_id}/state?view=spectator").get_json()
    facts = facts_of(client.get(f"/matches/{match_id}?view=spectator").get_data(as_text=True))
    public = {obj["card"] for obj in spectator["objects"].values() if obj["card"]}
    public |= {item["card"] for item in spectator["chain"] if item.get("card")}
    public |= {field["name"] for field in spectator["battlefields"]}
    hidden_only = {obj["card"] for obj in judge["objects"].values() if obj["card"]} - public
    assert hidden_only, "the match should hold a card only the judge sees"
    assert set(facts) <= public and not hidden_only & set(facts)
