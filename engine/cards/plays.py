"""Instructions that play a card, compiled to the `play` op they record and checked against it (issue 26,
"Resolutions the engine checks").

A resolving effect may play a card (v1.4 595.3: a play its effect makes, engine/play.py `play_card(limited=True)`),
often from the trash and for less than its cost: "ignoring its cost" (v1.4 353.1.a: the play's
`options.ignore_cost`), "ignoring its Energy cost" (its Power cost still paid: the play's `options.base_cost` is
`{energy: 0, power: <its printed Power>}`). Read here:

- "Play a unit from your trash, ignoring its Energy cost." (The Harrowing; "you may ...": Soulgorger);
- "You may play a unit with cost no more than [3] and no more than [A] from your trash, ignoring its cost."
  (Glasc Mixologist, Undying Loyalty; "costing no more than ...": Spectral Matron);
- "Play a unit from your hand to your base, ignoring its Energy cost." (Rift Herald);
- "play a card with [Hidden] from your hand here, ignoring its cost" (Ava Achiever: `keywords`, and "here" the
  source's location);
- "you may play an Equipment with Energy cost no more than [2], ignoring its cost, and attach it to me." (Rell,
  Magnetic: from hand, an Equipment; "attach it to me" is engine/cards/attachments.py's, `attached_played`);
- a unit chosen in its controller's trash and played (`chosen_play`: Tail-Cloaked Matriarch);
- "You may play a unit from hand to a battlefield you control, reducing its cost by [3]." (Here to Help,
  `compile_reduced`: `options.base_cost` its Energy less 3, not below 0, and its Power).

A spec is `{op: "play", text, target: <the card's filter: types, zone, whose "own", energy_max, power_max>, from,
ignore: "cost" | "energy", to?}`; the card played must fit the filter (engine/cards/resolutions.py reads `target`
for the cards there to play, so that an instruction with a card to play is needed), come from that zone, be played
by the ability's controller, for the cost the card says, where it says. Plain data; engine/resolution_checks.py
cites.
"""
from __future__ import annotations

import re
from typing import Any, Callable

Spec = dict[str, Any]
_KIND = r"(?P<kind>unit|spell|gear|card|equipment)"
_BOUND = (r"(?: (?:with cost|costing) no more than \[(?P<energy>\d+)\] and no more than \[A\]"
          r"| with energy cost no more than \[(?P<energy_only>\d+)\])?")
_PLAY = re.compile(rf"play an? {_KIND}(?P<hidden> with \[hidden\])?{_BOUND}(?: from your (?P<zone>trash|hand))?"
                   rf"{_BOUND.replace('?P<', '?P<late_')}(?: to your (?P<base>base)| (?P<here>here))?, "
                   r"ignoring its (?P<energy_cost>energy )?cost", re.IGNORECASE)
_TYPES = {"unit": ["Unit"], "spell": ["Spell"], "gear": ["Gear"], "card": ["Card"], "equipment": ["Gear"]}
# "you may choose a unit in your trash with Energy cost no more than [3] and Power cost no more than [A]. Play it to
# your base, ignoring its cost." (Tail-Cloaked Matriarch); "Choose a unit in your trash and play it, ignoring its
# cost." ("their trash", Kharox's, is not read: engine/play.py plays only a player's own cards).
_CHOSEN = re.compile(rf"(?:then,? )?(?P<may>you may (?:do this: )?)?choose an? {_KIND} in (?P<whose>your|their) trash"
                     r"(?: with energy cost no more than \[(?P<energy>\d+)\] and power cost no more than \[A\])?"
                     r"(?: and (?P<rest>play it.*))?\.?", re.IGNORECASE)
_PLAY_IT = re.compile(r"play it(?: to your (?P<base>base))?, ignoring its (?P<energy_cost>energy )?cost\.?",
                      re.IGNORECASE)


def chosen_play(sentence: str, following: str | None) -> tuple[list[Spec], bool] | None:
    """A card chosen in a trash and then played ("Choose a unit in their trash and play it, ignoring its cost"; or
    "play it" in the `following` sentence): its `play` spec, and whether it took the following sentence; None for
    another sentence. The play is optional where the choice is ("you may")."""
    m = _CHOSEN.fullmatch(sentence.strip())
    rest = m.group("rest") if m else None
    played = _PLAY_IT.fullmatch(rest or (following or "").strip()) if m else None
    if m is None or played is None or m.group("whose").lower() != "your":
        return None  # a card of another player's trash: engine/play.py plays a player's own cards only
    target: dict[str, Any] = {"count": {"min": 1, "max": 1}, "types": _TYPES[m.group("kind").lower()],
                              "zone": "trash", "whose": "own"}
    if m.group("energy"):
        target.update(energy_max=int(m.group("energy")), power_max=1)
    spec: Spec = {"op": "play", "text": f"{sentence.strip()} {'' if rest else (following or '').strip()}".strip(),
                  "target": target, "from": "trash", "ignore": "energy" if played.group("energy_cost") else "cost",
                  "player": "you"}
    if played.group("base"):
        spec["to"] = "base"
    if m.group("may"):
        spec["optional"] = True
    return [spec], rest is None


def compile_play(text: str, sentence: str) -> Spec | None:
    """The `play` spec of "play a unit ... from your trash, ignoring its [Energy] cost" (`text`: lower-cased first
    letter, no final stop), or None for another instruction."""
    m = _PLAY.fullmatch(text)
    if m is None:
        return None
    target: dict[str, Any] = {"count": {"min": 1, "max": 1}, "types": _TYPES[m.group("kind").lower()],
                              "zone": (m.group("zone") or "hand").lower(), "whose": "own"}  # from hand unless said
    if m.group("kind").lower() == "equipment":
        target["tags"] = ["Equipment"]
    energy = m.group("energy") or m.group("late_energy")
    energy_only = m.group("energy_only") or m.group("late_energy_only")
    if energy:
        target.update(energy_max=int(energy), power_max=1)
    elif energy_only:
        target["energy_max"] = int(energy_only)
    spec: Spec = {"op": "play", "text": sentence, "target": target, "from": target["zone"],
                  "ignore": "energy" if m.group("energy_cost") else "cost", "player": "you"}
    if m.group("hidden"):
        target["keywords"] = ["Hidden"]
    if m.group("base") or m.group("here"):
        spec["to"] = "base" if m.group("base") else "here"
    return spec


_REDUCED = re.compile(r"play an? (unit|spell|gear) from (?:your )?hand to a battlefield you control, reducing its cost "
                      r"by \[(\d+)\]", re.IGNORECASE)


def compile_reduced(text: str, sentence: str) -> Spec | None:
    """"You may play a unit from hand to a battlefield you control, reducing its cost by [3]." (Here to Help): the
    play's `options.base_cost` is its printed Energy less 3 (not below 0) and its Power, to a battlefield its player
    controls; None for another instruction."""
    m = _REDUCED.fullmatch(text.strip())
    if m is None:
        return None
    return {"op": "play", "text": sentence.strip().rstrip("."), "from": "hand", "ignore": "reduced",
            "reduce": int(m.group(2)), "to": "controlled", "player": "you",
            "target": {"count": {"min": 1, "max": 1}, "types": _TYPES[m.group(1).lower()], "zone": "hand",
                       "whose": "own"}}


def attached_played(state: dict[str, Any], item: dict[str, Any], given: list[dict[str, Any]],
                    before: list[dict[str, Any]]) -> str | None:
    """"... play an Equipment ..., and attach it to me": the card played is attached, and nothing else (None: so)."""
    played = {card_of(state, effect, str(effect.get("player", item["controller"]))) for effect in before}
    attached = {effect.get("target") for effect in given}
    if attached != played:
        return f"records attach of {', '.join(sorted(map(str, attached))) or 'nothing'}, but the card attaches what " \
               f"it played: {', '.join(sorted(map(str, played))) or 'nothing'}"
    return None


def card_of(state: dict[str, Any], effect: dict[str, Any], player: str) -> str | None:
    """The object a recorded `play` names: its id, or the first card of that name in the zone it is played from."""
    reference = str(effect.get("card"))
    if reference in state["objects"]:
        return reference
    zone = state["players"].get(player, {}).get(str(effect.get("from", "hand")), [])
    return next((object_id for object_id in zone if state["objects"].get(object_id, {}).get("card") == reference),
                None)


def mismatch(state: dict[str, Any], item: dict[str, Any], spec: Spec, effect: dict[str, Any],
             target_mismatch: Callable[[dict[str, Any], dict[str, Any], Any, str], str | None]) -> str | None:
    """Why the recorded `play` is not the one the instruction makes (None: it is): the zone it comes from, the
    card (the filter, `target_mismatch`), the cost it is played for, where it goes."""
    player = str(effect.get("player", item["controller"]))
    source = effect.get("from", "hand")
    if source != spec["from"]:
        return f"the card plays from the {spec['from']}, not from the {source}"
    played = card_of(state, effect, player)
    if played is None:
        return f"{effect.get('card')} is no card in {player}'s {source}"
    reason = target_mismatch(state, item, spec["target"], played)
    if reason:
        return reason
    options = effect.get("options") or {}
    facts = state["cards"].get(state["objects"][played].get("card") or "", {})
    energy, power = facts.get("energy") or 0, facts.get("power") or 0
    if spec["ignore"] == "cost" and not options.get("ignore_cost"):
        return "the card plays it ignoring its cost (`options.ignore_cost`)"
    wanted = {"energy": {"energy": 0, "power": power},
              "reduced": {"energy": max(0, energy - spec.get("reduce", 0)), "power": power}}.get(spec["ignore"])
    if wanted is not None and (options.get("ignore_cost") or options.get("base_cost") != wanted):
        how = "ignoring its Energy cost only" if spec["ignore"] == "energy" else \
            f"for its cost reduced by [{spec.get('reduce')}]"
        return f"the card plays it {how}: `options.base_cost` {{energy: {wanted['energy']}, power: {power}}}"
    to = str(effect.get("to") or "")
    if spec.get("to") == "controlled" and not any(entry["id"] == to and entry.get("controller") == player
                                                  for entry in state["battlefields"]):
        return f"the card plays it to a battlefield {player} controls, not to {to or 'its base'}"
    if spec.get("to") == "base" and to not in ("", "base", f"base:{player}"):
        return f"the card plays it to its controller's base, not to {to}"
    here = (state["objects"].get(item.get("source") or "") or {}).get("location")
    if spec.get("to") == "here" and here is not None and to != here and facts.get("type") != "Spell":
        return f"the card plays it here ({here}), not to {to or 'its default place'}"  # a spell goes to no place
    return None
