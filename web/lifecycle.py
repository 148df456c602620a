"""How `riftlog serve` starts and ends (issue 19): one server per database file and per port, and no worker that
outlives its parent.

Granian runs a parent process and one worker (web.serving). Left to itself, a worker whose parent was killed
(`kill -9`, the out-of-memory killer, a supervisor that signals only the parent) goes on serving, holding the port
and the database; and Granian binds the port in the worker with SO_REUSEPORT, so a second server on the same port
starts without a word and the two share its connections. So:

- `die_with_parent`: the worker asks the kernel to kill it the moment its parent ends, however it ended
  (Linux's parent-death signal; elsewhere a thread that watches the parent). Why not Granian in one process: its
  in-process modes do not serve WSGI (embedded) or need a free-threaded Python (threads as workers).
- `listen`: the parent binds the port itself, without SO_REUSEPORT, and Granian's worker serves on that socket
  (`OnSocket`): the kernel refuses the port to anyone else while a process of this server holds it, and frees it
  when the last one ends. SO_REUSEADDR lets a restart bind over the connections a killed server left in TIME_WAIT.
- `claim_database`: an exclusive `flock` on a file next to the SQLite database (its path + `.serve-lock`), held
  for the server's life by the parent and its worker (which inherits it): the kernel drops it when both are gone,
  so a claim left by a killed server never blocks a restart, and no stale file needs cleaning up. A database that
  is not a file path (a PostgreSQL URL) is not claimed: several servers on one such database are the design
  (docs/architecture.md, "Deploying a tournament").

A claim that is taken is retried for up to CLAIM_WAIT seconds before refusing: the worker of a server killed a
moment ago may still be ending, and a supervisor that restarts at once must not be refused by it.
"""
from __future__ import annotations

import ctypes
import errno
import fcntl
import os
import signal
import socket
import sys
import threading
import time
from pathlib import Path
from typing import IO, Any

from granian import Granian
from granian._granian import SocketHolder

CLAIM_WAIT = 1.0  # seconds a taken claim (lock or port) is retried before refusing
BACKLOG = 4096  # connections waiting to be accepted (Granian's default is 1,024: a burst of spectators connecting)
PR_SET_PDEATHSIG = 1  # <linux/prctl.h>
PARENT_POLL = 0.1  # seconds between two looks at the parent, where the kernel cannot watch it for the worker


class Refused(Exception):
    """Another server holds the database or the port this one would serve: the message names it."""


def lock_path(database: str) -> Path:
    return Path(f"{database}.serve-lock")


def claim_database(database: str) -> IO[str] | None:
    """Hold `database` for this server: the open lock file (keep it open for as long as the server runs), or None
    for a database that is not a file path. Raises Refused, naming the holder's pid, if another server holds it."""
    if database == ":memory:" or "://" in database or database.startswith("file:"):
        return None
    path = lock_path(database)
    try:
        claim = open(path, "a+", encoding="utf-8")
    except OSError as error:
        raise Refused(f"cannot create {path}, the lock that keeps one server per database: {error.strerror}") from None
    if not _retry(lambda: fcntl.flock(claim, fcntl.LOCK_EX | fcntl.LOCK_NB)):
        claim.seek(0)
        holder = claim.read().strip()
        claim.close()
        pid = f"pid {holder}" if holder.isdigit() else "its pid not written yet"
        raise Refused(f"{database} is served by another `riftlog serve` ({pid}, holding {path}): stop that server "
                      f"first{f' (kill {holder}, or stop the service that runs it)' if holder.isdigit() else ''}, "
                      f"or serve another database with --db")
    claim.seek(0)
    claim.truncate()
    claim.write(f"{os.getpid()}\n")
    claim.flush()
    return claim


def listen(host: str, port: int) -> socket.socket:
    """A socket listening at host:port (port 0: any free port), bound without SO_REUSEPORT so that no other server
    can share it. Raises Refused, naming the process that holds the port, if it is taken."""
    try:
        family, kind, proto, _name, address = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM,
                                                                 flags=socket.AI_PASSIVE)[0]
    except socket.gaierror as error:
        raise Refused(f"cannot listen at {host}:{port}: {error.strerror}") from None
    listener = socket.socket(family, kind, proto)
    listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        if not _retry(lambda: listener.bind(address)):
            raise Refused(f"port {port} is held by {_port_holder(port)}: stop it first, or choose another --port")
        listener.listen(BACKLOG)
    except OSError as error:
        listener.close()
        raise Refused(f"cannot listen at {host}:{port}: {error.strerror}") from None
    except Refused:
        listener.close()
        raise
    return listener


def _retry(claim: Any) -> bool:
    """Call `claim` until it does not fail as taken (EADDRINUSE, EWOULDBLOCK), for up to CLAIM_WAIT seconds;
    whether it succeeded. Other errors are raised."""
    deadline = time.monotonic() + CLAIM_WAIT
    while True:
        try:
            claim()
            return True
        except OSError as error:
            if error.errno not in (errno.EADDRINUSE, errno.EWOULDBLOCK, errno.EAGAIN):
                raise
        if time.monotonic() >= deadline:
            return False
        time.sleep(0.02)


def _port_holder(port: int) -> str:
    """Which process listens on `port`, as a message can name it: from Linux's /proc (processes of this user)."""
    sockets = {f"socket:[{inode}]" for inode in listening_inodes(port)}
    pids = set()
    for fds in Path("/proc").glob("[0-9]*/fd"):
        try:
            if any(os.readlink(fd) in sockets for fd in fds.iterdir()):
                pids.add(int(fds.parent.name))
        except OSError:  # gone meanwhile, or another user's
            continue
    roots = sorted(pid for pid in pids if _parent(pid) not in pids)  # a server's parent, not its worker
    if not roots:
        return f"another process (`ss -ltnp 'sport = :{port}'` names it)"
    pid = roots[0]
    try:
        command = Path(f"/proc/{pid}/cmdline").read_bytes().replace(b"\0", b" ").decode(errors="replace").strip()
    except OSError:
        command = "?"
    return f"pid {pid} ({command[:120]}; stop it with `kill {pid}`)"


def listening_inodes(port: int) -> set[int]:
    """The inodes of the TCP sockets listening on `port` (IPv4 and IPv6), from Linux's /proc/net: one per socket,
    however many processes share it."""
    inodes = set()
    for table in ("/proc/net/tcp", "/proc/net/tcp6"):
        try:
            rows = Path(table).read_text().splitlines()[1:]
        except OSError:
            continue
        for row in rows:
            fields = row.split()
            if fields[3] == "0A" and int(fields[1].rsplit(":", 1)[1], 16) == port:  # 0A: LISTEN
                inodes.add(int(fields[9]))
    return inodes


def _parent(pid: int) -> int | None:
    try:
        return int(Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[1])
    except (OSError, IndexError, ValueError):
        return None


def die_with_parent(parent: int) -> None:
    """Make this process (Granian's worker) end when `parent` ends, however it ended: with SIGKILL, since a worker
    asked to stop waits for its live streams and only its parent would have cut them. What was answered 201 is
    committed already; a request in flight is not answered, as if the whole server had been killed."""
    if sys.platform == "linux":
        libc = ctypes.CDLL(None, use_errno=True)
        # The signal comes when the thread that forked this process ends: Granian forks its worker from its main
        # thread, which ends only with the parent.
        if libc.prctl(PR_SET_PDEATHSIG, ctypes.c_ulong(signal.SIGKILL), *[ctypes.c_ulong(0)] * 3) != 0:
            raise OSError(ctypes.get_errno(), "prctl(PR_SET_PDEATHSIG) failed")
    else:
        threading.Thread(target=_watch_parent, args=(parent,), name="riftlog-parent-watch", daemon=True).start()
    if os.getppid() != parent:  # it ended before the kernel watched it
        os.kill(os.getpid(), signal.SIGKILL)


def _watch_parent(parent: int) -> None:
    while os.getppid() == parent:
        time.sleep(PARENT_POLL)
    os.kill(os.getpid(), signal.SIGKILL)


class OnSocket(Granian):
    """Granian serving on `listener` (from `listen`), instead of the socket it binds in each worker on Linux with
    SO_REUSEPORT, which lets any number of servers share a port. Its worker inherits the socket when it forks.
    This takes Granian's hook for its shared socket (a private one: the tests of tests/test_serve_lifecycle.py
    start the real server and fail if a new Granian changes it)."""

    def __init__(self, listener: socket.socket, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.listener = listener

    def _init_shared_socket(self) -> None:
        self._ssp = None
        self._shd = SocketHolder(self.listener.fileno(), False, BACKLOG)
        self._sfd = self.listener.fileno()
        self._sso = self.listener  # closed by Granian when it shuts down
