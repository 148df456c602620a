"""A table for rules tests with real cards of the gallery (`../shared/data/cards.json`), like tests/table.py.

Each player's deck is a legal deck (103) of one Champion Legend: its chosen champion, the cards a test names, and
cards of the legend's domains to make 40; six runes of each domain; three battlefields. Positions then put the
named cards where the test needs them.
"""
from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

import engine
from engine.catalog import Catalog
import gallery
from replays import notation

# The gallery export beside this checkout or, in a git worktree, beside the main checkout (tests/gallery.py).
GALLERY = gallery.gallery_file() or Path(__file__).resolve().parents[2] / "shared" / "data" / "cards.json"
BATTLEFIELDS = ("Trifarian War Camp", "Windswept Hillock", "Zaun Warrens", "Altar to Unity", "Grove of the God-Willow",
                "Vilemaw's Lair")


def gallery_catalog() -> Catalog:
    """The gallery as a catalog, found beside this checkout or, in a git worktree, beside the main checkout
    (tests/gallery.py); the test skips when it is absent."""
    return gallery.gallery_catalog("gallery")


def deck(legend: str, cards: list[str], battlefields: list[str]) -> dict[str, Any]:
    """A legal match_created player entry for `legend` holding `cards` (each once)."""
    catalog = gallery_catalog()
    facts = catalog.card(legend)
    domains = set(facts["domains"])
    champion = next(card["name"] for card in catalog if card["type"] == "Unit" and card["supertype"] == "Champion"
                    and set(card["tags"]) & set(facts["tags"]) and set(card["domains"]) <= domains)
    main = [champion, *cards]
    fillers = [card["name"] for card in catalog if card["type"] in ("Unit", "Spell", "Gear")
               and card["supertype"] is None and card["domains"] and set(card["domains"]) <= domains
               and card["name"] not in main]
    while len(main) < 40:
        main.append(fillers[len(main) % len(fillers)])
    runes = [f"{domain} Rune" for domain in sorted(domains) for _ in range(6)]
    return {"legend": legend, "champion": champion, "deck": main, "runes": runes, "battlefields": battlefields}


def listed(segment: str) -> int:
    """How many main deck cards a position segment (`hand:A;B bf1:C base:2 D`) puts outside the deck: hand, board,
    trash and the rest, for the `deck:` count of a position built from a 40-card gallery deck."""
    count = 0
    for label, value in re.findall(r"(\w+):(.*?)(?= \w+:|$)", segment):
        if label in ("runes", "runedeck", "deck", "controls", "pool", "bf") or not value:
            continue
        for entry in value.split(";"):
            number, _, rest = entry.partition(" ")
            count += int(number) if number.isdigit() and rest else 1
    return count


def said(refusal: engine.IllegalEvent) -> str:
    """What a refusal's violations say, for the card's words they quote."""
    return " ".join(violation["message"] for violation in refusal.violations)


class GalleryTable:
    """A strict (or audit) duel between Ana (P1) and Ben (P2) with gallery decks, started from a position."""

    def __init__(self, p1: dict[str, Any], p2: dict[str, Any], policy: str = "strict", rules: str = "v1.3",
                 abilities: str = "declared") -> None:
        """`rules`: the match's rules edition (v1.3, the edition of the tests written before editions);
        `abilities`: "declared" (the tests written before the engine checked abilities) or "checked"."""
        self.catalog = gallery_catalog()
        players = [{"name": name, **entry} for name, entry in (("Ana", p1), ("Ben", p2))]
        created = {"type": "match_created", "rules": rules, "abilities": abilities, "mode": "duel", "players": players,
                   "catalog": "gallery", "policy": policy}
        self.events: list[dict[str, Any]] = [created]
        self.state = engine.apply(None, created, self.catalog)

    def do(self, *lines: str | dict[str, Any]) -> GalleryTable:
        for line in lines:
            events = notation.parse_events(line, self.state, self.catalog) if isinstance(line, str) else [line]
            for event in events:
                self.state = engine.apply(self.state, event, self.catalog)
                self.events.append(event)
        return self

    def parse(self, line: str | dict[str, Any]) -> dict[str, Any]:
        return notation.parse_event(line, self.state) if isinstance(line, str) else line

    def flags(self, line: str | dict[str, Any], rule: str) -> GalleryTable:
        """In an audit match the line is recorded and its first event carries a violation citing `rule`."""
        seq = self.state["seq"] + 1
        self.do(line)
        flagged = [violation for violation in self.state["violations"] if violation["seq"] == seq]
        assert rule in [violation["rule"] for violation in flagged], flagged
        return self

    def refuses(self, line: str | dict[str, Any], rule: str) -> engine.IllegalEvent:
        before = self.state
        with pytest.raises(engine.IllegalEvent) as refusal:
            engine.apply(self.state, self.parse(line), self.catalog)
        assert rule in [violation["rule"] for violation in refusal.value.violations], refusal.value.violations
        assert self.state is before
        return refusal.value

    def find(self, player: str, card: str, zone: str = "board") -> str:
        for object_id, obj in self.state["objects"].items():
            if obj["owner"] == player and obj["card"] == card and obj["zone"] == zone:
                return object_id
        raise LookupError(f"no {card!r} of {player} in {zone}")

    def obj(self, player: str, card: str, zone: str = "board") -> dict[str, Any]:
        return self.state["objects"][self.find(player, card, zone)]

    def pool(self, player: str) -> dict[str, Any]:
        return self.state["players"][player]["pool"]
