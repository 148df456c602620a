"""Reading a card's rules text into its abilities, read once when a catalog is imported (contract section 6).

The engine folds events and never interprets text while it does so; this module reads the gallery's text once, at
import, into plain data the engine's helpers can use: each ability with its kind, cost and timing, the keywords
with their values and costs, and the mechanics the card needs (`mechanics`, the vocabulary of engine/mechanics.py).

The text. The gallery's `rulesText` writes every Power symbol of a domain as "[C]"; its `abilityHtml` names the
domain (":rb_rune_fury:"). So a card's `text` is read from `abilityHtml` when the gallery has it (its rune symbols
as the gallery's own letters, see `SYMBOLS`), else from `rulesText`, without the "Riftbound <type>: <name>."
prefix; "[NO TEXT]" is "". Symbols: "[2]" two Energy, "[A]" a Power of any domain, "[R]" "[G]" "[B]" "[O]" "[P]"
"[Y]" a Power of Fury, Calm, Mind, Body, Chaos, Order, "[S]" Might, "[T]" exhaust ("[E]" in older text), "[>]"
the arrow after a condition or timing.

Abilities, in text order, one per line of text (a line of choices "- ..." belongs to the line before it):
`{kind, text, label, cost?, timing?, keyword?, condition?, adds?, amount?, unread?}`.
- `kind`: "activated" (cost: effect, v1.3 376-381), "triggered" (v1.3 382-388), "static" (passive abilities,
  v1.3 363-366), "replacement" (v1.3 367-375), or "spell" for a spell's instructions (what it does on
  resolution, 004 356.3), an addition to the contract's four.
- `cost` of an activated ability (v1.3 403.1.a) and of Equip, Empower, Repeat, Flow and Hidden:
  `{energy, power: {Domain: n, "any": n}, exhaust_self}` and, when the card names them, `kill_self`,
  `spend_buff`, `disempower_self`, `banish_self` (true), `discard`, `recycle_trash`, `xp` (counts), `other`
  (list of cost texts the reader does not name), `or` (alternative costs: "[1] or [R]").
- `timing`: "action" or "reaction" where [Action] or [Reaction] marks the ability (v1.3 806.1.d, 813.1.d).
- `adds`: true for an ability that only adds resources ([Add]): it resolves at once (v1.3 400.2, 004 157); its
  `amount` is what it adds, `{energy, power: {Domain: n, "any": n}}`, unless the text fixes none ("Pay any amount
  of Energy to [Add] ...").
- `keyword`: the keyword the ability is (Equip, Empower, Assault, Deathknell, ...), with its number as `value`
  ("[Hunt 2]"); `cost_note` keeps a sentence that changes a keyword's cost ("This ability costs [3] less if ...").
- `condition`: the dependent condition before the arrow: "Legion", "Level 6", "Empowered", "Mighty"
  (v1.3 812, 824).
- `label`: a short label, unique on the card: the keyword in lower case ("equip") or the effect's first words.
- `unread`: true when the reader could not tell what the line does; the text is kept, never dropped.
- `reminder`: true for a line of reminder text only ("(I enter exhausted.)"), which is no ability.
"""
from __future__ import annotations

import html
import re
from typing import Any

from engine.cards import CONDITION
from engine.mechanics import KEYWORDS

ABILITY_KINDS: tuple[str, ...] = ("activated", "triggered", "static", "replacement", "spell")
SYMBOLS: dict[str, str] = {
    "A": "any", "R": "Fury", "G": "Calm", "B": "Mind", "O": "Body", "P": "Chaos", "Y": "Order",
}
_HTML_RUNES = {"rainbow": "A", "fury": "R", "calm": "G", "mind": "B", "body": "O", "chaos": "P", "order": "Y"}
# v1.3 811.1.b: hiding a card costs [A].
HIDE_COST: dict[str, Any] = {"energy": 0, "power": {"any": 1}, "exhaust_self": False}
# Keywords whose printed value is a cost ("[Equip] [1][C]"), not a number.
COST_KEYWORDS: frozenset[str] = frozenset({"Equip", "Empower", "Repeat", "Flow"})
# Keywords that are a whole ability of their own line, and the kind of that ability.
_KEYWORD_KIND: dict[str, str] = {
    "Equip": "activated", "Empower": "activated", "Deathknell": "triggered", "Temporary": "triggered",
    "Vision": "triggered", "Hunt": "triggered", "Weaponmaster": "triggered", "Quick-Draw": "triggered",
    "Predict": "spell", "Burn": "spell",
}
_TIMING = re.compile(r"^\[(Action|Reaction)\]\s*\[>\]\s*")
_EFFECT_TIMING = re.compile(r"^\[(Action|Reaction)\](?:,\s*\[(Legion)\])?\s*—\s*|^\[(Legion)\]\s*—\s*")
_REMINDER = re.compile(r"\s*\([^()]*\)")
_QUOTED = re.compile(r"\"[^\"]*\"|“[^”]*”")
_SYMBOL_RUN = re.compile(r"^(?:\[(?:\d+|A|C|R|G|B|O|P|Y)\])+$")
_SYMBOL = re.compile(r"\[(\d+|A|C|R|G|B|O|P|Y)\]")
_KEYWORD_LINE = re.compile(r"^\[?([A-Z][A-Za-z-]*)(?: (\d+))?\]?")
_COST_VERBS = re.compile(r"^(Kill|Spend|Discard|Recycle|Exhaust|Banish|Disempower|Pay|Return)\b")
_TRIGGER_START = re.compile(
    r"^(When|Whenever|At the start|At start|At the end|The (first|second|third) time|Once each turn, when|"
    r"As I'm revealed)\b")
_COST_CHANGE = re.compile(
    r"(\[[^\]]+\])+ (less|more)\b|\bcosts? (\d+|an?) (less|more)\b|\breduc(e|ed|ing) (my|its|their) (Energy )?cost|"
    r"\bcosts? (is|are) reduced|Energy costs?[^.]*reduced|\bignore this spell's cost|\bignoring costs\b|"
    r"\bplay (me|this|it) (from your trash )?for \[|\bwithout paying\b|\bfor \[[^\]]+\]\.?$")


def strip_prefix(rules_text: str, name: str | None) -> str:
    """The rules text without the gallery's "Riftbound <type>: <name>." prefix."""
    match = re.match(r"^Riftbound\b([^:\n]*):[ \t]*", rules_text)
    if match is None:
        return rules_text
    text = rules_text[match.end():]
    if name and text.startswith(name + "."):
        return text[len(name) + 1:]
    first_line, newline, rest = text.partition("\n")
    period = first_line.find(".")
    return (first_line[period + 1:] if period >= 0 else "") + newline + rest


def html_text(fragment: str) -> str:
    """The gallery's ability HTML as text: line breaks for <br />, its symbols as the rules text's symbols."""
    text = fragment.replace("<br />", "\n").replace("<br/>", "\n").replace("<li>", "\n- ")
    text = html.unescape(re.sub(r"<[^>]*>", "", text))
    text = re.sub(r":rb_energy_(\d+):", r"[\1]", text)
    text = re.sub(r":rb_rune_([a-z]+):", lambda m: f"[{_HTML_RUNES.get(m.group(1), 'C')}]", text)
    text = text.replace(":rb_might:", "[S]").replace(":rb_exhaust:", "[T]")
    return "\n".join(line.strip() for line in text.strip().split("\n"))


def card_text(raw: dict, name: str | None) -> str:
    """The whole rules text of a gallery printing, as shown on the card (see the module's docstring)."""
    ability_html = raw.get("abilityHtml")
    if isinstance(ability_html, str) and ability_html.strip():
        text = html_text(ability_html)
    else:
        text = strip_prefix(raw.get("rulesText") or "", name)
        text = "\n".join(line.strip() for line in text.strip().split("\n"))
        text = text.replace("[E]", "[T]").replace("[M]", "[S]")
    if text == "[NO TEXT]":  # a basic rune
        return ""
    return re.sub(r"(^|\n)\* ", r"\1- ", text)  # the rules text's choices "* Spell — Draw 1." as the HTML's


def _lines(text: str) -> list[str]:
    """The text's abilities, one per line; a choice line ("- Draw 1.") belongs to the line before it."""
    lines: list[str] = []
    for line in text.split("\n"):
        line = line.strip()
        if not line:
            continue
        if lines and line.startswith("- "):
            lines[-1] += "\n" + line
        else:
            lines.append(line)
    return lines


def plain(text: str) -> str:
    """Text without reminder text in parentheses and without doubled spaces: what the reader analyses."""
    return re.sub(r"\s+", " ", _REMINDER.sub("", text)).strip()


def read_cost(text: str, domains: list[str]) -> dict[str, Any] | None:
    """A cost written as comma-separated parts ("[1][C], Kill this, [T]"), or None if a part is not a cost.

    "[C]" (a rules text without its HTML) is a Power of the card's domain when it has one, else of any domain.
    """
    cost: dict[str, Any] = {"energy": 0, "power": {}, "exhaust_self": False}
    text = text.strip().rstrip(".")
    if not text:
        return None
    alternatives = [part.strip() for part in re.split(r"\s+or\s+|\s*/\s*", text)]
    if len(alternatives) > 1 and all(_SYMBOL_RUN.match(part) for part in alternatives):
        first = read_cost(alternatives[0], domains)
        assert first is not None
        first["or"] = [read_cost(part, domains) for part in alternatives[1:]]
        return first
    for part in (part.strip() for part in text.split(",")):
        if _SYMBOL_RUN.match(part):
            for symbol in _SYMBOL.findall(part):
                if symbol.isdigit():
                    cost["energy"] += int(symbol)
                else:
                    domain = SYMBOLS.get(symbol) or (domains[0] if len(domains) == 1 else "any")
                    cost["power"][domain] = cost["power"].get(domain, 0) + 1
        elif part in ("[T]", "[E]"):
            cost["exhaust_self"] = True
        elif re.fullmatch(r"Kill (this|me)", part):
            cost["kill_self"] = True
        elif re.fullmatch(r"Spend (my|its|this's) buff", part):
            cost["spend_buff"] = True
        elif re.fullmatch(r"Disempower (me|this)", part):
            cost["disempower_self"] = True
        elif re.fullmatch(r"Banish (this|me)", part):
            cost["banish_self"] = True
        elif match := re.fullmatch(r"Spend (\d+) XP", part):
            cost["xp"] = int(match.group(1))
        elif match := re.fullmatch(r"Discard (\d+)", part):
            cost["discard"] = int(match.group(1))
        elif match := re.fullmatch(r"Recycle (\d+)(?: cards?)? from your trash", part):
            cost["recycle_trash"] = int(match.group(1))
        elif _COST_VERBS.match(part) and len(part.split()) <= 8:
            cost.setdefault("other", []).append(part)
        else:
            return None
    return cost


def _split_activated(line: str) -> tuple[str, str] | None:
    """(cost, effect) when the line is "cost: effect" with a cost before its first colon outside quotes."""
    unquoted = _QUOTED.sub(lambda m: "_" * len(m.group()), line)
    colon = unquoted.find(":")
    if colon <= 0:
        return None
    return line[:colon], line[colon + 1:].strip()


def _adds_only(effect: str) -> bool:
    """Whether an effect only adds resources ([Add]); such an ability resolves at once (v1.3 400.2)."""
    if "[Add]" not in effect:
        return False
    rest = re.sub(r"Pay any amount of (Energy|\[A\]) to \[Add\]", "[Add]", effect)
    sentences = [s for s in re.split(r"(?<=\.)\s+", rest) if s]
    return all("[Add]" in s or re.match(r"(Spend this|Use only)", s) for s in sentences)


_ADDED = re.compile(r"\[Add\]\s*((?:\[(?:\d+|A|C|R|G|B|O|P|Y)\])+)")


def added(effect: str, domains: list[str]) -> dict[str, Any] | None:
    """What an Add ability adds (v1.3 429.5): `{energy, power: {Domain: n, "any": n}}` from the symbols after each
    [Add] ("[Add] [1][G]"), or None when the text gives no fixed amount ("Pay any amount of Energy to [Add] ...")."""
    found = _ADDED.findall(effect)
    if not found:
        return None
    amounts = read_cost("".join(found), domains) or {"energy": 0, "power": {}}
    return {"energy": amounts["energy"], "power": amounts["power"]}


def _label(words_from: str) -> str:
    words = re.findall(r"[A-Za-z0-9]+", re.sub(r"\[(\w[\w -]*)\]", r"\1", words_from).replace("'", ""))
    return "-".join(word.lower() for word in words[:3]) or "ability"


def read_ability(line: str, card_type: str | None, domains: list[str]) -> dict[str, Any]:
    """One line of rules text as an ability (see the module's docstring)."""
    ability: dict[str, Any] = {"kind": "static", "text": line}
    rest = plain(line)
    if not rest:  # a line of reminder text only, "(I enter exhausted.)": kept, describes no ability
        return {**ability, "label": "reminder", "reminder": True}
    condition = CONDITION.match(rest)
    if condition:
        ability["condition"] = condition.group(1)
        rest = rest[condition.end():]
    rest = rest.replace("[>>]", "").strip()
    timing = _TIMING.match(rest)
    if timing:
        ability["timing"] = timing.group(1).lower()
        rest = rest[timing.end():]
    keyword = _keyword_ability(rest, domains)
    if keyword is not None:
        ability.update(keyword)
        ability.setdefault("label", ability["keyword"].lower())
        return ability
    split = _split_activated(rest)
    cost = read_cost(split[0], domains) if split else None
    if split and cost is not None:
        effect = split[1]
        effect_timing = _EFFECT_TIMING.match(effect)
        if effect_timing:
            if effect_timing.group(1):
                ability["timing"] = effect_timing.group(1).lower()
            if effect_timing.group(2) or effect_timing.group(3):
                ability["condition"] = "Legion"
            effect = effect[effect_timing.end():]
        ability.update(kind="activated", cost=cost, label=_label(effect))
        if _adds_only(effect):
            ability["adds"] = True
            amount = added(effect, domains)
            if amount is not None:
                ability["amount"] = amount
        return ability
    ability["label"] = _label(rest)
    if card_type != "Spell" and (
            (" would " in f" {rest} " and "instead" in rest and not re.match(r"(When|Whenever)\b(?![^,]*would)", rest))
            or re.match(r"Prevent\b", rest) or re.match(r"If [^.]*\binstead\.?$", rest)):
        ability["kind"] = "replacement"
    elif card_type == "Spell" and re.search(r"\bthis turn\b", rest):
        ability["kind"] = "spell"  # "When any unit takes damage this turn, kill it.": a delayed trigger it creates
    elif _TRIGGER_START.match(rest) or re.match(r"^While [^,]*, when\b", rest) \
            or re.search(r"\bat (the )?(start|end) of (your|each|the)\b", rest, re.IGNORECASE):
        ability["kind"] = "triggered"
    elif card_type == "Spell" and not _spell_static(rest):
        ability["kind"] = "spell"
    elif not static_mechanics(rest) and not effect_mechanics(rest):
        ability["unread"] = True
        if card_type == "Spell":
            ability["kind"] = "spell"
    return ability


def _keyword_ability(rest: str, domains: list[str]) -> dict[str, Any] | None:
    """A line that is a keyword ability: "[Tank]", "Ganking", "[Equip] [1][C]", "[Empower] — [T]",
    "[Deathknell] — Draw 1.", "[Predict 2]."; None when the line is something else."""
    match = _KEYWORD_LINE.match(rest)
    if match is None or match.group(1) not in KEYWORDS:
        return None
    keyword, number = match.group(1), match.group(2)
    bracketed = rest.startswith("[")
    after = rest[match.end():].strip()
    if not bracketed and after and after[0].isalpha():
        return None  # a sentence that starts with a keyword's word ("Hidden cards ...")
    ability: dict[str, Any] = {"kind": _KEYWORD_KIND.get(keyword, "static"), "keyword": keyword}
    if number is not None:
        ability["value"] = int(number)
    if keyword in COST_KEYWORDS:
        cost_text, _, note = after.lstrip("— ").partition(". ")
        cost = read_cost(cost_text, domains)
        if cost is None:
            return None
        ability["cost"] = cost
        if note:
            ability["cost_note"] = note.strip()
        return ability
    if keyword == "Deathknell":
        effect = re.sub(r"^(\[>\]|—)\s*", "", after)
        return {**ability, "label": "deathknell"} if effect else None
    if keyword == "Hidden":
        ability["cost"] = dict(HIDE_COST, power=dict(HIDE_COST["power"]))
    after = after.strip(" .,")
    if after and not re.fullmatch(r"(,?\s*\[[A-Z][A-Za-z-]*(?: \d+)?\])+", after):
        return None
    return ability


def _spell_static(rest: str) -> bool:
    """Whether a line of a spell is a rule about the spell rather than an instruction ("This costs [2] less")."""
    return bool(re.match(r"(This (costs|spell|can't)|I cost|As you play this|As an additional cost|"
                         r"You may (pay|spend) .* additional cost|Ignore|If .* this costs)\b", rest))


def static_mechanics(rest: str) -> set[str]:
    """What a passive ability does, in the vocabulary's names; empty when the reader cannot tell."""
    found: set[str] = set()
    if re.search(r"[+-]\d*\s?\[S\]|Might is increased|additional \+|Might becomes|base Might", rest):
        found.add("static might")
    if re.search(r"\b(have|has|gain|gains|get|give)\b[^.]*(\[[A-Z][a-z][A-Za-z-]*(?: \d+)?\]|\")|I am a\b|"
                 r"\[T\] abilities|gain that tag|text to this", rest):
        found.add("static keyword")
    if re.search(r"\benters? ready\b|\benter exhausted\b|\benters exhausted\b", rest):
        found.add("enter ready")
    if _COST_CHANGE.search(rest):
        found.add("cost change")
    if "additional cost" in rest:
        found.add("additional cost")
    if re.search(r"\b(can't|cannot|must|only|don't|doesn't|ignore|trigger an additional time|Increase the points|"
                 r"Skip|any number|play cards from|Bonus Damage|enough to kill|name an?|(may|can) (be )?play(ed)?|"
                 r"may hide|can move|can have|win the game)\b", rest, re.IGNORECASE):
        found.add("static rule")
    return found


def read_abilities(text: str, card_type: str | None, domains: list[str]) -> list[dict[str, Any]]:
    """The abilities of a card's text, in text order, each with a label unique on the card."""
    abilities: list[dict[str, Any]] = []
    for line in _lines(text):
        ability = read_ability(line, card_type, domains)
        alternatives = ability.get("cost", {}).pop("or", None) if ability.get("keyword") == "Repeat" else None
        if alternatives and " / " in line:  # "[Repeat] — [1] / [A] / [1][A]": each cost paid or not (v1.3 820.3)
            abilities.extend({**ability, "cost": cost} for cost in [ability["cost"], *alternatives])
        else:
            if alternatives:
                ability["cost"]["or"] = alternatives
            abilities.append(ability)
    seen: dict[str, int] = {}
    for ability in abilities:
        base = ability["label"]
        seen[base] = seen.get(base, 0) + 1
        if seen[base] > 1:
            ability["label"] = f"{base}-{seen[base]}"
    return abilities


def keyword_values(abilities: list[dict[str, Any]]) -> dict[str, int]:
    """The numbers of the keywords the abilities are, bracketed or not ("Hunt 2" -> {"Hunt": 2})."""
    return {a["keyword"]: a["value"] for a in abilities if "keyword" in a and "value" in a and "condition" not in a}


def keyword_costs(abilities: list[dict[str, Any]]) -> dict[str, list[dict[str, Any]]]:
    """The costs of the keywords whose value is a cost (Equip, Empower, Repeat, Flow, Hidden), each keyword with
    the list of its instances' costs (several Repeat costs are paid separately, v1.3 820.3)."""
    costs: dict[str, list[dict[str, Any]]] = {}
    for ability in abilities:
        if "keyword" in ability and "cost" in ability:
            costs.setdefault(ability["keyword"], []).append(ability["cost"])
    return costs


def line_keywords(abilities: list[dict[str, Any]]) -> list[str]:
    """The keywords the card has as abilities of its own lines (v1.3 801), bracketed or not."""
    return sorted({a["keyword"] for a in abilities if "keyword" in a and "condition" not in a})


# What an ability's text does beyond the existing effect ops, in the vocabulary's names (engine/mechanics.py).
_EFFECT_PATTERNS: tuple[tuple[str, re.Pattern[str]], ...] = tuple((name, re.compile(pattern, re.IGNORECASE)) for
                                                                  name, pattern in (
    ("xp", r"\bXP\b|\[Level\b"),
    ("gear token", r"\bgear tokens?\b|\bGold\b"),
    ("battlefield token", r"\bbattlefield token\b"),
    ("additional turn", r"\btake a turn after this one\b|\badditional turn\b"),
    ("deck top", r"\btop (\w+ )?(cards? |rune )?of (your|their|its owner's|a) (Main Deck|rune deck)|"
                 r"\bfrom the top of (your|their) (Main )?Deck|\bfrom (a|your) deck\b|\bMain Deck into\b|"
                 r"\bsee me\b"),
    ("attach", r"\b(attach|attached|detach|unattach|equipped)\b|\bEquipment\b"),
    ("copy", r"\bcop(y|ies)\b"),
    ("Empower", r"\b(empower|disempower|empowered)\b"),
    ("Mighty", r"\bMighty\b"),
    ("Hidden", r"\bface ?down\b|\bhide\b|\bhidden\b"),
    ("win the game", r"\bwin the game\b"),
    ("replacement", r"\bwould\b[^.]*\binstead\b|\bprevent\b|\bthe next time\b[^.]*\binstead\b|\bwould be dealt\b"),
    ("static rule", r"\bcan't\b|\bcannot\b"),
    # "The next time it dies this turn, recall it instead" and "..., prevent it" are delayed replacements (v1.3
    # 390.3, recorded with the `replace` and `prevent` ops), not delayed triggers ("Kill it the next time ...").
    ("delayed trigger", r"\b(when|whenever)\b[^.]*\bthis turn\b|\bat the start of your next\b|\bat end of turn\b|"
                        r"\bat the end of this turn\b|\bthe next time\b(?![^.]*\b(instead|prevent)\b)"),
    ("enter ready", r"\benters? ready\b"),
    ("cost change", _COST_CHANGE.pattern),
    ("additional cost", r"\badditional cost\b"),
    ("effect cost", r"(\b(you may|may|must|and) pay\b|\bpays? \[|\bpay any amount\b)(?![^.]*additional cost)"),
))


def effect_mechanics(text: str) -> set[str]:
    """What a text does beyond the existing effect ops, in the vocabulary's names, and the keywords it names."""
    found = {name for name, pattern in _EFFECT_PATTERNS if pattern.search(text)}
    for term in re.findall(r"\[([A-Z][A-Za-z-]*)(?: \d+)?\]", text):
        if term in KEYWORDS and term not in ("Action", "Reaction"):
            found.add(term)
    return found


def ability_mechanics(ability: dict[str, Any], card_type: str | None) -> set[str]:
    """The mechanics one ability needs (engine/mechanics.py's vocabulary)."""
    if ability.get("reminder"):
        return set()
    rest = plain(ability["text"])
    found: set[str] = set()
    condition = ability.get("condition")
    if condition:
        found.add({"Empowered": "Empower"}.get(condition, condition.split()[0]))
        rest = CONDITION.sub("", rest)
    kind, keyword = ability["kind"], ability.get("keyword")
    if keyword:
        found.add(keyword)
    elif kind == "activated":
        found.add("add ability" if ability.get("adds") else "activated")
    elif kind == "triggered":
        found.add("battlefield trigger" if card_type == "Battlefield" else "triggered")
        rest = rest.partition(", ")[2] or rest  # the effect after its condition
    elif kind == "spell":
        found.add("spell effect")
    elif kind == "replacement":
        found.add("replacement")
    elif kind == "static":
        found |= static_mechanics(rest)
    if kind == "activated" and not keyword:
        rest = (_split_activated(_TIMING.sub("", rest)) or ("", rest))[1]
    found |= effect_mechanics(rest)
    if ability.get("cost_note"):
        found.add("cost change")
    if ability.get("unread"):
        found.add("unread")
    return found


def mechanics(card: dict[str, Any]) -> set[str]:
    """The mechanics a catalog card needs, in the names of engine/mechanics.py's VOCABULARY: its keywords and what
    each of its abilities does (and, for an Equipment, what it gives the unit it is attached to)."""
    found = {keyword for keyword in card.get("keywords", []) if keyword in KEYWORDS}
    for ability in card.get("abilities", []):
        found |= ability_mechanics(ability, card.get("type"))
    attached = card.get("attached")
    if attached:
        found.add("attach")
        for ability in attached.get("abilities", []):
            found |= ability_mechanics(ability, "Unit")
    return found


_LETTER = re.compile(r"\[(?:A|C|R|G|B|O|P|Y)\]")


def mark_own_power(abilities: list[dict[str, Any]], rules_text: str) -> None:
    """v1.4 135.2.e.6.c: a [C] of a card with several domains is Power of any of its domains. The gallery's HTML
    (which the text is read from) prints it as the rainbow [A] symbol, and its rules text as [C] (where a real [A]
    stays [A]), so each printed cost read as Power of any domain is compared, symbol by symbol, with its line of the
    rules text; the Power that is [C] there is marked as the cost's `own_power` (how many of its "any" it is).
    Lines whose words differ between the two texts are left as they are."""
    rules_lines = {_LETTER.sub("[X]", plain(line)): plain(line) for line in _lines(
        rules_text.replace("[E]", "[T]").replace("[M]", "[S]"))}
    for ability in abilities:
        cost = ability.get("cost")
        if not cost or not cost["power"].get("any") or "or" in cost:
            continue
        line = plain(ability["text"])
        rules_line = rules_lines.get(_LETTER.sub("[X]", line))
        if rules_line is None:
            continue
        power_left, own = sum(cost["power"].values()), 0
        for shown, printed in zip(_SYMBOL.findall(line), _SYMBOL.findall(rules_line)):
            if power_left == 0:
                break
            if not shown.isdigit():
                power_left -= 1
                own += shown == "A" and printed == "C"
        if own:
            cost["own_power"] = own


def read_printing(raw: dict, name: str, card_type: str | None, domains: list[str]) -> dict[str, Any]:
    """What a gallery printing's text says, as catalog facts: `text`, `abilities`, `keyword_costs`, `attached`,
    and the keywords (with values) its lines have, bracketed or not (Laurent Bladekeeper's "Ganking").

    `attached` is, for an Equipment (v1.3 716-719, 818), what the unit it is attached to gets: `{might, text,
    abilities}` from the gallery's `mightBonus` ("+2") and `effectHtml`; None for other cards.
    """
    text = card_text(raw, name)
    abilities = read_abilities(text, card_type, domains)
    attached = None
    bonus = raw.get("mightBonus")
    if card_type == "Gear" and (bonus is not None or "Equipment" in (raw.get("tags") or [])):
        effect = html_text(raw.get("effectHtml") or "")
        might = re.fullmatch(r"\+?(\d+)", str(bonus or "0").strip())
        attached = {"might": int(might.group(1)) if might else 0, "text": effect,
                    "abilities": read_abilities(effect, "Unit", domains)}
    if len(domains) > 1 and isinstance(raw.get("abilityHtml"), str) and raw.get("rulesText"):
        mark_own_power(abilities, strip_prefix(raw["rulesText"], name))
    return {
        "text": text, "abilities": abilities, "keyword_costs": keyword_costs(abilities), "attached": attached,
        "keywords": line_keywords(abilities), "keyword_values": keyword_values(abilities),
    }
