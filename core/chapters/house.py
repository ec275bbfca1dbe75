"""蓋造買宅賃宅 (ch. 106, GZ), 尋地 (119, XN), 祖塋舊冢 (126, ZY).

A house to build, buy or rent: 父母 the house with the 世 (GZ-01 … 04).  Choosing a grave site: the 世 is the site
(XN-01 「古以二爻為穴，內卦為穴，騰蛇為穴，屢試不驗，所驗者，世為穴也」) and 子孫 the descendants; a moving 父
harms them (XN-10).  An existing grave: 父母 (ZY-03), where a strong or moving 父 is good (ZY-04 「古以父爻不宜旺相
… 余以為謬也」), only 子化父 and 父化子 harming the descendants.
"""

from __future__ import annotations

from core.chapters.common import (
    LINE_PLACES,
    ChapterReading,
    Element,
    Move,
    Place,
    R,
    States,
    T,
    bad_change,
    changes_into,
    clashes,
    cut_off,
    empty,
    generates,
    good_change,
    harmonizes,
    line_at,
    lines_of,
    moving,
    weak,
)
from core.chart.chart import Chart, Line
from core.findings import Effect, Finding, Layer, finding
from core.question import Question


def house_chapter(chart: Chart, states: States, question: Question, use: Place) -> ChapterReading:
    moves: list[Move] = []
    world = chart.world
    ws = states.world
    wp = ws.place
    us = states[use]
    ln = line_at(chart, use)
    # GZ-04 世爻隨鬼入墓，財爻助鬼克世，及世爻動而變凶，或日月動爻克世 … 父動克世及世爻父爻空破墓絕者，亦不宜行
    struck = any(_overcomes(chart, states, p, ws.element) for p in ws.attacks)
    parent_strikes = any(x.element.overcomes is world.element for x in moving(chart, R.父母) if not x.world)
    ghost_tomb = ws.real_tomb and ws.tomb_place is not None and ws.tomb_place.layer is Layer.LINE \
        and chart.lines[ws.tomb_place.position - 1].relation is R.官鬼
    hollow = empty(ws) or empty(us) or ws.real_tomb or us.real_tomb or cut_off(ws) or cut_off(us)
    if ghost_tomb or (world.moving and bad_change(world, states)) or struck or parent_strikes or hollow:
        moves.append(Move("GZ-04", "gz_do_not_proceed", (wp, use), "=凶", "=凶"))
    elif us.vigour.strong and ws.vigour.strong:
        moves.append(Move("GZ-04", "gz_proceed", (wp, use), "", "≥小吉"))  # 世與父爻旺相不犯沖克者即宜成之
    # GZ-01 父爻旺相持世、生世、合世 … 財動以克父爻，另於他處圖之
    if ln is not None and us.vigour.strong and (use == wp or generates(ln.element, world.element)
                                                or harmonizes(ln.branch, world.branch)):
        moves.append(Move("GZ-01", "gz_house_favours_me", (use, wp), "", "+1"))
    if any(x.element.overcomes is us.element for x in moving(chart, R.妻財)):
        moves.append(Move("GZ-01", "gz_look_elsewhere", (use,), "≤小凶", "≤小凶"))
    # GZ-02 六合 … 事之必成，成而久遠 … 六沖不久之象
    if chart.hexagram.six_harmony and us.vigour.strong and ws.vigour.strong:
        moves.append(Move("GZ-02", "gz_harmony_lasting", (), "", "+1"))
    elif chart.hexagram.six_clash:
        moves.append(Move("GZ-02", "gz_clash_short", (), "", "≤平"))
    # GZ-03 世動化退 … 終須退悔。世動而化進神者，成後長遠興隆
    if world.moving and T.化退神 in world.transformations:
        moves.append(Move("GZ-03", "gz_world_retreats", (wp,), "", "-1"))
    elif world.moving and T.化進神 in world.transformations and not bad_change(world, states):
        moves.append(Move("GZ-03", "gz_world_advances", (wp,), "", "+1"))
    return ChapterReading((), tuple(moves))


def _overcomes(chart: Chart, states: States, p: Place, element: Element) -> bool:
    return states[p].element.overcomes is element


def site_chapter(chart: Chart, states: States, question: Question, use: Place) -> ChapterReading:
    """尋地章: the 世 is the site, 子孫 the descendants."""
    moves: list[Move] = []
    found: list[Finding] = []
    world, resp = chart.world, chart.response
    ws = states.world
    wp = ws.place
    children = [x for x in chart.lines if x.relation is R.子孫]
    # XN-08 世爻子孫爻，不宜休囚墓絕空破 … 化破散、化絕、化墓、化鬼、化退神、化回頭克，但逢一者皆非吉地
    def spoiled(x: Line) -> bool:
        s = states[LINE_PLACES[x.position]]
        return weak(s) or empty(s) or s.real_tomb or cut_off(s) or bad_change(x, states, listed=True)

    child_spoiled = bool(children) and all(spoiled(x) for x in children)
    if spoiled(world) or child_spoiled:
        moves.append(Move("XN-08", "xn_not_a_good_site", (wp,), "", "=凶"))
    elif ws.vigour.strong or ws.on_month_or_day or ws.supports:
        moves.append(Move("XN-01", "xn_good_site", (wp,), "", "≥小吉"))  # 世宜旺相 … 乃吉地也
    if world.relation is R.子孫 or any(states[LINE_PLACES[x.position]].vigour.strong for x in children):
        found.append(finding("XN-01", "xn_many_descendants", Effect.GOOD, 1, (wp,)))
    # XN-02 六合 … 藏風吉穴 … 六沖卦，或六沖變六沖，或世應相沖 … 必無氣耳
    h, c = chart.hexagram, chart.changed
    if h.six_clash and c is not None and c.six_harmony:
        moves.append(Move("XN-03", "xn_regained", (), "", "+1"))
    elif h.six_harmony and c is not None and c.six_clash:
        moves.append(Move("XN-03", "xn_declining", (), "", "≤小凶"))
    elif h.six_clash or clashes(world.branch, resp.branch):
        moves.append(Move("XN-02", "xn_qi_disperses", (wp,), "", "-1"))
    elif h.six_harmony or any(harmonizes(world.branch, x.branch) for x in children):
        moves.append(Move("XN-02", "xn_qi_gathers", (wp,), "", "+1"))
    # XN-04 世爻雖旺不宜化破及化墓絕化回頭克 … 世若衰弱，動而化回頭相生 … 先否後喜之兆
    if world.moving and ws.vigour.strong and any(t in world.transformations for t in (T.化破, T.化墓, T.化絕,
                                                                                         T.回頭克)):
        moves.append(Move("XN-04", "xn_good_then_spoiled", (wp,), "", "-1"))
    elif world.moving and weak(ws) and good_change(world):
        moves.append(Move("XN-04", "xn_poor_then_good", (wp,), "", "+1"))
    # XN-10 卦中不宜父動，父動化父更凶
    parents = moving(chart, R.父母)
    if parents:
        worse = any(x.changed is not None and x.changed.relation is R.父母 for x in parents)
        moves.append(Move("XN-10", "xn_parent_moves_worse" if worse else "xn_parent_moves",
                          tuple(LINE_PLACES[x.position] for x in parents), "", "=凶" if worse else "-1"))
    return ChapterReading(tuple(found), tuple(moves))


def grave_chapter(chart: Chart, states: States, question: Question, use: Place) -> ChapterReading:
    """祖塋舊冢章: 父母 is the grave (ZY-03), the hexagram (ZY-02), the descendants (ZY-04)."""
    moves: list[Move] = []
    found: list[Finding] = []
    us = states[use]
    ln = line_at(chart, use)
    # ZY-03 父母為用神，宜旺相 … 不宜墓絕空破，及動而破散化退神化絕墓化回頭克化旬空
    if empty(us) or us.real_tomb or cut_off(us) or (ln is not None and bad_change(ln, states, listed=True)):
        moves.append(Move("ZY-03", "zy_grave_restless", (use,), "", "=凶"))
    elif us.vigour.strong or us.supports or (ln is not None and good_change(ln)):
        moves.append(Move("ZY-03", "zy_good_grave", (use,), "", "≥小吉"))
    # ZY-02 卦遇六沖全無地脈 … 卦變六沖龍已去 … 沖中變合運將來
    h, c = chart.hexagram, chart.changed
    if h.six_clash and c is not None and c.six_harmony:
        moves.append(Move("ZY-02", "zy_fortune_returns", (), "", "+1"))
    elif h.six_clash or (c is not None and c.six_clash):
        moves.append(Move("ZY-02", "zy_no_vein", (), "", "-1"))
    # ZY-04 惟子孫動而化父及父動化子孫，不利於子孫者是也
    if any(changes_into(x, R.父母) for x in lines_of(chart, R.子孫)) or \
            any(changes_into(x, R.子孫) for x in lines_of(chart, R.父母)):
        found.append(finding("ZY-04", "zy_descendants_harmed", Effect.BAD, 1, ()))
    # ZY-05 世爻變鬼及隨墓助傷，所占之人不吉
    if chart.world.moving and changes_into(chart.world, R.官鬼):
        found.append(finding("ZY-05", "zy_asker_at_risk", Effect.NEUTRAL, 0, (LINE_PLACES[chart.world.position],)))
    return ChapterReading(tuple(found), tuple(moves))
