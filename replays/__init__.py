"""Replays: cursors over a recorded match (seek, step by event / chain resolution / turn) and verification.

```python
from replays import Cursor, verify

cursor = Cursor(log, "m1")
cursor.state(12)                              # the state after event 12 (newest snapshot <= 12, plus a fold)
cursor.step(12, by="turn", direction=+1)      # the first seq of the next turn
verify(log, "m1")                             # the hash chain, then a re-fold from seq 1 ignoring snapshots
```
"""
from __future__ import annotations

from replays.cursor import STEPS, Cursor, Moment, passing, step_resolution, step_turn, turn_start
from replays.errors import BadSpan, NotFound, OutOfRange, ReplayError, Unreplayable, Unsealable
from replays.verify import verify

__all__ = ["STEPS", "BadSpan", "Cursor", "Moment", "NotFound", "OutOfRange", "ReplayError", "Unreplayable", "Unsealable",
           "passing", "step_resolution", "step_turn", "turn_start", "verify"]
