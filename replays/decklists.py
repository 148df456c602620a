"""Reading a deck as people share it: the text list (`3 Card Name` lines) or a Piltover Archive deck code.

```python
from replays import decklists

entry = decklists.read_deck(text_or_code, catalog, name="Ana")   # a players[*] entry of match_created
code = decklists.deck_code(entry, catalog)                        # the entry as a deck code
```

Either way the answer is `{name?, legend, champion, deck, runes, battlefields, sideboard?}`, ready for
`match_created` (`deck` is the whole main deck, the chosen champion included), or `DeckProblems` listing every
problem found, each naming its line (a text list) or its card code (a deck code): an unknown card (with the closest
name), a count that is not a number, a card in the wrong section, no legend, a chosen champion that is unclear, and
every deck construction problem the engine would flag at `match_created` (`engine.construction`), so that a user
sees all of it at once. docs/decks.md describes both formats.
"""
from __future__ import annotations

import difflib
import re
from collections import Counter
from itertools import takewhile
from typing import Any, NamedTuple

from engine import construction
from engine.catalog import Catalog, demo_decks
from engine.modes import MODES
from replays import deckcodes
from replays.errors import ReplayError

# Section headings people paste (any case, spaces ignored, with or without a colon or a count).
SECTIONS: dict[str, str] = {
    "legend": "legend", "legends": "legend", "championlegend": "legend",
    "champion": "champion", "chosenchampion": "champion",
    "main": "main", "maindeck": "main", "deck": "main",
    "rune": "runes", "runes": "runes", "runedeck": "runes",
    "battlefield": "battlefields", "battlefields": "battlefields",
    "sideboard": "sideboard", "side": "sideboard", "sidedeck": "sideboard",
}
SECTION_NAMES = {"legend": "Legend", "champion": "Champion", "main": "Main Deck", "runes": "Runes",
                 "battlefields": "Battlefields", "sideboard": "Sideboard"}
# The card types each section holds; a card listed before any heading goes where its type says.
SECTION_TYPES: dict[str, tuple[str, ...]] = {
    "legend": ("Legend",), "champion": ("Unit",), "main": ("Unit", "Spell", "Gear", "Token"),
    "runes": ("Rune",), "battlefields": ("Battlefield",), "sideboard": ("Unit", "Spell", "Gear", "Token"),
}
TYPE_SECTIONS = {"Legend": "legend", "Rune": "runes", "Battlefield": "battlefields"}

# What one list may hold, so that reading it is bounded before any line is looked at: a deck has at most ~70
# distinct cards, and its longest line (a count, the longest name, a printed code) fits in 80 characters. Reading is
# linear in what is read (no regex: the heading's took 4.5 s at 250 characters and 60 s at 500, issue 24).
MAX_LINES = 200
MAX_LINE = 200  # characters of one line, after its surrounding spaces are stripped
HINTS = 3  # unknown cards of one deck that get a "did you mean" (a difflib search of the whole catalog each)
MAX_CHOSEN_BATTLEFIELDS = 12  # battlefields chosen on the form for one player (a player brings 3: 644.4.a)
MAX_PLAYERS = max(mode["players"] for mode in MODES.values())  # players of a match_created whose decks are read
_TITLE_LETTERS = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz ")
_TIMES = frozenset("xX×")  # between a count and its card: `3x Card`, `Card x3`
_CODE_SHAPE = re.compile(r"^[A-Za-z2-7]{8,}=*$")
_QUOTES = str.maketrans({"\u2019": "'", "\u2018": "'", "\u201c": '"', "\u201d": '"'})


class DeckProblems(ReplayError):
    """A deck that could not be read, or is not legal: `problems` lists each as {line?, card?, message, rule?}."""

    def __init__(self, problems: list[dict[str, Any]]) -> None:
        self.problems = problems
        lines = [f"- {_where(problem)}{problem['message']}" for problem in problems]
        super().__init__(f"{len(problems)} problem{'s' if len(problems) != 1 else ''} in the deck:\n"
                         + "\n".join(lines))


def _where(problem: dict[str, Any]) -> str:
    player = f"{problem['player']}: " if "player" in problem else ""
    if "line" in problem:
        return f"{player}line {problem['line']}: "
    return player + (f"{problem['card']}: " if "card" in problem else "")


def lines_of(text: str, problems: list[dict[str, Any]]) -> list[tuple[int, str]]:
    """The (number, line) pairs of a text list to read: curly quotes made straight, spaces stripped, blank lines and
    comments (`#`, `//`) left out. A line longer than MAX_LINE and every line past MAX_LINES are not read: each is a
    problem added to `problems`, naming the line."""
    read: list[tuple[int, str]] = []
    for number, raw in enumerate(text.splitlines(), start=1):
        if number > MAX_LINES:
            total = len(text.splitlines())
            problems.append({"line": number, "message": f"the list goes on past line {MAX_LINES} ({total:,} lines): "
                                                        f"a deck list has at most {MAX_LINES} lines; the rest was "
                                                        "not read"})
            break
        line = raw.translate(_QUOTES).strip()
        if not line or line.startswith(("#", "//")):
            continue
        if len(line) > MAX_LINE:
            problems.append({"line": number, "message": f"the line is {len(line):,} characters long; a deck list's "
                                                        f"line is at most {MAX_LINE} (a count and one card)"})
            continue
        read.append((number, line))
    return read


def _heading(line: str) -> tuple[str, str] | None:
    """(its section title, without spaces and casefolded; what follows its colon) of a line that reads as a heading,
    else None: ASCII letters and spaces, then an optional count in brackets (`Main Deck (40)`), then an optional
    colon and what follows it (`Legend: Jinx`). `line` is stripped."""
    head, _, rest = line.partition(":")
    head = head.rstrip()
    if head.endswith(")"):
        opened = head.rfind("(")
        count = head[opened + 1:-1].strip()
        if opened < 0 or (count and not count.isdecimal()):
            return None
        head = head[:opened].rstrip()
    if not head or not set(head) <= _TITLE_LETTERS:
        return None
    return "".join(head.split()).casefold(), rest.strip()


def _first_word(line: str) -> tuple[str, str] | None:
    """(the first word, the rest) of a stripped line of two words or more, else None."""
    parts = line.split(None, 1)
    return (parts[0], parts[1]) if len(parts) == 2 else None


def _count_first(line: str) -> tuple[int, str] | None:
    """(count, reference) of `3 Card`, `3x Card` or `3 x Card` (a stripped line), else None."""
    digits = "".join(takewhile(str.isdecimal, line))
    after = line[len(digits):]
    spaced = after.lstrip()
    if not digits or not spaced:
        return None
    if spaced[0] in _TIMES and spaced[1:2].isspace():
        return int(digits), spaced[1:].lstrip()
    return (int(digits), spaced) if after[0].isspace() else None


def _count_last(line: str) -> tuple[str, int] | None:
    """(reference, count) of `Card x3`, `Card x 3` or `Card ×3` (a stripped line), else None."""
    digits = "".join(takewhile(str.isdecimal, reversed(line)))[::-1]
    before = line[:len(line) - len(digits)].rstrip()
    if not digits or not before or before[-1] not in _TIMES or not before[-2:-1].isspace():
        return None
    return before[:-1].rstrip(), int(digits)


class _Hints:
    """How many more unknown cards of one deck get a "did you mean": each is a difflib search of the whole catalog
    (~3 ms), so a list of unknown lines would cost that per line (issue 24: 16 anonymous lists of 40 KB held a
    judge's append back 5-20 s)."""

    def __init__(self) -> None:
        self.left = HINTS

    def take(self) -> bool:
        self.left -= 1
        return self.left >= 0


class Listed(NamedTuple):
    """One card as the list gives it: the section it is in, its catalog name, its copies, where it was read."""

    section: str
    name: str
    count: int
    where: dict[str, Any]  # {"line": n} for a text list, {"card": code} for a deck code


def is_deck_code(source: str, catalog: Catalog | None = None) -> bool:
    """Whether `source` reads as a deck code (one word of base32 letters that is no card name) rather than a list."""
    text = source.strip()
    return bool(_CODE_SHAPE.match(text)) and (catalog is None or text not in catalog)


class Choices(NamedTuple):
    """What the person creating a match chose where a deck leaves a choice (docs/decks.md, "Choices"): the chosen
    champion (one of `champion_candidates`, 103.2.a.2) and the battlefields brought (644.4.a), each None to keep
    what the deck says."""

    champion: str | None = None
    battlefields: list[str] | None = None


def read_deck(source: str, catalog: Catalog, name: str | None = None, *,
              choices: Choices | None = None) -> dict[str, Any]:
    """The `players[*]` entry a text list or a deck code describes; raises DeckProblems listing every problem."""
    if not isinstance(source, str) or not source.strip():
        raise DeckProblems([{"message": "the deck is empty: paste a list of `3 Card Name` lines or a deck code"}])
    if is_deck_code(source, catalog):
        return read_code(source, catalog, name, choices=choices)
    return read_text(source, catalog, name, choices=choices)


def leaves_champion_open(source: str, catalog: Catalog) -> bool:
    """Whether a deck leaves its chosen champion to be chosen: a text list without a `Champion` section, a deck
    code without a chosen champion (103.2.a.2; the reader then picks one, docs/decks.md)."""
    if is_deck_code(source, catalog):
        try:
            return deckcodes.decode(source).champion is None
        except deckcodes.DeckCodeError:
            return False
    for _number, line in lines_of(source, []):
        heading, first = _heading(line), _first_word(line)
        titles = [heading[0]] if heading else []
        titles += [first[0].casefold()] if first else []
        if any(SECTIONS.get(title) == "champion" for title in titles):
            return False
    return True


def read_text(text: str, catalog: Catalog, name: str | None = None, *,
              choices: Choices | None = None) -> dict[str, Any]:
    """The entry a text list describes (`3 Card Name` or `3x Card Name` lines, optional section headings)."""
    listed: list[Listed] = []
    problems: list[dict[str, Any]] = []
    section: str | None = None
    hints = _Hints()
    for number, line in lines_of(text, problems):
        heading = _heading(line)
        if heading and heading[0] in SECTIONS:
            section = SECTIONS[heading[0]]
            rest = heading[1]
            if not rest or rest.isdigit():
                continue
            line = rest
        else:
            first = _first_word(line)  # "Legend Battle Mistress": a one-word heading and its card
            if first and first[0].casefold() in SECTIONS and _card(catalog, first[1]):
                section, line = SECTIONS[first[0].casefold()], first[1]
        card = _read_line(line, number, catalog, problems, hints)
        if card is not None:
            listed.append(_place(section, card[0], card[1], {"line": number}, catalog, problems))
    return _entry(listed, None, catalog, name, problems, choices=choices)


def _read_line(line: str, number: int, catalog: Catalog, problems: list[dict[str, Any]],
               hints: _Hints) -> tuple[str, int] | None:
    """The card and count of one line, or None after adding the problem it has."""
    count_first, count_last = _count_first(line), _count_last(line)
    if count_first:
        count, reference = count_first
    elif count_last and _card(catalog, count_last[0]):
        reference, count = count_last
    elif _card(catalog, line):
        reference, count = line, 1  # a card named alone is one copy
    else:
        first = _first_word(line)
        if first and _card(catalog, first[1]):
            problems.append({"line": number, "message": f"the count {first[0]!r} of {first[1]!r} is "
                                                        f"not a number of copies (write `3 {first[1]}`)"})
        else:
            problems.append({"line": number, "message": _unknown(catalog, line, hints.take())})
        return None
    card = _card(catalog, reference)
    if card is None:
        problems.append({"line": number, "message": _unknown(catalog, reference, hints.take())})
        return None
    if count < 1:
        problems.append({"line": number, "message": f"{count} copies of {card!r}: a count is a whole number from 1"})
        return None
    return card, count


def _card(catalog: Catalog, reference: str) -> str | None:
    """The catalog name of a card named by name or any printed code, also written `Name (CODE)`."""
    found = catalog.get(reference)
    opened = reference.rfind("(")
    if found is None and reference.endswith(")") and opened >= 0 and ")" not in reference[opened + 1:-1]:
        found = catalog.get(reference[opened + 1:-1]) or catalog.get(reference[:opened].rstrip())
    return found["name"] if found else None


def _unknown(catalog: Catalog, reference: str, hint: bool = True) -> str:
    """Why `reference` is no card, with the closest name when `hint` (a search of the whole catalog)."""
    close: list[str] = []
    if hint:
        names = {card_name.casefold(): card_name for card_name in catalog.names()}
        close = [names[found] for found in difflib.get_close_matches(reference.casefold(), list(names), n=1,
                                                                      cutoff=0.6)]
    suggestion = f" (did you mean {close[0]!r}?)" if close else ""
    return f"unknown card {reference!r} in catalog {catalog.name!r}{suggestion}"


def _place(section: str | None, card: str, count: int, where: dict[str, Any], catalog: Catalog,
           problems: list[dict[str, Any]]) -> Listed:
    """The card in its section; a card under a heading its type does not belong to is a problem and goes where its
    type says (so that the legality checks do not report it twice)."""
    card_type = catalog.card(card)["type"]
    by_type = TYPE_SECTIONS.get(card_type, "main")
    if section is None:
        return Listed(by_type, card, count, where)
    if card_type not in SECTION_TYPES[section]:
        problems.append({**where, "message": f"{card!r} is a {card_type}, which does not belong in the "
                                             f"{SECTION_NAMES[section]} section (put it under "
                                             f"{SECTION_NAMES[by_type]})"})
        return Listed(by_type, card, count, where)
    return Listed(section, card, count, where)


def read_code(code: str, catalog: Catalog, name: str | None = None, *, legality: bool = True,
              choices: Choices | None = None) -> dict[str, Any]:
    """The entry a Piltover Archive deck code describes: its cards are sorted by type (legend, runes, battlefields,
    main deck); its chosen champion, when it names one, is the champion. `legality=False` leaves the deck
    construction checks to the engine (the notation's header does, so that an audit match keeps an illegal deck)."""
    try:
        decoded = deckcodes.decode(code)
    except deckcodes.DeckCodeError as error:
        raise DeckProblems([{"message": str(error)}]) from None
    problems: list[dict[str, Any]] = []
    listed: list[Listed] = []
    for section, pairs in (("main", decoded.main), ("sideboard", decoded.sideboard)):
        for card_code, count in pairs:
            card = _card(catalog, card_code)
            if card is None:
                problems.append({"card": card_code, "message": f"unknown card code {card_code!r} in catalog "
                                                               f"{catalog.name!r}"})
            elif section == "sideboard":
                listed.append(_place("sideboard", card, count, {"card": card_code}, catalog, problems))
            else:
                listed.append(_place(None, card, count, {"card": card_code}, catalog, problems))
    for legend in decoded.legends:
        problems.append({"card": legend, "message": "the code lists additional legends; a deck has one Champion "
                                                    "Legend (103.1), among its cards"})
    champion = None
    if decoded.champion is not None:
        champion = _card(catalog, decoded.champion)
        if champion is None:
            problems.append({"card": decoded.champion, "message": f"unknown chosen champion code "
                                                                  f"{decoded.champion!r} in catalog {catalog.name!r}"})
        elif not any(item.name == champion and item.section == "main" for item in listed):
            problems.append({"card": decoded.champion, "message": f"the chosen champion {champion!r} is not among "
                                                                  f"the deck's cards"})
            champion = None
    return _entry(listed, champion, catalog, name, problems, legality, choices)


def _entry(listed: list[Listed], champion: str | None, catalog: Catalog, name: str | None,
           problems: list[dict[str, Any]], legality: bool = True, choices: Choices | None = None) -> dict[str, Any]:
    """The players[*] entry of what was listed, after the legend and champion are settled (or chosen: `choices`)
    and the deck checked."""
    by_section: dict[str, list[Listed]] = {section: [] for section in SECTION_NAMES}
    for item in listed:
        by_section[item.section].append(item)
    legend = _legend(by_section["legend"], problems)
    deck = [item.name for item in by_section["main"] for _ in range(item.count)]
    named = by_section["champion"]
    chosen = choices.champion if choices is not None else None
    if chosen is not None and champion is None and not named and legend is not None:
        champion = _chosen_champion(chosen, legend, by_section["main"], catalog, problems)
    elif named:
        champion = _named_champion(named, problems)
        if champion is not None:
            deck.insert(0, champion)  # the Champion section's card is one card of the main deck (103.2.a)
    elif champion is None and legend is not None:
        champion = _pick_champion(legend, by_section["main"], catalog, problems)
    entry: dict[str, Any] = {**({"name": name} if name is not None else {}), "legend": legend,
                             "champion": champion, "deck": deck,
                             "runes": [item.name for item in by_section["runes"] for _ in range(item.count)],
                             "battlefields": [item.name for item in by_section["battlefields"]
                                              for _ in range(item.count)]}
    if choices is not None and choices.battlefields is not None:
        entry["battlefields"] = _chosen_battlefields(choices.battlefields, catalog, problems)
    sideboard = [item.name for item in by_section["sideboard"] for _ in range(item.count)]
    if sideboard:
        entry["sideboard"] = sideboard
    if legend is not None and legality:
        problems.extend(_legality(entry, listed, catalog, name))
    if problems:
        raise DeckProblems(sorted(problems, key=lambda problem: problem.get("line", 1 << 30)))
    return entry


def _legend(items: list[Listed], problems: list[dict[str, Any]]) -> str | None:
    if not items:
        problems.append({"message": "no legend: the deck names no Champion Legend (103.1)"})
        return None
    if len(items) > 1 or items[0].count != 1:
        names = ", ".join(f"{item.count} {item.name}" for item in items)
        problems.append({**items[0].where, "message": f"a deck has one Champion Legend (103.1); this one lists "
                                                     f"{names}"})
        return None
    return items[0].name


def _named_champion(items: list[Listed], problems: list[dict[str, Any]]) -> str | None:
    if len(items) > 1 or items[0].count != 1:
        names = ", ".join(f"{item.count} {item.name}" for item in items)
        problems.append({**items[0].where, "message": f"the Champion section lists {names}; it names the one "
                                                      f"chosen champion (103.2.a), other copies go in the Main Deck"})
        return None
    return items[0].name


def _candidates(legend: str, main: list[Listed], catalog: Catalog) -> list[Listed]:
    """The champion units of the main deck whose champion tag is a tag of the legend (103.2.a.2)."""
    legend_tags = set(catalog.card(legend)["tags"])
    return [item for item in main if catalog.card(item.name)["supertype"] == "Champion"
            and construction.champion_tags(catalog.card(item.name)) & legend_tags]


def champion_candidates(entry: dict[str, Any], catalog: Catalog) -> list[str]:
    """The cards a deck's chosen champion may be (an entry `read_deck` gave): the champion units of its main deck
    with the legend's champion tag (103.2.a.2), in the order listed. A deck that names its champion (a `Champion`
    section, a code's chosen champion) has made its choice; this still lists what it could have chosen."""
    main = [Listed("main", card, 1, {}) for card in dict.fromkeys(entry.get("deck") or []) if card in catalog]
    if entry.get("legend") not in catalog:
        return []
    return [item.name for item in _candidates(entry["legend"], main, catalog)]


def battlefield_names(catalog: Catalog) -> list[str]:
    """Every battlefield card of the catalog by name (the choices of a deck that brings too few: 644.4.a)."""
    return sorted(card["name"] for card in catalog if card.get("type") == "Battlefield"
                  and not construction.is_token(card))


def _chosen_champion(chosen: str, legend: str, main: list[Listed], catalog: Catalog,
                     problems: list[dict[str, Any]]) -> str | None:
    """The champion the person creating the match chose: one of the deck's candidates (103.2.a.2)."""
    card = _card(catalog, chosen)
    names = [item.name for item in _candidates(legend, main, catalog)]
    if card not in names:
        listed = ", ".join(repr(name) for name in dict.fromkeys(names)) or "none"
        problems.append({"message": f"the chosen champion {chosen!r} is not a champion unit of this deck with "
                                    f"{legend!r}'s champion tag (103.2.a.2); it may be: {listed}"})
        return None
    return card


def _chosen_battlefields(chosen: list[str], catalog: Catalog, problems: list[dict[str, Any]]) -> list[str]:
    """The battlefields the person creating the match picked, by catalog name; how many a mode needs is the
    engine's construction check (644.4.a)."""
    if len(chosen) > MAX_CHOSEN_BATTLEFIELDS:
        problems.append({"message": f"{len(chosen)} battlefields chosen: choose at most {MAX_CHOSEN_BATTLEFIELDS} "
                                    f"(a player brings 3, 644.4.a)"})
        return []
    picked = []
    hints = _Hints()
    for reference in chosen:
        card = _card(catalog, reference)
        if card is None:
            problems.append({"message": f"battlefield: {_unknown(catalog, reference, hints.take())}"})
        else:
            picked.append(card)
    return picked


def _pick_champion(legend: str, main: list[Listed], catalog: Catalog, problems: list[dict[str, Any]]) -> str | None:
    """A deck that does not mark its chosen champion gets one: of the champion units of the main deck whose
    champion tag is the legend's (103.2.a.2), the one with the most copies, then the first listed."""
    candidates = _candidates(legend, main, catalog)
    if not candidates:
        problems.append({"message": f"no chosen champion: the main deck has no champion unit with the champion tag "
                                    f"of {legend!r} (103.2.a.2)"})
        return None
    copies = Counter()
    for item in candidates:
        copies[item.name] += item.count
    return max(copies, key=lambda card: (copies[card], -list(copies).index(card)))


def _legality(entry: dict[str, Any], listed: list[Listed], catalog: Catalog, name: str | None) -> list[dict]:
    """The engine's deck construction problems (and the sideboard's), each placed at the card's first line or code."""
    where: dict[str, dict[str, Any]] = {}
    for item in listed:
        where.setdefault(item.name, item.where)

    def facts(card: str) -> dict[str, Any]:
        return catalog.card(card)

    player = name or "the player"
    # Without a chosen champion (a problem reported already), the rest of the deck is still checked.
    champion = facts(entry["champion"]) if entry["champion"] is not None else {"name": "", "type": None}
    found = construction.deck_problems(player, facts(entry["legend"]), champion, Counter(entry["deck"]),
                                       Counter(entry["runes"]), entry["battlefields"], facts)
    if entry["champion"] is None:
        found = [problem for problem in found if problem["rule"] not in ("103.2.a", "103.2.a.2")]
    found += construction.sideboard_problems(player, facts(entry["legend"]), Counter(entry["deck"]),
                                             Counter(entry.get("sideboard", [])), facts)
    placed = []
    for problem in found:
        card = problem.pop("card", None)
        placed.append({**(where.get(card, {}) if card else {}), **problem})
    return placed


def deck_code(entry: dict[str, Any], catalog: Catalog) -> str:
    """The deck code of a players[*] entry: every card by its catalog code (its first printing), the legend, runes
    and battlefields in the main deck, the chosen champion marked. Raises DeckProblems for a card the catalog
    lacks or a code the format cannot carry."""
    def code(card: str) -> str:
        found = catalog.get(card)
        if found is None:
            raise DeckProblems([{"message": _unknown(catalog, card)}])
        return found["code"]

    main = Counter(code(card) for card in [entry["legend"], *entry["deck"], *entry["runes"], *entry["battlefields"]])
    sideboard = Counter(code(card) for card in entry.get("sideboard", []))
    try:
        return deckcodes.encode(main.items(), sideboard.items(), code(entry["champion"]))
    except deckcodes.DeckCodeError as error:
        raise DeckProblems([{"message": str(error)}]) from None


DECK_FIELDS = ("decklist", "deck_code")
DEMO_DECK = re.compile(r"\s*demo deck (\d{1,3})\s*", re.I)  # as the notation's [P1Deck "demo deck 1"] names one


def needs_reading(event: dict[str, Any]) -> bool:
    """Whether a match_created body gives a player's deck other than by its fields: a `decklist`, a `deck_code`, or
    `deck` as a demo deck's name ("demo deck 1"), which `expand_players` reads."""
    players = event.get("players") if isinstance(event, dict) else None
    return isinstance(players, list) and any(
        isinstance(player, dict) and (any(field in player for field in DECK_FIELDS)
                                      or isinstance(player.get("deck"), str)) for player in players)


def named_deck(label: str, player: dict[str, Any]) -> tuple[dict[str, Any] | None, str | None]:
    """A player whose `deck` is a string: the demo deck it names (engine/data/demo_decks.json) with the player's
    own fields over its defaults, as the notation's `[P1Deck "demo deck 1"]` reads it; else why not."""
    decks = demo_decks()
    found = DEMO_DECK.fullmatch(player["deck"])
    if found and 1 <= int(found.group(1)) <= len(decks):
        own = {key: value for key, value in player.items() if key != "deck"}
        return {**decks[int(found.group(1)) - 1], **own}, None
    return None, (f"{label}'s deck is {player['deck']!r}: `deck` is the main deck's card names as a list (with "
                  f"legend, champion, runes and battlefields), or a demo deck by its name, 'demo deck 1' to "
                  f"'demo deck {len(decks)}'; a deck as players share it is a `decklist` (a text list) or a "
                  f"`deck_code`")


def expand_players(event: dict[str, Any], catalog: Catalog) -> dict[str, Any]:
    """`event` (a match_created body) with every player given as `{"name", "decklist": TEXT}` or `{"name",
    "deck_code": CODE}` replaced by the entry that list or code describes, and `{"name", "deck": "demo deck 1"}` by
    that demo deck (`named_deck`); other players are left as they are.
    Raises DeckProblems with every problem of every such player, each naming its player ("player": "P1")."""
    players = event.get("players")
    if not isinstance(players, list):
        return event
    if len(players) > MAX_PLAYERS:  # before any deck is read: each costs a parse and a catalog search (issue 24)
        raise DeckProblems([{"message": f"a match has at most {MAX_PLAYERS} players (ffa4, 2v2), this one lists "
                                        f"{len(players)}: no deck was read"}])
    problems: list[dict[str, Any]] = []
    expanded = []
    for index, player in enumerate(players):
        given = [field for field in DECK_FIELDS if isinstance(player, dict) and field in player]
        label = f"P{index + 1}"
        if not given and isinstance(player, dict) and isinstance(player.get("deck"), str):
            entry, problem = named_deck(label, player)
            if problem:
                problems.append({"player": label, "message": problem})
            else:
                expanded.append(entry)
            continue
        if not given:
            expanded.append(player)
            continue
        if len(given) > 1 or any(field in player for field in ("legend", "champion", "deck", "runes", "battlefields")):
            problems.append({"player": label, "message": f"{label} gives its deck twice: give `decklist`, "
                                                         f"`deck_code` or the deck's fields, one of them"})
            continue
        source = player[given[0]]
        if not isinstance(source, str):
            problems.append({"player": label, "message": f"{label}'s {given[0]} must be a string"})
            continue
        try:
            read = read_code(source, catalog, player.get("name")) if given[0] == "deck_code" \
                else read_text(source, catalog, player.get("name"))
        except DeckProblems as error:
            problems.extend({"player": label, **problem} for problem in error.problems)
            continue
        rest = {key: value for key, value in player.items() if key not in DECK_FIELDS and key != "name"}
        expanded.append({**read, **rest})
    if problems:
        raise DeckProblems(problems)
    return {**event, "players": expanded}
