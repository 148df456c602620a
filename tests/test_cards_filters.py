"""The refusals of engine/cards/filters.py and engine/cards/amounts.py `holds` that the card tests do not reach, each
asked on the state of a real gallery match (issue 26): a printed cost below a bound, a unit that is not Empowered,
objects with two controllers where the card names one, "another" unit that is the same, a move "to a different
battlefield" that stays, an enemy battlefield with no enemy unit or with more Might than the source, a rune count.

Ana (P1) has Yuumi (1 [S]) and Crowd Favorite (3 [S], [3]) at bf1, which she controls, and Combat Chef (5 [S]) in
her base; Ben (P2) has Shipyard Skulker (3 [S]) at bf2, which he controls.
"""
from __future__ import annotations

from gallery_table import GalleryTable, deck
from test_rules_statics import deck_count

from engine.cards import amounts, filters

P1 = deck("Blind Monk", ["Yuumi, Magical Cat", "Crowd Favorite", "Combat Chef"],
          ["Grove of the God-Willow", "Zaun Warrens", "Altar to Unity"])
P2 = deck("Master of Shadows", ["Shipyard Skulker"], ["Vilemaw's Lair", "Trifarian War Camp", "Windswept Hillock"])
S1 = "runedeck:4 runes:4 Calm Rune;4 Body Rune controls:bf1 bf1:Yuumi, Magical Cat;Crowd Favorite base:Combat Chef"
S2 = "runedeck:8 runes:2 Fury Rune;2 Chaos Rune controls:bf2 bf2:Shipyard Skulker"


def board() -> tuple[GalleryTable, dict]:
    """The table, and an ability of Yuumi's resolving (its source and controller)."""
    line = (f"position turn 3 P1 action first P1 | P1 0 bf:Grove of the God-Willow deck:{deck_count(S1)} {S1} "
            f"| P2 0 bf:Vilemaw's Lair deck:{deck_count(S2)} {S2}")
    t = GalleryTable(P1, P2, "strict", rules="v1.4", abilities="checked").do(line)
    return t, {"source": t.find("P1", "Yuumi, Magical Cat"), "controller": "P1", "targets": []}


def test_a_printed_cost_below_the_bound_and_a_unit_not_empowered_are_refused():
    t, item = board()
    favorite = t.find("P1", "Crowd Favorite")
    assert "costs [3], and the card's target costs [5] or more" in filters.mismatch(t.state, item, {"cost_min": 5},
                                                                                    favorite)
    assert "is not Empowered" in filters.mismatch(t.state, item, {"state": "empowered"}, favorite)
    t.state["objects"][favorite]["empowered"] = True  # what an empower op leaves on it
    assert filters.mismatch(t.state, item, {"state": "empowered"}, favorite) is None


def test_objects_of_two_controllers_for_the_same_controller_are_refused():
    t, _ = board()
    spec = {"op": "move", "target": {"group": {"same_controller": True}}}
    given = [{"op": "move", "target": t.find("P1", "Crowd Favorite")},
             {"op": "move", "target": t.find("P2", "Shipyard Skulker")}]
    assert "which do not have the same controller" in filters.group_mismatch(t.state, spec, given)


def test_another_unit_that_is_the_same_is_refused():
    """Defiant Dance's "Give a unit +2 [S] this turn and another unit -2 [S] this turn" on one unit."""
    t, item = board()
    favorite = t.find("P1", "Crowd Favorite")
    specs = [{"op": "might", "target": {}}, {"op": "might", "target": {"relative": {"of": -1, "other": True}}}]
    assigned = {0: [{"op": "might", "target": favorite}], 1: [{"op": "might", "target": favorite}]}
    assert "twice, and the card's target is another" in filters.related(t.state, item, specs, assigned, 1,
                                                                         lambda *_: None)


def test_a_move_to_a_different_battlefield_that_stays_where_its_source_is_is_refused():
    t, item = board()
    specs = [{"op": "move", "to_not_here": True, "target": {}}]
    assigned = {0: [{"op": "move", "target": t.find("P1", "Crowd Favorite"), "to": "bf1"}]}
    assert "where its source is, and the card's goes to a different one" in filters.related(
        t.state, item, specs, assigned, 0, lambda *_: None)


def test_an_enemy_battlefield_with_no_enemy_unit_or_with_more_might_is_refused():
    t, item = board()
    specs = [{"op": "move", "to_weaker_enemy": True, "target": {}}]
    move = {"op": "move", "target": item["source"], "to": "bf2"}
    assert "total Might is 3, not less than its source's (1)" in filters.related(t.state, item, specs, {0: [move]}, 0,
                                                                                  lambda *_: None)
    t.state["objects"][t.find("P2", "Shipyard Skulker")]["location"] = "base:P2"  # Ben's unit back in base
    assert "where no enemy unit is" in filters.related(t.state, item, specs, {0: [move]}, 0, lambda *_: None)


def test_a_rune_count_holds_as_the_item_resolves():
    """"If you control 7 or more runes" (Siphoning Strike): Ana controls 8, Ben 4."""
    t, item = board()
    assert amounts.holds(t.state, item, {"runes_at_least": 7}) is True
    assert amounts.holds(t.state, {**item, "controller": "P2"}, {"runes_at_least": 7}) is False


def test_your_turn_and_empowered_and_all_of_them_hold_as_the_item_resolves():
    """Rogue Assassin's "If it's your turn, ... and if I'm [Empowered], ready it": turn 3 is Ana's."""
    t, item = board()
    both = {"all": [{"your_turn": True}, {"self_empowered": True}]}
    assert amounts.holds(t.state, item, {"your_turn": True}) is True
    assert amounts.holds(t.state, {**item, "controller": "P2"}, {"your_turn": True}) is False
    assert amounts.holds(t.state, item, both) is False
    t.state["objects"][item["source"]]["empowered"] = True
    assert amounts.holds(t.state, item, both) is True
