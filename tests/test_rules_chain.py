"""Timing, priority and the chain (later revision 307-313, 324-336) and the process of play (350-356)."""
from __future__ import annotations

from positions import ARENA
from table import WITH_UNITS, Table


def test_a_spell_lingers_on_the_chain_as_a_finalized_item_356_3():
    table = Table.with_units().do("P1 play Shakedown -> Stalwart Poro $2 / Fury Rune")
    [item] = table.state["chain"]
    assert (item["kind"], item["card"], item["controller"], item["pending"]) == ("spell", "Shakedown", "P1", False)
    assert item["targets"] == [table.find("P2", "Stalwart Poro")]
    assert table.state["state"] == "neutral_closed"
    assert (table.state["priority"], table.state["active_player"]) == ("P1", "P1")  # rule 333.1.c.3


def test_a_unit_leaves_the_chain_for_the_board_exhausted_333_1_c_356_2_c():
    table = Table.at_action().do("P1 play Legion Rearguard $2")
    assert table.state["chain"] == [] and table.state["state"] == "neutral_open"
    unit = table.obj("P1", "Legion Rearguard")
    assert unit["exhausted"] and unit["location"] == "base:P1"
    assert table.state["priority"] == "P1"


def test_only_a_card_with_accelerate_can_pay_for_it_717_1():
    table = Table.with_units().do("P1 play Flame Chompers $3")  # no Accelerate
    table.refuses("P1 play Gust +accelerate", rule="717.1")


def test_accelerate_costs_one_energy_and_one_power_more_717_1_a():
    table = Table.with_units().do("P1 end turn", "P2 channel Mind Rune; Calm Rune", "P2 draw Stupefy", "P2 end turn",
                                  "P1 channel Fury Rune; Chaos Rune", "P1 draw Legion Rearguard")
    table.refuses("P1 play Legion Rearguard +accelerate $2", rule="354.1")
    table.do("P1 play Legion Rearguard +accelerate $3 / Fury Rune")
    rearguards = [obj for obj in table.state["objects"].values()
                  if obj["card"] == "Legion Rearguard" and obj["zone"] == "board"]
    assert sorted(obj["exhausted"] for obj in rearguards) == [False, False]


def test_gear_enters_ready_at_its_controllers_base_356_2_d():
    table = Table.at_action().do("P1 end turn", "P2 channel Calm Rune; Mind Rune; Calm Rune", "P2 draw Orb of Regret")
    table.refuses("P2 play Orb of Regret @bf1 $1", rule="356.2.d")
    table.do("P2 play Orb of Regret $1")
    orb = table.obj("P2", "Orb of Regret")
    assert not orb["exhausted"] and orb["location"] == "base:P2"


def test_units_are_played_to_a_battlefield_only_if_its_player_controls_it_352_2():
    Table.at_action().refuses("P1 play Legion Rearguard @bf1 $2", rule="352.2")


def test_only_reaction_cards_are_played_while_a_chain_exists_334_1_a():
    table = Table.with_units().do("P1 play Shakedown -> Stalwart Poro $2 / Fury Rune", "P1 pass")
    refusal = table.refuses("P2 play Rune Prison -> Legion Rearguard $1", rule="334.1.a")
    assert "only Reaction cards may be played in a closed state" in str(refusal)


def test_a_non_reaction_card_during_a_chain_is_refused_in_strict_and_flagged_in_audit_334_1_a():
    lines = ("P1 play Shakedown -> Stalwart Poro $2 / Fury Rune", "P1 pass")
    Table.with_units().do(*lines).refuses("P2 play Clockwork Keeper $1", rule="334.1.a")
    table = Table.with_units("audit").do(*lines)
    table.flags("P2 play Clockwork Keeper $1", rule="334.1.a")
    assert table.obj("P2", "Clockwork Keeper")["zone"] == "board"  # applied as far as it can be
    assert "Clockwork Keeper" in table.cards(table.state["players"]["P2"]["base"])
    assert table.rules() == ["334.1.a", "354.1"]  # and short of Energy


def test_a_player_without_priority_cannot_play_312_1_a():
    table = Table.with_units().do("P1 play Shakedown -> Stalwart Poro $2 / Fury Rune")  # P1 keeps priority (333.1.c.3)
    table.refuses("P2 play Defy -> Shakedown $1", rule="312.1.a")


def test_only_the_turn_player_plays_in_a_neutral_open_state_310_1_a():
    Table.with_units().refuses("P2 play Defy $1", rule="310.1.a")


def test_cards_are_not_played_outside_the_action_phase_310_1_a():
    Table.after_setup().refuses("P1 play Gust", rule="310.1.a")


def test_playing_a_card_not_in_hand_is_refused_351():
    Table.at_action().refuses("P1 play Flame Chompers", rule="351")


def test_passing_gives_priority_to_the_next_player_335_2():
    table = Table.with_units().do("P1 play Shakedown -> Stalwart Poro $2 / Fury Rune", "P1 pass")
    assert table.state["priority"] == "P2" and table.state["awaiting"] == [{"player": "P2", "kind": "priority"}]


def test_when_every_player_passed_the_newest_item_awaits_resolution_335_1():
    table = Table.with_units().do("P1 play Shakedown -> Stalwart Poro $2 / Fury Rune", "P1 pass", "P2 pass")
    assert table.state["priority"] is None
    assert table.state["awaiting"] == [{"player": "P1", "kind": "resolve"}]


def test_an_item_does_not_resolve_before_every_player_passed_335_1():
    table = Table.with_units().do("P1 play Shakedown -> Stalwart Poro $2 / Fury Rune", "P1 pass")
    table.refuses("resolve Shakedown", rule="335.1")


def test_passing_without_a_chain_is_refused_334_1_c():
    Table.at_action().refuses("P1 pass", rule="334.1.c")


def test_passing_out_of_turn_is_refused_312_1_a():
    table = Table.with_units().do("P1 play Shakedown -> Stalwart Poro $2 / Fury Rune")
    table.refuses("P2 pass", rule="312.1.a")


def test_the_reaction_resolves_before_the_spell_it_answers_336_1():
    table = Table.from_position(WITH_UNITS.replace("P2 0 bf:Altar to Unity", "P2 0 bf:Altar to Unity pool:1"))
    table.do("P1 play Shakedown -> Stalwart Poro $2 / Fury Rune", "P1 pass", "P2 play Discipline -> Stalwart Poro $1")
    shakedown, discipline = table.state["chain"]
    assert (shakedown["card"], discipline["card"]) == ("Shakedown", "Discipline")
    assert (table.state["priority"], table.state["active_player"]) == ("P2", "P2")
    table.do("P2 pass", "P1 pass")
    table.refuses("resolve Shakedown", rule="336.1")
    table.do("resolve Discipline: might Stalwart Poro +2 until turn | draw P2 Stupefy")
    assert [item["id"] for item in table.state["chain"]] == [shakedown["id"]]
    # Rule 336.4: the controller of the newest item gains priority; everyone must pass again.
    assert (table.state["priority"], table.state["active_player"]) == ("P1", "P1")
    assert table.obj("P2", "Discipline", "trash")  # 356.3.d: the spell goes to its owner's trash
    table.do("P1 pass", "P2 pass", "resolve Shakedown: damage Stalwart Poro 6")
    assert table.obj("P2", "Stalwart Poro", "trash")  # 6 damage is lethal even for a 4 Might Poro (rule 520)
    assert table.cards(table.state["players"]["P2"]["trash"]) == ["Discipline", "Stalwart Poro"]
    assert table.state["chain"] == [] and table.state["state"] == "neutral_open"  # rule 336.2
    assert table.state["priority"] == "P1"


def test_damage_short_of_lethal_leaves_the_unit_on_the_board_520():
    table = Table.with_units().do("P1 play Shakedown -> Stalwart Poro $2 / Fury Rune", "P1 pass", "P2 pass",
                                  "resolve Shakedown: damage Stalwart Poro 1")
    assert table.obj("P2", "Stalwart Poro")["damage"] == 1


def test_a_countered_spell_goes_to_the_trash_without_resolving_601_1_a():
    table = Table.from_position(WITH_UNITS.replace("P2 0 bf:Altar to Unity", "P2 0 bf:Altar to Unity pool:0;Calm 1"))
    table.do("P1 play Shakedown -> Stalwart Poro $2 / Fury Rune", "P1 pass", "P2 play Defy -> Shakedown $1",
             "P2 pass", "P1 pass", "resolve Defy: counter Shakedown")
    assert table.state["chain"] == []
    assert table.cards(table.state["players"]["P1"]["trash"]) == ["Shakedown"] and table.obj("P1", "Shakedown", "trash")
    assert table.cards(table.state["players"]["P2"]["trash"]) == ["Defy"] and table.obj("P2", "Defy", "trash")
    assert table.obj("P2", "Stalwart Poro")["damage"] == 0


def test_a_target_that_changed_zones_is_not_the_same_object_356_3_e_4():
    table = Table.from_position(WITH_UNITS.replace("P2 0 bf:Altar to Unity", "P2 0 bf:Altar to Unity pool:1"))
    table.do("P1 play Shakedown -> Stalwart Poro $2 / Fury Rune", "P1 pass", "P2 play Discipline -> Stalwart Poro $1",
             "P2 pass", "P1 pass",
             "resolve Discipline: return Stalwart Poro -> hand",  # as if Discipline had bounced it
             "P1 pass", "P2 pass")
    table.refuses("resolve Shakedown: damage Stalwart Poro@hand 6", rule="356.3.e.4")


def test_a_triggered_ability_goes_on_the_chain_and_its_controller_gains_priority_333_1_c_3():
    table = Table.with_units().do("P1 play Shakedown -> Stalwart Poro $2 / Fury Rune", "P1 pass",
                                  'P2 trigger Stalwart Poro "when targeted" -> Stalwart Poro')
    item = table.state["chain"][-1]
    assert (item["kind"], item["card"], item["label"], item["controller"]) == (
        "ability", "Stalwart Poro", "when targeted", "P2")
    assert table.state["priority"] == "P2" and table.state["passes"] == []
    table.do("P2 pass", "P1 pass", "resolve Stalwart Poro: buff Stalwart Poro")
    assert table.obj("P2", "Stalwart Poro")["might"] == 3  # a buff is +1 Might (rule 703)
    table.refuses('P1 trigger Stalwart Poro "x"', rule="182.3.b")


def test_a_spell_cannot_target_itself_352_8_c():
    table = Table.with_units().do("P1 play Shakedown -> Stalwart Poro $2 / Fury Rune", "P1 pass")
    itself = f"c{table.state['next_id']['c'] + 1}"
    table.refuses(f"P2 play Defy -> {itself} $1", rule="352.8.c")


def test_an_unknown_target_is_refused_in_strict_and_skipped_in_audit_352_8_a():
    Table.with_units().refuses("P1 play Gust -> o999 $1", rule="352.8.a")
    audit = Table.with_units("audit")
    before = audit.state
    state = audit.do("P1 play Gust -> o999 $1").state
    assert state["violations"][-1]["rule"] == "352.8.a" and state["violations"][-1]["skipped"]
    assert state["seq"] == before["seq"] + 1 and state["chain"] == before["chain"]
    assert state["objects"] == before["objects"]


def test_a_spell_whose_card_left_the_chain_is_no_longer_on_it_and_never_resolves_327_1_356_3_d():
    table = Table.from_position(ARENA).do("P1 play Shakedown -> Stalwart Poro $2 / Fury Rune", "P1 pass",
                                          "P2 play Discipline -> Legion Rearguard $2", "P2 pass", "P1 pass")
    shakedown = table.find("P1", "Shakedown", "chain")
    table.do(f"resolve Discipline: return {shakedown} -> hand")
    assert table.state["chain"] == [] and table.obj("P1", "Shakedown", "hand")
    table.refuses({"type": "resolve", "item": "c1", "effects": []}, rule="336.1")


def test_units_and_gear_never_have_targets_352_9_c():
    Table.at_action().refuses("P1 play Legion Rearguard -> P2 $2", rule="352.9.c")


def test_the_champion_legend_cannot_be_banished_or_returned_106_5_d():
    table = Table.with_units("audit").do("P1 play Shakedown -> Stalwart Poro $2 / Fury Rune", "P1 pass", "P2 pass")
    legend = table.state["players"]["P2"]["legend"]
    table.flags({"type": "resolve", "item": "c1", "effects": [{"op": "banish", "target": legend},
                                                               {"op": "return", "target": legend, "to": "hand"}]},
                rule="106.5.d")
    assert table.state["objects"][legend]["zone"] == "legend"


def test_a_token_cannot_enter_another_players_base_106_2_d():
    table = Table.with_units("audit").do("P1 play Shakedown -> Stalwart Poro $2 / Fury Rune", "P1 pass", "P2 pass")
    table.flags("resolve Shakedown: token P1 Recruit @base:P2", rule="106.2.d")
    assert not any(obj["card"] == "Recruit" for obj in table.state["objects"].values())


def test_a_token_for_a_location_the_match_lacks_is_flagged_not_a_crash_356_3_e_6():
    for where in ("bf9", "base:P9"):
        table = Table.with_units("audit").do("P1 play Shakedown -> Stalwart Poro $2 / Fury Rune", "P1 pass",
                                             "P2 pass")
        table.flags({"type": "resolve", "item": "c1", "effects": [{"op": "token", "kind": "Recruit",
                                                                   "controller": "P1", "to": where}]},
                    rule="356.3.e.6")


def test_a_card_played_by_an_effect_skips_the_timing_check_595_3():
    table = Table.with_units().do("P1 play Shakedown -> Stalwart Poro $2 / Fury Rune", "P1 pass", "P2 pass")
    table.do({"type": "resolve", "item": "c1", "effects": [
        {"op": "play", "player": "P1", "card": "Flame Chompers", "options": {"ignore_cost": True}}]})
    assert table.obj("P1", "Flame Chompers")["location"] == "base:P1"


def test_a_spell_recycled_or_returned_to_the_deck_off_the_chain_never_resolves_336_1_356_3_d():
    for effect in ("recycle P1 {card}", "return {card} -> deck"):
        table = Table.from_position(ARENA).do("P1 play Shakedown -> Stalwart Poro $2 / Fury Rune", "P1 pass",
                                              "P2 play Discipline -> Legion Rearguard $2", "P2 pass", "P1 pass")
        shakedown = table.find("P1", "Shakedown", "chain")
        table.do(f"resolve Discipline: {effect.format(card=shakedown)}")
        assert table.state["chain"] == [] and table.state["players"]["P1"]["deck_count"] == 34
        table.refuses({"type": "resolve", "item": "c1", "effects": []}, rule="336.1")


def test_a_card_in_banishment_is_never_a_target_107_5_i_352_10_a_1():
    position = (WITH_UNITS.replace("base:Legion Rearguard |", "base:Legion Rearguard banishment:Void Seeker |")
                .replace("Gust;Void Seeker;", "Gust;"))
    table = Table.from_position(position)
    banished = table.find("P1", "Void Seeker", "banishment")
    table.refuses(f"P1 play Gust -> {banished} $1", rule="352.10.a.1")


def test_a_unit_played_by_an_effect_to_a_location_it_allows_is_not_refused_352_2_b():
    table = Table.with_units().do("P1 play Shakedown -> Stalwart Poro $2 / Fury Rune", "P1 pass", "P2 pass")
    play = {"op": "play", "player": "P1", "card": "Flame Chompers", "to": "bf2", "options": {"ignore_cost": True}}
    table.refuses({"type": "resolve", "item": "c1", "effects": [play]}, rule="352.2")
    table.do({"type": "resolve", "item": "c1", "effects": [play | {"options": {"ignore_cost": True,
                                                                                "to_allowed": True}}]})
    assert table.obj("P1", "Flame Chompers")["location"] == "bf2"


def test_the_champion_legend_cannot_be_recycled_106_5_d():
    table = Table.with_units("audit").do("P1 play Shakedown -> Stalwart Poro $2 / Fury Rune", "P1 pass", "P2 pass")
    legend = table.state["players"]["P2"]["legend"]
    table.flags({"type": "resolve", "item": "c1", "effects": [{"op": "recycle", "player": "P2", "cards": [legend]}]},
                rule="106.5.d")
    assert table.state["objects"][legend]["zone"] == "legend"
