"""The 干支 calendar: year, month, day and hour pillars of a moment, as a reading needs them.

The rules, which are the point of this module:

* The **month** changes at the astronomical instant of each 節 (立春 opens 寅, 驚蟄 卯, … 小寒 丑),
  compared as UTC instants against ``core.chart.jie_table`` — never by date alone.  Month stems follow
  五虎遁 from the solar year's stem (甲己→丙寅, 乙庚→戊寅, 丙辛→庚寅, 丁壬→壬寅, 戊癸→甲寅).
* The **year** changes at the 立春 instant (not at 1 January, not at the lunar new year):
  solar year Y is pillar (Y − 4) mod 60, 1984 = 甲子.
* The **day** comes from the local civil date (proleptic Gregorian) through the Julian day number,
  2000-01-01 = 戊午.  With ``DayBoundary.LATE_ZI`` (default, 子初換日) 23:00 already belongs to the
  next day; with ``DayBoundary.MIDNIGHT`` the day changes at 00:00.
* The **hour** branch comes from the local clock (子 23:00–00:59, 丑 01:00–02:59, … 亥 21:00–22:59);
  its stem follows 五鼠遁 from the day stem (甲己→甲子, 乙庚→丙子, 丙辛→戊子, 丁壬→庚子, 戊癸→壬子).
  Hours form one continuous 60-cycle, so 23:00–23:59 always takes the stem of the *next* day's
  子 hour.  Under MIDNIGHT that means the day pillar is still today's while the hour is tomorrow's
  子 hour (the usual 夜子時 convention); under LATE_ZI both already belong to tomorrow.

So month and year are the same everywhere on Earth at a given instant, while day and hour follow
the local civil clock of the IANA zone, as tzdata defines it (including historical offsets).
Supported: local years 1900–2100.
"""

from __future__ import annotations

import re
from bisect import bisect_right
from datetime import UTC, date, datetime, timedelta, timezone
from enum import IntEnum
from functools import cache, lru_cache
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from core.chart.ganzhi import SEXAGENARY, Branch, StemBranch, parse_branch
from core.chart.jie_table import FIRST_YEAR as _TABLE_FIRST_YEAR
from core.chart.jie_table import JIE_UTC as _JIE
from core.values import value

__all__ = [
    "MAX_YEAR",
    "MIN_YEAR",
    "CalendarError",
    "DayBoundary",
    "Moment",
    "day_pillar_of_date",
    "jie_instants",
    "month_opening",
    "month_starts",
    "next_days",
    "next_days_pillar",
    "year_pillar_of",
    "year_starts",
]

MIN_YEAR = 1900
MAX_YEAR = 2100

_UTC = UTC
# JDN = date.toordinal() + 1721425; day pillar index = (JDN + 49) % 60 (2000-01-01, JDN 2451545 → 戊午).
_DAY_OFFSET = 1721425 + 49


class CalendarError(ValueError):
    """A calendar input that cannot be read; the message names the input and the reason."""


class DayBoundary(IntEnum):
    """Local hour at which the day pillar changes."""

    LATE_ZI = 23  # 子初換日: the day changes at 23:00
    MIDNIGHT = 0  # the day changes at 00:00; 23:00–23:59 is 夜子時 (next day's 子 hour stem)


@lru_cache(maxsize=64)
def _zone(tz: str) -> ZoneInfo:
    try:
        return ZoneInfo(tz)
    except (ZoneInfoNotFoundError, ValueError, TypeError, OSError) as exc:
        raise CalendarError(f"unknown time zone {tz!r}: expected an IANA name such as 'Asia/Shanghai'") from exc


def _zone_checked(tz: object) -> ZoneInfo:
    if not isinstance(tz, str):
        raise CalendarError(f"time zone must be an IANA name string, got {type(tz).__name__} {tz!r}")
    return _zone(tz)


def _boundary(value: object) -> DayBoundary:
    try:
        return DayBoundary(value)  # type: ignore[arg-type]  # any value: a wrong one is refused below
    except (ValueError, TypeError) as exc:
        raise CalendarError(f"day boundary {value!r} is not one of {[b.name for b in DayBoundary]}") from exc


def _jie_index(posix: float) -> int:
    """Index of the last 節 at or before the instant (the month's opening 節)."""
    return bisect_right(_JIE, posix) - 1


def _solar_year_of_index(i: int) -> int:
    """Solar year (starting at 立春) of the month opened by table entry ``i`` (entry 1 is 立春 1899)."""
    return _TABLE_FIRST_YEAR + (i - 1) // 12


def year_pillar_of(year: int) -> StemBranch:
    """Pillar of solar year ``year`` (the year that begins at that year's 立春); 1984 → 甲子."""
    return SEXAGENARY[(year - 4) % 60]


def day_pillar_of_date(d: date) -> StemBranch:
    """Day pillar of a civil date (proleptic Gregorian), 2000-01-01 → 戊午.

    Pure arithmetic, valid for any date, not only the supported range.
    """
    return SEXAGENARY[(d.toordinal() + _DAY_OFFSET) % 60]


@value
class Moment:
    """The pillars of one moment, plus the instant and local clock they came from (when known).

    Book cases (``from_pillars``) carry no instant: ``utc``, ``tz``, ``local`` and ``hour`` are None,
    and ``month``/``year`` are None when the book gives only their branch.
    """

    year: StemBranch | None
    year_branch: Branch | None
    month: StemBranch | None
    month_branch: Branch
    day: StemBranch
    hour: StemBranch | None
    utc: datetime | None
    tz: str | None
    local: datetime | None
    day_boundary: DayBoundary

    @property
    def void(self) -> tuple[Branch, Branch]:
        """旬空 of the day."""
        return self.day.void

    @classmethod
    def at(cls, instant: datetime, tz: str, day_boundary: DayBoundary = DayBoundary.LATE_ZI) -> Moment:
        """Pillars of an aware instant, with day and hour read on the local clock of IANA zone ``tz``."""
        if not isinstance(instant, datetime):
            raise CalendarError(f"instant must be a datetime, got {type(instant).__name__} {instant!r}")
        if instant.utcoffset() is None:
            raise CalendarError(
                f"naive datetime {instant.isoformat()!r}: give an aware datetime (with tzinfo), "
                "or use Moment.parse for a local clock time"
            )
        zone = _zone_checked(tz)
        boundary = day_boundary if type(day_boundary) is DayBoundary else _boundary(day_boundary)
        try:
            # Via UTC, so that a wall time in tz that does not exist (DST gap) is normalised too.
            utc = instant.astimezone(_UTC)
            local = utc.astimezone(zone)
        except OverflowError as exc:
            raise CalendarError(f"{instant.isoformat()!r} is outside the supported years {MIN_YEAR}–{MAX_YEAR}") from exc
        if not MIN_YEAR <= local.year <= MAX_YEAR:
            raise CalendarError(
                f"{local.isoformat()!r} (local time in {tz}) is outside the supported years {MIN_YEAR}–{MAX_YEAR}"
            )

        i = _jie_index(utc.timestamp())
        month = SEXAGENARY[(i + 1) % 60]  # entries are consecutive months; entry 1 (立春 1899, 己亥年) is 丙寅
        year = SEXAGENARY[(_solar_year_of_index(i) - 4) % 60]

        # The 子 hour starting at 23:00 belongs to the next civil day's hour cycle.
        zi_day_ordinal = local.toordinal() + (local.hour >= 23)
        zi_day_index = (zi_day_ordinal + _DAY_OFFSET) % 60
        hour = SEXAGENARY[(12 * zi_day_index + (local.hour + 1) // 2 % 12) % 60]
        if boundary is DayBoundary.LATE_ZI:
            day = SEXAGENARY[zi_day_index]
        else:
            day = SEXAGENARY[(local.toordinal() + _DAY_OFFSET) % 60]
        return cls(year, year.branch, month, month.branch, day, hour, utc, tz, local, boundary)

    @classmethod
    def parse(cls, text: str, tz: str, day_boundary: DayBoundary = DayBoundary.LATE_ZI) -> Moment:
        """Pillars of a time string: local civil time in ``tz`` unless it carries its own UTC offset.

        Accepted: ``YYYY-MM-DD``, ``YYYY-MM-DD HH:MM``, ``YYYY-MM-DD HH:MM:SS`` (``T`` may replace
        the space), optionally followed by ``Z`` or ``±HH:MM`` which makes it an exact instant.
        A date alone means 00:00.  A local time that does not exist (skipped by a DST change) or
        occurs twice is read with ``fold=0``: the offset in force before the change, so a skipped
        02:30 becomes the instant the clock would show as 03:30, and a repeated 01:30 is the first one.
        """
        if not isinstance(text, str):
            raise CalendarError(f"time must be a string, got {type(text).__name__} {text!r}")
        zone = _zone_checked(tz)
        m = _TIME_RE.fullmatch(text.strip())
        if m is None:
            raise CalendarError(f"{text!r} is not a date/time; accepted formats: {_FORMATS}")
        y, mo, d, hh, mi, ss, off = m.groups()
        try:
            naive = datetime(int(y), int(mo), int(d), int(hh or 0), int(mi or 0), int(ss or 0))
        except ValueError as exc:
            raise CalendarError(f"{text!r} is not a real date/time: {exc}") from exc
        if off is None:
            instant = naive.replace(tzinfo=zone, fold=0)
        else:
            instant = naive.replace(tzinfo=_offset(off, text))
        return cls.at(instant, tz, day_boundary)

    @classmethod
    def from_pillars(
        cls,
        month: Branch | str,
        day: StemBranch | str,
        year: StemBranch | Branch | str | None = None,
    ) -> Moment:
        """A book case such as 辰月戊申日: month branch, day pillar, optionally the year.

        With a full year pillar the month stem follows by 五虎遁 (甲辰年辰月 → 戊辰); with only a
        year branch (今歲辰年) or no year, ``month`` is None.
        """
        month_branch = _read_branch(month, "month")
        day_pillar = _read_pillar(day, "day")
        year_pillar: StemBranch | None = None
        year_branch: Branch | None = None
        if year is None:
            pass
        elif isinstance(year, StemBranch):
            year_pillar = year
        elif isinstance(year, Branch):
            year_branch = year
        elif isinstance(year, str) and len(year.strip()) == 1:
            year_branch = _read_branch(year, "year")
        elif isinstance(year, str):
            year_pillar = _read_pillar(year, "year")
        else:
            raise CalendarError(f"year must be a stem-branch, a branch or None, got {type(year).__name__} {year!r}")
        month_pillar = None
        if year_pillar is not None:
            year_branch = year_pillar.branch
            month_pillar = _month_pillar(year_pillar, month_branch)
        return cls(year_pillar, year_branch, month_pillar, month_branch, day_pillar,
                   None, None, None, None, DayBoundary.LATE_ZI)


_FORMATS = "YYYY-MM-DD, YYYY-MM-DD HH:MM, YYYY-MM-DD HH:MM:SS ('T' may replace the space; optional Z or ±HH:MM)"
_TIME_RE = re.compile(
    r"(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2}))?([Zz]|[+-]\d{2}:?\d{2})?)?"
)


def _offset(text: str, whole: str) -> timezone:
    if text in "Zz":
        return _UTC
    sign = -1 if text[0] == "-" else 1
    digits = text[1:].replace(":", "")
    hours, minutes = int(digits[:2]), int(digits[2:])
    if hours > 23 or minutes > 59:
        raise CalendarError(f"{whole!r} has an impossible UTC offset {text!r}")
    return timezone(sign * timedelta(hours=hours, minutes=minutes))


def _month_pillar(year: StemBranch, month_branch: Branch) -> StemBranch:
    """五虎遁: the 寅 month of a 甲/己 year is 丙寅 (乙庚→戊, 丙辛→庚, 丁壬→壬, 戊癸→甲), then the months run on."""
    stem = (2 * (year.stem % 5) + 2 + (month_branch - 2) % 12) % 10
    return SEXAGENARY[(6 * stem - 5 * month_branch) % 60]


def _read_branch(value: object, what: str) -> Branch:
    if isinstance(value, Branch):
        return value
    if isinstance(value, str):
        try:
            return parse_branch(value)
        except ValueError as exc:
            raise CalendarError(f"{what}: {exc}") from exc
    raise CalendarError(f"{what} must be a branch such as 辰, got {type(value).__name__} {value!r}")


def _read_pillar(value: object, what: str) -> StemBranch:
    if isinstance(value, StemBranch):
        return value
    if isinstance(value, str):
        try:
            return StemBranch.parse(value)
        except ValueError as exc:
            raise CalendarError(f"{what}: {exc}") from exc
    raise CalendarError(f"{what} must be a stem-branch pair such as 戊申, got {type(value).__name__} {value!r}")


def _count(count: int) -> int:
    if not isinstance(count, int) or count < 0:
        raise CalendarError(f"count must be a non-negative integer, got {count!r}")
    return count


@cache
def jie_instants() -> tuple[datetime, ...]:
    """Every 節 instant in the table (小寒 1899 … 大雪 2101) as aware UTC datetimes, chronological."""
    return tuple(datetime.fromtimestamp(t, _UTC) for t in _JIE)


def month_starts(after_utc: datetime, branch: Branch, count: int = 1) -> tuple[datetime, ...]:
    """The next ``count`` instants, strictly after ``after_utc``, at which a ``branch`` month begins."""
    branch = _read_branch(branch, "month")
    first = _first_month_index(after_utc, branch)
    return _entries(range(first, first + 12 * _count(count), 12), after_utc, f"{branch.name} month(s)")


def year_starts(after_utc: datetime, branch: Branch, count: int = 1) -> tuple[datetime, ...]:
    """The next ``count`` instants, strictly after ``after_utc``, at which a ``branch`` year begins (its 立春)."""
    branch = _read_branch(branch, "year")
    first = _first_month_index(after_utc, Branch.寅)
    if first >= len(_JIE):
        raise CalendarError(f"no 立春 after {after_utc.isoformat()} in the table (it ends {jie_instants()[-1].isoformat()})")
    # Entry i opens a 寅 month when i % 12 == 1; years of one branch are twelve years apart.
    skip = (branch - year_pillar_of(jie_instants()[first].year).branch) % 12
    start = first + 12 * skip
    return _entries(range(start, start + 144 * _count(count), 144), after_utc, f"{branch.name} year(s)")


def _first_month_index(after_utc: datetime, branch: Branch) -> int:
    """The table entry of the first ``branch`` month that begins strictly after ``after_utc``."""
    if not isinstance(after_utc, datetime) or after_utc.utcoffset() is None:
        raise CalendarError(f"after_utc must be an aware datetime, got {after_utc!r}")
    first = bisect_right(_JIE, after_utc.timestamp())
    # Entry i opens the month of branch (i + 1) % 12.
    return first + (branch - 1 - first) % 12


def _entries(wanted: range, after_utc: datetime, what: str) -> tuple[datetime, ...]:
    if wanted and wanted[-1] >= len(_JIE):
        raise CalendarError(f"{len(wanted)} {what} after {after_utc.isoformat()} run past the table's last 節 "
                            f"({jie_instants()[-1].isoformat()})")
    table = jie_instants()
    return tuple(table[i] for i in wanted)


def month_opening(instant_utc: datetime) -> datetime:
    """The 節 instant that opened the month ``instant_utc`` falls in: every ``month_starts`` after the one is
    the same as after the other, so callers can cache on it."""
    i = _jie_index(instant_utc.timestamp())
    if i < 0:
        raise CalendarError(f"{instant_utc.isoformat()} is before the table's first 節 ({jie_instants()[0].isoformat()})")
    return jie_instants()[i]


def next_days(after_local_date: date, branch: Branch, count: int = 1) -> tuple[date, ...]:
    """The next ``count`` civil dates, strictly after ``after_local_date``, whose day branch is ``branch``."""
    branch = _read_branch(branch, "day")
    count = _count(count)
    current = day_pillar_of_date(after_local_date).branch
    first = after_local_date + timedelta(days=(branch - current - 1) % 12 + 1)
    return tuple(first + timedelta(days=12 * k) for k in range(count))


def next_days_pillar(after_local_date: date, pillar: StemBranch, count: int = 1) -> tuple[date, ...]:
    """The next ``count`` civil dates, strictly after ``after_local_date``, whose day pillar is ``pillar``."""
    pillar = _read_pillar(pillar, "day")
    count = _count(count)
    current = day_pillar_of_date(after_local_date).index
    first = after_local_date + timedelta(days=(pillar.index - current - 1) % 60 + 1)
    return tuple(first + timedelta(days=60 * k) for k in range(count))
