"""What a triggered ability's condition says of the card or unit it is about (issue 26, "Honest coverage";
engine/cards/triggers.py): in a match whose abilities the engine checks, the ability is due only for an occurrence
that fits, and a `trigger` for one that is not due is refused in strict citing v1.4 383.3, quoting the card. Real
gallery cards, v1.4:

- Lady of Luminosity - Starter and Lux, Illuminated, "When you play a spell that costs [5] or more, ..." (the
  printed Energy cost; the condition is one, not "a spell that costs [5]" or "more");
- Vanguard Helm, "When a buffed friendly unit dies, ..." (v1.4 702) and Viktor, Leader, "When another non-Recruit
  unit you control dies, ...";
- Mournful Witness, "When a combat that I was in ends, empower me." (v1.4 466: the combat's end, either side).
"""
from __future__ import annotations

from gallery_table import GalleryTable, deck, said
from test_rules_statics import deck_count

from engine.cards import triggers

LADY = "When you play a spell that costs [5] or more, draw 1."
HELM = "When a buffed friendly unit dies, buff another friendly unit."
VIKTOR = "When another non-Recruit unit you control dies, play a 1 [S] Recruit unit token into your base."
P1 = deck("Lady of Luminosity - Starter", ["Lux, Illuminated", "Vanguard Helm", "Viktor, Leader", "Progress Day",
                                           "Dredge Up", "Daring Poro", "Trusty Ramhound"],
          ["Grove of the God-Willow", "Zaun Warrens", "Altar to Unity"])
P2 = deck("Bashful Bloom", ["Wizened Elder", "Mournful Witness", "Lonely Poro"],
          ["Vilemaw's Lair", "Trifarian War Camp", "Windswept Hillock"])
RUNES = "runedeck:2 runes:5 Mind Rune;5 Order Rune"
P2_RUNES = "runedeck:8 runes:2 Calm Rune;2 Mind Rune"


def table(p1: str, p2: str = P2_RUNES, policy: str = "strict", tokens: int = 0) -> GalleryTable:
    """`tokens`: how many of the segment's units are tokens, which come from no deck."""
    line = (f"position turn 3 P1 action first P1 | P1 0 bf:Grove of the God-Willow deck:{deck_count(p1) + tokens} "
            f"{p1} | "
            f"P2 0 bf:Vilemaw's Lair deck:{deck_count(p2)} {p2}")
    return GalleryTable(P1, P2, policy, rules="v1.4", abilities="checked").do(line)


def due(t: GalleryTable) -> list[tuple[str, str]]:
    """The due triggers `awaiting` lists first: (card, label)."""
    first = t.state["awaiting"][0]
    return [(entry["card"], entry["label"]) for entry in first.get("triggers", [])] if first["kind"] == "trigger" \
        else []


def test_a_spell_that_costs_5_or_more_is_one_condition():
    assert triggers.compile_trigger(LADY) == {"on": [{"event": "played", "subject": "a spell", "whose": "you",
                                                      "energy_at_least": 5}], "optional": False, "cost": None,
                                              "unread": []}


def test_lady_of_luminosity_and_lux_are_due_for_a_spell_of_5_or_more_only():
    t = table(f"{RUNES} base:Lux, Illuminated hand:Dredge Up;Progress Day")
    t.do("P1 play Dredge Up $2", "P1 pass", "P2 pass", "resolve Dredge Up: draw P1 ?")
    assert due(t) == []
    assert LADY in said(t.refuses('P1 trigger Lady of Luminosity - Starter "when-you-play"', rule="v1.4 383.3"))
    t.do("P1 play Progress Day $6 / Mind Rune", "P1 pass", "P2 pass", "resolve Progress Day: draw P1 ?; ?; ?; ?")
    assert sorted(due(t)) == [("Lady of Luminosity - Starter", "when-you-play"), ("Lux, Illuminated", "when-you-play")]
    t.do('P1 trigger Lady of Luminosity - Starter "when-you-play"', 'P1 trigger Lux, Illuminated "when-you-play"')
    assert t.state["violations"] == []


def test_vanguard_helm_and_viktor_are_due_for_the_buffed_non_recruit_unit_that_dies_only():
    t = table(f"{RUNES} base:Vanguard Helm;Viktor, Leader;Daring Poro^;Recruit",
              f"{P2_RUNES} controls:bf2 bf2:Wizened Elder", tokens=1)
    t.do("P1 move Daring Poro; Recruit -> bf2", "P1 pass", "P2 pass", "P1 assign Wizened Elder 5",
         "P2 assign Daring Poro 4")
    assert t.find("P1", "Daring Poro", "trash")
    # the buffed non-Recruit unit died: each due once
    assert due(t) == [("Vanguard Helm", "when-a-buffed"), ("Viktor, Leader", "when-another-non")]
    t.do('P1 trigger Vanguard Helm "when-a-buffed"', 'P1 trigger Viktor, Leader "when-another-non"')
    assert VIKTOR in said(t.refuses('P1 trigger Viktor, Leader "when-another-non"', rule="v1.4 383.3"))


def test_a_recruit_or_an_unbuffed_unit_dying_makes_neither_due():
    t = table(f"{RUNES} base:Vanguard Helm;Viktor, Leader;Recruit", f"{P2_RUNES} controls:bf2 bf2:Wizened Elder",
              tokens=1)
    t.do("P1 move Recruit -> bf2", "P1 pass", "P2 pass", "P1 assign Wizened Elder 1", "P2 assign Recruit 4")
    assert due(t) == []
    assert HELM in said(t.refuses('P1 trigger Vanguard Helm "when-a-buffed"', rule="v1.4 383.3"))


def test_mournful_witness_is_due_as_the_combat_it_was_in_ends():
    t = table(f"{RUNES} base:Daring Poro", f"{P2_RUNES} controls:bf2 bf2:Mournful Witness;Wizened Elder")
    t.refuses('P2 trigger Mournful Witness "when-a-combat"', rule="v1.4 383.3")
    t.do("P1 move Daring Poro -> bf2", "P1 pass", "P2 pass", "P1 assign Wizened Elder 3",
         "P2 assign Daring Poro 6")
    assert t.state["combat"] is None and due(t) == [("Mournful Witness", "when-a-combat")]
    t.do('P2 trigger Mournful Witness "when-a-combat"')
    assert t.state["chain"][-1]["card"] == "Mournful Witness"
