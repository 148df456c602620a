"""Tokens that become copies, compiled to the `copy` op they record and checked against it (issue 26, "Resolutions
the engine checks"; engine/copies.py `copy_op`: `target` becomes a copy `of` another object, v1.4 472).

- "When you play me, play two Reflection unit tokens here. They become copies of me." (Keeper of Masks): a copy of
  the ability's source for each token played (`of` {self});
- "... play a ready Reflection unit token there. It becomes a copy of another unit there." (Deceiver): the token
  played becomes a copy of another unit (`of`: that filter; "there" is on the recorder's word).

A spec is `{op: "copy", target: {new: true, count}, of: <filter>, tokens: true}`: each copy is of a token the
resolution plays (an object not there as it resolves), one for each token played, and `of` fits the filter. Plain
data; engine/resolution_checks.py cites.
"""
from __future__ import annotations

import re
from typing import Any

from engine.cards.targets import parse_target

Spec = dict[str, Any]
_COPY = re.compile(r"(it becomes a copy|they become copies) of (.+)", re.IGNORECASE)


def compile_copy(text: str, sentence: str, referent: dict[str, Any] | None) -> Spec | None:
    """The `copy` spec of "It becomes a copy of another unit there" / "They become copies of me" after a token is
    played (no unit chosen before: "it" is the token), or None for another instruction."""
    m = _COPY.fullmatch(text.strip())
    if m is None or referent is not None:
        return None
    of, rest = parse_target(m.group(2))
    if of is None or rest:
        return None
    many = m.group(1).lower().startswith("they")
    return {"op": "copy", "text": sentence.strip().rstrip("."), "tokens": True,
            "target": {"new": True, "count": {"min": 1, "max": 2 if many else 1}},
            "of": {key: value for key, value in of.items() if key != "count"}}


def made(effects: list[dict[str, Any]]) -> int:
    """How many tokens the resolution plays (the objects a copy of a token may make a copy)."""
    return sum(1 for effect in effects if effect.get("op") == "token")
