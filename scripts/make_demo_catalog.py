"""Regenerate engine/data/demo.json and engine/data/demo_decks.json from a card gallery export.

    python scripts/make_demo_catalog.py ../shared/data/cards.json [--out-dir engine/data]

The demo catalog is the facts (no images or URLs) of the cards of the two duel decks below and of the two real
decks shared as people share them (DECK_FILES: a text list and a deck code, read as `riftlog deck` reads them),
their legends and battlefields, and the basic runes and tokens. The generated files are what
ships; this script only makes the choice reproducible. It refuses to write anything if a chosen card is
missing from the gallery or a deck has the wrong size (the rules checks of rule 103 are in
tests/test_catalog.py).
"""
from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from engine.catalog import Catalog, basic_cards, parse_gallery  # noqa: E402
from replays import decklists  # noqa: E402

# (copies, card name); the first entry of each deck is its chosen champion (rule 103.2.a).
DECKS: list[dict] = [
    {
        # Fury / Chaos: Jinx. Aggressive units, burn and bounce.
        "legend": "Loose Cannon",
        "champion": "Jinx, Demolitionist",
        "deck": [
            (3, "Jinx, Demolitionist"),
            (1, "Jinx, Rebel"),
            (2, "Legion Rearguard"),
            (2, "Chemtech Enforcer"),
            (2, "Pouty Poro"),
            (2, "Mystic Poro"),
            (2, "Flame Chompers"),
            (2, "Shipyard Skulker"),
            (2, "Noxus Hopeful"),
            (1, "Maddened Marauder"),
            (2, "Blazing Scorcher"),
            (1, "Sai Scout"),
            (2, "Shakedown"),
            (2, "Gust"),
            (1, "Flash"),
            (1, "Hard Bargain"),
            (1, "Against the Odds"),
            (2, "Hextech Ray"),
            (2, "Void Seeker"),
            (1, "Incinerate"),
            (1, "Stacked Deck"),
            (1, "Super Mega Death Rocket!"),
            (2, "Iron Ballista"),
            (2, "Scrapheap"),
        ],
        "runes": [(6, "Fury Rune"), (6, "Chaos Rune")],
        "battlefields": ["Trifarian War Camp", "Back-Alley Bar", "Zaun Warrens"],
    },
    {
        # Calm / Mind: Ahri. Defensive units, tricks and counterspells.
        "legend": "Nine-Tailed Fox",
        "champion": "Ahri, Inquisitive",
        "deck": [
            (3, "Ahri, Inquisitive"),
            (1, "Ahri, Alluring"),
            (2, "Clockwork Keeper"),
            (2, "Stalwart Poro"),
            (2, "Watchful Sentry"),
            (2, "Sunlit Guardian"),
            (2, "Lecturing Yordle"),
            (2, "Wizened Elder"),
            (2, "Playful Phantom"),
            (1, "Jeweled Colossus"),
            (2, "Zephyr Sage"),
            (2, "Defy"),
            (2, "Discipline"),
            (1, "Wind Wall"),
            (2, "Stupefy"),
            (1, "Smoke Screen"),
            (1, "En Garde"),
            (1, "Retreat"),
            (2, "Rune Prison"),
            (1, "Falling Comet"),
            (1, "Block"),
            (1, "Fox-Fire"),
            (2, "Mask of Foresight"),
            (2, "Orb of Regret"),
        ],
        "runes": [(6, "Calm Rune"), (6, "Mind Rune")],
        "battlefields": ["Grove of the God-Willow", "Altar to Unity", "Fortified Position"],
    },
]


# Demo decks 3 and 4: a Spiritforged deck as a text list and an Origins deck as a Piltover Archive deck code, the
# decks of the golden match tests/data/golden_cards.rln (Legend abilities, Equip, Hidden, statics, a replaced death).
# Demo decks 5 and 6: two text lists built around Vendetta cards, the decks of the v1.4 golden match
# tests/data/golden_v14.rln (Skip, Flow, Burn, Empower, a mistargeted unit, prevention in combat, Contested removed).
DECK_FILES: list[Path] = [ROOT / "tests" / "data" / "decks" / "spiritforged_sivir.txt",
                          ROOT / "tests" / "data" / "decks" / "origins_kaisa.code",
                          ROOT / "tests" / "data" / "decks" / "vendetta_wildclaw.txt",
                          ROOT / "tests" / "data" / "decks" / "vendetta_riches.txt"]


def expand(entries: list[tuple[int, str]]) -> list[str]:
    """[(2, "Gust")] -> ["Gust", "Gust"]."""
    return [name for copies, name in entries for _ in range(copies)]


def build(gallery: dict) -> tuple[Catalog, dict]:
    """The demo catalog and the decklists file, from a parsed gallery export."""
    full = parse_gallery(gallery, "gallery")
    decks = []
    names: set[str] = {card["name"] for card in basic_cards()}
    for choice in DECKS:
        deck = {
            "legend": choice["legend"],
            "champion": choice["champion"],
            "deck": expand(choice["deck"]),
            "runes": expand(choice["runes"]),
            "battlefields": list(choice["battlefields"]),
        }
        if (len(deck["deck"]), len(deck["runes"]), len(deck["battlefields"])) != (40, 12, 3):
            raise SystemExit(f"{deck['legend']}: a duel deck has 40 cards, 12 runes and 3 battlefields")
        wanted = {deck["legend"], deck["champion"], *deck["deck"], *deck["runes"], *deck["battlefields"]}
        missing = sorted(name for name in wanted if name not in full)
        if missing:
            raise SystemExit(f"{deck['legend']}: not in the gallery: {missing}")
        names |= wanted
        decks.append(deck)
    for path in DECK_FILES:
        deck = decklists.read_deck(path.read_text(encoding="utf-8"), full)
        deck.pop("name", None)
        sideboard = deck.pop("sideboard", [])  # in the catalog, so that the deck code reads; not in the demo deck
        names |= {deck["legend"], *deck["deck"], *deck["runes"], *deck["battlefields"], *sideboard}
        decks.append(deck)
    demo = Catalog("demo", [full.card(name) for name in sorted(names)])
    return demo, {"decks": decks}


def write_json(path: Path, data: dict) -> None:
    path.write_text(json.dumps(data, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("gallery", type=Path, help="the card gallery export, e.g. ../shared/data/cards.json")
    parser.add_argument("--out-dir", type=Path, default=ROOT / "engine" / "data")
    args = parser.parse_args(argv)
    demo, decks = build(json.loads(args.gallery.read_text(encoding="utf-8")))
    write_json(args.out_dir / "demo.json", demo.to_dict())
    write_json(args.out_dir / "demo_decks.json", decks)
    print(f"wrote {len(demo)} cards to {args.out_dir / 'demo.json'} and "
          f"{len(decks['decks'])} decks to {args.out_dir / 'demo_decks.json'}")


if __name__ == "__main__":
    main()
