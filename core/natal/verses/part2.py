"""玉照定真經 V51–V105: the 命宮, 干音 進退, the 本卦 and its enemy, graves and houses beside the 命, the directions,
the stems that gather (龍常, 私門, 天綱 …), the 干合 family (V72–V78, V82, V85), excess and deficiency, and the
women's chapter (八方之卦)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator, Sequence

from core.chart.ganzhi import Branch, Element, Stem, StemBranch
from core.chart.relations import Stage, clashes, full_frames, punished_by, stage
from core.natal import tables
from core.natal.chart import ALL, DAY_HOUR, FOUR, OTHERS, NatalChart, Role
from core.natal.evidence import Fact, branch_of, name, nayin_of, pillar_of, stem_of
from core.natal.predicates import (
    branch_clashes,
    branch_punishes,
    branches_combine,
    has_qi,
    hits,
    is_void,
    nayin_generates,
    nayin_overcomes,
    pillar_is,
    season_fact,
    stem_overcomes,
    stems_combine,
)
from core.natal.verse import Hit, Need, Params, Tag, Theme, Unevaluated, Valence, Verse
from core.question import Sex

_STRONG = ("旺", "相")      # seasonal 旺相
_WEAK = ("休", "囚", "死")  # seasonal 休囚死


# ---- shared helpers -------------------------------------------------------------------------------------------

def _stems(chart: NatalChart, roles: tuple[Role, ...] = ALL) -> list[tuple[Role, Stem]]:
    return [(r, p.stem) for r, p in chart.present(roles) if p.stem is not None]


def _branches(chart: NatalChart, roles: tuple[Role, ...] = ALL) -> list[tuple[Role, Branch]]:
    return [(r, p.branch) for r, p in chart.present(roles) if p.branch is not None]


def _roles(found: Sequence[tuple[Role, object]]) -> tuple[Role, ...]:
    """The pillars of ``found``, each once, in order."""
    return tuple(dict.fromkeys(r for r, _ in found))


def _count(label: str, n: int, scope: str | None = None) -> Fact:
    """``label`` occurs ``n`` times (in ``scope``: 干, 納音 …)."""
    return Fact(name(label), "多", None if scope is None else name(scope), n)


def _each_of(chart: NatalChart, wanted: tuple[Branch, ...] | str, label: str, roles: tuple[Role, ...] = ALL,
             ) -> tuple[tuple[Role, ...], tuple[Fact, ...]] | None:
    """Every branch (or stem, given as a string of stems) of ``wanted`` somewhere among ``roles`` (全): the first
    pillar holding each, or None when one is missing."""
    found: list[tuple[Role, Fact]] = []
    for item in wanted:
        if isinstance(item, Branch):
            role = next((r for r, b in _branches(chart, roles) if b is item), None)
            fact = None if role is None else Fact(branch_of(role, item), "在", name(label))
        else:
            s = Stem[item]
            role = next((r for r, st in _stems(chart, roles) if st is s), None)
            fact = None if role is None else Fact(stem_of(role, s), "在", name(label))
        if role is None or fact is None:
            return None
        found.append((role, fact))
    return _roles(found), tuple(f for _, f in found)


def _carries(chart: NatalChart, role: Role, element: Element) -> Fact | None:
    """The pillar's branch carries ``element`` above it: its stem's element, or else its 納音 (酉上見金 …)."""
    p = chart[role]
    if p is None or p.branch is None:
        return None
    if p.stem is not None and p.stem.element is element:
        return Fact(branch_of(role, p.branch), "有", stem_of(role, p.stem))
    if p.nayin is element:
        return Fact(branch_of(role, p.branch), "有", nayin_of(role, element))
    return None


def _combining(chart: NatalChart, roles: tuple[Role, ...] = ALL) -> list[tuple[Role, Role, Fact]]:
    """Every 干合 pair among ``roles``, the senior pillar first."""
    present = [r for r, _ in _stems(chart, roles)]
    out = []
    for i, a in enumerate(present):
        for b in present[i + 1:]:
            f = stems_combine(chart, a, b)
            if f is not None:
                out.append((a, b, f))
    return out


def _pairs(roles: tuple[Role, ...]) -> Iterator[tuple[Role, Role]]:
    """Unordered pairs of pillars, the first of ``roles`` first."""
    for i, a in enumerate(roles):
        for b in roles[i + 1:]:
            yield a, b


def _seasonal(fact: Fact | None, states: tuple[str, ...]) -> Fact | None:
    return fact if fact is not None and fact.relation in states else None


# ---- V51 命宮 and V54 進退干音 -----------------------------------------------------------------------------

def _v51(chart: NatalChart, params: Params) -> tuple[Hit, ...]:
    """十二宮: the 命宮 as the commentary counts it (生月上加子，順數到生時, ``NatalChart.life_palace``) and, with the
    sex, the palaces after it, forward for a man and backward for a woman, whose third palace is her husband's
    (己巳 3 夫). Reading each palace against 行年 and 太歲 needs inputs outside the chart (J), so the verse reports
    the palaces. The text says 陽命順 陰命逆 of the count too, but its woman's example keeps the man's 命宮 辛未;
    the example is followed. The hit carries the year alone: the palaces govern the whole life, not one period."""
    palace = chart.life_palace
    month, hour = chart.month_branch, chart.branch(Role.時)
    if palace is None or month is None or hour is None:
        return ()
    facts = [Fact(name("子"), "在", branch_of(Role.月, month)), Fact(branch_of(Role.時, hour), "在", name(palace.branch.name)),
             Fact(name(str(palace)), "為", name("命宮"))]
    for title, pair in (chart.palaces() or ())[1:]:
        if chart.sex is Sex.female:
            title = tables.PALACE_OF_A_WOMAN.get(title, title)
        facts.append(Fact(name(str(pair)), "為", name(title)))
    return (Hit((Role.年,), tuple(facts)),)


def _v54(chart: NatalChart, params: Params) -> tuple[Hit, ...]:
    """進退干音: a day or hour branch that is the 長生 of the year stem (生干, 庚 meets 巳) pleases the elders, and
    with the stem 旺相 in season brings advancement through the great; a day or hour 納音 that 生s the year's (生音)
    favours ordinary people and the descendants. "反此則凶退": the reverse of 生, a 剋 of the year's stem or 納音."""
    found: list[Hit] = []
    ys = chart.stem(Role.年)
    for role in DAY_HOUR:
        b = chart.branch(role)
        if ys is not None and b is not None and tables.stem_stage(ys, b, params.yin_reversed_stages) is Stage.長生:
            birth = Fact(stem_of(Role.年, ys), "長生", branch_of(role, b))
            strong = _seasonal(season_fact(stem_of(Role.年, ys), ys.element, chart), _STRONG)
            found.append(Hit((role,), (birth,) if strong is None else (birth, strong),
                             "elders" if strong is None else "elders_noble", Valence.good))
        juniors = nayin_generates(chart, role, Role.年)
        if juniors is not None:
            found.append(Hit((role,), (juniors,), "juniors", Valence.good))
        for against, variant in ((stem_overcomes(chart, role, Role.年), "against_elders"),
                                 (nayin_overcomes(chart, role, Role.年), "against_juniors")):
            if against is not None:
                found.append(Hit((role,), (against,), variant, Valence.bad))
    return tuple(found)


# ---- V55 本卦, V56 返戰 -----------------------------------------------------------------------------------

def _frame(chart: NatalChart, element: Element) -> tuple[tuple[Role, ...], tuple[Fact, ...]] | None:
    """The full 卦 of ``element`` among the five branches (木 亥卯未 … 土 辰戌丑未)."""
    frame = tables.ELEMENT_FRAME[element]
    return _each_of(chart, frame, "".join(b.name for b in frame))


def _v55(chart: NatalChart, params: Params) -> tuple[Hit, ...]:
    """全逢本卦: the full 卦 of the 身 among the branches, with the 身 旺相 in the birth month (out of season it is a
    客卦: rich and noble in look only). 水 and 金 without any 土 納音 do not take form (無土不成氣象)."""
    body = chart.body
    found = None if body is None else _frame(chart, body)
    if body is None or found is None:
        return ()
    roles, facts = found
    season = season_fact(nayin_of(Role.年, body), body, chart)
    if season is None:
        return ()
    if season.relation not in _STRONG:
        return (Hit(roles, (*facts, season), "guest", Valence.bad),)
    if body in (Element.水, Element.金) and not any(tables.nayin(p) is Element.土 for _, p in chart.pairs(ALL)):
        return (Hit(roles, (*facts, season, Fact(name("土"), "無", name("納音"))), "unformed", Valence.mixed),)
    return (Hit(roles, (*facts, season)),)


def _v56(chart: NatalChart, params: Params) -> tuple[Hit, ...]:
    """返戰無功: the full 卦 of the element that 剋s the 身 (火身 申子辰, 水身 四季, 土身 亥卯未, 木身 巳酉丑, 金身
    寅午戌)."""
    body = chart.body
    if body is None:
        return ()
    enemy = body.overcome_by
    found = _frame(chart, enemy)
    if found is None:
        return ()
    roles, facts = found
    return (Hit(roles, (*facts, Fact(name(enemy.name), "剋", nayin_of(Role.年, body)))),)


# ---- V57 命前, V58 命後 ----------------------------------------------------------------------------------

def _beside(chart: NatalChart, ahead: bool) -> tuple[Hit, ...]:
    """The branch one place before the 命 (a yang year stem counts forward, a yin one backward) or behind it, on the
    胎, month, day or hour."""
    ys, yb = chart.stem(Role.年), chart.branch(Role.年)
    if ys is None or yb is None:
        return ()
    target = yb.shift(1 if ys.yang is ahead else -1)
    polarity = Fact(stem_of(Role.年, ys), "為", name("陽干" if ys.yang else "陰干"))
    label = "命前" if ahead else "命後"
    return tuple(Hit((r,), (polarity, Fact(branch_of(r, b), "為", name(label)))) for r, b in _branches(chart, OTHERS)
                 if b is target)


def _v57(chart: NatalChart, params: Params) -> tuple[Hit, ...]:
    """命前胎月: 陽干前一位，陰干後一位, on the 胎 or month and, as the commentary extends it, the day or hour."""
    return _beside(chart, ahead=True)


def _v58(chart: NatalChart, params: Params) -> tuple[Hit, ...]:
    """命後逢之: the place behind the 命. The text states only the yang year (陽干後一位, 丙子 + 己亥); a yin year
    counts the other way, as V57 pairs them."""
    return _beside(chart, ahead=False)


# ---- V59–V64: branches and stems that gather ------------------------------------------------------------------

def _v59(chart: NatalChart, params: Params) -> tuple[Hit, ...]:
    """生逢酉戌: 酉 (the maid) and 戌 (the manservant) both on pillars other than the year; heavier when either
    carries 金 (酉戌見金)."""
    maids = [(r, b) for r, b in _branches(chart, OTHERS) if b is Branch.酉]
    men = [(r, b) for r, b in _branches(chart, OTHERS) if b is Branch.戌]
    found = []
    for (rm, bm), (rn, bn) in ((m, n) for m in maids for n in men):
        facts = [Fact(branch_of(rm, bm), "為", name(tables.SERVANTS[bm])),
                 Fact(branch_of(rn, bn), "為", name(tables.SERVANTS[bn]))]
        metal = [f for f in (_carries(chart, rm, Element.金), _carries(chart, rn, Element.金)) if f is not None]
        found.append(Hit((rm, rn), (*facts, *metal), "metal" if metal else None))
    return tuple(found)


_DING_VARIANTS = {"詩女": ("poetry", None), "酒女": ("wine", None), "孤女": ("lonely", Valence.bad),
                  "玉女": ("jade", Valence.good), "美人": ("beauty", Valence.good)}


def _v60(chart: NatalChart, params: Params) -> tuple[Hit, ...]:
    """丁旺巽坤: 丁巳 (巽, 詩女) or 丁未 (坤, 酒女) seen; the commentary's table adds 丁酉 孤女, 丁卯 玉女 and 己酉, from
    which a beauty comes. Each is its own sub-reading."""
    found = []
    for r, pair in chart.pairs(OTHERS):
        label = tables.DING_WOMEN.get(pair)
        if label is not None:
            variant, valence = _DING_VARIANTS[label]
            found.append(Hit((r,), (Fact(pillar_of(r, pair), "為", name(label)),), variant, valence))
    return tuple(found)


_DRAGON_GROUND = (Branch.亥, Branch.未, Branch.卯, Branch.寅)


def _v61(chart: NatalChart, params: Params) -> tuple[Hit, ...]:
    """龍常亥未卯寅: 甲 (青龍) and 己 (太常) each standing on 亥 未 卯 or 寅 (甲寅 with 己亥, 己未 or 己卯), the year
    included as in the example (甲寅人 己亥日). The reading that both must stand there, not one, is the default."""
    def standing(stem: Stem, general: str) -> list[tuple[Role, tuple[Fact, Fact]]]:
        return [(r, (Fact(stem_of(r, stem), "為", name(general)), Fact(branch_of(r, p.branch), "在", name("亥未卯寅"))))
                for r, p in chart.present(ALL) if p.stem is stem and p.branch in _DRAGON_GROUND]
    return tuple(Hit((rd, rc), (*fd, *fc)) for rd, fd in standing(Stem.甲, "青龍") for rc, fc in standing(Stem.己, "太常"))


def _all_stems(chart: NatalChart, wanted: str) -> tuple[Hit, ...]:
    """Every stem of ``wanted`` somewhere in the five pillars (全)."""
    found = _each_of(chart, wanted, wanted)
    return () if found is None else (Hit(*found),)


def _v62(chart: NatalChart, params: Params) -> tuple[Hit, ...]:
    """甲乙壬癸全逢: the four stems of 水 and 木 all present."""
    return _all_stems(chart, "甲乙壬癸")


_CARDINAL = (Branch.子, Branch.午, Branch.卯, Branch.酉)  # 四正: 坎離 (子午) and 卯酉


def _v63(chart: NatalChart, params: Params) -> tuple[Hit, ...]:
    """艮金瘦小: the day or hour branch is the 絕 of the 身 (金 寅, 土水 巳, 火 亥, 木 申): thin and small.
    離坎高雄: a day or hour pillar on 子 午 卯 酉 with 旺氣 (有氣) is lofty in conduct; without it, big in body. (The
    commentary's 上生下小 下生上大 is V202's own verse.) The verse needs the 身 for its first half; the second reads
    the day and hour alone."""
    found: list[Hit] = []
    body = chart.body
    for role in DAY_HOUR:
        b = chart.branch(role)
        if b is None:
            continue
        if body is not None and stage(body, b) is Stage.絕:
            found.append(Hit((role,), (Fact(nayin_of(Role.年, body), "絕", branch_of(role, b)),), "thin"))
        p = chart[role]
        e = None if p is None else p.nayin
        if e is None or b not in _CARDINAL:
            continue
        place = Fact(branch_of(role, b), "在", name("子午卯酉"))
        qi = has_qi(nayin_of(role, e), e, chart, b, role)
        if qi is not None:
            found.append(Hit((role,), (place, qi), "lofty", Valence.good))
        else:
            found.append(Hit((role,), (place, Fact(nayin_of(role, e), "無氣", branch_of(role, b))), "big"))
    return tuple(found)


_ILLNESS_OF = {Element.火: None, Element.水: "kidney", Element.木: "liver", Element.土: "spleen", Element.金: "lung"}


def _v64(chart: NatalChart, params: Params) -> tuple[Hit, ...]:
    """三丁二丙到金: many 丙丁 (``params.many_elements`` stems) with one of them at its 病 or 死 (申 酉), for the
    mouth and sores; and as the commentary extends it, many 壬癸 at 寅卯 (kidney, cold), 甲乙 at 巳午 (wind, liver),
    戊己 at 寅卯 (limbs, spleen), 庚辛 at 亥子 (lung cold): each the stems' 病死 ground, element-based as the text
    counts (丙丁到申酉病死之地)."""
    found = []
    for element, variant in _ILLNESS_OF.items():
        own = [(r, s) for r, s in _stems(chart) if s.element is element]
        if len(own) < params.many_elements:
            continue
        count = _count("".join(dict.fromkeys(s.name for _, s in own)), len(own), "干")
        for r, s in own:
            b = chart.branch(r)
            at = None if b is None else stage(element, b)
            if b is not None and at in (Stage.病, Stage.死):
                assert at is not None
                found.append(Hit(_roles(own), (count, Fact(stem_of(r, s), at.name, branch_of(r, b))), variant))
    return tuple(found)


# ---- V65 盛衰, V66–V69 the directions ------------------------------------------------------------------------

_EXCESS_OF = {Element.水: "water", Element.火: "fire", Element.木: "wood", Element.金: "metal", Element.土: None}


def _v65(chart: NatalChart, params: Params) -> tuple[Hit, ...]:
    """子午陰陽見盛衰: one 納音 element 太過 (``params.excess`` of the five): 水 wanders, 火 loses at its height, 木
    breaks, 金 is 凶 (土 the text does not name); "盛則須有鬼": with its 鬼 present it is checked. 不及 (§1.6's
    default, which the catalogue calls judgment): with the four pillars known, the 身 element in the year alone and
    nothing that 生s it; a 身 that has its 財 is not destitute."""
    found = []
    whole = list(chart.pairs(ALL))
    by_element = Counter(tables.nayin(p) for _, p in whole)
    for element, n in by_element.items():
        if n < params.excess:
            continue
        roles = tuple(r for r, p in whole if tables.nayin(p) is element)
        excess = Fact(name(element.name), "太過", name("納音"), n)
        ghosts = [(r, p) for r, p in whole if tables.nayin(p) is element.overcome_by]
        if ghosts:
            r, _ = ghosts[0]
            found.append(Hit(roles + (r,), (excess, Fact(nayin_of(r, element.overcome_by), "剋", name(element.name))),
                             "checked", Valence.mixed))
        else:
            found.append(Hit(roles, (excess,), _EXCESS_OF[element]))
    deficient = _deficient(chart, whole)
    return tuple(found) + deficient


def _deficient(chart: NatalChart, whole: list[tuple[Role, StemBranch]]) -> tuple[Hit, ...]:
    body = chart.body
    if body is None or any(chart.nayin(r) is None for r in FOUR):
        return ()
    same = [r for r, p in whole if tables.nayin(p) is body]
    if len(same) > 1 or any(tables.nayin(p) is body.generated_by for _, p in whole):
        return ()
    facts = (Fact(nayin_of(Role.年, body), "不及", None, len(same)), Fact(name(body.generated_by.name), "無", name("納音")))
    wealth = [(r, p) for r, p in whole if tables.nayin(p) is body.overcomes]
    if wealth:
        r, _ = wealth[0]
        return (Hit((Role.年, r), (*facts, Fact(nayin_of(r, body.overcomes), "為", name("財"))), "deficient_wealth",
                    Valence.mixed),)
    return (Hit((Role.年,), facts, "deficient"),)


def _pure(chart: NatalChart, day: bool) -> tuple[Hit, ...]:
    """All four branches of the 四柱 晝 (卯–申, the south) or all 夜 (酉–寅, the north)."""
    known = _branches(chart, FOUR)
    if len(known) < len(FOUR) or any(tables.is_day_branch(b) is not day for _, b in known):
        return ()
    label = name("晝" if day else "夜")
    return (Hit(FOUR, tuple(Fact(branch_of(r, b), "為", label) for r, b in known)),)


def _v66(chart: NatalChart, params: Params) -> tuple[Hit, ...]:
    """南多北少: 只有晝而無夜，純陽 (戊辰 丁巳 己未 庚午)."""
    return _pure(chart, day=True)


def _v67(chart: NatalChart, params: Params) -> tuple[Hit, ...]:
    """返此之方: 只有夜而無晝 (戌年 亥月 子日 丑時)."""
    return _pure(chart, day=False)


def _direction(chart: NatalChart, wanted: tuple[Branch, ...], label: str, absent: tuple[Branch, ...],
               ) -> tuple[tuple[Role, ...], tuple[Fact, ...]] | None:
    """The branches of one direction all present and none of ``absent`` (the opposite side)."""
    found = _each_of(chart, wanted, label)
    if found is None or any(b in absent for _, b in _branches(chart)):
        return None
    roles, facts = found
    return roles, (*facts, Fact(name("".join(b.name for b in absent)), "無"))


def _v68(chart: NatalChart, params: Params) -> tuple[Hit, ...]:
    """東方全見: 寅卯辰 all present and no western branch (只有東王公; 寅年 卯月 辰日 巳時)."""
    found = _direction(chart, tables.EAST, "東方", tables.WEST)
    return () if found is None else (Hit(*found),)


def _v69(chart: NatalChart, params: Params) -> tuple[Hit, ...]:
    """西望東衰，金盛: 申酉戌 all present, no 寅卯, and 金 旺相 in the birth month (申年 未月 戌日 酉時 戌胎: 未 土,
    金 相)."""
    found = _direction(chart, tables.WEST, "西方", (Branch.寅, Branch.卯))
    metal = _seasonal(season_fact(name("金"), Element.金, chart), _STRONG)
    if found is None or metal is None:
        return ()
    roles, facts = found
    return (Hit(roles, (*facts, metal)),)


# ---- V70–V71 ----------------------------------------------------------------------------------------------

_CRAFT = frozenset({StemBranch.parse("壬子"), StemBranch.parse("癸亥")})


def _v70(chart: NatalChart, params: Params) -> tuple[Hit, ...]:
    """癸壬亥子: 壬癸 on 亥子 (壬子, 癸亥) in ``params.many`` pillars, the year included (壬子人 癸亥日)."""
    found = [(r, f) for r, _ in chart.pairs(ALL) if (f := pillar_is(chart, r, _CRAFT, "壬癸亥子")) is not None]
    if len(found) < params.many:
        return ()
    return (Hit(_roles(found), (_count("壬癸亥子", len(found)), *(f for _, f in found))),)


def _v71(chart: NatalChart, params: Params) -> tuple[Hit, ...]:
    """癸甲壬全: 癸 玄武, 甲 the beard and 壬 陰暗 all present."""
    return _all_stems(chart, "癸甲壬")


# ---- V72–V78: 干合 ---------------------------------------------------------------------------------------

def _v72(chart: NatalChart, params: Params) -> tuple[Hit, ...]:
    """月胎歲合: the month or the 胎 forms a 干合 with the year stem or a 支合 with the year branch (both examples
    have both; either is read as the 合)."""
    found = []
    for role in (Role.月, Role.胎):
        facts = tuple(f for f in (stems_combine(chart, role, Role.年), branches_combine(chart, role, Role.年))
                      if f is not None)
        if facts:
            found.append(Hit((role,), facts))
    return tuple(found)


def _v73(chart: NatalChart, params: Params) -> tuple[Hit, ...]:
    """歲日朝時: the year stem forms a 干合 with the day or hour stem (庚人 乙日時, 丙人 辛日時)."""
    return hits(*(None if (f := stems_combine(chart, Role.年, r)) is None else Hit((r,), (f,)) for r in DAY_HOUR))


def _v74(chart: NatalChart, params: Params) -> tuple[Hit, ...]:
    """合分內外: a 合 with the year's own stem is 內合, any other 外合; the commentary reads them on the month: 內合
    on the month → established at home, 外合 → established away."""
    found = []
    inner = stems_combine(chart, Role.月, Role.年)
    if inner is not None:
        found.append(Hit((Role.月,), (inner,), "inner"))
    for role in (Role.日, Role.時, Role.胎):
        outer = stems_combine(chart, Role.月, role)
        if outer is not None:
            found.append(Hit((Role.月, role), (outer,), "outer"))
    return tuple(found)


def _v75(chart: NatalChart, params: Params) -> tuple[Hit, ...]:
    """略取其強: the year stem and its 合 on the day or hour; the yang one is the husband, the yin one the wife, and
    the one at 旺相 ground (長生 冠帶 臨官 帝旺) on that branch is the stronger (庚午人 乙酉: 庚旺 乙敗 → husband).
    Neither or both strong: no side is named. Stages by ``params.yin_reversed_stages`` (element-based default)."""
    found = []
    ys = chart.stem(Role.年)
    for role in DAY_HOUR:
        union, s, b = stems_combine(chart, Role.年, role), chart.stem(role), chart.branch(role)
        if union is None or ys is None or s is None or b is None:
            continue
        (rh, husband), (rw, wife) = ((Role.年, ys), (role, s)) if ys.yang else ((role, s), (Role.年, ys))
        sh = tables.stem_stage(husband, b, params.yin_reversed_stages)
        sw = tables.stem_stage(wife, b, params.yin_reversed_stages)
        strong_h, strong_w = sh in tables.QI_STAGES, sw in tables.QI_STAGES
        if strong_h is strong_w:
            continue
        facts = (union, Fact(stem_of(rh, husband), sh.name, branch_of(role, b)), Fact(stem_of(rw, wife), sw.name,
                                                                                      branch_of(role, b)))
        found.append(Hit((role,), facts, "husband" if strong_h else "wife"))
    return tuple(found)


def _v76(chart: NatalChart, params: Params) -> tuple[Hit, ...]:
    """合逢四位: two 干合 pairs among the 四柱 on four different pillars (甲己 and 丁壬)."""
    unions = _combining(chart, FOUR)
    return tuple(Hit((a, b, c, d), (f, g)) for i, (a, b, f) in enumerate(unions) for c, d, g in unions[i + 1:]
                 if not {a, b} & {c, d})


def _v77(chart: NatalChart, params: Params) -> tuple[Hit, ...]:
    """隔合居中: a 干合 pair with a pillar between them, in the order the chart is written (年 月 日 時, 胎 last),
    whose stem 剋s one of the partners (甲子人 庚午月 己卯日: 甲 blocked by 庚; 丁人 戊 then 壬)."""
    found = []
    for a, b, union in _combining(chart):
        low, high = sorted((a.written, b.written))
        for c in ALL:
            if low < c.written < high:
                block = stem_overcomes(chart, c, a) or stem_overcomes(chart, c, b)
                if block is not None:
                    found.append(Hit((a, c, b), (union, block)))
    return tuple(found)


_WEAK_GROUND = (Stage.墓, Stage.絕)


def _v78(chart: NatalChart, params: Params) -> tuple[Hit, ...]:
    """造於偏地見多: ``params.many`` 干合 pairs whose 化 element (真五行) is at 墓 or 絕 on a partner's branch, the
    non-year partner first (甲子 己巳: 土 絕 at 巳; 乙丑 庚申: 金 墓 at 丑)."""
    weak: list[tuple[tuple[Role, Role], tuple[Fact, ...]]] = []
    for a, b, union in _combining(chart):
        sa = chart.stem(a)
        assert sa is not None
        hua = tables.HUA[sa]
        for role in sorted((a, b), key=lambda r: r is Role.年):
            br = chart.branch(role)
            at = None if br is None else stage(hua, br)
            if br is not None and at in _WEAK_GROUND:
                assert at is not None
                weak.append(((a, b), (union, Fact(stem_of(a, sa), "化", name(hua.name)),
                                      Fact(name(hua.name), at.name, branch_of(role, br)))))
                break
    if len(weak) < params.many:
        return ()
    roles = tuple(dict.fromkeys(r for pair, _ in weak for r in pair))
    return (Hit(roles, tuple(f for _, facts in weak for f in facts)),)


# ---- V79–V83 ----------------------------------------------------------------------------------------------

def _v79(chart: NatalChart, params: Params) -> tuple[Hit, ...]:
    """時日暗投: the day or hour is an 暗合 pillar (癸巳 辛巳 壬午 甲午 丁亥 戊子)."""
    return hits(*(None if (f := pillar_is(chart, r, tables.HIDDEN_UNION, "暗合")) is None else Hit((r,), (f,))
                  for r in DAY_HOUR))


_TWICE = 2  # 地刑兩見


def _v80(chart: NatalChart, params: Params) -> tuple[Hit, ...]:
    """地刑兩見: the year branch's 地殺 (申子辰 戌, 巳酉丑 未, 寅午戌 辰, 亥卯未 丑) twice in the other pillars, or once
    on the hour (時居上則應)."""
    yb = chart.branch(Role.年)
    if yb is None:
        return ()
    killer = tables.EARTH_KILLER[yb]
    seen = [(r, b) for r, b in _branches(chart, OTHERS) if b is killer]
    if len(seen) < _TWICE and not any(r is Role.時 for r, _ in seen):
        return ()
    return (Hit(_roles(seen), tuple(Fact(branch_of(r, b), "為", name("地殺")) for r, b in seen)),)


def _at_bath(chart: NatalChart, roles: tuple[Role, ...]) -> Fact | None:
    """A non-year pillar of ``roles`` stands on the 敗 (沐浴) of the 身."""
    body = chart.body
    for r in roles:
        b = chart.branch(r)
        if body is not None and b is not None and r is not Role.年 and stage(body, b) is Stage.沐浴:
            return Fact(nayin_of(Role.年, body), "沐浴", branch_of(r, b))
    return None


def _v81(chart: NatalChart, params: Params) -> tuple[Hit, ...]:
    """壬乙於命敗之鄉: 壬 (天后) and 乙 (六合), the 私門干, both present (壬午人 乙卯時, 乙卯人 壬辰時). "在下主此出身，
    在身主私通": both in junior pillars → born of a secondary wife; one of them the year's own stem → the native's
    own liaisons ("self"). The commentary's two examples both hold the year, and neither stands on the 命's 敗;
    ``params.private_gate_at_bath`` asks for that ground as the verse words it."""
    found = []
    for (rq, _), (rg, _) in ((q, g) for q in _stems(chart) if q[1] is Stem.壬 for g in _stems(chart) if g[1] is Stem.乙):
        facts = [Fact(stem_of(rq, Stem.壬), "為", name("天后")), Fact(stem_of(rg, Stem.乙), "為", name("六合"))]
        if params.private_gate_at_bath:
            bath = _at_bath(chart, (rq, rg))
            if bath is None:
                continue
            facts.append(bath)
        roles = tuple(sorted((rq, rg)))
        found.append(Hit(roles, tuple(facts), "self" if Role.年 in roles else None))
    return tuple(found)


def _v82(chart: NatalChart, params: Params) -> tuple[Hit, ...]:
    """干合身敗: the year stem's 干合 on the day or hour, whose branch is the 敗 (沐浴) of the 身 (戊寅 土 + 癸酉)."""
    found = []
    for role in DAY_HOUR:
        union = stems_combine(chart, Role.年, role)
        bath = None if union is None else _at_bath(chart, (role,))
        if union is not None and bath is not None:
            found.append(Hit((role,), (union, bath)))
    return tuple(found)


_PEAK = (Stage.長生, Stage.臨官, Stage.帝旺)


def _v83(chart: NatalChart, params: Params) -> tuple[Hit, ...]:
    """身到旺鄉有鬼: the 身 at 長生 臨官 or 帝旺 on the day or hour branch, whose stem is the 官鬼 of the year stem
    (剋s it) → rank; whose stem the year stem 剋s → wealth. The text says "到食則財", but its example (癸卯 金人 丁酉)
    has 丁, the 財 of 癸, not its 食; the example is followed. Its "見官見鬼之干皆須旺" is said of the other cases
    (其餘) and is not asked: the example 丁卯 has 丁 at 沐浴."""
    found = []
    body = chart.body
    for role in DAY_HOUR:
        b = chart.branch(role)
        at = None if body is None or b is None else stage(body, b)
        if body is None or b is None or at not in _PEAK:
            continue
        assert at is not None
        place = Fact(nayin_of(Role.年, body), at.name, branch_of(role, b))
        ghost, wealth = stem_overcomes(chart, role, Role.年), stem_overcomes(chart, Role.年, role)
        if ghost is not None:
            found.append(Hit((role,), (place, ghost), "noble"))
        elif wealth is not None:
            found.append(Hit((role,), (place, wealth), "wealth"))
    return tuple(found)


# ---- V84–V90 ----------------------------------------------------------------------------------------------

def _v84(chart: NatalChart, params: Params) -> tuple[Hit, ...]:
    """坎離子午，丙壬重多: ``params.many`` stems each at their own 長生 (丙寅, 壬申 …, "兩三重"): all 火 at 寅 → twin
    sons, all 水 at 申 → twin daughters, stems of several kinds at the four 長生 places → twins of both sexes."""
    born = [(r, p) for r, p in chart.pairs(ALL) if stage(p.stem.element, p.branch) is Stage.長生]
    if len(born) < params.many:
        return ()
    facts = tuple(Fact(stem_of(r, p.stem), "長生", branch_of(r, p.branch)) for r, p in born)
    elements = {p.stem.element for _, p in born}
    variant = ("sons" if elements == {Element.火} else "daughters" if elements == {Element.水} else "both")
    return (Hit(_roles(born), facts, variant),)


def _v85(chart: NatalChart, params: Params) -> tuple[Hit, ...]:
    """時與胎連月合: the hour stem forms a 干合 with the 胎 stem (癸卯胎 戊寅時); a day–胎 合 does not count."""
    union = stems_combine(chart, Role.胎, Role.時)
    return () if union is None else (Hit((Role.胎, Role.時), (union,)),)


def _v86(chart: NatalChart, params: Params) -> tuple[Hit, ...]:
    """辛多旺相: 辛 (太陰) ``params.many`` times, with 金 旺相 in the birth month (辛卯人 七八月)."""
    xin = [(r, s) for r, s in _stems(chart) if s is Stem.辛]
    metal = _seasonal(season_fact(name("金"), Element.金, chart), _STRONG)
    if len(xin) < params.many or metal is None:
        return ()
    return (Hit(_roles(xin), (_count("辛", len(xin), "干"), metal)),)


def _v87(chart: NatalChart, params: Params) -> tuple[Hit, ...]:
    """金盛逢刑: a pillar other than the year 刑s the year branch and its 納音 剋s the 身 (乙未 金 + 甲戌 火). The
    commentary widens it beyond a 金 身 (此例非獨…見刑身剋破之鬼), so any 身 is read."""
    found = []
    for role in OTHERS:
        punishment, overcoming = branch_punishes(chart, role, Role.年), nayin_overcomes(chart, role, Role.年)
        if punishment is not None and overcoming is not None:
            found.append(Hit((role,), (punishment, overcoming)))
    return tuple(found)


def _v88(chart: NatalChart, params: Params) -> tuple[Hit, ...]:
    """甲逢壬癸: a single 甲 among ``params.many_elements`` 壬癸 stems. The text says four (一重木四重水); its example
    has four with the 胎 (甲子 壬申 壬寅 癸卯, 胎 癸亥)."""
    jia = [(r, s) for r, s in _stems(chart) if s is Stem.甲]
    water = [(r, s) for r, s in _stems(chart) if s in (Stem.壬, Stem.癸)]
    if len(jia) != 1 or len(water) < params.many_elements:
        return ()
    return (Hit(_roles([*jia, *water]), (Fact(stem_of(jia[0][0], Stem.甲), "見", None, 1),
                                      _count("壬癸", len(water), "干"))),)


def _v89(chart: NatalChart, params: Params) -> tuple[Hit, ...]:
    """孤木柱逢多水: one 木 納音 pillar among ``params.many_elements`` 水 納音 pillars (己巳 木, 丙子 癸巳 癸亥 水).
    The text says 水 on four pillars; its example has three."""
    whole = list(chart.pairs(ALL))
    wood = [(r, p) for r, p in whole if tables.nayin(p) is Element.木]
    water = [(r, p) for r, p in whole if tables.nayin(p) is Element.水]
    if len(wood) != 1 or len(water) < params.many_elements:
        return ()
    return (Hit(_roles([*wood, *water]), (Fact(nayin_of(wood[0][0], Element.木), "為", name("孤木")),
                                       _count("水", len(water), "納音"))),)


_HEALERS = (Stem.丙, Stem.辛)


def _v90(chart: NatalChart, params: Params) -> tuple[Hit, ...]:
    """辛乾巽丙: 丙 (moxa) or 辛 (the needle) on 乾 (戌亥, 天門 天醫) or 巽 (辰巳, 地户 地醫): 丙戌 辛亥 丙辰 辛巳 on a
    pillar other than the year (the commentary's 丙辰人 with 丙辛 on 戌亥)."""
    found = []
    for r, p in chart.pairs(OTHERS):
        trigram = tables.TRIGRAM_OF_BRANCH[p.branch]
        if p.stem in _HEALERS and trigram in ("乾", "巽"):
            found.append(Hit((r,), (Fact(pillar_of(r, p), "在", name(trigram)),)))
    return tuple(found)


def _v91(chart: NatalChart, params: Params) -> tuple[Hit, ...]:
    """干傷支有相刑: the day or hour stem is the 鬼 (剋s the year stem) or the 倒食 (偏印: 生s it, same polarity) of
    the year stem, with no stem elsewhere to 剋 it (無救), and its branch 刑s the year branch, 自刑 included. The
    rescue is the verse's own, so the V218 gate is not declared."""
    found = []
    ys = chart.stem(Role.年)
    for role in DAY_HOUR:
        s, punishment = chart.stem(role), branch_punishes(chart, role, Role.年)
        if ys is None or s is None or punishment is None:
            continue
        harm = stem_overcomes(chart, role, Role.年)
        kind = "鬼"
        if harm is None and s.element.generates is ys.element and s.yang is ys.yang:
            harm, kind = Fact(stem_of(role, s), "生", stem_of(Role.年, ys)), "倒食"
        rescuer = s.element.overcome_by
        if harm is None or any(t.element is rescuer for r, t in _stems(chart) if r is not role):
            continue
        found.append(Hit((role,), (harm, Fact(stem_of(role, s), "為", name(kind)), punishment,
                                   Fact(name(rescuer.name), "無", name("干")))))
    return tuple(found)


# ---- V92–V96 ----------------------------------------------------------------------------------------------

def _v92(chart: NatalChart, params: Params) -> tuple[Hit, ...]:
    """旺中戊己: 戊己 ``params.many`` times in a 六月 or 七月 birth → descendants local officials; in 四月 or 五月
    → wealth instead."""
    earth = [(r, s) for r, s in _stems(chart) if s in (Stem.戊, Stem.己)]
    n, mb = chart.month_number, chart.month_branch
    if len(earth) < params.many or n is None or mb is None or n not in (4, 5, 6, 7):
        return ()
    facts = (_count("戊己", len(earth), "干"), Fact(branch_of(Role.月, mb), "為", name(f"{n}月")))
    return (Hit(_roles(earth), facts, None if n in (6, 7) else "wealth"),)


def _v93(chart: NatalChart, params: Params) -> tuple[Hit, ...]:
    """太乙與神后休囚: 子 (神后) and 巳 (太乙) on the day and the hour, both 休囚死 in the birth month (子日 巳時
    六月: 水死 火休)."""
    for rz, rs in ((Role.日, Role.時), (Role.時, Role.日)):
        if chart.branch(rz) is Branch.子 and chart.branch(rs) is Branch.巳:
            zi, si = branch_of(rz, Branch.子), branch_of(rs, Branch.巳)
            wz = _seasonal(season_fact(zi, Element.水, chart), _WEAK)
            ws = _seasonal(season_fact(si, Element.火, chart), _WEAK)
            if wz is not None and ws is not None:
                return (Hit(DAY_HOUR, (Fact(zi, "為", name("神后")), Fact(si, "為", name("太乙")), wz, ws)),)
    return ()


def _census(chart: NatalChart, five: frozenset[Stem], label: str) -> Fact | None:
    """The four stems of the 四柱 all of one five (前五 甲–戊, 後五 己–癸)."""
    stems = _stems(chart, FOUR)
    if len(stems) < len(FOUR) or any(s not in five for _, s in stems):
        return None
    return Fact(name("".join(s.name for _, s in stems)), "為", name(label))


def _v94(chart: NatalChart, params: Params) -> tuple[Hit, ...]:
    """五陽前建: the four stems all in 甲–戊, and one of them 旺 in the birth month or with its 祿 among the four
    branches (戊午 丁巳 丁卯 乙巳: 丁 旺 in 四月, 戊 建 at 巳)."""
    census = _census(chart, tables.FRONT_FIVE, "前五")
    if census is None:
        return ()
    strong: list[Fact] = []
    branches = _branches(chart, FOUR)
    for r, s in _stems(chart, FOUR):
        peak = season_fact(stem_of(r, s), s.element, chart)
        if peak is not None and peak.relation == "旺":
            strong.append(peak)
        lu = next((Fact(branch_of(rb, b), "祿", stem_of(r, s)) for rb, b in branches if b is tables.LU[s]), None)
        if lu is not None:
            strong.append(lu)
    return (Hit(FOUR, (census, *strong)),) if strong else ()


def _punishments(chart: NatalChart, params: Params) -> list[tuple[tuple[Role, ...], Fact]]:
    """Every 刑 among the five branches, 自刑 of a branch met twice included; a lone 辰午酉亥 too when
    ``params.lone_self_punishment`` (V95's commentary calls single 亥 and 酉 自刑)."""
    found: list[tuple[tuple[Role, ...], Fact]] = []
    for a, b in _pairs(ALL):
        f = branch_punishes(chart, a, b) or branch_punishes(chart, b, a)
        if f is not None:
            found.append(((a, b), f))
    if params.lone_self_punishment:
        doubled = {r for roles, f in found if f.relation == "自刑" for r in roles}
        found += [((r,), Fact(branch_of(r, b), "自刑")) for r, b in _branches(chart)
                  if punished_by(b) is b and r not in doubled]
    return found


def _v95(chart: NatalChart, params: Params) -> tuple[Hit, ...]:
    """後五逢之，犯刑空: the four stems all in 己–癸, with a 刑 anywhere, a 空亡 (``params.void_reference``'s 旬) on
    another pillar, or the year branch's 劫殺 on another pillar; one hit for each."""
    census = _census(chart, tables.BACK_FIVE, "後五")
    yb = chart.branch(Role.年)
    if census is None or yb is None:
        return ()
    found = [Hit(roles, (census, f)) for roles, f in _punishments(chart, params)]
    for role in OTHERS:
        void = None if role is params.void_reference else is_void(chart, params, role)
        if void is not None:
            found.append(Hit((role,), (census, void)))
    found += [Hit((r,), (census, Fact(branch_of(r, b), "為", name("劫殺")))) for r, b in _branches(chart, OTHERS)
              if b is tables.ROBBERY[yb]]
    return tuple(found)


_MOTHER_TOMB = frozenset(StemBranch.parse(p) for p in ("丙辰", "丙戌", "戊辰", "戊戌"))


def _v96(chart: NatalChart, params: Params) -> tuple[Hit, ...]:
    """相衝辰戌，丙戌居墓: 辰 and 戌 clash in the chart and one of 丙辰 丙戌 戊辰 戊戌 stands in it (辰戌土見母墓)."""
    clash = next(((a, b, f) for a, b in _pairs(ALL) if (f := branch_clashes(chart, a, b)) is not None
                  and {chart.branch(a), chart.branch(b)} == {Branch.辰, Branch.戌}), None)
    tombs = [(r, f) for r in ALL if (f := pillar_is(chart, r, _MOTHER_TOMB, "墓")) is not None]
    if clash is None or not tombs:
        return ()
    a, b, f = clash
    return (Hit(tuple(dict.fromkeys((a, b, *(r for r, _ in tombs)))), (f, *(t for _, t in tombs))),)


# ---- V97–V103 ---------------------------------------------------------------------------------------------

def _v97(chart: NatalChart, params: Params) -> tuple[Hit, ...]:
    """辰多: 辰 (罡) ``params.many`` times among the five branches."""
    chen = [(r, b) for r, b in _branches(chart) if b is Branch.辰]
    if len(chen) < params.many:
        return ()
    return (Hit(_roles(chen), (_count("辰", len(chen), "支"),
                               *(Fact(branch_of(r, b), "為", name("天罡")) for r, b in chen))),)


def _v98(chart: NatalChart, params: Params) -> tuple[Hit, ...]:
    """戌見: 戌 (天魁) on a pillar other than the year (見)."""
    return tuple(Hit((r,), (Fact(branch_of(r, b), "為", name("天魁")),)) for r, b in _branches(chart, OTHERS)
                 if b is Branch.戌)


def _v99(chart: NatalChart, params: Params) -> tuple[Hit, ...]:
    """旬中六甲: the 甲 that heads the year's 旬 on another pillar (己卯人 甲戌日時); 有氣 → noble, without it "near
    noble" (有氣則貴，無則近貴)."""
    y = chart.year
    pair = None if y is None else y.pair
    if pair is None:
        return ()
    head = pair.xun_head
    found = []
    for r, p in chart.pairs(OTHERS):
        if p != head:
            continue
        e = tables.nayin(p)
        facts = (Fact(pillar_of(Role.年, pair), "在", name(f"{head}旬")), Fact(pillar_of(r, p), "為", name("旬首")))
        qi = has_qi(nayin_of(r, e), e, chart, p.branch, r)
        if qi is not None:
            found.append(Hit((r,), (*facts, qi)))
        else:
            found.append(Hit((r,), (*facts, Fact(nayin_of(r, e), "無氣", branch_of(r, p.branch))), "near"))
    return tuple(found)


def _v100(chart: NatalChart, params: Params) -> tuple[Hit, ...]:
    """天綱如逢日時: 癸, where the ten stems end (天綱), on the day or hour; without 癸 the household is spared."""
    return tuple(Hit((r,), (Fact(stem_of(r, s), "為", name("天綱")),)) for r, s in _stems(chart, DAY_HOUR)
                 if s is Stem.癸)


def _v101(chart: NatalChart, params: Params) -> tuple[Hit, ...]:
    """木逢金盛: ``params.many`` pillars whose 納音 剋s the 身 (壬子 木 with 庚戌 辛巳 金; the commentary widens it
    to any 身 剋ed many times); heaviest when the day and the hour are both among them (日時最重)."""
    against = [(r, f) for r in OTHERS if (f := nayin_overcomes(chart, r, Role.年)) is not None]
    if len(against) < params.many:
        return ()
    roles = _roles(against)
    heavy = Role.日 in roles and Role.時 in roles
    return (Hit(roles, tuple(f for _, f in against), "heavy" if heavy else None),)


_GATES = ((Branch.卯, Element.土, "blocked"), (Branch.酉, Element.木, "dissipated"))


def _v102(chart: NatalChart, params: Params) -> tuple[Hit, ...]:
    """金上安仁: 卯 and 酉 are the household's gates. 土 on 卯 (己卯) on the day or hour blocks them; 木 on 酉 (辛酉 …)
    opens them a little, then drains. Heavy when that element is out of season (不得氣), light when in season."""
    found = []
    for role in DAY_HOUR:
        b = chart.branch(role)
        for gate, element, variant in _GATES:
            carried = None if b is not gate else _carries(chart, role, element)
            if carried is None:
                continue
            assert carried.object is not None
            season = season_fact(carried.object, element, chart)
            if season is None:
                found.append(Hit((role,), (carried,), variant))
            else:
                weight = "light" if season.relation in _STRONG else "heavy"
                found.append(Hit((role,), (carried, season), f"{variant}_{weight}"))
    return tuple(found)


def _v103(chart: NatalChart, params: Params) -> tuple[Hit, ...]:
    """五行太過: one element 太過 (``params.excess`` of the five) among the stems or the 納音 with nothing of its
    鬼 at that layer to restrain it: judged as weak (辛未人 庚寅月 庚寅時: 庚辛 with the 胎 辛巳 four, no 丙丁)."""
    found = []
    layers = (("干", [(r, s.element) for r, s in _stems(chart)]),
              ("納音", [(r, tables.nayin(p)) for r, p in chart.pairs(ALL)]))
    for layer, elements in layers:
        for element, n in Counter(e for _, e in elements).items():
            if n >= params.excess and not any(e is element.overcome_by for _, e in elements):
                roles = tuple(r for r, e in elements if e is element)
                found.append(Hit(roles, (Fact(name(element.name), "太過", name(layer), n),
                                         Fact(name(element.overcome_by.name), "無", name(layer)))))
    return tuple(found)


# ---- V105 八方之卦: the women's chapter -----------------------------------------------------------------------

def _v105(chart: NatalChart, params: Params) -> tuple[Hit, ...]:
    """八方之卦，能推陰女盛衰, read only for a woman: her nature (many 死絕, many 合, many 旺相, many 壬癸, 驛馬, 庚辛
    of use), her husband's road and house (夫道, 夫家), harm to the kin of the 八卦 (艮 少男 …) and 正鬼 (偏夫)."""
    if chart.sex is not Sex.female:
        return ()
    return (*_woman_nature(chart, params), *_husband(chart), *_family_harm(chart), *_improper_husband(chart))


def _woman_nature(chart: NatalChart, params: Params) -> list[Hit]:
    """犯死絕無氣 → of a good house; 干合 支合 三合 many → the husband not true; she dislikes many 旺相, many 壬癸
    and the 驛馬; 庚辛 of use (有氣) → rich, noble, salaried. The counts rest on ``params.many`` (死絕, 合) and
    ``params.many_elements`` (旺相 pillars, 壬癸 stems)."""
    found: list[Hit] = []
    whole = list(chart.pairs(ALL))
    dead = [(r, Fact(nayin_of(r, e), at.name, branch_of(r, p.branch))) for r, p in whole
            if (at := stage(e := tables.nayin(p), p.branch)) in (Stage.死, Stage.絕)]
    if len(dead) >= params.many:
        found.append(Hit(_roles(dead), tuple(f for _, f in dead), "chaste", Valence.good))
    unions = _unions(chart)
    if len(unions) >= params.many:
        found.append(Hit(tuple(dict.fromkeys(r for roles, _ in unions for r in roles)), tuple(f for _, f in unions),
                         "untrue", Valence.bad))
    strong = [(r, f) for r, p in whole
              if (f := _seasonal(season_fact(nayin_of(r, tables.nayin(p)), tables.nayin(p), chart), _STRONG))]
    if len(strong) >= params.many_elements:
        found.append(Hit(_roles(strong), tuple(f for _, f in strong), "strong", Valence.bad))
    water = [(r, s) for r, s in _stems(chart) if s in (Stem.壬, Stem.癸)]
    if len(water) >= params.many_elements:
        found.append(Hit(_roles(water), (_count("壬癸", len(water), "干"),), "water", Valence.bad))
    yb = chart.branch(Role.年)
    if yb is not None:
        found += [Hit((r,), (Fact(branch_of(r, b), "為", name("驛馬")),), "horse", Valence.bad)
                  for r, b in _branches(chart, OTHERS) if b is tables.POST_HORSE[yb]]
    found += [Hit((r,), (qi,), "metal", Valence.good) for r, s in _stems(chart, OTHERS) if s in (Stem.庚, Stem.辛)
              and (qi := has_qi(stem_of(r, s), s.element, chart, chart.branch(r), r)) is not None]
    return found


def _unions(chart: NatalChart) -> list[tuple[tuple[Role, ...], Fact]]:
    """Every 干合 and 支合 pair and every full 三合 among the five pillars."""
    out: list[tuple[tuple[Role, ...], Fact]] = [((a, b), f) for a, b, f in _combining(chart)]
    out += [((a, b), f) for a, b in _pairs(ALL) if (f := branches_combine(chart, a, b)) is not None]
    present = _branches(chart)
    for frame in full_frames({b for _, b in present}):
        roles = tuple(next(r for r, b in present if b is m) for m in frame.members)
        out.append((roles, Fact(name("".join(m.name for m in frame.members)), "三合")))
    return out


def _husband(chart: NatalChart) -> list[Hit]:
    """夫道 (the birth year's month carrying her husband stem) and 夫家 (the month on its 祿): unbroken by any
    pillar (no 沖 of their branch, no 剋 of their stem) and the husband stem 旺相 in the birth month → the husband
    lives to a peaceful old age; otherwise not noble (甲子 woman: 辛 夫, 夫道 辛未, 夫家 癸酉)."""
    ys = chart.stem(Role.年)
    if ys is None:
        return []
    husband = tables.HUSBAND_STEM[ys]
    season = season_fact(name(husband.name), husband.element, chart)
    if season is None:
        return []
    places = [(p, "夫道") for p in tables.husband_roads(ys)] + [(tables.husband_home(ys), "夫家")]
    facts = [Fact(name(str(p)), "為", name(label)) for p, label in places]
    breaks = [(r, f) for p, _ in places for r, q in chart.present(ALL) for f in _breaking(r, q.stem, q.branch, p)]
    good = not breaks and season.relation in _STRONG
    return [Hit((Role.年, *_roles(breaks)), (*facts, season, *(f for _, f in breaks)),
                "husband_old" if good else "husband_low", Valence.good if good else Valence.bad)]


def _breaking(role: Role, stem: Stem | None, branch: Branch | None, place: StemBranch) -> list[Fact]:
    """How one pillar breaks a place: its branch 沖s the place's, its stem 剋s the place's."""
    found = []
    if branch is not None and clashes(branch, place.branch):
        found.append(Fact(branch_of(role, branch), "沖", name(place.branch.name)))
    if stem is not None and stem.element.overcomes is place.stem.element:
        found.append(Fact(stem_of(role, stem), "剋", name(place.stem.name)))
    return found


_MEMBER_VARIANTS = {"翁父": "father", "婆母": "mother", "少男": "youngest_son", "長男": "eldest_son",
                    "中男": "middle_son", "長女": "eldest_daughter", "中女": "middle_daughter",
                    "少女": "youngest_daughter"}


def _family_harm(chart: NatalChart) -> list[Hit]:
    """八卦所剋: a junior pillar's 納音 剋s a senior pillar's, whose branch's trigram names a kin (乾 翁父, 坤 婆母,
    艮 少男, 震 長男, 坎 中男, 巽 長女, 離 中女, 兌 少女): harm to that kin. The table is followed; the commentary's
    example calls 艮 (壬寅) "長男位" against its own table (艮 少男)."""
    found = []
    for senior, junior in _pairs(ALL):
        harm, b = nayin_overcomes(chart, junior, senior), chart.branch(senior)
        if harm is None or b is None:
            continue
        trigram = tables.TRIGRAM_OF_BRANCH[b]
        kin = tables.TRIGRAM_FAMILY[trigram]
        found.append(Hit((senior, junior), (Fact(branch_of(senior, b), "為", name(trigram)),
                                            Fact(name(trigram), "為", name(kin)), harm), _MEMBER_VARIANTS[kin],
                         Valence.bad))
    return found


def _improper_husband(chart: NatalChart) -> list[Hit]:
    """見正鬼者為偏夫: a stem on another pillar that 剋s her year stem with its polarity (七殺, the 鬼 beside the
    husband's 官)."""
    ys = chart.stem(Role.年)
    if ys is None:
        return []
    return [Hit((r,), (Fact(stem_of(r, s), "剋", stem_of(Role.年, ys)), Fact(stem_of(r, s), "為", name("正鬼"))),
                "improper_husband", Valence.bad)
            for r, s in _stems(chart, OTHERS) if s.element.overcomes is ys.element and s.yang is ys.yang]


# ---- the verses ---------------------------------------------------------------------------------------------

_NONE: frozenset[Need] = frozenset()
_FOUR_STEMS = frozenset({Need.year_stem, Need.month_pillar, Need.day_pillar, Need.hour_pillar})
_MONTH_WITH_JUNIORS = (Role.日, Role.時, Role.胎)

VERSES: tuple[Verse, ...] = (
    Verse(id="V51", verse="尊卑同視，十二宮所主何神", line=9, tag=Tag.C, theme=Theme.kin, valence=Valence.neutral,
          trait="the twelve palaces: every chart with a month and an hour has its 命宮 and its twelve palaces",
          reads=(Role.年, Role.月, Role.時), needs=frozenset({Need.year_stem, Need.month_branch, Need.hour_branch}),
          test=_v51),
    Verse(id="V54", verse="進退干音，識辨要明得失", line=10, tag=Tag.C, theme=Theme.status, valence=Valence.mixed,
          trait=("進退干音: the day and hour stand to the year in 生 or 剋 in nearly every chart; the verse says to "
                "weigh it"),
          reads=ALL, needs=frozenset({Need.year_stem}), test=_v54, gates=frozenset({"V218"})),
    Verse(id="V55", verse="全逢本卦相應，而出自尊顏", line=10, tag=Tag.C, theme=Theme.status, valence=Valence.good,
          reads=ALL, needs=frozenset({Need.year_nayin, Need.month_branch}), test=_v55),
    Verse(id="V56", verse="返戰無功，定出軍人作賊", line=10, tag=Tag.C, theme=Theme.temperament, valence=Valence.bad,
          reads=ALL, needs=frozenset({Need.year_nayin}), test=_v56, grim=True, gates=frozenset({"V218"})),
    Verse(id="V57", verse="命前胎月，再見墳塋", line=10, tag=Tag.C, theme=Theme.kin, valence=Valence.bad,
          reads=OTHERS, needs=frozenset({Need.year_stem, Need.year_branch}), test=_v57, household=True),
    Verse(id="V58", verse="命後逢之，家宅難為建立", line=10, tag=Tag.C, theme=Theme.travel, valence=Valence.bad,
          reads=OTHERS, needs=frozenset({Need.year_stem, Need.year_branch}), test=_v58, household=True),
    Verse(id="V59", verse="生逢酉戌，小人奴婢多憂", line=10, tag=Tag.C, theme=Theme.kin, valence=Valence.bad,
          reads=OTHERS, needs=_NONE, test=_v59),
    Verse(id="V60", verse="丁旺巽坤，女子詩書好酒", line=11, tag=Tag.C, theme=Theme.temperament,
          valence=Valence.neutral, reads=OTHERS, needs=_NONE, test=_v60, household=True),
    Verse(id="V61", verse="龍常亥未卯寅，同利路絲綿", line=11, tag=Tag.C_STAR, theme=Theme.temperament,
          valence=Valence.good, reads=ALL, needs=_NONE, test=_v61),
    Verse(id="V62", verse="甲乙壬癸全逢，女作烟花之色", line=11, tag=Tag.C, theme=Theme.temperament,
          valence=Valence.bad, reads=ALL, needs=_NONE, test=_v62, grim=True, household=True),
    Verse(id="V63", verse="艮金瘦小，離坎高雄", line=11, tag=Tag.C, theme=Theme.health, valence=Valence.neutral,
          trait="the build: a day or hour on 子午卯酉 is lofty (旺) or big (not), a build every such chart has",
          reads=ALL, needs=frozenset({Need.year_nayin}), test=_v63),
    Verse(id="V64", verse="三丁二丙到金，口舌生瘡", line=11, tag=Tag.C_STAR, theme=Theme.health, valence=Valence.bad,
          reads=ALL, needs=_NONE, test=_v64),
    Verse(id="V65", verse="子午陰陽見盛衰，兩分卦兆", line=11, tag=Tag.C_STAR, theme=Theme.status,
          valence=Valence.bad, reads=ALL, needs=_NONE, test=_v65),
    Verse(id="V66", verse="南多北少，家破人亡", line=11, tag=Tag.C, theme=Theme.kin, valence=Valence.bad,
          reads=FOUR, needs=frozenset({Need.year_branch, Need.month_branch, Need.hour_branch}), test=_v66,
          grim=True, household=True),
    Verse(id="V67", verse="返此之方，女男消落", line=11, tag=Tag.C, theme=Theme.kin, valence=Valence.bad,
          reads=FOUR, needs=frozenset({Need.year_branch, Need.month_branch, Need.hour_branch}), test=_v67,
          household=True),
    Verse(id="V68", verse="東方全見，妻兒難保長春", line=11, tag=Tag.C, theme=Theme.kin, valence=Valence.bad,
          reads=ALL, needs=_NONE, test=_v68, grim=True),
    Verse(id="V69", verse="西望東衰，金盛則家翁不吉", line=11, tag=Tag.C, theme=Theme.kin, valence=Valence.bad,
          reads=ALL, needs=frozenset({Need.month_branch}), test=_v69, household=True),
    Verse(id="V70", verse="癸壬亥子，工巧之人", line=12, tag=Tag.C, theme=Theme.temperament, valence=Valence.good,
          reads=ALL, needs=_NONE, test=_v70),
    Verse(id="V71", verse="癸甲壬全，鬍人狡佞", line=12, tag=Tag.C, theme=Theme.temperament, valence=Valence.bad,
          reads=ALL, needs=_NONE, test=_v71, household=True),
    Verse(id="V72", verse="月胎歲合，祖立他門", line=12, tag=Tag.C, theme=Theme.kin, valence=Valence.neutral,
          reads=(Role.月, Role.胎), needs=frozenset({Need.year_stem}), test=_v72, household=True),
    Verse(id="V73", verse="歲日朝時，自身捨立", line=12, tag=Tag.C, theme=Theme.travel, valence=Valence.neutral,
          reads=DAY_HOUR, needs=frozenset({Need.year_stem}), test=_v73),
    Verse(id="V74", verse="合分內外，取於進退之方", line=12, tag=Tag.C, theme=Theme.travel, valence=Valence.neutral,
          reads=(Role.年, *_MONTH_WITH_JUNIORS), needs=frozenset({Need.month_pillar}), test=_v74),
    Verse(id="V75", verse="略取其強，足見夫妻之勢", line=12, tag=Tag.C_STAR, theme=Theme.marriage,
          valence=Valence.neutral, reads=DAY_HOUR, needs=frozenset({Need.year_stem}), test=_v75),
    Verse(id="V76", verse="合逢四位，後來妻再立兒郎", line=12, tag=Tag.C, theme=Theme.marriage,
          valence=Valence.neutral, reads=FOUR, needs=_NONE, test=_v76),
    Verse(id="V77", verse="隔合居中，妻子財門見破", line=12, tag=Tag.C_STAR, theme=Theme.kin, valence=Valence.bad,
          reads=ALL, needs=_NONE, test=_v77, household=True, gates=frozenset({"V218"})),
    Verse(id="V78", verse="造於偏地見多，而二姓三名", line=12, tag=Tag.C, theme=Theme.kin, valence=Valence.bad,
          reads=ALL, needs=_NONE, test=_v78),
    Verse(id="V79", verse="時日暗投，孤兒寡女", line=12, tag=Tag.C, theme=Theme.kin, valence=Valence.bad,
          reads=DAY_HOUR, needs=_NONE, test=_v79, grim=True),
    Verse(id="V80", verse="地刑兩見，他母所生", line=12, tag=Tag.C, theme=Theme.kin, valence=Valence.neutral,
          reads=OTHERS, needs=frozenset({Need.year_branch}), test=_v80, grim=True),
    Verse(id="V81", verse="壬乙於命敗之鄉，出於偏房外妾", line=12, tag=Tag.C_STAR, theme=Theme.kin,
          valence=Valence.bad, reads=ALL, needs=_NONE, test=_v81, grim=True),
    Verse(id="V82", verse="干合身敗，須信男女娼淫", line=13, tag=Tag.C, theme=Theme.marriage, valence=Valence.bad,
          reads=DAY_HOUR, needs=frozenset({Need.year_pillar}), test=_v82, grim=True),  # 敗 the stage, not 破敗
    Verse(id="V83", verse="身到旺鄉有鬼者，自須貴顯", line=13, tag=Tag.C, theme=Theme.status, valence=Valence.good,
          reads=DAY_HOUR, needs=frozenset({Need.year_pillar}), test=_v83),
    Verse(id="V84", verse="坎離子午，丙壬重多，兒女雙生", line=13, tag=Tag.C_STAR, theme=Theme.kin,
          valence=Valence.neutral, reads=ALL, needs=_NONE, test=_v84),
    Verse(id="V85", verse="時與胎連月合，必須延月", line=13, tag=Tag.C, theme=Theme.health, valence=Valence.neutral,
          reads=(Role.時,), needs=frozenset({Need.conception}), test=_v85),
    Verse(id="V86", verse="辛多旺相，老婦長年", line=13, tag=Tag.C_STAR, theme=Theme.kin, valence=Valence.good,
          reads=ALL, needs=frozenset({Need.month_branch}), test=_v86, household=True),
    Verse(id="V87", verse="金盛逢刑，非法亡沒", line=13, tag=Tag.C, theme=Theme.health, valence=Valence.bad,
          reads=OTHERS, needs=frozenset({Need.year_branch, Need.year_nayin}), test=_v87, grim=True, same_as="V2",
          gates=frozenset({"V227", "V218"})),
    Verse(id="V88", verse="甲逢壬癸，生於江水之中", line=13, tag=Tag.C_STAR, theme=Theme.travel,
          valence=Valence.neutral, reads=ALL, needs=_NONE, test=_v88),
    Verse(id="V89", verse="遠泛他鄉，孤木柱逢多水", line=13, tag=Tag.C, theme=Theme.travel, valence=Valence.bad,
          reads=ALL, needs=_NONE, test=_v89),
    Verse(id="V90", verse="辛乾巽丙，術士醫流", line=13, tag=Tag.C_STAR, theme=Theme.temperament,
          valence=Valence.neutral, reads=OTHERS, needs=_NONE, test=_v90),
    Verse(id="V91", verse="干傷支有相刑，生人斜眼", line=13, tag=Tag.C, theme=Theme.health, valence=Valence.bad,
          reads=ALL, needs=frozenset({Need.year_stem, Need.year_branch}), test=_v91, grim=True,
          gates=frozenset({"V227"})),
    Verse(id="V92", verse="旺中戊己，兒孫為里內之官", line=14, tag=Tag.C_STAR, theme=Theme.status,
          valence=Valence.good, reads=ALL, needs=frozenset({Need.month_branch}), test=_v92, household=True),
    Verse(id="V93", verse="太乙與神后休囚，陰謀爭訟", line=14, tag=Tag.C, theme=Theme.status, valence=Valence.bad,
          reads=DAY_HOUR, needs=frozenset({Need.month_branch}), test=_v93),
    Verse(id="V94", verse="五陽前建，定出清官", line=14, tag=Tag.C_STAR, theme=Theme.status, valence=Valence.good,
          reads=FOUR, needs=_FOUR_STEMS, test=_v94, household=True),
    Verse(id="V95", verse="後五逢之，犯刑空盜賊非劫", line=14, tag=Tag.C_STAR, theme=Theme.health,
          valence=Valence.bad, reads=ALL, needs=_FOUR_STEMS | {Need.year_branch}, test=_v95, grim=True,
          gates=frozenset({"V227", "V226"})),
    Verse(id="V96", verse="相衝辰戌，丙戌居墓者終凶", line=14, tag=Tag.C, theme=Theme.status, valence=Valence.bad,
          reads=ALL, needs=_NONE, test=_v96),  # the verse grounds its 凶 on the 墓 itself, not on the 沖 alone
    Verse(id="V97", verse="辰多而鬬訟官嗔", line=14, tag=Tag.C_STAR, theme=Theme.status, valence=Valence.bad,
          reads=ALL, needs=_NONE, test=_v97),
    Verse(id="V98", verse="戌見而凶頑小輩", line=14, tag=Tag.C_STAR, theme=Theme.temperament, valence=Valence.bad,
          reads=OTHERS, needs=_NONE, test=_v98),
    Verse(id="V99", verse="旬中六甲多主尊榮", line=14, tag=Tag.C, theme=Theme.status, valence=Valence.good,
          reads=OTHERS, needs=frozenset({Need.year_pillar}), test=_v99),
    Verse(id="V100", verse="天綱如逢日時散失", line=14, tag=Tag.C, theme=Theme.kin, valence=Valence.bad,
          reads=DAY_HOUR, needs=_NONE, test=_v100, grim=True, household=True),
    Verse(id="V101", verse="木逢金盛，配遞兒郎", line=14, tag=Tag.C, theme=Theme.travel, valence=Valence.bad,
          reads=OTHERS, needs=frozenset({Need.year_nayin}), test=_v101, grim=True, gates=frozenset({"V218"})),
    Verse(id="V102", verse="金上安仁，門中耗散", line=14, tag=Tag.C, theme=Theme.kin, valence=Valence.bad,
          reads=ALL, needs=_NONE, test=_v102, household=True),
    Verse(id="V103", verse="五行太過，復為怯敗之宗", line=14, tag=Tag.C_STAR, theme=Theme.status,
          valence=Valence.bad, reads=ALL, needs=_NONE, test=_v103),
    Verse(id="V105", verse="八方之卦，能推陰女盛衰", line=15, tag=Tag.C_STAR, theme=Theme.marriage,
          trait="八方之卦: every woman's chart is read for her nature and her husband's road",
          valence=Valence.mixed, reads=ALL, needs=frozenset({Need.sex}), test=_v105, gates=frozenset({"V218"})),
)

LISTED: tuple[Unevaluated, ...] = (
    Unevaluated(id="V52", verse="三限見詳於四柱", line=10, tag=Tag.T),   # chart.PERIOD_OF / AGES
    Unevaluated(id="V53", verse="鬼逢生旺後生兮，貴氣崢嶸", line=10, tag=Tag.J),
    Unevaluated(id="V104", verse="三命復元，推之正道", line=15, tag=Tag.J),
)

