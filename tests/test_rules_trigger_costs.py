"""A triggered ability's cost within its instructions ("you may pay [1] and exhaust this to draw 1") is paid as the
ability is finalized, to put it on the chain (v1.3 742.1.b, 403.1.b.1, 404), with real cards of the gallery."""
from __future__ import annotations

import pytest

import engine
from gallery_table import GalleryTable, deck
from replays import notation
from test_rules_statics import deck_count

P1 = deck("Bounty Hunter", ["Spirit Wheel", "Ruin Runner"], ["Rockfall Path", "Forgotten Monument", "Aspirant's Climb"])
P2 = deck("Hand of Noxus", ["Baccai Reaper"], ["Vilemaw's Lair", "Trifarian War Camp", "Windswept Hillock"])


def table(p1: str, p2: str = "runedeck:8 runes:2 Fury Rune;2 Order Rune", player: str = "P1", turn: int = 3,
          policy: str = "strict") -> GalleryTable:
    line = (f"position turn {turn} {player} action first P1 | P1 0 bf:Rockfall Path deck:{deck_count(p1)} {p1} | "
            f"P2 0 bf:Vilemaw's Lair deck:{deck_count(p2)} {p2}")
    return GalleryTable(P1, P2, policy).do(line)


WHEEL = "runedeck:8 runes:2 Body Rune;2 Chaos Rune gear:Spirit Wheel base:Ruin Runner"


def test_spirit_wheel_pays_its_energy_and_exhausts_itself_as_its_ability_is_finalized_v1_3_742_1_b():
    t = table(WHEEL)
    wheel = t.find("P1", "Spirit Wheel")
    t.do(f'P1 trigger Spirit Wheel "when you choose a friendly unit" +cost={{"energy": 1, "exhausting": ["{wheel}"]}} '
         f'$1')
    item = t.state["chain"][-1]
    assert item["paid"] == {"energy": 1, "exhausting": [wheel]} and t.state["objects"][wheel]["exhausted"] is True
    assert t.pool("P1") == {"energy": 0, "power": {}}
    assert sum(t.state["objects"][rune]["exhausted"] for rune in t.state["players"]["P1"]["runes"]) == 1


def test_a_trigger_cost_that_is_not_paid_is_refused_v1_3_742_1_b():
    t = table(WHEEL)
    wheel = t.find("P1", "Spirit Wheel")
    t.refuses(f'P1 trigger Spirit Wheel "when you choose a friendly unit" +cost={{"energy": 1, "exhausting": '
              f'["{wheel}"]}}', rule="v1.3 742.1.b")


def test_an_exhausted_source_cannot_pay_exhaust_this_v1_3_742_1_b():
    t = table("runedeck:8 runes:2 Body Rune;2 Chaos Rune gear:Spirit Wheel* base:Ruin Runner")
    wheel = t.find("P1", "Spirit Wheel")
    t.refuses(f'P1 trigger Spirit Wheel "when you choose a friendly unit" +cost={{"energy": 1, "exhausting": '
              f'["{wheel}"]}} $1', rule="v1.3 742.1.b")


def test_baccai_reaper_pays_fury_power_as_it_attacks_v1_3_742_1_b():
    t = table(WHEEL, "runedeck:8 runes:2 Fury Rune;2 Order Rune base:Baccai Reaper", player="P2", turn=4).do(
        'P2 trigger Baccai Reaper "when I attack" +cost={"power": {"Fury": 1}} $0 / Fury Rune')
    assert t.state["chain"][-1]["paid"] == {"power": {"Fury": 1}} and t.pool("P2") == {"energy": 0, "power": {}}


def test_the_notation_writes_a_trigger_cost_as_it_reads_it():
    t = table(WHEEL)
    wheel = t.find("P1", "Spirit Wheel")
    line = (f'P1 trigger Spirit Wheel "when you choose a friendly unit" +cost={{"energy": 1, "exhausting": '
            f'["{wheel}"]}} $1')
    event = notation.parse_event(line, t.state)
    assert event["cost"] == {"energy": 1, "exhausting": [wheel]} and event["pay"]["exhaust"]
    assert notation.parse_event(notation.write_line(t.state, event), t.state) == event


@pytest.mark.parametrize("cost, message", [
    ({"energy": -1}, "whole numbers"),
    ({"mana": 1}, "a cost is a map of"),
    ({"exhausting": "o1"}, "lists object ids"),
])
def test_a_malformed_trigger_cost_is_refused(cost: dict, message: str):
    t = table(WHEEL)
    with pytest.raises(engine.MalformedEvent, match=message):
        t.do({"type": "trigger", "player": "P1", "source": t.find("P1", "Spirit Wheel"),
              "ability": "when you choose a friendly unit", "cost": cost})
