"""A table for rules tests: a position from the sample decks, events by name, and assertions on violations.

    table = Table.at_action(policy="strict")          # turn 1, P1's action phase, P1 has 2 ready runes
    table.play("P1", "Legion Rearguard", exhaust=2)
    table.refuses({"type": "pass", "player": "P1"}, rule="334.1.c")
"""
from __future__ import annotations

from typing import Any

import pytest

import engine
from replays import demo

CATALOG = engine.demo_catalog()

OPENING_P1 = ["Legion Rearguard", "Shakedown", "Hard Bargain", "Gust"]
OPENING_P2 = ["Stalwart Poro", "Discipline", "Clockwork Keeper", "Rune Prison"]


class Table:
    def __init__(self, policy: str = "strict", first_player: str = "P1") -> None:
        self.state = engine.apply(None, demo.match_created(policy, "test"), CATALOG)
        self.first_player = first_player

    # -- positions -------------------------------------------------------------------------------------------
    @classmethod
    def after_setup(cls, policy: str = "strict", first_player: str = "P1") -> "Table":
        """Both players drew their opening hands and kept them: the first player's channel phase."""
        table = cls(policy, first_player)
        table.do({"type": "game_started", "game": 1, "first_player": first_player,
                  "battlefields": {"P1": "Zaun Warrens", "P2": "Altar to Unity"}})
        table.do({"type": "draw", "player": "P1", "cards": OPENING_P1})
        table.do({"type": "draw", "player": "P2", "cards": OPENING_P2})
        second = "P2" if first_player == "P1" else "P1"
        table.do({"type": "mulligan", "player": first_player, "set_aside": []})
        table.do({"type": "mulligan", "player": second, "set_aside": []})
        return table

    @classmethod
    def at_action(cls, policy: str = "strict") -> "Table":
        """Turn 1: P1 channeled a Fury and a Chaos rune and drew Void Seeker; P1's action phase."""
        table = cls.after_setup(policy)
        table.do({"type": "channel", "player": "P1", "runes": ["Fury Rune", "Chaos Rune"]})
        table.do({"type": "draw", "player": "P1", "cards": ["Void Seeker"]})
        return table

    @classmethod
    def with_units(cls, policy: str = "strict") -> "Table":
        """Turn 3, P1's action phase: P1 has Legion Rearguard and 4 ready runes, P2 has Stalwart Poro and one
        ready Calm rune; P2 holds Discipline, Clockwork Keeper, Rune Prison and Defy."""
        table = cls.at_action(policy)
        table.play("P1", "Legion Rearguard", exhaust=2)
        table.do({"type": "end_turn", "player": "P1"})
        table.do({"type": "channel", "player": "P2", "runes": ["Calm Rune", "Mind Rune", "Calm Rune"]})
        table.do({"type": "draw", "player": "P2", "cards": ["Defy"]})
        table.play("P2", "Stalwart Poro", exhaust=2)
        table.do({"type": "end_turn", "player": "P2"})
        table.do({"type": "channel", "player": "P1", "runes": ["Fury Rune", "Chaos Rune"]})
        table.do({"type": "draw", "player": "P1", "cards": ["Flame Chompers"]})
        return table

    # -- acting ----------------------------------------------------------------------------------------------
    def do(self, event: dict[str, Any]) -> dict[str, Any]:
        self.state = engine.apply(self.state, event, CATALOG)
        return self.state

    def play(self, player: str, card: str, exhaust: int = 0, recycle: str | None = None,
             target: tuple[str, str] | None = None, target_item: int | None = None, **fields: Any) -> dict:
        event = demo.play(player, card, exhaust, recycle, target, target_item)(self.state)
        event.update(fields)
        return self.do(event)

    def give(self, player: str, energy: int = 0, **power: int) -> None:
        """Set up a position: `player`'s rune pool holds this much (as if runes had been used earlier)."""
        self.state["players"][player]["pool"] = {"energy": energy, "power": power}

    def pass_(self, *players: str) -> None:
        for player in players:
            self.do({"type": "pass", "player": player})

    def resolve(self, *effects: dict[str, Any]) -> dict[str, Any]:
        return self.do({"type": "resolve", "item": self.state["chain"][-1]["id"], "effects": list(effects)})

    # -- looking ---------------------------------------------------------------------------------------------
    def find(self, player: str, card: str, zone: str = "board") -> str:
        return demo.find(self.state, player, card, zone)

    def obj(self, player: str, card: str, zone: str = "board") -> dict[str, Any]:
        return self.state["objects"][self.find(player, card, zone)]

    def runes(self, player: str, count: int, domain: str | None = None) -> list[str]:
        return demo.ready_runes(self.state, player, count, domain)

    def refuses(self, event: dict[str, Any], rule: str) -> engine.IllegalEvent:
        """In a strict match the event is refused, citing `rule`, and the state is unchanged."""
        before = self.state
        with pytest.raises(engine.IllegalEvent) as refusal:
            engine.apply(self.state, event, CATALOG)
        assert rule in [violation["rule"] for violation in refusal.value.violations], refusal.value.violations
        assert self.state is before
        return refusal.value

    def flags(self, event: dict[str, Any], rule: str) -> dict[str, Any]:
        """In an audit match the event is applied and carries a violation citing `rule`."""
        seq = self.state["seq"] + 1
        self.do(event)
        flagged = [violation for violation in self.state["violations"] if violation["seq"] == seq]
        assert rule in [violation["rule"] for violation in flagged], flagged
        return self.state
