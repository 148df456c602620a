"""What every request and answer of the app passes through: the refusal of a request sent by another site's page,
and the headers that keep a browser from caching, framing or sniffing what it is shown (docs/web.md, "What a
browser is told"; docs/trust.md, holes 7, 10 and 15 of issue 24).

- A request that changes something (any method but GET, HEAD and OPTIONS) and says it comes from a page (its
  `Origin`, else its `Referer`) of an origin that is not this server's own (scheme, host and port, as the client
  asked for them: behind `--behind-proxy` the proxy's forwarded host and scheme, web/__init__.py) is refused 403,
  naming that origin. SameSite cookies do not stop it: a page of the same host at another port, or of a sibling
  subdomain, is the same site, and its forms carry the organiser's and the viewer's cookies. A request with a
  Bearer token in `Authorization` (the API's clients, the recording screen) is let through: no page of another
  origin can set that header (a browser asks first, and this server allows no other origin), whereas a cookie or
  a proxy's Basic credentials go with any form. A request that names no origin at all is no browser's form
  (browsers send `Origin` with every POST): curl, the CLI, the tests.
- Every answer: `Content-Security-Policy` (scripts and stylesheets from this server only; a `<style>` the page
  inlines carries the answer's nonce, `csp_nonce()`; no framing, `frame-ancestors 'none'`), `X-Frame-Options`,
  `X-Content-Type-Options: nosniff` and `Referrer-Policy: same-origin` (another site is never told the page's
  address; this server's own forms still send their origin, which `no-referrer` would make `null`).
- `Cache-Control: no-store` on every answer to a request that carries a token (an `Authorization` header, or one
  of the app's cookies: a match's read token, the organiser key) or that changes something (a new match's tokens,
  a reissued card), unless the route set its own: the judge's and the players' pages, what a token reads and the
  organiser's page are never kept in a browser's or a proxy's cache, where the next user of a shared tablet would
  find them. A public page carries none: a spectator's page holds nothing hidden, and stays in the back-forward
  cache. Static files keep Flask's own headers.
"""
from __future__ import annotations

import secrets
from urllib.parse import urlsplit

from flask import Flask, Response, abort, g, request

from .readers import COOKIE_PREFIX  # the viewer's cookies, `riftlog-<match>`, and the organiser's, `riftlog-organiser`

SAFE_METHODS = frozenset({"GET", "HEAD", "OPTIONS"})
DEFAULT_PORTS = {"http": 80, "https": 443}

# The policy of every page; `{style}` takes the answer's nonce when its page inlines a stylesheet. Style attributes
# stay allowed (`style-src-attr`): the scrubber places its marks with `left`/`width` percentages drawn on the
# server, and an attribute can neither run a script nor load anything (`img-src` and `font-src` are this server's).
POLICY = ("default-src 'self'; script-src 'self'; style-src 'self'{style}; style-src-attr 'unsafe-inline'; "
          "img-src 'self' data:; font-src 'self'; connect-src 'self'; object-src 'none'; base-uri 'none'; "
          "form-action 'self'; frame-ancestors 'none'")
HEADERS = {"X-Content-Type-Options": "nosniff", "X-Frame-Options": "DENY", "Referrer-Policy": "same-origin"}


def init_app(app: Flask) -> None:
    app.before_request(refuse_other_origins)
    app.after_request(secure_headers)
    app.jinja_env.globals["csp_nonce"] = csp_nonce


def csp_nonce() -> str:
    """The nonce of this answer's inline stylesheet (one per answer, made on first use; the CSP header names it)."""
    if "csp_nonce" not in g:
        g.csp_nonce = secrets.token_urlsafe(18)
    return g.csp_nonce


def origin_of(url: str) -> tuple[str, str, int] | None:
    """(scheme, host, port) of an http(s) URL or origin, the port made explicit; None for anything else (`null`,
    another scheme, a URL that does not parse)."""
    try:
        parts = urlsplit(url.strip())
        scheme, host = parts.scheme.lower(), (parts.hostname or "").lower()
        port = parts.port
    except ValueError:
        return None
    if scheme not in DEFAULT_PORTS or not host:
        return None
    return scheme, host, port if port is not None else DEFAULT_PORTS[scheme]


def own_origin() -> tuple[str, str, int] | None:
    """This server's origin as the request asked for it (the Host it was sent to, or the proxy's forwarded host)."""
    return origin_of(f"{request.scheme}://{request.host}")


def has_bearer() -> bool:
    scheme, _, token = request.headers.get("Authorization", "").strip().partition(" ")
    return scheme.lower() == "bearer" and bool(token.strip())


def refuse_other_origins() -> None:
    """403 for a request that changes something, sent by a page of another origin (the module's docstring)."""
    if request.method in SAFE_METHODS or has_bearer():
        return
    sent = request.headers.get("Origin")
    if sent is None:
        referer = request.headers.get("Referer")
        if referer is None:
            return  # no browser's form: a client that names no page
        sent = referer
    if origin_of(sent) is not None and origin_of(sent) == own_origin():
        return
    own = f"{request.scheme}://{request.host}"
    abort(403, f"refused: this {request.method} was sent by a page of {sent[:200]!r}, not by this server's own pages "
               f"({own}); nothing was changed. A page of another site or port may not act here; an API client "
               "sends its token as 'Authorization: Bearer <token>'")


def carries_token() -> bool:
    """Whether the request carries a token: an Authorization header, or one of the app's cookies."""
    return request.headers.get("Authorization") is not None or any(name.startswith(COOKIE_PREFIX)
                                                                   for name in request.cookies)


def secure_headers(response: Response) -> Response:
    """The headers of every answer (the module's docstring); a header a route set itself is kept."""
    style = f" 'nonce-{g.csp_nonce}'" if "csp_nonce" in g else ""
    response.headers.setdefault("Content-Security-Policy", POLICY.format(style=style))
    for name, value in HEADERS.items():
        response.headers.setdefault(name, value)
    if request.endpoint != "static" and "Cache-Control" not in response.headers and (
            carries_token() or request.method not in SAFE_METHODS):
        response.headers["Cache-Control"] = "no-store"
    return response
