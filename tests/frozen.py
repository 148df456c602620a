"""Frozen logs: the stored bytes of today's golden and demo matches, and every state they fold to (issue 25).

A stored event outlives the code that wrote it: a match recorded today must read, verify, seal and fold the same
under every later engine (docs/engine.md, "Changing an event's shape"). `tests/data/frozen/` holds what the code of
commit 5721594 (the last before rules editions) stored and folded, and tests/test_frozen.py checks the code of now
against it:

- `golden_<name>.json`: each golden log of tests/data (the notation imported into a log) as stored: every event's
  bytes (base64) and chain hash; the digest of the state after every seq in every view (`digest`), and the final
  state in the judge's view in full (but for the card facts it copies from the catalog: their digest).
- `demo.db` (with `demo.db.seal-key`, a key made for this fixture only): `riftlog demo` recorded into a file, and
  `demo.json`: each of its matches' hashes, state digests, final state and a seal code made then.

Written once, by `python tests/frozen.py tests/data/frozen` run on that commit; never written again (a later shape
of an event gets fixtures of its own, beside these). The digest is the first 16 hex digits of the sha256 of the
state's JSON with sorted keys: enough to tell two states apart, small enough to keep one per seq per view.
"""
from __future__ import annotations

import base64
import hashlib
import json
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
FROZEN = ROOT / "tests" / "data" / "frozen"
FIXED_TIME = "2026-07-20T10:00:00.000+00:00"


def canonical_json(state: Any) -> str:
    return json.dumps(state, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def digest(state: Any) -> str:
    """The first 16 hex digits of the sha256 of `state` as JSON with sorted keys."""
    return hashlib.sha256(canonical_json(state).encode("utf-8")).hexdigest()[:16]


def view_digests(states: list[dict[str, Any]]) -> dict[str, list[str]]:
    """{view: [digest of the state after seq 1, 2, ...]} for every view of the match (judge, spectator, players)."""
    import engine
    from engine.views import viewers

    return {viewer: [digest(engine.view(state, viewer)) for state in states] for viewer in viewers(states[-1])}


def folded_states(events: list[dict[str, Any]], catalog: Any) -> list[dict[str, Any]]:
    """The state after each event (copies), folded by the engine from seq 1."""
    import engine
    from engine.fold import copy_state

    return [copy_state(state) for state in engine.steps(events, catalog)]


def frozen_match(log: Any, match_id: str) -> dict[str, Any]:
    """What is frozen of one stored match: its rows' bytes and hashes, every state's digests, the final state."""
    from recorder.canonical import decode_event

    rows = log._event_rows(match_id, 0, None)
    events = [decode_event(row["body"], match_id, row["seq"]) for row in rows]
    states = folded_states(events, log.catalog(log.match(match_id)["catalog"]))
    import engine

    return {"catalog": log.match(match_id)["catalog"],
            "events": [{"seq": row["seq"], "type": row["type"], "hash": row["hash"],
                        "body": base64.b64encode(row["body"]).decode("ascii")} for row in rows],
            "digests": view_digests(states), "final": final_state(engine.view(states[-1], "judge"))}


# Card facts a state copies from the catalog at match_created: the same in every state of a match, and long; the
# final state keeps their digest instead (the digests of every seq cover them whole).
CARD_FACTS = ("cards", "card_codes")


def final_state(state: dict[str, Any]) -> dict[str, Any]:
    """`state` as frozen in full: the card facts replaced by their digest (`CARD_FACTS`)."""
    return {**{key: value for key, value in state.items() if key not in CARD_FACTS},
            "card_facts": digest({key: state[key] for key in CARD_FACTS})}


def freeze(out: Path) -> None:  # pragma: no cover - run once, on the commit whose behaviour it freezes
    """Write the fixtures of the module docstring into `out` (which must not hold them yet)."""
    import recorder
    from replays import notation
    from replays.demo import record_demo
    from replays.seal import seal

    out.mkdir(parents=True, exist_ok=True)
    for path in sorted((ROOT / "tests" / "data").glob("golden_*.rln")):
        with recorder.Log(out / "scratch.db", clock=lambda: FIXED_TIME) as log:
            match_id, _token = notation.import_match(log, path.read_text(encoding="utf-8"))
            frozen = {"source": f"tests/data/{path.name}", **frozen_match(log, match_id)}
        for leftover in out.glob("scratch.db*"):
            leftover.unlink()
        (out / f"{path.stem}.json").write_text(json.dumps(frozen, sort_keys=True) + "\n")
    with recorder.Log(out / "demo.db", clock=lambda: FIXED_TIME) as log:
        record_demo(log)
        matches = {}
        for summary in log.matches():
            frozen = frozen_match(log, summary["id"])
            del frozen["events"][:]  # the bytes are in demo.db itself; their hashes are kept below
            frozen["hashes"] = [row["hash"] for row in log._event_rows(summary["id"], 0, None)]
            frozen["seal"] = seal(log, summary["id"], log.key)["code"]
            matches[summary["id"]] = {"event": summary["info"]["event"], **frozen}
        log.db.execute("VACUUM")
    (out / "demo.json").write_text(json.dumps(matches, sort_keys=True) + "\n")


if __name__ == "__main__":  # pragma: no cover
    sys.path.insert(0, str(ROOT))
    freeze(Path(sys.argv[1]))
