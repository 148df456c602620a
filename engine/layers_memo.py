"""Whether anything the layers read changed since they were last applied to a state: if not, applying them again
would write what is already there, and engine/layers.py `refresh_all` skips it.

Most events (a pass, a payment, a draw) change nothing the layers read, yet the layers are applied after every
event, in every cleanup and after each change to an object (docs/engine.md, "The layers' refresh"). Rather than
have every write of a layer input in the rules modules mark the state dirty (~130 write sites in ~30 modules), the
state keeps no mark: after an application, a copy is kept of what the layers read, and the next application first
compares the state with it, in C (dict and list equality), skipping the layers when it is equal.

What is kept and compared (what engine/layers.py, engine/cards/holds.py, engine/teams.py and engine/editions.py
read): every object, whole but for the fields no layer reads (`UNREAD`: an exhausted rune or a damaged unit changes
nothing; the copy is patched with them, so the next comparison is again one equality) and, but for a wide static
(below), the objects out of play (a card drawn, a spell put on the chain; `_out_of_play`); the statics; the
battlefields; the showdown, the Victory Score, the rules, the turn order and the removed players; the players'
teams; and, with a static of Might or keywords in force whose condition or count reads more than its source (a
Legion, a level, a count of runes or cards), the players whole and the cards played this turn.

The layers are a function of what they read, but for the few statics whose change reads what the layers write
(`reads_what_layers_write`): with one in force the refresh is not idempotent, so nothing is kept and the layers are
always applied.

Copies are kept per thread (`threading.local`), one per state (by its id, up to `KEPT`: a server's writer folds
the appends of many matches in turn, each onto its own state in place); a state with none is compared with the
last one kept, and takes it over when their statics are the same (`engine.apply` folds each event onto a new copy
of the state). What a copy holds decides whether the layers are skipped, never which state it was made of.

tests/test_layers_both_ways.py applies the layers both ways, skipped and whole, in every state of the gallery and
plain duels and the golden logs.
"""
from __future__ import annotations

import threading
from itertools import compress
from operator import ne
from typing import Any

State = dict[str, Any]
UNREAD = frozenset({"exhausted", "damage"})  # object fields no layer reads
# The parts of the state compared whole (besides the objects and the statics), small and seldom changed.
GLOBAL = ("battlefields", "showdown", "victory_score", "rules", "removed", "turn_order", "abilities")
# A static's `while` that reads only its source (its own fields, compared with the objects).
SOURCE_ONLY = frozenset({"empowered", "mighty", "at"})
IN_PLAY = ("board", "legend")  # engine/layers.py's: the objects whose passive abilities are active


KEPT = 32  # copies kept per thread: a server's writer folds the appends of many matches in turn, each in place


class _Copy:
    """What the layers read in a state just after they were applied to it: its `cards` (shared by every state of a
    match, never written after the match is created, so compared by identity), whether its statics read more than
    their sources (`wide`), and copies of its objects, statics and the rest (`_rest`). The state is not held: which
    copy a state is compared with decides only how much is found equal (a new state may get the id of one gone)."""
    __slots__ = ("filled", "cards", "wide", "objects", "statics", "rest")

    def __init__(self) -> None:
        self.filled = False
        self.cards: Any = None
        self.wide = False
        self.objects: dict[str, dict[str, Any]] = {}
        self.statics: Any = None
        self.rest: Any = None


class _Memo(threading.local):
    """The copies kept for one thread, by the id of their state, oldest first, and the last one kept."""

    def __init__(self) -> None:
        self.copies: dict[int, _Copy] = {}
        self.last: _Copy | None = None


_memo = _Memo()


def _found(state: State) -> _Copy | None:
    """The copy kept of `state` itself (by its id), else the last one kept (a state `engine.apply` copied from it,
    say)."""
    memo = _memo
    return memo.copies.get(id(state)) or memo.last


def reads_what_layers_write(static: dict[str, Any]) -> bool:
    """Whether a static with Might or keywords asks what the layers write (Might, Mighty, keywords): a `per` count
    of Mighty units, of units with a keyword or of the highest Might, or an `affects.keyword`."""
    if not (static.get("might") or static.get("keywords")):
        return False
    per = static.get("per") or {}
    return bool(per.get("mighty") or per.get("keyword") or per.get("count") == "highest_might"
                or "keyword" in static.get("affects", {}))


def _wide(statics: list[dict[str, Any]]) -> bool:
    """Whether a static with Might or keywords has a count or a condition reading more than its source (the
    players' runes, hand, trash, XP or points, the cards played this turn, other objects)."""
    return any((static.get("might") or static.get("keywords"))
               and (static.get("per") or set(static.get("while") or ()) - SOURCE_ONLY) for static in statics)


def _rest(state: State, wide: bool) -> tuple[Any, ...]:
    """What is compared besides the objects and the statics."""
    players = state["players"]
    read = players if wide else [(player, entry.get("team")) for player, entry in players.items()]
    return (read, state.get("played_this_turn") if wide else None, *map(state.get, GLOBAL))


def unchanged(state: State) -> bool:
    """Whether what the layers read in `state` is what they read in the last state they were applied to in this
    thread, and what they wrote there is in `state` too (object fields of `UNREAD` aside): the layers, a function of
    what they read, would write what is there. The same state, as a fold applies each event to it in place, or a
    copy of it, as `engine.apply` folds each event onto one."""
    memo = _found(state)
    if memo is None or not memo.filled or memo.cards is not state.get("cards") or state.get("statics") != memo.statics:
        return False
    objects, before = state["objects"], memo.objects
    if not before.keys() <= objects.keys():
        return False
    for object_id in _differing(objects, before):
        obj, was = objects[object_id], before.get(object_id)
        if was is None or obj.keys() != was.keys() or any(
                obj[field] != was[field] for field in obj if field not in UNREAD):
            if not _out_of_play(obj, was, memo.wide):
                return False
            before[object_id] = _copy(obj)  # the copy as the state is: the next comparison finds it equal
        else:
            for field in UNREAD & obj.keys():
                was[field] = obj[field]
    return _rest(state, memo.wide) == memo.rest


def _differing(objects: dict[str, Any], before: dict[str, Any]) -> list[str]:
    """The ids of the objects that are not equal to their copy (or have none). The copy lists the objects in the
    state's order (a new object is added last to both), so the two are compared pairwise in C (`map`), not by a loop
    over every object; in any other order, id by id."""
    if len(objects) == len(before) and list(objects) == list(before):
        return list(compress(objects, map(ne, objects.values(), before.values())))
    return [object_id for object_id, obj in objects.items() if before.get(object_id) != obj]


def _out_of_play(obj: dict[str, Any], was: dict[str, Any] | None, wide: bool) -> bool:
    """Whether an object changed (or new) out of play is nothing the layers read: they work out the objects in play
    (a source's statics last while it is there), and only a wide static's condition or count reads others (cards in
    the trash, the cards played this turn). A card that changed may still be an Equipment's, whose id a unit lists
    in `attached`: that is a change too."""
    return not wide and obj["zone"] not in IN_PLAY and (was is None or was["zone"] not in IN_PLAY
                                                         and was.get("card") == obj.get("card"))


def remember(state: State) -> None:
    """Keep a copy of what the layers read in `state`, just applied to it. Of the objects, only those that differ
    from the copy kept before (of this state, else the last one) are copied again. A state with no copy of its own
    takes over the last one when they have the same statics (a new copy of the same match's state, as
    `engine.apply` makes at each event: the one before is dropped); else it gets its own, and the oldest beyond
    `KEPT` are dropped."""
    memory, key = _memo, id(state)
    memo = memory.copies.pop(key, None)  # put back last, as the newest
    if memo is None:
        memo = memory.last
        if memo is not None and memo.statics == state.get("statics"):
            memory.copies = {other: copy for other, copy in memory.copies.items() if copy is not memo}
        else:
            memo = _Copy()
    memory.copies[key] = memory.last = memo
    while len(memory.copies) > KEPT:
        del memory.copies[next(iter(memory.copies))]
    kept = memo.filled
    live, objects = state["objects"], memo.objects
    if len(objects) == len(live) and list(objects) == list(live):
        for object_id in _differing(live, objects):
            objects[object_id] = _copy(live[object_id])
    else:  # made again in the state's order, for `_differing`
        objects = {object_id: objects[object_id] if objects.get(object_id) == obj else _copy(obj)
                   for object_id, obj in live.items()}
    statics = state.get("statics")
    if not kept or statics != memo.statics:  # most applications change objects alone
        memo.statics, memo.wide = _copy(statics), _wide(statics or ())
    rest = _rest(state, memo.wide)
    if not kept or rest != memo.rest:
        memo.rest = _copy(rest)
    memo.filled, memo.cards, memo.objects = True, state.get("cards"), objects


def _copy(value: Any) -> Any:
    """A deep copy of plain data whose strings and numbers are the state's own (immutable): comparing it with the
    state then finds most values identical, which equality answers at once (a copy by marshal is faster to make,
    but its strings are new ones, compared character by character)."""
    kind = type(value)
    if kind is dict:
        return {key: _copy(item) for key, item in value.items()}
    if kind is list:
        return [_copy(item) for item in value]
    if kind is tuple:
        return tuple(_copy(item) for item in value)
    return value


def forget(state: State) -> None:
    """Keep no copy of `state` (nor the last one): its next application is made whole."""
    _memo.copies.pop(id(state), None)
    _memo.last = None
