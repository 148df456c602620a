"""What the viewer shows of a showdown or a combat under way, and of the games of a best of three.

Presentation only: the engine decides everything (engine/showdown.py, engine/combat.py); this module reads its
state fields into what one panel of the page needs, so the template stays a layout.
"""
from __future__ import annotations

from typing import Any

from replays.wording import score_detail, score_text, side_name, standings

COMBAT_STEPS = ("showdown", "damage", "resolution")  # rules 624-627, in order


def fight(state: dict[str, Any]) -> dict[str, Any] | None:
    """The showdown or combat of this state, None when there is neither.

    {kind: "combat" | "showdown", battlefield: the battlefields[] entry, attacker, defender, focus, passes,
    initial_chain, steps: [(step, "done" | "current" | "next")] for a combat, assignments: [{player, amount,
    against: whose units take it, status: "now" | "next" | "done"}] in the damage step, attackers and defenders:
    the unit ids designated at the battlefield}. In a showdown without combat, `attacker` is the player who applied Contested (341)."""
    showdown, combat = state.get("showdown"), state.get("combat")
    if not showdown and not combat:
        return None
    current = combat or showdown
    field_id = current.get("battlefield")
    field = next((entry for entry in state.get("battlefields") or [] if entry.get("id") == field_id),
                 {"id": field_id, "name": field_id, "units": []})
    objects = state.get("objects") or {}
    units = [unit for unit in field.get("units") or [] if isinstance(unit, str)]
    summary: dict[str, Any] = {
        "kind": "combat" if combat else "showdown",
        "battlefield": field,
        "attacker": current.get("attacker"),
        "defender": current.get("defender"),
        "focus": state.get("focus") if showdown else None,
        "passes": list((showdown or {}).get("passes") or []),
        "initial_chain": (showdown or {}).get("initial_chain"),
        "steps": [],
        "assignments": [],
        "attackers": [unit for unit in units if (objects.get(unit) or {}).get("attacker")],
        "defenders": [unit for unit in units if (objects.get(unit) or {}).get("defender")],
    }
    if combat:
        step = combat.get("step")
        reached = COMBAT_STEPS.index(step) if step in COMBAT_STEPS else -1
        summary["steps"] = [(name, "done" if index < reached else "current" if index == reached else "next")
                            for index, name in enumerate(COMBAT_STEPS)]
        to_assign = list(combat.get("to_assign") or [])
        for player, amount in (combat.get("amounts") or {}).items():
            status = "done" if player not in to_assign else "now" if to_assign[0] == player else "next"
            against = combat.get("defender") if player == combat.get("attacker") else combat.get("attacker")
            summary["assignments"].append({"player": player, "amount": amount, "against": against, "status": status})
    return summary


def games_won(state: dict[str, Any]) -> dict[str, int]:
    """How many games of the match each player has won so far (`games`: [{game, winner}]), every player listed."""
    won = {player: 0 for player in state.get("players") or {}}
    for game in state.get("games") or []:
        winner = (game or {}).get("winner")
        if winner is not None:
            won[winner] = won.get(winner, 0) + 1
    return won


def units_by_player(state: dict[str, Any], field: dict[str, Any]) -> list[tuple[str | None, list[str]]]:
    """A battlefield's units grouped by controller, players in turn order (so each side of a fight reads as one
    group), then any unit whose controller this view does not show."""
    objects = state.get("objects") or {}
    units = [unit for unit in field.get("units") or [] if isinstance(unit, str)]
    players = list(state.get("turn_order") or state.get("players") or [])
    groups: list[tuple[str | None, list[str]]] = []
    for player in players:
        mine = [unit for unit in units if (objects.get(unit) or {}).get("controller") == player]
        if mine:
            groups.append((player, mine))
    others = [unit for unit in units if (objects.get(unit) or {}).get("controller") not in players]
    if others:
        groups.append((None, others))
    return groups


# How a game or the match ended, in the viewer's words (engine/results.py keeps `by` and the rule).
ENDED_BY = {"points": "points", "concession": "concession", "game_loss": "game loss", "card": "a card's effect",
            "time": "time", "agreement": "agreement", "games": "game wins", "games played": "all games played",
            "match_loss": "match loss", "disqualification": "disqualification"}


def result_lines(state: dict[str, Any], names: dict[str, str]) -> dict[str, Any]:
    """Each finished game's result, the match's and time called, as lines the viewer and the dispute report show:
    `{"games": ["Game 1: Ben won (concession, rule 651)", ...], "match": "Match: drawn 1–1, 1 game drawn (time, rule
    TR 408.2.a)" | None, "time": "Time called at seq 57: ..." | None}`."""
    result = state.get("result") or {}

    def how(entry: dict[str, Any]) -> str:
        return f"({ENDED_BY.get(entry.get('by'), entry.get('by'))}, rule {entry.get('rule')})"

    def who(player: Any) -> str:
        return names.get(player, player)

    games = [f"Game {game.get('game')}: " + (f"{who(game['winner'])} won" if game.get("winner") else "drawn")
             + f" {how(game)}" for game in result.get("games") or []]
    match = result.get("match")
    match_line = None
    if match:
        standing = standings(state)
        score = score_text(standing) if standing["by"] == "games" else f"with {score_text(standing)} points"
        drawn = match.get("draws") or 0
        match_line = ("Match: " + (f"{side_name(standing['sides'][0], names)} won" if match.get("winner")
                                   else "drawn") + f" {score}"
                      + (f", {drawn} game{'s' if drawn != 1 else ''} drawn" if drawn else "") + f" {how(match)}")
    called = state.get("time")
    time_line = None
    if called:
        time_line = f"Time called at seq {called.get('called_at_seq')}"
        if called.get("turn") is not None:
            extra = called.get("extra_turn") or 0
            time_line += (f": turn {called['turn']} is finished, then {called.get('extra_turns')} additional turns"
                          if called["turn"] else f": no turn had begun, so turns 1 to {called.get('last_turn')} "
                                                 f"are played")
            time_line += (f"; additional turn {extra} of {called.get('extra_turns')}" if extra else "") + \
                " (TR 408.2.a)"
        else:
            time_line += " between games: no new game starts (TR 408.2.d)"
    return {"games": games, "match": match_line, "time": time_line}


def match_summary(state: dict[str, Any], names: dict[str, str]) -> dict[str, str] | None:
    """The match's result in a few words for the tournament page, None while it is under way: {"text": "Ana won
    2–1" (games, a duel or a best of three) | "Cai won 8–7–7 pts" (a free-for-all: one game, scored by each
    player's points) | "Blue (Ana & Ben) won 11–9 pts" (2v2: by team) | "Drawn 1–1", "detail": whose each number
    is ("Cai 8, Ana 7, Ben 7 points")}. The winner's score comes first."""
    match = (state.get("result") or {}).get("match")
    if not match:
        return None
    standing = standings(state)
    text = (f"{side_name(standing['sides'][0], names)} won" if match.get("winner") else "Drawn") + \
        f" {score_text(standing)}" + (" pts" if standing["by"] == "points" else "")
    return {"text": text, "detail": score_detail(standing, names)}
