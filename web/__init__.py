"""The web layer: the HTTP API of contract section 3 and the HTML match viewer.

Modelled on the Flask tutorial (flaskr): `create_app(test_config=None)` builds the app, the API and the viewer are
blueprints, and each request opens its own `recorder.Log` in `flask.g` (see `web.db`). No rules logic lives here:
the state comes from `replays.Cursor` and `engine.view`, and this package only moves it to and from the wire.
"""
from __future__ import annotations

import os
from typing import Any

from flask import Flask
from werkzeug.middleware.proxy_fix import ProxyFix

from recorder.keys import default_key_path
from replays import rules_text


MAX_BODY = 1024 * 1024  # bytes of a request body: a batch of MAX_BATCH events fits many times over; 413 beyond


def create_app(test_config: dict[str, Any] | None = None) -> Flask:
    """Build the riftlog app.

    Config: `DATABASE`, the SQLite file of the log (default `$RIFTLOG_DB`, else `riftlog.db` in the working
    directory); `MAX_CONTENT_LENGTH`, the largest request body (MAX_BODY); `SEAL_KEY`, the server's key file (default `$RIFTLOG_SEAL_KEY`, else beside the database; see
    recorder.keys); `RULES`, the directory of the rules texts the dispute report quotes (default `$RIFTLOG_RULES`, else
    `../shared/rules` beside the project; see replays.rules_text); `BEHIND_PROXY`, the number of reverse proxies in
    front whose X-Forwarded-* headers are trusted (default none); `CREATE_BURST` and `CREATE_EVERY`, the matches one
    client address may create (web.budget); `BODY_TIMEOUT`, the seconds a request's body has to arrive under
    `riftlog serve` (web.gateway); `PUBLIC_URL`, `LISTEN_HOST` and `LISTEN_PORT`, the address the table cards'
    links name and the one the server listens at (web.tablecard.site_base). `test_config` overrides any key.
    """
    app = Flask(__name__)
    app.config.from_mapping(DATABASE=os.environ.get("RIFTLOG_DB") or "riftlog.db", MAX_CONTENT_LENGTH=MAX_BODY)
    if test_config is not None:
        app.config.update(test_config)
    app.config.setdefault("SEAL_KEY", str(default_key_path(app.config["DATABASE"])))
    app.config.setdefault("RULES", str(rules_text.default_dir()))
    if app.config.get("BEHIND_PROXY"):
        # `riftlog serve --behind-proxy`: the proxy's X-Forwarded-For/-Proto/-Host/-Port/-Prefix are the request's
        # (its client's address, https, the public host name), from that many proxies in front; never otherwise,
        # since any client could send them (docs/web.md, "On the venue's network").
        hops = int(app.config["BEHIND_PROXY"])
        app.wsgi_app = ProxyFix(app.wsgi_app, x_for=hops, x_proto=hops, x_host=hops, x_port=hops,  # type: ignore
                                x_prefix=hops)
    # Events and states read best in the order the engine wrote their keys.
    app.json.sort_keys = False  # type: ignore[attr-defined]

    from . import api, budget, create, db, errors, organiser, record, report, slip, viewer
    from . import delay, stream, tournament  # live spectating
    from . import judging  # the judge's side: backups and an event's penalties
    from . import guard  # other sites' forms refused; security headers on every answer
    from . import offline  # the recording screen's service worker and manifest
    from . import overlay, overlay_feed  # broadcast overlays (issue 28)

    db.init_app(app)
    budget.init_app(app)
    guard.init_app(app)
    errors.init_app(app)
    viewer.init_app(app)
    slip.init_app(app)
    stream.init_app(app)
    app.register_blueprint(api.bp)
    app.register_blueprint(viewer.bp)
    app.register_blueprint(report.bp)
    app.register_blueprint(record.bp)
    app.register_blueprint(slip.bp)
    app.register_blueprint(stream.bp)
    app.register_blueprint(delay.bp)
    app.register_blueprint(tournament.bp)
    app.register_blueprint(create.bp)
    app.register_blueprint(judging.bp)
    app.register_blueprint(organiser.bp)
    app.register_blueprint(offline.bp)
    app.register_blueprint(overlay.bp)
    app.register_blueprint(overlay_feed.bp)
    return app

