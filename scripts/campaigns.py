"""Run the trust campaigns of issue 8 (tests/campaigns.py) at full size and print their figures.

    .venv/bin/python scripts/campaigns.py --kills 100 --mutations 2000 --requests 20000 --seed 1

Kills survived (of an appending process, and of the server during HTTP appends, a fifth as many) and acknowledged
events checked, mutations caught, requests tried (and 5xx answers), outputs
checked for leaks (and leaks found); each failure is listed. Exits 1 when any campaign failed.
"""
from __future__ import annotations

import sys
import tempfile
import time
from pathlib import Path

import click

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))

import campaigns  # noqa: E402 - found through the path above


@click.command()
@click.option("--kills", default=100, show_default=True, help="Appending processes to kill -9.")
@click.option("--mutations", default=2000, show_default=True, help="Tamperings of sealed matches.")
@click.option("--requests", default=20000, show_default=True, help="Random requests to the API and the viewer.")
@click.option("--every", default=1, show_default=True, help="Walk every Nth seq of each match for leaks.")
@click.option("--seed", default=1, show_default=True, help="The random generator's seed: a run is repeatable.")
def main(kills: int, mutations: int, requests: int, every: int, seed: int) -> None:
    from web import create_app

    failures: list[str] = []
    with tempfile.TemporaryDirectory(prefix="riftlog-campaigns-") as directory:
        workdir = Path(directory)

        started = time.perf_counter()
        killed = campaigns.kills(workdir, kills, seed)
        click.echo(f"kill -9: {killed.rounds - len(killed.lost)} of {killed.rounds} kills survived, "
                   f"{killed.acknowledged} acknowledged events all in the log ({time.perf_counter() - started:.1f} s)")
        failures += killed.lost

        started = time.perf_counter()
        served = campaigns.server_kills(workdir, max(1, kills // 5), seed)
        click.echo(f"kill -9 of the server: {served.rounds - len(served.lost)} of {served.rounds} kills survived, "
                   f"{served.acknowledged} events answered 201 all in the log ({time.perf_counter() - started:.1f} s)")
        failures += served.lost

        started = time.perf_counter()
        tampered = campaigns.tampering(workdir, mutations, seed)
        click.echo(f"tampering: {tampered.caught} of {tampered.tried} mutations caught against a seal "
                   f"({time.perf_counter() - started:.1f} s)")
        failures += tampered.missed

        started = time.perf_counter()
        app = create_app({"DATABASE": str(workdir / "fuzz.db"), "TESTING": True})
        client = app.test_client()
        created = client.post("/api/matches", json=campaigns._duel_created()).json
        fuzzed = campaigns.fuzz(client, created, requests, seed)
        click.echo(f"fuzz: {fuzzed.requests} requests tried, {len(fuzzed.errors)} answered 5xx "
                   f"({time.perf_counter() - started:.1f} s)")
        failures += fuzzed.errors

        started = time.perf_counter()
        path, tokens = campaigns.leak_log(workdir)
        client = create_app({"DATABASE": str(path), "TESTING": True}).test_client()
        leaked = campaigns.leaks(client, path, tokens, every=every)
        click.echo(f"leaks: {len(tokens)} matches, {leaked.checked} outputs checked in every view but the judge's, "
                   f"{len(leaked.leaks)} leaks found ({time.perf_counter() - started:.1f} s)")
        failures += leaked.leaks
    for failure in failures:
        click.echo(f"  FAILED: {failure}")
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
