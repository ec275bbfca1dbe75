"""鄉試 (ch. 55, XH) for examinations, 升選候補 (55b, SB) for office sought, promotion and appointment.

Examinations: 父母 the essay and 官鬼 the degree, both with the 世 (XH-01, XH-08: 父 and 官 that neither hold nor
generate nor combine the 世 are of no use).  The universal negatives (XH-07): a 子孫 or 財 on the 世 or moving, a
void or broken 世, all six lines moving.  Office: 官 with the 世 (SB-01); a 子孫 on the 世 or moving, or a 官 empty
or changing for the worse, leaves no hope of promotion (SB-02).  JS-16 (卷首) reads the 子孫 on the 世 in the
overrides; these add the moving 子孫 and the rest.
"""

from __future__ import annotations

from core.chapters.common import (
    LINE_PLACES,
    ChapterReading,
    Move,
    Place,
    R,
    States,
    T,
    Vigour,
    bad_change,
    clash_of,
    cut_off,
    empty,
    generates,
    harmonizes,
    lines_of,
    moving,
    weak,
)
from core.chart.chart import Chart
from core.findings import Effect, Finding, finding
from core.question import Question, Topic


def career_chapter(chart: Chart, states: States, question: Question, use: Place) -> ChapterReading:
    moves: list[Move] = []
    found: list[Finding] = []
    world = chart.world
    ws = states.world
    wp = ws.place
    children = moving(chart, R.子孫)
    exam = question.topic is Topic.exam
    if exam:
        # XH-02/XH-07 子孫財爻持世，及動於卦中，終須下第 … 或是世爻破空，或是六爻亂動
        spoilers = children + moving(chart, R.妻財)
        if world.relation is R.妻財 or spoilers:  # a 子孫 on the 世 is JS-16's, in the overrides
            moves.append(Move("XH-02", "xh_spoiler_fails_exam", tuple(LINE_PLACES[x.position] for x in spoilers)
                              or (wp,), "", "≤小凶"))
        if empty(ws):
            moves.append(Move("XH-07", "xh_world_empty", (wp,), "", "=凶"))
        if all(x.moving for x in chart.lines):
            moves.append(Move("XH-07", "xh_all_lines_move", (), "", "≤小凶"))
        # XH-08 父與官星 … 若不生合世爻，或不持世 … 亦屬無益
        pair = lines_of(chart, R.父母) + lines_of(chart, R.官鬼)
        linked = any(x.world or generates(x.element, world.element) or harmonizes(x.branch, world.branch)
                     for x in pair)
        if pair and not linked:
            moves.append(Move("XH-08", "xh_not_linked_to_world", (wp,), "", "≤平"))
        # XH-01 父官持世而旺相，或臨日月、或日月動爻生扶、及動而變生，名登龍虎
        if world.relation in (R.父母, R.官鬼) and (ws.vigour.strong or ws.on_month_or_day or ws.supports):
            moves.append(Move("XH-01", "xh_essay_or_rank_on_world", (wp,), "", "≥小吉"))
        # XH-11 卦中官父雖旺而世爻休囚空破墓絕及動而變凶，或日月沖克世爻 … 我位既失，何以成名
        pillars = (chart.moment.day.branch, chart.moment.month_branch)
        struck = any(b.element.overcomes is ws.element or clash_of(b) is ws.branch for b in pillars)
        if (weak(ws) and (empty(ws) or ws.real_tomb or cut_off(ws))) or bad_change(world, states) \
                or (weak(ws) and struck):
            moves.append(Move("XH-11", "xh_world_lost", (wp,), "", "≤小凶"))
        # XH-13 父爻旺相官臨空破墓絕及動而變凶變克 … 文章終遇紅紗蔽目; 官爻旺而生世持世 … 反許遂志 (官 before 父)
        officers = lines_of(chart, R.官鬼)
        us = states[use]
        uln = chart.lines[use.position - 1] if use.layer.value == "line" else None
        if uln is not None and uln.relation is R.官鬼:
            if empty(us) or us.real_tomb or cut_off(us) or bad_change(uln, states):
                moves.append(Move("XH-13", "xh_office_empty", (use,), "", "=凶"))
            elif us.vigour.strong and (uln.world or generates(uln.element, world.element)):
                moves.append(Move("XH-13", "xh_office_favours_world", (use, wp), "", "≥小吉"))
        # XH-12 卦遇六沖 … 官父世爻俱旺者 … 竟許必得; 六合 … 有一失陷不遇生扶者，雖六合亦無益
        trio = [ws] + [states[LINE_PLACES[x.position]] for x in officers + lines_of(chart, R.父母)]
        if chart.hexagram.six_clash and officers and lines_of(chart, R.父母) and all(x.vigour.strong for x in trio):
            moves.append(Move("XH-12", "xh_clash_all_strong", (), "", "≥吉"))
        elif chart.hexagram.six_harmony and any(x.vigour is Vigour.失陷 and not x.supports for x in trio):
            moves.append(Move("XH-12", "xh_harmony_no_help", (), "", "≤平"))
        # XH-16 世與官父相旺內有一而化進神者 … 世化退神 … 父化退神 … 官化退神，皓首無成
        for x in (world, *pair):
            if x.moving and T.化退神 in x.transformations:
                moves.append(Move("XH-16", "xh_retreats", (LINE_PLACES[x.position],), "", "-1"))
                break
    else:
        # SB-02 子孫持世，子孫動於卦中，升遷無期。官臨空破墓絕及動變凶，補升無望
        if children:
            moves.append(Move("SB-02", "sb_child_moves_no_promotion", tuple(LINE_PLACES[x.position]
                                                                            for x in children), "", "≤小凶"))
        us = states[use]
        ln = chart.lines[use.position - 1] if use.layer.value == "line" else None
        if empty(us) or us.real_tomb or cut_off(us) or (ln is not None and bad_change(ln, states)):
            moves.append(Move("SB-02", "sb_office_empty", (use,), "", "=凶"))
        # SB-01 旺官持世及日月動爻作官星生合世爻 … 皆吉
        elif ln is not None and us.vigour.strong and (ln.world or generates(ln.element, world.element)
                                                      or harmonizes(ln.branch, world.branch)):
            moves.append(Move("SB-01", "sb_office_favours_world", (use, wp), "", "≥小吉"))
        # SB-07 世臨日破即使官星持世，不獨不能升選，且防他變
        if ws.day_break:
            moves.append(Move("SB-07", "sb_world_day_broken", (wp,), "≤小凶", "≤小凶"))
        # SB-08 世旺者竟升，世衰者不吉
        if weak(ws):
            found.append(finding("SB-08", "sb_world_weak", Effect.BAD, 1, (wp,)))
    return ChapterReading(tuple(found), tuple(moves))
