"""Align two editions of the Riftbound rules by what the rules say, not by their numbers.

    .venv/bin/python scripts/align_rules.py OLD NEW [--numbers 316.2.b.1 ...] [--changed] [--range 300-399]

OLD and NEW name a document as replays/rules_text.py indexes it: `v1.3`, `v1.4`, `2025` (the 2025-06-02 Core
Rules with the later revision of 307-356), `TR-2026-05-02` or `TR-2026-07-16`. For each rule of OLD the script
prints the rule of NEW that says the same thing (the best text match, helped by the rule's parent and neighbours
having matched), the similarity, and what happened to it:

    same       the same number and the same words
    edited     the same number, other words
    moved      another number, the same words
    moved+edited  another number, other words
    gone       nothing in NEW says it (similarity under the floor)

Why: v1.4 renumbered about 265 rules of v1.3 and changed about 400 texts (rules README), so a citation cannot be
carried by its number. engine/data/citations.json was made by reading its output beside both texts; docs/editions.md
lists the changes it shows in the areas the engine covers. The alignment is a guide for a reader, not a verdict:
short rules ("Units.") can match the wrong twin, which is why every citation was checked by hand.
"""
from __future__ import annotations

import argparse
import difflib
import math
import re
import sys
from collections import Counter, defaultdict
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from replays import rules_text  # noqa: E402

FLOOR = 0.45  # under this similarity nothing in NEW says what the OLD rule said
_WORD = re.compile(r"[a-z0-9’']+")


def document(name: str, directory: Path | None = None) -> dict[str, str]:
    """The rules of one document, number -> text, with no prefix on the numbers."""
    index = rules_text.load(directory)
    return {number: text for number, text in index.document_rules(name).items()}


def _words(text: str) -> list[str]:
    return _WORD.findall(text.lower())


def _plain(text: str) -> str:
    """A rule's words without the typography v1.4 changed throughout (curly quotes, spaces before marks)."""
    text = text.replace("“", '"').replace("”", '"').replace("‘", "'").replace("’", "'")
    return re.sub(r"\s+", " ", re.sub(r"\s+([,.;:’'\"\]])", r"\1", text)).strip()


def _parent(number: str) -> str:
    return number.rsplit(".", 1)[0] if "." in number else ""


def align(old: dict[str, str], new: dict[str, str]) -> dict[str, tuple[str | None, float]]:
    """For each OLD number, (the NEW number saying the same, similarity 0-1), or (None, best) under FLOOR."""
    frequency = Counter(word for text in new.values() for word in set(_words(text)))
    weight = {word: math.log(len(new) / count) for word, count in frequency.items()}
    postings: dict[str, list[str]] = defaultdict(list)
    vectors: dict[str, Counter] = {}
    for number, text in new.items():
        vectors[number] = Counter(_words(text))
        for word in vectors[number]:
            postings[word].append(number)
    result: dict[str, tuple[str | None, float]] = {}
    for number, text in old.items():
        if number in new and _plain(new[number]) == _plain(text):
            result[number] = (number, 1.0)
            continue
        words = Counter(_words(text))
        scores: Counter = Counter()
        for word in words:
            if weight.get(word, 0) > 0.5 and len(postings[word]) < 400:
                for candidate in postings[word]:
                    scores[candidate] += weight[word]
        candidates = [candidate for candidate, _ in scores.most_common(12)]
        if number in new:
            candidates.append(number)
        best, best_score = None, 0.0
        for candidate in candidates:
            score = difflib.SequenceMatcher(None, text, new[candidate], autojunk=False).ratio()
            if candidate == number:
                score += 0.05  # the same number is evidence too, when the words are close
            parent = result.get(_parent(number), (None, 0))[0]
            if parent is not None and _parent(candidate) == parent:
                score += 0.1  # its parent went there: so did it, most likely
            if score > best_score:
                best, best_score = candidate, score
        result[number] = (best, min(best_score, 1.0)) if best_score >= FLOOR else (None, best_score)
    return result


def status(number: str, match: str | None, old: dict[str, str], new: dict[str, str]) -> str:
    if match is None:
        return "gone"
    same_words = _plain(old[number]) == _plain(new[match])
    if match == number:
        return "same" if same_words else "edited"
    return "moved" if same_words else "moved+edited"


def summary(old: str, new: str, most: int = 2) -> str:
    """What changed between two rules' words, in one short line: the first `most` differences."""
    a, b = _plain(old).split(), _plain(new).split()
    if a == b:
        return "same words"
    parts = []
    for op, i1, i2, j1, j2 in difflib.SequenceMatcher(None, a, b, autojunk=False).get_opcodes():
        if op == "equal":
            continue
        was, now = (_short(" ".join(words)) for words in (a[i1:i2], b[j1:j2]))
        parts.append(f"'{was}' -> '{now}'" if was and now else f"adds '{now}'" if now else f"drops '{was}'")
    return "; ".join(parts[:most]) + ("; ..." if len(parts) > most else "")


def _short(text: str, width: int = 48) -> str:
    text = text.replace("|", "/")
    return text if len(text) <= width else text[:width - 3] + "..."


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("old")
    parser.add_argument("new")
    parser.add_argument("--numbers", nargs="*", help="only these OLD numbers, with both texts printed")
    parser.add_argument("--changed", action="store_true", help="only rules that moved, changed or are gone")
    parser.add_argument("--range", help="only OLD rules whose first three digits are in FROM-TO")
    parser.add_argument("--new-only", action="store_true", help="list the NEW rules nothing in OLD matched")
    parser.add_argument("--markdown", action="store_true",
                        help="the changed rules as the rows of a Markdown table (docs/editions.md)")
    options = parser.parse_args()
    old, new = document(options.old), document(options.new)
    numbers = options.numbers or sorted(old, key=rules_text.sort_key)
    if options.range:
        low, high = (int(part) for part in options.range.split("-"))
        numbers = [number for number in numbers if low <= int(number[:3]) <= high]
    aligned = align({number: old[number] for number in numbers if number in old} | old, new)
    if options.new_only:
        matched = {match for match, _ in aligned.values()}
        for number in sorted(set(new) - matched, key=rules_text.sort_key):
            if not options.range or low <= int(number[:3]) <= high:
                print(f"new {number}\t{new[number]}")
        return
    if options.markdown:
        for number in numbers:
            match, _ = aligned[number]
            kind = status(number, match, old, new)
            if kind != "same":
                what = summary(old[number], new[match]) if match else f"nothing in {options.new} says it"
                print(f"| {number} | {match or '—'} | {kind}: {what} |")
        return
    for number in numbers:
        if number not in old:
            print(f"{number}\tnot in {options.old}")
            continue
        match, score = aligned[number]
        kind = status(number, match, old, new)
        if options.changed and kind == "same":
            continue
        print(f"{number}\t-> {match or '-'}\t{kind}\t{score:.2f}")
        if options.numbers:
            print(f"   old: {old[number]}")
            print(f"   new: {new[match] if match else '(nothing)'}")


if __name__ == "__main__":
    main()
