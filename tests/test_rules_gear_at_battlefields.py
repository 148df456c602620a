"""A battlefield's `units` lists units only (contract section 2; issue 26, "a wrong state in a real game"): gear
attached to a unit there (v1.3 719.3) is shown with its unit (`attached`, `attached_to`) and in the battlefield's
`gear` list, in a match whose abilities the engine checks (engine/objects.py `lists_units_only`). A match stored
before keeps the states it folded to. Real cards of the gallery: Ruin Runner equipped with Doran's Blade."""
from __future__ import annotations

from typing import Any

from gallery_table import GalleryTable, deck
from test_rules_static_rules import P2, P2_RUNES
from test_rules_statics import deck_count

from replays.wording import Namer, battlefield_sentences

P1 = deck("Bounty Hunter", ["Ruin Runner", "Doran's Blade"], ["Rockfall Path", "Forgotten Monument",
                                                               "Aspirant's Climb"])
P1_RUNES = "runedeck:8 runes:2 Body Rune;2 Chaos Rune"


def table(p1: str, checked: bool = True) -> GalleryTable:
    """P1's action phase, turn 3, bf1 P1's battlefield; `checked`: a match whose abilities the engine checks, else
    one stored before (match_created's `abilities`, "checked" or "declared": set on the state here)."""
    t = GalleryTable(P1, P2)
    t.state = {**t.state, "abilities": "checked" if checked else "declared"}  # "declared": a match stored before
    segment = f"{P1_RUNES} {p1}"
    left = deck_count(segment) - segment.count("+")  # a gear attached after `+` came from the deck too
    return t.do(f"position turn 3 P1 action first P1 | P1 0 bf:Rockfall Path deck:{left} {segment} | "
                f"P2 0 bf:Vilemaw's Lair deck:{deck_count(P2_RUNES)} {P2_RUNES}")


def at(t: GalleryTable, battlefield: str) -> dict[str, Any]:
    return next(entry for entry in t.state["battlefields"] if entry["id"] == battlefield)


def test_an_equipped_unit_at_a_battlefield_is_its_only_unit_the_gear_shown_with_it():
    t = table("controls:bf1 bf1:Ruin Runner+Doran's Blade")
    runner, blade = t.find("P1", "Ruin Runner"), t.find("P1", "Doran's Blade")
    assert at(t, "bf1")["units"] == [runner]
    assert at(t, "bf1")["gear"] == [blade]
    assert t.state["objects"][runner]["attached"] == [blade]
    assert t.state["objects"][blade]["attached_to"] == runner and t.state["objects"][blade]["location"] == "bf1"
    t.do("P1 move Ruin Runner -> base")  # v1.3 719.3.a: its gear goes with it
    assert at(t, "bf1")["units"] == [] and at(t, "bf1")["gear"] == []
    assert t.state["players"]["P1"]["base"] == [runner, blade]


def test_an_equipped_unit_moving_to_a_battlefield_takes_its_gear_but_lists_only_itself_every_turn():
    t = table("base:Ruin Runner+Doran's Blade")
    runner, blade = t.find("P1", "Ruin Runner"), t.find("P1", "Doran's Blade")
    t.do("P1 move Ruin Runner -> bf1")  # bf1 is nobody's: a showdown opens there
    assert at(t, "bf1")["units"] == [runner] and at(t, "bf1")["gear"] == [blade]
    assert t.state["objects"][blade]["location"] == "bf1"
    t.do("P1 pass", "P2 pass", "P1 end turn")  # P1 conquers bf1; the turn ends
    assert at(t, "bf1")["controller"] == "P1" and t.state["turn_player"] == "P2"
    assert at(t, "bf1")["units"] == [runner], "every turn it stands there, the state lists the unit only"



def test_a_match_stored_before_keeps_listing_the_gear_among_the_units():
    # tests/test_frozen.py: the golden real-cards match equips Doran's Blade at a battlefield and folds as it did.
    t = table("controls:bf1 bf1:Ruin Runner+Doran's Blade", checked=False)
    assert at(t, "bf1")["units"] == [t.find("P1", "Ruin Runner"), t.find("P1", "Doran's Blade")]
    assert "gear" not in at(t, "bf1")


def test_the_reports_words_say_the_gear_that_came_to_a_battlefield_apart_from_its_units():
    t = table("base:Ruin Runner+Doran's Blade")
    before = t.state
    t.do("P1 move Ruin Runner -> bf1")
    said = battlefield_sentences(Namer(before, t.state), before["battlefields"], t.state["battlefields"])
    runner, blade = t.find("P1", "Ruin Runner"), t.find("P1", "Doran's Blade")
    [bf1] = [sentence for sentence in said if sentence.startswith("Rockfall Path (bf1)")]
    assert f"units + Ruin Runner ({runner})" in bf1 and f"gear + Doran's Blade ({blade})" in bf1
