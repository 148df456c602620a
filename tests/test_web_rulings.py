"""A judge's ruling through the API (contract section 7; web/api.py `ruling_refused`), against `riftlog serve` in its
own process on 127.0.0.1 (tests/serving.py `served_process`): the match token records an event the strict engine
refuses when it carries `ruling: {reason}`; a player token is refused 403 saying why, a malformed ruling 400 naming
the field, and neither writes anything."""
from __future__ import annotations

import http.client
import json
from typing import Any

from positions import ARENA
from serving import served_process

from replays import demo, notation

REASON = "Head judge: the players agreed Flame Chompers had readied"
EXHAUSTED = ARENA.replace("Flame Chompers |", "Flame Chompers* |")


def send(port: int, method: str, path: str, body: Any = None, token: str | None = None) -> tuple[int, Any]:
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
    headers = {"Content-Type": "application/json", **({"Authorization": f"Bearer {token}"} if token else {})}
    try:
        connection.request(method, path, None if body is None else json.dumps(body), headers)
        response = connection.getresponse()
        return response.status, json.loads(response.read() or b"null")
    finally:
        connection.close()


def test_only_the_match_token_records_a_ruling_and_a_malformed_one_writes_nothing(tmp_path):
    with served_process({"DATABASE": str(tmp_path / "riftlog.db")}) as port:
        status, created = send(port, "POST", "/api/matches", demo.match_created("strict", "rulings"))
        assert status == 201, created
        events = f"/api/matches/{created['id']}/events"
        judge, player = created["token"], created["player_tokens"]["P1"]
        status, answer = send(port, "POST", events, {"event": notation.parse_position(EXHAUSTED)}, judge)
        assert status == 201, answer
        status, state = send(port, "GET", f"/api/matches/{created['id']}/state", token=judge)
        chompers = demo.find(state, "P1", "Flame Chompers")
        move = {"type": "move", "player": "P1", "units": [chompers], "to": "bf1"}

        status, answer = send(port, "POST", events, {"event": move}, judge)
        assert status == 422 and answer["violations"][0]["rule"] == "140.2", answer  # strict: refused

        status, answer = send(port, "POST", events, {"event": {**move, "ruling": {"reason": REASON}}}, player)
        assert status == 403, answer
        assert "only the match token may record a judge's ruling ('ruling')" in answer["error"]
        assert "a player token only reads" in answer["error"]
        status, answer = send(port, "POST", f"/api/matches/{created['id']}/check",
                              {"event": {**move, "ruling": {"reason": REASON}}}, player)
        assert status == 403 and "judge's ruling" in answer["error"], answer

        for ruling, named in (({"reason": ""}, "field 'ruling.reason' must be a non-empty string"),
                              ("because", "field 'ruling' must be"),
                              ({"reason": REASON, "judge": "HJ"}, "field 'ruling' must be")):
            status, answer = send(port, "POST", events, {"event": {**move, "ruling": ruling}}, judge)
            assert status == 400 and named in answer["error"], (ruling, answer)
        status, summary = send(port, "GET", f"/api/matches/{created['id']}")
        assert summary["head_seq"] == 2  # match_created and the position: nothing else was written

        status, verdict = send(port, "POST", f"/api/matches/{created['id']}/check",
                               {"event": {**move, "ruling": {"reason": REASON}}}, judge)
        assert verdict["ok"] is True and verdict["violations"][0]["ruled"] is True, verdict  # nothing to confirm
        status, verdict = send(port, "POST", f"/api/matches/{created['id']}/check", {"event": move}, judge)
        assert verdict["ok"] is False, verdict

        status, answer = send(port, "POST", events, {"event": {**move, "ruling": {"reason": REASON}}}, judge)
        assert status == 201 and answer["seq"] == 3, answer
        status, state = send(port, "GET", f"/api/matches/{created['id']}/state", token=judge)
        assert state["objects"][chompers]["location"] == "bf1"
        [violation] = state["violations"]
        assert violation == {**violation, "rule": "140.2", "seq": 3, "ruled": True, "ruling": REASON}
        status, recorded = send(port, "GET", f"{events}?after=2", token=judge)
        assert recorded["events"][0]["event"]["ruling"] == {"reason": REASON}

        # An event the engine cannot apply at all, under a ruling: kept, flagged and skipped; the record verifies.
        unknown = {"type": "move", "player": "P1", "units": ["o999"], "to": "bf2", "ruling": {"reason": REASON}}
        status, answer = send(port, "POST", events, {"event": unknown}, judge)
        assert status == 201 and answer["seq"] == 4, answer
        status, state = send(port, "GET", f"/api/matches/{created['id']}/state", token=judge)
        assert state["seq"] == 4 and state["violations"][-1]["skipped"] is True and state["violations"][-1]["ruled"]
        status, verified = send(port, "GET", f"/api/matches/{created['id']}/verify", token=judge)
        assert verified["ok"] is True and verified["head_seq"] == 4, verified
