"""The fold: one reducer that dispatches on the event's type.

`apply(state, event, catalog)` checks an event against the rules and returns the next state; it never mutates its
input (replays rely on that). The state carries its own position (`seq`) and policy:

- strict matches: an event that breaks a rule raises IllegalEvent with its violations, and nothing changes;
- audit matches: the event is applied as far as it mechanically can be, and its violations are kept in
  `state["violations"]`; an event that cannot be applied at all (an unknown object, say) is kept, flagged and
  skipped (contract section 1, "Legality").

No clock and no randomness: the same events always fold to the same state.
"""
from __future__ import annotations

import marshal
from typing import Any, Callable

from engine import chain, events, play, position, setup, timing, turn
from engine.catalog import Catalog
from engine.errors import IllegalEvent, MalformedEvent
from engine.objects import State
from engine.rulings import Context, Unappliable

VERSION = "1"

HANDLERS: dict[str, Callable[[Context, dict[str, Any]], None]] = {
    "game_started": setup.game_started,
    "position": position.position,
    "draw": setup.draw_event,
    "mulligan": setup.mulligan,
    "channel": turn.channel_event,
    "concede": turn.concede,
    "game_loss": turn.game_loss,
    "end_turn": turn.end_turn,
    "play": play.play,
    "add": play.add,
    "pass": timing.pass_priority,
    "trigger": chain.trigger,
    "resolve": chain.resolve,
    "note": lambda context, event: None,
}

NOT_YET = {
    "activate": "activated abilities",
    "hide": "the Hidden keyword",
    "move": "moves, showdowns and combat",
    "invite": "invitations (modes with more than two players)",
    "assign_damage": "combat damage",
    "choose": "choices for combat and showdowns",
    "rewind": "judge rewinds",
}


# Written once by match_created and only read afterwards, so every later state shares them instead of copying.
SHARED = ("cards", "card_codes")


def copy_state(state: State) -> State:
    """A deep copy of a plain-data state (a marshal round trip: several times faster than copy.deepcopy)."""
    copied = marshal.loads(marshal.dumps({key: value for key, value in state.items() if key not in SHARED}))
    copied.update((key, state[key]) for key in SHARED)
    return copied


def apply(state: State | None, event: dict[str, Any], catalog: Catalog) -> State:
    """Check `event` against the rules and return the state after it; `state` is left untouched."""
    events.validate(event)
    kind = event["type"]
    if state is None:
        if kind != "match_created":
            raise MalformedEvent(f"a match starts with 'match_created', not {kind!r}")
        new = setup.new_match(event, catalog)
        context = Context(new, 1)
        setup.check_decks(context)
        return _finish(context, new)
    if kind == "match_created":
        raise MalformedEvent("'match_created' is only ever seq 1")
    if kind in NOT_YET:
        raise MalformedEvent(f"'{kind}' events ({NOT_YET[kind]}) are not supported by this engine yet")
    new = copy_state(state)
    new["seq"] = state["seq"] + 1
    context = Context(new, new["seq"])
    if state["phase"] == "over" and kind != "note":
        context.flag("633", f"{kind} after the game is over: {state['winner']} has won")
    try:
        HANDLERS[kind](context, event)
    except Unappliable as stop:
        if state["policy"] == "strict":
            raise IllegalEvent(context.violations + [stop.violation]) from None
        skipped = copy_state(state)
        skipped["seq"] = new["seq"]
        skipped["violations"].extend(context.violations + [dict(stop.violation, skipped=True)])
        return _finish(Context(skipped, new["seq"]), skipped)
    return _finish(context, new)


def _finish(context: Context, state: State) -> State:
    if context.violations:
        if state["policy"] == "strict":
            raise IllegalEvent(context.violations)
        state["violations"].extend(context.violations)
    timing.refresh_derived(state)
    return state


def fold(event_list: list[dict[str, Any]], catalog: Catalog, state: State | None = None) -> State | None:
    """Apply each event in order, starting from `state` (None: from the beginning of the match)."""
    for event in event_list:
        state = apply(state, event, catalog)
    return state
