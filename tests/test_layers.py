"""The package's layers import in one direction, and no module imports itself round a cycle.

Every import is counted, at the top, inside a function or under ``TYPE_CHECKING``: a name
imported only for typing is still a dependency a reader has to follow. The layers, lowest
first (ARCHITECTURE.md draws the same map):

1. the position: rules as data, board geometry, capture precedence, the move generator, moves,
   positions, draw rules, outcomes, errors, the text catalogue and reading input lines;
2. notation: FEN, PDN, Hub and move strings, against positions and rules only;
3. the game: ``Game`` with its history, perft on it, and a game's record (PDN played);
4. what uses games: teaching, the engine, the command line.

The page's Python (``web/py``) sits on top of all of them.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "draughts"

LAYERS: list[tuple[str, ...]] = [
    ("draughts.errors", "draughts.rules", "draughts.geometry", "draughts.precedence", "draughts.movegen", "draughts.move",
     "draughts.position", "draughts.draw", "draughts.text", "draughts.outcome", "draughts.lines"),
    ("draughts.notation",),
    ("draughts.game", "draughts.perft", "draughts.record", "draughts.setup"),
    ("draughts.teach", "draughts.teach.shots", "draughts.teach.mistakes", "draughts.engine", "draughts.cli",
     "draughts.__main__", "draughts"),
]


def module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def modules() -> dict[str, Path]:
    return {module_name(p): p for p in sorted(PACKAGE.rglob("*.py")) if "__pycache__" not in p.parts}


def imports_of(name: str, path: Path, known: set[str]) -> set[str]:
    """The package's modules that ``name`` imports, resolved from relative imports."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        targets: list[str] = []
        if isinstance(node, ast.Import):
            targets = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.split(".")
                anchor = anchor[: len(anchor) - (node.level - 1)]
                base = ".".join(anchor + ([base] if base else []))
            targets = [base] + [f"{base}.{alias.name}" for alias in node.names]
        for target in targets:
            # "from . import x" names a module x; "from .game import Game" names the module .game
            while target and target not in known:
                target = target.rpartition(".")[0]
            if target and target != name:
                found.add(target)
    return found


def layer_of(name: str) -> int:
    best = -1
    best_len = -1
    for index, prefixes in enumerate(LAYERS):
        for prefix in prefixes:
            # "draughts" itself (the package's __init__) names the top, not every module in it
            inside = name.startswith(prefix + ".") and prefix != "draughts"
            if (name == prefix or inside) and len(prefix) > best_len:
                best, best_len = index, len(prefix)
    return best


GRAPH = {name: imports_of(name, path, set(modules())) for name, path in modules().items()}


def test_every_module_has_a_layer() -> None:
    assert [name for name in GRAPH if layer_of(name) < 0] == []


@pytest.mark.parametrize("name", sorted(GRAPH))
def test_imports_only_its_own_layer_or_below(name: str) -> None:
    upward = sorted(target for target in GRAPH[name]
                    if layer_of(target) > layer_of(name) and target != "draughts")
    assert upward == [], f"{name} (layer {layer_of(name) + 1}) imports from a higher layer: {upward}"


def find_cycle(graph: dict[str, set[str]]) -> list[str]:
    """One cycle of the graph as a list of modules (first repeated at the end), or []."""
    state: dict[str, int] = {}  # 1: on the current path, 2: done
    path: list[str] = []

    def visit(node: str) -> list[str]:
        state[node] = 1
        path.append(node)
        for nxt in sorted(graph.get(node, ())):
            if state.get(nxt) == 1:
                return path[path.index(nxt):] + [nxt]
            if nxt not in state:
                cycle = visit(nxt)
                if cycle:
                    return cycle
        path.pop()
        state[node] = 2
        return []

    for start in sorted(graph):
        if start not in state:
            cycle = visit(start)
            if cycle:
                return cycle
    return []


def test_no_import_cycle() -> None:
    # The package's __init__ re-exports the public names: it is the top, not a dependency.
    graph = {name: {t for t in targets if t != "draughts"} for name, targets in GRAPH.items()}
    assert find_cycle(graph) == []


def test_the_cycle_finder_finds_a_cycle() -> None:
    assert find_cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": set()}) == ["a", "b", "c", "a"]
    assert find_cycle({"a": {"b"}, "b": set()}) == []


def build_order() -> list[str]:
    """The build's modules in the order ARCHITECTURE.md lists them (section "The build")."""
    text = (ROOT / "ARCHITECTURE.md").read_text()
    section = text.split("## The build", 1)[1].split("\n## ", 1)[0]
    return ["sitebuild." + row.split("`")[1].removesuffix(".py") for row in section.splitlines()
            if row.startswith("| `")]


def test_the_build_modules_import_only_those_above_them_in_the_map() -> None:
    found = {module_name(p): p for p in sorted((ROOT / "sitebuild").glob("*.py")) if p.name != "__init__.py"}
    order = build_order()
    assert sorted(order) == sorted(found), "ARCHITECTURE.md lists every module of sitebuild/, and only those"
    for index, name in enumerate(order):
        allowed = set(order[:index])
        below = sorted(imports_of(name, found[name], set(found)) - allowed)
        assert below == [], f"{name} imports {below}, listed below it in ARCHITECTURE.md"
