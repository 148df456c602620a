"""The fold rows of `make bench` on saved events, to compare two checkouts on exactly the same matches.

    .venv/bin/python benchmarks/fold_saved.py DIR [--rounds 3]

The first run builds the three 20,000-event matches (the synthetic one, benchmarks/matches.py; the plain and the
gallery duels, benchmarks/duels.py) and saves them as JSON in DIR; every run then folds each from seq 1 `--rounds`
times with this checkout's engine and prints the best rate per second of this process's CPU time (what other work on
a shared machine moves least, docs/performance.md "Measuring on a shared machine"). Run it with another checkout's
copy of this file (`OTHER/.venv/bin/python OTHER/benchmarks/fold_saved.py DIR`, or this venv's python on OTHER's
file) and the same DIR, in turns, for a before and after on the same load.
"""
from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))

import engine  # noqa: E402
import duels  # noqa: E402
from matches import long_match  # noqa: E402

SIZE = 20_000


def build(which: str) -> list[dict]:
    if which == "synthetic":
        return long_match(SIZE)
    if which == "plain":
        return duels.plain_duel(SIZE)
    return duels.gallery_duel(duels.gallery_catalog(), SIZE)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("folder", type=Path, help="where the matches' events are saved (built there if absent)")
    parser.add_argument("--rounds", type=int, default=3, help="folds of each match; the best is printed")
    options = parser.parse_args()
    options.folder.mkdir(parents=True, exist_ok=True)
    for which in ("synthetic", "plain", "gallery"):
        if which == "gallery" and not duels.GALLERY.exists():
            print(f"gallery: skipped, the card gallery export {duels.GALLERY} is absent", flush=True)
            continue
        path = options.folder / f"{which}.json"
        if not path.exists():
            path.write_text(json.dumps(build(which)))
        events = json.loads(path.read_text())
        catalog = duels.gallery_catalog() if which == "gallery" else engine.demo_catalog()
        best = 0.0
        for _ in range(options.rounds):
            start = time.process_time()
            engine.fold(events, catalog)
            best = max(best, len(events) / (time.process_time() - start))
        print(f"{which}: {best / 1e3:,.1f}k events per second of CPU ({len(events):,} events, best of "
              f"{options.rounds}; {ROOT})", flush=True)


if __name__ == "__main__":
    main()
