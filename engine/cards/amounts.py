"""Amounts a card computes as it resolves, checked against a recorded op (issue 26, "Resolutions the engine checks").

"Draw 1 for each of your [Mighty] units", "Give a friendly unit at a battlefield +2 [S] this turn for each enemy
unit there", "Deal damage equal to my Might to an enemy unit here": the compiler (engine/cards/effects.py) reads
such an amount into a spec's `per`:

- `{"times": N, "each": <filter>}`: N for each object on the board the filter fits (engine/cards/effects.py's
  target filters; `where` "there" is where the op's target is, `attached_to` "me" the gear attached to the
  ability's source, `might_min` 5 for "[Mighty]", v1.4 708);
- `{"times": N, "battlefields": True, "other": bool}`: N for each battlefield its controller or an ally controls
  (other than the source's, "each other battlefield");
- `{"times": N, "tags_among": [tags], "each": <filter>}`: N for each of those tags that one of the objects the
  filter fits has ("for each of the following tags among your units — Bird, Cat, Dog, and Poro");
- `{"might_of": "me"}`: the source's Might;
- `plus`: a number added ("Draw 1, then draw 1 for each battlefield you or allies control": one draw).

Counted on the state as the item resolves, before its ops apply. Plain data in, plain data out: `fits` is the
target check of engine/cards/resolutions.py (None when the object fits the filter).
"""
from __future__ import annotations

from typing import Any, Callable

Fits = Callable[[dict[str, Any], dict[str, Any], dict[str, Any], str], "str | None"]


def allies(state: dict[str, Any], player: str) -> set[str]:
    """The player and their teammates (a mode without teams: the player alone)."""
    team = state["players"].get(player, {}).get("team")
    if team is None:
        return {player}
    return {other for other, entry in state["players"].items() if entry.get("team") == team}


def amount(state: dict[str, Any], item: dict[str, Any], spec: dict[str, Any], effect: dict[str, Any],
           fits: Fits) -> int | None:
    """The amount the card computes for this op, or None when it cannot be told here."""
    per = spec.get("per")
    if not per:
        return spec.get("amount")
    source = state["objects"].get(item.get("source") or "")
    if per.get("might_of") == "me":
        might = (source or {}).get("might")
        return might if isinstance(might, int) and source is not None and source["zone"] == "board" else None
    if per.get("battlefields"):
        here = source.get("location") if source is not None else item.get("source")  # a battlefield's own id
        mine = allies(state, item["controller"])
        count = sum(1 for entry in state["battlefields"] if entry.get("controller") in mine
                    and not (per.get("other") and entry.get("id") == here))
        return per["times"] * count + per.get("plus", 0)
    each = dict(per["each"])
    place = None
    if each.get("where") == "there":  # where the op's target is ("for each enemy unit there")
        target = state["objects"].get(effect.get("target") or "")
        if target is None or target["zone"] != "board":
            return None
        place = target.get("location")
        each.pop("where")
    attached = each.pop("attached_to", None)
    counted = [object_id for object_id, obj in state["objects"].items()
               if obj["zone"] == "board" and (place is None or obj.get("location") == place)
               and (attached != "me" or obj.get("attached_to") == item.get("source"))
               and fits(state, item, each, object_id) is None]
    count = len(counted)
    if "tags_among" in per:  # "for each of the following tags among your units": each tag one of them has
        had = {tag for object_id in counted for tag in (state["objects"][object_id].get("tags") or
                                                        state["cards"].get(state["objects"][object_id]["card"] or "",
                                                                           {}).get("tags", []))}
        count = len(set(per["tags_among"]) & had)
    return per["times"] * count + per.get("plus", 0)


def holds(state: dict[str, Any], item: dict[str, Any], condition: dict[str, Any]) -> bool | None:
    """Whether a condition the compiler read ("if you have one or fewer cards in your hand", "if your other units
    have total Might 5 or more", "if there is a ready enemy unit here", "if you control 7 or more runes", "if you
    control a facedown card", "then, if I am at a battlefield", "if you paid the additional cost", "if you played
    this from your hand"; a reviewed one: fewer runes in the rune deck than a channel asks, "if it's your turn",
    "if I'm [Empowered]", `all` of several, `not` another) holds as the item resolves; None when it cannot be told
    (its source is gone)."""
    player = item["controller"]
    source = state["objects"].get(item.get("source") or "")
    if "hand_at_most" in condition:
        return len(state["players"][player].get("hand", [])) <= condition["hand_at_most"]
    mine = [obj for obj in state["objects"].values() if obj["zone"] == "board" and obj["type"] == "Unit"
            and obj["controller"] == player and obj["id"] != item.get("source")]
    if "other_might_at_least" in condition:
        return sum(obj.get("might") or 0 for obj in mine) >= condition["other_might_at_least"]
    if "runes_at_least" in condition:  # "If you control 7 or more runes"
        return len(state["players"][player].get("runes", [])) >= condition["runes_at_least"]
    if "facedown_at_least" in condition:  # "If you control a facedown card" (hidden at a battlefield)
        return sum(1 for obj in state["objects"].values() if obj["zone"] == "facedown"
                   and obj["controller"] == player) >= condition["facedown_at_least"]
    if "rune_deck_below" in condition:  # "If you couldn't channel 2 runes this way": fewer left as it resolves
        return state["players"][player].get("rune_deck_count", 0) < condition["rune_deck_below"]
    if "all" in condition:  # several conditions of a reviewed line
        held = [holds(state, item, one) for one in condition["all"]]
        return False if False in held else None if None in held else True
    if condition.get("played_from_hand"):  # "If you played this from your hand" (engine/play.py `played_from`)
        return item["kind"] == "spell" and item.get("played_from", "hand") == "hand"
    if condition.get("paid_additional"):  # "If you paid the additional cost": the play paid one (engine/play.py)
        return bool(item.get("additional_paid"))
    if condition.get("your_turn"):  # "If it's your turn"
        return state.get("turn_player") == player
    if condition.get("self_empowered"):  # "if I'm [Empowered]" (v1.4 827.3)
        return None if source is None else bool(source.get("empowered"))
    if "not" in condition:  # the "Otherwise" of a reviewed condition
        held = holds(state, item, condition["not"])
        return None if held is None else not held
    if condition.get("self_at_battlefield"):  # "Then, if I am at a battlefield"
        if source is None or source["zone"] != "board":
            return None
        return not str(source.get("location") or "base").startswith("base")
    if condition.get("ready_enemy_here"):
        if source is None or source["zone"] != "board":
            return None
        return any(obj["zone"] == "board" and obj["type"] == "Unit" and obj["controller"] != player
                   and obj.get("location") == source.get("location") and not obj.get("exhausted")
                   for obj in state["objects"].values())
    return None
