"""The page's module graph, read from the source: which modules `app.js` needs before it runs
(its static imports, and theirs), so that boot.js can ask for them all at once
(`<link rel="modulepreload">`) instead of one level of imports after another."""

from __future__ import annotations

import json
import re
from pathlib import Path, PurePosixPath

STATIC = re.compile(r"""^\s*(?:import|export)\b[^;]*?\bfrom\s*["']([^"']+)["']""", re.M)
BARE = re.compile(r"""^\s*import\s*["']([^"']+)["']""", re.M)
DYNAMIC = re.compile(r"""^(?!\s*(?://|\*)).*?\bimport\(\s*["']([^"']+)["']\s*\)""", re.M)
LIST = "js/app-modules.json"
"""Where the build writes the list (paths relative to the site's root)."""


def imports(source: str, lazy: bool = True) -> list[str]:
    """Every module specifier `source` imports or re-exports from, in the order written:
    `import … from "…"`, `export … from "…"`, `import "…"` and (with `lazy`) `import("…")`.
    tests/test_page_layers.py reads the page's layers with it."""
    patterns = (STATIC, BARE, DYNAMIC) if lazy else (STATIC, BARE)
    found = sorted((m.start(1), m.group(1))
                   for pattern in patterns for m in pattern.finditer(source))
    return [spec for _, spec in found]


def resolve(module: str, spec: str) -> str:
    """The path (under the same root as `module`) that the relative specifier `spec` names."""
    parts: list[str] = []
    for part in (PurePosixPath(module).parent / spec).parts:
        if part == "..":
            parts.pop() if parts else parts.append("..")
        elif part != ".":
            parts.append(part)
    return "/".join(parts)


def static_imports(js: Path, module: str) -> list[str]:
    """The modules `module` (a path under `js`) imports statically, as paths under `js`."""
    source = (js / module).read_text("utf-8")
    return [resolve(module, spec) for spec in imports(source, lazy=False) if spec.startswith(".")]


def needed_by(js: Path, entry: str) -> list[str]:
    """Every module `entry` needs before it runs, entry first, each once, in the order found."""
    order, seen = [], set()
    todo = [entry]
    while todo:
        module = todo.pop(0)
        if module in seen:
            continue
        seen.add(module)
        order.append(module)
        todo.extend(static_imports(js, module))
    return order


def write_app_modules(site: Path) -> list[str]:
    """Write LIST: the modules app.js needs, as paths from the site's root."""
    modules = [f"js/{m}" for m in needed_by(site / "js", "app.js")]
    (site / LIST).write_text(json.dumps(modules, indent=0) + "\n", "utf-8")
    return modules
