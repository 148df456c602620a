"""The legal matches the benchmarks fold, store and serve, built from the demo decks by the engine itself.

`long_match(size)` is a strict duel of `size` events: the game's setup, then turns of channel, draw, a unit played
whenever one is affordable, chains of triggered abilities (trigger, pass, pass, resolve with recorded effects),
judges' notes, and end_turn. Every event is checked by the engine as the match is built.
"""
from __future__ import annotations

from typing import Any

import engine
from engine.turn import runes_to_channel
from replays import demo

CATALOG = engine.demo_catalog()
TURNS = 60  # each player draws 4 + 30 of a 40-card deck: no burn out


class _Builder:
    """The events so far and the state after them, folded in place (the builder is the state's only holder)."""

    def __init__(self, event: dict[str, Any]) -> None:
        self.events = [event]
        self.state = engine.fold([event], CATALOG)

    def do(self, event: dict[str, Any]) -> None:
        self.state = engine.fold([event], CATALOG, self.state, in_place=True)
        self.events.append(event)


def long_match(size: int = 20_000, table: str = "bench") -> list[dict[str, Any]]:
    """A legal strict duel of exactly `size` events (at least 200)."""
    built = _Builder(demo.match_created("strict", table))
    built.do({"type": "game_started", "game": 1, "first_player": "P1",
              "battlefields": {"P1": "Zaun Warrens", "P2": "Altar to Unity"}})
    for player in ("P1", "P2"):
        built.do({"type": "draw", "player": player, "cards": _next_cards(built.state, player, 4)})
    for player in ("P1", "P2"):
        built.do({"type": "mulligan", "player": player, "set_aside": []})
    per_turn = max(0, (size - len(built.events)) // TURNS - 4)
    for _ in range(TURNS):
        _turn(built, per_turn, size - 1)
        if len(built.events) >= size - 1:
            break
    while len(built.events) < size:
        built.do({"type": "note", "text": f"judge's note {len(built.events) + 1}"})
    return built.events


def _turn(built: _Builder, actions: int, limit: int) -> None:
    state = built.state
    player = state["turn_player"]
    count = runes_to_channel(state, player)
    runes = [name for name, left in sorted(state["players"][player]["rune_deck"].items()) for _ in range(left)]
    built.do({"type": "channel", "player": player, "runes": runes[:count]})
    built.do({"type": "draw", "player": player, "cards": _next_cards(built.state, player, 1)})
    state = built.state
    for object_id in state["players"][player]["hand"]:
        card = state["cards"][state["objects"][object_id]["card"]]
        ready = [rune for rune in state["players"][player]["runes"] if not state["objects"][rune]["exhausted"]]
        if card["type"] == "Unit" and card["power"] == 0 and card["energy"] <= len(ready):
            built.do({"type": "play", "player": player, "card": object_id, "pay": {"exhaust": ready[:card["energy"]]}})
            if built.state["chain"]:  # the unit waits on the chain: both pass, it resolves onto the board
                _pass_and_resolve(built, [])
            break
    done = 0
    while done + 5 <= actions and len(built.events) + 6 <= limit:
        source = _a_source(built.state, player)
        built.do({"type": "trigger", "player": player, "source": source, "ability": f"ability {done % 7}"})
        effects = [{"op": "might", "target": source, "delta": 1, "until": "turn"}] if done % 2 else \
            [{"op": "note", "text": f"nothing happens ({done})"}]
        _pass_and_resolve(built, effects)
        built.do({"type": "note", "text": f"table call {done}", "about": len(built.events)})
        done += 5
    built.do({"type": "end_turn", "player": player})


def _pass_and_resolve(built: _Builder, effects: list[dict[str, Any]]) -> None:
    controller = built.state["chain"][-1]["controller"]
    order = built.state["turn_order"]
    first = order.index(controller)
    for player in order[first:] + order[:first]:
        built.do({"type": "pass", "player": player})
    built.do({"type": "resolve", "item": built.state["chain"][-1]["id"], "effects": effects})


def _a_source(state: dict[str, Any], player: str) -> str:
    """A unit `player` controls on the board, else their legend."""
    for object_id in state["players"][player]["base"]:
        if state["objects"][object_id]["controller"] == player:
            return object_id
    legend = state["players"][player]["legend"]
    return legend[0] if isinstance(legend, list) else legend


def _next_cards(state: dict[str, Any], player: str, count: int) -> list[str]:
    deck = state["players"][player]["deck"]
    return [name for name, left in sorted(deck.items()) for _ in range(left)][:count]
