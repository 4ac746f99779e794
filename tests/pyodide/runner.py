"""Runs test modules inside Pyodide without pytest (see shim/pytest.py for what is supported).

Called by run.mjs. Modules listed by run.mjs are imported; every ``test_*`` function is called,
once per ``parametrize`` combination, with simple fixtures resolved from the module (and
``tmp_path``). Modules that need what Pyodide lacks (hypothesis, subprocesses, the browser
tests' playwright) are reported as not runnable here, not as failures: they run under pytest.
"""

from __future__ import annotations

import importlib
import inspect
import itertools
import pathlib
import sys
import tempfile
import time
import traceback
from typing import Any, Callable

import pytest  # the shim

NOT_IN_PYODIDE = ("hypothesis", "playwright", "subprocess", "multiprocessing")


def parameter_sets(func: Callable) -> list[tuple[str, dict[str, Any]]]:
    """Every combination of stacked parametrize marks, as (id, kwargs)."""
    marks = [m for m in getattr(func, "pytestmark", []) if m.name == "parametrize"]
    if not marks:
        return [("", {})]
    axes = []
    for m in marks:
        names = m.args[0]
        names = [n.strip() for n in names.split(",")] if isinstance(names, str) else list(names)
        rows = []
        for i, value in enumerate(m.args[1]):
            ident = None
            if isinstance(value, pytest.ParameterSet):
                ident, value = value.id, value.values
                value = value if len(names) > 1 else value[0]
            values = tuple(value) if len(names) > 1 else (value,)
            rows.append((ident or "-".join(map(str, values))[:40] or str(i), dict(zip(names, values))))
        axes.append(rows)
    out = []
    for combo in itertools.product(*axes):
        ident = "-".join(c[0] for c in combo)
        kwargs: dict[str, Any] = {}
        for c in combo:
            kwargs.update(c[1])
        out.append((ident, kwargs))
    return out


def skip_reason(func: Callable) -> str | None:
    for m in getattr(func, "pytestmark", []):
        if m.name == "skip":
            return m.kwargs.get("reason", "skip")
        if m.name == "skipif" and m.args and m.args[0]:
            return m.kwargs.get("reason", "skipif")
    return None


def resolve(name: str, module: Any, cleanups: list) -> Any:
    if name == "tmp_path":
        return pathlib.Path(tempfile.mkdtemp())
    fixture = getattr(module, name, None)
    if fixture is None or not getattr(fixture, "_pytest_fixture", False):
        raise LookupError(f"fixture {name!r} is not available in the Pyodide runner")
    kwargs = {p: resolve(p, module, cleanups) for p in inspect.signature(fixture).parameters}
    value = fixture(**kwargs)
    if inspect.isgenerator(value):
        cleanups.append(value)
        value = next(value)
    return value


def run(module_names: list[str]) -> tuple[int, int, int]:
    passed = failed = unsupported = 0
    for name in module_names:
        try:
            module = importlib.import_module(name)
        except ImportError as error:
            if any(n in str(error) for n in NOT_IN_PYODIDE):
                print(f"  {name}: not runnable in Pyodide ({error}); pytest runs it")
                continue
            print(f"FAIL {name}: import error\n{traceback.format_exc()}")
            failed += 1
            continue
        except Exception:
            print(f"FAIL {name}: import error\n{traceback.format_exc()}")
            failed += 1
            continue
        started = time.perf_counter()
        count = 0
        for attr, func in sorted(vars(module).items()):
            if not attr.startswith("test") or not inspect.isfunction(func) or func.__module__ != module.__name__:
                continue
            if skip_reason(func):
                continue
            for ident, params in parameter_sets(func):
                label = f"{name}::{attr}" + (f"[{ident}]" if ident else "")
                cleanups: list = []
                try:
                    kwargs = dict(params)
                    for p in inspect.signature(func).parameters:
                        if p not in kwargs:
                            kwargs[p] = resolve(p, module, cleanups)
                    func(**kwargs)
                    passed += 1
                    count += 1
                except pytest.Skipped:
                    pass
                except LookupError as error:
                    print(f"  {label}: {error}")
                    unsupported += 1
                except Exception:
                    failed += 1
                    print(f"FAIL {label}\n{traceback.format_exc()}")
                finally:
                    for gen in cleanups:
                        gen.close()
        print(f"  {name}: {count} passed in {time.perf_counter() - started:.1f} s")
    return passed, failed, unsupported


if __name__ == "__main__":
    sys.exit(0)
