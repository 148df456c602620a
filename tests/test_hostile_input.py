"""Every parser a request without a token reaches, on its worst input of the largest size a request can carry
(issue 24): each must answer within LIMIT, where the code before took seconds to hours. And the deck list's limits
(lines, line length, "did you mean", deck codes, battlefields chosen), each a problem that names what was too long.

Each parse runs in a forked child, timed there, so that a parse that would take hours fails the test after
KILLED_AFTER seconds instead of holding it."""
from __future__ import annotations

import base64
import multiprocessing
import time
from collections.abc import Callable
from typing import Any

import pytest

from gallery import gallery_catalog
from replays import deckcodes, decklists
from replays.deckcodes import _varint
from replays.decklists import DeckProblems
from web import MAX_BODY, params

LIMIT = 1.0  # seconds a parse may take on its worst input (the old code: 2.5 s to hours)
KILLED_AFTER = 30.0  # seconds after which a parse that has not finished is killed and the test fails


@pytest.fixture(scope="module")
def catalog():
    return gallery_catalog("gallery")


def _timed(parse: Callable[..., Any], args: tuple, sender: Any) -> None:
    started = time.perf_counter()
    try:
        parse(*args)
    except DeckProblems:  # a parse may well refuse its input: how long it took to say so is what counts
        pass
    sender.send(time.perf_counter() - started)


def parse_seconds(parse: Callable[..., Any], *args: Any) -> float:
    """Seconds `parse(*args)` took in a forked child; infinity when it was still parsing after KILLED_AFTER."""
    context = multiprocessing.get_context("fork")
    receiver, sender = context.Pipe(duplex=False)
    child = context.Process(target=_timed, args=(parse, args, sender), daemon=True)
    child.start()
    took = receiver.recv() if receiver.poll(KILLED_AFTER) else float("inf")
    child.kill()
    child.join()
    return took


def text_of_size(line: str, size: int) -> str:
    """`line` repeated, one a line, to `size` characters."""
    return "\n".join([line] * (size // (len(line) + 1)))


# The worst lines for the deck list's old patterns: spaces that the heading's three `\s*` and its lazy title could
# share out in every way (4th-5th power of the line's length), and the like for a card's count.
HEADING_SPACES = "Main" + " " * (decklists.MAX_LINE - 5) + "!"
COUNT_SPACES = "Card" + " " * (decklists.MAX_LINE - 7) + "x 3!"


def test_the_json_body_check_is_linear_on_an_unclosed_string_of_escaped_quotes():
    body = b'"' + b'\\"' * ((MAX_BODY - 1) // 2)  # old: quadratic, 24 KB took 3.7-5.9 s, this hours
    assert parse_seconds(params._json_depth, body) < LIMIT


def test_the_json_body_check_still_measures_the_brackets_outside_strings():
    assert params._json_depth(b'{"a": "[[[[\\"{{", "b": [[1]]}') == 3
    assert params._json_depth(b'["unclosed [[[[') == 1  # an unclosed string runs to the end
    assert params._json_depth(b'"\\') == 0


@pytest.mark.parametrize("line", [HEADING_SPACES, COUNT_SPACES])
def test_a_deck_list_of_the_longest_pathological_lines_reads_in_time(catalog, line):
    text = "\n".join([line] * decklists.MAX_LINES)  # old: 0.8 s a line for the heading's
    assert parse_seconds(decklists.read_text, text, catalog) < LIMIT
    assert parse_seconds(decklists.leaves_champion_open, text, catalog) < LIMIT


def test_a_deck_list_of_one_megabyte_in_one_line_reads_in_time(catalog):
    text = "Main" + " " * (MAX_BODY - 6) + "!"  # old: the heading's pattern on a megabyte, for ever
    assert parse_seconds(decklists.read_text, text, catalog) < LIMIT
    assert parse_seconds(decklists.read_deck, text, catalog) < LIMIT


def test_a_megabyte_of_unknown_cards_reads_in_time(catalog):
    text = text_of_size("3 Zzyzx Qwerty Plumbago", MAX_BODY)  # old: a search of the catalog a line, ~2 minutes
    assert parse_seconds(decklists.read_text, text, catalog) < LIMIT


def test_a_megabyte_deck_code_reads_in_time(catalog):
    cards = (MAX_BODY * 5 // 8 - 20) // 3  # as many three-byte card numbers as a megabyte of base32 carries
    data = bytes([0x11]) + _varint(1) + _varint(cards) + bytes([0, 0]) + b"".join(
        _varint(number) for number in range(1 << 14, (1 << 14) + cards)) + bytes(11)
    code = base64.b32encode(data).decode("ascii").rstrip("=")
    assert parse_seconds(decklists.read_code, code, catalog) < LIMIT  # old: 2.5 s


def test_the_create_forms_deck_reads_in_time(catalog):
    from web.create import MAX_DECK, listed_of

    text = text_of_size(HEADING_SPACES, MAX_DECK)
    assert parse_seconds(listed_of, text, catalog) < LIMIT


# --- the deck list's limits -------------------------------------------------------------------------------------


def problems_of(read: Callable[..., Any], *args: Any, **options: Any) -> list[dict]:
    with pytest.raises(DeckProblems) as raised:
        read(*args, **options)
    return raised.value.problems


def test_a_line_longer_than_the_limit_is_a_problem_naming_it(catalog):
    long = "3 " + "Battle Mistress " * 20
    problems = problems_of(decklists.read_text, f"Legend: Battle Mistress\n{long}\n", catalog)
    assert {"line": 2, "message": f"the line is {len(long.strip()):,} characters long; a deck list's line is at "
                                  f"most {decklists.MAX_LINE} (a count and one card)"} in problems


def test_a_list_past_the_line_limit_names_the_first_line_not_read(catalog):
    text = "\n".join(["3 Zzyzx"] * (decklists.MAX_LINES + 50))
    problems = problems_of(decklists.read_text, text, catalog)
    past = [problem for problem in problems if problem.get("line") == decklists.MAX_LINES + 1]
    assert past == [{"line": decklists.MAX_LINES + 1,
                     "message": f"the list goes on past line {decklists.MAX_LINES} ({decklists.MAX_LINES + 50:,} "
                                f"lines): a deck list has at most {decklists.MAX_LINES} lines; the rest was not "
                                "read"}]
    assert max(problem.get("line", 0) for problem in problems) == decklists.MAX_LINES + 1


def test_only_the_first_unknown_cards_get_a_did_you_mean(catalog):
    text = "\n".join(["3 Battle Mistres"] * (decklists.HINTS + 2))
    problems = problems_of(decklists.read_text, text, catalog)
    unknown = [problem["message"] for problem in problems if "unknown card" in problem["message"]]
    assert len(unknown) == decklists.HINTS + 2
    assert all("did you mean 'Battle Mistress'" in message for message in unknown[:decklists.HINTS])
    assert not any("did you mean" in message for message in unknown[decklists.HINTS:])


def test_a_deck_code_longer_than_the_limit_is_refused_with_its_length():
    code = "CE" * deckcodes.MAX_CODE
    with pytest.raises(deckcodes.DeckCodeError, match=f"the deck code is {len(code):,} characters long; a deck "
                                                     f"code is at most {deckcodes.MAX_CODE:,}"):
        deckcodes.decode(code)


def test_more_battlefields_chosen_than_the_limit_is_a_problem(catalog):
    text = "Legend: Battle Mistress\n"
    chosen = ["Zzyzx"] * (decklists.MAX_CHOSEN_BATTLEFIELDS + 1)
    problems = problems_of(decklists.read_text, text, catalog,
                           choices=decklists.Choices(battlefields=chosen))
    assert {"message": f"{len(chosen)} battlefields chosen: choose at most {decklists.MAX_CHOSEN_BATTLEFIELDS} "
                       "(a player brings 3, 644.4.a)"} in problems
    assert not any("Zzyzx" in problem["message"] for problem in problems)


@pytest.mark.parametrize("line, heading", [
    ("Main Deck (40):", ("maindeck", "")), ("Legend: Battle Mistress", ("legend", "Battle Mistress")),
    ("Runes ( 12 ) : 6 Fury Rune", ("runes", "6 Fury Rune")), ("Side deck ()", ("sidedeck", "")),
    ("Battle Mistress (SFD-001)", None), ("Main (4", None), ("(3) Main", None), ("Main (3) (4)", None),
    ("Main\tDeck", None), ("Main: a: b", ("main", "a: b")),
])
def test_a_heading_is_read_as_the_old_pattern_read_it(line, heading):
    assert decklists._heading(line) == heading


@pytest.mark.parametrize("line, first, last", [
    ("3 Card", (3, "Card"), None), ("3x Card", (3, "Card"), None), ("3 x Card", (3, "Card"), None),
    ("3 Xayah", (3, "Xayah"), None), ("3xCard", None, None), ("Card x3", None, ("Card", 3)),
    ("Card ×  12", None, ("Card", 12)), ("x 3", None, None), ("Card 3", None, None),
    ("A x B x 3", None, ("A x B", 3)), ("12  Card", (12, "Card"), None),
])
def test_a_count_before_or_after_the_card_is_read_as_the_old_patterns_read_it(line, first, last):
    assert decklists._count_first(line) == first
    assert decklists._count_last(line) == last
