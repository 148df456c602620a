"""The README a new user reads first: its first two commands are `make run` and `make test`, it says what `make test`
installs and how long it takes, its links and screenshots exist, no heading of it or of docs/ names an issue
number, the figures live in docs/performance.md (no timestamps here), and its contract section does not call
"not yet" what the engine records (the demo records FFA3, FFA4 and 2v2)."""
from __future__ import annotations

import importlib
import re
from pathlib import Path

import pytest

from engine.modes import MODES

ROOT = Path(__file__).resolve().parent.parent
README = (ROOT / "README.md").read_text(encoding="utf-8")
DOCS = sorted((ROOT / "docs").glob("*.md"))


def slug(heading: str) -> str:
    """GitHub's anchor of a Markdown heading."""
    return re.sub(r"[^\w\- ]", "", heading.strip().lower()).replace(" ", "-")


def anchors(path: Path) -> set[str]:
    return {slug(match.group(1)) for match in re.finditer(r"^#+ (.*)$", path.read_text(encoding="utf-8"), re.M)}


def test_the_first_two_commands_are_make_run_and_make_test():
    block = re.search(r"```sh\n(.*?)```", README, re.S).group(1)
    assert [line.split("#")[0].strip() for line in block.splitlines()][:2] == ["make run", "make test"]


def test_it_says_what_make_test_installs_and_how_long_it_takes():
    said = " ".join(README.split())
    assert "system-wide with apt-get" in said and "`chromium` and `chromium-driver`" in said
    assert "`postgresql`" in said and "about 20 minutes from a clean clone" in said
    assert "about ten minutes" not in said


def test_no_timestamps_and_no_benchmark_tables_in_the_readme():
    assert not re.search(r"\d\d:\d\d(-\d\d:\d\d)? UTC|20\d\d-\d\d-\d\d \(|at \d\d:\d\d", README)
    assert "appends/s" not in README and "docs/performance.md" in README
    performance = (ROOT / "docs" / "performance.md").read_text(encoding="utf-8")
    assert "200 recorders" in performance and "pgbench" in performance


@pytest.mark.parametrize("path", [ROOT / "README.md", *DOCS], ids=lambda path: path.name)
def test_no_heading_names_an_issue(path):
    headings = re.findall(r"^#+ .*$", path.read_text(encoding="utf-8"), re.M)
    assert [heading for heading in headings if re.search(r"\b(issue|hole)s? \d", heading, re.I)] == []


def test_every_link_and_screenshot_of_the_readme_exists():
    for target, fragment in re.findall(r"\]\(([^)#\s]+)(#[^)\s]+)?\)", README):
        if target.startswith("http"):
            continue
        assert (ROOT / target).exists(), target
        if fragment and target.endswith(".md"):
            assert fragment[1:] in anchors(ROOT / target), f"{target}{fragment}"
    assert len(set(re.findall(r"docs/screens/[\w-]+\.png", README))) >= 18


def test_the_contract_section_calls_nothing_the_engine_records_not_yet():
    contract = README[README.index("## The contract"):]
    contract = contract[:contract.index("\n## ", 1)]
    later = " ".join(contract.split())
    not_yet = later[later.index("Not yet"):].split(".")[0] if "Not yet" in later else ""
    handlers = importlib.import_module("engine.fold").HANDLERS  # the module (engine.fold is also a function)
    recorded = [name for name in [*handlers, *MODES] if f"`{name}`" in not_yet]
    assert recorded == [], f"called not yet, but recorded: {recorded}"
    for mode in ("ffa3", "ffa4", "2v2"):
        assert mode in MODES and f"`{mode}`" in contract


def test_it_says_how_make_run_moves_off_a_taken_port():
    """`make run` on a machine where port 5000 is taken stops with "choose another --port", a flag of `riftlog
    serve` that `make run` takes as PORT=...: the README names the variable the Makefile reads (newcomer walk)."""
    makefile = (ROOT / "Makefile").read_text(encoding="utf-8")
    assert re.search(r"^PORT \?= 5000$", makefile, re.M) and "--port $(PORT)" in makefile
    assert "`make run PORT=5001`" in README
