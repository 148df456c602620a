"""The main deck's top cards: looking at them, predicting, revealing them, and banishing, recycling or burning them.

The 2025-06-02 Core Rules: revealing presents a card to all players from a zone they have no access to, and the card
stays there (600.1, 600.1.a.2, 600.3: "reveal the top 2 cards of your Main Deck"); banishing takes a card from any
zone (603.1, 603.5: "look at the top 2 cards ... banish the other"); recycling puts a card on the bottom of its deck
(594.1). Looking at or revealing cards from an empty main deck, or putting its cards into the trash, burns out first
(607.1.b, 607.1.c). Core Rules v1.3 adds what 004 leaves open: a look or reveal of more cards than the deck holds
takes as many as there are and burns nothing out (431.1.c); putting more cards from it into another zone than it
holds puts what it has, burns out, then puts the rest (431.1.b); Predict looks at the top N and recycles any of
them, and never burns out (436.1, 436.4.a); Vision is "when played, look at the top card, you may recycle it"
(817.1.b), recorded as a `look` and, if so, a `recycle` of it. In a v1.4 match a look or reveal never burns out,
from an empty deck neither (v1.4 431.1.c; Vision is a Predict, 817.1.b), where a v1.3 match burns out first.
Burn N is defined by its reminder text before v1.4 (golden rule): "put the top N cards of your Main Deck into
your trash", the `burn` op; v1.4 440 defines it the same way (as many as
possible, burning out when the deck runs short, 440.4).

The effect ops (contract section 6): `look {player, cards, from?}`, `predict {player, cards}`, `reveal {player,
cards, from: "deck"}`, `recycle {player, cards, from: "deck"}`, `banish {player, cards, from: "deck"}` and `burn
{player, cards}`. `cards` names the cards top first (`null` for one the recorder did not see); `from` is "deck" (the
player's own main deck) or "deck:P2" (another player's, for a look). A deck is a count and the multiset of names it
may still hold, not an order (engine/deck.py), so a named card is checked against that multiset (107.3: it must be
a card the deck can still hold), not against its place in the deck.
"""
from __future__ import annotations

from collections import Counter
from typing import Any

from engine import deck
from engine.editions import edition_of
from engine.errors import MalformedEvent
from engine.objects import card_name
from engine.rulings import Context

DECK = "deck"


def deck_owner(context: Context, effect: dict[str, Any], player: str) -> str:
    """Whose main deck an op names: `from` "deck" is the acting player's, "deck:P2" another player's."""
    source = effect.get("from", DECK)
    if source == DECK:
        return player
    zone, _, owner = source.partition(":")
    if zone != DECK or owner not in context.state["players"]:
        raise MalformedEvent(f"effect op '{effect['op']}': 'from' must be 'deck' or 'deck:PLAYER' (a player of this "
                             f"match), got {source!r}")
    return owner


def remember_seen(context: Context, player: str, owner: str, names: list[str | None]) -> None:
    """Keep which cards of a deck a player learned, and when: a backup past it shuffles them into the random part
    of the deck (TR 701.5.d.4, engine/backups.py)."""
    context.state.setdefault("deck_seen", []).append({"seq": context.seq, "player": player, "owner": owner,
                                                      "cards": names})


def _names(context: Context, player: str, cards: list[str | None], op: str) -> list[str | None]:
    return [None if card is None else card_name(context.state, card, f"{player}'s {op} op") for card in cards]


def _check_held(context: Context, owner: str, names: list[str | None], who: str, verb: str) -> None:
    """107.3: each named card must be one the deck can still hold (the multiset of its names, 591.1)."""
    held = context.state["players"][owner]["deck"]
    for name, count in sorted(Counter(name for name in names if name is not None).items()):
        context.check(count <= held.get(name, 0), "107.3",
                      f"{who} {verb} {count} {name!r} from {owner}'s main deck, but it holds "
                      f"{held.get(name, 0)} such card{'s' if held.get(name, 0) != 1 else ''} at most")


def _burn_out_while_empty(context: Context, owner: str) -> None:
    """607.1.b-c: an action that needs cards of an empty main deck burns out first, repeatedly while the deck
    stays empty (607.3), until an opponent wins (607.3.a)."""
    state = context.state
    while state["players"][owner]["deck_count"] == 0 and state["winner"] is None:
        deck.burn_out(context, owner)


def look(context: Context, item: dict[str, Any], effect: dict[str, Any], kept: set[str] | None) -> None:
    """`look {player, cards, from?}`: the player looks at the top cards of a main deck, which stay there."""
    player = context.player(effect)
    owner = deck_owner(context, effect, player)
    _look_at(context, player, owner, _names(context, player, effect["cards"], "look"), "looks at")


def reveal_from_deck(context: Context, player: str, cards: list[str | None]) -> None:
    """`reveal {player, cards, from: "deck"}`: the top cards of the player's main deck are shown to all players and
    stay where they are (600.1, 600.1.a.2, 600.3)."""
    _look_at(context, player, player, _names(context, player, cards, "reveal"), "reveals")


def _look_at(context: Context, player: str, owner: str, names: list[str | None], verb: str) -> None:
    if not names:
        return
    if not edition_of(context.state).looks_never_burn_out:  # v1.4 431.1.c: as many as there are, no burn out
        _burn_out_while_empty(context, owner)  # 607.1.b
        if context.state["winner"] is not None:
            return
    remember_seen(context, player, owner, names)
    count = context.state["players"][owner]["deck_count"]
    context.check(len(names) <= count, "v1.3 431.1.c",
                  f"{player} {verb} {len(names)} cards of {owner}'s main deck, which holds {count}: a player "
                  f"{verb} as many as there are")
    _check_held(context, owner, names, player, verb)


def predict(context: Context, item: dict[str, Any], effect: dict[str, Any], kept: set[str] | None) -> None:
    """`predict {player, cards}`: the player looks at their top cards (v1.3 436.1) and may recycle any of them with
    `recycle ... from deck`. An empty deck does not burn out: they predict as many as there are (436.4.a)."""
    player = context.player(effect)
    names = _names(context, player, effect["cards"], "predict")
    remember_seen(context, player, player, names)
    count = context.state["players"][player]["deck_count"]
    context.check(len(names) <= count, "v1.3 436.4",
                  f"{player} predicts {len(names)} cards, but their main deck holds {count}: a player predicts as "
                  f"many as there are")
    _check_held(context, player, names, player, "predicts")


def recycle_from_deck(context: Context, player: str, cards: list[str | None]) -> None:
    """`recycle {player, cards, from: "deck"}`: top cards the player looked at or revealed go to the bottom of
    their main deck (594.1; Predict, v1.3 436.1). The deck holds the same cards, so only the record changes."""
    names = _names(context, player, cards, "recycle")
    count = context.state["players"][player]["deck_count"]
    context.check(len(names) <= count, "594.1", f"{player} recycles {len(names)} cards from their main deck, "
                                                f"which holds {count}")
    _check_held(context, player, names, player, "recycles")


def banish_from_deck(context: Context, player: str, cards: list[str | None]) -> None:
    """`banish {player, cards, from: "deck"}`: top cards of the player's main deck go to their banishment (603.1);
    an empty deck burns out first (v1.3 431.1.b)."""
    _take_top(context, player, _names(context, player, cards, "banish"), "banishment", "603.1")


def burn(context: Context, item: dict[str, Any], effect: dict[str, Any], kept: set[str] | None) -> None:
    """`burn {player, cards}`: Burn N (reminder text: "put the top N cards of your Main Deck into your trash"); the
    cards are named, since the trash is public (107.1.f). An empty deck burns out first (607.1.c), and a Burn of
    more cards than the deck holds puts what it has, burns out, then puts the rest (v1.3 431.1.b)."""
    player = context.player(effect)
    _take_top(context, player, _names(context, player, effect["cards"], "burn"), "trash", "107.3")


def _take_top(context: Context, player: str, names: list[str | None], zone: str, rule: str) -> None:
    state = context.state
    for name in names:
        _burn_out_while_empty(context, player)
        if state["winner"] is not None:
            return
        state["players"][player][zone].append(deck.take_from_deck(context, player, name, zone, rule))
