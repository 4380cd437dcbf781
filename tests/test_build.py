"""build.py: pinned downloads, a deterministic wheel, the dist/ layout, and the static server."""

import base64
import gzip
import hashlib
import json
import re
import shutil
import tarfile
import urllib.error
import urllib.request
import zipfile
from pathlib import Path

import pytest

import build

WHEEL_NAME = "tammany-0.1.0-py3-none-any.whl"


@pytest.fixture(scope="module")
def built(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("site") / "dist"
    build.build(out)
    return out


# --- the project's wheel ---------------------------------------------------------------------


@pytest.fixture
def frozen_sources(tmp_path, monkeypatch):
    """A copy of py/ and site/ for build.py to read, so edits made meanwhile cannot interfere."""
    for name in ("PY", "SITE"):
        source = getattr(build, name)
        copy = tmp_path / "sources" / source.name
        shutil.copytree(source, copy, ignore=shutil.ignore_patterns("__pycache__"))
        monkeypatch.setattr(build, name, copy)


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
