"""Backups as the Tournament Rules perform them (TR 701.5; engine/backups.py): who ordered the rewind, a simple
rewind's limit, and the cards whose identity was not public."""
from __future__ import annotations

from typing import Any

import pytest

import engine
from engine.backups import candidates
from engine.views import redact_event, view
from replays import demo, notation
from table import CATALOG, SETUP
from test_rules_deck_top import TOP_CARDS

UNSEEN_DRAW = {"type": "draw", "player": "P1", "cards": [None]}
HAND = ["Legion Rearguard", "Shakedown", "Hard Bargain", "Gust"]  # P1's opening hand in SETUP


def record(*lines: str | dict[str, Any], policy: str = "strict") -> dict[str, Any]:
    """The state after these events, folded from seq 1 (a rewind goes back to a state of them)."""
    events = [demo.match_created(policy, "test")]
    state = engine.fold(events, CATALOG)
    for line in lines:
        events.append(notation.parse_event(line, state) if isinstance(line, str) else line)
        state = engine.fold(events, CATALOG)
    return state


def rewind(to: int, by: str | None = None, **fields: Any) -> dict[str, Any]:
    event = {"type": "rewind", "to": to, "reason": "the draw was not P1's to make", **fields}
    return event if by is None else {**event, "by": by}


# seq 7 P1 channels, seq 8 P1 draws a card the recorder could not see, seq 9 P1 plays nothing and ends the turn
DRAWN_UNSEEN = (*SETUP, "P1 channel Fury Rune; Chaos Rune", UNSEEN_DRAW)


def hand(state: dict[str, Any], player: str = "P1") -> list[str | None]:
    return sorted((state["objects"][object_id]["card"] for object_id in state["players"][player]["hand"]),
                  key=lambda card: (card is None, card or ""))


def test_any_judge_may_rewind_the_last_action_tr_701_5_b_1():
    state = record(*DRAWN_UNSEEN, rewind(7, "floor_judge", returned={"P1": [None]}))
    assert state["voided"] == [8] and state["phase"] == "draw"
    assert state["backups"][-1]["by"] == "floor_judge"


def test_a_floor_judge_may_not_rewind_more_than_the_last_action_tr_701_5_c():
    with pytest.raises(engine.IllegalEvent) as refusal:
        record(*DRAWN_UNSEEN, rewind(6, "floor_judge", returned={"P1": [None]}))
    assert [violation["rule"] for violation in refusal.value.violations] == ["TR 701.5.c"]
    assert "takes back more than the last action (seq 8, and seq 7 before it)" in str(refusal.value)


def test_a_floor_judges_longer_rewind_is_flagged_in_an_audit_match_tr_701_5_c():
    state = record(*DRAWN_UNSEEN, rewind(6, "floor_judge", returned={"P1": [None]}), policy="audit")
    assert [violation["rule"] for violation in state["violations"]] == ["TR 701.5.c"]
    assert state["voided"] == [7, 8]


def test_the_head_judge_may_order_a_longer_backup_tr_701_5_c():
    state = record(*DRAWN_UNSEEN, rewind(6, "head_judge", returned={"P1": [None]}))
    assert state["voided"] == [7, 8] and state["phase"] == "beginning"


def test_judges_notes_and_penalties_are_not_actions_of_the_game_tr_701_5_b():
    note = {"type": "note", "text": "P1 drew before channelling"}
    warning = {"type": "penalty", "player": "P1", "infraction": "general_error", "penalty": "warning",
               "rule": "TR 702.16"}
    state = record(*DRAWN_UNSEEN, note, warning, rewind(7, "floor_judge", returned={"P1": [None]}))
    assert state["voided"] == [8, 9, 10]
    assert [entry["infraction"] for entry in state["penalties"]] == ["general_error"]  # a backup keeps penalties


def test_who_ordered_a_backup_is_a_floor_or_head_judge():
    with pytest.raises(engine.MalformedEvent, match="one of floor_judge, head_judge"):
        record(*DRAWN_UNSEEN, rewind(7, "scorekeeper"))


def test_a_judges_backup_past_a_hidden_draw_must_say_which_card_went_back_tr_701_5_d_3():
    with pytest.raises(engine.IllegalEvent) as refusal:
        record(*DRAWN_UNSEEN, rewind(7, "head_judge"))
    assert [violation["rule"] for violation in refusal.value.violations] == ["TR 701.5.d.3"]
    assert "picked at random from Gust, Hard Bargain, Legion Rearguard, Shakedown, an unseen card" \
        in str(refusal.value)


def test_the_recording_screen_is_told_the_candidates_tr_701_5_d_3():
    head, restored = record(*DRAWN_UNSEEN), record(*DRAWN_UNSEEN[:-1])
    assert candidates(head, restored) == {"P1": {"count": 1, "candidates": [*sorted(HAND), None],
                                                 "rule": "TR 701.5.d.3"}}


def test_a_random_card_of_the_hand_goes_back_and_the_drawn_card_stays_tr_701_5_d_3():
    before = record(*DRAWN_UNSEEN[:-1])
    state = record(*DRAWN_UNSEEN, rewind(7, "head_judge", returned={"P1": ["Gust"]}))
    assert hand(state) == ["Hard Bargain", "Legion Rearguard", "Shakedown", None]  # the unseen card stays
    p1, then = state["players"]["P1"], before["players"]["P1"]
    assert p1["deck"]["Gust"] == then["deck"]["Gust"] + 1 and p1["deck_count"] == then["deck_count"]
    assert state["backups"][-1]["returned"] == {"P1": ["Gust"]}


def test_the_drawn_card_itself_may_be_the_one_that_goes_back_tr_701_5_d_3():
    before = record(*DRAWN_UNSEEN[:-1])
    state = record(*DRAWN_UNSEEN, rewind(7, "head_judge", returned={"P1": [None]}))
    assert hand(state) == sorted(HAND) and state["players"]["P1"]["deck"] == before["players"]["P1"]["deck"]


def test_a_seen_draw_going_back_as_another_card_swaps_them_in_the_deck_tr_701_5_d_3():
    state = record(*SETUP, "P1 channel Fury Rune; Chaos Rune", "P1 draw Void Seeker",
                   rewind(7, "head_judge", returned={"P1": ["Shakedown"]}))
    assert hand(state) == ["Gust", "Hard Bargain", "Legion Rearguard", "Void Seeker"]
    before = record(*SETUP, "P1 channel Fury Rune; Chaos Rune")["players"]["P1"]["deck"]
    assert state["players"]["P1"]["deck"]["Shakedown"] == before["Shakedown"] + 1
    assert state["players"]["P1"]["deck"]["Void Seeker"] == before["Void Seeker"] - 1


def test_a_returned_card_must_be_one_of_the_candidates_tr_701_5_d_3():
    with pytest.raises(engine.IllegalEvent) as refusal:
        record(*DRAWN_UNSEEN, rewind(7, "head_judge", returned={"P1": ["Void Seeker"]}))
    assert refusal.value.violations[-1]["rule"] == "TR 701.5.d.3"
    assert "not among the cards it could be" in str(refusal.value)
    with pytest.raises(engine.IllegalEvent, match="'returned' names 2"):
        record(*DRAWN_UNSEEN, rewind(7, "head_judge", returned={"P1": ["Gust", "Shakedown"]}))


def test_the_recorders_own_undo_is_an_exact_restore():
    state = record(*DRAWN_UNSEEN, rewind(7))
    assert hand(state) == sorted(HAND) and state["backups"][-1]["by"] is None


def test_a_returned_card_is_private_to_its_player_127():
    event = rewind(7, "head_judge", returned={"P1": ["Gust"]})
    assert redact_event(event, "P2")["returned"] == {"P1": [None]}
    assert redact_event(event, "P1")["returned"] == {"P1": ["Gust"]}
    state = record(*DRAWN_UNSEEN, event)
    assert view(state, "spectator")["backups"][-1]["returned"] == {"P1": [None]}


def test_a_deck_card_seen_during_the_span_is_recorded_as_shuffled_back_tr_701_5_d_4():
    vision = (f"position {TOP_CARDS}", "P1 play Mystic Poro $2", 'P1 trigger Mystic Poro "Vision"', "P1 pass",
              "P2 pass", "resolve Mystic Poro: look P1 Hard Bargain")
    state = record(*vision, rewind(3, "head_judge"))
    assert state["backups"][-1]["seen"] == [{"seq": 7, "player": "P1", "owner": "P1", "cards": ["Hard Bargain"]}]
    assert view(state, "P2")["backups"][-1]["seen"][0]["cards"] == [None]
