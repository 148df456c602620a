"""What riftlog exchanges with the organiser's tournament software (docs/judging.md, "With the organiser's
software"): a round's pairings in, the round's match results out.

- Pairings: a CSV of `table, player, player` rows (a header row `table,player1,player2` may come first; blank lines
  are skipped), as pairing software exports a round. `read_pairings` checks it whole and names every problem with
  its line; `import_pairings` stores the round's tables (recorder/pairings.py), replacing an earlier import of it.
  The tournament page lists them, each with its match once one names that event, round and table.
- Results: `round_results(log, event, round)` is one row per table of the round, whether it has a match or only a
  pairing: the players, each one's games won, the drawn games, the result (`win`, `draw`, or null while the match
  is not decided) and the winner, and the penalties of the match (TR 701.2; engine/penalties.py). Games are counted
  from the match's `result` (engine/results.py) where the state has one, else from its `games`. `results_csv`
  writes them as CSV, a row per table.
- By game and by match (TR 204.3.g: the organiser keeps "records of the event results (by game and match)"): each
  entry also lists its `games`, each with its number, result, winner's name, how it ended and the rule, and says
  the match's rules edition and format (`rules`, `best_of`). `games_csv` writes a row per game
  (`riftlog results --per game`); the row per table keeps its columns for the organiser's software.
"""
from __future__ import annotations

import csv
import io
from typing import Any

import recorder
from engine import modes
from recorder import pairings as stored_pairings
from replays.errors import ReplayError

HEADER = ("table", "player1", "player2")
SEATS = max(facts["players"] for facts in modes.MODES.values())  # 4: ffa4 and 2v2
CSV_FIELDS = ("event", "round", "table", "match", "mode",
              *(f"player{seat}" for seat in range(1, SEATS + 1)), *(f"team{seat}" for seat in range(1, SEATS + 1)),
              *(f"games_won{seat}" for seat in range(1, SEATS + 1)), "draws", "result", "winner", "penalties")
GAME_CSV_FIELDS = ("event", "round", "table", "match", "mode", "rules", "best_of", "game", "result", "winner", "by",
                   "rule")


class PairingsProblems(ReplayError):
    """A pairings file that cannot be imported: every problem, with its line."""

    def __init__(self, problems: list[str]) -> None:
        self.problems = problems
        super().__init__("the pairings cannot be imported:\n  " + "\n  ".join(problems))


def read_pairings(text: str) -> list[tuple[str, str, str]]:
    """The (table, player 1, player 2) rows of a pairings CSV; PairingsProblems naming each bad line."""
    rows, problems = [], []
    tables: dict[str, int] = {}
    seated: dict[str, int] = {}
    for number, cells in enumerate(csv.reader(io.StringIO(text)), 1):
        cells = [cell.strip() for cell in cells]
        if not any(cells):
            continue
        if number == 1 and cells and cells[0].lower() == "table":
            continue  # the header
        if len(cells) != 3 or not all(cells):
            problems.append(f"line {number}: expected three values, table, player, player; got {cells!r}")
            continue
        table, first, second = cells
        if table in tables:
            problems.append(f"line {number}: table {table} is paired twice (line {tables[table]} too)")
        tables.setdefault(table, number)
        for player in (first, second) if first != second else (first,):
            if player in seated:
                problems.append(f"line {number}: {player} is paired twice in the round (line {seated[player]} too)")
            seated.setdefault(player, number)
        if first == second:
            problems.append(f"line {number}: {first} cannot play themselves")
        rows.append((table, first, second))
    if not rows and not problems:
        problems.append("no pairings: the file has no row of table, player, player")
    if problems:
        raise PairingsProblems(problems)
    return rows


def import_pairings(log: recorder.Log, text: str, event: str, round_: str) -> list[dict[str, Any]]:
    """Read a pairings CSV and store it as the pairings of (event, round); returns them as stored."""
    if not event or not round_:
        raise PairingsProblems(["give the event and the round the pairings are for"])
    stored_pairings.replace_round(log, event, round_, read_pairings(text))
    return stored_pairings.of_round(log, event, round_)


def _info(summary: dict[str, Any]) -> dict[str, Any]:
    info = summary.get("info")
    return info if isinstance(info, dict) else {}


def round_matches(log: recorder.Log, event: str, round_: str) -> list[dict[str, Any]]:
    """The summaries of the matches that name (event, round) in their info, archived ones left out."""
    return [summary for summary in log.matches(archived=False)
            if (str(_info(summary).get("event")), str(_info(summary).get("round"))) == (event, round_)
            and _info(summary).get("event") is not None]


def match_result(state: dict[str, Any]) -> dict[str, Any]:
    """The games won by each player, the drawn games, the result and the winner of a match's state. A game won by a
    team (2v2: its `winner` is the team, v1.3 484.6.a.3) is won by each of its players."""
    players = list(state["players"])
    kept = state.get("result") if isinstance(state.get("result"), dict) else None
    games = kept["games"] if kept is not None else state["games"]
    sides = {player: {player, state["players"][player].get("team")} - {None} for player in players}
    won = {player: sum(1 for game in games if game.get("winner") in sides[player]) for player in players}
    draws = sum(1 for game in games if game.get("winner") is None)
    decided = kept.get("match") if kept is not None else None
    if decided is not None:
        result, winner = decided.get("result"), decided.get("winner")
    elif state["match_winner"] is not None:
        result, winner = "win", state["match_winner"]
    else:
        result, winner = None, None
    return {"games_won": won, "draws": draws, "result": result, "winner": winner, "games": games}


def game_results(state: dict[str, Any], games: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Each game of a match by itself (TR 204.3.g): its number, `win` or `draw`, the winner's name (or team), how
    it ended and the rule. A state folded before results existed knows only each game's winner."""
    return [{"game": game.get("game", number), "result": game.get("result") or ("draw" if game.get("winner") is None
                                                                                 else "win"),
             "winner": _winner_name(state, game.get("winner")), "by": game.get("by"), "rule": game.get("rule")}
            for number, game in enumerate(games, 1)]


def round_results(log: recorder.Log, event: str, round_: str) -> list[dict[str, Any]]:
    """One entry per table of the round (its matches, and the tables paired without one), by table."""
    entries: dict[str, dict[str, Any]] = {}
    for summary in round_matches(log, event, round_):
        state = log.state_at(summary["id"])
        outcome = match_result(state)
        table = str(_info(summary).get("table", summary["id"]))
        entries[table] = {
            "event": event, "round": round_, "table": table, "match": summary["id"], "mode": state["mode"],
            "rules": state.get("rules"), "best_of": 2 * state["games_to_win"] - 1,
            "players": [{"id": player, "name": state["players"][player]["name"],
                         "team": state["players"][player].get("team"),
                         "games_won": outcome["games_won"][player]} for player in state["players"]],
            "draws": outcome["draws"], "result": outcome["result"],
            "winner": _winner_name(state, outcome["winner"]), "games": game_results(state, outcome["games"]),
            "penalties": [{field: entry.get(field) for field in ("seq", "name", "infraction", "infraction_name",
                                                                  "penalty", "rule", "applies")}
                          | ({"upgrade": entry["upgrade"]} if "upgrade" in entry else {})
                          for entry in state.get("penalties", [])],
        }
    for pairing in stored_pairings.of_round(log, event, round_):
        if pairing["table"] not in entries:
            entries[pairing["table"]] = {
                "event": event, "round": round_, "table": pairing["table"], "match": None, "mode": None,
                "rules": None, "best_of": None,
                "players": [{"id": None, "name": name, "team": None, "games_won": 0} for name in pairing["players"]],
                "draws": 0, "result": None, "winner": None, "games": [], "penalties": []}
    if not entries:
        raise ReplayError(f"no match and no pairing names round {round_} of event {event!r}")
    return [entries[table] for table in sorted(entries, key=_natural)]


def _winner_name(state: dict[str, Any], winner: str | None) -> str | None:
    """The winning player's name, or the winning team as the match names it (2v2), or None."""
    if winner is None:
        return None
    return state["players"][winner]["name"] if winner in state["players"] else winner


def _natural(value: str) -> tuple[int, Any]:
    return (0, int(value)) if value.isdigit() else (1, value)


def results_csv(results: list[dict[str, Any]]) -> str:
    """The round's results as CSV, a row per table: a seat's player, team and games won in `player<n>`, `team<n>`,
    `games_won<n>` (empty for a seat the match does not have), `penalties` as `Name: penalty infraction (rule)`
    joined by `; `. ReplayError naming the match if it has more players than the CSV has seats."""
    too_many = [entry for entry in results if len(entry["players"]) > SEATS]
    if too_many:
        raise ReplayError("the results CSV has columns for " + str(SEATS) + " players; " + "; ".join(
            f"table {entry['table']} (match {entry['match']}) has {len(entry['players'])}" for entry in too_many)
            + ": export the round as JSON, which lists every player")
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(CSV_FIELDS)
    for entry in results:
        seats = entry["players"] + [{"name": "", "team": None, "games_won": ""}] * (SEATS - len(entry["players"]))
        writer.writerow([entry["event"], entry["round"], entry["table"], entry["match"] or "", entry["mode"] or "",
                         *(seat["name"] for seat in seats), *(seat["team"] or "" for seat in seats),
                         *(seat["games_won"] for seat in seats), entry["draws"],
                         entry["result"] or "", entry["winner"] or "",
                         "; ".join(f"{item['name']}: {item['penalty']} {item['infraction_name']} ({item['rule']})"
                                   for item in entry["penalties"])])
    return out.getvalue()


def games_csv(results: list[dict[str, Any]]) -> str:
    """The round's results as CSV, a row per game played (TR 204.3.g: results by game): the table and match, the
    match's mode, rules edition and format, then the game's number, result, winner, how it ended and the rule. A
    table whose match has no game yet has no row."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(GAME_CSV_FIELDS)
    for entry in results:
        for game in entry["games"]:
            writer.writerow([entry["event"], entry["round"], entry["table"], entry["match"] or "", entry["mode"] or "",
                             entry["rules"] or "", entry["best_of"] or "", game["game"] or "", game["result"],
                             game["winner"] or "", game["by"] or "", game["rule"] or ""])
    return out.getvalue()
