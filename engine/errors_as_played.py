"""Game play errors as they were played, and the judge's remedies (Tournament Rules 702; contract section 6).

A record a head judge reads at an appeal holds the game as it was really played. Two kinds of error reach it:

- **Errors the engine sees**: an event made wrongly (a channel of three runes, a draw of two in the draw phase, a
  mulligan of three cards, a cost underpaid). The engine flags it with the Core Rule it breaks, as ever; `observe`
  adds the TR infraction it is (`infraction`, `tr`) to the violation and lists the error in `state["errors"]`.
- **Omissions**: what the engine would do by itself or cannot know happened: a Hold point not tracked (TR 702.3),
  the draw phase's draw forgotten (702.4), a ready forgotten in the awaken phase (702.15), a trigger missed (702.2).
  The `error {player, infraction, ...}` event records one where it happened: the point is taken back, the draw
  phase ends without the draw, the objects stay exhausted, the trigger is counted as triggered (702.2.d) and no
  longer due. It is flagged with the Core Rule and the TR infraction.

`remedy {player, infraction, about?, ...}` records the TR remedy as the judge applies it, deterministically: the
next opponent's choice on a missed trigger (702.2.f), a point or a draw added later (702.3.b.1, 702.4.a.1), runes
channelled or shuffled back (702.6.b.2, 702.7.b.1), extra cards chosen by the opponent and shuffled away
(702.12.b.3), a mulligan's extra cards recycled and replaced (702.14.a.1), a mispaid cost corrected (702.9.b.2), a
forgotten ready done (702.15.a.1). `about` names the error by its seq (default: the newest of that infraction).
"No more than a full round cycle" (TR 206: the turns that contain every player's standard turn; additional turns
do not count) is read as: while fewer standard turns than there are players have begun since the error's turn.

Strict matches record the game by the rules: an `error` is refused (a strict record has no omission, since the
engine's own steps happened by the rules), and a wrong event is refused as ever, so the judge records the corrected
action. The one remedy a strict match takes is the missed trigger's (TR 702.2.f): the next opponent's choice to
miss a trigger is the TR's ruling, which a strict match must be able to record (docs/engine.md).
"""
from __future__ import annotations

from typing import Any

from engine import deck, scoring, timing
from engine.objects import State, next_in_turn_order, opponents
from engine.rulings import Context

# infraction -> (the TR rule, the TR's name, the Core Rule the error breaks)
GAME_PLAY_ERRORS: dict[str, tuple[str, str, str]] = {
    "missed_trigger": ("TR 702.2", "Missed Trigger", "583"),
    "forgetting_to_score_a_point": ("TR 702.3", "Forgetting to Score a Point", "630"),
    "forgetting_to_draw_cards": ("TR 702.4", "Forgetting to Draw Cards", "315.4.b"),
    "channeling_too_many_runes": ("TR 702.6", "Channeling Too Many Runes", "315.3.b"),
    "channeling_too_few_runes": ("TR 702.7", "Channeling Too Few Runes", "315.3.b"),
    "mispayment_for_cost": ("TR 702.9", "Mispayment for Cost", "354.1"),
    "drawing_extra_cards": ("TR 702.12", "Drawing Extra Cards", "315.4.b"),
    "mulligan_procedure_error": ("TR 702.14", "Mulligan Procedure Error", "117.1"),
    "forgetting_to_ready": ("TR 702.15", "Forgetting to Ready During the Awaken Phase", "315.1.a"),
}
AS_PLAYED = ("missed_trigger", "forgetting_to_score_a_point", "forgetting_to_draw_cards", "forgetting_to_ready")
COST_RULES = ("354.1", "721.1.c", "v1.3 403.1.b.1")  # a cost that could not be paid: underpaid (TR 702.9)
CHOICES = ("resolve", "miss")  # TR 702.2.f.2


def infraction_of(context: Context, event: dict[str, Any], kinds: tuple[str, ...] | None = None) -> str:
    """The event's infraction, one of `kinds` (default every one this module knows); anything else cannot be
    applied, naming the valid ones."""
    name = str(event["infraction"]).strip().lower().replace(" ", "_")
    by_name = {entry[1].lower().replace(" ", "_"): key for key, entry in GAME_PLAY_ERRORS.items()}
    key = by_name.get(name, name)
    kinds = kinds or tuple(GAME_PLAY_ERRORS)
    if key not in kinds:
        context.fail("TR 702", f"{event['type']} of {event['infraction']!r}: the game play errors riftlog records "
                               f"{'as played' if event['type'] == 'error' else 'remedies of'} are "
                               f"{', '.join(kinds)} (TR 702)")
    return key


def _entry(context: Context, player: str, infraction: str, **details: Any) -> dict[str, Any]:
    """A new error in `state["errors"]`, at this seq and turn."""
    state = context.state
    tr, name, rule = GAME_PLAY_ERRORS[infraction]
    entry = {"seq": context.seq, "game": state["game"], "turn": state["turn"], "player": player,
             "infraction": infraction, "name": name, "tr": tr, "rule": details.pop("rule", rule), **details,
             "remedy": None}
    state.setdefault("errors", []).append(entry)
    return entry


# -- `error`: an omission recorded as it happened (audit matches) --------------------------------------------------
def error_event(context: Context, event: dict[str, Any]) -> None:
    """Record an omission as played (see the module's docstring); a strict match refuses it."""
    state = context.state
    player = context.player(event)
    infraction = infraction_of(context, event, AS_PLAYED)
    tr, name, _ = GAME_PLAY_ERRORS[infraction]
    if state["policy"] == "strict":
        context.fail(tr, f"{player}'s {name} cannot be recorded as played in a strict match, which records the game "
                         f"by the rules; record it in an audit match, or record the judge's remedy")
    if state["game"] == 0 or state["phase"] in ("setup", "over"):
        context.fail(tr, f"{player}'s {name}: no game is under way")
    entry = OMISSIONS[infraction](context, player, event)
    context.flag(entry["rule"], f"{player}: {name} ({tr}): {entry.pop('message')}")
    context.violations[-1].update(infraction=infraction, tr=tr)


def _missed_trigger(context: Context, player: str, event: dict[str, Any]) -> dict[str, Any]:
    """TR 702.2: the trigger counts as triggered (702.2.d) and is no longer due (a Temporary's, 728.1.b)."""
    state = context.state
    source, ability = _trigger_of(context, event)
    rule = "728.1.b" if source in state["temporary_due"] else "583"
    state["temporary_due"] = [due for due in state["temporary_due"] if due != source]
    card = state["objects"].get(source, {}).get("card")
    return _entry(context, player, "missed_trigger", rule=rule, source=source, ability=ability,
                  message=f"the trigger {ability!r} of {f'{card} ({source})' if card else source} was missed; it "
                          f"counts as triggered (TR 702.2.d)")


def _trigger_of(context: Context, event: dict[str, Any]) -> tuple[str, str]:
    source, ability = event.get("source"), event.get("ability")
    if not isinstance(source, str) or not isinstance(ability, str):
        context.fail("TR 702.2", "a missed trigger names its 'source' (an object or battlefield id) and its "
                                 "'ability' (its label)")
    state = context.state
    if source not in state["objects"] and source not in {entry["id"] for entry in state["battlefields"]}:
        context.fail("TR 702.2", f"a missed trigger of {source!r}: no such object or battlefield")
    return source, ability


def _forgotten_point(context: Context, player: str, event: dict[str, Any]) -> dict[str, Any]:
    """TR 702.3: a point from a Conquer or Hold was not tracked: the engine scored it, so it is taken back."""
    state = context.state
    battlefield = event.get("battlefield")
    if battlefield not in state["scored_this_turn"].get(player, []):
        context.fail("TR 702.3", f"{player} did not score {battlefield!r} this turn (630, 631): there is no point "
                                 f"to forget")
    state["players"][player]["points"] = max(0, state["players"][player]["points"] - 1)
    return _entry(context, player, "forgetting_to_score_a_point", battlefield=battlefield,
                  message=f"the point for {battlefield} was not tracked")


def _forgotten_draw(context: Context, player: str, event: dict[str, Any]) -> dict[str, Any]:
    """TR 702.4: the draw phase ends without its draw (315.4.b); a draw a card instructed is only recorded."""
    state = context.state
    count = event.get("count", 1)
    if not isinstance(count, int) or isinstance(count, bool) or count < 1:
        context.fail("TR 702.4", f"'count' is the number of cards not drawn, at least 1, got {count!r}")
    in_draw_phase = state["phase"] == "draw" and player == state["turn_player"] and not state["chain"]
    if in_draw_phase:
        for entry in state["players"].values():  # the draw phase ends: pools empty (315.4.d)
            entry["pool"] = {"energy": 0, "power": {}}
        state["phase"] = "action"
        timing.after_chain_change(state)
    return _entry(context, player, "forgetting_to_draw_cards", count=count,
                  rule="315.4.b" if in_draw_phase else "591",
                  message=f"{count} card{'s' if count != 1 else ''} not drawn"
                          + (": the draw phase ends without its draw" if in_draw_phase else ""))


def _forgotten_ready(context: Context, player: str, event: dict[str, Any]) -> dict[str, Any]:
    """TR 702.15: objects the turn player did not ready in the awaken phase (315.1.a) stay exhausted."""
    state = context.state
    objects = event.get("objects")
    if player != state["turn_player"] or not isinstance(objects, list) or not objects:
        context.fail("TR 702.15", f"a forgotten ready names the turn player ({state['turn_player']}) and the "
                                  f"'objects' they did not ready")
    for object_id in objects:
        obj = state["objects"].get(object_id)
        if obj is None or obj["zone"] not in ("board", "legend") or obj["controller"] != player:
            context.fail("TR 702.15", f"{object_id!r} is not a permanent or legend {player} controls")
        obj["exhausted"] = True
    return _entry(context, player, "forgetting_to_ready", objects=list(objects),
                  message=f"{', '.join(objects)} not readied in the awaken phase")


OMISSIONS = {"missed_trigger": _missed_trigger, "forgetting_to_score_a_point": _forgotten_point,
             "forgetting_to_draw_cards": _forgotten_draw, "forgetting_to_ready": _forgotten_ready}


# -- errors the engine flags: their TR infraction ------------------------------------------------------------------
def observe(context: Context, event: dict[str, Any]) -> None:
    """After an event: each violation that is a TR game play error gets its infraction and TR rule, and the error
    is listed in `state["errors"]` for its remedy; a trigger a remedy awaited is no longer awaited."""
    state = context.state
    kind = event["type"]
    if kind == "trigger":
        for entry in state.get("errors", []):
            if entry.get("awaiting") and entry["source"] == event["source"]:
                entry["awaiting"] = False
    for violation in context.violations:
        if "infraction" in violation:
            continue
        found = _classify(state, event, violation)
        if found is None:
            continue
        infraction, details = found
        violation.update(infraction=infraction, tr=GAME_PLAY_ERRORS[infraction][0])
        _entry(context, details.pop("player", event.get("player")), infraction, rule=violation["rule"], **details)


def _classify(state: State, event: dict[str, Any], violation: dict[str, Any]) -> tuple[str, dict] | None:
    kind, rule = event["type"], violation["rule"]
    if "missed" in violation:  # a due trigger skipped (engine/due.py): its controller is the accountable player
        return "missed_trigger", dict(violation.pop("missed"))
    if rule in COST_RULES:
        return "mispayment_for_cost", {}
    if kind == "channel" and rule in ("315.3.b", "644.7", "645.7"):
        channeled = len(event["runes"])
        player = state["players"][event["player"]]
        expected = min(3 if rule != "315.3.b" else 2, player["rune_deck_count"] + channeled)
        runes = player["runes"][len(player["runes"]) - channeled:] if channeled else []
        if channeled > expected:
            return "channeling_too_many_runes", {"extra": channeled - expected, "runes": runes}
        return "channeling_too_few_runes", {"missing": expected - channeled}
    if kind == "draw" and rule in ("315.4.b", "116"):
        drawn, expected = len(event["cards"]), (1 if rule == "315.4.b" else 4)
        hand = state["players"][event["player"]]["hand"]
        if drawn > expected:
            return "drawing_extra_cards", {"extra": drawn - expected, "cards": hand[len(hand) - drawn:]}
        return "forgetting_to_draw_cards", {"count": expected - drawn}
    if kind == "mulligan" and rule == "117.1":
        return "mulligan_procedure_error", {"extra": len(event["set_aside"]) - 2}
    return None


def awaited(state: State) -> list[dict[str, Any]]:
    """The triggers a missed trigger's remedy awaits (TR 702.2.f.2: resolve it immediately)."""
    return [{"player": entry["player"], "kind": "trigger", "source": entry["source"], "rule": "TR 702.2.f.2"}
            for entry in state.get("errors", []) if entry.get("awaiting")]


# -- `remedy`: the judge applies the TR's remedy -------------------------------------------------------------------
def remedy_event(context: Context, event: dict[str, Any]) -> None:
    """Apply the TR remedy of a recorded error (see the module's docstring)."""
    state = context.state
    player = context.player(event)
    infraction = infraction_of(context, event)
    if infraction == "missed_trigger" and "about" not in event and "source" in event:
        source, ability = _trigger_of(context, event)  # a strict match: the trigger named here, no `error` before
        accountable = _controller(state, source)
        entry = _entry(context, accountable, "missed_trigger", source=source, ability=ability)
    else:
        entry = _recorded(context, event, infraction)
    tr = entry["tr"]
    if entry["remedy"] is not None:
        context.fail(tr, f"the {entry['name']} of seq {entry['seq']} was remedied already at seq "
                         f"{entry['remedy']['seq']}")
    entry["remedy"] = {"seq": context.seq, "player": player}
    REMEDIES[infraction](context, player, entry, event)


def _controller(state: State, source: str) -> str:
    obj = state["objects"].get(source)
    if obj is not None:
        return obj["controller"]
    battlefield = next(entry for entry in state["battlefields"] if entry["id"] == source)
    return battlefield["controller"] or state["turn_player"]  # a battlefield nobody controls: v1.3 187.6


def _recorded(context: Context, event: dict[str, Any], infraction: str) -> dict[str, Any]:
    """The error a remedy is about: the one at seq `about`, else the newest of this infraction in this game."""
    state = context.state
    tr, name, _ = GAME_PLAY_ERRORS[infraction]
    about = event.get("about")
    candidates = [entry for entry in state.get("errors", []) if entry["infraction"] == infraction
                  and entry["game"] == state["game"] and (about is None or entry["seq"] == about)]
    if not candidates:
        context.fail(tr, f"no {name} " + (f"was recorded at seq {about}" if about is not None else
                                          "is recorded in this game") + " to remedy")
    return candidates[-1]


def standard_turns_since(state: State, turn: int) -> int:
    """The standard turns begun after `turn` in this game (TR 206.1: additional turns do not count)."""
    return sum(1 for started in state.get("turn_starts", []) if started[0] > turn and not (started[2:] and started[2]))


def _within_round_cycle(context: Context, entry: dict[str, Any], rule: str, otherwise: str) -> None:
    """No more than a full round cycle has passed since the error (TR 206), else the remedy is `otherwise`."""
    state = context.state
    if standard_turns_since(state, entry["turn"]) >= len(state["players"]):
        context.fail(rule, f"the {entry['name']} of turn {entry['turn']} is more than a full round cycle old (TR "
                           f"206): {otherwise}")


def _next_opponent(context: Context, player: str, entry: dict[str, Any], rule: str) -> None:
    """The remedy's choice is the next opponent's in turn order of the erroring player."""
    state = context.state
    chooser = next_in_turn_order(state, entry["player"], opponents(state, entry["player"]))
    if player != chooser:
        context.fail(rule, f"{player} makes the choice of the {entry['name']} remedy; it is {chooser}'s, the next "
                           f"opponent in turn order of {entry['player']}")


def _remedy_missed_trigger(context: Context, player: str, entry: dict[str, Any], event: dict[str, Any]) -> None:
    """TR 702.2.f: missed during a previous turn, play goes on (the trigger stays missed, 702.2.f.1); otherwise the
    next opponent chooses whether it resolves immediately (the accountable player's `trigger` is awaited) or is
    missed altogether (702.2.f.2)."""
    state = context.state
    choice = event.get("choice")
    if choice not in CHOICES:
        context.fail("TR 702.2.f.2", f"a missed trigger's remedy is the choice 'resolve' or 'miss', got {choice!r}")
    _next_opponent(context, player, entry, "TR 702.2.f.2")
    if entry["turn"] != state["turn"] and choice == "resolve":
        context.fail("TR 702.2.f.1", f"the trigger was missed during a previous turn (turn {entry['turn']}): the "
                                     f"players continue playing, it is not resolved now")
    entry["remedy"].update(choice=choice, rule="TR 702.2.f.2" if entry["turn"] == state["turn"] else "TR 702.2.f.1")
    if choice == "resolve":
        entry["awaiting"] = True
    else:
        state["temporary_due"] = [due for due in state["temporary_due"] if due != entry["source"]]


def _remedy_point(context: Context, player: str, entry: dict[str, Any], event: dict[str, Any]) -> None:
    """TR 702.3.b.1: within a round cycle, the player's score is incremented to the correct total."""
    _within_round_cycle(context, entry, "TR 702.3.b.2", "the players continue playing")
    _own(context, player, entry)
    entry["remedy"]["rule"] = "TR 702.3.b.1"
    scoring.gain_points(context, player, 1)


def _remedy_draw(context: Context, player: str, entry: dict[str, Any], event: dict[str, Any]) -> None:
    """TR 702.4.a.1: within a round cycle, the player draws the missing cards (`cards`, names or null)."""
    _within_round_cycle(context, entry, "TR 702.4.a.2", "the players continue playing")
    _own(context, player, entry)
    cards = _names(context, event, "cards", "TR 702.4.a.1")
    context.check(len(cards) == entry["count"], "TR 702.4.a.1",
                  f"{player} draws {len(cards)} cards for the {entry['count']} they did not draw")
    entry["remedy"]["rule"] = "TR 702.4.a.1"
    deck.draw_cards(context, player, cards)


def _remedy_ready(context: Context, player: str, entry: dict[str, Any], event: dict[str, Any]) -> None:
    """TR 702.15.a.1: still in that turn, the objects are readied (a trigger it would cause is not put on the
    chain); after it, they are left as they are (702.15.a.2)."""
    state = context.state
    _own(context, player, entry)
    if state["turn"] != entry["turn"]:
        context.fail("TR 702.15.a.2", f"it is no longer turn {entry['turn']}: the objects are left as they are")
    entry["remedy"]["rule"] = "TR 702.15.a.1"
    for object_id in entry["objects"]:
        obj = state["objects"].get(object_id)
        if obj is not None and obj["zone"] in ("board", "legend"):
            obj["exhausted"] = False


def _remedy_too_many_runes(context: Context, player: str, entry: dict[str, Any], event: dict[str, Any]) -> None:
    """TR 702.6.b.2: within a round cycle, the extra runes (`runes`, ids) are shuffled into the rune deck."""
    _within_round_cycle(context, entry, "TR 702.6.b.3", "the players continue playing")
    _own(context, player, entry)
    state = context.state
    runes = _names(context, event, "runes", "TR 702.6.b.2")
    context.check(len(runes) == entry["extra"], "TR 702.6.b.2",
                  f"{len(runes)} runes go back for the {entry['extra']} channelled too many")
    for rune_id in runes:
        rune = state["objects"].get(rune_id)
        if rune is None or rune["type"] != "Rune" or rune["zone"] != "board" or rune["controller"] != player:
            context.fail("TR 702.6.b.2", f"{rune_id!r} is not a rune of {player} on the board")
        deck.recycle(state, rune)
    entry["remedy"]["rule"] = "TR 702.6.b.2"


def _remedy_too_few_runes(context: Context, player: str, entry: dict[str, Any], event: dict[str, Any]) -> None:
    """TR 702.7.b.1: within a round cycle, the player channels the runes they were entitled to (`runes`, names)."""
    _within_round_cycle(context, entry, "TR 702.7.b.2", "the players continue playing")
    _own(context, player, entry)
    runes = _names(context, event, "runes", "TR 702.7.b.1")
    context.check(len(runes) == entry["missing"], "TR 702.7.b.1",
                  f"{player} channels {len(runes)} runes for the {entry['missing']} they did not channel")
    entry["remedy"]["rule"] = "TR 702.7.b.1"
    deck.channel_runes(context, player, runes)


def _remedy_extra_cards(context: Context, player: str, entry: dict[str, Any], event: dict[str, Any]) -> None:
    """TR 702.12.b.3: within the round cycle, the next opponent chooses as many cards of the erroring player's hand
    (`cards`, ids) as were drawn too many; they are shuffled into the main deck. Found at a later stage, the remedy
    is applied all the same, at that time (TR 702.12.b.4): unlike TR 702.3-702.7, no round cycle limits it."""
    state = context.state
    later = standard_turns_since(state, entry["turn"]) >= len(state["players"])
    rule = "TR 702.12.b.4" if later else "TR 702.12.b.3"
    _next_opponent(context, player, entry, rule)
    cards = _names(context, event, "cards", rule)
    context.check(len(cards) == entry["extra"], rule,
                  f"{player} chooses {len(cards)} cards for the {entry['extra']} drawn too many")
    hand = state["players"][entry["player"]]["hand"]
    for card in cards:
        if card not in hand:
            context.fail(rule, f"{card!r} is not in {entry['player']}'s hand")
        deck.recycle(state, state["objects"][card])
    entry["remedy"]["rule"] = rule


def _remedy_mulligan(context: Context, player: str, entry: dict[str, Any], event: dict[str, Any]) -> None:
    """TR 702.14.a.1: before play begins, the next opponent chooses up to as many cards of the erroring player's
    hand (`cards`, ids) as they mulliganed too many; that player recycles them and draws as many (`draw`)."""
    state = context.state
    if state["turn"] > 0:
        context.fail("TR 702.14.a.2", "gameplay has begun: the players proceed")
    _next_opponent(context, player, entry, "TR 702.14.a.1")
    cards = _names(context, event, "cards", "TR 702.14.a.1")
    drawn = _names(context, event, "draw", "TR 702.14.a.1") if "draw" in event else []
    context.check(len(cards) <= entry["extra"], "TR 702.14.a.1",
                  f"{player} chooses {len(cards)} cards; the mulligan had {entry['extra']} too many")
    context.check(len(drawn) == len(cards), "TR 702.14.a.1",
                  f"{entry['player']} recycles {len(cards)} cards and replaces them with {len(drawn)}")
    hand = state["players"][entry["player"]]["hand"]
    for card in cards:
        if card not in hand:
            context.fail("TR 702.14.a.1", f"{card!r} is not in {entry['player']}'s hand")
    deck.draw_cards(context, entry["player"], drawn)
    for card in cards:
        deck.recycle(state, state["objects"][card])
    entry["remedy"]["rule"] = "TR 702.14.a.1"


def _remedy_mispayment(context: Context, player: str, entry: dict[str, Any], event: dict[str, Any]) -> None:
    """TR 702.9.b.2: the cost paid is corrected by exhausting (`exhaust`) or recycling (`recycle`) runes; nothing
    is added to the pool (a simple rewind, 702.9.b.1, is a `rewind`)."""
    state = context.state
    _own(context, player, entry)
    exhaust = _names(context, event, "exhaust", "TR 702.9.b.2") if "exhaust" in event else []
    recycle = _names(context, event, "recycle", "TR 702.9.b.2") if "recycle" in event else []
    if not exhaust and not recycle:
        context.fail("TR 702.9.b.2", "a mispayment is corrected by the runes it 'exhaust's or 'recycle's")
    for rune_id in [*exhaust, *recycle]:
        rune = state["objects"].get(rune_id)
        if rune is None or rune["type"] != "Rune" or rune["zone"] != "board" or rune["controller"] != player:
            context.fail("TR 702.9.b.2", f"{rune_id!r} is not a rune of {player} on the board")
    for rune_id in exhaust:
        context.check(not state["objects"][rune_id]["exhausted"], "TR 702.9.b.2", f"{rune_id} is exhausted already")
        state["objects"][rune_id]["exhausted"] = True
    for rune_id in recycle:
        deck.recycle(state, state["objects"][rune_id])
    entry["remedy"]["rule"] = "TR 702.9.b.2"


def _own(context: Context, player: str, entry: dict[str, Any]) -> None:
    if player != entry["player"]:
        context.fail(entry["tr"], f"the {entry['name']} of seq {entry['seq']} is {entry['player']}'s: the remedy "
                                  f"is theirs to carry out, not {player}'s")


def _names(context: Context, event: dict[str, Any], field: str, rule: str) -> list[Any]:
    values = event.get(field)
    if not isinstance(values, list) or not all(value is None or isinstance(value, str) for value in values):
        context.fail(rule, f"the remedy's '{field}' is a list of cards or ids, got {values!r}")
    return values


REMEDIES = {"missed_trigger": _remedy_missed_trigger, "forgetting_to_score_a_point": _remedy_point,
            "forgetting_to_draw_cards": _remedy_draw, "forgetting_to_ready": _remedy_ready,
            "channeling_too_many_runes": _remedy_too_many_runes, "channeling_too_few_runes": _remedy_too_few_runes,
            "drawing_extra_cards": _remedy_extra_cards, "mulligan_procedure_error": _remedy_mulligan,
            "mispayment_for_cost": _remedy_mispayment}
