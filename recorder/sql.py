"""The one SQLite helper the recorder's modules share: a write transaction that takes the lock up front."""
from __future__ import annotations

import contextlib
import sqlite3
from collections.abc import Iterator

import sqlite_utils

from recorder.errors import Busy


@contextlib.contextmanager
def writing(db: sqlite_utils.Database) -> Iterator[None]:
    """A write transaction that takes the write lock up front (BEGIN IMMEDIATE), so that what it reads is still
    the head when it writes. sqlite-utils calls inside nest as savepoints. A lock not had within the
    connection's busy timeout is `Busy`, never a bare "database is locked"."""
    try:
        db.execute("BEGIN IMMEDIATE")
    except sqlite3.OperationalError as error:
        if is_busy(error):
            raise Busy(f"the database is busy (another writer holds it): nothing was written; try again") from None
        raise
    try:
        yield
    except BaseException:
        db.rollback()
        raise
    else:
        try:
            db.commit()
        except sqlite3.OperationalError as error:
            db.rollback()
            if is_busy(error):
                raise Busy("the database was busy at commit: nothing was written; try again") from None
            raise


@contextlib.contextmanager
def savepoint(db: sqlite_utils.Database, name: str = "job") -> Iterator[None]:
    """A nested transaction: on an exception only what was done inside it is undone."""
    db.execute(f"SAVEPOINT {name}")
    try:
        yield
    except BaseException:
        db.execute(f"ROLLBACK TO {name}")
        db.execute(f"RELEASE {name}")
        raise
    db.execute(f"RELEASE {name}")


def is_busy(error: sqlite3.OperationalError) -> bool:
    """Whether SQLite gave up waiting for a lock ("database is locked" / "database is busy")."""
    text = str(error)
    return "locked" in text or "busy" in text
