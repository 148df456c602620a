"""The one-line notation of a position (the contract's `position` event), FEN-like:

    turn 5 P1 action first P1 | P1 2 bf:Zaun Warrens deck:34 runedeck:6 hand:Shakedown;Gust;? runes:3 Fury Rune;
    3 Chaos Rune* base:Legion Rearguard[1]^ trash:Void Seeker | P2 3 bf:Altar to Unity controls:bf2 ...

(one line). Segments are separated by `|`: first the turn, its player, the phase and the first player, then one
segment per player: the player, their points, then `label:value` fields. Lists are `;`-separated, with a count for
runs of equal entries (`3 Fury Rune`, 99 at most). Units are listed under their location (`base:`, `bf1:`, ...); a
suffix marks their status: `*` exhausted, `[N]` damage, `^` a buff (rule 702), `~` stunned, `{+N}` a "this turn"
Might change. Runes and gear take `*` only; `?` in a hand is a card nobody saw. Gear attached to a unit follows it
after `+` (`bf1:Jax, Unrelenting*+Doran's Shield+Long Sword*`, v1.3 716-719); a token is named by its kind
(`gear:Gold*`, `base:Recruit`). `facedown:Block@bf1;?@bf2*` lists the cards the player controls facedown, with
`*` for one hidden this turn. Empty lists, no control and a champion still in its zone (rule 107.2) are left out.
For showdowns, combats and the best of three: `contests:bf1` (the battlefields this player contested, 181.3.a),
`scored:bf1` (scored this turn, 631), `won:1` (games won before this one), and `game N` (with `drawn N`, the drawn
games before it) after the first player.

Static effects in force: `static:WHERE JSON`, once for each, where WHERE is the unit (`base.1`, `bf1.2`: the Nth unit
this segment lists there) or gear (`gear.1`) it comes from, `legend` (the player's legend) or a battlefield (`bf1`),
and JSON is the static without its source (engine/statics.py), e.g. `static:bf1.1 {"affects": {"who": "friendly",
"other": true, "where": "here"}, "might": 1}`.
"""
from __future__ import annotations

import re
from typing import Any

from replays.notation.errors import NotationError
from replays.notation.refs import PLAYER_ID
from replays.notation.text import Piece, Scanner, counted, dumps, number, read_counted, split, to_int

State = dict[str, Any]
PHASES = ("channel", "draw", "action")
LABEL = re.compile(r"([A-Za-z][A-Za-z0-9]*):")
UNIT_LOCATION = re.compile(r"base|bf\d+")
MARKS = re.compile(r"\*|\[\d+\]|\^\d*|~|\{[+-]\d+\}|\{E\d*\}")
NAME_AND_MARKS = re.compile(r"(?P<name>.*?)(?P<marks>(?:\*|\[\d+\]|\^\d*|~|\{[+-]\d+\}|\{E\d*\})*)")
ATTACHED = re.compile(r"(?<!\{)\+")
LISTS = ("hand", "trash", "banishment", "runes", "gear")
SCALARS = ("bf", "controls", "champion", "deck", "runedeck", "pool", "xp", "contests", "scored", "won")
STATIC_WHERE = re.compile(r"(?P<location>base|bf\d+|gear)\.(?P<index>\d{1,9})|(?P<whole>legend|bf\d+)")


def parse_position(line: str) -> dict[str, Any]:
    """The `position` event of a one-line position; InvalidNotation (with the column) if it does not parse."""
    return read_position(Scanner(line))


def read_position(sc: Scanner) -> dict[str, Any]:
    segments = split(sc.text, sc.pos, sc.end, "|")
    event = _read_head(_sub(sc, segments[0]))
    event.update(battlefields={}, control={}, players={})
    for segment in segments[1:]:
        _read_player(_sub(sc, segment), event)
    sc.pos = sc.end
    if not event["players"]:
        sc.fail("'|' and a segment for each player")
    return event


def _sub(sc: Scanner, piece: Piece) -> Scanner:
    return sc.sub(piece.column - 1, piece.column - 1 + len(piece.text))


def _player_word(sc: Scanner, expected: str) -> str:
    sc.skip()
    start = sc.pos
    word = sc.word(expected)
    if not PLAYER_ID.fullmatch(word):
        sc.fail(expected, start)
    return word


def _read_head(sc: Scanner) -> dict[str, Any]:
    """`turn 5 P1 action first P1`."""
    if not sc.accept_word("turn"):
        sc.fail("'turn' to start a position")
    turn = sc.integer("a turn number after 'turn'")
    turn_player = _player_word(sc, "the turn player (P1, P2, ...)")
    phase = sc.accept_word(*PHASES)
    if phase is None:
        sc.fail(f"a phase ({', '.join(PHASES)})")
    if not sc.accept_word("first"):
        sc.fail("'first' and the player who went first")
    first_player = _player_word(sc, "the first player (P1, P2, ...)")
    head = {"type": "position", "turn": turn, "turn_player": turn_player, "first_player": first_player,
            "phase": phase}
    if sc.accept_word("game"):
        head["game"] = sc.integer("the game's number after 'game'")
        if sc.accept_word("drawn"):
            head["games_drawn"] = sc.integer("the count of drawn games before this one after 'drawn'")
    sc.expect_end("'game N', 'drawn N' or '|' after the first player")
    return head


def _fields(sc: Scanner) -> list[tuple[str, Piece, int]]:
    """The `label:value` fields of a player segment as (label, value, column of the label)."""
    found = []
    sc.skip()
    while not sc.at_end():
        match = LABEL.match(sc.text, sc.pos, sc.end)
        if not match:
            sc.fail("a field like 'hand:...' or 'base:...'")
        following = LABEL.search(sc.text, match.end(), sc.end)
        stop = following.start() if following else sc.end
        raw = sc.text[match.end():stop]
        value = Piece(raw.strip(), match.end() + len(raw) - len(raw.lstrip()) + 1)
        found.append((match.group(1), value, sc.pos + 1))
        sc.pos = stop
        sc.skip()
    return found


def _read_player(sc: Scanner, event: dict[str, Any]) -> None:
    player = _player_word(sc, "a player (P1, P2, ...) to start the segment")
    if player in event["players"]:
        sc.fail(f"one segment per player, but {player} has two", sc.pos - len(player))
    described: dict[str, Any] = {"points": sc.integer(f"{player}'s points (a number)")}
    described.update(hand=[], deck_count=None, rune_deck_count=None, trash=[], banishment=[], champion="zone",
                     runes=[], units=[], gear=[])
    event["control"][player] = []
    seen: set[str] = set()
    statics: list[tuple[Piece, int]] = []
    for label, value, column in _fields(sc):
        if label in SCALARS and label in seen:
            sc.fail(f"one '{label}:' for {player}", column - 1)
        seen.add(label)
        if label == "static":
            statics.append((value, column))
            continue
        _read_field(sc, event, player, described, label, value, column)
    for value, column in statics:  # after the units and gear they name
        _read_static(sc, event, player, described, value)
    for label in ("deck", "runedeck"):  # `bf:` too, but for War's and Magma Chamber's first player (647.4.b)
        if label not in seen:
            sc.pos = sc.end
            sc.fail(f"'{label}:' in {player}'s segment")
    event["players"][player] = described


def _read_field(sc: Scanner, event: dict[str, Any], player: str, described: dict[str, Any], label: str,
                value: Piece, column: int) -> None:
    if label == "bf":
        event["battlefields"][player] = value.text
    elif label == "controls":
        event["control"][player] = [piece.text for piece in _items(sc, value)]
    elif label == "champion":
        described["champion"] = value.text
    elif label == "contests":
        for piece in _items(sc, value):
            event.setdefault("contested", {})[piece.text] = player
    elif label == "scored":
        event.setdefault("scored", {})[player] = [piece.text for piece in _items(sc, value)]
    elif label == "won":
        event.setdefault("games_won", {})[player] = number(sc, value, "a count of games after 'won:'")
    elif label in ("deck", "runedeck"):
        described["deck_count" if label == "deck" else "rune_deck_count"] = number(sc, value, f"a count after "
                                                                                               f"'{label}:'")
    elif label == "pool":
        described["pool"] = _read_pool(sc, value)
    elif label == "xp":
        described["xp"] = number(sc, value, "the player's XP after 'xp:'")  # v1.3 728-733
    elif label == "hand":
        described["hand"] += [None if name.text == "?" else name.text for name in _counted(sc, value)]
    elif label in ("trash", "banishment"):
        described[label] += [name.text for name in _counted(sc, value)]
    elif label in ("runes", "gear"):
        described[label] += [_card(sc, entry, exhausted_only=True) for entry in _counted(sc, value)]
    elif label == "facedown":
        described.setdefault("facedown", []).extend(_facedown(sc, entry) for entry in _items(sc, value))
    elif UNIT_LOCATION.fullmatch(label):
        described["units"] += [_unit_entry(sc, entry, label) for entry in _counted(sc, value)]
    else:
        sc.fail("a field (bf, controls, contests, scored, won, champion, deck, runedeck, pool, xp, hand, runes, base, "
                "bf1, ..., gear, facedown, trash, banishment)", column - 1)


FACEDOWN = re.compile(r"(?P<name>.*?)@(?P<at>bf\d+)(?P<new>\*?)")


def _facedown(sc: Scanner, entry: Piece) -> dict[str, Any]:
    """`Block@bf1` (a card facedown at a battlefield), `?@bf1` (one the judge did not see), `*` when it was hidden
    this turn (engine/hidden.py)."""
    match = FACEDOWN.fullmatch(entry.text)
    if not match or not match.group("name").strip():
        sc.fail_at(entry, "a facedown card like 'Block@bf1' or '?@bf2*'")
    name = match.group("name").strip()
    return {"card": None if name == "?" else name, "at": match.group("at"), "this_turn": bool(match.group("new"))}


def _read_static(sc: Scanner, event: dict[str, Any], player: str, described: dict[str, Any], value: Piece) -> None:
    """`static:WHERE JSON`: a static effect in force from a unit, gear, the legend or a battlefield."""
    sub = sc.sub(value.column - 1, value.column - 1 + len(value.text))
    sub.skip()
    start = sub.pos
    where = STATIC_WHERE.match(sub.text, sub.pos, sub.end)
    if where is None:
        sub.fail("where the static comes from: base.N, bf1.N, gear.N, legend or bf1")
    sub.pos = where.end()
    static = sub.json_value("the static effect as a JSON map")
    sub.expect_end("the end of the static's JSON")
    if not isinstance(static, dict):
        sub.fail("the static effect as a JSON map", start)
    if where.group("whole"):
        source = "legend:" + player if where.group("whole") == "legend" else where.group("whole")
        event.setdefault("statics", []).append({"source": source, **static})
        return
    location, index = where.group("location"), int(where.group("index"))
    entries = described["gear"] if location == "gear" else [unit for unit in described["units"]
                                                            if unit.get("at") == location]
    if not 1 <= index <= len(entries):
        sub.fail(f"a {location} entry this segment lists (1 to {len(entries)})", start)
    entries[index - 1].setdefault("statics", []).append(static)


def _items(sc: Scanner, value: Piece) -> list[Piece]:
    if not value.text:
        return []
    return split(sc.text, value.column - 1, value.column - 1 + len(value.text), ";")


def _counted(sc: Scanner, value: Piece) -> list[Piece]:
    """The entries of a list field, each repeated as often as its count says."""
    entries = []
    for item in _items(sc, value):
        count, entry = read_counted(sc, item)
        if not entry.text:
            sc.fail_at(item, "a card name")
        entries += [entry] * count
    return entries


def _unit_entry(sc: Scanner, entry: Piece, at: str) -> dict[str, Any]:
    """A unit and the gear attached to it: `Jax, Unrelenting*+Doran's Shield+Long Sword*`."""
    parts, start = [], 0
    for found in ATTACHED.finditer(entry.text):  # a '+' that starts no Might change ('{+2}')
        parts.append(Piece(entry.text[start:found.start()].strip(), entry.column + start))
        start = found.end()
    parts.append(Piece(entry.text[start:].strip(), entry.column + start))
    unit = {**_card(sc, parts[0]), "at": at}
    if len(parts) > 1:
        unit["attached"] = [_card(sc, part, exhausted_only=True) for part in parts[1:]]
    return unit


def _read_pool(sc: Scanner, value: Piece) -> dict[str, Any]:
    """`pool:2;Fury 1`: Energy, then Power by domain (rules 158-159)."""
    items = _items(sc, value)
    if not items:
        sc.fail_at(value, "the Energy in the pool")
    power: dict[str, int] = {}
    for item in items[1:]:
        domain, _, amount = item.text.rpartition(" ")
        if domain.strip() in power:
            sc.twice("domain of the pool", repr(domain.strip()), item.column)
        power[domain.strip()] = number(sc, Piece(amount, item.column + len(domain) + 1), "a Power amount")
    return {"energy": number(sc, items[0], "the Energy in the pool"), "power": power}


def _card(sc: Scanner, entry: Piece, exhausted_only: bool = False) -> dict[str, Any]:
    """A rune, gear or unit entry: its name and status marks."""
    match = NAME_AND_MARKS.fullmatch(entry.text)
    name, marks = match.group("name").strip(), match.group("marks")
    if not name:
        sc.fail_at(entry, "a card name")
    card: dict[str, Any] = {"card": name, "exhausted": False}
    if not exhausted_only:
        card.update(damage=0, buff=0, stunned=False, might=0)
    for found in MARKS.finditer(marks):
        if exhausted_only and found.group() != "*" and not found.group().startswith("{E"):
            sc.fail("'*' (exhausted) or ';' after a rune or gear", entry.column - 1 + match.start("marks"))
        _apply_mark(sc, card, found.group(), entry.column + match.start("marks") + found.start())
    return card


def _apply_mark(sc: Scanner, card: dict[str, Any], mark: str, column: int) -> None:
    """One status mark, found at `column`."""
    if mark == "*":
        card["exhausted"] = True
    elif mark.startswith("["):
        card["damage"] = to_int(sc, mark[1:-1], column + 1, "the damage in '[N]'")
    elif mark.startswith("^"):
        card["buff"] = to_int(sc, mark[1:], column + 1, "the buffs after '^'") if mark[1:] else 1
    elif mark == "~":
        card["stunned"] = True
    elif mark.startswith("{E"):  # `{E}` Empowered, `{E3}` three times (v1.4 441.1.c.1: Kayle, Justified)
        card["empowered"] = to_int(sc, mark[2:-1], column + 2, "the times Empowered in '{EN}'") if mark[2:-1] else True
    else:
        card["might"] = to_int(sc, mark[1:-1], column + 1, "the Might change in '{+N}'")


# -- writing ---------------------------------------------------------------------------------------------------
def write_position(event: dict[str, Any]) -> str:
    """The one-line notation of a `position` event (the inverse of `parse_position`)."""
    head = f"turn {event['turn']} {event['turn_player']} {event['phase']} first {event['first_player']}"
    if "game" in event:
        head += f" game {event['game']}"
    if event.get("games_drawn"):
        head += f" drawn {event['games_drawn']}"
    return " | ".join([head] + [_write_player(event, player) for player in event["players"]])


def _write_player(event: dict[str, Any], player: str) -> str:
    described = event["players"][player]
    parts = [player, str(described["points"])]
    if player in event["battlefields"]:  # the first player of War and Magma Chamber brings none (647.4.b, 648.4.b)
        parts.append(f"bf:{event['battlefields'][player]}")
    if event.get("control", {}).get(player):
        parts.append(f"controls:{';'.join(event['control'][player])}")
    contests = [battlefield for battlefield, contester in event.get("contested", {}).items() if contester == player]
    if contests:
        parts.append(f"contests:{';'.join(contests)}")
    if player in event.get("scored", {}):
        parts.append(f"scored:{';'.join(event['scored'][player])}")
    if player in event.get("games_won", {}):
        parts.append(f"won:{event['games_won'][player]}")
    if described.get("champion", "zone") != "zone":
        parts.append(f"champion:{described['champion']}")
    parts += [f"deck:{described['deck_count']}", f"runedeck:{described['rune_deck_count']}"]
    if "pool" in described:
        pool = described["pool"]
        parts.append("pool:" + ";".join([str(pool.get("energy", 0))] + [
            f"{domain} {amount}" for domain, amount in pool.get("power", {}).items()]))
    if "xp" in described:
        parts.append(f"xp:{described['xp']}")
    lists = [("hand", ["?" if card is None else card for card in described.get("hand", [])]),
             ("runes", [_card_text(rune) for rune in described.get("runes", [])])]
    lists += _unit_runs(described.get("units", []))
    lists += [("gear", [_card_text(gear) for gear in described.get("gear", [])])]
    lists += [("facedown", [f"{'?' if card.get('card') is None else card['card']}@{card['at']}"
                            f"{'*' if card.get('this_turn') else ''}" for card in described.get("facedown", [])])]
    lists += [(zone, list(described.get(zone, []))) for zone in ("trash", "banishment")]
    parts += [f"{label}:{_list_text(entries)}" for label, entries in lists if entries]
    parts += _statics_text(event, player, described)
    return " ".join(parts)


def _statics_text(event: dict[str, Any], player: str, described: dict[str, Any]) -> list[str]:
    """`static:WHERE JSON` fields: the player's units' and gear's, their legend's, and (in the first segment) the
    battlefields'."""
    texts = []
    counts: dict[str, int] = {}
    for unit in described.get("units", []):
        at = unit.get("at", "base")
        counts[at] = counts.get(at, 0) + 1
        texts += [f"static:{at}.{counts[at]} {dumps(static)}" for static in unit.get("statics", [])]
    for index, gear in enumerate(described.get("gear", []), 1):
        texts += [f"static:gear.{index} {dumps(static)}" for static in gear.get("statics", [])]
    first = next(iter(event["players"]))
    for static in event.get("statics", []):
        body = {key: value for key, value in static.items() if key != "source"}
        if static.get("source") == f"legend:{player}":
            texts.append(f"static:legend {dumps(body)}")
        elif player == first and not str(static.get("source")).startswith("legend:"):
            texts.append(f"static:{static.get('source')} {dumps(body)}")
    return texts


def _list_text(entries: list[str]) -> str:
    return ";".join(entry if count == 1 else f"{count} {entry}" for count, entry in counted(entries))


def _unit_runs(units: list[dict[str, Any]]) -> list[tuple[str, list[str]]]:
    """Units grouped under their location, consecutive runs only, so the order reads back exactly; each with the
    gear attached to it after `+`."""
    runs: list[tuple[str, list[str]]] = []
    for unit in units:
        at = unit.get("at", "base")
        text = _card_text(unit) + "".join(f"+{_card_text(gear)}" for gear in unit.get("attached", []))
        if runs and runs[-1][0] == at:
            runs[-1][1].append(text)
        else:
            runs.append((at, [text]))
    return runs


def _empowered_mark(empowered: Any) -> str:
    """`{E}` for Empowered, `{EN}` for Empowered N times (v1.4 441.1.c.1), nothing otherwise."""
    return "" if not empowered else "{E}" if empowered is True else f"{{E{empowered}}}"


def _card_text(card: dict[str, Any]) -> str:
    marks = "*" if card.get("exhausted") else ""
    marks += f"[{card['damage']}]" if card.get("damage") else ""
    marks += ("^" if card["buff"] == 1 else f"^{card['buff']}") if card.get("buff") else ""
    marks += "~" if card.get("stunned") else ""
    marks += f"{{{card['might']:+d}}}" if card.get("might") else ""
    marks += _empowered_mark(card.get("empowered"))
    return f"{card['card']}{marks}"


# -- the position of a state -----------------------------------------------------------------------------------
def position_of(state: State) -> dict[str, Any]:
    """The `position` event that sets up `state` again: the FEN of a folded state.

    Only a position between actions can be described: no chain, in a channel, draw or action phase, and no Might
    change or keyword that outlasts the turn (the position event has "this turn" Might changes only).
    """
    if state["chain"] or state["phase"] not in PHASES or state["showdown"] is not None:
        raise NotationError(f"a position is described between actions, in a channel, draw or action phase with "
                            f"no chain; this state is in the {state['phase']} phase with {len(state['chain'])} "
                            f"chain items")
    if state.get("removed"):
        raise NotationError(f"a position describes every player of the match; {', '.join(state['removed'])} left "
                            f"the game (651.2), which a position cannot say")
    first = state["turn_order"][0]
    # A position numbers its battlefields from bf1 (later games of a match have later ids).
    renumber = {bf["id"]: f"bf{index + 1}" for index, bf in enumerate(state["battlefields"])}
    event = {"type": "position", "turn": state["turn"], "turn_player": state["turn_player"], "first_player": first,
             "phase": state["phase"],
             "battlefields": {bf["owner"]: bf["name"] for bf in state["battlefields"]},
             "control": {player: [renumber[bf["id"]] for bf in state["battlefields"] if bf["controller"] == player]
                         for player in state["players"]},
             "players": {player: _described(state, player, renumber) for player in state["players"]}}
    contested = {renumber[bf["id"]]: bf["contested_by"] for bf in state["battlefields"] if bf["contested"]}
    scored = {player: [renumber[bf] for bf in ids] for player, ids in state["scored_this_turn"].items() if ids}
    if contested:
        event["contested"] = contested
    if scored:
        event["scored"] = scored
    described_statics = _statics_of(state, event, renumber)
    if described_statics:
        event["statics"] = described_statics
    if state["mode"] != "duel":
        event["game"] = state["game"]
        won = {player: sum(1 for game in state["games"] if game["winner"] == player) for player in state["players"]}
        event["games_won"] = {player: count for player, count in won.items() if count}
        drawn = sum(1 for game in state["games"] if game["winner"] is None)
        if drawn:
            event["games_drawn"] = drawn
    return event


def _statics_of(state: State, event: dict[str, Any], renumber: dict[str, str]) -> list[dict[str, Any]]:
    """The statics in force: put on the unit or gear entries they come from; those of battlefields and legends
    returned (the position's top-level `statics`)."""
    top: list[dict[str, Any]] = []
    for static in state.get("statics", []):
        if static.get("compiled"):
            continue  # compiled from its source's text: in force again as the position is read (engine/layers.py)
        body = {key: value for key, value in static.items()
                if key not in ("id", "source", "controller", "incarnation", "declared")}
        source = state["objects"].get(static["source"])
        if source is None and static["source"] in renumber:
            top.append({"source": renumber[static["source"]], **body})
        elif source is not None and source["zone"] == "legend":
            top.append({"source": f"legend:{source['controller']}", **body})
        elif source is not None and source["zone"] == "board" and source["type"] in ("Unit", "Gear"):
            described = event["players"][source["controller"]]
            entries = described["units"] if source["type"] == "Unit" else described["gear"]
            entry = next((entry for entry in entries if entry.get("id") == source["id"]), None)
            if entry is None:  # an attached gear is written after its unit, with no statics
                raise NotationError(f"static {static['id']} comes from {source['id']} ({source['card']}), an "
                                    f"attached gear, which a position cannot give statics")
            entry.setdefault("statics", []).append(body)
        else:
            raise NotationError(f"static {static['id']} comes from {static['source']}, which a position cannot "
                                f"name (a spell's effect for this turn, a rune)")
    for described in event["players"].values():
        for entry in described["units"] + described["gear"]:
            entry.pop("id", None)
    return top


def _described(state: State, player: str, renumber: dict[str, str]) -> dict[str, Any]:
    entry, objects = state["players"][player], state["objects"]
    on_board = entry["base"] + [unit for bf in state["battlefields"] for unit in bf["units"]
                                if objects[unit]["controller"] == player]
    described: dict[str, Any] = {
        "points": entry["points"], "hand": [objects[card]["card"] for card in entry["hand"]],
        "deck_count": entry["deck_count"], "rune_deck_count": entry["rune_deck_count"],
        "trash": [objects[card]["card"] for card in entry["trash"]],
        "banishment": [objects[card]["card"] for card in entry["banishment"]],
        "champion": "zone" if entry["champion_zone"] else "played",
        "runes": [{"card": objects[rune]["card"], "exhausted": objects[rune]["exhausted"]}
                  for rune in entry["runes"]],
        "units": [_unit(objects, objects[unit], renumber) for unit in on_board if objects[unit]["type"] == "Unit"],
        "gear": [{"card": objects[gear]["card"], "exhausted": objects[gear]["exhausted"], "id": gear,
                  **({"empowered": objects[gear]["empowered"]} if objects[gear].get("empowered") else {})}
                 for gear in entry["base"]
                 if objects[gear]["type"] == "Gear" and not objects[gear].get("attached_to")],
    }
    facedown = [objects[bf["facedown"]] for bf in state["battlefields"]
                if bf["facedown"] is not None and objects[bf["facedown"]]["controller"] == player]
    if facedown:
        described["facedown"] = [{"card": obj["card"], "at": renumber[obj["hidden_at"]],
                                  "this_turn": obj["hidden_turn"] == state["turn"]} for obj in facedown]
    if entry["pool"]["energy"] or entry["pool"]["power"]:
        described["pool"] = {"energy": entry["pool"]["energy"], "power": dict(entry["pool"]["power"])}
    if entry.get("xp"):
        described["xp"] = entry["xp"]
    return described


def _unit(objects: dict[str, Any], obj: dict[str, Any], renumber: dict[str, str]) -> dict[str, Any]:
    lasting = [modifier for modifier in obj["modifiers"]
               if modifier["kind"] != "might" or modifier.get("until") != "turn"]
    if lasting:
        raise NotationError(f"{obj['id']} ({obj['card']}) has a granted keyword or a Might change that outlasts "
                            f"the turn, which a position cannot describe")
    location = obj["location"]
    at = "base" if location.startswith("base:") else renumber[location]
    unit = {"id": obj["id"], "card": obj["card"], "at": at,
            "exhausted": obj["exhausted"], "damage": obj["damage"], "buff": obj["buff"], "stunned": obj["stunned"],
            "might": sum(modifier["delta"] for modifier in obj["modifiers"] if modifier["kind"] == "might")}
    if obj.get("empowered"):
        unit["empowered"] = obj["empowered"]  # true, or a count (v1.4 441.1.c.1)
    if obj.get("attached"):
        unit["attached"] = [{"card": objects[gear]["card"], "exhausted": objects[gear]["exhausted"]}
                            for gear in obj["attached"]]
    return unit
