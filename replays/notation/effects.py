"""The effect ops of a `resolve` line: `resolve Shakedown: damage Stalwart Poro 6 | draw P2 Gust`.

Ops are separated by `|` (a list inside an op uses `;`), each `OP ARGUMENTS` with the op's contract name. A first
pseudo-op `keep TARGETS` records the targets the item kept (`targets_kept`, rule 352.11.b), and `split N` after it
the damage the item splits among its targets (`split`, 355.14). References inside a
resolve are read against the state before it: an object the resolve itself creates is named by id.
"""
from __future__ import annotations

import re
from typing import Any, Callable

from replays.notation.clauses import read_pay, read_play, write_pay, write_play, write_targets
from replays.notation.refs import (card_name, card_or_id, card_or_unseen, cards_text, cards_with_names,
                                   location, name_of, player_id, read_cards, read_player, resolve, resolves_to,
                                   shown_name, with_name)
from replays.notation.text import WORD, Piece, Scanner, dumps, number, quote, split, split_last

State = dict[str, Any]
Reader = Callable[[Scanner, State], dict[str, Any]]
Writer = Callable[[State, dict[str, Any]], str]
UNTIL = ("turn", "permanent")
TOKEN_FLAGS = ("ready", "might", "tags", "keywords", "type", "name")
TARGET_OPS = ("heal", "kill", "buff", "spend_buff", "stun", "ready", "exhaust", "recall", "empower",
              "disempower", "detach")  # `OP UNIT`
# The fields of a static effect, written as `+field` or `+field=JSON` (engine/statics.py).
STATIC_FLAGS = ("affects", "might", "min", "keywords", "values", "enter_ready", "cost", "while", "until", "next",
                "text", "rule", "value", "per")  # `OP UNIT`


# -- small readers ---------------------------------------------------------------------------------------------
def _object(sc: Scanner, state: State, piece: Piece) -> str:
    return resolve(sc, state, piece, "object")


def _target_and_amount(sc: Scanner, state: State, what: str) -> tuple[str, int]:
    reference, amount = split_last(sc, sc.until(()), f"a unit and {what}")
    return _object(sc, state, reference), number(sc, amount, what)


def _until(sc: Scanner, piece: Piece) -> tuple[Piece, str | None]:
    """Strip a trailing `until turn` / `until permanent` from a piece."""
    head, _, last = piece.text.rpartition(" ")
    rest, _, word = head.rpartition(" ")
    if word.lower() != "until":
        return piece, None
    last = last.lower()
    if last not in UNTIL:
        sc.fail("'turn' or 'permanent' after 'until'", piece.column - 1 + len(head) + 1)
    return Piece(rest.strip(), piece.column), last


def _hand_refs(sc: Scanner, state: State) -> list[str | None]:
    """Cards of a hand as a discard or reveal names them: ids as written, names, or `?` for an unseen card."""
    return [card_or_id(sc, state, piece) for piece in sc.pieces(())]


def _flags(sc: Scanner, allowed: tuple[str, ...]) -> dict[str, Any]:
    """`+flag` (true) or `+flag=JSON` clauses, each one of `allowed`."""
    found: dict[str, Any] = {}
    while sc.accept("+"):
        key = sc.word(f"one of {', '.join(allowed)} after '+'")
        if key not in allowed:
            sc.fail(f"one of {', '.join(allowed)} after '+'", sc.pos - len(key))
        if key in found:
            sc.twice("flag", f"+{key}", sc.pos - len(key))
        found[key] = sc.json_value(f"a JSON value after '+{key}='") if sc.accept("=") else True
    sc.expect_end("'+FLAG' or the end of the effect")
    return found


# -- readers, one per op ---------------------------------------------------------------------------------------
def _read_target(op: str) -> Reader:
    return lambda sc, state: {"op": op, "target": _object(sc, state, sc.until(()))}


def _read_damage(sc: Scanner, state: State) -> dict[str, Any]:
    target, amount = _target_and_amount(sc, state, "an amount of damage (a whole number)")
    return {"op": "damage", "target": target, "amount": amount}


def _read_might(sc: Scanner, state: State) -> dict[str, Any]:
    piece, until = _until(sc, sc.until(()))
    reference, delta = split_last(sc, piece, "a unit and a Might change like +2")
    effect = {"op": "might", "target": _object(sc, state, reference),
              "delta": number(sc, delta, "a Might change like +2 or -1")}
    return effect | ({"until": until} if until else {})


def _read_grant(sc: Scanner, state: State) -> dict[str, Any]:
    effect = {"op": "grant", "target": _object(sc, state, sc.until(("+",)))}
    sc.expect("+", "'+KEYWORD' after the unit")
    effect["keyword"] = sc.word("a keyword after '+'")
    if sc.accept("="):
        effect["value"] = sc.json_value("a JSON value after '='")
    if sc.accept_word("until"):
        effect["until"] = sc.word("'turn' or 'permanent' after 'until'").lower()
        if effect["until"] not in UNTIL:
            sc.fail("'turn' or 'permanent' after 'until'", sc.pos - len(effect["until"]))
    sc.expect_end("'until turn', 'until permanent' or the end of the effect")
    return effect


def _read_destination(op: str, field: str, read: Callable[[Scanner, State, Piece], str]) -> Reader:
    """`OP UNIT -> WHERE` (move, return, copy)."""
    def reader(sc: Scanner, state: State) -> dict[str, Any]:
        target = _object(sc, state, sc.until(("->",)))
        sc.expect("->", f"'->' and where {op} sends it")
        return {"op": op, "target": target, field: read(sc, state, sc.until(()))}
    return reader


def _read_move(sc: Scanner, state: State) -> dict[str, Any]:
    """`move UNIT -> WHERE [$PAY]`: the runes paid for an applied cost as the move is performed (v1.4 204.4.b), by
    the controller of the item resolving (the newest on the chain)."""
    target = _object(sc, state, sc.until(("->",)))
    sc.expect("->", "'->' and where move sends it")
    effect = {"op": "move", "target": target, "to": location(sc, state, sc.until(("$",)))}
    if sc.accept("$"):
        effect["pay"] = read_pay(sc, state, _resolving_player(state))
    return effect


def _write_move(state: State, effect: dict[str, Any]) -> str:
    text = f"move {_name(state, effect['target'])} -> {effect['to']}"
    return f"{text} {write_pay(state, _resolving_player(state), effect['pay'])}" if "pay" in effect else text


def _resolving_player(state: State) -> str:
    """The controller of the item resolving: the newest on the chain (rule 336.1)."""
    return state["chain"][-1]["controller"] if state.get("chain") else state["turn_player"]


def _read_control(sc: Scanner, state: State) -> dict[str, Any]:
    """`control UNIT -> P2` (an object), or `control Void Seeker@chain -> P1` (a chain item: a reference ending in
    `@chain`, or an item's id, engine/choices.py)."""
    piece = sc.until(("->",))
    text = piece.text.replace(" ", "")
    is_item = text.lower().endswith("@chain") or re.fullmatch(r"(?:.*\()?c\d+\)?", text) is not None
    field, ref = ("item", resolve(sc, state, piece, "item")) if is_item else ("target", _object(sc, state, piece))
    sc.expect("->", "'->' and the player who gains control")
    return {"op": "control", field: ref, "player": player_id(sc, state, sc.until(()))}


def _write_control(state: State, effect: dict[str, Any]) -> str:
    if "target" in effect:
        return f"control {_name(state, effect['target'])} -> {effect['player']}"
    shown = shown_name(state, effect["item"])
    qualified = f"{shown}@chain" if shown else None
    ref = qualified if qualified and resolves_to(state, qualified, "item", None) == effect["item"] else \
        with_name(state, effect["item"])
    return f"control {ref} -> {effect['player']}"


RETARGET_FLAGS = ("modes", "destinations")


def _read_retarget(sc: Scanner, state: State) -> dict[str, Any]:
    """`retarget ITEM -> TARGET; TARGET [+modes=[2]] [+destinations=["bf2"]]` (new choices, engine/choices.py): the
    item's targets, modes and destinations after them."""
    item = resolve(sc, state, sc.until(("->",)), "item")
    sc.expect("->", "'->' and the item's new targets")
    targets = [resolve(sc, state, piece, "target") for piece in sc.pieces(("+",))]
    return {"op": "retarget", "item": item, "targets": targets} | _flags(sc, RETARGET_FLAGS)


def _read_name(sc: Scanner, state: State) -> dict[str, Any]:
    """`name OBJECT -> card Void Seeker +of="Spell"`, `name The List -> tag Poro`, `name OBJECT -> type Gear`
    (engine/naming.py): what the object names, written as the player named it (a card by its name)."""
    target = _object(sc, state, sc.until(("->",)))
    sc.expect("->", "'->' and what is named: card NAME, tag TAG or type TYPE")
    start = sc.pos
    kind = sc.word("card, tag or type").lower()
    if kind not in ("card", "tag", "type"):
        sc.fail("card, tag or type", start)
    value = sc.until(("+",))
    if not value.text:
        sc.fail_at(value, f"the {kind} named")
    return {"op": "name", "target": target, kind: value.text} | _flags(sc, ("of",))


def _write_name(state: State, effect: dict[str, Any]) -> str:
    kind = next(kind for kind in ("card", "tag", "type") if kind in effect)
    return f"name {_name(state, effect['target'])} -> {kind} {effect[kind]}{_flags_text(effect, ('of',))}"


def _word_piece(sc: Scanner, state: State, piece: Piece) -> str:
    if not WORD.fullmatch(piece.text):
        sc.fail_at(piece, "'hand' or 'deck'")
    return piece.text


def _read_player_cards(op: str, read: Callable[[Scanner, State], list[Any]], field: str = "cards") -> Reader:
    def reader(sc: Scanner, state: State) -> dict[str, Any]:
        player = read_player(sc, state)
        return {"op": op, "player": player, field: read(sc, state)}
    return reader


def _read_channel(sc: Scanner, state: State) -> dict[str, Any]:
    player = read_player(sc, state)
    runes = [card_name(sc, state, piece) for piece in sc.pieces(("+",))]
    return {"op": "channel", "player": player, "runes": runes} | _flags(sc, ("exhausted",))


def _read_add(sc: Scanner, state: State) -> dict[str, Any]:
    """`add P1 energy 2; Fury 1`: Energy and Power of domains added to a pool."""
    effect: dict[str, Any] = {"op": "add", "player": read_player(sc, state)}
    for piece in sc.pieces(()):
        kind, amount = split_last(sc, piece, "'energy N' or 'DOMAIN N'")
        added = number(sc, amount, "an amount (a whole number)")
        is_energy = kind.text.lower() == "energy"
        if is_energy and "energy" in effect or not is_energy and kind.text in effect.get("power", {}):
            sc.twice("amount (energy, or a domain's Power)", repr(kind.text), kind.column)
        if is_energy:
            effect["energy"] = added
        else:
            effect.setdefault("power", {})[kind.text] = added
    return effect


def _read_from(sc: Scanner, state: State, others: bool = False) -> str | None:
    """An optional trailing `<deck` (the player's main deck), or with `others` `<deck:P2` (another player's)."""
    if not sc.accept("<"):
        return None
    piece = sc.until(())
    zone, colon, owner = piece.text.partition(":")
    if zone.lower() != "deck" or colon and not others:
        sc.fail_at(piece, "'deck' or 'deck:PLAYER' after '<'" if others else "'deck' after '<'")
    if colon:
        player_id(sc, state, Piece(owner.strip(), piece.column + len(zone) + 1))
        return f"deck:{owner.strip()}"
    return "deck"


def _read_deck_cards(op: str, others: bool = False) -> Reader:
    """`OP P1 Gust; ? [<deck]`: the top cards of a main deck (engine/decktop.py), `?` for unseen ones."""
    def reader(sc: Scanner, state: State) -> dict[str, Any]:
        player = read_player(sc, state)
        cards = [card_or_unseen(sc, state, piece) for piece in sc.pieces(("<",))]
        source = _read_from(sc, state, others)
        return {"op": op, "player": player, "cards": cards} | ({"from": source} if source else {})
    return reader


def _read_reveal(sc: Scanner, state: State) -> dict[str, Any]:
    """`reveal P1 Gust; ?` from the hand (ids allowed), or `reveal P1 Gust <deck` from the main deck's top."""
    player = read_player(sc, state)
    pieces = sc.pieces(("<",))
    source = _read_from(sc, state)
    if source:
        return {"op": "reveal", "player": player, "cards": [card_or_unseen(sc, state, piece) for piece in pieces],
                "from": source}
    return {"op": "reveal", "player": player, "cards": [card_or_id(sc, state, piece) for piece in pieces]}


def _read_pay(sc: Scanner, state: State) -> dict[str, Any]:
    """`pay P1 energy 1; Calm 1 [+declined] [$PAY]`: a cost paid within an instruction (v1.3 403.1.b.1), from the
    pool after the runes of the payment; `+declined`: the player chooses not to pay (v1.4 444.2)."""
    effect: dict[str, Any] = {"op": "pay", "player": read_player(sc, state)}
    for piece in sc.pieces(("$", "+")):
        kind, amount = split_last(sc, piece, "'energy N' or 'DOMAIN N'")
        paid = number(sc, amount, "an amount (a whole number)")
        is_energy = kind.text.lower() == "energy"
        if is_energy and "energy" in effect or not is_energy and kind.text in effect.get("power", {}):
            sc.twice("amount (energy, or a domain's Power)", repr(kind.text), kind.column)
        if is_energy:
            effect["energy"] = paid
        else:
            effect.setdefault("power", {})[kind.text] = paid
    if sc.accept("+"):  # `+declined`: the player chooses not to pay (v1.4 444.2)
        if sc.word("'declined' after '+'") != "declined":
            sc.fail("'+declined' (the player chooses not to pay)")
        effect["declined"] = True
    if sc.accept("$"):
        effect["pay"] = read_pay(sc, state, effect["player"])
    return effect


def _read_recycle(sc: Scanner, state: State) -> dict[str, Any]:
    """`recycle P1 CARD; CARD` (objects), or `recycle P1 Gust <deck` (top cards of the main deck, by name)."""
    player = read_player(sc, state)
    pieces = sc.pieces(("<",))
    source = _read_from(sc, state)
    if source:
        return {"op": "recycle", "player": player, "cards": [card_or_unseen(sc, state, piece) for piece in pieces],
                "from": source}
    return {"op": "recycle", "player": player, "cards": [_object(sc, state, piece) for piece in pieces]}


def _read_banish(sc: Scanner, state: State) -> dict[str, Any]:
    """`banish UNIT`, or `banish P1 Gust <deck` (top cards of the player's main deck)."""
    if "<" not in sc.text[sc.pos:sc.end]:
        return _read_target("banish")(sc, state)
    return _read_deck_cards("banish")(sc, state)


def _read_counter(sc: Scanner, state: State) -> dict[str, Any]:
    return {"op": "counter", "item": resolve(sc, state, sc.until(()), "item")}


def _read_token(sc: Scanner, state: State) -> dict[str, Any]:
    """`token P1 Recruit @bf1 +ready +might=2`: the kind is written as the effect names it."""
    controller = read_player(sc, state)
    kind = sc.until(("@", "+"))
    if not kind.text:
        sc.fail("the kind of token")
    effect: dict[str, Any] = {"op": "token", "kind": kind.text, "controller": controller}
    if sc.accept("@"):
        effect["to"] = location(sc, state, sc.until(("+",)))
    return effect | _flags(sc, TOKEN_FLAGS)


def _read_attach(sc: Scanner, state: State) -> dict[str, Any]:
    """`attach GEAR -> UNIT [$PAY]` (v1.3 434): a payment (Weaponmaster's Equip cost, v1.3 821.1.c) names runes of
    the gear's controller."""
    gear = _object(sc, state, sc.until(("->",)))
    sc.expect("->", "'->' and the unit it is attached to")
    effect: dict[str, Any] = {"op": "attach", "target": gear, "to": _object(sc, state, sc.until(("$",)))}
    if sc.accept("$"):
        effect["pay"] = read_pay(sc, state, _controller(state, gear))
    return effect


def _controller(state: State, object_id: str) -> str:
    obj = state["objects"].get(object_id)
    return obj["controller"] if obj is not None else ""


def _read_point(sc: Scanner, state: State) -> dict[str, Any]:
    player = read_player(sc, state)
    return {"op": "point", "player": player, "amount": number(sc, sc.until(()), "a number of points")}


def _read_play(sc: Scanner, state: State) -> dict[str, Any]:
    return {"op": "play", **read_play(sc, state, read_player(sc, state))}


def read_static(sc: Scanner, state: State, required: bool) -> dict[str, Any]:
    """`[SOURCE] +affects={...} +might=1 ...`: a static effect (the `static` event and op); the op's source may
    be left out (the resolving item's)."""
    piece = sc.until(("+",))
    static: dict[str, Any] = {}
    if piece.text or required:
        static["source"] = resolve(sc, state, piece, "object", expected="the static's source (an object or a "
                                                                          "battlefield)")
    return static | _flags(sc, STATIC_FLAGS)


def write_static(state: State, static: dict[str, Any]) -> str:
    source = f" {name_of(state, static['source'], 'object')}" if "source" in static else ""
    return f"static{source}{_flags_text(static, STATIC_FLAGS)}"


def _read_delayed(sc: Scanner, state: State) -> dict[str, Any]:
    """`delayed "when it dies" [about UNIT; UNIT] [+until="turn"] [+repeat] [+text="..."]` (engine/delayed.py)."""
    effect: dict[str, Any] = {"op": "delayed", "label": sc.quoted("the delayed ability's label in quotes")}
    if sc.accept_word("about"):
        effect["about"] = [_object(sc, state, piece) for piece in sc.pieces(("+",))]
    return effect | _flags(sc, ("until", "repeat", "text"))


def _write_delayed(state: State, effect: dict[str, Any]) -> str:
    about = f" about {'; '.join(_name(state, ref) for ref in effect['about'])}" if effect.get("about") else ""
    return f"delayed {quote(effect['label'])}{about}{_flags_text(effect, ('until', 'repeat', 'text'))}"


def _read_battlefield(sc: Scanner, state: State) -> dict[str, Any]:
    """`battlefield KIND [@BATTLEFIELD]`: a battlefield token added, or replacing the one named."""
    kind = sc.until(("@",))
    if not kind.text:
        sc.fail("the kind of battlefield token")
    effect: dict[str, Any] = {"op": "battlefield", "kind": kind.text}
    if sc.accept("@"):
        effect["replaces"] = location(sc, state, sc.until(()))
    return effect


def _read_note(sc: Scanner, state: State) -> dict[str, Any]:
    text = sc.quoted('a quoted text after note')
    sc.expect_end("the end of the effect after the note")
    return {"op": "note", "text": text}


def _read_prevent(sc: Scanner, state: State) -> dict[str, Any]:
    """`prevent UNIT 7`, `prevent UNIT all` or `prevent UNIT next` (all of the next damage), or `prevent all` (every
    unit); then `spells` (spell and ability damage only) and `until turn|permanent` (v1.3 437)."""
    piece, until = _until(sc, sc.until(()))
    head, _, last = piece.text.rpartition(" ")
    only = last.lower() == "spells"
    if only:
        piece = Piece(head.strip(), piece.column)
    effect: dict[str, Any] = {"op": "prevent"}
    if piece.text.lower() != "all":
        reference, amount = split_last(sc, piece, "a unit and a Prevent Value (a number, 'all' or 'next'), or 'all'")
        effect["target"] = _object(sc, state, reference)
        if amount.text.lower() == "next":
            effect["next"] = True
        elif amount.text.lower() != "all":
            effect["amount"] = number(sc, amount, "a Prevent Value (a number, 'all' or 'next')")
    return effect | ({"only": "spells"} if only else {}) | ({"until": until} if until else {})


def _write_prevent(state: State, effect: dict[str, Any]) -> str:
    value = "next" if effect.get("next") else effect.get("amount", "all")
    text = f"prevent {_name(state, effect['target'])} {value}" if "target" in effect else "prevent all"
    return text + (f" {effect['only']}" if "only" in effect else "") + _until_text(effect)


def _read_double(sc: Scanner, state: State) -> dict[str, Any]:
    """`double UNIT [until turn|permanent]`: all damage that would be dealt to it is doubled (Lotus Trap)."""
    piece, until = _until(sc, sc.until(()))
    return {"op": "double", "target": _object(sc, state, piece)} | ({"until": until} if until else {})


def read_replacement(sc: Scanner, state: State, source: bool) -> dict[str, Any]:
    """`kill UNIT [< SOURCE] [until turn|permanent] -> OP & OP`: the death replaced and what happens instead
    (ops separated by `&`); `< SOURCE` only where `source` (the `replace` event)."""
    if not sc.accept_word("kill"):
        sc.fail("'kill' (the replaced event: a permanent's death)")
    head = sc.until(("<", "->") if source else ("->",))
    replacement: dict[str, Any] = {}
    if source and sc.accept("<"):
        tail, until = _until(sc, sc.until(("->",)))
        replacement["source"] = _object(sc, state, tail)
    else:
        head, until = _until(sc, head)
    replacement = {"event": {"op": "kill", "target": _object(sc, state, head)}, **replacement}
    sc.expect("->", "'->' and what happens instead")
    replacement["with"] = []
    whole = sc.until(())
    if whole.text:
        for segment in split(sc.text, whole.column - 1, whole.column - 1 + len(whole.text), "&"):
            replacement["with"].append(_read_op(sc.sub(segment.column - 1, segment.column - 1 + len(segment.text)),
                                                state, "('&' separates what happens instead)"))
    return replacement | ({"until": until} if until else {})


def write_replacement(state: State, replacement: dict[str, Any]) -> str:
    source = f" < {_name(state, replacement['source'])}" if "source" in replacement else ""
    instead = " & ".join(WRITERS[effect["op"]](state, effect) for effect in replacement["with"])
    return (f"kill {_name(state, replacement['event']['target'])}{source}{_until_text(replacement)} -> "
            f"{instead}").rstrip()


def _read_counters(sc: Scanner, state: State) -> dict[str, Any]:
    """`counters UNIT N [-> UNIT] [+kind="Sentry"]` (engine/counters.py): place N counters (negative: spend them),
    or move N to another object."""
    reference, amount = split_last(sc, sc.until(("->", "+")), "an object and a number of counters")
    effect: dict[str, Any] = {"op": "counters", "target": _object(sc, state, reference),
                              "count": number(sc, amount, "a number of counters (spent when negative)")}
    if sc.accept("->"):
        effect["to"] = _object(sc, state, sc.until(("+",)))
    return effect | _flags(sc, ("kind",))


def _read_replace(sc: Scanner, state: State) -> dict[str, Any]:
    return {"op": "replace", **read_replacement(sc, state, source=False)}


READERS: dict[str, Reader] = {
    **{op: _read_target(op) for op in TARGET_OPS},
    "damage": _read_damage, "might": _read_might, "grant": _read_grant,
    "move": _read_move,
    "return": _read_destination("return", "to", _word_piece),
    "control": _read_control, "retarget": _read_retarget, "name": _read_name,
    "draw": _read_player_cards("draw", read_cards), "discard": _read_player_cards("discard", _hand_refs),
    "reveal": _read_reveal, "channel": _read_channel, "add": _read_add,
    "recycle": _read_recycle, "counter": _read_counter, "token": _read_token, "point": _read_point,
    "attach": _read_attach, "pay": _read_pay,
    "play": _read_play, "note": _read_note, "replace": _read_replace, "prevent": _read_prevent, "double": _read_double,
    "delayed": _read_delayed, "battlefield": _read_battlefield,
    "copy": _read_destination("copy", "of", lambda sc, state, piece: _object(sc, state, piece)),
    "win": lambda sc, state: {"op": "win", "player": read_player(sc, state)},
    "static": lambda sc, state: {"op": "static", **read_static(sc, state, required=False)},
    "banish": _read_banish,
    "look": _read_deck_cards("look", others=True), "predict": _read_deck_cards("predict"),
    "burn": _read_deck_cards("burn"),
    "xp": lambda sc, state: {"op": "xp", "player": read_player(sc, state),
                             "amount": number(sc, sc.until(()), "an amount of XP (spent when negative)")},
    "turn": lambda sc, state: {"op": "turn", "player": read_player(sc, state)},
    "counters": _read_counters,
}


def _read_op(op_sc: Scanner, state: State, separator: str) -> dict[str, Any]:
    """One effect op, `OP ARGUMENTS`, filling its scanner."""
    op = op_sc.word(f"an effect ({', '.join(READERS)})").lower()
    if op not in READERS:
        op_sc.fail(f"an effect ({', '.join(READERS)})", op_sc.pos - len(op))
    effect = READERS[op](op_sc, state)
    op_sc.expect_end(f"the end of the effect {separator}")
    return effect


def read_effects(sc: Scanner, state: State) -> tuple[list[dict[str, Any]], dict[str, Any]]:
    """The ops after `resolve ITEM:`, separated by `|`; and the resolve's fields of the leading pseudo-ops: `keep
    TARGETS` (`targets_kept`), then `split N` (`split`, the damage split among the targets, 355.14)."""
    effects: list[dict[str, Any]] = []
    fields: dict[str, Any] = {}
    for index, segment in enumerate(split(sc.text, sc.pos, sc.end, "|")):
        op_sc = sc.sub(segment.column - 1, segment.column - 1 + len(segment.text))
        if index == 0 and op_sc.accept_word("keep"):
            fields["targets_kept"] = [resolve(op_sc, state, piece, "target") for piece in op_sc.pieces(())]
            continue
        if index == len(fields) and "split" not in fields and op_sc.accept_word("split"):
            fields["split"] = op_sc.integer("the damage to split (a whole number)")
            op_sc.expect_end("the end of 'split N' ('|' separates effects)")
            continue
        effects.append(_read_op(op_sc, state, "('|' separates effects)"))
    sc.pos = sc.end
    return effects, fields


# -- writers ---------------------------------------------------------------------------------------------------
def _name(state: State, ref: str) -> str:
    return name_of(state, ref, "object")


def _until_text(effect: dict[str, Any]) -> str:
    return f" until {effect['until']}" if "until" in effect else ""


def _flags_text(effect: dict[str, Any], flags: tuple[str, ...]) -> str:
    return "".join(f" +{flag}" if effect[flag] is True else f" +{flag}={dumps(effect[flag])}"
                   for flag in flags if flag in effect)


def _write_add(state: State, effect: dict[str, Any]) -> str:
    amounts = ([f"energy {effect['energy']}"] if "energy" in effect else []) + [
        f"{domain} {amount}" for domain, amount in effect.get("power", {}).items()]
    return f"add {effect['player']} {'; '.join(amounts)}".rstrip()


def _write_token(state: State, effect: dict[str, Any]) -> str:
    where = f" @{effect['to']}" if "to" in effect else ""
    flags = _flags_text(effect, TOKEN_FLAGS)
    return f"token {effect['controller']} {effect['kind']}{where}{flags}"


def _write_grant(state: State, effect: dict[str, Any]) -> str:
    value = f"={dumps(effect['value'])}" if "value" in effect else ""
    return f"grant {_name(state, effect['target'])} +{effect['keyword']}{value}{_until_text(effect)}"


def _write_deck_cards(op: str) -> Writer:
    """`OP P1 Gust; ? [<deck]` for the ops on a main deck's top cards."""
    def writer(state: State, effect: dict[str, Any]) -> str:
        source = f" <{effect['from']}" if "from" in effect else ""
        # From a hand (a reveal without `from`), ids are written with their cards' names.
        cards = cards_text(effect["cards"]) if source else cards_with_names(state, effect["cards"])
        return f"{op} {effect['player']} {cards}".rstrip() + source
    return writer


def _write_recycle(state: State, effect: dict[str, Any]) -> str:
    if effect.get("from") == "deck":
        return _write_deck_cards("recycle")(state, effect)
    return f"recycle {effect['player']} {'; '.join(_name(state, card) for card in effect['cards'])}".rstrip()


def _write_banish(state: State, effect: dict[str, Any]) -> str:
    if "target" in effect:
        return f"banish {_name(state, effect['target'])}"
    return _write_deck_cards("banish")(state, effect)


WRITERS: dict[str, Writer] = {
    **{op: (lambda op: lambda state, effect: f"{op} {_name(state, effect['target'])}")(op) for op in TARGET_OPS},
    "damage": lambda state, effect: f"damage {_name(state, effect['target'])} {effect['amount']}",
    "might": lambda state, effect: f"might {_name(state, effect['target'])} {effect['delta']:+d}{_until_text(effect)}",
    "grant": _write_grant,
    "move": _write_move,
    "return": lambda state, effect: f"return {_name(state, effect['target'])} -> {effect['to']}",
    "control": _write_control, "name": _write_name,
    "retarget": lambda state, effect: (f"retarget {name_of(state, effect['item'], 'item')} -> "
                                       f"{write_targets(state, effect['targets'])}").rstrip()
    + _flags_text(effect, RETARGET_FLAGS),
    "draw": lambda state, effect: f"draw {effect['player']} {cards_text(effect['cards'])}".rstrip(),
    "discard": lambda state, effect: f"discard {effect['player']} {cards_with_names(state, effect['cards'])}".rstrip(),
    "reveal": _write_deck_cards("reveal"), "look": _write_deck_cards("look"), "predict": _write_deck_cards("predict"),
    "burn": _write_deck_cards("burn"), "banish": _write_banish,
    "channel": lambda state, effect: (f"channel {effect['player']} {cards_text(effect['runes'])}".rstrip()
                                      + _flags_text(effect, ("exhausted",))),
    "add": _write_add,
    "recycle": _write_recycle,
    "counter": lambda state, effect: f"counter {name_of(state, effect['item'], 'item')}",
    "token": _write_token,
    "point": lambda state, effect: f"point {effect['player']} {effect['amount']}",
    "play": lambda state, effect: f"play {effect['player']} {write_play(state, effect)}",
    "pay": lambda state, effect: (_write_add(state, {**effect, "op": "add"}).replace("add", "pay", 1)
                                  + (" +declined" if effect.get("declined") else "")
                                  + (f" {write_pay(state, effect['player'], effect['pay'])}" if "pay" in effect
                                     else "")),
    "attach": lambda state, effect: (f"attach {_name(state, effect['target'])} -> {_name(state, effect['to'])}"
                                     + (f" {write_pay(state, _controller(state, effect['target']), effect['pay'])}"
                                        if "pay" in effect else "")),
    "note": lambda state, effect: f"note {quote(effect['text'])}",
    "delayed": _write_delayed,
    "copy": lambda state, effect: f"copy {_name(state, effect['target'])} -> {_name(state, effect['of'])}",
    "win": lambda state, effect: f"win {effect['player']}",
    "battlefield": lambda state, effect: f"battlefield {effect['kind']}" + (
        f" @{effect['replaces']}" if "replaces" in effect else ""),
    "static": lambda state, effect: write_static(state, {key: value for key, value in effect.items() if key != "op"}),
    "replace": lambda state, effect: f"replace {write_replacement(state, effect)}",
    "prevent": _write_prevent,
    "double": lambda state, effect: f"double {_name(state, effect['target'])}{_until_text(effect)}",
    "xp": lambda state, effect: f"xp {effect['player']} {effect['amount']}",
    "turn": lambda state, effect: f"turn {effect['player']}",
    "counters": lambda state, effect: (f"counters {_name(state, effect['target'])} {effect['count']}"
                                       + (f" -> {_name(state, effect['to'])}" if "to" in effect else "")
                                       + _flags_text(effect, ("kind",))),
}


def write_effects(state: State, event: dict[str, Any]) -> str:
    """The ops of a resolve event (and its kept targets) as `OP ... | OP ...`."""
    parts = [f"keep {write_targets(state, event['targets_kept'])}".rstrip()] if "targets_kept" in event else []
    parts += [f"split {event['split']}"] if "split" in event else []
    parts += [WRITERS[effect["op"]](state, effect) for effect in event["effects"]]
    return " | ".join(parts)

