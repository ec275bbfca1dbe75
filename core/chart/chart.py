"""The full 六爻 chart for a cast at a moment: every fact the classics write beside the lines.

A chart only states facts (which branch, which relation, what the month and the day do to it, what a moving
line changes into).  Weighing them is the reading's job; here nothing is chosen by priority and every
transformation that holds is listed.
"""

from __future__ import annotations

from dataclasses import replace
from functools import cache

from core.chart.calendar import Moment
from core.chart.cast import Cast
from core.chart.ganzhi import Branch, Element, Stem
from core.chart.hexagram import (
    HEXAGRAMS,
    Hexagram,
    Relation,
    Trigram,
    pure_hexagram,
    relation,
)
from core.chart.relations import (
    Stage,
    advances,
    clashes,
    generates,
    harmonizes,
    overcomes,
    retreats,
    stage,
)
from core.values import SymbolEnum, value


class Spirit(SymbolEnum):
    """六神, laid from line 1 upward starting from the day stem's spirit (DESIGN.md)."""

    青龍 = "青龍"
    朱雀 = "朱雀"
    勾陳 = "勾陳"
    螣蛇 = "螣蛇"
    白虎 = "白虎"
    玄武 = "玄武"


_SPIRITS = tuple(Spirit)
_FIRST_SPIRIT = (0, 0, 1, 1, 2, 3, 4, 4, 5, 5)  # by day stem 甲 … 癸


def spirits(day_stem: Stem) -> tuple[Spirit, ...]:
    """The six spirits bottom first: 甲乙 青龍, 丙丁 朱雀, 戊 勾陳, 己 螣蛇, 庚辛 白虎, 壬癸 玄武 on line 1."""
    first = _FIRST_SPIRIT[day_stem]
    return tuple(_SPIRITS[(first + i) % 6] for i in range(6))


# ---- standing against the month and the day (002 月建章, 日辰章, 旬空) --------------------------------------

class MonthRelation(SymbolEnum):
    臨月建 = "臨月建"
    月生 = "月生"
    月克 = "月克"
    月合 = "月合"
    月破 = "月破"


class Season(SymbolEnum):
    """旺相休囚 exactly as 002 月建章 states it month by month (M-01)."""

    旺 = "旺"        # the month branch itself
    次旺 = "次旺"    # the branch the text names 次之 (卯 in 寅月, 丑未 in 辰月 …)
    相 = "相"        # the element the month generates
    餘氣 = "餘氣"    # 未月 火 "火雖衰，但有餘氣", 丑月 水 "水雖衰，還有餘氣"
    休囚 = "休囚"    # 其餘俱作休囚


class DayRelation(SymbolEnum):
    臨日 = "臨日"
    日生 = "日生"
    日克 = "日克"
    日合 = "日合"
    日沖 = "日沖"


class DayClash(SymbolEnum):
    """What the day's clash does to a static line (D-02, D-03)."""

    暗動 = "暗動"  # strong (旺相, 月合, or 旺 as TT-01 widens it) — or void, which the clash fills (沖空則實)
    日破 = "日破"  # weak: 休囚, nothing feeds it, and not void


_NEXT = {  # M-01: the branches the text names 次之 for each month
    Branch.寅: (Branch.卯,), Branch.卯: (Branch.寅,), Branch.辰: (Branch.丑, Branch.未),
    Branch.巳: (Branch.午,), Branch.午: (Branch.巳,), Branch.未: (Branch.辰, Branch.戌),
    Branch.申: (Branch.酉,), Branch.酉: (Branch.申,), Branch.戌: (Branch.丑, Branch.未),
    Branch.亥: (Branch.子,), Branch.子: (Branch.亥,), Branch.丑: (Branch.辰, Branch.戌),
}
# M-01 餘氣 remarks, literally: 辰月 the 相 metal "相雖不旺，還有餘氣"; 未月 火; 丑月 水.
_RESIDUAL = {Branch.辰: Element.金, Branch.未: Element.火, Branch.丑: Element.水}


def season(branch: Branch, month: Branch) -> Season:
    """The seasonal state of a branch in a month (M-01, literal)."""
    if branch is month:
        return Season.旺
    if branch in _NEXT[month]:
        return Season.次旺
    if month.element.generates is branch.element:
        return Season.相
    if _RESIDUAL.get(month) is branch.element:
        return Season.餘氣
    return Season.休囚


@value
class Standing:
    """A branch measured against the moment: month, season, day, void and 十二長生 stage on the day."""

    month: tuple[MonthRelation, ...]
    season: Season
    residual: bool  # the text's 餘氣 remark applies (辰月 金, 未月 火, 丑月 水)
    day: tuple[DayRelation, ...]
    day_clash: DayClash | None  # only for static (and hidden) lines clashed by the day
    void: bool
    stage: Stage

    @property
    def month_break(self) -> bool:
        return MonthRelation.月破 in self.month

    @property
    def month_state(self) -> str:
        """One word as the books tabulate it: 月破 overrides the season."""
        return MonthRelation.月破.value if self.month_break else self.season.value

    @property
    def strong(self) -> bool:
        """旺相 for the 暗動/日破 test (D-02): in season (旺 次旺 相 餘氣) or held by the month's 合."""
        return (not self.month_break) and (self.season is not Season.休囚 or MonthRelation.月合 in self.month)


@cache  # bounded: 12 branches × 12 months × 60 days × 2
def standing(branch: Branch, month: Branch, day: Branch, void: tuple[Branch, Branch], static: bool) -> Standing:
    """Measure ``branch`` against a month and a day; ``static`` lines (and hidden ones) can be 暗動 or 日破."""
    el = branch.element
    month_rel = []
    if branch is month:
        month_rel.append(MonthRelation.臨月建)
    if generates(month.element, el):
        month_rel.append(MonthRelation.月生)
    if overcomes(month.element, el):
        month_rel.append(MonthRelation.月克)
    if harmonizes(month, branch):
        month_rel.append(MonthRelation.月合)
    if clashes(month, branch):
        month_rel.append(MonthRelation.月破)
    day_rel = []
    if branch is day:
        day_rel.append(DayRelation.臨日)
    if generates(day.element, el):
        day_rel.append(DayRelation.日生)
    if overcomes(day.element, el):
        day_rel.append(DayRelation.日克)
    if harmonizes(day, branch):
        day_rel.append(DayRelation.日合)
    clashed = clashes(day, branch)
    if clashed:
        day_rel.append(DayRelation.日沖)
    seas = season(branch, month)
    is_void = branch in void
    result = Standing(tuple(month_rel), seas, _RESIDUAL.get(month) is el, tuple(day_rel), None, is_void,
                      stage(el, day))
    if clashed and static:
        strong = result.strong or is_void
        result = Standing(result.month, seas, result.residual, result.day,
                          DayClash.暗動 if strong else DayClash.日破, is_void, result.stage)
    return result


# ---- transformations of a moving line (動變, 002 lines 99–105; notes DB-04…DB-07) ------------------------

class Transformation(SymbolEnum):
    化進神 = "化進神"
    化退神 = "化退神"
    回頭生 = "回頭生"
    回頭克 = "回頭克"
    回頭沖 = "回頭沖"
    回頭合 = "回頭合"
    化空 = "化空"
    化破 = "化破"
    化墓 = "化墓"
    化絕 = "化絕"
    化長生 = "化長生"
    化帝旺 = "化帝旺"
    伏吟 = "伏吟"  # the line changes into its own branch
    反吟 = "反吟"  # the line changes into the branch that clashes it


@cache  # bounded: 12 × 12 × 12 months × 6 voids
def transformations(moving: Branch, changed: Branch, month: Branch, void: tuple[Branch, Branch]) -> tuple[Transformation, ...]:
    """Every transformation that holds for a moving line, in a fixed order; none is chosen over another."""
    out = []
    if advances(moving, changed):
        out.append(Transformation.化進神)
    if retreats(moving, changed):
        out.append(Transformation.化退神)
    if generates(changed.element, moving.element):
        out.append(Transformation.回頭生)
    if overcomes(changed.element, moving.element):
        out.append(Transformation.回頭克)
    if clashes(changed, moving):
        out.append(Transformation.回頭沖)
    if harmonizes(changed, moving):
        out.append(Transformation.回頭合)
    if changed in void:
        out.append(Transformation.化空)
    if clashes(month, changed):
        out.append(Transformation.化破)
    st = stage(moving.element, changed)
    for wanted, label in ((Stage.墓, Transformation.化墓), (Stage.絕, Transformation.化絕),
                          (Stage.長生, Transformation.化長生), (Stage.帝旺, Transformation.化帝旺)):
        if st is wanted:
            out.append(label)
    if changed is moving:
        out.append(Transformation.伏吟)
    if clashes(changed, moving):
        out.append(Transformation.反吟)
    return tuple(out)


class HexagramTransformation(SymbolEnum):
    """What the hexagram as a whole does when it changes."""

    反吟卦 = "反吟卦"        # both trigrams change into their opposite (乾巽 坎離 艮坤 震兌)
    內卦反吟 = "內卦反吟"
    外卦反吟 = "外卦反吟"
    伏吟卦 = "伏吟卦"        # both trigrams change between 乾 and 震 (same 納甲 branches)
    內卦伏吟 = "內卦伏吟"
    外卦伏吟 = "外卦伏吟"
    六沖變六合 = "六沖變六合"
    六合變六沖 = "六合變六沖"


_OPPOSITE = {frozenset(p) for p in ((Trigram.乾, Trigram.巽), (Trigram.坎, Trigram.離),
                                    (Trigram.艮, Trigram.坤), (Trigram.震, Trigram.兌))}
_SAME_BRANCHES = frozenset((Trigram.乾, Trigram.震))


def hexagram_transformations(primary: Hexagram, changed: Hexagram) -> tuple[HexagramTransformation, ...]:
    out = []
    inner_rev = frozenset((primary.lower, changed.lower)) in _OPPOSITE
    outer_rev = frozenset((primary.upper, changed.upper)) in _OPPOSITE
    if inner_rev and outer_rev:
        out.append(HexagramTransformation.反吟卦)
    elif inner_rev:
        out.append(HexagramTransformation.內卦反吟)
    elif outer_rev:
        out.append(HexagramTransformation.外卦反吟)
    inner_fu = primary.lower != changed.lower and {primary.lower, changed.lower} == _SAME_BRANCHES
    outer_fu = primary.upper != changed.upper and {primary.upper, changed.upper} == _SAME_BRANCHES
    if inner_fu and outer_fu:
        out.append(HexagramTransformation.伏吟卦)
    elif inner_fu:
        out.append(HexagramTransformation.內卦伏吟)
    elif outer_fu:
        out.append(HexagramTransformation.外卦伏吟)
    if primary.six_clash and changed.six_harmony:
        out.append(HexagramTransformation.六沖變六合)
    if primary.six_harmony and changed.six_clash:
        out.append(HexagramTransformation.六合變六沖)
    return tuple(out)


# ---- the chart --------------------------------------------------------------------------------------

@value
class Yao:
    """A branch with its stem and 六親 (counted from the primary palace) — a hidden or a changed line."""

    stem: Stem
    branch: Branch
    relation: Relation
    standing: Standing

    @property
    def element(self) -> Element:
        return self.branch.element


@value
class Line:
    """One line of the primary hexagram with everything written beside it."""

    position: int  # 1 = 初爻 … 6 = 上爻
    value: int  # 6 7 8 9
    stem: Stem
    branch: Branch
    relation: Relation
    spirit: Spirit
    world: bool
    response: bool
    standing: Standing
    hidden: Yao | None  # 伏神 under this line (this line is its 飛神)
    changed: Yao | None  # 變爻, only when the line moves
    transformations: tuple[Transformation, ...]
    moving: bool  # value 6 or 9, set by build_chart (a field, not a property: every rule asks)

    @property
    def yang(self) -> bool:
        return self.value in (7, 9)

    @property
    def element(self) -> Element:
        return self.branch.element


@value(eq=False)
class Chart:
    """One chart; compared and hashed by identity (eq=False) so analyses can cache per chart cheaply."""

    cast: Cast
    moment: Moment
    hexagram: Hexagram
    changed: Hexagram | None
    lines: tuple[Line, ...]
    changes: tuple[HexagramTransformation, ...]

    @property
    def world(self) -> Line:
        return self.lines[self.hexagram.world - 1]

    @property
    def response(self) -> Line:
        return self.lines[self.hexagram.response - 1]

    @property
    def moving(self) -> tuple[Line, ...]:
        return tuple(line for line in self.lines if line.moving)

    @property
    def body(self) -> Branch:
        """卦身."""
        return self.hexagram.body

    @property
    def missing(self) -> tuple[Relation, ...]:
        """六親 absent from the primary hexagram, in the order 父母 兄弟 官鬼 妻財 子孫 (each has its 伏神)."""
        present = {line.relation for line in self.lines}
        return tuple(r for r in Relation if r not in present)


def build_chart(cast: Cast, moment: Moment) -> Chart:
    """Everything the classics write on a chart for ``cast`` cast at ``moment``."""
    hexagram, changed_hex, frames, changes = _frames(tuple(int(v) for v in cast.values))
    month, day, void = moment.month_branch, moment.day.branch, moment.void
    spirit_row = spirits(moment.day.stem)
    lines = []
    for f, spirit in zip(frames, spirit_row):
        branch = f.branch
        hidden = changed = None
        trans: tuple[Transformation, ...] = ()
        if f.hidden is not None:
            h_stem, h_branch, h_rel = f.hidden
            hidden = Yao(h_stem, h_branch, h_rel, standing(h_branch, month, day, void, True))
        if f.changed is not None:
            c_stem, c_branch, c_rel = f.changed
            changed = Yao(c_stem, c_branch, c_rel, standing(c_branch, month, day, void, False))
            trans = transformations(branch, c_branch, month, void)
        lines.append(Line(f.position, f.value, f.stem, branch, f.relation, spirit, f.world, f.response,
                          standing(branch, month, day, void, not f.moving), hidden, changed, trans, f.moving))
    return Chart(cast, moment, hexagram, changed_hex, _fed_not_broken(lines, day), changes)


def _fed(st: Standing, el: Element, day: Branch, movers: frozenset[Element]) -> bool:
    """TT-01 「但得用神臨日月、或遇日月動爻變爻生扶、或用爻遇長生逢帝旺，皆謂之旺」 beyond the season: a moving line
    that generates it or is of its element (生扶), or the day that clashes it being of its element (辰戌 丑未: 日…扶;
    卷首問答 L446 reads it so whatever the season: 「若在辰日占卦，辰冲戌土，谓之世爻暗动」 of a 世 戌 in any month).
    A static line has no change of its own, and no branch is at its 長生 or 帝旺 on the day that clashes it, so
    those clauses of the passage cannot arise here.  A 月破 line stays broken (YP-03: its 破 lifts later, not now)."""
    if st.month_break:
        return False
    return day.element is el or el in movers or any(m.generates is el for m in movers)


def _fed_not_broken(lines: list[Line], day: Branch) -> tuple[Line, ...]:
    """AD-01 「靜爻旺相日辰沖之為暗動，靜爻休囚日辰沖之為破」 with 旺 as TT-01 widens it (``_fed``): a static or
    hidden line the day clashes is 暗動, not 日破, when a moving line feeds it — ``standing`` alone sees only the
    season, so the chart, which knows the moving lines, settles it here."""
    movers = frozenset(ln.element for ln in lines if ln.moving)
    out = []
    for ln in lines:
        st, hidden = ln.standing, ln.hidden
        if st.day_clash is DayClash.日破 and _fed(st, ln.element, day, movers):
            ln = replace(ln, standing=replace(st, day_clash=DayClash.暗動))
        if hidden is not None and hidden.standing.day_clash is DayClash.日破 \
                and _fed(hidden.standing, hidden.element, day, movers):
            ln = replace(ln, hidden=replace(hidden, standing=replace(hidden.standing, day_clash=DayClash.暗動)))
        out.append(ln)
    return tuple(out)


@value
class _Frame:
    """What a line of a cast is whatever the moment: its 納甲, 六親, 世/應, its 伏神 and its change."""

    position: int
    value: int
    stem: Stem
    branch: Branch
    relation: Relation
    world: bool
    response: bool
    moving: bool
    hidden: tuple[Stem, Branch, Relation] | None
    changed: tuple[Stem, Branch, Relation] | None


@cache  # bounded: 4096 casts
def _frames(values: tuple[int, ...]) -> tuple[Hexagram, Hexagram | None, tuple[_Frame, ...],
                                              tuple[HexagramTransformation, ...]]:
    """The moment-free part of a chart, once per cast."""
    bits = sum(1 << i for i, v in enumerate(values) if v in (7, 9))
    moved = sum(1 << i for i, v in enumerate(values) if v in (6, 9))
    hexagram = HEXAGRAMS[bits]
    changed_hex = HEXAGRAMS[bits ^ moved] if moved else None
    palace_el = hexagram.element
    rels = hexagram.relations
    present = set(rels)
    pure = pure_hexagram(hexagram.palace)
    frames = []
    for i in range(6):
        stem, branch = hexagram.najia[i]
        moving = values[i] in (6, 9)
        hidden = None
        if pure.relations[i] not in present:
            hidden = (*pure.najia[i], pure.relations[i])
        changed = None
        if moving and changed_hex is not None:
            c_stem, c_branch = changed_hex.najia[i]
            changed = (c_stem, c_branch, relation(palace_el, c_branch.element))
        frames.append(_Frame(i + 1, values[i], stem, branch, rels[i], hexagram.world == i + 1,
                             hexagram.response == i + 1, moving, hidden, changed))
    changes = hexagram_transformations(hexagram, changed_hex) if changed_hex else ()
    return hexagram, changed_hex, tuple(frames), changes
