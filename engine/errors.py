"""The engine's errors: one hierarchy rooted in EngineError."""
from __future__ import annotations


class EngineError(Exception):
    """Any event the engine will not apply."""


class MalformedEvent(EngineError):
    """The event is not well formed (unknown type, missing or ill-typed field, unknown card).

    Always refused, whatever the match's policy.
    """


class IllegalEvent(EngineError):
    """The event breaks one or more rules; in a strict match it is refused.

    `violations` is a list of {"rule", "message", "seq"} maps, the rule numbers as cited in
    ../shared/rules/README.md.
    """

    def __init__(self, violations: list[dict]) -> None:
        self.violations = violations
        super().__init__("; ".join(f"{v['message']} (rule {v['rule']})" for v in violations))
