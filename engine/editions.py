"""Rules editions: one engine, the differences between editions as data (issue 25, contract section 7).

A match is played under one edition, fixed in its `match_created` (`rules`) and carried in the state
(`state["rules"]`). Where the editions' texts differ, the rules modules ask the match's `Edition` a named question
(`edition_of(state).teammates_act_uninvited`) instead of holding a copy of themselves per edition; an edition's
answers are plain data here, each with the rules that make it so.

- `"v1.4"`: Core Rules v1.4 "Vendetta" (2026-07-16, in force from 2026-07-24) and the Tournament Rules of
  2026-07-16. The default for a new match (the recorder writes it into a match_created that names none).
- `"v1.3"`: Core Rules v1.3 "Unleashed" (2026-03-30) and the Tournament Rules of April 2026. Every match stored
  before editions existed was recorded under it: its match_created names no edition (shape version 1,
  engine/shapes.py) and is read as v1.3.
- `"2025"`: the Core Rules of 2025-06-02 (with the later revision of 307-356) and the Tournament Rules of that year.

Citation of rule numbers per edition is engine/citations.py's business, the rules texts replays/rules_text.py's.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from engine.errors import MalformedEvent


@dataclass(frozen=True)
class Edition:
    """One rules edition: its name as `match_created.rules` gives it, what it is called, and its answer to each
    question on which the editions differ."""

    name: str
    title: str
    # 2v2: whether the turn player's teammate plays spells and activates abilities on the turn player's turn without
    # being invited. 2025: yes (004 516.2.b.1, 516.2.c, 648.8.a "Players may play spells during their Teammate's
    # Turn"). v1.3 (316.2.b.1, 484.8.a) and v1.4 (316.5.b.1, 489.8.a): "only when the Turn Player invites them
    # to do so with their own Priority".
    teammates_act_uninvited: bool
    # Costs, types and ignoring (v1.4 only; earlier editions have no such rules, and the engine keeps their
    # behaviour of before editions, so that a stored match folds as it did):
    # - an applied cost ("Opponents must pay [A] for each unit beyond the first to move ...", Mageseeker
    #   Investigator) is paid as its game action is performed, which cannot be performed unpaid (v1.4 204.4);
    applied_costs: bool = False
    # - "Ignore [Deflect] while paying this spell's cost": the ability is inactive for that procedure, for the
    #   players the effect directs (v1.4 764-767);
    ignoring_effects: bool = False
    # - a player instructed to Pay Energy or Power may decline, even with it in their pool, and the instruction
    #   is ignored (v1.4 444.2);
    pay_is_optional: bool = False
    # - a card may have more than one type ("Unit, Gear": Patched Porobot), with the properties and permissions
    #   of all of them, affected by effects that interact with any (v1.4 177-178.3);
    multiple_types: bool = False


EDITIONS: dict[str, Edition] = {
    "v1.4": Edition("v1.4", "Core Rules v1.4 \u201cVendetta\u201d and the Tournament Rules of 2026-07-16",
                    teammates_act_uninvited=False, applied_costs=True, ignoring_effects=True, pay_is_optional=True,
                    multiple_types=True),
    "v1.3": Edition("v1.3", "Core Rules v1.3 \u201cUnleashed\u201d and the Tournament Rules of April 2026",
                    teammates_act_uninvited=False),
    "2025": Edition("2025", "the Core Rules and Tournament Rules of 2025", teammates_act_uninvited=True),
}

DEFAULT = "v1.4"  # a new match's edition when its match_created names none (contract section 7)
RECORDED_BEFORE_EDITIONS = "v1.3"  # the edition of a match stored before editions existed (its match_created has none)


def named(rules: Any) -> Edition:
    """The edition `match_created.rules` names; `MalformedEvent` naming the value and the editions otherwise."""
    if isinstance(rules, str) and rules in EDITIONS:
        return EDITIONS[rules]
    raise MalformedEvent(f"'match_created' event: 'rules' names the rules edition the match is played under, one of "
                         f"{', '.join(repr(name) for name in EDITIONS)} (default {DEFAULT!r}), got {rules!r}")


def edition_of(state: dict[str, Any]) -> Edition:
    """The edition a match's state is folded under."""
    return EDITIONS[state["rules"]]
