#!/usr/bin/env python3
"""The project's one entry point: build | serve | test | bench.

    python3 build.py                 build the static site into dist/
    python3 build.py --out DIR       build it somewhere else
    python3 build.py serve [--port]  build, then serve dist/ on localhost (the "play" command)
    python3 build.py test [-- ARGS]  lint and run the whole pytest suite, browser tests included,
                                     one worker per core; prints the slowest tests and its time
    python3 build.py test --quick    the edit loop: the unit tests and a browser smoke
    python3 build.py test --under-load [--repeat N]
                                     the same with every core kept busy by a load generator
    python3 build.py bench           print start-up and size figures as one JSON object

Standard library only, so a fresh clone needs nothing but Python >= 3.11 (and npm once, to
fetch the pinned Pyodide runtime). The same module is the project's PEP 517 build backend
(see pyproject.toml), so `pip install -e .` and the site use one wheel builder.

Each job lives in a module of tools/ (the site, the wheel, the server, the test run); the
benchmark's measurements in bench/. The names below are re-exported for the tests.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent
if str(ROOT) not in sys.path:  # tools/ must import however this module was loaded (pip's hook)
    sys.path.insert(0, str(ROOT))

from tools.browsers import (  # noqa: E402
    BROWSER_PACKAGES,
    CHROMIUM,
    CHROMIUM_ARGS,
    OFFLINE_READY,
    READY,
    READY_MARK,
    ensure_chromium,
)
from tools.build_site import build, tree_bytes  # noqa: E402
from tools.common import (  # noqa: E402
    CACHE,
    DIST,
    PY,
    SITE,
    VENV,
    BuildError,
    log,
    sha256_file,
)
from tools.downloads import (  # noqa: E402
    AXE_TARBALL,
    AXE_TARBALL_SHA256,
    AXE_VERSION,
    MICROPIP_SHA256,
    MICROPIP_VERSION,
    MICROPIP_WHEEL,
    OPTIONAL_WHEELS,
    PYODIDE_FILES,
    PYODIDE_TARBALL,
    PYODIDE_TARBALL_SHA256,
    PYODIDE_VERSION,
    axe_source,
    cached,
)
from tools.precache import PRECACHE_LINE, SERVICE_WORKER, build_hash, write_precache  # noqa: E402
from tools.serve import (  # noqa: E402
    CSP,
    HEADERS,
    MIME_TYPES,
    SiteHandler,
    SiteServer,
    StoppableSite,
    make_server,
    serve,
    start_server,
)
from tools.testenv import Load, ensure_venv, in_venv, run_tests  # noqa: E402
from tools.wheel import (  # noqa: E402
    PACKAGES,
    ZIP_EPOCH,
    build_editable,
    build_project_wheel,
    build_sdist,
    build_wheel,
    project,
)

__all__ = [  # what the tests and the scripts use from here, and the PEP 517 hooks
    "AXE_TARBALL", "AXE_TARBALL_SHA256", "AXE_VERSION", "BROWSER_PACKAGES", "CACHE", "CHROMIUM",
    "CHROMIUM_ARGS", "CSP", "DIST", "HEADERS", "MICROPIP_SHA256", "MICROPIP_VERSION",
    "MICROPIP_WHEEL", "MIME_TYPES", "OFFLINE_READY", "OPTIONAL_WHEELS", "PACKAGES", "PRECACHE_LINE",
    "PY", "PYODIDE_FILES", "PYODIDE_TARBALL", "PYODIDE_TARBALL_SHA256", "PYODIDE_VERSION", "READY",
    "READY_MARK", "ROOT", "SERVICE_WORKER", "SITE", "VENV", "ZIP_EPOCH", "BuildError", "Load",
    "SiteHandler", "SiteServer", "StoppableSite", "axe_source", "build", "build_editable",
    "build_hash", "build_project_wheel", "build_sdist", "build_wheel", "cached", "make_server",
    "project", "sha256_file", "start_server", "tree_bytes", "write_precache",
]


def cmd_build(args) -> int:
    build(Path(args.out))
    return 0


def cmd_serve(args) -> int:
    out = Path(args.out)
    build(out)
    serve(out, args.port)
    return 0


def cmd_test(args) -> int:
    pytest_args = [a for a in args.pytest_args if a != "--"]
    return run_tests(Path(args.out), pytest_args, quick=args.quick,
                     under_load=args.under_load, repeat=args.repeat)


def cmd_bench(args) -> int:
    if not in_venv():  # Playwright lives in .venv: run this command again there
        python = ensure_venv()
        ensure_chromium()
        os.execv(str(python), [str(python), str(Path(__file__).resolve()), *sys.argv[1:]])
    from bench.run import bench

    out = Path(args.out)
    manifest = build(out)
    print(json.dumps(bench(out, manifest, args.runs, args.only)), flush=True)
    return 0


def parser() -> argparse.ArgumentParser:
    from bench.run import BENCHMARKS  # standard library only until a measurement runs

    top = argparse.ArgumentParser(prog="build.py", description=__doc__.split("\n\n")[0])
    top.add_argument("--out", default=str(DIST), help="where to build the site (dist/)")
    common = argparse.ArgumentParser(add_help=False)
    common.add_argument("--out", default=argparse.SUPPRESS, help="where to build the site")
    commands = top.add_subparsers(dest="command")
    serve = commands.add_parser("serve", parents=[common], help="build, then serve on localhost")
    serve.add_argument("--port", type=int, default=8000)
    test = commands.add_parser("test", parents=[common], help="lint, build, run the whole suite")
    test.add_argument("--quick", action="store_true",
                      help="the unit tests and a browser smoke only (the edit loop)")
    test.add_argument("--under-load", action="store_true",
                      help="keep every core busy with a load generator while the suite runs")
    test.add_argument("--repeat", type=int, default=1,
                      help="with --under-load: run the suite N times, stopping at a failure")
    test.add_argument("pytest_args", nargs=argparse.REMAINDER,
                      help="passed on to pytest after `--` (they win over build.py's: -n, -m, ...)")
    bench = commands.add_parser("bench", parents=[common], help="print figures as one JSON object")
    bench.add_argument("--runs", type=int, default=5, help="cold loads of each page")
    bench.add_argument("--only", nargs="+", choices=list(BENCHMARKS), default=None,
                       help="run only these measurements (default: all)")
    return top


def main(argv: list[str] | None = None) -> int:
    args = parser().parse_args(argv)
    command = {None: cmd_build, "serve": cmd_serve, "test": cmd_test, "bench": cmd_bench}
    try:
        return command[args.command](args)
    except BuildError as err:
        log(f"build.py: {err}")
        return 1


if __name__ == "__main__":
    sys.exit(main())
