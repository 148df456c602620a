"""Reading a log's matches beside the fold: finding events by type without decoding them (the match slip's games)."""
from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from recorder.log import Log


def seqs_of(log: Log, match_id: str, types: tuple[str, ...]) -> list[tuple[int, str]]:
    """(seq, type) of the match's events of these types, in order, read from the events' `type` column."""
    marks = ", ".join("?" for _ in types)
    rows = log.db.execute(f'SELECT seq, type FROM events WHERE "match" = ? AND type IN ({marks}) ORDER BY seq',
                          [match_id, *types])
    return [(row[0], row[1]) for row in rows]
