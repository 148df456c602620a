"""Replacement and prevention effects (Core Rules v1.3 367-375, 437, 808.1.d), recorded from real gallery cards:
Tactical Retreat and Highlander ("recall it instead"), Zhonya's Hourglass (a replacement of a card on the board,
applied with a `replace` event), Ki Barrier ("prevent the next 7 damage")."""
from __future__ import annotations

import pytest

from gallery_table import GALLERY

if not GALLERY.exists():
    pytest.skip(f"the card gallery export {GALLERY} is absent (../shared is not checked out)", allow_module_level=True)

import engine  # noqa: E402
from engine.combat import lethal_first  # noqa: E402
from engine.views import as_sent  # noqa: E402
from later_sets_positions import GALLERY_ARENA, GALLERY_P2_TURN  # noqa: E402
from later_sets_table import LaterSetsTable  # noqa: E402

LEBLANC, YI = "LeBlanc, Fragmented", "Master Yi, Tempered"
RETREAT = (f"resolve Tactical Retreat: replace kill {LEBLANC} -> heal {LEBLANC} & exhaust {LEBLANC} & "
           f"recall {LEBLANC}")


def attacked(policy: str = "strict", units: str = YI) -> LaterSetsTable:
    """P1 moved `units` to Back-Alley Bar (bf2), which P2 holds with LeBlanc, Fragmented, and passed Focus: P2 has
    it in the combat's showdown."""
    return LaterSetsTable.from_position(GALLERY_ARENA, policy).do(f"P1 move {units} -> bf2", "P1 pass")


def retreated(policy: str = "strict") -> LaterSetsTable:
    """P2 answered with Tactical Retreat on LeBlanc, which resolved; both passed Focus: the damage step."""
    return attacked(policy).do(f"P2 play Tactical Retreat -> {LEBLANC} $2", "P2 pass", "P1 pass", RETREAT,
                               "P1 pass", "P2 pass")


def test_a_death_replaced_by_a_recall_does_not_happen_v1_3_369_370_1_a():
    table = retreated().do(f"P1 assign {LEBLANC} 4", f"P2 assign {YI} 3")
    leblanc = table.obj("P2", LEBLANC)
    assert (leblanc["zone"], leblanc["location"], leblanc["exhausted"], leblanc["damage"]) == \
        ("board", "base:P2", True, 0)
    assert table.state["died"] == {} and table.state["replacements"] == []  # used once (370.2)
    assert table.state["battlefields"][1]["controller"] == "P1"  # the attacker alone: a Conquer (627.3)


def test_a_replaced_death_triggers_no_deathknell_v1_3_808_1_d_1():
    table = retreated().do(f"P1 assign {LEBLANC} 4", f"P2 assign {YI} 3")
    refusal = table.refuses(f'P2 trigger {LEBLANC} "Deathknell"', rule="v1.3 808.1.d.1")
    assert "its Deathknell does not trigger" in str(refusal)


def test_a_death_not_replaced_triggers_deathknell_v1_3_808_1_c():
    table = attacked().do("P2 pass", f"P1 assign {LEBLANC} 4", f"P2 assign {YI} 3")
    leblanc = table.find("P2", LEBLANC, "trash")
    assert table.state["died"][leblanc] == {"card": LEBLANC, "controller": "P2", "location": "bf2"}
    table.do(f'P2 trigger {LEBLANC} "Deathknell"')
    assert table.state["chain"][-1]["source"] == leblanc


def test_a_death_replacement_waits_for_the_next_death_and_expires_with_the_turn_v1_3_390_3_517_2_b():
    table = attacked().do(f"P2 play Tactical Retreat -> {LEBLANC} $2", "P2 pass", "P1 pass", RETREAT)
    [waiting] = table.state["replacements"]
    assert (waiting["event"], waiting["target"], waiting["until"], waiting["controller"]) == \
        ("kill", table.find("P2", LEBLANC), "turn", "P2")
    table.do("P1 pass", "P2 pass", f"P1 assign {LEBLANC} 4", f"P2 assign {YI} 3", "P1 end turn")
    assert table.state["replacements"] == []


def test_a_kill_instruction_is_replaced_too_v1_3_428_1_a_1():
    table = attacked().do(f"P2 play Tactical Retreat -> {LEBLANC} $2", "P2 pass", "P1 pass",
                          f"{RETREAT} | kill {LEBLANC}")
    assert table.obj("P2", LEBLANC)["location"] == "base:P2"


def test_a_replacement_applies_once_v1_3_370_2():
    table = attacked().do(f"P2 play Tactical Retreat -> {LEBLANC} $2", "P2 pass", "P1 pass",
                          f"{RETREAT} | kill {LEBLANC} | kill {LEBLANC}")
    assert table.find("P2", LEBLANC, "trash") in table.state["died"]


def test_zhonyas_hourglass_is_applied_by_its_controller_with_a_replace_event_v1_3_371_1_374():
    table = attacked(units="Crowd Favorite").do("P2 pass")  # the damage step: 3 against 3
    table.do("P1 replace kill Crowd Favorite < Zhonya's Hourglass -> kill Zhonya's Hourglass & "
             "recall Crowd Favorite & exhaust Crowd Favorite")
    table.do(f"P1 assign {LEBLANC} 3", "P2 assign Crowd Favorite 3")
    favorite = table.obj("P1", "Crowd Favorite")
    assert (favorite["location"], favorite["exhausted"]) == ("base:P1", True)
    assert table.obj("P1", "Zhonya's Hourglass", "trash")["zone"] == "trash"
    assert table.find("P2", LEBLANC, "trash") in table.state["died"]


def test_only_the_controller_of_a_replacements_source_applies_it_v1_3_374():
    table = attacked(units="Crowd Favorite").do("P2 pass")
    table.refuses("P2 replace kill Crowd Favorite < Zhonya's Hourglass -> recall Crowd Favorite", rule="v1.3 374")


def test_only_a_permanent_on_the_board_has_a_death_to_replace_v1_3_428_2_a():
    table = LaterSetsTable.from_position(GALLERY_ARENA)
    table.refuses({"type": "replace", "player": "P1", "event": {"op": "kill", "target": table.find("P1", "Highlander",
                                                                                                   "hand")},
                   "with": []}, rule="v1.3 428.2.a")


def test_a_replacement_of_another_event_is_malformed():
    table = LaterSetsTable.from_position(GALLERY_ARENA)
    yi = table.find("P1", YI)
    for replaced in ({"op": "stun", "target": yi}, {"op": "kill"}, {"op": "kill", "target": yi, "amount": 1}):
        with pytest.raises(engine.MalformedEvent, match="names the replaced event"):
            engine.apply(table.state, {"type": "replace", "player": "P1", "event": replaced, "with": []},
                         table.catalog)
    with pytest.raises(engine.MalformedEvent, match="'with' op 1"):
        engine.apply(table.state, {"type": "replace", "player": "P1", "event": {"op": "kill", "target": yi},
                                   "with": [{"op": "recall"}]}, table.catalog)


def test_highlander_recalls_its_unit_exhausted_instead_of_letting_it_die_in_combat():
    # P1's Crowd Favorite (3) attacks LeBlanc (3) and P1 plays Highlander on it in the showdown ("the next time it
    # dies this turn, recall it exhausted instead").
    table = LaterSetsTable.from_position(GALLERY_ARENA).do(
        "P1 move Crowd Favorite -> bf2", "P1 play Highlander -> Crowd Favorite $4", "P1 pass", "P2 pass",
        "resolve Highlander: replace kill Crowd Favorite -> recall Crowd Favorite & exhaust Crowd Favorite",
        "P2 pass", "P1 pass", f"P1 assign {LEBLANC} 3", "P2 assign Crowd Favorite 3")
    favorite = table.obj("P1", "Crowd Favorite")
    assert (favorite["location"], favorite["exhausted"]) == ("base:P1", True)


# -- prevention (v1.3 437) ----------------------------------------------------------------------------------------
def barrier(policy: str = "strict") -> LaterSetsTable:
    """P1 attacks with Master Yi and Crowd Favorite (7); P2 answered with Ki Barrier on LeBlanc ("prevent the next 7
    damage that would be dealt to it this turn"); both passed Focus: the damage step."""
    return attacked(policy, f"{YI}; Crowd Favorite").do(
        f"P2 play Ki Barrier -> {LEBLANC} $2 / Order Rune", "P2 pass", "P1 pass",
        f"resolve Ki Barrier: prevent {LEBLANC} 7 until turn", "P1 pass", "P2 pass")


def test_prevented_damage_counts_towards_lethal_in_combat_v1_3_437_5_a():
    table = barrier()
    assert lethal_first(table.state, "P1") == {table.find("P2", LEBLANC): 7}  # 3 Might + 7 prevented > 7 to assign


def test_prevented_damage_is_not_dealt_and_the_prevent_value_goes_down_v1_3_437_2_437_3():
    table = barrier().do(f"P1 assign {LEBLANC} 7", f"P2 assign {YI} 3")
    leblanc = table.obj("P2", LEBLANC)
    assert leblanc["zone"] == "board" and leblanc["location"] == "bf2"  # it survives, so P1's units are recalled
    assert table.state["replacements"] == []  # 7 prevented: the Prevent Value is 0 and the effect expires (437.3.a)


def test_a_prevent_value_left_over_prevents_a_spells_damage_later_v1_3_437_3_b():
    table = attacked().do(f"P2 play Ki Barrier -> {LEBLANC} $2 / Order Rune", "P2 pass", "P1 pass",
                          f"resolve Ki Barrier: prevent {LEBLANC} 7 | damage {LEBLANC} 4")
    assert table.obj("P2", LEBLANC)["damage"] == 0
    assert [entry["amount"] for entry in table.state["replacements"]] == [3]


def test_a_prevent_value_is_at_least_one_v1_3_437_1_b_1():
    table = attacked().do(f"P2 play Ki Barrier -> {LEBLANC} $2 / Order Rune", "P2 pass", "P1 pass")
    table.refuses(f"resolve Ki Barrier: prevent {LEBLANC} 0", rule="v1.3 437.1.b.1")


def test_all_damage_prevented_leaves_a_unit_out_of_the_assignment_order_v1_3_437_5_b_460_2_c_9():
    table = attacked(units=f"{YI}; Crowd Favorite").do(
        f"P2 play Ki Barrier -> {LEBLANC} $2 / Order Rune", "P2 pass", "P1 pass",
        f"resolve Ki Barrier: prevent {LEBLANC} all", "P1 pass", "P2 pass")
    table.do(f"P1 assign {LEBLANC} 7")
    assert table.obj("P2", LEBLANC)["damage"] == 0


# -- the notation: export then import gives the same match ----------------------------------------------------------
def test_a_match_with_replacements_prevention_xp_and_an_additional_turn_exports_and_imports(log):
    from replays import notation

    catalog = LaterSetsTable.catalog
    lines = [f"position {GALLERY_ARENA}", "P1 move Master Yi, Tempered; Crowd Favorite -> bf2", "P1 pass",
             f"P2 play Ki Barrier -> {LEBLANC} $2 / Order Rune", "P2 pass", "P1 pass",
             f"resolve Ki Barrier: prevent {LEBLANC} 2", "P1 pass",
             f"P2 play Tactical Retreat -> {LEBLANC} $2", "P2 pass", "P1 pass", RETREAT, "P1 pass", "P2 pass",
             "P1 replace kill Crowd Favorite < Zhonya's Hourglass until permanent -> kill Zhonya's Hourglass & "
             "recall Crowd Favorite & exhaust Crowd Favorite",
             f"P1 assign {LEBLANC} 7", f"P2 assign Crowd Favorite 3", f'P1 trigger {YI} "Hunt"', "P1 pass", "P2 pass",
             f"resolve {YI}: xp P1 2 | turn P1", "P1 end turn", "P1 pass"]
    events = [LaterSetsTable.match_created("strict", "duel")]
    state = engine.apply(None, events[0], catalog)
    for line in lines:
        read = notation.parse_events(line, state, catalog)
        events += read
        state = engine.fold(read, catalog, state)
    assert (state["turn"], state["turn_player"], state["players"]["P1"]["xp"]) == (6, "P1", 2)
    assert state["objects"][state["players"]["P2"]["base"][-1]]["card"] == LEBLANC  # retreated
    text = notation.write_match(events, catalog)
    assert "P1 replace kill Crowd Favorite < Zhonya's Hourglass until permanent -> kill" in text
    assert notation.parse_match(text, catalog) == events
    log.import_catalog(catalog)
    match_id, _ = notation.import_match(log, text)
    assert [as_sent(entry["event"]) for entry in log.events(match_id)] == events
    assert notation.export_match(log, match_id) == text


# -- "The next time that unit would be dealt damage this turn, prevent it" (Counter Strike) -----------------------
def test_counter_strike_prevents_only_the_next_damage_v1_3_437_1_b_2():
    from gallery_duel import GalleryTable as DuelTable
    from gallery_duel import deck

    jax = deck("Grandmaster at Arms", "Jax, Unrelenting", ["Counter Strike"],
               ["Treasure Hoard", "Zaun Warrens", "Grove of the God-Willow"], "Ana")
    shen = deck("Eye of Twilight", "Shen, Kinkou", [], ["Altar to Unity", "Back-Alley Bar", "Trifarian War Camp"],
                "Ben")
    created = {"type": "match_created", "abilities": "declared",
               "rules": "v1.3", "mode": "duel", "players": [jax, shen], "catalog": "gallery",
               "policy": "strict"}
    line = ("turn 3 P1 action first P1 | P1 0 bf:Treasure Hoard champion:played deck:0 runedeck:0 "
            "hand:Counter Strike runes:2 Calm Rune;2 Body Rune base:Jax, Unrelenting | "
            "P2 0 bf:Altar to Unity deck:0 runedeck:0 runes:2 Calm Rune;2 Order Rune")
    table = DuelTable.from_position(created, line).do("P1 play Counter Strike -> Jax, Unrelenting $2 / Body Rune",
                                                      "P1 pass", "P2 pass")
    table.do("resolve Counter Strike: prevent Jax, Unrelenting next | damage Jax, Unrelenting 3 | "
             "damage Jax, Unrelenting 1")
    assert table.obj("P1", "Jax, Unrelenting")["damage"] == 1  # the first damage prevented, not the second
    assert table.state["replacements"] == []


def test_a_prevention_of_the_next_damage_takes_no_amount():
    table = attacked().do(f"P2 play Ki Barrier -> {LEBLANC} $2 / Order Rune", "P2 pass", "P1 pass")
    item, leblanc = table.state["chain"][-1]["id"], table.find("P2", LEBLANC)
    with pytest.raises(engine.MalformedEvent, match="takes no 'amount'"):
        engine.apply(table.state, {"type": "resolve", "item": item, "effects": [
            {"op": "prevent", "target": leblanc, "amount": 2, "next": True}]}, table.catalog)


# -- "Prevent all spell and ability damage this turn" (Unyielding Spirit) -----------------------------------------
STRIKE = (GALLERY_P2_TURN.replace("deck:33 runedeck:6 hand:Highlander;Wuju Apprentice",
                                  "deck:32 runedeck:6 hand:Highlander;Wuju Apprentice;Unyielding Spirit")
          .replace("deck:32 runedeck:6 hand:Tactical Retreat;Ki Barrier;Chakram Dancer;Time Warp;Bubble Bot",
                   "deck:31 runedeck:6 hand:Tactical Retreat;Ki Barrier;Chakram Dancer;Time Warp;Bubble Bot;"
                   "Crescent Strike"))


def spirited() -> LaterSetsTable:
    """P2 plays Crescent Strike on Clockwork Keeper at Altar to Unity; P1 answers with Unyielding Spirit, which
    resolves first."""
    return LaterSetsTable.from_position(STRIKE).do(
        "P2 play Crescent Strike -> bf1; Clockwork Keeper $3 / Mind Rune", "P2 pass",
        "P1 play Unyielding Spirit $1 / Body Rune", "P1 pass", "P2 pass",
        "resolve Unyielding Spirit: prevent all spells")


def test_spell_damage_to_every_unit_is_prevented_this_turn_v1_3_437():
    table = spirited().do("P2 pass", "P1 pass", "resolve Crescent Strike: damage Clockwork Keeper 4")
    assert table.obj("P1", "Clockwork Keeper")["damage"] == 0
    assert [entry["target"] for entry in table.state["replacements"]] == [None]  # it lasts the turn


def test_a_prevention_of_spell_damage_leaves_combat_damage_v1_3_417_3_a():
    table = spirited().do("P2 pass", "P1 pass", "resolve Crescent Strike: damage Clockwork Keeper 4",
                          "P2 move Gustwalker -> bf1", "P2 pass", "P1 pass")
    assert lethal_first(table.state, "P2") == {table.find("P1", "Clockwork Keeper"): 2,
                                                table.find("P1", "Enthusiastic Promoter"): 1}
    table.do("P2 assign Clockwork Keeper 2; Enthusiastic Promoter 1", "P1 assign Gustwalker 4")
    assert table.obj("P1", "Clockwork Keeper", "trash")["zone"] == "trash"  # combat damage is dealt


def test_a_prevention_of_every_unit_takes_no_amount():
    table = LaterSetsTable.from_position(STRIKE).do(
        "P2 play Crescent Strike -> bf1; Clockwork Keeper $3 / Mind Rune", "P2 pass", "P1 pass")
    item = table.state["chain"][-1]["id"]
    with pytest.raises(engine.MalformedEvent, match="takes no 'amount'"):
        engine.apply(table.state, {"type": "resolve", "item": item, "effects": [{"op": "prevent", "amount": 2}]},
                     table.catalog)
    with pytest.raises(engine.MalformedEvent, match="'only' can be 'spells'"):
        engine.apply(table.state, {"type": "resolve", "item": item, "effects": [{"op": "prevent", "only": "combat"}]},
                     table.catalog)


# -- a battlefield's replacement with a cost (Altar of Blood) -----------------------------------------------------
ALTAR_SAVES = ("P1 replace kill Clockwork Keeper < bf1 -> pay P1 any 3 $ / Calm Rune; Calm Rune; Body Rune & "
               "heal Clockwork Keeper & exhaust Clockwork Keeper & recall Clockwork Keeper")


def altar_attacked(abilities: str | None = None) -> LaterSetsTable:
    """P1 holds Altar of Blood (bf1); P2's Gustwalker attacks it."""
    line = GALLERY_P2_TURN.replace("P1 0 bf:Altar to Unity", "P1 0 bf:Altar of Blood")
    return LaterSetsTable.from_position(line, abilities=abilities).do("P2 move Gustwalker -> bf1", "P2 pass",
                                                                      "P1 pass")


def test_altar_of_blood_recalls_a_unit_that_would_die_in_combat_for_its_cost_v1_3_169_8_403_1_b_1():
    # "If a unit here would die during combat, its controller may pay [A][A][A] to heal it, exhaust it, and recall
    # it instead." P1 holds Altar of Blood (bf1); P2's Gustwalker attacks it.
    table = altar_attacked()
    table.do(ALTAR_SAVES)
    table.do("P2 assign Clockwork Keeper 2; Enthusiastic Promoter 1", "P1 assign Gustwalker 4")
    keeper = table.obj("P1", "Clockwork Keeper")
    assert (keeper["location"], keeper["exhausted"], keeper["damage"]) == ("base:P1", True, 0)
    assert len(table.state["players"]["P1"]["runes"]) == 3  # three recycled for [A][A][A]
    assert table.find("P2", "Gustwalker", "trash") in table.state["died"]


def test_a_checked_match_holds_altar_of_blood_to_its_text_v1_3_370_1():
    """Issue 26: in a checked match Altar of Blood's replacement, recorded, must pay [A][A][A] and heal, exhaust and
    recall the unit, applied by its controller ("its controller may pay"); without the payment it is refused
    quoting the card."""
    altar_attacked("checked").do(ALTAR_SAVES)
    unpaid = ("P1 replace kill Clockwork Keeper < bf1 -> heal Clockwork Keeper & exhaust Clockwork Keeper & "
              "recall Clockwork Keeper")
    refusal = altar_attacked("checked").refuses(unpaid, rule="v1.3 370.1")
    assert "its controller may pay [A][A][A]" in str(refusal)


# -- a legend's replacement with costs (The Boss) ------------------------------------------------------------------
BOSS_SAVES = ("P1 replace kill Sett, Brawler < The Boss -> pay P1 any 1 $ / Body Rune & exhaust The Boss & "
              "spend_buff Sett, Brawler & recall Sett, Brawler & exhaust Sett, Brawler")


def boss_attacked(abilities: str = "declared", policy: str = "strict"):
    """Ana (The Boss) holds Treasure Hoard with a buffed Sett, Brawler; Ben's Commander Ledros (8) attacks it."""
    from gallery_duel import GalleryTable as DuelTable
    from gallery_duel import deck

    sett = deck("The Boss", "Sett, Brawler", [], ["Treasure Hoard", "Zaun Warrens", "Grove of the God-Willow"], "Ana")
    shen = deck("Eye of Twilight", "Shen, Kinkou", ["Commander Ledros"],
                ["Altar to Unity", "Back-Alley Bar", "Trifarian War Camp"], "Ben")
    created = {"type": "match_created", "abilities": abilities,
               "rules": "v1.3", "mode": "duel", "players": [sett, shen], "catalog": "gallery",
               "policy": policy}
    line = ("turn 6 P2 action first P1 | P1 0 bf:Treasure Hoard controls:bf1 champion:played deck:0 runedeck:0 "
            "runes:2 Body Rune;2 Order Rune bf1:Sett, Brawler^ | "
            "P2 0 bf:Altar to Unity deck:0 runedeck:0 runes:2 Calm Rune;2 Order Rune base:Commander Ledros")
    return DuelTable.from_position(created, line).do("P2 move Commander Ledros -> bf1", "P2 pass", "P1 pass")


def test_the_boss_spends_a_buff_and_recalls_the_unit_instead_of_its_death_v1_3_374_404_1():
    # "When a buffed unit you control would die, you may pay [A] and exhaust me to spend its buff and recall it
    # exhausted instead."
    table = boss_attacked()
    table.refuses("P2 replace kill Sett, Brawler < The Boss -> recall Sett, Brawler", rule="v1.3 374")
    table.do(BOSS_SAVES)
    table.do("P2 assign Sett, Brawler 8", "P1 assign Commander Ledros 5")
    sett_unit = table.obj("P1", "Sett, Brawler")
    assert (sett_unit["location"], sett_unit["exhausted"], sett_unit["buff"]) == ("base:P1", True, 0)
    assert table.obj("P1", "The Boss", "legend")["exhausted"]


def test_a_checked_match_holds_the_boss_to_its_text_v1_3_370_1():
    """Issue 26 (engine/cards/replacements.py `may_reading`): in a checked match The Boss's replacement, recorded,
    must pay [A], exhaust The Boss and spend the buff and recall the unit exhausted; recorded without the payment
    or without exhausting The Boss it is refused (strict, quoting the card) and flagged (audit)."""
    boss_attacked("checked").do(BOSS_SAVES)
    unpaid = BOSS_SAVES.replace("pay P1 any 1 $ / Body Rune & ", "")
    refusal = boss_attacked("checked").refuses(unpaid, rule="v1.3 370.1")
    assert "you may pay [A] and exhaust me" in str(refusal)
    boss_attacked("checked").refuses(BOSS_SAVES.replace("exhaust The Boss & ", ""), rule="v1.3 370.1")
    boss_attacked("checked", "audit").flags(unpaid, rule="v1.3 370.1")
