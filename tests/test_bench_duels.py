"""The matches the fold's benchmark rows measure (benchmarks/duels.py) are legal strict play: every event is one the
engine accepts, and each match has the kinds of play its row is about (a benchmark of refused events measures
nothing)."""
from __future__ import annotations

import sys
from collections import Counter
from pathlib import Path

import pytest

import engine

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "benchmarks"))

import duels  # noqa: E402 - found through the path above


def kinds(events: list[dict]) -> Counter:
    return Counter(event["type"] for event in events)


def test_the_plain_duel_is_legal_strict_play_of_plays_chains_draws_channels_and_turns():
    events = duels.plain_duel(1_500)
    assert len(events) == 1_500 and events[0]["policy"] == "strict"
    state = engine.fold(events, engine.demo_catalog())  # raises IllegalEvent on any refused event
    assert state["seq"] == 1_500 and state["violations"] == []
    counted = kinds(events)
    assert counted["note"] == 0 and counted["trigger"] == 0  # nothing on the recorder's word
    for kind in ("play", "pass", "resolve", "draw", "channel", "end_turn", "activate"):
        assert counted[kind] > 0, kind
    assert all(event.get("pay") for event in events if event["type"] == "play")


def test_the_gallery_duel_is_checked_strict_play_with_abilities_triggers_and_statics():
    """Checked (docs/cards.md "Abilities checked or declared"): the engine lists the triggers due, reads the statics
    from the cards' text and checks each resolution against its card; the match records what the checks ask."""
    if not duels.GALLERY.exists():
        pytest.skip(f"the card gallery export {duels.GALLERY} is absent (../shared is not checked out)")
    catalog = duels.gallery_catalog()
    events = duels.gallery_duel(catalog, 1_500)
    assert len(events) == 1_500 and events[0]["policy"] == "strict" and events[0]["catalog"] == "gallery"
    assert "abilities" not in events[0]  # a new match: "checked" by default
    most_compiled = 0
    for state in engine.steps(events, catalog):  # raises IllegalEvent on any refused event
        assert not any(static.get("declared") for static in state.get("statics", []))
        most_compiled = max(most_compiled, sum(1 for static in state.get("statics", []) if static.get("compiled")))
    assert state["abilities"] == "checked"
    assert state["seq"] == 1_500 and state["violations"] == []
    counted = kinds(events)
    for kind in ("play", "activate", "trigger", "pass", "resolve"):
        assert counted[kind] > 0, kind
    assert most_compiled >= 3
    assert not any(event.get("statics") for event in events if event["type"] == "play")
    ops = Counter(op["op"] for event in events if event["type"] == "resolve" for op in event["effects"])
    for op in ("might", "attach", "empower", "channel", "draw"):  # the cards' compiled ops, the Equip's unit chosen
        assert ops[op] > 0, op


def test_a_resolution_from_the_card_completes_what_the_screen_leaves_to_the_recorder():
    """Catalyst of Aeons' "Channel 2 runes exhausted": the pre-filled channel gets two runes of the rune deck."""
    if not duels.GALLERY.exists():
        pytest.skip(f"the card gallery export {duels.GALLERY} is absent (../shared is not checked out)")
    catalog = duels.gallery_catalog()
    events = duels.gallery_duel(catalog, 1_500)
    for state in engine.steps(events, catalog):
        chain = state["chain"]
        if chain and chain[-1].get("card") == "Catalyst of Aeons":
            break
    else:
        pytest.fail("no Catalyst of Aeons on the chain in 1,500 events")
    candidates = duels.effects_from_card(state, chain[-1])
    channel = next(op for op in candidates[0] if op["op"] == "channel")
    assert len(channel["runes"]) == 2 and channel["exhausted"] is True
    assert all(state["players"][channel["player"]]["rune_deck"].get(rune) for rune in channel["runes"])


def test_a_refused_candidate_is_left_out_of_the_match():
    driver = duels.Driver(duels.demo.match_created("strict", "bench test"), engine.demo_catalog())
    assert not driver.try_event({"type": "end_turn", "player": "P1"})  # before the game has begun: refused
    assert len(driver.events) == 1 and driver.state["seq"] == 1
