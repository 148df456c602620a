"""Core Rules v1.4 "Vendetta" for v1.4 matches, the rest of issue 25's gaps: a look at an empty deck burns nothing
out (and Vision is a Predict), a multi-domain card's [C] in its ability and keyword costs, control lost only in an
open state, a delayed ability whose time has passed; each beside a test that a v1.3 match keeps the old behaviour.
Real cards of the gallery."""
from __future__ import annotations

import pytest

from gallery_table import GalleryTable, deck
from replays import notation

# -- a look at more cards than the deck holds (v1.4 431.1.c; Vision, 817.1.b) ---------------------------------------
SEER = deck("Nine-Tailed Fox", ["Gemcraft Seer", "Clairvoyance"], ["Trifarian War Camp", "Windswept Hillock",
                                                                    "Zaun Warrens"])
CANNON = deck("Loose Cannon", ["Blade Twirler"], ["Altar to Unity", "Grove of the God-Willow", "Vilemaw's Lair"])


def seer_on_an_empty_deck(rules: str, policy: str = "strict") -> GalleryTable:
    """P1's main deck is empty (Clairvoyance in the trash; the deck emptied by hand, as tests/test_rules_deck_top.py
    does, since a position accounts for all 40 cards); Gemcraft Seer is played and its Vision waits to resolve."""
    line = ("position turn 3 P1 action first P1 | P1 0 bf:Trifarian War Camp deck:37 runedeck:8 runes:2 Calm Rune;"
            "2 Mind Rune hand:Gemcraft Seer trash:Clairvoyance | P2 0 bf:Altar to Unity deck:38 runedeck:6 "
            "runes:3 Fury Rune;3 Chaos Rune base:Blade Twirler")
    t = GalleryTable(SEER, CANNON, policy, rules=rules).do(line)
    t.state["players"]["P1"]["deck_count"] = 0
    return t.do("P1 play Gemcraft Seer $3 / Mind Rune", 'P1 trigger Gemcraft Seer "Vision"', "P1 pass", "P2 pass")


def test_vision_on_an_empty_deck_looks_at_nothing_and_burns_nothing_out_v1_4_431_1_c():
    """v1.4 431.1.c: a look at more cards than the main deck holds looks at as many as there are and does not burn
    out; Vision is "When this is played, predict" (v1.4 817.1.b), which never burns out (436.4.a) however it is
    recorded. A look naming a card of an empty deck is refused, and the trash stays where it is."""
    t = seer_on_an_empty_deck("v1.4")
    t.refuses("resolve Gemcraft Seer: look P1 Clairvoyance", rule="v1.4 431.1.c")
    t.do("resolve Gemcraft Seer: look P1")
    p1 = t.state["players"]["P1"]
    assert t.state["scores"]["P2"] == 0 and p1["deck_count"] == 0 and len(p1["trash"]) == 1
    audit = seer_on_an_empty_deck("v1.4", policy="audit").do("resolve Gemcraft Seer: look P1 Clairvoyance")
    assert audit.state["scores"]["P2"] == 0 and len(audit.state["players"]["P1"]["trash"]) == 1
    assert "v1.4 431.1.c" in [violation["rule"] for violation in audit.state["violations"]]


def test_vision_on_an_empty_deck_burns_out_first_in_a_v1_3_match_607_1_b():
    """A v1.3 match keeps what it was recorded with: the look burns out first (2025 607.1.b), the trash shuffled
    into the deck and an opponent scoring, then the player looks at the card."""
    t = seer_on_an_empty_deck("v1.3").do("resolve Gemcraft Seer: look P1 Clairvoyance")
    p1 = t.state["players"]["P1"]
    assert t.state["scores"]["P2"] == 1 and p1["deck_count"] == 1 and p1["trash"] == []


# -- a multi-domain card's [C] in ability and keyword costs (v1.4 135.2.e.6.c) -------------------------------------
AXE = deck("Glorious Executioner", ["Spinning Axe", "Blade Twirler"], ["Altar to Unity", "Grove of the God-Willow",
                                                                "Vilemaw's Lair"])
ZONE = deck("Mechanized Menace", ["Danger Zone", "Gem Jammer"], ["Altar to Unity", "Grove of the God-Willow",
                                                                  "Vilemaw's Lair"])


def calm_power_from_gold(p1: dict, segment: str, rules: str) -> GalleryTable:
    """P1 (two domains, neither Calm) holds a Gold gear token and adds Calm Power with it ("[A]": Power of the
    domain its player names, v1.3 429.5), a Power of none of their cards' domains."""
    line = (f"position turn 3 P1 action first P1 | P1 0 bf:Altar to Unity deck:37 {segment} gear:Gold | P2 0 "
            f"bf:Trifarian War Camp deck:37 runedeck:8 runes:2 Calm Rune;2 Mind Rune hand:Gemcraft Seer;Clairvoyance")
    return GalleryTable(p1, SEER, rules=rules).do(line, 'P1 activate Gold "add-a" +domain="Calm"')


def test_a_multi_domain_cards_equip_c_is_paid_with_its_own_domains_v1_4_135_2_e_6_c():
    """v1.4 135.2.e.6.c: Spinning Axe (Fury and Chaos) has Equip [C]: its Power is of Fury or Chaos, so Calm Power
    does not pay it (the gallery's HTML prints it as the rainbow [A], the rules text as [C]); Fury Power does."""
    t = calm_power_from_gold(AXE, "runedeck:6 runes:3 Fury Rune;3 Chaos Rune base:Blade Twirler "
                                  "gear:Spinning Axe", "v1.4")
    t.refuses("P1 activate Spinning Axe [1] -> Blade Twirler", rule="v1.4 404.1")
    t.do("P1 activate Spinning Axe [1] -> Blade Twirler $ / Fury Rune")
    assert t.state["players"]["P1"]["pool"]["power"] == {"Calm": 1}  # the Calm Power left unspent


def test_a_multi_domain_cards_equip_c_takes_power_of_any_domain_in_a_v1_3_match():
    """A v1.3 match keeps what its matches were recorded with: the catalog's [C] of Spinning Axe's Equip is Power
    of any domain there, so the Calm Power pays it."""
    t = calm_power_from_gold(AXE, "runedeck:6 runes:3 Fury Rune;3 Chaos Rune base:Blade Twirler "
                                  "gear:Spinning Axe", "v1.3")
    t.do("P1 activate Spinning Axe [1] -> Blade Twirler")
    assert t.state["players"]["P1"]["pool"]["power"] == {}
    assert "own_power" not in str(t.state["cards"]["Spinning Axe"])  # the facts as v1.3 matches folded them


def test_a_multi_domain_spells_repeat_c_is_paid_with_its_own_domains_v1_4_135_2_e_6_c():
    """v1.4 135.2.e.6.c: Danger Zone (Fury and Mind) has Repeat [1][C]: with its printed [1] and a Power of its
    domains, the repeat's Power must be Fury or Mind too, so Calm Power leaves it unpaid."""
    t = calm_power_from_gold(ZONE, "runedeck:6 runes:3 Fury Rune;3 Mind Rune hand:Danger Zone base:Gem Jammer",
                             "v1.4")
    t.refuses("P1 play Danger Zone +repeat $2 / Fury Rune", rule="v1.4 357.1")
    t.do("P1 play Danger Zone +repeat $2 / Fury Rune; Mind Rune")
    assert t.state["players"]["P1"]["pool"]["power"] == {"Calm": 1}


def test_a_multi_domain_spells_repeat_c_takes_power_of_any_domain_in_a_v1_3_match():
    t = calm_power_from_gold(ZONE, "runedeck:6 runes:3 Fury Rune;3 Mind Rune hand:Danger Zone base:Gem Jammer",
                             "v1.3")
    t.do("P1 play Danger Zone +repeat $2 / Fury Rune")
    assert t.state["players"]["P1"]["pool"]["power"] == {}


# -- a delayed ability whose time has passed (v1.4 359.3.e.16) -----------------------------------------------------
RENGAR = deck("Pridestalker", ["Dazzling Aurora", "Thrill of the Hunt", "Gem Jammer"],
              ["Targon's Peak", "Windswept Hillock", "Zaun Warrens"])


def conquered_in_the_ending_step(rules: str, policy: str = "strict") -> GalleryTable:
    """P1's ending step, recorded as its own moment: Dazzling Aurora's "At the end of your turn" triggers, and in
    reaction Thrill of the Hunt banishes Gem Jammer and plays it to Targon's Peak (the rules' own example, v1.4
    359.3.e.16), where it conquers once the chain has resolved and the showdown there ends; Targon's Peak's "When
    you conquer here, ready 2 runes at the end of this turn" then resolves."""
    line = ("position turn 3 P1 action first P1 | P1 0 bf:Targon's Peak deck:36 runedeck:6 runes:3 Fury Rune;"
            "3 Body Rune base:Gem Jammer gear:Dazzling Aurora hand:Thrill of the Hunt | P2 0 bf:Trifarian War Camp "
            "deck:37 runedeck:8 runes:2 Calm Rune;2 Mind Rune hand:Gemcraft Seer;Clairvoyance")
    t = GalleryTable(RENGAR, SEER, policy, rules=rules).do(line)
    jammer = t.find("P1", "Gem Jammer")
    t.do("P1 end turn +ending_step", 'P1 trigger Dazzling Aurora "at the end of your turn"',
         "P1 play Thrill of the Hunt -> Gem Jammer $2 / Fury Rune", "P1 pass", "P2 pass",
         f"resolve Thrill of the Hunt: banish {jammer} | play P1 {jammer} <banishment @bf1 +ignore_cost +to_allowed",
         "P1 pass", "P2 pass", "resolve Dazzling Aurora", "P1 pass", "P2 pass",
         'P1 trigger bf1 "when you conquer here"', "P1 pass", "P2 pass")
    return t


PEAK = 'resolve Targon\'s Peak: delayed "ready 2 runes at the end of this turn" +until="ending_step"'


def test_a_delayed_ability_for_the_end_of_the_turn_made_in_its_ending_step_is_not_created_v1_4_359_3_e_16():
    """v1.4 359.3.e.16: Targon's Peak conquered after the ending step began: "at the end of this turn" has passed,
    so the delayed ability is not created and its instructions are ignored. A strict match refuses the op; an
    audit match flags it and creates nothing."""
    t = conquered_in_the_ending_step("v1.4")
    assert t.state["phase"] == "end" and t.state["scores"]["P1"] == 1  # conquered in the ending step
    t.refuses(PEAK, rule="v1.4 359.3.e.16")
    t.do("resolve Targon's Peak", "P1 end turn")
    assert t.state["turn_player"] == "P2"
    audit = conquered_in_the_ending_step("v1.4", policy="audit").do(PEAK)
    assert audit.state.get("delayed", []) == [] and audit.state["violations"][-1]["rule"] == "v1.4 359.3.e.16"


def test_a_delayed_ability_for_the_end_of_the_turn_is_created_in_the_ending_step_of_a_v1_3_match():
    """v1.3 has no 359.3.e.16: the delayed ability is created (and never triggers: it ends with the turn)."""
    t = conquered_in_the_ending_step("v1.3").do(PEAK)
    assert [entry["label"] for entry in t.state["delayed"]] == ["ready 2 runes at the end of this turn"]
    t.do("P1 end turn")
    assert t.state["turn_player"] == "P2" and t.state["delayed"] == []


def test_the_ending_step_as_its_own_moment_writes_and_reads_back_in_the_notation():
    """`end_turn`'s new optional field `ending_step` (a new field in the contract's spirit) and the delayed op's
    `until: "ending_step"` read from the notation and write back to the same line."""
    t = conquered_in_the_ending_step("v1.4", policy="audit")
    for line in ("P1 end turn +ending_step", "P1 end turn", PEAK):
        event = notation.parse_event(line, t.state)
        assert notation.parse_event(notation.write_event(t.state, event), t.state) == event
    with pytest.raises(notation.InvalidNotation, match="'\\+ending_step'"):
        notation.parse_event("P1 end turn +ending", t.state)


# -- control lost only in an open state (v1.4 323.6) ----------------------------------------------------------------
ODDS = deck("Pridestalker", ["Against the Odds", "Thrill of the Hunt", "Gem Jammer"],
            ["Targon's Peak", "Windswept Hillock", "Zaun Warrens"])


def left_during_a_chain(rules: str) -> GalleryTable:
    """P1 controls Targon's Peak (bf1) with Gem Jammer alone. Against the Odds chooses it; in reaction Thrill of the
    Hunt banishes it and plays it to Trifarian War Camp (bf2): once Thrill has resolved, bf1 has no P1 unit, while
    Against the Odds is still on the chain (a closed state)."""
    line = ("position turn 3 P1 action first P1 | P1 0 bf:Targon's Peak deck:36 runedeck:6 runes:3 Fury Rune;"
            "3 Body Rune controls:bf1 bf1:Gem Jammer hand:Against the Odds;Thrill of the Hunt | P2 0 "
            "bf:Trifarian War Camp deck:37 runedeck:8 runes:2 Calm Rune;2 Mind Rune hand:Gemcraft Seer;Clairvoyance")
    t = GalleryTable(ODDS, SEER, rules=rules).do(line)
    jammer = t.find("P1", "Gem Jammer")
    return t.do("P1 play Against the Odds -> Gem Jammer $2", "P1 play Thrill of the Hunt -> Gem Jammer $2 / Fury Rune",
                "P1 pass", "P2 pass",
                f"resolve Thrill of the Hunt: banish {jammer} | play P1 {jammer} <banishment @bf2 +ignore_cost "
                f"+to_allowed")


def test_a_battlefield_left_during_a_chain_stays_controlled_until_an_open_state_v1_4_323_6():
    """v1.4 323.6 (cleanup step 4): a player loses control of a battlefield without their units only if the turn
    is in an open state and no showdown or combat is under way there; so while Against the Odds is on the chain P1
    still controls Targon's Peak, and loses it in the cleanup after the chain has resolved."""
    t = left_during_a_chain("v1.4")
    assert t.state["chain"] and t.state["battlefields"][0]["controller"] == "P1"
    t.do("P1 pass", "P2 pass", "resolve Against the Odds")
    assert t.state["chain"] == [] and t.state["battlefields"][0]["controller"] is None


def test_a_battlefield_left_during_a_chain_is_uncontrolled_at_once_in_a_v1_3_match_181_5():
    """A v1.3 match keeps what its matches were folded with: control is a constant state (2025 181.4.d, 181.5),
    lost the moment no unit of its controller is there."""
    t = left_during_a_chain("v1.3")
    assert t.state["chain"] and t.state["battlefields"][0]["controller"] is None
