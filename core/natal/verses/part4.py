"""玉照定真經 V161–V205."""

from __future__ import annotations

from core.natal.verse import Unevaluated, Verse

VERSES: tuple[Verse, ...] = ()
LISTED: tuple[Unevaluated, ...] = ()
