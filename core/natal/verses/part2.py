"""玉照定真經 V51–V105."""

from __future__ import annotations

from core.natal.verse import Unevaluated, Verse

VERSES: tuple[Verse, ...] = ()
LISTED: tuple[Unevaluated, ...] = ()
