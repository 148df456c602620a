"""The results of games and of the match: won, drawn, and how (Tournament Rules 404, 408, 410; Core Rules 633, 645).

`state["result"]` carries them (contract section 6, "The judge's side"):

    {"games": [{"game": 1, "result": "win", "winner": "P2", "by": "points", "rule": "633"},
               {"game": 2, "result": "draw", "winner": None, "by": "time", "rule": "TR 408.2.b"}],
     "match": None | {"result": "win" | "draw", "winner": "P1" | None, "by": ..., "rule": ...,
                      "games_won": {"P1": 1, "P2": 1}, "draws": 1}}

A game ends with a winner (by points 633, a concession 651 / TR 410.1, a game loss TR 701.2.b, a card's `win`, the
point lead after time TR 408.2.b) or drawn (time TR 408.2.b, agreement TR 410.1, game losses for every player at
once TR 701.2.b.3). A drawn game does not count toward the games to win (TR 404.3). The match ends when a player
has won the games its mode needs (645.6, TR 408.3), after time (TR 408.3.a-b), by a concession or an agreed draw
(TR 410.2), or when a best of three has played its three games (645.5: each game uses battlefields not used
before, so there is no fourth; the player with more game wins wins, equal wins are a draw, as TR 404.4-404.5 say
of a match cut short).

`state["games"]` (each game's winner, None for a draw), `winner` and `match_winner` are kept as before for the code
and the views that read them. A result's `rule` is cited in the match's edition (engine/citations.py: as ever in a
v1.3 match; `v1.4 486.6`, `TR 408.2.b` in a v1.4 one), as `riftlog results` exports it (TR 204.3.g).
"""
from __future__ import annotations

from typing import Any

from engine import match_format
from engine.objects import State
from engine.rulings import Context

# games to win -> games that use up battlefields in a match: a duel (644.6), a best of three (645.5-645.6), a best of
# five (v1.4 486.6.a). Under v1.4 a drawn game uses none (486.5.a): engine/match_format.py counts them.
MAX_GAMES = {1: 1, 2: 3, 3: 5}
# TR 408.4: the altered end of match procedure of timed single elimination rounds (`time`'s `procedure`).
SINGLE_ELIMINATION = "single_elimination"
# TR 408.4.d: with game wins tied, the new game's first turn (turn 1) is the one finished, then five more.
NEW_GAME_AFTER_TIME = {"extra_turns": 5, "turn": 1, "last_turn": 6, "extra_turn": None, "sudden_death": False}


def new_result() -> dict[str, Any]:
    return {"games": [], "match": None}


def result_of(state: State) -> dict[str, Any]:
    """The state's `result` (a state folded before results existed has none yet)."""
    if "result" not in state:
        state["result"] = new_result()
    return state["result"]


def games_won(state: State) -> dict[str, int]:
    """Each player's game wins in this match (a drawn game counts for nobody, TR 404.3)."""
    won = {player: 0 for player in state["players"]}
    for game in state["games"]:
        if game.get("winner") is not None:  # a player, or a team in 2v2 (v1.3 484.6.a.3)
            won[game["winner"]] = won.get(game["winner"], 0) + 1
    return won


def is_match_over(state: State) -> bool:
    """Whether the match has its result: a winner, or a result such as a draw (read only: a state folded before
    results existed is not given one here)."""
    return state.get("match_winner") is not None or (state.get("result") or {}).get("match") is not None


def game_over(state: State) -> bool:
    """Whether the current game has ended (won or drawn)."""
    return state["phase"] == "over"


def end_game(context: Context, winner: str | None, by: str, rule: str) -> None:
    """The game in progress ends: won by `winner`, or drawn when `winner` is None. A game ends once: a second
    ending (a concession flagged after the game is over, 633) changes nothing."""
    state = context.state
    if game_over(state) or state["game"] == 0:
        return
    state["winner"] = winner
    state["games"].append({"game": state["game"], "winner": winner})
    result_of(state)["games"].append({"game": state["game"], "result": "draw" if winner is None else "win",
                                      "winner": winner, "by": by, "rule": context.cite(rule)})
    state.update(phase="over", chain=[], priority=None, focus=None, showdown=None, combat=None, choice=None,
                 owed_draws={}, passes=[])
    won = games_won(state)
    if winner is not None and won.get(winner, 0) >= state["games_to_win"]:
        end_match(context, winner, "games", match_format.format_rule(state))
    elif state.get("time") is not None and state["time"].get("procedure") == SINGLE_ELIMINATION:
        after_single_elimination_game(context, rule if by == "time" else "TR 408.4.a")  # 408.4.c.1, 408.4.c.3
    elif state.get("time") is not None:  # after time, the match ends with this game (TR 408.2.a, 408.2.d)
        end_match_by_games(context, "time", "TR 408.2.a" if by == "time" else "TR 408.2.d")
    elif match_format.games_counted(state) >= MAX_GAMES.get(state["games_to_win"], 1):
        end_match(context, most_wins(won), "games played", "645.5")


def after_single_elimination_game(context: Context, rule: str) -> None:
    """After time in a timed single elimination match (TR 408.4), between games: a player with more game wins wins
    the match (408.4.a, 408.4.c.1, 408.4.c.3: `rule`); with game wins tied a new game starts, played as though time
    had run out as it began: the first player's turn and five additional turns (408.4.d)."""
    state = context.state
    leader = most_wins(games_won(state))
    if leader is not None:
        end_match(context, leader, "time", rule)
    else:
        state["time"].update(NEW_GAME_AFTER_TIME)


def most_wins(won: dict[str, int]) -> str | None:
    """The player with more game wins, or None when they are equal (TR 404.4-404.5, 408.3.a-b)."""
    best = max(won.values())
    leaders = [player for player, count in won.items() if count == best]
    return leaders[0] if len(leaders) == 1 else None


def end_match(context: Context, winner: str | None, by: str, rule: str) -> None:
    """The match ends: won by `winner`, or drawn when `winner` is None. It ends once."""
    state = context.state
    result = result_of(state)
    if result["match"] is not None:
        return
    result["match"] = {"result": "draw" if winner is None else "win", "winner": winner, "by": by,
                       "rule": context.cite(rule),
                       "games_won": games_won(state), "draws": sum(1 for game in state["games"]
                                                                   if game.get("winner") is None)}
    state["match_winner"] = winner


def end_match_by_games(context: Context, by: str, rule: str) -> None:
    """The match ends with the result its games give: more game wins win, equal wins draw (TR 408.3.a-b)."""
    end_match(context, most_wins(games_won(context.state)), by, rule)
