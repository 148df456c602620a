"""The dispute report (issue 9): replays.report and the rules' text (replays.rules_text), the CLI's `riftlog
report` and `GET /api/matches/<id>/report`, on a real database file, the real rules texts and the real app."""
from __future__ import annotations

import contextlib
import html
import json
import sqlite3
from pathlib import Path

import pytest

import riftlog_cli
from conftest import FIXED_TIME
from recorder import canonical
from recorder.tokens import player_tokens
from recorder.keys import ServerKey
from replays import BadSpan, NotFound, notation, rules_text
from replays.report import diff, report, runs

ROOT = Path(__file__).resolve().parent.parent
GOLDEN_AUDIT = ROOT / "tests" / "data" / "golden_audit.rln"
RULES = rules_text.default_dir()
needs_rules = pytest.mark.skipif(not (RULES / "README.md").exists(),
                                 reason=f"the rules texts {RULES} are absent (../shared is not checked out)")


@pytest.fixture
def rules() -> rules_text.RulesText:
    return rules_text.load(RULES)


@pytest.fixture
def key(tmp_db) -> ServerKey:
    return ServerKey.load(str(tmp_db) + ".seal-key")


@pytest.fixture
def disputed(log) -> tuple[str, str]:
    """The golden audit match (violations at seqs 9, 14, 20 and 21; P2 concedes at 27), then a judge's note about
    seq 20 and a rewind to 19 that voids 20-28: (match id, match token)."""
    match_id, token = notation.import_match(log, GOLDEN_AUDIT.read_text(encoding="utf-8"))
    log.append(match_id, [{"type": "note", "text": "both sheets have the Keeper during the Ray's chain", "about": 20},
                          {"type": "rewind", "to": 19, "reason": "P2 may not play a unit on the chain"}])
    return match_id, token


def forge_the_note(db_path: Path, match_id: str) -> None:
    """Rewrite the note at seq 28 in the file, its hash left as it was: the chain breaks there."""
    forged = canonical.canonical_bytes({"type": "note", "text": "no note at all", "about": 20})
    with contextlib.closing(sqlite3.connect(db_path)) as connection, connection:
        connection.execute('UPDATE events SET body = ? WHERE "match" = ? AND seq = 28', [forged, match_id])


# -- the rules' text ----------------------------------------------------------------------------------------------
@needs_rules
def test_a_rule_of_the_later_revision_is_quoted_from_it_with_its_subrules(rules):
    quoted = rules.quote("334.1.a")
    assert quoted.source.startswith("000_")
    assert quoted.text == "Play a Card that is legally timed."
    assert ("334.1.a.2", "A Legally Timed Card would be a Card with Reaction.") in quoted.subrules


@needs_rules
def test_showdown_rules_come_from_the_web_reference_and_the_rest_from_the_core_rules(rules):
    assert rules.quote("344").source.startswith("001_")
    assert "Focus" in rules.quote("344").text
    tank = rules.quote("626.1.d.1")
    assert tank.source.startswith("004_") and "Tank" in tank.text
    assert [number for number, _ in tank.subrules] == ["626.1.d.1.a"]
    assert rules.quote("352.8.a").source.startswith("003_")  # the clean 352.x


@needs_rules
def test_lines_that_run_backwards_still_give_each_rule_and_subrules_in_rule_order(rules):
    assert rules.quote("516.6").text.startswith("When a player has no more Discretionary Actions")
    numbers = [number for number, _ in rules.quote("516").subrules]
    assert numbers[:3] == ["516.1", "516.2", "516.2.a"]
    assert numbers == sorted(numbers, key=rules_text.sort_key)


@needs_rules
def test_a_rule_without_text_says_why(rules):
    assert rules.quote("620") is None
    assert "620-625" in rules.missing("621.1")
    assert "procedure of riftlog" in rules.missing("rewind")
    assert "no rule 999.9" in rules.missing("999.9")


@needs_rules
@pytest.mark.parametrize("number, words", [
    ("v1.3 316.2.b.1", "when the Turn Player invites them"),  # a teammate acts on the turn player's turn
    ("v1.3 442.2.b", "Battlefields Controlled by a player's teammates are Invalid Destinations"),
    ("v1.3 484.8.g", "may not utilize the same Champion Legend"),
    ("v1.3 484.4.a", "three (3) Battlefields"),
])
def test_a_rule_cited_from_core_rules_v1_3_is_quoted_from_it(rules, number, words):
    # The modes of more than two players cite v1.3 where only it defines the rule (rules README, "Citing rules").
    quoted = rules.quote(number)
    assert quoted.source.startswith("core-rules-v1.3") and words in quoted.text


@needs_rules
def test_a_v1_3_rule_without_text_says_why(rules):
    assert rules.quote("v1.3 999.9") is None
    assert rules.missing("v1.3 999.9") == "rule text not available: Core Rules v1.3 have no rule 999.9"
    assert [number for number, _ in rules.quote("v1.3 484.8.c").subrules] == ["v1.3 484.8.c.1", "v1.3 484.8.c.2"]


def test_an_absent_rules_directory_gives_no_text_and_says_so(tmp_path):
    absent = rules_text.load(tmp_path / "nowhere")
    assert not absent.available
    assert absent.quote("334.1.a") is None
    assert absent.missing("334.1.a").startswith("rule text not available: no rules texts in")


def test_wrapped_lines_join_their_rule_and_fragments_join_nothing(tmp_path):
    (tmp_path / "004_x.txt").write_text("626.\tThe Combat Damage Step\n626.1.\tDamage is dealt.\n"
                                        "\tSee rule 627.\ngarbled fragment\n627.\tThe <i>Resolution</i> Step\n",
                                        encoding="utf-8")
    (tmp_path / "000_x.txt").write_text("334.1.a. Play a card that is\nlegally timed.\n", encoding="utf-8")
    (tmp_path / "001_x.txt").write_text("337. Showdowns 338. A Showdown, see rule 398.1. here.\n", encoding="utf-8")
    rules = rules_text.load(tmp_path)
    assert rules.quote("626.1").text == "Damage is dealt. See rule 627."
    assert rules.quote("627").text == "The Resolution Step"
    assert rules.quote("334.1.a").text == "Play a card that is legally timed."
    assert rules.quote("338").text == "A Showdown, see rule 398.1. here."
    assert "398.1" not in rules.rules


def test_the_rules_directory_is_configurable(monkeypatch, tmp_path):
    monkeypatch.setenv(rules_text.ENVVAR, str(tmp_path))
    assert rules_text.default_dir() == tmp_path


# -- replays.report -----------------------------------------------------------------------------------------------
@needs_rules
def test_the_demo_audit_match_reports_its_violation_with_the_rule_and_what_changed(log, demo_ids, rules, key):
    audit = demo_ids[1]
    answer = report(log, audit, rules=rules, key=key)
    assert answer["header"]["policy"] == "audit"
    assert answer["header"]["info"] == {"event": "riftlog demo: audit", "round": 1, "table": 2}
    assert [player["legend"] for player in answer["header"]["players"]] == ["Loose Cannon", "Nine-Tailed Fox"]
    assert answer["seal"]["ok"] and answer["seal"]["code"].startswith(f"{answer['head_seq']}-")
    [flagged] = answer["flagged"]
    assert flagged["line"].startswith("P2 play Rune Prison")
    [violation] = flagged["violations"]
    assert violation["rule"] == "334.1.a"
    assert violation["rule_text"]["text"] == "Play a Card that is legally timed."
    assert flagged["before"]["state"] == "neutral_closed"
    assert [item["card"] for item in flagged["before"]["chain"]] == ["Shakedown"]
    changes = {change["path"]: change for change in flagged["changes"]}
    prison = next(ref for ref, card in flagged["names"].items() if card == "Rune Prison")
    assert changes[f"objects.{prison}.zone"] == {"path": f"objects.{prison}.zone", "before": "hand", "after": "chain"}
    assert "players.P1.hand" not in changes  # only what the event changed
    assert f"Ben's Rune Prison ({prison}): hand → chain" in flagged["said"]
    assert violation["rule_text"]["document"] == "Riftbound Core Rules, later revision of rules 307-356"


def test_violations_notes_rewinds_and_voided_spans(log, disputed, rules):
    match_id, _ = disputed
    answer = report(log, match_id, rules=rules)
    assert answer["seal"] is None  # no key given
    assert [(item["seq"], item["voided"]) for item in answer["flagged"]] == \
        [(9, False), (14, False), (20, True), (21, True)]
    assert [violation["rule"] for violation in answer["flagged"][2]["violations"]] == ["334.1.a", "354.1"]
    assert answer["notes"] == [{"seq": 28, "text": "both sheets have the Keeper during the Ray's chain",
                                "about": 20, "voided": True, "recorded_at": FIXED_TIME}]
    assert {item["recorded_at"] for item in answer["flagged"]} == {FIXED_TIME}
    [rewind] = answer["rewinds"]
    assert (rewind["seq"], rewind["to"], rewind["voids"], rewind["voided"]) == (29, 19, [[20, 28]], False)
    assert rewind["line"] == 'rewind 19 "P2 may not play a unit on the chain"'
    undone = {change["path"] for change in rewind["changes"]}
    assert "winner" in undone and "chain" in undone  # the concession and the resolved Ray, undone
    assert [entry["seq"] for entry in rewind["undone"]] == list(range(20, 29)) and rewind["undone_more"] == 0
    assert rewind["undone"][-2]["line"] == "P2 concede"
    assert "winner of the game: Chloé → nobody" in rewind["said"]
    assert answer["voided"] == [[20, 28]]


def test_a_span_reports_only_its_events(log, disputed, rules):
    match_id, _ = disputed
    answer = report(log, match_id, 14, 20, rules=rules)
    assert answer["span"] == {"from": 14, "to": 20}
    assert [item["seq"] for item in answer["flagged"]] == [14, 20]
    assert [(note["seq"], note["recorded_at"]) for note in answer["notes"]] == [(28, FIXED_TIME)]  # about seq 20
    assert answer["rewinds"] == []
    assert report(log, match_id, 9, 14, rules=rules)["notes"] == []
    assert answer["voided"] == [[20, 20]]  # voided by the rewind after the span


@pytest.mark.parametrize(("first", "last", "expected"), [
    (0, None, "from=0 is out of range"), (None, 30, "to=30 is out of range"), (20, 14, "from=20 is after to=14"),
])
def test_a_span_the_match_does_not_have_is_refused(log, disputed, rules, first, last, expected):
    with pytest.raises(BadSpan, match=expected):
        report(log, disputed[0], first, last, rules=rules)


def test_a_record_that_no_longer_verifies_is_still_reported_and_says_it_is_unsealed(log, disputed, rules, key, tmp_db):
    match_id, _ = disputed
    forge_the_note(tmp_db, match_id)
    answer = report(log, match_id, rules=rules, key=key)
    assert answer["seal"]["ok"] is False
    assert "cannot be sealed" in answer["seal"]["error"] and "28" in answer["seal"]["error"]
    assert [item["seq"] for item in answer["flagged"]] == [9, 14, 20, 21]


def test_an_unknown_match_is_not_found(log, rules):
    with pytest.raises(NotFound):
        report(log, "m404", rules=rules)


def test_without_the_rules_texts_the_report_says_so(log, disputed, tmp_path):
    answer = report(log, disputed[0], rules=rules_text.load(tmp_path / "nowhere"))
    assert answer["rules"]["available"] is False
    texts = [violation["rule_text"] for item in answer["flagged"] for violation in item["violations"]]
    assert texts and all(text["missing"].startswith("rule text not available") for text in texts)


def test_other_views_get_the_report_redacted(log, disputed, rules):
    match_id, _ = disputed
    judge = report(log, match_id, rules=rules)
    spectator = report(log, match_id, rules=rules, view="spectator")
    ana = report(log, match_id, rules=rules, view="P1")
    assert [player["deck"] is None for player in judge["header"]["players"]] == [False, False]
    assert [player["deck"] is None for player in spectator["header"]["players"]] == [True, True]
    assert [player["deck"] is None for player in ana["header"]["players"]] == [False, True]
    # Dmitri's opening hand (seq 4) is his alone: the judge's report names it, the spectator's never does.
    opening = log.events(match_id, after=3, upto=4)[0]["event"]["cards"]
    assert all(card in json.dumps(judge) for card in ("Wind Wall", "Defy"))
    shown = json.dumps(spectator)
    assert "Wind Wall" not in shown and "Defy" not in shown, opening
    assert [item["seq"] for item in spectator["flagged"]] == [9, 14, 20, 21]


def test_the_diff_names_each_changed_part_and_runs_group_seqs():
    before = {"turn": 1, "players": {"P1": {"points": 0, "hand": ["o1", "o2"]}}, "objects": {"o1": {"zone": "hand"}}}
    after = {"turn": 1, "players": {"P1": {"points": 1, "hand": ["o2"]}}, "objects": {"o1": {"zone": "board"}},
             "winner": "P1"}
    assert diff(before, after) == [
        {"path": "players.P1.points", "before": 0, "after": 1},
        {"path": "players.P1.hand", "before": ["o1", "o2"], "after": ["o2"]},
        {"path": "objects.o1.zone", "before": "hand", "after": "board"},
        {"path": "winner", "before": None, "after": "P1"},
    ]
    assert runs([3, 4, 5, 9]) == [[3, 5], [9, 9]]


# -- the CLI ------------------------------------------------------------------------------------------------------
def run(runner, tmp_db, *args: str):
    return runner.invoke(riftlog_cli.cli, ["report", *args, "--db", str(tmp_db)])


def test_cli_prints_the_report_as_json(runner, tmp_db, disputed):
    result = run(runner, tmp_db, disputed[0], "--from", "9", "--to", "14")
    assert result.exit_code == 0, result.output
    answer = json.loads(result.output)
    assert [item["seq"] for item in answer["flagged"]] == [9, 14]
    assert answer["seal"]["ok"] is True


def test_cli_writes_the_printable_page(runner, tmp_db, disputed, tmp_path):
    page = tmp_path / "report.html"
    result = run(runner, tmp_db, disputed[0], "--html", str(page), "--rules", str(tmp_path / "nowhere"))
    assert result.exit_code == 0, result.output
    text = page.read_text(encoding="utf-8")
    assert text.startswith("<!doctype html>") and "@media print" in text  # stands alone, prints
    assert 'id="flagged-20"' in text and "rule text not available" in text
    assert run(runner, tmp_db, disputed[0], "--format", "html").output.startswith("<!doctype html>")


@pytest.mark.parametrize(("args", "expected"), [
    (["m404"], "no match 'm404'"),
    (["MATCH", "--from", "0"], "from=0 is out of range"),
    (["MATCH", "--to", "99"], "to=99 is out of range"),
    (["MATCH", "--from", "20", "--to", "14"], "from=20 is after to=14"),
    (["MATCH", "--view", "P3"], "unknown view 'P3'"),
    (["MATCH", "--from", "x"], "'x' is not a valid integer"),
])
def test_cli_errors_are_one_line_messages(runner, tmp_db, disputed, args, expected):
    result = run(runner, tmp_db, *[disputed[0] if arg == "MATCH" else arg for arg in args])
    assert result.exit_code != 0
    assert expected in result.output
    assert "Traceback" not in result.output


# -- the API ------------------------------------------------------------------------------------------------------
def bearer(token: str | None) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"} if token else {}


def tokens(match_id: str, token: str, log) -> dict[str, str | None]:
    return {"judge": token, **player_tokens(log, match_id), "spectator": None}


def test_api_answers_the_report_as_json_in_the_readers_view(client, log, disputed):
    match_id, token = disputed
    for who, read_token in tokens(match_id, token, log).items():
        response = client.get(f"/api/matches/{match_id}/report?from=9&to=21", headers=bearer(read_token))
        assert response.status_code == 200, response.json
        assert response.json["view"] == who
        assert [item["seq"] for item in response.json["flagged"]] == [9, 14, 20, 21]
        assert response.json["seal"]["ok"] is True
    judge = client.get(f"/api/matches/{match_id}/report", headers=bearer(token)).json
    spectator = client.get(f"/api/matches/{match_id}/report").json
    assert "Wind Wall" in json.dumps(judge) and "Wind Wall" not in json.dumps(spectator)


def test_api_answers_the_printable_page(client, disputed):
    match_id, token = disputed
    response = client.get(f"/api/matches/{match_id}/report?format=html", headers=bearer(token))
    assert response.status_code == 200 and response.mimetype == "text/html"
    page = response.get_data(as_text=True)
    assert 'id="rewind-29"' in page and 'id="seal-code"' in page and "@media print" in page
    assert 'data-note="28"' in page  # the note about seq 20 is shown with it
    assert "Wind Wall" in page
    assert "Wind Wall" not in client.get(f"/api/matches/{match_id}/report?format=html").get_data(as_text=True)


@pytest.mark.parametrize(("who", "view", "status"), [
    ("spectator", "judge", 401), ("spectator", "P1", 401), ("P1", "judge", 403), ("P1", "P2", 403),
])
def test_api_refuses_a_view_the_reader_may_not_see(client, log, disputed, who, view, status):
    match_id, token = disputed
    response = client.get(f"/api/matches/{match_id}/report?view={view}",
                          headers=bearer(tokens(match_id, token, log)[who]))
    assert response.status_code == status
    assert "Wind Wall" not in response.get_data(as_text=True)


@pytest.mark.parametrize(("query", "status", "expected"), [
    ("from=x", 400, "from must be a whole number"),
    ("to=1.5", 400, "to must be a whole number"),
    ("from=0", 400, "from=0 is out of range"),
    ("to=99", 400, "to=99 is out of range"),
    ("from=21&to=9", 400, "from=21 is after to=9"),
    ("format=pdf", 400, "unknown format 'pdf'"),
    ("view=P9", 400, "unknown view 'P9'"),
])
def test_api_bad_parameters_are_400_naming_them(client, disputed, query, status, expected):
    response = client.get(f"/api/matches/{disputed[0]}/report?{query}", headers=bearer(disputed[1]))
    assert response.status_code == status
    assert expected in response.json["error"]


def test_api_an_unknown_match_is_404(client, disputed):
    response = client.get("/api/matches/m404/report")
    assert response.status_code == 404
    assert "m404" in response.json["error"]


def test_api_reads_the_rules_from_the_configured_directory(tmp_db, disputed, tmp_path):
    from web import create_app

    app = create_app({"TESTING": True, "DATABASE": str(tmp_db), "RULES": str(tmp_path / "nowhere")})
    page = app.test_client().get(f"/api/matches/{disputed[0]}/report?format=html", headers=bearer(disputed[1]))
    text = page.get_data(as_text=True)
    assert 'id="no-rules"' in text and "The rules texts were not available when this report was made" in text
    assert "rules quoted from" not in text and "no rules text quoted" in text  # the page never claims a quote


@needs_rules
def test_the_page_names_each_rule_by_its_document_not_its_file(client, disputed):
    page = client.get(f"/api/matches/{disputed[0]}/report?format=html",
                      headers=bearer(disputed[1])).get_data(as_text=True)
    assert "<footer>Riftbound Core Rules, later revision of rules 307-356</footer>" in page
    assert "000_98d4aed12c0ad2d9.txt" not in page
    assert "rules quoted from Riftbound Core Rules (2025-06-02)" in page


def test_the_page_says_each_change_in_words_and_each_rewind_as_what_it_undid(client, disputed):
    match_id, token = disputed
    page = html.unescape(client.get(f"/api/matches/{match_id}/report?format=html",
                                    headers=bearer(token)).get_data(as_text=True))
    assert "Dmitri's Sunlit Guardian (o12): hand → base, exhausted" in page
    assert "objects.o12" not in page and "players.P2.hand" not in page  # no raw paths
    rewind = page[page.index('id="rewind-29"'):]
    assert '<li data-seq="20"><span class="seq">#20</span> <code class="line">P2 play Clockwork Keeper $1</code>' in rewind
    assert "P2 concede" in rewind and "Dmitri's Clockwork Keeper (o9): base → hand" in rewind
    index = page[page.index('id="index"'):page.index('id="flagged"')]
    assert "#20" in index and "rules 334.1.a, 354.1" in index and "rewind to #19: undid #20–#28" in index


def test_a_long_note_is_folded_on_screen_with_a_way_to_read_it_whole(log, client, disputed):
    match_id, token = disputed
    long_note = "The players agree on the board state but not on the order of the plays. " * 135
    assert len(long_note) > 9_000
    log.append(match_id, [{"type": "note", "text": long_note, "about": 14}])
    page = client.get(f"/api/matches/{match_id}/report?format=html", headers=bearer(token)).get_data(as_text=True)
    assert f'<span class="fold" id="about-note-30">' in page and 'href="#about-note-30"' in page
    assert f"Read the whole note ({len(long_note):,} characters)" in page
    assert page.count(long_note) == 2  # whole in the page (printed whole), folded on screen by report.css


def test_api_page_says_when_the_match_cannot_be_sealed(client, disputed, tmp_db):
    match_id, token = disputed
    forge_the_note(tmp_db, match_id)
    page = client.get(f"/api/matches/{match_id}/report?format=html", headers=bearer(token)).get_data(as_text=True)
    assert 'id="seal-error"' in page and 'id="seal-code"' not in page


def test_the_report_gives_each_games_result_and_the_matchs_tr_408_410(client, log, rules):
    """Game 1 conceded, time called in game 2's setup, game 2 drawn by agreement: the match is Ana's on time."""
    from positions import transcript
    match_id, token = notation.import_match(log, transcript(
        "game 1: P1 first; P1 Zaun Warrens; P2 Altar to Unity", "P2 concede",
        "game 2: P1 first; P1 Back-Alley Bar; P2 Grove of the God-Willow", "time 3", "agreed draw", mode="match"))
    answer = report(log, match_id, rules=rules)
    assert answer["result"]["games"] == [
        {"game": 1, "result": "win", "winner": "P1", "by": "concession", "rule": "651"},
        {"game": 2, "result": "draw", "winner": None, "by": "agreement", "rule": "TR 410.1"}]
    assert answer["result"]["match"]["winner"] == "P1" and answer["result"]["match"]["rule"] == "TR 408.2.d"
    assert answer["result"]["time"]["called_at_seq"] == 5
    assert report(log, match_id, 1, 3, rules=rules)["result"]["games"][0]["by"] == "concession"
    page = client.get(f"/api/matches/{match_id}/report?format=html", headers=bearer(token)).get_data(as_text=True)
    assert "Game 2: drawn by agreement (rule TR 410.1)" in page
    assert "Match: Ana won" in " ".join(page.split()) and "by time (rule TR 408.2.d)" in page


@needs_rules
def test_the_golden_judged_match_reports_its_errors_remedies_penalties_backup_and_result_in_the_trs_words(
        client, log, rules):
    match_id, token = notation.import_match(log, (ROOT / "tests" / "data" / "golden_judged.rln").read_text(
        encoding="utf-8"))
    answer = report(log, match_id, rules=rules)
    errors = {entry["infraction"]: entry for entry in answer["errors"]}
    assert set(errors) == {"drawing_extra_cards", "missed_trigger"}
    trigger = errors["missed_trigger"]
    assert [quoted["number"] for quoted in trigger["rule_texts"]] == ["TR 702.2", "TR 702.2.f.2"]
    assert trigger["rule_texts"][1]["text"].startswith("Otherwise, the next opponent in turn order")
    assert [entry["penalty"] for entry in answer["penalties"]] == ["warning", "warning"]
    assert answer["result"]["match"]["result"] == "draw" and answer["result"]["time"]["turn"] == 1
    page = client.get(f"/api/matches/{match_id}/report?format=html", headers=bearer(token)).get_data(as_text=True)
    assert 'id="error-36"' in page and "who chose to resolve it (TR 702.2.f.2)" in page
    assert "Game 3: drawn by time (rule TR 408.2.b)" in page
