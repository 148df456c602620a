"""riftlog's benchmarks: every figure of issue 7's table, each beside its anchor, in one run.

    make bench        (or: .venv/bin/python benchmarks/bench.py [--quick])

The match is a legal strict duel of 20,000 events that the benchmark builds itself with the engine (benchmarks/
matches.py: turns of channel, draw, plays, chains of trigger/pass/pass/resolve, notes, end_turn). The fold rows add
two matches of real play (benchmarks/duels.py): a plain duel of demo decks, and a match of gallery decks with
abilities, triggers and statics in play (skipped when ../shared/data/cards.json is absent). The anchor of a
write figure is raw sqlite3 doing the same writes (same row shape, WAL, the same `synchronous`), measured in the
same process, interleaved with ours, so that the disk's and the machine's mood of the moment hits both. Timings
are medians of several runs. The load run (benchmarks/load.py) starts the real `riftlog serve` on loopback.

Wall-clock figures depend on what else the machine runs (on a shared 2-core machine, a lot): the CPU-bound rows
also print the rate per second of this process's CPU time, which does not.
"""
from __future__ import annotations

import argparse
import os
import random
import sqlite3
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any, Callable

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))

import engine  # noqa: E402
import duels  # noqa: E402
import load  # noqa: E402
import overlays  # noqa: E402
import recorder  # noqa: E402
import replays  # noqa: E402
import spectators  # noqa: E402
from matches import CATALOG, long_match  # noqa: E402
from replays import demo, notation  # noqa: E402

SIZE = 20_000
rows: list[tuple[str, str, str, str, str, bool | None]] = []


def report(measure: str, now: str, wanted: str, measured: str, anchor: str, met: bool | None) -> None:
    """One row of the table: printed at once, and kept for the summary."""
    rows.append((measure, now, wanted, measured, anchor, met))
    verdict = {True: "met", False: "NOT MET", None: "-"}[met]
    print(f"- {measure}: {measured}  [{anchor}]  (issue's baseline: {now}; wanted: {wanted}) -> {verdict}",
          flush=True)


def median_time(function: Callable[[], Any], repeat: int, clock: Callable[[], float] = time.perf_counter) -> float:
    times = []
    for _ in range(repeat):
        start = clock()
        function()
        times.append(clock() - start)
    return statistics.median(times)


def percentile(values: list[float], fraction: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))]


# --- raw sqlite3, the anchor ----------------------------------------------------------------------------------

class Raw:
    """Raw sqlite3 with the log's settings (WAL, synchronous=FULL) and the events table's row shape."""

    def __init__(self, path: Path) -> None:
        self.connection = sqlite3.connect(path, isolation_level=None)
        self.connection.execute("PRAGMA journal_mode = WAL")
        self.connection.execute("PRAGMA synchronous = FULL")
        self.connection.execute('CREATE TABLE IF NOT EXISTS events ("match" TEXT, seq INTEGER, type TEXT, body BLOB, '
                                "hash TEXT, prev_hash TEXT, recorded_at TEXT, client TEXT, idempotency_key TEXT, "
                                'PRIMARY KEY ("match", seq))')
        self.seq = 0

    def rows(self, bodies: list[bytes]) -> list[tuple]:
        out = []
        for body in bodies:
            self.seq += 1
            out.append(("m1", self.seq, "note", body, "ab" * 32, "cd" * 32, "2025-06-02T10:00:00.000+00:00", None,
                        None))
        return out

    def commit_each(self, bodies: list[bytes]) -> None:
        for row in self.rows(bodies):
            self.connection.execute("BEGIN IMMEDIATE")
            self.connection.execute("INSERT INTO events VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)", row)
            self.connection.execute("COMMIT")

    def one_transaction(self, bodies: list[bytes]) -> None:
        self.connection.execute("BEGIN IMMEDIATE")
        self.connection.executemany("INSERT INTO events VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)", self.rows(bodies))
        self.connection.execute("COMMIT")


# --- the rows ------------------------------------------------------------------------------------------------

def best_rates(events: list[dict], catalog: Any, repeat: int) -> tuple[float, float]:
    """The best of `repeat` folds of `events` from seq 1: (events per second of wall clock, events per second of
    this process's CPU time). Best, not median: on a machine other work shares, the best run is the one least
    disturbed, and the fold does the same work every run (it is deterministic)."""
    walls, cpus = [], []
    for _ in range(repeat):
        wall, cpu = time.perf_counter(), time.process_time()
        engine.fold(events, catalog)
        walls.append(time.perf_counter() - wall)
        cpus.append(time.process_time() - cpu)
    return len(events) / min(walls), len(events) / min(cpus)


def bench_fold(name: str, events: list[dict], catalog: Any, repeat: int, baseline: str) -> None:
    rate, cpu = best_rates(events, catalog, repeat)
    report(f"full fold of {name}", baseline, ">= 50k events/s",
           f"{rate / 1e3:,.1f}k events/s wall clock ({1e6 / rate:.1f} us/event); {cpu / 1e3:,.1f}k events/s of "
           f"this process's CPU time", f"no anchor: best of {repeat} folds from seq 1", rate >= 50_000)


def bench_folds(events: list[dict], repeat: int) -> None:
    """The fold rows: the synthetic match the other rows store (notes and triggers on the recorder's word), a plain
    legal duel of real play, and a match of real gallery decks with abilities, triggers and statics in play
    (benchmarks/duels.py builds the last two, every event accepted by the engine in a strict match)."""
    bench_fold("the synthetic 20,000-event legal match", events, CATALOG, repeat, "88-135k events/s")
    start = time.perf_counter()
    plain = duels.plain_duel(SIZE)
    print(f"  plain duel built in {time.perf_counter() - start:.1f} s ({_summary(plain)})", flush=True)
    bench_fold("a plain legal strict duel of 20,000 events", plain, CATALOG, repeat,
               "14.7-16.7k events/s (17.5-19k of CPU)")
    if not duels.GALLERY.exists():
        print(f"- gallery duel row skipped: the card gallery export {duels.GALLERY} is absent (../shared is not "
              f"checked out)", flush=True)
        return
    catalog = duels.gallery_catalog()
    start = time.perf_counter()
    gallery = duels.gallery_duel(catalog, SIZE)
    print(f"  gallery duel built in {time.perf_counter() - start:.1f} s ({_summary(gallery)})", flush=True)
    bench_fold("a 20,000-event match of real gallery decks", gallery, catalog, repeat,
               "~10k events/s (the real-cards demo match)")


def bench_append(folder: Path, events: list[dict], count: int, rounds: int) -> float:
    """One durable append per call, interleaved with raw sqlite3 commit-per-event; returns the raw rate."""
    raw = Raw(folder / "raw-append.db")
    log = recorder.Log(folder / "append.db")
    match_id, _ = log.create_match(events[0])
    bodies = [recorder.canonical_bytes(event) for event in events[1:]]
    ours_rates, raw_rates = [], []
    for round_index in range(rounds):
        chunk = events[1 + round_index * count:1 + (round_index + 1) * count]
        start = time.perf_counter()
        raw.commit_each(bodies[:count])
        raw_rates.append(count / (time.perf_counter() - start))
        start = time.perf_counter()
        for event in chunk:
            log.append(match_id, [event])
        ours_rates.append(len(chunk) / (time.perf_counter() - start))
    log.close()
    ours, anchor = statistics.median(ours_rates), statistics.median(raw_rates)
    report("durable append, one legal event per call, library", "709 events/s (1.5-20% of raw)",
           ">= 50% of raw sqlite3 commit-per-event", f"{ours:,.0f} events/s",
           f"raw sqlite3 commit-per-event, synchronous=FULL: {anchor:,.0f}/s; ratio {ours / anchor:.0%}",
           ours >= 0.5 * anchor)
    return anchor


def bench_batch(folder: Path, events: list[dict], text: str, rounds: int) -> str:
    """The whole match in batches, as a whole match, and as a notation import; returns the id of a stored copy."""
    from recorder.limits import MAX_BATCH

    raw = Raw(folder / "raw-batch.db")
    bodies = [recorder.canonical_bytes(event) for event in events]
    log = recorder.Log(folder / "batch.db")
    rates: dict[str, list[float]] = {"raw": [], "batches": [], "whole": [], "import": []}
    cpu_rates: dict[str, list[float]] = {}
    match_id = ""

    def timed(name: str, function: Callable[[], Any]) -> Any:
        start, cpu = time.perf_counter(), time.process_time()
        result = function()
        rates[name].append(len(events) / (time.perf_counter() - start))
        cpu_rates.setdefault(name, []).append(len(events) / (time.process_time() - cpu))
        return result

    def in_batches() -> None:
        batched, _ = log.create_match(events[0])
        for start in range(1, len(events), MAX_BATCH):
            log.append(batched, events[start:start + MAX_BATCH])

    for _ in range(rounds):
        timed("raw", lambda: raw.one_transaction(bodies))
        timed("batches", in_batches)
        match_id, _ = timed("whole", lambda: log.create_match(events[0], then=events[1:]))
        timed("import", lambda: notation.import_match(log, text))
    log.close()
    anchor, batches, whole, imported = (statistics.median(rates[name]) for name in ("raw", "batches", "whole", "import"))

    def cpu(name: str) -> float:
        return statistics.median(cpu_rates[name])
    report(f"20,000 events in batches of {MAX_BATCH:,} (the most one append takes); the whole match in one "
           "create_match", "5.2k events/s (one batch)", ">= 25k events/s",
           f"{batches / 1e3:,.1f}k events/s in batches; {whole / 1e3:,.1f}k events/s as a whole match "
           f"(of this process's CPU time: {cpu('batches') / 1e3:,.1f}k and {cpu('whole') / 1e3:,.1f}k)",
           f"raw sqlite3, the same rows in one transaction: {anchor / 1e3:,.0f}k/s", max(batches, whole) >= 25_000)
    report("notation import of 20,000 events (text to stored match)", "2.5k events/s", ">= 25k events/s",
           f"{imported / 1e3:,.1f}k events/s ({cpu('import') / 1e3:,.1f}k of this process's CPU time)",
           "raw sqlite3 as above", imported >= 25_000)
    return match_id


def bench_starving(folder: Path, events: list[dict], text: str) -> None:
    """How long the import holds the write lock, and how long another match's one-event appends wait meanwhile."""
    import contextlib

    path = folder / "starve.db"
    writer = recorder.Writer(path)
    with recorder.Log(path) as log:
        other, _ = log.create_match(events[0])
    raw = Raw(folder / "raw-starve.db")
    bodies = [recorder.canonical_bytes(event) for event in events]
    start = time.perf_counter()
    raw.one_transaction(bodies)
    raw_insert = time.perf_counter() - start
    waits: list[float] = []
    held: list[float] = []
    done = threading.Event()

    @contextlib.contextmanager
    def timed_writing(real_writing: Any) -> Any:
        with real_writing():
            taken = time.perf_counter()
            yield
        held.append(time.perf_counter() - taken)

    def other_table() -> None:
        with recorder.Log(path) as own:
            for event in events[1:]:
                if done.is_set():
                    return
                start = time.perf_counter()
                writer.append(own, other, [event])
                waits.append(time.perf_counter() - start)

    table = threading.Thread(target=other_table)
    try:
        with recorder.Log(path) as log:
            # Only the importing Log's own store is timed: the other table's writer holds a store of its own.
            real_writing = log.db.writing
            log.db.writing = lambda: timed_writing(real_writing)  # type: ignore[method-assign]
            table.start()
            time.sleep(0.2)
            start = time.perf_counter()
            notation.import_match(log, text)
            seconds = time.perf_counter() - start
    finally:
        done.set()
        table.join()
    report("the write lock while a 20,000-event notation import runs beside a live table", "(not measured)",
           "no write lock held long enough to starve other matches",
           f"the import holds the lock {max(held) * 1e3:.0f} ms of its {seconds * 1e3:.0f} ms; the other table's "
           f"appends meanwhile: longest wait {max(waits) * 1e3:.0f} ms, p99 {percentile(waits, 0.99) * 1e3:.1f} ms "
           f"over {len(waits)}", f"raw sqlite3 inserting the same rows in one transaction: {raw_insert * 1e3:.0f} ms; "
           f"judged: the lock is held at most twice that", max(held) <= 2 * raw_insert)


def bench_load(raw_rate: float | None, recorders: int, seconds: float, pace: float) -> list[dict]:
    results = load.run(recorders, seconds, pace)
    for result in results:
        sound = result["errors"] == 0 and result["acknowledged_missing"] == 0 and not result["matches_not_verifying"]
        flat = result["phase"] == "flat out"
        measured = (f"{result['appends_per_s']:,.0f} appends/s, p50 {result['p50_ms']} ms, p99 {result['p99_ms']} ms, "
                    f"{result['errors']} errors, {result['retried_503']} retried 503s, "
                    f"{result['acknowledged_missing']} acknowledged events missing, "
                    f"{len(result['matches_not_verifying'])} matches not verifying; CPU per append: server "
                    f"{result['server_cpu_us_per_append']} us, load generator {result['client_cpu_us_per_append']} us")
        met = sound and result["p99_ms"] <= 50 and (not flat or raw_rate is not None
                                                      and result["appends_per_s"] >= raw_rate)
        report(f"{result['recorders']} concurrent recorders against riftlog serve, {result['phase']}",
               "136 appends/s, p99 5.1 s, 8.8% answered 500",
               "0 errors, p99 <= 50 ms, throughput >= raw commit-per-event", measured,
               f"raw sqlite3 commit-per-event: {raw_rate:,.0f}/s; ratio {result['appends_per_s'] / raw_rate:.0%}"
               if raw_rate is not None else "raw sqlite3 not measured (--load-only)",
               met)
    return results


def pgbench_rate(cluster: Any, seconds: float, clients: int) -> float:
    """pgbench's own rate of single-row inserts, one transaction each, on the server (the anchor): rows of the
    events table's shape, `clients` connections at once."""
    import subprocess

    import psycopg

    with psycopg.connect(cluster.server_url(), autocommit=True) as connection:
        connection.execute("DROP TABLE IF EXISTS pgbench_anchor")
        connection.execute("CREATE TABLE pgbench_anchor (match text, seq bigserial, body bytea, hash text, "
                           "PRIMARY KEY (match, seq))")
    script = Path(cluster.folder) / "insert.sql"
    script.write_text("INSERT INTO pgbench_anchor (match, body, hash) VALUES ('m' || :client_id, "
                      "decode('92a474797065a46e6f7465', 'hex'), md5(random()::text));\n")
    done = subprocess.run([str(cluster.bin / "pgbench"), "-n", "-c", str(clients), "-j", "2", "-T", str(int(seconds)),
                           "-f", str(script), cluster.server_url()], capture_output=True, text=True, check=True)
    tps = [line for line in done.stdout.splitlines() if line.startswith("tps")]
    return float(tps[0].split("=")[1].split()[0])


def bench_postgres(sqlite_results: list[dict], recorders: int, seconds: float, pace: float) -> None:
    """The load row on PostgreSQL (issue 18): 200 recorders against 1 and 2 `riftlog serve` processes on one
    database, beside the same on SQLite and beside pgbench's single-row insert rate on the same server."""
    sys.path.insert(0, str(ROOT / "tests"))
    import postgres_cluster

    why = postgres_cluster.unavailable()
    if why is not None:
        print(f"- PostgreSQL rows skipped: {why}", flush=True)
        return
    cluster = postgres_cluster.Cluster(durable=True)  # fsync on, as a production server
    try:
        anchor = pgbench_rate(cluster, seconds, 32)
        by_servers = {servers: load.run(recorders, seconds, pace, database=cluster.server_url(), servers=servers,
                                        postgres_pid=cluster.process.pid) for servers in (1, 2)}
    finally:
        cluster.remove()
    sqlite = {result["phase"]: result for result in sqlite_results}
    for servers, results in by_servers.items():
        for result in results:
            sound = (result["errors"] == 0 and result["acknowledged_missing"] == 0
                     and not result["matches_not_verifying"])
            flat = result["phase"] == "flat out"
            measured = (f"{result['appends_per_s']:,.0f} appends/s, p50 {result['p50_ms']} ms, p99 "
                        f"{result['p99_ms']} ms, {result['errors']} errors, {result['retried_503']} retried 503s, "
                        f"{result['acknowledged_missing']} missing, {len(result['matches_not_verifying'])} not "
                        f"verifying; CPU per append: servers {result['each_server_cpu_us_per_append']} us, "
                        f"PostgreSQL {result['postgres_cpu_us_per_append']} us, load generator "
                        f"{result['client_cpu_us_per_append']} us; {result['appends_per_server_cpu_s']:,} appends "
                        "per second of server CPU")
            same = sqlite.get(result["phase"])
            if flat:
                one = next(each for each in by_servers[1] if each["phase"] == "flat out")
                wanted = "2 servers >= 1.3x SQLite's 1; appends per server CPU second within 20% of 1 server's"
                met = sound and (servers == 1 or (
                    same is not None and result["appends_per_s"] >= 1.3 * same["appends_per_s"]
                    and result["appends_per_server_cpu_s"] >= 0.8 * one["appends_per_server_cpu_s"]))
            else:
                wanted, met = "0 errors, p99 <= 50 ms", sound and result["p99_ms"] <= 50
            report(f"{result['recorders']} recorders against {servers} riftlog serve on PostgreSQL, "
                   f"{result['phase']}", "(new)", wanted, measured,
                   f"pgbench single-row inserts, 32 clients, same server: {anchor:,.0f}/s"
                   + (f"; SQLite, 1 server, same phase: {same['appends_per_s']:,.0f}/s, p99 {same['p99_ms']} ms"
                      if same else ""), met)


def bench_round(tables: int, seconds: float) -> None:
    """A Regional's round: every table's recorder on its own kept-alive connection, one event every 4 s."""
    [result] = load.run(tables, seconds, 4.0, flat_out=False)
    sound = result["errors"] == 0 and result["acknowledged_missing"] == 0 and not result["matches_not_verifying"]
    report(f"a round of {tables:,} tables on riftlog serve, each recorder on its own kept-alive connection, one "
           "event every 4 s", "600 tables: p99 12.6 s; 800: 288 recorders time out",
           "all recorded, p99 <= 50 ms, nothing lost",
           f"{result['appends_per_s']:,.0f} appends/s, p50 {result['p50_ms']} ms, p99 {result['p99_ms']} ms, "
           f"{result['errors']} errors, {result['acknowledged_missing']} acknowledged events missing, "
           f"{len(result['matches_not_verifying'])} matches not verifying; server CPU per append "
           f"{result['server_cpu_us_per_append']} us", "no anchor: the issue's target",
           sound and result["p99_ms"] <= 50)


def bench_overlays(tables: int, seconds: float, followers: int = 10) -> None:
    """Overlay pages following one match under a 10-event broadcast delay while a round records
    (benchmarks/overlays.py): the overlays' latency behind the delayed stream, the round's p99 without and with."""
    result = overlays.run(tables, seconds, followers)
    alone, beside, after = result["round_alone"], result["round_with_overlays"], result["round_alone_after"]
    without = [alone["p99_ms"] or 0.0, after["p99_ms"] or 0.0]
    bound = max(without) + (max(without) - min(without))  # the worst run without, plus the spread between them
    report(f"{followers} overlay pages' followers of one match (10-event delay) while a round of {tables:,} tables "
           "records", "(no overlays)", "the overlay drawn within 200 ms of the delayed stream's message; the "
           "round's p99 unchanged within its spread",
           f"message to overlay p50 {result['message_to_overlay_p50_ms']} ms, p99 "
           f"{result['message_to_overlay_p99_ms']} ms ({result['draws']} draws); release (the append that lets the "
           f"event out) to overlay p50 {result['release_to_overlay_p50_ms']} ms, p99 "
           f"{result['release_to_overlay_p99_ms']} ms; the round's p99 {beside['p99_ms']} ms with the overlays",
           f"the same round without them just before and just after: p99 {alone['p99_ms']} and "
           f"{after['p99_ms']} ms (bound: the worse plus their spread, {bound:.1f} ms)",
           result["draws"] > 0 and (result["message_to_overlay_p99_ms"] or 1e9) <= 200
           and (beside["p99_ms"] or 1e9) <= bound)


def bench_spectators(counts: list[int], past_cap: int) -> None:
    """N spectators of one match and a recorder (benchmarks/spectators.py), each beside the bare asyncio
    broadcaster followed by the same client in the same run; then `past_cap` connection attempts past the cap."""
    for result in spectators.run(counts, 40, 0.25, past_cap):
        ours, floor, count = result["riftlog"], result["floor"], result["spectators"]
        wanted_delivery = 1.5 * floor["p99_ms"] if count != 2000 else min(150.0, 1.5 * floor["p99_ms"])
        report(f"{count:,} spectators of one match on riftlog serve, a recorder appending every 0.25 s",
               "past 512 streams nothing is recorded",
               "all connected and sent every event; delivery p99 <= 1.5x the floor's (<= 150 ms at 2,000); POST p99 "
               "<= 1.5x without spectators; <= 20 KB per idle spectator",
               f"{ours['connected']:,} connected, {ours['missing']} messages missing; delivery p50 {ours['p50_ms']} "
               f"ms, p99 {ours['p99_ms']} ms; the recorder's POST p50 {ours['post_p50_ms']} ms, p99 "
               f"{ours['post_p99_ms']} ms (without spectators: {ours['post_alone_p50_ms']} / "
               f"{ours['post_alone_p99_ms']} ms); {ours['server_kb_per_spectator']} KB of server memory per "
               "idle spectator",
               f"a bare asyncio broadcaster, the same client: {floor['connected']:,} connected, delivery p50 "
               f"{floor['p50_ms']} ms, p99 {floor['p99_ms']} ms",
               ours["connected"] == count and ours["missing"] == 0 and ours["p99_ms"] <= wanted_delivery
               and ours["post_p99_ms"] <= 1.5 * ours["post_alone_p99_ms"]
               and ours["server_kb_per_spectator"] <= 20)
        capped = ours.get("past_cap")
        if capped:
            answered = capped["answers"].get("503", 0)
            report(f"{capped['attempts']:,} stream requests past the cap ({count:,} streams open)", "(not measured)",
                   "every one answered 503 with Retry-After; the recorder's POST p99 <= 1.5x without spectators",
                   f"{answered:,} answered 503 with Retry-After in {capped['seconds']} s (all answers: "
                   f"{capped['answers']}); the recorder's POST meanwhile p50 {capped['post_p50_ms']} ms, p99 "
                   f"{capped['post_p99_ms']} ms",
                   f"the recorder without spectators: p99 {ours['post_alone_p99_ms']} ms; the same flood sent to a "
                   f"bare asyncio server meanwhile (riftlog serve refusing nothing): POST p50 "
                   f"{capped['flood_elsewhere_post_p50_ms']} ms, p99 {capped['flood_elsewhere_post_p99_ms']} ms",
                   answered == capped["attempts"] and capped["post_p99_ms"] <= 1.5 * ours["post_alone_p99_ms"])


def bench_viewer(path: Path, events: list[dict]) -> None:
    from web import create_app

    app = create_app({"DATABASE": str(path), "TESTING": True})
    client = app.test_client()
    ids, tokens = {}, {}
    with recorder.Log(path) as log:
        for size in (200, SIZE):
            ids[size], tokens[size] = log.create_match(events[0], then=events[1:size])
            client.set_cookie(f"riftlog-{ids[size]}", tokens[size])

    def page(match_id: str, seq: int) -> tuple[float, int]:
        start = time.perf_counter()
        response = client.get(f"/matches/{match_id}?seq={seq}")
        elapsed = time.perf_counter() - start
        assert response.status_code == 200, response.status_code
        return elapsed, len(response.data)

    measured = {}
    for size, match_id in ids.items():
        first, _ = page(match_id, size // 2)  # builds the match's timeline (once per head)
        seqs = random.Random(size).sample(range(1, size + 1), 30)
        times, sizes = zip(*[page(match_id, seq) for seq in seqs])
        steps = [page(match_id, seq)[0] for seq in range(size // 2, size // 2 + 20)]  # stepping by event
        measured[size] = (first, statistics.median(times), percentile(list(times), 0.99), statistics.median(sizes),
                          statistics.median(steps))
    first, time_20k, p99_20k, bytes_20k, step_20k = measured[SIZE]
    _, time_200, _, bytes_200, _ = measured[200]
    report("viewer page /matches/<id>?seq=N at 20,000 events (server time, in process)", "668 ms, 5.2 MB",
           "<= 20 ms and <= 1.5x the page at 200 events",
           f"{time_20k * 1e3:.1f} ms median (p99 {p99_20k * 1e3:.1f} ms; stepping {step_20k * 1e3:.1f} ms), "
           f"{bytes_20k / 1e3:,.0f} KB; the first page after a new head {first * 1e3:.0f} ms",
           f"the page at 200 events: {time_200 * 1e3:.1f} ms, {bytes_200 / 1e3:,.0f} KB; ratio "
           f"{time_20k / time_200:.2f}x time, {bytes_20k / bytes_200:.2f}x bytes",
           time_20k <= 0.020 and time_20k <= 1.5 * time_200 and bytes_20k <= 1.5 * bytes_200)

    match_id = ids[SIZE]
    token = {"Authorization": f"Bearer {tokens[SIZE]}"}
    seqs = random.Random(9).sample(range(1, SIZE + 1), 100)
    times = []
    for seq in seqs:
        start = time.perf_counter()
        response = client.get(f"/api/matches/{match_id}/state?at={seq}", headers=token)
        times.append(time.perf_counter() - start)
        assert response.status_code == 200
    report("state at a seq (API) at 20,000 events", "5 ms", "stays <= 5 ms",
           f"{statistics.median(times) * 1e3:.2f} ms median, p99 {percentile(times, 0.99) * 1e3:.2f} ms",
           "100 random seqs, judge view, in process", statistics.median(times) <= 0.005)


def bench_seek(path: Path, match_id: str) -> None:
    with recorder.Log(path) as log:
        log.drop_snapshots(match_id)
        from recorder.heads import HOT
        HOT.forget(log.database)
        start = time.perf_counter()
        replays.Cursor(log, match_id).state(19_870)
        first = time.perf_counter() - start
        seqs = random.Random(3).sample(range(1, 19_871), 100)
        times = []
        for seq in seqs:
            cursor = replays.Cursor(log, match_id)
            start = time.perf_counter()
            cursor.state(seq)
            times.append(time.perf_counter() - start)
    report("seek after the snapshot cache is dropped (library)", "O(seq): 4.7 s at seq 19,870",
           "the first read rebuilds what it needs once; later reads <= 5 ms",
           f"first read at 19,870: {first * 1e3:.0f} ms; then 100 random seqs: {statistics.median(times) * 1e3:.2f} ms "
           f"median, p99 {percentile(times, 0.99) * 1e3:.2f} ms", "no anchor; judged on the median",
           statistics.median(times) <= 0.005)


def bench_size(folder: Path, events: list[dict]) -> None:
    path = folder / "size.db"
    with recorder.Log(path) as log:
        match_id, _ = log.create_match(events[0])
        for start in range(1, len(events), 500):
            log.append(match_id, events[start:start + 500])
        log.db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        snapshot_bytes, snapshots = log.db.execute("SELECT SUM(LENGTH(state)), COUNT(*) FROM snapshots").fetchone()
        body_bytes, row_bytes = log.db.execute(
            "SELECT SUM(LENGTH(body)), SUM(LENGTH(body) + LENGTH(hash) + LENGTH(prev_hash) + LENGTH(type) "
            "+ LENGTH(recorded_at)) FROM events").fetchone()
    size = path.stat().st_size
    report("database size of the 20,000-event match", "18.4 MB, of which snapshots 13.2 MB",
           "snapshots take no more room than the events themselves",
           f"{size / 1e6:.2f} MB; snapshots {snapshot_bytes / 1e3:,.0f} KB ({snapshots} of them)",
           f"the events: {body_bytes / 1e3:,.0f} KB of event bytes, {row_bytes / 1e3:,.0f} KB with their hashes "
           f"and envelope; snapshots / event bytes = {snapshot_bytes / body_bytes:.2f}",
           snapshot_bytes <= body_bytes)


def bench_demo(folder: Path) -> None:
    """The demo's matches (its full game when it has one): fold and page figures on real play."""
    from web import create_app

    path = folder / "demo.db"
    with recorder.Log(path) as log:
        tokens = demo.record_demo(log)
        stored = {match_id: [row["event"] for row in log.events(match_id)] for match_id in tokens}
    client = create_app({"DATABASE": str(path), "TESTING": True}).test_client()
    for match_id, events in stored.items():
        seconds = median_time(lambda: engine.fold(events, CATALOG), 20)
        client.set_cookie(f"riftlog-{match_id}", tokens[match_id])
        client.get(f"/matches/{match_id}")
        page = median_time(lambda: client.get(f"/matches/{match_id}?seq={len(events) // 2}"), 10)
        print(f"- demo match {match_id} ({len(events)} events, {events[0].get('policy')}): fold "
              f"{len(events) / seconds / 1e3:,.1f}k events/s; viewer page {page * 1e3:.1f} ms", flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description="riftlog's benchmarks (issue 7's table)")
    parser.add_argument("--quick", action="store_true", help="fewer rounds and a shorter load run")
    parser.add_argument("--spectators", type=int, nargs="+", default=[2000],
                        help="spectator counts of the spectators row (the issue's: 2000 5000 10000)")
    parser.add_argument("--past-cap", type=int, default=50_000,
                        help="stream requests past the cap, in the spectators row's first count")
    parser.add_argument("--load-only", action="store_true",
                        help="only the rows of 200 recorders on riftlog serve: SQLite, and PostgreSQL with 1 and 2 "
                             "servers beside pgbench")
    options = parser.parse_args()
    if options.load_only:
        sqlite_load = bench_load(None, 200, 5.0 if options.quick else 10.0, 1.0)
        bench_postgres(sqlite_load, 200, 5.0 if options.quick else 10.0, 1.0)
        return
    rounds = 3 if options.quick else 5
    print(f"riftlog benchmarks on {os.cpu_count()} cores; building a legal {SIZE:,}-event match...", flush=True)
    start = time.perf_counter()
    events = long_match(SIZE)
    text = notation.write_match(events, CATALOG)
    print(f"  built in {time.perf_counter() - start:.1f} s "
          f"({_summary(events)})", flush=True)
    with tempfile.TemporaryDirectory(dir=ROOT) as name:
        folder = Path(name)
        bench_folds(events, rounds)
        raw_rate = bench_append(folder, events, 1_000, rounds)
        stored = bench_batch(folder, events, text, 2 if options.quick else 3)
        bench_starving(folder, events, text)
        sqlite_load = bench_load(raw_rate, 200, 5.0 if options.quick else 10.0, 1.0)
        bench_postgres(sqlite_load, 200, 5.0 if options.quick else 10.0, 1.0)
        bench_round(800, 20.0)
        bench_overlays(800, 10.0 if options.quick else 20.0)
        bench_spectators(options.spectators, options.past_cap)
        bench_viewer(folder / "viewer.db", events)
        bench_seek(folder / "batch.db", stored)
        bench_size(folder, events)
        bench_demo(folder)
    missed = [row[0] for row in rows if row[5] is False]
    print(f"\n{len(rows) - len(missed)} of {len(rows)} rows met" + (f"; not met: {'; '.join(missed)}" if missed else ""))


def _summary(events: list[dict]) -> str:
    return ", ".join(f"{kind} {count}" for kind, count in _counts(events))


def _counts(events: list[dict]) -> list[tuple[str, int]]:
    counts: dict[str, int] = {}
    for event in events:
        counts[event["type"]] = counts.get(event["type"], 0) + 1
    return sorted(counts.items(), key=lambda item: -item[1])


if __name__ == "__main__":
    main()
