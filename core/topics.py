"""Topic readings of seed 000 (the 易林補遺 chapters): 年時豐歉, 身命造化, 六親壽命, 倩媒說合, 婚姻嫁娶.

DESIGN.md: 002 governs the chart analysis; these chapters add what each topic itself says.  So the findings
here complement the general reading and never replace it: they carry the chapter's rule id (notes §11–§13),
the seed line, and params in canonical names, and weigh at most 7.  Where 000 states a doctrine that 002's
school rejects (大限/小限; 應 read as another person or as the wife; 世/應 as husband and wife), every such
finding carries the param ``conflict_002`` and the reading adds one neutral finding keyed ``conflict_002``
naming the doctrine, so the bot can say so once.
Grim doctrine (death years, widowhood) is reported as the classic's claim: the keys name the claim, the bot
words it with measure.

A rule that needs something the caller did not give (sex, age, 本命, rank, 神煞) yields no finding.
"""

from __future__ import annotations

from collections.abc import Iterable
from enum import StrEnum
from functools import lru_cache
from operator import attrgetter
from typing import Any

from core.chart import (
    Chart,
    DayRelation,
    Line,
    MonthRelation,
    Spirit,
    Standing,
    Transformation,
    Yao,
    standing,
)
from core.chart import HexagramTransformation as HT
from core.findings import Effect, Finding, Layer, Place, Timing, Unit
from core.ganzhi import SEXAGENARY, Branch, Element, Stem, StemBranch
from core.hexagram import HEXAGRAMS, Generation, Hexagram, Relation, Trigram, relation
from core.relations import (
    FRAMES,
    Stage,
    branch_at_stage,
    clash_of,
    clashes,
    generates,
    harmonizes,
    harmony_of,
    overcomes,
    punishes,
)
from core.rules import source
from core.sources import Source
from core.values import value

__all__ = [
    "Sex",
    "TOPICS",
    "direction_of",
    "element_direction",
    "lifespan_reading",
    "lifespan_timing",
    "lifetime_reading",
    "lifetime_timing",
    "marriage_reading",
    "matchmaker_reading",
    "topic_reading",
    "year_reading",
]

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

def _text(value: object) -> str:
    if isinstance(value, (Relation, Spirit, Transformation, Sex)):
        return str(value.value)
    if isinstance(value, (Branch, Stem, Element, Trigram, Stage)):
        return value.name
    if isinstance(value, bool):
        return "1" if value else "0"
    return str(value)


def _finding(rule: str | Source, key: str, effect: Effect, weight: int,
             places: Iterable[Place] = (), **params: object) -> Finding:
    """A finding of a registered rule id at its own passage, or of ``source(id, line)`` at another it is cited at."""
    return _shared_finding(rule, key, effect, weight, tuple(dict.fromkeys(places)), tuple(params.items()))


@lru_cache(maxsize=16384)
def _shared_finding(rule: str | Source, key: str, effect: Effect, weight: int, places: tuple[Place, ...],
                    params: tuple[tuple[str, object], ...]) -> Finding:
    """One object per distinct finding (they are immutable and recur from reading to reading)."""
    src = rule if isinstance(rule, Source) else source(rule)
    pairs = tuple((k, _text(v)) for k, v in params if v is not None)
    return Finding(src.rule, src, key, effect, weight, places, pairs)


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


# ==== 年時豐歉 (NS, lines 3–33): 以身世為主，財福為憑 =====================================================

def year_reading(chart: Chart) -> tuple[Finding, ...]:
    """The year's harvest, weather, plague and regions (NS-01…NS-13)."""
    out: list[Finding] = []
    m = chart.moment
    year = m.year_branch
    lines = chart.lines
    moving = chart.moving

    # NS-01: 子孫/妻財 旺相, or on 世 / 身 / the 太歲 line → 五穀豐登.
    for ln in lines:
        if ln.relation not in (R.子孫, R.妻財):
            continue
        grounds = [g for g, ok in (("旺相", ln.standing.strong), ("世", ln.world), ("身", ln.branch is chart.body),
                                   ("太歲", year is not None and ln.branch is year)) if ok]
        if grounds:
            out.append(_finding("NS-01", "ns_plenty", GOOD, W_MAIN if "旺相" in grounds else W_RULE, (_at(ln),),
                                relation=ln.relation, branch=ln.branch, grounds=" ".join(grounds)))

    # NS-02: 兄弟 and 官鬼 both moving (交重) → famine; or 兄/官 on the 太歲 line holding 世.
    bro, ghost = _moving(chart, R.兄弟), _moving(chart, R.官鬼)
    if bro and ghost:
        out.append(_finding("NS-02", "ns_famine", BAD, W_STRONG, map(_at, bro + ghost)))
    if year is not None:
        for ln in lines:
            if ln.relation in (R.兄弟, R.官鬼) and ln.branch is year and ln.world:
                out.append(_finding("NS-02", "ns_famine_year_world", BAD, W_MAIN, (_at(ln),),
                                    relation=ln.relation, branch=ln.branch))

    # NS-03: 水 and 火 lines at rest → no drought, no flood; 水 moving → rain, 火 moving → clear skies;
    # all lines at rest with yin and yang balanced (3:3) → 國泰民安.
    water_fire = [ln for ln in lines if ln.element in (Element.水, Element.火)]
    if not any(ln.moving for ln in water_fire):
        out.append(_finding("NS-03", "ns_weather_calm", GOOD, W_RULE, map(_at, water_fire)))
        if not moving and sum(ln.yang for ln in lines) == 3:
            out.append(_finding("NS-03", "ns_state_peace", GOOD, W_SUPPORT))
    for ln in water_fire:
        if ln.moving:
            water = ln.element is Element.水
            out.append(_finding("NS-03a" if water else "NS-03b", "ns_rain" if water else "ns_clear", NEUTRAL,
                                W_MINOR, (_at(ln),), branch=ln.branch))

    # NS-04: 純陽 + 火 moving + 父母 空/絕 → 亢旱, unless the fire 化水 or the chart 化陰 (turns mostly yin).
    fire_moving = [ln for ln in moving if ln.element is Element.火]
    parents = _best(chart, R.父母, hidden=True)
    if all(ln.yang for ln in lines) and fire_moving and parents is not None and (
            parents.standing.void or parents.standing.stage is Stage.絕):
        changed_yin = chart.changed is not None and bin(chart.changed.bits).count("1") < 3
        quenched = any(ln.changed is not None and ln.changed.element is Element.水 for ln in fire_moving)
        places = [*map(_at, fire_moving), parents.place]
        if quenched or changed_yin:
            out.append(_finding("NS-04", "ns_drought_averted", NEUTRAL, W_SUPPORT, places))
        else:
            out.append(_finding("NS-04", "ns_drought", BAD, W_STRONG, places))

    # NS-05: 純陰 + 水 moving + (no 子孫, or 父母 moving) → flood; the water 化 a 火 (yang) line → flood then drought.
    water_moving = [ln for ln in moving if ln.element is Element.水]
    if (not any(ln.yang for ln in lines) and water_moving
            and (not _lines(chart, R.子孫) or _moving(chart, R.父母))):
        to_fire = any(ln.changed is not None and ln.changed.element is Element.火 for ln in water_moving)
        out.append(_finding("NS-05", "ns_flood_then_drought" if to_fire else "ns_flood", BAD, W_STRONG,
                            map(_at, water_moving)))

    # NS-06: 官鬼 at rest → no calamity; moving, its element and spirit say which (a-g).
    ghosts = _lines(chart, R.官鬼)
    if ghosts and not ghost:
        out.append(_finding("NS-06", "ns_ghost_still", GOOD, W_RULE, map(_at, ghosts)))
    for ln in ghost:
        w = W_RULE + (1 if ln.standing.strong else 0)
        el, here = ln.element, (_at(ln),)
        if el is Element.金:
            out.append(_finding("NS-06a", "ns_ghost_metal", BAD, w, here, branch=ln.branch))
            if ln.spirit is Spirit.白虎:
                out.append(_finding("NS-06a", "ns_war", BAD, W_MAIN, here, branch=ln.branch, spirit=ln.spirit))
        elif el is Element.木:
            out.append(_finding("NS-06b", "ns_ghost_wood", BAD, w, here, branch=ln.branch))
        elif el is Element.火:
            if ln.changed is not None and ln.changed.element is Element.水:
                out.append(_finding("NS-06c", "ns_ghost_fire_quenched", NEUTRAL, W_MINOR,
                                    (*here, Place(Layer.CHANGED, ln.position)), branch=ln.branch))
            else:
                out.append(_finding("NS-06c", "ns_ghost_fire", BAD, w, here, branch=ln.branch))
        elif el is Element.土:
            out.append(_finding("NS-06d", "ns_ghost_earth", BAD, w, here, branch=ln.branch))
        else:
            out.append(_finding("NS-06e", "ns_ghost_water", BAD, w, here, branch=ln.branch))
        if ln.spirit is Spirit.玄武:
            out.append(_finding("NS-06f", "ns_bandits", BAD, W_RULE, here, branch=ln.branch, spirit=ln.spirit))
        if el in (Element.金, Element.土):
            out.append(_finding("NS-06g", "ns_insects", BAD, W_SUPPORT, here, branch=ln.branch))
    for ln in _moving(chart, R.子孫):
        if ln.changed is not None and ln.changed.relation is R.官鬼:
            out.append(_finding("NS-06g", "ns_insects", BAD, W_SUPPORT,
                                (_at(ln), Place(Layer.CHANGED, ln.position)), branch=ln.branch))

    # NS-07: 勾陳 (the fields) on a void line → barren fields.
    for ln in lines:
        if ln.spirit is Spirit.勾陳 and ln.standing.void:
            out.append(_finding("NS-07", "ns_fields_barren", BAD, W_RULE, (_at(ln),), branch=ln.branch))

    # NS-08: 妻財 (grain) at 絕 + 兄弟 moving → no harvest.  NS-08a: 子孫 (silkworms) void + 官鬼 moving.
    wealth = _best(chart, R.妻財, hidden=True)
    if wealth is not None and wealth.standing.stage is Stage.絕 and bro:
        out.append(_finding("NS-08", "ns_no_harvest", BAD, W_MAIN, (wealth.place, *map(_at, bro))))
    offspring = _best(chart, R.子孫, hidden=True)
    if offspring is not None and offspring.standing.void and ghost:
        out.append(_finding("NS-08a", "ns_silkworms_lost", BAD, W_RULE, (offspring.place, *map(_at, ghost))))

    # NS-09: line 1 (all things) and 妻財 (grain) both 生扶旺相 → all flourish.
    # NS-09a: 世 (地氣) and line 2 (黎民) both 空/破/絕 → famine or disaster.
    def thriving(s: _Subject) -> bool:
        return not s.standing.month_break and (s.standing.strong or "日" in _helpers(chart, s))

    def ruined(s: _Subject) -> bool:
        return _fallen(s.standing) or s.standing.stage is Stage.絕

    first = _of_line(lines[0])
    if wealth is not None and thriving(first) and thriving(wealth):
        out.append(_finding("NS-09", "ns_all_flourish", GOOD, W_MAIN, (first.place, wealth.place)))
    if ruined(_of_line(chart.world)) and ruined(_of_line(lines[1])):
        out.append(_finding("NS-09a", "ns_people_suffer", BAD, W_MAIN, (_at(chart.world), _at(lines[1]))))

    # NS-10 (directions by NS-11): 兄弟/官鬼 mark dearth where they sit (worse 旺動, milder 休囚); 妻財/子孫 plenty.
    for ln in lines:
        w = W_SUPPORT if (ln.standing.strong and ln.moving) else W_MINOR if ln.standing.strong else W_DETAIL
        if ln.relation in (R.兄弟, R.官鬼):
            calamity = _GHOST_CALAMITY[ln.element] if ln.relation is R.官鬼 else None
            out.append(_finding("NS-10", "ns_region_dearth", BAD, w, (_at(ln),), direction=direction_of(ln.branch),
                                relation=ln.relation, branch=ln.branch, calamity=calamity))
        elif ln.relation in (R.妻財, R.子孫):
            out.append(_finding("NS-10", "ns_region_plenty", GOOD, w, (_at(ln),),
                                direction=direction_of(ln.branch), relation=ln.relation, branch=ln.branch))

    # NS-12: 騰蛇 on a 火 line → measles and pox; on a 金 line → uncanny things.
    for ln in lines:
        if ln.spirit is Spirit.螣蛇 and ln.element in (Element.火, Element.金):
            key = "ns_pox" if ln.element is Element.火 else "ns_uncanny"
            out.append(_finding("NS-12", key, BAD, W_MINOR, (_at(ln),), branch=ln.branch))

    # NS-13: the 太歲 line moving with 兄/官/白虎 → calamity everywhere; with 財/福/青龍 → peace everywhere;
    # the year overcoming 世 → calamity.  (大煞 劫煞 貴人 天喜 天赦 need the 神煞 tables: not read here.)
    if year is not None:
        for ln in moving:
            if ln.branch is not year:
                continue
            if ln.relation in (R.兄弟, R.官鬼) or ln.spirit is Spirit.白虎:
                out.append(_finding("NS-13", "ns_year_line_evil", BAD, W_MAIN, (_at(ln),),
                                    relation=ln.relation, spirit=ln.spirit))
            elif ln.relation in (R.妻財, R.子孫) or ln.spirit is Spirit.青龍:
                out.append(_finding("NS-13", "ns_year_line_good", GOOD, W_MAIN, (_at(ln),),
                                    relation=ln.relation, spirit=ln.spirit))
        if overcomes(year.element, chart.world.element):
            out.append(_finding("NS-13", "ns_year_overcomes_world", BAD, W_RULE, (_at(chart.world),),
                                year=year))
    return _ranked(out)


# ==== 身命造化 (SM, XL, BT, FX, LQ; lines 35–129) ===========================================================

def _hu_gua(hexagram: Hexagram) -> Hexagram:
    """互卦 (notes XL-02, EXTERNAL): lines 2-3-4 below, 3-4-5 above."""
    b = hexagram.bits
    return HEXAGRAMS[((b >> 1) & 7) | (((b >> 2) & 7) << 3)]


@value
class _Period:
    """A 限 line: which hexagram, which position, what it bears, and its place when the chart has one."""

    kind: str  # "大限" or "小限"
    first_age: int
    last_age: int
    hexagram: Hexagram
    position: int
    branch: Branch
    relation: Relation
    place: Place | None


def _great_period(chart: Chart, age: int) -> _Period | None:
    """XL-02: five years a line, 本卦 1–30, 之卦 (or 互卦 when nothing moves) 31–60; past 60 the 伏卦 (undefined)."""
    if not 1 <= age <= 60:
        return None
    second = age > 30
    hexagram = (chart.changed or _hu_gua(chart.hexagram)) if second else chart.hexagram
    base = 30 if second else 0
    position = (age - base - 1) // 5 + 1
    _, branch = hexagram.najia[position - 1]
    place: Place | None = None
    if not second:
        place = Place(Layer.LINE, position)
    elif chart.changed is not None and chart.lines[position - 1].moving:
        place = Place(Layer.CHANGED, position)
    first = base + 5 * (position - 1) + 1
    return _Period("大限", first, first + 4, hexagram, position, branch,
                   relation(chart.hexagram.element, branch.element), place)


def _small_period(chart: Chart, age: int) -> _Period | None:
    """XL-04: age 1 on the 世 line, each year one line down, wrapping from line 1 to line 6."""
    if age < 1:
        return None
    position = (chart.hexagram.world - 1 - (age - 1)) % 6 + 1
    ln = chart.lines[position - 1]
    return _Period("小限", age, age, chart.hexagram, position, ln.branch, ln.relation, _at(ln))


def _period_findings(chart: Chart, period: _Period, world: Line) -> list[Finding]:
    """XL-02/XL-04 (which line rules now), SM-16 (its relation), XL-05 (its branch against 世)."""
    rule = "XL-02" if period.kind == "大限" else "XL-04"
    places = (period.place,) if period.place else ()
    common = dict(period=period.kind, ages=f"{period.first_age}-{period.last_age}", hexagram=period.hexagram.name,
                  position=period.position, relation=period.relation, branch=period.branch,
                  conflict_002=_CONFLICT_PERIODS)
    out = [_finding(rule, "xl_period", NEUTRAL, W_DETAIL, places, **common)]
    if period.relation in (R.妻財, R.子孫):
        out.append(_finding("SM-16", "sm_period_blessed", GOOD, W_MINOR, places, **common))
    elif period.relation in (R.兄弟, R.官鬼):
        out.append(_finding("SM-16", "sm_period_evil", BAD, W_MINOR, places, **common))
    b, w = period.branch, world.branch
    if generates(b.element, w.element) or harmonizes(b, w):
        out.append(_finding("XL-05", "xl_period_supports_world", GOOD, W_DETAIL, (*places, _at(world)), **common))
    elif overcomes(b.element, w.element) or clashes(b, w):
        out.append(_finding("XL-05", "xl_period_attacks_world", BAD, W_DETAIL, (*places, _at(world)), **common))
    return out


def lifetime_reading(chart: Chart, sex: Sex | str | None = None, age: int | None = None, *,
                     use_god: Place | None = None, birth_branch: Branch | None = None,
                     official: bool | None = None) -> tuple[Finding, ...]:
    """身命: one's own life by 世 (SM, XL, BT, FX); another's by the use god the caller chose (LQ, BT, FX).

    ``age`` (as the querent counts it, 虛歲) places the 大限/小限 (XL, rejected by 002's school: flagged);
    ``birth_branch`` is 本命 (SM-05, SM-18); ``official`` tells 仕宦 from 庶民 (SM-10); ``sex`` 男 reads 應 as
    the wife (SM-02, flagged).
    """
    sex = _sex(sex)
    world_place = _at(chart.world)
    self_reading = use_god is None or use_god == world_place
    subject = _subject(chart, use_god or world_place)
    out: list[Finding] = []
    if self_reading:
        out += _self_life(chart, sex, age, birth_branch, official)
    else:
        out += _relative_life(chart, subject)
    out += _body_sites(chart)
    out += _directions(chart, subject)
    flagged = {f.param("conflict_002") for f in out}
    for doctrine, rule in ((_CONFLICT_PERIODS, "XL-02"), (_CONFLICT_RESPONSE, "LQ-01"), (_CONFLICT_SPOUSE, "SM-02")):
        if doctrine in flagged:
            out.append(_conflict(rule, doctrine))
    return _ranked(out)


def _self_life(chart: Chart, sex: Sex | None, age: int | None, birth_branch: Branch | None,
               official: bool | None) -> list[Finding]:
    out: list[Finding] = []
    m = chart.moment
    lines = chart.lines
    wl = chart.world
    world = _of_line(wl)
    wst = wl.standing
    wp = (_at(wl),)
    body = chart.body
    body_st = _body_standing(chart)
    body_places = tuple(map(_at, _body_lines(chart)))
    helpers = _helpers(chart, world)

    # SM-01: 世 休囚 or at 墓/絕 → a life of setbacks; 旺相 + 生扶 → 非貴即富.  身 should be 旺相.
    if not wst.strong or wst.stage in (Stage.墓, Stage.絕):
        out.append(_finding("SM-01", "sm_world_weak", BAD, W_MAIN, wp, state=wst.month_state, stage=wst.stage))
    elif helpers:
        out.append(_finding("SM-01", "sm_world_strong", GOOD, W_MAIN, wp, helpers=" ".join(helpers)))
    out.append(_finding("SM-01", "sm_body_strong" if body_st.strong else "sm_body_weak",
                        GOOD if body_st.strong else BAD, W_SUPPORT, body_places, body=body))

    # SM-02: 世 空 → not long-lived (九流術士 excepted); a man's 應 (the wife, in 000) 空/陷 → the wife harmed.
    if wst.void:
        out.append(_finding("SM-02", "sm_world_void", BAD, W_MAIN, wp, exception="九流術士"))
    rl = chart.response
    if sex is Sex.男 and _fallen(rl.standing):
        out.append(_finding("SM-02", "sm_wife_response_fallen", BAD, W_RULE, (_at(rl),),
                            conflict_002=_CONFLICT_SPOUSE))

    # SM-03: 財 and 子孫 present + 世 旺 → rich and honoured; 兄弟 and 官鬼 moving + 世 衰 → poor and lowly.
    if _lines(chart, R.妻財) and _lines(chart, R.子孫) and wst.strong:
        out.append(_finding("SM-03", "sm_rich_honoured", GOOD, W_STRONG, wp))
    bro, ghost = _moving(chart, R.兄弟), _moving(chart, R.官鬼)
    if bro and ghost and not wst.strong:
        out.append(_finding("SM-03", "sm_poor_lowly", BAD, W_STRONG, (*wp, *map(_at, bro + ghost))))

    # SM-04: each relation, strong or moving.
    for ln in lines:
        here = (_at(ln),)
        if ln.relation is R.子孫 and ln.standing.strong:
            out.append(_finding("SM-04", "sm_offspring_strong", GOOD, W_RULE, here))
        if ln.relation is R.妻財 and ln.standing.strong:
            out.append(_finding("SM-04", "sm_wealth_strong", GOOD, W_RULE, here))
        if not ln.moving:
            continue
        if ln.relation is R.兄弟:
            out.append(_finding("SM-04", "sm_brothers_moving", BAD, W_RULE, here, harms=R.妻財))
        elif ln.relation is R.父母:
            out.append(_finding("SM-04", "sm_parents_moving", GOOD, W_SUPPORT, here, harms=R.子孫))
        elif ln.relation is R.子孫:
            out.append(_finding("SM-04", "sm_offspring_moving", GOOD, W_SUPPORT, here, harms=R.官鬼))
        elif ln.relation is R.妻財:
            out.append(_finding("SM-04", "sm_wealth_moving", GOOD if ln.standing.strong else NEUTRAL,
                                W_SUPPORT, here, harms=R.父母))
        else:  # 交鬼為災 (a moving yin 官鬼, ×), 重官作訟 (a moving yang one, ○)
            key = "sm_ghost_moving_yin" if ln.value == 6 else "sm_ghost_moving_yang"
            out.append(_finding("SM-04", key, BAD, W_RULE, here, harms=R.兄弟))

    # SM-05: 世 / 身 / 本命 line that is 官鬼 and sits in its 墓 on the day → illness (隨官入墓).
    for ln in lines:
        roles = [r for r, ok in (("世", ln.world), ("身", ln.branch is body),
                                 ("本命", birth_branch is not None and ln.branch is birth_branch)) if ok]
        if roles and ln.relation is R.官鬼 and ln.standing.stage is Stage.墓:
            out.append(_finding("SM-05", "sm_entombed_with_ghost", BAD, W_RULE, (_at(ln),), roles=" ".join(roles)))

    # SM-06: 妻財 on the day branch, moving, feeding a 官鬼 that overcomes 世 → ruin through money or lust.
    attackers = [g for g in _lines(chart, R.官鬼) if overcomes(g.element, wl.element)]
    for ln in _moving(chart, R.妻財):
        if ln.branch is m.day.branch and attackers:
            out.append(_finding("SM-06", "sm_wealth_feeds_ghost", BAD, W_RULE, (_at(ln), *map(_at, attackers), *wp)))

    # SM-07: 世 宜生宜合，不宜克沖: 日沖 light, 月破 heaviest; 流年 沖 世/身 → illness; 身 克 → 凶.
    if helpers:
        out.append(_finding("SM-07", "sm_world_generated", GOOD, W_RULE, wp, helpers=" ".join(helpers)))
    if DayRelation.日克 in wst.day or MonthRelation.月克 in wst.month:
        out.append(_finding(source("SM-07", 59), "sm_world_overcome", BAD, W_RULE, wp))
    if DayRelation.日合 in wst.day or MonthRelation.月合 in wst.month:
        out.append(_finding(source("SM-07", 59), "sm_world_combined", GOOD, W_SUPPORT, wp))
    if DayRelation.日沖 in wst.day:
        out.append(_finding(source("SM-07", 59), "sm_world_day_clash", BAD, W_MINOR, wp))
    if wst.month_break:
        out.append(_finding("SM-07", "sm_world_month_break", BAD, W_GRAVE, wp))
    if DayRelation.日克 in body_st.day or MonthRelation.月克 in body_st.month:
        out.append(_finding("SM-07", "sm_body_overcome", BAD, W_SUPPORT, body_places, body=body))
    year = m.year_branch
    if year is not None:
        if clashes(year, wl.branch):
            out.append(_finding(source("SM-07", 59), "sm_year_clashes_world", BAD, W_RULE, wp, year=year))
        if clashes(year, body):
            out.append(_finding("SM-07", "sm_year_clashes_body", BAD, W_SUPPORT, body_places, year=year))
        # XL-05 for the 流年 alone (no period involved): 生合 世 → 吉, 克 世 → 凶.
        if generates(year.element, wl.element) or harmonizes(year, wl.branch):
            out.append(_finding("XL-05", "xl_year_supports_world", GOOD, W_MINOR, wp, year=year))
        elif overcomes(year.element, wl.element):
            out.append(_finding("XL-05", "xl_year_attacks_world", BAD, W_MINOR, wp, year=year))
        # SM-16: a 流年 on 兄弟/官鬼 is not 吉 whatever stars it carries.
        year_rel = relation(chart.hexagram.element, year.element)
        if year_rel in (R.兄弟, R.官鬼):
            out.append(_finding("SM-16", "sm_year_evil_relation", BAD, W_MINOR, (), year=year, relation=year_rel))

    # SM-08: 六沖 → hollow, property dwindles; 六合 → solid, skills flourish.
    if chart.hexagram.six_clash:
        out.append(_finding("SM-08", "sm_six_clash", BAD, W_MAIN))
    if chart.hexagram.six_harmony:
        out.append(_finding("SM-08", "sm_six_harmony", GOOD, W_MAIN))

    # SM-09: the season doubles a relation: 寅卯月 子孫 on 木; 申酉月 財 on 金; 亥子月 水 兄弟 克 世; 巳午月 火 父母 生 身.
    month = m.month_branch
    for ln in lines:
        here = (_at(ln),)
        if month in (Branch.寅, Branch.卯) and ln.relation is R.子孫 and ln.element is Element.木:
            out.append(_finding("SM-09", "sm_season_offspring_wood", GOOD, W_RULE, here, month=month))
        elif month in (Branch.申, Branch.酉) and ln.relation is R.妻財 and ln.element is Element.金:
            out.append(_finding("SM-09", "sm_season_wealth_metal", GOOD, W_RULE, here, month=month))
        elif (month in (Branch.亥, Branch.子) and ln.relation is R.兄弟 and ln.element is Element.水
              and overcomes(Element.水, wl.element)):
            out.append(_finding("SM-09", "sm_season_water_brothers", BAD, W_RULE, (*here, *wp), month=month))
        elif (month in (Branch.巳, Branch.午) and ln.relation is R.父母 and ln.element is Element.火
              and generates(Element.火, body.element)):
            out.append(_finding("SM-09", "sm_season_fire_parents", GOOD, W_RULE, (*here, *body_places), month=month))

    # SM-10: 官鬼 on 世/身: an official rises, a commoner meets illness and lawsuits.
    if official is not None:
        for ln in lines:
            if ln.relation is R.官鬼 and (ln.world or ln.branch is body):
                key, eff = ("sm_official_ghost_world", GOOD) if official else ("sm_commoner_ghost_world", BAD)
                out.append(_finding("SM-10", key, eff, W_RULE, (_at(ln),)))

    # SM-11: missing or fallen relations.
    if R.官鬼 in chart.missing:
        out.append(_finding("SM-11", "sm_no_officer", BAD, W_RULE))
    if R.子孫 in chart.missing:
        out.append(_finding("SM-11", "sm_no_offspring", BAD, W_RULE))
    brothers = _lines(chart, R.兄弟)
    if brothers and all(ln.standing.void for ln in brothers):
        out.append(_finding("SM-11", "sm_brothers_void", BAD, W_SUPPORT, map(_at, brothers)))
    parents = _lines(chart, R.父母)
    if parents and all(_fallen(ln.standing) for ln in parents):
        out.append(_finding("SM-11", "sm_parents_fallen", BAD, W_RULE, map(_at, parents)))

    # SM-12: 世 克 a weak 財; 身 克 a weak 鬼; 兄弟 當權 + 財 無氣; 子孫 持世 + 官鬼 休囚; 多鬼無財; 多財無鬼.
    wealth_lines, ghost_lines = _lines(chart, R.妻財), _lines(chart, R.官鬼)
    wealth, officer = _best(chart, R.妻財), _best(chart, R.官鬼)
    if wealth is not None and not wealth.standing.strong and overcomes(wl.element, wealth.element):
        out.append(_finding("SM-12", "sm_world_overcomes_weak_wealth", BAD, W_MINOR, (*wp, wealth.place)))
    if officer is not None and not officer.standing.strong and overcomes(body.element, officer.element):
        out.append(_finding("SM-12", "sm_body_overcomes_weak_ghost", BAD, W_MINOR, (*body_places, officer.place)))
    ruling = [ln for ln in brothers if _in_power(chart, ln)]
    if ruling and not any(ln.standing.strong for ln in wealth_lines):
        out.append(_finding("SM-12", "sm_brothers_rule", BAD, W_RULE, map(_at, ruling)))
    if wl.relation is R.子孫 and officer is not None and not officer.standing.strong:
        out.append(_finding("SM-12", "sm_office_without_promotion", NEUTRAL, W_MINOR, (*wp, officer.place)))
    if len(ghost_lines) >= 2 and not wealth_lines:
        out.append(_finding("SM-12", "sm_many_ghosts_no_wealth", BAD, W_RULE, map(_at, ghost_lines)))
    if len(wealth_lines) >= 2 and not ghost_lines:
        out.append(_finding("SM-12", "sm_many_wealth_no_ghost", BAD, W_RULE, map(_at, wealth_lines)))

    # SM-13: 財官 = 祿馬: both absent → 虛名虛利; both present, still and 旺 → builds house; void or moving → unsettled.
    if not wealth_lines and not ghost_lines:
        out.append(_finding("SM-13", "sm_no_lu_ma", BAD, W_MAIN))
    elif wealth is not None and officer is not None:
        unsettled = [ln for ln in wealth_lines + ghost_lines if ln.moving or ln.standing.void]
        if unsettled:
            out.append(_finding("SM-13", "sm_lu_ma_unsettled", BAD, W_MINOR, map(_at, unsettled)))
        elif wealth.standing.strong and officer.standing.strong:
            out.append(_finding("SM-13", "sm_lu_ma_settled", GOOD, W_MAIN, (wealth.place, officer.place)))

    # SM-14: 子孫 當權 → joy at home, 錦上添花 abroad; 財/福 落陷 (空 or 月破) → livelihood bleak.
    for ln in _lines(chart, R.子孫):
        if _in_power(chart, ln):
            out.append(_finding("SM-14", "sm_offspring_in_power", GOOD, W_RULE, (_at(ln),)))
    for rel, key in ((R.妻財, "sm_wealth_fallen"), (R.子孫, "sm_offspring_fallen")):
        rel_lines = _lines(chart, rel)
        if rel_lines and all(_fallen(ln.standing) for ln in rel_lines):
            out.append(_finding("SM-14", key, BAD, W_RULE, map(_at, rel_lines)))

    # SM-15: 財 at 長生/帝旺 → fortune unsought; at 死/絕 → drifting; 世 at 死/敗 (沐浴) → bleak.
    if wealth is not None:
        if wealth.standing.stage in (Stage.長生, Stage.帝旺):
            out.append(_finding("SM-15", "sm_wealth_rising", GOOD, W_RULE, (wealth.place,), stage=wealth.standing.stage))
        elif wealth.standing.stage in (Stage.死, Stage.絕):
            out.append(_finding("SM-15", "sm_wealth_dying", BAD, W_RULE, (wealth.place,), stage=wealth.standing.stage))
    if wst.stage in (Stage.死, Stage.沐浴):
        out.append(_finding("SM-15", "sm_world_declining", BAD, W_MINOR, wp, stage=wst.stage))

    # SM-17: 惡煞 (兄弟 官鬼 白虎 騰蛇) moving → 凶, but clashed or punished by day/month → turns 吉.
    for ln in chart.moving:
        evil_relation = ln.relation in (R.兄弟, R.官鬼)
        evil_spirit = ln.spirit in (Spirit.白虎, Spirit.螣蛇)
        if not (evil_relation or evil_spirit):
            continue
        if _clashed(chart, ln.branch) or _punished(chart, ln.branch):
            out.append(_finding("SM-17", "sm_evil_restrained", GOOD, W_SUPPORT, (_at(ln),),
                                relation=ln.relation, spirit=ln.spirit))
        elif evil_spirit and not evil_relation:
            out.append(_finding("SM-17", "sm_evil_spirit_moving", BAD, W_MINOR, (_at(ln),), spirit=ln.spirit))

    # SM-18: 世 and 本命 both 空 (or 變空) → rises and falls; 卦身 and the 限 line both 空 → toil.
    if birth_branch is not None:
        world_void = wst.void or Transformation.化空 in wl.transformations
        birth_lines = [ln for ln in lines if ln.branch is birth_branch]
        birth_void = birth_branch in m.void or any(Transformation.化空 in ln.transformations for ln in birth_lines)
        if world_void and birth_void:
            out.append(_finding("SM-18", "sm_world_birth_void", BAD, W_RULE, (*wp, *map(_at, birth_lines)),
                                birth=birth_branch))

    # SM-19: 世 on a 白虎 官鬼 → illness upon calamity; 身 on a 青龍 子孫 → joy upon joy (printed 懼 = 歡);
    # 子孫 with 青龍 holding 世 and supported → serene and blessed.
    if wl.relation is R.官鬼 and wl.spirit is Spirit.白虎:
        out.append(_finding("SM-19", "sm_world_tiger_ghost", BAD, W_RULE, wp))
    for ln in _body_lines(chart):
        if ln.relation is R.子孫 and ln.spirit is Spirit.青龍:
            out.append(_finding("SM-19", "sm_body_dragon_offspring", GOOD, W_RULE, (_at(ln),)))
    if wl.relation is R.子孫 and wl.spirit is Spirit.青龍 and helpers:
        out.append(_finding(source("SM-19", 99), "sm_world_dragon_offspring", GOOD, W_RULE, wp))

    # SM-20: the spirit on a 官鬼 that holds 世 names a failing (stronger when it moves).  天賊/官符 not read.
    if wl.relation is R.官鬼:
        out.append(_finding("SM-20", "sm_ghost_world_spirit", BAD, W_MINOR + (1 if wl.moving else 0), wp,
                            spirit=wl.spirit))

    # SM-21: a 官鬼 (moving or not) overcoming 世: its element and branch name the danger.  華蓋/咸池 not read.
    for ln in _lines(chart, R.官鬼):
        if not ln.world and overcomes(ln.element, wl.element):
            out.append(_finding("SM-21", "sm_ghost_overcomes_world", BAD, W_RULE, (_at(ln), *wp),
                                element=ln.element, branch=ln.branch))

    # SM-22: the line moving to 克/沖 世 names who wrongs one; to 生 世 (or 身) who helps.
    offspring_moving = _moving(chart, R.子孫)
    for ln in chart.moving:
        if ln.world:
            continue
        if overcomes(ln.element, wl.element) or clashes(ln.branch, wl.branch):
            resolved = ln.relation is R.官鬼 and bool(offspring_moving)
            out.append(_finding("SM-22", "sm_aggressor", NEUTRAL if resolved else BAD, W_RULE,
                                (_at(ln), *wp, *(map(_at, offspring_moving) if resolved else ())),
                                relation=ln.relation, resolved_by=R.子孫 if resolved else None))
        if generates(ln.element, wl.element):
            out.append(_finding("SM-22", "sm_helper", GOOD, W_RULE, (_at(ln), *wp), relation=ln.relation))
        elif generates(ln.element, body.element):
            out.append(_finding("SM-22", "sm_body_helper", GOOD, W_SUPPORT, (_at(ln), *body_places),
                                relation=ln.relation))

    # SM-23: 遊魂 with 世 moving → go abroad; 世 moving → may travel; 歸魂 with 世 still → stay;
    # 內 (staying) 旺 外 (going) 衰 → keep to the old; 內衰外旺 → going brings success.
    gen = chart.hexagram.generation
    if wl.moving:
        key = "sm_travel_abroad" if gen is Generation.遊魂 else "sm_travel_possible"
        out.append(_finding("SM-23", key, NEUTRAL, W_DETAIL, wp))
    elif gen is Generation.歸魂:
        out.append(_finding("SM-23", "sm_stay_home", NEUTRAL, W_DETAIL, wp))
    inner = _element_strong(chart.hexagram.lower.element, month)
    outer = _element_strong(chart.hexagram.upper.element, month)
    if inner != outer:
        out.append(_finding("SM-23", "sm_keep_old" if inner else "sm_go_out", NEUTRAL, W_DETAIL,
                            inner=chart.hexagram.lower, outer=chart.hexagram.upper))

    # XL-01 (rejected doctrine): the primary's two trigrams 旺 → family wealth solid; 衰 → meagre.
    if inner and outer:
        out.append(_finding("XL-01", "xl_roots_strong", GOOD, W_DETAIL, conflict_002=_CONFLICT_PERIODS))
    elif not inner and not outer:
        out.append(_finding("XL-01", "xl_roots_weak", BAD, W_DETAIL, conflict_002=_CONFLICT_PERIODS))

    # XL-02…XL-05, SM-16, SM-18 with the 限 lines (only with an age).
    if age is not None:
        periods = [p for p in (_great_period(chart, age), _small_period(chart, age)) if p is not None]
        for period in periods:
            out += _period_findings(chart, period, wl)
        if m.void and body_st.void and any(period.branch in m.void for period in periods):
            out.append(_finding("SM-18", "sm_body_period_void", BAD, W_MINOR, body_places, body=body,
                                conflict_002=_CONFLICT_PERIODS))
    return out


# 如問雙親 … 占手足而觀兄象 (line 123); 詢妻妾 … 探夫主 (127, LQ-01's own)
_LQ_SOURCES = {R.父母: source("LQ-01", 123), R.子孫: source("LQ-01", 123), R.兄弟: source("LQ-01", 123),
               R.妻財: source("LQ-01"), R.官鬼: source("LQ-01")}


def _relative_life(chart: Chart, s: _Subject) -> list[Finding]:
    """LQ-01: another person's life by their use god, with the modifiers the text gives per relation."""
    out: list[Finding] = []
    rel, here = s.relation, (s.place,)
    src = _LQ_SOURCES[rel]
    helpers, attackers = _helpers(chart, s), _attackers(chart, s)
    if s.standing.strong and helpers:
        out.append(_finding("LQ-01", "lq_strong_helped", GOOD, W_MAIN, here, relation=rel,
                            helpers=" ".join(helpers)))
    elif not s.standing.strong and attackers:
        out.append(_finding("LQ-01", "lq_weak_attacked", BAD, W_MAIN, here, relation=rel,
                            attackers=" ".join(attackers)))

    def moving_or_strong(r: Relation) -> tuple[Line, ...]:
        return tuple(ln for ln in _lines(chart, r) if ln.moving or ln.standing.strong)

    def add(key: str, eff: Effect, weight: int, places: Iterable[Place]) -> None:
        out.append(_finding(src, key, eff, weight, (*here, *places), relation=rel))

    year = chart.moment.year_branch
    if rel is R.父母:  # 父母忌空財忌動; 反利官興
        if s.standing.void:
            add("lq_use_void", BAD, W_RULE, ())
        if mv := _moving(chart, R.妻財):
            add("lq_wealth_moving", BAD, W_RULE, map(_at, mv))
        if up := moving_or_strong(R.官鬼):
            add("lq_officer_rising", GOOD, W_SUPPORT, map(_at, up))
    elif rel is R.子孫:  # 福神宜旺印宜衰; 逢父限則凶，遇兄年反吉
        seal = _best(chart, R.父母)
        if seal is not None:
            strong = seal.standing.strong
            add("lq_seal_strong" if strong else "lq_seal_weak", BAD if strong else GOOD, W_SUPPORT, (seal.place,))
        if year is not None:
            year_rel = relation(chart.hexagram.element, year.element)
            if year_rel is R.父母:
                add("lq_year_parents", BAD, W_SUPPORT, ())
            elif year_rel is R.兄弟:
                add("lq_year_brothers", GOOD, W_SUPPORT, ())
    elif rel is R.兄弟:  # 咸怕兄空，父搖成吉，鬼動成凶
        if s.standing.void:
            add("lq_use_void", BAD, W_RULE, ())
        if mv := _moving(chart, R.父母):
            add("lq_parents_moving", GOOD, W_SUPPORT, map(_at, mv))
        if mv := _moving(chart, R.官鬼):
            add("lq_ghost_moving", BAD, W_RULE, map(_at, mv))
    elif rel is R.妻財:  # 遇子為祥，見兄成咎
        if mv := _moving(chart, R.子孫):
            add("lq_offspring_moving", GOOD, W_SUPPORT, map(_at, mv))
        if mv := _moving(chart, R.兄弟):
            add("lq_brothers_moving", BAD, W_RULE, map(_at, mv))
    else:  # 官鬼: 旺增榮耀，衰減光輝；子動云凶，財興曰吉
        add("lq_officer_strong" if s.standing.strong else "lq_officer_weak",
            GOOD if s.standing.strong else BAD, W_SUPPORT, ())
        if mv := _moving(chart, R.子孫):
            add("lq_offspring_moving_against", BAD, W_RULE, map(_at, mv))
        if up := moving_or_strong(R.妻財):
            add("lq_wealth_rising", GOOD, W_SUPPORT, map(_at, up))
    if chart.response.position != s.position:  # 000 would read another person by 應; 002's table governs
        out.append(_finding("LQ-01", "lq_use_god_by_relation", NEUTRAL, W_MARK, here,
                            relation=rel, response=chart.response.position, conflict_002=_CONFLICT_RESPONSE))
    return out


def _body_sites(chart: Chart) -> list[Finding]:
    """BT-01/BT-02: a moving 官鬼 names where illness strikes (trigram, organ, line); 白虎 官鬼 on 世 without 子孫."""
    out: list[Finding] = []
    wl = chart.world
    if wl.relation is R.官鬼 and wl.spirit is Spirit.白虎 and R.子孫 in chart.missing:
        out.append(_finding("BT-01", "bt_chronic_illness", BAD, W_MAIN, (_at(wl),)))
    for ln in _moving(chart, R.官鬼):
        trigram = _trigram_of(chart, ln.position)
        severity = "重" if ln.standing.strong else "輕"
        out.append(_finding("BT-01", "bt_illness_site", BAD, W_MINOR if ln.standing.strong else W_DETAIL,
                            (_at(ln),), trigram=trigram, part=_TRIGRAM_PART[trigram],
                            organ=_ELEMENT_ORGAN[ln.element], severity=severity))
        out.append(_finding("BT-02", "bt_illness_part", BAD, W_DETAIL, (_at(ln),),
                            part=_LINE_PART[ln.position - 1]))
    return out


def _directions(chart: Chart, s: _Subject) -> list[Finding]:
    """FX-01/FX-02: go where the use god is generated; avoid where it is overcome or clashed; 合 brings company."""
    out: list[Finding] = []
    el, here = s.element, (s.place,)
    gen, over = el.generated_by, el.overcome_by
    out.append(_finding("FX-01", "fx_go", GOOD, W_MINOR, here, direction=element_direction(gen),
                        why="生", element=gen))
    out.append(_finding("FX-01", "fx_avoid", BAD, W_MINOR, here, direction=element_direction(over),
                        why="克", element=over))
    clash = clash_of(s.branch)
    out.append(_finding("FX-02", "fx_avoid", BAD, W_MINOR, here, direction=direction_of(clash), why="沖",
                        branch=clash))
    partner = harmony_of(s.branch)
    out.append(_finding("FX-02", "fx_company", NEUTRAL, W_DETAIL, here, direction=direction_of(partner),
                        why="合", branch=partner))
    # FX-02: an overcoming line moving → the direction feeding it is worse, the one restraining it favourable.
    movers = [ln for ln in chart.moving if ln.element is over and ln.position != s.position]
    if movers:
        feeder, restrainer = over.generated_by, over.overcome_by
        places = (*here, *map(_at, movers))
        out.append(_finding("FX-02", "fx_avoid", BAD, W_MINOR, places, direction=element_direction(feeder),
                            why="生克", element=feeder))
        out.append(_finding("FX-02", "fx_go", GOOD, W_MINOR, places, direction=element_direction(restrainer),
                            why="制", element=restrainer))
    return out


def lifetime_timing(chart: Chart, age: int | None = None, *, use_god: Place | None = None) -> tuple[Timing, ...]:
    """The years the coming 大限 periods begin (XL-02; rejected by 002's school), for one's own life only.

    Needs ``age`` and the year of the cast; the year of age ``a`` is the cast year shifted by ``a - age``.
    """
    m = chart.moment
    if age is None or m.year_branch is None or (use_god is not None and use_god != _at(chart.world)):
        return ()
    out = []
    for start in range(1, 61, 5):
        if start <= age:
            continue
        period = _great_period(chart, start)
        assert period is not None
        if period.relation in (R.妻財, R.子孫):
            key, weight = "xl_period_blessed", W_MINOR
        elif period.relation in (R.兄弟, R.官鬼):
            key, weight = "xl_period_evil", W_MINOR
        else:
            key, weight = "xl_period_start", W_DETAIL
        pillar = m.year.shift(start - age) if m.year is not None else None
        branch = pillar.branch if pillar else m.year_branch.shift(start - age)
        out.append(Timing(Unit.YEAR, branch, "XL-02", source("XL-02"), key, weight,
                          stem=pillar.stem if pillar else None,
                          places=(period.place,) if period.place else ()))
    return tuple(sorted(out, key=attrgetter("weight"), reverse=True))  # stable


# ==== 六親壽命 (SY, lines 131–149): 以用爻為主，父母為憑 =====================================================

def lifespan_reading(chart: Chart, use_god: Place) -> tuple[Finding, ...]:
    """A lifespan by the use god the caller chose (SY-01: 父母, 兄弟, 妻財, 官鬼, 世, 子孫), checked by 父母."""
    s = _subject(chart, use_god)
    here = (s.place,)
    st = s.standing
    out: list[Finding] = [_finding("SY-01", "sy_use_god", NEUTRAL, W_MARK, here, relation=s.relation,
                                   branch=s.branch)]
    helpers, attackers = _helpers(chart, s), _attackers(chart, s)
    avoid = s.element.overcome_by  # 忌神 element
    jishen_moving = [ln for ln in chart.moving if ln.element is avoid and ln.position != s.position]
    origin = [ln for ln in chart.lines if generates(ln.element, s.element) and ln.position != s.position]
    changed_stage = s.changed.standing.stage if s.changed is not None else None

    # SY-02: 旺相安靜 → long life; moving but 化回頭生 → long (no 忌神 at all: 壽並龜齡); 旺 but 化墓/化絕 → not long;
    # weak but 化 生旺 → adds years; still, not 化生, with a 元神 in the chart → old age.
    # 逢墓絕 is read on the change (化墓/化絕) and on a moving line bearing its 墓: both worked examples sit in 墓
    # on the day (酉 on 丑, 午 on 戌) and the author still reads long life, so the day's 墓 is not counted.
    tomb = branch_at_stage(s.element, Stage.墓)
    entombed = (Transformation.化墓 in s.transformations or Transformation.化絕 in s.transformations
                or any(ln.moving and ln.branch is tomb and ln.position != s.position for ln in chart.lines))
    if st.strong and entombed:
        out.append(_finding("SY-02", "sy_strong_entombed", BAD, W_MAIN, here))
    elif st.strong and not s.moving:
        out.append(_finding("SY-02", "sy_strong_still", GOOD, W_STRONG, here, state=st.month_state))
    if s.moving and "變" in helpers:
        key = "sy_changes_to_support" if _lines_of_element(chart, avoid) else "sy_tortoise"  # 無忌象 → 龜齡
        out.append(_finding("SY-02", key, GOOD, W_STRONG if key == "sy_tortoise" else W_MAIN,
                            (*here, Place(Layer.CHANGED, s.position))))
    elif not st.strong and s.moving and changed_stage in (Stage.長生, Stage.帝旺):
        out.append(_finding("SY-02", "sy_weak_revives", GOOD, W_RULE,
                            (*here, Place(Layer.CHANGED, s.position)), stage=changed_stage))
    if not s.moving and "變" not in helpers and origin:
        out.append(_finding("SY-02", "sy_origin_present", GOOD, W_SUPPORT, (*here, *map(_at, origin))))

    # SY-03: 落陷/臨空 → a candle in the wind; 臨絕 → dies young unless 絕處逢生; 日扶月助 → a pine in the valley.
    if _fallen(st):
        out.append(_finding("SY-03", "sy_void" if st.void else "sy_broken", BAD, W_MAIN, here))
    if st.stage is Stage.絕:
        if helpers:
            out.append(_finding("SY-03", "sy_cut_revived", GOOD, W_RULE, here, helpers=" ".join(helpers)))
        else:
            out.append(_finding("SY-03", "sy_cut", BAD, W_MAIN, here))
    if not st.void:
        if "日" in helpers and "月" in helpers:
            out.append(_finding("SY-03", "sy_pine", GOOD, W_MAIN, here, helpers=" ".join(helpers)))
        elif helpers:
            out.append(_finding("SY-03", "sy_helped", GOOD, W_SUPPORT, here, helpers=" ".join(helpers)))

    # SY-04: 衰中被害 (無氣 + 忌神 moving, 化出克, 日沖克, or any 沖剋) → the classic foretells an end even in health;
    # 旺處受傷 → hurt but not shortened.
    if attackers or jishen_moving:
        why = " ".join(dict.fromkeys((*attackers, *(["忌神"] if jishen_moving else []))))
        places = (*here, *map(_at, jishen_moving))
        if st.strong:
            out.append(_finding("SY-04", "sy_strong_withstands", GOOD, W_SUPPORT, places, attackers=why))
        else:
            out.append(_finding("SY-04", "sy_weak_harmed", BAD, W_GRAVE, places, attackers=why))

    # SY-05/SY-06: every lifespan also looks at 父母 (壽笄): 旺 → adds years; 空/破 → no long life;
    # for juniors (子孫) it must not move.  Skipped when 父母 is the use god itself.
    if s.relation is not R.父母:
        parents = _best(chart, R.父母, hidden=True)
        if parents is not None:
            pp = (parents.place,)
            if _fallen(parents.standing):
                out.append(_finding("SY-05", "sy_parents_fallen", BAD, W_MAIN, pp))
            elif parents.standing.strong:
                out.append(_finding("SY-06", "sy_parents_strong", GOOD, W_RULE, pp))
            if s.relation is R.子孫 and parents.moving:
                out.append(_finding("SY-05", "sy_parents_moving_junior", BAD, W_RULE, pp))

    # SY-07: the end falls in the decade (旬) of years in which the use god's branch is void.
    head = _void_decade(s.branch)
    out.append(_finding("SY-07", "sy_void_decade", NEUTRAL, W_MINOR, here, decade=str(head),
                        last=str(head.shift(9)), branch=s.branch))
    # SY-09: a year whose stem overcomes the line's stem and whose branch clashes it (天剋地沖).
    if s.stem is not None:
        year = _clash_year(s.stem, s.branch)
        if year is not None:
            out.append(_finding("SY-09", "sy_clash_year", NEUTRAL, W_MINOR, here, year=str(year),
                                stem=s.stem, branch=s.branch))
    return _ranked(out)


def _lines_of_element(chart: Chart, element: Element) -> tuple[Line, ...]:
    return tuple(ln for ln in chart.lines if ln.element is element)


def _void_decade(branch: Branch) -> StemBranch:
    """The 甲 year opening the 旬 whose void holds ``branch`` (酉 → 甲戌, whose void is 申酉)."""
    return next(sb for sb in SEXAGENARY[::10] if branch in sb.void)


def _clash_year(stem: Stem, branch: Branch) -> StemBranch | None:
    """天剋地沖: the pillar whose stem overcomes ``stem`` and whose branch clashes ``branch`` (庚午 → 丙子)."""
    target = clash_of(branch)
    for sb in SEXAGENARY:
        if sb.branch is target and overcomes(sb.stem.element, stem.element):
            return sb
    return None


def lifespan_timing(chart: Chart, use_god: Place) -> tuple[Timing, ...]:
    """T-11 end years (SY-07 歲旬空, SY-09 天剋地沖) and the SY-08 month, most likely first.

    Every year of the void decade and the clash year are candidates (the text gives both as sufficient).
    A candidate whose branch also overcomes the use god or its 元神 weighs one more (SY-08: 元神 hurt by the
    year); ties go to the earliest year after the cast when the cast year is known.
    """
    s = _subject(chart, use_god)
    places = (s.place,)
    origin = s.element.generated_by
    src = source("T-11")

    def weight(sb: StemBranch) -> int:
        hurt = overcomes(sb.branch.element, s.element) or overcomes(sb.branch.element, origin)
        return W_MAIN + (1 if hurt else 0)

    head = _void_decade(s.branch)
    candidates: dict[StemBranch, Timing] = {}
    if s.stem is not None and (year := _clash_year(s.stem, s.branch)) is not None:
        candidates[year] = Timing(Unit.YEAR, year.branch, "T-11", src, "lifespan_end_clash_year", weight(year),
                                  stem=year.stem, places=places)
    for i in range(10):
        sb = head.shift(i)
        if sb not in candidates:
            candidates[sb] = Timing(Unit.YEAR, sb.branch, "T-11", src, "lifespan_end_void_year", weight(sb),
                                    stem=sb.stem, places=places)
    cast_year = chart.moment.year

    def order(item: tuple[StemBranch, Timing]) -> tuple[int, int]:
        sb, t = item
        after = (sb.index - cast_year.index) % 60 if cast_year is not None else sb.index
        return -t.weight, after

    out = [t for _, t in sorted(candidates.items(), key=order)]
    # SY-08: the month in which the use god's element is at 死 (金 死 in 子: Y000-01).
    death = branch_at_stage(s.element, Stage.死)
    out.append(Timing(Unit.MONTH, death, "SY-08", source("SY-08"), "lifespan_death_stage_month", W_MINOR,
                      places=places))
    return tuple(out)


# ==== 倩媒說合 (MS, lines 151–157): 占婚以間爻為主，問媒以應象為憑 ===============================================

def _between(chart: Chart) -> tuple[Line, Line]:
    """間爻: the two lines between 世 and 應, the one next to 世 first."""
    w, r = chart.hexagram.world, chart.hexagram.response
    lo, hi = sorted((w, r))
    a, b = chart.lines[lo], chart.lines[hi - 2]
    return (a, b) if abs(a.position - w) == 1 else (b, a)


def _frames(chart: Chart) -> tuple[Element, ...]:
    """三合 formed, as far as 001 局會 bears on a matchmaker chart: all three members among the moving lines, their
    changes, the day and the month; the middle not void unless the day or month supplies it; at least one
    member from the day or month (日月懸之) and one from the lines."""
    m = chart.moment
    from_lines = {ln.branch for ln in chart.moving} | {ln.changed.branch for ln in chart.moving if ln.changed}
    from_moment = {m.day.branch, m.month_branch}
    formed = []
    for f in FRAMES:
        if not all(b in from_lines or b in from_moment for b in f.members):
            continue
        middle_sound = f.middle in from_moment or f.middle not in m.void
        if middle_sound and from_moment & set(f.members) and from_lines & set(f.members):
            formed.append(f.element)
    return tuple(formed)


def matchmaker_reading(chart: Chart, marriage_chart: bool = False) -> tuple[Finding, ...]:
    """The go-between: 應 when the matchmaker is asked about (MS-01), the 間爻 inside a marriage chart (MS-03);
    and whether the match is made (MS-02)."""
    out: list[Finding] = []
    wl, rl = chart.world, chart.response
    if not marriage_chart:
        s, here = _of_line(rl), (_at(rl),)
        st = s.standing
        if st.void:
            out.append(_finding("MS-01", "ms_go_between_void", BAD, W_MAIN, here))
        if DayRelation.日沖 in st.day:
            out.append(_finding("MS-01", "ms_go_between_clashed", BAD, W_RULE, here))
        if st.month_break:
            out.append(_finding("MS-01", "ms_go_between_broken", BAD, W_RULE, here))
        if st.stage is Stage.絕:
            out.append(_finding("MS-01", "ms_go_between_cut", BAD, W_RULE, here))
        if _punished(chart, rl.branch):
            out.append(_finding("MS-01", "ms_go_between_punished", BAD, W_SUPPORT, here))
        helpers = _helpers(chart, s)
        if st.strong and helpers and not st.void:
            out.append(_finding("MS-01", "ms_go_between_able", GOOD, W_MAIN, here, helpers=" ".join(helpers)))
        if DayRelation.日合 in st.day or MonthRelation.月合 in st.month:
            out.append(_finding("MS-01", "ms_go_between_combined", GOOD, W_SUPPORT, here))
        if overcomes(rl.element, wl.element):
            out.append(_finding("MS-01", "ms_go_between_scheming", BAD, W_MAIN, (*here, _at(wl))))
        elif generates(rl.element, wl.element):
            out.append(_finding("MS-01", "ms_go_between_kind", GOOD, W_MAIN, (*here, _at(wl))))
    else:
        for ln in _between(chart):
            s = _of_line(ln)
            if _fallen(s.standing) or s.standing.stage is Stage.絕:
                out.append(_finding("MS-03", "ms_between_weak", BAD, W_RULE, (_at(ln),)))
            elif s.standing.strong or _helpers(chart, s):
                out.append(_finding("MS-03", "ms_between_able", GOOD, W_RULE, (_at(ln),)))

    # MS-02: 財 and 官鬼 both present → can succeed; no 官鬼 → not harmonious; 世/應 void → hard even so;
    # 三合 → speaks well of you; 六合 → married; 六沖 → not yet; 合處逢沖 → about to, then a change.
    wealth, ghosts = _lines(chart, R.妻財), _lines(chart, R.官鬼)
    if wealth and ghosts:
        out.append(_finding("MS-02", "ms_both_present", GOOD, W_MAIN, map(_at, wealth + ghosts)))
    if not ghosts:
        out.append(_finding("MS-02", "ms_no_officer", BAD, W_STRONG))
    if not wealth:
        out.append(_finding("MS-02", "ms_no_wealth", BAD, W_RULE))
    void_parties = [ln for ln in (wl, rl) if ln.standing.void]
    if void_parties:
        out.append(_finding("MS-02", "ms_parties_void", BAD, W_MAIN, map(_at, void_parties)))
    for el in _frames(chart):
        out.append(_finding("MS-02", "ms_frame_praise", GOOD, W_SUPPORT, element=el))
    if chart.hexagram.six_harmony:
        out.append(_finding("MS-02", "ms_six_harmony", GOOD, W_MAIN))
    if chart.hexagram.six_clash:
        out.append(_finding("MS-02", "ms_six_clash", BAD, W_MAIN))
    if HT.六合變六沖 in chart.changes:
        out.append(_finding("MS-02", "ms_harmony_then_clash", BAD, W_RULE))
    return _ranked(out)


# ==== 婚姻嫁娶 (HY, lines 159–197): 以內外世應為主，陰陽財鬼為憑 ==================================================

def _polarity(first_yang: bool, second_yang: bool) -> str:
    """A husband/wife pair: 得位 (陽 then 陰), 交錯 (陰 then 陽), or 純陽/純陰."""
    if first_yang != second_yang:
        return "得位" if first_yang else "交錯"
    return "純陽" if first_yang else "純陰"


def marriage_reading(chart: Chart, sex: Sex | str | None = None, *,
                     married: bool | None = None) -> tuple[Finding, ...]:
    """A marriage: 內外 and 世應 as husband and wife (flagged against 002), 財 and 官鬼 as wife and husband.

    ``sex`` is the querent's (HY-04, HY-10); ``married`` tells after-the-wedding charts from before (HY-14).
    """
    sex = _sex(sex)
    out: list[Finding] = []
    m = chart.moment
    h = chart.hexagram
    lines = chart.lines
    wl, rl = chart.world, chart.response

    # HY-01: 純陽 → the man widowed; 純陰 → the woman widowed.
    if all(ln.yang for ln in lines):
        out.append(_finding("HY-01", "hy_pure_yang", BAD, W_STRONG))
    elif not any(ln.yang for ln in lines):
        out.append(_finding("HY-01", "hy_pure_yin", BAD, W_STRONG))

    # HY-02: 內卦 husband / 外卦 wife, 世 husband / 應 wife: 陽 on the husband's side and 陰 on the wife's = 得位.
    pair_gua = _polarity(h.lower in _YANG_TRIGRAMS, h.upper in _YANG_TRIGRAMS)
    pair_line = _polarity(wl.yang, rl.yang)
    states = {pair_gua, pair_line}
    pure = {"純陽", "純陰"}
    if states == {"得位"}:
        key, eff, w = "hy_in_place", GOOD, W_STRONG          # 百年和合
    elif states <= pure:
        key, eff, w = "hy_no_union", BAD, W_STRONG           # 純陰不生，純陽不化
    elif "得位" in states and states & pure:
        key, eff, w = "hy_half_good", NEUTRAL, W_SUPPORT     # 半吉
    elif "得位" in states:
        key, eff, w = "hy_in_place_crossed", GOOD, W_SUPPORT  # one pair 得位 (text: 或), the other 交錯
    else:
        key, eff, w = "hy_crossed", NEUTRAL, W_SUPPORT       # 陰陽交錯，夫妻半遂其心
    out.append(_finding("HY-02", key, eff, w, (_at(wl), _at(rl)), trigrams=pair_gua, world_response=pair_line,
                        conflict_002=_CONFLICT_SPOUSE))

    # HY-03: 官鬼 husband, 妻財 wife: both present → grow old together; one missing → one without the other.
    wealth_lines, ghost_lines = _lines(chart, R.妻財), _lines(chart, R.官鬼)
    if wealth_lines and ghost_lines:
        out.append(_finding("HY-03", "hy_both_present", GOOD, W_MAIN, map(_at, wealth_lines + ghost_lines)))
    if not wealth_lines:
        out.append(_finding("HY-03", "hy_no_wife", BAD, W_MAIN))
    if not ghost_lines:
        out.append(_finding("HY-03", "hy_no_husband", BAD, W_MAIN))

    wealth, officer = _best(chart, R.妻財), _best(chart, R.官鬼)
    # HY-04: a man needs 財 旺; a woman 官鬼 旺相.
    spouse = {Sex.男: wealth, Sex.女: officer}.get(sex) if sex else None
    if spouse is not None:
        strong = spouse.standing.strong
        who = "bride" if sex is Sex.男 else "groom"
        out.append(_finding("HY-04", f"hy_{who}_strong" if strong else f"hy_{who}_weak",
                            GOOD if strong else BAD, W_MAIN if strong else W_RULE, (spouse.place,)))

    # HY-05: 世 man's family, 應 woman's: 旺 rich, 衰 poor.  Also: the trigram holding 官鬼 (財) is the man's
    # (woman's) family, the line the person: 卦旺官衰 rich family plain groom … 卦衰財旺 poor family lovely bride.
    if wl.standing.strong != rl.standing.strong:
        out.append(_finding("HY-05", "hy_families", NEUTRAL, W_DETAIL, (_at(wl), _at(rl)),
                            man="富" if wl.standing.strong else "貧", woman="富" if rl.standing.strong else "貧"))
    for s, key in ((officer, "hy_groom_house"), (wealth, "hy_bride_house")):
        if s is None or s.place.layer is not Layer.LINE:
            continue
        house = _element_strong(_trigram_of(chart, s.position).element, m.month_branch)
        if house != s.standing.strong:
            out.append(_finding("HY-05", key, NEUTRAL, W_DETAIL, (s.place,),
                                family="富" if house else "貧", looks="平" if house else "秀"))

    # HY-06: 官 喜生 忌絕 (絕 → the husband lost), 鬼空 → not long-lived; 財 宜旺 忌空, 財陷 → the wife not long-lived.
    if officer is not None:
        ost = officer.standing
        if ost.void:
            out.append(_finding(source("HY-06", 167), "hy_husband_void", BAD, W_MAIN, (officer.place,)))
        if ost.stage is Stage.絕 or Transformation.化絕 in officer.transformations:
            out.append(_finding("HY-06", "hy_husband_cut", BAD, W_MAIN, (officer.place,)))
        elif _helpers(chart, officer):
            out.append(_finding("HY-06", "hy_husband_supported", GOOD, W_SUPPORT, (officer.place,)))
    if wealth is not None:
        if _fallen(wealth.standing):
            out.append(_finding("HY-06", "hy_wife_fallen", BAD, W_MAIN, (wealth.place,)))
        elif wealth.standing.strong:
            out.append(_finding("HY-06", "hy_wife_strong", GOOD, W_SUPPORT, (wealth.place,)))

    # HY-07: 間爻 are the matchmakers, the one by 世 the man's, by 應 the woman's: 空/絕 useless, 旺/生 able.
    for ln, side in zip(_between(chart), (Sex.男, Sex.女)):
        s = _of_line(ln)
        if _fallen(s.standing) or s.standing.stage is Stage.絕:
            out.append(_finding("HY-07", "hy_go_between_weak", BAD, W_MINOR, (_at(ln),), side=side))
        elif s.standing.strong or _helpers(chart, s):
            out.append(_finding("HY-07", "hy_go_between_able", GOOD, W_MINOR, (_at(ln),), side=side))

    # HY-08: 子孫 (heirs) 宜靜 (moving 刑夫, unless 財 moves too: HY-16), 宜旺 (空 → no son), 絕 → no son unless 生扶.
    offspring = _best(chart, R.子孫)
    wealth_moving, ghost_moving = _moving(chart, R.妻財), _moving(chart, R.官鬼)
    if offspring is not None:
        op, ost = (offspring.place,), offspring.standing
        if offspring.moving:
            if wealth_moving:
                out.append(_finding("HY-16", "hy_offspring_moving_resolved", NEUTRAL, W_SUPPORT,
                                    (*op, *map(_at, wealth_moving))))
            else:
                out.append(_finding("HY-08", "hy_offspring_moving", BAD, W_RULE, op))
        if ost.void:
            out.append(_finding("HY-08", "hy_offspring_void", BAD, W_RULE, op))
        elif ost.stage is Stage.絕:
            helped = _helpers(chart, offspring)
            out.append(_finding("HY-08", "hy_many_children" if helped else "hy_offspring_cut",
                                GOOD if helped else BAD, W_SUPPORT if helped else W_RULE, op))
        elif ost.strong and not offspring.moving:
            out.append(_finding("HY-08", "hy_offspring_sound", GOOD, W_SUPPORT, op))

    # HY-09: 財 化鬼 or 沖 → the wife chronically ill; 官鬼 刑沖 or 化官/化破 → the husband; the line says where.
    for ln in wealth_lines:
        clashed = _clashed(chart, ln.branch) or Transformation.回頭沖 in ln.transformations
        to_ghost = ln.changed is not None and ln.changed.relation is R.官鬼
        if clashed or to_ghost:
            out.append(_finding("HY-09", "hy_wife_ill", BAD, W_RULE, (_at(ln),), part=_LINE_PART[ln.position - 1]))
    for ln in ghost_lines:
        hit = _clashed(chart, ln.branch) or _punished(chart, ln.branch)
        turns = ln.changed is not None and (ln.changed.relation is R.官鬼 or Transformation.化破 in ln.transformations)
        if hit or turns:
            trigram = _trigram_of(chart, ln.position)
            out.append(_finding("HY-09", "hy_husband_ill", BAD, W_RULE, (_at(ln),), part=_LINE_PART[ln.position - 1],
                                trigram_part=_TRIGRAM_PART[trigram], organ=_ELEMENT_ORGAN[ln.element]))

    # HY-10: the querent (世) and the spouse (財 for a man, 官鬼 for a woman): 合 + 生 → lasting; 沖 + 克 → parting.
    if spouse is not None and spouse.place != _at(wl):
        a, b = wl.branch, spouse.branch
        combined, clashed = harmonizes(a, b), clashes(a, b)
        born = generates(a.element, b.element) or generates(b.element, a.element)
        beaten = overcomes(a.element, b.element) or overcomes(b.element, a.element)
        pp = (_at(wl), spouse.place)
        if combined:
            out.append(_finding("HY-10", "hy_bond_lasting" if born else "hy_bond_combined", GOOD,
                                W_MAIN if born else W_RULE, pp))
        elif clashed:
            out.append(_finding("HY-10", "hy_bond_parting" if beaten else "hy_bond_clashed", BAD,
                                W_MAIN if beaten else W_RULE, pp))

    # HY-11: 旺財 and 旺應 generating 世 → a rich dowry; 衰世 with a 衰官 overcoming 應 → meagre gifts.
    if (wealth is not None and wealth.standing.strong and generates(wealth.element, wl.element)
            and rl.standing.strong and generates(rl.element, wl.element)):
        out.append(_finding("HY-11", "hy_rich_dowry", GOOD, W_MINOR, (wealth.place, _at(rl), _at(wl))))
    if (officer is not None and not wl.standing.strong and not officer.standing.strong
            and overcomes(officer.element, rl.element)):
        out.append(_finding("HY-11", "hy_meagre_gifts", BAD, W_MINOR, (_at(wl), officer.place, _at(rl))))

    # HY-12: 世 空 or 沖破 → the man's family not keen; 應 空, 沖 or moving → the woman's family changes its mind.
    if wl.standing.void or _clashed(chart, wl.branch):
        out.append(_finding("HY-12", "hy_man_unwilling", BAD, W_RULE, (_at(wl),)))
    if rl.standing.void or _clashed(chart, rl.branch) or rl.moving:
        out.append(_finding("HY-12", "hy_woman_unwilling", BAD, W_RULE, (_at(rl),)))

    # HY-13: 六合 → lasting harmony; 六沖 (貞悔相沖) → discord.
    if h.six_harmony:
        out.append(_finding("HY-13", "hy_six_harmony", GOOD, W_MAIN))
    if h.six_clash:
        out.append(_finding("HY-13", "hy_six_clash", BAD, W_MAIN))

    # HY-14: 沖中化合: before the wedding → no match, after it → reunion; 合 then 沖, a 六合 chart clashed open by
    # the month/day, or 世應財官 化沖 → joy first, discord later.
    if HT.六沖變六合 in chart.changes and married is not None:
        out.append(_finding("HY-14", "hy_reunion" if married else "hy_clash_to_harmony_unmatched",
                            GOOD if married else BAD, W_RULE))
    if HT.六合變六沖 in chart.changes:
        out.append(_finding("HY-14", "hy_harmony_to_clash", BAD, W_RULE))
    if h.six_harmony and (_clashed(chart, wl.branch) or _clashed(chart, rl.branch)):
        out.append(_finding("HY-14", "hy_harmony_clashed_open", BAD, W_SUPPORT, (_at(wl), _at(rl))))
    for ln in chart.moving:
        if (ln.world or ln.response or ln.relation in (R.妻財, R.官鬼)) and Transformation.回頭沖 in ln.transformations:
            out.append(_finding("HY-14", "hy_pair_turns_to_clash", BAD, W_SUPPORT,
                                (_at(ln), Place(Layer.CHANGED, ln.position))))

    # HY-16 通關: 父 旺 with no 兄 → harms children; 財 強 with no 鬼 → harms the in-laws; 父 moving without 兄
    # moving, 財 moving without 鬼 moving, likewise; 兄 moving 克婦 unless 子 moves too.
    parents = _best(chart, R.父母)
    brothers_lines = _lines(chart, R.兄弟)
    if parents is not None and parents.standing.strong and not brothers_lines:
        out.append(_finding("HY-16", "hy_parents_harm_children", BAD, W_SUPPORT, (parents.place,)))
    if wealth is not None and wealth.standing.strong and not ghost_lines:
        out.append(_finding("HY-16", "hy_wealth_harms_inlaws", BAD, W_SUPPORT, (wealth.place,)))
    parents_moving, brothers_moving = _moving(chart, R.父母), _moving(chart, R.兄弟)
    if parents_moving and not brothers_moving:
        out.append(_finding("HY-16", "hy_parents_moving", BAD, W_SUPPORT, map(_at, parents_moving)))
    if wealth_moving and not ghost_moving:
        out.append(_finding("HY-16", "hy_wealth_moving", BAD, W_SUPPORT, map(_at, wealth_moving)))
    if brothers_moving:
        if _moving(chart, R.子孫):
            out.append(_finding("HY-16", "hy_brothers_moving_resolved", NEUTRAL, W_SUPPORT, map(_at, brothers_moving)))
        else:
            out.append(_finding("HY-16", "hy_brothers_moving", BAD, W_RULE, map(_at, brothers_moving)))

    # HY-17: the spirit on 財 gives the bride's nature (咸池/驛馬 need 神煞: not read).
    if wealth is not None and wealth.place.layer is Layer.LINE:
        spirit = lines[wealth.position - 1].spirit
        out.append(_finding("HY-17", "hy_bride_character", NEUTRAL, W_DETAIL, (wealth.place,), spirit=spirit))

    out.append(_conflict("HY-02", _CONFLICT_SPOUSE))
    return _ranked(out)


# ==== dispatcher ==============================================================================================

TOPICS = ("year", "lifetime", "lifespan", "matchmaker", "marriage")


def topic_reading(topic: str, chart: Chart, **context: object) -> tuple[tuple[Finding, ...], tuple[Timing, ...]]:
    """Findings and timings of one topic of seed 000; other topics (and lifespan without a use god) give nothing.

    Context keys: ``use_god`` (a Place), ``sex``, ``age``, ``birth_branch`` (or ``birth_year``: the 本命 branch),
    ``official``, ``married``, ``marriage_chart``; each function takes what it needs and the rest is ignored.
    """
    if topic not in TOPICS:
        return (), ()
    use_god = context.get("use_god")
    if use_god is not None and not isinstance(use_god, Place):
        raise TypeError(f"use_god must be a Place, got {type(use_god).__name__}")
    sex = context.get("sex")
    if sex is not None and not isinstance(sex, str):
        raise TypeError(f"sex must be 男 or 女, got {sex!r}")
    age = _optional(context, "age", int)
    birth = _optional(context, "birth_branch", Branch)
    if birth is None:
        birth = _optional(context, "birth_year", Branch)  # the name core.reading passes
    official = _optional(context, "official", bool)
    married = _optional(context, "married", bool)
    if topic == "year":
        return year_reading(chart), ()
    if topic == "lifetime":
        return (lifetime_reading(chart, sex, age, use_god=use_god, birth_branch=birth, official=official),
                lifetime_timing(chart, age, use_god=use_god))
    if topic == "lifespan":
        if use_god is None:  # the use god is the caller's choice; without it there is nothing to read
            return (), ()
        return lifespan_reading(chart, use_god), lifespan_timing(chart, use_god)
    if topic == "matchmaker":
        return matchmaker_reading(chart, bool(context.get("marriage_chart", False))), ()
    return marriage_reading(chart, sex, married=married), ()


def _optional(context: dict[str, object], name: str, kind: type) -> Any:
    value = context.get(name)
    if value is not None and not isinstance(value, kind):
        raise TypeError(f"{name} must be {kind.__name__}, got {type(value).__name__}")
    return value
