"""學業 (ch. 45, XY), 治經 (46, ZJ), 延師 (47, YSH): learning, the subject learnt, the teacher.

學業章 gives each calling its own use-god (``Study``): study 父母 with the 世 (XY-01/02), the nine schools 官 and
財 with the 世 (XY-03), healers and exorcists 子孫 (XY-04, against the 古法 that gives every school the 官), crafts
財 read as 求財 (XY-05 「余以求財章同斷」); for all of them a failing 世 fails the whole (XY-06).  治經章 ZJ-02 says
whether the subject named suits (指占 per subject, ZJ-01): read with study, as a finding, since XY-01/02 already
decide the study itself.

延師章 reads the teacher as 父母 (YSH-01 … YSH-08); hiring a tutor for one's child reads the 應 as the tutor and the
世 as the employer (YSH-09), with 父 and the child (子孫) beside them (YSH-10).

Choices: YSH-02 (父克世 with a 世 得地: 有責成之功) and YSH-08 (父爻克世 … 彼此不投) disagree; the narrower YSH-02
holds for a strong 世, YSH-08 for the rest.  XY-01's conditions are read as the text lists them, any one of them.
"""

from __future__ import annotations

from core.chapters.common import (
    LINE_PLACES,
    ChapterReading,
    Move,
    Place,
    R,
    T,
    bad_change,
    changes_into,
    clashes,
    cut_off,
    empty,
    feeding,
    generates,
    good_change,
    harming,
    harmonizes,
    line_at,
    lines_of,
    moving,
    place_of,
    weak,
)
from core.chapters.wealth import wealth_chapter
from core.chart.chart import Chart, Line
from core.chart.relations import full_frames
from core.findings import Effect, Finding, Layer, finding
from core.question import Horizon, Question, Study, horizon_of
from core.reading.step2_state import State, States


def _places(lines: tuple[Line, ...] | list[Line]) -> tuple[Place, ...]:
    return tuple(LINE_PLACES[x.position] for x in lines)


def _feeds(chart: Chart, states: States, s: State) -> bool:
    """Generates or combines the 世."""
    return generates(s.element, states.world.element) or harmonizes(s.branch, chart.world.branch)


def _pillars_feed_world(chart: Chart, states: States) -> bool:
    ws = states.world
    return any(generates(b.element, ws.element) or harmonizes(b, chart.world.branch)
               for b in (chart.moment.day.branch, chart.moment.month_branch))


def studies_chapter(chart: Chart, states: States, question: Question, use: Place) -> ChapterReading:
    """學業章 by the kind of learning, and XY-06 for every kind."""
    moves: list[Move] = []
    found: list[Finding] = []
    world = chart.world
    ws = states.world
    wp = ws.place
    us = states[use]
    study = question.study
    if study is Study.school:
        ln = line_at(chart, use)
        # XY-01 世爻父母皆宜旺相，或動而變吉、或父母持世、日月動爻生合世
        # (a moving line that can help: ``feeding``, 002 YN-6)
        helpers = feeding(chart, states, tuple(x for x in chart.lines if x.moving and not x.world), wp,
                          horizon_of(question) is not Horizon.far)
        fed = _pillars_feed_world(chart, states) or any(_feeds(chart, states, states[LINE_PLACES[x.position]])
                                                        for x in helpers)
        if (ws.vigour.strong and us.vigour.strong) or good_change(world) or (ln is not None and good_change(ln)) \
                or world.relation is R.父母 or fed:
            moves.append(Move("XY-01", "xy_study_rises", (wp, use), "", "≥小吉"))
        # XY-02 財動克文章，讀書中道而廢。子動無官之象 … 子孫持世，白首無成
        # (財動克文章: the 財 strikes the 父, the use-god; 子動無官: the 子孫 strikes the 官 — each with the force to,
        # ``harming``)
        near = horizon_of(question) is not Horizon.far
        spoil = harming(chart, states, moving(chart, R.妻財), use, near)
        if spoil:
            moves.append(Move("XY-02", "xy_study_abandoned", _places(spoil) + (use,), "≤小凶", "≤小凶"))
        elif harming(chart, states, moving(chart, R.子孫), place_of(chart, R.官鬼), near) or world.relation is R.子孫:
            moves.append(Move("XY-02", "xy_no_degree", (wp,), "", "≤小凶"))
        found += _subject_suits(chart, states, use)
    elif study is Study.profession:
        # XY-03 財持世，官持世，財官世爻皆宜得地。卦中兄爻持世，只可糊口 … 兄動世衰，有毀無譽
        money = [states[LINE_PLACES[x.position]] for x in lines_of(chart, R.妻財)]
        if world.relation is R.兄弟:
            moves.append(Move("XY-03", "xy_bare_living", (wp,), "≤平", "≤平"))
        elif moving(chart, R.兄弟) and weak(ws):
            moves.append(Move("XY-03", "xy_blamed_not_praised", _places(moving(chart, R.兄弟)) + (wp,), "≤小凶", "≤小凶"))
        elif world.relation in (R.妻財, R.官鬼) and ws.vigour.strong and us.vigour.strong \
                and any(m.vigour.strong for m in money):
            moves.append(Move("XY-03", "xy_respected_calling", (wp, use), "", "≥小吉"))
    elif study is Study.healing:
        # XY-04 天師家及驅邪治鬼之家，巫師醫家，皆以子旺 … 必以子孫持世及子孫發動而為吉也
        if world.relation is R.子孫 or moving(chart, R.子孫):
            moves.append(Move("XY-04", "xy_healer_thrives", (wp, use), "", "≥小吉"))
    elif study is Study.craft:
        # XY-05 百工皆以財為用神，子孫元神，最忌兄爻持世及兄爻旺動者，勞碌終身，余以求財章同斷
        craft = wealth_chapter(chart, states, question, use)
        moves += craft.moves
        found += craft.findings
        # 兄爻旺動: a strong moving 兄 with the force to rob the 財 (``harming``)
        robbers = [x for x in harming(chart, states, moving(chart, R.兄弟), use, horizon_of(question) is not Horizon.far)
                   if states[LINE_PLACES[x.position]].vigour.strong]
        if world.relation is R.兄弟 or robbers:
            moves.append(Move("XY-05", "xy_lifelong_toil", _places(robbers) + (wp,), "≤小凶", "≤小凶"))
        return ChapterReading(tuple(found), tuple(moves + _failing_world(chart, states, ws)), craft.timings)
    return ChapterReading(tuple(found), tuple(moves + _failing_world(chart, states, ws)))


def _failing_world(chart: Chart, states: States, ws: State) -> list[Move]:
    """XY-06 以上皆不宜世爻空破墓絕休囚諸事無成 … 世若休囚，而又隨鬼入墓及受日月動爻沖克，或動而化鬼化絕化克者，
    不唯學業難成，且防不測."""
    world = chart.world
    wp = ws.place
    void = ws.void and not ws.not_void and not ws.void_filled  # 旺, moving or clashed, a void only waits (XK2-02)
    if ws.vigour.strong and not void and not ws.month_break and not cut_off(ws) \
            and (ws.tomb is None or ws.tomb_broken):
        return []
    ghost_tomb = ws.tomb_place is not None and ws.tomb_place.layer is Layer.LINE \
        and chart.lines[ws.tomb_place.position - 1].relation is R.官鬼 and not ws.tomb_broken
    turned = world.moving and (changes_into(world, R.官鬼) or T.化絕 in world.transformations
                               or T.回頭克 in world.transformations)
    if weak(ws) and (ghost_tomb or bool(ws.attacks) or turned):
        return [Move("XY-06", "xy_beware_the_unforeseen", (wp,), "=凶", "=凶")]
    return [Move("XY-06", "xy_nothing_succeeds", (wp,), "≤小凶", "≤小凶")]


def _subject_suits(chart: Chart, states: States, use: Place) -> list[Finding]:
    """ZJ-02: does the subject named suit — 官持世父動相生, 日月臨父母生世, 官旺父持世, 世動化吉; or 世空世破,
    動而變凶, 子孫財爻持世, 父母官鬼空破 (須宜另於一經處，誠心再卜)."""
    world = chart.world
    ws = states.world
    pillars = (chart.moment.day.branch, chart.moment.month_branch)
    parent_e = next(e for e in (b.element for b in pillars) if e.generates is chart.hexagram.element) \
        if any(b.element.generates is chart.hexagram.element for b in pillars) else None
    offices = [states[LINE_PLACES[x.position]] for x in lines_of(chart, R.官鬼)]
    parents = [states[LINE_PLACES[x.position]] for x in lines_of(chart, R.父母)]
    bad = (ws.void and not ws.not_void and not ws.void_filled) or ws.month_break \
        or (world.moving and bad_change(world, states)) or world.relation in (R.子孫, R.妻財) \
        or any(empty(s) for s in offices + parents)
    good = (world.relation is R.官鬼 and any(p.moving and generates(p.element, ws.element) for p in parents)) \
        or (parent_e is not None and generates(parent_e, ws.element)) \
        or (world.relation is R.父母 and any(o.vigour.strong for o in offices)) or good_change(world)
    if bad:
        return [finding("ZJ-02", "zj_try_another_subject", Effect.BAD, 1, (ws.place, use))]
    if good:
        return [finding("ZJ-02", "zj_subject_suits", Effect.GOOD, 1, (ws.place, use))]
    return []


def teacher_chapter(chart: Chart, states: States, question: Question, use: Place) -> ChapterReading:
    """延師章 for one's own teacher: 父母 the teacher (YSH-01 … YSH-08)."""
    moves: list[Move] = []
    found: list[Finding] = []
    world = chart.world
    ws = states.world
    wp = ws.place
    us = states[use]
    ln = line_at(chart, use)
    # YSH-01 宜旺相或臨日月及動而化吉。如若休囚空破絕及動而化凶，有素食之譏，無師資之益
    if weak(us) or empty(us) or us.month_break or cut_off(us) or (ln is not None and bad_change(ln, states)):
        moves.append(Move("YSH-01", "ysh_teacher_useless", (use,), "≤小凶", "≤小凶"))
    elif us.vigour.strong or us.on_month_or_day or (ln is not None and good_change(ln)):
        moves.append(Move("YSH-01", "ysh_good_teacher", (use,), "", "≥小吉"))
    # YSH-03 父爻入三墓及臨絕者，若非偷安懶惰，定是師不授教
    if (us.tomb is not None and not us.tomb_broken) or us.cut:
        moves.append(Move("YSH-03", "ysh_lazy_teacher", (use,), "≤平", "≤平"))
    # YSH-02 父旺生合世爻，成人有德，若克世爻，而世爻得地者，有責成之功。世若休囚，必受師尊之累
    strikes = us.element.overcomes is ws.element and use != wp
    if strikes and ws.vigour.strong:
        found.append(finding("YSH-02", "ysh_strict_but_effective", Effect.GOOD, 1, (use, wp)))
    elif strikes:
        moves.append(Move("YSH-02", "ysh_teacher_a_burden", (use, wp), "-1", "-1"))
    elif us.vigour.strong and use != wp and _feeds(chart, states, us):
        found.append(finding("YSH-02", "ysh_forms_character", Effect.GOOD, 1, (use, wp)))
    # YSH-04 財爻持世乃我克父母，若非師不嚴，定是我師畏凌
    if world.relation is R.妻財:
        found.append(finding("YSH-04", "ysh_lax_discipline", Effect.BAD, 1, (wp,)))
    # YSH-05 鬼動化父母，沖克世爻，異日必主爭訟 … 但系鬼動克世，或世動變凶，皆不宜從
    ghosts = moving(chart, R.官鬼)
    litigious = [x for x in ghosts if changes_into(x, R.父母) and x.changed is not None
                 and (x.changed.branch.element.overcomes is ws.element or clashes(x.changed.branch, world.branch))]
    if litigious:
        moves.append(Move("YSH-05", "ysh_lawsuit_later", _places(litigious) + (wp,), "=凶", "=凶"))
    elif any(x.element.overcomes is ws.element  # 鬼動克世, with the force to strike (``harming``)
             for x in harming(chart, states, ghosts, wp, horizon_of(question) is not Horizon.far)) \
            or (world.moving and bad_change(world, states)):
        moves.append(Move("YSH-05", "ysh_do_not_follow", _places(ghosts) + (wp,), "≤小凶", "≤小凶"))
    # YSH-06 世爻旺相，或父母持世，或官星持世，日月動爻生扶，及世爻動而化吉，必有長進，青出於藍 (read: a 世 旺相 or
    # held by 父 or 官, with the day, month or a moving line's support; or a 世 changing for the better)
    if ((ws.vigour.strong or world.relation in (R.父母, R.官鬼)) and ws.supports) or good_change(world):
        found.append(finding("YSH-06", "ysh_pupil_surpasses", Effect.GOOD, 1, (wp,)))
    found += _teacher_changes(chart, states, use)
    # YSH-08 世與父爻兼日月作三合者，情同父子 … 卦得六沖，或世克父爻，或父爻克世者，彼此不投
    pillars = {chart.moment.day.branch, chart.moment.month_branch}
    if use != wp and any(world.branch in fr.members and us.branch in fr.members
                         for fr in full_frames({world.branch, us.branch} | pillars)):
        found.append(finding("YSH-08", "ysh_like_father_and_son", Effect.GOOD, 1, (wp, use)))
    if chart.hexagram.six_clash or (use != wp and ws.element.overcomes is us.element) or (strikes and weak(ws)):
        moves.append(Move("YSH-08", "ysh_no_fit", (wp, use), "≤小凶", "≤小凶"))
    return ChapterReading(tuple(found), tuple(moves))


def _teacher_changes(chart: Chart, states: States, use: Place) -> list[Finding]:
    """YSH-07 動衰變旺，先惰後勤。動旺變衰，先勤後怠。父化父而殊經，父化財而多病，化鬼顯貴之交，父化兄貪財好利."""
    ln = line_at(chart, use)
    if ln is None or not ln.moving or ln.changed is None or ln.relation is not R.父母:
        return []
    now = states[use].vigour.strong
    then = states[Place(Layer.CHANGED, use.position)].vigour.strong
    out: list[Finding] = []
    if not now and then:
        out.append(finding("YSH-07", "ysh_lazy_then_diligent", Effect.NEUTRAL, 0, (use,)))
    elif now and not then:
        out.append(finding("YSH-07", "ysh_diligent_then_lazy", Effect.NEUTRAL, 0, (use,)))
    key = {R.父母: "ysh_teaches_another_subject", R.妻財: "ysh_teacher_sickly", R.官鬼: "ysh_teacher_well_connected",
           R.兄弟: "ysh_teacher_greedy"}.get(ln.changed.relation)
    if key:
        out.append(finding("YSH-07", key, Effect.NEUTRAL, 0, (use,)))
    return out


def tutor_chapter(chart: Chart, states: States, question: Question, use: Place) -> ChapterReading:
    """延師章 for a child's tutor: the 應 the tutor, the 世 the employer (YSH-09), 父 and 子孫 beside them (YSH-10)."""
    moves: list[Move] = []
    found: list[Finding] = []
    world, resp = chart.world, chart.response
    ws, rs = states.world, states[use]
    wp, rp = ws.place, rs.place
    # YSH-09 宜世應相生合，不宜相克相沖。應生世，我得其益，應爻空破，延之不就，應動他有變，世空我意不專
    if empty(rs) or (rs.month_break and not rs.moving) or (rs.void and not rs.not_void and not rs.void_filled):
        moves.append(Move("YSH-09", "ysh_tutor_will_not_come", (rp,), "=凶", "=凶"))
    elif generates(rs.element, ws.element) or generates(ws.element, rs.element) or harmonizes(resp.branch,
                                                                                              world.branch):
        moves.append(Move("YSH-09", "ysh_tutor_and_family_agree", (rp, wp), "", "+1"))
        if generates(rs.element, ws.element):
            found.append(finding("YSH-09", "ysh_tutor_benefits_us", Effect.GOOD, 1, (rp, wp)))
    elif rs.element.overcomes is ws.element or ws.element.overcomes is rs.element or clashes(resp.branch,
                                                                                            world.branch):
        moves.append(Move("YSH-09", "ysh_tutor_and_family_clash", (rp, wp), "", "-1"))
    if resp.moving:
        found.append(finding("YSH-09", "ysh_tutor_may_change", Effect.BAD, 1, (rp,)))
    if ws.void and not ws.not_void and not ws.void_filled:
        found.append(finding("YSH-09", "ysh_employer_half_hearted", Effect.NEUTRAL, 0, (wp,)))
    # YSH-10 父旺與子孫相合，名實兼收，父動克子孫，無益有害，子動化克，不宜延之，子動化鬼，速宜辭絕
    children = lines_of(chart, R.子孫)
    teachers = lines_of(chart, R.父母)
    if any(changes_into(c, R.官鬼) for c in children):
        moves.append(Move("YSH-10", "ysh_dismiss_at_once", _places(children), "=凶", "=凶"))
    elif any(c.moving and T.回頭克 in c.transformations for c in children):
        moves.append(Move("YSH-10", "ysh_do_not_hire", _places(children), "≤小凶", "≤小凶"))
    elif any(t.moving and any(t.element.overcomes is c.element for c in children) for t in teachers):
        moves.append(Move("YSH-10", "ysh_tutor_harms_child", _places(teachers), "-1", "-1"))
    elif any(states[LINE_PLACES[t.position]].vigour.strong and any(harmonizes(t.branch, c.branch)
                                                                        for c in children) for t in teachers):
        moves.append(Move("YSH-10", "ysh_child_gains", _places(teachers + children), "", "+1"))
    return ChapterReading(tuple(found), tuple(moves))


__all__ = ["studies_chapter", "teacher_chapter", "tutor_chapter"]
