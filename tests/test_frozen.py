"""Today's stored matches under the code of now (issue 25): the golden logs and a database recorded by the code of
commit 5721594 (tests/frozen.py says what is frozen) keep their bytes and hashes, verify, keep their seals, and fold
to exactly the states they folded to then."""
from __future__ import annotations

import base64
import json
import shutil
from pathlib import Path
from typing import Any

import pytest

import engine
import recorder
import replays
from engine.fold import copy_state
from engine.views import as_sent
from engine.views import viewers
from recorder.canonical import GENESIS_HASH, chain_hash, decode_event
from replays.seal import check
from frozen import FROZEN, digest, final_state, folded_states

GOLDENS = sorted(FROZEN.glob("golden_*.json"))


def as_frozen(state: dict[str, Any]) -> dict[str, Any]:
    """`state` without the two fields the frozen code did not fold: the rules edition the match is read under, which
    the state carries since editions (contract section 7) and which for these matches is v1.3, the edition they were
    recorded under (docs/engine.md, "Rules editions"), and whether the engine checks its abilities from the cards,
    which for these matches is "declared", as they were recorded (engine/cards). Everything else must be exactly as
    it was."""
    assert state["rules"] == "v1.3" and state["abilities"] == "declared"
    return {key: value for key, value in state.items() if key not in ("rules", "abilities")}


def assert_states_as_frozen(states: list[dict[str, Any]], frozen: dict[str, Any], where: str) -> None:
    """Every state after seq 1..head, in every view, has the frozen digest; the last is the frozen final state."""
    assert len(states) == len(frozen["digests"]["judge"]), where
    assert sorted(frozen["digests"]) == sorted(viewers(states[-1])), where
    for viewer, digests in frozen["digests"].items():
        for seq, (state, expected) in enumerate(zip(states, digests), start=1):
            assert digest(as_frozen(engine.view(state, viewer))) == expected, f"{where}, seq {seq}, view {viewer}"
    assert final_state(as_frozen(engine.view(states[-1], "judge"))) == frozen["final"], where


@pytest.mark.parametrize("path", GOLDENS, ids=[path.stem for path in GOLDENS])
def test_a_frozen_golden_log_keeps_its_hashes_and_folds_to_its_frozen_states(path: Path):
    frozen = json.loads(path.read_text(encoding="utf-8"))
    previous, events = GENESIS_HASH, []
    for seq, row in enumerate(frozen["events"], start=1):
        body = base64.b64decode(row["body"])
        assert row["seq"] == seq and chain_hash(previous, body) == row["hash"]
        previous = row["hash"]
        events.append(decode_event(body, "frozen", seq))
        assert events[-1]["type"] == row["type"]
    states = folded_states(events, engine.demo_catalog())
    assert_states_as_frozen(states, frozen, path.stem)


@pytest.fixture(scope="module")
def frozen_database(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A copy of the frozen database and its seal key (opening a log may add to its file: never to the fixture)."""
    copy = tmp_path_factory.mktemp("frozen") / "demo.db"
    shutil.copyfile(FROZEN / "demo.db", copy)
    shutil.copyfile(FROZEN / "demo.db.seal-key", f"{copy}.seal-key")
    return copy


DEMO = json.loads((FROZEN / "demo.json").read_text(encoding="utf-8"))


@pytest.mark.parametrize("match_id", sorted(DEMO), ids=[DEMO[key]["event"] for key in sorted(DEMO)])
def test_a_database_recorded_before_editions_reads_verifies_keeps_its_seal_and_folds_as_it_did(
        frozen_database: Path, match_id: str):
    frozen = DEMO[match_id]
    with recorder.Log(frozen_database) as log:
        assert [row["hash"] for row in log.events(match_id)] == frozen["hashes"]
        assert log.verify_chain(match_id)["ok"] and replays.verify(log, match_id)["ok"]
        assert check(log, match_id, frozen["seal"], log.key)["seal"]["ok"]
        states = [copy_state(state) for _seq, _event, state in log.fold_states(match_id, save=False)]
        assert_states_as_frozen(states, frozen, frozen["event"])
        for seq in [*range(64, len(states), 64), len(states)]:  # through the snapshots the frozen code wrote
            assert digest(as_frozen(log.state_at(match_id, seq))) == frozen["digests"]["judge"][seq - 1]


@pytest.mark.parametrize("path", GOLDENS, ids=[path.stem for path in GOLDENS])
def test_a_golden_log_recorded_today_differs_from_the_frozen_only_in_naming_its_edition(log, path: Path):
    """The golden .rln files are as they were (no [Rules] line: v1.3); recorded today, the match_created names its
    edition, its abilities declared (no [Abilities] line) and shape version in its bytes (engine/shapes.py), and every other event's bytes are the frozen ones
    but for the salt of an event that hides anything (docs/trust.md)."""
    from recorder.canonical import decode
    from replays import notation

    frozen = json.loads(path.read_text(encoding="utf-8"))
    match_id, _ = notation.import_match(log, (FROZEN.parent / path.name.replace(".json", ".rln")).read_text("utf-8"))
    rows = log._event_rows(match_id, 0, None)
    bodies = [base64.b64decode(row["body"]) for row in frozen["events"]]
    assert as_sent(decode(rows[0]["body"])) == {**decode(bodies[0]), "rules": "v1.3", "abilities": "declared"}
    assert decode(rows[0]["body"])["version"] == 3
    assert [as_sent(decode(row["body"])) for row in rows[1:]] == [decode(body) for body in bodies[1:]]
    assert [row["body"] for row in rows[1:] if "salt" not in decode(row["body"])] == \
        [body for body, row in zip(bodies[1:], rows[1:]) if "salt" not in decode(row["body"])]


def test_a_match_recorded_before_editions_exports_as_v1_3_and_imports_back_as_the_same_match(frozen_database: Path):
    from replays import notation

    with recorder.Log(frozen_database) as log:
        text = notation.export_match(log, "m3")  # the full game
        assert text.startswith('[Mode "duel"]\n[Rules "v1.3"]\n')
        copy_id, _ = notation.import_match(log, text)
        assert [as_sent(row["event"]) for row in log.events(copy_id)] == \
            [as_sent(row["event"]) for row in log.events("m3")]
        assert log.state_at(copy_id) == log.state_at("m3")


def test_a_match_recorded_before_editions_shows_v1_3_through_the_api_and_the_viewer(frozen_database: Path):
    from web import create_app

    client = create_app({"TESTING": True, "DATABASE": str(frozen_database)}).test_client()
    assert client.get("/api/matches/m7/state").json["rules"] == "v1.3"  # the 2v2 game, spectator view
    assert client.get("/api/matches/m7/events").json["events"][0]["event"]["rules"] == "v1.3"
    assert 'rules <b id="rules" title="Core Rules v1.3' in client.get("/matches/m7").get_data(as_text=True)
