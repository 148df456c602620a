"""Naming a card, a type or a tag (v1.4 759-763): Fallen Feline's "When you play me, name a spell. While I'm at a
battlefield, opponents can't play spells with that name.", The List's "As you play this, name a tag. [T]: Give a unit
with the named tag -2 [S] this turn."

What is named is recorded as `{card | tag | type, of?}` (exactly one of the three; `of`: the type a named card must
have, "Spell" for "name a spell"), kept on the object whose ability named it as its `named` (a new optional object
field, absent until something is named; the object leaving the board forgets it, as a new object, 124.1):

- by the `name {target, card | tag | type, of?}` effect op, when a resolving ability instructs it (Fallen Feline's
  play trigger: `target` is the object that names);
- by a play's `options.named`, when the card names "as you play this" (The List, 752.2's "as you play" choices).

A card is recorded by its name (v1.4 761: however the player identified it, by its exact name or by traits naming
one card uniquely, the record holds the card's name), so a card "with that name" is any printing of it. A v1.4 match
checks the name (`Edition.defines_naming`): a card must exist (762.1: the engine asks the match's catalog, so a card
that no deck of the match holds can be named) and not be a token (762.2), be of the type the instruction asks
(`of`, the card's text: 002); a tag must be one of 763.1's list; a type one of 133.4-133.6's. A name that breaks them
is flagged (refused in strict) and still recorded in audit, as the player said it. Earlier editions define no naming:
the name is recorded as written, unchecked (card text alone, 002, governs what it does).

What the name does is the card's text: Fallen Feline's prohibition is the static rule `no_play_named` (engine/
rulechanges.py), checked as a card is played; The List's "a unit with the named tag" is a targeting restriction
(v1.4 355.9.b), checked as its ability is activated in a v1.4 match: each target must be a unit with the tag its
source named (a unit's tags, 143.1, as a copy may have changed them). A source with no tag recorded (a gear a
position put on the board) is not checked: what it named is not known.
"""
from __future__ import annotations

from typing import Any

from engine import layers, rulechanges
from engine.catalog import TOKEN_KINDS
from engine.editions import edition_of
from engine.errors import MalformedEvent
from engine.rulings import Context

KINDS = ("card", "tag", "type")
# v1.4 133.4-133.6: the card types.
TYPES = ("Unit", "Gear", "Spell", "Rune", "Battlefield", "Legend")
# v1.4 763.1, as printed (the conversion split "Miss Fortune" in two; 763.1's own example names it whole).
TAGS = frozenset((
    "Ahri", "Akali", "Akshan", "Ambessa", "Anivia", "Annie", "Aphelios", "Ashe", "Azir", "Bandle City", "Bard",
    "Bilgewater", "Bird", "Blitzcrank", "Caitlyn", "Cat", "Darius", "Demacia", "Demon", "Diana", "Dog", "Dr. Mundo",
    "Dragon", "Draven", "Ekko", "Elite", "Equipment", "Evelynn", "Ezreal", "Fae", "Fiora", "Fizz", "Freljord",
    "Galio", "Gangplank", "Garen", "Heimerdinger", "Hwei", "Icathia", "Illaoi", "Ionia", "Irelia", "Ivern", "Ixtal",
    "Janna", "Jax", "Jayce", "Jhin", "Jinx", "Kai'Sa", "Karma", "Karthus", "Katarina", "Kathkan", "Kayle", "Kayn",
    "Kennen", "Kha'Zix", "Kog'Maw", "LeBlanc", "Lee Sin", "Leona", "Lillia", "Lucian", "Lux", "Malzahar",
    "Master Yi", "Mech", "Mel", "Miss Fortune", "Morgana", "Mount Targon", "Nami", "Nasus", "Nidalee", "Nilah",
    "Nocturne", "Noxus", "Ornn", "Piltover", "Pirate", "Poppy", "Poro", "Pyke", "Qiyana", "Recruit", "Rek'Sai",
    "Rell", "Renata Glasc", "Renekton", "Rengar", "Riven", "Rumble", "Sentinel", "Sett", "Shadow Isles", "Shen",
    "Shurima", "Sivir", "Sona", "Soraka", "Spider", "Spirit", "Swain", "Syndra", "Taric", "Teemo", "The Void",
    "Trifarian", "Tryndamere", "Twisted Fate", "Udyr", "Vayne", "Vex", "Vi", "Viktor", "Volibear", "Warwick",
    "Xerath", "Xin Zhao", "Yasuo", "Yone", "Yordle", "Yuumi", "Zaun", "Zed", "Zilean"))
_TOKENS = frozenset(name for name, *_ in TOKEN_KINDS) | {"Recruit"}


def shape(named: Any, where: str) -> dict[str, str]:
    """A named thing's fields: exactly one of card, tag, type (a string), and `of` for a card; MalformedEvent
    naming what is wrong otherwise."""
    if not isinstance(named, dict) or set(named) - {*KINDS, "of", "op", "target"}:
        raise MalformedEvent(f"{where}: what is named is {{card | tag | type: string, of?: type}}, got {named!r}")
    kinds = [kind for kind in KINDS if kind in named]
    if len(kinds) != 1 or not all(isinstance(named[key], str) and named[key] for key in (*kinds, "of")
                                  if key in named):
        raise MalformedEvent(f"{where}: names exactly one of 'card', 'tag' or 'type' (a non-empty string), got "
                             f"{named!r}")
    if "of" in named and kinds != ["card"]:
        raise MalformedEvent(f"{where}: 'of' is the type a named card must have, so it goes with 'card' only")
    return {key: named[key] for key in (*KINDS, "of") if key in named}


def record(context: Context, obj: dict[str, Any], named: dict[str, Any], where: str) -> None:
    """Check what `obj` names (in a v1.4 match) and keep it on the object."""
    named = shape(named, where)
    if "card" in named:
        catalog = context.catalog
        found = catalog.name_of(named["card"]) if catalog is not None else None
        named["card"] = found or named["card"]
    if edition_of(context.state).defines_naming:
        _check(context, obj, named)
    obj["named"] = named


def _check(context: Context, obj: dict[str, Any], named: dict[str, str]) -> None:
    """v1.4 762-763 and 133.4-133.6: a legal name."""
    who = f"{obj['id']} ({obj['card']})"
    if "tag" in named:
        context.check(named["tag"] in TAGS, "v1.4 763",
                      f"{who} names the tag {named['tag']!r}, which no card or token of Riftbound has (763.1 lists "
                      f"them)")
        return
    if "type" in named:
        context.check(named["type"] in TYPES, "v1.4 760",
                      f"{who} names the type {named['type']!r}: the card types are {', '.join(TYPES)} (133.4-133.6)")
        return
    card = named["card"]
    if context.catalog is None:  # a dry run without the catalog (no fold hands none): nothing to check against
        return
    facts = context.catalog.get(card)
    if not context.check(facts is not None, "v1.4 762.1",
                         f"{who} names {card!r}, which is no card of the catalog: a player cannot name a card that "
                         f"doesn't exist"):
        return
    if facts is None:
        return
    context.check(card not in _TOKENS and facts.get("supertype") != "Token", "v1.4 762.2",
                  f"{who} names {card!r}, a token: a player cannot choose the name of a token when instructed to "
                  f"name a card")
    if "of" in named:
        types = facts.get("types", [facts.get("type")])
        context.check(named["of"] in types, "002", f"{who} names {card!r}, a {'/'.join(types)}, when instructed to "
                                                   f"name a {named['of']}")


def name_op(context: Context, item: dict[str, Any], effect: dict[str, Any], kept: set[str] | None) -> None:
    """The `name` effect op: the object `target` (the ability's source) names a card, tag or type."""
    obj = context.state["objects"].get(effect["target"])
    if not context.check(obj is not None, "356.3.e.6", f"{item['id']} name: {effect['target']!r} is no object of "
                                                       f"this match"):
        return
    record(context, obj, effect, "effect op 'name'")


def check_play(context: Context, player: str, card: str) -> None:
    """Fallen Feline: "opponents can't play spells with that name" (the static rule `no_play_named`, in force while
    its `while` holds): a card played with the name its source named is flagged (card text, 002)."""
    for static in rulechanges.applies_to_player(context.state, "no_play_named", player):
        source = context.state["objects"].get(static.get("source") or "") or {}
        context.check(source.get("named", {}).get("card") != card, "002",
                      f"{player} plays {card!r}, the card {rulechanges.describe(context.state, static)} named: "
                      f"{rulechanges.RULES['no_play_named']}")


# The words of an ability whose choice is restricted to what its source named (The List).
WITH_THE_NAMED_TAG = "with the named tag"


def check_named_tag_targets(context: Context, source: dict[str, Any], ability: dict[str, Any],
                            targets: list[str], what: str) -> None:
    """v1.4 355.9.b ("It meets all targeting restrictions"): an ability that chooses "a unit with the named tag"
    (The List) chooses units with the tag its source named (v1.4 763), in a v1.4 match."""
    state = context.state
    tag = (source.get("named") or {}).get("tag")
    if tag is None or WITH_THE_NAMED_TAG not in ability.get("text", "") or not edition_of(state).defines_naming:
        return
    for target in targets:
        obj = state["objects"].get(target)
        if obj is None:  # a chain item, player or battlefield: items.check_targets said what it is
            continue
        tags = obj.get("tags") or layers.printed_facts(state, obj).get("tags", [])
        context.check(obj["type"] == "Unit" and tag in tags, "v1.4 355.9.b",
                      f"{what} chooses {target} ({obj['card']}), which is not a unit with the named tag {tag!r} "
                      f"(its tags: {', '.join(tags) or 'none'})")
