"""The time a call may take, as a property of the engine rather than of the machine."""

from __future__ import annotations

import gc
import time
from typing import Callable, TypeVar

T = TypeVar("T")


def within_budget(call: Callable[[], T], limit: float, label: str) -> T:
    """``call()``, after checking that it used at most ``limit`` + 10% of this thread's
    processor time (time.thread_time: time spent waiting for the processor is not counted).

    The objects alive before the call (the test run's positions, every other test's data) are
    frozen out of the cyclic collector meanwhile: a full collection scans the whole heap, and
    in a test run that heap is not the engine's (measured: 0.038 s of processor time in one
    collection, for a 0.03 s budget). The engine's own garbage is still collected.
    """
    gc.freeze()
    try:
        cpu = time.thread_time()
        value = call()
        used = time.thread_time() - cpu
    finally:
        gc.unfreeze()
    assert used <= limit * 1.10, f"{label}: {used:.4f} s of processor time for a {limit} s budget"
    return value
