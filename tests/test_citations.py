"""Citations by rules edition (issue 25, engine/citations.py): each violation cites the rule of its match's edition
that says what its message claims, every number cited exists in that edition's text, a v1.3 match keeps today's
citations byte for byte, and the dispute report quotes the edition's own words (replays/rules_text.py)."""
from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from engine import citations
from engine.citations import TABLE, cite
from replays import rules_text
from replays.report import rule_text
from table import WITH_UNITS, Table

ROOT = Path(__file__).resolve().parent.parent
RULES = rules_text.default_dir()
_LINE = re.compile(r"(\d{3}(?:\.[0-9a-z]+)*)\.?[ \t]")
# String constants of the engine shaped like a rule number that are no citation: the TR's infraction categories
# (engine/infractions.py keys its sections 702, 703, 704).
NOT_CITATIONS = {"702", "703", "704"}


def numbers_of(prefix: str) -> set[str]:
    """The rule numbers of a one-rule-a-line text, read from the starts of its lines."""
    path, = RULES.glob(f"{prefix}*.txt")
    return {found.group(1) for line in path.read_text(encoding="utf-8").splitlines()
            if (found := _LINE.match(line))}


def exists(citation: str, edition: str) -> bool:
    """Whether the document `citation` names has that rule: `v1.4 N`, `v1.3 N`, `TR N` (the Tournament Rules of
    the match's edition), or a bare number of the 2025 texts (004 and the later revision of 307-356)."""
    prefix, _, number = citation.rpartition(" ")
    if prefix in ("v1.3", "v1.4"):
        return number in numbers_of(f"core-rules-{prefix}")
    if prefix == "TR":
        return number in numbers_of(f"tournament-rules-{rules_text.EDITION_TR[edition]}")
    assert prefix == "", citation
    return number in rules_text.load(RULES).document_rules("2025")


def engine_citations() -> set[str]:
    """Every string constant of engine/*.py shaped like a citation (`334.1.a`, `v1.3 316.2.b.1`, `TR 702.2`)."""
    shaped = re.compile(r"(v1\.[34] |TR )?\d{3}(\.[0-9a-z]+)*")
    found = set()
    for path in (ROOT / "engine").glob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Constant) and isinstance(node.value, str) and shaped.fullmatch(node.value):
                found.add(node.value)
    return found - NOT_CITATIONS


def under(edition: str, line: str = WITH_UNITS, policy: str = "strict") -> Table:
    """A table whose state carries the rules edition `edition` (as a match created under it will)."""
    table = Table(policy)
    table.state["rules"] = edition
    return table.do(f"position {line}")


def test_every_citation_the_engine_makes_is_in_the_table():
    missing = engine_citations() - set(TABLE)
    assert not missing, f"citations with no entry in engine/data/citations.json: {sorted(missing)}"


@pytest.mark.parametrize("edition", citations.EDITIONS)
def test_every_number_the_engine_can_cite_exists_in_its_editions_text(edition):
    cited = {rule: cite(rule, edition) for rule in TABLE}
    absent = sorted(f"{rule} -> {citation}" for rule, citation in cited.items() if not exists(citation, edition))
    assert not absent, f"{edition}: cited numbers the text does not have: {absent}"


def test_a_v1_3_match_keeps_every_citation_as_it_is():
    assert all(cite(rule, "v1.3") == rule for rule in TABLE)


def test_a_v1_4_match_cites_v1_4_except_where_v1_4_no_longer_says_it():
    kept = citations.changed_in_v14()
    assert kept and all(note for note in kept.values())  # each says why
    for rule in TABLE:
        cited = cite(rule, "v1.4")
        assert cited.startswith(("v1.4 ", "TR ")) or (rule in kept and cited == rule), (rule, cited)


def test_a_2025_match_cites_the_2025_number_where_the_2025_text_says_the_same():
    assert cite("v1.3 369", "2025") == "573"  # Replacement Effects intercede...: 2025 573, the same words
    assert cite("v1.3 316.2.b.1", "2025") == "v1.3 316.2.b.1"  # 2025 516.2.b.1 has no invitation: kept
    assert cite("334.1.a", "2025") == "334.1.a"


def test_a_citation_the_table_does_not_list_is_cited_as_it_is():
    assert cite("rewind", "v1.4") == "rewind"


def test_an_unknown_edition_is_an_error_that_names_it():
    with pytest.raises(ValueError, match="unknown rules edition 'v9'"):
        cite("334.1.a", "v9")


def test_a_non_reaction_card_while_a_chain_exists_cites_v1_4_338_1_a():
    table = under("v1.4").do("P1 play Shakedown -> Stalwart Poro $2 / Fury Rune", "P1 pass")
    refusal = table.refuses("P2 play Rune Prison -> Legion Rearguard $1", rule="v1.4 338.1.a")
    assert "334.1.a" not in str(refusal)


def test_a_non_reaction_card_while_a_chain_exists_flagged_in_audit_cites_v1_4_338_1_a_and_357_1():
    table = under("v1.4", policy="audit").do("P1 play Shakedown -> Stalwart Poro $2 / Fury Rune", "P1 pass")
    table.flags("P2 play Clockwork Keeper $1", rule="v1.4 338.1.a")
    assert table.rules() == ["v1.4 338.1.a", "v1.4 357.1"]  # and short of Energy: paying costs, v1.4 357.1


def test_units_are_played_to_a_battlefield_only_if_its_player_controls_it_cites_v1_4_355_2():
    under("v1.4").refuses("P1 play Flame Chompers @bf2 $2", rule="v1.4 355.2")


def test_a_tank_must_be_assigned_lethal_damage_first_cites_v1_4_815_1_b():
    from positions import ARENA
    table = under("v1.4", ARENA).do("P1 move Legion Rearguard; Chemtech Enforcer; Flame Chompers -> bf2",
                                    "P1 pass", "P2 pass")
    table.refuses("P1 assign Stalwart Poro 9", rule="v1.4 815.1.b")


def test_the_same_play_in_a_match_with_no_edition_cites_as_today():
    table = Table.with_units().do("P1 play Shakedown -> Stalwart Poro $2 / Fury Rune", "P1 pass")
    assert "rules" not in table.state
    table.refuses("P2 play Rune Prison -> Legion Rearguard $1", rule="334.1.a")


def test_a_v1_4_citation_is_quoted_from_the_v1_4_text():
    quoted = rule_text(rules_text.load(RULES), "v1.4 338.1.a", "v1.4")
    assert quoted["source"].startswith("core-rules-v1.4")
    assert quoted["document"] == "Riftbound Core Rules v1.4 (2026-07-16)"
    assert quoted["text"] == "Play a Card or Activated Ability that is legally timed."


def test_a_tr_number_is_quoted_from_the_tournament_rules_of_the_matchs_edition():
    rules = rules_text.load(RULES)
    july = rule_text(rules, "TR 601.1.c.1", "v1.4")
    april = rule_text(rules, "TR 601.1.c.1", "v1.3")
    assert "10 or fewer" in july["text"] and july["document"] == "Riftbound Tournament Rules (2026-07-16)"
    assert "8 or fewer" in april["text"] and april["document"] == "Riftbound Tournament Rules (2026-05-02)"
    assert [number for number, _ in rules.quote("TR 701.5.d", "v1.4").subrules][:1] == ["TR 701.5.d.1"]


def test_a_number_a_text_lacks_says_which_edition_lacks_it():
    rules = rules_text.load(RULES)
    assert rules.missing("TR 999.1", "v1.4") == \
        "rule text not available: the Tournament Rules of 2026-07-16 have no rule 999.1"
    assert rules.missing("v1.4 999.9") == "rule text not available: Core Rules v1.4 have no rule 999.9"


def test_quoting_under_an_unknown_edition_is_an_error_that_names_it():
    with pytest.raises(ValueError, match="unknown rules edition 'v0'"):
        rules_text.load(RULES).quote("TR 701.5.d", "v0")
    with pytest.raises(ValueError, match="no rules document 'v0'"):
        rules_text.load(RULES).document_rules("v0")
