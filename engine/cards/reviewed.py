"""Reviewed data for card lines the compiler cannot read (issue 26: cards as data, never code per card).

One small JSON file per card under engine/cards/data/, named by the card's slug (`slug("Hextech Ray")` is
"hextech-ray"): `{"name": ..., "abilities": [{"text": <the line as printed>, "effects": [<specs>]}]}`. An entry
whose `text` no longer matches the card's line is not used (the printed text is the source; a reprint with new
words needs a new review). Read once per card (cached).

An ability entry may give any part the compiler reads, under the key the compiled card uses for it: `effects`
(engine/cards/effects.py), `trigger` (engine/cards/triggers.py), `statics` (engine/cards/statics.py), and so on.
Each reader asks `given(name, text, key)` before it reads the text, and marks what it took from here `source:
"data"`. A reviewed part is checked by the engine exactly as a compiled one; it is never a way to count a part
the engine does not check.
"""
from __future__ import annotations

import functools
import json
import re
from pathlib import Path
from typing import Any

DATA = Path(__file__).resolve().parent / "data"


def slug(name: str) -> str:
    """A card name as a file name: lower case, runs of other characters as one "-"."""
    return re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-")


@functools.lru_cache(maxsize=None)
def entry(name: str) -> dict[str, Any] | None:
    """The reviewed entry of a card, or None when it has none."""
    path = DATA / f"{slug(name)}.json"
    if not path.exists():
        return None
    found = json.loads(path.read_text(encoding="utf-8"))
    if found.get("name") != name:
        raise ValueError(f"{path} reviews {found.get('name')!r}, not {name!r}")
    return found


def given(name: str, text: str, key: str) -> Any | None:
    """The reviewed `key` part (e.g. "effects", "trigger", "statics") of the card's line `text`, or None when no
    entry reviews that part of that line."""
    found = entry(name)
    for ability in (found or {}).get("abilities", []):
        if ability.get("text") == text and key in ability:
            value = ability[key]
            return list(value) if isinstance(value, list) else value
    return None
