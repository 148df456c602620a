"""Creating a match in the browser: `/matches/new`, a form an organiser or a judge fills in at 360 px.

Players' names and decks (each pasted as a `3 Card Name` text list or a Piltover Archive deck code, read by
`replays.decklists`), the mode, the policy, the rules edition (engine/editions.py: v1.4 unless another is chosen),
the catalog and the event, round and table. "Check decks" reads both decks and shows what was read (legend,
chosen champion, battlefields) with every problem beside the line of the pasted list that causes it; where a deck
leaves a choice (a chosen champion the list does not mark, 103.2.a.2; the battlefields brought, 644.4.a) the form
offers it. "Create match" creates it as `POST /api/matches` would (open, as the contract's creation is) and answers
the table card (web.tablecard): the recording link and each player's, with their QR codes, to print. Plain HTML forms: nothing needs a script, and no JSON is shown or typed.
"""
from __future__ import annotations

import hashlib
from typing import Any

from flask import Blueprint, render_template, request

import engine.modes
from engine.editions import DEFAULT, EDITIONS
import recorder
from recorder import tokens
from replays import decklists

from .budget import creation_refused
from .db import get_log
from .tablecard import render_card, site_base

bp = Blueprint("create", __name__)

PLAYERS = ("P1", "P2", "P3", "P4")  # the most a mode has (FFA4, 2v2: 647.1, 648.1)
MODES = {"duel": "Duel (one game)", "match": "Match (best of three)", "ffa3": "FFA3, Skirmish (3 players)",
         "ffa4": "FFA4, War (4 players)", "2v2": "2v2, Magma Chamber (two teams of two)"}
TEAMS = ("A", "B")  # 2v2's two teams (648.2); by default they alternate in turn order, P1 and P3 against P2 and P4
POLICIES = {"strict": "Strict: an illegal action is refused", "audit": "Audit: kept and flagged with its rule"}
BATTLEFIELDS = 3  # what each player brings in every mode (644.4.a; the mode says how many are used: engine.modes)
INFO = ("event", "round", "table")
MAX_DECK = 20_000  # characters of one pasted deck


@bp.get("/matches/new")
def form():
    """The empty form; what the query gives is filled in (the mode, policy, catalog, event, round, table and the
    players' names: the tournament page links a paired table's form so)."""
    values = {"mode": request.args.get("mode", "duel"), "policy": request.args.get("policy", "strict"),
              "rules": request.args.get("rules", DEFAULT), "catalog": request.args.get("catalog", "demo"),
              **{field: request.args.get(field, "") for field in INFO}}
    return page(values, [blank(player, request.args) for player in PLAYERS])


@bp.post("/matches/new")
def submit():
    """`action=check`: read the decks and show them; `action=create`: create the match if both decks read, and
    answer its table card (201), else the form again with every problem (400; 429 with `Retry-After` past the
    client address's budget of creations, web.budget)."""
    form = request.form
    values = {"mode": form.get("mode", "duel"), "policy": form.get("policy", "strict"),
              "rules": form.get("rules", DEFAULT), "catalog": form.get("catalog", "demo"),
              **{field: form.get(field, "").strip() for field in INFO}}
    problems: list[str] = []
    if values["mode"] not in MODES:
        problems.append(f"mode {values['mode']!r}: choose one of {', '.join(MODES)}")
    if values["policy"] not in POLICIES:
        problems.append(f"policy {values['policy']!r}: choose strict or audit")
    if values["rules"] not in EDITIONS:
        problems.append(f"rules {values['rules']!r}: choose one of {', '.join(EDITIONS)}")
    log = get_log()
    if values["catalog"] not in log.catalogs.names():
        problems.append(f"no catalog named {values['catalog']!r}: import it first (riftlog catalog import)")
        return page(values, [blank(player, form) for player in PLAYERS], problems, status=400)
    catalog = log.catalog(values["catalog"])
    count = engine.modes.MODES[values["mode"]]["players"] if values["mode"] in MODES else 2
    players = [read_player(player, form, catalog) for player in PLAYERS[:count]]
    players += [blank(player, form) for player in PLAYERS[count:]]  # kept as typed, for another mode
    if values["mode"] == "2v2" and sorted(player["team"] for player in players) != ["A", "A", "B", "B"]:
        problems.append("a 2v2 match has two teams of two players (rule 648.2): put two players in each team")
    playing = players[:count]
    if form.get("action") != "create" or problems or any(player["problems"] for player in playing):
        failed = bool(problems) or any(player["problems"] for player in playing)
        return page(values, players, problems, status=400 if failed and form.get("action") == "create" else 200)
    entries = [{**player["entry"], **({"team": f"Team {player['team']}"} if values["mode"] == "2v2" else {})}
               for player in playing]
    event: dict[str, Any] = {"type": "match_created", "mode": values["mode"], "policy": values["policy"],
                             "rules": values["rules"], "catalog": values["catalog"], "players": entries}
    info = {field: number(values[field]) for field in INFO if values[field]}
    if info:
        event["info"] = info
    refused = creation_refused()  # a budget per client address (web.budget)
    if refused is not None:
        return (*page(values, players, [refused[0]], status=429), refused[1])
    try:
        match_id, token = log.create_match(event)
    except (recorder.Refused, recorder.Malformed) as error:  # the engine's checks of the match as a whole
        problems.append(str(error))
        problems += [f"rule {violation.get('rule')}: {violation.get('message')}"
                     for violation in getattr(error, "violations", None) or []][1:]
        return page(values, players, problems, status=400)
    answer = tokens.created_answer(log, match_id, token)
    tokens.handed_out_on(log, match_id, site_base())  # the address its card's recording link names
    return render_card(log.match(match_id), token, answer["player_tokens"], status=201,
                       note="Print this page now: the recording link is shown once (the organiser can reissue it).")


def number(value: str) -> Any:
    """A round or table typed as a number is stored as one (as the sample matches and the API's callers do)."""
    return int(value) if value.isdigit() and len(value) < 10 else value


def blank(player: str, form: Any = None) -> dict[str, Any]:
    form = form or {}
    return {"id": player, "name": form.get(f"{player}_name", ""), "deck": form.get(f"{player}_deck", ""),
            "team": form.get(f"{player}_team") or TEAMS[(int(player[1:]) - 1) % 2],
            "entry": None, "problems": [], "lines": [], "open_champion": False, "candidates": [],
            "battlefields": [], "battlefield_choices": [], "checked": ""}


def fingerprint(deck: str) -> str:
    """What a check's choices are tied to: the deck as it was checked (a deck edited since is read afresh)."""
    return hashlib.sha256(deck.encode("utf-8")).hexdigest()[:16]


def read_player(player: str, form: Any, catalog: Any) -> dict[str, Any]:
    """One player of the form: the deck read (with the choices made, when they were made for this very deck),
    what it leaves open, and its problems, each with the line of the list it is about."""
    found = blank(player, form)
    name, deck = found["name"].strip(), found["deck"]
    number_ = player[1:]
    if not name:
        found["problems"].append({"message": f"player {number_} needs a name", "field": "name"})
    if len(deck) > MAX_DECK:
        found["problems"].append({"message": f"the deck is {len(deck):,} characters long; a deck list is far "
                                             f"shorter (at most {MAX_DECK:,})"})
        return found
    if not deck.strip():
        found["problems"].append({"message": f"paste player {number_}'s deck: a list of `3 Card Name` lines or a "
                                             "Piltover Archive deck code"})
        return found
    checked = fingerprint(deck)
    found["checked"] = checked
    choices = None
    if form.get(f"{player}_checked") == checked:
        picked = [value for value in form.getlist(f"{player}_battlefields") if value]
        picked += [value for value in form.getlist(f"{player}_battlefield_add") if value]
        choices = decklists.Choices(champion=form.get(f"{player}_champion") or None,
                                    battlefields=picked if form.get(f"{player}_battlefields_shown") else None)
    found["open_champion"] = decklists.leaves_champion_open(deck, catalog)
    try:
        entry = decklists.read_deck(deck, catalog, name or None, choices=choices)
    except decklists.DeckProblems as error:
        found["problems"].extend(error.problems)
        entry = None
    found["entry"] = entry
    listed_battlefields = listed_of(deck, catalog)
    if entry is not None:
        found["candidates"] = decklists.champion_candidates(entry, catalog)
        found["battlefields"] = entry["battlefields"]
    else:
        found["battlefields"] = list(choices.battlefields) if choices and choices.battlefields is not None \
            else listed_battlefields
    offered = list(dict.fromkeys([*listed_battlefields, *found["battlefields"]]))
    found["battlefield_offered"] = offered
    found["battlefield_choices"] = [name for name in decklists.battlefield_names(catalog) if name not in offered]
    found["lines"] = deck.splitlines()
    found["problems"] = placed(found["problems"], found["lines"])
    if entry is not None and found["open_champion"] and not found["candidates"]:
        found["open_champion"] = False
    return found


def listed_of(deck: str, catalog: Any) -> list[str]:
    """The battlefields a deck names, read without its choices or its legality (for the checkboxes)."""
    try:
        return decklists.read_deck(deck, catalog, choices=None)["battlefields"]
    except decklists.DeckProblems:
        pass
    try:  # an illegal deck still names its battlefields: read without the construction checks
        if decklists.is_deck_code(deck, catalog):
            return decklists.read_code(deck, catalog, legality=False)["battlefields"]
    except decklists.DeckProblems:
        return []
    names = []
    for _number, text in decklists.lines_of(deck, []):  # the lines a list may have (MAX_LINES, MAX_LINE)
        for candidate in (text, text.split(" ", 1)[-1], text.rsplit(" x", 1)[0]):
            card = catalog.get(candidate.strip())
            if card is not None and card.get("type") == "Battlefield" and card["name"] not in names:
                names.append(card["name"])
                break
    return names


def placed(problems: list[dict[str, Any]], lines: list[str]) -> list[dict[str, Any]]:
    """Each problem with the text of the line it names (`text`), the deck-wide ones (no line) first."""
    shown = []
    for problem in problems:
        line = problem.get("line")
        text = lines[line - 1].strip() if isinstance(line, int) and 0 < line <= len(lines) else None
        shown.append({**problem, "text": text})
    return sorted(shown, key=lambda problem: (problem.get("line") is not None, problem.get("line") or 0))


# Where a problem of the form as a whole is fixed, by how its message starts (the summary links to that field).
FIELD_OF = (("mode ", "mode-duel"), ("policy ", "policy-strict"), ("rules ", "rules"), ("no catalog", "catalog"),
            ("a 2v2 match", "P1-team"))


def summary(values: dict[str, Any], players: list[dict[str, Any]], problems: list[str]) -> list[dict[str, str]]:
    """The error summary at the top of the form (as GOV.UK's forms have it): every problem, the form's own and each
    playing seat's, with the id of the field that fixes it, so a phone that lands at the top of a failed form sees
    all of them at once and a tap goes to each (docs/web.md). A deck's problem links to its deck box, the line it
    is about quoted; a missing name to the name."""
    rows = [{"text": problem, "field": next((field for start, field in FIELD_OF if problem.startswith(start)),
                                            "create-form")} for problem in problems]
    count = engine.modes.MODES[values["mode"]]["players"] if values.get("mode") in MODES else 2
    for player in players[:count]:
        for problem in player["problems"]:
            where = f"line {problem['line']} “{problem['text']}”: " if problem.get("line") and problem.get("text") \
                else f"card {problem['card']}: " if problem.get("card") else ""
            rows.append({"text": f"Player {player['id'][1:]}: {where}{problem['message']}",
                         "field": f"{player['id']}-{problem.get('field', 'deck')}"})
    return rows


def page(values: dict[str, Any], players: list[dict[str, Any]], problems: list[str] | None = None,
         status: int = 200):
    log = get_log()
    return render_template("create.html", values=values, players=players, problems=problems or [],
                           summary=summary(values, players, problems or []),
                           modes=MODES, policies=POLICIES, editions=EDITIONS, catalogs=log.catalogs.names(), teams=TEAMS,
                           players_of={mode: engine.modes.MODES[mode]["players"] for mode in MODES},
                           battlefields_needed=BATTLEFIELDS), status
