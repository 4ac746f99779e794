"""The docstring examples of every module and the README's examples run as tests."""

from __future__ import annotations

import doctest
import importlib
import pkgutil
from pathlib import Path

import pytest

import draughts

ROOT = Path(__file__).resolve().parent.parent
MODULES = sorted(
    name for _, name, _ in pkgutil.walk_packages(draughts.__path__, prefix="draughts.")
    if not name.endswith("__main__")
)


@pytest.mark.parametrize("name", ["draughts", *MODULES])
def test_module_doctests(name: str) -> None:
    module = importlib.import_module(name)
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    assert result.failed == 0, f"{result.failed} doctest(s) failed in {name}"


def test_readme_examples() -> None:
    result = doctest.testfile(str(ROOT / "README.md"), module_relative=False,
                              optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    assert result.attempted > 0, "the README should hold runnable examples"
    assert result.failed == 0
