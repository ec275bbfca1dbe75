"""天時章 (增刪卜易 ch. 35, TS-xx): the weather is read by which 六親 move, not by strength.

「所以占天時，不論旺衰」: 父母 moving brings rain (TS-04), 子孫 a clear sky (TS-02), 妻財 fair weather (TS-05),
官鬼 dark cloud and thunder (TS-06), 兄弟 wind and thin cloud (TS-09); 暗動 counts as moving (TS-22), a line that
changes into 父母 brings rain whatever its strength (TS-26), a static void 父/鬼 or 子/財 the day clashes acts
(TS-27), and a formed 三合 frame brings the weather of its 六親 as a moving line would (TS-13; a wood frame wind).
The 世 and the 應 play no part (TS-07), nor does 旺衰 (TS-10, TS-18 「余試不驗」, TS-20).  When the wish
is known (TS-03 「須以分看」) one move decides it, after the general overrides; the sequence and colour rules are
findings, and the chapter's days (TS-14, TS-30, TS-31, TS-32, TS-37) are timings.

Choice (written here as the catalogue asks): when nothing relevant moves, a 休囚 static use-god means "no"
(TS-14 「父母休囚不動，果是難望」, the same for 子/財) and otherwise the cast is inconclusive (TS-08: recast), capped
at 平.  Without a wish (the follow-up skipped) the chapter gives its findings only: which weather the moving lines
announce; the verdict then stays with 000's 水火 reading (年時章 NS-03).
"""

from __future__ import annotations

from core.chapters.common import (
    CHANGED_PLACES,
    LINE_PLACES,
    ChapterReading,
    Finding,
    Move,
    R,
    States,
    T,
    Timing,
    Unit,
    acting,
    birth_of,
    clash_of,
    cut_of,
    lines_of,
    moving,
    timing,
    tomb_of,
    turns_into,
    weak,
)
from core.chart.chart import Chart
from core.chart.combinations import FrameFact, frames
from core.chart.ganzhi import Element
from core.findings import Effect, Layer, Place, finding
from core.question import Question, Weather

_NAMES = {R.父母: "ts_parent_brings_rain", R.子孫: "ts_child_brings_clear", R.妻財: "ts_wealth_brings_fair",
          R.官鬼: "ts_ghost_brings_cloud", R.兄弟: "ts_sibling_brings_wind"}


def _void_clashed(chart: Chart, states: States, rels: tuple[R, ...]) -> list[int]:
    """TS-27: static void lines of ``rels`` the day clashes (冲空則實): they act."""
    out = []
    for ln in chart.lines:
        if ln.relation in rels and not ln.moving:
            s = states[LINE_PLACES[ln.position]]
            if s.void and s.void_filled:
                out.append(ln.position)
    return out


# TS-13 三合財局子孫局者，主晴．三合父局主雨，三合鬼局，黑霧迷天或雷電閃爍，三合木局主風: a formed 三合 frame is
# read by the 六親 of its element in the palace (not by the use-god's element, as chapters 1–34 read frames), and
# counts as a moving line of that relation (the members act as the frame, JH-03); a wood frame brings wind whatever
# its relation (the clause is by element).  A 兄 frame of another element the passage does not name.
_FRAME_SKY = {R.父母: "rain", R.子孫: "clear", R.妻財: "clear", R.官鬼: "murk"}


def _sky_frames(chart: Chart) -> list[FrameFact]:
    """The formed 三合 frames of the chart (TS-13)."""
    return [f for f in frames(chart) if f.formed]


def _frame_places(fs: list[FrameFact]) -> tuple[Place, ...]:
    return tuple(dict.fromkeys(p for f in fs for p in f.places))


def _colour(chart: Chart) -> list[Finding]:
    """What the moving lines announce, wish or not (TS-02 … TS-42's descriptive rules)."""
    out: list[Finding] = []
    for f in _sky_frames(chart):
        params = {"frame": "".join(b.name for b in f.frame.members), "relation": f.relation.value}
        sky = _FRAME_SKY.get(f.relation)
        if sky is not None:
            out.append(finding("TS-13", f"ts_frame_{sky}", Effect.NEUTRAL, 0, f.places, **params))
        if f.element is Element.木:
            out.append(finding("TS-13", "ts_frame_wind", Effect.NEUTRAL, 0, f.places, **params))
    # TS-42 子孫持世發動，占天時者皓日當空，無雲點綴。乃至墓絕之日，黑暗無光
    world = chart.world
    if world.moving and world.relation is R.子孫:
        out.append(finding("TS-42", "ts_bright_sun", Effect.NEUTRAL, 0, (LINE_PLACES[world.position],)))
    for rel in (R.父母, R.子孫, R.妻財, R.官鬼, R.兄弟):
        for a in acting(chart, rel):
            out.append(finding({R.父母: "TS-04", R.子孫: "TS-02", R.妻財: "TS-05", R.官鬼: "TS-06",
                                R.兄弟: "TS-09"}[rel], _NAMES[rel], Effect.NEUTRAL, 0, (a.place,)))
    for ln in chart.lines:
        if not ln.moving or ln.changed is None:
            continue
        here = (LINE_PLACES[ln.position],)
        into = ln.changed.relation
        if ln.relation is R.父母 and into in (R.兄弟, R.官鬼):
            out.append(finding("TS-16", "ts_wind_and_rain", Effect.NEUTRAL, 0, here))
        elif ln.relation is R.父母 and into is R.子孫:
            out.append(finding("TS-17", "ts_rain_then_clear", Effect.NEUTRAL, 0, here))
        elif ln.relation is R.兄弟 and into is R.子孫:
            out.append(finding("TS-17", "ts_clouds_part", Effect.NEUTRAL, 0, here))
        elif ln.relation is R.妻財 and into is R.官鬼:
            out.append(finding("TS-15", "ts_fair_does_not_last", Effect.NEUTRAL, 0, here))
        if T.化退神 in ln.transformations and ln.relation in _NAMES:
            out.append(finding("TS-24", "ts_weather_retreats", Effect.NEUTRAL, 0, here))
    # TS-16 L18 「父化兄，父化鬼或卦中父動兄動皆主風雨交作」: a 父 and a 兄 both moving, as well as the changes above
    if moving(chart, R.父母) and moving(chart, R.兄弟):
        out.append(finding("TS-16", "ts_wind_and_rain_both_move", Effect.NEUTRAL, 0,
                           tuple(LINE_PLACES[ln.position] for ln in moving(chart, R.父母) + moving(chart, R.兄弟))))
    wet = moving(chart, R.父母) + moving(chart, R.官鬼)
    dry = moving(chart, R.妻財) + moving(chart, R.子孫)
    # TS-33 L36 「卦中父鬼重疊或又鬼變父，父變鬼，父化兄，兄化父 … 並不見子孫財爻發動者，一定連旬風雨」: two or more
    # moving 父/鬼, or one line changing between 父 and 鬼 or 父 and 兄, with no 子/財 moving
    swaps = [ln for ln in chart.lines if ln.moving and ln.changed is not None
             and frozenset((ln.relation, ln.changed.relation)) in _WET_SWAPS]
    if len(wet) >= 2 and not dry:
        out.append(finding("TS-33", "ts_days_of_rain", Effect.NEUTRAL, 0, tuple(LINE_PLACES[ln.position] for ln in wet)))
    elif swaps and not dry:
        out.append(finding("TS-33", "ts_days_of_rain_change", Effect.NEUTRAL, 0,
                           tuple(LINE_PLACES[ln.position] for ln in swaps)))
    # TS-34 L37 「多逢財子，累日明晴」: read as TS-33's counterpart — with a 父 or 鬼 moving too the sky is read both
    # ways, each at its time (TS-39 「各因其時」, TS-40 「又雨又晴爻上母子皆動」), not as days of sun (a choice)
    if len(dry) >= 2 and not wet:
        out.append(finding("TS-34", "ts_days_of_sun", Effect.NEUTRAL, 0, tuple(LINE_PLACES[ln.position] for ln in dry)))
    if moving(chart, R.父母) and moving(chart, R.子孫):
        out.append(finding("TS-40", "ts_rain_and_clear", Effect.NEUTRAL, 0, ()))
    if chart.changed is not None and _reversed(chart):
        out.append(finding("TS-35", "ts_weather_flips", Effect.NEUTRAL, 0, ()))
    for ln in moving(chart, R.官鬼):
        if dry:
            out.append(finding("TS-11", "ts_murk_at_its_hours", Effect.NEUTRAL, 0, (LINE_PLACES[ln.position],),
                               branch=ln.branch.name))
    return out


_WET_SWAPS = (frozenset((R.官鬼, R.父母)), frozenset((R.父母, R.兄弟)))  # TS-33 鬼變父 父變鬼 父化兄 兄化父


def _reversed(chart: Chart) -> bool:
    """反吟 of the whole hexagram: every moving line changes into the branch that clashes it (FF-03's 卦反吟 is the
    trigram's; the weather chapter names the hexagram: 「卦得反吟」)."""
    movers = [ln for ln in chart.lines if ln.moving]
    return bool(movers) and all(T.反吟 in ln.transformations for ln in movers)


def _decide(chart: Chart, states: States, wish: Weather) -> tuple[list[Move], list[Timing]]:
    want, other, source_rel = (R.父母, R.子孫, R.妻財) if wish is Weather.rain else (R.子孫, R.父母, R.妻財)
    moves: list[Move] = []
    times: list[Timing] = []
    # TS-13: a formed frame of the wished sky's relation brings it as a moving line would; of the other sky's, the
    # other weather; both formed, each at its time (TS-39), and the lines decide.  Their members act as the frame
    # (JH-03), not as moving lines of their own relations.
    read = [f for f in _sky_frames(chart) if f.relation in _FRAME_SKY]
    members = {p for f in read for p in f.places if p.layer is Layer.LINE}
    wished_sky = "rain" if wish is Weather.rain else "clear"
    wanted_frames = [f for f in read if _FRAME_SKY[f.relation] == wished_sky]
    other_frames = [f for f in read if _FRAME_SKY[f.relation] not in (wished_sky, "murk")]
    ghost_frames = [f for f in read if _FRAME_SKY[f.relation] == "murk"]
    if wanted_frames and not other_frames:
        moves.append(Move("TS-13", "ts_frame_brings_wished", _frame_places(wanted_frames), "=吉", "=吉"))
        return moves, times
    want_acting = tuple(a for a in acting(chart, want) if a.place not in members)
    into = turns_into(chart, want)
    kindred = (R.父母, R.官鬼) if wish is Weather.rain else (R.子孫, R.妻財)
    void_clashed = _void_clashed(chart, states, kindred)
    all_want = [LINE_PLACES[ln.position] for ln in lines_of(chart, want)] or [LINE_PLACES[chart.hexagram.world]]
    if want_acting or into or void_clashed:
        places = tuple(a.place for a in want_acting) + tuple(LINE_PLACES[ln.position] for ln in into) \
            + tuple(LINE_PLACES[p] for p in void_clashed)
        retreating = [a for a in want_acting if T.化退神 in a.transformations]
        tied = [a for a in want_acting if states[a.place].tied]
        if want_acting and len(retreating) == len(want_acting) and not into and not void_clashed:
            # TS-23/24: 父動化退神，勢必晴也; 子孫財爻化退神者，晴不久矣
            moves.append(Move("TS-24", "ts_wished_weather_retreats", places, "=小吉", "=小凶"))
        elif want_acting and len(tied) == len(want_acting) and not into and not void_clashed:
            # TS-37 父母合住本主不雨 … 須待沖開之日有雨 (the same for 財/子 and a clear sky)
            moves.append(Move("TS-37", "ts_wished_weather_tied", places, "≤平", "=吉"))
            times += [timing(Unit.DAY, clash_of(a.branch), "TS-37", "ts_tie_clashed_day", 6, (a.place,))
                      for a in tied]
        elif into and not want_acting:
            moves.append(Move("TS-26", "ts_changes_into_wished", places, "=吉", "=吉"))
        elif void_clashed and not want_acting and not into:
            moves.append(Move("TS-27", "ts_void_clashed_acts", places, "=吉", "=吉"))
        else:
            rule = "TS-04" if wish is Weather.rain else "TS-02"
            moves.append(Move(rule, "ts_wished_weather_moves", places, "=吉", "=吉"))
        for a in want_acting:
            s = states[a.place]
            if a.moving:
                # TS-32 占晴得子財動，占雨得父動，後逢長生之日應之
                times.append(timing(Unit.DAY, birth_of(a.element), "TS-32", "ts_birth_day", 5, (a.place,)))
            if s.void and a.moving:
                # TS-14/TS-30 動而空者 … 若非沖空之日，定應填實之朝
                times.append(timing(Unit.DAY, clash_of(a.branch), "TS-30", "ts_void_clashed_day", 6, (a.place,)))
                times.append(timing(Unit.DAY, a.branch, "TS-30", "ts_void_filled_day", 6, (a.place,)))
        return moves, times
    if other_frames and not wanted_frames:
        moves.append(Move("TS-13", "ts_frame_brings_other", _frame_places(other_frames), "=凶", "=凶"))
        return moves, times
    opposite_into = turns_into(chart, other)
    if any(states[CHANGED_PLACES[ln.position]].too_strong for ln in opposite_into):
        # the other sky a line turns into stands on the month and the day: HJ-47 (ch. 34, 升之恆) 「用爻重疊，
        # 逢墓庫以收藏」 decides in the overrides; the chapter adds nothing against it
        return moves, times
    source_acting = tuple(a for a in acting(chart, source_rel) if a.place not in members)
    if wish is Weather.clear and source_acting:
        # TS-02/TS-05/TS-25: 財動雖晴 … 子孫休囚空破，或現而不動，必不大晴 (with 父 moving too, each comes at its
        # own time: TS-39 「殊不知各因其時」)
        moves.append(Move("TS-05", "ts_wealth_moves_fair", tuple(a.place for a in source_acting), "=小吉", "=小吉"))
        for a in source_acting:
            if a.moving and states[a.place].void:
                # TS-14 L16 「常得父爻動而逢空，不應沖空之日，則應填實之期 … 財與子孫空者，同此」 (TS-30)
                times.append(timing(Unit.DAY, clash_of(a.branch), "TS-30", "ts_void_clashed_day", 6, (a.place,)))
                times.append(timing(Unit.DAY, a.branch, "TS-30", "ts_void_filled_day", 6, (a.place,)))
        return moves, times
    other_acting = tuple(a for a in acting(chart, other) + (acting(chart, R.妻財) if wish is Weather.rain else ())
                         if a.place not in members)
    if other_acting or opposite_into:
        here = tuple(a.place for a in other_acting) + tuple(LINE_PLACES[ln.position] for ln in opposite_into)
        # 暗動 (TS-22); a line changing into the other sky (TS-17 弟化孫雲開日出; TS-26 爻變出父母者 … 皆主有雨)
        into_rule = "TS-17" if wish is Weather.rain else "TS-26"
        rule = "TS-22" if any(not a.moving for a in other_acting) else into_rule if not other_acting \
            else ("TS-05" if wish is Weather.rain else "TS-04")
        moves.append(Move(rule, "ts_opposite_weather_moves", here, "=凶", "=凶"))
        for a in other_acting:
            if wish is Weather.rain and a.relation in (R.妻財, R.子孫):
                # TS-31 倘父鬼不動，又見妻財子孫動者，須待財爻入墓或臨絕之日有雨
                times += [timing(Unit.DAY, tomb_of(a.element), "TS-31", "ts_rain_on_tomb_day", 5, (a.place,)),
                          timing(Unit.DAY, cut_of(a.element), "TS-31", "ts_rain_on_cut_day", 4, (a.place,))]
            elif wish is Weather.clear and a.relation is R.父母 and a.moving:
                # TS-31 倘若父母發動，須得父爻臨墓絕之日方能得晴
                times += [timing(Unit.DAY, tomb_of(a.element), "TS-31", "ts_clear_on_tomb_day", 5, (a.place,)),
                          timing(Unit.DAY, cut_of(a.element), "TS-31", "ts_clear_on_cut_day", 4, (a.place,))]
        return moves, times
    if ghost_frames and not moving(chart, R.官鬼):
        # TS-13 三合鬼局，黑霧迷天或雷電閃爍: as a moving 官鬼 (TS-26 no rain, TS-06 cloud)
        moves.append(Move("TS-13", "ts_frame_brings_murk", _frame_places(ghost_frames), "=小凶", "=小凶"))
        return moves, times
    if wish is Weather.rain and moving(chart, R.官鬼):
        # TS-26 父爻不動且不暗動，而官鬼者動必主濃雲厚霧而無雨
        here = tuple(LINE_PLACES[ln.position] for ln in moving(chart, R.官鬼))
        moves.append(Move("TS-26", "ts_ghost_moves_no_rain", here, "=小凶", "=小凶"))
        return moves, times
    if wish is Weather.clear and moving(chart, R.官鬼):
        here = tuple(LINE_PLACES[ln.position] for ln in moving(chart, R.官鬼))
        moves.append(Move("TS-06", "ts_ghost_moves_cloud", here, "=小凶", "=小凶"))
        return moves, times
    if moving(chart, R.兄弟):
        # TS-09 兄弟發動 … 非晴非雨之天
        here = tuple(LINE_PLACES[ln.position] for ln in moving(chart, R.兄弟))
        moves.append(Move("TS-09", "ts_sibling_moves_neither", here, "=平", "=小凶" if wish is Weather.rain else "=平"))
        return moves, times
    wanted = [states[LINE_PLACES[ln.position]] for ln in lines_of(chart, want)]
    if not wanted or all(weak(s) for s in wanted):
        moves.append(Move("TS-14", "ts_wished_weak_and_still", tuple(all_want), "=凶", "=凶"))
    else:
        moves.append(Move("TS-08", "ts_nothing_moves_recast", tuple(all_want), "≤平", "≤平"))
    return moves, times


def weather_chapter(chart: Chart, states: States, question: Question) -> ChapterReading:
    """天時章: the findings always; the decision and its days when the weather wished is known."""
    findings = _colour(chart)
    if question.weather is None or question.use_god is not None:
        return ChapterReading(tuple(findings))
    moves, times = _decide(chart, states, question.weather)
    world = chart.world
    if question.weather is Weather.clear and world.moving and world.relation is R.子孫:
        # TS-42 子孫持世發動 … 皓日當空 … 乃至墓絕之日，黑暗無光: the fine weather ends on its 墓 and 絕 days (for
        # a wish of rain, TS-31 already names the 墓 and 絕 days of a moving 子孫 as the rain's)
        wp = LINE_PLACES[world.position]
        times += [timing(Unit.DAY, tomb_of(world.element), "TS-42", "ts_clear_ends_tomb_day", 4, (wp,)),
                  timing(Unit.DAY, cut_of(world.element), "TS-42", "ts_clear_ends_cut_day", 4, (wp,))]
    return ChapterReading(tuple(findings), tuple(moves), tuple(times))
