"""Piltover Archive deck codes: a whole deck as one short base32 string (the Riftbound community's standard).

Our own decoder and encoder of the format that Piltover-Archive/RiftboundDeckCodes specifies (README, format 1,
versions 1-6) and tests with golden vectors (tests/test_deckcodes.py carries them). A code is base32 (RFC 4648
alphabet, no padding) of bytes:

- byte 0: format (high 4 bits, always 1) and version (low 4 bits, 1-6);
- v5 and v6: one byte, 1 if card numbers carry a prefix flag (the deck has an `R` rune or `SP` special number),
  else 0; v4 always carries the flag, v1-v3 never;
- the main deck: in v1-v4, for each copy count from 12 down to 1, a varint number of groups; in v5-v6 ("sparse"),
  a varint number of distinct copy counts, then for each, from the highest, the count and the number of groups.
  A group is the cards of one set and variant with that count: varint number of cards, a set byte, a variant
  byte, then for each card (a flag byte if flagged: 0 none, 1 `R`, 2 `SP`) its number as a varint;
- the sideboard (v2+): the same, with counts 3 down to 1 in v2-v4;
- the chosen champion (v3+): a byte 0, or 1 then the set byte, variant byte, (flag) and number;
- additional legends (v6): a varint number of legends, then each as set byte, variant byte, (flag) and number.

Varints are 7 bits a byte, lowest first, the high bit set on every byte but the last. The main deck of a code holds
every card of the deck: the legend, the champion, the main deck, the runes and the battlefields (the reader sorts
them by card type). This module knows codes only, not cards (see `replays.decklists`).

Our encoder writes the lowest version that can carry the deck (3; 4 with a rune number; 5 with more than 12 copies
in the main deck, more than 3 in the sideboard, or an `SP` number; 6 with additional legends), groups ordered by
set then variant and numbers in increasing order within a group, as the reference implementation does (its README
says groups go by increasing length; its encoder and vectors order them by set and variant). The decoder accepts
groups in any order.
"""
from __future__ import annotations

import base64
import binascii
import re
from collections.abc import Iterable
from typing import NamedTuple

from engine.cardcodes import CardCode, parse_code
from replays.errors import ReplayError

FORMAT = 1
VERSIONS = range(1, 7)
SETS: dict[str, int] = {"OGN": 0, "OGS": 1, "ARC": 2, "SFD": 3, "UNL": 4, "VEN": 5, "RAD": 6}
VARIANTS: dict[str, int] = {"": 0, "a": 1, "*": 2, "b": 3}  # "*" is also written "s" (signed)
PREFIXES: dict[str, int] = {"": 0, "R": 1, "SP": 2}
FIXED_MAIN_COUNTS = 12  # v1-v4 walk the main deck's counts from 12 down
FIXED_SIDEBOARD_COUNTS = 3  # and the sideboard's from 3 down
# Characters a code may have: a deck of ~70 distinct cards and a sideboard is ~300. Bounded before it is decoded, so
# that a pasted megabyte is not decoded into hundreds of thousands of cards each looked up in the catalog.
MAX_CODE = 1_000
_BASE32 = re.compile(r"^[A-Z2-7]+$")


class DeckCodeError(ReplayError):
    """A deck code that cannot be read, or a deck that cannot be written as one; the message says why."""


class DeckCode(NamedTuple):
    """A deck as a code carries it: (card code, copies) pairs, the chosen champion's code, additional legends."""

    main: list[tuple[str, int]]
    sideboard: list[tuple[str, int]]
    champion: str | None
    legends: list[str]
    version: int


# --- decoding ---------------------------------------------------------------------------------------------------

class _Reader:
    def __init__(self, data: bytes) -> None:
        self.data, self.at = data, 0

    def byte(self, what: str) -> int:
        if self.at >= len(self.data):
            raise DeckCodeError(f"the deck code ends early: it has no {what} at byte {self.at}")
        self.at += 1
        return self.data[self.at - 1]

    def varint(self, what: str) -> int:
        value = shift = 0
        while True:
            byte = self.byte(what)
            value |= (byte & 0x7F) << shift
            if not byte & 0x80:
                return value
            shift += 7
            if shift > 28:
                raise DeckCodeError(f"the deck code has a number ({what}) longer than 5 bytes at byte {self.at}")


def decode(code: str) -> DeckCode:
    """The deck a Piltover Archive deck code carries; raises DeckCodeError saying what is wrong with it.

    Signed printings come back with the variant `*`, rune numbers as `R01`, special numbers unpadded (`SP1`).
    """
    if not isinstance(code, str):
        raise DeckCodeError(f"a deck code must be a string, got {type(code).__name__}")
    if len(code) > MAX_CODE:
        raise DeckCodeError(f"the deck code is {len(code):,} characters long; a deck code is at most {MAX_CODE:,}")
    text = "".join(code.split()).upper().rstrip("=")
    if not text or not _BASE32.match(text):
        bad = sorted({char for char in text if not re.match(r"[A-Z2-7]", char)})
        raise DeckCodeError("a deck code is letters A-Z and digits 2-7" +
                            (f"; this one has {' '.join(repr(char) for char in bad)}" if bad else ": it is empty"))
    try:
        data = base64.b32decode(text + "=" * (-len(text) % 8))
    except (binascii.Error, ValueError) as error:
        raise DeckCodeError(f"not a deck code: its base32 does not decode ({error})") from None
    reader = _Reader(data)
    header = reader.byte("format and version")
    form, version = header >> 4, header & 0x0F
    if form != FORMAT:
        raise DeckCodeError(f"not a Piltover Archive deck code: format {form}, not {FORMAT}")
    if version not in VERSIONS:
        raise DeckCodeError(f"deck code version {version} is not supported (versions 1-6 are)")
    sparse = version >= 5
    if sparse:
        flag_byte = reader.byte("prefix flag")
        if flag_byte not in (0, 1):
            raise DeckCodeError(f"the deck code's prefix flag is {flag_byte}; it must be 0 or 1")
        flagged = flag_byte == 1
    else:
        flagged = version == 4
    main = _section(reader, None if sparse else FIXED_MAIN_COUNTS, flagged, "main deck")
    sideboard = _section(reader, None if sparse else FIXED_SIDEBOARD_COUNTS, flagged, "sideboard") \
        if version >= 2 else []
    champion = None
    if version >= 3:
        present = reader.byte("chosen champion")
        if present not in (0, 1):
            raise DeckCodeError(f"the deck code's chosen champion marker is {present}; it must be 0 or 1")
        if present:
            champion = str(_card(reader, flagged, "chosen champion"))
    legends = [str(_card(reader, flagged, "additional legend"))
               for _ in range(reader.varint("number of additional legends"))] if version >= 6 else []
    if reader.at < len(data):
        raise DeckCodeError(f"the deck code has {len(data) - reader.at} bytes after the deck it carries")
    return DeckCode(main, sideboard, champion, legends, version)


def _section(reader: _Reader, fixed_counts: int | None, flagged: bool, what: str) -> list[tuple[str, int]]:
    """One section's (code, count) pairs: fixed counts walk `fixed_counts`..1, sparse ones list their counts."""
    cards: list[tuple[str, int]] = []
    if fixed_counts is not None:
        counts: Iterable[int] = range(fixed_counts, 0, -1)
    else:
        counts = (reader.varint(f"{what} copy count") for _ in range(reader.varint(f"{what} number of counts")))
    for count in counts:
        if count < 1:
            raise DeckCodeError(f"the deck code's {what} lists cards with {count} copies")
        for _ in range(reader.varint(f"{what} number of groups")):
            size = reader.varint(f"{what} group size")
            set_id, variant = _set_and_variant(reader, what)
            for _ in range(size):
                cards.append((str(_number(reader, set_id, variant, flagged, what)), count))
    return cards


def _set_and_variant(reader: _Reader, what: str) -> tuple[str, str]:
    set_byte, variant_byte = reader.byte(f"{what} set"), reader.byte(f"{what} variant")
    set_id = next((name for name, value in SETS.items() if value == set_byte), None)
    variant = next((name for name, value in VARIANTS.items() if value == variant_byte), None)
    if set_id is None:
        raise DeckCodeError(f"the deck code names set number {set_byte} in its {what}; known sets are "
                            + ", ".join(f"{value} {name}" for name, value in SETS.items()))
    if variant is None:
        raise DeckCodeError(f"the deck code names variant number {variant_byte} in its {what}; known variants are "
                            "0 (none), 1 a, 2 signed, 3 b")
    return set_id, variant


def _number(reader: _Reader, set_id: str, variant: str, flagged: bool, what: str) -> CardCode:
    flag = reader.byte(f"{what} number prefix") if flagged else 0
    prefix = next((name for name, value in PREFIXES.items() if value == flag), None)
    if prefix is None:
        raise DeckCodeError(f"the deck code has an unknown number prefix flag {flag} in its {what}")
    return CardCode(set_id, prefix, reader.varint(f"{what} card number"), variant)


def _card(reader: _Reader, flagged: bool, what: str) -> CardCode:
    set_id, variant = _set_and_variant(reader, what)
    return _number(reader, set_id, variant, flagged, what)


# --- encoding ---------------------------------------------------------------------------------------------------

def encode(main: Iterable[tuple[str, int]], sideboard: Iterable[tuple[str, int]] = (), champion: str | None = None,
           legends: Iterable[str] = ()) -> str:
    """The deck code of (card code, copies) pairs, e.g. `encode([("OGN-007", 7), ...], champion="OGN-039")`.

    Codes may be written any way `engine.cardcodes` reads (`OGN-030/298`, signed `s` or `*`). Raises
    DeckCodeError for a code the format cannot carry (an unknown set, a token number), a count below 1, or the
    same card twice in a section.
    """
    main_cards, side_cards = _cards(main, "main deck"), _cards(sideboard, "sideboard")
    champion_code = _code(champion, "chosen champion") if champion is not None else None
    legend_codes = [_code(legend, "additional legend") for legend in legends]
    every = [code for code, _ in main_cards + side_cards] + [c for c in [champion_code] if c] + legend_codes
    flagged = any(code.prefix for code in every)
    special = any(code.prefix == "SP" for code in every)
    high = any(count > FIXED_MAIN_COUNTS for _, count in main_cards) or \
        any(count > FIXED_SIDEBOARD_COUNTS for _, count in side_cards)
    version = 6 if legend_codes else 5 if special or high else 4 if flagged else 3
    flagged = flagged or version == 4
    out = bytearray([FORMAT << 4 | version])
    if version >= 5:
        out.append(1 if flagged else 0)
    out += _write_section(main_cards, None if version >= 5 else FIXED_MAIN_COUNTS, flagged)
    out += _write_section(side_cards, None if version >= 5 else FIXED_SIDEBOARD_COUNTS, flagged)
    if champion_code is None:
        out.append(0)
    else:
        out += bytes([1]) + _write_card(champion_code, flagged, with_set=True)
    if version >= 6:
        out += _varint(len(legend_codes))
        for legend in legend_codes:
            out += _write_card(legend, flagged, with_set=True)
    return base64.b32encode(bytes(out)).decode("ascii").rstrip("=")


def _code(text: str, what: str) -> CardCode:
    code = parse_code(text) if isinstance(text, str) else None
    if code is None:
        raise DeckCodeError(f"{text!r} ({what}) is not a card code such as OGN-007 or OGN-007a")
    if code.set not in SETS:
        raise DeckCodeError(f"{text!r} ({what}): a deck code cannot carry set {code.set!r} "
                            f"(it knows {', '.join(SETS)})")
    if code.prefix not in PREFIXES:
        raise DeckCodeError(f"{text!r} ({what}): a deck code cannot carry a {code.prefix!r}-numbered card (a token)")
    return code


def _cards(pairs: Iterable[tuple[str, int]], what: str) -> list[tuple[CardCode, int]]:
    cards: dict[CardCode, int] = {}
    for text, count in pairs:
        code = _code(text, what)
        if not isinstance(count, int) or isinstance(count, bool) or count < 1:
            raise DeckCodeError(f"{text!r} ({what}) has {count!r} copies; a count is a whole number from 1")
        if code in cards:
            raise DeckCodeError(f"{text!r} is listed twice in the {what}")
        cards[code] = count
    return list(cards.items())


def _write_section(cards: list[tuple[CardCode, int]], fixed_counts: int | None, flagged: bool) -> bytes:
    out = bytearray()
    present = sorted({count for _, count in cards}, reverse=True)
    if fixed_counts is None:
        out += _varint(len(present))
    for count in range(fixed_counts, 0, -1) if fixed_counts is not None else present:
        groups: dict[tuple[int, int], list[CardCode]] = {}
        for code, copies in cards:
            if copies == count:
                groups.setdefault((SETS[code.set], VARIANTS[code.variant]), []).append(code)
        if fixed_counts is None:
            out += _varint(count)
        out += _varint(len(groups))
        for (set_byte, variant_byte), codes in sorted(groups.items()):
            out += _varint(len(codes)) + bytes([set_byte, variant_byte])
            for code in sorted(codes, key=lambda c: (PREFIXES[c.prefix], c.number)):
                out += _write_card(code, flagged, with_set=False)
    return bytes(out)


def _write_card(code: CardCode, flagged: bool, *, with_set: bool) -> bytes:
    head = bytes([SETS[code.set], VARIANTS[code.variant]]) if with_set else b""
    return head + (bytes([PREFIXES[code.prefix]]) if flagged else b"") + _varint(code.number)


def _varint(value: int) -> bytes:
    out = bytearray()
    while True:
        low, value = value & 0x7F, value >> 7
        out.append(low | (0x80 if value else 0))
        if not value:
            return bytes(out)
