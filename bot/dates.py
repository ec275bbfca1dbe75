"""Times of day as users type them (``7``, ``7:30``, ``0730``, ``7.30``, ``7h30``, ``7：30``), read one way for every
step that asks for one: the daily almanac's hour and the time of a cast."""

from __future__ import annotations

import re

_TIME_RE = re.compile(r"(\d{1,2})(?:[:：.hH](\d{2}))?|(\d{2})(\d{2})")


def parse_hhmm(text: str) -> str | None:
    """``7``, ``7:30``, ``07:30``, ``0730``, ``7.30``, ``7h30`` → ``07:30``; None if not a time of day."""
    m = _TIME_RE.fullmatch(text.strip())
    if m is None:
        return None
    hh, mm = (m.group(1), m.group(2) or "00") if m.group(1) is not None else (m.group(3), m.group(4))
    h, mi = int(hh), int(mm)
    if h > 23 or mi > 59:
        return None
    return f"{h:02d}:{mi:02d}"
