"""Statics read from more phrasings of the cards (issue 26, engine/cards/statics.py): "Friendly buffed units have
[Deflect] if they didn't already" (no second instance, v1.4 809.2), "Your deck can have any number of cards named
Spiderling" (over v1.4 103.2.b), in v1.4 matches whose abilities the engine
checks, with real cards of the gallery: the state follows the card, and a misplay is refused (strict) or flagged
(audit) citing the rule.
"""
from __future__ import annotations

import pytest

import engine
from engine.cards import statics as card_statics
from engine.citations import cite
from engine.layers import keyword_value
from gallery_table import GalleryTable, deck, listed, said

P1 = deck("Blind Monk", ["Spirit's Refuge", "Gemhand Hunter", "Navori Scout", "Wily Newtfish"],
          ["Trifarian War Camp", "Zaun Warrens", "Altar to Unity"])
P2 = deck("Butcher of the Sands", ["Cleave"], ["Grove of the God-Willow", "Vilemaw's Lair", "Windswept Hillock"])
P1_CHIMERA = deck("Blind Monk", ["Sandstone Chimera"], ["Trifarian War Camp", "Zaun Warrens", "Altar to Unity"])
P1_RUNES = "runedeck:4 runes:6 Calm Rune;2 Body Rune"
P2_RUNES = "runedeck:8 runes:2 Fury Rune;2 Body Rune"


def table(p1: str, p2: str = P2_RUNES, player: str = "P1", policy: str = "strict") -> GalleryTable:
    """A v1.4 position at `player`'s action phase (P1's turn 3, P2's turn 4)."""
    line = (f"position turn {3 if player == 'P1' else 4} {player} action first P1 | P1 0 bf:Zaun Warrens "
            f"deck:{39 - listed(p1)} {p1} | P2 0 bf:Vilemaw's Lair deck:{39 - listed(p2)} {p2}")
    return GalleryTable(P1, P2, policy, "v1.4", "checked").do(line)


def card(name: str) -> dict:
    return GalleryTable(P1, P2).catalog.card(name)


REFUGE = f"{P1_RUNES} gear:Spirit's Refuge base:Gemhand Hunter^;Navori Scout^;Wily Newtfish"
CLEAVE = f"{P2_RUNES} hand:Cleave"


def test_spirits_refuge_gives_buffed_friendly_units_deflect_once_and_an_unpaid_tax_is_refused():
    [static] = card_statics.card_statics(card("Spirit's Refuge"), "board")
    assert static["affects"] == {"who": "friendly", "buffed": True} and static["if_absent"] is True
    game = table(REFUGE, CLEAVE, player="P2")
    hunter, scout = game.obj("P1", "Gemhand Hunter"), game.obj("P1", "Navori Scout")
    assert keyword_value(game.state, hunter, "Deflect") == 1
    assert keyword_value(game.state, scout, "Deflect") == 1  # printed, not summed with a second (v1.4 809.2)
    assert "Deflect" not in game.obj("P1", "Wily Newtfish")["keywords"]  # not buffed
    refusal = game.refuses("P2 play Cleave -> Gemhand Hunter $1", rule="v1.4 809.1.c")
    assert "Deflect" in said(refusal)
    table(REFUGE, CLEAVE, player="P2", policy="audit").flags("P2 play Cleave -> Gemhand Hunter $1", "v1.4 809.1.c")
    game.do("P2 play Cleave -> Gemhand Hunter $1 / Body Rune")
    assert game.state["chain"][-1]["targets"] == [hunter["id"]]


def _with_copies(name: str, copies: int) -> dict:
    """A legal Chaos deck with `copies` of `name` in place of as many fillers."""
    entry = deck("Battle Mistress", [name], ["Trifarian War Camp", "Zaun Warrens", "Altar to Unity"])
    fillers = [card for card in entry["deck"][2:] if card != name][: copies - 1]
    for filler in fillers:
        entry["deck"].remove(filler)
    entry["deck"] += [name] * (copies - 1)
    return entry


def test_a_deck_may_hold_any_number_of_spiderlings_by_its_text_and_three_of_another_card():
    """Spiderling: "Your deck can have any number of cards named Spiderling." (card text over v1.4 103.2.b's three
    copies; engine/construction.py); four of Bewitching Spirit is still refused."""
    [static] = card_statics.card_statics(card("Spiderling"), "deck")
    assert (static["rule"], static["named"]) == ("any_copies", "Spiderling")
    game = GalleryTable(_with_copies("Spiderling", 6), P2, "strict", "v1.4", "checked")
    assert game.state["violations"] == []  # six copies: accepted in a strict match
    with pytest.raises(engine.IllegalEvent) as refusal:
        GalleryTable(_with_copies("Bewitching Spirit", 4), P2, "strict", "v1.4", "checked")
    assert "v1.4 103.2.b" in [violation["rule"] for violation in refusal.value.violations]
    assert "4 copies of 'Bewitching Spirit'" in said(refusal.value)


def test_sandstone_chimera_at_a_battlefield_lets_players_channel_only_one_rune():
    """"While I'm at a battlefield, players only channel 1 rune at the start of their Channel Phase." (card text
    over 315.3.b's two): P2's channel of two is refused, one is due; with the Chimera in base two are due."""
    def p2_channels(where: str) -> GalleryTable:
        p1 = f"{P1_RUNES} {'controls:bf1 ' if where == 'bf1' else ''}{where}:Sandstone Chimera"
        return GalleryTable(P1_CHIMERA, P2, "strict", "v1.4", "checked").do(
            f"position turn 3 P1 action first P1 | P1 0 bf:Zaun Warrens deck:{39 - listed(p1)} {p1} "
            f"| P2 0 bf:Vilemaw's Lair deck:{39 - listed(P2_RUNES)} {P2_RUNES}", "P1 end turn", "P2 pass")

    game = p2_channels("bf1")
    assert [entry["count"] for entry in game.state["awaiting"] if entry["kind"] == "channel"] == [1]
    refusal = game.refuses("P2 channel Fury Rune; Body Rune", rule="v1.4 002")
    assert "1" in said(refusal)
    game.do("P2 channel Fury Rune")
    assert [entry["count"] for entry in p2_channels("base").state["awaiting"] if entry["kind"] == "channel"] == [2]


GUARDED = deck("Blind Monk", ["Ambessa, The Wolf", "Esteemed Hierophant"],
               ["Trifarian War Camp", "Zaun Warrens", "Altar to Unity"])
RAYS = deck("Butcher of the Sands", ["Hextech Ray"], ["Grove of the God-Willow", "Vilemaw's Lair", "Windswept Hillock"])


def rayed(unit: str, runes: int = 8) -> GalleryTable:
    """P2's Hextech Ray ("Deal 3 to a unit at a battlefield.") resolved at P1's `unit` at bf1, in P2's turn: P1
    controls `runes` runes."""
    p1 = f"runedeck:{12 - runes} runes:{runes - 2} Calm Rune;2 Body Rune controls:bf1 bf1:{unit}"
    p2 = "runedeck:8 runes:2 Fury Rune;2 Body Rune hand:Hextech Ray"
    name = unit.split("{")[0]
    return GalleryTable(GUARDED, RAYS, "strict", "v1.4", "checked").do(
        f"position turn 4 P2 action first P1 | P1 0 bf:Zaun Warrens deck:{39 - listed(p1)} {p1} "
        f"| P2 0 bf:Vilemaw's Lair deck:{39 - listed(p2)} {p2}",
        f"P2 play Hextech Ray -> {name} $1 / Fury Rune", "P2 pass", "P1 pass", f"resolve Hextech Ray: damage {name} 3")


def test_an_empowered_ambessa_the_wolf_is_dealt_no_damage_out_of_combat():
    """"[Empowered][>] I have +3 [S] and can't be dealt damage unless I'm in combat.": both halves read; Hextech
    Ray's 3 marks no damage on her while she is Empowered and out of combat, and 3 on her when she is not."""
    guarded = rayed("Ambessa, The Wolf{E}")
    ambessa = guarded.obj("P1", "Ambessa, The Wolf")
    assert (ambessa["might"], ambessa["damage"]) == (4 + 3, 0) and guarded.state["violations"] == []
    assert rayed("Ambessa, The Wolf").obj("P1", "Ambessa, The Wolf")["damage"] == 3


def test_esteemed_hierophant_with_seven_runes_is_dealt_no_damage_by_enemy_spells():
    """"While you control 7 or more runes, prevent all damage that enemy spells and abilities would deal to me.":
    P2's Hextech Ray marks none on it while P1 controls 8 runes, and 3 with 6."""
    assert rayed("Esteemed Hierophant").obj("P1", "Esteemed Hierophant")["damage"] == 0
    assert rayed("Esteemed Hierophant", runes=6).obj("P1", "Esteemed Hierophant")["damage"] == 3


KAYN = deck("Battle Mistress", ["Kayn, Unleashed", "Flurry of Blades", "Ride the Wind"],
            ["Trifarian War Camp", "Zaun Warrens", "Altar to Unity"])


def test_kayn_having_moved_twice_this_turn_takes_no_damage():
    """"If I have moved twice this turn, I don't take damage.": moves counted this turn (engine/turn_facts.py).
    Ride the Wind moves Kayn to bf1 and readies him, he moves on to bf2 (Ganking); Flurry of Blades' 1 ("Deal 1 to
    all units at battlefields") then marks none on him; after the first move only, it marks 1."""
    p1 = "runedeck:2 runes:4 Body Rune;6 Chaos Rune hand:Flurry of Blades;Ride the Wind base:Kayn, Unleashed"
    game = GalleryTable(KAYN, P2, "strict", "v1.4", "checked").do(
        f"position turn 3 P1 action first P1 | P1 0 bf:Trifarian War Camp deck:{39 - listed(p1)} {p1} "
        f"| P2 0 bf:Vilemaw's Lair deck:{39 - listed(P2_RUNES)} {P2_RUNES}",
        "P1 play Ride the Wind -> Kayn, Unleashed $2 / Chaos Rune",
        'P1 trigger Battle Mistress "when-you-recycle" +declined', "P1 pass", "P2 pass",  # its rune recycled
        "resolve Ride the Wind: move Kayn, Unleashed -> bf1 | ready Kayn, Unleashed")
    flurry = ("P1 play Flurry of Blades $1", "P1 pass", "P2 pass", "resolve Flurry of Blades: damage Kayn, Unleashed 1")
    once = GalleryTable(KAYN, P2, "strict", "v1.4", "checked")
    once.state, once.events = game.state, list(game.events)
    game.do("P1 pass", "P2 pass", "P1 move Kayn, Unleashed -> bf2", *flurry)
    kayn = game.obj("P1", "Kayn, Unleashed")
    assert game.state["turn_facts"]["P1"]["moves"][kayn["id"]] == 2
    assert kayn["damage"] == 0 and game.state["violations"] == []
    assert once.do(*flurry).obj("P1", "Kayn, Unleashed")["damage"] == 1


REKSAI = deck("Bloodharbor Ripper", ["Rek'Sai, Breacher", "Spiderling", "Teemo, Scout"],
              ["Trifarian War Camp", "Zaun Warrens", "Altar to Unity"])


def test_reksai_gives_accelerate_to_friendly_units_played_from_anywhere_but_the_hand():
    """"Friendly units played from anywhere other than a player's hand have [Accelerate].": Spiderling played from
    its facedown zone pays Accelerate and enters ready; Teemo, Scout played from the hand has none to pay (717.1)."""
    p1 = ("runedeck:4 runes:4 Fury Rune;4 Chaos Rune hand:Teemo, Scout controls:bf1 bf1:Rek'Sai, Breacher "
          "facedown:Spiderling@bf1")
    game = GalleryTable(REKSAI, P2, "strict", "v1.4", "checked").do(
        f"position turn 3 P1 action first P1 | P1 0 bf:Trifarian War Camp deck:{39 - listed(p1)} {p1} "
        f"| P2 0 bf:Vilemaw's Lair deck:{39 - listed(P2_RUNES)} {P2_RUNES}")
    refusal = game.refuses("P1 play Teemo, Scout +accelerate $3 / Chaos Rune", rule=cite("717.1", "v1.4"))
    assert "Accelerate" in said(refusal)
    game.do("P1 play Spiderling < facedown @bf1 +accelerate $1 / Chaos Rune")
    assert game.obj("P1", "Spiderling")["exhausted"] is False and game.state["violations"] == []


STARGAZER = deck("Prodigal Explorer", ["Stargazer", "Dredge Up"],
                 ["Trifarian War Camp", "Zaun Warrens", "Altar to Unity"])


def test_stargazer_discounts_flow_spells_played_from_the_trash_to_a_minimum_of_one():
    """"Spells with [Flow] you play from your trash cost [2] less, to a minimum of [1].": Dredge Up's Flow cost [2]
    is [1] with Stargazer on the board (not [0]: its minimum), [2] without it."""
    def trash(base: str) -> GalleryTable:
        p1 = f"runedeck:4 runes:4 Mind Rune;4 Chaos Rune trash:Dredge Up{base}"
        return GalleryTable(STARGAZER, P2, "strict", "v1.4", "checked").do(
            f"position turn 3 P1 action first P1 | P1 0 bf:Trifarian War Camp deck:{39 - listed(p1)} {p1} "
            f"| P2 0 bf:Vilemaw's Lair deck:{39 - listed(P2_RUNES)} {P2_RUNES}")

    gazing = trash(" base:Stargazer")
    refusal = gazing.refuses("P1 play Dredge Up <trash +flow", rule="v1.4 357.1")
    assert "Spells with [Flow] you play from your trash cost [2] less" in said(refusal)
    gazing.do("P1 play Dredge Up <trash +flow $1")
    assert gazing.pool("P1") == {"energy": 0, "power": {}} and gazing.state["violations"] == []
    trash("").refuses("P1 play Dredge Up <trash +flow $1", rule="v1.4 357.1")


SPIRE = deck("Butcher of the Sands", ["Blood Rush", "Raging Soul"], ["Marai Spire", "Zaun Warrens", "Altar to Unity"])


def test_marai_spire_takes_one_off_each_repeat_cost_its_controller_pays():
    """"While you control this battlefield, friendly [Repeat] costs cost [1] less.": Blood Rush ([1], [Repeat]
    [1]) repeated costs [1] in all while P1 controls Marai Spire; [2] while nobody does (refused at [1], 357.1)."""
    def rush(controlled: bool) -> GalleryTable:
        p1 = "runedeck:4 runes:4 Fury Rune;4 Body Rune hand:Blood Rush " + (
            "controls:bf1 bf1:Raging Soul" if controlled else "base:Raging Soul")
        return GalleryTable(SPIRE, P2, "strict", "v1.4", "checked").do(
            f"position turn 3 P1 action first P1 | P1 0 bf:Marai Spire deck:{39 - listed(p1)} {p1} "
            f"| P2 0 bf:Vilemaw's Lair deck:{39 - listed(P2_RUNES)} {P2_RUNES}")

    mine = rush(True).do("P1 play Blood Rush -> Raging Soul +repeat $1")
    assert mine.state["chain"][-1]["repeat"] == 1 and mine.pool("P1") == {"energy": 0, "power": {}}
    refusal = rush(False).refuses("P1 play Blood Rush -> Raging Soul +repeat $1", rule="v1.4 357.1")
    assert "Repeat 1 Energy" in said(refusal)


CRESCENT = deck("Bloodharbor Ripper", ["Crescent Guardian", "Blood Rush", "Raging Soul"],
                ["Trifarian War Camp", "Zaun Warrens", "Altar to Unity"])


def test_crescent_guardian_offers_its_additional_cost_after_a_spell_and_then_enters_ready():
    """"If you've played a spell this turn, you may pay [P] as an additional cost to play me. If you do, I enter
    ready.": before any spell the [P] is refused (v1.4 204.2, quoting the card); after Blood Rush it is paid and the
    Guardian enters ready; not paid, it enters exhausted."""
    p1 = "runedeck:4 runes:4 Fury Rune;4 Chaos Rune hand:Crescent Guardian;Blood Rush base:Raging Soul"

    def start() -> GalleryTable:
        return GalleryTable(CRESCENT, P2, "strict", "v1.4", "checked").do(
            f"position turn 3 P1 action first P1 | P1 0 bf:Trifarian War Camp deck:{39 - listed(p1)} {p1} "
            f"| P2 0 bf:Vilemaw's Lair deck:{39 - listed(P2_RUNES)} {P2_RUNES}")

    paying = 'P1 play Crescent Guardian +additional=[{"energy": 0, "power": 1}] $4 / Chaos Rune'
    refusal = start().refuses(paying, rule="v1.4 204.2")
    assert "If you've played a spell this turn" in said(refusal)
    rush = ("P1 play Blood Rush -> Raging Soul $1", "P1 pass", "P2 pass",
            "resolve Blood Rush: grant Raging Soul +Assault=2")
    ready = start().do(*rush, paying)
    assert ready.obj("P1", "Crescent Guardian")["exhausted"] is False and ready.state["violations"] == []
    unpaid = start().do(*rush, "P1 play Crescent Guardian $4")
    assert unpaid.obj("P1", "Crescent Guardian")["exhausted"] is True


SABOTEUR_SIDE = deck("Butcher of the Sands", ["Noxus Saboteur", "Raging Soul"],
                     ["Trifarian War Camp", "Zaun Warrens", "Altar to Unity"])
HIDING_SIDE = deck("Butcher of the Sands", ["Mischievous Marai", "Towering Pairofant"],
                   ["Grove of the God-Willow", "Vilemaw's Lair", "Windswept Hillock"])


def test_noxus_saboteur_keeps_the_opponents_hidden_cards_at_its_battlefield_from_being_revealed():
    """"Your opponents' [Hidden] cards can't be revealed here.": Noxus Saboteur attacks bf2, where P2 hid Mischievous
    Marai; P2's play of it from facedown (which reveals it, 723.1.b) is refused quoting the card (002), and flagged
    in audit; when Raging Soul attacks instead, it is played."""
    def attack(unit: str, policy: str = "strict") -> GalleryTable:
        p1 = f"runedeck:4 runes:4 Fury Rune;4 Body Rune base:{unit}"
        p2 = ("runedeck:4 runes:4 Fury Rune;4 Body Rune controls:bf2 bf2:Towering Pairofant "
              "facedown:Mischievous Marai@bf2")
        return GalleryTable(SABOTEUR_SIDE, HIDING_SIDE, policy, "v1.4", "checked").do(
            f"position turn 3 P1 action first P1 | P1 0 bf:Trifarian War Camp deck:{39 - listed(p1)} {p1} "
            f"| P2 0 bf:Vilemaw's Lair deck:{39 - listed(p2)} {p2}", f"P1 move {unit} -> bf2", "P1 pass")

    reveal = "P2 play Mischievous Marai < facedown @bf2"
    refusal = attack("Noxus Saboteur").refuses(reveal, rule="v1.4 002")
    assert "Your opponents' [Hidden] cards can't be revealed here." in said(refusal)
    attack("Noxus Saboteur", "audit").flags(reveal, "v1.4 002")
    assert attack("Raging Soul").do(reveal).obj("P2", "Mischievous Marai")["location"] == "bf2"


BARON = deck("Bounty Hunter", ["Baron Nashor", "Baron Nashor", "Ruin Runner"],
             ["Rockfall Path", "Zaun Warrens", "Altar to Unity"])


def test_baron_nashor_adds_the_baron_pit_unless_it_is_there_and_enters_it():
    """"As you play me, add the Baron Pit battlefield token to the board if it's not there already. If you do, I
    enter there.": a checked play without the token is refused quoting the card (002); with it the Baron enters
    there; a second Baron adds none and goes to its base."""
    p1 = "runedeck:12 pool:20;Chaos 6 hand:Baron Nashor;Baron Nashor"
    game = GalleryTable(BARON, P2, "strict", "v1.4", "checked").do(
        f"position turn 3 P1 action first P1 | P1 0 bf:Rockfall Path deck:{39 - listed(p1)} {p1} "
        f"| P2 0 bf:Vilemaw's Lair deck:{39 - listed(P2_RUNES)} {P2_RUNES}")
    refusal = game.refuses("P1 play Baron Nashor", rule="v1.4 002")
    assert "add the Baron Pit battlefield token" in said(refusal)
    game.do('P1 play Baron Nashor +add_battlefield="Baron Pit"', "P1 pass", "P2 pass")
    assert game.state["battlefields"][-1]["name"] == "Baron Pit"
    assert game.obj("P1", "Baron Nashor")["location"] == game.state["battlefields"][-1]["id"]
    game.refuses('P1 play Baron Nashor +add_battlefield="Baron Pit"', rule="v1.4 002")
    game.do("P1 play Baron Nashor")
    assert any(obj["card"] == "Baron Nashor" and obj["location"] == "base:P1" for obj in game.state["objects"].values())


FORGE = deck("Butcher of the Sands", ["Blighted Battleaxe", "Boneshiver", "Raging Soul"],
             ["Piltovan Forge", "Zaun Warrens", "Altar to Unity"])


def test_piltovan_forge_takes_one_off_the_first_gear_ability_each_turn_only():
    """"While you control this battlefield, the first friendly gear activated ability played each turn costs [1]
    less.": Blighted Battleaxe's Equip [1][R] costs [R]; Boneshiver's Equip after it costs its whole [1][O] (v1.4
    404.1), and so does the first one while P1 does not control the Forge."""
    def forge(controlled: bool) -> GalleryTable:
        p1 = "runedeck:4 runes:4 Fury Rune;4 Body Rune gear:Blighted Battleaxe;Boneshiver " + (
            "controls:bf1 bf1:Raging Soul" if controlled else "base:Raging Soul")
        return GalleryTable(FORGE, P2, "strict", "v1.4", "checked").do(
            f"position turn 3 P1 action first P1 | P1 0 bf:Piltovan Forge deck:{39 - listed(p1)} {p1} "
            f"| P2 0 bf:Vilemaw's Lair deck:{39 - listed(P2_RUNES)} {P2_RUNES}")

    axe = 'P1 activate Blighted Battleaxe "equip" -> Raging Soul $0 / Fury Rune'
    game = forge(True).do(axe, "P1 pass", "P2 pass", "resolve Blighted Battleaxe: attach Blighted Battleaxe -> "
                                                     "Raging Soul")
    assert game.state["turn_facts"]["P1"]["gear_abilities"] == 1 and game.state["violations"] == []
    game.refuses('P1 activate Boneshiver "equip" -> Raging Soul $0 / Body Rune', rule="v1.4 404.1")
    forge(False).refuses(axe, rule="v1.4 404.1")


TOMB = deck("Butcher of the Sands", ["Hextech Ray", "Raging Soul"],
            ["Sandswept Tomb", "Zaun Warrens", "Altar to Unity"])


def test_sandswept_tomb_discounts_a_spell_choosing_a_unit_there_friendly_to_it():
    """"Each spell that chooses one or more units here that are friendly to it costs [A] less.": Hextech Ray
    ([1][R]) at P1's own Raging Soul at the Tomb costs [1]; at P2's unit elsewhere its whole [1][R] (357.1)."""
    p1 = "runedeck:4 runes:4 Fury Rune;4 Body Rune hand:Hextech Ray controls:bf1 bf1:Raging Soul"
    p2 = "runedeck:8 runes:2 Calm Rune;2 Body Rune controls:bf2 bf2:Gemhand Hunter"

    def start() -> GalleryTable:
        return GalleryTable(TOMB, P2_HUNTER, "strict", "v1.4", "checked").do(
            f"position turn 3 P1 action first P1 | P1 0 bf:Sandswept Tomb deck:{39 - listed(p1)} {p1} "
            f"| P2 0 bf:Vilemaw's Lair deck:{39 - listed(p2)} {p2}")

    game = start().do("P1 play Hextech Ray -> Raging Soul $1")
    assert game.pool("P1") == {"energy": 0, "power": {}} and game.state["violations"] == []
    refusal = start().refuses("P1 play Hextech Ray -> Gemhand Hunter $1", rule="v1.4 357.1")
    assert "1 Energy and 1 Power" in said(refusal)


P2_HUNTER = deck("Blind Monk", ["Gemhand Hunter"], ["Grove of the God-Willow", "Vilemaw's Lair", "Windswept Hillock"])


WOLF = deck("Hand of Noxus", ["Stalking Wolf", "Daring Poro", "Loyal Poro"],
            ["Trifarian War Camp", "Zaun Warrens", "Altar to Unity"])


def test_stalking_wolf_kills_a_poro_and_may_be_played_to_its_battlefield_only():
    """"As an additional cost to play me, kill a Bird, Cat, Dog, or Poro you control. You may play me to its
    battlefield.": read whole (the cost checked by engine/card_costs.py); Daring Poro is killed at bf2, where P1 is
    staging a showdown, and the Wolf goes there; to bf1, where P1 has no unit and no control, it is refused (352.2)."""
    assert card_statics.card_statics(card("Stalking Wolf"), "play")[0]["rule"] == "play_to_killed"
    p1 = "runedeck:4 runes:4 Fury Rune;4 Order Rune hand:Stalking Wolf base:Loyal Poro;Daring Poro"

    def showdown() -> GalleryTable:
        return GalleryTable(WOLF, P2, "strict", "v1.4", "checked").do(
            f"position turn 3 P1 action first P1 | P1 0 bf:Trifarian War Camp deck:{39 - listed(p1)} {p1} "
            f"| P2 0 bf:Vilemaw's Lair deck:{39 - listed(P2_RUNES)} {P2_RUNES}", "P1 move Daring Poro -> bf2")

    game = showdown()
    wolf = 'P1 play Stalking Wolf @%s +additional=[{"kill": ["%s"]}] $4 / Order Rune'
    game.do(wolf % ("bf2", game.find("P1", "Daring Poro")))
    assert game.obj("P1", "Stalking Wolf")["location"] == "bf2" and game.state["violations"] == []
    assert game.find("P1", "Daring Poro", "trash")
    other = showdown()
    other.refuses(wolf % ("bf1", other.find("P1", "Daring Poro")), rule=cite("352.2", "v1.4"))


OTTERPUS = deck("Daughter of the Void", ["Otterpus", "Raging Soul"], ["Trifarian War Camp", "Zaun Warrens",
                                                                      "Altar to Unity"])


def test_otterpus_replaces_a_point_in_a_players_first_two_turns_with_a_draw():
    """"If a player would score 1 point from conquering or holding during their first or second turn, they draw 1
    instead." (a replacement without "may", applied in v1.4, 371.2): P1 conquers bf1 in their second turn and draws
    instead of scoring; in their third turn the point is scored."""
    def conquer(turn: int) -> GalleryTable:
        p1 = "runedeck:4 runes:4 Fury Rune;4 Mind Rune base:Raging Soul;Otterpus"
        return GalleryTable(OTTERPUS, P2, "strict", "v1.4", "checked").do(
            f"position turn {turn} P1 action first P1 | P1 0 bf:Trifarian War Camp deck:{39 - listed(p1)} {p1} "
            f"| P2 0 bf:Vilemaw's Lair deck:{39 - listed(P2_RUNES)} {P2_RUNES}", "P1 move Raging Soul -> bf1",
            "P1 pass", "P2 pass")

    second = conquer(3)
    assert second.state["players"]["P1"]["points"] == 0 and second.state["owed_draws"] == {"P1": 1}
    assert [entry["kind"] for entry in second.state["awaiting"]] == ["draw"]
    second.refuses("P1 end turn", rule=cite("632.1.b.2", "v1.4"))  # the draw is owed, as the Final Point's is
    third = conquer(5)
    assert third.state["players"]["P1"]["points"] == 1 and third.state["owed_draws"] == {}


SOLARI = deck("Hand of Noxus", ["Symbol of the Solari", "Raging Soul"], ["Trifarian War Camp", "Zaun Warrens",
                                                                         "Altar to Unity"])
STUNNED = deck("Butcher of the Sands", ["Towering Pairofant"], ["Grove of the God-Willow", "Vilemaw's Lair",
                                                                "Windswept Hillock"])


def test_symbol_of_the_solari_recalls_every_unit_of_a_tied_combat_its_controller_attacked_in():
    """"If a combat where you are the attacker ends in a tie, recall ALL units instead." (no "may": applied in v1.4,
    371.2): Raging Soul (4) attacks a stunned Towering Pairofant (6); both survive (a tie, v1.4 740.3.a) and both
    are recalled; without the Symbol only the attacker is (627.2)."""
    def tied(gear: str) -> GalleryTable:
        p1 = f"runedeck:4 runes:4 Fury Rune;4 Order Rune base:Raging Soul{gear}"
        p2 = "runedeck:8 runes:2 Fury Rune;2 Body Rune controls:bf2 bf2:Towering Pairofant~"
        return GalleryTable(SOLARI, STUNNED, "strict", "v1.4", "checked").do(
            f"position turn 3 P1 action first P1 | P1 0 bf:Trifarian War Camp deck:{39 - listed(p1)} {p1} "
            f"| P2 0 bf:Vilemaw's Lair deck:{39 - listed(p2)} {p2}", "P1 move Raging Soul -> bf2", "P1 pass",
            "P2 pass", "P1 assign Towering Pairofant 4")

    symbol = tied(" gear:Symbol of the Solari")
    assert [symbol.obj(player, name)["location"] for player, name in (("P1", "Raging Soul"),
                                                                     ("P2", "Towering Pairofant"))] == \
        ["base:P1", "base:P2"]
    assert tied("").obj("P2", "Towering Pairofant")["location"] == "bf2"


KEEPER = deck("Blind Monk", ["Clockwork Keeper"], ["Trifarian War Camp", "Zaun Warrens", "Altar to Unity"])


def test_clockwork_keeper_draws_one_when_its_additional_cost_is_paid():
    """"As you play me, you may pay [G] as an additional cost. If you do, draw 1.": paid, a draw is owed (awaited,
    and the turn does not end before it); not paid, none is."""
    def played(line: str) -> GalleryTable:
        p1 = "runedeck:4 runes:4 Calm Rune;4 Body Rune hand:Clockwork Keeper"
        return GalleryTable(KEEPER, P2, "strict", "v1.4", "checked").do(
            f"position turn 3 P1 action first P1 | P1 0 bf:Trifarian War Camp deck:{39 - listed(p1)} {p1} "
            f"| P2 0 bf:Vilemaw's Lair deck:{39 - listed(P2_RUNES)} {P2_RUNES}", line)

    paid = played('P1 play Clockwork Keeper +additional=[{"energy": 0, "power": 1}] $2 / Calm Rune')
    assert paid.state["owed_draws"] == {"P1": 1}
    paid.refuses("P1 end turn", rule=cite("632.1.b.2", "v1.4"))
    paid.do("P1 draw ?")
    assert paid.state["owed_draws"] == {}
    assert played("P1 play Clockwork Keeper $2").state["owed_draws"] == {}


DAISY = deck("Green Father", ["Daisy!", "Affectionate Poro", "Alpha Wildclaw", "Astral Heron"],
             ["Trifarian War Camp", "Zaun Warrens", "Altar to Unity"])


def test_daisy_costs_one_less_for_each_of_the_four_tags_among_its_controllers_units():
    """"Reduce my cost by [1] for each of the following tags among your units — Bird, Cat, Dog, and Poro.": with a
    Poro, a Cat and a Bird among P1's units, Daisy! (9 Energy, 2 Power printed) costs 6 Energy; 5 is refused."""
    p1 = "runedeck:0 runes:6 Calm Rune;6 Order Rune hand:Daisy! base:Affectionate Poro;Alpha Wildclaw;Astral Heron"

    def start() -> GalleryTable:
        return GalleryTable(DAISY, P2, "strict", "v1.4", "checked").do(
            f"position turn 3 P1 action first P1 | P1 0 bf:Trifarian War Camp deck:{39 - listed(p1)} {p1} "
            f"| P2 0 bf:Vilemaw's Lair deck:{39 - listed(P2_RUNES)} {P2_RUNES}")

    [static] = [static for static in card_statics.card_statics(card("Daisy!"), "play") if "per" in static]
    assert static["per"] == {"count": "tags_among", "tags": ["Bird", "Cat", "Dog", "Poro"]}
    assert start().do("P1 play Daisy! $6 / Calm Rune; Order Rune").obj("P1", "Daisy!")["zone"] == "board"
    refusal = start().refuses("P1 play Daisy! $5 / Calm Rune; Order Rune", rule="v1.4 357.1")
    assert "tags among your units" in said(refusal)
