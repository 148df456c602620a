"""Violations: how a rules module says that an event breaks a rule.

`context.flag(rule, message)` records a violation and lets the event go on being applied (audit matches keep it;
strict matches refuse the event once the handler is done). `context.fail(rule, message)` stops: the event cannot
be applied at all; `context.schedule(task)` makes a task outstanding (engine/tasks.py). Rule numbers are cited as
in ../shared/rules/README.md: the later revision for turn states, priority, phases, chains, playing cards, targeting
and costs; the 2025-06-02 Core Rules for everything else. Every violation is made here (`flag` and `fail`), so this
is where a citation becomes its match's edition's (engine/citations.py): the state's `rules`, v1.3 for a match
stored before editions (its violations keep their strings, byte for byte).
"""
from __future__ import annotations

from typing import Any, NoReturn

from engine.citations import DEFAULT, cite
from engine.errors import MalformedEvent
from engine.objects import State


class Unappliable(Exception):
    """Raised inside a handler when the event cannot be applied at all."""

    def __init__(self, violation: dict[str, Any]) -> None:
        super().__init__(violation["message"])
        self.violation = violation


class Context:
    """The state being built by one event, and the violations found so far."""

    __slots__ = ("state", "seq", "catalog", "violations", "outstanding")  # one per event: made and read often

    def __init__(self, state: State, seq: int, catalog: Any = None) -> None:
        self.state = state
        self.seq = seq
        self.catalog = catalog  # the match's catalog (engine.catalog.Catalog), for what a state does not copy
        self.violations: list[dict[str, Any]] = []
        self.outstanding: list[tuple[str, tuple[Any, ...]]] = []

    def schedule(self, task: str, *args: Any) -> None:
        """Make a task outstanding (v1.3 334-335): the fold carries it out once the current step is done, so a
        rules module asks for a cleanup, a combat or a showdown by name instead of calling the module that runs
        it (engine/tasks.py lists the tasks)."""
        self.outstanding.append((task, args))

    def flag(self, rule: str, message: str) -> None:
        self.violations.append({"rule": self.cite(rule), "message": message, "seq": self.seq})

    def fail(self, rule: str, message: str) -> NoReturn:
        raise Unappliable({"rule": self.cite(rule), "message": message, "seq": self.seq})

    def cite(self, rule: str) -> str:
        """`rule` as the match's rules edition cites it (engine/citations.py)."""
        return cite(rule, self.state.get("rules", DEFAULT))

    def check(self, condition: bool, rule: str, message: str) -> bool:
        """Flag `message` unless `condition` holds; returns the condition."""
        if not condition:
            self.flag(rule, message)
        return condition

    def player(self, event: dict[str, Any], field: str = "player") -> str:
        """The player an event names; naming no player of the match is malformed."""
        player = event[field]
        if player not in self.state["players"]:
            raise MalformedEvent(f"unknown player {player!r} in '{field}'; the players are "
                                 f"{', '.join(self.state['players'])}")
        return player

    def object(self, object_id: str, rule: str, what: str) -> dict[str, Any]:
        """The object with this id, or fail citing `rule`."""
        obj = self.state["objects"].get(object_id)
        if obj is None:
            self.fail(rule, f"{what}: unknown object {object_id!r}")
        return obj
