"""The server side of the recording screen at the table (issue 13): the resolution builder's ops come from the
engine's own table, and the viewer words the ops of attachment, the deck's top cards and tokens of every kind as
each view may see them."""
from __future__ import annotations

import json
import re

from engine.events import EFFECT_FIELDS
from web.describe import describe_op
from web.record import op_fields
from test_record import create
from test_table_browser import needs_hidden


def test_the_resolution_builder_offers_every_op_the_engine_reads_with_its_fields(client, duel_created):
    match_id, _, _ = create(client, duel_created)
    page = client.get(f"/matches/{match_id}/record").get_data(as_text=True)
    table = json.loads(re.search(r'<script type="application/json" id="op-fields">(.*?)</script>', page, re.S)
                       .group(1))
    assert table == op_fields() and sorted(table) == sorted(EFFECT_FIELDS)
    assert table["attach"] == [["target", "str", True], ["to", "str", True], ["pay", "map", False]]
    assert ["type", "str", False] in table["token"] and ["name", "str", False] in table["token"]
    assert {"detach", "look", "predict", "reveal", "burn", "banish", "recycle", "static"} <= set(table)


def test_attach_and_a_named_gear_token_are_worded():
    name = {"o1": "Doran's Shield (o1)", "o2": "Jax, Unrelenting (o2)", "P1": "Ana"}.get
    assert describe_op({"op": "attach", "target": "o1", "to": "o2"}, name) == \
        "attach Doran's Shield (o1) to Jax, Unrelenting (o2)"
    assert describe_op({"op": "detach", "target": "o1"}, name) == "detach Doran's Shield (o1)"
    assert describe_op({"op": "token", "controller": "P1", "name": "Gold", "type": "gear"}, name) == \
        "Ana creates a Gold gear token"


def test_a_look_at_the_decks_top_is_worded_for_its_player_only_and_a_burn_for_all_rule_127():
    look = {"op": "look", "player": "P1", "cards": ["Gust", "Defy"], "from": "deck"}
    assert describe_op(look, viewer="P1") == "P1 looks at 2 cards: Gust, Defy from the top of their deck"
    assert describe_op(look, viewer="spectator") == "P1 looks at 2 cards from the top of their deck"
    assert describe_op({**look, "from": "deck:P2"}, viewer="P2") == "P1 looks at 2 cards from the top of P2's deck"
    burn = {"op": "burn", "player": "P2", "cards": ["Flash"]}
    assert describe_op(burn, viewer="spectator") == "P2 burns Flash"


@needs_hidden
def test_a_facedown_cards_identity_is_kept_from_the_spectator_and_the_opponent_by_the_api_rule_127_4(client, log):
    """What the viewer draws comes from these answers: the state and the events as each view may see them."""
    from test_table_browser import HIDDEN, find, record_in

    match_id, token = record_in(log, HIDDEN)
    judge = {"Authorization": f"Bearer {token}"}
    state = client.get(f"/api/matches/{match_id}/state", headers=judge).get_json()
    cub, stand = find(state, "Pakaa Cub", "facedown"), find(state, "Stand United", "hand")
    calm = next(rune for rune in state["players"]["P1"]["runes"] if state["objects"][rune]["card"] == "Calm Rune")
    hide = {"type": "hide", "player": "P1", "card": stand, "battlefield": "bf2", "pay": {"recycle": [calm]}}
    hide["battlefield"] = "bf1"
    client.post(f"/api/matches/{match_id}/events", json={"event": {"type": "play", "player": "P1", "card": cub,
                                                                   "from": "facedown"}}, headers=judge)
    answer = client.post(f"/api/matches/{match_id}/events", json={"event": hide}, headers=judge)
    assert answer.status_code == 201, answer.get_json()
    for view, sees in (("judge", True), ("P1", True), ("P2", False), ("spectator", False)):
        shown = client.get(f"/api/matches/{match_id}/state?view={view}", headers=judge).get_json()
        assert shown["battlefields"][0]["facedown"] == stand
        assert (shown["objects"][stand]["card"] == "Stand United") is sees, view
        events = client.get(f"/api/matches/{match_id}/events?view={view}", headers=judge).get_json()["events"]
        assert (events[-1]["event"]["card"] == stand) is sees or not sees and "Stand United" not in str(events[-1])
