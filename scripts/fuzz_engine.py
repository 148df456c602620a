"""Fuzz the engine's fold at length: events built from interesting states (tests/fuzzing.py), any exception that is
not an EngineError reported as a crash.

    .venv/bin/python scripts/fuzz_engine.py --tries 200000 --seed 1

Prints the tries run, the time taken and each distinct crash (its start, policy, events and traceback); exits 1
when it found any.
"""
from __future__ import annotations

import sys
import time
from pathlib import Path

import click

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))

import fuzzing  # noqa: E402 - found through the path above


@click.command()
@click.option("--tries", default=100_000, show_default=True, help="Events to apply in all.")
@click.option("--seed", default=1, show_default=True, help="The random generator's seed: a run is repeatable.")
def main(tries: int, seed: int) -> None:
    started = time.perf_counter()
    last = [0]

    def progress(done: int, found: int) -> None:
        if done - last[0] >= 10_000:
            last[0] = done
            click.echo(f"  {done} tries, {found} crashes, {time.perf_counter() - started:.0f} s", err=True)

    done, crashes = fuzzing.run(tries, seed, progress=progress)
    elapsed = time.perf_counter() - started
    for crash in crashes:
        click.echo(f"\n== crash from {crash.start} ({crash.policy}) after:")
        for event in crash.events:
            click.echo(f"   {event}")
        click.echo(crash.error)
    click.echo(f"tries: {done}  seed: {seed}  time: {elapsed:.1f} s  ({done / elapsed:.0f} tries/s)  "
               f"crashes: {len(crashes)}")
    sys.exit(1 if crashes else 0)


if __name__ == "__main__":
    main()
