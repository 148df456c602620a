"""One line per event, read like a score sheet: the acting player first, then a verb and its arguments.

    P1 draw Gust; ?                      P1 mulligan Void Seeker      P1 keep
    P1 channel Fury Rune; Chaos Rune     P1 play Shakedown -> Stalwart Poro $2 / Fury Rune
    P1 add 1 / Chaos Rune                P1 pass      P1 end turn      P2 concede
    P2 trigger Stalwart Poro "when targeted" -> Stalwart Poro
    resolve Shakedown: damage Stalwart Poro 6 | draw P2 Gust
    game 1: P1 first; P1 Zaun Warrens; P2 Altar to Unity             note "text" about 12
    P2 sideboard in Rune Prison / out Discipline                      (between games, TR 403.4)
    {"type": "pass", "player": "P1"}     (any event as JSON, the writer's fallback)

`parse_event(line, state)` reads one line against the state before it; `write_line(state, event)` writes the
shortest line that reads back as exactly `event` ("write, then check by parsing"), else the event as JSON.
"""
from __future__ import annotations

from typing import Any, Callable

from engine import MalformedEvent
from engine.events import validate
from engine.judges_rulings import FIELD as RULING
from engine.views import as_sent
from replays.notation import rulings
from replays.notation.clauses import (TAIL, card_ref, pay_text, read_pay, read_play, read_tail, targets, write_options,
                                      write_pay, write_play, write_targets)
from replays.notation.effects import (read_effects, read_replacement, read_static, write_effects, write_replacement,
                                      write_static)
from replays.notation.errors import InvalidNotation, NotationError
from replays.notation.position import read_position, write_position
from replays.notation.refs import (OBJECT_ID, PLAYER_ID, card_name, card_or_unseen, cards_text, location, name_of,
                                   player_id, read_cards, read_player, resolve, with_name)
from replays.notation.text import Piece, Scanner, comment_start, dumps, number, quote, split_last

State = dict[str, Any]
Event = dict[str, Any]
PlayerReader = Callable[[Scanner, State, str], Event]
PlainReader = Callable[[Scanner, State], Event]


# -- readers of player lines (`P1 VERB ...`) -----------------------------------------------------------------------
def _draw(sc: Scanner, state: State, player: str) -> Event:
    return {"type": "draw", "player": player, "cards": read_cards(sc, state)}


def _mulligan(sc: Scanner, state: State, player: str) -> Event:
    """Rule 117: the cards set aside, named in the player's hand (identical cards are interchangeable)."""
    chosen: list[str] = []
    for piece in sc.pieces(()):
        chosen.append(resolve(sc, state, piece, "hand", player, chosen))
    return {"type": "mulligan", "player": player, "set_aside": chosen}


def _channel(sc: Scanner, state: State, player: str) -> Event:
    return {"type": "channel", "player": player, "runes": [card_name(sc, state, p) for p in sc.pieces(())]}


def _bare(kind: str) -> PlayerReader:
    return lambda sc, state, player: {"type": kind, "player": player}


def _two_words(second: str, read: PlayerReader) -> PlayerReader:
    """`end turn`, `game loss`: a verb of two words."""
    def reader(sc: Scanner, state: State, player: str) -> Event:
        if not sc.accept_word(second):
            sc.fail(f"'{second}'")
        return read(sc, state, player)
    return reader


def _end_turn(sc: Scanner, state: State, player: str) -> Event:
    """`P1 end turn`, or `P1 end turn +ending_step`: the ending step begins and waits (engine/turn.py)."""
    event: Event = {"type": "end_turn", "player": player}
    if sc.accept("+"):
        if sc.word("'ending_step' after '+'") != "ending_step":
            sc.fail("'+ending_step' (the ending step begins and waits)")
        event["ending_step"] = True
    return event


def _play(sc: Scanner, state: State, player: str) -> Event:
    return {"type": "play", **read_play(sc, state, player)}


def _activate(sc: Scanner, state: State, player: str) -> Event:
    """`P1 activate SOURCE [N] -> TARGETS +OPTION $PAY` or with a quoted label instead of `[N]` (v1.3 376-406):
    the source is a unit, gear, rune, legend or battlefield, by name or id."""
    event: Event = {"type": "activate", "player": player,
                    "source": resolve(sc, state, sc.until(('"', "[")), "source", expected="the source's name")}
    if sc.accept("["):
        event["ability"] = sc.integer("the ability's index")
        sc.expect("]", "']' after the ability's index")
    else:
        event["ability"] = sc.quoted("the ability: [N] or a quoted label")
    if sc.accept("->"):
        event["targets"] = targets(sc, state, ("+", "$"))
    read_tail(sc, state, player, event)
    return event


def _add(sc: Scanner, state: State, player: str) -> Event:
    """Rune abilities (rule 157.2): `P1 add EXHAUST / RECYCLE`, as a payment's parts."""
    return {"type": "add", "player": player, **read_pay(sc, state, player)}


def _hide(sc: Scanner, state: State, player: str) -> Event:
    """The Hidden keyword (rule 723): `P1 hide CARD @BATTLEFIELD $PAY`."""
    event: Event = {"type": "hide", "player": player,
                    "card": card_ref(sc, state, sc.until(("@",)), "the card to hide")}
    sc.expect("@", "'@' and the battlefield")
    event["battlefield"] = location(sc, state, sc.until(("$",)))
    read_tail(sc, state, player, event, options=False)
    return event


def _move(sc: Scanner, state: State, player: str) -> Event:
    """The standard move (rule 140): `P1 move UNIT; UNIT -> LOCATION [$PAY]` (a payment for an applied cost,
    v1.4 204.4: Mageseeker Investigator's [A] for each unit beyond the first)."""
    units = targets(sc, state, ("->",), "object", after="'move'")
    sc.expect("->", "'->' and where the units move")
    event: Event = {"type": "move", "player": player, "units": units, "to": location(sc, state, sc.until(("$",)))}
    read_tail(sc, state, player, event, options=False)
    return event


def _invite(sc: Scanner, state: State, player: str) -> Event:
    return {"type": "invite", "player": player, "invitee": read_player(sc, state)}


def _trigger(sc: Scanner, state: State, player: str) -> Event:
    """A triggered ability goes on the chain (rule 583): `P2 trigger SOURCE "label" [-> TARGETS]`; the source is an
    object, a battlefield (by name or id) or a token that just ceased to exist (by id)."""
    event: Event = {"type": "trigger", "player": player,
                    "source": resolve(sc, state, sc.until(('"',)), "source", expected="the source's name")}
    event["ability"] = sc.quoted("the ability's label in quotes")
    if sc.accept("->"):
        event["targets"] = targets(sc, state, TAIL)
    read_tail(sc, state, player, event)
    options = event.pop("options", {})
    if set(options) - {"cost", "declined", "repeat", "discard"}:
        sc.fail("'+cost=JSON' (what is paid as the ability is finalized, v1.3 742.1.b), '+declined' (a \"you may\" "
                "trigger not performed, v1.4 383.3.a), '+repeat=JSON' and '+discard=JSON' (the Repeat costs paid and "
                "the cards discarded for them, v1.4 820.1.a) or '$PAYMENT'")
    if "cost" in options:
        event["cost"] = options.pop("cost")
    if options.pop("declined", False):
        event["declined"] = True
    if options:
        event["options"] = options
    return event


def _assign(sc: Scanner, state: State, player: str) -> Event:
    """Combat damage (rule 626.1.d): `P1 assign UNIT N; UNIT N`."""
    assignments: dict[str, int] = {}
    for piece in sc.pieces(()):
        unit, amount = split_last(sc, piece, "a unit and an amount of damage, like 'Stalwart Poro 3'")
        target = resolve(sc, state, unit, "object")
        if target in assignments:
            sc.twice("unit", f"{unit.text!r} ({target})", unit.column)
        assignments[target] = number(sc, amount, "an amount of damage")
    return {"type": "assign_damage", "player": player, "assignments": assignments}


def _choose(sc: Scanner, state: State, player: str) -> Event:
    """`P1 choose bf1`, `P1 choose A; B` (a list), or `P1 choose = JSON` for any other choice."""
    if sc.accept("="):
        return {"type": "choose", "player": player, "choice": sc.json_value("a JSON value after '='")}
    refs = [resolve(sc, state, piece, "target") for piece in sc.pieces(())]
    if not refs:
        sc.fail("a choice: a reference, references separated by ';', or '= JSON'")
    return {"type": "choose", "player": player, "choice": refs[0] if len(refs) == 1 else refs}


def _replace(sc: Scanner, state: State, player: str) -> Event:
    """A replacement a player applies (v1.3 369-374): `P2 replace kill UNIT [< SOURCE] [until WHEN] -> OP & OP`."""
    return {"type": "replace", "player": player, **read_replacement(sc, state, source=True)}


def _concede(sc: Scanner, state: State, player: str) -> Event:
    """`P2 concede` (the game, 651), `P2 concede match` (the match and the game in progress, TR 410.2)."""
    event: Event = {"type": "concede", "player": player}
    if sc.accept_word("match"):
        event["match"] = True
    return event


def _sideboard(sc: Scanner, state: State, player: str) -> Event:
    """Sideboarding between games (TR 403.4, engine/sideboard.py): `P1 sideboard in Gust; Flash / out Void Seeker;
    Stalwart Poro` (`?` for a card this view may not see), then `/ champion NAME` for a new chosen champion."""
    if not sc.accept_word("in"):
        sc.fail("'in' and the cards the sideboard gives, like 'in Gust / out Flash'")
    cards_in = [card_or_unseen(sc, state, piece) for piece in sc.pieces(("/",))]
    sc.expect("/", "'/ out' and the main deck cards that leave it")
    if not sc.accept_word("out"):
        sc.fail("'out' after '/'")
    cards_out = [card_or_unseen(sc, state, piece) for piece in sc.pieces(("/",))]
    event: Event = {"type": "sideboard", "player": player, "in": cards_in, "out": cards_out}
    if sc.accept("/"):
        if not sc.accept_word("champion"):
            sc.fail("'champion' and the new chosen champion after '/'")
        event["champion"] = card_name(sc, state, sc.until(()))
    return event


def _write_sideboard(state: State, event: Event) -> str:
    text = (f"{event['player']} sideboard in {cards_text(event['in'])} / out {cards_text(event['out'])}"
            .replace("in  /", "in /").rstrip())
    return text + (f" / champion {event['champion']}" if "champion" in event else "")


# Which field a judge's `error` or `remedy` line names by reference, by infraction (engine/errors_as_played.py):
# (field, reference scope, a list or one).
ERROR_REFS = {"missed_trigger": ("source", "source", False), "forgetting_to_score_a_point": ("battlefield", "target",
                                                                                              False),
              "forgetting_to_ready": ("objects", "object", True)}
CHOICE_WORDS = ("resolve", "miss")


def _judged(kind: str) -> PlayerReader:
    """`P1 error INFRACTION [REFS] ["label"] [+field=JSON]` (a game play error as played, TR 702) and
    `P2 remedy INFRACTION [about N] [resolve|miss] [REFS] ["label"] [+field=JSON]` (the TR's remedy)."""
    def reader(sc: Scanner, state: State, player: str) -> Event:
        event: Event = {"type": kind, "player": player, "infraction": sc.word("the infraction, like missed_trigger")}
        if kind == "remedy" and sc.accept_word("about"):
            event["about"] = sc.integer("the seq of the error after 'about'")
        if kind == "remedy" and (choice := sc.accept_word(*CHOICE_WORDS)):
            event["choice"] = choice
        refs = ERROR_REFS.get(event["infraction"])
        pieces = sc.pieces(('"', "+"))
        if pieces:
            if refs is None or len(pieces) > 1 and not refs[2]:
                sc.fail_at(pieces[0], "'\"label\"', '+field=JSON' or the end of the line")
            field, scope, many = refs
            found = [resolve(sc, state, piece, scope) for piece in pieces]
            event[field] = found if many else found[0]
        if sc.looking_at('"'):
            event["ability"] = sc.quoted("the ability's label in quotes")
        while sc.accept("+"):
            key = sc.word("a field name after '+'")
            if key in event:
                sc.twice("field", f"+{key}", sc.pos - len(key))
            sc.expect("=", f"'=' and a JSON value after '+{key}'")
            event[key] = sc.json_value(f"a JSON value after '+{key}='")
        return event
    return reader


def _write_judged(state: State, event: Event) -> str:
    text = f"{event['player']} {event['type']} {event['infraction']}"
    if "about" in event:
        text += f" about {event['about']}"
    if "choice" in event:
        text += f" {event['choice']}"
    field, scope, many = ERROR_REFS.get(event["infraction"], (None, None, False))
    if field in event:
        text += " " + (write_targets(state, event[field], scope) if many else name_of(state, event[field], scope))
    if "ability" in event:
        text += f" {quote(event['ability'])}"
    rest = {key: value for key, value in event.items()
            if key not in ("type", "player", "infraction", "about", "choice", "ability", field)}
    return text + "".join(f" +{key}={dumps(value)}" for key, value in rest.items())


def _reason(kind: str) -> PlayerReader:
    return lambda sc, state, player: {"type": kind, "player": player, "reason": sc.quoted("a quoted reason")}


def _penalty(sc: Scanner, state: State, player: str) -> Event:
    """A judge's penalty (TR 701.2, engine/penalties.py): `P1 penalty KIND INFRACTION "TR RULE" [remedy "..."]
    [note "..."] [upgrade = JSON] [carried = JSON] [simultaneous = JSON]`; `simultaneous` lists the game losses
    given at the same time (TR 701.2.b.2-3)."""
    event: Event = {"type": "penalty", "player": player, "penalty": sc.word("a penalty: warning, game_loss, ..."),
                    "infraction": sc.word("an infraction's key, like general_error"),
                    "rule": sc.quoted('the TR rule in quotes, like "TR 702.16"')}
    for field in ("remedy", "note"):
        if sc.accept_word(field):
            event[field] = sc.quoted(f"the {field} in quotes")
    for field in ("upgrade", "carried", "simultaneous"):
        if sc.accept_word(field):
            sc.expect("=", f"'=' and the {field} as JSON")
            event[field] = sc.json_value(f"the {field} as JSON")
    return event


PLAYER_VERBS: dict[str, PlayerReader] = {
    "draw": _draw, "mulligan": _mulligan, "keep": lambda sc, state, player: {"type": "mulligan", "player": player,
                                                                              "set_aside": []},
    "channel": _channel, "concede": _concede, "play": _play, "activate": _activate, "add": _add,
    "hide": _hide, "move": _move, "pass": _bare("pass"), "invite": _invite,
    "end": _two_words("turn", _end_turn), "trigger": _trigger, "assign": _assign, "choose": _choose,
    "game": _two_words("loss", _reason("game_loss")), "replace": _replace, "penalty": _penalty,
    "error": _judged("error"), "remedy": _judged("remedy"), "sideboard": _sideboard,
}


# -- readers of lines without an actor -------------------------------------------------------------------------
def _game(sc: Scanner, state: State) -> Event:
    """`game 1: P1 first; P1 Zaun Warrens; P2 Altar to Unity` (rules 113-115, 644.5)."""
    game = sc.integer("a game number after 'game'")
    sc.expect(":", "':' after the game number")
    pieces = sc.pieces(())
    if not pieces or not pieces[0].text.lower().endswith(" first"):  # words of the notation, in any case
        sc.fail("'P1 first' (the first player) after ':'")
    first = player_id(sc, state, Piece(pieces[0].text[:-len(" first")].strip(), pieces[0].column))
    battlefields: dict[str, str] = {}
    for piece in pieces[1:]:
        player, _, name = piece.text.partition(" ")
        if not name.strip():
            sc.fail_at(piece, "a player and the battlefield they chose, like 'P1 Zaun Warrens'")
        chooser = player_id(sc, state, Piece(player, piece.column))
        if chooser in battlefields:
            sc.twice("player's battlefield", chooser, piece.column)
        battlefields[chooser] = card_name(sc, state, Piece(name.strip(), piece.column + len(player) + 1))
    return {"type": "game_started", "game": game, "first_player": first, "battlefields": battlefields}


def _position(sc: Scanner, state: State) -> Event:
    if state["seq"] != 1:
        raise sc.error(InvalidNotation, "a position is only ever seq 2: it is the first line after the header",
                       1, "a position only as the first event")
    return read_position(sc)


def _resolve(sc: Scanner, state: State) -> Event:
    """Rule 336: the newest item resolves, with its recorded results."""
    event: Event = {"type": "resolve", "item": resolve(sc, state, sc.until((":",)), "item",
                                                       expected="the chain item to resolve")}
    if sc.accept(":"):
        event["effects"], fields = read_effects(sc, state)
        event.update(fields)
    else:
        event["effects"] = []
    return event


def _note(sc: Scanner, state: State) -> Event:
    event: Event = {"type": "note", "text": sc.quoted("the note's text in quotes")}
    if sc.accept_word("about"):
        event["about"] = sc.integer("a seq after 'about'")
    return event


def _rewind(sc: Scanner, state: State) -> Event:
    """`rewind SEQ "reason" [by floor_judge|head_judge] [returned = JSON]` (TR 701.5, engine/backups.py)."""
    to = sc.integer("the seq to rewind to")
    event: Event = {"type": "rewind", "to": to, "reason": sc.quoted("a quoted reason")}
    if sc.accept_word("by"):
        event["by"] = sc.word("floor_judge or head_judge")
    if sc.accept_word("returned"):
        sc.expect("=", "'=' and the returned cards as JSON, like {\"P1\": [\"Gust\"]}")
        event["returned"] = sc.json_value("the returned cards as JSON")
    return event


def _agreed(sc: Scanner, state: State) -> Event:
    """`agreed draw` (the game, TR 410.1), `agreed draw match` (the match, TR 410.2)."""
    if not sc.accept_word("draw"):
        sc.fail("'draw' after 'agreed'")
    return {"type": "agreed_draw", "match": True} if sc.accept_word("match") else {"type": "agreed_draw"}


def _time(sc: Scanner, state: State) -> Event:
    """`time 3` (time is called: three additional turns after this one, TR 408.2.a), `time 3 at 57` (called at seq
    57, recorded later), `time 3 elimination` (the altered procedure of a timed single elimination round, TR
    408.4)."""
    event: Event = {"type": "time", "extra_turns": sc.integer("the number of additional turns after 'time'")}
    if sc.accept_word("at"):
        event["called_at_seq"] = sc.integer("the seq time was called at, after 'at'")
    if sc.accept_word("elimination"):
        event["procedure"] = "single_elimination"
    return event


def _static(sc: Scanner, state: State) -> Event:
    """A static effect in force from now on, while its source stays on the board (engine/statics.py)."""
    return {"type": "static", **read_static(sc, state, required=True)}


PLAIN_VERBS: dict[str, PlainReader] = {"game": _game, "position": _position, "resolve": _resolve, "note": _note,
                                       "rewind": _rewind, "static": _static, "agreed": _agreed, "time": _time}
START = "a player (P1, P2, ...) or one of game, position, resolve, note, rewind, static, agreed, time"
VERBS = ", ".join({"end": "end turn", "game": "game loss"}.get(verb, verb) for verb in PLAYER_VERBS)


def parse_event(text: str, state: State, line: int = 1) -> Event:
    """The event of one body line, read against the state before it (not applied); a judge's ruling at its end,
    `[ruling "reason"]`, is the event's `ruling` (replays/notation/rulings.py)."""
    sc = Scanner(text, line, 0, comment_start(text))
    if sc.looking_at("{"):
        return _json_event(sc)
    ruling = rulings.read_suffix(sc)
    sc.skip()
    start = sc.pos
    first = sc.word(START)
    if PLAYER_ID.fullmatch(first):
        player = player_id(sc, state, Piece(first, start + 1))
        sc.skip()
        verb = sc.word(f"a verb after {player} ({VERBS})")
        if verb.lower() not in PLAYER_VERBS:
            sc.fail(f"a verb after {player} ({VERBS})", sc.pos - len(verb))
        event = PLAYER_VERBS[verb.lower()](sc, state, player)
    elif first.lower() in PLAIN_VERBS:
        event = PLAIN_VERBS[first.lower()](sc, state)
    else:
        sc.fail(START, start)
    sc.expect_end("the end of the line")
    return event if ruling is None else {**event, RULING: ruling}


def _json_event(sc: Scanner) -> Event:
    event = sc.json_value("an event as JSON")
    sc.expect_end("the end of the line after the JSON event")
    try:
        validate(event)
    except MalformedEvent as error:
        raise sc.error(InvalidNotation, str(error), 1, "an event as JSON") from None
    return event


# -- landmarks ---------------------------------------------------------------------------------------------------
def is_landmark(text: str) -> bool:
    return text.lstrip().startswith("==")


def check_landmark(text: str, state: State, line: int) -> None:
    """`== Turn 5: P1 ==` must name the turn (and its player) the match is at; it is never an event."""
    sc = Scanner(text, line, 0, comment_start(text))
    sc.expect("==", "'=='")
    if not sc.accept_word("turn"):
        sc.fail("'Turn' after '=='")
    sc.skip()
    turn_column = sc.pos + 1
    turn = sc.integer("a turn number after 'Turn'")
    player, player_column = None, None
    if sc.accept(":"):
        sc.skip()
        player_column = sc.pos + 1
        player = sc.word("the turn player after ':'")
    sc.expect("==", "'==' to close the landmark")
    sc.expect_end("the end of the line after the landmark")
    if turn != state["turn"]:
        raise sc.error(InvalidNotation, f"expected turn {state['turn']} ({state['turn_player']}'s turn), got turn "
                                        f"{turn}", turn_column, f"turn {state['turn']}")
    if player is not None and player != state["turn_player"]:
        raise sc.error(InvalidNotation, f"expected {state['turn_player']} (turn {turn} is their turn), got "
                                        f"{player!r}", player_column, state["turn_player"])


def write_landmark(state: State) -> str:
    return f"== Turn {state['turn']}: {state['turn_player']} =="


# -- writers ---------------------------------------------------------------------------------------------------
def _write_mulligan(state: State, event: Event) -> str:
    if not event["set_aside"]:
        return f"{event['player']} keep"
    set_aside = event["set_aside"]
    names = [name_of(state, card, "hand", event["player"], exclude=set_aside[:index], qualified=False)
             for index, card in enumerate(set_aside)]
    return f"{event['player']} mulligan {'; '.join(names)}"


def _write_activate(state: State, event: Event) -> str:
    ability = event["ability"]
    label = f"[{ability}]" if isinstance(ability, int) and not isinstance(ability, bool) else quote(ability)
    text = f"{event['player']} activate {name_of(state, event['source'], 'source')} {label}"
    if event.get("targets"):
        text += f" -> {write_targets(state, event['targets'])}"
    if event.get("options"):
        text += f" {write_options(event['options'])}"
    return text + (f" {write_pay(state, event['player'], event['pay'])}" if "pay" in event else "")


def _write_hide(state: State, event: Event) -> str:
    card = with_name(state, event["card"]) if OBJECT_ID.fullmatch(event["card"]) else event["card"]
    text = f"{event['player']} hide {card} @{event['battlefield']}"
    return text + (f" {write_pay(state, event['player'], event['pay'])}" if "pay" in event else "")


def _write_add(state: State, event: Event) -> str:
    return f"{event['player']} add {pay_text(state, event['player'], event)}"


def _write_trigger(state: State, event: Event) -> str:
    text = f"{event['player']} trigger {name_of(state, event['source'], 'source')} {quote(event['ability'])}"
    text += f" -> {write_targets(state, event['targets'])}" if event.get("targets") else ""
    text += f" +cost={dumps(event['cost'])}" if "cost" in event else ""
    text += " +declined" if event.get("declined") else ""
    text += f" {write_options(event['options'])}" if event.get("options") else ""
    return text + (f" {write_pay(state, event['player'], event['pay'])}" if "pay" in event else "")


def _write_choose(state: State, event: Event) -> str:
    choice = event["choice"]
    if isinstance(choice, str):
        return f"{event['player']} choose {name_of(state, choice, 'target')}"
    if isinstance(choice, list) and len(choice) > 1 and all(isinstance(entry, str) for entry in choice):
        return f"{event['player']} choose {write_targets(state, choice)}"
    return f"{event['player']} choose = {dumps(choice)}"


def _write_game(state: State, event: Event) -> str:
    fields = [f"{event['first_player']} first"] + [f"{player} {name}" for player, name in event["battlefields"].items()]
    return f"game {event['game']}: {'; '.join(fields)}"


def _write_resolve(state: State, event: Event) -> str:
    item = name_of(state, event["item"], "item", qualified=False)
    effects = write_effects(state, event)
    return f"resolve {item}: {effects}" if effects else f"resolve {item}"


def _write_note(state: State, event: Event) -> str:
    return f"note {quote(event['text'])}" + (f" about {event['about']}" if "about" in event else "")


WRITERS: dict[str, Callable[[State, Event], str]] = {
    "game_started": _write_game,
    "position": lambda state, event: f"position {write_position(event)}",
    "draw": lambda state, event: f"{event['player']} draw {cards_text(event['cards'])}".rstrip(),
    "mulligan": _write_mulligan,
    "channel": lambda state, event: f"{event['player']} channel {cards_text(event['runes'])}".rstrip(),
    "concede": lambda state, event: f"{event['player']} concede" + (" match" if event.get("match") else ""),
    "agreed_draw": lambda state, event: "agreed draw" + (" match" if event.get("match") else ""),
    "error": _write_judged, "remedy": _write_judged, "sideboard": _write_sideboard,
    "time": lambda state, event: f"time {event['extra_turns']}" + (
        f" at {event['called_at_seq']}" if "called_at_seq" in event else "") + (
        " elimination" if event.get("procedure") == "single_elimination" else ""),
    "play": lambda state, event: f"{event['player']} play {write_play(state, event)}",
    "activate": _write_activate, "add": _write_add, "hide": _write_hide,
    "move": lambda state, event: (f"{event['player']} move {write_targets(state, event['units'], 'object')} "
                                  f"-> {event['to']}" + (f" {write_pay(state, event['player'], event['pay'])}"
                                                         if "pay" in event else "")),
    "pass": lambda state, event: f"{event['player']} pass",
    "invite": lambda state, event: f"{event['player']} invite {event['invitee']}",
    "end_turn": lambda state, event: f"{event['player']} end turn" + (" +ending_step" if event.get("ending_step")
                                                                      else ""),
    "trigger": _write_trigger,
    "resolve": _write_resolve,
    "assign_damage": lambda state, event: f"{event['player']} assign " + "; ".join(
        f"{name_of(state, unit, 'object')} {amount}" for unit, amount in event["assignments"].items()),
    "choose": _write_choose,
    "note": _write_note,
    "rewind": lambda state, event: " ".join([f"rewind {event['to']} {quote(event['reason'])}",
                                             *([f"by {event['by']}"] if "by" in event else []),
                                             *([f"returned = {dumps(event['returned'])}"] if "returned" in event
                                               else [])]),
    "penalty": lambda state, event: " ".join([
        f"{event['player']} penalty {event['penalty']} {event['infraction']} {quote(event['rule'])}",
        *(f"{field} {quote(event[field])}" for field in ("remedy", "note") if field in event),
        *(f"{field} = {dumps(event[field])}" for field in ("upgrade", "carried", "simultaneous")
          if field in event)]),
    "game_loss": lambda state, event: f"{event['player']} game loss {quote(event['reason'])}",
    "static": lambda state, event: write_static(state, {key: value for key, value in event.items() if key != "type"}),
    "replace": lambda state, event: f"{event['player']} replace {write_replacement(state, event)}",
}


def json_line(event: Event) -> str:
    return dumps(event)


def write_line(state: State, event: Event) -> str:
    """The shortest line that reads back as exactly `event` against `state`, else the event as JSON. A stored
    event's salt is not written: the notation is a transcript, and a match imported from it is salted anew."""
    event = as_sent(event)
    writer = WRITERS.get(event.get("type"))
    if writer is not None:
        try:
            if RULING in event:  # the event's own line, then the judge's ruling (replays/notation/rulings.py)
                line = writer(state, {key: value for key, value in event.items() if key != RULING})
                line += f" {rulings.write_suffix(event[RULING])}"
            else:
                line = writer(state, event)
        except (KeyError, TypeError, ValueError, AttributeError, IndexError):
            return json_line(event)
        if reads_back(line, state, event):
            return line
    return json_line(event)


def reads_back(line: str, state: State, event: Event) -> bool:
    try:
        return parse_event(line, state) == event
    except NotationError:
        return False

