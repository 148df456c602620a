"""A recorded resolution matched against what the resolving card or ability says it does (issue 26).

`problems(state, item, effects)` answers, as plain data, where the ops a `resolve` records go beyond the compiled
instructions of the item's card (engine/cards/effects.py): an op the card does not record, an amount it does not
give, a target its filter does not allow, fewer objects than "all" the card names, no op for an instruction that
could be followed. It never cites a rule: the rules module that asks (engine/resolution_checks.py) does.

What stays the recorder's (v1.4 359.3.d executes the card's text; the choices it leaves are the players'):
- which of the legal objects an "a"/"up to" instruction chooses, the order of ops, a mode, a "you may";
- every part the compiler left unread: an op an unread sentence may record is accepted on the recorder's word,
  and a target or amount it did not read is not checked;
- an instruction with no legal object left is ignored (v1.4 359.3.e.5-e.7): its op may be absent;
- amounts where a card on the board or the chain changes damage ("Bonus Damage", v1.4 391's example), and fewer
  cards drawn, channelled or discarded than the card says when the zone holds fewer (v1.4 359.3.e.11).
The state is read before the resolution's ops are applied: the targets, "all" and "here" as the item resolves.
"""
from __future__ import annotations

import functools
import re
from typing import Any

from engine.cards import (amounts, battlefields, choosing, copies, countering, damage_changes, decktop, filters, hands,
                          lasting, measures, players, plays, recycles)
from engine.cards.effects import INCIDENTAL, Filter, Spec, compile_ability

_AMOUNT_CHANGERS = re.compile(r"bonus damage|additional damage|deals? \d+ more damage|\bdouble\b", re.IGNORECASE)


def abilities_of(state: dict[str, Any], item: dict[str, Any]) -> list[dict[str, Any]]:
    """The abilities whose instructions the item executes: a spell's lines (v1.4 359.3.d), or the one activated
    (by its index) or triggered (by its index or label) ability the item is (v1.4 406.5); [] for anything else
    (a unit or gear played, a delayed ability with no card)."""
    facts = state["cards"].get(item.get("card") or "", {})
    listed = facts.get("abilities", [])
    if item["kind"] == "spell":
        return [ability for ability in listed if ability.get("kind") == "spell"]
    if item["kind"] != "ability" or item.get("source") is None:
        return []
    index = item.get("ability", item.get("label"))
    if isinstance(index, int) and not isinstance(index, bool):
        return [listed[index]] if 0 <= index < len(listed) else []
    for ability in listed:
        names = {str(ability.get("label", "")).casefold(), str(ability.get("keyword", "")).casefold()}
        if ability.get("kind") in ("triggered", "activated") and isinstance(index, str) and index.casefold() in names:
            return [ability]
    return []


def mode_count(state: dict[str, Any], item: dict[str, Any]) -> int | None:
    """How many modes the item's modal line offers ("Choose one — ..."), or None when it has none the compiler
    reads."""
    counts = [len(result["modes"]) for result in (compile_ability(ability, item.get("card"))
                                                  for ability in abilities_of(state, item)) if result.get("modes")]
    return sum(counts) if counts else None


def problems(state: dict[str, Any], item: dict[str, Any], effects: list[dict[str, Any]],
             mistargeted: set[str] | frozenset[str] = frozenset()) -> list[dict[str, str]]:
    """Each way the recorded `effects` go beyond the item's card: `{text, message}` (the card's line quoted, what
    is wrong). `mistargeted`: chosen targets the rules module found no longer legal for reasons this package does
    not read (untargetability, v1.4 758.1); an instruction about them may be left out."""
    abilities = abilities_of(state, item)
    compiled = [(ability, compile_ability(ability, item.get("card"))) for ability in abilities]
    if not compiled:
        return []
    # the executions a Repeat adds: one per Repeat cost paid (v1.4 820.1.d, 820.3: the item's `repeat`)
    choices = choosing.readings(compiled, item, item.get("repeat", 0))
    unread_ops = {op for _, result in compiled for op in result["unread_ops"]}
    whole_text = " / ".join(ability["text"] for ability in abilities)
    own = {item.get("card")} if any(spec.get("bonus_named") for _, result in compiled for spec in result["effects"]) \
        else set()  # its own "Bonus Damage" read: measured, not lenient
    lenient = bool(_AMOUNT_CHANGERS.search(" ".join(_board_texts(state, own))))
    answers = [_match(state, item, specs, effects, unread_ops, whole_text, lenient, mistargeted)
               for specs in choices]
    best = min(answers, key=len)
    if len(choices) > 1:  # v1.4 359.3.d reads the mode chosen: the other modes are no instructions of this one
        best = [{**problem, "message": problem["message"] + " in the mode that fits best (one mode is chosen)"}
                for problem in best]
    return best



def _match(state: dict[str, Any], item: dict[str, Any], specs: list[tuple[Spec, str]],
           effects: list[dict[str, Any]], unread_ops: set[str], whole_text: str, lenient: bool,
           mistargeted: set[str] | frozenset[str]) -> list[dict[str, str]]:
    """The problems of the recorded ops against one reading of the card (its specs: one mode of each modal line,
    for each execution)."""
    found: list[dict[str, str]] = []
    assigned: dict[int, list[dict[str, Any]]] = {index: [] for index in range(len(specs))}
    for effect in effects:
        if effect.get("op") in INCIDENTAL and not any(spec["op"] == effect["op"] for spec, _ in specs):
            continue  # a remark, or a replacement applied as it resolves: no instruction of the card
        same = [index for index, (spec, _) in enumerate(specs) if spec["op"] == effect["op"]]
        reasons = []
        for index in same:
            reason = _mismatch(state, item, specs[index][0], effect, lenient) or \
                players.mismatch(state, item, specs[index][0], effect, assigned[index])
            if reason is None and not _full(state, item, specs[index][0], assigned[index]):
                assigned[index].append(effect)
                break
            reasons.append((index, reason or f"the card's instruction acts on "
                                                 f"{_how_many(specs[index][0])} only"))
        else:
            if "*" in unread_ops or effect["op"] in unread_ops:
                continue  # an op an unread part may record: on the recorder's word
            if reasons:
                index, reason = reasons[0]
                found.append({"text": specs[index][1], "message": f"records {_describe(state, effect)}, but {reason}"})
            else:
                found.append({"text": whole_text, "message": f"records {_describe(state, effect)}, which the card "
                                                              f"does not do"})
    for index, (spec, text) in enumerate(specs):
        if "when_revealed" in spec:  # "If it's a gear, draw it. Otherwise, recycle it.": by the card revealed
            fits = decktop.revealed_fits(state, [other for other, _ in specs], assigned,
                                         spec["when_revealed"]["card"])
            spec = {**spec, "if": {"revealed": None if fits is None else fits == spec["when_revealed"]["fits"]}}
        holding = (spec["if"]["revealed"] if "revealed" in spec["if"] else countering.holds(state, item, spec["if"])
                   if "opponent_spell" in spec["if"] else amounts.holds(state, item, spec["if"])) \
            if "if" in spec else None
        if holding is False and assigned[index]:
            found.append({"text": text, "message": f"records {_describe(state, assigned[index][0])}, but the card's "
                                                   f"condition does not hold as it resolves"})
        if "if" in spec:  # required only where it holds (unknown: on the recorder's word)
            specs[index] = ({**spec, "optional": spec.get("optional", False) or holding is not True}, text)
    for index, (spec, text) in enumerate(specs):  # what an op is measured on, or the ops of another instruction
        message = _related(state, item, [other for other, _ in specs], index, assigned, effects, lenient)
        if message:
            found.append({"text": text, "message": message})
    for index, (spec, text) in enumerate(specs):  # "deal 5 damage split among ...": the shares add up to 5
        shares = sum(effect.get("amount") or 0 for effect in assigned[index])
        if "split" in spec and assigned[index] and not lenient and shares != spec["split"]:
            found.append({"text": text, "message": f"records damage {shares} in all, but the card splits "
                                                   f"{spec['split']}"})
    for index, message in _unpaid(state, specs, assigned):
        found.append({"text": specs[index][1], "message": message})
    for index, message in decktop.problems(state, [spec for spec, _ in specs], assigned):
        found.append({"text": specs[index][1], "message": message})
    for index, message in filters.problems(state, item, [spec for spec, _ in specs], assigned, _target_mismatch):
        found.append({"text": specs[index][1], "message": message})  # groups and relations (filters.py)
    for index, (spec, text) in enumerate(specs):
        message = _each_other(state, item, spec, assigned[index], effects, lenient, mistargeted,
                              assigned[index - 1] if spec.get("with_before") and index else None) \
            if "mutual" in spec else None
        if message:
            found.append({"text": text, "message": message})
    for index, (spec, text) in enumerate(specs):
        whose = players.referred(state, spec, assigned[index + spec["player"]["of"]]) \
            if isinstance(spec.get("player"), dict) and index + spec["player"]["of"] >= 0 else None
        for effect in assigned[index] if whose is not None else []:
            reason = players.referred_mismatch(item, spec, effect, whose)
            if reason:
                found.append({"text": text, "message": f"records {_describe(state, effect)}, but {reason}"})
        if whose == [] and not assigned[index]:
            continue  # "Its controller draws 2" after an instruction that acted on nothing: nobody to draw
        if "same" in spec and index + spec["same"] >= 0:
            message = _same(state, spec, assigned[index], assigned[index + spec["same"]])
            if message:
                found.append({"text": text, "message": message})
            continue
        able = functools.partial(_theirs_there, state, item, spec)
        message = players.missing(state, item, spec, assigned[index], able) or \
            _missing(state, item, spec, assigned[index], mistargeted) or \
            (_uncopied(spec, assigned[index], effects) if spec.get("tokens") else None)
        if message:
            found.append({"text": text, "message": message})
    return found


def _related(state: dict[str, Any], item: dict[str, Any], specs: list[Spec], index: int,
             assigned: dict[int, list[dict[str, Any]]], effects: list[dict[str, Any]], lenient: bool) -> str | None:
    """Why the ops of an instruction do not fit what the card measures them on, or the ops of the instruction
    before (or after) it (engine/cards/measures.py, countering.py, lasting.py, players.py); None when they do."""
    spec, given = specs[index], assigned[index]
    before = assigned[index - 1] if index else []
    after = assigned[index + 1] if index + 1 < len(specs) else []
    if "measure" in spec:  # "It deals damage equal to its Might to ..."
        return None if lenient else measures.check(state, spec, given, before, effects)
    checks = (("raise_to", lambda: measures.raise_check(state, item, spec, given, effects, _target_mismatch)),
              ("same_item", lambda: countering.same_item(state, spec, given, before)),
              ("swap", lambda: measures.swap_check(state, given, effects)),
              ("per_op", lambda: measures.per_op_check(spec, given, effects)),
              ("same_targets", lambda: measures.same_targets(given, before)),
              ("source_before", lambda: lasting.source_check(given, before)),
              ("alone_bonus", lambda: measures.alone_check(state, given, before)),
              ("per_opponent_before", lambda: players.opponents_did(item, spec, given, before)),
              ("keywords_of", lambda: measures.keywords_check(state, item, given, after)),
              ("bonus_named", lambda: None if lenient else measures.bonus_check(state, item, spec, given)),
              ("played_before", lambda: plays.attached_played(state, item, given, before)
               if index and specs[index - 1]["op"] == "play" else None))  # "it": the card played, when one is
    return next((check() for key, check in checks if spec.get(key)), None)


# -- one op against one spec -------------------------------------------------------------------------------------
def _mismatch(state: dict[str, Any], item: dict[str, Any], spec: Spec, effect: dict[str, Any],
              lenient: bool) -> str | None:
    """Why the recorded op is not what the spec allows, or None when it is."""
    op = spec["op"]
    amount = amounts.amount(state, item, spec, effect, _target_mismatch) if "per" in spec else spec.get("amount")
    if "target" in spec and "target" in effect:
        reason = _target_mismatch(state, item, spec["target"], effect["target"]) or \
            choosing.unchosen(state, item, spec, effect["target"], _target_mismatch)
        if reason:
            return reason
    if amount is None:
        return _shape_mismatch(state, item, spec, effect)
    if op == "damage" and not lenient and effect.get("amount") != amount:
        return f"the card deals {amount}, not {effect.get('amount')}"
    if op == "might":
        delta = effect.get("delta")
        low, high = (amount, 0) if spec.get("at_least") and amount < 0 else (amount, amount)
        if not isinstance(delta, int) or not low <= delta <= high:
            return f"the card gives {amount:+d} [S], not {delta}"
    if op in ("draw", "discard", "channel", "predict", "burn", "look", "reveal"):
        field = "runes" if op == "channel" else "cards"
        given = len(effect.get(field) or [])
        if given > amount or given < amount and not _fewer_allowed(state, players.player_of(item, spec, effect), op,
                                                                  amount):
            return f"the card says {op} {amount}, not {given}"
    if op in ("point", "xp") and effect.get("amount") != amount:
        return f"the card says {amount}, not {effect.get('amount')}"
    if op == "token":
        return _token_mismatch(state, item, spec, effect)
    if op == "add":
        return _add_mismatch(spec, effect)
    return _shape_mismatch(state, item, spec, effect)


def _shape_mismatch(state: dict[str, Any], item: dict[str, Any], spec: Spec, effect: dict[str, Any]) -> str | None:
    """The parts of an op besides its target and amount: how long ("this turn"), which keyword, where to."""
    op = spec["op"]
    if spec.get("hand") or "from_hand" in spec or spec.get("whole_hand"):  # "They reveal their hand. ..."
        return hands.mismatch(state, spec, effect, players.player_of(item, spec, effect))
    if op == "grant" and spec.get("keywords_of"):  # "my keywords": which, measures.keywords_check
        return "the card's effect lasts this turn, not permanently" if effect.get("until") != "turn" else None
    if op in ("might", "grant"):
        until = effect.get("until", "permanent")
        if spec.get("until") == "turn" and until != "turn":
            return "the card's effect lasts this turn, not permanently"
        if spec.get("until") is None and until == "turn":
            return "the card's effect is not for this turn only"
    if op == "grant" and (effect.get("keyword") != spec.get("keyword") or
                          spec.get("value") is not None and effect.get("value") != spec["value"]):
        return f"the card gives [{spec.get('keyword')}{' ' + str(spec['value']) if spec.get('value') else ''}]"
    if op in ("look", "reveal", "recycle") and (op == "look" or spec.get("among") or spec.get("rest")) and \
            effect.get("from", "deck" if op == "look" else None) != "deck":
        return f"the card's {op} is of the top cards of its controller's Main Deck (`from` \"deck\")"
    if op == "channel" and bool(effect.get("exhausted")) != bool(spec.get("exhausted")):
        return f"the card channels {'exhausted' if spec.get('exhausted') else 'ready'} runes"
    if op == "counter" and spec.get("item"):
        return _countered_mismatch(state, item, spec["item"], str(effect.get("item")))
    if op == "token" and spec.get("kind"):  # "For each opponent who did, you play a Gold gear token": no amount
        return _token_mismatch(state, item, spec, effect)
    if op == "static":
        return lasting.mismatch(spec, effect)
    if op in ("prevent", "double"):
        return damage_changes.mismatch(spec, effect)
    if op == "recycle" and "card" in spec:
        return recycles.mismatch(state, item, spec, effect, _target_mismatch)
    if op == "play" and "from" in spec:
        return plays.mismatch(state, item, spec, effect, _target_mismatch)
    if op == "control" and "item" in spec:  # "Gain control of a spell"
        return countering.control_mismatch(state, spec, effect)
    if op == "battlefield" and "replaces" in spec:
        return battlefields.mismatch(state, item, spec, effect)
    if op == "copy" and isinstance(spec.get("of"), dict):  # "They become copies of me"
        reason = _target_mismatch(state, item, spec["of"], str(effect.get("of"))) or (
            f"{effect.get('of')} is not the card's source ({item.get('source')})"
            if spec["of"].get("self") and effect.get("of") != item.get("source") else None)
        if reason:
            return f"what the token copies: {reason}"
    if op == "name" and spec.get("named_of") and ("card" not in effect or effect.get("of") != spec["named_of"]):
        return f"the card names a {spec['named_of'].lower()} (a card, `of` \"{spec['named_of']}\")"
    if op == "return" and effect.get("to") != spec.get("to", "hand"):
        return f"the card returns to the {spec.get('to', 'hand')}, not to the {effect.get('to')}"
    if op == "attach" and isinstance(spec.get("to"), dict) and "to" in effect:
        reason = _target_mismatch(state, item, spec["to"], effect["to"])
        if reason:
            return f"where the card attaches ({spec['text']!r}): {reason}"
    if op == "move" and isinstance(spec.get("to"), str):
        reason = _where_mismatch(state, item, spec["to"], str(effect.get("to", "")))
        if reason:
            return f"the card moves {reason}"
    return None


def _countered_mismatch(state: dict[str, Any], item: dict[str, Any], wanted: dict[str, Any], chosen: str) -> str | None:
    """Why the chain item countered is not what the card counters: a spell or an ability, an enemy's, one that
    costs no more than [N] and [A] (its card's printed cost), one that chooses a friendly unit or gear."""
    countered = next((entry for entry in state["chain"] if entry["id"] == chosen), None)
    if countered is None:
        return None  # no such item: the rules module says so (v1.4 601.3)
    name = f"{chosen} ({countered.get('card')})"
    kind = "spell" if countered["kind"] == "spell" else "ability"
    if kind not in wanted["kinds"]:
        return f"{name} is {'a spell' if kind == 'spell' else 'an ability'}, and the card counters " \
               f"{' or '.join(wanted['kinds'])}s only"
    if wanted.get("enemy") and countered["controller"] == item["controller"]:
        return f"{name} is its controller's own, and the card counters an enemy's"
    facts = state["cards"].get(countered.get("card") or "", {})
    power = facts.get("power") or 0
    if "energy_max" in wanted and ((facts.get("energy") or 0) > wanted["energy_max"] or power > wanted["power_max"]):
        return f"{name} costs [{facts.get('energy')}] and {power} Power, more than the card counters"
    if "chooses_only" in wanted:
        return countering.chooses_only(state, item, countered)
    if "chooses_friendly" in wanted:
        chosen_friendly = [target for target in countered.get("targets", []) if target in state["objects"]
                           and state["objects"][target]["controller"] == item["controller"]
                           and state["objects"][target]["type"] in wanted["chooses_friendly"]]
        if not chosen_friendly:
            return f"{name} chooses no friendly {' or '.join(t.lower() for t in wanted['chooses_friendly'])}"
    return None


def _add_mismatch(spec: Spec, effect: dict[str, Any]) -> str | None:
    """[Add]: the Energy the card adds, and its Power: so many of each domain it names, any domain for [A]."""
    energy, power = spec.get("energy", 0), spec.get("power", {})
    given = {domain: amount for domain, amount in (effect.get("power") or {}).items() if amount}
    named_short = [domain for domain, amount in power.items() if domain != "any" and given.get(domain, 0) < amount]
    if effect.get("energy", 0) != energy or sum(given.values()) != sum(power.values()) or named_short:
        wanted = ", ".join([f"{energy} Energy"] * bool(energy) + [f"{amount} {domain} Power"
                                                                  for domain, amount in power.items()])
        return f"the card adds {wanted or 'nothing'}"
    return None


def _token_mismatch(state: dict[str, Any], item: dict[str, Any], spec: Spec, effect: dict[str, Any]) -> str | None:
    """A token of the kind and Might the card names, where it names ("in your base" when it names nowhere)."""
    to = str(effect.get("to") or "base")
    where = spec.get("where")
    if where in ("base", "battlefield", "here"):
        reason = _where_mismatch(state, item, where, f"base:{item['controller']}" if to == "base" else to)
        if reason:
            return f"the card plays its token {reason}, not at {to}"
    kind = str(effect.get("kind", effect.get("name", "")))
    if not kind.casefold().startswith(str(spec.get("kind", "")).casefold()):  # "Recruit (DE)" is a Recruit
        return f"the card plays a {spec.get('kind')} token, not a {kind} token"
    if spec.get("might") is not None and effect.get("might", spec["might"]) != spec["might"]:
        return f"the card's {spec.get('kind')} token has {spec['might']} [S], not {effect.get('might')}"
    return None


def unfit_targets(state: dict[str, Any], item: dict[str, Any]) -> list[dict[str, str]]:
    """Each target the item chose as it was played that no instruction of its card can choose (choosing.py)."""
    compiled = [(ability, compile_ability(ability, item.get("card"))) for ability in abilities_of(state, item)]
    return choosing.unfit_targets(state, item, compiled, _target_mismatch)


def _target_mismatch(state: dict[str, Any], item: dict[str, Any], target: Filter | None, chosen: str) -> str | None:
    """Why the object `chosen` is not one the filter names (None: it is, or the filter or object is unknown)."""
    obj = state["objects"].get(chosen)
    if target is None or obj is None:
        return None  # an object made as it resolves ("it" after "Play a ... token") is not there yet
    name = f"{chosen} ({obj['card']})"
    if target.get("new"):
        return f"the card acts on the token it plays, not on {name}"
    if target.get("self"):
        return None if chosen == item.get("source") else f"the card acts on itself, not on {name}"
    if target.get("other") and chosen == item.get("source"):
        return f"the card acts on another object, not on itself"
    types = target.get("types", [])
    if types and not _type_fits(obj, types):
        return f"{name} is a {obj['type']}, not a {' or '.join(t.lower() for t in types)}"
    whose = target.get("whose")
    if whose == "friendly" and obj["controller"] != item["controller"]:
        return f"{name} is an enemy's ({obj['controller']}), and the card's target is friendly"
    if whose == "enemy" and obj["controller"] == item["controller"]:
        return f"{name} is friendly ({obj['controller']}), and the card's target is an enemy's"
    if whose == "own" and obj["owner"] != item["controller"]:
        return f"{name} is {obj['owner']}'s, and the card's target is its controller's own"
    if "zone" in target and obj["zone"] != target["zone"]:
        return f"{name} is in {obj['zone']}, not in the {target['zone']}"
    tags = set(obj.get("tags") or state["cards"].get(obj["card"] or "", {}).get("tags", []))
    if target.get("tags") and not tags & set(target["tags"]):
        return (f"{name} has tags {', '.join(sorted(tags)) or 'none'}, and the card's target is a "
                f"{' or '.join(target['tags'])}")
    domains = state["cards"].get(obj["card"] or "", {}).get("domains", [])
    if target.get("domains") and not set(domains) & set(target["domains"]):
        return (f"{name} is {'/'.join(domains) or 'of no domain'}, and the card's target is "
                f"{' or '.join(target['domains'])}")
    if set(target.get("not_tags", [])) & tags:
        return f"{name} is a {'/'.join(sorted(set(target['not_tags']) & tags))}, which the card excludes"
    printed = state["cards"].get(obj["card"] or "", {})
    if set(target.get("keywords", [])) - set(printed.get("keywords", [])):  # "a card with [Hidden]"
        return f"{name} has no [{'], ['.join(target['keywords'])}], and the card's target has"
    for bound, what in (("energy_max", "energy"), ("power_max", "power")):  # "with cost no more than [3] and [A]"
        if bound in target and (printed.get(what) or 0) > target[bound]:
            return f"{name} costs {printed.get(what) or 0} {what.capitalize()}, and the card's target costs no more " \
                   f"than {target[bound]}"
    might = obj.get("might")
    mine = (state["objects"].get(item.get("source") or "") or {}).get("might")
    if target.get("might_below_self") and isinstance(might, int) and isinstance(mine, int) and might >= mine:
        return f"{name} has {might} [S], and the card's target has less Might than its source ({mine})"
    if "might_max" in target and isinstance(might, int) and might > target["might_max"]:
        return f"{name} has {might} [S], and the card's target has {target['might_max']} [S] or less"
    if "might_min" in target and isinstance(might, int) and might < target["might_min"]:
        return f"{name} has {might} [S], and the card's target has {target['might_min']} [S] or more"
    if obj["zone"] == "board" and target.get("where"):
        reason = _where_mismatch(state, item, target["where"], obj.get("location") or "")
        if reason:
            return f"{name} is {_where_is(obj)}, and the card's target is {reason}"
    status = target.get("state")
    if status and not _has_status(obj, status):
        return f"{name} is not {status}, and the card's target is"
    return filters.mismatch(state, item, target, chosen, _target_mismatch)  # printed cost, any_of... (filters.py)


def _type_fits(obj: dict[str, Any], types: list[str]) -> bool:
    kinds = set(types)
    if "Card" in kinds or "Permanent" in kinds and obj["type"] in ("Unit", "Gear"):
        return True
    return obj["type"] in kinds


def _has_status(obj: dict[str, Any], status: str) -> bool:
    return {"exhausted": obj.get("exhausted"), "ready": not obj.get("exhausted"), "stunned": obj.get("stunned"),
            "damaged": obj.get("damage", 0) > 0, "attacker": obj.get("attacker"),
            "defender": obj.get("defender"), "in_combat": obj.get("attacker") or obj.get("defender"),
            "attached": obj.get("attached_to") is not None,
            "detached": obj.get("attached_to") is None}.get(status, True)


def _where_is(obj: dict[str, Any]) -> str:
    location = obj.get("location") or ""
    return f"in {location.replace('base:', '')}'s base" if location.startswith("base:") else f"at {location}"


def _where_mismatch(state: dict[str, Any], item: dict[str, Any], where: str, location: str) -> str | None:
    """Why `location` is not where the card says ("battlefield", "base", "here"); "there" is not read."""
    if where == "battlefield" and (not location or location.startswith("base:") or location == "base"):
        return "at a battlefield"
    if where == "base" and not (location.startswith("base:") or location == "base"):
        return "in a base"
    if where == "here":
        here = _here(state, item)
        if here is not None and location != here:
            return f"here ({here})"
    return None


def _here(state: dict[str, Any], item: dict[str, Any]) -> str | None:
    """The source's location ("here", v1.4 359.3.f.1), or None when it is unknown (a spell on the chain)."""
    source = state["objects"].get(item.get("source") or "")
    if source is None or source.get("zone") != "board":
        return None
    return source.get("location")


def _fewer_allowed(state: dict[str, Any], who: str, op: str, amount: int) -> bool:
    """Fewer cards than the card says, when the zone of the player who performs it holds fewer (v1.4
    359.3.e.11)."""
    player = state["players"].get(who, {})
    held = {"discard": len(player.get("hand", [])), "channel": player.get("rune_deck_count", amount),
            "predict": player.get("deck_count", amount), "draw": amount, "burn": amount,
            "look": player.get("deck_count", amount), "reveal": amount}[op]
    return held < amount


def _same(state: dict[str, Any], spec: Spec, given: list[dict[str, Any]], before: list[dict[str, Any]]) -> str | None:
    """"Ready a unit and give it ...": each op on "it" acts on an object the instruction before it acted on, and
    one is needed for each of those (none when it acted on nothing, or where the card says "you may")."""
    named = [effect["target"] for effect in before if effect.get("target") in state["objects"]]
    for effect in given:
        if effect.get("target") not in named:
            what = ", ".join(f"{object_id} ({state['objects'][object_id]['card']})" for object_id in named) or \
                "nothing"
            return f"records {_describe(state, effect)}, but \"it\" is what the instruction before acted on: {what}"
    left = [object_id for object_id in named if object_id not in {effect.get("target") for effect in given}]
    if left and not spec.get("optional"):
        return f"records no {spec['op']} for {spec['text']!r} on {', '.join(left)}, which the instruction before " \
               f"acted on"
    return None


def _unpaid(state: dict[str, Any], specs: list[tuple[Spec, str]], assigned: dict[int, list[dict[str, Any]]]) -> \
        list[tuple[int, str]]:
    """"You may spend a buff to draw 1": the ops after a cost within instructions (`paid_by`) are done only when
    every op of that cost (`cost`) was recorded (v1.4 204.3.b: the cost is paid to get the effect)."""
    found: list[tuple[int, str]] = []
    for index, (spec, _) in enumerate(specs):
        cost = spec.get("paid_by")
        if not cost or not assigned[index]:
            continue
        unpaid = [other["text"] for position, (other, _) in enumerate(specs)
                  if other.get("cost") == cost and not assigned[position]]
        if unpaid:
            found.append((index, f"records {_describe(state, assigned[index][0])}, but the card's cost "
                                 f"{', '.join(repr(text) for text in unpaid)} was not paid"))
    return found


# -- two units dealing damage to each other ------------------------------------------------------------------------
def _each_other(state: dict[str, Any], item: dict[str, Any], spec: Spec, given: list[dict[str, Any]],
                effects: list[dict[str, Any]], lenient: bool, mistargeted: set[str] | frozenset[str],
                before: list[dict[str, Any]] | None = None) -> str | None:
    """"They deal damage equal to their Mights to each other": one damage to each of the two units (one fitting
    each of the card's filters, `mutual`; "we" is this unit and the one chosen), each the other's Might as it
    deals it (after the ops recorded before it; a buff before it is on the recorder's word). Nothing is needed
    when one of them is not there to act on (v1.4 359.3.e.6). `before`: the ops of the instruction before, when
    one of the two is the unit it acted on ("Give a friendly unit +3 [S]. Then choose an enemy unit. They ...")."""
    first, second = spec["mutual"]
    if not given and spec.get("optional"):
        return None  # a "you may", or a [Repeat] not paid
    if not given:
        there = all(int(item.get("source") in state["objects"] and state["objects"][item["source"]]["zone"] == "board")
                    if side.get("self") else _legal_count(state, item, side, mistargeted) for side in (first, second))
        return f"records no damage for {spec['text']!r}, and both units are there" if there else None
    targets = [effect.get("target") for effect in given]
    if len(given) != 2 or len(set(targets)) != 2 or not all(target in state["objects"] for target in targets):
        return f"records damage to {', '.join(map(str, targets))}: the card's two units deal damage to each other"
    one, other = targets
    acted = {effect.get("target") for effect in before or []} & set(state["objects"])
    if acted and not acted & {one, other}:  # "Give a friendly unit +3 [S]. Then choose an enemy unit. They ..."
        return f"records damage between {_named(state, one)} and {_named(state, other)}, but one of them is " \
               f"{', '.join(_named(state, object_id) for object_id in sorted(acted))}, which the instruction before " \
               f"acted on"
    destination = (before or [{}])[0].get("to") if second.get("at_destination") else None
    chosen = [object_id for object_id in (one, other) if object_id not in acted]
    if destination and any(state["objects"][object_id].get("location") != destination for object_id in chosen):
        return f"records damage between {_named(state, one)} and {_named(state, other)}, but the unit chosen is at " \
               f"the moved unit's destination ({destination})"
    if not (_fits(state, item, first, one) and _fits(state, item, second, other) or
            _fits(state, item, first, other) and _fits(state, item, second, one)):
        return f"records damage between {_named(state, one)} and {_named(state, other)}, which are not the two units " \
               f"the card names"
    for effect, dealer in ((given[0], other), (given[1], one)):
        might = _might_before(state, effects, effect, dealer)
        if not lenient and might is not None and effect.get("amount") != might:
            return f"records damage {effect.get('amount')} to {_named(state, effect['target'])}, but " \
                   f"{_named(state, dealer)} deals its Might, {might}"
    return None


def _fits(state: dict[str, Any], item: dict[str, Any], side: Filter, object_id: str) -> bool:
    return object_id == item.get("source") if side.get("self") else \
        _target_mismatch(state, item, side, object_id) is None


def _named(state: dict[str, Any], object_id: str) -> str:
    return f"{object_id} ({state['objects'][object_id]['card']})"


def _might_before(state: dict[str, Any], effects: list[dict[str, Any]], damage: dict[str, Any],
                  dealer: str) -> int | None:
    """The dealer's Might as the damage is dealt: as the item resolves, with the `might` ops recorded before it;
    None where a buff recorded before it (or no Might) leaves it to the recorder."""
    might = state["objects"][dealer].get("might")
    for effect in effects[:effects.index(damage)] if damage in effects else []:
        if effect.get("target") != dealer:
            continue
        if effect.get("op") == "might" and isinstance(effect.get("delta"), int) and isinstance(might, int):
            might += effect["delta"]
        elif effect.get("op") == "buff":
            return None
    return might if isinstance(might, int) else None


# -- instructions not followed -----------------------------------------------------------------------------------
def _full(state: dict[str, Any], item: dict[str, Any], spec: Spec, given: list[dict[str, Any]]) -> bool:
    """Whether the instruction has acted on as many objects as it names (an unread target names no number), or
    been performed by each player it names ("each player", engine/cards/players.py)."""
    if "target" in spec and spec["target"] is None:
        return False
    each = players.each(state, item, spec)
    if each is not None:
        return len(given) >= len(each)
    count = (spec.get("target") or {}).get("count") or {"max": spec.get("amount") if spec["op"] == "token" else 1}
    if count.get("per_player"):  # "each player may return a unit": one a player at most
        return len(given) >= len(state["players"])
    if count.get("all") or count.get("max") is None:
        return False
    return len(given) >= count["max"]


def _theirs_there(state: dict[str, Any], item: dict[str, Any], spec: Spec, player: str) -> bool:
    """Whether `player` has something an instruction of theirs could act on: for "Each player kills one of their
    units" (`theirs`), an object that player controls fitting the filter; for "Each player discards their hand", a
    card in hand; any other instruction always."""
    target = spec.get("target") or {}
    if spec.get("whole_hand"):  # "Each player discards their hand": a player with none discards nothing
        return bool(state["players"][player].get("hand"))
    if not target.get("theirs"):
        return True
    return any(obj["zone"] == target.get("zone", "board") and obj["controller"] == player and
               _target_mismatch(state, item, target, object_id) is None for object_id, obj in state["objects"].items())


def _how_many(spec: Spec) -> str:
    count = (spec.get("target") or {}).get("count") or {}
    return "all" if count.get("all") else "one a player" if count.get("per_player") else str(count.get("max", 1))


def _missing(state: dict[str, Any], item: dict[str, Any], spec: Spec, given: list[dict[str, Any]],
             mistargeted: set[str] | frozenset[str]) -> str | None:
    """What an instruction the card says and the resolution leaves out: every object of an "all", or an op the
    card does not make optional while something legal is there to act on (v1.4 359.3.e.6: only an instruction
    that cannot be followed is ignored)."""
    op, target = spec["op"], spec.get("target")
    if spec.get("rest"):
        return None  # the rest of the cards looked at: engine/cards/decktop.py
    if op == "recycle" and "card" in spec:
        return recycles.missing(state, item, spec, given, _target_mismatch)
    if spec.get("hand") or "from_hand" in spec or spec.get("whole_hand"):
        return hands.missing(state, item, spec, given)
    if target is not None and (target.get("count") or {}).get("all"):
        if target.get("where") == "there" or target.get("where") == "here" and _here(state, item) is None:
            return None  # where "there" or an unknown "here" is: on the recorder's word
        zone = target.get("zone", "board")
        expected = {object_id for object_id, obj in state["objects"].items() if obj["zone"] == zone
                    and _target_mismatch(state, item, target, object_id) is None}
        if target.get("one_place"):  # "all enemy units at a battlefield": the battlefield the ops name, one
            places = {state["objects"][effect["target"]]["location"] for effect in given
                      if effect.get("target") in state["objects"]}
            if len(places) > 1:
                return f"records {op} at {', '.join(sorted(places))}: the card acts at one battlefield"
            if not places and expected:
                return f"records no {op} for {spec['text']!r}, and something is there to act on"
            expected = {object_id for object_id in expected if state["objects"][object_id]["location"] in places}
        left = sorted(expected - {effect.get("target") for effect in given})
        if left:
            names = ", ".join(f"{object_id} ({state['objects'][object_id]['card']})" for object_id in left)
            return f"records no {op} for {names}: the card acts on all of them"
        return None
    if spec.get("optional") or target is None and "target" in spec:
        return None  # a "you may", or an unread target: how many it acts on is on the recorder's word
    need = ((target or {}).get("count") or {"min": 1}).get("min", 1)
    if op == "token":  # "Play two 1 [S] Tentacle unit tokens": one op a token
        need = spec.get("amount") or 1
    if target is not None and target.get("self"):
        need = min(need, int(item.get("source") in state["objects"]))
    elif target is not None:  # only what is there can be acted on (v1.4 359.3.e.6-e.8)
        need = min(need, _legal_count(state, item, target, mistargeted))
    if isinstance(spec.get("to"), dict) and not spec["to"].get("self"):  # attached to nothing there: ignored
        need = min(need, _legal_count(state, item, spec["to"], mistargeted))
    if len(given) >= need:
        return None
    if given:
        return f"records {op} for {len(given)} of the {need} objects {spec['text']!r} names"
    there = ", and something is there to act on" if target is not None else ""
    return f"records no {op} for {spec['text']!r}{there}"


def _uncopied(spec: Spec, given: list[dict[str, Any]], effects: list[dict[str, Any]]) -> str | None:
    """"They become copies of me": a copy for each token the resolution plays (none without a token)."""
    need = min(copies.made(effects), spec["target"]["count"]["max"])
    if spec.get("optional") or len(given) >= need:
        return None
    return f"records {len(given)} copy for {spec['text']!r}, and {need} tokens were played"


def _legal_count(state: dict[str, Any], item: dict[str, Any], target: Filter,
                 mistargeted: set[str] | frozenset[str]) -> int:
    """How many objects the instruction could act on: the item's chosen targets still legal when it chose some
    (not one that became untargetable, v1.4 758.1), else every object in the filter's zone that fits."""
    zone = target.get("zone", "board")
    chosen = [object_id for object_id in item.get("targets", []) if object_id in state["objects"]]
    pool = [object_id for object_id in chosen if object_id not in mistargeted] if chosen else \
        [object_id for object_id, obj in state["objects"].items() if obj["zone"] == zone]
    return sum(1 for object_id in pool if state["objects"][object_id]["zone"] == zone and
               state["objects"][object_id]["incarnation"] == item.get("target_incarnations", {}).get(
                   object_id, state["objects"][object_id]["incarnation"]) and
               _target_mismatch(state, item, target, object_id) is None)


def _describe(state: dict[str, Any], effect: dict[str, Any]) -> str:
    """An op as the message names it: "damage 9 to o12 (Vanguard Sergeant)"."""
    parts = [str(effect.get("op"))]
    for field in ("amount", "delta", "keyword"):
        if field in effect:
            parts.append(str(effect[field]))
    target = effect.get("target")
    if target is not None:
        obj = state["objects"].get(target)
        parts.append(f"to {target} ({obj['card']})" if obj else f"to {target}")
    return " ".join(parts)


def _board_texts(state: dict[str, Any], leave_out: set[Any] | frozenset[Any] = frozenset()) -> list[str]:
    """The ability texts of the cards on the board and the chain (to find what changes a damage amount), but those
    of the cards named in `leave_out`."""
    names = {obj["card"] for obj in state["objects"].values()
             if obj["zone"] in ("board", "legend", "chain") and obj["card"]} - set(leave_out)
    return [ability.get("text", "") for name in names for ability in state["cards"].get(name, {}).get("abilities", [])]


# -- a resolution pre-filled from the card (the recording screen) -------------------------------------------------
def prefill(state: dict[str, Any]) -> dict[str, Any] | None:
    """The resolution of the newest chain item as its card writes it, for the recording screen to offer:
    `{item, ops: [{op, values, legal?}]}`: each instruction's op with the card's amount, its player the item's
    controller, its target filled in where only one object fits (the item's chosen targets first), and `legal`: the
    objects that fit (the only ones to tap). "All" is one op per object it acts on. An instruction read only in part
    is offered with what was read; the recorder fills in the rest and writes every choice the card leaves open.
    None when no chain item resolves next or its card compiles to nothing."""
    if not state.get("chain"):
        return None
    item = state["chain"][-1]
    specs = [spec for ability in abilities_of(state, item)
             for spec in compile_ability(ability, item.get("card"))["effects"]]
    if not specs:
        return None
    ops: list[dict[str, Any]] = []
    for spec in specs:
        holding = amounts.holds(state, item, spec["if"]) if "if" in spec else True
        if holding is False:
            continue  # its condition does not hold as it resolves: no instruction to follow
        target = spec.get("target")
        legal = _fitting(state, item, target) if target is not None else None
        if target is not None and (target.get("count") or {}).get("all") and not target.get("one_place"):
            ops += [{"op": spec["op"], "values": {**_values(state, item, spec), "target": object_id}}
                    for object_id in legal or []]
            continue
        values = _values(state, item, spec)
        if target is not None and target.get("self") and item.get("source"):
            values["target"] = item["source"]
        elif legal is not None:
            chosen = [object_id for object_id in item.get("targets", []) if object_id in legal]
            if len(chosen) == 1 or len(legal) == 1:
                values["target"] = (chosen or legal)[0]
        entry: dict[str, Any] = {"op": spec["op"], "values": values, "text": spec["text"]}
        if legal is not None and not target.get("self"):
            entry["legal"] = legal
        if spec.get("optional") or holding is None:  # a condition not told here may not hold
            entry["optional"] = True
        ops.append(entry)
    return {"item": item["id"], "ops": ops}


def _fitting(state: dict[str, Any], item: dict[str, Any], target: Filter) -> list[str]:
    """The objects in the filter's zone that fit it, in id order."""
    zone = target.get("zone", "board")
    return sorted((object_id for object_id, obj in state["objects"].items() if obj["zone"] == zone
                   and _target_mismatch(state, item, target, object_id) is None),
                  key=lambda object_id: (len(object_id), object_id))


def _values(state: dict[str, Any], item: dict[str, Any], spec: Spec) -> dict[str, Any]:
    """An op's fields from the card: its amount, duration, keyword, destination and player."""
    op, amount, values = spec["op"], spec.get("amount"), {}
    if op in ("draw", "channel", "point", "discard", "xp"):
        values["player"] = item["controller"]
    if amount is not None:
        if op in ("damage", "point", "xp"):
            values["amount"] = amount
        elif op == "might":
            values["delta"] = amount
        elif op == "draw":
            values["cards"] = "; ".join(["?"] * amount)
    if spec.get("until"):
        values["until"] = spec["until"]
    if op == "grant":
        values["keyword"] = spec.get("keyword")
        if spec.get("value") is not None:
            values["value"] = spec["value"]
    if op == "return":
        values["to"] = spec.get("to", "hand")
    if op == "static":
        values.update(lasting.values(spec))
    if op == "token":
        values["name"] = spec.get("kind")
        values["controller"] = item["controller"]
        if spec.get("might") is not None:
            values["might"] = spec["might"]
    return values
