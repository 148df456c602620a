"""How many card names of the gallery the engine models fully: every mechanic the card needs is modelled.

    python scripts/gallery_coverage.py [../shared/data/cards.json] [--json] [--needs MECHANIC]

A card's mechanics are what engine/cardtext.py reads from its text (`mechanics`: its keywords and what each of its
abilities does); the engine models a mechanic when engine/mechanics.py's MODELLED names it. Prints the figure for
all names and by set (the set of a name's first printing), the mechanics that block the most names, and every
card not modelled fully with the mechanics it lacks. `--json` prints the same as one JSON object; `--needs` lists
the names whose text needs a mechanic, modelled or not (real cards to test it with).
"""
from __future__ import annotations

import argparse
import collections
import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from engine.cardtext import mechanics  # noqa: E402
from engine.catalog import parse_gallery  # noqa: E402
from engine.mechanics import MODELLED, VOCABULARY  # noqa: E402


def coverage(gallery: dict) -> dict:
    """{total, modelled, by_set: {set: [modelled, total]}, blocking: {mechanic: names}, missing: {name: [...]}}
    over the names the gallery prints (the token kinds the catalog adds are left out)."""
    names = {raw["name"].strip() for raw in gallery["cards"]}
    catalog = parse_gallery(gallery, "gallery")
    by_set: dict[str, list[int]] = {}
    blocking: collections.Counter[str] = collections.Counter()
    missing: dict[str, list[str]] = {}
    for card in catalog:
        if card["name"] not in names:
            continue
        lacking = sorted(mechanics(card) - MODELLED)
        counts = by_set.setdefault(card["code"].split("-")[0], [0, 0])
        counts[1] += 1
        if lacking:
            missing[card["name"]] = lacking
            blocking.update(lacking)
        else:
            counts[0] += 1
    total = sum(total for _, total in by_set.values())
    return {
        "total": total, "modelled": total - len(missing), "by_set": dict(sorted(by_set.items())),
        "blocking": dict(blocking.most_common()), "missing": missing,
    }


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("gallery", type=Path, nargs="?", default=ROOT.parent / "shared" / "data" / "cards.json",
                        help="the card gallery export (default ../shared/data/cards.json)")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.add_argument("--needs", metavar="MECHANIC", help="list the names that need this mechanic")
    args = parser.parse_args(argv)
    gallery = json.loads(args.gallery.read_text(encoding="utf-8"))
    if args.needs is not None:
        if args.needs not in VOCABULARY:
            parser.error(f"{args.needs!r} is no mechanic of engine/mechanics.py's VOCABULARY")
        names = {raw["name"].strip() for raw in gallery["cards"]}
        for card in parse_gallery(gallery, "gallery"):
            if card["name"] in names and args.needs in mechanics(card):
                print(f"{card['name']}: {', '.join(sorted(mechanics(card) - MODELLED)) or 'modelled fully'}")
        return
    result = coverage(gallery)
    if args.json:
        print(json.dumps(result, indent=2))
        return

    def share(modelled: int, total: int) -> str:
        return f"{modelled} of {total} names ({100 * modelled / total:.1f}%)" if total else "no names"

    print(f"modelled fully: {share(result['modelled'], result['total'])}")
    for set_id, (modelled, total) in result["by_set"].items():
        print(f"  {set_id}: {share(modelled, total)}")
    print("\nmechanics not modelled, by the number of names each blocks:")
    for mechanic, count in result["blocking"].items():
        print(f"  {count:4d}  {mechanic}")
    print(f"\nnames not modelled fully ({len(result['missing'])}):")
    for name, lacking in sorted(result["missing"].items()):
        print(f"  {name}: {', '.join(lacking)}")


if __name__ == "__main__":
    main()
