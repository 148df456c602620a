"""The hub of the live streams: one per server process, on the worker's event loop (web.gateway).

For each match someone follows, the hub holds a feed per view (judge, a player's, the spectator's): the match's
messages as that view may see them (contract section 3, "Live and judge reads"), each event redacted once per view
by one `web.readers.Shown` (an `engine.views.Redactor`) that has seen the match from seq 1 (a judge's note is worded against every event
before it), and the open streams of that view. A new event is read once, redacted once per view and its bytes
written to every stream of the view; a spectator who connects gets their catch-up from what the feed holds (the
last HELD messages), not from a read of the match from seq 1.

How the hub learns of an event: the app's writer (`recorder.Writer.listen`) tells it which matches each commit
wrote to, from the writer's thread; the hub reads the new events in its own thread (`reader`, one thread, so that
the redactors see every event once and in order) and writes them from the loop. On PostgreSQL, every process's
group commits reach the hub the same way, as a NOTIFY (`recorder.postgres.Listener`): a stream served by one
server sees the appends recorded through another within milliseconds, and nothing is polled. On SQLite, appends
by another process on the same file (`riftlog append`, `riftlog import`) are found by reading every POLL seconds
(only for matches someone follows).

A stream writes without waiting: the ASGI `send` of a connection that keeps up returns at once. One that cannot
keep up (its socket and the server's buffer for it full) has its messages kept in a buffer of its own, and is
dropped past BUFFER bytes: its EventSource reconnects with `Last-Event-ID` and catches up from the feed.

Recorders first: the streams of a feed are written SLICE at a time, and each slice waits while a recorder's request
is being answered (web.gateway counts them in and out; YIELD seconds at most), and so does a stream's request,
admitted or refused: with one GIL in the process, what the loop does meanwhile holds back the recorder's thread
and the loop is the one that answers it (figures in docs/web.md).

A broadcast delay (the match setting `broadcast_delay`, web/delay.py) holds the spectator feed back N
seconds or N events behind the record; the judge's and the players' feeds are never delayed. The overlays' feeds
(web.overlay_feed, one per overlay view) are held back as the spectator's is; their messages are states, made in
the hub thread only when the delay lets events out, and only for the last of them (`_draw`).
"""
from __future__ import annotations

import asyncio
import json
import math
import time
from collections import deque
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from datetime import datetime
from typing import Any

from flask import Flask

from recorder import access
from recorder.store import is_postgres

from . import rounds
from .db import borrowed_log
from .overlay_feed import Drawer, is_overlay
from .readers import Shown
from .rounds import RoundFeed

HELD = 20_000  # messages a feed keeps for catch-ups (a long match's every event; earlier ones are read again)
BUFFER = 512 * 1024  # bytes a stream may have waiting beyond what its connection took before it is dropped
POLL = 1.0  # seconds between reads of a followed match for appends by another process
HEARTBEAT = 15.0  # seconds of silence after which a stream gets a comment line (a gone client is noticed then)
IDLE_CHANNEL = 60.0  # seconds a match nobody follows stays held (a reconnecting spectator catches up from it)
SLICE = 100  # streams written in one turn of the loop, before it answers what else waits (a recorder's POST)
YIELD = 0.05  # seconds at most the streams' writes wait for the recorders' requests in flight, once per slice
RETRY = 1000  # milliseconds an EventSource waits before it reconnects (with Last-Event-ID) to a dropped stream


def message(entry: dict[str, Any], shown: Shown) -> bytes:
    """One event as a server-sent message: its seq as the id, the `/events` entry (as the view is shown it) as JSON
    data."""
    data = json.dumps(shown.entry(entry), separators=(',', ':'), ensure_ascii=False)
    return f"id: {entry['seq']}\ndata: {data}\n\n".encode()


def unix_time(stamp: str | None) -> float:
    """An ISO 8601 time (when the server received an event: `Log.received_times`) as a Unix time; now if there is
    none."""
    try:
        return datetime.fromisoformat(stamp).timestamp()  # type: ignore[arg-type]
    except (TypeError, ValueError):
        return time.time()


class Subscriber:
    """One open stream: writes through its request's ASGI `send` without waiting while the connection keeps up.

    No task of its own: its request's coroutine (`Hub.follow`) waits for the client to disconnect, and is cancelled
    when the stream is dropped. A write the connection does not take at once (Granian's `send` returns a future
    once the connection's four frames in flight are queued) is waited for by a callback on that future, not by a
    task: meanwhile the stream's messages wait in `pending`, and are written as one when it is taken."""

    __slots__ = ("send", "pending", "size", "waiting", "task", "why", "wrote", "skip", "who")

    def __init__(self, send: Callable[[dict], Any], first: bytes, skip: int, who: str | None = None) -> None:
        self.send = send
        self.who = who  # whose token opened it ("judge", "P1", ...; None: no token), ended when that is reissued
        self.skip = skip  # a seq beyond what the feed has sent (a spectator ahead of a broadcast delay): sent up to it
        self.pending: list[bytes] = [first]  # written after the answer's head, by `Hub._serve`
        self.size = len(first)
        self.waiting: Any = True  # not None while a write is under way: the head and the catch-up, first
        self.task = asyncio.current_task()
        self.why: str | None = None  # why it ended, if the hub ended it
        self.wrote = time.monotonic()

    def write(self, data: bytes, limit: int, now: float = 0.0, body: dict | None = None) -> None:
        """Write `data` (`body`: the ASGI message of it, one for every stream a message goes to)."""
        if self.why is not None:
            return
        self.wrote = now or time.monotonic()
        if self.waiting is not None:  # the connection has not taken the last write yet
            self.pending.append(data)
            self.size += len(data)
            if self.size > limit:
                self.end("dropped")
            return
        self._send(body or {"type": "http.response.body", "body": data, "more_body": True})

    def _send(self, body: dict) -> None:
        try:
            sent = self.send(body)
        except Exception:  # noqa: BLE001 - the client has gone
            self.end("gone")
            return
        if not hasattr(sent, "add_done_callback"):
            if not asyncio.iscoroutine(sent):
                return  # taken at once: Granian's empty awaitable, nothing to wait for
            sent = asyncio.ensure_future(sent)  # another ASGI server's coroutine
        self.waiting = sent
        sent.add_done_callback(self.taken)

    def taken(self, sent: Any = None) -> None:
        """The connection took the last write (`sent`, the future it returned): write what waited meanwhile."""
        self.waiting = None
        if self.why is not None:
            return
        if sent is not None:
            try:
                sent.result()
            except (Exception, asyncio.CancelledError):  # noqa: BLE001 - the client has gone
                self.end("gone")
                return
        if self.pending:
            data, self.pending, self.size = b"".join(self.pending), [], 0
            self._send({"type": "http.response.body", "body": data, "more_body": True})

    def end(self, why: str) -> None:
        """End the stream (its request's coroutine is cancelled out of its wait)."""
        if self.why is None:
            self.why = why
            self.pending, self.size = [], 0
            if self.task is not None:
                self.task.cancel()


# no-store: a judge's or a player's stream carries hidden cards (web/guard.py gives the app's own answers theirs).
STREAM_HEADERS = [(b"content-type", b"text/event-stream; charset=utf-8"), (b"cache-control", b"no-store"),
                  (b"x-content-type-options", b"nosniff"), (b"x-accel-buffering", b"no")]


class Feed:
    """A match's messages in one view, and the streams that follow them (the loop's side)."""

    def __init__(self, view: str) -> None:
        self.view = view
        self.overlay = is_overlay(view)  # an overlay's feed (web.overlay_feed): its messages are states, drawn late
        self.delayed_view = self.overlay or view == access.SPECTATOR  # held back by the broadcast delay
        # released: sent, and held for catch-ups (an overlay's: its last state alone, all a page needs)
        self.messages: deque[tuple[int, bytes]] = deque(maxlen=1 if self.overlay else HELD)
        self.delayed: deque[tuple[int, bytes, float]] = deque()  # the broadcast delay's: (seq, bytes, Unix time)
        self.subscribers: set[Subscriber] = set()
        self.ready: asyncio.Future[None] | None = None  # done once the messages from seq 1 are in
        self.outbox: deque[tuple[list[Subscriber], list[tuple[int, bytes]]]] = deque()  # to write, in order
        self.writing: asyncio.Task | None = None  # the task writing the outbox out
        self.draw_seq = 0  # an overlay's: the seq whose state is to be drawn next (`Hub._draw`)
        self.drawing = False

    def last_seq(self) -> int:
        return self.messages[-1][0] if self.messages else 0


class Channel:
    """One followed match: its feeds by view, what the hub thread has read of it, its broadcast delay."""

    def __init__(self, match_id: str) -> None:
        self.match_id = match_id
        self.feeds: dict[str, Feed] = {}
        self.redactors: dict[str, Shown] = {}  # the hub thread's alone
        self.drawers: dict[str, Drawer] = {}  # the overlays' (web.overlay_feed), the hub thread's alone
        self.read_seq = 0  # the last event the hub thread has read (the hub thread's alone)
        self.head = 0  # the last event published (the loop's)
        self.delay: dict[str, Any] | None = None  # {"seconds": N} or {"events": N}: the spectator feed's
        self.refreshing = False
        self.again = False
        self.release_at: asyncio.TimerHandle | None = None
        self.quiet_since = time.monotonic()


class Hub:
    """Every followed match of this process, with the caps on streams (in total and per client address)."""

    def __init__(self, app: Flask) -> None:
        self.app = app
        config = app.config
        self.limit = config.get("STREAM_BUFFER", BUFFER)
        self.cap = config.get("STREAMS", 20_000)
        self.cap_per_address = config.get("STREAMS_PER_ADDRESS", 1_000)
        self.poll = config.get("STREAM_POLL", POLL)
        self.heartbeat = config.get("STREAM_HEARTBEAT", HEARTBEAT)
        self.loop: asyncio.AbstractEventLoop | None = None
        self.channels: dict[str, Channel] = {}
        self.rounds: dict[tuple[str, str], RoundFeed] = {}  # the tournament page's feeds (web.rounds)
        self.reader = ThreadPoolExecutor(1, thread_name_prefix="riftlog-hub")
        self.open = 0  # streams admitted (counted from admission, before their checks, until they end)
        self.by_address: dict[str, int] = {}
        self.dropped = 0
        self.refused = 0
        self.listener: Any = None  # on PostgreSQL: every process's commits, as NOTIFYs (recorder.postgres.Listener)
        self.recorders = 0  # recorders' requests in flight (web.gateway's recording lane)
        self.quiet = asyncio.Event()  # set while no recorder's request is in flight
        self.quiet.set()

    def start(self, loop: asyncio.AbstractEventLoop) -> None:
        """Begin on `loop` (the worker's): listen to the writer's commits, poll and beat the heart."""
        self.loop = loop
        self.app.extensions["riftlog.writer"].listen(self._committed)
        self.app.extensions["riftlog.hub"] = self
        if is_postgres(self.app.config["DATABASE"]):
            from recorder.postgres import Listener

            self.listener = Listener(self.app.config["DATABASE"], self._notified, self._delay_notified)
        loop.create_task(self._tick())

    # --- admission ---------------------------------------------------------------------------------------------

    def admit(self, address: str) -> bool:
        """Count a new stream from `address`, unless a cap is reached (then it is refused: 503)."""
        if self.open >= self.cap or self.by_address.get(address, 0) >= self.cap_per_address:
            self.refused += 1
            return False
        self.open += 1
        self.by_address[address] = self.by_address.get(address, 0) + 1
        return True

    def release(self, address: str) -> None:
        self.open -= 1
        left = self.by_address[address] - 1
        if left:
            self.by_address[address] = left
        else:
            del self.by_address[address]

    # --- recorders first ----------------------------------------------------------------------------------------

    def recorder_in(self) -> None:
        """A recorder's request is being answered (web.gateway): the streams' writes wait until it is."""
        self.recorders += 1
        self.quiet.clear()

    def recorder_out(self) -> None:
        self.recorders -= 1
        if not self.recorders:
            self.quiet.set()

    async def after_recorders(self) -> None:
        """Let the recorders' requests in flight be answered first, waiting YIELD seconds at most (so that an
        unbroken stream of appends still lets the streams move): with one GIL, every stream written meanwhile
        would hold a recorder's thread back, and the process's loop is the one that answers it."""
        if self.recorders:
            try:
                await asyncio.wait_for(self.quiet.wait(), YIELD)
            except TimeoutError:
                pass

    # --- following ---------------------------------------------------------------------------------------------

    async def follow(self, match_id: str, view: str, after: int, receive: Callable, send: Callable,
                     who: str | None = None) -> str:
        """Serve one stream until it ends: the catch-up after `after`, then each new message (`who`: whose token
        opened it, see `revoked`). Returns why it ended: "gone" (the client left), "dropped" (it could not keep
        up) or "revoked"."""
        channel = self.channels.get(match_id) or self.channels.setdefault(match_id, Channel(match_id))
        feed = channel.feeds.get(view)
        if feed is None:
            feed = channel.feeds[view] = Feed(view)
            feed.ready = asyncio.ensure_future(self._load(channel, feed))
        try:
            await asyncio.shield(feed.ready)  # type: ignore[arg-type]
        except Exception:
            if channel.feeds.get(view) is feed:  # the next stream of the view loads it again
                del channel.feeds[view]
            raise
        first = [f"retry: {RETRY}\n\n".encode()]
        if not feed.overlay and feed.messages and after < feed.messages[0][0] - 1:  # before what it holds: read again
            first += await self._run(self._early, channel, view, after, feed.messages[0][0] - 1)
        first += [data for seq, data in feed.messages if seq > after]
        subscriber = Subscriber(send, b"".join(first), after if after > feed.last_seq() else 0, who)
        why = await self._serve(feed.subscribers, subscriber, receive, send)
        if not any(each.subscribers for each in channel.feeds.values()):
            channel.quiet_since = time.monotonic()
        return why

    async def follow_round(self, key: tuple[str, str], receive: Callable, send: Callable) -> str:
        """Serve one tournament page's feed until it ends: a message per table change of the round (web.rounds)."""
        feed = self.rounds.get(key)
        if feed is None:
            feed = self.rounds[key] = RoundFeed(key)
            await self._run(self._load_round, feed)
        return await self._serve(feed.subscribers, Subscriber(send, f"retry: {RETRY}\n\n".encode(), 0), receive,
                                 send)

    async def _serve(self, subscribers: set[Subscriber], subscriber: Subscriber, receive: Callable,
                     send: Callable) -> str:
        """Write the answer's head and what the subscriber holds, then keep it among `subscribers` until its client
        disconnects ("gone") or the hub drops it ("dropped")."""
        subscribers.add(subscriber)
        try:
            await send({"type": "http.response.start", "status": 200, "headers": STREAM_HEADERS})
            subscriber.taken()
            while (await receive())["type"] != "http.disconnect":
                pass
            subscriber.why = subscriber.why or "gone"
        except asyncio.CancelledError:
            if subscriber.why is None:  # not the hub's doing: the server is stopping
                raise
            asyncio.current_task().uncancel()  # type: ignore[union-attr]
        except Exception:  # noqa: BLE001 - the client has gone
            subscriber.why = subscriber.why or "gone"
        finally:
            subscriber.task = None
            subscriber.why = subscriber.why or "gone"  # a write still waited for is not followed by another
            subscribers.discard(subscriber)
        if subscriber.why == "dropped":
            self.dropped += 1
        return subscriber.why

    def _committed(self, match_ids: set[str]) -> None:
        """The writer's listener (its thread): wake the channels it wrote to, on the loop."""
        if self.loop is not None:
            self.loop.call_soon_threadsafe(self._wake, match_ids)

    def _notified(self, match_ids: set[str] | None) -> None:
        """The listener's (its thread): the matches a commit of any process wrote to, or None when notifications
        may have been missed (the connection to the server was lost): then every followed match is read again."""
        if self.loop is not None:
            self.loop.call_soon_threadsafe(self._wake, set(self.channels) if match_ids is None else match_ids)

    def _wake(self, match_ids: set[str]) -> None:
        for match_id in match_ids:
            channel = self.channels.get(match_id)
            if channel is not None and channel.feeds:
                asyncio.ensure_future(self._refresh(channel))
        for feed in self.rounds.values():
            changed = {match_id for match_id in match_ids if match_id in feed.tables}
            if changed and feed.subscribers:
                feed.pending |= changed
                asyncio.ensure_future(self._render_round(feed))

    def revoked(self, match_id: str, role: str) -> None:
        """`role`'s token of the match was reissued (from a request thread, web.organiser): end every open stream of
        the match opened with that token, whatever view it reads (a match token reads a player's view too), and on
        a reissue of the match token every stream opened with a player's token as well (their tokens die with it,
        recorder.tokens). Each reconnects and is checked again by the stream's route: with a new token it goes on,
        with the old one it is refused (403)."""
        if self.loop is not None:
            self.loop.call_soon_threadsafe(self._end_streams_of, match_id, role)

    def _end_streams_of(self, match_id: str, role: str) -> None:
        channel = self.channels.get(match_id)
        for feed in list(channel.feeds.values()) if channel is not None else ():
            for subscriber in list(feed.subscribers):
                if subscriber.who == role or role == access.JUDGE and subscriber.who is not None:
                    subscriber.end("revoked")

    def delay_changed(self, match_id: str, delay: dict[str, Any] | None) -> None:
        """A judge set the match's broadcast delay (from a request thread)."""
        if self.loop is not None:
            self.loop.call_soon_threadsafe(self._set_delay, match_id, delay)

    def _delay_notified(self, match_id: str) -> None:
        """The listener's (its thread): a server set the match's broadcast delay; read it if the match is held."""
        if self.loop is not None:
            self.loop.call_soon_threadsafe(lambda: asyncio.ensure_future(self._reload_delay(match_id)))

    async def _reload_delay(self, match_id: str) -> None:
        if match_id in self.channels:
            self._set_delay(match_id, await self._run(self._read_delay, match_id))

    def _read_delay(self, match_id: str) -> dict[str, Any] | None:
        with borrowed_log(self.app) as log:
            return log.match(match_id).get("broadcast_delay")

    def _set_delay(self, match_id: str, delay: dict[str, Any] | None) -> None:
        channel = self.channels.get(match_id)
        if channel is not None:
            channel.delay = delay
            self._release(channel)

    # --- the hub thread's reads --------------------------------------------------------------------------------

    async def _run(self, function: Callable, *args: Any) -> Any:
        assert self.loop is not None
        return await self.loop.run_in_executor(self.reader, function, *args)

    async def _load(self, channel: Channel, feed: Feed) -> None:
        """Fill a new feed with the match's messages in its view, from seq 1."""
        delay, entries = await self._run(self._read_view, channel, feed.view)
        channel.delay = delay
        self._publish(channel, feed, entries)

    def _read_view(self, channel: Channel, view: str) -> tuple[dict | None, list[tuple[int, bytes, float]]]:
        """(hub thread) The view's messages of the events read so far (all, for the match's first view)."""
        with borrowed_log(self.app) as log:
            summary = log.match(channel.match_id)
            entries = log.events(channel.match_id, upto=channel.read_seq or None)
            if is_overlay(view):  # its states are drawn once the delay lets them out (`_draw`)
                channel.drawers[view] = Drawer(channel.match_id, view)
            else:
                redactor = channel.redactors[view] = Shown(log, summary, view)
            # A broadcast delay in seconds counts from when the server received each event, never from the
            # `recorded_at` its client sent (web.readers.public_head).
            received = dict(log.received_times(channel.match_id)) if is_overlay(view) or view == access.SPECTATOR \
                else {}
        if entries:
            channel.read_seq = max(channel.read_seq, entries[-1]["seq"])
        return summary.get("broadcast_delay"), [
            (entry["seq"], b"" if is_overlay(view) else message(entry, redactor), unix_time(received.get(entry["seq"])))
            for entry in entries]

    def _early(self, channel: Channel, view: str, after: int, upto: int) -> list[bytes]:
        """(hub thread) Messages after `after` up to `upto` that the feed no longer holds, redacted from seq 1."""
        with borrowed_log(self.app) as log:
            summary = log.match(channel.match_id)
            entries = log.events(channel.match_id, upto=upto)
            redactor = Shown(log, summary, view)
        shown = [message(entry, redactor) for entry in entries]
        return shown[after:]

    async def _refresh(self, channel: Channel) -> None:
        """Read what is new of the match once, redact it once per view, and publish it."""
        if channel.refreshing:
            channel.again = True
            return
        channel.refreshing = True
        try:
            while True:
                channel.again = False
                new = await self._run(self._read_new, channel)
                for view, entries in new.items():
                    feed = channel.feeds.get(view)
                    if feed is not None:
                        self._publish(channel, feed, entries)
                if not channel.again:
                    break
        finally:
            channel.refreshing = False

    def _read_new(self, channel: Channel) -> dict[str, list[tuple[int, bytes, float]]]:
        """(hub thread) The events after the last read, as each loaded view's messages."""
        with borrowed_log(self.app) as log:
            entries = log.events(channel.match_id, after=channel.read_seq)
        if not entries:
            return {}
        channel.read_seq = entries[-1]["seq"]
        now = time.time()
        new = {view: [(entry["seq"], message(entry, redactor), now) for entry in entries]
               for view, redactor in list(channel.redactors.items())}
        return {**new, **{view: [(entry["seq"], b"", now) for entry in entries] for view in list(channel.drawers)}}

    def _load_round(self, feed: RoundFeed) -> None:
        """(hub thread) The round's tables, their rows taken as rendered at their head now (the page has them)."""
        feed.tables = rounds.tables_of(self.app, feed.key)

    async def _render_round(self, feed: RoundFeed) -> None:
        """Render the rows of the round's changed tables once, and write them to every page that follows it."""
        if feed.rendering:
            return  # the render under way takes what is pending after it
        feed.rendering = True
        try:
            while feed.pending:
                pending, feed.pending = feed.pending, set()
                data = await self._run(rounds.render_rows, self.app, feed, pending)
                if data:
                    for subscriber in list(feed.subscribers):
                        subscriber.write(data, self.limit)
        finally:
            feed.rendering = False

    async def _poll_round(self, feed: RoundFeed) -> None:
        feed.pending |= await self._run(rounds.poll, self.app, feed)
        await self._render_round(feed)

    # --- the loop's writes -------------------------------------------------------------------------------------

    def _publish(self, channel: Channel, feed: Feed, entries: list[tuple[int, bytes, float]]) -> None:
        """Messages read for a feed: to its streams now, or after the broadcast delay (the spectator's)."""
        fresh = [entry for entry in entries if entry[0] > max(feed.last_seq(), feed.delayed[-1][0]
                                                               if feed.delayed else 0)]
        if fresh:
            channel.head = max(channel.head, fresh[-1][0])
        if feed.delayed_view:
            feed.delayed.extend(fresh)
            self._release(channel)
        else:
            self._send(feed, [(seq, data) for seq, data, _at in fresh])

    def _release(self, channel: Channel) -> None:
        """Send the delayed feeds' messages (the spectator's and the overlays') whose broadcast delay is over; wake
        again for the next one."""
        if channel.release_at is not None:
            channel.release_at.cancel()
            channel.release_at = None
        delay = channel.delay or {}
        events, seconds = int(delay.get("events") or 0), float(delay.get("seconds") or 0)
        now = time.time()
        next_at = None
        for feed in [feed for feed in channel.feeds.values() if feed.delayed_view]:
            out = []
            while feed.delayed:
                seq, data, at = feed.delayed[0]
                if seq > 1 and (seq > channel.head - events or at + seconds > now):  # seq 1 is always public
                    break
                out.append((seq, data))
                feed.delayed.popleft()
            if feed.overlay:
                self._draw(channel, feed, out[-1][0] if out else 0)
            else:
                self._send(feed, out)
            if feed.delayed and seconds and feed.delayed[0][0] <= channel.head - events:
                next_at = min(next_at or math.inf, feed.delayed[0][2] + seconds)
        if next_at is not None:
            assert self.loop is not None
            channel.release_at = self.loop.call_later(next_at - now, self._release, channel)

    def _draw(self, channel: Channel, feed: Feed, seq: int) -> None:
        """Draw the overlay state after `seq` (in the hub's thread) and send it, unless a later one is drawn first:
        one drawing at a time per feed, and a page is sent the latest moment only."""
        feed.draw_seq = max(feed.draw_seq, seq)
        if not feed.drawing and feed.draw_seq > feed.last_seq():
            feed.drawing = True
            asyncio.ensure_future(self._drawing(channel, feed))

    async def _drawing(self, channel: Channel, feed: Feed) -> None:
        try:
            while feed.draw_seq > feed.last_seq():
                seq = feed.draw_seq
                self._send(feed, [(seq, await self._run(self._drawn, channel, feed.view, seq))])
        finally:
            feed.drawing = False

    def _drawn(self, channel: Channel, view: str, seq: int) -> bytes:
        """(hub thread) The message of the overlay state after `seq`."""
        with borrowed_log(self.app) as log:
            return channel.drawers[view].draw(log, seq)

    def _send(self, feed: Feed, messages: list[tuple[int, bytes]]) -> None:
        if not messages:
            return
        feed.messages.extend(messages)
        if feed.ready is not None and not feed.ready.done():
            return  # the first streams take these with their catch-up
        subscribers = list(feed.subscribers)  # those that join from now on have these in their catch-up
        if feed.writing is None and len(subscribers) <= SLICE:
            self._write(subscribers, messages)
            return
        feed.outbox.append((subscribers, messages))
        if feed.writing is None:
            feed.writing = asyncio.ensure_future(self._write_out(feed))

    async def _write_out(self, feed: Feed) -> None:
        """Write the feed's messages to its streams SLICE at a time, in order, each slice after the recorders'
        requests in flight (`after_recorders`)."""
        try:
            while feed.outbox:
                subscribers, messages = feed.outbox.popleft()
                for start in range(0, len(subscribers), SLICE):
                    await asyncio.sleep(0)  # what else waits on the loop: a recorder's answer
                    await self.after_recorders()
                    self._write(subscribers[start:start + SLICE], messages)
        finally:
            feed.writing = None

    def _write(self, subscribers: list[Subscriber], messages: list[tuple[int, bytes]]) -> None:
        data = b"".join(data for _seq, data in messages)
        body = {"type": "http.response.body", "body": data, "more_body": True}
        now, limit = time.monotonic(), self.limit
        for subscriber in subscribers:
            if subscriber.skip:  # rare: it has seen some of these already
                if messages[-1][0] > subscriber.skip:
                    subscriber.write(b"".join(each for seq, each in messages if seq > subscriber.skip), limit)
                    subscriber.skip = 0
                continue
            subscriber.write(data, limit, now, body)

    async def _tick(self) -> None:
        """Every `poll` seconds: read the followed matches (another process's appends; not on PostgreSQL, whose
        NOTIFYs tell), write a comment to the streams silent for `heartbeat` seconds, and let go of matches nobody
        has followed for IDLE_CHANNEL."""
        while True:
            await asyncio.sleep(self.poll)
            now = time.monotonic()
            for match_id, channel in list(self.channels.items()):
                followed = any(feed.subscribers for feed in channel.feeds.values())
                if followed:
                    if self.listener is None:
                        asyncio.ensure_future(self._refresh(channel))
                elif now - channel.quiet_since > IDLE_CHANNEL and not channel.refreshing:
                    del self.channels[match_id]
                    continue
                for feed in channel.feeds.values():
                    self._beat(feed.subscribers, now)
            for key, round_feed in list(self.rounds.items()):
                if round_feed.subscribers:
                    round_feed.quiet_since = now
                    asyncio.ensure_future(self._poll_round(round_feed))
                    self._beat(round_feed.subscribers, now)
                elif now - round_feed.quiet_since > IDLE_CHANNEL and not round_feed.rendering:
                    del self.rounds[key]

    def _beat(self, subscribers: set[Subscriber], now: float) -> None:
        """A comment line to the streams silent for `heartbeat` seconds."""
        for subscriber in list(subscribers):
            if now - subscriber.wrote >= self.heartbeat:
                subscriber.write(b": still here\n\n", self.limit)
