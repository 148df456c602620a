"""The trust campaigns of issue 8 (tests/campaigns.py), scaled to run in seconds; `scripts/campaigns.py` runs them
at full size and prints the figures. On PostgreSQL too, scaled down further, and with the database server itself
killed."""
from __future__ import annotations

import json

import campaigns
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import recorder
from engine.views import as_sent
from replays import notation
from stores import on_both_stores


@pytest.fixture
def postgres_url(postgres_cluster, tmp_path, monkeypatch) -> str:
    """A new, empty log on the session's PostgreSQL server (its key file in `tmp_path`, for child processes too)."""
    monkeypatch.setenv("RIFTLOG_SEAL_KEY", str(tmp_path / "riftlog.seal-key"))
    yield postgres_cluster.url()
    from recorder.postgres import close_pools

    close_pools()


def test_no_acknowledged_event_is_lost_to_kill_9_and_a_retried_key_appends_once(tmp_path):
    result = campaigns.kills(tmp_path, rounds=4, seed=8, most_per_round=12)
    assert result.lost == []
    assert result.acknowledged >= result.rounds  # every round at least retries the append it killed


def test_no_event_answered_201_is_lost_when_the_server_is_killed_mid_append(tmp_path):
    result = campaigns.server_kills(tmp_path, rounds=2, seed=8, most_per_round=10)
    assert result.lost == []
    assert result.acknowledged >= result.rounds


def test_no_acknowledged_event_is_lost_to_kill_9_on_postgres(tmp_path, postgres_url):
    result = campaigns.kills(tmp_path, rounds=2, seed=8, most_per_round=8, database=postgres_url)
    assert result.lost == []
    assert result.acknowledged >= result.rounds


def test_no_event_answered_201_is_lost_when_a_server_on_postgres_is_killed(tmp_path, postgres_url):
    result = campaigns.server_kills(tmp_path, rounds=1, seed=8, most_per_round=10, database=postgres_url)
    assert result.lost == []
    assert result.acknowledged >= result.rounds


def test_no_event_answered_201_is_lost_when_postgres_itself_is_killed(postgres_cluster, postgres_url):
    result = campaigns.postgres_kills(postgres_cluster, postgres_url, rounds=2, seed=8, most_per_round=10)
    assert result.lost == []
    assert result.acknowledged >= result.rounds
    assert result.retried >= result.rounds  # each outage was answered 503, and those appends retried


def test_every_tampering_is_caught_against_a_seal(tmp_path):
    result = campaigns.tampering(tmp_path, mutations=24, seed=8)
    assert result.missed == []
    assert result.caught == result.tried == 24


def test_every_tampering_with_postgres_rows_is_caught_against_a_seal(tmp_path, postgres_cluster, postgres_url):
    result = campaigns.tampering(tmp_path, mutations=8, seed=8, fresh_database=postgres_cluster.url)
    assert result.missed == []
    assert result.caught == result.tried == 8


@on_both_stores
def test_the_api_answers_no_5xx_to_random_requests(client, duel_created):
    created = client.post("/api/matches", json=duel_created).json
    result = campaigns.fuzz(client, created, requests=600, seed=8)
    assert result.errors == []


def test_no_view_sees_a_hidden_card_through_the_api_the_pages_or_the_downloads(tmp_path):
    from web import create_app

    path, tokens = campaigns.leak_log(tmp_path)
    client = create_app({"DATABASE": str(path), "TESTING": True}).test_client()
    result = campaigns.leaks(client, path, tokens, every=17)
    assert result.leaks == []
    assert result.checked > 100


def test_the_leak_check_finds_a_card_shown_too_early(tmp_path):
    """The check is not vacuous: the judge's events, read as a spectator, show cards the spectator never saw."""
    path, tokens = campaigns.leak_log(tmp_path)
    match_id = next(iter(tokens))
    with recorder.Log(path) as log:
        events = [entry["event"] for entry in log.events(match_id)]
        known = campaigns._knowledge(log, match_id, events, "spectator")
    names = sorted({card["name"] for card in campaigns.engine.demo_catalog()}, key=len, reverse=True)
    draws = [seq for seq, event in enumerate(events, 1) if event["type"] == "draw"]
    assert any(campaigns._names_in(json.dumps(events[seq - 1]), names) - known[seq - 1] for seq in draws)


def test_the_leak_check_finds_a_deck_card_in_the_casters_view(tmp_path):
    """The caster's knowledge (issue 28) is not everything: a judge's state read as the caster's shows cards of a
    deck, which no player was shown."""
    path, tokens = campaigns.leak_log(tmp_path)
    match_id = next(iter(tokens))
    names = sorted({card["name"] for card in campaigns.engine.demo_catalog()}, key=len, reverse=True)
    with recorder.Log(path) as log:
        events = [entry["event"] for entry in log.events(match_id)]
        known = campaigns._knowledge(log, match_id, events, campaigns.CASTER)
        spectator = campaigns._knowledge(log, match_id, events, "spectator")
        judged = log.state_at(match_id, 10)
    assert known[9] > spectator[9]  # the hands dealt by then
    assert campaigns._names_in(json.dumps(judged["players"]), names) - known[9]


# --- export then import -----------------------------------------------------------------------------------

TEXT = st.text(st.characters(blacklist_categories=("Cs",)), max_size=40)


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(texts=st.lists(TEXT, min_size=1, max_size=4), info=st.dictionaries(
    st.sampled_from(["event", "round", "table", "judge", "x y"]),
    st.one_of(TEXT, st.integers(-10, 10**6), st.lists(st.integers(0, 9), max_size=3)), max_size=4),
    name=TEXT.filter(str.strip))
def test_what_the_log_accepts_survives_export_then_import(tmp_path_factory, duel_created, texts, info, name):
    """Judges' notes, match info and player names with any text the log stores come back from the notation
    byte for byte (the depth and size limits refuse, up front, what the notation could not carry)."""
    created = {**duel_created, "info": info, "players": [{**duel_created["players"][0], "name": name},
                                                          duel_created["players"][1]]}
    path = tmp_path_factory.mktemp("roundtrip") / "riftlog.db"
    with recorder.Log(path) as log:
        try:
            match_id, _ = log.create_match(created)
        except recorder.Malformed:
            return  # refused up front: nothing to carry
        log.append(match_id, [{"type": "note", "text": text} for text in texts])
        imported, _ = notation.import_match(log, notation.export_match(log, match_id))
        assert [as_sent(e["event"]) for e in log.events(imported)] == \
            [as_sent(e["event"]) for e in log.events(match_id)]


@pytest.mark.parametrize("depth", [recorder.limits.MAX_DEPTH - 2])
def test_the_deepest_event_the_log_accepts_survives_export_then_import(log, duel_created, depth):
    value: object = 1
    for _ in range(depth):
        value = [value]
    match_id, _ = log.create_match({**duel_created, "policy": "audit"})
    log.append(match_id, [{"type": "choose", "player": "P1", "choice": value}])
    imported, _ = notation.import_match(log, notation.export_match(log, match_id))
    assert [as_sent(e["event"]) for e in log.events(imported)] == \
        [as_sent(e["event"]) for e in log.events(match_id)]
