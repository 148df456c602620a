"""How `riftlog serve` serves the app: Granian, a production HTTP server written in Rust, speaking ASGI to
`web.gateway.Gateway`, which runs live streams on its event loop (web.hub) and the Flask app on pools of threads.

Why not Werkzeug's development server (`app.run`), which served it before: it closes the connection after every
answer (it never keeps an HTTP/1.1 connection alive) and starts a new thread for each, so a recorder paid for a TCP
connection and a thread on every event. Granian parses HTTP and keeps connections alive in Rust, outside the GIL.

Why ASGI and not Granian's WSGI (which served it before this) or its own RSGI: under WSGI every request, and every
live stream for as long as its spectator watches, holds one of the worker's threads, and Granian's `backpressure`
caps the connections it accepts at once, so 512 open streams stopped the whole tournament's recording and 800
recorders' kept-alive connections could not all connect. Under ASGI or RSGI an idle connection is Rust's alone and a
stream is a coroutine. RSGI's stream `send_bytes` never pushes back: a spectator that stops reading has every later
message queued in the server without bound (measured: 100 MB taken for a client that read nothing), so a slow
spectator could not be told apart from a fast one; ASGI's `send` waits once that connection's buffers are full
(measured: after ~3.5 MB on loopback), which is what the hub's bounded buffer needs (docs/web.md has the figures).
HTTP/1.1 only, without websockets: Granian's connections that could also turn out HTTP/2 cost ~29 KB of memory
each idle, plain HTTP/1.1 ones ~17 KB (measured with 2,000 idle streams), and browsers speak HTTP/2 only over TLS,
which `riftlog serve` leaves to a proxy in front of it.

One worker process: every append of the server passes through its one group-commit writer (`recorder.Writer`),
so one fsync carries the events of every recorder waiting, and the hub is woken by that writer the moment a
commit that concerns it is durable. Several processes would each have their own writer, contending for SQLite's
write lock and splitting the groups; measured, two workers gave fewer appends per second than one on this machine.
Two Rust threads (RUNTIME_THREADS) rather than Granian's one: with one, a recorder's POST that arrived while that
thread was writing an event to 10,000 streams waited for it (its body read 15-110 ms after its head). Measured at
10,000 spectators, two runs each: the recorder's POST p99 31 and 74 ms with one thread, 8 and 13 with two (6-9
without spectators); delivery p99 247 and 285 ms, 225 and 230. The 800-table round is unchanged by it (p99 5.7 ms
with two, 6.5 with one).

`riftlog serve --debug` runs Werkzeug instead, for its reloader and debugger (a stream holds a thread there).
"""
from __future__ import annotations

import gc
import os
import resource
import socket
import threading
import time
from collections.abc import Callable

from flask import Flask
from granian.constants import HTTPModes, Interfaces
from granian.log import LogLevels

from . import db, gateway, lifecycle
from .gateway import Gateway

RUNTIME_THREADS = 2  # Granian's Rust threads in the worker: its sockets' reads and writes, outside the GIL
CONNECTIONS = 60_000  # connections the worker holds at once (Granian's backpressure): recorders, viewers, streams
STOP_GRACE = 5  # seconds the worker has to finish its requests when asked to stop; a live stream never finishes
YOUNG_COLLECTION = 50_000  # net allocations between two young garbage collections in the worker (Python's: 700)
OLDER_COLLECTIONS = 1_000_000  # young collections before an older generation's own (Python's: 10): never, in practice
FULL_COLLECTION = 600.0  # seconds between the worker's full collections (its collector thread)


def serve(build_app: Callable[[], Flask], host: str, port: int, listener: socket.socket | None = None) -> None:
    """Serve the app `build_app()` returns on host:port (or on `listener`, from `lifecycle.listen`) until
    interrupted (Ctrl+C or SIGTERM).

    The app is built in the worker process, after Granian has started it: its connections, its writer thread and
    its hub are that process's own. On Ctrl+C the worker stops taking requests and is killed after STOP_GRACE
    seconds if it has not finished (open live streams): what was answered 201 is committed, so nothing
    acknowledged is lost. The port is this server's alone, and the worker ends with the parent however it ends
    (`web.lifecycle`)."""
    open_files(CONNECTIONS + 1024)
    listener = listener or lifecycle.listen(host, port)
    parent = os.getpid()

    def load(_target: str) -> Gateway:  # in the worker
        lifecycle.die_with_parent(parent)  # first: a worker whose parent is gone does not even build the app
        return worker_app(build_app)

    server = lifecycle.OnSocket(listener, "riftlog", address=host, port=port, interface=Interfaces.ASGI,
                                workers=1, runtime_threads=RUNTIME_THREADS, backpressure=CONNECTIONS,
                                workers_kill_timeout=STOP_GRACE,
                                http=HTTPModes.http1, websockets=False, log_level=LogLevels.error)
    server.serve(target_loader=load)


def urls(host: str, port: int) -> list[str]:
    """The addresses the server can be reached at, for `riftlog serve` to print: the host's own, or for a wildcard
    host (`0.0.0.0`, `::`, every interface) this machine's addresses on its networks (a venue's Wi-Fi or LAN: the
    ones a phone at a table opens), then loopback."""
    if host not in ("0.0.0.0", "::", ""):
        shown = f"[{host}]" if ":" in host else host
        return [f"http://{shown}:{port}/"]
    found: list[str] = []
    try:  # the address of the interface that routes outwards (a UDP socket sends nothing to connect)
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
            probe.connect(("192.0.2.1", 9))  # TEST-NET-1 (RFC 5737): never a real host
            found.append(probe.getsockname()[0])
    except OSError:
        pass
    try:
        for *_, address in socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET):
            found.append(str(address[0]))
    except OSError:
        pass
    lan = [address for address in dict.fromkeys(found) if not address.startswith("127.")]
    return [f"http://{address}:{port}/" for address in lan] + [f"http://127.0.0.1:{port}/"]


def open_files(wanted: int) -> None:
    """Raise this process's limit of open files (each connection is one) towards `wanted`, as far as the hard
    limit allows: the worker inherits it."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    ceiling = wanted if hard == resource.RLIM_INFINITY else min(wanted, hard)
    if soft != resource.RLIM_INFINITY and soft < ceiling:
        resource.setrlimit(resource.RLIMIT_NOFILE, (ceiling, hard))


def worker_app(build_app: Callable[[], Flask]) -> Gateway:
    """The worker's ASGI app: `build_app()` behind a `web.gateway.Gateway`, with the garbage collector set for a
    server.

    Every match recorded keeps its head state hot (~150 KB of Python objects, more as it grows), and a collection of
    an older generation walks every object promoted into it: with 800 tables' heads growing, one such collection took
    290 ms (measured with a gc callback), during which no request moved, and the 800-table round's p99 was 275 ms
    instead of ~17. So the objects of the app as built (modules, catalogs) are frozen out of collections, young
    collections run every YOUNG_COLLECTION net allocations, the older generations are never collected by Python's
    thresholds, and the worker's collector thread runs a full collection every FULL_COLLECTION seconds instead (a
    pause of a few hundred ms once every ten minutes rather than tens of them a minute; reference cycles are
    collected then). Measured on the 800-table round: no collection past the young one in 30 s, p99 17 ms."""
    app = Gateway(build_app())
    # On PostgreSQL, the connections its threads hold at once: each thread of the gateway's three pools, the
    # writer and the hub (a log each), opened before the first request rather than by it.
    db.open_connections(app.app, gateway.RECORDING + gateway.READING + gateway.PARSING + 2)
    gc.collect()
    gc.freeze()
    gc.set_threshold(YOUNG_COLLECTION, OLDER_COLLECTIONS, OLDER_COLLECTIONS)
    threading.Thread(target=collector, name="riftlog-collector", daemon=True).start()
    return app


def collector() -> None:
    """The worker's full garbage collections, every FULL_COLLECTION seconds."""
    while True:
        time.sleep(FULL_COLLECTION)
        gc.collect()
