"""The judge's ruling beats the engine (contract section 7; engine/judges_rulings.py): an event carrying
`ruling: {reason}` is folded as recorded in a strict match, the violations the engine read kept with `ruled: true`."""
from __future__ import annotations

from typing import Any

import pytest
from positions import ARENA
from table import Table

import engine
from engine import views

REASON = "Head judge: the exhausted Flame Chompers moved; the players agreed it had readied"


def ruled(event: dict[str, Any], reason: str = REASON) -> dict[str, Any]:
    return {**event, "ruling": {"reason": reason}}


def exhausted_move(table: Table) -> dict[str, Any]:
    """A move of an exhausted unit: illegal (v1.3 140.2, an exhausted unit cannot pay for its move)."""
    return table.parse("P1 move Flame Chompers -> bf1")


def exhausted_arena(policy: str = "strict") -> Table:
    return Table.from_position(ARENA.replace("Flame Chompers |", "Flame Chompers* |"), policy)


def test_a_strict_match_refuses_an_illegal_move_but_folds_it_under_a_judges_ruling():
    table = exhausted_arena()
    table.refuses(exhausted_move(table), rule="140.2")
    seq = table.state["seq"] + 1
    table.do(ruled(exhausted_move(table)))
    assert table.state["seq"] == seq
    assert table.obj("P1", "Flame Chompers")["location"] == "bf1"  # folded as recorded
    [violation] = table.state["violations"]
    assert violation["rule"] == "140.2" and violation["seq"] == seq
    assert violation["ruled"] is True and violation["ruling"] == REASON
    assert "exhausted" in violation["message"]


def test_an_event_that_cannot_be_applied_is_kept_flagged_and_skipped_under_a_ruling_in_a_strict_match():
    table = Table.from_position(ARENA)
    unknown = {"type": "move", "player": "P1", "units": ["o999"], "to": "bf1"}
    with pytest.raises(engine.IllegalEvent):
        engine.apply(table.state, unknown, table.catalog)
    before = table.state
    table.do(ruled(unknown))
    assert table.state["seq"] == before["seq"] + 1
    assert table.state["objects"] == before["objects"]  # skipped: nothing moved
    [violation] = table.state["violations"]
    assert violation["skipped"] is True and violation["ruled"] is True and violation["ruling"] == REASON
    assert "o999" in violation["message"]


def test_a_fold_of_a_strict_match_skips_a_ruled_unappliable_event_from_its_state_before_it():
    # engine.steps folds in place: the skipped event is rebuilt from a copy kept before it (engine/fold.py).
    table = Table.from_position(ARENA)
    events = [engine.views.as_sent(event) for event in [
        {"type": "move", "player": "P1", "units": ["o999"], "to": "bf1", "ruling": {"reason": REASON}},
        table.parse("P1 move Flame Chompers -> bf1")]]
    after = engine.fold(events, table.catalog, table.state, in_place=False)
    assert after["seq"] == table.state["seq"] + 2
    assert [violation.get("ruled") for violation in after["violations"]] == [True]
    assert after["objects"][table.find("P1", "Flame Chompers")]["location"] == "bf1"


def test_an_audit_match_marks_the_violations_of_a_ruled_event_ruled():
    table = exhausted_arena("audit")
    table.flags(exhausted_move(table), rule="140.2")
    first = table.state["seq"]
    table.flags(ruled(table.parse("P1 move Flame Chompers -> base")), rule="140.2")  # exhausted still
    unruled = [violation for violation in table.state["violations"] if violation["seq"] == first]
    ruled_ones = [violation for violation in table.state["violations"] if violation["seq"] == first + 1]
    assert unruled and all("ruled" not in violation and "ruling" not in violation for violation in unruled)
    assert ruled_ones and all(violation["ruled"] is True and violation["ruling"] == REASON
                              for violation in ruled_ones)


@pytest.mark.parametrize(("ruling", "named"), [
    ("because", "field 'ruling' must be"),
    ({}, "field 'ruling' must be"),
    ({"reason": "ok", "by": "HJ"}, "field 'ruling' must be"),
    ({"reason": ""}, "field 'ruling.reason' must be a non-empty string"),
    ({"reason": "   "}, "field 'ruling.reason' must be a non-empty string"),
    ({"reason": 5}, "field 'ruling.reason' must be a non-empty string"),
    ({"reason": "x" * 1001}, "field 'ruling.reason' is 1001 characters long"),
])
def test_a_ruling_of_another_shape_is_malformed_naming_the_field(ruling: Any, named: str):
    table = exhausted_arena()
    with pytest.raises(engine.MalformedEvent, match=named.replace("(", r"\(")):
        engine.apply(table.state, {**exhausted_move(table), "ruling": ruling}, table.catalog)


def test_a_match_created_carries_no_ruling():
    created = Table.match_created("strict", "duel")
    with pytest.raises(engine.MalformedEvent, match="'match_created' carries no 'ruling'"):
        engine.apply(None, ruled(created), Table.catalog)


def test_a_rulings_reason_naming_a_hidden_card_is_worded_for_the_public():
    # The reason is the judge's text (engine/views.py): it never gives away P1's hand (Shakedown) to another view.
    table = exhausted_arena()
    event = ruled(exhausted_move(table), "allowed: P1 showed the judge the Shakedown in hand")
    assert views.hides_anything(event)  # salted by the recorder, as a note is
    table.do(event)
    assert engine.view(table.state, "judge")["violations"][0]["ruling"] == event["ruling"]["reason"]
    assert engine.view(table.state, "P1")["violations"][0]["ruling"] == event["ruling"]["reason"]
    public = engine.view(table.state, "spectator")["violations"][0]
    assert public["ruling"] == views.JUDGES_TEXT_HIDDEN and public["redacted"] and public["ruled"]
    shown = views.Redactor("spectator", {card["name"] for card in table.catalog}).redact({**event, "salt": "ab"})
    assert shown["ruling"] == {"reason": views.JUDGES_TEXT_HIDDEN} and shown["redacted"] and "salt" not in shown
