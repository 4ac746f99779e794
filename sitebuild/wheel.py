"""The draughts wheel, written by hand (no setuptools needed)."""

from __future__ import annotations

import base64
import hashlib
import re
import zipfile
from pathlib import Path

from .common import PACKAGE, zip_write


def package_version(package_dir: Path = PACKAGE) -> str:
    init = package_dir / "__init__.py"
    if init.exists():
        match = re.search(r"^__version__\s*[:=][^\"']*[\"']([^\"']+)[\"']", init.read_text("utf-8"), re.M)
        if match:
            return match.group(1)
    return "0.1.0"


def _record_hash(data: bytes) -> str:
    digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
    return f"sha256={digest}"


def build_wheel(out_dir: Path, package_dir: Path = PACKAGE) -> Path:
    """Write draughts-<version>-py3-none-any.whl from the package's source files.

    Pure Python, no Requires-Dist: micropip would otherwise ask PyPI for dependencies.
    """
    if not (package_dir / "__init__.py").exists():
        raise SystemExit(f"no package at {package_dir} (expected {package_dir}/__init__.py)")
    version = package_version(package_dir)
    dist_info = f"draughts-{version}.dist-info"
    files: list[tuple[str, bytes]] = []
    for path in sorted(package_dir.rglob("*")):
        if path.is_dir() or "__pycache__" in path.parts or path.suffix in (".pyc", ".pyo"):
            continue
        files.append((f"draughts/{path.relative_to(package_dir).as_posix()}", path.read_bytes()))
    metadata = (f"Metadata-Version: 2.1\nName: draughts\nVersion: {version}\n"
                "Summary: Draughts (checkers) rules engine and computer opponent, pure Python\n"
                "Requires-Python: >=3.11\n").encode()
    wheel = (b"Wheel-Version: 1.0\nGenerator: draughts-build.py\nRoot-Is-Purelib: true\n"
             b"Tag: py3-none-any\n")
    files.append((f"{dist_info}/METADATA", metadata))
    files.append((f"{dist_info}/WHEEL", wheel))
    record_lines = [f"{name},{_record_hash(data)},{len(data)}" for name, data in files]
    record_lines.append(f"{dist_info}/RECORD,,")
    files.append((f"{dist_info}/RECORD", ("\n".join(record_lines) + "\n").encode()))
    out_dir.mkdir(parents=True, exist_ok=True)
    target = out_dir / f"draughts-{version}-py3-none-any.whl"
    with zipfile.ZipFile(target, "w") as zf:
        for name, data in files:
            zip_write(zf, name, data)
    return target
