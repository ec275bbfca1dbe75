"""終身財福 (ch. 37, CF) and 終身功名有無 (38, GM): one's own lifetime, one side per cast (身命章 SHM-01 分占).

終身財福 reads three lines together — the 世 (the person), 財 (the wealth) and 子孫 (福, 「財之源也」) — on the
chapter's own scale of strength (CF-05 「無氣失陷謂之不旺，得地有氣亦謂之不旺，空破墓絕亦謂之不旺」): 旺 alone is
旺; 有氣 is 「得地」 but not 旺; 休囚 is 無氣; 失陷 (真空, a static break, a real tomb, 絕) is the fall.  A line
changing for the worse (變凶) counts as fallen where the chapter lists it (CF-07 「或動而變凶」).

Choices (the text leaves them open):
- CF-01 「三者無一失陷」 is read as all three 得地 (旺 or 有氣); where exactly two are 旺, the sentences that name
  the third 「不旺」 (CF-02 … CF-05) decide instead, since CF-05 counts 有氣 among 不旺.
- CF-06 「財福失陷，立見傾家」 is read of 財 or 福 fallen; CF-07's 「世爻得地、而財福失陷者 … 亦可支撐度日」 is the
  exception the text gives: a 世 得地 with both fallen gets by.
- The holder of the 世 (CF-14, CF-15, CF-22, CF-24, CF-28) and a 官 striking it (CF-27) come after the grid and
  bound it, as the chapter says of each holder; CF-27's worst cases end it (「速尋趨避之法」).

終身功名 reads 官 (the office) and 父 (the learning) bearing on the 世 (GM-01 … GM-03); a moving 子孫 on the 世 bars
office (GM-05), a static void or broken 世 or a broken or void 官 (GM-06) too, unless that line moves.
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
    clash_of,
    generates,
    good_change,
    harmonizes,
    lines_of,
    moving,
    timing,
)
from core.chart.chart import Chart, Spirit
from core.chart.ganzhi import Branch, Element
from core.findings import Effect, Finding, Layer, Timing, finding
from core.question import Life, Question
from core.reading.step1_usegod import select_use_god
from core.reading.step2_state import State, States, Vigour

_FALLEN, _LOW, _HAS, _UP = 0, 1, 2, 3  # 失陷 (or 變凶), 無氣, 有氣 (得地), 旺


def _grade(chart: Chart, states: States, s: State) -> int:
    """The chapter's scale (CF-05): 旺, 有氣, 無氣 (休囚), 失陷 — and a line changing for the worse falls (CF-07)."""
    ln = chart.lines[s.place.position - 1] if s.place.layer is Layer.LINE else None
    if s.vigour is Vigour.失陷 or (ln is not None and bad_change(ln, states)):
        return _FALLEN
    return {Vigour.旺: _UP, Vigour.有氣: _HAS, Vigour.休囚: _LOW}.get(s.vigour, _FALLEN)


def _line_of(chart: Chart, states: States, rel: R) -> State:
    """The line the chapter reads for a relation: the one the use-god choice would take (shown, changed or hidden)."""
    return states[select_use_god(chart, rel).place]


def _branches_generating(e: Element) -> tuple[Branch, ...]:
    return tuple(b for b in Branch if b.element.generates is e)


def lifetime_chapter(chart: Chart, states: States, question: Question, use: Place) -> ChapterReading:
    """A lifetime asked by its side: 終身財福 or 終身功名; as a whole it is 000's 身命 (core/topics), not a chapter."""
    if question.life is Life.wealth:
        return wealth_life(chart, states, use)
    if question.life is Life.career:
        return career_life(chart, states, use)
    return ChapterReading()


def wealth_life(chart: Chart, states: States, use: Place) -> ChapterReading:
    """終身財福章."""
    moves: list[Move] = []
    found: list[Finding] = []
    times: list[Timing] = []
    ws = states.world
    wp = ws.place
    world = chart.world
    cs, fs = states[use], _line_of(chart, states, R.子孫)
    w, c, f = _grade(chart, states, ws), _grade(chart, states, cs), _grade(chart, states, fs)
    three = (wp, use, fs.place)
    ups = sum(g == _UP for g in (w, c, f))
    if w >= _HAS and c == _FALLEN and f == _FALLEN:
        # CF-07 世爻得地、而財福失陷者，此人身強力健、或有小謀小技，亦可支撐度日
        moves.append(Move("CF-07", "cf_gets_by_on_strength", three, "=平", "=平"))
    elif c == _FALLEN or f == _FALLEN:
        # CF-06 財福失陷，立見傾家 (a moving void or broken 財/福 is not 失陷: it waits, below)
        moves.append(Move("CF-06", "cf_house_falls", (use, fs.place), "=凶", "=凶"))
    elif ups == 3 or (ups < 2 and min(w, c, f) >= _HAS):
        # CF-01 世爻財爻子孫爻三者無一失陷，定是家殷戶足、福祿綿長
        moves.append(Move("CF-01", "cf_prosperous", three, "≥小吉", "≥小吉"))
    elif ups == 2 and f != _UP:
        # CF-02 財世旺相而福神不旺者，乃先富後貧之人也 … 財旺福空榮華不久
        moves.append(Move("CF-02", "cf_rich_then_poor", three, "≥小吉", "≤小凶"))
    elif ups == 2 and c != _UP:
        # CF-03 世與福爻旺相而財爻不旺者，乃無財享福之人也
        moves.append(Move("CF-03", "cf_comfort_without_wealth", three, "=平", "=平"))
    elif ups == 2:
        # CF-04 財與福爻旺相而世爻不旺者，乃富屋之貧人也; CF-05 the grade of the 世 decides
        found.append(finding("CF-04", "cf_poor_in_a_rich_house", Effect.NEUTRAL, 0, three))
        if w == _HAS:
            moves.append(Move("CF-05", "cf_fortune_in_its_year", three, "", "≥小吉"))  # 財福司權，榮華有日
            times += [timing(Unit.YEAR, b, "CF-05", "cf_world_revived_year", 4, (wp,))
                      for b in _branches_generating(ws.element)]  # 從逢生之年復旺相
        elif w == _LOW:
            moves.append(Move("CF-05", "cf_rich_but_not_well", three, "≤平", "≤平"))  # 財福兩旺，世爻無氣者，不為吉也
        else:
            moves.append(Move("CF-05", "cf_wealth_cannot_save", three, "=凶", "=凶"))  # 更為凶也
    else:
        # CF-07 the poor side, by 有氣 and 無氣
        strong = (w >= _HAS, c >= _HAS, f >= _HAS)
        if not any(strong):
            moves.append(Move("CF-07", "cf_destitute", three, "=凶", "=凶"))  # 乃無衣乏食之人也
        elif strong == (True, False, True):
            moves.append(Move("CF-07", "cf_poor_but_content", three, "=平", "=平"))  # 雖則貧寒樂享清福
        elif strong == (True, True, False):
            # 手頭常過金銀、或代人掌財，再得日月動爻生扶者，亦許小成
            helped = bool(ws.supports) or bool(cs.supports)
            moves.append(Move("CF-07", "cf_money_passes_helped" if helped else "cf_money_passes", three,
                              "", "≥小吉" if helped else "=平"))
    # CF-06 唯動空及動而破者，不妨定(應實)破(實)空之年月也
    for s in (cs, fs):
        if s.moving and (s.void or s.month_break):
            times.append(timing(Unit.YEAR, s.branch, "CF-06", "cf_filled_year", 4, (s.place,)))
    # CF-09 世爻旺而空者，謂之帶旺匪空。動不為空，遇日建沖者，沖空則實空之年，勃然發福
    if ws.void:
        if ws.vigour is Vigour.旺 or ws.moving or ws.void_filled:
            found.append(finding("CF-09", "cf_void_world_waits", Effect.NEUTRAL, 0, (wp,)))
            times += [timing(Unit.YEAR, clash_of(ws.branch), "CF-09", "cf_void_world_year", 4, (wp,)),
                      timing(Unit.YEAR, ws.branch, "CF-09", "cf_void_world_year", 4, (wp,))]
        elif not ws.vigour.strong:
            moves.append(Move("CF-09", "cf_void_world_fails", (wp,), "≤小凶", "≤小凶"))  # 終身作事無成
    # CF-10 世爻有墓 … 若休囚無氣 … 凡為不遂; 世 臨日月、日月生扶、動而化吉 → 墓中人逢沖之年而發
    if ws.tomb is not None and not ws.tomb_broken:
        # 臨於日月、或日月生扶、或動而化吉 (the month or the day, not a moving line; one that breaks it is no help)
        raised = ws.on_month_or_day or good_change(world) or any(
            clash_of(b) is not ws.branch and (generates(b.element, ws.element) or b.element is ws.element)
            for b in (chart.moment.day.branch, chart.moment.month_branch))
        if raised:
            found.append(finding("CF-10", "cf_entombed_until_clash", Effect.NEUTRAL, 0, (wp,)))
            times.append(timing(Unit.YEAR, clash_of(ws.tomb), "CF-10", "cf_tomb_opened_year", 4, (wp,)))
        elif not ws.vigour.strong:
            moves.append(Move("CF-10", "cf_entombed_world", (wp,), "≤小凶", "≤小凶"))
    # CF-12 若世財福爻無氣，再遇六沖卦者是也 (a 六沖 alone is not it)
    if chart.hexagram.six_clash and max(w, c, f) <= _LOW:
        moves.append(Move("CF-12", "cf_clash_no_household", three, "≤小凶", "≤小凶"))
    moves += _world_holder(chart, states, ws, cs, c, f)
    found += _patrons(chart, states, ws)
    more_found, more_moves = _callings(chart, states, ws, cs, w, c, f)
    return ChapterReading(tuple(found + more_found), tuple(moves + more_moves), tuple(times))


def _callings(chart: Chart, states: States, ws: State, cs: State, w: int, c: int, f: int) -> tuple[list[Finding], list[Move]]:
    """What the holder of the 世 says of the way one lives (CF-20, CF-25, CF-26, CF-29).

    CF-25's 「合助」 and CF-29's 「合住」 both combine a 財 on the 世; read with LH-03 (a static line combined is
    raised, 合起; a moving one is held, 合住): a static weak 財 on the 世 combined or supported rises suddenly
    (CF-25), a moving one held by the combination only gets by (CF-29)."""
    world = chart.world
    wp = ws.place
    found: list[Finding] = []
    moves: list[Move] = []
    held = world.relation
    if held is R.妻財 and world.spirit is Spirit.白虎:
        # CF-20 白虎臨財持世，雖其人不知禮義，然必家道殷實
        found.append(finding("CF-20", "cf_rich_but_coarse", Effect.GOOD, 1, (wp,)))
    if held is R.妻財 and ws.vigour is Vigour.旺 and ws.attacks:
        # CF-20 論旺財逢制，及應將來之破敗也
        moves.append(Move("CF-20", "cf_checked_wealth_later_ruin", (wp, *ws.attacks), "", "-1"))
    if c == _UP and f == _UP:
        # CF-25 財爻福爻自來旺相者，或商或賈或守農生，成之富足
        found.append(finding("CF-25", "cf_trade_brings_wealth", Effect.GOOD, 1, (cs.place,)))
    pillars = (chart.moment.day.branch, chart.moment.month_branch)
    movers = [x for x in chart.lines if x.moving and not x.world]
    combined = [b for b in pillars if harmonizes(b, world.branch)] + [x.branch for x in movers
                                                                     if harmonizes(x.branch, world.branch)]
    bound = bool(combined) and world.moving  # 合住: a moving 世 held by the combination (LH-03)
    if held is R.妻財 and not ws.vigour.strong and not bound and (ws.supports or combined):
        # CF-25 倘遇衰財持世，或得日月動爻生扶合助者，暴發興家
        moves.append(Move("CF-25", "cf_sudden_rise", (wp,), "", "≥小吉"))
    if held is R.子孫:
        # CF-26 子孫 … 如若持世，孤立無助，又遇財爻陷者，若有高尚之志，許之為道為僧。若無出家之志，不可妄斷 …
        # 見子，則身不犯刑
        alone = not ws.supports and c <= _LOW
        found.append(finding("CF-26", "cf_retreat_if_wished" if alone else "cf_never_punished", Effect.NEUTRAL, 0,
                             (wp,)))
    if held in (R.妻財, R.兄弟) and bound:
        # CF-29 世臨財爻兄者，而得日月動爻合住，衣食僅可度日，難許豐足。世爻無氣而被合，財福無氣，兄動卦中，乃奔走
        # 受制之下賤人也
        if w <= _LOW and c <= _LOW and f <= _LOW and moving(chart, R.兄弟):
            moves.append(Move("CF-29", "cf_bound_drudge", (wp,), "≤小凶", "≤小凶"))
        else:
            moves.append(Move("CF-29", "cf_bound_just_enough", (wp,), "≤平", "≤平"))
    return found, moves


def _world_holder(chart: Chart, states: States, ws: State, cs: State, c: int, f: int) -> list[Move]:
    """What the holder of the 世 adds (CF-14, CF-15, CF-22, CF-24, CF-28) and a 官 striking it (CF-27)."""
    world = chart.world
    wp = ws.place
    held = world.relation
    out: list[Move] = []
    pillars = (chart.moment.day.branch, chart.moment.month_branch)
    movers = [ln for ln in chart.lines if ln.moving and not ln.world]
    day_month_support = any(generates(b.element, ws.element) or b.element is ws.element for b in pillars)
    # 「日辰動爻生扶」 (CF-14), 「日月動爻有一而生扶」 (CF-15): a mover generating (生) or of the 世's element (扶)
    mover_support = any(generates(x.element, ws.element) or x.element is ws.element for x in movers)
    day = chart.moment.day.branch.element
    if ws.vigour is Vigour.旺 and not (generates(day, ws.element) or day is ws.element or mover_support):
        # CF-14 世爻不遇日辰動爻生扶，而自強自旺 … 但須財爻持世 … 多自成家。若兄父官鬼持世，未必僅可撐持而已
        if held is R.妻財:
            out.append(Move("CF-14", "cf_self_made", (wp,), "", "≥小吉"))
        elif held in (R.兄弟, R.父母, R.官鬼):
            out.append(Move("CF-14", "cf_strong_alone_gets_by", (wp,), "", "≤平"))
    elif ws.vigour is not Vigour.旺 and (day_month_support or mover_support):
        # CF-15 世爻無氣，得遇日月動爻有一而生扶者 … 亦要財爻持世，或日月動爻作財以生世 … 若父兄持世僅可度日
        # (「無氣」 is the 世's own 氣, before the help: not 旺 by the season — the help the passage names is what
        # makes a line 有氣 on the engine's scale, so reading 無氣 as 休囚 would leave the sentence almost no case)
        wealth_e = chart.hexagram.element.overcomes
        as_wealth = any(b.element is wealth_e and generates(b.element, ws.element) for b in pillars) or any(
            x.relation is R.妻財 and generates(x.element, ws.element) for x in movers)
        if held is R.妻財 or as_wealth:
            out.append(Move("CF-15", "cf_raised_by_others", (wp,), "", "≥小吉"))
        elif held in (R.父母, R.兄弟):
            out.append(Move("CF-15", "cf_helped_gets_by", (wp,), "", "≤平"))
    if held is R.父母:
        # CF-22 官不旺而父旺者 … 名盛之傳。衰而又逢沖克，即欲寄食於公門，凶多吉少
        office = [states[LINE_PLACES[x.position]] for x in lines_of(chart, R.官鬼)]
        if not ws.vigour.strong and ws.attacks:
            out.append(Move("CF-22", "cf_parent_world_struck", (wp,), "≤小凶", "≤小凶"))
        elif ws.vigour is Vigour.旺 and not any(o.vigour is Vigour.旺 for o in office):
            out.append(Move("CF-22", "cf_renown_without_office", (wp,), "", ""))
        else:
            out.append(Move("CF-22", "cf_toil", (wp,), "", ""))
    if held is R.官鬼:
        # CF-24 官鬼持世，休囚無氣者，乃纏綿病疾 … 若有氣者 … 再遇日月動爻貴人扶助 … 從此成家立業，財若無氣，空有虛名
        if not ws.vigour.strong:
            out.append(Move("CF-24", "cf_office_world_sickly", (wp,), "≤小凶", "≤小凶"))
        elif c <= 1:
            out.append(Move("CF-24", "cf_empty_name", (wp,), "≤平", "≤平"))
        elif ws.supports:
            out.append(Move("CF-24", "cf_office_world_patrons", (wp,), "", "≥小吉"))
    # CF-28 財爻持世化進神，或動而生世者 … 家道自此豐亨，若化退神，家業自此漸退 … 若世爻再被刑克沖害者 … 家覆財傾
    if held is R.妻財 and world.moving:
        if T.化退神 in world.transformations:
            out.append(Move("CF-28", "cf_sudden_ruin" if ws.attacks else "cf_slow_decline", (wp,),
                            "=凶" if ws.attacks else "", "=凶" if ws.attacks else "-1"))
        elif T.化進神 in world.transformations:
            out.append(Move("CF-28", "cf_rising_fortune", (wp,), "", "+1"))
    elif any(x.relation is R.妻財 and generates(x.element, ws.element) for x in movers):
        out.append(Move("CF-28", "cf_rising_fortune", tuple(LINE_PLACES[x.position] for x in movers
                                                            if x.relation is R.妻財) + (wp,), "", "+1"))
    # CF-27 凡遇官鬼克世，世多旺者 … 若鬼旺身衰，乃身傷家傾之兆 … 如世爻動而變鬼克世，及日月作官鬼而克世者，更凶
    ghost_e = _ghost_element(chart)
    strikers = [x for x in moving(chart, R.官鬼) if x.element.overcomes is ws.element and not x.world]
    turned = world.moving and world.changed is not None and world.changed.relation is R.官鬼 \
        and T.回頭克 in world.transformations
    pillar_ghost = any(b.element is ghost_e and b.element.overcomes is ws.element for b in pillars)
    if turned or pillar_ghost:
        out.append(Move("CF-27", "cf_ghost_strikes_hard", (wp,), "=凶", "=凶"))
    elif strikers:
        here = tuple(LINE_PLACES[x.position] for x in strikers) + (wp,)
        if not ws.vigour.strong and any(states[LINE_PLACES[x.position]].vigour.strong for x in strikers):
            out.append(Move("CF-27", "cf_ghost_ruins", here, "=凶", "=凶"))
        else:
            out.append(Move("CF-27", "cf_ghost_troubles", here, "-1", "-1"))
    return out


def _patrons(chart: Chart, states: States, ws: State) -> list[Finding]:
    """CF-16: the year, the month or the day generating or helping the 世 → favour from above; CF-17: the day or the
    month clashing or overcoming it → trouble from above (the year or the fifth line: loss of favour)."""
    out: list[Finding] = []
    m = chart.moment
    helpers = [b for b in (m.year_branch, m.month_branch, m.day.branch)
               if b is not None and (generates(b.element, ws.element) or b.element is ws.element)]
    if helpers:
        out.append(finding("CF-16", "cf_favoured_from_above", Effect.GOOD, 1, (ws.place,)))
    hostile = [b for b in (m.month_branch, m.day.branch)
               if b.element.overcomes is ws.element or clash_of(b) is chart.world.branch]
    if hostile:
        out.append(finding("CF-17", "cf_pressed_from_above", Effect.BAD, 2 if not ws.vigour.strong else 1,
                           (ws.place,)))
    fifth = chart.lines[4]
    year = m.year_branch
    if (year is not None and (year.element.overcomes is ws.element or clash_of(year) is chart.world.branch)) or (
            fifth.moving and not fifth.world and (fifth.element.overcomes is ws.element
                                                  or clash_of(fifth.branch) is chart.world.branch)):
        out.append(finding("CF-17", "cf_favour_lost", Effect.BAD, 2 if not ws.vigour.strong else 1, (ws.place,)))
    if chart.world.relation is R.子孫 and chart.world.spirit is Spirit.青龍:
        out.append(finding("CF-18", "cf_lofty_mind", Effect.NEUTRAL, 0, (ws.place,)))  # 青龍子孫持世 … 不慕富貴
    return out


def career_life(chart: Chart, states: States, use: Place) -> ChapterReading:
    """終身功名有無章: will I ever hold office — 官 and 父 bearing on the 世."""
    moves: list[Move] = []
    ws = states.world
    wp = ws.place
    world = chart.world
    pillars = (chart.moment.day.branch, chart.moment.month_branch)
    ghost_e = _ghost_element(chart)
    offices = [states[LINE_PLACES[x.position]] for x in lines_of(chart, R.官鬼)]
    parents = [states[LINE_PLACES[x.position]] for x in lines_of(chart, R.父母)]
    wealths = [states[LINE_PLACES[x.position]] for x in lines_of(chart, R.妻財)]

    def feeds(s: State) -> bool:
        return generates(s.element, ws.element) or harmonizes(s.branch, world.branch)

    def up(s: State) -> bool:
        return s.vigour is Vigour.旺

    pillar_office = any(b.element is ghost_e and (generates(b.element, ws.element)
                                                  or harmonizes(b, world.branch)) for b in pillars)
    # GM-01 旺父持世、官動生之，或官星持世、父爻旺動，或官星父爻旺動、生合世爻，或日月作官星、父母生合世
    study = (world.relation is R.父母 and up(ws) and any(o.moving and generates(o.element, ws.element) for o in offices)) \
        or (world.relation is R.官鬼 and any(p.moving and up(p) for p in parents)) \
        or (any(o.moving and up(o) and feeds(o) for o in offices) and any(p.moving and up(p) and feeds(p)
                                                                          for p in parents)) \
        or (any(b.element is ghost_e for b in pillars) and any(feeds(p) for p in parents))
    # GM-02 官星持世、財動相生，或世臨官動化財，世臨財動化官，或官星動而生合世爻，或日月作官星生合世爻
    bought = (world.relation is R.官鬼 and any(x.moving and generates(x.element, ws.element) for x in wealths)) \
        or (world.moving and world.changed is not None and {world.relation, world.changed.relation} == {R.官鬼, R.妻財}) \
        or any(o.moving and feeds(o) for o in offices) or pillar_office
    # GM-03 財爻父爻皆不得地，而官星獨旺或日月作官星而生世，或虎臨世動，或虎臨金鬼動而生合世爻
    weak_rest = not any(s.vigour.strong for s in wealths + parents)
    pillar_feeds = any(b.element is ghost_e and generates(b.element, ws.element) for b in pillars)  # 日月作官星而生世
    merit = (weak_rest and (any(up(o) for o in offices) or pillar_feeds)) \
        or (world.moving and world.spirit is Spirit.白虎) \
        or any(x.moving and x.spirit is Spirit.白虎 and x.element is Element.金 and feeds(states[LINE_PLACES[x.position]])
               for x in lines_of(chart, R.官鬼))
    # GM-05 凡得子孫持世發動，終非朝廊之貴客
    # GM-06 世靜而臨旬空月破，官逢月破自空 … 惟世與官星空破而動者，勿以此斷
    use_s = states[use]
    barred_world = not ws.moving and ((ws.void and not ws.void_filled) or ws.month_break)
    barred_office = use_s.place.layer is Layer.LINE and not use_s.moving and (
        (use_s.void and not use_s.void_filled) or use_s.month_break)
    if world.relation is R.子孫 and world.moving:
        moves.append(Move("GM-05", "gm_never_in_office", (wp,), "=凶", "=凶"))
    elif barred_world or barred_office:
        moves.append(Move("GM-06", "gm_no_name", (wp, use), "≤小凶", "≤小凶"))
    elif study:
        moves.append(Move("GM-01", "gm_office_by_study", (wp, use), "", "≥小吉"))
    elif bought:
        moves.append(Move("GM-02", "gm_office_by_means", (wp, use), "", "≥小吉"))
    elif merit:
        moves.append(Move("GM-03", "gm_office_by_merit", (wp, use), "", "≥小吉"))
    # GM-04 太歲及五爻動而生世皆旺 … 太歲入爻，又宜發動 … 而世與官星亦宜旺相，方可斷之
    year = chart.moment.year_branch
    raisers = [x for x in chart.lines if x.moving and not x.world and generates(x.element, ws.element)
               and (x.position == 5 or (year is not None and x.branch is year))]
    if raisers and up(ws) and up(use_s) and not any(m.rule in ("GM-05", "GM-06") for m in moves):
        moves.append(Move("GM-04", "gm_raised_from_the_ranks", tuple(LINE_PLACES[x.position] for x in raisers)
                          + (wp,), "", "≥小吉"))
    return ChapterReading((), tuple(moves))


def _ghost_element(chart: Chart) -> Element:
    """The element of 官鬼 in this palace: the one that overcomes the palace's element."""
    return next(e for e in Element if e.overcomes is chart.hexagram.element)


__all__ = ["career_life", "lifetime_chapter", "wealth_life"]
