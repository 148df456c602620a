"""The notation's errors: one hierarchy rooted in NotationError, python-chess style.

Every error knows where it happened (`line`, `column`, both from 1), what was `expected` there and the `text` of the
line, and its message starts with the place: `line 12, column 18: expected a card name after '->', got '@'`.

- InvalidNotation: the text does not parse (or names no event the engine can read).
- AmbiguousReference: a name fits several objects; `candidates` lists them as (id, description) pairs.
- UnknownReference: a name or id of no card, object or player of the match.
- IllegalNotation: the line parses, but the engine refuses the event in a strict match; `violations` says why.
"""
from __future__ import annotations

from typing import Any


class NotationError(ValueError):
    """A line of notation that cannot become an event."""

    def __init__(self, detail: str, *, line: int | None = None, column: int | None = None,
                 expected: str | None = None, text: str | None = None) -> None:
        self.detail = detail
        self.line = line
        self.column = column
        self.expected = expected
        self.text = text
        super().__init__(self._message())

    def _message(self) -> str:
        place = []
        if self.line is not None:
            place.append(f"line {self.line}")
        if self.column is not None:
            place.append(f"column {self.column}")
        return f"{', '.join(place)}: {self.detail}" if place else self.detail

    def __str__(self) -> str:
        return self._message()


class InvalidNotation(NotationError):
    """The text does not parse: a wrong verb, a missing part, a bad number, a malformed header."""


class UnknownReference(NotationError):
    """A card, object, player or location the match does not know."""


class AmbiguousReference(NotationError):
    """A name that fits more than one object; `candidates` is a list of (id, description) pairs."""

    def __init__(self, detail: str, *, candidates: list[tuple[str, str]], **where: Any) -> None:
        self.candidates = candidates
        super().__init__(detail, **where)


class IllegalNotation(NotationError):
    """The line parses, but the engine refuses its event in a strict match; `violations` are the engine's
    {"rule", "message", "seq"} maps."""

    def __init__(self, detail: str, *, violations: list[dict[str, Any]], **where: Any) -> None:
        self.violations = violations
        super().__init__(detail, **where)
