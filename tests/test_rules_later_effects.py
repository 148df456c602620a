"""Flow (its reminder text), delayed abilities (v1.3 389-392), copies (v1.3 472.1.b), winning by a card and battlefield
tokens (v1.3 183, 184.8-184.9), with real cards of the gallery."""
from __future__ import annotations

import pytest

import engine
from gallery_table import GalleryTable, deck
from replays import notation
from test_rules_statics import deck_count

VIKTOR = deck("Deceiver", ["Dredge Up", "Deadly Flourish", "Rally the Troops", "Mirror Image", "Honest Broker",
                           "Honest Broker", "Gutter Palace", "Imperial Decree"],
              ["The Grand Plaza", "Altar to Unity", "Zaun Warrens"])
DARIUS = deck("Hand of Noxus", ["Brittle Steel", "Perfect Execution", "Noxian Guillotine", "Minotaur Reckoner",
                                "Undying Legion", "Bonds of Strength"],
              ["Vilemaw's Lair", "Trifarian War Camp", "Windswept Hillock"])
IVERN = deck("Green Father", ["Honest Broker"], ["Altar to Unity", "Grove of the God-Willow", "Zaun Warrens"])
MISS_FORTUNE = deck("Bounty Hunter", ["Baron Nashor", "Baron Nashor", "Ruin Runner"],
                    ["Rockfall Path", "Forgotten Monument", "Aspirant's Climb"])
P1_RUNES = "runedeck:6 runes:3 Mind Rune;3 Order Rune"
P2_RUNES = "runedeck:6 runes:3 Fury Rune;3 Order Rune"


def table(p1: str, p2: str = P2_RUNES, turn: int = 3, player: str = "P1", first: dict | None = None,
          p1_bf: str = "The Grand Plaza", policy: str = "strict") -> GalleryTable:
    line = (f"position turn {turn} {player} action first P1 | P1 0 bf:{p1_bf} deck:{deck_count(p1)} {p1} | "
            f"P2 0 bf:Vilemaw's Lair deck:{deck_count(p2)} {p2}")
    return GalleryTable(first or VIKTOR, DARIUS, policy).do(line)


def next_object(t: GalleryTable) -> str:
    """The id the next object created will have (engine/objects.py hands them out in order)."""
    return f"o{t.state['next_id']['o'] + 1}"


# -- Flow ----------------------------------------------------------------------------------------------------------
def test_a_spell_with_flow_is_played_from_the_trash_for_its_flow_cost_then_banished():
    t = table(f"{P1_RUNES} trash:Dredge Up").do("P1 play Dredge Up <trash +flow $2", "P1 pass", "P2 pass",
                                               "resolve Dredge Up: draw P1 ?")
    dredge = t.obj("P1", "Dredge Up", "banishment")  # "Then banish it."
    assert dredge["id"] in t.state["players"]["P1"]["banishment"] and t.state["players"]["P1"]["trash"] == []


def test_the_flow_cost_replaces_the_printed_cost_v1_3_356_1_a():
    t = table(f"{P1_RUNES} gear:Gutter Palace", f"{P2_RUNES} trash:Brittle Steel", player="P2", turn=4)
    t.refuses("P2 play Brittle Steel <trash -> Gutter Palace +flow $1 / Fury Rune", rule="354.1")  # printed: [2][R]
    t.do("P2 play Brittle Steel <trash -> Gutter Palace +flow $4 / Fury Rune")  # Flow: [4][R]
    assert t.pool("P2") == {"energy": 0, "power": {}}


def test_a_card_without_flow_is_not_played_for_a_flow_cost_002():
    table(f"{P1_RUNES} trash:Deadly Flourish").refuses("P1 play Deadly Flourish <trash +flow $2", rule="002")


def test_flow_plays_only_from_the_trash_002():
    table(f"{P1_RUNES} hand:Dredge Up").refuses("P1 play Dredge Up +flow $2", rule="002")


def test_a_flow_spell_countered_is_banished_too_601_1_a():
    t = table(f"{P1_RUNES} gear:Gutter Palace", "runedeck:5 runes:4 Fury Rune;3 Order Rune trash:Brittle Steel "
              "hand:Bonds of Strength base:Minotaur Reckoner", player="P2", turn=4).do(
        "P2 play Brittle Steel <trash -> Gutter Palace +flow $4 / Fury Rune",
        "P2 play Bonds of Strength -> Minotaur Reckoner $2", "P2 pass", "P1 pass",
        "resolve Bonds of Strength: counter Brittle Steel")
    assert t.obj("P2", "Brittle Steel", "banishment")["zone"] == "banishment"


# -- delayed abilities ---------------------------------------------------------------------------------------------
def flourished() -> GalleryTable:
    """Deadly Flourish resolved on Undying Legion (3 Might): 3 damage kills it, and "When it dies this turn, play a
    Gold gear token exhausted" waits as d1."""
    t = table(f"{P1_RUNES} hand:Deadly Flourish", f"{P2_RUNES} base:Undying Legion")
    legion = t.find("P2", "Undying Legion")
    return t.do("P1 play Deadly Flourish -> Undying Legion $4", "P1 pass", "P2 pass",
                f'resolve Deadly Flourish: damage {legion} 3 | delayed "when it dies" about {legion} +until="turn"')


def test_a_resolving_spell_creates_a_delayed_ability_v1_3_390_2():
    t = flourished()
    legion = t.find("P2", "Undying Legion", "trash")
    [entry] = t.state["delayed"]
    assert entry["id"] == "d1" and entry["controller"] == "P1" and entry["card"] == "Deadly Flourish"
    assert entry["about"] == [legion] and entry["until"] == "turn"


def test_a_delayed_ability_triggers_without_a_source_on_the_board_and_is_used_up_v1_3_392():
    t = flourished().do('P1 trigger d1 "when it dies"')
    item = t.state["chain"][-1]
    assert item["controller"] == "P1" and item["delayed"] == "d1" and item["source"] is None
    assert t.state["delayed"] == []
    t.do("P1 pass", "P2 pass", f"resolve {item['id']}: note \"a Gold gear token, exhausted\"")
    assert t.state["chain"] == []


def test_a_used_up_delayed_ability_does_not_trigger_again_583():
    t = flourished().do('P1 trigger d1 "when it dies"', "P1 pass", "P2 pass", 'resolve c2: note "Gold"')
    t.refuses('P1 trigger d1 "when it dies"', rule="583")


def test_only_its_controller_triggers_a_delayed_ability_182_3_b():
    flourished().refuses('P2 trigger d1 "when it dies"', rule="182.3.b")


def test_a_delayed_ability_this_turn_ends_with_the_turn_517_2_b():
    t = flourished().do("P1 end turn")
    assert t.state["delayed"] == []


def test_a_repeating_delayed_ability_triggers_every_time_in_its_window():
    t = table(f"{P1_RUNES} hand:Rally the Troops;Honest Broker;Honest Broker").do(
        "P1 play Rally the Troops $2", "P1 pass", "P2 pass",
        'resolve Rally the Troops: delayed "when a friendly unit is played" +until="turn" +repeat',
        "P1 play Honest Broker $2", 'P1 trigger d1 "when a friendly unit is played"', "P1 pass", "P2 pass")
    broker = t.find("P1", "Honest Broker")
    t.do(f"resolve {t.state['chain'][-1]['id']}: buff {broker}")
    assert [entry["id"] for entry in t.state["delayed"]] == ["d1"]  # still there for the next unit
    assert t.state["objects"][broker]["buff"] == 1


def test_a_malformed_delayed_op_is_refused():
    t = table(f"{P1_RUNES} hand:Rally the Troops").do("P1 play Rally the Troops $2", "P1 pass", "P2 pass")
    for effect, message in (({"op": "delayed", "label": " "}, "names the delayed ability"),
                            ({"op": "delayed", "label": "x", "until": "permanent"}, "can only be 'turn'")):
        with pytest.raises(engine.MalformedEvent, match=message):
            engine.apply(t.state, {"type": "resolve", "item": "c1", "effects": [effect]}, t.catalog)


# -- copies --------------------------------------------------------------------------------------------------------
def test_mirror_image_makes_a_reflection_a_copy_of_a_unit_v1_3_472_1_b():
    t = table("runedeck:4 runes:4 Mind Rune;4 Order Rune hand:Mirror Image", f"{P2_RUNES} base:Minotaur Reckoner")
    t.do("P1 play Mirror Image -> Minotaur Reckoner $3 / Mind Rune; Order Rune", "P1 pass", "P2 pass")
    reflection = next_object(t)
    t.do(f"resolve Mirror Image: token P1 Reflection @base +ready | copy {reflection} -> Minotaur Reckoner | "
         f"grant {reflection} +Temporary")
    copy = t.state["objects"][reflection]
    assert copy["card"] == "Minotaur Reckoner" and copy["might"] == 5 and copy["token"] is True
    assert copy["controller"] == "P1" and "Temporary" in copy["keywords"] and copy["exhausted"] is False


def test_a_copy_of_a_copy_copies_what_it_copied_v1_3_472_1_b_3():
    t = table(f"{P1_RUNES} hand:Mirror Image base:Honest Broker;Honest Broker", f"{P2_RUNES} base:Minotaur Reckoner")
    first, second = [o["id"] for o in t.state["objects"].values() if o["card"] == "Honest Broker"]
    minotaur = t.find("P2", "Minotaur Reckoner")
    t.do(f"P1 play Mirror Image -> {minotaur} $3 / Mind Rune; Order Rune", "P1 pass", "P2 pass",
         f"resolve Mirror Image: copy {first} -> {minotaur} | copy {second} -> {first}")
    assert t.state["objects"][second]["card"] == "Minotaur Reckoner" and t.state["objects"][second]["might"] == 5


def test_a_copy_of_an_object_off_the_board_is_flagged_356_3_e_2():
    t = table(f"{P1_RUNES} hand:Mirror Image;Honest Broker", f"{P2_RUNES} base:Minotaur Reckoner", policy="audit")
    broker, minotaur = t.find("P1", "Honest Broker", "hand"), t.find("P2", "Minotaur Reckoner")
    t.do(f"P1 play Mirror Image -> {minotaur} $3 / Mind Rune; Order Rune", "P1 pass", "P2 pass",
         f"resolve Mirror Image: copy {broker} -> {minotaur}")
    assert t.state["objects"][broker]["card"] == "Honest Broker"
    assert [violation["rule"] for violation in t.state["violations"]] == ["356.3.e.2"]


def test_a_copy_ends_as_the_object_leaves_the_board_356_3_e_4():
    t = table(f"{P1_RUNES} hand:Mirror Image base:Honest Broker", f"{P2_RUNES} base:Minotaur Reckoner")
    broker, minotaur = t.find("P1", "Honest Broker"), t.find("P2", "Minotaur Reckoner")
    t.do(f"P1 play Mirror Image -> {minotaur} $3 / Mind Rune; Order Rune", "P1 pass", "P2 pass",
         f"resolve Mirror Image: copy {broker} -> {minotaur} | kill {broker}")
    assert t.state["objects"][broker]["card"] == "Honest Broker" and t.state["objects"][broker]["zone"] == "trash"


# -- winning by a card ---------------------------------------------------------------------------------------------
def test_gutter_palace_wins_the_game_when_its_condition_holds():
    t = table(f"{P1_RUNES} gear:Gutter Palace", player="P2", turn=4).do(
        "P2 end turn", 'P1 trigger Gutter Palace "at the start of your beginning phase"', "P1 pass", "P2 pass",
        "resolve Gutter Palace: win P1")
    assert t.state["winner"] == "P1" and t.state["phase"] == "over"


# -- battlefield tokens --------------------------------------------------------------------------------------------
def test_baron_nashor_adds_the_baron_pit_and_enters_there_v1_3_184_9():
    t = table("runedeck:12 pool:10;Chaos 3 hand:Baron Nashor", first=MISS_FORTUNE, p1_bf="Rockfall Path").do(
        'P1 play Baron Nashor +add_battlefield="Baron Pit"')
    baron_pit = t.state["battlefields"][-1]
    assert baron_pit["id"] == "bf3" and baron_pit["name"] == "Baron Pit" and baron_pit["token"] is True
    assert t.obj("P1", "Baron Nashor")["location"] == "bf3"


def test_a_second_baron_pit_is_not_added_002():
    t = table("runedeck:12 pool:20;Chaos 6 hand:Baron Nashor;Baron Nashor", first=MISS_FORTUNE,
              p1_bf="Rockfall Path").do('P1 play Baron Nashor +add_battlefield="Baron Pit"')
    t.refuses('P1 play Baron Nashor +add_battlefield="Baron Pit"', rule="002")


def test_units_move_to_the_baron_pit_from_a_battlefield_without_ganking_v1_3_184_9():
    t = table("runedeck:12 pool:10;Chaos 3 hand:Baron Nashor controls:bf1 bf1:Ruin Runner", first=MISS_FORTUNE,
              p1_bf="Rockfall Path").do('P1 play Baron Nashor +add_battlefield="Baron Pit"', "P1 pass", "P2 pass")
    assert t.state["battlefields"][2]["controller"] == "P1"  # a showdown there, then conquered
    t.refuses("P1 move Ruin Runner -> bf3", rule="140.4.c.1")
    t.do('static bf3 +rule="move_here" +affects={"who": "all"}', "P1 move Ruin Runner -> bf3")
    assert t.obj("P1", "Ruin Runner")["location"] == "bf3"


def test_green_father_replaces_a_battlefield_with_a_brush_token_v1_3_184_8():
    t = table("runedeck:6 runes:3 Calm Rune;3 Order Rune base:Honest Broker", first=IVERN,
              p1_bf="Altar to Unity").do("P1 move Honest Broker -> bf1", "P1 pass", "P2 pass",
                                         'P1 trigger Green Father "when you conquer"', "P1 pass", "P2 pass",
                                         "resolve Green Father: exhaust Green Father | battlefield Brush @bf1")
    brush = t.state["battlefields"][0]
    assert brush["name"] == "Brush" and brush["replaced"] == "Altar to Unity" and brush["token"] is True
    assert brush["controller"] == "P1" and t.obj("P1", "Honest Broker")["location"] == "bf1"  # the same location
    assert t.state["players"]["P1"]["legend"] and t.state["objects"][t.state["players"]["P1"]["legend"]]["exhausted"]


def test_the_notation_writes_the_new_ops_as_it_reads_them():
    t = table(f"{P1_RUNES} hand:Rally the Troops base:Honest Broker").do("P1 play Rally the Troops $2", "P1 pass",
                                                                         "P2 pass")
    line = ('resolve Rally the Troops: delayed "when it dies" about Honest Broker +until="turn" +repeat | win P1 | '
            'battlefield Brush @bf1 | copy Honest Broker -> Honest Broker')
    event = notation.parse_event(line, t.state)
    assert [effect["op"] for effect in event["effects"]] == ["delayed", "win", "battlefield", "copy"]
    assert notation.write_line(t.state, event) == line


def test_a_flow_an_effect_gave_is_played_for_the_cost_recorded():
    t = table(f"{P1_RUNES} trash:Deadly Flourish", f"{P2_RUNES} base:Undying Legion").do(
        'P1 play Deadly Flourish <trash -> Undying Legion +flow={"energy": 4} $4')
    assert t.state["chain"][-1]["flow"] is True


def test_a_malformed_flow_cost_is_refused():
    t = table(f"{P1_RUNES} trash:Deadly Flourish", f"{P2_RUNES} base:Undying Legion")
    with pytest.raises(notation.InvalidNotation, match="options.flow"):
        t.do('P1 play Deadly Flourish <trash -> Undying Legion +flow={"energy": -1} $4')
