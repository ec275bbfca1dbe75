"""What each verse of 玉照定真經 says, in English msgids the catalogs translate: ``TEXTS[id]`` for a verse and
``TEXTS["id.variant"]`` for a sub-reading (``V5.light``).  Measured words: what the classic says, never a forecast."""

from __future__ import annotations

from bot.render.natal_texts import part1, part2, part3, part4, part5

TEXTS: dict[str, str] = {k: v for p in (part1, part2, part3, part4, part5) for k, v in p.TEXTS.items()}
