"""Shared fixtures: a temporary database, a Log on it, and match_created events built from the demo decks."""
from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

import recorder
from engine.catalog import Catalog, parse_gallery

ROOT = Path(__file__).resolve().parent.parent
DEMO_DECKS = ROOT / "engine" / "data" / "demo_decks.json"
FIXED_TIME = "2025-06-02T10:00:00.000+00:00"


@pytest.fixture(scope="session")
def demo_decks() -> list[dict]:
    """The two duel decks of engine/data/demo_decks.json: {legend, champion, deck, runes, battlefields}."""
    return json.loads(DEMO_DECKS.read_text(encoding="utf-8"))["decks"]


@pytest.fixture
def tmp_db(request: pytest.FixtureRequest, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator:
    """A path for a new SQLite log file (not created yet); a test marked `on_both_stores` (tests/stores.py) also
    runs with the URL of a new, empty log on PostgreSQL here."""
    yield from _new_database(getattr(request, "param", "sqlite"), request, tmp_path, monkeypatch)


# --- both stores (STYLE.md, "Two stores, one log") ----------------------------------------------------------------

_postgres_skipped: list[str] = []


@pytest.fixture(scope="session")
def postgres_cluster() -> Iterator:
    """A throwaway PostgreSQL server for the session (tests/postgres_cluster.py), started on first use; the test
    is skipped, saying why, where none can be had."""
    import postgres_cluster as clusters

    why = clusters.unavailable()
    if why is None:
        try:
            cluster = clusters.Cluster()
        except (RuntimeError, OSError) as error:
            why = f"PostgreSQL could not be started: {error}"
    if why is not None:
        _postgres_skipped.append(why)
        pytest.skip(why)
    try:
        yield cluster
    finally:
        from recorder.postgres import close_pools

        close_pools()
        cluster.remove()


@pytest.fixture(params=["sqlite", "postgresql"])
def database(request: pytest.FixtureRequest, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator:
    """A new, empty log's database in each store: a SQLite file's path (a Path), or the URL of a fresh schema on
    the session's PostgreSQL server (a str; the server's key file then sits in `tmp_path`)."""
    yield from _new_database(request.param, request, tmp_path, monkeypatch)


def _new_database(store: str, request: pytest.FixtureRequest, tmp_path: Path,
                  monkeypatch: pytest.MonkeyPatch) -> Iterator:
    if store == "sqlite":
        yield tmp_path / "riftlog.db"
        return
    url = request.getfixturevalue("postgres_cluster").url()
    monkeypatch.setenv("RIFTLOG_SEAL_KEY", str(tmp_path / "riftlog.seal-key"))
    yield url
    from recorder.postgres import close_pools

    close_pools()


def pytest_terminal_summary(terminalreporter) -> None:
    """Say once, at the end, that the PostgreSQL variants did not run and why."""
    if _postgres_skipped:
        terminalreporter.write_line(f"PostgreSQL tests skipped: {_postgres_skipped[0]}", yellow=True)


@pytest.fixture
def log(tmp_db: Path) -> Iterator[recorder.Log]:
    """A Log on `tmp_db` whose clock always says FIXED_TIME."""
    with recorder.Log(tmp_db, clock=lambda: FIXED_TIME) as opened:
        yield opened


@pytest.fixture
def make_match_created(demo_decks: list[dict]) -> Callable[..., dict]:
    """A factory of duel match_created events between Annie (P1) and Viktor (P2) with the demo decks, played under
    Core Rules v1.3 (the edition the tests of before rules editions were written for; `rules=` to choose another),
    with the abilities declared by the recorder as those tests record them (`abilities="checked"` for the engine's
    checks of the cards, engine/cards)."""

    def make(policy: str = "strict", **fields: object) -> dict:
        players = [{"name": name, **deck} for name, deck in zip(("Annie", "Viktor"), demo_decks)]
        return {"type": "match_created", "mode": "duel", "rules": "v1.3", "abilities": "declared", "players": players,
                "catalog": "demo",
                "policy": policy, **fields}

    return make


@pytest.fixture
def duel_created(make_match_created: Callable[..., dict]) -> dict:
    """A strict duel match_created event."""
    return make_match_created("strict")


@pytest.fixture
def audit_created(make_match_created: Callable[..., dict]) -> dict:
    """An audit duel match_created event: broken rules are stored with their violations."""
    return make_match_created("audit")


@pytest.fixture
def duel_game(demo_decks: list[dict]) -> Callable[[int], list[dict]]:
    """A factory of legal events after match_created: game start, opening hands, no mulligans, then `turns`
    turns of channel, draw and end_turn (three events a turn), P1 first. Cards are drawn in decklist order."""

    def events(turns: int) -> list[dict]:
        decks, runes = {}, {}
        for player, deck in zip(("P1", "P2"), demo_decks):
            cards = list(deck["deck"])
            cards.remove(deck["champion"])  # the chosen champion starts in the champion zone
            decks[player], runes[player] = cards, list(deck["runes"])
        battlefields = {player: deck["battlefields"][0] for player, deck in zip(("P1", "P2"), demo_decks)}
        script = [{"type": "game_started", "game": 1, "first_player": "P1", "battlefields": battlefields}]
        for player in ("P1", "P2"):
            script.append({"type": "draw", "player": player, "cards": _take(decks[player], 4)})
        script += [{"type": "mulligan", "player": player, "set_aside": []} for player in ("P1", "P2")]
        for turn in range(1, turns + 1):
            player = "P1" if turn % 2 else "P2"
            channel = 3 if turn == 2 else 2  # the second player's first channel phase channels 3 (rule 644.7)
            script += [{"type": "channel", "player": player, "runes": _take(runes[player], channel)},
                       {"type": "draw", "player": player, "cards": _take(decks[player], 1)},
                       {"type": "end_turn", "player": player}]
        return script

    return events


def _take(pile: list[str], count: int) -> list[str]:
    """The first `count` names of `pile` (fewer if it runs out), removed from it."""
    taken = pile[:count]
    del pile[:count]
    return taken


@pytest.fixture
def app(tmp_db: Path):
    """The Flask app (web.create_app) on `tmp_db`, in testing mode."""
    from web import create_app

    return create_app({"TESTING": True, "DATABASE": str(tmp_db)})


@pytest.fixture
def client(app):
    """A test client of `app`."""
    return app.test_client()


@pytest.fixture
def runner():
    """click's CliRunner, for riftlog_cli."""
    from click.testing import CliRunner

    return CliRunner()


@pytest.fixture
def demo_tokens(log: recorder.Log) -> dict[str, str]:
    """The built-in sample matches (replays.demo) recorded in `tmp_db`: {match id: match token}, strict first."""
    from replays.demo import record_demo

    return record_demo(log)


@pytest.fixture
def demo_ids(demo_tokens: dict[str, str]) -> list[str]:
    """The ids of the sample matches: [strict match id, audit match id, full game id, real-cards game id]."""
    return list(demo_tokens)


@pytest.fixture
def folded(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """The seq of every state the engine folds from now on (every layer folds through `engine.steps`)."""
    import engine

    seqs: list[int] = []
    real_steps = engine.steps

    def counting_steps(events, catalog, state=None, **options):
        for step in real_steps(events, catalog, state, **options):
            seqs.append(step["seq"])
            yield step

    monkeypatch.setattr(engine, "steps", counting_steps)
    return seqs


@pytest.fixture(scope="module")
def gallery() -> dict:
    """The real card gallery export (../shared/data/cards.json) as read from JSON; the test skips without it."""
    from gallery import gallery_file

    path = gallery_file()
    if path is None:
        pytest.skip("the card gallery export ../shared/data/cards.json is absent (../shared is not checked out)")
    return json.loads(path.read_text(encoding="utf-8"))


@pytest.fixture(scope="module")
def full(gallery: dict) -> Catalog:
    """The gallery parsed as the catalog "cards"."""
    return parse_gallery(gallery, "cards")
