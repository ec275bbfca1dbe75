"""玉照定真經 V206–V260, the 正道歌: 真五行 and its 干合, the 生 runs between the pillars, 食鬼 and 財印, the 救神,
the census verses (純陰純陽, 合盛, the five elements too strong), 三奇 and 六儀, the 四孟 四仲 四季, the 本卦, the 命宮
again, and the 五印.

The song restates several verses of the 經 (V232 ≈ V83, V243 ≈ V139, V244 ≈ V140, V246 ≈ V55, V247 = V56,
V248 ≈ V51); each is implemented from its own wording and reported once (``same_as``).  V218, V226 and V227 are
also the global modifiers (``core.natal.modifiers``); as verses they say what the modifier sees in the chart.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from itertools import pairwise

from core.chart.ganzhi import Branch, Element, Stem, StemBranch
from core.chart.relations import FULL_PUNISHMENTS, Stage, stage
from core.natal import tables
from core.natal.chart import ALL, DAY_HOUR, FOUR, OTHERS, NatalChart, Pillar, Role
from core.natal.evidence import Fact, Layer, Term, branch_of, name, nayin_of, pillar_of, stem_of
from core.natal.predicates import (
    body_overcoming,
    branch_clashes,
    branch_harms,
    branch_punishes,
    has_qi,
    is_void,
    nayin_generates,
    nayin_overcomes,
    rescuer,
    season_fact,
    stem_overcomes,
    stems_combine,
)
from core.natal.verse import Hit, Need, Params, Tag, Theme, Unevaluated, Valence, Verse
from core.values import value

# ---- shared: terms, 氣, censuses ----------------------------------------------------------------------------


def _pillar_name(pair: StemBranch) -> Term:
    """A pillar the chart does not hold but a table derives (命宮, the 天祿 pillar)."""
    return Term(str(pair), None, Layer.柱)


def _stage_fact(subject: Term, element: Element, branch: Branch, role: Role) -> Fact:
    return Fact(subject, stage(element, branch).name, branch_of(role, branch))


def _qi(subject: Term, element: Element, chart: NatalChart, role: Role) -> tuple[bool, tuple[Fact, ...]]:
    """有氣 of ``element`` standing on pillar ``role`` (§1.6, ``predicates.has_qi``) and the fact that says so; when
    it has none, the season and the stage that show it (those of them the chart gives)."""
    branch = chart.branch(role)
    found = has_qi(subject, element, chart, branch, role)
    if found is not None:
        return True, (found,)
    seasonal = season_fact(subject, element, chart)
    positional = None if branch is None else _stage_fact(subject, element, branch, role)
    return False, tuple(f for f in (seasonal, positional) if f is not None)


def _carriers(chart: NatalChart, element: Element) -> tuple[list[Role], list[Role]]:
    """The pillars whose stem, and those whose 納音, is of ``element`` (the 干 and 音 layers the census verses count)."""
    stems = [r for r, p in chart.present(ALL) if p.stem is not None and p.stem.element is element]
    sounds = [r for r, p in chart.present(ALL) if p.nayin is element]
    return stems, sounds


def _census(element: Element, stems: list[Role], sounds: list[Role], at_least: int) -> list[Fact]:
    """The layers on which ``element`` reaches ``at_least`` pillars, as 見/多 facts (object: the layer)."""
    relation = "多" if at_least > 1 else "見"
    return [Fact(name(element.name), relation, name(layer), len(roles))
            for layer, roles in (("天干", stems), ("納音", sounds)) if roles and len(roles) >= at_least]


@value
class _Abundance:
    """An element 多 in the chart (§1.6: in ``Params.many_elements`` pillars, by stem or by 納音)."""

    roles: tuple[Role, ...]
    facts: tuple[Fact, ...]


def _abundant(chart: NatalChart, params: Params, element: Element) -> _Abundance | None:
    stems, sounds = _carriers(chart, element)
    facts = _census(element, stems, sounds, params.many_elements)
    if not facts:
        return None
    roles = tuple(r for r in ALL if (r in stems and len(stems) >= params.many_elements)
                  or (r in sounds and len(sounds) >= params.many_elements))
    return _Abundance(roles, tuple(facts))


def _seen(chart: NatalChart, element: Element) -> list[Fact]:
    """``element`` somewhere among the stems or 納音 (empty when it is absent)."""
    stems, sounds = _carriers(chart, element)
    return _census(element, stems, sounds, 1)


def _seasonal_strength(chart: NatalChart, element: Element) -> Fact | None:
    """``element`` 旺 or 相 in the birth month."""
    f = season_fact(name(element.name), element, chart)
    return f if f is not None and f.relation in ("旺", "相") else None


# ---- 干合 and its 化 (V206–V212) ---------------------------------------------------------------------------

@value
class _Union:
    """Two pillars whose stems combine (干合), senior first in 尊卑 order, with their 化 element (V206 真五行)."""

    senior: Role
    junior: Role
    facts: tuple[Fact, ...]   # the 合 and the 化
    element: Element


@value
class _Transformed:
    """A 化 element read on a branch: its stage there and the fact that shows it (V207 真/假)."""

    union: _Union
    stage: Stage
    fact: Fact

    @property
    def true(self) -> bool:
        """真: the 化 stands at 長生 冠帶 臨官 or 帝旺; anything else "has no 氣" and is 假."""
        return self.stage in tables.QI_STAGES

    @property
    def facts(self) -> tuple[Fact, ...]:
        return self.union.facts + (self.fact,)


def _unions(chart: NatalChart) -> Iterator[_Union]:
    """Every 干合 among the pillars (胎 included), senior partner first."""
    stems = sorted(((r, p.stem) for r, p in chart.present(ALL) if p.stem is not None), key=lambda rs: rs[0])
    for i, (a, sa) in enumerate(stems):
        for b, sb in stems[i + 1:]:
            found = stems_combine(chart, a, b)
            if found is not None:
                element = tables.HUA[sa]
                yield _Union(a, b, (found, Fact(name(sa.name + sb.name), "化", name(element.name))), element)


def _transformed(chart: NatalChart, params: Params, union: _Union) -> _Transformed | None:
    """The 化 element's stage on the branch it is read at: the junior partner's (V78's example reads 乙庚 at the
    hour's 丑, not the 胎's 申), the senior's when the junior has no branch, or the month's with
    ``Params.transform_at_month``; None when that branch is unknown."""
    for role in (Role.月,) if params.transform_at_month else (union.junior, union.senior):
        branch = chart.branch(role)
        if branch is not None:
            st = stage(union.element, branch)
            return _Transformed(union, st, Fact(name(union.element.name), st.name, branch_of(role, branch)))
    return None


def _all_transformed(chart: NatalChart, params: Params) -> Iterator[_Transformed]:
    for union in _unions(chart):
        t = _transformed(chart, params, union)
        if t is not None:
            yield t


def _v207(chart: NatalChart, params: Params) -> tuple[Hit, ...]:
    """假真成敗細推尋: every 干合's 化 is 真 at 長生 冠帶 臨官 帝旺, 假 elsewhere ("what has no 氣 is 假")."""
    return tuple(Hit((t.union.senior, t.union.junior), t.facts, "true" if t.true else "false",
                     Valence.good if t.true else Valence.bad) for t in _all_transformed(chart, params))


def _year_unions(chart: NatalChart, yang: bool) -> Iterator[_Union]:
    """干合s of the year stem with another pillar, when the year stem has the polarity ``yang``."""
    year = chart.stem(Role.年)
    if year is None or year.yang is not yang:
        return
    for union in _unions(chart):
        if union.senior is Role.年:
            yield union


def _v208(chart: NatalChart, params: Params) -> tuple[Hit, ...]:
    """陰干遇陽官印貴: a yin year stem meets its yang partner, its 正官 (乙庚 丁壬 己甲 辛丙 癸戊) → 官印, a noble
    husband; "it must have 氣 to be 真, without 氣 it is 假" (the 化's stage as V207 reads it)."""
    found = []
    for union in _year_unions(chart, yang=False):
        t = _transformed(chart, params, union)
        if t is None:
            continue
        partner = chart.stem(union.junior)
        assert partner is not None
        office = Fact(stem_of(union.junior, partner), "為", name("正官"))
        found.append(Hit((union.junior,), union.facts + (office, t.fact), None if t.true else "false",
                         None if t.true else Valence.neutral))
    return tuple(found)


def _v209(chart: NatalChart, params: Params) -> tuple[Hit, ...]:
    """陽逢陰化是妻因: a yang year stem meets its yin partner, its 正財 → the matter is wife and wealth."""
    found = []
    for union in _year_unions(chart, yang=True):
        partner = chart.stem(union.junior)
        assert partner is not None
        found.append(Hit((union.junior,), union.facts + (Fact(stem_of(union.junior, partner), "為", name("正財")),)))
    return tuple(found)


_GRAVE_STAGES = frozenset({Stage.墓, Stage.絕})


def _v210(chart: NatalChart, params: Params) -> tuple[Hit, ...]:
    """合在敗鄉添外姓: a 化 at 墓 or 絕 ("the 合 on a 墓絕 without 氣") → an outside surname joins the family."""
    return tuple(Hit((t.union.senior, t.union.junior), t.facts) for t in _all_transformed(chart, params)
                 if t.stage in _GRAVE_STAGES)


def _v211(chart: NatalChart, params: Params) -> tuple[Hit, ...]:
    """造於旺相後人亨: a 化 at 長生 冠帶 臨官 帝旺 → the descendants prosper."""
    return tuple(Hit((t.union.senior, t.union.junior), t.facts) for t in _all_transformed(chart, params) if t.true)


def _v212(chart: NatalChart, params: Params) -> tuple[Hit, ...]:
    """又說天元分內外: a 干合 of the native's own stem is 內合 ("formed through the ancestors"); one between two other
    pillars is 出合 ("a 壬寅 native seeing 甲 and 己") → living away, losing the home town."""
    found = []
    for union in _unions(chart):
        inner = union.senior is Role.年
        label = Fact(union.facts[1].subject, "為", name("內合" if inner else "外合"))
        found.append(Hit((union.senior, union.junior), union.facts[:1] + (label,), "inner" if inner else "outer",
                         Valence.neutral if inner else Valence.bad))
    return tuple(found)


# ---- the 生 runs (V214, V215) -------------------------------------------------------------------------------

_DOWNWARD = ((Role.年, Role.月), (Role.月, Role.日), (Role.日, Role.時))


def _v214(chart: NatalChart, params: Params) -> tuple[Hit, ...]:
    """上來生下身貧賤: "the year 生s the month, the month the day, the day the hour" (納音) → poor and lowly.  Every
    link between neighbouring known pillars must 生, and at least two links must be known."""
    links = [(a, b) for a, b in _DOWNWARD if chart.nayin(a) is not None and chart.nayin(b) is not None]
    if len(links) < 2:
        return ()
    facts = [nayin_generates(chart, a, b) for a, b in links]
    if any(f is None for f in facts):
        return ()
    roles = tuple(dict.fromkeys(r for link in links for r in link if r is not Role.年))
    return (Hit(roles, tuple(f for f in facts if f is not None)),)


def _v215(chart: NatalChart, params: Params) -> tuple[Hit, ...]:
    """下如生上進前程: junior pillars' 納音 生 senior ones ("the hour the day, the day the month, the month the year
    and the 胎") → advancement.  The example (甲子 辛未 己卯 癸酉 胎壬戌) is no clean chain: its three upward links (時→胎,
    月→年, 日→年) are matched by three downward ones (年→胎, 月→時, 日→時) that the commentary ignores, so the default
    asks for ``Params.rising_links`` upward links and no fewer upward than downward (a tie rises)."""
    whole = sorted((r for r, _ in chart.pairs(ALL)), key=int)
    up: list[Fact] = []
    down = 0
    for i, senior in enumerate(whole):
        for junior in whole[i + 1:]:
            f = nayin_generates(chart, junior, senior)
            if f is not None:
                up.append(f)
            if nayin_generates(chart, senior, junior) is not None:
                down += 1
    if len(up) < params.rising_links or len(up) < down:
        return ()
    roles = tuple(dict.fromkeys(f.subject.role for f in up if f.subject.role is not None))
    return (Hit(roles, tuple(up) + (Fact(name("下生上"), "多", None, len(up)), Fact(name("上生下"), "見", None, down))),)


# ---- 食鬼, 財印 (V216, V217) ---------------------------------------------------------------------------------

def _kin(year: Stem, stem: Stem, element: Element, same_polarity: bool) -> bool:
    return stem.element is element and (stem.yang is year.yang) is same_polarity


_Found = tuple[Role, Term, Element]  # a stem or 納音 found on a pillar


def _stems_that(chart: NatalChart, test: Callable[[Stem], bool]) -> list[_Found]:
    return [(r, stem_of(r, p.stem), p.stem.element) for r, p in chart.present(OTHERS)
            if p.stem is not None and test(p.stem)]


def _sounds_of(chart: NatalChart, element: Element) -> list[_Found]:
    return [(r, nayin_of(r, element), element) for r, p in chart.present(OTHERS) if p.nayin is element]


def _before(firsts: list[_Found], seconds: list[_Found]) -> Iterator[tuple[_Found, _Found]]:
    """先 … 後 …: pairs whose first is written before the second (年 月 日 時 胎)."""
    for a in firsts:
        for b in seconds:
            if a[0].written < b[0].written:
                yield a, b


def _v216(chart: NatalChart, params: Params) -> tuple[Hit, ...]:
    """有食有鬼為官貴: "seeing the 食神 first and the 鬼 later makes 官; the 官 must have 氣" — the 食 restrains the
    鬼.  Stems: the year stem's 食神 (it 生s, same polarity) before its 七殺 (剋s it, same polarity); 納音 ("干 and 音
    alike"): 身's 食 element before its 鬼.  Without 氣 on the 官 the hit is ``weak``: the example's 庚辰 in a 寅
    month is 囚 and at 養, yet the commentary still calls it 官, so 氣 grades the reading rather than gating it."""
    year, body = chart.stem(Role.年), chart.body
    layers: list[tuple[str, str, list[_Found], list[_Found]]] = []
    if year is not None:
        layers.append(("食神", "七殺", _stems_that(chart, lambda s: _kin(year, s, year.element.generates, True)),
                       _stems_that(chart, lambda s: _kin(year, s, year.element.overcome_by, True))))
    if body is not None:
        layers.append(("食", "鬼", _sounds_of(chart, body.generates), _sounds_of(chart, body.overcome_by)))
    found = []
    for food_name, ghost_name, foods, ghosts in layers:
        for (fr, food, _), (gr, ghost, element) in _before(foods, ghosts):
            qi, qi_facts = _qi(ghost, element, chart, gr)
            facts = (Fact(food, "為", name(food_name)), Fact(ghost, "為", name(ghost_name)), Fact(food, "先", ghost),
                     Fact(food, "剋", ghost)) + qi_facts
            found.append(Hit((fr, gr), facts, None if qi else "weak", None if qi else Valence.neutral))
    return tuple(found)


def _v217(chart: NatalChart, params: Params) -> tuple[Hit, ...]:
    """先財後逆也須榮: the year stem's 偏財 (it 剋s, same polarity) before its 倒食 (偏印: 生s it, same polarity) — the
    財 restrains the 倒食, which turns to 印 → honour.  (The commentary calls the example's 壬 "食神"; for a 甲 native
    壬 is the 倒食 its verse names, and the reading follows the verse.)"""
    year = chart.stem(Role.年)
    if year is None:
        return ()
    wealth = _stems_that(chart, lambda s: _kin(year, s, year.element.overcomes, True))
    seals = _stems_that(chart, lambda s: _kin(year, s, year.element.generated_by, True))
    return tuple(Hit((wr, sr), (Fact(w, "為", name("偏財")), Fact(s, "為", name("倒食")), Fact(w, "先", s),
                                Fact(w, "剋", s)))
                 for (wr, w, _), (sr, s, _) in _before(wealth, seals))


# ---- V218–V219 救神 -----------------------------------------------------------------------------------------

_SENIORS = (Role.年, Role.胎, Role.月)


def _v218(chart: NatalChart, params: Params) -> tuple[Hit, ...]:
    """四柱往來交互剋，須向局中問救神: "when the hour or day 剋s the year, the 胎 or the month, look above and below" for
    a 救神 — a stem or 納音 that 剋s the attacker (``predicates.rescuer``).  One hit per 剋, stem or 納音."""
    found = []
    for junior in DAY_HOUR:
        for senior in _SENIORS:
            for blow in (stem_overcomes(chart, junior, senior), nayin_overcomes(chart, junior, senior)):
                if blow is None:
                    continue
                saved = rescuer(chart, blow.subject)
                facts = (blow,) if saved is None else (blow, saved)
                found.append(Hit((junior, senior), facts, "unrescued" if saved is None else "rescued",
                                 Valence.bad if saved is None else Valence.mixed))
    return tuple(found)


# ---- 純陰純陽, 合盛 (V220, V221) ------------------------------------------------------------------------------

def _v220(chart: NatalChart, params: Params) -> tuple[Hit, ...]:
    """純陰純陽孤寡象: the four stems all yang → 陽孤 (the men lonely), all yin → 陰寡 (widowhood); the four branches
    all 晝 → 陽孤, all 夜 → 陰寡.  "純" is all four pillars (the 胎 is left out: its stem and branch always have the
    other polarity than the month's, so five alike cannot occur); the commentary's "多" is V3/V4's."""
    found = []
    stems = [(r, p.stem) for r, p in chart.present(FOUR) if p.stem is not None]
    if len(stems) == 4 and len({s.yang for _, s in stems}) == 1:
        yang = stems[0][1].yang
        label = name("陽干" if yang else "陰干")
        found.append(Hit(FOUR, tuple(Fact(stem_of(r, s), "為", label) for r, s in stems), "yang" if yang else "yin"))
    branches = [(r, p.branch) for r, p in chart.present(FOUR) if p.branch is not None]
    if len(branches) == 4 and len({tables.is_day_branch(b) for _, b in branches}) == 1:
        day = tables.is_day_branch(branches[0][1])
        label = name("晝" if day else "夜")
        found.append(Hit(FOUR, tuple(Fact(branch_of(r, b), "為", label) for r, b in branches), "yang" if day else "yin"))
    return tuple(found)


def _v221(chart: NatalChart, params: Params) -> tuple[Hit, ...]:
    """合盛夫妻再立婚: 合 many (``Params.many`` 干合 pairs among the pillars) → married again: a man many wives, a woman
    many husbands.

    The 合 of this song (正道歌, V206 on) is the stems' 合 and its 化: 假真 (V207), 陰干逢陽 (V208), 陽遇陰化因妻
    (V209), 合在敗庫 (V210), 天元分內外 (V212) — the 合 of husband and wife it reads is 干合.  The note counted the
    branches' 六合 too, which the song does not name here; the text wins."""
    present = [r for r, _ in chart.present(ALL)]
    unions = [f for i, a in enumerate(present) for b in present[i + 1:] if (f := stems_combine(chart, a, b)) is not None]
    if len(unions) < params.many:
        return ()
    roles = tuple(r for r in ALL if any(r in (f.subject.role, f.object.role if f.object else None) for f in unions))
    return (Hit(roles, tuple(unions) + (Fact(name("合"), "多", None, len(unions)),)),)


# ---- 天祿天馬 (V223) ------------------------------------------------------------------------------------------

def lu_horse_pillars(year: StemBranch) -> dict[Stem, tuple[tuple[str, StemBranch, Fact], ...]]:
    """The pillars 五虎遁 puts on the year's 祿 and 驛馬 (甲子: 祿 寅 = 馬 寅 → 丙寅, "the 祿馬" and V254's 吉將), keyed
    on their stem (the 天祿 and 天馬 stems), each with how it was found."""
    lu, horse = tables.LU[year.stem], tables.POST_HORSE[year.branch]
    out: dict[Stem, list[tuple[str, StemBranch, Fact]]] = {}
    for label, branch, why in (("天祿", lu, Fact(name(lu.name), "祿", stem_of(Role.年, year.stem))),
                               ("天馬", horse, Fact(name(horse.name), "為", name("驛馬")))):
        pair = tables.tiger_stem(year.stem, branch)
        out.setdefault(pair.stem, []).append((label, pair, why))
    return {s: tuple(v) for s, v in out.items()}


def _v223(chart: NatalChart, params: Params) -> tuple[Hit, ...]:
    """更詳天祿馬之情: "not the 本祿本馬 but the 天祿天馬": for a 甲子 year 丙寅 is the 祿馬 pillar, "getting it on its own
    ground is not the highest"; seeing its stem 丙 in several pillars (``Params.many``) with 氣 is 天祿天馬.  The
    天馬 stem is generalised as the 天祿 one: the stem 五虎遁 puts on the 驛馬 (for 甲子 both are 丙)."""
    year = chart.year
    pair = None if year is None else year.pair
    if pair is None:
        return ()
    found = []
    for stem, derived in lu_horse_pillars(pair).items():
        why = tuple(f for _, _, f in derived) + tuple(Fact(_pillar_name(p), "為", name(label)) for label, p, _ in derived)
        seen = [(r, p) for r, p in chart.present(OTHERS) if p.stem is stem]
        qi = next((f for r, _ in seen if (f := has_qi(stem_of(r, stem), stem.element, chart, chart.branch(r), r))),
                  None)
        if len(seen) >= params.many and qi is not None:
            found.append(Hit(tuple(r for r, _ in seen), why + (Fact(name(stem.name), "見", None, len(seen)), qi)))
            continue
        own = [(r, p) for r, p in seen if any(p.pair == d for _, d, _ in derived)]
        for r, p in own:
            assert p.pair is not None
            found.append(Hit((r,), why[:len(derived)] + (Fact(pillar_of(r, p.pair), "為", name(derived[0][0])),),
                             "own", Valence.neutral))
    return tuple(found)


# ---- V226 空亡偏正, V227 刑害 and 剋 ------------------------------------------------------------------------------

def _v226(chart: NatalChart, params: Params) -> tuple[Hit, ...]:
    """空亡疊犯空偏正: a pillar's branch in the 空亡 (of ``Params.void_reference``'s 旬) is 正空, truly void, when it has
    the native's polarity, and 偏 — not void — when it has the other (the modifier's rule, shown as a reading; the
    verse is not gated by V226, which would hide the 偏 it exists to name)."""
    year = chart.stem(Role.年)
    if year is None:
        return ()
    found = []
    for role, pillar in chart.present(OTHERS):
        if role is params.void_reference or pillar.branch is None:
            continue
        void = is_void(chart, params, role)
        if void is None:
            continue
        true = pillar.branch.yang is year.yang
        found.append(Hit((role,), (void, Fact(branch_of(role, pillar.branch), "為" if true else "不為", name("正空"))),
                         "true" if true else "off", Valence.bad if true else Valence.neutral))
    return tuple(found)


def _year_harms(chart: NatalChart, role: Role) -> list[Fact]:
    """刑 (either way, 自刑 once), 害 and 沖 between the branch of ``role`` and the year's."""
    facts = [branch_punishes(chart, role, Role.年)]
    if chart.branch(role) is not chart.branch(Role.年):
        facts.append(branch_punishes(chart, Role.年, role))
    facts += [branch_harms(chart, role, Role.年), branch_clashes(chart, role, Role.年)]
    return [f for f in facts if f is not None]


def _v227(chart: NatalChart, params: Params) -> tuple[Hit, ...]:
    """六害三刑辨五行: a 刑, 害 or 沖 of the year branch by another pillar is 凶 when that pillar's 納音 剋s 身.

    The text (line 24): "육해·삼형·형충·파패는 한결같이 신을 극하지만 않으면 허물이 없고, 극하면 흉함이 있다" — the
    blameless side is no event; it is the global
    modifier (``modifiers.harm_needs_overcoming``), said once in a reading, not a verse every chart with a 刑 meets.
    Only the 凶 side, the 刑 with the 剋, is read as the verse."""
    found = []
    for role, _ in chart.present(OTHERS):
        harms = _year_harms(chart, role)
        if not harms:
            continue
        blow = body_overcoming(chart, role, params)
        if blow is not None:
            found.append(Hit((role,), tuple(harms) + (blow,), "harmful", Valence.bad))
    return tuple(found)


# ---- 三奇, 六儀 (V228, V229) ----------------------------------------------------------------------------------

_WINDOWS = ((Role.年, Role.月, Role.日), (Role.月, Role.日, Role.時))


def _v228(chart: NatalChart, params: Params) -> tuple[Hit, ...]:
    """三奇逆順非真貴: 陽奇 甲戊庚 must run 順 and 陰奇 逆 (丁丙乙) over three consecutive pillars (年月日 or 月日時);
    the wrong order is ``reversed``, no true honour.  In the right order they are true (富貴) only when "the native's
    own stem is on the hour with 氣"; otherwise 虛奇, ``empty``: a person of the 九流."""
    year = chart.stem(Role.年)
    hour = chart.hour
    if year is None or hour is None or hour.stem is None:
        return ()
    found = []
    for window in _WINDOWS:
        stems = tuple(chart.stem(r) for r in window)
        for due, label, forward in ((tables.YANG_WONDERS, "陽奇", True), (tables.YIN_WONDERS, "陰奇", False)):
            if stems not in (due, due[::-1]):
                continue
            in_order = stems == due
            facts = tuple(Fact(stem_of(r, s), "為", name(label))
                          for r, s in zip(window, due if in_order else due[::-1], strict=True))
            facts += (Fact(name(label), "順" if forward is in_order else "逆"),)
            if not in_order:
                found.append(Hit(window, facts, "reversed", Valence.neutral))
                continue
            own = Fact(stem_of(Role.時, hour.stem), "為" if hour.stem is year else "不為", stem_of(Role.年, year))
            qi, qi_facts = _qi(stem_of(Role.時, hour.stem), hour.stem.element, chart, Role.時)
            true = hour.stem is year and qi
            facts += (own,) + (qi_facts if hour.stem is year else ())
            roles = tuple(dict.fromkeys(window + (Role.時,)))
            found.append(Hit(roles, facts, "true" if true else "empty", Valence.good if true else Valence.neutral))
    return tuple(found)


def _noble(role: Role, pair: StemBranch, year: Stem) -> tuple[Fact, ...]:
    """The 天乙貴人 of the year stem on the pillar, when it is there ("有儀有貴")."""
    return (Fact(branch_of(role, pair.branch), "貴", stem_of(Role.年, year)),) if pair.branch in tables.NOBLE[year] \
        else ()


def _v229(chart: NatalChart, params: Params) -> tuple[Hit, ...]:
    """六儀之神有降昇: 年儀 — "seeing the stem 順 to the year": the only example (辛未 year, 庚午) is the pillar just before
    the year in the cycle, read so; 月儀 — "the 月建 on the day or hour": a day or hour pillar that is one of the birth
    year's month pillars by 五虎遁 (甲午 year, 辛未 = its sixth month).  Both favourable; the 貴人 is added when the
    pillar's branch is the year stem's 天乙 (both examples have it)."""
    year = chart.year
    if year is None or year.stem is None:
        return ()
    found = []
    if year.pair is not None:
        before = year.pair.shift(-1)
        for role, pair in chart.pairs(OTHERS):
            if pair == before:
                found.append(Hit((role,), (Fact(pillar_of(role, pair), "為", name("年儀")),)
                                 + _noble(role, pair, year.stem), "year"))
    for role, pair in chart.pairs(DAY_HOUR):
        if tables.tiger_stem(year.stem, pair.branch) == pair:
            found.append(Hit((role,), (Fact(pillar_of(role, pair), "為", name("月儀")),)
                             + _noble(role, pair, year.stem), "month"))
    return tuple(found)


# ---- the native's stem strong or beaten (V230–V233) ------------------------------------------------------------

def _v230(chart: NatalChart, params: Params) -> tuple[Hit, ...]:
    """五行太盛逢吞發: the year stem's element "on 旺相 ground" (旺 or 相 in the birth month) meeting a 干鬼 (a stem that
    剋s it) or a 倒食 (偏印: a stem of its polarity that 生s it) is "swallowed" → 發祿, a rise in office."""
    year = chart.stem(Role.年)
    if year is None:
        return ()
    strong = season_fact(stem_of(Role.年, year), year.element, chart)
    if strong is None or strong.relation not in ("旺", "相"):
        return ()
    found = []
    for role, pillar in chart.present(OTHERS):
        s = pillar.stem
        if s is None:
            continue
        if s.element.overcomes is year.element:
            found.append(Hit((role,), (strong, Fact(stem_of(role, s), "為", name("干鬼")),
                                       Fact(stem_of(role, s), "剋", stem_of(Role.年, year)))))
        elif _kin(year, s, year.element.generated_by, True):
            found.append(Hit((role,), (strong, Fact(stem_of(role, s), "為", name("倒食")),
                                       Fact(stem_of(role, s), "生", stem_of(Role.年, year)))))
    return tuple(found)


_BEATEN_STAGES = frozenset({Stage.沐浴}) | tables.NO_QI_STAGES


def _stem_beaten(chart: NatalChart, params: Params) -> Fact | None:
    """干敗 (V231) / "the 身干 standing on 敗 ground" (V233): the year stem, on its own branch, at 沐浴 (敗) or at a
    stage without 氣 (病 死 墓 絕): "one's own stem without strength"."""
    year = chart.year
    pair = None if year is None else year.pair
    if pair is None:
        return None
    st = tables.stem_stage(pair.stem, pair.branch, params.yin_reversed_stages)
    if st not in _BEATEN_STAGES:
        return None
    return Fact(stem_of(Role.年, pair.stem), st.name, branch_of(Role.年, pair.branch))


def _v231(chart: NatalChart, params: Params) -> tuple[Hit, ...]:
    """干敗音囚忌戰爭: the year stem beaten (``_stem_beaten``) and 身 囚 in the birth month → keep still, avoid strife
    and lawsuits."""
    beaten = _stem_beaten(chart, params)
    body = chart.body
    if beaten is None or body is None:
        return ()
    seasonal = season_fact(nayin_of(Role.年, body), body, chart)
    if seasonal is None or seasonal.relation != "囚":
        return ()
    return (Hit((Role.年,), (beaten, seasonal)),)


def _v232(chart: NatalChart, params: Params) -> tuple[Hit, ...]:
    """旺鄉有鬼為官貴: "the 納音 on 建 or 旺相 ground, with 氣, seeing a 鬼 of 干 or 音" → noble.  For each other pillar
    with a stem that 剋s the year stem or a 納音 that 剋s 身: 身 has 氣 in the month or on that pillar's branch."""
    body, year = chart.body, chart.stem(Role.年)
    if body is None:
        return ()
    found = []
    for role, pillar in chart.present(OTHERS):
        ghosts = [f for f in (stem_overcomes(chart, role, Role.年) if year is not None else None,
                              nayin_overcomes(chart, role, Role.年)) if f is not None]
        if not ghosts:
            continue
        qi = has_qi(nayin_of(Role.年, body), body, chart, pillar.branch, role)
        if qi is not None:
            found.append(Hit((role,), (qi, *ghosts)))
    return tuple(found)


def _v233(chart: NatalChart, params: Params) -> tuple[Hit, ...]:
    """敗地逢官也不仁: the year stem on 敗 ground (``_stem_beaten``) meeting 官殺 (a stem that 剋s it) → "the 官 turns to
    鬼"."""
    beaten = _stem_beaten(chart, params)
    if beaten is None:
        return ()
    return tuple(Hit((role,), (beaten, blow)) for role, _ in chart.present(OTHERS)
                 if (blow := stem_overcomes(chart, role, Role.年)) is not None)


# ---- the five elements too strong (V235–V240) ----------------------------------------------------------------

def _v235(chart: NatalChart, params: Params) -> tuple[Hit, ...]:
    """木見旺金多主強，生合須仁反不純: 木 many meeting 金 → a strong character; the 木 pillars many (``Params.many``) at
    生旺 (長生 冠帶 臨官 帝旺) → benevolence; one of them on 敗 (沐浴) ground → "unkindness within kindness"."""
    wood = _abundant(chart, params, Element.木)
    if wood is None:
        return ()
    found = []
    metal = _seen(chart, Element.金)
    if metal:
        found.append(Hit(wood.roles, wood.facts + tuple(metal), "strong"))
    stages = [(r, b) for r in wood.roles if (b := chart.branch(r)) is not None]
    beaten = [_stage_fact(name("木"), Element.木, b, r) for r, b in stages if stage(Element.木, b) is Stage.沐浴]
    risen = [_stage_fact(name("木"), Element.木, b, r) for r, b in stages if stage(Element.木, b) in tables.QI_STAGES]
    if beaten:
        found.append(Hit(wood.roles, wood.facts + tuple(beaten), "impure", Valence.bad))
    elif len(risen) >= params.many:
        found.append(Hit(wood.roles, wood.facts + tuple(risen), "benevolent", Valence.good))
    return tuple(found)


def _v236(chart: NatalChart, params: Params) -> tuple[Hit, ...]:
    """火入離中生萬物，旺相生多壽不倫: 火 many with no 水 among the stems and 納音 is 太過 → no heirs (the commentary); 火
    many, tempered by 水, and 旺 or 相 in the birth month → a long life beyond compare (the verse)."""
    fire = _abundant(chart, params, Element.火)
    if fire is None:
        return ()
    if not _seen(chart, Element.水):
        return (Hit(fire.roles, fire.facts + (Fact(name("水"), "無"),), "excess", Valence.bad),)
    strong = _seasonal_strength(chart, Element.火)
    return () if strong is None else (Hit(fire.roles, fire.facts + tuple(_seen(chart, Element.水)) + (strong,),
                                          "long_life", Valence.good),)


def _v237(chart: NatalChart, params: Params) -> tuple[Hit, ...]:
    """金向旺中須損折，有火三光保利名: 金 many → damage and breaks; with 火 present it is forged into a vessel → gain and
    a name kept."""
    metal = _abundant(chart, params, Element.金)
    if metal is None:
        return ()
    fire = _seen(chart, Element.火)
    if fire:
        return (Hit(metal.roles, metal.facts + tuple(fire), "forged", Valence.good),)
    return (Hit(metal.roles, metal.facts + (Fact(name("火"), "無"),), "broken", Valence.bad),)


def _v238(chart: NatalChart, params: Params) -> tuple[Hit, ...]:
    """土積山岡多不動，真宮有路廣田林: 土 many → a mountain, unmoving: wide fields and woods; 土 thin (at most one 土 among
    the stems and 納音 of a chart whose four pillars are all known) → fond of roaming."""
    earth = _abundant(chart, params, Element.土)
    if earth is not None:
        return (Hit(earth.roles, earth.facts, "many", Valence.good),)
    if len(list(chart.pairs(FOUR))) < 4:
        return ()
    stems, sounds = _carriers(chart, Element.土)
    if len(stems) + len(sounds) > 1:
        return ()
    roles = tuple(dict.fromkeys(stems + sounds)) or FOUR
    return (Hit(roles, (Fact(name("土"), "不及", None, len(stems) + len(sounds)),), "thin", Valence.neutral),)


def _v239(chart: NatalChart, params: Params) -> tuple[Hit, ...]:
    """水盛定須防走失: 水 many → beware of running away and of losses."""
    water = _abundant(chart, params, Element.水)
    return () if water is None else (Hit(water.roles, water.facts),)


def _v240(chart: NatalChart, params: Params) -> tuple[Hit, ...]:
    """智若逢多則不寧: 智 (水) many (the verse), or present and 旺 or 相 in the birth month (the commentary) → no peace."""
    water = _abundant(chart, params, Element.水)
    if water is not None:
        return (Hit(water.roles, water.facts),)
    seen = _seen(chart, Element.水)
    strong = _seasonal_strength(chart, Element.水)
    if not seen or strong is None:
        return ()
    stems, sounds = _carriers(chart, Element.水)
    return (Hit(tuple(dict.fromkeys(stems + sounds)), tuple(seen) + (strong,)),)


# ---- 進退 (V241) ----------------------------------------------------------------------------------------------

def _run(values: list[tuple[Role, int, Term]], cycle: int) -> tuple[str, tuple[Fact, ...]] | None:
    """Consecutive values all stepping forward (less than half the cycle) or all back; at least two steps."""
    if len(values) < 3:
        return None
    steps = [(b - a) % cycle for (_, a, _), (_, b, _) in pairwise(values)]
    if all(0 < s < cycle / 2 for s in steps):
        way = "順"
    elif all(s > cycle / 2 for s in steps):
        way = "逆"
    else:
        return None
    return way, tuple(Fact(t1, way, t2) for (_, _, t1), (_, _, t2) in pairwise(values))


def _v241(chart: NatalChart, params: Params) -> tuple[Hit, ...]:
    """干支進退知先後: "the ten stems going from above to below is 退, from below to above 進": stems (and, as the verse
    says 干支, branches) stepping forward 甲→癸 from the year down to the hour → 退, stepping back → 進 (V174 reads
    寅午戌 退, 戌午寅 進).  The known pillars of the four are read in order."""
    found = []
    stems = [(r, int(p.stem), stem_of(r, p.stem)) for r, p in chart.present(FOUR) if p.stem is not None]
    branches = [(r, int(p.branch), branch_of(r, p.branch)) for r, p in chart.present(FOUR) if p.branch is not None]
    for values, cycle in ((stems, 10), (branches, 12)):
        run = _run(values, cycle)
        if run is not None:
            way, facts = run
            retreat = way == "順"
            found.append(Hit(tuple(r for r, _, _ in values), facts, "retreat" if retreat else "advance",
                             Valence.bad if retreat else Valence.good))
    return tuple(found)


# ---- 四孟 四仲 四季 (V243–V245) ------------------------------------------------------------------------------

def _quarter(chart: NatalChart, params: Params, branches: frozenset[Branch], label: str,
             strength: Callable[[Role, Pillar], Fact | None]) -> tuple[Hit, ...]:
    """``Params.many`` pillars or more on the quarter ``branches``, every one of them strong (``strength``)."""
    on = [(r, p) for r, p in chart.present(ALL) if p.branch in branches]
    if len(on) < params.many:
        return ()
    facts = [strength(r, p) for r, p in on]
    if any(f is None for f in facts):
        return ()
    return (Hit(tuple(r for r, _ in on), (Fact(name(label), "見", None, len(on)),)
                + tuple(f for f in facts if f is not None)),)


def _v243(chart: NatalChart, params: Params) -> tuple[Hit, ...]:
    """四孟全清逢應發: "the 四孟 seen on ground with strength" → a rise: every pillar on 寅申巳亥 (``Params.many`` or more)
    has its stem ("清") at 長生 冠帶 臨官 or 帝旺 on its own branch."""
    def clear(role: Role, pillar: Pillar) -> Fact | None:
        if pillar.stem is None or pillar.branch is None:
            return None
        st = tables.stem_stage(pillar.stem, pillar.branch, params.yin_reversed_stages)
        return Fact(stem_of(role, pillar.stem), st.name, branch_of(role, pillar.branch)) \
            if st in tables.QI_STAGES else None
    return _quarter(chart, params, tables.SEASON_BRANCHES["四孟"], "四孟", clear)


def _v244(chart: NatalChart, params: Params) -> tuple[Hit, ...]:
    """四仲俱安柄不輕: "旺相 氣 on 子午卯酉" → wealth and real authority: every pillar on 子午卯酉 (``Params.many`` or
    more) has 氣 in its stem or its 納音 (旺相 in the month, or 生旺 on its own branch)."""
    def settled(role: Role, pillar: Pillar) -> Fact | None:
        if pillar.stem is not None:
            f = has_qi(stem_of(role, pillar.stem), pillar.stem.element, chart, pillar.branch, role)
            if f is not None:
                return f
        sound = pillar.nayin
        return None if sound is None else has_qi(nayin_of(role, sound), sound, chart, pillar.branch, role)
    return _quarter(chart, params, tables.SEASON_BRANCHES["四仲"], "四仲", settled)


_EARTH_PUNISHMENT = FULL_PUNISHMENTS[1]  # 丑戌未


def _v245(chart: NatalChart, params: Params) -> tuple[Hit, ...]:
    """四季土刑刑忌殺，犯者家宅不利尊: "seeing 辰戌丑未" → the household is bad for its elders: the 土 刑 丑戌未 whole
    (``punishment``), or ``Params.many_elements`` pillars on the 四季.  A 三刑 verse, so V227 gates it: a 四季 pillar
    must 剋 身."""
    on = [(r, p.branch) for r, p in chart.present(ALL) if p.branch in tables.SEASON_BRANCHES["四季"]]
    if _EARTH_PUNISHMENT <= {b for _, b in on}:
        roles = tuple(r for r, b in on if b in _EARTH_PUNISHMENT)
        facts = tuple(f for a in roles for b in roles if a is not b and (f := branch_punishes(chart, a, b)) is not None)
        return (Hit(roles, (Fact(name("丑戌未"), "全"),) + facts, "punishment"),)
    if len(on) < params.many_elements:
        return ()
    return (Hit(tuple(r for r, _ in on), tuple(Fact(branch_of(r, b), "在", name("四季")) for r, b in on)),)


# ---- 本卦 (V246, V247) ------------------------------------------------------------------------------------------

def _frame(chart: NatalChart, element: Element) -> tuple[tuple[Role, ...], tuple[Fact, ...]] | None:
    """The whole 卦 of ``element`` among the branches (V55: 木 亥卯未 … 土 the four 四季), the year's included."""
    members = tables.ELEMENT_FRAME[element]
    where = {}
    for role, pillar in chart.present(ALL):
        if pillar.branch in members and pillar.branch not in where:
            where[pillar.branch] = role
    if len(where) < len(members):
        return None
    label = name("".join(b.name for b in members))
    return (tuple(where[b] for b in members),
            (Fact(label, "全"),) + tuple(Fact(branch_of(where[b], b), "在", label) for b in members))


def _v246(chart: NatalChart, params: Params) -> tuple[Hit, ...]:
    """卦見本家須富貴: the whole 本卦 of 身 ("a 申子辰 水 native seeing its own 卦 is 吉") → rich and noble.  Unlike V55
    it asks no season.  The commentary's second half ("a 午 native getting it is 凶", 午 standing for the 火 native
    V247 names) is V247."""
    body = chart.body
    found = None if body is None else _frame(chart, body)
    if found is None or body is None:
        return ()
    roles, facts = found
    return (Hit(tuple(r for r in roles if r is not Role.年) or roles,
                facts + (Fact(name(body.name), "比和", nayin_of(Role.年, body)),)),)


def _v247(chart: NatalChart, params: Params) -> tuple[Hit, ...]:
    """返剋之人定有嗔: the whole 卦 of the element that 剋s 身 (火 native + 申子辰; 水 + 土卦; 土 + 木卦; 木 + 金卦; 金 + 火卦)
    → anger and strife."""
    body = chart.body
    if body is None:
        return ()
    found = _frame(chart, body.overcome_by)
    if found is None:
        return ()
    roles, facts = found
    return (Hit(tuple(r for r in roles if r is not Role.年) or roles,
                facts + (Fact(name(body.overcome_by.name), "剋", nayin_of(Role.年, body)),)),)


# ---- 命宮 (V248), 五印 (V253) -----------------------------------------------------------------------------------

def _v248(chart: NatalChart, params: Params) -> tuple[Hit, ...]:
    """三限歲遊大小吏納限，行宮度送迎: the 命宮 — "put 子 on the birth month and count forward to the birth hour" (V51's
    rule: branch = month + hour, stem by 五虎遁) — and, with the sex, the twelve palaces, men forward and women
    backward.  The 限 and 運 the verse reads against them need the current year and are not computed."""
    first = chart.life_palace
    if first is None:
        return ()
    facts = [Fact(_pillar_name(first), "為", name("命宮"))]
    palaces = chart.palaces()
    if palaces is not None:
        facts += [Fact(_pillar_name(pair), "為", name(label)) for label, pair in palaces[1:]]
    return (Hit((Role.月, Role.時), tuple(facts)),)


def _v253(chart: NatalChart, params: Params) -> tuple[Hit, ...]:
    """印墓神藏兼氣德: the 五印 (甲戌 火, 壬辰 水, 丙辰 土, 乙丑 金, 癸未 木: a 納音 on its own 墓) — "with 氣 旺 it is 印,
    with 氣 敗 墓, lightly 建旺 庫".  Read in the birth month: 旺 → ``seal``, 相 → ``store`` (the lighter strength),
    休 囚 死 → ``grave``.  The commentary's last clause ("not lightly 旺相 is 墓") contradicts its first and is not
    followed; its 德 is V16's and adds no condition here."""
    mb = chart.month_branch
    if mb is None:
        return ()
    found = []
    for role, pair in chart.pairs(ALL):
        element = tables.FIVE_SEALS.get(pair)
        if element is None:
            continue
        state = tables.season_state(element, mb)
        variant, valence = {"旺": ("seal", Valence.good), "相": ("store", Valence.good)}.get(state, ("grave", Valence.bad))
        found.append(Hit((role,), (Fact(pillar_of(role, pair), "為", name(element.name + "印")),
                                   Fact(nayin_of(role, element), state, branch_of(Role.月, mb))), variant, valence))
    return tuple(found)


# ---- the catalogue ---------------------------------------------------------------------------------------------

_NONE: frozenset[Need] = frozenset()

VERSES: tuple[Verse, ...] = (
    Verse(id="V207", verse="假真成敗細推尋", line=23, tag=Tag.C_STAR, theme=Theme.kin, valence=Valence.mixed,
          trait="假真: every 干合 is 真 or 假 by the stage of its 化",
          reads=ALL, needs=_NONE, test=_v207),
    Verse(id="V208", verse="陰干遇陽官印貴", line=23, tag=Tag.C_STAR, theme=Theme.marriage, valence=Valence.good,
          reads=OTHERS, needs=frozenset({Need.year_stem}), test=_v208),
    Verse(id="V209", verse="陽逢陰化是妻因", line=23, tag=Tag.C, theme=Theme.marriage, valence=Valence.neutral,
          reads=OTHERS, needs=frozenset({Need.year_stem}), test=_v209),
    Verse(id="V210", verse="合在敗鄉添外姓", line=23, tag=Tag.C, theme=Theme.kin, valence=Valence.bad,
          reads=ALL, needs=_NONE, test=_v210, household=True),
    Verse(id="V211", verse="造於旺相後人亨", line=23, tag=Tag.C, theme=Theme.kin, valence=Valence.good,
          reads=ALL, needs=_NONE, test=_v211, household=True),
    Verse(id="V212", verse="又說天元分內外", line=23, tag=Tag.C, theme=Theme.travel, valence=Valence.mixed,
          trait="內外: every 干合 is 內 (of the native's stem) or 出 (between two others)",
          reads=ALL, needs=_NONE, test=_v212),
    Verse(id="V214", verse="上來生下身貧賤", line=23, tag=Tag.C, theme=Theme.status, valence=Valence.bad,
          reads=(Role.月, Role.日, Role.時), needs=frozenset({Need.year_nayin}), test=_v214),
    Verse(id="V215", verse="下如生上進前程", line=23, tag=Tag.C_STAR, theme=Theme.status, valence=Valence.good,
          trait=("下生上: the commentary counts every upward 生 (時生日, 日生月, 月生年·胎), not a chain, and its example has "
                "as many downward links; with five pillars most charts have two"),
          reads=(Role.胎, Role.月, Role.日, Role.時), needs=frozenset({Need.year_nayin}), test=_v215),
    Verse(id="V216", verse="有食有鬼為官貴", line=23, tag=Tag.C_STAR, theme=Theme.status, valence=Valence.good,
          reads=ALL, needs=_NONE, test=_v216),
    Verse(id="V217", verse="先財後逆也須榮", line=23, tag=Tag.C_STAR, theme=Theme.status, valence=Valence.good,
          reads=OTHERS, needs=frozenset({Need.year_stem}), test=_v217),
    Verse(id="V218", verse="四柱往來交互剋，須向局中問救神", line=23, tag=Tag.C_STAR, theme=Theme.kin,
          trait="救神: the text's way of weighing every 剋 between pillars, which nearly every chart has",
          valence=Valence.mixed, reads=ALL, needs=_NONE, test=_v218),
    Verse(id="V220", verse="純陰純陽孤寡象", line=24, tag=Tag.C, theme=Theme.marriage, valence=Valence.bad,
          reads=FOUR, needs=_NONE, test=_v220),
    Verse(id="V221", verse="合盛夫妻再立婚", line=24, tag=Tag.C_STAR, theme=Theme.marriage, valence=Valence.neutral,
          reads=ALL, needs=_NONE, test=_v221),
    Verse(id="V223", verse="更詳天祿馬之情", line=24, tag=Tag.C_STAR, theme=Theme.status, valence=Valence.good,
          reads=OTHERS, needs=frozenset({Need.year_pillar}), test=_v223),
    Verse(id="V226", verse="空亡疊犯空偏正", line=24, tag=Tag.C, theme=Theme.kin, valence=Valence.mixed,
          trait="偏正: every void branch of a chart is 正 or 偏",
          reads=OTHERS, needs=frozenset({Need.year_stem}), test=_v226),
    Verse(id="V227", verse="六害三刑辨五行", line=24, tag=Tag.C, theme=Theme.health, valence=Valence.mixed,
          reads=OTHERS, needs=frozenset({Need.year_pillar}), test=_v227, gates=frozenset({"V218"})),
    Verse(id="V228", verse="三奇逆順非真貴", line=24, tag=Tag.C_STAR, theme=Theme.status, valence=Valence.mixed,
          reads=FOUR, needs=frozenset({Need.year_stem, Need.hour_pillar}), test=_v228),
    Verse(id="V229", verse="六儀之神有降昇", line=24, tag=Tag.C_STAR, theme=Theme.status, valence=Valence.good,
          reads=OTHERS, needs=frozenset({Need.year_stem}), test=_v229),
    Verse(id="V230", verse="五行太盛逢吞發", line=24, tag=Tag.C_STAR, theme=Theme.status, valence=Valence.good,
          reads=OTHERS, needs=frozenset({Need.year_stem, Need.month_branch}), test=_v230),
    Verse(id="V231", verse="干敗音囚忌戰爭", line=24, tag=Tag.C_STAR, theme=Theme.temperament, valence=Valence.bad,
          reads=(), needs=frozenset({Need.year_pillar, Need.month_branch}), test=_v231),
    Verse(id="V232", verse="旺鄉有鬼為官貴", line=24, tag=Tag.C, theme=Theme.status, valence=Valence.good,
          reads=OTHERS, needs=frozenset({Need.year_nayin}), test=_v232, same_as="V83"),
    Verse(id="V233", verse="敗地逢官也不仁", line=24, tag=Tag.C_STAR, theme=Theme.status, valence=Valence.bad,
          reads=OTHERS, needs=frozenset({Need.year_pillar}), test=_v233, gates=frozenset({"V218"})),
    Verse(id="V235", verse="木見旺金多主強，生合須仁反不純", line=24, tag=Tag.C_STAR, theme=Theme.temperament,
          valence=Valence.mixed, reads=ALL, needs=_NONE, test=_v235),
    Verse(id="V236", verse="火入離中生萬物，旺相生多壽不倫", line=25, tag=Tag.C_STAR, theme=Theme.health,
          valence=Valence.mixed, reads=ALL, needs=_NONE, test=_v236),
    Verse(id="V237", verse="金向旺中須損折，有火三光保利名", line=25, tag=Tag.C_STAR, theme=Theme.status,
          valence=Valence.mixed, reads=ALL, needs=_NONE, test=_v237),
    Verse(id="V238", verse="土積山岡多不動，真宮有路廣田林", line=25, tag=Tag.C_STAR, theme=Theme.travel,
          trait="土 many or thin: the two sides of one verse, which between them meet most charts",
          valence=Valence.mixed, reads=ALL, needs=_NONE, test=_v238),
    Verse(id="V239", verse="水盛定須防走失", line=25, tag=Tag.C_STAR, theme=Theme.travel, valence=Valence.bad,
          reads=ALL, needs=_NONE, test=_v239),
    Verse(id="V240", verse="智若逢多則不寧", line=25, tag=Tag.C_STAR, theme=Theme.temperament, valence=Valence.bad,
          reads=ALL, needs=_NONE, test=_v240),
    Verse(id="V241", verse="干支進退知先後", line=25, tag=Tag.C_STAR, theme=Theme.status, valence=Valence.mixed,
          reads=FOUR, needs=_NONE, test=_v241),
    Verse(id="V243", verse="四孟全清逢應發", line=25, tag=Tag.C_STAR, theme=Theme.status, valence=Valence.good,
          reads=ALL, needs=_NONE, test=_v243, same_as="V139"),
    Verse(id="V244", verse="四仲俱安柄不輕", line=25, tag=Tag.C, theme=Theme.status, valence=Valence.good,
          reads=ALL, needs=_NONE, test=_v244, same_as="V140"),
    Verse(id="V245", verse="四季土刑刑忌殺，犯者家宅不利尊", line=25, tag=Tag.C_STAR, theme=Theme.kin,
          valence=Valence.bad, reads=ALL, needs=_NONE, test=_v245, household=True, gates=frozenset({"V227"})),
    Verse(id="V246", verse="卦見本家須富貴", line=25, tag=Tag.C, theme=Theme.status, valence=Valence.good,
          reads=OTHERS, needs=frozenset({Need.year_nayin}), test=_v246, same_as="V55"),
    Verse(id="V247", verse="返剋之人定有嗔", line=25, tag=Tag.C, theme=Theme.temperament, valence=Valence.bad,
          reads=OTHERS, needs=frozenset({Need.year_nayin}), test=_v247, same_as="V56", gates=frozenset({"V218"})),
    Verse(id="V248", verse="三限歲遊大小吏納限，行宮度送迎", line=25, tag=Tag.C, theme=Theme.kin,
          trait="命宮: restates V51; every chart with a month and an hour has its palaces",
          valence=Valence.neutral, reads=(),
          needs=frozenset({Need.year_stem, Need.month_branch, Need.hour_branch}), test=_v248, same_as="V51"),
    Verse(id="V253", verse="印墓神藏兼氣德", line=26, tag=Tag.C, theme=Theme.status, valence=Valence.mixed,
          reads=ALL, needs=frozenset({Need.month_branch}), test=_v253),
)

LISTED: tuple[Unevaluated, ...] = (
    Unevaluated(id="V206", verse="正道歌：用法先看真五行", line=23, tag=Tag.T),  # tables.HUA
    Unevaluated(id="V213", verse="且須四柱視孤門", line=23, tag=Tag.J),  # 孤令 is not defined
    Unevaluated(id="V222", verse="支干五行推地利", line=24, tag=Tag.M),
    Unevaluated(id="V224", verse="神殺劫亡非本理", line=24, tag=Tag.M),
    Unevaluated(id="V225", verse="支干五帝是元根", line=24, tag=Tag.M),
    Unevaluated(id="V234", verse="不俱四緒生成，建月日時中借氣分", line=24, tag=Tag.J),  # needs the 運
    Unevaluated(id="V242", verse="五行昇降定衰興", line=25, tag=Tag.M),
    Unevaluated(id="V249", verse="再問命中何得失", line=25, tag=Tag.M),
    Unevaluated(id="V250", verse="吉凶行遊辨主星", line=25, tag=Tag.T),  # chart.PERIOD_OF
    Unevaluated(id="V251", verse="詳限下音依卦法", line=25, tag=Tag.J),  # needs the current 限
    Unevaluated(id="V252", verse="天將神門及貴人", line=25, tag=Tag.T),  # tables.GENERAL_OF_STEM
    Unevaluated(id="V254", verse="吉將朝元我命應", line=26, tag=Tag.J),  # its 吉將 is lu_horse_pillars
    Unevaluated(id="V255", verse="草木東方分甲乙", line=26, tag=Tag.T),
    Unevaluated(id="V256", verse="灰火非同是丙丁", line=26, tag=Tag.T),
    Unevaluated(id="V257", verse="戊己中央歸土糞", line=26, tag=Tag.T),
    Unevaluated(id="V258", verse="金石之化到庚辛", line=26, tag=Tag.T),
    Unevaluated(id="V259", verse="癸陰大海壬江水", line=26, tag=Tag.T),
    Unevaluated(id="V260", verse="謹須照下細推呈", line=26, tag=Tag.M),
)
