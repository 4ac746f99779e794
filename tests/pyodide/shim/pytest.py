"""A minimal stand-in for pytest inside Pyodide, where pytest is not installed.

Enough for plain test modules: ``mark.parametrize`` (stacked, with ``pytest.param``),
``mark.skip``/``skipif``/``xfail``, ``raises`` (with ``match``), ``approx`` for numbers,
``skip()``, ``fail()`` and simple ``fixture`` functions. runner.py reads what these record.
"""

from __future__ import annotations

import math
import re
from typing import Any, Callable


class Skipped(Exception):
    pass


class Failed(AssertionError):
    pass


class ParameterSet:
    def __init__(self, values: tuple, id: str | None = None, marks: Any = ()) -> None:
        self.values = values
        self.id = id
        self.marks = marks


def param(*values: Any, id: str | None = None, marks: Any = ()) -> ParameterSet:
    return ParameterSet(values, id, marks)


class _Mark:
    def __init__(self, name: str, args: tuple, kwargs: dict) -> None:
        self.name, self.args, self.kwargs = name, args, kwargs

    def __call__(self, func: Callable) -> Callable:
        func.__dict__.setdefault("pytestmark", []).append(self)
        return func


class _MarkFactory:
    def __getattr__(self, name: str) -> Callable[..., Any]:
        def make(*args: Any, **kwargs: Any) -> Any:
            # @pytest.mark.slow used bare: the function itself is the only argument
            if len(args) == 1 and callable(args[0]) and not kwargs and name not in ("parametrize", "skipif"):
                return _Mark(name, (), {})(args[0])
            return _Mark(name, args, kwargs)
        return make


mark = _MarkFactory()


def fixture(func: Callable | None = None, **kwargs: Any) -> Any:
    def wrap(f: Callable) -> Callable:
        f._pytest_fixture = True  # type: ignore[attr-defined]
        return f
    return wrap(func) if func is not None else wrap


def skip(reason: str = "") -> None:
    raise Skipped(reason)


def fail(reason: str = "") -> None:
    raise Failed(reason)


def importorskip(name: str, *args: Any, **kwargs: Any) -> Any:
    try:
        return __import__(name)
    except ImportError as error:
        raise Skipped(f"{name} not importable: {error}") from error


class raises:
    def __init__(self, expected: type | tuple, match: str | None = None) -> None:
        self.expected, self.match, self.value = expected, match, None

    def __enter__(self) -> "raises":
        return self

    def __exit__(self, kind: type | None, value: BaseException | None, tb: Any) -> bool:
        if kind is None:
            raise Failed(f"DID NOT RAISE {self.expected}")
        if not issubclass(kind, self.expected):
            return False
        if self.match and not re.search(self.match, str(value)):
            raise Failed(f"{value!r} does not match {self.match!r}")
        self.value = value
        return True


class approx:
    def __init__(self, expected: float, rel: float | None = None, abs: float | None = None) -> None:
        self.expected, self.rel, self.abs = expected, rel if rel is not None else 1e-6, abs if abs is not None else 1e-12

    def __eq__(self, other: object) -> bool:
        return isinstance(other, (int, float)) and math.isclose(other, self.expected, rel_tol=self.rel, abs_tol=self.abs)
