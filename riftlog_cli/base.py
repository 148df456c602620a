"""The command line's shared pieces: the `riftlog` click group, the --db and --url options, opening the log, and
turning the layers' errors into one-line messages (exit status 1)."""
from __future__ import annotations

import contextlib
import json
import os
from importlib import metadata
from pathlib import Path
from typing import Any, Iterator

import click

DB_ENVVAR = "RIFTLOG_DB"
DEFAULT_DB = "riftlog.db"


def _version() -> str:
    try:
        return metadata.version("riftlog")
    except metadata.PackageNotFoundError:
        return "unknown"


def _remember_db(ctx: click.Context, param: click.Parameter, value: str | None) -> None:
    """Both `riftlog --db X cmd` and `riftlog cmd --db X` set the database; the later one wins."""
    if value is not None:
        ctx.meta["riftlog.db"] = value


def db_option(default: str | None) -> Any:
    return click.option(
        "--db", "db", type=click.Path(dir_okay=False), default=default, expose_value=False, is_eager=True,
        callback=_remember_db, envvar=DB_ENVVAR if default is not None else None,
        help=f"SQLite database file, or a PostgreSQL URL postgresql://user@host:port/name (default: ${DB_ENVVAR}, "
             f"else {DEFAULT_DB}).",
    )


def url_option() -> Any:
    return click.option("--url", envvar="RIFTLOG_URL",
                        help="The address phones reach the server at (e.g. http://192.168.1.20:5000, or the "
                             "proxy's https://...), for absolute links; default: $RIFTLOG_URL, else links relative "
                             "to the server.")


def db_path() -> str:
    return click.get_current_context().meta.get("riftlog.db") or os.environ.get(DB_ENVVAR) or DEFAULT_DB


def open_log(must_exist: bool = True):
    """The recorder.Log of --db; a missing file is an error for commands that only read or append."""
    import recorder
    from recorder.store import is_postgres

    path = db_path()
    if must_exist and not is_postgres(path) and not Path(path).exists():
        missing = "" if Path(path).parent.is_dir() else f" (the folder {Path(path).parent} does not exist)"
        raise click.ClickException(f"no database at {path}{missing}: run `riftlog demo` or `riftlog create FILE` "
                                   "first, or pass --db")
    return recorder.Log(path)


@contextlib.contextmanager
def user_errors() -> Iterator[None]:
    """Turn the domain errors of the layers below into one-line click errors (exit status 1)."""
    import engine
    import recorder
    import replays
    from replays import notation

    try:
        yield
    except recorder.Refused as error:
        raise click.ClickException(f"refused: {error}" + _violations(error.violations)) from None
    except (recorder.RecorderError, engine.EngineError, replays.ReplayError, notation.NotationError) as error:
        raise click.ClickException(str(error) or type(error).__name__) from None


def _violations(violations: list[dict[str, Any]] | None) -> str:
    lines = [f"\n  rule {v.get('rule')}: {v.get('message')}" for v in violations or []]
    return "".join(lines) if len(lines) > 1 else ""


def read_text(source: str, what: str) -> str:
    """The text of a file path or "-" (stdin)."""
    try:
        with click.open_file(source, "r", encoding="utf-8") as stream:
            return stream.read()
    except OSError as error:
        raise click.ClickException(f"cannot read {what} {source}: {error.strerror or error}") from None


def read_json(source: str, what: str) -> Any:
    """JSON from a file path or "-" (stdin)."""
    text = read_text(source, what)
    try:
        return json.loads(text)
    except ValueError as error:
        name = "stdin" if source == "-" else source
        raise click.ClickException(f"{name} is not valid JSON: {error}") from None


def echo_json(data: Any) -> None:
    click.echo(json.dumps(data, indent=2, ensure_ascii=False))


def write_file(output: str, text: str, *, said: str = "{path}", err: bool = False) -> None:
    """Write `text` to the file `output` and print `said` naming its path, on stdout or (`err`) on stderr, where a
    command's stdout is already JSON that must parse; a clear error when it cannot be written."""
    try:
        Path(output).write_text(text, encoding="utf-8")
    except OSError as error:
        raise click.ClickException(f"cannot write {output}: {error.strerror or error}") from None
    click.echo(said.format(path=output), err=err)


def deck_file(source: str) -> Path | None:
    """The file a deck argument names (- is stdin, None), or None for a deck code. A value that reads as a path (it
    has a '/' or ends in a '.' extension: a deck code is letters and digits only, docs/decks.md) and names no file
    is `no such file`, rather than a deck code with a '.' in it."""
    if source == "-":
        return None
    path = Path(source)
    if path.is_file():
        return path
    if "/" in source or os.sep in source or path.suffix:
        raise click.ClickException(f"no such file: {source}" if not path.exists() else
                                   f"{source} is a folder, not a deck list file")
    return None


def reachable_base(url: str | None) -> str:
    """`url` without its trailing slash ("" for none); a wildcard host (`http://0.0.0.0:5000`, as `make run
    HOST=0.0.0.0` writes it) becomes this machine's address on its network, which a phone can open."""
    from urllib.parse import urlsplit

    if not url:
        return ""
    parts = urlsplit(url)
    if parts.hostname in ("0.0.0.0", "::"):
        from web import serving

        return serving.urls(parts.hostname, parts.port or 80)[0].rstrip("/")
    return url.rstrip("/")


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(_version(), "--version", prog_name="riftlog", message="%(prog)s %(version)s")
@db_option(DEFAULT_DB)
def cli() -> None:
    """riftlog: record, audit and replay Riftbound matches.

    Matches live in one SQLite file, or on a PostgreSQL server (--db). Start with `riftlog demo` and `riftlog serve`.
    """
