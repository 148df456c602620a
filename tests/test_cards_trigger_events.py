"""Occurrences a triggered ability's condition may name beyond playing, moving, attacking, holding and dying (issue
26, "Honest coverage"; engine/cards/triggers.py, engine/due.py): in a match whose abilities the engine checks, the
ability is due when the rules module where it happens reports it, a `trigger` for one that is not due is refused in
strict citing v1.4 383.3 and quoting the card. Real gallery cards, v1.4:

- Nidalee, Cat Form, "When I win a combat, draw 1." and Voidreaver, "When you win a combat, gain 1 XP." (a player
  who was attacker or defender and is the only one with units remaining there has won, and their units with them,
  v1.4 466.3.a, 466.3.c);
- Draven, Audacious, "When I die in combat, choose an opponent. They score 1 point.";
- Mask Mother, "When you discard me, you may pay [1] to give a friendly unit +2 [S] this turn." (v1.4 422.1.b);
- Harpoon Squad, "When I move from a battlefield, give me +2 [S] this turn.";
- Sumpworks Map, "When an opponent scores, draw 1." (a player scores by a conquer or a hold, v1.4 469);
- Black Market Broker, "When you play a card from face down, play a Gold gear token exhausted." (v1.4 723).
"""
from __future__ import annotations

import pytest

from gallery_table import GalleryTable, deck, said
from test_rules_statics import deck_count

from engine.cards import triggers

P1 = deck("Voidreaver", ["Nidalee, Cat Form", "Draven, Audacious", "Mask Mother", "Corrupt Enforcer", "Harpoon Squad",
                         "Black Market Broker", "Pakaa Cub"],
          ["Grove of the God-Willow", "Zaun Warrens", "Altar to Unity"])
P2 = deck("Bashful Bloom", ["Wizened Elder", "Lonely Poro", "Sumpworks Map", "Bottled Constellation"],
          ["Vilemaw's Lair", "Trifarian War Camp", "Windswept Hillock"])
NIDALEE = "When I win a combat, draw 1."
DRAVEN = "When I die in combat, choose an opponent. They score 1 point."


def table(p1: str, p2: str, player: str = "P1", turn: int = 3, policy: str = "strict") -> GalleryTable:
    line = (f"position turn {turn} {player} action first P1 | P1 0 bf:Grove of the God-Willow deck:{deck_count(p1)} "
            f"{p1} | P2 0 bf:Vilemaw's Lair deck:{deck_count(p2)} {p2}")
    return GalleryTable(P1, P2, policy, rules="v1.4", abilities="checked").do(line)


def due(t: GalleryTable) -> list[tuple[str, str]]:
    """The due triggers `awaiting` lists first: (card, label)."""
    first = t.state["awaiting"][0]
    return [(entry["card"], entry["label"]) for entry in first.get("triggers", [])] if first["kind"] == "trigger" \
        else []


# -- winning a combat (v1.4 466.3) ---------------------------------------------------------------------------------
RUNES = "runedeck:8 runes:2 Body Rune;2 Chaos Rune"


def test_nidalee_and_voidreaver_are_due_when_p1_wins_the_combat_v1_4_466_3_a():
    t = table(f"{RUNES} base:Nidalee, Cat Form",
              "runedeck:8 runes:2 Calm Rune;2 Mind Rune bf2:Lonely Poro controls:bf2")
    t.do("P1 move Nidalee, Cat Form -> bf2", "P1 pass", "P2 pass", "P1 assign Lonely Poro 4",
         "P2 assign Nidalee, Cat Form 2")
    assert due(t) == [("Lonely Poro", "deathknell"), ("Voidreaver", "when-you-win"),
                      ("Nidalee, Cat Form", "when-i-win")]
    t.do('P2 trigger Lonely Poro "deathknell"', 'P1 trigger Voidreaver "when-you-win"',
         'P1 trigger Nidalee, Cat Form "when-i-win"')
    assert [item["card"] for item in t.state["chain"]] == ["Lonely Poro", "Voidreaver", "Nidalee, Cat Form"]
    assert t.state["violations"] == []


def test_a_combat_with_no_unit_remaining_is_won_by_no_one_and_nidalees_trigger_is_refused_v1_4_466_3_d():
    t = table(f"{RUNES} base:Nidalee, Cat Form", "runedeck:8 runes:2 Calm Rune;2 Mind Rune bf2:Wizened Elder "
                                                  "controls:bf2")
    t.do("P1 move Nidalee, Cat Form -> bf2", "P1 pass", "P2 pass", "P1 assign Wizened Elder 4",
         "P2 assign Nidalee, Cat Form 4")
    assert due(t) == []
    assert NIDALEE in said(t.refuses('P1 trigger Nidalee, Cat Form "when-i-win"', rule="v1.4 383.3"))
    t.refuses('P1 trigger Voidreaver "when-you-win"', rule="v1.4 383.3")


def test_draven_dying_in_combat_is_due_and_the_defender_wins_v1_4_466_3_a():
    t = table(f"{RUNES} base:Draven, Audacious", "runedeck:8 runes:2 Calm Rune;2 Mind Rune bf2:Wizened Elder;"
                                                  "Lonely Poro controls:bf2")
    t.do("P1 move Draven, Audacious -> bf2", "P1 pass", "P2 pass", "P1 assign Wizened Elder 6",
         "P2 assign Draven, Audacious 6")
    assert due(t) == [("Draven, Audacious", "when-i-die")]  # P2 won: neither Voidreaver nor "I win" of Draven
    t.refuses('P1 trigger Draven, Audacious "the-first-time"', rule="v1.4 383.3")
    t.do('P1 trigger Draven, Audacious "when-i-die"')
    assert t.state["chain"][-1]["card"] == "Draven, Audacious" and t.state["violations"] == []


def test_a_unit_killed_outside_combat_does_not_die_in_combat():
    assert triggers.compile_trigger(DRAVEN)["on"] == [{"event": "dies", "subject": "me", "in_combat": True}]
    assert not triggers.matches({"event": "dies", "subject": "me", "in_combat": True},
                                {"event": "dies", "player": "P1", "object": {"id": "o1", "in_combat": False}},
                                {"id": "o1", "controller": "P1", "kind": "object"})


# -- discarding, moving from, scoring, playing from face down -------------------------------------------------------
MASK = "When you discard me, you may pay [1] to give a friendly unit +2 [S] this turn."


def test_mask_mother_is_due_once_discarded_and_not_before_v1_4_422_1_b():
    trashed = table(f"{RUNES} trash:Mask Mother", "runedeck:8 runes:2 Calm Rune;2 Mind Rune")
    assert MASK in said(trashed.refuses('P1 trigger Mask Mother "when-you-discard"', rule="v1.4 383.3"))
    t = table(f"{RUNES} base:Corrupt Enforcer hand:Mask Mother", "runedeck:8 runes:2 Calm Rune;2 Mind Rune")
    t.do("P1 move Corrupt Enforcer -> bf1", 'P1 trigger Corrupt Enforcer "when-i-move"', "P1 pass", "P2 pass",
         "resolve Corrupt Enforcer: discard P1 Mask Mother")
    assert t.find("P1", "Mask Mother", "trash") and due(t) == [("Mask Mother", "when-you-discard")]
    t.do('P1 trigger Mask Mother "when-you-discard" +declined')
    assert t.state["violations"] == []


HARPOON = "When I move from a battlefield, give me +2 [S] this turn."
SUMPWORKS = "runedeck:8 runes:2 Calm Rune;2 Mind Rune base:Sumpworks Map"


def test_harpoon_squad_moving_from_base_is_not_due_and_sumpworks_map_is_due_when_p1_conquers_v1_4_469():
    t = table(f"{RUNES} base:Harpoon Squad", SUMPWORKS).do("P1 move Harpoon Squad -> bf1")
    assert due(t) == []
    assert HARPOON in said(t.refuses('P1 trigger Harpoon Squad "when-i-move"', rule="v1.4 383.3"))
    t.do("P1 pass", "P2 pass")  # bf1 was nobody's: P1 conquers it
    assert t.state["battlefields"][0]["controller"] == "P1" and due(t) == [("Sumpworks Map", "when-an-opponent")]
    t.refuses('P1 trigger Voidreaver "when-you-win"', rule="v1.4 383.3")  # no combat: nothing won
    t.do('P2 trigger Sumpworks Map "when-an-opponent"')
    assert t.state["chain"][-1]["card"] == "Sumpworks Map"


def test_harpoon_squad_moving_from_a_battlefield_is_due():
    t = table(f"{RUNES} controls:bf1 bf1:Harpoon Squad", SUMPWORKS).do("P1 move Harpoon Squad -> base")
    assert due(t) == [("Harpoon Squad", "when-i-move")]
    t.do('P1 trigger Harpoon Squad "when-i-move"')


BROKER = "When you play a card from face down, play a Gold gear token exhausted."


def test_black_market_broker_is_due_for_a_card_played_from_face_down_only_v1_4_723():
    line = f"{RUNES} controls:bf1 bf1:Black Market Broker facedown:Pakaa Cub@bf1"
    t = table(line, SUMPWORKS).do("P1 play Pakaa Cub <facedown")
    assert due(t) == [("Black Market Broker", "when-you-play")]
    t.do('P1 trigger Black Market Broker "when-you-play"')
    from_hand = table(f"{RUNES} base:Black Market Broker hand:Pakaa Cub", SUMPWORKS).do("P1 play Pakaa Cub $3")
    assert due(from_hand) == []
    assert BROKER in said(from_hand.refuses('P1 trigger Black Market Broker "when-you-play"', rule="v1.4 383.3"))


CONSTELLATION = "runedeck:8 runes:2 Calm Rune;2 Mind Rune base:Bottled Constellation"


def test_bottled_constellation_is_due_at_the_start_of_its_controllers_main_phase_v1_4_316_1():
    t = table(RUNES, CONSTELLATION)
    t.refuses('P2 trigger Bottled Constellation "at-the-start"', rule="v1.4 383.3")  # P1's main phase, begun
    t.do("P1 end turn", "P2 pass", "P2 channel Calm Rune; Mind Rune")
    assert due(t) == []  # the draw phase: not yet
    t.do("P2 draw ?")
    assert t.state["phase"] == "action" and due(t) == [("Bottled Constellation", "at-the-start")]
    t.do('P2 trigger Bottled Constellation "at-the-start" +declined')


@pytest.mark.parametrize("text, on", [
    ("When you play a card from [Hidden], give me +2 [S] this turn.",
     [{"event": "played", "subject": "a card", "whose": "you", "from": "facedown"}]),
    ("When you play a card from anywhere other than your hand, empower me.",
     [{"event": "played", "subject": "a card", "whose": "you", "from": "not hand"}]),
    ("When I move from a location, play a 3 [S] Sprite unit token with [Temporary] there.",
     [{"event": "moves", "subject": "me"}]),
    ("When I defend or I'm played from [Hidden], reveal the top 5 cards of your Main Deck.",
     [{"event": "defends", "subject": "me"}, {"event": "played", "subject": "me", "from": "facedown"}]),
    ("When you score here, you may replace this with the battlefield it replaced.",
     [{"event": "scores", "subject": "here"}]),
])
def test_the_occurrences_read_from_the_gallerys_phrasings(text, on):
    compiled = triggers.compile_trigger(text)
    assert compiled["on"] == on and triggers.checkable(compiled)
