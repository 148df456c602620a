"""The main deck and the rune deck: drawing, burning out, recycling and channeling.

The recorder knows what a deck holds (its decklist) but not its order, so a deck is kept as a count of cards and
a multiset of the card names it may still hold. A card that leaves the deck becomes an object with an id; a card
that goes back into a deck loses its id, because nobody at the table can tell it apart any more (rule 107.3).
A card drawn unseen (`null`, the recorder could not see it) is an object whose card is unknown until it is played
or revealed.
"""
from __future__ import annotations

from typing import Any

from engine import due, scoring, turn_facts
from engine.objects import (State, card_name, create_object, facts, next_in_turn_order, opponents, place_on_board,
                            release_attachments, remove_from_zone, reveal_card)
from engine.rulings import Context


def draw_cards(context: Context, player: str, cards: list[str | None]) -> None:
    """Draw each card in turn into the player's hand (rule 591), burning out on an empty deck (rule 607).

    A burn out shuffles the trash into the deck, gives an opponent a point and then draws (607.2). If the deck is
    still empty, that draw burns out again, and again, until an opponent reaches the victory score (607.3, 607.3.a):
    the game ends there.
    """
    state = context.state
    entry = state["players"][player]
    for reference in cards:
        if state["winner"] is not None:
            return
        while entry["deck_count"] == 0 and state["winner"] is None:
            burn_out(context, player)
        if state["winner"] is not None:
            return
        name = None if reference is None else card_name(state, reference, f"{player}'s draw")
        entry["hand"].append(take_from_deck(context, player, name, "hand", "591.1"))
        turn_facts.note(state, player, "drawn")  # "When you draw your second card each turn"
        due.occurred(context, "drew", player)


def take_from_deck(context: Context, player: str, card: str | None, zone: str, rule: str | None,
                   **fields: Any) -> str:
    """Create the object of a card leaving `player`'s main deck for `zone`; returns its id.

    With a `rule`, a card the deck no longer holds is flagged citing it. A card `None` is one nobody saw.
    """
    entry = context.state["players"][player]
    if card is not None:
        if rule is not None:
            if entry["deck"].get(card, 0) <= 0:
                context.flag(rule, f"{player} takes {card!r} from their main deck, but no copy of it is left there")
        entry["deck"][card] = max(0, entry["deck"].get(card, 0) - 1)
    entry["deck_count"] -= 1
    return create_object(context.state, card, player, zone, **fields)


def could_be(state: State, player: str, card: str) -> bool:
    """Whether a card of `player`'s drawn unseen could be `card`: a copy of it is still unaccounted for in their
    main deck's list (the multiset counts the cards nobody saw leave it, 591.1)."""
    return state["players"][player]["deck"].get(card, 0) > 0


def name_unseen(state: State, obj: dict[str, Any], card: str) -> None:
    """Name a card its owner drew unseen: it is that card, so one copy fewer of it is left in the deck's list
    (591.1), and a later draw of a copy the deck no longer holds is flagged."""
    entry = state["players"][obj["owner"]]
    entry["deck"][card] = max(0, entry["deck"].get(card, 0) - 1)
    reveal_card(state, obj, card)


def burn_out(context: Context, player: str) -> None:
    """Rule 607.2: shuffle the trash into the main deck, then an opponent gains 1 point.

    In a duel the only opponent gains the point; with more opponents the next one in turn order does (607.2.b lets
    the player choose, which the `draw` event cannot record yet: docs/engine.md).
    """
    state = context.state
    for object_id in list(state["players"][player]["trash"]):
        recycle(state, state["objects"][object_id])
    candidates = opponents(state, player)
    gainer = candidates[0] if len(candidates) == 1 else next_in_turn_order(state, player, candidates)
    scoring.gain_points(context, gainer, 1)


def recycle(state: State, obj: dict[str, Any]) -> None:
    """Put a card on the bottom of its owner's deck (rule 594.1): a rune to the rune deck, the rest to the main
    deck. A token ceases to exist instead (rule 177.1)."""
    owner = state["players"][obj["owner"]]
    if obj["zone"] == "board":
        release_attachments(state, obj)
    remove_from_zone(state, obj)
    del state["objects"][obj["id"]]
    if obj["token"]:
        return
    deck, count = ("rune_deck", "rune_deck_count") if obj["type"] == "Rune" else ("deck", "deck_count")
    if obj["card"] is not None:
        owner[deck][obj["card"]] = owner[deck].get(obj["card"], 0) + 1
    owner[count] += 1


def channel_runes(context: Context, player: str, runes: list[str], exhausted: bool = False) -> None:
    """Rule 606: take runes from the top of the rune deck and put them on the board, ready unless told otherwise."""
    from engine.objects import place_on_board
    state = context.state
    entry = state["players"][player]
    for reference in runes:
        name = card_name(state, reference, f"{player}'s channel")
        if not context.check(facts(state, name).get("type") == "Rune", "606.1", f"{name!r} is not a rune"):
            continue
        if entry["rune_deck_count"] == 0:
            context.flag("606.1", f"{player} channels {name!r}, but their rune deck is empty")
            continue
        context.check(entry["rune_deck"].get(name, 0) > 0, "606.1",
                      f"{player} channels {name!r}, but no such rune is left in their rune deck")
        entry["rune_deck"][name] = max(0, entry["rune_deck"].get(name, 0) - 1)
        entry["rune_deck_count"] -= 1
        rune = state["objects"][create_object(state, name, player, "board", exhausted=exhausted)]
        place_on_board(state, rune, None)
