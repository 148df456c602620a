"""Core Rules v1.4: making new choices (750-755) and naming a card, a type or a tag (759-763), for v1.4 matches, with
v1.3 matches kept as they were; real gallery cards: Origins' Mystic Reversal ("Gain control of a spell. You may make
new choices for it.") and Void Seeker ("Deal 4 to a unit at a battlefield. Draw 1."), Vendetta's Fallen Feline
("When you play me, name a spell. While I'm at a battlefield, opponents can't play spells with that name.") and
Unleashed's The List ("As you play this, name a tag. [T]: Give a unit with the named tag -2 [S] this turn.").

Ana (P1) plays Master Yi (Wuju Master: Calm/Body), Ben (P2) plays Kai'Sa (Daughter of the Void: Fury/Mind).
"""
from __future__ import annotations

from typing import Any

import pytest

from gallery_duel import GALLERY

if not GALLERY.exists():
    pytest.skip(f"the card gallery export {GALLERY} is absent (../shared is not checked out)", allow_module_level=True)

from engine.errors import MalformedEvent  # noqa: E402
from gallery_duel import GalleryTable, deck  # noqa: E402
from replays import notation  # noqa: E402

YI, KAISA = "Master Yi, Tempered", "Kai'Sa, Survivor"


def created(rules: str, policy: str = "strict") -> dict[str, Any]:
    """A match_created of the rules edition `rules`."""
    yi = deck("Wuju Master", YI, ["Vilemaw", "Mystic Reversal"],
              ["Treasure Hoard", "Zaun Warrens", "Grove of the God-Willow"], "Ana")
    kaisa = deck("Daughter of the Void", KAISA, ["Void Seeker"],
                 ["Altar to Unity", "Back-Alley Bar", "Trifarian War Camp"], "Ben")
    return {"type": "match_created", "abilities": "declared",
            "rules": rules, "mode": "duel", "players": [yi, kaisa], "catalog": "gallery",
            "policy": policy}


# -- 1. making new choices (v1.4 750-755) ------------------------------------------------------------------------
REVERSAL = ("turn 4 P2 action first P1 | P1 0 bf:Treasure Hoard controls:bf1 champion:played deck:0 runedeck:0 "
            "hand:Mystic Reversal runes:3 Calm Rune;4 Body Rune bf1:Vilemaw | "
            f"P2 0 bf:Altar to Unity controls:bf2 champion:played deck:0 runedeck:0 hand:Void Seeker "
            f"runes:3 Fury Rune;2 Mind Rune bf2:{KAISA}")


def reversed_seeker(rules: str, policy: str = "strict", *before: str) -> GalleryTable:
    """Ben plays Void Seeker on Ana's Vilemaw; Ana answers with Mystic Reversal choosing Void Seeker; both pass, and
    Mystic Reversal is about to resolve."""
    return GalleryTable.from_position(created(rules, policy), REVERSAL).do(
        *before, "P2 play Void Seeker -> Vilemaw@bf1 $3 / Fury Rune", "P2 pass",
        "P1 play Mystic Reversal -> Void Seeker $4 / Calm Rune; Calm Rune; Calm Rune", "P1 pass", "P2 pass")


def seeker(t: GalleryTable) -> dict[str, Any]:
    return next(item for item in t.state["chain"] if item["card"] == "Void Seeker")


def test_a_spell_whose_control_is_gained_resolves_for_its_new_controller_on_its_new_targets_v1_4_751():
    """v1.4 751-753: Mystic Reversal gains control of Void Seeker and makes a new choice for it (Ben's Kai'Sa
    instead of Ana's Vilemaw): Void Seeker is Ana's now, deals its 4 to Kai'Sa and draws Ana a card, then goes to
    its owner's (Ben's) trash."""
    t = reversed_seeker("v1.4").do(
        f"resolve Mystic Reversal: control Void Seeker@chain -> P1 | retarget Void Seeker -> {KAISA}")
    item = seeker(t)
    assert item["controller"] == "P1" and item["targets"] == [t.find("P2", KAISA)]
    t.do("P1 pass", "P2 pass", f"resolve Void Seeker: damage {KAISA} 4 | draw P1 ?")
    assert t.obj("P1", "Vilemaw")["damage"] == 0
    assert t.find("P2", KAISA, "trash") and t.find("P2", "Void Seeker", "trash")
    assert len(t.state["players"]["P1"]["hand"]) == 1  # the card Void Seeker drew its new controller


def test_new_choices_and_control_of_an_item_write_and_read_back_in_the_notation():
    t = reversed_seeker("v1.4")
    line = f"resolve Mystic Reversal: control Void Seeker@chain -> P1 | retarget Void Seeker -> {KAISA}"
    event = t.parse(line)
    assert event["effects"][0] == {"op": "control", "item": seeker(t)["id"], "player": "P1"}
    assert event["effects"][1] == {"op": "retarget", "item": seeker(t)["id"], "targets": [t.find("P2", KAISA)]}
    assert notation.write_event(t.state, event) == line
    assert t.parse(notation.write_event(t.state, event)) == event


def test_new_choices_that_choose_nothing_new_are_refused_v1_4_751_1():
    """v1.4 751.1: "Making new choices in this way requires a player to choose Game Objects, players, zones, or
    modes that were previously not being chosen by the chain item." Vilemaw again is no new choice."""
    t = reversed_seeker("v1.4")
    refusal = t.refuses("resolve Mystic Reversal: control Void Seeker@chain -> P1 | retarget Void Seeker -> "
                        "Vilemaw", rule="v1.4 751.1")
    assert "chooses nothing it did not choose before" in str(refusal)


def test_an_illegal_new_choice_is_refused_and_in_audit_the_item_keeps_its_targets_v1_4_753_1():
    """v1.4 753.1: "A player may not make new choices this way that would be illegal". Kai'Sa "can't be chosen by
    enemy spells and abilities" (a static recorded for the test): once Ana controls Void Seeker, Kai'Sa is an enemy
    unit to it and cannot be its new target."""
    protect = f'static {KAISA} +rule="untargetable" +affects={{"who": "self"}}'
    line = f"resolve Mystic Reversal: control Void Seeker@chain -> P1 | retarget Void Seeker -> {KAISA}"
    refusal = reversed_seeker("v1.4", "strict", protect).refuses(line, rule="v1.4 753.1")
    assert "can't be chosen" in str(refusal) or "untargetable" in str(refusal)
    t = reversed_seeker("v1.4", "audit", protect)
    t.flags(line, rule="v1.4 753.1")
    assert seeker(t)["controller"] == "P1" and seeker(t)["targets"] == [t.find("P1", "Vilemaw")]


def test_new_choices_for_an_item_no_longer_on_the_chain_are_refused_v1_4_751():
    """v1.4 751: new choices are made "for a finalized item on the chain": Ben's Void Seeker already countered
    (the first op) has none to make."""
    t = reversed_seeker("v1.4")
    t.refuses(f"resolve Mystic Reversal: counter Void Seeker | retarget {seeker(t)['id']} -> {KAISA}",
              rule="v1.4 751")


def test_control_names_either_an_object_or_a_chain_item():
    t = reversed_seeker("v1.4")
    vilemaw, item = t.find("P1", "Vilemaw"), seeker(t)["id"]
    with pytest.raises(MalformedEvent, match="either a 'target'"):
        t.do({"type": "resolve", "item": t.state["chain"][-1]["id"],
              "effects": [{"op": "control", "target": vilemaw, "item": item, "player": "P1"}]})
    with pytest.raises(MalformedEvent, match="names a target twice"):
        t.do({"type": "resolve", "item": t.state["chain"][-1]["id"],
              "effects": [{"op": "retarget", "item": item, "targets": [vilemaw, vilemaw]}]})


def test_a_v1_3_match_applies_new_choices_without_v1_4_s_checks_v1_3_359_3_f_4():
    """v1.3 has no rules 750-755 (only 359.3.f.4's example of "Gain control of a triggered ability. You may make
    new choices for it."): the ops apply, and a "new" choice of the same target is not flagged."""
    t = reversed_seeker("v1.3").do(
        "resolve Mystic Reversal: control Void Seeker@chain -> P1 | retarget Void Seeker -> Vilemaw")
    assert seeker(t)["controller"] == "P1" and t.state["violations"] == []


# -- 3. naming a card, a type or a tag (v1.4 759-763) --------------------------------------------------------------
FELINE_RULE = ('+statics=[{"rule": "no_play_named", "affects": {"who": "enemy"}, "while": {"at": "battlefield"}}]')


def feline_match(rules: str, policy: str = "strict") -> GalleryTable:
    """Ana (Shen, Eye of Twilight: Calm/Order) has two Fallen Felines at hand on her turn; Ben (Kai'Sa) holds
    Eclipse ([Reaction] "Give a unit -4 [S] this turn")."""
    shen = deck("Eye of Twilight", "Shen, Kinkou", ["Fallen Feline"],
                ["Altar to Unity", "Back-Alley Bar", "Trifarian War Camp"], "Ana")
    kaisa = deck("Daughter of the Void", KAISA, ["Eclipse"],
                 ["Treasure Hoard", "Zaun Warrens", "Grove of the God-Willow"], "Ben")
    match = {"type": "match_created", "abilities": "declared", "rules": rules, "mode": "duel", "players": [shen, kaisa],
             "catalog": "gallery", "policy": policy}
    line = ("turn 4 P1 action first P1 | P1 0 bf:Altar to Unity controls:bf1 champion:played deck:0 runedeck:0 "
            "hand:Fallen Feline;Fallen Feline runes:3 Order Rune;3 Calm Rune bf1:Shen, Kinkou | "
            "P2 0 bf:Treasure Hoard champion:played deck:0 runedeck:0 hand:Eclipse runes:3 Fury Rune;2 Mind Rune")
    return GalleryTable.from_position(match, line)


def feline_named(rules: str, named: str = 'card Eclipse +of="Spell"', policy: str = "strict") -> GalleryTable:
    """Ana plays a Fallen Feline to her battlefield; its play trigger names `named`."""
    t = feline_match(rules, policy).do(f"P1 play Fallen Feline @bf1 {FELINE_RULE} $2 / Order Rune",
                                       'P1 trigger Fallen Feline "when-you-play"', "P1 pass", "P2 pass")
    return t.do(f"resolve Fallen Feline: name Fallen Feline@bf1 -> {named}")


def test_a_named_spell_cannot_be_played_by_an_opponent_v1_4_761():
    """v1.4 759-761: Fallen Feline names Eclipse (recorded by its name, 761.1); while it is at a battlefield, Ben
    cannot play Eclipse (the card's text, 002), here in answer to Ana's second Fallen Feline's trigger."""
    t = feline_named("v1.4")
    feline = t.state["objects"][t.find("P1", "Fallen Feline")]
    assert feline["named"] == {"card": "Eclipse", "of": "Spell"} and t.state["violations"] == []
    t.do("P1 play Fallen Feline $2 / Order Rune", 'P1 trigger Fallen Feline@base "when-you-play"', "P1 pass")
    refusal = t.refuses("P2 play Eclipse -> Fallen Feline@bf1 $3", rule="v1.4 002")
    assert "named" in str(refusal)


def test_a_card_that_does_not_exist_cannot_be_named_v1_4_762_1():
    """v1.4 762.1: "They cannot name a card that doesn't exist." (The catalog has no card "Eclipse of the Void".)"""
    feline_match("v1.4").do(f"P1 play Fallen Feline @bf1 {FELINE_RULE} $2 / Order Rune",
                            'P1 trigger Fallen Feline "when-you-play"', "P1 pass", "P2 pass").refuses(
        "resolve Fallen Feline: name Fallen Feline@bf1 -> card Eclipse of the Void", rule="v1.4 762.1")


def test_a_token_cannot_be_named_as_a_card_v1_4_762_2():
    """v1.4 762.2: "A player cannot choose the name of a token when instructed to name a card." (Recruit.)"""
    with pytest.raises(Exception) as refusal:
        feline_named("v1.4", "card Recruit")
    assert "v1.4 762.2" in str(getattr(refusal.value, "violations", refusal.value))


def test_a_named_spell_must_be_a_spell_v1_4_002():
    """Fallen Feline's "name a spell" (`of`): naming a unit breaks the card's text (002)."""
    with pytest.raises(Exception) as refusal:
        feline_named("v1.4", f'card {KAISA} +of="Spell"')
    assert "v1.4 002" in str(getattr(refusal.value, "violations", refusal.value))


def test_a_tag_that_does_not_exist_cannot_be_named_v1_4_763():
    """v1.4 763, 763.1: a named tag is one of the tags that exist (Cat does, Kitten does not); a type is one of
    133.4-133.6's."""
    assert feline_named("v1.4", "tag Cat").obj("P1", "Fallen Feline")["named"] == {"tag": "Cat"}
    assert feline_named("v1.4", "tag Miss Fortune").obj("P1", "Fallen Feline")["named"] == {"tag": "Miss Fortune"}
    t = feline_named("v1.4", "tag Kitten", policy="audit")
    assert [v["rule"] for v in t.state["violations"]] == ["v1.4 763"]
    assert t.obj("P1", "Fallen Feline")["named"] == {"tag": "Kitten"}  # recorded as the player said it
    t = feline_named("v1.4", "type Kitten", policy="audit")
    assert [v["rule"] for v in t.state["violations"]] == ["v1.4 760"]


def test_a_v1_3_match_records_a_name_unchecked_v1_3_002():
    """v1.3 defines no naming: a name is recorded as written (a token's, a tag no card has), and what it does is the
    card's text (Fallen Feline's prohibition still applies)."""
    assert feline_named("v1.3", "card Recruit").obj("P1", "Fallen Feline")["named"] == {"card": "Recruit"}
    assert feline_named("v1.3", "tag Kitten").state["violations"] == []
    t = feline_named("v1.3").do("P1 play Fallen Feline $2 / Order Rune",
                                'P1 trigger Fallen Feline@base "when-you-play"', "P1 pass")
    t.refuses("P2 play Eclipse -> Fallen Feline@bf1 $3", rule="002")


def test_the_list_names_a_tag_as_it_is_played_v1_4_763():
    """The List: "As you play this, name a tag." (a choice made as it is played, the play's `options.named`): the
    tag is kept on the gear; one that does not exist is flagged (v1.4 763); the name reads back in the notation."""
    pyke = deck("Bloodharbor Ripper", "Pyke, Dockside Butcher", ["The List"],
                ["Altar to Unity", "Back-Alley Bar", "Trifarian War Camp"], "Ana")
    kaisa = deck("Daughter of the Void", KAISA, ["Eclipse"],
                 ["Treasure Hoard", "Zaun Warrens", "Grove of the God-Willow"], "Ben")
    line = ("turn 4 P1 action first P1 | P1 0 bf:Altar to Unity champion:played deck:0 runedeck:0 hand:The List "
            "runes:2 Chaos Rune | P2 0 bf:Treasure Hoard champion:played deck:0 runedeck:0 runes:2 Mind Rune")

    def table(policy: str) -> GalleryTable:
        return GalleryTable.from_position({"type": "match_created", "abilities": "declared",
                                           "rules": "v1.4", "mode": "duel",
                                           "players": [pyke, kaisa], "catalog": "gallery", "policy": policy}, line)

    t = table("strict")
    event = t.parse('P1 play The List +named={"tag": "Poro"} $1')
    assert t.parse(notation.write_event(t.state, event)) == event
    t.do(event)
    assert t.obj("P1", "The List")["named"] == {"tag": "Poro"}
    table("strict").refuses('P1 play The List +named={"tag": "Porro"} $1', rule="v1.4 763")
    with pytest.raises(Exception, match="exactly one of"):  # malformed, as the notation reports it
        table("strict").do('P1 play The List +named={"tag": "Poro", "card": "Eclipse"} $1')


def the_list_named_yordle(rules: str, policy: str = "strict") -> GalleryTable:
    """Ana plays The List naming the tag Yordle; Ben has Lecturing Yordle (Yordle, Bandle City) and Kai'Sa, Survivor
    (Kai'Sa, The Void) at bf2."""
    pyke = deck("Bloodharbor Ripper", "Pyke, Dockside Butcher", ["The List"],
                ["Altar to Unity", "Back-Alley Bar", "Trifarian War Camp"], "Ana")
    kaisa = deck("Daughter of the Void", KAISA, ["Lecturing Yordle"],
                 ["Treasure Hoard", "Zaun Warrens", "Grove of the God-Willow"], "Ben")
    line = ("turn 4 P1 action first P1 | P1 0 bf:Altar to Unity champion:played deck:0 runedeck:0 hand:The List "
            "runes:2 Chaos Rune | P2 0 bf:Treasure Hoard controls:bf2 champion:played deck:0 runedeck:0 "
            f"runes:2 Mind Rune bf2:Lecturing Yordle;{KAISA}")
    return GalleryTable.from_position({"type": "match_created", "rules": rules, "mode": "duel",
                                       "players": [pyke, kaisa], "catalog": "gallery", "policy": policy},
                                      line).do('P1 play The List +named={"tag": "Yordle"} $1')


def test_the_lists_ability_chooses_only_a_unit_with_the_named_tag_v1_4_355_9_b():
    """The List: "[T]: Give a unit with the named tag -2 [S] this turn.": a target meets all targeting restrictions
    (v1.4 355.9.b), so with Yordle named, Lecturing Yordle may be chosen and Kai'Sa, Survivor may not."""
    refusal = the_list_named_yordle("v1.4").refuses(f'P1 activate The List "give-a-unit" -> {KAISA}',
                                                    rule="v1.4 355.9.b")
    assert "which is not a unit with the named tag 'Yordle' (its tags: Kai'Sa, The Void)" in str(refusal)
    t = the_list_named_yordle("v1.4").do('P1 activate The List "give-a-unit" -> Lecturing Yordle', "P1 pass",
                                         "P2 pass", "resolve The List: might Lecturing Yordle -2 until turn")
    assert t.state["violations"] == [] and t.obj("P2", "Lecturing Yordle")["might"] == 0


def test_the_lists_target_is_not_checked_against_its_tag_in_a_v1_3_match_v1_3_002():
    """v1.3 defines no naming (what is named is recorded as written, card text alone governs, 002): the choice of
    a unit without the named tag is recorded, as before."""
    t = the_list_named_yordle("v1.3").do(f'P1 activate The List "give-a-unit" -> {KAISA}')
    assert t.state["violations"] == [] and t.state["chain"][-1]["targets"] == [t.find("P2", KAISA)]


def test_the_viewer_words_new_choices_and_names():
    from web.describe import describe_op

    name = {"o1": "Fallen Feline (o1)", "o2": "Vilemaw (o2)", "c3": "Void Seeker (c3)", "P1": "Ana"}.get
    assert describe_op({"op": "control", "item": "c3", "player": "P1"}, name) == "Ana takes control of Void Seeker (c3)"
    assert describe_op({"op": "retarget", "item": "c3", "targets": ["o2"]}, name) == \
        "new choices for Void Seeker (c3): Vilemaw (o2)"
    assert describe_op({"op": "name", "target": "o1", "card": "Eclipse", "of": "Spell"}, name) == \
        "Fallen Feline (o1) names the card Eclipse"
