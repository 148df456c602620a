"""The format's banned cards (issue 25; v1.4 103.2.e "Subject to card legality of the Format being played", TR
601.2.d "If a card is banned in a specific format, that card may not be included in a deck"): engine/data/banned.json
holds the cards the Tournament Rules of 2026-07-16 name as banned (601.2.d.2.a: Fight or Flight, Scrapheap, Reaver's
Row), and deck construction refuses them in v1.4 matches (`construction.banned_problems`). v1.3 matches are not
checked, as before. Real gallery cards: Pyke (Bloodharbor Ripper, Fury/Chaos) against Shen."""
from __future__ import annotations

from typing import Any

import pytest

import engine
from engine import construction
from gallery_duel import gallery_catalog, pyke_vs_shen
from replays import notation

SCRAPHEAP_MESSAGE = "'Scrapheap' in P1's main deck is banned in the Constructed format: it may not be in a deck"


def with_banned(rules: str = "v1.4", policy: str = "strict", *, deck: str | None = "Scrapheap",
                battlefield: str | None = None, sideboard: list[str] | None = None) -> dict[str, Any]:
    """Pyke's legal deck (Fury/Chaos) with a banned card put in: Scrapheap (a Chaos gear) for its last main deck
    card, Reaver's Row (a colorless battlefield) for its first battlefield, or a sideboard."""
    created = pyke_vs_shen(policy)
    created["rules"] = rules
    pyke = created["players"][0]
    if deck is not None:
        pyke["deck"] = [*pyke["deck"][:-1], deck]
    if battlefield is not None:
        pyke["battlefields"] = [battlefield, *pyke["battlefields"][1:]]
    if sideboard is not None:
        pyke["sideboard"] = sideboard
    return created


def created_state(created: dict[str, Any]) -> dict[str, Any]:
    return engine.apply(None, created, gallery_catalog())


def test_the_banned_list_is_the_three_cards_tr_601_2_d_2_a_names_and_each_is_a_gallery_card():
    assert construction.BANNED == {"Fight or Flight", "Scrapheap", "Reaver's Row"}
    assert construction.BANNED_LIST["rule"] == "TR 601.2.d" and construction.BANNED_LIST["format"] == "Constructed"
    assert all(gallery_catalog().get(name) is not None for name in construction.BANNED)


def test_pykes_deck_without_a_banned_card_is_legal_in_a_v1_4_match():
    assert created_state(with_banned(deck=None))["violations"] == []


def test_a_banned_card_in_the_main_deck_is_refused_in_a_strict_v1_4_match_tr_601_2_d():
    with pytest.raises(engine.IllegalEvent) as refusal:
        created_state(with_banned())
    assert [violation["rule"] for violation in refusal.value.violations] == ["TR 601.2.d"]
    assert SCRAPHEAP_MESSAGE in str(refusal.value)


def test_a_banned_battlefield_and_a_banned_sideboard_card_are_flagged_in_an_audit_v1_4_match_tr_601_2_d():
    state = created_state(with_banned(policy="audit", deck=None, battlefield="Reaver's Row",
                                      sideboard=["Fight or Flight"]))
    assert [(violation["rule"], violation["message"]) for violation in state["violations"]] == [
        ("TR 601.2.d", "\"Reaver's Row\" in P1's battlefields is banned in the Constructed format: it may not be in "
                       "a deck (v1.4 103.2.e)"),
        ("TR 601.2.d", "'Fight or Flight' in P1's sideboard is banned in the Constructed format: it may not be in a "
                       "deck (v1.4 103.2.e)")]


def test_a_v1_3_match_does_not_check_the_banned_list_as_before():
    state = created_state(with_banned("v1.3", deck="Scrapheap", battlefield="Reaver's Row"))
    assert state["violations"] == []


def test_the_notation_of_a_v1_4_match_with_a_banned_card_is_refused_at_its_header_tr_601_2_d():
    catalog = gallery_catalog()
    text = notation.write_match([with_banned(policy="audit")], catalog)
    assert '[Policy "audit"]' in text and len(notation.parse_match(text, catalog)) == 1  # audit: read, flagged
    with pytest.raises(notation.NotationError, match="line 1, column 1: the engine refuses this match_created event "
                                                     "in a strict match: 'Scrapheap' in P1's main deck is banned"):
        notation.parse_match(text.replace('[Policy "audit"]', '[Policy "strict"]'), catalog)


def test_the_demo_catalogs_sample_deck_with_two_scrapheap_is_exempt_in_a_v1_4_match():
    """Demo deck 1 (Loose Cannon) holds two Scrapheap; the demo catalog is a sample, not a format's card pool
    (engine/data/banned.json, docs/engine.md "Banned cards")."""
    from table import Table

    table = Table(rules="v1.4")
    assert table.state["players"]["P1"]["decklist"]["Scrapheap"] == 2 and table.state["violations"] == []
    assert not construction.checks_banned_cards("demo") and construction.checks_banned_cards("gallery")


@pytest.fixture
def gallery_client(client, log):
    log.import_catalog(gallery_catalog())
    return client


def test_the_api_refuses_to_create_a_v1_4_match_with_a_banned_card_naming_it(gallery_client):
    answer = gallery_client.post("/api/matches", json={key: value for key, value in with_banned().items()
                                                       if key != "type"})
    assert answer.status_code == 422, answer.get_json()
    assert SCRAPHEAP_MESSAGE in answer.get_json()["error"]
    assert [violation["rule"] for violation in answer.get_json()["violations"]] == ["TR 601.2.d"]


def test_the_api_creates_the_same_match_under_v1_3(gallery_client):
    answer = gallery_client.post("/api/matches", json={key: value for key, value in with_banned("v1.3").items()
                                                       if key != "type"})
    assert answer.status_code == 201, answer.get_json()
