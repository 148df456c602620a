"""Legal strict matches of real play for the fold's benchmark rows, built by asking the engine at every step.

`plain_duel(size)`: a best of five (v1.4 486.6.a) between two demo decks of plain play: channels, draws, units,
gear and spells played with their payments, each chain item passed and resolved (with the effects its card's text
reads: damage, Might, draws), the "[T]:" abilities of gear activated (three Orbs of Regret a deck), ends of turn,
and the burn outs a long game brings (607.2). The units stay in base, so no battlefield is conquered or held: the
burn outs' points decide each game, and a player ahead in games concedes the next before winning it (651), so that
the match goes to its fifth game. A real game is a few hundred events; 20,000 take a long match. No notes, no
triggers on the recorder's word.

`gallery_duel(catalog, size)`: the same kind of play between decks of real gallery cards (../shared/data/cards.json,
read by `parse_gallery` as riftlog reads it): Jax and Shen with gear whose "[T]:" abilities are activated every
turn, Equipment equipped back and forth, units that Empower themselves, the Legends' abilities. The match is
"checked" (match_created without `abilities`, docs/engine.md "Abilities checked or declared"): the engine reads
the cards' statics from their text (Petricite Monument's Deflect, the Empowered Might of Legion Marauder, Mournful
Witness and Frostcoat Mother: all compile, so none is declared, which the engine would refuse, v1.4 366.2), lists
the triggers due (Temporary, Weaponmaster: recorded as listed, or declined where "you may", v1.4 383.3), and checks
each resolution against its card (v1.4 359.3.d, 406.5): the driver resolves with the ops the recording screen
pre-fills from the card (`effects_from_card`), completed as a recorder would (cards drawn, runes channelled, the
unit an Equipment attaches to). The filler spells are those whose effect moves no unit, so that the units stay in
base as in the plain duel.

The driver tries candidate events in order and keeps the first the engine accepts in the strict match (an
`IllegalEvent` or `MalformedEvent` means the next candidate): whatever the engine refuses is never in the match, so
a benchmark of these events measures folding accepted play. `Driver.do` asserts the events the game needs (a draw,
a channel, a pass, an end of turn) are accepted.
"""
from __future__ import annotations

import functools
import json
import re
from pathlib import Path
from typing import Any, Iterable

import engine
from engine.catalog import Catalog, parse_gallery
from engine.cards.effects import compile_ability
from engine.cards.resolutions import abilities_of, prefill
from engine.errors import EngineError
from engine import results
from engine.play import suggested_payment
from replays import demo

Event = dict[str, Any]
GALLERY = Path(__file__).resolve().parents[2] / "shared" / "data" / "cards.json"
CONCEDE_AT = 7  # points at which a player ahead in games concedes (Match._concede_to_even_the_match)
TURN_LIMIT = 100_000  # a safeguard: action steps of a match that stopped making progress (a bug of this module)


class Driver:
    """The events so far and the state after them; `try_event` folds a candidate on a copy and keeps it if legal."""

    def __init__(self, created: Event, catalog: Any) -> None:
        self.catalog = catalog
        self.events = [created]
        self.state = engine.fold([created], catalog)

    def try_event(self, event: Event) -> bool:
        try:
            state = engine.apply(self.state, event, self.catalog)
        except EngineError:
            return False
        self.state = state
        self.events.append(event)
        return True

    def do(self, event: Event) -> None:
        """An event the game needs: the engine must accept it."""
        if not self.try_event(event):
            engine.apply(self.state, event, self.catalog)  # raises the refusal, with its violations
            raise AssertionError(f"refused without an error: {event}")

    def first(self, candidates: Iterable[Event]) -> bool:
        return any(self.try_event(event) for event in candidates)


def _deck_cards(state: dict[str, Any], player: str, count: int) -> list[str]:
    """The first `count` cards of the deck's list; from an empty deck, the trash's (a burn out shuffles it into the
    deck before the draw, 607.2)."""
    entry = state["players"][player]
    names = [name for name, left in sorted(entry["deck"].items()) for _ in range(left)]
    if len(names) < count:
        names += sorted(state["objects"][object_id]["card"] for object_id in entry["trash"])
    if len(names) < count:  # nothing to shuffle in: the burn outs go on until an opponent wins (607.3.a)
        names += sorted(entry["decklist"]) * count
    return names[:count]


def _enemy_units(state: dict[str, Any], player: str) -> list[str]:
    return [object_id for object_id, obj in sorted(state["objects"].items())
            if obj["zone"] == "board" and obj["type"] == "Unit" and obj["controller"] != player]


def _own_units(state: dict[str, Any], player: str) -> list[str]:
    return [object_id for object_id in state["players"][player]["base"]
            if state["objects"][object_id]["type"] == "Unit"]


DEAL = re.compile(r"[Dd]eal (\d+) to")
MIGHT = re.compile(r"([+-]\d+) \[S\]")
DRAW = re.compile(r"[Dd]raw (\d+)")


def effects_from_text(state: dict[str, Any], item: dict[str, Any]) -> list[list[Event]]:
    """Candidate effects of a chain item's resolution, read from its card's text: the reading first, then nothing
    (a card whose text this reader does not know)."""
    card = state["cards"].get(state["objects"].get(item.get("source", ""), {}).get("card") or "", {})
    text = card.get("text") or ""
    targets = item.get("targets") or []
    player = item["controller"]
    effects: list[Event] = []
    for target in targets[:1]:
        if (deal := DEAL.search(text)) is not None:
            effects.append({"op": "damage", "target": target, "amount": int(deal.group(1))})
        elif (might := MIGHT.search(text)) is not None:
            effects.append({"op": "might", "target": target, "delta": int(might.group(1)), "until": "turn"})
    if (draw := DRAW.search(text)) is not None and not card.get("type") == "Unit":
        effects.append({"op": "draw", "player": player,
                        "cards": _deck_cards(state, player, int(draw.group(1)))})
    return [effects, []] if effects else [[]]


def effects_from_card(state: dict[str, Any], item: dict[str, Any]) -> list[list[Event]]:
    """Candidate resolutions of the newest chain item as the engine compiles its card (v1.4 359.3.d, 406.5): the
    recording screen's pre-filled resolution (engine.cards.resolutions.prefill), with what it leaves to the recorder
    written in: a target where several fit (the first), the cards drawn or discarded and the runes channelled. First
    every op, then only those the card does not make optional; [] where its card compiles to nothing."""
    filled = prefill(state) if state.get("chain") else None
    if filled is None or filled["item"] != item["id"]:
        return []
    amounts = {spec["text"]: spec.get("amount") for ability in abilities_of(state, item)
               for spec in compile_ability(ability, item.get("card"))["effects"]}
    player = item["controller"]
    completed = [(entry, ways) for entry in filled["ops"]
                 if (ways := _written_in(state, player, entry, amounts.get(entry.get("text", ""))))]
    tries = max((len(ways) for _, ways in completed), default=1)
    every = [[ways[min(at, len(ways) - 1)] for _, ways in completed] for at in range(tries)]
    required = [[ways[min(at, len(ways) - 1)] for entry, ways in completed if not entry.get("optional")]
                for at in range(tries)]
    return every + [effects for effects in required if effects not in every]


def _written_in(state: dict[str, Any], player: str, entry: dict[str, Any], amount: int | None) -> list[Event]:
    """One pre-filled op as the recorder completes it, each way it may be completed (a move to each place); []
    where nothing fits its target (no op is needed then, v1.4 359.3.e)."""
    effect: Event = {"op": entry["op"], **entry["values"]}
    if "target" not in effect and "legal" in entry:
        if not entry["legal"]:
            return []
        effect["target"] = entry["legal"][0]
    entry_player = effect.setdefault("player", player) if effect["op"] in PLAYER_OPS else player
    if effect["op"] in ("draw", "predict"):
        count = len(str(effect["cards"]).split(";")) if "cards" in effect else amount or 1
        effect["cards"] = _deck_cards(state, entry_player, count)
    elif effect["op"] == "channel":
        runes = [name for name, left in sorted(state["players"][entry_player]["rune_deck"].items())
                 for _ in range(left)]
        effect["runes"] = runes[:amount or 1]
        if "exhausted" in entry.get("text", "").casefold():
            effect["exhausted"] = True
    elif effect["op"] == "discard":
        effect["cards"] = list(state["players"][entry_player]["hand"])[:amount or 1]
    elif effect["op"] == "attach" and "to" not in effect:  # Equip: to a unit you control it is not attached to
        host = state["objects"][effect["target"]].get("attached_to")
        return [dict(effect, to=unit) for unit in _friendly_units(state, player) if unit != host][:1]
    elif effect["op"] == "move" and "to" not in effect and "target" in effect:  # to a battlefield, or to base
        owner = state["objects"][effect["target"]]["controller"]
        return [dict(effect, to=place) for place in [bf["id"] for bf in state["battlefields"]] + [f"base:{owner}"]]
    return [effect]


PLAYER_OPS = frozenset({"draw", "discard", "channel", "predict", "recycle", "point", "xp", "add"})


def _friendly_units(state: dict[str, Any], player: str) -> list[str]:
    return [object_id for object_id, obj in sorted(state["objects"].items())
            if obj["zone"] == "board" and obj["type"] == "Unit" and obj["controller"] == player]


class Match:
    """Plays a match through a Driver: the rules' next step from `awaiting`, the turn player's plays in between."""

    def __init__(self, driver: Driver) -> None:
        self.driver = driver
        self.turns = 0
        self.tried_turn, self.tried = -1, set()

    @property
    def state(self) -> dict[str, Any]:
        return self.driver.state

    def step(self) -> bool:
        """One awaited step (and the plays of an action phase); False when the match is over."""
        state = self.state
        awaited = state["awaiting"]
        if not awaited:
            return False
        first = awaited[0]
        kind, player = first["kind"], first["player"]
        if state["phase"] != "over" and any(self._concede_to_even_the_match(other) for other in state["turn_order"]):
            return True
        if kind == "game_started":
            self._next_game(first)
        elif kind == "draw":
            self.driver.do({"type": "draw", "player": player, "cards": _deck_cards(state, player, first["count"])})
        elif kind == "mulligan":
            self.driver.do({"type": "mulligan", "player": player, "set_aside": []})
        elif kind == "channel":
            runes = [name for name, left in sorted(state["players"][player]["rune_deck"].items())
                     for _ in range(left)]
            self.driver.do({"type": "channel", "player": player, "runes": runes[:first["count"]]})
        elif kind == "priority":
            self.driver.do({"type": "pass", "player": player})
        elif kind == "resolve":
            item = state["chain"][-1]
            candidates = effects_from_card(state, item) + effects_from_text(state, item)
            if not self.driver.first({"type": "resolve", "item": item["id"], "effects": effects}
                                     for effects in candidates):
                self.driver.do({"type": "resolve", "item": item["id"], "effects": []})
        elif kind == "trigger":
            self._trigger(player, first)
        elif kind == "action":
            self._action(player)
        else:
            raise AssertionError(f"the benchmark's match does not know how to answer {first}")
        return True

    def _trigger(self, player: str, awaited: dict[str, Any]) -> None:
        """The first due trigger of `player`'s as the engine lists them (v1.4 383.3.d), put on the chain, or declined
        where it says "you may" and cannot be (383.3.a); a match that is not checked awaits one source's trigger."""
        due = [entry for entry in awaited.get("triggers", [awaited]) if entry.get("controller", player) == player]
        assert due, f"no due trigger of {player}'s in {awaited}"
        entry = due[0]
        event = {"type": "trigger", "player": player, "source": entry["source"],
                 "ability": entry.get("label") or entry.get("ability") or ""}
        if self.driver.try_event(event):
            return
        self.driver.do(dict(event, declined=True) if entry.get("optional") else event)  # `do` raises the refusal

    def _next_game(self, awaited: dict[str, Any]) -> None:
        state = self.state
        chooser = awaited.get("player") or "P1"
        first_player = awaited.get("first_player", chooser)
        picks = [(a, b) for a in state["players"]["P1"]["battlefield_choices"]
                 for b in state["players"]["P2"]["battlefield_choices"]] \
            if "battlefield_choices" in state["players"]["P1"] else []
        candidates = [{"type": "game_started", "game": state["game"] + 1, "first_player": first_player,
                       "battlefields": {"P1": a, "P2": b}} for a, b in picks or self._battlefields()]
        assert self.driver.first(candidates), f"no game_started accepted after game {state['game']}"

    def _battlefields(self) -> list[tuple[str, str]]:
        created = self.driver.events[0]
        lists = [player["battlefields"] for player in created["players"]]
        return [(a, b) for a in lists[0] for b in lists[1]]

    def _action(self, player: str) -> None:
        """The turn player plays what they can afford, one card at a time (each waits on the chain, which the
        loop then passes and resolves), activates what their Legend can, and then ends the turn."""
        self.turns += 1
        assert self.turns < TURN_LIMIT, "the benchmark's match stopped making progress"
        for object_id in list(self.state["players"][player]["hand"]):
            if self._play(player, object_id):
                return
        if self._activate(player):
            return
        self.driver.do({"type": "end_turn", "player": player})

    def _concede_to_even_the_match(self, player: str) -> bool:
        """A player ahead in games concedes the game before winning it (a concession is a legal event: 651), so
        that a best of five is played to its fifth game: the games alternate as won, conceded, won, conceded."""
        state = self.state
        won = results.games_won(state)
        if won.get(player, 0) <= min(won.get(other, 0) for other in state["players"]):
            return False
        if state["players"][player]["points"] < CONCEDE_AT:
            return False
        self.driver.do({"type": "concede", "player": player})
        return True

    def _play(self, player: str, object_id: str) -> bool:
        state = self.state
        obj = state["objects"][object_id]
        card = state["cards"].get(obj.get("card") or "", {})
        if card.get("type") not in ("Unit", "Spell", "Gear"):
            return False
        payment = suggested_payment(state, player, object_id)
        if payment is None:
            return False
        event = {"type": "play", "player": player, "card": object_id, "pay": payment}
        if card["type"] == "Unit":
            event["to"] = f"base:{player}"
        if card["type"] != "Spell":
            return self.driver.try_event(event)
        targets = [[unit] for unit in _enemy_units(state, player)[:1] + _own_units(state, player)[:1]]
        return self.driver.first([dict(event, targets=chosen) for chosen in targets] + [event])

    def _activate(self, player: str) -> bool:
        """The first activated ability of a ready permanent or Legend of `player`'s that the engine accepts (an
        Orb of Regret's "[T]: give a unit -1 [S] this turn", an Empower, an Equip, a Legend's ability), with a
        target and a payment tried in turn; each (source, ability) is tried once a turn, so that a refused one
        costs nothing more."""
        state = self.state
        if state["turn"] != self.tried_turn:
            self.tried_turn, self.tried = state["turn"], set()
        entry = state["players"][player]
        legend = entry["legend"]
        sources = [*entry["base"], *entry.get("gear", ()), *(legend if isinstance(legend, list) else [legend])]
        for source in sources:
            obj = state["objects"].get(source)
            if obj is None or obj.get("exhausted") or obj["controller"] != player:
                continue
            for index, ability in enumerate(state["cards"].get(obj.get("card") or "", {}).get("abilities", [])):
                if ability.get("kind") != "activated" or (source, index) in self.tried:
                    continue
                self.tried.add((source, index))
                if self.driver.first(self._activations(player, source, index)):
                    return True
        return False

    def _activations(self, player: str, source: str, index: int) -> Iterable[Event]:
        """The activation with each target tried in turn (an enemy unit, a friendly one, none), paying the
        ability's Energy by exhausting ready runes and its Power by recycling runes of its domains."""
        state = self.state
        ability = state["cards"][state["objects"][source]["card"]]["abilities"][index]
        cost = ability.get("cost") or {}
        payment = self._runes_for(player, cost.get("energy", 0), cost.get("power") or {})
        if payment is None:
            return
        targets = [[unit] for unit in _enemy_units(state, player)[:1] + _own_units(state, player)[:1]]
        for chosen in [*targets, []]:
            event = {"type": "activate", "player": player, "source": source, "ability": index}
            if chosen:
                event["targets"] = chosen
            if payment["exhaust"] or payment["recycle"]:
                event["pay"] = payment
            yield event

    def _runes_for(self, player: str, energy: int, power: dict[str, int]) -> dict[str, list[str]] | None:
        state = self.state
        runes = state["players"][player]["runes"]
        recycle: list[str] = []
        for domain, amount in power.items():
            fits = [rune for rune in runes if rune not in recycle
                    and domain in state["cards"][state["objects"][rune]["card"]]["domains"]]
            if len(fits) < amount:
                return None
            recycle += fits[:amount]
        ready = [rune for rune in runes if not state["objects"][rune]["exhausted"] and rune not in recycle]
        if len(ready) < energy:
            return None
        return {"exhaust": ready[:energy], "recycle": recycle}


def run(driver: Driver, size: int) -> list[Event]:
    """Play until `size` events (the list is cut there: a prefix of a legal match is a legal match)."""
    match = Match(driver)
    while len(driver.events) < size and match.step():
        pass
    assert len(driver.events) >= size, (f"the match ended after {len(driver.events)} events, short of {size}: "
                                        f"{driver.state['awaiting']}")
    return driver.events[:size]


# The plain duel's decks: Nine-Tailed Fox's demo deck with three Orbs of Regret (a "[T]:" ability to activate each
# turn) and spells for its biggest units (fewer cards stay on the board, so a deck goes round more often before the
# burn outs' points end a game).
SWAPS = {"Fox-Fire": "Orb of Regret", "Playful Phantom": "En Garde", "Zephyr Sage": "Smoke Screen"}


def plain_duel(size: int = 20_000) -> list[Event]:
    """A best of five between two demo decks, of plain play (see the module's docstring)."""
    created = dict(demo.match_created("strict", "bench: plain duel", mode="match"), rules="v1.4", best_of=5)
    fox = {key: demo.decks()[1][key] for key in ("legend", "champion", "deck", "runes", "battlefields")}
    fox["deck"] = [SWAPS.get(card, card) for card in fox["deck"]]
    for player in created["players"]:
        player.update(fox)
    driver = Driver(created, engine.demo_catalog())
    return run(driver, size)


# The gallery duel's decks: Jax (Grandmaster at Arms, Calm/Body) and Shen (Eye of Twilight, Calm/Order), each with
# gear whose "[T]:" abilities are activated every turn, units that Empower themselves, Equipment, and cards with
# static abilities the engine compiles from their text (Petricite Monument, the Empowered units).
GALLERY_DECKS = (
    ("Grandmaster at Arms", "Jax, Unrelenting", ["Heart of Dark Ice", "Tools of Empire", "Arena Bar",
                                                 "Petricite Monument", "Legion Marauder", "Doran's Shield"],
     ["Treasure Hoard", "Zaun Warrens", "Grove of the God-Willow"]),
    ("Eye of Twilight", "Shen, Kinkou", ["Heart of Dark Ice", "Doran's Shield", "Frostcoat Mother", "Sacred Shears",
                                         "Mournful Witness"],
     ["Altar to Unity", "Back-Alley Bar", "Trifarian War Camp"]),
)
@functools.cache
def gallery_catalog() -> Catalog:
    """The gallery export as riftlog reads it (contract section 6); the caller checks that GALLERY exists."""
    return parse_gallery(json.loads(GALLERY.read_text(encoding="utf-8")), "gallery")


def gallery_deck(catalog: Any, legend: str, champion: str, wanted: list[str], battlefields: list[str],
                 name: str) -> dict[str, Any]:
    """A legal duel deck (rule 103): the champion and three of each wanted card, then spells of the Legend's domains
    up to 40 (they go to the trash as they resolve, so the deck goes round: a deck of permanents ends its game
    at its first burn out, with nothing in the trash to shuffle in); six runes of each of its two domains."""
    identity = catalog.card(legend)["domains"]
    cards = [champion] * 3 + [card for card in wanted for _ in range(3)]
    for card in catalog:
        if len(cards) >= 40:
            break
        if (card["type"] == "Spell" and card["supertype"] is None and card["domains"]
                and set(card["domains"]) <= set(identity) and card["name"] not in cards and _stays_in_base(card)):
            cards += [card["name"]] * min(3, 40 - len(cards))
    runes = [f"{domain} Rune" for domain in identity for _ in range(6)]
    return {"name": name, "legend": legend, "champion": champion, "deck": cards, "runes": runes,
            "battlefields": battlefields}


def _stays_in_base(card: dict[str, Any]) -> bool:
    """Whether the spell's compiled effect moves no unit (the duel's units stay in base: no showdown, no combat)
    and deals no damage of an amount the card works out from Mights ("They deal damage equal to their Mights to
    each other"), which the driver does not write in: the engine refuses such a resolution without it."""
    return not any(spec["op"] == "move" or spec["op"] == "damage" and spec.get("amount") is None
                   for ability in card["abilities"] for spec in compile_ability(ability, card["name"])["effects"])


def gallery_duel(catalog: Any, size: int = 20_000) -> list[Event]:
    """A best of five of gallery decks (see the module's docstring), for `catalog` read from the gallery export."""
    players = [gallery_deck(catalog, *deck, name) for deck, name in zip(GALLERY_DECKS, ("Ana", "Ben"))]
    created = {"type": "match_created", "rules": "v1.4", "mode": "match", "best_of": 5, "players": players,
               "catalog": "gallery", "policy": "strict", "info": {"event": "bench: gallery duel"}}
    return run(Driver(created, catalog), size)
