"""買賣六畜 (ch. 79, MC), 延醫's holder of the 世 (ch. 103, YY-06), 為貴人奔走效力求財 (ch. 70, BZ) and 請會搖會
(ch. 81, QH): small chapters added beside the ones they extend.

Animals bought or sold, raised or kept: 子孫 is the animal (MC-01 「不拘家禽野獸皆以子孫為用神」, as 用神章 reads
六畜), and the 財 on the 世 is the gain.  The book's only chapter on animals is a trade chapter (「不拘買賣畜禽」);
the livestock topic is read by it.  Choice: MC-01's list 「財爻持世，子動生之，或日月動爻生財或財動化子孫」 is read
as three signs, any one of them, as the text lists them; its 「獨防 …」 list comes first and ends it.

One's own doctor question (YY-06 「自占病」): the holder of the 世 adds to 延醫章's reading of the 應 (illness.py):
a 父 on the 世, medicine works poorly; a 兄 with a moving 子孫, call the doctor again (unless the 鬼 is strong or
moving: the wrong medicine); a 財, mind the diet — strong and supported a good doctor is found, weak and struck none
can help.  Asked for kin (代占), the 世 is the asker, not the patient: not read.  Likewise 為貴人奔走 (BZ-01) reads the 世 as
the one who serves and the 應 as the one served: asked for another, only 「財官兩旺」 is read.  A moving line named
as feeding or striking (MC-01 「子動生之」, BZ-01 「兄克世」 「鬼克世」) acts only with the force chapters 1–34 grant it
(``common.feeding`` / ``harming``).
"""

from __future__ import annotations

from core.chapters.common import (
    LINE_PLACES,
    ChapterReading,
    Move,
    Place,
    R,
    T,
    Unit,
    bad_change,
    changes_into,
    cut_off,
    empty,
    feeding,
    generates,
    harming,
    harmonizes,
    lines_of,
    moving,
    timing,
    tomb_of,
)
from core.chapters.illness import doctor_chapter
from core.chart.chart import Chart
from core.chart.ganzhi import Branch
from core.findings import Effect, Finding, Layer, finding
from core.question import Club, Horizon, Question, Subject, horizon_of
from core.reading.step1_usegod import select_use_god
from core.reading.step2_state import States, Vigour


def livestock_chapter(chart: Chart, states: States, question: Question, use: Place) -> ChapterReading:
    """買賣六畜章 MC-01."""
    world = chart.world
    ws = states.world
    wp = ws.place
    money = states[select_use_god(chart, R.妻財, states).place]
    crossed = any(changes_into(x, R.子孫) for x in chart.lines if x.relation in (R.官鬼, R.父母)) or any(
        changes_into(x, R.官鬼) or changes_into(x, R.父母) for x in lines_of(chart, R.子孫))
    broken = empty(money) or (money.month_break and not money.moving) \
        or (money.void and not money.not_void and not money.void_filled)
    # MC-01 獨防鬼變子孫，子孫變鬼，父化子，子化父，父兄持世，財臨空破，不可行之
    if crossed or world.relation in (R.父母, R.兄弟) or broken:
        return ChapterReading((), (Move("MC-01", "mc_do_not_trade", (wp, use), "=凶", "=凶"),))
    pillars = (chart.moment.day.branch, chart.moment.month_branch)
    movers = [x for x in chart.lines if x.moving]
    # MC-01 財爻持世，子動生之，或日月動爻生財或財動化子孫，乃吉象也
    # (a moving line feeds only when it can: ``feeding``, 002 YN-6)
    near = horizon_of(question) is not Horizon.far
    fed = world.relation is R.妻財 and any(generates(x.element, ws.element)
                                          for x in feeding(chart, states, moving(chart, R.子孫), wp, near))
    raised = any(generates(b.element, money.element) for b in pillars) or any(
        generates(x.element, money.element) and LINE_PLACES[x.position] != money.place
        for x in feeding(chart, states, tuple(movers), money.place, near))
    turned = any(changes_into(x, R.子孫) for x in moving(chart, R.妻財))
    if fed or raised or turned:
        return ChapterReading((), (Move("MC-01", "mc_profitable", (wp, use), "", "≥小吉"),))
    # MC-01 子孫持世，財爻合世，亦有利益
    if world.relation is R.子孫 and any(harmonizes(x.branch, world.branch) for x in lines_of(chart, R.妻財)):
        return ChapterReading((finding("MC-01", "mc_some_profit", Effect.GOOD, 1, (wp,)),),
                              (Move("MC-01", "mc_some_profit", (wp,), "", "+1"),))
    return ChapterReading()


def own_doctor_chapter(chart: Chart, states: States, question: Question, use: Place) -> ChapterReading:
    """延醫章, with YY-06 for one's own illness; a doctor going to treat someone is 醫卜往治章's (``Aspect.treat``,
    ``core.chapters.ASPECT_CHAPTERS``)."""
    base = doctor_chapter(chart, states, question, use)
    if question.subject not in (None, Subject.self):
        return base
    world = chart.world
    ws = states.world
    wp = ws.place
    moves: list[Move] = []
    found = []
    if world.relation is R.父母:
        # YY-06 父持世藥不見功，宜於靜養，遠色欲息氣惱可也
        moves.append(Move("YY-06", "yy_rest_not_medicine", (wp,), "≤小凶", "≤小凶"))
    elif world.relation is R.兄弟 and moving(chart, R.子孫):
        # YY-06 兄弟持世有子孫動於卦中者，醫再延之，惟嫌鬼旺鬼興誤服藥餌
        ghosts = [states[LINE_PLACES[x.position]] for x in lines_of(chart, R.官鬼)]
        if any(g.moving or g.vigour.strong for g in ghosts):
            moves.append(Move("YY-06", "yy_wrong_medicine", (wp,), "≤小凶", "≤小凶"))
        else:
            moves.append(Move("YY-06", "yy_call_again", (wp,), "", "+1"))
    elif world.relation is R.妻財:
        # YY-06 財爻持世切莫誤食肥甘，旺相遇生扶良醫有見，休囚逢沖克無藥可醫
        found.append(finding("YY-06", "yy_mind_the_diet", Effect.NEUTRAL, 0, (wp,)))
        if ws.vigour.strong and ws.supports:
            moves.append(Move("YY-06", "yy_good_doctor_found", (wp,), "", "≥小吉"))
        elif not ws.vigour.strong and ws.attacks:
            moves.append(Move("YY-06", "yy_no_cure", (wp,), "=凶", "=凶"))
    return ChapterReading(base.findings + tuple(found), base.moves + tuple(moves), base.timings)




def client_chapter(chart: Chart, states: States, question: Question, use: Place) -> ChapterReading:
    """為貴人奔走效力求財章 BZ-01: working for a patron or a client for pay — 財 (the pay) and 官 (the patron) both
    strong, the 世 (oneself) and the 應 (the one served).  Its signs in the text's order; what concerns the
    asker's health (「鬼克世世化鬼，得病不輕」) is said, not counted against the work."""
    world, resp = chart.world, chart.response
    ws, rs = states.world, states[LINE_PLACES[resp.position]]
    wp, rp = ws.place, rs.place
    moves: list[Move] = []
    found: list[Finding] = []
    money = [states[LINE_PLACES[x.position]] for x in lines_of(chart, R.妻財)]
    office = [states[LINE_PLACES[x.position]] for x in lines_of(chart, R.官鬼)]
    # 最重財官兩旺 … 世遇財官臨應，無不遂也
    if any(m.vigour.strong for m in money) and any(o.vigour.strong for o in office):
        moves.append(Move("BZ-01", "bz_pay_and_patron_strong", (use,), "", "≥小吉"))
    if question.subject not in (None, Subject.self):
        # the rest reads the 世 as the one who serves and the 應 as the one served: one's own work only
        return ChapterReading(tuple(found), tuple(moves))
    if world.relation is R.妻財 and resp.relation is R.官鬼:
        moves.append(Move("BZ-01", "bz_all_goes_well", (wp, rp), "", "≥小吉"))
    # 世遇財應臨福，我益他損；應臨官世逢破，他益我損
    if world.relation is R.妻財 and resp.relation is R.子孫:
        found.append(finding("BZ-01", "bz_i_gain", Effect.GOOD, 1, (wp, rp)))
    if resp.relation is R.官鬼 and ws.month_break:
        moves.append(Move("BZ-01", "bz_he_gains", (rp, wp), "≤小凶", "≤小凶"))
    # 世逢空破墓及動而變凶，皆非吉也
    void = ws.void and not ws.not_void and not ws.void_filled
    if void or ws.month_break or (ws.tomb is not None and not ws.tomb_broken) \
            or (world.moving and bad_change(world, states)):
        moves.append(Move("BZ-01", "bz_not_good_for_me", (wp,), "≤平", "≤平"))
    # 應克世爻，防慮他人反目 … 應克世兄克世，見災還淺
    if rs.element.overcomes is ws.element:
        moves.append(Move("BZ-01", "bz_patron_turns", (rp, wp), "-1", "-1"))
    # (a moving 兄 or 鬼 strikes the 世 with the force to: ``harming``)
    near = horizon_of(question) is not Horizon.far
    if rs.element.overcomes is ws.element or any(x.element.overcomes is ws.element
                                                for x in harming(chart, states, moving(chart, R.兄弟), wp, near)):
        found.append(finding("BZ-01", "bz_trouble_shallow", Effect.NEUTRAL, 0, (wp,)))
    # 鬼克世世化鬼，得病不輕
    if any(x.element.overcomes is ws.element for x in harming(chart, states, moving(chart, R.官鬼), wp, near)) \
            or changes_into(world, R.官鬼):
        found.append(finding("BZ-01", "bz_health_at_risk", Effect.BAD, 2, (wp,)))
    # 兄爻持世，不如閑處安身; 不宜世應皆空
    if world.relation is R.兄弟:
        moves.append(Move("BZ-01", "bz_better_stay_idle", (wp,), "≤小凶", "≤小凶"))
    if ws.void and rs.void and not ws.void_filled and not rs.void_filled:
        moves.append(Move("BZ-01", "bz_both_void", (wp, rp), "=凶", "=凶"))
    return ChapterReading(tuple(found), tuple(moves))




def club_chapter(chart: Chart, states: States, question: Question, use: Place) -> ChapterReading:
    """請會搖會章: joining a savings club (QH-01) or drawing its pot (QH-02), 財 the money."""
    ws, rs, us = states.world, states[LINE_PLACES[chart.response.position]], states[use]
    wp, rp = ws.place, rs.place
    h, c = chart.hexagram, chart.changed
    moves: list[Move] = []
    times = []
    ln = chart.lines[use.position - 1] if use.layer is Layer.LINE else None
    if question.club is Club.joining:
        # QH-01 請會須宜財旺，更宜世應相生。卦遇六沖，財雖旺而不久。六沖變合，世應相克亦成。六合變沖，有始無終。
        # 財逢絕破，速宜止之
        if us.vigour.strong and (generates(ws.element, rs.element) or generates(rs.element, ws.element)):
            moves.append(Move("QH-01", "qh_club_forms_well", (use, wp, rp), "", "≥小吉"))
        if h.six_clash and c is not None and c.six_harmony:
            moves.append(Move("QH-01", "qh_club_forms_after_all", (wp, rp), "", "≥小吉"))
        elif h.six_harmony and c is not None and c.six_clash:
            moves.append(Move("QH-01", "qh_good_start_bad_end", (), "", "≤小凶"))
        elif h.six_clash:
            moves.append(Move("QH-01", "qh_club_short_lived", (), "", "≤平"))
        if cut_off(us) or us.cut or us.month_break or empty(us):
            moves.append(Move("QH-01", "qh_stop_now", (use,), "=凶", "=凶"))
        return ChapterReading((), tuple(moves))
    # QH-02 倘得財化回頭之克及衰靜而逢空破又土(遇)六沖者，會場必散，終無得會之日矣
    turned = ln is not None and ln.moving and T.回頭克 in ln.transformations
    fallen = not us.vigour.strong and not us.moving and (us.void or us.month_break) and h.six_clash
    if turned or fallen:
        moves.append(Move("QH-02", "qh_club_breaks_up", (use,), "=凶", "=凶"))
    elif chart.world.relation is R.妻財 and ws.vigour is Vigour.旺:
        moves.append(Move("QH-02", "qh_pot_is_yours", (wp,), "", "≥小吉"))  # 搖會得否，旺財持世必得
    # QH-02 財破財空填實之日，財若伏藏，出現之日。財太旺者，逢墓之日。財衰絕者，逢相生之日
    day = Unit.DAY
    if us.void or us.month_break or use.layer is Layer.HIDDEN:
        times.append(timing(day, us.branch, "QH-02", "qh_pot_day", 5, (use,)))
    if us.too_strong:
        times.append(timing(day, tomb_of(us.element), "QH-02", "qh_pot_day", 5, (use,)))
    elif not us.vigour.strong or us.cut:
        times += [timing(day, b, "QH-02", "qh_pot_day", 4, (use,)) for b in Branch if generates(b.element, us.element)]
    return ChapterReading((), tuple(moves), tuple(times))


__all__ = ["client_chapter", "club_chapter", "livestock_chapter", "own_doctor_chapter"]
