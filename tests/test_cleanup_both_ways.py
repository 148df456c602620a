"""A cleanup asks whether its first two steps have anything to do (lethal damage and recalls, 520 and 144.3;
Attacker and Defender leaving, 521) of the permanents listed on the board only (engine/cleanup.py
`_anything_to_clean`, `on_board`), not of every object of the match. That must answer what asking every object
answers: in these folds each cleanup asks both ways, the second over every object (the oracle), and the answers
are compared.

The folds: the benchmark's plain duel, its gallery duel (gear at bases, Equip back and forth), and every golden log
of tests/data (combats, designations, units killed by damage, gear at battlefields, 2v2 and free-for-all)."""
from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import pytest

import engine
from engine import cleanup
from replays import notation

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "benchmarks"))

import duels  # noqa: E402 - found through the path above

DATA = Path(__file__).parent / "data"


def every_object_asked(state: dict[str, Any]) -> bool:
    """The oracle: the same question asked of every object of the match, listed on the board or not."""
    return any(obj["attacker"] or obj["defender"] or obj["zone"] == "board" and (
        obj["type"] == "Unit" and obj["damage"] > 0
        or obj["type"] == "Gear" and not obj["location"].startswith("base:")) for obj in state["objects"].values())


class BothWays:
    """Wraps `cleanup._anything_to_clean`: each answer compared with the oracle's, and counted."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.real = cleanup._anything_to_clean
        self.asked = self.yes = 0
        monkeypatch.setattr(cleanup, "_anything_to_clean", self.both)

    def both(self, state: dict[str, Any]) -> bool:
        answer = self.real(state)
        assert answer == every_object_asked(state), (state["seq"], answer)
        self.asked += 1
        self.yes += answer
        return answer


def test_the_plain_duel_cleans_up_the_same_both_ways(monkeypatch):
    catalog = engine.demo_catalog()
    events = duels.plain_duel(1_500)
    checker = BothWays(monkeypatch)
    engine.fold(events, catalog)
    assert checker.asked > 300  # a cleanup after every chain item and every end of turn


def test_the_gallery_duel_cleans_up_the_same_both_ways(monkeypatch):
    if not duels.GALLERY.exists():
        pytest.skip(f"the card gallery export {duels.GALLERY} is absent (../shared is not checked out)")
    catalog = duels.gallery_catalog()
    events = duels.gallery_duel(catalog, 1_500)
    checker = BothWays(monkeypatch)
    engine.fold(events, catalog)
    assert checker.asked > 300


def test_the_golden_logs_clean_up_the_same_both_ways(monkeypatch):
    """Combats (designations, units dealt lethal damage) and gear at battlefields: cleanups with something to do."""
    catalog = engine.demo_catalog()
    checker = BothWays(monkeypatch)
    for path in sorted(DATA.glob("golden_*.rln")):
        engine.fold(notation.parse_match(path.read_text(encoding="utf-8"), catalog), catalog)
    assert checker.asked > 100 and checker.yes > 10


def test_every_permanent_on_the_board_but_the_runes_is_listed_after_every_event_of_the_golden_logs():
    """What `on_board` relies on, checked whole after every event: the lists hold exactly the objects on the board
    that are not runes (units and gear at bases and at battlefields, attached or not)."""
    catalog = engine.demo_catalog()
    checked = 0
    for path in sorted(DATA.glob("golden_*.rln")):
        for state in engine.steps(notation.parse_match(path.read_text(encoding="utf-8"), catalog), catalog):
            listed = [object_id for ids in cleanup.on_board(state) for object_id in ids]
            permanents = {object_id for object_id, obj in state["objects"].items()
                          if obj["zone"] == "board" and obj["type"] != "Rune"}
            assert sorted(listed) == sorted(permanents), (path.name, state["seq"])
            checked += bool(permanents)
    assert checked > 100
