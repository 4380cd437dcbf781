"""build.py and tools/: pinned downloads, a deterministic wheel and the PEP 517 backend, the
dist/ layout, the static server, the test command's pytest arguments, and tools/ and bench/
standing apart from tests/."""

import ast
import base64
import gzip
import hashlib
import json
import os
import re
import shutil
import subprocess
import sys
import tarfile
import tomllib
import urllib.error
import urllib.request
import zipfile
from pathlib import Path

import pytest

import build
import tools.build_site
import tools.wheel
from tools import testenv

WHEEL_NAME = "tammany-0.1.0-py3-none-any.whl"


@pytest.fixture(scope="module")
def built(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("site") / "dist"
    build.build(out)
    return out


# --- the project's wheel ---------------------------------------------------------------------


@pytest.fixture
def frozen_sources(tmp_path, monkeypatch):
    """A copy of py/ and site/ for the build to read, so edits made meanwhile cannot interfere."""
    for module, name in ((tools.wheel, "PY"), (tools.build_site, "SITE")):
        source = getattr(module, name)
        copy = tmp_path / "sources" / source.name
        shutil.copytree(source, copy, ignore=shutil.ignore_patterns("__pycache__"))
        monkeypatch.setattr(module, name, copy)


def test_the_wheel_is_byte_for_byte_the_same_when_built_twice(tmp_path, frozen_sources):
    (tmp_path / "a").mkdir()
    (tmp_path / "b").mkdir()
    first = build.build_project_wheel(tmp_path / "a")
    second = build.build_project_wheel(tmp_path / "b")
    assert first.name == second.name == WHEEL_NAME
    assert first.read_bytes() == second.read_bytes()


def test_the_wheel_has_fixed_times_sorted_sources_and_a_true_record(tmp_path):
    wheel = build.build_project_wheel(tmp_path)
    with zipfile.ZipFile(wheel) as zf:
        infos = zf.infolist()
        names = [i.filename for i in infos]
        assert all(i.date_time == build.ZIP_EPOCH for i in infos)
        sources = [n for n in names if not n.startswith("tammany-0.1.0.dist-info/")]
        assert sources == sorted(sources) and "tammany/bridge.py" in sources
        assert not any("__pycache__" in n or n.endswith(".pyc") for n in names)
        assert names[-3:] == [f"tammany-0.1.0.dist-info/{f}" for f in ("METADATA", "WHEEL",
                                                                       "RECORD")]
        record = zf.read("tammany-0.1.0.dist-info/RECORD").decode().splitlines()
        assert len(record) == len(names)
        for line in record:
            path, digest, size = line.split(",")
            if path.endswith("RECORD"):
                assert digest == size == ""
                continue
            data = zf.read(path)
            expected = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=")
            assert (digest, int(size)) == (f"sha256={expected.decode()}", len(data))
        metadata = zf.read("tammany-0.1.0.dist-info/METADATA").decode()
        assert "Name: tammany\n" in metadata and "Version: 0.1.0\n" in metadata
        assert "Tag: py3-none-any" in zf.read("tammany-0.1.0.dist-info/WHEEL").decode()


def test_the_editable_wheel_points_at_the_sources(tmp_path):
    name = build.build_editable(str(tmp_path))
    with zipfile.ZipFile(tmp_path / name) as zf:
        assert zf.read("tammany.pth").decode().strip() == str(build.PY)


def test_the_sdist_carries_the_backend_and_builds_the_same_wheel_on_its_own(tmp_path,
                                                                          frozen_sources):
    name = build.build_sdist(str(tmp_path))
    with tarfile.open(tmp_path / name) as tar:
        tar.extractall(tmp_path / "unpacked", filter="data")
    [tree] = (tmp_path / "unpacked").iterdir()
    tools_files = {p.name for p in (build.ROOT / "tools").glob("*.py")}
    assert {"build.py", "pyproject.toml"} <= {p.name for p in tree.iterdir()}
    assert {p.name for p in (tree / "tools").glob("*.py")} == tools_files
    # pip imports the backend from backend-path alone: -I keeps this project off sys.path.
    hook = ("import sys; sys.path.insert(0, '.'); import build; "
            "print(build.build_wheel(sys.argv[1]))")
    (tmp_path / "from-sdist").mkdir()
    result = subprocess.run([sys.executable, "-I", "-c", hook, str(tmp_path / "from-sdist")],
                            cwd=tree, capture_output=True, text=True, check=True)
    assert result.stdout.strip() == WHEEL_NAME
    (tmp_path / "here").mkdir()
    here = build.build_project_wheel(tmp_path / "here")
    assert (tmp_path / "from-sdist" / WHEEL_NAME).read_bytes() == here.read_bytes()


# --- pinned downloads ------------------------------------------------------------------------


def fetcher(content: bytes, calls: list):
    def fetch(folder: Path) -> None:
        calls.append(folder)
        (folder / "thing.bin").write_bytes(content)
    return fetch


def test_a_download_with_the_wrong_hash_is_refused_and_not_kept(tmp_path):
    pin = hashlib.sha256(b"good").hexdigest()
    with pytest.raises(build.BuildError, match="does not match the pinned"):
        build.cached("thing.bin", pin, fetcher(b"evil", []), cache=tmp_path)
    assert not (tmp_path / "thing.bin").exists()


def test_a_warm_cache_is_used_without_fetching(tmp_path):
    (tmp_path / "thing.bin").write_bytes(b"good")
    calls = []
    path = build.cached("thing.bin", hashlib.sha256(b"good").hexdigest(), fetcher(b"x", calls),
                        cache=tmp_path)
    assert path.read_bytes() == b"good" and calls == []


def test_a_damaged_cache_file_is_fetched_again(tmp_path):
    (tmp_path / "thing.bin").write_bytes(b"damaged")
    calls = []
    path = build.cached("thing.bin", hashlib.sha256(b"good").hexdigest(), fetcher(b"good", calls),
                        cache=tmp_path)
    assert path.read_bytes() == b"good" and len(calls) == 1


def test_the_cached_downloads_match_their_pins(built):
    assert build.sha256_file(build.CACHE / build.PYODIDE_TARBALL) == build.PYODIDE_TARBALL_SHA256
    assert build.sha256_file(build.CACHE / build.MICROPIP_WHEEL) == build.MICROPIP_SHA256


# --- dist/ -------------------------------------------------------------------------------------


def test_dist_holds_the_site_the_runtime_core_and_both_wheels(built):
    assert sorted(p.name for p in (built / "pyodide").iterdir()) == sorted(build.PYODIDE_FILES)
    with tarfile.open(build.CACHE / build.PYODIDE_TARBALL) as tar:
        for name in build.PYODIDE_FILES:
            member = tar.extractfile(f"package/{name}")
            assert (built / "pyodide" / name).read_bytes() == member.read(), name
    assert sorted(p.name for p in (built / "wheels").iterdir()) == sorted(
        [build.MICROPIP_WHEEL, WHEEL_NAME, *build.OPTIONAL_WHEELS])
    for page in ("index.html", "js/boot.js", "js/worker.js", "js/client.js", "css/app.css"):
        assert (built / page).is_file(), page
    assert not list(built.rglob("*.py")), "development scripts stay out of dist/"
    for bench_page in ("bare", "control"):
        assert not (built / bench_page).exists(), "the benchmark's pages stay out of dist/"


def test_dist_lists_every_module_app_js_needs_for_boot_to_preload(built):
    """boot.js asks for app.js's modules at once (<link rel="modulepreload">) from the list the
    build writes: every module app.js imports, directly or through others, each once, and only
    files that are there (a module missing from the list would load late, one that is not there
    would be a failed request)."""
    listed = json.loads((built / "js" / "app-modules.json").read_text("utf-8"))
    assert listed[0] == "js/app.js" and len(listed) == len(set(listed))
    assert all((built / path).is_file() for path in listed)
    for deep in ("js/ui/game/game-view.js", "js/logic/compose.js", "js/render/map.js",
                 "js/ui/replay/review-panel.js", "js/logic/review-view.js"):
        assert deep in listed, deep
    assert "js/boot.js" not in listed and "js/worker.js" not in listed


def test_the_manifest_lists_every_file_with_its_size_and_hash(built):
    manifest = json.loads((built / "build.json").read_text())
    assert manifest["wheel"] == f"wheels/{WHEEL_NAME}"
    files = {p.relative_to(built).as_posix() for p in built.rglob("*") if p.is_file()}
    assert set(manifest["files"]) == files - {"build.json"}
    for name, entry in manifest["files"].items():
        assert entry["size"] == (built / name).stat().st_size
        assert entry["sha256"] == build.sha256_file(built / name)


def test_the_same_sources_build_the_same_site(tmp_path, frozen_sources):
    # build.json holds every file's SHA-256, so equal manifests mean equal bytes.
    build.build(tmp_path / "one")
    build.build(tmp_path / "two")
    assert (tmp_path / "one/build.json").read_bytes() == (tmp_path / "two/build.json").read_bytes()


def test_a_folder_that_is_not_a_build_is_never_replaced(tmp_path):
    (tmp_path / "precious.txt").write_text("keep me")
    with pytest.raises(build.BuildError, match="not replacing"):
        build.build(tmp_path)
    assert (tmp_path / "precious.txt").read_text() == "keep me"


# --- the page's static rules --------------------------------------------------------------------


def test_the_page_carries_the_servers_csp_and_no_inline_script():
    html = (build.SITE / "index.html").read_text()
    meta = re.search(r'http-equiv="Content-Security-Policy" content="([^"]*)"', html)
    assert meta and meta.group(1) == build.CSP
    for script in re.findall(r"<script\b[^>]*>(.*?)</script>", html, re.S):
        assert script.strip() == ""
    assert all('type="module"' in tag and "src=" in tag
               for tag in re.findall(r"<script\b[^>]*>", html))


def test_every_path_in_the_page_is_relative():
    html = (build.SITE / "index.html").read_text()
    for url in re.findall(r'(?:src|href)="([^"]*)"', html):
        assert not re.match(r"^(/|[a-z]+:)", url), url


# --- the server ---------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def server(built):
    server, url = build.start_server(root=built, prefix="/games/tammany/",
                                     overrides={"extra/hello.txt": b"hi"})
    yield url
    server.shutdown()
    server.server_close()


def get(url: str, **headers):
    request = urllib.request.Request(url, headers=headers)
    try:
        with urllib.request.urlopen(request) as response:
            return response.status, response.headers, response.read()
    except urllib.error.HTTPError as err:
        return err.code, err.headers, err.read()


@pytest.mark.parametrize("path, mime", [
    ("", "text/html; charset=utf-8"),
    ("js/boot.js", "text/javascript; charset=utf-8"),
    ("pyodide/pyodide.mjs", "text/javascript; charset=utf-8"),
    ("pyodide/pyodide.asm.wasm", "application/wasm"),
    ("pyodide/python_stdlib.zip", "application/zip"),
    ("build.json", "application/json"),
    ("css/app.css", "text/css; charset=utf-8"),
])
def test_the_server_sends_types_and_the_csp(server, built, path, mime):
    status, headers, body = get(server + path)
    assert status == 200 and headers["Content-Type"] == mime
    assert headers["Content-Security-Policy"] == build.CSP
    assert body == (built / (path or "index.html")).read_bytes()


def test_the_server_compresses_what_compresses(server, built):
    status, headers, body = get(server + "pyodide/pyodide.asm.wasm", **{"Accept-Encoding": "gzip"})
    assert status == 200 and headers["Content-Encoding"] == "gzip"
    assert gzip.decompress(body) == (built / "pyodide/pyodide.asm.wasm").read_bytes()
    _, headers, _ = get(server + "wheels/" + WHEEL_NAME, **{"Accept-Encoding": "gzip"})
    assert headers["Content-Encoding"] is None


def test_the_server_revalidates_with_etags(server):
    _, headers, _ = get(server + "js/boot.js")
    status, _, body = get(server + "js/boot.js", **{"If-None-Match": headers["ETag"]})
    assert (status, body) == (304, b"")


def test_the_server_keeps_to_its_sub_path(server):
    root = server.removesuffix("games/tammany/")
    assert get(root + "index.html")[0] == 404
    status, headers, _ = get(root + "games/tammany")
    assert status == 200  # redirected to the folder
    assert get(server + "../../build.py")[0] == 404
    assert get(server + ".hidden")[0] == 404
    assert get(server + "extra/hello.txt")[2] == b"hi"


# --- the test command ---------------------------------------------------------------------------


def test_the_test_command_runs_a_worker_more_than_cores_lists_the_slowest_lets_the_user_win():
    workers = str((os.cpu_count() or 1) + 1)
    assert testenv.pytest_args([]) == ["--durations=30", "-n", workers, "--dist", "loadfile"]
    # the user's arguments come last, where pytest's last -n, -m or --durations wins
    assert testenv.pytest_args(["-n", "0", "tests/x.py"])[-3:] == ["-n", "0", "tests/x.py"]
    quick = testenv.pytest_args(["-x"], quick=True)
    assert quick[quick.index("-m") + 1] == testenv.QUICK and quick[-1] == "-x"
    no_workers = testenv.pytest_args(["-p", "no:xdist"])
    assert "-n" not in no_workers and "--dist" not in no_workers
    assert no_workers[-2:] == ["-p", "no:xdist"]


def test_quick_selects_the_unit_tests_and_the_marked_browser_smoke(tmp_path):
    markers = tomllib.loads((build.ROOT / "pyproject.toml").read_text("utf-8"))[
        "tool"]["pytest"]["ini_options"]["markers"]
    (tmp_path / "pytest.ini").write_text("[pytest]\nmarkers =\n" +
                                         "".join(f"    {m}\n" for m in markers))
    (tmp_path / "test_sample.py").write_text(
        "import pytest\n"
        "def test_unit(): pass\n"
        "@pytest.mark.browser\ndef test_screen(): pass\n"
        "@pytest.mark.browser\n@pytest.mark.quick\ndef test_smoke(): pass\n"
        "@pytest.mark.slow\ndef test_property(): pass\n")
    result = subprocess.run(
        [sys.executable, "-m", "pytest", "--collect-only", "-q", "--strict-markers",
         "-p", "no:cacheprovider", "-m", testenv.QUICK], cwd=tmp_path, capture_output=True,
        text=True)
    assert result.returncode == 0, result.stdout + result.stderr
    chosen = {line.split("::")[1] for line in result.stdout.splitlines() if "::" in line}
    assert chosen == {"test_unit", "test_smoke"}


# --- tools/ and bench/ import nothing from tests/ -----------------------------------------------

TEST_MODULES = {"tests"} | {p.stem for p in (build.ROOT / "tests").rglob("*.py")}
"""Names an import would reach tests/ by: the folder, or a module of it put on sys.path."""


def is_sys_path(node: ast.AST) -> bool:
    while isinstance(node, ast.Subscript | ast.Attribute) and not (
            isinstance(node, ast.Attribute) and node.attr == "path"):
        node = node.value
    return (isinstance(node, ast.Attribute) and node.attr == "path"
            and isinstance(node.value, ast.Name) and node.value.id == "sys")


def reaches_into_tests(source: str) -> list[str]:
    """What in `source` imports from tests/ or puts a tests/ folder on sys.path."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            found += [a.name for a in node.names if a.name.split(".")[0] in TEST_MODULES]
        elif isinstance(node, ast.ImportFrom) and not node.level and node.module:
            if node.module.split(".")[0] in TEST_MODULES:
                found.append(node.module)
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute):
            changes_path = is_sys_path(node.func.value)
        elif isinstance(node, ast.Assign | ast.AugAssign):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            changes_path = any(is_sys_path(t) for t in targets)
        else:
            changes_path = False
        if changes_path and any(isinstance(c, ast.Constant) and isinstance(c.value, str)
                                and "tests" in c.value for c in ast.walk(node)):
            found.append(f"sys.path with tests/ (line {node.lineno})")
    return found


def test_the_check_finds_an_import_from_tests():
    old_bench = (
        "import sys\nfrom pathlib import Path\n"
        "sys.path.insert(0, str(ROOT / 'tests' / 'browser'))\n"
        "sys.path[:0] = [str(ROOT), str(ROOT / 'tests')]\n"
        "from layout_kit import open_code\nimport tests.enginekit\nimport json\n"
        "from tools.engines import launch\nsys.path.insert(0, str(ROOT / 'py'))\n")
    assert sorted(reaches_into_tests(old_bench)) == [
        "layout_kit", "sys.path with tests/ (line 3)", "sys.path with tests/ (line 4)",
        "tests.enginekit"]


@pytest.mark.parametrize("folder", ["tools", "bench"])
def test_tools_and_bench_import_nothing_from_tests(folder):
    files = sorted((build.ROOT / folder).rglob("*.py"))
    assert files
    for path in files:
        assert reaches_into_tests(path.read_text("utf-8")) == [], path
