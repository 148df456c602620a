"""A seeded fuzzer of the engine's fold: any exception from `engine.apply` that is not an EngineError is a bug.

It starts from interesting states (a move into a held battlefield, a combat's showdown and damage steps, a choice
of where a combat begins, a showdown, the end of a game of a best of three, a match waiting for its `position`,
the golden matches along the way), in both policies, and applies sequences of events: plausible ones (a pass by
whoever acts, a move of ready units, the top chain item resolving, an assignment of the awaited damage) and ones
built field by field from what the state holds (its players, objects, battlefields, cards, chain items), mixed with
malformed values (wrong types, unknown or wrong-kind ids, nested junk, huge numbers, booleans for integers). A
sequence goes on from each state an event leaves, so flagged audit events reach states strict matches never do.
The views of every state are computed too (the server shows them), and each sequence is folded again in one go,
which must give the same state.

    tries, crashes = run(tries=2000, seed=1)   # crashes: [Crash(start, policy, events, error)], one per cause

tests/test_engine.py runs a bounded number of tries; scripts/fuzz_engine.py runs as many as asked.
"""
from __future__ import annotations

import copy
import functools
import random
import traceback
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable

import engine
from engine.events import EFFECT_FIELDS, EVENT_FIELDS
from engine.fold import NOT_YET
from recorder import snapshots
from recorder.canonical import canonical_bytes
from recorder.errors import Malformed
from replays import notation
from positions import ARENA, BOTH_HELD, NO_TANK, TWO_COMBATS
from table import AT_ACTION, CATALOG, SETUP, WITH_UNITS, Table

Event = dict[str, Any]
State = dict[str, Any]

GAME_1 = "game 1: P1 first; P1 Zaun Warrens; P2 Altar to Unity"
ALL_UNITS = "Legion Rearguard; Chemtech Enforcer; Flame Chompers"
# name -> (mode, the starting events as notation lines or event maps)
STARTS: dict[str, tuple[str, tuple[Any, ...]]] = {
    "created": ("duel", ()),
    "created_match": ("match", ()),
    "setup": ("duel", SETUP[:1]),
    "channel": ("duel", SETUP),
    "at_action": ("duel", (f"position {AT_ACTION}",)),
    "with_units": ("duel", (f"position {WITH_UNITS}",)),
    "arena": ("duel", (f"position {ARENA}",)),
    "both_held": ("duel", (f"position {BOTH_HELD}",)),
    "showdown": ("duel", (f"position {ARENA}", "P1 move Legion Rearguard -> bf1")),
    "combat_showdown": ("duel", (f"position {ARENA}", f"P1 move {ALL_UNITS} -> bf2")),
    "combat_chain": ("duel", (f"position {ARENA}", f"P1 move {ALL_UNITS} -> bf2",
                              "P1 play Gust -> Stalwart Poro $1 / Fury Rune")),
    "damage": ("duel", (f"position {ARENA}", f"P1 move {ALL_UNITS} -> bf2", "P1 pass", "P2 pass")),
    "damage_defender": ("duel", (f"position {ARENA}", f"P1 move {ALL_UNITS} -> bf2", "P1 pass", "P2 pass",
                                 "P1 assign Sunlit Guardian 4; Stalwart Poro 5")),
    "damage_no_tank": ("duel", (f"position {NO_TANK}", "P1 move Legion Rearguard -> bf2", "P1 pass", "P2 pass")),
    "choice": ("duel", (f"position {TWO_COMBATS}",)),
    "game_over": ("match", (GAME_1, "P1 concede")),
    "game_2": ("match", (GAME_1, "P1 concede", "game 2: P2 first; P1 Back-Alley Bar; P2 Grove of the God-Willow")),
    "match_over": ("duel", (GAME_1, "P2 concede")),
}

HUGE = 2 ** 63 - 1  # the largest integer the log stores (recorder/canonical.py)
JUNK: list[Any] = [None, True, False, 0, -1, 1, 3, HUGE, -HUGE, 2 ** 70, 1.5, float("inf"), "", "P9", "o999", "c999",
                   "bf9", "bf0", "base", "base:P9", "base:P1", "hand", "Gust", "Not A Card", [], [None], [3],
                   ["o1", "o1"], [[]], {}, {"x": 1}, {"o1": "x"}, {"P1": [{}]}, {"exhaust": [3]}, {"Fury": "x"},
                   {"a": {"b": [None, {"c": True}]}}]


@dataclass
class Crash:
    start: str
    policy: str
    events: list[Event]
    error: str

    def where(self) -> str:
        """The last line of the engine the exception came from: crashes are told apart by it."""
        return self.error.strip().splitlines()[-3].strip() if self.error.count("\n") >= 2 else self.error


# The golden matches (tests/data/golden_*.rln) a quarter, half, three quarters of the way and at their end.
DATA = Path(__file__).parent / "data"
GOLDEN = [f"{path.stem}@{quarter}" for path in sorted(DATA.glob("golden_*.rln")) for quarter in (1, 2, 3, 4)]

_STATES: dict[tuple[str, str], State] = {}


def start_state(name: str, policy: str) -> State:
    """The state after a start's events (built once, then shared: apply never mutates its input). A golden match
    keeps its own policy."""
    if (name, policy) not in _STATES:
        if name in STARTS:
            mode, lines = STARTS[name]
            _STATES[name, policy] = Table(policy, mode).do(*lines).state
        else:
            stem, quarter = name.split("@")
            events = notation.parse_match((DATA / f"{stem}.rln").read_text(), CATALOG)
            _STATES[name, policy] = engine.fold(events[:max(2, len(events) * int(quarter) // 4)], CATALOG)
    return _STATES[name, policy]


@functools.cache
def position_event() -> Event:
    """A `position` event worth mutating (`mutate` copies it): BOTH_HELD with a contest, a score this turn and an
    attacker."""
    table = Table()
    event = table.parse(f"position {BOTH_HELD}")
    event["contested"] = {"bf2": "P1"}
    event["scored"] = {"P1": ["bf1"]}
    event["players"]["P1"]["units"][0]["attacker"] = True
    return event


class Generator:
    """Events for a state: well-typed values taken from the state most of the time, junk otherwise."""

    def __init__(self, rng: random.Random, state: State) -> None:
        self.rng = rng
        self.state = state
        objects = state["objects"]
        self.players = list(state["players"])
        self.object_ids = list(objects)
        self.units = [key for key, obj in objects.items() if obj.get("type") == "Unit"]
        self.battlefields = [entry["id"] for entry in state["battlefields"]]
        self.chain = [item["id"] for item in state["chain"]]
        awaiting = state["awaiting"]
        self.awaited = next((entry for entry in awaiting if entry.get("kind") == "assign_damage"), None)
        self.candidates = next((entry["candidates"] for entry in awaiting if entry.get("kind") == "choose"), [])
        self.cards = sorted({obj["card"] for obj in objects.values() if obj.get("card")}) or ["Gust"]

    def junk(self) -> Any:
        value = self.rng.choice(JUNK)
        return copy.deepcopy(value)

    def pick(self, values: list[Any]) -> Any:
        return self.rng.choice(values) if values and self.rng.random() < 0.85 else self.junk()

    def key(self, values: list[str]) -> str:
        """A map key: JSON keys are strings, so junk keys are strings too."""
        return self.rng.choice(values) if values and self.rng.random() < 0.85 else self.rng.choice(
            ["", "P9", "o999", "bf9", "x", "base:P1"] + self.object_ids)

    def location(self) -> str:
        return self.pick(self.battlefields + ["base", "base:P1", "base:P2", "bf9", "base:P9"])

    def ids(self, values: list[str]) -> list[Any]:
        chosen = [self.pick(values) for _ in range(self.rng.randint(0, 3))]
        if chosen and self.rng.random() < 0.15:
            chosen.append(chosen[0])  # the same id twice
        return chosen

    def value(self, field: str, kind: str) -> Any:
        """A value for one field: what the field usually names, else junk."""
        if self.rng.random() < 0.12:
            return self.junk()
        if field in ("player", "controller", "first_player", "turn_player", "invitee"):
            return self.pick(self.players + ["P9"])
        if field in ("target", "source"):
            return self.pick(self.object_ids + self.battlefields + self.chain)
        if field == "item":
            return self.pick(self.chain + self.object_ids)
        if field in ("to", "battlefield"):
            return self.location()
        if field in ("units", "targets", "targets_kept", "set_aside", "exhaust", "recycle"):
            return self.ids(self.units + self.object_ids + self.chain)
        if field in ("cards", "runes"):
            return [self.pick(self.cards + [None]) for _ in range(self.rng.randint(0, 3))]
        if field in ("card", "kind"):
            return self.pick(self.cards + ["Recruit"])
        if field == "assignments" and self.awaited and self.rng.random() < 0.6:
            return self.lethal_assignment()
        if field == "assignments":
            return {self.key(self.units): self.pick([0, 1, 2, 4, 9, -1, True, 1.5, "3", HUGE])
                    for _ in range(self.rng.randint(0, 3))}
        if field == "choice":
            return self.pick(self.candidates + self.battlefields + [self.battlefields, {"bf1": 1}, ["bf1"]])
        if field == "battlefields":
            return {self.key(self.players): self.pick(["Back-Alley Bar", "Grove of the God-Willow", "Zaun Warrens"])
                    for _ in range(self.rng.randint(0, 3))}
        if field == "pay":
            return {"exhaust": self.ids(self.object_ids)} if self.rng.random() < 0.7 else self.junk()
        if field == "power":
            return {self.key(["Fury", "Calm", "Chaos"]): self.pick([1, 0, -1, HUGE]) for _ in range(2)}
        if field == "keyword":
            return self.pick(["Tank", "Assault", "Shield", "Ganking", "Action"])
        if field == "until":
            return self.pick(["turn", "permanent"])
        return {"an integer": lambda: self.pick([0, 1, 2, 3, -1, HUGE]), "a boolean": lambda: self.pick([True, False]),
                "a list": lambda: [self.junk()], "a map": lambda: {}, "a string": lambda: self.pick(["x"] + self.cards),
                }.get(kind, self.junk)()

    def lethal_assignment(self) -> dict[str, Any]:
        """An assignment of the awaited amount, all of it to one or two of the awaited units: often legal."""
        units, amount = self.awaited["units"], self.awaited["amount"]
        if not units:
            return {}
        first = self.rng.choice(units)
        split = self.rng.randint(0, amount) if len(units) > 1 and self.rng.random() < 0.5 else amount
        assignment = {first: split}
        if split < amount:
            assignment[self.rng.choice(units)] = amount - split
        return assignment

    def body(self, spec: dict[str, tuple[str, bool]]) -> dict[str, Any]:
        body = {field: self.value(field, kind) for field, (kind, required) in spec.items()
                if required or self.rng.random() < 0.5}
        if body and self.rng.random() < 0.05:
            del body[self.rng.choice(list(body))]
        return body

    def plausible(self) -> Event:
        """An event that may well be legal now, for what the state awaits: a channel or draw of what the decks
        hold, a mulligan, the next game, a choice among the candidates; in the action phase a pass, a move of the
        turn player's ready units, a play from hand paid with ready runes, the newest chain item resolving, or the
        end of the turn."""
        state, rng = self.state, self.rng
        awaited = rng.choice(state["awaiting"]) if state["awaiting"] else {"kind": None}
        player = awaited.get("player") or state["focus"] or state["priority"] or state["turn_player"] or rng.choice(
            self.players)
        entry = state["players"][player]
        kind = awaited["kind"]
        if kind == "channel":  # a rune deck may be empty (the v1.4 golden match ends so): channel what is left
            left = sorted(name for name, count in entry["rune_deck"].items() if count)
            return {"type": "channel", "player": player, "runes": rng.sample(left, min(1, len(left)))}
        if kind == "draw":
            deck = sorted(name for name, count in entry["deck"].items() if count)
            return {"type": "draw", "player": player, "cards": [rng.choice(deck) if deck else None]}
        if kind == "mulligan":
            return {"type": "mulligan", "player": player, "set_aside": rng.sample(entry["hand"],
                                                                                    min(2, len(entry["hand"])))}
        if kind == "game_started":
            battlefields = {who: rng.choice([name for name in described["battlefield_choices"]
                                             if name not in described["battlefields_used"]] or ["Zaun Warrens"])
                            for who, described in state["players"].items()}
            return {"type": "game_started", "game": state["game"] + 1, "first_player": player,
                    "battlefields": battlefields}
        if kind == "choose":
            return {"type": "choose", "player": player, "choice": rng.choice(awaited["candidates"])}
        roll = rng.random()
        if roll < 0.25:
            return {"type": "pass", "player": player}
        if roll < 0.45:
            ready = [key for key in self.units if state["objects"][key]["controller"] == state["turn_player"]
                     and state["objects"][key]["zone"] == "board" and not state["objects"][key]["exhausted"]]
            chosen = rng.sample(ready, rng.randint(1, len(ready))) if ready else self.ids(self.units)
            return {"type": "move", "player": state["turn_player"] or player, "units": chosen, "to": self.location()}
        if roll < 0.7 and entry["hand"]:
            card = rng.choice(entry["hand"])
            runes = [key for key in entry["runes"] if not state["objects"][key]["exhausted"]]
            event = {"type": "play", "player": player, "card": state["objects"][card]["card"] or card,
                     "pay": {"exhaust": rng.sample(runes, rng.randint(0, len(runes)))}}
            if rng.random() < 0.5:
                event["targets"] = [rng.choice(self.units + self.chain or self.object_ids)]
            return event
        if roll < 0.9 and self.chain:
            return {"type": "resolve", "item": self.chain[-1],
                    "effects": [self.effect() for _ in range(rng.randint(0, 2))]}
        return {"type": "end_turn", "player": state["turn_player"] or player}

    def event(self) -> Event:
        """An event for the state: plausible, built field by field, or either with junk somewhere inside."""
        event = self.plausible() if self.state["seq"] > 1 and self.rng.random() < 0.3 else self.built()
        return mutate(self.rng, event, self) if self.rng.random() < 0.1 else event

    def built(self) -> Event:
        kinds = [kind for kind in EVENT_FIELDS if kind not in NOT_YET and kind != "match_created"]
        kind = self.rng.choice(kinds + ["move", "assign_damage", "choose", "pass", "resolve", "resolve", "play"])
        if self.state["seq"] == 1 and self.rng.random() < 0.8:
            kind = "position"  # only ever seq 2
        event = {"type": kind, **self.body(EVENT_FIELDS[kind])}
        if kind == "resolve":
            event["effects"] = [self.effect() for _ in range(self.rng.randint(1, 3))]
        if kind == "position":
            event = mutate(self.rng, position_event(), self)
        return event

    def effect(self) -> dict[str, Any]:
        op = self.rng.choice(list(EFFECT_FIELDS) + ["move", "play", "move", "play"])
        return {"op": op, **self.body(EFFECT_FIELDS[op])}


def mutate(rng: random.Random, event: Any, generator: Generator) -> Any:
    """The event with one value somewhere inside it (at any depth) replaced by junk or a state's value."""
    event = copy.deepcopy(event)
    paths: list[tuple[Any, Any]] = []

    def walk(node: Any) -> None:
        keys = list(node) if isinstance(node, dict) else range(len(node)) if isinstance(node, list) else []
        for key in keys:
            if key not in ("type", "op"):
                paths.append((node, key))
            walk(node[key])

    walk(event)
    for _ in range(rng.randint(1, 2)):
        if not paths:
            break
        node, key = rng.choice(paths)
        node[key] = generator.junk() if rng.random() < 0.7 else rng.choice(
            [generator.pick(generator.object_ids), generator.pick(generator.battlefields), generator.pick(
                generator.players)])
    return event


def storable(event: Event) -> bool:
    """Whether the log would store the event (64-bit integers, no floats): then its state must be storable too."""
    try:
        canonical_bytes(event)
        return True
    except Malformed:
        return False


def attempt(state: State, event: Event) -> tuple[State | None, str | None]:
    """Apply one event, view the result and pack it as a snapshot would; (the new state or None, the traceback of
    a crash or None)."""
    try:
        new = engine.apply(state, event, CATALOG)
        for who in ["judge", "spectator", *new["players"]]:
            engine.view(new, who)
        if storable(event):
            snapshots.encode(new, snapshots.Shared.of(new))
        return new, None
    except engine.EngineError:
        return None, None
    except Exception:  # noqa: BLE001 - the point: anything else is a bug to report
        return None, traceback.format_exc()


def refold(start: State, accepted: list[Event], last: State) -> str | None:
    """Folding the accepted events from `start` in one go (in place, with audit checkpoints) must give the state
    that applying them one by one gave: a traceback or a difference is reported like a crash."""
    try:
        folded = engine.fold(accepted, CATALOG, start)
    except Exception:  # noqa: BLE001 - anything here is a bug: each event was accepted on its own
        return traceback.format_exc()
    if folded != last:
        differing = sorted(key for key in last if folded.get(key) != last[key])
        return f"fold differs from apply, step by step, in {differing}\n\n"
    return None


def run(tries: int, seed: int, starts: list[str] | None = None,
        progress: Callable[[int, int], None] | None = None) -> tuple[int, list[Crash]]:
    """Apply `tries` fuzzed events; returns (events applied, the first crash of each distinct failing line)."""
    rng = random.Random(seed)
    names = starts or list(STARTS) + GOLDEN
    crashes: dict[str, Crash] = {}
    applied = 0
    while applied < tries:
        name, policy = rng.choice(names), rng.choice(("strict", "audit"))
        start = state = start_state(name, policy)
        history: list[Event] = []
        accepted: list[Event] = []
        error = None
        for _ in range(rng.randint(1, 12)):
            generator = Generator(rng, state)
            event = generator.event()
            if generator.awaited and rng.random() < 0.5:
                event = {"type": "assign_damage", "player": generator.awaited["player"],
                         "assignments": generator.value("assignments", "a map")}
            history.append(event)
            applied += 1
            new, error = attempt(state, event)
            if new is None:
                break
            accepted.append(event)
            state = new
            if applied >= tries:
                break
        if error is None and accepted:
            error = refold(start, accepted, state)
        if error is not None:
            crash = Crash(name, start["policy"], copy.deepcopy(history), error)
            crashes.setdefault(crash.where(), crash)
        if progress:
            progress(applied, len(crashes))
    return applied, list(crashes.values())
