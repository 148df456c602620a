"""Backups as the Tournament Rules perform them (TR 701.5): who may order one, and the cards whose identity is not
public.

A `rewind` (engine/rewinds.py) restores the state after an earlier event. Recorded as a judge's backup it says
who ordered it, `by`: `floor_judge` or `head_judge`.
- Any judge may perform a simple rewind: only the last action, or one in progress (TR 701.5.b, 701.5.b.1); a
  rewind more complicated than that is the head judge's alone (TR 701.5.c). A floor judge's rewind that undoes more
  than the last action still in effect is refused (flagged in an audit match). Actions are every event but a
  judge's own (notes, penalties, rewinds, time): `note_action` keeps the seqs of the last two in the state.
- TR 701.5.d.3: a card whose identity is not public, as a drawn card in a hand, goes back as a random one of the
  cards it could be. The cards drawn during the undone span and still in the hand at the backup are those cards;
  the candidates are the cards of that hand once every later action is reversed (TR 701.5.d.1-2): the hand as it
  was at `to`, plus the drawn cards. The recording screen picks at random and the event records the pick,
  `returned {player: [card, ...]}` (`null` for a card drawn unseen), so the fold stays deterministic: the picked
  cards go back to the deck, and the drawn cards not picked stay in the hand in their place. A judge's backup
  (`by` given) that takes back such cards must say which (TR 701.5.d.3).
- TR 701.5.d.4: a card of a deck that a player learned during the span (a look, a predict, a reveal of its top
  cards) and did not draw is shuffled into the random part of the deck. The engine keeps a deck as the multiset of
  the cards it may hold, in no order (engine/deck.py), so the state needs no change; the backup records those
  cards (`seen`) for the report.
A `rewind` without `by` is the recorder's own correction of the record (the recording screen's undo): an exact
restore, as before.

Each backup is recorded in `state["backups"]`: {seq, to, by, voided, returned, seen}.
"""
from __future__ import annotations

from collections import Counter
from typing import Any

from engine.errors import MalformedEvent
from engine.objects import State, card_name, reveal_card
from engine.rulings import Context

BY = ("floor_judge", "head_judge")  # TR 204.4-204.5
JUDGE_EVENTS = ("note", "rewind", "penalty", "game_loss", "time", "remedy")  # not game actions (TR 701.5.b)


def note_action(state: State, kind: str, seq: int) -> None:
    """After each event: the seqs of the last two actions in effect (a simple rewind takes back only the last)."""
    if kind not in JUDGE_EVENTS and kind != "match_created":
        actions = state.get("actions")
        state["actions"] = [actions[-1], seq] if actions else [seq]


def backup(context: Context, event: dict[str, Any], restored: State, to: int) -> dict[str, Any]:
    """Check a rewind against TR 701.5 and change `restored` (the state after `to`, the caller's) as the backup
    leaves the game; returns the backup's record."""
    head = context.state
    by = event.get("by")
    if by is not None and by not in BY:
        raise MalformedEvent(f"'rewind' event: 'by' is who ordered the backup, one of {', '.join(BY)} (TR 701.5.b-c), "
                             f"got {by!r}")
    _check_penalties_stand(context, to)
    if by == "floor_judge":
        _check_simple(context, to)
    drawn = {player: _drawn_since(head, restored, player) for player in head["players"]}
    returned = _returned(context, event, drawn, restored, judged=by is not None)
    for player, cards in returned.items():
        _put_back(restored, player, [head["objects"][object_id]["card"] for object_id in drawn[player]], cards)
    return {"seq": context.seq, "to": to, "by": by, "voided": sorted(set(range(to + 1, context.seq))
                                                                     - set(head["voided"])),
            "returned": returned, "seen": [entry for entry in head.get("deck_seen", []) if entry["seq"] > to]}


def candidates(head: State, restored: State) -> dict[str, dict[str, Any]]:
    """For the recording screen: per player whose hand holds cards drawn since `restored`, how many go back and the
    cards to pick them from at random (TR 701.5.d.3)."""
    found = {}
    for player in head["players"]:
        drawn = _drawn_since(head, restored, player)
        if drawn:
            found[player] = {"count": len(drawn), "candidates": _candidates(head, restored, player, drawn),
                             "rule": "TR 701.5.d.3"}
    return found


def _check_penalties_stand(context: Context, to: int) -> None:
    """A backup is a remedy; it never undoes a penalty that ended a game or a match (TR 701.2.b-d, 701.3.c)."""
    for entry in context.state.get("penalties", []):
        if entry["seq"] > to and entry["applies"] in ("this_game", "next_game", "this_match"):
            context.fail("TR 701.2", f"rewind to seq {to}: the {entry['penalty']} of seq {entry['seq']} "
                                     f"({entry['infraction_name']}, {entry['rule']}) ended "
                                     f"{'the match' if entry['applies'] == 'this_match' else 'a game'}; a backup "
                                     f"does not undo a penalty")


def _check_simple(context: Context, to: int) -> None:
    """TR 701.5.b.1, 701.5.c: a floor judge rewinds the last action only."""
    actions = [seq for seq in context.state.get("actions", []) if seq > to]
    if len(actions) > 1:
        context.flag("TR 701.5.c", f"a floor judge's rewind to seq {to} takes back more than the last action (seq "
                                   f"{actions[-1]}, and seq {actions[-2]} before it): any judge may perform a simple "
                                   f"rewind of the last action (TR 701.5.b.1); a longer backup is the head judge's "
                                   f"(TR 701.5.c)")


def _drawn_since(head: State, restored: State, player: str) -> list[str]:
    """The objects in `player`'s hand at the head that did not exist at `to`: cards drawn during the span."""
    return [object_id for object_id in head["players"][player]["hand"] if object_id not in restored["objects"]]


def _candidates(head: State, restored: State, player: str, drawn: list[str]) -> list[str | None]:
    """The hand once every later action is reversed: the hand at `to`, plus the drawn cards (TR 701.5.d.1-3)."""
    hand = [restored["objects"][object_id]["card"] for object_id in restored["players"][player]["hand"]]
    return sorted([*hand, *(head["objects"][object_id]["card"] for object_id in drawn)], key=_order)


def _order(card: str | None) -> tuple[bool, str]:
    return card is None, card or ""


def _returned(context: Context, event: dict[str, Any], drawn: dict[str, list[str]], restored: State,
              judged: bool) -> dict[str, list[str | None]]:
    """The event's `returned`, checked: for each player, as many cards as were drawn, each one of the candidates."""
    head = context.state
    given = event.get("returned", {})
    for player, cards in given.items():
        if player not in head["players"]:
            raise MalformedEvent(f"'rewind' event: 'returned' names {player!r}, not a player of this match")
        if not isinstance(cards, list) or not all(card is None or isinstance(card, str) for card in cards):
            raise MalformedEvent(f"'rewind' event: 'returned' maps each player to a list of cards (or null for a "
                                 f"card drawn unseen), got {cards!r} for {player}")
    returned: dict[str, list[str | None]] = {}
    for player, objects in drawn.items():
        if player not in given:
            if objects and judged:
                context.flag("TR 701.5.d.3", f"the backup takes back {len(objects)} card(s) {player} drew, whose "
                                             f"identity is not public: 'returned' must name which went back, picked "
                                             f"at random from {_listed(_candidates(head, restored, player, objects))}")
            continue
        cards = [None if card is None else card_name(head, card, f"{player}'s returned card")
                 for card in given[player]]
        if len(cards) != len(objects):
            context.fail("TR 701.5.d.3", f"the backup takes back {len(objects)} card(s) {player} drew, but "
                                         f"'returned' names {len(cards)}")
        pool = Counter(_candidates(head, restored, player, objects))
        if Counter(cards) - pool:
            context.fail("TR 701.5.d.3", f"'returned' for {player} names {_listed(cards)}, which are not among the "
                                         f"cards it could be: {_listed(sorted(pool.elements(), key=_order))}")
        returned[player] = cards
    return returned


def _listed(cards: list[str | None]) -> str:
    return ", ".join("an unseen card" if card is None else card for card in cards) or "no card"


def _put_back(restored: State, player: str, drawn: list[str | None], returned: list[str | None]) -> None:
    """The physical result of the backup: the `returned` cards are in the deck, the drawn cards not returned stay
    in the hand in their place (each in the place of a hand card of the same name as one returned)."""
    back, out = Counter(returned), Counter(drawn)
    both = back & out
    gone = sorted((back - both).elements(), key=_order)  # hand cards that went back instead of a drawn card
    kept = sorted((out - both).elements(), key=_order)  # drawn cards that stay in the hand
    entry = restored["players"][player]
    used: set[str] = set()
    for went, stays in zip(gone, kept):
        object_id = next(object_id for object_id in entry["hand"]
                         if object_id not in used and restored["objects"][object_id]["card"] == went)
        used.add(object_id)
        reveal_card(restored, restored["objects"][object_id], stays)  # type: ignore[arg-type]
        if went is not None:
            entry["deck"][went] = entry["deck"].get(went, 0) + 1
        if stays is not None:
            entry["deck"][stays] = max(0, entry["deck"].get(stays, 0) - 1)
