"""Static rules read from the cards (issue 26, engine/cards/static_rules.py): in a v1.4 match whose abilities the
engine checks, "I can't be chosen by enemy spells and abilities", "You may play me to an open battlefield", "Units
can't move to base", ... are put in force from the card's text, with nothing declared, and enforced where the rule
they change is checked (card text supersedes rules text, v1.4 002; can't beats can, v1.4 054.1): for each, a legal
use, then the misuse refused in a strict match quoting the card, and flagged in an audit match.
"""
from __future__ import annotations

import pytest

from engine.cards import coverage
from engine.cards import statics as card_statics
from gallery_table import GalleryTable, deck, listed, said

P1 = deck("Bounty Hunter", ["Ruin Runner", "Determined Sentry", "Dauntless Vanguard", "Maduli the Gatekeeper",
                            "Sneaky Deckhand", "Vex, Cheerless"], ["Rockfall Path", "Forgotten Monument", "Aspirant's Climb"])
P2 = deck("Hand of Noxus", ["Decree of Rage", "Minotaur Reckoner", "Galio, Indefatigable", "Blood Rush",
                            "Mageseeker Investigator", "Iron Ballista", "Bonds of Strength"],
          ["Vilemaw's Lair", "Trifarian War Camp", "Mystic Vortex"])
CALM = deck("Blind Monk", ["Lee Sin, Ascetic", "Mageseeker Warden", "Tianna Crownguard", "Alpha Wildclaw",
                           "Akali, Silent", "Wind Wall", "Stand United"], ["Altar to Unity", "Zaun Warrens",
                                                                            "Grove of the God-Willow"])
P1_RUNES = "runedeck:8 runes:2 Body Rune;2 Chaos Rune"
CALM_RUNES = "runedeck:6 runes:3 Calm Rune;3 Body Rune"
P2_RUNES = "runedeck:8 runes:2 Fury Rune;2 Order Rune"
RUIN_RUNNER = "I can't be chosen by enemy spells and abilities."


def table(p1: str, p2: str = P2_RUNES, player: str = "P1", turn: int = 3, policy: str = "strict",
          first: dict | None = None, bf1: str = "Rockfall Path", bf2: str = "Vilemaw's Lair",
          points: tuple[int, int] = (0, 0)) -> GalleryTable:
    """A v1.4 "checked" position at `player`'s action phase: bf1 is P1's battlefield, bf2 P2's; both champions
    are still in their zones."""
    line = (f"position turn {turn} {player} action first P1 | P1 {points[0]} bf:{bf1} deck:{39 - listed(p1)} {p1} "
            f"| P2 {points[1]} bf:{bf2} deck:{39 - listed(p2)} {p2}")
    return GalleryTable(first or P1, P2, policy, "v1.4", "checked").do(line)




# -- the compiler ------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("name, zone, expected", [
    ("Ruin Runner", "board", {"rule": "untargetable", "affects": {"who": "self"}}),
    ("Akali, Silent", "board", {"rule": "untargetable", "affects": {"who": "self", "in_combat": False}}),
    ("Alpha Wildclaw", "board", {"rule": "untargetable",
                                 "affects": {"who": "friendly", "where": "here", "weaker": True}}),
    ("Determined Sentry", "board", {"rule": "no_move_to_base", "affects": {"who": "self"}}),
    ("Vilemaw's Lair", "board", {"rule": "no_move_to_base", "affects": {"who": "all", "where": "here"}}),
    ("Maduli the Gatekeeper", "board", {"rule": "no_ready", "affects": {"who": "self"}}),
    ("Mageseeker Warden", "board", {"rule": "no_ready_by_effects", "affects": {"who": "enemy", "types": [
        "Unit", "Gear"]}, "while": {"at": "battlefield"}}),
    ("Decree of Rage", "play", {"rule": "no_counter", "affects": {"who": "self"}}),
    ("Vilemaw", "board", {"rule": "no_combat_damage", "affects": {"who": "enemy", "where": "here",
                                                                  "weaker": True}}),
    ("Sneaky Deckhand", "play", {"rule": "play_to_open", "affects": {"who": "self"}}),
    ("Miss Fortune, Buccaneer", "board", {"rule": "play_to_open", "affects": {"who": "friendly"}}),
    ("Arachnoid Horror", "play", {"rule": "play_to_enemy_alone", "affects": {"who": "self"}}),
    ("Aspirant's Climb", "board", {"rule": "victory_score", "value": 1, "affects": {"who": "all"}}),
    ("Forgotten Monument", "board", {"rule": "no_score", "value": 3, "affects": {"who": "all", "where": "here"}}),
    ("Tianna Crownguard", "board", {"rule": "no_score", "affects": {"who": "enemy"},
                                    "while": {"at": "battlefield"}}),
    ("Mageseeker Investigator", "board", {"rule": "move_tax", "affects": {"who": "enemy", "where": "here"}}),
    ("Decree of Insight", "play", {"rule": "ignore_deflect", "affects": {"who": "self"}}),
    ("Endless Riches", "board", {"rule": "skip_draw_phase", "affects": {"who": "self"}}),
    ("Fallen Feline", "board", {"rule": "no_play_named", "affects": {"who": "enemy"}, "while": {"at": "battlefield"}}),
    ("Kayle, Justified", "board", {"rule": "empower_times", "value": 3, "affects": {"who": "self"}}),
])
def test_static_rules_compile_to_the_shape_a_recorder_declares(name: str, zone: str, expected: dict):
    card = GalleryTable(P1, P2).catalog.card(name)
    found = [static for static in card_statics.card_statics(card, zone) if static.get("rule") == expected["rule"]]
    assert found, card_statics.card_statics(card, zone)
    assert {key: found[0].get(key) for key in expected} == expected
    assert not any(found[0]["text"] in part for part in coverage.unread(card))  # read: the engine checks it


def test_a_rule_the_engine_does_not_check_stays_unread():
    """A line that reads like a static rule the engine checks compiles; one it has no check for stays unread (never
    `rule: "other"`, which the engine only records)."""
    [static] = card_statics.compile_ability({"kind": "static", "text": RUIN_RUNNER})["statics"]
    assert static["rule"] == "untargetable"
    for text in ("Your [Temporary] effects at my battlefield don't trigger.",
                 "Your [Deathknell] effects trigger an additional time.",
                 "While I'm at a battlefield, opponents can't be chosen."):
        assert card_statics.compile_ability({"kind": "static", "text": text}) == {"unread": [text]}


# -- restrictions on objects ---------------------------------------------------------------------------------------


def test_ruin_runner_cannot_be_chosen_by_an_enemy_spell_from_its_text_v1_4_758():
    game = table(f"{P1_RUNES} base:Ruin Runner", f"{P2_RUNES} hand:Blood Rush base:Minotaur Reckoner", player="P2",
                 turn=4)
    refusal = game.refuses("P2 play Blood Rush -> Ruin Runner $1", rule="v1.4 758")
    assert RUIN_RUNNER in said(refusal)
    game.do("P2 play Blood Rush -> Minotaur Reckoner $1")  # its own unit: legal
    audit = table(f"{P1_RUNES} base:Ruin Runner", f"{P2_RUNES} hand:Blood Rush", player="P2", turn=4,
                  policy="audit")
    audit.flags("P2 play Blood Rush -> Ruin Runner $1", "v1.4 758")


def test_akali_cannot_be_chosen_by_enemies_out_of_combat_v1_4_758():
    game = table(f"{CALM_RUNES} base:Akali, Silent;Lee Sin, Ascetic", f"{P2_RUNES} hand:Blood Rush", player="P2",
                 turn=4, first=CALM, bf1="Altar to Unity")
    refusal = game.refuses("P2 play Blood Rush -> Akali, Silent $1", rule="v1.4 758")
    assert "unless I'm in combat" in said(refusal)
    game.do("P2 play Blood Rush -> Lee Sin, Ascetic@base $1")


def test_units_weaker_than_alpha_wildclaw_there_cannot_be_chosen_v1_4_758():
    game = table(f"{CALM_RUNES} controls:bf1 bf1:Alpha Wildclaw;Lee Sin, Ascetic", f"{P2_RUNES} hand:Blood Rush",
                 player="P2", turn=4, first=CALM, bf1="Altar to Unity")
    game.refuses("P2 play Blood Rush -> Lee Sin, Ascetic@bf1 $1", rule="v1.4 758")  # 5 Might, less than 7
    game.do("P2 play Blood Rush -> Alpha Wildclaw $1")  # not weaker than itself


def test_determined_sentry_cannot_move_to_base_from_its_text_v1_4_002():
    game = table(f"{P1_RUNES} controls:bf1 bf1:Determined Sentry;Ruin Runner")
    refusal = game.refuses("P1 move Determined Sentry -> base", rule="v1.4 002")
    assert "I can't move to base." in said(refusal)
    game.do("P1 move Ruin Runner -> base")
    table(f"{P1_RUNES} controls:bf1 bf1:Determined Sentry", policy="audit").flags("P1 move Determined Sentry -> base",
                                                                                  "v1.4 002")


def test_minotaur_reckoner_and_vilemaws_lair_keep_units_from_moving_to_base_v1_4_002():
    game = table(f"{P1_RUNES} controls:bf1 bf1:Ruin Runner", f"{P2_RUNES} base:Minotaur Reckoner")
    assert "Units can't move to base." in said(game.refuses("P1 move Ruin Runner -> base", rule="v1.4 002")
                                               )
    lair = table(f"{P1_RUNES} controls:bf2 bf2:Ruin Runner base:Determined Sentry")
    lair.refuses("P1 move Ruin Runner -> base", rule="v1.4 002")  # Vilemaw's Lair is bf2
    lair.do("P1 move Determined Sentry -> bf2")


def test_maduli_is_not_readied_by_the_awaken_step_from_its_text():
    game = table(f"{P1_RUNES} base:Maduli the Gatekeeper*;Ruin Runner*", player="P2", turn=4).do("P2 end turn")
    assert game.obj("P1", "Maduli the Gatekeeper")["exhausted"] is True
    assert game.obj("P1", "Ruin Runner")["exhausted"] is False


def test_decree_of_rage_cannot_be_countered_from_its_text_v1_4_002():
    game = table(f"{CALM_RUNES} base:Akali, Silent;Lee Sin, Ascetic hand:Wind Wall",
                 "runedeck:6 runes:3 Fury Rune;3 Order Rune hand:Decree of Rage", player="P2", turn=4, first=CALM,
                 bf1="Altar to Unity").do("P2 play Decree of Rage -> Lee Sin, Ascetic@base $1 / Fury Rune",
                                          "P2 pass", "P1 play Wind Wall -> Decree of Rage $3 / Calm Rune;Calm Rune",
                                          "P1 pass", "P2 pass")
    refusal = game.refuses("resolve Wind Wall: counter Decree of Rage", rule="v1.4 002")
    assert "This can't be countered." in said(refusal)


def test_galio_deals_no_combat_damage_from_his_text():
    game = table(f"{P1_RUNES} controls:bf1 bf1:Determined Sentry", f"{P2_RUNES} base:Galio, Indefatigable",
                 player="P2", turn=4).do("P2 move Galio, Indefatigable -> bf1", "P2 pass", "P1 pass")
    assert game.state["combat"]["amounts"] == {"P1": 1, "P2": 0}


def test_lee_sin_can_have_any_number_of_buffs_from_his_text():
    game = table(f"{CALM_RUNES} base:Lee Sin, Ascetic^;Akali, Silent^ hand:Stand United", first=CALM,
                 bf1="Altar to Unity").do("P1 play Stand United -> Lee Sin, Ascetic@base $3", "P1 pass", "P2 pass",
                                          "resolve Stand United: buff Lee Sin, Ascetic@base")
    assert game.obj("P1", "Lee Sin, Ascetic")["buff"] == 2


# -- where units are played (v1.4 355.2) ----------------------------------------------------------------------------
def test_sneaky_deckhand_is_played_to_an_open_battlefield_from_its_text_v1_4_355_2():
    game = table(f"{P1_RUNES} hand:Sneaky Deckhand;Determined Sentry")
    game.refuses("P1 play Determined Sentry @bf2 $1", rule="v1.4 355.2")
    game.do("P1 play Sneaky Deckhand @bf2 $3")
    assert game.obj("P1", "Sneaky Deckhand")["location"] == "bf2"


def test_sneaky_deckhand_to_an_occupied_battlefield_is_refused_quoting_its_text_v1_4_355_2():
    position = (f"{P1_RUNES} hand:Sneaky Deckhand", f"{P2_RUNES} controls:bf2 bf2:Minotaur Reckoner")
    refusal = table(*position).refuses("P1 play Sneaky Deckhand @bf2 $3", rule="v1.4 355.2")
    assert "You may play me to an open battlefield." in said(refusal)
    table(*position, policy="audit").flags("P1 play Sneaky Deckhand @bf2 $3", "v1.4 355.2")


def test_dauntless_vanguard_is_played_to_an_occupied_enemy_battlefield_v1_4_355_2():
    game = table("runedeck:7 runes:3 Body Rune;2 Chaos Rune hand:Dauntless Vanguard",
                 f"{P2_RUNES} controls:bf2 bf2:Minotaur Reckoner").do("P1 play Dauntless Vanguard @bf2 $4 / Body Rune")
    assert game.obj("P1", "Dauntless Vanguard")["location"] == "bf2"


def test_rockfall_path_forbids_playing_units_there_quoting_its_text_v1_4_054_1():
    game = table(f"{P1_RUNES} controls:bf1 bf1:Ruin Runner hand:Determined Sentry")
    refusal = game.refuses("P1 play Determined Sentry @bf1 $1", rule="v1.4 054.1")
    assert "Units can't be played here." in said(refusal)
    game.do("P1 play Determined Sentry $1")


def test_mageseeker_warden_keeps_opponents_playing_units_to_their_base_v1_4_054_1():
    game = table(f"{CALM_RUNES} controls:bf1 bf1:Mageseeker Warden",
                 f"{P2_RUNES} controls:bf2 bf2:Galio, Indefatigable hand:Minotaur Reckoner",
                 player="P2", turn=4, first=CALM, bf1="Altar to Unity")
    refusal = game.refuses("P2 play Minotaur Reckoner @bf2 $4", rule="v1.4 054.1")
    assert "opponents can only play units to their base" in said(refusal)


# -- entering exhausted (v1.4 359.2.d, 369.3) -------------------------------------------------------------------
def test_iron_ballista_enters_exhausted_from_its_text_and_its_tap_ability_waits_v1_4_414_4():
    """Gear enters ready (v1.4 359.2.d); Iron Ballista's "This enters exhausted." replaces that (369.3): its
    "[T]: Deal 2 to a unit at a battlefield." cannot be activated the turn it is played."""
    position = (f"{P1_RUNES} controls:bf1 bf1:Ruin Runner", "runedeck:6 runes:3 Fury Rune;3 Order Rune "
                "hand:Iron Ballista")
    game = table(*position, player="P2", turn=4).do("P2 play Iron Ballista $3")
    assert game.obj("P2", "Iron Ballista")["exhausted"] is True
    game.refuses('P2 activate Iron Ballista [1] -> Ruin Runner', rule="v1.4 414.4")
    audit = table(*position, player="P2", turn=4, policy="audit").do("P2 play Iron Ballista $3")
    audit.flags('P2 activate Iron Ballista [1] -> Ruin Runner', "v1.4 414.4")
    declared = GalleryTable(P1, P2, "strict", "v1.4", "declared").do(game.events[1])
    declared.do("P2 play Iron Ballista $3")  # declared: on the recorder's word, as before (ready)
    assert declared.obj("P2", "Iron Ballista")["exhausted"] is False


# -- costs while in combat -------------------------------------------------------------------------------------------
def test_vex_makes_enemy_spells_cost_more_while_she_is_in_combat_v1_4_357_1():
    """Vex, Cheerless: "While I'm in combat, friendly spells cost [1][A] less to a minimum of [1], and enemy spells
    cost [1][A] more.": attacked, she makes P2's Blood Rush [2] and [A]; out of combat it costs [1]."""
    position = (f"{P1_RUNES} controls:bf1 bf1:Vex, Cheerless", "runedeck:6 runes:3 Fury Rune;3 Order Rune "
                "hand:Blood Rush base:Minotaur Reckoner;Galio, Indefatigable")
    game = table(*position, player="P2", turn=4).do("P2 move Minotaur Reckoner -> bf1")
    assert game.obj("P1", "Vex, Cheerless")["defender"]
    game.refuses("P2 play Blood Rush -> Minotaur Reckoner $1", rule="v1.4 357.1")
    game.do("P2 play Blood Rush -> Minotaur Reckoner $2 / Fury Rune")
    table(*position, player="P2", turn=4).do("P2 play Blood Rush -> Galio, Indefatigable $1")


def test_mystic_vortex_makes_reaction_cards_cost_more_during_a_showdown_there_v1_4_357_1():
    """Mystic Vortex: "During showdowns here, cards with [Reaction] cost [A] more to play.": Bonds of Strength
    ([Reaction], [2]) costs [2] and [A] in the showdown P1 stages there by moving to it."""
    position = (f"{P1_RUNES} base:Ruin Runner", "runedeck:6 runes:3 Fury Rune;3 Order Rune "
                "hand:Bonds of Strength base:Minotaur Reckoner;Galio, Indefatigable")
    game = table(*position, bf2="Mystic Vortex").do("P1 move Ruin Runner -> bf2", "P1 pass")
    assert game.state["showdown"]["battlefield"] == "bf2"
    bonds = "P2 play Bonds of Strength -> Minotaur Reckoner; Galio, Indefatigable"
    refusal = game.refuses(f"{bonds} $2", rule="v1.4 357.1")
    assert "'During showdowns here, cards with [Reaction] cost [A] more to play.' +1 Power of any domain" in said(
        refusal)
    game.do(f"{bonds} $2 / Fury Rune")  # [A]: a rune of any domain (not only Order, the card's)


# -- scoring ---------------------------------------------------------------------------------------------------------
def test_forgotten_monument_scores_nothing_before_a_players_third_turn():
    early = table(f"{P1_RUNES} base:Ruin Runner", bf1="Forgotten Monument").do(
        "P1 move Ruin Runner -> bf1", "P1 pass", "P2 pass")
    assert early.state["battlefields"][0]["controller"] == "P1" and early.state["scores"]["P1"] == 0
    later = table(f"{P1_RUNES} base:Ruin Runner", bf1="Forgotten Monument", turn=5).do(
        "P1 move Ruin Runner -> bf1", "P1 pass", "P2 pass")
    assert later.state["scores"]["P1"] == 1  # turn 5 is P1's third turn


def test_tianna_crownguard_keeps_opponents_from_scoring_while_at_a_battlefield():
    game = table(f"{CALM_RUNES} controls:bf1 bf1:Tianna Crownguard", f"{P2_RUNES} base:Minotaur Reckoner",
                 player="P2", turn=4, first=CALM, bf1="Altar to Unity").do(
        "P2 move Minotaur Reckoner -> bf2", "P2 pass", "P1 pass")
    assert game.state["battlefields"][1]["controller"] == "P2" and game.state["scores"]["P2"] == 0


def test_aspirants_climb_raises_the_points_needed_to_win():
    game = table(f"{P1_RUNES} controls:bf1 bf1:Ruin Runner", player="P2", turn=4, points=(7, 0),
                 bf1="Aspirant's Climb").do("P2 end turn", "P1 pass")
    assert game.state["scores"]["P1"] == 8 and game.state["winner"] is None


# -- nothing declared where the text says it ---------------------------------------------------------------------
def test_a_declared_static_rule_for_a_card_whose_text_compiles_is_refused_v1_4_365_1():
    game = table(f"{P1_RUNES} base:Ruin Runner")
    refusal = game.refuses('static Ruin Runner +rule="untargetable"', rule="v1.4 365.1")
    assert RUIN_RUNNER in said(refusal)
