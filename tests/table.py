"""A table for rules tests: a position in notation, events as text, and assertions on violations.

    table = Table.with_units()                                         # the WITH_UNITS position, strict
    table.do("P1 play Shakedown -> Stalwart Poro $2 / Fury Rune", "P1 pass")
    table.refuses("P2 play Rune Prison -> Legion Rearguard $1", rule="334.1.a")

Lines are the riftlog notation (docs/notation.md), read against the table's state; a dict is an event as it is.
"""
from __future__ import annotations

from typing import Any

import pytest

import engine
from replays import demo, notation

CATALOG = engine.demo_catalog()

# The setup process (110-118) with the sample decks: both players draw four and keep them.
SETUP = ("game 1: P1 first; P1 Zaun Warrens; P2 Altar to Unity",
         "P1 draw Legion Rearguard; Shakedown; Hard Bargain; Gust",
         "P2 draw Stalwart Poro; Discipline; Clockwork Keeper; Rune Prison",
         "P1 keep", "P2 keep")

# Turn 1, P1's action phase: after SETUP, P1 channeled a Fury and a Chaos rune and drew Void Seeker.
AT_ACTION = ("turn 1 P1 action first P1 | P1 0 bf:Zaun Warrens deck:34 runedeck:10 "
             "hand:Legion Rearguard;Shakedown;Hard Bargain;Gust;Void Seeker runes:Fury Rune;Chaos Rune | "
             "P2 0 bf:Altar to Unity deck:35 runedeck:12 hand:Stalwart Poro;Discipline;Clockwork Keeper;Rune Prison")

# Turn 3, P1's action phase: P1 has Legion Rearguard and 4 ready runes, P2 has an exhausted Stalwart Poro and one
# ready Calm rune (tests/test_notation.py::test_with_units_is_this_position plays the turns that lead here).
WITH_UNITS = ("turn 3 P1 action first P1 | P1 0 bf:Zaun Warrens deck:33 runedeck:8 "
              "hand:Shakedown;Hard Bargain;Gust;Void Seeker;Flame Chompers "
              "runes:Fury Rune;Chaos Rune;Fury Rune;Chaos Rune base:Legion Rearguard | "
              "P2 0 bf:Altar to Unity deck:34 runedeck:9 hand:Discipline;Clockwork Keeper;Rune Prison;Defy "
              "runes:Calm Rune*;Mind Rune*;Calm Rune base:Stalwart Poro*")


class Table:
    catalog = CATALOG  # a table of another catalog (tests/later_sets_table.py) names it and its match_created

    def __init__(self, policy: str = "strict", mode: str = "duel", rules: str | None = None,
                 abilities: str | None = None) -> None:
        """A new match; `rules`: its rules edition, when not the one `match_created` names (v1.3, the tests'
        edition of before rules editions); `abilities`: "checked" for a match whose abilities the engine checks
        from the cards (engine/cards), when not "declared" as `match_created` names them."""
        created = self.match_created(policy, mode)
        chosen = {key: value for key, value in (("rules", rules), ("abilities", abilities)) if value}
        self.state = engine.apply(None, {**created, **chosen}, self.catalog)

    @classmethod
    def match_created(cls, policy: str, mode: str) -> dict[str, Any]:
        return demo.match_created(policy, "test", mode)

    # -- positions -------------------------------------------------------------------------------------------
    @classmethod
    def from_position(cls, line: str, policy: str = "strict", mode: str = "duel", rules: str | None = None,
                      abilities: str | None = None) -> Table:
        """A match that starts from a one-line position (the `position` event, seq 2)."""
        return cls(policy, mode, rules, abilities).do(f"position {line}")

    @classmethod
    def after_setup(cls, policy: str = "strict") -> Table:
        """Both players drew their opening hands and kept them: P1's channel phase, turn 1."""
        return cls(policy).do(*SETUP)

    @classmethod
    def at_action(cls, policy: str = "strict") -> Table:
        """The AT_ACTION position: turn 1, P1's action phase, two ready runes."""
        return cls.from_position(AT_ACTION, policy)

    @classmethod
    def with_units(cls, policy: str = "strict") -> Table:
        """The WITH_UNITS position: turn 3, P1's action phase, a unit on each side."""
        return cls.from_position(WITH_UNITS, policy)

    # -- acting ----------------------------------------------------------------------------------------------
    def do(self, *events: str | dict[str, Any]) -> Table:
        """Apply events: a str is one or more body lines of notation, read against the state so far."""
        for event in events:
            if isinstance(event, str):
                self.state = engine.fold(notation.parse_events(event, self.state, self.catalog), self.catalog,
                                         self.state)
            else:
                self.state = engine.apply(self.state, event, self.catalog)
        return self

    def parse(self, event: str | dict[str, Any]) -> dict[str, Any]:
        """The event of one line read against the state, not applied (a dict is returned as it is)."""
        return notation.parse_event(event, self.state) if isinstance(event, str) else event

    # -- looking ---------------------------------------------------------------------------------------------
    def find(self, player: str, card: str, zone: str = "board") -> str:
        return demo.find(self.state, player, card, zone)

    def obj(self, player: str, card: str, zone: str = "board") -> dict[str, Any]:
        return self.state["objects"][self.find(player, card, zone)]

    def cards(self, ids: list[str]) -> list[str | None]:
        return [self.state["objects"][object_id]["card"] for object_id in ids]

    def rules(self) -> list[str]:
        return [violation["rule"] for violation in self.state["violations"]]

    # -- judging ---------------------------------------------------------------------------------------------
    def refuses(self, event: str | dict[str, Any], rule: str) -> engine.IllegalEvent:
        """In a strict match the event is refused, citing `rule`, and the state is unchanged."""
        before = self.state
        with pytest.raises(engine.IllegalEvent) as refusal:
            engine.apply(self.state, self.parse(event), self.catalog)
        assert rule in [violation["rule"] for violation in refusal.value.violations], refusal.value.violations
        assert self.state is before
        return refusal.value

    def flags(self, event: str | dict[str, Any], rule: str) -> dict[str, Any]:
        """In an audit match the event is applied and carries a violation citing `rule`."""
        seq = self.state["seq"] + 1
        self.state = engine.apply(self.state, self.parse(event), self.catalog)
        flagged = [violation for violation in self.state["violations"] if violation["seq"] == seq]
        assert rule in [violation["rule"] for violation in flagged], flagged
        return self.state
