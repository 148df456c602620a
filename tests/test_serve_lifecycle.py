"""How `riftlog serve` starts and ends (web.lifecycle, issue 19), with the real command in processes of its own: the
worker ends with its parent however the parent ends, one server per database file and per port, and a claim left
by a killed server never blocks a restart. Every wait polls with a bounded deadline."""
from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from serving import ROOT, free_port
from web import lifecycle

STARTED_WITHIN = 60.0  # seconds a server may take to answer its first request on a loaded machine
ENDED_WITHIN = 2.0  # seconds within which no process of a killed server may be left (issue 19)


def run_serve(database: Path, port: int) -> subprocess.Popen:
    """`riftlog --db DATABASE serve --port PORT` in a session of its own (its process group: the parent and its
    worker)."""
    command = [sys.executable, "-c", "from riftlog_cli import cli; cli()", "--db", str(database), "serve",
               "--port", str(port)]
    return subprocess.Popen(command, cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            start_new_session=True)


def until(condition: Callable[[], bool], within: float, what: str) -> None:
    deadline = time.monotonic() + within
    while not condition():
        assert time.monotonic() < deadline, f"not within {within} s: {what}"
        time.sleep(0.01)


def answers(port: int) -> bool:
    try:
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/api/matches", timeout=STARTED_WITHIN) as response:
            return response.status == 200
    except OSError:
        return False


def wait_serving(server: subprocess.Popen, port: int) -> None:
    def serving() -> bool:
        assert server.poll() is None, f"the server ended: {server.communicate()}"
        return answers(port)

    until(serving, STARTED_WITHIN, f"the server answering on port {port}")


def live_processes(group: int) -> list[int]:
    """The processes of process group `group` that have not ended (a zombie has ended: it holds nothing)."""
    found = []
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if int(fields[2]) == group and fields[0] != "Z":
            found.append(int(stat.parent.name))
    return found


@pytest.fixture
def servers() -> Iterator[list[subprocess.Popen]]:
    """The servers a test starts (append them): every process of theirs is killed at the end."""
    started: list[subprocess.Popen] = []
    yield started
    for server in started:
        for pid in live_processes(server.pid):
            os.kill(pid, signal.SIGKILL)
        server.wait()
        for stream in (server.stdout, server.stderr):
            stream.close()


def refusal(server: subprocess.Popen) -> str:
    """What a server that must refuse to start said: it ends, non-zero."""
    try:
        out, err = server.communicate(timeout=STARTED_WITHIN)
    except subprocess.TimeoutExpired:
        server.kill()
        raise AssertionError("the second server started instead of refusing") from None
    assert server.returncode != 0, out
    return err


def test_kill_9_of_the_server_ends_its_worker_within_2_s_and_a_restart_is_the_only_listener(tmp_db, servers):
    port = free_port()
    servers.append(first := run_serve(tmp_db, port))
    wait_serving(first, port)
    assert len(live_processes(first.pid)) == 2  # Granian's parent and its worker
    os.kill(first.pid, signal.SIGKILL)
    first.wait()
    until(lambda: not live_processes(first.pid), ENDED_WITHIN, "the killed server's worker to end")
    assert not answers(port)

    servers.append(second := run_serve(tmp_db, port))
    wait_serving(second, port)
    assert len(lifecycle.listening_inodes(port)) == 1  # one socket, shared by the new parent and its worker


def test_a_restart_at_once_after_a_kill_9_is_not_refused_by_the_killed_servers_claims(tmp_db, servers):
    port = free_port()
    servers.append(first := run_serve(tmp_db, port))
    wait_serving(first, port)
    os.kill(first.pid, signal.SIGKILL)
    servers.append(second := run_serve(tmp_db, port))  # as a supervisor restarts it: no wait
    claim = lifecycle.lock_path(str(tmp_db))

    def claimed() -> bool:
        assert second.poll() is None, f"the restart was refused: {second.communicate()}"
        return claim.read_text() == f"{second.pid}\n"

    # Until the killed server's worker has ended it may still answer on the port (on a loaded machine, for a
    # moment): the restart is serving once it holds the database, which it takes before it binds the port.
    until(claimed, STARTED_WITHIN, "the restarted server to claim the database")
    wait_serving(second, port)
    assert len(lifecycle.listening_inodes(port)) == 1


def test_a_second_server_on_the_same_database_is_refused_naming_the_first(tmp_db, servers):
    port = free_port()
    servers.append(first := run_serve(tmp_db, port))
    wait_serving(first, port)
    servers.append(second := run_serve(tmp_db, free_port()))
    message = refusal(second)
    assert f"{tmp_db} is served by another `riftlog serve` (pid {first.pid}" in message
    assert f"kill {first.pid}" in message
    assert answers(port)  # the first serves on


def test_a_second_server_on_the_same_port_is_refused_naming_the_first(tmp_db, tmp_path, servers):
    port = free_port()
    servers.append(first := run_serve(tmp_db, port))
    wait_serving(first, port)
    other = tmp_path / "other.db"
    servers.append(second := run_serve(other, port))
    message = refusal(second)
    assert f"port {port} is held by pid {first.pid} (" in message and f"kill {first.pid}" in message
    assert not other.exists()  # nothing made of the refused server's database
    assert answers(port) and len(lifecycle.listening_inodes(port)) == 1


def test_a_port_another_program_listens_on_is_refused_naming_that_program(tmp_db, servers):
    with socket.create_server(("127.0.0.1", 0)) as program:  # this test's process holds the port
        port = program.getsockname()[1]
        servers.append(server := run_serve(tmp_db, port))
        message = refusal(server)
    assert f"port {port} is held by pid {os.getpid()} (" in message


def test_kill_9_of_the_worker_ends_the_server_for_its_supervisor_to_restart(tmp_db, servers):
    port = free_port()
    servers.append(server := run_serve(tmp_db, port))
    wait_serving(server, port)
    [worker] = [pid for pid in live_processes(server.pid) if pid != server.pid]
    os.kill(worker, signal.SIGKILL)
    assert server.wait(STARTED_WITHIN) != 0  # the parent does not go on without a worker


def test_ctrl_c_releases_the_database_and_the_port_for_the_next_server(tmp_db, servers):
    port = free_port()
    servers.append(first := run_serve(tmp_db, port))
    wait_serving(first, port)
    os.killpg(first.pid, signal.SIGINT)
    assert first.wait(STARTED_WITHIN) == 0
    servers.append(second := run_serve(tmp_db, port))
    wait_serving(second, port)


def test_one_process_cannot_claim_a_database_file_twice_and_the_claim_names_it(tmp_db):
    claim = lifecycle.claim_database(str(tmp_db))
    try:
        with pytest.raises(lifecycle.Refused, match=rf"pid {os.getpid()}, holding {tmp_db}.serve-lock"):
            lifecycle.claim_database(str(tmp_db))
    finally:
        claim.close()
    lifecycle.claim_database(str(tmp_db)).close()  # closed: free again


def test_a_database_that_is_not_a_file_is_not_claimed_so_several_servers_may_share_it():
    assert lifecycle.claim_database("postgresql://riftlog@db.example/riftlog") is None
