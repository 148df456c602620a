"""The rules' own words, read at run time from the rules texts (`../shared/rules/`, see its README), for the
dispute report: a head judge reads a violation's rule number beside the rule it names.

The texts are not copied into the project: they are indexed once per directory into a dict from rule number to
text. Which text governs a number follows the rules README: the later revision (`000`, with `003`'s cleanly
formatted 352.x and `001`'s showdowns and focus, 337-345) for its range, rules 307-356; the 2025-06-02 Core Rules
(`004`) for everything else. In that range the two texts number different rules, so 004's 3xx are never used.
The Tournament Rules (`tournament-rules-*.txt`, one rule a line) are indexed under their own numbers, `TR 701.5.d.3`,
one index per edition: a TR number is quoted from the edition of the match's rules (EDITION_TR: April's for v1.3
and 2025 matches, 2026-07-16's for v1.4 matches), so `quote` and `missing` take the match's edition. Core Rules
v1.3 and v1.4 (`core-rules-v1.3-*.txt`, `core-rules-v1.4-*.txt`, one rule a line, each renumbered) are indexed
under their prefixed numbers, `v1.3 316.2.b.1`, `v1.4 355.6` (engine/citations.py says which a match cites).

What the extraction of the texts did to them, and what the index does about it:
- some 004 lines run backwards (e.g. 500-516): a dict does not care about order, and a rule's sub-rules are
  listed in rule order, not in file order;
- 004's combat rules 620-625 lost their numbers (the lines are there, unnumbered): a number there has no text,
  and the report says so rather than guess which line it was;
- 004's wrapped lines ("See rule ...", "Example: ...") start with a tab, 000's with no number: both are joined
  to the rule above them; 004's garbled fragments (no number, no tab) are left out;
- 001 is a web page with each section on one line: it is split at each rule number that is not a cross
  reference ("See rule 398.1.").
"""
from __future__ import annotations

import functools
import os
import re
from pathlib import Path
from typing import NamedTuple

ENVVAR = "RIFTLOG_RULES"
TOURNAMENT = "TR"  # the prefix of a Tournament Rules number (`tournament-rules-*.txt`)
V13 = "v1.3"  # the prefix of a Core Rules v1.3 number (`core-rules-v1.3-*.txt`; rules README, "Citing rules")
V14 = "v1.4"  # the prefix of a Core Rules v1.4 number (`core-rules-v1.4-*.txt`)
CORE = {V13: "core-rules-v1.3", V14: "core-rules-v1.4"}  # each prefixed Core Rules edition's file
APRIL, JULY = "2026-05-02", "2026-07-16"  # the Tournament Rules' editions, by their file names
# The Tournament Rules of each rules edition (rules README, "Which text wins"): a v1.4 match is judged by July's.
EDITION_TR = {"2025": APRIL, V13: APRIL, V14: JULY}
LATER_REVISION = range(307, 357)  # rules 307-356: the later revision's topics (rules README, "Which text wins")
LOST_NUMBERS = range(620, 626)  # 004's combat rules whose numbers the extraction lost
MAX_SUBRULES = 12  # sub-rules quoted under a rule: enough for 626.1.d's, short enough for a printed page

_NUMBERED = re.compile(r"(\d{3}(?:\.[0-9a-z]+)*)\.?[ \t]+(\S.*)")
_NUMBER = re.compile(r"\d{3}(?:\.[0-9a-z]+)*")
# A rule number starting a rule inside 001's one-line sections: after a space, not after "rule " (a reference).
_INLINE = re.compile(r"(?<!rule )(?<![0-9a-z.])(\d{3}(?:\.[0-9a-z]+)*)\. ")


# Each rules text by the name a judge knows it by (the rules README), from the start of its file name.
DOCUMENTS = (
    ("004_", "Riftbound Core Rules (2025-06-02)"),
    ("000_", "Riftbound Core Rules, later revision of rules 307-356"),
    ("001_", "Riftbound Core Rules, later revision (rules reference)"),
    ("003_", "Riftbound Core Rules, later revision: targeting (352)"),
    ("core-rules-v1.3", "Riftbound Core Rules v1.3 (2026-03-30)"),
    ("core-rules-v1.4", "Riftbound Core Rules v1.4 (2026-07-16)"),
    (f"tournament-rules-{APRIL}", f"Riftbound Tournament Rules ({APRIL})"),
    (f"tournament-rules-{JULY}", f"Riftbound Tournament Rules ({JULY})"),
)


def document_name(source: str) -> str:
    """The document a rules text file is, by name ("Riftbound Core Rules (2025-06-02)"); the file's name for a
    file the README does not list."""
    return next((name for prefix, name in DOCUMENTS if source.startswith(prefix)), source)


class Rule(NamedTuple):
    """One rule as quoted: its number, its text, the file it was read from, and its sub-rules (number, text)."""

    number: str
    text: str
    source: str
    subrules: list[tuple[str, str]]


def default_dir() -> Path:
    """`$RIFTLOG_RULES`, else the rules texts beside the project: `../shared/rules` from the repository."""
    configured = os.environ.get(ENVVAR)
    if configured:
        return Path(configured)
    return Path(__file__).resolve().parent.parent.parent / "shared" / "rules"


def sort_key(number: str) -> tuple:
    """Rule order: 626.1.d.1 before 626.1.d.2 before 626.1.d.10, numbers before letters."""
    return tuple((0, int(part), "") if part.isdigit() else (1, 0, part) for part in number.split("."))


class RulesText:
    """The rules texts of one directory, indexed: `quote(number)` is the rule as the engine follows it."""

    def __init__(self, directory: Path, rules: dict[str, tuple[str, str]]) -> None:
        self.directory = directory
        self.rules = rules  # number -> (text, source file)

    def __repr__(self) -> str:
        return f"RulesText({str(self.directory)!r})  # {len(self.rules)} rules"

    @property
    def available(self) -> bool:
        return bool(self.rules)

    def documents(self) -> list[str]:
        """The rules texts quoted from, by name, in the order of DOCUMENTS."""
        sources = {source for _, source in self.rules.values()}
        return [name for prefix, name in DOCUMENTS if any(source.startswith(prefix) for source in sources)]

    def quote(self, number: str, edition: str = V13) -> Rule | None:
        """The rule `number` with its sub-rules, or None when the texts have no such rule. A `TR` number is read
        in the Tournament Rules of the match's `edition` (EDITION_TR); other citations name their document."""
        key = _key(number, edition)
        found = self.rules.get(key)
        if found is None:
            return None
        prefix = key + "."
        subrules = sorted(((number + sub[len(key):], text) for sub, (text, _) in self.rules.items()
                           if sub.startswith(prefix)), key=lambda entry: sort_key(entry[0].split()[-1]))
        return Rule(number, found[0], found[1], subrules[:MAX_SUBRULES])

    def missing(self, number: str, edition: str = V13) -> str:
        """Why `number` has no text: said in the report where the text would be."""
        if not self.available:
            return f"rule text not available: no rules texts in {self.directory} (set ${ENVVAR})"
        if number.startswith(f"{TOURNAMENT} "):
            date = _tournament(edition)
            if not any(key.startswith(_key(f"{TOURNAMENT} ", edition)) for key in self.rules):
                return (f"rule text not available: no Tournament Rules text of {date} in {self.directory} "
                        f"(set ${ENVVAR})")
            return (f"rule text not available: the Tournament Rules of {date} have no rule "
                    f"{number[len(TOURNAMENT) + 1:]}")
        for core in CORE:
            if number.startswith(f"{core} "):
                if not any(key.startswith(f"{core} ") for key in self.rules):
                    return f"rule text not available: no Core Rules {core} text in {self.directory} (set ${ENVVAR})"
                return f"rule text not available: Core Rules {core} have no rule {number[len(core) + 1:]}"
        if not _NUMBER.fullmatch(number):
            return f"rule text not available: {number!r} is a procedure of riftlog, not a numbered rule"
        if int(number[:3]) in LOST_NUMBERS:
            return f"rule text not available: the Core Rules text lost the numbers of rules 620-625"
        return f"rule text not available: the rules texts have no rule {number}"

    def document_rules(self, document: str) -> dict[str, str]:
        """One document's rules, number -> text, its numbers without a prefix: `2025` (the bare numbers), `v1.3`,
        `v1.4`, `TR-2026-05-02` or `TR-2026-07-16` (scripts/align_rules.py compares two of them)."""
        if document == "2025":
            return {number: text for number, (text, _) in self.rules.items() if number[:1].isdigit()}
        if document.startswith(f"{TOURNAMENT}-"):
            prefix = _key(f"{TOURNAMENT} ", next((edition for edition, date in EDITION_TR.items()
                                                  if date == document[len(TOURNAMENT) + 1:]), document))
        elif document in CORE:
            prefix = f"{document} "
        else:
            raise ValueError(f"no rules document {document!r}: one of 2025, {', '.join(CORE)}, "
                             f"{', '.join(f'{TOURNAMENT}-{date}' for date in (APRIL, JULY))}")
        return {number[len(prefix):]: text for number, (text, _) in self.rules.items() if number.startswith(prefix)}


def _tournament(edition: str) -> str:
    """The date of the Tournament Rules a match of `edition` is judged by; an unknown edition is an error."""
    try:
        return EDITION_TR[edition]
    except KeyError:
        raise ValueError(f"unknown rules edition {edition!r}: one of {', '.join(EDITION_TR)}") from None


def _key(number: str, edition: str) -> str:
    """Where `number` is indexed: a TR number of July's Tournament Rules under `TR@2026-07-16 N`, so that both
    editions' numbers live in one index; April's (the first indexed) and every other citation as they are."""
    if number.startswith(f"{TOURNAMENT} ") and _tournament(edition) != APRIL:
        return f"{TOURNAMENT}@{_tournament(edition)} {number[len(TOURNAMENT) + 1:]}"
    return number


@functools.lru_cache(maxsize=8)
def load(directory: str | Path | None = None) -> RulesText:
    """The rules texts of `directory` (default: `default_dir()`), indexed once per directory and process. A
    directory that is missing or holds none of the texts gives an empty index: the report says the text is not
    available, it does not fail."""
    path = Path(directory) if directory is not None else default_dir()
    rules: dict[str, tuple[str, str]] = {}
    core = _read(path, "004_")
    if core is not None:
        for number, text in _lines(core[1], continued=lambda line: line.startswith("\t")).items():
            if int(number[:3]) not in LATER_REVISION:
                rules[number] = (text, core[0])
    # The later revision, least preferred first: 001's one-line sections, then 000, then 003's clean 352.x.
    later = [(_read(path, "001_"), _inline), (_read(path, "000_"), _wrapped), (_read(path, "003_"), _wrapped)]
    for found, parse in later:
        if found is not None:
            for number, text in parse(found[1]).items():
                if int(number[:3]) in LATER_REVISION:
                    rules[number] = (text, found[0])
    # The Tournament Rules, cited "TR 701.5.d.3" (rules README), one index per edition (see _key).
    for edition in (V13, V14):
        tournament = _read(path, f"tournament-rules-{EDITION_TR[edition]}")
        if tournament is not None:
            for number, text in _lines(tournament[1], continued=lambda line: False).items():
                rules[_key(f"{TOURNAMENT} {number}", edition)] = (text, tournament[0])
    for core, prefix in CORE.items():  # Core Rules v1.3 and v1.4: cited "v1.3 818.2", "v1.4 355.6" (rules README)
        found = _read(path, prefix)
        if found is not None:
            for number, text in _lines(found[1], continued=lambda line: False).items():
                rules[f"{core} {number}"] = (text, found[0])
    return RulesText(path, rules)


def _read(directory: Path, prefix: str) -> tuple[str, str] | None:
    """(file name, text) of the rules text whose name starts with `prefix`, or None."""
    try:
        names = sorted(entry.name for entry in directory.iterdir() if entry.name.startswith(prefix))
    except OSError:
        return None
    if not names:
        return None
    return names[0], (directory / names[0]).read_text(encoding="utf-8", errors="replace")


def _lines(text: str, continued) -> dict[str, str]:
    """Rules of a text with one rule a line: a numbered line starts a rule, a `continued` line adds to it."""
    rules: dict[str, str] = {}
    current = None
    for line in text.splitlines():
        if not line.strip():
            continue
        numbered = _NUMBERED.fullmatch(line.strip()) if line[:1].isdigit() else None
        if numbered:
            current = numbered.group(1)
            rules.setdefault(current, _clean(numbered.group(2)))
        elif current is not None and continued(line):
            rules[current] = f"{rules[current]} {_clean(line)}"
        else:
            current = None  # a heading or a garbled fragment: what follows belongs to no rule until a number
    return rules


def _wrapped(text: str) -> dict[str, str]:
    """000 and 003: a numbered line starts a rule, any other non-blank line continues it."""
    return _lines(text, continued=lambda line: True)


def _inline(text: str) -> dict[str, str]:
    """001: sections of many rules on one line, split at each rule number."""
    rules: dict[str, str] = {}
    for line in text.splitlines():
        starts = list(_INLINE.finditer(line))
        for index, start in enumerate(starts):
            end = starts[index + 1].start() if index + 1 < len(starts) else len(line)
            body = _clean(line[start.end():end])
            if body:
                rules.setdefault(start.group(1), body)
    return rules


def _clean(text: str) -> str:
    """One line of rule text: the extraction's HTML italics and doubled spaces gone."""
    text = re.sub(r"</?i>", "", text)
    text = re.sub(r"\s+([,.;:])", r"\1", text)
    return re.sub(r"\s+", " ", text).strip()
