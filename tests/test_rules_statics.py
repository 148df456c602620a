"""Static effects in layers (004 634-639, v1.3 468-475), Mighty (004 706-711), and costs in the process of play
(later revision 353-354, v1.3 356): cost changes with their floors, Deflect's tax, Repeat, optional additional
costs, Legion and Empower, with real cards of the gallery."""
from __future__ import annotations

import re

import engine
from gallery_table import GalleryTable, deck
from replays import notation

P1_CARDS = ["Garen, Commander", "Noxus Hopeful", "Arena Kingpin", "Blood Rush", "Bonds of Strength",
            "Solari Sunhawk", "Commander Ledros", "Fiora, Victorious", "Trifarian Gloryseeker", "Blast Corps Cadet",
            "Baccai Reaper", "Guards!", "Baccai Sandspinner"]
P2_CARDS = ["Stupefy", "Sanction", "Helm of Suppression", "Eager Apprentice", "Applied Researchers",
            "Allay, Eager Admirer", "Discipline", "Questionable Tome"]
P1 = deck("Hand of Noxus", P1_CARDS, ["Trifarian War Camp", "Windswept Hillock", "Zaun Warrens"])
P2 = deck("Fire Below the Mountain", P2_CARDS, ["Altar to Unity", "Grove of the God-Willow", "Vilemaw's Lair"])

OTHER_FRIENDLY_HERE = '+affects={"who": "friendly", "other": true, "where": "here"}'


def deck_count(segment: str) -> int:
    """The main deck left when the segment's hand, board, trash and gear hold these cards and the chosen champion
    is still in its zone (103.2)."""
    listed = 0
    for label, value in re.findall(r"(\w+):(.*?)(?= \w+:|$)", segment):
        if label in ("runes", "runedeck", "deck", "controls", "pool", "bf", "static") or not value:
            continue
        for entry in value.split(";"):
            count, _, rest = entry.partition(" ")
            listed += int(count) if count.isdigit() and rest else 1
    return 40 - 1 - listed


def position(p1: str, p2: str, turn: int = 3, player: str = "P1") -> str:
    """A position at `player`'s action phase: P1 holds Trifarian War Camp (bf1) when it has units there."""
    return (f"position turn {turn} {player} action first P1 | P1 0 bf:Trifarian War Camp deck:{deck_count(p1)} {p1} | "
            f"P2 0 bf:Altar to Unity deck:{deck_count(p2)} {p2}")


def table(p1: str, p2: str = "runedeck:8 runes:2 Calm Rune;2 Mind Rune", policy: str = "strict",
          **kwargs: object) -> GalleryTable:
    return GalleryTable(P1, P2, policy).do(position(p1, p2, **kwargs))


GAREN_AT_BF1 = ("controls:bf1 runedeck:8 hand:Blood Rush;Noxus Hopeful "
                "runes:2 Fury Rune;2 Order Rune bf1:Garen, Commander;Arena Kingpin base:Trifarian Gloryseeker")


# -- static effects in layers ------------------------------------------------------------------------------------
def test_other_friendly_units_here_have_plus_one_might_while_garen_is_on_the_board_637_3():
    t = table(GAREN_AT_BF1).do(f"static Garen, Commander {OTHER_FRIENDLY_HERE} +might=1")
    assert t.obj("P1", "Arena Kingpin")["might"] == 4  # 3 printed + 1 from Garen (v1.3 472.3)
    assert t.obj("P1", "Garen, Commander")["might"] == 5  # "other": not Garen himself
    assert t.obj("P1", "Trifarian Gloryseeker")["might"] == 2  # not "here": it is in base
    static = t.state["statics"][0]
    assert static["source"] == t.find("P1", "Garen, Commander") and t.obj("P1", "Arena Kingpin")["statics"] == \
        [static["id"]]


def test_a_static_ends_when_its_source_leaves_the_board_569_1():
    t = table(GAREN_AT_BF1).do(f"static Garen, Commander {OTHER_FRIENDLY_HERE} +might=1",
                               "P1 play Blood Rush -> Arena Kingpin $1", "P1 pass", "P2 pass",
                               "resolve Blood Rush: kill Garen, Commander")
    assert t.state["statics"] == []
    assert t.obj("P1", "Arena Kingpin")["might"] == 3 and "statics" not in t.obj("P1", "Arena Kingpin")


def test_a_unit_moving_here_gets_the_static_and_one_leaving_loses_it_637_3():
    t = table(GAREN_AT_BF1).do(f"static Garen, Commander {OTHER_FRIENDLY_HERE} +might=1")
    t.do("P1 move Trifarian Gloryseeker -> bf1")
    assert t.obj("P1", "Trifarian Gloryseeker")["might"] == 3


def test_a_static_from_a_source_not_on_the_board_is_refused_569_1():
    t = table(GAREN_AT_BF1)
    hopeful = t.find("P1", "Noxus Hopeful", "hand")
    t.refuses(f"static {hopeful} +affects={{\"who\": \"friendly\"}} +might=1", rule="569.1")


def test_a_battlefields_static_gives_units_there_plus_one_might_163_8():
    # Trifarian War Camp: "Units here have +1 [S]. (This includes attackers.)"
    t = table(GAREN_AT_BF1).do('static bf1 +affects={"who": "all", "where": "here"} +might=1')
    assert t.obj("P1", "Arena Kingpin")["might"] == 4 and t.obj("P1", "Garen, Commander")["might"] == 6
    assert t.obj("P1", "Trifarian Gloryseeker")["might"] == 2


def test_a_static_without_an_effect_is_malformed():
    t = table(GAREN_AT_BF1)
    try:
        t.do(f"static Garen, Commander {OTHER_FRIENDLY_HERE}")
    except notation.NotationError as error:
        assert "gives something" in str(error)
    else:
        raise AssertionError("a static that gives nothing was read")


def test_keywords_apply_before_might_and_a_mighty_static_applies_in_the_next_sequence_471_3():
    # Fiora, Victorious (4): "While I'm Mighty, I have Deflect, Ganking, and Shield." A buff makes her 5: Mighty,
    # so she has the keywords; as a defender Shield adds 1 more (v1.3 471.3's example).
    t = table("runedeck:8 runes:2 Fury Rune;2 Order Rune base:Fiora, Victorious^")
    t.do('static Fiora, Victorious +affects={"who": "self"} +keywords=["Deflect", "Ganking", "Shield"] '
         '+while={"mighty": true}')
    fiora = t.obj("P1", "Fiora, Victorious")
    assert fiora["might"] == 5 and fiora["mighty"] and {"Deflect", "Ganking", "Shield"} <= set(fiora["keywords"])


def test_without_the_buff_fiora_is_not_mighty_and_has_no_keywords_471_3():
    t = table("runedeck:8 runes:2 Fury Rune;2 Order Rune base:Fiora, Victorious")
    t.do('static Fiora, Victorious +affects={"who": "self"} +keywords=["Deflect", "Ganking", "Shield"] '
         '+while={"mighty": true}')
    fiora = t.obj("P1", "Fiora, Victorious")
    assert fiora["might"] == 4 and not fiora["mighty"] and fiora["keywords"] == []


def test_a_unit_with_5_might_is_mighty_and_one_with_4_is_not_708():
    t = table(GAREN_AT_BF1)
    assert t.obj("P1", "Garen, Commander")["mighty"] and not t.obj("P1", "Arena Kingpin")["mighty"]


def test_a_keyword_static_gives_tank_to_units_here_637_2():
    # Taric-like wording on a real card: Captain Farron "Other friendly units here have [Assault]."
    t = table(GAREN_AT_BF1).do(f'static Garen, Commander {OTHER_FRIENDLY_HERE} +keywords=["Tank"]')
    assert "Tank" in t.obj("P1", "Arena Kingpin")["keywords"]
    assert "Tank" not in t.obj("P1", "Garen, Commander")["keywords"]


# -- costs -----------------------------------------------------------------------------------------------------
# P2's turn 4: Eager Apprentice holds Altar to Unity (bf2); P1 has Commander Ledros (Deflect) at base.
APPRENTICE = ("controls:bf2 runedeck:8 hand:Discipline;Stupefy;Sanction runes:2 Calm Rune;2 Mind Rune "
              "bf2:Eager Apprentice")
LEDROS = "runedeck:8 hand:Blood Rush runes:2 Fury Rune;2 Order Rune base:Commander Ledros;Solari Sunhawk"
SPELLS_COST_LESS = ('static Eager Apprentice +affects={"who": "friendly", "types": ["Spell"]} '
                    '+cost={"energy": -1, "min_energy": 1} +while={"at": "battlefield"}')


def p2_turn(p1: str = LEDROS, p2: str = APPRENTICE) -> GalleryTable:
    return table(p1, p2, turn=4, player="P2")


def test_a_discount_lowers_the_energy_a_spell_costs_353_4():
    # Eager Apprentice: "While I'm at a battlefield, the Energy costs for spells you play is reduced by [1], to a
    # minimum of [1]." Discipline costs 2: 1 pays for it.
    t = p2_turn().do(SPELLS_COST_LESS, "P2 play Discipline -> Eager Apprentice $1")
    assert t.state["chain"][-1]["card"] == "Discipline" and t.pool("P2") == {"energy": 0, "power": {}}


def test_a_discount_stops_at_its_minimum_353_4_c():
    # Stupefy costs 1: Eager Apprentice's discount cannot take it below its minimum of 1.
    t = p2_turn().do(SPELLS_COST_LESS)
    refusal = t.refuses("P2 play Stupefy -> Commander Ledros $0 / Calm Rune", rule="354.1")
    assert "Eager Apprentice" not in str(refusal)


def test_a_discount_applies_only_while_its_condition_holds_364_3():
    t = p2_turn(p2=APPRENTICE.replace("controls:bf2 ", "").replace("bf2:Eager Apprentice", "base:Eager Apprentice"))
    t.do(SPELLS_COST_LESS)
    t.refuses("P2 play Discipline -> Eager Apprentice $1", rule="354.1")


def test_an_opponents_cost_increase_is_charged_353_3():
    # Helm of Suppression: "Opponents' spells cost [1] more."
    t = table("runedeck:8 hand:Blood Rush runes:2 Fury Rune;2 Order Rune base:Arena Kingpin",
              "runedeck:8 runes:2 Calm Rune;2 Mind Rune gear:Helm of Suppression")
    t.do('static Helm of Suppression +affects={"who": "enemy", "types": ["Spell"]} +cost={"energy": 1}')
    t.refuses("P1 play Blood Rush -> Arena Kingpin $1", rule="354.1")
    t.do("P1 play Blood Rush -> Arena Kingpin $2")
    assert t.pool("P1") == {"energy": 0, "power": {}}


def test_choosing_an_enemy_unit_with_deflect_costs_one_more_power_of_any_domain_721_1_c():
    # Commander Ledros has [Deflect]: P2's Stupefy (Mind) pays 1 Energy and 1 Power, here Calm (721.1.c.1).
    t = p2_turn().do("P2 play Stupefy -> Commander Ledros $1 / Calm Rune")
    assert t.state["chain"][-1]["targets"] == [t.find("P1", "Commander Ledros")]
    assert t.pool("P2") == {"energy": 0, "power": {}}  # the tax left the pool: nothing is spent twice


def test_an_unpaid_deflect_tax_is_refused_353_2_a_2():
    refusal = p2_turn().refuses("P2 play Stupefy -> Commander Ledros $1", rule="721.1.c")
    assert "Deflect" in str(refusal)


def test_the_deflect_tax_is_not_spent_again_by_the_next_card_353_2_a_2():
    t = p2_turn().do("P2 add 2 / Calm Rune", "P2 play Stupefy -> Commander Ledros")
    assert t.pool("P2") == {"energy": 1, "power": {}}
    t.refuses("P2 play Discipline -> Eager Apprentice", rule="354.1")


def test_choosing_ones_own_deflect_unit_costs_nothing_more_721_1_c():
    t = table("runedeck:8 hand:Blood Rush runes:2 Fury Rune;2 Order Rune base:Commander Ledros")
    t.do("P1 play Blood Rush -> Commander Ledros $1")
    assert t.pool("P1") == {"energy": 0, "power": {}}


def test_repeat_is_charged_and_recorded_on_the_chain_item_820_1_d():
    # Bonds of Strength: [Repeat] [2]: 2 Energy, and 2 more to repeat it.
    t = table("runedeck:8 hand:Bonds of Strength runes:2 Fury Rune;2 Order Rune base:Arena Kingpin;"
              "Trifarian Gloryseeker")
    t.do('P1 play Bonds of Strength -> Arena Kingpin; Trifarian Gloryseeker +repeat $4')
    assert t.state["chain"][-1]["repeat"] == 1 and t.pool("P1") == {"energy": 0, "power": {}}


def test_an_unpaid_repeat_cost_is_refused_and_not_spent_again_354_1():
    t = table("runedeck:8 hand:Bonds of Strength;Blood Rush runes:2 Fury Rune;2 Order Rune base:Arena Kingpin")
    t.refuses('P1 play Bonds of Strength -> Arena Kingpin +repeat $2', rule="354.1")
    t.do("P1 add 4", 'P1 play Bonds of Strength -> Arena Kingpin +repeat', "P1 pass", "P2 pass",
         "resolve Bonds of Strength: might Arena Kingpin +1 until turn | might Arena Kingpin +1 until turn")
    t.refuses("P1 play Blood Rush -> Arena Kingpin", rule="354.1")


def test_each_repeat_cost_is_paid_once_at_most_820_1_c_3():
    t = table("runedeck:8 hand:Bonds of Strength runes:2 Fury Rune;2 Order Rune base:Arena Kingpin")
    t.refuses("P1 play Bonds of Strength -> Arena Kingpin +repeat=2 $4", rule="v1.3 820.1.c.3")


def test_repeat_on_a_spell_without_repeat_is_refused_820_1_a():
    t = table("runedeck:8 hand:Noxus Hopeful runes:2 Fury Rune;2 Order Rune base:Arena Kingpin")
    t.refuses('P1 play Noxus Hopeful +repeat $4', rule="v1.3 820.1.a")


def test_an_optional_additional_cost_is_charged_353_2_b():
    # Blast Corps Cadet: "You may pay [1][C] as an additional cost to play me."
    t = table("runedeck:8 hand:Blast Corps Cadet runes:2 Fury Rune;2 Order Rune")
    t.refuses('P1 play Blast Corps Cadet +additional=[{"energy": 1, "power": 1}] $2', rule="354.1")
    t.do('P1 play Blast Corps Cadet +additional=[{"energy": 1, "power": 1}] $3 / Fury Rune')
    assert t.obj("P1", "Blast Corps Cadet")["zone"] == "board" and t.pool("P1") == {"energy": 0, "power": {}}


HOPEFUL_LEGION = '+statics=[{"affects": {"who": "self"}, "cost": {"energy": -2}, "while": {"legion": true}}]'


def test_legion_discount_applies_after_another_card_was_played_this_turn_812_1_c():
    # Noxus Hopeful: "[Legion] — I cost [2] less."
    t = table("runedeck:8 hand:Noxus Hopeful;Blood Rush runes:2 Fury Rune;2 Order Rune base:Arena Kingpin")
    t.do("P1 play Blood Rush -> Arena Kingpin $1", "P1 pass", "P2 pass", "resolve Blood Rush",
         f"P1 play Noxus Hopeful {HOPEFUL_LEGION} $2")
    assert t.obj("P1", "Noxus Hopeful")["zone"] == "board"


def test_legion_discount_is_refused_before_another_card_was_played_812_1_c():
    t = table("runedeck:8 hand:Noxus Hopeful;Blood Rush runes:2 Fury Rune;2 Order Rune")
    t.refuses(f"P1 play Noxus Hopeful {HOPEFUL_LEGION} $2", rule="354.1")


def test_i_enter_ready_readies_the_unit_as_it_enters_359_2_a():
    # Arena Kingpin: "I enter ready."
    t = table("runedeck:6 hand:Arena Kingpin runes:3 Fury Rune;3 Order Rune")
    t.do('P1 play Arena Kingpin +statics=[{"affects": {"who": "self"}, "enter_ready": true}] $5')
    assert not t.obj("P1", "Arena Kingpin")["exhausted"]


def test_an_empowered_unit_gains_what_its_empowered_static_gives_and_deflect_is_charged_for_it():
    # Solari Sunhawk: "[Empowered][>] I have +1 [S] and [Deflect 2]." P2's Sanction empowers it (its reminder
    # text: "It becomes Empowered"); then choosing it costs P2 two more Power.
    sunhawk = ('static Solari Sunhawk +affects={"who": "self"} +might=1 +keywords=["Deflect"] '
               '+values={"Deflect": 2} +while={"empowered": true}')
    t = p2_turn(p2=APPRENTICE.replace("runedeck:8", "runedeck:6").replace("runes:2 Calm Rune;2 Mind Rune",
                                                                           "runes:3 Calm Rune;3 Mind Rune"))
    t.do(sunhawk)
    assert t.obj("P1", "Solari Sunhawk")["might"] == 3
    t.do("P2 play Sanction -> Solari Sunhawk $3 / Calm Rune", "P2 pass", "P1 pass",
         "resolve Sanction: empower Solari Sunhawk")
    bird = t.obj("P1", "Solari Sunhawk")
    assert bird["empowered"] and bird["might"] == 4 and "Deflect" in bird["keywords"]
    t.refuses("P2 play Stupefy -> Solari Sunhawk $1 / Calm Rune", rule="721.1.c")
    t.do("P2 play Stupefy -> Solari Sunhawk $1 / Calm Rune; Mind Rune")
    assert t.pool("P2") == {"energy": 0, "power": {}}


# -- the notation ------------------------------------------------------------------------------------------------
def test_a_match_with_statics_and_extra_costs_reads_back_from_its_notation():
    t = p2_turn(p2=APPRENTICE.replace("runedeck:8", "runedeck:6").replace("runes:2 Calm Rune;2 Mind Rune",
                                                                           "runes:3 Calm Rune;3 Mind Rune"))
    t.do(SPELLS_COST_LESS, 'static Solari Sunhawk +affects={"who": "self"} +keywords=["Deflect"] '
                           '+values={"Deflect": 2} +while={"empowered": true}',
         "P2 play Sanction -> Solari Sunhawk $2 / Calm Rune", "P2 pass", "P1 pass",
         'resolve Sanction: empower Solari Sunhawk | static +affects={"who": "friendly"} +enter_ready '
         '+until="turn"', "P2 play Stupefy -> Solari Sunhawk $1 / Calm Rune; Mind Rune")
    text = notation.write_match(t.events, t.catalog)
    assert "static Eager Apprentice +affects=" in text and "empower Solari Sunhawk" in text
    again = notation.parse_match(text, t.catalog)
    assert again == t.events
    assert engine.fold(again, t.catalog) == t.state


# -- positions -----------------------------------------------------------------------------------------------------
GAREN_STATIC = '{"affects": {"who": "friendly", "other": true, "where": "here"}, "might": 1}'


def test_a_position_describes_the_statics_in_force_and_each_players_pool():
    t = table(f"{GAREN_AT_BF1} pool:1;Fury 1 static:bf1.1 {GAREN_STATIC} "
              'static:bf1 {"affects": {"who": "all", "where": "here"}, "might": 1}')
    assert t.obj("P1", "Arena Kingpin")["might"] == 5  # Garen's +1 and Trifarian War Camp's +1
    assert t.obj("P1", "Garen, Commander")["might"] == 6
    assert t.pool("P1") == {"energy": 1, "power": {"Fury": 1}}
    assert [static["source"] for static in t.state["statics"]] == [t.find("P1", "Garen, Commander"), "bf1"]


def test_the_position_of_a_state_with_statics_sets_it_up_again():
    t = table(GAREN_AT_BF1).do(f"static Garen, Commander {OTHER_FRIENDLY_HERE} +might=1",
                               'static bf1 +affects={"who": "all", "where": "here"} +might=1', "P1 add 1")
    line = notation.write_position(notation.position_of(t.state))
    assert "static:bf1.1 " in line and "static:bf1 " in line and "pool:1" in line
    again = GalleryTable(P1, P2).do(f"position {line}")
    assert again.obj("P1", "Arena Kingpin")["might"] == t.obj("P1", "Arena Kingpin")["might"] == 5
    assert notation.parse_position(line) == notation.position_of(t.state)


def test_a_position_static_from_something_it_cannot_name_is_malformed():
    t = GalleryTable(P1, P2)
    event = notation.parse_position(position(GAREN_AT_BF1, "runedeck:8 runes:2 Calm Rune;2 Mind Rune")[9:])
    event["statics"] = [{"source": "o1", "might": 1}]
    try:
        t.do(event)
    except engine.MalformedEvent as error:
        assert "a unit's statics go in its entry" in str(error)
    else:
        raise AssertionError("a static naming an object id was accepted")


def test_killing_a_friendly_unit_as_an_additional_cost_kills_it_and_its_discount_applies_353_6():
    # Commander Ledros: "As you play me, you may kill any number of friendly units as an additional cost. Reduce my
    # cost by [Y] for each killed this way." (6 Energy, 4 Power: one kill makes it 3 Power.)
    t = table("runedeck:3 hand:Commander Ledros runes:5 Fury Rune;4 Order Rune base:Arena Kingpin")
    kingpin = t.find("P1", "Arena Kingpin")
    t.do(f'P1 play Commander Ledros +additional=[{{"kill": ["{kingpin}"]}}] '
         '+statics=[{"affects": {"who": "self"}, "cost": {"power": -1}}] $6 / Order Rune; Order Rune; Order Rune')
    assert t.state["objects"][kingpin]["zone"] == "trash" and t.obj("P1", "Commander Ledros")["zone"] == "board"
    assert t.pool("P1") == {"energy": 0, "power": {}}


def test_an_additional_cost_that_kills_an_enemy_unit_is_refused_354_2():
    t = table("runedeck:3 hand:Commander Ledros runes:5 Fury Rune;4 Order Rune",
              "runedeck:8 runes:2 Calm Rune;2 Mind Rune base:Eager Apprentice")
    apprentice = t.find("P2", "Eager Apprentice")
    t.refuses(f'P1 play Commander Ledros +additional=[{{"kill": ["{apprentice}"]}}] $6 / Order Rune; Order Rune; '
              f'Order Rune', rule="354.2")


def test_exhausting_an_exhausted_permanent_cannot_pay_an_additional_cost_414_4():
    t = table("runedeck:3 hand:Commander Ledros runes:5 Fury Rune;4 Order Rune base:Arena Kingpin*")
    kingpin = t.find("P1", "Arena Kingpin")
    t.refuses(f'P1 play Commander Ledros +additional=[{{"exhaust": ["{kingpin}"]}}] $6 / Order Rune; Order Rune; '
              f'Order Rune', rule="v1.3 414.4")


def test_xp_spent_as_an_additional_cost_must_be_there_730_2():
    t = table("runedeck:3 hand:Commander Ledros runes:5 Fury Rune;4 Order Rune")
    t.refuses('P1 play Commander Ledros +additional=[{"xp": 3}] $6 / Order Rune; Order Rune; Order Rune',
              rule="v1.3 730.2")


# -- durations, one-shot effects and a legend's static ---------------------------------------------------------------
def test_a_this_turn_static_from_a_spell_lasts_until_the_end_of_turn_517_2_b():
    # Bushwhack's wording on Blood Rush's resolution: "Friendly units enter ready this turn."
    t = table("runedeck:6 hand:Blood Rush;Trifarian Gloryseeker runes:3 Fury Rune;3 Order Rune base:Arena Kingpin")
    t.do("P1 play Blood Rush -> Arena Kingpin $1", "P1 pass", "P2 pass",
         'resolve Blood Rush: grant Arena Kingpin +Assault=2 until turn | static +affects={"who": "friendly"} '
         '+enter_ready +until="turn"', "P1 play Trifarian Gloryseeker $2")
    assert not t.obj("P1", "Trifarian Gloryseeker")["exhausted"]
    assert t.state["statics"][0]["source"] == t.find("P1", "Blood Rush", "trash")  # the spell is in the trash
    t.do("P1 end turn")
    assert t.state["statics"] == []


def test_a_static_op_that_would_outlast_a_source_not_on_the_board_is_refused_569_1():
    t = table("runedeck:6 hand:Blood Rush runes:3 Fury Rune;3 Order Rune base:Arena Kingpin")
    t.do("P1 play Blood Rush -> Arena Kingpin $1", "P1 pass", "P2 pass")
    t.refuses('resolve Blood Rush: static +affects={"who": "friendly"} +might=1', rule="569.1")


def test_a_next_card_discount_is_used_up_by_the_first_play_it_applies_to_353_4():
    # Astral Heron's wording: "your next card costs [2] less" (a one-shot cost change).
    t = table("runedeck:6 hand:Noxus Hopeful;Blood Rush runes:3 Fury Rune;3 Order Rune base:Arena Kingpin")
    t.do('static Arena Kingpin +affects={"who": "friendly", "types": ["Unit", "Spell", "Gear"]} '
         '+cost={"energy": -2} +next', "P1 play Noxus Hopeful $2")
    assert t.state["statics"] == []
    t.refuses("P1 play Blood Rush -> Arena Kingpin $0", rule="354.1")


def test_a_legends_static_applies_from_the_legend_zone_167_6():
    t = table("runedeck:8 runes:2 Fury Rune;2 Order Rune base:Arena Kingpin")
    legend = t.state["players"]["P1"]["legend"]
    t.do(f'static {legend} +affects={{"who": "friendly", "tags": ["Noxus"]}} +might=1')
    assert t.obj("P1", "Arena Kingpin")["might"] == 4  # Arena Kingpin is a Noxus unit


def test_a_decrease_to_a_minimum_stops_there_472_3_b():
    # Leona, Zealot's wording: "Stunned enemy units here have -8 [S], to a minimum of 1 [S]."
    t = table(GAREN_AT_BF1).do('static bf1 +affects={"who": "all", "where": "here"} +might=-8 +min=1')
    assert t.obj("P1", "Garen, Commander")["might"] == 1 and t.obj("P1", "Arena Kingpin")["might"] == 1



# -- costs within instructions (v1.3 742.1) ------------------------------------------------------------------------
REAPER = "runedeck:8 hand:Guards! runes:2 Fury Rune;2 Order Rune base:Baccai Reaper"


def test_a_triggered_abilitys_cost_is_paid_as_it_is_finalized_742_1_b():
    # Baccai Reaper: "When I attack, you may pay [R] to give me [Assault 2] this turn."
    t = table(REAPER).do('P1 trigger Baccai Reaper "when I attack" +cost={"power": {"Fury": 1}} $0 / Fury Rune')
    assert t.state["chain"][-1]["label"] == "when I attack" and t.pool("P1") == {"energy": 0, "power": {}}


def test_an_unpaid_triggered_ability_cost_is_refused_742_1_b():
    table(REAPER).refuses('P1 trigger Baccai Reaper "when I attack" +cost={"power": {"Fury": 1}}',
                          rule="v1.3 742.1.b")


def test_a_cost_within_a_spells_instruction_is_paid_on_resolution_742_1_a():
    # Guards!: "Play a 2 [S] Sand Soldier unit token. You may pay [Y] to ready it."
    t = table(REAPER).do("P1 play Guards! $3", "P1 pass", "P2 pass")
    t.refuses("resolve Guards!: token P1 Sand Soldier | pay P1 Order 1", rule="v1.3 403.1.b.1")
    t.do("resolve Guards!: token P1 Sand Soldier | pay P1 Order 1 $0 / Order Rune")
    assert t.pool("P1") == {"energy": 0, "power": {}}


def test_a_trigger_choosing_an_enemy_deflect_unit_pays_the_tax_721_1_c():
    t = table(REAPER, "runedeck:8 runes:2 Calm Rune;2 Mind Rune base:Allay, Eager Admirer")
    t.refuses('P1 trigger Baccai Reaper "when I attack" -> Allay, Eager Admirer', rule="721.1.c")
    t.do('P1 trigger Baccai Reaper "when I attack" -> Allay, Eager Admirer $0 / Fury Rune')
    assert t.pool("P1") == {"energy": 0, "power": {}}



# -- Empower and abilities' costs ---------------------------------------------------------------------------------
SUNHAWK = "runedeck:6 runes:3 Fury Rune;3 Order Rune base:Solari Sunhawk;Baccai Sandspinner;Arena Kingpin"


def test_empower_is_activated_for_its_cost_and_used_only_if_not_empowered():
    # Solari Sunhawk: "[Empower] [2] ([2]: Empower me. Use only if not Empowered.)"
    t = table(SUNHAWK).do('P1 activate Solari Sunhawk "empower" $2', "P1 pass", "P2 pass",
                          "resolve Solari Sunhawk: empower Solari Sunhawk")
    assert t.obj("P1", "Solari Sunhawk")["empowered"] and t.pool("P1") == {"energy": 0, "power": {}}
    t.refuses('P1 activate Solari Sunhawk "empower" $2', rule="v1.3 377.2.b")


def test_an_abilitys_own_discount_lowers_its_cost_353_4():
    # Baccai Sandspinner: "[Empower] [5]. This ability costs [3] less if you control 4 or fewer runes."
    t = table(SUNHAWK)
    t.refuses('P1 activate Baccai Sandspinner "empower" $2', rule="v1.3 404.1")
    t.do('static Baccai Sandspinner +affects={"who": "self", "types": ["Ability"]} +cost={"energy": -3}',
         'P1 activate Baccai Sandspinner "empower" $2')
    assert t.state["chain"][-1]["source"] == t.find("P1", "Baccai Sandspinner")


def test_an_ability_choosing_an_enemy_deflect_unit_pays_the_tax_721_1_c():
    # Arena Kingpin: "[T]: Give a unit +3 [S] this turn." chooses Allay, Eager Admirer ([Deflect]).
    t = table(SUNHAWK, "runedeck:8 runes:2 Calm Rune;2 Mind Rune base:Allay, Eager Admirer")
    t.refuses("P1 activate Arena Kingpin [1] -> Allay, Eager Admirer", rule="v1.3 404.1")
    t.do("P1 activate Arena Kingpin [1] -> Allay, Eager Admirer $0 / Fury Rune")
    assert t.pool("P1") == {"energy": 0, "power": {}}


def test_disempowering_as_a_cost_needs_it_empowered_and_clears_it():
    # Questionable Tome: "Disempower this, [1], [T]: Draw 1." An Empowered gear is written `{E}` in a position.
    t = p2_turn(p2=APPRENTICE + " gear:Questionable Tome{E}")
    assert t.obj("P2", "Questionable Tome")["empowered"]
    t.do('P2 activate Questionable Tome "draw-1" $1')
    tome = t.obj("P2", "Questionable Tome")
    assert "empowered" not in tome and tome["exhausted"]
    described = position(LEDROS, APPRENTICE + " gear:Questionable Tome{E}")[len("position "):]
    assert "Questionable Tome{E}" in notation.write_position(notation.parse_position(described))
    p2_turn(p2=APPRENTICE + " gear:Questionable Tome").refuses('P2 activate Questionable Tome "draw-1" $1',
                                                               rule="v1.3 404.1")
