"""The engine's shape (docs/engine.md, "How the modules call each other"): rules modules import each other one way
only, and ask for cleanups, combats and the next turn as outstanding tasks (engine/tasks.py)."""
from __future__ import annotations

import ast
from pathlib import Path

ENGINE = Path(__file__).resolve().parent.parent / "engine"


CARDS = ENGINE / "cards"


def engine_imports() -> dict[str, set[str]]:
    """Each engine module and the engine modules it imports, at any depth of its code."""
    modules = {path.stem for path in ENGINE.glob("*.py")}
    graph: dict[str, set[str]] = {}
    for path in ENGINE.glob("*.py"):
        imported: set[str] = set()
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.ImportFrom) and node.module == "engine":
                imported |= {alias.name for alias in node.names if alias.name in modules}
            elif isinstance(node, ast.ImportFrom) and (node.module or "").startswith("engine."):
                imported.add(node.module.split(".")[1])
        graph[path.stem] = imported - {"__init__"}
    return graph


def test_engine_modules_import_each_other_without_a_circle():
    graph = engine_imports()
    done: set[str] = set()

    def visit(module: str, path: list[str]) -> None:
        if module in path:
            raise AssertionError("engine modules import each other in a circle: "
                                 + " -> ".join(path[path.index(module):] + [module]))
        if module in done:
            return
        for imported in sorted(graph.get(module, ())):
            visit(imported, path + [module])
        done.add(module)

    for module in sorted(graph):
        visit(module, [])


def test_rules_modules_schedule_cleanups_combats_and_turns_instead_of_calling_them():
    # The fold dispatches events to these modules' handlers, tasks.py carries out their tasks, and setup starts
    # the first turn; every other module schedules them (context.schedule).
    graph = engine_imports()
    importers = {module for module, imported in graph.items() if imported & {"cleanup", "combat", "turn"}}
    assert importers <= {"tasks", "fold", "setup"}, importers


def test_the_modules_of_modes_with_more_players_are_leaves():
    # engine/teams.py, invites.py and leaving.py (issue 16) reach the showdown, the turn and cleanups only through
    # outstanding tasks, never by importing the modules that call each other.
    graph = engine_imports()
    for module in ("teams", "invites", "leaving"):
        assert not graph[module] & {"cleanup", "combat", "showdown", "chain", "play", "effects", "turn"}, module


def test_the_cards_package_imports_nothing_of_the_engine_but_itself():
    # engine/cards (issue 26): the compiler of card text, its data and its interpreters sit below the rules modules
    # that call them (STYLE.md, "Growing").
    for path in CARDS.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.ImportFrom) and (node.module or "").split(".")[0] == "engine":
                names = [node.module] + [f"{node.module}.{alias.name}" for alias in node.names]
                assert node.module.startswith("engine.cards") or (
                    node.module == "engine" and all(alias.name == "cards" for alias in node.names)), \
                    f"{path.relative_to(ENGINE)} imports {names}: engine/cards imports only itself"
            elif isinstance(node, ast.Import):
                assert not any(alias.name.split(".")[0] == "engine" and not alias.name.startswith("engine.cards")
                               for alias in node.names), f"{path.relative_to(ENGINE)} imports the engine"
