"""The organiser's side of the tables: their links, and tokens reissued when lost (recorder/tokens.py).

The organiser key is one per database, made by `riftlog organiser` (which prints the organiser's link,
`/organiser#token=...`; a new one kills the old one) and kept as its sha256. The page takes the token from the
link's fragment as the viewer does (static/fragment.js posts it once to `/organiser/token`, which keeps it in an
HttpOnly, SameSite=Strict cookie for `/organiser` and drops it from the address), so it never travels in a URL, and
a form of another site cannot act with it. The organiser may:

- list the rounds and each round's tables (or the matches that name no round) with their viewer, the recording
  screen, each table's broadcast overlays to paste into OBS (web/overlay.py: the spectator's and the caster's, and
  the round's) and each player's link (the players' read tokens are derived, so the server can show them again; the
  match token is kept only as a hash, so its link was shown once, on the table card, and is given anew by a
  reissue);
- reissue a match's token (the recording link) or a player's, answered as a new table card;
- reprint, in one step, the tables not yet started whose cards name another address than the one the server is
  reached at now (`reprintable`: printed while it listened on 127.0.0.1, then served on the venue's network):
  their recording links reissued, answered as one page of their new cards;
- archive a match (or show it again: the archived ones are listed at `/organiser?archived=1`), or delete one that
  has no game event yet, after ticking a confirmation (recorder/archive.py).

`POST /api/matches/<id>/reissue` does the same for API clients, with the organiser key, or with the match token for
that match's players' tokens; `POST /api/matches/<id>/archive`, `.../unarchive` and `DELETE /api/matches/<id>` with
the organiser key or the match token.
"""
from __future__ import annotations

from typing import Any

from flask import Blueprint, abort, current_app, jsonify, redirect, render_template, request, url_for

from recorder import access, archive, tokens

from .db import get_log
from .overlay import overlay_links
from .params import bearer_token, player_ids, read_archived, read_body
from .tablecard import is_loopback, links, render_card, render_cards, site_base
from .tournament import info_of, natural

bp = Blueprint("organiser", __name__)

COOKIE = "riftlog-organiser"
COOKIE_PATH = "/organiser"
# The organiser bookmarks the page the link opens, whose address is `/organiser` (the key moved out of it): the key's
# cookie outlives a closed browser for a tournament's days, so that bookmark still opens the tables ("Sign out"
# drops it at once; a reissued key stops working at once whatever a cookie holds). docs/web.md, "The organiser".
COOKIE_DAYS = 30
UNROUNDED = 100  # matches that name no round listed on the organiser's first page, newest first


def organiser_cookie() -> str | None:
    return request.cookies.get(COOKIE)


def require_organiser() -> None:
    """403 unless the request carries the database's organiser key (its cookie)."""
    if not tokens.is_organiser(get_log(), organiser_cookie()):
        abort(403, "this page needs the organiser's link: `riftlog organiser` prints it")


@bp.get("/organiser")
def page():
    """The organiser's page: a form for the key when the request has none (or an old one), else the rounds and
    the matches that name no round, or (`event` and `round`) that round's tables with their links."""
    log = get_log()
    if not tokens.is_organiser(log, organiser_cookie()):
        stale = organiser_cookie() is not None
        return render_template("organiser.html", signed_in=False, stale=stale,
                               configured=tokens.has_organiser(log)), 403 if stale else 200
    event, round_ = request.args.get("event"), request.args.get("round")
    base = site_base()
    if read_archived():
        tables = [table_of(log, summary) for summary in log.matches(newest_first=True, archived=True)]
        return render_template("organiser.html", signed_in=True, rounds=None, tables=tables, event=None, round=None,
                               archived=True), 200, {"Cache-Control": "no-store"}
    matches = log.matches(archived=False)  # the archived ones are listed apart (`?archived=1`)
    if (event is None) != (round_ is None):
        abort(400, "give both event and round, or neither for the list of rounds")
    if event is None:
        rounds: dict[tuple[str, str], int] = {}
        loose = []
        for summary in matches:
            info = info_of(summary)
            if info.get("event") is not None and info.get("round") is not None:
                key = (str(info["event"]), str(info["round"]))
                rounds[key] = rounds.get(key, 0) + 1
            else:
                loose.append(summary)
        listed = [{"event": key[0], "round": key[1], "tables": count}
                  for key, count in sorted(rounds.items(), key=lambda item: (item[0][0], natural(item[0][1])))]
        tables = [table_of(log, summary) for summary in reversed(loose[-UNROUNDED:])]
        return render_template("organiser.html", signed_in=True, rounds=listed, tables=tables, event=None,
                               round=None, archived_count=log.match_count(archived=True),
                               reprint=reprintable(log, matches, base), base=base), \
            200, {"Cache-Control": "no-store"}
    chosen = in_round(matches, event, round_)
    if not chosen:
        abort(404, f"no match names round {round_} of event {event!r}")
    tables = sorted((table_of(log, summary) for summary in chosen),
                    key=lambda table: (natural(table["table"]), natural(table["id"][1:])))
    return render_template("organiser.html", signed_in=True, rounds=None, tables=tables, event=event,
                           round=round_, reprint=reprintable(log, chosen, base), base=base), \
        200, {"Cache-Control": "no-store"}


def in_round(matches: list[dict[str, Any]], event: str, round_: str) -> list[dict[str, Any]]:
    """The matches of `matches` that name round `round_` of `event`."""
    return [summary for summary in matches
            if (info_of(summary).get("event"), str(info_of(summary).get("round"))) == (event, round_)]


def reprintable(log: Any, matches: list[dict[str, Any]], base: str) -> list[dict[str, Any]]:
    """The tables of `matches` whose printed card names another address than `base` (where phones reach the server
    now) and that have not started (no game event yet, as `archive.first_game_event` says: a started table's
    scorekeeper has opened its link already): [{id, table, printed, loopback}]. None while `base` is loopback itself
    (new cards would be no better), nor for a match whose card address is unknown (`tokens.card_base` None: riftlog
    was not told, so it does not guess)."""
    if is_loopback(base.split("/")[2]):
        return []
    found = []
    for summary in matches:
        printed = tokens.card_base(log, summary["id"])
        if printed is not None and printed != base and archive.first_game_event(log, summary["id"]) is None:
            found.append({"id": summary["id"], "table": info_of(summary).get("table", "–"), "printed": printed,
                          "loopback": is_loopback(printed.split("/")[2])})
    return sorted(found, key=lambda table: (natural(str(table["table"])), natural(table["id"][1:])))


def table_of(log: Any, summary: dict[str, Any]) -> dict[str, Any]:
    """One table of the organiser's list: its match, players, head and the players' links (relative), and its
    broadcast overlays' addresses to paste into OBS (absolute; the caster's with the caster's token, web/overlay)."""
    found = links(summary["id"], None, tokens.player_tokens(log, summary["id"]))
    site = request.host_url.rstrip("/")
    overlays = [{"kind": link["kind"], "spectator": site + link["spectator"], "caster": site + link["caster"]}
                for link in overlay_links(summary["id"], tokens.caster_token(log, summary["id"]))]
    return {"id": summary["id"], "table": info_of(summary).get("table", "–"), "info": info_of(summary),
            "overlays": overlays,
            "head_seq": summary["head_seq"], "archived_at": summary["archived_at"],
            "deletable": archive.first_game_event(log, summary["id"]) is None,
            "players": [{"id": player, "name": name or player, "link": found[player]}
                        for player, name in zip(player_ids(summary), summary["players"])]}


@bp.post("/organiser/token")
def use_token():
    """Keep the organiser key in its cookie (from the page's form, or the link's fragment via fragment.js), or
    drop it (`forget`); 403 for a key that is not the database's."""
    response = redirect(url_for("organiser.page"), code=303)
    if request.form.get("forget"):
        response.delete_cookie(COOKIE, path=COOKIE_PATH)
        return response
    token = key_of(request.form.get("token") or "")
    if not tokens.is_organiser(get_log(), token):
        abort(403, "this is not the organiser key of this database, nor its link (`riftlog organiser` prints the "
                   "link; `riftlog organiser --reissue` replaces it)")
    response.set_cookie(COOKIE, token, path=COOKIE_PATH, httponly=True, samesite="Strict", secure=request.is_secure,
                        max_age=COOKIE_DAYS * 24 * 3600)
    return response


def key_of(typed: str) -> str:
    """The organiser key in what was typed or pasted into the sign-in form: the key itself, or the whole link
    `riftlog organiser` prints (`http://.../organiser#token=KEY`), which is what an organiser has at hand."""
    typed = typed.strip()
    return typed.rsplit("#token=", 1)[1].strip() if "#token=" in typed else typed


@bp.post("/organiser/matches/<match_id>/reissue")
def reissue(match_id: str):
    """Reissue a role's token of the match (form field `role`: judge or P1, P2, ...) and answer the new table
    card; 403 without the organiser key."""
    require_organiser()
    log = get_log()
    summary = log.match(match_id)
    role = request.form.get("role", "")
    answer = reissued(log, match_id, role, tokens.ORGANISER)
    if role == access.JUDGE:
        tokens.handed_out_on(log, match_id, site_base())
    whose = "The recording link" if role == access.JUDGE else f"{role}'s link"
    return render_card(log.match(match_id), answer.get("token"), answer["player_tokens"],
                       note=f"{whose} of match {summary['id']} was reissued: the old one no longer works. "
                            "Print this card for the table.")


def reissued(log: Any, match_id: str, role: str, by: str) -> dict[str, Any]:
    """`tokens.reissue`, then the live streams of that role's view of the match are ended (web.hub), so that a stream
    opened with the old token stops with it: it reconnects, and is refused with the old token."""
    answer = tokens.reissue(log, match_id, role, by)
    hub = current_app.extensions.get("riftlog.hub")
    if hub is not None:
        hub.revoked(match_id, role)
    return answer


@bp.get("/organiser/matches/<match_id>/card")
def card(match_id: str):
    """The table card of a match as it stands, its players' links (the recording link only by a reissue)."""
    require_organiser()
    log = get_log()
    return render_card(log.match(match_id), None, tokens.player_tokens(log, match_id))


def asked_by(log: Any, match_id: str, refusal: str) -> str:
    """Who asks for a change of the match: "organiser" (the organiser key) or "judge" (the match's own token), as
    `Authorization: Bearer`; 404 for an unknown match first, 401 without a token, 403 (`refusal`) for any other."""
    log.match(match_id)  # 404 first
    token = bearer_token()  # 401 without one
    if tokens.is_organiser(log, token):
        return tokens.ORGANISER
    if log.check_token(match_id, token):
        return access.JUDGE
    abort(403, refusal)


@bp.post("/api/matches/<match_id>/reissue")
def reissue_api(match_id: str):
    """`{"role": "judge"|"P1"|...}` with the organiser key (any role) or the match token (its players' roles) ->
    200 {"id", "role", "by", "seq", "token"?, "player_tokens", "links"} | 400 | 401 | 403 | 404."""
    log = get_log()
    by = asked_by(log, match_id, f"only the organiser key, or match {match_id}'s match token for its players' "
                                 "tokens, may reissue")
    summary = log.match(match_id)
    body = read_body()
    if not isinstance(body, dict) or set(body) != {"role"} or not isinstance(body["role"], str):
        roles = ", ".join(["judge", *player_ids(summary)])
        abort(400, f'the body is {{"role": ROLE}}, the role whose token is reissued: one of {roles}')
    answer = reissued(log, match_id, body["role"], by)
    if body["role"] == access.JUDGE:
        tokens.handed_out_on(log, match_id, site_base())
    answer["links"] = links(match_id, answer.get("token"), answer["player_tokens"], base=site_base())
    return jsonify(answer)


@bp.post("/organiser/reprint")
def reprint():
    """The organiser page's *Reprint the N tables not yet started* (`reprintable`), confirmed: each one's recording
    link reissued (the old one, and its players' links, dead at once, a note in its log, as *New recording link*
    does) on the address phones reach now, answered as one page of their new cards. Form fields: `base`, the
    address the page offered them for (409 if the server is reached at another one now: the organiser saw
    another offer), and `event` and `round` for a round's tables (else every table not archived). 409 when no
    table is left to reprint (a second press: the first one's cards are the ones to print); 403 without the
    organiser key."""
    require_organiser()
    log = get_log()
    base, offered = site_base(), request.form.get("base", "")
    if offered != base:
        abort(409, f"the page offered new cards for {offered or 'no address'}, but phones reach this server at {base} "
                   "now: nothing was reissued; open the organiser's page again")
    matches = log.matches(archived=False)
    event, round_ = request.form.get("event"), request.form.get("round")
    tables = reprintable(log, in_round(matches, event, round_) if event and round_ else matches, base)
    if not tables:
        abort(409, f"no table left to reprint: every table not yet started has a card for {base} already (print the "
                   "cards the first press answered), and a started one keeps its link")
    printed = []
    for table in tables:
        answer = reissued(log, table["id"], access.JUDGE, tokens.ORGANISER)
        tokens.handed_out_on(log, table["id"], base)
        printed.append((log.match(table["id"]), answer["token"], answer["player_tokens"]))
    count = len(printed)
    return render_cards(printed, note=f"New cards for {count} table{'s' if count > 1 else ''} not yet started, for "
                                      f"{base}: the recording links (and players' links) printed before no longer "
                                      "work. Print this page: each table's card on a page of its own.")


# --- archiving and deleting a match (recorder/archive.py) -----------------------------------------------------------

def may_change(log: Any, match_id: str) -> str:
    return asked_by(log, match_id, f"only the organiser key or match {match_id}'s match token may archive or delete "
                                   "it (a player token only reads)")


@bp.post("/api/matches/<match_id>/archive")
def archive_api(match_id: str):
    """Archive the match (out of the lists and the tournament page, every event kept), with the organiser key or
    the match token -> 200 its summary, `archived_at` set | 401 | 403 | 404."""
    log = get_log()
    may_change(log, match_id)
    return jsonify(archive.set_archived(log, match_id, True))


@bp.post("/api/matches/<match_id>/unarchive")
def unarchive_api(match_id: str):
    """Show an archived match again -> 200 its summary, `archived_at` null | 401 | 403 | 404."""
    log = get_log()
    may_change(log, match_id)
    return jsonify(archive.set_archived(log, match_id, False))


@bp.delete("/api/matches/<match_id>")
def delete_api(match_id: str):
    """Delete a match before its first game event, every row of it -> 200 {"id", "deleted_at", "deleted_by"} |
    401 | 403 | 404 | 409 (it has a game event: archive it instead)."""
    log = get_log()
    return jsonify(archive.delete(log, match_id, may_change(log, match_id)))


@bp.post("/organiser/matches/<match_id>/archive")
def archive_form(match_id: str):
    """The page's Archive / Show again button (form field `archived`: 1 or 0); back to the page it was on."""
    require_organiser()
    log = get_log()
    if request.form.get("archived") not in ("0", "1"):
        abort(400, "archived must be 1 (archive the match) or 0 (show it again)")
    archive.set_archived(log, match_id, request.form["archived"] == "1")
    return redirect(back_to(log), code=303)


@bp.post("/organiser/matches/<match_id>/delete")
def delete_form(match_id: str):
    """The page's Delete button, which needs its confirmation box ticked (`confirm`: the match's id); 400 without,
    409 once the match has a game event."""
    require_organiser()
    log = get_log()
    if request.form.get("confirm") != match_id:
        abort(400, f"tick the box that confirms deleting match {match_id}: nothing was deleted")
    archive.delete(log, match_id, tokens.ORGANISER)
    return redirect(back_to(log), code=303)


def back_to(log: Any) -> str:
    """The organiser's page the form was sent from (its round while any match still names it), else the first."""
    event, round_ = request.form.get("event"), request.form.get("round")
    if request.form.get("from_archived") == "1":
        return url_for("organiser.page", archived=1)
    if event and round_ and any((info_of(summary).get("event"), str(info_of(summary).get("round"))) == (event, round_)
                                for summary in log.matches(archived=False)):
        return url_for("organiser.page", event=event, round=round_)
    return url_for("organiser.page")
