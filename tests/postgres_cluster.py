"""A throwaway PostgreSQL server for the tests: Debian's server binaries (scripts/install-postgres.sh installs them),
a new cluster (initdb) in a temporary folder, listening on a free loopback port, stopped and removed at the end.

initdb and postgres refuse to run as root: as root (as on CI) they run as the `postgres` user Debian's package
creates, and the folder is handed to it. `unavailable()` says why no server can be had here, and the PostgreSQL
variants of the tests are skipped with that reason (tests/conftest.py), the rest run as before.

The cluster runs with `fsync=off`: what PostgreSQL writes still reaches the operating system before a COMMIT is
acknowledged (`synchronous_commit` stays on), so a killed server process loses nothing acknowledged, which is what
the tests kill; only a crash of the machine would, and no test crashes the machine.
"""
from __future__ import annotations

import ctypes
import os
import pwd
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import psycopg

START_WAIT = 60.0  # seconds the server may take to accept connections
USER = "riftlog"  # the cluster's superuser
DATABASE = "riftlog"


def binaries() -> Path | None:
    """The folder of the newest PostgreSQL server binaries installed (Debian keeps each major version apart)."""
    found = sorted(Path("/usr/lib/postgresql").glob("*/bin/postgres"),
                   key=lambda path: int(path.parent.parent.name) if path.parent.parent.name.isdigit() else 0)
    if found:
        return found[-1].parent
    initdb = shutil.which("initdb")
    return Path(initdb).resolve().parent if initdb else None


def _run_as() -> str | None:
    """The user the server runs as: `postgres` when we are root (it refuses root), else ourselves (None)."""
    if os.geteuid() != 0:
        return None
    try:
        pwd.getpwnam("postgres")
    except KeyError:
        return ""
    return "postgres"


def unavailable() -> str | None:
    """Why no PostgreSQL server can be started here, or None if one can (`RIFTLOG_TEST_POSTGRES=off`: a quick
    run without the PostgreSQL variants)."""
    if os.environ.get("RIFTLOG_TEST_POSTGRES") == "off":
        return "RIFTLOG_TEST_POSTGRES=off"
    if binaries() is None:
        return "PostgreSQL is not installed (scripts/install-postgres.sh installs Debian's postgresql as root)"
    if _run_as() == "":
        return "running as root and there is no `postgres` user to run PostgreSQL as"
    return None


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def _die_with_us() -> None:
    """In the server's process before it starts: killed if the test process ends without stopping it."""
    if sys.platform == "linux":
        ctypes.CDLL(None).prctl(1, signal.SIGKILL, 0, 0, 0)  # PR_SET_PDEATHSIG


class Cluster:
    """One throwaway PostgreSQL server; `url()` names a fresh schema of its database for each test."""

    def __init__(self, *, durable: bool = False) -> None:
        """`durable`: fsync as a production server does (the benchmarks), not `fsync=off` (the tests)."""
        self.durable = durable
        self.bin = binaries()
        assert self.bin is not None, unavailable()
        self.user = _run_as()
        self.folder = Path(tempfile.mkdtemp(prefix="riftlog-pg-"))
        self.data = self.folder / "data"
        self.logfile = self.folder / "server.log"
        self.port = free_port()
        self.process: subprocess.Popen | None = None
        self.schemas = 0
        if self.user:
            owner = pwd.getpwnam(self.user)
            os.chown(self.folder, owner.pw_uid, owner.pw_gid)
        self._run([str(self.bin / "initdb"), "-D", str(self.data), "-U", USER, "--auth=trust", "-E", "UTF8",
                   "--locale=C", "--no-sync"])
        self.start()
        with psycopg.connect(self.server_url("postgres"), autocommit=True) as admin:
            admin.execute(f"CREATE DATABASE {DATABASE}")

    def _run(self, command: list[str]) -> None:
        done = subprocess.run(command, capture_output=True, text=True, user=self.user or None, cwd=self.folder)
        if done.returncode:
            raise RuntimeError(f"{' '.join(command)} failed: {done.stderr.strip() or done.stdout.strip()}")

    def server_url(self, database: str = DATABASE) -> str:
        return f"postgresql://{USER}@127.0.0.1:{self.port}/{database}"

    def url(self) -> str:
        """A URL of the database whose search_path is a new, empty schema: one test's database of its own."""
        self.schemas += 1
        schema = f"t{self.schemas}"
        with psycopg.connect(self.server_url(), autocommit=True) as admin:
            admin.execute(f"CREATE SCHEMA {schema}")
        return f"{self.server_url()}?options=-csearch_path%3D{schema}"

    def start(self) -> None:
        """Start the server on its port and wait until it accepts connections."""
        log = open(self.logfile, "ab")
        self.process = subprocess.Popen(
            [str(self.bin / "postgres"), "-D", str(self.data), "-p", str(self.port), "-k", str(self.folder),
             "-c", "listen_addresses=127.0.0.1", "-c", "max_connections=400", "-c", "logging_collector=off",
             *([] if self.durable else ["-c", "fsync=off", "-c", "full_page_writes=off"])],
            stdout=log, stderr=log, user=self.user or None, cwd=self.folder, preexec_fn=_die_with_us)
        log.close()
        deadline = time.monotonic() + START_WAIT
        while True:
            try:
                psycopg.connect(self.server_url("postgres"), connect_timeout=2).close()
                return
            except psycopg.OperationalError:
                if self.process.poll() is not None or time.monotonic() > deadline:
                    self.stop()
                    raise RuntimeError(f"PostgreSQL did not start: {self.logfile.read_text()[-2000:]}") from None
                time.sleep(0.05)

    def kill(self) -> None:
        """kill -9 the server (its postmaster; its backends end when they see it gone)."""
        assert self.process is not None
        self.process.kill()
        self.process.wait()

    def restart(self) -> None:
        """Start the server again after `kill`: once the killed server's processes have let go of its shared
        memory (they end when they see it gone), it recovers from its WAL."""
        deadline = time.monotonic() + START_WAIT
        while True:
            try:
                self.start()
                return
            except RuntimeError:
                if time.monotonic() > deadline:
                    raise
                time.sleep(0.1)

    def stop(self) -> None:
        """A fast shutdown (SIGINT: open sessions are ended), waited for."""
        if self.process is not None and self.process.poll() is None:
            self.process.send_signal(signal.SIGINT)
            try:
                self.process.wait(30)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        self.process = None

    def remove(self) -> None:
        self.stop()
        shutil.rmtree(self.folder, ignore_errors=True)
