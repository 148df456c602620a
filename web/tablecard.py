"""The links a table is recorded and followed by, their QR codes, and the printable table card.

A match is handed to its table as links with the token in the URL fragment (`/matches/<id>/record#token=...` for the
judge or scorekeeper who records it, `/matches/<id>#token=...` for each player's view): a browser never sends the
fragment in a request, so a token does not reach a server log or a proxy's. The table card holds each link and its
QR code (segno, SVG drawn in the page: nothing is fetched to show it) on one printed page, cut in three: the
recording part for the scorekeeper, a slip for each player. Links are absolute, so that a phone can open them, on
`site_base()`: the server's public address when one is configured (`riftlog serve --url`), else the address the page
was asked at (the proxy's, with `riftlog serve --behind-proxy`: web/__init__.py), except that a page asked at
loopback from a server that listens on every interface names this machine's address on its network; a card whose
links are still loopback says that phones cannot reach it.
"""
from __future__ import annotations

import ipaddress
from pathlib import Path
from typing import Any

import segno
from flask import current_app, render_template, request, url_for
from markupsafe import Markup

from .db import get_log
from .params import player_ids

LOOPBACK_NAMES = ("localhost", "localhost.localdomain", "ip6-localhost")


def qr_svg(url: str, title: str) -> Markup:
    """The QR code of `url` as an inline SVG (error correction M: a creased or smudged card still scans)."""
    code = segno.make_qr(url, error="m")
    return Markup(code.svg_inline(omitsize=True, border=2, svgclass="qr", title=title))


def links(match_id: str, token: str | None, player_tokens: dict[str, str], *, base: str | None = None
          ) -> dict[str, str]:
    """{"record": the recording screen's link (when the match token is known), "P1": P1's viewer link, ...}: on
    `base` (an address such as `http://192.168.1.20:5000`), else relative to the site."""
    root = (base or "").rstrip("/")
    found = {"record": f"{root}/matches/{match_id}/record#token={token}"} if token else {}
    found.update({player: f"{root}/matches/{match_id}#token={secret}" for player, secret in player_tokens.items()})
    return found


def is_loopback(host: str) -> bool:
    """Whether `host` (a request's Host, maybe with a port) is this machine only: no phone reaches it."""
    name = host.rsplit(":", 1)[0] if host.count(":") == 1 else host
    name = name.strip("[]").casefold()
    if name in LOOPBACK_NAMES:
        return True
    try:
        return ipaddress.ip_address(name).is_loopback
    except ValueError:
        return False


WILDCARDS = ("0.0.0.0", "::")


def site_base() -> str:
    """The root the links handed to phones are on, ending in "/": `PUBLIC_URL` when configured (`riftlog serve
    --url`, `make run URL=...`); else the request's own address, unless it is loopback while the server listens
    on every interface (`LISTEN_HOST` 0.0.0.0, as `make run HOST=0.0.0.0` serves): then this machine's first
    address on its network (`web.serving.urls`, as the banner prints it), so that a card printed from a browser
    on the server's own machine carries links a phone opens. Nothing stored depends on it: the same match's
    links follow the server's address from one start to the next."""
    configured = current_app.config.get("PUBLIC_URL")
    if configured:
        return configured.rstrip("/") + "/"
    base = url_for("viewer.index", _external=True)
    listening, port = current_app.config.get("LISTEN_HOST"), current_app.config.get("LISTEN_PORT")
    if listening in WILDCARDS and port and is_loopback(request.host):
        from .serving import urls

        reachable = [url for url in urls(listening, int(port)) if not is_loopback(url.split("/")[2])]
        if reachable:
            return reachable[0].rstrip("/") + url_for("viewer.index")
    return base


def card(summary: dict[str, Any], token: str | None, player_tokens: dict[str, str]) -> dict[str, Any]:
    """What the table card shows of a match: its table, players, links and QR codes, on `site_base()`."""
    base = site_base()
    host = base.split("/")[2]
    found = links(summary["id"], token, player_tokens, base=base)
    info = summary.get("info") if isinstance(summary.get("info"), dict) else {}
    names = dict(zip(player_ids(summary), summary["players"]))
    created = get_log().events(summary["id"], upto=1)[0]["event"]
    legends = {f"P{index}": player.get("legend") for index, player in enumerate(created.get("players") or [], 1)
               if isinstance(player, dict)}  # public from the start (a Champion Legend is revealed, 103.1)
    return {
        "match": summary,
        "info": info,
        "loopback": is_loopback(host),
        "host": host,
        "record": {"url": found["record"], "qr": qr_svg(found["record"], "the recording screen's link")}
        if "record" in found else None,
        "players": [{"id": player, "name": names.get(player) or player, "legend": legends.get(player),
                     "url": found[player],
                     "qr": qr_svg(found[player], f"{names.get(player) or player}'s link")}
                    for player in player_tokens],
    }


def card_html(summary: dict[str, Any], token: str | None, player_tokens: dict[str, str], *,
              note: str | None = None, standalone: bool = False) -> str:
    """The table card page as HTML; `standalone`: its stylesheets and its script inlined, for a file opened from
    disk (`riftlog create --card` writes one from a request context on its `--url`; no CSP applies to a file)."""
    styles = script = None
    if standalone:
        static = Path(current_app.static_folder or "")
        styles = Markup("\n".join((static / name).read_text(encoding="utf-8") for name in ("style.css", "tables.css")))
        script = Markup((static / "card.js").read_text(encoding="utf-8"))
    return render_template("card.html", cards=[card(summary, token, player_tokens)], note=note,
                           inline_styles=styles, inline_script=script)


NEVER_KEPT = {"Cache-Control": "no-store", "Referrer-Policy": "no-referrer"}  # a page of tokens


def render_card(summary: dict[str, Any], token: str | None, player_tokens: dict[str, str], *,
                note: str | None = None, status: int = 200):
    """The table card page as an answer; never cached (it holds tokens)."""
    return card_html(summary, token, player_tokens, note=note), status, NEVER_KEPT


def render_cards(tables: list[tuple[dict[str, Any], str | None, dict[str, str]]], *, note: str):
    """Several tables' cards as one page to print, one sheet per table (`tables`: each match's summary, its match
    token and its players' tokens), e.g. the organiser's reprint for a new address; never cached."""
    cards = [card(summary, token, player_tokens) for summary, token, player_tokens in tables]
    return render_template("card.html", cards=cards, note=note), 200, NEVER_KEPT
