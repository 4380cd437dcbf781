"""`python3 build.py test`: .venv with the pinned test extras, the browsers, the load generator,
then ruff and pytest (in parallel with pytest-xdist) over one build of the site."""

from __future__ import annotations

import hashlib
import os
import subprocess
import sys
import time
from pathlib import Path

from tools.browsers import NODE, TEST_PACKAGES, ensure_chromium
from tools.build_site import build
from tools.common import ROOT, VENV, log
from tools.downloads import axe_source

LINTED = ("py", "tests", "build.py", "tools", "bench")
"""What ruff checks."""

QUICK = "quick or not (browser or slow)"
"""`--quick`'s marker expression: the unit tests and the browser smoke tests (marked `quick`)."""

SLOWEST = 30
"""How many of the slowest tests pytest lists at the end (--durations)."""

JS_TESTS = "tests/js"
"""The page's pure modules' unit tests (site/js/logic), run by Node's own test runner."""


def venv_python() -> Path:
    return VENV / ("Scripts/python.exe" if os.name == "nt" else "bin/python")


def ensure_venv() -> Path:
    """.venv with the project installed editable plus its pinned test extras; installed again
    whenever pyproject.toml changes."""
    python = venv_python()
    if not python.exists():
        log("creating .venv")
        subprocess.run([sys.executable, "-m", "venv", str(VENV)], check=True)
    stamp = VENV / ".installed-pyproject"
    wanted = hashlib.sha256((ROOT / "pyproject.toml").read_bytes()).hexdigest()
    if not stamp.is_file() or stamp.read_text() != wanted:
        log("installing the test extras into .venv (pip install -e .[test])")
        subprocess.run([str(python), "-m", "pip", "install", "--disable-pip-version-check",
                        "--quiet", "-e", ".[test]"], cwd=ROOT, check=True)
        stamp.write_text(wanted)
    return python


def in_venv() -> bool:
    return Path(sys.prefix).resolve() == VENV.resolve()


# Spins until its parent (build.py) is gone, so a killed run leaves no load behind.
LOAD_LOOP = """
import os
parent = os.getppid()
while os.getppid() == parent:
    for _ in range(200_000):
        pass
"""


class Load:
    """A load generator: one busy process per core, at normal priority, for the length of a
    `with` block. It stands for the busy machine CI may be handed (another browser, another
    build): the suite must pass under it, since tests wait for states, never for time."""

    def __init__(self, processes: int | None = None):
        self.count = processes or os.cpu_count() or 2
        self.processes: list[subprocess.Popen] = []

    def __enter__(self) -> Load:
        self.processes = [subprocess.Popen([sys.executable, "-c", LOAD_LOOP])
                          for _ in range(self.count)]
        log(f"load: {self.count} busy processes started")
        return self

    def __exit__(self, *exc) -> None:
        for p in self.processes:
            p.kill()
        for p in self.processes:
            p.wait()
        log("load: stopped")


WORKERS = (os.cpu_count() or 1) + 1
"""One xdist worker more than there are cores: a browser test spends part of its time waiting
(for the page's worker, a reload, a slow line), and with one worker a core the cores stood idle
13 % of the time (vmstat over the longest browser files); a worker more keeps them busy. On this
2-core machine: pytest 591 s with 3 workers against 604-633 s with 2 (docs/testing.md)."""


def pytest_args(user_args: list[str], quick: bool = False) -> list[str]:
    """pytest's arguments: the slowest tests listed at the end, xdist workers (WORKERS) with
    each test file on one worker (so a module's fixtures, a browser of its own, start once), and
    `--quick`'s marker expression; the user's own arguments come last, so theirs win (pytest
    keeps the last -n, --dist, -m, --durations), and `-p no:xdist` turns the workers off."""
    args = [f"--durations={SLOWEST}"]
    if not any("no:xdist" in arg for arg in user_args):
        args += ["-n", str(WORKERS), "--dist", "loadfile"]
    if quick:
        args += ["-m", QUICK]
    return args + user_args


def run_js_tests() -> int:
    """`node --test tests/js`: the page's pure modules (a few seconds, before pytest); its exit
    code. Node's runner exits non-zero on a failure and when it finds no test file."""
    started = time.monotonic()
    done = subprocess.run([NODE, "--test", "--test-reporter=dot", JS_TESTS], cwd=ROOT)
    log(f"node --test {JS_TESTS}: {'FAILED' if done.returncode else 'passed'} in "
        f"{time.monotonic() - started:.1f} s")
    return done.returncode


def run_suite(python: Path, out: Path, args: list[str]) -> int:
    """ruff, the page's unit tests in Node, then pytest with `args` over the built site in
    `out`; 0 when all pass."""
    env = {**os.environ, "TAMMANY_DIST": str(out.resolve())}
    env.setdefault("HYPOTHESIS_PROFILE", "ci")
    lint = subprocess.run([str(python), "-m", "ruff", "check", *LINTED], cwd=ROOT)
    js = run_js_tests()
    tests = subprocess.run([str(python), "-m", "pytest", *args], cwd=ROOT, env=env)
    if tests.returncode == 5:
        log("pytest collected no tests: that counts as a failure")
    if lint.returncode or js or tests.returncode:
        log(f"FAILED: ruff exit {lint.returncode}, node --test exit {js}, "
            f"pytest exit {tests.returncode}")
        return 1
    return 0


def run_tests(out: Path, user_args: list[str], quick: bool = False, under_load: bool = False,
              repeat: int = 1) -> int:
    """The whole `build.py test`: set up, build `out`, run the suite (`repeat` times under load
    with `under_load`); prints the wall time from the start of the command."""
    started = time.monotonic()
    python = ensure_venv()
    ensure_chromium(TEST_PACKAGES)  # the browsers, and Node for tests/js
    axe_source()  # fetched now, with the other downloads, rather than in the middle of pytest
    build(out)
    args = pytest_args(user_args, quick)
    if not under_load:
        failed = run_suite(python, out, args)
        log(f"build.py test: {'FAILED' if failed else 'passed'} in "
            f"{time.monotonic() - started:.1f} s")
        return failed
    walls = []
    for run in range(1, repeat + 1):
        run_started = time.monotonic()
        with Load():
            failed = run_suite(python, out, args)
        walls.append(round(time.monotonic() - run_started, 1))
        log(f"under load, run {run} of {repeat}: {'FAILED' if failed else 'passed'} "
            f"in {walls[-1]} s")
        if failed:
            return 1
    log(f"under load: {repeat} of {repeat} passed in a row; wall times (s): {walls}; "
        f"build.py test: {time.monotonic() - started:.1f} s in all")
    return 0
