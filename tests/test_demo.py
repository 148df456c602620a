"""The sample matches that `riftlog demo` records (issue: chains of three, a refusal, a flagged action)."""
from __future__ import annotations

import engine
import replays


def test_each_short_sample_match_has_a_chain_of_three_that_resolves_newest_first(log, demo_ids):
    for match_id in demo_ids[:2]:
        cursor = replays.Cursor(log, match_id)
        longest = max(len(cursor.state(seq)["chain"]) for seq in range(1, cursor.head_seq + 1))
        assert longest == 3
        resolved = []
        for row in log.events(match_id):
            if row["event"]["type"] == "resolve":
                before = cursor.state(row["seq"] - 1)
                assert row["event"]["item"] == before["chain"][-1]["id"]  # the newest item (rule 336.1)
                resolved.append(row["event"]["item"])
        assert len(resolved) == 2 and resolved == sorted(resolved, key=lambda item: -int(item[1:]))


def test_the_strict_sample_records_its_refused_play_as_a_judges_note(log, demo_ids):
    notes = [row["event"]["text"] for row in log.events(demo_ids[0]) if row["event"]["type"] == "note"]
    assert len(notes) == 1 and notes[0].startswith("Refused: P2 tried to play Sunlit Guardian")
    assert "(rule 334.1.a)" in notes[0]
    assert log.state_at(demo_ids[0])["violations"] == []


def test_the_audit_sample_keeps_its_illegal_play_flagged(log, demo_ids):
    state = log.state_at(demo_ids[1])
    [violation] = state["violations"]
    assert violation["rule"] == "334.1.a"
    flagged = log.events(demo_ids[1])[violation["seq"] - 1]["event"]
    assert (flagged["type"], flagged["card"]) == ("play", "Rune Prison")
    assert state["winner"] == "P1"


def test_the_sample_matches_verify(log, demo_ids):
    for match_id in demo_ids:
        assert replays.verify(log, match_id)["ok"]


def test_the_full_game_is_played_to_its_winner_with_showdowns_combats_and_scoring(log, demo_ids):
    cursor = replays.Cursor(log, demo_ids[2])
    states = [cursor.state(seq) for seq in range(2, cursor.head_seq + 1)]
    assert states[-1]["winner"] == "P1" and states[-1]["scores"] == {"P1": 8, "P2": 7}
    showdowns = {state["showdown"]["battlefield"] for state in states if state["showdown"] and
                 not state["showdown"]["combat"]}
    combats = [state for state in states if state["combat"] and state["combat"]["step"] == "damage"]
    assert showdowns and len({(state["turn"], state["combat"]["battlefield"]) for state in combats}) >= 3
    assert any(entry["kind"] == "draw" and entry.get("rule") == "632.1.b.2"
               for state in states for entry in state["awaiting"])  # the Final Point rule
    kinds = [row["event"]["type"] for row in log.events(demo_ids[2])]
    assert {"move", "assign_damage"} <= set(kinds)


def test_the_full_game_records_the_damage_assignment_its_strict_log_refused(log, demo_ids):
    [note] = [row["event"]["text"] for row in log.events(demo_ids[2]) if row["event"]["type"] == "note"]
    assert note.startswith("Refused: P1 assign Stalwart Poro 5; Sunlit Guardian 3") and "(626.1.d.1)" in note
    assert log.state_at(demo_ids[2])["violations"] == []


def test_the_real_cards_game_is_read_from_a_text_list_and_a_deck_code():
    """Demo deck 3 is the Spiritforged text list as `riftlog deck` reads it; the game names Ben's deck by the Origins
    deck code of tests/data/decks (issue 13: decks as people share them)."""
    from pathlib import Path

    from engine.catalog import demo_catalog, demo_decks
    from replays import decklists
    from replays.demo import real_cards_text

    decks_dir = Path(__file__).parent / "data" / "decks"
    listed = decklists.read_deck((decks_dir / "spiritforged_sivir.txt").read_text(encoding="utf-8"), demo_catalog())
    assert {key: listed[key] for key in demo_decks()[2]} == demo_decks()[2]
    code = (decks_dir / "origins_kaisa.code").read_text(encoding="utf-8").strip()
    assert f'[P2DeckCode "{code}"]' in real_cards_text() and '[P1Deck "demo deck 3"]' in real_cards_text()
    coded = decklists.read_deck(code, demo_catalog())
    assert {coded["legend"], coded["champion"]} == {"Daughter of the Void", "Kai'Sa, Survivor"}


def test_the_real_cards_game_is_won_with_legend_abilities_equip_hidden_a_static_and_a_replaced_death(log, demo_ids):
    match_id = demo_ids[3]
    rows = [row["event"] for row in log.events(match_id)]
    state = log.state_at(match_id)
    assert state["winner"] == "P1" and state["scores"] == {"P1": 8, "P2": 4} and state["violations"] == []
    cursor = replays.Cursor(log, match_id)
    def source(seq: int, object_id: str) -> str:
        """The card of an ability's source in the state before its event (a battlefield by its name)."""
        before = cursor.state(seq - 1)
        names = {entry["id"]: entry["name"] for entry in before["battlefields"]}
        return names.get(object_id) or before["objects"][object_id]["card"]

    sources = [source(seq, row["source"]) for seq, row in enumerate(rows, 1) if row["type"] in ("activate", "trigger")]
    assert {"Daughter of the Void", "Battle Mistress"} <= set(sources)  # both Legends' abilities
    assert "Gold" in sources and "Treasure Hoard" in sources  # a Gold gear token's Add, a battlefield's conquer
    equips = [seq for seq, row in enumerate(rows, 1) if row["type"] == "resolve"
              and any(op["op"] == "attach" for op in row["effects"])]
    assert len(equips) == 2  # Weaponmaster, then Equip
    assert cursor.state(equips[-1])["objects"][cursor.state(equips[-1])["objects"]["o6"]["attached_to"]]["card"] \
        == "Sivir, Mercenary"
    hidden = [seq for seq, row in enumerate(rows, 1) if row["type"] == "hide"]
    assert len(hidden) == 1 and any(row["type"] == "play" and row.get("from") == "facedown" for row in rows)
    at_hide = cursor.state(hidden[0])
    [facedown] = [entry["facedown"] for entry in at_hide["battlefields"] if entry["facedown"]]
    assert at_hide["objects"][facedown]["card"] == "Windsinger"
    assert engine.view(at_hide, "spectator")["objects"][facedown]["card"] is None  # hidden from all but Ana
    assert engine.view(at_hide, "P2")["objects"][facedown]["card"] is None
    with_deflect = [seq for seq in range(2, len(rows) + 1)
                    if "Deflect" in cursor.state(seq)["objects"].get("o22", {}).get("keywords", ())]  # Veteran Poro
    assert with_deflect  # Petricite Monument: "Friendly units have [Deflect]" while it is on the board
    sea_monkey = next(object_id for object_id, obj in state["objects"].items() if obj["card"] == "Sea Monkey")
    assert state["objects"][sea_monkey]["zone"] == "banishment"  # Smite's replacement: banished, not killed
    assert sea_monkey not in state["players"]["P1"]["trash"]


def test_the_skirmish_game_has_an_invitation_into_a_combat_and_a_winner_646(log, demo_ids):
    match_id = demo_ids[4]
    state = log.state_at(match_id)
    assert (state["mode"], state["winner"], state["violations"]) == ("ffa3", "P3", [])
    assert state["scores"]["P3"] == 8
    cursor = replays.Cursor(log, match_id)
    rows = [row["event"] for row in log.events(match_id)]
    [invite] = [seq for seq, row in enumerate(rows, 1) if row["type"] == "invite"]
    accepted = cursor.state(invite + 1)
    assert accepted["combat"] is not None and rows[invite]["player"] == rows[invite - 1]["invitee"]
    assert rows[invite - 1]["invitee"] in accepted["relevant_players"]  # 531.2.a.3


def test_the_war_game_goes_on_after_a_player_concedes_651_2(log, demo_ids):
    match_id = demo_ids[5]
    state = log.state_at(match_id)
    assert (state["mode"], state["winner"], state["removed"], state["violations"]) == ("ffa4", "P1", ["P4"], [])
    rows = [row["event"] for row in log.events(match_id)]
    conceded = next(seq for seq, row in enumerate(rows, 1) if row["type"] == "concede")
    assert len(rows) > conceded + 20  # played on for several more turns
    after = replays.Cursor(log, match_id).state(conceded)
    assert after["turn_player"] == "P1" and after["battlefields"][2]["name"] == "Token Battlefield"  # 652.2


def test_the_magma_chamber_game_is_won_by_a_team_sharing_its_score_648_6(log, demo_ids):
    match_id = demo_ids[6]
    state = log.state_at(match_id)
    assert (state["mode"], state["winner"], state["match_winner"], state["violations"]) == ("2v2", "Blue", "Blue", [])
    assert state["scores"] == {"P1": 11, "P2": 11, "P3": 9, "P4": 9}
    assert state["turn_order"] == ["P1", "P3", "P2", "P4"]  # 648.5.b
    cursor = replays.Cursor(log, match_id)
    states = [cursor.state(seq) for seq in range(2, cursor.head_seq + 1)]
    assert any(state["disqualified"] for state in states)  # 648.8.b
    rows = [row["event"] for row in log.events(match_id)]
    [invite] = [row for row in rows if row["type"] == "invite"]
    assert (invite["player"], invite["invitee"]) == ("P1", "P2")  # a teammate, on Ana's turn (v1.3 316.2.b.1)


def test_the_v1_4_game_exercises_what_core_rules_v1_4_changed(log, demo_ids):
    """The v1.4 game (tests/data/golden_v14.rln), from Vendetta decks: each behaviour checked in the state after it.
    v1.4 758.1 (Void Seeker's damage to Vilemaw, untargetable by then, is refused and the resolve records the draw
    alone), 465.2.c.10 (Counter Strike: Legion Marauder stays in the order of assignment: lethal to the Poro first),
    827 (Empower), 440 (Burn 7), 443 (Skip: no draw in Ben's turn 14), 829 (Flow: Dredge Up from the trash, then
    banished)."""
    import pytest
    from engine.catalog import demo_catalog
    from replays import notation
    from recorder import Refused

    match_id = demo_ids[7]
    state = log.state_at(match_id)
    assert (state["rules"], state["policy"], state["violations"]) == ("v1.4", "strict", [])
    rows = [row["event"] for row in log.events(match_id)]
    cursor = replays.Cursor(log, match_id)

    def seq_of(predicate) -> int:
        return next(seq for seq, row in enumerate(rows, 1) if predicate(row))

    # 758.1: the resolve of Void Seeker that names the damage to Vilemaw is refused; the one recorded draws only.
    seeker = next(seq for seq, row in enumerate(rows, 1) if row["type"] == "resolve" and any(
        entry["id"] == row["item"] and entry["card"] == "Void Seeker" for entry in cursor.state(seq - 1)["chain"]))
    before = cursor.state(seeker - 1)
    [item] = [entry for entry in before["chain"] if entry["card"] == "Void Seeker"]
    vilemaw = next(oid for oid, obj in before["objects"].items() if obj["card"] == "Vilemaw")
    assert item["targets"] == [vilemaw]
    scratch = log.create_match(rows[0])[0]
    log.append(scratch, rows[1:seeker - 1])
    with pytest.raises(Refused) as refused:
        log.append(scratch, [notation.parse_event(f"resolve {item['id']}: damage Vilemaw 4 | draw P2 ?",
                                                  log.state_at(scratch), demo_catalog())])
    assert "v1.4 758.1" in [violation["rule"] for violation in refused.value.violations]
    assert cursor.state(seeker)["objects"][vilemaw]["damage"] == 0
    # 465.2.c.10: Ben's assignment gives the prevented Legion Marauder damage after lethal to Veteran Poro.
    assigned = seq_of(lambda row: row["type"] == "assign_damage" and row["player"] == "P2")
    at = cursor.state(assigned - 1)
    marauder = next(oid for oid, obj in at["objects"].items() if obj["card"] == "Legion Marauder")
    poro = next(oid for oid, obj in at["objects"].items() if obj["card"] == "Veteran Poro")
    assert rows[assigned - 1]["assignments"] == {poro: 3, marauder: 4}
    assert at["replacements"] and cursor.state(assigned)["objects"][marauder]["damage"] == 0
    assert cursor.state(assigned)["objects"][poro]["zone"] == "trash"
    # Empower (827): Legion Marauder is Empowered.
    assert state["objects"][marauder]["empowered"]
    # Burn (440): Endless Riches' trigger burns 7 into the trash.
    burned = seq_of(lambda row: row["type"] == "resolve" and any(op["op"] == "burn" for op in row["effects"]))
    assert cursor.state(burned)["players"]["P2"]["deck_count"] == cursor.state(burned - 1)["players"]["P2"][
        "deck_count"] - 7
    # Skip (443): Ben's turn 14 goes from its channel to its Main Phase, no draw.
    channel14 = max(seq for seq, row in enumerate(rows, 1) if row["type"] == "channel" and row["player"] == "P2")
    assert cursor.state(channel14)["phase"] == "action" and rows[channel14]["type"] != "draw"
    # Flow (829): Dredge Up played from the trash with its Flow cost, then banished.
    flowed = seq_of(lambda row: row["type"] == "play" and row.get("from") == "trash")
    dredge = rows[flowed - 1]["card"]
    dredge_id = next(oid for oid, obj in cursor.state(flowed - 1)["objects"].items()
                     if obj["card"] == "Dredge Up" and obj["zone"] == "trash")
    assert (dredge in ("Dredge Up", dredge_id)) and state["objects"][dredge_id]["zone"] == "banishment"


def test_the_v1_4_game_removes_contested_where_the_contesting_unit_died_in_the_cleanup_v1_4_323_11(log, demo_ids):
    """v1.4 323.11 in the v1.4 game (tests/data/golden_v14.rln): Rampage leaves Baccai Sandspinner 6 damage, which its
    7 Might at Trifarian War Camp (bf2, +1) survives; Charm moves it to Treasure Hoard, Ana's bf1, which Ben's unit
    contests as it arrives (v1.4 450). With 6 Might there it dies in that move's cleanup (323.5), and the same
    cleanup removes Contested: Ben has no unit there and no showdown or combat began. Folded as a v1.3 match, the
    same events leave bf1 contested by Ben (v1.3 has no such step): the move did contest it."""
    from engine.catalog import demo_catalog

    match_id = demo_ids[7]
    rows = [row["event"] for row in log.events(match_id)]
    cursor = replays.Cursor(log, match_id)
    charm = next(seq for seq, row in enumerate(rows, 1) if row["type"] == "resolve" and any(
        entry["id"] == row["item"] and entry["card"] == "Charm" for entry in cursor.state(seq - 1)["chain"]))
    before, after = cursor.state(charm - 1), cursor.state(charm)
    baccai = next(oid for oid, obj in before["objects"].items() if obj["card"] == "Baccai Sandspinner")
    assert (before["objects"][baccai]["location"], before["objects"][baccai]["damage"]) == ("bf2", 6)
    assert before["objects"][baccai]["might"] == 7
    assert rows[charm - 1]["effects"] == [{"op": "move", "target": baccai, "to": "bf1"}]
    assert after["objects"][baccai]["zone"] == "trash"
    bf1 = after["battlefields"][0]
    assert (bf1["controller"], bf1["contested"], bf1["contested_by"]) == ("P1", False, None)
    assert after["showdown"] is None and after["combat"] is None
    as_v1_3 = engine.fold([{**rows[0], "rules": "v1.3"}, *rows[1:charm]], demo_catalog())
    bf1 = as_v1_3["battlefields"][0]
    assert (bf1["controller"], bf1["contested"], bf1["contested_by"]) == ("P1", True, "P2")


def test_the_real_cards_game_recorded_as_checked_records_every_due_trigger_and_declares_no_static(log, demo_ids):
    """Issue 26: the ninth demo match (tests/data/golden_cards_checked.rln) is the real-cards game recorded again as a
    checked v1.4 match, strict, with no violation: no play declares statics (v1.4 366.2: Petricite Monument's and
    Noxus Hopeful's are read from their text) and the triggers the old recording never wrote are there (v1.4 383.3,
    TR 702.2), Ben's Treasure Hoard declined (383.3.a.2), a spell's play triggers recorded once it resolved
    (419.4.a). The old recording, folded as checked, is flagged for each."""
    from collections import Counter
    from pathlib import Path

    from replays import demo

    match_id = demo_ids[8]
    state = log.state_at(match_id)
    assert (state["rules"], state["abilities"], state["policy"], state["violations"]) == \
        ("v1.4", "checked", "strict", [])
    assert state["winner"] == "P1" and state["scores"] == {"P1": 8, "P2": 4}
    assert demo.real_cards_checked_text() == \
        (Path(__file__).parent / "data" / "golden_cards_checked.rln").read_text(encoding="utf-8")
    rows = [row["event"] for row in log.events(match_id)]
    assert not [row for row in rows if row["type"] == "play" and "statics" in row]
    cursor = replays.Cursor(log, match_id)

    def source(seq: int, object_id: str) -> str:
        before = cursor.state(seq - 1)
        names = {entry["id"]: entry["name"] for entry in before["battlefields"]}
        return names.get(object_id) or before["objects"][object_id]["card"]

    triggered = Counter((source(seq, row["source"]), bool(row.get("declined")))
                        for seq, row in enumerate(rows, 1) if row["type"] == "trigger")
    assert triggered[("Lecturing Yordle", False)] == 2 and triggered[("Ravenbloom Student", False)] == 1
    assert triggered[("Grove of the God-Willow", False)] == 3 and triggered[("Buhru Captain", False)] == 1
    assert (triggered[("Treasure Hoard", False)], triggered[("Treasure Hoard", True)]) == (2, 1)

    def resolved(seq: int, item: str) -> str:
        return next(entry["card"] for entry in cursor.state(seq - 1)["chain"] if entry["id"] == item)

    # v1.4 419.4.a: a spell's play triggers once it resolved (Ravenbloom Student on Smite, Darius on Stupefy)
    steps = [("resolve", resolved(seq, row["item"])) if row["type"] == "resolve"
             else ("trigger", source(seq, row["source"]))
             for seq, row in enumerate(rows, 1) if row["type"] in ("resolve", "trigger")]
    assert steps.index(("resolve", "Smite")) + 1 == steps.index(("trigger", "Ravenbloom Student"))
    assert steps.index(("resolve", "Stupefy")) + 1 == steps.index(("trigger", "Darius, Trifarian"))
    old = [row["event"] for row in log.events(demo_ids[3])]
    as_checked = engine.fold([{**old[0], "rules": "v1.4", "abilities": "checked", "policy": "audit"}, *old[1:]],
                             engine.demo_catalog())
    flagged = Counter(violation["rule"] for violation in as_checked["violations"])
    assert flagged["TR 702.2"] >= 8 and flagged["v1.4 366.2"] == 2 and flagged["v1.4 821.1.c.3"] == 1
    assert log.state_at(demo_ids[3])["violations"] == []  # read as it was recorded, declared, it folds as before
