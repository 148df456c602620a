"""Reading server-sent events in tests, each read bounded in time.

A stream never ends by itself, so a test reads a fixed number of event messages; a reader thread pulls the chunks
and the test waits for it with a timeout, so a stream that sends too little fails the test instead of hanging it.
"""
from __future__ import annotations

import json
import threading
from collections.abc import Iterable
from typing import Any

TIMEOUT = 20.0  # seconds a read of a few messages may take on a loaded machine before the test fails


class EventStream:
    """The event messages of a stream's chunks (bytes), read `count` at a time: [{"id": int, "data": {...}}].

    Comment lines (heartbeats) and `retry:` blocks carry no data and are skipped."""

    def __init__(self, chunks: Iterable[bytes]) -> None:
        self._chunks = iter(chunks)
        self._buffer = ""
        self._messages: list[dict[str, Any]] = []

    def read(self, count: int, timeout: float = TIMEOUT) -> list[dict[str, Any]]:
        """The next `count` event messages; AssertionError when they do not all come within `timeout` seconds."""
        done = threading.Event()
        failure: list[BaseException] = []

        def pull() -> None:
            try:
                while len(self._messages) < count:
                    chunk = next(self._chunks)
                    self._buffer += chunk.decode("utf-8")
                    *blocks, self._buffer = self._buffer.split("\n\n")
                    self._messages += [message for message in map(parse_block, blocks) if message is not None]
            except BaseException as error:  # noqa: BLE001 - handed to the test below
                failure.append(error)
            done.set()

        threading.Thread(target=pull, daemon=True).start()
        assert done.wait(timeout), f"fewer than {count} messages within {timeout} s: {self._messages}"
        if failure:
            raise AssertionError(f"the stream ended after {self._messages}") from failure[0]
        taken, self._messages = self._messages[:count], self._messages[count:]
        return taken


def parse_block(block: str) -> dict[str, Any] | None:
    """One message of the stream: its `id` and its JSON `data`; None for a block without data."""
    fields: dict[str, str] = {}
    for line in block.split("\n"):
        if line and not line.startswith(":"):
            name, _, value = line.partition(":")
            fields[name] = fields.get(name, "") + value.removeprefix(" ")
    if "data" not in fields:
        return None
    return {"id": int(fields["id"]), "data": json.loads(fields["data"])}
