"""The card catalog: the printed facts of every card a match may name.

A catalog maps card names (and codes) to facts. Each card is a plain JSON-compatible dict with exactly
the keys of `FACT_KEYS`:

- `name` (str): the card's name, unique in the catalog (compared case-insensitively).
- `code` (str): the collector code of its first printing without the set size, e.g. "OGN-024".
- `type`: one of `CARD_TYPES` (rules 132.x); "Token" only for the gallery's typeless accessory cards.
- `supertype`: None, "Champion" (rule 103.2.a.2), "Signature" (rule 103.2.d) or "Token" (rules 175-178).
- `domains` (list of str): the card's domains (rule 133); colorless cards have [].
- `energy`, `power` (int): the Energy cost and the Power cost, 0 when the card shows none.
- `might` (int or None): the printed Might of a unit (rule 139.2), None for cards without Might.
- `tags` (list of str): champion, region, faction and species tags (rule 139.1).
- `keywords` (sorted list of str): the keywords the card itself has (rule 712), without their
  numbers: "[Assault 2]" is "Assault".
- `keyword_values` (map of str to int): the numbers printed with its keywords, e.g. {"Assault": 2}; a keyword
  printed without a number is left out and counts as 1 (rules 719.1.b.3, 726.1.b.3). Optional in stored
  catalogs (a catalog stored before it existed reads as {}).
- `text` (str): the card's whole rules text, to show it ("" when it has none).
- `abilities` (list of dicts): its abilities in text order, `{kind, text, label, cost?, timing?, keyword?, ...}`,
  read from its text by engine/cardtext.py (contract section 6); a line it cannot read is kept with `unread`.
- `keyword_costs` (map of str to list of costs): the costs printed with Equip, Empower, Repeat, Flow and Hidden.
- `attached` (dict or None): for an Equipment, what the unit it is attached to gets, `{might, text, abilities}`.
  `text`, `abilities`, `keyword_costs` and `attached` are optional in stored catalogs (read as "", [], {}, None).
- `types` (list of str, only on a card of more than one type): all its types as printed ("Riftbound Unit, Gear:
  Patched Porobot" is ["Unit", "Gear"]), `type` being the first (v1.4 177-178). Absent from every other card, so
  that the facts a match copies of them are unchanged.

The engine never reads rules text while it folds (contract section 1): the catalog reads it once, at import.

`parse_gallery` reads the official card gallery's export (`../shared/data/cards.json`),
`demo_catalog` the small catalog shipped in `engine/data/demo.json`. Apart from reading that packaged
file this module does no I/O.
"""
from __future__ import annotations

import copy
import functools
import json
import marshal
import re
from importlib import resources
from typing import Any, Iterator

from engine import cardtext
from engine.cardcodes import parse_code

CARD_TYPES: tuple[str, ...] = ("Unit", "Spell", "Gear", "Rune", "Legend", "Battlefield", "Token")
SUPERTYPES: tuple[str | None, ...] = (None, "Champion", "Signature", "Token")
DOMAINS: tuple[str, ...] = ("Fury", "Calm", "Mind", "Body", "Chaos", "Order")
FACT_KEYS: tuple[str, ...] = (
    "name", "code", "type", "supertype", "domains", "energy", "power", "might", "tags", "keywords",
    "keyword_values", "text", "abilities", "keyword_costs", "attached", "types",
)
OPTIONAL_FACTS: dict[str, Any] = {"keyword_values": {}, "text": "", "abilities": [], "keyword_costs": {},
                                  "attached": None, "types": None}
SPARSE_FACTS: frozenset[str] = frozenset({"types"})  # facts left out of a card that does not have them

# Release order of the gallery's sets: the "first printing" of a card is its printing in the earliest
# set (then a regular printing before a showcase variant, then the lowest collector number). Sets not
# listed here come after these, in alphabetical order.
SET_RELEASE_ORDER: tuple[str, ...] = ("OGN", "OGS", "SFD", "UNL", "VEN")

# Bracketed terms that look like keywords but are not keywords a card has:
# - "Add", "Buff" and "Stun" are verbs of instructions ("[Add] [A]", "[Buff] a unit", "[Stun] it");
# - "Mighty" is a description (rule 707), "Empowered" a state and "Level N" a condition on XP, each
#   written before "[>]" to make the effect after the arrow conditional.
NOT_KEYWORDS: frozenset[str] = frozenset({"Add", "Buff", "Stun", "Mighty", "Empowered", "Level"})

# Before the arrow "[>]", "[Action]" and "[Reaction]" give the timing of the activated ability that
# follows ("[Reaction][>] Kill this, [T]: [Add] [A]"): the card itself does not have the keyword.
# Other keywords before the arrow ("[Deathknell][>] Deal 4 ...") are keywords of the card.
ABILITY_TIMINGS: frozenset[str] = frozenset({"Action", "Reaction"})

# The six basic runes, each with its domain and the code of its first printing (rule 132.5.a).
BASIC_RUNES: dict[str, tuple[str, str]] = {
    "Fury Rune": ("Fury", "OGN-007"),
    "Calm Rune": ("Calm", "OGN-042"),
    "Mind Rune": ("Mind", "OGN-089"),
    "Body Rune": ("Body", "OGN-126"),
    "Chaos Rune": ("Chaos", "OGN-166"),
    "Order Rune": ("Order", "OGN-214"),
}

# Rule 178.1: "A 1[S] Recruit token is a domainless unit token with 1 Might and the Recruit tag."
# Tokens have no cost and no domain (rule 176.2); a token has no printed code, so it gets this one.
RECRUIT: dict[str, Any] = {
    "name": "Recruit",
    "code": "TOKEN-RECRUIT",
    "type": "Unit",
    "supertype": "Token",
    "domains": [],
    "energy": 0,
    "power": 0,
    "might": 1,
    "tags": ["Recruit"],
    "keywords": [],
    "keyword_values": {},
    "text": "",
    "abilities": [],
    "keyword_costs": {},
    "attached": None,
}

# The other token kinds the gallery's cards create (v1.3 184): (name, type, Might, tags, text). Sand Soldier, Mech,
# Gold, Reflection and Bird as v1.3 184.3-184.7 define them; Sprite as 184.2 and its printing; Shadow Clone as the
# reminder text of the cards that make it (Death Mark); Tentacle as "a 1 [S] Tentacle unit token from Bilgewater"
# (Illaoi, Up from the Deep), taken as the Bilgewater tag. The battlefield tokens as 184.8-184.9.
TOKEN_KINDS: tuple[tuple[str, str, int | None, tuple[str, ...], str], ...] = (
    ("Sprite", "Unit", 3, ("Fae",), "[Temporary]"),
    ("Sand Soldier", "Unit", 2, ("Shurima",), ""),
    ("Mech", "Unit", 3, ("Mech",), ""),
    ("Gold", "Gear", None, (), "[Reaction][>] Kill this, [T]: [Add] [A]."),
    ("Reflection", "Unit", 0, (), ""),
    ("Bird", "Unit", 1, ("Bird",), "[Deflect]"),
    ("Shadow Clone", "Unit", 0, (),
     "When I attack, you may banish a unit from your trash. If you do, give me [Assault 4] this turn."),
    ("Tentacle", "Unit", 1, ("Bilgewater",), ""),
    ("Brush", "Battlefield", None, (), "Bird, Cat, Dog, Poro, and Ivern units here have +1 [S].\n"
                                       "When you score here, you may replace this with the battlefield it replaced."),
    ("Baron Pit", "Battlefield", None, (), "Units can move here from anywhere."),
)

_TYPE_PREFIX = re.compile(r"^Riftbound\b([^:\n]*):[ \t]*")
_BRACKET = re.compile(r"\[([^\]\n]*)\]")
_KEYWORD_SHAPE = re.compile(r"^([A-Z][A-Za-z'-]*(?: [A-Z][A-Za-z'-]*)*)(?: (\d+))?$")
_TOKEN_CODE = re.compile(r"-T\d+$")
_ARROWS = ("[>]", "[>>]")


class UnknownCard(KeyError):
    """A name or code that is not in the catalog. A KeyError whose message reads as plain text."""

    def __str__(self) -> str:
        return str(self.args[0]) if self.args else "unknown card"


def basic_cards() -> list[dict]:
    """The cards every catalog has: the six basic runes, the Recruit token (rule 178.1) and the other token kinds
    (`TOKEN_KINDS`, v1.3 184), each with its type."""
    runes = [
        {
            "name": name, "code": code, "type": "Rune", "supertype": None, "domains": [domain],
            "energy": 0, "power": 0, "might": None, "tags": [], "keywords": [], "keyword_values": {},
            "text": "", "abilities": [], "keyword_costs": {}, "attached": None,
        }
        for name, (domain, code) in BASIC_RUNES.items()
    ]
    tokens = []
    for name, card_type, might, tags, text in TOKEN_KINDS:
        read = cardtext.read_printing({"rulesText": text}, name, card_type, [])
        tokens.append({
            "name": name, "code": "TOKEN-" + name.upper().replace(" ", "-"), "type": card_type, "supertype": "Token",
            "domains": [], "energy": 0, "power": 0, "might": might, "tags": list(tags),
            "keywords": sorted(set(parse_keywords(text)) | set(read["keywords"])),
            "keyword_values": read["keyword_values"], "text": read["text"], "abilities": read["abilities"],
            "keyword_costs": read["keyword_costs"], "attached": None,
        })
    return runes + [copy.deepcopy(RECRUIT)] + tokens


def _sort_key(card: dict) -> tuple[str, str]:
    return (card["name"].casefold(), card["name"])


def _copy(card: dict) -> dict:
    """A deep copy of a card's facts: plain data (checked when the catalog is built), so a marshal round trip,
    several times faster than copy.deepcopy (every match copies the facts of each of its cards)."""
    return marshal.loads(marshal.dumps(card))


class Catalog:
    """A named set of cards, looked up by name or code, case-insensitively.

    A catalog does not change after it is built: lookups return copies of the facts, so a caller may
    keep or modify what it gets. `Catalog(name, cards)` raises ValueError when a card lacks a fact,
    has an ill-typed one, or shares its name or code with another card.

    `aliases` maps the codes of a card's other printings (reprints, showcase and signed variants, e.g.
    "OGS-001", "OGN-066a", "SFD-227*") to its name: a card is found by any of its printed codes, written
    any way `engine.cardcodes` reads (`OGN-030/298`, `ogn-30`), and a variant of a known code that the
    catalog does not list (`OGN-030b`) is the card of its base code.
    """

    def __init__(self, name: str, cards: list[dict], aliases: dict[str, str] | None = None) -> None:
        if not isinstance(name, str) or not name.strip():
            raise ValueError(f"a catalog's name must be a non-empty string, got {name!r}")
        if not isinstance(cards, list):
            raise ValueError(f"catalog {name!r}: cards must be a list, got {type(cards).__name__}")
        self._name = name
        for index, card in enumerate(cards):
            _check_card(card, f"catalog {name!r}: card #{index}")
        self._cards: list[dict] = sorted(
            ({key: copy.deepcopy(card.get(key, OPTIONAL_FACTS.get(key))) for key in FACT_KEYS
              if key not in SPARSE_FACTS or card.get(key) is not None} for card in cards),
            key=_sort_key
        )
        self._index: dict[str, dict] = {}
        for card in self._cards:
            for key in (card["name"], card["code"]):
                folded = key.casefold()
                other = self._index.get(folded)
                if other is not None and other is not card:
                    raise ValueError(
                        f"catalog {name!r}: {card['name']!r} and {other['name']!r} share the name or code {key!r}"
                    )
                self._index[folded] = card
        self._aliases: dict[str, str] = _check_aliases(name, aliases, self._index)
        self._codes: dict[str, list[str]] = {card["name"]: [card["code"]] for card in self._cards}
        for code, card_name in self._aliases.items():
            self._index[code.casefold()] = self._index[card_name.casefold()]
            self._codes[self._index[card_name.casefold()]["name"]].append(code)
        for key, card in list(self._index.items()):
            code = parse_code(key)
            if code is not None:
                self._index.setdefault(str(code).casefold(), card)

    @property
    def name(self) -> str:
        """The catalog's name, as `match_created` names it (e.g. "demo")."""
        return self._name

    def get(self, name_or_code: str) -> dict | None:
        """The facts of the card with this name or code (any case), or None if there is none."""
        card = self._find(name_or_code)
        return _copy(card) if card is not None else None

    def name_of(self, name_or_code: str) -> str | None:
        """The name of the card with this name or code (any case), or None: a lookup that copies no facts."""
        card = self._find(name_or_code)
        return card["name"] if card is not None else None

    def _find(self, name_or_code: object) -> dict | None:
        if not isinstance(name_or_code, str):
            return None
        card = self._index.get(name_or_code.strip().casefold())
        if card is None:
            code = parse_code(name_or_code)
            if code is not None:
                card = self._index.get(str(code).casefold()) or self._index.get(str(code.base).casefold())
        return card

    def card(self, name_or_code: str) -> dict:
        """The facts of the card with this name or code (any case); raises UnknownCard (a KeyError)."""
        card = self.get(name_or_code)
        if card is None:
            raise UnknownCard(f"no card named {name_or_code!r} in catalog {self._name!r}")
        return card

    def __contains__(self, name_or_code: object) -> bool:
        return self._find(name_or_code) is not None

    def names(self) -> list[str]:
        """The cards' names, sorted (without copying their facts)."""
        return [card["name"] for card in self._cards]

    def codes_of(self, name: str) -> list[str]:
        """Every code the card `name` is printed with: its own code first, then its aliases'; [] for no such card."""
        card = self._find(name)
        return list(self._codes[card["name"]]) if card is not None else []

    @property
    def aliases(self) -> dict[str, str]:
        """The codes of other printings, each with the name of its card (a copy)."""
        return dict(self._aliases)

    def __len__(self) -> int:
        return len(self._cards)

    def __iter__(self) -> Iterator[dict]:
        """The cards, sorted by name (copies)."""
        return (copy.deepcopy(card) for card in self._cards)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Catalog):
            return NotImplemented
        return self._name == other._name and self._cards == other._cards and self._aliases == other._aliases

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"<Catalog {self._name!r}: {len(self._cards)} cards>"

    def to_dict(self) -> dict:
        """The catalog as a plain JSON-compatible dict: {"name": ..., "cards": [facts, sorted by name]}, and
        "aliases" ({code: name}) when it has any."""
        data: dict[str, Any] = {"name": self._name, "cards": [copy.deepcopy(card) for card in self._cards]}
        if self._aliases:
            data["aliases"] = dict(self._aliases)
        return data

    @classmethod
    def from_dict(cls, data: dict) -> Catalog:
        """The catalog that `to_dict` stored; raises ValueError if `data` is not such a dict."""
        if not isinstance(data, dict):
            raise ValueError(f"a stored catalog must be a JSON object, got {type(data).__name__}")
        missing = [key for key in ("name", "cards") if key not in data]
        if missing:
            raise ValueError(f"a stored catalog needs the keys 'name' and 'cards'; missing {missing}")
        return cls(data["name"], data["cards"], data.get("aliases"))


def _check_aliases(catalog: str, aliases: object, index: dict[str, dict]) -> dict[str, str]:
    """The aliases, sorted by code; ValueError unless each maps a new code to the name of a card of the catalog."""
    if aliases is None:
        return {}
    if not isinstance(aliases, dict):
        raise ValueError(f"catalog {catalog!r}: aliases must map codes to card names, got {type(aliases).__name__}")
    for code, card_name in aliases.items():
        if not isinstance(code, str) or not code.strip() or not isinstance(card_name, str):
            raise ValueError(f"catalog {catalog!r}: alias {code!r} -> {card_name!r} must map a code to a card name")
        if card_name.casefold() not in index:
            raise ValueError(f"catalog {catalog!r}: alias {code!r} names {card_name!r}, which is not in the catalog")
        other = index.get(code.casefold())
        if other is not None and other is not index[card_name.casefold()]:
            raise ValueError(f"catalog {catalog!r}: alias {code!r} of {card_name!r} is already the name or code "
                             f"of {other['name']!r}")
    return {code: aliases[code] for code in sorted(aliases)}


def _check_card(card: object, where: str) -> None:
    """Raise ValueError unless `card` is a dict of exactly the facts of FACT_KEYS, well typed."""
    if not isinstance(card, dict):
        raise ValueError(f"{where}: a card must be a JSON object, got {type(card).__name__}")
    name = card.get("name")
    if not isinstance(name, str) or not name.strip():
        raise ValueError(f"{where}: field 'name' must be a non-empty string, got {name!r}")
    where = f"{where} ({name!r})"
    keys = set(card) | set(OPTIONAL_FACTS)
    if keys != set(FACT_KEYS):
        raise ValueError(
            f"{where}: the facts must be exactly {list(FACT_KEYS)}; "
            f"missing {sorted(set(FACT_KEYS) - keys)}, unexpected {sorted(keys - set(FACT_KEYS))}"
        )

    def bad(field: str, expected: str) -> ValueError:
        return ValueError(f"{where}: field {field!r} must be {expected}, got {card[field]!r}")

    if not isinstance(card["code"], str) or not card["code"].strip():
        raise bad("code", "a non-empty string")
    if card["type"] not in CARD_TYPES:
        raise bad("type", f"one of {list(CARD_TYPES)}")
    if card["supertype"] not in SUPERTYPES:
        raise bad("supertype", f"one of {list(SUPERTYPES)}")
    types = card.get("types")
    if types is not None and not (isinstance(types, list) and len(types) > 1 and len(set(types)) == len(types)
                                  and all(kind in CARD_TYPES for kind in types) and types[0] == card["type"]):
        raise bad("types", f"null or a list of two or more distinct types from {list(CARD_TYPES)}, the first "
                           f"being its 'type'")
    domains = card["domains"]
    if not isinstance(domains, list) or any(d not in DOMAINS for d in domains) or len(set(domains)) != len(domains):
        raise bad("domains", f"a list of distinct domains from {list(DOMAINS)}")
    for field in ("energy", "power"):
        if not _is_count(card[field]):
            raise bad(field, "a non-negative integer")
    if card["might"] is not None and not _is_count(card["might"]):
        raise bad("might", "a non-negative integer or null")
    if not isinstance(card["tags"], list) or not all(isinstance(t, str) for t in card["tags"]):
        raise bad("tags", "a list of strings")
    keywords = card["keywords"]
    if not isinstance(keywords, list) or not all(isinstance(k, str) for k in keywords) \
            or keywords != sorted(set(keywords)):
        raise bad("keywords", "a sorted list of distinct strings")
    values = card.get("keyword_values", {})
    if not isinstance(values, dict) or not all(keyword in keywords and _is_count(value)
                                               for keyword, value in values.items()):
        raise ValueError(f"{where}: field 'keyword_values' must map keywords of the card to whole numbers, "
                         f"got {values!r}")
    if not isinstance(card.get("text", ""), str):
        raise ValueError(f"{where}: field 'text' must be a string, got {card['text']!r}")
    attached = card.get("attached")
    if attached is not None and not (isinstance(attached, dict) and _is_count(attached.get("might"))):
        raise ValueError(f"{where}: field 'attached' must be null or {{might, text, abilities}}, got {attached!r}")
    for field, abilities in (("abilities", card.get("abilities", [])),
                             ("attached", (attached or {}).get("abilities", []))):
        if not isinstance(abilities, list) or not all(
                isinstance(a, dict) and a.get("kind") in cardtext.ABILITY_KINDS and isinstance(a.get("text"), str)
                for a in abilities):
            raise ValueError(f"{where}: field {field!r} must hold a list of abilities {{kind, text, ...}} with kind "
                             f"one of {list(cardtext.ABILITY_KINDS)}, got {abilities!r}")
    costs = card.get("keyword_costs", {})
    if not isinstance(costs, dict) or not all(isinstance(c, list) for c in costs.values()):
        raise ValueError(f"{where}: field 'keyword_costs' must map keywords to lists of costs, got {costs!r}")


def _is_count(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and value >= 0


def keyword_terms(rules_text: str | None, name: str | None = None) -> dict[str, int | None]:
    """The keywords a card has, read from the bracketed terms of its rules text (rule 712).

    A keyword ability is printed at the start of a line of rules text, e.g.
    "Riftbound Unit: Jinx, Demolitionist. [Accelerate] (You may pay...)\\n[Assault 2] (...)". The
    "Riftbound <type>: <name>." prefix is skipped first (the card's `name`, when given, tells where it
    ends; otherwise it ends at the first period). At the start of each line, consecutive bracketed
    terms are read; a term is a keyword when it is a capitalised word or words, optionally followed by
    a number, its value ("Assault 2" -> "Assault": 2). Not keywords, and so excluded:
    - cost and stat symbols and markers: "[1]", "[C]", "[A]", "[T]", "[S]", "[E]", "[>]", ... (one letter,
      digits or punctuation) and all-capitals markers ("[NO TEXT]", "[ADD]");
    - the terms of NOT_KEYWORDS (instruction verbs and conditions);
    - a term followed by a lowercase word, which is an instruction ("[Stun] a unit.");
    - "[Action]" / "[Reaction]" before the arrow "[>]", the timing of an activated ability.
    Bracketed terms anywhere else (reminder text, granted keywords such as "give a unit [Assault 2]
    this turn", keywords conditional on "[Empowered][>]" or "[Level 6][>]") are not the card's keywords.
    Returns each keyword with its printed number, or None when it has none.
    """
    if not rules_text:
        return {}
    text = cardtext.strip_prefix(rules_text, name)
    found: dict[str, int | None] = {}
    for line in text.split("\n"):
        rest = line.lstrip()
        while True:
            match = _BRACKET.match(rest)
            if match is None:
                break
            term = match.group(1).strip()
            rest = rest[match.end():].lstrip(" \t")
            shape = _KEYWORD_SHAPE.match(term)
            if shape is None or term.isupper() or shape.group(1) in NOT_KEYWORDS:
                break
            keyword, number = shape.group(1), shape.group(2)
            value = int(number) if number else found.get(keyword)
            if rest.startswith(_ARROWS):
                if keyword not in ABILITY_TIMINGS:
                    found[keyword] = value
                break
            if rest[:1].islower():
                break
            found[keyword] = value
    return found


def parse_keywords(rules_text: str | None, name: str | None = None) -> list[str]:
    """The keywords a card has (see `keyword_terms`), sorted, without their numbers."""
    return sorted(keyword_terms(rules_text, name))


def parse_keyword_values(rules_text: str | None, name: str | None = None) -> dict[str, int]:
    """The numbers printed with a card's keywords ("[Assault 2]" -> {"Assault": 2}); see `keyword_terms`."""
    return {keyword: value for keyword, value in sorted(keyword_terms(rules_text, name).items())
            if value is not None}


def _printed_supertype(rules_text: str | None) -> str | None:
    """The supertype the rules text prefix shows, e.g. "Riftbound Champion Unit:" -> "Champion"."""
    match = _TYPE_PREFIX.match(rules_text or "")
    if match is None:
        return None
    words = set(re.findall(r"[A-Za-z]+", match.group(1)))
    for supertype in ("Champion", "Signature", "Token"):
        if supertype in words:
            return supertype
    return None


def _number(raw: dict, field: str, where: str) -> int | None:
    """A gallery number: null, an integer or a string of digits ("3")."""
    value = raw.get(field)
    if value is None:
        return None
    if isinstance(value, int) and not isinstance(value, bool) and value >= 0:
        return value
    if isinstance(value, str) and re.fullmatch(r"[0-9]+", value.strip()):
        return int(value.strip())
    raise ValueError(
        f"{where}: field {field!r} must be null, a non-negative integer or a string of digits, got {value!r}"
    )


def _string_list(raw: dict, field: str, where: str) -> list[str]:
    value = raw.get(field)
    if value is None:
        return []
    if not isinstance(value, list) or not all(isinstance(item, str) for item in value):
        raise ValueError(f"{where}: field {field!r} must be a list of strings, got {value!r}")
    return value


def _read_printing(raw: object, index: int) -> dict:
    """One printing of the gallery as facts, plus the '_order' used to find the first printing."""
    where = f"gallery card #{index}"
    if not isinstance(raw, dict):
        raise ValueError(f"{where}: must be a JSON object, got {type(raw).__name__}")
    name = raw.get("name")
    if not isinstance(name, str) or not name.strip():
        raise ValueError(f"{where}: field 'name' is missing or not a non-empty string (got {name!r})")
    name = name.strip()
    where = f"{where} ({name!r})"
    code = raw.get("code")
    if not isinstance(code, str) or not code.strip():
        raise ValueError(f"{where}: field 'code' is missing or not a non-empty string (got {code!r})")
    rules_text = raw.get("rulesText")
    if rules_text is not None and not isinstance(rules_text, str):
        raise ValueError(f"{where}: field 'rulesText' must be a string or null, got {rules_text!r}")
    card_type = raw.get("type")
    if card_type is None:
        card_type = "Token"  # the gallery's typeless accessory cards ("Buff", "XP Tracker")
    elif card_type not in CARD_TYPES:
        raise ValueError(f"{where}: field 'type' must be one of {list(CARD_TYPES)} or null, got {card_type!r}")
    domains = _string_list(raw, "domains", where)
    unknown = [d for d in domains if d not in DOMAINS and d != "Colorless"]
    if unknown:
        raise ValueError(f"{where}: field 'domains' has unknown domains {unknown}")
    code = code.strip().split("/")[0]
    set_id, _, number = code.partition("-")
    collector = raw.get("collectorNumber")
    if not isinstance(collector, int) or isinstance(collector, bool):
        digits = re.match(r"[0-9]+", number)
        collector = int(digits.group()) if digits else 1 << 30
    set_rank = SET_RELEASE_ORDER.index(set_id) if set_id in SET_RELEASE_ORDER else len(SET_RELEASE_ORDER)
    is_variant = re.fullmatch(r"[0-9]+", number) is None
    energy = _number(raw, "energy", where)
    # Tokens: the token-numbered printings ("UNL-T07", which include token battlefields) and, since tokens
    # have no costs (rule 176.2.a), any unit, spell or gear printed without an Energy cost ("OGN-274 Sprite").
    is_token = (card_type == "Token" or _TOKEN_CODE.search(code) is not None
                or (card_type in ("Unit", "Spell", "Gear") and energy is None))
    read = cardtext.read_printing(raw, name, card_type, [d for d in domains if d != "Colorless"])
    return {
        "name": name,
        "code": code,
        "type": card_type,
        "supertype": _printed_supertype(rules_text) or ("Token" if is_token else None),
        "domains": [d for d in dict.fromkeys(domains) if d != "Colorless"],
        "energy": energy or 0,
        "power": _number(raw, "power", where) or 0,
        "might": _number(raw, "might", where),
        "tags": list(dict.fromkeys(_string_list(raw, "tags", where))),
        "keywords": sorted(set(parse_keywords(rules_text, name)) | set(read["keywords"])),
        "keyword_values": {**read["keyword_values"], **parse_keyword_values(rules_text, name)},
        "text": read["text"], "abilities": read["abilities"], "keyword_costs": read["keyword_costs"],
        "attached": read["attached"],
        **_printed_types(rules_text, card_type),
        "_order": (set_rank, set_id, is_variant, collector, index),
    }


def _printed_types(rules_text: str | None, card_type: str) -> dict[str, list[str]]:
    """`{"types": [...]}` for a printing whose rules text names more than one type ("Riftbound Unit, Gear: ..."),
    the gallery's `type` first; else {} (v1.4 178)."""
    match = re.match(r"Riftbound ([A-Za-z]+(?:, [A-Za-z]+)+):", rules_text or "")
    if match is None:
        return {}
    printed = [kind for kind in match.group(1).split(", ") if kind in CARD_TYPES]
    types = [card_type, *(kind for kind in printed if kind != card_type)]
    return {"types": types} if len(types) > 1 else {}


def _merge(printings: list[dict]) -> dict:
    """One card from all printings of a name: the first printing's facts, the union of tags and keywords."""
    printings = sorted(printings, key=lambda printing: printing["_order"])
    card = {key: copy.deepcopy(printings[0][key]) for key in FACT_KEYS if key in printings[0]}
    for printing in printings[1:]:
        card["tags"].extend(tag for tag in printing["tags"] if tag not in card["tags"])
        card["keywords"] = sorted(set(card["keywords"]) | set(printing["keywords"]))
        card["keyword_values"] = {**printing["keyword_values"], **card["keyword_values"]}
        if card["supertype"] is None and printing["supertype"] is not None:
            card["supertype"] = printing["supertype"]
    return card


def champion_tag(card: dict) -> str | None:
    """The champion tag of a champion unit named "<champion>, <title>", else None (rule 103.2.a.2).

    The gallery does not print "Champion", so a unit is taken as a champion unit when its name is
    "<X>, <title>" and one of its tags is X or ends with " X" ("Yi, Honed" has the tag "Master Yi").
    "Allay, Eager Admirer" (tags Yordle, Bandle City) is therefore not a champion unit.
    """
    if card["type"] != "Unit" or card["supertype"] == "Token" or ", " not in card["name"]:
        return None
    champion = card["name"].split(", ", 1)[0]
    for tag in card["tags"]:
        if tag == champion or tag.endswith(" " + champion):
            return tag
    return None


def _derive_supertypes(cards: list[dict]) -> None:
    """Fill in the supertypes the gallery does not print (rules 103.2.a.2 and 103.2.d).

    Champion: a unit that `champion_tag` recognises. Signature: any other main-deck card (unit, spell,
    gear) that carries the tag of a champion, e.g. Tibbers (Annie) or Super Mega Death Rocket! (Jinx).
    """
    champion_tags: set[str] = set()
    for card in cards:
        if card["supertype"] is None:
            tag = champion_tag(card)
            if tag is not None:
                card["supertype"] = "Champion"
                champion_tags.add(tag)
        elif card["supertype"] == "Champion":
            tag = champion_tag(card)
            champion_tags.update([tag] if tag is not None else card["tags"][:1])
    for card in cards:
        if card["supertype"] is None and card["type"] in ("Unit", "Spell", "Gear") \
                and champion_tags.intersection(card["tags"]):
            card["supertype"] = "Signature"


def parse_gallery(data: dict, name: str) -> Catalog:
    """The catalog `name` built from the card gallery's export (the format of ../shared/data/cards.json).

    `data` is {"cards": [{"name", "code", "type", "domains", "energy", "might", "power", "tags",
    "rulesText", ...}, ...], ...}. Numbers may be strings of digits. Printings of the same name (sets,
    showcase variants) are merged into one card (see `_merge`): the facts of its first printing (earliest
    set of SET_RELEASE_ORDER, regular before showcase, lowest collector number), its code without the set
    size ("OGN-024/298" -> "OGN-024"), and the union of the tags and keywords of all printings. The basic
    runes and the Recruit token (`basic_cards`) are added when the gallery lacks them. Raises ValueError,
    naming the card's index and name and the field, when `data` is not in the gallery format.
    """
    if not isinstance(data, dict):
        raise ValueError(f"not a card gallery export: expected a JSON object with a 'cards' list, "
                         f"got {type(data).__name__}")
    if "cards" not in data:
        raise ValueError("not a card gallery export: the JSON object has no 'cards' list "
                         f"(keys: {sorted(map(str, data))[:10]})")
    raw_cards = data["cards"]
    if not isinstance(raw_cards, list):
        raise ValueError(f"not a card gallery export: 'cards' must be a list, got {type(raw_cards).__name__}")
    by_name: dict[str, list[dict]] = {}
    for index, raw in enumerate(raw_cards):
        printing = _read_printing(raw, index)
        by_name.setdefault(printing["name"], []).append(printing)
    cards = [_merge(printings) for printings in by_name.values()]
    _derive_supertypes(cards)
    present = {card["name"].casefold() for card in cards}
    cards.extend(card for card in basic_cards() if card["name"].casefold() not in present)
    return Catalog(name, cards, _printing_aliases(by_name, cards))


def _printing_aliases(by_name: dict[str, list[dict]], cards: list[dict]) -> dict[str, str]:
    """The code of every printing that is not its card's own code, with the card's name (reprints, variants)."""
    codes = {card["name"]: card["code"] for card in cards}
    return {printing["code"]: card_name for card_name, printings in by_name.items() for printing in printings
            if printing["code"] != codes[card_name]}


@functools.lru_cache(maxsize=None)
def _packaged_json(filename: str) -> str:
    return resources.files(__package__ or "engine").joinpath("data").joinpath(filename).read_text(encoding="utf-8")


@functools.lru_cache(maxsize=None)
def demo_catalog() -> Catalog:
    """The catalog named "demo" shipped in engine/data/demo.json (loaded once)."""
    return Catalog.from_dict(json.loads(_packaged_json("demo.json")))


def demo_decks() -> list[dict]:
    """The two duel decks of engine/data/demo_decks.json, cards from `demo_catalog()`.

    Each is {"legend", "champion", "deck": [40 card names], "runes": [12 rune names],
    "battlefields": [3 names]}, ready for a `match_created` player entry.
    """
    return json.loads(_packaged_json("demo_decks.json"))["decks"]
