"""Hidden (004 723, v1.3 811), Predict (v1.3 436) and Burn (its reminder text; 607.1.c, v1.3 431.1.b) with real
cards of the gallery: Blastcone Fae and Zhonya's Hourglass hidden and played from facedown, Eclipse's Predict,
Forgotten Relic's Burn."""
from __future__ import annotations

from gallery_table import GalleryTable, deck, listed

P1_CARDS = ["Blastcone Fae", "Zhonya's Hourglass", "Eclipse", "Clairvoyance", "Stalwart Poro"]
P2_CARDS = ["Forgotten Relic", "Blade Twirler", "Mischievous Marai", "Shadow Order Disciple"]
P1 = deck("Nine-Tailed Fox", P1_CARDS, ["Trifarian War Camp", "Windswept Hillock", "Zaun Warrens"])
P2 = deck("Loose Cannon", P2_CARDS, ["Altar to Unity", "Grove of the God-Willow", "Vilemaw's Lair"])
P1_RUNES = "runedeck:8 runes:2 Calm Rune;2 Mind Rune"
P2_RUNES = "runedeck:6 runes:3 Fury Rune;3 Chaos Rune"


def table(p1: str, p2: str, turn: int = 3, player: str = "P1", policy: str = "strict") -> GalleryTable:
    """A position at `player`'s action phase; both chosen champions are still in their zones (39 cards left)."""
    line = (f"position turn {turn} {player} action first P1 | P1 0 bf:Trifarian War Camp deck:{39 - listed(p1)} "
            f"{P1_RUNES} {p1} | P2 0 bf:Altar to Unity deck:{39 - listed(p2)} {P2_RUNES} {p2}")
    return GalleryTable(P1, P2, policy).do(line)


def hid_fae() -> GalleryTable:
    """Turn 3: P1 holds Trifarian War Camp (bf1) with Stalwart Poro and hides Blastcone Fae there."""
    return table("controls:bf1 hand:Blastcone Fae;Zhonya's Hourglass;Eclipse bf1:Stalwart Poro",
                 "base:Blade Twirler").do("P1 hide Blastcone Fae @bf1 $0 / Mind Rune")


def next_turns(game: GalleryTable) -> GalleryTable:
    """P1 ends turn 3; P2's turn 4 reaches its action phase."""
    return game.do("P1 end turn", "P2 pass", "P2 channel Fury Rune; Chaos Rune", "P2 draw ?")


def test_a_hidden_unit_is_played_from_facedown_to_its_battlefield_v1_3_811_1_d_1():
    game = next_turns(hid_fae()).do("P2 end turn", "P1 pass", "P1 channel Calm Rune; Mind Rune", "P1 draw ?")
    game.refuses("P1 play Blastcone Fae <facedown @base", rule="v1.3 811.1.d.1")
    game.do("P1 play Blastcone Fae <facedown")
    fae = game.obj("P1", "Blastcone Fae")
    assert fae["location"] == "bf1" and fae["exhausted"]  # a unit enters exhausted (356.2.c)
    assert game.pool("P1") == {"energy": 0, "power": {}}  # its base cost ignored (723.1.b)


def test_a_hidden_card_answers_on_the_opponents_turn_with_reaction_723_1_b():
    game = next_turns(hid_fae()).do("P2 move Blade Twirler -> bf1")
    # P2 contests Trifarian War Camp: a combat there, and in its showdown P1 may play the hidden unit (Reaction)
    game.do("P2 pass", "P1 play Blastcone Fae <facedown")
    assert game.obj("P1", "Blastcone Fae")["location"] == "bf1"


def test_hidden_gear_is_played_to_its_battlefield_then_recalled_at_the_cleanup_619_1():
    game = table("controls:bf1 hand:Zhonya's Hourglass bf1:Stalwart Poro", "base:Blade Twirler").do(
        "P1 hide Zhonya's Hourglass @bf1 $0 / Calm Rune")
    next_turns(game).do("P2 end turn", "P1 pass", "P1 channel Calm Rune; Mind Rune", "P1 draw ?")
    game.refuses("P1 play Zhonya's Hourglass <facedown @base", rule="v1.3 811.1.d.1")
    game.do("P1 play Zhonya's Hourglass <facedown")  # played at bf1, where the cleanup that follows recalls it
    hourglass = game.obj("P1", "Zhonya's Hourglass")
    assert hourglass["location"] == "base:P1" and not hourglass["exhausted"]


def test_eclipse_predicts_the_top_card_and_may_recycle_it_v1_3_436_1():
    game = table("hand:Eclipse", "bf2:Blade Twirler controls:bf2", player="P1")
    game.do("P1 play Eclipse -> Blade Twirler $3", "P1 pass", "P2 pass",
            "resolve Eclipse: might Blade Twirler -4 until turn | predict P1 Clairvoyance "
            "| recycle P1 Clairvoyance <deck")
    assert game.obj("P2", "Blade Twirler")["might"] == 0
    assert game.state["players"]["P1"]["deck_count"] == 38 and game.state["violations"] == []


def test_forgotten_relic_burns_the_top_card_into_the_trash():
    game = table("", "hand:Forgotten Relic", player="P2", turn=4)
    game.do("P2 play Forgotten Relic $5", 'P2 trigger Forgotten Relic "burn 1"', "P2 pass", "P1 pass",
            "resolve Forgotten Relic: burn P2 Mischievous Marai")
    p2 = game.state["players"]["P2"]
    assert p2["deck_count"] == 37 and [game.state["objects"][card]["card"] for card in p2["trash"]] == [
        "Mischievous Marai"]


def test_a_burn_from_a_short_deck_burns_out_and_completes_the_rest_v1_3_431_1_b():
    game = table("", "hand:Forgotten Relic trash:Shadow Order Disciple;Blade Twirler", player="P2", turn=4)
    game.do("P2 play Forgotten Relic $5", 'P2 trigger Forgotten Relic "burn 1"', "P2 pass", "P1 pass")
    game.state["players"]["P2"]["deck_count"] = 0
    game.do("resolve Forgotten Relic: burn P2 Blade Twirler; Shadow Order Disciple; Blade Twirler")
    assert game.state["scores"]["P1"] == 2  # two burn outs (607.2.b), each shuffling the trash back in
    assert len(game.state["players"]["P2"]["trash"]) == 1
