"""The format of a match of several games: best of three or of five, and the battlefields each game may use.

- `match_created.best_of` (contract section 7 additions: an optional field, the mode names stay as they are): the
  `match` mode is a best of three (645.6, v1.3 481.6, v1.4 486.6); under v1.4 it "may be played as best of 5"
  (v1.4 486.6.a), asked for with `"best_of": 5`. A duel and the modes of more than two players are a best of one
  (644.6, 646.6-648.6): `best_of` may only say so. The state keeps `games_to_win` (3 for a best of five).
- Battlefields (645.5, v1.3 481.5): the battlefields used in a game are removed and not selected again. v1.4 486.5
  removes them only "if a player won": after a drawn game they may be reused (486.5.a), and the Tournament Rules of
  the match's edition say they must be (TR 406.1.b: "If a game ends in a draw, players must use the same
  battlefields for the following game"), which a head judge applies at a tournament: the engine refuses another.
  In games 4 and 5 of a best of five a player may present a battlefield removed earlier (v1.4 486.6.a), once each
  of their battlefields was presented (486.6.a.1), and none more than twice (486.6.a.2).

`battlefields_used` lists a player's presentations, one per game, except that the game after a draw, on the same
battlefield, continues the drawn game's presentation (not listed again): so under v1.4 the battlefields removed are
the list but its last entry when the last game was drawn, and a battlefield's count in it is how often it was
presented. Under v1.3 and 2025 every game's battlefield is listed and removed, as before.

Decisions (docs/engine.md, "Best of five"): with drawn games a best of five can go past game 5; reuse is allowed in
every game from game 4 on ("games 4 and 5" of a match without draws), so that no player runs out of battlefields.
"""
from __future__ import annotations

from typing import Any

from engine.editions import Edition, edition_of
from engine.errors import MalformedEvent
from engine.objects import State
from engine.rulings import Context

REUSE_FROM_GAME = 4  # v1.4 486.6.a: "during games 4 and 5 of the match"
PRESENTATIONS_MAX = 2  # v1.4 486.6.a.2: "may not present a battlefield more than twice in a match"


def games_to_win(event: dict[str, Any], mode: dict[str, Any], edition: Edition) -> int:
    """The games a player must win, from the mode and `match_created.best_of`; MalformedEvent naming what is wrong:
    a best_of other than the mode's (a best of five is a `match` under v1.4 only)."""
    usual = 2 * mode["games_to_win"] - 1
    if "best_of" not in event:
        return mode["games_to_win"]
    best_of = event["best_of"]
    allowed = [usual, 5] if mode["rule"] == "645" and edition.best_of_five else [usual]
    if best_of not in allowed:
        why = (f"a match is a best of 3, or of 5 under Core Rules v1.4 (v1.4 486.6.a); this match is played under "
               f"{edition.name}" if mode["rule"] == "645" else
               f"a {event['mode']} is a best of {usual} (rule {mode['rule']}.6)")
        raise MalformedEvent(f"'match_created' event: 'best_of' is {best_of!r}, but {why}")
    return (best_of + 1) // 2


def best_of(state: State) -> int:
    """The most games a match has when none is drawn: 1, 3 or 5."""
    return 2 * state["games_to_win"] - 1


def format_rule(state: State) -> str:
    """The rule of the match's format: 644.6 (best of one), 645.6 (best of three), v1.4 486.6.a (best of five)."""
    return "v1.4 486.6.a" if state["games_to_win"] > 2 else "645.6" if state["games_to_win"] > 1 else "644.6"


def drawn_games(state: State) -> int:
    return sum(1 for game in state["games"] if game.get("winner") is None)


def games_counted(state: State) -> int:
    """The games that used up battlefields (645.5): every game under v1.3, the won ones under v1.4 (486.5.a)."""
    if edition_of(state).drawn_game_keeps_battlefields:
        return len(state["games"]) - drawn_games(state)
    return len(state["games"])


def last_game_number(state: State) -> int:
    """The highest game number the match can reach: its best of, plus one for each drawn game under v1.4 (its
    battlefields are used again, 486.5.a)."""
    return best_of(state) + (drawn_games(state) if edition_of(state).drawn_game_keeps_battlefields else 0)


def after_a_draw(state: State) -> bool:
    """Whether the game before the one starting was drawn."""
    return bool(state["games"]) and state["games"][-1].get("winner") is None


def present_battlefield(context: Context, player: str, name: str, number: int) -> None:
    """`player` presents the battlefield `name` for game `number` of the match: checked against the battlefields
    removed earlier (645.5; v1.4 486.5-486.6.a; TR 406.1.b) and listed in `battlefields_used`."""
    state = context.state
    entry = state["players"][player]
    used = entry["battlefields_used"]
    if not edition_of(state).drawn_game_keeps_battlefields:
        context.check(name not in used, "645.5",
                      f"{player} chose battlefield {name!r}, which they used in an earlier game of this match")
        used.append(name)
        return
    if after_a_draw(state) and used:
        if name == used[-1]:  # the drawn game's battlefield again: 486.5.a, TR 406.1.b
            return
        context.check(False, "TR 406.1.b", f"game {number - 1} was a draw: {player} must use the same battlefield "
                                           f"{used[-1]!r} for game {number}, not {name!r}")
    if name in used:
        _check_reuse(context, player, name, number, used)
    used.append(name)


def _check_reuse(context: Context, player: str, name: str, number: int, used: list[str]) -> None:
    """A battlefield removed earlier is presented again: only in a best of five's games 4 and 5 (v1.4 486.6.a), once
    every one of the player's battlefields was presented (486.6.a.1), and never a third time (486.6.a.2)."""
    state = context.state
    if state["games_to_win"] < 3:
        context.check(False, "645.5", f"{player} chose battlefield {name!r}, which they used in an earlier game of "
                                      f"this match (a player won it: its battlefields were removed)")
    elif number < REUSE_FROM_GAME:
        context.check(False, "v1.4 486.6.a", f"{player} chose battlefield {name!r} again in game {number}: a best "
                                             f"of five reuses a removed battlefield in games 4 and 5 only")
    elif not set(state["players"][player]["battlefield_choices"]) <= set(used):
        unseen = sorted(set(state["players"][player]["battlefield_choices"]) - set(used))
        context.check(False, "v1.4 486.6.a.1", f"{player} chose battlefield {name!r} again, but has not yet "
                                               f"presented {', '.join(repr(card) for card in unseen)}")
    else:
        context.check(used.count(name) < PRESENTATIONS_MAX, "v1.4 486.6.a.2",
                      f"{player} chose battlefield {name!r} a third time: a battlefield is presented at most "
                      f"twice in a match")
