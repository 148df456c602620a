"""Cleanups (rules 518-526, 2025-06-02 Core Rules).

A cleanup happens after a chain item resolves, after a move, after a showdown and after a combat (519), and in the
end of turn's cleanup step (517.3). So far: lethal damage (520) and gear recalled from battlefields (144.3).
Showdowns and combats (524-526) come with the combat work.
"""
from __future__ import annotations

from engine.objects import move_to_zone
from engine.rulings import Context


def cleanup(context: Context) -> None:
    state = context.state
    for obj in list(state["objects"].values()):
        if obj["zone"] != "board":
            continue
        if obj["type"] == "Unit" and obj["damage"] > 0 and obj["damage"] >= (obj["might"] or 0):
            move_to_zone(state, obj, "trash")  # rule 520 (139.2.a): lethal damage kills
        elif obj["type"] == "Gear" and not obj["location"].startswith("base:"):
            move_to_zone(state, obj, "board", f"base:{obj['controller']}")  # rule 144.3: recalled to base
