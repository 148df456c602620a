"""With the organiser's software (replays/organiser.py): a round's pairings imported into the tournament page, and
the round's match results exported as JSON and CSV (`riftlog pairings import`, `riftlog results`)."""
from __future__ import annotations

import csv
import io
import json
from pathlib import Path

import pytest

import recorder
import riftlog_cli
from replays import demo, notation, organiser
from replays.errors import ReplayError
from stores import on_both_stores
from table import CATALOG
from test_rules_more_players import SETUP_2V2, SETUP_FFA3

DOCS = Path(__file__).resolve().parents[1] / "docs"
SETUP_EVENTS = [
    {"type": "game_started", "game": 1, "first_player": "P1",
     "battlefields": {"P1": "Zaun Warrens", "P2": "Altar to Unity"}},
    {"type": "draw", "player": "P1", "cards": ["Legion Rearguard", "Shakedown", "Hard Bargain", "Gust"]},
    {"type": "draw", "player": "P2", "cards": ["Stalwart Poro", "Discipline", "Clockwork Keeper", "Rune Prison"]},
    {"type": "mulligan", "player": "P1", "set_aside": []}, {"type": "mulligan", "player": "P2", "set_aside": []},
]
WARNING = {"type": "penalty", "player": "P2", "infraction": "slow_play", "penalty": "warning", "rule": "TR 703.2"}


def create(log: recorder.Log, table: int, mode: str = "match", round_: int = 1) -> str:
    created = demo.match_created("strict", "Regional", mode)
    created["info"].update(table=table, round=round_)
    match_id, _ = log.create_match(created)
    log.append(match_id, SETUP_EVENTS)
    return match_id


@pytest.fixture
def round_one(log):
    """Round 1 of "Regional": table 1 won 2-0 by Ben, who had a warning; table 2 at 1-0 for Ana, undecided."""
    first, second = create(log, 1), create(log, 2)
    log.append(first, [WARNING, {"type": "concede", "player": "P1"},
                       {"type": "game_started", "game": 2, "first_player": "P1",
                        "battlefields": {"P1": "Back-Alley Bar", "P2": "Fortified Position"}},
                       {"type": "concede", "player": "P1"}])
    log.append(second, [{"type": "concede", "player": "P2"}])
    return first, second


@on_both_stores
def test_a_rounds_results_give_games_won_draws_result_and_penalties(log, round_one):
    first, second = round_one
    results = organiser.round_results(log, "Regional", "1")
    assert [(entry["table"], entry["match"]) for entry in results] == [("1", first), ("2", second)]
    decided, going = results
    assert [(player["name"], player["games_won"]) for player in decided["players"]] == [("Ana", 0), ("Ben", 2)]
    assert decided["result"] == "win" and decided["winner"] == "Ben" and decided["draws"] == 0
    assert decided["penalties"] == [{"seq": 7, "name": "Ben", "infraction": "slow_play", "infraction_name": "Slow Play",
                                     "penalty": "warning", "rule": "TR 703.2", "applies": "record"}]
    assert going["result"] is None and going["winner"] is None
    assert [player["games_won"] for player in going["players"]] == [1, 0]


@on_both_stores
def test_a_rounds_results_keep_each_games_result_beside_the_matchs_tr_204_3_g(log, round_one):
    decided, going = organiser.round_results(log, "Regional", "1")
    assert decided["games"] == [
        {"game": 1, "result": "win", "winner": "Ben", "by": "concession", "rule": "651"},
        {"game": 2, "result": "win", "winner": "Ben", "by": "concession", "rule": "651"}]
    assert (decided["rules"], decided["best_of"]) == ("v1.3", 3)
    assert going["games"] == [{"game": 1, "result": "win", "winner": "Ana", "by": "concession", "rule": "651"}]


def test_a_v1_4_best_of_five_reports_its_format_edition_and_drawn_games_tr_204_3_g(log):
    created = demo.match_created("strict", "Regional", "match")
    created.update(rules="v1.4", best_of=5)
    created["info"].update(table=7, round=3)
    match_id, _ = log.create_match(created)
    log.append(match_id, [*SETUP_EVENTS, {"type": "agreed_draw"}])
    entry, = organiser.round_results(log, "Regional", "3")
    assert (entry["rules"], entry["best_of"], entry["draws"]) == ("v1.4", 5, 1)
    assert entry["games"] == [{"game": 1, "result": "draw", "winner": None, "by": "agreement", "rule": "TR 410.1"}]


def test_the_games_csv_is_a_row_per_game_tr_204_3_g(log, round_one):
    rows = list(csv.DictReader(io.StringIO(organiser.games_csv(organiser.round_results(log, "Regional", "1")))))
    assert [(row["table"], row["game"], row["result"], row["winner"], row["by"], row["rule"]) for row in rows] == [
        ("1", "1", "win", "Ben", "concession", "651"), ("1", "2", "win", "Ben", "concession", "651"),
        ("2", "1", "win", "Ana", "concession", "651")]
    assert rows[0]["match"] == round_one[0] and (rows[0]["rules"], rows[0]["best_of"]) == ("v1.3", "3")


def test_the_results_csv_is_a_row_per_table(log, round_one):
    rows = list(csv.DictReader(io.StringIO(organiser.results_csv(organiser.round_results(log, "Regional", "1")))))
    assert rows[0] == {"event": "Regional", "round": "1", "table": "1", "match": round_one[0], "mode": "match",
                       "player1": "Ana", "player2": "Ben", "player3": "", "player4": "",
                       "team1": "", "team2": "", "team3": "", "team4": "",
                       "games_won1": "0", "games_won2": "2", "games_won3": "", "games_won4": "", "draws": "0",
                       "result": "win", "winner": "Ben", "penalties": "Ben: warning Slow Play (TR 703.2)"}
    assert rows[1]["result"] == "" and rows[1]["games_won1"] == "1"


def record_lines(log: recorder.Log, match_id: str, *lines: str) -> None:
    """Append the events of notation lines, each read against the match's state so far."""
    for line in lines:
        log.append(match_id, notation.parse_events(line, log.state_at(match_id), CATALOG))


@pytest.fixture
def round_of_more_players(log):
    """Round 2 of "Regional": FFA3 at table 1 won by Cai (Ana and Ben conceded, 651.1), FFA4 at table 2 going on
    after Dee conceded, and 2v2 at table 3 won by Blue when Cai (Red) conceded (v1.3 484.6.a.1)."""
    matches = []
    for table, mode in enumerate(("ffa3", "ffa4", "2v2"), 1):
        created = demo.match_created("strict", "Regional", mode)
        created["info"].update(table=table, round=2)
        matches.append(log.create_match(created)[0])
    ffa3, ffa4, two_v_two = matches
    record_lines(log, ffa3, *SETUP_FFA3, "P1 concede", "P2 concede")
    record_lines(log, ffa4, *demo.mode_game_text("ffa4").split("\n\n", 1)[1].splitlines()[:9], "P4 concede")
    record_lines(log, two_v_two, *SETUP_2V2, "P3 concede")
    return ffa3, ffa4, two_v_two


def test_every_player_of_a_three_or_four_player_match_is_in_the_results(log, round_of_more_players):
    ffa3, ffa4, two_v_two = organiser.round_results(log, "Regional", "2")
    assert [entry["mode"] for entry in (ffa3, ffa4, two_v_two)] == ["ffa3", "ffa4", "2v2"]
    assert [(player["name"], player["team"], player["games_won"]) for player in ffa3["players"]] == [
        ("Ana", None, 0), ("Ben", None, 0), ("Cai", None, 1)]
    assert (ffa3["result"], ffa3["winner"]) == ("win", "Cai")
    assert [player["name"] for player in ffa4["players"]] == ["Ana", "Ben", "Cai", "Dee"]
    assert (ffa4["result"], ffa4["winner"]) == (None, None)
    # 2v2: the team wins the game and the match (v1.3 484.6.a.3), so each teammate has won it
    assert [(player["name"], player["team"], player["games_won"]) for player in two_v_two["players"]] == [
        ("Ana", "Blue", 1), ("Ben", "Blue", 1), ("Cai", "Red", 0), ("Dee", "Red", 0)]
    assert (two_v_two["result"], two_v_two["winner"]) == ("win", "Blue")


def test_the_results_csv_carries_the_third_and_fourth_players_and_the_teams(log, round_of_more_players):
    rows = list(csv.DictReader(io.StringIO(organiser.results_csv(organiser.round_results(log, "Regional", "2")))))
    seats = [[row[f"{column}{seat}"] for seat in range(1, 5)] for row in rows for column in ("player", "team",
                                                                                           "games_won")]
    assert seats == [["Ana", "Ben", "Cai", ""], ["", "", "", ""], ["0", "0", "1", ""],
                     ["Ana", "Ben", "Cai", "Dee"], ["", "", "", ""], ["0", "0", "0", "0"],
                     ["Ana", "Ben", "Cai", "Dee"], ["Blue", "Blue", "Red", "Red"], ["1", "1", "0", "0"]]
    assert [(row["mode"], row["result"], row["winner"]) for row in rows] == [
        ("ffa3", "win", "Cai"), ("ffa4", "", ""), ("2v2", "win", "Blue")]


def test_the_results_csv_refuses_a_match_with_more_players_than_its_columns_naming_it(log, round_one):
    results = organiser.round_results(log, "Regional", "1")
    results[1]["players"] = results[1]["players"] * 3  # six players: no mode has them (yet)
    with pytest.raises(ReplayError) as refused:
        organiser.results_csv(results)
    assert str(refused.value) == (f"the results CSV has columns for 4 players; table 2 (match {round_one[1]}) has 6: "
                                  "export the round as JSON, which lists every player")


def test_riftlog_results_exports_json_and_csv(runner, tmp_db, log, round_one, tmp_path):
    as_json = runner.invoke(riftlog_cli.cli, ["results", "Regional", "--round", "1", "--db", str(tmp_db)])
    assert as_json.exit_code == 0, as_json.output
    assert [entry["winner"] for entry in json.loads(as_json.output)] == ["Ben", None]
    out = tmp_path / "round1.csv"
    as_csv = runner.invoke(riftlog_cli.cli, ["results", "Regional", "--round", "1", "--format", "csv", "-o", str(out),
                                             "--db", str(tmp_db)])
    assert as_csv.exit_code == 0, as_csv.output
    assert out.read_text().splitlines()[0] == ",".join(organiser.CSV_FIELDS)
    per_game = runner.invoke(riftlog_cli.cli, ["results", "Regional", "--round", "1", "--format", "csv", "--per",
                                               "game", "--db", str(tmp_db)])
    assert per_game.exit_code == 0, per_game.output
    assert per_game.output.splitlines()[0] == ",".join(organiser.GAME_CSV_FIELDS)
    assert len(per_game.output.splitlines()) == 4  # the header and the three games of the round
    missing = runner.invoke(riftlog_cli.cli, ["results", "Regional", "--round", "9", "--db", str(tmp_db)])
    assert missing.exit_code == 1 and "no match and no pairing names round 9 of event 'Regional'" in missing.output


def test_a_pairings_csv_is_read_with_or_without_its_header():
    assert organiser.read_pairings("table,player1,player2\n1,Ana,Ben\n\n2, Cleo ,Dario\n") == [
        ("1", "Ana", "Ben"), ("2", "Cleo", "Dario")]
    assert organiser.read_pairings("12,Ana,Ben") == [("12", "Ana", "Ben")]


def test_a_bad_pairings_csv_names_every_problem_with_its_line():
    with pytest.raises(organiser.PairingsProblems) as problems:
        organiser.read_pairings("1,Ana,Ben\n2,Cleo\n1,Dario,Eve\n3,Ana,Finn\n4,Gus,Gus\n")
    assert problems.value.problems == [
        "line 2: expected three values, table, player, player; got ['2', 'Cleo']",
        "line 3: table 1 is paired twice (line 1 too)",
        "line 4: Ana is paired twice in the round (line 1 too)",
        "line 5: Gus cannot play themselves"]
    with pytest.raises(organiser.PairingsProblems, match="no pairings"):
        organiser.read_pairings("table,player1,player2\n")


def test_imported_pairings_fill_the_tournament_page_and_a_new_import_replaces_them(client, tmp_db, runner, log):
    match_id = create(log, 2)
    pairings = tmp_path_file(tmp_db, "1,Cleo,Dario\n2,Ana,Ben\n3,Eve,Finn\n")
    imported = runner.invoke(riftlog_cli.cli, ["pairings", "import", str(pairings), "--event", "Regional", "--round",
                                               "1", "--db", str(tmp_db)])
    assert imported.exit_code == 0, imported.output
    assert [table["table"] for table in json.loads(imported.output)["tables"]] == ["1", "2", "3"]
    page = client.get("/tournament", query_string={"event": "Regional", "round": "1"}).get_data(as_text=True)
    assert page.count("paired; no match recorded yet") == 2 and f'data-match="{match_id}"' in page
    assert page.index("Cleo") < page.index(match_id) < page.index("Eve")  # by table
    assert "Regional · round 1" in client.get("/tournament").get_data(as_text=True)
    again = tmp_path_file(tmp_db, "1,Cleo,Eve\n")
    assert runner.invoke(riftlog_cli.cli, ["pairings", "import", str(again), "--event", "Regional", "--round", "1",
                                           "--db", str(tmp_db)]).exit_code == 0
    page = client.get("/tournament", query_string={"event": "Regional", "round": "1"}).get_data(as_text=True)
    assert page.count("paired; no match recorded yet") == 1 and "Dario" not in page
    results = organiser.round_results(log, "Regional", "1")
    assert [(entry["table"], entry["match"]) for entry in results] == [("1", None), ("2", match_id)]


@on_both_stores
def test_a_round_with_only_pairings_is_a_page_and_an_unknown_round_is_404(client, log):
    organiser.import_pairings(log, "1,Ana,Ben\n", "Regional", "4")
    assert client.get("/tournament", query_string={"event": "Regional", "round": "4"}).status_code == 200
    assert client.get("/tournament", query_string={"event": "Regional", "round": "5"}).status_code == 404


def test_a_bad_pairings_file_is_refused_whole(runner, tmp_db, log):
    organiser.import_pairings(log, "1,Ana,Ben\n", "Regional", "1")
    bad = tmp_path_file(tmp_db, "1,Cleo,Dario\n2,Eve\n")
    result = runner.invoke(riftlog_cli.cli, ["pairings", "import", str(bad), "--event", "Regional", "--round", "1",
                                             "--db", str(tmp_db)])
    assert result.exit_code == 1 and "line 2: expected three values" in result.output
    assert recorder.pairings.of_round(log, "Regional", "1") == [{"table": "1", "players": ["Ana", "Ben"]}]


def test_the_documented_example_files_are_read():
    pairings = (DOCS / "examples" / "pairings-round1.csv").read_text(encoding="utf-8")
    assert len(organiser.read_pairings(pairings)) >= 2
    results = list(csv.DictReader(io.StringIO((DOCS / "examples" / "results-round1.csv").read_text(encoding="utf-8"))))
    assert list(results[0]) == list(organiser.CSV_FIELDS)
    assert {row["mode"]: [row[f"player{seat}"] for seat in range(1, 5)] for row in results if row["mode"]}[
        "2v2"] == ["Jo", "Kim", "Lea", "Max"]  # the example shows a four-player match whole


def tmp_path_file(tmp_db: Path, text: str) -> Path:
    path = tmp_db.with_name(f"pairings-{abs(hash(text))}.csv")
    path.write_text(text, encoding="utf-8")
    return path
