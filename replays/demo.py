"""The built-in sample matches that `riftlog demo` records.

The full game (`replays/data/full_game.rln`, also the golden match tests/data/golden_full_game.rln) is a strict duel
from the first draw to its winner: showdowns, combats, Conquers, Holds, the Final Point rule. A judge's note in it
that starts with "Refused: " names a damage assignment the strict log refused: the demo tries that line against the
log first, so the refusal is real.

The real-cards game (`replays/data/real_cards.rln`, also the golden match tests/data/golden_cards.rln) is a strict
duel between demo decks 3 and 4, real decks read from a text list and a deck code: Legend abilities, Gold tokens,
Equip, a Hidden unit, a static bonus and a replaced death, to its winner.

The same game recorded again as a "checked" match under Core Rules v1.4 (`replays/data/real_cards_checked.rln`, also
the golden match tests/data/golden_cards_checked.rln; issue 26): every trigger the engine finds due recorded where
it is due, costs and statics read from the cards, each resolution checked against the card's text.

The games of the modes of more than two players (`replays/data/ffa3.rln`, `ffa4.rln`, `two_v_two.rln`, also golden
matches) are strict games of demo decks 1-4 to their winners: FFA3 with an invitation into a combat, FFA4 with a
player conceding while the game goes on, 2v2 with a teammate invited to play a spell and teams sharing a score.

The v1.4 game (`replays/data/v14.rln`, also the golden match tests/data/golden_v14.rln) is a strict duel under Core
Rules v1.4 between demo decks 5 and 6, built around Vendetta cards, from a judge's position on turn 10: a unit
mistargeted (758.1), prevention in combat damage assignment (465.2.c.10), Empower, Contested removed at a cleanup
(323.11: a unit moved to the battlefield it then contests dies in that move's cleanup), Burn, Skip and Flow.

Two short duels between the demo catalog's decks (engine/data/demo_decks.json), Loose Cannon (Fury/Chaos) against
Nine-Tailed Fox (Calm/Mind), over five turns:

- "strict": turn 5 has a chain of three items that resolve newest first (Shakedown, answered by Discipline,
  answered by Hard Bargain, which counters Discipline; then Shakedown kills Stalwart Poro). An illegal play during
  that chain is refused by the log, and a judge's note records the refusal.
- "audit": the same game, transcribed after the fact, where Nine-Tailed Fox answered with Rune Prison, which has no
  Reaction: the log keeps the play and flags it (rule 334.1.a). The game ends with a concession.

Events that target objects are written as functions of the state so far, since object ids are handed out by the
engine as the match unfolds.
"""
from __future__ import annotations

import json
from importlib import resources
from typing import Any, Callable

from engine import modes
from recorder import Log, Refused
from replays import notation

Step = dict[str, Any] | Callable[[dict[str, Any]], dict[str, Any]]


def decks() -> list[dict[str, Any]]:
    return json.loads(resources.files("engine").joinpath("data/demo_decks.json").read_text())["decks"]


# The players of the sample matches, in seating order; in 2v2 the allies sit next to each other (648.5.b.3), decks 1
# and 2 against decks 3 and 4 (teammates bring different battlefields, v1.3 484.8.h).
NAMES = ("Ana", "Ben", "Cai", "Dee")
TEAMS = ("Blue", "Blue", "Red", "Red")


def match_created(policy: str, event: str, mode: str = "duel") -> dict[str, Any]:
    count = modes.mode(mode)["players"]
    players = [{"name": name, **{key: deck[key] for key in ("legend", "champion", "deck", "runes", "battlefields")}}
               for name, deck in zip(NAMES[:count], decks())]
    if modes.mode(mode)["teams"]:
        for player, team in zip(players, TEAMS):
            player["team"] = team
    return {"type": "match_created", "mode": mode, "rules": "v1.3", "abilities": "declared", "players": players,
            "catalog": "demo", "policy": policy, "info": {"event": event, "round": 1, "table": 1 if policy == "strict" else 2}}


def find(state: dict[str, Any], player: str, card: str, zone: str = "board") -> str:
    """The id of `player`'s first object named `card` in `zone` (the newest, for runes on the board: see runes)."""
    for object_id, obj in state["objects"].items():
        if obj["owner"] == player and obj["card"] == card and obj["zone"] == zone:
            return object_id
    raise LookupError(f"no {card!r} of {player} in {zone}")


def ready_runes(state: dict[str, Any], player: str, count: int, domain: str | None = None) -> list[str]:
    """`count` ready runes of `player`, optionally of one domain (oldest first)."""
    found = [object_id for object_id in state["players"][player]["runes"]
             if not state["objects"][object_id]["exhausted"]
             and (domain is None or state["cards"][state["objects"][object_id]["card"]]["domains"] == [domain])]
    if len(found) < count:
        raise LookupError(f"{player} has {len(found)} ready {domain or ''} runes, not {count}")
    return found[:count]


def play(player: str, card: str, exhaust: int = 0, recycle: str | None = None,
         target: tuple[str, str] | None = None, target_item: int | None = None) -> Step:
    """A `play` that pays by exhausting `exhaust` runes and recycling one rune of domain `recycle`, targeting
    (owner, card) on the board or the chain item `target_item` positions from the top."""
    def build(state: dict[str, Any]) -> dict[str, Any]:
        recycled = ready_runes(state, player, 1, recycle) if recycle else []
        exhausted = [rune for rune in ready_runes(state, player, exhaust + len(recycled)) if rune not in recycled]
        event: dict[str, Any] = {"type": "play", "player": player, "card": card,
                                 "pay": {"exhaust": exhausted[:exhaust], "recycle": recycled}}
        if target:
            event["targets"] = [find(state, *target)]
        if target_item is not None:
            event["targets"] = [state["chain"][-target_item]["id"]]
        return event
    return build


def resolve(*effects: Callable[[dict[str, Any]], dict[str, Any]]) -> Step:
    """Resolve the newest chain item with the given effect ops."""
    return lambda state: {"type": "resolve", "item": state["chain"][-1]["id"],
                          "effects": [effect(state) for effect in effects]}


def counter_item(position: int) -> Callable[[dict[str, Any]], dict[str, Any]]:
    return lambda state: {"op": "counter", "item": state["chain"][-position]["id"]}


def damage(owner: str, card: str, amount: int) -> Callable[[dict[str, Any]], dict[str, Any]]:
    return lambda state: {"op": "damage", "target": find(state, owner, card), "amount": amount}


def opening() -> list[Step]:
    """Setup and the first four turns, common to both sample matches."""
    return [
        {"type": "game_started", "game": 1, "first_player": "P1",
         "battlefields": {"P1": "Zaun Warrens", "P2": "Altar to Unity"}},
        {"type": "draw", "player": "P1", "cards": ["Legion Rearguard", "Shakedown", "Hard Bargain", "Void Seeker"]},
        {"type": "draw", "player": "P2",
         "cards": ["Stalwart Poro", "Discipline", "Clockwork Keeper", "Rune Prison"]},
        lambda state: {"type": "mulligan", "player": "P1", "set_aside": [find(state, "P1", "Void Seeker", "hand")]},
        {"type": "draw", "player": "P1", "cards": ["Chemtech Enforcer"]},
        {"type": "mulligan", "player": "P2", "set_aside": []},
        # Turn 1: Ana.
        {"type": "channel", "player": "P1", "runes": ["Fury Rune", "Chaos Rune"]},
        {"type": "draw", "player": "P1", "cards": ["Pouty Poro"]},
        play("P1", "Legion Rearguard", exhaust=2),
        {"type": "end_turn", "player": "P1"},
        # Turn 2: Ben channels an extra rune on his first turn (rule 644.7).
        {"type": "channel", "player": "P2", "runes": ["Calm Rune", "Mind Rune", "Calm Rune"]},
        {"type": "draw", "player": "P2", "cards": ["Sunlit Guardian"]},
        play("P2", "Stalwart Poro", exhaust=2),
        {"type": "end_turn", "player": "P2"},
        # Turn 3: Ana.
        {"type": "channel", "player": "P1", "runes": ["Fury Rune", "Chaos Rune"]},
        {"type": "draw", "player": "P1", "cards": ["Flame Chompers"]},
        play("P1", "Chemtech Enforcer", exhaust=2),
        play("P1", "Pouty Poro", exhaust=2),
        {"type": "end_turn", "player": "P1"},
        # Turn 4: Ben.
        {"type": "channel", "player": "P2", "runes": ["Mind Rune", "Calm Rune"]},
        {"type": "draw", "player": "P2", "cards": ["Defy"]},
        play("P2", "Clockwork Keeper", exhaust=2),
        {"type": "end_turn", "player": "P2"},
        # Turn 5: Ana.
        {"type": "channel", "player": "P1", "runes": ["Fury Rune", "Chaos Rune"]},
        {"type": "draw", "player": "P1", "cards": ["Gust"]},
        play("P1", "Shakedown", exhaust=2, recycle="Fury", target=("P2", "Stalwart Poro")),
        {"type": "pass", "player": "P1"},
    ]


def strict_steps() -> list[Step]:
    return [
        *opening(),
        play("P2", "Discipline", exhaust=2, target=("P2", "Stalwart Poro")),
        {"type": "pass", "player": "P2"},
        play("P1", "Hard Bargain", exhaust=2, target_item=1),
        {"type": "pass", "player": "P1"},
        {"type": "pass", "player": "P2"},
        resolve(counter_item(2)),  # Ben cannot pay [2]: Discipline is countered
        {"type": "pass", "player": "P1"},
        {"type": "pass", "player": "P2"},
        resolve(damage("P2", "Stalwart Poro", 6)),  # lethal: the cleanup kills the Poro (rule 520)
        {"type": "end_turn", "player": "P1"},
    ]


def audit_steps() -> list[Step]:
    return [
        *opening(),
        # Rune Prison has Action, not Reaction: flagged (334.1.a), kept.
        play("P2", "Rune Prison", exhaust=2, recycle="Calm", target=("P1", "Legion Rearguard")),
        {"type": "pass", "player": "P2"},
        play("P1", "Hard Bargain", exhaust=2, target_item=1),
        {"type": "pass", "player": "P1"},
        {"type": "pass", "player": "P2"},
        resolve(counter_item(2)),
        {"type": "pass", "player": "P1"},
        {"type": "pass", "player": "P2"},
        resolve(damage("P2", "Stalwart Poro", 6)),
        {"type": "concede", "player": "P2"},
    ]


REFUSED_ATTEMPT: Step = play("P2", "Sunlit Guardian", exhaust=0)


def record(log: Log, policy: str, steps: list[Step], event: str) -> tuple[str, str]:
    """Record one sample match step by step through the log; returns its id and token."""
    match_id, token = log.create_match(match_created(policy, event), meta={"client": "riftlog demo"})
    state = log.state_at(match_id)
    attempted = policy != "strict"
    for step in steps:
        built = step(state) if callable(step) else step
        log.append(match_id, [built], expected_seq=state["seq"], meta={"client": "riftlog demo"})
        state = log.state_at(match_id)
        if not attempted and len(state["chain"]) == 3:
            state = _refused_attempt(log, match_id, state)
            attempted = True
    return match_id, token


def _refused_attempt(log: Log, match_id: str, state: dict[str, Any]) -> dict[str, Any]:
    """Try a play the rules forbid while the chain is open; the strict log refuses it and a judge notes it."""
    attempt = REFUSED_ATTEMPT(state)
    try:
        log.append(match_id, [attempt], expected_seq=state["seq"])
    except Refused as refusal:
        text = "Refused: P2 tried to play Sunlit Guardian: " + "; ".join(
            f"{violation['message']} (rule {violation['rule']})" for violation in refusal.violations)
        log.append(match_id, [{"type": "note", "text": text}], expected_seq=state["seq"])
        return log.state_at(match_id)
    raise AssertionError("the strict log accepted an illegal play")


REFUSED = "Refused: "


def full_game_text() -> str:
    return resources.files("replays").joinpath("data/full_game.rln").read_text(encoding="utf-8")


def real_cards_text() -> str:
    return resources.files("replays").joinpath("data/real_cards.rln").read_text(encoding="utf-8")


def record_real_cards(log: Log) -> tuple[str, str]:
    """Record the real-cards game through the log, all or nothing (the notation import)."""
    return notation.import_match(log, real_cards_text())


def real_cards_checked_text() -> str:
    return resources.files("replays").joinpath("data/real_cards_checked.rln").read_text(encoding="utf-8")


def record_real_cards_checked(log: Log) -> tuple[str, str]:
    """Record the real-cards game recorded again as a checked v1.4 match (issue 26), all or nothing."""
    return notation.import_match(log, real_cards_checked_text())


def record_full_game(log: Log) -> tuple[str, str]:
    """Record the full game through the log; before each "Refused: LINE | WHY (RULE)" note, LINE is appended and
    must be refused citing RULE."""
    catalog = log.catalog("demo")
    events = notation.parse_match(full_game_text(), catalog)
    match_id, token = log.create_match(events[0], meta={"client": "riftlog demo"})
    batch: list[dict[str, Any]] = []
    for event in events[1:]:
        if event["type"] == "note" and event["text"].startswith(REFUSED):
            if batch:
                log.append(match_id, batch, meta={"client": "riftlog demo"})
                batch = []
            _attempt(log, match_id, event["text"], catalog)
        batch.append(event)
    log.append(match_id, batch, meta={"client": "riftlog demo"})
    return match_id, token


def _attempt(log: Log, match_id: str, note: str, catalog: Any) -> None:
    """Append the line a "Refused: LINE | WHY (RULE)" note names; the strict log must refuse it, citing RULE."""
    line, _, why = note[len(REFUSED):].partition(" | ")
    rule = why.rsplit("(", 1)[-1].rstrip(")")
    state = log.state_at(match_id)
    try:
        log.append(match_id, [notation.parse_event(line, state)], expected_seq=state["seq"])
    except Refused as refusal:
        if rule not in [violation["rule"] for violation in refusal.violations]:
            raise AssertionError(f"{line!r} was refused, but not for rule {rule}: {refusal.violations}") from None
        return
    raise AssertionError(f"the strict log accepted {line!r}, which the full game's note says it refused")


# The games of the modes of more than two players (issue 16), each to its winner: FFA3 (Skirmish), FFA4 (War) and
# 2v2 (Magma Chamber), also the golden matches tests/data/golden_ffa3.rln, golden_ffa4.rln and golden_2v2.rln.
MODE_GAMES = {"ffa3": "ffa3.rln", "ffa4": "ffa4.rln", "2v2": "two_v_two.rln"}


def mode_game_text(mode: str) -> str:
    return resources.files("replays").joinpath(f"data/{MODE_GAMES[mode]}").read_text(encoding="utf-8")


def record_mode_game(log: Log, mode: str) -> tuple[str, str]:
    """Record the demo game of a mode through the log, all or nothing (the notation import)."""
    return notation.import_match(log, mode_game_text(mode))


def v14_text() -> str:
    return resources.files("replays").joinpath("data/v14.rln").read_text(encoding="utf-8")


def record_v14(log: Log) -> tuple[str, str]:
    """Record the v1.4 game (also the golden match tests/data/golden_v14.rln) through the log, all or nothing."""
    return notation.import_match(log, v14_text())


SAMPLES = {"riftlog demo: strict": lambda log: record(log, "strict", strict_steps(), "riftlog demo: strict"),
           "riftlog demo: audit": lambda log: record(log, "audit", audit_steps(), "riftlog demo: audit"),
           "riftlog demo: full game": record_full_game,
           "riftlog demo: real cards": record_real_cards,
           **{f"riftlog demo: {mode}": lambda log, mode=mode: record_mode_game(log, mode) for mode in MODE_GAMES},
           "riftlog demo: v1.4": record_v14,
           "riftlog demo: real cards, checked": record_real_cards_checked}


def record_demo(log: Log) -> dict[str, str]:
    """Record the sample matches the log does not hold yet (recognised by their event name), so that recording the
    demo again keeps every match already there; returns {match id: match token} of those it recorded."""
    present = {(match.get("info") or {}).get("event") for match in log.matches()}
    return dict(record_sample(log) for name, record_sample in SAMPLES.items() if name not in present)
