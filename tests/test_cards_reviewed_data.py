"""Every reviewed effects entry of engine/cards/data/ (issue 26: a small reviewed data file per card the compiler
cannot read) reviews a line the card prints, says why in its `note`, and is what the compiler answers for that line
(`source` "data", nothing unread). One test for every file, whichever helper's cards they are."""
from __future__ import annotations

import json

import pytest

from gallery_table import gallery_catalog

from engine.cards import reviewed
from engine.cards.effects import compile_ability

ENTRIES = [json.loads(path.read_text(encoding="utf-8")) for path in sorted(reviewed.DATA.glob("*.json"))]
WITH_EFFECTS = [entry["name"] for entry in ENTRIES if any("effects" in line for line in entry["abilities"])]


def test_every_data_file_names_its_card_and_reviews_some_part_of_a_line():
    assert ENTRIES and WITH_EFFECTS
    for entry in ENTRIES:
        assert reviewed.entry(entry["name"]) == entry  # its file name is the card's slug
        assert entry["abilities"] and all("text" in line and set(line) - {"text"} for line in entry["abilities"])


@pytest.mark.parametrize("name", WITH_EFFECTS)
def test_each_reviewed_line_is_the_cards_own_and_compiles_from_the_data_with_nothing_unread(name: str):
    entry = reviewed.entry(name)
    assert entry is not None and entry["note"]
    for ability in (line for line in entry["abilities"] if "effects" in line):
        [printed] = [line for line in gallery_catalog().card(name)["abilities"] if line["text"] == ability["text"]]
        compiled = compile_ability(printed, name)
        assert compiled["source"] == "data" and compiled["unread"] == [] and compiled["effects"] == ability["effects"]
