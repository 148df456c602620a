"""The riftlog command line: a thin click layer over recorder, replays and web.

Every command takes `--db PATH` (before or after the command name; default `$RIFTLOG_DB`, else `riftlog.db` in the
working directory). Data comes out as JSON; a user's mistake (an unknown match, bad JSON, a wrong token, a refused
event) ends with a one-line message and exit status 1, never a traceback.
"""
from __future__ import annotations

from . import matches, tournament  # noqa: F401 - their commands join the group
from .base import cli

__all__ = ["cli"]
