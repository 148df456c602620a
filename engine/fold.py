"""The fold: one reducer that dispatches on the event's type.

`apply(state, event, catalog)` checks an event against the rules and returns the next state; it never mutates its
input (replays rely on that). The state carries its own position (`seq`) and policy:

- strict matches: an event that breaks a rule raises IllegalEvent with its violations, and nothing changes;
- audit matches: the event is applied as far as it mechanically can be, and its violations are kept in
  `state["violations"]`; an event that cannot be applied at all (an unknown object, say) is kept, flagged and
  skipped (contract section 1, "Legality");
- an event carrying a judge's ruling (`ruling: {reason}`, engine/judges_rulings.py) is folded as an audit match
  folds it, whatever the policy, its violations kept with `ruled: true` (contract section 7).

No clock and no randomness: the same events always fold to the same state.
"""
from __future__ import annotations

import marshal
from collections.abc import Iterable, Iterator
from typing import Any, Callable

from engine import (abilities, backups, chain, cleanup, combat, control, due, errors_as_played, events, hidden, invites,
                    judges_rulings, layers, match_end, movement, penalties, play, position, replacement, results,
                    rewinds, setup, sideboard, statics, tasks, timing, turn)
from engine.catalog import Catalog
from engine.editions import edition_of
from engine.errors import IllegalEvent, MalformedEvent
from engine.objects import State
from engine.rulings import Context, Unappliable

VERSION = "6"  # 3: modes of more than two players (teams, invitations, removed players); 4: rules editions (`rules`);
# 5: `abilities` checked or declared (engine/cards); 6: v1.4 matches fold by the rows of docs/editions.md read since
# (Focus after a trigger's chain, showdowns becoming combats, designations at cleanup, play triggers at resolution,
# Add triggers, banned cards) and checked matches by the statics and effects read since: cached snapshots of 5 are
# folded again

HANDLERS: dict[str, Callable[[Context, dict[str, Any]], None]] = {
    "game_started": setup.game_started,
    "position": position.position,
    "draw": setup.draw_event,
    "mulligan": setup.mulligan,
    "channel": turn.channel_event,
    "concede": match_end.concede,
    "game_loss": turn.game_loss,
    "end_turn": turn.end_turn,
    "play": play.play,
    "add": play.add,
    "pass": turn.pass_event,
    "move": movement.move,
    "assign_damage": combat.assign_damage,
    "choose": cleanup.choose,
    "trigger": chain.trigger,
    "resolve": chain.resolve,
    "static": statics.static_event,
    "activate": abilities.activate,
    "replace": replacement.replace_event,
    "hide": hidden.hide,
    "invite": invites.invite,
    "note": lambda context, event: None,
    "penalty": penalties.penalty,
    "time": match_end.time_event,
    "agreed_draw": match_end.agreed_draw,
    "sideboard": sideboard.sideboard,
    "error": errors_as_played.error_event,
    "remedy": errors_as_played.remedy_event,
}

NOT_YET: dict[str, str] = {}


# Written once by match_created and only read afterwards, so every later state shares them instead of copying.
SHARED = ("cards", "card_codes")


def copy_state(state: State) -> State:
    """A deep copy of a plain-data state (a marshal round trip: several times faster than copy.deepcopy).

    The shared keys keep their places (a `None` stands in for them through the round trip), so that a copy has the
    state's key order: a key a step adds later (`triggers_due`, in a checked match) then lands where it lands in the
    in-place fold, and the two folds' states are equal to the byte (msgpack keeps the order)."""
    copied = marshal.loads(marshal.dumps({key: None if key in SHARED else value for key, value in state.items()}))
    copied.update((key, state[key]) for key in SHARED if key in state)
    return copied


CHECKPOINT_EVERY = 256  # audit folds keep a copy this often, to rebuild the state before an unappliable event


class _Skip(Exception):
    """An audit event (or one a judge ruled) that cannot be applied at all: it is kept, flagged and skipped
    (contract section 1)."""

    def __init__(self, violations: list[dict[str, Any]]) -> None:
        super().__init__(violations[-1]["message"])
        self.violations = violations


def apply(state: State | None, event: dict[str, Any], catalog: Catalog, past: rewinds.Past | None = None) -> State:
    """Check `event` against the rules and return the state after it; `state` is left untouched.

    `past(seq)` gives the state after an earlier event; only a `rewind` needs it (engine/rewinds.py)."""
    past = past or rewinds.no_past
    if state is None:
        return _step(None, event, catalog, past)
    try:
        return _step(copy_state(state), event, catalog, past)
    except _Skip as skip:
        return _skipped(copy_state(state), skip.violations)


def fold(event_list: Iterable[dict[str, Any]], catalog: Catalog, state: State | None = None, *,
         in_place: bool = False, past: rewinds.Past | None = None) -> State | None:
    """Apply each event in order, starting from `state` (None: from the beginning of the match).

    `state` is left untouched (one copy up front, then every event is applied to that copy in place), unless
    `in_place`: then the fold changes `state` itself, and if it raises, `state` is spoiled and must be dropped.
    """
    for state in steps(event_list, catalog, state, in_place=in_place, past=past):  # noqa: B007 - the last one
        pass
    return state


def steps(event_list: Iterable[dict[str, Any]], catalog: Catalog, state: State | None = None, *,
          in_place: bool = False, past: rewinds.Past | None = None) -> Iterator[State]:
    """Fold the events one by one, yielding the state after each: the same object every time, changed in place
    by the next step (copy what you keep). `state` is copied first unless `in_place` (see `fold`).

    An audit event that cannot be applied must be skipped from the state before it, which the in-place fold has
    partly changed: that state is rebuilt from a checkpoint (a copy kept every CHECKPOINT_EVERY events of an
    audit match) plus the events since. Strict matches refuse such an event, so they need no checkpoint, except
    before an event a judge ruled (engine/judges_rulings.py), which is skipped as in an audit match.

    A `rewind` restores the state after an earlier event: a fold from the beginning of the match folds its own
    events up to there again; a fold that starts from a state asks `past(seq)`.
    """
    seen: list[dict[str, Any]] = []
    if state is None:
        def past(seq: int) -> State:
            return fold(seen[:seq], catalog)
    elif not in_place:
        state = copy_state(state)
    past = past or rewinds.no_past
    checkpoint: State | None = None
    since: list[dict[str, Any]] = []
    for event in event_list:
        seen.append(event)
        if state is not None:
            if state["policy"] != "strict":
                if checkpoint is None or len(since) >= CHECKPOINT_EVERY:
                    checkpoint, since = copy_state(state), []
            elif judges_rulings.FIELD in event:  # rare: a copy before each ruled event of a strict match
                checkpoint, since = copy_state(state), []
        try:
            state = _step(state, event, catalog, past)
            if checkpoint is not None:
                since.append(event)
        except _Skip:
            assert checkpoint is not None, "only an audit match, or a judge's ruling, skips an event"
            before = checkpoint
            for earlier in since:
                before = apply(before, earlier, catalog, past)
            state = apply(before, event, catalog, past)  # a copy: the checkpoint stays as it was
            # The next skip rebuilds from here, not again from the checkpoint: a run of skipped events costs two
            # copies each, not a replay of every event since the checkpoint each (issue 24: 1,000 skipped passes
            # in one dry run took 147 s and held the GIL).
            checkpoint, since = copy_state(state), []
        yield state


def _step(state: State | None, event: dict[str, Any], catalog: Catalog, past: rewinds.Past) -> State:
    """Apply `event` to `state` in place and return it (a new state for match_created). Raises _Skip for an
    audit event (or one a judge ruled) that cannot be applied at all, leaving `state` partly changed."""
    events.validate(event)
    ruling = judges_rulings.reason_of(event)
    kind = event["type"]
    if state is None:
        if kind != "match_created":
            raise MalformedEvent(f"a match starts with 'match_created', not {kind!r}")
        penalties.check_opl(event.get("info"))
        new = setup.new_match(event, catalog)
        for key in SHARED:  # last, where every copy puts them: a fold's bytes do not depend on where it copied
            new[key] = new.pop(key)
        context = Context(new, 1)
        setup.check_decks(context)
        return _finish(context, new)
    if kind == "match_created":
        raise MalformedEvent("'match_created' is only ever seq 1")
    if kind in NOT_YET:
        raise MalformedEvent(f"'{kind}' events ({NOT_YET[kind]}) are not supported by this engine yet")
    next_game = kind == "game_started" and not results.is_match_over(state)
    over = state["phase"] == "over" and not match_end.after_the_game(state, event) and not next_game
    state["seq"] += 1
    context = Context(state, state["seq"], catalog)  # naming a card asks the catalog (engine/naming.py)
    if over:
        context.flag(*match_end.over_violation(state, kind))
    try:
        if kind == "rewind":
            state = rewinds.rewind(context, event, lambda seq: copy_state(past(seq)))
            flagged, context = context.violations, Context(state, state["seq"])
            context.violations = flagged
        else:
            due.check_missed(context, event)  # a game action while triggers are due misses them (TR 702.2)
            HANDLERS[kind](context, event)
            tasks.run(context)
            backups.note_action(state, kind, context.seq)
            errors_as_played.observe(context, event)  # a violation that is a TR game play error says which
    except Unappliable as stop:
        if state["policy"] == "strict" and ruling is None:
            raise IllegalEvent(context.violations + [stop.violation]) from None
        raise _Skip(judges_rulings.ruled(context.violations + [dict(stop.violation, skipped=True)], ruling)) from None
    return _finish(context, state, ruling)


def _skipped(state: State, violations: list[dict[str, Any]]) -> State:
    """`state` (the one before the event, a copy) moved on one seq with the event's violations, nothing else."""
    state["seq"] += 1
    state["violations"].extend(violations)
    return _finish(Context(state, state["seq"]), state)


def _finish(context: Context, state: State, ruling: str | None = None) -> State:
    """The end of every step: statics and control refreshed, the violations refused (a strict match, unless a
    judge ruled: `ruling`, the ruling's reason) or kept, the derived fields of the state refreshed."""
    layers.refresh_all(state)  # statics whose source left the board end (004 569.1); the rest apply anew
    if not edition_of(state).control_lost_at_open_cleanup:  # v1.4 323.6: at a cleanup in an open state only
        control.lose_absent_control(state)  # rule 181.5: control is a constant state
    if context.violations:
        if state["policy"] == "strict" and ruling is None:
            raise IllegalEvent(context.violations)
        state["violations"].extend(judges_rulings.ruled(context.violations, ruling))
    timing.refresh_derived(state)
    if state.get("errors"):
        state["awaiting"] = errors_as_played.awaited(state) + state["awaiting"]  # TR 702.2.f.2
    if state.get(due.KEY):
        state["awaiting"] = due.awaited(state) + state["awaiting"]  # v1.4 383.3: before anything else
    return state
