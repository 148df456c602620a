"""Effect instructions read from the cards, continued (issue 26, "Honest coverage"; the list of the cards and what
each checks is tests/test_cards_effects_instructions.py's docstring): damage yet to be dealt, a reviewed line, a hand
revealed, damage split or measured on another object, each player's returns, copies, battlefields replaced,
counters with a condition, Equipment attached, an additional Might for a unit alone, keywords given, "you win the
game" (The Grand Plaza: a `win` of its controller). Legal uses fold
clean; misuses are refused in strict citing v1.4 359.3.d (a spell) or v1.4 406.5 (an ability), quoting the card.
"""
from __future__ import annotations

import pytest

from gallery_table import GalleryTable, deck, said
from test_cards_effects_instructions import (ABILITY, BOSS, GREEN, MIND, P1_RUNES, P2_RUNES, READY, SPELL,
                                             table)

from engine.cards.effects import compile_ability


# -- damage yet to be dealt ------------------------------------------------------------------------------------------
def barrier(spell: str) -> GalleryTable:
    pay = {"Ki Barrier": "$2 / Order Rune", "Lotus Trap": "$2"}[spell]
    return table(f"{P1_RUNES} hand:{spell}", f"{P2_RUNES} controls:bf2 bf2:Wizened Elder").do(
        f"P1 play {spell} -> Wizened Elder {pay}", "P1 pass", "P2 pass")


def test_ki_barrier_and_lotus_trap_change_the_damage_the_card_says():
    assert barrier("Ki Barrier").do("resolve Ki Barrier: prevent Wizened Elder 7 until turn").state["violations"] == []
    assert barrier("Lotus Trap").do("resolve Lotus Trap: double Wizened Elder until turn").state["violations"] == []


@pytest.mark.parametrize(("spell", "line", "reason"), [
    ("Ki Barrier", "prevent Wizened Elder 9 until turn", "the card prevents the next 7 damage, not 9"),
    ("Ki Barrier", "prevent Wizened Elder all until turn", "the card prevents the next 7 damage"),
    ("Ki Barrier", 'note "none"', "records no prevent"),
    ("Lotus Trap", 'note "none"', "records no double"),
])
def test_ki_barrier_and_lotus_trap_misrecorded_are_refused_v1_4_359_3_d(spell: str, line: str, reason: str):
    refusal = barrier(spell).refuses(f"resolve {spell}: {line}", rule=SPELL)
    assert reason in said(refusal) and "that would be dealt to it this turn" in said(refusal)


def test_unyielding_spirit_prevents_spell_and_ability_damage_only():
    def spirit() -> GalleryTable:
        return table("runedeck:6 runes:3 Body Rune;3 Order Rune hand:Unyielding Spirit", ana=BOSS).do(
            "P1 play Unyielding Spirit $1 / Body Rune", "P1 pass", "P2 pass")
    assert spirit().do("resolve Unyielding Spirit: prevent all spells until turn").state["violations"] == []
    refusal = spirit().refuses("resolve Unyielding Spirit: prevent all until turn", rule=SPELL)
    assert "the card prevents all spell and ability damage" in said(refusal)


# -- a reviewed line: Sprite Fountain's Deathknell repeats its play effect ------------------------------------------
def fountain_died() -> GalleryTable:
    return table("runedeck:8 runes:2 Mind Rune;2 Chaos Rune gear:Sprite Fountain hand:Acceptable Losses", ana=MIND).do(
        "P1 play Acceptable Losses $1", "P1 pass", "P2 pass", "resolve Acceptable Losses: kill Sprite Fountain",
        'P1 trigger Sprite Fountain "deathknell"', "P1 pass", "P2 pass")


def test_sprite_fountains_deathknell_is_read_from_its_reviewed_entry():
    abilities = fountain_died().state["cards"]["Sprite Fountain"]["abilities"]
    [ability] = [ability for ability in abilities if ability["label"] == "deathknell"]
    assert compile_ability(ability, "Sprite Fountain")["source"] == "data"


def test_sprite_fountains_deathknell_plays_its_sprite_to_base_v1_4_406_5():
    assert fountain_died().do("resolve Sprite Fountain: token P1 Sprite +ready").state["violations"] == []
    refusal = fountain_died().refuses("resolve Sprite Fountain: token P1 Sprite @bf1 +ready", rule=ABILITY)
    assert "the card plays its token in a base" in said(refusal) and "Repeat this gear's play effect" in said(refusal)


# -- a hand revealed and a card picked from it ----------------------------------------------------------------------
def sabotaged(policy: str = "strict") -> GalleryTable:
    return table("runedeck:6 runes:3 Body Rune;3 Order Rune hand:Sabotage", f"{P2_RUNES} hand:Honeyfruit;Wizened Elder",
                 ana=BOSS, policy=policy).do("P1 play Sabotage $1 / Body Rune", "P1 pass", "P2 pass")


def sabotage_line(t: GalleryTable, revealed: str, recycled: str) -> str:
    return f"resolve Sabotage: reveal P2 {revealed} | recycle P2 {t.find('P2', recycled, 'hand')}"


def test_sabotage_recycles_a_non_unit_card_of_the_hand_revealed():
    t = sabotaged()
    t.do(sabotage_line(t, "Honeyfruit; Wizened Elder", "Honeyfruit"))
    assert t.state["violations"] == [] and t.state["players"]["P2"]["hand_count"] == 1


@pytest.mark.parametrize(("revealed", "recycled", "reason"), [
    ("Honeyfruit; Wizened Elder", "Wizened Elder", "is a Unit, and the card picks a non-unit card"),
    ("Honeyfruit", "Honeyfruit", "the card reveals P2's whole hand (2 cards), not 1"),
])
def test_sabotage_misrecorded_is_refused_v1_4_359_3_d(revealed: str, recycled: str, reason: str):
    t = sabotaged()
    refusal = t.refuses(sabotage_line(t, revealed, recycled), rule=SPELL)
    assert reason in said(refusal) and "They reveal their hand. Choose a non-unit card from it" in said(refusal)


def test_sabotage_without_the_reveal_is_refused_and_flagged_v1_4_359_3_d():
    assert "records no reveal" in said(sabotaged().refuses('resolve Sabotage: note "none"', rule=SPELL))
    sabotaged("audit").flags('resolve Sabotage: note "none"', rule=SPELL)


# -- damage split among units ---------------------------------------------------------------------------------------
def volibear() -> GalleryTable:
    return table(f"{P1_RUNES} base:Volibear, Furious", f"{P2_RUNES} controls:bf2 bf2:Wizened Elder;Yi, Meditative "
                 f"base:Honeyfruit").do(
        "P1 move Volibear, Furious -> bf2",
        'P1 trigger Volibear, Furious@bf2 "when-i-attack" -> Wizened Elder; Yi, Meditative', "P1 pass", "P2 pass")


def test_volibear_splits_5_damage_among_enemy_units_here():
    t = volibear().do("resolve Volibear, Furious: split 5 | damage Wizened Elder 3 | damage Yi, Meditative 2")
    assert t.state["violations"] == []


def test_volibear_splitting_6_is_refused_v1_4_406_5():
    refusal = volibear().refuses("resolve Volibear, Furious: split 6 | damage Wizened Elder 3 | damage Yi, Meditative "
                                 "3", rule=ABILITY)
    assert "records damage 6 in all, but the card splits 5" in said(refusal) and "split among any number" in \
        said(refusal)


def inverted() -> GalleryTable:
    return table("runedeck:8 runes:2 Mind Rune;2 Chaos Rune hand:Invert Timelines;Time Warp",
                 f"{P2_RUNES} hand:Honeyfruit;Wizened Elder", ana=MIND).do(
        "P1 play Invert Timelines $3 / Chaos Rune", "P1 pass", "P2 pass")


DRAWS = "draw P1 ?; ?; ?; ? | draw P2 ?; ?; ?; ?"


def test_invert_timelines_each_player_discards_their_hand_and_draws_4():
    t = inverted().do(f"resolve Invert Timelines: discard P1 Time Warp | discard P2 Honeyfruit; Wizened Elder | "
                      f"{DRAWS}")
    assert t.state["violations"] == [] and t.state["players"]["P2"]["hand_count"] == 4


@pytest.mark.parametrize(("ops", "reason"), [
    (f"discard P1 Time Warp | discard P2 Honeyfruit | {DRAWS}", "the card discards P2's whole hand (2 cards), not 1"),
    (f"discard P1 Time Warp | {DRAWS}", "records no discard for P2"),
    ("discard P1 Time Warp | discard P2 Honeyfruit; Wizened Elder | draw P1 ?; ?; ?; ?", "records no draw for P2"),
])
def test_invert_timelines_misrecorded_is_refused_v1_4_359_3_d(ops: str, reason: str):
    refusal = inverted().refuses(f"resolve Invert Timelines: {ops}", rule=SPELL)
    assert reason in said(refusal) and "Each player discards their hand, then draws 4" in said(refusal)


# -- damage measured on another object --------------------------------------------------------------------------
def excited() -> GalleryTable:
    return table(f"{P1_RUNES} hand:Get Excited!;Xerath, Freed", f"{P2_RUNES} controls:bf2 bf2:Wizened Elder").do(
        "P1 play Get Excited! -> Wizened Elder $2 / Fury Rune", "P1 pass", "P2 pass")


def test_get_excited_deals_the_energy_cost_of_the_card_discarded():
    t = excited().do("resolve Get Excited!: discard P1 Xerath, Freed | damage Wizened Elder 5")
    assert t.state["violations"] == []
    refusal = excited().refuses("resolve Get Excited!: discard P1 Xerath, Freed | damage Wizened Elder 3", rule=SPELL)
    assert "records damage 3, but the card measures 5" in said(refusal) and "Deal its Energy cost" in said(refusal)


def test_morgana_deals_the_damage_marked_on_the_unit():
    def morgana() -> GalleryTable:
        return table(f"{P1_RUNES} hand:Morgana, Vindictive", f"{P2_RUNES} controls:bf2 bf2:Wizened Elder[2]").do(
            "P1 play Morgana, Vindictive $5 / Fury Rune",
            'P1 trigger Morgana, Vindictive "when-you-play" -> Wizened Elder', "P1 pass", "P2 pass")
    assert morgana().do("resolve Morgana, Vindictive: damage Wizened Elder 2").state["violations"] == []
    refusal = morgana().refuses("resolve Morgana, Vindictive: damage Wizened Elder 4", rule=ABILITY)
    assert "records damage 4, but the card measures 2" in said(refusal)


def test_last_breath_deals_the_might_of_the_unit_readied():
    dancer = deck("Unforgiven", ["Last Breath", "Shadow Order Disciple"], ["Trifarian War Camp", "Zaun Warrens",
                                                                           "Altar to Unity"])

    def breath() -> GalleryTable:
        return table("runedeck:6 runes:3 Calm Rune;3 Chaos Rune pool:3;Calm 1;Chaos 1 base:Shadow Order Disciple* "
                     "hand:Last Breath", f"{P2_RUNES} controls:bf2 bf2:Wizened Elder", ana=dancer).do(
            "P1 play Last Breath -> Shadow Order Disciple; Wizened Elder", "P1 pass", "P2 pass")
    assert breath().do("resolve Last Breath: ready Shadow Order Disciple | damage Wizened Elder 2").state[
        "violations"] == []
    refusal = breath().refuses("resolve Last Breath: ready Shadow Order Disciple | damage Wizened Elder 4", rule=SPELL)
    assert "records damage 4, but the card measures 2" in said(refusal) and "equal to its Might" in said(refusal)


def test_convergent_mutation_raises_a_units_might_to_another_friendly_units():
    def mutated() -> GalleryTable:
        return table("runedeck:8 runes:2 Mind Rune;2 Chaos Rune base:Shadow Order Disciple;Soulgorger "
                     "hand:Convergent Mutation", ana=MIND).do(
            "P1 play Convergent Mutation -> Shadow Order Disciple $2 / Mind Rune", "P1 pass", "P2 pass")
    assert mutated().do("resolve Convergent Mutation: might Shadow Order Disciple +3 until turn").state[
        "violations"] == []
    refusal = mutated().refuses("resolve Convergent Mutation: might Shadow Order Disciple +4 until turn", rule=SPELL)
    assert "records might 4, but the card raises its Might to another's: +3" in said(refusal)


def test_deathgrip_gives_the_might_of_the_unit_killed():
    def gripped() -> GalleryTable:
        return table(f"{P1_RUNES} base:Xerath, Freed;Fallen Feline hand:Deathgrip").do(
            "P1 play Deathgrip $2", "P1 pass", "P2 pass")
    legal = "resolve Deathgrip: kill Xerath, Freed | might Fallen Feline +5 until turn | draw P1 ?"
    assert gripped().do(legal).state["violations"] == []
    refusal = gripped().refuses(legal.replace("+5", "+3"), rule=SPELL)
    assert "records might 3, but the card measures 5" in said(refusal) and "equal to its Might" in said(refusal)


# -- each player may return a unit ------------------------------------------------------------------------------------
def whirled() -> GalleryTable:
    return table("runedeck:8 runes:2 Mind Rune;2 Chaos Rune base:Soulgorger hand:Whirlwind",
                 f"{P2_RUNES} controls:bf2 bf2:Wizened Elder;Yi, Meditative base:Honeyfruit", ana=MIND).do(
        "P1 play Whirlwind $3 / Chaos Rune", "P1 pass", "P2 pass")


def test_whirlwind_returns_at_most_one_unit_a_player():
    t = whirled().do("resolve Whirlwind: return Soulgorger -> hand | return Wizened Elder -> hand")
    assert t.state["violations"] == []
    refusal = whirled().refuses("resolve Whirlwind: return Soulgorger -> hand | return Wizened Elder -> hand | "
                                "return Yi, Meditative -> hand", rule=SPELL)
    assert "acts on one a player only" in said(refusal) and "each player may return a unit" in said(refusal)
    assert "is a Gear, not a unit" in said(whirled().refuses("resolve Whirlwind: return Honeyfruit -> hand",
                                                             rule=SPELL))


# -- tokens that become copies --------------------------------------------------------------------------------------
def masks() -> tuple[GalleryTable, str, str]:
    t = table("runedeck:8 runes:2 Mind Rune;2 Chaos Rune hand:Keeper of Masks", ana=MIND).do(
        "P1 play Keeper of Masks $2", 'P1 trigger Keeper of Masks "when-you-play"', "P1 pass", "P2 pass")
    first = t.state["next_id"]["o"] + 1
    return t, f"o{first}", f"o{first + 1}"


def test_keeper_of_masks_makes_both_reflections_copies_of_itself():
    t, one, two = masks()
    t.do(f"resolve Keeper of Masks: token P1 Reflection @base | token P1 Reflection @base | copy {one} -> Keeper of "
         f"Masks | copy {two} -> Keeper of Masks")
    assert t.state["violations"] == [] and t.state["objects"][two]["card"] == "Keeper of Masks"


def test_keeper_of_masks_copies_misrecorded_are_refused_v1_4_406_5():
    t, one, two = masks()
    refusal = t.refuses(f"resolve Keeper of Masks: token P1 Reflection @base | token P1 Reflection @base | copy {one} "
                        f"-> Keeper of Masks", rule=ABILITY)
    assert "records 1 copy" in said(refusal) and "They become copies of me" in said(refusal)
    t, one, two = masks()
    refusal = t.refuses(f"resolve Keeper of Masks: token P1 Reflection @base | token P1 Reflection @base | copy {one} "
                        f"-> Keeper of Masks | copy {two} -> {one}", rule=ABILITY)
    assert f"what the token copies: {one} is not the card's source" in said(refusal)


# -- a battlefield replaced by a token ----------------------------------------------------------------------------
def green_conquered() -> GalleryTable:
    return table("runedeck:6 runes:3 Calm Rune;3 Order Rune base:Ultrasoft Poro", ana=GREEN).do(
        "P1 move Ultrasoft Poro -> bf2", "P1 pass", "P2 pass", 'P1 trigger Green Father "when-you-conquer"', "P1 pass",
        "P2 pass")


def test_green_father_replaces_the_battlefield_conquered_with_brush():
    t = green_conquered().do("resolve Green Father: exhaust Green Father | battlefield Brush @bf2")
    assert t.state["violations"] == [] and [entry["name"] for entry in t.state["battlefields"]][1] == "Brush"
    refusal = green_conquered().refuses("resolve Green Father: exhaust Green Father | battlefield Brush @bf1",
                                        rule=ABILITY)
    assert "the card replaces the battlefield conquered or held" in said(refusal) and "Brush battlefield token" in \
        said(refusal)
    refusal = green_conquered().refuses("resolve Green Father: battlefield Brush @bf2", rule=ABILITY)
    assert "the card's cost 'exhaust me' was not paid" in said(refusal)


# -- counters with a condition of their own ----------------------------------------------------------------------
def sands(spells_before: bool, pool: str = "") -> GalleryTable:
    t = table(f"{P1_RUNES} pool:5;Fury 2 hand:Bushwhack;Void Seeker",
              f"{P2_RUNES} {pool}controls:bf2 bf2:Wizened Elder;Yi, Meditative hand:Crumbling Sands;Repulse;"
              f"Mystic Reversal")
    if spells_before:
        t.do("P1 play Bushwhack", "P1 pass", "P2 pass", f"resolve Bushwhack: {READY} | token P1 Gold")
    return t.do("P1 play Void Seeker -> Wizened Elder", "P1 pass")


def test_crumbling_sands_counters_only_after_another_spell_of_the_opponent():
    answered = "P2 play Crumbling Sands -> Void Seeker $1 / Calm Rune", "P2 pass", "P1 pass"
    assert sands(True).do(*answered, "resolve Crumbling Sands: counter Void Seeker").state["violations"] == []
    refusal = sands(False).do(*answered).refuses("resolve Crumbling Sands: counter Void Seeker", rule=SPELL)
    assert "the card's condition does not hold" in said(refusal) and "if an opponent has played" in said(refusal)
    assert sands(False).do(*answered, 'resolve Crumbling Sands: note "none"').state["violations"] == []
    assert "records no counter" in said(sands(True).do(*answered).refuses('resolve Crumbling Sands: note "none"',
                                                                          rule=SPELL))


@pytest.mark.parametrize(("chosen", "legal"), [("Wizened Elder", True), ("Yi, Meditative", False)])
def test_repulse_counters_a_spell_that_chooses_the_unit_chosen(chosen: str, legal: bool):
    t = sands(False).do(f"P2 play Repulse -> {chosen} $1 / Body Rune", "P2 pass", "P1 pass")
    if legal:
        assert t.do("resolve Repulse: counter Void Seeker").state["violations"] == []
    else:
        refusal = t.refuses("resolve Repulse: counter Void Seeker", rule=SPELL)
        assert "the card counters one that chooses the unit chosen and no other" in said(refusal)


def test_mystic_reversal_gains_control_of_a_spell_and_makes_new_choices_for_it():
    def reversed_() -> GalleryTable:
        return sands(False, "pool:4;Calm 3 ").do("P2 play Mystic Reversal -> Void Seeker", "P2 pass", "P1 pass")
    legal = "resolve Mystic Reversal: control Void Seeker@chain -> P2 | retarget Void Seeker -> Wizened Elder"
    assert reversed_().do(legal.replace("Wizened Elder", "Yi, Meditative")).state["violations"] == []
    assert "the card gains control of a spell on the chain" in said(reversed_().refuses(
        "resolve Mystic Reversal: control Wizened Elder -> P2", rule=SPELL))
    assert "records no control" in said(reversed_().refuses('resolve Mystic Reversal: note "none"', rule=SPELL))


def test_abandon_returns_the_spell_countered_to_its_owners_hand():
    def abandoned() -> tuple[GalleryTable, str]:
        t = table("runedeck:8 runes:2 Mind Rune;2 Chaos Rune pool:12;Mind 4 hand:Time Warp;Abandon trash:Whirlwind",
                  ana=MIND).do("P1 play Time Warp")
        warp = t.find("P1", "Time Warp", "chain")
        return t.do("P1 play Abandon", "P1 pass", "P2 pass"), warp
    t, warp = abandoned()
    t.do(f"resolve Abandon: counter Time Warp | return {warp} -> hand | predict P1 ?")
    assert t.state["violations"] == [] and t.find("P1", "Time Warp", "hand")
    t, warp = abandoned()
    whirlwind = t.find("P1", "Whirlwind", "trash")
    refusal = t.refuses(f"resolve Abandon: counter Time Warp | return {whirlwind} -> hand | predict P1 ?", rule=SPELL)
    assert "\"it\" is the card countered" in said(refusal) and "instead of putting it in their trash" in said(refusal)


def test_riposte_gives_the_energy_cost_of_the_spell_countered():
    fiora = deck("Grand Duelist", ["Riposte", "Sabotage", "Safety Inspector"], ["Trifarian War Camp", "Zaun Warrens",
                                                                                "Altar to Unity"])

    def riposted() -> tuple[GalleryTable, str]:
        t = table("runedeck:6 runes:3 Body Rune;3 Order Rune pool:3;Body 3 base:Safety Inspector hand:Sabotage;"
                  "Riposte", ana=fiora).do("P1 play Sabotage")
        sabotage = t.find("P1", "Sabotage", "chain")
        return t.do("P1 play Riposte -> Safety Inspector", "P1 pass", "P2 pass"), sabotage
    t, sabotage = riposted()
    assert t.do("resolve Riposte: counter Sabotage | might Safety Inspector +1 until turn").state[
        "violations"] == []
    t, sabotage = riposted()
    refusal = t.refuses("resolve Riposte: counter Sabotage | might Safety Inspector +2 until turn", rule=SPELL)
    assert "records might 2, but the card measures 1" in said(refusal) and "that spell's Energy cost" in said(refusal)


def test_scuttle_crabs_deathknell_reveals_the_opponents_whole_hand():
    def crab_died() -> GalleryTable:
        return table("runedeck:6 runes:3 Calm Rune;3 Order Rune base:Scuttle Crab hand:Cull the Weak",
                     f"{P2_RUNES} base:Yi, Meditative hand:Honeyfruit;Wizened Elder", ana=GREEN).do(
            "P1 play Cull the Weak $2 / Order Rune", "P1 pass", "P2 pass",
            "resolve Cull the Weak: kill Scuttle Crab | kill Yi, Meditative", 'P1 trigger Scuttle Crab "deathknell"',
            "P1 pass", "P2 pass")
    assert crab_died().do("resolve Scuttle Crab: reveal P2 Honeyfruit; Wizened Elder | xp P1 1").state[
        "violations"] == []
    refusal = crab_died().refuses("resolve Scuttle Crab: reveal P2 Honeyfruit | xp P1 1", rule=ABILITY)
    assert "the card reveals P2's whole hand (2 cards), not 1" in said(refusal)


# -- Equipment attached by an effect ------------------------------------------------------------------------------
def test_grandmaster_at_arms_attaches_a_detached_equipment_and_moves_an_attached_one():
    jax = deck("Grandmaster at Arms", ["Doran's Shield", "Wizened Elder"], ["Trifarian War Camp", "Zaun Warrens",
                                                                            "Altar to Unity"])

    def armed(label: str) -> GalleryTable:
        return table("runedeck:6 runes:3 Calm Rune;3 Body Rune gear:Doran's Shield base:Wizened Elder", ana=jax).do(
            f'P1 activate Grandmaster at Arms "{label}" $1', "P1 pass", "P2 pass")
    t = armed("attach-a-detached").do("resolve Grandmaster at Arms: attach Doran's Shield -> Wizened Elder")
    assert t.state["violations"] == [] and t.obj("P1", "Doran's Shield")["attached_to"] == t.find("P1", "Wizened Elder")
    refusal = armed("attach-an-attached").refuses("resolve Grandmaster at Arms: attach Doran's Shield -> Wizened Elder",
                                                  rule=ABILITY)
    assert "is not attached, and the card's target is" in said(refusal) and "an attached Equipment" in said(refusal)


def test_switcheroo_swaps_the_might_of_two_units_at_one_battlefield():
    def swapped() -> GalleryTable:
        return table("runedeck:8 runes:2 Mind Rune;2 Chaos Rune pool:2;Chaos 2 hand:Switcheroo",
                     f"{P2_RUNES} controls:bf2 bf2:Wizened Elder;Yi, Meditative hand:Honeyfruit", ana=MIND).do(
            "P1 play Switcheroo", "P1 pass", "P2 pass")
    elder, yi = (swapped().obj("P2", name)["might"] for name in ("Wizened Elder", "Yi, Meditative"))
    legal = f"resolve Switcheroo: might Wizened Elder {yi - elder:+d} until turn | might Yi, Meditative " \
            f"{elder - yi:+d} until turn"
    t = swapped().do(legal)
    assert t.state["violations"] == [] and t.obj("P2", "Wizened Elder")["might"] == yi
    refusal = swapped().refuses(f"resolve Switcheroo: might Wizened Elder {yi - elder + 1:+d} until turn | might Yi, "
                                f"Meditative {elder - yi:+d} until turn", rule=SPELL)
    assert "but the swap is" in said(refusal) and "Swap the Might of two units" in said(refusal)


def test_albus_ferros_channels_a_rune_for_each_buff_spent():
    def ferros() -> GalleryTable:
        return table(f"{P1_RUNES} pool:4 base:Fallen Feline^;Xerath, Freed^ hand:Albus Ferros").do(
            "P1 play Albus Ferros", 'P1 trigger Albus Ferros "when-you-play"', "P1 pass", "P2 pass")
    spent = "spend_buff Fallen Feline | spend_buff Xerath, Freed"
    assert ferros().do(f"resolve Albus Ferros: {spent} | channel P1 Fury Rune; Order Rune +exhausted").state[
        "violations"] == []
    assert ferros().do('resolve Albus Ferros: note "none spent"').state["violations"] == []
    refusal = ferros().refuses(f"resolve Albus Ferros: {spent} | channel P1 Fury Rune +exhausted", rule=ABILITY)
    assert "records 1 runes channelled, but 2 buffs were spent" in said(refusal) and "For each buff spent" in \
        said(refusal)


def test_overt_operation_readies_the_units_whose_buff_was_spent():
    def operated() -> GalleryTable:
        return table("runedeck:6 runes:3 Body Rune;3 Order Rune pool:5;Body 2 base:Safety Inspector*^;Glasc "
                     "Mixologist* hand:Overt Operation", ana=BOSS).do("P1 play Overt Operation", "P1 pass", "P2 pass")
    buffs = "buff Safety Inspector | buff Glasc Mixologist"
    assert operated().do(f"resolve Overt Operation: spend_buff Safety Inspector | ready Safety Inspector | {buffs}"
                         ).state["violations"] == []
    refusal = operated().refuses(f"resolve Overt Operation: spend_buff Safety Inspector | ready Glasc Mixologist | "
                                 f"{buffs}", rule=SPELL)
    assert "but the units whose buff was spent are" in said(refusal) and "spend its buff to ready it" in said(refusal)


def test_twilight_shroud_makes_the_unit_given_1_untargetable_this_turn():
    def shrouded() -> GalleryTable:
        return table("runedeck:6 runes:3 Calm Rune;3 Order Rune base:Ultrasoft Poro;Glasc Mixologist "
                     "hand:Twilight Shroud", ana=GREEN).do("P1 play Twilight Shroud -> Ultrasoft Poro $1", "P1 pass",
                                                           "P2 pass")
    static = 'static {} +affects={{"who": "self"}} +rule="untargetable" +until="turn"'
    might = "might Ultrasoft Poro +1 until turn"
    assert shrouded().do(f"resolve Twilight Shroud: {might} | {static.format('Ultrasoft Poro')}").state[
        "violations"] == []
    refusal = shrouded().refuses(f"resolve Twilight Shroud: {might} | {static.format('Glasc Mixologist')}",
                                 rule=SPELL)
    assert "what the instruction before acted on" in said(refusal) and "can't be chosen by enemy" in said(refusal)


def test_dragons_rage_the_unit_moved_and_one_at_its_destination_deal_damage_to_each_other():
    lee = deck("Blind Monk", ["Dragon's Rage"], ["Trifarian War Camp", "Zaun Warrens", "Altar to Unity"])

    def raged() -> GalleryTable:
        return table("runedeck:6 runes:3 Calm Rune;3 Body Rune pool:4;Calm 1 hand:Dragon's Rage",
                     f"{P2_RUNES} controls:bf2 bf2:Wizened Elder base:Yi, Meditative", ana=lee).do(
            "P1 play Dragon's Rage -> Yi, Meditative; Wizened Elder", "P1 pass", "P2 pass")
    elder, yi = (raged().obj("P2", name)["might"] for name in ("Wizened Elder", "Yi, Meditative"))
    duel = f"damage Wizened Elder {yi} | damage Yi, Meditative {elder}"
    assert raged().do(f"resolve Dragon's Rage: move Yi, Meditative -> bf2 | {duel}").state["violations"] == []
    refusal = raged().refuses(f"resolve Dragon's Rage: move Yi, Meditative -> bf1 | {duel}", rule=SPELL)
    assert "the unit chosen is at the moved unit's destination (bf1)" in said(refusal)


@pytest.mark.parametrize(("unit", "alone"), [("Ultrasoft Poro", True), ("Glasc Mixologist", False)])
def test_en_garde_gives_the_additional_might_only_to_a_unit_alone_there(unit: str, alone: bool):
    def guarded() -> GalleryTable:
        return table("runedeck:6 runes:3 Calm Rune;3 Order Rune controls:bf1 bf1:Ultrasoft Poro base:Glasc Mixologist;"
                     "Scuttle Crab hand:En Garde", ana=GREEN).do(f"P1 play En Garde -> {unit} $1", "P1 pass",
                                                                 "P2 pass")
    once, twice = f"might {unit} +1 until turn", f"might {unit} +1 until turn | might {unit} +1 until turn"
    assert guarded().do(f"resolve En Garde: {twice if alone else once}").state["violations"] == []
    refusal = guarded().refuses(f"resolve En Garde: {once if alone else twice}", rule=SPELL)
    assert ("records no additional Might" if alone else "is not the only unit its controller controls there") in \
        said(refusal)


def test_here_to_help_plays_a_unit_to_a_battlefield_its_player_controls_for_3_less():
    def helped() -> GalleryTable:
        return table("runedeck:6 runes:3 Body Rune;3 Order Rune pool:2;Body 1 controls:bf1 bf1:Safety Inspector "
                     "hand:Here to Help;Glasc Mixologist", ana=BOSS).do("P1 play Here to Help", "P1 pass", "P2 pass")
    play = 'play P1 Glasc Mixologist @{} +base_cost={{"energy": {}, "power": 1}} $2 / Order Rune'
    t = helped().do(f"resolve Here to Help: {play.format('bf1', 2)}")
    assert t.state["violations"] == [] and t.obj("P1", "Glasc Mixologist")["location"] == "bf1"
    assert "reduced by [3]" in said(helped().refuses(f"resolve Here to Help: {play.format('bf1', 1)}", rule=SPELL))
    assert "to a battlefield P1 controls" in said(helped().refuses(f"resolve Here to Help: {play.format('base', 2)}",
                                                                   rule=SPELL))


@pytest.mark.parametrize(("ops", "reason"), [
    ("token P1 Gold | token P2 Gold | token P1 Gold", None),
    ("token P1 Gold", None),
    ("token P1 Gold | token P2 Gold", "records 0 Gold tokens for its controller, but 1 opponents played one"),
    ("token P1 Gold | token P1 Gold", "records 1 Gold tokens for its controller, but 0 opponents played one"),
])
def test_card_sharp_gives_its_controller_a_gold_for_each_opponent_who_played_one(ops: str, reason: str | None):
    t = table("runedeck:8 runes:2 Mind Rune;2 Chaos Rune pool:3 hand:Card Sharp", ana=MIND).do(
        "P1 play Card Sharp", 'P1 trigger Card Sharp "when-you-play"', "P1 pass", "P2 pass")
    if reason is None:
        assert t.do(f"resolve Card Sharp: {ops}").state["violations"] == []
    else:
        assert reason in said(t.refuses(f"resolve Card Sharp: {ops}", rule=ABILITY))


def test_kato_the_arm_gives_a_friendly_unit_its_keywords_and_might():
    def moved() -> GalleryTable:
        return table("runedeck:6 runes:3 Body Rune;3 Order Rune base:Kato the Arm;Safety Inspector", ana=BOSS).do(
            "P1 move Kato the Arm -> bf1", 'P1 trigger Kato the Arm@bf1 "when-i-move"', "P1 pass", "P2 pass")
    might = moved().obj("P1", "Kato the Arm")["might"]
    legal = f"resolve Kato the Arm: grant Safety Inspector +Deflect until turn | might Safety Inspector +{might} " \
            f"until turn"
    assert moved().do(legal).state["violations"] == []
    refusal = moved().refuses(legal.replace("+Deflect", "+Tank"), rule=ABILITY)
    assert "but the card gives its source's keywords: Deflect" in said(refusal)
    refusal = moved().refuses(legal.replace("might Safety Inspector", "might Kato the Arm"), rule=ABILITY)
    assert "the card gives both to one unit" in said(refusal)


def test_rell_plays_a_small_equipment_and_attaches_it_to_herself():
    def attacked() -> GalleryTable:
        return table(f"{P1_RUNES} base:Rell, Magnetic hand:Eye of the Herald;B.F. Sword",
                     f"{P2_RUNES} controls:bf2 bf2:Wizened Elder").do(
            "P1 move Rell, Magnetic -> bf2", 'P1 trigger Rell, Magnetic@bf2 "when-i-attack"', "P1 pass", "P2 pass")
    t = attacked()
    eye = t.find("P1", "Eye of the Herald", "hand")
    t.do(f"resolve Rell, Magnetic: play P1 {eye} +ignore_cost | attach {eye} -> Rell, Magnetic")
    assert t.state["violations"] == [] and t.state["objects"][eye]["attached_to"] == t.find("P1", "Rell, Magnetic")
    refusal = attacked().refuses("resolve Rell, Magnetic: play P1 B.F. Sword +ignore_cost", rule=ABILITY)
    assert "costs 4 Energy, and the card's target costs no more than 2" in said(refusal)
    refusal = attacked().refuses("resolve Rell, Magnetic: play P1 Eye of the Herald +ignore_cost", rule=ABILITY)
    assert "but the card attaches what it played" in said(refusal)


@pytest.mark.parametrize(("trash", "amount"), [("", 2), ("trash:Consuming Curse ", 3)])
def test_consuming_curse_deals_1_more_for_each_card_of_its_name_in_the_trash(trash: str, amount: int):
    def cursed() -> GalleryTable:
        return table(f"{P1_RUNES} {trash}hand:Consuming Curse", f"{P2_RUNES} controls:bf2 bf2:Wizened Elder").do(
            "P1 play Consuming Curse -> Wizened Elder $2", "P1 pass", "P2 pass")
    assert cursed().do(f"resolve Consuming Curse: damage Wizened Elder {amount}").state["violations"] == []
    refusal = cursed().refuses(f"resolve Consuming Curse: damage Wizened Elder {amount + 1}", rule=SPELL)
    assert f"but the card deals {amount}" in said(refusal) and "Bonus Damage for each card" in said(refusal)


# -- "you win the game" ------------------------------------------------------------------------------------------
def test_the_grand_plaza_makes_its_controller_win():
    units = ["Fallen Feline"] * 3 + ["Ultrasoft Poro"] * 3 + ["Raging Firebrand"]  # "if you have 7+ units here"
    plaza = deck("Hand of Noxus", units, ["The Grand Plaza", "Zaun Warrens", "Altar to Unity"])

    def held() -> GalleryTable:
        return table(f"runedeck:4 runes:4 Fury Rune;4 Order Rune controls:bf1 bf1:{';'.join(units)}", ana=plaza,
                     player="P2", bf="The Grand Plaza").do("P2 end turn", "P1 pass",
                                                          'P1 trigger The Grand Plaza "when-you-hold"', "P1 pass",
                                                          "P2 pass")
    assert held().do("resolve The Grand Plaza: win P1").state["violations"] == []
    refusal = held().refuses("resolve The Grand Plaza: win P2", rule=ABILITY)
    assert "the card's win is its controller's (P1), not P2's" in said(refusal) and "you win the game" in \
        said(refusal)
