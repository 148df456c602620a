"""A rules table (tests/table.py) over the real card gallery (`../shared/data/cards.json`) with two fixed legal decks
of its later sets, so that positions written as one line can name their cards.

Ana (P1) plays Wuju Master (Calm/Body, Master Yi, Tempered); Ben (P2) plays Deceiver (Mind/Order, LeBlanc,
Fragmented). Their decks hold the cards of the rules tests of replacements, XP, Level, Hunt, Ambush, Backline and
additional turns. A test module imports it only once it has skipped when the gallery is absent.
"""
from __future__ import annotations

from typing import Any

from gallery_table import gallery_catalog
from table import Table

DECKS = {
    "P1": {"name": "Ana", "legend": "Wuju Master", "champion": "Master Yi, Tempered",
           "deck": {"Master Yi, Tempered": 3, "Highlander": 2, "Enthusiastic Promoter": 3, "Voracious Gromp": 3,
                    "Mosstomper": 3, "Crowd Favorite": 3, "Gemhand Hunter": 3, "Clockwork Keeper": 3,
                    "Apprentice Smith": 3, "Buhru Captain": 3, "Affectionate Poro": 3, "Determined Sentry": 1, "Unyielding Spirit": 2,
                    "Targonian Visionary": 3, "Zhonya's Hourglass": 1, "Wuju Apprentice": 1},
           "runes": {"Calm Rune": 6, "Body Rune": 6},
           "battlefields": ["Altar to Unity", "Altar of Blood", "Grove of the God-Willow"]},
    "P2": {"name": "Ben", "legend": "Deceiver", "champion": "LeBlanc, Fragmented",
           "deck": {"LeBlanc, Fragmented": 3, "Gustwalker": 3, "Chakram Dancer": 3, "Time Warp": 2,
                    "Tactical Retreat": 3, "Ki Barrier": 3, "Black Rose Dignitary": 3, "Bubble Bot": 3,
                    "Card Sharp": 3, "Daring Poro": 3, "Forecaster": 3, "Icevale Archer": 3, "Eager Apprentice": 3,
                    "Crimson Pigeons": 1,
                    "Crescent Strike": 1},
           "runes": {"Mind Rune": 6, "Order Rune": 6},
           "battlefields": ["Back-Alley Bar", "Bandle Tree", "Dragon Roost"]},
}


def _expand(counts: dict[str, int]) -> list[str]:
    return [name for name, count in counts.items() for _ in range(count)]


class LaterSetsTable(Table):
    """Table (tests/table.py) over the gallery catalog and the decks above."""

    catalog = gallery_catalog()

    @classmethod
    def match_created(cls, policy: str, mode: str) -> dict[str, Any]:
        players = [{"name": deck["name"], "legend": deck["legend"], "champion": deck["champion"],
                    "deck": _expand(deck["deck"]), "runes": _expand(deck["runes"]),
                    "battlefields": deck["battlefields"]} for deck in DECKS.values()]
        return {"type": "match_created", "rules": "v1.3", "abilities": "declared", "mode": mode, "players": players,
                "catalog": "gallery",
                "policy": policy}
