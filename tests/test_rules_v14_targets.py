"""Core Rules v1.4: targets, choices and replacement effects at resolution (issue 25), for v1.4 matches, with the
old behaviour kept for v1.3 matches; real gallery cards (Unleashed's Alpha Wildclaw, Vilemaw and Alpha Strike,
Spiritforged's Counter Strike, Origins' Void Seeker, Discipline and Stupefy). Vendetta's own untargetability card,
Twilight Shroud, has no [Reaction], so it cannot make a unit untargetable after a spell chose it; the rule's own
example (v1.4 758.2.a: Alpha Wildclaw, Vilemaw, Discipline) is used instead.

Ana (P1) plays Master Yi (Wuju Master: Calm/Body), Ben (P2) plays Kai'Sa (Daughter of the Void: Fury/Mind).
"""
from __future__ import annotations

from typing import Any

import pytest

from gallery_duel import GALLERY

if not GALLERY.exists():
    pytest.skip(f"the card gallery export {GALLERY} is absent (../shared is not checked out)", allow_module_level=True)

from gallery_duel import GalleryTable, deck  # noqa: E402

YI, KAISA = "Master Yi, Tempered", "Kai'Sa, Survivor"


def created(rules: str, policy: str = "strict") -> dict[str, Any]:
    """A match_created of the rules edition `rules`."""
    yi = deck("Wuju Master", YI, ["Alpha Wildclaw", "Vilemaw", "Discipline", "Alpha Strike"],
              ["Treasure Hoard", "Zaun Warrens", "Grove of the God-Willow"], "Ana")
    kaisa = deck("Daughter of the Void", KAISA, ["Void Seeker", "Frigid Touch", "Stupefy"],
                 ["Altar to Unity", "Back-Alley Bar", "Trifarian War Camp"], "Ben")
    return {"type": "match_created", "abilities": "declared",
            "rules": rules, "mode": "duel", "players": [yi, kaisa], "catalog": "gallery",
            "policy": policy}


def table(rules: str, line: str, policy: str = "strict") -> GalleryTable:
    return GalleryTable.from_position(created(rules, policy), line)


# -- 1. untargetability and mistargeting at resolution (v1.4 756-758) ------------------------------------------
WILDCLAW = ("turn 4 P2 action first P1 | P1 0 bf:Treasure Hoard controls:bf1 champion:played deck:0 runedeck:0 "
            "hand:Discipline runes:2 Calm Rune;2 Body Rune bf1:Alpha Wildclaw;Vilemaw;Master Yi, Tempered | "
            "P2 0 bf:Altar to Unity champion:played deck:0 runedeck:0 hand:Void Seeker;Stupefy runes:3 Fury Rune;2 Mind Rune")
PROTECTS = 'static Alpha Wildclaw +rule="untargetable" +affects={"who": "friendly", "where": "here", "weaker": true}'


def rebuked(rules: str, policy: str = "strict", answer: tuple[str, ...] = ("P2 pass", "P1 pass")) -> GalleryTable:
    """Alpha Wildclaw (7): "Your units here with less Might than me can't be chosen by enemy spells and abilities."
    Ben plays Void Seeker ("Deal 4 to a unit at a battlefield. Draw 1.") on Vilemaw (8, a legal target); Ana answers
    with Discipline on Alpha Wildclaw (+2: 9), which resolves first: Vilemaw became untargetable for Void Seeker
    after it chose it (v1.4 758.2.a's own example, with Void Seeker for Rebuke)."""
    return table(rules, WILDCLAW, policy).do(
        PROTECTS, "P2 play Void Seeker -> Vilemaw@bf1 $3 / Fury Rune", "P2 pass",
        "P1 play Discipline -> Alpha Wildclaw $2", "P1 pass", "P2 pass",
        "resolve Discipline: might Alpha Wildclaw +2 until turn | draw P1 ?", *answer)


def test_a_target_that_became_untargetable_is_mistargeted_at_resolution_v1_4_758_1():
    """v1.4 758.1: "If a Game Object becomes untargetable for a spell or ability after becoming its target and
    before it resolves, the spell or ability will mistarget on resolution. Any instructions related to that Game
    Object will be ignored": a record of Void Seeker's damage to Vilemaw is refused; its draw still happens."""
    t = rebuked("v1.4")
    refusal = t.refuses("resolve Void Seeker: damage Vilemaw 4 | draw P2 ?", rule="v1.4 758.1")
    assert "became untargetable for it" in str(refusal) and "Alpha Wildclaw" in str(refusal)
    t.do("resolve Void Seeker: draw P2 ?")
    assert t.obj("P1", "Vilemaw")["damage"] == 0
    assert len(t.state["players"]["P2"]["hand"]) == 2  # Stupefy and the card drawn


def test_a_mistargeted_instruction_recorded_in_an_audit_match_is_flagged_and_ignored_v1_4_758_1():
    t = rebuked("v1.4", "audit")
    t.flags("resolve Void Seeker: damage Vilemaw 4 | draw P2 ?", rule="v1.4 758.1")
    assert t.obj("P1", "Vilemaw")["damage"] == 0
    assert len(t.state["players"]["P2"]["hand"]) == 2  # the rest of the resolution goes on: Stupefy and a card


def test_a_target_no_longer_untargetable_at_resolution_is_affected_v1_4_758_2():
    """v1.4 758.2-758.2.a: untargetability is checked again as the item resolves: Ben's Stupefy (-1 [S]) brings
    Alpha Wildclaw back to 8, Vilemaw (8) is no longer among the units it protects, and Void Seeker deals its 4."""
    t = rebuked("v1.4", answer=("P2 play Stupefy -> Alpha Wildclaw $1", "P2 pass", "P1 pass",
                                "resolve Stupefy: might Alpha Wildclaw -1 until turn", "P2 pass", "P1 pass"))
    t.do("resolve Void Seeker: damage Vilemaw 4 | draw P2 ?")
    assert t.obj("P1", "Vilemaw")["damage"] == 4


def test_choosing_an_untargetable_unit_cites_v1_4_758():
    """v1.4 758: "Untargetable Game Objects are not legal targets for the indicated spells and abilities": Master
    Yi (4) at Alpha Wildclaw's (7) battlefield cannot be chosen by Ben's Void Seeker; Vilemaw (8) can."""
    t = table("v1.4", WILDCLAW).do(PROTECTS)
    t.refuses(f"P2 play Void Seeker -> {YI}@bf1 $3 / Fury Rune", rule="v1.4 758")
    t.do("P2 play Void Seeker -> Vilemaw@bf1 $3 / Fury Rune")


def test_a_v1_3_match_deals_the_damage_to_a_target_that_became_untargetable_v1_3_355_15():
    """v1.3 has no rule 758: the engine checked "can't be chosen" as the target was chosen, and a v1.3 match is
    folded as before (Vilemaw takes the 4 damage)."""
    t = rebuked("v1.3").do("resolve Void Seeker: damage Vilemaw 4 | draw P2 ?")
    assert t.obj("P1", "Vilemaw")["damage"] == 4


# -- 6. replacement effects applied to combat damage assignment (v1.4 465.2.c.5, 465.2.c.10) ----------------------
def countered(rules: str) -> GalleryTable:
    """Ben's Kai'Sa, Survivor (4) attacks Treasure Hoard, where Ana has Jax, Unrelenting (3) and Veteran Poro (2);
    Ana plays Counter Strike on Jax ("The next time that unit would be dealt damage this turn, prevent it"): the
    damage step, Ben to assign 4."""
    jax = deck("Grandmaster at Arms", "Jax, Unrelenting", ["Counter Strike", "Veteran Poro"],
               ["Treasure Hoard", "Zaun Warrens", "Grove of the God-Willow"], "Ana")
    match = {**created(rules), "players": [jax, created(rules)["players"][1]]}
    line = ("turn 4 P2 action first P1 | P1 0 bf:Treasure Hoard controls:bf1 champion:played deck:0 runedeck:0 "
            "hand:Counter Strike runes:2 Calm Rune;2 Body Rune bf1:Jax, Unrelenting;Veteran Poro | "
            f"P2 0 bf:Altar to Unity champion:played deck:0 runedeck:0 runes:3 Fury Rune;2 Mind Rune base:{KAISA}")
    return GalleryTable.from_position(match, line).do(
        f"P2 move {KAISA} -> bf1", "P2 pass", "P1 play Counter Strike -> Jax, Unrelenting $2 / Body Rune",
        "P1 pass", "P2 pass", "resolve Counter Strike: prevent Jax, Unrelenting next | draw P1 ?", "P2 pass",
        "P1 pass")


def test_a_unit_whose_damage_is_all_prevented_stays_in_the_order_of_assignment_v1_4_465_2_c_10():
    """v1.4 465.2.c.10: "Counter Strike ... The unit in question has a replacement effect applied to it, but it
    still can be dealt damage. Thus, it is not exempt from considerations of mandatory assignment." No amount
    assigned to Jax is lethal (the prevention applies to the assignment, 465.2.c.5), so Ben cannot split his 4
    between Jax and a Veteran Poro left short of lethal (465.2.c.3); lethal to the Poro first, the rest to Jax."""
    t = countered("v1.4")
    t.refuses("P2 assign Jax, Unrelenting 3; Veteran Poro 1", rule="v1.4 465.2.c.3")
    t.do("P2 assign Veteran Poro 2; Jax, Unrelenting 2")
    assert t.obj("P1", "Jax, Unrelenting")["damage"] == 0 and t.state["replacements"] == []


def test_the_suggested_assignment_gives_a_fully_prevented_unit_damage_last_v1_4_465_2_c_10():
    from engine.combat import lethal_first

    t = countered("v1.4")
    poro, jax = t.find("P1", "Veteran Poro"), t.find("P1", "Jax, Unrelenting")
    assert lethal_first(t.state, "P2") == {poro: 2, jax: 2}


def test_a_v1_3_match_leaves_a_fully_prevented_unit_out_of_the_order_v1_3_460_2_c_9():
    """v1.3 437.5.b, 460.2.c.9: no amount is lethal for it, and it is exempt: the split is allowed."""
    t = countered("v1.3").do("P2 assign Jax, Unrelenting 3; Veteran Poro 1")
    assert t.obj("P1", "Jax, Unrelenting")["damage"] == 0 and t.obj("P1", "Veteran Poro")["damage"] == 1


# -- 4. splitting damage when the amount shrinks (v1.4 355.14.h.1) -----------------------------------------------
STRIKE = ("turn 3 P1 action first P1 | P1 0 bf:Treasure Hoard controls:bf1 champion:played deck:0 runedeck:0 "
          "hand:Alpha Strike runes:3 Calm Rune;2 Body Rune bf1:Master Yi, Tempered | "
          "P2 0 bf:Altar to Unity controls:bf2 champion:played deck:0 runedeck:0 hand:Stupefy runes:2 Mind Rune "
          "bf2:Recruit;Recruit;Recruit;Recruit")


def struck(rules: str) -> tuple[GalleryTable, list[str]]:
    """v1.4 355.14.h.1's own example, smaller: Ana plays Alpha Strike ("Choose a friendly unit. It deals damage equal
    to its Might split among enemy units at battlefields.") choosing Master Yi (4) and Ben's four 1 [S] Recruits;
    Ben answers with Stupefy on Yi (-1 [S]): 3 damage to split among 4 targets. Returns the table and the Recruits."""
    t = GalleryTable.from_position(created(rules), STRIKE)
    recruits = sorted(object_id for object_id, obj in t.state["objects"].items() if obj["card"] == "Recruit")
    t.do(f"P1 play Alpha Strike -> {YI}; {'; '.join(recruits)} $3 / Calm Rune", "P1 pass",
         f"P2 play Stupefy -> {YI} $1", "P2 pass", "P1 pass", f"resolve Stupefy: might {YI} -1 until turn",
         "P1 pass", "P2 pass")
    return t, recruits


def test_a_split_drops_no_more_targets_than_the_damage_left_requires_v1_4_355_14_h_1():
    """v1.4 355.14.h.1: "That player cannot choose to have fewer Targets than they have damage to split when choosing
    which Targets cease being Targets": with 3 damage for 4 Recruits, Ana drops one, not two."""
    t, (one, two, three, four) = struck("v1.4")
    refusal = t.refuses(f"resolve Alpha Strike: keep {YI}; {one}; {two} | split 3 | damage {one} 2 | "
                        f"damage {two} 1", rule="v1.4 355.14.h.1")
    assert "keeps 2 of them" in str(refusal)
    t.do(f"resolve Alpha Strike: keep {YI}; {one}; {two}; {three} | split 3 | damage {one} 1 | damage {two} 1 | "
         f"damage {three} 1")
    assert four in t.state["objects"] and t.state["objects"][four]["zone"] == "board"
    assert not any(recruit in t.state["objects"] for recruit in (one, two, three))  # dead tokens cease to exist


def test_each_target_of_a_split_is_dealt_one_or_more_and_the_whole_amount_is_split_v1_3_355_14_e_g():
    t, (one, two, three, _) = struck("v1.4")
    t.refuses(f"resolve Alpha Strike: keep {YI}; {one}; {two}; {three} | split 3 | damage {one} 2 | "
              f"damage {two} 1 | damage {three} 0", rule="v1.4 355.14.g")
    t.refuses(f"resolve Alpha Strike: keep {YI}; {one}; {two}; {three} | split 3 | damage {one} 1 | "
              f"damage {two} 1 | damage {three} 2", rule="v1.4 355.14.e")


def test_a_v1_3_match_may_drop_any_targets_of_a_split_v1_3_355_14_h():
    """v1.3 355.14.h has no 355.14.h.1: Ana may drop two Recruits and deal 2 and 1."""
    t, (one, two, _, _) = struck("v1.3")
    t.do(f"resolve Alpha Strike: keep {YI}; {one}; {two} | split 3 | damage {one} 2 | damage {two} 1")
    assert one not in t.state["objects"] and two not in t.state["objects"]  # both died: tokens cease to exist


def test_a_split_resolution_writes_and_reads_back_in_the_notation():
    from replays import notation

    t, (one, two, three, _) = struck("v1.4")
    line = (f"resolve Alpha Strike: keep {YI}; {one}; {two}; {three} | split 3 | damage {one} 1 | damage {two} 1 | "
            f"damage {three} 1")
    event = t.parse(line)
    assert event["split"] == 3 and len(event["targets_kept"]) == 4
    assert notation.parse_event(notation.write_event(t.state, event), t.state) == event
