"""bot.ops.collector: the bot's start-up settles the garbage collector (frozen start-up objects, higher thresholds)."""

from __future__ import annotations

import gc

from bot.ops.collector import THRESHOLDS, settle


def test_settle_freezes_and_raises_the_thresholds() -> None:
    before = gc.get_threshold()
    try:
        gc.unfreeze()
        settle()
        assert gc.get_threshold() == THRESHOLDS
        assert THRESHOLDS[0] > before[0]  # fewer young passes than the interpreter's default
        assert gc.get_freeze_count() > 10_000  # the modules, tables and catalogs loaded so far
        # Cyclic garbage is still collected after settling.
        cycle: list[object] = []
        cycle.append(cycle)
        del cycle
        assert gc.collect() >= 1
    finally:
        gc.unfreeze()
        gc.set_threshold(*before)
