"""Death replacements without "may" are applied by the engine (v1.4 371.2; issue 25), in checked v1.4 matches,
with real gallery cards: Zhonya's Hourglass ("The next time a friendly unit would die, kill this instead. Recall
that unit exhausted.") and Soraka, Wanderer ("If another unit you control here would die, if it has less Might than
me, instead heal it, exhaust it, and recall it."). A "may" replacement (Altar of Blood) is still applied only when recorded, and v1.3 or
declared matches fold as before (a replacement applies only when recorded)."""
from __future__ import annotations

import pytest

from gallery_table import GALLERY

if not GALLERY.exists():
    pytest.skip(f"the card gallery export {GALLERY} is absent (../shared is not checked out)", allow_module_level=True)

from engine.cards.replacements import reading as _reading  # noqa: E402
from gallery_table import GalleryTable, deck  # noqa: E402
from later_sets_positions import GALLERY_ARENA, GALLERY_P2_TURN  # noqa: E402
from later_sets_table import LaterSetsTable  # noqa: E402
from test_rules_statics import deck_count  # noqa: E402

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


def test_a_hidden_hourglass_is_no_source_until_it_is_played_v1_4_371_2():
    # The Hourglass facedown at Altar to Unity (bf1): its text is not on the board, so Crowd Favorite dies.
    line = GALLERY_ARENA.replace(f" gear:{HOURGLASS}", f" facedown:{HOURGLASS}@bf1")
    table = LaterSetsTable.from_position(line, rules="v1.4", abilities="checked").do(
        "P1 move Crowd Favorite -> bf2", "P1 pass", "P2 pass", f"P1 assign {LEBLANC} 3", "P2 assign Crowd Favorite 3")
    assert table.find("P1", "Crowd Favorite", "trash") in table.state["died"]
    table.find("P1", HOURGLASS, "facedown")  # still hidden, not killed


def test_a_recorded_replacement_waiting_for_the_death_applies_instead_v1_4_371_2():
    # The recorder applied the Hourglass as its text says: the record is what applies, once (v1.3 370.2), and the
    # engine does not apply the printed one after it.
    table = traded("v1.4", "checked", f"P1 replace kill Crowd Favorite < {HOURGLASS} -> kill {HOURGLASS} & "
                                      f"recall Crowd Favorite & exhaust Crowd Favorite")
    assert table.obj("P1", "Crowd Favorite")["location"] == "base:P1"
    assert table.find("P1", HOURGLASS, "trash") in table.state["died"]  # killed once, by the record
    assert table.state["violations"] == []


@pytest.mark.parametrize("rules", ["v1.4", "v1.3"])
def test_a_recorded_replacement_that_is_not_the_cards_is_refused_v1_4_370_1(rules):
    """Issue 26: a `replace` from a source whose replacement the engine reads must fit its text (v1.4 370.1): the
    Hourglass recorded as "recall" alone (the Hourglass kept) is refused in strict quoting the card, and flagged
    in audit, in a v1.3 checked match too (where the players choose to apply it: what it does is still the card's)."""
    table = LaterSetsTable.from_position(GALLERY_ARENA, rules=rules, abilities="checked").do(
        "P1 move Crowd Favorite -> bf2", "P1 pass", "P2 pass")
    line = f"P1 replace kill Crowd Favorite < {HOURGLASS} -> recall Crowd Favorite"
    refusal = table.refuses(line, rule=f"{rules} 370.1")
    assert "Recall that unit exhausted." in str(refusal)
    mine = f"P1 replace kill {LEBLANC} < {HOURGLASS} -> kill {HOURGLASS} & recall {LEBLANC} & exhaust {LEBLANC}"
    table.refuses(mine, rule=f"{rules} 370.1")  # not "a friendly unit": P2's LeBlanc
    audit = LaterSetsTable.from_position(GALLERY_ARENA, policy="audit", rules=rules, abilities="checked").do(
        "P1 move Crowd Favorite -> bf2", "P1 pass", "P2 pass")
    audit.flags(line, rule=f"{rules} 370.1")


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


# -- Soraka, Wanderer ----------------------------------------------------------------------------------------------
SORAKA = "Soraka, Wanderer"
P1 = deck("Deceiver", [SORAKA, "Daring Poro", "Vanguard Sergeant"],
          ["Altar to Unity", "Zaun Warrens", "Grove of the God-Willow"])
P2 = deck("Eye of Twilight", ["Playful Phantom"], ["Trifarian War Camp", "Windswept Hillock", "Vilemaw's Lair"])


def soraka_attacked(beside: str, assigned: str, dealt: int = 6, rules: str = "v1.4",
                    abilities: str = "checked") -> GalleryTable:
    """P1 holds Altar to Unity (bf1) with Soraka (4) and `beside`, both ready; P2's Playful Phantom (5) attacks and
    assigns `assigned` (Soraka "must be assigned combat damage last"); P1's units deal it `dealt`, their Might."""
    p1 = f"controls:bf1 runedeck:8 runes:2 Mind Rune;2 Order Rune bf1:{SORAKA};{beside}"
    p2 = "runedeck:8 runes:2 Calm Rune;2 Order Rune base:Playful Phantom"
    line = (f"position turn 6 P2 action first P1 | P1 0 bf:Altar to Unity deck:{deck_count(p1)} {p1} | "
            f"P2 0 bf:Trifarian War Camp deck:{deck_count(p2)} {p2}")
    return GalleryTable(P1, P2, "strict", rules, abilities).do(
        line, "P2 move Playful Phantom -> bf1", "P2 pass", "P1 pass", f"P2 assign {assigned}",
        f"P1 assign Playful Phantom {dealt}")


def test_soraka_heals_exhausts_and_recalls_a_weaker_unit_of_hers_that_would_die_here_v1_4_371_2():
    table = soraka_attacked("Daring Poro", f"Daring Poro 2; {SORAKA} 3")
    poro = table.obj("P1", "Daring Poro")
    assert (poro["location"], poro["exhausted"], poro["damage"]) == ("base:P1", True, 0)
    assert table.obj("P1", SORAKA)["location"] == "bf1"
    assert table.find("P2", "Playful Phantom", "trash") in table.state["died"]  # not hers: "you control"
    assert table.state["violations"] == []


def test_soraka_does_not_save_a_unit_with_as_much_might_as_hers_v1_4_371_2():
    table = soraka_attacked("Vanguard Sergeant", f"Vanguard Sergeant 4; {SORAKA} 1", 8)  # 4 Might, as Soraka
    assert table.find("P1", "Vanguard Sergeant", "trash") in table.state["died"]


def test_soraka_in_a_v1_3_match_saves_nobody_unless_recorded_v1_4_371_2():
    table = soraka_attacked("Daring Poro", f"Daring Poro 2; {SORAKA} 3", rules="v1.3")
    assert table.find("P1", "Daring Poro", "trash") in table.state["died"]
