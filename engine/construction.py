"""Deck construction (rules 103.1-103.4, v1.3 103.4.c, v1.3 825 Unique): what makes a player's deck legal.

`deck_problems` lists everything wrong with one player's Champion Legend, chosen champion, main deck, rune deck and
battlefields, each problem with the rule it breaks. `setup.check_decks` flags each one at `match_created` (a
violation, so an audit match can record a game played with an illegal deck); the deck reader
(`replays.decklists`) runs the same function so that a user pasting a list sees every problem at once.

A leaf module: it needs the cards' facts only, read through a `facts(name)` function, and the banned list
(engine/data/banned.json, read once at import) for `banned_problems`.
"""
from __future__ import annotations

import json
from collections import Counter
from collections.abc import Callable, Iterable
from importlib import resources
from typing import Any

from engine.cards import statics as card_statics
from engine.catalog import champion_tag

MAIN_DECK_TYPES = ("Unit", "Spell", "Gear")  # rule 103.2
MAIN_DECK_MIN = 40  # rule 103.2
COPIES_MAX = 3  # rule 103.2.b
SIGNATURES_MAX = 3  # rule 103.2.d.1
RUNE_DECK_SIZE = 12  # rule 103.3.a

Facts = Callable[[str], dict[str, Any]]


def champion_tags(card: dict[str, Any]) -> set[str]:
    """The champion tag(s) a card carries (rule 103.2.a.2): a champion unit's is the tag of its champion ("Jinx" for
    "Jinx, Rebel", `catalog.champion_tag`); a Legend's or a Signature card's are its tags that name a champion, i.e.
    all of them but the region and species tags a champion unit's tag never is. Without a champion to compare with,
    a card's tags are taken whole."""
    tag = champion_tag(card)
    return {tag} if tag is not None else set(card.get("tags", []))


def legend_champion_tags(legend: dict[str, Any], champion: dict[str, Any]) -> set[str]:
    """The champion tag of a deck's Champion Legend: the one it shares with the chosen champion's champion tag when
    they match (Heart of the Tempest, tags Yordle and Kennen, with Kennen's champion: {"Kennen"}), else every tag
    of the legend (the chosen champion is then flagged already)."""
    shared = champion_tags(champion) & set(legend.get("tags", [])) if champion.get("type") == "Unit" else set()
    return shared or set(legend.get("tags", []))


def is_token(card: dict[str, Any]) -> bool:
    """A token (rules 175-178): a card of the Token supertype or type, or a token kind of a v1.4 match, where
    "token" is a category and no supertype (v1.4 185.1). Tokens are not cards (176, v1.4 185)."""
    return card.get("token") is True or card.get("supertype") == "Token" or card.get("type") == "Token"


def any_copies(card: dict[str, Any]) -> bool:
    """Whether the card's own text lets a deck have any number of it ("Your deck can have any number of cards named
    Spiderling": card text supersedes rules text, v1.4 002, over 103.2.b's three copies)."""
    return any(static.get("rule") == "any_copies" and static.get("named") == card.get("name")
               for static in card_statics.card_statics(card, "deck")) if card.get("abilities") else False


def deck_problems(player: str, legend: dict[str, Any], champion: dict[str, Any], main_deck: Counter[str],
                  runes: Counter[str], battlefields: list[str], facts: Facts, *, battlefields_needed: int = 3,
                  battlefields_rule: str = "644.4.a", mode: str = "duel") -> list[dict[str, Any]]:
    """Every deck construction problem of one player's deck, in a fixed order: [{rule, message, card?}].

    `card` names the card a problem is about, when it is about one card. `main_deck` counts the whole main deck,
    the chosen champion included (103.2.a). The number of battlefields is the mode's (644.4.a for a duel).
    """
    problems: list[dict[str, Any]] = []

    def problem(condition: bool, rule: str, message: str, card: str | None = None) -> None:
        if not condition:
            problems.append({"rule": rule, "message": message, **({"card": card} if card else {})})

    identity = set(legend.get("domains", []))
    problem(legend.get("type") == "Legend", "103.1",
            f"{player}'s legend {legend['name']!r} is a {legend.get('type')}, not a Champion Legend", legend["name"])
    problem(sum(main_deck.values()) >= MAIN_DECK_MIN, "103.2",
            f"{player}'s main deck has {sum(main_deck.values())} cards; it needs at least {MAIN_DECK_MIN}")
    problem(main_deck[champion["name"]] >= 1, "103.2.a",
            f"{player}'s chosen champion {champion['name']!r} is not in their main deck", champion["name"])
    # 103.2.a.2: the shared tag must be the champion's champion tag, not a region or species tag both carry.
    problem(champion.get("supertype") == "Champion" and champion.get("type") == "Unit"
            and bool(champion_tags(champion) & set(legend.get("tags", []))),
            "103.2.a.2", f"{player}'s chosen champion {champion['name']!r} is not a champion unit with the champion "
                         f"tag of their legend {legend['name']!r}", champion["name"])
    legend_tags = legend_champion_tags(legend, champion)
    signatures = 0
    for name, copies in sorted(main_deck.items()):
        card = facts(name)
        unique = "Unique" in card.get("keywords", [])
        problem(copies <= COPIES_MAX or any_copies(card), "103.2.b",
                f"{player}'s main deck has {copies} copies of {name!r}; at most {COPIES_MAX} are allowed", name)
        problem(not unique or copies <= 1, "v1.3 825.2.a",
                f"{player}'s main deck has {copies} copies of {name!r}, a Unique card; a deck may have only one",
                name)
        if is_token(card):
            problems.append({"rule": "176", "card": name,
                             "message": f"{name!r} is a token, not a card: it cannot be in a deck"})
        else:
            problem(card.get("type") in MAIN_DECK_TYPES, "103.2",
                    f"{name!r} ({card.get('type')}) is not a main deck card", name)
        domains = card.get("domains", [])
        problem(set(domains) <= identity, "103.1.b.3" if len(domains) == 1 else "103.1.b.4",
                f"{name!r} ({'/'.join(domains)}) is outside {player}'s domain identity "
                f"({'/'.join(sorted(identity))})", name)
        if card.get("supertype") == "Signature":
            signatures += copies
            problem(bool(champion_tags(card) & legend_tags), "103.2.d.2",
                    f"{name!r} is a Signature card of {', '.join(sorted(champion_tags(card))) or 'no champion'}, "
                    f"not of {player}'s legend {legend['name']!r}", name)
    problem(signatures <= SIGNATURES_MAX, "103.2.d",
            f"{player}'s main deck has {signatures} Signature cards; at most {SIGNATURES_MAX} are allowed")
    problem(sum(runes.values()) == RUNE_DECK_SIZE, "103.3.a",
            f"{player}'s rune deck has {sum(runes.values())} runes; it must have exactly {RUNE_DECK_SIZE}")
    for name in sorted(runes):
        rune = facts(name)
        problem(rune.get("type") == "Rune" and set(rune.get("domains", [])) <= identity, "103.3.a.1",
                f"{name!r} is not a rune of {player}'s domain identity", name)
    problem(len(battlefields) == battlefields_needed, battlefields_rule,
            f"{player} brought {len(battlefields)} battlefields; a {mode} needs {battlefields_needed}")
    for name, copies in sorted(Counter(battlefields).items()):
        card = facts(name)
        if is_token(card):
            problems.append({"rule": "176", "card": name,
                             "message": f"{name!r} is a battlefield token, not a card: it cannot be brought"})
        else:
            problem(card.get("type") == "Battlefield", "103.4",
                    f"{name!r} ({card.get('type')}) is not a battlefield", name)
        problem(copies == 1, "v1.3 103.4.c", f"{player} brought {copies} copies of the battlefield {name!r}; "
                                             f"a deck has at most one of each", name)
        problem(set(card.get("domains", [])) <= identity, "103.4.b",
                f"the battlefield {name!r} is outside {player}'s domain identity", name)
    return problems


SIDEBOARD_MAX = 10  # TR 601.1.c.1 of 2026-07-16 (April's: 8; engine/editions.py `sideboard_max` per edition)


def sideboard_problems(player: str, legend: dict[str, Any], main_deck: Counter[str], sideboard: Counter[str],
                       facts: Facts, limit: int = SIDEBOARD_MAX) -> list[dict[str, Any]]:
    """Every problem of a sideboard in the Constructed format (TR 601.1.c): at most `limit` cards (601.1.c.1: 10
    in the Tournament Rules of 2026-07-16, 8 in April's), each a valid main deck card (601.1.c.2: a Unit, Spell or
    Gear card of the legend's domain identity), and the copy limits counted over the main deck and the sideboard
    together (601.1.c.3). The deck reader checks them (a new match is a v1.4 one), and so does the engine in a v1.4
    match, at match_created and after each `sideboard` (engine/sideboard.py)."""
    problems: list[dict[str, Any]] = []
    identity = set(legend.get("domains", []))
    if sum(sideboard.values()) > limit:
        problems.append({"rule": "TR 601.1.c.1", "message": f"{player}'s sideboard has {sum(sideboard.values())} "
                                                            f"cards; it can have {limit} or fewer"})
    for name, copies in sorted(sideboard.items()):
        card = facts(name)
        if is_token(card) or card.get("type") not in MAIN_DECK_TYPES \
                or not set(card.get("domains", [])) <= identity:
            problems.append({"rule": "TR 601.1.c.2", "card": name,
                             "message": f"{name!r} in {player}'s sideboard is not a valid main deck card for their "
                                        f"legend {legend['name']!r}"})
        limit = 1 if "Unique" in card.get("keywords", []) else COPIES_MAX
        if copies + main_deck[name] > limit:
            problems.append({"rule": "TR 601.1.c.3", "card": name,
                             "message": f"{player} has {main_deck[name] + copies} copies of {name!r} in their main "
                                        f"deck and sideboard together; at most {limit} are allowed"})
    return problems


BANNED_LIST: dict[str, Any] = json.loads(
    resources.files(__package__ or "engine").joinpath("data", "banned.json").read_text(encoding="utf-8"))
BANNED: frozenset[str] = frozenset(BANNED_LIST["cards"])  # the Constructed format's banned cards (TR 601.2.d)


def checks_banned_cards(catalog: str) -> bool:
    """Whether the decks of a match of `catalog` are checked against the banned list: every catalog but riftlog's
    demo catalog, a sample whose demo deck 1 predates the list (banned.json says why)."""
    return catalog not in BANNED_LIST["exempt_catalogs"]


def banned_problems(player: str, places: Iterable[tuple[str, Iterable[str]]],
                    banned: frozenset[str] = BANNED) -> list[dict[str, Any]]:
    """One problem for each banned card a player brings (TR 601.2.d: "If a card is banned in a specific format,
    that card may not be included in a deck"; v1.4 103.2.e: a deck is "subject to card legality of the Format being
    played"), by the place it is in: `places` is (what, card names) pairs, e.g. ("main deck", decklist). Reaver's
    Row is a battlefield and Scrapheap a gear, so every place of a deck is looked at. The exception of TR
    601.2.d.2 (an unchanged preconstructed deck at low OPL) is not modelled: riftlog knows neither the event's
    level nor the products' lists (docs/engine.md)."""
    return [{"rule": "TR 601.2.d", "card": name,
             "message": f"{name!r} in {player}'s {what} is banned in the {BANNED_LIST['format']} format: it may "
                        f"not be in a deck (v1.4 103.2.e)"}
            for what, names in places for name in sorted(set(names) & banned)]
