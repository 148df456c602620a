"""Statics read from the cards with the conditions and subjects that count things (issue 26, engine/cards/statics.py
`EXTRA`): "While you have another unit here", "While you have 8+ runes", "If you have two or fewer cards in your
hand, I enter ready", "While I'm buffed", "Units here have +1 [S]" (a battlefield's, every unit there). In v1.4
matches whose abilities the engine checks, with nothing declared: the state follows the card, and what the state
forbids is refused (strict) or flagged (audit).
"""
from __future__ import annotations

from engine.cards import statics as card_statics
from engine.citations import cite
from engine.layers import keyword_value
from gallery_table import GalleryTable, deck, listed

P1 = deck("Hand of Noxus", ["Trusty Ramhound", "Dunebreaker", "Xin Zhao, Vigilant", "Blood Rush", "Void Drone",
                            "Endless Riches", "Rage Amplifier", "Crimson Pigeons",
                            "Sacred Protector", "Disciple of Shen", "Call to Glory", "Keeper of Law",
                            "Sky Splitter", "Draven, Showboat", "Vayne, Hunter", "Kayle, Justified",
                            "Soraka, Wanderer"],
          ["Trifarian War Camp", "Zaun Warrens", "Altar to Unity"])
P2 = deck("Blind Monk", ["Yi, Meditative", "Wizened Elder", "Bilgewater Bully", "Herald of Scales", "Dune Drake",
                         "Repair Specialist", "Honeyfruit", "Wielder of Water", "Monch",
                         "Ol' Poro", "Leona, Zealot", "Find Your Center"],
          ["Grove of the God-Willow", "Vilemaw's Lair", "Windswept Hillock"])
P1_RUNES = "runedeck:4 runes:4 Fury Rune;4 Order Rune"
P2_RUNES = "runedeck:8 runes:2 Calm Rune;2 Body Rune"


def table(p1: str, p2: str = P2_RUNES, player: str = "P1", policy: str = "strict", abilities: str = "checked",
          bf1: str = "Trifarian War Camp", bf2: str = "Grove of the God-Willow", turn: int | None = None,
          points: tuple[int, int] = (0, 0)) -> GalleryTable:
    """A v1.4 position at `player`'s action phase, turn 3 (P2's turn 4) unless `turn` says; both champions still in
    their zones."""
    turn = turn or (3 if player == "P1" else 4)
    line = (f"position turn {turn} {player} action first P1 | P1 {points[0]} bf:{bf1} deck:{39 - listed(p1)} {p1} "
            f"| P2 {points[1]} bf:{bf2} deck:{39 - listed(p2)} {p2}")
    return GalleryTable(P1, P2, policy, "v1.4", abilities).do(line)


def might(game: GalleryTable, player: str, name: str) -> int:
    return game.obj(player, name)["might"]


def test_trifarian_war_camp_gives_every_unit_there_plus_one_and_a_declared_one_is_refused_v1_4_365_1():
    """"Units here have +1 [S]." (a battlefield's passive ability, v1.4 365.1): each player's units there, none in
    base; the recorder declares nothing, and a declared static for it is refused quoting the line."""
    game = table(f"{P1_RUNES} controls:bf1 bf1:Xin Zhao, Vigilant base:Dunebreaker",
                 f"{P2_RUNES} controls:bf2 bf2:Wizened Elder")
    assert might(game, "P1", "Xin Zhao, Vigilant") == 4 + 1 and might(game, "P1", "Dunebreaker") == 7
    assert might(game, "P2", "Wizened Elder") == 4  # at Grove of the God-Willow
    refusal = game.refuses('static bf1 +affects={"who": "all", "where": "here"} +might=1', rule="v1.4 365.1")
    assert "Units here have +1 [S]." in refusal.violations[0]["message"]
    declared = table(f"{P1_RUNES} controls:bf1 bf1:Xin Zhao, Vigilant", abilities="declared")
    assert might(declared, "P1", "Xin Zhao, Vigilant") == 4  # a declared match: nothing from the text


def test_trusty_ramhound_has_plus_one_only_while_another_friendly_unit_is_there():
    game = table(f"{P1_RUNES} controls:bf1 bf1:Trusty Ramhound base:Xin Zhao, Vigilant")
    assert might(game, "P1", "Trusty Ramhound") == 2 + 1  # War Camp's, not its own
    game.do("P1 move Xin Zhao, Vigilant -> bf1")
    assert might(game, "P1", "Trusty Ramhound") == 2 + 1 + 1


def test_yi_meditative_has_plus_four_with_eight_runes_and_not_with_seven():
    eight = table("runedeck:4 runes:4 Fury Rune;4 Order Rune", "runedeck:4 runes:4 Calm Rune;4 Body Rune "
                  "base:Yi, Meditative", player="P2")
    assert might(eight, "P2", "Yi, Meditative") == 4 + 4
    seven = table("runedeck:4 runes:4 Fury Rune;4 Order Rune", "runedeck:5 runes:4 Calm Rune;3 Body Rune "
                  "base:Yi, Meditative", player="P2")
    assert might(seven, "P2", "Yi, Meditative") == 4


def test_wizened_elder_and_bilgewater_bully_while_buffed():
    """"While I'm buffed, I have an additional +1 [S]" and "While I'm buffed, I have [Ganking]": a buffed Bully
    moves from battlefield to battlefield; unbuffed it has no Ganking and the move is refused (v1.4 140.4.c.1)."""
    game = table(f"{P1_RUNES} controls:bf1 bf1:Xin Zhao, Vigilant",
                 f"{P2_RUNES} controls:bf2 bf2:Bilgewater Bully^;Wizened Elder^", player="P2")
    assert might(game, "P2", "Wizened Elder") == 4 + 1 + 1
    assert "Ganking" in game.obj("P2", "Bilgewater Bully")["keywords"]
    game.do("P2 move Bilgewater Bully -> bf1")
    plain = table(f"{P1_RUNES} controls:bf1 bf1:Xin Zhao, Vigilant",
                  f"{P2_RUNES} controls:bf2 bf2:Bilgewater Bully;Wizened Elder", player="P2")
    assert might(plain, "P2", "Wizened Elder") == 4 and "Ganking" not in plain.obj("P2", "Bilgewater Bully")["keywords"]
    plain.refuses("P2 move Bilgewater Bully -> bf1", rule=cite("140.4.c.1", "v1.4"))


def test_dunebreaker_enters_ready_with_two_or_fewer_cards_in_hand():
    """"If you have two or fewer cards in your hand, I enter ready." (v1.4 369.3), counted as it enters: the card
    itself has left the hand."""
    ready = table(f"{P1_RUNES} hand:Dunebreaker;Blood Rush;Trusty Ramhound").do("P1 play Dunebreaker $7 / Fury Rune")
    assert ready.obj("P1", "Dunebreaker")["exhausted"] is False
    ready.do("P1 move Dunebreaker -> bf1")
    crowded = table(f"{P1_RUNES} hand:Dunebreaker;Blood Rush;Trusty Ramhound;Xin Zhao, Vigilant").do(
        "P1 play Dunebreaker $7 / Fury Rune")
    assert crowded.obj("P1", "Dunebreaker")["exhausted"] is True


def test_void_drone_costs_two_less_only_when_played_from_elsewhere_than_the_hand():
    """"I cost [2] less to play from anywhere other than your hand." (v1.4 366.2): from the trash (Endless Riches'
    "You may play cards from your trash", declared: the engine does not read that line) it costs [1]; from the hand
    its printed [3], and [1] is refused (v1.4 357.1: the cost is paid in full)."""
    riches = 'static Endless Riches +rule="play_from_trash"'
    game = table(f"{P1_RUNES} gear:Endless Riches trash:Void Drone").do(riches, "P1 play Void Drone <trash $1")
    assert game.obj("P1", "Void Drone")["zone"] == "board"
    hand = table(f"{P1_RUNES} gear:Endless Riches hand:Void Drone").do(riches)
    hand.refuses("P1 play Void Drone $1", rule=cite("354.1", "v1.4"))
    hand.do("P1 play Void Drone $3")


def test_rage_amplifier_gives_one_then_two_once_empowered_instead_v1_4_365_1():
    """"Your units have +1 [S]. If I'm [Empowered], they have +2 [S] instead.": +1 while it is not Empowered, +2
    (not +3) once its [Empower] ability has made it so; a declared static for it is refused, quoting the line."""
    game = table(f"{P1_RUNES} gear:Rage Amplifier base:Xin Zhao, Vigilant")
    assert might(game, "P1", "Xin Zhao, Vigilant") == 4 + 1
    game.do('P1 activate Rage Amplifier "empower" $6 / Fury Rune', "P1 pass", "P2 pass",
            "resolve Rage Amplifier: empower Rage Amplifier")
    assert game.obj("P1", "Rage Amplifier").get("empowered") and might(game, "P1", "Xin Zhao, Vigilant") == 4 + 2
    refusal = game.refuses('static Rage Amplifier +affects={"who": "friendly"} +might=1', rule="v1.4 365.1")
    assert "they have +2 [S] instead." in refusal.violations[0]["message"]


def test_herald_of_scales_makes_dragons_cost_two_less():
    """"Your Dragons' Energy costs are reduced by [2], to a minimum of [1].": Dune Drake's [5] is [3] while Herald
    of Scales is on the board; without it [3] is refused (v1.4 357.1)."""
    game = table(f"{P1_RUNES}", f"{P2_RUNES} base:Herald of Scales hand:Dune Drake", player="P2")
    game.do("P2 play Dune Drake $3")
    assert game.obj("P2", "Dune Drake")["zone"] == "board"
    alone = table(f"{P1_RUNES}", f"{P2_RUNES} hand:Dune Drake;Herald of Scales", player="P2")
    alone.refuses("P2 play Dune Drake $3", rule=cite("354.1", "v1.4"))


def test_repair_specialist_has_assault_for_each_gear_its_controller_controls():
    """"I have [Assault] equal to the number of gear you control.": Assault 1 with one gear (+1 [S] as an attacker,
    v1.4 719), none without."""
    game = table(f"{P1_RUNES} controls:bf1 bf1:Xin Zhao, Vigilant",
                 f"{P2_RUNES} base:Repair Specialist gear:Honeyfruit", player="P2")
    specialist = game.obj("P2", "Repair Specialist")
    assert "Assault" in specialist["keywords"] and keyword_value(game.state, specialist, "Assault") == 1
    game.do("P2 move Repair Specialist -> bf1")
    assert might(game, "P2", "Repair Specialist") == 3 + 1 + 1  # an attacker, at Trifarian War Camp
    bare = table(f"{P1_RUNES}", f"{P2_RUNES} base:Repair Specialist", player="P2")
    assert "Assault" not in bare.obj("P2", "Repair Specialist")["keywords"]


def test_wielder_of_water_has_plus_two_attacking_alone_and_crimson_pigeons_with_another_unit():
    """"While I'm attacking or defending alone, I have +2 [S]." and "I have +2 [S] while I'm attacking with another
    unit." (v1.4 740.2.a: alone is no other friendly unit at the same location)."""
    position = (f"{P1_RUNES} controls:bf1 bf1:Xin Zhao, Vigilant", f"{P2_RUNES} base:Wielder of Water;Wizened Elder")
    alone = table(*position, player="P2").do("P2 move Wielder of Water -> bf1")
    assert might(alone, "P2", "Wielder of Water") == 2 + 2 + 1  # and Trifarian War Camp's +1
    together = table(*position, player="P2").do("P2 move Wielder of Water; Wizened Elder -> bf1")
    assert might(together, "P2", "Wielder of Water") == 2 + 1
    pigeons = (f"{P1_RUNES} base:Crimson Pigeons;Xin Zhao, Vigilant", f"{P2_RUNES} controls:bf2 bf2:Wizened Elder")
    assert might(table(*pigeons).do("P1 move Crimson Pigeons -> bf2"), "P1", "Crimson Pigeons") == 3
    paired = table(*pigeons).do("P1 move Crimson Pigeons; Xin Zhao, Vigilant -> bf2")
    assert might(paired, "P1", "Crimson Pigeons") == 3 + 2


def test_sacred_protector_deals_combat_damage_only_with_exactly_one_other_friendly_unit_there():
    """"I don't deal combat damage unless I'm at a battlefield with exactly one other unit you control." (a static
    rule with "unless", v1.4 626) and Disciple of Shen's "[Shield 3] while I'm at a battlefield with exactly one
    other unit you control"."""
    alone = table(f"{P1_RUNES} controls:bf1 bf1:Sacred Protector", f"{P2_RUNES} base:Wizened Elder", player="P2")
    alone.do("P2 move Wizened Elder -> bf1", "P2 pass", "P1 pass")
    assert alone.state["combat"]["amounts"]["P1"] == 0
    pair = table(f"{P1_RUNES} controls:bf1 bf1:Sacred Protector;Disciple of Shen", f"{P2_RUNES} base:Wizened Elder",
                 player="P2")
    disciple = pair.obj("P1", "Disciple of Shen")
    assert "Shield" in disciple["keywords"] and keyword_value(pair.state, disciple, "Shield") == 3
    pair.do("P2 move Wizened Elder -> bf1", "P2 pass", "P1 pass")
    assert pair.state["combat"]["amounts"]["P1"] == might(pair, "P1", "Sacred Protector") + might(
        pair, "P1", "Disciple of Shen")


def test_monch_costs_two_less_and_enters_ready_while_an_opponent_controls_a_stunned_unit():
    position = f"{P2_RUNES} hand:Monch"
    game = table(f"{P1_RUNES} base:Xin Zhao, Vigilant~", position, player="P2").do("P2 play Monch $4")
    assert game.obj("P2", "Monch")["exhausted"] is False
    table(f"{P1_RUNES} base:Xin Zhao, Vigilant", position, player="P2").refuses("P2 play Monch $4",
                                                                                  rule=cite("354.1", "v1.4"))


def test_call_to_glory_costs_nothing_once_a_buff_is_spent_for_it():
    """"As you play this, you may spend a buff as an additional cost. If you do, ignore this spell's cost." (v1.4
    356.2.b.1): with a buff spent it is played for nothing; without, its [3] is asked."""
    game = table(f"{P1_RUNES} base:Xin Zhao, Vigilant^ hand:Call to Glory")
    xin = game.find("P1", "Xin Zhao, Vigilant")
    game.refuses("P1 play Call to Glory -> Xin Zhao, Vigilant", rule=cite("354.1", "v1.4"))
    game.do(f'P1 play Call to Glory -> Xin Zhao, Vigilant +additional=[{{"spend_buff": ["{xin}"]}}]')
    assert game.state["objects"][xin]["buff"] == 0 and game.pool("P1") == {"energy": 0, "power": {}}


def test_keeper_of_law_costs_less_with_a_battlefield_of_exactly_two_units():
    two = table(f"{P1_RUNES} controls:bf1 bf1:Xin Zhao, Vigilant;Trusty Ramhound hand:Keeper of Law")
    two.do("P1 play Keeper of Law $3")  # [5][Y] less [2][Y]
    one = table(f"{P1_RUNES} controls:bf1 bf1:Xin Zhao, Vigilant hand:Keeper of Law")
    one.refuses("P1 play Keeper of Law $3", rule=cite("354.1", "v1.4"))


def test_ol_poro_cannot_be_played_before_its_controllers_fourth_turn_v1_4_002():
    """"I can't be played on your first, second, or third turns.": P2's turn 4 of the game is their second, turn 8
    their fourth."""
    game = table(f"{P1_RUNES}", f"{P2_RUNES} hand:Ol' Poro", player="P2")
    refusal = game.refuses("P2 play Ol' Poro $2", rule="v1.4 002")
    assert "I can't be played on your first, second, or third turns." in refusal.violations[0]["message"]
    table(f"{P1_RUNES}", f"{P2_RUNES} hand:Ol' Poro", player="P2", turn=8).do("P2 play Ol' Poro $2")


def test_leona_zealot_enters_ready_when_an_opponent_is_within_three_points_of_victory():
    """"If an opponent's score is within 3 points of the Victory Score, I enter ready." (8 to win: 5 is within)."""
    position = "runedeck:4 runes:4 Calm Rune;4 Body Rune hand:Leona, Zealot"
    near = table(f"{P1_RUNES}", position, player="P2", points=(5, 0)).do("P2 play Leona, Zealot $6 / Calm Rune")
    assert near.obj("P2", "Leona, Zealot")["exhausted"] is False
    far = table(f"{P1_RUNES}", position, player="P2", points=(4, 0)).do("P2 play Leona, Zealot $6 / Calm Rune")
    assert far.obj("P2", "Leona, Zealot")["exhausted"] is True


def test_renata_glasc_uses_her_abilities_only_at_a_battlefield_v1_4_002():
    mind = deck("Daughter of the Void", ["Renata Glasc, Mastermind"], ["Zaun Warrens", "Altar to Unity",
                                                                      "Vilemaw's Lair"])
    for where, legal in (("base:", False), ("controls:bf1 bf1:", True)):
        p1 = f"runedeck:8 runes:2 Fury Rune;2 Mind Rune {where}Renata Glasc, Mastermind"
        line = (f"position turn 3 P1 action first P1 | P1 0 bf:Zaun Warrens deck:{39 - listed(p1)} {p1} "
                f"| P2 0 bf:Grove of the God-Willow deck:{39 - listed(P2_RUNES)} {P2_RUNES}")
        game = GalleryTable(mind, P2, "strict", "v1.4", "checked").do(line)
        draw = 'P1 activate Renata Glasc, Mastermind "draw-1" $1 / Mind Rune'
        if legal:
            game.do(draw)
        else:
            refusal = game.refuses(draw, rule="v1.4 002")
            assert "Use my abilities only while I'm at a battlefield." in refusal.violations[0]["message"]


def test_sky_splitter_and_find_your_center_cost_what_their_text_counts():
    """"This spell's Energy cost is reduced by the highest Might among units you control." (Xin Zhao, 5 at
    Trifarian War Camp: [8] is [3]) and "If an opponent's score is within 3 points of the Victory Score, this costs
    [2] less." ([3] is [1] with P1 at 5 of 8)."""
    splitter = table(f"{P1_RUNES} controls:bf1 bf1:Xin Zhao, Vigilant hand:Sky Splitter",
                     f"{P2_RUNES} controls:bf2 bf2:Wizened Elder")
    splitter.refuses("P1 play Sky Splitter -> Wizened Elder $2 / Fury Rune", rule=cite("354.1", "v1.4"))
    splitter.do("P1 play Sky Splitter -> Wizened Elder $3 / Fury Rune")
    center = f"{P2_RUNES} hand:Find Your Center"
    table(f"{P1_RUNES}", center, player="P2", points=(5, 0)).do("P2 play Find Your Center $1")
    table(f"{P1_RUNES}", center, player="P2", points=(4, 0)).refuses("P2 play Find Your Center $1",
                                                                     rule=cite("354.1", "v1.4"))


def test_draven_showboat_has_his_points_as_might_and_vayne_enters_ready_while_an_opponent_controls_a_battlefield():
    """Draven's "My Might is increased by your points." (3 points: +3) and Vayne's "If an opponent controls a
    battlefield, I enter ready." """
    draven = table(f"{P1_RUNES} base:Draven, Showboat", points=(3, 0))
    assert might(draven, "P1", "Draven, Showboat") == 3 + 3
    held = table(f"{P1_RUNES} hand:Vayne, Hunter", f"{P2_RUNES} controls:bf2 bf2:Wizened Elder")
    assert held.do("P1 play Vayne, Hunter $4 / Fury Rune").obj("P1", "Vayne, Hunter")["exhausted"] is False
    open_field = table(f"{P1_RUNES} hand:Vayne, Hunter").do("P1 play Vayne, Hunter $4 / Fury Rune")
    assert open_field.obj("P1", "Vayne, Hunter")["exhausted"] is True


def test_reminder_text_alone_is_no_part_to_read_and_tag_lists_and_baron_pit_compile():
    """v1.4 135.2.d.3: reminder text has no effect on game function (Reflection's only line); Brush's "Bird, Cat,
    Dog, Poro, and Ivern units here have +1 [S]" reads its tags; Baron Pit's "Units can move here from anywhere" is
    the static rule `move_here`."""
    catalog = GalleryTable(P1, P2).catalog
    reflection = catalog.card("Reflection")
    assert [card_statics.unread_parts(ability, reflection) for ability in reflection["abilities"]] == [[]]
    [brush] = card_statics.card_statics(catalog.card("Brush"), "board")
    assert brush["affects"]["tags"] == ["Bird", "Cat", "Dog", "Poro", "Ivern"] and brush["might"] == 1
    [pit] = card_statics.card_statics(catalog.card("Baron Pit"), "board")
    assert pit["rule"] == "move_here" and pit["affects"] == {"who": "all"}


def test_gearhead_doubles_the_might_bonus_of_the_equipment_attached_to_it():
    """"Each Equipment attached to me gives double its base Might bonus.": Long Sword's +2 is +4 on Gearhead."""
    mind = deck("Daughter of the Void", ["Gearhead", "Long Sword"], ["Zaun Warrens", "Altar to Unity",
                                                                     "Vilemaw's Lair"])
    p1 = "runedeck:8 runes:2 Fury Rune;2 Mind Rune base:Gearhead+Long Sword"
    left = 39 - listed(p1) - 1  # the attached Long Sword is outside the deck too
    line = (f"position turn 3 P1 action first P1 | P1 0 bf:Zaun Warrens deck:{left} {p1} "
            f"| P2 0 bf:Grove of the God-Willow deck:{39 - listed(P2_RUNES)} {P2_RUNES}")
    game = GalleryTable(mind, P2, "strict", "v1.4", "checked").do(line)
    assert might(game, "P1", "Gearhead") == 3 + 2 + 2


def test_kayle_justified_can_be_empowered_three_times_and_grows_with_each():
    """Kayle, Justified: "I can be [Empowered] up to three times." (the rule `empower_times`, v1.4 441.1.c.1), "I
    have +2 [S] for each time I'm [Empowered].", "While I'm [Empowered] three times, I have [Deflect 3] and
    [Ganking]." From its text, nothing declared: Empowered twice it has +4; its [Empower] [3] makes it three times,
    +6 with Deflect 3 and Ganking; a fourth is refused."""
    game = table(f"{P1_RUNES} base:Kayle, Justified{{E2}}")
    assert might(game, "P1", "Kayle, Justified") == 3 + 4 and "Ganking" not in game.obj("P1", "Kayle, Justified")[
        "keywords"]
    game.do('P1 activate Kayle, Justified "empower" $3', "P1 pass", "P2 pass",
            "resolve Kayle, Justified: empower Kayle, Justified")
    kayle = game.obj("P1", "Kayle, Justified")
    assert kayle["empowered"] == 3 and kayle["might"] == 3 + 6 and {"Deflect", "Ganking"} <= set(kayle["keywords"])
    assert keyword_value(game.state, kayle, "Deflect") == 3
    three = table(f"{P1_RUNES} base:Kayle, Justified{{E3}}")
    three.refuses('P1 activate Kayle, Justified "empower" $3', rule="v1.4 441.1.c.1")


def test_soraka_wanderer_must_be_assigned_combat_damage_last_v1_4_826_3():
    """"I must be assigned combat damage last." is Backline's meaning (v1.4 465.2.c.6, 465.2.c.8): the attacker
    assigns lethal damage to Trusty Ramhound (4 there) before any to Soraka."""
    game = table(f"{P1_RUNES} controls:bf1 bf1:Soraka, Wanderer;Trusty Ramhound", f"{P2_RUNES} base:Wizened Elder",
                 player="P2").do("P2 move Wizened Elder -> bf1", "P2 pass", "P1 pass")
    assert "Backline" in game.obj("P1", "Soraka, Wanderer")["keywords"]
    game.refuses("P2 assign Soraka, Wanderer 5", rule="v1.4 826.3")
    game.do("P2 assign Trusty Ramhound 4; Soraka, Wanderer 1")
