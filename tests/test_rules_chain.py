"""Timing, priority and the chain (later revision 307-313, 324-336) and the process of play (350-356)."""
from __future__ import annotations

from table import Table


def shakedown_on_poro(table: Table) -> None:
    table.play("P1", "Shakedown", exhaust=2, recycle="Fury", target=("P2", "Stalwart Poro"))


def test_a_spell_lingers_on_the_chain_as_a_finalized_item_356_3():
    table = Table.with_units()
    shakedown_on_poro(table)
    [item] = table.state["chain"]
    assert (item["kind"], item["card"], item["controller"], item["pending"]) == ("spell", "Shakedown", "P1", False)
    assert item["targets"] == [table.find("P2", "Stalwart Poro")]
    assert table.state["state"] == "neutral_closed"
    assert (table.state["priority"], table.state["active_player"]) == ("P1", "P1")  # rule 333.1.c.3


def test_a_unit_leaves_the_chain_for_the_board_exhausted_333_1_c_356_2_c():
    table = Table.at_action()
    table.play("P1", "Legion Rearguard", exhaust=2)
    assert table.state["chain"] == [] and table.state["state"] == "neutral_open"
    unit = table.obj("P1", "Legion Rearguard")
    assert unit["exhausted"] and unit["location"] == "base:P1"
    assert table.state["priority"] == "P1"


def test_an_accelerated_unit_enters_ready_717():
    table = Table.with_units()
    table.play("P1", "Flame Chompers", exhaust=3)  # no Accelerate
    table.refuses({"type": "play", "player": "P1", "card": "Gust", "options": {"accelerate": True}}, rule="717.1")


def test_accelerate_costs_one_energy_and_one_power_more_717_1_a():
    table = Table.with_units()
    table.do({"type": "end_turn", "player": "P1"})
    table.do({"type": "channel", "player": "P2", "runes": ["Mind Rune", "Calm Rune"]})
    table.do({"type": "draw", "player": "P2", "cards": ["Stupefy"]})
    table.do({"type": "end_turn", "player": "P2"})
    table.do({"type": "channel", "player": "P1", "runes": ["Fury Rune", "Chaos Rune"]})
    table.do({"type": "draw", "player": "P1", "cards": ["Legion Rearguard"]})
    table.refuses({"type": "play", "player": "P1", "card": "Legion Rearguard", "options": {"accelerate": True},
                   "pay": {"exhaust": table.runes("P1", 2)}}, rule="354.1")
    table.play("P1", "Legion Rearguard", exhaust=3, recycle="Fury", options={"accelerate": True})
    rearguards = [obj for obj in table.state["objects"].values()
                  if obj["card"] == "Legion Rearguard" and obj["zone"] == "board"]
    assert sorted(obj["exhausted"] for obj in rearguards) == [False, False]


def test_gear_enters_ready_at_its_controllers_base_356_2_d():
    table = Table.at_action()
    table.do({"type": "end_turn", "player": "P1"})
    table.do({"type": "channel", "player": "P2", "runes": ["Calm Rune", "Mind Rune", "Calm Rune"]})
    table.do({"type": "draw", "player": "P2", "cards": ["Orb of Regret"]})
    table.refuses({"type": "play", "player": "P2", "card": "Orb of Regret", "to": "bf1",
                   "pay": {"exhaust": table.runes("P2", 1)}}, rule="356.2.d")
    table.play("P2", "Orb of Regret", exhaust=1)
    orb = table.obj("P2", "Orb of Regret")
    assert not orb["exhausted"] and orb["location"] == "base:P2"


def test_units_are_played_to_a_battlefield_only_if_its_player_controls_it_352_2():
    table = Table.at_action()
    table.refuses({"type": "play", "player": "P1", "card": "Legion Rearguard", "to": "bf1",
                   "pay": {"exhaust": table.runes("P1", 2)}}, rule="352.2")


def test_only_reaction_cards_are_played_while_a_chain_exists_334_1_a():
    table = Table.with_units()
    shakedown_on_poro(table)
    table.pass_("P1")
    refusal = table.refuses({"type": "play", "player": "P2", "card": "Rune Prison",
                             "targets": [table.find("P1", "Legion Rearguard")],
                             "pay": {"exhaust": table.runes("P2", 1)}}, rule="334.1.a")
    assert "only Reaction cards may be played in a closed state" in str(refusal)


def test_a_non_reaction_card_during_a_chain_is_flagged_in_audit_334_1_a():
    table = Table.with_units("audit")
    shakedown_on_poro(table)
    table.pass_("P1")
    state = table.flags({"type": "play", "player": "P2", "card": "Clockwork Keeper",
                         "pay": {"exhaust": table.runes("P2", 1)}}, rule="334.1.a")
    assert table.obj("P2", "Clockwork Keeper")["zone"] == "board"  # applied as far as it can be
    assert "354.1" in [violation["rule"] for violation in state["violations"]]  # and short of Energy


def test_a_player_without_priority_cannot_play_312_1_a():
    table = Table.with_units()
    shakedown_on_poro(table)  # P1 keeps priority (333.1.c.3)
    table.refuses({"type": "play", "player": "P2", "card": "Defy", "targets": [table.state["chain"][0]["id"]],
                   "pay": {"exhaust": table.runes("P2", 1)}}, rule="312.1.a")


def test_only_the_turn_player_plays_in_a_neutral_open_state_310_1_a():
    table = Table.with_units()
    table.refuses({"type": "play", "player": "P2", "card": "Defy", "pay": {"exhaust": table.runes("P2", 1)}},
                  rule="310.1.a")


def test_cards_are_not_played_outside_the_action_phase_310_1_a():
    table = Table.after_setup()
    table.refuses({"type": "play", "player": "P1", "card": "Gust"}, rule="310.1.a")


def test_playing_a_card_not_in_hand_is_refused_351():
    table = Table.at_action()
    table.refuses({"type": "play", "player": "P1", "card": "Flame Chompers"}, rule="351")


def test_passing_gives_priority_to_the_next_player_335_2():
    table = Table.with_units()
    shakedown_on_poro(table)
    table.pass_("P1")
    assert table.state["priority"] == "P2" and table.state["awaiting"] == [{"player": "P2", "kind": "priority"}]


def test_when_every_player_passed_the_newest_item_awaits_resolution_335_1():
    table = Table.with_units()
    shakedown_on_poro(table)
    table.pass_("P1", "P2")
    assert table.state["priority"] is None
    assert table.state["awaiting"] == [{"player": "P1", "kind": "resolve"}]


def test_an_item_does_not_resolve_before_every_player_passed_335_1():
    table = Table.with_units()
    shakedown_on_poro(table)
    table.pass_("P1")
    table.refuses({"type": "resolve", "item": table.state["chain"][0]["id"], "effects": []}, rule="335.1")


def test_passing_without_a_chain_is_refused_334_1_c():
    table = Table.at_action()
    table.refuses({"type": "pass", "player": "P1"}, rule="334.1.c")


def test_passing_out_of_turn_is_refused_312_1_a():
    table = Table.with_units()
    shakedown_on_poro(table)
    table.refuses({"type": "pass", "player": "P2"}, rule="312.1.a")


def test_the_reaction_resolves_before_the_spell_it_answers_336_1():
    table = Table.with_units()
    shakedown_on_poro(table)
    table.pass_("P1")
    table.give("P2", energy=1)
    table.play("P2", "Discipline", exhaust=1, target=("P2", "Stalwart Poro"))
    shakedown, discipline = table.state["chain"]
    assert (table.state["priority"], table.state["active_player"]) == ("P2", "P2")
    table.pass_("P2", "P1")
    table.refuses({"type": "resolve", "item": shakedown["id"], "effects": []}, rule="336.1")
    poro = table.find("P2", "Stalwart Poro")
    table.resolve({"op": "might", "target": poro, "delta": 2, "until": "turn"},
                  {"op": "draw", "player": "P2", "cards": ["Stupefy"]})
    assert [item["id"] for item in table.state["chain"]] == [shakedown["id"]]
    # Rule 336.4: the controller of the newest item gains priority; everyone must pass again.
    assert (table.state["priority"], table.state["active_player"]) == ("P1", "P1")
    assert table.obj("P2", "Discipline", "trash")  # 356.3.d: the spell goes to its owner's trash
    table.pass_("P1", "P2")
    table.resolve({"op": "damage", "target": poro, "amount": 6})
    assert table.obj("P2", "Stalwart Poro", "trash")  # 6 damage is lethal even for a 4 Might Poro (rule 520)
    assert table.state["chain"] == [] and table.state["state"] == "neutral_open"  # rule 336.2
    assert table.state["priority"] == "P1"


def test_damage_short_of_lethal_leaves_the_unit_on_the_board_520():
    table = Table.with_units()
    shakedown_on_poro(table)
    table.pass_("P1", "P2")
    table.resolve({"op": "damage", "target": table.find("P2", "Stalwart Poro"), "amount": 1})
    assert table.obj("P2", "Stalwart Poro")["damage"] == 1


def test_a_countered_spell_goes_to_the_trash_without_resolving_601_1_a():
    table = Table.with_units()
    shakedown_on_poro(table)
    table.pass_("P1")
    table.give("P2", Calm=1)
    table.play("P2", "Defy", exhaust=1, target_item=1)
    table.pass_("P2", "P1")
    table.resolve({"op": "counter", "item": table.state["chain"][0]["id"]})
    assert table.state["chain"] == []
    assert table.obj("P1", "Shakedown", "trash") and table.obj("P2", "Defy", "trash")
    assert table.obj("P2", "Stalwart Poro")["damage"] == 0


def test_a_target_that_changed_zones_is_not_the_same_object_356_3_e_4():
    table = Table.with_units()
    shakedown_on_poro(table)
    table.pass_("P1")
    table.give("P2", energy=1)
    table.play("P2", "Discipline", exhaust=1, target=("P2", "Stalwart Poro"))
    poro = table.find("P2", "Stalwart Poro")
    table.pass_("P2", "P1")
    table.resolve({"op": "return", "target": poro, "to": "hand"})  # as if Discipline had bounced it
    table.pass_("P1", "P2")
    table.refuses({"type": "resolve", "item": table.state["chain"][-1]["id"],
                   "effects": [{"op": "damage", "target": poro, "amount": 6}]}, rule="356.3.e.4")


def test_a_triggered_ability_goes_on_the_chain_and_its_controller_gains_priority_333_1_c_3():
    table = Table.with_units()
    shakedown_on_poro(table)
    table.pass_("P1")
    poro = table.find("P2", "Stalwart Poro")
    table.do({"type": "trigger", "player": "P2", "source": poro, "ability": "when targeted", "targets": [poro]})
    item = table.state["chain"][-1]
    assert (item["kind"], item["card"], item["label"], item["controller"]) == (
        "ability", "Stalwart Poro", "when targeted", "P2")
    assert table.state["priority"] == "P2" and table.state["passes"] == []
    table.pass_("P2", "P1")
    table.resolve({"op": "buff", "target": poro})
    assert table.state["objects"][poro]["might"] == 3  # a buff is +1 Might (rule 703)
    table.refuses({"type": "trigger", "player": "P1", "source": poro, "ability": "x"}, rule="182.3.b")


def test_a_spell_cannot_target_itself_352_8_c():
    table = Table.with_units()
    shakedown_on_poro(table)
    table.pass_("P1")
    itself = f"c{table.state['next_id']['c'] + 1}"
    table.refuses({"type": "play", "player": "P2", "card": "Defy", "targets": [itself],
                   "pay": {"exhaust": table.runes("P2", 1)}}, rule="352.8.c")


def test_an_unknown_target_is_refused_in_strict_and_skipped_in_audit_352_8_a():
    strict = Table.with_units()
    event = {"type": "play", "player": "P1", "card": "Gust", "targets": ["o999"],
             "pay": {"exhaust": strict.runes("P1", 1)}}
    strict.refuses(event, rule="352.8.a")
    audit = Table.with_units("audit")
    before = audit.state
    state = audit.do(event)
    assert state["violations"][-1]["rule"] == "352.8.a" and state["violations"][-1]["skipped"]
    assert state["seq"] == before["seq"] + 1 and state["chain"] == before["chain"]
    assert state["objects"] == before["objects"]
