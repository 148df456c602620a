"""Issue 24's holes in what a reader is given: hidden cards read back from the chain hashes (1), tokens that outlived
their reissue (4, 5) and a seal that held over a changed result (6). Against `riftlog serve` in its own process,
with the demo's matches (docs/trust.md, "Threat model").

The attack of hole 1: a chain hash is sha256(previous hash || the event's canonical bytes); a reader given an event
with a hidden card as null, and the hashes, hashes every catalog name in the null's place and compares. The
recorder now salts every event that hides anything (128 random bits the hidden view is not given), and withholds
the hashes of a match recorded before that from every view but the judge's.
"""
from __future__ import annotations

import http.client
import json
import shutil
import threading
from typing import Any

import pytest

import recorder
from engine import demo_catalog
from recorder import chain_hash, canonical_bytes, tokens
from recorder.canonical import GENESIS_HASH
from replays import demo

from frozen import FROZEN
from serving import served_process
from test_fanout import events_of, stream_from
from test_serve import Client

NAMES = sorted(card["name"] for card in demo_catalog())


def get(port: int, path: str, token: str | None = None) -> tuple[int, Any]:
    client = Client(port)
    try:
        status, answer, _ = client.request("GET", path, token=token)
        return status, answer
    finally:
        client.close()


def with_guess(value: Any, guess: str) -> Any:
    """`value` with every null inside a list replaced by `guess` (a hidden card as a spectator is shown it)."""
    if isinstance(value, dict):
        return {key: with_guess(item, guess) for key, item in value.items()}
    if isinstance(value, list):
        return [guess if item is None else with_guess(item, guess) for item in value]
    return value


def has_hidden_card(value: Any) -> bool:
    if isinstance(value, dict):
        return any(has_hidden_card(item) for item in value.values())
    if isinstance(value, list):
        return any(item is None or has_hidden_card(item) for item in value)
    return False


def guessed(entries: list[dict], hashes: set[str], known: dict[int, str]) -> dict[int, str]:
    """The attack: for each event shown with a hidden card, the catalog name that, hashed in its place after the
    previous event's hash (as given, else `known`), gives a hash the reader was given: {seq: name}."""
    found, previous = {}, GENESIS_HASH
    for entry in entries:
        previous_hash = previous if previous is not None else known.get(entry["seq"] - 1)
        if previous_hash is not None and has_hidden_card(entry["event"]):
            for name in NAMES:
                if chain_hash(previous_hash, canonical_bytes(with_guess(entry["event"], name))) in hashes:
                    found[entry["seq"]] = name
                    break
        previous = entry["hash"]
    return found


def everything_given(port: int, match_id: str, token: str | None) -> tuple[list[dict], set[str]]:
    """What a reader holding `token` (None: a spectator) is given of a match: its events and every chain hash in
    /events, the live stream's catch-up, the summary, the list, `verify` and the seal."""
    status, answer = get(port, f"/api/matches/{match_id}/events", token)
    assert status == 200, answer
    entries = answer["events"]
    hashes = {entry["hash"] for entry in entries}
    _connection, response = stream_from(port, f"/api/matches/{match_id}/stream?after=0",
                                        headers={"Authorization": f"Bearer {token}"} if token else {})
    streamed = events_of(response).read(len(entries))
    _connection.close()
    assert [message["data"]["event"] for message in streamed] == [entry["event"] for entry in entries]
    hashes |= {message["data"]["hash"] for message in streamed}
    hashes.add(get(port, f"/api/matches/{match_id}", token)[1]["head_hash"])
    hashes |= {summary["head_hash"] for summary in get(port, "/api/matches?limit=500")[1]["matches"]
               if summary["id"] == match_id}
    hashes.add(get(port, f"/api/matches/{match_id}/verify", token)[1]["head_hash"])
    status, seal = get(port, f"/api/matches/{match_id}/seal", token)
    if status == 200:
        hashes.add(seal["head_hash"])
    return entries, hashes - {None}


@pytest.fixture(scope="module")
def recorded(tmp_path_factory) -> dict[str, Any]:
    """One database holding the demo's matches twice: m1-m7 as the code before salts recorded them (the frozen
    database of tests/data/frozen, issue 25: real bytes of before the fix, each match's token kept only as a hash, so
    m3's is reissued to read it as its judge) and after them, each sample again, recorded by today's recorder."""
    path = tmp_path_factory.mktemp("holes") / "riftlog.db"
    shutil.copyfile(FROZEN / "demo.db", path)
    shutil.copyfile(FROZEN / "demo.db.seal-key", f"{path}.seal-key")
    with recorder.Log(path) as log:
        salted = dict(record_sample(log) for record_sample in demo.SAMPLES.values())  # again, beside them
        legacy = "m3"  # the full duel
        legacy_token = tokens.reissue(log, legacy, "judge", "organiser")["token"]
        organiser = tokens.new_organiser_token(log)
        players = {match_id: tokens.player_tokens(log, match_id) for match_id in [*salted, legacy]}
    return {"path": path, "salted": list(salted), "tokens": {**salted, legacy: legacy_token}, "legacy": legacy,
            "organiser": organiser, "players": players}


def test_no_catalog_name_hashed_in_place_of_a_hidden_card_matches_a_hash_a_spectator_or_the_opponent_is_given(
        recorded):
    """Hole 1: every demo match, every event that hides a card from the spectator or from P2, every name of the
    catalog in its place: no hash given to that reader matches."""
    with served_process({"DATABASE": str(recorded["path"])}) as port:
        tried = 0
        for match_id in recorded["salted"]:
            for token in (None, recorded["players"][match_id]["P2"]):
                entries, hashes = everything_given(port, match_id, token)
                hidden = [entry for entry in entries if has_hidden_card(entry["event"])]
                tried += len(hidden)
                assert guessed(entries, hashes, {}) == {}, (match_id, token)
                assert all("salt" not in entry["event"] for entry in hidden)
        assert tried > 100  # the hidden draws, hands and decks of the sample matches, seen twice


def test_the_attack_finds_the_cards_of_an_unsalted_record_whose_hashes_are_now_withheld_from_all_but_the_judge(
        recorded):
    """The control of the test above: against a match recorded before salts (the frozen database's bytes), the same
    guesses find every hidden one-card draw from the hashes the judge's view carries; so that match's hashes go to
    no one else."""
    legacy, judge = recorded["legacy"], recorded["tokens"][recorded["legacy"]]
    with served_process({"DATABASE": str(recorded["path"])}) as port:
        spectator_entries, spectator_hashes = everything_given(port, legacy, None)
        assert spectator_hashes == set() and all(entry["hash"] is None for entry in spectator_entries)
        _entries, opponent_hashes = everything_given(port, legacy, recorded["players"][legacy]["P2"])
        assert opponent_hashes == set()
        assert get(port, f"/api/matches/{legacy}/seal")[0] == 401
        assert get(port, f"/api/matches/{legacy}/seal", recorded["players"][legacy]["P2"])[0] == 403
        status, judged = get(port, f"/api/matches/{legacy}/events", judge)
        assert status == 200 and all(entry["hash"] for entry in judged["events"])
        judge_hashes = {entry["seq"]: entry["hash"] for entry in judged["events"]}
        with_judge_hashes = [{**entry, "hash": judge_hashes[entry["seq"]]} for entry in spectator_entries]
        found = guessed(with_judge_hashes, set(judge_hashes.values()), judge_hashes)
        one_card_draws = {entry["seq"]: entry["event"]["cards"][0] for entry in judged["events"]
                          if entry["event"]["type"] == "draw" and len(entry["event"]["cards"]) == 1}
        assert len(one_card_draws) >= 8 and {seq: found.get(seq) for seq in one_card_draws} == one_card_draws
        assert get(port, f"/api/matches/{legacy}/seal", judge)[0] == 200


def test_a_broadcast_delay_withholds_the_head_hash_and_the_seal_from_the_spectator(recorded):
    """Hole 1, the delay's part: a held-back event (a public one too) could be guessed against the head's hash."""
    match_id = recorded["salted"][3]  # the demo's best of three
    judge = recorded["tokens"][match_id]
    with served_process({"DATABASE": str(recorded["path"])}) as port:
        client = Client(port)
        assert client.request("POST", f"/api/matches/{match_id}/delay", {"events": 10}, judge)[0] == 200
        try:
            assert get(port, f"/api/matches/{match_id}")[1]["head_hash"] is None
            assert get(port, f"/api/matches/{match_id}/verify")[1]["head_hash"] is None
            assert get(port, f"/api/matches/{match_id}/seal")[0] == 409
            listed = {summary["id"]: summary for summary in get(port, "/api/matches?limit=500")[1]["matches"]}
            assert listed[match_id]["head_hash"] is None and listed[recorded["salted"][2]]["head_hash"] is not None
            events = get(port, f"/api/matches/{match_id}/events")[1]["events"]
            assert events[-1]["seq"] == listed[match_id]["head_seq"] - 10
            assert get(port, f"/api/matches/{match_id}", judge)[1]["head_hash"] is not None
        finally:
            client.request("POST", f"/api/matches/{match_id}/delay", {}, judge)
            client.close()


def test_the_recorder_salts_what_hides_anything_and_a_salt_sent_is_replaced(log, duel_created, duel_game):
    match_id, _ = log.create_match({**duel_created, "salt": "0" * 32})
    events = duel_game(1)
    log.append(match_id, events)
    stored = log.events(match_id)
    assert stored[0]["event"]["salt"] != "0" * 32 and len(stored[0]["event"]["salt"]) == 32
    for entry in stored[1:]:
        kind = entry["event"]["type"]
        assert ("salt" in entry["event"]) == (kind == "draw"), kind  # mulligans, channels, plays hide nothing
    salts = [entry["event"]["salt"] for entry in stored if "salt" in entry["event"]]
    assert len(set(salts)) == len(salts)
    assert log.is_salted(match_id) and log.verify_chain(match_id)["ok"]


def test_a_retried_append_of_a_hidden_draw_is_answered_as_the_first_time(log, duel_created, duel_game):
    """The salt is the recorder's: an idempotency key is matched on the events as sent, not as stored."""
    match_id, _ = log.create_match(duel_created)
    events = duel_game(0)
    first = log.append(match_id, events, idempotency_key="k1")
    assert log.append(match_id, events, idempotency_key="k1") == first
    assert log.match(match_id)["head_seq"] == 1 + len(events)


def read_until_closed(response: http.client.HTTPResponse, seconds: float = 20.0) -> bool:
    """Whether the server ends the stream within `seconds` (its body reaches its end)."""
    ended = threading.Event()

    def drain() -> None:
        try:
            while response.read1(65536):
                pass
        except (OSError, http.client.HTTPException):
            pass
        ended.set()

    threading.Thread(target=drain, daemon=True).start()
    return ended.wait(seconds)


def test_a_reissued_match_token_kills_every_player_token_it_could_compute_and_every_stream_opened_with_it(
        tmp_path, duel_created, duel_game):
    """Holes 4 and 5: after the organiser reissues a lost match token, the old token reads nothing, no token it
    can compute (the HMAC of the old scheme, any generation) reads a hand, and the stream it opened on P1's view
    (and one opened with P1's old token) is ended."""
    path = tmp_path / "riftlog.db"
    with recorder.Log(path) as log:
        organiser = tokens.new_organiser_token(log)
    with served_process({"DATABASE": str(path)}) as port:
        client = Client(port)
        status, created, _ = client.request("POST", "/api/matches", duel_created)
        match_id, old = created["id"], created["token"]
        assert client.request("POST", f"/api/matches/{match_id}/events", {"events": duel_game(0)}, old)[0] == 201
        _c1, judge_on_p1 = stream_from(port, f"/api/matches/{match_id}/stream?view=P1",
                                       headers={"Authorization": f"Bearer {old}"})
        _c2, player_on_p1 = stream_from(port, f"/api/matches/{match_id}/stream",
                                        headers={"Authorization": f"Bearer {created['player_tokens']['P1']}"})
        assert judge_on_p1.status == 200 and player_on_p1.status == 200
        status, answer, _ = client.request("POST", f"/api/matches/{match_id}/reissue", {"role": "judge"}, organiser)
        assert status == 200, answer
        assert read_until_closed(judge_on_p1) and read_until_closed(player_on_p1)
        assert get(port, f"/api/matches/{match_id}/events?view=P1", old)[0] == 403
        assert get(port, f"/api/matches/{match_id}/events?view=P1", created["player_tokens"]["P1"])[0] == 403
        digest = recorder.token_hash(old)
        for generation in range(4):
            guess = recorder.access.player_token(digest, match_id, "P1", generation)
            assert get(port, f"/api/matches/{match_id}/events?view=P1", guess)[0] == 403
        fresh = answer["player_tokens"]["P1"]
        assert fresh != created["player_tokens"]["P1"]
        status, read = get(port, f"/api/matches/{match_id}/events?view=P1", fresh)
        assert status == 200 and read["events"][2]["event"]["cards"][0] is not None
        client.close()


def check_code(port: int, match_id: str, code: str) -> tuple[dict, str]:
    """The API's answer to a seal code, and the check page's."""
    status, answer = get(port, f"/api/matches/{match_id}/verify?seal={code}")
    assert status == 200, answer
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    connection.request("GET", f"/matches/{match_id}/check-seal?code={code}")
    page = connection.getresponse().read().decode()
    connection.close()
    return answer, page


def test_a_seal_says_what_follows_it_and_does_not_hold_once_the_result_has_changed(recorded):
    """Hole 6: sealed at the end of m2 (P2 conceded: Ana won), then a judge's note (the seal holds, and says a note
    follows), then a rewind and P1's concession that make Ben the winner: the code's events 1..seq are intact, but
    the check answers ok false and the page says the result changed, from what to what."""
    match_id = recorded["salted"][1]  # the demo's audit duel: P2 concedes, Ana wins
    judge = recorded["tokens"][match_id]
    with served_process({"DATABASE": str(recorded["path"])}) as port:
        client = Client(port)
        status, seal = get(port, f"/api/matches/{match_id}/seal", judge)
        assert status == 200
        answer, page = check_code(port, match_id, seal["code"])
        assert answer["ok"] and answer["seal"]["after"] is None and 'data-outcome="sealed"' in page
        note = {"type": "note", "text": "the slip was signed by both players"}
        assert client.request("POST", f"/api/matches/{match_id}/events", {"event": note}, judge)[0] == 201
        answer, page = check_code(port, match_id, seal["code"])
        after = answer["seal"]["after"]
        assert answer["ok"] and answer["seal"]["holds"]
        assert after["events"] == 1 and after["kinds"] == {"note": 1} and not after["result_changed"]
        assert 'data-outcome="sealed"' in page and 'data-changed="no"' in page and "Ana (P1) won the match" in page
        head = seal["head_seq"]
        changes = [{"type": "rewind", "to": head - 1, "reason": "the concession was recorded for the wrong player"},
                   {"type": "concede", "player": "P1"}]
        status, appended, _ = client.request("POST", f"/api/matches/{match_id}/events", {"events": changes}, judge)
        assert status == 201, appended
        answer, page = check_code(port, match_id, seal["code"])
        after = answer["seal"]["after"]
        assert not answer["ok"] and answer["seal"]["ok"] and not answer["seal"]["holds"]
        assert after["result_changed"] and after["kinds"] == {"note": 1, "rewind": 1, "concede": 1}
        assert (after["sealed_result"]["match_winner"], after["result"]["match_winner"]) == ("P1", "P2")
        assert 'data-outcome="changed-after"' in page and "The result has changed since this seal" in page
        assert "Sealed: Ana (P1) won the match. Now:" in " ".join(page.split())
        assert "Ben (P2) won the match" in page
        client.close()


def test_riftlog_verify_with_a_seal_exits_1_once_later_events_change_the_result(runner, tmp_db, log, demo_tokens):
    from replays import seal as seals
    from riftlog_cli import cli

    code = seals.seal(log, "m2", log.key)["code"]
    log.append("m2", [{"type": "rewind", "to": 37, "reason": "wrong player conceded"},
                      {"type": "concede", "player": "P1"}])
    result = runner.invoke(cli, ["--db", str(tmp_db), "verify", "m2", "--seal", code])
    answer = json.loads(result.output.split("\nError:")[0])
    assert result.exit_code == 1 and "change its result" in result.output
    assert answer["seal"]["ok"] and answer["seal"]["after"]["result_changed"]


def test_the_report_of_a_match_recorded_before_salts_carries_no_seal_but_for_the_judge(recorded):
    legacy = recorded["legacy"]
    with served_process({"DATABASE": str(recorded["path"])}) as port:
        assert get(port, f"/api/matches/{legacy}/report")[1]["seal"] is None
        judged = get(port, f"/api/matches/{legacy}/report", recorded["tokens"][legacy])[1]["seal"]
        assert judged["ok"] and judged["head_hash"]


def test_recorded_events_keep_their_salt_out_of_the_state_and_the_notation(log, demo_ids):
    from replays import notation

    for match_id in demo_ids:
        salts = [entry["event"]["salt"] for entry in log.events(match_id) if "salt" in entry["event"]]
        shown = json.dumps(log.state_at(match_id)) + notation.export_match(log, match_id)
        assert salts and not any(salt in shown for salt in salts)



@pytest.mark.parametrize("event, named", [
    ({"type": "resolve", "item": "c1", "effects": 5}, "'effects' must be a list"),
    ({"type": "position", "players": 3}, "missing field 'turn'"),
    ({"type": 5}, "needs a type"),
])
def test_an_event_of_the_wrong_shape_is_refused_naming_it_before_or_after_salting(log, duel_created, event, named):
    """The recorder asks whether an event hides anything (to salt it) before the engine checks its shape: an event
    whose lists are not lists is still refused as malformed, naming the field, never an error of the salting."""
    match_id, _ = log.create_match(duel_created)
    with pytest.raises(recorder.Malformed, match=named):
        log.append(match_id, [event])
    assert log.match(match_id)["head_seq"] == 1
