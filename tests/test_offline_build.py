"""build.py's part of offline play (docs/offline.md): the service worker's precache list and content
hash, the web app manifest and the icons in dist/. The browser side is
tests/browser/test_offline.py."""

import gzip
import json
import shutil
import struct
import urllib.request
from pathlib import Path

import pytest

import build


@pytest.fixture(scope="module")
def built(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("offline") / "dist"
    build.build(out)
    return out


def precache(folder: Path) -> dict:
    text = (folder / build.SERVICE_WORKER).read_text("utf-8")
    [line] = [x for x in text.splitlines() if x.startswith(build.PRECACHE_LINE)]
    return json.loads(line[len(build.PRECACHE_LINE):line.rindex("};") + 1])


def test_the_worker_lists_every_file_of_the_build_with_its_hash(built):
    listed = precache(built)
    files = {p.relative_to(built).as_posix() for p in built.rglob("*") if p.is_file()}
    assert set(listed["files"]) == files - {"sw.js"}
    assert listed["files"].pop("build.json") is None  # it lists sw.js: checked by content
    for path, sha256 in listed["files"].items():
        assert sha256 == build.sha256_file(built / path), path
    for needed in ("index.html", "pyodide/pyodide.asm.wasm", "pyodide/python_stdlib.zip",
                   "js/worker.js", "manifest.webmanifest", "icons/icon-512.png"):
        assert needed in listed["files"], needed
    assert any(path.startswith("wheels/tammany-") for path in listed["files"])


def test_the_build_hash_is_made_from_the_files_bytes(built):
    listed = precache(built)["files"]
    listed.pop("build.json")
    assert precache(built)["build"] == build.build_hash(listed)
    assert len(precache(built)["build"]) == 64


def test_the_build_json_lists_the_filled_in_worker(built):
    manifest = json.loads((built / "build.json").read_text())
    assert manifest["files"]["sw.js"]["sha256"] == build.sha256_file(built / "sw.js")


def test_one_changed_byte_anywhere_changes_the_build_hash(built, tmp_path):
    copy = tmp_path / "copy"
    shutil.copytree(built, copy)
    shutil.copyfile(build.SITE / "sw.js", copy / "sw.js")  # the template, as the build sees it
    assert build.write_precache(copy) == precache(built)["build"]  # same bytes, same hash
    data = copy / "data" / "wards.json"
    data.write_bytes(data.read_bytes() + b" ")
    shutil.copyfile(build.SITE / "sw.js", copy / "sw.js")
    assert build.write_precache(copy) != precache(built)["build"]


def test_a_worker_without_its_precache_line_stops_the_build(tmp_path):
    (tmp_path / "sw.js").write_text("// no list here\n")
    with pytest.raises(build.BuildError, match="const PRECACHE"):
        build.write_precache(tmp_path)


def test_the_manifest_is_relative_and_its_icons_exist_at_their_sizes(built):
    manifest = json.loads((built / "manifest.webmanifest").read_text())
    assert manifest["start_url"] == manifest["scope"] == manifest["id"] == "./"
    assert manifest["display"] == "standalone"
    for icon in manifest["icons"]:
        assert not icon["src"].startswith(("/", "http")), icon["src"]
        data = (built / icon["src"]).read_bytes()
        if icon["type"] == "image/png":
            assert data[:8] == b"\x89PNG\r\n\x1a\n"
            width, height = struct.unpack(">II", data[16:24])
            assert icon["sizes"] == f"{width}x{height}"
        else:
            assert icon["type"] == "image/svg+xml" and data.lstrip().startswith(b"<svg")


def test_the_page_links_the_manifest(built):
    html = (built / "index.html").read_text("utf-8")
    assert '<link rel="manifest" href="manifest.webmanifest">' in html
    assert '<meta name="theme-color"' in html


def test_the_server_sends_the_worker_and_manifest_fresh_compressed_and_typed(built):
    server, url = build.start_server(root=built)
    try:
        for path, kind in (("sw.js", "text/javascript"),
                           ("manifest.webmanifest", "application/manifest+json")):
            request = urllib.request.Request(url + path, headers={"Accept-Encoding": "gzip"})
            with urllib.request.urlopen(request) as response:
                assert response.headers["Content-Type"].split(";")[0] == kind
                assert response.headers["Content-Encoding"] == "gzip"
                # the browser must look for a new build's worker on every visit
                assert response.headers["Cache-Control"] == "no-cache"
                assert gzip.decompress(response.read()) == (built / path).read_bytes()
    finally:
        server.shutdown()
        server.server_close()
