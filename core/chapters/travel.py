"""出行 (ch. 91, CX), 舟行 (92, ZX), 同舟共行 (93, TZ: one's own journey's ``companion`` aspect), 行人 (94, XR).

Travel: the 世 is the traveller, the 應 the destination or host, the two lines between them the companions (CX-01,
CX-03).  By boat: the 世, with 子孫 the fair wind and the safety (ZX-01/02; 「勿以兄弟為風雲，乃以子孫為順風」 — the
sailing chapter's own reading, not the weather chapter's 兄 = wind, TS-09).  Someone away: the use-god by relation,
a stranger the 應 (XR-02); a return cast reads come or not come and when — attacks on the use-god speak of his
unease where he is, a reason shown and no move (XR-05; the general overrides still read them) — and 化進 means he does not come back, 化退 that he does (XR-03), against the general
reading of 化進/化退 (JT-02/04): the chapter's move comes after and decides.
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
    Unit,
    bad_change,
    changes_into,
    clash_of,
    clashes,
    cut_off,
    empty,
    generates,
    good_change,
    harming,
    harmonizes,
    line_at,
    moving,
    overcome,
    place_of,
    timing,
    weak,
)
from core.chapters.house import trigram_struck
from core.chart.chart import Chart, Line
from core.chart.combinations import frames
from core.chart.relations import harmony_of, punishes
from core.findings import Effect, Finding, Layer, Timing, finding
from core.question import Horizon, Question, Subject, horizon_of


def travel_chapter(chart: Chart, states: States, question: Question, use: Place) -> ChapterReading:
    moves: list[Move] = []
    found: list[Finding] = []
    times: list[Timing] = []
    world, resp = chart.world, chart.response
    ws, rs = states.world, states[LINE_PLACES[resp.position]]
    wp, rp = ws.place, rs.place
    if use != wp:
        return ChapterReading()  # another's journey: the general reading of the use-god
    # CX-01 世為出行人 … 動而化吉，及化子孫者更吉。如若休囚空破，動而化凶者不宜行也
    if world.moving and (good_change(world) or changes_into(world, R.子孫)):
        moves.append(Move("CX-01", "cx_traveller_changes_well", (wp,), "", "+1"))
    elif (world.moving and bad_change(world, states)) or (weak(ws) and empty(ws)):
        moves.append(Move("CX-01", "cx_do_not_go", (wp,), "≤小凶", "≤小凶"))
    # 應為地頭 … 空破墓絕或動而化絕化回頭克者，去之無益
    if empty(rs) or rs.real_tomb or cut_off(rs) or (resp.moving and (T.化絕 in resp.transformations
                                                               or T.回頭克 in resp.transformations)):
        moves.append(Move("CX-01", "cx_destination_useless", (rp,), "", "≤平"))
    # CX-02 世傷應位，不拘遠近相宜 … 應來刑沖克世，不可行之
    if world.element.overcomes is resp.element:
        moves.append(Move("CX-02", "cx_world_masters_destination", (wp, rp), "", "+1"))
    elif resp.element.overcomes is world.element or clashes(resp.branch, world.branch) \
            or punishes(resp.branch, world.branch):
        moves.append(Move("CX-02", "cx_destination_strikes_world", (rp, wp), "≤小凶", "≤小凶"))
    # CX-03 六沖卦及動而變沖，世爻休囚被克者，終去不成
    clash = chart.hexagram.six_clash or (chart.changed is not None and chart.changed.six_clash)
    if clash and weak(ws) and any(states[p].element.overcomes is ws.element for p in ws.attacks):  # 被克, not a 沖 alone
        moves.append(Move("CX-03", "cx_never_leaves", (wp,), "=凶", "=凶"))
    lo, hi = sorted((world.position, resp.position))
    between = [chart.lines[i - 1] for i in range(lo + 1, hi)]
    near = horizon_of(question) is not Horizon.far
    strike = harming(chart, states, tuple(x for x in between if x.moving), wp, near)  # with the force to strike
    for x in between:
        p = LINE_PLACES[x.position]
        if x in strike and x.element.overcomes is world.element:
            found.append(finding("CX-03", "cx_companion_harms", Effect.BAD, 2, (p, wp)))
        elif x.moving and x.relation is R.兄弟:
            found.append(finding("CX-03", "cx_companion_costs", Effect.BAD, 1, (p,)))
        elif generates_or_combines(x, world):
            found.append(finding("CX-03", "cx_companion_helps", Effect.GOOD, 1, (p, wp)))
    if between and all(states[LINE_PLACES[x.position]].void for x in between):
        found.append(finding("CX-03", "cx_travels_alone", Effect.NEUTRAL, 0, ()))
    # CX-04 世爻暗動者必去，世爻旺靜逢沖之日必去
    if ws.hidden_movement:
        found.append(finding("CX-04", "cx_leaves_now", Effect.NEUTRAL, 0, (wp,)))
    elif not world.moving and ws.vigour.strong or world.moving and ws.tied:
        times.append(timing(Unit.DAY, clash_of(world.branch), "CX-04", "cx_departure_day", 5, (wp,)))
    # CX-07 父母持世而動或被父動沖克世爻 … 世爻旺者無妨，最怕休囚而為凶也
    parent_strikes = any(x.element.overcomes is world.element or clashes(x.branch, world.branch)
                         for x in harming(chart, states, moving(chart, R.父母), wp, near) if not x.world)
    if (world.relation is R.父母 and world.moving) or parent_strikes:
        if weak(ws):
            moves.append(Move("CX-07", "cx_burdened_weak", (wp,), "", "-1"))
        else:
            found.append(finding("CX-07", "cx_burdened_strong", Effect.NEUTRAL, 0, (wp,)))
    # CX-08 財爻持世，兄爻沖克 … 無端浪費 … 破耗百出
    if world.relation is R.妻財 and any(x.element.overcomes is world.element or clashes(x.branch, world.branch)
                                       for x in harming(chart, states, moving(chart, R.兄弟), wp, near)):
        moves.append(Move("CX-08", "cx_money_wasted", (wp,), "", "-1"))
    # CX-09 卦得伏吟世動者，沖開之日月成行; 反吟可到中途亦返，世逢沖克大凶; 六沖卦世靜世空必不能行
    turned = [x for x in chart.lines if x.moving]
    if turned and all(T.伏吟 in x.transformations for x in turned) and world.moving:
        times.append(timing(Unit.DAY, clash_of(world.branch), "CX-09", "cx_departure_day", 5, (wp,)))
    if turned and all(T.反吟 in x.transformations for x in turned):
        struck = any(b.element.overcomes is ws.element or clash_of(b) is ws.branch
                     for b in (chart.moment.day.branch, chart.moment.month_branch))
        moves.append(Move("CX-09", "cx_reversal_struck" if struck else "cx_reversal_turns_back", (wp,),
                          "=凶" if struck else "≤小凶", "=凶" if struck else "≤小凶"))
    if chart.hexagram.six_clash and (not world.moving or (ws.void and not ws.void_filled)):
        moves.append(Move("CX-09", "cx_clash_cannot_go", (wp,), "=凶", "=凶"))
    # CX-10 六合卦變六沖，及卦變克絕者，坐家亦恐凶危: 卦變克絕 as 尋地章 glosses it (XN-09 「內外反吟 … 如巽變乾，
    # 坤變震之類，名為化絕化克」): a trigram changing into the one that overcomes it (``trigram_struck``)
    if chart.hexagram.six_harmony and chart.changed is not None and chart.changed.six_clash:
        found.append(finding("CX-10", "cx_danger_even_at_home", Effect.BAD, 2, ()))
    elif trigram_struck(chart):
        found.append(finding("CX-10", "cx_struck_even_at_home", Effect.BAD, 2, ()))
    # CX-06 出行得子孫發動，子孫持世、世化子孫，程途萬里，百禍潛消
    if moving(chart, R.子孫) or world.relation is R.子孫:
        moves.append(Move("CX-06", "cx_child_guards_journey", (wp,), "", "≥小吉"))
    return ChapterReading(tuple(found), tuple(moves), tuple(times))


def generates_or_combines(x: Line, world: Line) -> bool:
    from core.chart.relations import generates, harmonizes

    return generates(x.element, world.element) or harmonizes(x.branch, world.branch)


def companion_chapter(chart: Chart, states: States, question: Question, use: Place) -> ChapterReading:
    """同舟共行章 TZ-01 (L475) 「同行共處應為尊，南路同舟一樣論。應傷世位遭他害，墓絕空破見吾恩，只宜生合相扶助，永賴維持如
    至親。三合同途皆遂意，六沖半路便灰心。起居為害搖兄鬼，水睦清平動子孫 … 占他人以應為用 … 不宜兄鬼動而克世，最宜相合
    相生」: travelling or staying with someone outside the family, the 應 (``Aspect.companion``; kin, 「占親戚必看用神」,
    needs whose: not asked).  The 世 and the 應 generating or combining each other — like kin (≥小吉); a formed 三合
    frame — all goes as wished (+1); a moving 子孫 — peace (+1); a six-clash hexagram — heart lost half way (-1); a
    moving 兄 or 鬼 that can strike the 世 — harm in daily life (-1); the 應 overcoming or clashing the 世 — harm from
    him (≤小凶, last); the 應 in the tomb, cut, void or broken — he will owe you (a reason)."""
    good: list[Move] = []
    bad: list[Move] = []
    found: list[Finding] = []
    world, resp = chart.world, chart.response
    ws, rs = states.world, states[LINE_PLACES[resp.position]]
    wp, rp = ws.place, rs.place
    if generates(world.element, resp.element) or generates(resp.element, world.element) \
            or harmonizes(world.branch, resp.branch):
        good.append(Move("TZ-01", "tz_like_kin", (wp, rp), "", "≥小吉"))
    formed = [f for f in frames(chart) if f.formed]
    if formed:
        good.append(Move("TZ-01", "tz_frame_all_well", tuple(formed[0].places), "", "+1"))
    kids = moving(chart, R.子孫)
    if kids:
        good.append(Move("TZ-01", "tz_offspring_peace", tuple(LINE_PLACES[x.position] for x in kids), "", "+1"))
    if chart.hexagram.six_clash:
        bad.append(Move("TZ-01", "tz_six_clash_gives_up", (), "", "-1"))
    strikers = [x for x in harming(chart, states, moving(chart, R.兄弟) + moving(chart, R.官鬼), wp)
                if not x.world and x.element.overcomes is world.element]
    if strikers:
        bad.append(Move("TZ-01", "tz_sibling_or_ghost_strikes", tuple(LINE_PLACES[x.position] for x in strikers)
                        + (wp,), "", "-1"))
    if resp.element.overcomes is world.element or clashes(resp.branch, world.branch):
        bad.append(Move("TZ-01", "tz_harm_from_him", (rp, wp), "≤小凶", "≤小凶"))
    if empty(rs) or rs.real_tomb or cut_off(rs):
        found.append(finding("TZ-01", "tz_he_will_owe_you", Effect.NEUTRAL, 0, (rp,)))
    return ChapterReading(tuple(found), tuple(good + bad))


def boat_chapter(chart: Chart, states: States, question: Question, use: Place) -> ChapterReading:
    """舟行章 ZX-01/02: the 世 and 子孫."""
    moves: list[Move] = []
    times: list[Timing] = []
    world = chart.world
    ws = states.world
    wp = ws.place
    children = [x for x in chart.lines if x.relation is R.子孫]
    # ZX-02 子孫持世克世生世合世，一路平安。官鬼持世憂鬱驚恐，官鬼沖克世爻災非必見，兄動破財
    if world.relation is R.子孫 or any(generates_or_combines(x, world) or x.element.overcomes is world.element
                                       for x in children if x.moving):
        moves.append(Move("ZX-02", "zx_safe_voyage", (wp,), "", "≥小吉"))
    if world.relation is R.官鬼:
        moves.append(Move("ZX-02", "zx_ghost_on_world", (wp,), "-1", "-1"))
    elif any(x.element.overcomes is world.element or clashes(x.branch, world.branch)  # with the force to (``harming``)
             for x in harming(chart, states, moving(chart, R.官鬼), wp, horizon_of(question) is not Horizon.far)):
        moves.append(Move("ZX-02", "zx_ghost_strikes_world", (wp,), "≤小凶", "≤小凶"))
    # 兄動破財: a moving 兄 with the force to strike the 財 (``harming``)
    if harming(chart, states, moving(chart, R.兄弟), place_of(chart, R.妻財), horizon_of(question) is not Horizon.far):
        moves.append(Move("ZX-02", "zx_sibling_costs", (wp,), "", "-1"))
    # ZX-01 世爻發動，合日值日而到 … 子孫持世及子孫他爻發動者，值日而到。世化退及反吟卦，中途而返: the 反吟卦 as
    # CX-09 reads it (every moving line 反吟), whether the 世 moves or not
    if world.moving:
        times += [timing(Unit.DAY, harmony_of(world.branch), "ZX-01", "zx_arrival_day", 5, (wp,)),
                  timing(Unit.DAY, world.branch, "ZX-01", "zx_arrival_day", 5, (wp,))]
    turned = [x for x in chart.lines if x.moving]
    if (world.moving and T.化退神 in world.transformations) or (
            turned and all(T.反吟 in x.transformations for x in turned)):
        moves.append(Move("ZX-01", "zx_turns_back", (wp,), "", "≤小凶"))
    for x in children:
        if x.moving or x.world:
            times.append(timing(Unit.DAY, x.branch, "ZX-01", "zx_arrival_day", 4, (LINE_PLACES[x.position],)))
    return ChapterReading((), tuple(moves), tuple(times))


def returning_chapter(chart: Chart, states: States, question: Question, use: Place) -> ChapterReading:
    """行人章 XR-02 … XR-05: will he come, and when; whether he is well where he is (XR-05, a reason)."""
    moves: list[Move] = []
    found: list[Finding] = []
    times: list[Timing] = []
    world = chart.world
    ws = states.world
    wp = ws.place
    s = states[use]
    ln = line_at(chart, use)
    unit = Unit.MONTH if horizon_of(question) is Horizon.far else Unit.DAY  # XR-01 遠則應月，近則應日
    if question.subject in (None, Subject.self):
        return ChapterReading()  # one's own return: the 世 is the use-god and the travel rules read it
    # XR-04 世爻空者行人即至
    if ws.void and not ws.void_filled and use != wp:
        moves.append(Move("XR-04", "xr_world_void_arrives", (wp,), "≥吉", "≥吉"))
    # XR-02 世克用神且無歸志，用神克世近日回家
    if use.position != wp.position and world.element.overcomes is s.element:  # not the 世's own change
        moves.append(Move("XR-02", "xr_no_wish_to_return", (wp, use), "", "≤小凶"))
    elif use.position != wp.position and s.element.overcomes is world.element:
        moves.append(Move("XR-02", "xr_comes_home_soon", (use, wp), "", "≥小吉"))
    if ln is not None and ln.moving and ln.changed is not None:
        # XR-03 動化進神不返，用神化退而歸 … 動化鬼在外危災，最怕動而化克
        if T.回頭克 in ln.transformations:
            moves.append(Move("XR-03", "xr_turns_struck", (use,), "=凶", "=凶"))
        elif T.化進神 in ln.transformations:
            moves.append(Move("XR-03", "xr_advances_does_not_return", (use,), "≤小凶", "≤小凶"))
        elif T.化退神 in ln.transformations:
            moves.append(Move("XR-03", "xr_retreats_returns", (use,), "≥小吉", "≥小吉"))
        elif s.tied:
            moves.append(Move("XR-03", "xr_held_up", (use,), "≤平", ""))
        else:
            moves.append(Move("XR-03", "xr_on_the_way", (use,), "≥小吉", "≥小吉"))
        times.append(timing(unit, harmony_of(s.branch), "XR-04", "xr_arrival", 5, (use,)))  # 動而逢合
    elif s.hidden_movement:
        moves.append(Move("XR-03", "xr_on_the_way", (use,), "≥小吉", "≥小吉"))  # 明搖暗動，歸鞭發矣
    elif weak(s) and empty(s):
        moves.append(Move("XR-04", "xr_no_thought_of_return", (use,), "=凶", "=凶"))
    if s.void and not s.void_filled and (s.moving or s.vigour.strong):
        times += [timing(unit, clash_of(s.branch), "XR-04", "xr_arrival", 5, (use,)),
                  timing(unit, s.branch, "XR-04", "xr_arrival", 5, (use,))]
    if s.tomb is not None and not s.tomb_broken:
        times.append(timing(unit, clash_of(s.tomb), "XR-04", "xr_arrival", 4, (use,)))
    if use.layer is Layer.HIDDEN:
        times.append(timing(unit, s.branch, "XR-04", "xr_arrival", 4, (use,)))
    # XR-05 (L479) 「用爻無病可斷歸期，用爻有病在外不安 … 用神墓絕空破受傷，謂之有病 … 若問歸期，只可看卦象來與不來而
    # 斷也」: in a return cast a use-god in the tomb, cut, void or broken, or struck speaks of his unease where he is, not
    # of whether he comes — a reason shown beside the signs of coming (XR-02 … XR-04), no move of its own
    # 「受傷」 as chapters 1–34 read a 克 (``overcome``: the four places come out against it)
    if empty(s) or s.real_tomb or cut_off(s) or overcome(chart, states, s):
        found.append(finding("XR-05", "xr_unwell_abroad", Effect.BAD, 1, (use, *s.attacks)))
    else:
        found.append(finding("XR-05", "xr_well_abroad", Effect.NEUTRAL, 0, (use,)))
    # XR-04 卦逢六沖，行人無定而不返, read as 六沖章 (L545) bids every six-clash be read: 「必兼用神而言，用神旺雖沖不
    # 破，用神失陷凶而又凶」 — a strong use-god is not scattered by it (坤, L562: 「雖是六沖之卦，此子必歸」)
    if chart.hexagram.six_clash and weak(s):
        moves.append(Move("XR-04", "xr_wanders", (), "", "≤小凶"))
    return ChapterReading(tuple(found), tuple(moves), tuple(times))
