"""What a new user read wrong on a walk through a match day (issue 27's walk, fresh clone, README only): the words
the log and the API answer with, where they said something other than what happened."""
from __future__ import annotations

from web.describe import describe_event

NAMES = {"P1": "Ana", "P2": "Ben", "o6": "Veteran Poro (o6)", "o13": "Sea Monkey (o13)"}.get


def test_a_declined_trigger_reads_as_declined_not_as_triggered():
    """Veteran Poro's Weaponmaster declined ("you may", v1.4 383.3.a.2) read "Ana triggers Veteran Poro (o6)
    [weaponmaster]": the log said the opposite of what the scorekeeper tapped."""
    declined = {"type": "trigger", "player": "P1", "source": "o6", "ability": "weaponmaster", "declined": True,
                "targets": ["o13"]}
    assert describe_event(declined, NAMES) == "Ana declines the trigger of Veteran Poro (o6) [weaponmaster]"
    taken = {key: value for key, value in declined.items() if key != "declined"}
    assert describe_event(taken, NAMES).startswith("Ana triggers Veteran Poro (o6) [weaponmaster]")
