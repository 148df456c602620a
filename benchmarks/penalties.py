"""How long a penalty takes to append in an event of many matches (docs/judging.md).

    .venv/bin/python benchmarks/penalties.py [--matches 400] [--events 300] [--appends 40]

A warning's append counts the player's earlier penalties in every match of the event (TR 702.1.b,
replays/ledger.py), which an append of any other event does not: this builds an event of `--matches` matches of
`--events` events each in a new database, then appends a warning and a note to each of `--appends` of them through
the app (the Flask test client, no network), and prints the median and the largest time of each kind.
"""
from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import recorder  # noqa: E402
from replays import demo  # noqa: E402
from web import create_app  # noqa: E402

SETUP = [
    {"type": "game_started", "game": 1, "first_player": "P1",
     "battlefields": {"P1": "Zaun Warrens", "P2": "Altar to Unity"}},
    {"type": "draw", "player": "P1", "cards": ["Legion Rearguard", "Shakedown", "Hard Bargain", "Gust"]},
    {"type": "draw", "player": "P2", "cards": ["Stalwart Poro", "Discipline", "Clockwork Keeper", "Rune Prison"]},
    {"type": "mulligan", "player": "P1", "set_aside": []}, {"type": "mulligan", "player": "P2", "set_aside": []},
]
WARNING = {"type": "penalty", "player": "P1", "infraction": "slow_play", "penalty": "warning", "rule": "TR 703.2"}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--matches", type=int, default=400)
    parser.add_argument("--events", type=int, default=300, help="events of each match (notes after its setup)")
    parser.add_argument("--appends", type=int, default=40)
    options = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="riftlog-penalties-") as folder:
        path = Path(folder) / "riftlog.db"
        tokens = []
        with recorder.Log(path) as log:
            for table in range(options.matches):
                created = demo.match_created("strict", "Regional")
                created["info"]["table"] = table + 1
                match_id, token = log.create_match(created)
                log.append(match_id, SETUP + [{"type": "note", "text": "a"}] * max(0, options.events - 6))
                tokens.append((match_id, token))
        client = create_app({"DATABASE": str(path)}).test_client()
        times: dict[str, list[float]] = {"penalty": [], "note": []}
        for match_id, token in tokens[:options.appends]:
            for kind, event in (("penalty", WARNING), ("note", {"type": "note", "text": "b"})):
                start = time.perf_counter()
                answer = client.post(f"/api/matches/{match_id}/events", json={"event": event},
                                     headers={"Authorization": f"Bearer {token}"})
                times[kind].append(time.perf_counter() - start)
                assert answer.status_code == 201, answer.json
        for kind, values in times.items():
            print(f"{options.matches} matches of {options.events} events in the event: a {kind}'s append "
                  f"median {statistics.median(values) * 1000:.1f} ms, largest {max(values) * 1000:.1f} ms")


if __name__ == "__main__":
    main()
