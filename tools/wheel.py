"""The project's wheel, written byte for byte the same from the same sources, and the PEP 517
hooks that pip calls (pyproject.toml: build-backend = "build", which re-exports them)."""

from __future__ import annotations

import base64
import hashlib
import io
import tarfile
import tomllib
import zipfile
from pathlib import Path

from tools.common import PY, ROOT

PACKAGES = ("tammany", "standings")
"""The project's wheel: the rules package (standard library only) and the archive's package
(statistics and ratings of finished games; it reads games through tammany, never the reverse)."""

ZIP_EPOCH = (1980, 1, 1, 0, 0, 0)
"""Every entry of the project's wheel carries this time stamp, so equal sources give equal bytes."""


def project() -> dict:
    return tomllib.loads((ROOT / "pyproject.toml").read_text("utf-8"))["project"]


def metadata_text(meta: dict) -> str:
    lines = [
        "Metadata-Version: 2.1",
        f"Name: {meta['name']}",
        f"Version: {meta['version']}",
        f"Summary: {meta['description']}",
        f"Requires-Python: {meta['requires-python']}",
        f"License: {meta['license']['text']}",
    ]
    lines += [f"Requires-Dist: {req}" for req in meta.get("dependencies", [])]
    for extra, reqs in meta.get("optional-dependencies", {}).items():
        lines.append(f"Provides-Extra: {extra}")
        lines += [f'Requires-Dist: {req}; extra == "{extra}"' for req in reqs]
    return "\n".join(lines) + "\n"


def record_hash(data: bytes) -> str:
    digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
    return f"sha256={digest}"


def package_files(name: str) -> list[tuple[str, bytes]]:
    """The package's files as (path in the wheel, bytes), sorted; caches and bytecode left out."""
    files = (p for p in (PY / name).rglob("*")
             if p.is_file() and "__pycache__" not in p.parts and p.suffix not in {".pyc", ".pyo"})
    return sorted((p.relative_to(PY).as_posix(), p.read_bytes()) for p in files)


def write_wheel(folder: Path, files: list[tuple[str, bytes]], meta: dict | None = None) -> Path:
    """A py3-none-any wheel of `files` plus its dist-info, with fixed times and order."""
    meta = meta or project()
    name, version = meta["name"], meta["version"]
    dist_info = f"{name}-{version}.dist-info"
    wheel = "Wheel-Version: 1.0\nGenerator: build.py\nRoot-Is-Purelib: true\nTag: py3-none-any\n"
    entries = list(files) + [
        (f"{dist_info}/METADATA", metadata_text(meta).encode()),
        (f"{dist_info}/WHEEL", wheel.encode()),
    ]
    record = "".join(f"{path},{record_hash(data)},{len(data)}\n" for path, data in entries)
    entries.append((f"{dist_info}/RECORD", (record + f"{dist_info}/RECORD,,\n").encode()))
    path = folder / f"{name}-{version}-py3-none-any.whl"
    with zipfile.ZipFile(path, "w") as zf:
        for arcname, data in entries:
            info = zipfile.ZipInfo(arcname, ZIP_EPOCH)
            info.external_attr = 0o644 << 16
            info.compress_type = zipfile.ZIP_DEFLATED
            zf.writestr(info, data, compresslevel=9)
    return path


def project_files() -> list[tuple[str, bytes]]:
    return sorted(entry for package in PACKAGES for entry in package_files(package))


def build_project_wheel(folder: Path) -> Path:
    return write_wheel(folder, project_files(), project())


# --- PEP 517 hooks ---------------------------------------------------------------------------


def build_wheel(wheel_directory, config_settings=None, metadata_directory=None):
    return build_project_wheel(Path(wheel_directory)).name


def build_editable(wheel_directory, config_settings=None, metadata_directory=None):
    meta = project()
    pth = (f"{meta['name']}.pth", (str(PY) + "\n").encode())
    return write_wheel(Path(wheel_directory), [pth], meta).name


def backend_files() -> list[str]:
    """The backend's own files (paths from ROOT), which an sdist needs to build its wheel."""
    tools = sorted(p.relative_to(ROOT).as_posix() for p in (ROOT / "tools").glob("*.py"))
    return ["pyproject.toml", "build.py", *tools]


def build_sdist(sdist_directory, config_settings=None):
    meta = project()
    base = f"{meta['name']}-{meta['version']}"
    members = [("PKG-INFO", metadata_text(meta).encode())]
    members += [(name, (ROOT / name).read_bytes()) for name in backend_files()]
    members += [(f"py/{path}", data) for path, data in project_files()]
    path = Path(sdist_directory) / f"{base}.tar.gz"
    with tarfile.open(path, "w:gz", format=tarfile.PAX_FORMAT) as tar:
        for name, data in members:
            info = tarfile.TarInfo(f"{base}/{name}")
            info.size, info.mode = len(data), 0o644
            tar.addfile(info, io.BytesIO(data))
    return path.name
