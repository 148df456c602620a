"""What happened this turn that a card's condition asks about (issue 26): "If a unit died this turn", "If a friendly
unit died during your Beginning Phase this turn", "If you've discarded a card this turn", "If you've gained XP this
turn" (engine/cards/statics.py reads them as the `while` key `turn_fact`, engine/cards/holds.py checks it).

Counted per player in `state["turn_facts"]` (`{player: {fact: count}}`), only in a match whose abilities the engine
checks (a declared match's states stay as they were), and cleared as each turn begins (engine/turn.py). The facts:

- `died`: a unit the player controlled went from the board to the trash (v1.4 428.1: killed; a token too, which
  goes there before it ceases to exist, 177.1); `died_beginning` as well while the turn is in its Beginning Phase;
- `discarded`: a card went from the player's hand directly to their trash (v1.4 422.1);
- `xp_gained`: the player gained XP (v1.4 730.1);
- `spell_energy`: the most Energy the player spent to play one spell (its cost paid, v1.4 354);
- `power_spent`: all the Power the player spent from their pool (costs of cards, abilities, moves, hiding:
  engine/costs.py `pay` and `take_from_pool`);
- `gear_abilities`: the activated abilities of gear the player played (v1.4 400);
- `held_points`: the points the player scored from holding (v1.4 630.2);
- `conquered`: the battlefields the player conquered (a list of their ids; v1.4 630.1);
- `moves`: how many times each unit the player controls moved (`{object id: count}`; v1.4 144, a recall is no
  move).
- `drawn`: the cards the player drew (v1.4 591: from their main deck into their hand, by a draw phase or an
  effect), for "When you draw your second card each turn".
"""
from __future__ import annotations

from typing import Any

from engine.cards import checks_abilities

FACTS = ("died", "died_beginning", "discarded", "xp_gained", "spell_energy", "power_spent", "gear_abilities",
         "held_points", "conquered", "moves", "drawn")


def note(state: dict[str, Any], player: str | None, fact: str, amount: int = 1) -> None:
    """Count `amount` of `fact` for `player` this turn, in a checked match."""
    if player is None or amount <= 0 or not checks_abilities(state):
        return
    facts = state.setdefault("turn_facts", {}).setdefault(player, {})
    facts[fact] = facts.get(fact, 0) + amount


def note_most(state: dict[str, Any], player: str | None, fact: str, amount: int) -> None:
    """Keep the most of `fact` for `player` this turn (`spell_energy`), in a checked match."""
    if player is None or amount <= 0 or not checks_abilities(state):
        return
    facts = state.setdefault("turn_facts", {}).setdefault(player, {})
    facts[fact] = max(facts.get(fact, 0), amount)


def note_activated(state: dict[str, Any], player: str, source: dict[str, Any]) -> None:
    """`player` played an activated ability of `source` (engine/abilities.py): a gear's is counted."""
    obj = state["objects"].get(source.get("id") or "") if source.get("kind") == "object" else None
    if obj is not None and obj["type"] == "Gear":
        note(state, player, "gear_abilities")


def note_conquered(state: dict[str, Any], player: str, battlefield_id: str) -> None:
    """`player` conquered the battlefield `battlefield_id` (engine/scoring.py), in a checked match."""
    if checks_abilities(state):
        state.setdefault("turn_facts", {}).setdefault(player, {}).setdefault("conquered", []).append(battlefield_id)


def note_moved(state: dict[str, Any], unit: dict[str, Any]) -> None:
    """A unit moved (engine/movement.py `relocate`), in a checked match: "If I have moved twice this turn"."""
    if checks_abilities(state):
        moves = state.setdefault("turn_facts", {}).setdefault(unit["controller"], {}).setdefault("moves", {})
        moves[unit["id"]] = moves.get(unit["id"], 0) + 1


def note_move(state: dict[str, Any], obj: dict[str, Any], zone: str) -> None:
    """An object about to move from its zone to `zone` (engine/objects.py `move_to_zone`): a unit dying, a card
    discarded."""
    if zone != "trash":
        return
    if obj["zone"] == "board" and obj["type"] == "Unit":
        note(state, obj["controller"], "died")
        if state.get("phase") == "beginning":
            note(state, obj["controller"], "died_beginning")
    elif obj["zone"] == "hand":
        note(state, obj["owner"], "discarded")


def turn_began(state: dict[str, Any]) -> None:
    """A new turn: nothing has happened in it yet."""
    state.pop("turn_facts", None)
