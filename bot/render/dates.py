"""Dates and times as each language writes them, and times of day as users type them.

Shown: one pattern per language, so a date reads the same in the timing of a reading, the history, the almanac,
the chart and the natal chart — 2026년 12월 1일 (화), 2026年12月1日(火), 2026年12月1日 星期二, 2026年12月1日 週二,
Tue, Dec 1, 2026 — with the time of day on the 24-hour clock in Korean, Japanese and Chinese (as the bot asks for
it) and in English's own way (7:30 AM).  Babel supplies the names of the days and months.

Typed: ``7``, ``7:30``, ``0730``, ``7.30``, ``7h30``, ``7：30`` are read one way for every step that asks for a
time: the daily almanac's hour and the time of a cast.  Dates are typed the ways that cannot be misread (issue
22): year first with any separator — 2026-12-04, 2026/12/04, 2026.12.04, 2026. 12. 4. (Korean), 2026年12月4日,
2026년 12월 4일, 20261204 — or day first with dots, 4.12.2026 (the European order; no one writes month first with
dots).  A year-last date with slashes (04/12/2026) is 4 December in Britain and 12 April in America, so it is
refused and the error says what works (``DATE_FORMS``).
"""

from __future__ import annotations

import re
import unicodedata
from datetime import date, datetime, time

from babel.dates import format_date, format_time

from bot.render.i18n import N_, _, current, locale

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


# The date forms the bot reads, as each language writes them, for the errors that ask for a date again.
DATE_FORMS = N_("2026-12-04, 2026/12/04, 2026.12.04 or 4.12.2026")

_YMD = re.compile(r"(\d{4})\s*(?:[-/.]|年|년)\s*(\d{1,2})\s*(?:[-/.]|月|월)\s*(\d{1,2})\s*(?:\.|日|일)?")
_COMPACT = re.compile(r"(\d{4})(\d{2})(\d{2})")
_DMY = re.compile(r"(\d{1,2})\s*\.\s*(\d{1,2})\s*\.\s*(\d{4})\.?")
_WEEKDAY = re.compile(r"\s*[(（][^()（）]{1,12}[)）]\s*$")  # a pasted weekday: 2026년 12월 4일 (금), 2026年12月4日(金)
_DATE_TIME = re.compile(r"(?P<date>.+?)(?:\s*[T\s]\s*(?P<time>\d{1,2}(?:[:：.hH]\d{2})?|\d{4}))?")


def _date_of(text: str) -> date | None:
    text = _WEEKDAY.sub("", text)
    for pattern, order in ((_YMD, (1, 2, 3)), (_COMPACT, (1, 2, 3)), (_DMY, (3, 2, 1))):
        m = pattern.fullmatch(text)
        if m is not None:
            try:
                return date(*(int(m.group(i)) for i in order))
            except ValueError:
                return None
    return None


def parse_date(text: str) -> date | None:
    """A date typed in a form that cannot be misread (see the module's docstring), full-width digits included;
    None otherwise, or when no such day exists (2026-02-30)."""
    return _date_of(unicodedata.normalize("NFKC", text).strip())


def parse_date_time(text: str) -> tuple[date, str | None] | None:
    """A date, alone or followed by a time of day (2026/12/04 14:30, 2026年12月4日 7:05): the date and ``HH:MM``
    (None when only a date was typed); None when it is neither."""
    s = unicodedata.normalize("NFKC", text).strip()
    day = _date_of(s)
    if day is not None:
        return day, None
    m = _DATE_TIME.fullmatch(s)
    if m is None or m.group("time") is None:
        return None
    day = _date_of(m.group("date").strip())
    hhmm = parse_hhmm(m.group("time"))
    return (day, hhmm) if day is not None and hhmm is not None else None
