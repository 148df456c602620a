"""A round's pairings, as the organiser's software gives them (`riftlog pairings import`, replays/pairings.py).

A pairing is (event, round, table, player 1, player 2): not an event of any match, and outside every hash chain. A
round's import replaces that round's pairings whole, in one transaction.
"""
from __future__ import annotations

from typing import Any


def replace_round(log: Any, event: str, round_: str, tables: list[tuple[str, str, str]]) -> int:
    """Store `tables` ([(table, player 1, player 2)]) as the pairings of (event, round), instead of any before;
    returns how many."""
    now = log.clock()
    with log.db.writing():
        log.db.execute('DELETE FROM pairings WHERE event = ? AND round = ?', [event, round_])
        for table, first, second in tables:
            log.db.execute('INSERT INTO pairings (event, round, "table", player1, player2, imported_at) '
                           'VALUES (?, ?, ?, ?, ?, ?)', [event, round_, table, first, second, now])
    return len(tables)


def of_round(log: Any, event: str, round_: str) -> list[dict[str, str]]:
    """The pairings of (event, round): [{table, players: [name, name]}], in the order they were imported."""
    rows = log.db.execute('SELECT "table", player1, player2 FROM pairings WHERE event = ? AND round = ? '
                          'ORDER BY rowid', [event, round_]).fetchall()
    return [{"table": table, "players": [first, second]} for table, first, second in rows]


def rounds(log: Any) -> list[tuple[str, str, int]]:
    """Each (event, round) with pairings, and how many tables it has."""
    return [tuple(row) for row in log.db.execute(
        'SELECT event, round, count(*) FROM pairings GROUP BY event, round').fetchall()]
