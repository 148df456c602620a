"""The triggered abilities that are due, in a match whose abilities the engine checks (contract section 7).

"When a Condition is met, a Triggered Ability behaves like an Activated Ability and is placed on the Chain" (v1.4
383.3); its condition "is evaluated after a potentially inciting event has been processed" (383.2.c). The rules
modules report each occurrence where it happens (`occurred`: a card played: a permanent once it entered the board, a
spell once it resolved, v1.4 419.4.a; moving, gaining the attacker or defender designation, a hold or a conquer, a
death, a beginning phase or an ending step starting); the triggered abilities of the objects on the board and in the
Legend Zone (384.2), of the battlefields (170.9), and of the dying or played object itself (808.1.d, 383.4.a.2)
whose pattern the occurrence meets (engine/cards/triggers.py) become due, after those of earlier occurrences; the
ones of one occurrence trigger simultaneously and are ordered as v1.4 383.3.d.1 says: the turn player's first, then
each player's in turn order (each player orders their own, 383.3.d: any of the first player's may go first).

`awaiting` then begins with one entry `{"player": <controller of the first>, "kind": "trigger", "triggers":
[{source, ability, label, card, text, controller, optional}]}`. A `trigger` event names one of them; one whose
condition has not been met is not due and is refused (383.3); a "you may" trigger may be declined
(`declined: true`: its controller chooses not to perform it while finalizing it, so it is removed and considered
not to have triggered, 383.3.a, 383.3.a.2); a cost within its instructions (383.3.b) is the card's, charged as it
is finalized even when the event does not say it (383.3.b.1). Any other event recorded while triggers are due
misses them (Tournament Rules 506.3.b: "forgotten once its point of observable impact has been reached and a new
game action is taken"; 702.2 Missed Trigger): flagged, so a strict match refuses the event; an audit match keeps
it, and the missed triggers are no longer due (TR 506.4: "never goes on the chain").

Only matches whose `abilities` are "checked" (engine/cards) have due triggers; a triggered ability whose condition
the reader could not read whole (`unread`) is never due and is taken on the recorder's word, as in "declared"
matches. The queue is `state["triggers_due"]`, present only in "checked" matches.
"""
from __future__ import annotations

from typing import Any

from engine import cards, layers, rulechanges, teams
from engine.cards import trigger_ifs, triggers
from engine.editions import edition_of
from engine.objects import State, battlefield_controller, facts, label_of, names_ability
from engine.rulings import Context

KEY = "triggers_due"
ONCE = "triggered_this_turn"  # [source, ability] of the "once each turn" ones that triggered (v1.4 383.3.e.1)
# Temporary granted by an effect ("a unit token with [Temporary]"): due like a printed one, with no index.
GRANTED_TEMPORARY: dict[str, Any] = {"kind": "triggered", "text": "[Temporary]", "keyword": "Temporary",
                                     "label": "Temporary"}
# Events that are no game action: they may be recorded while triggers are due without missing them.
NOT_ACTIONS = frozenset({"trigger", "note", "error", "remedy", "penalty", "time", "concede", "agreed_draw",
                         "game_loss", "rewind", "sideboard"})


# -- occurrences ---------------------------------------------------------------------------------------------------
def occurred(context: Context, event: str, player: str | None, *, obj: dict[str, Any] | None = None,
             battlefield: str | None = None, to: str | None = None, units: list[str] | None = None,
             additional: bool | None = None, origin: str | None = None, spent: int | None = None,
             mover: str | None = None) -> None:
    """One occurrence (engine/cards/triggers.py `EVENTS`): the abilities it makes due join the queue (`mover`: the
    player whose effect or Standard Move moves a unit, for "When you move an enemy unit")."""
    found = occurrence(event, player, obj=obj, battlefield=battlefield, to=to, units=units, additional=additional,
                       origin=origin, spent=spent)
    if mover is not None:
        found["mover"] = mover
    occurred_all(context, [found])


def discarded(context: Context, objs: list[dict[str, Any]]) -> None:
    """The cards one instruction or cost moved from their owner's hand to their trash (v1.4 422.1): "When you
    discard me" triggers after it (422.1.b), wherever it is then (385.2: the trash); "When you discard one or more
    cards" once for them all (one moment, `occurred_all`)."""
    if objs:
        occurred_all(context, [occurrence("discarded", obj["owner"], obj=obj) for obj in objs])


def readied(context: Context, player: str, obj: dict[str, Any]) -> None:
    """`player` readies an object (v1.4 415; the turn player in the Awaken Phase, 315.1.b; an effect's
    controller): one that was exhausted becomes ready, an occurrence ("When I become ready", "When you ready a
    friendly unit"); readying a ready one changes nothing and is none."""
    if obj["exhausted"]:
        obj["exhausted"] = False
        occurred(context, "readied", player, obj=obj)


def recycled(context: Context, player: str, *, runes: int = 0, cards: int = 0) -> None:
    """`player` recycled `runes` runes (to pay, v1.4 157.2.b, or by an effect) or `cards` cards (v1.4 594.1: to
    the bottom of their deck, from the top, the trash or elsewhere; runes are not cards): each rune is an
    occurrence ("When you recycle a rune"), the cards of one instruction or cost one ("When you recycle one or more
    cards")."""
    for _ in range(runes):
        occurred_all(context, [{**occurrence("recycled", player), "rune": True}])
    if cards:
        occurred_all(context, [{**occurrence("recycled", player), "rune": False}])


def spent_buff(context: Context, player: str, obj: dict[str, Any]) -> None:
    """`player` spends the buff of a unit (v1.4 702.2.b) to pay a cost: "When you spend a buff"."""
    occurred(context, "spent_buff", player, obj=obj)


def attached(context: Context, player: str, gear: dict[str, Any], unit: dict[str, Any]) -> None:
    """A gear attached to a unit by `player`'s effect (v1.4 434): "When you attach an Equipment to me"."""
    found = occurrence("attached", player, obj=unit)
    found["equipment"] = "Equipment" in facts(context.state, gear["card"]).get("tags", ())
    occurred_all(context, [found])


def chosen(context: Context, item: dict[str, Any], targets: list[str]) -> None:
    """The objects on the board a finalized spell or ability targets (v1.4 383.4.b.2: Targeting Effects are put on
    the chain after it is finalized; 383.4.b.3: "choose" means targeted), or targets anew after new choices (754):
    one occurrence each (355.14.d: each target contributes individually), by the item's controller. None in a match
    whose abilities are declared (`occurred_all` makes nothing due there): every play and activation comes here."""
    if not cards.checks_abilities(context.state):
        return
    objects = context.state["objects"]
    found = [occurrence("chosen", item["controller"], obj=objects[target], by=item["kind"]) for target in targets
             if target in objects and objects[target]["zone"] == "board"]
    if found:
        occurred_all(context, found)


def occurrence(event: str, player: str | None, *, obj: dict[str, Any] | None = None, battlefield: str | None = None,
               to: str | None = None, units: list[str] | None = None, by: str | None = None,
               additional: bool | None = None, origin: str | None = None, spent: int | None = None) -> dict[str, Any]:
    """An occurrence as engine/cards/triggers.py `matches` reads it (`additional`: a play paid an additional cost,
    for "if you paid the additional cost", v1.4 383.2.a.1; `origin`, its `from`: the zone a card was played from,
    or the location a unit moved from; `spent`: the Energy paid to play it, "if you spent [4] or more")."""
    found: dict[str, Any] = {"event": event, "player": player}
    if obj is not None:
        found["object"] = {"id": obj["id"], "type": obj["type"], "controller": obj["controller"],
                           "card": obj["card"], "token": bool(obj.get("token")), "might": obj.get("might"),
                           "in_combat": bool(obj.get("attacker") or obj.get("defender")), "buff": obj.get("buff", 0),
                           "location": obj.get("location")}
    for key, value in (("battlefield", battlefield), ("to", to), ("units", units), ("by", by),
                       ("additional", additional), ("from", origin), ("spent", spent)):
        if value is not None:
            found[key] = value
    return found


def occurred_all(context: Context, found: list[dict[str, Any]]) -> None:
    """Occurrences of one moment (the units of one combat gaining their designations, say): each ability they make
    due is due once ("When you defend here" once for the combat, 383.4.f.2.a). Occurrences reported one by one
    (two deaths) meet a condition each time: an ability already due is due again."""
    state = context.state
    if not cards.checks_abilities(state) or state["phase"] in ("setup", "over"):
        return
    queue = state.setdefault(KEY, [])
    # v1.4 383.3.e.1: a "once each turn" ability performed this turn, or due already, does not trigger again
    known: set[tuple[str, Any]] = {(entry["source"], entry["ability"]) for entry in queue
                                   if entry.get("once_each_turn")}
    known.update((source, ability) for source, ability in state.get(ONCE, []))
    batch: list[dict[str, Any]] = []
    for happened in map(lambda one: _seen(state, one), found):
        for source, index, ability, compiled in _candidates(state, happened):
            if (source["id"], index) in known:
                continue
            met = [pattern for pattern in compiled["on"] if triggers.matches(pattern, happened, source)]
            if met and _if_holds(state, compiled.get("if"), source, happened):
                if all(pattern.get("one_or_more") for pattern in met) and _grouped(
                        queue + batch, source["id"], index, context.seq):
                    continue  # "one or more ...": once for the units of one event
                known.add((source["id"], index))
                batch.append({"source": source["id"], "ability": index, "label": label_of(ability, index),
                              "card": source["card"], "text": ability.get("text", ""),
                              "controller": source["controller"], "optional": compiled["optional"],
                              "event": happened["event"]})
                if compiled.get("once_each_turn"):
                    batch[-1]["once_each_turn"] = True
                if all(pattern.get("one_or_more") for pattern in met):
                    batch[-1]["moment"] = context.seq
                if happened.get("object"):  # what it is about: its "it" (engine/cards/targets.py `read_about`)
                    batch[-1]["about"] = happened["object"]["id"]
    # After the triggers of earlier occurrences, these, simultaneous: the turn player's first, then in turn order
    # (v1.4 383.3.d.1; a stable sort keeps each player's in the order found, which they may change, 383.3.d).
    order = {player: position for position, player in enumerate(_turn_order_from(state))}
    queue.extend(sorted(batch, key=lambda entry: order.get(entry["controller"], len(order))))


def _grouped(due: list[dict[str, Any]], source: str, index: Any, seq: int) -> bool:
    """Whether a "one or more ..." ability of `source` is due already for an occurrence of the event `seq`: the
    units one event stuns or kills (a spell's resolution, a combat's damage) meet its condition once, as one
    moment; another event's meet it again (v1.4 383.2.c: evaluated after each inciting event)."""
    return any(entry["source"] == source and entry["ability"] == index and entry.get("moment") == seq
               for entry in due)


def _seen(state: State, happened: dict[str, Any]) -> dict[str, Any]:
    """An occurrence with what its moment says about it, for the qualifiers of "When you play ..."
    (engine/cards/triggers.py): whose turn it is, whether a showdown is under way, the played object's tags and
    its place among the cards its player played this turn (Legion's list, v1.4 812.1.c)."""
    seen = {**happened, "turn_player": state.get("turn_player"), "showdown": state.get("showdown") is not None,
            "phase": state["phase"]}
    if happened.get("battlefield") is not None:  # "a battlefield you control"
        seen["battlefield_controller"] = next((entry["controller"] for entry in state["battlefields"]
                                               if entry["id"] == happened["battlefield"]), None)
    if happened["event"] == "beginning_phase" and happened["player"] is not None:  # "each player's first"
        seen["nth"] = rulechanges.player_turn_number(state, happened["player"])
    if happened["event"] == "moves" and happened.get("object"):  # "The third time I move in a turn"
        moved = happened["object"]
        seen["nth"] = state.get("turn_facts", {}).get(moved["controller"], {}).get("moves", {}).get(moved["id"], 0)
    if happened["event"] in ("attacks", "defends") and happened.get("object"):  # "attacks or defends alone"
        unit = happened["object"]
        seen["alone"] = not any(other["id"] != unit["id"] and other["zone"] == "board" and other["type"] == "Unit"
                                and other["controller"] == unit["controller"]
                                and other["location"] == unit["location"] for other in state["objects"].values())
    fight = state.get("combat")
    if happened["event"] == "conquers" and fight and fight["battlefield"] == happened.get("battlefield"):
        seen["after_attack"] = happened["player"] == fight["attacker"]  # "When I conquer after an attack"
        seen["excess"] = fight.get("excess", {}).get(happened["player"], 0)  # the damage assigned beyond lethal
    if happened["event"] == "drew":  # "your second card each turn": the draws counted this turn so far
        seen["nth"] = state.get("turn_facts", {}).get(happened["player"], {}).get("drawn", 0)
    if happened["player"] is not None:
        seen["side"] = teams.side(state, happened["player"])  # "When you or an ally hold" (v1.4 648)
    if happened.get("units"):  # "with one or more [Mighty] units" (v1.4 708: 5 Might or more)
        seen["mighty_units"] = sum(1 for unit in happened["units"] if unit in state["objects"]
                                   and (state["objects"][unit]["might"] or 0) >= layers.MIGHTY)
    obj = happened.get("object")
    if obj is not None:
        printed = facts(state, obj["card"])
        seen["object"] = {**obj, "tags": list(printed.get("tags", ())), "energy": printed.get("energy"),
                          "power": printed.get("power")}
        played = state.get("played_this_turn", {}).get(happened["player"] or "", [])
        if happened["event"] == "played" and obj["id"] in played:
            seen["nth"] = played.index(obj["id"]) + 1
    return seen


def _if_holds(state: State, wanted: dict[str, Any] | None, source: dict[str, Any], happened: dict[str, Any]) -> bool:
    """Whether a trigger's "if" right after its condition holds as the condition is met (v1.4 383.2.a.1): about the
    occurrence (engine/cards/trigger_ifs.py), and the state of its source and controller as a static's `while` is
    (engine/layers.py)."""
    if not wanted:
        return True
    if not trigger_ifs.occurrence_holds(wanted, happened) \
            or not trigger_ifs.state_holds(state, wanted, source["controller"]):
        return False
    return "while" not in wanted or layers.condition_holds(state, {"source": source["id"], "controller":
                                                                   source["controller"], "while": wanted["while"]})


def units_at(state: State, battlefield_id: str, player: str) -> list[str]:
    """The units `player` controls at a battlefield: those a hold or a conquer there is by (383.4.c-d)."""
    return [object_id for object_id, obj in state["objects"].items() if obj["zone"] == "board"
            and obj["type"] == "Unit" and obj["location"] == battlefield_id and obj["controller"] == player]


def _turn_order_from(state: State) -> list[str]:
    """The players in turn order, starting with the turn player (v1.4 383.3.d.1)."""
    order = list(state["turn_order"])
    turn_player = state.get("turn_player")
    if turn_player in order:
        start = order.index(turn_player)
        order = order[start:] + order[:start]
    return order


def _candidates(state: State, happened: dict[str, Any]) -> list[tuple[dict[str, Any], int, dict[str, Any],
                                                                        dict[str, Any]]]:
    """The checkable triggered abilities that could meet an occurrence: of permanents on the board and legends in
    their zone whose text is active (an attached card's is not, v1.3 718.2), of battlefields (170.9), and of the
    object the occurrence is about wherever it is (a Deathknell in the trash, 808.1.d; a spell being played)."""
    found: list[tuple[dict[str, Any], Any, dict[str, Any], dict[str, Any]]] = []
    subject = (happened.get("object") or {}).get("id")

    def add(source: dict[str, Any], printed: list[tuple[int, dict[str, Any], dict[str, Any]]],
            keywords: list[str]) -> None:
        for index, ability, compiled in printed:
            if ability.get("keyword") != "Temporary" or "Temporary" in keywords:
                found.append((source, index, ability, compiled))
        if "Temporary" in keywords and not any(ability.get("keyword") == "Temporary" for _, ability, _ in printed):
            found.append((source, None, GRANTED_TEMPORARY, triggers.compile_trigger("[Temporary]", "Temporary")))

    for obj in state["objects"].values():
        if not (obj["zone"] in ("board", "legend") and not obj.get("attached_to") or obj["id"] == subject):
            continue
        printed, keywords = checkable_abilities(state, obj["card"]), obj.get("keywords", ())
        if printed or "Temporary" in keywords:
            add({"id": obj["id"], "card": obj["card"], "controller": obj["controller"], "kind": "object",
                 "location": obj["location"]}, printed, keywords)
    if subject is not None and subject not in state["objects"]:  # a token that ceased to exist (177.1)
        add({**happened["object"], "kind": "object"}, checkable_abilities(state, happened["object"]["card"]), [])
    for entry in state["battlefields"]:
        printed = checkable_abilities(state, entry["name"])
        if printed:
            add({"id": entry["id"], "card": entry["name"], "controller": battlefield_controller(state, entry),
                 "kind": "battlefield", "location": entry["id"]}, printed, [])
    return found


# card name -> (its abilities list, what `checkable_abilities` found in it). A match's cards are written once and
# shared by every later state (engine/fold.py SHARED), so the list is the same object for the whole match; the
# memo keeps it alive, so an identity check cannot match another match's list of the same card.
_MEMO: dict[str, tuple[list[dict[str, Any]], list[tuple[int, dict[str, Any], dict[str, Any]]]]] = {}


def checkable_abilities(state: State, card: str | None) -> list[tuple[int, dict[str, Any], dict[str, Any]]]:
    """A card's triggered abilities whose condition the engine reads whole in the match's edition, with their
    index and pattern."""
    return [entry for entry in _readable(state, card) if in_edition(state, entry[2])]


def _readable(state: State, card: str | None) -> list[tuple[int, dict[str, Any], dict[str, Any]]]:
    """A card's triggered abilities whose condition the reader compiles whole, whatever the edition (memoized)."""
    printed = facts(state, card).get("abilities", [])
    known = _MEMO.get(card or "")
    if known is not None and known[0] is printed:
        return known[1]
    found = []
    for index, ability in enumerate(printed):
        if ability.get("kind") != "triggered":
            continue
        compiled = triggers.compiled_for(card, ability)
        if triggers.checkable(compiled):
            found.append((index, ability, compiled))
    if card is not None:
        _MEMO[card] = (printed, found)
    return found


def in_edition(state: State, compiled: dict[str, Any]) -> bool:
    """Whether the match's edition is one where the engine checks every occurrence of a compiled trigger. Becoming
    Empowered is an occurrence in v1.4 (828.1.d, 441.2.a; earlier editions have only the card's reminder text);
    a Targeting Effect ("When you choose a friendly unit") is checked in v1.4, which says when it triggers after
    new choices too (754). Earlier matches were recorded with both on the recorder's word, and keep them so."""
    edition = edition_of(state)
    checked = {"empowered": edition.defines_vendetta_keywords, "chosen": edition.defines_new_choices}
    return all(checked.get(pattern["event"], True) for pattern in compiled["on"])


# -- awaiting ------------------------------------------------------------------------------------------------------
def awaited(state: State) -> list[dict[str, Any]]:
    """The due triggers as one awaited entry, before anything else the engine awaits (contract section 7)."""
    queue = state.get(KEY)
    if not queue or state["phase"] == "over":
        return []
    listed = [{key: entry[key] for key in ("source", "ability", "label", "card", "text", "controller", "optional")}
              for entry in queue]
    return [{"player": queue[0]["controller"], "kind": "trigger", "rule": "v1.4 383.3", "triggers": listed}]


# -- a `trigger` event ---------------------------------------------------------------------------------------------
def take(context: Context, event: dict[str, Any], source: dict[str, Any]) -> dict[str, Any] | None:
    """A `trigger` event in a checked match: the due trigger it names, taken off the queue (None where the engine
    takes the recorder's word: a match whose abilities are declared, an ability whose condition it cannot read, a
    trigger a missed-trigger remedy awaits, TR 702.2.f.2). Fails where the source has no such triggered ability
    (v1.4 383.2) or it is not due (383.3); a trigger of another player than the first in turn order is flagged
    (383.3.d.1); a declined trigger that is not "you may" cannot be declined (383.3.a)."""
    state = context.state
    if not cards.checks_abilities(state) or any(error.get("awaiting") and error.get("source") == source["id"]
                                                for error in state.get("errors", [])):
        return None
    printed = [ability for ability in facts(state, source["card"]).get("abilities", [])
               if ability.get("kind") == "triggered"]
    granted = {str(keyword).casefold() for keyword in source.get("keywords", [])} - {
        str(ability.get("keyword", "")).casefold() for ability in printed}
    if event["ability"].casefold() in granted:  # a keyword an effect granted: not printed
        queue = state.get(KEY, [])
        state[KEY] = [entry for entry in queue if not (entry["source"] == source["id"] and entry["ability"] is None
                                                        and entry["label"].casefold() == event["ability"].casefold())]
        return None  # a granted Temporary was due (and is no longer); any other, the recorder's word
    index, ability = _named(context, source, event["ability"])
    text = ability.get("text", "")
    compiled = triggers.compiled_for(source["card"], ability)
    if not triggers.checkable(compiled) or not in_edition(state, compiled):
        return None  # its condition is not read whole, or not in this edition: the recorder's word (docs/engine.md)
    queue = state.get(KEY, [])
    entry = next((due for due in queue if due["source"] == source["id"] and due["ability"] == index), None)
    name = f"{source['id']} ({source['card']})"
    if entry is None:
        rule, why = _not_due(state, source, compiled)
        context.fail(rule, f"{event['player']} triggers {label_of(ability, index)!r} of {name}, which is not due: "
                           f"{why} (\"{text}\")")
    first = queue[0]["controller"]
    context.check(entry["controller"] == first, "v1.4 383.3.d.1",
                  f"{entry['controller']} puts {entry['label']!r} of {name} on the chain before {first}'s due "
                  f"triggers, which triggered earlier or, triggered at the same time, go first: the turn player's, "
                  f"then each player's in turn order")
    queue.remove(entry)
    if event.get("declined"):
        context.check(entry["optional"], "v1.4 383.3.a",
                      f"{event['player']} declines {entry['label']!r} of {name}, which has no \"you may\": it is "
                      f"placed on the chain (\"{text}\")")
    elif entry.get("once_each_turn"):  # performed: not again this turn (declined, it may trigger later, 383.3.e.2.b)
        _performed(state, entry)
    entry["cost"] = compiled["cost"]
    return entry


def _not_due(state: State, source: dict[str, Any], compiled: dict[str, Any]) -> tuple[str, str]:
    """Why a trigger is not due, and the rule that says so: a spell on the chain whose play would meet its
    condition has not resolved, and its play triggers only once it has (v1.4 419.4.a); otherwise its condition has
    not been met (383.3), and an ability that triggers on a card being played names the rule of a countered card's
    play, which triggers nothing (419.4.a.1)."""
    pending = [item for item in state["chain"] if item["kind"] == "spell" and any(
        triggers.matches(pattern, _seen(state, occurrence("played", item["controller"], obj={
            "id": item["source"], "type": "Spell", "controller": item["controller"], "card": item["card"]})), source)
        for pattern in compiled["on"])]
    if pending:
        return "v1.4 419.4.a", (f"{pending[-1]['card']!r} ({pending[-1]['id']}) has not resolved, and a card's play "
                                f"triggers abilities as its resolution completes it")
    if compiled.get("if"):
        return "v1.4 383.3", ("its condition, with the \"if\" right after it that is part of it (v1.4 383.2.a.1), "
                              "was not met")
    if any(pattern["event"] == "played" for pattern in compiled["on"]):
        return "v1.4 383.3", ("its condition has not been met (a card's play triggers abilities as it resolves; a "
                              "countered card's triggers none, v1.4 419.4.a.1)")
    return "v1.4 383.3", "its condition has not been met"


def _named(context: Context, source: dict[str, Any], reference: str) -> tuple[int, dict[str, Any]]:
    """The triggered ability a `trigger` event names: by label (or keyword), or by its index as digits."""
    named = [(index, ability) for index, ability in enumerate(facts(context.state, source["card"]).get("abilities", []))
             if ability.get("kind") == "triggered"]
    for index, ability in named:
        if reference.isdigit() and int(reference) == index or names_ability(ability, index, reference):
            return index, ability
    known = "; ".join(f"[{index}] {label_of(ability, index)!r}: \"{ability.get('text', '')}\"" for index, ability
                      in named) or "none"
    context.fail("v1.4 383.2", f"{source['id']} ({source['card']}) has no triggered ability {reference!r} (its "
                               f"triggered abilities: {known})")


def card_cost(context: Context, event: dict[str, Any], entry: dict[str, Any] | None) -> dict[str, Any]:
    """The `trigger` event with the cost its card gives (v1.4 383.3.b, 383.3.b.1): charged as it is finalized
    whether or not the event declares it; a declared cost that is not the card's is flagged. The runes of `pay`
    are the recorder's, as for any payment."""
    if entry is None or entry.get("cost") is None:
        return event
    cost = dict(entry["cost"])
    if cost.pop("exhaust_self", False):
        cost["exhausting"] = [entry["source"]]
    declared = event.get("cost")
    if declared is not None:
        context.check(declared == cost, "v1.4 383.3.b",
                      f"{event['player']} pays {declared} for {entry['label']!r} of {entry['source']} "
                      f"({entry['card']}); its card's cost is {cost} (\"{entry['text']}\")")
    return {**event, "cost": cost}


def turn_began(context: Context, player: str) -> None:
    """A turn begins: the "once each turn" abilities may trigger again (v1.4 383.3.e), and the beginning phase's
    start is an occurrence ("At the start of your Beginning Phase", Temporary, v1.4 816.1.c)."""
    context.state.pop(ONCE, None)
    occurred(context, "beginning_phase", player)


def _performed(state: State, entry: dict[str, Any]) -> None:
    state.setdefault(ONCE, []).append([entry["source"], entry["ability"]])


# -- missed triggers -----------------------------------------------------------------------------------------------
def check_missed(context: Context, event: dict[str, Any]) -> None:
    """An event that is a game action, recorded while triggers are due, misses them (TR 506.3.b, 702.2): flagged
    (a strict match refuses the event); in an audit match they are forgotten and never go on the chain (TR 506.4).
    The core rule: a met condition places the ability on the chain (v1.4 383.3)."""
    state = context.state
    queue = state.get(KEY)
    if not queue or event["type"] in NOT_ACTIONS:
        return
    if state["phase"] == "over":  # the game ended (a trigger's point won it, say): nothing of it is due any more
        state[KEY] = []
        return
    for entry in queue:
        context.flag("TR 702.2", f"{event['type']!r} is recorded while {entry['label']!r} of {entry['source']} "
                                 f"({entry['card']}: \"{entry['text']}\") is due: {entry['controller']} missed the "
                                 f"trigger (a met condition places it on the chain, v1.4 383.3)")
        # engine/errors_as_played.py lists it as the accountable player's Missed Trigger, for its remedy (TR 702.2.f)
        context.violations[-1].update(missed={"player": entry["controller"], "source": entry["source"],
                                              "ability": entry["label"]})
        if entry.get("once_each_turn"):
            _performed(state, entry)  # a missed trigger still counts as triggered (TR 506.5, 702.2.d)
    state[KEY] = []
