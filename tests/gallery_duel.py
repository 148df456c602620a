"""A duel for rules tests with real cards of the gallery (`../shared/data/cards.json`), beside tests/table.py's
demo table: legal decks built around a chosen Legend and champion, a position in notation whose deck counts are
worked out from the decklists, and events as text.

    table = GalleryTable.from_position(jax_vs_shen(), "P1 0 ... | P2 0 ...")
    table.do("P1 activate Grandmaster at Arms [0] -> Doran's Shield $1")

The catalog is the gallery as `parse_gallery` reads it: each card's abilities are what engine/cardtext.py reads from
its rules text (contract section 6).
"""
from __future__ import annotations

import functools
import json
from pathlib import Path
from typing import Any

import pytest

import engine
from engine.catalog import Catalog, parse_gallery
from replays import notation

GALLERY = Path(__file__).resolve().parents[2] / "shared" / "data" / "cards.json"

def gallery_data() -> dict:
    if not GALLERY.exists():
        pytest.skip(f"the card gallery export {GALLERY} is absent (../shared is not checked out)",
                    allow_module_level=True)
    return _gallery_data()


@functools.cache
def _gallery_data() -> dict:
    return json.loads(GALLERY.read_text(encoding="utf-8"))


def gallery_catalog() -> Catalog:
    gallery_data()
    return _catalog()


@functools.cache
def _catalog() -> Catalog:
    return parse_gallery(_gallery_data(), "gallery")


def deck(legend: str, champion: str, wanted: list[str], battlefields: list[str], name: str) -> dict[str, Any]:
    """A legal duel deck (rule 103): the champion, three of each wanted card, then other cards of the Legend's
    domains up to 40; six runes of each of its two domains."""
    catalog = gallery_catalog()
    identity = catalog.card(legend)["domains"]
    cards = [champion] * 3 + [card for card in wanted for _ in range(3)]
    for card in catalog:
        if len(cards) >= 40:
            break
        if (card["type"] in ("Unit", "Spell") and card["supertype"] is None and card["domains"]
                and set(card["domains"]) <= set(identity) and card["name"] not in cards):
            cards += [card["name"]] * min(3, 40 - len(cards))
    runes = [f"{domain} Rune" for domain in identity for _ in range(6)]
    return {"name": name, "legend": legend, "champion": champion, "deck": cards, "runes": runes,
            "battlefields": battlefields}


def jax_vs_shen(policy: str = "strict") -> dict[str, Any]:
    """Ana plays Jax (Grandmaster at Arms: Calm/Body) with Equipment and Weaponmaster units, Ben plays Shen (Eye of
    Twilight: Calm/Order) with Sacred Shears."""
    jax = deck("Grandmaster at Arms", "Jax, Unrelenting",
               ["Doran's Shield", "Doran's Blade", "Sterak's Gage", "Veteran Poro", "Sett, Brawler",
                "Forgotten Signpost"],
               ["Treasure Hoard", "Zaun Warrens", "Grove of the God-Willow"], "Ana")
    shen = deck("Eye of Twilight", "Shen, Kinkou", ["Sacred Shears"],
                ["Altar to Unity", "Back-Alley Bar", "Trifarian War Camp"], "Ben")
    return {"type": "match_created", "rules": "v1.3", "abilities": "declared", "mode": "duel", "players": [jax, shen],
            "catalog": "gallery",
            "policy": policy}


def pyke_vs_shen(policy: str = "strict") -> dict[str, Any]:
    """Ana plays Pyke (Bloodharbor Ripper: Fury/Chaos, its ability plays Gold gear tokens) with Last Rites and
    Serrated Dirk, Ben plays Shen."""
    pyke = deck("Bloodharbor Ripper", "Pyke, Dockside Butcher", ["Last Rites", "Serrated Dirk", "Assembly Rig",
                                                                      "Akali, Deadly Weapon"],
                ["Treasure Hoard", "Zaun Warrens", "Grove of the God-Willow"], "Ana")
    created = jax_vs_shen(policy)
    created["players"][0] = pyke
    return created


class GalleryTable:
    """A match of gallery cards from a position; the same verbs as tests/table.py's Table."""

    def __init__(self, created: dict[str, Any]) -> None:
        self.catalog = gallery_catalog()
        self.created = created
        self.state = engine.apply(None, created, self.catalog)
        self.events: list[dict[str, Any]] = [created]  # every event applied, for round trips

    @classmethod
    def from_position(cls, created: dict[str, Any], line: str) -> GalleryTable:
        """Start from a one-line position whose `deck:` and `runedeck:` counts are worked out here: every card it
        places outside the decks came from them (tokens aside)."""
        table = cls(created)
        event = notation.parse_position(line)
        for index, (player, described) in enumerate(event["players"].items()):
            entry = created["players"][index]
            placed = [*described["hand"], *described["trash"], *described["banishment"],
                      *(unit["card"] for unit in described["units"]), *(gear["card"] for gear in described["gear"]),
                      *(gear["card"] for unit in described["units"] for gear in unit.get("attached", []))]
            outside = sum(1 for card in placed if card is None or table._is_deck_card(card))
            outside += described.get("champion", "zone") == "zone"
            described["deck_count"] = len(entry["deck"]) - outside
            described["rune_deck_count"] = len(entry["runes"]) - len(described["runes"])
        return table.do(event)

    def _is_deck_card(self, name: str) -> bool:
        card = self.catalog.get(name)
        return card is not None and card["supertype"] != "Token"

    def do(self, *events: str | dict[str, Any]) -> GalleryTable:
        for event in events:
            parsed = notation.parse_events(event, self.state, self.catalog) if isinstance(event, str) else [event]
            self.state = engine.fold(parsed, self.catalog, self.state)
            self.events += parsed
        return self

    def parse(self, event: str | dict[str, Any]) -> dict[str, Any]:
        return notation.parse_event(event, self.state) if isinstance(event, str) else event

    def find(self, player: str, card: str, zone: str = "board") -> str:
        found = [object_id for object_id, obj in self.state["objects"].items()
                 if obj["card"] == card and obj["controller"] == player and obj["zone"] == zone]
        assert len(found) == 1, (player, card, zone, found)
        return found[0]

    def obj(self, player: str, card: str, zone: str = "board") -> dict[str, Any]:
        return self.state["objects"][self.find(player, card, zone)]

    def refuses(self, event: str | dict[str, Any], rule: str) -> engine.IllegalEvent:
        before = self.state
        with pytest.raises(engine.IllegalEvent) as refusal:
            engine.apply(self.state, self.parse(event), self.catalog)
        assert rule in [violation["rule"] for violation in refusal.value.violations], refusal.value.violations
        assert self.state is before
        return refusal.value

    def flags(self, event: str | dict[str, Any], rule: str) -> dict[str, Any]:
        seq = self.state["seq"] + 1
        self.state = engine.apply(self.state, self.parse(event), self.catalog)
        flagged = [violation for violation in self.state["violations"] if violation["seq"] == seq]
        assert rule in [violation["rule"] for violation in flagged], flagged
        return self.state
