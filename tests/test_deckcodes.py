"""Piltover Archive deck codes (replays.deckcodes): their golden vectors, round trips and every refusal."""
from __future__ import annotations

import base64

import pytest

from replays.deckcodes import DeckCodeError, decode, encode

# Golden vectors of Piltover-Archive/RiftboundDeckCodes (Apache-2.0), written here as data: test/fixtures/golden.json
# (v3 and v4 codes of its 1.3.0 build), test/fixtures/golden-v6.json (v6, additional legends) and the oracle
# vectors of test/deckCode.test.js (v5 sparse counts and SP numbers). Each is (name, main, sideboard, champion,
# additional legends, code).
KAISA_MAIN = [("OGN-007", 7), ("OGN-089", 5), ("OGN-004", 3), ("OGN-009", 3), ("OGN-012", 3), ("OGN-027", 3),
              ("OGN-029", 3), ("OGN-087", 3), ("OGN-095", 3), ("OGN-096", 3), ("OGN-103", 3), ("OGN-104", 3),
              ("OGN-116", 3), ("OGN-039", 2), ("OGN-122", 2), ("OGN-248", 2), ("OGN-013", 1), ("OGN-247", 1),
              ("OGN-280", 1), ("OGN-288", 1), ("OGN-292", 1)]
KAISA_SIDEBOARD = [("OGN-022", 2), ("OGN-024", 2), ("OGN-093", 2), ("OGN-088", 1), ("OGN-114", 1)]
SMALL_MAIN = [("OGN-007", 7), ("OGN-089", 5), ("OGN-012", 3), ("OGN-039", 2), ("OGN-013", 1)]
VECTORS = [
    ("v3-basic", [("OGN-007", 3), ("OGN-089", 2), ("OGN-004", 1)], [], None, [],
     "CMAAAAAAAAAAAAAAAEAQAAAHAEAQAACZAEAQAAAEAAAAAAA"),
    ("v3-sideboard", SMALL_MAIN, [("OGN-022", 2), ("OGN-088", 1)], None, [],
     "CMAAAAAAAAAQCAAAA4AACAIAABMQAAIBAAAAYAIBAAACOAIBAAAA2AABAEAAAFQBAEAAAWAA"),
    ("v3-champion", SMALL_MAIN, [("OGN-022", 2), ("OGN-088", 1)], "OGN-012", [],
     "CMAAAAAAAAAQCAAAA4AACAIAABMQAAIBAAAAYAIBAAACOAIBAAAA2AABAEAAAFQBAEAAAWABAAAAY"),
    ("v4-runes", [("SFD-R02", 3), ("UNL-R05a", 2), ("OGN-007", 3), ("OGN-089", 1)], [("OGN-022", 2)], "OGN-007", [],
     "CQAAAAAAAAAAAAAAAIAQAAAAA4AQGAABAIAQCBABAECQCAIAAAAFSAABAEAAAAAWAAAQAAAAA4"),
    ("v4-rune-champion", [("SFD-R01", 2), ("OGN-007", 3)], [], "SFD-R01", [],
     "CQAAAAAAAAAAAAAAAEAQAAAAA4AQCAYAAEAQAAAAAAAQGAABAE"),
    ("v3-large (the Kai'Sa deck of their README)", KAISA_MAIN, KAISA_SIDEBOARD, "OGN-103", [],
     "CMAAAAAAAAAQCAAAA4AACAIAABMQAAILAAAAICIMDMOVOX3AM5UHIAIDAAACO6XYAEAQKAAABX3QDGACUABKIAQAAEBQAAAWDBOQCAQAABMHEAIAABTQ"),
    ("v5 13x VEN-097", [("VEN-097", 13)], [], None, [], "CUAACDIBAECQAYIAAA"),
    ("v5 40x VEN-097", [("VEN-097", 40)], [], None, [], "CUAACKABAECQAYIAAA"),
    ("v5 20x VEN-097, sideboard 4x VEN-050", [("VEN-097", 20)], [("VEN-050", 4)], None, [],
     "CUAACFABAECQAYIBAQAQCBIAGIAA"),
    ("v5 128x VEN-097 (a two-byte count)", [("VEN-097", 128)], [], None, [], "CUAADAABAEAQKADBAAAA"),
    ("v5 200x VEN-097 (a two-byte count)", [("VEN-097", 200)], [], None, [], "CUAADSABAEAQKADBAAAA"),
    ("v5 VEN-SP1 x3", [("VEN-SP1", 3)], [], None, [], "CUAQCAYBAECQAAQBAAAA"),
    ("v5 VEN-SP1a x3", [("VEN-SP1a", 3)], [], None, [], "CUAQCAYBAECQCAQBAAAA"),
    ("v5 mixed 001/SP1/SP2 x3", [("VEN-001", 3), ("VEN-SP1", 3), ("VEN-SP2", 3)], [], None, [],
     "CUAQCAYBAMCQAAABAIAQEAQAAA"),
    ("v6-basic", [("OGN-004", 3), ("OGN-009", 3), ("OGN-013", 1)], [], None, ["OGN-280", "OGN-288", "OGN-292"],
     "CYAAEAYBAIAAABAJAEAQCAAABUAAAAYAACMAEAAAUABAAAFEAI"),
    ("v6-champion", [("OGN-004", 3), ("OGN-009", 3), ("OGN-103", 3), ("OGN-013", 1)],
     [("OGN-022", 2), ("OGN-024", 2)], "OGN-103", ["OGN-280", "OGN-288a", "VEN-292"],
     "CYAAEAYBAMAAABAJM4AQCAIAAAGQCAQBAIAAAFQYAEAAAZYDAAAJQAQAAGQAEBIAUQBA"),
    ("v6-runes", [("OGN-004", 3), ("SFD-R02", 3)], [], None, ["OGN-280", "OGN-288", "OGN-292"],
     "CYAQCAYCAEAAAAAEAEBQAAICAAAAGAAAACMAEAAAACQAEAAAACSAE"),
    ("v6-high-copy", [("VEN-097", 20), ("VEN-001", 3)], [("VEN-050", 4)], "VEN-001", ["VEN-SP1", "OGN-280", "RAD-005"],
     "CYAQEFABAECQAADBAMAQCBIAAAAQCBABAECQAABSAECQAAABAMCQAAQBAAAABGACAYAAABI"),
]
# Their README's Kai'Sa deck as a version 2 code (main deck and sideboard, no chosen champion).
README_V2 = ("CIAAAAAAAAAQCAAAA4AACAIAABMQAAILAAAAICIMDMOVOX3AM5UHIAIDAAACO6XYAEAQKAAABX3QDGACUABKIAQAAEBQAAAWDBOQCAQAABMHE")


def code_bytes(values: list[int]) -> str:
    return base64.b32encode(bytes(values)).decode("ascii").rstrip("=")


@pytest.mark.parametrize("name, main, sideboard, champion, legends, code", VECTORS, ids=[v[0] for v in VECTORS])
def test_encoding_gives_the_golden_code(name, main, sideboard, champion, legends, code):
    assert encode(main, sideboard, champion, legends) == code


@pytest.mark.parametrize("name, main, sideboard, champion, legends, code", VECTORS, ids=[v[0] for v in VECTORS])
def test_decoding_gives_the_golden_deck(name, main, sideboard, champion, legends, code):
    deck = decode(code)
    assert sorted(deck.main) == sorted(main) and sorted(deck.sideboard) == sorted(sideboard)
    assert deck.champion == champion and deck.legends == legends


def test_a_version_2_code_has_a_sideboard_and_no_champion():
    deck = decode(README_V2)
    assert deck.version == 2 and sorted(deck.main) == sorted(KAISA_MAIN)
    assert sorted(deck.sideboard) == sorted(KAISA_SIDEBOARD) and deck.champion is None


@pytest.mark.parametrize("main, sideboard, champion, version", [
    ([("OGN-004", 12)], [], None, 3),
    ([("OGN-004", 13)], [], None, 5),
    ([("OGN-004", 1)], [("OGN-050", 3)], None, 3),
    ([("OGN-004", 1)], [("OGN-050", 4)], None, 5),
    ([("OGN-004", 12), ("SFD-R02", 3)], [], None, 4),
    ([("OGN-004", 13), ("SFD-R02", 3)], [], None, 5),
    ([("VEN-097", 3)], [], "VEN-SP1", 5),
])
def test_the_encoder_writes_the_lowest_version_that_carries_the_deck(main, sideboard, champion, version):
    code = encode(main, sideboard, champion)
    assert decode(code).version == version


@pytest.mark.parametrize("main, sideboard, champion", [
    ([("VEN-097", 20), ("SFD-R02", 3), ("UNL-R05a", 2), ("OGN-007", 3), ("OGN-013", 1)], [("OGN-050", 4)], None),
    ([("VEN-097", 25), ("OGN-103", 3), ("OGN-013", 2)], [("OGN-050", 5)], "OGN-103"),
    ([("OGN-007*", 2), ("OGN-030a", 3), ("OGN-031b", 1), ("VEN-R01", 12)], [("VEN-SP1", 2)], "OGN-030a"),
    (KAISA_MAIN, KAISA_SIDEBOARD, "OGN-039"),
])
def test_decode_of_encode_is_the_deck(main, sideboard, champion):
    deck = decode(encode(main, sideboard, champion))
    assert sorted(deck.main) == sorted(main) and sorted(deck.sideboard) == sorted(sideboard)
    assert deck.champion == champion


def test_codes_are_read_in_any_case_and_spelling():
    assert encode([("ogn-007s", 2), ("OGN-30/298", 1)]) == encode([("OGN-007*", 2), ("OGN-030", 1)])
    assert decode(VECTORS[0][5].lower() + "\n").main == decode(VECTORS[0][5]).main


@pytest.mark.parametrize("code, message", [
    ("", "it is empty"),
    ("CMAA-AAA1", "has '-' '1'"),
    (code_bytes([0x23]), "format 2, not 1"),
    (code_bytes([0x17]), "version 7 is not supported"),
    (code_bytes([0x10]), "version 0 is not supported"),
    (code_bytes([0x13]), "ends early"),
    (code_bytes([0x13, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 9, 0, 4]), "set number 9"),
    (code_bytes([0x13, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 0, 7, 4]), "variant number 7"),
    (code_bytes([0x15, 2]), "prefix flag is 2"),
    (code_bytes([0x15, 1, 1, 3, 1, 1, 5, 0, 3, 1]), "unknown number prefix flag 3"),
    (code_bytes([0x15, 0, 1, 0, 0, 0, 0]), "with 0 copies"),
    (code_bytes([0x13] + [0] * 15 + [2]), "chosen champion marker is 2"),
    (code_bytes([0x13] + [0] * 16 + [9, 9]), "2 bytes after the deck"),
    (code_bytes([0x15, 0, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0x01]), "longer than 5 bytes"),
])
def test_a_code_that_cannot_be_read_says_why(code, message):
    with pytest.raises(DeckCodeError, match=message):
        decode(code)


@pytest.mark.parametrize("main, champion, message", [
    ([("Jinx, Rebel", 1)], None, "not a card code"),
    ([("XYZ-001", 1)], None, "cannot carry set 'XYZ'"),
    ([("UNL-T07", 1)], None, "a token"),
    ([("OGN-007", 0)], None, "a count is a whole number from 1"),
    ([("OGN-007", 1), ("OGN-007/298", 2)], None, "listed twice"),
    ([("OGN-007", 1)], "Jinx", "not a card code"),
])
def test_a_deck_that_cannot_be_written_as_a_code_says_why(main, champion, message):
    with pytest.raises(DeckCodeError, match=message):
        encode(main, [], champion)
