"""Catalog storage: the card catalogs a log's matches name in their match_created event.

"demo" is the engine's built-in catalog and is never stored; every other catalog is imported into the `catalogs`
table as `Catalog.to_dict()` JSON and read back (once per `Log`) when a match that names it is folded.
"""
from __future__ import annotations

import json
from collections.abc import Callable

import engine
from recorder.errors import Conflict, Malformed, NotFound
from recorder.store import Store

DEMO_CATALOG = "demo"


class Catalogs:
    """The catalogs stored in `db`, each read and parsed once, then kept for the life of this object."""

    def __init__(self, db: Store, clock: Callable[[], str]) -> None:
        self.db = db
        self.clock = clock
        self._parsed: dict[str, engine.Catalog] = {}

    def get(self, name: str) -> engine.Catalog:
        """The catalog called `name`: "demo" is `engine.demo_catalog()`, any other comes from `store`."""
        if name not in self._parsed:
            if name == DEMO_CATALOG:
                self._parsed[name] = engine.demo_catalog()
            else:
                row = self.db.execute("SELECT body FROM catalogs WHERE name = ?", [name]).fetchone()
                if row is None:
                    known = [DEMO_CATALOG] + [r[0] for r in self.db.execute("SELECT name FROM catalogs ORDER BY name")]
                    raise NotFound(f"no catalog named {name!r} (this log has {', '.join(known)}); "
                                   "import it first (riftlog catalog import FILE --name NAME)")
                self._parsed[name] = engine.Catalog.from_dict(json.loads(row[0]))
        return self._parsed[name]

    def names(self) -> list[str]:
        """Every catalog a match may name: "demo", then the imported ones by name."""
        return [DEMO_CATALOG] + [row[0] for row in self.db.execute("SELECT name FROM catalogs ORDER BY name")]

    def store(self, catalog: engine.Catalog, name: str | None = None, *, replace: bool = False) -> str:
        """Store `catalog` under `name` (default: the catalog's own `name`); return the name.

        See `Log.import_catalog`. Replacing a catalog drops the snapshots of the matches that use it, in the same
        transaction, since they were folded with the old cards.
        """
        name = name if name is not None else getattr(catalog, "name", None)
        if not isinstance(name, str) or not name:
            raise Malformed("a catalog needs a name to be imported under")
        if name == DEMO_CATALOG:
            raise Conflict(f"the catalog name {DEMO_CATALOG!r} is the engine's built-in catalog; pick another name")
        # Stored under its new name, so that the Catalog read back is called what match_created calls it.
        body = json.dumps({**catalog.to_dict(), "name": name}, sort_keys=True, ensure_ascii=False)
        with self.db.writing():
            row = self.db.execute("SELECT body FROM catalogs WHERE name = ?", [name]).fetchone()
            if row is not None and row[0] == body:
                return name
            if row is not None and not replace:
                raise Conflict(f"a different catalog is already stored as {name!r}; import under another name "
                               "or replace it")
            self.db.execute("INSERT INTO catalogs (name, body, imported_at) VALUES (?, ?, ?) ON CONFLICT (name) DO "
                            "UPDATE SET body = excluded.body, imported_at = excluded.imported_at",
                            [name, body, self.clock()])
            self.db.execute('DELETE FROM snapshots WHERE "match" IN (SELECT id FROM matches WHERE catalog = ?)',
                            [name])
        self._parsed.pop(name, None)
        return name
