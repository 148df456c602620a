"""Copies: an object becomes a copy of another (mechanic "copy", v1.3 472.1.b).

"Play a ready Reflection unit token to your base. It becomes a copy of that unit" (Mirror Image), "They become
copies of me" (Keeper of Masks), Deceiver's Reflection. A copy takes the copyable traits of the object it copies
(v1.3 472.1.b.1): by default its printed traits, and if that object is itself a copy, the traits it copied
(472.1.b.3: a copy of a copy of Honest Broker is an Honest Broker). So the copy takes the copied object's card (its
name and catalog facts: type, Might, keywords, tags) and keeps everything else of its own: its id, controller,
location, exhaustion, damage, buff and the modifications made to it (Mirror Image's Temporary is given after it
becomes the copy). The copy is applied in the Trait-Altering layer, before keywords and Might (472.1), so statics
and the layers work from the copied traits.

The `copy` op of a `resolve`: `{op: "copy", target, of}`. Both must be on the board (`of` may also be in a public
zone the effect names: its printed traits are copied). The copy lasts while the object stays on the board: as it
leaves (a new object, 356.3.e.4) it is its own card again (engine/objects.py restores `copy_of`).

A leaf module.
"""
from __future__ import annotations

from typing import Any

from engine.objects import facts, refresh
from engine.rulings import Context

TRAITS = ("card", "type", "printed_might", "printed_keywords", "tags")


def copy_op(context: Context, item: dict[str, Any], effect: dict[str, Any], kept: set[str] | None) -> None:
    state = context.state
    target = state["objects"].get(effect["target"])
    copied = state["objects"].get(effect["of"])
    if not context.check(target is not None and copied is not None, "356.3.e.6",
                         f"{item['id']} copy: {effect['target']!r} and {effect['of']!r} must be objects of this "
                         f"match"):
        return
    if not context.check(target["zone"] == "board", "356.3.e.2",
                         f"{item['id']} makes {target['id']} ({target['card']}) a copy, but it is in "
                         f"{target['zone']}, not on the board"):
        return
    if not context.check(copied["card"] is not None, "v1.3 472.1.b.3",
                         f"{item['id']} copies {copied['id']}, a card nobody has seen: name it first"):
        return
    if target["id"] == copied["id"]:
        return
    card = facts(state, copied["card"])
    original = target.get("copy_of") or {trait: target.get(trait) for trait in TRAITS}
    target.update(card=copied["card"], type=card.get("type", copied["type"]),
                  printed_might=card.get("might", copied.get("printed_might")),
                  printed_keywords=list(card.get("keywords", copied.get("printed_keywords", []))),
                  tags=list(card.get("tags", copied.get("tags") or [])))
    target["copy_of"] = original  # what it was before (472.1.b.3: it copies the copied object's current traits)
    refresh(state, target)
