"""XP, Hunt and Level (Core Rules v1.3 728-733, 823, 824), additional turns (734-738), Ambush (822) and Backline
(826), recorded from real gallery cards: Master Yi, Tempered and Gemhand Hunter (Hunt), Wuju Apprentice (Level 6),
Time Warp, Chakram Dancer (Ambush) and Enthusiastic Promoter (Backline)."""
from __future__ import annotations

import pytest

from gallery_table import GALLERY

if not GALLERY.exists():
    pytest.skip(f"the card gallery export {GALLERY} is absent (../shared is not checked out)", allow_module_level=True)

from engine import views  # noqa: E402
from engine.combat import lethal_first  # noqa: E402
from later_sets_positions import GALLERY_ARENA, GALLERY_P2_TURN, OPEN_BF2  # noqa: E402
from later_sets_table import LaterSetsTable  # noqa: E402
from replays import notation  # noqa: E402

YI = "Master Yi, Tempered"


def conquered(policy: str = "strict") -> LaterSetsTable:
    """P1 moved Master Yi to the open Back-Alley Bar (bf2) and both passed Focus: a Conquer (345.2.a)."""
    return LaterSetsTable.from_position(OPEN_BF2, policy).do(f"P1 move {YI} -> bf2", "P1 pass", "P2 pass")


# -- XP and Hunt ---------------------------------------------------------------------------------------------------
def test_hunt_gains_its_units_hunt_value_when_it_conquers_v1_3_823_1_c_1():
    table = conquered()
    assert table.state["battlefields"][1]["controller"] == "P1"
    table.do(f'P1 trigger {YI} "Hunt"', "P1 pass", "P2 pass", f"resolve {YI}: xp P1 2")
    assert table.state["players"]["P1"]["xp"] == 2


def test_a_hunt_resolves_with_exactly_its_hunt_value_v1_3_823_1_c_1():
    table = conquered().do(f'P1 trigger {YI} "Hunt"', "P1 pass", "P2 pass")
    refusal = table.refuses(f"resolve {YI}: xp P1 1", rule="v1.3 823.1.c.1")
    assert "its Hunt value is 2" in str(refusal)


def test_hunt_triggers_only_where_its_controller_conquered_or_held_v1_3_823_1_b():
    table = conquered()
    table.refuses('P1 trigger Crowd Favorite "Hunt"', rule="v1.3 823.1.b")  # at base
    table.refuses('P1 trigger Clockwork Keeper "Hunt"', rule="v1.3 823.1.a")  # no Hunt


def test_a_battlefield_has_no_hunt_to_trigger_v1_3_823_1_a():
    conquered().refuses('P1 trigger bf2 "Hunt"', rule="v1.3 823.1.a")


def test_hunt_triggers_when_its_unit_holds_v1_3_823_1_b():
    held = GALLERY_ARENA.replace("P1 0 bf:Altar to Unity controls:bf1", "P1 0 bf:Altar to Unity controls:bf1 "
                                 "scored:bf1").replace("bf1:Enthusiastic Promoter;Clockwork Keeper",
                                                       "bf1:Enthusiastic Promoter;Gemhand Hunter")
    table = LaterSetsTable.from_position(held).do('P1 trigger Gemhand Hunter "Hunt"', "P1 pass", "P2 pass",
                                               "resolve Gemhand Hunter: xp P1 1")
    assert table.state["players"]["P1"]["xp"] == 1


def test_no_player_spends_xp_they_do_not_have_v1_3_730_2():
    table = conquered().do(f'P1 trigger {YI} "Hunt"', "P1 pass", "P2 pass")
    table.refuses(f"resolve {YI}: xp P1 2 | xp P1 -3", rule="v1.3 730.2")
    table.do(f"resolve {YI}: xp P1 2 | xp P1 -2")
    assert table.state["players"]["P1"]["xp"] == 0


def test_xp_is_public_information_v1_3_729_2():
    table = LaterSetsTable.from_position(GALLERY_ARENA.replace("runedeck:6 hand:Highlander", "runedeck:6 xp:4 "
                                                                                            "hand:Highlander"))
    assert views.view(table.state, "spectator")["players"]["P1"]["xp"] == 4
    assert views.view(table.state, "P2")["players"]["P1"]["xp"] == 4


def test_a_position_carries_each_players_xp_and_writes_it_back():
    line = GALLERY_ARENA.replace("runedeck:6 hand:Highlander", "runedeck:6 xp:6 hand:Highlander")
    table = LaterSetsTable.from_position(line)
    assert table.state["players"]["P1"]["xp"] == 6 and table.state["players"]["P2"]["xp"] == 0
    written = notation.write_position(notation.position_of(table.state))
    assert " xp:6 " in written and written.count("xp:") == 1
    assert LaterSetsTable.from_position(written).state["players"]["P1"]["xp"] == 6


# -- Level ---------------------------------------------------------------------------------------------------------
def test_a_level_ability_triggers_only_with_that_much_xp_v1_3_824_1_d():
    table = LaterSetsTable.from_position(GALLERY_ARENA).do("P1 play Wuju Apprentice $2")
    refusal = table.refuses('P1 trigger Wuju Apprentice "Level 6: when you play me, draw 1"', rule="v1.3 824.1.d")
    assert "P1 has 0 XP" in str(refusal)


def test_a_level_ability_is_active_from_that_much_xp_v1_3_824_1_c():
    line = GALLERY_ARENA.replace("runedeck:6 hand:Highlander", "runedeck:6 xp:6 hand:Highlander")
    table = LaterSetsTable.from_position(line).do("P1 play Wuju Apprentice $2",
                                                'P1 trigger Wuju Apprentice "Level 6: when you play me, draw 1"')
    assert table.state["chain"][-1]["label"] == "Level 6: when you play me, draw 1"


# -- additional turns ----------------------------------------------------------------------------------------------
TIME_WARP = GALLERY_P2_TURN.replace("runedeck:6 hand:Tactical Retreat", "runedeck:6 pool:10;Mind 4 "
                                                                         "hand:Tactical Retreat")


def warped(*effects: str) -> LaterSetsTable:
    """P2 played Time Warp ("take a turn after this one; banish this") from a pool of 10 Energy and 4 Mind Power."""
    table = LaterSetsTable.from_position(TIME_WARP).do("P2 play Time Warp", "P2 pass", "P1 pass")
    spell = table.find("P2", "Time Warp", "chain")  # a card on the chain is named by its id
    return table.do(f"resolve Time Warp: {' | '.join(effects)}".replace("THIS", spell))


RUNES = {"P1": "Calm Rune; Body Rune", "P2": "Mind Rune; Order Rune"}


def end_and_start_next(table: LaterSetsTable) -> LaterSetsTable:
    """The turn player ends their turn; the next turn player closes the beginning step with a pass."""
    return table.do(f"{table.state['turn_player']} end turn").do(f"{table.state['turn_player']} pass")


def take_turn(table: LaterSetsTable) -> LaterSetsTable:
    """The turn player channels two runes, draws an unseen card, and ends the turn; the next closes the beginning."""
    player = table.state["turn_player"]
    return end_and_start_next(table.do(f"{player} channel {RUNES[player]}", f"{player} draw ?"))


def test_an_additional_turn_is_taken_after_the_current_one_v1_3_735_737():
    table = warped("turn P2", "banish THIS")
    assert table.obj("P2", "Time Warp", "banishment")["zone"] == "banishment"
    assert table.state["additional_turns"] == ["P2"]
    end_and_start_next(table)
    assert (table.state["turn"], table.state["turn_player"]) == (7, "P2")
    take_turn(table)
    assert (table.state["turn"], table.state["turn_player"]) == (8, "P1")  # the turn order did not change (737)


def test_an_additional_turn_is_a_whole_turn_that_readies_channels_and_draws_v1_3_735():
    table = end_and_start_next(warped("turn P2"))
    assert table.state["phase"] == "channel" and [(wait["player"], wait["kind"]) for wait in table.state["awaiting"]] == [("P2", "channel")]
    assert not any(table.state["objects"][rune]["exhausted"] for rune in table.state["players"]["P2"]["runes"])
    table.refuses("P2 channel Mind Rune", rule="315.3.b")  # two runes, as in every turn
    table.do("P2 channel Mind Rune; Order Rune", "P2 draw Bubble Bot")
    assert table.state["phase"] == "action"


def test_additional_turns_are_each_inserted_right_after_the_current_turn_v1_3_738():
    table = warped("turn P1", "turn P2")  # P1's was created first, so P2's comes first: [P2 > P2* > P1* > P1]
    end_and_start_next(table)
    players = [table.state["turn_player"]]
    for _ in range(2):
        take_turn(table)
        players.append(table.state["turn_player"])
    assert players == ["P2", "P1", "P1"]


# -- Ambush --------------------------------------------------------------------------------------------------------
def ambush_ready(policy: str = "strict") -> LaterSetsTable:
    """P2 attacks Altar to Unity (bf1), which P1 holds, with Gustwalker: the combat's showdown, P2 with Focus."""
    return LaterSetsTable.from_position(GALLERY_P2_TURN, policy).do("P2 move Gustwalker -> bf1")


def test_ambush_plays_a_unit_as_a_reaction_to_a_battlefield_where_its_player_has_units_v1_3_822_1_b():
    table = ambush_ready().do("P2 play Chakram Dancer @bf1 $3")
    dancer = table.obj("P2", "Chakram Dancer")
    assert dancer["location"] == "bf1" and dancer["attacker"] is False  # it joined after the designations
    assert table.find("P2", "Chakram Dancer") in table.state["battlefields"][0]["units"]


def test_without_ambush_a_unit_is_neither_a_reaction_nor_played_to_an_enemy_battlefield_308_1_a_352_2():
    table = ambush_ready()
    table.refuses("P2 play Bubble Bot @bf1 $3", rule="308.1.a")
    table.refuses("P2 play Bubble Bot @bf1 $3", rule="352.2")


def test_ambush_needs_units_of_its_player_at_the_battlefield_v1_3_822_3():
    table = LaterSetsTable.from_position(GALLERY_P2_TURN)
    refusal = table.refuses("P2 play Chakram Dancer @bf1 $3", rule="352.2")
    assert "Ambush" in str(refusal)


def test_ambush_gives_reaction_timing_while_a_chain_exists_v1_3_822_1_b_334_1_a():
    table = ambush_ready().do("P2 pass", "P1 play Highlander -> Clockwork Keeper $4")  # P1 has priority now
    table.refuses("P2 play Bubble Bot @bf1 $3", rule="334.1.a")
    table.do("P1 pass", "P2 play Chakram Dancer @bf1 $3")
    assert table.obj("P2", "Chakram Dancer")["location"] == "bf1"


# -- Backline ------------------------------------------------------------------------------------------------------
def at_damage() -> LaterSetsTable:
    """P2's Gustwalker (3) attacks Enthusiastic Promoter (2, Backline) and Clockwork Keeper (2) at bf1; both passed
    Focus: P2 assigns 3."""
    return ambush_ready().do("P2 pass", "P1 pass")


def test_a_backline_unit_is_assigned_lethal_damage_after_the_others_v1_3_826_3():
    table = at_damage()
    refusal = table.refuses("P2 assign Enthusiastic Promoter 2; Clockwork Keeper 1", rule="v1.3 826.3")
    assert "Backline" in str(refusal)
    table.do("P2 assign Clockwork Keeper 2; Enthusiastic Promoter 1")


def test_the_prefilled_assignment_puts_backline_units_last_v1_3_826_3():
    table = at_damage()
    assert lethal_first(table.state, "P2") == {table.find("P1", "Clockwork Keeper"): 2,
                                                table.find("P1", "Enthusiastic Promoter"): 1}


# -- Level statics: a static's `while: {"level": N}` ------------------------------------------------------------------
# Gustwalker: "[Level 3] I have +1 [S] and [Ganking]".
GUSTWALKER_LEVEL_3 = 'static Gustwalker +affects={"who": "self"} +might=1 +keywords=["Ganking"] +while={"level": 3}'


def test_a_level_static_applies_while_its_controller_has_the_xp_v1_3_824_1_b_1():
    line = GALLERY_P2_TURN.replace("runedeck:6 hand:Tactical Retreat", "runedeck:6 xp:3 hand:Tactical Retreat")
    table = LaterSetsTable.from_position(line).do(GUSTWALKER_LEVEL_3)
    gustwalker = table.obj("P2", "Gustwalker")
    assert gustwalker["might"] == 4 and "Ganking" in gustwalker["keywords"]


def test_a_level_static_is_inactive_below_the_xp_v1_3_824_1_d():
    table = LaterSetsTable.from_position(GALLERY_P2_TURN).do(GUSTWALKER_LEVEL_3)
    gustwalker = table.obj("P2", "Gustwalker")
    assert gustwalker["might"] == 3 and "Ganking" not in gustwalker["keywords"]
    table.do("P2 move Gustwalker -> bf2")  # Back-Alley Bar, which P2 holds: no combat
    table.refuses("P2 move Gustwalker -> bf1", rule="140.4.c.1")  # no Ganking below Level 3


def test_a_level_static_turns_on_when_xp_is_gained_v1_3_727_1_c_2():
    # Master Yi, Tempered: "[Level 6] I have [Deflect] and [Ganking]"; P1 has 4 XP, and Hunt 2 makes 6.
    line = OPEN_BF2.replace("runedeck:6 hand:Highlander", "runedeck:6 xp:4 hand:Highlander")
    table = LaterSetsTable.from_position(line)
    table.do('static Master Yi, Tempered +affects={"who": "self"} +keywords=["Deflect", "Ganking"] '
             '+while={"level": 6}')
    assert "Ganking" not in table.obj("P1", YI)["keywords"]
    table.do(f"P1 move {YI} -> bf2", "P1 pass", "P2 pass", f'P1 trigger {YI} "Hunt"', "P1 pass", "P2 pass",
             f"resolve {YI}: xp P1 2")
    assert {"Deflect", "Ganking"} <= set(table.obj("P1", YI)["keywords"])
