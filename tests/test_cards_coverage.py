"""Honest coverage (issue 26): scripts/gallery_coverage.py classifies each gallery name ENFORCED, PARTLY (naming the
parts taken on the recorder's word) or NOT RECORDABLE, per set, from engine/cards/coverage.py, which asks each
module of engine/cards for the parts of an ability it does not read (a module not there reads nothing)."""
from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from engine.cards import coverage, effects
from gallery import gallery_catalog, gallery_file

ROOT = Path(__file__).resolve().parent.parent
NOTHING_ELSE = {"triggers": None, "statics": None, "effects": effects.unread_parts}


def card(name: str) -> dict:
    return gallery_catalog().card(name)


def test_a_spell_whose_every_op_target_and_amount_is_compiled_has_nothing_unread():
    assert coverage.unread(card("Hextech Ray"), NOTHING_ELSE) == []   # "Deal 3 to a unit at a battlefield."
    assert coverage.unread(card("The Ruination"), NOTHING_ELSE) == []  # "Kill all units."


def test_a_target_the_compiler_cannot_read_is_named():
    assert coverage.unread(card("Arcane Shift"), NOTHING_ELSE) == [
        "banish-a-friendly: effect target: 'a friendly unit, then its owner plays it, ignoring its cost'"]


def test_a_part_whose_module_is_absent_is_named_as_not_compiled():
    assert coverage.unread(card("Starhound"), NOTHING_ELSE) == [
        "when-you-play: trigger (not compiled: engine/cards/triggers.py absent)"]


def test_a_part_a_present_module_reads_is_not_named():
    reading = {**NOTHING_ELSE, "triggers": lambda ability, entry: []}
    assert coverage.unread(card("Starhound"), reading) == []


def test_a_triggers_pay_cost_is_its_cost_part_not_its_effects():
    """Icevale Archer-like "When I attack, you may pay [1] to ...": the payment is the trigger's base cost (v1.4
    403.1.b.1), read by the statics/costs module."""
    ability = {"kind": "triggered", "text": "When I hold, you may pay [1] to draw 1."}
    assert coverage.parts(ability) == ["trigger", "effect", "cost"]
    assert effects.unread_parts(ability, None) == []
    assert coverage.unread({"abilities": [ability]}, NOTHING_ELSE) == [
        "ability 0: trigger (not compiled: engine/cards/triggers.py absent)",
        "ability 0: cost (not compiled: engine/cards/statics.py absent)"]


def test_the_parts_of_each_kind_of_ability():
    assert coverage.parts({"kind": "triggered", "text": "When I hold, you score 1 point."}) == ["trigger", "effect"]
    assert coverage.parts({"kind": "activated", "text": "[T]: Draw 1.", "condition": "Legion"}) == [
        "cost", "effect", "condition"]
    assert coverage.parts({"kind": "static", "keyword": "Assault", "text": "[Assault]"}) == []
    assert coverage.parts({"kind": "static", "text": "Your Mechs have +1 [S]."}) == ["static"]


def test_the_script_prints_each_name_with_its_class_and_the_totals_per_set():
    path = gallery_file()
    if path is None:
        pytest.skip("the card gallery ../shared/data/cards.json is absent")
    result = subprocess.run([sys.executable, str(ROOT / "scripts" / "gallery_coverage.py"), str(path)],
                            capture_output=True, text=True, check=True, cwd=ROOT)
    checked = result.stdout.split('checked by the engine (abilities "checked")')[1]
    lines = checked.splitlines()
    for set_id in ("SFD", "UNL", "VEN", "OGN"):
        assert any(line.startswith(f"  {set_id}: ") and "ENFORCED" in line and "PARTLY" in line for line in lines)
    order = [next(index for index, line in enumerate(lines) if line.startswith(f"  {set_id}: "))
             for set_id in ("SFD", "UNL", "VEN", "OGN")]
    assert order == sorted(order)  # Spiritforged, Unleashed, Vendetta first
    assert "  Hextech Ray [OGN]: ENFORCED" in lines
    assert "  Skyfall of Areion [SFD]: NOT RECORDABLE (unread)" in lines
    assert any(line.startswith("  Arcane Shift [SFD]: PARTLY (") and "then its owner plays it"
               in line for line in lines)
    total = next(line for line in lines if line.startswith("  all: "))
    assert total.endswith("of 935")


def test_the_statics_module_names_what_it_does_not_check_of_a_cards_static_cost_and_condition() -> None:
    """engine/cards/statics.py's part of the coverage: Noxus Hopeful's "[Legion] — I cost [2] less" is read whole;
    a static line the reader cannot compile (Annie, Fiery's "Your spells and abilities deal 1 Bonus Damage.") is
    named unread."""
    from engine.cards import statics

    hopeful = card("Noxus Hopeful")
    assert [statics.unread_parts(ability, hopeful) for ability in hopeful["abilities"]] == \
        [[] for _ in hopeful["abilities"]]
    annie = card("Annie, Fiery")
    assert any(part.startswith("static ") and "Bonus Damage" in part
               for ability in annie["abilities"] for part in statics.unread_parts(ability, annie))


def test_the_readme_quotes_the_totals_the_script_prints():
    """The README's coverage figures are the script's, set by set: a change to the engine's knowledge of the cards
    that moves them must move the README too."""
    path = gallery_file()
    if path is None:
        pytest.skip("the card gallery ../shared/data/cards.json is absent")
    result = subprocess.run([sys.executable, str(ROOT / "scripts" / "gallery_coverage.py"), str(path), "--json"],
                            capture_output=True, text=True, check=True, cwd=ROOT)
    by_set = json.loads(result.stdout)["checked"]["by_set"]
    readme = " ".join((ROOT / "README.md").read_text(encoding="utf-8").split())
    total = {status: sum(counts[status] for counts in by_set.values()) for status in ("ENFORCED", "PARTLY",
                                                                                    "NOT RECORDABLE")}
    assert (f"{total['ENFORCED']} of the gallery's 935 names ENFORCED, {total['PARTLY']} PARTLY, "
            f"{total['NOT RECORDABLE']} NOT RECORDABLE") in readme
    for set_id, counts in by_set.items():
        assert f"{set_id} {counts['ENFORCED']}/{counts['PARTLY']}/{counts['NOT RECORDABLE']}" in readme, set_id
