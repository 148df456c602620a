"""Group commit: one thread writes the appends of many callers and commits them together.

A durable commit costs an fsync (SQLite's, or PostgreSQL's flush of its WAL), and SQLite has one write lock per
file. Callers that each open a transaction queue up on the lock (and, past the busy timeout, fail with "database is
locked"); one writer that takes every append
waiting in its queue, writes them one after the other and commits them all at once carries many callers' events
on one fsync. An append that is refused (Conflict, Refused, Malformed...) leaves the others of its group alone.
Each caller gets its answer only once the group has committed: acknowledged means durable, as with `Log.append`.

A refused append has almost always written nothing: `Log.write_append` checks and folds before it writes. So a
group is written without a savepoint per append, and only if an append fails after writing something (the store's
count of changes moved: a database error, a row already there; on PostgreSQL any failed statement, which spoils
the transaction) is the group rolled back and written again
with each append in its own savepoint, so that the failed one alone is undone. A savepoint costs two statements,
and every statement hands Python's GIL to the server's other threads and waits to get it back: on a busy server
that was a fifth of the CPU of an append.

The web app (`web.db`) routes every append through one `Writer` per database file. A caller whose append has not
been started within `wait` seconds, or whose group could not get the write lock within the busy timeout (another
process holds the file), gets `Busy` and nothing of its append is written.

On PostgreSQL, a group locks its matches' rows in the order of their ids (the jobs are sorted by match, each
match's in the order they came), so that two processes' groups never wait for each other in a circle; and it
sends the matches it wrote as a NOTIFY, delivered at its commit, to the live streams of every process (web.hub).

Once a group has committed, the writer counts a commit for each match it wrote and wakes whoever waits for one
(`wait_for_commit`): a live stream of a match (web.stream) follows it without asking the database until there is
something new to read, and calls its listeners (`listen`: the hub of the live streams, web.hub).
"""
from __future__ import annotations

import queue
import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any

from recorder.errors import Busy, RecorderError
from recorder.heads import HOT, Head
from recorder.log import FOLD_AHEAD, Folded, Log, PreparedAppend, utc_now

WAIT = 5.0  # seconds an append may wait in the queue before it is Busy
BUSY_TIMEOUT = 2.0  # seconds the writer waits for a lock another process holds before its group is Busy
MOST_PER_COMMIT = 512  # appends one commit carries at most, so that one group never holds the lock for long
IDLE = 30.0  # seconds without appends after which the thread closes its connection and ends (restarted on demand)


class _Job:
    """One caller's append, from the queue to its answer."""

    def __init__(self, prepared: PreparedAppend, ahead: Folded | None = None) -> None:
        self.prepared = prepared
        self.ahead = ahead
        self._lock = threading.Lock()
        self._state = "queued"
        self._done = threading.Event()
        self._outcome: Any = None

    def start(self) -> bool:
        """Claim the job for a commit; False if its caller has given up waiting."""
        with self._lock:
            if self._state == "cancelled":
                return False
            self._state = "started"
            return True

    def finish(self, outcome: Any) -> None:
        self._outcome = outcome
        self._done.set()

    def answer(self, wait: float) -> dict:
        """The append's answer, or its error raised. A job not started within `wait` is withdrawn: `Busy`."""
        if not self._done.wait(wait):
            with self._lock:
                if self._state == "queued":
                    self._state = "cancelled"
                    raise Busy(f"the log is busy: the append to match {self.prepared.match_id} waited {wait:g} s "
                               "without being written; nothing was written; try again")
            self._done.wait()  # started: its group commits or fails shortly
        if isinstance(self._outcome, BaseException):
            raise self._outcome
        return self._outcome


class Writer:
    """The one writer of the database at `path` in this process: `append` as `Log.append`, committed in groups."""

    def __init__(self, path: str | Path, *, clock: Callable[[], str] = utc_now, wait: float = WAIT,
                 busy_timeout: float = BUSY_TIMEOUT, key_path: str | Path | None = None) -> None:
        self.path = path
        self.key_path = key_path  # the server's key file, for the snapshots it writes (recorder.keys)
        self.clock = clock
        self.wait = wait
        self.busy_timeout = busy_timeout
        self._queue: queue.SimpleQueue[_Job | None] = queue.SimpleQueue()
        self._lock = threading.Lock()
        self._thread: threading.Thread | None = None
        self._committed = threading.Condition()
        self._commits: dict[str, int] = {}  # match id -> how many commits have written to it since the writer began
        self._listeners: list[Callable[[set[str]], None]] = []

    def __repr__(self) -> str:
        return f"Writer({str(self.path)!r})"

    def append(self, log: Log, match_id: str, events: list[dict], **options: Any) -> dict:
        """`log.append(match_id, events, **options)`, written by the writer thread with other callers' appends.

        `log` (the caller's own) checks the request first, so a malformed one never reaches the queue, and folds a
        long batch ahead (`Log.fold_ahead`), so the writer only writes it; and so the first append of a match whose
        head this process does not keep (created by another process, or recorded through another server), so that
        rebuilding that head (~7 ms of CPU) holds up no other table's commit."""
        prepared = log.prepare_append(match_id, events, **options)
        cold = not HOT.knows(log.database, match_id)
        job = _Job(prepared, log.fold_ahead(prepared) if cold or len(prepared.bodies) >= FOLD_AHEAD else None)
        with self._lock:
            self._queue.put(job)
            if self._thread is None:
                self._thread = threading.Thread(target=self._run, name=f"riftlog-writer {self.path}", daemon=True)
                self._thread.start()
        return job.answer(self.wait)

    def commits(self, match_id: str) -> int:
        """How many of this writer's commits have written to `match_id`: what `wait_for_commit` waits to pass."""
        with self._committed:
            return self._commits.get(match_id, 0)

    def listen(self, listener: Callable[[set[str]], None]) -> None:
        """Call `listener(match_ids)` in the writer's thread after each commit, with the matches it wrote to (the
        live streams' hub, web.hub, hands it to its own thread at once: a listener must not block)."""
        self._listeners.append(listener)

    def wait_for_commit(self, match_id: str, seen: int, timeout: float) -> int:
        """Wait until this writer has committed to `match_id` more than `seen` times (see `commits`), or `timeout`
        seconds have passed; return the count. Only appends through this writer wake it: another process's are
        seen by reading the log."""
        with self._committed:
            self._committed.wait_for(lambda: self._commits.get(match_id, 0) > seen, timeout)
            return self._commits.get(match_id, 0)

    def _run(self) -> None:
        log = Log(self.path, clock=self.clock, busy_timeout=self.busy_timeout, key_path=self.key_path)
        try:
            while True:
                try:
                    job = self._queue.get(timeout=IDLE)
                except queue.Empty:
                    with self._lock:
                        if self._queue.empty():
                            self._thread = None
                            return
                    continue
                jobs = [job]
                while len(jobs) < MOST_PER_COMMIT:
                    try:
                        jobs.append(self._queue.get_nowait())
                    except queue.Empty:
                        break
                jobs = sorted((job for job in jobs if job is not None and job.start()),
                              key=lambda job: job.prepared.match_id)  # stable: a match's in the order they came
                self._commit(log, jobs)
        finally:
            log.close()

    def _commit(self, log: Log, jobs: list[_Job]) -> None:
        """Write every job in one transaction; answer them once it has committed."""
        if not jobs:
            return
        try:
            try:
                outcomes, heads = self._write(log, jobs, isolated=False)
            except _WroteThenFailed:
                outcomes, heads = self._write(log, jobs, isolated=True)
        except Exception as error:  # noqa: BLE001 - the group as a whole failed (Busy, I/O): nothing was written
            failure = error if isinstance(error, RecorderError) else Busy(f"the log could not commit: {error}")
            for job in jobs:
                job.finish(failure)
            return
        log.make_hot(heads)
        written = {job.prepared.match_id for job, outcome in zip(jobs, outcomes)
                   if not isinstance(outcome, BaseException)}
        with self._committed:
            for match_id in written:
                self._commits[match_id] = self._commits.get(match_id, 0) + 1
            self._committed.notify_all()
        for job, outcome in zip(jobs, outcomes):
            job.finish(outcome)
        if written:
            for listener in self._listeners:
                listener(written)

    def _write(self, log: Log, jobs: list[_Job], *, isolated: bool) -> tuple[list[Any], dict[str, tuple[str, Head]]]:
        """Write the jobs in one transaction and commit it: each job's answer or error, and the new heads.

        Not `isolated`: no savepoints; a job that fails after changing a row raises `_WroteThenFailed` (and the
        transaction is rolled back). `isolated`: each job in its own savepoint, folded again under the lock (what
        an earlier attempt folded ahead may have been changed in place since)."""
        outcomes: list[Any] = []
        heads: dict[str, tuple[str, Head]] = {}
        with log.db.writing():
            log.db.lock_matches(sorted({job.prepared.match_id for job in jobs}),
                                [(job.prepared.match_id, job.prepared.idempotency_key) for job in jobs
                                 if job.prepared.idempotency_key is not None])
            for job in jobs:
                changes = log.db.changes()
                try:
                    if isolated:
                        with log.db.savepoint():
                            outcomes.append(log.write_append(job.prepared, heads))
                    else:
                        outcomes.append(log.write_append(job.prepared, heads, job.ahead))
                except Exception as error:  # noqa: BLE001 - this caller's error, handed to this caller
                    if not isolated and log.db.changes() != changes:
                        raise _WroteThenFailed() from error
                    outcomes.append(error)
            log.db.notify({job.prepared.match_id for job, outcome in zip(jobs, outcomes)
                           if not isinstance(outcome, BaseException)})
        return outcomes, heads


class _WroteThenFailed(Exception):
    """An append of a group failed after it had changed rows: the group is written again, isolated."""
