"""Which card mechanics the engine models: the ledger that `scripts/gallery_coverage.py` reads.

A card is modelled fully when every mechanic its text needs (its keywords, and what each of its abilities does:
an activated ability, a static bonus, a replacement, ...) is in `MODELLED`. A name goes in only together with the
code that records it and a test that records it from a real card; the coverage script then counts the cards it
unlocks. The names a card's text needs are found by the catalog's reading of rules text (engine/cardtext.py).
"""
from __future__ import annotations

# Keywords (004 712-727, v1.3 800-826) and what ability text does, recorded by the engine today.
MODELLED: frozenset[str] = frozenset({
    # keywords with rules in the engine
    "Accelerate", "Assault", "Shield", "Tank", "Ganking", "Temporary", "Deathknell",
    # what the existing events and effect ops record
    "triggered", "spell effect",
})
