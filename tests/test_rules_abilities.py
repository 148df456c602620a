"""Activated abilities (v1.3 376-406), attachment and Equip (v1.3 434-435, 716-719, 818-821), tokens of every kind
(v1.3 176-184) and the sources of triggered abilities, with real cards of the gallery (tests/gallery_duel.py).

JAX: turn 3, P1's action phase. Ana (P1, Jax: Grandmaster at Arms) has Jax, Unrelenting at base with Doran's Shield
beside him, Doran's Blade, Sterak's Gage and Veteran Poro in hand, and four ready runes (2 Calm, 2 Body). Ben (P2,
Shen: Eye of Twilight) has Affectionate Poro at base, Back Off in hand and four ready runes (2 Calm, 2 Order).
"""
from __future__ import annotations

from gallery_duel import GalleryTable, gallery_catalog, jax_vs_shen, pyke_vs_shen
from replays import notation

P1_JAX = ("P1 0 bf:Treasure Hoard champion:played deck:0 runedeck:0 hand:Doran's Blade;Sterak's Gage;Veteran Poro "
          "runes:2 Calm Rune;2 Body Rune base:Jax, Unrelenting gear:Doran's Shield")
P2_SHEN = "P2 0 bf:Altar to Unity deck:0 runedeck:0 hand:Back Off runes:2 Calm Rune;2 Order Rune base:Affectionate Poro"
JAX = f"turn 3 P1 action first P1 | {P1_JAX} | {P2_SHEN}"
# Ana plays Pyke instead (Bloodharbor Ripper: Fury/Chaos), with four ready runes (2 Fury, 2 Chaos).
P1_PYKE = ("turn 3 P1 action first P1 | P1 0 bf:Treasure Hoard champion:played deck:0 runedeck:0 "
           "runes:2 Fury Rune;2 Chaos Rune")


def jax(policy: str = "strict", line: str = JAX) -> GalleryTable:
    return GalleryTable.from_position(jax_vs_shen(policy), line)


# -- activating: a Legend's ability -------------------------------------------------------------------------------
def test_a_legends_ability_pays_its_cost_goes_on_the_chain_and_resolves_as_recorded_v1_3_377_3():
    table = jax().do("P1 activate Grandmaster at Arms [0] -> Doran's Shield; Jax, Unrelenting $1")
    [item] = table.state["chain"]
    legend = table.obj("P1", "Grandmaster at Arms", "legend")
    assert (item["kind"], item["card"], item["source"], item["controller"]) == \
        ("ability", "Grandmaster at Arms", legend["id"], "P1")
    assert legend["exhausted"]  # [T] (v1.3 414.5)
    assert table.state["state"] == "neutral_closed" and table.state["priority"] == "P1"  # v1.3 377.3.a.1
    table.do("P1 pass", "P2 pass",
             "resolve Grandmaster at Arms: attach Doran's Shield -> Jax, Unrelenting")
    jax_unit, shield = table.obj("P1", "Jax, Unrelenting"), table.obj("P1", "Doran's Shield")
    assert table.state["chain"] == [] and shield["attached_to"] == jax_unit["id"]
    assert jax_unit["might"] == 3 + 1 and "Tank" in jax_unit["keywords"]  # Might Bonus +1, Effect Text [Tank]


def test_an_ability_is_named_by_its_label_as_well_as_its_index():
    table = jax().do('P1 activate Grandmaster at Arms "attach-a-detached" -> Doran\'s Shield $1')
    assert table.state["chain"][0]["label"] == "attach-a-detached"


def test_an_ability_the_source_does_not_have_is_refused_v1_3_377_1():
    table = jax()
    table.refuses("P1 activate Grandmaster at Arms [7]", rule="v1.3 377.1")
    table.refuses('P1 activate Grandmaster at Arms "fly"', rule="v1.3 377.1")
    table.refuses("P1 activate Jax, Unrelenting [0]", rule="v1.3 377.1")  # Weaponmaster is a triggered ability


def test_an_ability_of_a_card_in_hand_is_refused_v1_3_380():
    table = jax(line=JAX.replace("gear:Doran's Shield", "").replace("hand:Doran's Blade;", "hand:Doran's Shield;"))
    table.refuses("P1 activate Doran's Shield@hand [0] -> Jax, Unrelenting $ / Calm Rune", rule="v1.3 380")


def test_only_the_controller_activates_an_ability_v1_3_378():
    jax().refuses("P1 activate Eye of Twilight [0] -> Jax, Unrelenting", rule="v1.3 378")


def test_an_exhausted_source_cannot_pay_its_exhaust_cost_v1_3_414_4():
    table = jax().do("P1 activate Grandmaster at Arms [0] -> Doran's Shield $1", "P1 pass", "P2 pass",
                     "resolve Grandmaster at Arms: attach Doran's Shield -> Jax, Unrelenting")
    table.refuses("P1 activate Grandmaster at Arms [1] -> Doran's Shield; Jax, Unrelenting", rule="v1.3 414.4")


def test_an_unpaid_cost_is_refused_and_in_audit_flagged_v1_3_404_1():
    table = jax()
    table.refuses("P1 activate Grandmaster at Arms [0] -> Doran's Shield", rule="v1.3 404.1")  # [1] unpaid
    audit = jax("audit")
    audit.flags("P1 activate Grandmaster at Arms [0] -> Doran's Shield", rule="v1.3 404.1")
    assert len(audit.state["chain"]) == 1  # applied as far as it can be


def test_the_cost_is_paid_from_the_pool_and_runes_tapped_for_it_v1_3_404_1():
    table = jax().do("P1 add 2")
    table.do("P1 activate Grandmaster at Arms [0] -> Doran's Shield")
    assert table.state["players"]["P1"]["pool"] == {"energy": 1, "power": {}}


# -- when: priority, focus, Action and Reaction -------------------------------------------------------------------
def test_an_ability_without_priority_is_refused_v1_3_312_1_a():
    table = jax().do("P1 activate Grandmaster at Arms [0] -> Doran's Shield $1")  # P1 keeps priority
    table.refuses("P2 activate Eye of Twilight [0] -> Affectionate Poro", rule="312.1.a")


def test_an_ability_without_a_timing_keyword_is_the_turn_players_in_a_neutral_open_state_v1_3_381():
    jax().refuses("P2 activate Eye of Twilight [0] -> Affectionate Poro", rule="310.1.a")


def test_an_ability_without_reaction_is_refused_in_a_closed_state_309_1_a():
    table = jax().do("P1 activate Grandmaster at Arms [0] -> Doran's Shield $1")
    refusal = table.refuses("P1 activate Doran's Shield [0] -> Jax, Unrelenting $ / Calm Rune", rule="309.1.a")
    assert "only abilities with Reaction may be activated in a closed state" in str(refusal)


def test_an_action_ability_is_activated_in_a_showdown_and_others_are_not_308_1_a():
    table = jax().do("P1 move Jax, Unrelenting -> bf1")  # an empty battlefield: a showdown, P1 has Focus
    assert table.state["state"] == "showdown_open" and table.state["focus"] == "P1"
    table.refuses("P1 activate Grandmaster at Arms [0] -> Doran's Shield $1", rule="308.1.a")
    table.do("P1 pass")  # Focus passes to P2 (344.4)
    table.do("P2 activate Eye of Twilight [0] -> Affectionate Poro")  # [Action] (v1.3 806.1.c.2)
    assert table.state["chain"][0]["card"] == "Eye of Twilight"
    assert table.state["showdown"]["passes"] == []  # acting starts the passes over (344.3.a)


# -- Gold: a gear token whose Add ability resolves at once ----------------------------------------------------------
def test_a_gold_gear_tokens_add_ability_resolves_at_once_without_the_chain_v1_3_400_2_429_2():
    table = jax(line=JAX.replace("gear:Doran's Shield", "gear:Doran's Shield;Gold"))
    gold = table.find("P1", "Gold")
    assert table.state["objects"][gold]["type"] == "Gear" and table.state["objects"][gold]["token"]  # v1.3 184.5
    table.do("P1 activate Gold [0]")
    assert table.state["chain"] == [] and table.state["priority"] == "P1"  # v1.3 429.2.a
    assert gold not in table.state["objects"]  # "Kill this": a token ceases to exist (177.1)
    assert table.state["players"]["P1"]["pool"] == {"energy": 0, "power": {"Universal": 1}}  # [A] (v1.3 135.2.e.5)
    table.do("P1 play Veteran Poro $2")  # the Power pays for nothing here, but stays until the pool empties


def test_gold_adds_power_of_the_domain_its_player_names_v1_3_429_5():
    table = jax(line=JAX.replace("gear:Doran's Shield", "gear:Doran's Shield;Gold"))
    table.do('P1 activate Gold "add-a" +domain="Calm"')
    assert table.state["players"]["P1"]["pool"]["power"] == {"Calm": 1}
    table.do("P1 activate Doran's Shield [0] -> Jax, Unrelenting")  # Equip [C] paid with that Calm Power
    assert table.state["players"]["P1"]["pool"]["power"] == {}


def test_gold_is_a_reaction_activated_while_a_chain_exists_by_the_player_with_priority_v1_3_813_1_c_2():
    table = jax(line=JAX.replace("base:Affectionate Poro", "base:Affectionate Poro gear:Gold"))
    table.do("P1 activate Grandmaster at Arms [0] -> Doran's Shield $1", "P1 pass")  # P2 has priority now
    table.do("P2 activate Gold [0]")
    assert len(table.state["chain"]) == 1 and table.state["priority"] == "P2"
    assert table.state["players"]["P2"]["pool"]["power"] == {"Universal": 1}


def test_an_exhausted_gold_cannot_be_used_v1_3_414_4():
    jax(line=JAX.replace("gear:Doran's Shield", "gear:Gold*")).refuses("P1 activate Gold [0]", rule="v1.3 414.4")


def test_a_legends_ability_plays_a_gold_gear_token_that_is_a_gear_not_a_unit_v1_3_184_5():
    line = P1_PYKE + " controls:bf1 bf1:Pyke, Dockside Butcher | " + P2_SHEN
    table = GalleryTable.from_position(pyke_vs_shen(), line)
    table.do("P1 activate Bloodharbor Ripper [0] -> Pyke, Dockside Butcher $1", "P1 pass", "P2 pass",
             "resolve Bloodharbor Ripper: return Pyke, Dockside Butcher -> hand | token P1 Gold +ready=false")
    gold = table.obj("P1", "Gold")
    assert (gold["type"], gold["token"], gold["exhausted"], gold["location"], gold["might"]) == \
        ("Gear", True, True, "base:P1", None)
    assert gold["id"] in table.state["players"]["P1"]["base"]


def test_a_gear_token_enters_at_its_controllers_base_356_2_d():
    line = P1_PYKE + " controls:bf1 bf1:Pyke, Dockside Butcher | " + P2_SHEN
    table = GalleryTable.from_position(pyke_vs_shen("audit"), line)
    table.do("P1 activate Bloodharbor Ripper [0] -> Pyke, Dockside Butcher $1", "P1 pass", "P2 pass")
    table.flags("resolve Bloodharbor Ripper: token P1 Gold @bf1", rule="356.2.d")


def test_a_token_of_a_kind_the_catalog_knows_has_its_type_v1_3_182_1_d():
    line = P1_PYKE + " controls:bf1 bf1:Pyke, Dockside Butcher | " + P2_SHEN
    table = GalleryTable.from_position(pyke_vs_shen("audit"), line)
    table.do("P1 activate Bloodharbor Ripper [0] -> Pyke, Dockside Butcher $1", "P1 pass", "P2 pass")
    table.flags('resolve Bloodharbor Ripper: token P1 Gold +type="unit"', rule="v1.3 182.1.d")
    assert table.obj("P1", "Gold")["type"] == "Gear"


# -- Equip and attachment ----------------------------------------------------------------------------------------
def test_equip_attaches_its_gear_to_a_unit_you_control_v1_3_818():
    table = jax().do("P1 activate Doran's Shield [0] -> Jax, Unrelenting $ / Calm Rune")
    [item] = table.state["chain"]
    assert (item["keyword"], item["targets"]) == ("Equip", [table.find("P1", "Jax, Unrelenting")])
    table.do("P1 pass", "P2 pass", "resolve Doran's Shield: attach Doran's Shield -> Jax, Unrelenting")
    assert table.obj("P1", "Jax, Unrelenting")["attached"] == [table.find("P1", "Doran's Shield")]


def test_an_equip_of_an_opponents_unit_is_refused_v1_3_818_1_c_2():
    refusal = jax().refuses("P1 activate Doran's Shield [0] -> Affectionate Poro $ / Calm Rune",
                            rule="v1.3 818.1.c.2")
    assert "Equip attaches to a unit you control" in str(refusal)


def test_equip_chooses_exactly_one_unit_v1_3_818_1_b_1():
    jax().refuses("P1 activate Doran's Shield [0] $ / Calm Rune", rule="v1.3 818.1.b.1")


def test_an_equip_resolving_onto_another_unit_than_it_chose_is_flagged_v1_3_818_1_b_1():
    table = jax("audit", JAX.replace("base:Jax, Unrelenting", "base:Jax, Unrelenting;Veteran Poro")
                .replace("hand:Doran's Blade;Sterak's Gage;Veteran Poro", "hand:Doran's Blade"))
    table.do("P1 activate Doran's Shield [0] -> Jax, Unrelenting $ / Calm Rune", "P1 pass", "P2 pass")
    table.flags("resolve Doran's Shield: attach Doran's Shield -> Veteran Poro", rule="v1.3 818.1.b.1")
    assert table.obj("P1", "Doran's Shield")["attached_to"] is None


def test_an_attached_gears_equip_is_inactive_v1_3_718_2_721_2():
    equipped = JAX.replace("base:Jax, Unrelenting gear:Doran's Shield", "base:Jax, Unrelenting+Doran's Shield")
    table = jax(line=equipped.replace("hand:Doran's Blade;Sterak's Gage;Veteran Poro", "hand:Doran's Blade")
                .replace("base:Jax, Unrelenting+", "base:Veteran Poro;Jax, Unrelenting+"))
    table.refuses("P1 activate Doran's Shield [0] -> Veteran Poro $ / Calm Rune", rule="v1.3 721.2")


def test_the_legend_attaches_an_attached_equipment_to_another_unit_v1_3_434_1_f():
    line = (JAX.replace("base:Jax, Unrelenting gear:Doran's Shield",
                        "base:Veteran Poro;Jax, Unrelenting+Doran's Shield")
            .replace("hand:Doran's Blade;Sterak's Gage;Veteran Poro", "hand:Doran's Blade"))
    table = jax(line=line).do("P1 activate Grandmaster at Arms [1] -> Doran's Shield; Veteran Poro", "P1 pass",
                              "P2 pass", "resolve Grandmaster at Arms: attach Doran's Shield -> Veteran Poro")
    jax_unit, poro = table.obj("P1", "Jax, Unrelenting"), table.obj("P1", "Veteran Poro")
    assert (jax_unit["attached"], jax_unit["might"]) == ([], 3)  # detached from Jax first (434.1.f)
    assert poro["attached"] == [table.find("P1", "Doran's Shield")] and poro["might"] == 2 + 1


def test_attached_gear_moves_with_its_unit_and_is_not_recalled_v1_3_719_3_a():
    line = JAX.replace("base:Jax, Unrelenting gear:Doran's Shield", "base:Jax, Unrelenting+Doran's Shield")
    table = jax(line=line).do("P1 move Jax, Unrelenting -> bf1")
    shield = table.obj("P1", "Doran's Shield")
    assert shield["location"] == "bf1" and shield["attached_to"] == table.find("P1", "Jax, Unrelenting")
    table.do("P1 pass", "P2 pass")  # the showdown ends, P1 conquers: a cleanup does not recall attached gear
    assert table.obj("P1", "Doran's Shield")["location"] == "bf1"


def test_gear_left_behind_by_a_dying_unit_detaches_there_and_is_recalled_by_the_cleanup_v1_3_719_5_435_4_a():
    line = (JAX.replace("base:Jax, Unrelenting gear:Doran's Shield", "controls:bf1 bf1:Jax, Unrelenting+Doran's Shield")
            .replace("base:Affectionate Poro", "base:Alpha Wildclaw"))
    # P2 attacks Jax (3 + 1) at Treasure Hoard with Alpha Wildclaw (7): Jax dies, his Shield stays at bf1.
    table = jax(line=line).do("P1 end turn", "P2 channel Calm Rune; Order Rune", "P2 draw Back Off",
                              "P2 move Alpha Wildclaw -> bf1", "P2 pass", "P1 pass",
                              "P2 assign Jax, Unrelenting 7", "P1 assign Alpha Wildclaw 4")
    shield = table.obj("P1", "Doran's Shield")
    assert table.state["objects"][table.find("P1", "Jax, Unrelenting", "trash")]["attached"] == []
    assert (shield["attached_to"], shield["location"]) == (None, "base:P1")


def test_a_unit_loses_what_its_gear_gave_when_the_gear_leaves_the_board_v1_3_435_1_e():
    line = JAX.replace("base:Jax, Unrelenting gear:Doran's Shield", "base:Jax, Unrelenting+Doran's Shield")
    table = jax(line=line).do("P1 activate Grandmaster at Arms [1] -> Doran's Shield; Jax, Unrelenting",
                              "P1 pass", "P2 pass", "resolve Grandmaster at Arms: kill Doran's Shield")
    jax_unit = table.obj("P1", "Jax, Unrelenting")
    assert (jax_unit["might"], jax_unit["attached"], "Tank" in jax_unit["keywords"]) == (3, [], False)


def test_a_detached_gear_at_a_battlefield_is_recalled_at_the_next_cleanup_v1_3_435_4_a():
    line = JAX.replace("base:Jax, Unrelenting gear:Doran's Shield",
                       "controls:bf1 bf1:Jax, Unrelenting+Doran's Shield")
    table = jax(line=line).do("P1 activate Grandmaster at Arms [1] -> Doran's Shield; Jax, Unrelenting",
                              "P1 pass", "P2 pass", "resolve Grandmaster at Arms: detach Doran's Shield")
    shield = table.obj("P1", "Doran's Shield")
    assert (shield["attached_to"], shield["location"]) == (None, "base:P1")
    assert table.obj("P1", "Jax, Unrelenting")["might"] == 3


def test_only_gear_is_attached_v1_3_434_1():
    table = jax("audit").do("P1 activate Grandmaster at Arms [0] -> Doran's Shield $1", "P1 pass", "P2 pass")
    table.flags("resolve Grandmaster at Arms: attach Affectionate Poro -> Jax, Unrelenting", rule="v1.3 434.1")


def test_quick_draw_gear_is_played_as_a_reaction_and_attached_by_its_trigger_v1_3_819():
    table = jax(line=JAX.replace("runes:2 Calm Rune;2 Body Rune", "runes:4 Calm Rune;3 Body Rune"))
    table.do("P1 activate Grandmaster at Arms [0] -> Doran's Shield $1")
    table.do("P1 play Sterak's Gage $3 / Calm Rune; Calm Rune")  # [Quick-Draw] has [Reaction] (819.1.b)
    table.do('P1 trigger Sterak\'s Gage "Quick-Draw"', "P1 pass", "P2 pass",
             "resolve Sterak's Gage: attach Sterak's Gage -> Jax, Unrelenting")
    assert table.obj("P1", "Jax, Unrelenting")["might"] == 3 + 3


def test_weaponmaster_attaches_an_equipment_for_its_equip_cost_reduced_by_a_v1_3_821():
    table = jax().do("P1 play Veteran Poro $2", 'P1 trigger Veteran Poro "Weaponmaster"', "P1 pass", "P2 pass")
    pool_before = dict(table.state["players"]["P1"]["pool"])
    table.do("resolve Veteran Poro: attach Doran's Shield -> Veteran Poro")  # Equip [C] less [A]: nothing to pay
    assert table.state["players"]["P1"]["pool"] == pool_before
    assert table.obj("P1", "Veteran Poro")["might"] == 2 + 1


def test_weaponmaster_attaches_only_to_its_own_unit_v1_3_821_1_c():
    table = jax("audit").do("P1 play Veteran Poro $2", 'P1 trigger Veteran Poro "Weaponmaster"', "P1 pass", "P2 pass")
    table.flags("resolve Veteran Poro: attach Doran's Shield -> Jax, Unrelenting", rule="v1.3 821.1.c")
    assert table.obj("P1", "Doran's Shield")["attached_to"] is None


# -- the other costs: recycle from the trash ---------------------------------------------------------------------
PYKE = P1_PYKE + " base:Pyke, Dockside Butcher gear:Last Rites trash:Last Rites;Pyke, Dockside Butcher | " + P2_SHEN


def test_a_recycle_cost_names_the_cards_it_recycles_from_the_trash_v1_3_416_3():
    table = GalleryTable.from_position(pyke_vs_shen(), PYKE)
    trash = table.state["players"]["P1"]["trash"]
    table.do({"type": "activate", "player": "P1", "source": table.find("P1", "Last Rites"), "ability": 0,
              "targets": [table.find("P1", "Pyke, Dockside Butcher")], "options": {"recycle": list(trash)},
              "pay": {"exhaust": [], "recycle": [table.state["players"]["P1"]["runes"][2]]}})
    entry = table.state["players"]["P1"]
    assert entry["trash"] == [] and entry["deck"]["Last Rites"] >= 1


def test_a_recycle_cost_not_paid_in_full_is_refused_v1_3_416_3():
    table = GalleryTable.from_position(pyke_vs_shen(), PYKE)
    trash = table.state["players"]["P1"]["trash"]
    table.refuses(f"P1 activate Last Rites@base [0] -> Pyke, Dockside Butcher@base +recycle=[\"{trash[0]}\"] "
                  f"$ / Chaos Rune", rule="v1.3 416.3")


def test_a_cost_paid_with_a_card_from_the_trash_names_it_v1_3_416_3():
    # Assembly Rig: "[1][R], Recycle a unit from your trash, [T]: Play a 3 [S] Mech unit token to your base."
    table = GalleryTable.from_position(pyke_vs_shen(), PYKE.replace("gear:Last Rites", "gear:Assembly Rig"))
    dead_pyke = table.find("P1", "Pyke, Dockside Butcher", "trash")
    table.refuses("P1 activate Assembly Rig [0] $1 / Fury Rune", rule="v1.3 416.3")
    table.do(f'P1 activate Assembly Rig [0] +recycle=["{dead_pyke}"] $1 / Fury Rune')
    assert dead_pyke not in table.state["objects"] and table.obj("P1", "Assembly Rig")["exhausted"]


def test_a_cost_that_exhausts_a_unit_you_control_names_it_v1_3_414_4():
    # Forgotten Signpost: "[Action][>] Exhaust a unit you control, [T]: Move a different unit you control ..."
    table = jax(line=JAX.replace("gear:Doran's Shield", "gear:Forgotten Signpost"))
    jax_unit = table.find("P1", "Jax, Unrelenting")
    table.refuses(f'P1 activate Forgotten Signpost [0] +exhaust=["{table.find("P2", "Affectionate Poro")}"]',
                  rule="v1.3 404.1")  # not a unit P1 controls
    table.do(f'P1 activate Forgotten Signpost [0] +exhaust=["{jax_unit}"]')
    assert table.state["objects"][jax_unit]["exhausted"]
    table.do("P1 pass", "P2 pass", "resolve Forgotten Signpost")
    table.refuses(f'P1 activate Forgotten Signpost [0] +exhaust=["{jax_unit}"]', rule="v1.3 414.4")


def test_spend_my_buff_spends_the_sources_own_buff_702_2_b_1():
    # Sett, Brawler: "Spend my buff: Give me +4 [S] this turn."
    table = jax(line=JAX.replace("base:Jax, Unrelenting", "base:Jax, Unrelenting;Sett, Brawler^"))
    index = next(index for index, ability in enumerate(table.catalog.card("Sett, Brawler")["abilities"])
                 if ability["kind"] == "activated")
    table.do(f"P1 activate Sett, Brawler [{index}]")
    assert table.obj("P1", "Sett, Brawler")["buff"] == 0
    table.do("P1 pass", "P2 pass", "resolve Sett, Brawler: might Sett, Brawler +4 until turn")
    table.refuses(f"P1 activate Sett, Brawler [{index}]", rule="702.2.b.1")


def test_empower_empowers_its_unit_and_is_used_only_if_not_empowered_v1_3_377_2_b():
    # Akali, Deadly Weapon: "[Empower] [2][R] ([2][R]: Empower me. Use only if not Empowered.)"
    table = GalleryTable.from_position(pyke_vs_shen(), PYKE.replace("base:Pyke, Dockside Butcher",
                                                                   "base:Pyke, Dockside Butcher;Akali, Deadly Weapon"))
    table.do('P1 activate Akali, Deadly Weapon "empower" $2 / Fury Rune', "P1 pass", "P2 pass",
             "resolve Akali, Deadly Weapon: empower Akali, Deadly Weapon")
    assert table.obj("P1", "Akali, Deadly Weapon")["empowered"]
    table.refuses('P1 activate Akali, Deadly Weapon "empower" $ / Fury Rune', rule="v1.3 377.2.b")


# -- the sources of triggered abilities ----------------------------------------------------------------------------
def test_a_battlefields_conquer_ability_triggers_for_the_player_who_conquered_it_004_632_2_v1_3_187_6():
    table = jax().do("P1 move Jax, Unrelenting -> bf1", "P1 pass", "P2 pass")  # P1 conquers Treasure Hoard
    assert table.state["battlefields"][0]["controller"] == "P1"
    table.refuses('P2 trigger Treasure Hoard "conquer"', rule="v1.3 187.6")
    table.do('P1 trigger Treasure Hoard "conquer"')
    [item] = table.state["chain"]
    assert (item["source"], item["card"], item["controller"]) == ("bf1", "Treasure Hoard", "P1")
    # "you may pay [1] to play a Gold gear token exhausted": a cost within the instruction (v1.3 403.1.b.1)
    table.do("P1 pass", "P2 pass", "resolve Treasure Hoard: pay P1 energy 1 $1 | token P1 Gold +ready=false")
    assert table.obj("P1", "Gold")["type"] == "Gear"
    assert table.state["players"]["P1"]["pool"] == {"energy": 0, "power": {}}


def test_a_cost_within_an_instruction_that_cannot_be_paid_is_flagged_v1_3_403_1_b_1():
    table = jax("audit", JAX.replace("runes:2 Calm Rune;2 Body Rune", "runes:2 Calm Rune*;2 Body Rune*"))
    table.do("P1 move Jax, Unrelenting -> bf1", "P1 pass", "P2 pass", 'P1 trigger Treasure Hoard "conquer"',
             "P1 pass", "P2 pass")
    table.flags("resolve Treasure Hoard: pay P1 energy 1", rule="v1.3 403.1.b.1")


def test_an_uncontrolled_battlefields_ability_is_the_turn_players_v1_3_187_6_b():
    table = jax().do('P1 trigger bf2 "hold"')  # Altar to Unity: nobody controls it
    assert table.state["chain"][0]["controller"] == "P1"


def test_a_dying_tokens_deathknell_triggers_from_its_last_known_information_720_1_d_177_1():
    # Ben's Recruit token at Altar to Unity carries Sacred Shears ([Deathknell] - Draw 1 in its Effect Text).
    line = JAX.replace("P2 0 bf:Altar to Unity", "P2 0 bf:Altar to Unity controls:bf2 bf2:Recruit+Sacred Shears")
    table = jax(line=line)
    recruit = table.find("P2", "Recruit")
    assert table.state["objects"][recruit]["might"] == 1 + 1 and "Deathknell" in table.state["objects"][recruit][
        "keywords"]
    table.do("P1 move Jax, Unrelenting -> bf2", "P1 pass", "P2 pass", "P1 assign Recruit 3",
             "P2 assign Jax, Unrelenting 2")
    assert recruit not in table.state["objects"]  # the token ceased to exist (177.1)
    table.do(f'P2 trigger {recruit} "Deathknell"')
    assert table.state["chain"][-1]["source"] == recruit and table.state["chain"][-1]["card"] == "Recruit"
    shears = table.obj("P2", "Sacred Shears")
    assert (shears["attached_to"], shears["location"]) == (None, "base:P2")  # detached, then recalled


def test_a_trigger_from_an_object_that_never_was_is_unknown_583():
    jax().refuses('P1 trigger o999 "when"', rule="583")


def test_an_attached_gears_effect_text_keyword_counts_its_value_v1_3_718_3_719_1_c():
    # Pyke (2) carries Serrated Dirk ([Assault 2] in its Effect Text, Might Bonus +0) into an attack.
    line = PYKE.replace("base:Pyke, Dockside Butcher gear:Last Rites", "base:Pyke, Dockside Butcher+Serrated Dirk")
    line = line.replace("P2 0 bf:Altar to Unity", "P2 0 bf:Altar to Unity controls:bf2 bf2:Apprentice Smith")
    table = GalleryTable.from_position(pyke_vs_shen(), line.replace("gear:Last Rites ", ""))
    table.do("P1 move Pyke, Dockside Butcher@base -> bf2")
    pyke = table.obj("P1", "Pyke, Dockside Butcher")
    assert pyke["attacker"] and pyke["might"] == 2 + 0 + 2


# -- the notation ------------------------------------------------------------------------------------------------
def test_activate_attach_and_gold_round_trip_through_the_notation():
    """Export then import gives the same match: activate with options, an Equip, attach and detach, a Gold token."""
    table = jax(line=JAX.replace("gear:Doran's Shield", "gear:Doran's Shield;Gold"))
    table.do('P1 activate Gold "add-a" +domain="Calm"', "P1 activate Doran's Shield [0] -> Jax, Unrelenting",
             "P1 pass", "P2 pass", "resolve Doran's Shield: attach Doran's Shield -> Jax, Unrelenting",
             "P1 activate Grandmaster at Arms [1] -> Doran's Shield; Jax, Unrelenting", "P1 pass", "P2 pass",
             "resolve Grandmaster at Arms: detach Doran's Shield | attach Doran's Shield -> Jax, Unrelenting")
    text = notation.write_match(table.events, gallery_catalog())
    assert 'P1 activate Gold "add-a" +domain="Calm"' in text
    assert "resolve Grandmaster at Arms: detach Doran's Shield | attach Doran's Shield -> Jax, Unrelenting" in text
    assert notation.parse_match(text, gallery_catalog()) == table.events


def test_a_position_describes_attached_gear_and_gear_tokens():
    line = JAX.replace("base:Jax, Unrelenting gear:Doran's Shield", "base:Jax, Unrelenting*+Doran's Shield gear:Gold*")
    table = jax(line=line)
    described = notation.position_of(table.state)
    [jax_unit] = described["players"]["P1"]["units"]
    assert jax_unit["attached"] == [{"card": "Doran's Shield", "exhausted": False}]
    assert described["players"]["P1"]["gear"] == [{"card": "Gold", "exhausted": True}]
    written = notation.write_position(described)
    assert "base:Jax, Unrelenting*+Doran's Shield" in written and "gear:Gold*" in written
    again = GalleryTable(jax_vs_shen()).do(described)
    assert notation.position_of(again.state) == described
