"""The commands of a match: the demo, serving, creating, appending, reading, checking, sealing, exporting and
reporting matches, decks and catalogs."""
from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import Any

import click

from engine.editions import DEFAULT, EDITIONS
from recorder import tokens

from .base import (cli, db_option, db_path, deck_file, echo_json, open_log, reachable_base, read_json, read_text,
                   url_option, user_errors, write_file)


@cli.command()
@db_option(None)
def demo() -> None:
    """Record the built-in sample matches the database lacks and print their ids (judge tokens go to stderr).

    Matches already in the database, the samples included, are kept: running it again records nothing new.
    """
    from replays.demo import record_demo

    path = Path(db_path())
    with user_errors():
        match_ids = record_demo(open_log(must_exist=False))
    for match_id, token in match_ids.items():
        click.echo(match_id)
        click.echo(f"{match_id}: judge token {token} (viewer: /matches/{match_id}#token={token})", err=True)
    if match_ids:
        click.echo(f"recorded {len(match_ids)} sample match{'es' if len(match_ids) != 1 else ''} in {path}", err=True)
    else:
        click.echo(f"the sample matches are recorded already in {path}", err=True)


@cli.command()
@click.option("--host", default="127.0.0.1", show_default=True,
              help="Interface to listen on: 0.0.0.0 for every one (the venue's network: phones at the tables).")
@click.option("--port", default=5000, show_default=True, type=click.IntRange(0, 65535), help="Port to listen on.")
@click.option("--debug", is_flag=True, help="Flask debug mode (reloader and debugger): never on a public host.")
@click.option("--streams", default=20_000, show_default=True, type=click.IntRange(1),
              help="Live streams open at once; more are answered 503 with Retry-After.")
@click.option("--streams-per-address", default=1_000, show_default=True, type=click.IntRange(1),
              help="Live streams open at once from one client address (a venue's network shares one).")
@click.option("--creations-per-address", default=60, show_default=True, type=click.IntRange(0),
              help="Matches one client address may create at once (then one a second; 429 with Retry-After "
                   "beyond); 0: no limit, for a tool that creates a round's matches through the API.")
@click.option("--behind-proxy", is_flag=True,
              help="Trust the X-Forwarded-For/-Proto/-Host/-Port/-Prefix headers of one reverse proxy in front "
                   "(HTTPS ends there): only when every request comes through it.")
@url_option()
@db_option(None)
def serve(host: str, port: int, debug: bool, streams: int, streams_per_address: int, creations_per_address: int,
          behind_proxy: bool, url: str | None) -> None:
    """Serve the viewer and the HTTP API.

    Prints the addresses it can be reached at (with --host 0.0.0.0, this machine's on the venue's network). The
    table cards' links name --url when given (the address phones reach, e.g. a proxy's), else the address a page is
    asked at, this machine's on the network for a page asked at 127.0.0.1 with --host 0.0.0.0 (docs/web.md). One
    server per SQLite database and per port: a database or a port another server holds is refused, naming it. Any
    number of servers, on one machine or several, may serve one PostgreSQL database (docs/architecture.md)."""
    from recorder.store import is_postgres
    from web import create_app, lifecycle, serving

    path = db_path()
    try:
        listener = None if debug else lifecycle.listen(host, port)
        with user_errors():
            open_log(must_exist=False).close()  # a file that is not a riftlog database is refused now, not per request
        # Held open while this command serves. Werkzeug's reloader serves from a child that it starts again with
        # this command: the reloader, its parent, holds the claim.
        claim = None if os.environ.get("WERKZEUG_RUN_MAIN") else lifecycle.claim_database(path)
        if is_postgres(path):  # the worker opens its own connections: none of the parent's cross the fork
            from recorder.postgres import close_pools, redacted

            close_pools()
    except lifecycle.Refused as error:
        raise click.ClickException(f"refused: {error}") from None
    if listener is not None:
        port = listener.getsockname()[1]  # --port 0: the port the system chose
    reachable = serving.urls(host, port)
    shown = redacted(path) if is_postgres(path) else path
    click.echo(f"riftlog: serving {shown} at {reachable[0]}  (Ctrl+C to stop)")
    for address in reachable[1:]:
        click.echo(f"  also at {address}")
    public = reachable_base(url)
    if public:
        click.echo(f"  the table cards' links name {public}/")
    elif behind_proxy:
        click.echo("  behind a reverse proxy: links name the address the proxy forwards (X-Forwarded-*)")
    click.echo(f"  new match: {reachable[0]}matches/new · organiser: {reachable[0]}organiser "
               "(`riftlog organiser` prints its link)")
    config = {"DATABASE": path, "STREAMS": streams, "STREAMS_PER_ADDRESS": streams_per_address,
              "BEHIND_PROXY": 1 if behind_proxy else 0, "CREATE_BURST": creations_per_address,
              "PUBLIC_URL": public or None, "LISTEN_HOST": host, "LISTEN_PORT": port}
    if debug:  # Werkzeug's development server: its reloader and debugger
        create_app(config).run(host=host, port=port, debug=True)
    else:
        serving.serve(lambda: create_app(config), host, port, listener)
    del claim  # the kernel releases it when this process and its worker have ended, however they end


@cli.command(short_help="Append events from a JSON file (or stdin) to MATCH.")
@click.argument("match_id", metavar="MATCH")
@click.argument("source", metavar="[FILE|-]", default="-")
@click.option("--token", required=True, envvar="RIFTLOG_TOKEN", help="The match's token (or $RIFTLOG_TOKEN).")
@click.option("--expected-seq", type=click.IntRange(min=0), help="Refuse the append unless the head is this seq.")
@click.option("--idempotency-key", help="Retrying with the same key appends nothing the second time.")
@db_option(None)
def append(match_id: str, source: str, token: str, expected_seq: int | None, idempotency_key: str | None) -> None:
    """Append events from JSON to MATCH: one event, a list, or {"events": [...]}.

    Prints {"seq", "hash"} of the new head.
    """
    from replays import ledger

    data = read_json(source, "events")
    events = events_of(data)
    if is_envelope(data):  # the API's body: options beside the events; the command line's options win
        expected_seq = data.get("expected_seq", expected_seq) if expected_seq is None else expected_seq
        idempotency_key = idempotency_key or data.get("idempotency_key")
    with user_errors():
        log = open_log()
        log.match(match_id)
        if not log.check_token(match_id, token):
            reader = log.reader(match_id, token)  # a player's read token says so: it reads, it never appends
            raise click.ClickException(f"{reader}'s read token only reads match {match_id}: appending an event, a "
                                       f"judge's ruling too, takes the match token" if reader else
                                       f"wrong token for match {match_id}")
        events = ledger.with_upgrades(log, match_id, events, idempotency_key)  # TR 702.1.b across the event
        echo_json(log.append(match_id, events, expected_seq=expected_seq, idempotency_key=idempotency_key))


def is_envelope(data: Any) -> bool:
    """Whether an append file is the API's body, {"events": [...]} or {"event": {...}}, rather than an event."""
    return isinstance(data, dict) and ("events" in data or "event" in data and "type" not in data)


def events_of(data: Any) -> list[dict[str, Any]]:
    """The events of an append file: one event, a list of events, or {"events": [...]} / {"event": {...}}."""
    if is_envelope(data):
        data = data["events"] if "events" in data else [data["event"]]
    elif isinstance(data, dict):
        data = [data]
    if not isinstance(data, list) or not data or not all(isinstance(event, dict) for event in data):
        raise click.ClickException('expected one event (an object with a "type"), a non-empty list of events, '
                                   'or {"events": [...]}')
    return data


@cli.command()
@click.argument("match_id", metavar="MATCH")
@click.option("--at", "seq", type=int, help="The seq to show (default: the head).")
@click.option("--view", default="judge", show_default=True, help="judge, spectator, or a player (P1, P2, ...).")
@click.option("--json", "as_json", is_flag=True, help="Print the state as JSON (contract section 2).")
@db_option(None)
def show(match_id: str, seq: int | None, view: str, as_json: bool) -> None:
    """Show the state of MATCH at a seq, as text or JSON."""
    import engine
    import replays

    from web.describe import describe_event, object_namer

    with user_errors():
        log = open_log()
        log.match(match_id)
        cursor = replays.Cursor(log, match_id)
        seq = cursor.head_seq if seq is None else seq
        if not 1 <= seq <= cursor.head_seq:
            raise click.ClickException(f"--at {seq} is out of range: match {match_id} has events 1 to "
                                       f"{cursor.head_seq}")
        state = cursor.state(seq)
        players = list(state.get("players") or {})
        if view not in ("judge", "spectator", *players):
            raise click.ClickException(f"unknown view {view!r}: choose one of judge, spectator, {', '.join(players)}")
        shown = engine.view(state, view)
        if as_json:
            echo_json(shown)
            return
        recorded = log.events(match_id, after=seq - 1, upto=seq)
        event = recorded[0]["event"] if recorded else {}
        passed = replays.passing(cursor.state(seq - 1)) if event.get("type") == "pass" and seq > 1 else None
    click.echo(summary_text(match_id, shown, seq, cursor.head_seq,
                            describe_event(event, object_namer(shown), view, passed) if event else ""))


def summary_text(match_id: str, state: dict[str, Any], seq: int, head_seq: int, event_text: str) -> str:
    """A few lines a judge can read at a glance: where the game is, each player's board, the chain."""
    objects = state.get("objects") or {}

    def name(ref: Any) -> str:
        obj = objects.get(ref) if isinstance(ref, str) else None
        if not obj:
            return str(ref)
        marks = [f"{obj['might']} might"] if obj.get("might") is not None else []
        marks += [f"{obj['damage']} damage"] if obj.get("damage") else []
        marks += [mark for mark in ("exhausted", "stunned") if obj.get(mark)]
        marks += ["buff"] if obj.get("buff") else []
        detail = f", {', '.join(marks)}" if marks else ""
        return f"{obj.get('card') or 'hidden'} ({ref}{detail})"

    def names(refs: Any) -> str:
        refs = refs if isinstance(refs, list) else [refs] if refs else []
        return ", ".join(name(ref) for ref in refs) or "-"

    lines = [
        f"match {match_id}  seq {seq}/{head_seq}",
        f"game {state.get('game')}  turn {state.get('turn')} ({state.get('turn_player')})  phase {state.get('phase')}"
        f"  {state.get('state')}",
        f"priority {state.get('priority') or '-'}  focus {state.get('focus') or '-'}"
        f"  active {state.get('active_player') or '-'}",
        "awaiting " + (", ".join(f"{w.get('player')} {w.get('kind')}" for w in state.get("awaiting") or []) or "-"),
    ]
    if state.get("winner"):
        lines.append(f"winner {state['winner']}")
    for player, info in (state.get("players") or {}).items():
        pool = info.get("pool") or {}
        power = ", ".join(f"{amount} {domain}" for domain, amount in (pool.get("power") or {}).items() if amount)
        runes = info.get("runes") or []
        ready = sum(1 for ref in runes if not (objects.get(ref) or {}).get("exhausted"))
        lines += [
            f"{player}: {info.get('points', 0)} points, hand {info.get('hand_count')}, deck {info.get('deck_count')},"
            f" trash {len(info.get('trash') or [])}, runes {ready}/{len(runes)} ready,"
            f" pool {pool.get('energy', 0)} energy{' + ' + power if power else ''}",
            f"  legend {names(info.get('legend'))}; champion zone {names(info.get('champion_zone'))}",
            f"  base {names(info.get('base'))}",
        ]
    for field in state.get("battlefields") or []:
        lines.append(f"{field.get('name')} ({field.get('id')}): controller {field.get('controller') or '-'}"
                     f"{', contested' if field.get('contested') else ''}; units {names(field.get('units'))}")
    chain = state.get("chain") or []
    lines.append("chain (bottom to top): " + ("; ".join(
        f"{item.get('id')} {item.get('card') or name(item.get('source'))} [{item.get('kind')}, "
        f"{item.get('controller')}, {'pending' if item.get('pending') else 'finalized'}]" for item in chain) or "empty"))
    if event_text:
        lines.append(f"event {seq}: {event_text}")
    for violation in state.get("violations") or []:
        if violation.get("seq") == seq:
            lines.append(f"  violation: rule {violation.get('rule')}: {violation.get('message')}")
    return "\n".join(lines)


def seal_key_option() -> Any:
    return click.option("--seal-key", type=click.Path(dir_okay=False), envvar="RIFTLOG_SEAL_KEY",
                        help="The server's key file (default: $RIFTLOG_SEAL_KEY, else the database's path + "
                             "'.seal-key'); created on first use.")


def server_key(path: str | None):
    from recorder.keys import ServerKey, default_key_path

    return ServerKey.load(path or default_key_path(db_path()))


@cli.command(short_help="Check MATCH's hash chain and re-fold it; exit 1 if it fails.")
@click.argument("match_id", metavar="MATCH")
@click.option("--seal", "code", help="A seal code from the match slip: also check events 1..its seq against it.")
@seal_key_option()
@db_option(None)
def verify(match_id: str, code: str | None, seal_key: str | None) -> None:
    """Re-fold MATCH and check its hash chain, and with --seal that the record is still what was sealed; exit
    status 1 when it does not hold."""
    import replays
    from replays import seal

    with user_errors():
        log = open_log()
        log.match(match_id)
        report = replays.verify(log, match_id) if code is None else seal.check(log, match_id, code,
                                                                              server_key(seal_key))
    echo_json(report)
    if not report.get("ok"):
        reason = f"at seq {report.get('bad_seq')}: {report.get('error')}" if report.get("bad_seq") is not None \
            else f"against the seal: {(report.get('seal') or {}).get('error')}"
        raise click.ClickException(f"match {match_id} fails verification {reason}")


@cli.command(short_help="Copy every match to TARGET (SQLite to PostgreSQL, or back), each verified.")
@click.argument("target", metavar="TARGET")
@db_option(None)
def migrate(target: str) -> None:
    """Copy every match of --db into TARGET, a PostgreSQL URL (postgresql://user@host:port/name) or a SQLite
    file: the same events, bytes, hashes, tokens and idempotency keys, with the catalogs they name. Each match is
    copied in one transaction and verified there (its hash chain and a fold from seq 1) before it commits: all of
    it or none of it. A match TARGET holds already is kept if it is the same record. Prints a summary; exit status
    1 if a match was not copied. Seals stay good where the servers of TARGET use the same key file
    ($RIFTLOG_SEAL_KEY)."""
    import recorder
    import replays
    from recorder.migrate import copy_matches

    if target == db_path():
        raise click.ClickException("TARGET is the database being copied: name another one")
    summary: dict[str, Any] = {"copied": 0, "present": 0, "events": 0, "failed": []}
    with user_errors():
        source = open_log()
        with recorder.Log(target) as destination:
            count = source.match_count()
            with click.progressbar(copy_matches(source, destination, replays.verify), length=count,
                                   label=f"copying {count} match{'es' if count != 1 else ''}", file=sys.stderr,
                                   item_show_func=lambda done: done.match_id if done else None) as copies:
                for done in copies:
                    if done.outcome == "failed":
                        summary["failed"].append({"match": done.match_id, "error": done.error})
                    else:
                        summary[done.outcome] += 1
                        summary["events"] += done.events
    echo_json(summary)
    if summary["failed"]:
        failed = len(summary["failed"])
        raise click.ClickException(f"{failed} match{'es were' if failed != 1 else ' was'} not copied (see failed "
                                   "above); the others were")


@cli.command(short_help="Seal MATCH's head: a code for the match slip.")
@click.argument("match_id", metavar="MATCH")
@seal_key_option()
@db_option(None)
def seal(match_id: str, seal_key: str | None) -> None:
    """Sign MATCH's head with the server's key and print the seal; write its code on the match slip, and check
    it later with `riftlog verify MATCH --seal CODE`."""
    from replays import seal as seals

    with user_errors():
        log = open_log()
        log.match(match_id)
        answer = seals.seal(log, match_id, server_key(seal_key))
    echo_json(answer)


@cli.command(short_help="Create a match from a match_created JSON file, or from two decks.")
@click.argument("source", metavar="[FILE]", required=False)
@click.option("--p1", metavar="NAME=DECK", help="Player 1 and their deck: a deck list file or a deck code.")
@click.option("--p2", metavar="NAME=DECK", help="Player 2 and their deck: a deck list file or a deck code.")
@click.option("--p3", metavar="NAME=DECK", help="Player 3 (FFA3, FFA4, 2v2) and their deck.")
@click.option("--p4", metavar="NAME=DECK", help="Player 4 (FFA4, 2v2) and their deck.")
@click.option("--teams", metavar="TEAM,TEAM,...", help="2v2: each player's team in order, e.g. Blue,Red,Blue,Red.")
@click.option("--catalog", "catalog_name", help="The catalog the decks name cards of (default: FILE's, else demo).")
@click.option("--policy", type=click.Choice(["strict", "audit"]), help="strict (default) or audit.")
@click.option("--rules", type=click.Choice(list(EDITIONS)),
              help=f"The rules edition the match is played under ({DEFAULT} by default: Core Rules v1.4 and the "
                   f"Tournament Rules of 2026-07-16).")
@click.option("--mode", help="duel (default), match (a best of three), ffa3, ffa4 or 2v2.")
@click.option("--best-of", "best_of", type=int,
              help="A match's format: 3 (the default) or 5 (v1.4 486.6.a: a v1.4 match only).")
@click.option("--event", help="The event's name (match_created's info.event).")
@click.option("--round", "round_", help="The round (info.round).")
@click.option("--table", help="The table (info.table).")
@url_option()
@click.option("--card", "card_file", type=click.Path(dir_okay=False),
              help="Also write the printable table card (the links and their QR codes) to this HTML file.")
@click.option("--qr", is_flag=True, help="Also draw the recording link's QR code in the terminal (on stderr).")
@db_option(None)
def create(source: str | None, p1: str | None, p2: str | None, p3: str | None, p4: str | None, teams: str | None,
           catalog_name: str | None, policy: str | None, rules: str | None, mode: str | None, best_of: int | None,
           event: str | None, round_: str | None, table: str | None, url: str | None, card_file: str | None,
           qr: bool) -> None:
    """Create a match from a match_created JSON file (or - for stdin), or from two players' decks
    (`--p1 Ana=ana.txt --p2 Ben=CODE --catalog gallery`); prints its id, the match token (the judge's: appends and
    every view), the players' read tokens and `links`: the recording screen's and each player's, with the token in
    the fragment (on --url, else relative to the server).

    A player of the file may also be given as {"name", "decklist": TEXT} or {"name", "deck_code": CODE}
    (docs/decks.md); a DECK of --p1/--p2 is a deck list file or a deck code. Options given override the file's
    fields.
    """
    if source is None and not (p1 and p2):
        raise click.ClickException("give a match_created FILE, or both players' decks with --p1 and --p2")
    match = read_json(source, "match") if source is not None else {"mode": "duel"}
    if not isinstance(match, dict):
        raise click.ClickException("expected a match_created event (a JSON object)")
    match.setdefault("type", "match_created")
    if match.get("info") is not None and not isinstance(match["info"], dict):
        raise click.ClickException("match_created's info must be an object {event, round, table}")
    if (card_file is not None or qr) and url is None:
        raise click.ClickException(f"{'--card' if card_file is not None else '--qr'} needs --url (or $RIFTLOG_URL): "
                                   "the address phones reach the server at, e.g. http://192.168.1.20:5000, for the "
                                   "links of the QR codes")
    for field, value in (("catalog", catalog_name), ("policy", policy), ("rules", rules), ("mode", mode),
                         ("best_of", best_of)):
        if value is not None:
            match[field] = value
    for field, value in (("event", event), ("round", round_), ("table", table)):
        if value is not None:
            match.setdefault("info", {})[field] = int(value) if value.isdigit() and len(value) < 10 else value
    if p1 or p2 or p3 or p4:
        if not (p1 and p2):
            raise click.ClickException("give both players' decks: --p1 NAME=DECK --p2 NAME=DECK")
        if p4 and not p3:
            raise click.ClickException("--p4 comes with --p3: players are numbered in turn order")
        given = [(option, flag) for option, flag in ((p1, "--p1"), (p2, "--p2"), (p3, "--p3"), (p4, "--p4"))
                 if option]
        match["players"] = [player_deck(option, flag) for option, flag in given]
    if teams is not None:
        names = [team.strip() for team in teams.split(",")]
        players = match.get("players") if isinstance(match.get("players"), list) else []
        if len(names) != len(players) or not all(names):
            raise click.ClickException(f"--teams names a team for each of the {len(players)} players, in order "
                                       f"(e.g. Blue,Red,Blue,Red), got {teams!r}")
        for player, team in zip(players, names):
            if isinstance(player, dict):
                player["team"] = team
    with user_errors():
        log = open_log(must_exist=False)
        from replays import decklists

        if decklists.needs_reading(match):
            match = decklists.expand_players(match, log.catalog(match.get("catalog", "demo")))
        match_id, token = log.create_match(match)
    answer = tokens.created_answer(log, match_id, token)
    if url:  # where its recording link is handed out (the organiser's page offers a reprint if that changes)
        tokens.handed_out_on(log, match_id, reachable_base(url) + "/")
    echo_json(with_links(answer, url))
    click.echo(f"{match_id}: record it at {answer['links']['record']}", err=True)
    if qr:
        import io

        import segno

        drawn = io.StringIO()
        segno.make_qr(answer["links"]["record"], error="m").terminal(out=drawn, compact=True)
        click.echo(drawn.getvalue(), err=True, nl=False)
    if card_file is not None:
        write_card(card_file, log, match_id, token, answer["player_tokens"], url)


def with_links(answer: dict[str, Any], url: str | None) -> dict[str, Any]:
    """The creation answer with `links`: the recording screen's and each player's, tokens in the fragment."""
    from web.tablecard import links

    answer["links"] = links(answer["id"], answer.get("token"), answer.get("player_tokens") or {},
                            base=reachable_base(url))
    return answer


def write_card(output: str, log: Any, match_id: str, token: str | None, player_tokens: dict[str, str],
               url: str) -> None:
    """Write the table card of a match, its links on `url`, to the file `output`."""
    import web
    from web.tablecard import card_html

    app = web.create_app({"DATABASE": db_path()})
    with app.test_request_context("/", base_url=url):
        page = card_html(log.match(match_id), token, player_tokens, standalone=True)
    write_file(output, page, said=f"{match_id}: table card written to {{path}}", err=True)


def player_deck(option: str, flag: str) -> dict[str, str]:
    """`NAME=DECK` as a player of match_created: DECK is a deck list file (or -) or a deck code. A file that holds
    a deck code (as a player copies one from Piltover Archive into a file) is read as that code, as the creation
    form reads a pasted one, rather than as a list of one unknown card."""
    from replays import decklists

    name, equals, deck = option.partition("=")
    if not equals or not name.strip() or not deck.strip():
        raise click.ClickException(f"{flag} takes NAME=DECK (a deck list file or a deck code), got {option!r}")
    if deck == "-" or deck_file(deck) is not None:
        text = read_text(deck, "deck list")
        if decklists.is_deck_code(text):
            return {"name": name.strip(), "deck_code": text.strip()}
        return {"name": name.strip(), "decklist": text}
    return {"name": name.strip(), "deck_code": deck.strip()}


@cli.command(short_help="Read a deck list or a deck code: the match_created player entry, or its problems.")
@click.argument("source", metavar="FILE_OR_CODE")
@click.option("--catalog", "catalog_name", default="demo", show_default=True,
              help="The catalog the deck names cards of (imported with `riftlog catalog import`).")
@click.option("--name", help="The player's name, put in the entry.")
@click.option("--to-code", is_flag=True, help="Print the deck's Piltover Archive deck code instead.")
@db_option(None)
def deck(source: str, catalog_name: str, name: str | None, to_code: bool) -> None:
    """Read FILE_OR_CODE (a `3 Card Name` deck list file, - for stdin, or a Piltover Archive deck code) and print
    the `players[*]` entry of match_created as JSON; a deck with problems prints every one (with its line or card)
    and exits with status 1. See docs/decks.md."""
    import engine
    from replays import decklists

    if source == "-" or deck_file(source) is not None:
        text = read_text(source, "deck list")
    elif decklists.is_deck_code(source):
        text = source
    else:
        raise click.ClickException(f"{source!r} is neither a deck list file nor a deck code")
    with user_errors():
        catalog = engine.demo_catalog() if catalog_name == "demo" else open_log().catalog(catalog_name)
        entry = decklists.read_deck(text, catalog, name)
        if to_code:
            click.echo(decklists.deck_code(entry, catalog))
            return
    echo_json(entry)


@cli.command("import", short_help="Record a match from a notation file.")
@click.argument("source", metavar="FILE")
@db_option(None)
def import_match(source: str) -> None:
    """Record the match a riftlog notation file (.rln, or - for stdin) describes, strict or audit as its header
    says; prints its id and token. A file with an error records nothing (see docs/notation.md)."""
    from replays import notation

    text = read_text(source, "notation")
    with user_errors():
        log = open_log(must_exist=False)
        match_id, token = notation.import_match(log, text)
        answer = tokens.created_answer(log, match_id, token)
    echo_json(answer)


@cli.command(short_help="Print MATCH in the riftlog notation.")
@click.argument("match_id", metavar="MATCH")
@click.option("-o", "--output", type=click.Path(dir_okay=False), help="Write to this file instead of stdout.")
@db_option(None)
def export(match_id: str, output: str | None) -> None:
    """Print MATCH in the riftlog notation (a .rln file that `riftlog import` reads back)."""
    from replays import notation

    with user_errors():
        text = notation.export_match(open_log(), match_id)
    if output is None:
        click.echo(text, nl=not text.endswith("\n"))
        return
    write_file(output, text)


@cli.command(short_help="The dispute report of MATCH (JSON, or a printable HTML page).")
@click.argument("match_id", metavar="MATCH")
@click.option("--from", "first", type=int, help="The first seq of the span (default: 1).")
@click.option("--to", "last", type=int, help="The last seq of the span (default: the head).")
@click.option("--view", default="judge", show_default=True,
              help="judge, spectator, or a player (P1, ...): the report redacted to that view.")
@click.option("--format", "form", type=click.Choice(["json", "html"]), default="json", show_default=True,
              help="JSON, or the printable HTML page.")
@click.option("--html", "html_file", type=click.Path(dir_okay=False), help="Write the HTML page to this file.")
@click.option("--rules", type=click.Path(file_okay=False), envvar="RIFTLOG_RULES",
              help="The rules texts' directory (default: $RIFTLOG_RULES, else ../shared/rules beside the project).")
@seal_key_option()
@db_option(None)
def report(match_id: str, first: int | None, last: int | None, view: str, form: str, html_file: str | None,
           rules: str | None, seal_key: str | None) -> None:
    """What a head judge reads at an appeal: MATCH's header and seal, every violation in the span with its
    rule's text and the state before and after it, the notes, the rewinds and the voided events."""
    from replays import report as reports
    from replays import rules_text

    with user_errors():
        log = open_log()
        players = [f"P{index}" for index in range(1, len(log.match(match_id)["players"]) + 1)]
        if view not in ("judge", "spectator", *players):
            raise click.ClickException(f"unknown view {view!r}: choose one of judge, spectator, {', '.join(players)}")
        answer = reports.report(log, match_id, first, last, view=view, rules=rules_text.load(rules),
                                key=server_key(seal_key))
    if form == "json" and html_file is None:
        echo_json(answer)
        return
    import web
    from web.report import render

    with web.create_app({"DATABASE": db_path()}).app_context():
        page = render(answer)
    if html_file is None:
        click.echo(page)
    else:
        write_file(html_file, page)


@cli.group()
def catalog() -> None:
    """Card catalogs: import the card facts matches are checked against."""


@catalog.command("import")
@click.argument("source", metavar="FILE", type=click.Path(dir_okay=False))
@click.option("--name", help="Catalog name (default: the file's stem).")
@click.option("--replace", is_flag=True, help="Replace a different catalog already stored under NAME.")
@db_option(None)
def catalog_import(source: str, name: str | None, replace: bool) -> None:
    """Load a card catalog in the card-gallery format (e.g. ../shared/data/cards.json).

    Prints {"name", "cards"}. Matches name the catalog in match_created's `catalog`.
    """
    from engine.catalog import parse_gallery

    name = name or Path(source).stem
    data = read_json(source, "catalog")
    if not isinstance(data, dict):
        raise click.ClickException(f"{source} is not a card gallery: expected a JSON object with \"cards\"")
    try:
        parsed = parse_gallery(data, name)
    except ValueError as error:
        raise click.ClickException(f"{source} is not a valid card gallery: {error}") from None
    with user_errors():
        stored = open_log(must_exist=False).import_catalog(parsed, replace=replace)
    echo_json({"name": stored, "cards": len(parsed)})
