"""Every verse unit of 玉照定真經 in text order: the C and C* verses as predicates, the J, T and M ones listed.

The catalogue is split in five parts by verse number (part1 V1–V50 … part5 V206–V260); each part holds its verses
and the units it lists without evaluating.
"""

from __future__ import annotations

from core.natal.verse import Unevaluated, Verse
from core.natal.verses import part1, part2, part3, part4, part5

_PARTS = (part1, part2, part3, part4, part5)

VERSES: tuple[Verse, ...] = tuple(sorted((v for p in _PARTS for v in p.VERSES), key=lambda v: v.number))
LISTED: tuple[Unevaluated, ...] = tuple(sorted((u for p in _PARTS for u in p.LISTED), key=lambda u: u.number))
BY_ID: dict[str, Verse] = {v.id: v for v in VERSES}

if len(BY_ID) != len(VERSES):
    raise RuntimeError("a verse id is defined twice")
