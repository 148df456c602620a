"""Where and when a triggered ability's condition is met (issue 26, "Honest coverage"; engine/cards/triggers.py,
engine/cards/trigger_ifs.py): "if you spent [4] or more" (the Energy paid to play the spell, kept on its chain item
until it resolves), "while I'm at a battlefield" (a state as the occurrence happens, v1.4 383.2.a.1), "When a unit
moves from here". In a match whose abilities the engine checks, such an ability is due only when the condition is
met, and a `trigger` for one that is not due is refused in strict citing v1.4 383.3, quoting the card. Real gallery
cards, v1.4: Revna the Lorekeeper, Pyke, Returned, Back-Alley Bar; and Scrapheap, whose "When this is played,
discarded, or killed" is a reviewed trigger (engine/cards/data/scrapheap.json), checked as a compiled one.
"""
from __future__ import annotations

from gallery_table import GalleryTable, deck, said
from test_rules_statics import deck_count

from engine.cards import triggers

P1 = deck("Glorious Executioner", ["Revna the Lorekeeper", "Pyke, Returned", "Incinerate", "Disintegrate",
                                   "Pouty Poro"], ["Back-Alley Bar", "Zaun Warrens", "Altar to Unity"])
P2 = deck("Gloomist", ["Wizened Elder", "Lonely Poro"], ["Vilemaw's Lair", "Trifarian War Camp", "Windswept Hillock"])
RUNES = "runedeck:2 runes:5 Fury Rune;5 Chaos Rune"
P2_RUNES = "runedeck:8 runes:2 Calm Rune;2 Chaos Rune"
REVNA = "When you play a spell, if you spent [4] or more, ready me."
PYKE = "Once each turn, when an enemy unit dies while I'm at a battlefield, play a Gold gear token exhausted."
BAR = "When a unit moves from here, give it +1 [S] this turn."


def table(p1: str, p2: str = P2_RUNES) -> GalleryTable:
    line = (f"position turn 3 P1 action first P1 | P1 0 bf:Back-Alley Bar deck:{deck_count(p1)} {p1} | "
            f"P2 0 bf:Vilemaw's Lair deck:{deck_count(p2)} {p2}")
    return GalleryTable(P1, P2, "strict", rules="v1.4", abilities="checked").do(line)


def due(t: GalleryTable) -> list[tuple[str, str]]:
    """The due triggers `awaiting` lists first: (card, label)."""
    first = t.state["awaiting"][0]
    return [(entry["card"], entry["label"]) for entry in first.get("triggers", [])] if first["kind"] == "trigger" \
        else []


def test_the_conditions_compile_with_nothing_unread():
    assert triggers.compile_trigger(REVNA)["if"] == {"spent_at_least": 4}
    pyke = triggers.compile_trigger(PYKE)
    assert pyke["on"] == [{"event": "dies", "subject": "an enemy unit"}] and pyke["if"] == {"while": {"at":
                                                                                                     "battlefield"}}
    assert triggers.compile_trigger(BAR)["on"] == [{"event": "moves", "subject": "a unit", "from": "here"}]


def test_revna_is_due_for_a_spell_that_cost_4_or_more_only():
    t = table(f"{RUNES} base:Revna the Lorekeeper* hand:Incinerate;Disintegrate",
              f"{P2_RUNES} controls:bf2 bf2:Wizened Elder;Lonely Poro")
    t.do("P1 play Incinerate -> Wizened Elder $2", "P1 pass", "P2 pass", "resolve Incinerate: damage Wizened Elder 2")
    assert ("Revna the Lorekeeper", "when-you-play") not in due(t)
    assert REVNA in said(t.refuses('P1 trigger Revna the Lorekeeper "when-you-play"', rule="v1.4 383.3"))
    t.do("P1 play Disintegrate -> Lonely Poro $4", "P1 pass", "P2 pass",
         "resolve Disintegrate: damage Lonely Poro 3 | draw P1 ?")
    assert ("Revna the Lorekeeper", "when-you-play") in due(t)


def test_pyke_is_due_for_an_enemy_death_while_he_is_at_a_battlefield_only():
    line = "hand:Disintegrate controls:bf1 bf1:Pouty Poro"
    at_base = table(f"{RUNES} base:Pyke, Returned {line}", f"{P2_RUNES} controls:bf2 bf2:Lonely Poro")
    at_base.do("P1 play Disintegrate -> Lonely Poro $4", "P1 pass", "P2 pass",
               "resolve Disintegrate: damage Lonely Poro 3 | draw P1 ?")
    assert ("Pyke, Returned", "once-each-turn") not in due(at_base)
    assert PYKE in said(at_base.refuses('P1 trigger Pyke, Returned "once-each-turn"', rule="v1.4 383.3"))
    there = table(f"{RUNES} {line};Pyke, Returned", f"{P2_RUNES} controls:bf2 bf2:Lonely Poro")
    there.do("P1 play Disintegrate -> Lonely Poro $4", "P1 pass", "P2 pass",
             "resolve Disintegrate: damage Lonely Poro 3 | draw P1 ?")
    assert ("Pyke, Returned", "once-each-turn") in due(there)


def test_back_alley_bar_is_due_when_a_unit_moves_from_it_only():
    to_it = table(f"{RUNES} base:Pouty Poro").do("P1 move Pouty Poro -> bf1")
    assert ("Back-Alley Bar", "when-a-unit") not in due(to_it)
    from_it = table(f"{RUNES} controls:bf1 bf1:Pouty Poro;Pyke, Returned").do("P1 move Pouty Poro -> base")
    assert due(from_it) == [("Back-Alley Bar", "when-a-unit")]
    assert BAR in said(table(f"{RUNES} base:Pouty Poro").refuses('P1 trigger Back-Alley Bar "when-a-unit"',
                                                                  rule="v1.4 383.3"))


SCRAPHEAP = "When this is played, discarded, or killed, draw 1."


def test_scrapheaps_reviewed_trigger_is_the_data_files_and_its_trigger_part_is_read():
    """Scrapheap is banned in the gallery's Constructed format (TR 601.2.d), so no gallery match can hold it: the
    reviewed trigger is checked here as the catalog serves it and as coverage counts it; the due triggers ask the
    same `compiled_for`."""
    ability = {"kind": "triggered", "text": SCRAPHEAP}
    assert triggers.compile_trigger(SCRAPHEAP)["on"] == []  # the reader does not read it
    served = triggers.ability_with_trigger(ability, "Scrapheap")["trigger"]
    assert served["source"] == "data" and served["on"] == [
        {"event": "played", "subject": "me"}, {"event": "discarded", "subject": "me"},
        {"event": "dies", "subject": "me"}]
    assert triggers.unread_parts(ability, {"name": "Scrapheap"}) == []
    assert triggers.unread_parts(ability, {"name": "Another Card"}) != []  # the review is of that card only
    discarded = {"event": "discarded", "player": "P1", "object": {"id": "o7", "type": "Gear", "controller": "P1"}}
    assert any(triggers.matches(pattern, discarded, {"id": "o7", "controller": "P1", "kind": "object"})
               for pattern in served["on"])
