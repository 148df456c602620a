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
    # Skip (v1.4 443): a game effect may skip an event or procedure of the turn ("Skip your Draw Phase": the static
    # rule `skip_draw_phase`, engine/rulechanges.py). v1.3 and 2025 have no such action.
    skips: bool = False
    # v1.4 323.11 (cleanup step 8): Contested is removed from a battlefield where the player who applied it has no
    # units and no showdown or combat is under way, and re-applied by a player whose units are there and who does
    # not control it (323.11.a). v1.3 323 and 2025 518-526 have no such step: it stays until control is settled.
    contested_removed_at_cleanup: bool = False
    # v1.4 185.1: "Token" is an intrinsic category of game objects, not a supertype (133.7 lists Champion and
    # Signature only): the token kinds' facts in a match's state carry `token: true` and no supertype. v1.3 133.7.c
    # and 2025: Token is a supertype.
    token_is_a_category: bool = False
    # 2v2: v1.4 315.2.b.3 and 489.8.g.1 check a teammate's control and occupation of battlefields during the
    # scoring step of the beginning phase; v1.3 315.2.b.3 and 484.8.f.1 (and 2025 648.8.b, 648.8.g.1) during the
    # beginning phase, so the engine notes them as it starts and again as its scoring step begins.
    team_control_at_scoring_step: bool = False
    # Whether the rules define Vendetta's keywords and actions: Flow (v1.4 829), Burn (440), Empower, Disempower
    # and Empowered (441-442, 827-828), counters (741-749). Before v1.4 they had only their reminder text (golden
    # rule 002), which is what a check on them cites there.
    defines_vendetta_keywords: bool = False
    # Hidden: hiding costs [A], a Power of any domain (v1.4 811.1.b), not [C] of the domain identity (2025 723.1.b,
    # 723.1.b.1). v1.3 811.1.b says [A] too, but v1.3 matches were recorded with the engine asking [C], and a stored
    # match folds as it did: v1.3 keeps [C] (docs/editions.md).
    hide_costs_any_power: bool = False
    # An ability that triggers on its source's death ("Deathknell", "When I die") whose source was not sent to the
    # trash is removed from the chain (v1.4 808.1.d, 808.1.d.1: any such ability); earlier, a Deathknell alone "does
    # not occur" (v1.3 808.1.d.1).
    death_triggers_removed_from_chain: bool = False
    # An object changing zones to or from a non-board zone loses its statuses, Empowered among them (v1.4 124.1
    # "Statuses are cleared", 441.2); v1.3 110 clears damage and buffs but names no status.
    zone_change_clears_statuses: bool = False
    # Untargetability (v1.4 756-758): a target that has become untargetable for the item by the time it resolves is
    # mistargeted, and the instructions about it are ignored (758.1; 758.2: checked again as it resolves). v1.3 and
    # 2025 have no such rule: "can't be chosen" is checked as the target is chosen, and the engine applies the ops.
    untargetable_mistargets: bool = False
    # Combat damage assignment (v1.4 465.2.c.5, 465.2.c.10): replacement effects apply to the assignment, and a unit
    # whose damage would all be prevented can still be dealt damage, so it is not exempt from the order of
    # assignment (v1.4 has no 437.5.b). v1.3 437.5.b, 460.2.c.9: no amount is lethal for it and it is exempt.
    all_prevented_exempt_from_assignment: bool = True
    # Splitting damage (v1.4 355.14.h.1): when fewer damage is left to split than there are targets, the player
    # cannot drop more targets than they must. v1.3 355.14.h lets them drop any of them.
    split_keeps_enough_targets: bool = False
    # Tournament Rules 601.1.c.1: the most cards a sideboard may have. April 2026 (and before): 8; 2026-07-16: 10.
    sideboard_max: int = 8
    # Tournament Rules 601.2.d (v1.4 103.2.e "Subject to card legality of the Format being played"): a card banned
    # in the format may not be in a deck (engine/data/banned.json, `construction.banned_problems`). v1.3 103.2.e
    # says nothing of legality, and v1.3 matches were never checked against a banned list.
    checks_banned_cards: bool = False
    # Whether a match (the `match` mode) may be played as a best of five: v1.4 486.6.a ("This format may be played as
    # best of 5"); v1.3 481.6 knows a best of three only.
    best_of_five: bool = False
    # Whether the battlefields of a drawn game stay for the next game (v1.4 486.5 "if a player won", 486.5.a "If no
    # player won a game, the battlefields presented for that game may be reused", and TR 406.1.b: "players must use
    # the same battlefields"), rather than being removed after every game (v1.3 481.5).
    drawn_game_keeps_battlefields: bool = False
    # Whether sideboarding between games is recorded (the `sideboard` event, contract section 7, "TR of 2026-07-16")
    # and `match_created`'s `players[*].sideboard` is read: v1.4 matches. A v1.3 match keeps what it always folded
    # (a sideboard a deck reader left in its match_created was never read, and is not now).
    records_sideboarding: bool = False
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
    # Looking at or revealing cards of a main deck never burns out, an empty one included: the player looks at as
    # many as there are (v1.4 431.1.c), so a Vision, now "When this is played, predict" (v1.4 817.1.b), burns
    # nothing out either way it is recorded. v1.3 matches were recorded with the engine burning out an empty deck
    # first (2025 607.1.b), and keep it.
    looks_never_burn_out: bool = False
    # A [C] in the ability and keyword costs of a card with several domains (Danger Zone's Repeat [1][C], Spinning
    # Axe's Equip [C]) is Power of any of the card's domains (v1.4 135.2.e.6.c). The catalog marks it (`own_power`
    # of a printed cost, engine/cardtext.py); a v1.3 or 2025 match's facts leave the mark out, and such a [C] is paid
    # with Power of any domain there, as every such match was recorded.
    multi_domain_c_is_own_domains: bool = False
    # A delayed ability whose duration has ended before it is generated is not generated (v1.4 359.3.e.16): one "at
    # the end of this turn" (`until: "ending_step"`, Targon's Peak) created once the ending step has begun. The
    # engine knows it has begun only when it is recorded as its own moment (`end_turn` with `ending_step`). v1.3
    # and 2025 have no such rule: the ability is created, and never triggers.
    late_delayed_not_created: bool = False
    # Control of a battlefield without its controller's units is lost in a cleanup, if the turn is in an open state
    # and no showdown or combat is under way there (v1.4 323.6, cleanup step 4). The engine has treated it as a
    # constant state, lost the moment the last unit leaves (2025 181.4.d, 181.5), in every v1.3 match recorded,
    # and v1.3 keeps that (its 323.6 reads as v1.4's).
    control_lost_at_open_cleanup: bool = False
    # Focus does not pass when a showdown's chain that a triggered ability opened closes (v1.4 340.2.a, 346.1): a
    # trigger recorded with no chain during a showdown (a Deathknell after the chain that killed its unit closed)
    # opens a chain after which the player with Focus keeps it. v1.3 346.1 says the same, but every v1.3 match was
    # recorded with the engine passing Focus after any chain but the Initial Chain (343), and keeps that.
    focus_kept_after_trigger_chain: bool = False
    # A non-combat showdown becomes a combat showdown in the cleanup after another player's units came to its
    # battlefield, and the combat begins there at once (v1.4 316.8.b.1.a, 323.14, 344.1). v1.3 (316.5.b.1.a: at
    # once) was recorded with the showdown going on and the combat staged when it ended (345.2.b), and keeps that.
    showdown_becomes_combat: bool = False
    # A battlefield's ability that indicates the player who makes its choice is that player's, whoever controls the
    # battlefield (v1.4 190.6.c: Abandoned Hall's "When a player plays a spell, they may ..."). v1.3 187.6: all of a
    # battlefield's abilities are its controller's (the turn player's while nobody controls it).
    battlefield_chooser_controls: bool = False
    # Making new choices (v1.4 750-755): new choices for a finalized item on the chain choose something it did not
    # choose (751.1), each of them legal (753.1). v1.3 has no such rules (only 359.3.f.4's example): a new target is
    # checked as any target is (engine/choices.py).
    defines_new_choices: bool = False
    # Naming a card, type or tag (v1.4 759-763): a named card exists and is no token (762), a named tag is one of
    # 763.1's. v1.3 defines no naming: the name is recorded as written (engine/naming.py).
    defines_naming: bool = False
    # Only units move (2025 610.3, v1.3 442.3 "Units are the only Permanents that can Move"). v1.4 dropped that
    # rule: a Move is any permanent changing its position on the board (v1.4 446.1), so an effect may move a gear
    # (Akshan, Mischievous), while the Standard Move stays the units' (v1.4 144).
    only_units_move: bool = True
    # Repeat on abilities (v1.4 820.1.a "Repeat is present on Spells and Abilities"): an activated ability may be
    # activated paying Repeat costs, executed once more for each (820.3). v1.3 820.1.a: on spells only.
    repeat_on_abilities: bool = False
    # 2v2: a battlefield a teammate *occupies* (has units at) is no destination for a player's units (v1.4 447.2.b);
    # v1.3 442.2.b says one a teammate *controls*, which the engine checks in v1.3 and 2025 matches.
    teammate_occupied_is_no_destination: bool = False
    # Stunned units lose Stunned in the expiration step, with the "this turn" effects (v1.4 423.1.a.2: "during
    # step 3d of the end of turn cleanup", 317.2.c), so they are still stunned in the ending step; v1.3 423.1.a.2
    # (and 2025 599.1.a.2): "at the beginning of the next Ending Step".
    stuns_end_at_expiration: bool = False
    # A unit of the attacker or defender at the combat's battlefield without its controller's designation (one that
    # arrived after combat opened, or changed controller) gains it at the next cleanup (v1.4 323.2.a-b, 464.2.c.3.a).
    # v1.3 323.2 says the same, but its matches were recorded with the engine leaving such a unit undesignated.
    designations_given_at_cleanup: bool = False
    # A replacement of a card on the board without "may" applies, not at the player's choice (v1.4 371.2): the engine
    # applies a death replacement printed so (Zhonya's Hourglass, Soraka, Wanderer) in a checked match
    # (engine/mandatory_replacements.py). v1.3 371.1 let every such replacement be declined, and v1.3 matches were
    # recorded with the engine applying only the replacements recorded (`replace`).
    mandatory_replacements_applied: bool = False

    def keyword_rule(self, v14: str, earlier: str) -> str:
        """The rule a check on a Vendetta keyword cites: its v1.4 rule where the edition defines it, else the
        citation earlier editions make (the golden rule, or the reminder text's nearest rule)."""
        return v14 if self.defines_vendetta_keywords else earlier


# Everything v1.4 changed where the engine asks its edition (each field above says which rule).
_V14 = {"skips": True, "contested_removed_at_cleanup": True, "token_is_a_category": True,
        "team_control_at_scoring_step": True, "defines_vendetta_keywords": True, "hide_costs_any_power": True,
        "death_triggers_removed_from_chain": True, "zone_change_clears_statuses": True,
        "untargetable_mistargets": True, "all_prevented_exempt_from_assignment": False,
        "split_keeps_enough_targets": True, "sideboard_max": 10, "checks_banned_cards": True, "best_of_five": True,
        "drawn_game_keeps_battlefields": True, "records_sideboarding": True, "applied_costs": True,
        "ignoring_effects": True, "pay_is_optional": True, "multiple_types": True,
        "looks_never_burn_out": True, "multi_domain_c_is_own_domains": True,
        "late_delayed_not_created": True, "control_lost_at_open_cleanup": True,
        "focus_kept_after_trigger_chain": True, "showdown_becomes_combat": True, "battlefield_chooser_controls": True,
        "defines_new_choices": True, "defines_naming": True, "only_units_move": False,
        "repeat_on_abilities": True, "teammate_occupied_is_no_destination": True,
        "stuns_end_at_expiration": True, "designations_given_at_cleanup": True,
        "mandatory_replacements_applied": True}

EDITIONS: dict[str, Edition] = {
    "v1.4": Edition("v1.4", "Core Rules v1.4 \u201cVendetta\u201d and the Tournament Rules of 2026-07-16",
                    teammates_act_uninvited=False, **_V14),
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
