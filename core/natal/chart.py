"""The natal chart of 玉照定真經: five pillars read from the year (本命), with the 胎元 and every pillar's 納音.

A chart comes from a birth instant and zone (``NatalChart.at``, reusing ``core.chart.calendar``'s 節 and day boundary) or
from pillars as the commentary gives them (``NatalChart.of``): any subset, a pillar may be a stem alone or a branch
alone ("六乙人", "寅人"), and combinations the calendar cannot produce are read as written (``calendrical`` says so).
"""

from __future__ import annotations

from collections.abc import Iterator
from datetime import date, datetime, time
from enum import IntEnum
from zoneinfo import ZoneInfo

from core.chart.calendar import CalendarError, DayBoundary, Moment
from core.chart.ganzhi import Branch, Element, Stem, StemBranch
from core.natal import tables
from core.question import Sex
from core.values import value


class Role(IntEnum):
    """The five pillars in 尊卑 order (V7): 年 (尊) > 胎 > 月 > 日 > 時 (卑); a lower value is the senior."""

    年 = 0
    胎 = 1
    月 = 2
    日 = 3
    時 = 4

    def senior_to(self, other: Role) -> bool:
        return self < other

    @property
    def written(self) -> int:
        """Position in the order the chart is written and "先/後" counts: 年 月 日 時, the 胎 after them."""
        return _WRITTEN[self]


_WRITTEN = {Role.年: 0, Role.月: 1, Role.日: 2, Role.時: 3, Role.胎: 4}

FOUR: tuple[Role, ...] = (Role.年, Role.月, Role.日, Role.時)     # 四柱
ALL: tuple[Role, ...] = (Role.年, Role.月, Role.日, Role.時, Role.胎)
DAY_HOUR: tuple[Role, ...] = (Role.日, Role.時)                   # "日時": the day or the hour (§0.3)
OTHERS: tuple[Role, ...] = (Role.月, Role.日, Role.時, Role.胎)    # 見/逢: a pillar other than the year


class LifePeriod(IntEnum):
    """The life period a pillar governs (V6, V52, V250): 胎 before 15, 月 before 25, 日 25–50, 時 after 50."""

    childhood = 1   # 胎: 小年, before 15
    youth = 2       # 月: 初年, before 25
    middle = 3      # 日: 中道, 25–50
    late = 4        # 時: 末, after 50


PERIOD_OF: dict[Role, LifePeriod] = {
    Role.胎: LifePeriod.childhood, Role.月: LifePeriod.youth, Role.日: LifePeriod.middle, Role.時: LifePeriod.late,
}
AGES: dict[LifePeriod, tuple[int | None, int | None]] = {
    LifePeriod.childhood: (None, 15), LifePeriod.youth: (None, 25), LifePeriod.middle: (25, 50),
    LifePeriod.late: (50, None),
}


@value
class Pillar:
    """One pillar as known: both characters, or only the stem, or only the branch."""

    stem: Stem | None
    branch: Branch | None

    def __post_init__(self) -> None:
        if self.stem is None and self.branch is None:
            raise ValueError("a pillar needs a stem or a branch")
        if self.stem is not None and self.branch is not None and self.stem % 2 != self.branch % 2:
            raise ValueError(f"{self.stem.name}{self.branch.name} is not a stem-branch pair (parity differs)")

    @classmethod
    def parse(cls, text: str) -> Pillar:
        """``甲子``, ``甲`` or ``子`` (``甲·`` and ``·子`` too, as the notes write a half-known pillar)."""
        t = text.strip().replace("·", "").replace("(", "").replace(")", "")
        if len(t) == 2:
            pair = StemBranch.parse(t)
            return cls(pair.stem, pair.branch)
        if len(t) == 1 and t in Stem.__members__:
            return cls(Stem[t], None)
        if len(t) == 1 and t in Branch.__members__:
            return cls(None, Branch[t])
        raise ValueError(f"{text!r} is not a pillar: write a stem and a branch (戊申), or one of them (戊, 申)")

    @classmethod
    def of(cls, pair: StemBranch) -> Pillar:
        return cls(pair.stem, pair.branch)

    @property
    def pair(self) -> StemBranch | None:
        if self.stem is None or self.branch is None:
            return None
        return StemBranch(self.stem, self.branch)

    @property
    def nayin(self) -> Element | None:
        """The 納音 element, known only for a whole pillar."""
        pair = self.pair
        return None if pair is None else tables.nayin(pair)

    def __str__(self) -> str:
        return (self.stem.name if self.stem is not None else "·") + (self.branch.name if self.branch is not None else "·")


@value
class NatalChart:
    """The five pillars (any may be unknown), the sex when given, and the instant they came from when known."""

    year: Pillar | None
    month: Pillar | None
    day: Pillar | None
    hour: Pillar | None
    conception: Pillar | None
    sex: Sex | None = None
    birth: Moment | None = None
    conception_given: bool = False  # True when the 胎元 was stated, not derived from the month

    # ---- building -----------------------------------------------------------------------------------------

    @classmethod
    def of(cls, year: str | Pillar | None = None, month: str | Pillar | None = None, day: str | Pillar | None = None,
           hour: str | Pillar | None = None, conception: str | Pillar | None = None, sex: Sex | None = None,
           ) -> NatalChart:
        """A chart from pillars as given. The 胎元 follows from a whole month pillar unless it is given."""
        y, m, d, h, t = (None if p is None or p == "" else p if isinstance(p, Pillar) else Pillar.parse(p)
                         for p in (year, month, day, hour, conception))
        given = t is not None
        if t is None and m is not None and m.pair is not None:
            t = Pillar.of(tables.conception(m.pair))
        return cls(y, m, d, h, t, sex, None, given)

    @classmethod
    def at(cls, instant: datetime, tz: str, sex: Sex | None = None,
           day_boundary: DayBoundary = DayBoundary.LATE_ZI) -> NatalChart:
        """The chart of a birth instant in IANA zone ``tz`` (year at 立春, month at the 節, hour by 五鼠遁)."""
        moment = Moment.at(instant, tz, day_boundary)
        assert moment.year is not None and moment.month is not None and moment.hour is not None
        month = Pillar.of(moment.month)
        return cls(Pillar.of(moment.year), month, Pillar.of(moment.day), Pillar.of(moment.hour),
                   Pillar.of(tables.conception(moment.month)), sex, moment, False)

    @classmethod
    def on(cls, birth_date: date, tz: str, sex: Sex | None = None) -> NatalChart:
        """The chart of a birth date whose hour is unknown: no hour pillar, and the day is the civil date's.

        Refused (``CalendarError``) when the year or the month changes during that day: only the hour can say which
        side of the 節 the birth fell on."""
        zone = ZoneInfo(tz)
        first = Moment.at(datetime.combine(birth_date, time(0, 0), zone), tz)
        last = Moment.at(datetime.combine(birth_date, time(23, 59, 59), zone), tz)
        if first.month != last.month:
            raise CalendarError(f"the month changes on {birth_date.isoformat()} (a 節 falls that day): "
                                "the birth time decides which month it is")
        noon = Moment.at(datetime.combine(birth_date, time(12, 0), zone), tz)
        assert noon.year is not None and noon.month is not None
        return cls(Pillar.of(noon.year), Pillar.of(noon.month), Pillar.of(noon.day), None,
                   Pillar.of(tables.conception(noon.month)), sex, noon, False)

    # ---- reading -------------------------------------------------------------------------------------------

    def __getitem__(self, role: Role) -> Pillar | None:
        return (self.year, self.conception, self.month, self.day, self.hour)[role]

    def present(self, roles: tuple[Role, ...] = ALL) -> Iterator[tuple[Role, Pillar]]:
        """The known pillars among ``roles``, in the order given."""
        for r in roles:
            p = self[r]
            if p is not None:
                yield r, p

    def pairs(self, roles: tuple[Role, ...] = ALL) -> Iterator[tuple[Role, StemBranch]]:
        """The whole pillars among ``roles`` (those with a 納音)."""
        for r, p in self.present(roles):
            pair = p.pair
            if pair is not None:
                yield r, pair

    def stem(self, role: Role) -> Stem | None:
        p = self[role]
        return None if p is None else p.stem

    def branch(self, role: Role) -> Branch | None:
        p = self[role]
        return None if p is None else p.branch

    def nayin(self, role: Role) -> Element | None:
        p = self[role]
        return None if p is None else p.nayin

    @property
    def body(self) -> Element | None:
        """身: the year's 納音 element."""
        return self.nayin(Role.年)

    @property
    def month_branch(self) -> Branch | None:
        return self.branch(Role.月)

    @property
    def month_number(self) -> int | None:
        """正月 = 寅 = 1 … 十二月 = 丑 = 12."""
        b = self.month_branch
        return None if b is None else (b - Branch.寅) % 12 + 1

    @property
    def season(self) -> Element | None:
        """The element in power in the birth month (季月 土)."""
        b = self.month_branch
        return None if b is None else tables.season_element(b)

    @property
    def year_void(self) -> tuple[Branch, Branch] | None:
        """空亡 of the year's 旬, the default reference (V16, V95, V113)."""
        y = self.year
        return None if y is None or y.pair is None else y.pair.void

    @property
    def calendrical(self) -> bool:
        """False when given pillars cannot occur together: a month stem off 五虎遁, an hour stem off 五鼠遁, or a
        胎元 other than month + (1, 3)."""
        y, m, d, h, t = self.year, self.month, self.day, self.hour, self.conception
        if y and m and y.stem is not None and m.pair is not None and tables.tiger_stem(y.stem, m.pair.branch) != m.pair:
            return False
        if d and h and d.stem is not None and h.pair is not None and tables.rat_stem(d.stem, h.pair.branch) != h.pair:
            return False
        return not (m and t and m.pair is not None and t.pair is not None and tables.conception(m.pair) != t.pair)

    @property
    def life_palace(self) -> StemBranch | None:
        """命宮 as V51 states it: 生月上加子，順數到生時 — branch index (month + hour) mod 12, stem by 五虎遁."""
        y, mb, hb = self.stem(Role.年), self.month_branch, self.branch(Role.時)
        if y is None or mb is None or hb is None:
            return None
        return tables.tiger_stem(y, Branch((mb + hb) % 12))

    def palaces(self) -> tuple[tuple[str, StemBranch], ...] | None:
        """The twelve palaces from the 命宮, forward for a man and backward for a woman (V51, V248), each the next
        pillar of the sixty: V248's 甲子 man with 命宮 癸酉 has 甲戌 兄弟 … 戊寅 田宅 … 甲申 父母 (五虎遁 would put
        丙寅 on 寅)."""
        first = self.life_palace
        if first is None or self.sex is None:
            return None
        step = 1 if self.sex is Sex.male else -1
        return tuple((name, first.shift(step * i)) for i, name in enumerate(tables.TWELVE_PALACES))

    @property
    def house(self) -> StemBranch | None:
        """宅 (V117): the fifth branch ahead of the year for a yang year, behind for a yin year; stem by 五虎遁."""
        return self._fifth(+5)

    @property
    def grave(self) -> StemBranch | None:
        """墓 (V117): the fifth branch behind the year for a yang year, ahead for a yin year."""
        return self._fifth(-5)

    def _fifth(self, steps: int) -> StemBranch | None:
        y = self.year
        if y is None or y.pair is None:
            return None
        sign = 1 if y.pair.stem.yang else -1
        return tables.tiger_stem(y.pair.stem, y.pair.branch.shift(sign * steps))
