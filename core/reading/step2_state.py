"""Step 2 of a reading: the state of one thing in the chart, as 增刪卜易 reads it before judging anything.

題頭總注 (TT-01) widens "旺": a line is strong not only in its season but also when it stands on the day or the
month, when the day, the month, a moving line or its own change generates or helps it, or when it is at 長生 or
帝旺 on the day.  The chapters then name the flags the decision asks about: 旬空 and 真空 (XK2-02), 月破 (YP-03),
日破 against 暗動 (AD-01), the three tombs (TT-06) and whether a tomb is real (SG-02), 絕 (HJ-54/56), 合住
(LH-03), 太旺 (YQ-03).  Nothing here judges: the later steps read these facts and nothing else.

Choices (JS-30 leaves them open): a month that combines and overcomes (卯月 on 戌) overcomes; a change that combines
and overcomes (子化丑) is 化合 — 六合章 (L502) 「爻動化合謂之化扶」, and 化扶 is 化吉 (TT-02, L720) — not the notes'
default 回頭克.  A day that is a line's tomb and its source (丑 on 金) entombs it and does not support it, unless the
tomb is clashed or earth acts twice over (SW-04, L707 「若得未土沖動，或卦中土多生金，論生不論墓也」; 晉's 「世爻破而
入墓」 shows it).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator, Mapping

from core.chart.actors import Actor, acting_lines, actor_at
from core.chart.chart import (
    Chart,
    DayClash,
    DayRelation,
    MonthRelation,
    Season,
    Standing,
    Transformation,
)
from core.chart.ganzhi import Branch, Element
from core.chart.relations import Stage, clashes, generates, harmonizes, overcomes, stage
from core.findings import CHANGED_PLACES, HIDDEN_PLACES, LINE_PLACES, Layer, Place
from core.reading.step2_strength import Assessment, assess
from core.values import SymbolEnum, value


class Vigour(SymbolEnum):
    """The four words of the book for how much force a line has (D1 of the rules, TT-01)."""

    旺 = "旺"      # in season (the month is it, generates it or is its element), or on the month or the day
    有氣 = "有氣"  # out of season, but the day, a moving line or its own change supports it
    休囚 = "休囚"  # out of season and nothing supports it
    失陷 = "失陷"  # 休囚 and beyond use now: 真空, a static 月破 or 日破, a real tomb, 絕 without 生

    @property
    def strong(self) -> bool:
        """旺相 in the book's comparisons (JS-06's 旺衰, TT-01)."""
        return self in _STRONG


_STRONG = frozenset((Vigour.旺, Vigour.有氣))


# D5: the element a season's months control (春土 夏金 秋木 冬火); 辰未戌丑 months have no 真空.
_TRUE_VOID_ELEMENT: dict[Branch, Element] = {
    Branch.寅: Element.土, Branch.卯: Element.土, Branch.巳: Element.金, Branch.午: Element.金,
    Branch.申: Element.木, Branch.酉: Element.木, Branch.亥: Element.火, Branch.子: Element.火,
}
_IN_SEASON = (Season.旺, Season.次旺, Season.相)
_MONTH_UP = frozenset((MonthRelation.臨月建, MonthRelation.月生))
_DAY_UP = frozenset((DayRelation.臨日, DayRelation.日生))


@value
class State:
    """What the book asks of one thing in the chart before it judges (places name where each fact comes from)."""

    place: Place
    branch: Branch
    element: Element
    moving: bool  # 明動: a moving line
    hidden_movement: bool  # 暗動: a strong static line the day clashes (AD-01)
    vigour: Vigour
    in_season: bool  # the month is it, generates it, or is its element (旺 相 次旺), and does not break it
    on_month_or_day: bool  # 臨月建 or 臨日 (令星, HJ-25)
    supports: tuple[Place, ...]  # TT-01: the month, the day, moving lines and its own change that are it, generate or help it
    attacks: tuple[Place, ...]  # the month, the day, moving lines and its own change that overcome or break it
    void: bool  # 旬空 by the day's 旬 (XK2-01)
    void_filled: bool  # void, but the day's clash fills it now (冲空則實, XK2-08)
    not_void: bool  # void, yet 旺, moving, supported or hidden and 旺 (XK2-02: it only waits)
    true_void: bool  # 真空: void, static, of the element the season controls (XK2-02)
    month_break: bool  # 月破 (YP-01)
    day_break: bool  # 日破: a weak static line the day clashes (AD-01)
    tomb: Branch | None  # the branch of the tomb it is in (日墓, 動墓, 化墓; TT-06), or None
    tomb_place: Place | None  # where that tomb stands (the day, a moving line, its own change)
    tomb_broken: bool  # the tomb is itself broken or clashed open (SG-02 破網)
    cut: bool  # 絕 on the day, or 化絕 (HJ-54)
    tied: bool  # a moving line the day or the month combines: 合住, it cannot act until clashed (LH-03)
    raised: bool  # a static line the day, the month or a moving line combines: 合起 (LH-03)
    too_strong: bool  # 太旺 (YQ-03)

    @property
    def acts(self) -> bool:
        """Moving, 暗動, or the month or the day themselves."""
        return self.moving or self.hidden_movement or self.place.layer in (Layer.MONTH, Layer.DAY)

    @property
    def real_tomb(self) -> bool:
        """SG-02: a tomb is real only when the line is weak and attacked, and the tomb itself is intact."""
        return (self.tomb is not None and not self.tomb_broken and not self.vigour.strong
                and bool(self.attacks))


def _tomb(chart: Chart, a: Actor, movers: tuple[Actor, ...]) -> tuple[Branch | None, Place | None]:
    """The three tombs (TT-06): the day, a moving line, or its own change, that is the tomb of its element."""
    st = a.standing
    day = chart.moment.day.branch
    if st is not None and st.stage is Stage.墓:
        return day, Place(Layer.DAY)
    if a.place.layer in (Layer.LINE, Layer.HIDDEN):
        for m in movers:
            if m.place != a.place and m.moving and stage(a.element, m.branch) is Stage.墓:
                return m.branch, m.place
    if Transformation.化墓 in a.transformations and a.changed_branch is not None:
        return a.changed_branch, Place(Layer.CHANGED, a.place.position)
    return None, None


def _tomb_broken(chart: Chart, tomb: Branch, where: Place, movers: tuple[Actor, ...]) -> bool:
    """SG-02: 墓神破，日月動爻沖破，亦非真也 — the tomb line is 月破, or the day, the month or a moving line clashes it."""
    month, day = chart.moment.month_branch, chart.moment.day.branch
    if where.layer is Layer.DAY:
        return clashes(month, tomb)
    if clashes(month, tomb) or clashes(day, tomb):
        return True
    return any(m.place != where and m.moving and clashes(m.branch, tomb) for m in movers)


def _month_and_day(st: Standing, el: Element, moving: bool, month_el: Element, day_el: Element,
                   tomb_opened: bool = False) -> tuple[list[Place], list[Place]]:
    """The month (JS-02): 臨, 生, 比和 or 合 support, 克 and 破 attack — a month that combines and overcomes (卯戌
    子丑 巳申) overcomes, its force is its season's.  The day (JS-03): 臨, 生, 比和 and (on a static line) 合
    support, 克 attacks, and its clash on a weak static line is 日破."""
    supports: list[Place] = []
    attacks: list[Place] = []
    if st.month_break or MonthRelation.月克 in st.month:
        attacks.append(_MONTH)
    elif not _MONTH_UP.isdisjoint(st.month) or st.season is Season.次旺 or month_el is el \
            or MonthRelation.月合 in st.month:
        supports.append(_MONTH)
    if st.stage is Stage.墓 and DayRelation.日生 in st.day and not tomb_opened:
        pass  # SW-04 「金爻虽墓于丑土，若得未土冲动，或卦中土多生金，论生不论墓也」: else the 丑 day entombs 金
    elif not _DAY_UP.isdisjoint(st.day) or (day_el is el and DayRelation.日沖 not in st.day) \
            or (DayRelation.日合 in st.day and not moving):
        supports.append(_DAY)
    elif DayRelation.日克 in st.day or st.day_clash is DayClash.日破:
        attacks.append(_DAY)
    return supports, attacks


def _lines_and_change(chart: Chart, a: Actor, movers: tuple[Actor, ...], supports: list[Place],
                      attacks: list[Place]) -> None:
    """Moving and 暗動 lines on a primary or hidden line (DB-01/02), the 飛神 on its 伏神 (FS-02), and a moving
    line's own change (JS-05, TT-02: 回頭生 and 化扶 support, 回頭克 attacks; a change that overcomes and combines —
    子化丑 — is 化合, L502 「爻動化合謂之化扶」)."""
    place, el = a.place, a.element
    if place.layer in (Layer.LINE, Layer.HIDDEN):
        for m in movers:
            if m.place is place or Transformation.回頭合 in m.transformations:
                continue  # a line tied by its own change neither helps nor hurts until clashed (SK-08)
            if generates(m.element, el) or m.element is el:
                supports.append(m.place)
            elif overcomes(m.element, el):
                attacks.append(m.place)
        if place.layer is Layer.HIDDEN:
            fly = actor_at(chart, LINE_PLACES[place.position])
            if generates(fly.element, el):
                supports.append(fly.place)
            elif overcomes(fly.element, el):
                attacks.append(fly.place)
    changed = a.changed_branch
    if a.moving and changed is not None:
        if generates(changed.element, el) or changed.element is el or harmonizes(changed, a.branch):
            supports.append(CHANGED_PLACES[place.position])
        elif overcomes(changed.element, el):
            attacks.append(CHANGED_PLACES[place.position])


def _vigour(st: Standing, moving: bool, in_season: bool, on_month_or_day: bool, raised: bool,
            supports: list[Place], attacks: list[Place], lost: bool) -> Vigour:
    """D1 with TT-01: 旺 in season, on the month or the day, or 合起 (LH-03 即使爻值休囚亦有旺相之意); 有氣 when
    something supports it — but out of season and struck by the month or the day, line supports do not save it
    (HJ-29 制中弱主); 失陷 when ``lost`` (真空) or a static 月破 nothing holds up."""
    held_down = not in_season and (_MONTH in attacks or _DAY in attacks)
    real_support = [p for p in supports if p.layer in _TIME_AND_CHANGE] if held_down else supports
    day_raises = DayRelation.日合 in st.day and not moving
    static_broken = st.month_break and not moving and not real_support and DayRelation.臨日 not in st.day
    if static_broken or lost:
        return Vigour.失陷
    if in_season or on_month_or_day or (raised and (day_raises or not held_down)):
        return Vigour.旺
    if real_support or raised or st.stage in _STAGE_UP:
        return Vigour.有氣
    return Vigour.休囚


_MONTH, _DAY = Place(Layer.MONTH), Place(Layer.DAY)
_TIME_AND_CHANGE = frozenset((Layer.MONTH, Layer.DAY, Layer.CHANGED))
_STAGE_UP = frozenset((Stage.長生, Stage.帝旺))


class States(Mapping[Place, State]):
    """The state of every place a step can ask about — the month, the day, the six lines, the changed lines, the
    hidden lines — for one reading: made right after the chart (``states_of``) and handed to each step that reads
    it, so no step works a state out again or differently.  What every state shares (the acting lines, SW-04's
    opened tomb, YQ-03's element counts) is worked out here once; a place's own state the first time a step asks for
    it, then kept — a reading asks about four of its ten places, and a full reading has 1 ms.  Read-only: a state is
    a fact of the chart, the same whenever it is asked."""

    __slots__ = ("_assessed", "_chart", "_counts", "_made", "_movers", "_places", "_tomb_opened")

    def __init__(self, chart: Chart) -> None:
        m = chart.moment
        self._chart = chart
        self._movers = acting_lines(chart)
        self._tomb_opened = _day_tomb_opened(chart, self._movers)
        # YQ-03's 太旺 by numbers: how many of the six lines, the month and the day are of each element
        counts = Counter(ln.element for ln in chart.lines)
        counts[m.month_branch.element] += 1
        counts[m.day.branch.element] += 1
        self._counts = counts
        self._made: dict[Place, State] = {_MONTH: _TIME_STATES[_MONTH, m.month_branch],
                                          _DAY: _TIME_STATES[_DAY, m.day.branch]}
        self._assessed: dict[Place, Assessment] = {}
        self._places = (_MONTH, _DAY, *LINE_PLACES[1:],
                        *(CHANGED_PLACES[ln.position] for ln in chart.lines if ln.changed is not None),
                        *(HIDDEN_PLACES[ln.position] for ln in chart.lines if ln.hidden is not None))

    def __getitem__(self, place: Place) -> State:
        """The state at ``place``; KeyError for a place the chart does not have (a static line's change …)."""
        made = self._made.get(place)
        if made is None:
            made = self._made[place] = _line_state(self._chart, actor_at(self._chart, place), self._movers,
                                                   self._tomb_opened, self._counts)
        return made

    def __iter__(self) -> Iterator[Place]:
        return iter(self._places)

    def __len__(self) -> int:
        return len(self._places)

    def assessment(self, place: Place) -> Assessment:
        """Step 2 weighed at ``place`` (``assess``: every support and injury the texts count), with no frame taking
        in its movers — what choosing the use-god compares among the copies and the reading then gives for the one
        chosen: worked out the first time a step asks, then kept, like a state."""
        made = self._assessed.get(place)
        if made is None:
            made = self._assessed[place] = assess(self._chart, place)
        return made

    @property
    def world(self) -> State:
        """The 世, asked by almost every step."""
        return self[LINE_PLACES[self._chart.hexagram.world]]


def states_of(chart: Chart) -> States:
    """The state of everything in ``chart`` that can act or be acted on (step 2, once per reading)."""
    return States(chart)


def _time_state(place: Place, b: Branch) -> State:
    """The month or the day: never acted on by lines (HJ-30), always at full strength."""
    return State(place, b, b.element, False, False, Vigour.旺, True, True, (), (), False, False, False, False, False,
                 False, None, None, False, False, False, False, False)


# the month's and the day's states depend on their branch alone: made once
_TIME_STATES = {(place, b): _time_state(place, b) for place in (_MONTH, _DAY) for b in Branch}


def _line_state(chart: Chart, a: Actor, movers: tuple[Actor, ...], tomb_opened: bool,
                counts: Counter[Element]) -> State:
    """The state of a line, a changed line or a hidden line (``movers``: the acting lines; ``tomb_opened``: SW-04's
    exception for the day; ``counts``: the elements of the six lines, the month and the day — all three the same
    for every line of the chart)."""
    place = a.place
    month = chart.moment.month_branch
    st = a.standing
    assert st is not None
    el, moving = a.element, a.moving
    supports, attacks = _month_and_day(st, el, moving, month.element, chart.moment.day.branch.element, tomb_opened)
    _lines_and_change(chart, a, movers, supports, attacks)
    in_season = st.season in _IN_SEASON and not st.month_break
    on_month_or_day = MonthRelation.臨月建 in st.month or DayRelation.臨日 in st.day
    void = st.void
    void_filled = void and DayRelation.日沖 in st.day and not moving
    if place.layer is Layer.CHANGED:
        not_void = void  # 動而化空亦不為空: a changed line waits for its fill or clash (HJ-14)
    else:
        not_void = void and (in_season or moving or bool(supports) or Transformation.化空 in a.transformations)
    # 真空 (春土 夏金 秋木 冬火), or void and month-broken at once (XK2-02 月破為空) — unless the passage's first
    # sentence lifts it: 「有日建動爻生扶者不為空」, the day or an acting line (moving, or 暗動) generates or helps it
    true_void = (void and not moving and not void_filled and place.layer is not Layer.CHANGED
                 and (_TRUE_VOID_ELEMENT.get(month) is el or st.month_break)
                 and not _fed_by_day_or_mover(supports, movers))
    tomb, tomb_place = _tomb(chart, a, movers)
    tomb_broken = tomb is not None and tomb_place is not None and _tomb_broken(chart, tomb, tomb_place, movers)
    cut = st.stage is Stage.絕 or Transformation.化絕 in a.transformations
    tied = moving and (MonthRelation.月合 in st.month or DayRelation.日合 in st.day)
    raised = not moving and (MonthRelation.月合 in st.month or DayRelation.日合 in st.day
                             or any(m.moving and harmonizes(m.branch, a.branch) for m in movers))
    day_break = st.day_clash is DayClash.日破
    vigour = _vigour(st, moving, in_season, on_month_or_day, raised, supports, attacks, true_void)
    if day_break and vigour is Vigour.休囚:
        vigour = Vigour.失陷
    if not vigour.strong and attacks and ((tomb is not None and not tomb_broken) or cut):
        vigour = Vigour.失陷  # a real tomb (SG-02), or 絕 weak and struck (HJ-54)
    # YQ-03 「主事爻臨午火，又遇巳火午月日占卦，或卦中巳午爻太多」: on the month or the day, and the other of its
    # own element too (a month or a day that only generates it does not make it 太旺)
    same = (month.element is el) + (chart.moment.day.branch.element is el)
    too_strong = (on_month_or_day and same >= 2) or counts[el] >= 4
    return State(place, a.branch, el, moving, st.day_clash is DayClash.暗動 and not void, vigour, in_season,
                 on_month_or_day, tuple(supports), tuple(attacks), void, void_filled, not_void, true_void,
                 st.month_break, day_break, tomb, tomb_place, tomb_broken, cut, tied, raised, too_strong)


def _fed_by_day_or_mover(supports: list[Place], movers: tuple[Actor, ...]) -> bool:
    """XK2-02 「有日建動爻生扶者不為空」: among the supports, the day or a line that acts (a static 飛神 over a
    伏神 is not one)."""
    acting = {m.place for m in movers}
    return any(p == _DAY or p in acting for p in supports)


def _day_tomb_opened(chart: Chart, movers: tuple[Actor, ...]) -> bool:
    """SW-04's exceptions to a day that is both the tomb and the source of a line (丑 on 金): the tomb is clashed
    (by the month, or a moving line: 「若得未土冲动」), or the day's element abounds among the acting and changed
    lines (「卦中土多生金」, two or more).  A static line the day itself clashes (暗動) does not clash the day open:
    that clash is the day's (HJ-30, L1329 「卦爻不能刑沖克害日月」) — the more so now that TT-01 makes every
    same-element line the day clashes 暗動."""
    day = chart.moment.day.branch
    if clashes(chart.moment.month_branch, day) or any(m.moving and clashes(m.branch, day) for m in movers):
        return True
    same = sum(1 for m in movers if m.element is day.element) + sum(
        1 for m in movers if m.changed_branch is not None and m.changed_branch.element is day.element)
    return same >= 2
