"""Who performs an instruction, checked against a recorded op (issue 26, "Resolutions the engine checks").

An instruction's complement names who performs it (v1.4 135.2.b.5.a); a spec's `player` (engine/cards/effects.py)
is one of:

- "you": the ability's controller ("Draw 1");
- "any" / "opponent": the player chosen before it ("Choose a player. They discard 1.", "Choose an opponent.
  They play a 1 [S] Bird unit token"): which player is the recorder's choice, an opponent's when it says so;
- "each" / "each opponent": every player (or opponent) once ("Each player channels 1 rune exhausted.");
- `{"of": -1, "whose": "controller" | "owner"}`: the controller or owner of what the instruction before it acted on
  ("Kill a gear. Its controller draws 2."), read from the state as the item resolves (before its ops apply).

The op's player is its `player` field (a token's, its `controller`). Plain data in, plain data out: the rules
module that asks (engine/resolution_checks.py through engine/cards/resolutions.py) cites the rule.
"""
from __future__ import annotations

import re
from typing import Any, Callable

Spec = dict[str, Any]


def player_of(item: dict[str, Any], spec: Spec, effect: dict[str, Any], state: dict[str, Any] | None = None) -> str:
    """The player a recorded op names (the item's controller when it names none); for "Each player kills one of
    their units" (a target `theirs`), the controller of the object it acts on, as the item resolves."""
    if (spec.get("target") or {}).get("theirs") and state is not None:
        obj = state["objects"].get(effect.get("target") or "")
        return str(obj["controller"]) if obj else str(effect.get("target"))
    return str(effect.get("controller" if spec["op"] == "token" else "player", item["controller"]))


def mismatch(state: dict[str, Any], item: dict[str, Any], spec: Spec, effect: dict[str, Any],
             given: list[dict[str, Any]]) -> str | None:
    """Why the op's player is not who the instruction names (None: it is, or it is the recorder's choice);
    `given`: the ops already matched to this instruction."""
    who, op, controller = spec.get("player"), spec["op"], item["controller"]
    if who is None or isinstance(who, dict):
        return None  # none named, or the controller of what the instruction before acted on: `referred`
    player = player_of(item, spec, effect, state)
    if who == "you" and player != controller:
        return f"the card's {op} is its controller's ({controller}), not {player}'s"
    if who in ("opponent", "each opponent") and player == controller:
        return f"the card's {op} is an opponent's, not its controller's ({controller})"
    if who in ("each", "each opponent") and player in {player_of(item, spec, other, state) for other in given}:
        return f"the card's {op} is once for each {'opponent' if who == 'each opponent' else 'player'}, and " \
               f"{player} has one"
    return None


def each(state: dict[str, Any], item: dict[str, Any], spec: Spec) -> list[str] | None:
    """The players an "each player" / "each opponent" instruction names, in turn order; None for another."""
    who = spec.get("player")
    if who not in ("each", "each opponent"):
        return None
    return [player for player in state["players"] if who == "each" or player != item["controller"]]


def missing(state: dict[str, Any], item: dict[str, Any], spec: Spec, given: list[dict[str, Any]],
            able: Callable[[str], bool] = lambda player: True) -> str | None:
    """The players of an "each" instruction with no op (None when every one has one); `able`: whether a player has
    something to act on ("one of their units": a player who controls none cannot, v1.4 359.3.e.6)."""
    players = each(state, item, spec)
    if players is None or spec.get("optional"):
        return None
    done = {player_of(item, spec, effect, state) for effect in given}
    left = [player for player in players if player not in done and able(player)]
    if not left:
        return None
    return f"records no {spec['op']} for {', '.join(left)}: {spec['text']!r} is each one's"


def referred(state: dict[str, Any], spec: Spec, acted_on: list[dict[str, Any]]) -> list[str] | None:
    """The players "its controller" / "its owner" names: those of the objects the instruction before acted on
    (`acted_on`: its ops), as they are before the resolution's ops; None for an instruction of another subject."""
    who = spec.get("player")
    if not isinstance(who, dict):
        return None
    objects = [state["objects"][effect["target"]] for effect in acted_on if effect.get("target") in state["objects"]]
    return sorted({str(obj.get(who["whose"]) or obj.get("controller")) for obj in objects})


def referred_mismatch(item: dict[str, Any], spec: Spec, effect: dict[str, Any], players: list[str]) -> str | None:
    """Why the op's player is not "its controller" / "its owner" (None: it is)."""
    player = player_of(item, spec, effect)
    if player in players:
        return None
    whose = spec["player"]["whose"]
    if not players:
        return f"the card's {spec['op']} is by the {whose} of what the instruction before acted on, and it acted " \
               f"on nothing"
    return f"the card's {spec['op']} is by its {whose} ({', '.join(players)}), not {player}"


_EACH_MAY_RETURN = re.compile(r"starting with the next player, each player may return an? (unit|gear) to its "
                              r"owner's hand\.?", re.IGNORECASE)


_YOU_AND_EACH = re.compile(r"you and each opponent may play an? ([A-Z][A-Za-z]*) (gear|unit) token( exhausted)?\.?",
                          re.IGNORECASE)
_FOR_EACH_WHO_DID = re.compile(r"for each opponent who did, you play an? ([A-Z][A-Za-z]*) (gear|unit) token"
                               r"( exhausted)?\.?", re.IGNORECASE)


def compile_each_may(sentence: str) -> Spec | None:
    """"Starting with the next player, each player may return a unit to its owner's hand." (Whirlwind): a `return`
    to hand of any unit, at most one a player (`count.per_player`; who returned which is not recorded, so at most as
    many as there are players), each optional. "you and each opponent may play a Gold gear token exhausted. For
    each opponent who did, you play a Gold gear token exhausted." (Card Sharp): a token each player may play, then
    one for its controller for each opponent's (`per_opponent_before`, `opponents_did`). None for another
    sentence."""
    text = sentence.strip().rstrip(".")
    if m := _YOU_AND_EACH.fullmatch(sentence.strip()):  # Card Sharp: each player may play one token
        return {"op": "token", "text": text, "amount": 1, "kind": m.group(1), "type": m.group(2).lower(),
                "player": "each", "optional": True}
    if m := _FOR_EACH_WHO_DID.fullmatch(sentence.strip()):  # one more for its controller per opponent who did
        return {"op": "token", "text": text, "amount": None, "kind": m.group(1), "type": m.group(2).lower(),
                "player": "you", "optional": True, "per_opponent_before": True}
    m = _EACH_MAY_RETURN.fullmatch(sentence.strip())
    if m is None:
        return None
    return {"op": "return", "text": sentence.strip().rstrip("."), "to": "hand", "optional": True,
            "target": {"types": [m.group(1).capitalize()], "count": {"min": 0, "max": None, "per_player": True}}}


def opponents_did(item: dict[str, Any], spec: Spec, given: list[dict[str, Any]],
                  before: list[dict[str, Any]]) -> str | None:
    """"For each opponent who did, you play a Gold gear token": as many as the opponents' tokens of the
    instruction before (None: so many)."""
    did = sum(1 for effect in before if player_of(item, {"op": "token"}, effect) != item["controller"])
    if len(given) != did:
        return f"records {len(given)} {spec['kind']} tokens for its controller, but {did} opponents played one"
    return None


def compile_win(text: str, sentence: str) -> Spec | None:
    """"you win the game" (The Grand Plaza, Gutter Palace): a `win` of the ability's controller (v1.4 633), or
    None for another instruction."""
    if not re.fullmatch(r"(?:you )?win the game", text.strip(), re.IGNORECASE):
        return None
    return {"op": "win", "text": sentence.strip().rstrip("."), "player": "you"}
