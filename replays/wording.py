"""What an event changed, in words, for the dispute report: "Ana's Legion Rearguard (o5): base → trash".

`report.diff` lists the changes of a state as paths (`objects.o5.zone: board -> trash`); a head judge reads
sentences. This module groups the changes by what they are about (an object, a player, a battlefield, the chain, the
turn) and words each group once: an object's zone and location become one move ("hand → base"), a player's list of
ids that only repeats the moves of its objects is left out, and every id is named by its card as the view sees it.
Presentation only: nothing here decides anything.
"""
from __future__ import annotations

from typing import Any

# A player's fields as a judge says them; lists of object ids among them are repeated by the objects' own moves.
PLAYER_FIELDS = {"points": "points", "hand_count": "hand", "deck_count": "main deck", "rune_deck_count": "rune deck",
                 "xp": "XP", "pool": "rune pool", "conceded": "conceded"}
PLAYER_ZONES = ("hand", "base", "trash", "runes", "banishment", "champion_zone", "legend", "facedown")
COUNTED = ("hand_count", "deck_count", "rune_deck_count")
# The game's own fields, in words.
GAME_FIELDS = {"game": "game", "turn": "turn", "turn_player": "turn player", "phase": "phase", "state": "turn state",
               "priority": "priority", "focus": "Focus", "active_player": "active player", "winner": "winner of the game",
               "match_winner": "winner of the match", "awaiting": "awaiting", "voided": "voided",
               "relevant_players": "relevant players", "games": "games won", "showdown": "showdown",
               "combat": "combat", "choice": "pending choice"}
ARROW = "→"


def worded(changes: list[dict[str, Any]], before: dict[str, Any], after: dict[str, Any]) -> list[str]:
    """The changes (`report.diff` of `before` and `after`, as the view sees them) as sentences, in the order of
    the changes' first mention."""
    namer = Namer(before, after)
    groups: dict[tuple[str, str], list[dict[str, Any]]] = {}
    for change in changes:
        parts = change["path"].split(".")
        if parts[0] == "objects" and len(parts) >= 2:
            key = ("object", parts[1])
        elif parts[0] == "players" and len(parts) >= 3:
            key = ("player", parts[1])
        elif parts[0] == "played_this_turn" and len(parts) == 2:
            key = ("played", parts[1])
        else:
            key = ("field", change["path"])
        groups.setdefault(key, []).append(change)
    moved = {ref for kind, ref in groups if kind == "object"}
    sentences = []
    for (kind, ref), group in groups.items():
        if kind == "object":
            sentences.append(object_sentence(namer, ref, group))
        elif kind == "player":
            sentences += player_sentences(namer, ref, group, moved)
        elif kind == "played":
            change = group[0]
            added = [item for item in change["after"] or [] if item not in (change["before"] or [])]
            if added:
                sentences.append(f"{namer.player(ref)} has played {namer.list(added)} this turn")
        else:
            sentences += field_sentences(namer, ref, group[0])
    return [sentence for sentence in sentences if sentence]


class Namer:
    """Names ids as the view sees them: a player by name, an object or chain item by its card ("Gust (o5)"), a
    battlefield by its name, a location ("base", "Zaun Warrens (bf1)")."""

    def __init__(self, before: dict[str, Any], after: dict[str, Any]) -> None:
        self.objects = {**(before.get("objects") or {}), **(after.get("objects") or {})}
        self.players = {player: entry.get("name") or player
                        for state in (before, after) for player, entry in (state.get("players") or {}).items()}
        self.fields = {field["id"]: field.get("name") for state in (before, after)
                       for field in state.get("battlefields") or []}
        self.items = {item["id"]: item.get("card") or item.get("label") for state in (before, after)
                      for item in state.get("chain") or []}

    def player(self, player: Any) -> str:
        return self.players.get(player, str(player)) if player is not None else "nobody"

    def ref(self, ref: Any) -> str:
        """An id by its card: "Gust (o5)", "unseen card (o16)", "Zaun Warrens (bf1)", a player's name."""
        if not isinstance(ref, str):
            return self.value(ref)
        if ref in self.players:
            return self.players[ref]
        if ref in self.objects:
            return f"{self.objects[ref].get('card') or 'unseen card'} ({ref})"
        if ref in self.fields:
            return f"{self.fields[ref]} ({ref})"
        if ref in self.items and self.items[ref]:
            return f"{self.items[ref]} ({ref})"
        return ref

    def list(self, refs: list[Any]) -> str:
        return ", ".join(self.ref(ref) for ref in refs) if refs else "none"

    def where(self, obj: dict[str, Any] | None) -> str:
        """Where an object is: its zone, or on the board its location ("base", "Ben's base", a battlefield)."""
        if not obj:
            return "gone"
        zone, location = obj.get("zone"), obj.get("location")
        if zone == "board" and isinstance(location, str):
            if location.startswith("base:"):
                owner = location.split(":", 1)[1]
                return "base" if owner == obj.get("controller") else f"{self.player(owner)}'s base"
            return self.ref(location)
        return str(zone) if zone is not None else "unknown"

    def value(self, value: Any) -> str:
        if value is None:
            return "none"
        if value is True:
            return "yes"
        if value is False:
            return "no"
        if isinstance(value, str):
            return self.ref(value) if (value in self.objects or value in self.players or value in self.fields
                                       or value in self.items) else value.replace("_", " ")
        if isinstance(value, list):
            return ", ".join(self.value(item) for item in value) if value else "none"
        if isinstance(value, dict):
            return "; ".join(f"{self.value(key)} {self.value(item)}" for key, item in value.items()) or "none"
        return str(value)


def object_sentence(namer: Namer, ref: str, group: list[dict[str, Any]]) -> str:
    """One object's changes: "Ben's Sunlit Guardian (o12): hand → base, exhausted"."""
    whole = next((change for change in group if change["path"] == f"objects.{ref}"), None)
    if whole is not None:
        obj = whole["after"] or whole["before"] or {}
        owner = f"{namer.player(obj.get('controller') or obj.get('owner'))}'s "
        if whole["before"] is None:
            return f"{owner}{namer.ref(ref)}: new, {namer.where(whole['after'])}"
        return f"{owner}{namer.ref(ref)}: gone (was {namer.where(whole['before'])})"
    obj = namer.objects.get(ref) or {}
    fields = {change["path"].split(".", 2)[2]: change for change in group}
    said = []
    card = fields.get("card")
    if card is not None and card["before"] is None:
        # A card the view now sees (played from a hand it could not see): its facts came with it.
        fields = {field: change for field, change in fields.items() if field in ("zone", "location", "exhausted",
                                                                               "controller", "damage")}
        said.append("revealed")
    if "zone" in fields or "location" in fields:
        before = {**obj, **{field: change["before"] for field, change in fields.items()}}
        after = {**obj, **{field: change["after"] for field, change in fields.items()}}
        said.append(f"{namer.where(before)} {ARROW} {namer.where(after)}")
    for field, change in fields.items():
        if field in ("zone", "location"):
            continue
        if field == "exhausted" and isinstance(change["after"], bool):
            said.append("exhausted" if change["after"] else "readied")
        elif field == "controller":
            said.append(f"control {namer.player(change['before'])} {ARROW} {namer.player(change['after'])}")
        else:
            said.append(f"{field.replace('_', ' ')} {namer.value(change['before'])} {ARROW} "
                        f"{namer.value(change['after'])}")
    owner = obj.get("controller") or obj.get("owner")
    return f"{namer.player(owner)}'s {namer.ref(ref)}: {', '.join(said)}"


def player_sentences(namer: Namer, player: str, group: list[dict[str, Any]], moved: set[str]) -> list[str]:
    """A player's changes: counts ("Ana's main deck: 35 → 33 cards"), points, and zones' lists only where an id
    in them did not move by itself (the object's own sentence says where it went)."""
    sentences = []
    name = namer.player(player)
    for change in group:
        field = change["path"].split(".", 2)[2]
        before, after = change["before"], change["after"]
        if field in PLAYER_ZONES and isinstance(before or [], list) and isinstance(after or [], list):
            added = [ref for ref in after or [] if ref not in (before or []) and ref not in moved]
            removed = [ref for ref in before or [] if ref not in (after or []) and ref not in moved]
            label = field.replace("_", " ")
            if added:
                sentences.append(f"{name}'s {label}: + {namer.list(added)}")
            if removed:
                sentences.append(f"{name}'s {label}: − {namer.list(removed)}")
            continue
        label = PLAYER_FIELDS.get(field, field.replace("_", " "))
        unit = " cards" if field in COUNTED else ""
        sentences.append(f"{name}'s {label}: {namer.value(before)} {ARROW} {namer.value(after)}{unit}")
    return sentences


def field_sentences(namer: Namer, path: str, change: dict[str, Any]) -> list[str]:
    """A change of the game's own state: the turn, priority, awaiting, the chain, battlefields, voided seqs."""
    before, after = change["before"], change["after"]
    if path == "chain":
        return chain_sentences(namer, before or [], after or [])
    if path == "battlefields":
        return battlefield_sentences(namer, before or [], after or [])
    if path == "awaiting":
        return [f"awaiting: {awaited(namer, before)} {ARROW} {awaited(namer, after)}"]
    if path == "voided":
        newly = [seq for seq in after or [] if seq not in (before or [])]
        back = [seq for seq in before or [] if seq not in (after or [])]
        return ([f"voided: {seq_runs(newly)}"] if newly else []) + \
            ([f"no longer voided: {seq_runs(back)}"] if back else [])
    if path == "games":
        return [f"games won: {games(namer, before)} {ARROW} {games(namer, after)}"]
    if path == "backups":
        return [backup_sentence(namer, entry) for entry in added_entries(before, after)]
    if path == "penalties":
        return [penalty_sentence(namer, entry) for entry in added_entries(before, after)]
    label = GAME_FIELDS.get(path.split(".")[0], path.replace(".", " ").replace("_", " "))
    if path in ("turn_player", "priority", "focus", "active_player", "winner", "match_winner"):
        return [f"{label}: {namer.player(before)} {ARROW} {namer.player(after)}"]
    return [f"{label}: {namer.value(before)} {ARROW} {namer.value(after)}"]


def added_entries(before: Any, after: Any) -> list[dict[str, Any]]:
    """The entries of a judge's record (`backups`, `penalties`: lists that only grow) that `after` adds."""
    return [entry for entry in after or [] if isinstance(entry, dict) and entry not in (before or [])]


BY = {"floor_judge": "a floor judge", "head_judge": "the head judge"}


def backup_sentence(namer: Namer, entry: dict[str, Any]) -> str:
    """A rewind's own record (engine/backups.py): "backup ordered by the head judge (TR 701.5): back to the state
    after #12, voiding #13–#15; back into Ana's deck at random: Gust", or an undo of the recording screen."""
    voided = f", voiding {seq_runs(entry['voided'])}" if entry.get("voided") else ""
    if entry.get("by"):
        words = f"backup ordered by {BY.get(entry['by'], namer.value(entry['by']))} (TR 701.5): back to the state " \
                f"after #{entry.get('to')}{voided}"
    else:
        words = f"undo (the recorder's correction): back to the state after #{entry.get('to')}{voided}"
    for player, cards in (entry.get("returned") or {}).items():
        named = ", ".join("a card drawn unseen" if card is None else str(card) for card in cards) or "no card"
        words += f"; back into {namer.player(player)}'s deck at random (TR 701.5.d.3): {named}"
    for seen in entry.get("seen") or []:
        cards = ", ".join("an unseen card" if card is None else str(card) for card in seen.get("cards") or [])
        words += f"; seen at #{seen.get('seq')} and shuffled back (TR 701.5.d.4): {cards or 'cards'}"
    return words


def penalty_sentence(namer: Namer, entry: dict[str, Any]) -> str:
    """A penalty's record (engine/penalties.py): "penalty: Ana, a warning for Drawing Extra Cards (TR 702.12)"."""
    kind = str(entry.get("penalty", "penalty")).replace("_", " ")
    article = "an" if kind[:1] in "aeiou" else "a"
    words = f"penalty: {namer.player(entry.get('player'))}, {article} {kind} for " \
            f"{entry.get('infraction_name') or namer.value(entry.get('infraction'))} ({entry.get('rule')})"
    upgrade = entry.get("upgrade")
    if isinstance(upgrade, dict):
        words += f", upgraded from a warning ({upgrade.get('rule')})"
    applies = {"this_game": "ends this game", "next_game": "applies to the next game",
               "this_match": "ends the match", "next_match": "applies to the next match",
               "merged": "given at the same time as another: one game loss (TR 701.2.b.2)",
               "drawn_game": "given to every player at once: the game is drawn (TR 701.2.b.3)",
               "drawn_next_game": "given to every player at once: the next game is drawn (TR 701.2.b.3)",
               }.get(entry.get("applies"))
    return words + (f", {applies}" if applies else "")


def seq_runs(seqs: list[int]) -> str:
    """Seqs as runs: "#20–#28, #31"."""
    spans: list[list[int]] = []
    for seq in sorted(seqs):
        if spans and spans[-1][1] == seq - 1:
            spans[-1][1] = seq
        else:
            spans.append([seq, seq])
    return ", ".join(f"#{first}" if first == last else f"#{first}–#{last}" for first, last in spans)


def awaited(namer: Namer, entries: Any) -> str:
    if not entries:
        return "nothing"
    return ", ".join(f"{str(entry.get('kind')).replace('_', ' ')}"
                     + (f" from {namer.player(entry['player'])}" if entry.get("player") else "")
                     for entry in entries if isinstance(entry, dict))


def games(namer: Namer, entries: Any) -> str:
    if not entries:
        return "none"
    return ", ".join(f"game {entry.get('game')}: {namer.player(entry.get('winner'))}" for entry in entries
                     if isinstance(entry, dict))


def chain_sentences(namer: Namer, before: list[dict[str, Any]], after: list[dict[str, Any]]) -> list[str]:
    """Items put on the chain, items that left it (resolved, countered or undone), and items that changed."""
    old = {item.get("id"): item for item in before}
    new = {item.get("id"): item for item in after}
    sentences = []
    for ref, item in new.items():
        if ref not in old:
            targets = f" targeting {namer.list(item['targets'])}" if item.get("targets") else ""
            pending = ", pending" if item.get("pending") else ""
            sentences.append(f"chain: + {item.get('card') or item.get('label') or item.get('kind')} ({ref}, "
                             f"{namer.player(item.get('controller'))}'s){targets}{pending}")
        elif item != old[ref]:
            changed = [key for key in item if item.get(key) != old[ref].get(key)]
            sentences.append(f"chain: {item.get('card') or item.get('label')} ({ref}): "
                             + ", ".join(f"{key.replace('_', ' ')} {namer.value(old[ref].get(key))} {ARROW} "
                                         f"{namer.value(item.get(key))}" for key in changed))
    for ref, item in old.items():
        if ref not in new:
            sentences.append(f"chain: − {item.get('card') or item.get('label') or item.get('kind')} ({ref}, "
                             f"{namer.player(item.get('controller'))}'s)")
    return sentences


def battlefield_sentences(namer: Namer, before: list[dict[str, Any]], after: list[dict[str, Any]]) -> list[str]:
    """Each battlefield that changed: its controller, Contested, its units (those that moved by themselves are
    said by their own sentence too), anything else by name."""
    old = {field.get("id"): field for field in before}
    sentences = []
    for field in after:
        was = old.get(field.get("id")) or {}
        if field == was:
            continue
        said = []
        for key in field:
            if field.get(key) == was.get(key) or key in ("id", "name"):
                continue
            if key in ("units", "gear"):  # the gear there: attached to its units, or left by one (v1.3 435.4)
                added = [ref for ref in field.get(key) or [] if ref not in (was.get(key) or [])]
                gone = [ref for ref in was.get(key) or [] if ref not in (field.get(key) or [])]
                said += ([f"{key} + {namer.list(added)}"] if added else []) + \
                        ([f"{key} − {namer.list(gone)}"] if gone else [])
            elif key in ("controller", "contested_by"):
                said.append(f"{key.replace('_', ' ')} {namer.player(was.get(key))} {ARROW} "
                            f"{namer.player(field.get(key))}")
            else:
                said.append(f"{key.replace('_', ' ')} {namer.value(was.get(key))} {ARROW} "
                            f"{namer.value(field.get(key))}")
        if said:
            sentences.append(f"{namer.ref(field.get('id'))}: {', '.join(said)}")
    return sentences


def standings(state: dict[str, Any]) -> dict[str, Any]:
    """The match's score by side, its winner first, then the most first (seat order between equals): the games
    each player has won in a duel or a best of three (644, 645); each player's points in a free-for-all (646, 647),
    a single game whose game count says nothing; each team's points in 2v2 (648: a team scores together and wins
    at 11, 648.3, 648.6), the team listed with its players.

    {"by": "games" | "points", "winner": "P1" | "Blue" | None,
     "sides": [{"side": "P1" | "Blue", "team": bool, "players": ["P1", ...], "score": 8}, ...]}"""
    players = state.get("players") or {}
    match = (state.get("result") or {}).get("match") or {}
    winner = match.get("winner") or state.get("match_winner")
    sides: dict[str, dict[str, Any]] = {}
    for player, entry in players.items():
        team = (entry or {}).get("team")
        side = sides.setdefault(team or player, {"side": team or player, "team": bool(team), "players": [],
                                                 "score": 0})
        side["players"].append(player)
        side["score"] = max(side["score"], (entry or {}).get("points") or 0)
    by = "points" if len(players) > 2 or any(side["team"] for side in sides.values()) else "games"
    if by == "games":
        won = dict(match.get("games_won") or {})
        if not won:
            for game in state.get("games") or []:
                if (game or {}).get("winner") is not None:
                    won[game["winner"]] = won.get(game["winner"], 0) + 1
        for side in sides.values():
            side["score"] = won.get(side["side"], 0)
    order = sorted(sides.values(), key=lambda side: (side["side"] != winner, -side["score"]))
    return {"by": by, "winner": winner, "sides": order}


def side_name(side: dict[str, Any], names: dict[str, str]) -> str:
    """A side by name: a player's name, or a team's with its players' ("Blue (Ana & Ben)")."""
    if not side["team"]:
        return names.get(side["side"], side["side"])
    return f"{side['side']} ({' & '.join(names.get(player, player) for player in side['players'])})"


def score_text(standing: dict[str, Any]) -> str:
    """The score, best first: "2–1" in games, "8–7–5–1" in points."""
    return "–".join(str(side["score"]) for side in standing["sides"])


def score_detail(standing: dict[str, Any], names: dict[str, str]) -> str:
    """Whose each number of the score is: "Ana 8, Cai 7, Ben 5, Dee 1 points"."""
    unit = "points" if standing["by"] == "points" else "games won"
    return ", ".join(f"{side_name(side, names)} {side['score']}" for side in standing["sides"]) + f" {unit}"
