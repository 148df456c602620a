"""XP, Hunt and Level (Core Rules v1.3 728-733, 823, 824).

XP is a public count each player has (729.2; `players[P].xp` in the state), gained and spent (730) by the `xp`
effect op: `{op: "xp", player, amount}`, a positive amount gained, a negative one spent. It is not a game object
(731) and has no limit (733); nobody spends XP they do not have.

Hunt X (823) is a triggered ability, "when I conquer or hold, my controller gains X XP": it is recorded like any
trigger (`trigger` with the label "Hunt", then `resolve` with the `xp` op), and the engine checks that the unit is at
a battlefield its controller scored this turn (823.1.b) and that the resolution gains the unit's Hunt value, summed
over every Hunt it has (823.1.c, 823.2).

Level N (824) makes a card's ability depend on its controller's XP: "while you have N or more XP" (824.1.b.1).
`has_level` reads that condition from the state; a triggered ability labelled "Level N ..." (Wuju Apprentice's
"[Level 6] When you play me, draw 1") triggers only while its controller has N XP (727.1.c.1, 824.1.c-d).
"""
from __future__ import annotations

import re
from typing import Any

from engine import turn_facts
from engine.objects import State, keyword_value
from engine.rulings import Context

LEVEL_LABEL = re.compile(r"\blevel\s*(\d+)", re.IGNORECASE)


def xp(state: State, player: str) -> int:
    """The XP `player` has (v1.3 729)."""
    return state["players"][player].get("xp", 0)


def has_level(state: State, player: str, level: int) -> bool:
    """Whether a Level `level` ability of a card `player` controls is active: they have that much XP (824.1.c)."""
    return xp(state, player) >= level


def xp_op(context: Context, item: dict[str, Any], effect: dict[str, Any], kept: set[str] | None) -> None:
    """Gain (a positive amount) or spend (a negative one) XP (v1.3 730.1-730.2)."""
    player = context.player(effect)
    entry = context.state["players"][player]
    amount = effect["amount"]
    have = entry.get("xp", 0)
    if not context.check(have + amount >= 0, "v1.3 730.2",
                         f"{item['id']} spends {-amount} XP of {player}, who has {have}"):
        amount = -have
    entry["xp"] = have + amount
    turn_facts.note(context.state, player, "xp_gained", amount)  # "If you've gained XP this turn"


def check_trigger(context: Context, source: dict[str, Any], label: str) -> None:
    """Hunt triggers when its unit conquers or holds (823.1.b); a Level ability triggers only while its controller
    has the XP (727.1.c.1, 824.1.d)."""
    state = context.state
    name = f"{source['id']} ({source['card']})"
    if label.strip().lower().startswith("hunt"):  # the source may be a battlefield or a token's last known information
        if not context.check("Hunt" in source.get("keywords", []), "v1.3 823.1.a", f"{name} has no Hunt to trigger"):
            return
        location = source.get("location") or ""
        scored = state["scored_this_turn"].get(source["controller"], [])
        context.check(source.get("zone") == "board" and location in scored, "v1.3 823.1.b",
                      f"{name}'s Hunt triggers when it conquers or holds, but {source['controller']} scored no "
                      f"battlefield it is at this turn")
    level = LEVEL_LABEL.search(label)
    if level:
        needed, have = int(level.group(1)), xp(state, source["controller"])
        context.check(have >= needed, "v1.3 824.1.d", f"{name}'s Level {needed} ability is inactive: "
                                                      f"{source['controller']} has {have} XP")


def check_resolved(context: Context, item: dict[str, Any], effects: list[dict[str, Any]]) -> None:
    """A Hunt resolves by its controller gaining the unit's Hunt value in XP (823.1.c.1, 823.1.c.2, 823.2)."""
    if item["kind"] != "ability" or not (item["label"] or "").strip().lower().startswith("hunt"):
        return
    source = context.state["objects"].get(item["source"] or "")
    if source is None:
        return
    expected = keyword_value(context.state, source, "Hunt")
    gained = sum(effect["amount"] for effect in effects
                 if effect["op"] == "xp" and effect["player"] == item["controller"] and effect["amount"] > 0)
    context.check(gained == expected, "v1.3 823.1.c.1",
                  f"{item['id']} ({source['card']}'s Hunt) gains {gained} XP; its Hunt value is {expected}")
