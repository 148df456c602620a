"""Readable one-liners for recorded events, for the viewer's timeline and `riftlog show`.

Presentation only: nothing here decides what is legal. Object ids are named through the viewed state's `objects`
(so a spectator's view, where the engine hides a card, shows only the id), and cards an event lists in the clear
(draws, hidden cards) are shown only to the judge and to the player they belong to.
"""
from __future__ import annotations

import json
from typing import Any, Callable

import replays
from engine import infractions
from engine.errors import MalformedEvent
from engine.mechanics import KEYWORDS
from engine.views import sees_card

Namer = Callable[[Any], str]
PRINTED_KEYWORDS = {keyword.casefold(): keyword for keyword in KEYWORDS}  # "weaponmaster" -> "Weaponmaster"


def card_of(state: dict[str, Any] | None, ref: Any) -> str | None:
    """The card an object id, a chain item id or a battlefield id stands for in this state, None when the state
    does not show it."""
    if not isinstance(ref, str) or not state:
        return None
    objects = state.get("objects") or {}
    if ref in objects:
        return (objects[ref] or {}).get("card")
    for field in state.get("battlefields") or []:
        if field.get("id") == ref:
            return field.get("name")
    for item in state.get("chain") or []:
        if item.get("id") == ref:
            return item.get("card") or card_of(state, item.get("source"))
    return None


def object_namer(state: dict[str, Any] | None, players: dict[str, str] | None = None,
                 known: dict[str, str] | None = None) -> Namer:
    """A function naming an object or chain item id as "Card (o17)" when the state shows its card (else when
    `known` maps it to one, e.g. a chain item that has since resolved or a battlefield of an earlier game), a
    player id ("P1") by the player's name when `players` gives one, and anything else as itself."""
    known = known or {}
    return namer(lambda ref: card_of(state, ref) or known.get(ref), players)


def namer(card: Callable[[str], str | None], players: dict[str, str] | None = None) -> Namer:
    """A function naming a player id by the player's name (from `players`), an id whose card `card` gives as
    "Card (o17)", and anything else as itself."""
    players = players or {}

    def name(ref: Any) -> str:
        if isinstance(ref, str) and ref in players:
            return players[ref]
        shown = card(ref) if isinstance(ref, str) else None
        return f"{shown} ({ref})" if shown else str(ref)

    return name


def seen_card(state: dict[str, Any] | None, ref: str, viewer: str) -> str | None:
    """`card_of` within what `viewer` may see: None for a card in someone else's hand (rule 127)."""
    obj = (state.get("objects") or {}).get(ref) if state else None
    if obj is not None and not sees_card(obj, viewer):
        return None
    return card_of(state, ref)


def timeline_texts(cursor: replays.Cursor, first: int, last: int, viewer: str,
                   players: dict[str, str], *, every_line: bool = False) -> dict[int, str]:
    """The timeline's line for each seq first..last as `viewer` sees it, by seq. Each event is worded from the
    state before it (an id it brings in, from the state after it), within what the view may see, so a line reads
    the same from every seq of the match; lines are cached with the cursor's timeline.

    `every_line` (the viewer's pages, which jump about): if a line of first..last is not worded yet, every line of
    the match not worded yet in this view is, in the same fold. Wording only the window would fold it from the
    nearest snapshot at every jump to an unvisited part of a long match; this way that is done once per view, then
    carried on as the match grows (only new lines are worded), and a page costs the same at any seq of a match of
    any length."""
    texts = cursor.texts(viewer)
    if all(seq in texts for seq in range(first, last + 1)):
        return {seq: texts[seq] for seq in range(first, last + 1)}
    missing = [seq for seq in (range(1, cursor.head_seq + 1) if every_line else range(first, last + 1))
               if seq not in texts]
    events, passes, wanted = cursor.events_seen_by(viewer), cursor.passes, set(missing)

    def word(seq: int, card: Callable[[str], str | None]) -> str:
        return describe_event(events[seq - 1], namer(card, players), viewer, passes.get(seq))

    def from_before(seq: int, state: dict[str, Any] | None) -> tuple[int, dict[str, str | None]] | None:
        """Word `seq` from the state before it (folding changes that state in place: it is read now); the ids it
        did not show are kept to be named from the state after, when the fold gets there."""
        seen: dict[str, str | None] = {}

        def card(ref: str) -> str | None:
            seen[ref] = seen_card(state, ref, viewer)
            return seen[ref]

        text = word(seq, card)
        if all(seen.values()):
            texts.setdefault(seq, text)
            return None
        return seq, seen

    start = missing[0] - 1  # the seq whose state is before the first missing line
    pending = from_before(1, None) if start == 0 else None
    for seq, _, state in cursor.fold(max(start - 1, 0), missing[-1]):
        if pending is not None:
            waiting, seen = pending
            texts.setdefault(waiting, word(waiting, lambda ref: seen.get(ref) or seen_card(state, ref, viewer)))
            pending = None
        if seq + 1 in wanted:
            pending = from_before(seq + 1, state)
    return {seq: texts[seq] for seq in range(first, last + 1)}


def describe_event(event: dict[str, Any], name: Namer | None = None, viewer: str = "judge",
                   passed: str | None = None) -> str:
    """One line for one event, e.g. "P1 plays Void Seeker (o17) to bf1 targeting Yasuo (o30)". A `pass` names only
    its player: `passed` says what it passed ("priority", "focus" or "beginning", see `replays.passing`)."""
    name = name or str
    kind = event.get("type")
    if kind == "pass":
        return _pass(event, name, passed)
    describe = _DESCRIBERS.get(kind) if isinstance(kind, str) else None
    if describe is None:
        fields = {key: value for key, value in event.items() if key != "type"}
        return f"{kind}: {json.dumps(fields, separators=(', ', ': '), default=str)}" if fields else str(kind)
    return describe(event, name, viewer)


def _refs(event: dict[str, Any]) -> list[Any]:
    """The objects or battlefield a judge's `error` names (engine/errors_as_played.py)."""
    refs = event.get("objects") if isinstance(event.get("objects"), list) else []
    return [*refs, *(event[field] for field in ("source", "battlefield") if isinstance(event.get(field), str))]


def _list(items: Any, name: Namer) -> str:
    if not items:
        return "nothing"
    if not isinstance(items, list):
        items = [items]
    return ", ".join(name(item) for item in items)


def _cards(cards: Any, owner: Any, viewer: str, noun: str = "card") -> str:
    """A list of card names, or just their number for a viewer who may not see them (rule 127)."""
    cards = cards if isinstance(cards, list) else [cards]
    count = f"{len(cards)} {noun}{'' if len(cards) == 1 else 's'}"
    if viewer not in ("judge", owner):
        return count
    shown = [str(card) if card is not None else "an unseen card" for card in cards]
    return f"{count}: {', '.join(shown)}" if len(cards) > 1 else shown[0] if shown else count


def _targets(event: dict[str, Any], name: Namer) -> str:
    targets = event.get("targets")
    return f" targeting {_list(targets, name)}" if targets else ""


def _pay(pay: Any, name: Namer) -> str:
    if not isinstance(pay, dict):
        return ""
    parts = [f"{how} {_list(pay[how], name)}" for how in ("exhaust", "recycle") if pay.get(how)]
    return f", paying: {'; '.join(parts)}" if parts else ""


def _location(location: Any, name: Namer) -> str:
    if location == "base":
        return "base"
    if isinstance(location, str) and location.startswith("base:"):
        return f"{location[5:]}'s base"
    return name(location)


def _options(options: Any) -> str:
    if not isinstance(options, dict) or not options:
        return ""
    chosen = [key if value is True else f"{key}={value}" for key, value in options.items() if value is not False]
    return f" ({', '.join(chosen)})" if chosen else ""


def _match_created(event, name, viewer):
    players = event.get("players") or []
    who = " vs ".join(
        f"{p.get('name', f'P{n}')} ({p.get('legend', '?')})" for n, p in enumerate(players, 1) if isinstance(p, dict)
    )
    return f"match created: {event.get('mode', 'duel')}, {event.get('policy', 'strict')}: {who}"


def _game_started(event, name, viewer):
    battlefields = event.get("battlefields") or {}
    chosen = ", ".join(f"{name(player)} {field}" for player, field in battlefields.items()) if isinstance(
        battlefields, dict) else ""
    text = f"game {event.get('game', 1)} starts, {name(event.get('first_player'))} goes first"
    return f"{text}; battlefields: {chosen}" if chosen else text


def _draw(event, name, viewer):
    player = event.get("player")
    return f"{name(player)} draws {_cards(event.get('cards') or [], player, viewer)}"


def _play(event, name, viewer):
    player = event.get("player")
    text = f"{name(player)} plays {name(event.get('card'))}"
    source = event.get("from")
    if source and source != "hand":
        text += f" from {source}"
    if event.get("to"):
        text += f" to {_location(event['to'], name)}"
    text += _targets(event, name) + _options(event.get("options")) + _pay(event.get("pay"), name)
    statics = [describe_static(static, name) for static in event.get("statics") or [] if isinstance(static, dict)]
    return text + (f" (its statics: {'; '.join(statics)})" if statics else "")


def ability_words(label: str) -> str:
    """An ability's label as a reader says it (the recording screen's buttons say it so too): a keyword by its
    printed name ("weaponmaster" -> "Weaponmaster"), any other label, made of the first words of the ability's text
    ("when-you-play"), in those words, quoted ("“when you play”"). A raw id in brackets ("[weaponmaster]") read as a
    card's symbol on the recording screen (issue 27, friction 9)."""
    return PRINTED_KEYWORDS.get(label.casefold()) or f"“{label.replace('-', ' ')}”"


def _activate(event, name, viewer):
    """An index into the source's abilities is counted from 1 for a reader ("its ability 1"), a label worded
    (`ability_words`): a bare "[0]" read as a cost symbol on the recording screen."""
    text = f"{name(event.get('player'))} activates {name(event.get('source'))}"
    ability = event.get("ability")
    if isinstance(ability, int) and not isinstance(ability, bool) and ability >= 0:
        text += f" (its ability {ability + 1})"
    elif isinstance(ability, str) and ability:
        text += f": {ability_words(ability)}"
    return text + _targets(event, name) + _pay(event.get("pay"), name)


def _add(event, name, viewer):
    parts = [f"{how} {_list(event[how], name)}" for how in ("exhaust", "recycle") if event.get(how)]
    return f"{name(event.get('player'))} adds resources: {'; '.join(parts) or 'nothing'}"


def _hide(event, name, viewer):
    player = event.get("player")
    card = name(event.get("card")) if viewer in ("judge", player) else "a card"
    return f"{name(player)} hides {card} at {name(event.get('battlefield'))}" + _pay(event.get("pay"), name)


def _trigger(event, name, viewer):
    """A trigger put on the chain, or one its controller declined: a "you may" declined while finalizing is removed
    as if it had not triggered (v1.4 383.3.a.2), so the log says "declines", never "triggers", for it."""
    verb = "declines the trigger of" if event.get("declined") else "triggers"
    text = f"{name(event.get('player'))} {verb} {name(event.get('source'))}"
    ability = event.get("ability")
    if isinstance(ability, str) and ability:
        text += f": {ability_words(ability)}"
    return text + ("" if event.get("declined") else _targets(event, name))


def _resolve(event, name, viewer):
    effects = event.get("effects") or []
    text = f"{name(event.get('item'))} resolves"
    if effects:
        text += ": " + "; ".join(describe_op(op, name, viewer) for op in effects if isinstance(op, dict))
    if event.get("targets_kept") is not None:
        text += f" (targets kept: {_list(event['targets_kept'], name)})"
    return text


def _assign_damage(event, name, viewer):
    assignments = event.get("assignments") or {}
    parts = [f"{amount} to {name(unit)}" for unit, amount in assignments.items()] if isinstance(
        assignments, dict) else []
    return f"{name(event.get('player'))} assigns combat damage: {', '.join(parts) or 'none'}"


_PASSES = {"priority": "passes priority", "focus": "passes Focus", "beginning": "ends the beginning step; Hold scores"}


def _pass(event, name, passed):
    return f"{name(event.get('player'))} {_PASSES.get(passed, 'passes')}"


def _choose(event, name, viewer):
    choice = event.get("choice")
    shown = _list(choice, name) if isinstance(choice, list) else name(choice)
    return f"{name(event.get('player'))} chooses {shown}"


def _note(event, name, viewer):
    about = f" (about seq {event['about']})" if event.get("about") is not None else ""
    return f"{event.get('text', '')}{about}"


def _position(event, name, viewer):
    return (f"position set up: turn {event.get('turn')}, {name(event.get('turn_player'))}'s turn, "
            f"{event.get('phase')} phase")


def describe_static(static: dict[str, Any], name: Namer | None = None) -> str:
    """What a static effect gives and to what, e.g. "other friendly units here: +1 might" (engine/statics.py)."""
    name = name or str
    declared = " (declared by the recorder)" if static.get("declared") else ""  # a checked match's (engine/cards)
    if static.get("text"):
        return str(static["text"]) + declared
    affects = static.get("affects") if isinstance(static.get("affects"), dict) else {}
    who = affects.get("who", "self")
    if who == "self":
        subject = "itself"
    else:
        kinds = "/".join(str(kind).lower() + "s" for kind in affects.get("types") or ["Unit"])
        tags = " ".join(str(tag) for tag in affects.get("tags") or [])
        subject = " ".join(part for part in ("other" if affects.get("other") else "",
                                             {"all": "", "friendly": "friendly", "enemy": "enemy"}.get(who, who),
                                             tags, kinds) if part)
        where = affects.get("where")
        subject += {"here": " here", "base": " in base", "battlefield": " at a battlefield"}.get(where, "")
    gives = []
    if static.get("might"):
        floor = f" (to a minimum of {static['min']})" if static.get("min") is not None else ""
        gives.append(f"{static['might']:+d} might{floor}" if isinstance(static["might"], int) else "might")
    values = static.get("values") if isinstance(static.get("values"), dict) else {}
    gives += [f"{keyword} {values[keyword]}" if keyword in values else str(keyword)
              for keyword in static.get("keywords") or []]
    if static.get("enter_ready"):
        gives.append("enter ready")
    cost = static.get("cost") if isinstance(static.get("cost"), dict) else {}
    for part in ("energy", "power"):
        if isinstance(cost.get(part), int) and cost[part]:
            floor = f" (to a minimum of {cost[f'min_{part}']})" if f"min_{part}" in cost else ""
            gives.append(f"cost {cost[part]:+d} {part}{floor}")
    condition = static.get("while") if isinstance(static.get("while"), dict) else {}
    conditions = [key if value is True else f"empowered {value} times or more" if key == "empowered" and isinstance(
        value, int) and value is not False else f"{key} {value}" for key, value in condition.items()]
    text = f"{subject}: {', '.join(gives) or 'nothing'}"
    if conditions:
        text += f" while {' and '.join(conditions)}"
    if static.get("until") == "turn":
        text += " this turn"
    return text + (" (next one only)" if static.get("next") else "") + declared


def _static(event, name, viewer):
    return f"static of {name(event.get('source'))}: {describe_static(event, name)}"


_DESCRIBERS: dict[str, Callable[[dict[str, Any], Namer, str], str]] = {
    "match_created": _match_created,
    "game_started": _game_started,
    "position": _position,
    "draw": _draw,
    "mulligan": lambda e, name, v: (f"{name(e.get('player'))} mulligans, setting aside {_list(e['set_aside'], name)}"
                                    if e.get("set_aside") else f"{name(e.get('player'))} keeps their hand"),
    "channel": lambda e, name, v: f"{name(e.get('player'))} channels {_list(e.get('runes'), str)}",
    "concede": lambda e, name, v: f"{name(e.get('player'))} concedes" + (" the match" if e.get("match") else ""),
    "error": lambda e, name, v: (f"{name(e.get('player'))}: {str(e.get('infraction')).replace('_', ' ')}, as played"
                                 + "".join(f" · {name(ref)}" for ref in _refs(e))
                                 + (f" {json.dumps(e['ability'])}" if isinstance(e.get("ability"), str) else "")),
    "remedy": lambda e, name, v: (f"judge's remedy of the {str(e.get('infraction')).replace('_', ' ')}"
                                  + (f" of seq {e['about']}" if "about" in e else "")
                                  + (f": {name(e.get('player'))} chooses to {e['choice']} it" if e.get("choice")
                                     else f": {name(e.get('player'))}")),
    "agreed_draw": lambda e, name, v: "the players agree to draw the " + ("match" if e.get("match") else "game"),
    "sideboard": lambda e, name, v: (f"{name(e.get('player'))} sideboards (TR 403.4): in "
                                     f"{_cards(e.get('in') or [], e.get('player'), v)}, out "
                                     f"{_cards(e.get('out') or [], e.get('player'), v)}"
                                     + (f"; chosen champion {e['champion']}" if isinstance(e.get("champion"), str)
                                        else "")),
    "time": lambda e, name, v: (f"judge calls time: {e.get('extra_turns')} additional turns after this one"
                                + (f" (called at seq {e['called_at_seq']})" if "called_at_seq" in e else "")),
    "play": _play,
    "activate": _activate,
    "add": _add,
    "hide": _hide,
    "move": lambda e, name, v: (f"{name(e.get('player'))} moves {_list(e.get('units'), name)} "
                                f"to {_location(e.get('to'), name)}"),
    "invite": lambda e, name, v: f"{name(e.get('player'))} invites {name(e.get('invitee'))}",
    "end_turn": lambda e, name, v: f"{name(e.get('player'))} ends the turn",
    "trigger": _trigger,
    "resolve": _resolve,
    "assign_damage": _assign_damage,
    "choose": _choose,
    "note": _note,
    "static": _static,
    "rewind": lambda e, name, v: (f"{str(e.get('by') or 'judge').replace('_', ' ')} rewinds to seq {e.get('to')}: "
                                  f"{e.get('reason', '')}").rstrip(": "),
    "penalty": lambda e, name, v: _penalty(e, name),
    "game_loss": lambda e, name, v: f"{name(e.get('player'))} receives a game loss: {e.get('reason', '')}".rstrip(": "),
}


def _penalty(event: dict[str, Any], name: Namer) -> str:
    """"judge: Ana (P1) gets a warning for Mispayment for Cost (TR 702.9)" (TR 701.2, engine/penalties.py)."""
    try:
        infraction = infractions.infraction(str(event.get("infraction"))).name
    except MalformedEvent:
        infraction = str(event.get("infraction"))
    kind = str(event.get("penalty", "")).replace("_", " ")
    article = "an" if kind[:1] in ("a", "e", "i", "o", "u") else "a"
    upgrade = event.get("upgrade")
    upgraded = f", upgraded from a warning ({upgrade.get('rule')})" if isinstance(upgrade, dict) else ""
    others = [part for part in event.get("simultaneous") or () if isinstance(part, dict)]
    together = "".join(f"; at the same time {_penalty(part, name).removeprefix('judge: ')}" for part in others)
    return (f"judge: {name(event.get('player'))} gets {article} {kind} for {infraction} ({event.get('rule')})"
            f"{upgraded}{together}" + (" (TR 701.2.b.2-3)" if others else ""))


def describe_op(op: dict[str, Any], name: Namer | None = None, viewer: str = "judge") -> str:
    """One effect op of a `resolve`, e.g. "3 damage to Yasuo (o30)"."""
    name = name or str
    kind = op.get("op")
    target = name(op.get("target")) if "target" in op else ""
    player = name(op.get("player")) if "player" in op else ""
    if kind == "damage":
        return f"{op.get('amount')} damage to {target}"
    if kind == "might":
        delta = op.get("delta", 0)
        sign = "+" if isinstance(delta, int) and delta >= 0 else ""
        until = f" until end of {op['until']}" if op.get("until") == "turn" else ""
        return f"{target} {sign}{delta} might{until}"
    if kind == "grant":
        value = f" {op['value']}" if op.get("value") not in (None, True) else ""
        until = f" until end of {op['until']}" if op.get("until") == "turn" else ""
        return f"{target} gains {op.get('keyword')}{value}{until}"
    if kind in ("move", "return"):
        return f"{kind} {target} to {_location(op.get('to'), name)}"
    if kind == "draw":
        return f"{player} draws {_cards(op.get('cards') or [], op.get('player'), viewer)}"
    if kind in ("discard", "recycle", "reveal"):
        return f"{player} {kind}s {_list(op.get('cards'), name)}"
    if kind == "channel":
        state = " exhausted" if op.get("exhausted") else ""
        return f"{player} channels {_list(op.get('runes'), str)}{state}"
    if kind == "add":
        power = op.get("power") or {}
        parts = [f"{op['energy']} energy"] if op.get("energy") else []
        if isinstance(power, dict):
            parts += [f"{amount} {domain} power" for domain, amount in power.items()]
        elif power:
            parts.append(f"{power} power")
        return f"{player} adds {', '.join(parts) or 'nothing'}"
    if kind == "counter":
        return f"counter {name(op.get('item'))}"
    if kind == "point":
        return f"{player} scores {op.get('amount', 1)} point{'' if op.get('amount', 1) == 1 else 's'}"
    if kind == "control":
        return f"{player} takes control of {target or name(op.get('item'))}"
    if kind == "retarget":  # new choices for a chain item (v1.4 750-755)
        chosen = ", ".join(name(choice) for choice in op.get("targets") or []) or "no target"
        return f"new choices for {name(op.get('item'))}: {chosen}"
    if kind == "name":  # naming a card, a type or a tag (v1.4 759-763)
        named = next((f"the {part} {op[part]}" for part in ("card", "tag", "type") if part in op), "nothing")
        return f"{target} names {named}"
    if kind == "token":
        might = f" {op['might']}-might" if op.get("might") is not None else ""
        where = f" at {_location(op.get('to'), name)}" if op.get("to") else ""
        noun = op.get("name") or op.get("kind") or "token"
        kind_of = f" {op['type']}" if op.get("type") else ""
        return f"{name(op.get('controller', ''))} creates a{might} {noun}{kind_of} token{where}".strip()
    if kind == "attach":
        return f"attach {target} to {name(op.get('to'))}" + _pay(op.get("pay"), name)
    if kind in ("look", "predict", "burn"):
        deck = str(op.get("from") or "")
        source = (f" from the top of {name(deck[5:])}'s deck" if deck.startswith("deck:") else
                  " from the top of their deck" if deck == "deck" else "")
        seen_by = viewer if kind == "burn" else op.get("player")  # a burn shows its cards to all (107.1.f)
        verb = {"look": "looks at", "predict": "predicts", "burn": "burns"}[kind]
        return f"{player} {verb} {_cards(op.get('cards') or [], seen_by, viewer)}{source}"
    if kind == "play":
        return "play: " + _play(op, name, viewer)
    if kind == "note":
        return f"note: {op.get('text', '')}"
    if kind == "static":
        source = f" of {name(op['source'])}" if op.get("source") else ""
        return f"static{source}: {describe_static(op, name)}"
    if target:
        return f"{kind} {target}"
    fields = {key: value for key, value in op.items() if key != "op"}
    return f"{kind} {json.dumps(fields, default=str)}" if fields else str(kind)
