"""Step 7 of a reading: 應期, as 各門類應期總注 gives it (YQ-01…19), with 旬空, 月破, 墓 and 化 from their chapters.

The moment follows the state of the line (a static use-god on its own or clash day — its clash when it is the
month or the day, whose 值 is now (LC-08) —, a moving one on its 合 or own day, any line on its 帝旺 (SW-06), a void
one on its clash or 出空 — for the second branch of a 旬 the day the 旬 turns (XK2-03), the day's own branch when
that clash fills it now (XK2-08) —, a broken one on its 合 or 填實 — in a far matter the 合 in months, 實破 in
months and years (YP-03) —, a tomb when clashed open, unless the tomb is broken or real or the line weak
(SG-02/03, HJ-31), a 伏吟 line when clashed open (FF-04) …), in the unit of the horizon (YQ-16: far matters in
months and years, near ones in days, a same-day one in hours).  Each candidate says whether it is a good or a bad
moment: the use-god's own moments bring the outcome, the attacker's bring harm (YQ-10, HJ-35, and an attacker
advancing into a void or broken branch when that fills, JT-03), the moment the attacker is struck brings relief
(YQ-09, also for an attacker the decision sets aside, DF-03), and so do the day that combines a line lifting a
官鬼 off the 世 (HJ-32), the day that holds a moving attacker (HJ-16 合住) and the day a void or broken moving 元神
is filled (HJ-14, YP-03).  A 暗動 line is timed as a moving one (AD-01/02, LH-11); the 世 read with the use-god also
by its own change.  ``merge`` makes one entry per branch, in every unit of the horizon it fits (hours for today,
days — and months when nobody said — for near, months and years for far), listing every rule, and ranks first
what the chapter says always holds: the moment of the verdict's own turn (the blow when the end is bad, the relief
when it is good, as YQ-09/10 divide them) a step above the rest, the changed branch (YQ-15, 「間有應於變爻動爻」:
at times) below the line's own states.  ``arrange`` dates them as far as the horizon reaches, says what happens
then (``event``), and puts the most likely first and the others in date order.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from datetime import date, datetime, time
from operator import attrgetter
from typing import NamedTuple

from core.chart.actors import acting_lines
from core.chart.calendar import Moment
from core.chart.chart import Chart, Transformation
from core.chart.ganzhi import Branch, Element, Stem, StemBranch
from core.chart.relations import FRAMES, FULL_PUNISHMENTS, Stage, branch_at_stage, clash_of, harmony_of
from core.findings import Layer, Place, Timing, Unit
from core.question import Horizon, Question, Topic, Weather, horizon_of
from core.reading.step2_state import State, States, Vigour
from core.reading.step7_timing import first_day_out_of_void, unit_dates
from core.rules import source
from core.sources import Source
from core.values import value

GOOD, BAD, OUTCOME = "good", "bad", "outcome"


@value
class Candidate:
    """A moment one rule gives: a branch, in the horizon's unit unless ``unit`` is fixed, and its sense."""

    branch: Branch
    rule: str
    key: str
    weight: int
    sense: str  # "good", "bad", or "outcome" (as the eventual verdict)
    places: tuple[Place, ...]
    stem: Stem | None = None  # a 出空 day names its stem
    unit: Unit | None = None


def _generating_branches(el: Element) -> tuple[Branch, ...]:
    return tuple(b for b in Branch if b.element.generates is el)


def _line_moments(chart: Chart, s: State, horizon: Horizon, weight_bonus: int = 0) -> list[Candidate]:
    """The use-god's own moments by its state (YQ-01…08, YQ-12/13/15, HJ-14/38, SW-06, FF-04) in ``horizon``
    (YQ-16)."""
    here = (s.place,)
    return (_state_moments(chart, s, horizon, here, weight_bonus) + _motion_moments(s, here, weight_bonus)
            + _change_moments(chart, s, here, weight_bonus))


def _state_moments(chart: Chart, s: State, horizon: Horizon, here: tuple[Place, ...], w: int) -> list[Candidate]:
    """What the line waits for: 空 填沖 (YQ-08, XK2-03, XK2-08), 破 合填 (YQ-07, YP-03/04), 墓 沖開 (YQ-05), 合
    相擊 (YQ-06), 太旺 墓沖 (YQ-03), 衰絕 生旺 (YQ-04)."""
    m = chart.moment
    b = s.branch
    far = horizon is Horizon.far
    out: list[Candidate] = []
    if s.void and not s.void_filled:
        out.append(Candidate(b, "YQ-08", "void_filled", 9 + w, OUTCOME, here, first_day_out_of_void(m, b).stem))
        turn = m.day.xun_head.shift(10)
        if turn.branch is not b and horizon is Horizon.near:
            # XK2-03 出旬而不空: in a near matter the second void branch is out on the day the 旬 turns, before
            # its own (萃之比 L1356 「卯日財空，明日出空」: 卯 void in 甲辰旬, out on 甲寅)
            out.append(Candidate(turn.branch, "XK2-03", "void_filled", 8 + w, OUTCOME, here, turn.stem))
        out.append(Candidate(clash_of(b), "YQ-08", "void_clashed", 7 + w, OUTCOME, here))
    if s.void_filled:
        # XK2-08 空者猶月日辰相沖，沖空則實不為空矣 (LC-07 益 「戌日沖空填實，本日辰得財」): the day that clashes
        # the void line now fills it — the casting day's branch is its moment
        out.append(Candidate(clash_of(b), "XK2-08", "void_clashed_now", 8 + w, OUTCOME, here))
    if s.month_break:
        # YP-03 合之日則不破…近應日遠應年月: in a far matter the 合 answers in a month (屯之節 「破而逢合之月」),
        # 實破 in the month or the year of the branch (「前卦官臨月破，定於實破之年」; LX-03 「以月破而斷年」)
        out.append(Candidate(harmony_of(b), "YQ-07", "break_combined", 8 + w, OUTCOME, here,
                             unit=Unit.MONTH if far else None))
        out.append(Candidate(b, "YQ-07", "break_filled", 8 + w, OUTCOME, here))
        if s.moving:
            out.append(Candidate(b, "YP-04", "break_filled_year", 6 + w, OUTCOME, here,
                                 unit=Unit.YEAR))
    # SG-02 墓破如破網，容易而出: a broken tomb holds nothing, no clash is awaited; a real tomb (weak and struck)
    # is not opened by it either (SG-03; 復之謙 「豈可謂之墓中人不沖不發耶」: it fell in the year of its own clash),
    # nor is a weak one (HJ-31 「但要用神有力，方可許之，倘若用神休囚無氣，雖遇沖開之日，亦難發矣」)
    if s.tomb is not None and not s.tomb_broken and s.vigour.strong:
        out.append(Candidate(clash_of(s.tomb), "YQ-05", "tomb_clashed_open", 8 + w, OUTCOME,
                             here + ((s.tomb_place,) if s.tomb_place else ())))
    if s.tied:
        out.append(Candidate(clash_of(b), "YQ-06", "tie_clashed_open", 6 + w, OUTCOME, here))
    elif s.raised and not s.moving:
        out.append(Candidate(clash_of(b), "YQ-06", "tie_clashed_open", 4 + w, OUTCOME, here))
    if s.too_strong:
        out.append(Candidate(branch_at_stage(s.element, Stage.墓), "YQ-03", "too_strong_tomb", 6 + w, OUTCOME, here))
        out.append(Candidate(clash_of(b), "YQ-03", "too_strong_clash", 5 + w, OUTCOME, here))
    elif s.vigour in (Vigour.休囚, Vigour.失陷) or s.cut:
        for g in _generating_branches(s.element):
            out.append(Candidate(g, "YQ-04", "weak_generated", 4 + w, OUTCOME, here))
        out.append(Candidate(branch_at_stage(s.element, Stage.帝旺), "YQ-04", "weak_in_season", 4 + w, OUTCOME,
                             here))
    return out


def _motion_moments(s: State, here: tuple[Place, ...], w: int) -> list[Candidate]:
    """動而逢合逢值 (YQ-02), 靜而逢值逢沖 (YQ-01), and the 帝旺 of any line (SW-06)."""
    b = s.branch
    out: list[Candidate] = []
    if s.moving:
        out.append(Candidate(harmony_of(b), "YQ-02", "moving_combined", 6 + w, OUTCOME, here))
        out.append(Candidate(b, "YQ-02", "moving_own", 6 + w, OUTCOME, here))
    elif s.hidden_movement:
        # 暗動 (AD-01 「靜爻旺相日辰沖之為暗動」): the day's clash has already stirred it, and it acts as a moving line
        # (LH-11 「一爻明動一爻暗動亦作兩爻動」) — so its moments are a moving line's, 動而逢合逢值, not the clash
        # it has had
        out.append(Candidate(harmony_of(b), "YQ-02", "hidden_moving_combined", 6 + w, OUTCOME, here))
        out.append(Candidate(b, "YQ-02", "hidden_moving_own", 6 + w, OUTCOME, here))
    elif s.place.layer is not Layer.CHANGED:
        # A static line on the month or the day has its 值 now: what it waits for is its clash (LC-08 坤 「世持
        # 子孫以臨月建…果於…卯年得意而歸，此應靜而逢沖之驗也」)
        now = s.on_month_or_day
        out.append(Candidate(b, "YQ-01", "static_own", (5 if now else 6) + w, OUTCOME, here))
        if not s.void_filled:
            out.append(Candidate(clash_of(b), "YQ-01", "static_clashed", (6 if now else 5) + w, OUTCOME, here))
    if s.place.layer is not Layer.CHANGED:
        # SW-06 「今愈子日辰土財爻旺於子也」: the moving 辰 of 震之豐 answered on its 帝旺, neither its 值 nor its 合
        out.append(Candidate(branch_at_stage(s.element, Stage.帝旺), "SW-06", "at_peak", 4 + w, OUTCOME, here))
    return out


def _change_moments(chart: Chart, s: State, here: tuple[Place, ...], w: int) -> list[Candidate]:
    """A moving line's change: 化進 (YQ-12), 化退 (YQ-13), 化空 (HJ-14), 回頭克 (FS-10), 化墓 (HJ-38), 伏吟
    (FF-04), and 間有應於變爻動爻 (YQ-15: the text's 問 is 間, "at times" — it ranks below the rules that always
    hold)."""
    if s.place.layer is not Layer.LINE:
        return []
    ln = chart.lines[s.place.position - 1]
    if not ln.moving or ln.changed is None:
        return []
    b, c = s.branch, ln.changed.branch
    cp = here + (Place(Layer.CHANGED, ln.position),)
    t = ln.transformations
    out: list[Candidate] = []
    if Transformation.化進神 in t:
        out.append(Candidate(b, "YQ-12", "advance_own", 7 + w, OUTCOME, cp))
        out.append(Candidate(harmony_of(b), "YQ-12", "advance_combined", 6 + w, OUTCOME, cp))
    if Transformation.化退神 in t:
        out.append(Candidate(c, "YQ-13", "retreat_reached", 6 + w, OUTCOME, cp))
        out.append(Candidate(clash_of(c), "YQ-13", "retreat_clashed", 5 + w, OUTCOME, cp))
    if Transformation.化空 in t:
        out.append(Candidate(c, "HJ-14", "change_void_filled", 7 + w, OUTCOME, cp,
                             first_day_out_of_void(chart.moment, c).stem))
        out.append(Candidate(clash_of(c), "HJ-14", "change_void_clashed", 6 + w, OUTCOME, cp))
    if Transformation.回頭克 in t and Transformation.回頭合 not in t:
        # FS-10/GB-04: the blow of a 回頭克 falls when the changed branch that strikes comes into force
        out.append(Candidate(c, "FS-10", "struck_by_change", 8 + w, BAD, cp))
    # HJ-38 「化墓化絕，若動爻旺相，或臨日月帮助，亦無大害，化墓者，沖開之日月而成」: the clash of the tomb it
    # changes into is the moment of a line with strength (a weak one stays buried, HJ-31)
    if Transformation.化墓 in t and not (s.tomb_place == cp[-1] and s.tomb_broken) and s.vigour.strong:
        out.append(Candidate(clash_of(c), "HJ-38", "change_tomb_clashed", 6 + w, OUTCOME, cp))
    if Transformation.伏吟 in t:
        # FF-04 「伏吟之卦，用神旺相，沖開之年月，其志則伸，用神休囚，沖開之年月，憂鬱不吉」 (姤之恆: 「伏吟欲歸
        # 而不能，辰年可歸」, the 辰 that clashes the moving 戌)
        out.append(Candidate(clash_of(b), "FF-04", "groaning_clashed_open", 7 + w,
                             GOOD if s.vigour.strong else BAD, cp))
    # 問有應於變爻動爻 「如爻臨戌土，變出酉金，其吉凶有戌日應者，有酉日應者」: the changed branch and the moving one
    out.append(Candidate(c, "YQ-15", "changed_branch", 3 + w, OUTCOME, cp))
    out.append(Candidate(b, "YQ-15", "moving_branch", 3 + w, OUTCOME, here))
    return out


def _advance_filled(chart: Chart, p: Place, there: tuple[Place, ...]) -> list[Candidate]:
    """JT-03 (進神之有四 … 動爻變爻有一而空破，待填實之日而進者): an attacker that 化進神 with its moving or its
    changed branch void or broken comes into force on the day that fills it — the harm falls then (臨之泰:
    丑化辰 辰空，妻死辰日; 隨之否: 未化戌 戌空破，卒於甲戌日 「乃戌土出空之日也」)."""
    ln = chart.lines[p.position - 1]
    if p.layer is not Layer.LINE or ln.changed is None or Transformation.化進神 not in ln.transformations:
        return []
    m = chart.moment
    out: list[Candidate] = []
    for y, place in ((ln, p), (ln.changed, Place(Layer.CHANGED, p.position))):
        st = y.standing
        if st.void:
            out.append(Candidate(y.branch, "JT-03", "attacker_in_force", 7, BAD, there + (place,),
                                 first_day_out_of_void(m, y.branch).stem))
        elif st.month_break:
            out.append(Candidate(y.branch, "JT-03", "attacker_in_force", 7, BAD, there + (place,)))
    return out


def _one_short(chart: Chart, use: State) -> list[Candidate]:
    """虛一待用 (LH-11, HJ-24): a 三合 of moving (or 暗動) lines, or a 三刑 on the use-god, that lacks one member
    forms on the day or month of the missing branch — a good moment when the 局 feeds the use-god, a bad one
    when it strikes it or when the 刑 is completed."""
    acting = [a for a in acting_lines(chart)]
    moving = {a.branch for a in acting}
    out: list[Candidate] = []
    here = (use.place,)
    for frame in FRAMES:
        present = [b for b in frame.members if b in moving]
        if len(present) != 2:
            continue
        missing = next(b for b in frame.members if b not in moving)
        el = frame.element
        if el is use.element or el.generates is use.element:
            out.append(Candidate(missing, "LH-11", "frame_completed", 6, GOOD, here))
        elif el.overcomes is use.element:
            out.append(Candidate(missing, "LH-11", "frame_completed", 6, BAD, here))
    ln = chart.lines[use.place.position - 1] if use.place.layer is Layer.LINE else None
    around = {chart.moment.month_branch, chart.moment.day.branch} | moving
    if ln is not None and ln.changed is not None:
        around.add(ln.changed.branch)
    for trio in FULL_PUNISHMENTS:
        if use.branch not in trio:
            continue
        others = [b for b in trio if b is not use.branch]
        have = [b for b in others if b in around]
        if len(have) == 1:
            missing = next(b for b in others if b not in around)
            out.append(Candidate(missing, "HJ-24", "punishment_completed", 6, BAD, here))
    return out



def moments(chart: Chart, states: States, use: State, eventual_side: int, attackers: Iterable[Place], yuan: tuple[Place, ...],
            world: State | None, timing_copy: Place | None, held: Iterable[Place] = (),
            horizon: Horizon = Horizon.near, relievers: Iterable[Place] = ()) -> list[Candidate]:
    """Every moment the rules give for this use-god (and the copy that times it, LX-02): its own, its attackers'
    (YQ-09/10, HJ-35, HJ-18, HJ-16), its 元神's (HJ-16, YQ-09), and the 世's for one's own matter (YQ-18/19).
    ``held``: moving lines that strike the use-god and that the decision sets aside (令星, 化退 …): they cannot
    harm, yet the matter waits for the day that clears them (YQ-09 須待克神受克, DF-03).  ``relievers``: moving
    lines that strike a 官鬼 on the 世 of someone who holds no office, and so lift the burden (HJ-32)."""
    out = _line_moments(chart, use, horizon) + _one_short(chart, use)
    if eventual_side > 0:
        out += [Candidate(clash_of(states[p].branch), "YQ-09", "attacker_struck", 6, GOOD, (use.place, p))
                for p in held]
    if timing_copy is not None:
        out += [Candidate(c.branch, "LX-02", c.key, c.weight + 1, c.sense, c.places, c.stem, c.unit)
                for c in _line_moments(chart, states[timing_copy], horizon) if c.rule in ("YQ-07", "YQ-08")]
    here = (use.place,)
    for p in relievers:
        # HJ-32 萃之比 「亥水子孫獨發，克去世爻之鬼，應在明日寅日，寅與亥合，合起子孫之日」 (and 同人之革's
        # 獨發 戌 子孫: 「動而逢合之日晴」, 卯日): the burden lifts on the day that combines the line lifting it
        out.append(Candidate(harmony_of(states[p].branch), "HJ-32", "reliever_combined", 7, GOOD,
                             here + (p,)))
    for p in attackers:
        a = states[p]
        there = here + (p,)
        if eventual_side > 0:
            out.append(Candidate(clash_of(a.branch), "YQ-09", "attacker_struck", 6, GOOD, there))
        else:
            out.append(Candidate(a.branch, "YQ-10", "attacker_in_force", 6, BAD, there))
            for g in _generating_branches(a.element)[:2]:
                out.append(Candidate(g, "YQ-10", "attacker_fed", 4, BAD, there))
            out += _advance_filled(chart, p, there)
        stirred = a.moving or a.hidden_movement  # a 暗動 line is timed as a moving one (AD-02, LH-11)
        if stirred:
            # HJ-35: the harm of a moving 忌神 falls when the use-god is clashed, combined, filled or out of void
            if use.void and not use.void_filled:
                b, key = use.branch, "harm_when_out_of_void"
            elif use.month_break:
                b, key = use.branch, "harm_when_break_filled"
            elif use.moving:
                b, key = harmony_of(use.branch), "harm_when_combined"
            else:
                b, key = clash_of(use.branch), "harm_when_clashed"
            out.append(Candidate(b, "HJ-35", key, 6 if eventual_side < 0 else 3, BAD, there))
        if a.tomb is not None and a.moving and not a.tomb_broken:
            out.append(Candidate(clash_of(a.tomb), "HJ-18", "attacker_out_of_tomb", 5, BAD, there))
        if a.tied:
            out.append(Candidate(clash_of(a.branch), "HJ-16", "attacker_released", 5, BAD, there))
        elif stirred:
            # HJ-16 動逢合而絆住 「忌神動逢日月相合，則不成凶」 (LH-03 「爻動或與日月動爻合者謂之動逢合而絆住，反
            # 不能動之意」): a moving attacker is held on the day that combines it — the harm is held off then
            out.append(Candidate(harmony_of(a.branch), "HJ-16", "attacker_tied", 6 if eventual_side > 0 else 4, GOOD,
                                 there))
    for p in yuan:
        h = states[p]
        out += _helper_filled(chart, h, here + (p,))
        if h.tied:
            out.append(Candidate(clash_of(h.branch), "HJ-16", "helper_released", 5, GOOD, here + (p,)))
        ln = chart.lines[p.position - 1] if p.layer is Layer.LINE else None
        if ln is not None and ln.changed is not None and Transformation.回頭克 in ln.transformations \
                and Transformation.回頭合 not in ln.transformations:
            # YQ-09 須待克神受克: the source comes free on the day that clashes away its own change (噬嗑之比)
            out.append(Candidate(clash_of(ln.changed.branch), "YQ-09", "helper_freed", 5, GOOD, here + (p,)))
    if world is not None:
        for y in yuan:
            ys = states[y]
            if world.void and not world.void_filled and (ys.moving or ys.hidden_movement):
                out.append(Candidate(ys.branch, "YQ-18", "world_void_helper_moves", 7, GOOD, (world.place, y)))
            elif not world.vigour.strong and not ys.acts:
                out.append(Candidate(clash_of(ys.branch), "YQ-19", "world_weak_helper_clashed", 6, GOOD,
                                     (world.place, y)))
        if world.place != use.place and world.void and not world.void_filled:
            out.append(Candidate(world.branch, "XK2-05", "world_out_of_void", 6, OUTCOME, (world.place,),
                                 first_day_out_of_void(chart.moment, world.branch).stem))
        if world.place != use.place:
            # the 世 read with the use-god (one's own money, office, safety …) is a 主象 too: its own change times
            # the matter as the use-god's does (YQ-15 應於變爻動爻, YQ-12/13, HJ-14, FS-10 …), a step below it
            out += [Candidate(c.branch, c.rule, c.key, c.weight - 1, c.sense, c.places, c.stem, c.unit)
                    for c in _change_moments(chart, world, (world.place,), 0)]
    return out


def _helper_filled(chart: Chart, h: State, there: tuple[Place, ...]) -> list[Candidate]:
    """A moving 元神 that is void or broken helps when it is filled: HJ-14 「動空化空，皆成凶吉…吉凶皆應沖空實空之
    日」 (its 出空 day, or the day that clashes it), and YP-03 「今日雖破，實破之日則不破…近應日遠應年月」 — 艮之觀's
    破 and 化空 子 元神 「若在冬至月，始有此驗」 (its own branch).  A static one gives no help to wait for."""
    if not h.moving:
        return []
    out: list[Candidate] = []
    if h.void and not h.void_filled:
        out.append(Candidate(h.branch, "HJ-14", "helper_out_of_void", 6, GOOD, there,
                             first_day_out_of_void(chart.moment, h.branch).stem))
        out.append(Candidate(clash_of(h.branch), "HJ-14", "helper_void_clashed", 5, GOOD, there))
    if h.month_break:
        out.append(Candidate(h.branch, "YP-03", "helper_break_filled", 6, GOOD, there))
    return out


# YQ-16 遠事定之以年月，近事應之於日時 … 占月應年，占日應時: each horizon's units, its own first.  A same-day matter
# is timed in hours (天時 「誠得卜日應時」), a near one in days, a far one in months and years; a near matter nobody
# said was near may come a month or more off (占近應遠), never years — and a far one is never read in days (a
# question about next week has no 2039, one about a career no "Thursday").
_UNITS = {Horizon.today: (Unit.HOUR,), Horizon.near: (Unit.DAY,), Horizon.far: (Unit.MONTH, Unit.YEAR)}
_UNASKED = {Horizon.today: (), Horizon.near: (Unit.MONTH,), Horizon.far: ()}
# The chapters' moments in the unit the querent did not ask for (占近應遠) rank this many steps below the same
# moments in the default's unit (a void filled, 9, then falls below a line's own day, 6).
_UNASKED_STEPS = 4


def units_of(horizon: Horizon, asked: bool = True) -> tuple[Unit, ...]:
    """The units a reading's moments may be told in, the horizon's own first (YQ-16): hours for today; days for a
    near matter, and months when nobody said it was near; months and years for a far one."""
    return _UNITS[horizon] + (() if asked else _UNASKED[horizon])


def _favourable(sense: str, side: int) -> bool | None:
    if sense == GOOD:
        return True
    if sense == BAD:
        return False
    return None if side == 0 else side > 0


def _agrees(sense: str, side: int) -> int:
    """One step up for a moment that names the verdict's own turn: the blow when the end is bad, the relief when it
    is good.  YQ-09 and YQ-10 divide the attacked use-god's moments so: 大象吉而受克，須待克神受克 (the relief
    is the moment), 大象凶而受克，須防克者逢生 (the blow is)."""
    return int((sense == BAD and side < 0) or (sense == GOOD and side > 0))


def _steps(unit: Unit | None, horizon: Horizon, asked: bool, restate: bool = False) -> tuple[tuple[Unit, int], ...]:
    """The units a moment is read in, each with the steps it ranks below the horizon's first unit.  A rule that
    names its unit (a 實破 year, YP-04; a 破 合 month in a far matter, YP-03) keeps it where the horizon has it and
    is left out where it has not (the same branch comes in the horizon's units from 應期總注's own rule); with
    ``restate`` (the seed's timing patterns, read off 002's worked cases in the unit of each case) the branch is
    read in the horizon's units instead, a step lower: YQ-16 makes the unit the horizon's, the rule the branch's
    (an 出空 day of a near matter is an 出空 month of a far one, XK2-07; a day an hour of a same-day one)."""
    own, other = _UNITS[horizon], (() if asked else _UNASKED[horizon])
    if unit is None:
        return tuple((u, i) for i, u in enumerate(own)) + tuple((u, _UNASKED_STEPS) for u in other)
    if unit in own:
        return ((unit, 0),)
    if unit in other:
        return ((unit, _UNASKED_STEPS),)
    return tuple((u, i + 1) for i, u in enumerate(own)) if restate else ()


# ``_steps`` for every unit, horizon, asked and restate, made once (merge asks it for each of a reading's moments)
_STEPS = {(unit, horizon, asked, restate): _steps(unit, horizon, asked, restate)
          for unit in (None, *Unit) for horizon in Horizon for asked in (True, False) for restate in (True, False)}
_BY_WEIGHT = attrgetter("weight")


def merge(candidates: Iterable[Candidate], older: Iterable[Timing], horizon: Horizon,
          eventual_side: int, asked: bool = True) -> list[Merged]:
    """One entry per branch: every rule that gives it, the strongest first, in every unit of the horizon it fits
    (a month and a year are one moment, not two).  Within a unit the weight is the strongest rule's and one more for
    each other rule that agrees (at most two more); the entry's weight is its best unit's.  Weightiest first;
    ``arrange`` dates each and makes it a Timing.
    ``asked``: the querent said how far off; if not, a near matter's moments may also come in months
    (_UNASKED_STEPS)."""
    grouped: dict[Branch, dict[Unit, list[_Given]]] = {}
    day = Unit.DAY  # looked up once, not per moment
    for c in candidates:
        for unit, step in _STEPS[c.unit, horizon, asked, False]:
            stem = c.stem if unit is day else None
            grouped.setdefault(c.branch, {}).setdefault(unit, []).append(
                _Given(c.weight - step + _agrees(c.sense, eventual_side), c.rule, c.key, c.sense, c.places, stem,
                       source(c.rule)))
    for t in older:  # the seed's own timing patterns (002's worked cases) rank a step below 應期總注's
        sense = _OLDER_SENSE.get(t.key, OUTCOME)
        for unit, step in _STEPS[t.unit, horizon, asked, True]:
            grouped.setdefault(t.branch, {}).setdefault(unit, []).append(
                _Given(t.weight - 1 - step, t.rule, t.key, sense, t.places, t.stem if unit is day else None,
                       t.source))
    order = units_of(horizon, asked)
    out = []
    for branch, by_unit in grouped.items():
        weights: dict[Unit, int] = {}
        every: list[_Given] = []
        for unit, given in by_unit.items():
            given.sort(key=_BY_WEIGHT, reverse=True)
            # the other rules that agree, each once (not the strongest's own, nor a generic one)
            agree = len({g.rule for g in given}.difference(_GENERIC, (given[0].rule,))) if len(given) > 1 else 0
            weights[unit] = given[0].weight + min(2, agree) + 1
            every += given
        every.sort(key=_BY_WEIGHT, reverse=True)
        top = every[0]
        units = tuple(u for u in order if u in weights)
        stem = next((g.stem for g in every if g.stem is not None), None) if day in units else None
        out.append(Merged(units, branch, stem, max(0, max(weights.values())), top,
                          tuple(dict.fromkeys([g.rule for g in every])), _favourable(top.sense, eventual_side)))
    out.sort(key=_BY_WEIGHT, reverse=True)
    return out


# How many next dates each unit shows, by horizon: a same-day matter its next hour, a near one three days and the
# next month, a far one two months and two years — never a date the horizon does not reach (a question about
# tomorrow's rain is not dated 2027–2029).
_DATES: dict[Horizon, dict[Unit, int]] = {
    Horizon.today: {Unit.HOUR: 1}, Horizon.near: {Unit.DAY: 3, Unit.MONTH: 1},
    Horizon.far: {Unit.MONTH: 2, Unit.YEAR: 2},
}

# What happens at a moment, by topic and by whether the moment is good or bad (keys only; the bot words them).
_EVENTS: dict[Topic, tuple[str, str]] = {
    Topic.illness: ("recovery", "danger"), Topic.doctor: ("recovery", "danger"),
    Topic.wealth: ("money_comes", "money_lost"), Topic.gamble: ("money_comes", "money_lost"),
    Topic.loan: ("money_comes", "money_lost"),
    Topic.returning: ("arrival", "delay"), Topic.travel: ("success", "danger"), Topic.danger: ("safe", "danger"),
    Topic.lost: ("found", "trouble"), Topic.career: ("promotion", "trouble"), Topic.exam: ("passes", "trouble"),
    Topic.marriage: ("agreement", "trouble"), Topic.matchmaker: ("agreement", "trouble"),
    Topic.pregnancy: ("birth", "danger"),
}


def event_of(question: Question, favourable: bool | None) -> str:
    """What happens at a moment: the topic's good or bad turn (recovery or danger in an illness, money coming or
    lost …); for the weather, the weather wished or the other (rain or a clear sky); ``turn`` when the verdict is
    even and the moment's sense is the verdict's."""
    if favourable is None:
        return "weather_changes" if question.topic is Topic.weather else "turn"
    if question.topic is Topic.weather:
        if question.weather is None:
            return "weather_changes"
        wished, other = ("rain", "clear") if question.weather is Weather.rain else ("clear", "rain")
        return wished if favourable else other
    good, bad = _EVENTS.get(question.topic, ("success", "trouble"))
    return good if favourable else bad


def _first_date(dates: tuple[tuple[date | datetime, ...], ...]) -> date | datetime | None:
    """The moment's first date in its first unit (``dates``: per unit, as ``unit_dates``): the one a reader sees
    first, so the list reads in date order (a near matter's month, 占近應遠, comes second and does not reorder
    it)."""
    first = dates[0] if dates else ()
    return min(first, key=_date_key) if first else None


def _date_key(d: date | datetime) -> tuple[date, time]:
    """Days and instants on one line: a date at its start, an instant (in the cast's zone) at its local time."""
    return (d.date(), d.time()) if isinstance(d, datetime) else (d, time.min)


_SPAN = {Unit.HOUR: 1 / 12, Unit.DAY: 1.0, Unit.MONTH: 30.44, Unit.YEAR: 365.25}


def ahead(m: Moment, unit: Unit, branch: Branch, stem: Stem | None = None) -> float:
    """About how many days after the cast the next ``branch`` of ``unit`` comes, from the pillars alone (a book's
    case has no instant): the next one, never the present one (its 值 is now)."""
    now: StemBranch | Branch | None = {Unit.HOUR: m.hour, Unit.DAY: m.day, Unit.MONTH: m.month_branch,
                                       Unit.YEAR: m.year_branch}[unit]
    if unit is Unit.DAY and stem is not None:
        return float((StemBranch(stem, branch).index - m.day.index) % 60 or 60)
    if isinstance(now, StemBranch):
        now = now.branch
    if now is None:  # no hour or year given: after every known one of the unit below it
        return 12 * _SPAN[unit] + int(branch) * _SPAN[unit] / 12
    return ((branch - now) % 12 or 12) * _SPAN[unit]


def _when(e: Merged, dates: tuple[tuple[date | datetime, ...], ...], m: Moment) -> float:
    """Days from the cast to the moment's first date in its first unit (``dates``: its dates per unit; that unit's
    next occurrence when it has no date)."""
    first = _first_date(dates)
    if first is None or m.local is None:
        u = e.units[0]
        return ahead(m, u, e.branch, e.stem if u is Unit.DAY else None)
    cast = m.local.replace(tzinfo=None)
    at = datetime.combine(*_date_key(first))
    return (at - cast).total_seconds() / 86400


def arrange(merged: Sequence[Merged], m: Moment, question: Question) -> tuple[Timing, ...]:
    """The moments as a reading gives them (``merged``: ``merge``'s entries): dated in each unit as far as the
    horizon reaches, each with what happens then (``event``), the most likely first (the weightiest; the sooner of
    two as weighty) and named so (``likely``), then the others in date order (DESIGN.md: lists that rank come from
    the most likely first)."""
    if not merged:
        return ()
    found = unit_dates([(e.units, e.branch, e.stem) for e in merged], m, counts=_DATES[horizon_of(question)])
    per = found if found is not None else [((),)] * len(merged)
    when = [_when(e, dates, m) for e, dates in zip(merged, per)]
    order = range(len(merged))
    first = min(order, key=lambda i: (-merged[i].weight, when[i]))
    rest = sorted((i for i in order if i != first), key=lambda i: (when[i], -merged[i].weight))

    def timing(i: int) -> Timing:
        e, top = merged[i], merged[i].top
        dates = () if found is None else found[i]
        return Timing(e.units[0], e.branch, top.rule, top.source, top.key, e.weight, e.stem, top.places,
                      dates[0] if dates else (), e.rules, e.favourable, e.units, dates,
                      event_of(question, e.favourable), i == first)
    return tuple(timing(i) for i in (first, *rest))


class Merged(NamedTuple):
    """One moment of ``merge``, before it is dated: a branch in the units of the horizon it fits (the first is the
    horizon's own), the stem a day names, its weight, the strongest rule's word, every rule that gives it (the
    strongest first), and whether it is a good moment."""

    units: tuple[Unit, ...]
    branch: Branch
    stem: Stem | None
    weight: int
    top: _Given
    rules: tuple[str, ...]
    favourable: bool | None


class _Given(NamedTuple):
    """One rule's word on one (unit, branch)."""

    weight: int
    rule: str
    key: str
    sense: str
    places: tuple[Place, ...]
    stem: Stem | None
    source: Source


# Rules that name a line's own, clash, peak or changed branch whatever its state: they add no weight when they agree.
_GENERIC = frozenset(("YQ-01", "YQ-15", "SW-06", "D-06", "D-02", "M-14"))

# The sense of the moments the seed's own timing rules give (core/reading/step7_timing.py): harm, relief, or the outcome.
_OLDER_SENSE = {
    "attacker_in_season": BAD, "opponent_in_season": BAD, "peak_breaks": BAD, "tomb_month": BAD,
    "helper_cleared": BAD, "attacker_cleared": GOOD, "helper_released": GOOD,
    # 壽元 (000): the years and months the chapter marks as the end of life are dangers, whatever the verdict
    "lifespan_end_void_year": BAD, "lifespan_end_clash_year": BAD, "lifespan_death_stage_month": BAD,
    # 天時 TS-42: the days the clear sky wished ends; 尋地 XN-09: the years a 反吟 grave is moved
    "ts_clear_ends_tomb_day": BAD, "ts_clear_ends_cut_day": BAD, "xn_moved_year": BAD,
}
