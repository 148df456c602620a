"""The layers' refresh works out in its sequences only the objects a static may affect and the statics' sources
(engine/layers.py `_taking_part`, docs/engine.md "The layers' refresh"); every other object in play alone. That
must come to what the sequences over every object in play come to: each application of the layers in these folds
is done both ways, the second on a copy with every object taking part, and every object compared, field by field.

The refresh is also skipped when nothing the layers read changed since they were last applied
(engine/layers_memo.py): each refresh skipped in these folds is made whole on a copy too, and the objects and
statics compared.

The folds: the benchmark's gallery duel (checked, compiled statics in force from its first turns), its plain duel,
and every golden log of tests/data (declared statics, "while Mighty", Legion, levels, 2v2 teams)."""
from __future__ import annotations

import sys
import threading
from pathlib import Path
from typing import Any

import pytest

import engine
from engine import layers, layers_memo
from engine.fold import copy_state
from replays import notation

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "benchmarks"))

import duels  # noqa: E402 - found through the path above

DATA = Path(__file__).parent / "data"


class BothWays:
    """Wraps `layers._apply_layers`: each call with statics in force is also made on a copy of the state with every
    object taking part in the sequences (the full path, the oracle), and the objects compared. No refresh is
    skipped meanwhile (`SkippedBothWays` checks the skips)."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.real, self.taking_part = layers._apply_layers, layers._taking_part
        self.full = False
        self.compared = self.left_out = 0
        monkeypatch.setattr(layers, "_apply_layers", self.both)
        monkeypatch.setattr(layers, "_taking_part", self.counted)
        monkeypatch.setattr(layers_memo, "unchanged", lambda state: False)  # every refresh applied, and compared

    def counted(self, state: dict[str, Any], objects: list[dict[str, Any]], statics: list[dict[str, Any]],
                candidates: list[list[dict[str, Any]]]) -> list[dict[str, Any]]:
        if self.full:
            return objects
        found = self.taking_part(state, objects, statics, candidates)
        self.left_out += len(objects) - len(found)
        return found

    def both(self, state: dict[str, Any], objects: list[dict[str, Any]], statics: list[dict[str, Any]]) -> None:
        if not statics or any(obj["id"] not in state["objects"] for obj in objects):
            self.real(state, objects, statics)
            return
        copy = copy_state(state)
        full = [copy["objects"][obj["id"]] for obj in objects]
        self.full = True
        try:
            self.real(copy, full, statics)
        finally:
            self.full = False
        self.real(state, objects, statics)
        for obj, oracle in zip(objects, full):
            assert obj == oracle, (state["seq"], obj["id"])
        self.compared += 1


def test_the_gallery_duel_folds_the_same_with_only_the_objects_statics_are_about_in_the_sequences(monkeypatch):
    if not duels.GALLERY.exists():
        pytest.skip(f"the card gallery export {duels.GALLERY} is absent (../shared is not checked out)")
    catalog = duels.gallery_catalog()
    events = duels.gallery_duel(catalog, 1_500)
    checker = BothWays(monkeypatch)
    engine.fold(events, catalog)
    assert checker.compared > 1_000  # the layers applied with statics in force, after nearly every event
    assert checker.left_out > 20 * checker.compared  # runes and gear: most objects in play are left out


def test_the_plain_duel_folds_the_same_both_ways(monkeypatch):
    """No statics in a plain duel of demo decks: every object is worked out alone both ways."""
    catalog = engine.demo_catalog()
    events = duels.plain_duel(1_500)
    expected = engine.fold(events, catalog)
    checker = BothWays(monkeypatch)
    assert engine.fold(events, catalog) == expected
    assert checker.compared == 0


def test_the_golden_logs_fold_the_same_both_ways(monkeypatch):
    catalog = engine.demo_catalog()
    checker = BothWays(monkeypatch)
    for path in sorted(DATA.glob("golden_*.rln")):
        engine.fold(notation.parse_match(path.read_text(encoding="utf-8"), catalog), catalog)
    assert checker.compared > 50 and checker.left_out > 0


def test_a_source_that_no_static_affects_is_worked_out_in_the_sequences_for_its_while_mighty_471_3(monkeypatch):
    """Arena Kingpin (3 Might) gives the other friendly units Tank while it is Mighty; no static affects it, but a
    +2 Might until the end of turn makes it Mighty: the units get Tank, as the full path gives them."""
    from test_rules_statics import GAREN_AT_BF1, table

    checker = BothWays(monkeypatch)
    t = table(GAREN_AT_BF1).do(
        'static Arena Kingpin +affects={"who": "friendly", "other": true} +keywords=["Tank"] +while={"mighty": true}')
    assert "Tank" not in t.obj("P1", "Trifarian Gloryseeker")["keywords"]
    t.do("P1 play Blood Rush -> Arena Kingpin $1", "P1 pass", "P2 pass",
         "resolve Blood Rush: might Arena Kingpin +2 until turn")
    assert t.obj("P1", "Arena Kingpin")["might"] == 5 and "Tank" not in t.obj("P1", "Arena Kingpin")["keywords"]
    assert "Tank" in t.obj("P1", "Trifarian Gloryseeker")["keywords"]
    assert checker.compared > 0 and checker.left_out > 0


class SkippedBothWays:
    """Wraps `layers_memo.unchanged`: each time it says the layers may be skipped, they are applied whole to a copy
    of the state (in another thread, which has no copy kept to skip by), and its objects and statics compared with
    the state's. `skipped_reading_output` counts skips with a static in force that reads what
    the layers write (there must be none)."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.real = layers_memo.unchanged
        self.skipped = self.kept = self.skipped_reading_output = 0
        monkeypatch.setattr(layers_memo, "unchanged", self.both)

    def both(self, state: dict[str, Any]) -> bool:
        if not self.real(state):
            self.kept += 1
            return False
        copy = copy_state(state)
        oracle = threading.Thread(target=layers.refresh_all, args=(copy, True))
        oracle.start()  # another thread keeps no copy: the layers are applied whole there
        oracle.join()
        assert copy["objects"] == state["objects"], state["seq"]
        assert copy["statics"] == state["statics"], state["seq"]
        self.skipped += 1
        self.skipped_reading_output += any(map(layers_memo.reads_what_layers_write, state["statics"]))
        return True


def test_the_gallery_duel_skips_the_refresh_only_where_the_whole_one_writes_the_same(monkeypatch):
    if not duels.GALLERY.exists():
        pytest.skip(f"the card gallery export {duels.GALLERY} is absent (../shared is not checked out)")
    catalog = duels.gallery_catalog()
    events = duels.gallery_duel(catalog, 1_500)
    expected = engine.fold(events, catalog)
    checker = SkippedBothWays(monkeypatch)
    assert engine.fold(events, catalog) == expected
    assert checker.skipped > 1_000 and checker.kept > 500  # a pass, a payment, a draw: skipped
    assert checker.skipped_reading_output == 0
    steps = [copy_state(state) for state in engine.steps(events, catalog)]
    skipped, state = checker.skipped, None  # event by event onto a new copy each time, as `engine.apply` folds
    for event, expected_state in zip(events, steps):
        state = engine.apply(state, event, catalog)
        assert state == expected_state
    assert checker.skipped > skipped + 1_000  # what a copy holds counts, not which state it is


def test_the_plain_duel_and_the_golden_logs_skip_the_refresh_only_where_the_whole_one_writes_the_same(monkeypatch):
    catalog = engine.demo_catalog()
    expected = [engine.fold(notation.parse_match(path.read_text(encoding="utf-8"), catalog), catalog)
                for path in sorted(DATA.glob("golden_*.rln"))]
    plain = duels.plain_duel(800)
    expected_plain = engine.fold(plain, catalog)
    checker = SkippedBothWays(monkeypatch)
    assert [engine.fold(notation.parse_match(path.read_text(encoding="utf-8"), catalog), catalog)
            for path in sorted(DATA.glob("golden_*.rln"))] == expected
    assert checker.skipped > 50 and checker.kept > 50 and checker.skipped_reading_output == 0
    assert engine.fold(plain, catalog) == expected_plain  # no statics: nothing to skip or keep


def test_a_legion_static_is_applied_again_when_only_the_cards_played_changed_v1_3_812_1_c(monkeypatch):
    """Arena Kingpin with "[Legion] I have +2 Might": playing Blood Rush changes no object in play (the card goes
    from the hand to the chain, the runes paid are exhausted), only the cards played this turn, which a Legion
    reads (a wide static, engine/layers_memo.py): the layers are applied again, and the Kingpin has 5 Might."""
    from test_rules_statics import GAREN_AT_BF1, table

    checker = SkippedBothWays(monkeypatch)
    t = table(GAREN_AT_BF1).do('static Arena Kingpin +affects={"who": "self"} +might=2 +while={"legion": true}')
    assert t.obj("P1", "Arena Kingpin")["might"] == 3
    t.do("P1 play Blood Rush -> Arena Kingpin $1")
    assert t.obj("P1", "Arena Kingpin")["might"] == 5 and checker.kept > 0


def test_a_static_counting_mighty_units_is_applied_at_every_refresh(monkeypatch):
    """"+1 Might for each Mighty unit you control" reads what the layers write (Mighty), so applying them again may
    change what they wrote: with it in force nothing is skipped, whatever changed."""
    from test_rules_statics import GAREN_AT_BF1, table

    checker = SkippedBothWays(monkeypatch)
    t = table(GAREN_AT_BF1).do('static Arena Kingpin +affects={"who": "self"} +might=1 '
                               '+per={"count": "units", "mighty": true}')
    t.do("P1 play Blood Rush -> Arena Kingpin $1", "P1 pass", "P2 pass",
         "resolve Blood Rush: might Arena Kingpin +2 until turn")
    assert checker.kept > 3 and checker.skipped == 0


def test_two_matches_folded_in_turn_in_one_thread_each_skip_by_their_own_copy(monkeypatch):
    """A server's writer folds the appends of many matches in turn, each onto its own state in place: each state
    is compared with its own copy, not with the other match's (which would make every refresh whole)."""
    if not duels.GALLERY.exists():
        pytest.skip(f"the card gallery export {duels.GALLERY} is absent (../shared is not checked out)")
    catalog = duels.gallery_catalog()
    events = duels.gallery_duel(catalog, 1_500)
    checker = SkippedBothWays(monkeypatch)
    expected = engine.fold(events, catalog)
    skipped_alone = checker.skipped
    ahead, behind = engine.steps(events, catalog), engine.steps(events, catalog)
    for _ in range(600):  # one match 600 events ahead of the other: never the same statics
        next(ahead)
    for state in ahead:
        next(behind)
    states = [state, *behind]
    assert states[0] == expected and states[-1] == expected
    assert checker.skipped - skipped_alone == 2 * skipped_alone  # each skips as it does alone (one copy: 1,864)
