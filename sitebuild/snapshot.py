"""Python's memory after importing the game, made at build time for the page to restore
instead of booting, and shipped sparse: only the pages that instantiating the WebAssembly does
not already leave as they are."""

from __future__ import annotations

import gzip
import hashlib
import json
import shutil
import struct
import subprocess
import tempfile
from pathlib import Path

from .common import CACHE, NODE_PYODIDE, ROOT, log
from .pyodide import node_module_url


SNAPSHOT_SCRIPT = ROOT / "scripts" / "make_snapshot.mjs"
# Pyodide's snapshot is its header (magic, header size, JSON, build id) and then the whole of
# Python's memory, zero pages included. The file shipped keeps the header and only the memory
# pages that are not zero (format "sparse-1"): the page writes just those, so Python's unused
# 10 MB stack and the never-touched top of its heap stay unallocated in the browser.
SNAPSHOT_FORMAT = b"sparse-2"
SNAPSHOT_PAGE = 4096  # the operating system's page: what a write makes resident


def _leb128(data: bytes, at: int, signed: bool = False) -> tuple[int, int]:
    value = shift = 0
    while True:
        byte = data[at]
        at += 1
        value |= (byte & 0x7F) << shift
        shift += 7
        if byte < 0x80:
            if signed and byte & 0x40:
                value -= 1 << shift
            return value, at


def wasm_initial_memory(wasm: bytes, size: int) -> bytes | None:
    """The memory as instantiating the WebAssembly leaves it (its data segments in place, zero
    elsewhere), or None when a segment is not of the plain kind (active, at a constant offset)."""
    at = 8
    while at < len(wasm):
        section, at = wasm[at], at + 1
        length, at = _leb128(wasm, at)
        if section != 11:  # the data section
            at += length
            continue
        memory = bytearray(size)
        count, at = _leb128(wasm, at)
        for _ in range(count):
            flags, at = _leb128(wasm, at)
            if flags != 0 or wasm[at] != 0x41:  # active in memory 0, offset given by i32.const
                return None
            offset, at = _leb128(wasm, at + 1, signed=True)
            if wasm[at] != 0x0B:
                return None
            length, at = _leb128(wasm, at + 1)
            memory[offset:offset + length] = wasm[at:at + length]
            at += length
        return bytes(memory)
    return bytes(size)


def memory_hash(memory: memoryview, ranges: list[tuple[int, int]]) -> int:
    """FNV-1a over the little-endian 32-bit words of these ranges, in order (web/snapshot.js
    computes the same over the page's memory)."""
    value = 0x811C9DC5
    for start, end in ranges:
        for word in memory[start:end].cast("I"):
            value = ((value ^ word) * 0x01000193) & 0xFFFFFFFF
    return value


def sparse_snapshot(raw: bytes, initial: bytes | None = None) -> tuple[bytes, dict[str, object]]:
    """The snapshot's header followed by the pages of memory that differ from what instantiating
    the WebAssembly leaves (`initial`: its data segments, zero elsewhere; all zero when None),
    and where those pages go. The pages left out below the end of the data segments (CPython's
    static data, most of it never written to) are not zero: the page trusts that its fresh
    module holds them, and checks that by their hash (`initialHash`)."""
    header = struct.unpack_from("<I", raw, 4)[0]
    memory = memoryview(raw)[header:]
    base = memoryview(initial if initial is not None else bytes(len(memory)))
    data_end = -(-len(base.tobytes().rstrip(b"\0")) // SNAPSHOT_PAGE) * SNAPSHOT_PAGE  # a whole page
    runs: list[list[int]] = []
    kept: list[tuple[int, int]] = []  # the pages left out below data_end
    for offset in range(0, len(memory), SNAPSHOT_PAGE):
        end = min(offset + SNAPSHOT_PAGE, len(memory))
        if memory[offset:end] == base[offset:end]:
            if offset < data_end:
                kept.append((offset, end))
            continue
        if runs and runs[-1][0] + runs[-1][1] == offset:
            runs[-1][1] += end - offset
        else:
            runs.append([offset, end - offset])
    body = raw[:header] + b"".join(memory[offset:offset + length] for offset, length in runs)
    return body, {"header": header, "memory": len(memory), "size": len(body), "runs": runs,
                  "initialEnd": data_end, "initialHash": memory_hash(memory, kept)}


def build_snapshot(dist: Path, wheel: Path, page_python: Path, pyodide_version: str) -> dict[str, object] | None:
    """Python's memory after importing the game, sparse and gzip-compressed into dist/, for the
    page to restore instead of booting (web/worker.js); what the page checks before using it and
    where its pages go. Cached by everything it is made from. None (the page boots the ordinary
    way) when it cannot be made."""
    stdlib = dist / "pyodide" / "python_stdlib.zip"
    parts = [pyodide_version.encode(), SNAPSHOT_FORMAT, SNAPSHOT_SCRIPT.read_bytes(),
             (NODE_PYODIDE / "pyodide.asm.wasm").read_bytes(), stdlib.read_bytes(), wheel.read_bytes(),
             page_python.read_bytes()]
    key = hashlib.sha256(b"".join(hashlib.sha256(part).digest() for part in parts)).hexdigest()[:16]
    cached = CACHE / f"snapshot-{key}.bin.gz"
    meta = CACHE / f"snapshot-{key}.json"
    if not cached.exists() or not meta.exists():
        log("making the Pyodide memory snapshot under Node")
        with tempfile.TemporaryDirectory() as tmp:
            raw = Path(tmp) / "snapshot.bin"
            result = subprocess.run(["node", str(SNAPSHOT_SCRIPT), node_module_url(NODE_PYODIDE / "pyodide.mjs"),
                                     str(NODE_PYODIDE) + "/", str(stdlib), str(wheel), str(page_python), str(raw)],
                                    capture_output=True, text=True)
            if result.returncode != 0:
                log(f"no snapshot (the page boots without one): {result.stderr.strip()[-500:]}")
                return None
            made = raw.read_bytes()
            size = len(made) - struct.unpack_from("<I", made, 4)[0]  # the memory, after Pyodide's header
            initial = wasm_initial_memory((NODE_PYODIDE / "pyodide.asm.wasm").read_bytes(), size)
            body, layout = sparse_snapshot(made, initial)
            cached.write_bytes(gzip.compress(body, 6, mtime=0))
            layout.update(json.loads(raw.with_name("snapshot.bin.json").read_text()))
            meta.write_text(json.dumps(layout))
    shutil.copyfile(cached, dist / cached.name)
    layout = json.loads(meta.read_text())
    return {"file": cached.name, "pyodide": pyodide_version, "wheel": hashlib.sha256(wheel.read_bytes()).hexdigest(),
            "pagePython": hashlib.sha256(page_python.read_bytes()).hexdigest(),
            "stdlibSize": stdlib.stat().st_size, **layout}


# The service worker and the cache filling it shares with the page (both templated, so neither
# is among the files they keep: a file cannot hold its own hash).
