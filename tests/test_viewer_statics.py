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
