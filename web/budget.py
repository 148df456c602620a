"""The budget of anonymous match creation: how many matches one client address may create, so that no client fills
the disk (issue 24: one client created matches at 3.6 MB/s through `POST /api/matches`, no token needed).

A token bucket per client address: CREATE_BURST matches at once, then one more every CREATE_EVERY seconds. Past it
`POST /api/matches` and the form's "Create match" (`POST /matches/new`) are answered 429 with `Retry-After` (whole
seconds until the next match may be created), and nothing is parsed or written. The address is the request's
(`request.remote_addr`): behind `--behind-proxy` the one the proxy forwarded (werkzeug's ProxyFix, web/__init__),
so that a venue's tables behind one proxy are not one address.

The app's config sets it: `CREATE_BURST` (default CREATE_BURST; 0 turns the budget off, as `riftlog serve
--creations-per-address 0` does for a tournament tool that creates a round's matches from one machine) and
`CREATE_EVERY` (seconds, default CREATE_EVERY). The buckets are this process's memory: a restart fills them.
"""
from __future__ import annotations

import math
import threading
import time

from flask import Flask, current_app, request

CREATE_BURST = 60  # matches one address may create at once (a round of 60 tables from the organiser's laptop)
CREATE_EVERY = 1.0  # seconds after which one more may be created
KEPT = 10_000  # addresses held before the ones whose bucket has refilled are forgotten


class Budget:
    """Token buckets per client address; thread-safe (the app's requests run on several threads)."""

    def __init__(self, burst: int, every: float, clock=time.monotonic) -> None:
        self.burst, self.every, self.clock = burst, every, clock
        self.buckets: dict[str, tuple[float, float]] = {}  # address -> (tokens, when they were counted)
        self.lock = threading.Lock()

    def take(self, address: str) -> float:
        """Spend one creation of `address`: 0.0 when it may create, else the seconds until it may."""
        if self.burst <= 0:
            return 0.0
        with self.lock:
            now = self.clock()
            tokens, then = self.buckets.get(address, (float(self.burst), now))
            tokens = min(float(self.burst), tokens + (now - then) / self.every)
            if tokens < 1.0:
                self.buckets[address] = (tokens, now)
                return (1.0 - tokens) * self.every
            self.buckets[address] = (tokens - 1.0, now)
            if len(self.buckets) > KEPT:
                self.forget(now)
            return 0.0

    def forget(self, now: float) -> None:
        """Drop the addresses whose bucket is full again (they are as if never seen)."""
        self.buckets = {address: (tokens, then) for address, (tokens, then) in self.buckets.items()
                        if tokens + (now - then) / self.every < self.burst}


def init_app(app: Flask) -> None:
    app.extensions["riftlog.create_budget"] = Budget(int(app.config.get("CREATE_BURST", CREATE_BURST)),
                                                     float(app.config.get("CREATE_EVERY", CREATE_EVERY)))


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
