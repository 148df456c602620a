"""Interpreters of what engine/cards/statics.py compiles (issue 26): whether a compiled static's conditions hold
and how many things its counts count, over a state's plain data, for the rules modules that apply the statics
(engine/layers.py, engine/card_costs.py).

- `dependent_holds` / `legion_holds`: a dependent keyword's condition (v1.4 727.1; Legion, v1.4 812.1.c);
- `count`: what a `per` counts (COUNTS: runes, gear, cards in the trash, cards played this turn, units of a
  description, cards with the source's name in the trash, the highest Might among one's units);
- `extra_condition_holds`: the `while` keys of compiled statics engine/layers.py does not check itself (EXTRA);
- `in_combat_as`: a unit's combat role, alone or not (v1.4 740.2.a).

Plain data only: it imports nothing of the engine.
"""
from __future__ import annotations

from typing import Any

COUNTS = ("runes", "gear", "trash", "played", "units", "named_trash", "highest_might", "points", "attached_might",
          "empowered_times", "held_points", "tags_among")
EXTRA = ("runes_at_most", "controls", "none_played", "runes_at_least", "hand_at_most", "buffed", "objects",
         "named_in_trash", "combat", "battlefields", "score_within", "showdown_here", "turn_fact",
         "moved_times", "played_types")  # the `while` keys `extra_condition_holds` checks


def empowered_times(obj: dict[str, Any]) -> int:
    """How many times an object is Empowered: 0 or 1 (the mark, `empowered: true`, v1.4 441.1.a), or the count an
    effect's permission to be Empowered several times has raised it to (`empowered: N`, v1.4 441.1.c.1)."""
    value = obj.get("empowered")
    return 0 if not value else 1 if value is True else int(value)


def _played(state: dict[str, Any], player: str | None) -> list[str]:
    return list(state.get("played_this_turn", {}).get(player or "", []))


def legion_holds(state: dict[str, Any], player: str | None, card_id: str | None) -> bool:
    """Legion (v1.4 812.1.c): `player` finalized a card other than `card_id` this turn. For a triggered ability's
    Legion (the triggers' check) as for a passive or activated one."""
    return any(object_id != card_id for object_id in _played(state, player))


def dependent_holds(state: dict[str, Any], condition: str | None, player: str | None, card_id: str | None,
                    obj: dict[str, Any] | None = None) -> bool:
    """Whether a catalog ability's dependent condition ("Legion", "Level 6", "Empowered", "Mighty"; v1.4 727.1)
    holds for `player` and the card `card_id` (`obj`, for Empowered and Mighty). No condition holds."""
    if not condition:
        return True
    if condition == "Legion":
        return legion_holds(state, player, card_id)
    if condition.startswith("Level "):
        return player is not None and state["players"][player].get("xp", 0) >= int(condition.split()[1])
    if condition == "Empowered":
        return bool(obj and obj.get("empowered"))
    if condition == "Mighty":
        return bool(obj and obj.get("mighty"))
    return True


def _facts(state: dict[str, Any], obj: dict[str, Any]) -> dict[str, Any]:
    return state["cards"].get(obj.get("card") or "", {})


def count(state: dict[str, Any], per: dict[str, Any], player: str | None, source_id: str | None) -> int:
    """How many things a `per` counts for `player` (the static's controller)."""
    if not per or player is None:
        return 1
    kind = per["count"]
    entry = state["players"][player]
    if kind == "runes":
        return len(entry.get("runes", ()))
    if kind == "trash":
        return len(entry.get("trash", ()))
    if kind == "played":
        return len(_played(state, player))
    if kind == "tags_among":  # "for each of the following tags among your units — Bird, Cat, Dog, and Poro"
        return len({tag for obj in state["objects"].values() if obj["zone"] == "board" and obj["type"] == "Unit"
                    and obj["controller"] == player
                    for tag in (obj.get("tags") or _facts(state, obj).get("tags", ())) if tag in per["tags"]})
    if kind == "held_points":  # "for each point you scored from holding this turn" (engine/turn_facts.py)
        return state.get("turn_facts", {}).get(player, {}).get("held_points", 0)
    source = state["objects"].get(source_id or "")
    if kind == "empowered_times":  # "I have +2 [S] for each time I'm [Empowered]." (Kayle, Justified)
        return empowered_times(source or {})
    if kind == "points":  # "My Might is increased by your points."
        return entry.get("points", 0)
    if kind == "attached_might":  # the Might bonuses of the Equipment attached to the source (Gearhead)
        return sum((_facts(state, state["objects"][gear_id]).get("attached") or {}).get("might") or 0
                   for gear_id in (source or {}).get("attached", ()) if gear_id in state["objects"]
                   and "Equipment" in (_facts(state, state["objects"][gear_id]).get("tags") or ()))
    if kind == "named_trash":  # "for each card with my name in your trash"
        return _named_in_trash(state, player, source)
    if kind == "highest_might":  # "reduced by the highest Might among units you control"
        return max([obj["might"] or 0 for obj in state["objects"].values() if obj["zone"] == "board"
                    and obj["type"] == "Unit" and obj["controller"] == player], default=0)
    found = 0
    for obj in state["objects"].values():
        if obj["zone"] != "board" or (obj["controller"] != player) != bool(per.get("enemy")) \
                or obj["controller"] is None:
            continue
        if per.get("here") and (source is None or obj.get("location") != source.get("location")):
            continue
        if per.get("buffed") and not obj.get("buff"):
            continue
        if per.get("other") and source is not None and obj["id"] == source["id"]:
            continue
        if per.get("named") and (source is None or obj.get("card") != source.get("card")):
            continue
        if kind == "gear" and obj["type"] == "Gear":
            found += 1
        elif kind == "units" and obj["type"] == "Unit":
            if per.get("mighty") and not obj.get("mighty"):
                continue
            if per.get("keyword") and per["keyword"] not in obj.get("keywords", ()):
                continue
            if per.get("token") and not obj.get("token"):
                continue
            found += 1
    return found


def _named_in_trash(state: dict[str, Any], player: str, source: dict[str, Any] | None) -> int:
    """How many cards with the source's name are in `player`'s trash."""
    if source is None:
        return 0
    return sum(1 for object_id in state["players"][player].get("trash", ())
               if state["objects"].get(object_id, {}).get("card") == source.get("card"))


def _objects(state: dict[str, Any], wanted: dict[str, Any], player: str, source: dict[str, Any] | None) -> int:
    """How many objects in play a counted condition's `objects` finds: whose (`who`, relative to `player`), which
    `types` (units unless it says; None: any), `other` than the source, `where` ("here": the source's location,
    "base": the player's base), `stunned`, `empowered`."""
    types = wanted.get("types", ["Unit"])
    where = wanted.get("where")
    found = 0
    for obj in state["objects"].values():
        if obj["zone"] not in ("board", "legend") or types is not None and obj["type"] not in types:
            continue
        if (obj["controller"] == player) != (wanted.get("who") == "friendly"):
            continue
        if wanted.get("other") and source is not None and obj["id"] == source["id"]:
            continue
        if where == "here" and (source is None or obj.get("location") != source.get("location")):
            continue
        if where == "base" and obj.get("location") != f"base:{player}":
            continue
        if wanted.get("stunned") and not obj.get("stunned") or wanted.get("empowered") and not obj.get("empowered"):
            continue
        found += 1
    return found


def in_combat_as(state: dict[str, Any], obj: dict[str, Any] | None, wanted: dict[str, Any]) -> bool:
    """Whether a unit is in combat as `wanted` says: its `role` ("attacker", "defender" or "either") and, with
    `alone`, whether it is alone (v1.4 740.2.a: no other friendly units at the same location) or not."""
    if obj is None or obj.get("zone") != "board":
        return False
    role = wanted.get("role", "either")
    if not (obj.get("attacker") or obj.get("defender")) if role == "either" else not obj.get(role):
        return False
    if "alone" not in wanted:
        return True
    others = any(other["id"] != obj["id"] and other["zone"] == "board" and other["type"] == "Unit"
                 and other.get("location") == obj.get("location") and other["controller"] == obj["controller"]
                 for other in state["objects"].values())
    return others != wanted["alone"]


def _battlefields(state: dict[str, Any], wanted: dict[str, Any], player: str) -> bool:
    """"if you control a battlefield with exactly two units there" (`exactly`), "If an opponent controls a
    battlefield" (`whose: enemy`)."""
    for field in state["battlefields"]:
        if wanted.get("whose") == "enemy":
            if field["controller"] not in (None, player):
                return True
            continue
        units = sum(1 for obj in state["objects"].values() if obj["zone"] == "board" and obj["type"] == "Unit"
                    and obj.get("location") == field["id"])
        if field["controller"] == player and units == wanted["exactly"]:
            return True
    return False


def _score_within(state: dict[str, Any], wanted: dict[str, Any], player: str) -> bool:
    """"an opponent's score is within 3 points of the Victory Score" (`enemy`), "your score is not within 3 points"
    (`mine_not`)."""
    needed = victory_score(state)
    if "mine_not" in wanted:
        return needed - state["players"][player].get("points", 0) > wanted["mine_not"]
    return any(other != player and needed - entry.get("points", 0) <= wanted["enemy"]
               for other, entry in state["players"].items())


def _turn_fact(state: dict[str, Any], wanted: dict[str, Any], player: str) -> bool:
    """"If a unit died this turn" (`who` "any": anyone's), "If you've discarded a card this turn" (`who`
    "friendly": the static's controller's), counted by engine/turn_facts.py: at least `at_least` (1 unless it
    says: "If you've spent [4] or more to play a spell"), or with `none` not at all ("the first ... each turn"); a
    fact of the Beginning Phase ("during your Beginning Phase this turn") only in the controller's own turn."""
    facts = state.get("turn_facts", {})
    if wanted["fact"] == "died_beginning" and state.get("turn_player") != player:
        return False
    counted = [facts.get(player, {})] if wanted.get("who") == "friendly" else list(facts.values())
    found = sum(entry.get(wanted["fact"], 0) for entry in counted)
    return found == 0 if wanted.get("none") else found >= wanted.get("at_least", 1)


def victory_score(state: dict[str, Any]) -> int:
    """The points needed to win: the mode's and what the statics in force add (engine/rulechanges.py's
    `victory_score` rule; the state keeps only the statics in force)."""
    return state.get("victory_score", 8) + sum(static.get("value", 1) for static in state.get("statics", ())
                                               if static.get("rule") == "victory_score")


def extra_condition_holds(state: dict[str, Any], condition: dict[str, Any], player: str | None,
                          source: dict[str, Any] | None = None, location: str | None = None) -> bool:
    """The conditions of a compiled static that engine/layers.py's do not cover (EXTRA): `runes_at_most`,
    `runes_at_least`, `hand_at_most`, `controls`, `none_played`, `buffed` (its source has a buff, v1.4 702),
    `objects` (at least `at_least`, else 1, objects of that description: "While you have another unit here", "If
    an opponent controls a stunned unit"), `named_in_trash` (a card with its source's name in the trash) and
    `turn_fact` (something that happened this turn: a unit died, a card discarded, XP gained).
    `source` is the static's source object (None for a battlefield), `location` where it is (a battlefield's id):
    `showdown_here`, a showdown staged there ("During showdowns here")."""
    if condition.get("showdown_here") and (location is None or (state.get("showdown") or {}).get("battlefield")
                                           != location):
        return False  # of the source's battlefield, whoever controls it
    if player is None:
        return not any(key in condition for key in EXTRA if key != "showdown_here")
    entry = state["players"][player]
    if "runes_at_most" in condition and len(entry.get("runes", ())) > condition["runes_at_most"]:
        return False
    if "runes_at_least" in condition and len(entry.get("runes", ())) < condition["runes_at_least"]:
        return False
    if "hand_at_most" in condition and len(entry.get("hand", ())) > condition["hand_at_most"]:
        return False
    if condition.get("buffed") and not (source or {}).get("buff"):
        return False
    if "objects" in condition:
        found, wanted = _objects(state, condition["objects"], player, source), condition["objects"]
        if found < wanted.get("at_least", 1) or "exactly" in wanted and found != wanted["exactly"]:
            return False
    if condition.get("named_in_trash") and not _named_in_trash(state, player, source):
        return False
    if "combat" in condition and not in_combat_as(state, source, condition["combat"]):
        return False
    if "battlefields" in condition and not _battlefields(state, condition["battlefields"], player):
        return False
    if "score_within" in condition and not _score_within(state, condition["score_within"], player):
        return False
    if "turn_fact" in condition and not _turn_fact(state, condition["turn_fact"], player):
        return False
    if "played_types" in condition and not any(  # "If you've played a spell this turn"
            state["objects"].get(object_id, {}).get("type") in condition["played_types"]
            for object_id in _played(state, player)):
        return False
    if "moved_times" in condition and state.get("turn_facts", {}).get(player, {}).get("moves", {}).get(
            (source or {}).get("id"), 0) < condition["moved_times"]:  # "If I have moved twice this turn"
        return False
    if "controls" in condition:
        wanted = set(condition["controls"])
        if not any(obj["zone"] == "board" and obj["controller"] == player
                   and (wanted & set(obj.get("tags") or _facts(state, obj).get("tags", ())) or obj["type"] in wanted)
                   for obj in state["objects"].values()):
            return False
    if "none_played" in condition:
        first = condition["none_played"]
        for object_id in _played(state, player):
            obj = state["objects"].get(object_id)
            if obj is None or obj["type"] not in first.get("types", ()):
                continue
            if first.get("token") is False and obj.get("token"):
                continue
            return False
    return True
