"""六親壽命 (SY, seed 000 lines 131–149): a relative's lifespan by the use god, with 父母 as the evidence, and the
years and months the text names for its end."""

from __future__ import annotations

from core.chart.chart import Chart, Line, Transformation
from core.chart.ganzhi import SEXAGENARY, Branch, Element, Stem, StemBranch
from core.chart.relations import Stage, branch_at_stage, clash_of, generates, overcomes
from core.findings import Finding, Layer, Place, Timing, Unit
from core.rules import source
from core.topics.common import (
    BAD,
    GOOD,
    NEUTRAL,
    W_GRAVE,
    W_MAIN,
    W_MARK,
    W_MINOR,
    W_RULE,
    W_STRONG,
    W_SUPPORT,
    R,
    _at,
    _attackers,
    _best,
    _fallen,
    _finding,
    _helpers,
    _ranked,
    _Subject,
    _subject,
)

# ==== 六親壽命 (SY, lines 131–149): 以用爻為主，父母為憑 =====================================================

def lifespan_reading(chart: Chart, use_god: Place) -> tuple[Finding, ...]:
    """A lifespan by the use god the caller chose (SY-01: 父母, 兄弟, 妻財, 官鬼, 世, 子孫), checked by 父母."""
    s = _subject(chart, use_god)
    here = (s.place,)
    out: list[Finding] = [_finding("SY-01", "sy_use_god", NEUTRAL, W_MARK, here, relation=s.relation,
                                   branch=s.branch)]
    helpers = _helpers(chart, s)
    out += _sy_long_or_short(chart, s, helpers)
    out += _sy_candle_or_pine(s, helpers)
    out += _sy_harmed(chart, s)
    out += _sy_parents(chart, s)
    out += _sy_end_years(s)
    return _ranked(out)


def _sy_long_or_short(chart: Chart, s: _Subject,
                      helpers: tuple[str, ...]) -> list[Finding]:
    """SY-02: strength, stillness and the change of the use god: long life or not."""
    out: list[Finding] = []
    here, st = (s.place,), s.standing
    avoid = s.element.overcome_by  # 忌神 element
    origin = [ln for ln in chart.lines if generates(ln.element, s.element) and ln.position != s.position]
    changed_stage = s.changed.standing.stage if s.changed is not None else None

    # SY-02: 旺相安靜 → long life; moving but 化回頭生 → long (no 忌神 at all: 壽並龜齡); 旺 but 化墓/化絕 → not long;
    # weak but 化 生旺 → adds years; still, not 化生, with a 元神 in the chart → old age.
    # 逢墓絕 is read on the change (化墓/化絕) and on a moving line bearing its 墓: both worked examples sit in 墓
    # on the day (酉 on 丑, 午 on 戌) and the author still reads long life, so the day's 墓 is not counted.
    tomb = branch_at_stage(s.element, Stage.墓)
    entombed = (Transformation.化墓 in s.transformations or Transformation.化絕 in s.transformations
                or any(ln.moving and ln.branch is tomb and ln.position != s.position for ln in chart.lines))
    if st.strong and entombed:
        out.append(_finding("SY-02", "sy_strong_entombed", BAD, W_MAIN, here))
    elif st.strong and not s.moving:
        out.append(_finding("SY-02", "sy_strong_still", GOOD, W_STRONG, here, state=st.month_state))
    if s.moving and "變" in helpers:
        key = "sy_changes_to_support" if _lines_of_element(chart, avoid) else "sy_tortoise"  # 無忌象 → 龜齡
        out.append(_finding("SY-02", key, GOOD, W_STRONG if key == "sy_tortoise" else W_MAIN,
                            (*here, Place(Layer.CHANGED, s.position))))
    elif not st.strong and s.moving and changed_stage in (Stage.長生, Stage.帝旺):
        out.append(_finding("SY-02", "sy_weak_revives", GOOD, W_RULE,
                            (*here, Place(Layer.CHANGED, s.position)), stage=changed_stage))
    if not s.moving and "變" not in helpers and origin:
        out.append(_finding("SY-02", "sy_origin_present", GOOD, W_SUPPORT, (*here, *map(_at, origin))))
    return out


def _sy_candle_or_pine(s: _Subject, helpers: tuple[str, ...]) -> list[Finding]:
    """SY-03: fallen or cut, a candle in the wind; helped by day and month, a pine."""
    out: list[Finding] = []
    here, st = (s.place,), s.standing
    # SY-03: 落陷/臨空 → a candle in the wind; 臨絕 → dies young unless 絕處逢生; 日扶月助 → a pine in the valley.
    if _fallen(st):
        out.append(_finding("SY-03", "sy_void" if st.void else "sy_broken", BAD, W_MAIN, here))
    if st.stage is Stage.絕:
        if helpers:
            out.append(_finding("SY-03", "sy_cut_revived", GOOD, W_RULE, here, helpers=" ".join(helpers)))
        else:
            out.append(_finding("SY-03", "sy_cut", BAD, W_MAIN, here))
    if not st.void:
        if "日" in helpers and "月" in helpers:
            out.append(_finding("SY-03", "sy_pine", GOOD, W_MAIN, here, helpers=" ".join(helpers)))
        elif helpers:
            out.append(_finding("SY-03", "sy_helped", GOOD, W_SUPPORT, here, helpers=" ".join(helpers)))
    return out


def _sy_harmed(chart: Chart, s: _Subject) -> list[Finding]:
    """SY-04: attacked while weak foretells an end; while strong, only hurt."""
    out: list[Finding] = []
    here, st = (s.place,), s.standing
    attackers = _attackers(chart, s)
    avoid = s.element.overcome_by  # 忌神 element
    jishen_moving = [ln for ln in chart.moving if ln.element is avoid and ln.position != s.position]
    # SY-04: 衰中被害 (無氣 + 忌神 moving, 化出克, 日沖克, or any 沖剋) → the classic foretells an end even in health;
    # 旺處受傷 → hurt but not shortened.
    if attackers or jishen_moving:
        why = " ".join(dict.fromkeys((*attackers, *(["忌神"] if jishen_moving else []))))
        places = (*here, *map(_at, jishen_moving))
        if st.strong:
            out.append(_finding("SY-04", "sy_strong_withstands", GOOD, W_SUPPORT, places, attackers=why))
        else:
            out.append(_finding("SY-04", "sy_weak_harmed", BAD, W_GRAVE, places, attackers=why))
    return out


def _sy_parents(chart: Chart, s: _Subject) -> list[Finding]:
    """SY-05, SY-06: 父母, the 壽笄, confirms or denies the years."""
    out: list[Finding] = []
    # SY-05/SY-06: every lifespan also looks at 父母 (壽笄): 旺 → adds years; 空/破 → no long life;
    # for juniors (子孫) it must not move.  Skipped when 父母 is the use god itself.
    if s.relation is not R.父母:
        parents = _best(chart, R.父母, hidden=True)
        if parents is not None:
            pp = (parents.place,)
            if _fallen(parents.standing):
                out.append(_finding("SY-05", "sy_parents_fallen", BAD, W_MAIN, pp))
            elif parents.standing.strong:
                out.append(_finding("SY-06", "sy_parents_strong", GOOD, W_RULE, pp))
            if s.relation is R.子孫 and parents.moving:
                out.append(_finding("SY-05", "sy_parents_moving_junior", BAD, W_RULE, pp))
    return out


def _sy_end_years(s: _Subject) -> list[Finding]:
    """SY-07, SY-09: the years the text names for the end."""
    out: list[Finding] = []
    here = (s.place,)
    # SY-07: the end falls in the decade (旬) of years in which the use god's branch is void.
    head = _void_decade(s.branch)
    out.append(_finding("SY-07", "sy_void_decade", NEUTRAL, W_MINOR, here, decade=str(head),
                        last=str(head.shift(9)), branch=s.branch))
    # SY-09: a year whose stem overcomes the line's stem and whose branch clashes it (天剋地沖).
    if s.stem is not None:
        year = _clash_year(s.stem, s.branch)
        if year is not None:
            out.append(_finding("SY-09", "sy_clash_year", NEUTRAL, W_MINOR, here, year=str(year),
                                stem=s.stem, branch=s.branch))
    return out


def _lines_of_element(chart: Chart, element: Element) -> tuple[Line, ...]:
    return tuple(ln for ln in chart.lines if ln.element is element)


def _void_decade(branch: Branch) -> StemBranch:
    """The 甲 year opening the 旬 whose void holds ``branch`` (酉 → 甲戌, whose void is 申酉)."""
    return next(sb for sb in SEXAGENARY[::10] if branch in sb.void)


def _clash_year(stem: Stem, branch: Branch) -> StemBranch | None:
    """天剋地沖: the pillar whose stem overcomes ``stem`` and whose branch clashes ``branch`` (庚午 → 丙子)."""
    target = clash_of(branch)
    for sb in SEXAGENARY:
        if sb.branch is target and overcomes(sb.stem.element, stem.element):
            return sb
    return None


def lifespan_timing(chart: Chart, use_god: Place) -> tuple[Timing, ...]:
    """T-11 end years (SY-07 歲旬空, SY-09 天剋地沖) and the SY-08 month, most likely first.

    Every year of the void decade and the clash year are candidates (the text gives both as sufficient).
    A candidate whose branch also overcomes the use god or its 元神 weighs one more (SY-08: 元神 hurt by the
    year); ties go to the earliest year after the cast when the cast year is known.
    """
    s = _subject(chart, use_god)
    places = (s.place,)
    origin = s.element.generated_by
    src = source("T-11")

    def weight(sb: StemBranch) -> int:
        hurt = overcomes(sb.branch.element, s.element) or overcomes(sb.branch.element, origin)
        return W_MAIN + (1 if hurt else 0)

    head = _void_decade(s.branch)
    candidates: dict[StemBranch, Timing] = {}
    if s.stem is not None and (year := _clash_year(s.stem, s.branch)) is not None:
        candidates[year] = Timing(Unit.YEAR, year.branch, "T-11", src, "lifespan_end_clash_year", weight(year),
                                  stem=year.stem, places=places)
    for i in range(10):
        sb = head.shift(i)
        if sb not in candidates:
            candidates[sb] = Timing(Unit.YEAR, sb.branch, "T-11", src, "lifespan_end_void_year", weight(sb),
                                    stem=sb.stem, places=places)
    cast_year = chart.moment.year

    def order(item: tuple[StemBranch, Timing]) -> tuple[int, int]:
        sb, t = item
        after = (sb.index - cast_year.index) % 60 if cast_year is not None else sb.index
        return -t.weight, after

    out = [t for _, t in sorted(candidates.items(), key=order)]
    # SY-08: the month in which the use god's element is at 死 (金 死 in 子: Y000-01).
    death = branch_at_stage(s.element, Stage.死)
    out.append(Timing(Unit.MONTH, death, "SY-08", source("SY-08"), "lifespan_death_stage_month", W_MINOR,
                      places=places))
    return tuple(out)
