"""What each viewer may see of a state (contract section 2; privacy, rule 127).

- "judge": everything recorded.
- a player ("P1"): public information plus that player's private information: their own hand.
- "spectator": public information only: hand counts, not hands.
Cards in a main deck are secret to everyone (107.3.c) and never appear; facedown cards are private to their
controller (127.4).

Events are redacted the same way (`redact_event`): a card a view may not see is `null`, as an unseen draw is
recorded. A violation's message can name a hidden card (an audit match flags a draw of a card that is not left in
the deck); a view that may not see every card a message names gets a public wording with the rule number instead.
"""
from __future__ import annotations

import marshal
from typing import Any

from engine import shapes
from engine.judges_rulings import FIELD as RULING
from engine.objects import State

INTERNAL = ("cards", "card_codes", "next_id", "passes", "scored_this_turn", "victory_score", "games_to_win",
            "owed_draws", "temporary_due", "last_known", "deck_seen", "actions",
            "triggers_due", "triggered_this_turn", "turn_facts")  # the due triggers are in `awaiting` (engine/due.py)
INTERNAL_PLAYER = ("deck", "decklist", "runelist", "rune_deck", "setup", "set_aside", "channeled_once",
                   "battlefield_choices", "battlefields_used", "legend_card", "champion_card", "sideboard")
PRIVATE_ZONES = ("hand", "aside", "facedown")  # a card there is seen by its owner only (rule 127)
INTERNAL_OBJECT = ("printed_might", "printed_keywords", "incarnation", "modifiers")


def viewers(state: State) -> list[str]:
    return ["judge", "spectator", *state["players"]]


def view(state: State, viewer: str = "judge") -> dict[str, Any]:
    """The state as `viewer` may see it; raises ValueError for an unknown viewer."""
    public = conceal(state, viewer)
    if viewer == "judge":
        return public
    for key in INTERNAL:
        public.pop(key, None)
    for player, entry in public["players"].items():
        for key in INTERNAL_PLAYER:
            entry.pop(key, None)
    for obj in public["objects"].values():
        for key in INTERNAL_OBJECT:
            obj.pop(key, None)
    for item in public["chain"]:
        item.pop("target_incarnations", None)
    for backup in public.get("backups", []):
        _redact_backup(backup, viewer)
    hidden_names = _hidden_names(state, public)
    public["violations"] = [public_violation(violation, hidden_names) for violation in public["violations"]]
    for entry in public.get("penalties", []):  # a judge's remedy or note never gives away a hidden card
        for field in FREE_TEXT["penalty"]:
            if isinstance(entry.get(field), str) and any(name in entry[field] for name in hidden_names):
                entry[field] = JUDGES_TEXT_HIDDEN
                entry["redacted"] = True
    return public


def conceal(state: State, viewer: str) -> State:
    """A whole copy of `state` (internals kept, so it still folds and names objects) in which every card `viewer`
    may not see is unknown, as a card drawn unseen is: for writing what a view may read (the notation download)."""
    if viewer not in viewers(state):
        raise ValueError(f"unknown view {viewer!r}; views are {', '.join(viewers(state))}")
    concealed = marshal.loads(marshal.dumps(state))  # a whole copy: the caller may change it freely
    if viewer == "judge":
        return concealed
    for obj in concealed["objects"].values():
        if not sees_card(obj, viewer):
            obj.update(card=None, type=None, might=None, keywords=[])
    return concealed


def sees_card(obj: dict[str, Any], viewer: str) -> bool:
    """Whether `viewer` may see which card the object `obj` of a state is: a card in a private zone is seen by
    the judge and its owner only, a facedown card by the judge and its controller (rule 127.4). A card that left the
    game from a hand as its owner was removed (652.3, engine/leaving.py) stays `concealed`."""
    if viewer == "judge" or obj.get("zone") not in PRIVATE_ZONES and not obj.get("concealed"):
        return True
    return obj.get("controller" if obj.get("zone") == "facedown" else "owner") == viewer


def _hidden_names(state: State, public: dict[str, Any]) -> set[str]:
    """The card names a message may not state to this view: the cards of the objects it hides (even when another
    copy of the card is in sight: naming it still tells what the hidden one is), and every card of the match the
    view shows nowhere."""
    concealed = {obj.get("card") for ref, obj in state["objects"].items() if public["objects"][ref].get("card") is None}
    shown = {obj.get("card") for obj in public["objects"].values()}
    shown |= {item.get("card") for item in public["chain"]}
    return (concealed | {name for name in state["cards"] if name not in shown}) - {None}


def public_violation(violation: dict[str, Any], hidden_names: set[str]) -> dict[str, Any]:
    """`violation` as is, or with a public message (the rule and seq kept) when its message names a hidden card,
    and a public wording of the judge's ruling it was ruled by (engine/judges_rulings.py) when that names one."""
    message, ruling = violation.get("message"), violation.get(RULING)
    if isinstance(ruling, str) and any(name in ruling for name in hidden_names):
        violation = {**violation, RULING: JUDGES_TEXT_HIDDEN, "redacted": True}
    if not isinstance(message, str) or not any(name in message for name in hidden_names):
        return violation
    return {**violation, "message": f"an event breaks rule {violation.get('rule')}; the message names a card "
                                    f"this view may not see (the judge's view has it)", "redacted": True}


def _redact_backup(backup: dict[str, Any], viewer: str) -> None:
    """A backup's record (engine/backups.py): the cards that went back to a hand's deck, and the deck cards a player
    learned, are private to that player (TR 701.5.d.3-4)."""
    backup["returned"] = {player: cards if may_see(viewer, player) else _nulls(cards)
                          for player, cards in backup.get("returned", {}).items()}
    backup["seen"] = [entry if may_see(viewer, entry.get("player")) else {**entry, "cards": _nulls(entry["cards"])}
                      for entry in backup.get("seen", [])]


def may_see(viewer: str, owner: Any) -> bool:
    """Whether `viewer` may see a card private to `owner` (in a hand, set aside, hidden, or a deck list)."""
    return viewer == "judge" or viewer == owner


# The events that can name a card private to someone: the ones `redact_event` changes.
PRIVATE_KINDS = frozenset(("match_created", "rewind", "draw", "hide", "position", "resolve", "remedy", "sideboard"))
# The field of an event's stored bytes that the recorder fills with 128 random bits when the event hides anything
# (`hides_anything`); given only to a view that is given the whole event.
SALT = "salt"


def redact_event(event: dict[str, Any], viewer: str) -> dict[str, Any]:
    """The recorded `event` as `viewer` may see it: every card private to someone else becomes `null`.

    Private: the cards of a draw (the drawing player's), of a look, predict or recycle at a deck's top (the looking
    player's), of a position's hands and facedown cards, of a `hide` (the hider's), and the deck, rune and
    battlefield lists of `match_created` (each player's own; champions and legends are public), its sideboards and
    the cards a `sideboard` exchanges (the player's own: a decklist is private, TR 401.5; how many is public).
    Everything else an event names is public once it happens (a played card, a discard, a reveal), or is an
    object id that says nothing by itself. The judge gets the event unchanged; others get a copy, without the
    event's `salt` when anything of it is hidden from them.
    """
    if viewer == "judge":
        return event
    kind = event.get("type")
    shown = marshal.loads(marshal.dumps(event))
    if kind not in PRIVATE_KINDS:
        return shown
    if kind == "match_created":
        for index, entry in enumerate(_listed(shown, "players"), 1):
            if isinstance(entry, dict) and not may_see(viewer, f"P{index}"):
                for field in ("deck", "runes", "battlefields"):
                    entry[field] = _nulls(entry.get(field))
                if "sideboard" in entry:  # private as the decklist is (TR 401.5; its count is public, TR 403.6)
                    entry["sideboard"] = _nulls(entry["sideboard"])
    elif kind == "rewind" and isinstance(shown.get("returned"), dict):
        shown["returned"] = {player: cards if may_see(viewer, player) else _nulls(cards)
                             for player, cards in shown["returned"].items()}
    elif kind == "draw":
        _redact_cards(shown, viewer)
    elif kind == "sideboard" and not may_see(viewer, shown.get("player")):  # how many, not which (TR 403.6)
        for field in ("in", "out"):
            shown[field] = _nulls(shown.get(field))
    elif kind == "hide" and not may_see(viewer, shown.get("player")):
        shown["card"] = None
    elif kind == "position":
        players = shown.get("players")
        for player, described in players.items() if isinstance(players, dict) else ():
            if isinstance(described, dict) and not may_see(viewer, player):
                described["hand"] = _nulls(described.get("hand"))
                for facedown in described.get("facedown") or []:
                    if isinstance(facedown, dict):
                        facedown["card"] = None
    elif kind == "resolve":
        for effect in _listed(shown, "effects"):
            if isinstance(effect, dict) and _private_op(effect):
                _redact_cards(effect, viewer)
    elif kind == "remedy":  # the cards a remedy draws (TR 702.4.a.1, 702.14.a.1): the drawing player's
        if shown.get("infraction") == "forgetting_to_draw_cards":
            _redact_cards(shown, viewer)
        elif "draw" in shown:  # a mulligan's replacements: drawn by the erroring player, not the chooser
            shown["draw"] = _nulls(shown.get("draw"))
    if SALT in shown and shown != event:  # what this view is not given, the salt hides in the chain hash
        del shown[SALT]
    return shown


def as_sent(event: Any) -> Any:
    """`event` as a client sent it: without the fields the recorder adds to its stored bytes, its salt and its
    shape's version (engine/shapes.py); `event` itself when it has neither. What a transcript (the notation)
    carries, and what a comparison with what was sent compares."""
    if not isinstance(event, dict):
        return event
    recorder_fields = (SALT, "version") if event.get("type") in shapes.CURRENT else (SALT,)
    if not any(field in event for field in recorder_fields):
        return event
    return {key: value for key, value in event.items() if key not in recorder_fields}


def hides_anything(event: dict[str, Any]) -> bool:
    """Whether some view may be given less than the whole of `event`: a card private to someone (`redact_event`
    changes it for the spectator, who sees the least), or a judge's text, which a view is given in a public wording
    when it names a card the view has not seen (`Redactor`). The recorder salts such an event (SALT) so that its
    chain hash, which every reader gets, cannot be matched against guesses of what was hidden (docs/trust.md)."""
    kind = event.get("type")
    if kind in FREE_TEXT or RULING in event or kind == "resolve" and any(
            isinstance(op, dict) and op.get("op") == "note" for op in _listed(event, "effects")):
        return True
    return kind in PRIVATE_KINDS and redact_event(event, "spectator") != event


def _private_op(effect: dict[str, Any]) -> bool:
    """Whether an op names cards only its player may see: a draw (into a hand), a look or predict at a deck's top
    cards, and a recycle of top cards back under the deck (engine/decktop.py). A reveal, banish or burn shows its
    cards to everyone (600.1, 107.5.f, 107.1.f)."""
    op = effect.get("op")
    return op in ("draw", "look", "predict") or op == "recycle" and effect.get("from") == "deck"


# The text a judge writes, per event type; and on any event, the reason of a judge's ruling (RULING,
# engine/judges_rulings.py).
JUDGES_TEXT_HIDDEN = "(the judge's text names a card this view may not see)"
FREE_TEXT = {"note": ("text",), "rewind": ("reason",), "game_loss": ("reason",), "penalty": ("remedy", "note"),
             "error": ("note",), "remedy": ("note",)}


def redact_events(events: list[dict[str, Any]], viewer: str, card_names: set[str]) -> list[dict[str, Any]]:
    """A match's events 1..n as `viewer` may see them (see `Redactor`)."""
    redactor = Redactor(viewer, card_names)
    return [redactor.redact(event) for event in events]


class Redactor:
    """A match's events as `viewer` may see them, given one at a time from seq 1 on: each by `redact_event`, and
    the text a judge wrote (a note, a rewind's or a game loss's reason) replaced by a public wording when it names a
    card of `card_names` (the catalog's) that no event so far has shown this view: a judge's note never gives away
    a hidden hand, nor does the reason of a judge's ruling. One object carries what has been shown so far, so a live
    stream redacts each new event alone."""

    def __init__(self, viewer: str, card_names: set[str]) -> None:
        self.viewer = viewer
        self.card_names = card_names
        self.seen: set[str] = set()

    def redact(self, event: dict[str, Any]) -> dict[str, Any]:
        """The next event of the match as the view may see it (the judge's: the event itself)."""
        if self.viewer == "judge":
            return event
        shown = redact_event(event, self.viewer)
        self.seen |= _names_in(shown, self.card_names)
        unseen = self.card_names - self.seen
        notes = [shown, *[op for op in _listed(shown, "effects") if isinstance(op, dict) and op.get("op") == "note"]]
        for entry in notes:
            for field in ("text",) if entry is not shown else FREE_TEXT.get(str(shown.get("type")), ()):
                text = entry.get(field)
                if isinstance(text, str) and any(name in text for name in unseen):
                    entry[field] = JUDGES_TEXT_HIDDEN
                    entry["redacted"] = True
                    shown.pop(SALT, None)
        ruling = shown.get(RULING)
        if isinstance(ruling, dict) and isinstance(ruling.get("reason"), str) and any(
                name in ruling["reason"] for name in unseen):
            shown[RULING] = {**ruling, "reason": JUDGES_TEXT_HIDDEN}
            shown["redacted"] = True
            shown.pop(SALT, None)
        return shown


def _names_in(event: dict[str, Any], card_names: set[str]) -> set[str]:
    """The card names an event states as a value (not inside a judge's free text)."""
    found, todo = set(), [event]
    while todo:
        value = todo.pop()
        if isinstance(value, dict):
            free = ("text",) if value.get("op") == "note" else FREE_TEXT.get(str(value.get("type")), ())
            todo += [item for key, item in value.items() if key not in free and key != RULING]
        elif isinstance(value, list):
            todo += value
        elif isinstance(value, str) and value in card_names:
            found.add(value)
    return found


def _redact_cards(entry: dict[str, Any], viewer: str) -> None:
    if not may_see(viewer, entry.get("player")):
        entry["cards"] = _nulls(entry.get("cards"))


def _listed(event: dict[str, Any], field: str) -> list[Any]:
    """The event's list `field`, or none: an event sent with another kind of value there is still redacted (and
    refused by the engine, which checks its shape after the recorder has salted it) without an error here."""
    value = event.get(field)
    return value if isinstance(value, list) else []


def _nulls(cards: Any) -> Any:
    """As many nulls as `cards` lists (the count is public), or `cards` itself when it is not a list."""
    return [None] * len(cards) if isinstance(cards, list) else cards
