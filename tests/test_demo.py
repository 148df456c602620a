"""The sample matches that `riftlog demo` records (issue: chains of three, a refusal, a flagged action)."""
from __future__ import annotations

import replays


def test_each_short_sample_match_has_a_chain_of_three_that_resolves_newest_first(log, demo_ids):
    for match_id in demo_ids[:2]:
        cursor = replays.Cursor(log, match_id)
        longest = max(len(cursor.state(seq)["chain"]) for seq in range(1, cursor.head_seq + 1))
        assert longest == 3
        resolved = []
        for row in log.events(match_id):
            if row["event"]["type"] == "resolve":
                before = cursor.state(row["seq"] - 1)
                assert row["event"]["item"] == before["chain"][-1]["id"]  # the newest item (rule 336.1)
                resolved.append(row["event"]["item"])
        assert len(resolved) == 2 and resolved == sorted(resolved, key=lambda item: -int(item[1:]))


def test_the_strict_sample_records_its_refused_play_as_a_judges_note(log, demo_ids):
    notes = [row["event"]["text"] for row in log.events(demo_ids[0]) if row["event"]["type"] == "note"]
    assert len(notes) == 1 and notes[0].startswith("Refused: P2 tried to play Sunlit Guardian")
    assert "(rule 334.1.a)" in notes[0]
    assert log.state_at(demo_ids[0])["violations"] == []


def test_the_audit_sample_keeps_its_illegal_play_flagged(log, demo_ids):
    state = log.state_at(demo_ids[1])
    [violation] = state["violations"]
    assert violation["rule"] == "334.1.a"
    flagged = log.events(demo_ids[1])[violation["seq"] - 1]["event"]
    assert (flagged["type"], flagged["card"]) == ("play", "Rune Prison")
    assert state["winner"] == "P1"


def test_the_sample_matches_verify(log, demo_ids):
    for match_id in demo_ids:
        assert replays.verify(log, match_id)["ok"]


def test_the_full_game_is_played_to_its_winner_with_showdowns_combats_and_scoring(log, demo_ids):
    cursor = replays.Cursor(log, demo_ids[2])
    states = [cursor.state(seq) for seq in range(2, cursor.head_seq + 1)]
    assert states[-1]["winner"] == "P1" and states[-1]["scores"] == {"P1": 8, "P2": 7}
    showdowns = {state["showdown"]["battlefield"] for state in states if state["showdown"] and
                 not state["showdown"]["combat"]}
    combats = [state for state in states if state["combat"] and state["combat"]["step"] == "damage"]
    assert showdowns and len({(state["turn"], state["combat"]["battlefield"]) for state in combats}) >= 3
    assert any(entry["kind"] == "draw" and entry.get("rule") == "632.1.b.2"
               for state in states for entry in state["awaiting"])  # the Final Point rule
    kinds = [row["event"]["type"] for row in log.events(demo_ids[2])]
    assert {"move", "assign_damage"} <= set(kinds)


def test_the_full_game_records_the_damage_assignment_its_strict_log_refused(log, demo_ids):
    [note] = [row["event"]["text"] for row in log.events(demo_ids[2]) if row["event"]["type"] == "note"]
    assert note.startswith("Refused: P1 assign Stalwart Poro 5; Sunlit Guardian 3") and "(626.1.d.1)" in note
    assert log.state_at(demo_ids[2])["violations"] == []
