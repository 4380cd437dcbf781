"""The page's module graph, read from the source: which modules `app.js` needs before it runs
(its static imports, and theirs), so that boot.js can ask for them all at once
(`<link rel="modulepreload">`) instead of one level of imports after another."""

from __future__ import annotations

import json
import re
from pathlib import Path, PurePosixPath

STATIC = re.compile(r"""^\s*(?:import|export)\b[^;]*?\bfrom\s*["'](\.[^"']+)["']""", re.M)
BARE = re.compile(r"""^\s*import\s*["'](\.[^"']+)["']""", re.M)
LIST = "js/app-modules.json"
"""Where the build writes the list (paths relative to the site's root)."""


def static_imports(js: Path, module: str) -> list[str]:
    """The modules `module` (a path under `js`) imports statically, as paths under `js`."""
    source = (js / module).read_text("utf-8")
    here = PurePosixPath(module).parent
    found = []
    for spec in STATIC.findall(source) + BARE.findall(source):
        parts = []
        for part in (here / spec).parts:
            if part == "..":
                parts.pop()
            elif part != ".":
                parts.append(part)
        found.append("/".join(parts))
    return found


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
