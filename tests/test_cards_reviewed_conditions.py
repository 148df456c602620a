"""Reviewed data for one-off conditions, targets and amounts (issue 26, "a small reviewed data file per card says
it"; engine/cards/data/): each entry uses the spec shapes the reader produces, so the same interpreters check it
(engine/cards/resolutions.py, engine/cards/filters.py, engine/cards/amounts.py). In a "checked" match a `resolve`
beyond the card is refused in strict citing v1.4 359.3.d (a spell) or v1.4 406.5 (an ability), quoting the card;
flagged in audit. Real gallery cards, v1.4:

- Origins' Catalyst of Aeons, "Channel 2 runes exhausted. If you couldn't channel 2 runes this way, draw 1.";
- Vendetta's Wind and Ghosts, "Choose a unit at a battlefield. If it has 3 [S] or less, banish it. Otherwise,
  return it to its owner's hand.";
- Origins' Solari Chief, "When you play me, choose an enemy unit. If it is stunned, kill it. Otherwise, stun it.";
- Unleashed's Monster Harpoon, "Deal 2 to a unit at a battlefield. If you control a facedown card, deal 4 to it
  instead.";
- Spiritforged's Sudden Storm, "Deal 2 to a unit at a battlefield. If it's attacking, deal 4 to it instead.".
"""

import pytest

from gallery_table import GalleryTable, deck, said
from test_rules_statics import deck_count

from engine.cards.resolutions import prefill
from engine.cards.reviewed import entry

SPELL, ABILITY = "v1.4 359.3.d", "v1.4 406.5"
P2 = deck("Master of Shadows", ["Shipyard Skulker", "Monster Harpoon", "Sudden Storm"],
          ["Vilemaw's Lair", "Trifarian War Camp", "Windswept Hillock"])
SKULKER = "runedeck:4 runes:4 Fury Rune;4 Chaos Rune controls:bf2 bf2:Shipyard Skulker"


def table(p1: dict, s1: str, s2: str = SKULKER, who: str = "P1", policy: str = "strict") -> GalleryTable:
    line = (f"position turn 3 {who} action first P1 | P1 0 bf:Grove of the God-Willow deck:{deck_count(s1)} {s1} "
            f"| P2 0 bf:Vilemaw's Lair deck:{deck_count(s2)} {s2}")
    return GalleryTable(p1, P2, policy, rules="v1.4", abilities="checked").do(line)


# -- Catalyst of Aeons: the draw only when 2 runes could not be channelled ---------------------------------------------
SPIRIT = deck("Battle Mistress", ["Catalyst of Aeons", "Mobilize", "Wind and Ghosts", "Combat Chef", "Crowd Favorite"],
              ["Grove of the God-Willow", "Zaun Warrens", "Altar to Unity"])


def catalyst(runes: str, policy: str = "strict") -> GalleryTable:
    return table(SPIRIT, f"{runes} hand:Catalyst of Aeons", policy=policy).do("P1 play Catalyst of Aeons $4",
                                                                               "P1 pass", "P2 pass")


def test_catalyst_with_one_rune_left_channelling_it_and_drawing_is_legal():
    t = catalyst("runedeck:1 runes:6 Body Rune;5 Chaos Rune").do(
        "resolve Catalyst of Aeons: channel P1 Chaos Rune +exhausted | draw P1 ?")
    assert t.state["violations"] == []


def test_catalyst_with_one_rune_left_not_drawing_is_refused_v1_4_359_3_d():
    refusal = catalyst("runedeck:1 runes:6 Body Rune;5 Chaos Rune").refuses(
        "resolve Catalyst of Aeons: channel P1 Chaos Rune +exhausted", rule=SPELL)
    assert "records no draw" in said(refusal) and "If you couldn't channel 2 runes this way, draw 1." in said(refusal)


def test_catalyst_channelling_two_and_drawing_is_refused_v1_4_359_3_d():
    refusal = catalyst("runedeck:4 runes:4 Body Rune;4 Chaos Rune").refuses(
        "resolve Catalyst of Aeons: channel P1 Body Rune; Body Rune +exhausted | draw P1 ?", rule=SPELL)
    assert "the card's condition does not hold as it resolves" in said(refusal)


def test_catalyst_channelling_two_and_drawing_in_an_audit_match_is_flagged():
    catalyst("runedeck:4 runes:4 Body Rune;4 Chaos Rune", "audit").flags(
        "resolve Catalyst of Aeons: channel P1 Body Rune; Body Rune +exhausted | draw P1 ?", rule=SPELL)


def test_mobilize_with_an_empty_rune_deck_drawing_is_legal_and_with_runes_left_drawing_is_refused_v1_4_359_3_d():
    """Mobilize, "Channel 1 rune exhausted. If you can't, draw 1.": the draw only when no rune is left."""
    def mobilized(runes: str) -> GalleryTable:
        return table(SPIRIT, f"{runes} hand:Mobilize").do("P1 play Mobilize $2", "P1 pass", "P2 pass")

    assert mobilized("runedeck:0 runes:6 Body Rune;6 Chaos Rune").do("resolve Mobilize: draw P1 ?").state[
        "violations"] == []
    refusal = mobilized("runedeck:4 runes:4 Body Rune;4 Chaos Rune").refuses(
        "resolve Mobilize: channel P1 Body Rune +exhausted | draw P1 ?", rule=SPELL)
    assert "the card's condition does not hold as it resolves" in said(refusal) and "If you can't, draw 1." in \
        said(refusal)


# -- Wind and Ghosts: banish a small unit, return a big one -----------------------------------------------------------
def winded() -> GalleryTable:
    """Ana's Combat Chef (5 [S]) and Crowd Favorite (3 [S]) stand at bf1; she plays Wind and Ghosts."""
    t = table(SPIRIT, "runedeck:4 runes:4 Body Rune;4 Chaos Rune hand:Wind and Ghosts controls:bf1 "
                      "bf1:Combat Chef;Crowd Favorite")
    return t.do("P1 play Wind and Ghosts $3 / Chaos Rune", 'P1 trigger Battle Mistress "when-you-recycle" +declined',
                "P1 pass", "P2 pass")  # the rune recycled to pay triggers Battle Mistress (v1.4 157.2.b)


@pytest.mark.parametrize("ops", ["banish Crowd Favorite", "return Combat Chef -> hand"])
def test_wind_and_ghosts_banishing_the_small_or_returning_the_big_is_legal(ops: str):
    assert winded().do(f"resolve Wind and Ghosts: {ops}").state["violations"] == []


@pytest.mark.parametrize(("ops", "reason"), [
    ("banish Combat Chef", "has 5 [S], and the card's target has 3 [S] or less"),
    ("return Crowd Favorite -> hand", "has 3 [S], and the card's target has 4")])
def test_wind_and_ghosts_the_other_way_round_is_refused_v1_4_359_3_d(ops: str, reason: str):
    refusal = winded().refuses(f"resolve Wind and Ghosts: {ops}", rule=SPELL)
    assert reason in said(refusal) and "If it has 3 [S] or less, banish it. Otherwise," in said(refusal)


# -- Solari Chief: kill a stunned unit, stun another -----------------------------------------------------------------
CHIEF = deck("Keeper of the Hammer", ["Solari Chief", "Crowd Favorite"], ["Grove of the God-Willow", "Zaun Warrens",
                                                                          "Altar to Unity"])


def chief(stunned: str) -> GalleryTable:
    t = table(CHIEF, "runedeck:4 runes:4 Body Rune;4 Order Rune hand:Solari Chief", SKULKER + stunned)
    return t.do("P1 play Solari Chief $5 / Order Rune", 'P1 trigger Solari Chief "when-you-play"', "P1 pass",
                "P2 pass")


@pytest.mark.parametrize(("stunned", "ops"), [("~", "kill Shipyard Skulker"), ("", "stun Shipyard Skulker")])
def test_solari_chief_killing_a_stunned_unit_or_stunning_another_is_legal(stunned: str, ops: str):
    assert chief(stunned).do(f"resolve Solari Chief: {ops}").state["violations"] == []


@pytest.mark.parametrize(("stunned", "ops", "reason"), [("", "kill Shipyard Skulker", "is not stunned"),
                                                        ("~", "stun Shipyard Skulker", "is stunned, and the card's "
                                                                                       "target is not")])
def test_solari_chief_killing_an_unstunned_unit_or_stunning_a_stunned_one_is_refused_v1_4_406_5(stunned: str, ops: str,
                                                                                                reason: str):
    refusal = chief(stunned).refuses(f"resolve Solari Chief: {ops}", rule=ABILITY)
    assert reason in said(refusal) and "If it is stunned, kill it. Otherwise, stun it." in said(refusal)


# -- Monster Harpoon: 4 while Ben controls a facedown card, else 2 -----------------------------------------------------
def harpooned(facedown: bool) -> GalleryTable:
    """Ben plays Monster Harpoon at Ana's Crowd Favorite; Sudden Storm is hidden at his bf2 or in his hand."""
    s2 = SKULKER + (" hand:Monster Harpoon facedown:Sudden Storm@bf2" if facedown else
                    " hand:Monster Harpoon;Sudden Storm")
    t = table(CHIEF, "runedeck:8 runes:2 Body Rune;2 Order Rune controls:bf1 bf1:Crowd Favorite", s2, who="P2")
    return t.do("P2 play Monster Harpoon $1 / Fury Rune", "P2 pass", "P1 pass")


@pytest.mark.parametrize(("facedown", "amount"), [(False, 2), (True, 4)])
def test_monster_harpoon_dealing_what_the_facedown_card_says_is_legal(facedown: bool, amount: int):
    t = harpooned(facedown).do(f"resolve Monster Harpoon: damage Crowd Favorite {amount}")
    assert t.state["violations"] == []


@pytest.mark.parametrize(("facedown", "amount"), [(False, 4), (True, 2)])
def test_monster_harpoon_dealing_the_other_amount_is_refused_v1_4_359_3_d(facedown: bool, amount: int):
    refusal = harpooned(facedown).refuses(f"resolve Monster Harpoon: damage Crowd Favorite {amount}", rule=SPELL)
    assert "the card's condition does not hold as it resolves" in said(refusal)
    assert '"Deal 2 to a unit at a battlefield. If you control a facedown card, deal 4 to it instead."' in str(refusal)


# -- Sudden Storm: 4 to an attacker, 2 to another unit --------------------------------------------------------------
def stormed() -> GalleryTable:
    """Ana's Crowd Favorite attacks Ben's Shipyard Skulker at bf2; in the showdown Ben plays Sudden Storm."""
    t = table(CHIEF, "runedeck:8 runes:2 Body Rune;2 Order Rune base:Crowd Favorite",
              SKULKER + " hand:Sudden Storm")
    return t.do("P1 move Crowd Favorite -> bf2", "P1 pass", "P2 play Sudden Storm $3", "P2 pass", "P1 pass")


@pytest.mark.parametrize(("unit", "amount"), [("Crowd Favorite", 4), ("Shipyard Skulker", 2)])
def test_sudden_storm_dealing_4_to_the_attacker_or_2_to_the_defender_is_legal(unit: str, amount: int):
    assert stormed().do(f"resolve Sudden Storm: damage {unit} {amount}").state["violations"] == []


@pytest.mark.parametrize(("unit", "amount"), [("Crowd Favorite", 2), ("Shipyard Skulker", 4)])
def test_sudden_storm_dealing_the_other_amount_is_refused_v1_4_359_3_d(unit: str, amount: int):
    refusal = stormed().refuses(f"resolve Sudden Storm: damage {unit} {amount}", rule=SPELL)
    assert "If it's attacking, deal 4 to it instead." in said(refusal)


@pytest.mark.parametrize(("runes", "ops"), [("runedeck:4 runes:4 Body Rune;4 Chaos Rune", ["channel"]),
                                            ("runedeck:1 runes:6 Body Rune;5 Chaos Rune", ["channel", "draw"])])
def test_the_resolution_pre_filled_from_catalyst_offers_the_draw_only_where_its_condition_holds(runes: str,
                                                                                                ops: list[str]):
    """The recording screen's pre-filled resolution (engine/cards/resolutions.py `prefill`) leaves out an instruction
    whose condition does not hold as the item resolves."""
    filled = prefill(catalyst(runes).state)
    assert [entry["op"] for entry in filled["ops"]] == ops and not any(entry.get("optional") for entry in filled["ops"])


# -- "If you paid the additional cost": Ruthless Strike and Rampage ------------------------------------------------
STORM = deck("Relentless Storm", ["Ruthless Strike", "Rampage", "Combat Chef", "Crowd Favorite"],
             ["Grove of the God-Willow", "Zaun Warrens", "Altar to Unity"])
STORM_SEGMENT = "runedeck:4 runes:4 Fury Rune;4 Body Rune"
RAMPAGE_PAID = '+additional=[{"energy": 0, "power": 1}] $3 / Body Rune; Body Rune'  # its [O]


def struck(paid: bool) -> GalleryTable:
    """Ana plays Ruthless Strike at Ben's Shipyard Skulker, discarding Crowd Favorite for it or not."""
    t = table(STORM, f"{STORM_SEGMENT} hand:Ruthless Strike;Crowd Favorite")
    discard = f'+additional=[{{"discard": ["{t.find("P1", "Crowd Favorite", "hand")}"]}}] ' if paid else ""
    return t.do(f"P1 play Ruthless Strike {discard}$3", "P1 pass", "P2 pass")


@pytest.mark.parametrize(("paid", "amount"), [(True, 5), (False, 3)])
def test_ruthless_strike_dealing_what_the_additional_cost_gives_is_legal(paid: bool, amount: int):
    assert struck(paid).do(f"resolve Ruthless Strike: damage Shipyard Skulker {amount}").state["violations"] == []


@pytest.mark.parametrize(("paid", "amount"), [(True, 3), (False, 5)])
def test_ruthless_strike_dealing_the_other_amount_is_refused_v1_4_359_3_d(paid: bool, amount: int):
    refusal = struck(paid).refuses(f"resolve Ruthless Strike: damage Shipyard Skulker {amount}", rule=SPELL)
    assert "the card's condition does not hold as it resolves" in said(refusal)
    assert "If you paid the additional cost, deal 5 to it instead." in said(refusal)


def rampaged(payment: str) -> GalleryTable:
    """Ana's Combat Chef (5 [S]) fights Ben's Shipyard Skulker; Crowd Favorite stays in her base."""
    t = table(STORM, f"{STORM_SEGMENT} hand:Rampage base:Combat Chef;Crowd Favorite")
    return t.do(f"P1 play Rampage {payment}", "P1 pass", "P2 pass")


def test_rampage_paid_giving_the_fighting_unit_2_is_legal():
    t = rampaged(RAMPAGE_PAID).do("resolve Rampage: might Combat Chef +2 until turn | damage Combat Chef 3 | "
                                  "damage Shipyard Skulker 7")
    assert t.state["violations"] == []


@pytest.mark.parametrize(("payment", "ops", "reason"), [
    (RAMPAGE_PAID, "might Crowd Favorite +2 until turn | damage Combat Chef 3 | damage Shipyard Skulker 5",
     "and the card's target is one of"),
    ("$3", "might Combat Chef +2 until turn | damage Combat Chef 3 | damage Shipyard Skulker 7",
     "the card's condition does not hold as it resolves")])
def test_rampage_giving_another_unit_2_or_giving_it_unpaid_is_refused_v1_4_359_3_d(payment: str, ops: str,
                                                                                    reason: str):
    refusal = rampaged(payment).refuses(f"resolve Rampage: {ops}", rule=SPELL)
    assert reason in said(refusal) and "If you paid the additional cost, give the friendly unit +2 [S]" in said(refusal)
