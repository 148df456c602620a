"""Reading real cards' rules text into abilities, keywords and mechanics (engine/cardtext.py, contract section 6)."""
from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from engine import cardtext, mechanics
from engine.catalog import Catalog, basic_cards, demo_catalog, parse_gallery

ROOT = Path(__file__).resolve().parents[1]
GALLERY = ROOT.parent / "shared" / "data" / "cards.json"


def test_a_legends_activated_ability_has_its_cost_and_no_timing(full: Catalog) -> None:
    # Blind Monk: "[1], [T]: Buff a friendly unit." (v1.3 403.1.a: the cost is before the colon)
    [ability] = full.card("Blind Monk")["abilities"]
    assert ability["kind"] == "activated"
    assert ability["cost"] == {"energy": 1, "power": {}, "exhaust_self": True}
    assert "timing" not in ability and "adds" not in ability
    assert ability["label"] == "buff-a-friendly"
    assert ability["text"].startswith("[1], [T]: Buff a friendly unit.")


def test_a_legends_reaction_add_ability_resolves_at_once(full: Catalog) -> None:
    # Butcher of the Sands: "[Reaction][>] [A][A], [T]: [Add] [2]." (v1.3 813.1.d, 400.2)
    [ability] = full.card("Butcher of the Sands")["abilities"]
    assert ability["kind"] == "activated" and ability["timing"] == "reaction" and ability["adds"] is True
    assert ability["cost"] == {"energy": 0, "power": {"any": 2}, "exhaust_self": True}


def test_an_activated_ability_names_its_other_costs(full: Catalog) -> None:
    # Voidreaver: "Spend 1 XP, [T]: [Buff] a unit."; Assembly Rig: "[1][C], Recycle a unit from your trash, [T]: ..."
    voidreaver = full.card("Voidreaver")["abilities"]
    assert [a["cost"].get("xp") for a in voidreaver if a["kind"] == "activated"] == [1, 2]
    [rig] = full.card("Assembly Rig")["abilities"]
    assert rig["cost"] == {"energy": 1, "power": {"Fury": 1}, "exhaust_self": True,
                           "other": ["Recycle a unit from your trash"]}


def test_the_gallery_html_names_the_domain_of_a_rune_symbol(full: Catalog) -> None:
    # Baited Hook's rulesText reads "[1][C], [E]: ..."; its abilityHtml shows an Order rune and the exhaust symbol.
    hook = full.card("Baited Hook")
    assert hook["text"].startswith("[1][Y], [T]: Kill a friendly unit.")
    assert hook["abilities"][0]["cost"] == {"energy": 1, "power": {"Order": 1}, "exhaust_self": True}


def test_an_equip_gear_has_its_equip_cost_and_what_the_equipped_unit_gets(full: Catalog) -> None:
    # Blade of the Ruined King: "[Equip] — [C], Kill a friendly unit" (v1.3 818.1.c), +3 Might on its unit.
    blade = full.card("Blade of the Ruined King")
    [equip] = blade["abilities"]
    assert equip["kind"] == "activated" and equip["keyword"] == "Equip" and equip["label"] == "equip"
    cost = {"energy": 0, "power": {"Order": 1}, "exhaust_self": False, "other": ["Kill a friendly unit"]}
    assert equip["cost"] == cost
    assert blade["keywords"] == ["Equip"] and blade["keyword_costs"] == {"Equip": [cost]}
    assert blade["attached"]["might"] > 0
    # Guardian Angel gives its unit a replacement: "If I would die, kill Guardian Angel instead. ..."
    angel = full.card("Guardian Angel")["attached"]
    assert [a["kind"] for a in angel["abilities"]] == ["replacement"]
    assert {"Equip", "attach", "replacement"} <= cardtext.mechanics(full.card("Guardian Angel"))


def test_cost_valued_keywords_keep_the_number_and_the_runes(full: Catalog) -> None:
    # Brittle Steel "[Flow] [4][C]", Baccai Witherclaw "[Empower] [1][A][A]", Hextech Disc "[Empower] — [T]".
    assert full.card("Brittle Steel")["keyword_costs"]["Flow"] == [
        {"energy": 4, "power": {"Fury": 1}, "exhaust_self": False}]
    assert full.card("Baccai Witherclaw")["keyword_costs"]["Empower"] == [
        {"energy": 1, "power": {"any": 2}, "exhaust_self": False}]
    assert full.card("Hextech Disc")["keyword_costs"]["Empower"] == [
        {"energy": 0, "power": {}, "exhaust_self": True}]
    # Curtain Call "[Repeat] — [1] / [A] / [1][A]": three Repeat costs, each paid or not (v1.3 820.3).
    assert full.card("Curtain Call")["keyword_costs"]["Repeat"] == [
        {"energy": 1, "power": {}, "exhaust_self": False}, {"energy": 0, "power": {"any": 1}, "exhaust_self": False},
        {"energy": 1, "power": {"any": 1}, "exhaust_self": False}]
    # Hidden costs [A] to hide (v1.3 811.1.b); Deflect keeps its number.
    assert full.card("Pakaa Cub")["keyword_costs"] == {"Hidden": [cardtext.HIDE_COST]}
    assert full.card("Volibear, Furious")["keyword_values"] == {"Deflect": 2}


def test_the_gold_token_is_a_gear_with_its_add_ability(full: Catalog) -> None:
    # v1.3 184.5: "A Gold gear token is a domainless gear token with "[Reaction][>] Kill this, [E]: [Add] [A].""
    for gold in (full.card("Gold"), next(card for card in basic_cards() if card["name"] == "Gold")):
        assert (gold["type"], gold["supertype"], gold["domains"], gold["might"]) == ("Gear", "Token", [], None)
        [ability] = gold["abilities"]
        assert ability["kind"] == "activated" and ability["timing"] == "reaction" and ability["adds"] is True
        assert ability["cost"] == {"energy": 0, "power": {}, "exhaust_self": True, "kill_self": True}
        assert cardtext.mechanics(gold) == {"add ability"}


def test_every_token_kind_the_cards_make_is_in_the_catalog_with_its_type(full: Catalog) -> None:
    # v1.3 184: Recruit, Sprite, Sand Soldier, Mech, Gold, Reflection, Bird; Shadow Clone and Tentacle by card text.
    expected = {"Recruit": ("Unit", 1), "Sprite": ("Unit", 3), "Sand Soldier": ("Unit", 2), "Mech": ("Unit", 3),
                "Gold": ("Gear", None), "Reflection": ("Unit", 0), "Bird": ("Unit", 1), "Shadow Clone": ("Unit", 0),
                "Tentacle": ("Unit", 1), "Brush": ("Battlefield", None), "Baron Pit": ("Battlefield", None)}
    for catalog in (full, demo_catalog()):
        for name, (card_type, might) in expected.items():
            token = catalog.card(name)
            assert (token["type"], token["supertype"], token["might"]) == (card_type, "Token", might), name
    assert full.card("Sprite")["keywords"] == ["Temporary"] and full.card("Bird")["keywords"] == ["Deflect"]
    assert full.card("Mech")["tags"] == ["Mech"] and full.card("Sand Soldier")["tags"] == ["Shurima"]


def test_a_static_bonus_is_a_static_ability_that_needs_static_might(full: Catalog) -> None:
    # Garen, Commander: "Other friendly units have +1 [S] here." (v1.3 468-475)
    garen = full.card("Garen, Commander")
    [ability] = garen["abilities"]
    assert ability["kind"] == "static"
    assert cardtext.mechanics(garen) == {"static might"}
    # Breakneck Mech: "Your Mechs have [Deflect] and [Ganking]." and "I enter ready if you control another Mech."
    assert {"static keyword", "enter ready", "Deflect"} <= cardtext.mechanics(full.card("Breakneck Mech"))


def test_instead_of_an_event_is_a_replacement(full: Catalog) -> None:
    # Altar of Blood: "If a unit here would die during combat, ... recall it instead." (v1.3 367-375)
    [altar] = full.card("Altar of Blood")["abilities"]
    assert altar["kind"] == "replacement"
    # The Boss: "When a buffed unit you control would die, you may pay [C] ... instead." is no trigger.
    assert [a["kind"] for a in full.card("The Boss")["abilities"]] == ["replacement", "triggered"]
    # Soraka, Wanderer: "If another unit you control here would die, ..., instead heal it, exhaust it, and recall it."
    assert "replacement" in [a["kind"] for a in full.card("Soraka, Wanderer")["abilities"]]


def test_laurent_bladekeepers_unbracketed_ganking_is_a_keyword(full: Catalog) -> None:
    # The gallery prints "Ganking (I can move from battlefield to battlefield.)" without brackets.
    laurent = full.card("Laurent Bladekeeper")
    assert laurent["keywords"] == ["Ganking"]
    assert laurent["abilities"] == [{"kind": "static", "text": "Ganking (I can move from battlefield to battlefield.)",
                                     "keyword": "Ganking", "label": "ganking"}]
    # Jagged Cutlass "Equip [C]" and Windsinger "Hidden" are unbracketed too.
    assert full.card("Jagged Cutlass")["keywords"] == ["Equip"]
    assert "Hidden" in full.card("Windsinger")["keywords"]


def test_text_the_reader_cannot_read_is_kept_verbatim_and_never_modelled(full: Catalog) -> None:
    # Skyfall of Areion gives its unit "My hold effects are also conquer effects, and vice versa."
    skyfall = full.card("Skyfall of Areion")
    [ability] = skyfall["attached"]["abilities"]
    assert ability == {"kind": "static", "text": "My hold effects are also conquer effects, and vice versa.",
                       "label": "my-hold-effects", "unread": True}
    assert skyfall["attached"]["text"] == ability["text"]
    assert "unread" in cardtext.mechanics(skyfall) and "unread" not in mechanics.MODELLED


def test_every_line_of_every_card_is_kept_in_its_text_and_its_abilities(full: Catalog) -> None:
    for card in full:
        lines = [line for line in card["text"].split("\n") if line and not line.startswith("- ")]
        assert len(card["abilities"]) >= len(lines) or card["name"] == "Curtain Call", card["name"]
        for ability in card["abilities"]:
            assert ability["text"] in card["text"], card["name"]
            assert ability["kind"] in cardtext.ABILITY_KINDS
        labels = [ability["label"] for ability in card["abilities"]]
        assert len(labels) == len(set(labels)) or card["name"] == "Curtain Call", card["name"]


def test_every_mechanic_the_reader_names_is_a_word_of_the_vocabulary(full: Catalog) -> None:
    named = set().union(*(cardtext.mechanics(card) for card in full))
    assert named <= set(mechanics.VOCABULARY), sorted(named - set(mechanics.VOCABULARY))


def test_a_rune_has_no_text_and_a_vanilla_unit_no_abilities(full: Catalog) -> None:
    assert (full.card("Fury Rune")["text"], full.card("Fury Rune")["abilities"]) == ("", [])
    assert (full.card("Mountain Drake")["text"], full.card("Mountain Drake")["abilities"]) == ("", [])


def test_a_catalog_stored_before_abilities_reads_them_as_empty() -> None:
    old = {"name": "Old", "code": "OLD-001", "type": "Unit", "supertype": None, "domains": ["Fury"], "energy": 2,
           "power": 0, "might": 2, "tags": [], "keywords": []}
    card = Catalog("old", [old]).card("Old")
    assert (card["text"], card["abilities"], card["keyword_costs"], card["attached"]) == ("", [], {}, None)


def test_a_catalog_refuses_an_ability_of_no_known_kind() -> None:
    bad = {"name": "Bad", "code": "BAD-001", "type": "Unit", "supertype": None, "domains": [], "energy": 1,
           "power": 0, "might": 1, "tags": [], "keywords": [], "abilities": [{"kind": "magic", "text": "x"}]}
    with pytest.raises(ValueError, match="abilities"):
        Catalog("bad", [bad])


def test_gallery_coverage_prints_the_figure_by_set_and_every_card_not_modelled(gallery: dict) -> None:
    result = subprocess.run([sys.executable, str(ROOT / "scripts" / "gallery_coverage.py"), str(GALLERY)],
                            capture_output=True, text=True, check=True, cwd=ROOT)
    lines = result.stdout.splitlines()
    assert lines[0].startswith("modelled fully: ") and lines[0].endswith("%)")
    assert "of 935 names" in lines[0]
    for set_id in ("OGN", "SFD", "UNL", "VEN"):
        assert any(line.startswith(f"  {set_id}: ") for line in lines)
    assert "  Gold" not in result.stdout.split("names not modelled fully")[0]  # tokens are not counted as names
    assert any(line.startswith("  Skyfall of Areion: ") and "unread" in line for line in lines)


@pytest.mark.parametrize(("name", "needs"), [
    ("Treasure Hunter", {"triggered", "gear token"}),                 # "When I move, play a Gold gear token exhausted."
    ("Time Warp", {"spell effect", "additional turn"}),               # "Take a turn after this one." (v1.3 734)
    ("Apprentice Smith", {"triggered", "deck top"}),                  # "reveal the top card of your Main Deck"
    ("Eager Drakehound", {"enter ready"}),                            # "I enter ready."
    ("Battering Ram", {"cost change"}),                               # "I cost [1] less for each card ..."
    ("Cruel Patron", {"additional cost"}),                            # "As an additional cost to play me, kill ..."
    ("Demacian Diplomat", {"triggered", "xp"}),                       # "When you play me, gain 1 XP."
    ("Altar to Unity", {"battlefield trigger"}),                      # "When you hold here, play a 1 [S] Recruit ..."
    ("Siphoning Strike", {"spell effect", "delayed trigger"}),        # "When it dies this turn, channel 1 rune ..."
    ("Highlander", {"Reaction", "spell effect", "replacement"}),      # "The next time it dies this turn, recall it
                                                                      # exhausted instead." (v1.3 390.3)
    ("Counter Strike", {"Reaction", "spell effect", "replacement"}),  # "The next time ... dealt damage ..., prevent it."
    ("Noxian Guillotine", {"Action", "Legion", "spell effect", "delayed trigger"}),  # "Kill it the next time it takes
                                                                                     # damage this turn."
    ("Icevale Archer", {"triggered", "effect cost"}),                 # "When I attack, you may pay [1] to give ..."
    ("Hextech Ray", {"Action", "spell effect"}),
    ("Vanguard Captain", {"Legion", "triggered"}),                    # "[Legion] — When you play me, play two ..."
    ("Gustwalker", {"Hunt", "Level", "static might", "static keyword", "Ganking"}),
    ("Energy Conduit", {"add ability"}),                              # "[T]: [Reaction] — [Add] [1]."
    ("Iron Ballista", {"activated", "enter ready"}),                  # "This enters exhausted." "[T]: Deal 2 ..."
])
def test_the_mechanics_a_card_needs(full: Catalog, name: str, needs: set[str]) -> None:
    assert cardtext.mechanics(full.card(name)) == needs


def test_every_word_of_the_vocabulary_names_what_some_gallery_card_needs(full: Catalog) -> None:
    named = set().union(*(cardtext.mechanics(card) for card in full))
    assert set(mechanics.VOCABULARY) - named == set()


def test_a_spells_when_this_turn_is_an_instruction_that_creates_a_delayed_trigger(full: Catalog) -> None:
    # Imperial Decree: "When any unit takes damage this turn, kill it." (v1.3 390.2); Super Mega Death Rocket!'s
    # "When you conquer, you may discard 1 to return this from your trash to your hand." is its own trigger.
    [action, decree] = full.card("Imperial Decree")["abilities"]
    assert (action["keyword"], decree["kind"]) == ("Action", "spell")
    assert cardtext.mechanics(full.card("Imperial Decree")) == {"Action", "spell effect", "delayed trigger"}
    assert [a["kind"] for a in full.card("Super Mega Death Rocket!")["abilities"]] == ["spell", "triggered"]


def test_gallery_coverage_lists_the_cards_that_need_a_mechanic(gallery: dict) -> None:
    script = [sys.executable, str(ROOT / "scripts" / "gallery_coverage.py"), str(GALLERY)]
    result = subprocess.run([*script, "--needs", "gear token"], capture_output=True, text=True, check=True, cwd=ROOT)
    assert any(line.startswith("Treasure Hunter: ") for line in result.stdout.splitlines())
    refused = subprocess.run([*script, "--needs", "telepathy"], capture_output=True, text=True, cwd=ROOT)
    assert refused.returncode == 2 and "'telepathy' is no mechanic" in refused.stderr
