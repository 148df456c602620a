"""The real card gallery (../shared/data/cards.json beside the repository) as a catalog, for tests of real decks.

In a git worktree (`git worktree add`), "beside the repository" is beside the main checkout the worktree belongs to,
so the gallery is looked for beside both. Tests that need it skip when it is absent.
"""
from __future__ import annotations

import functools
import json
from pathlib import Path

import pytest

import engine

ROOT = Path(__file__).resolve().parent.parent


def gallery_file() -> Path | None:
    """The gallery export beside this checkout, or beside the main checkout of this worktree; None if absent."""
    roots = [ROOT]
    dot_git = ROOT / ".git"
    if dot_git.is_file():  # a worktree: ".git" says "gitdir: <main>/.git/worktrees/<name>"
        text = dot_git.read_text(encoding="utf-8").strip()
        if text.startswith("gitdir:"):
            roots.append(Path(text.partition(":")[2].strip()).parents[2])
    for root in roots:
        candidate = root.parent / "shared" / "data" / "cards.json"
        if candidate.exists():
            return candidate
    return None


@functools.lru_cache(maxsize=None)
def _parsed(name: str) -> engine.Catalog | None:
    path = gallery_file()
    return None if path is None else engine.catalog.parse_gallery(json.loads(path.read_text(encoding="utf-8")), name)


def gallery_catalog(name: str = "gallery") -> engine.Catalog:
    """The gallery parsed as the catalog `name` (once per name); the test skips when the gallery is absent, and so
    does a whole module that builds its decks from the gallery as it is imported."""
    catalog = _parsed(name)
    if catalog is None:
        pytest.skip("the card gallery ../shared/data/cards.json is absent", allow_module_level=True)
    return catalog
