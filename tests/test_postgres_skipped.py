"""Where no PostgreSQL server can be had, `make test` runs what the machine can run and says what it skipped
(tests/conftest.py): each PostgreSQL variant is skipped with the reason, the SQLite ones run, and the run ends with
one line naming why. `RIFTLOG_TEST_POSTGRES=off` takes that path on any machine (as PostgreSQL not installed
would, with its own reason: tests/postgres_cluster.py `unavailable`)."""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_without_postgres_the_sqlite_variants_run_and_the_run_says_why_the_others_did_not():
    done = subprocess.run([sys.executable, "-m", "pytest", "tests/test_writer.py", "-q", "-rs", "-p",
                           "no:cacheprovider", "-k", "concurrent_callers"], cwd=ROOT, capture_output=True, text=True, timeout=300,
                          env={**os.environ, "RIFTLOG_TEST_POSTGRES": "off"})
    assert done.returncode == 0, done.stdout + done.stderr
    lines = done.stdout.splitlines()
    assert lines[0].startswith(".s ")  # the SQLite variant passed, the PostgreSQL one was skipped
    assert "PostgreSQL tests skipped: RIFTLOG_TEST_POSTGRES=off" in lines
    skipped = [line for line in lines if line.startswith("SKIPPED")]
    assert len(skipped) == 1 and skipped[0].startswith("SKIPPED [1] tests/test_writer.py:")
    assert skipped[0].endswith(": RIFTLOG_TEST_POSTGRES=off")
