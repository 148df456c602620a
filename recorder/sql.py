"""The one SQLite helper the recorder's modules share: a write transaction that takes the lock up front."""
from __future__ import annotations

import contextlib
from collections.abc import Iterator

import sqlite_utils


@contextlib.contextmanager
def writing(db: sqlite_utils.Database) -> Iterator[None]:
    """A write transaction that takes the write lock up front (BEGIN IMMEDIATE), so that what it reads is still
    the head when it writes. sqlite-utils calls inside nest as savepoints."""
    db.execute("BEGIN IMMEDIATE")
    try:
        yield
    except BaseException:
        db.rollback()
        raise
    else:
        db.commit()
