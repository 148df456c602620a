"""The main deck's top cards (engine/decktop.py): looking, Vision and Predict, revealing, banishing, recycling and
burning them (004 594, 600, 603, 607.1.b-c; v1.3 431.1, 436, 817), and the deck's list of the cards it may still
hold (591.1)."""
from __future__ import annotations

import engine
from engine.views import redact_event
from table import WITH_UNITS, Table

# WITH_UNITS with Stacked Deck and Mystic Poro in P1's hand instead of Hard Bargain and Void Seeker.
TOP_CARDS = WITH_UNITS.replace("hand:Shakedown;Hard Bargain;Gust;Void Seeker;Flame Chompers",
                               "hand:Shakedown;Stacked Deck;Gust;Mystic Poro;Flame Chompers")


# TOP_CARDS with Hard Bargain in P1's trash, for burning out without ending the game (607.2).
WITH_TRASH = TOP_CARDS.replace("deck:33", "deck:32").replace("Rearguard |", "Rearguard trash:Hard Bargain |")


def top_cards(policy: str = "strict") -> Table:
    return Table.from_position(TOP_CARDS, policy)


def vision(policy: str = "strict", position: str = TOP_CARDS) -> Table:
    """P1 played Mystic Poro, and its Vision trigger waits to resolve."""
    return Table.from_position(position, policy).do("P1 play Mystic Poro $2", 'P1 trigger Mystic Poro "Vision"',
                                                    "P1 pass", "P2 pass")


def test_vision_looks_at_the_top_card_and_may_recycle_it_v1_3_817():
    table = vision().do("resolve Mystic Poro: look P1 Hard Bargain | recycle P1 Hard Bargain <deck")
    p1 = table.state["players"]["P1"]
    assert p1["deck_count"] == 33 and p1["hand_count"] == 4  # the card stays in the deck (its bottom now)
    assert table.state["violations"] == [] and table.state["chain"] == []


def test_a_look_at_the_top_cards_is_private_to_the_player_who_looks_127_4():
    event = vision().parse("resolve Mystic Poro: look P1 Hard Bargain | recycle P1 Hard Bargain <deck")
    assert [effect["cards"] for effect in redact_event(event, "P2")["effects"]] == [[None], [None]]
    assert redact_event(event, "P1") == event


def test_stacked_deck_looks_at_three_puts_one_into_the_hand_and_recycles_the_rest():
    table = top_cards().do("P1 play Stacked Deck $1", "P1 pass", "P2 pass",
                           "resolve Stacked Deck: look P1 Gust; Incinerate; Flash | draw P1 Incinerate "
                           "| recycle P1 Gust; Flash <deck")
    p1 = table.state["players"]["P1"]
    assert p1["deck_count"] == 32 and "Incinerate" in table.cards(p1["hand"])
    assert table.state["violations"] == []


def test_a_look_at_a_card_the_deck_no_longer_holds_is_flagged_107_3():
    # demo deck 1 holds one Incinerate; P1 has looked at it and drawn it
    table = top_cards().do("P1 play Stacked Deck $1", "P1 pass", "P2 pass")
    table.refuses("resolve Stacked Deck: look P1 Incinerate; Incinerate; Flash", rule="107.3")


def test_a_look_at_more_cards_than_the_deck_holds_looks_at_as_many_as_there_are_v1_3_431_1_c():
    table = vision()
    table.state["players"]["P1"]["deck_count"] = 1
    table.refuses("resolve Mystic Poro: look P1 Gust; Flash", rule="v1.3 431.1.c")
    table.do("resolve Mystic Poro: look P1 Gust")
    assert table.state["scores"]["P2"] == 0  # nothing burned out (431.1.c)


def test_looking_at_an_empty_main_deck_burns_out_first_607_1_b():
    table = vision(position=WITH_TRASH)
    table.state["players"]["P1"]["deck_count"] = 0
    table.do("resolve Mystic Poro: look P1 Hard Bargain")  # the trash shuffled into the deck (607.2.a) ...
    assert table.state["scores"]["P2"] == 1  # ... an opponent gained a point (607.2.b), then P1 looked
    assert table.state["players"]["P1"]["trash"] == [] and table.state["players"]["P1"]["deck_count"] == 1


def test_predicting_with_an_empty_main_deck_burns_nothing_out_v1_3_436_4_a():
    table = vision()
    table.state["players"]["P1"]["deck_count"] = 0
    table.refuses("resolve Mystic Poro: predict P1 Gust", rule="v1.3 436.4")
    table.do("resolve Mystic Poro: predict P1")
    assert table.state["scores"]["P2"] == 0


def test_a_card_revealed_from_the_top_of_the_deck_is_shown_to_all_and_stays_there_600_1_600_1_a_2():
    table = vision()
    event = table.parse("resolve Mystic Poro: reveal P1 Gust <deck")
    assert event["effects"] == [{"op": "reveal", "player": "P1", "cards": ["Gust"], "from": "deck"}]
    assert redact_event(event, "spectator") == event  # revealed to all players (600.1)
    table.do(event)
    assert table.state["players"]["P1"]["deck_count"] == 33 and table.state["violations"] == []


def test_a_top_card_banished_from_the_deck_goes_to_banishment_and_may_be_played_from_there_603_1_595_3():
    table = vision().do("resolve Mystic Poro: banish P1 Flame Chompers <deck "
                        "| play P1 Flame Chompers <banishment +ignore_cost")
    p1 = table.state["players"]["P1"]
    assert p1["deck_count"] == 32 and p1["banishment"] == []
    assert [table.state["objects"][unit]["card"] for unit in p1["base"]].count("Flame Chompers") == 1


def test_banishing_from_an_empty_deck_burns_out_first_v1_3_431_1_b():
    table = vision(position=WITH_TRASH)
    table.state["players"]["P1"]["deck_count"] = 0
    table.do("resolve Mystic Poro: banish P1 Hard Bargain <deck")
    assert table.state["scores"]["P2"] == 1 and len(table.state["players"]["P1"]["banishment"]) == 1


def test_a_deck_op_needs_its_player_and_cards():
    table = vision()
    for effect in ({"op": "banish", "from": "deck", "cards": ["Gust"]}, {"op": "banish", "player": "P1"},
                   {"op": "reveal", "player": "P1", "cards": ["Gust"], "from": "trash"},
                   {"op": "look", "player": "P1", "cards": ["Gust"], "from": "deck:P9"}):
        try:
            engine.apply(table.state, {"type": "resolve", "item": table.state["chain"][-1]["id"], "effects": [effect]},
                         engine.demo_catalog())
        except engine.MalformedEvent:
            continue
        raise AssertionError(f"{effect} was accepted")


def test_an_unseen_card_named_by_a_discard_leaves_the_deck_list_so_a_second_draw_of_it_is_flagged_591_1():
    # Demo deck 1 holds one Incinerate. P1 draws it unseen, then discards it by name: the deck holds no more.
    table = top_cards("audit").do("P1 play Stacked Deck $1", "P1 pass", "P2 pass",
                                  "resolve Stacked Deck: draw P1 ? | discard P1 Incinerate")
    assert table.state["players"]["P1"]["deck"].get("Incinerate", 0) == 0
    table.do("P1 end turn", "P2 pass", "P2 channel Calm Rune; Mind Rune", "P2 draw Defy", "P2 end turn", "P1 pass",
             "P1 channel Fury Rune; Chaos Rune")
    table.flags("P1 draw Incinerate", rule="591.1")


def test_naming_an_unseen_card_the_deck_could_not_have_held_is_flagged_591_1():
    # P1 draws a card unseen, then the only Incinerate by name; the unseen one cannot be a second Incinerate.
    table = top_cards("audit").do("P1 play Stacked Deck $1", "P1 pass", "P2 pass")
    table.flags("resolve Stacked Deck: draw P1 ?; Incinerate | discard P1 Incinerate; Incinerate", rule="591.1")
    assert sorted(table.cards(table.state["players"]["P1"]["trash"])) == ["Incinerate", "Stacked Deck"]
