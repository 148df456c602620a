"""The cards a resolution looks at on top of its Main Deck, and what it does with them, checked against the card
(issue 26, "Resolutions the engine checks").

"Look at the top 3 cards of your Main Deck. You may reveal a unit from among them and draw it. Recycle the
rest." is one `look` of 3 cards (as many as the deck holds, v1.4 431.1.c), then ops on those very cards: a
`reveal` among them that fits the card's filter (`card`: "a unit", "a spell with Energy cost [4] or more"), a
`draw` of the card revealed (or "among" those looked at: "Draw one", "Put 1 into your hand"), and "the rest"
(`rest`): every card looked at and not drawn, recycled ("Recycle the rest", v1.4 594.1) or put into the trash
(`burn`, "Put the rest into your trash"). A spec's `among` says which cards it comes from; each `look` spec starts
a group of the specs after it (a [Repeat] looks again).

Cards are named in the ops (`null` for one the recorder did not see): a named card must be among those it comes
from and fit the filter; an unseen one is taken on the recorder's word. Plain data in, plain data out: the rules
module that asks (engine/resolution_checks.py through engine/cards/resolutions.py) cites the rule.
"""
from __future__ import annotations

from collections import Counter
from typing import Any

Spec = dict[str, Any]
Names = list[str | None]


def _names(given: list[dict[str, Any]]) -> Names:
    return [card for effect in given for card in effect.get("cards") or []]


def _left_over(some: Names, pool: Names) -> list[str]:
    """The named cards of `some` that `pool` does not hold (its unseen cards may be any of them)."""
    missing = Counter(card for card in some if card is not None) - Counter(card for card in pool if card is not None)
    extra = sorted(missing.elements())
    return extra[pool.count(None):]


def _without(pool: Names, taken: Names) -> Names:
    """The cards of `pool` left once `taken` is taken out (a named card first, else an unseen one)."""
    left = list(pool)
    for card in taken:
        if card in left:
            left.remove(card)
        elif None in left:
            left.remove(None)
    return left


def card_fits(state: dict[str, Any], name: str | None, card: dict[str, Any] | None) -> str | None:
    """Why the named card does not fit the filter (its type, tags, Energy cost), or None when it fits or is
    unknown."""
    facts = state["cards"].get(name or "")
    if not card or facts is None:
        return None
    types = card.get("types", [])
    if types and "Card" not in types and facts.get("type") not in types:
        return f"{name} is a {facts.get('type')}, not a {' or '.join(kind.lower() for kind in types)}"
    if card.get("tags") and not set(facts.get("tags", [])) & set(card["tags"]):
        return f"{name} is no {' or '.join(card['tags'])}"
    energy = facts.get("energy")
    if isinstance(energy, int) and "cost_min" in card and energy < card["cost_min"]:
        return f"{name} costs [{energy}], not [{card['cost_min']}] or more"
    if isinstance(energy, int) and "cost_max" in card and energy > card["cost_max"]:
        return f"{name} costs [{energy}], not [{card['cost_max']}] or less"
    return None


def revealed_fits(state: dict[str, Any], specs: list[Spec], assigned: dict[int, list[dict[str, Any]]],
                  card: dict[str, Any] | None) -> bool | None:
    """Whether the card revealed from the top ("reveal the top card of your Main Deck") fits the filter: None when
    none was recorded, or it was not named (`?`). The card revealed from among those looked at ("You may reveal a
    unit from among them", then "if you revealed a Bird, ..."): False when none was revealed."""
    names = [name for index, spec in enumerate(specs) if spec.get("top") for name in _names(assigned.get(index, []))]
    among = [index for index, spec in enumerate(specs) if spec["op"] == "reveal" and spec.get("among")]
    if among and not any(spec.get("top") for spec in specs):  # "You may reveal a unit from among them": its card,
        names = [name for index in among for name in _names(assigned.get(index, []))]  # and none is no fit
        if not names:
            return False
    if not names or names[0] is None or card is None:
        return None
    return card_fits(state, names[0], card) is None


def problems(state: dict[str, Any], specs: list[Spec], assigned: dict[int, list[dict[str, Any]]]) -> \
        list[tuple[int, str]]:
    """Each way the ops on the cards looked at go beyond the card: `(index of the spec, message)`."""
    found: list[tuple[int, str]] = []
    looked: Names | None = None
    revealed: Names = []
    drawn: Names = []
    for index, spec in enumerate(specs):
        given = assigned.get(index, [])
        names = _names(given)
        if spec["op"] == "look" or spec.get("top"):  # a look, or "reveal the top card": the cards on top
            looked, revealed, drawn = names, [], []
            continue
        if looked is None or not (spec.get("among") or spec.get("rest")):
            continue
        if spec.get("rest"):
            rest = _without(looked, drawn)
            if len(names) != len(rest) or _left_over(names, rest):
                shown = "; ".join(card or "?" for card in rest) or "none"
                found.append((index, f"records {spec['op']} of {'; '.join(c or '?' for c in names) or 'nothing'}, "
                                     f"but the rest of the cards looked at is {shown}"))
            continue
        pool = revealed if spec["among"] == "revealed" else looked
        outside = _left_over(names, pool)
        if outside:
            where = "revealed" if spec["among"] == "revealed" else "looked at"
            found.append((index, f"records {spec['op']} of {', '.join(outside)}, which is not among the cards "
                                 f"{where}"))
        for name in names:
            reason = card_fits(state, name, spec.get("card"))
            if reason:
                found.append((index, f"records {spec['op']} of {name}, but {reason}"))
        if spec.get("most") is not None and len(names) > spec["most"]:
            found.append((index, f"records {spec['op']} of {len(names)} cards, but the card says at most "
                                 f"{spec['most']}"))
        if spec["op"] == "reveal":
            revealed = revealed + names
        elif spec["op"] == "draw":
            drawn = drawn + names
    return found
