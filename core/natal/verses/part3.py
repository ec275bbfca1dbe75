"""玉照定真經 V106–V160."""

from __future__ import annotations

from core.natal.verse import Unevaluated, Verse

VERSES: tuple[Verse, ...] = ()
LISTED: tuple[Unevaluated, ...] = ()
