"""The dispute report's judge's side (replays/report.py, replays/rules_text.py): the penalties and remedies of a
span with the Tournament Rules' own words, read at run time, and who ordered each backup."""
from __future__ import annotations

import pytest

from replays import demo, rules_text
from replays.report import report

RULES = rules_text.default_dir()
needs_rules = pytest.mark.skipif(not (RULES / "tournament-rules-2026-05-02.txt").exists(),
                                 reason=f"the Tournament Rules text in {RULES} is absent (../shared is not checked out)")
SETUP_EVENTS = [
    {"type": "game_started", "game": 1, "first_player": "P1",
     "battlefields": {"P1": "Zaun Warrens", "P2": "Altar to Unity"}},
    {"type": "draw", "player": "P1", "cards": ["Legion Rearguard", "Shakedown", "Hard Bargain", "Gust"]},
    {"type": "draw", "player": "P2", "cards": ["Stalwart Poro", "Discipline", "Clockwork Keeper", "Rune Prison"]},
    {"type": "mulligan", "player": "P1", "set_aside": []}, {"type": "mulligan", "player": "P2", "set_aside": []},
    {"type": "channel", "player": "P1", "runes": ["Fury Rune", "Chaos Rune"]},
    {"type": "draw", "player": "P1", "cards": ["Void Seeker"]},
]
WARNING = {"type": "penalty", "player": "P1", "infraction": "drawing_extra_cards", "penalty": "warning",
           "rule": "TR 702.12", "remedy": "Void Seeker shuffled back into the main deck (TR 702.12.b.1)",
           "note": "drew a second card in the draw phase"}
UPGRADED = {"type": "penalty", "player": "P2", "infraction": "slow_play", "penalty": "game_loss", "rule": "TR 703.2",
            "upgrade": {"from": "warning", "rule": "TR 703.1.b.1", "same": 3, "total": 3}}
BACKUP = {"type": "rewind", "to": 7, "reason": "drew before the draw phase ended", "by": "floor_judge",
          "returned": {"P1": ["Gust"]}}


@pytest.fixture
def judged(log) -> str:
    match_id, _ = log.create_match(demo.match_created("audit", "Regional"))
    log.append(match_id, [*SETUP_EVENTS, WARNING])
    log.append(match_id, [BACKUP, UPGRADED])  # a rewind goes back to a stored state
    return match_id


@needs_rules
def test_a_penalty_is_reported_with_the_tournament_rules_words_for_it_and_its_remedies(log, judged):
    answer = report(log, judged, rules=rules_text.load(RULES))
    warning, game_loss = answer["penalties"]
    assert (warning["seq"], warning["infraction_name"], warning["penalty"]) == (9, "Drawing Extra Cards", "warning")
    assert warning["remedy"].startswith("Void Seeker shuffled back")
    infraction, definition = warning["rule_texts"]
    assert infraction["number"] == "TR 702.12" and infraction["text"].startswith("Drawing Extra Cards [ Warning ]")
    assert {"number": "TR 702.12.b.1", "text": "If the error is caught before the extra cards drawn are added to a "
            "private set, shuffle them into the main deck appropriately to remove the information advantage."} \
        in infraction["subrules"]
    assert definition["number"] == "TR 701.2.a" and definition["text"].startswith("Warning: An indication")
    assert [quoted["number"] for quoted in game_loss["rule_texts"]] == ["TR 703.2", "TR 701.2.b", "TR 703.1.b.1"]
    assert infraction["source"] == "tournament-rules-2026-05-02.txt"


@needs_rules
def test_a_backup_is_reported_with_who_ordered_it_and_the_rules_for_it_tr_701_5(log, judged):
    rewind, = report(log, judged, rules=rules_text.load(RULES))["rewinds"]
    assert rewind["by"] == "floor_judge" and rewind["returned"] == {"P1": ["Gust"]}
    assert [quoted["number"] for quoted in rewind["rule_texts"]] == ["TR 701.5.b", "TR 701.5.d.3"]
    assert report(log, judged, view="P2", rules=rules_text.load(RULES))["rewinds"][0]["returned"] == {"P1": [None]}


def test_without_the_rules_texts_the_report_says_plainly_that_the_words_are_not_available(log, judged, tmp_path):
    answer = report(log, judged, rules=rules_text.load(tmp_path))
    quoted = answer["penalties"][0]["rule_texts"][0]
    assert quoted == {"number": "TR 702.12", "missing": f"rule text not available: no rules texts in {tmp_path} "
                                                        f"(set $RIFTLOG_RULES)"}


def test_a_judges_remedy_that_names_a_hidden_card_is_withheld_from_other_views_127(log, judged, tmp_path):
    for_p2 = report(log, judged, view="P2", rules=rules_text.load(tmp_path))["penalties"][0]
    assert for_p2["remedy"] == "(the judge's text names a card this view may not see)"
    assert for_p2["note"] == "drew a second card in the draw phase"
    assert report(log, judged, view="P1", rules=rules_text.load(tmp_path))["penalties"][0]["remedy"].startswith(
        "Void Seeker")


@needs_rules
def test_the_printed_report_lists_the_penalties_with_the_rules_words(client, log, judged):
    page = client.get(f"/api/matches/{judged}/report?format=html&view=spectator").get_data(as_text=True)
    assert 'id="penalty-9"' in page and "warning for Drawing Extra Cards" in page
    assert "Warning: An indication that an error occurred" in page
    assert "Upgraded from a warning by TR 703.1.b.1" in page
    assert "Ordered by the floor judge" in page and "a card this view may not see" in page
    assert "<b>TR 701.5.b.1.</b> Any judge may perform a simple rewind" in page


def test_the_printed_report_shows_game_losses_given_at_once_each_with_what_it_did_tr_701_2_b_2_tr_701_2_b_3(
        client, log):
    match_id, _ = log.create_match(demo.match_created("audit", "Regional", "match"))
    slow = {"infraction": "slow_play", "penalty": "game_loss", "rule": "TR 703.2"}
    log.append(match_id, [*SETUP_EVENTS, {"type": "penalty", "player": "P1", **slow,
                                          "simultaneous": [{"player": "P2", **slow}, {"player": "P1", **slow}]}])
    page = client.get(f"/api/matches/{match_id}/report?format=html").get_data(as_text=True)
    assert [page.count(f'id="penalty-9{suffix}"') for suffix in ("", "-2", "-3")] == [1, 1, 1]  # one seq, three
    assert page.count("this game, drawn: every player was given a game loss at once (TR 701.2.b.3)") == 2
    assert page.count("none: a game loss given at the same time as another, one game loss (TR 701.2.b.2)") == 1
