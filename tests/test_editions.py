"""Rules editions (issue 25, contract section 7): a match is played under the edition its match_created names
(`rules`: v1.4 by default, v1.3, 2025), a match stored before editions is read as v1.3 without a byte changed, and
stored events of an older shape are read through upcasters (engine/shapes.py)."""
from __future__ import annotations

import pytest

import engine
from engine import shapes
from recorder import Inconsistent, Malformed
from recorder.canonical import canonical_bytes, decode, decode_event
from replays import notation

CATALOG = engine.demo_catalog()


@pytest.fixture
def unnamed(make_match_created) -> dict:
    """A match_created that names no edition and no `abilities` (as a client may send it, and as every match was
    stored before)."""
    event = make_match_created()
    del event["rules"], event["abilities"]
    return event


def test_a_new_match_that_names_no_edition_is_played_under_v1_4_and_its_stored_bytes_say_so(log, unnamed):
    match_id, _ = log.create_match(unnamed)
    [row] = log._event_rows(match_id, 0, None)
    stored = decode(row["body"])  # the bytes alone, no upcaster
    assert (stored["rules"], stored["abilities"], stored["version"]) == ("v1.4", "checked", 3)
    assert log.state_at(match_id)["rules"] == "v1.4"


@pytest.mark.parametrize("rules", ["v1.4", "v1.3", "2025"])
def test_a_match_is_played_under_the_edition_it_names(log, make_match_created, rules):
    match_id, _ = log.create_match(make_match_created(rules=rules))
    assert decode(log._event_rows(match_id, 0, None)[0]["body"])["rules"] == rules
    assert log.state_at(match_id)["rules"] == engine.view(log.state_at(match_id), "spectator")["rules"] == rules


@pytest.mark.parametrize("rules", ["v1.5", "V1.4", 1.4, None, ""])
def test_an_unknown_edition_is_refused_naming_it_and_the_editions(log, make_match_created, rules):
    message = rf"'rules' .* one of 'v1.4', 'v1.3', '2025' \(default 'v1.4'\), got {rules!r}"
    with pytest.raises(engine.MalformedEvent, match=message):
        engine.apply(None, make_match_created(rules=rules), CATALOG)
    if not isinstance(rules, float):  # the log stores no floats at all (recorder/canonical.py)
        with pytest.raises(Malformed, match=message):
            log.create_match(make_match_created(rules=rules))
    assert log.matches() == []


def test_the_api_creates_a_match_under_the_edition_it_is_given_and_refuses_another(client, make_match_created):
    created = client.post("/api/matches", json=make_match_created(rules="2025"))
    assert created.status_code == 201
    state = client.get(f"/api/matches/{created.json['id']}/state").json
    assert state["rules"] == "2025"
    refused = client.post("/api/matches", json=make_match_created(rules="v9"))
    assert refused.status_code == 400 and "'v9'" in refused.json["error"] and "'v1.4'" in refused.json["error"]


def test_a_match_created_of_before_editions_is_read_as_v1_3_and_its_bytes_are_kept(unnamed):
    body = canonical_bytes(unnamed)  # what every match stored before editions holds as seq 1
    read = decode_event(body, "m1", 1)
    assert read == {**unnamed, "rules": "v1.3", "abilities": "declared", "version": 3}
    assert decode(body) == unnamed  # nothing written back: the bytes still say what they said
    assert engine.apply(None, read, CATALOG)["rules"] == "v1.3"
    assert engine.apply(None, unnamed, CATALOG)["rules"] == "v1.4"  # given to the engine as it is: a new match


def test_a_stored_event_is_read_in_the_current_shape_and_one_stored_in_it_as_it_was_stored(unnamed):
    before = dict(unnamed)
    assert shapes.read(unnamed) == {**unnamed, "rules": "v1.3", "abilities": "declared", "version": 3}
    assert unnamed == before
    stored_now = shapes.stamped(unnamed)
    assert stored_now == {**unnamed, "rules": "v1.4", "abilities": "checked", "version": 3}
    assert shapes.read(stored_now) is stored_now  # its bytes as read: a reader can hash them again
    assert shapes.read({**unnamed, "rules": "2025"})["rules"] == "2025"  # an edition named is kept
    note = {"type": "note", "text": "a shape that never changed", "version": 7}  # a client's field: left alone
    assert shapes.read(note) is note and shapes.stamped(note) is note


def test_a_stored_event_of_a_shape_this_riftlog_does_not_know_is_refused_saying_so(make_match_created):
    body = canonical_bytes(make_match_created(version=4))
    with pytest.raises(Inconsistent, match="seq 1 of match m1 is a 'match_created' event of shape version 4: this "
                                           "riftlog reads versions 1 to 3"):
        decode_event(body, "m1", 1)


def test_the_recorder_writes_the_current_shape_whatever_version_a_client_names(log, unnamed):
    match_id, _ = log.create_match({**unnamed, "version": 1})
    assert decode(log._event_rows(match_id, 0, None)[0]["body"])["version"] == 3
    assert log.state_at(match_id)["rules"] == "v1.4"


# -- the notation header ------------------------------------------------------------------------------------------
HEADER = '[Mode "duel"]\n{rules}[P1 "Ana"]\n[P1Deck "demo deck 1"]\n[P2 "Ben"]\n[P2Deck "demo deck 2"]\n'


@pytest.mark.parametrize("rules", ["v1.4", "v1.3", "2025"])
def test_the_notation_header_names_the_edition_and_reads_it_back(rules):
    [created] = notation.parse_match(HEADER.format(rules=f'[Rules "{rules}"]\n'))
    assert created["rules"] == rules
    text = notation.write_match([created])
    assert text.startswith(f'[Mode "duel"]\n[Rules "{rules}"]\n')
    assert notation.parse_match(text) == [created]


def test_a_notation_file_without_an_edition_was_written_before_editions_and_is_read_as_v1_3():
    [created] = notation.parse_match(HEADER.format(rules=""))
    assert created["rules"] == "v1.3"


def test_a_notation_header_naming_an_unknown_edition_is_refused_naming_the_editions():
    with pytest.raises(notation.InvalidNotation, match=r"line 2.*expected a rules edition \(v1.4, v1.3, 2025\), "
                                                       r"got 'v2'"):
        notation.parse_match(HEADER.format(rules='[Rules "v2"]\n'))


@pytest.mark.parametrize("abilities", ["checked", "declared"])
def test_the_notation_header_says_whether_the_engine_checks_the_abilities_and_reads_it_back(abilities):
    [created] = notation.parse_match(HEADER.format(rules=f'[Abilities "{abilities}"]\n'))
    assert created["abilities"] == abilities
    assert f'\n[Abilities "{abilities}"]\n' in notation.write_match([created])
    assert notation.parse_match(notation.write_match([created])) == [created]


def test_a_notation_file_without_abilities_was_written_before_the_engine_knew_its_cards_and_declares_them():
    [created] = notation.parse_match(HEADER.format(rules=""))
    assert created["abilities"] == "declared"


def test_a_notation_header_naming_abilities_neither_checked_nor_declared_is_refused():
    with pytest.raises(notation.InvalidNotation, match=r"line 2.*expected checked or declared, got 'trusted'"):
        notation.parse_match(HEADER.format(rules='[Abilities "trusted"]\n'))


def test_a_match_of_before_editions_exports_with_its_edition_and_a_new_one_with_the_default(unnamed):
    stored_before = decode_event(canonical_bytes(unnamed), "m1", 1)
    assert notation.write_match([stored_before]).startswith('[Mode "duel"]\n[Rules "v1.3"]\n')
    assert notation.write_match([unnamed]).startswith('[Mode "duel"]\n[Rules "v1.4"]\n')


# -- where the edition is shown -----------------------------------------------------------------------------------
def test_the_edition_is_shown_by_the_viewer_the_recording_screen_the_report_and_the_slip(client, make_match_created,
                                                                                         duel_game):
    created = client.post("/api/matches", json=make_match_created(rules="2025")).json
    match_id, judge = created["id"], {"Authorization": f"Bearer {created['token']}"}
    assert client.post(f"/api/matches/{match_id}/events", json={"events": duel_game(1)}, headers=judge).status_code == 201
    title = "the Core Rules and Tournament Rules of 2025"
    viewer = client.get(f"/matches/{match_id}").get_data(as_text=True)
    assert f'rules <b id="rules" title="{title}">2025</b>' in viewer
    recording = client.get(f"/matches/{match_id}/record").get_data(as_text=True)
    assert f'<span class="muted" id="rules" title="{title}">rules <b>2025</b></span>' in recording
    assert client.get(f"/api/matches/{match_id}/report", headers=judge).json["header"]["rules"] == "2025"
    report = client.get(f"/api/matches/{match_id}/report?format=html", headers=judge).get_data(as_text=True)
    assert f'rules <b id="rules" title="{title}">2025</b> ({title})' in report
    client.set_cookie(f"riftlog-{match_id}", created["token"])
    slip = client.get(f"/matches/{match_id}/slip").get_data(as_text=True)
    assert f'<span id="slip-rules" title="{title}">rules <b>2025</b></span>' in slip


def test_a_match_created_of_before_the_engine_knew_its_cards_is_read_with_its_abilities_declared(unnamed):
    """Shape version 2 (an edition named, no `abilities`) was stored from issue 25 until the engine checked the
    cards' abilities (engine/cards): it is read as recorded on the recorder's word, and its bytes are kept."""
    stored = {**unnamed, "rules": "v1.4", "version": 2}
    read = decode_event(canonical_bytes(stored), "m1", 1)
    assert read == {**stored, "abilities": "declared", "version": 3}
    assert engine.apply(None, read, CATALOG)["abilities"] == "declared"
    assert engine.apply(None, {**unnamed, "rules": "v1.4"}, CATALOG)["abilities"] == "checked"  # a new match


def test_a_match_created_naming_abilities_neither_checked_nor_declared_is_refused(unnamed):
    with pytest.raises(engine.MalformedEvent, match="'abilities' must be one of \\['checked', 'declared'\\].*'trusted'"):
        engine.apply(None, {**unnamed, "abilities": "trusted"}, CATALOG)
