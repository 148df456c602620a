"""`riftlog append` and a judge's ruling (contract section 7): the match token appends an event the strict engine
would refuse when it carries `ruling: {reason}`; a player's read token is told that it only reads."""
from __future__ import annotations

import json

from positions import ARENA

import riftlog_cli
from recorder.tokens import player_tokens
from replays import demo, notation

REASON = "Head judge: the players agreed Flame Chompers had readied"


def test_the_match_token_appends_a_ruled_event_and_a_player_token_is_told_it_only_reads(runner, tmp_db, log):
    match_id, token = log.create_match(demo.match_created("strict", "rulings"))
    log.append(match_id, [notation.parse_position(ARENA.replace("Flame Chompers |", "Flame Chompers* |"))])
    move = notation.parse_event("P1 move Flame Chompers -> bf1", log.state_at(match_id))
    ruled = json.dumps({**move, "ruling": {"reason": REASON}})

    def append(with_token: str):
        return runner.invoke(riftlog_cli.cli, ["--db", str(tmp_db), "append", match_id, "-", "--token", with_token],
                             input=ruled)

    refused = append(player_tokens(log, match_id)["P1"])
    assert refused.exit_code == 1
    assert f"P1's read token only reads match {match_id}: appending an event, a judge's ruling too" in refused.output
    assert log.match(match_id)["head_seq"] == 2
    appended = append(token)
    assert appended.exit_code == 0, appended.output
    assert json.loads(appended.output)["seq"] == 3
    [violation] = log.state_at(match_id)["violations"]
    assert violation["ruled"] is True and violation["ruling"] == REASON and violation["rule"] == "140.2"
