"""Core Rules v1.4 "Vendetta" for v1.4 matches, on the turn's side (issue 25): Skip, Contested removed at cleanup,
a token as an intrinsic category, a delayed ability whose time has passed, and 2v2's control checked at the scoring
step; each beside a test that a v1.3 match keeps the old behaviour. Real cards of the gallery."""
from __future__ import annotations

import pytest

import engine
from gallery_table import GalleryTable, deck
from table import Table
from test_rules_more_players import CONQUER_2V2, TO_BENS_TURN, two_v_two
from test_rules_static_rules import P1, P1_RUNES, P2, P2_RUNES
from test_rules_statics import deck_count


def table(p1: str, p2: str = P2_RUNES, turn: int = 3, player: str = "P1", rules: str = "v1.4",
          policy: str = "strict", first: dict | None = None, second: dict | None = None,
          p1_bf: str = "Rockfall Path", p2_bf: str = "Vilemaw's Lair") -> GalleryTable:
    """A duel of gallery decks at `player`'s action phase under `rules`: bf1 is P1's battlefield, bf2 P2's."""
    line = (f"position turn {turn} {player} action first P1 | P1 0 bf:{p1_bf} deck:{cards_left(p1)} {p1} | "
            f"P2 0 bf:{p2_bf} deck:{cards_left(p2)} {p2}")
    return GalleryTable(first or P1, second or P2, policy, rules=rules).do(line)


def cards_left(segment: str) -> int:
    """The main deck left beside a position's segment: a token on the board (a Recruit) came from no deck."""
    return deck_count(segment) + segment.count("Recruit")


# -- Skip (v1.4 443) -----------------------------------------------------------------------------------------------
ENDLESS_RICHES = f"{P2_RUNES} base:Minotaur Reckoner gear:Endless Riches"


def test_endless_riches_skips_its_controllers_draw_phase_v1_4_443_2():
    """v1.4 443.1.a: "Skip your Draw Phase" replaces that player's Draw Phase with nothing (443.2): the channel
    phase is followed by the Main Phase, with no card drawn and none awaited (a draw of 0 used to be refused, 315.4.b),
    in a strict match."""
    t = table(f"{P1_RUNES} base:Ruin Runner", ENDLESS_RICHES).do(
        'static Endless Riches +rule="skip_draw_phase" +affects={"who": "self"}', "P1 end turn", "P2 pass")
    hand = list(t.state["players"]["P2"]["hand"])
    t.do("P2 channel Fury Rune; Order Rune")
    assert t.state["phase"] == "action" and t.state["players"]["P2"]["hand"] == hand
    assert [entry["kind"] for entry in t.state["awaiting"]] != ["draw"] and "draw" not in str(t.state["awaiting"])
    t.do("P2 end turn", "P1 pass", "P1 channel Body Rune; Chaos Rune")
    assert t.state["phase"] == "draw"  # the opponent's own Draw Phase is not skipped ("your")
    t.refuses("P1 end turn", rule="v1.4 316.9")


def test_a_skip_is_refused_in_a_v1_3_match_which_has_no_skip_v1_3_315_4_b():
    """v1.3 has no Skip: the static rule is refused, naming the edition, and the draw phase still draws 1 (315.4.b)."""
    t = table(f"{P1_RUNES} base:Ruin Runner", ENDLESS_RICHES, rules="v1.3")
    with pytest.raises(engine.MalformedEvent, match=r"Skip \(v1\.4 443\), which the v1\.3 rules do not have"):
        t.do({"type": "static", "source": t.find("P2", "Endless Riches"), "rule": "skip_draw_phase",
              "affects": {"who": "self"}})
    t.do('static Endless Riches +rule="other" +text="Skip your Draw Phase."', "P1 end turn", "P2 pass",
         "P2 channel Fury Rune; Order Rune")
    assert t.state["phase"] == "draw"
    t.refuses({"type": "draw", "player": "P2", "cards": []}, rule="315.4.b")


# -- Contested removed (and re-applied) at cleanup (v1.4 323.11) ----------------------------------------------------
MOON = deck("Scorn of the Moon", ["Moonfall", "Angler Beast"], ["Rockfall Path", "Forgotten Monument",
                                                                  "Aspirant's Climb"])
MOON_RUNES = "runedeck:7 runes:3 Mind Rune;2 Chaos Rune"


def moonfall(rules: str) -> GalleryTable:
    """P1 controls bf1 with Angler Beast; Moonfall moves P2's damaged Minotaur Reckoner there, which contests it,
    and its -2 Might kills it in the cleanup that follows: P2, who applied Contested, has no unit left there."""
    return table(f"{MOON_RUNES} controls:bf1 bf1:Angler Beast hand:Moonfall", f"{P2_RUNES} base:Minotaur Reckoner[4]",
                 rules=rules, first=MOON).do(
        "P1 play Moonfall -> bf1 $3 / Mind Rune", "P1 pass", "P2 pass",
        "resolve Moonfall: move Minotaur Reckoner -> bf1 | might Minotaur Reckoner -2 until turn")


def test_contested_leaves_a_battlefield_whose_contesting_players_units_left_v1_4_323_11():
    """v1.4 323.11: in a cleanup, Contested is removed from each battlefield without units of the player who applied
    it and without a showdown or combat there."""
    t = moonfall("v1.4")
    assert "Minotaur Reckoner" in [t.state["objects"][oid]["card"] for oid in t.state["players"]["P2"]["trash"]]
    entry = t.state["battlefields"][0]
    assert (entry["controller"], entry["contested"], entry["contested_by"]) == ("P1", False, None)


def test_contested_stays_where_its_player_left_in_a_v1_3_match_v1_3_323():
    """v1.3 323 (as 2025 518-526) has no such step: the battlefield stays contested by P2 until control is settled."""
    entry = moonfall("v1.3").state["battlefields"][0]
    assert (entry["controller"], entry["contested"], entry["contested_by"]) == ("P1", True, "P2")


# -- a token is a category, not a supertype (v1.4 185.1) ------------------------------------------------------------
VIKTOR = deck("Deceiver", ["Mirror Image", "Honest Broker"], ["The Grand Plaza", "Altar to Unity", "Zaun Warrens"])
DARIUS = deck("Hand of Noxus", ["Shady Spectacles", "Minotaur Reckoner"],
              ["Vilemaw's Lair", "Trifarian War Camp", "Windswept Hillock"])
MIND_ORDER = "runedeck:6 runes:3 Mind Rune;3 Order Rune"
FURY_ORDER = "runedeck:6 runes:3 Fury Rune;3 Order Rune"


def test_a_token_is_a_category_nothing_takes_away_v1_4_185_1_a():
    """v1.4 185.1: "Token" is an intrinsic category of game objects, no supertype (133.7 lists Champion and Signature
    only): a token kind's facts in a v1.4 match say `token` and no supertype. A Reflection token that becomes a copy
    of a card (Mirror Image) is a token still (185.1.a)."""
    t = table(f"{MIND_ORDER} hand:Mirror Image", f"{FURY_ORDER} base:Minotaur Reckoner", first=VIKTOR, second=DARIUS,
              p1_bf="The Grand Plaza")
    assert t.state["cards"]["Recruit"]["supertype"] is None and t.state["cards"]["Recruit"]["token"] is True
    assert t.state["cards"]["Gold"]["supertype"] is None and t.state["cards"]["Gold"]["token"] is True
    reflection, minotaur = f"o{t.state['next_id']['o'] + 1}", t.find("P2", "Minotaur Reckoner")
    t.do(f"P1 play Mirror Image -> {minotaur} $3 / Mind Rune; Order Rune", "P1 pass", "P2 pass",
         f"resolve Mirror Image: token P1 Reflection @base +ready | copy {reflection} -> {minotaur}")
    copy = t.state["objects"][reflection]
    assert copy["card"] == "Minotaur Reckoner" and copy["token"] is True


def test_a_card_that_copies_a_token_never_becomes_one_v1_4_185_1_b():
    """v1.4 185.1.b: Shady Spectacles makes P2's Minotaur Reckoner (a card) a copy of P2's Recruit token: it takes
    the Recruit's traits and stays a card, so it goes to its owner's trash as it dies."""
    t = table(f"{MIND_ORDER} base:Honest Broker", f"{FURY_ORDER} base:Minotaur Reckoner;Recruit "
              "gear:Shady Spectacles", player="P2", turn=4, first=VIKTOR, second=DARIUS, p1_bf="The Grand Plaza")
    minotaur, recruit = t.find("P2", "Minotaur Reckoner"), t.find("P2", "Recruit")
    t.do(f"P2 activate Shady Spectacles [0] -> {minotaur} $1 / Order Rune", "P2 pass", "P1 pass",
         f"resolve Shady Spectacles: attach Shady Spectacles -> {minotaur} | copy {minotaur} -> {recruit}")
    copy = t.state["objects"][minotaur]
    assert copy["card"] == "Recruit" and copy["might"] == 1 and copy["token"] is False
    assert t.state["cards"]["Recruit"]["token"] is True  # its card facts are a token kind's; the object is a card


def test_a_token_kind_keeps_the_token_supertype_in_a_v1_3_match_v1_3_133_7_c():
    """v1.3 133.7.c: Token is a supertype; a v1.3 match's facts are the catalog's, byte for byte as before."""
    t = table(f"{MIND_ORDER} hand:Mirror Image", f"{FURY_ORDER} base:Minotaur Reckoner", first=VIKTOR, second=DARIUS,
              p1_bf="The Grand Plaza", rules="v1.3")
    assert t.state["cards"]["Recruit"] == t.catalog.card("Recruit")
    assert t.state["cards"]["Recruit"]["supertype"] == "Token" and "token" not in t.state["cards"]["Recruit"]


# -- 2v2: a teammate's control checked at the scoring step (v1.4 315.2.b.3, 489.8.b) -------------------------------
def bens_beginning_step(rules: str) -> Table:
    """Turn 7, Ben's beginning step: his teammate Ana controls Altar to Unity (bf1) as it begins; a beginning-phase
    trigger of his legend (recorded: the engine does not read its condition) returns her Legion Rearguard to her
    hand before the scoring step, then Ben takes bf1 with Stalwart Poro."""
    return two_v_two(rules=rules).do(
        *CONQUER_2V2, *TO_BENS_TURN[:-2], 'P2 trigger Nine-Tailed Fox "at the start of your beginning phase"',
        "P2 pass", "P4 pass", "P1 pass", "P3 pass", "resolve Nine-Tailed Fox: return Legion Rearguard -> hand",
        *TO_BENS_TURN[-2:], "P2 move Stalwart Poro -> bf1", "P2 pass", "P4 pass", "P1 pass", "P3 pass")


def test_a_teammates_control_disqualifies_a_battlefield_only_at_the_scoring_step_v1_4_315_2_b_3():
    """v1.4 315.2.b.3 ("Battlefields controlled by a Teammate of the Turn Player during this step are disqualified")
    and 489.8.g.1: control is checked during the scoring step. Ana no longer controls bf1 then, so Ben's conquer of
    it scores for the team."""
    t = bens_beginning_step("v1.4")
    assert t.state["disqualified"] == [] and t.state["battlefields"][0]["controller"] == "P2"
    assert t.state["scores"] == {"P1": 2, "P2": 2, "P3": 0, "P4": 0}


def test_a_teammates_control_in_the_beginning_phase_disqualifies_in_a_v1_3_match_v1_3_484_8_b():
    """v1.3 315.2.b.3 ("held by a Teammate ... during this phase") and 484.8.b: Ana held bf1 as Ben's beginning
    phase began, so his conquer of it scores nothing that turn."""
    t = bens_beginning_step("v1.3")
    assert t.state["disqualified"] == ["bf1"] and t.state["battlefields"][0]["controller"] == "P2"
    assert t.state["scores"] == {"P1": 1, "P2": 1, "P3": 0, "P4": 0}
