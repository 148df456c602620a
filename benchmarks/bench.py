"""riftlog's benchmarks: prints figures for the fold, the log, seeking and verifying.

    make bench        (or: .venv/bin/python benchmarks/bench.py)

The long match is a legal duel of 60 turns (channel, draw, end of turn, a unit played whenever one is affordable),
built from the demo decks. Timings are wall-clock medians of several runs on this machine.
"""
from __future__ import annotations

import json
import random
import statistics
import sys
import tempfile
import time
import tracemalloc
from pathlib import Path

import msgpack

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import engine  # noqa: E402
import recorder  # noqa: E402
import replays  # noqa: E402
from engine.catalog import parse_gallery  # noqa: E402
from engine.turn import runes_to_channel  # noqa: E402
from replays import demo  # noqa: E402

CATALOG = engine.demo_catalog()
GALLERY = ROOT.parent / "shared" / "data" / "cards.json"


def long_match(turns: int = 60) -> list[dict]:
    """A legal strict duel: every turn channels, draws and plays the first affordable unit of the hand."""
    events = [demo.match_created("strict", "bench")]
    state = engine.apply(None, events[0], CATALOG)

    def do(event: dict) -> None:
        nonlocal state
        state = engine.apply(state, event, CATALOG)
        events.append(event)

    do({"type": "game_started", "game": 1, "first_player": "P1",
        "battlefields": {"P1": "Zaun Warrens", "P2": "Altar to Unity"}})
    for player in ("P1", "P2"):
        do({"type": "draw", "player": player, "cards": _next_cards(state, player, 4)})
    for player in ("P1", "P2"):
        do({"type": "mulligan", "player": player, "set_aside": []})
    for _ in range(turns):
        player = state["turn_player"]
        entry = state["players"][player]
        count = runes_to_channel(state, player)
        runes = [name for name, left in sorted(entry["rune_deck"].items()) for _ in range(left)][:count]
        do({"type": "channel", "player": player, "runes": runes})
        do({"type": "draw", "player": player, "cards": _next_cards(state, player, 1)})
        for object_id in state["players"][player]["hand"]:
            card = state["cards"][state["objects"][object_id]["card"]]
            ready = [rune for rune in state["players"][player]["runes"] if not state["objects"][rune]["exhausted"]]
            if card["type"] == "Unit" and card["power"] == 0 and card["energy"] <= len(ready):
                do({"type": "play", "player": player, "card": object_id, "pay": {"exhaust": ready[:card["energy"]]}})
                break
        do({"type": "end_turn", "player": player})
    return events


def _next_cards(state: dict, player: str, count: int) -> list[str]:
    deck = state["players"][player]["deck"]
    return [name for name, left in sorted(deck.items()) for _ in range(left)][:count]


def timed(function, repeat: int = 5) -> float:
    """The median wall-clock seconds of `repeat` calls."""
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        function()
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def main() -> None:
    events = long_match()
    print(f"long match: {len(events)} events")

    seconds = timed(lambda: engine.fold(events, CATALOG))
    print(f"fold:   {len(events) / seconds:,.0f} events/s ({seconds * 1e6 / len(events):.0f} us/event)")
    state = engine.fold(events, CATALOG)
    print(f"state:  {len(msgpack.packb(state)):,} bytes as msgpack, {len(state['objects'])} objects")
    tracemalloc.start()
    engine.fold(events, CATALOG)
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    print(f"memory: {peak / 2**20:.1f} MiB peak while folding the long match")

    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "bench.db"
        log = recorder.Log(path)
        start = time.perf_counter()
        match_id, _ = log.create_match(events[0])
        for event in events[1:]:
            log.append(match_id, [event])
        seconds = time.perf_counter() - start
        print(f"append: {len(events) / seconds:,.0f} events/s one event per append (fold + write, WAL)")
        start = time.perf_counter()
        batch_id, _ = log.create_match(events[0])
        log.append(batch_id, events[1:])
        seconds = time.perf_counter() - start
        print(f"append: {len(events) / seconds:,.0f} events/s in one batch")
        print(f"db:     {path.stat().st_size / 1024:,.0f} KiB for two copies of the long match")

        cursor = replays.Cursor(log, match_id)
        seqs = random.Random(7).sample(range(1, len(events) + 1), 50)
        warm = timed(lambda: [cursor.state(seq) for seq in seqs], repeat=3) / len(seqs)
        log.drop_snapshots(match_id)
        cold = timed(lambda: [replays.Cursor(log, match_id).state(seq) for seq in seqs[:1]], repeat=1)
        print(f"seek:   {warm * 1e3:.2f} ms per random seek with snapshots; first seek with an empty cache "
              f"{cold * 1e3:.1f} ms")
        step = timed(lambda: [cursor.step(seq, by) for seq in seqs for by in ("event", "resolution", "turn")],
                     repeat=3) / (len(seqs) * 3)
        print(f"step:   {step * 1e6:.0f} us per step (event, resolution or turn)")
        seconds = timed(lambda: replays.verify(log, match_id), repeat=3)
        print(f"verify: {seconds * 1e3:.0f} ms to check the hash chain and re-fold {len(events)} events")
        log.close()

    if GALLERY.exists():
        data = json.loads(GALLERY.read_text())
        seconds = timed(lambda: parse_gallery(data, "gallery"), repeat=3)
        print(f"catalog: {seconds * 1e3:.0f} ms to parse the {len(data['cards'])}-printing gallery export")


if __name__ == "__main__":
    main()
