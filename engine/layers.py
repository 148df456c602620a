"""Layers: how an object's Might and keywords, and a card's cost, come from printed values and continuous effects.

004 634-639 and v1.3 468-475. An object starts from its printed traits; effects then apply layer by layer:
Ability-Altering effects (keywords, v1.3 472.2) before Arithmetic (Might and costs, 472.3), increases before
decreases within Arithmetic (472.3.d), and effects of one layer in timestamp order (475.3: the order the statics
were recorded, then the modifiers in the order they were made). The layers are applied repeatedly until nothing
new applies (471): a unit that becomes Mighty in the Arithmetic layer gains what a "while I'm Mighty" static gives
in the next sequence (471.3, Fiora, Victorious), and each effect applies once.

A static effect (`state["statics"]`, recorded by engine/statics.py) lasts while its source is on the board (004
569.1: passive abilities of permanents are active only there; a legend in its zone and a battlefield count) or,
for an effect a spell or ability made, until the end of the turn (`until: "turn"`). It says what it applies to as
data (`affects`), checked here mechanically:

- `who`: `self` (the source), `friendly` (the source's controller's), `enemy` (an opponent's) or `all`;
- `other`: not the source itself; `where`: `here` (the source's location), `battlefield` or `base`;
- `tags`: any of these tags (a Mech), `types`: object types (`Unit` unless it says; `Spell`, `Unit`, `Gear` for
  cost changes; `Ability` for a static rule about abilities); `stunned`, `empowered`, `mighty`, `in_combat` (an
  attacker or a defender), `token`, `buffed`, `keyword` (one it has), `combat` (its role, alone or not: "a unit
  here defending alone"): only objects in that state; `weaker`: with less Might than the source.

and when it applies (`while`, on its source and its controller): `mighty` (004 708), `empowered`, `at`
(`battlefield` or `base`), `legion` (v1.3 812.1.c: its controller finalized another card this turn), and `level`
(v1.3 824.1.b.1: its controller has that much XP; a Level ability's dependent text, Gustwalker's "[Level 3] I have
+1 Might and Ganking"), and the conditions of the statics compiled from the cards that count things
(engine/cards/holds.py `EXTRA`: runes, cards in hand, objects in play, a buff, a name in the trash).

This module is a leaf: it reads the state's plain data and imports only engine.teams, another leaf.
"""
from __future__ import annotations

from typing import Any

from engine import layers_memo, teams
from engine.cards import CHECKED, holds
from engine.cards import statics as card_statics
from engine.editions import edition_of

State = dict[str, Any]
MIGHTY = 5  # 004 708: a unit is Mighty while its Might is 5 or more
IN_PLAY = ("board", "legend")  # where a permanent's or legend's passive abilities are active (004 569.1, 167.6)
MAX_SEQUENCES = 8  # 471: layers are applied again until no change; statics cannot chain further than this


def printed_facts(state: State, obj: dict[str, Any]) -> dict[str, Any]:
    card = obj.get("card")
    return state["cards"].get(card, {}) if card else {}


def other_types(state: State, obj: dict[str, Any]) -> list[str]:
    """The types an object has besides its `type`, in a v1.4 match: a card printed with more than one ("Unit,
    Gear") is affected by effects that interact with any of them (v1.4 178.3). None in earlier editions, which
    define no such cards (the engine took the first type alone)."""
    types = printed_facts(state, obj).get("types")
    if not types or obj["type"] != types[0] or not edition_of(state).multiple_types:
        return []
    return types[1:]


def attached_keywords(card: dict[str, Any]) -> dict[str, int | None]:
    """The keywords an Equipment's Effect Text gives the unit it is attached to (v1.3 718.3), with their numbers
    (None: printed without one), from the catalog's `attached` (what the unit gets, `{might, text, abilities}`).
    A keyword with a condition ("[Level 3][>]") is not had unconditionally."""
    gives = card.get("attached") or {}
    return {ability["keyword"]: ability.get("value") for ability in gives.get("abilities", [])
            if "keyword" in ability and "condition" not in ability}


def _attached_cards(state: State, obj: dict[str, Any]) -> list[dict[str, Any]]:
    """The facts of the cards attached to `obj` (v1.3 719: it is their Top-Most Card)."""
    return [printed_facts(state, state["objects"][gear_id]) for gear_id in obj.get("attached", ())
            if gear_id in state["objects"]]


def is_mighty(obj: dict[str, Any]) -> bool:
    """004 708-711: a unit is Mighty while its Might is 5 or more; off the board its printed Might counts (711)."""
    might = obj["might"] if obj["zone"] == "board" else obj["printed_might"]
    return obj["type"] == "Unit" and might is not None and might >= MIGHTY


# -- sources ---------------------------------------------------------------------------------------------------
def source_of(state: State, static: dict[str, Any]) -> dict[str, Any] | None:
    """The object or battlefield a static comes from, while it is still the one recorded (356.3.e.4: an object
    that left the board is a new object), else None."""
    source = static["source"]
    obj = state["objects"].get(source)
    if obj is not None:
        return obj if obj["incarnation"] == static.get("incarnation", obj["incarnation"]) else None
    return next((entry for entry in state["battlefields"] if entry["id"] == source), None)


def in_force(state: State, static: dict[str, Any]) -> bool:
    """Whether a static still lasts: its source is in play, or it lasts this turn whatever its source does."""
    if static.get("until") == "turn":
        return True
    source = source_of(state, static)
    return source is not None and ("units" in source or source["zone"] in IN_PLAY)


def _controller(state: State, static: dict[str, Any]) -> str | None:
    source = source_of(state, static)
    if source is None or "units" not in source and source["zone"] not in IN_PLAY:
        return static.get("controller")
    return source["controller"]


def source_controller(state: State, static: dict[str, Any]) -> str | None:
    """The controller of a static's source now (else the one it was recorded with)."""
    return _controller(state, static)


def source_location(state: State, static: dict[str, Any]) -> str | None:
    """Where a static's source is: its location on the board, or the battlefield itself."""
    return _location(state, static)


def _location(state: State, static: dict[str, Any]) -> str | None:
    source = source_of(state, static)
    if source is None:
        return None
    return source["id"] if "units" in source else source.get("location")


# -- conditions --------------------------------------------------------------------------------------------------
def played_other(state: State, player: str | None, card_id: str | None) -> bool:
    """Legion (v1.3 812.1.c): `player` finalized a card other than `card_id` this turn."""
    played = state.get("played_this_turn", {}).get(player or "", [])
    return any(object_id != card_id for object_id in played)


def condition_holds(state: State, static: dict[str, Any], might: dict[str, int] | None = None) -> bool:
    """Whether a static's `while` holds now. `might` gives the Might worked out so far in this sequence of the
    layers, for "while I'm Mighty" (471)."""
    condition = static.get("while")
    if not condition:
        return True
    source = source_of(state, static)
    obj = source if source is not None and "units" not in source else None
    if condition.get("legion") and not played_other(state, _controller(state, static), static["source"]):
        return False
    if "level" in condition:  # v1.3 824.1.c: while the controller (now, 824.1.c.1) has N or more XP
        controller = _controller(state, static)
        if controller is None or state["players"][controller].get("xp", 0) < condition["level"]:
            return False
    if "empowered" in condition and not empowered_as(obj or {}, condition["empowered"]):
        return False
    if "mighty" in condition:
        current = (might or {}).get(obj["id"], obj["might"]) if obj else None
        if (current is not None and current >= MIGHTY) != bool(condition["mighty"]):
            return False
    if "unless" in condition and condition_holds(state, {**static, "while": condition["unless"]}, might):
        return False  # "I don't deal combat damage unless I'm at a battlefield with exactly one other unit ..."
    if any(key in condition for key in holds.EXTRA) and \
            not holds.extra_condition_holds(state, condition, _controller(state, static), obj,
                                            _location(state, static)):
        return False
    if "at" in condition:
        location = _location(state, static) or ""
        at_base = location.startswith("base:")
        if condition["at"] == "base" and not at_base or condition["at"] == "battlefield" and (at_base or not location):
            return False
    return True


empowered_times = holds.empowered_times  # how many times an object is Empowered (engine/cards/holds.py)


def empowered_as(obj: dict[str, Any], wanted: bool | int) -> bool:
    """A static's `empowered` condition: true or false (Empowered or not), or a number N ("While I'm Empowered
    three times": Empowered at least N times)."""
    if isinstance(wanted, bool):
        return bool(obj.get("empowered")) == wanted
    return empowered_times(obj) >= wanted


def affects(state: State, static: dict[str, Any], obj: dict[str, Any], might: dict[str, int] | None = None,
            keywords: dict[str, set[str]] | None = None) -> bool:
    """Whether a static applies to `obj` (an object on the board, or a card being played for a cost change)."""
    return _affects_whatever_might(state, static, obj) and _affects_at_might(state, static, obj, might)


def _affects_whatever_might(state: State, static: dict[str, Any], obj: dict[str, Any]) -> bool:
    """The part of `affects` that the Might worked out in a sequence of the layers does not change: whose, which
    types, tags, where and which statuses. While the layers are applied nothing of this changes, so they ask it once
    per static and object (`_candidates`), not once per sequence."""
    rule = static.get("affects", {})
    who = rule.get("who", "self")
    is_source = obj["id"] == static["source"]
    if who == "self" and not is_source or rule.get("other") and is_source:
        return False
    if who in ("friendly", "enemy"):
        controller = _controller(state, static)
        # 648.8.d: a teammate's objects are friendly too (v1.3 740.1)
        friendly = obj["controller"] == controller or (
            controller is not None and obj["controller"] is not None
            and state["players"][controller].get("team") is not None
            and teams.are_teammates(state, controller, obj["controller"]))
        if friendly != (who == "friendly") or controller is None:
            return False
    types = rule.get("types", None if who == "self" else ["Unit"])
    if types is not None and obj["type"] not in types and not set(other_types(state, obj)) & set(types):
        return False
    tags = rule.get("tags")
    if tags and not set(tags) & set(obj.get("tags") or printed_facts(state, obj).get("tags", [])):
        return False
    where = rule.get("where")
    location = obj.get("location") or ""
    if where == "here" and location != _location(state, static):
        return False
    if where == "base" and not location.startswith("base:") or where == "battlefield" and (
            not location or location.startswith("base:")):
        return False
    if "stunned" in rule and bool(obj.get("stunned")) != bool(rule["stunned"]):
        return False
    if "empowered" in rule and not empowered_as(obj, rule["empowered"]):
        return False
    if "in_combat" in rule and bool(obj.get("attacker") or obj.get("defender")) != bool(rule["in_combat"]):
        return False
    if "token" in rule and bool(obj.get("token")) != bool(rule["token"]):
        return False
    if "buffed" in rule and bool(obj.get("buff")) != bool(rule["buffed"]):
        return False
    if "keyword" in rule and rule["keyword"] not in obj.get("keywords", ()):  # as worked out at its last refresh
        return False
    if "from" in rule and obj.get("played_from") != rule["from"]:  # a card played from that zone (engine/play.py)
        return False
    if "of" in rule and obj.get("source_type") not in rule["of"]:  # an ability of a gear (`cost_changes`)
        return False
    if "chooses" in rule and not _chooses(state, static, obj, rule["chooses"]):
        return False
    if "combat" in rule and not holds.in_combat_as(state, obj, rule["combat"]):  # "defending alone"
        return False
    return True


def _chooses(state: State, static: dict[str, Any], card: dict[str, Any], wanted: dict[str, Any]) -> bool:
    """`affects.chooses`: the card played (its `targets`, engine/play.py) chooses a unit on the board of that
    description: `who` "friendly" to the card (its controller's), `where` "here" (the static's location). "Each
    spell that chooses one or more units here that are friendly to it" (Sandswept Tomb)."""
    for target in card.get("targets") or ():
        unit = state["objects"].get(target)
        if unit is None or unit["zone"] != "board" or unit["type"] != "Unit":
            continue
        if wanted.get("who") == "friendly" and unit["controller"] != card.get("controller"):
            continue
        if wanted.get("where") == "here" and unit.get("location") != _location(state, static):
            continue
        return True
    return False


def _affects_at_might(state: State, static: dict[str, Any], obj: dict[str, Any],
                      might: dict[str, int] | None) -> bool:
    """The part of `affects` that depends on Might: `mighty` and `weaker` (471.3: it may change between the
    sequences of the layers)."""
    rule = static.get("affects", {})
    if "mighty" in rule:
        current = (might or {}).get(obj["id"], obj.get("might"))
        if (current is not None and current >= MIGHTY) != bool(rule["mighty"]):
            return False
    if rule.get("weaker") and not _weaker(state, static, obj, might):
        return False
    return True


def _candidates(state: State, static: dict[str, Any], objects: list[dict[str, Any]],
                by_id: dict[str, dict[str, Any]]) -> list[dict[str, Any]]:
    """The objects on the board among `objects` that a static may affect whatever their Might, in `objects`'
    order. Worked out once per application of the layers: a static of its source alone (`who: self`, most of them)
    is looked up by its source's id instead of asked of every object in play (runes included)."""
    rule = static.get("affects", {})
    if rule.get("who", "self") == "self":
        source = by_id.get(static["source"])
        found = [] if source is None else [source]
    else:  # of the types it names, Units unless it says (the check `_affects_whatever_might` makes first, cheaply:
        # only a card printed with more than one type has other types to ask about)
        types = rule.get("types", ["Unit"])
        cards = state["cards"]
        found = objects if types is None else [
            obj for obj in objects if obj["type"] in types
            or len(cards.get(obj.get("card") or "", {}).get("types") or ()) > 1
            and set(other_types(state, obj)) & set(types)]
    return [obj for obj in found if obj["zone"] == "board" and _affects_whatever_might(state, static, obj)]


def _weaker(state: State, static: dict[str, Any], obj: dict[str, Any], might: dict[str, int] | None) -> bool:
    """`affects.weaker`: with less Might than the static's source ("units here with less Might than me")."""
    source = source_of(state, static)
    if source is None or "units" in source:
        return False
    mine = (might or {}).get(source["id"], source.get("might"))
    theirs = (might or {}).get(obj["id"], obj.get("might"))
    return mine is not None and theirs is not None and theirs < mine


# -- statics compiled from the cards (a match whose abilities the engine checks) -------------------------------
def _times(state: State, static: dict[str, Any]) -> int:
    """How many times a static's change applies: its `per` count ("for each rune you control"), else once."""
    per = static.get("per")
    return holds.count(state, per, _controller(state, static), static["source"]) if per else 1


def sync_compiled(state: State, objects: tuple[dict[str, Any], ...] = ()) -> None:
    """Put in force the passive abilities compiled from the text of each permanent and legend in play and each
    battlefield (engine/cards/statics.py, v1.4 365.1), in a match whose abilities the engine checks: each once
    per incarnation of its source, marked `compiled`, with its `text`. Of the objects, those given are looked at:
    the one being refreshed, since every object enters play (is created there, moves there, is revealed or becomes
    a copy) through a refresh of it (engine/objects.py); with none, the battlefields. A permanent attached to a unit
    has its rules text inactive (v1.3 718.2): its statics are not put in force as it enters attached (not yet taken
    out when it is attached later). They end as their source leaves the board (569.1)."""
    cards = state["cards"]
    sources = [(entry["id"], entry["card"], entry["controller"], entry["incarnation"]) for entry in objects
               if entry["zone"] in IN_PLAY and not entry.get("attached_to") and _has_statics(cards, entry.get("card"))]
    if not objects:  # the battlefields, at each refresh of every object (after each event, engine/fold.py)
        sources += [(entry["id"], entry["name"], entry["controller"], None) for entry in state["battlefields"]
                    if _has_statics(cards, entry.get("name"))]
    if not sources:
        return
    statics = state.setdefault("statics", [])
    have = {static["id"].rpartition("~")[0] for static in statics if static.get("compiled")}
    for source, card, controller, incarnation in sources:
        if f"{source}~{incarnation}" in have:
            continue  # a source's statics are put in force together, once per incarnation
        for index, static in enumerate(card_statics.card_statics(cards[card], "board")):
            entry = {"id": f"{source}~{incarnation}~{static['ability']}.{index}",
                     **{key: value for key, value in static.items() if key != "zone"},
                     "source": source, "controller": controller, "compiled": True}
            if incarnation is not None:
                entry["incarnation"] = incarnation
            statics.append(entry)


def _has_statics(cards: dict[str, Any], card: str | None) -> bool:
    """Whether a card has passive abilities compiled to statics on the board (cached by its text)."""
    facts = cards.get(card or "")
    return bool(facts and facts.get("abilities") and card_statics.board_static_count(facts))


# -- Might and keywords ------------------------------------------------------------------------------------------
def _value(value: Any) -> int:
    return value if isinstance(value, int) and not isinstance(value, bool) else 1


def keyword_value(state: State, obj: dict[str, Any], keyword: str) -> int:
    """The summed value of a keyword an object has: printed (its catalog value, 1 without a number: 719.1.b.3),
    granted by an op (its `value`, else 1) and given by statics (their `values`, else 1); 719.2, 721.2, 726.2."""
    if keyword not in obj["keywords"]:
        return 0
    total = 0
    if keyword in obj["printed_keywords"]:
        total += printed_facts(state, obj).get("keyword_values", {}).get(keyword, 1)
    for modifier in obj["modifiers"]:
        if modifier["kind"] == "keyword" and modifier["keyword"] == keyword:
            total += _value(modifier.get("value"))
    for card in _attached_cards(state, obj):  # v1.3 718.3: the Effect Text of attached cards
        granted = attached_keywords(card)
        if keyword in granted:
            total += _value(granted[keyword])
    absent = 0  # "have [Deflect] if they didn't already" (`if_absent`): an instance only where there is none else
    for static in state.get("statics", []):
        if static["id"] in obj.get("statics", ()) and keyword in static.get("keywords", ()):
            value = _value(static.get("values", {}).get(keyword)) * _times(state, static)
            absent, total = (max(absent, value), total) if static.get("if_absent") else (absent, total + value)
    return total or absent


def refresh(state: State, obj: dict[str, Any]) -> None:
    """Work out `obj`'s Might and keywords again, and with statics in force every other object's too (a change to
    one object can change what a static gives the others)."""
    if state.get("abilities") == CHECKED:
        sync_compiled(state, (obj,))
    if state.get("statics"):
        refresh_all(state, synced=True)
        if obj["zone"] in IN_PLAY and obj["id"] in state["objects"]:
            return
    _apply_layers(state, [obj], [])


def refresh_all(state: State, synced: bool = False) -> None:
    """End the statics whose source left the board (004 569.1), then work out every object in play again (with,
    in a checked match, the statics compiled from the battlefields' text, unless `synced` already)."""
    if not synced and state.get("abilities") == CHECKED:
        sync_compiled(state)
    statics = state.get("statics")
    if not statics or layers_memo.unchanged(state):  # nothing they read changed since they were last applied
        return
    kept = [static for static in statics if in_force(state, static)]
    if len(kept) != len(statics):
        state["statics"] = kept
    in_play = [obj for obj in state["objects"].values() if obj["zone"] in IN_PLAY]
    _apply_layers(state, in_play, kept)
    if any(layers_memo.reads_what_layers_write(static) for static in kept):
        layers_memo.forget(state)  # applying the layers again may change what this application wrote
    else:
        layers_memo.remember(state)


def _apply_layers(state: State, objects: list[dict[str, Any]], statics: list[dict[str, Any]]) -> None:
    """v1.3 471-475 for these objects: keywords (472.2), then Might, increases before decreases (472.3.d), in
    sequences until nothing new applies. A negative total counts as 0 (004 139.2.b)."""
    statics = [static for static in statics if static.get("keywords") or static.get("might")]  # the rest: costs
    if not statics:
        for obj in objects:
            _plain(state, obj)
        return
    by_id = {obj["id"]: obj for obj in objects}
    candidates = [_candidates(state, static, objects, by_id) for static in statics]
    objects = _taking_part(state, objects, statics, candidates)
    might = {obj["id"]: obj["printed_might"] for obj in objects}
    keywords = {obj["id"]: set(obj["printed_keywords"]) for obj in objects}
    given: dict[str, list[str]] = {obj["id"]: [] for obj in objects}
    applied: set[tuple[str, str, str]] = set()
    # Nothing is written to the state before the sequences end: what a static may affect whatever the Might
    # (`_candidates`) and how much its Might change is (its `per` count) are asked once, not in each sequence.
    times = [_times(state, static) for static in statics]
    deltas = [static.get("might", 0) and static["might"] * count for static, count in zip(statics, times)]
    # So is a condition that is not "while I'm Mighty", and whether a static's `affects` reads Might at all.
    holds = [None if "mighty" in (static.get("while") or {}) else condition_holds(state, static)
             for static in statics]
    at_might = ["mighty" in static.get("affects", {}) or bool(static.get("affects", {}).get("weaker"))
                for static in statics]

    def holds_now(index: int) -> bool:
        held = holds[index]
        return condition_holds(state, statics[index], might) if held is None else held

    def found_for(index: int) -> list[dict[str, Any]]:
        return candidates[index]
    # Nothing the layers write changes an object's modifiers, attachments or buff: their Might changes once.
    fixed = {obj["id"]: _fixed_arithmetic(state, obj) for obj in objects if obj["printed_might"] is not None}
    for _ in range(MAX_SEQUENCES):
        changed = False
        # Layer 2, Ability-Altering: keywords granted by ops, the Effect Text of attached cards (v1.3 472.2.c),
        # then keywords given by statics in timestamp order.
        for obj in objects:
            for index, modifier in enumerate(obj["modifiers"]):
                if modifier["kind"] == "keyword" and (obj["id"], "k", str(index)) not in applied:
                    applied.add((obj["id"], "k", str(index)))
                    keywords[obj["id"]].add(modifier["keyword"])
                    changed = True
            if obj.get("attached") and (obj["id"], "k", "attached") not in applied:
                applied.add((obj["id"], "k", "attached"))
                for card in _attached_cards(state, obj):
                    keywords[obj["id"]].update(attached_keywords(card))
                changed = True
        for index, static in enumerate(statics):
            if not static.get("keywords") or not holds_now(index) or not times[index]:
                continue  # "[Assault] equal to the number of ...", with none of them: none
            for obj in found_for(index):
                key = (obj["id"], "s", static["id"])
                if key not in applied and (not at_might[index] or _affects_at_might(state, static, obj, might)):
                    applied.add(key)
                    keywords[obj["id"]].update(static["keywords"])
                    given[obj["id"]].append(static["id"])
                    changed = True
        # Layer 3, Arithmetic: increases first, then decreases (472.3.d).
        for increases in (True, False):
            for obj in objects:
                if might[obj["id"]] is None:
                    continue
                for delta, key in _own_arithmetic(state, obj, keywords[obj["id"]], given[obj["id"]], statics,
                                                  fixed[obj["id"]]):
                    if (delta >= 0) == increases and (obj["id"], "m", key) not in applied:
                        applied.add((obj["id"], "m", key))
                        might[obj["id"]] += delta
                        changed = changed or delta != 0
            for index, static in enumerate(statics):
                delta = deltas[index]
                if not delta or (delta > 0) != increases or not holds_now(index):
                    continue
                for obj in found_for(index):
                    key = (obj["id"], "s", static["id"] + "m")
                    if key in applied or might[obj["id"]] is None or \
                            at_might[index] and not _affects_at_might(state, static, obj, might):
                        continue
                    applied.add(key)
                    floor, amount = static.get("min"), delta
                    if delta < 0 and floor is not None:  # 472.3.b: "to a minimum of N", for each object apart
                        amount = max(delta, min(0, floor - might[obj["id"]]))
                    might[obj["id"]] += amount
                    if static["id"] not in given[obj["id"]]:
                        given[obj["id"]].append(static["id"])
                    changed = True
        if not changed:
            break
    for obj in objects:
        obj["keywords"] = sorted(keywords[obj["id"]])
        value = might[obj["id"]]
        obj["might"] = None if value is None else max(0, value)
        if given[obj["id"]]:
            obj["statics"] = given[obj["id"]]
        else:
            obj.pop("statics", None)
        if obj["type"] == "Unit":
            obj["mighty"] = is_mighty(obj)


def _taking_part(state: State, objects: list[dict[str, Any]], statics: list[dict[str, Any]],
                 candidates: list[list[dict[str, Any]]]) -> list[dict[str, Any]]:
    """Of `objects`, those the sequences of the layers must work out together (in `objects`' order): the objects a
    static may affect (its candidates, whatever their Might) and the statics' sources, whose Might a condition
    ("while I'm Mighty") or `weaker` reads as the sequences work it out (471.3). Each other object is worked out
    alone at once (`_plain`): no static gives it anything, and nothing the sequences ask depends on its Might or
    keywords, so they would come to what `_plain` does in one sequence (its keywords first, then the sum of its
    own Might changes, 472.3.d orders what the sum does not depend on). Most objects in play are runes and gear
    that no static names: this keeps the sequences to the few units the statics are about."""
    taking_part = {obj["id"] for found in candidates for obj in found}
    taking_part.update(static["source"] for static in statics)
    if len(taking_part) >= len(objects):
        return objects
    for obj in objects:
        if obj["id"] not in taking_part:
            _plain(state, obj)
    return [obj for obj in objects if obj["id"] in taking_part]


def _plain(state: State, obj: dict[str, Any]) -> None:
    """One object with no static in force: printed values, granted keywords, then its own Might changes (the same
    layers, in one sequence: nothing conditional can apply)."""
    if obj["printed_might"] is None and not obj["modifiers"] and not obj.get("attached") and obj["type"] != "Unit":
        obj["keywords"] = sorted(set(obj["printed_keywords"]))  # most runes and gear: their printed keywords alone
        obj["might"] = None
        obj.pop("statics", None)
        return
    keywords = set(obj["printed_keywords"])
    for modifier in obj["modifiers"]:
        if modifier["kind"] == "keyword":
            keywords.add(modifier["keyword"])
    for card in _attached_cards(state, obj) if obj.get("attached") else ():  # v1.3 472.2.c
        keywords.update(attached_keywords(card))
    might = obj["printed_might"]
    if might is not None:
        might = max(0, might + sum(delta for delta, _ in _own_arithmetic(state, obj, keywords, [], [])))
    obj["keywords"] = sorted(keywords)
    obj["might"] = might
    obj.pop("statics", None)
    if obj["type"] == "Unit":
        obj["mighty"] = might is not None and might >= MIGHTY if obj["zone"] == "board" else is_mighty(obj)


def _own_arithmetic(state: State, obj: dict[str, Any], keywords: set[str], given: list[str],
                    statics: list[dict[str, Any]], fixed: list[tuple[int, str]] | None = None) -> list[tuple[int, str]]:
    """The object's own Might changes: its modifiers, its buff (004 703), and Assault while an attacker (719.1.c)
    and Shield while a defender (726.1.c), valued with the keywords it has so far. `fixed` is what
    `_fixed_arithmetic` gave for it, when the caller worked it out once for several sequences."""
    changes = list(_fixed_arithmetic(state, obj) if fixed is None else fixed)
    for keyword, designated in (("Assault", obj["attacker"]), ("Shield", obj["defender"])):
        if designated and keyword in keywords:
            changes.append((_summed(state, obj, keyword, given, statics), keyword))
    return changes


def _fixed_arithmetic(state: State, obj: dict[str, Any]) -> list[tuple[int, str]]:
    """The object's own Might changes that no sequence of the layers changes: its Might modifiers, the Might
    Bonuses of the cards attached to it (v1.3 472.3.c) and its buff (004 703)."""
    changes = [(modifier["delta"], f"d{index}") for index, modifier in enumerate(obj["modifiers"])
               if modifier["kind"] == "might"]
    changes += [((card.get("attached") or {}).get("might") or 0, f"a{index}")
                for index, card in enumerate(_attached_cards(state, obj))]
    if obj["buff"]:
        changes.append((obj["buff"], "buff"))
    return changes


def _summed(state: State, obj: dict[str, Any], keyword: str, given: list[str],
            statics: list[dict[str, Any]]) -> int:
    total = printed_facts(state, obj).get("keyword_values", {}).get(keyword, 1) \
        if keyword in obj["printed_keywords"] else 0
    total += sum(_value(modifier.get("value")) for modifier in obj["modifiers"]
                 if modifier["kind"] == "keyword" and modifier["keyword"] == keyword)
    total += sum(_value(attached_keywords(card)[keyword]) for card in _attached_cards(state, obj)
                 if keyword in attached_keywords(card))
    total += sum(_value(static.get("values", {}).get(keyword)) * _times(state, static) for static in statics
                 if static["id"] in given and keyword in static.get("keywords", ()))
    return total


# -- entering and costs ------------------------------------------------------------------------------------------
def enters_ready(state: State, obj: dict[str, Any], own: list[dict[str, Any]] = ()) -> bool:
    """Whether a static makes a unit entering the board enter ready ("I enter ready", "your Mechs enter ready"):
    the statics in force and the entering card's own (`own`, v1.3 359.2.a)."""
    return any(static.get("enter_ready") and condition_holds(state, static) and affects(state, static, obj)
               for static in [*state.get("statics", []), *own])


def enters_exhausted(state: State, obj: dict[str, Any], own: list[dict[str, Any]] = ()) -> bool:
    """Whether a static makes a permanent entering the board enter exhausted: a gear's "This enters exhausted"
    (v1.4 359.2.d: gear enters ready otherwise; the statics in force and the entering card's own, `own`)."""
    return any(static.get("enter_exhausted") and condition_holds(state, static) and affects(state, static, obj)
               for static in [*state.get("statics", []), *own])


def expire_turn(state: State) -> None:
    """004 517.2.b: "this turn" statics end in the expiration step."""
    statics = state.get("statics")
    if statics and any(static.get("until") == "turn" for static in statics):
        state["statics"] = [static for static in statics if static.get("until") != "turn"]
        _apply_layers(state, [obj for obj in state["objects"].values() if obj["zone"] in IN_PLAY],
                      state["statics"])


def cost_changes(state: State, obj: dict[str, Any], player: str,
                 own: list[dict[str, Any]] = (), ability: bool = False) -> list[dict[str, Any]]:
    """The statics that change the cost of the card `obj` as `player` plays it (later revision 353.3-353.4): those
    in force and the card's own (004 570.2: a card's cost abilities work from the zone it is played from).
    Increases first, then the discounts with a minimum, then the rest (a player applies discounts in the order
    they like, 353.4; this order is the one that costs them least)."""
    card = dict(obj, controller=player, type="Ability", source_type=obj["type"]) if ability else \
        dict(obj, controller=player)
    found = [static for static in [*state.get("statics", []), *own]
             if static.get("cost") and condition_holds(state, static)
             and ability == ("Ability" in static.get("affects", {}).get("types", ()))
             and affects(state, static, card) and in_force_for_play(state, static, obj)]
    found = [_scaled(state, static) for static in found]
    return sorted(found, key=lambda static: (_is_discount(static), "min_energy" not in static["cost"]
                                             and "min_power" not in static["cost"]))


def _scaled(state: State, static: dict[str, Any]) -> dict[str, Any]:
    """A cost change with a count (`per`) as the change it makes now: "[1] less for each gear you control" with
    three gear is [3] less."""
    if not static.get("per"):
        return static
    times = _times(state, static)
    cost = {part: value * times if part in ("energy", "power") else value for part, value in static["cost"].items()}
    return {**static, "cost": cost}


def in_force_for_play(state: State, static: dict[str, Any], obj: dict[str, Any]) -> bool:
    """A card's own cost statics work while it is played (570.2); others while their source is in play."""
    return static["source"] == obj["id"] or in_force(state, static)


def _is_discount(static: dict[str, Any]) -> bool:
    cost = static["cost"]
    return cost.get("energy", 0) + cost.get("power", 0) < 0


def change_cost(energy: int, power: int, static: dict[str, Any]) -> tuple[int, int]:
    """One cost change applied to a cost: an increase adds (353.3), a discount takes off down to its own minimum
    (353.4.c) and never below 0 (353.5)."""
    cost = static["cost"]
    for part, value in (("energy", energy), ("power", power)):
        delta = cost.get(part, 0)
        if delta < 0:
            floor = cost.get(f"min_{part}", 0)
            new = value if value <= floor else max(floor, value + delta)
        else:
            new = value + delta
        energy, power = (new, power) if part == "energy" else (energy, new)
    return max(0, energy), max(0, power)
