"""Core Rules v1.4 for v1.4 matches (issue 25), the items left after the first round: Dune Surfer's "ignore [Tank]"
(v1.4 764-767), the citations whose v1.3 rule v1.4 moved or dropped (352.9.c, 610.3, 648.4.b), and more; each beside
a test that a v1.3 match keeps the old behaviour. Real cards of the gallery (Vendetta's where it has them)."""
from __future__ import annotations

import pytest

import engine
from gallery_table import GalleryTable, deck, listed
from replays import notation
from table import Table

P1 = deck("Hand of Noxus", ["Dune Surfer", "Kayle, Justified", "Iron Ballista", "Fresh Beans"],
          ["Trifarian War Camp", "Rockfall Path", "Zaun Warrens"])
P2 = deck("Keeper of the Hammer", ["Horns of the Dragon", "Demacian Diplomat", "Akshan, Mischievous"],
          ["Altar to Unity", "Grove of the God-Willow", "Vilemaw's Lair"])
P1_RUNES = "runedeck:6 runes:3 Fury Rune;3 Order Rune"
P2_RUNES = "runedeck:6 runes:3 Body Rune;3 Order Rune"


def table(p1: str, p2: str = "", rules: str = "v1.4", policy: str = "strict", player: str = "P1",
          turn: int = 3) -> GalleryTable:
    """A position at `player`'s action phase of a duel under `rules`: bf1 is P1's Trifarian War Camp, bf2 P2's
    Altar to Unity; both chosen champions are still in their zones (39 cards left in each main deck)."""
    line = (f"position turn {turn} {player} action first P1 | P1 0 bf:Trifarian War Camp deck:{39 - listed(p1)} "
            f"{P1_RUNES} {p1} | P2 0 bf:Altar to Unity deck:{39 - listed(p2)} {P2_RUNES} {p2}")
    return GalleryTable(P1, P2, policy, rules).do(line)


def flagged(game: GalleryTable, line: str) -> list[str]:
    """Apply `line` to an audit match; the rules its violations cite."""
    seq = game.state["seq"] + 1
    game.do(line)
    return [violation["rule"] for violation in game.state["violations"] if violation["seq"] == seq]


# -- Dune Surfer: "You ignore [Tank] while assigning combat damage here" (v1.4 764-767) ---------------------------
DUNE_SURFER = 'static Dune Surfer +rule="ignore_tank" +affects={"who": "self", "where": "here"}'


def dune_surfer_attacks(rules: str = "v1.4", policy: str = "strict", static: bool = True) -> GalleryTable:
    """P1's Dune Surfer (3) attacks Altar to Unity (bf2), which P2 holds with Horns of the Dragon (6, Tank) and
    Demacian Diplomat (2); both pass Focus, and P1 has 3 damage to assign."""
    game = table("base:Dune Surfer", "controls:bf2 bf2:Horns of the Dragon;Demacian Diplomat", rules, policy)
    if static:
        game.do(DUNE_SURFER)
    return game.do("P1 move Dune Surfer -> bf2", "P1 pass", "P2 pass")


def test_dune_surfer_ignores_tank_while_its_controller_assigns_combat_damage_there_v1_4_766():
    """v1.4 766: an ignored ability is inactive for the procedure: P1 assigns Dune Surfer's 3 to Demacian Diplomat
    while Horns of the Dragon (Tank, v1.4 815.1.b) has none, as if it had no Tank."""
    game = dune_surfer_attacks()
    assert game.state["combat"]["amounts"]["P1"] == 3
    game.do("P1 assign Demacian Diplomat 3")
    assert game.state["combat"]["to_assign"] == ["P2"]


def test_without_dune_surfers_static_tank_is_assigned_first_v1_4_815_1_b():
    dune_surfer_attacks(static=False).refuses("P1 assign Demacian Diplomat 3", rule="v1.4 815.1.b")


def test_a_v1_3_match_keeps_tank_first_even_with_dune_surfer():
    """v1.3 has no ignoring of abilities (v1.4 764-767 are new): the Tank is assigned lethal damage first."""
    dune_surfer_attacks(rules="v1.3").refuses("P1 assign Demacian Diplomat 3", rule="626.1.d.1")


def test_ignoring_tank_is_only_for_the_player_it_directs_v1_4_767():
    """v1.4 767: ignoring is only for the players the effect directs: the same static directed at its controller's
    opponents (`who: enemy`) lets P1, who controls it, ignore nothing."""
    game = table("base:Dune Surfer", "controls:bf2 bf2:Horns of the Dragon;Demacian Diplomat")
    game.do(DUNE_SURFER.replace('"self"', '"enemy"'), "P1 move Dune Surfer -> bf2", "P1 pass", "P2 pass")
    game.refuses("P1 assign Demacian Diplomat 3", rule="v1.4 815.1.b")


def test_dune_surfer_elsewhere_ignores_nothing_here_v1_4_766():
    """"Here" is Dune Surfer's battlefield (v1.4 766's example: "with this unit present"): at base, it lets P1's
    other attacker ignore nothing at bf2."""
    game = table("base:Dune Surfer;Kayle, Justified", "controls:bf2 bf2:Horns of the Dragon;Demacian Diplomat")
    game.do(DUNE_SURFER, "P1 move Kayle, Justified -> bf2", "P1 pass", "P2 pass")
    game.refuses("P1 assign Demacian Diplomat 3", rule="v1.4 815.1.b")


# -- what v1.4 moved or dropped of the rules the engine cites (docs/editions.md's first table) --------------------
def test_a_unit_played_with_targets_cites_v1_4_355_5_b():
    """v1.4 355.5.b: a permanent's triggered abilities make their choices when they trigger, not as it is played
    (and 355.2: a unit chooses its location): Dune Surfer played choosing Demacian Diplomat is refused, citing it
    (2025 352.9.c, "units and gear never have targets", has no v1.4 twin)."""
    game = table("hand:Dune Surfer", "controls:bf2 bf2:Demacian Diplomat")
    game.refuses("P1 play Dune Surfer -> Demacian Diplomat $3", rule="v1.4 355.5.b")
    table("hand:Dune Surfer", "controls:bf2 bf2:Demacian Diplomat", rules="v1.3").refuses(
        "P1 play Dune Surfer -> Demacian Diplomat $3", rule="352.9.c")


AKSHAN = ('P2 trigger Akshan, Mischievous "when you play me"', "P2 pass", "P1 pass")


def test_an_effect_moves_a_gear_v1_4_446_1():
    """v1.4 446.1: a Move is any permanent changing its position on the board (v1.3 442.3 "Units are the only
    Permanents that can Move" is gone): Akshan, Mischievous's "move an enemy gear to your base. You control it"
    moves P1's Iron Ballista, recorded as the control it gains, then the move (the engine flags a permanent put into
    a base other than its controller's, 106.2.d)."""
    game = table("base:Iron Ballista", "base:Akshan, Mischievous", player="P2").do(*AKSHAN)
    game.do("resolve Akshan, Mischievous: control Iron Ballista -> P2 | move Iron Ballista -> base")
    ballista = game.obj("P1", "Iron Ballista")  # P1 owns it
    assert (ballista["controller"], ballista["location"]) == ("P2", "base:P2")


def test_a_gear_moved_to_a_battlefield_is_recalled_at_the_cleanup_v1_4_149_3():
    """v1.4 149.3: a non-unit gear at a battlefield for any reason is recalled in the next cleanup."""
    game = table("base:Iron Ballista", "base:Akshan, Mischievous", player="P2").do(*AKSHAN)
    game.do("resolve Akshan, Mischievous: move Iron Ballista -> bf2")
    assert game.obj("P1", "Iron Ballista")["location"] == "base:P1"
    assert game.state["battlefields"][1]["contested"] is False


def test_a_v1_3_match_moves_only_units_610_3():
    game = table("base:Iron Ballista", "base:Akshan, Mischievous", rules="v1.3", player="P2").do(*AKSHAN)
    game.refuses("resolve Akshan, Mischievous: control Iron Ballista -> P2 | move Iron Ballista -> base",
                 rule="610.3")


def test_the_standard_move_is_the_units_v1_4_144():
    """v1.4 144: "Units have the Inherent Ability to perform a Standard Move": a gear has none (a v1.3 match cites
    610.3, as it always did)."""
    table("base:Iron Ballista").refuses("P1 move Iron Ballista -> bf1", rule="v1.4 144")
    table("base:Iron Ballista", rules="v1.3").refuses("P1 move Iron Ballista -> bf1", rule="610.3")


def test_in_2v2_the_first_players_battlefields_are_removed_v1_4_489_5_b():
    """v1.4 489.4.a: each player provides three battlefields; 489.5.a: each player not going first selects one at
    random; 489.5.b: the first player removes theirs, as v1.3 484.5.b said (2025 648.4.b): the same rule, cited
    from v1.4 (a v1.3 match keeps citing 648.4.b)."""
    first = "game 1: P1 first; P1 Zaun Warrens; P2 Altar to Unity; P3 Treasure Hoard; P4 Startipped Peak"
    Table("strict", "2v2", rules="v1.4").refuses(first, rule="v1.4 489.5.b")
    Table("strict", "2v2", rules="v1.3").refuses(first, rule="648.4.b")
    game = Table("strict", "2v2", rules="v1.4").do("game 1: P2 first; P1 Zaun Warrens; P3 Treasure Hoard; "
                                                   "P4 Startipped Peak")
    assert [bf["owner"] for bf in game.state["battlefields"]] == ["P1", "P3", "P4"]


# -- Kayle, Justified: "I can be [Empowered] up to three times" (v1.4 441.1.c.1) ---------------------------------
KAYLE = 'static Kayle, Justified +rule="empower_times" +value=3'
EMPOWER = ('P1 activate Kayle, Justified "empower" $0', "P1 pass", "P2 pass",
           "resolve Kayle, Justified: empower Kayle, Justified")


def kayle(rules: str = "v1.4", policy: str = "strict") -> GalleryTable:
    """P1's Kayle, Justified in base, with her permission recorded, and nine Energy to empower her three times."""
    return table("base:Kayle, Justified pool:9", rules=rules, policy=policy).do(KAYLE)


def test_kayle_is_empowered_up_to_three_times_v1_4_441_1_c_1():
    """v1.4 441.1.a: Empowered is a binary state, but 441.1.c.1: an effect may permit an object to be Empowered
    several times, and ignores the restriction (441.1.b) and Empower's "Play only if not Empowered" (827.1.c.1):
    Kayle is Empowered three times, recorded as a count; a fourth activation is refused."""
    game = kayle().do(*EMPOWER)
    assert game.obj("P1", "Kayle, Justified")["empowered"] is True  # once: the mark, as for any object
    game.do(*EMPOWER, *EMPOWER)
    assert game.obj("P1", "Kayle, Justified")["empowered"] == 3
    game.refuses('P1 activate Kayle, Justified "empower" $0', rule="v1.4 441.1.c.1")


def test_kayles_statics_read_how_many_times_she_is_empowered_v1_4_441_1_c_1():
    """"I have +2 [S] for each time I'm [Empowered]" and "While I'm [Empowered] three times": a static's
    `while.empowered` may be a number of times (at least that many), so each +2 is a static of its own."""
    game = kayle()
    for times in (1, 2, 3):
        game.do(f'static Kayle, Justified +might=2 +while={{"empowered": {times}}}')
    assert game.obj("P1", "Kayle, Justified")["might"] == 3
    game.do(*EMPOWER, *EMPOWER)
    assert game.obj("P1", "Kayle, Justified")["might"] == 7
    game.do(*EMPOWER)
    assert game.obj("P1", "Kayle, Justified")["might"] == 9


def test_an_empowered_object_without_the_permission_stays_empowered_once_v1_4_441_1_c():
    """v1.4 441.1.c: instructed to be Empowered when it already is, nothing additional happens."""
    game = table("base:Kayle, Justified pool:6").do(*EMPOWER)
    game.refuses('P1 activate Kayle, Justified "empower" $0', rule="v1.4 827.1.c.1")
    assert game.obj("P1", "Kayle, Justified")["empowered"] is True


def test_disempowering_kayle_clears_every_time_v1_4_442_1():
    """v1.4 442.1: Disempowering removes the Empowered status, however many times it was Empowered."""
    game = kayle().do(*EMPOWER, *EMPOWER)
    game.do('P1 activate Kayle, Justified "empower" $0', "P1 pass", "P2 pass",
            "resolve Kayle, Justified: disempower Kayle, Justified")
    assert "empowered" not in game.obj("P1", "Kayle, Justified")


def test_a_v1_3_match_empowers_kayle_once():
    """v1.3 defines no Empowered beyond the reminder text ("Use only if not Empowered", v1.3 377.2.b): the
    permission is recorded, and Empowered stays a mark."""
    game = kayle(rules="v1.3").do(*EMPOWER)
    game.refuses('P1 activate Kayle, Justified "empower" $0', rule="v1.3 377.2.b")
    assert game.obj("P1", "Kayle, Justified")["empowered"] is True


def test_a_position_describes_how_many_times_an_object_is_empowered_v1_4_441_1_c_1():
    """The notation writes Kayle Empowered three times as `{E3}` and reads it back (`{E}`: the mark)."""
    game = kayle().do(*EMPOWER, *EMPOWER, *EMPOWER)
    line = notation.write_position(notation.position_of(game.state))
    assert "Kayle, Justified{E3}" in line
    again = table("base:Kayle, Justified{E3};Dune Surfer{E}")
    assert again.obj("P1", "Kayle, Justified")["empowered"] == 3
    assert again.obj("P1", "Dune Surfer")["empowered"] is True


def test_a_position_with_empowered_neither_true_nor_a_count_is_refused():
    event = notation.parse_position(f"turn 3 P1 action first P1 | P1 0 bf:Trifarian War Camp deck:38 "
                                    f"{P1_RUNES} base:Kayle, Justified{{E2}} | P2 0 bf:Altar to Unity deck:39 "
                                    f"{P2_RUNES}")
    assert event["players"]["P1"]["units"][0]["empowered"] == 2
    event["players"]["P1"]["units"][0]["empowered"] = 0
    with pytest.raises(engine.MalformedEvent, match=r"'Kayle, Justified' needs 'empowered' true or false, or the "
                                                    r"times it is Empowered \(1 or more"):
        GalleryTable(P1, P2, "strict", "v1.4").do(event)


# -- Repeat on activated abilities (v1.4 820.1.a) ----------------------------------------------------------------
# Iron Ballista's "[T]: Deal 2 to a unit at a battlefield", given Repeat [1] by an effect ("My abilities have
# [Repeat] ...", v1.4 820.1.d.1's example; no card of the gallery prints Repeat on an ability): the activation
# names the Repeat costs it pays (`options.repeat`).
BALLISTA = 'P1 activate Iron Ballista "deal-2-to" -> Demacian Diplomat; Horns of the Dragon +repeat=[{"energy": 1}]'


def ballista(rules: str = "v1.4") -> GalleryTable:
    return table("base:Iron Ballista", "controls:bf2 bf2:Demacian Diplomat;Horns of the Dragon", rules=rules)


def test_an_activated_ability_repeats_for_its_repeat_cost_v1_4_820_1_a():
    """v1.4 820.1.a: Repeat is present on spells and abilities; its cost is an additional cost paid as the ability
    is activated (820.1.c.1), and the instructions are executed once more (820.3), each time with its own target
    (820.2.a): [1] more, and 2 damage to each of two units."""
    game = ballista()
    event = game.parse(f"{BALLISTA} $1")
    assert notation.parse_event(notation.write_event(game.state, event), game.state) == event
    game.do(event)
    assert game.state["chain"][-1]["repeat"] == 1 and game.pool("P1") == {"energy": 0, "power": {}}
    game.do("P1 pass", "P2 pass",
            "resolve Iron Ballista: damage Demacian Diplomat 2 | damage Horns of the Dragon 2")
    assert game.obj("P2", "Demacian Diplomat", "trash") and game.obj("P2", "Horns of the Dragon")["damage"] == 2


def test_an_unpaid_repeat_cost_of_an_ability_is_refused_v1_4_820_1_c_1():
    """The Repeat cost is part of the ability's total cost, paid in full (v1.4 820.1.c.1, 404.1)."""
    refusal = ballista().refuses(f"{BALLISTA} $0", rule="v1.4 404.1")
    assert "it costs 1 Energy and no Power; 1 Energy and 0 Power are missing" in str(refusal)


def test_a_v1_3_match_repeats_spells_only_v1_3_820_1_a():
    ballista(rules="v1.3").refuses(f"{BALLISTA} $1", rule="v1.3 820.1.a")


def test_a_malformed_repeat_of_an_ability_is_refused():
    game = ballista()
    event = game.parse(f"{BALLISTA} $1")
    event["options"]["repeat"] = [{"energy": -1}]
    with pytest.raises(engine.MalformedEvent, match=r"options.repeat lists the Repeat costs paid"):
        game.do(event)
