"""What cards do, as data the engine applies (issue 26, contract section 7 "Cards the engine knows").

The engine reads a card's printed text into abilities once (engine/cardtext.py: kind, text, cost, timing, keyword,
condition). This package compiles each ability further into the parts the engine checks, and holds the
interpreters that apply them:

- a triggered ability's `trigger`: the event pattern that makes it due (engine/cards/triggers.py);
- `cost` in full and its `condition` (Legion, Mighty, Empowered, ...), and the cost changes and other statics a
  card applies from where its text says (engine/cards/statics.py);
- `effects`: the ops a resolution may record, with amounts and target filters (engine/cards/effects.py);
- `source`: "text" (compiled from the printed text) or "data" (a reviewed entry of engine/cards/data/, for a line
  the compiler cannot read: cards as data, never code per card).

The package sits below the rules modules that call it: it imports nothing of the engine but itself (the engine's
shape test keeps it so), and its interpreters read plain data (a state, a card's facts, an event) and answer plain
data; the rules modules that ask them apply the answers and cite the rules.

Which matches the engine checks this way is fixed in `match_created`: `abilities` is "checked" (the default for a
new match: the engine checks triggers, costs, statics and resolutions from the cards) or "declared" (the recorder
declares what abilities do, as every match recorded before the engine knew its cards was recorded: such a stored
match is read as "declared", engine/shapes.py, and folds exactly as it did). The state carries `abilities`.
"""
from __future__ import annotations

import re
from typing import Any

# A dependent condition before its ability: "[Legion] — ", "[Level 6][>] " (v1.4 727.1), read by engine/cardtext.py
# into an ability's `condition` and left out of what this package compiles.
CONDITION = re.compile(r"^\[(Legion|Empowered|Mighty|Level \d+)\]\s*(?:\[>\]|—)\s*(?:\[>>\]\s*)?")

CHECKED = "checked"
DECLARED = "declared"
ABILITIES: tuple[str, ...] = (CHECKED, DECLARED)
DEFAULT = CHECKED  # a new match
RECORDED_BEFORE_CHECKS = DECLARED  # a match_created stored before `abilities` (shape versions 1 and 2)


def checks_abilities(state: dict[str, Any]) -> bool:
    """Whether the engine checks this match's abilities from the cards (`abilities` "checked"), rather than taking
    what the recorder declares they did."""
    return state.get("abilities") == CHECKED
