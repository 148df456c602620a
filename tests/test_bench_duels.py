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


def test_the_gallery_duel_is_legal_strict_play_with_abilities_triggers_and_statics():
    if not duels.GALLERY.exists():
        pytest.skip(f"the card gallery export {duels.GALLERY} is absent (../shared is not checked out)")
    catalog = duels.gallery_catalog()
    events = duels.gallery_duel(catalog, 1_500)
    assert len(events) == 1_500 and events[0]["policy"] == "strict" and events[0]["catalog"] == "gallery"
    most_statics = 0
    for state in engine.steps(events, catalog):  # raises IllegalEvent on any refused event
        most_statics = max(most_statics, len(state.get("statics", [])))
    assert state["seq"] == 1_500 and state["violations"] == []
    counted = kinds(events)
    for kind in ("play", "activate", "trigger", "pass", "resolve"):
        assert counted[kind] > 0, kind
    assert most_statics >= 3


def test_a_refused_candidate_is_left_out_of_the_match():
    driver = duels.Driver(duels.demo.match_created("strict", "bench test"), engine.demo_catalog())
    assert not driver.try_event({"type": "end_turn", "player": "P1"})  # before the game has begun: refused
    assert len(driver.events) == 1 and driver.state["seq"] == 1
