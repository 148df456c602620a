"""The tournament page's feed (`GET /tournament/feed?event=E&round=R`): the hub pushes one message per table
change of the round to every page that follows it, instead of each page fetching itself every few seconds.

A message is `event: table` with data `{"match", "seq", "html"}`: the table's row (`tournament_row.html`, what a
spectator may see, under the match's broadcast delay) rendered once per change in the hub's thread, whoever
follows. The hub renders a round's rows only while someone follows it: on each commit of the writer that wrote to
one of its tables, and every poll for appends by another process and tables created since (`Rounds.poll`).
"""
from __future__ import annotations

import json
import time
from typing import Any

from flask import Flask, render_template

from recorder import NotFound

from .db import borrowed_log
from .tournament import info_of, table_status


def round_of(summary: dict[str, Any]) -> tuple[str, str] | None:
    """The (event, round) a match names in its `info`, as the tournament page's query gives them."""
    info = info_of(summary)
    if info.get("event") is None or info.get("round") is None:
        return None
    return str(info["event"]), str(info["round"])


class RoundFeed:
    """One round followed by tournament pages: its tables, the seq each table's last row was rendered at, and the
    pages' streams (the loop's); `pending` tables to render again (the hub thread's, handed over by the loop)."""

    def __init__(self, key: tuple[str, str]) -> None:
        self.key = key
        self.tables: dict[str, int] = {}  # match id -> the head seq its row was last rendered at (hub thread)
        self.subscribers: set[Any] = set()
        self.pending: set[str] = set()
        self.rendering = False
        self.quiet_since = time.monotonic()


def tables_of(app: Flask, key: tuple[str, str]) -> dict[str, int]:
    """(hub thread) The round's tables now: {match id: head seq}."""
    with borrowed_log(app) as log:
        return {summary["id"]: summary["head_seq"] for summary in log.matches(archived=False)
                if round_of(summary) == key}


def render_rows(app: Flask, feed: RoundFeed, match_ids: set[str]) -> bytes:
    """(hub thread) The messages of the rows of `match_ids` whose head moved since their last row. A match archived
    or deleted since (recorder/archive.py) leaves the round's tables: its row is never pushed again."""
    messages = []
    with app.test_request_context(), borrowed_log(app) as log:
        for match_id in sorted(match_ids):
            try:
                summary = log.match(match_id)
            except NotFound:
                summary = None
            if summary is None or summary["archived_at"] is not None:
                feed.tables.pop(match_id, None)
                continue
            if feed.tables.get(match_id) == summary["head_seq"]:
                continue
            feed.tables[match_id] = summary["head_seq"]
            table = table_status(log, summary)
            row = {"match": match_id, "seq": table["head_seq"],
                   "html": render_template("tournament_row.html", table=table)}
            messages.append(f"event: table\ndata: {json.dumps(row, separators=(',', ':'))}\n\n")
    return "".join(messages).encode()


def poll(app: Flask, feed: RoundFeed) -> set[str]:
    """(hub thread) The tables of the round whose head is not the one their row was rendered at, new ones too."""
    return {match_id for match_id, seq in tables_of(app, feed.key).items() if feed.tables.get(match_id) != seq}
