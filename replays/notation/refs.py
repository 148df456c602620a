"""References, SAN-style: cards by name, objects by name where that is unambiguous, else qualified, else by id.

A reference is one of
- an id: `o17` (an object), `c3` (a chain item), `bf1` (a battlefield), `P2` (a player), taken as written;
- a card name, when exactly one candidate of the context has it (`Stalwart Poro`); `?` names an unseen card;
- a qualified name: an owner before a colon (`P2:Stalwart Poro`) and/or a place after '@' (`Stalwart Poro@bf1`,
  `Stalwart Poro@base:P2`, `@base`, `@trash`, `@hand`, `@chain`, or a battlefield's name).

The context decides the candidates: targets are objects on the board and in public zones (rule 352.8), chain items
and battlefields; `resolve` and `counter` name chain items; a mulligan names cards in the player's hand. Cards in
a hand are interchangeable, so a name there picks the oldest copy not picked yet. Runes have their own rules (see
`pick_runes`). The writer names an object by the shortest form that reads back as the same id ("write, then check
by parsing"), so a round trip is exact.
"""
from __future__ import annotations

import difflib
import re
from dataclasses import dataclass
from typing import Any, Callable

from engine.objects import lookup_card
from replays.notation.errors import AmbiguousReference, NotationError, UnknownReference
from replays.notation.text import Piece, Scanner, split, to_int

PUBLIC_ZONES = ("board", "trash", "banishment", "legend", "champion")
ZONE_WORDS = ("board", "hand", "trash", "banishment", "legend", "champion")
OBJECT_ID = re.compile(r"(?:o|c|bf|d)\d+")  # d: a delayed ability (engine/delayed.py)
PLAYER_ID = re.compile(r"P\d+")
LOCATION = re.compile(r"base(?::P\d+)?|bf\d+")
# `Legion Rearguard (o5)`: an id with the name of its card, as the viewer words it (no card is named "... (o5)").
ANNOTATED = re.compile(r"(?P<name>.*?\S)\s*\(\s*(?P<id>(?:o|c|bf|d)\d+)\s*\)", re.S)
QUALIFIED = re.compile(r"(?:(?P<owner>P\d+)\s*:\s*)?(?P<name>[^@]*?)\s*(?:@\s*(?P<where>.*))?", re.S)

State = dict[str, Any]


@dataclass(frozen=True)
class Candidate:
    """Something a reference may name: an object, a chain item or a battlefield."""

    id: str
    card: str | None
    owner: str | None
    kind: str  # "object" | "item" | "battlefield"
    zone: str  # an object's zone; "chain" for items; "battlefield"
    where: str  # a board location ("base:P2", "bf1") or the zone

    def describe(self) -> str:
        name = self.card or "an unseen card"
        if self.kind == "item":
            return f"{name} on the chain ({self.owner}'s)"
        if self.kind == "battlefield":
            return f"battlefield {name}"
        return f"{self.owner}'s {name} at {self.where}"


ALL_KINDS = frozenset({"object", "item", "battlefield"})  # what a reference may name
# scope -> (kinds it names, which candidates an unqualified name considers, words for "no such ... <where>")
SCOPES: dict[str, tuple[frozenset[str], Callable[[Candidate], bool], str]] = {
    "target": (ALL_KINDS,
               lambda c: c.kind != "object" or c.zone in PUBLIC_ZONES,
               "on the board, in a public zone or on the chain"),
    "object": (frozenset({"object"}), lambda c: c.zone in PUBLIC_ZONES, "on the board or in a public zone"),
    "source": (frozenset({"object", "battlefield"}), lambda c: c.kind == "battlefield" or c.zone in PUBLIC_ZONES,
               "on the board, in a public zone or in play as a battlefield"),
    "item": (frozenset({"item"}), lambda c: True, "on the chain"),
    "hand": (frozenset({"object"}), lambda c: c.zone == "hand", "in the hand"),
}
FUNGIBLE = ("hand",)


def pool(state: State, card: str | None | bool = True, kinds: frozenset[str] = ALL_KINDS) -> list[Candidate]:
    """Everything of `kinds` a reference may name, oldest first, or only what shows `card` (None: an unseen card);
    `True`, the default, keeps every card. Cards on the chain are named through their items."""
    found = []
    for object_id, obj in state["objects"].items() if "object" in kinds else ():
        if obj["zone"] in ("chain", "aside") or card is not True and obj["card"] != card:
            continue
        where = obj["location"] if obj["zone"] == "board" and obj["location"] else obj["zone"]
        found.append(Candidate(object_id, obj["card"], obj["owner"], "object", obj["zone"], where))
    for item in state["chain"] if "item" in kinds else ():
        if card is True or item["card"] == card:
            found.append(Candidate(item["id"], item["card"], item["controller"], "item", "chain", "chain"))
    for battlefield in state["battlefields"] if "battlefield" in kinds else ():
        if card is True or battlefield["name"] == card:
            found.append(Candidate(battlefield["id"], battlefield["name"], battlefield["owner"], "battlefield",
                                   "battlefield", "battlefield"))
    return found


def is_id(text: str) -> bool:
    return bool(OBJECT_ID.fullmatch(text) or PLAYER_ID.fullmatch(text))


def shown_name(state: State, ref: str) -> str | None:
    """The card an object or chain item id shows in this state, or a battlefield id's name; None if none shows."""
    obj = state["objects"].get(ref)
    if obj is not None:
        return obj.get("card")
    for item in state["chain"]:
        if item["id"] == ref:
            return item.get("card")
    for battlefield in state["battlefields"]:
        if battlefield["id"] == ref:
            return battlefield["name"]
    return None


def annotated_id(sc: Scanner, state: State, piece: Piece) -> str | None:
    """The id of `Name (o5)`, None if the piece is not of that form. The name must be the card the state shows for
    the id (when it shows one): `Gust (o5)` for a Stalwart Poro is an error, never a silent pick."""
    match = ANNOTATED.fullmatch(piece.text)
    if match is None:
        return None
    ref, name = match.group("id"), match.group("name")
    shown = shown_name(state, ref)
    if shown is not None and shown.lower() != name.lower():
        raise sc.error(UnknownReference, f"{ref} is {shown!r} here, not {name!r}", piece.column,
                       "a card name and its id")
    return ref


def with_name(state: State, ref: str) -> str:
    """An id as the writer names it when no shorter reference reads back: `Legion Rearguard (o5)` when the state
    shows its card, the bare id only when it does not (a card this view may not see)."""
    shown = shown_name(state, ref) if OBJECT_ID.fullmatch(ref) else None
    return f"{shown} ({ref})" if shown else ref


def card_or_id(sc: Scanner, state: State, piece: Piece) -> str | None:
    """A card as a play, a hide, a discard or a reveal names it: an id (bare or `Name (o5)`), else a card name,
    `?` for an unseen card (None)."""
    if OBJECT_ID.fullmatch(piece.text):
        return piece.text
    return annotated_id(sc, state, piece) or card_or_unseen(sc, state, piece)


def cards_with_names(state: State, cards: list[str | None]) -> str:
    """The inverse of reading `card_or_id` pieces: names as written, ids with their card's name, `?`."""
    return "; ".join("?" if card is None else with_name(state, card) if OBJECT_ID.fullmatch(card) else card
                     for card in cards)


def card_name(sc: Scanner, state: State, piece: Piece) -> str:
    """The catalog name of a card of this match, by name (any case) or code; UnknownReference otherwise."""
    wanted = piece.text.strip()
    if not wanted:
        sc.fail("a card name", piece.column - 1)
    found = lookup_card(state, wanted)
    if found is not None:
        return found
    close = difflib.get_close_matches(wanted, list(state["cards"]), n=3)
    hint = f"; did you mean {' or '.join(repr(name) for name in close)}?" if close else ""
    raise sc.error(UnknownReference, f"unknown card {wanted!r}: no card of that name is in this match's decks{hint}",
                   piece.column, "a card name")


def card_or_unseen(sc: Scanner, state: State, piece: Piece) -> str | None:
    """A card name, or None for `?` (a card nobody saw)."""
    if not piece.text:
        sc.fail_at(piece, "a card name (or '?')")
    return None if piece.text == "?" else card_name(sc, state, piece)


def read_cards(sc: Scanner, state: State) -> list[str | None]:
    """`Gust; ?; Flash` to the end: card names, None for `?`."""
    return [card_or_unseen(sc, state, piece) for piece in sc.pieces(())]


def cards_text(cards: list[str | None]) -> str:
    """The inverse of `read_cards`."""
    return "; ".join("?" if card is None else card for card in cards)


def player_id(sc: Scanner, state: State, piece: Piece) -> str:
    """A player of the match, by id (`P1`)."""
    if not PLAYER_ID.fullmatch(piece.text):
        sc.fail_at(piece, "a player (P1, P2, ...)")
    if piece.text not in state["players"]:
        raise sc.error(UnknownReference, f"unknown player {piece.text!r}; the players are "
                                         f"{', '.join(state['players'])}", piece.column, "a player")
    return piece.text


def read_player(sc: Scanner, state: State) -> str:
    """The player named by the next word."""
    sc.skip()
    start = sc.pos
    return player_id(sc, state, Piece(sc.word("a player (P1, P2, ...)"), start + 1))


def location(sc: Scanner, state: State, piece: Piece) -> str:
    """A location as the contract writes it (`base`, `base:P2`, `bf1`), or a battlefield's name for its id."""
    if LOCATION.fullmatch(piece.text):
        return piece.text
    for battlefield in state["battlefields"]:
        if battlefield["name"].lower() == piece.text.lower():
            return battlefield["id"]
    if not piece.text:
        sc.fail_at(piece, "a location (base, base:P2, bf1 or a battlefield's name)")
    raise sc.error(UnknownReference, f"no location {piece.text!r}: locations are base, base:P1, bf1, ... or the "
                                     f"name of a battlefield of this match", piece.column, "a location")


def _where_test(sc: Scanner, state: State, where: str, column: int) -> Callable[[Candidate], bool]:
    """Which candidates are at the place after '@'; the place is resolved here, once (UnknownReference if none)."""
    word = where.strip()
    if word.lower() == "base":
        return lambda c: c.where.startswith("base:")
    if LOCATION.fullmatch(word):
        return lambda c: c.where == word
    if word.lower() in ZONE_WORDS:
        return lambda c: c.kind == "object" and c.zone == word.lower()
    if word.lower() == "chain":
        return lambda c: c.kind == "item"
    place = location(sc, state, Piece(word, column))
    return lambda c: c.where == place


def candidates(sc: Scanner, state: State, piece: Piece, match: re.Match[str], scope: str, player: str | None,
               exclude: tuple[str, ...] | list[str] = ()) -> tuple[str | None, list[Candidate]]:
    """The card a qualified name names (`match`: the piece's QUALIFIED match), and the candidates of the scope
    that fit it."""
    owner, name, where = match.group("owner"), match.group("name"), match.group("where")
    name_piece = Piece(name, piece.column + match.start("name"))
    card = card_or_unseen(sc, state, name_piece)
    kinds, default, _ = SCOPES[scope]
    fits = _where_test(sc, state, where, piece.column + match.start("where")) if where is not None else default
    found = [c for c in pool(state, card, kinds) if fits(c)
             and (owner is None or c.owner == owner) and c.id not in exclude
             and (scope != "hand" or c.owner == player)]
    return card, found


def lookup(sc: Scanner, state: State, piece: Piece, scope: str, player: str | None = None,
           exclude: tuple[str, ...] | list[str] = (), expected: str = "a card name or an id") -> str | list[Candidate]:
    """The id a reference names in `scope`, or the candidates when it fits several; UnknownReference if none."""
    if is_id(piece.text):
        return piece.text
    annotated = annotated_id(sc, state, piece)
    if annotated is not None:
        return annotated
    match = QUALIFIED.fullmatch(piece.text)
    name_start = match.start("name")
    if not piece.text or not piece.text[name_start:].strip() or piece.text[name_start] == "@":
        sc.fail(expected, piece.column - 1 + name_start)
    card, found = candidates(sc, state, piece, match, scope, player, exclude)
    if len(found) == 1 or found and scope in FUNGIBLE:
        return found[0].id
    if not found:
        where = SCOPES[scope][2].replace("the hand", f"{player}'s hand")
        label = repr(card) if card else "unseen card"
        fits = f" fits {piece.text!r}" if piece.text.lower() != (card or "?").lower() else ""
        raise sc.error(UnknownReference, f"no {label} {where}{fits}", piece.column, expected)
    return found


def resolve(sc: Scanner, state: State, piece: Piece, scope: str, player: str | None = None,
            exclude: tuple[str, ...] | list[str] = (), expected: str = "a card name or an id") -> str:
    """The id a reference names in `scope`: an id as written, else the one candidate that fits the name.

    A name that fits several candidates is an AmbiguousReference listing them, each with a reference that would
    name it alone.
    """
    found = lookup(sc, state, piece, scope, player, exclude, expected)
    if isinstance(found, str):
        return found
    listed = [(c.id, c.describe()) for c in found]
    hints = ", ".join(f"{name_of(state, c.id, scope, player, exclude)} ({c.describe()})" for c in found)
    raise sc.error(AmbiguousReference, f"{piece.text!r} is ambiguous: it fits {len(found)} objects; write one of "
                                       f"{hints}", piece.column, "an unambiguous reference", candidates=listed)


def resolves_to(state: State, text: str, scope: str, player: str | None,
                exclude: tuple[str, ...] | list[str] = ()) -> str | None:
    """What `text` names in `scope`, or None if it names nothing (or several things)."""
    try:
        found = lookup(Scanner(text), state, Piece(text, 1), scope, player, exclude)
    except NotationError:
        return None
    return found if isinstance(found, str) else None


def name_of(state: State, ref: str, scope: str, player: str | None = None,
            exclude: tuple[str, ...] | list[str] = (), qualified: bool = True) -> str:
    """The shortest reference that reads back as `ref` in `scope`: the name, then qualified names, then the id with
    its card's name (`Legion Rearguard (o5)`), else the id (a card the state does not show)."""
    found = next((c for c in pool(state) if c.id == ref), None)
    forms = []
    if found is not None:
        name = found.card or "?"
        forms.append(name)
        if qualified:
            forms += [f"{found.owner}:{name}", f"{name}@{found.where}", f"{found.owner}:{name}@{found.where}"]
    forms.append(with_name(state, ref))
    for form in forms:
        if resolves_to(state, form, scope, player, exclude) == ref:
            return form
    return ref


# -- runes ---------------------------------------------------------------------------------------------------
def runes_of(state: State, player: str) -> list[str]:
    """The player's runes on the board, oldest first, ready ones before exhausted ones (a stable sort)."""
    ids = state["players"][player]["runes"] if player in state["players"] else []
    return sorted(ids, key=lambda rune: state["objects"][rune]["exhausted"])


def ready_runes(state: State, player: str, exclude: list[str]) -> list[str]:
    """The player's ready runes not in `exclude`, oldest first."""
    return [rune for rune in runes_of(state, player) if not state["objects"][rune]["exhausted"] and rune not in exclude]


def first_ready(state: State, player: str, count: int, exclude: list[str]) -> list[str] | None:
    """The first `count` ready runes not in `exclude`, or None if there are fewer."""
    ready = ready_runes(state, player, exclude)
    return ready[:count] if len(ready) >= count else None


def pick_runes(sc: Scanner, state: State, player: str, piece: Piece, exclude: list[str]) -> list[str]:
    """Runes named by a payment part: a count (`2`: the first two ready runes, 9 digits at most), or `;`-separated
    rune names or object ids (`o15`; a player id is no rune).

    A rune name picks the player's oldest rune of that name not picked yet, ready ones first; a count takes ready
    runes only. `exclude` holds the runes picked already (the recycled ones, when reading the exhausted ones).
    """
    if piece.text.isdecimal():
        picked = first_ready(state, player, to_int(sc, piece.text, piece.column, "a number of ready runes"), exclude)
        if picked is None:
            ready = len(ready_runes(state, player, exclude))
            raise sc.error(UnknownReference, f"{player} has {ready} ready rune{'' if ready == 1 else 's'} left, "
                                             f"not {piece.text}",
                           piece.column, "a number of ready runes")
        return picked
    picked: list[str] = []
    for item in split(sc.text, piece.column - 1, piece.column - 1 + len(piece.text), ";"):
        picked.append(pick_rune(sc, state, player, item, exclude + picked))
    return picked


def pick_rune(sc: Scanner, state: State, player: str, piece: Piece, exclude: list[str]) -> str:
    """One rune of a payment part: an object id as written (or `Fury Rune (o15)`), else the oldest rune of that
    name not picked yet."""
    if OBJECT_ID.fullmatch(piece.text):
        return piece.text
    annotated = annotated_id(sc, state, piece)
    if annotated is not None:
        return annotated
    name = card_name(sc, state, piece)
    for rune in runes_of(state, player):
        if state["objects"][rune]["card"] == name and rune not in exclude:
            return rune
    raise sc.error(UnknownReference, f"{player} has no {name!r} left on the board to use", piece.column,
                   "a rune of the player")


def write_runes(state: State, player: str, runes: list[str], exclude: list[str], counts: bool = True) -> str:
    """The shortest payment part that picks exactly `runes`: a count, else rune names, else ids."""
    def picks(text: str) -> list[str] | None:
        try:
            return pick_runes(Scanner(text), state, player, Piece(text, 1), list(exclude))
        except NotationError:
            return None

    forms = [str(len(runes))] if counts else []
    forms.append("; ".join(state["objects"][rune]["card"] if rune in state["objects"] else rune for rune in runes))
    forms.append("; ".join(with_name(state, rune) for rune in runes))
    for form in forms:
        if form and picks(form) == runes:
            return form
    return "; ".join(runes)
