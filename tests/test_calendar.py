"""Tests for core.chart.calendar against independent truth: sxtwl (寿星 algorithm; the source of the 節
table, and an independent implementation of the day, year and month pillars), astronomy-engine (an
independent ephemeris for every 節), published 節 times, and the classical 五虎遁 / 五鼠遁 tables
written out here by hand."""

from __future__ import annotations

import importlib.util
import itertools
from bisect import bisect_right
from datetime import UTC, date, datetime, timedelta
from functools import cache
from importlib.metadata import version
from pathlib import Path
from zoneinfo import ZoneInfo

import astronomy
import pytest
import sxtwl
from hypothesis import given, settings
from hypothesis import strategies as st

from core.chart import jie_table
from core.chart.calendar import (
    CalendarError,
    DayBoundary,
    Moment,
    day_pillar_of_date,
    jie_instants,
    month_starts,
    next_days,
    next_days_pillar,
    year_pillar_of,
    year_starts,
)
from core.chart.ganzhi import Branch, StemBranch

STEMS = "甲乙丙丁戊己庚辛壬癸"
BRANCHES = "子丑寅卯辰巳午未申酉戌亥"
# 五虎遁: stem of the 寅 month from the year stem.
TIGER = dict(zip("甲乙丙丁戊己庚辛壬癸", "丙戊庚壬甲丙戊庚壬甲"))
# 五鼠遁: stem of the 子 hour from the day stem.
RAT = dict(zip("甲乙丙丁戊己庚辛壬癸", "甲丙戊庚壬甲丙戊庚壬"))
# Hour branch by local clock hour 0..23: 子 = 23:00–00:59, 丑 = 01:00–02:59, …
HOUR_BRANCH = "子丑丑寅寅卯卯辰辰巳巳午午未未申申酉酉戌戌亥亥子"
# 節 in table order and the month branch each opens.
JIE_BRANCH = "丑寅卯辰巳午未申酉戌亥子"

ROOT = Path(__file__).resolve().parent.parent


def sx_day(d: date) -> str:
    g = sxtwl.fromSolar(d.year, d.month, d.day).getDayGZ()
    return STEMS[g.tg] + BRANCHES[g.dz]


def sx_jie_utc() -> dict[tuple[int, int], float]:
    """sxtwl's 節 instants as UTC POSIX seconds, keyed by (Gregorian year, 節 number 0=小寒 … 11=大雪).

    sxtwl returns Julian days on Beijing time (UT+8, ΔT already removed): jqIndex 0 = 冬至, 1 = 小寒,
    3 = 立春, … so the 節 are the odd indices.
    """
    out: dict[tuple[int, int], float] = {}
    for y in range(jie_table.FIRST_YEAR - 1, jie_table.LAST_YEAR + 1):
        for j in sxtwl.getJieQiByYear(y):
            if j.jqIndex % 2 == 1:
                beijing = sxtwl.JD2DD(j.jd)
                out[(beijing.Y, (j.jqIndex - 1) // 2)] = (j.jd - 2440587.5) * 86400 - 8 * 3600
    return out


SX_JIE = sx_jie_utc()


def pillar(text: str) -> StemBranch:
    return StemBranch.parse(text)


def shanghai(text: str, boundary: DayBoundary = DayBoundary.LATE_ZI) -> Moment:
    return Moment.parse(text, "Asia/Shanghai", boundary)


# --- golden moments -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "year", "month"),
    [
        ("2024-02-04 16:20", "癸卯", "乙丑"),  # 立春 2024 is 16:26:53 Beijing time
        ("2024-02-04 16:30", "甲辰", "丙寅"),
        ("2024-03-05 10:00", "甲辰", "丙寅"),  # 驚蟄 10:22:31
        ("2024-03-05 10:40", "甲辰", "丁卯"),
        ("2024-01-06 04:40", "癸卯", "甲子"),  # 小寒 2024-01-06 04:49 Beijing
        ("2024-01-06 05:00", "癸卯", "乙丑"),
        ("2024-01-01 12:00", "癸卯", "甲子"),  # January 1 does not change the year
        ("2024-02-09 12:00", "甲辰", "丙寅"),  # the day before lunar new year is already 甲辰
        ("1984-02-05 12:00", "甲子", "丙寅"),
    ],
)
def test_golden_year_and_month(text: str, year: str, month: str) -> None:
    m = shanghai(text)
    assert (str(m.year), str(m.month)) == (year, month)
    assert m.year_branch == m.year.branch and m.month_branch == m.month.branch


def test_golden_day_and_hour() -> None:
    m = shanghai("2024-02-04 16:30")
    assert (str(m.day), str(m.hour)) == ("戊戌", "庚申")
    assert m.void == (Branch.辰, Branch.巳)
    assert m.tz == "Asia/Shanghai"
    assert m.local == datetime(2024, 2, 4, 16, 30, tzinfo=ZoneInfo("Asia/Shanghai"))
    assert m.utc == datetime(2024, 2, 4, 8, 30, tzinfo=UTC) and m.utc.tzinfo is UTC


def test_seconds_around_every_jie_agree_with_sxtwl() -> None:
    """One second either side of sxtwl's unrounded instant of every 節, the month (and, at 立春, the
    year) turns: the table holds that instant rounded to the second."""
    checked = 0
    for (y, k), t in SX_JIE.items():
        if not 1900 <= y <= 2100:
            continue
        before = Moment.at(datetime.fromtimestamp(t - 1, UTC), "UTC")
        after = Moment.at(datetime.fromtimestamp(t + 1, UTC), "UTC")
        assert after.month_branch == Branch[JIE_BRANCH[k]], (y, k)
        assert before.month_branch == after.month_branch.shift(-1), (y, k)
        if k == 1:  # 立春
            assert str(after.year) == STEMS[(y - 4) % 10] + BRANCHES[(y - 4) % 12]
            assert after.year == before.year.shift(1)
        else:
            assert after.year == before.year
        checked += 1
    assert checked == 201 * 12


@pytest.mark.parametrize("tz", ["Asia/Shanghai", "America/New_York", "Pacific/Kiritimati", "Europe/London"])
@pytest.mark.parametrize("year", [1900, 1949, 1984, 2024, 2100])
def test_one_minute_and_one_second_around_table_instants(tz: str, year: int) -> None:
    """The switch happens at the table instant itself: minutes and seconds are never dropped."""
    instants = jie_instants()
    for k in range(12):
        jie = instants[(year - jie_table.FIRST_YEAR) * 12 + k]
        opened = Branch[JIE_BRANCH[k]]
        for delta in (60, 1):
            assert Moment.at(jie - timedelta(seconds=delta), tz).month_branch == opened.shift(-1)
            assert Moment.at(jie + timedelta(seconds=delta), tz).month_branch == opened
        assert Moment.at(jie, tz).month_branch == opened  # at the instant the new month has begun


# --- day boundary and the 子 hour ----------------------------------------------------------------


def test_late_evening_under_both_boundaries() -> None:
    today, tomorrow = sx_day(date(2024, 2, 10)), sx_day(date(2024, 2, 11))
    next_zi = RAT[tomorrow[0]] + "子"
    late = shanghai("2024-02-10 23:30", DayBoundary.LATE_ZI)
    midnight = shanghai("2024-02-10 23:30", DayBoundary.MIDNIGHT)
    assert str(late.day) == tomorrow
    assert str(midnight.day) == today
    assert late.day == midnight.day.shift(1)
    assert str(late.hour) == str(midnight.hour) == next_zi
    assert late.day_boundary is DayBoundary.LATE_ZI and midnight.day_boundary is DayBoundary.MIDNIGHT


@pytest.mark.parametrize("boundary", list(DayBoundary))
def test_after_midnight_and_before_23(boundary: DayBoundary) -> None:
    d = date(2024, 2, 11)
    early = shanghai("2024-02-11 00:30", boundary)
    assert str(early.day) == sx_day(d)
    assert str(early.hour) == RAT[sx_day(d)[0]] + "子"
    # The 子 hour of 23:30 the evening before and 00:30 are the same hour pillar.
    assert shanghai("2024-02-10 23:30", boundary).hour == early.hour
    late = shanghai("2024-02-11 22:59", boundary)
    assert str(late.day) == sx_day(d)
    assert late.hour == early.hour.shift(11)
    assert late.hour.branch == Branch.亥
    assert shanghai("2024-02-11 23:00", boundary).hour == early.hour.shift(12)


def test_hour_branches_through_a_day() -> None:
    for h in range(24):
        m = shanghai(f"2024-06-01 {h:02d}:59")
        assert m.hour.branch == Branch[HOUR_BRANCH[h]], h
        assert shanghai(f"2024-06-01 {h:02d}:00").hour == m.hour


# --- zones ----------------------------------------------------------------------------------------


def test_same_instant_in_four_zones() -> None:
    instant = datetime(2024, 6, 15, 15, 30, tzinfo=UTC)
    seen = {tz: Moment.at(instant, tz) for tz in ("Asia/Shanghai", "Asia/Seoul", "Asia/Tokyo", "America/New_York")}
    assert {str(m.year) for m in seen.values()} == {"甲辰"}
    assert {str(m.month) for m in seen.values()} == {"庚午"}
    assert {m.utc for m in seen.values()} == {instant}
    # Shanghai 23:30 (子 hour of the 16th), Seoul/Tokyo 00:30 on the 16th, New York 11:30 on the 15th.
    d15, d16 = sx_day(date(2024, 6, 15)), sx_day(date(2024, 6, 16))
    for tz in ("Asia/Shanghai", "Asia/Seoul", "Asia/Tokyo"):
        assert str(seen[tz].day) == d16
        assert str(seen[tz].hour) == RAT[d16[0]] + "子"
    assert str(seen["America/New_York"].day) == d15
    assert seen["America/New_York"].hour.branch == Branch.午
    assert seen["America/New_York"].local.date() == date(2024, 6, 15)
    under_midnight = Moment.at(instant, "Asia/Shanghai", DayBoundary.MIDNIGHT)
    assert str(under_midnight.day) == d15 and under_midnight.hour == seen["Asia/Shanghai"].hour


@pytest.mark.parametrize("seconds", [-30, 30])
def test_month_is_by_instant_in_every_zone(seconds: int) -> None:
    """Around 驚蟄 2024 the local dates differ (New York is still on 4 March) but the month does not."""
    jie = jie_instants()[(2024 - jie_table.FIRST_YEAR) * 12 + 2]
    instant = jie + timedelta(seconds=seconds)
    zones = ("Asia/Shanghai", "Asia/Seoul", "Asia/Tokyo", "America/New_York", "Pacific/Pago_Pago")
    moments = [Moment.at(instant, tz) for tz in zones]
    assert len({m.local.date() for m in moments}) == 2
    assert {m.month_branch for m in moments} == {Branch.卯 if seconds > 0 else Branch.寅}


def test_dst_gap_and_fold_use_fold_zero() -> None:
    gap = Moment.parse("2024-03-10 02:30", "America/New_York")  # skipped: clocks jump 02:00 → 03:00
    assert gap.utc == datetime(2024, 3, 10, 7, 30, tzinfo=UTC)
    assert (gap.local.hour, gap.local.minute) == (3, 30) and gap.hour.branch == Branch.寅
    fold = Moment.parse("2024-11-03 01:30", "America/New_York")  # repeated: the first (EDT) one
    assert fold.utc == datetime(2024, 11, 3, 5, 30, tzinfo=UTC)


def test_parse_formats() -> None:
    base = shanghai("2024-02-04 16:30:00")
    assert shanghai("2024-02-04T16:30") == base
    assert shanghai("2024-02-04 16:30") == base
    assert shanghai("  2024-02-04 16:30  ") == base
    assert shanghai("2024-02-04").local == datetime(2024, 2, 4, tzinfo=ZoneInfo("Asia/Shanghai"))
    assert shanghai("2024-02-04 16:30:15").local.second == 15
    # An explicit offset is the instant itself; tz only supplies the local clock.
    ny = Moment.parse("2024-02-04T16:30+08:00", "America/New_York")
    assert ny.utc == base.utc and ny.local.hour == 3 and ny.month == base.month
    assert Moment.parse("2024-02-04T08:30Z", "Asia/Shanghai") == base
    assert Moment.parse("2024-02-04T16:30:00+0800", "Asia/Shanghai") == base


def test_historical_offsets_come_from_tzdata() -> None:
    # Shanghai kept DST in 1988 (UTC+9 from 17 April); 00:30 CDT is 15:30 UTC the previous day.
    m = Moment.parse("1988-06-01 00:30", "Asia/Shanghai")
    assert m.utc == datetime(1988, 5, 31, 15, 30, tzinfo=UTC)
    assert str(m.day) == sx_day(date(1988, 6, 1))


# --- day pillar and year/month against sxtwl over the whole range --------------------------------


def test_day_pillar_every_day_1900_2100_matches_sxtwl() -> None:
    d, end, n = date(1900, 1, 1), date(2100, 12, 31), 0
    while d <= end:
        g = sxtwl.fromSolar(d.year, d.month, d.day).getDayGZ()
        p = day_pillar_of_date(d)
        assert (p.stem, p.branch) == (g.tg, g.dz), d
        d += timedelta(days=1)
        n += 1
    assert n == 73414
    assert str(day_pillar_of_date(date(2000, 1, 1))) == "戊午"


def test_year_and_month_every_plain_day_match_sxtwl() -> None:
    """At noon Beijing time on every day at least a day away from a 節, sxtwl's by-date pillars agree.

    (sxtwl assigns a day's month with a low-precision term date, which can be a day off when the
    節 falls near midnight, e.g. 大雪 1917 at 00:01 on 8 December; so the neighbours are skipped.)
    """
    near = set()
    for t in SX_JIE.values():
        beijing = datetime.fromtimestamp(t + 8 * 3600, UTC).date()
        near.update(beijing + timedelta(days=k) for k in (-1, 0, 1))
    d, end, n = date(1900, 1, 1), date(2100, 12, 31), 0
    while d <= end:
        if d not in near:
            s = sxtwl.fromSolar(d.year, d.month, d.day)
            m = Moment.at(datetime(d.year, d.month, d.day, 4, tzinfo=UTC), "Etc/GMT-8")
            y, mo = s.getYearGZ(False), s.getMonthGZ()
            assert (m.year.stem, m.year.branch, m.month.stem, m.month.branch) == (y.tg, y.dz, mo.tg, mo.dz), d
            n += 1
        d += timedelta(days=1)
    assert n > 64000


# --- the table itself -----------------------------------------------------------------------------


def test_table_shape() -> None:
    table = jie_table.JIE_UTC
    assert len(table) == (jie_table.LAST_YEAR - jie_table.FIRST_YEAR + 1) * 12
    assert all(29 * 86400 < b - a < 32 * 86400 for a, b in itertools.pairwise(table))
    first = datetime.fromtimestamp(table[0], UTC)
    assert (first.year, first.month) == (1899, 1)  # 小寒 1899
    # Every local instant of 1900-01-01 … 2100-12-31 in any zone (offsets within ±14 h) is covered.
    assert table[0] < datetime(1899, 12, 31, 10, tzinfo=UTC).timestamp()
    assert table[-1] > datetime(2101, 1, 1, 12, tzinfo=UTC).timestamp()
    assert jie_instants()[0] == first and len(jie_instants()) == len(table)


def test_table_is_sxtwl() -> None:
    """Every entry is sxtwl's instant (as read by the helper above, independently of the generator)
    rounded to the second."""
    for i, t in enumerate(jie_table.JIE_UTC):
        y, k = jie_table.FIRST_YEAR + i // 12, i % 12
        assert abs(t - SX_JIE[(y, k)]) <= 0.501, (y, k)


def test_table_matches_a_fresh_sxtwl_run() -> None:
    spec = importlib.util.spec_from_file_location("gen_jie_table", ROOT / "tools" / "gen_jie_table.py")
    gen = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(gen)
    assert gen.compute() == jie_table.JIE_UTC
    header = (ROOT / "core" / "chart" / "jie_table.py").read_text(encoding="utf-8").splitlines()[0]
    assert "tools/gen_jie_table.py" in header and jie_table.SOURCE in header
    assert jie_table.SOURCE == f"sxtwl {version('sxtwl')}"


# --- the second, independent source: astronomy-engine ---------------------------------------------

# sxtwl's ΔT (TT − UT1, seconds), ported from dt_at / dt_calc in src/eph.cpp of sxtwl 2.0.7, which
# does not expose it to Python.  Rows from 1880 on (the table starts at −4000): start year, then
# a0…a3 of a0 + a1·t + a2·t² + a3·t³ with t = 10 (y − start) / (next start − start).
_SX_DT_ROWS = (
    (1880, -5.4, 0.32, -0.183, 0.0173),
    (1900, -2.3, 2.06, 0.169, -0.0135),
    (1920, 21.2, 1.69, -0.304, 0.0167),
    (1940, 24.2, 1.22, -0.064, 0.0031),
    (1960, 33.2, 0.51, 0.231, -0.0109),
    (1980, 51.0, 1.29, -0.026, 0.0032),
    (2000, 63.87, 0.1, 0, 0),
    (2005, 64.7, 0.4, 0, 0),
)
_SX_DT_END = (2015, 69.0)  # the last tabulated year and its ΔT
_SX_DT_STARTS = tuple(r[0] for r in _SX_DT_ROWS) + (_SX_DT_END[0],)


def _sx_dt_parabola(y: float) -> float:
    """dt_ext: the long-term parabola −20 + jsd·((y − 1820)/100)², with sxtwl's jsd = 31."""
    return -20 + 31 * ((y - 1820) / 100) ** 2


def sxtwl_delta_t(y: float) -> float:
    """sxtwl's ΔT in seconds at decimal year ``y`` (1880 ≤ y), as dt_calc computes it.

    Up to 2015 a piecewise cubic fitted to observed ΔT; after that the parabola, shifted so that it
    starts from the tabulated 69 s in 2015 and the shift fades out linearly by 2115.  sxtwl calls it
    as dt_T(t) = dt_calc(2000 + t / 365.2425) / 86400 with t the TT days from J2000, and converts
    the TT instant of a solar term to UT as t − dt_T(t).
    """
    y0, dt0 = _SX_DT_END
    if y >= y0:
        if y > y0 + 100:
            return _sx_dt_parabola(y)
        return _sx_dt_parabola(y) - (_sx_dt_parabola(y0) - dt0) * (y0 + 100 - y) / 100
    if y < _SX_DT_STARTS[0]:
        raise ValueError(f"sxtwl_delta_t is ported only from 1880 on, not {y}")
    i = bisect_right(_SX_DT_STARTS, y) - 1
    start, a0, a1, a2, a3 = _SX_DT_ROWS[i]
    t = (y - start) / (_SX_DT_STARTS[i + 1] - start) * 10
    return a0 + a1 * t + a2 * t * t + a3 * t * t * t


J2000_POSIX = 946_728_000  # 2000-01-01T12:00:00, the origin of astronomy.Time.ut (UT) and .tt (TT)
JIE_LONGITUDE = (285, 315, 345, 15, 45, 75, 105, 135, 165, 195, 225, 255)  # apparent solar longitude
UT_AGREES_UNTIL = 2032  # the last year in which every 節 agrees in UT within 60 s


@cache
def astronomy_engine_minus_table() -> tuple[tuple[int, int, float, float], ...]:
    """(year, 節 k, UT difference, TT difference) of astronomy-engine − the table, seconds, 1900–2100.

    astronomy-engine's instant is ``SearchSunLongitude`` (apparent geocentric longitude of date),
    whose ``.ut`` and ``.tt`` carry its own ΔT (Espenak–Meeus).  The table's TT instant is its UT
    instant plus sxtwl's ΔT, evaluated, as sxtwl does, at the TT instant.
    """
    rows = []
    for i, t in enumerate(jie_table.JIE_UTC):
        y, k = jie_table.FIRST_YEAR + i // 12, i % 12
        if not 1900 <= y <= 2100:
            continue
        found = astronomy.SearchSunLongitude(JIE_LONGITUDE[k], astronomy.Time.Make(y, k + 1, 1, 0, 0, 0), 15)
        dt = sxtwl_delta_t(2000 + (t - J2000_POSIX) / 86400 / 365.2425)
        dt = sxtwl_delta_t(2000 + (t + dt - J2000_POSIX) / 86400 / 365.2425)
        ut = J2000_POSIX + found.ut * 86400 - t
        tt = J2000_POSIX + found.tt * 86400 - (t + dt)
        rows.append((y, k, ut, tt))
    assert len(rows) == 201 * 12
    return tuple(rows)


def test_sxtwl_delta_t_port() -> None:
    """The port reproduces sxtwl's tabulated values, and agrees with astronomy-engine's independent
    ΔT model to within 1 s over 1900–2015, where both are fitted to the observed ΔT."""
    assert [round(sxtwl_delta_t(y), 3) for y in (1900, 1920, 1980, 2000, 2005, 2015)] == [
        -2.3, 21.2, 51.0, 63.87, 64.7, 69.0,
    ]
    assert sxtwl_delta_t(2115) == pytest.approx(_sx_dt_parabola(2115)) == pytest.approx(249.7775)
    assert sxtwl_delta_t(2200) == _sx_dt_parabola(2200)
    for month in range(115 * 12 + 1):
        t = astronomy.Time.Make(1900 + month // 12, month % 12 + 1, 1, 0, 0, 0)
        assert abs((t.tt - t.ut) * 86400 - sxtwl_delta_t(2000 + t.tt / 365.2425)) <= 1, month
    with pytest.raises(ValueError):
        sxtwl_delta_t(1879.5)


def test_table_agrees_with_astronomy_engine_in_dynamical_time() -> None:
    """Every 節 1900–2100, compared in TT: astronomy-engine and the table (sxtwl) within 60 s.

    In TT the comparison is of the astronomy proper — where each ephemeris puts the apparent Sun —
    free of the two libraries' different ΔT models.  The residual, −46 … +52 s (≈ 2″ of solar
    longitude; worst 立春 2003), is mostly astronomy-engine's truncated series (a 5-term nutation,
    truncated VSOP87): at the equinoxes and solstices of 1900–2100, ephem, a third ephemeris,
    agrees with sxtwl within 19 s in TT, while astronomy-engine differs from either by up to 55 s.
    """
    rows = astronomy_engine_minus_table()
    worst = max(rows, key=lambda r: abs(r[3]))
    print(f"max |astronomy-engine - sxtwl| in TT = {abs(worst[3]):.1f} s ({worst[0]}, 節 #{worst[1]})")
    assert all(abs(tt) <= 60 for _, _, _, tt in rows), [r for r in rows if abs(r[3]) > 60]


def test_table_agrees_with_astronomy_engine_in_universal_time() -> None:
    """Every 節 1900–2032, compared in UT (the instant the engine uses): within 60 s.

    From about 2020 the libraries extrapolate ΔT differently: sxtwl's table ends at 69 s in 2015
    and then follows its parabola (82.7 s in 2024, 125 s in 2050, 219 s in 2100); astronomy-engine
    follows Espenak–Meeus (73.8 s in 2024, 93 s in 2050, 203 s in 2100).  They differ by up to
    32 s (in 2050), which on top of the ephemeris residual (see the TT test) puts 12 節 of
    2033–2081 just over 60 s apart in UT (65.8 s at most, 立春 2067; 1900–2032 reach 59.1 s,
    2082–2100 57.4 s).  Future ΔT is not predictable to that precision anyway (it is observed, not
    computed), so after 2032 only the TT agreement is asserted and the UT difference is printed.
    """
    rows = astronomy_engine_minus_table()
    upto = [r for r in rows if r[0] <= UT_AGREES_UNTIL]
    beyond = [r for r in rows if r[0] > UT_AGREES_UNTIL]
    worst = max(upto, key=lambda r: abs(r[2]))
    print(
        f"max |astronomy-engine - sxtwl| in UT, 1900–{UT_AGREES_UNTIL} = {abs(worst[2]):.1f} s "
        f"({worst[0]}, 節 #{worst[1]})"
    )
    assert all(abs(ut) <= 60 for _, _, ut, _ in upto), [r for r in upto if abs(r[2]) > 60]
    worst = max(beyond, key=lambda r: abs(r[2]))
    over = [r for r in beyond if abs(r[2]) > 60]
    print(
        f"after {UT_AGREES_UNTIL}: max {abs(worst[2]):.1f} s ({worst[0]}, 節 #{worst[1]}), "
        f"{len(over)} 節 over 60 s in {sorted({r[0] for r in over})}"
    )


# --- errors ---------------------------------------------------------------------------------------


def test_naive_datetime_is_rejected() -> None:
    with pytest.raises(CalendarError, match="naive"):
        Moment.at(datetime(2024, 2, 4, 16, 30), "Asia/Shanghai")


def test_unknown_zone_is_rejected() -> None:
    with pytest.raises(CalendarError, match="Mars/Olympus"):
        Moment.at(datetime(2024, 2, 4, tzinfo=UTC), "Mars/Olympus")
    with pytest.raises(CalendarError, match="Mars/Olympus"):
        Moment.parse("2024-02-04", "Mars/Olympus")
    with pytest.raises(CalendarError, match="time zone"):
        Moment.parse("2024-02-04", "../etc/passwd")


@pytest.mark.parametrize("text", ["1899-12-31 23:59", "2101-01-01 00:00", "0001-01-01"])
def test_years_outside_range_are_rejected(text: str) -> None:
    with pytest.raises(CalendarError, match="1900–2100"):
        Moment.parse(text, "Asia/Shanghai")


def test_range_is_checked_in_local_time() -> None:
    # 1899-12-31 20:00 UTC is already 1900 in Shanghai but still 1899 in New York.
    instant = datetime(1899, 12, 31, 20, tzinfo=UTC)
    assert Moment.at(instant, "Asia/Shanghai").local.year == 1900
    with pytest.raises(CalendarError, match="America/New_York"):
        Moment.at(instant, "America/New_York")
    with pytest.raises(CalendarError, match="1900–2100"):
        Moment.at(datetime(9999, 12, 31, 23, tzinfo=UTC), "Pacific/Kiritimati")


@pytest.mark.parametrize("text", ["2024/02/04", "04-02-2024", "2024-2-4", "yesterday", "2024-02-04 16", "2024-02-04+08:00", ""])
def test_malformed_strings_name_the_formats(text: str) -> None:
    with pytest.raises(CalendarError, match="YYYY-MM-DD HH:MM") as info:
        Moment.parse(text, "Asia/Shanghai")
    assert repr(text) in str(info.value)


@pytest.mark.parametrize("text", ["2023-02-29", "2024-13-01", "2024-02-04 24:00", "2024-02-04 16:60"])
def test_nonexistent_dates_are_rejected(text: str) -> None:
    with pytest.raises(CalendarError, match="not a real date") as info:
        Moment.parse(text, "Asia/Shanghai")
    assert text in str(info.value)


def test_bad_offset_and_boundary_are_rejected() -> None:
    with pytest.raises(CalendarError, match="offset"):
        Moment.parse("2024-02-04T16:30+25:00", "Asia/Shanghai")
    with pytest.raises(CalendarError, match="day boundary"):
        Moment.parse("2024-02-04T16:30", "Asia/Shanghai", 12)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("args", "word"),
    [
        (("辰", "甲丑"), "day"),
        (("X", "戊申"), "month"),
        (("辰", "戊申", "X"), "year"),
        (("辰", "戊申", "甲丑"), "year"),
        (("辰辰", "戊申"), "month"),
        (("辰", "戊"), "day"),
        ((4, "戊申"), "month"),
    ],
)
def test_invalid_pillars_are_rejected(args: tuple, word: str) -> None:
    with pytest.raises(CalendarError, match=word):
        Moment.from_pillars(*args)


def test_calendar_error_is_a_value_error() -> None:
    assert issubclass(CalendarError, ValueError)


# --- book cases -----------------------------------------------------------------------------------


def test_from_pillars() -> None:
    m = Moment.from_pillars("辰", "戊申")
    assert (m.month_branch, m.day, m.void) == (Branch.辰, pillar("戊申"), (Branch.寅, Branch.卯))
    assert (m.year, m.year_branch, m.month, m.hour, m.utc, m.tz, m.local) == (None,) * 7
    with_year = Moment.from_pillars(Branch.辰, pillar("戊申"), "甲辰")
    assert with_year.month == pillar("戊辰") and with_year.year == pillar("甲辰")
    assert with_year.year_branch == Branch.辰
    branch_only = Moment.from_pillars("辰", "戊申", "辰")
    assert branch_only.year is None and branch_only.year_branch == Branch.辰 and branch_only.month is None
    assert Moment.from_pillars("辰", "戊申", Branch.辰) == branch_only


@pytest.mark.parametrize("year_stem", STEMS)
@pytest.mark.parametrize("month", BRANCHES)
def test_from_pillars_month_stem_by_five_tigers(year_stem: str, month: str) -> None:
    year_branch = BRANCHES[STEMS.index(year_stem) % 2 * 1]  # any branch of matching parity
    m = Moment.from_pillars(month, "甲子", year_stem + year_branch)
    expected_stem = STEMS[(STEMS.index(TIGER[year_stem]) + (BRANCHES.index(month) - 2) % 12) % 10]
    assert str(m.month) == expected_stem + month


# --- timing helpers -------------------------------------------------------------------------------


def test_month_starts() -> None:
    lichun_2024 = jie_instants()[(2024 - jie_table.FIRST_YEAR) * 12 + 1]
    before = lichun_2024 - timedelta(seconds=1)
    assert month_starts(before, Branch.寅) == (lichun_2024,)
    # Strictly after: at the instant itself the next 寅 month is a year later.
    nxt = month_starts(lichun_2024, Branch.寅, 2)
    assert nxt[0] == jie_instants()[(2025 - jie_table.FIRST_YEAR) * 12 + 1]
    assert nxt[1] == jie_instants()[(2026 - jie_table.FIRST_YEAR) * 12 + 1]
    # Every start really opens a month of that branch, and nothing earlier does.
    for b in Branch:
        starts = month_starts(before, b, 3)
        assert [Moment.at(s, "UTC").month_branch for s in starts] == [b] * 3
        assert Moment.at(starts[0] - timedelta(seconds=1), "UTC").month_branch == b.shift(-1)
        assert timedelta(days=330) < starts[1] - starts[0] < timedelta(days=400)
        assert before < starts[0] <= before + timedelta(days=366)
    assert month_starts(before.astimezone(ZoneInfo("Asia/Tokyo")), Branch.卯) == month_starts(before, Branch.卯)
    assert month_starts(before, Branch.卯, 0) == ()
    with pytest.raises(CalendarError, match="1 寅 month.s. after .* past the table"):
        month_starts(datetime(2101, 6, 1, tzinfo=UTC), "寅")
    with pytest.raises(CalendarError, match="aware"):
        month_starts(datetime(2024, 1, 1), Branch.寅)


def test_year_starts() -> None:
    lichun_2024 = jie_instants()[(2024 - jie_table.FIRST_YEAR) * 12 + 1]  # 甲辰 year begins
    before = lichun_2024 - timedelta(seconds=1)
    assert year_starts(before, Branch.辰) == (lichun_2024,)
    # Strictly after: at 立春 itself the next 辰 year is twelve years on.
    assert year_starts(lichun_2024, Branch.辰, 2) == (jie_instants()[(2036 - jie_table.FIRST_YEAR) * 12 + 1],
                                                     jie_instants()[(2048 - jie_table.FIRST_YEAR) * 12 + 1])
    for b in Branch:
        starts = year_starts(before, b, 3)
        # each opens a year of that branch (the moment after it has that year branch, the moment before not)
        assert [Moment.at(s, "UTC").year_branch for s in starts] == [b] * 3
        assert all(Moment.at(s - timedelta(seconds=1), "UTC").year_branch == b.shift(-1) for s in starts)
        assert before < starts[0] <= before + timedelta(days=366 * 12)
        # the same as every twelfth 寅 month start, counted from the first one of that branch
        tigers = month_starts(before, Branch.寅, 36)
        first = next(i for i, t in enumerate(tigers) if Moment.at(t, "UTC").year_branch == b)
        assert starts == tigers[first::12]
    assert year_starts(before, Branch.子, 0) == ()
    with pytest.raises(CalendarError, match="2 寅 year.s. after .* past the table"):
        year_starts(datetime(2095, 6, 1, tzinfo=UTC), Branch.寅, 2)
    with pytest.raises(CalendarError, match="no 立春"):
        year_starts(datetime(2101, 6, 1, tzinfo=UTC), Branch.寅)
    with pytest.raises(CalendarError, match="aware"):
        year_starts(datetime(2024, 1, 1), Branch.寅)


def test_next_days() -> None:
    start = date(2024, 2, 10)
    for b in Branch:
        days = next_days(start, b, 3)
        assert [sx_day(d)[1] for d in days] == [b.name] * 3
        assert 1 <= (days[0] - start).days <= 12
        assert [(days[i + 1] - days[i]).days for i in range(2)] == [12, 12]
    # Strictly after: the day's own branch comes back in 12 days.
    assert next_days(start, day_pillar_of_date(start).branch) == (start + timedelta(days=12),)


def test_next_days_pillar() -> None:
    start = date(2024, 2, 10)
    for p in ("甲子", "戊申", "癸亥", sx_day(start)):
        days = next_days_pillar(start, p, 2)
        assert [sx_day(d) for d in days] == [p, p]
        assert 1 <= (days[0] - start).days <= 60 and (days[1] - days[0]).days == 60
    assert next_days_pillar(start, sx_day(start)) == (start + timedelta(days=60),)
    with pytest.raises(CalendarError, match="day"):
        next_days_pillar(start, "甲丑")


def test_year_pillar_of() -> None:
    assert [str(year_pillar_of(y)) for y in (1900, 1984, 2000, 2024, 2100)] == ["庚子", "甲子", "庚辰", "甲辰", "庚申"]


# --- properties -----------------------------------------------------------------------------------

ZONES = (
    "Asia/Shanghai", "Asia/Seoul", "Asia/Tokyo", "America/New_York", "Europe/London", "UTC",
    "Asia/Kolkata", "Asia/Kathmandu", "Pacific/Kiritimati", "Pacific/Pago_Pago",
    "Australia/Lord_Howe", "America/St_Johns", "Etc/GMT+12", "Etc/GMT-14",
)
LO = int(datetime(1900, 1, 2, tzinfo=UTC).timestamp())
HI = int(datetime(2100, 12, 30, tzinfo=UTC).timestamp())
TABLE = jie_table.JIE_UTC
near_jie = st.builds(
    lambda i, d: TABLE[i] + d,
    st.integers(13, len(TABLE) - 13),
    st.integers(-120, 120),
)
instants = st.builds(
    lambda s, us: datetime.fromtimestamp(s, UTC) + timedelta(microseconds=us),
    st.one_of(st.integers(LO, HI), near_jie),
    st.integers(0, 999_999),
)


@settings(max_examples=400, deadline=None)
@given(instant=instants, tz=st.sampled_from(ZONES), boundary=st.sampled_from(list(DayBoundary)))
def test_properties(instant: datetime, tz: str, boundary: DayBoundary) -> None:
    m = Moment.at(instant, tz, boundary)
    t = instant.timestamp()
    # Month: linear scan for the last 節 at or before the instant.
    last = max(i for i, x in enumerate(TABLE) if x <= t)
    assert m.month_branch == Branch[JIE_BRANCH[last % 12]]
    # Year: count the 立春 instants passed.
    solar_year = jie_table.FIRST_YEAR - 1 + sum(1 for i in range(1, last + 1, 12))
    assert str(m.year) == STEMS[(solar_year - 4) % 10] + BRANCHES[(solar_year - 4) % 12]
    # 五虎遁.
    offset = (BRANCHES.index(m.month.branch.name) - 2) % 12
    assert m.month.stem.name == STEMS[(STEMS.index(TIGER[m.year.stem.name]) + offset) % 10]
    # Day and hour on the local clock; 五鼠遁 from the day that the 子 hour (from 23:00) belongs to.
    local = instant.astimezone(ZoneInfo(tz))
    assert m.local == local and m.local.utcoffset() == local.utcoffset()
    zi_day = local.date() + timedelta(days=local.hour >= 23)
    day_of_boundary = zi_day if boundary is DayBoundary.LATE_ZI else local.date()
    assert str(m.day) == sx_day(day_of_boundary)
    assert m.hour.branch.name == HOUR_BRANCH[local.hour]
    zi_stem = RAT[sx_day(zi_day)[0]]
    assert m.hour.stem.name == STEMS[(STEMS.index(zi_stem) + BRANCHES.index(HOUR_BRANCH[local.hour])) % 10]
    assert m.void == m.day.void

