"""The header of a match: PGN-style tag lines that become the `match_created` event (seq 1).

    [Mode "duel"]                     required
    [Rules "v1.4"]                    the rules edition (engine/editions.py: v1.4, v1.3, 2025); a file without one
                                      was written before editions, and its match was played under v1.3
    [Abilities "checked"]             whether the engine checks what the cards do ("checked") or the recorder
                                      declares it ("declared"; engine/cards); a file without one was written
                                      before the engine knew its cards: "declared"
    [Policy "audit"]                  strict (the default) or audit
    [Catalog "demo"]                  the catalog the cards come from (default: demo)
    [Event "League night"] [Round "3"] [Table "12"]      match info; a Round or Table of digits is a number
    [Info {"date": "2025-06-02"}]     any other match info, as a JSON object
    [P1 "Ana"]                        required for each player P1, P2, ...
    [P1Deck "demo deck 1"]            a deck of engine/data/demo_decks.json: its list, and the defaults for the rest
    [P1Legend "Loose Cannon"] [P1Champion "Jinx, Demolitionist"]
    [P1Deck "3 Jinx, Demolitionist; 2 Legion Rearguard; Gust; ..."]     or a list, `;`-separated, with counts
    [P1Runes "6 Fury Rune; 6 Chaos Rune"] [P1Battlefields "Trifarian War Camp; Back-Alley Bar; Zaun Warrens"]
    [P1DeckCode "CMAAAAAAAAAQCAAAA4AA..."]    or a Piltover Archive deck code: every deck field at once
    [P1Team "Blue"]                   a 2v2 player's team (648)
    [P1Sideboard "2 Rune Prison; Gust"]   a player's sideboard (TR 403, 601.1.c; read in v1.4 matches)
    [BestOf "5"]                      a match played as a best of five (v1.4 486.6.a; engine/match_format.py)

Card names are kept as written (the engine reads names and codes in any case); the writer writes a deck
reference when a deck list is exactly a demo deck's, and only the fields that differ from it.
"""
from __future__ import annotations

import re
from typing import Any

from engine import Catalog
from engine.catalog import demo_decks
from engine import cards
from engine.editions import DEFAULT, EDITIONS, RECORDED_BEFORE_EDITIONS
from replays import decklists
from replays.notation.errors import InvalidNotation, UnknownReference
from replays.notation.text import (MAX_DIGITS, Scanner, comment_start, dumps, is_small_number, quote, read_counted,
                                   split, write_counted)

Event = dict[str, Any]
MATCH_TAGS = {"Mode": "mode", "Policy": "policy", "Catalog": "catalog"}
INFO_TAGS = {"Event": "event", "Round": "round", "Table": "table"}
NUMBER_TAGS = ("Round", "Table")
PLAYER_TAG = re.compile(rf"P(\d{{1,{MAX_DIGITS}}})(DeckCode|Deck|Legend|Champion|Runes|Battlefields|Team|Sideboard)?")
FIELDS = {"Legend": "legend", "Champion": "champion", "Deck": "deck", "Runes": "runes",
          "Battlefields": "battlefields"}
LISTS = ("deck", "runes", "battlefields")
DECK_REFERENCE = re.compile(r"demo deck (\d+)", re.I)


class Tag:
    """One header line: its name, value, and where the value starts (for errors)."""

    def __init__(self, sc: Scanner, name: str, value: Any, column: int) -> None:
        self.sc, self.name, self.value, self.column = sc, name, value, column

    def error(self, cls: type, detail: str, expected: str, offset: int = 0) -> Exception:
        """An error about this line's value, `offset` characters into it."""
        return self.sc.error(cls, detail, self.column + offset, expected)


def is_header_line(text: str) -> bool:
    return text.lstrip().startswith("[")


def read_tag(text: str, line: int) -> Tag:
    """`[Name "value"]` (or `[Info {...}]`)."""
    sc = Scanner(text, line, 0, comment_start(text))
    sc.expect("[", "'[' to start a header line")
    name = sc.word("a tag name after '['")
    sc.skip()
    column = sc.pos + 1
    if name == "Info":
        value = sc.json_value("a JSON object after 'Info'")
        if not isinstance(value, dict):
            sc.fail("a JSON object after 'Info'", column - 1)
    else:
        value = sc.quoted(f"a quoted value after '{name}'")
    sc.expect("]", "']' to close the header line")
    sc.expect_end("the end of the line after ']'")
    return Tag(sc, name, value, column)


def parse_header(lines: list[tuple[int, str]], catalog: Catalog, end_line: int, end_text: str = "") -> Event:
    """The match_created event of the header lines [(line number, text)]; the body starts at `end_line`, which
    reads `end_text` (where a missing header line is reported)."""
    tags: dict[str, Tag] = {}
    for number, text in lines:
        tag = read_tag(text, number)
        if tag.name in tags:
            raise tag.error(InvalidNotation, f"expected one [{tag.name} ...] line, got a second one", "one tag line")
        if tag.name not in MATCH_TAGS and tag.name not in INFO_TAGS and tag.name not in ("Info", "Rules", "Abilities", "BestOf") \
                and not PLAYER_TAG.fullmatch(tag.name):
            raise tag.sc.error(InvalidNotation, f"expected a known tag (Mode, Rules, Abilities, BestOf, Policy, Catalog, Event, "
                                                f"Round, Table, Info, P1, P1Deck, ...), got {tag.name!r}", 2,
                               "a known tag")
        tags[tag.name] = tag
    missing = _Missing(end_line, end_text)
    event: Event = {"type": "match_created", "mode": _required(tags, "Mode", missing).value,
                    "rules": _rules(tags.get("Rules")), "abilities": _abilities(tags.get("Abilities"))}
    for name, field in MATCH_TAGS.items():
        if name != "Mode" and name in tags:
            event[field] = tags[name].value
    if "BestOf" in tags:
        if not is_small_number(tags["BestOf"].value):
            raise tags["BestOf"].error(InvalidNotation, f"expected the games of the match's format (3 or 5), got "
                                                        f"{tags['BestOf'].value!r}", "a number of games")
        event["best_of"] = int(tags["BestOf"].value)
    _check_catalog(tags, catalog)
    info = _info(tags)
    if info or "Info" in tags:  # `[Info {}]` is an empty info, kept as such
        event["info"] = info
    event["players"] = [_player(tags, index, catalog, missing) for index in range(1, _player_count(tags) + 1)]
    return event


def _rules(tag: Tag | None) -> str:
    """The edition a `[Rules]` line names; none: the file was written before editions, under v1.3."""
    if tag is None:
        return RECORDED_BEFORE_EDITIONS
    if tag.value not in EDITIONS:
        raise tag.error(InvalidNotation, f"expected a rules edition ({', '.join(EDITIONS)}), got {tag.value!r}",
                        "a rules edition")
    return tag.value


def _abilities(tag: Tag | None) -> str:
    """Whether the engine checks the match's abilities (an `[Abilities]` line); none: the file was written before
    the engine knew its cards, when the recorder declared what they did."""
    if tag is None:
        return cards.RECORDED_BEFORE_CHECKS
    if tag.value not in cards.ABILITIES:
        raise tag.error(InvalidNotation, f"expected {' or '.join(cards.ABILITIES)}, got {tag.value!r}",
                        "checked or declared")
    return tag.value


class _Missing:
    """Raises the error for a required header line that is not there, at the line where the body starts."""

    def __init__(self, end_line: int, end_text: str) -> None:
        self.line = end_line
        self.text = end_text

    def __call__(self, name: str, alternative: str = "") -> Exception:
        expected = f"a [{name} \"...\"] header line{alternative}"
        return InvalidNotation(f"missing required header: expected {expected} before the first event",
                               line=self.line, column=1, expected=expected, text=self.text)


def _required(tags: dict[str, Tag], name: str, missing: _Missing, alternative: str = "") -> Tag:
    if name not in tags:
        raise missing(name, alternative)
    return tags[name]


def _check_catalog(tags: dict[str, Tag], catalog: Catalog) -> None:
    named = tags["Catalog"].value if "Catalog" in tags else "demo"
    if named != catalog.name:
        tag = tags.get("Catalog")
        detail = f"expected the catalog {catalog.name!r} this match is read with, got {named!r}"
        if tag is None:
            raise InvalidNotation(detail + " (no [Catalog] line means 'demo')", line=1, column=1)
        raise tag.error(InvalidNotation, detail, f"catalog {catalog.name!r}")


def _info(tags: dict[str, Tag]) -> dict[str, Any]:
    info: dict[str, Any] = {}
    for name, key in INFO_TAGS.items():
        if name in tags:
            value = tags[name].value
            info[key] = int(value) if _reads_as_number(name, value) else value
    if "Info" in tags:
        info.update(tags["Info"].value)
    return info


def _reads_as_number(name: str, value: str) -> bool:
    """Whether a Round or Table value reads as a number (the writer asks the same question)."""
    return name in NUMBER_TAGS and is_small_number(value)


def _player_count(tags: dict[str, Tag]) -> int:
    numbers = {int(match.group(1)) for name in tags if (match := PLAYER_TAG.fullmatch(name))}
    return max(numbers, default=0)


def _player(tags: dict[str, Tag], index: int, catalog: Catalog, missing: _Missing) -> dict[str, Any]:
    player = f"P{index}"
    entry: dict[str, Any] = {"name": _required(tags, player, missing).value}
    defaults: dict[str, Any] = {}
    deck_tag = tags.get(f"{player}Deck")
    code_tag = tags.get(f"{player}DeckCode")
    if code_tag is not None:
        if deck_tag is not None:
            raise code_tag.error(InvalidNotation, f"expected [{player}DeckCode] or [{player}Deck], not both",
                                 "one deck")
        defaults = _coded_deck(code_tag, catalog)
    elif deck_tag is not None and DECK_REFERENCE.fullmatch(deck_tag.value.strip()):
        defaults = _demo_deck(deck_tag)
    for suffix, field in FIELDS.items():
        tag = tags.get(f"{player}{suffix}")
        if tag is not None and not (field == "deck" and defaults):
            entry[field] = _cards(tag, catalog) if field in LISTS else _card(tag, catalog, tag.value, 1)
        elif field in defaults:
            entry[field] = list(defaults[field]) if field in LISTS else defaults[field]
        else:
            raise missing(f"{player}{suffix}", f" (or [{player}Deck \"demo deck N\"])")
    team = tags.get(f"{player}Team")  # 2v2 (648): the player's team
    if team is not None:
        entry["team"] = team.value
    sideboard = tags.get(f"{player}Sideboard")  # TR 403: the player's sideboard
    if sideboard is not None:
        entry["sideboard"] = _cards(sideboard, catalog)
    return entry


def _demo_deck(tag: Tag) -> dict[str, Any]:
    decks = demo_decks()
    digits = DECK_REFERENCE.fullmatch(tag.value.strip()).group(1)
    if not is_small_number(digits) or not 1 <= int(digits) <= len(decks):
        raise tag.error(UnknownReference, f"expected a demo deck from 1 to {len(decks)}, got {tag.value!r}",
                       "a demo deck")
    return decks[int(digits) - 1]


def _coded_deck(tag: Tag, catalog: Catalog) -> dict[str, Any]:
    """The deck fields of a Piltover Archive deck code (docs/decks.md), legal or not (the engine checks that)."""
    try:
        entry = decklists.read_code(tag.value, catalog, legality=False)
    except decklists.DeckProblems as error:
        detail = "; ".join(f"{problem['card']}: {problem['message']}" if "card" in problem else problem["message"]
                           for problem in error.problems)
        raise tag.error(UnknownReference, f"the deck code does not read: {detail}", "a deck code") from None
    return {field: entry[field] for field in FIELDS.values()}


def _card(tag: Tag, catalog: Catalog, name: str, offset: int) -> str:
    """A card of the catalog, kept as written."""
    if catalog.get(name) is None:
        raise tag.error(UnknownReference, f"unknown card {name!r}: catalog {catalog.name!r} has no card of that "
                                         f"name or code", "a card name", offset)
    return name


def _cards(tag: Tag, catalog: Catalog) -> list[str]:
    """`3 Jinx, Demolitionist; 2 Legion Rearguard; Gust` (offsets assume no escapes in the quoted value)."""
    cards: list[str] = []
    if not tag.value.strip():
        return cards
    for item in split(tag.value, 0, len(tag.value), ";"):
        count, name = read_counted(tag.sc, item, tag.column)
        if not name.text:
            raise tag.error(InvalidNotation, "expected a card name between ';'", "a card name", item.column)
        cards += [_card(tag, catalog, name.text, name.column)] * count
    return cards


# -- writing ---------------------------------------------------------------------------------------------------
def write_header(event: Event) -> str:
    """The header lines of a match_created event."""
    lines = [_tag("Mode", event["mode"]), _tag("Rules", event.get("rules", DEFAULT)),
             _tag("Abilities", event.get("abilities", cards.DEFAULT))]
    lines += [_tag("BestOf", str(event["best_of"]))] if "best_of" in event else []
    lines += [_tag(name, event[field]) for name, field in MATCH_TAGS.items() if name != "Mode" and field in event]
    lines += _info_lines(event["info"]) if event.get("info") else ["[Info {}]"] if "info" in event else []
    for index, entry in enumerate(event["players"], 1):
        lines += _player_lines(f"P{index}", entry)
    return "\n".join(lines)


def _tag(name: str, value: str) -> str:
    return f"[{name} {quote(value)}]"


def _info_lines(info: dict[str, Any]) -> list[str]:
    rest = dict(info)
    lines = []
    for name, key in INFO_TAGS.items():
        value = rest.get(key)
        reads_back = isinstance(value, str) and not _reads_as_number(name, value) or \
            isinstance(value, int) and not isinstance(value, bool) and _reads_as_number(name, str(value))
        if key in rest and reads_back:
            lines.append(_tag(name, str(rest.pop(key))))
    if rest:
        lines.append(f"[Info {dumps(rest)}]")
    return lines


def _player_lines(player: str, entry: dict[str, Any]) -> list[str]:
    decks = demo_decks()
    reference = next((number for number, deck in enumerate(decks, 1) if deck["deck"] == entry["deck"]), None)
    defaults = decks[reference - 1] if reference else {}
    lines = [_tag(player, entry["name"])]
    if reference:
        lines.append(_tag(f"{player}Deck", f"demo deck {reference}"))
    for suffix, field in FIELDS.items():
        if field == "deck" and reference or defaults.get(field) == entry[field]:
            continue
        if field in LISTS and None in entry[field]:  # redacted for a view that may not see this player's lists
            lines.append(f"# {player}{suffix}: {len(entry[field])} cards, hidden in this view")
            continue
        lines.append(_tag(f"{player}{suffix}", write_counted(entry[field]) if field in LISTS else entry[field]))
    if entry.get("team") is not None:
        lines.append(_tag(f"{player}Team", entry["team"]))
    if "sideboard" in entry:
        lines.append(f"# {player}Sideboard: {len(entry['sideboard'])} cards, hidden in this view"
                     if None in entry["sideboard"] else _tag(f"{player}Sideboard", write_counted(entry["sideboard"])))
    return lines

