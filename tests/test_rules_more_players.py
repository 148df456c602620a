"""Modes of more than two players (004 646-648, Core Rules v1.3 482-484): FFA3 (Skirmish), FFA4 (War) and 2v2
(Magma Chamber); invitations (004 531.2), relevant players, a player leaving a game that goes on (651-652)."""
from __future__ import annotations

import pytest

import engine
from engine import infractions
from replays import demo, notation
from table import CATALOG, Table

# FFA3: Ana (deck 1), Ben (deck 2), Cai (deck 3), each with one battlefield (646.5), in seating order.
SETUP_FFA3 = ("game 1: P1 first; P1 Zaun Warrens; P2 Altar to Unity; P3 Treasure Hoard",
              "P1 draw Legion Rearguard; Shakedown; Hard Bargain; Gust",
              "P2 draw Stalwart Poro; Discipline; Clockwork Keeper; Rune Prison",
              "P3 draw Sea Monkey; Doran's Blade; Windsinger; Buhru Captain",
              "P1 keep", "P2 keep", "P3 keep")
# Turns 1-3 of FFA3: the first player draws nothing (646.7), the last channels three runes (646.7).
OPENING_FFA3 = ("P1 channel Fury Rune; Chaos Rune", "P1 play Legion Rearguard $2", "P1 end turn",
                "P2 channel Calm Rune; Mind Rune", "P2 draw Sunlit Guardian", "P2 play Stalwart Poro $2", "P2 end turn",
                "P3 channel Body Rune; Chaos Rune; Body Rune", "P3 draw Punch First", "P3 end turn")
# Turn 4, Ana again: she takes Zaun Warrens in a showdown every player is relevant to (531.1.a).
CONQUER_FFA3 = ("P1 channel Fury Rune; Chaos Rune", "P1 draw Void Seeker", "P1 move Legion Rearguard -> bf1",
                "P1 pass", "P2 pass", "P3 pass", "P1 end turn")

# 2v2: Ana and Ben (Blue) sit next to each other, as do Cai and Dee (Red); Ana goes first and her battlefields are
# not used (648.4.b): Ben's, Cai's and Dee's are (648.5.a).
SETUP_2V2 = ("game 1: P1 first; P2 Altar to Unity; P3 Treasure Hoard; P4 Startipped Peak",
             "P1 draw Legion Rearguard; Shakedown; Hard Bargain; Gust",
             "P3 draw Sea Monkey; Doran's Blade; Windsinger; Buhru Captain",
             "P2 draw Stalwart Poro; Retreat; Clockwork Keeper; Rune Prison",
             "P4 draw Ravenbloom Student; Watchful Sentry; Smite; Hextech Ray",
             "P1 keep", "P3 keep", "P2 keep", "P4 keep")
# Turns 1-4: Ana, Cai, Ben, Dee (648.5.b.1); Dee, last, channels three runes (648.7).
OPENING_2V2 = ("P1 channel Fury Rune; Chaos Rune", "P1 play Legion Rearguard $2", "P1 end turn",
               "P3 channel Body Rune; Chaos Rune", "P3 draw Loyal Pup", "P3 end turn",
               "P2 channel Calm Rune; Mind Rune", "P2 draw Sunlit Guardian", "P2 play Stalwart Poro $2", "P2 end turn",
               "P4 channel Fury Rune; Mind Rune; Fury Rune", "P4 draw Cleave", "P4 play Ravenbloom Student $2",
               "P4 end turn")
# Turn 5, Ana: she takes Altar to Unity (bf1), in a showdown all four are relevant to; the team scores (648.6).
CONQUER_2V2 = ("P1 channel Fury Rune; Chaos Rune", "P1 draw Pouty Poro", "P1 move Legion Rearguard -> bf1",
               "P1 pass", "P3 pass", "P2 pass", "P4 pass")
# Turn 6, Cai; turn 7, Ben's, begins: Ana, his teammate, controls bf1 in his beginning phase (648.8.b).
TO_BENS_TURN = ("P1 play Pouty Poro $2", "P1 end turn", "P3 channel Body Rune; Chaos Rune", "P3 draw Punch First",
                "P3 end turn", "P2 channel Calm Rune; Mind Rune", "P2 draw Discipline")


# Turn 6 of FFA3, Cai's action phase, as a position: Ana holds Zaun Warrens and Ben's Stalwart Poro is there too.
COMBAT_FFA3 = ("turn 6 P3 action first P1 game 1 | P1 1 bf:Zaun Warrens controls:bf1 deck:34 runedeck:8 "
               "hand:Shakedown;Hard Bargain;Gust;Void Seeker runes:Fury Rune;Chaos Rune;Fury Rune;Chaos Rune "
               "bf1:Legion Rearguard* | P2 0 bf:Altar to Unity deck:33 runedeck:8 "
               "hand:Discipline;Clockwork Keeper;Rune Prison;Sunlit Guardian;Discipline "
               "runes:Calm Rune;Mind Rune;Calm Rune;Mind Rune bf1:Stalwart Poro | P3 0 bf:Treasure Hoard deck:33 "
               "runedeck:7 hand:Doran's Blade;Windsinger;Buhru Captain;Punch First;Loyal Pup "
               "runes:Body Rune*;Chaos Rune*;2 Body Rune;Chaos Rune base:Sea Monkey")


def ffa3(policy: str = "strict") -> Table:
    return Table(policy, "ffa3").do(*SETUP_FFA3, *OPENING_FFA3)


def two_v_two(policy: str = "strict", rules: str | None = None) -> Table:
    return Table(policy, "2v2", rules).do(*SETUP_2V2, *OPENING_2V2)


def created(mode: str, change=None) -> dict:
    event = demo.match_created("strict", "test", mode)
    if change:
        change(event)
    return event


# -- players, teams and battlefields per mode -----------------------------------------------------------------------
@pytest.mark.parametrize("mode, players, rule", [("ffa3", 4, "646.1"), ("ffa4", 3, "647.1"), ("2v2", 2, "648.1"),
                                                 ("duel", 3, "644.1")])
def test_a_match_of_the_wrong_number_of_players_for_its_mode_is_refused_642_1(mode, players, rule):
    event = created(mode)
    event["players"] = (demo.match_created("strict", "test", "ffa4")["players"] * 2)[:players]
    for entry in event["players"]:
        entry.pop("team", None)
    with pytest.raises(engine.MalformedEvent, match=rf"has \d players \(rule {rule}\), got {players}"):
        engine.apply(None, event, CATALOG)


@pytest.mark.parametrize("teams, message", [
    (None, r"P1 needs a 'team'"),
    (["Blue", "Blue", "Blue", "Red"], "two teams of two players"),
    (["Blue", "Red", "Green", "Red"], "two teams of two players"),
    (["P2", "P2", "Red", "Red"], "named like a player"),
])
def test_a_2v2_match_has_two_teams_of_two_648_2(teams, message):
    def change(event):
        for entry, team in zip(event["players"], teams or [None] * 4):
            entry.pop("team")
            if team:
                entry["team"] = team
    with pytest.raises(engine.MalformedEvent, match=message):
        engine.apply(None, created("2v2", change), CATALOG)


def test_free_for_all_players_have_no_team_646_2():
    def change(event):
        event["players"][0]["team"] = "Blue"
    with pytest.raises(engine.MalformedEvent, match=r"no teams \(rule 646.2\)"):
        engine.apply(None, created("ffa3", change), CATALOG)


def test_teammates_bring_different_legends_and_battlefields_v1_3_484_8_g_h():
    def change(event):
        event["players"][1]["battlefields"] = event["players"][0]["battlefields"]
        event["players"][1]["legend"] = event["players"][0]["legend"]
    with pytest.raises(engine.IllegalEvent) as refusal:
        engine.apply(None, created("2v2", change), CATALOG)
    assert {"v1.3 484.8.g", "v1.3 484.8.h"} <= {violation["rule"] for violation in refusal.value.violations}


@pytest.mark.parametrize("mode, count, rule", [("ffa3", 1, "646.4.a"), ("ffa4", 2, "647.4.a"), ("ffa4", 4, "647.4.a"),
                                               ("2v2", 1, "v1.3 484.4.a")])
def test_each_player_brings_three_battlefields_in_every_mode_646_4_a(mode, count, rule):
    # 2v2: 004 648.4.a says one battlefield, but 648.5.a has each player select one of their three, as v1.3 484.4.a
    # says (docs/engine.md): one battlefield brought is refused citing v1.3.
    def change(event):
        battlefields = event["players"][2]["battlefields"] + ["Startipped Peak"]
        event["players"][2]["battlefields"] = battlefields[:count]
    with pytest.raises(engine.IllegalEvent) as refusal:
        engine.apply(None, created(mode, change), CATALOG)
    assert [violation["rule"] for violation in refusal.value.violations] == [rule]
    assert f"P3 brought {count} battlefields; a {mode} needs 3" in refusal.value.violations[0]["message"]
    audit = engine.apply(None, created(mode, change) | {"policy": "audit"}, CATALOG)  # flagged, as deck construction
    assert [violation["rule"] for violation in audit["violations"]] == [rule]


def test_skirmish_uses_one_battlefield_of_each_of_the_three_players_646_5():
    table = Table("strict", "ffa3").do(SETUP_FFA3[0])
    assert [(bf["id"], bf["owner"], bf["name"]) for bf in table.state["battlefields"]] == [
        ("bf1", "P1", "Zaun Warrens"), ("bf2", "P2", "Altar to Unity"), ("bf3", "P3", "Treasure Hoard")]
    with pytest.raises(engine.MalformedEvent, match=r"needs a battlefield name for P3 \(a ffa3 game has 3"):
        Table("strict", "ffa3").do({"type": "game_started", "game": 1, "first_player": "P1",
                                    "battlefields": {"P1": "Zaun Warrens", "P2": "Altar to Unity"}})


@pytest.mark.parametrize("mode, rule", [("ffa4", "647.4.b"), ("2v2", "648.4.b")])
def test_the_first_players_battlefields_are_not_used_in_war_and_magma_chamber(mode, rule):
    table = Table("strict", mode)
    table.refuses("game 1: P1 first; P1 Zaun Warrens; P2 Altar to Unity; P3 Treasure Hoard; P4 Startipped Peak",
                  rule=rule)
    table.do("game 1: P2 first; P1 Zaun Warrens; P3 Treasure Hoard; P4 Startipped Peak")
    assert [bf["owner"] for bf in table.state["battlefields"]] == ["P1", "P3", "P4"]


def test_war_turns_go_around_the_table_from_the_first_player_115_1_b():
    table = Table("strict", "ffa4").do("game 1: P3 first; P1 Zaun Warrens; P2 Altar to Unity; P4 Startipped Peak")
    assert table.state["turn_order"] == ["P3", "P4", "P1", "P2"]


def test_magma_chamber_turns_alternate_teams_648_5_b():
    # Allies sit next to each other (P1 and P2, P3 and P4): turn order is passed across the table (648.5.b.3).
    table = Table("strict", "2v2").do(SETUP_2V2[0])
    assert table.state["turn_order"] == ["P1", "P3", "P2", "P4"]
    assert Table("strict", "2v2").do("game 1: P4 first; P1 Zaun Warrens; P2 Altar to Unity; P3 Treasure Hoard"
                                     ).state["turn_order"] == ["P4", "P1", "P3", "P2"]


def test_magma_chamber_turns_go_clockwise_when_allies_sit_across_648_5_b_2():
    # Ana and Cai (Blue) sit across from each other, as do Ben and Dee (Red): turns go around the table. Dee brings
    # Trifarian War Camp for Grove of the God-Willow, which Ben brings (teammates' differ, v1.3 484.8.h).
    def across(event):
        for entry, team in zip(event["players"], ["Blue", "Red", "Blue", "Red"]):
            entry["team"] = team
        event["players"][3]["battlefields"][0] = "Trifarian War Camp"
    table = Table("strict", "2v2")
    table.state = engine.apply(None, created("2v2", across), CATALOG)
    assert table.state["violations"] == []
    table.do("game 1: P2 first; P1 Zaun Warrens; P3 Treasure Hoard; P4 Startipped Peak")
    assert table.state["turn_order"] == ["P2", "P3", "P4", "P1"]


def test_mulligans_go_in_turn_order_around_the_table_117():
    table = Table("strict", "2v2").do(*SETUP_2V2[:5])
    table.refuses("P2 keep", rule="117")
    table.do("P1 keep", "P3 keep", "P2 keep")
    assert table.state["awaiting"] == [{"player": "P4", "kind": "mulligan"}]


# -- the first turn process and the victory score -------------------------------------------------------------------
def test_the_first_player_draws_nothing_in_their_first_draw_phase_646_7():
    table = Table("strict", "ffa3").do(*SETUP_FFA3, "P1 channel Fury Rune; Chaos Rune")
    assert table.state["phase"] == "action" and table.state["players"]["P1"]["hand_count"] == 4
    assert table.state["awaiting"] == [{"player": "P1", "kind": "action"}]


def test_the_last_player_channels_an_extra_rune_in_their_first_channel_phase_646_7():
    table = Table("strict", "ffa3").do(*SETUP_FFA3, *OPENING_FFA3[:3])
    table.refuses("P2 channel Calm Rune; Mind Rune; Calm Rune", rule="315.3.b")  # the second player: two
    table.do(*OPENING_FFA3[3:7])
    assert table.state["awaiting"] == [{"player": "P3", "kind": "channel", "count": 3, "rule": "646.7"}]
    table.refuses("P3 channel Body Rune; Chaos Rune", rule="646.7")
    table.do(OPENING_FFA3[7])
    assert len(table.state["players"]["P3"]["runes"]) == 3


def test_magma_chamber_is_won_by_the_first_team_to_eleven_648_3():
    assert Table("strict", "2v2").state["victory_score"] == 11
    assert Table("strict", "ffa4").state["victory_score"] == Table("strict", "ffa3").state["victory_score"] == 8


# -- the Final Point in free-for-all (004 632.1.b; 646 and 647 add no unique rule to it) ---------------------------
# Turn 6 of FFA3, Cai's action phase: Ana (7 points) has three ready units in base and Ben's Stalwart Poro holds
# Altar to Unity (bf2). Cai ends the turn, and Ana's turn 7 begins with Ben occupying bf2.
FFA3_ANA_AT_SEVEN = ("turn 6 P3 action first P1 game 1 | P1 7 bf:Zaun Warrens deck:32 runedeck:8 "
                     "hand:Shakedown;Hard Bargain;Gust;Void Seeker runes:Fury Rune;Chaos Rune;Fury Rune;Chaos Rune "
                     "base:Legion Rearguard;Pouty Poro;Flame Chompers | P2 0 bf:Altar to Unity controls:bf2 deck:33 "
                     "runedeck:8 hand:Discipline;Clockwork Keeper;Rune Prison;Sunlit Guardian;Discipline "
                     "runes:Calm Rune;Mind Rune;Calm Rune;Mind Rune bf2:Stalwart Poro | P3 0 bf:Treasure Hoard "
                     "deck:33 runedeck:7 hand:Doran's Blade;Windsinger;Buhru Captain;Punch First;Loyal Pup "
                     "runes:Body Rune;Chaos Rune;2 Body Rune;Chaos Rune base:Sea Monkey")
# The same turn, but Ana (6 points) holds Altar to Unity (bf2) with Pouty Poro; Ben's Poro is in his base.
FFA3_ANA_HOLDS_BF2 = ("turn 6 P3 action first P1 game 1 | P1 6 bf:Zaun Warrens controls:bf2 deck:32 runedeck:8 "
                      "hand:Shakedown;Hard Bargain;Gust;Void Seeker runes:Fury Rune;Chaos Rune;Fury Rune;Chaos Rune "
                      "base:Legion Rearguard;Flame Chompers bf2:Pouty Poro | P2 0 bf:Altar to Unity deck:33 "
                      "runedeck:8 hand:Discipline;Clockwork Keeper;Rune Prison;Sunlit Guardian;Discipline "
                      "runes:Calm Rune;Mind Rune;Calm Rune;Mind Rune base:Stalwart Poro | P3 0 bf:Treasure Hoard "
                      "deck:33 runedeck:7 hand:Doran's Blade;Windsinger;Buhru Captain;Punch First;Loyal Pup "
                      "runes:Body Rune;Chaos Rune;2 Body Rune;Chaos Rune base:Sea Monkey")
# Turn 8 of FFA4, Dee's action phase. Ana went first: her battlefields are not used (647.4.b), so the three in play
# are Ben's Altar to Unity (bf1), Cai's Treasure Hoard (bf2) and Dee's Startipped Peak (bf3). Ana (6 points) holds
# bf1 with Pouty Poro and has two ready units in base.
FFA4_ANA_HOLDS_BF1 = ("turn 8 P4 action first P1 game 1 | P1 6 controls:bf1 deck:33 runedeck:8 "
                      "hand:Flame Chompers;Shipyard Skulker;Noxus Hopeful "
                      "runes:Chaos Rune;Fury Rune;Chaos Rune;Fury Rune base:Noxus Hopeful;Legion Rearguard "
                      "bf1:Pouty Poro | P2 0 bf:Altar to Unity deck:35 runedeck:8 "
                      "hand:Wizened Elder;Sunlit Guardian;Wizened Elder;Clockwork Keeper "
                      "runes:Calm Rune;Mind Rune;Calm Rune;Mind Rune | P3 0 bf:Treasure Hoard deck:35 runedeck:8 "
                      "hand:Harpoon Squad;Loyal Pup;Harpoon Squad;Sea Monkey runes:Body Rune;Chaos Rune;Body Rune;"
                      "Chaos Rune | P4 0 bf:Startipped Peak deck:35 runedeck:7 "
                      "hand:Kai'Sa, Survivor;Lecturing Yordle;Noxus Hopeful;Lecturing Yordle "
                      "runes:Fury Rune;Mind Rune;Fury Rune;Mind Rune;Fury Rune")
# Turn 9 of FFA4, Ben's action phase: Ben (7 points) has Stalwart Poro ready in base; nobody controls a battlefield.
FFA4_BEN_AT_SEVEN = ("turn 9 P2 action first P1 game 1 | P1 0 deck:33 runedeck:8 "
                     "hand:Flame Chompers;Shipyard Skulker;Noxus Hopeful "
                     "runes:Chaos Rune;Fury Rune;Chaos Rune;Fury Rune base:Noxus Hopeful;Legion Rearguard;Pouty Poro "
                     "| P2 7 bf:Altar to Unity deck:34 runedeck:8 "
                     "hand:Wizened Elder;Sunlit Guardian;Wizened Elder;Clockwork Keeper "
                     "runes:Calm Rune;Mind Rune;Calm Rune;Mind Rune base:Stalwart Poro | P3 0 bf:Treasure Hoard "
                     "deck:35 runedeck:8 hand:Harpoon Squad;Loyal Pup;Harpoon Squad;Sea Monkey "
                     "runes:Body Rune;Chaos Rune;Body Rune;Chaos Rune | P4 0 bf:Startipped Peak deck:35 runedeck:7 "
                     "hand:Kai'Sa, Survivor;Lecturing Yordle;Noxus Hopeful;Lecturing Yordle "
                     "runes:Fury Rune;Mind Rune;Fury Rune;Mind Rune;Fury Rune")
EVERYONE_PASSES_FFA3 = ("P1 pass", "P2 pass", "P3 pass")  # a showdown at an empty battlefield: all relevant (531.1.a)
EVERYONE_PASSES_FFA4 = ("P1 pass", "P2 pass", "P3 pass", "P4 pass")


def test_a_skirmish_conquer_at_seven_without_all_three_battlefields_scored_draws_a_card_instead_632_1_b_2():
    # Ana conquers Zaun Warrens (bf1), then Treasure Hoard (bf3): two of the three battlefields. Each Conquer tries
    # for the Final Point and draws a card instead; Ben's Altar to Unity is not excepted because he occupied it in
    # her beginning phase: only teammates are (648.8.g.1), and FFA3 has none (646.2).
    table = Table.from_position(FFA3_ANA_AT_SEVEN, "strict", "ffa3").do(
        "P3 end turn", "P1 channel Fury Rune; Chaos Rune", "P1 draw Noxus Hopeful")
    assert table.state["ally_occupied"] == [] and table.state["battlefields"][1]["controller"] == "P2"
    table.do("P1 move Legion Rearguard -> bf1", *EVERYONE_PASSES_FFA3)
    assert table.state["battlefields"][0]["controller"] == "P1"
    assert table.state["scores"] == {"P1": 7, "P2": 0, "P3": 0} and table.state["winner"] is None
    assert table.state["awaiting"] == [{"player": "P1", "kind": "draw", "rule": "632.1.b.2", "count": 1}]
    table.refuses("P1 draw Void Seeker; Gust", rule="632.1.b.2")  # one card, not more
    table.do("P1 draw Void Seeker", "P1 move Pouty Poro -> bf3", *EVERYONE_PASSES_FFA3)
    assert table.state["scored_this_turn"]["P1"] == ["bf1", "bf3"]
    assert table.state["scores"] == {"P1": 7, "P2": 0, "P3": 0} and table.state["winner"] is None
    assert table.state["awaiting"] == [{"player": "P1", "kind": "draw", "rule": "632.1.b.2", "count": 1}]
    hand = len(table.state["players"]["P1"]["hand"])
    table.do("P1 draw Gust")
    assert len(table.state["players"]["P1"]["hand"]) == hand + 1
    assert table.state["awaiting"] == [{"player": "P1", "kind": "action"}]


def test_a_skirmish_conquer_scores_the_final_point_once_every_battlefield_is_scored_by_either_method_632_1_b_2():
    # Ana holds Altar to Unity (bf2) in her beginning phase (6 -> 7), conquers Zaun Warrens (bf1: a card instead of
    # the Final Point, Treasure Hoard is not scored yet), then conquers Treasure Hoard (bf3): every battlefield is
    # scored this turn, one by Hold and two by Conquer, and the Final Point wins the game (633, 646.6).
    table = Table.from_position(FFA3_ANA_HOLDS_BF2, "strict", "ffa3").do("P3 end turn", "P1 pass")
    assert table.state["scores"]["P1"] == 7 and table.state["scored_this_turn"]["P1"] == ["bf2"]
    table.do("P1 channel Fury Rune; Chaos Rune", "P1 draw Noxus Hopeful",
             "P1 move Legion Rearguard -> bf1", *EVERYONE_PASSES_FFA3)
    assert table.state["scores"]["P1"] == 7 and table.state["winner"] is None
    assert table.state["awaiting"] == [{"player": "P1", "kind": "draw", "rule": "632.1.b.2", "count": 1}]
    table.do("P1 draw Void Seeker", "P1 move Flame Chompers -> bf3", *EVERYONE_PASSES_FFA3)
    assert table.state["scored_this_turn"]["P1"] == ["bf2", "bf1", "bf3"]
    assert table.state["scores"] == {"P1": 8, "P2": 0, "P3": 0}
    assert (table.state["winner"], table.state["match_winner"], table.state["phase"]) == ("P1", "P1", "over")


def test_the_token_battlefield_of_a_player_who_left_is_one_to_score_for_the_final_point_652_2_a_632_1_b_2():
    # Ben concedes during Ana's turn 7: Altar to Unity (bf2) becomes a token battlefield with no abilities (652.2.a),
    # still a battlefield in play. Ana at 7 conquers bf1 and bf3 (a card each time), and only the Conquer of the
    # token battlefield, the last one not scored, brings the Final Point.
    table = Table.from_position(FFA3_ANA_AT_SEVEN, "strict", "ffa3").do(
        "P3 end turn", "P1 channel Fury Rune; Chaos Rune", "P1 draw Noxus Hopeful", "P2 concede")
    assert table.state["battlefields"][1]["name"] == "Token Battlefield"
    assert table.state["battlefields"][1]["controller"] is None  # Ben's Poro was banished (652.1)
    table.do("P1 move Legion Rearguard -> bf1", "P1 pass", "P3 pass", "P1 draw Void Seeker",
             "P1 move Pouty Poro -> bf3", "P1 pass", "P3 pass")
    assert table.state["scores"]["P1"] == 7 and table.state["winner"] is None
    assert table.state["awaiting"] == [{"player": "P1", "kind": "draw", "rule": "632.1.b.2", "count": 1}]
    table.do("P1 draw Gust", "P1 move Flame Chompers -> bf2", "P1 pass", "P3 pass")
    assert table.state["scored_this_turn"]["P1"] == ["bf1", "bf3", "bf2"]
    assert table.state["scores"]["P1"] == 8 and table.state["winner"] == "P1"


def test_a_war_conquer_scores_the_final_point_once_the_three_battlefields_in_play_are_scored_632_1_b_2():
    # Ana went first: none of her battlefields is in play (647.4.b), so "every battlefield" is the three of Ben, Cai
    # and Dee. She holds bf1 (6 -> 7), conquers bf2 (a card instead: bf3 is not scored), then bf3: the Final Point.
    table = Table.from_position(FFA4_ANA_HOLDS_BF1, "strict", "ffa4")
    assert [entry["owner"] for entry in table.state["battlefields"]] == ["P2", "P3", "P4"]
    table.do("P4 end turn", "P1 pass")
    assert table.state["scores"]["P1"] == 7
    table.do("P1 channel Fury Rune; Chaos Rune", "P1 draw Void Seeker",
             "P1 move Legion Rearguard -> bf2", *EVERYONE_PASSES_FFA4)
    assert table.state["scores"]["P1"] == 7 and table.state["winner"] is None
    assert table.state["awaiting"] == [{"player": "P1", "kind": "draw", "rule": "632.1.b.2", "count": 1}]
    table.do("P1 draw Gust", "P1 move Noxus Hopeful -> bf3", *EVERYONE_PASSES_FFA4)
    assert table.state["scored_this_turn"]["P1"] == ["bf1", "bf2", "bf3"]
    assert table.state["scores"] == {"P1": 8, "P2": 0, "P3": 0, "P4": 0}
    assert (table.state["winner"], table.state["match_winner"], table.state["phase"]) == ("P1", "P1", "over")


def test_a_war_conquer_at_seven_of_one_battlefield_draws_a_card_not_the_final_point_632_1_b_2():
    # Ben at 7 conquers his own Altar to Unity (bf1); Treasure Hoard and Startipped Peak are not scored this turn.
    table = Table.from_position(FFA4_BEN_AT_SEVEN, "strict", "ffa4").do(
        "P2 move Stalwart Poro -> bf1", "P2 pass", "P3 pass", "P4 pass", "P1 pass")
    assert table.state["battlefields"][0]["controller"] == "P2"
    assert table.state["scores"] == {"P1": 0, "P2": 7, "P3": 0, "P4": 0} and table.state["winner"] is None
    assert table.state["awaiting"] == [{"player": "P2", "kind": "draw", "rule": "632.1.b.2", "count": 1}]
    table.refuses("P2 end turn", rule="632.1.b.2")  # the card is owed before the turn ends
    table.do("P2 draw Stalwart Poro", "P2 end turn")
    assert table.state["scores"]["P2"] == 7 and table.state["turn_player"] == "P3"


def test_a_war_turn_ended_without_the_final_points_card_is_flagged_and_scores_nothing_632_1_b_2():
    table = Table.from_position(FFA4_BEN_AT_SEVEN, "audit", "ffa4").do(
        "P2 move Stalwart Poro -> bf1", "P2 pass", "P3 pass", "P4 pass", "P1 pass")
    table.flags("P2 end turn", rule="632.1.b.2")
    assert table.state["scores"] == {"P1": 0, "P2": 7, "P3": 0, "P4": 0} and table.state["winner"] is None
    assert table.state["turn_player"] == "P3" and table.state["owed_draws"] == {}


@pytest.mark.parametrize("mode, position", [("ffa3", FFA3_ANA_HOLDS_BF2), ("ffa4", FFA4_ANA_HOLDS_BF1)])
def test_a_hold_at_seven_scores_the_final_point_in_free_for_all_without_the_other_battlefields_632_1_b_1(
        mode, position):
    # Ana at 7 holds one battlefield in her beginning phase and has scored no other: a Hold always scores it.
    ender = "P3" if mode == "ffa3" else "P4"
    table = Table.from_position(position.replace("P1 6 ", "P1 7 "), "strict", mode).do(f"{ender} end turn", "P1 pass")
    assert len(table.state["scored_this_turn"]["P1"]) == 1 < len(table.state["battlefields"]) == 3
    assert table.state["scores"]["P1"] == 8
    assert (table.state["winner"], table.state["phase"]) == ("P1", "over")


# -- showdowns, Focus, control and combat among three ---------------------------------------------------------------
def test_focus_passes_to_every_player_in_turn_order_in_a_showdown_without_combat_344_4():
    table = ffa3().do(*CONQUER_FFA3[:3])
    assert table.state["relevant_players"] == ["P1", "P2", "P3"]  # 531.1.a: no combat, every player
    table.do("P1 pass")
    assert table.state["awaiting"] == [{"player": "P2", "kind": "focus"}]
    table.do("P2 pass")
    assert table.state["awaiting"] == [{"player": "P3", "kind": "focus"}]
    table.do("P3 pass")  # all passed in sequence: Ana conquers (345.2.a)
    assert table.state["showdown"] is None and table.state["battlefields"][0]["controller"] == "P1"
    assert table.state["scores"] == {"P1": 1, "P2": 0, "P3": 0}


def test_only_the_attacker_and_defender_are_relevant_in_a_combat_531_1():
    table = ffa3().do(*CONQUER_FFA3, "P2 channel Calm Rune; Mind Rune", "P2 draw Discipline",
                      "P2 move Stalwart Poro -> bf1")
    assert table.state["combat"]["attacker"] == "P2" and table.state["combat"]["defender"] == "P1"
    assert table.state["battlefields"][0]["contested_by"] == "P2"  # 181.3.a
    assert table.state["relevant_players"] == ["P1", "P2"]
    table.do("P2 pass")
    assert table.state["awaiting"] == [{"player": "P1", "kind": "focus"}]  # Cai is skipped
    table.refuses("P3 play Punch First -> Stalwart Poro $1 / Body Rune; Body Rune", rule="313.1")


def test_no_unit_moves_to_a_battlefield_with_units_of_two_other_players_140_4_a_1():
    # Turn 6, Cai's: Ana's Rearguard holds Zaun Warrens and Ben's Poro has just arrived there: their combat begins.
    table = Table.from_position(COMBAT_FFA3, "strict", "ffa3")
    assert table.state["combat"] == {"battlefield": "bf1", "attacker": "P2", "defender": "P1", "step": "showdown",
                                     "amounts": {}, "to_assign": []}
    table.refuses("P3 move Sea Monkey -> bf1", rule="140.4.a.1")
    table.do("P2 play Discipline -> Stalwart Poro $2", "P2 pass", "P1 pass")  # Cai is not relevant (531.1)
    table.refuses("resolve Discipline: move Sea Monkey -> bf1", rule="612.2")


def test_an_invited_player_becomes_relevant_to_the_combat_531_2_a_3():
    table = ffa3().do(*CONQUER_FFA3, "P2 channel Calm Rune; Mind Rune", "P2 draw Discipline",
                      "P2 move Stalwart Poro -> bf1", "P2 invite P3")
    assert table.state["awaiting"] == [{"player": "P3", "kind": "invited", "by": "P2"}]
    table.do("P3 play Punch First -> Stalwart Poro $1 / Body Rune; Body Rune")
    assert table.state["relevant_players"] == ["P1", "P2", "P3"]
    assert table.state["active_player"] == "P3"  # 531.2.a.4
    table.do("P3 pass", "P1 pass", "P2 pass", "resolve Punch First: might Stalwart Poro 5 until turn")
    # Focus passes on from Ben to the next relevant player, now Cai (343), and Cai stays relevant (531.2.a.3).
    assert table.state["awaiting"] == [{"player": "P3", "kind": "focus"}]
    table.do("P3 pass", "P1 pass", "P2 pass")
    assert table.state["combat"]["step"] == "damage"


def test_an_invitation_refused_gives_priority_back_531_2_a_1():
    table = ffa3().do(*CONQUER_FFA3, "P2 channel Calm Rune; Mind Rune", "P2 draw Discipline",
                      "P2 move Stalwart Poro -> bf1", "P2 invite P3", "P3 pass")
    assert table.state["awaiting"] == [{"player": "P2", "kind": "focus"}]
    assert table.state["relevant_players"] == ["P1", "P2"]


def test_only_the_active_player_invites_a_player_not_yet_relevant_531_2_a():
    table = ffa3().do(*CONQUER_FFA3, "P2 channel Calm Rune; Mind Rune", "P2 draw Discipline",
                      "P2 move Stalwart Poro -> bf1")
    table.refuses("P1 invite P3", rule="531.2.a")  # Ben has Focus, not Ana
    table.refuses("P2 invite P1", rule="531.2.a")  # Ana is relevant already
    table.refuses("P2 invite P2", rule="531.2.a")


def test_a_free_for_all_turn_player_invites_nobody_to_act_on_their_turn_v1_3_316_2_b_1():
    table = ffa3().do("P1 channel Fury Rune; Chaos Rune", "P1 draw Void Seeker")
    table.refuses("P1 invite P2", rule="v1.3 316.2.b.1")
    table.refuses("P2 play Discipline -> Legion Rearguard", rule="310.1.a")


# -- teams: scores, battlefields, moves and acting on a teammate's turn ------------------------------------------
def test_a_team_shares_its_score_648_6():
    table = two_v_two().do(*CONQUER_2V2)
    assert table.state["battlefields"][0]["controller"] == "P1"
    assert table.state["scores"] == {"P1": 1, "P2": 1, "P3": 0, "P4": 0}


def test_teammates_are_relevant_in_each_others_combats_648_8_e():
    table = two_v_two().do(*CONQUER_2V2, *TO_BENS_TURN, "P2 end turn", "P4 channel Fury Rune; Mind Rune",
                           "P4 draw Smite", "P4 move Ravenbloom Student -> bf1")
    assert (table.state["combat"]["attacker"], table.state["combat"]["defender"]) == ("P4", "P1")
    assert table.state["relevant_players"] == ["P1", "P3", "P2", "P4"]


def test_a_battlefield_a_teammate_controls_is_no_destination_v1_3_442_2_b():
    table = two_v_two().do(*CONQUER_2V2, *TO_BENS_TURN)
    table.refuses("P2 move Stalwart Poro -> bf1", rule="v1.3 442.2.b")


def test_players_may_not_move_their_teammates_units_648_8_c_2():
    table = two_v_two().do(*CONQUER_2V2, *TO_BENS_TURN)
    table.refuses(f"P2 move {table.find('P1', 'Legion Rearguard')} -> bf2", rule="648.8.c.2")


def test_a_conquer_of_a_battlefield_a_teammate_held_in_the_beginning_phase_scores_nothing_648_8_b():
    # Ben induces Ana to retreat from Altar to Unity, then takes it himself: no point for the team (630.1.a).
    table = two_v_two().do(*CONQUER_2V2, *TO_BENS_TURN)
    assert table.state["disqualified"] == ["bf1"]
    table.do("P2 play Retreat -> Legion Rearguard $1", "P2 pass", "P4 pass", "P1 pass", "P3 pass",
             "resolve Retreat: return Legion Rearguard -> hand", "P2 move Stalwart Poro -> bf1",
             "P2 pass", "P4 pass", "P1 pass", "P3 pass")
    assert table.state["battlefields"][0]["controller"] == "P2"
    assert table.state["scores"] == {"P1": 1, "P2": 1, "P3": 0, "P4": 0}
    assert table.state["scored_this_turn"].get("P2", []) == []


def test_a_teammate_acts_on_the_turn_players_turn_when_invited_v1_3_316_2_b_1():
    table = two_v_two().do(*CONQUER_2V2, *TO_BENS_TURN)
    table.refuses("P1 play Gust -> Stalwart Poro $1", rule="v1.3 316.2.b.1")  # not invited
    table.refuses("P2 invite P3", rule="v1.3 316.2.b.1")  # only a teammate is invited on one's turn
    table.do("P2 invite P1")
    assert table.state["awaiting"] == [{"player": "P1", "kind": "invited", "by": "P2"}]
    table.refuses("P2 play Discipline -> Stalwart Poro $2", rule="312.1.a")  # Ana was given priority
    table.do("P1 play Gust -> Stalwart Poro $1")
    assert table.state["chain"][-1]["controller"] == "P1" and table.state["priority"] == "P1"


@pytest.mark.parametrize("rules, invitation", [("2025", False), ("v1.3", True), ("v1.4", True)])
def test_a_teammate_plays_on_the_turn_players_turn_uninvited_under_2025_invited_under_v1_3_and_v1_4(rules, invitation):
    """2025: "Players may play spells during their Teammate's Turn" (004 648.8.a, 516.2.b.1); v1.3 316.2.b.1 and
    v1.4 489.8.a: "In order to do so, their Teammate will invite them ... using their own Priority"."""
    table = two_v_two(rules=rules).do(*CONQUER_2V2, *TO_BENS_TURN)
    assert table.state["rules"] == rules
    uninvited = "P1 play Gust -> Stalwart Poro $1"
    if invitation:
        with pytest.raises(engine.IllegalEvent, match="without an invitation"):
            engine.apply(table.state, table.parse(uninvited), table.catalog)
        table.do("P2 invite P1")
    table.do(uninvited)
    assert table.state["chain"][-1]["controller"] == "P1" and table.state["chain"][-1]["card"] == "Gust"


def test_a_teammate_plays_no_unit_on_the_turn_players_turn_uninvited_under_2025_648_8_a():
    table = two_v_two(rules="2025").do(*CONQUER_2V2, *TO_BENS_TURN, "P2 play Retreat -> Legion Rearguard $1",
                                       "P2 pass", "P4 pass", "P1 pass", "P3 pass",
                                       "resolve Retreat: return Legion Rearguard -> hand")
    table.refuses("P1 play Legion Rearguard $2", rule="648.8.a")


def test_a_teammate_plays_spells_not_units_on_the_turn_players_turn_648_8_a():
    table = two_v_two().do(*CONQUER_2V2, *TO_BENS_TURN, "P2 play Retreat -> Legion Rearguard $1", "P2 pass",
                           "P4 pass", "P1 pass", "P3 pass", "resolve Retreat: return Legion Rearguard -> hand",
                           "P2 invite P1")
    table.refuses("P1 play Legion Rearguard $2", rule="648.8.a")


def test_the_final_point_excepts_battlefields_the_ally_occupied_648_8_g_1():
    # Turn 9, Ana's: Blue has 9 points, Ben holds Altar to Unity (bf1). Ana conquers bf2, then bf3: she scored every
    # battlefield but the one her ally occupied in the beginning phase, so the Final Point is hers.
    table = two_v_two().do(*CONQUER_2V2, *TO_BENS_TURN, "P2 play Retreat -> Legion Rearguard $1", "P2 pass",
                           "P4 pass", "P1 pass", "P3 pass", "resolve Retreat: return Legion Rearguard -> hand",
                           "P2 move Stalwart Poro -> bf1", "P2 pass", "P4 pass", "P1 pass", "P3 pass",
                           "P2 end turn", "P4 channel Fury Rune; Mind Rune", "P4 draw Smite", "P4 end turn",
                           "P1 channel Fury Rune; Chaos Rune", "P1 draw Noxus Hopeful",
                           "P1 play Legion Rearguard +accelerate $3 / Fury Rune")
    position = notation.position_of(table.state)
    for player in ("P1", "P2"):
        position["players"][player]["points"] = 9
    table = Table.from_position(notation.write_position(position), "strict", "2v2")
    assert table.state["ally_occupied"] == ["bf1"] and table.state["disqualified"] == ["bf1"]
    table.do("P1 move Pouty Poro -> bf2", "P1 pass", "P3 pass", "P2 pass", "P4 pass")
    assert table.state["scores"]["P1"] == 10 and table.state["winner"] is None
    table.do("P1 move Legion Rearguard -> bf3", "P1 pass", "P3 pass", "P2 pass", "P4 pass")
    assert table.state["winner"] == "Blue" and table.state["match_winner"] == "Blue"
    assert table.state["scores"] == {"P1": 11, "P2": 11, "P3": 0, "P4": 0}


def test_friendly_takes_in_a_teammates_objects_648_8_d():
    table = two_v_two().do("P1 channel Fury Rune; Chaos Rune")
    rearguard, poro, student = (table.find("P1", "Legion Rearguard"), table.find("P2", "Stalwart Poro"),
                                table.find("P4", "Ravenbloom Student"))
    table.do({"type": "static", "source": rearguard, "affects": {"who": "friendly", "other": True}, "might": 1,
              "text": "Other friendly units have +1 Might."})
    assert [table.state["objects"][unit]["might"] for unit in (rearguard, poro, student)] == [2, 3, 2]


# -- a player leaving while the game goes on ------------------------------------------------------------------------
def test_a_player_who_concedes_is_removed_and_the_game_goes_on_651_2():
    table = ffa3().do("P1 channel Fury Rune; Chaos Rune", "P1 draw Void Seeker", "P2 concede")
    state = table.state
    assert state["removed"] == ["P2"] and state["winner"] is None and state["turn_player"] == "P1"
    assert all(obj["zone"] == "removed" for obj in state["objects"].values() if obj["owner"] == "P2")  # 652.3
    assert state["players"]["P2"]["hand"] == [] and state["players"]["P2"]["runes"] == []
    # 652.2: the battlefield Ben brought becomes a token battlefield with no abilities
    assert (state["battlefields"][1]["name"], state["battlefields"][1]["replaced"]) == ("Token Battlefield",
                                                                                       "Altar to Unity")
    table.do("P1 end turn")  # Ben's turn is skipped: Cai is next (652.5.a.1)
    assert table.state["turn_player"] == "P3"
    assert table.state["awaiting"] == [{"player": "P3", "kind": "channel", "count": 2, "rule": "315.3.b"}]
    table.refuses("P2 concede", rule="651.3")
    table.do("P3 concede")  # 651.1: one player remains, and wins
    assert table.state["winner"] == "P1" and table.state["phase"] == "over"


def test_play_proceeds_to_the_next_player_when_the_turn_player_leaves_652_5_a_1():
    table = ffa3().do("P1 channel Fury Rune; Chaos Rune", "P1 draw Void Seeker", "P1 concede")
    assert (table.state["turn_player"], table.state["phase"]) == ("P2", "beginning")
    assert table.state["battlefields"][0]["name"] == "Token Battlefield"


def test_focus_moves_on_when_a_player_leaves_during_a_showdown_652_5_b_1():
    table = ffa3().do(*CONQUER_FFA3[:3], "P1 pass")  # Ben has Focus
    table.do("P2 concede")
    assert table.state["awaiting"] == [{"player": "P3", "kind": "focus"}]
    table.do("P3 pass")  # everyone left passed in sequence: the showdown ends and Ana conquers
    assert table.state["showdown"] is None and table.state["scores"]["P1"] == 1


def test_a_team_loses_together_when_one_teammate_concedes_v1_3_484_6_a_1():
    table = two_v_two().do("P3 concede")
    assert (table.state["winner"], table.state["match_winner"]) == ("Blue", "Blue")
    assert table.state["games"] == [{"game": 1, "winner": "Blue"}]


def test_a_teammates_hand_is_private_648_8_f():
    view = engine.view(two_v_two().state, "P1")
    assert [view["objects"][card]["card"] for card in view["players"]["P2"]["hand"]] == [None] * 4
    assert None not in [view["objects"][card]["card"] for card in view["players"]["P1"]["hand"]]


def test_the_hand_of_a_player_who_leaves_stays_hidden_652_3():
    table = ffa3().do("P1 channel Fury Rune; Chaos Rune", "P1 draw Void Seeker", "P2 concede")
    hand = [object_id for object_id, obj in table.state["objects"].items()
            if obj["owner"] == "P2" and obj.get("concealed")]
    assert len(hand) == 4  # Discipline, Clockwork Keeper, Rune Prison, Sunlit Guardian
    assert {engine.view(table.state, "P1")["objects"][object_id]["card"] for object_id in hand} == {None}
    assert None not in {engine.view(table.state, "P2")["objects"][object_id]["card"] for object_id in hand}


@pytest.mark.parametrize("event", [
    {"type": "game_loss", "player": "P2", "reason": "slow play"},
    {"type": "penalty", "player": "P2", "infraction": "Decklist Error", "penalty": "game_loss",
     "rule": infractions.infraction("Decklist Error").rule},
    {"type": "penalty", "player": "P2", "infraction": "Decklist Error", "penalty": "match_loss",
     "rule": infractions.infraction("Decklist Error").rule},
])
def test_a_game_loss_removes_the_player_while_the_others_play_on_651_2(event):
    table = ffa3().do("P1 channel Fury Rune; Chaos Rune", "P1 draw Void Seeker", event)
    assert table.state["removed"] == ["P2"] and table.state["winner"] is None
    assert table.state["match_winner"] is None and table.state["turn_player"] == "P1"


def test_a_position_is_not_described_once_a_player_left_the_game():
    table = ffa3().do("P1 channel Fury Rune; Chaos Rune", "P1 draw Void Seeker", "P2 concede")
    with pytest.raises(notation.NotationError, match=r"P2 left the game \(651.2\)"):
        notation.position_of(table.state)


def test_players_may_not_hide_cards_at_a_battlefield_their_teammate_controls_648_8_c_1():
    table = two_v_two().do(*CONQUER_2V2, *TO_BENS_TURN[:-1], "P2 draw Block")
    table.refuses("P2 hide Block @bf1 $0 / Calm Rune", rule="648.8.c.1")
