"""A judge's ruling in the notation (replays/notation/rulings.py): the suffix `[ruling "reason"]` on any event's
line, written and read back as the event's `ruling` (contract section 7)."""
from __future__ import annotations

from typing import Any

import pytest
from positions import ARENA, transcript
from table import CATALOG, Table
from test_notation import assert_round_trip, chain_state, every_event  # noqa: F401 - chain_state is a fixture

from replays import notation
from replays.notation.text import quote

REASON = 'Head judge: "it had readied"; see #12 [ruling "x"] and the card\'s text'


def test_every_event_type_with_a_ruling_is_its_own_line_and_the_suffix(chain_state):
    for event in every_event(chain_state):
        ruled = {**event, "ruling": {"reason": REASON}}
        line = notation.write_event(chain_state, ruled)
        assert not line.startswith("{"), line
        assert line == f"{notation.write_event(chain_state, event)} [ruling {quote(REASON)}]"
        assert notation.parse_event(line, chain_state) == ruled, line



def test_a_strict_match_with_a_ruled_illegal_move_round_trips_and_marks_the_ruling():
    text = transcript(f"position {ARENA.replace('Flame Chompers |', 'Flame Chompers* |')}",
                      'P1 move Flame Chompers -> bf1 [Ruling "the players agreed it had readied"]')
    events = notation.parse_match(text)
    assert events[-1]["ruling"] == {"reason": "the players agreed it had readied"}
    written = assert_round_trip(events)
    assert ('P1 move Flame Chompers -> bf1 [ruling "the players agreed it had readied"]  # flagged: rule 140.2, '
            'as the judge ruled\n') in written


def test_an_activated_abilitys_index_is_not_a_ruling(chain_state):
    line = "P1 activate Legion Rearguard [0]"
    assert "ruling" not in notation.parse_event(line, chain_state)


@pytest.mark.parametrize(("suffix", "column", "message"), [
    ("[ruling]", 38, "expected the ruling's reason in quotes"),
    ('[ruling "why"', 44, "expected ']' to close the ruling"),
    ('[ruling "why"] P1', 46, "expected the end of the line after the ruling"),
    ("[ruling why]", 39, "expected the ruling's reason in quotes"),
])
def test_a_malformed_ruling_is_an_error_at_its_column(suffix: str, column: int, message: str):
    state = Table.from_position(ARENA).state
    line = f"P1 move Flame Chompers -> bf1 {suffix}"
    with pytest.raises(notation.InvalidNotation) as raised:
        notation.parse_events(line, state, CATALOG)
    assert (raised.value.line, raised.value.column) == (1, column), str(raised.value)
    assert message in str(raised.value)


def test_a_ruling_the_engine_refuses_is_an_error_at_its_line():
    state: dict[str, Any] = Table.from_position(ARENA).state
    with pytest.raises(notation.InvalidNotation, match="field 'ruling.reason' must be a non-empty string"):
        notation.parse_events('P1 move Flame Chompers -> bf1 [ruling " "]', state, CATALOG)
