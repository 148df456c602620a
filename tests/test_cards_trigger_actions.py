"""What players do that a triggered ability's condition may name (issue 26, "Honest coverage";
engine/cards/triggers.py, engine/cards/trigger_ifs.py, engine/due.py): hiding a card (v1.4 597), discarding several
cards at once (one moment: "one or more" triggers once), using an activated ability of a gear, attaching an
Equipment (v1.4 434), holding with an ally, conquering with four units, "If ... at the start of your Beginning
Phase". In a match whose abilities the engine checks, such an ability is due only when it happened, and a `trigger`
for one that is not due is refused in strict citing v1.4 383.3, quoting the card. Real gallery cards, v1.4:
Katarina, Reckless; Jinx, Rebel; Forsaken Baccai; Prize of Progress; Jax, Unrelenting; Sett, Brawler; Might of
Demacia - Starter; Gloomist.
"""
from __future__ import annotations

from gallery_table import GalleryTable, deck, said
from test_rules_statics import deck_count

BATTLEFIELDS = ["Grove of the God-Willow", "Zaun Warrens", "Altar to Unity"]
FURY = deck("Glorious Executioner", ["Katarina, Reckless", "Jinx, Rebel", "Jinx, Demolitionist", "Forsaken Baccai",
                                     "Lotus Trap", "Pouty Poro"], BATTLEFIELDS)
ORDER = deck("Might of Demacia - Starter", ["Sett, Brawler", "Jax, Unrelenting", "Doran's Blade", "Daring Poro",
                                            "Trusty Ramhound", "Laurent Bladekeeper"], BATTLEFIELDS)
CALM = deck("Bashful Bloom", ["Prize of Progress", "Heart of Dark Ice"], BATTLEFIELDS)
GLOOM = deck("Gloomist", ["Wizened Elder", "Lonely Poro"], ["Vilemaw's Lair", "Trifarian War Camp",
                                                             "Windswept Hillock"])
P2_RUNES = "runedeck:8 runes:2 Calm Rune;2 Chaos Rune"


def table(p1_deck: dict, p1: str, p2: str = P2_RUNES, player: str = "P1", turn: int = 3) -> GalleryTable:
    line = (f"position turn {turn} {player} action first P1 | P1 0 bf:Grove of the God-Willow deck:{deck_count(p1)} "
            f"{p1} | P2 0 bf:Vilemaw's Lair deck:{deck_count(p2)} {p2}")
    return GalleryTable(p1_deck, GLOOM, "strict", rules="v1.4", abilities="checked").do(line)


def due(t: GalleryTable) -> list[tuple[str, str]]:
    """The due triggers `awaiting` lists first: (card, label)."""
    first = t.state["awaiting"][0]
    return [(entry["card"], entry["label"]) for entry in first.get("triggers", [])] if first["kind"] == "trigger" \
        else []


FURY_RUNES = "runedeck:4 runes:4 Fury Rune;4 Chaos Rune"


def test_katarina_is_due_once_a_card_is_hidden_v1_4_597():
    t = table(FURY, f"{FURY_RUNES} controls:bf1 bf1:Pouty Poro base:Katarina, Reckless hand:Lotus Trap")
    assert "When you hide a card, ready me." in said(t.refuses('P1 trigger Katarina, Reckless "when-you-hide"',
                                                               rule="v1.4 383.3"))
    t.do("P1 hide Lotus Trap @bf1 $0 / Fury Rune")
    assert due(t) == [("Katarina, Reckless", "when-you-hide")]
    t.do('P1 trigger Katarina, Reckless "when-you-hide"')


def test_jinx_rebel_is_due_once_for_two_cards_discarded_by_one_instruction():
    t = table(FURY, f"{FURY_RUNES} base:Jinx, Rebel hand:Jinx, Demolitionist;Lotus Trap;Pouty Poro")
    t.do("P1 play Jinx, Demolitionist $3 / Fury Rune", 'P1 trigger Jinx, Demolitionist "when-you-play"',
         "P1 pass", "P2 pass", "resolve Jinx, Demolitionist: discard P1 Lotus Trap; Pouty Poro")
    assert due(t) == [("Jinx, Rebel", "when-you-discard")]
    t.do('P1 trigger Jinx, Rebel "when-you-discard"')
    t.refuses('P1 trigger Jinx, Rebel "when-you-discard"', rule="v1.4 383.3")


BACCAI = "If you control fewer runes than an opponent at the start of your Beginning Phase, give me +1 [S] this turn."


def test_forsaken_baccai_is_due_with_fewer_runes_than_an_opponent_only():
    fewer = table(FURY, "runedeck:9 runes:2 Fury Rune;1 Chaos Rune base:Forsaken Baccai", player="P2", turn=4)
    assert due(fewer.do("P2 end turn")) == [("Forsaken Baccai", "if-you-control")]
    as_many = table(FURY, "runedeck:8 runes:2 Fury Rune;2 Chaos Rune base:Forsaken Baccai", player="P2", turn=4)
    assert due(as_many.do("P2 end turn")) == []
    assert BACCAI in said(as_many.refuses('P1 trigger Forsaken Baccai "if-you-control"', rule="v1.4 383.3"))


def test_prize_of_progress_is_due_when_a_gears_ability_is_used():
    t = table(CALM, "runedeck:8 runes:2 Calm Rune;2 Mind Rune base:Prize of Progress;Heart of Dark Ice")
    t.refuses('P1 trigger Prize of Progress "when-you-use"', rule="v1.4 383.3")
    t.do("P1 activate Heart of Dark Ice [0] -> Prize of Progress")
    assert due(t) == [("Prize of Progress", "when-you-use")]
    t.do('P1 trigger Prize of Progress "when-you-use"')


ORDER_RUNES = "runedeck:2 runes:5 Body Rune;5 Order Rune"


def test_jax_is_due_when_an_equipment_is_attached_to_him_v1_4_434():
    t = table(ORDER, f"{ORDER_RUNES} hand:Jax, Unrelenting base:Doran's Blade")
    t.do("P1 play Jax, Unrelenting $4 / Body Rune")
    assert due(t) == [("Jax, Unrelenting", "weaponmaster")]
    t.do('P1 trigger Jax, Unrelenting "weaponmaster"', "P1 pass", "P2 pass")
    t.refuses('P1 trigger Jax, Unrelenting "when-you-attach"', rule="v1.4 383.3")
    t.do("resolve Jax, Unrelenting: attach Doran's Blade -> Jax, Unrelenting $0 / Body Rune")
    assert due(t) == [("Jax, Unrelenting", "when-you-attach")]
    t.do('P1 trigger Jax, Unrelenting "when-you-attach" +declined')


def test_sett_is_due_when_played_v1_4_383_4_a():
    t = table(ORDER, f"{ORDER_RUNES} hand:Sett, Brawler").do("P1 play Sett, Brawler $5 / Body Rune")
    assert due(t) == [("Sett, Brawler", "when-im-played")]
    t.do('P1 trigger Sett, Brawler "when-im-played"')


def test_might_of_demacia_is_due_for_a_conquer_with_four_units_there_only():
    four = table(ORDER, f"{ORDER_RUNES} base:Daring Poro;Trusty Ramhound;Laurent Bladekeeper;Sett, Brawler")
    four.do("P1 move Daring Poro; Trusty Ramhound; Laurent Bladekeeper; Sett, Brawler -> bf1", "P1 pass", "P2 pass")
    assert ("Might of Demacia - Starter", "when-you-conquer") in due(four)
    three = table(ORDER, f"{ORDER_RUNES} base:Daring Poro;Trusty Ramhound;Laurent Bladekeeper")
    three.do("P1 move Daring Poro; Trusty Ramhound; Laurent Bladekeeper -> bf1", "P1 pass", "P2 pass")
    assert three.state["battlefields"][0]["controller"] == "P1" and due(three) == []
    assert "if you have 4+ units at that battlefield" in said(
        three.refuses('P1 trigger Might of Demacia - Starter "when-you-conquer"', rule="v1.4 383.3"))


def test_gloomist_is_due_when_its_player_holds():
    t = table(ORDER, ORDER_RUNES, f"{P2_RUNES} controls:bf2 bf2:Wizened Elder")
    t.refuses('P2 trigger Gloomist "when-you-or"', rule="v1.4 383.3")
    t.do("P1 end turn", "P2 pass")
    assert due(t) == [("Gloomist", "when-you-or")]
    t.do('P2 trigger Gloomist "when-you-or" +declined')
