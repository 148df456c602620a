"""The riftlog command line through click's CliRunner: each command, and each user error as a clean message with
exit status 1 (never a traceback)."""
from __future__ import annotations

import json
import sqlite3
from pathlib import Path

import pytest

from engine.views import as_sent
import recorder
from positions import COMBAT, transcript
from replays import notation
from riftlog_cli import cli

GALLERY = {
    "count": 2,
    "cards": [
        {"name": "Void Seeker", "code": "OGN-024/298", "collectorNumber": 24, "type": "Spell", "domains": ["Fury"],
         "energy": "3", "power": None, "might": None, "tags": [],
         "rulesText": "Riftbound Spell: Void Seeker. Deal 4 to a unit at a battlefield. Draw 1."},
        {"name": "Stalwart Poro", "code": "OGN-045/298", "collectorNumber": 45, "type": "Unit", "domains": ["Calm"],
         "energy": "2", "power": None, "might": "2", "tags": ["Poro"],
         "rulesText": "Riftbound Unit: Stalwart Poro. [Shield]"},
    ],
}


def run(runner, *args, input=None):
    """Invoke `riftlog ARGS`; the result keeps stdout and stderr apart."""
    return runner.invoke(cli, [str(arg) for arg in args], input=input, catch_exceptions=False)


def assert_user_error(result, message: str) -> None:
    """A clean failure: exit status 1, "Error: ..." naming the problem, no traceback."""
    assert result.exit_code == 1, result.output
    assert message in result.stderr
    assert "Traceback" not in result.output


@pytest.fixture
def created(runner, tmp_db, tmp_path, duel_created, duel_game):
    """A strict duel created with `riftlog create` and set up with `riftlog append` (head seq 6): (id, token)."""
    match_file = tmp_path / "match.json"
    match_file.write_text(json.dumps(duel_created))
    result = run(runner, "--db", tmp_db, "create", match_file)
    assert result.exit_code == 0, result.output
    answer = json.loads(result.stdout)
    events_file = tmp_path / "setup.json"
    events_file.write_text(json.dumps(duel_game(0)))
    assert run(runner, "append", answer["id"], events_file, "--token", answer["token"], "--db", tmp_db).exit_code == 0
    return answer["id"], answer["token"]


# --- the group -----------------------------------------------------------------------------------------------


@pytest.mark.parametrize("flag", ["--help", "-h"])
def test_help_lists_the_commands(runner, flag):
    result = run(runner, flag)
    assert result.exit_code == 0
    for command in ("demo", "serve", "append", "show", "verify", "catalog", "create"):
        assert command in result.stdout


def test_version(runner):
    result = run(runner, "--version")
    assert result.exit_code == 0
    assert result.stdout.startswith("riftlog ")


@pytest.mark.parametrize("where", ["group", "command", "envvar"])
def test_db_is_accepted_before_or_after_the_command_or_from_the_environment(runner, tmp_db, monkeypatch, where):
    args = {"group": ["--db", tmp_db, "demo"], "command": ["demo", "--db", tmp_db], "envvar": ["demo"]}[where]
    if where == "envvar":
        monkeypatch.setenv("RIFTLOG_DB", str(tmp_db))
    result = run(runner, *args)
    assert result.exit_code == 0, result.output
    assert result.stdout.split() == [f"m{number}" for number in range(1, 10)]
    assert tmp_db.exists()


def test_db_defaults_to_riftlog_db_in_the_working_directory(runner, tmp_path, monkeypatch):
    monkeypatch.delenv("RIFTLOG_DB", raising=False)
    monkeypatch.chdir(tmp_path)
    assert run(runner, "demo").exit_code == 0
    assert (tmp_path / "riftlog.db").exists()


# --- demo ----------------------------------------------------------------------------------------------------


def test_demo_again_keeps_every_match_and_records_only_what_is_missing(runner, tmp_db, duel_created):
    first = run(runner, "--db", tmp_db, "demo")
    assert first.stdout.split() == [f"m{number}" for number in range(1, 10)]
    assert "recorded 9 sample matches" in first.stderr
    created = run(runner, "--db", tmp_db, "create", "-", input=json.dumps(duel_created))
    assert created.exit_code == 0
    again = run(runner, "--db", tmp_db, "demo")
    assert again.stdout.split() == [] and "the sample matches are recorded already" in again.stderr
    assert [match["id"] for match in recorder.Log(tmp_db).matches()] == [f"m{number}" for number in range(1, 11)]


# --- create and append ---------------------------------------------------------------------------------------


def test_create_prints_id_and_token(runner, tmp_db, duel_created):
    result = run(runner, "--db", tmp_db, "create", "-", input=json.dumps(duel_created))
    assert result.exit_code == 0
    answer = json.loads(result.stdout)
    assert answer["id"] == "m1" and len(answer["token"]) > 20


@pytest.mark.parametrize("content, message", [
    ("{oops", "is not valid JSON"),
    ("[]", "expected a match_created event"),
    ('{"type": "draw", "player": "P1", "cards": []}', "match_created"),
    ('{"type": "match_created", "mode": "duel", "players": [], "catalog": "nope"}', "nope"),
])
def test_create_refuses_a_bad_file(runner, tmp_db, content, message):
    assert_user_error(run(runner, "--db", tmp_db, "create", "-", input=content), message)


def test_create_from_a_missing_file(runner, tmp_db, tmp_path):
    assert_user_error(run(runner, "--db", tmp_db, "create", tmp_path / "absent.json"), "cannot read match")


@pytest.mark.parametrize("shape", ["event", "list", "events"])
def test_append_takes_an_event_a_list_or_an_events_object(runner, tmp_db, created, duel_game, shape):
    match_id, token = created
    channel, draw = duel_game(1)[5:7]
    payload = {"event": channel, "list": [channel, draw], "events": {"events": [channel, draw]}}[shape]
    result = run(runner, "--db", tmp_db, "append", match_id, "-", "--token", token, input=json.dumps(payload))
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout)["seq"] == (7 if shape == "event" else 8)


@pytest.mark.parametrize("wrap", ["event", "events"])
def test_append_reads_expected_seq_beside_the_events_as_the_api_does(runner, tmp_db, created, duel_game, wrap):
    match_id, token = created
    channel = duel_game(1)[5]
    payload = {"event": channel} if wrap == "event" else {"events": [channel]}
    stale = json.dumps({**payload, "expected_seq": 99})
    result = run(runner, "--db", tmp_db, "append", match_id, "-", "--token", token, input=stale)
    assert_user_error(result, "is at seq 6, not 99")


def test_append_with_expected_seq_and_idempotency_key(runner, tmp_db, created, duel_game):
    match_id, token = created
    events = json.dumps(duel_game(1)[5:7])
    args = ["--db", tmp_db, "append", match_id, "--token", token, "--expected-seq", 6, "--idempotency-key", "k1"]
    first = run(runner, *args, input=events)
    retry = run(runner, *args, input=events)
    assert first.exit_code == retry.exit_code == 0
    assert first.stdout == retry.stdout
    stale = run(runner, "--db", tmp_db, "append", match_id, "--token", token, "--expected-seq", 6,
                input=json.dumps(duel_game(1)[7]))
    assert_user_error(stale, "is at seq 8, not 6")


@pytest.mark.parametrize("case, message", [
    ("unknown match", "no match 'm9'"),
    ("wrong token", "wrong token for match m1"),
    ("bad json", "stdin is not valid JSON"),
    ("not events", "expected one event"),
    ("malformed event", "unknown event type 'teleport'"),
    ("illegal event", "refused"),
])
def test_append_user_errors(runner, tmp_db, created, case, message):
    match_id, token = created
    match_arg, token_arg, payload = match_id, token, '{"type": "end_turn", "player": "P1"}'
    if case == "unknown match":
        match_arg = "m9"
    elif case == "wrong token":
        token_arg = "not-the-token"
    elif case == "bad json":
        payload = '{"type": '
    elif case == "not events":
        payload = "[1, 2]"
    elif case == "malformed event":
        payload = '{"type": "teleport"}'
    elif case == "illegal event":
        payload = '{"type": "end_turn", "player": "P2"}'
    result = run(runner, "--db", tmp_db, "append", match_arg, "--token", token_arg, input=payload)
    assert_user_error(result, message)
    if case == "illegal event":
        assert "516.6" in result.stderr


def test_commands_that_read_need_an_existing_database(runner, tmp_path):
    missing = tmp_path / "missing.db"
    assert_user_error(run(runner, "--db", missing, "show", "m1"), f"no database at {missing}")
    assert not missing.exists()


@pytest.mark.parametrize("command", [
    ["demo"], ["create", "{match}"], ["import", "{rln}"], ["catalog", "import", "{gallery}"], ["serve", "--port", "0"],
    ["append", "m1", "{match}", "--token", "t"], ["show", "m1"], ["verify", "m1"], ["seal", "m1"], ["export", "m1"],
    ["report", "m1"],
])
def test_every_command_names_a_missing_folder_of_the_database(runner, tmp_path, duel_created, command):
    """`--db` in a folder that does not exist: one line naming the folder, no traceback, nothing created."""
    (tmp_path / "match.json").write_text(json.dumps(duel_created))
    (tmp_path / "gallery.json").write_text(json.dumps(GALLERY))
    (tmp_path / "m.rln").write_text((Path(__file__).parent / "data" / "golden_strict.rln").read_text(encoding="utf-8"))
    files = {"match": tmp_path / "match.json", "gallery": tmp_path / "gallery.json", "rln": tmp_path / "m.rln"}
    database = tmp_path / "nope" / "x.db"
    result = run(runner, "--db", database, *[part.format(**files) for part in command])
    assert_user_error(result, f"the folder {tmp_path / 'nope'} does not exist")
    assert not (tmp_path / "nope").exists()


def test_the_log_names_a_missing_folder_or_a_folder_in_place_of_the_database(tmp_path):
    with pytest.raises(recorder.CannotOpen, match="the folder .*nope does not exist"):
        recorder.Log(tmp_path / "nope" / "x.db")
    with pytest.raises(recorder.CannotOpen, match="it is a folder, not a file"):
        recorder.Log(tmp_path)


# --- show ----------------------------------------------------------------------------------------------------


def test_show_prints_a_text_summary(runner, tmp_db, demo_ids):
    result = run(runner, "--db", tmp_db, "show", demo_ids[0], "--at", 30)
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert lines[0].startswith(f"match {demo_ids[0]}  seq 30/")
    assert "turn 5" in result.stdout
    assert "chain (bottom to top): c6 Shakedown" in result.stdout
    assert any(line.startswith("event 30: ") for line in lines)


def test_show_json_is_the_state_as_the_view_sees_it(runner, tmp_db, demo_ids):
    result = run(runner, "--db", tmp_db, "show", demo_ids[0], "--at", 12, "--json", "--view", "spectator")
    assert result.exit_code == 0
    state = json.loads(result.stdout)
    assert state["seq"] == 12
    hand = state["players"]["P1"]["hand"]
    assert hand and not any(state["objects"][ref]["card"] for ref in hand)


@pytest.mark.parametrize("args, message", [
    (["m99"], "no match 'm99'"),
    (["m1", "--at", "0"], "--at 0 is out of range"),
    (["m1", "--at", "500"], "--at 500 is out of range"),
    (["m1", "--view", "P5"], "unknown view 'P5'"),
    (["m1", "--at", "x"], "'x' is not a valid integer"),
])
def test_show_user_errors(runner, tmp_db, demo_ids, args, message):
    result = run(runner, "--db", tmp_db, "show", *args)
    assert result.exit_code != 0
    assert message in result.stderr
    assert "Traceback" not in result.output


# --- verify --------------------------------------------------------------------------------------------------


def test_verify_a_sound_match(runner, tmp_db, demo_ids):
    result = run(runner, "--db", tmp_db, "verify", demo_ids[1])
    assert result.exit_code == 0
    assert json.loads(result.stdout)["ok"] is True


def test_verify_fails_at_the_edited_seq(runner, tmp_db, created):
    match_id, _ = created
    with sqlite3.connect(tmp_db) as connection:
        connection.execute('UPDATE events SET hash = ? WHERE "match" = ? AND seq = 4', ["0" * 64, match_id])
    result = run(runner, "--db", tmp_db, "verify", match_id)
    assert_user_error(result, f"match {match_id} fails verification at seq 4")
    assert json.loads(result.stdout)["bad_seq"] == 4


def test_verify_an_unknown_match(runner, tmp_db, demo_ids):
    assert_user_error(run(runner, "--db", tmp_db, "verify", "m42"), "no match 'm42'")


# --- catalog import ------------------------------------------------------------------------------------------


def test_catalog_import_names_the_catalog_after_the_file(runner, tmp_db, tmp_path, log):
    gallery = tmp_path / "origins.json"
    gallery.write_text(json.dumps(GALLERY))
    result = run(runner, "--db", tmp_db, "catalog", "import", gallery)
    assert result.exit_code == 0, result.output
    answer = json.loads(result.stdout)
    assert answer["name"] == "origins" and answer["cards"] >= 2
    assert log.catalog("origins").card("Void Seeker")["energy"] == 3


def test_catalog_import_with_a_name(runner, tmp_db, tmp_path, log):
    gallery = tmp_path / "cards.json"
    gallery.write_text(json.dumps(GALLERY))
    result = run(runner, "catalog", "import", gallery, "--name", "league-night", "--db", tmp_db)
    assert json.loads(result.stdout)["name"] == "league-night"
    assert "Stalwart Poro" in log.catalog("league-night")


@pytest.mark.parametrize("content, message", [
    ("{not json", "is not valid JSON"),
    ("[1, 2]", "is not a card gallery"),
    ('{"sets": []}', "no 'cards' list"),
    ('{"cards": [{"name": 3}]}', "field 'name'"),
    ('{"cards": [{"name": "X", "code": "OGN-1", "type": "Planet", "domains": []}]}', "field 'type'"),
])
def test_catalog_import_refuses_a_bad_file(runner, tmp_db, tmp_path, content, message):
    gallery = tmp_path / "bad.json"
    gallery.write_text(content)
    assert_user_error(run(runner, "--db", tmp_db, "catalog", "import", gallery), message)


def test_catalog_import_refuses_a_missing_file_and_the_demo_name(runner, tmp_db, tmp_path):
    assert_user_error(run(runner, "--db", tmp_db, "catalog", "import", tmp_path / "absent.json"), "cannot read")
    gallery = tmp_path / "cards.json"
    gallery.write_text(json.dumps(GALLERY))
    assert_user_error(run(runner, "--db", tmp_db, "catalog", "import", gallery, "--name", "demo"), "built-in")


# --- serve ---------------------------------------------------------------------------------------------------


def test_serve_runs_the_app_on_the_database(runner, tmp_db, monkeypatch):
    calls = []

    def serve(build_app, host, port, listener):
        calls.append((build_app(), host, port, listener.getsockname()))
        listener.close()

    monkeypatch.setattr("web.serving.serve", serve)
    result = run(runner, "serve", "--db", tmp_db, "--port", 0)  # 0: a free port, which the command names
    assert result.exit_code == 0
    [(app, host, port, bound)] = calls
    assert (app.config["DATABASE"], host, bound[0]) == (str(tmp_db), "127.0.0.1", "127.0.0.1")
    assert port == bound[1] and f"http://127.0.0.1:{port}/" in result.stdout


def test_serve_debug_runs_werkzeugs_development_server(runner, tmp_db, monkeypatch):
    calls = []
    monkeypatch.setattr("flask.Flask.run", lambda app, **options: calls.append((app.config["DATABASE"], options)))
    monkeypatch.setattr("web.serving.serve", lambda *args: pytest.fail("--debug must not start the production server"))
    result = run(runner, "serve", "--db", tmp_db, "--port", 5077, "--debug")
    assert result.exit_code == 0
    assert calls == [(str(tmp_db), {"host": "127.0.0.1", "port": 5077, "debug": True})]


def test_export_then_import_records_the_same_match(runner, tmp_db, tmp_path, demo_ids, log):
    exported = run(runner, "--db", tmp_db, "export", demo_ids[1], "-o", tmp_path / "audit.rln")
    assert exported.exit_code == 0 and (tmp_path / "audit.rln").read_text().startswith('[Mode "duel"]')
    imported = run(runner, "--db", tmp_db, "import", tmp_path / "audit.rln")
    assert imported.exit_code == 0, imported.output
    new_id = json.loads(imported.stdout)["id"]
    assert [as_sent(row["event"]) for row in log.events(new_id)] == \
        [as_sent(row["event"]) for row in log.events(demo_ids[1])]
    assert run(runner, "--db", tmp_db, "export", new_id).stdout == (tmp_path / "audit.rln").read_text()


def test_import_of_a_bad_notation_names_the_line_and_records_nothing(runner, tmp_db, tmp_path, demo_ids, log):
    text = run(runner, "--db", tmp_db, "export", demo_ids[0]).stdout.replace("P1 pass", "P1 passes", 1)
    (tmp_path / "bad.rln").write_text(text)
    result = run(runner, "--db", tmp_db, "import", tmp_path / "bad.rln")
    assert_user_error(result, "line ")
    assert len(log.matches()) == len(demo_ids)


@pytest.mark.parametrize("args, message", [
    (["export", "m99"], "m99"),
    (["import", "missing.rln"], "cannot read notation missing.rln"),
])
def test_import_and_export_user_errors(runner, tmp_db, demo_ids, args, message):
    assert_user_error(run(runner, "--db", tmp_db, *args), message)


def test_show_says_what_a_pass_passed(runner, tmp_db):
    with recorder.Log(tmp_db) as log:
        match_id, _ = notation.import_match(log, transcript(*COMBAT))
    result = run(runner, "--db", tmp_db, "show", match_id, "--at", 4)
    assert result.exit_code == 0, result.output
    assert "event 4: P1 passes Focus" in result.stdout
