"""玉照定真經 V206–V260, the 正道歌."""

from __future__ import annotations

from core.natal.verse import Unevaluated, Verse

VERSES: tuple[Verse, ...] = ()
LISTED: tuple[Unevaluated, ...] = ()
