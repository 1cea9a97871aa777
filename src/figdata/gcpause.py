"""Pausing Python's cycle collector around allocation-heavy work that makes no cycles."""

from __future__ import annotations

import contextlib
import gc
from collections.abc import Iterator


@contextlib.contextmanager
def gc_paused() -> Iterator[None]:
    """Pause the cycle collector for the block, then restore it as it was.

    Each full collection walks every live object, and allocation-heavy work
    triggers collections in proportion to what it allocates: building many
    small objects (a document's rows, a batch's frames) then costs time that
    grows with the square of their number. The objects built under this
    pause hold no reference cycles, so nothing is left for the collector.
    """
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            gc.enable()
