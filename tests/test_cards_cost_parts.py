"""Costs paid with other cards, read from the cards (issue 26, engine/cards/cost_parts.py, engine/card_costs.py): in a
v1.4 match whose abilities the engine checks, what the recorder names to pay "Kill a friendly unit" or "Recycle a
unit from your trash" must be what the cost names (v1.4 403.1.a), and a card's mandatory additional cost ("As an
additional cost to play me, kill a friendly unit.") must be paid to finalize it (v1.4 204.2.a): a legal use, then
each misuse refused in strict quoting the card, and flagged in audit. A "declared" match takes them as recorded.
"""
from __future__ import annotations

from engine.cards import cost_parts
from engine.cards import statics as card_statics
from gallery_table import GalleryTable, deck, listed, said

P1 = deck("Hand of Noxus", ["Escaped Grayback", "Cruel Patron", "Sacrifice", "Assembly Rig", "Trifarian Gloryseeker",
                            "Minotaur Reckoner", "Blood Rush", "Brazen Buccaneer", "Commander Ledros"],
          ["Zaun Warrens", "Altar to Unity", "Vilemaw's Lair"])
P2 = deck("Blind Monk", ["Wizened Elder"], ["Grove of the God-Willow", "Zaun Warrens", "Altar to Unity"])
RUNES = "runedeck:4 runes:4 Fury Rune;4 Order Rune"
UNITS = "base:Trifarian Gloryseeker;Minotaur Reckoner gear:Assembly Rig"


def table(p1: str, policy: str = "strict", abilities: str = "checked") -> GalleryTable:
    """A v1.4 position at P1's action phase, turn 3; both champions still in their zones."""
    p2 = "runedeck:8 runes:2 Calm Rune;2 Body Rune"
    line = (f"position turn 3 P1 action first P1 | P1 0 bf:Zaun Warrens deck:{39 - listed(p1)} {RUNES} {p1} "
            f"| P2 0 bf:Grove of the God-Willow deck:{39 - listed(p2)} {p2}")
    return GalleryTable(P1, P2, policy, "v1.4", abilities).do(line)




def test_cost_parts_read_what_they_ask_for():
    assert cost_parts.read("Kill a friendly unit") == {"verb": "kill", "count": 1, "types": ["Unit"]}
    assert cost_parts.read("Kill a friendly unit or gear")["types"] == ["Unit", "Gear"]
    assert cost_parts.read("Recycle a unit from your trash") == {"verb": "recycle", "count": 1, "types": ["Unit"]}
    assert cost_parts.required("As an additional cost to play this, kill a friendly [Mighty] unit.")["mighty"] is True
    assert cost_parts.read("Kill a unit from your trash") is None  # a kill takes nothing from the trash: unread
    bard = cost_parts.optional("You may exhaust your legend as an additional cost to play me.")
    assert bard["part"] == {"verb": "exhaust", "count": 1, "types": ["Legend"]}


# -- an activated ability's cost (v1.4 403.1.a) -------------------------------------------------------------------
def test_escaped_graybacks_empower_kills_a_friendly_unit_and_not_a_gear_v1_4_403_1_a():
    game = table(f"{UNITS};Escaped Grayback")
    rig = game.find("P1", "Assembly Rig")
    refusal = game.refuses(f'P1 activate Escaped Grayback "empower" +kill=["{rig}"]', rule="v1.4 403.1.a")
    assert "'Kill a friendly unit'" in said(refusal)
    audit = table(f"{UNITS};Escaped Grayback", policy="audit")
    audit.flags(f'P1 activate Escaped Grayback "empower" +kill=["{rig}"]', "v1.4 403.1.a")
    seeker = game.find("P1", "Trifarian Gloryseeker")
    game.do(f'P1 activate Escaped Grayback "empower" +kill=["{seeker}"]')
    assert game.state["objects"][seeker]["zone"] == "trash"
    declared = table(f"{UNITS};Escaped Grayback", abilities="declared")
    declared.do(f'P1 activate Escaped Grayback "empower" +kill=["{rig}"]')  # on the recorder's word, as before


def test_assembly_rig_recycles_a_unit_from_the_trash_and_not_a_spell_v1_4_403_1_a():
    game = table("gear:Assembly Rig trash:Blood Rush;Minotaur Reckoner")
    spell, unit = game.find("P1", "Blood Rush", "trash"), game.find("P1", "Minotaur Reckoner", "trash")
    refusal = game.refuses(f'P1 activate Assembly Rig [0] +recycle=["{spell}"] $1 / Fury Rune', rule="v1.4 403.1.a")
    assert "'Recycle a unit from your trash'" in said(refusal)
    game.do(f'P1 activate Assembly Rig [0] +recycle=["{unit}"] $1 / Fury Rune')


# -- a play's mandatory additional cost (v1.4 204.2.a) ------------------------------------------------------------
PATRON = "As an additional cost to play me, kill a friendly unit."


def test_cruel_patron_is_played_only_by_killing_a_friendly_unit_v1_4_204_2_a():
    game = table(f"{UNITS} hand:Cruel Patron")
    refusal = game.refuses("P1 play Cruel Patron $4", rule="v1.4 204.2.a")
    assert PATRON in said(refusal)
    rig = game.find("P1", "Assembly Rig")
    assert PATRON in said(game.refuses(f'P1 play Cruel Patron +additional=[{{"kill": ["{rig}"]}}] $4',
                                       rule="v1.4 204.2.a"))
    audit = table(f"{UNITS} hand:Cruel Patron", policy="audit")
    audit.flags("P1 play Cruel Patron $4", "v1.4 204.2.a")
    seeker = game.find("P1", "Trifarian Gloryseeker")
    game.do(f'P1 play Cruel Patron +additional=[{{"kill": ["{seeker}"]}}] $4')
    assert game.state["objects"][seeker]["zone"] == "trash" and game.obj("P1", "Cruel Patron")["zone"] == "board"
    table(f"{UNITS} hand:Cruel Patron", abilities="declared").do("P1 play Cruel Patron $4")  # recorder's word


def test_sacrifice_kills_a_mighty_unit_v1_4_204_2_a():
    game = table(f"{UNITS} hand:Sacrifice")
    seeker, reckoner = game.find("P1", "Trifarian Gloryseeker"), game.find("P1", "Minotaur Reckoner")
    game.refuses(f'P1 play Sacrifice +additional=[{{"kill": ["{seeker}"]}}] $1', rule="v1.4 204.2.a")  # 2 Might
    game.do(f'P1 play Sacrifice +additional=[{{"kill": ["{reckoner}"]}}] $1')  # 5 Might: Mighty
    assert game.state["objects"][reckoner]["zone"] == "trash"


def test_pay_inside_reminder_text_is_no_trigger_cost():
    """Carrion Dredger's "[Deathknell][>] Play a 1 [S] Bird unit token with [Deflect] ... (... Opponents must pay [A]
    to choose a [Deflect] unit ...)": the "pay [A]" is Deflect's reminder, not a cost within its instructions."""
    card = GalleryTable(P1, P2).catalog.card("Carrion Dredger")
    [deathknell] = [ability for ability in card["abilities"] if ability.get("kind") == "triggered"]
    assert "pay [A]" in deathknell["text"] and card_statics.unread_parts(deathknell, card) == []


# -- optional additional costs paid with other cards, and what they take off (v1.4 356.2.b.1, 356.4) --------------
BUCCANEER = "As you play me, you may discard 1 as an additional cost. If you do, reduce my cost by [2]."


def test_brazen_buccaneer_costs_two_less_once_a_card_is_discarded_for_it():
    game = table("hand:Brazen Buccaneer;Blood Rush")
    rush = game.find("P1", "Blood Rush", "hand")
    game.refuses("P1 play Brazen Buccaneer $4", rule="v1.4 357.1")  # nothing discarded: [6]
    game.do(f'P1 play Brazen Buccaneer +additional=[{{"discard": ["{rush}"]}}] $4')
    assert game.state["objects"][rush]["zone"] == "trash" and game.obj("P1", "Brazen Buccaneer")["zone"] == "board"


def test_an_additional_cost_the_card_does_not_offer_is_refused_quoting_it_v1_4_204_2():
    game = table(f"{UNITS} hand:Brazen Buccaneer;Blood Rush")
    seeker = game.find("P1", "Trifarian Gloryseeker")
    refusal = game.refuses(f'P1 play Brazen Buccaneer +additional=[{{"kill": ["{seeker}"]}}] $6', rule="v1.4 204.2")
    assert BUCCANEER in said(refusal)
    audit = table(f"{UNITS} hand:Brazen Buccaneer;Blood Rush", policy="audit")
    audit.flags(f'P1 play Brazen Buccaneer +additional=[{{"kill": ["{seeker}"]}}] $6', "v1.4 204.2")
    game.refuses('P1 play Brazen Buccaneer +additional=[{"xp": 2}] $6', rule="v1.4 204.2")
    table(f"{UNITS} hand:Brazen Buccaneer;Blood Rush", abilities="declared").do(  # the recorder's word, as before
        f'P1 play Brazen Buccaneer +additional=[{{"kill": ["{seeker}"]}}] $6')


def test_commander_ledros_costs_one_order_power_less_for_each_unit_killed():
    """"Reduce my cost by [Y] for each killed this way." ([6] and 4 Order Power): two kills leave 2 Power, with
    nothing declared."""
    game = table(f"{UNITS} hand:Commander Ledros")
    seeker, reckoner = game.find("P1", "Trifarian Gloryseeker"), game.find("P1", "Minotaur Reckoner")
    line = f'P1 play Commander Ledros +additional=[{{"kill": ["{seeker}", "{reckoner}"]}}] $6 / Order Rune; Order Rune'
    game.do(line)
    assert game.obj("P1", "Commander Ledros")["zone"] == "board" and game.pool("P1") == {"energy": 0, "power": {}}


def test_bard_exhausts_his_controllers_legend_as_his_additional_cost_and_nothing_else_v1_4_204_2():
    """Bard, Mercurial: "You may exhaust your legend as an additional cost to play me." The legend (in its zone)
    pays it; a unit exhausted for it is refused, quoting the line."""
    mind = deck("Daughter of the Void", ["Bard, Mercurial", "Gearhead"], ["Zaun Warrens", "Altar to Unity",
                                                                           "Vilemaw's Lair"])
    p1 = "runedeck:4 runes:4 Fury Rune;4 Mind Rune hand:Bard, Mercurial base:Gearhead"
    p2 = "runedeck:8 runes:2 Calm Rune;2 Body Rune"
    line = (f"position turn 3 P1 action first P1 | P1 0 bf:Zaun Warrens deck:{39 - listed(p1)} {p1} "
            f"| P2 0 bf:Grove of the God-Willow deck:{39 - listed(p2)} {p2}")
    game = GalleryTable(mind, P2, "strict", "v1.4", "checked").do(line)
    legend = next(object_id for object_id, obj in game.state["objects"].items()
                  if obj["zone"] == "legend" and obj["owner"] == "P1")
    gearhead = game.find("P1", "Gearhead")
    refusal = game.refuses(f'P1 play Bard, Mercurial +additional=[{{"exhaust": ["{gearhead}"]}}] $4 / Mind Rune',
                           rule="v1.4 204.2")
    assert "You may exhaust your legend as an additional cost to play me." in said(refusal)
    game.do(f'P1 play Bard, Mercurial +additional=[{{"exhaust": ["{legend}"]}}] $4 / Mind Rune')
    assert game.state["objects"][legend]["exhausted"] is True
