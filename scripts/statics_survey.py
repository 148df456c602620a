"""How many of the gallery's passive abilities and cost changes engine/cards/statics.py compiles (issue 26).

    python scripts/statics_survey.py [../shared/data/cards.json] [--unread]

Counts, by set (a name's first printing), the passive lines (abilities of kind "static" that are no keyword) whose
text compiles, and the lines that change a cost ("I cost [2] less", "This ability costs [3] less if ...", "Your
spells cost [1] less", "the first friendly gear played each turn costs [1] less"); `--unread` lists the lines left
to the recorder, with their card.
"""
from __future__ import annotations

import argparse
import collections
import json
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from engine.cards import statics  # noqa: E402
from engine.catalog import parse_gallery  # noqa: E402

COST_CHANGE = re.compile(r"\bcosts?\b[^.]*\b(less|more)\b|\breduced by\b")


def survey(gallery: dict) -> dict:
    """{by_set: {set: {passive: [compiled, total], cost: [compiled, total]}}, unread: [[set, name, text]]}."""
    first_set: dict[str, str] = {}
    for raw in gallery["cards"]:
        first_set.setdefault(raw["name"].strip(), raw["set"])
    catalog = parse_gallery(gallery, "survey")
    by_set: dict[str, dict[str, list[int]]] = collections.defaultdict(lambda: {"passive": [0, 0], "cost": [0, 0]})
    unread = []
    for card in catalog:
        if card["name"] not in first_set:
            continue  # a token kind the catalog adds
        counts = by_set[first_set[card["name"]]]
        for ability in card.get("abilities", ()):
            compiled = statics.compile_ability(ability, card.get("type"))
            passive = ability.get("kind") == "static" and not ability.get("keyword") and not ability.get("reminder")
            changes_cost = COST_CHANGE.search(statics.plain(ability.get("cost_note") or ability["text"])) and (
                passive or "This ability costs" in ability["text"])
            read = not compiled.get("unread")
            for field, counted in (("passive", passive), ("cost", changes_cost)):
                if counted:
                    counts[field][1] += 1
                    counts[field][0] += read
            if passive and not read:
                unread.append([first_set[card["name"]], card["name"], compiled["unread"][0]])
    return {"by_set": dict(sorted(by_set.items())), "unread": sorted(unread)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("gallery", nargs="?", default=str(ROOT.parent / "shared" / "data" / "cards.json"))
    parser.add_argument("--unread", action="store_true", help="list the passive lines left to the recorder")
    args = parser.parse_args()
    found = survey(json.loads(Path(args.gallery).read_text(encoding="utf-8")))
    totals = {"passive": [0, 0], "cost": [0, 0]}
    for name, counts in found["by_set"].items():
        print(f"{name:16} passive lines {counts['passive'][0]:3}/{counts['passive'][1]:3} compiled; "
              f"cost changes {counts['cost'][0]:2}/{counts['cost'][1]:2}")
        for field in totals:
            totals[field] = [totals[field][0] + counts[field][0], totals[field][1] + counts[field][1]]
    print(f"{'all':16} passive lines {totals['passive'][0]:3}/{totals['passive'][1]:3} compiled; "
          f"cost changes {totals['cost'][0]:2}/{totals['cost'][1]:2}")
    if args.unread:
        for set_name, name, text in found["unread"]:
            print(f"{set_name}: {name}: {text}")


if __name__ == "__main__":
    main()
