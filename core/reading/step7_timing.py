"""Step 7 of a reading, the seed's patterns: the moments (應期) the texts read off a chart, each with its rule, and
the next real dates they fall on.

The patterns are those of 002's worked cases (notes §9): 出空 (T-02/T-09), 沖開 a 合住 line (T-01), the day that
clashes away an injuring line (T-03, M-10), the day that clashes away the only 元神 of a rootless use-god (T-04),
the month of a 回頭克 branch the month feeds (T-05), a 退神 reaching its branch (T-06), the 墓 month of a use-god
at its peak (T-07, M-14 物窮則變，器滿則傾), and 值日.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from datetime import date, datetime, timedelta
from functools import lru_cache
from operator import attrgetter
from zoneinfo import ZoneInfo

from core.chart.actors import Actor, actor_at
from core.chart.calendar import (
    CalendarError,
    Moment,
    day_pillar_of_date,
    month_opening,
    month_starts,
    next_days,
    next_days_pillar,
    year_starts,
)
from core.chart.chart import Chart, DayRelation, MonthRelation, Standing, Transformation
from core.chart.ganzhi import Branch, Stem, StemBranch
from core.chart.relations import FRAMES, Stage, branch_at_stage, clash_of
from core.findings import Layer, Place, Timing, Unit
from core.reading.step1_usegod import UseGod
from core.reading.step2_strength import Assessment, season_strong
from core.rules import source

DATES_PER_TIMING = 3


@lru_cache(maxsize=4096)  # timings are immutable and the same few thousand recur: each is built once
def _t(unit: Unit, branch: Branch, rule: str, key: str, weight: int, places: tuple[Place, ...],
       stem: Stem | None = None) -> Timing:
    return Timing(unit, branch, rule, source(rule), key, weight, stem, places)


def first_day_out_of_void(moment: Moment, branch: Branch) -> StemBranch:
    """出空日: the first day after the current 旬 that bears ``branch`` (寅 void in 甲辰旬 → 甲寅)."""
    next_head = moment.day.xun_head.shift(10)
    return next(next_head.shift(i) for i in range(12) if next_head.shift(i).branch is branch)


def _void_timings(moment: Moment, branch: Branch, places: tuple[Place, ...], rule: str, weight: int) -> list[Timing]:
    out = [_t(Unit.DAY, branch, rule, "leaves_void", weight, places, first_day_out_of_void(moment, branch).stem),
           _t(Unit.DAY, clash_of(branch), "XK-03", "void_clashed", max(1, weight - 4), places),
           _t(Unit.MONTH, branch, "T-09", "void_month", max(1, weight - 5), places)]
    return out


def rule_timings(chart: Chart, use: UseGod, assessment: Assessment, yuan: tuple[Place, ...]) -> list[Timing]:
    """Every timing the rules give for this chart and use-god, unsorted, without dates."""
    m = chart.moment
    a: Actor = use.actor
    here = (use.place,)
    out: list[Timing] = []
    keys = {f.key for f in assessment.findings}
    st = a.standing
    if a.place.layer is Layer.MONTH or st is None:
        return out
    out += _leaves_void(m, a, st, here, keys)
    out += _tie_opened(chart, a, st, here, yuan)
    out += _attacker_cleared(chart, a, here, assessment)
    out += _attacker_in_season(chart, a, here)
    out += _opponent_in_season(chart, a, here)
    out += _helper_cleared(chart, here, assessment, yuan)
    out += _retreat_reached(a, here)
    out += _peak_or_season(a, st, here)
    out += _tomb_opened(m, here, keys)
    out += _own_day(a, here)
    out += _frame_member_leaves_void(chart, a, here)
    return out


def _leaves_void(m: Moment, a: Actor, st: Standing, here: tuple[Place, ...],
                 keys: set[str]) -> list[Timing]:
    """T-02 出空: a void use-god (or its void change) acts when it leaves the void."""
    out: list[Timing] = []
    # T-02 出空: the use-god void (static, moving or a changed line), or its change void (DB-07).
    if st.void and "void_clash_fills" not in keys:
        out += _void_timings(m, a.branch, here, "T-02", 8)
    if Transformation.化空 in a.transformations and a.changed_branch is not None:
        out += _void_timings(m, a.changed_branch, here + (Place(Layer.CHANGED, a.place.position),), "T-02", 7)
    return out


def _tie_opened(chart: Chart, a: Actor, st: Standing, here: tuple[Place, ...],
                yuan: tuple[Place, ...]) -> list[Timing]:
    """T-01 合住: a tied use-god (or 元神) acts when the tie is clashed open."""
    out: list[Timing] = []
    # T-01 合住: tied by its own change → the day/hour that clashes the change; tied by the day → clash the line.
    if Transformation.回頭合 in a.transformations and a.changed_branch is not None:
        for unit in (Unit.DAY, Unit.HOUR):
            out.append(_t(unit, clash_of(a.changed_branch), "T-01", "tie_opened", 7, here))
    if DayRelation.日合 in st.day and not a.moving and a.place.layer is Layer.LINE:
        for unit in (Unit.DAY, Unit.HOUR):
            out.append(_t(unit, clash_of(a.branch), "T-01", "tie_opened", 7, here))
    for y in yuan:
        ya = actor_at(chart, y)
        if Transformation.回頭合 in ya.transformations and ya.changed_branch is not None:
            for unit in (Unit.DAY, Unit.HOUR):
                out.append(_t(unit, clash_of(ya.changed_branch), "T-01", "helper_released", 8, here + (y,)))
    return out


def _attacker_cleared(chart: Chart, a: Actor, here: tuple[Place, ...],
                      assessment: Assessment) -> list[Timing]:
    """T-03 / M-10: a strong use-god hurt acts on the day that clashes the attacker."""
    out: list[Timing] = []
    # T-03 / M-10: hurt by its own change (or a moving line) while strong → the day that clashes the attacker.
    attackers = []
    if Transformation.回頭克 in a.transformations and a.changed_branch is not None:
        attackers.append((a.changed_branch, Place(Layer.CHANGED, a.place.position)))
    for f in assessment.findings:
        if f.key in ("overcome_by_line", "overcome_by_hidden_mover"):
            line = chart.lines[f.places[-1].position - 1]
            attackers.append((line.branch, f.places[-1]))
    if season_strong(a):
        for br, p in attackers:
            out.append(_t(Unit.DAY, clash_of(br), "T-03", "attacker_cleared", 7, here + (p,)))
    return out


def _attacker_in_season(chart: Chart, a: Actor,
                        here: tuple[Place, ...]) -> list[Timing]:
    """T-05: a 回頭克 strikes in the month of its branch."""
    out: list[Timing] = []
    # T-05: a 回頭克 the month feeds strikes in the month of its branch (also read for any 回頭克 branch).
    if Transformation.回頭克 in a.transformations and a.changed_branch is not None:
        line = chart.lines[a.place.position - 1]
        fed = line.changed is not None and (MonthRelation.月生 in line.changed.standing.month
                                           or MonthRelation.臨月建 in line.changed.standing.month)
        out.append(_t(Unit.MONTH, a.changed_branch, "T-05", "attacker_in_season", 7 if fed else 5,
                      here + (Place(Layer.CHANGED, a.place.position),)))
    return out


def _opponent_in_season(chart: Chart, a: Actor,
                        here: tuple[Place, ...]) -> list[Timing]:
    """T-08: the line that clashes and overcomes the use-god strikes in its month."""
    out: list[Timing] = []
    # T-08: the line that clashes and overcomes the use-god strikes when its own month rules (Z002-18: 應 申).
    for ln in chart.lines:
        if ln.position != a.place.position and (ln.branch - a.branch) % 12 == 6 and ln.element.overcomes is a.element:
            out.append(_t(Unit.MONTH, ln.branch, "T-08", "opponent_in_season", 4,
                          here + (Place(Layer.LINE, ln.position),)))
    return out


def _helper_cleared(chart: Chart, here: tuple[Place, ...], assessment: Assessment,
                    yuan: tuple[Place, ...]) -> list[Timing]:
    """T-04: a rootless use-god falls when its 元神 is clashed away."""
    out: list[Timing] = []
    # T-04: a rootless use-god falls on the day that clashes away its 元神.
    if not assessment.rooted:
        for y in yuan:
            ya = actor_at(chart, y)
            out.append(_t(Unit.DAY, clash_of(ya.branch), "T-04", "helper_cleared", 7 if ya.moving else 5, here + (y,)))
    return out


def _retreat_reached(a: Actor, here: tuple[Place, ...]) -> list[Timing]:
    """T-06: a 化退神 use-god is reached in the year and month of its 退 branch."""
    out: list[Timing] = []
    # T-06: 化退神 → the year (and month) its 退 branch rules.
    if Transformation.化退神 in a.transformations and a.changed_branch is not None:
        out.append(_t(Unit.YEAR, a.changed_branch, "T-06", "retreat_reached", 6, here))
        out.append(_t(Unit.MONTH, a.changed_branch, "T-06", "retreat_reached", 3, here))
    return out


def _peak_or_season(a: Actor, st: Standing, here: tuple[Place, ...]) -> list[Timing]:
    """T-07 / M-14: at its peak, trouble in its 墓 month; weak, its own season."""
    out: list[Timing] = []
    # T-07 / M-14: at its peak now → trouble in its 墓 month and when its clash rules; weak now → its own season.
    if MonthRelation.臨月建 in st.month:
        out.append(_t(Unit.MONTH, branch_at_stage(a.element, Stage.墓), "T-07", "tomb_month", 5, here))
        out.append(_t(Unit.MONTH, clash_of(a.branch), "M-14", "peak_breaks", 4, here))
    elif not season_strong(a):
        out.append(_t(Unit.MONTH, a.branch, "M-14", "comes_into_season", 4, here))
    return out


def _tomb_opened(m: Moment, here: tuple[Place, ...], keys: set[str]) -> list[Timing]:
    """D-08: a use-god in its 墓 comes out on the day that clashes the 墓."""
    out: list[Timing] = []
    # 墓 opened by clash: a use-god in its 墓 comes out on the day that clashes the 墓.
    if "day_tomb" in keys:
        out.append(_t(Unit.DAY, clash_of(m.day.branch), "D-08", "tomb_opened", 5, here))
    return out


def _own_day(a: Actor, here: tuple[Place, ...]) -> list[Timing]:
    """D-06 值日, D-02: the use-god's own day, and for a static one its clash."""
    out: list[Timing] = []
    # 值日: the use-god answers on the day of its own branch (臨日辰, D-06); a static one also on the day that
    # clashes it into motion (D-02).
    out.append(_t(Unit.DAY, a.branch, "D-06", "own_day", 3, here))
    if not a.moving:
        out.append(_t(Unit.DAY, clash_of(a.branch), "D-02", "clash_day", 2, here))
    return out


def _frame_member_leaves_void(chart: Chart, a: Actor,
                              here: tuple[Place, ...]) -> list[Timing]:
    """T-09: a void moving member of the use-god's (or 元神's) frame leaves the void."""
    m = chart.moment
    out: list[Timing] = []
    # T-09: a void member of a frame of the use-god's or its 元神's element comes out in its month (Z002-16).
    if not any(ln.moving and ln.standing.void for ln in chart.lines):
        return out
    branches = {ln.branch for ln in chart.lines if ln.moving} | {ln.changed.branch for ln in chart.lines if ln.changed}
    branches |= {m.month_branch, m.day.branch} | {ln.branch for ln in chart.lines}
    for frame in FRAMES:
        if frame.element not in (a.element, a.element.generated_by) or not all(b in branches for b in frame.members):
            continue
        for ln in chart.lines:
            if ln.moving and ln.branch in frame.members and ln.standing.void:
                p = Place(Layer.LINE, ln.position)
                out.append(_t(Unit.MONTH, ln.branch, "T-09", "frame_member_leaves_void", 6, here + (p,)))
                out.append(_t(Unit.DAY, ln.branch, "T-02", "frame_member_leaves_void", 4, here + (p,),
                              first_day_out_of_void(m, ln.branch).stem))
                out.append(_t(Unit.DAY, clash_of(ln.branch), "XK-03", "void_clashed", 2, here + (p,)))
    return out


def _cast_date(m: Moment) -> date:
    """The civil date whose day pillar is the cast's day (after 23:00 under 子初換日 that is tomorrow's date)."""
    assert m.local is not None
    d = m.local.date()
    return d if day_pillar_of_date(d) == m.day else d + timedelta(days=1)


def unit_dates(moments: Iterable[tuple[tuple[Unit, ...], Branch, Stem | None]], m: Moment,
               count: int = DATES_PER_TIMING, counts: Mapping[Unit, int] | None = None
               ) -> list[tuple[tuple[date | datetime, ...], ...]] | None:
    """For each moment (its units, its branch, and the stem a day names), its next real occurrences after the cast
    in each of its units, in the cast's zone (days as dates; others as local datetimes); None when the moment is
    not an instant (``counts``: how many per unit, ``count`` where it says nothing; a day that names its stem, an
    出空 day, is one day: its first).  The dates change only with the cast's date (days), its solar month (months,
    years) or its hour: each anchor is found once, and dates are cached on it, so the casts of one day share them.
    The caller makes each timing with its dates (``dates``: the first unit's; ``unit_dates``: all)."""
    if m.utc is None or m.local is None or m.tz is None:
        return None
    anchors: dict[Unit, date | datetime | None] = {}
    out = []
    for units, branch, day_stem in moments:
        per_unit = []
        for unit in units:
            if unit not in anchors:
                try:
                    anchors[unit] = (_cast_date(m) if unit is Unit.DAY
                                     else m.local.replace(minute=0, second=0, microsecond=0) if unit is Unit.HOUR
                                     else month_opening(m.utc))
                except CalendarError:
                    anchors[unit] = None
            anchor = anchors[unit]
            n = count if counts is None else counts.get(unit, count)
            stem = day_stem if unit is Unit.DAY else None
            if stem is not None and counts is not None:
                n = 1
            try:
                per_unit.append(() if anchor is None else _occurrences(unit, branch, stem, anchor, m.tz, n))
            except CalendarError:  # past the end of the 節 table (2101): no dates rather than wrong ones
                per_unit.append(())
        out.append(tuple(per_unit))
    return out


@lru_cache(maxsize=4096)
def _occurrences(unit: Unit, branch: Branch, stem: Stem | None, anchor: date | datetime, tz: str,
                 count: int) -> tuple[date | datetime, ...]:
    """``count`` occurrences after ``anchor``: the cast's date for days, the start of its local hour for hours,
    the opening of its solar month (UTC) for months and years."""
    if unit is Unit.DAY:
        assert isinstance(anchor, date)
        return (next_days_pillar(anchor, StemBranch(stem, branch), count) if stem is not None
                else next_days(anchor, branch, count))
    assert isinstance(anchor, datetime)
    if unit is Unit.HOUR:
        start_hour = (2 * branch - 1) % 24
        first = anchor.replace(minute=0, second=0, microsecond=0, hour=start_hour)
        if first <= anchor:
            first += timedelta(days=1)
        return tuple(first + timedelta(days=k) for k in range(count))
    zone = ZoneInfo(tz)
    # The next years of that branch begin at their 立春.
    starts = month_starts(anchor, branch, count) if unit is Unit.MONTH else year_starts(anchor, branch, count)
    return tuple(x.astimezone(zone) for x in starts)


def rank(timings: list[Timing]) -> tuple[Timing, ...]:
    """Weightiest first; one entry per (unit, branch, stem, rule)."""
    seen: dict[tuple[Unit, Branch, Stem | None, str], Timing] = {}
    for t in timings:
        k = (t.unit, t.branch, t.stem, t.rule)
        if k not in seen or seen[k].weight < t.weight:
            seen[k] = t
    return tuple(sorted(seen.values(), key=attrgetter("weight"), reverse=True))  # stable

