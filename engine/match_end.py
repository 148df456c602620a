"""The end of a match by the Tournament Rules: time, additional turns, concessions and agreed draws (TR 407-410).

- `time {called_at_seq?, extra_turns}` (TR 408.2): the round's time is up. The player whose turn it is finishes
  it (408.2), then `extra_turns` more turns are played (three, 408.2.a), and then the match ends. A game still
  going after them is won by a player with a lead of two points or more, else drawn (408.2.b); the match is won by
  the player with more game wins, else drawn (408.3.a-b). Between games no new game starts (408.2.d): the match
  ends at once. `called_at_seq` says when time was called if the judge records it later: the turn in progress at
  that seq is the one finished. Every turn counts among the three, an additional turn a card gives too (a turn is
  played; TR 206.1 keeps additional turns out of the round cycle only). Before any turn of a game has begun (its
  setup), there is no turn to finish: the three turns are its first three.
- `concede {player, match?}`: a player concedes the game (651, TR 410.1), or with `match: true` the match (TR
  410.2), the game in progress with it, in one event.
- `agreed_draw {match?}`: all players agree to draw the game (TR 410.1) or the match (TR 410.2); a game in progress
  when the match is drawn is drawn with it.
- TR 407.4: after a drawn game, the first player of the previous game plays first again; after a won game the loser
  chooses, which the record says (`first_player`).

- `time {..., procedure: "single_elimination"}` (TR 408.4, the altered procedure a timed single elimination round
  may use): between games, more game wins win the match (408.4.a); in a game, the turn is finished and three more
  are played (408.4.b-c), then the player with the most points wins the game, and the match if that gives them more
  game wins (408.4.c.1); with the points tied, more game wins win the match (408.4.c.2); with both tied, play goes
  on until the next point, whose scorer wins (408.4.c.3, "sudden death", Final Point rules unchanged). Game wins
  tied after a game: a new game, its first turn and five more, then the same (408.4.d).

Either way a `time` of other than three turns is refused (the five of 408.4.d are the engine's to count).
"""
from __future__ import annotations

from typing import Any

from engine import leaving, results, scoring, teams
from engine.errors import MalformedEvent
from engine.objects import State, opponents
from engine.rulings import Context

EXTRA_TURNS = 3  # TR 408.2.a
LEAD = 2  # TR 408.2.b: "a point lead of two or more"


# -- time (TR 408.2) -----------------------------------------------------------------------------------------------
def time_event(context: Context, event: dict[str, Any]) -> None:
    """Time is called (TR 408.2): recorded in `state["time"]`; the game ends after the last additional turn."""
    state = context.state
    extra = event["extra_turns"]
    procedure = event.get("procedure")
    if procedure not in (None, results.SINGLE_ELIMINATION):
        raise MalformedEvent(f"'time' event: 'procedure' is {results.SINGLE_ELIMINATION!r} (TR 408.4) or absent "
                             f"(TR 408.2), got {procedure!r}")
    if extra != EXTRA_TURNS:
        context.fail("TR 408.2.a", f"time gives {extra} additional turns; after the current turn, three "
                                   f"additional turns are played (TR 408.2.a)")
    if results.is_match_over(state):
        context.fail("TR 408.1", "time is called, but the match is over: its result is recorded")
    if state.get("time") is not None:
        context.fail("TR 408.2", f"time was already called at seq {state['time']['called_at_seq']}")
    called_at = event.get("called_at_seq", context.seq)
    if called_at > context.seq:
        context.fail("TR 408.2", f"time called at seq {called_at}: that is after this event (seq {context.seq})")
    if called_at < state.get("game_seq", 0) or called_at in state["voided"]:
        context.fail("TR 408.2.d", f"time called at seq {called_at}: that is not in the game in progress (it "
                                   f"began at seq {state.get('game_seq')}), and no game starts after time"
                                   if called_at not in state["voided"] else
                                   f"time called at seq {called_at}: a rewind voided that event")
    marked = {"procedure": procedure} if procedure else {}
    if state["game"] == 0 or results.game_over(state):  # between games: no new game is started (TR 408.2.d)
        state["time"] = {"called_at_seq": called_at, "seq": context.seq, "extra_turns": extra, "turn": None,
                         "last_turn": None, "extra_turn": None, **marked}
        if procedure:
            results.after_single_elimination_game(context, "TR 408.4.a")
        else:
            results.end_match_by_games(context, "time", "TR 408.2.d")
        return
    finishing = turn_at(state, called_at)
    state["time"] = {"called_at_seq": called_at, "seq": context.seq, "extra_turns": extra, "turn": finishing,
                     "last_turn": finishing + extra, "extra_turn": max(0, state["turn"] - finishing), **marked}
    if state["turn"] > finishing + extra:
        context.flag("TR 408.2.a", f"time was called in turn {finishing}: its {extra} additional turns ended with "
                                   f"turn {finishing + extra}, and this is turn {state['turn']}")
        end_game_on_time(context)


def turn_at(state: State, seq: int) -> int:
    """The turn in progress at `seq` of the current game (0 during its setup)."""
    starts = state.get("turn_starts", [])
    before = [started[0] for started in starts if started[1] <= seq]
    if before:
        return before[-1]
    return starts[0][0] - 1 if starts else state["turn"]


def turn_began(context: Context) -> None:
    """A turn began (turn.start_turn): its number, seq and whether it is an additional turn (v1.3 734) are kept, to
    find the turn at a `called_at_seq` and count round cycles (TR 206), and the additional turn after time is
    counted."""
    state = context.state
    state.setdefault("turn_starts", []).append([state["turn"], context.seq, state["regular_turn_player"] is not None])
    called = state.get("time")
    if called is not None and called.get("turn") is not None:
        called["extra_turn"] = state["turn"] - called["turn"]


def time_is_up(context: Context) -> bool:
    """Whether the turn that just ended was the last additional turn after time (TR 408.2.a): the game then ends
    by TR 408.2.b instead of a next turn beginning."""
    called = context.state.get("time")
    if called is None or called.get("last_turn") is None or context.state["turn"] < called["last_turn"] or \
            called.get("sudden_death"):
        return False
    end_game_on_time(context)
    return results.game_over(context.state)  # in sudden death (TR 408.4.c.3) the game goes on


def end_game_on_time(context: Context) -> None:
    """TR 408.2.b: a player with a point lead of two or more wins the game, else it is a draw; then the match ends
    (TR 408.2.a) with the result of its games (408.3)."""
    state = context.state
    points = {player: entry["points"] for player, entry in state["players"].items()}
    leader = max(points, key=lambda player: points[player])
    lead = min(points[leader] - points[other] for other in points if other not in teams.side(state, leader))  # 648.6
    if state["time"].get("procedure") == results.SINGLE_ELIMINATION:
        _end_of_turns_in_single_elimination(context, leader if lead > 0 else None)
    elif lead >= LEAD:
        scoring.win(context, leader, "time", "TR 408.2.b")  # the match ends with the game
    else:
        results.end_game(context, None, "time", "TR 408.2.b")


def _end_of_turns_in_single_elimination(context: Context, leader: str | None) -> None:
    """TR 408.4.c (and 408.4.d's turns): the player with the most points wins the game, then the match by game wins
    or a new game (engine/results.py); points tied, more game wins win the match (408.4.c.2), the game left drawn
    as it stands; both tied, play goes on to the next point (408.4.c.3: `sudden_death`, scored in
    engine/scoring.py)."""
    state = context.state
    if leader is not None:
        scoring.win(context, leader, "time", "TR 408.4.c.1")
        return
    ahead = results.most_wins(results.games_won(state))
    if ahead is not None:  # the game drawn as it stands; its end ends the match for `ahead` (engine/results.py)
        results.end_game(context, None, "time", "TR 408.4.c.2")
        return
    state["time"]["sudden_death"] = True


# -- concessions and agreed draws (TR 410) -------------------------------------------------------------------------
def concede(context: Context, event: dict[str, Any]) -> None:
    """A player concedes the game (651, TR 410.1) or, with `match`, the match and the game in progress (TR 410.2)."""
    state = context.state
    player = context.player(event)
    other = opponents(state, player)[0]
    if len(state["players"]) > 2:  # a game of more than two, its own match: the player leaves it (651.2, 652)
        _check_game_in_progress(context, player)
        leaving.leave(context, player, "concedes", "concession", "TR 410.2" if event.get("match") else "651")
        return
    if event.get("match"):
        if results.is_match_over(state):
            context.fail("TR 410.2", f"{player} concedes the match, but it is over: its result is recorded")
        results.end_game(context, other, "concession", "TR 410.2")
        results.end_match(context, other, "concession", "TR 410.2")
        return
    _check_game_in_progress(context, player)
    results.end_game(context, other, "concession", "651")


def _check_game_in_progress(context: Context, player: str) -> None:
    """Before game_started there is no game to concede (651: a player leaves the game in progress)."""
    if context.state["game"] == 0:
        context.fail("651", f"{player} concedes, but no game is in progress: game 1 has not started")


def agreed_draw(context: Context, event: dict[str, Any]) -> None:
    """All players agree to draw the game in progress (TR 410.1) or the match (TR 410.2)."""
    state = context.state
    if event.get("match"):
        if results.is_match_over(state):
            context.fail("TR 410.2", "a draw is agreed, but the match is over: its result is recorded")
        results.end_game(context, None, "agreement", "TR 410.2")
        results.end_match(context, None, "agreement", "TR 410.2")
        return
    if state["game"] == 0 or results.game_over(state):
        context.fail("TR 410.1", "a draw of the game is agreed, but no game is in progress (a match is drawn "
                                 "with 'match': true)")
    results.end_game(context, None, "agreement", "TR 410.1")


# -- between games (TR 407.4, 408.2.d) ------------------------------------------------------------------------------
def before_game(context: Context, event: dict[str, Any]) -> None:
    """Checks of a `game_started` that TR 407-408 add, before the game is set up: no game after the match ended
    (by time, TR 408.2.d, or otherwise), and after a drawn game the same first player (TR 407.4)."""
    state = context.state
    match = results.result_of(state)["match"]
    if match is not None:
        context.fail("TR 408.2.d" if match["by"] == "time" else "645.6",
                     f"game {event['game']} starts, but the match is over: "
                     + (f"{match['winner']} won it" if match["winner"] else "it was drawn")
                     + (" after time was called (no new game starts after time)" if match["by"] == "time" else ""))
    previous = results.result_of(state)["games"][-1:] if state["game"] else []
    if previous and previous[0]["result"] == "draw" and state["turn_order"]:
        first = state["turn_order"][0]
        context.check(event["first_player"] == first, "TR 407.4",
                      f"game {previous[0]['game']} was a draw: {first}, who played first in it, plays first "
                      f"again, not {event['first_player']}")
    state["turn_starts"] = []
    state["game_seq"] = context.seq


def after_the_game(state: State, event: dict[str, Any]) -> bool:
    """Whether an event may come after the game is over without being flagged: a note, a rewind, a penalty (TR
    701.2.b.1: applied to the next game), time between games (TR 408.2.d), a match conceded or drawn between games
    (TR 410.2)."""
    kind = event["type"]
    return kind in ("note", "rewind", "penalty", "time", "sideboard") or kind in ("concede", "agreed_draw") and bool(
        event.get("match"))


def over_violation(state: State, kind: str) -> tuple[str, str]:
    """The rule and message for an event after the game is over (633), or after the last additional turn."""
    called = state.get("time")
    if called is not None and called.get("last_turn") is not None:
        return ("TR 408.2.a", f"{kind} after the additional turns: time was called in turn {called['turn']}, "
                              f"three additional turns were played, and the match ended after turn "
                              f"{called['last_turn']} (TR 408.2.a)")
    if state["winner"] is None:
        return "633", f"{kind} after the game is over: it was drawn"
    return "633", f"{kind} after the game is over: {state['winner']} has won"
