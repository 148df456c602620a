"""A judge's ruling on a line of notation: the suffix `[ruling "reason"]` at the end of any event's line.

    P1 move Flame Chompers -> bf1 [ruling "Head judge: the players agreed it had readied"]

An event may carry `ruling: {reason}` (contract section 7, engine/judges_rulings.py): the judge ruled that it
happened as recorded, so the engine folds it even where it would refuse it. The notation writes the ruling after
the event's own text, so the line still reads as the event it records; a line with the suffix reads back as the
same event with its `ruling`. The suffix is the last `[` of the line outside quotes, followed by the word
`ruling` (read case-insensitively): no card name holds a `[`, and the only other `[` of a body line, an activated
ability's index (`activate Source [1]`), comes before the suffix.
"""
from __future__ import annotations

from typing import Any

from replays.notation.text import Scanner, quote, skip_string

WORD = "ruling"


def suffix_start(sc: Scanner) -> int | None:
    """Where the line's `[ruling "..."]` suffix starts (an index of `sc.text`), or None for a line without one."""
    if "[" not in sc.text[sc.pos:sc.end]:
        return None
    index, last = sc.pos, None
    while index < sc.end:
        char = sc.text[index]
        if char == '"':
            index = skip_string(sc.text, index)
            continue
        if char == "[":
            last = index
        index += 1
    if last is None:
        return None
    after = sc.sub(last + 1, sc.end)
    return last if after.accept_word(WORD) else None


def read_suffix(sc: Scanner) -> dict[str, Any] | None:
    """The ruling of the line's suffix, if it has one: `sc` then ends where the suffix starts, so the event's own
    reader reads up to it. An error at its column for a suffix that is not `[ruling "reason"]`."""
    start = suffix_start(sc)
    if start is None:
        return None
    suffix = sc.sub(start + 1, sc.end)
    suffix.accept_word(WORD)
    reason = suffix.quoted("the ruling's reason in quotes, like [ruling \"the judge allowed it\"]")
    suffix.expect("]", "']' to close the ruling")
    suffix.expect_end("the end of the line after the ruling")
    sc.end = start
    return {"reason": reason}


def write_suffix(ruling: dict[str, Any]) -> str:
    """The suffix of an event's `ruling` ({"reason": text}); KeyError or TypeError for a ruling of another shape
    (the line is then written as JSON)."""
    return f"[{WORD} {quote(ruling['reason'])}]"
