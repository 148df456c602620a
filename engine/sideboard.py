"""Sideboarding between the games of a match (Tournament Rules of 2026-07-16, 403 and 601.1.c; contract section 7).

`sideboard {player, in: [card...], out: [card...], champion?}`: between two games of a match, `player` exchanges the
cards `in` from their sideboard with the cards `out` of their main deck, one for one (TR 403.4), and may change
their chosen champion to one of the resulting main deck (TR 403.4.a, 601.1.c.4: `champion`). The deck is then
checked again by the construction rules (TR 403.4.c: `construction.deck_problems`, as at match_created) and so is
the sideboard (TR 601.1.c: `construction.sideboard_problems`, at most the edition's `sideboard_max` cards), by
`setup.check_decks` as at match_created; each problem is flagged, since a judge may record what was really played. The next game is set up from the new main
deck (setup._reset_game rebuilds it from `decklist`).

Before the first game of a best of one (a duel, FFA3, FFA4, 2v2: 644.6, 646.6-648.6), a player may sideboard as
between the games of a best of three: the altered setup a head judge may opt for in a "best of 1" competition (TR
406.1.g.5), after the battlefields and the first player are known (406.1.g.2-4) and before the champions are placed
(406.1.g.6: `game_started` takes the chosen champion from the deck sideboarded). The head judge's option is not an
event of its own: it is the competition's, and a player sideboards before a best of one's game only under it, so
the sideboarding records it (docs/engine.md).

Refused: sideboarding before the first game of a best of three or five (TR 403.5: "Players may not use sideboard
cards in the first game of a match"), during a game or after the match (TR 403.4: "in between games of a match"),
after a drawn game (TR 403.10), after a first game the match skipped because of a penalty (TR 403.9: a game loss
given before game 1, TR 701.2.b.1, or a draw of it, 701.2.b.3), an exchange that is not one for one, a card `in`
that is not in the player's sideboard, a card `out` that is not in their main deck (TR 403.4).

Recorded in v1.4 matches (`edition.records_sideboarding`); a v1.3 match refuses the event, as the engine always
did (its `players[*].sideboard` was never read). The state keeps each player's sideboard as `sideboard` (card ->
copies, only when the match_created lists one), private as the main deck is (engine/views.py).
"""
from __future__ import annotations

from collections import Counter
from typing import Any

from engine import match_format, results, setup
from engine.editions import edition_of
from engine.errors import MalformedEvent
from engine.objects import card_name
from engine.rulings import Context

SKIPPED = ("TR 701.2.b.1", "TR 701.2.b.3")  # a first game lost or drawn unplayed because of a penalty (TR 403.9)


def sideboard(context: Context, event: dict[str, Any]) -> None:
    """A player sideboards between games (TR 403.4); the deck is checked again (TR 403.4.c, 601.1.c)."""
    state = context.state
    player = context.player(event)
    edition = edition_of(state)
    if not edition.records_sideboarding:
        context.fail("TR 403.4", f"sideboarding is recorded in matches played under v1.4 (the Tournament Rules of "
                                 f"2026-07-16); this match is played under {edition.name}")
    _check_between_games(context, player)
    entry = state["players"][player]
    cards_in = [_card(context, name, "in") for name in event["in"]]
    cards_out = [_card(context, name, "out") for name in event["out"]]
    context.check(len(cards_in) == len(cards_out), "TR 403.4",
                  f"{player} sideboards {len(cards_in)} card(s) in and {len(cards_out)} out: sideboard cards are "
                  f"exchanged 1 for 1 with main deck cards")
    side, main = Counter(entry.get("sideboard", {})), Counter(entry["decklist"])
    for what, cards, pool, where in (("in", cards_in, side, "sideboard"), ("out", cards_out, main, "main deck")):
        missing = Counter(cards) - pool
        context.check(not missing, "TR 403.4", f"{player} sideboards {_listed(missing)} {what}, but their {where} "
                                               f"has {_has(pool, missing)}")
    main = main - Counter(cards_out) + Counter(cards_in)  # as far as it applies (audit): never below none
    side = side - Counter(cards_in) + Counter(cards_out)
    entry["decklist"], entry["sideboard"] = dict(sorted(main.items())), dict(sorted(side.items()))
    if "champion" in event:
        entry["champion_card"] = _card(context, event["champion"], "champion")
    if state["game"] == 0:  # TR 406.1.g.5: the first game is set up from the deck sideboarded (406.1.g.6-7)
        entry["deck"], entry["deck_count"] = dict(entry["decklist"]), sum(entry["decklist"].values())
    setup.check_decks(context, [player])


def _check_between_games(context: Context, player: str) -> None:
    """Sideboarding happens between the games of a match, not before the first (TR 403.5) but in a best of one's
    altered setup (TR 406.1.g.5), nor after a draw (TR 403.10) or a first game skipped by a penalty (TR 403.9)."""
    state = context.state
    if results.is_match_over(state):
        context.fail("TR 403.4", f"{player} sideboards, but the match is over (sideboarding is in between games of "
                                 f"a match)")
    if state["game"] == 0:
        if match_format.best_of(state) == 1:
            return  # TR 406.1.g.5: "as if they were in between games of a 'best of 3' match"
        context.fail("TR 403.5", f"{player} sideboards before game 1: sideboard cards may not be used in the first "
                                 f"game of a match (only a best of one's altered setup sideboards before its game, "
                                 f"TR 406.1.g.5; this match is a best of {match_format.best_of(state)})")
    if not results.game_over(state):
        context.fail("TR 403.4", f"{player} sideboards during game {state['game']}: sideboarding is in between "
                                 f"games of a match")
    games = results.result_of(state)["games"]
    last = games[-1] if games else None
    if last is not None and last["game"] == 1 and last["by"] == "game_loss" and last["rule"] in SKIPPED:
        context.fail("TR 403.9", f"game 1 was skipped because of a penalty ({last['rule']}): neither player may "
                                 f"sideboard for game 2")
    if last is not None and last["result"] == "draw":
        context.fail("TR 403.10", f"game {last['game']} ended in a draw: neither player may sideboard for the "
                                  f"following game")


def _card(context: Context, reference: Any, field: str) -> str:
    """The catalog name of a card the event names (one of the match's cards: its decks and sideboards)."""
    if not isinstance(reference, str):
        raise MalformedEvent(f"'sideboard' event: '{field}' names cards by name or code, got {reference!r}")
    return card_name(context.state, reference, f"the 'sideboard' event's '{field}'")


def _listed(cards: Counter[str]) -> str:
    return ", ".join(f"{count} {name}" if count > 1 else name for name, count in sorted(cards.items()))


def _has(pool: Counter[str], wanted: Counter[str]) -> str:
    return ", ".join(f"{pool[name]} {name}" for name in sorted(wanted)) or "none"
