"""The replays' errors: one hierarchy rooted in ReplayError."""
from __future__ import annotations


class ReplayError(Exception):
    """Anything a cursor or a verification cannot do."""


class NotFound(ReplayError):
    """The log has no such match."""


class OutOfRange(NotFound):
    """A seq outside 1..head of the match (or an unknown way to step)."""


class Unreplayable(ReplayError):
    """A stored event no longer folds (a missing event, or the engine now refuses it); `seq` says which."""

    def __init__(self, seq: int, message: str) -> None:
        self.seq = seq
        super().__init__(message)


class Unsealable(ReplayError):
    """The match does not verify, so it gets no seal."""


class BadSpan(ReplayError):
    """A span of seqs the match does not have: a bound outside 1..head, or `from` after `to`."""
