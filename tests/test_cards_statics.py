"""Statics and costs from the cards (issue 26, engine/cards/statics.py and engine/card_costs.py), in v1.4 matches whose
abilities the engine checks ("checked"), with real cards of the gallery: for each class, a legal use, then each
misuse refused in a strict match citing its rule and flagged in an audit match. A "declared" match takes the
recorder's statics as before.
"""
from __future__ import annotations

import json

import pytest

import engine
from engine.cards import statics as card_statics
from engine.citations import cite
from engine.objects import move_to_zone
from gallery_table import GalleryTable, deck, listed
from replays.notation.position import position_of
from web.describe import describe_static

P1_CARDS = ["Noxus Hopeful", "Blood Rush", "Blast Corps Cadet", "Garen, Commander", "Sentinel Adept",
            "Skyfall of Areion", "Baccai Sandspinner", "Karma, Channeler", "Trifarian Gloryseeker",
            "Scrapyard Champion", "Divining Shells", "Eager Drakehound",
            "Ambessa, Respected and Feared", "Annie, Fiery", "Undying Legion"]
P2_CARDS = ["Ancient Henge"]
P1 = deck("Hand of Noxus", P1_CARDS, ["Ornn's Forge", "Zaun Warrens", "Windswept Hillock"])
P2 = deck("Butcher of the Sands", P2_CARDS, ["Altar to Unity", "Dragon Roost", "Vilemaw's Lair"])
P2_DEFAULT = "runedeck:8 runes:2 Fury Rune;2 Body Rune"


def table(p1: str, p2: str = P2_DEFAULT, policy: str = "strict", abilities: str = "checked", player: str = "P1",
          bf1: str = "Zaun Warrens", bf2: str = "Altar to Unity") -> GalleryTable:
    """A v1.4 position at `player`'s action phase, turn 3; both champions still in their zones."""
    line = (f"position turn 3 {player} action first P1 | P1 0 bf:{bf1} deck:{39 - listed(p1)} {p1} "
            f"| P2 0 bf:{bf2} deck:{39 - listed(p2)} {p2}")
    return GalleryTable(P1, P2, policy, "v1.4", abilities).do(line)


def flagged(game: GalleryTable, line: str) -> list[str]:
    """Apply `line` to an audit match; the rules its violations cite."""
    seq = game.state["seq"] + 1
    game.do(line)
    return [violation["rule"] for violation in game.state["violations"] if violation["seq"] == seq]


def v14(rule: str) -> str:
    """The engine's citation `rule` as a v1.4 match cites it."""
    return cite(rule, "v1.4")


# -- the compiler ------------------------------------------------------------------------------------------------
def card(name: str) -> dict:
    return GalleryTable(P1, P2).catalog.card(name)


def test_noxus_hopefuls_legion_discount_compiles_to_the_shape_a_recorder_declared():
    [static] = card_statics.card_statics(card("Noxus Hopeful"), "play")
    assert {key: static[key] for key in ("affects", "cost", "while")} == \
        {"affects": {"who": "self"}, "cost": {"energy": -2}, "while": {"legion": True}}


def test_garens_might_static_and_sandspinners_bounded_ability_discount_compile():
    [garen] = card_statics.card_statics(card("Garen, Commander"), "board")
    assert (garen["affects"], garen["might"]) == ({"who": "friendly", "other": True, "where": "here"}, 1)
    sandspinner = card_statics.card_statics(card("Baccai Sandspinner"), "board")
    assert {"affects": {"who": "self", "types": ["Ability"]}, "cost": {"energy": -3},
            "while": {"runes_at_most": 4}}.items() <= sandspinner[0].items()
    assert sandspinner[1]["keywords"] == ["Deflect", "Assault"] and sandspinner[1]["while"] == {"empowered": True}


def test_a_line_the_reader_cannot_compile_says_so():
    again = "Your [Deathknell] effects trigger an additional time."  # Karthus: no trigger is counted twice
    assert card_statics.compile_ability({"kind": "static", "text": again}) == {"unread": [again]}
    spells = "While I'm in a showdown, your spells have [Repeat] [2][P]."  # Syndra: no tag of units
    assert card_statics.compile_ability({"kind": "static", "text": spells}) == {"unread": [spells]}


def test_the_served_ability_carries_its_compiled_statics_and_source():
    ability = card("Noxus Hopeful")["abilities"][0]
    served = card_statics.with_compiled(ability, "Unit")
    assert served["source"] == "text" and served["while"] == {"legion": True}
    assert served["statics"][0]["cost"] == {"energy": -2}


# -- a card's own cost change, from its text (v1.4 366.2, 812.1.c) ----------------------------------------------
# Blood Rush does what it says: a checked match asks its grant (engine/cards/effects.py).
RUSH_RESOLVED = "resolve Blood Rush: grant Trifarian Gloryseeker +Assault=2"
HOPEFUL = "runedeck:8 hand:Noxus Hopeful;Blood Rush runes:2 Fury Rune;2 Order Rune base:Trifarian Gloryseeker"
HOPEFUL_DECLARED = '+statics=[{"affects": {"who": "self"}, "cost": {"energy": -2}, "while": {"legion": true}}]'


def test_noxus_hopeful_costs_two_less_after_another_card_with_nothing_declared():
    game = table(HOPEFUL).do("P1 play Blood Rush -> Trifarian Gloryseeker $1", "P1 pass", "P2 pass",
                             RUSH_RESOLVED, "P1 play Noxus Hopeful $2")
    assert game.obj("P1", "Noxus Hopeful")["zone"] == "board"
    assert game.pool("P1") == {"energy": 0, "power": {}}


def test_noxus_hopefuls_discount_before_another_card_is_refused_and_flagged():
    table(HOPEFUL).refuses("P1 play Noxus Hopeful $2", rule=v14("354.1"))
    assert v14("354.1") in flagged(table(HOPEFUL, policy="audit"), "P1 play Noxus Hopeful $2")


def test_a_declared_static_for_a_card_whose_text_compiles_is_refused_and_flagged_v1_4_366_2():
    game = table(HOPEFUL).do("P1 play Blood Rush -> Trifarian Gloryseeker $1", "P1 pass", "P2 pass",
                             RUSH_RESOLVED)
    refusal = game.refuses(f"P1 play Noxus Hopeful {HOPEFUL_DECLARED} $2", rule="v1.4 366.2")
    assert "I cost [2] less." in str(refusal.violations)  # the message quotes the card's text
    audit = table(HOPEFUL, policy="audit")
    assert "v1.4 366.2" in flagged(audit, f"P1 play Noxus Hopeful {HOPEFUL_DECLARED} $4")


def test_a_declared_static_stays_possible_for_text_the_reader_cannot_compile_and_is_marked():
    """Annie, Fiery: "Your spells and abilities deal 1 Bonus Damage." is not read (the engine does not add Bonus
    Damage): the recorder declares it, in a checked strict match too, and the state marks it `declared`."""
    game = table("runedeck:8 runes:2 Fury Rune;2 Order Rune base:Annie, Fiery")
    game.do("static Annie, Fiery +might=4")
    assert game.obj("P1", "Annie, Fiery")["might"] == 4 + 4
    [static] = game.state["statics"]
    assert static["declared"] is True and not static.get("compiled")


def test_a_declared_match_takes_the_recorders_static_as_before():
    game = table(HOPEFUL, abilities="declared").do("P1 play Blood Rush -> Trifarian Gloryseeker $1", "P1 pass",
                                                   "P2 pass", RUSH_RESOLVED)
    game.refuses("P1 play Noxus Hopeful $2", rule=v14("354.1"))  # nothing from the text: 4 Energy asked
    game.do(f"P1 play Noxus Hopeful {HOPEFUL_DECLARED} $2")
    assert not any(static.get("declared") or static.get("compiled") for static in game.state["statics"])


# -- statics on the board: Might (v1.4 365.1) ---------------------------------------------------------------------
GAREN = ("controls:bf1 runedeck:5 hand:Garen, Commander runes:4 Order Rune;3 Fury Rune "
         "bf1:Trifarian Gloryseeker base:Blast Corps Cadet")


def test_garen_gives_other_friendly_units_here_plus_one_from_his_text():
    game = table(GAREN.replace("hand:Garen, Commander ", "").replace("bf1:", "bf1:Garen, Commander;"))
    assert game.obj("P1", "Trifarian Gloryseeker")["might"] == 2 + 1  # here
    assert game.obj("P1", "Blast Corps Cadet")["might"] == 2  # in base
    [static] = [static for static in game.state["statics"] if static.get("compiled")]
    assert static["text"] == "Other friendly units have +1 [S] here."


def test_garens_static_is_in_force_once_he_is_played_and_ends_as_he_leaves():
    game = table(GAREN).do("P1 play Garen, Commander $6 / Order Rune")  # to base: "here" is the base
    assert game.obj("P1", "Blast Corps Cadet")["might"] == 2 + 1
    assert game.obj("P1", "Trifarian Gloryseeker")["might"] == 2  # at bf1, not here
    move_to_zone(game.state, game.obj("P1", "Garen, Commander"), "trash")  # as a kill moves him (004 569.1)
    assert game.obj("P1", "Blast Corps Cadet")["might"] == 2 and not game.state["statics"]


def test_a_declared_static_event_for_garen_is_refused_and_flagged_v1_4_365_1():
    line = GAREN.replace("hand:Garen, Commander ", "").replace("bf1:", "bf1:Garen, Commander;")
    declared = 'static Garen, Commander +affects={"who": "friendly", "other": true, "where": "here"} +might=1'
    table(line).refuses(declared, rule="v1.4 365.1")
    audit = table(line, policy="audit")
    assert "v1.4 365.1" in flagged(audit, declared)
    assert audit.obj("P1", "Trifarian Gloryseeker")["might"] == 2 + 1 + 1  # flagged, folded as recorded
    assert [static for static in audit.state["statics"] if static.get("declared")]


def test_a_declared_static_with_a_count_reads_back_from_its_notation():
    game = table(GAREN.replace("hand:Garen, Commander ", ""), abilities="declared")
    game.do('static Trifarian Gloryseeker +affects={"who": "self"} +might=1 +per={"count": "gear"}')
    assert game.obj("P1", "Trifarian Gloryseeker")["might"] == 2  # no gear: +1 times 0


# -- a passive ability that works from the trash: Undying Legion (v1.4 366.1, 356.1.a) ----------------------------
UNDYING = "runedeck:6 hand:Blood Rush trash:Undying Legion runes:3 Fury Rune;3 Order Rune base:Trifarian Gloryseeker"
FROM_TRASH = 'P1 play Undying Legion <trash +base_cost={"energy": 3, "power": 1} $3 / Fury Rune'
BLOOD_RUSH = ("P1 play Blood Rush -> Trifarian Gloryseeker $1", "P1 pass", "P2 pass", RUSH_RESOLVED)


def test_undying_legion_is_played_from_the_trash_for_its_cost_after_another_card():
    game = table(UNDYING).do(*BLOOD_RUSH, FROM_TRASH)
    assert game.obj("P1", "Undying Legion")["zone"] == "board"


def test_undying_legion_from_the_trash_before_another_card_is_refused_and_flagged():
    table(UNDYING).refuses(FROM_TRASH, rule=v14("351"))  # its [Legion] does not hold: no permission
    assert v14("351") in flagged(table(UNDYING, policy="audit"), FROM_TRASH)


def test_undying_legion_from_the_trash_for_another_cost_is_refused_and_flagged_v1_4_356_1_a():
    cheap = FROM_TRASH.replace('"energy": 3, "power": 1} $3 / Fury Rune', '"energy": 1, "power": 0} $1')
    table(UNDYING).do(*BLOOD_RUSH).refuses(cheap, rule="v1.4 356.1.a")
    assert "v1.4 356.1.a" in flagged(table(UNDYING, policy="audit").do(*BLOOD_RUSH), cheap)


# -- an additional cost from the card (v1.4 204.2) -------------------------------------------------------------
CADET = "runedeck:6 hand:Blast Corps Cadet runes:3 Fury Rune;3 Order Rune"


def test_blast_corps_cadets_additional_cost_is_the_one_it_prints():
    table(CADET).do('P1 play Blast Corps Cadet +additional=[{"energy": 1, "power": 1}] $3 / Fury Rune')


def test_an_additional_cost_the_card_does_not_print_is_refused_and_flagged_v1_4_204_2():
    line = 'P1 play Blast Corps Cadet +additional=[{"energy": 3, "power": 0}] $5'
    table(CADET).refuses(line, rule="v1.4 204.2")
    assert "v1.4 204.2" in flagged(table(CADET, policy="audit"), line)


GRIMWYRM = "runedeck:6 hand:Eager Drakehound runes:3 Fury Rune;3 Order Rune"
ROOST = 'P1 play Eager Drakehound @bf2 +additional=[{"energy": 0, "power": 2}] $3 / Fury Rune; Fury Rune; Fury Rune'


def test_an_additional_cost_another_card_in_play_offers_is_accepted():
    """Dragon Roost: "Any player may pay [A][A] as an additional cost to play a Dragon. If they do, they play it to
    this battlefield." (a battlefield's offer): the Dragon that pays it is played there, though P1 does not control
    it; to its base instead it is refused (002, quoting the Roost)."""
    game = table(GRIMWYRM, bf2="Dragon Roost").do(ROOST)
    assert game.obj("P1", "Eager Drakehound")["location"] == "bf2"
    refusal = table(GRIMWYRM, bf2="Dragon Roost").refuses(ROOST.replace(" @bf2", ""), rule="v1.4 002")
    assert "they play it to this battlefield" in str(refusal.violations)


def test_that_additional_cost_without_dragon_roost_is_refused_v1_4_204_2():
    table(GRIMWYRM).refuses(ROOST, rule="v1.4 204.2")
    assert card_statics.additional_costs(card("Dragon Roost")) == []  # not for its own play: for a Dragon's


def test_dragon_roosts_additional_cost_is_for_a_dragon_only_v1_4_204_2():
    """A non-Dragon (Noxus Hopeful) paying the Roost's [A][A] is refused: the offer is "to play a Dragon"."""
    line = 'P1 play Noxus Hopeful @bf2 +additional=[{"energy": 0, "power": 2}] $4 / Fury Rune; Fury Rune'
    table("runedeck:6 hand:Noxus Hopeful runes:3 Fury Rune;3 Order Rune", bf2="Dragon Roost").refuses(
        line, rule="v1.4 204.2")


# -- an ability's bounded discount: Baccai Sandspinner (v1.4 356.4) ------------------------------------------------
def sandspinner(runes: str, runedeck: int, policy: str = "strict") -> GalleryTable:
    return table(f"runedeck:{runedeck} runes:{runes} base:Baccai Sandspinner", policy=policy)


def test_sandspinners_empower_costs_three_less_with_four_runes():
    game = sandspinner("2 Fury Rune;2 Order Rune", 8).do('P1 activate Baccai Sandspinner "empower" $2')
    assert game.pool("P1") == {"energy": 0, "power": {}}


def test_sandspinners_discount_with_eight_runes_is_refused_and_flagged():
    line = 'P1 activate Baccai Sandspinner "empower" $2'
    sandspinner("4 Fury Rune;4 Order Rune", 4).refuses(line, rule="v1.4 404.1")
    assert "v1.4 404.1" in flagged(sandspinner("4 Fury Rune;4 Order Rune", 4, "audit"), line)
    sandspinner("4 Fury Rune;4 Order Rune", 4).do('P1 activate Baccai Sandspinner "empower" $5')


def test_a_declared_discount_for_sandspinner_is_refused_v1_4_365_1():
    game = sandspinner("4 Fury Rune;4 Order Rune", 4)
    game.refuses('static Baccai Sandspinner +affects={"who": "self", "types": ["Ability"]} +cost={"energy": -3}',
                 rule="v1.4 365.1")


# -- the first gear each turn: Ornn's Forge -------------------------------------------------------------------------
def test_ornns_forge_discounts_the_first_friendly_gear_each_turn_only():
    game = table("controls:bf1 runedeck:6 hand:Skyfall of Areion;Divining Shells runes:3 Fury Rune;3 Order Rune "
                 "bf1:Trifarian Gloryseeker", bf1="Ornn's Forge")
    game.do("P1 play Skyfall of Areion $2")  # [3] printed, [1] less: the first gear this turn
    game.refuses("P1 play Divining Shells $1", rule=v14("354.1"))  # the second pays its [2]
    game.do("P1 play Divining Shells $2")


# -- Legion on an activated ability: Hand of Noxus (v1.4 812.1.c) ------------------------------------------------
NOXUS = "runedeck:8 hand:Blood Rush runes:2 Fury Rune;2 Order Rune base:Trifarian Gloryseeker"


def test_hand_of_noxus_adds_one_energy_after_a_card_was_played_this_turn():
    game = table(NOXUS).do("P1 play Blood Rush -> Trifarian Gloryseeker $1", "P1 pass", "P2 pass",
                           RUSH_RESOLVED, "P1 activate Hand of Noxus [0]")
    assert game.pool("P1")["energy"] == 1


def test_hand_of_noxus_legion_add_before_any_card_is_refused_and_flagged_v1_4_812_1_c():
    refusal = table(NOXUS).refuses("P1 activate Hand of Noxus [0]", rule="v1.4 812.1.c")
    assert "[Legion]" in str(refusal.violations)
    audit = table(NOXUS, policy="audit")
    assert "v1.4 812.1.c" in flagged(audit, "P1 activate Hand of Noxus [0]")
    table(NOXUS, abilities="declared").do("P1 activate Hand of Noxus [0]")  # declared: on the recorder's word


# -- Legion on a triggered ability: Trifarian Gloryseeker (v1.4 812.1.c) -------------------------------------------
GLORYSEEKER = "runedeck:8 hand:Blood Rush;Trifarian Gloryseeker runes:2 Fury Rune;2 Order Rune base:Blast Corps Cadet"
GLORY_TRIGGER = 'P1 trigger Trifarian Gloryseeker "when-you-play"'


def test_gloryseekers_legion_trigger_after_another_card():
    table(GLORYSEEKER).do("P1 play Blood Rush -> Blast Corps Cadet $1", "P1 pass", "P2 pass",
                          "resolve Blood Rush: grant Blast Corps Cadet +Assault=2",
                          "P1 play Trifarian Gloryseeker $2", GLORY_TRIGGER)


def test_gloryseekers_legion_trigger_as_the_first_card_is_refused_and_flagged():
    table(GLORYSEEKER).do("P1 play Trifarian Gloryseeker $2").refuses(GLORY_TRIGGER, rule="v1.4 812.1.c")
    audit = table(GLORYSEEKER, policy="audit").do("P1 play Trifarian Gloryseeker $2")
    assert "v1.4 812.1.c" in flagged(audit, GLORY_TRIGGER)


AMBESSA = "runedeck:8 runes:2 Fury Rune;2 Order Rune base:Ambessa, Respected and Feared"
AMBESSA_TRIGGER = 'P1 trigger Ambessa, Respected and Feared "when-i-attack"'


# Ambessa attacks Ben's Arachnoid Horror at Altar to Unity: her "When I attack" is due (engine/due.py).
DEFENDER = P2_DEFAULT + " bf2:Arachnoid Horror controls:bf2"
AMBESSA_ATTACKS = "P1 move Ambessa, Respected and Feared -> bf2"


def test_an_empowered_ambessas_trigger_is_active():
    table(AMBESSA.replace("Feared", "Feared{E}"), DEFENDER).do(AMBESSA_ATTACKS, AMBESSA_TRIGGER)


def test_a_trigger_of_an_ambessa_not_empowered_is_refused_and_flagged_v1_4_727_1_c_1():
    """Ambessa, Respected and Feared: "[Empowered][>] When I attack, kill an enemy unit here with less Might than
    me." is inactive, so it does not trigger, while she is not Empowered."""
    table(AMBESSA, DEFENDER).do(AMBESSA_ATTACKS).refuses(AMBESSA_TRIGGER, rule="v1.4 727.1.c.1")
    assert "v1.4 727.1.c.1" in flagged(table(AMBESSA, DEFENDER, policy="audit").do(AMBESSA_ATTACKS), AMBESSA_TRIGGER)


# -- Vision only from a permanent just played (v1.4 817.1.c) -------------------------------------------------------
SHELLS = "runedeck:8 hand:Divining Shells runes:2 Fury Rune;2 Order Rune"


def test_divining_shells_vision_triggers_as_it_is_played():
    table(SHELLS).do("P1 play Divining Shells $2", 'P1 trigger Divining Shells "Vision"')


def test_a_vision_from_a_gear_not_played_this_turn_is_refused_and_flagged():
    """In a checked match the Vision of a gear that was not just played is not due (engine/due.py: v1.4 383.3;
    Vision triggers as its permanent is played, 817.1.c); a declared match takes it on the recorder's word."""
    line = SHELLS.replace("hand:Divining Shells", "gear:Divining Shells")
    table(line).refuses('P1 trigger Divining Shells "Vision"', rule="v1.4 383.3")
    assert "v1.4 383.3" in flagged(table(line, policy="audit"), 'P1 trigger Divining Shells "Vision"')
    table(line, abilities="declared").do('P1 trigger Divining Shells "Vision"')


# -- Weaponmaster: an Equip cost without [A] is not reduced (v1.4 821.1.c.3) ----------------------------------------
ADEPT = "runedeck:6 hand:Sentinel Adept runes:3 Fury Rune;3 Order Rune gear:Skyfall of Areion"


def weaponmaster(policy: str = "strict", abilities: str = "checked") -> GalleryTable:
    return table(ADEPT, policy=policy, abilities=abilities).do(
        "P1 play Sentinel Adept $3", 'P1 trigger Sentinel Adept "Weaponmaster"', "P1 pass", "P2 pass")


def test_weaponmaster_pays_skyfalls_whole_equip_cost():
    game = weaponmaster().do("resolve Sentinel Adept: attach Skyfall of Areion -> Sentinel Adept $1 / Fury Rune")
    assert game.obj("P1", "Skyfall of Areion")["attached_to"] == game.find("P1", "Sentinel Adept")


def test_weaponmaster_charging_an_a_less_for_a_cost_without_a_is_refused_and_flagged():
    line = "resolve Sentinel Adept: attach Skyfall of Areion -> Sentinel Adept $1"  # [1] for [1][R]
    refusal = weaponmaster().refuses(line, rule="v1.4 821.1.c.3")
    assert "no [A]" in str(refusal.violations)
    assert "v1.4 821.1.c.3" in flagged(weaponmaster("audit"), line)
    weaponmaster(abilities="declared").do(line)  # declared: as before, its [R] taken as the [A] less


# -- an Add ability pays the Energy it turns into Power: Ancient Henge (v1.4 204.3.b) -------------------------------
def henge(pool: str, policy: str = "strict") -> GalleryTable:
    return table("runedeck:8 runes:2 Fury Rune;2 Order Rune",
                 f"runedeck:8 runes:2 Fury Rune;2 Body Rune gear:Ancient Henge {pool}", policy=policy, player="P2")


HENGE = 'P2 activate Ancient Henge [0] +add={"power": {"any": 2}}'


def test_ancient_henge_turns_two_energy_into_two_power():
    game = henge("pool:2").do(HENGE)
    assert game.pool("P2") == {"energy": 0, "power": {"Universal": 2}}


def test_ancient_henge_adding_power_without_the_energy_is_refused_and_flagged():
    henge("").refuses(HENGE, rule="v1.4 204.3.b")
    assert "v1.4 204.3.b" in flagged(henge("", "audit"), HENGE)


def test_a_position_written_from_a_checked_match_leaves_the_compiled_statics_to_the_text():
    game = table(GAREN.replace("hand:Garen, Commander ", "").replace("bf1:", "bf1:Garen, Commander;"))
    event = position_of(game.state)
    assert "statics" not in json.dumps(event)  # Garen's is his text's, not the position's
    again = GalleryTable(P1, P2, "strict", "v1.4", "checked").do(event)
    assert again.obj("P1", "Trifarian Gloryseeker")["might"] == 3
    assert [static["text"] for static in again.state["statics"]] == ["Other friendly units have +1 [S] here."]


@pytest.mark.parametrize("field", ['+per={"count": "moons"}', '+per={"each": "gear"}',
                                   '+while={"controls": [3]}'])
def test_a_declared_static_with_a_count_or_condition_the_engine_cannot_read_is_malformed(field):
    game = table(GAREN.replace("hand:Garen, Commander ", ""), abilities="declared")
    name, _, value = field[1:].partition("=")
    event = {"type": "static", "source": game.find("P1", "Trifarian Gloryseeker"), "affects": {"who": "self"},
             "might": 1, name: json.loads(value)}
    with pytest.raises(engine.MalformedEvent, match="static 'per'|while.controls"):
        game.do(event)


# -- the compiler over the gallery's phrasings ---------------------------------------------------------------------
@pytest.mark.parametrize("name, zone, expected", [
    ("Plaza Guardian", "play", {"cost": {"energy": -1}, "per": {"count": "gear"}}),  # "for each gear you control"
    ("Battering Ram", "play", {"cost": {"energy": -1, "min_energy": 1}, "per": {"count": "played"}}),
    ("Jaull-Fish", "play", {"per": {"count": "units", "mighty": True}}),
    ("Production Surge", "play", {"cost": {"energy": -2}, "while": {"controls": ["Mech"]}}),
    ("Breakneck Mech", "play", {"enter_ready": True, "while": {"controls": ["Mech"]}}),
    ("Frostcoat Mother", "board", {"affects": {"who": "self", "types": ["Ability"]}, "per": {"count": "runes"}}),
    ("Allay, Eager Admirer", "board", {"affects": {"who": "friendly", "other": True, "where": "here"},
                                       "keywords": ["Deflect"], "while": {"at": "battlefield"}}),
    ("Fiora, Victorious", "board", {"keywords": ["Deflect", "Ganking", "Shield"], "while": {"mighty": True}}),
    ("Eager Apprentice", "board", {"affects": {"who": "friendly", "types": ["Spell"]},
                                   "cost": {"energy": -1, "min_energy": 1}, "while": {"at": "battlefield"}}),
    ("Applied Researchers", "board", {"cost": {"energy": -1, "power": -1, "min_energy": 1, "min_power": 0},
                                      "while": {"empowered": True}}),
])
def test_the_compiler_reads_the_common_phrasings_of_real_cards(name, zone, expected):
    found = card_statics.card_statics(card(name), zone)
    assert any(expected.items() <= static.items() for static in found), found


def test_a_tier_that_replaces_another_instead_is_left_unread_by_the_reader_and_given_as_reviewed_data():
    """Master Yi, Unstoppable's "[Level 6][>] I cost [4][G][G] less instead." replaces its Level 3 discount: the
    reader does not read it (never applied as a second whole discount); its reviewed entry (engine/cards/data) gives
    the difference from the tier before it, so each tier costs what it prints."""
    yi = card("Master Yi, Unstoppable")
    assert card_statics.compile_ability(yi["abilities"][1], "Unit")["unread"]
    assert [(static["while"], static["cost"]) for static in card_statics.card_statics(yi, "play")] == [
        ({"level": level}, {"energy": -2, "power": -1}) for level in (3, 6, 11)]
    assert card_statics.compiles(yi)


def test_the_viewer_says_which_statics_the_recorder_declared():
    """A judge reads a compiled static as the card's line and a declared one marked as the recorder's word."""
    game = table("runedeck:8 runes:2 Fury Rune;2 Order Rune base:Garen, Commander;Annie, Fiery")
    game.do('static Annie, Fiery +affects={"who": "friendly"} +might=1')
    described = {static.get("compiled", False): describe_static(static) for static in game.state["statics"]}
    assert described[True] == "Other friendly units have +1 [S] here."
    assert described[False] == "friendly units: +1 might (declared by the recorder)"
