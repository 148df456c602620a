"""The clauses of a play: where from (`<champion`), where to (`@bf1`), targets (`-> ...`), options (`+accelerate`)
and the payment (`$2 / Fury Rune`). Shared by `play`, `activate`, `hide`, `add` and the `play` effect op.

A payment is `$EXHAUST / RECYCLE`: the runes exhausted for Energy, then the runes recycled for Power (rules 157.2,
354.1). Each part is a count of ready runes (`2`), rune names (`Fury Rune; Chaos Rune`) or rune ids; the recycled
runes are picked first and the exhausted ones among the rest. A payment always has both lists; a `$` names
something (`$0` pays nothing), and a `/` is followed by the recycled runes.
"""
from __future__ import annotations

from typing import Any

from replays.notation.refs import (OBJECT_ID, annotated_id, card_name, location, name_of, pick_runes, resolve, with_name,
                                   write_runes)
from replays.notation.text import WORD, Piece, Scanner, dumps

State = dict[str, Any]
TAIL = ("+", "$")


def card_ref(sc: Scanner, state: State, piece: Piece, expected: str) -> str:
    """A card played from a zone: an object id as written (or with its card's name, `Legion Rearguard (o5)`), else
    the card's catalog name (the engine finds it)."""
    if not piece.text:
        sc.fail(expected, piece.column - 1)
    if OBJECT_ID.fullmatch(piece.text):
        return piece.text
    return annotated_id(sc, state, piece) or card_name(sc, state, piece)


def targets(sc: Scanner, state: State, stops: tuple[str, ...], scope: str = "target",
            player: str | None = None, after: str = "'->'") -> list[str]:
    """`;`-separated references up to the first of `stops` (at least one)."""
    pieces = sc.pieces(stops)
    if not pieces:
        sc.fail(f"a card name or an id after {after}")
    return [resolve(sc, state, piece, scope, player, expected=f"a card name after {after}") for piece in pieces]


def write_targets(state: State, ids: list[str], scope: str = "target", player: str | None = None) -> str:
    return "; ".join(name_of(state, ref, scope, player) for ref in ids)


def read_play(sc: Scanner, state: State, player: str) -> dict[str, Any]:
    """`CARD [<FROM] [@TO] [-> TARGETS] [+OPTION...] [$PAY]`, the fields of a play (rules 350-356)."""
    event: dict[str, Any] = {"player": player}
    event["card"] = card_ref(sc, state, sc.until(("<", "@", "->") + TAIL), "a card name or an id to play")
    if sc.accept("<"):
        event["from"] = sc.word("a zone after '<' (hand, champion, ...)")
    if sc.accept("@"):
        event["to"] = location(sc, state, sc.until(("->",) + TAIL))
    if sc.accept("->"):
        event["targets"] = targets(sc, state, TAIL)
    read_tail(sc, state, player, event)
    return event


def read_tail(sc: Scanner, state: State, player: str, event: dict[str, Any], options: bool = True) -> None:
    """Options (`+accelerate`, `+x=JSON`) and a payment (`$...`) in any order, to the end of the line."""
    expected = "'+OPTION', '$PAYMENT' or the end of the line" if options else "'$PAYMENT' or the end of the line"
    while not sc.at_end():
        if options and sc.accept("+"):
            key = sc.word("an option name after '+'")
            if key == "statics" and options:  # the card's own statics, a field of the play (engine/statics.py)
                if "statics" in event:
                    sc.twice("option", "+statics", sc.pos - len(key))
                sc.expect("=", "'=' and a JSON list after '+statics'")
                event["statics"] = sc.json_value("a JSON list of static effects after '+statics='")
                continue
            if key in event.get("options", {}):
                sc.twice("option", f"+{key}", sc.pos - len(key))
            event.setdefault("options", {})[key] = sc.json_value(f"a JSON value after '+{key}='") \
                if sc.accept("=") else True
        elif "pay" not in event and sc.accept("$"):
            event["pay"] = read_pay(sc, state, player)
        else:
            sc.fail("one payment only" if sc.looking_at("$") else expected)


def read_pay(sc: Scanner, state: State, player: str) -> dict[str, list[str]]:
    """`EXHAUST [/ RECYCLE]`: the recycled runes are picked first, then the exhausted ones among the others.

    A payment names something (`$0` pays nothing), and a '/' is followed by the recycled runes.
    """
    exhaust = sc.until(("/",) + TAIL)
    slash = sc.accept("/")
    recycle = sc.until(TAIL) if slash else Piece("", sc.pos + 1)
    if not exhaust.text and not recycle.text:
        sc.fail("the runes to exhaust: a count ('0' for none), rune names or ids", exhaust.column - 1)
    if slash and not recycle.text:
        sc.fail("the runes to recycle after '/': rune names or ids", recycle.column - 1)
    recycled = pick_runes(sc, state, player, recycle, []) if recycle.text else []
    exhausted = pick_runes(sc, state, player, exhaust, recycled) if exhaust.text else []
    return {"exhaust": exhausted, "recycle": recycled}


def pay_text(state: State, player: str, pay: dict[str, list[str]]) -> str:
    """`EXHAUST / RECYCLE` (the recycled part only when there is one), the inverse of `read_pay`."""
    exhausted = write_runes(state, player, pay["exhaust"], pay["recycle"])
    if not pay["recycle"]:
        return exhausted
    return f"{exhausted} / {write_runes(state, player, pay['recycle'], [], counts=False)}"


def write_pay(state: State, player: str, pay: dict[str, list[str]]) -> str:
    """`$2`, `$2 / Fury Rune`, `$ o15; o21`: a count follows the '$' at once, names after a space."""
    text = pay_text(state, player, pay)
    return f"${text}" if text[:1].isdecimal() else f"$ {text}"


def write_options(options: dict[str, Any]) -> str:
    return " ".join(f"+{key}" if value is True else f"+{key}={dumps(value)}"
                    for key, value in options.items() if WORD.fullmatch(key))


def write_play(state: State, event: dict[str, Any]) -> str:
    """The clauses of a play after the player, the inverse of `read_play`."""
    parts = [with_name(state, event["card"]) if OBJECT_ID.fullmatch(event["card"]) else event["card"]]
    if "from" in event:
        parts.append(f"<{event['from']}")
    if "to" in event:
        parts.append(f"@{event['to']}")
    if event.get("targets"):
        parts.append(f"-> {write_targets(state, event['targets'])}")
    if event.get("options"):
        parts.append(write_options(event["options"]))
    if "statics" in event:
        parts.append(f"+statics={dumps(event['statics'])}")
    if "pay" in event:
        parts.append(write_pay(state, event["player"], event["pay"]))
    return " ".join(parts)
