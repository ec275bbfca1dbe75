"""倩媒說合 (MS, seed 000 lines 151–157): the go-between — the 應 when asked about, the 間爻 in a marriage chart."""

from __future__ import annotations

from core.chart.chart import Chart, DayRelation, Line, MonthRelation
from core.chart.chart import HexagramTransformation as HT
from core.chart.ganzhi import Element
from core.chart.relations import FRAMES, Stage, generates, overcomes
from core.findings import Finding
from core.topics.common import (
    BAD,
    GOOD,
    W_MAIN,
    W_RULE,
    W_STRONG,
    W_SUPPORT,
    R,
    _at,
    _fallen,
    _finding,
    _helpers,
    _lines,
    _of_line,
    _punished,
    _ranked,
)

# ==== 倩媒說合 (MS, lines 151–157): 占婚以間爻為主，問媒以應象為憑 ===============================================

def _between(chart: Chart) -> tuple[Line, Line]:
    """間爻: the two lines between 世 and 應, the one next to 世 first."""
    w, r = chart.hexagram.world, chart.hexagram.response
    lo, hi = sorted((w, r))
    a, b = chart.lines[lo], chart.lines[hi - 2]
    return (a, b) if abs(a.position - w) == 1 else (b, a)


def _frames(chart: Chart) -> tuple[Element, ...]:
    """三合 formed, as far as 001 局會 bears on a matchmaker chart: all three members among the moving lines, their
    changes, the day and the month; the middle not void unless the day or month supplies it; at least one
    member from the day or month (日月懸之) and one from the lines."""
    m = chart.moment
    from_lines = {ln.branch for ln in chart.moving} | {ln.changed.branch for ln in chart.moving if ln.changed}
    from_moment = {m.day.branch, m.month_branch}
    formed = []
    for f in FRAMES:
        if not all(b in from_lines or b in from_moment for b in f.members):
            continue
        middle_sound = f.middle in from_moment or f.middle not in m.void
        if middle_sound and from_moment & set(f.members) and from_lines & set(f.members):
            formed.append(f.element)
    return tuple(formed)


def matchmaker_reading(chart: Chart, marriage_chart: bool = False) -> tuple[Finding, ...]:
    """The go-between: 應 when the matchmaker is asked about (MS-01), the 間爻 inside a marriage chart (MS-03);
    and whether the match is made (MS-02)."""
    out: list[Finding] = []
    wl, rl = chart.world, chart.response
    if not marriage_chart:
        s, here = _of_line(rl), (_at(rl),)
        st = s.standing
        if st.void:
            out.append(_finding("MS-01", "ms_go_between_void", BAD, W_MAIN, here))
        if DayRelation.日沖 in st.day:
            out.append(_finding("MS-01", "ms_go_between_clashed", BAD, W_RULE, here))
        if st.month_break:
            out.append(_finding("MS-01", "ms_go_between_broken", BAD, W_RULE, here))
        if st.stage is Stage.絕:
            out.append(_finding("MS-01", "ms_go_between_cut", BAD, W_RULE, here))
        if _punished(chart, rl.branch):
            out.append(_finding("MS-01", "ms_go_between_punished", BAD, W_SUPPORT, here))
        helpers = _helpers(chart, s)
        if st.strong and helpers and not st.void:
            out.append(_finding("MS-01", "ms_go_between_able", GOOD, W_MAIN, here, helpers=" ".join(helpers)))
        if DayRelation.日合 in st.day or MonthRelation.月合 in st.month:
            out.append(_finding("MS-01", "ms_go_between_combined", GOOD, W_SUPPORT, here))
        if overcomes(rl.element, wl.element):
            out.append(_finding("MS-01", "ms_go_between_scheming", BAD, W_MAIN, (*here, _at(wl))))
        elif generates(rl.element, wl.element):
            out.append(_finding("MS-01", "ms_go_between_kind", GOOD, W_MAIN, (*here, _at(wl))))
    else:
        for ln in _between(chart):
            s = _of_line(ln)
            if _fallen(s.standing) or s.standing.stage is Stage.絕:
                out.append(_finding("MS-03", "ms_between_weak", BAD, W_RULE, (_at(ln),)))
            elif s.standing.strong or _helpers(chart, s):
                out.append(_finding("MS-03", "ms_between_able", GOOD, W_RULE, (_at(ln),)))

    # MS-02: 財 and 官鬼 both present → can succeed; no 官鬼 → not harmonious; 世/應 void → hard even so;
    # 三合 → speaks well of you; 六合 → married; 六沖 → not yet; 合處逢沖 → about to, then a change.
    wealth, ghosts = _lines(chart, R.妻財), _lines(chart, R.官鬼)
    if wealth and ghosts:
        out.append(_finding("MS-02", "ms_both_present", GOOD, W_MAIN, map(_at, wealth + ghosts)))
    if not ghosts:
        out.append(_finding("MS-02", "ms_no_officer", BAD, W_STRONG))
    if not wealth:
        out.append(_finding("MS-02", "ms_no_wealth", BAD, W_RULE))
    void_parties = [ln for ln in (wl, rl) if ln.standing.void]
    if void_parties:
        out.append(_finding("MS-02", "ms_parties_void", BAD, W_MAIN, map(_at, void_parties)))
    for el in _frames(chart):
        out.append(_finding("MS-02", "ms_frame_praise", GOOD, W_SUPPORT, element=el))
    if chart.hexagram.six_harmony:
        out.append(_finding("MS-02", "ms_six_harmony", GOOD, W_MAIN))
    if chart.hexagram.six_clash:
        out.append(_finding("MS-02", "ms_six_clash", BAD, W_MAIN))
    if HT.六合變六沖 in chart.changes:
        out.append(_finding("MS-02", "ms_harmony_then_clash", BAD, W_RULE))
    return _ranked(out)
