"""The worker's ASGI app (web.serving): live streams on the hub's event loop, everything else in the Flask app on
threads of three pools, the recorders' apart from the readers' and from the anonymous parsing of new matches.

Granian parses HTTP and keeps connections alive in Rust; Python sees a request only while it is being answered,
so an idle kept-alive connection (a recorder between events, a viewer, the tournament page) costs no thread. A live
stream (`/api/matches/<id>/stream`, an overlay's `/api/matches/<id>/overlay/stream`, `/tournament/feed`) costs no
thread either: it is a subscriber of the hub
(`web.hub`), written to from the loop. Every other request runs the Flask app (WSGI) on a thread:

- `recording` (RECORDING threads): what a recorder sends or reads at the table: any request that is not a GET
  (appends, the dry run, the notation's parse, publish, the broadcast delay), but for the three below, and the
  recording screen with its reads and scripts. Spectators never queue here.
- `parsing` (PARSING threads): what anyone may send without a token and costs a parse of a deck or a whole
  match_created: `POST /api/matches`, `POST /api/decks/parse`, `POST /matches/new`. Apart so that no recorder
  waits for a thread behind them, and not counted as a recorder by the hub (issue 24: sixteen anonymous deck
  parses held a judge's append back 5-20 s); two threads, so that a flood of them holds the GIL from two threads
  at most.
- `reading` (READING threads): everything else (pages, reads, the checks of a new stream).

A request's body is read on the loop before it goes to a thread, within BODY_TIMEOUT seconds (the app's
`BODY_TIMEOUT`): a body that has not all arrived by then is answered 408 and its connection closed, so an
unfinished body holds nothing for long.

With the GIL, more threads running Flask at once go no faster: sixteen recorders' threads carry a commit group of
up to sixteen appends (one fsync); a request waits for a free thread of its pool in arrival order. While a
recording request is answered (from when its body has arrived) the hub counts it (`Hub.recorder_in`/`recorder_out`), and the streams' writes and
new stream requests wait for it (`Hub.after_recorders`): the loop is the one that answers it.

Streams are capped in total (`STREAMS`) and per client address (`STREAMS_PER_ADDRESS`): past a cap the answer is
`503` with `Retry-After`, written by the loop without touching the app, so a flood of spectators costs the
recorders almost nothing.
"""
from __future__ import annotations

import asyncio
import io
import json
import re
import sys
from collections.abc import Callable, Iterable
from concurrent.futures import ThreadPoolExecutor
from typing import Any

from flask import Flask

from .hub import Hub

RECORDING = 16  # threads running the recorders' requests
READING = 8  # threads running every other request of the app
PARSING = 2  # threads running the anonymous requests that parse decks and new matches
BODY_TIMEOUT = 10.0  # seconds a request's body has to arrive in full, from its head (the app's BODY_TIMEOUT)
RETRY_AFTER = 2  # seconds a refused stream is told to wait before it tries again
STREAM = re.compile(r"/api/matches/[^/]+/(?:overlay/)?stream")
FEED = "/tournament/feed"
RECORDING_READS = re.compile(r"/api/matches/[^/]+/recording|/matches/[^/]+/record|/static/record[^/]*")
PARSING_PATHS = frozenset({"/api/matches", "/api/decks/parse", "/matches/new"})
SUBSCRIBE = "riftlog.subscribe"  # environ key: the stream's checks write what the hub is to serve into it

Send = Callable[[dict], Any]


class Gateway:
    """ASGI app: streams to the hub, the rest to `app` (WSGI) on the pool its request belongs to."""

    def __init__(self, app: Flask, *, recording: int = RECORDING, reading: int = READING,
                 parsing: int = PARSING) -> None:
        self.app = app
        self.pools = {"recording": ThreadPoolExecutor(recording, thread_name_prefix="riftlog-record"),
                      "reading": ThreadPoolExecutor(reading, thread_name_prefix="riftlog-read"),
                      "parsing": ThreadPoolExecutor(parsing, thread_name_prefix="riftlog-parse")}
        self.hub = Hub(app)
        self.limit = app.config.get("MAX_CONTENT_LENGTH") or 1 << 20
        self.body_timeout = float(app.config.get("BODY_TIMEOUT") or BODY_TIMEOUT)
        self.proxies = int(app.config.get("BEHIND_PROXY") or 0)  # trusted proxies in front (--behind-proxy)

    async def __call__(self, scope: dict, receive: Callable, send: Send) -> None:
        if scope["type"] == "lifespan":
            await self.lifespan(receive, send)
            return
        if scope["type"] != "http":
            return
        if self.hub.loop is None:
            self.hub.start(asyncio.get_running_loop())
        lane = lane_of(scope["method"], scope["path"])
        if lane == "stream":
            await self.stream(scope, receive, send)
            return
        body = await self.body(scope, receive, send)
        if body is None:
            return
        if lane != "recording":
            await self.call_app(self.pools[lane], scope, body, send)
            return
        self.hub.recorder_in()  # only now: a body still arriving holds no stream back (issue 24)
        try:
            await self.call_app(self.pools[lane], scope, body, send)
        finally:
            self.hub.recorder_out()

    async def body(self, scope: dict, receive: Callable, send: Send) -> bytes | None:
        """The request's whole body, or None once it is answered: 413 past the size limit, 408 (the connection
        closed) when it has not all arrived within `body_timeout` seconds."""
        try:
            async with asyncio.timeout(self.body_timeout):
                body = await read_body(receive, scope, self.limit)
        except TimeoutError:
            message = f"the request body did not arrive within {self.body_timeout:g} seconds"
            await answer(send, 408, json.dumps({"error": message}).encode(), [(b"connection", b"close")])
            return None
        if body is None:
            await answer(send, 413, b'{"error": "the request body is larger than the server takes"}')
        return body

    async def lifespan(self, receive: Callable, send: Send) -> None:
        while True:
            event = await receive()
            if event["type"] == "lifespan.startup":
                self.hub.start(asyncio.get_running_loop())
                await send({"type": "lifespan.startup.complete"})
            elif event["type"] == "lifespan.shutdown":
                await send({"type": "lifespan.shutdown.complete"})
                return

    async def call_app(self, pool: ThreadPoolExecutor, scope: dict, body: bytes, send: Send) -> None:
        """The app's answer to a request whose body has arrived, run on a thread of `pool`."""
        environ = environ_of(scope, body)
        status, headers, content = await asyncio.get_running_loop().run_in_executor(pool, run_wsgi, self.app,
                                                                                   environ)
        await send({"type": "http.response.start", "status": status, "headers": headers})
        await send({"type": "http.response.body", "body": content})

    async def check_stream(self, scope: dict, send: Send) -> dict[str, Any] | None:
        """What the hub is to serve, as the app's route for the stream found it (web.stream, web.tournament), or
        None once the app's answer (an error) is sent. Its own frame, so that the environ is not kept for as long
        as the stream lasts."""
        environ = environ_of(scope, b"")
        plan: dict[str, Any] = {}
        environ[SUBSCRIBE] = plan
        status, headers, content = await asyncio.get_running_loop().run_in_executor(self.pools["reading"], run_wsgi,
                                                                                   self.app, environ)
        if plan:
            return plan
        await send({"type": "http.response.start", "status": status, "headers": headers})
        await send({"type": "http.response.body", "body": content})
        return None

    async def stream(self, scope: dict, receive: Callable, send: Send) -> None:
        """A live stream: admitted under the caps, checked by the app (the match, the token, the view, `after`:
        its errors are the app's answers), then served by the hub."""
        await self.hub.after_recorders()
        address = client_address(scope, self.proxies)
        if not self.hub.admit(address):
            await answer(send, 503, b'{"error": "too many live streams are open; try again shortly"}',
                         [(b"retry-after", str(RETRY_AFTER).encode())])
            return
        try:
            plan = await self.check_stream(scope, send)
            if plan is None:
                return
            if "round" in plan:
                await self.hub.follow_round(plan["round"], receive, send)
            else:
                await self.hub.follow(plan["match"], plan["view"], plan["after"], receive, send, plan["who"])
        finally:
            self.hub.release(address)


def client_address(scope: dict, proxies: int = 0) -> str:
    """The client's address for the per-address cap on streams: the connection's, or behind `proxies` trusted
    reverse proxies the one the nearest of them put in X-Forwarded-For (as werkzeug's ProxyFix reads it for the
    app), so that a venue's spectators behind one proxy are not counted as one address."""
    address = str((scope.get("client") or ("?", 0))[0])
    if proxies:
        forwarded = [part.strip() for name, value in scope["headers"] if name == b"x-forwarded-for"
                     for part in value.decode("latin-1").split(",")]
        if len(forwarded) >= proxies and forwarded[-proxies]:
            address = forwarded[-proxies]
    return address


def lane_of(method: str, path: str) -> str:
    """Where a request is served: "stream" (the hub), "recording", "parsing" or "reading" (the app, on that
    pool)."""
    if method == "GET" and (STREAM.fullmatch(path) or path == FEED):
        return "stream"
    if method == "POST" and path in PARSING_PATHS:
        return "parsing"
    if method not in ("GET", "HEAD") or RECORDING_READS.fullmatch(path):
        return "recording"
    return "reading"


async def answer(send: Send, status: int, body: bytes, headers: list[tuple[bytes, bytes]] | None = None) -> None:
    await send({"type": "http.response.start", "status": status,
                "headers": [(b"content-type", b"application/json"), *(headers or [])]})
    await send({"type": "http.response.body", "body": body})


async def read_body(receive: Callable, scope: dict, limit: int) -> bytes | None:
    """The request's body; None when it is longer than `limit` (answered 413 unread, as Flask would)."""
    for name, value in scope["headers"]:
        if name == b"content-length" and value.isdigit() and int(value) > limit:
            return None
    chunks, size, more = [], 0, True
    while more:
        event = await receive()
        if event["type"] != "http.request":
            break
        chunk = event.get("body", b"")
        size += len(chunk)
        if size > limit:
            return None
        chunks.append(chunk)
        more = event.get("more_body", False)
    return b"".join(chunks)


def environ_of(scope: dict, body: bytes) -> dict[str, Any]:
    """The WSGI environ (PEP 3333) of an ASGI http request."""
    server = scope.get("server") or ("127.0.0.1", 80)
    client = scope.get("client") or ("", 0)
    environ: dict[str, Any] = {
        "REQUEST_METHOD": scope["method"],
        "SCRIPT_NAME": "",
        "PATH_INFO": scope["path"].encode("utf-8").decode("latin-1"),
        "QUERY_STRING": scope.get("query_string", b"").decode("latin-1"),
        "SERVER_NAME": str(server[0]),
        "SERVER_PORT": str(server[1]),
        "SERVER_PROTOCOL": f"HTTP/{scope.get('http_version', '1.1')}",
        "REMOTE_ADDR": str(client[0]),
        "REMOTE_PORT": str(client[1]),
        "CONTENT_LENGTH": str(len(body)),
        "wsgi.version": (1, 0),
        "wsgi.url_scheme": scope.get("scheme", "http"),
        "wsgi.input": io.BytesIO(body),
        "wsgi.errors": sys.stderr,
        "wsgi.multithread": True,
        "wsgi.multiprocess": False,
        "wsgi.run_once": False,
    }
    for raw_name, raw_value in scope["headers"]:
        name = raw_name.decode("latin-1").upper().replace("-", "_")
        value = raw_value.decode("latin-1")
        if name == "CONTENT_TYPE":
            environ[name] = value
        elif name != "CONTENT_LENGTH":
            key = f"HTTP_{name}"
            environ[key] = f"{environ[key]}{'; ' if name == 'COOKIE' else ','}{value}" if key in environ else value
    return environ


def run_wsgi(app: Callable, environ: dict[str, Any]) -> tuple[int, list[tuple[bytes, bytes]], bytes]:
    """Call the WSGI app (on a pool's thread): its status, headers (as ASGI wants them) and whole body."""
    started: list[Any] = []

    def start_response(status: str, headers: list[tuple[str, str]], exc_info: Any = None) -> Callable:
        started[:] = [int(status[:3]), [(name.lower().encode("latin-1"), value.encode("latin-1"))
                                        for name, value in headers]]
        return lambda _data: None

    result: Iterable[bytes] = app(environ, start_response)
    try:
        content = b"".join(result)
    finally:
        close = getattr(result, "close", None)
        if close is not None:
            close()
    return started[0], started[1], content
