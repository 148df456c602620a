"""What a new user read wrong on a walk through a match day (issue 27's walk, fresh clone, README only): the words
the log and the API answer with, where they said something other than what happened."""
from __future__ import annotations

from recorder import tokens
from web.describe import describe_event

NAMES = {"P1": "Ana", "P2": "Ben", "o6": "Veteran Poro (o6)", "o13": "Sea Monkey (o13)"}.get


def test_a_declined_trigger_reads_as_declined_not_as_triggered():
    """Veteran Poro's Weaponmaster declined ("you may", v1.4 383.3.a.2) read "Ana triggers Veteran Poro (o6)
    [weaponmaster]": the log said the opposite of what the scorekeeper tapped."""
    declined = {"type": "trigger", "player": "P1", "source": "o6", "ability": "weaponmaster", "declined": True,
                "targets": ["o13"]}
    assert describe_event(declined, NAMES) == "Ana declines the trigger of Veteran Poro (o6): Weaponmaster"
    taken = {key: value for key, value in declined.items() if key != "declined"}
    assert describe_event(taken, NAMES).startswith("Ana triggers Veteran Poro (o6): Weaponmaster")


def test_a_recording_link_since_reissued_is_told_so_not_taken_for_a_players(client, log, duel_created):
    """The organiser reissued the table's recording link (the venue's address changed, a phone was lost); the
    recording screen still open at the table read "only the match token may change match m1 (a player token only
    reads)", which sent the scorekeeper looking for a player's mistake. The answer names the reissue and where the
    new link is."""
    match_id, token = log.create_match(duel_created)
    tokens.reissue(log, match_id, "judge", "organiser")
    for method, path in (("GET", "recording"), ("POST", "events")):
        answer = client.open(f"/api/matches/{match_id}/{path}", method=method, json={"event": {"type": "pass"}},
                             headers={"Authorization": f"Bearer {token}"})
        assert answer.status_code == 403
        error = answer.get_json()["error"]
        assert "a recording link the organiser reissued no longer works" in error, error
        assert "the organiser's page gives the table's new one" in error
