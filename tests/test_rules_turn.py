"""The turn: phases (later revision 314-315), the action phase and end of turn (516-517), runes and scoring."""
from __future__ import annotations

from table import AT_ACTION, Table


def test_the_channel_phase_channels_two_runes_315_3_b():
    table = Table.after_setup()
    table.refuses("P1 channel Fury Rune", rule="315.3.b")
    table.do("P1 channel Fury Rune; Chaos Rune")
    p1 = table.state["players"]["P1"]
    assert len(p1["runes"]) == 2 and p1["rune_deck_count"] == 10
    assert not any(table.state["objects"][rune]["exhausted"] for rune in p1["runes"])
    assert table.state["phase"] == "draw"


def test_the_second_player_channels_an_extra_rune_on_their_first_turn_644_7():
    table = Table.at_action().do("P1 end turn")
    table.refuses("P2 channel Calm Rune; Mind Rune", rule="644.7")  # the duel's rule for the third rune
    table.do("P2 channel Calm Rune; Mind Rune; Calm Rune", "P2 draw Defy", "P2 end turn")
    table.refuses("P1 channel Fury Rune; Fury Rune; Fury Rune", rule="315.3.b")


def test_a_short_rune_deck_channels_what_it_has_315_3_b_1():
    table = Table.after_setup()
    table.state["players"]["P1"]["rune_deck_count"] = 1
    table.do("P1 channel Fury Rune")
    assert len(table.state["players"]["P1"]["runes"]) == 1


def test_channeling_a_rune_not_in_the_rune_deck_is_refused_606_1():
    Table.after_setup().refuses("P1 channel Fury Rune; Calm Rune", rule="606.1")


def test_the_draw_phase_draws_one_315_4_b():
    table = Table.after_setup().do("P1 channel Fury Rune; Chaos Rune")
    table.refuses("P1 draw Gust; Gust", rule="315.4.b")
    table.do("P1 draw Gust")
    assert table.state["phase"] == "action" and table.state["priority"] == "P1"
    assert table.state["awaiting"] == [{"player": "P1", "kind": "action"}]


def test_the_rune_pool_empties_as_the_draw_phase_ends_315_4_d():
    table = Table.after_setup().do("P1 channel Fury Rune; Chaos Rune", "P1 add 1")
    assert table.state["players"]["P1"]["pool"]["energy"] == 1
    table.do("P1 draw Gust")
    assert table.state["players"]["P1"]["pool"] == {"energy": 0, "power": {}}


def test_a_draw_outside_the_draw_phase_is_an_effects_draw_and_is_not_flagged_591_2_b():
    table = Table.at_action().do("P1 draw Gust")  # e.g. "draw 1" of a card's text, recorded as its own event
    assert table.state["phase"] == "action" and table.cards(table.state["players"]["P1"]["hand"])[-1] == "Gust"


def test_drawing_a_card_the_deck_no_longer_holds_is_flagged_591_1():
    table = Table.at_action("audit").do("P1 end turn", "P2 channel Calm Rune; Mind Rune; Calm Rune")
    table.flags("P2 draw Void Seeker", rule="591.1")


def test_burning_out_shuffles_the_trash_back_and_gives_the_opponent_a_point_607_2():
    table = Table.after_setup().do("P1 channel Fury Rune; Chaos Rune")
    p1 = table.state["players"]["P1"]
    gust = table.find("P1", "Gust", "hand")
    p1["hand"].remove(gust)
    p1["trash"].append(gust)
    table.state["objects"][gust]["zone"] = "trash"
    p1["deck_count"], p1["deck"] = 0, {}
    table.do("P1 draw Gust")
    assert table.state["scores"] == {"P1": 0, "P2": 1}
    assert table.state["players"]["P1"]["trash"] == [] and table.state["players"]["P1"]["deck_count"] == 0
    assert table.obj("P1", "Gust", "hand")


def test_awaken_readies_what_the_turn_player_controls_315_1_a():
    table = Table.at_action().do("P1 play Legion Rearguard $2", "P1 end turn",
                                 "P2 channel Calm Rune; Mind Rune; Calm Rune", "P2 draw Defy",
                                 "P2 play Stalwart Poro $2", "P2 end turn")
    p1 = table.state["players"]["P1"]
    assert not table.obj("P1", "Legion Rearguard")["exhausted"]
    assert not any(table.state["objects"][rune]["exhausted"] for rune in p1["runes"])
    assert table.obj("P2", "Stalwart Poro")["exhausted"]  # not P2's turn: stays exhausted


def test_only_the_turn_player_ends_the_turn_516_6():
    Table.at_action().refuses("P2 end turn", rule="516.6")


def test_the_turn_cannot_end_while_a_chain_exists_505():
    table = Table.with_units().do("P1 play Shakedown -> Stalwart Poro $2 / Fury Rune")
    table.refuses("P1 end turn", rule="505")


def test_an_audit_turn_ended_over_an_open_chain_sends_its_spells_to_the_trash_505():
    table = Table.with_units("audit").do("P1 play Shakedown -> Stalwart Poro $2 / Fury Rune")
    table.flags("P1 end turn", rule="505")
    assert table.state["chain"] == [] and table.obj("P1", "Shakedown", "trash")
    assert table.state["turn_player"] == "P2"


def test_the_expiration_step_clears_damage_and_this_turn_effects_517_2():
    table = Table.with_units().do("P1 play Shakedown -> Stalwart Poro $2 / Fury Rune", "P1 pass", "P2 pass",
                                  "resolve Shakedown: damage Stalwart Poro 1 | might Stalwart Poro +2 until turn"
                                  " | grant Stalwart Poro +Tank until turn")
    poro = table.find("P2", "Stalwart Poro")
    assert table.state["objects"][poro]["might"] == 4 and "Tank" in table.state["objects"][poro]["keywords"]
    table.do("P1 end turn")
    obj = table.state["objects"][poro]
    assert obj["damage"] == 0 and obj["might"] == 2 and obj["keywords"] == ["Shield"]


def test_the_rune_pool_empties_at_the_end_of_the_turn_517_2_c():
    table = Table.at_action().do("P1 add 1", "P1 end turn")
    assert table.state["players"]["P1"]["pool"] == {"energy": 0, "power": {}}


def test_stuns_end_at_the_next_ending_step_599_1_a_2():
    table = Table.with_units().do("P1 play Shakedown -> Stalwart Poro $2 / Fury Rune", "P1 pass", "P2 pass",
                                  "resolve Shakedown: stun Stalwart Poro")
    poro = table.find("P2", "Stalwart Poro")
    assert table.state["objects"][poro]["stunned"]
    table.do("P1 end turn")
    assert not table.state["objects"][poro]["stunned"]


def test_the_next_turn_belongs_to_the_next_player_in_turn_order_517_5():
    table = Table.at_action().do("P1 end turn")
    assert (table.state["turn"], table.state["turn_player"], table.state["phase"]) == (2, "P2", "beginning")


# AT_ACTION with a unit of P2's at Altar to Unity, which P2 controls.
HOLDING = AT_ACTION.replace("P2 0 bf:Altar to Unity deck:35", "P2 0 bf:Altar to Unity controls:bf2 bf2:Sunlit Guardian "
                                                              "deck:34")


def test_holding_a_battlefield_scores_in_the_beginning_phase_630_2():
    table = Table.from_position(HOLDING.replace("P2 0 ", "P2 0 "))
    table.do("P1 end turn")
    assert table.state["scores"] == {"P1": 0, "P2": 0}  # the beginning step first (315.2.a) ...
    table.do("P2 channel Calm Rune; Mind Rune; Calm Rune")  # ... closed by the channel: the scoring step
    assert table.state["scores"] == {"P1": 0, "P2": 1}


def test_reaching_the_victory_score_wins_the_game_633():
    table = Table.from_position(HOLDING.replace("P2 0 ", "P2 7 "))
    table.do("P1 end turn", "P2 pass")
    assert table.state["winner"] == "P2" and table.state["phase"] == "over" and table.state["awaiting"] == []
    table.refuses("P2 channel Calm Rune; Mind Rune; Calm Rune", rule="633")


def test_no_turn_ends_in_a_game_that_ended_during_its_setup_516_6():
    """Found by fuzzing: end_turn after a concession during setup looked for the turn player None (ValueError)."""
    Table().do("game 1: P1 first; P1 Zaun Warrens; P2 Altar to Unity", "P2 concede").refuses("P1 end turn",
                                                                                               rule="516.6")


def test_a_concession_ends_the_game_651_1():
    table = Table.at_action().do("P1 concede")
    assert table.state["winner"] == "P2" and table.state["match_winner"] == "P2"


def test_a_channel_outside_the_channel_phase_is_a_channel_effect_and_is_not_flagged_606_3_a():
    table = Table.at_action().do("P1 channel Fury Rune")
    assert len(table.state["players"]["P1"]["runes"]) == 3 and table.state["phase"] == "action"


def test_awaiting_says_how_many_runes_are_due_three_for_the_second_players_first_channel_644_7():
    # A recording screen asks for as many runes as the engine awaits (issue 15): 2, then the second player's 3.
    table = Table.after_setup()
    assert table.state["awaiting"] == [{"player": "P1", "kind": "channel", "count": 2, "rule": "315.3.b"}]
    table.do("P1 channel Fury Rune; Chaos Rune")
    assert table.state["awaiting"] == [{"player": "P1", "kind": "draw", "count": 1, "rule": "315.4.b"}]
    table.do("P1 draw Void Seeker", "P1 end turn")
    assert table.state["awaiting"] == [{"player": "P2", "kind": "channel", "count": 3, "rule": "644.7"}]
    table.do("P2 channel Calm Rune; Mind Rune; Calm Rune", "P2 draw Defy", "P2 end turn")
    assert table.state["awaiting"] == [{"player": "P1", "kind": "channel", "count": 2, "rule": "315.3.b"}]


def test_awaiting_a_channel_from_a_short_rune_deck_asks_for_what_it_holds_315_3_b_1():
    table = Table.after_setup()
    table.state["players"]["P1"]["rune_deck_count"] = 1
    table.do({"type": "note", "text": "any event refreshes what is awaited"})
    assert table.state["awaiting"][0]["count"] == 1 and table.state["awaiting"][0]["rule"] == "315.3.b.1"


def test_playing_a_card_drawn_unseen_by_its_id_is_refused_naming_what_is_missing_108():
    # The recording screen once sent the unseen card's id and got "rule 595.1 None is a None": the play must name
    # the card, which becomes public on the chain (004 108, 533).
    table = Table.after_setup().do("P1 channel Fury Rune; Chaos Rune", "P1 draw ?")
    unseen = table.state["players"]["P1"]["hand"][-1]
    refusal = table.refuses({"type": "play", "player": "P1", "card": unseen,
                             "pay": {"exhaust": table.state["players"]["P1"]["runes"]}}, rule="108")
    message = refusal.violations[0]["message"]
    assert f"plays {unseen}, a card drawn unseen: name the card played" in message and "None" not in message
    # Named, it is revealed as it is played.
    table.do({"type": "play", "player": "P1", "card": "Pouty Poro",
              "pay": {"exhaust": table.state["players"]["P1"]["runes"]}})
    assert table.state["objects"][unseen]["card"] == "Pouty Poro"
    assert table.state["objects"][unseen]["zone"] == "board"
