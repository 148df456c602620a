"""Static rules (engine/rulechanges.py): continuous effects that forbid or allow what the rules do not, enforced where
the engine checks the rule they change (card text supersedes rules text, 002; can't beats can, v1.3 054.1), with
real cards of the gallery."""
from __future__ import annotations

import pytest

import engine
from gallery_table import GalleryTable, deck
from replays import notation
from test_rules_statics import deck_count

P1 = deck("Bounty Hunter", ["Ruin Runner", "Determined Sentry", "Dauntless Vanguard", "Maduli the Gatekeeper",
                            "Sneaky Deckhand"], ["Rockfall Path", "Forgotten Monument", "Aspirant's Climb"])
P2 = deck("Hand of Noxus", ["Decree of Rage", "Endless Riches", "Undying Legion", "Minotaur Reckoner",
                            "Galio, Indefatigable", "Blood Rush", "Bonds of Strength", "Karthus, Eternal"],
          ["Vilemaw's Lair", "Trifarian War Camp", "Windswept Hillock"])
CALM = deck("Blind Monk", ["Lee Sin, Ascetic", "Mageseeker Warden", "Tianna Crownguard", "Alpha Wildclaw"],
            ["Altar to Unity", "Grove of the God-Willow", "Zaun Warrens"])
P2_RUNES = "runedeck:8 runes:2 Fury Rune;2 Order Rune"
P1_RUNES = "runedeck:8 runes:2 Body Rune;2 Chaos Rune"


def table(p1: str, p2: str = P2_RUNES, turn: int = 3, player: str = "P1", p1_bf: str = "Rockfall Path",
          p2_bf: str = "Vilemaw's Lair", policy: str = "strict", first: dict | None = None,
          points: tuple[int, int] = (0, 0)) -> GalleryTable:
    """A position at `player`'s action phase: bf1 is P1's battlefield, bf2 P2's."""
    line = (f"position turn {turn} {player} action first P1 | P1 {points[0]} bf:{p1_bf} deck:{deck_count(p1)} {p1} | "
            f"P2 {points[1]} bf:{p2_bf} deck:{deck_count(p2)} {p2}")
    return GalleryTable(first or P1, P2, policy).do(line)


def static_rule(t: GalleryTable, source: str, rule: str, **fields: object) -> dict:
    """The static rule in force that `source` gives (there is one)."""
    found = [static for static in t.state["statics"] if static["source"] == source and static.get("rule") == rule]
    assert len(found) == 1, t.state["statics"]
    return found[0]


# -- restrictions on objects ---------------------------------------------------------------------------------------
def test_an_enemy_spell_cannot_choose_a_unit_that_cannot_be_chosen_002():
    t = table(f"{P1_RUNES} base:Ruin Runner", f"{P2_RUNES} hand:Blood Rush base:Minotaur Reckoner", player="P2",
              turn=4).do('static Ruin Runner +rule="untargetable"')
    t.refuses("P2 play Blood Rush -> Ruin Runner $1", rule="002")
    t.do("P2 play Blood Rush -> Minotaur Reckoner $1")  # its own units are not protected from it


def test_an_ability_of_its_own_controller_may_choose_it_002():
    t = table(f"{P1_RUNES} base:Ruin Runner", f"{P2_RUNES} hand:Blood Rush", player="P2", turn=4,
              policy="audit").do('static Ruin Runner +rule="untargetable"',
                                 "P2 play Blood Rush -> Ruin Runner $1")
    assert [violation["rule"] for violation in t.state["violations"]] == ["002"]
    ruin_runner = t.find("P1", "Ruin Runner")
    assert ruin_runner in t.state["chain"][-1]["targets"]  # audit: recorded as played, flagged


def test_units_here_with_less_might_than_alpha_wildclaw_cannot_be_chosen_by_enemies_002():
    t = table("runedeck:8 runes:2 Calm Rune;2 Body Rune controls:bf1 bf1:Alpha Wildclaw;Lee Sin, Ascetic",
              f"{P2_RUNES} hand:Blood Rush;Bonds of Strength", player="P2", turn=4, first=CALM,
              p1_bf="Altar to Unity").do(
        'static Alpha Wildclaw +rule="untargetable" +affects={"who": "friendly", "where": "here", "weaker": true}')
    t.refuses("P2 play Blood Rush -> Lee Sin, Ascetic@bf1 $1", rule="002")  # 5 Might, less than 7
    t.do("P2 play Blood Rush -> Alpha Wildclaw $1")  # not weaker than itself


def test_a_unit_that_cannot_move_to_base_is_refused_the_move_002():
    t = table(f"{P1_RUNES} controls:bf1 bf1:Determined Sentry;Ruin Runner").do(
        'static Determined Sentry +rule="no_move_to_base"')
    t.refuses("P1 move Determined Sentry -> base", rule="002")
    t.do("P1 move Ruin Runner -> base")
    assert t.obj("P1", "Ruin Runner")["location"] == "base:P1"


def test_minotaur_reckoner_keeps_every_unit_from_moving_to_base_002():
    t = table(f"{P1_RUNES} controls:bf1 bf1:Ruin Runner", f"{P2_RUNES} base:Minotaur Reckoner").do(
        'static Minotaur Reckoner +rule="no_move_to_base" +affects={"who": "all"}')
    t.refuses("P1 move Ruin Runner -> base", rule="002")


def test_vilemaws_lair_keeps_units_there_from_moving_to_base_and_no_other_002():
    t = table(f"{P1_RUNES} controls:bf2 bf2:Ruin Runner base:Determined Sentry", p1_bf="Rockfall Path").do(
        'static bf2 +rule="no_move_to_base" +affects={"who": "all", "where": "here"}')
    t.refuses("P1 move Ruin Runner -> base", rule="002")
    t.do("P1 move Determined Sentry -> bf2")


def test_maduli_cannot_be_readied_by_the_awaken_step_nor_by_an_effect_002():
    t = table(f"{P1_RUNES} base:Maduli the Gatekeeper*;Ruin Runner*", player="P2", turn=4, policy="audit").do(
        'static Maduli the Gatekeeper +rule="no_ready"', "P2 end turn")
    assert t.obj("P1", "Maduli the Gatekeeper")["exhausted"] is True
    assert t.obj("P1", "Ruin Runner")["exhausted"] is False  # 315.1.a readies the rest


def test_a_ready_op_on_a_unit_that_cannot_be_readied_is_flagged_002():
    t = table(f"{P1_RUNES} base:Maduli the Gatekeeper*", f"{P2_RUNES} hand:Blood Rush base:Minotaur Reckoner",
              player="P2", turn=4, policy="audit").do(
        'static Maduli the Gatekeeper +rule="no_ready"', "P2 play Blood Rush -> Minotaur Reckoner $1",
        "P2 pass", "P1 pass", "resolve Blood Rush: ready Maduli the Gatekeeper")
    assert t.obj("P1", "Maduli the Gatekeeper")["exhausted"] is True
    assert [violation["rule"] for violation in t.state["violations"]] == ["002"]


def test_mageseeker_warden_stops_spells_readying_enemies_but_not_the_awaken_step_002():
    t = table("runedeck:8 runes:2 Calm Rune;2 Body Rune controls:bf1 bf1:Mageseeker Warden",
              f"{P2_RUNES} hand:Blood Rush base:Minotaur Reckoner*", player="P2", turn=4, first=CALM,
              p1_bf="Altar to Unity").do(
        'static Mageseeker Warden +rule="no_ready_by_effects" +affects={"who": "enemy", "types": ["Unit", "Gear"]} '
        '+while={"at": "battlefield"}', "P2 play Blood Rush -> Minotaur Reckoner $1", "P2 pass", "P1 pass")
    t.refuses("resolve Blood Rush: ready Minotaur Reckoner", rule="002")


def test_a_spell_that_cannot_be_countered_is_not_countered_002():
    t = table(f"{P1_RUNES} base:Ruin Runner", "runedeck:6 runes:3 Fury Rune;3 Order Rune hand:Decree of Rage;"
              "Bonds of Strength base:Galio, Indefatigable", player="P2", turn=4).do(
        'P2 play Decree of Rage -> Ruin Runner +statics=[{"rule": "no_counter"}] $1 / Fury Rune',
        "P2 play Bonds of Strength -> Galio, Indefatigable $2", "P2 pass", "P1 pass")
    t.refuses("resolve Bonds of Strength: counter Decree of Rage", rule="002")
    t.do("resolve Bonds of Strength: might Galio, Indefatigable +2 until turn")
    assert t.state["chain"][-1]["card"] == "Decree of Rage"


def test_a_unit_that_deals_no_combat_damage_adds_no_might_to_its_side_626_1_b():
    t = table(f"{P1_RUNES} controls:bf1 bf1:Determined Sentry", f"{P2_RUNES} base:Galio, Indefatigable",
              player="P2", turn=4).do('static Galio, Indefatigable +rule="no_combat_damage"',
                                      "P2 move Galio, Indefatigable -> bf1", "P2 pass", "P1 pass")
    fight = t.state["combat"]
    assert fight["step"] == "damage" and fight["amounts"] == {"P1": 1, "P2": 0}
    assert fight["to_assign"] == ["P1"]


def test_lee_sin_can_have_any_number_of_buffs_702_3():
    t = table("runedeck:8 runes:2 Calm Rune;2 Body Rune base:Lee Sin, Ascetic^;Tianna Crownguard^",
              f"{P2_RUNES} hand:Blood Rush base:Minotaur Reckoner", player="P2", turn=4, first=CALM,
              p1_bf="Altar to Unity", policy="audit").do(
        'static Lee Sin, Ascetic@base +rule="any_buffs"', "P2 play Blood Rush -> Minotaur Reckoner $1", "P2 pass",
        "P1 pass", "resolve Blood Rush: buff Lee Sin, Ascetic@base | buff Tianna Crownguard")
    assert t.obj("P1", "Lee Sin, Ascetic")["buff"] == 2 and t.obj("P1", "Lee Sin, Ascetic")["might"] == 7
    assert t.obj("P1", "Tianna Crownguard")["buff"] == 1  # 702.3: one at most without it


# -- where units are played ----------------------------------------------------------------------------------------
def test_sneaky_deckhand_may_be_played_to_an_open_battlefield_002():
    t = table(f"{P1_RUNES} hand:Sneaky Deckhand;Determined Sentry")
    t.refuses("P1 play Determined Sentry @bf2 $1", rule="352.2")
    t.do('P1 play Sneaky Deckhand @bf2 +statics=[{"rule": "play_to_open"}] $3')
    assert t.obj("P1", "Sneaky Deckhand")["location"] == "bf2"


def test_an_occupied_battlefield_is_not_open_v1_3_169_10_c():
    t = table(f"{P1_RUNES} hand:Sneaky Deckhand", f"{P2_RUNES} controls:bf2 bf2:Minotaur Reckoner")
    t.refuses('P1 play Sneaky Deckhand @bf2 +statics=[{"rule": "play_to_open"}] $3', rule="352.2")


def test_dauntless_vanguard_may_be_played_to_an_occupied_enemy_battlefield_002():
    t = table("runedeck:7 runes:3 Body Rune;2 Chaos Rune hand:Dauntless Vanguard",
              f"{P2_RUNES} controls:bf2 bf2:Minotaur Reckoner")
    t.do('P1 play Dauntless Vanguard @bf2 +statics=[{"rule": "play_to_occupied_enemy"}] $4 / Body Rune')
    assert t.obj("P1", "Dauntless Vanguard")["location"] == "bf2"


def test_no_unit_is_played_to_rockfall_path_even_where_a_card_allows_it_v1_3_054_1():
    t = table(f"{P1_RUNES} controls:bf1 bf1:Ruin Runner hand:Determined Sentry").do(
        'static bf1 +rule="no_play_here" +affects={"who": "all", "where": "here"}')
    t.refuses("P1 play Determined Sentry @bf1 $1", rule="v1.3 054.1")
    t.do("P1 play Determined Sentry $1")  # to base


def test_mageseeker_warden_keeps_opponents_playing_units_to_their_base_v1_3_054_1():
    t = table("runedeck:8 runes:2 Calm Rune;2 Body Rune controls:bf1 bf1:Mageseeker Warden",
              f"{P2_RUNES} controls:bf2 bf2:Galio, Indefatigable hand:Minotaur Reckoner;Undying Legion", player="P2",
              turn=4, first=CALM, p1_bf="Altar to Unity").do(
        'static Mageseeker Warden +rule="play_only_to_base" +affects={"who": "enemy"} +while={"at": "battlefield"}')
    t.refuses("P2 play Undying Legion @bf2 $3", rule="v1.3 054.1")
    t.do("P2 play Undying Legion $3")


# -- playing from the trash ----------------------------------------------------------------------------------------
def test_cards_are_played_from_the_trash_only_with_a_static_rule_351():
    t = table(f"{P1_RUNES} base:Ruin Runner", f"{P2_RUNES} trash:Blood Rush base:Minotaur Reckoner", player="P2",
              turn=4)
    t.refuses("P2 play Blood Rush <trash -> Minotaur Reckoner $1", rule="351")


def test_endless_riches_lets_its_controller_play_cards_from_their_trash_002():
    t = table(f"{P1_RUNES} base:Ruin Runner", f"{P2_RUNES} trash:Blood Rush base:Minotaur Reckoner "
              "gear:Endless Riches", player="P2", turn=4).do(
        'static Endless Riches +rule="play_from_trash"', "P2 play Blood Rush <trash -> Minotaur Reckoner $1")
    assert t.state["chain"][-1]["card"] == "Blood Rush"


def test_undying_legion_is_played_from_the_trash_once_legion_holds_v1_3_812_1_c():
    own = '+statics=[{"rule": "play_from_trash", "while": {"legion": true}}] +base_cost={"energy": 3, "power": 1}'
    t = table(f"{P1_RUNES} base:Ruin Runner", "runedeck:5 runes:4 Fury Rune;3 Order Rune trash:Undying Legion "
              "hand:Blood Rush base:Galio, Indefatigable", player="P2", turn=4)
    t.refuses(f"P2 play Undying Legion <trash {own} $3 / Fury Rune", rule="351")
    t.do("P2 play Blood Rush -> Galio, Indefatigable $1", "P2 pass", "P1 pass",
         "resolve Blood Rush: grant Galio, Indefatigable +Assault=2 until turn",
         f"P2 play Undying Legion <trash {own} $3 / Fury Rune")
    assert t.obj("P2", "Undying Legion")["location"] == "base:P2"


# -- scoring and winning -------------------------------------------------------------------------------------------
def test_forgotten_monument_scores_nothing_before_a_players_third_turn_002():
    t = table(f"{P1_RUNES} base:Ruin Runner", p1_bf="Forgotten Monument").do(
        'static bf1 +rule="no_score" +affects={"who": "all", "where": "here"} +value=3',
        "P1 move Ruin Runner -> bf1", "P1 pass", "P2 pass")
    assert t.state["battlefields"][0]["controller"] == "P1" and t.state["scores"]["P1"] == 0
    t = table(f"{P1_RUNES} base:Ruin Runner", p1_bf="Forgotten Monument", turn=5).do(
        'static bf1 +rule="no_score" +affects={"who": "all", "where": "here"} +value=3',
        "P1 move Ruin Runner -> bf1", "P1 pass", "P2 pass")
    assert t.state["scores"]["P1"] == 1  # turn 5 is P1's third turn


def test_tianna_crownguard_keeps_opponents_from_scoring_while_at_a_battlefield_002():
    t = table("runedeck:8 runes:2 Calm Rune;2 Body Rune controls:bf1 bf1:Tianna Crownguard",
              f"{P2_RUNES} base:Minotaur Reckoner", player="P2", turn=4, first=CALM, p1_bf="Altar to Unity",
              policy="audit").do(
        'static Tianna Crownguard +rule="no_score" +affects={"who": "enemy"} +while={"at": "battlefield"}',
        "P2 move Minotaur Reckoner -> bf2", "P2 pass", "P1 pass")
    assert t.state["battlefields"][1]["controller"] == "P2" and t.state["scores"]["P2"] == 0


def test_aspirants_climb_raises_the_points_needed_to_win_002():
    before = table(f"{P1_RUNES} controls:bf1 bf1:Ruin Runner", player="P2", turn=4, points=(7, 0),
                   p1_bf="Aspirant's Climb").do("P2 end turn", "P1 pass")
    assert before.state["winner"] == "P1"  # 8 points by a Hold (644.6)
    t = table(f"{P1_RUNES} controls:bf1 bf1:Ruin Runner", player="P2", turn=4, points=(7, 0),
              p1_bf="Aspirant's Climb").do('static bf1 +rule="victory_score" +value=1', "P2 end turn", "P1 pass")
    assert t.state["scores"]["P1"] == 8 and t.state["winner"] is None


# -- recorded only, and malformed ----------------------------------------------------------------------------------
def test_a_rule_change_the_engine_does_not_check_is_recorded_with_the_cards_words():
    text = "Your [Deathknell] effects trigger an additional time."
    t = table(f"{P1_RUNES} base:Ruin Runner", f"{P2_RUNES} base:Karthus, Eternal").do(
        f'static Karthus, Eternal +rule="other" +text="{text}"')
    static = static_rule(t, t.find("P2", "Karthus, Eternal"), "other")
    assert static["text"] == text and static["controller"] == "P2"


@pytest.mark.parametrize("fields, message", [
    ({"rule": "unblockable"}, "static 'rule' must be one of"),
    ({"rule": "other"}, "says the card's words in 'text'"),
    ({"rule": "victory_score", "value": "1"}, "'value' must be an integer"),
])
def test_a_malformed_static_rule_is_refused_with_what_is_wrong(fields: dict, message: str):
    t = table(f"{P1_RUNES} base:Ruin Runner")
    with pytest.raises(engine.MalformedEvent, match=message):
        t.do({"type": "static", "source": t.find("P1", "Ruin Runner"), **fields})


def test_the_notation_writes_a_static_rule_as_it_reads_it():
    t = table(f"{P1_RUNES} base:Ruin Runner")
    line = 'static Ruin Runner +affects={"who": "self", "in_combat": false} +rule="untargetable"'
    event = notation.parse_event(line, t.state)
    assert event["rule"] == "untargetable" and event["affects"]["in_combat"] is False
    assert notation.parse_event(notation.write_line(t.state, event), t.state) == event
