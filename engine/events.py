"""The shapes of events (contract section 1): which fields each type has, and their types.

`validate(event)` raises MalformedEvent naming the type and field that is wrong. It checks shape only; whether an
event is legal at this point of the game is the business of the rules modules.
"""
from __future__ import annotations

from typing import Any

from engine.errors import MalformedEvent

STR = "a string"
INT = "an integer"
LIST = "a list"
MAP = "a map"
BOOL = "a boolean"
ANY = "any value"
STR_OR_NONE = "a string or null"

_CHECKS = {
    STR: lambda value: isinstance(value, str),
    INT: lambda value: isinstance(value, int) and not isinstance(value, bool),
    LIST: lambda value: isinstance(value, list),
    MAP: lambda value: isinstance(value, dict),
    BOOL: lambda value: isinstance(value, bool),
    ANY: lambda value: True,
    STR_OR_NONE: lambda value: value is None or isinstance(value, str),
}

# The fields of a static effect besides its source (engine/statics.py checks their shapes).
STATIC_FIELDS = ("affects", "might", "min", "keywords", "values", "enter_ready", "cost", "while", "until", "next",
                 "text", "rule", "value")

# type -> {field: (kind, required)}
EVENT_FIELDS: dict[str, dict[str, tuple[str, bool]]] = {
    "match_created": {"mode": (STR, True), "players": (LIST, True), "catalog": (STR, False),
                      "policy": (STR, False), "info": (MAP, False), "best_of": (INT, False)},
    "game_started": {"game": (INT, True), "first_player": (STR, True), "battlefields": (MAP, True)},
    "draw": {"player": (STR, True), "cards": (LIST, True)},
    "mulligan": {"player": (STR, True), "set_aside": (LIST, True)},
    "channel": {"player": (STR, True), "runes": (LIST, True)},
    "concede": {"player": (STR, True), "match": (BOOL, False)},
    "agreed_draw": {"match": (BOOL, False)},
    "sideboard": {"player": (STR, True), "in": (LIST, True), "out": (LIST, True), "champion": (STR, False)},
    "time": {"extra_turns": (INT, True), "called_at_seq": (INT, False), "procedure": (STR, False)},
    "error": {"player": (STR, True), "infraction": (STR, True), "source": (STR, False), "ability": (STR, False),
              "battlefield": (STR, False), "objects": (LIST, False), "count": (INT, False), "note": (STR, False)},
    "remedy": {"player": (STR, True), "infraction": (STR, True), "about": (INT, False), "choice": (STR, False),
               "source": (STR, False), "ability": (STR, False), "cards": (LIST, False), "runes": (LIST, False),
               "draw": (LIST, False), "exhaust": (LIST, False), "recycle": (LIST, False), "note": (STR, False)},
    "position": {"turn": (INT, True), "turn_player": (STR, True), "phase": (STR, True), "first_player": (STR, True),
                 "battlefields": (MAP, True), "players": (MAP, True), "control": (MAP, False),
                 "contested": (MAP, False), "scored": (MAP, False), "game": (INT, False), "games_won": (MAP, False),
                 "games_drawn": (INT, False),
                 "statics": (LIST, False)},
    "play": {"player": (STR, True), "card": (STR, True), "from": (STR, False), "to": (STR_OR_NONE, False),
             "targets": (LIST, False), "options": (MAP, False), "pay": (MAP, False), "statics": (LIST, False)},
    "static": {"source": (STR, True), **{field: (ANY, False) for field in STATIC_FIELDS}},
    "activate": {"player": (STR, True), "source": (STR, True), "ability": (ANY, True),
                 "targets": (LIST, False), "pay": (MAP, False), "options": (MAP, False)},
    "add": {"player": (STR, True), "exhaust": (LIST, False), "recycle": (LIST, False)},
    "hide": {"player": (STR, True), "card": (STR, True), "battlefield": (STR, True), "pay": (MAP, False)},
    "move": {"player": (STR, True), "units": (LIST, True), "to": (STR, True), "pay": (MAP, False)},
    "pass": {"player": (STR, True)},
    "invite": {"player": (STR, True), "invitee": (STR, True)},
    "end_turn": {"player": (STR, True), "ending_step": (BOOL, False)},
    "trigger": {"player": (STR, True), "source": (STR, True), "ability": (STR, True), "targets": (LIST, False), "cost": (MAP, False), "pay": (MAP, False), "declined": (BOOL, False), "options": (MAP, False)},
    "resolve": {"item": (STR, True), "effects": (LIST, True), "targets_kept": (LIST, False), "split": (INT, False)},
    "assign_damage": {"player": (STR, True), "assignments": (MAP, True)},
    "replace": {"player": (STR, True), "event": (MAP, True), "with": (LIST, True), "source": (STR, False),
                "until": (STR, False)},
    "choose": {"player": (STR, True), "choice": (ANY, True)},
    "note": {"text": (STR, True), "about": (INT, False)},
    "rewind": {"to": (INT, True), "reason": (STR, True), "by": (STR, False), "returned": (MAP, False)},
    "game_loss": {"player": (STR, True), "reason": (STR, True)},
    "penalty": {"player": (STR, True), "infraction": (STR, True), "penalty": (STR, True), "rule": (STR, True),
                "remedy": (STR, False), "note": (STR, False), "upgrade": (MAP, False), "carried": (MAP, False),
                "simultaneous": (LIST, False)},
}

# op -> {field: (kind, required)}
EFFECT_FIELDS: dict[str, dict[str, tuple[str, bool]]] = {
    "damage": {"target": (STR, True), "amount": (INT, True)},
    "heal": {"target": (STR, True)},
    "kill": {"target": (STR, True)},
    "banish": {"target": (STR, False), "player": (STR, False), "cards": (LIST, False), "from": (STR, False)},
    "buff": {"target": (STR, True)},
    "spend_buff": {"target": (STR, True)},
    "might": {"target": (STR, True), "delta": (INT, True), "until": (STR, False)},
    "grant": {"target": (STR, True), "keyword": (STR, True), "value": (ANY, False), "until": (STR, False)},
    "stun": {"target": (STR, True)},
    "ready": {"target": (STR, True)},
    "exhaust": {"target": (STR, True)},
    "move": {"target": (STR, True), "to": (STR, True), "pay": (MAP, False)},
    "recall": {"target": (STR, True)},
    "return": {"target": (STR, True), "to": (STR, True)},
    "draw": {"player": (STR, True), "cards": (LIST, True)},
    "discard": {"player": (STR, True), "cards": (LIST, True)},
    "channel": {"player": (STR, True), "runes": (LIST, True), "exhausted": (BOOL, False)},
    "add": {"player": (STR, True), "energy": (INT, False), "power": (MAP, False)},
    "recycle": {"player": (STR, True), "cards": (LIST, True), "from": (STR, False)},
    "counter": {"item": (STR, True)},
    "token": {"kind": (STR, False), "might": (INT, False), "tags": (LIST, False), "keywords": (LIST, False),
              "controller": (STR, True), "to": (STR, False), "ready": (BOOL, False), "type": (STR, False),
              "name": (STR, False)},
    "point": {"player": (STR, True), "amount": (INT, True)},
    "reveal": {"player": (STR, True), "cards": (LIST, True), "from": (STR, False)},
    "look": {"player": (STR, True), "cards": (LIST, True), "from": (STR, False)},
    "predict": {"player": (STR, True), "cards": (LIST, True)},
    "burn": {"player": (STR, True), "cards": (LIST, True)},
    "play": {"player": (STR, True), "card": (STR, True), "from": (STR, False), "to": (STR_OR_NONE, False),
             "targets": (LIST, False), "options": (MAP, False), "pay": (MAP, False), "statics": (LIST, False)},
    "static": {"source": (STR, False), **{field: (ANY, False) for field in STATIC_FIELDS}},
    "empower": {"target": (STR, True)},
    "disempower": {"target": (STR, True)},
    "counters": {"target": (STR, True), "count": (INT, True), "kind": (STR, False), "to": (STR, False)},
    "control": {"target": (STR, False), "item": (STR, False), "player": (STR, True)},
    "retarget": {"item": (STR, True), "targets": (LIST, True), "modes": (LIST, False), "destinations": (LIST, False)},
    "name": {"target": (STR, True), "card": (STR, False), "tag": (STR, False), "type": (STR, False),
             "of": (STR, False)},
    "note": {"text": (STR, True)},
    "attach": {"target": (STR, True), "to": (STR, True), "pay": (MAP, False)},
    "detach": {"target": (STR, True)},
    "replace": {"event": (MAP, True), "with": (LIST, True), "until": (STR, False)},
    "prevent": {"target": (STR, False), "amount": (INT, False), "next": (BOOL, False), "only": (STR, False),
                "until": (STR, False)},
    "double": {"target": (STR, True), "until": (STR, False)},
    "xp": {"player": (STR, True), "amount": (INT, True)},
    "turn": {"player": (STR, True)},
    "pay": {"player": (STR, True), "energy": (INT, False), "power": (MAP, False), "pay": (MAP, False),
            "declined": (BOOL, False)},
    "delayed": {"label": (STR, True), "about": (LIST, False), "until": (STR, False), "repeat": (BOOL, False),
                "text": (STR, False)},
    "copy": {"target": (STR, True), "of": (STR, True)},
    "win": {"player": (STR, True)},
    "battlefield": {"kind": (STR, True), "replaces": (STR, False)},
}
TOKEN_TYPES = ("unit", "gear")

UNTIL = ("turn", "permanent")
PAY_FIELDS = {"exhaust": (LIST, False), "recycle": (LIST, False)}


def _check_fields(what: str, body: dict[str, Any], spec: dict[str, tuple[str, bool]]) -> None:
    """Each field of `spec` present (if required) and of its kind; an optional field is left out, not null."""
    for field, (kind, required) in spec.items():
        if field not in body:
            if required:
                raise MalformedEvent(f"{what}: missing field '{field}' ({kind})")
            continue
        if not _CHECKS[kind](body[field]):
            raise MalformedEvent(f"{what}: field '{field}' must be {kind}, got {body[field]!r}")


# Fields that list names or ids: strings only ("cards" may hold null for a card nobody saw).
STRING_LISTS = ("cards", "runes", "targets", "set_aside", "units", "targets_kept", "tags", "keywords", "exhaust",
                "recycle", "about", "exhausting", "objects")


_STRING_LIST_FIELDS = frozenset(STRING_LISTS)


def _check_lists(what: str, body: dict[str, Any]) -> None:
    if _STRING_LIST_FIELDS.isdisjoint(body):  # most events (pass, note, end_turn...) have none: done at once
        return
    for field in STRING_LISTS:
        values = body.get(field)
        if isinstance(values, list):
            allowed = (str, type(None)) if field == "cards" else (str,)
            for value in values:
                if not isinstance(value, allowed):
                    raise MalformedEvent(f"{what}: every entry of '{field}' must be a string, got {value!r}")


# The largest number an event may carry, either way: far beyond any count of the game, and small enough that no sum
# a match can make of them overflows the 64-bit integers its states are stored with (recorder/snapshots.py).
MAX_NUMBER = 2 ** 31 - 1


def _too_large(event: dict[str, Any]) -> bool:
    """Whether an integer anywhere in the event (nested maps and lists included) is beyond MAX_NUMBER either way.
    A loop over a stack, not recursion: however deep an event is nested, this cannot overflow Python's stack."""
    stack: list[Any] = [event]
    while stack:
        value = stack.pop()
        kind = type(value)  # exact types: a bool is no number here, and this runs for every event
        if kind is int:
            if not -MAX_NUMBER <= value <= MAX_NUMBER:
                return True
        elif kind is dict:
            stack.extend(value.values())
        elif kind is list:
            stack.extend(value)
    return False


def _where_too_large(event: dict[str, Any]) -> tuple[str, int]:
    """The path to an integer beyond MAX_NUMBER in the event, and that integer (for the error message)."""
    stack: list[tuple[Any, str]] = [(event, "")]
    while stack:
        value, path = stack.pop()
        if type(value) is int and not -MAX_NUMBER <= value <= MAX_NUMBER:
            return path, value
        items = value.items() if isinstance(value, dict) else enumerate(value) if isinstance(value, list) else ()
        stack.extend((item, f"{path}[{key!r}]" if path else repr(key)) for key, item in items)
    raise AssertionError("called only when _too_large found one")


# The exact Python types each kind of field is, for `_plainly_valid` (None: any value).
_EXACT: dict[str, tuple[type, ...] | None] = {STR: (str,), INT: (int,), LIST: (list,), MAP: (dict,), BOOL: (bool,),
                                               ANY: None, STR_OR_NONE: (str, type(None))}
Table = tuple[frozenset[str], dict[str, tuple[type, ...] | None]]


def _table(spec: dict[str, tuple[str, bool]]) -> Table:
    """A spec of fields as (its required fields, {field: the exact types it may be})."""
    return (frozenset(field for field, (_, required) in spec.items() if required),
            {field: _EXACT[of] for field, (of, _) in spec.items()})


_NAME = (str,)
_CARD = (str, type(None))


def _plain_fields(body: dict[str, Any], table: Table) -> bool:
    """Whether a map passes `_check_fields`, `_check_lists` and `_too_large` for its spec, by exact type tests:
    True only when those checks pass (False: ask them, they say what is wrong, or accept what exact types do not,
    such as a subclass of int). Written for speed (every event and effect of a fold comes here): a string needs
    nothing more once its kind is right, and a list of names is walked by a plain loop."""
    required, kinds = table
    if not required <= body.keys():
        return False
    for field, value in body.items():
        of = type(value)
        allowed = kinds.get(field)  # None: a field the spec does not name, or one of any kind
        if allowed is not None and of not in allowed:
            return False
        if of is str:
            continue
        if of is int:
            if not -MAX_NUMBER <= value <= MAX_NUMBER:
                return False
        elif of is list:
            if field in _STRING_LIST_FIELDS:
                names = _CARD if field == "cards" else _NAME
                for entry in value:
                    if type(entry) not in names:
                        return False
            elif _too_large(value):
                return False
        elif of is dict and _too_large(value):
            return False
    return True


# Made once: a fold checks every event it reads, and most are a few strings and lists of strings.
_EVENT_TABLES = {kind: _table(spec) for kind, spec in EVENT_FIELDS.items()}
_EFFECT_TABLES = {op: _table(spec) for op, spec in EFFECT_FIELDS.items()}
_PAY_TABLE = _table(PAY_FIELDS)
_WITH_PAY = frozenset(kind for kind, spec in EVENT_FIELDS.items() if "pay" in spec)


def _plainly_valid(event: Any) -> bool:
    """Whether an event passes the first checks of `validate` (a map of a known type, no number beyond MAX_NUMBER,
    each field of its kind, each list of names a list of strings), by `_plain_fields`."""
    if type(event) is not dict:
        return False
    kind = event.get("type")
    if type(kind) is not str:  # a map or a list is no type (and no key to look up)
        return False
    table = _EVENT_TABLES.get(kind)
    return table is not None and _plain_fields(event, table)


def validate(event: Any) -> None:
    """Check an event's shape against the contract; raise MalformedEvent naming what is wrong."""
    if not _plainly_valid(event):
        _check_event(event)
    kind = event["type"]
    if kind in _WITH_PAY and "pay" in event:
        _check_pay(event["pay"], f"'{kind}' event")
    if kind == "resolve":
        for index, effect in enumerate(event["effects"]):
            validate_effect(effect, f"'resolve' event, effect {index + 1}")
    if kind == "replace":
        _check_replacement(event, f"'{kind}' event")


def _check_pay(pay: Any, where: str) -> None:
    """The runes a `pay` names (`exhaust`, `recycle`: lists of ids), by `_plain_fields` first; MalformedEvent
    naming `where` (the event, or the effect op) and what is wrong."""
    if type(pay) is not dict or not _plain_fields(pay, _PAY_TABLE):
        _check_fields(f"{where}, 'pay'", pay, PAY_FIELDS)
        _check_lists(f"{where}, 'pay'", pay)


def _check_event(event: Any) -> None:
    """The first checks of `validate`, in order, each raising MalformedEvent with what is wrong."""
    if not isinstance(event, dict):
        raise MalformedEvent(f"an event must be a map, got {event!r}")
    kind = event.get("type")
    if not isinstance(kind, str) or kind not in EVENT_FIELDS:
        raise MalformedEvent(f"unknown event type {kind!r}; known types: {', '.join(EVENT_FIELDS)}")
    if _too_large(event):
        path, number = _where_too_large(event)
        raise MalformedEvent(f"'{kind}' event: {path} is {number}, beyond the {MAX_NUMBER} a number in an event may be")
    _check_fields(f"'{kind}' event", event, EVENT_FIELDS[kind])
    _check_lists(f"'{kind}' event", event)


# The events a replacement may replace (engine/replacement.py): a permanent's death.
REPLACEABLE = ("kill",)


def _check_replacement(body: dict[str, Any], where: str) -> None:
    """A replacement names the replaced event as {op: "kill", target} and the ops that happen instead."""
    replaced = body["event"]
    if replaced.get("op") not in REPLACEABLE or not isinstance(replaced.get("target"), str) or set(replaced) != {
            "op", "target"}:
        raise MalformedEvent(f"{where}: 'event' names the replaced event as {{\"op\": \"kill\", \"target\": id}}, "
                             f"got {replaced!r}")
    for index, effect in enumerate(body["with"]):
        validate_effect(effect, f"{where}, 'with' op {index + 1}")
    until = body.get("until")
    if until is not None and until not in UNTIL:
        raise MalformedEvent(f"{where}: 'until' must be 'turn' or 'permanent', got {until!r}")


def validate_effect(effect: Any, where: str) -> None:
    """Check one effect op of a resolve event."""
    if not isinstance(effect, dict):
        raise MalformedEvent(f"{where}: an effect must be a map with an 'op', got {effect!r}")
    op = effect.get("op")
    if not isinstance(op, str) or op not in EFFECT_FIELDS:
        raise MalformedEvent(f"{where}: unknown effect op {op!r}; known ops: {', '.join(EFFECT_FIELDS)}")
    if not _plain_fields(effect, _EFFECT_TABLES[op]):
        _check_fields(f"{where} ({op})", effect, EFFECT_FIELDS[op])
        _check_lists(f"{where} ({op})", effect)
    if "pay" in effect:
        _check_pay(effect["pay"], f"{where} ({op})")
    if op == "replace":
        _check_replacement(effect, f"{where} (replace)")
    power = effect.get("power")
    if power is not None and not all(isinstance(amount, int) and not isinstance(amount, bool)
                                     for amount in power.values()):
        raise MalformedEvent(f"{where} ({op}): 'power' maps each domain to a whole number, got {power!r}")
    if op == "control" and ("target" in effect) == ("item" in effect):
        raise MalformedEvent(f"{where} (control): names either a 'target' (an object) or an 'item' (a chain item), "
                             f"got {sorted(key for key in effect if key != 'op')!r}")
    if op == "token":
        if "kind" not in effect and "name" not in effect:
            raise MalformedEvent(f"{where} (token): missing field 'kind' (a string): the kind of token, or its "
                                 f"'name'")
        if "kind" in effect and "name" in effect and effect["kind"] != effect["name"]:
            raise MalformedEvent(f"{where} (token): 'kind' {effect['kind']!r} and 'name' {effect['name']!r} name "
                                 f"different tokens")
        if effect.get("type", "unit") not in TOKEN_TYPES:
            raise MalformedEvent(f"{where} (token): 'type' must be 'unit' or 'gear', got {effect['type']!r}")
    until = effect.get("until")
    if until is not None and until not in UNTIL and not (op == "delayed" and until == "ending_step"):
        raise MalformedEvent(f"{where} ({op}): 'until' must be 'turn' or 'permanent', got {until!r}")
