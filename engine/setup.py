"""Setting up a match and a game: decks, battlefields, turn order, opening hands and mulligans.

Rules 103 (deck construction), 110-118 (setup process) and 644 (the duel mode), 2025-06-02 Core Rules.
"""
from __future__ import annotations

from collections import Counter
from typing import Any

from engine import cards, construction, deck, editions, match_end, match_format, modes, teams, timing, turn
from engine.results import new_result
from engine.cardcodes import canonical
from engine.catalog import Catalog
from engine.errors import MalformedEvent
from engine.objects import State, card_name, create_object, facts, new_id
from engine.rulings import Context

PLAYER_FIELDS = {"name": str, "legend": str, "champion": str, "deck": list, "runes": list, "battlefields": list}
OPENING_HAND = timing.OPENING_HAND  # rule 116
MULLIGAN_MAX = 2  # rule 117.1


def new_match(event: dict[str, Any], catalog: Catalog) -> State:
    """The state after `match_created` (seq 1): the players, their card pools, nothing on the board yet, and the
    rules edition the match is played under (engine/editions.py: the default for one that names none; a
    match_created stored before editions is read as v1.3 by engine/shapes.py before it gets here)."""
    edition = editions.named(event.get("rules", editions.DEFAULT))
    mode = modes.mode(event["mode"])
    policy = event.get("policy", "strict")
    if policy not in ("strict", "audit"):
        raise MalformedEvent(f"'match_created' event: 'policy' must be 'strict' or 'audit', got {policy!r}")
    checks = event.get("abilities", cards.DEFAULT)
    if checks not in cards.ABILITIES:
        raise MalformedEvent(f"'match_created' event: 'abilities' must be one of {list(cards.ABILITIES)} (whether the "
                             f"engine checks what the cards do, or the recorder declares it), got {checks!r}")
    catalog_name = event.get("catalog", "demo")
    if catalog_name != catalog.name:
        raise MalformedEvent(f"'match_created' names catalog {catalog_name!r} but was given {catalog.name!r}")
    entries = event["players"]
    if len(entries) != mode["players"]:
        raise MalformedEvent(f"a {event['mode']} match has {mode['players']} players "
                             f"(rule {mode['rule']}.1), got {len(entries)}")
    team_names = _check_teams(event["mode"], mode, entries)
    state: State = {
        "seq": 1, "mode": event["mode"], "policy": policy, "rules": edition.name, "abilities": checks,
        "catalog": catalog_name,
        "info": event.get("info"),
        "victory_score": mode["victory_score"], "games_to_win": match_format.games_to_win(event, mode, edition),
        "games": [],
        "game": 0, "turn": 0, "turn_player": None, "phase": "setup", "state": "neutral_open",
        "priority": None, "focus": None, "active_player": None, "relevant_players": [], "awaiting": [],
        "turn_order": [], "players": {}, "battlefields": [], "objects": {}, "chain": [], "passes": [],
        "showdown": None, "combat": None, "scores": {}, "winner": None, "match_winner": None, "result": new_result(),
        "violations": [], "voided": [], "scored_this_turn": {}, "choice": None, "owed_draws": {},
        "temporary_due": [], "statics": [], "played_this_turn": {}, "last_known": {}, "replacements": [], "died": {},
        "additional_turns": [], "regular_turn_player": None, "removed": [], "disqualified": [],
        "ally_occupied": [], "invitation": None, "invited": [], "time": None, "turn_starts": [], "game_seq": 0,
        "penalties": [], "backups": [], "actions": [], "deck_seen": [],  # engine/penalties.py, engine/backups.py
        "errors": [],  # engine/errors_as_played.py
        "cards": {}, "card_codes": {}, "next_id": {},
    }
    for index, entry in enumerate(entries):
        player = f"P{index + 1}"
        _check_player_entry(entry, player)
        known = {name: _known_card(state, catalog, name, f"{player}'s {what}")
                 for what in ("legend", "champion") for name in [entry[what]]}
        main_deck = Counter(_known_card(state, catalog, name, f"{player}'s deck") for name in entry["deck"])
        runes = Counter(_known_card(state, catalog, name, f"{player}'s runes") for name in entry["runes"])
        battlefields = [_known_card(state, catalog, name, f"{player}'s battlefields")
                        for name in entry["battlefields"]]
        state["players"][player] = {
            "name": entry["name"], "legend_card": known[entry["legend"]], "champion_card": known[entry["champion"]],
            "decklist": dict(main_deck), "runelist": dict(runes), "battlefield_choices": battlefields,
            "legend": None, "champion_zone": None, "points": 0,
            "hand": [], "deck": dict(main_deck), "deck_count": sum(main_deck.values()),
            "rune_deck": dict(runes), "rune_deck_count": sum(runes.values()),
            "pool": {"energy": 0, "power": {}}, "trash": [], "banishment": [], "base": [], "runes": [],
            "setup": "opening_hand", "set_aside": [], "channeled_once": False, "battlefields_used": [],
            "xp": 0,
        }
        if team_names:
            state["players"][player]["team"] = team_names[index]
        if "sideboard" in entry and edition.records_sideboarding:  # engine/sideboard.py: v1.4 matches
            state["players"][player]["sideboard"] = _sideboard(state, catalog, entry["sideboard"], player)
    for token in modes.TOKENS:
        if token in catalog:
            _known_card(state, catalog, token, "tokens")
    return state


def _check_teams(name: str, mode: dict[str, Any], entries: list[Any]) -> list[str]:
    """The team of each player in a mode with teams: 2v2 has two teams of two (648.2, contract section 6:
    `players[*].team`); a mode without teams takes no `team` (646.2, 647.2: no teams)."""
    given = [entry.get("team") if isinstance(entry, dict) else None for entry in entries]
    if not mode["teams"]:
        if any(team is not None for team in given):
            raise MalformedEvent(f"a {name} match has no teams (rule {mode['rule']}.2): no player takes a 'team'")
        return []
    for index, team in enumerate(given):
        if not isinstance(team, str) or not team:
            raise MalformedEvent(f"a {name} match is played in teams (rule {mode['rule']}.2): P{index + 1} needs "
                                 f"a 'team' (a name), got {team!r}")
        if team in [f"P{number + 1}" for number in range(len(entries))]:
            raise MalformedEvent(f"P{index + 1}'s team {team!r} is named like a player: name teams otherwise")
    counts = {team: given.count(team) for team in given}
    if len(counts) != 2 or set(counts.values()) != {2}:
        raise MalformedEvent(f"a {name} match has two teams of two players (rule {mode['rule']}.2), got "
                             + ", ".join(f"{team!r} with {count}" for team, count in counts.items()))
    return given


def _sideboard(state: State, catalog: Catalog, cards: Any, player: str) -> dict[str, int]:
    """A player's sideboard (`players[*].sideboard`, TR 403, 601.1.c) as card -> copies."""
    if not isinstance(cards, list) or not all(isinstance(card, str) for card in cards):
        raise MalformedEvent(f"'match_created' event: {player}'s 'sideboard' must list card names, got {cards!r}")
    return dict(sorted(Counter(_known_card(state, catalog, name, f"{player}'s sideboard") for name in cards).items()))


def _check_player_entry(entry: Any, player: str) -> None:
    if not isinstance(entry, dict):
        raise MalformedEvent(f"'match_created' event: {player} must be a map, got {entry!r}")
    for field, kind in PLAYER_FIELDS.items():
        if not isinstance(entry.get(field), kind):
            raise MalformedEvent(f"'match_created' event: {player} needs '{field}' ({kind.__name__}), "
                                 f"got {entry.get(field)!r}")
    for field in ("deck", "runes", "battlefields"):
        for value in entry[field]:
            if not isinstance(value, str):
                raise MalformedEvent(f"'match_created' event: {player}'s '{field}' must list card names, "
                                     f"got {value!r}")


def _known_card(state: State, catalog: Catalog, reference: str, where: str) -> str:
    """Resolve a card name or code against the catalog, copying its facts into the state."""
    name = catalog.name_of(reference)
    if name is None:
        raise MalformedEvent(f"unknown card {reference!r} in {where} (catalog {catalog.name!r})")
    if name not in state["cards"]:  # copied once per card, not once per copy in a deck (a fold's hot spot)
        state["cards"][name] = own_power(state, token_category(state, catalog.card(name)))
        for code in catalog.codes_of(name):  # events may name it by any of its printings' codes
            state["card_codes"][(canonical(code) or code).lower()] = name
    return name


def token_category(state: State, card: dict[str, Any]) -> dict[str, Any]:
    """A card's facts as the match's edition has them. The catalog marks a token kind (Recruit, Gold, ...) with the
    supertype Token, as v1.3 133.7.c and 2025 have it; v1.4 abolished that supertype (133.7 lists Champion and
    Signature only) and made "token" an intrinsic category of game objects (185.1), so in a v1.4 match a token
    kind's facts say `token: true` and no supertype. A token object is `token` from its creation on, whatever
    copies it or whatever it copies (185.1.a-b: engine/copies.py never changes it)."""
    if card["supertype"] == "Token" and editions.edition_of(state).token_is_a_category:
        return {**card, "supertype": None, "token": True}
    return card


def own_power(state: State, card: dict[str, Any]) -> dict[str, Any]:
    """A card's facts without the catalog's `own_power` marks (a multi-domain card's [C] in its ability and keyword
    costs, v1.4 135.2.e.6.c) unless the match's edition pays such a [C] with the card's domains: a v1.3 or 2025
    match keeps the facts it was recorded with, where that [C] is Power of any domain."""
    if editions.edition_of(state).multi_domain_c_is_own_domains or not any(
            "own_power" in ability.get("cost", {}) for ability in card.get("abilities", ())):
        return card

    def without(cost: dict[str, Any]) -> dict[str, Any]:
        return {field: value for field, value in cost.items() if field != "own_power"}

    return {**card, "abilities": [{**ability, "cost": without(ability["cost"])} if "cost" in ability else ability
                                  for ability in card["abilities"]],
            "keyword_costs": {keyword: [without(cost) for cost in printed]
                              for keyword, printed in card.get("keyword_costs", {}).items()}}


def check_decks(context: Context, players: list[str] | None = None) -> None:
    """Deck construction (rules 103.1-103.4, v1.3 825, 644.4.a): flagged, since a judge may record what was really
    played. The checks are `construction.deck_problems`, which the deck reader runs too, and for a player with a
    sideboard (a v1.4 match) `construction.sideboard_problems` (TR 601.1.c), and in a v1.4 match the banned list
    (`construction.banned_problems`, TR 601.2.d). `players`: only theirs (after a `sideboard`, engine/sideboard.py),
    the teammates' checks left out."""
    state = context.state
    for player in players or state["players"]:
        entry = state["players"][player]
        problems = construction.deck_problems(
            player, facts(state, entry["legend_card"]), facts(state, entry["champion_card"]),
            Counter(entry["decklist"]), Counter(entry["runelist"]), entry["battlefield_choices"],
            lambda name: facts(state, name), mode=state["mode"], battlefields_rule=BATTLEFIELDS_BROUGHT[state["mode"]])
        if "sideboard" in entry:
            problems += construction.sideboard_problems(
                player, facts(state, entry["legend_card"]), Counter(entry["decklist"]), Counter(entry["sideboard"]),
                lambda name: facts(state, name), editions.edition_of(state).sideboard_max)
        if editions.edition_of(state).checks_banned_cards and construction.checks_banned_cards(state["catalog"]):
            problems += construction.banned_problems(player, (
                ("legend", [entry["legend_card"]]), ("main deck", entry["decklist"]), ("rune deck", entry["runelist"]),
                ("battlefields", entry["battlefield_choices"]), ("sideboard", entry.get("sideboard", {}))))
        for problem in problems:
            context.flag(problem["rule"], problem["message"])
    if players is not None:
        return
    for player in state["players"]:  # 2v2: teammates bring different legends and battlefields (v1.3 484.8.g-h)
        for mate in teams.teammates(state, player):
            if player > mate:
                continue
            entry, other = state["players"][player], state["players"][mate]
            context.check(entry["legend_card"] != other["legend_card"], "v1.3 484.8.g",
                          f"teammates {player} and {mate} both use the legend {entry['legend_card']!r}")
            shared = sorted(set(entry["battlefield_choices"]) & set(other["battlefield_choices"]))
            context.check(not shared, "v1.3 484.8.h",
                          f"teammates {player} and {mate} both bring {', '.join(shared)}")


# Each player brings three battlefields in every mode (004 648.4.a says one, but 648.5.a has them select one of
# their three, as v1.3 484.4.a says: cited from v1.3).
BATTLEFIELDS_BROUGHT = {"duel": "644.4.a", "match": "645.4.a", "ffa3": "646.4.a", "ffa4": "647.4.a",
                        "2v2": "v1.3 484.4.a"}


def game_started(context: Context, event: dict[str, Any]) -> None:
    """Battlefields chosen and turn order fixed (rules 111-115, 644.5); legends and champions take their zones.

    In a best of three (645.6) the next game starts once the last one is over and the match is not decided: the
    game state is reset (decks rebuilt from the decklists, every object gone, points back to 0), and each player
    must choose a battlefield they did not use in an earlier game of the match (645.5).
    """
    state = context.state
    number = event["game"]
    match_end.before_game(context, event)  # TR 407.4, 408.2.d
    if state["game"] == 0:
        context.check(number == 1, "645.6" if state["games_to_win"] > 1 else "644.6",
                      f"the first game of a match is game 1, not game {number}")
    elif state["phase"] != "over":
        rule = "645.6" if state["games_to_win"] > 1 else "644.6"
        context.fail(rule, f"game {state['game']} has already started" if state["phase"] != "over" else
                     f"the match is over: {state['match_winner']} has won it")
    else:
        context.check(number == state["game"] + 1, "645.6", f"game {number} follows game {state['game']}")
        _reset_game(state)
    limit = match_format.last_game_number(state)
    if not context.check(1 <= number <= limit, match_format.format_rule(state),
                         f"a {state['mode']} is a best of {match_format.best_of(state)}: there is no game {number}"
                         + (f" (its drawn games {limit - match_format.best_of(state)})"
                            if limit > match_format.best_of(state) else "")):
        number = min(max(number, 1), limit)
    start_game(context, dict(event, game=number), "game_started")
    for player, entry in state["players"].items():
        # Rule 112: a chosen champion missing from the deck was flagged by check_decks (103.2.a) already.
        entry["champion_zone"] = deck.take_from_deck(context, player, entry["champion_card"], "champion", None)


def _reset_game(state: State) -> None:
    """Rule 645.6: players reset the game state between the games of a match; ids keep counting."""
    for entry in state["players"].values():
        entry.update(legend=None, champion_zone=None, points=0, hand=[], deck=dict(entry["decklist"]),
                     deck_count=sum(entry["decklist"].values()), rune_deck=dict(entry["runelist"]),
                     rune_deck_count=sum(entry["runelist"].values()), pool={"energy": 0, "power": {}}, trash=[],
                     banishment=[], base=[], runes=[], setup="opening_hand", set_aside=[], channeled_once=False,
                     xp=0)
    state.update(turn=0, turn_player=None, phase="setup", priority=None, focus=None, active_player=None,
                 battlefields=[], objects={}, chain=[], passes=[], showdown=None, combat=None, winner=None,
                 scored_this_turn={}, choice=None, owed_draws={}, temporary_due=[], statics=[],
                 played_this_turn={}, last_known={}, replacements=[], died={},
                 additional_turns=[], regular_turn_player=None, removed=[], disqualified=[], ally_occupied=[],
                 invitation=None, invited=[])


# The rule by which each mode's players choose their battlefield for the game.
SETUP_RULE = {"duel": "644.5", "match": "645.5", "ffa3": "646.5", "ffa4": "647.5", "2v2": "648.5.a"}


def turn_order(state: State, first: str) -> list[str]:
    """Rule 115.1.b: the seating order (the order the players are listed in) from the first player. In 2v2 turns
    alternate teams (648.5.b.1): the first player, the next opponent in seating order, the first player's
    teammate, then the other opponent."""
    order = list(state["players"])
    start = order.index(first)
    order = order[start:] + order[:start]
    if not modes.facts_of(state)["teams"]:
        return order
    mate = teams.teammates(state, first)[0]
    opponent = next(player for player in order if player not in (first, mate))
    other = next(player for player in order if player not in (first, mate, opponent))
    return [first, opponent, mate, other]


def start_game(context: Context, event: dict[str, Any], kind: str) -> None:
    """Fix the turn order (115.1.b, 648.5.b), place the chosen battlefields (644.5, 646.5, 647.5, 648.5.a) and
    the legends (111). In War and Magma Chamber the first player's battlefields are not used (647.4.b, 648.4.b)."""
    state = context.state
    first = context.player(event, "first_player")
    state["turn_order"] = turn_order(state, first)
    state["game"] = event.get("game", 1)
    chosen = event["battlefields"]
    mode = modes.facts_of(state)
    for player in chosen:
        if player not in state["players"]:
            raise MalformedEvent(f"'{kind}' event: 'battlefields' names {player!r}, who is no player of this match")
    for player, entry in state["players"].items():
        reference = chosen.get(player)
        if player == first and not mode["first_brings_battlefield"]:
            rule = modes.rule(state, "4.b")
            if reference is not None:  # 647.4.b, 648.4.b: the first player's battlefields are removed
                context.flag(rule, f"{player} goes first in a {state['mode']} game: their battlefields are not "
                                   f"used, but they chose {reference!r} (the game has {mode['battlefields']})")
            continue
        if not isinstance(reference, str):
            raise MalformedEvent(f"'{kind}' event: 'battlefields' needs a battlefield name for {player} (a "
                                 f"{state['mode']} game has {mode['battlefields']} battlefields, rule "
                                 f"{modes.rule(state, '4')})")
        name = card_name(state, reference, f"{player}'s battlefield")
        context.check(name in entry["battlefield_choices"], SETUP_RULE[state["mode"]],
                      f"{player} chose battlefield {name!r}, which is not one of the three they brought")
        match_format.present_battlefield(context, player, name, state["game"])
        state["battlefields"].append({"id": new_id(state, "bf"), "name": name, "owner": player, "controller": None,
                                      "contested": False, "contested_by": None, "pending_combat": False,
                                      "units": [], "facedown": None})
    for player, entry in state["players"].items():
        entry["legend"] = create_object(state, entry["legend_card"], player, "legend")  # rule 111


def opening_draw(context: Context, player: str, cards: list[str | None]) -> None:
    """The opening hand (rule 116) or a mulligan's replacement draw (rule 117.2)."""
    state = context.state
    entry = state["players"][player]
    if state["game"] == 0:
        context.fail("116", f"{player} draws before the game has started")
    if entry["setup"] == "opening_hand":
        context.check(len(cards) == OPENING_HAND, "116",
                      f"{player} draws {len(cards)} cards for their opening hand; players each draw 4")
        deck.draw_cards(context, player, cards)
        entry["setup"] = "mulligan"
    elif entry["setup"] == "replace":
        context.check(len(cards) == len(entry["set_aside"]), "117.2",
                      f"{player} set aside {len(entry['set_aside'])} cards but draws {len(cards)}")
        deck.draw_cards(context, player, cards)
        for object_id in entry["set_aside"]:  # rule 117.3: recycle the set-aside cards
            deck.recycle(state, state["objects"][object_id])
        entry["set_aside"] = []
        _mulligan_done(context, player)
    else:
        context.flag("116", f"{player} draws during setup but has no opening hand or mulligan draw to make")
        deck.draw_cards(context, player, cards)


def mulligan(context: Context, event: dict[str, Any]) -> None:
    """Rule 117: in turn order, each player sets aside up to two cards, draws as many, then recycles them."""
    state = context.state
    player = context.player(event)
    entry = state["players"][player]
    if state["phase"] != "setup" or entry["setup"] not in ("mulligan",):
        context.fail("117", f"{player} has no mulligan to make now")
    waiting = [other for other in state["turn_order"] if state["players"][other]["setup"] == "opening_hand"]
    context.check(not waiting, "116", f"{player} mulligans before {', '.join(waiting)} drew an opening hand")
    pending = [other for other in state["turn_order"] if state["players"][other]["setup"] != "ready"]
    context.check(pending[0] == player, "117", f"{player} mulligans out of turn order: {pending[0]} goes first")
    set_aside = event["set_aside"]
    if len(set(set_aside)) != len(set_aside):
        context.fail("117.1", f"{player} sets aside the same card twice: {', '.join(set_aside)}")
    context.check(len(set_aside) <= MULLIGAN_MAX, "117.1",
                  f"{player} sets aside {len(set_aside)} cards; a player may set aside up to two")
    for object_id in set_aside:
        if object_id not in entry["hand"]:
            context.fail("117.1", f"{player} sets aside {object_id!r}, which is not in their hand")
    for object_id in set_aside:
        entry["hand"].remove(object_id)
        state["objects"][object_id]["zone"] = "aside"
    entry["set_aside"] = list(set_aside)
    if set_aside:
        entry["setup"] = "replace"
    else:
        _mulligan_done(context, player)


def draw_event(context: Context, event: dict[str, Any]) -> None:
    """A `draw` event: an opening hand or mulligan draw during setup, else the draw phase's draw."""
    player = context.player(event)
    cards = event["cards"]
    if context.state["phase"] == "setup":
        opening_draw(context, player, cards)
    else:
        turn.draw_event(context, player, cards)


def _mulligan_done(context: Context, player: str) -> None:
    """Once every player is ready, the first player takes their turn (rule 118)."""
    state = context.state
    state["players"][player]["setup"] = "ready"
    if all(entry["setup"] == "ready" for entry in state["players"].values()):
        turn.start_turn(context, state["turn_order"][0])
