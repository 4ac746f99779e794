"""name.gz and name.br beside each file worth compressing, as static hosts serve them."""

from __future__ import annotations

import gzip
import hashlib
import json
import shutil
from pathlib import Path

from .common import CACHE, NODE_FIX, log, run_step

# Encodings stored beside a file (name.br, name.gz) for servers that send them as they are.
PRECOMPRESSED = {".br": "br", ".gz": "gzip"}


# Files worth compressing on the wire (the zips and the wheel are stored; the snapshot is gzip).
COMPRESSIBLE = {".html", ".js", ".mjs", ".css", ".json", ".webmanifest", ".svg", ".wasm", ".zip", ".whl"}

# Runs under Node (Python's standard library has no brotli): [source, target, quality] jobs.
BROTLI_JS = r"""
const zlib = require("node:zlib"), fs = require("node:fs");
for (const [source, target, quality] of JSON.parse(process.argv[1])) {
  const data = fs.readFileSync(source);
  fs.writeFileSync(target, zlib.brotliCompressSync(data, { params: {
    [zlib.constants.BROTLI_PARAM_QUALITY]: quality, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: data.length } }));
}
"""


def is_precompressed(path: Path) -> bool:
    """A copy of another file in an encoding (name.br, name.gz), not a file of its own."""
    return path.suffix in PRECOMPRESSED and path.with_suffix("").is_file()


def precompress(dist: Path) -> None:
    """name.gz and name.br beside each compressible file, as static hosts serve them (and as
    `serve` does), kept only when smaller. Both are cached by content: the big files (Pyodide,
    the standard library) never change, and brotli at its best takes minutes on them."""
    store = CACHE / "precompressed"
    store.mkdir(parents=True, exist_ok=True)
    brotli_jobs: list[tuple[str, str, int]] = []
    made: list[tuple[Path, Path, Path]] = []  # (file, its cached .gz, its cached .br)
    for path in sorted(p for p in dist.rglob("*") if p.is_file() and p.suffix in COMPRESSIBLE):
        data = path.read_bytes()
        key = hashlib.sha256(data).hexdigest()
        gz, br = store / f"{key}.gz", store / f"{key}.br"
        if not gz.exists():
            gz.write_bytes(gzip.compress(data, 9, mtime=0))
        if not br.exists():
            # quality 11 is several times slower than 9 for a few per cent: only for small files
            brotli_jobs.append((str(path), str(br), 11 if len(data) < 1_000_000 else 9))
        made.append((path, gz, br))
    if brotli_jobs:
        log(f"brotli for {len(brotli_jobs)} files (cached for later builds)")
        run_step(["node", "-e", BROTLI_JS, json.dumps(brotli_jobs)], "brotli compression under Node", NODE_FIX)
    for path, gz, br in made:
        size = path.stat().st_size
        for cached, suffix in ((gz, ".gz"), (br, ".br")):
            if cached.stat().st_size < 0.95 * size:
                shutil.copyfile(cached, path.with_name(path.name + suffix))
