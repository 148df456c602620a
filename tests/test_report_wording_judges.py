"""The dispute report words a judge's own record as a head judge reads it (replays/wording.py): a backup (TR 701.5)
or an undo, and a penalty (TR 701.2), never as the state's fields (`backups: none → seq 30; to 28; by none ...`)."""
from __future__ import annotations

import engine
from replays import demo, rules_text
from replays.cursor import Cursor
from replays.report import comparable, diff
from replays.wording import worded
from replays.report import report
from test_report_judging import BACKUP, SETUP_EVENTS, WARNING


def said_of(answer: dict, seq: int) -> list[str]:
    return next(entry["said"] for entry in [*answer["rewinds"], *answer["penalties"], *answer["flagged"]]
                if entry["seq"] == seq)


def test_a_backup_is_worded_with_who_ordered_it_what_it_voided_and_the_card_returned_tr_701_5(log, tmp_path):
    match_id, _ = log.create_match(demo.match_created("audit", "Regional"))
    log.append(match_id, [*SETUP_EVENTS, WARNING])
    log.append(match_id, [BACKUP])  # a rewind goes back to a stored state
    said = said_of(report(log, match_id, rules=rules_text.load(tmp_path)), 10)
    assert ("backup ordered by a floor judge (TR 701.5): back to the state after #7, voiding #8–#9; back into Ana's "
            "deck at random (TR 701.5.d.3): Gust") in said
    assert not any(sentence.startswith("backups:") or "by none" in sentence for sentence in said)


def test_an_undo_is_worded_as_the_recorders_correction(log, tmp_path):
    match_id, _ = log.create_match(demo.match_created("audit", "Regional"))
    log.append(match_id, SETUP_EVENTS)
    log.append(match_id, [{"type": "rewind", "to": 6, "reason": "wrong card"}])
    said = said_of(report(log, match_id, rules=rules_text.load(tmp_path)), 9)
    assert "undo (the recorder's correction): back to the state after #6, voiding #7–#8" in said
    assert not any(sentence.startswith("backups:") for sentence in said)


def test_a_penalty_is_worded_with_the_player_the_infraction_and_its_rule_tr_701_2(log):
    match_id, _ = log.create_match(demo.match_created("audit", "Regional"))
    log.append(match_id, [*SETUP_EVENTS, WARNING])
    cursor = Cursor(log, match_id)
    before, after = (engine.view(cursor.state(seq), "judge") for seq in (8, 9))
    said = worded(diff(comparable(before), comparable(after)), before, after)
    assert "penalty: Ana, a warning for Drawing Extra Cards (TR 702.12)" in said
    assert not any(sentence.startswith("penalties:") for sentence in said)


def test_game_losses_given_at_once_are_worded_as_the_tr_applies_them_tr_701_2_b_2_tr_701_2_b_3(log):
    match_id, _ = log.create_match(demo.match_created("audit", "Regional", "match"))
    slow = {"infraction": "slow_play", "penalty": "game_loss", "rule": "TR 703.2"}
    log.append(match_id, [*SETUP_EVENTS, {"type": "penalty", "player": "P1", **slow,
                                          "simultaneous": [{"player": "P2", **slow}, {"player": "P1", **slow}]}])
    cursor = Cursor(log, match_id)
    before, after = (engine.view(cursor.state(seq), "judge") for seq in (8, 9))
    said = worded(diff(comparable(before), comparable(after)), before, after)
    assert said.count("penalty: Ana, a game loss for Slow Play (TR 703.2), given to every player at once: the game "
                      "is drawn (TR 701.2.b.3)") == 1
    assert ("penalty: Ben, a game loss for Slow Play (TR 703.2), given to every player at once: the game is drawn "
            "(TR 701.2.b.3)") in said
    assert ("penalty: Ana, a game loss for Slow Play (TR 703.2), given at the same time as another: one game loss "
            "(TR 701.2.b.2)") in said
