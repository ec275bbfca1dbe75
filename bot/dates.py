"""Dates and times as each language writes them, and times of day as users type them.

Shown: one pattern per language, so a date reads the same in the timing of a reading, the history, the almanac,
the chart and the natal chart — 2026년 12월 1일 (화), 2026年12月1日(火), 2026年12月1日 星期二, 2026年12月1日 週二,
Tue, Dec 1, 2026 — with the time of day on the 24-hour clock in Korean, Japanese and Chinese (as the bot asks for
it) and in English's own way (7:30 AM).  Babel supplies the names of the days and months.

Typed: ``7``, ``7:30``, ``0730``, ``7.30``, ``7h30``, ``7：30`` are read one way for every step that asks for a
time: the daily almanac's hour and the time of a cast.
"""

from __future__ import annotations

import re
from datetime import date, datetime, time

from babel.dates import format_date, format_time

from bot.i18n import _, current, locale

DATE_PATTERNS = {"en": "EEE, MMM d, y", "ko": "y년 M월 d일 (E)", "ja": "y年M月d日(E)", "zh_Hans": "y年M月d日 EEEE",
                 "zh_Hant": "y年M月d日 EEE"}
TIME_PATTERNS = {"en": "h:mm a", "ko": "HH:mm", "ja": "HH:mm", "zh_Hans": "HH:mm", "zh_Hant": "HH:mm"}


def day_text(d: date) -> str:
    """A date with its weekday in the current language: 2026년 12월 1일 (화), Tue, Dec 1, 2026 …"""
    lang = current()
    return format_date(d, DATE_PATTERNS[lang], locale=locale(lang))


def clock_text(t: time | datetime) -> str:
    """A time of day in the current language (its own clock; the datetime's own zone, not converted)."""
    lang = current()
    return format_time(t, TIME_PATTERNS[lang], locale=locale(lang))


def moment_text(dt: datetime) -> str:
    """A date and a time of day, in ``dt``'s own zone: 2026年12月1日(火) 07:30, Tue, Dec 1, 2026, 7:30 AM."""
    joiner = ", " if current() == "en" else " "
    return day_text(dt.date()) + joiner + clock_text(dt)


def dates_text(texts: list[str]) -> str:
    """Dates in a row.  English dates have commas of their own (Tue, Dec 1, 2026), so English separates them with
    "; "; the other languages use their list separator (、 or , )."""
    return ("; " if current() == "en" else _(", ")).join(texts)


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
