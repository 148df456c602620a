"""Who performs an instruction, checked against the card (issue 26, "Honest coverage"; engine/cards/players.py): an
instruction's complement names its player (v1.4 135.2.b.5.a), and in a "checked" match a `resolve` whose op is
another player's is refused in strict citing v1.4 359.3.d (a spell) or v1.4 406.5 (an ability), quoting the card;
flagged in audit. Real gallery cards, v1.4:

- Spiritforged's Detonate, "Kill a gear. Its controller draws 2." (the controller of the gear killed, read as the
  spell resolves);
- Unleashed's Bewitching Spirit, "When you play me, choose a player. They discard 1." (any player, the recorder's
  choice);
- Unleashed's Walking Roost, "When you play me, choose an opponent. They play a 1 [S] Bird unit token with
  [Deflect]." (an opponent's token);
- Vendetta's Minah Swiftfoot, "When I move to a battlefield, choose one — - Each player discards 1. - Each player
  draws 1." (each player once);
- Spiritforged's The Papertree, "When you hold here, each player channels 1 rune exhausted." (compiled: exhausted).
"""
from __future__ import annotations

import pytest

from gallery_table import GalleryTable, deck
from test_rules_statics import deck_count

from engine.cards.effects import compile_ability

SPELL, ABILITY = "v1.4 359.3.d", "v1.4 406.5"
P1 = deck("Bloodharbor Ripper", ["Detonate", "Bewitching Spirit", "Walking Roost", "Minah Swiftfoot",
                                 "Serrated Dirk"], ["The Papertree", "Zaun Warrens", "Altar to Unity"])
P2 = deck("Butcher of the Sands", ["Doran's Blade", "Crowd Favorite"],
          ["Vilemaw's Lair", "Trifarian War Camp", "Windswept Hillock"])
P2_SEGMENT = "runedeck:8 runes:2 Fury Rune;2 Body Rune hand:Crowd Favorite;? base:Doran's Blade"


def table(p1: str, policy: str = "strict", player: str = "P1") -> GalleryTable:
    line = (f"position turn 3 {player} action first P1 | P1 0 bf:The Papertree deck:{deck_count(p1)} {p1} "
            f"| P2 0 bf:Vilemaw's Lair deck:{deck_count(P2_SEGMENT)} {P2_SEGMENT}")
    return GalleryTable(P1, P2, policy, rules="v1.4", abilities="checked").do(line)



@pytest.mark.parametrize(("text", "player"), [
    ("Kill a gear. Its controller draws 2.", {"of": -1, "whose": "controller"}),
    ("When you play me, choose a player. They discard 1.", "any"),
    ("When you play me, choose an opponent. They play a 1 [S] Bird unit token with [Deflect].", "opponent"),
    ("When you hold here, each player channels 1 rune exhausted.", "each"),
])
def test_the_player_an_instruction_names_compiles_with_nothing_unread(text: str, player):
    compiled = compile_ability({"kind": "spell" if text.startswith("Kill") else "triggered", "text": text})
    assert compiled["unread"] == [] and compiled["effects"][-1]["player"] == player


def test_the_papertrees_runes_are_channelled_exhausted():
    [spec] = compile_ability({"kind": "triggered", "text": "When you hold here, each player channels 1 rune "
                                                           "exhausted."})["effects"]
    assert spec["exhausted"] is True and spec["amount"] == 1


# -- Detonate: its controller draws 2 ----------------------------------------------------------------------------
def detonated(policy: str = "strict") -> GalleryTable:
    return table("runedeck:8 runes:2 Fury Rune;2 Chaos Rune hand:Detonate", policy).do(
        "P1 play Detonate -> Doran's Blade $1 / Fury Rune", "P1 pass", "P2 pass")


def test_detonate_killing_an_enemy_gear_and_its_controller_drawing_2_is_legal():
    t = detonated().do("resolve Detonate: kill Doran's Blade | draw P2 ?; ?")
    assert t.state["violations"] == [] and t.state["players"]["P2"]["hand_count"] == 4


def test_detonate_drawing_for_its_caster_is_refused_v1_4_359_3_d():
    refusal = detonated().refuses("resolve Detonate: kill Doran's Blade | draw P1 ?; ?", rule=SPELL)
    assert "the card's draw is by its controller (P2), not P1" in str(refusal)
    assert '"Kill a gear. Its controller draws 2."' in str(refusal)


def test_detonate_drawing_3_is_refused_v1_4_359_3_d():
    refusal = detonated().refuses("resolve Detonate: kill Doran's Blade | draw P2 ?; ?; ?", rule=SPELL)
    assert "the card says draw 2, not 3" in str(refusal)


def test_detonate_without_the_draw_is_refused_v1_4_359_3_d():
    refusal = detonated().refuses("resolve Detonate: kill Doran's Blade", rule=SPELL)
    assert "records no draw for 'Its controller draws 2'" in str(refusal)


def test_detonate_drawing_for_its_caster_in_an_audit_match_is_flagged():
    detonated("audit").flags("resolve Detonate: kill Doran's Blade | draw P1 ?; ?", rule=SPELL)


# -- Bewitching Spirit: a player chosen discards 1 ---------------------------------------------------------------
def bewitched(policy: str = "strict") -> GalleryTable:
    return table("runedeck:6 runes:3 Fury Rune;3 Chaos Rune hand:Bewitching Spirit;Detonate", policy).do(
        "P1 play Bewitching Spirit $3", 'P1 trigger Bewitching Spirit "when-you-play"', "P1 pass", "P2 pass")


@pytest.mark.parametrize("discard", ["discard P2 Crowd Favorite", "discard P1 Detonate"])
def test_bewitching_spirit_any_player_chosen_discarding_1_is_legal(discard: str):
    assert bewitched().do(f"resolve Bewitching Spirit: {discard}").state["violations"] == []


def test_bewitching_spirit_discarding_2_is_refused_v1_4_406_5():
    refusal = bewitched().refuses("resolve Bewitching Spirit: discard P2 Crowd Favorite; ?", rule=ABILITY)
    assert "the card says discard 1, not 2" in str(refusal) and "choose a player. They discard 1." in str(refusal)


def test_bewitching_spirit_discarding_for_two_players_is_refused_v1_4_406_5():
    bewitched().refuses("resolve Bewitching Spirit: discard P2 Crowd Favorite | discard P1 Detonate", rule=ABILITY)


# -- Walking Roost: an opponent plays the Bird -------------------------------------------------------------------
def roosted(policy: str = "strict") -> GalleryTable:
    return table("runedeck:4 runes:3 Fury Rune;5 Chaos Rune hand:Walking Roost", policy).do(
        "P1 play Walking Roost $5", 'P1 trigger Walking Roost "when-you-play"', "P1 pass", "P2 pass")


def test_walking_roost_an_opponent_playing_the_bird_token_is_legal():
    t = roosted().do("resolve Walking Roost: token P2 Bird")
    assert t.state["violations"] == []
    assert [obj["controller"] for obj in t.state["objects"].values() if obj["card"] == "Bird"] == ["P2"]


def test_walking_roost_its_controller_playing_the_bird_token_is_refused_v1_4_406_5():
    refusal = roosted().refuses("resolve Walking Roost: token P1 Bird", rule=ABILITY)
    assert "the card's token is an opponent's, not its controller's (P1)" in str(refusal)


def test_walking_roost_its_controller_playing_the_bird_in_an_audit_match_is_flagged():
    roosted("audit").flags("resolve Walking Roost: token P1 Bird", rule=ABILITY)


# -- Minah Swiftfoot: each player draws 1 (or each discards 1) ---------------------------------------------------
def moved(policy: str = "strict") -> GalleryTable:
    return table("runedeck:8 runes:2 Fury Rune;2 Chaos Rune base:Minah Swiftfoot hand:Detonate", policy).do(
        "P1 move Minah Swiftfoot -> bf1", 'P1 trigger Minah Swiftfoot "when-i-move"', "P1 pass", "P2 pass")


@pytest.mark.parametrize("mode", ["draw P1 ? | draw P2 ?", "discard P2 Crowd Favorite | discard P1 Detonate"])
def test_minah_swiftfoot_each_player_once_is_legal(mode: str):
    assert moved().do(f"resolve Minah Swiftfoot: {mode}").state["violations"] == []


def test_minah_swiftfoot_drawing_for_one_player_only_is_refused_v1_4_406_5():
    refusal = moved().refuses("resolve Minah Swiftfoot: draw P1 ?", rule=ABILITY)
    assert "records no draw for P2: 'Each player draws 1' is each one's" in str(refusal)


def test_minah_swiftfoot_drawing_twice_for_one_player_is_refused_v1_4_406_5():
    refusal = moved().refuses("resolve Minah Swiftfoot: draw P1 ? | draw P1 ?", rule=ABILITY)
    assert "the card's draw is once for each player, and P1 has one" in str(refusal)


def test_minah_swiftfoot_drawing_for_one_player_in_an_audit_match_is_flagged():
    moved("audit").flags("resolve Minah Swiftfoot: draw P1 ?", rule=ABILITY)


# -- The Papertree: each player channels 1 rune exhausted --------------------------------------------------------
def held(policy: str = "strict") -> GalleryTable:
    t = table("runedeck:8 runes:2 Fury Rune;2 Chaos Rune controls:bf1 bf1:Minah Swiftfoot", policy, player="P2")
    return t.do("P2 end turn", "P1 pass", 'P1 trigger The Papertree "when-you-hold"', "P1 pass", "P2 pass")


def test_the_papertree_each_player_channelling_1_rune_exhausted_is_legal():
    t = held().do("resolve The Papertree: channel P1 Fury Rune +exhausted | channel P2 Body Rune +exhausted")
    assert t.state["violations"] == []


def test_the_papertree_channelling_a_ready_rune_is_refused_v1_4_406_5():
    refusal = held().refuses("resolve The Papertree: channel P1 Fury Rune | channel P2 Body Rune +exhausted",
                             rule=ABILITY)
    assert "the card channels exhausted runes" in str(refusal)
    assert '"When you hold here, each player channels 1 rune exhausted."' in str(refusal)


def test_the_papertree_channelling_a_ready_rune_in_an_audit_match_is_flagged():
    held("audit").flags("resolve The Papertree: channel P1 Fury Rune | channel P2 Body Rune +exhausted",
            rule=ABILITY)
