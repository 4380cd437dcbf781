"""The rules package imports one way only: no module imports, at module level or inside a
function, a module that imports it back, directly or through others (docs/architecture.md,
"Layers"). A lazy import is still an arrow: it only hides the cycle until it runs.

The graph comes from the source with `ast` (every `import` and `from … import` anywhere in a
module, relative or absolute), not from importing the package, so an import inside a function
that no test happens to call is counted too.
"""

import ast
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[1] / "py" / "tammany"


def module_files(package: Path) -> dict[str, Path]:
    """Dotted module name -> file, for every .py file of the package (a package's
    __init__.py is named after its folder)."""
    out = {}
    for path in package.rglob("*.py"):
        parts = list(path.relative_to(package.parent).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        out[".".join(parts)] = path
    return out


def imported_modules(name: str, path: Path, known: set[str]) -> set[str]:
    """The package's modules that `name` imports anywhere in its source."""
    is_package = path.name == "__init__.py"
    here = name.split(".") if is_package else name.split(".")[:-1]
    out = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
        if isinstance(node, ast.Import):
            out |= {alias.name for alias in node.names if alias.name in known}
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = here[:len(here) - (node.level - 1)]
                module = ".".join(base + ([node.module] if node.module else []))
            else:
                module = node.module or ""
            for alias in node.names:
                submodule = f"{module}.{alias.name}"
                if submodule in known:  # `from . import flow`: the module flow
                    out.add(submodule)
                elif module in known:  # `from .flow import apply`: the module flow
                    out.add(module)
    out.discard(name)
    return out


def import_graph(package: Path) -> dict[str, set[str]]:
    files = module_files(package)
    known = set(files)
    return {name: imported_modules(name, path, known) for name, path in files.items()}


def find_cycle(graph: dict[str, set[str]]) -> list[str] | None:
    """One cycle of the graph as [a, b, …, a], or None when it has none (depth-first
    search: a module met again while still on the current path closes a cycle)."""
    path: list[str] = []
    done: set[str] = set()

    def visit(node: str) -> list[str] | None:
        if node in path:
            return path[path.index(node):] + [node]
        if node in done:
            return None
        path.append(node)
        for after in sorted(graph.get(node, ())):
            cycle = visit(after)
            if cycle:
                return cycle
        path.pop()
        done.add(node)
        return None

    for node in sorted(graph):
        cycle = visit(node)
        if cycle:
            return cycle
    return None


# --- the checker itself ----------------------------------------------------------------
def test_find_cycle_finds_a_cycle_and_names_it():
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}
    assert find_cycle(graph) == ["a", "b", "c", "a"]
    assert find_cycle({"a": {"a"}}) == ["a", "a"]


def test_find_cycle_accepts_a_graph_with_shared_dependencies():
    # a diamond is not a cycle: d is reached twice, never while on the path
    assert find_cycle({"a": {"b", "c"}, "b": {"d"}, "c": {"d"}, "d": set()}) is None


def test_the_graph_counts_lazy_and_relative_imports(tmp_path):
    """A tiny package whose only cycle runs through an import inside a function, written
    in each form an import can take, must be caught."""
    pkg = tmp_path / "pkg"
    (pkg / "sub").mkdir(parents=True)
    (pkg / "__init__.py").write_text("")
    (pkg / "low.py").write_text("def f():\n    from .sub.mid import g\n    return g\n")
    (pkg / "sub" / "__init__.py").write_text("")
    (pkg / "sub" / "mid.py").write_text("from .. import top\n\ndef g():\n    return top\n")
    (pkg / "top.py").write_text("import pkg.low\n")
    graph = import_graph(pkg)
    assert graph["pkg.low"] == {"pkg.sub.mid"}
    assert graph["pkg.sub.mid"] == {"pkg.top"}
    assert graph["pkg.top"] == {"pkg.low"}
    assert find_cycle(graph) == ["pkg.low", "pkg.sub.mid", "pkg.top", "pkg.low"]
    (pkg / "low.py").write_text("def f():\n    return 1\n")
    assert find_cycle(import_graph(pkg)) is None


# --- the rules package ---------------------------------------------------------------------
def test_the_rules_package_has_no_import_cycle():
    graph = import_graph(PACKAGE)
    assert "tammany.flow" in graph and "tammany.bots.search" in graph  # the walk saw it all
    cycle = find_cycle(graph)
    assert cycle is None, "import cycle: " + " -> ".join(cycle)


def test_the_rule_modules_leave_what_comes_next_to_flow():
    """The rule modules import neither flow nor anything above it (docs/architecture.md):
    they change the state, flow decides what follows."""
    graph = import_graph(PACKAGE)
    rule_modules = {f"tammany.{m}" for m in
                    ("setup", "turn", "offices", "slander", "election", "scoring", "remote")}
    below = {f"tammany.{m}" for m in
             ("board", "rng", "errors", "digits", "commitment", "actions", "state")}
    for module in sorted(rule_modules):
        assert graph[module] <= rule_modules | below, (module, graph[module] - rule_modules
                                                        - below)
