"""Deck construction with real gallery cards (rules 103, v1.3 103.4.c, v1.3 825, 176): issue 13's defect 5.

Each test builds a legal deck around a real Champion Legend, checks the engine accepts it, then changes one thing
and checks the rule that change breaks is cited (refused in a strict match, flagged in an audit match).
"""
from __future__ import annotations

import pytest

import engine
from engine.catalog import Catalog
from gallery import gallery_catalog

NAME = "gallery"


@pytest.fixture(scope="module")
def catalog() -> Catalog:
    return gallery_catalog(NAME)


def legal_deck(catalog: Catalog, legend: str, champion: str) -> dict:
    """A legal duel deck: the legend, 1 copy of the champion and 13 plain cards of its domain identity x3 (the
    first by name that are no champion, Signature, token or Unique card), 6 + 6 basic runes, 3 battlefields."""
    legend_card = catalog.card(legend)
    identity = set(legend_card["domains"])
    plain = [card["name"] for card in catalog
             if card["type"] in ("Unit", "Spell", "Gear") and card["supertype"] is None
             and "Unique" not in card["keywords"] and card["domains"] and set(card["domains"]) <= identity]
    battlefields = [card["name"] for card in catalog if card["type"] == "Battlefield" and card["supertype"] is None]
    domains = legend_card["domains"]
    return {"name": "Ana", "legend": legend, "champion": champion,
            "deck": [champion] + [name for name in plain[:13] for _ in range(3)],
            "runes": [f"{domains[0]} Rune"] * 6 + [f"{domains[1]} Rune"] * 6, "battlefields": battlefields[:3]}


def rules_broken(catalog: Catalog, deck: dict) -> list[str]:
    """The rules the engine cites for P1's deck: an audit match keeps the violations; a strict one refuses them."""
    other = legal_deck(catalog, "Daughter of the Void", "Kai'Sa, Survivor")
    event = {"type": "match_created", "abilities": "declared", "rules": "v1.3", "mode": "duel", "catalog": NAME,
             "players": [deck, dict(other, name="Ben")]}
    audit = engine.apply(None, {**event, "policy": "audit"}, catalog)
    rules = [violation["rule"] for violation in audit["violations"]]
    if rules:
        with pytest.raises(engine.IllegalEvent) as refusal:
            engine.apply(None, {**event, "policy": "strict"}, catalog)
        assert [violation["rule"] for violation in refusal.value.violations] == rules
    return rules


@pytest.mark.parametrize("legend, champion", [
    ("Daughter of the Void", "Kai'Sa, Survivor"),
    ("Heart of the Tempest", "Kennen, Keeper of Balance"),
    ("Fire Below the Mountain", "Ornn, Blacksmith"),
    ("Battle Mistress", "Sivir, Mercenary"),
])
def test_a_legal_gallery_deck_is_accepted(catalog, legend, champion):
    assert rules_broken(catalog, legal_deck(catalog, legend, champion)) == []


def test_a_signature_card_of_another_champion_is_refused_103_2_d_2(catalog):
    deck = legal_deck(catalog, "Daughter of the Void", "Kai'Sa, Survivor")
    deck["deck"][-1] = "Curtain Call"  # Jhin's Signature spell, Fury/Mind like the legend
    assert rules_broken(catalog, deck) == ["103.2.d.2"]


def test_a_signature_card_of_the_legends_champion_is_accepted_103_2_d(catalog):
    deck = legal_deck(catalog, "Daughter of the Void", "Kai'Sa, Survivor")
    deck["deck"][-3:] = ["Icathian Rain"] * 3
    assert rules_broken(catalog, deck) == []
    deck["deck"][-4] = "Icathian Rain"
    assert "103.2.d" in rules_broken(catalog, deck)  # a fourth Signature card (103.2.d.1)


def test_a_champion_sharing_only_a_region_tag_with_the_legend_is_refused_103_2_a_2(catalog):
    # Heart of the Tempest has the tags Yordle and Kennen; Vex, Cheerless is a Yordle, but Vex's champion unit.
    deck = legal_deck(catalog, "Heart of the Tempest", "Vex, Cheerless")
    assert rules_broken(catalog, deck) == ["103.2.a.2"]


def test_a_token_in_the_main_deck_is_refused_176(catalog):
    deck = legal_deck(catalog, "Daughter of the Void", "Kai'Sa, Survivor")
    deck["deck"].append("Sprite")  # the Sprite unit token (UNL-T07)
    assert rules_broken(catalog, deck) == ["176"]


def test_two_copies_of_a_unique_card_are_refused_v1_3_825_2_a(catalog):
    deck = legal_deck(catalog, "Fire Below the Mountain", "Ornn, Blacksmith")
    deck["deck"][-1:] = ["Forgefire Cape"]
    assert rules_broken(catalog, deck) == []
    deck["deck"][-2] = "Forgefire Cape"
    assert rules_broken(catalog, deck) == ["v1.3 825.2.a"]


def test_a_token_battlefield_is_refused_176(catalog):
    deck = legal_deck(catalog, "Daughter of the Void", "Kai'Sa, Survivor")
    deck["battlefields"][-1] = "Baron Pit"  # the Baron Pit battlefield token (UNL-T01)
    assert rules_broken(catalog, deck) == ["176"]


def test_a_card_that_is_no_battlefield_cannot_be_brought_as_one_103_4(catalog):
    deck = legal_deck(catalog, "Daughter of the Void", "Kai'Sa, Survivor")
    deck["battlefields"][-1] = "Cleave"
    assert rules_broken(catalog, deck) == ["103.4"]


def test_the_same_battlefield_twice_is_refused_v1_3_103_4_c(catalog):
    deck = legal_deck(catalog, "Daughter of the Void", "Kai'Sa, Survivor")
    deck["battlefields"][-1] = deck["battlefields"][0]
    assert rules_broken(catalog, deck) == ["v1.3 103.4.c"]


def test_a_single_domain_card_outside_the_identity_cites_103_1_b_3(catalog):
    deck = legal_deck(catalog, "Daughter of the Void", "Kai'Sa, Survivor")
    deck["deck"][-1] = "Defy"  # Calm
    assert rules_broken(catalog, deck) == ["103.1.b.3"]


def test_events_may_name_a_card_by_any_printing_code(catalog):
    deck = legal_deck(catalog, "Daughter of the Void", "Kai'Sa, Survivor")
    deck["deck"][-3:] = ["Icathian Rain"] * 3
    state = engine.apply(None, {"type": "match_created", "abilities": "declared",
                                "rules": "v1.3", "mode": "duel", "catalog": NAME,
                                "policy": "audit", "players": [deck, dict(deck, name="Ben")]}, catalog)
    for reference in ("Icathian Rain", "OGN-248", "OGN-248/298", "ogn-248a", "OGN-039a", "OGN-247", "OGN-299*",
                      "OGN-299s"):
        assert engine.objects.lookup_card(state, reference) is not None, reference
    assert engine.objects.lookup_card(state, "OGN-039a") == "Kai'Sa, Survivor"
    assert engine.objects.lookup_card(state, "OGN-299s") == "Daughter of the Void"  # a signed reprint of the legend
    assert engine.objects.lookup_card(state, "OGN-030") is None  # Jinx, Demolitionist: not in this match
