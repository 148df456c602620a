"""Effect instructions read from the cards (issue 26, "Honest coverage": the effect instructions the reader did not
read, engine/cards/effects.py and engine/cards/players.py). In v1.4 matches whose abilities the engine checks, a
legal use folds clean and a misuse is refused in strict citing the rule, quoting the card. Real gallery cards:

- "Use this ability only while I'm at a battlefield." (Origins' Xerath, Freed; Unleashed's Ultrasoft Poro): the
  activation is refused in a base (card text, v1.4 002); "Use only if you've played an Equipment this turn."
  (Emperor of the Sands) before any Equipment is played; Bashful Bloom's "This ability costs [1] less for each
  friendly unit with [Temporary]." is its cost's (engine/cards/statics.py), no instruction of its effect;
- "Each player kills one of their units." (Unleashed's Cull the Weak; Acceptable Losses' gear): one kill a player,
  of a unit that player controls (none for a player who controls none);
- "Take a turn after this one." (Time Warp: a `turn` for its controller), "Take control of it and recall it."
  (Possession: `control` to its controller), "When you play me, name a spell." (Fallen Feline: a `name` of a card,
  `of` "Spell"); Whirlwind's "Starting with the next player, each player may return a unit to its owner's hand." (at
  most one a player); Card Sharp's "you and each opponent may play a Gold gear token exhausted. For each opponent
  who did, you play a Gold gear token exhausted.";
- effects that last the turn, a `static` op (engine/cards/lasting.py): Spiritforged's Bushwhack ("Friendly units
  enter ready this turn."), Raging Firebrand ("the next spell you play this turn costs [5] less"), Sun Disc ("The
  next unit you play this turn enters ready."), Twilight Shroud ("It can't be chosen by enemy spells and abilities
  this turn.": the static's source is the unit given +1);
- a card played by the effect (engine/cards/plays.py): Origins' The Harrowing ("Play a unit from your trash,
  ignoring its Energy cost.": `options.base_cost` of no Energy and its Power), Spectral Matron ("you may play a unit
  costing no more than [3] and no more than [A] from your trash, ignoring its cost": `options.ignore_cost`), Ava
  Achiever ("When I attack, you may pay [B] to play a card with [Hidden] from your hand here, ignoring its cost."),
  Tail-Cloaked Matriarch ("you may choose a unit in your trash with Energy cost no more than [3] and Power cost no
  more than [A]. Play it to your base, ignoring its cost."), Here to Help ("You may play a unit from hand to a
  battlefield you control, reducing its cost by [3].": `options.base_cost` its Energy less 3 and its Power), Rell,
  Magnetic ("you may play an Equipment with Energy cost no more than [2], ignoring its cost, and attach it to me.");
- Shadow Order Disciple's "When I move, you may [Burn 1] to give me +1 [S] this turn." (the Burn is the cost paid
  for the Might, v1.4 204.3.b); Ivern, Nurturer's "Then if you revealed a Bird, Cat, Dog, or Poro, do this: [Buff]
  a friendly unit." (the card revealed from among those looked at);
- Gentlemen's Duel's "Give a friendly unit +3 [S] this turn. Then choose an enemy unit. They deal damage equal to
  their Mights to each other." (the unit given +3 is one of the two), Dragon's Rage's "Move an enemy unit. Then
  choose another enemy unit at its destination. They deal ..." (the unit moved, and one where it moved to);
- damage yet to be dealt (engine/cards/damage_changes.py): Ki Barrier's "Prevent the next 7 damage that would be
  dealt to it this turn.", Lotus Trap's "Double all damage that would be dealt to it this turn.", Unyielding
  Spirit's "Prevent all spell and ability damage this turn.";
- a reviewed data entry (engine/cards/data/sprite-fountain.json): Sprite Fountain's "[Deathknell][>] Repeat this
  gear's play effect." is its play line's token;
- a hand revealed and a card picked from it (engine/cards/hands.py): Sabotage's "Choose an opponent. They reveal
  their hand. Choose a non-unit card from it, and recycle that card." (the whole hand; the card recycled by its
  owner);
- Volibear, Furious's "When I attack, deal 5 damage split among any number of enemy units here." (the shares add
  up to 5, each to an enemy unit here);
- damage measured on another object (engine/cards/measures.py): Last Breath's "Ready a friendly unit. It deals
  damage equal to its Might to an enemy unit at a battlefield.", Get Excited!'s "Discard 1. Deal its Energy cost as
  damage to a unit at a battlefield.", Morgana, Vindictive's "deal damage to a unit equal to the damage marked on
  it", Consuming Curse's "Deal 2 to a unit at a battlefield. This deals 1 Bonus Damage for each card with this name
  in your trash." (2 and 1 for each), Convergent Mutation's "Choose a friendly unit. This turn, increase its Might
  to the Might of another friendly unit." (the delta that takes it to another friendly unit's Might),
  Switcheroo's "Swap the Might of two units at the same battlefield this turn.", Albus Ferros' "spend any number
  of buffs. For each buff spent, channel 1 rune exhausted.", Overt Operation's "For each friendly unit, you may
  spend its buff to ready it." (each unit readied is one whose buff was spent), Deathgrip's "Kill a friendly unit
  to give +[S] equal to its Might to another friendly unit this turn.";
- tokens that become copies (engine/cards/copies.py): Keeper of Masks' "When you play me, play two Reflection unit
  tokens here. They become copies of me." (a copy of it for each token played);
- Green Father's "When you conquer or hold, you may exhaust me to replace that battlefield with a Brush battlefield
  token." (engine/cards/battlefields.py: a battlefield its controller controls);
- counters with a condition of their own (engine/cards/countering.py): Crumbling Sands' "Counter a spell if an
  opponent has played another spell this turn.", Repulse's "Choose a friendly unit at a battlefield. Counter an
  enemy spell or ability that chooses it and no other friendly unit.", Mystic Reversal's "Gain control of a spell.
  You may make new choices for it.", Abandon's "Counter a spell. Return it to its owner's hand instead of putting
  it in their trash.", Riposte's "Choose a friendly unit and a spell. Counter that spell and give that unit +[S]
  equal to that spell's Energy cost this turn.";
- Grandmaster at Arms' "Attach a detached Equipment you control to a unit you control." (engine/cards/
  attachments.py: detached or attached as it resolves);
- En Garde's "Give a friendly unit +1 [S] this turn, then an additional +1 [S] this turn if it is the only unit you
  control there." (the second needed where the unit is alone, refused where it is not);
- Kato the Arm's "When I move to a battlefield, give a friendly unit my keywords and +[S] equal to my Might this
  turn." (each of its keywords and its Might, to one unit);
- Dr. Mundo, Expert's "At the start of your Beginning Phase, recycle 3 from your trash." (three cards of its
  controller's trash, fewer only when it holds fewer).
"""
from __future__ import annotations

import pytest

from gallery_table import GalleryTable, deck, listed, said

from engine.cards.effects import compile_ability

SPELL, ABILITY, CARD = "v1.4 359.3.d", "v1.4 406.5", "v1.4 002"
P1 = deck("Hand of Noxus", ["Xerath, Freed", "Ultrasoft Poro", "Cull the Weak", "Fallen Feline", "Void Seeker",
                            "Bushwhack", "Raging Firebrand", "Sun Disc", "Spectral Matron", "Ki Barrier",
                            "Lotus Trap", "Volibear, Furious", "Get Excited!", "Morgana, Vindictive", "Deathgrip",
                            "Albus Ferros", "Rell, Magnetic", "Eye of the Herald", "B.F. Sword", "Consuming Curse",
                            "Consuming Curse"],
          ["Trifarian War Camp", "Zaun Warrens", "Altar to Unity"])
P2 = deck("Blind Monk", ["Yi, Meditative", "Wizened Elder", "Honeyfruit", "Crumbling Sands", "Repulse",
                         "Mystic Reversal"],
          ["Grove of the God-Willow", "Vilemaw's Lair", "Windswept Hillock"])
P1_RUNES = "runedeck:4 runes:4 Fury Rune;4 Order Rune"
P2_RUNES = "runedeck:8 runes:2 Calm Rune;2 Body Rune"


MIND = deck("Prodigal Explorer", ["Time Warp", "Possession", "Acceptable Losses", "The Harrowing", "Soulgorger",
                                  "Shadow Order Disciple", "Dr. Mundo, Expert", "Ava Achiever", "Blastcone Fae",
                                  "Sprite Fountain", "Tail-Cloaked Matriarch", "Invert Timelines",
                                  "Convergent Mutation", "Whirlwind", "Keeper of Masks", "Abandon", "Switcheroo",
                                  "Card Sharp"],
            ["Trifarian War Camp", "Zaun Warrens", "Altar to Unity"])


def table(p1: str, p2: str = P2_RUNES, policy: str = "strict", ana: dict | None = None,
          player: str = "P1", bf: str = "Trifarian War Camp") -> GalleryTable:
    """A v1.4 position at Ana's action phase, turn 3 (or Ben's, turn 4); Ana's battlefield `bf`."""
    turn = 3 if player == "P1" else 4
    line = (f"position turn {turn} {player} action first P1 | P1 0 bf:{bf} deck:{39 - listed(p1)} {p1} "
            f"| P2 0 bf:Grove of the God-Willow deck:{39 - listed(p2)} {p2}")
    return GalleryTable(ana or P1, P2, policy, "v1.4", "checked").do(line)


# -- "Use this ability only while I'm at a battlefield." ----------------------------------------------------------
@pytest.mark.parametrize("name", ["Xerath, Freed", "Ultrasoft Poro", "Caitlyn, Patrolling"])
def test_use_this_ability_only_while_at_a_battlefield_compiles_to_the_activation_check(name: str):
    from gallery_table import gallery_catalog
    [ability] = [a for a in gallery_catalog().card(name)["abilities"] if a["kind"] == "activated"]
    compiled = compile_ability(ability, name)
    assert compiled["unread"] == [] and compiled["use_while"] == {"at": "battlefield"}


@pytest.mark.parametrize(("name", "label", "pay"), [("Xerath, Freed", "deal-3-to", "$0 / Fury Rune"),
                                                    ("Ultrasoft Poro", "play-two-1", "$0")])
def test_an_ability_used_only_at_a_battlefield_is_refused_from_a_base_v1_4_002(name: str, label: str, pay: str):
    at_base = table(f"{P1_RUNES} base:{name}", f"{P2_RUNES} controls:bf2 bf2:Wizened Elder")
    refusal = at_base.refuses(f'P1 activate {name} "{label}" {pay}', rule=CARD)
    assert "Use this ability only while I'm at a battlefield." in said(refusal)
    at_battlefield = table(f"{P1_RUNES} controls:bf1 bf1:{name}", f"{P2_RUNES} controls:bf2 bf2:Wizened Elder")
    assert at_battlefield.do(f'P1 activate {name} "{label}" {pay}').state["violations"] == []


def test_emperor_of_the_sands_is_used_only_after_an_equipment_is_played_v1_4_002():
    azir = deck("Emperor of the Sands", ["Doran's Shield"], ["Trifarian War Camp", "Zaun Warrens", "Altar to Unity"])
    t = table("runedeck:6 runes:3 Calm Rune;3 Order Rune hand:Doran's Shield", ana=azir)
    activate = 'P1 activate Emperor of the Sands "play-a-2" $1'
    refusal = t.refuses(activate, rule=CARD)
    assert "P1 has played no Equipment this turn" in said(refusal) and "Use only if you've played an Equipment" in \
        said(refusal)
    t.do("P1 play Doran's Shield $1", activate)
    assert t.state["violations"] == []


def test_bashful_blooms_own_cost_sentence_is_no_unread_instruction():
    lillia = deck("Bashful Bloom", ["Wizened Elder"], ["Trifarian War Camp", "Zaun Warrens", "Altar to Unity"])
    [ability] = [a for a in lillia_table(lillia).state["cards"]["Bashful Bloom"]["abilities"] if a["kind"] ==
                 "activated"]
    assert compile_ability(ability, "Bashful Bloom")["unread"] == []
    t = lillia_table(lillia).do('P1 activate Bashful Bloom "play-a-ready" $4', "P1 pass", "P2 pass")
    assert t.do("resolve Bashful Bloom: token P1 Sprite +ready").state["violations"] == []
    refusal = lillia_table(lillia).do('P1 activate Bashful Bloom "play-a-ready" $4', "P1 pass", "P2 pass").refuses(
        "resolve Bashful Bloom: token P1 Bird +ready", rule=ABILITY)
    assert "the card plays a Sprite token, not a Bird token" in said(refusal)


def lillia_table(lillia: dict) -> GalleryTable:
    return table("runedeck:4 runes:4 Calm Rune;4 Mind Rune", ana=lillia)


# -- "Each player kills one of their units." ------------------------------------------------------------------------
def culled(p1: str = f"{P1_RUNES} base:Xerath, Freed", policy: str = "strict") -> GalleryTable:
    return table(f"{p1} hand:Cull the Weak", f"{P2_RUNES} base:Wizened Elder;Yi, Meditative", policy).do(
        "P1 play Cull the Weak $2 / Order Rune", "P1 pass", "P2 pass")


@pytest.mark.parametrize("text", ["Each player kills one of their units.", "Each player kills one of their gear."])
def test_each_player_kills_one_of_theirs_compiles_with_nothing_unread(text: str):
    [spec] = compile_ability({"kind": "spell", "text": text})["effects"]
    assert spec["player"] == "each" and spec["target"]["theirs"] is True


def test_cull_the_weak_each_player_killing_one_of_their_units_is_legal():
    t = culled().do("resolve Cull the Weak: kill Xerath, Freed | kill Wizened Elder")
    assert t.state["violations"] == [] and t.state["objects"][t.find("P1", "Xerath, Freed", "trash")]


def test_cull_the_weak_with_no_unit_of_its_caster_needs_only_the_opponents_kill():
    assert culled(P1_RUNES).do("resolve Cull the Weak: kill Yi, Meditative").state["violations"] == []


def test_cull_the_weak_killing_two_of_one_players_units_is_refused_v1_4_359_3_d():
    refusal = culled().refuses("resolve Cull the Weak: kill Wizened Elder | kill Yi, Meditative", rule=SPELL)
    assert "once for each player, and P2 has one" in said(refusal) and "Each player kills one of their units" in \
        said(refusal)


def test_cull_the_weak_leaving_out_a_players_kill_is_refused_and_flagged_v1_4_359_3_d():
    refusal = culled().refuses("resolve Cull the Weak: kill Wizened Elder", rule=SPELL)
    assert "records no kill for P1" in said(refusal)
    culled(policy="audit").flags("resolve Cull the Weak: kill Wizened Elder", rule=SPELL)


# -- Time Warp, Possession, Fallen Feline ------------------------------------------------------------------------
def mind(pool: str, spell: str, targets: str = "") -> GalleryTable:
    return table(f"runedeck:8 runes:2 Mind Rune;2 Chaos Rune {pool} hand:{spell}",
                 f"{P2_RUNES} controls:bf2 bf2:Wizened Elder", ana=MIND).do(f"P1 play {spell}{targets}", "P1 pass",
                                                                             "P2 pass")


def test_time_warp_takes_a_turn_for_its_controller_v1_4_359_3_d():
    warp = mind("pool:10;Mind 4", "Time Warp")
    spell = warp.find("P1", "Time Warp", "chain")
    assert warp.do(f"resolve Time Warp: turn P1 | banish {spell}").state["additional_turns"] == ["P1"]
    refusal = mind("pool:10;Mind 4", "Time Warp").refuses(f"resolve Time Warp: turn P2 | banish {spell}",
                                                              rule=SPELL)
    assert "the card's turn is its controller's (P1), not P2's" in said(refusal)
    assert "records no turn" in said(mind("pool:10;Mind 4", "Time Warp").refuses(
        f"resolve Time Warp: banish {spell}", rule=SPELL))


def test_possession_takes_control_for_its_caster_v1_4_359_3_d():
    possessed = mind("pool:8;Chaos 3", "Possession", " -> Wizened Elder")
    assert possessed.do("resolve Possession: control Wizened Elder -> P1 | recall Wizened Elder").state[
        "violations"] == []
    refusal = mind("pool:8;Chaos 3", "Possession", " -> Wizened Elder").refuses(
        "resolve Possession: recall Wizened Elder", rule=SPELL)
    assert "records no control" in said(refusal) and "Take control of it" in said(refusal)


def feline(policy: str = "strict") -> GalleryTable:
    return table(f"{P1_RUNES} hand:Fallen Feline", policy=policy).do(
        "P1 play Fallen Feline $2 / Order Rune", 'P1 trigger Fallen Feline "when-you-play"', "P1 pass", "P2 pass")


def test_fallen_feline_names_a_spell_v1_4_406_5():
    t = feline().do('resolve Fallen Feline: name Fallen Feline -> card Void Seeker +of="Spell"')
    assert t.obj("P1", "Fallen Feline")["named"] == {"card": "Void Seeker", "of": "Spell"}
    refusal = feline().refuses("resolve Fallen Feline: name Fallen Feline -> card Wizened Elder", rule=ABILITY)
    assert "the card names a spell" in said(refusal) and "name a spell" in said(refusal)
    assert "records no name" in said(feline().refuses("resolve Fallen Feline: note \"named nothing\"", rule=ABILITY))


# -- effects that last the turn ------------------------------------------------------------------------------------
READY = 'static +affects={"who": "friendly"} +enter_ready +until="turn"'


def bushwhacked(policy: str = "strict") -> GalleryTable:
    return table(f"{P1_RUNES} pool:5 hand:Bushwhack;Xerath, Freed", policy=policy).do(
        "P1 play Bushwhack $2 / Fury Rune", "P1 pass", "P2 pass")


def test_bushwhack_makes_friendly_units_enter_ready_this_turn():
    t = bushwhacked().do(f"resolve Bushwhack: {READY} | token P1 Gold")
    assert t.state["violations"] == []
    t.do("P1 play Xerath, Freed")
    assert t.obj("P1", "Xerath, Freed")["exhausted"] is False


@pytest.mark.parametrize(("static", "said_"), [
    ('static +affects={"who": "friendly"} +enter_ready', "the card's effect is the static"),
    ('static +affects={"who": "all"} +enter_ready +until="turn"', "the card's effect is the static"),
    ('static +affects={"who": "friendly"} +might=1 +until="turn"', "the card's effect is the static"),
])
def test_bushwhack_with_another_static_is_refused_v1_4_359_3_d(static: str, said_: str):
    refusal = bushwhacked().refuses(f"resolve Bushwhack: {static} | token P1 Gold", rule=SPELL)
    assert said_ in said(refusal) and "Friendly units enter ready this turn" in said(refusal)


def test_bushwhack_without_its_static_is_refused_and_flagged_v1_4_359_3_d():
    assert "records no static" in said(bushwhacked().refuses("resolve Bushwhack: token P1 Gold", rule=SPELL))
    bushwhacked("audit").flags("resolve Bushwhack: token P1 Gold", rule=SPELL)


def firebrand() -> GalleryTable:
    return table(f"{P1_RUNES} pool:6 hand:Raging Firebrand;Void Seeker", f"{P2_RUNES} controls:bf2 "
                 f"bf2:Wizened Elder").do("P1 play Raging Firebrand $0 / Fury Rune",
                                          'P1 trigger Raging Firebrand "when-you-play"', "P1 pass", "P2 pass")


def test_raging_firebrand_makes_the_next_spell_cost_5_less():
    t = firebrand().do('resolve Raging Firebrand: static +affects={"who": "friendly", "types": ["Spell"]} '
                       '+cost={"energy": -5} +until="turn" +next')
    assert t.state["violations"] == []
    t.do("P1 play Void Seeker -> Wizened Elder $0 / Fury Rune")  # [3] less [5]: no Energy


def test_raging_firebrand_with_a_larger_discount_is_refused_v1_4_406_5():
    refusal = firebrand().refuses('resolve Raging Firebrand: static +affects={"who": "friendly", "types": ["Spell"]} '
                                  '+cost={"energy": -6} +until="turn" +next', rule=ABILITY)
    assert "'cost': {'energy': -5}" in said(refusal) and "costs [5] less" in said(refusal)


def test_sun_disc_makes_the_next_unit_enter_ready():
    t = table(f"{P1_RUNES} gear:Sun Disc pool:5 hand:Void Seeker;Xerath, Freed", f"{P2_RUNES} controls:bf2 "
              f"bf2:Wizened Elder")
    t.do("P1 play Void Seeker -> Wizened Elder $3 / Fury Rune", "P1 pass", "P2 pass",
         "resolve Void Seeker: damage Wizened Elder 4 | draw P1 ?", 'P1 activate Sun Disc "the-next-unit"',
         "P1 pass", "P2 pass")
    refusal = t.refuses(f"resolve Sun Disc: {READY}", rule=ABILITY)
    assert "'next': True" in said(refusal)
    t.do(f"resolve Sun Disc: {READY} +next", "P1 play Xerath, Freed")
    assert t.obj("P1", "Xerath, Freed")["exhausted"] is False and t.state["violations"] == []


# -- cards played by the effect ------------------------------------------------------------------------------------
def harrowing(policy: str = "strict") -> GalleryTable:
    return table(f"runedeck:8 runes:2 Mind Rune;2 Chaos Rune pool:6;Chaos 4 trash:Soulgorger hand:The Harrowing;"
                 f"Possession", f"{P2_RUNES} controls:bf2 bf2:Wizened Elder", ana=MIND, policy=policy).do(
        "P1 play The Harrowing", "P1 pass", "P2 pass")


def test_the_harrowing_plays_a_unit_from_the_trash_paying_only_its_power():
    t = harrowing().do('resolve The Harrowing: play P1 Soulgorger <trash +base_cost={"energy": 0, "power": 2}')
    assert t.state["violations"] == [] and t.obj("P1", "Soulgorger")["zone"] == "board"


@pytest.mark.parametrize(("play", "reason"), [
    ("play P1 Soulgorger <trash +ignore_cost", "ignoring its Energy cost only"),
    ('play P1 Possession -> Wizened Elder +base_cost={"energy": 0, "power": 3}', "plays from the trash"),
])
def test_the_harrowing_misplayed_is_refused_v1_4_359_3_d(play: str, reason: str):
    refusal = harrowing().refuses(f"resolve The Harrowing: {play}", rule=SPELL)
    assert reason in said(refusal) and "Play a unit from your trash, ignoring its Energy cost" in said(refusal)


def test_the_harrowing_without_its_play_is_refused_and_flagged_v1_4_359_3_d():
    assert "records no play" in said(harrowing().refuses('resolve The Harrowing: note "none"', rule=SPELL))
    harrowing("audit").flags('resolve The Harrowing: note "none"', rule=SPELL)


def matron(trash: str) -> GalleryTable:
    return table(f"{P1_RUNES} pool:4;Order 2 trash:{trash} hand:Spectral Matron").do(
        "P1 play Spectral Matron", 'P1 trigger Spectral Matron "when-you-play"', "P1 pass", "P2 pass")


def test_spectral_matron_plays_a_small_unit_from_the_trash_ignoring_its_cost():
    t = matron("Fallen Feline").do("resolve Spectral Matron: play P1 Fallen Feline <trash +ignore_cost")
    assert t.state["violations"] == [] and t.obj("P1", "Fallen Feline")["zone"] == "board"
    assert matron("Fallen Feline").do('resolve Spectral Matron: note "declined"').state["violations"] == []


def test_spectral_matron_playing_a_unit_costing_more_than_3_is_refused_v1_4_406_5():
    refusal = matron("Xerath, Freed").refuses("resolve Spectral Matron: play P1 Xerath, Freed <trash +ignore_cost",
                                              rule=ABILITY)
    assert "costs 5 Energy, and the card's target costs no more than 3" in said(refusal)


def ava(policy: str = "strict") -> GalleryTable:
    return table("runedeck:8 runes:2 Mind Rune;2 Chaos Rune base:Ava Achiever hand:Blastcone Fae;Soulgorger",
                 f"{P2_RUNES} controls:bf2 bf2:Wizened Elder", ana=MIND, policy=policy).do(
        "P1 move Ava Achiever@base:P1 -> bf2", 'P1 trigger Ava Achiever@bf2 "when-i-attack" $0 / Mind Rune', "P1 pass",
        "P2 pass")


def test_ava_achiever_plays_a_hidden_card_here_ignoring_its_cost():
    t = ava().do("resolve Ava Achiever: play P1 Blastcone Fae @bf2 +ignore_cost +to_allowed")
    assert t.state["violations"] == [] and t.obj("P1", "Blastcone Fae")["location"] == "bf2"


@pytest.mark.parametrize(("play", "reason"), [("play P1 Soulgorger @bf2 +ignore_cost +to_allowed", "has no [Hidden]"),
                                              ("play P1 Blastcone Fae +ignore_cost", "the card plays it here (bf2)")])
def test_ava_achiever_misplayed_is_refused_v1_4_406_5(play: str, reason: str):
    refusal = ava().refuses(f"resolve Ava Achiever: {play}", rule=ABILITY)
    assert reason in said(refusal) and "play a card with [Hidden] from your hand here" in said(refusal)


def matriarch() -> GalleryTable:
    return table("runedeck:8 runes:2 Mind Rune;2 Chaos Rune base:Tail-Cloaked Matriarch trash:Shadow Order Disciple;"
                 "Soulgorger", ana=MIND).do(
        'P1 activate Tail-Cloaked Matriarch "empower" $2 / Chaos Rune', "P1 pass", "P2 pass",
        "resolve Tail-Cloaked Matriarch: empower Tail-Cloaked Matriarch",
        'P1 trigger Tail-Cloaked Matriarch "when-i-become"', "P1 pass", "P2 pass")


def test_tail_cloaked_matriarch_plays_a_small_unit_chosen_in_the_trash_to_base():
    t = matriarch().do("resolve Tail-Cloaked Matriarch: play P1 Shadow Order Disciple <trash +ignore_cost")
    assert t.state["violations"] == [] and t.obj("P1", "Shadow Order Disciple")["location"] == "base:P1"
    refusal = matriarch().refuses("resolve Tail-Cloaked Matriarch: play P1 Soulgorger <trash +ignore_cost",
                                  rule=ABILITY)
    assert "costs 8 Energy" in said(refusal) and "Play it to your base, ignoring its cost." in said(refusal)


# -- a Burn as the cost within instructions; a condition on the card revealed ------------------------------------
def disciple(policy: str = "strict") -> GalleryTable:
    return table("runedeck:8 runes:2 Mind Rune;2 Chaos Rune base:Shadow Order Disciple", ana=MIND, policy=policy).do(
        "P1 move Shadow Order Disciple -> bf1", 'P1 trigger Shadow Order Disciple "when-i-move"', "P1 pass", "P2 pass")


def test_shadow_order_disciple_burns_1_for_its_might():
    t = disciple().do("resolve Shadow Order Disciple: burn P1 ? | might Shadow Order Disciple +1 until turn")
    assert t.state["violations"] == []
    assert disciple().do('resolve Shadow Order Disciple: note "declined"').state["violations"] == []


def test_shadow_order_disciple_might_without_the_burn_is_refused_and_flagged_v1_4_406_5():
    line = "resolve Shadow Order Disciple: might Shadow Order Disciple +1 until turn"
    assert "the card's cost '[Burn 1]' was not paid" in said(disciple().refuses(line, rule=ABILITY))
    disciple("audit").flags(line, rule=ABILITY)


GREEN = deck("Green Father", ["Ivern, Nurturer", "Ultrasoft Poro", "Glasc Mixologist", "Cull the Weak", "Scuttle Crab",
                              "Twilight Shroud", "En Garde"],
             ["Trifarian War Camp", "Zaun Warrens", "Altar to Unity"])


def nurtured() -> GalleryTable:
    return table("runedeck:6 runes:3 Calm Rune;3 Order Rune pool:5;Calm 1 hand:Ivern, Nurturer", ana=GREEN).do(
        "P1 play Ivern, Nurturer", 'P1 trigger Ivern, Nurturer "when-you-play"', "P1 pass", "P2 pass")


def ivern(unit: str, buff: bool = True) -> str:
    others = "; ".join(card for card in ("Ultrasoft Poro", "Glasc Mixologist", "Cull the Weak") if card != unit)
    revealed = f"reveal P1 {unit} <deck | draw P1 {unit} | " if unit else ""
    rest = others if unit else "Ultrasoft Poro; Glasc Mixologist; Cull the Weak"
    return (f"resolve Ivern, Nurturer: look P1 Ultrasoft Poro; Glasc Mixologist; Cull the Weak | {revealed}"
            f"recycle P1 {rest} <deck" + (" | buff Ivern, Nurturer" if buff else ""))


def test_ivern_nurturer_buffs_after_revealing_a_poro():
    assert nurtured().do(ivern("Ultrasoft Poro")).state["violations"] == []
    assert "records no buff" in said(nurtured().refuses(ivern("Ultrasoft Poro", buff=False), rule=ABILITY))


@pytest.mark.parametrize("unit", ["Glasc Mixologist", ""])
def test_ivern_nurturer_buffing_after_revealing_no_bird_cat_dog_or_poro_is_refused_v1_4_406_5(unit: str):
    refusal = nurtured().refuses(ivern(unit), rule=ABILITY)
    assert "the card's condition does not hold" in said(refusal) and "if you revealed a Bird" in said(refusal)
    assert nurtured().do(ivern(unit, buff=False)).state["violations"] == []


# -- recycling cards a player has --------------------------------------------------------------------------------
def mundo(trash: str) -> GalleryTable:
    t = table(f"runedeck:8 runes:2 Mind Rune;2 Chaos Rune base:Dr. Mundo, Expert trash:{trash}", ana=MIND,
              player="P2").do("P2 end turn", 'P1 trigger Dr. Mundo, Expert "at-the-start"', "P1 pass", "P2 pass")
    return t


def test_dr_mundo_recycles_3_from_his_controllers_trash():
    t = mundo("Time Warp;Possession;Soulgorger;The Harrowing")
    cards = "; ".join(t.find("P1", card, "trash") for card in ("Time Warp", "Possession", "Soulgorger"))
    t.do(f"resolve Dr. Mundo, Expert: recycle P1 {cards}")
    assert t.state["violations"] == [] and len(t.state["players"]["P1"]["trash"]) == 1
    few = mundo("Time Warp")
    assert few.do(f"resolve Dr. Mundo, Expert: recycle P1 {few.find('P1', 'Time Warp', 'trash')}").state[
        "violations"] == []


@pytest.mark.parametrize(("cards", "reason"), [(("Time Warp", "Possession"), "the card recycles 3, not 2"),
                                               ((), "records no recycle")])
def test_dr_mundo_recycling_fewer_than_3_is_refused_v1_4_406_5(cards: tuple[str, ...], reason: str):
    t = mundo("Time Warp;Possession;Soulgorger")
    line = f"resolve Dr. Mundo, Expert: recycle P1 {'; '.join(t.find('P1', card, 'trash') for card in cards)}" \
        if cards else 'resolve Dr. Mundo, Expert: note "none"'
    refusal = t.refuses(line, rule=ABILITY)
    assert reason in said(refusal) and "recycle 3 from your trash" in said(refusal)


def test_dr_mundo_recycling_a_rune_is_refused_v1_4_406_5():
    t = mundo("Time Warp;Possession")
    runes = [object_id for object_id, obj in t.state["objects"].items() if obj["card"] == "Mind Rune"
             and obj["zone"] == "board"]
    refusal = t.refuses(f"resolve Dr. Mundo, Expert: recycle P1 {t.find('P1', 'Time Warp', 'trash')}; "
                        f"{t.find('P1', 'Possession', 'trash')}; {runes[0]}", rule=ABILITY)
    assert "is in board, not in the trash" in said(refusal)


# -- "Then choose an enemy unit. They deal damage equal to their Mights to each other." ----------------------------
BOSS = deck("The Boss", ["Gentlemen's Duel", "Safety Inspector", "Glasc Mixologist", "Unyielding Spirit", "Sabotage",
                         "Overt Operation", "Here to Help", "Kato the Arm"],
            ["Trifarian War Camp", "Zaun Warrens", "Altar to Unity"])


def duel() -> GalleryTable:
    return table("runedeck:6 runes:3 Body Rune;3 Order Rune pool:6;Body 1 base:Safety Inspector;Glasc Mixologist "
                 "hand:Gentlemen's Duel", f"{P2_RUNES} controls:bf2 bf2:Wizened Elder", ana=BOSS).do(
        "P1 play Gentlemen's Duel", "P1 pass", "P2 pass")


def test_gentlemens_duel_the_unit_given_3_and_the_enemy_deal_damage_to_each_other():
    elder = duel().obj("P2", "Wizened Elder")["might"]
    t = duel().do(f"resolve Gentlemen's Duel: might Safety Inspector +3 until turn | damage Wizened Elder 6 | "
                  f"damage Safety Inspector {elder}")
    assert t.state["violations"] == []


def test_gentlemens_duel_with_another_friendly_unit_is_refused_v1_4_359_3_d():
    elder = duel().obj("P2", "Wizened Elder")["might"]
    refusal = duel().refuses(f"resolve Gentlemen's Duel: might Safety Inspector +3 until turn | damage Wizened Elder "
                             f"5 | damage Glasc Mixologist {elder}", rule=SPELL)
    assert "which the instruction before acted on" in said(refusal) and "to each other" in said(refusal)
