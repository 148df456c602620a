"""`make test` installs Chromium and PostgreSQL system-wide with apt-get when they are missing (scripts/install-*.sh):
each script says what it is about to install before apt-get runs, and installs nothing (says nothing) when it is
there. Run as written, against stand-ins for `id` and `apt-get` on PATH that log their calls to the same file as
the script's own output, so the order of the two is what a user sees."""
from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

from serving import ROOT

BASH = shutil.which("bash") or "/bin/bash"


def stand_in(folder: Path, name: str, body: str) -> None:
    path = folder / name
    path.write_text(f"#!{BASH}\n{body}\n")
    path.chmod(0o755)


def run_script(tmp_path: Path, script: str, *, uid: int = 0, present: tuple[str, ...] = (),
               env: dict[str, str] | None = None) -> tuple[int, list[str], str]:
    """Run scripts/SCRIPT with only the stand-ins on PATH: (exit status, the lines of its output and apt-get's
    calls in order, its stderr)."""
    bin_ = tmp_path / "bin"
    bin_.mkdir(exist_ok=True)
    seen = tmp_path / "seen.log"
    stand_in(bin_, "id", f"echo {uid}")
    stand_in(bin_, "apt-get", f'echo "apt-get $*" >> {seen}')
    for name in present:
        stand_in(bin_, name, "exit 0")
    with seen.open("a") as out:
        done = subprocess.run([BASH, str(ROOT / "scripts" / script)], stdout=out, stderr=subprocess.PIPE, text=True,
                              env={"PATH": str(bin_), **(env or {})}, timeout=60)
    return done.returncode, seen.read_text().splitlines(), done.stderr


def test_install_browser_says_what_it_installs_before_apt_get_runs(tmp_path):
    status, lines, _ = run_script(tmp_path, "install-browser.sh")
    assert status == 0
    assert lines[0].startswith("install-browser: the browser tests need Chromium: installing Debian's chromium and "
                               "chromium-driver system-wide with apt-get")
    assert lines[1:] == ["apt-get update -qq", "apt-get install -y -qq chromium chromium-driver",
                         "install-browser: installed chromium and chromium-driver"]


def test_install_browser_does_nothing_when_chromium_is_there(tmp_path):
    assert run_script(tmp_path, "install-browser.sh", present=("chromium", "chromedriver"))[:2] == (0, [])


def test_install_browser_without_root_names_the_command_and_installs_nothing(tmp_path):
    status, lines, errors = run_script(tmp_path, "install-browser.sh", uid=1000)
    assert status == 1 and lines == [] and "apt-get install chromium chromium-driver" in errors


@pytest.mark.parametrize("uid", [0, 1000])
def test_install_postgres_says_what_it_installs_before_apt_get_runs(tmp_path, uid):
    status, lines, errors = run_script(tmp_path, "install-postgres.sh", uid=uid,
                                       env={"POSTGRES_LIB": str(tmp_path / "none")})
    assert status == 0
    if uid:
        assert lines == [] and "its tests will be skipped" in errors
        return
    assert lines[0].startswith("install-postgres: the PostgreSQL tests need its server: installing Debian's "
                               "postgresql system-wide with apt-get")
    assert lines[1:] == ["apt-get install -y -qq postgresql", "install-postgres: installed postgresql"]


def test_install_postgres_does_nothing_when_a_server_is_there(tmp_path):
    server = tmp_path / "lib" / "15" / "bin"
    server.mkdir(parents=True)
    (server / "postgres").touch()
    assert run_script(tmp_path, "install-postgres.sh", env={"POSTGRES_LIB": str(tmp_path / "lib")})[:2] == (0, [])
