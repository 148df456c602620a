"""Hidden: hiding a card facedown at a battlefield, and playing it from there later.

The 2025-06-02 Core Rules 723 (the Hidden keyword), 597 (the Hide action), 106.4 (facedown zones) and 523 (the
cleanup removes them), with Core Rules v1.3 811 where 004 is silent. Hidden is "rather than play this, you may pay
[C] to hide this facedown at a battlefield you control that doesn't already have a facedown card hidden there.
Beginning on the next player's turn, this gains [Reaction] and you may play this, ignoring its base cost. All
choices must only be picked from among valid targets at the battlefield associated with this Facedown Zone"
(723.1.b); [C] is one Power of the deck's domain identity (723.1.b.1).

- `hide {player, card, battlefield, pay}` is a Discretionary Action (597.2), so it is taken on the player's own turn
  in a neutral open state (589.1.a) with priority (312.1.a); it opens no chain (723.1.c.2). The card comes from
  the player's hand (597.2.a), has Hidden (723.1), and goes to the facedown zone of a battlefield the player
  controls (106.4.c, 597.1) that holds no card yet (106.4.b). `pay` adds from runes as a play's payment does, then
  the cost is taken from the pool.
- The card is facedown there: private to its controller (127.4, 128.4). Its object has zone "facedown",
  `hidden_at` (the battlefield) and `hidden_turn`, and the battlefield's `facedown` names it. Facedown zones are
  not locations (106.4.e), so the object has no `location`.
- `play` with `from: "facedown"` plays it (engine/play.py asks this module): from the turn after it was hidden on
  (723.1.b), with Reaction (so in closed states and showdowns too), its base cost ignored, its targets only among
  objects at its battlefield (723.1.d), and a unit or gear played to that battlefield (v1.3 811.1.d.1, 004 619.1's
  example; gear there is recalled by the next cleanup, 619.1).
- A cleanup removes a facedown card to its owner's trash once its controller no longer controls that battlefield
  (106.4.d) or has no unit there (523): engine/cleanup.py.

A leaf module: it imports no rules module that runs a step of the game.
"""
from __future__ import annotations

from typing import Any

from engine import costs, deck, due, rulechanges, teams, timing
from engine.editions import edition_of
from engine.objects import battlefield, card_name, facts, move_to_zone
from engine.rulings import Context

FACEDOWN = "facedown"
COST = 1  # [C]: one Power of the deck's domain identity (723.1.b, 723.1.b.1); [A], of any domain, under v1.4


def hide(context: Context, event: dict[str, Any]) -> None:
    """The `hide` event (597, 723)."""
    state = context.state
    player = context.player(event)
    if state["phase"] == "setup":
        context.fail("118", f"{player} hides a card before the first turn has begun")
    neutral_open = not state["chain"] and state["showdown"] is None
    context.check(player == state["turn_player"] and state["phase"] == "action" and neutral_open, "589.1.a",
                  f"{player} hides a card during the {state['phase']} phase of {state['turn_player']}'s turn "
                  f"({state['state'].replace('_', ' ')}): a Discretionary Action is taken on the player's own turn "
                  f"in a neutral open state")
    if neutral_open and state["phase"] == "action":
        timing.check_priority(context, player, "hides a card")
    obj = _hand_card(context, player, event["card"])
    context.check(_has_hidden(state, obj), "723.1", f"{player} hides {obj['card']!r}, which has no Hidden")
    battlefield_id = event["battlefield"]
    try:
        entry = battlefield(state, battlefield_id)
    except KeyError:
        context.fail("597.1", f"{player} hides a card at {battlefield_id!r}, which is no battlefield of this match")
    if entry["controller"] is not None and teams.are_teammates(state, player, entry["controller"]):
        context.flag("648.8.c.1", f"{player} hides a card at {battlefield_id} ({entry['name']}), which their teammate "
                                  f"{entry['controller']} controls: control is not shared (648.8.c)")
    else:
        context.check(entry["controller"] == player, "106.4.c",
                      f"{player} hides a card at {battlefield_id} ({entry['name']}), a battlefield they do not "
                      f"control (597.1)")
    context.check(entry[FACEDOWN] is None, "106.4.b",
                  f"{player} hides a card at {battlefield_id} ({entry['name']}), whose facedown zone already holds "
                  f"a card")
    _pay(context, player, event.get("pay", {}))
    if entry[FACEDOWN] is not None:  # audit only: the card already there goes to its owner's trash first
        move_to_zone(state, state["objects"][entry[FACEDOWN]], "trash")
    place(state, obj, battlefield_id, state["turn"])
    due.occurred(context, "hides", player, obj=obj, battlefield=battlefield_id)  # "When you hide a card"


def place(state: dict[str, Any], obj: dict[str, Any], battlefield_id: str, turn: int) -> None:
    """Put a card facedown at a battlefield, hidden on `turn` (also used by a `position`)."""
    move_to_zone(state, obj, FACEDOWN)
    obj["hidden_at"], obj["hidden_turn"] = battlefield_id, turn
    battlefield(state, battlefield_id)[FACEDOWN] = obj["id"]


def _has_hidden(state: dict[str, Any], obj: dict[str, Any]) -> bool:
    return obj["card"] is None or "Hidden" in facts(state, obj["card"]).get("keywords", [])


def _hand_card(context: Context, player: str, reference: str) -> dict[str, Any]:
    """The card a player hides: from their hand (597.2.a), by id or by name (a card drawn unseen is named)."""
    state = context.state
    hand = state["players"][player]["hand"]
    if reference in state["objects"]:
        if reference not in hand:
            context.fail("597.2.a", f"{player} hides {reference}, which is not in their hand")
        return state["objects"][reference]
    name = card_name(state, reference, f"{player}'s hide")
    for object_id in hand:
        if state["objects"][object_id]["card"] == name:
            return state["objects"][object_id]
    for object_id in hand:
        obj = state["objects"][object_id]
        if obj["card"] is None and deck.could_be(state, player, name):
            deck.name_unseen(state, obj, name)
            return obj
    context.fail("597.2.a", f"{player} hides {name!r}, but there is no {name!r} in their hand")


def _pay(context: Context, player: str, payment: dict[str, Any]) -> None:
    """723.1.b: pay [C], one Power of a domain of the player's domain identity (723.1.b.1: the legend's domains),
    or universal Power; the runes named in `pay` add to the pool first. Under v1.4 hiding costs [A], one Power of
    any domain (v1.4 811.1.b; `Edition.hide_costs_any_power`)."""
    state = context.state
    costs.add_runes_paid(context, player, payment, "723.1.b")
    if edition_of(state).hide_costs_any_power:
        _, short = costs.take_from_pool(state["players"][player]["pool"], 0, [([], COST)], (state, player))
        context.check(not short, "723.1.b", f"{player} cannot pay for hiding a card: it costs [A], {COST} Power of "
                                            f"any domain, and their pool has none")
        return
    identity = facts(state, state["players"][player]["legend_card"]).get("domains", [])
    _, short = costs.take_from_pool(state["players"][player]["pool"], 0, [(list(identity), COST)],
                                (state, player))
    context.check(not short, "723.1.b", f"{player} cannot pay for hiding a card: it costs {COST} Power of their "
                                        f"domain identity ({'/'.join(identity) or 'none'}), and their pool has none")


# -- playing a card from facedown (engine/play.py) ------------------------------------------------------------
def facedown_cards(state: dict[str, Any], player: str) -> list[str]:
    """The cards `player` controls facedown, in the order of the battlefields."""
    return [entry[FACEDOWN] for entry in state["battlefields"]
            if entry[FACEDOWN] is not None and state["objects"][entry[FACEDOWN]]["controller"] == player]


def keywords_played(keywords: list[str]) -> list[str]:
    """723.1.b: played from facedown, the card has Reaction."""
    return sorted({*keywords, "Reaction"})


def check_play(context: Context, player: str, obj: dict[str, Any]) -> str:
    """A card played from facedown: from the turn after it was hidden on (723.1.b). Returns its battlefield."""
    state = context.state
    context.check(state["turn"] > obj.get("hidden_turn", 0), "723.1.b",
                  f"{player} plays {obj['card']!r} from facedown the turn it was hidden: it may be played beginning "
                  f"on the next turn")
    forbidding = rulechanges.applies_to_player(state, "no_reveal_hidden", player, obj["hidden_at"])
    context.check(not forbidding, "002", f"{player} plays {obj['card']!r} from facedown at {obj['hidden_at']}, "
                                         f"revealing it, but {rulechanges.why(state, forbidding)}"
                  if forbidding else "")  # "Your opponents' [Hidden] cards can't be revealed here." (Noxus Saboteur)
    return obj["hidden_at"]


def check_targets(context: Context, item: dict[str, Any], battlefield_id: str) -> None:
    """723.1.d: a card played from facedown chooses its targets at the battlefield it was hidden at: an object on
    the board there, or the battlefield itself. A player or a chain item is at no battlefield; such a target is
    left to the card's text (v1.3 811.1.d.2: a restriction that makes the battlefield impossible)."""
    state = context.state
    for target in item["targets"]:
        obj = state["objects"].get(target)
        if obj is not None:
            context.check(obj["zone"] == "board" and obj["location"] == battlefield_id, "723.1.d",
                          f"{item['card']!r} is played from facedown at {battlefield_id}, but targets {target} "
                          f"({obj['card']}), which is not at that battlefield")
        elif target.startswith("bf"):
            context.check(target == battlefield_id, "723.1.d",
                          f"{item['card']!r} is played from facedown at {battlefield_id}, but targets {target}")


def check_location(context: Context, obj: dict[str, Any], to: str | None, battlefield_id: str) -> str:
    """A unit or gear played from facedown is played to its battlefield (v1.3 811.1.d.1; 004 619.1's example)."""
    context.check(to in (None, battlefield_id), "v1.3 811.1.d.1",
                  f"{obj['card']!r} is played from facedown at {battlefield_id}, so it is played there, not to {to}")
    return battlefield_id


def removed_at_cleanup(state: dict[str, Any], entry: dict[str, Any], present: list[str]) -> dict[str, Any] | None:
    """The facedown card at a battlefield that a cleanup removes: its controller lost control of the battlefield
    (106.4.d) or has no unit there (523); `present` are the players with units there."""
    obj = state["objects"].get(entry[FACEDOWN] or "")
    if obj is None:
        return None
    if obj["controller"] not in present or entry["controller"] != obj["controller"]:
        return obj
    return None
