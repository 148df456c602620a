"""Death replacements without "may", applied by the engine itself (v1.4 371.2; issue 25).

v1.4 371.2 makes a replacement the player's choice only when its text says they "may" apply it; one without "may"
applies to every event it qualifies for (370.1). So in a match whose abilities the engine checks from the cards
(`abilities: "checked"`) under an edition that says so (`Edition.mandatory_replacements_applied`: v1.4), a unit
that would die, with no recorded `replace` waiting for it (engine/replacement.py), is saved by the first card on
the board whose printed replacement reads as one of these phrasings and qualifies:

- "The next time a friendly unit would die, kill this instead. Recall that unit exhausted." (Zhonya's Hourglass):
  its source is a face-up permanent on the board (a hidden card is in the facedown zone, and is no source) of the
  dying unit's controller; the source is killed and the instructions after it are carried out on the unit;
- "If another unit you control here would die, if it has less Might than me, instead heal it, exhaust it, and
  recall it." (Soraka, Wanderer): its source is another unit of the dying unit's controller at the same location
  ("here", a battlefield or its base: v1.4 373.2's example saves Recruits in base once Soraka is there), with more
  Might than the dying unit.

The card text is matched, not the card's name (cards as data): any card printing one of these phrasings does the
same. A replacement that says "may" (Altar of Blood, The Boss: 371.2, 371.2.a) is applied only when the players
record it (and then checked like the others). When several qualify, the first source in the match's objects
applies (372 lets the dying unit's controller choose the order: one who wants another records it as a `replace`).

The phrasings are read by engine/cards/replacements.py. A `replace` recorded from such a source must fit its text
(`check_recorded`): the dying unit qualifies and the ops are the card's, a "may" one's payment included (v1.4
370.1), in any checked match. Otterpus' point replaced by a draw is answered here too (`point_replaced`, for
engine/scoring.py). This module reads the state and answers the ops to carry out; engine/replacement.py carries
them out.
"""
from __future__ import annotations

from collections import Counter
from typing import Any

from engine.cards import checks_abilities, replacements
from engine.editions import edition_of
from engine.objects import State, facts
from engine.rulings import Context


def _printed(state: State, source: dict[str, Any]) -> list[tuple[str, str, list[str], dict[str, int] | None]]:
    """The death replacements a source on the board (an object, or a battlefield by its `name`) prints in a
    phrasing the engine reads: (text, phrasing, op names, what a "may" one costs; None for one without "may")."""
    found = []
    name = source.get("card") or source.get("name")
    for ability in facts(state, name).get("abilities", []) if name else ():
        if ability.get("kind") != "replacement":
            continue
        text = ability.get("text", "")
        mandatory, optional = replacements.reading(text), replacements.may_reading(text)
        if mandatory is not None:
            found.append((text, *mandatory, None))
        elif optional is not None:
            found.append((text, optional[0], optional[2], optional[1]))
    return found


def applies(state: State, unit: dict[str, Any]) -> tuple[dict[str, Any], list[dict[str, Any]]] | None:
    """The mandatory replacement that applies to this unit's death: its source and the ops that happen instead
    (v1.4 370.1.b), or None (not a checked match of such an edition, not a unit, or nothing qualifies)."""
    if unit["type"] != "Unit" or not checks_abilities(state) \
            or not edition_of(state).mandatory_replacements_applied:
        return None
    for source in state["objects"].values():
        if source["zone"] != "board":
            continue
        for _, phrasing, verbs, cost in _printed(state, source):
            if cost is None and replacements.qualifies(phrasing, source, unit):
                return source, replacements.ops_instead(phrasing, verbs, source["id"], unit["id"])
    return None


def point_replaced(state: State, player: str, turn: int) -> tuple[dict[str, Any], int] | None:
    """A printed replacement without "may" of the point `player` would score from conquering or holding in their
    own turn number `turn` ("... during their first or second turn, they draw 1 instead.", Otterpus): its source
    on the board (anyone's: "a player") and the cards drawn instead, in a checked match of an edition that applies
    such a replacement (v1.4 371.2), or None."""
    if not checks_abilities(state) or not edition_of(state).mandatory_replacements_applied:
        return None
    for source in state["objects"].values():
        if source["zone"] != "board" or not source.get("card"):
            continue
        for ability in facts(state, source["card"]).get("abilities", []):
            found = replacements.score_reading(ability.get("text", "")) if ability.get("kind") == "replacement" \
                else None
            if found is not None and turn <= found["until_turn"]:
                return source, found["draw"]
    return None


def tie_recalls_all(state: State, attacker: str) -> dict[str, Any] | None:
    """The source of a printed replacement without "may" that recalls every unit of a tied combat `attacker`
    attacked in ("If a combat where you are the attacker ends in a tie, recall ALL units instead.", Symbol of the
    Solari: a permanent or legend `attacker` controls), in a checked match of an edition that applies it (v1.4
    371.2), or None."""
    if not checks_abilities(state) or not edition_of(state).mandatory_replacements_applied:
        return None
    for source in state["objects"].values():
        if source["zone"] in ("board", "legend") and source["controller"] == attacker and source.get("card") and any(
                ability.get("kind") == "replacement" and replacements.tie_reading(ability.get("text", ""))
                for ability in facts(state, source["card"]).get("abilities", [])):
            return source
    return None


def _shape(ops: list[dict[str, Any]]) -> Counter[tuple[Any, ...]]:
    """Ops as what they do, in any order: an op and its target; a payment (`pay`) by its Energy and its Power."""
    return Counter(("pay", op.get("energy", 0), sum((op.get("power") or {}).values())) if op.get("op") == "pay"
                   else (op.get("op"), op.get("target")) for op in ops)


def check_recorded(context: Context, player: str, source: dict[str, Any], target_id: str,
                   with_ops: list[dict[str, Any]]) -> None:
    """A `replace` recorded by `player` from a source (an object, or a battlefield) whose death replacement the
    engine reads, in a checked match: the unit whose death it replaces qualifies, its ops are the card's, in any
    order, and a "may" one pays what it says (v1.4 370.1: a replacement applies to what qualifies, and replaces it
    with what its text says), applied by the unit's controller where "its controller may pay". Refused in strict,
    flagged in audit, quoting the card. A source with no such replacement is taken on the players' word."""
    state = context.state
    printed = _printed(state, source) if checks_abilities(state) else []
    unit = state["objects"].get(target_id)
    if not printed or unit is None:
        return
    combat_at = (state.get("combat") or {}).get("battlefield")  # "during combat" (v1.4 460)
    recorded = _shape(with_ops)

    def fits(phrasing: str, verbs: list[str], cost: dict[str, int] | None) -> bool:
        expected = replacements.ops_instead(phrasing, verbs, source["id"], unit["id"])
        if cost is not None:
            expected.append({"op": "pay", "energy": cost["energy"], "power": {"any": cost["any"]}})
        return (replacements.qualifies(phrasing, source, unit, combat_at) and recorded == _shape(expected)
                and (phrasing != "here_combat" or player == unit["controller"]))

    said = "; ".join(repr(text) for text, *_ in printed)
    context.check(any(fits(phrasing, verbs, cost) for _, phrasing, verbs, cost in printed),
                  f"{edition_of(state).name} 370.1",
                  f"a replacement of {source['id']} ({source.get('card') or source.get('name')}) recorded by "
                  f"{player} for {target_id} ({unit['card']}) with {[op.get('op') for op in with_ops]}: its text "
                  f"says {said}")
