"""Death replacements without "may" are applied by the engine (v1.4 371.2; issue 25), in checked v1.4 matches,
with real gallery cards: Zhonya's Hourglass ("The next time a friendly unit would die, kill this instead. Recall
that unit exhausted."). A "may" replacement (Altar of Blood) is still applied only when recorded, and v1.3 or
declared matches fold as before (a replacement applies only when recorded)."""
from __future__ import annotations

import pytest

from gallery_table import GALLERY

if not GALLERY.exists():
    pytest.skip(f"the card gallery export {GALLERY} is absent (../shared is not checked out)", allow_module_level=True)

from engine.mandatory_replacements import _reading  # noqa: E402
from later_sets_positions import GALLERY_ARENA, GALLERY_P2_TURN  # noqa: E402
from later_sets_table import LaterSetsTable  # noqa: E402

LEBLANC = "LeBlanc, Fragmented"
HOURGLASS = "Zhonya's Hourglass"


def traded(rules: str = "v1.4", abilities: str = "checked", *recorded: str) -> LaterSetsTable:
    """P1's Crowd Favorite (3) attacks LeBlanc (3) at Back-Alley Bar: both are dealt lethal damage. Zhonya's
    Hourglass is face up at P1's base (GALLERY_ARENA); `recorded` lines come in the damage step, before the
    assignments."""
    table = LaterSetsTable.from_position(GALLERY_ARENA, rules=rules, abilities=abilities).do(
        "P1 move Crowd Favorite -> bf2", "P1 pass", "P2 pass", *recorded)
    return table.do(f"P1 assign {LEBLANC} 3", "P2 assign Crowd Favorite 3")


def test_zhonyas_hourglass_dies_instead_of_the_unit_which_is_recalled_exhausted_v1_4_371_2():
    table = traded()
    favorite = table.obj("P1", "Crowd Favorite")
    assert (favorite["zone"], favorite["location"], favorite["exhausted"], favorite["damage"]) == \
        ("board", "base:P1", True, 0)
    hourglass = table.find("P1", HOURGLASS, "trash")
    assert hourglass in table.state["died"]  # "kill this": the Hourglass died
    assert table.find("P2", LEBLANC, "trash") in table.state["died"]  # not P2's: "a friendly unit"
    assert table.state["violations"] == []


@pytest.mark.parametrize(("rules", "abilities"), [("v1.3", "checked"), ("v1.3", "declared"), ("v1.4", "declared")])
def test_a_v1_3_or_declared_match_applies_only_recorded_replacements_as_before_v1_4_371_2(rules, abilities):
    table = traded(rules, abilities)
    table.find("P1", "Crowd Favorite", "trash")
    assert table.obj("P1", HOURGLASS)["zone"] == "board"


def test_a_recorded_replacement_waiting_for_the_death_applies_instead_v1_4_371_2():
    # The recorder applied the Hourglass as "recall" alone: the record is what applies, once (v1.3 370.2), and the
    # engine does not apply the printed one after it.
    table = traded("v1.4", "checked", f"P1 replace kill Crowd Favorite < {HOURGLASS} -> recall Crowd Favorite")
    assert table.obj("P1", "Crowd Favorite")["location"] == "base:P1"
    assert table.obj("P1", HOURGLASS)["zone"] == "board"  # not killed: the printed replacement did not apply


def test_a_may_replacement_is_not_applied_unless_recorded_v1_4_371_2_a():
    # Altar of Blood: "If a unit here would die during combat, its controller may pay [A][A][A] to heal it, exhaust
    # it, and recall it instead." P1 holds it (bf1), without the Hourglass; P2's Gustwalker attacks.
    line = (GALLERY_P2_TURN.replace("P1 0 bf:Altar to Unity", "P1 0 bf:Altar of Blood")
            .replace(f" gear:{HOURGLASS}", "").replace("P1 0 bf:Altar of Blood controls:bf1 champion:played deck:33",
                                                        "P1 0 bf:Altar of Blood controls:bf1 champion:played deck:34"))
    table = LaterSetsTable.from_position(line, rules="v1.4", abilities="checked").do(
        "P2 move Gustwalker -> bf1", "P2 pass", "P1 pass", "P2 assign Clockwork Keeper 2; Enthusiastic Promoter 1",
        "P1 assign Gustwalker 4")
    assert table.find("P1", "Clockwork Keeper", "trash") in table.state["died"]


def test_the_printed_phrasings_are_read_and_may_ones_are_not_v1_4_371_2():
    catalog = LaterSetsTable.catalog
    text = {name: next(ability["text"] for ability in catalog.card(name)["abilities"]
                       if ability["kind"] == "replacement")
            for name in (HOURGLASS, "Soraka, Wanderer", "Altar of Blood", "The Boss")}
    assert _reading(text[HOURGLASS]) == ("kill_this", ["recall", "exhaust"])
    assert _reading(text["Soraka, Wanderer"]) == ("here_weaker", ["heal", "exhaust", "recall"])
    assert _reading(text["Altar of Blood"]) is None and _reading(text["The Boss"]) is None
    # the rules' own wording of the Hourglass (v1.4 369.1) reads the same way
    assert _reading("If a friendly unit would die, kill this instead. Heal that unit, exhaust it, and recall it.") \
        == ("kill_this", ["heal", "exhaust", "recall"])
    assert _reading("The next time a friendly unit would die, kill this instead. Draw 1.") is None
