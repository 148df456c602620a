"""What effects and costs do to units, as occurrences a triggered ability's condition may name (issue 26, "Honest
coverage"; engine/cards/triggers.py, engine/due.py): readying (v1.4 415: an exhausted object becomes ready, the turn
player's Awaken Phase too, 315.1.b), stunning (a unit not stunned already, 599.1.a.1), buffing (a unit that gets a
buff, 702.3) and spending a buff (702.2.b). In a match whose abilities the engine checks, such an ability is due only
when it happened, and a `trigger` for one that is not due is refused in strict citing v1.4 383.3, quoting the card.
Real gallery cards, v1.4: Fretful Feline, Eclipse Herald, Simian Ancestor, Fae Dragon.
"""
from __future__ import annotations

from gallery_table import GalleryTable, deck, said
from test_rules_statics import deck_count

P1 = deck("Wuju Master", ["Fretful Feline", "Eclipse Herald", "Simian Ancestor", "Fae Dragon", "Sett, Brawler",
                          "Rune Prison", "Stand United"], ["Grove of the God-Willow", "Zaun Warrens", "Altar to Unity"])
P2 = deck("Gloomist", ["Wizened Elder", "Lonely Poro"], ["Vilemaw's Lair", "Trifarian War Camp", "Windswept Hillock"])
RUNES = "runedeck:4 runes:4 Calm Rune;4 Body Rune"
P2_RUNES = "runedeck:8 runes:2 Calm Rune;2 Chaos Rune"
FELINE = "When I become ready, give me +2 [S] this turn."
HERALD = "When you stun an enemy unit, ready me and give me +1 [S] this turn."
SIMIAN = "When you buff me, ready me."


def table(p1: str, p2: str = P2_RUNES, player: str = "P1", turn: int = 3) -> GalleryTable:
    line = (f"position turn {turn} {player} action first P1 | P1 0 bf:Grove of the God-Willow deck:{deck_count(p1)} "
            f"{p1} | P2 0 bf:Vilemaw's Lair deck:{deck_count(p2)} {p2}")
    return GalleryTable(P1, P2, "strict", rules="v1.4", abilities="checked").do(line)


def due(t: GalleryTable) -> list[tuple[str, str]]:
    """The due triggers `awaiting` lists first: (card, label)."""
    first = t.state["awaiting"][0]
    return [(entry["card"], entry["label"]) for entry in first.get("triggers", [])] if first["kind"] == "trigger" \
        else []


def test_fretful_feline_exhausted_becomes_ready_in_the_awaken_phase_v1_4_315_1_b():
    t = table(f"{RUNES} base:Fretful Feline*", player="P2", turn=4).do("P2 end turn")
    assert due(t) == [("Fretful Feline", "when-i-become")]
    t.do('P1 trigger Fretful Feline "when-i-become"')


def test_fretful_feline_ready_already_does_not_become_ready_v1_4_415():
    t = table(f"{RUNES} base:Fretful Feline", player="P2", turn=4).do("P2 end turn")
    assert due(t) == []
    assert FELINE in said(t.refuses('P1 trigger Fretful Feline "when-i-become"', rule="v1.4 383.3"))


def test_eclipse_herald_is_due_when_its_player_stuns_an_enemy_unit():
    t = table(f"{RUNES} base:Eclipse Herald* hand:Rune Prison", f"{P2_RUNES} base:Wizened Elder")
    assert HERALD in said(t.refuses('P1 trigger Eclipse Herald "when-you-stun"', rule="v1.4 383.3"))
    t.do("P1 play Rune Prison -> Wizened Elder $2 / Calm Rune", "P1 pass", "P2 pass",
         "resolve Rune Prison: stun Wizened Elder")
    assert due(t) == [("Eclipse Herald", "when-you-stun")]
    t.do('P1 trigger Eclipse Herald "when-you-stun"')


def test_simian_ancestor_is_due_when_it_gets_a_buff_only_v1_4_702_3():
    t = table(f"{RUNES} base:Simian Ancestor* hand:Stand United")
    t.do("P1 play Stand United $3", "P1 pass", "P2 pass", "resolve Stand United: buff Simian Ancestor")
    assert due(t) == [("Simian Ancestor", "when-you-buff")]
    buffed = table(f"{RUNES} base:Simian Ancestor^* hand:Stand United")  # one buff at most: nothing happens
    buffed.do("P1 play Stand United $3", "P1 pass", "P2 pass", "resolve Stand United: buff Simian Ancestor")
    assert due(buffed) == []
    assert SIMIAN in said(buffed.refuses('P1 trigger Simian Ancestor "when-you-buff"', rule="v1.4 383.3"))


def test_fae_dragon_is_due_when_a_buff_is_spent_to_pay_a_cost_v1_4_702_2_b():
    t = table(f"{RUNES} base:Fae Dragon;Sett, Brawler^")
    t.refuses('P1 trigger Fae Dragon "when-you-spend"', rule="v1.4 383.3")
    t.do('P1 activate Sett, Brawler "give-me-4"')
    assert due(t) == [("Fae Dragon", "when-you-spend")]
    t.do('P1 trigger Fae Dragon "when-you-spend"')
