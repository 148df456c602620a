"""The card catalog: parsing the gallery export, lookups, storage, the demo catalog and its decks."""
from __future__ import annotations

import collections
import importlib.util
import json
from pathlib import Path

import pytest

from engine.catalog import (
    FACT_KEYS,
    TOKEN_KINDS,
    Catalog,
    basic_cards,
    demo_catalog,
    demo_decks,
    parse_gallery,
    parse_keywords,
)

ROOT = Path(__file__).resolve().parents[1]
BASICS = ["Fury Rune", "Calm Rune", "Mind Rune", "Body Rune", "Chaos Rune", "Order Rune", "Recruit",
          *(kind[0] for kind in TOKEN_KINDS)]


def printing(name: str, code: str, **facts: object) -> dict:
    """A card of the gallery format, as few fields as a test needs."""
    raw = {"name": name, "code": code, "type": "Unit", "domains": ["Fury"], "energy": "2", "might": "2",
           "power": None, "tags": [], "rulesText": f"Riftbound Unit: {name}."}
    raw.update(facts)
    return raw


def card(name: str, **facts: object) -> dict:
    """Catalog facts for a card, defaults filled in."""
    facts = {"name": name, "code": f"T-{len(name)}", "type": "Unit", "supertype": None, "domains": ["Fury"],
             "energy": 2, "power": 0, "might": 2, "tags": [], "keywords": [], **facts}
    return facts


# --- parse_gallery over the real gallery export -------------------------------------------------------

def test_parse_gallery_merges_printings_into_one_card_per_name(gallery: dict, full: Catalog) -> None:
    names = {raw["name"] for raw in gallery["cards"]}
    assert len(gallery["cards"]) > len(names)  # showcase versions and reprints
    added = [name for name in BASICS if name not in names]
    assert added == ["Recruit", "Sand Soldier", "Mech", "Shadow Clone", "Tentacle"]  # tokens without a printing
    assert len(full) == len(names) + len(added)
    assert len(full) >= 900
    assert full.name == "cards"


def test_every_card_of_the_gallery_has_the_facts(full: Catalog) -> None:
    for facts in full:
        # every fact, but `types` only on a card of more than one type (v1.4 178)
        assert tuple(facts) == tuple(key for key in FACT_KEYS if key != "types" or len(facts.get(key) or ()) > 1)
        assert "/" not in facts["code"]
        assert "Colorless" not in facts["domains"]
        assert facts["might"] is None or facts["type"] in ("Unit", "Token")
    types = collections.Counter(facts["type"] for facts in full)
    assert types["Unit"] > 400 and types["Spell"] > 200 and types["Legend"] > 40 and types["Rune"] == 6


@pytest.mark.parametrize("name, expected", [
    ("Jinx, Demolitionist", {"code": "OGN-030", "type": "Unit", "supertype": "Champion", "domains": ["Fury"],
                             "energy": 3, "power": 1, "might": 4, "tags": ["Jinx", "Zaun"],
                             "keywords": ["Accelerate", "Assault"]}),
    ("Void Seeker", {"code": "OGN-024", "type": "Spell", "supertype": None, "domains": ["Fury"], "energy": 3,
                     "power": 1, "might": None, "keywords": ["Action"]}),
    ("Abandon", {"code": "UNL-131", "domains": ["Chaos"], "energy": 2, "power": 0,
                 "keywords": ["Predict", "Reaction"]}),
    ("Loose Cannon", {"code": "OGN-251", "type": "Legend", "domains": ["Fury", "Chaos"], "tags": ["Jinx"],
                      "energy": 0, "might": None}),
    ("Volibear, Furious", {"energy": 10, "power": 2, "might": 9, "keywords": ["Deflect"]}),
    ("Tibbers", {"supertype": "Signature", "domains": ["Fury", "Chaos"], "energy": 8, "might": 7}),
    ("Super Mega Death Rocket!", {"type": "Spell", "supertype": "Signature", "tags": ["Jinx"], "keywords": []}),
    ("Yi, Honed", {"supertype": "Champion", "tags": ["Master Yi", "Ionia"]}),
    ("Allay, Eager Admirer", {"supertype": None, "keywords": ["Deflect"]}),
    ("Fury Rune", {"code": "OGN-007", "type": "Rune", "domains": ["Fury"], "energy": 0, "power": 0}),
    ("Sprite", {"code": "OGN-274", "type": "Unit", "supertype": "Token", "domains": [], "might": 3,
                "tags": ["Fae"], "keywords": ["Temporary"]}),
    ("Recruit (ZN)", {"type": "Unit", "supertype": "Token", "might": 1, "tags": ["Recruit"]}),
    ("Baron Pit", {"type": "Battlefield", "supertype": "Token"}),
    ("Buff", {"type": "Token", "supertype": "Token", "domains": []}),
    ("Recruit", {"type": "Unit", "supertype": "Token", "might": 1, "tags": ["Recruit"], "domains": [],
                 "energy": 0, "keywords": []}),
    # Keywords the card itself has, not those it grants, is conditioned on, or gives an ability's timing.
    ("Seal of Rage", {"type": "Gear", "energy": 0, "power": 1, "keywords": []}),
    ("Gold", {"supertype": "Token", "keywords": []}),
    ("Fiora, Victorious", {"keywords": []}),
    ("Ruined Rex", {"keywords": ["Deathknell"]}),
    ("Shadow Fiend", {"keywords": ["Empower"]}),
    ("Vault Breaker", {"keywords": ["Action"]}),
    ("Dr. Mundo, Expert", {"supertype": "Champion", "keywords": []}),
])
def test_known_facts_of_real_cards(full: Catalog, name: str, expected: dict) -> None:
    facts = full.card(name)
    assert {key: facts[key] for key in expected} == expected


# --- keywords ----------------------------------------------------------------------------------------

@pytest.mark.parametrize("rules_text, name, expected", [
    ("Riftbound Spell: Zap. [Reaction] (Play any time.)\nDeal 2 to a unit.", "Zap", ["Reaction"]),
    ("Riftbound Unit: Brute. [Accelerate] (You may pay [1][C] to have me enter ready.)\n[Assault 2] (+2 [S].)\n"
     "[Tank]", "Brute", ["Accelerate", "Assault", "Tank"]),
    ("[Hidden] (Hide now for [A].)\n[Action] (Play on your turn.)\nGive a unit [Shield 3] this turn.", None,
     ["Action", "Hidden"]),
    ("Riftbound Unit: Dr. Odd, Strange. [Ganking]", "Dr. Odd, Strange", ["Ganking"]),
    ("Riftbound Gear: Seal. [T]: [Reaction] — [Add] [C].", "Seal", []),
    ("Riftbound Gear: Gold. [Reaction][>] Kill this, [T]: [Add] [A].", "Gold", []),
    ("Riftbound Unit: Rex. [Deathknell][>] Deal 4 to an enemy unit.", "Rex", ["Deathknell"]),
    ("Riftbound Unit: Adept. [Level 6][>] I have [Assault 2].\n[Empowered][>] I have [Deflect].", "Adept", []),
    ("Riftbound Spell: Bop. [Action]\n[Stun] a unit.\n[Buff] a unit.", "Bop", ["Action"]),
    ("Riftbound Spell: Twice. [Repeat] [2][C]\n[Predict]. Draw 1.", "Twice", ["Predict", "Repeat"]),
    ("Riftbound Rune: Fury Rune. [NO TEXT]", "Fury Rune", []),
    ("Riftbound Unit: Vanilla.", "Vanilla", []),
    ("", None, []),
    (None, None, []),
])
def test_parse_keywords(rules_text: str | None, name: str | None, expected: list[str]) -> None:
    assert parse_keywords(rules_text, name) == expected


# --- merging and basics ------------------------------------------------------------------------------

def test_duplicate_printings_merge_into_the_first_printing() -> None:
    data = {"cards": [
        printing("Zed, Blade", "VEN-023/166", tags=["Zed"], rulesText="Riftbound Unit: Zed, Blade. [Accelerate]"),
        printing("Zed, Blade", "OGN-023a/298", tags=["Zed", "Ionia"],
                 rulesText="Riftbound Unit: Zed, Blade. [Ganking] (I can move.)"),
        printing("Zed, Blade", "OGN-023/298", tags=["Ionia", "Zed", "Shadow"],
                 rulesText="Riftbound Unit: Zed, Blade. [Ganking] (I can move.)"),
    ]}
    catalog = parse_gallery(data, "test")
    assert len(catalog) == 1 + len(BASICS)
    zed = catalog.card("Zed, Blade")
    assert zed["code"] == "OGN-023"
    assert zed["tags"] == ["Ionia", "Zed", "Shadow"]
    assert zed["keywords"] == ["Accelerate", "Ganking"]
    assert zed["supertype"] == "Champion"


def test_parse_gallery_adds_the_basics_and_keeps_the_gallerys_runes() -> None:
    data = {"cards": [printing("Fury Rune", "XYZ-001/100", type="Rune", energy=None, might=None)]}
    catalog = parse_gallery(data, "tiny")
    assert [name for name in BASICS if name not in catalog] == []
    assert catalog.card("Fury Rune")["code"] == "XYZ-001"
    assert catalog.card("Calm Rune") == next(c for c in basic_cards() if c["name"] == "Calm Rune")
    assert catalog.card("Recruit")["might"] == 1


def test_parse_gallery_reads_numbers_given_as_integers_and_colorless_as_no_domain() -> None:
    data = {"cards": [printing("Golem", "XYZ-002/100", energy=4, might=5, power=1, domains=["Colorless"])]}
    golem = parse_gallery(data, "tiny").card("golem")
    assert (golem["energy"], golem["might"], golem["power"], golem["domains"]) == (4, 5, 1, [])


@pytest.mark.parametrize("data, message", [
    ([{"name": "Zap"}], r"expected a JSON object with a 'cards' list, got list"),
    ({"count": 1}, r"has no 'cards' list"),
    ({"cards": {"name": "Zap"}}, r"'cards' must be a list, got dict"),
    ({"cards": ["Zap"]}, r"gallery card #0: must be a JSON object, got str"),
    ({"cards": [printing("Zap", "A-1"), {"code": "A-2", "type": "Unit"}]},
     r"gallery card #1: field 'name' is missing"),
    ({"cards": [printing("Zap", "A-1", energy="two")]},
     r"gallery card #0 \('Zap'\): field 'energy' must be null, a non-negative integer or a string of digits, "
     r"got 'two'"),
    ({"cards": [printing("Zap", "A-1", might=[2])]}, r"gallery card #0 \('Zap'\): field 'might'"),
    ({"cards": [printing("Zap", "A-1", type="Planeswalker")]}, r"gallery card #0 \('Zap'\): field 'type'"),
    ({"cards": [printing("Zap", "A-1", domains=["Blue"])]},
     r"\('Zap'\): field 'domains' has unknown domains \['Blue'\]"),
    ({"cards": [printing("Zap", "A-1", tags="Jinx")]}, r"\('Zap'\): field 'tags' must be a list of strings"),
    ({"cards": [printing("Zap", None)]}, r"\('Zap'\): field 'code' is missing"),
])
def test_parse_gallery_refuses_what_is_not_the_gallery_format(data: object, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        parse_gallery(data, "bad")  # type: ignore[arg-type]


# --- Catalog ------------------------------------------------------------------------------------------

@pytest.fixture
def small() -> Catalog:
    return Catalog("small", [card("Void Seeker", code="OGN-024", type="Spell", might=None),
                             card("Jinx, Rebel", code="OGN-202", supertype="Champion", tags=["Jinx"])])


@pytest.mark.parametrize("key, expected", [
    ("Void Seeker", "Void Seeker"),
    ("void seeker", "Void Seeker"),
    ("VOID SEEKER ", "Void Seeker"),
    ("OGN-024", "Void Seeker"),
    ("ogn-202", "Jinx, Rebel"),
    ("Jinx", None),
    ("OGN-024/298", "Void Seeker"),  # a printed code with its set size (issue 13)
    ("OGN-024a", "Void Seeker"),  # a variant the catalog does not list is its base code's card
    ("OGN-025", None),
    ("", None),
])
def test_catalog_lookup_by_name_or_code_in_any_case(small: Catalog, key: str, expected: str | None) -> None:
    found = small.get(key)
    assert (found["name"] if found else None) == expected
    assert small.name_of(key) == expected
    assert (key in small) == (expected is not None)


def test_catalog_card_raises_keyerror_naming_the_card_and_the_catalog(small: Catalog) -> None:
    with pytest.raises(KeyError) as raised:
        small.card("Teemo, Scout")
    assert str(raised.value) == "no card named 'Teemo, Scout' in catalog 'small'"


def test_every_gallery_card_is_copied_whole(full: Catalog) -> None:
    """A lookup's copy (a marshal round trip) equals the facts: every value a card's facts hold is plain data."""
    for facts in full:
        copied = full.card(facts["name"])
        assert copied == facts and copied is not facts


def test_catalog_lookups_return_copies(small: Catalog) -> None:
    small.card("Jinx, Rebel")["tags"].append("Zaun")
    assert small.card("Jinx, Rebel")["tags"] == ["Jinx"]
    assert len(small) == 2 and 42 not in small
    assert [facts["name"] for facts in small] == ["Jinx, Rebel", "Void Seeker"]
    assert repr(small) == "<Catalog 'small': 2 cards>"


@pytest.mark.parametrize("cards, message", [
    ([card("Zap"), card("zap", code="Z-2")], r"catalog 'bad': 'zap' and 'Zap' share the name or code 'zap'"),
    ([card("Zap", code="A-1"), card("Bop", code="a-1")], r"share the name or code"),
    ([{**card("Zap"), "rulesText": "Deal 2."}],
     r"card #0 \('Zap'\): the facts must be exactly .*unexpected \['rulesText'\]"),
    ([card("Zap", energy="2")], r"field 'energy' must be a non-negative integer, got '2'"),
    ([card("Zap", domains=["Colorless"])], r"field 'domains'"),
    ([card("Zap", keywords=["Tank", "Assault"])], r"field 'keywords' must be a sorted list"),
    ([card("Zap", supertype="Epic")], r"field 'supertype'"),
    (["Zap"], r"card #0: a card must be a JSON object"),
])
def test_catalog_refuses_ill_formed_cards(cards: list, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        Catalog("bad", cards)


def test_to_dict_and_from_dict_round_trip(small: Catalog) -> None:
    stored = json.loads(json.dumps(small.to_dict()))
    assert stored == {"name": "small", "cards": [small.card("Jinx, Rebel"), small.card("Void Seeker")]}
    assert Catalog.from_dict(stored) == small
    assert Catalog.from_dict(demo_catalog().to_dict()) == demo_catalog()


@pytest.mark.parametrize("data, message", [
    ([], r"must be a JSON object, got list"),
    ({"name": "x"}, r"missing \['cards'\]"),
    ({"name": "", "cards": []}, r"non-empty string"),
])
def test_from_dict_refuses_what_to_dict_did_not_write(data: object, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        Catalog.from_dict(data)  # type: ignore[arg-type]


# --- the demo catalog and decks ------------------------------------------------------------------------

def test_demo_catalog_is_named_demo_loaded_once_and_has_the_basics() -> None:
    demo = demo_catalog()
    assert demo.name == "demo" and demo_catalog() is demo
    assert 90 <= len(demo) <= 130  # six decks' cards, the basic runes and the token kinds
    for name in BASICS:
        assert name in demo
    assert demo.card("Recruit") == next(c for c in basic_cards() if c["name"] == "Recruit")


def test_demo_file_is_pretty_printed_facts_sorted_by_name() -> None:
    text = (ROOT / "engine" / "data" / "demo.json").read_text(encoding="utf-8")
    assert text == json.dumps(demo_catalog().to_dict(), indent=2, ensure_ascii=False) + "\n"
    names = [facts["name"] for facts in json.loads(text)["cards"]]
    assert names == sorted(names, key=lambda name: (name.casefold(), name))


def test_demo_files_are_what_the_script_makes_from_the_gallery(gallery: dict) -> None:
    spec = importlib.util.spec_from_file_location("make_demo_catalog", ROOT / "scripts" / "make_demo_catalog.py")
    script = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(script)  # type: ignore[union-attr]
    demo, decks = script.build(gallery)
    assert demo == demo_catalog()
    assert decks == json.loads((ROOT / "engine" / "data" / "demo_decks.json").read_text(encoding="utf-8"))


def test_demo_decks_are_six_decks_the_first_two_of_different_domains() -> None:
    decks = demo_decks()
    assert len(decks) == 6
    demo = demo_catalog()
    identities = [frozenset(demo.card(deck["legend"])["domains"]) for deck in decks]
    assert len(identities[0]) == len(identities[1]) == 2 and not identities[0] & identities[1]
    assert decks[0] is not demo_decks()[0]


def deck_problems(deck: dict, catalog: Catalog) -> list[str]:
    """The rule-103 problems of a duel deck (an empty list for a legal one)."""
    problems = []
    legend = catalog.card(deck["legend"])
    identity = set(legend["domains"])
    if legend["type"] != "Legend" or len(identity) != 2:
        problems.append("103.1: the legend must be a Champion Legend of two domains")
    champion = catalog.card(deck["champion"])
    if champion["supertype"] != "Champion" or not set(champion["tags"]) & set(legend["tags"]):
        problems.append("103.2.a.2: the chosen champion must be a champion unit with the legend's tag")
    if deck["champion"] not in deck["deck"]:
        problems.append("103.2.b.1: the deck includes the chosen champion")
    if len(deck["deck"]) != 40:
        problems.append(f"103.2: a duel deck has 40 cards, not {len(deck['deck'])}")
    for name, copies in collections.Counter(deck["deck"]).items():
        facts = catalog.card(name)
        if copies > 3:
            problems.append(f"103.2.b: {copies} copies of {name}")
        if facts["type"] not in ("Unit", "Spell", "Gear") or facts["supertype"] == "Token":
            problems.append(f"103.2: {name} is not a main deck card")
        if not set(facts["domains"]) <= identity:
            problems.append(f"103.1.b: {name} ({facts['domains']}) is outside {sorted(identity)}")
    signatures = [name for name in deck["deck"] if catalog.card(name)["supertype"] == "Signature"]
    if len(signatures) > 3:
        problems.append("103.2.d.1: more than 3 signature cards")
    if any(not set(catalog.card(name)["tags"]) & set(legend["tags"]) for name in signatures):
        problems.append("103.2.d.2: a signature card of another champion")
    runes = [catalog.card(name) for name in deck["runes"]]
    if len(runes) != 12 or any(r["type"] != "Rune" or not set(r["domains"]) <= identity for r in runes):
        problems.append("103.3.a: 12 runes of the legend's domains")
    battlefields = [catalog.card(name) for name in deck["battlefields"]]
    if len(set(deck["battlefields"])) != 3 or any(b["type"] != "Battlefield" for b in battlefields):
        problems.append("103.4: 3 distinct battlefields")
    return problems


@pytest.mark.parametrize("index", [0, 1])
def test_demo_deck_is_legal(index: int) -> None:
    assert deck_problems(demo_decks()[index], demo_catalog()) == []


@pytest.mark.parametrize("index", [0, 1])
def test_demo_deck_mixes_units_reactions_actions_and_gear(index: int) -> None:
    demo = demo_catalog()
    pool = [demo.card(name) for name in sorted(set(demo_decks()[index]["deck"]))]
    assert 20 <= len(pool) <= 25
    units = [facts for facts in pool if facts["type"] == "Unit"]
    spells = [facts for facts in pool if facts["type"] == "Spell"]
    assert {facts["energy"] for facts in units} >= {2, 3, 4, 5, 6}
    assert len([facts for facts in spells if "Reaction" in facts["keywords"]]) >= 4
    assert len([facts for facts in spells if "Action" in facts["keywords"]]) >= 2
    assert len([facts for facts in pool if facts["type"] == "Gear"]) >= 2


@pytest.mark.parametrize("change, rule", [
    (lambda deck: deck["deck"].append("Gust"), "103.2: a duel deck has 40 cards"),
    (lambda deck: deck["deck"].__setitem__(slice(4, 6), ["Jinx, Demolitionist"] * 2), "103.2.b"),
    (lambda deck: deck.__setitem__("champion", "Jinx, Rebel") or deck["deck"].remove("Jinx, Rebel"), "103.2.b.1"),
    (lambda deck: deck.__setitem__("champion", "Ahri, Inquisitive"), "103.2.a.2"),
    (lambda deck: deck["deck"].__setitem__(0, "Defy"), "103.1.b"),
    (lambda deck: deck["runes"].__setitem__(0, "Calm Rune"), "103.3.a"),
    (lambda deck: deck["battlefields"].__setitem__(0, "Zaun Warrens"), "103.4"),
    (lambda deck: deck["deck"].__setitem__(slice(0, 3), ["Super Mega Death Rocket!"] * 3), "103.2.d.1"),
])
def test_deck_check_catches_each_broken_rule(change, rule: str) -> None:
    deck = json.loads(json.dumps(demo_decks()[0]))
    change(deck)
    assert any(problem.startswith(rule) for problem in deck_problems(deck, demo_catalog()))
