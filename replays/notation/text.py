"""Reading a line of notation: a scanner that knows its line and columns, quoted strings, lists and comments.

Card names contain spaces, commas, apostrophes, '!', '.', '-' and parentheses, but never one of the notation's
symbols (`;`, `|`, `@`, `->`, `+`, `$`, `/`, `<`, `:`, `[`, `]`, `"`, `#`), so a name runs until the next symbol.
Quoted text is a JSON string: `"say \\"hi\\""`.
"""
from __future__ import annotations

import functools
import json
import re
from dataclasses import dataclass
from typing import Any, NoReturn

from replays.notation.errors import InvalidNotation, NotationError

WORD = re.compile(r"[A-Za-z_][A-Za-z0-9_-]*")
INTEGER = re.compile(r"[+-]?\d+")
COUNT = re.compile(r"(\d+)\s+(\S.*)$", re.S)
MAX_DIGITS = 9  # a number of the notation (a seq, an amount, a count of runes) has at most this many digits
MAX_DEPTH = 64  # lists and maps nested in a JSON value of the notation, at most
MAX_COUNT = 99  # the count of a run of equal entries in a list (`3 Fury Rune`); longer runs are written as several
GOT_TOKEN = re.compile(r"->|[A-Za-z0-9_?'!.,-]+|\S")
_DECODER = json.JSONDecoder()


@dataclass(frozen=True)
class Piece:
    """A stripped stretch of a line and the column (from 1) where it starts."""

    text: str
    column: int


def skip_string(text: str, start: int) -> int:
    """The index just after the JSON string that starts at `text[start]` (a '"'), or len(text) if unclosed."""
    index = start + 1
    while index < len(text):
        if text[index] == "\\":
            index += 2
            continue
        if text[index] == '"':
            return index + 1
        index += 1
    return len(text)


@functools.cache
def _stops(markers: tuple[str, ...]) -> re.Pattern[str]:
    """What `Scanner.until` stops at: any of `markers`, or a quote (whose string it skips)."""
    return re.compile("|".join(re.escape(marker) for marker in (*markers, '"')))


def comment_start(text: str) -> int:
    """Where the comment of a line starts (a '#' outside quotes), or the length of the line."""
    if "#" not in text:
        return len(text)
    if '"' not in text:
        return text.index("#")
    index = 0
    while index < len(text):
        if text[index] == '"':
            index = skip_string(text, index)
            continue
        if text[index] == "#":
            return index
        index += 1
    return len(text)


class Scanner:
    """A cursor over `text[start:end]`, one line of notation; errors carry the line number and the column."""

    def __init__(self, text: str, line: int = 1, start: int = 0, end: int | None = None) -> None:
        self.text = text
        self.line = line
        self.pos = start
        self.end = len(text) if end is None else end

    def sub(self, piece_start: int, piece_end: int) -> Scanner:
        """A scanner over part of the same line (columns stay those of the whole line)."""
        return Scanner(self.text, self.line, piece_start, piece_end)

    # -- looking -------------------------------------------------------------------------------------------
    def skip(self) -> None:
        while self.pos < self.end and self.text[self.pos].isspace():
            self.pos += 1

    def at_end(self) -> bool:
        self.skip()
        return self.pos >= self.end

    def looking_at(self, token: str) -> bool:
        self.skip()
        return self.pos + len(token) <= self.end and self.text.startswith(token, self.pos)

    def accept(self, token: str) -> bool:
        if self.looking_at(token):
            self.pos += len(token)
            return True
        return False

    def accept_word(self, *words: str) -> str | None:
        """Consume the next word if it is one of `words` (compared case-insensitively); return it, lower-cased."""
        self.skip()
        match = WORD.match(self.text, self.pos, self.end)
        if match and match.group().lower() in words:
            self.pos = match.end()
            return match.group().lower()
        return None

    def expect(self, token: str, expected: str) -> None:
        if not self.accept(token):
            self.fail(expected)

    def expect_end(self, expected: str) -> None:
        if not self.at_end():
            self.fail(expected)

    # -- reading -------------------------------------------------------------------------------------------
    def word(self, expected: str) -> str:
        self.skip()
        match = WORD.match(self.text, self.pos, self.end)
        if not match:
            self.fail(expected)
        self.pos = match.end()
        return match.group()

    def integer(self, expected: str) -> int:
        self.skip()
        match = INTEGER.match(self.text, self.pos, self.end)
        if not match or match.end() < self.end and (self.text[match.end()].isalnum() or self.text[match.end()] == "_"):
            self.fail(expected)
        value = to_int(self, match.group(), match.start() + 1, expected)
        self.pos = match.end()
        return value

    def quoted(self, expected: str) -> str:
        self.skip()
        if not self.looking_at('"'):
            self.fail(expected)
        value = self.json_value(expected)
        if not isinstance(value, str):
            self.fail(expected)
        return value

    def json_value(self, expected: str) -> Any:
        """A JSON value starting here (a quoted string, a number, a list, a map, true, false or null)."""
        self.skip()
        try:
            value, stop = _DECODER.raw_decode(self.text[:self.end], self.pos)
        except (ValueError, RecursionError):  # bad JSON, a number of thousands of digits, nesting too deep
            self.fail(expected)
        if _depth(value) > MAX_DEPTH:
            raise self.error(InvalidNotation, f"expected {expected}, got JSON nested more than {MAX_DEPTH} deep",
                             self.pos + 1, expected)
        self.pos = stop
        return value

    def until(self, markers: tuple[str, ...]) -> Piece:
        """The stripped text up to the first marker outside quotes (or the end); the scanner stops at the marker."""
        self.skip()
        start = self.pos
        index = start
        stops, strings = _stops(markers), '"' not in markers  # a quote is a marker, or the start of a string
        while (found := stops.search(self.text, index, self.end)) is not None and strings and found.group() == '"':
            index = min(skip_string(self.text, found.start()), self.end)
        index = self.pos = found.start() if found is not None else self.end
        raw = self.text[start:index]
        return Piece(raw.strip(), start + 1)

    def pieces(self, markers: tuple[str, ...], separator: str = ";") -> list[Piece]:
        """The `separator`-separated items up to the first marker; an empty stretch gives no items."""
        whole = self.until(markers)
        if not whole.text:
            return []
        return split(self.text, whole.column - 1, whole.column - 1 + len(whole.text), separator)

    # -- failing -------------------------------------------------------------------------------------------
    def got(self, pos: int | None = None) -> str:
        """What the text holds at `pos`, for an error message."""
        pos = self.pos if pos is None else pos
        while pos < self.end and self.text[pos].isspace():
            pos += 1
        if pos >= self.end:
            return "the end of the line"
        token = GOT_TOKEN.match(self.text, pos, self.end).group()
        return repr(token) if len(token) <= 40 else f"{token[:37]!r}..."

    def error(self, cls: type[NotationError], detail: str, column: int, expected: str | None = None,
              **extra: Any) -> NotationError:
        return cls(detail, line=self.line, column=column, expected=expected, text=self.text, **extra)

    def fail(self, expected: str, pos: int | None = None) -> NoReturn:
        """Raise InvalidNotation: expected `expected` at `pos` (default: here), got whatever is there."""
        pos = self.pos if pos is None else pos
        while pos < self.end and self.text[pos].isspace():
            pos += 1
        raise self.error(InvalidNotation, f"expected {expected}, got {self.got(pos)}", pos + 1, expected)

    def twice(self, what: str, name: str, column: int) -> NoReturn:
        """Raise InvalidNotation: `name` (one of `what`) is given a second time at `column`."""
        raise self.error(InvalidNotation, f"expected each {what} once, got {name} a second time", column,
                         f"each {what} once")

    def fail_at(self, piece: Piece, expected: str) -> NoReturn:
        """Raise InvalidNotation about a whole piece of text."""
        got = repr(piece.text) if piece.text else "nothing"
        raise self.error(InvalidNotation, f"expected {expected}, got {got}", piece.column, expected)


def _depth(value: Any) -> int:
    """How deep lists and maps nest in a JSON value (0 for a scalar), found without recursion."""
    deepest, todo = 0, [(value, 0)]
    while todo:
        item, depth = todo.pop()
        if isinstance(item, (list, dict)):
            deepest = max(deepest, depth + 1)
            if deepest > MAX_DEPTH:
                break
            todo += [(child, depth + 1) for child in (item.values() if isinstance(item, dict) else item)]
    return deepest


def split(text: str, start: int, end: int, separator: str) -> list[Piece]:
    """Split `text[start:end]` at `separator` outside quotes into stripped pieces with their columns."""
    pieces: list[Piece] = []
    index = item_start = start
    while index <= end:
        if index < end and text[index] == '"':
            index = min(skip_string(text, index), end)
            continue
        if index == end or text.startswith(separator, index):
            raw = text[item_start:index]
            lead = len(raw) - len(raw.lstrip())
            pieces.append(Piece(raw.strip(), item_start + lead + 1))
            index += len(separator)
            item_start = index
            continue
        index += 1
    return pieces


def number(sc: Scanner, piece: Piece, expected: str) -> int:
    """A whole number, optionally signed (`6`, `+2`, `-1`), filling a piece."""
    if not INTEGER.fullmatch(piece.text):
        sc.fail(expected, piece.column - 1)
    return to_int(sc, piece.text, piece.column, expected)


def is_small_number(text: str) -> bool:
    """Whether `text` is an unsigned whole number the notation reads as one: decimal digits, at most MAX_DIGITS
    (`str.isdigit` would take '²', which `int` refuses)."""
    return text.isdecimal() and len(text) <= MAX_DIGITS


def to_int(sc: Scanner, text: str, column: int, expected: str) -> int:
    """`text` (an optionally signed run of digits, at `column`) as an int; more than MAX_DIGITS digits is an error."""
    digits = text.lstrip("+-")
    if len(digits) > MAX_DIGITS:
        raise sc.error(InvalidNotation, f"expected {expected}, got a number of {len(digits)} digits (at most "
                                        f"{MAX_DIGITS})", column, expected)
    return int(text)


def split_last(sc: Scanner, piece: Piece, expected: str) -> tuple[Piece, Piece]:
    """A piece's text before its last word, and that word: `Stalwart Poro 6` as (`Stalwart Poro`, `6`)."""
    head, _, last = piece.text.rpartition(" ")
    if not head.strip() or not last:
        sc.fail_at(piece, expected)
    return Piece(head.strip(), piece.column), Piece(last, piece.column + len(head) + 1)


def quote(text: str) -> str:
    """`text` as a quoted string of the notation (a JSON string, non-ASCII kept as is)."""
    return dumps(text)


# Characters that Python's str.splitlines() ends a line at and that JSON does not escape by itself.
_LINE_BREAKS = {"\x85": "\\u0085", "\u2028": "\\u2028", "\u2029": "\\u2029"}
_LINE_BREAK = re.compile("[\x85\u2028\u2029]")


def dumps(value: Any) -> str:
    """`value` as JSON on one line of the notation: non-ASCII kept as is, except the characters a reader would
    take for the end of a line (they only ever occur inside strings, where an escape reads back the same)."""
    return _LINE_BREAK.sub(lambda match: _LINE_BREAKS[match.group()], json.dumps(value, ensure_ascii=False))


def counted(names: list[str]) -> list[tuple[int, str]]:
    """Runs of equal consecutive names as (count, name), MAX_COUNT at most each: the order is kept, so a list reads
    back exactly."""
    runs: list[tuple[int, str]] = []
    for name in names:
        if runs and runs[-1][1] == name and runs[-1][0] < MAX_COUNT:
            runs[-1] = (runs[-1][0] + 1, name)
        else:
            runs.append((1, name))
    return runs


def write_counted(names: list[str]) -> str:
    """`["Gust", "Gust", "Flash"]` as `2 Gust; Flash`."""
    return "; ".join(name if count == 1 else f"{count} {name}" for count, name in counted(names))


def read_counted(sc: Scanner, piece: Piece, shift: int = 0) -> tuple[int, Piece]:
    """`3 Jinx, Demolitionist` as (3, the name's piece); a piece without a count is one copy. A count above MAX_COUNT
    is an error; `shift` is added to the piece's column for it (a header value's pieces count from its quote)."""
    match = COUNT.match(piece.text)
    if not match:
        return 1, piece
    digits = match.group(1)
    if len(digits) > len(str(MAX_COUNT)) or int(digits) > MAX_COUNT:
        raise sc.error(InvalidNotation, f"expected a count of at most {MAX_COUNT} before {match.group(2).strip()!r}, "
                                        f"got {digits if len(digits) <= MAX_DIGITS else f'{len(digits)} digits'}",
                       piece.column + shift, f"a count of at most {MAX_COUNT}")
    return int(digits), Piece(match.group(2).strip(), piece.column + match.start(2))
