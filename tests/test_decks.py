"""Reading decks as people share them (replays.decklists): text lists and Piltover Archive deck codes, the two
real gallery decks of tests/data/decks, every problem a reader reports, and the surfaces (riftlog deck, riftlog
create with decks, POST /api/decks/parse)."""
from __future__ import annotations

import json
import re
from collections import Counter
from pathlib import Path

import pytest

import engine
from gallery import gallery_catalog
from replays import deckcodes, decklists
from replays.decklists import DeckProblems, read_code, read_deck, read_text
from riftlog_cli import cli

DECKS = Path(__file__).resolve().parent / "data" / "decks"
SIVIR_TEXT = DECKS / "spiritforged_sivir.txt"  # Spiritforged (SFD): Battle Mistress, Sivir, Mercenary
KAISA_CODE = DECKS / "origins_kaisa.code"  # Origins (OGN): Daughter of the Void, Kai'Sa, Survivor
# The Kai'Sa deck of Piltover Archive's README as its version 2 code: no chosen champion marked.
KAISA_V2 = ("CIAAAAAAAAAQCAAAA4AACAIAABMQAAILAAAAICIMDMOVOX3AM5UHIAIDAAACO6XYAEAQKAAABX3QDGACUABKIAQAAEBQAAAWDBOQCAQAABMHE")


@pytest.fixture(scope="module")
def catalog() -> engine.Catalog:
    return gallery_catalog("gallery")


def problems_of(read, *args) -> list[dict]:
    with pytest.raises(DeckProblems) as raised:
        read(*args)
    return raised.value.problems


def messages(problems: list[dict]) -> list[str]:
    return [f"{problem.get('line', problem.get('card', '-'))}: {problem['message']}" for problem in problems]


def created(catalog, *players: dict, policy: str = "strict") -> dict:
    event = {"type": "match_created", "abilities": "declared",
             "rules": "v1.3", "mode": "duel", "catalog": catalog.name, "policy": policy,
             "players": list(players)}
    return engine.apply(None, event, catalog)


# --- the two real decks --------------------------------------------------------------------------------------

def test_the_real_text_list_and_deck_code_make_a_match_the_engine_accepts(catalog):
    sivir = read_deck(SIVIR_TEXT.read_text(encoding="utf-8"), catalog, "Ana")
    kaisa = read_deck(KAISA_CODE.read_text(encoding="utf-8"), catalog, "Ben")
    state = created(catalog, sivir, kaisa)  # strict: any deck construction violation would be refused
    assert state["violations"] == []
    assert state["players"]["P1"]["legend_card"] == "Battle Mistress"
    assert state["players"]["P1"]["champion_card"] == "Sivir, Mercenary"
    assert state["players"]["P2"]["legend_card"] == "Daughter of the Void"
    assert state["players"]["P2"]["champion_card"] == "Kai'Sa, Survivor"
    assert [state["players"][p]["deck_count"] for p in ("P1", "P2")] == [40, 40]
    assert kaisa["sideboard"] == ["Thermo Beam"] * 2 + ["Void Seeker"] * 2 + ["Smoke Screen"] * 2 + \
        ["Mega-Mech", "Progress Day"]


def test_a_text_list_reads_into_the_players_entry(catalog):
    entry = read_text(SIVIR_TEXT.read_text(encoding="utf-8"), catalog, "Ana")
    assert list(entry) == ["name", "legend", "champion", "deck", "runes", "battlefields"]
    assert entry["deck"][0] == "Sivir, Mercenary" and Counter(entry["deck"])["Sivir, Mercenary"] == 3
    assert Counter(entry["runes"]) == {"Body Rune": 6, "Chaos Rune": 6}
    assert entry["battlefields"] == ["Forge of the Fluft", "Hall of Legends", "Treasure Hoard"]


def test_a_deck_code_is_the_list_it_was_made_from(catalog):
    entry = read_text(SIVIR_TEXT.read_text(encoding="utf-8"), catalog, "Ana")
    again = read_code(decklists.deck_code(entry, catalog), catalog, "Ana")
    assert {key: sorted(value) if isinstance(value, list) else value for key, value in again.items()} == \
        {key: sorted(value) if isinstance(value, list) else value for key, value in entry.items()}


def test_decoding_the_code_of_a_deck_gives_the_deck(catalog):
    code = KAISA_CODE.read_text(encoding="utf-8").strip()
    entry = read_code(code, catalog)
    assert decklists.deck_code(entry, catalog) == code
    assert deckcodes.encode(*deckcodes.decode(code)[:3]) == code


def test_without_a_marked_champion_the_champion_unit_of_the_legend_is_chosen_103_2_a_2(catalog):
    entry = read_code(KAISA_V2, catalog)  # Darius, Trifarian is a champion unit too, but not Kai'Sa's
    assert entry["champion"] == "Kai'Sa, Survivor"


def test_of_several_valid_champions_the_one_with_most_copies_then_the_first_listed_is_chosen(catalog):
    text = SIVIR_TEXT.read_text(encoding="utf-8").replace("Champion:\n1 Sivir, Mercenary\n", "")
    text = text.replace("2 On the Hunt", "2 Sivir, Ambitious\n1 On the Hunt")
    assert read_text(text, catalog)["champion"] == "Sivir, Mercenary"  # 2 copies of each: Mercenary is first
    text = text.replace("2 Sivir, Ambitious", "3 Sivir, Ambitious").replace("1 On the Hunt\n", "")
    assert read_text(text, catalog)["champion"] == "Sivir, Ambitious"  # 3 copies beat 2


# --- how people write lists -------------------------------------------------------------------------------------

@pytest.mark.parametrize("heading", ["MainDeck:", "Main Deck", "main deck (39)", "MAIN DECK: 39", "Deck:"])
def test_section_headings_are_read_in_any_case_with_or_without_a_colon_or_count(catalog, heading):
    text = SIVIR_TEXT.read_text(encoding="utf-8").replace("MainDeck:", heading)
    assert read_text(text, catalog)["champion"] == "Sivir, Mercenary"


@pytest.mark.parametrize("legend", ["Legend: Battle Mistress", "Legend: 1 Battle Mistress", "Legend Battle Mistress",
                                    "legend: SFD-250"])
def test_a_heading_may_carry_its_card_on_the_same_line(catalog, legend):
    text = SIVIR_TEXT.read_text(encoding="utf-8").replace("Legend:\n1 Battle Mistress", legend)
    assert read_text(text, catalog)["legend"] == "Battle Mistress"


def test_a_list_without_headings_is_sorted_by_card_type(catalog):
    text = SIVIR_TEXT.read_text(encoding="utf-8")
    bare = "\n".join(line for line in text.splitlines() if not line.endswith(":"))
    with_headings, without = read_text(text, catalog), read_text(bare, catalog)
    assert sorted(without.pop("deck")) == sorted(with_headings.pop("deck"))
    assert without == with_headings


@pytest.mark.parametrize("line", ["3 Sea Monkey", "3x Sea Monkey", "3 x Sea Monkey", "Sea Monkey x3", "3 sea monkey",
                                  "3 SFD-098", "3 SFD-098/221", "3 Sea Monkey (SFD-098)", "3 sfd-98"])
def test_a_card_is_named_by_name_or_code_with_its_count_before_or_after(catalog, line):
    text = SIVIR_TEXT.read_text(encoding="utf-8").replace("3 Sea Monkey", line)
    assert Counter(read_text(text, catalog)["deck"])["Sea Monkey"] == 3


@pytest.mark.parametrize("reference, name", [
    ("OGN-030", "Jinx, Demolitionist"), ("OGN-030/298", "Jinx, Demolitionist"), ("OGN-030a", "Jinx, Demolitionist"),
    ("OGS-001", "Annie, Fiery"), ("OGS-001/024", "Annie, Fiery"), ("VEN-SP3/006", "Ahri, Inquisitive"),
    ("SFD-227*", "Ahri, Inquisitive"), ("SFD-227s", "Ahri, Inquisitive"), ("VEN-R04", "Body Rune"),
    ("OGN-299*", "Daughter of the Void"), ("UNL-T05", "Gold"),
])
def test_a_card_may_be_named_by_any_printing_variant_or_reprint(catalog, reference, name):
    assert catalog.card(reference)["name"] == name


def test_curly_apostrophes_are_read_as_straight_ones(catalog):
    text = SIVIR_TEXT.read_text(encoding="utf-8").replace("3 Doran's Blade", "3 Doran\u2019s Blade")
    assert Counter(read_text(text, catalog)["deck"])["Doran's Blade"] == 3


def test_comments_and_blank_lines_are_skipped(catalog):
    text = "# my deck\n\n// tuned for the league\n" + SIVIR_TEXT.read_text(encoding="utf-8") + "\n\n"
    assert read_text(text, catalog)["legend"] == "Battle Mistress"


# --- what a reader reports ------------------------------------------------------------------------------------

def sivir_with(old: str, new: str) -> str:
    text = SIVIR_TEXT.read_text(encoding="utf-8")
    assert old in text
    return text.replace(old, new)


def line_of(text: str, content: str) -> int:
    return text.splitlines().index(content) + 1


@pytest.mark.parametrize("old, new, expected", [
    ("3 Sea Monkey", "3 Sea Monky", "unknown card 'Sea Monky' in catalog 'gallery' (did you mean 'Sea Monkey'?)"),
    ("3 Sea Monkey", "3 Zzyzx Qqq", "unknown card 'Zzyzx Qqq' in catalog 'gallery'"),
    ("3 Sea Monkey", "three Sea Monkey", "the count 'three' of 'Sea Monkey' is not a number of copies"),
    ("3 Sea Monkey", "3.5 Sea Monkey", "the count '3.5' of 'Sea Monkey' is not a number of copies"),
    ("3 Sea Monkey", "0 Sea Monkey", "0 copies of 'Sea Monkey': a count is a whole number from 1"),
    ("3 Sea Monkey", "3 Fury Rune", "'Fury Rune' is a Rune, which does not belong in the Main Deck section"),
    ("1 Hall of Legends", "1 Sea Monkey", "'Sea Monkey' is a Unit, which does not belong in the Battlefields"),
])
def test_a_line_that_cannot_be_read_is_named_with_its_problem(catalog, old, new, expected):
    text = sivir_with(old, new)
    found = problems_of(read_text, text, catalog)
    assert any(problem.get("line") == line_of(text, new) and expected in problem["message"] for problem in found), \
        messages(found)


def test_every_problem_is_listed_at_once_in_line_order(catalog):
    text = sivir_with("3 Sea Monkey", "3 Sea Monky").replace("2 Loyal Pup", "two Loyal Pup")
    found = problems_of(read_text, text, catalog)
    assert [problem.get("line") for problem in found][:2] == [line_of(text, "3 Sea Monky"),
                                                               line_of(text, "two Loyal Pup")]
    assert any(problem.get("rule") == "103.2" for problem in found)  # and the deck, 35 cards, is short (103.2)


def test_no_legend_is_a_problem_103_1(catalog):
    text = sivir_with("Legend:\n1 Battle Mistress\n", "")
    assert "no legend: the deck names no Champion Legend (103.1)" in [p["message"] for p in
                                                                    problems_of(read_text, text, catalog)]


def test_two_legends_are_a_problem_103_1(catalog):
    text = sivir_with("1 Battle Mistress", "1 Battle Mistress\n1 Daughter of the Void")
    found = problems_of(read_text, text, catalog)
    assert found[0]["line"] == line_of(text, "1 Battle Mistress")
    assert "a deck has one Champion Legend (103.1)" in found[0]["message"]


def test_a_champion_section_of_several_copies_is_unclear_103_2_a(catalog):
    text = sivir_with("Champion:\n1 Sivir, Mercenary", "Champion:\n3 Sivir, Mercenary")
    found = problems_of(read_text, text, catalog)
    assert found[0]["line"] == line_of(text, "3 Sivir, Mercenary")
    assert "names the one chosen champion (103.2.a)" in found[0]["message"]


def test_a_deck_without_a_champion_unit_of_the_legend_is_a_problem_103_2_a_2(catalog):
    text = sivir_with("Champion:\n1 Sivir, Mercenary\n", "").replace("2 Sivir, Mercenary\n", "3 Sea Monkey\n")
    found = problems_of(read_text, text, catalog)
    assert any("no chosen champion" in p["message"] and "(103.2.a.2)" in p["message"] for p in found)


def test_a_chosen_champion_of_another_legend_is_the_engines_problem_at_its_line_103_2_a_2(catalog):
    text = sivir_with("Champion:\n1 Sivir, Mercenary", "Champion:\n1 Draven, Audacious")
    found = problems_of(read_text, text, catalog)
    assert {"line": line_of(text, "1 Draven, Audacious"), "rule": "103.2.a.2",
            "message": "the player's chosen champion 'Draven, Audacious' is not a champion unit with the champion "
                       "tag of their legend 'Battle Mistress'"} in found


@pytest.mark.parametrize("old, new, rule", [
    ("3 Sea Monkey", "4 Sea Monkey", "103.2.b"),
    ("3 Sea Monkey", "3 Cleave", "103.1.b.3"),
    ("2 On the Hunt", "2 Bullet Time", "103.2.d.2"),  # Miss Fortune's Signature spell, Body/Chaos
    ("3 Sea Monkey", "3 Sprite", "176"),
    ("6 Chaos Rune", "5 Chaos Rune", "103.3.a"),
    ("1 Treasure Hoard", "1 Baron Pit", "176"),
    ("1 Treasure Hoard", "1 Hall of Legends", "v1.3 103.4.c"),
])
def test_the_engines_deck_construction_problems_are_reported_with_their_line(catalog, old, new, rule):
    text = sivir_with(old, new)
    found = problems_of(read_text, text, catalog)
    assert rule in [problem.get("rule") for problem in found], messages(found)
    card_problems = [problem for problem in found if problem.get("rule") == rule and "line" in problem]
    assert all(problem["line"] == line_of(text, new) for problem in card_problems)


@pytest.mark.parametrize("sideboard, rule", [
    ("Sideboard:\n3 Punch First\n3 Sea Monkey\n3 Loyal Pup\n2 Cleave", "TR 601.1.c.1"),  # 11: July's 10 + 1
    ("Sideboard:\n1 Cleave", "TR 601.1.c.2"),
    ("Sideboard:\n1 Sprite", "TR 601.1.c.2"),
    ("Sideboard:\n1 Punch First", "TR 601.1.c.3"),
])
def test_a_sideboard_is_checked_as_the_constructed_format_says(catalog, sideboard, rule):
    text = SIVIR_TEXT.read_text(encoding="utf-8") + sideboard + "\n"
    assert rule in [problem.get("rule") for problem in problems_of(read_text, text, catalog)]


def test_a_legal_sideboard_is_part_of_the_entry(catalog):
    entry = read_text(SIVIR_TEXT.read_text(encoding="utf-8") + "Sideboard:\n1 Sivir, Ambitious\n", catalog)
    assert entry["sideboard"] == ["Sivir, Ambitious"]


@pytest.mark.parametrize("source, expected", [
    ("", "the deck is empty"),
    ("   \n", "the deck is empty"),
    ("CMAAAAAAAAAAAAAAAEAQAAAHAEAQ", "the deck code ends early"),
    (deckcodes.encode([("OGN-999", 1), ("OGN-247", 1)]), "OGN-999: unknown card code 'OGN-999'"),
    (deckcodes.encode([("OGN-247", 1)], [], "OGN-039"), "OGN-039: the chosen champion \"Kai'Sa, Survivor\" is not "
                                                        "among the deck's cards"),
    (deckcodes.encode([("OGN-247", 1)], [], "OGN-998"), "OGN-998: unknown chosen champion code 'OGN-998'"),
    (deckcodes.encode([("OGN-247", 1)], [], None, ["OGN-251"]), "OGN-251: the code lists additional legends"),
    (deckcodes.encode([("OGN-007", 12)]), "no legend"),
])
def test_a_deck_code_that_cannot_be_read_names_the_card(catalog, source, expected):
    found = problems_of(read_deck, source, catalog)
    assert any(expected in line for line in messages(found)), messages(found)


def test_the_problems_read_as_one_message(catalog):
    with pytest.raises(DeckProblems) as raised:
        read_text(sivir_with("3 Sea Monkey", "3 Sea Monky"), catalog)
    assert str(raised.value).startswith("2 problems in the deck:\n- line 9: unknown card 'Sea Monky'")


# --- riftlog deck, riftlog create, POST /api/decks/parse -------------------------------------------------------

@pytest.fixture
def gallery_db(tmp_db, log, catalog):
    log.import_catalog(catalog)
    return tmp_db


def run(runner, *args):
    return runner.invoke(cli, [str(arg) for arg in args], catch_exceptions=False)


def test_riftlog_deck_prints_the_entry_of_a_list_or_a_code(runner, gallery_db):
    result = run(runner, "deck", SIVIR_TEXT, "--catalog", "gallery", "--name", "Ana", "--db", gallery_db)
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout)["name"] == "Ana"
    code = KAISA_CODE.read_text(encoding="utf-8").strip()
    result = run(runner, "deck", code, "--catalog", "gallery", "--db", gallery_db)
    assert json.loads(result.stdout)["champion"] == "Kai'Sa, Survivor"
    result = run(runner, "deck", SIVIR_TEXT, "--catalog", "gallery", "--to-code", "--db", gallery_db)
    assert read_code(result.stdout.strip(), gallery_catalog("gallery"))["legend"] == "Battle Mistress"


def test_riftlog_deck_prints_every_problem_and_fails(runner, gallery_db, tmp_path):
    deck = tmp_path / "deck.txt"
    deck.write_text(sivir_with("3 Sea Monkey", "3 Sea Monky"))
    result = run(runner, "deck", deck, "--catalog", "gallery", "--db", gallery_db)
    assert result.exit_code == 1 and "Traceback" not in result.output
    assert "line 9: unknown card 'Sea Monky' in catalog 'gallery' (did you mean 'Sea Monkey'?)" in result.stderr
    assert "103.2" not in result.stdout
    result = run(runner, "deck", tmp_path / "absent.txt", "--db", gallery_db)
    assert result.exit_code == 1 and f"no such file: {tmp_path / 'absent.txt'}" in result.stderr
    result = run(runner, "deck", "Sivir's deck", "--db", gallery_db)  # no path, no code
    assert result.exit_code == 1 and "neither a deck list file nor a deck code" in result.stderr
    result = run(runner, "deck", SIVIR_TEXT, "--catalog", "nope", "--db", gallery_db)
    assert result.exit_code == 1 and "no catalog named 'nope'" in result.stderr


def test_riftlog_create_takes_a_list_file_or_a_code_per_player(runner, gallery_db, log):
    code = KAISA_CODE.read_text(encoding="utf-8").strip()
    result = run(runner, "create", "--p1", f"Ana={SIVIR_TEXT}", "--p2", f"Ben={code}", "--catalog", "gallery",
                 "--db", gallery_db)
    assert result.exit_code == 0, result.output
    state = log.state_at(json.loads(result.stdout)["id"], 1)
    assert [state["players"][player]["name"] for player in ("P1", "P2")] == ["Ana", "Ben"]
    assert state["violations"] == []


def test_riftlog_create_reads_a_file_holding_a_deck_code_as_that_code(runner, gallery_db, log):
    """`--p2 Ben=kaisa.code`, a file with the code and a newline (as tests/data/decks/origins_kaisa.code): read as
    the code, as the creation form reads it pasted; a walk got "line 1: unknown card 'CMAAAA...'" and nothing made."""
    assert KAISA_CODE.read_text(encoding="utf-8").endswith("\n")
    result = run(runner, "create", "--p1", f"Ana={SIVIR_TEXT}", "--p2", f"Ben={KAISA_CODE}", "--catalog", "gallery",
                 "--db", gallery_db)
    assert result.exit_code == 0, result.output
    state = log.state_at(json.loads(result.stdout)["id"], 1)
    assert state["players"]["P2"]["champion_card"] == "Kai'Sa, Survivor" and state["violations"] == []


def test_riftlog_create_reads_decklist_and_deck_code_fields_of_a_match_file(runner, gallery_db, log, tmp_path):
    match_file = tmp_path / "match.json"
    match_file.write_text(json.dumps({"mode": "duel", "catalog": "gallery", "players": [
        {"name": "Ana", "decklist": SIVIR_TEXT.read_text(encoding="utf-8")},
        {"name": "Ben", "deck_code": KAISA_CODE.read_text(encoding="utf-8").strip()}]}))
    result = run(runner, "create", match_file, "--db", gallery_db)
    assert result.exit_code == 0, result.output
    state = log.state_at(json.loads(result.stdout)["id"], 1)
    assert state["players"]["P2"]["champion_card"] == "Kai'Sa, Survivor"


@pytest.mark.parametrize("args, message", [
    ([], "give a match_created FILE, or both players' decks"),
    (["--p1", "Ana=x"], "give a match_created FILE, or both players' decks"),
    (["--p1", "Ana", "--p2", "Ben=CMAAAAAAAAAAAAAAAEAQAAAHAEAQ"], "--p1 takes NAME=DECK"),
    (["--p1", f"Ana={SIVIR_TEXT}", "--p2", "Ben=CMAAAAAAAAAAAAAAAEAQAAAHAEAQ", "--catalog", "gallery"],
     "P2: the deck code ends early"),
])
def test_riftlog_create_with_decks_refuses_what_it_cannot_read(runner, gallery_db, args, message):
    result = run(runner, "create", *args, "--db", gallery_db)
    assert result.exit_code == 1 and message in result.stderr, result.output


@pytest.mark.parametrize("deck, message", [
    ("missing.txt", "no such file: missing.txt"),  # a '.' extension: a deck code never has one
    ("decks/ana", "no such file: decks/ana"),  # a '/': a folder
    ("{tmp}", "{tmp} is a folder, not a deck list file"),
])
def test_riftlog_create_says_a_deck_file_that_is_not_there_is_not_there(runner, gallery_db, log, tmp_path, deck,
                                                                        message):
    """Not "a deck code is letters A-Z and digits 2-7; this one has '.'": the user meant a file. Nothing is made."""
    deck, message = deck.format(tmp=tmp_path), message.format(tmp=tmp_path)
    code = KAISA_CODE.read_text(encoding="utf-8").strip()
    result = run(runner, "create", "--p1", f"Ana={deck}", "--p2", f"Ben={code}", "--catalog", "gallery",
                 "--db", gallery_db)
    assert result.exit_code == 1 and message in result.stderr and "deck code" not in result.stderr, result.output
    assert log.match_count() == 0


def test_api_parses_a_list_and_a_code(client, gallery_db):
    answer = client.post("/api/decks/parse", json={"text": SIVIR_TEXT.read_text(encoding="utf-8"),
                                                   "catalog": "gallery", "name": "Ana"})
    assert answer.status_code == 200 and answer.get_json()["champion"] == "Sivir, Mercenary"
    answer = client.post("/api/decks/parse", json={"code": KAISA_CODE.read_text(encoding="utf-8"),
                                                   "catalog": "gallery"})
    assert answer.status_code == 200 and answer.get_json()["legend"] == "Daughter of the Void"


def test_api_answers_400_with_every_problem(client, gallery_db):
    answer = client.post("/api/decks/parse", json={"text": sivir_with("3 Sea Monkey", "three Sea Monkey"),
                                                   "catalog": "gallery"})
    assert answer.status_code == 400
    body = answer.get_json()
    assert body["error"].startswith("2 problems in the deck")
    assert body["problems"][0] == {"line": 9, "message": "the count 'three' of 'Sea Monkey' is not a number of "
                                                          "copies (write `3 Sea Monkey`)"}
    assert body["problems"][1]["rule"] == "103.2"


@pytest.mark.parametrize("body, status, message", [
    ({"text": "1 Cleave", "code": "CMAA"}, 400, "give the deck as one string"),
    ({}, 400, "give the deck as one string"),
    ({"text": 3}, 400, "give the deck as one string"),
    ({"text": "1 Cleave", "deck": []}, 400, "unknown fields ['deck']"),
    ({"text": "1 Cleave", "catalog": 7}, 400, "catalog and name must be strings"),
    ({"text": "1 Cleave", "catalog": "nope"}, 404, "no catalog named 'nope'"),
    ([1], 400, "the body must be a JSON object"),
])
def test_api_refuses_a_request_it_cannot_read(client, gallery_db, body, status, message):
    answer = client.post("/api/decks/parse", json=body)
    assert answer.status_code == status and message in answer.get_json()["error"]


def test_api_creates_a_match_from_players_given_by_decks(client, gallery_db):
    answer = client.post("/api/matches", json={"mode": "duel", "catalog": "gallery", "players": [
        {"name": "Ana", "decklist": SIVIR_TEXT.read_text(encoding="utf-8")},
        {"name": "Ben", "deck_code": KAISA_CODE.read_text(encoding="utf-8").strip()}]})
    assert answer.status_code == 201, answer.get_json()
    answer = client.post("/api/matches", json={"mode": "duel", "catalog": "gallery", "players": [
        {"name": "Ana", "decklist": "1 Sea Monky"}, {"name": "Ben", "deck_code": "x", "legend": "Cleave"}]})
    assert answer.status_code == 400
    assert [problem["player"] for problem in answer.get_json()["problems"]][-1] == "P2"


# --- the notation's header --------------------------------------------------------------------------------------

def test_a_notation_header_takes_a_deck_code_per_player(catalog):
    from replays import notation

    sivir = read_text(SIVIR_TEXT.read_text(encoding="utf-8"), catalog)
    text = (f'[Mode "duel"]\n[Catalog "gallery"]\n[P1 "Ana"]\n[P1DeckCode "{decklists.deck_code(sivir, catalog)}"]\n'
            f'[P2 "Ben"]\n[P2DeckCode "{KAISA_CODE.read_text(encoding="utf-8").strip()}"]\n')
    created_event = notation.parse_match(text, catalog)[0]
    assert created_event["players"][0]["legend"] == "Battle Mistress"
    assert sorted(created_event["players"][0]["deck"]) == sorted(sivir["deck"])
    assert created_event["players"][1]["champion"] == "Kai'Sa, Survivor" and "sideboard" not in \
        created_event["players"][1]
    again = notation.parse_match(notation.write_match([created_event], catalog), catalog)[0]
    assert again == created_event  # the writer writes the lists, which read back to the same event


@pytest.mark.parametrize("tags, message", [
    ('[P1DeckCode "CMAAAAAAAAAAAAAAAEAQ"]', "the deck code does not read: the deck code ends early"),
    ('[P1DeckCode "CMAAAAAAAAAAAAAAAEAQ"] [P1Deck "1 Cleave"]', "expected [P1DeckCode] or [P1Deck], not both"),
])
def test_a_notation_header_refuses_a_deck_code_it_cannot_read(catalog, tags, message):
    from replays import notation

    text = (f'[Mode "duel"]\n[Catalog "gallery"]\n[P1 "Ana"]\n' + tags.replace("] [", "]\n[") +
            f'\n[P2 "Ben"]\n[P2DeckCode "{KAISA_CODE.read_text(encoding="utf-8").strip()}"]\n')
    with pytest.raises(notation.NotationError, match=re.escape(message)):
        notation.parse_match(text, catalog)


def test_a_notation_header_keeps_an_illegal_coded_deck_for_the_engine_to_flag(catalog):
    from replays import notation

    illegal = deckcodes.encode(deckcodes.decode(KAISA_CODE.read_text(encoding="utf-8")).main[1:], [], "OGN-039")
    text = (f'[Mode "duel"]\n[Policy "audit"]\n[Catalog "gallery"]\n[P1 "Ana"]\n[P1DeckCode "{illegal}"]\n'
            f'[P2 "Ben"]\n[P2DeckCode "{KAISA_CODE.read_text(encoding="utf-8").strip()}"]\n')
    event = notation.parse_match(text, catalog)[0]
    assert "103.3.a" in [violation["rule"] for violation in engine.apply(None, event, catalog)["violations"]]
