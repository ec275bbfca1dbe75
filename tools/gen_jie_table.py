"""Generate ``core/chart/jie_table.py``: the UTC instant of every 節 from 小寒 1899 to 大雪 2101.

The month pillar changes at these instants, so the engine needs them to the second, yet computing
them at run time would put an ephemeris on the hot path.  We compute them once with sxtwl
(寿星天文历, C++: VSOP87 solar longitude with nutation, and 寿星's own ΔT model) and commit the
result.  sxtwl is the source because it reproduces the published almanac times (e.g. 立春 2024
16:26:53, 驚蟄 10:22:31 Beijing time) to the second, and those are what practitioners compare
against.  The tests check the table against astronomy-engine, an independent ephemeris.
1899 and 2101 are included so that every local instant of 1900-01-01 … 2100-12-31 in any time
zone falls between two table entries.

How ``sxtwl.getJieQiByYear(y)`` is read (checked below on every call, so a change of sxtwl's
behaviour stops the generator instead of producing a wrong table):

* it returns 25 terms, 立春 of y up to and including 立春 of y + 1, as ``jqIndex`` 3, 4, … 23,
  0, 1, 2, 3 (0 = 冬至, 1 = 小寒, 2 = 大寒, 3 = 立春, …): the odd indices are the 節, and our 節
  number k (0 = 小寒 … 11 = 大雪) is ``jqIndex`` 2k + 1;
* ``jd`` is a Julian day on Beijing time, UT + 8 h (sxtwl has already subtracted its ΔT, so this
  is UT1 + 8 h; UT1 and UTC differ by < 1 s);
* so 立春 … 大雪 of y are its first 11 odd entries, and 小寒 of y is the ``jqIndex`` 1 entry of
  ``getJieQiByYear(y - 1)``.  For those trailing entries (小寒, 大寒, 立春 of y + 1) sxtwl takes
  only the clock time from the exact computation and the *date* from its day-level term table
  (before 1960 a low-precision formula with historical corrections), which could name the
  neighbouring day for a term near midnight.  So every instant is confirmed with
  ``Day.getJieQiJD`` on its own Beijing date, which recomputes the exact term of that day.

Run from the project root:  ``.venv/bin/python tools/gen_jie_table.py``
"""

from __future__ import annotations

import itertools
import sys
from fractions import Fraction
from importlib.metadata import version
from pathlib import Path

import sxtwl

FIRST_YEAR = 1899
LAST_YEAR = 2101
# The 節 in calendar order within a Gregorian year: name, apparent solar longitude (degrees), and
# the branch of the month it opens.  The k-th one is sxtwl's jqIndex 2k + 1.
JIE = (
    ("小寒", 285, "丑"), ("立春", 315, "寅"), ("驚蟄", 345, "卯"), ("清明", 15, "辰"),
    ("立夏", 45, "巳"), ("芒種", 75, "午"), ("小暑", 105, "未"), ("立秋", 135, "申"),
    ("白露", 165, "酉"), ("寒露", 195, "戌"), ("立冬", 225, "亥"), ("大雪", 255, "子"),
)
_BY_YEAR_INDICES = [*range(3, 24), 0, 1, 2, 3]  # what getJieQiByYear(y) returns, in order
_UNIX_EPOCH_JD = Fraction(2440587.5)  # 1970-01-01T00:00:00 as a Julian day
_BEIJING = 8 * 3600
OUTPUT = Path(__file__).resolve().parent.parent / "core" / "chart" / "jie_table.py"


def beijing_jd_to_posix(jd: float) -> int:
    """A Julian day on Beijing time (UT + 8 h) as a UTC POSIX second, rounded half-even.

    Exact rational arithmetic on the float ``jd`` (whose own resolution is ~40 µs at these dates).
    """
    return round((Fraction(jd) - _UNIX_EPOCH_JD) * 86400) - _BEIJING


def _terms(year: int) -> list:
    terms = list(sxtwl.getJieQiByYear(year))
    indices = [t.jqIndex for t in terms]
    if indices != _BY_YEAR_INDICES:
        raise RuntimeError(f"sxtwl.getJieQiByYear({year}) returned jqIndex {indices}, expected {_BY_YEAR_INDICES}")
    return terms


def _checked(term, year: int, k: int) -> float:
    """``term.jd`` after checking it is 節 k of ``year`` and that its Beijing date is the exact one."""
    name = JIE[k][0]
    if term.jqIndex != 2 * k + 1:
        raise RuntimeError(f"{name} {year}: got jqIndex {term.jqIndex}")
    d = sxtwl.JD2DD(term.jd)
    # Every 節 falls on day 3…9 of Gregorian month k + 1, in UTC and in Beijing time alike.
    if (d.Y, d.M) != (year, k + 1) or not 3 <= d.D <= 9:
        raise RuntimeError(f"{name} {year}: sxtwl date {d.Y}-{d.M}-{d.D}")
    exact = sxtwl.fromSolar(d.Y, d.M, d.D).getJieQiJD()
    if abs(exact - term.jd) > 1e-8:  # ~1 ms
        raise RuntimeError(f"{name} {year}: getJieQiByYear {term.jd!r} != Day.getJieQiJD {exact!r}")
    return term.jd


def jie_jds(first: int = FIRST_YEAR, last: int = LAST_YEAR) -> list[float]:
    """sxtwl's Julian days (Beijing time) of every 節 of years ``first`` … ``last``, chronological."""
    out: list[float] = []
    previous = _terms(first - 1)
    for year in range(first, last + 1):
        current = _terms(year)
        xiaohan = next(t for t in previous if t.jqIndex == 1)
        rest = [t for t in current if t.jqIndex % 2 == 1][:11]  # 立春 … 大雪 of year
        out.extend(_checked(t, year, k) for k, t in enumerate([xiaohan, *rest]))
        previous = current
    return out


def compute(first: int = FIRST_YEAR, last: int = LAST_YEAR) -> tuple[int, ...]:
    """All 節 instants of years ``first`` … ``last`` as UTC POSIX seconds, chronological."""
    table = tuple(beijing_jd_to_posix(jd) for jd in jie_jds(first, last))
    if len(table) != (last - first + 1) * 12:
        raise RuntimeError(f"expected {(last - first + 1) * 12} 節, got {len(table)}")
    gaps = [b - a for a, b in itertools.pairwise(table)]
    if not all(29 * 86400 < g < 32 * 86400 for g in gaps):
        raise RuntimeError("節 instants are not about a month apart; the selection went wrong")
    return table


def render(table: tuple[int, ...]) -> str:
    lib = f"sxtwl {version('sxtwl')}"
    names = " ".join(f"{n}({b})" for n, _, b in JIE)
    lines = [
        f'"""節 instants, UTC POSIX seconds. GENERATED by tools/gen_jie_table.py from {lib}; do not edit.',
        "",
        f"Entry i is 節 number i % 12 of Gregorian year {FIRST_YEAR} + i // 12, in the order",
        f"{names}; it opens the month whose branch is given in parentheses.",
        "Instants are sxtwl.getJieQiByYear results (寿星天文历; Beijing-time Julian days, UT1 + 8 h,",
        "UT1 ≈ UTC) converted to UTC and rounded to the whole second.",
        '"""',
        "",
        f"FIRST_YEAR = {FIRST_YEAR}",
        f"LAST_YEAR = {LAST_YEAR}",
        f'SOURCE = "{lib}"',
        "",
        "JIE_UTC: tuple[int, ...] = (",
    ]
    for i in range(0, len(table), 12):
        row = ", ".join(str(t) for t in table[i:i + 12])
        lines.append(f"    {row},  # {FIRST_YEAR + i // 12}")
    lines.append(")")
    return "\n".join(lines) + "\n"


def main() -> int:
    OUTPUT.write_text(render(compute()), encoding="utf-8")
    print(f"wrote {OUTPUT}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
