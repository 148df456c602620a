"""Starting a match from a described position (the contract's `position` event, only ever seq 2).

A judge auditing a disputed sequence sets up the board as it stood at the table and records the sequence from
there. The position replaces `game_started`, the opening hands and the mulligans, and every turn before it:

    {"type": "position", "turn": 5, "turn_player": "P1", "first_player": "P1", "phase": "action",
     "battlefields": {"P1": "Zaun Warrens", "P2": "Altar to Unity"}, "control": {"P1": ["bf1"], "P2": []},
     "players": {"P1": {"points": 3, "hand": ["Gust", null], "deck_count": 30, "rune_deck_count": 6,
                        "trash": ["Void Seeker"], "banishment": [], "champion": "zone",
                        "runes": [{"card": "Fury Rune", "exhausted": false}],
                        "units": [{"card": "Legion Rearguard", "at": "base", "exhausted": true, "damage": 1,
                                   "buff": 0, "stunned": false, "might": 0}],
                        "gear": [{"card": "Iron Ballista", "exhausted": false}, {"card": "Gold"}],
                        "facedown": [{"card": "Block", "at": "bf1", "this_turn": false}],
                        "pool": {"energy": 0, "power": {}}, "xp": 0},
                 "P2": {...}}}

Optional, for setting up showdowns and combats: `contested` ({battlefield id: the player who applied Contested}),
`scored` ({player: [battlefield ids scored this turn]}, rule 631), a unit's `attacker` (its controller contested
the battlefield it is at), and for a best of three `game` (the game's number) with `games_won` ({player: n})
and `games_drawn` (n, the drawn games before it: under v1.4 each makes room for one more game, 486.5.a,
engine/match_format.py, so a best of three may reach game 4).
A position in the action phase ends with a cleanup (518-526), so a contested battlefield or two players' units at
one battlefield open the showdown or the combat there, as at the table.

`statics` (on a unit or gear) are the static effects in force from it (engine/statics.py's shape, without
`source`); the top-level `statics` are those of a battlefield (`"source": "bf1"`) or a player's legend
(`"source": "legend:P1"`), or that last this turn (`"until": "turn"`). Each player's rune `pool` is
`{energy, power: {Domain: n}}`.
A unit's `attached` lists the gear attached to it (v1.3 716-719: the unit has their Might Bonus and Effect Text
keywords), each `{"card", "exhausted"}`. Tokens of every kind the catalog has (v1.3 184: a Recruit unit, a Gold
gear, ...) are described by their kind's name among units or gear, and come from no deck.

`facedown` lists the cards the player controls facedown (engine/hidden.py), `this_turn` when hidden this turn (it
may then be played from the next turn on, 723.1.b). `xp` is the player's XP (v1.3 728-733), 0 when left out.
`might` is a "this turn" Might change. `champion` is "zone" while the chosen champion is still in the champion zone
(rule 107.2), else the champion appears wherever the position lists it. Cards come from the player's decklist: more
copies outside the deck than the list holds, or counts that do not add up to the decklist, are flagged (103.2,
103.3.a), since a judge may be recording what really was on the table.
"""
from __future__ import annotations

from typing import Any

from engine import construction, control, deck, hidden, match_format, scoring, setup, statics, teams
from engine.editions import edition_of
from engine.errors import MalformedEvent
from engine.objects import attach, battlefield, card_name, create_object, facts, is_location, place_on_board, refresh
from engine.rulings import Context

PHASES = ("channel", "draw", "action")
PLAYER_FIELDS = {"points": int, "hand": list, "deck_count": int, "rune_deck_count": int}
LISTS = ("trash", "banishment", "runes", "units", "gear", "facedown")


def position(context: Context, event: dict[str, Any]) -> None:
    state = context.state
    if state["seq"] != 2:
        raise MalformedEvent("'position' is only ever seq 2, in place of 'game_started'")
    _check_shape(state, event)
    setup.start_game(context, event, "position")
    state["turn"], state["turn_player"], state["phase"] = event["turn"], event["turn_player"], event["phase"]
    for player, described in event["players"].items():
        _place_player(context, player, described)
    for player, controlled in event.get("control", {}).items():
        for battlefield_id in controlled:
            try:
                battlefield(state, battlefield_id)["controller"] = player
            except KeyError:
                raise MalformedEvent(f"'position' event: {player} controls {battlefield_id!r}, "
                                     f"which is no battlefield of this match") from None
    _place_statics(context, event)
    _place_contests(context, event)
    _check_control(context)
    for player, battlefield_ids in event.get("scored", {}).items():
        state["scored_this_turn"][player] = list(battlefield_ids)
    for player, won in event.get("games_won", {}).items():
        state["games"].extend({"game": None, "winner": player} for _ in range(won))
    state["games"].extend({"game": None, "winner": None} for _ in range(event.get("games_drawn", 0)))
    for player, entry in state["players"].items():
        entry["setup"] = "ready"
        first_turn = state["turn_order"].index(player) + 1
        entry["channeled_once"] = state["turn"] > first_turn or state["turn"] == first_turn and state["phase"] != \
            "channel"
        if entry["points"] >= state["victory_score"]:
            scoring.win(context, player)
    for team in teams.teams(state).values():  # 648.6: a team shares one score
        context.check(len({state["players"][player]["points"] for player in team}) == 1, "648.6",
                      f"teammates {' and '.join(team)} have different points; a team shares one score")
    scoring.note_beginning_phase(state)  # 648.8.b, 648.8.g.1: the board as it stood, as in the beginning phase
    if state["phase"] == "action":
        context.schedule("cleanup")
    context.schedule("priority")


def _place_statics(context: Context, event: dict[str, Any]) -> None:
    """The statics of battlefields and legends (and "this turn" ones), after every object is placed."""
    state = context.state
    entries = event.get("statics", [])
    if not isinstance(entries, list):
        raise MalformedEvent(f"'position' event: 'statics' must be a list of static effects, got {entries!r}")
    for index, static in enumerate(entries):
        statics.check_shape(static, f"'position' event, static {index + 1}")
        source = static.get("source")
        player = source.split(":", 1)[1] if isinstance(source, str) and source.startswith("legend:") else None
        if player in state["players"]:
            source, controller = state["players"][player]["legend"], player
        elif any(entry["id"] == source for entry in state["battlefields"]):
            controller = battlefield(state, source)["controller"]
        else:
            raise MalformedEvent(f"'position' event, static {index + 1}: 'source' names a battlefield (bf1) or a "
                                 f"player's legend (legend:P1), got {source!r}; a unit's statics go in its entry")
        statics.add(state, {key: value for key, value in static.items() if key != "source"}, source, controller)


def _place_contests(context: Context, event: dict[str, Any]) -> None:
    """Contested battlefields: named in `contested`, or where a unit is described as an attacker (181.3.a)."""
    state = context.state
    for battlefield_id, player in event.get("contested", {}).items():
        entry = battlefield(state, battlefield_id)
        entry["contested"], entry["contested_by"] = True, player
    for unit in state["objects"].values():
        if unit.pop("described_attacker", False) and not unit["location"].startswith("base:"):
            entry = battlefield(state, unit["location"])
            if not entry["contested"]:
                entry["contested"], entry["contested_by"] = True, unit["controller"]


def _check_control(context: Context) -> None:
    """A player whose units are alone at a battlefield outside combat controls it (181.4.a), a constant state
    (181.5): unless they are contesting it (a showdown opens there), a position that leaves it uncontrolled
    describes no board the game can reach."""
    state = context.state
    for entry in state["battlefields"]:
        facedown = state["objects"].get(entry["facedown"] or "")
        if facedown is not None:
            context.check(entry["controller"] == facedown["controller"], "106.4.c",
                          f"{facedown['controller']}'s position has a card facedown at {entry['id']} "
                          f"({entry['name']}), a battlefield they do not control")
        present = control.players_at(state, entry["id"])
        if len(present) == 1 and entry["controller"] != present[0] and not entry["contested"]:
            context.flag("181.4.a", f"{present[0]}'s units are alone at {entry['id']} ({entry['name']}), so "
                                    f"{present[0]} controls it (181.5); the position neither says so nor has them "
                                    f"contest it")


def _check_shape(state: dict[str, Any], event: dict[str, Any]) -> None:
    if event["phase"] not in PHASES:
        raise MalformedEvent(f"'position' event: 'phase' must be one of {', '.join(PHASES)}, got {event['phase']!r}")
    if event["turn"] < 1:
        raise MalformedEvent(f"'position' event: 'turn' must be 1 or more, got {event['turn']}")
    for field in ("turn_player", "first_player"):
        if event[field] not in state["players"]:
            raise MalformedEvent(f"'position' event: unknown player {event[field]!r} in '{field}'")
    for player, controlled in event.get("control", {}).items():
        if player not in state["players"] or not isinstance(controlled, list) or not all(
                isinstance(battlefield_id, str) for battlefield_id in controlled):
            raise MalformedEvent(f"'position' event: 'control' maps players to lists of battlefield ids, got "
                                 f"{player!r}: {controlled!r}")
    battlefield_count = len(event["battlefields"])
    known = {f"bf{index}" for index in range(state["next_id"].get("bf", 0) + 1,
                                              state["next_id"].get("bf", 0) + battlefield_count + 1)}
    for battlefield_id, player in event.get("contested", {}).items():
        if battlefield_id not in known or not isinstance(player, str) or player not in state["players"]:
            raise MalformedEvent(f"'position' event: 'contested' maps battlefield ids ({', '.join(sorted(known))}) "
                                 f"to the player who contested them, got {battlefield_id!r}: {player!r}")
    for player, scored in event.get("scored", {}).items():
        if player not in state["players"] or not isinstance(scored, list) or not all(
                isinstance(battlefield_id, str) and battlefield_id in known for battlefield_id in scored):
            raise MalformedEvent(f"'position' event: 'scored' maps players to lists of battlefield ids they scored "
                                 f"this turn, got {player!r}: {scored!r}")
    games_to_win = state["games_to_win"]
    game, drawn = event.get("game", 1), event.get("games_drawn", 0)
    if not _is_count(drawn):
        raise MalformedEvent(f"'position' event: 'games_drawn' counts the drawn games before this one, a whole "
                             f"number, 0 or more, got {drawn!r}")
    last = match_format.best_of(state) + (drawn if edition_of(state).drawn_game_keeps_battlefields else 0)
    if not 1 <= game <= last:
        extra = f" (its best of {match_format.best_of(state)}, and one more for each of {drawn} drawn games, " \
                f"v1.4 486.5.a)" if last > match_format.best_of(state) else ""
        raise MalformedEvent(f"'position' event: a {state['mode']} has games 1 to {last}{extra}, not {game}")
    games_won = event.get("games_won", {})
    if any(player not in state["players"] or not _is_count(won) or won >= games_to_win
           for player, won in games_won.items()) or sum(games_won.values()) + drawn != game - 1:
        raise MalformedEvent(f"'position' event: 'games_won' maps players to the games they won before game "
                             f"{game} ({game - 1} in all with the {drawn} drawn, fewer than {games_to_win} each), "
                             f"got {games_won!r}")
    if sorted(event["players"]) != sorted(state["players"]):
        raise MalformedEvent(f"'position' event: 'players' must describe {', '.join(state['players'])}")
    for player, described in event["players"].items():
        if not isinstance(described, dict):
            raise MalformedEvent(f"'position' event: {player} must be described by a map, got {described!r}")
        for field, kind in PLAYER_FIELDS.items():
            if not isinstance(described.get(field), kind) or isinstance(described.get(field), bool):
                raise MalformedEvent(f"'position' event: {player} needs '{field}' ({kind.__name__})")
        for field in LISTS:
            if not isinstance(described.get(field, []), list):
                raise MalformedEvent(f"'position' event: {player}'s '{field}' must be a list")
        for kind in ("units", "gear"):
            for permanent in described.get(kind, []):
                _check_permanent(player, kind, permanent)
        pool = described.get("pool", {"energy": 0, "power": {}})
        if not (isinstance(pool, dict) and _is_count(pool.get("energy", 0)) and isinstance(pool.get("power", {}), dict)
                and all(_is_count(amount) for amount in pool.get("power", {}).values())):
            raise MalformedEvent(f"'position' event: {player}'s 'pool' must be {{energy: n, power: {{Domain: n}}}}, "
                                 f"got {pool!r}")
        if not _is_count(described.get("xp", 0)):
            raise MalformedEvent(f"'position' event: {player}'s 'xp' must be a whole number, 0 or more, got "
                                 f"{described['xp']!r}")
        for facedown in described.get("facedown", []):
            if not (isinstance(facedown, dict) and (facedown.get("card") is None or isinstance(facedown["card"], str))
                    and isinstance(facedown.get("at"), str) and facedown["at"] in known
                    and isinstance(facedown.get("this_turn", False), bool)):
                raise MalformedEvent(f"'position' event: each of {player}'s facedown cards must be a map with "
                                     f"'card' (a name, or null), 'at' (a battlefield id: {', '.join(sorted(known))}) "
                                     f"and optionally 'this_turn' (true if it was hidden this turn), got {facedown!r}")


def _is_count(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and value >= 0


def _check_permanent(player: str, kind: str, described: Any) -> None:
    if not isinstance(described, dict) or not isinstance(described.get("card"), str):
        raise MalformedEvent(f"'position' event: each of {player}'s {kind} must be a map with 'card'")
    for field in ("damage", "buff"):
        if not _is_count(described.get(field, 0)):
            raise MalformedEvent(f"'position' event: {player}'s {described['card']!r} needs a whole number "
                                 f"'{field}', got {described[field]!r}")
    if not isinstance(described.get("at", "base"), str):
        raise MalformedEvent(f"'position' event: {player}'s {described['card']!r} needs 'at' naming a location "
                             f"(\"base\" or a battlefield id), got {described['at']!r}")
    might = described.get("might", 0)
    if not isinstance(might, int) or isinstance(might, bool):
        raise MalformedEvent(f"'position' event: {player}'s {described['card']!r} needs a whole number 'might', "
                             f"got {might!r}")
    empowered = described.get("empowered", False)
    if not isinstance(empowered, bool) and not (_is_count(empowered) and empowered >= 1):
        raise MalformedEvent(f"'position' event: {player}'s {described['card']!r} needs 'empowered' true or false, "
                             f"or the times it is Empowered (1 or more, v1.4 441.1.c.1), got {empowered!r}")
    attached = described.get("attached", [])
    if not isinstance(attached, list) or not all(isinstance(gear, dict) and isinstance(gear.get("card"), str)
                                                 for gear in attached):
        raise MalformedEvent(f"'position' event: {player}'s {described['card']!r} needs 'attached' to list maps "
                             f"with 'card' (the gear attached to it), got {attached!r}")


def _place_player(context: Context, player: str, described: dict[str, Any]) -> None:
    state = context.state
    entry = state["players"][player]
    entry["points"] = described["points"]
    entry["xp"] = described.get("xp", 0)  # v1.3 728-729
    if described.get("champion", "zone") == "zone":
        entry["champion_zone"] = deck.take_from_deck(context, player, entry["champion_card"], "champion", "103.2")
    for reference in described["hand"]:
        card = None if reference is None else _card(state, player, reference, "hand")
        entry["hand"].append(deck.take_from_deck(context, player, card, "hand", "103.2"))
    for zone in ("trash", "banishment"):
        for reference in described.get(zone, []):
            entry[zone].append(deck.take_from_deck(context, player, _card(state, player, reference, zone), zone,
                                                   "103.2"))
    for rune in described.get("runes", []):
        name = _card(state, player, _field(rune, "card", player, "runes"), "runes")
        context.check(entry["rune_deck"].get(name, 0) > 0, "103.3.a",
                      f"{player} has more {name!r} on the board than their rune deck holds")
        entry["rune_deck"][name] = max(0, entry["rune_deck"].get(name, 0) - 1)
        place_on_board(state, state["objects"][create_object(state, name, player, "board",
                                                             exhausted=bool(rune.get("exhausted")))], None)
    for kind in ("units", "gear"):
        for described_object in described.get(kind, []):
            _place_permanent(context, player, described_object, kind)
    for facedown in described.get("facedown", []):  # engine/hidden.py; the card is private to its controller
        card = None if facedown.get("card") is None else _card(state, player, facedown["card"], "facedown cards")
        obj = state["objects"][deck.take_from_deck(context, player, card, "hand", "103.2")]
        context.check(battlefield(state, facedown["at"])["facedown"] is None, "106.4.b",
                      f"{player}'s position puts a second card facedown at {facedown['at']}")
        hidden.place(state, obj, facedown["at"], state["turn"] if facedown.get("this_turn") else 0)
    if "pool" in described:
        entry["pool"] = {"energy": described["pool"].get("energy", 0), "power": dict(described["pool"].get("power", {}))}
    context.check(entry["deck_count"] == described["deck_count"], "103.2",
                  f"{player}'s position accounts for {sum(entry['decklist'].values()) - entry['deck_count']} cards "
                  f"outside the main deck, so it holds {entry['deck_count']}, not {described['deck_count']}")
    context.check(entry["rune_deck_count"] - len(entry["runes"]) == described["rune_deck_count"], "103.3.a",
                  f"{player} has {len(entry['runes'])} runes on the board, so their rune deck holds "
                  f"{entry['rune_deck_count'] - len(entry['runes'])}, not {described['rune_deck_count']}")
    entry["deck_count"] = described["deck_count"]
    entry["rune_deck_count"] = described["rune_deck_count"]


def _place_permanent(context: Context, player: str, described: dict[str, Any], kind: str) -> None:
    """A unit or gear on the board, with the gear attached to a unit; a token (v1.3 176-184) comes from no deck."""
    state = context.state
    obj = _new_permanent(context, player, described, kind)
    if described.get("might"):
        obj["modifiers"].append({"kind": "might", "delta": described["might"], "until": "turn", "source": None})
        refresh(state, obj)
    at = described.get("at", "base") if kind == "units" else "base"
    location = f"base:{player}" if at == "base" else at
    if not is_location(state, location):
        raise MalformedEvent(f"'position' event: {player}'s {obj['card']!r} is at {at!r}, which is no location of "
                             f"this match")
    place_on_board(state, obj, location)
    name, object_id = obj["card"], obj["id"]
    own = described.get("statics", [])
    if not isinstance(own, list):
        raise MalformedEvent(f"'position' event: {player}'s {name!r} 'statics' must be a list, got {own!r}")
    for index, static in enumerate(own):
        statics.check_shape(static, f"'position' event, {player}'s {name!r} static {index + 1}")
        if "source" in static:
            raise MalformedEvent(f"'position' event: {player}'s {name!r} static {index + 1} comes from it (no "
                                 f"'source')")
        statics.add(state, static, object_id, player)
    for attached in described.get("attached", []) if kind == "units" else ():
        gear = _new_permanent(context, player, attached, "attached gear")
        if gear["type"] != "Gear":
            raise MalformedEvent(f"'position' event: {player}'s {gear['card']!r} attached to {obj['card']!r} is a "
                                 f"{gear['type']}: only gear is attached")
        attach(state, gear, obj)


def _new_permanent(context: Context, player: str, described: dict[str, Any], kind: str) -> dict[str, Any]:
    """The object of a unit or gear the position describes: a token of its kind, else a card from the deck."""
    state = context.state
    name = _card(state, player, _field(described, "card", player, kind), kind)
    fields = {"exhausted": bool(described.get("exhausted")), "damage": described.get("damage", 0),
              "buff": described.get("buff", 0), "stunned": bool(described.get("stunned"))}
    if described.get("attacker"):
        fields["described_attacker"] = True
    if described.get("empowered"):
        # Empowered (the Empower reminder text), for "[Empowered][>]" statics; a count N for an object Empowered N
        # times (v1.4 441.1.c.1: Kayle, Justified)
        fields["empowered"] = True if described["empowered"] in (True, 1) else described["empowered"]
    if construction.is_token(facts(state, name)):  # a token kind (v1.3 133.7.c; v1.4 185.1)
        object_id = create_object(state, name, player, "board", token=True, **fields)
    else:
        object_id = deck.take_from_deck(context, player, name, "board", "103.2", **fields)
    return state["objects"][object_id]


def _card(state: dict[str, Any], player: str, reference: Any, where: str) -> str:
    if not isinstance(reference, str):
        raise MalformedEvent(f"'position' event: {player}'s {where} must name cards, got {reference!r}")
    return card_name(state, reference, f"{player}'s {where} in the position")


def _field(described: Any, field: str, player: str, where: str) -> Any:
    if not isinstance(described, dict) or field not in described:
        raise MalformedEvent(f"'position' event: each of {player}'s {where} must be a map with '{field}'")
    return described[field]
