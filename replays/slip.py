"""The match slip: what a judge prints at the end of a match for the players to sign (issue 15).

One page: the event, round and table, the players with their legends and champions, each game's result (the
winner, the points, and how it ended: on points, by a concession or by a game loss), the match's result, the seal
of the head (`replays.seal`, its code large) and when it was sealed. Only public information: nothing here comes
from a hidden zone.
"""
from __future__ import annotations

from typing import Any, Callable

from recorder import Log
from recorder.keys import ServerKey
from recorder.matches import seqs_of
from replays.errors import Unsealable
from replays.seal import seal

ENDINGS = {"concede": "by concession", "game_loss": "by a game loss"}


def slip(log: Log, match_id: str, key: ServerKey, now: Callable[[], str]) -> dict[str, Any]:
    """{match, mode, info, players: [{player, name, legend, champion}], games: [{game, winner, points, ended}],
    finished, match_winner, games_won, seal (the seal, or {"ok": false, "error"}), sealed_at (`now()`),
    last_recorded_at (the sealed head's `recorded_at`, the recording client's clock)}."""
    summary = log.match(match_id)
    created = log.events(match_id, upto=1)[0]["event"]
    head = log.state_at(match_id)
    voided = set(head.get("voided") or [])
    marks = [(seq, kind) for seq, kind in seqs_of(log, match_id, ("game_started", "concede", "game_loss"))
             if seq not in voided]
    # The state at the end of each game: before the next game_started, or the head. A later one of the same game
    # (a game started again after a rewind) replaces an earlier one.
    ends: dict[int, dict[str, Any]] = {}
    starts = [seq for seq, kind in marks if kind == "game_started"]
    for seq in [*[start - 1 for start in starts if start > 1], summary["head_seq"]]:
        state = head if seq == summary["head_seq"] else log.state_at(match_id, seq)
        if state.get("game"):
            ends[state["game"]] = {"seq": seq, "state": state}
    players = [{"player": player, "name": entry.get("name"), "legend": entry.get("legend"),
                "champion": entry.get("champion")}
               for player, entry in zip(list(head["players"]), created.get("players") or [])]
    games = []
    for finished in head.get("games") or []:
        end = ends.get(finished.get("game")) or {}
        state, upto = end.get("state"), end.get("seq", summary["head_seq"])
        begun = max([seq for seq in starts if seq <= upto], default=0)
        endings = [kind for seq, kind in marks if begun < seq <= upto and kind in ENDINGS]
        games.append({"game": finished.get("game"), "winner": finished.get("winner"),
                      "points": {player: entry.get("points") for player, entry in (state or {}).get("players",
                                                                                              {}).items()},
                      "ended": ENDINGS[endings[-1]] if endings else "on points"})
    under_way = None
    if head.get("game") and head.get("winner") is None:
        under_way = {"game": head["game"], "points": {player: entry.get("points")
                                                      for player, entry in head["players"].items()}}
    won = {entry["player"]: 0 for entry in players}
    for game in games:
        if game["winner"] in won:
            won[game["winner"]] += 1
    try:
        sealed: dict[str, Any] = {"ok": True, **seal(log, match_id, key)}
    except Unsealable as error:
        sealed = {"ok": False, "error": str(error)}
    last = log.events(match_id, after=summary["head_seq"] - 1)[0]
    return {"match": match_id, "mode": summary["mode"], "policy": summary["policy"], "rules": head.get("rules"),
            "info": created.get("info") or {}, "players": players, "games": games, "under_way": under_way,
            "games_to_win": head.get("games_to_win") or 1, "games_won": won,
            "finished": head.get("match_winner") is not None, "match_winner": head.get("match_winner"),
            "seal": sealed, "sealed_at": now(), "last_recorded_at": last.get("recorded_at"),
            "published_at": summary.get("published_at")}
