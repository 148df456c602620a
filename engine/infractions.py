"""The Tournament Rules' infractions and penalties (TR 701.2, 702-704), as data.

Each infraction has the TR's own name, its rule, its category (a game play error, TR 702; a tournament error, TR
703; unsporting conduct, TR 704: the categories whose warnings TR 702.1.b, 703.1.b and 704.1.b count and upgrade)
and the penalty the TR gives it in brackets. Some infractions carry "[ No Penalty ]" (a missed trigger, TR 702.2;
a forgotten point, TR 702.3): no penalty is issued, and the judge applies only the remedy. Two give a penalty that
depends on the facts (Late to Match, TR 703.8; Outside Assistance, TR 703.9): their penalty here is None and the
judge names it.

An event names an infraction by its key (`missed_trigger`) or by the TR's name ("Missed Trigger", any case);
`infraction()` raises MalformedEvent naming the valid ones otherwise.
"""
from __future__ import annotations

from typing import NamedTuple

from engine.errors import MalformedEvent

# TR 701.2: the four penalties, mildest first.
PENALTIES = ("warning", "game_loss", "match_loss", "disqualification")
NO_PENALTY = "no_penalty"  # the TR's "[ No Penalty ]": a remedy only

GAME_PLAY, TOURNAMENT, UNSPORTING = "game_play", "tournament", "unsporting"


class Infraction(NamedTuple):
    key: str
    rule: str  # e.g. "TR 702.2"
    name: str  # the TR's own words
    category: str  # GAME_PLAY (TR 702), TOURNAMENT (TR 703) or UNSPORTING (TR 704)
    penalty: str | None  # NO_PENALTY or one of PENALTIES; None where the TR gives it by the facts


def _table(*rows: tuple[str, str, str, str | None]) -> dict[str, Infraction]:
    table = {}
    for key, rule, name, penalty in rows:
        section = rule.split()[1][:3]
        category = {"702": GAME_PLAY, "703": TOURNAMENT, "704": UNSPORTING}[section]
        table[key] = Infraction(key, rule, name, category, penalty)
    return table


INFRACTIONS: dict[str, Infraction] = _table(
    ("missed_trigger", "TR 702.2", "Missed Trigger", NO_PENALTY),
    ("forgetting_to_score_a_point", "TR 702.3", "Forgetting to Score a Point", NO_PENALTY),
    ("forgetting_to_draw_cards", "TR 702.4", "Forgetting to Draw Cards", NO_PENALTY),
    ("looking_at_extra_cards", "TR 702.5", "Looking at Extra Cards", "warning"),
    ("channeling_too_many_runes", "TR 702.6", "Channeling Too Many Runes", "warning"),
    ("channeling_too_few_runes", "TR 702.7", "Channeling Too Few Runes", NO_PENALTY),
    ("overpayment_for_cost", "TR 702.8", "Overpayment for Cost", NO_PENALTY),
    ("mispayment_for_cost", "TR 702.9", "Mispayment for Cost", "warning"),
    ("looking_at_secret_information", "TR 702.10", "Looking at Secret Information", "warning"),
    ("looking_at_opponent_private_information", "TR 702.11", "Looking at Opponent Private Information", "warning"),
    ("drawing_extra_cards", "TR 702.12", "Drawing Extra Cards", "warning"),
    ("facedown_card_error", "TR 702.13", "Facedown Card Error", "warning"),
    ("mulligan_procedure_error", "TR 702.14", "Mulligan Procedure Error", "warning"),
    ("forgetting_to_ready", "TR 702.15", "Forgetting to Ready During the Awaken Phase", NO_PENALTY),
    ("general_error", "TR 702.16", "General Error", "warning"),
    ("failure_to_maintain_game_state", "TR 702.17", "Failure to Maintain Game State", "warning"),
    ("slow_play", "TR 703.2", "Slow Play", "warning"),
    ("decklist_error", "TR 703.3", "Decklist Error", "game_loss"),
    ("deck_presentation_error", "TR 703.4", "Deck Presentation Error", "warning"),
    ("communication_violation", "TR 703.5", "Communication Violation", "warning"),
    ("marked_cards", "TR 703.6", "Marked Cards", "warning"),
    ("insufficient_randomization", "TR 703.7", "Insufficient Randomization", "warning"),
    ("late_to_match", "TR 703.8", "Late to Match", None),
    ("outside_assistance", "TR 703.9", "Outside Assistance", None),
    ("improperly_determining_a_winner", "TR 703.10", "Improperly Determining a Winner", "match_loss"),
    ("unsporting_minor", "TR 704.2", "Unsporting Minor", "warning"),
    ("unsporting_major", "TR 704.3", "Unsporting Major", "disqualification"),
    ("angle_shooting", "TR 704.4", "Angle Shooting", "warning"),
    ("bribery", "TR 704.5", "Bribery", "match_loss"),
    ("wagering", "TR 704.6", "Wagering", "disqualification"),
    ("theft", "TR 704.7", "Theft", "disqualification"),
    ("cheating", "TR 704.8", "Cheating", "disqualification"),
)

_BY_NAME = {infraction.name.lower(): infraction for infraction in INFRACTIONS.values()}


def infraction(reference: str) -> Infraction:
    """The infraction an event names, by key or by the TR's name (TR 702-704); MalformedEvent otherwise."""
    found = INFRACTIONS.get(reference) or _BY_NAME.get(reference.strip().lower())
    if found is None:
        raise MalformedEvent(f"unknown infraction {reference!r}: the Tournament Rules (TR 702-704) name "
                             + ", ".join(f"{item.key} ({item.name}, {item.rule})" for item in INFRACTIONS.values()))
    return found


def penalty_kind(kind: str) -> str:
    """A penalty TR 701.2 defines; MalformedEvent naming the four otherwise."""
    if kind not in PENALTIES:
        raise MalformedEvent(f"unknown penalty {kind!r}: TR 701.2 defines {', '.join(PENALTIES)}")
    return kind
