"""Statics whose condition is something that happened this turn (issue 26; engine/turn_facts.py counts it,
engine/cards/holds.py checks it): "If a unit died this turn, I enter ready." (Towering Pairofant), "If you've
discarded a card this turn, I have [Assault] and [Ganking]." (Raging Soul), "If you've gained XP this turn, I have +1
[S] and [Ganking]." (Wily Newtfish). In v1.4 matches whose abilities the engine checks, with real cards of the
gallery: the state follows the card, and what it forbids without the fact is refused citing the rule.
"""
from __future__ import annotations

from engine.cards import holds
from engine.cards import statics as card_statics
from engine.citations import cite
from gallery_table import GalleryTable, deck, listed, said

P1 = deck("Butcher of the Sands", ["Towering Pairofant", "Raging Soul", "Wily Newtfish", "Chemtech Enforcer",
                                   "Demacian Diplomat", "Hextech Ray", "Blood Rush", "Perched Grimwyrm",
                                   "Prepared Neophyte", "Disintegrate"],
          ["Trifarian War Camp", "Zaun Warrens", "Altar to Unity"])
P2 = deck("Blind Monk", ["Gemhand Hunter"], ["Grove of the God-Willow", "Vilemaw's Lair", "Windswept Hillock"])
P1_RUNES = "runedeck:2 runes:6 Fury Rune;4 Body Rune"
P2_RUNES = "runedeck:8 runes:2 Calm Rune;2 Body Rune"
GANKING = cite("140.4.c.1", "v1.4")  # a unit moves from battlefield to battlefield only with Ganking


def table(p1: str, p2: str = P2_RUNES, policy: str = "strict") -> GalleryTable:
    """A v1.4 position at P1's action phase, turn 3, P1 controlling bf1 and P2 bf2."""
    line = (f"position turn 3 P1 action first P1 | P1 0 bf:Zaun Warrens controls:bf1 deck:{39 - listed(p1)} {p1} "
            f"| P2 0 bf:Vilemaw's Lair controls:bf2 deck:{39 - listed(p2)} {p2}")
    return GalleryTable(P1, P2, policy, "v1.4", "checked").do(line)


def test_towering_pairofant_enters_ready_only_once_a_unit_died_this_turn():
    hand = f"{P1_RUNES} hand:Towering Pairofant;Hextech Ray"
    quiet = table(hand).do("P1 play Towering Pairofant $6")
    assert quiet.obj("P1", "Towering Pairofant")["exhausted"] is True
    killed = table(hand, f"{P2_RUNES} bf2:Gemhand Hunter").do(
        "P1 play Hextech Ray -> Gemhand Hunter $1 / Fury Rune", "P1 pass", "P2 pass",
        "resolve Hextech Ray: damage Gemhand Hunter 3")
    killed.do("P1 play Towering Pairofant $6")  # Ray's death: P2's unit, "a unit" is anyone's
    assert killed.obj("P1", "Towering Pairofant")["exhausted"] is False
    assert killed.state["turn_facts"]["P2"]["died"] == 1
    killed.do("P1 move Towering Pairofant -> bf1")
    quiet.refuses("P1 move Towering Pairofant -> bf1", rule=cite("140.2", "v1.4"))


def test_raging_soul_has_assault_and_ganking_once_its_controller_discarded_a_card_this_turn():
    board = f"{P1_RUNES} hand:Chemtech Enforcer;Blood Rush bf1:Raging Soul"
    game = table(board)
    assert not {"Assault", "Ganking"} & set(game.obj("P1", "Raging Soul")["keywords"])
    game.refuses("P1 move Raging Soul -> bf2", rule=GANKING)
    discard = ("P1 play Chemtech Enforcer $2", 'P1 trigger Chemtech Enforcer "when-you-play"', "P1 pass", "P2 pass",
               "resolve Chemtech Enforcer: discard P1 Blood Rush")
    game.do(*discard)
    assert game.state["turn_facts"]["P1"]["discarded"] == 1
    assert {"Assault", "Ganking"} <= set(game.obj("P1", "Raging Soul")["keywords"])
    game.do("P1 move Raging Soul -> bf2")
    later = table(board).do(*discard, "P1 end turn")
    assert "turn_facts" not in later.state  # a new turn: nothing discarded in it yet
    assert "Ganking" not in later.obj("P1", "Raging Soul")["keywords"]


def test_wily_newtfish_has_plus_one_and_ganking_once_its_controller_gained_xp_this_turn():
    game = table(f"{P1_RUNES} hand:Demacian Diplomat bf1:Wily Newtfish")
    assert game.obj("P1", "Wily Newtfish")["might"] == 4
    game.refuses("P1 move Wily Newtfish -> bf2", rule=GANKING)
    game.do("P1 play Demacian Diplomat $2", 'P1 trigger Demacian Diplomat "when-you-play"', "P1 pass", "P2 pass",
            "resolve Demacian Diplomat: xp P1 1")
    assert game.obj("P1", "Wily Newtfish")["might"] == 4 + 1
    game.do("P1 move Wily Newtfish -> bf2")


def test_shadow_watchers_beginning_phase_death_counts_only_in_its_controllers_own_turn():
    """"If a friendly unit died during your Beginning Phase this turn, I enter ready.": a death counted in the
    Beginning Phase (engine/turn_facts.py `died_beginning`) of its controller's turn; none, or another player's
    turn, does not hold."""
    [static] = card_statics.card_statics(GalleryTable(P1, P2).catalog.card("Shadow Watcher"), "play")
    wanted = static["while"]
    assert wanted == {"turn_fact": {"fact": "died_beginning", "who": "friendly"}} and static["enter_ready"]
    state = {"turn_player": "P1", "turn_facts": {"P1": {"died": 1, "died_beginning": 1}}, "players": {"P1": {}}}
    assert holds.extra_condition_holds(state, wanted, "P1")
    assert not holds.extra_condition_holds({**state, "turn_player": "P2"}, wanted, "P1")
    assert not holds.extra_condition_holds({**state, "turn_facts": {"P1": {"died": 1}}}, wanted, "P1")


def test_perched_grimwyrm_is_played_only_to_a_battlefield_its_controller_conquered_this_turn():
    """"Play me only to a battlefield you conquered this turn." (its own restriction, card text over 352.2): to
    bf1 once P1 conquered it; not to its base, nor before the conquest."""
    game = GalleryTable(P1, P2, "strict", "v1.4", "checked").do(
        f"position turn 3 P1 action first P1 | P1 0 bf:Trifarian War Camp deck:{39 - 2} {P1_RUNES} "
        f"hand:Perched Grimwyrm base:Raging Soul | P2 0 bf:Vilemaw's Lair deck:{39 - listed(P2_RUNES)} {P2_RUNES}")
    refusal = game.refuses("P1 play Perched Grimwyrm $4", rule=cite("002", "v1.4"))
    assert "Play me only to a battlefield you conquered this turn." in said(refusal)
    game.do("P1 move Raging Soul -> bf1", "P1 pass", "P2 pass")  # an empty battlefield: P1 conquers it
    assert game.state["turn_facts"]["P1"]["conquered"] == ["bf1"]
    game.refuses("P1 play Perched Grimwyrm $4", rule=cite("002", "v1.4"))  # still not to the base
    game.do("P1 play Perched Grimwyrm @bf1 $4")
    assert game.obj("P1", "Perched Grimwyrm")["location"] == "bf1"


def test_needlessly_large_yordle_costs_two_and_a_calm_less_for_each_point_held_this_turn():
    """"I cost [2][G] less for each point you scored from holding this turn.": P1 holds bf1 as the turn begins
    (v1.4 630.2), then plays it for [8][G][G]; in a turn with no point held it costs its printed [10][G][G][G]."""
    monk = deck("Blind Monk", ["Needlessly Large Yordle", "Navori Scout"],
                ["Windswept Hillock", "Vilemaw's Lair", "Grove of the God-Willow"])
    p1 = "runedeck:0 runes:6 Calm Rune;6 Body Rune hand:Needlessly Large Yordle controls:bf1 bf1:Navori Scout"

    def position(turn: str) -> GalleryTable:
        return GalleryTable(monk, P1, "strict", "v1.4", "checked").do(
            f"position {turn} first P1 | P1 0 bf:Windswept Hillock deck:{39 - listed(p1)} {p1} "
            f"| P2 0 bf:Trifarian War Camp deck:{39 - listed(P1_RUNES)} {P1_RUNES}")

    play = "P1 play Needlessly Large Yordle $8 / Calm Rune; Calm Rune"
    held = position("turn 4 P2 action").do("P2 end turn", "P1 pass", "P1 channel", "P1 draw ?")
    assert held.state["turn_facts"]["P1"]["held_points"] == 1
    held.do(play)
    assert held.obj("P1", "Needlessly Large Yordle")["zone"] == "board"
    refusal = position("turn 3 P1 action").refuses(play, rule="v1.4 357.1")
    assert "costs 10 Energy and 3 Power" in said(refusal)


def test_prepared_neophyte_has_plus_four_once_four_energy_was_spent_on_one_spell_this_turn():
    """"If you've spent [4] or more to play a spell this turn, I have +4 [S].": Disintegrate's [4] counts (the most
    Energy spent on one spell, engine/turn_facts.py `spell_energy`); Hextech Ray's [1] does not."""
    board = f"{P1_RUNES} hand:Disintegrate;Hextech Ray base:Prepared Neophyte"
    ray = table(board, f"{P2_RUNES} bf2:Gemhand Hunter").do("P1 play Hextech Ray -> Gemhand Hunter $1 / Fury Rune")
    assert ray.obj("P1", "Prepared Neophyte")["might"] == 1
    game = table(board, f"{P2_RUNES} bf2:Gemhand Hunter").do("P1 play Disintegrate -> Gemhand Hunter $4")
    assert game.state["turn_facts"]["P1"]["spell_energy"] == 4
    assert game.obj("P1", "Prepared Neophyte")["might"] == 1 + 4


JHIN = deck("Daughter of the Void", ["Jhin, Meticulous Killer", "Disintegrate"],
            ["Trifarian War Camp", "Zaun Warrens", "Altar to Unity"])


def test_jhin_is_played_for_a_mind_only_once_four_energy_was_spent_on_a_spell_this_turn():
    """"If you've spent [4] or more to play a spell this turn, you may play me for [B].": an alternative cost
    (v1.4 356.1.a) while the condition holds; before Disintegrate's [4] it is refused, quoting the card."""
    p1 = "runedeck:4 runes:4 Fury Rune;4 Mind Rune hand:Jhin, Meticulous Killer;Disintegrate"
    p2 = f"{P2_RUNES} controls:bf2 bf2:Gemhand Hunter"

    def start(policy: str = "strict") -> GalleryTable:
        return GalleryTable(JHIN, P2, policy, "v1.4", "checked").do(
            f"position turn 3 P1 action first P1 | P1 0 bf:Zaun Warrens deck:{39 - listed(p1)} {p1} "
            f"| P2 0 bf:Vilemaw's Lair deck:{39 - listed(p2)} {p2}")

    jhin = 'P1 play Jhin, Meticulous Killer +base_cost={"energy": 0, "power": 1} $0 / Mind Rune'
    refusal = start().refuses(jhin, rule="v1.4 356.1.a")
    assert "you may play me for [B]" in said(refusal)
    start("audit").flags(jhin, "v1.4 356.1.a")
    game = start().do("P1 play Disintegrate -> Gemhand Hunter $4", "P1 pass", "P2 pass",
                      "resolve Disintegrate: damage Gemhand Hunter 3", jhin)
    assert game.obj("P1", "Jhin, Meticulous Killer")["zone"] == "board" and game.state["violations"] == []


SIVIR = deck("Battle Mistress", ["Sivir, Mercenary", "On the Hunt", "Rebuke"],
             ["Trifarian War Camp", "Zaun Warrens", "Altar to Unity"])


def test_sivir_mercenary_has_plus_two_and_ganking_once_two_power_was_spent_this_turn():
    """"If you've spent at least [A][A] this turn, I have +2 [S] and [Ganking].": all the Power its controller took
    from their pool this turn counts (engine/turn_facts.py `power_spent`, noted where engine/costs.py takes it);
    On the Hunt's [C][C] makes it hold, and before that Sivir's move from battlefield to battlefield is refused
    (v1.4 140.4.c.1)."""
    p1 = "runedeck:4 runes:4 Chaos Rune;4 Body Rune hand:On the Hunt bf1:Sivir, Mercenary"
    game = GalleryTable(SIVIR, P2, "strict", "v1.4", "checked").do(
        f"position turn 3 P1 action first P1 | P1 0 bf:Zaun Warrens controls:bf1 deck:{39 - listed(p1)} {p1} "
        f"| P2 0 bf:Vilemaw's Lair controls:bf2 deck:{39 - listed(P2_RUNES)} {P2_RUNES}")
    assert game.obj("P1", "Sivir, Mercenary")["might"] == 4
    refusal = game.refuses("P1 move Sivir, Mercenary -> bf2", rule=GANKING)
    assert "Sivir, Mercenary" in said(refusal)
    game.do("P1 play On the Hunt $1 / Chaos Rune; Chaos Rune")
    assert game.state["turn_facts"]["P1"]["power_spent"] == 2
    sivir = game.obj("P1", "Sivir, Mercenary")
    assert sivir["might"] == 4 + 2 and "Ganking" in sivir["keywords"]
    declined = 'P1 trigger Battle Mistress "when-you-recycle" +declined'  # each rune recycled (v1.4 383.2)
    game.do(declined, declined, "P1 pass", "P2 pass", "resolve On the Hunt: ready Sivir, Mercenary",
            "P1 move Sivir, Mercenary -> bf2")
    assert game.obj("P1", "Sivir, Mercenary")["location"] == "bf2" and game.state["violations"] == []
