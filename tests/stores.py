"""Helpers for tests that run on both stores (the `database` fixture): edit or count rows behind the log's back,
as someone with the database could, through the store's own connection."""
from __future__ import annotations

from pathlib import Path

import pytest

from recorder.store import is_postgres, open_store


on_both_stores = pytest.mark.parametrize("tmp_db", ["sqlite", "postgresql"], indirect=True)
"""Run a test whose log is `tmp_db` (directly, or through `log`, `app`, `client`) on SQLite and on PostgreSQL."""


def tamper(database: str | Path, sql: str, params: tuple | list = ()) -> None:
    """Run one write statement (`?` placeholders) on the database, committed, outside the log."""
    store = open_store(database, busy_timeout=5.0)
    try:
        with store.writing():
            store.execute(sql, params)
    finally:
        store.close()


def row_count(database: str | Path, table: str) -> int:
    store = open_store(database, busy_timeout=5.0)
    try:
        return store.execute(f"SELECT COUNT(*) FROM {table}").fetchone()[0]
    finally:
        store.close()


def on_postgres(database: str | Path) -> bool:
    return is_postgres(database)
