"""The recording screen's server side for resolutions the engine checks (issue 26), through Flask's test client: in a
"checked" strict match the dry run of a resolution with no effects for a card that does something is not ok (it
answered ok: true), and /recording offers the resolution as the card writes it; a "declared" match offers none."""
from __future__ import annotations

import engine
from positions import ARENA
from replays import notation
from test_record import append, create, judge

GUST = "Return a unit at a battlefield with 3 [S] or less to its owner's hand."


def gust_on_the_chain(client, created: dict) -> tuple[str, str, dict]:
    """ARENA: Ana plays Gust on Ben's Sunlit Guardian at Altar to Unity, and both pass."""
    match_id, token, _ = create(client, created)
    catalog = engine.demo_catalog()
    state, events = engine.apply(None, created, catalog), []
    for line in (f"position {ARENA}", "P1 play Gust -> Sunlit Guardian $1", "P1 pass", "P2 pass"):
        for event in notation.parse_events(line, state, catalog):
            state = engine.apply(state, event, catalog)
            events.append(event)
    append(client, match_id, token, events)
    return match_id, token, state


def test_a_dry_run_of_an_empty_resolution_is_not_ok_in_a_checked_strict_match(client, make_match_created):
    match_id, token, state = gust_on_the_chain(client, make_match_created("strict", abilities="checked"))
    item = state["chain"][-1]["id"]
    body = client.post(f"/api/matches/{match_id}/check", headers=judge(token),
                       json={"event": {"type": "resolve", "item": item, "effects": []}}).get_json()
    assert body["ok"] is False and body["violations"][0]["rule"] == "v1.3 359.3.d"
    assert GUST in body["error"] and "records no return" in body["error"]
    guardian = state["chain"][-1]["targets"][0]
    body = client.post(f"/api/matches/{match_id}/check", headers=judge(token), json={"event": {
        "type": "resolve", "item": item, "effects": [{"op": "return", "target": guardian, "to": "hand"}]}}).get_json()
    assert body["ok"] is True


def test_recording_offers_the_resolution_as_the_card_writes_it(client, make_match_created):
    match_id, token, state = gust_on_the_chain(client, make_match_created("strict", abilities="checked"))
    guardian = state["chain"][-1]["targets"][0]
    resolution = client.get(f"/api/matches/{match_id}/recording", headers=judge(token)).get_json()["resolution"]
    [op] = resolution["ops"]
    assert resolution["item"] == state["chain"][-1]["id"]
    assert op["op"] == "return" and op["values"] == {"to": "hand", "target": guardian}
    names = sorted(state["objects"][object_id]["card"] for object_id in op["legal"])
    assert names == ["Stalwart Poro", "Sunlit Guardian"]  # the units at a battlefield with 3 [S] or less


def test_a_declared_match_is_offered_no_resolution(client, make_match_created):
    match_id, token, _ = gust_on_the_chain(client, make_match_created("strict"))
    assert client.get(f"/api/matches/{match_id}/recording", headers=judge(token)).get_json()["resolution"] is None
