"""What every chapter of seed 000 uses: the weights, the querent's sex, directions and body parts, the
002 doctrines a chapter may conflict with, and small helpers (a finding from a rule id, the use god wherever it
stands, who helps and who attacks it)."""

from __future__ import annotations

from collections.abc import Iterable
from enum import StrEnum
from operator import attrgetter

from core.chart.chart import Chart, DayRelation, Line, MonthRelation, Standing, Transformation, Yao, standing
from core.chart.ganzhi import Branch, Element, Stem
from core.chart.hexagram import Relation, Trigram, relation
from core.chart.relations import clashes, generates, overcomes, punishes
from core.findings import Effect, Finding, Layer, Place, finding
from core.sources import Source
from core.values import value

# ---- weights ------------------------------------------------------------------------------------------
# 0–10 like every finding.  The general analysis of 002 decides the verdict and uses the top of the scale;
# a topic chapter adds colour and its own doctrine, so its strongest rules stay at 5–7:
W_MARK = 0      # markers: the chosen use god, the conflict note — carry no push
W_DETAIL = 1    # descriptive colour: direction, body part, character, travel, rejected 大小限 doctrine
W_MINOR = 2     # one modifier among many (a spirit, a stage, a single helper)
W_SUPPORT = 3   # a supporting rule of the chapter
W_RULE = 4      # an ordinary rule of the chapter
W_MAIN = 5      # a headline rule (the chapter's header: 以…為主)
W_STRONG = 6    # a headline rule the text states as certain (必, 定, 決)
W_GRAVE = 7     # the gravest sayings (月破世 夭亡, 衰中被害)

GOOD, BAD, NEUTRAL = Effect.GOOD, Effect.BAD, Effect.NEUTRAL
R = Relation


class Sex(StrEnum):
    """The querent's sex, which the marriage and lifetime chapters read differently."""

    男 = "男"
    女 = "女"


_SEX_IDS = {"male": Sex.男, "female": Sex.女}  # the stable ids of core.question.Sex


def _sex(value: Sex | str | None) -> Sex | None:
    if value is None or isinstance(value, Sex):
        return value
    text = str(getattr(value, "value", value)).strip()
    if text in _SEX_IDS:
        return _SEX_IDS[text]
    try:
        return Sex(text)
    except ValueError:
        raise ValueError(f"sex must be 男/女 or male/female, got {value!r}") from None


# ---- directions and body (NS-11, FX-01, BT-01, BT-02) ---------------------------------------------------

_ELEMENT_DIRECTION = {Element.木: "東", Element.火: "南", Element.金: "西", Element.水: "北", Element.土: "中"}
# Y000-04 reads 巳火 as 南 and 卯木 as 東 (by element), but 丑 as 東北 and 戌 as 西北 (earth by its corner);
# FX-02 reads 未 as 西南.  辰 東南 completes the four corners.
_EARTH_CORNER = {Branch.辰: "東南", Branch.戌: "西北", Branch.丑: "東北", Branch.未: "西南"}


def element_direction(element: Element) -> str:
    """木 東, 火 南, 金 西, 水 北, 土 中 (NS-11)."""
    return _ELEMENT_DIRECTION[element]


def direction_of(branch: Branch) -> str:
    """A branch's direction as 000 reads it: its element's, but an earth branch by its corner (丑 東北 …)."""
    return _EARTH_CORNER.get(branch) or _ELEMENT_DIRECTION[branch.element]


_TRIGRAM_PART = {Trigram.乾: "頭", Trigram.坤: "腹", Trigram.坎: "耳", Trigram.離: "目",
                 Trigram.兌: "口", Trigram.巽: "股", Trigram.艮: "手", Trigram.震: "足"}  # printed 幹 = 乾
_ELEMENT_ORGAN = {Element.水: "腰腎", Element.金: "肺", Element.火: "心胸", Element.木: "肝", Element.土: "脾胃"}
_LINE_PART = ("足", "腿", "腰腹", "背脅心胸", "頸面", "頭頂髮")  # printed 背助; the Korean reads 옆구리 (脅)
_GHOST_CALAMITY = {Element.金: "刀兵", Element.木: "狂風", Element.火: "焦枯", Element.土: "時疫", Element.水: "淹沒"}
_YANG_TRIGRAMS = frozenset((Trigram.乾, Trigram.坎, Trigram.艮, Trigram.震))

_CONFLICT_PERIODS = "大小限"       # 卜筮正宗 辟易林補遺大小限之謬
_CONFLICT_RESPONSE = "應為他人"    # 卜筮正宗 辨易林補遺應為他人之謬: a relative is read by 002's relation line
_CONFLICT_SPOUSE = "世應夫婦"      # 000 reads 世/應 as husband/wife; 002 reads a spouse by 妻財/官鬼


# ---- small helpers ------------------------------------------------------------------------------------

def _finding(rule: str | Source, key: str, effect: Effect, weight: int,
             places: Iterable[Place] = (), **params: object) -> Finding:
    """``core.findings.finding`` with each place named once (a topic names the 世 and the use-god, often one line):
    a registered id at its own passage, or ``source(id, line)`` at another it is cited at."""
    return finding(rule, key, effect, weight, dict.fromkeys(places), **params)


def _at(line: Line) -> Place:
    return Place(Layer.LINE, line.position)


def _lines(chart: Chart, rel: Relation) -> tuple[Line, ...]:
    return tuple(ln for ln in chart.lines if ln.relation is rel)


def _moving(chart: Chart, rel: Relation) -> tuple[Line, ...]:
    return tuple(ln for ln in chart.lines if ln.moving and ln.relation is rel)


def _fallen(st: Standing) -> bool:
    """落陷: 旬空 or 月破."""
    return st.void or st.month_break


def _clashed(chart: Chart, branch: Branch) -> bool:
    """沖 by the day or the month (日沖, 月破)."""
    return clashes(chart.moment.day.branch, branch) or clashes(chart.moment.month_branch, branch)


def _punished(chart: Chart, branch: Branch) -> bool:
    """刑 by the day or the month."""
    return punishes(chart.moment.day.branch, branch) or punishes(chart.moment.month_branch, branch)


def _element_strong(element: Element, month: Branch) -> bool:
    """A trigram's or an element's season: 旺 (the month's element) or 相 (the element it generates)."""
    return month.element is element or month.element.generates is element


def _trigram_of(chart: Chart, position: int) -> Trigram:
    return chart.hexagram.lower if position <= 3 else chart.hexagram.upper


def _body_lines(chart: Chart) -> tuple[Line, ...]:
    """The lines bearing the 卦身 branch (身 of the text; DESIGN.md: 陽世從子、陰世從午)."""
    return tuple(ln for ln in chart.lines if ln.branch is chart.body)


def _body_standing(chart: Chart) -> Standing:
    m = chart.moment
    return standing(chart.body, m.month_branch, m.day.branch, m.void, True)


@value
class _Subject:
    """A use god wherever it stands (a line, a 伏神, a changed line, the month or the day)."""

    place: Place
    stem: Stem | None
    branch: Branch
    relation: Relation
    standing: Standing
    moving: bool
    transformations: tuple[Transformation, ...]
    changed: Yao | None

    @property
    def element(self) -> Element:
        return self.branch.element

    @property
    def position(self) -> int:
        return self.place.position if self.place.layer is Layer.LINE else 0


def _of_line(line: Line) -> _Subject:
    return _Subject(_at(line), line.stem, line.branch, line.relation, line.standing, line.moving,
                    line.transformations, line.changed)


def _subject(chart: Chart, place: Place) -> _Subject:
    """Resolve a place the caller chose; refuse one the chart does not have."""
    m = chart.moment
    if place.layer in (Layer.MONTH, Layer.DAY):
        if place.layer is Layer.MONTH:
            branch, stem = m.month_branch, (m.month.stem if m.month else None)
        else:
            branch, stem = m.day.branch, m.day.stem
        st = standing(branch, m.month_branch, m.day.branch, m.void, True)
        return _Subject(Place(place.layer), stem, branch, relation(chart.hexagram.element, branch.element), st,
                        False, (), None)
    if not 1 <= place.position <= 6:
        raise ValueError(f"use god {place} is not in the chart: positions run 1–6")
    line = chart.lines[place.position - 1]
    if place.layer is Layer.LINE:
        return _of_line(line)
    yao = line.hidden if place.layer is Layer.HIDDEN else line.changed
    if yao is None:
        raise ValueError(f"use god {place} is not in the chart: line {place.position} has no {place.layer.value} yao")
    return _Subject(place, yao.stem, yao.branch, yao.relation, yao.standing, False, (), None)


def _rank(s: _Subject) -> tuple[bool, ...]:
    """YS-08: of several lines of one relation take the most 旺 (then sound, then moving)."""
    return (not s.standing.month_break, s.standing.strong, not s.standing.void, s.moving,
            DayRelation.臨日 in s.standing.day or DayRelation.日生 in s.standing.day)


def _best(chart: Chart, rel: Relation, hidden: bool = False) -> _Subject | None:
    """The representative line of a relation; with ``hidden``, its 伏神 when no line shows it."""
    shown = [_of_line(ln) for ln in _lines(chart, rel)]
    if shown:
        return max(shown, key=_rank)
    if hidden:
        for ln in chart.lines:
            if ln.hidden is not None and ln.hidden.relation is rel:
                return _subject(chart, Place(Layer.HIDDEN, ln.position))
    return None


def _helpers(chart: Chart, s: _Subject) -> tuple[str, ...]:
    """Who generates or supports ``s`` (生扶): 日, 月 (same branch, same element or 生), 動 (a moving line), 變 (回頭生)."""
    m = chart.moment
    out = []
    day, month = m.day.branch, m.month_branch
    if day.element is s.element or generates(day.element, s.element):
        out.append("日")
    if not s.standing.month_break and (month.element is s.element or generates(month.element, s.element)):
        out.append("月")
    if any(ln.moving and ln.position != s.position and generates(ln.element, s.element) for ln in chart.lines):
        out.append("動")
    if Transformation.回頭生 in s.transformations:
        out.append("變")
    return tuple(out)


def _attackers(chart: Chart, s: _Subject) -> tuple[str, ...]:
    """Who clashes or overcomes ``s`` (沖剋): 日沖 日克 月克 月破, 動 (a moving line), 回頭克, 回頭沖."""
    st = s.standing
    out = []
    if DayRelation.日沖 in st.day:
        out.append("日沖")
    if DayRelation.日克 in st.day:
        out.append("日克")
    if MonthRelation.月克 in st.month:
        out.append("月克")
    if st.month_break:
        out.append("月破")
    if any(ln.moving and ln.position != s.position
           and (overcomes(ln.element, s.element) or clashes(ln.branch, s.branch)) for ln in chart.lines):
        out.append("動")
    for t in (Transformation.回頭克, Transformation.回頭沖):
        if t in s.transformations:
            out.append(t.value)
    return tuple(out)


def _in_power(chart: Chart, line: Line) -> bool:
    """當權 (SM-14): on the month or day branch, or holding 世 or 身."""
    m = chart.moment
    return line.branch in (m.month_branch, m.day.branch) or line.world or line.branch is chart.body


def _ranked(findings: Iterable[Finding]) -> tuple[Finding, ...]:
    """Weightiest first (DESIGN.md: lists that rank come weightiest first); ties keep the text's order."""
    return tuple(sorted(findings, key=attrgetter("weight"), reverse=True))  # stable


def _conflict(rule: str, doctrine: str) -> Finding:
    return _finding(rule, "conflict_002", NEUTRAL, W_MARK, doctrine=doctrine, governs="002")
