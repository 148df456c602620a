"""What a card chose and how many times it acts (issue 26, "Resolutions the engine checks"): the readings of an
item's lines (one mode of each modal line, for each execution a Repeat adds, v1.4 820.2.a), the targets it chose as
it was played checked against its instructions (v1.4 355.9.b), and its ops held to those targets (v1.4 355.7,
359.3.e.5). Plain data in, messages out; `mismatch` is engine/cards/resolutions.py's check of one object against a
target filter (imports nothing of the engine).
"""
from __future__ import annotations

import re
from typing import Any, Callable

Spec = dict[str, Any]
Filter = dict[str, Any]
Mismatch = Callable[[dict[str, Any], dict[str, Any], "Filter | None", str], "str | None"]


def readings(compiled: list[tuple[dict[str, Any], dict[str, Any]]], item: dict[str, Any],
              repeat: int) -> list[list[tuple[Spec, str]]]:
    """Each reading of the item's lines as (spec, line) pairs: one mode of each modal line ("Choose one — ..."),
    the player's choice, for the first execution and again for each one a Repeat adds, whose choices need not be the
    first's (v1.4 820.2.a) and whose instructions may do nothing (optional). "Choose one you haven't already chosen"
    (`distinct_modes`, Curtain Call) never takes a mode twice."""
    readings: list[tuple[tuple[tuple[int, int], ...], list[tuple[Spec, str]]]] = [((), [])]
    for execution in range(1 + repeat):
        for number, (ability, result) in enumerate(compiled):
            options = result.get("modes") or [result["effects"]]
            if result.get("modes") and item.get("modes"):  # the modes new choices made (v1.4 752.1, engine/choices.py)
                options = [[spec for mode in item["modes"] if 0 < mode <= len(options) for spec in options[mode - 1]]]
            readings = [((*chosen, (number, index)),
                         [*specs, *(({**spec, "optional": True} if execution else spec, ability["text"])
                                    for spec in option)])
                        for chosen, specs in readings for index, option in enumerate(options)
                        if not (result.get("distinct_modes") and (number, index) in chosen)]
    return [specs for _, specs in readings]


def unfit_targets(state: dict[str, Any], item: dict[str, Any], compiled: list[tuple[dict[str, Any], dict[str, Any]]],
                  mismatch: Mismatch) -> list[dict[str, str]]:
    """Each object the item chose as it was played that no instruction of its card could choose, `{text,
    message}` (v1.4 355.9.b: a valid target meets all targeting restrictions): checked only where every line of
    the card is read from its text (an unread part may choose anything; a "Choose ..." sentence may choose what no
    op acts on: Public Execution's friendly unit) and for objects on the board."""
    if not compiled or any(result["unread"] or result.get("source") == "data"
                           or re.search(r"\bchoos", ability.get("text", ""), re.IGNORECASE)
                           for ability, result in compiled):
        return []
    filters = [side for _, result in compiled for option in (result.get("modes") or [result["effects"]])
               for spec in option for side in _choosing(spec)]
    if not filters:
        return []
    whole_text = " / ".join(ability["text"] for ability, _ in compiled)
    return [{"text": whole_text, "message": f"chooses {chosen} ({state['objects'][chosen]['card']}), which no "
                                            f"instruction of the card can choose"}
            for chosen in item.get("targets") or []
            if chosen in state["objects"] and state["objects"][chosen]["zone"] == "board"
            and all(mismatch(state, item, target, chosen) is not None for target in filters)]


def _choosing(spec: Spec) -> list[Filter]:
    """The filters of what an instruction chooses: its target, the two sides of "each other", what it acts from or
    to; none for "all"/"each", itself or a token it makes (355.10.d)."""
    found = [spec.get("target"), *(spec.get("mutual") or []), spec.get("of"), spec.get("to")]
    return [target for target in found if isinstance(target, dict) and not (target.get("count") or {}).get("all")
            and not target.get("self") and not target.get("new") and "each" not in target]


def unchosen(state: dict[str, Any], item: dict[str, Any], spec: Spec, chosen: str, mismatch: Mismatch) -> str | None:
    """Why the op's object is not one the item chose as it was played, when it chose some (v1.4 355.7: an object
    the card chooses to affect is targeted, chosen as the item is put on the chain, 355.8; it resolves on those,
    359.3.e.5). Not an instruction about "all"/"each" (programmatically selected, 355.10.d), the source itself, a
    token it makes, what another player picks (355.10.e), nor an object off the board (hidden or picked as it
    resolves)."""
    picked = item.get("targets") or []
    target = spec["target"] or {}
    obj = state["objects"].get(chosen)
    if not picked or chosen in picked or obj is None or obj["zone"] != "board" or spec.get("player") \
            or "mutual" in spec or "same" in spec or (target.get("count") or {}).get("all") or target.get("self") \
            or target.get("new") or "each" in target:
        return None
    fitting = [object_id for object_id in picked if object_id in state["objects"]
               and mismatch(state, item, target, object_id) is None]
    if not fitting:  # the instruction's own choice was not recorded as it was played: on the recorder's word
        return None
    return f"{chosen} ({obj['card']}) is not among the targets chosen as it was played ({', '.join(fitting)})"
