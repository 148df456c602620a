"""The viewer shows the static effects in force and their sources, and words the `static` event and op."""
from __future__ import annotations

from positions import transcript
from replays import notation
from table import WITH_UNITS
from test_web import Page, as_reader
from web.describe import describe_event, describe_static

STATIC = ('static Legion Rearguard +affects={"who": "friendly", "other": true, "where": "here"} +might=1 '
          '+keywords=["Tank"]')


def test_the_viewer_lists_the_static_effects_in_force_with_their_sources(client, log):
    match_id, token = notation.import_match(log, transcript(f"position {WITH_UNITS}", STATIC,
                                                            'static bf1 +affects={"who": "all", "where": "here"} '
                                                            '+might=1'))
    as_reader(client, match_id, token)
    page = Page(client.get(f"/matches/{match_id}").get_data(as_text=True))
    text = page.text("statics")
    assert "Legion Rearguard" in text and "other friendly units here: +1 might, Tank" in text
    assert "Zaun Warrens bf1: units here: +1 might" in text


def test_a_static_is_worded_by_what_it_gives_and_when():
    static = {"affects": {"who": "friendly", "types": ["Spell"]}, "cost": {"energy": -1, "min_energy": 1},
              "while": {"at": "battlefield"}}
    assert describe_static(static) == "friendly spells: cost -1 energy (to a minimum of 1) while at battlefield"
    assert describe_static({"affects": {"who": "self"}, "enter_ready": True}) == "itself: enter ready"
    assert describe_static({"text": "I enter ready.", "enter_ready": True}) == "I enter ready."
    event = {"type": "static", "source": "o7", "affects": {"who": "enemy", "tags": ["Mech"]}, "might": -1}
    assert describe_event(event) == "static of o7: enemy Mech units: -1 might"


def test_the_viewer_shows_how_many_times_a_unit_is_empowered(client, log):
    """v1.4 441.1.c.1 (Kayle, Justified): an object Empowered three times reads "Empowered ×3"; once, "Empowered"."""
    line = WITH_UNITS.replace("base:Legion Rearguard", "base:Legion Rearguard{E3}").replace(
        "base:Stalwart Poro*", "base:Stalwart Poro*{E}")
    match_id, token = notation.import_match(log, transcript(f"position {line}"))
    as_reader(client, match_id, token)
    page = Page(client.get(f"/matches/{match_id}").get_data(as_text=True))
    assert "Empowered ×3" in page.text("player-P1")
    assert "Empowered" in page.text("player-P2") and "×" not in page.text("player-P2")


def test_a_static_while_empowered_several_times_is_worded_so():
    static = {"affects": {"who": "self"}, "might": 2, "while": {"empowered": 3}}
    assert describe_static(static) == "itself: +2 might while empowered 3 times or more"
    assert describe_static({"affects": {"who": "self"}, "might": 2, "while": {"empowered": True}}) == \
        "itself: +2 might while empowered"
