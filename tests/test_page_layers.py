"""The page's modules (site/js) import one way only: down (issue 54; docs/architecture.md,
"The page's layers"). Each module belongs to one layer of LAYERS, listed from the top; a module
may import from its own layer or one below it, never from one above. Every import must name a
file that exists (a moved file with an import left behind would stop the page from booting), and
every module must be in a layer, so a new folder is placed in the picture when it is made.

The imports come from the source, as written: `import … from "…"`, `export … from "…"`,
`import "…"` and `import("…")` (a lazy import is still an arrow), not from loading the page; the
parser is the build's (tools/module_graph.py, which lists what app.js needs for boot.js)."""

import re
from fnmatch import fnmatch
from pathlib import Path

import pytest

from tools.module_graph import imports, resolve

SITE_JS = Path(__file__).resolve().parent.parent / "site" / "js"

LAYERS = [
    ("entry", ["boot.js", "sw-register.js"]),
    ("wiring", ["app.js"]),
    ("state", ["session.js"]),
    ("addresses", ["routes.js"]),
    ("features", ["tutorial/*", "archive/*"]),
    ("views", ["ui/start/*", "ui/game/*"]),
    ("screens", ["ui/replay/*", "ui/results/*", "ui/archive/*", "ui/remote/*"]),
    ("widgets", ["ui/widgets/*"]),
    ("ui base", ["ui/dom.js", "ui/signal.js"]),
    ("drawing", ["render/*"]),
    ("words", ["i18n/*", "strings.js"]),
    ("outside", ["review/*", "autosave.js", "client.js"]),
    ("decisions", ["logic/*"]),
    ("worker", ["worker.js"]),
    ("worker parts", ["runtime.js", "warm-start.js"]),
]
"""The page's layers from the top (paths under site/js, fnmatch patterns). docs/architecture.md
draws the same list."""

UI_TOP_FILES = 10
"""At most this many files at the top of site/js/ui; the rest in folders by screen or concern."""

def layer_of(path: str) -> int | None:
    """The index in LAYERS of a module (its path under site/js), or None."""
    for i, (_, patterns) in enumerate(LAYERS):
        if any(fnmatch(path, pattern) for pattern in patterns):
            return i
    return None


def arrows(root: Path = SITE_JS):
    """(module, specifier, target) for every relative import under `root` (paths under root)."""
    for path in sorted(root.rglob("*.js")):
        module = path.relative_to(root).as_posix()
        for spec in imports(path.read_text("utf-8")):
            if spec.startswith("."):
                yield module, spec, resolve(module, spec)


def upward(root: Path = SITE_JS) -> list[str]:
    """The imports from a lower layer up to a higher one, worded."""
    out = []
    for module, _, target in arrows(root):
        here, there = layer_of(module), layer_of(target)
        if here is not None and there is not None and there < here:
            out.append(f"{module} ({LAYERS[here][0]}) imports {target} ({LAYERS[there][0]})")
    return out


def test_every_import_names_a_file():
    missing = [f"{module}: {spec}" for module, spec, target in arrows()
               if not (SITE_JS / target).is_file()]
    assert not missing, f"imports of files that are not there: {missing}"


_URL = re.compile(r"""new URL\(\s*(["'`])([^"'`]+)\1\s*,\s*import\.meta\.url\s*\)""")
GENERATED = {"build.json", "js/app-modules.json"}
"""Files the build writes (tools/build_site.py, tools/module_graph.py), not in site/: paths
from the site's root."""


def test_every_file_a_module_fetches_beside_itself_is_there():
    """A module that moves must take its `new URL("…", import.meta.url)` paths with it (the data,
    the build's manifest, the service worker): such a path is relative to the module's own file,
    not to the page. A template's `${…}` is read as "en"."""
    site = SITE_JS.parent
    missing = []
    for path in sorted(SITE_JS.rglob("*.js")):
        for m in _URL.finditer(path.read_text("utf-8")):
            spec = re.sub(r"\$\{[^}]*\}", "en", m.group(2))
            target = (path.parent / spec).resolve()
            built = target.is_relative_to(site.resolve()) and (
                target.relative_to(site.resolve()).as_posix() in GENERATED)
            if not (target.exists() or built):
                missing.append(f"{path.relative_to(site).as_posix()}: {m.group(2)}")
    assert not missing, f"paths beside a module that are not there: {missing}"


def test_every_module_is_in_a_layer():
    loose = [p.relative_to(SITE_JS).as_posix() for p in sorted(SITE_JS.rglob("*.js"))
             if layer_of(p.relative_to(SITE_JS).as_posix()) is None]
    assert not loose, f"place these in LAYERS (and docs/architecture.md): {loose}"


def test_no_module_imports_from_a_layer_above_it():
    bad = upward()
    assert not bad, ("imports that run back up (pass what is needed in from the caller, or move "
                     f"it down): {bad}")


def test_ui_has_few_files_at_its_top():
    top = sorted(p.name for p in (SITE_JS / "ui").iterdir() if p.is_file())
    assert len(top) <= UI_TOP_FILES, f"ui/ holds {len(top)} files at its top: use folders: {top}"


def test_the_layers_in_the_docs_are_the_test_s():
    """docs/architecture.md lists each layer's patterns, top to bottom, in its table."""
    doc = (SITE_JS.parent.parent / "docs" / "architecture.md").read_text("utf-8")
    rows = re.findall(r"^\| (\d+) \| ([^|]+) \| ([^|]+) \|", doc, re.M)
    drawn = [[p.strip(" `") for p in patterns.split(",")] for _, _, patterns in rows]
    assert drawn == [patterns for _, patterns in LAYERS]


@pytest.mark.parametrize("line, specs", [
    ('import { a, b } from "./x.js";', ["./x.js"]),
    ('import {\n  a,\n  b,\n} from "../y/z.js";', ["../y/z.js"]),
    ('export { DONE } from "../logic/lesson.js";', ["../logic/lesson.js"]),
    ('import * as s from \'./s.js\';', ["./s.js"]),
    ('import "./side.js";', ["./side.js"]),
    ('  app = import("./app.js");', ["./app.js"]),
    ('// a comment: import("./no.js") and import x from "./no.js"', []),
    ('const w = new Worker(new URL("./worker.js", import.meta.url));', []),
])
def test_the_parser_reads_each_form(line, specs):
    assert imports(line) == specs


def test_an_import_back_up_is_caught(tmp_path):
    """A view that imports the routes (as ui/game-view.js did before the split) fails the rule;
    the other way round passes."""
    (tmp_path / "ui" / "game").mkdir(parents=True)
    (tmp_path / "routes.js").write_text('import { h } from "./ui/dom.js";\n', "utf-8")
    (tmp_path / "ui" / "dom.js").write_text("export const h = 1;\n", "utf-8")
    view = tmp_path / "ui" / "game" / "game-view.js"
    view.write_text('import * as routes from "../../routes.js";\n', "utf-8")
    assert upward(tmp_path) == ["ui/game/game-view.js (views) imports routes.js (addresses)"]


BROWSER_ONLY = re.compile(r"\b(document|window|localStorage|sessionStorage|indexedDB|navigator|"
                          r"Worker|fetch|requestAnimationFrame)\b")
"""What a pure module (docs/architecture.md: `logic/`, data in, data out) never touches: the
page, the browser's storage, workers, the network, frames."""


def _without_comments(source: str) -> str:
    source = re.sub(r"/\*.*?\*/", "", source, flags=re.S)
    return re.sub(r"(^|\s)//.*", "", source)


def test_the_pure_modules_touch_no_page_storage_worker_or_network():
    """Node runs them (tests/js) with none of these; a use inside a function that no Node test
    reaches would only fail in the browser."""
    pure = sorted((SITE_JS / "logic").glob("*.js")) + [SITE_JS / "render" / "ward-pieces.js"]
    found = [f"{path.relative_to(SITE_JS).as_posix()}: {m.group(1)}"
             for path in pure
             for m in BROWSER_ONLY.finditer(_without_comments(path.read_text("utf-8")))]
    assert not found, f"browser-only names in pure modules: {found}"
