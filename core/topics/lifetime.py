"""身命造化 (SM, XL, BT, FX, LQ; seed 000 lines 35–129): one's own life by the 世, another's by its use god, the
大限/小限 periods (rejected by 002's school: flagged), where illness strikes and which directions to take."""

from __future__ import annotations

from collections.abc import Iterable
from operator import attrgetter

from core.chart.chart import (
    Chart,
    DayRelation,
    Line,
    MonthRelation,
    Spirit,
    Standing,
    Transformation,
)
from core.chart.ganzhi import Branch, Element
from core.chart.hexagram import HEXAGRAMS, Generation, Hexagram, Relation, relation
from core.chart.relations import Stage, clash_of, clashes, generates, harmonizes, harmony_of, overcomes
from core.findings import Effect, Finding, Layer, Place, Timing, Unit
from core.rules import source
from core.topics.common import (
    _CONFLICT_PERIODS,
    _CONFLICT_RESPONSE,
    _CONFLICT_SPOUSE,
    _ELEMENT_ORGAN,
    _LINE_PART,
    _TRIGRAM_PART,
    BAD,
    GOOD,
    NEUTRAL,
    W_DETAIL,
    W_GRAVE,
    W_MAIN,
    W_MARK,
    W_MINOR,
    W_RULE,
    W_STRONG,
    W_SUPPORT,
    R,
    Sex,
    _at,
    _attackers,
    _best,
    _body_lines,
    _body_standing,
    _clashed,
    _conflict,
    _element_strong,
    _fallen,
    _finding,
    _helpers,
    _in_power,
    _lines,
    _moving,
    _of_line,
    _punished,
    _ranked,
    _sex,
    _Subject,
    _subject,
    _trigram_of,
    direction_of,
    element_direction,
)
from core.values import value

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
    common = {"period": period.kind, "ages": f"{period.first_age}-{period.last_age}", "hexagram": period.hexagram.name,
                  "position": period.position, "relation": period.relation, "branch": period.branch,
                  "conflict_002": _CONFLICT_PERIODS}
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


@value
class _Own:
    """What the rules of one's own life (SM, XL) read: the chart, what the caller
    told, the 世 and the 身."""

    chart: Chart
    sex: Sex | None
    age: int | None
    birth_branch: Branch | None
    official: bool | None
    wl: Line                         # the 世 line
    wp: tuple[Place, ...]            # its place
    body: Branch                     # 卦身
    body_st: Standing
    body_places: tuple[Place, ...]
    helpers: tuple[str, ...]         # who 生扶 the 世
    wealth: _Subject | None          # the best 妻財 (SM-12, SM-13, SM-15)
    officer: _Subject | None         # the best 官鬼 (SM-12, SM-13)


def _self_life(chart: Chart, sex: Sex | None, age: int | None, birth_branch: Branch | None,
               official: bool | None) -> list[Finding]:
    """One's own life by 世 and 身: the rules in the text's order (SM-01…SM-23, XL)."""
    wl = chart.world
    c = _Own(chart, sex, age, birth_branch, official, wl, (_at(wl),), chart.body,
             _body_standing(chart), tuple(map(_at, _body_lines(chart))),
             _helpers(chart, _of_line(wl)), _best(chart, R.妻財), _best(chart, R.官鬼))
    out: list[Finding] = []
    out += _sm_world_and_body(c)
    out += _sm_void_world(c)
    out += _sm_rich_or_poor(c)
    out += _sm_each_relation(c)
    out += _sm_entombed_with_ghost(c)
    out += _sm_wealth_feeds_ghost(c)
    out += _sm_world_generated_or_hurt(c)
    out += _sm_six_clash_or_harmony(c)
    out += _sm_season(c)
    out += _sm_official(c)
    out += _sm_missing(c)
    out += _sm_wealth_and_office(c)
    out += _sm_lu_ma(c)
    out += _sm_in_power_or_fallen(c)
    out += _sm_stages(c)
    out += _sm_evil_moving(c)
    out += _sm_world_birth_void(c)
    out += _sm_spirits(c)
    out += _sm_ghost_world_spirit(c)
    out += _sm_ghost_overcomes_world(c)
    out += _sm_aggressors_and_helpers(c)
    out += _sm_travel(c)
    out += _xl_roots(c)
    out += _xl_periods(c)
    return out


def _sm_world_and_body(c: _Own) -> list[Finding]:
    """SM-01: the 世's strength sets the course of a life; 身 should be 旺相."""
    out: list[Finding] = []
    wst, wp, helpers = c.wl.standing, c.wp, c.helpers
    body, body_st, body_places = c.body, c.body_st, c.body_places
    # SM-01: 世 休囚 or at 墓/絕 → a life of setbacks; 旺相 + 生扶 → 非貴即富.  身 should be 旺相.
    if not wst.strong or wst.stage in (Stage.墓, Stage.絕):
        out.append(_finding("SM-01", "sm_world_weak", BAD, W_MAIN, wp, state=wst.month_state, stage=wst.stage))
    elif helpers:
        out.append(_finding("SM-01", "sm_world_strong", GOOD, W_MAIN, wp, helpers=" ".join(helpers)))
    out.append(_finding("SM-01", "sm_body_strong" if body_st.strong else "sm_body_weak",
                        GOOD if body_st.strong else BAD, W_SUPPORT, body_places, body=body))
    return out


def _sm_void_world(c: _Own) -> list[Finding]:
    """SM-02: a void 世 shortens life; a man's fallen 應 (000's wife) harms her."""
    out: list[Finding] = []
    chart, sex, wst, wp = c.chart, c.sex, c.wl.standing, c.wp
    # SM-02: 世 空 → not long-lived (九流術士 excepted); a man's 應 (the wife, in 000) 空/陷 → the wife harmed.
    if wst.void:
        out.append(_finding("SM-02", "sm_world_void", BAD, W_MAIN, wp, exception="九流術士"))
    rl = chart.response
    if sex is Sex.男 and _fallen(rl.standing):
        out.append(_finding("SM-02", "sm_wife_response_fallen", BAD, W_RULE, (_at(rl),),
                            conflict_002=_CONFLICT_SPOUSE))
    return out


def _sm_rich_or_poor(c: _Own) -> list[Finding]:
    """SM-03: rich with 財, 子孫 and a strong 世; poor with 兄弟, 官鬼 moving."""
    out: list[Finding] = []
    chart, wst, wp = c.chart, c.wl.standing, c.wp
    # SM-03: 財 and 子孫 present + 世 旺 → rich and honoured; 兄弟 and 官鬼 moving + 世 衰 → poor and lowly.
    if _lines(chart, R.妻財) and _lines(chart, R.子孫) and wst.strong:
        out.append(_finding("SM-03", "sm_rich_honoured", GOOD, W_STRONG, wp))
    bro, ghost = _moving(chart, R.兄弟), _moving(chart, R.官鬼)
    if bro and ghost and not wst.strong:
        out.append(_finding("SM-03", "sm_poor_lowly", BAD, W_STRONG, (*wp, *map(_at, bro + ghost))))
    return out


def _sm_each_relation(c: _Own) -> list[Finding]:
    """SM-04: what each relation brings when strong, whom it harms when moving."""
    out: list[Finding] = []
    lines = c.chart.lines
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
    return out


def _sm_entombed_with_ghost(c: _Own) -> list[Finding]:
    """SM-05: 隨官入墓, the querent's own line a 官鬼 in its 墓: illness."""
    out: list[Finding] = []
    lines, body, birth_branch = c.chart.lines, c.body, c.birth_branch
    # SM-05: 世 / 身 / 本命 line that is 官鬼 and sits in its 墓 on the day → illness (隨官入墓).
    for ln in lines:
        roles = [r for r, ok in (("世", ln.world), ("身", ln.branch is body),
                                 ("本命", birth_branch is not None and ln.branch is birth_branch)) if ok]
        if roles and ln.relation is R.官鬼 and ln.standing.stage is Stage.墓:
            out.append(_finding("SM-05", "sm_entombed_with_ghost", BAD, W_RULE, (_at(ln),), roles=" ".join(roles)))
    return out


def _sm_wealth_feeds_ghost(c: _Own) -> list[Finding]:
    """SM-06: a moving 妻財 feeding a 官鬼 against 世: ruin by money or lust."""
    out: list[Finding] = []
    chart, m, wl, wp = c.chart, c.chart.moment, c.wl, c.wp
    # SM-06: 妻財 on the day branch, moving, feeding a 官鬼 that overcomes 世 → ruin through money or lust.
    attackers = [g for g in _lines(chart, R.官鬼) if overcomes(g.element, wl.element)]
    for ln in _moving(chart, R.妻財):
        if ln.branch is m.day.branch and attackers:
            out.append(_finding("SM-06", "sm_wealth_feeds_ghost", BAD, W_RULE, (_at(ln), *map(_at, attackers), *wp)))
    return out


def _sm_world_generated_or_hurt(c: _Own) -> list[Finding]:
    """SM-07, with XL-05 and SM-16 for the 流年: 世 wants 生 and 合, not 克/沖."""
    out: list[Finding] = []
    chart, m, wl, wst = c.chart, c.chart.moment, c.wl, c.wl.standing
    wp, helpers = c.wp, c.helpers
    body, body_st, body_places = c.body, c.body_st, c.body_places
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
    return out


def _sm_six_clash_or_harmony(c: _Own) -> list[Finding]:
    """SM-08: a 六沖 chart is a hollow life, a 六合 one a solid life."""
    out: list[Finding] = []
    chart = c.chart
    # SM-08: 六沖 → hollow, property dwindles; 六合 → solid, skills flourish.
    if chart.hexagram.six_clash:
        out.append(_finding("SM-08", "sm_six_clash", BAD, W_MAIN))
    if chart.hexagram.six_harmony:
        out.append(_finding("SM-08", "sm_six_harmony", GOOD, W_MAIN))
    return out


def _sm_season(c: _Own) -> list[Finding]:
    """SM-09: the season doubles a relation on its own element."""
    out: list[Finding] = []
    lines, m, wl, wp = c.chart.lines, c.chart.moment, c.wl, c.wp
    body, body_places = c.body, c.body_places
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
    return out


def _sm_official(c: _Own) -> list[Finding]:
    """SM-10: 官鬼 on 世/身 raises an official, ails a commoner (rank given)."""
    out: list[Finding] = []
    lines, body, official = c.chart.lines, c.body, c.official
    # SM-10: 官鬼 on 世/身: an official rises, a commoner meets illness and lawsuits.
    if official is not None:
        for ln in lines:
            if ln.relation is R.官鬼 and (ln.world or ln.branch is body):
                key, eff = ("sm_official_ghost_world", GOOD) if official else ("sm_commoner_ghost_world", BAD)
                out.append(_finding("SM-10", key, eff, W_RULE, (_at(ln),)))
    return out


def _sm_missing(c: _Own) -> list[Finding]:
    """SM-11: a relation missing or fallen leaves its part of a life empty."""
    out: list[Finding] = []
    chart = c.chart
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
    return out


def _sm_wealth_and_office(c: _Own) -> list[Finding]:
    """SM-12: 世/身 against a weak 財/官鬼, and the balance of the relations."""
    out: list[Finding] = []
    chart, wl, wp, body_places = c.chart, c.wl, c.wp, c.body_places
    body, wealth, officer = c.body, c.wealth, c.officer
    brothers = _lines(chart, R.兄弟)
    # SM-12: 世 克 a weak 財; 身 克 a weak 鬼; 兄弟 當權 + 財 無氣; 子孫 持世 + 官鬼 休囚; 多鬼無財; 多財無鬼.
    wealth_lines, ghost_lines = _lines(chart, R.妻財), _lines(chart, R.官鬼)
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
    return out


def _sm_lu_ma(c: _Own) -> list[Finding]:
    """SM-13: 財 and 官 are 祿 and 馬: absent, unsettled, or settled and strong."""
    out: list[Finding] = []
    chart, wealth, officer = c.chart, c.wealth, c.officer
    wealth_lines, ghost_lines = _lines(chart, R.妻財), _lines(chart, R.官鬼)
    # SM-13: 財官 = 祿馬: both absent → 虛名虛利; both present, still and 旺 → builds house; void or moving → unsettled.
    if not wealth_lines and not ghost_lines:
        out.append(_finding("SM-13", "sm_no_lu_ma", BAD, W_MAIN))
    elif wealth is not None and officer is not None:
        unsettled = [ln for ln in wealth_lines + ghost_lines if ln.moving or ln.standing.void]
        if unsettled:
            out.append(_finding("SM-13", "sm_lu_ma_unsettled", BAD, W_MINOR, map(_at, unsettled)))
        elif wealth.standing.strong and officer.standing.strong:
            out.append(_finding("SM-13", "sm_lu_ma_settled", GOOD, W_MAIN, (wealth.place, officer.place)))
    return out


def _sm_in_power_or_fallen(c: _Own) -> list[Finding]:
    """SM-14: 子孫 當權 brings joy; 財 or 福 all fallen, a bleak livelihood."""
    out: list[Finding] = []
    chart = c.chart
    # SM-14: 子孫 當權 → joy at home, 錦上添花 abroad; 財/福 落陷 (空 or 月破) → livelihood bleak.
    for ln in _lines(chart, R.子孫):
        if _in_power(chart, ln):
            out.append(_finding("SM-14", "sm_offspring_in_power", GOOD, W_RULE, (_at(ln),)))
    for rel, key in ((R.妻財, "sm_wealth_fallen"), (R.子孫, "sm_offspring_fallen")):
        rel_lines = _lines(chart, rel)
        if rel_lines and all(_fallen(ln.standing) for ln in rel_lines):
            out.append(_finding("SM-14", key, BAD, W_RULE, map(_at, rel_lines)))
    return out


def _sm_stages(c: _Own) -> list[Finding]:
    """SM-15: the 十二長生 stages of 財 and of 世: fortune rising or waning."""
    out: list[Finding] = []
    wealth, wst, wp = c.wealth, c.wl.standing, c.wp
    # SM-15: 財 at 長生/帝旺 → fortune unsought; at 死/絕 → drifting; 世 at 死/敗 (沐浴) → bleak.
    if wealth is not None:
        if wealth.standing.stage in (Stage.長生, Stage.帝旺):
            out.append(_finding("SM-15", "sm_wealth_rising", GOOD, W_RULE, (wealth.place,), stage=wealth.standing.stage))
        elif wealth.standing.stage in (Stage.死, Stage.絕):
            out.append(_finding("SM-15", "sm_wealth_dying", BAD, W_RULE, (wealth.place,), stage=wealth.standing.stage))
    if wst.stage in (Stage.死, Stage.沐浴):
        out.append(_finding("SM-15", "sm_world_declining", BAD, W_MINOR, wp, stage=wst.stage))
    return out


def _sm_evil_moving(c: _Own) -> list[Finding]:
    """SM-17: a moving 惡煞 is 凶 unless the day or month clashes or punishes it."""
    out: list[Finding] = []
    chart = c.chart
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
    return out


def _sm_world_birth_void(c: _Own) -> list[Finding]:
    """SM-18, with 本命: 世 and 本命 both void, a life that rises and falls."""
    out: list[Finding] = []
    lines, m, wl, wst, wp = c.chart.lines, c.chart.moment, c.wl, c.wl.standing, c.wp
    birth_branch = c.birth_branch
    # SM-18: 世 and 本命 both 空 (or 變空) → rises and falls; 卦身 and the 限 line both 空 → toil.
    if birth_branch is not None:
        world_void = wst.void or Transformation.化空 in wl.transformations
        birth_lines = [ln for ln in lines if ln.branch is birth_branch]
        birth_void = birth_branch in m.void or any(Transformation.化空 in ln.transformations for ln in birth_lines)
        if world_void and birth_void:
            out.append(_finding("SM-18", "sm_world_birth_void", BAD, W_RULE, (*wp, *map(_at, birth_lines)),
                                birth=birth_branch))
    return out


def _sm_spirits(c: _Own) -> list[Finding]:
    """SM-19: 白虎 官鬼 on 世 is illness; 青龍 子孫 on 身 or 世 is joy."""
    out: list[Finding] = []
    chart, wl, wp, helpers = c.chart, c.wl, c.wp, c.helpers
    # SM-19: 世 on a 白虎 官鬼 → illness upon calamity; 身 on a 青龍 子孫 → joy upon joy (printed 懼 = 歡);
    # 子孫 with 青龍 holding 世 and supported → serene and blessed.
    if wl.relation is R.官鬼 and wl.spirit is Spirit.白虎:
        out.append(_finding("SM-19", "sm_world_tiger_ghost", BAD, W_RULE, wp))
    for ln in _body_lines(chart):
        if ln.relation is R.子孫 and ln.spirit is Spirit.青龍:
            out.append(_finding("SM-19", "sm_body_dragon_offspring", GOOD, W_RULE, (_at(ln),)))
    if wl.relation is R.子孫 and wl.spirit is Spirit.青龍 and helpers:
        out.append(_finding(source("SM-19", 99), "sm_world_dragon_offspring", GOOD, W_RULE, wp))
    return out


def _sm_ghost_world_spirit(c: _Own) -> list[Finding]:
    """SM-20: the spirit on a 官鬼 holding 世 names one's failing."""
    out: list[Finding] = []
    wl, wp = c.wl, c.wp
    # SM-20: the spirit on a 官鬼 that holds 世 names a failing (stronger when it moves).  天賊/官符 not read.
    if wl.relation is R.官鬼:
        out.append(_finding("SM-20", "sm_ghost_world_spirit", BAD, W_MINOR + (1 if wl.moving else 0), wp,
                            spirit=wl.spirit))
    return out


def _sm_ghost_overcomes_world(c: _Own) -> list[Finding]:
    """SM-21: a 官鬼 overcoming 世 names the danger by element and branch."""
    out: list[Finding] = []
    chart, wl, wp = c.chart, c.wl, c.wp
    # SM-21: a 官鬼 (moving or not) overcoming 世: its element and branch name the danger.  華蓋/咸池 not read.
    for ln in _lines(chart, R.官鬼):
        if not ln.world and overcomes(ln.element, wl.element):
            out.append(_finding("SM-21", "sm_ghost_overcomes_world", BAD, W_RULE, (_at(ln), *wp),
                                element=ln.element, branch=ln.branch))
    return out


def _sm_aggressors_and_helpers(c: _Own) -> list[Finding]:
    """SM-22: a mover that 克/沖 世 is who wrongs one; one that 生 世/身 helps."""
    out: list[Finding] = []
    chart, wl, wp, body, body_places = c.chart, c.wl, c.wp, c.body, c.body_places
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
    return out


def _inner_outer(chart: Chart) -> tuple[bool, bool]:
    """Whether the inner and the outer trigram is in season (SM-23, XL-01)."""
    month = chart.moment.month_branch
    inner = _element_strong(chart.hexagram.lower.element, month)
    outer = _element_strong(chart.hexagram.upper.element, month)
    return inner, outer


def _sm_travel(c: _Own) -> list[Finding]:
    """SM-23: to go or to stay, by 遊魂/歸魂 and the 世, and by 內 against 外."""
    out: list[Finding] = []
    chart, wl, wp = c.chart, c.wl, c.wp
    # SM-23: 遊魂 with 世 moving → go abroad; 世 moving → may travel; 歸魂 with 世 still → stay;
    # 內 (staying) 旺 外 (going) 衰 → keep to the old; 內衰外旺 → going brings success.
    gen = chart.hexagram.generation
    if wl.moving:
        key = "sm_travel_abroad" if gen is Generation.遊魂 else "sm_travel_possible"
        out.append(_finding("SM-23", key, NEUTRAL, W_DETAIL, wp))
    elif gen is Generation.歸魂:
        out.append(_finding("SM-23", "sm_stay_home", NEUTRAL, W_DETAIL, wp))
    inner, outer = _inner_outer(chart)
    if inner != outer:
        out.append(_finding("SM-23", "sm_keep_old" if inner else "sm_go_out", NEUTRAL, W_DETAIL,
                            inner=chart.hexagram.lower, outer=chart.hexagram.upper))
    return out


def _xl_roots(c: _Own) -> list[Finding]:
    """XL-01 (rejected by 002: flagged): both trigrams' season, the family's wealth."""
    out: list[Finding] = []
    inner, outer = _inner_outer(c.chart)
    # XL-01 (rejected doctrine): the primary's two trigrams 旺 → family wealth solid; 衰 → meagre.
    if inner and outer:
        out.append(_finding("XL-01", "xl_roots_strong", GOOD, W_DETAIL, conflict_002=_CONFLICT_PERIODS))
    elif not inner and not outer:
        out.append(_finding("XL-01", "xl_roots_weak", BAD, W_DETAIL, conflict_002=_CONFLICT_PERIODS))
    return out


def _xl_periods(c: _Own) -> list[Finding]:
    """XL-02…XL-05, SM-16, SM-18: the 大限/小限 lines of the age (flagged)."""
    out: list[Finding] = []
    chart, m, age, wl = c.chart, c.chart.moment, c.age, c.wl
    body, body_st, body_places = c.body, c.body_st, c.body_places
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
    out = _lq_strength(chart, s)
    out += _LQ_MODIFIERS[s.relation](chart, s)
    out += _lq_use_god_by_relation(chart, s)
    return out


def _lq_strength(chart: Chart, s: _Subject) -> list[Finding]:
    """LQ-01: a strong, helped use god lives well; a weak, attacked one ill."""
    out: list[Finding] = []
    rel, here = s.relation, (s.place,)
    helpers, attackers = _helpers(chart, s), _attackers(chart, s)
    if s.standing.strong and helpers:
        out.append(_finding("LQ-01", "lq_strong_helped", GOOD, W_MAIN, here, relation=rel,
                            helpers=" ".join(helpers)))
    elif not s.standing.strong and attackers:
        out.append(_finding("LQ-01", "lq_weak_attacked", BAD, W_MAIN, here, relation=rel,
                            attackers=" ".join(attackers)))
    return out


def _lq(s: _Subject, key: str, eff: Effect, weight: int,
        places: Iterable[Place]) -> Finding:
    """A finding of LQ-01's modifiers for ``s``, at the passage for its relation."""
    rel, here, src = s.relation, (s.place,), _LQ_SOURCES[s.relation]
    return _finding(src, key, eff, weight, (*here, *places), relation=rel)


def _moving_or_strong(chart: Chart, r: Relation) -> tuple[Line, ...]:
    """The lines of ``r`` that rise (官興, 財興 in LQ-01): moving or strong."""
    return tuple(ln for ln in _lines(chart, r) if ln.moving or ln.standing.strong)


def _lq_parents(chart: Chart, s: _Subject) -> list[Finding]:
    """LQ-01 for 父母: void is ill, a moving 財 harms, a rising 官 helps."""
    out: list[Finding] = []
    # 父母忌空財忌動; 反利官興
    if s.standing.void:
        out.append(_lq(s, "lq_use_void", BAD, W_RULE, ()))
    if mv := _moving(chart, R.妻財):
        out.append(_lq(s, "lq_wealth_moving", BAD, W_RULE, map(_at, mv)))
    if up := _moving_or_strong(chart, R.官鬼):
        out.append(_lq(s, "lq_officer_rising", GOOD, W_SUPPORT, map(_at, up)))
    return out


def _lq_offspring(chart: Chart, s: _Subject) -> list[Finding]:
    """LQ-01 for 子孫: a weak 父母 (印) helps; a 父母 year harms, a 兄弟 year helps."""
    out: list[Finding] = []
    year = chart.moment.year_branch
    # 福神宜旺印宜衰; 逢父限則凶，遇兄年反吉
    seal = _best(chart, R.父母)
    if seal is not None:
        strong = seal.standing.strong
        key = "lq_seal_strong" if strong else "lq_seal_weak"
        out.append(_lq(s, key, BAD if strong else GOOD, W_SUPPORT, (seal.place,)))
    if year is not None:
        year_rel = relation(chart.hexagram.element, year.element)
        if year_rel is R.父母:
            out.append(_lq(s, "lq_year_parents", BAD, W_SUPPORT, ()))
        elif year_rel is R.兄弟:
            out.append(_lq(s, "lq_year_brothers", GOOD, W_SUPPORT, ()))
    return out


def _lq_brothers(chart: Chart, s: _Subject) -> list[Finding]:
    """LQ-01 for 兄弟: void is ill, a moving 父母 helps, a moving 官鬼 harms."""
    out: list[Finding] = []
    # 咸怕兄空，父搖成吉，鬼動成凶
    if s.standing.void:
        out.append(_lq(s, "lq_use_void", BAD, W_RULE, ()))
    if mv := _moving(chart, R.父母):
        out.append(_lq(s, "lq_parents_moving", GOOD, W_SUPPORT, map(_at, mv)))
    if mv := _moving(chart, R.官鬼):
        out.append(_lq(s, "lq_ghost_moving", BAD, W_RULE, map(_at, mv)))
    return out


def _lq_wife(chart: Chart, s: _Subject) -> list[Finding]:
    """LQ-01 for 妻財: a moving 子孫 helps, a moving 兄弟 harms."""
    out: list[Finding] = []
    # 遇子為祥，見兄成咎
    if mv := _moving(chart, R.子孫):
        out.append(_lq(s, "lq_offspring_moving", GOOD, W_SUPPORT, map(_at, mv)))
    if mv := _moving(chart, R.兄弟):
        out.append(_lq(s, "lq_brothers_moving", BAD, W_RULE, map(_at, mv)))
    return out


def _lq_officer(chart: Chart, s: _Subject) -> list[Finding]:
    """LQ-01 for 官鬼: its strength, a moving 子孫 harms, a rising 財 helps."""
    out: list[Finding] = []
    # 官鬼: 旺增榮耀，衰減光輝；子動云凶，財興曰吉
    out.append(_lq(s, "lq_officer_strong" if s.standing.strong else "lq_officer_weak",
                   GOOD if s.standing.strong else BAD, W_SUPPORT, ()))
    if mv := _moving(chart, R.子孫):
        out.append(_lq(s, "lq_offspring_moving_against", BAD, W_RULE, map(_at, mv)))
    if up := _moving_or_strong(chart, R.妻財):
        out.append(_lq(s, "lq_wealth_rising", GOOD, W_SUPPORT, map(_at, up)))
    return out


_LQ_MODIFIERS = {R.父母: _lq_parents, R.子孫: _lq_offspring, R.兄弟: _lq_brothers,
                 R.妻財: _lq_wife, R.官鬼: _lq_officer}


def _lq_use_god_by_relation(chart: Chart, s: _Subject) -> list[Finding]:
    """LQ-01 against 000: another is read by 002's relation line, not 應 (flagged)."""
    out: list[Finding] = []
    rel, here = s.relation, (s.place,)
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
