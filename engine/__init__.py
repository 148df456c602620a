"""riftlog's rules engine: a pure, deterministic fold of events into states (no I/O, no clock).

    state = apply(state, event, catalog)   # never mutates `state`
    state = fold(events, catalog)          # one copy up front, then every event applied to it in place
    for state in steps(events, catalog):   # the state after each event (one object, changed as it goes)
    view(state, "P1")                      # what P1 may see
"""
from __future__ import annotations

from engine import rewinds
from engine.catalog import Catalog, demo_catalog
from engine.errors import EngineError, IllegalEvent, MalformedEvent
from engine.fold import VERSION, apply, fold, steps
from engine.views import view

__all__ = ["Catalog", "demo_catalog", "EngineError", "IllegalEvent", "MalformedEvent", "VERSION", "apply", "fold",
           "steps", "view"]
