"""Game objects, zones and the bookkeeping every other module leans on.

A state is a plain JSON-compatible dict (see engine/fold.py). Objects live in `state["objects"]` keyed by a stable
id ("o1", "o2", ...) handed out in order of creation; battlefields are "bf1", "bf2", ... and chain items "c1", ...

Each object records its `zone` ("hand", "board", "chain", "trash", "banishment", "champion", "legend") and, on the
board, its `location` ("base:P1" or a battlefield id). An object keeps its id across zone changes, but rule
356.3.e.4 says it is not the same object after it changes zones to or from a non-board zone: `incarnation` counts
those changes, and a target remembers the incarnation it was chosen at.
"""
from __future__ import annotations

from typing import Any

from engine import layers, teams, turn_facts
from engine.cardcodes import parse_code
from engine.editions import edition_of
from engine.errors import MalformedEvent

State = dict[str, Any]

BOARD = "board"
NON_BOARD_ZONES = ("hand", "chain", "trash", "banishment", "champion", "legend", "deck", "rune_deck")


def new_id(state: State, prefix: str) -> str:
    """The next stable id with this prefix ("o", "bf" or "c"), deterministic in order of creation."""
    counters = state["next_id"]
    counters[prefix] = counters.get(prefix, 0) + 1
    return f"{prefix}{counters[prefix]}"


def opponents(state: State, player: str) -> list[str]:
    """The other players still in the game who are not `player`'s teammates (648.2), in turn order (or listing
    order before turn order is fixed)."""
    order = state["turn_order"] or list(state["players"])
    if len(state["players"]) == 2:
        return [other for other in order if other != player]  # a duel: no teams, nobody removed
    side = teams.side(state, player)
    return [other for other in order if other not in side and not teams.is_removed(state, other)]


def next_in_turn_order(state: State, player: str, among: list[str] | None = None) -> str:
    """The player after `player` in turn order, skipping anyone not in `among` (rule 115.1) and anyone removed
    from the game (652.5.a.1)."""
    order = state["turn_order"]
    candidates = among if among is not None else teams.remaining(state)
    index = order.index(player)
    for step in range(1, len(order) + 1):
        candidate = order[(index + step) % len(order)]
        if candidate in candidates:
            return candidate
    return player


def lookup_card(state: State, reference: str) -> str | None:
    """The catalog name of a card of this match, named by name (any case) or by the code of any of its printings,
    written any way `engine.cardcodes` reads (`OGN-030/298`, `ogn-30`, a variant of a known code); None when it
    has none such."""
    if reference in state["cards"]:
        return reference
    for name in state["cards"]:
        if name.lower() == reference.lower():
            return name
    codes = state["card_codes"]
    found = codes.get(reference.lower())
    if found is None:
        code = parse_code(reference)
        if code is not None:
            found = codes.get(str(code).lower()) or codes.get(str(code.base).lower())
    return found


def card_name(state: State, reference: str, where: str) -> str:
    """The catalog name of a card an event names by name or code; an unknown card is malformed."""
    name = lookup_card(state, reference)
    if name is None:
        raise MalformedEvent(f"unknown card {reference!r} in {where}: no card of that name or code is in "
                             f"this match's decks")
    return name


def facts(state: State, card: str | None) -> dict[str, Any]:
    """The catalog facts of a card this match knows (copied into the state by match_created)."""
    if card is None:
        return {}
    return state["cards"].get(card, {})


def label_of(ability: dict[str, Any], index: int) -> str:
    """The short label an ability goes by, as `activate` and `trigger` name it: its label, else its keyword
    (Equip), else its index."""
    return ability.get("label") or ability.get("keyword") or f"ability {index}"


def names_ability(ability: dict[str, Any], index: int, reference: str) -> bool:
    """Whether `reference` names the ability by its label or its keyword, case-insensitively."""
    return reference.casefold() in (label_of(ability, index).casefold(), str(ability.get("keyword", "")).casefold())


def battlefield_controller(state: State, entry: dict[str, Any]) -> str | None:
    """Who controls a battlefield's abilities: its controller; while nobody controls it, the turn player adds them
    to the chain and is treated as their controller (v1.3 187.6.a, 187.6.b; v1.4 190.6)."""
    return entry["controller"] if entry["controller"] is not None else state["turn_player"]


def create_object(state: State, card: str | None, owner: str, zone: str, **fields: Any) -> str:
    """Create an object for `card` owned and controlled by `owner` in `zone`; returns its id."""
    card_facts = facts(state, card)
    object_id = new_id(state, "o")
    obj = {
        "id": object_id,
        "card": card,
        "type": card_facts.get("type"),
        "owner": owner,
        "controller": owner,
        "zone": zone,
        "location": None,
        "printed_might": card_facts.get("might"),
        "printed_keywords": list(card_facts.get("keywords", [])),
        "might": card_facts.get("might"),
        "damage": 0,
        "exhausted": False,
        "stunned": False,
        "buff": 0,
        "keywords": list(card_facts.get("keywords", [])),
        "attacker": False,
        "defender": False,
        "token": False,
        "incarnation": 0,
        "modifiers": [],
        "attached_to": None,
        "attached": [],
    }
    obj.update(fields)
    state["objects"][object_id] = obj
    refresh(state, obj)
    return object_id


def reveal_card(state: State, obj: dict[str, Any], card: str) -> None:
    """Name a card that was recorded unseen (rule 127: it was private until now)."""
    card_facts = facts(state, card)
    obj.update(card=card, type=card_facts.get("type"), printed_might=card_facts.get("might"),
               printed_keywords=list(card_facts.get("keywords", [])))
    refresh(state, obj)


def keyword_value(state: State, obj: dict[str, Any], keyword: str) -> int:
    """The summed value of a keyword an object has, printed, granted and given by statics (engine/layers.py)."""
    return layers.keyword_value(state, obj, keyword)


def refresh(state: State, obj: dict[str, Any]) -> None:
    """Recompute an object's might and keywords from its printed facts, the statics in force and its modifiers,
    in layers (engine/layers.py: 004 634-639, v1.3 468-475).

    Might: printed might, plus each might modifier, plus the Might Bonus of each attached card (v1.3 718.4; none
    for an object without Might, 137.3.b), plus 1 for a buff (rule 703), plus Assault while it is an attacker
    (719.1.c) and Shield while it is a defender (726.1.c); a negative total counts as 0 (rule 139.2.b).
    Keywords: printed keywords, granted ones, and those of the Effect Text of attached cards (v1.3 718.3).
    """
    layers.refresh(state, obj)


def attachments(state: State, obj: dict[str, Any]) -> list[dict[str, Any]]:
    """The cards attached to `obj` (v1.3 719: it is their Top-Most Card), in the order they were attached."""
    return [state["objects"][gear_id] for gear_id in obj.get("attached", ())]


def attach(state: State, gear: dict[str, Any], unit: dict[str, Any]) -> None:
    """Attach `gear` to `unit` (v1.3 434): detached from its Top-Most Card first (434.1.f); nothing happens when
    it is attached to `unit` already (434.1.g). It takes the unit's location, which is not a move (434.4.a)."""
    if gear.get("attached_to") == unit["id"]:
        return
    detach(state, gear)
    gear["attached_to"] = unit["id"]
    unit.setdefault("attached", []).append(gear["id"])
    _relocate(state, gear, unit["location"])
    refresh(state, unit)


def detach(state: State, gear: dict[str, Any]) -> None:
    """Detach `gear` from its Top-Most Card (v1.3 435); a card attached to nothing is not affected (435.1.a.1).
    It stays where the Top-Most Card is (435.4); a gear left at a battlefield is recalled by the next cleanup
    (435.4.a)."""
    unit_id = gear.get("attached_to")
    if unit_id is None:
        return
    gear["attached_to"] = None
    unit = state["objects"].get(unit_id)
    if unit is not None:
        unit["attached"] = [other for other in unit["attached"] if other != gear["id"]]
        refresh(state, unit)


def _relocate(state: State, obj: dict[str, Any], location: str | None) -> None:
    """Put an object on the board at another location (not a change of zones)."""
    remove_from_zone(state, obj)
    place_on_board(state, obj, location)


def release_attachments(state: State, obj: dict[str, Any]) -> None:
    """An object leaves the board: as a Top-Most Card its cards detach, staying where it was (v1.3 719.5,
    435.4.b); as an attached card it is detached from its Top-Most Card."""
    for gear in attachments(state, obj):
        detach(state, gear)
    detach(state, obj)


def carry_attachments(state: State, unit: dict[str, Any]) -> None:
    """A Top-Most Card and its attached cards are at one location (v1.3 719.3): they go where it goes (719.3.a)."""
    for gear in attachments(state, unit):
        if gear["location"] != unit["location"]:
            _relocate(state, gear, unit["location"])


def player_zone(state: State, player: str, zone: str) -> list[str]:
    """The list of ids a player's zone keeps in order (hand, trash, banishment, base, runes)."""
    return state["players"][player][zone]


def remove_from_zone(state: State, obj: dict[str, Any]) -> None:
    """Take an object out of whatever list currently holds it."""
    zone, owner, controller = obj["zone"], obj["owner"], obj["controller"]
    if zone == "chain":  # the card is its chain item (327.1): an item whose card left the chain is gone (336.1)
        state["chain"] = [item for item in state["chain"]
                          if item["source"] != obj["id"] or item["kind"] == "ability"]
    elif zone == "facedown":  # engine/hidden.py
        for entry in state["battlefields"]:
            if entry["facedown"] == obj["id"]:
                entry["facedown"] = None
        obj.pop("hidden_at", None)
        obj.pop("hidden_turn", None)
    elif zone in ("hand", "trash", "banishment"):
        _discard_id(player_zone(state, owner, zone), obj["id"])
    elif zone == "champion":
        if state["players"][owner]["champion_zone"] == obj["id"]:
            state["players"][owner]["champion_zone"] = None
    elif zone == BOARD:
        location = obj["location"]
        if obj["type"] == "Rune":
            _discard_id(player_zone(state, controller, "runes"), obj["id"])
        elif location and location.startswith("base:"):
            _discard_id(player_zone(state, location.split(":", 1)[1], "base"), obj["id"])
        elif location:
            entry = battlefield(state, location)
            _discard_id(entry["units"], obj["id"])
            _discard_id(entry.get(GEAR_HERE, []), obj["id"])
        obj["location"] = None


def _discard_id(ids: list[str], object_id: str) -> None:
    if object_id in ids:
        ids.remove(object_id)


def move_to_zone(state: State, obj: dict[str, Any], zone: str, location: str | None = None) -> None:
    """Put an object into a zone (and a location on the board).

    Changing zones to or from a non-board zone makes it a new object (rule 356.3.e.4) and clears every temporary
    modification: damage, buffs, granted keywords, exhaustion (rules 109, 705).
    """
    turn_facts.note_move(state, obj, zone)  # "If a unit died this turn", "If you've discarded a card this turn"
    crosses_board_edge = (obj["zone"] == BOARD) != (zone == BOARD)
    if obj["zone"] == BOARD and zone != BOARD:
        release_attachments(state, obj)
        if obj["token"]:
            # Rule 177.1: the token is about to cease to exist; its last known information is kept for the
            # abilities that trigger on its leaving (Deathknell, 720.1.d), until the end of the turn.
            state.setdefault("last_known", {})[obj["id"]] = {**obj, "modifiers": list(obj["modifiers"])}
    remove_from_zone(state, obj)
    if crosses_board_edge:
        obj["incarnation"] += 1
        obj.update(damage=0, buff=0, stunned=False, exhausted=False, modifiers=[],
                   attacker=False, defender=False, controller=obj["owner"])
        obj.update(obj.pop("copy_of", None) or {})  # a copy ends as it leaves the board (engine/copies.py)
        obj.pop("counters", None)  # v1.4 748: an object going to a non-board zone loses all its counters
        obj.pop("named", None)  # what it named (engine/naming.py) was the old object's
        if edition_of(state).zone_change_clears_statuses:
            obj.pop("empowered", None)  # v1.4 124.1 "Statuses are cleared", 441.2: Empowered is a state on the board
    obj["zone"] = zone
    if obj["token"] and zone != BOARD:
        # Rule 177.1: a token put into a non-board zone ceases to exist.
        del state["objects"][obj["id"]]
        return
    if zone in ("hand", "trash", "banishment"):
        player_zone(state, obj["owner"], zone).append(obj["id"])
    elif zone == "champion":
        state["players"][obj["owner"]]["champion_zone"] = obj["id"]
    elif zone == BOARD:
        place_on_board(state, obj, location)
        carry_attachments(state, obj)
    refresh(state, obj)


def place_on_board(state: State, obj: dict[str, Any], location: str | None) -> None:
    """Put an object at a location of the board: runes beside their controller's base, the rest where told."""
    controller = obj["controller"]
    if obj["type"] == "Rune":
        obj["location"] = f"base:{controller}"
        player_zone(state, controller, "runes").append(obj["id"])
        return
    location = location or f"base:{controller}"
    obj["location"] = location
    if location.startswith("base:"):
        player_zone(state, location.split(":", 1)[1], "base").append(obj["id"])
    elif obj["type"] != "Unit" and lists_units_only(state):
        battlefield(state, location).setdefault(GEAR_HERE, []).append(obj["id"])
    else:
        battlefield(state, location)["units"].append(obj["id"])
    layers.refresh_all(state)  # a static "here" may now apply to it, or a static of its own to others


# A battlefield's list of the gear at it, attached or not (issue 26): its `units` list units only (contract section 2).
GEAR_HERE = "gear"


def lists_units_only(state: State) -> bool:
    """Whether a battlefield's `units` lists its units only, the gear there (attached to a unit, v1.3 719.3, or
    left there by one, 435.4) kept apart in its `gear` list: in a match whose abilities the engine checks
    (`abilities: "checked"`, every match created since). A match stored before it listed gear among the units, and
    must fold to the very states it folded to (tests/test_frozen.py: the golden real-cards match equips Doran's Blade
    at a battlefield), so it keeps doing so; every reader of `units` looks at the objects' types either way."""
    return state.get("abilities") == "checked"


def resolve_location(state: State, player: str, location: str | None) -> str:
    """A contract location ("base", "base:P2" or a battlefield id) as a board location."""
    if location in (None, "base"):
        return f"base:{player}"
    return location


def battlefield(state: State, battlefield_id: str) -> dict[str, Any]:
    """The battlefield with this id (KeyError when the match has none such)."""
    for entry in state["battlefields"]:
        if entry["id"] == battlefield_id:
            return entry
    raise KeyError(battlefield_id)


def is_location(state: State, location: str) -> bool:
    """Whether `location` names a base of a player of this match or one of its battlefields."""
    if location.startswith("base:"):
        return location.split(":", 1)[1] in state["players"]
    return any(entry["id"] == location for entry in state["battlefields"])
