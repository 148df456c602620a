"""The budgets of one client address: how many matches it may create, and how many bytes it may send to be
written, so that no client fills the disk (issue 24: one client created matches at 3.6 MB/s through
`POST /api/matches`, no token needed; then, with the match token a creation hands anyone, appended 1 MB requests
of notes at 21.6 MB/s).

A token bucket per client address: CREATE_BURST matches at once, then one more every CREATE_EVERY seconds. Past it
`POST /api/matches` and the form's "Create match" (`POST /matches/new`) are answered 429 with `Retry-After` (whole
seconds until the next match may be created), and nothing is parsed or written. The address is the request's
(`request.remote_addr`): behind `--behind-proxy` the one the proxy forwarded (werkzeug's ProxyFix, web/__init__),
so that a venue's tables behind one proxy are not one address.

The app's config sets it: `CREATE_BURST` (default CREATE_BURST; 0 turns the budget off, as `riftlog serve
--creations-per-address 0` does for a tournament tool that creates a round's matches from one machine) and
`CREATE_EVERY` (seconds, default CREATE_EVERY). The buckets are this process's memory: a restart fills them.

The bytes: every request that asks for something to be written (a creation, the form's, an append) spends the
length of its body from a second bucket per address, WRITE_BURST bytes at once, then WRITE_RATE a second; past
it, 429 with `Retry-After` before the body is parsed. A recorder sends a few hundred bytes every few seconds, an
offline phone's outbox some kilobytes at once: far inside it. It is a rate, not a quota: it bounds one address
to WRITE_RATE (about 21 GB a day at the default), which an organiser watching a venue's server will see long before
the disk fills; `WRITE_BURST` 0 turns it off (`riftlog serve --creations-per-address 0` turns both off).
"""
from __future__ import annotations

import math
import re
import threading
import time

from flask import Flask, Response, current_app, request

from .errors import answer

CREATE_BURST = 60  # matches one address may create at once (a round of 60 tables from the organiser's laptop)
CREATE_EVERY = 1.0  # seconds after which one more may be created
WRITE_BURST = 8 << 20  # bytes one address may send to be written at once (an import of a long match's events)
WRITE_RATE = 256 << 10  # bytes a second after that
KEPT = 10_000  # addresses held before the ones whose bucket has refilled are forgotten


class Budget:
    """Token buckets per client address; thread-safe (the app's requests run on several threads)."""

    def __init__(self, burst: int, every: float, clock=time.monotonic) -> None:
        self.burst, self.every, self.clock = burst, every, clock
        self.buckets: dict[str, tuple[float, float]] = {}  # address -> (tokens, when they were counted)
        self.lock = threading.Lock()

    def take(self, address: str, cost: float = 1.0) -> float:
        """Spend `cost` (one creation; a body's bytes, at most the burst) of `address`: 0.0 when it may, else the
        seconds until it may."""
        if self.burst <= 0:
            return 0.0
        cost = min(cost, float(self.burst))
        with self.lock:
            now = self.clock()
            tokens, then = self.buckets.get(address, (float(self.burst), now))
            tokens = min(float(self.burst), tokens + (now - then) / self.every)
            if tokens < cost:
                self.buckets[address] = (tokens, now)
                return (cost - tokens) * self.every
            self.buckets[address] = (tokens - cost, now)
            if len(self.buckets) > KEPT:
                self.forget(now)
            return 0.0

    def forget(self, now: float) -> None:
        """Drop the addresses whose bucket is full again (they are as if never seen)."""
        self.buckets = {address: (tokens, then) for address, (tokens, then) in self.buckets.items()
                        if tokens + (now - then) / self.every < self.burst}


# The requests that ask for something to be written: a creation (the API's, the form's) and an append.
WRITES = re.compile(r"/api/matches(/[^/]+/events)?|/matches/new")


def init_app(app: Flask) -> None:
    app.extensions["riftlog.create_budget"] = Budget(int(app.config.get("CREATE_BURST", CREATE_BURST)),
                                                     float(app.config.get("CREATE_EVERY", CREATE_EVERY)))
    burst = int(app.config.get("WRITE_BURST", WRITE_BURST if app.config.get("CREATE_BURST", 1) else 0))
    app.extensions["riftlog.write_budget"] = Budget(burst, 1.0 / float(app.config.get("WRITE_RATE", WRITE_RATE)))
    app.before_request(writes_refused)


def writes_refused() -> Response | None:
    """Before a request that asks for something to be written: its body's bytes spent from its address's bucket,
    or 429 with `Retry-After` (and nothing parsed or written) when the bucket holds too few."""
    if request.method != "POST" or not WRITES.fullmatch(request.path):
        return None
    budget = current_app.extensions["riftlog.write_budget"]
    wait = budget.take(request.remote_addr or "?", float(request.content_length or 0))
    if wait <= 0:
        return None
    seconds = max(1, math.ceil(wait))
    return answer(429, f"too much sent to be written from this address ({budget.burst >> 20} MiB at once, then "
                       f"{round(1 / budget.every) >> 10} KiB a second): try again in {seconds} s",
                  headers={"Retry-After": str(seconds)})


def creation_refused() -> tuple[str, dict[str, str]] | None:
    """None when the request's address may create a match now (one creation spent), else why not and the
    headers of the 429 answer (`Retry-After`: the whole seconds until it may)."""
    budget = current_app.extensions["riftlog.create_budget"]
    wait = budget.take(request.remote_addr or "?")
    if wait <= 0:
        return None
    seconds = max(1, math.ceil(wait))
    return (f"too many matches created from this address ({budget.burst} at once, then one every "
            f"{budget.every:g} s): try again in {seconds} s", {"Retry-After": str(seconds)})
