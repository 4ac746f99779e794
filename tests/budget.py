"""The time a call may take, as a property of the engine rather than of the machine."""

from __future__ import annotations

import gc
import resource
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
        before = resource.getrusage(_WHO)
        wall = time.perf_counter()
        cpu = time.thread_time()
        value = call()
        used = time.thread_time() - cpu
        wall = time.perf_counter() - wall
        after = resource.getrusage(_WHO)
    finally:
        gc.unfreeze()
    # What the kernel saw during the call, so that an overrun says whether the thread was
    # faulting pages in or taken off the processor (a stall of the host is not in these: a
    # virtual machine's first touch of memory is invisible to it and counts as the thread's).
    assert used <= limit * 1.10, (
        f"{label}: {used:.4f} s of processor time for a {limit} s budget ({wall:.4f} s by the clock;"
        f" {after.ru_minflt - before.ru_minflt} minor and {after.ru_majflt - before.ru_majflt} major page"
        f" faults, {after.ru_nivcsw - before.ru_nivcsw} involuntary switches in the call)")
    return value


# The calling thread's counters where the system keeps them per thread (Linux), else the process's.
_WHO: int = getattr(resource, "RUSAGE_THREAD", resource.RUSAGE_SELF)
