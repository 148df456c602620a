"""How many card names of the gallery the engine models fully, and how many it checks (issue 26, honest coverage).

    python scripts/gallery_coverage.py [../shared/data/cards.json] [--json] [--needs MECHANIC]

A card's mechanics are what engine/cardtext.py reads from its text (`mechanics`: its keywords and what each of its
abilities does); the engine models a mechanic when engine/mechanics.py's MODELLED names it. Prints the figure for
all names and by set (the set of a name's first printing), the mechanics that block the most names, and every
card not modelled fully with the mechanics it lacks.

Then, per name, what the engine checks in a match whose abilities it checks (engine/cards/coverage.py): ENFORCED
(every ability's trigger, cost, condition, targets and amounts checked), PARTLY (the parts taken on the recorder's
word, named) or NOT RECORDABLE (a mechanic the engine does not model), with totals per set. `--json` prints the
same as one JSON object; `--needs` lists the names whose text needs a mechanic, modelled or not (real cards to
test it with).
"""
from __future__ import annotations

import argparse
import collections
import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from engine.cards import coverage as checked  # noqa: E402
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
        "checked": classify([card for card in catalog if card["name"] in names], missing),
    }


ENFORCED, PARTLY, NOT_RECORDABLE = "ENFORCED", "PARTLY", "NOT RECORDABLE"


def classify(cards: list[dict], missing: dict[str, list[str]]) -> dict:
    """{names: {name: {status, set, parts}}, by_set: {set: {status: count}}, modules: {module: present}}: a name
    NOT RECORDABLE needs a mechanic the engine does not model (`parts`: those mechanics); PARTLY has parts taken
    on the recorder's word (`parts`: which); ENFORCED has none."""
    reading = checked.readers()
    names: dict[str, dict] = {}
    by_set: dict[str, dict[str, int]] = {}
    for card in cards:
        set_id = card["code"].split("-")[0]
        if card["name"] in missing:
            status, parts = NOT_RECORDABLE, missing[card["name"]]
        else:
            parts = checked.unread(card, reading)
            status = PARTLY if parts else ENFORCED
        names[card["name"]] = {"status": status, "set": set_id, "parts": parts}
        counts = by_set.setdefault(set_id, {ENFORCED: 0, PARTLY: 0, NOT_RECORDABLE: 0})
        counts[status] += 1
    return {"names": dict(sorted(names.items())), "by_set": dict(sorted(by_set.items())),
            "modules": {module: reading[module] is not None for module in checked.MODULES}}


def print_checked(result: dict) -> None:
    """The honest classification: totals per set (Spiritforged, Unleashed, Vendetta first), then each name."""
    order = ["SFD", "UNL", "VEN"]
    sets = sorted(result["by_set"], key=lambda set_id: (order.index(set_id) if set_id in order else 9, set_id))
    absent = [module for module, present in result["modules"].items() if not present]
    print("\nchecked by the engine (abilities \"checked\"): ENFORCED / PARTLY / NOT RECORDABLE")
    if absent:
        print(f"  (not compiled on this branch: {', '.join(f'engine/cards/{m}.py' for m in absent)}; "
              f"their parts count as taken on the recorder's word)")
    totals = {ENFORCED: 0, PARTLY: 0, NOT_RECORDABLE: 0}
    for set_id in sets:
        counts = result["by_set"][set_id]
        for status in totals:
            totals[status] += counts[status]
        print(f"  {set_id}: " + ", ".join(f"{counts[status]} {status}" for status in counts)
              + f" of {sum(counts.values())}")
    print("  all: " + ", ".join(f"{count} {status}" for status, count in totals.items())
          + f" of {sum(totals.values())}")
    print("\nper name:")
    for name, entry in result["names"].items():
        parts = f" ({'; '.join(entry['parts'])})" if entry["parts"] else ""
        print(f"  {name} [{entry['set']}]: {entry['status']}{parts}")


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
    print_checked(result["checked"])


if __name__ == "__main__":
    main()
