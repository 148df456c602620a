"""The organiser's commands: the organiser key, reissued tokens, archiving and deleting matches, a round's results
for the tournament software and its pairings from it (docs/web.md, docs/judging.md)."""
from __future__ import annotations

import json
from pathlib import Path

import click

from .base import (cli, db_option, db_path, echo_json, open_log, reachable_base, read_text, url_option, user_errors,
                   write_file)


@cli.command(short_help="Print the organiser's link (--reissue: a new key, the old link then stops working).")
@click.option("--reissue", is_flag=True,
              help="Make a new organiser key: the link printed before stops working (a key seen by the wrong "
                   "person, a lost phone).")
@url_option()
@db_option(None)
def organiser(reissue: bool, url: str | None) -> None:
    """Print the organiser's link, {"token", "link"}: the organiser's page (`/organiser#token=...`) lists the tables
    with their players' links and reissues a lost match or player token. The database's key is made on first use
    and printed the same every time after (`make run` prints it at each start, so a bookmark of it keeps working);
    `--reissue` makes a new one and the old link stops working. One key per database, kept as its hash and derived
    from the server's key file (docs/web.md, "The organiser")."""
    from recorder import tokens

    with user_errors():
        log = open_log(must_exist=False)
        token = None if reissue else tokens.organiser_token(log)
        if token is None and not reissue and tokens.has_organiser(log):
            raise click.ClickException(
                "the organiser key of this database was made by an earlier riftlog (or with another server key "
                "file) and is kept only as its hash, so it cannot be printed again: the link printed then still "
                "works; `riftlog organiser --reissue` makes a new one (that link then stops working)")
        made = token is None
        if made:
            token = tokens.new_organiser_token(log)
    link = f"{reachable_base(url)}/organiser#token={token}"
    echo_json({"token": token, "link": link})
    said = "a new organiser key: the link printed before no longer works" if reissue else \
        "the organiser key is made" if made else "the same link as before"
    click.echo(f"organiser ({said}): open {link} to list the tables and reissue lost links", err=True)


@cli.command(short_help="Reissue a lost token of MATCH: the match token (judge) or a player's (P1, P2, ...).")
@click.argument("match_id", metavar="MATCH")
@click.argument("role", metavar="ROLE")
@url_option()
@db_option(None)
def reissue(match_id: str, role: str, url: str | None) -> None:
    """Give ROLE's token of MATCH anew (judge: the match token, which records; P1, P2, ...: a player's read token),
    as the organiser: the old one stops working, and the match's log records a judge's note saying who reissued
    which role. Prints the new tokens and their links. Refused while a server serves the database (reissue through
    it: the organiser's page, or POST /api/matches/<id>/reissue), so that it forgets the old token at once."""
    from recorder import tokens
    from web import lifecycle

    try:
        claim = lifecycle.claim_database(db_path()) if Path(db_path()).exists() else None
    except lifecycle.Refused:
        raise click.ClickException(f"a `riftlog serve` serves {db_path()}: reissue through it (its /organiser page, "
                                   f"or POST /api/matches/{match_id}/reissue with the organiser key), so that it "
                                   "forgets the old token at once") from None
    try:
        with user_errors():
            answer = tokens.reissue(open_log(), match_id, role, tokens.ORGANISER)
    finally:
        if claim is not None:
            claim.close()
    from web.tablecard import links

    answer["links"] = links(match_id, answer.get("token"), answer["player_tokens"], base=reachable_base(url))
    echo_json(answer)


@cli.command(short_help="Archive MATCH: out of the lists and the tournament page, every event kept.")
@click.argument("match_id", metavar="MATCH")
@db_option(None)
def archive(match_id: str) -> None:
    """Archive MATCH (a test match, an import made twice): it leaves the match lists and the tournament page, and
    keeps every event; it verifies, exports and reads as before. Prints its summary. `riftlog unarchive` shows it
    again (docs/web.md, "Archiving and deleting a match")."""
    from recorder import archive as archiving

    with user_errors():
        echo_json(archiving.set_archived(open_log(), match_id, True))


@cli.command(short_help="Show an archived MATCH again in the lists and on the tournament page.")
@click.argument("match_id", metavar="MATCH")
@db_option(None)
def unarchive(match_id: str) -> None:
    """Undo `riftlog archive MATCH`. Prints its summary."""
    from recorder import archive as archiving

    with user_errors():
        echo_json(archiving.set_archived(open_log(), match_id, False))


@cli.command(short_help="Delete MATCH, created by mistake, before its first game event.")
@click.argument("match_id", metavar="MATCH")
@db_option(None)
def delete(match_id: str) -> None:
    """Delete MATCH and every row of it, as the organiser, while it has no game event yet (nothing recorded but
    match_created and judges' notes); once it has one, archive it instead. Its id is never given to another
    match. Prints {"id", "deleted_at", "deleted_by"}."""
    from recorder import archive as archiving
    from recorder.tokens import ORGANISER

    with user_errors():
        echo_json(archiving.delete(open_log(), match_id, ORGANISER))


@cli.command(short_help="Export a round's results by match and by game (players, games, penalties) as JSON or CSV.")
@click.argument("event")
@click.option("--round", "round_", required=True, help="The round, as the matches' info names it.")
@click.option("--format", "form", type=click.Choice(["json", "csv"]), default="json", show_default=True,
              help="JSON (a list of tables, each with its games), or CSV for the organiser's software.")
@click.option("--per", type=click.Choice(["match", "game"]), default="match", show_default=True,
              help="CSV: a row per table's match, or a row per game (TR 204.3.g: results by game and match).")
@click.option("-o", "--output", type=click.Path(dir_okay=False), help="Write to this file instead of stdout.")
@db_option(None)
def results(event: str, round_: str, form: str, per: str, output: str | None) -> None:
    """The results of round ROUND of EVENT, a table each: its match, the players and each one's games won, the
    drawn games, the result and winner (empty while undecided), each game's result, and the penalties
    (docs/judging.md). TR 204.3.g keeps results by game and by match: `--per game` writes the CSV a row per game."""
    from replays import organiser

    with user_errors():
        found = organiser.round_results(open_log(), event, round_)
        if form == "csv":
            text = organiser.games_csv(found) if per == "game" else organiser.results_csv(found)
        else:
            text = json.dumps(found, indent=2, ensure_ascii=False) + "\n"
    if output is None:
        click.echo(text, nl=False)
    else:
        write_file(output, text)


@cli.group()
def pairings() -> None:
    """A round's pairings from the organiser's software, for the tournament page."""


@pairings.command("import")
@click.argument("source", metavar="FILE")
@click.option("--event", required=True, help="The event the pairings are for (the matches' info.event).")
@click.option("--round", "round_", required=True, help="The round (the matches' info.round).")
@db_option(None)
def pairings_import(source: str, event: str, round_: str) -> None:
    """Read a round's pairings, a CSV of `table, player, player` rows (FILE, or - for stdin), replacing an earlier
    import of the round. Prints the round's tables as stored."""
    from replays import organiser

    text = read_text(source, "pairings")
    with user_errors():
        stored = organiser.import_pairings(open_log(must_exist=False), text, event, round_)
    echo_json({"event": event, "round": round_, "tables": stored})
