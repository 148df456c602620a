"""Hidden (004 723, 597, 106.4, 523; v1.3 811): hiding a card facedown at a battlefield and playing it later, with
the demo decks' Hidden spells Block and Fox-Fire (Nine-Tailed Fox, Calm/Mind)."""
from __future__ import annotations

import engine
from engine.views import redact_event, view
from replays import notation
from positions import transcript
from table import CATALOG, Table

# Turn 6, P2's action phase: the ARENA board (tests/positions.py) with Block and Fox-Fire in P2's hand. P2 controls
# Altar to Unity (bf2) with Sunlit Guardian and Stalwart Poro; Zaun Warrens (bf1) is nobody's.
HIDE = ("turn 6 P2 action first P1 | P1 0 bf:Zaun Warrens deck:33 runedeck:6 "
        "hand:Gust;Shakedown;Super Mega Death Rocket! runes:3 Fury Rune;3 Chaos Rune "
        "base:Legion Rearguard;Chemtech Enforcer;Flame Chompers | "
        "P2 0 bf:Altar to Unity controls:bf2 deck:32 runedeck:6 hand:Stupefy;Discipline;Block;Fox-Fire "
        "runes:3 Calm Rune;3 Mind Rune base:Clockwork Keeper bf2:Sunlit Guardian;Stalwart Poro")


def hidden_block(policy: str = "strict") -> Table:
    """P2 hid Block at Altar to Unity (bf2), paying a Calm rune's Power."""
    return Table.from_position(HIDE, policy).do("P2 hide Block @bf2 $0 / Calm Rune")


def next_turn(table: Table) -> Table:
    """P2 ends turn 6; P1's turn 7 reaches its action phase."""
    return table.do("P2 end turn", "P1 pass", "P1 channel Fury Rune; Chaos Rune", "P1 draw Gust")


def test_hiding_puts_the_card_facedown_at_a_battlefield_its_player_controls_597_1_723_1_b():
    table = hidden_block()
    block = table.obj("P2", "Block", "facedown")
    assert table.state["battlefields"][1]["facedown"] == block["id"]
    assert (block["hidden_at"], block["hidden_turn"], block["location"]) == ("bf2", 6, None)
    p2 = table.state["players"]["P2"]
    assert p2["hand_count"] == 3 and p2["pool"] == {"energy": 0, "power": {}} and p2["rune_deck_count"] == 7
    assert table.state["chain"] == [] and table.state["priority"] == "P2"  # no chain (723.1.c.2)


def test_a_facedown_card_is_private_to_its_controller_127_4():
    table = hidden_block()
    block = table.find("P2", "Block", "facedown")
    for viewer in ("P1", "spectator"):
        shown = view(table.state, viewer)
        assert shown["objects"][block]["card"] is None and shown["battlefields"][1]["facedown"] == block
    assert view(table.state, "P2")["objects"][block]["card"] == "Block"
    event = table.parse("P2 hide Fox-Fire @bf2 $0 / Mind Rune")
    assert redact_event(event, "P1")["card"] is None and redact_event(event, "P2") == event


def test_a_hide_at_a_battlefield_the_player_does_not_control_is_refused_106_4_c():
    Table.from_position(HIDE).refuses("P2 hide Block @bf1 $0 / Calm Rune", rule="106.4.c")


def test_a_second_card_hidden_at_the_same_battlefield_is_refused_106_4_b():
    hidden_block().refuses("P2 hide Fox-Fire @bf2 $0 / Mind Rune", rule="106.4.b")


def test_hiding_costs_one_power_of_the_domain_identity_723_1_b_1():
    Table.from_position(HIDE).refuses("P2 hide Block @bf2 $1", rule="723.1.b")
    table = Table.from_position(HIDE).do("P2 hide Block @bf2 $0 / Mind Rune")  # Mind: of the deck, not of Block
    assert table.state["players"]["P2"]["pool"]["power"] == {}


def test_only_a_card_with_hidden_is_hidden_723_1():
    Table.from_position(HIDE).refuses("P2 hide Stupefy @bf2 $0 / Calm Rune", rule="723.1")


def test_hiding_is_a_discretionary_action_of_the_players_own_turn_589_1_a():
    table = Table.from_position(HIDE).do("P2 end turn", "P1 pass", "P1 channel Fury Rune; Chaos Rune", "P1 draw Gust")
    table.refuses("P2 hide Block @bf2 $0 / Calm Rune", rule="589.1.a")


def test_a_facedown_card_is_not_played_the_turn_it_was_hidden_723_1_b():
    hidden_block().refuses("P2 play Block <facedown -> Stalwart Poro", rule="723.1.b")


def test_a_facedown_card_is_played_later_with_reaction_for_no_cost_723_1_b():
    table = next_turn(hidden_block()).do("P1 play Shakedown -> Stalwart Poro $2 / Fury Rune", "P1 pass",
                                         "P2 play Block <facedown -> Stalwart Poro")
    item = table.state["chain"][-1]
    assert (item["card"], item["controller"], item["targets"]) == ("Block", "P2", [table.find("P2", "Stalwart Poro")])
    assert table.state["battlefields"][1]["facedown"] is None
    assert table.state["players"]["P2"]["pool"] == {"energy": 0, "power": {}}
    table.do("P2 pass", "P1 pass", "resolve Block: grant Stalwart Poro +Shield=3 until turn | "
                                   "grant Stalwart Poro +Tank until turn")
    assert "Tank" in table.obj("P2", "Stalwart Poro")["keywords"]


def test_a_card_played_from_facedown_targets_only_at_its_battlefield_723_1_d():
    table = next_turn(hidden_block()).do("P1 play Shakedown -> Stalwart Poro $2 / Fury Rune", "P1 pass")
    table.refuses("P2 play Block <facedown -> Clockwork Keeper", rule="723.1.d")  # at P2's base


def test_a_facedown_card_leaves_at_the_cleanup_once_its_controller_loses_the_battlefield_106_4_d_523():
    table = next_turn(hidden_block())
    table.do("P1 move Legion Rearguard; Chemtech Enforcer; Flame Chompers -> bf2", "P1 pass", "P2 pass",
             "P1 assign Sunlit Guardian 4; Stalwart Poro 5", "P2 assign Legion Rearguard 2; Flame Chompers 3; "
                                                             "Chemtech Enforcer 2")
    assert table.state["battlefields"][1]["controller"] == "P1"
    assert table.state["battlefields"][1]["facedown"] is None
    block = table.obj("P2", "Block", "trash")  # its owner's trash, face up (597.4)
    assert "hidden_at" not in block and view(table.state, "P1")["objects"][block["id"]]["card"] == "Block"


def test_a_position_describes_facedown_cards_and_reads_back():
    table = hidden_block()
    line = notation.write_position(notation.position_of(table.state))
    assert "facedown:Block@bf2*" in line
    again = Table.from_position(line)
    assert again.obj("P2", "Block", "facedown")["hidden_turn"] == 6
    again.refuses("P2 play Block <facedown -> Stalwart Poro", rule="723.1.b")
    older = Table.from_position(line.replace("Block@bf2*", "Block@bf2"))
    assert older.obj("P2", "Block", "facedown")["hidden_turn"] == 0


def test_a_position_with_a_facedown_card_at_a_battlefield_its_player_does_not_control_is_refused_106_4_c():
    Table().refuses(f"position {HIDE.replace('deck:32', 'deck:31')} facedown:Block@bf1", rule="106.4.c")


def test_a_position_hides_the_facedown_cards_of_others_from_a_view_127_4():
    event = notation.parse_position(f"{HIDE.replace('deck:32', 'deck:31')} facedown:Block@bf2")
    assert redact_event(event, "P1")["players"]["P2"]["facedown"] == [{"card": None, "at": "bf2",
                                                                        "this_turn": False}]


def test_a_match_with_a_hidden_card_writes_and_reads_back_as_the_same_match():
    text = transcript(f"position {HIDE}", "P2 hide Block @bf2 $0 / Calm Rune", "P2 end turn", "P1 pass",
                      "P1 channel Fury Rune; Chaos Rune", "P1 draw Gust",
                      "P1 play Shakedown -> Stalwart Poro $2 / Fury Rune", "P1 pass",
                      "P2 play Block <facedown -> Stalwart Poro", "P2 pass", "P1 pass",
                      "resolve Block: grant Stalwart Poro +Tank until turn")
    events = notation.parse_match(text)
    written = notation.write_match(events)
    assert notation.parse_match(written) == events
    assert "P2 hide Block @bf2 $0 / Calm Rune" in written and "P2 play Block <facedown -> Stalwart Poro" in written
    assert engine.fold(notation.parse_match(written), CATALOG) == engine.fold(events, CATALOG)
