"""玉照定真經 V1–V50: 生氣 and 天德, the 尊卑 of the pillars, 魁罡, 墓, 德合, the body and its illnesses, 月德.

Seed lines: V1–V5 on line 3, V6–V10 on 4, V11–V15 on 5, V16–V21 on 6, V22–V31 on 7, V32–V40 on 8, V41–V50 on 9.
The range has no J, T or M unit left unevaluated: V31's tables (body parts of stems, branches and elements) are in
``tables`` and its embedded rule is evaluated, because the commentary gives it a worked chart.
"""

from __future__ import annotations

from collections.abc import Iterator

from core.chart.ganzhi import Branch, Element, Stem, StemBranch
from core.chart.relations import Stage, stage
from core.natal import tables
from core.natal.chart import ALL, DAY_HOUR, FOUR, OTHERS, NatalChart, Pillar, Role
from core.natal.evidence import Fact, Layer, Term, branch_of, name, nayin_of, pillar_of, stem_of
from core.natal.predicates import (
    branch_clashes,
    branch_punishes,
    branches_combine,
    counted_void,
    element_relation,
    hits,
    nayin_overcomes,
    season_fact,
    stem_overcomes,
    stems_combine,
)
from core.natal.verse import Hit, Need, Params, Tag, Theme, Unevaluated, Valence, Verse
from core.question import Sex

SENIORITY: tuple[Role, ...] = tuple(sorted(Role))   # 年 胎 月 日 時 (V7)
THREE_LORDS: tuple[Role, ...] = (Role.月, Role.日, Role.時)  # 三主 (V31, V44)


# ---- shared helpers -----------------------------------------------------------------------------------------

def _sb(text: str) -> StemBranch:
    return StemBranch.parse(text)


def _stems(text: str) -> frozenset[Stem]:
    return frozenset(Stem[c] for c in text)


def _branches(text: str) -> frozenset[Branch]:
    return frozenset(Branch[c] for c in text)


def _seen(role: Role, pair: StemBranch) -> Fact:
    return Fact(pillar_of(role, pair), "見")


def _at(role: Role, stem: Stem, branch: Branch) -> Fact:
    """A stem sitting on its own pillar's branch (到 / 臨 / 加, §1.6)."""
    return Fact(stem_of(role, stem), "臨", branch_of(role, branch))


def _holding(chart: NatalChart, pair: StemBranch, roles: tuple[Role, ...] = ALL) -> list[Role]:
    """The pillars among ``roles`` that are exactly ``pair``."""
    return [r for r, p in chart.pairs(roles) if p == pair]


def _stem_roles(chart: NatalChart, wanted: frozenset[Stem], roles: tuple[Role, ...] = ALL,
                ) -> list[tuple[Role, Stem]]:
    return [(r, p.stem) for r, p in chart.present(roles) if p.stem is not None and p.stem in wanted]


def _branch_roles(chart: NatalChart, wanted: frozenset[Branch], roles: tuple[Role, ...] = ALL,
                  ) -> list[tuple[Role, Branch]]:
    return [(r, p.branch) for r, p in chart.present(roles) if p.branch is not None and p.branch in wanted]


def _facts(*facts: Fact | None) -> tuple[Fact, ...]:
    """The facts that were found (optional evidence beside the required)."""
    return tuple(f for f in facts if f is not None)


def _count(subject: str, found: list[tuple[Role, Stem]] | list[tuple[Role, Branch]], at_least: int) -> Fact | None:
    """"多": ``subject`` occurs at least ``at_least`` times, as evidence with the count."""
    return Fact(name(subject), "多", None, len(found)) if len(found) >= at_least else None


def _roles(*groups: tuple[Role, ...] | list[Role]) -> tuple[Role, ...]:
    """The roles of several groups, each once, in 尊卑 order."""
    seen = {r for g in groups for r in g}
    return tuple(r for r in SENIORITY if r in seen)


def _pair_hits(chart: NatalChart, first: str, second: str, junior_second: bool = False) -> tuple[Hit, ...]:
    """Two named pillars both present (V17, V18, V22–V25, V35, V38, V39): one hit per placement of the two.

    ``junior_second``: the second must stand below the first in 尊卑 order (V17 下剋上)."""
    a, b = _sb(first), _sb(second)
    found = []
    for ra in _holding(chart, a):
        for rb in _holding(chart, b):
            if ra is rb or (junior_second and not ra.senior_to(rb)):
                continue
            found.append(Hit(_roles((ra, rb)), (_seen(ra, a), _seen(rb, b))))
    return tuple(found)


def _resting(subject: Term, element: Element, chart: NatalChart, params: Params) -> Fact | None:
    """休囚 in the birth month (``Params.resting``), as evidence; None without a month or when in season."""
    f = season_fact(subject, element, chart)
    return f if f is not None and f.relation in params.resting else None


def _organ(element: Element) -> Fact:
    """What an element governs in the body (V31's table)."""
    return Fact(name(element.name), "為", name(tables.ORGAN_OF_ELEMENT[element]))


def _stem_meets(chart: NatalChart, stem: Stem, branch: Branch, partner: Stem) -> Iterator[Hit]:
    """A stem on ``branch`` in its own pillar, or seeing ``partner`` (which 剋s it) on another (V42 戊 朝 寅 or 見
    甲; V44 甲 到 申 or 見 庚)."""
    for r, p in chart.present(ALL):
        if p.stem is not stem:
            continue
        if p.branch is branch:
            yield Hit((r,), (_at(r, stem, branch),))
        for r2, _ in _stem_roles(chart, frozenset({partner})):
            f = stem_overcomes(chart, r2, r)
            if r2 is not r and f is not None:
                yield Hit(_roles((r, r2)), (f,))


# ---- V1 生氣 and 天德合 ------------------------------------------------------------------------------------

def _life_source(chart: NatalChart, role: Role) -> Fact | None:
    """生氣 on a day or hour branch: the 三合 生方 of the year branch, or the 長生 of the year's 納音 or stem
    (干陰生氣: yin stems share the yang positions, so the element decides)."""
    b, yb = chart.branch(role), chart.branch(Role.年)
    if b is None:
        return None
    if yb is not None and tables.LIFE_SOURCE[yb] is b:
        return Fact(branch_of(role, b), "為", name("生氣"))
    for subject, element in _year_elements(chart):
        if stage(element, b) is Stage.長生:
            return Fact(subject, "長生", branch_of(role, b))
    return None


def _year_elements(chart: NatalChart) -> Iterator[tuple[Term, Element]]:
    """The year's 納音 and stem element, those known."""
    n, s = chart.nayin(Role.年), chart.stem(Role.年)
    if n is not None:
        yield nayin_of(Role.年, n), n
    if s is not None:
        yield stem_of(Role.年, s), s.element


def _tian_de(chart: NatalChart, role: Role) -> Fact | None:
    """The month's 天德 (a stem, or for months 2 5 8 11 the branch 申 亥 寅 巳) on this pillar."""
    mb, p = chart.month_branch, chart[role]
    if mb is None or p is None:
        return None
    de = tables.TIAN_DE[mb]
    if isinstance(de, Stem) and p.stem is de:
        return Fact(stem_of(role, de), "為", name("天德"))
    if isinstance(de, Branch) and p.branch is de:
        return Fact(branch_of(role, de), "為", name("天德"))
    return None


def _tian_de_union(chart: NatalChart, params: Params, role: Role) -> Fact | None:
    """天德合: the 天德 pillar's stem 干合s the year stem or its branch 支合s the year branch (the commentary's
    definition); with ``Params.tian_de_month_partner`` its stem may 合 the month stem (ex. 4, 甲申日 with 己卯月)."""
    found = stems_combine(chart, role, Role.年) or branches_combine(chart, role, Role.年)
    if found is None and params.tian_de_month_partner:
        found = stems_combine(chart, role, Role.月)
    return found


def _v1(chart: NatalChart, params: Params) -> tuple[Hit, ...]:
    """卦逢生氣天德合: 生氣 on the day or hour, and the 天德 on the day or hour combining (合).

    The commentary's ex. 1 (己亥人, 六月 甲寅) has no 生氣 and is still called long-lived because 甲 sits on its
    祿 寅 (建廟); the verse names 生氣, so that substitute is off unless ``Params.tian_de_lu_for_life``."""
    found = []
    for de_role, _ in chart.present(DAY_HOUR):
        de = _tian_de(chart, de_role)
        union = _tian_de_union(chart, params, de_role)
        if de is None or union is None:
            continue
        lives = [(r, f) for r in DAY_HOUR if (f := _life_source(chart, r)) is not None]
        s, b = chart.stem(de_role), chart.branch(de_role)
        if not lives and params.tian_de_lu_for_life and s is not None and b is not None and tables.LU[s] is b:
            lives = [(de_role, Fact(branch_of(de_role, b), "祿", stem_of(de_role, s)))]
        for life_role, life in lives:
            found.append(Hit(_roles((life_role, de_role)), (life, de, union)))
    return tuple(found)


# ---- V2–V4 ----------------------------------------------------------------------------------------------

def _v2(chart: NatalChart, params: Params) -> tuple[Hit, ...]:
    """身命逢刑返剋時: a day or hour branch 刑s the year branch (自刑 included) and its 納音 剋s the year's."""
    found = []
    for role in DAY_HOUR:
        punishment = branch_punishes(chart, role, Role.年)
        overcoming = nayin_overcomes(chart, role, Role.年)
        if punishment is not None and overcoming is not None:
            found.append(Hit((role,), (punishment, overcoming)))
    return hits(*found)


def _polarity_census(chart: NatalChart, yang: bool) -> tuple[Hit, ...]:
    """Four (or five) of the five stems of one polarity (V3 四陽, V4 陰覆)."""
    same = [(r, p.stem) for r, p in chart.present(ALL) if p.stem is not None and p.stem.yang is yang]
    if len(same) < 4:
        return ()
    roles = tuple(r for r, _ in same)
    facts: list[Fact] = [Fact(name("陽干" if yang else "陰干"), "多", None, len(same))]
    variant = None
    if yang:
        # the sub-clause: the hour 犯剋 (its stem or 納音 剋 the year's or the month's) → the mother dies in youth
        for target in (Role.年, Role.月):
            f = stem_overcomes(chart, Role.時, target) or nayin_overcomes(chart, Role.時, target)
            if f is not None:
                facts.append(f)
                variant = "early"
                break
    return (Hit(roles, tuple(facts), variant),)


def _v3(chart: NatalChart, params: Params) -> tuple[Hit, ...]:
    return _polarity_census(chart, yang=True)


def _v4(chart: NatalChart, params: Params) -> tuple[Hit, ...]:
    return _polarity_census(chart, yang=False)


# ---- V5 時來破日 -----------------------------------------------------------------------------------------

def _breaks(chart: NatalChart, attacker: Role, target: Role) -> Hit | None:
    """A junior pillar breaking a senior one: by 納音 heavy; by stem alone light, and then 官 when the season feeds
    the target's 納音 (印 旺: 六月 土 生 金 makes 丁 the 官 of 辛), 鬼 otherwise."""
    roles = _roles((target, attacker))
    heavy = nayin_overcomes(chart, attacker, target)
    if heavy is not None:
        return Hit(roles, (heavy,), "heavy")
    light = stem_overcomes(chart, attacker, target)
    if light is None:
        return None
    facts = [light]
    ea, et = chart.nayin(attacker), chart.nayin(target)
    if ea is not None and et is not None:
        relation = element_relation(ea, et)
        assert relation is not None
        facts.append(Fact(nayin_of(attacker, ea), relation, nayin_of(target, et)))
    seasonal = None if et is None else season_fact(nayin_of(target, et), et, chart)
    if seasonal is None:
        return Hit(roles, tuple(facts), "light")
    if seasonal.relation == "相":
        return Hit(roles, (*facts, seasonal), "official", Valence.good)
    return Hit(roles, (*facts, seasonal), "ghost")


def _v5(chart: NatalChart, params: Params) -> tuple[Hit, ...]:
    """時來破日，音凶而干見還輕: the hour breaking the day, by 納音 heavy, by stem light (``Params.break_day_by_hour``).

    The commentary reads its examples as the day or the hour against the year ("신사 금인 사람이 기축 일·시"), and
    says why: "간의 극은 머리와 얼굴에 있고 음의 극은 몸과 사지에 있다" — which is the text of V203 (干傷定頭面之災)
    and V204 (音損者四肢為患), verses of their own.  So the verse is read at its own scope, the hour against the day;
    the day or hour against the year is V203's and V204's (``Params.break_year_by_day_hour`` reads it here too).
    The note took the union, which nearly every chart meets; the text is narrower, and the text wins."""
    pairs = [(r, Role.年) for r in DAY_HOUR] if params.break_year_by_day_hour else []
    if params.break_day_by_hour:
        pairs.append((Role.時, Role.日))
    return hits(*(_breaks(chart, a, t) for a, t in pairs))


# ---- V6 患難官災 -----------------------------------------------------------------------------------------

def _echo(chart: NatalChart) -> Iterator[Hit]:
    """6a: a day or hour branch equal to the year's (伏吟, at home) or clashing it (反吟, in another province)."""
    yb = chart.branch(Role.年)
    for role, p in chart.present(DAY_HOUR):
        if yb is None or p.branch is None:
            continue
        if p.branch is yb:
            yield Hit((role,), (Fact(branch_of(role, p.branch), "為", name("伏吟")),), "fu_yin", Valence.mixed)
        clash = branch_clashes(chart, role, Role.年)
        if clash is not None:
            yield Hit((role,), (clash, Fact(branch_of(role, p.branch), "為", name("反吟"))), "fan_yin",
                      Valence.mixed)


def _ghost_in_power(chart: NatalChart) -> tuple[Role, Fact, Fact] | None:
    """A 鬼 on the day or hour (its stem or 納音 剋s the year's) that is 旺 in the birth month (V6 官災)."""
    for role in DAY_HOUR:
        for f, element in ((stem_overcomes(chart, role, Role.年), chart.stem(role)),
                           (nayin_overcomes(chart, role, Role.年), chart.nayin(role))):
            if f is None or element is None:
                continue
            el = element.element if isinstance(element, Stem) else element
            power = season_fact(f.subject, el, chart)
            if power is not None and power.relation == "旺":
                return role, f, power
    return None


def _official_trouble(chart: NatalChart) -> Iterator[Hit]:
    """6b: a day or hour branch 刑s the year's while a 鬼 is 旺 (戊申人, 正月, 甲辰日, 己巳時)."""
    ghost = _ghost_in_power(chart)
    if ghost is None:
        return
    g_role, overcoming, power = ghost
    for role in DAY_HOUR:
        punishment = branch_punishes(chart, role, Role.年)
        if punishment is not None:
            yield Hit(_roles((role, g_role)), (punishment, overcoming, power), "official")


_STATE_READINGS = (("死", "hardship"), ("休", "illness"), ("囚", "confinement"))


def _day_punishment(chart: NatalChart) -> Fact | None:
    """A 刑 between the day and another pillar, either way (V6 ex. 5: 丙戌時 刑 乙未日, "又逢刑日")."""
    for other in ALL:
        if other is Role.日:
            continue
        f = branch_punishes(chart, other, Role.日) or branch_punishes(chart, Role.日, other)
        if f is not None:
            return f
    return None


def _many_states(chart: NatalChart, params: Params) -> Iterator[Hit]:
    """6c: 死氣多 → 難, 休氣多 → 患 (an illness of the element's organ: 土休 → 脾), and 囚 many with a 刑 on the day
    → confinement, then illness (ex. 5).  "Many" is ``Params.many_states`` pillars whose 納音 is in that state."""
    mb = chart.month_branch
    if mb is None:
        return
    for state, variant in _STATE_READINGS:
        found = [(r, n) for r, p in chart.present(ALL) if (n := p.nayin) is not None
                 and tables.season_state(n, mb) == state]
        if len(found) < params.many_states:
            continue
        facts = [Fact(nayin_of(r, n), state, branch_of(Role.月, mb)) for r, n in found]
        if state == "休":
            facts += [_organ(e) for e in dict.fromkeys(n for _, n in found)]
        if state == "囚":
            punishment = _day_punishment(chart)
            if punishment is None:
                continue
            facts.append(punishment)
        yield Hit(_roles([r for r, _ in found]), tuple(facts), variant)


def _v6(chart: NatalChart, params: Params) -> tuple[Hit, ...]:
    """患難官災，遠近而自分得失: 伏吟/反吟 (6a), 官災 (6b), 死氣/休氣 多 (6c).  6d, near and far, is the life period
    of each hit's pillars; the onset year (限) is outside the chart and not read."""
    return (*_echo(chart), *_official_trouble(chart), *_many_states(chart, params))


# ---- V7, V8: 尊卑 ------------------------------------------------------------------------------------------

_DOMAIN: dict[Role, str] = {Role.年: "elders", Role.胎: "ancestors", Role.月: "household", Role.日: "self"}


# The links of a 下剋上 chain: each pillar against the next senior one in 尊卑 order (年 胎 月 日 時), the 胎 passed over
# as well (both of the commentary's chains run 時 → 日 → 月 → 年 beside a 胎 that is not in them).
_CHAIN_LINKS: tuple[tuple[Role, Role], ...] = (
    (Role.時, Role.日), (Role.日, Role.月), (Role.月, Role.胎), (Role.月, Role.年), (Role.胎, Role.年))


def _chains(links: dict[tuple[Role, Role], Fact]) -> list[list[Role]]:
    """Every maximal run of two or more links, junior first (時 日 月 年): a run inside a longer one is not kept."""
    runs: list[list[Role]] = []

    def grow(run: list[Role]) -> None:
        nexts = [s for (j, s) in links if j is run[-1]]
        if len(run) >= 3:
            runs.append(run)
        for s in nexts:
            grow([*run, s])

    for junior, _ in links:
        grow([junior])
    spans = [tuple(r) for r in runs]
    return [r for r in runs if not any(len(o) > len(r) and _inside(tuple(r), o) for o in spans)]


def _inside(run: tuple[Role, ...], other: tuple[Role, ...]) -> bool:
    return any(other[i:i + len(run)] == run for i in range(len(other) - len(run) + 1))


def _v7(chart: NatalChart, params: Params) -> tuple[Hit, ...]:
    """兩分交戰，識取尊卑: a chain of 下剋上 at one layer — the hour's stem (or 納音) 剋s the day's, the day's the
    month's, and so on up — is 逆 and harms the domain of the most senior pillar it reaches: 胎 the ancestors, 月 the
    household and father, 日 the native, 年 the elders' lives; by stems light, by 納音 heavy.

    seed004_rules.md reads every single pair (a junior pillar 剋ing any senior one); the text is narrower, and the
    text wins: 兩分交戰 is a war between two sides, and both worked examples are chains (seed line 4: "시간이 일간을 극하고
    일간이 월간을 극하며 월간이 연간을 극하는"; "시 납음이 일을 극하고 일이 월을 극하며 월이 주(主)를 극하는").  One 剋 between two pillars, which nearly every chart has, is not a
    war; the commentary's single blows (時破胎 …) name the domain a chain reaches.  Two links (three pillars) make a
    chain: the text counts no length, and "交" asks for an exchange, not one blow."""
    found = []
    for test in (stem_overcomes, nayin_overcomes):
        links = {(j, s): f for j, s in _CHAIN_LINKS if (f := test(chart, j, s)) is not None}
        for run in _chains(links):
            facts = tuple(links[(run[i], run[i + 1])] for i in range(len(run) - 1))
            found.append(Hit(_roles(run), facts, _DOMAIN[run[-1]]))
    return tuple(found)


_OFFENCES = 2  # V8 三犯: "두세 번" (two or three times)


def _v8(chart: NatalChart, params: Params) -> tuple[Hit, ...]:
    """三犯月胎，祖宗尤禍: the 納音 of the day or hour 剋s that of the month or the 胎 two or three times."""
    found = [f for p in DAY_HOUR for q in (Role.月, Role.胎) if (f := nayin_overcomes(chart, p, q)) is not None]
    if len(found) < _OFFENCES:
        return ()
    roles = _roles([f.subject.role for f in found if f.subject.role is not None],
                   [f.object.role for f in found if f.object is not None and f.object.role is not None])
    return (Hit(roles, tuple(found)),)


# ---- V9–V14: stems and branches that meet -------------------------------------------------------------------

_CLERIC_STEMS = _stems("甲丙戊")
_SKY_GATE = _branches("戌亥")


def _v9(chart: NatalChart, params: Params) -> tuple[Hit, ...]:
    """丙戊丁甲，時運戌亥: a 甲 丙 or 戊 native (or a 丁 native with 丁 many) who sees 戌亥 repeatedly (重見,
    ``Params.many``) on the other pillars."""
    ys = chart.stem(Role.年)
    if ys is None:
        return ()
    if ys in _CLERIC_STEMS:
        stem_fact: Fact | None = Fact(stem_of(Role.年, ys), "為", name("丙戊甲"))
    else:
        stem_fact = _count("丁", _stem_roles(chart, _stems("丁")), params.many) if ys is Stem.丁 else None
    gates = _branch_roles(chart, _SKY_GATE, OTHERS)
    many = _count("戌亥", gates, params.many)
    if stem_fact is None or many is None:
        return ()
    return (Hit(_roles((Role.年,), [r for r, _ in gates]), (stem_fact, many)),)


def _v10(chart: NatalChart, params: Params) -> tuple[Hit, ...]:
    """魁罡上見，往來加臨: 辰 and 戌 both in the four pillars (往來), one of them repeated (加臨, ``Params.many``).
    The commentary's sub-types by 旺/相/死 on 辰戌 (jailer, lawless, butcher) are left unread (J)."""
    found = {b: _branch_roles(chart, frozenset({b}), FOUR) for b in (Branch.辰, Branch.戌)}
    if not all(found.values()) or max(len(v) for v in found.values()) < params.many:
        return ()
    facts = tuple(Fact(name(tables.KUI_GANG[b]), "見", None, len(v)) for b, v in found.items())
    return (Hit(_roles(*([r for r, _ in v] for v in found.values())), facts),)


def _named_pillars(chart: NatalChart, names: str) -> list[tuple[Role, StemBranch]]:
    wanted = {_sb(p) for p in names.split()}
    return [(r, p) for r, p in chart.pairs(ALL) if p in wanted]


def _v11(chart: NatalChart, params: Params) -> tuple[Hit, ...]:
    """寅申庚甲，商路吏人: 庚甲 over 寅申 in several pillars (``Params.many``); for a 子午卯酉 native, a 庚/甲 stem and
    a 寅/申 branch anywhere on the other pillars are enough ("但有庚甲寅申")."""
    members = _named_pillars(chart, "甲寅 甲申 庚寅 庚申")
    if len(members) >= params.many:
        return (Hit(_roles([r for r, _ in members]), tuple(_seen(r, p) for r, p in members)),)
    yb = chart.branch(Role.年)
    stems = _stem_roles(chart, _stems("庚甲"), OTHERS)
    roads = _branch_roles(chart, _branches("寅申"), OTHERS)
    if yb is None or yb not in _branches("子午卯酉") or not stems or not roads:
        return ()
    (rs, s), (rb, b) = stems[0], roads[0]
    return (Hit(_roles((Role.年, rs, rb)), (Fact(branch_of(Role.年, yb), "為", name("子午卯酉")),
                                              Fact(stem_of(rs, s), "見"), Fact(branch_of(rb, b), "見"))),)


def _v12(chart: NatalChart, params: Params) -> tuple[Hit, ...]:
    """子午逢之，他鄉外立: 庚甲 over 子午 in several pillars (``Params.many``), or a 甲子/甲午/庚子/庚午 native who
    sees another 庚 or 甲 (甲子人 with 庚戌)."""
    members = _named_pillars(chart, "甲子 甲午 庚子 庚午")
    if len(members) >= params.many:
        return (Hit(_roles([r for r, _ in members]), tuple(_seen(r, p) for r, p in members)),)
    year = [(r, p) for r, p in members if r is Role.年]
    stems = _stem_roles(chart, _stems("庚甲"), OTHERS)
    if not year or not stems:
        return ()
    (ry, y), (rs, s) = year[0], stems[0]
    return (Hit(_roles((ry, rs)), (_seen(ry, y), Fact(stem_of(rs, s), "見"))),)


def _all_stems(chart: NatalChart, wanted: frozenset[Stem]) -> list[tuple[Role, Stem]] | None:
    """One pillar for each of ``wanted`` (the first found), or None when one is missing."""
    found = {s: r for r, s in reversed(_stem_roles(chart, wanted))}
    if len(found) < len(wanted):
        return None
    return [(r, s) for s, r in sorted(found.items())]


def _v13(chart: NatalChart, params: Params) -> tuple[Hit, ...]:
    """癸乙壬加卯酉: 癸 乙 and 壬 all present and 癸 or 乙 sitting on 卯 or 酉 (壬, a yang stem, cannot)."""
    stems = _all_stems(chart, _stems("癸乙壬"))
    if stems is None:
        return ()
    found = []
    for r, p in chart.present(ALL):
        if p.stem in (Stem.癸, Stem.乙) and p.branch in (Branch.卯, Branch.酉):
            assert p.stem is not None and p.branch is not None
            found.append(Hit(_roles((r,), [x for x, _ in stems]),
                             (_at(r, p.stem, p.branch), *(Fact(stem_of(x, s), "見") for x, s in stems))))
    return tuple(found)


def _v14(chart: NatalChart, params: Params) -> tuple[Hit, ...]:
    """乙辛丁己亥酉: the four stems 乙 辛 丁 己 and the branches 亥 and 酉 all present."""
    stems = _all_stems(chart, _stems("乙辛丁己"))
    branches = {b: r for r, b in reversed(_branch_roles(chart, _branches("亥酉")))}
    if stems is None or len(branches) < 2:
        return ()
    facts = (*(Fact(stem_of(r, s), "見") for r, s in stems), *(Fact(branch_of(r, b), "見") for b, r in branches.items()))
    return (Hit(_roles([r for r, _ in stems], list(branches.values())), facts),)


# ---- V15 墓 and 庫, V16 德合 -------------------------------------------------------------------------------

def _tomb_layers(chart: NatalChart) -> Iterator[tuple[str, Term, Element, Branch]]:
    """The year's three 墓 (V15): of its stem (elders), its branch (peers, wife) and its 納音 (women, children)."""
    s, b, n = chart.stem(Role.年), chart.branch(Role.年), chart.nayin(Role.年)
    if s is not None:
        yield "elders", stem_of(Role.年, s), s.element, tables.STEM_TOMB[s]
    if b is not None:
        yield "spouse", branch_of(Role.年, b), b.element, tables.BRANCH_TOMB[b]
    if n is not None:
        yield "juniors", nayin_of(Role.年, n), n, tables.ELEMENT_TOMB[n]


def _v15(chart: NatalChart, params: Params) -> tuple[Hit, ...]:
    """干神支墓，須詳上下吉凶: a day or hour branch on one of the year's 墓 is a 墓 (harmful) unless the element is
    旺 or 相 in the month or one of its 祿 branches stands on another pillar (then it is a 庫: 甲寅人, 十月, 乙未日,
    己卯時 — 木相, 乙祿卯).  The year's own branch is not counted as that 祿: ex. 5 (丙子人, 四月, 壬辰) reads 支墓
    and 音墓 although 子 is the 祿 of 水 (the catalogue says only "its 祿 is present")."""
    others = {b for _, b in _branch_roles(chart, frozenset(Branch), OTHERS)}
    found = []
    for variant, subject, element, tomb in _tomb_layers(chart):
        seasonal = season_fact(subject, element, chart)
        if seasonal is None or seasonal.relation in ("旺", "相") or tables.lu_of_element(element) & others:
            continue
        for role, b in _branch_roles(chart, frozenset({tomb}), DAY_HOUR):
            found.append(Hit((role,), (Fact(subject, "墓", branch_of(role, b)), seasonal,
                                       Fact(name(f"{element.name}祿"), "無")), variant))
    return tuple(found)


def _v16(chart: NatalChart, params: Params) -> tuple[Hit, ...]:
    """德合與吉干相逢: the year stem's 德 (a yang stem itself, a yin stem its 合 partner) on another pillar; it turns
    bad ("自合凶") when that pillar is void or the 化 element is at 敗 (沐浴) in the birth month.  The void is counted
    as V226 counts it (``counted_void``), since it spoils a reading that stands without it."""
    ys, mb = chart.stem(Role.年), chart.month_branch
    if ys is None:
        return ()
    de = tables.de_of_stem(ys)
    found = []
    for role, _ in _stem_roles(chart, frozenset({de}), OTHERS):
        spoilers: list[Fact] = []
        if not ys.yang and mb is not None and stage(tables.HUA[ys], mb) is Stage.沐浴:
            spoilers.append(Fact(name(f"{ys.name}{de.name}化{tables.HUA[ys].name}"), "沐浴", branch_of(Role.月, mb)))
        void = counted_void(chart, params, role)
        if void is not None:
            spoilers.append(void)
        facts = (Fact(stem_of(role, de), "德", stem_of(Role.年, ys)), *spoilers)
        found.append(Hit((role,), facts, "spoiled", Valence.bad) if spoilers else Hit((role,), facts))
    return tuple(found)


# ---- V17–V19 ---------------------------------------------------------------------------------------------

def _v17(chart: NatalChart, params: Params) -> tuple[Hit, ...]:
    """甲寅辛丑: 辛丑 below 甲寅 (下剋上: 辛剋甲, 丑土 剋 甲寅 水)."""
    found = []
    for h in _pair_hits(chart, "甲寅", "辛丑", junior_second=True):
        senior, junior = h.roles
        found.append(Hit(h.roles, h.facts + _facts(stem_overcomes(chart, junior, senior),
                                                        nayin_overcomes(chart, junior, senior))))
    return tuple(found)


def _v18(chart: NatalChart, params: Params) -> tuple[Hit, ...]:
    """癸未庚申: both pillars present."""
    return _pair_hits(chart, "癸未", "庚申")


def _v19(chart: NatalChart, params: Params) -> tuple[Hit, ...]:
    """火逢盛土，見庚: a 火 native with 土 納音 on many other pillars (``Params.many_elements``) and a 庚午, 庚子 or
    庚辰 pillar."""
    if chart.body is not Element.火:
        return ()
    earth = [r for r, p in chart.present(OTHERS) if p.nayin is Element.土]
    roads = _named_pillars(chart, "庚午 庚子 庚辰")
    if len(earth) < params.many_elements or not roads:
        return ()
    facts = (Fact(nayin_of(Role.年, Element.火), "見"), Fact(Term("土", None, Layer.納音), "多", None, len(earth)),
             *(_seen(r, p) for r, p in roads))
    return (Hit(_roles((Role.年,), earth, [r for r, _ in roads]), facts),)


# ---- V20–V31: the body -----------------------------------------------------------------------------------

def _v20(chart: NatalChart, params: Params) -> tuple[Hit, ...]:
    """戊己俱氣休囚: 戊寅 or 己卯 seen (on a pillar other than the year) while 土 is 休囚 (``Params.resting``):
    on the 胎 or month the household and elders, on the day or hour the native, wife and children; seen again
    (``Params.many``) the great wind illness.  The text says 休囚 (the catalogue adds 死), and names the pillars
    戊寅 and 己卯, not any 戊 or 己 stem (the catalogue's looser option); a 戊寅 year alone is not "seen" (ex. 2, 戊寅人
    with 己卯, is read for the native, wife and children by the 己卯 alone)."""
    found = []
    for r, p in chart.pairs(OTHERS):
        if p not in (_sb("戊寅"), _sb("己卯")):
            continue
        resting = _resting(stem_of(r, p.stem), Element.土, chart, params)
        if resting is not None:
            found.append(Hit((r,), (_at(r, p.stem, p.branch), resting),
                             "household" if r in (Role.胎, Role.月) else "self"))
    if len(found) >= params.many:
        found.append(Hit(_roles([h.roles[0] for h in found]), tuple(f for h in found for f in h.facts), "severe"))
    return tuple(found)


_DROWNING: dict[Stem, tuple[Branch, StemBranch]] = {
    Stem.丙: (Branch.亥, _sb("辛亥")),  # 丙辛 化 真水: not drowning
    Stem.丁: (Branch.子, _sb("壬子")),  # 丁壬 化 木, which 生s 丁
}


def _v21(chart: NatalChart, params: Params) -> tuple[Hit, ...]:
    """丙丁亥子: a 丙 native with 亥 on the day or hour, a 丁 native with 子 (丙 到 亥, 丁 到 子), except the
    combining pillars 辛亥 and 壬子."""
    ys = chart.stem(Role.年)
    if ys not in _DROWNING:
        return ()
    assert ys is not None
    water, exception = _DROWNING[ys]
    return tuple(Hit((r,), (Fact(stem_of(Role.年, ys), "臨", branch_of(r, b)),))
                 for r, b in _branch_roles(chart, frozenset({water}), DAY_HOUR) if chart[r] != Pillar.of(exception))


def _v22(chart: NatalChart, params: Params) -> tuple[Hit, ...]:
    """巳午庚辛: 辛巳 and 庚午 (金 over 火) both present."""
    return _pair_hits(chart, "辛巳", "庚午")


def _v23(chart: NatalChart, params: Params) -> tuple[Hit, ...]:
    """甲申乙酉: both present (木 over 金)."""
    return _pair_hits(chart, "甲申", "乙酉")


def _v24(chart: NatalChart, params: Params) -> tuple[Hit, ...]:
    """辛卯庚寅: both present (金 over 木)."""
    return _pair_hits(chart, "辛卯", "庚寅")


def _v25(chart: NatalChart, params: Params) -> tuple[Hit, ...]:
    """門中有土上全: 己卯 and 己酉 (土 over both 門户 branches) both present."""
    return _pair_hits(chart, "己卯", "己酉")


def _v26(chart: NatalChart, params: Params) -> tuple[Hit, ...]:
    """申巳雙加，遇刑: a 申 native with 巳 on the day or hour (巳刑申) whose 納音 剋s the native's (相剋)."""
    if chart.branch(Role.年) is not Branch.申:
        return ()
    found = []
    for r, _ in _branch_roles(chart, frozenset({Branch.巳}), DAY_HOUR):
        punishment, overcoming = branch_punishes(chart, r, Role.年), nayin_overcomes(chart, r, Role.年)
        if punishment is not None and overcoming is not None:
            found.append(Hit((r,), (punishment, overcoming)))
    return tuple(found)


def _v27(chart: NatalChart, params: Params) -> tuple[Hit, ...]:
    """丙丁歲日癸壬: 丙 or 丁 on the year (歲) or the day (日), put out by a 壬 or 癸 on a later day or hour."""
    found = []
    for holder, _ in _stem_roles(chart, _stems("丙丁"), (Role.年, Role.日)):
        for attacker, _ in _stem_roles(chart, _stems("壬癸"), DAY_HOUR):
            f = stem_overcomes(chart, attacker, holder)
            if attacker > holder and f is not None:
                found.append(Hit((holder, attacker), (f,)))
    return tuple(found)


def _v28(chart: NatalChart, params: Params) -> tuple[Hit, ...]:
    """甲乙居前見庚辛: 甲/乙 on an earlier pillar (年 月 日 時 order) and 庚/辛 on a later one; heavy when the 庚/辛
    is the 鬼 of the native's own stem, light when it does not 剋 it."""
    ys = chart.stem(Role.年)
    found = []
    for i, front in enumerate(FOUR):
        if chart.stem(front) not in _stems("甲乙"):
            continue
        for back in FOUR[i + 1:]:
            f = stem_overcomes(chart, back, front) if chart.stem(back) in _stems("庚辛") else None
            if f is None:
                continue
            ghost = stem_overcomes(chart, back, Role.年)
            variant = None if ys is None else "heavy" if ghost is not None else "light"
            found.append(Hit((front, back), _facts(f, ghost if ghost is not f else None), variant))
    return tuple(found)


_WATER_EARTH = frozenset({Element.水, Element.土})


def _v29(chart: NatalChart, params: Params) -> tuple[Hit, ...]:
    """水土同來寅卯: a 水 or 土 native (身) with 寅 or 卯 on the day or hour."""
    body = chart.body
    if body not in _WATER_EARTH:
        return ()
    assert body is not None
    return tuple(Hit((r,), (Fact(nayin_of(Role.年, body), "臨", branch_of(r, b)),))
                 for r, b in _branch_roles(chart, _branches("寅卯"), DAY_HOUR))


def _v30(chart: NatalChart, params: Params) -> tuple[Hit, ...]:
    """再入天罡: a 水 or 土 native and a day or hour pillar on 辰 whose 納音 is 水 or 土 (水土 gather at their 墓 辰);
    men the small intestine, women the 血海.  The commentary wants "the two images seen together" in 辰, so the 辰
    pillar's 納音 must be 水 or 土 (the catalogue makes it only "especially")."""
    body = chart.body
    if body not in _WATER_EARTH:
        return ()
    assert body is not None
    variant = None if chart.sex is None else "male" if chart.sex is Sex.male else "female"
    found = []
    for r, p in chart.pairs(DAY_HOUR):
        n = tables.nayin(p)
        if p.branch is Branch.辰 and n in _WATER_EARTH:
            found.append(Hit((r,), (Fact(nayin_of(Role.年, body), "臨", branch_of(r, p.branch)),
                                    Fact(nayin_of(r, n), "臨", branch_of(r, p.branch))), variant))
    return tuple(found)


def _v31(chart: NatalChart, params: Params) -> tuple[Hit, ...]:
    """五行十干略定一端 (embedded rule): a month, day or hour stem 休囚 (``Params.resting``) points to illness of its
    element's organ, at the body parts its stem and branch govern; read per pillar (三主).  The onset year (a 太歲
    that 剋s the pillar) is outside the chart and not read."""
    found = []
    for r, p in chart.present(THREE_LORDS):
        if p.stem is None:
            continue
        resting = _resting(stem_of(r, p.stem), p.stem.element, chart, params)
        if resting is None:
            continue
        facts = [resting]
        n = p.nayin
        if n is not None and (also := _resting(nayin_of(r, n), n, chart, params)) is not None:
            facts.append(also)
        facts += [_organ(p.stem.element), Fact(stem_of(r, p.stem), "為", name(tables.BODY_OF_STEM[p.stem]))]
        if p.branch is not None and p.branch in tables.BODY_OF_BRANCH:
            facts.append(Fact(branch_of(r, p.branch), "為", name(tables.BODY_OF_BRANCH[p.branch])))
        found.append(Hit((r,), tuple(facts)))
    return tuple(found)


# ---- V32–V40 ---------------------------------------------------------------------------------------------

_QUARTER = {Element.木: "東方", Element.金: "西方"}


def _v32(chart: NatalChart, params: Params) -> tuple[Hit, ...]:
    """東金西木: on the native's own pillar, the day or the hour, a 金 stem or 納音 on an eastern (木) branch or a 木
    one on a western (金) branch (干逆 庚寅 辛卯 甲申 乙酉; 音逆 壬寅 癸卯 庚申 辛酉).

    The commentary (line 8) sees the 逆 on the 日·時 ("계묘 일·시나 신유 일·시") and "not on the 本命 alone"
    ("본명뿐 아니라"): the native's pillar and the pillars it meets, the day and the hour.  The note read it on any of
    the five pillars, the month and the 胎 too, which the text does not name; the text wins."""
    found = []
    for r, p in chart.present((Role.年, *DAY_HOUR)):
        b = p.branch
        if b is None or b.element not in _QUARTER:
            continue
        layers = ((None if p.stem is None else (stem_of(r, p.stem), p.stem.element)),
                  (None if p.nayin is None else (nayin_of(r, p.nayin), p.nayin)))
        for layer in layers:
            if layer is not None and layer[1] in _QUARTER and layer[1] is not b.element:
                found.append(Hit((r,), (Fact(layer[0], "臨", branch_of(r, b)),
                                        Fact(branch_of(r, b), "為", name(_QUARTER[b.element])))))
    return tuple(found)


def _v33(chart: NatalChart, params: Params) -> tuple[Hit, ...]:
    """丙北壬南: the native's pillar is 易位 (its stem's element sits where its branch's belongs) and the day or
    hour holds the swapped pillar (庚寅人 with 甲申, 丙子人 with 壬午)."""
    y = chart[Role.年]
    pair = None if y is None else y.pair
    if pair is None or pair not in tables.REVERSED_PARTNER:
        return ()
    partner = tables.REVERSED_PARTNER[pair]
    return tuple(Hit((r,), (Fact(pillar_of(Role.年, pair), "為", name("易位")),
                            Fact(pillar_of(r, partner), "為", name("易位"))))
                 for r in _holding(chart, partner, DAY_HOUR))


def _v34(chart: NatalChart, params: Params) -> tuple[Hit, ...]:
    """壬多艮坎: 壬 many (``Params.many``) and 子 (坎) or 丑 (艮), the 宮觀, on the day or hour."""
    many = _count("壬", _stem_roles(chart, _stems("壬")), params.many)
    if many is None:
        return ()
    trigram = {Branch.子: "坎", Branch.丑: "艮"}
    return tuple(Hit((r,), (many, Fact(branch_of(r, b), "為", name(trigram[b]))))
                 for r, b in _branch_roles(chart, frozenset(trigram), DAY_HOUR))


def _v35(chart: NatalChart, params: Params) -> tuple[Hit, ...]:
    """戌亥連陰: 壬戌 and 癸亥 (水 over 天空) both present."""
    return _pair_hits(chart, "壬戌", "癸亥")


def _v36(chart: NatalChart, params: Params) -> tuple[Hit, ...]:
    """丑中立癸，甲見: a 癸丑 pillar and a 甲 stem, with 木 and 水 both 休囚 (``Params.resting``) in the month
    (甲寅人, 五月 癸丑: 甲休, 癸囚)."""
    found = []
    for r in _holding(chart, _sb("癸丑")):
        water = _resting(stem_of(r, Stem.癸), Element.水, chart, params)
        for rj, _ in _stem_roles(chart, _stems("甲")):
            wood = _resting(stem_of(rj, Stem.甲), Element.木, chart, params)
            if water is not None and wood is not None:
                found.append(Hit(_roles((r, rj)), (_seen(r, _sb("癸丑")), wood, water)))
    return tuple(found)


def _v37(chart: NatalChart, params: Params) -> tuple[Hit, ...]:
    """乙犯天罡: a 乙 native or an 乙 day (六乙人 / 乙日), with 卯 and 辰 both present."""
    yi = _stem_roles(chart, _stems("乙"), (Role.年, Role.日))
    mao = _branch_roles(chart, _branches("卯"))
    chen = _branch_roles(chart, _branches("辰"))
    if not yi or not mao or not chen:
        return ()
    (r, s), (rm, m), (rc, c) = yi[0], mao[0], chen[0]
    return (Hit(_roles((r, rm, rc)), (Fact(stem_of(r, s), "見"), Fact(branch_of(rm, m), "見"),
                                       Fact(branch_of(rc, c), "見"))),)


def _v38(chart: NatalChart, params: Params) -> tuple[Hit, ...]:
    """甲乙同來寅卯: 甲寅 and 乙卯 both present; stronger when either is void in the day's 旬 (旬日空亡, the text's
    own reference, as V226 counts it).  The commentary's other void 甲乙 pairs (甲戌乙亥 in 甲子旬 …) illustrate
    the void; the verse names 寅卯, so they do not fire."""
    found = []
    for h in _pair_hits(chart, "甲寅", "乙卯"):
        voids = _facts(*(counted_void(chart, params, r, Role.日) for r in h.roles))
        found.append(Hit(h.roles, h.facts + voids, "strong") if voids else h)
    return tuple(found)


def _v39(chart: NatalChart, params: Params) -> tuple[Hit, ...]:
    """庚辛向申酉之方: 庚申 and 辛酉 (or 辛酉 and 癸酉) both present; stronger when 金 is 旺 in the month."""
    found = []
    for h in (*_pair_hits(chart, "庚申", "辛酉"), *_pair_hits(chart, "辛酉", "癸酉")):
        power = season_fact(name("金"), Element.金, chart)
        found.append(Hit(h.roles, (*h.facts, power), "strong") if power is not None and power.relation == "旺" else h)
    return tuple(found)


def _v40(chart: NatalChart, params: Params) -> tuple[Hit, ...]:
    """當生有虎: 白虎 (六庚) on 寅 — a 庚寅 pillar beside the year, or a 庚 native with 卯 on the day or hour (庚 到 卯,
    a pillar that cannot be); heavy when the tiger's stem or 納音 剋s the native's, light otherwise.  歲刑足病 needs
    the current year (太歲) and is not read."""
    found = []
    known = chart.stem(Role.年) is not None
    for r in _holding(chart, _sb("庚寅"), OTHERS):
        ghost = stem_overcomes(chart, r, Role.年) or nayin_overcomes(chart, r, Role.年)
        variant = "heavy" if ghost is not None else "light" if known else None
        found.append(Hit((r,), _facts(_at(r, Stem.庚, Branch.寅), ghost), variant))
    if chart.stem(Role.年) is Stem.庚:
        for r, b in _branch_roles(chart, _branches("卯"), DAY_HOUR):
            found.append(Hit((r,), (Fact(stem_of(Role.年, Stem.庚), "臨", branch_of(r, b)),), "light"))
    return tuple(found)


# ---- V41–V50 ---------------------------------------------------------------------------------------------

def _stem_sees(chart: NatalChart, stem: Stem, other: Stem) -> tuple[Hit, ...]:
    """``stem`` on one pillar and ``other`` (which 剋s it) on another: one hit per placement (V41, V43)."""
    return tuple(Hit(_roles((r, r2)), (f,))
                 for r, _ in _stem_roles(chart, frozenset({stem})) for r2, _ in _stem_roles(chart, frozenset({other}))
                 if r is not r2 and (f := stem_overcomes(chart, r2, r)) is not None)


def _v41(chart: NatalChart, params: Params) -> tuple[Hit, ...]:
    """雀逢天后: 丙 (朱雀) and 壬 (天后) on two pillars."""
    return _stem_sees(chart, Stem.丙, Stem.壬)


def _v42(chart: NatalChart, params: Params) -> tuple[Hit, ...]:
    """戊己朝仁: 戊 on 寅 or seeing 甲, 己 on 卯 or seeing 乙."""
    return (*_stem_meets(chart, Stem.戊, Branch.寅, Stem.甲), *_stem_meets(chart, Stem.己, Branch.卯, Stem.乙))


def _v43(chart: NatalChart, params: Params) -> tuple[Hit, ...]:
    """癸丁加干: 丁 sees 癸 (六丁見六癸)."""
    return _stem_sees(chart, Stem.丁, Stem.癸)


def _v44(chart: NatalChart, params: Params) -> tuple[Hit, ...]:
    """青龍與六合逢金: 甲 (青龍) on 申 or seeing 庚, 乙 (六合) on 酉 or seeing 辛."""
    return (*_stem_meets(chart, Stem.甲, Branch.申, Stem.庚), *_stem_meets(chart, Stem.乙, Branch.酉, Stem.辛))


def _v45(chart: NatalChart, params: Params) -> tuple[Hit, ...]:
    """太陰失路: a 辛 (太陰) seen on a branch where it has no 氣 (病 死 墓 絕 of its own pillar, "無氣之地"); the
    commentary's 辛卯 is 絕 only with ``Params.yin_reversed_stages``.  It weighs more when 辛 is the native's wife
    (the 合 partner of a 丙 native).  The text speaks of a ground (地) without 氣, a position; the catalogue's
    seasonal 休囚 alternative is not in it."""
    found = []
    for r, p in chart.present(OTHERS):
        if p.stem is not Stem.辛 or p.branch is None:
            continue
        st = tables.stem_stage(Stem.辛, p.branch, params.yin_reversed_stages)
        if st not in tables.NO_QI_STAGES:
            continue
        wife = stems_combine(chart, r, Role.年)
        facts = _facts(Fact(stem_of(r, Stem.辛), st.name, branch_of(r, p.branch)), wife)
        found.append(Hit(_roles((r,), (Role.年,) if wife else ()), facts, "wife" if wife else None))
    return tuple(found)


def _v46(chart: NatalChart, params: Params) -> tuple[Hit, ...]:
    """天后狂情到魁罡: 壬 on 辰 or 戌 (壬辰, 壬戌); with 辰戌 many (``Params.many``) an illness of 水土, otherwise hidden
    troubles of the women of the house.  "到" is a stem on its own pillar's branch (§1.6); the catalogue's reading
    (any 壬 with 辰戌 many) drops it."""
    kui_gang = _branch_roles(chart, _branches("辰戌"))
    found = []
    for r, p in chart.pairs(ALL):
        if p.stem is Stem.壬 and p.branch in (Branch.辰, Branch.戌):
            many = _count("辰戌", kui_gang, params.many)
            found.append(Hit((r,), _facts(_at(r, p.stem, p.branch), many), "illness" if many else "hidden"))
    return tuple(found)


def _v47(chart: NatalChart, params: Params) -> tuple[Hit, ...]:
    """六癸還生: 癸 on 亥 (癸亥), or a 癸 native with 亥 子 or 申 on the day or hour (a pillar that cannot be), and no
    土 (no 戊己 stem, no 土 納音): restless wandering; 水 旺相 in the month → thieves and flight, 休囚 → illness."""
    if _stem_roles(chart, _stems("戊己")) or any(p.nayin is Element.土 for _, p in chart.present(ALL)):
        return ()
    seats = [(r, _at(r, Stem.癸, Branch.亥)) for r in _holding(chart, _sb("癸亥"))]
    if chart.stem(Role.年) is Stem.癸:
        seats += [(r, Fact(stem_of(Role.年, Stem.癸), "臨", branch_of(r, b)))
                  for r, b in _branch_roles(chart, _branches("亥子申"), DAY_HOUR)]
    found = []
    for r, seat in seats:
        seasonal = season_fact(name("水"), Element.水, chart)
        state = None if seasonal is None else seasonal.relation
        variant = "thieves" if state in ("旺", "相") else "illness" if state in params.resting else None
        facts = _facts(seat, Fact(name("土"), "無"), seasonal if variant else None)
        found.append(Hit(_roles((r,), (Role.年,) if seat.subject.role is Role.年 else ()), facts, variant))
    return tuple(found)


_GRAVE_GROUND = frozenset({Stage.墓, Stage.死, Stage.絕})


def _v48(chart: NatalChart, params: Params) -> tuple[Hit, ...]:
    """休囚九干墓死: one of the 九病 pillars with its stem 休囚 (``Params.resting``), or — as both worked examples
    read it (壬辰 in 二月, 甲申 in 四月) — a day or hour stem on its 墓 死 or 絕 while 休囚, the illness then of its
    納音's organ (both examples 水: blood, kidneys)."""
    found = []
    for r, p in chart.pairs(ALL):
        resting = _resting(stem_of(r, p.stem), p.stem.element, chart, params)
        if resting is None:
            continue
        if p in tables.NINE_ILLS:
            found.append(Hit((r,), (Fact(pillar_of(r, p), "為", name(f"九病·{tables.NINE_ILLS[p]}")), resting)))
            continue
        st = tables.stem_stage(p.stem, p.branch, params.yin_reversed_stages)
        if r in DAY_HOUR and st in _GRAVE_GROUND:
            n = tables.nayin(p)
            found.append(Hit((r,), (Fact(stem_of(r, p.stem), st.name, branch_of(r, p.branch)), resting, _organ(n))))
    return tuple(found)


def _month_virtue(chart: NatalChart, roles: tuple[Role, ...]) -> tuple[list[Fact], list[Fact]] | None:
    """The month's 月德 (yang) and 月德合 (yin) stems on ``roles``, as evidence; None without a month."""
    mb = chart.month_branch
    if mb is None:
        return None
    de, he = tables.YUE_DE[mb], tables.yue_de_he(mb)
    return ([Fact(stem_of(r, s), "為", name("月德")) for r, s in _stem_roles(chart, frozenset({de}), roles)],
            [Fact(stem_of(r, s), "為", name("月德合")) for r, s in _stem_roles(chart, frozenset({he}), roles)])


def _fact_roles(facts: list[Fact]) -> tuple[Role, ...]:
    return _roles([f.subject.role for f in facts if f.subject.role is not None])


def _v49(chart: NatalChart, params: Params) -> tuple[Hit, ...]:
    """月德雙加有合: the month's 月德 and 月德合 stems both present, on any pillar (壬申人, 十一月 壬子, 丁巳日, 丁未時)."""
    found = _month_virtue(chart, ALL)
    if found is None or not found[0] or not found[1]:
        return ()
    facts = found[0] + found[1]
    return (Hit(_fact_roles(facts), tuple(facts)),)


def _v50(chart: NatalChart, params: Params) -> tuple[Hit, ...]:
    """見陽而貴士多昇，遇陰干陰人財力: the 月德 (yang) stem on the day or hour → noble patrons; the 月德合 (yin) →
    women's money and effort; both → better still.

    The 月德 is the month's: the commentary sees it on the 日·時 (line 9: "갑자인 사람이 2월 갑진 일·시"; "2월 기묘 일·시"), as V1 sees
    the 天德 on the day or hour.  The note read it on any pillar beside the year, the month and the 胎 too; the month
    does not meet its own virtue, and the text names the day and hour, so the text's scope is kept."""
    found = _month_virtue(chart, DAY_HOUR)
    if found is None or not (found[0] or found[1]):
        return ()
    facts = found[0] + found[1]
    variant = "both" if found[0] and found[1] else "yang" if found[0] else "yin"
    return (Hit(_fact_roles(facts), tuple(facts), variant),)


# ---- the verses ------------------------------------------------------------------------------------------

_V227 = frozenset({"V227", "V218"})
_V218 = frozenset({"V218"})
_V226 = frozenset({"V226"})
_NONE: frozenset[Need] = frozenset()

VERSES: tuple[Verse, ...] = (
    Verse(id="V1", verse="卦逢生氣天德合，世世長年", line=3, tag=Tag.C_STAR, theme=Theme.status, valence=Valence.good,
          reads=DAY_HOUR, needs=frozenset({Need.year_pillar, Need.month_branch}), test=_v1),
    Verse(id="V2", verse="身命逢刑返剋時，必須夭賤", line=3, tag=Tag.C, theme=Theme.health, valence=Valence.bad,
          reads=DAY_HOUR, needs=frozenset({Need.year_branch, Need.year_nayin}), test=_v2, grim=True, gates=_V227),
    Verse(id="V3", verse="四陽俱立，定知難有陰尊", line=3, tag=Tag.C, theme=Theme.kin, valence=Valence.bad,
          reads=ALL, needs=_NONE, test=_v3, grim=True),
    Verse(id="V4", verse="陰覆全逢，不見陽尊老壽", line=3, tag=Tag.C, theme=Theme.kin, valence=Valence.bad,
          reads=ALL, needs=_NONE, test=_v4, grim=True),
    Verse(id="V5", verse="時來破日，音凶而干見還輕", line=3, tag=Tag.C_STAR, theme=Theme.health, valence=Valence.bad,
          reads=(Role.日, Role.時, Role.年, Role.月), needs=_NONE, test=_v5, gates=_V218),
    Verse(id="V6", verse="患難官災，遠近而自分得失", line=4, tag=Tag.C_STAR, theme=Theme.health, valence=Valence.bad,
          reads=ALL, needs=frozenset({Need.year_branch}), test=_v6, gates=_V227),
    Verse(id="V7", verse="兩分交戰，識取尊卑", line=4, tag=Tag.C, theme=Theme.kin, valence=Valence.bad,
          reads=ALL, needs=_NONE, test=_v7, grim=True, gates=_V218),
    Verse(id="V8", verse="三犯月胎，祖宗尤禍", line=4, tag=Tag.C, theme=Theme.kin, valence=Valence.bad,
          reads=(Role.月, Role.胎, Role.日, Role.時), needs=_NONE, test=_v8, grim=True, household=True, gates=_V218),
    Verse(id="V9", verse="丙戊丁甲，時運戌亥，道士僧人", line=4, tag=Tag.C_STAR, theme=Theme.temperament,
          valence=Valence.neutral, reads=OTHERS, needs=frozenset({Need.year_stem}), test=_v9),
    Verse(id="V10", verse="魁罡上見，往來加臨，獄官屠訟", line=4, tag=Tag.C_STAR, theme=Theme.temperament,
          valence=Valence.bad, reads=FOUR, needs=_NONE, test=_v10),
    Verse(id="V11", verse="寅申庚甲，商路吏人", line=5, tag=Tag.C_STAR, theme=Theme.status, valence=Valence.neutral,
          reads=ALL, needs=_NONE, test=_v11),
    Verse(id="V12", verse="子午逢之，他鄉外立", line=5, tag=Tag.C_STAR, theme=Theme.travel, valence=Valence.neutral,
          reads=ALL, needs=_NONE, test=_v12),
    Verse(id="V13", verse="癸乙壬加卯酉，男女私情", line=5, tag=Tag.C_STAR, theme=Theme.marriage, valence=Valence.bad,
          reads=ALL, needs=_NONE, test=_v13, grim=True),
    Verse(id="V14", verse="乙辛丁己亥酉，官事陰人常有", line=5, tag=Tag.C_STAR, theme=Theme.status,
          valence=Valence.bad, reads=ALL, needs=_NONE, test=_v14),
    Verse(id="V15", verse="干神支墓，須詳上下吉凶", line=5, tag=Tag.C, theme=Theme.kin, valence=Valence.bad,
          reads=ALL, needs=frozenset({Need.year_pillar, Need.month_branch}), test=_v15, grim=True,
          household=True),
    Verse(id="V16", verse="德合與吉干相逢，視於遠近", line=6, tag=Tag.C, theme=Theme.status, valence=Valence.good,
          reads=OTHERS, needs=frozenset({Need.year_stem}), test=_v16, gates=_V226),
    Verse(id="V17", verse="甲寅辛丑，定因官事刑凶", line=6, tag=Tag.C, theme=Theme.status, valence=Valence.bad,
          reads=ALL, needs=_NONE, test=_v17, gates=_V218),
    Verse(id="V18", verse="癸未庚申，盜賊亡歿", line=6, tag=Tag.C, theme=Theme.travel, valence=Valence.bad,
          reads=ALL, needs=_NONE, test=_v18, grim=True),
    Verse(id="V19", verse="火逢盛土，見庚而生向途中", line=6, tag=Tag.C_STAR, theme=Theme.travel,
          valence=Valence.neutral, reads=ALL, needs=frozenset({Need.year_nayin}), test=_v19),
    Verse(id="V20", verse="戊己俱氣休囚而生大疾", line=6, tag=Tag.C_STAR, theme=Theme.health, valence=Valence.bad,
          reads=OTHERS, needs=frozenset({Need.month_branch}), test=_v20),
    Verse(id="V21", verse="丙丁亥子，投於江水溝河", line=6, tag=Tag.C, theme=Theme.health, valence=Valence.bad,
          reads=DAY_HOUR, needs=frozenset({Need.year_stem}), test=_v21, grim=True, gates=_V218),
    Verse(id="V22", verse="巳午庚辛，男女病多心血", line=7, tag=Tag.C, theme=Theme.health, valence=Valence.bad,
          reads=ALL, needs=_NONE, test=_v22),
    Verse(id="V23", verse="甲申乙酉，小兒風多病肝經", line=7, tag=Tag.C, theme=Theme.health, valence=Valence.bad,
          reads=ALL, needs=_NONE, test=_v23),
    Verse(id="V24", verse="辛卯庚寅，尤忌大人勞骨病", line=7, tag=Tag.C, theme=Theme.health, valence=Valence.bad,
          reads=ALL, needs=_NONE, test=_v24, gates=_V218),
    Verse(id="V25", verse="門中有土上全，而腰脚須沈", line=7, tag=Tag.C, theme=Theme.health, valence=Valence.bad,
          reads=ALL, needs=_NONE, test=_v25),
    Verse(id="V26", verse="申巳雙加，遇刑則臂肢有患", line=7, tag=Tag.C, theme=Theme.health, valence=Valence.bad,
          reads=DAY_HOUR, needs=frozenset({Need.year_pillar}), test=_v26, gates=_V227),
    Verse(id="V27", verse="丙丁歲日癸壬，眼目之災", line=7, tag=Tag.C, theme=Theme.health, valence=Valence.bad,
          reads=(Role.年, Role.日, Role.時), needs=_NONE, test=_v27, gates=_V218),
    Verse(id="V28", verse="甲乙居前見庚辛，忌為頭面", line=7, tag=Tag.C, theme=Theme.health, valence=Valence.bad,
          reads=FOUR, needs=_NONE, test=_v28, gates=_V218),
    Verse(id="V29", verse="水土同來寅卯，平生隔氣風痰", line=7, tag=Tag.C, theme=Theme.health, valence=Valence.bad,
          reads=DAY_HOUR, needs=frozenset({Need.year_nayin}), test=_v29),
    Verse(id="V30", verse="再入天罡，小腸腹急", line=7, tag=Tag.C, theme=Theme.health, valence=Valence.bad,
          reads=DAY_HOUR, needs=frozenset({Need.year_nayin}), test=_v30),
    Verse(id="V31", verse="五行十干略定一端，其外參詳依經用法", line=7, tag=Tag.C_STAR, theme=Theme.health,
          trait="一端: the map of stems to organs; the illness it reads needs the 行年 and 太歲, outside the chart",
          valence=Valence.bad, reads=THREE_LORDS, needs=frozenset({Need.month_branch}), test=_v31),
    Verse(id="V32", verse="東金西木，定生五逆之男", line=8, tag=Tag.C, theme=Theme.kin, valence=Valence.bad,
          reads=ALL, needs=_NONE, test=_v32, grim=True, household=True),
    Verse(id="V33", verse="丙北壬南，必有破逃之客", line=8, tag=Tag.C_STAR, theme=Theme.travel, valence=Valence.bad,
          reads=DAY_HOUR, needs=frozenset({Need.year_pillar}), test=_v33, household=True),
    Verse(id="V34", verse="壬多艮坎，道士須尊", line=8, tag=Tag.C_STAR, theme=Theme.temperament, valence=Valence.good,
          reads=ALL, needs=_NONE, test=_v34),
    Verse(id="V35", verse="戌亥連陰，家生盜賊", line=8, tag=Tag.C, theme=Theme.kin, valence=Valence.bad,
          reads=ALL, needs=_NONE, test=_v35, grim=True, household=True),
    Verse(id="V36", verse="丑中立癸，甲見而釋教之人", line=8, tag=Tag.C_STAR, theme=Theme.temperament,
          valence=Valence.neutral, reads=ALL, needs=frozenset({Need.month_branch}), test=_v36),
    Verse(id="V37", verse="乙犯天罡，陰人媒氏", line=8, tag=Tag.C, theme=Theme.temperament, valence=Valence.neutral,
          reads=ALL, needs=_NONE, test=_v37, household=True),
    Verse(id="V38", verse="甲乙同來寅卯，定出長髮師姑", line=8, tag=Tag.C, theme=Theme.temperament,
          valence=Valence.neutral, reads=ALL, needs=_NONE, test=_v38, household=True, gates=_V226),
    Verse(id="V39", verse="庚辛向申酉之方，人亡兵刃", line=8, tag=Tag.C, theme=Theme.health, valence=Valence.bad,
          reads=ALL, needs=_NONE, test=_v39, grim=True),
    Verse(id="V40", verse="當生有虎，怕入山巖狼虎之傷；歲刑足病", line=8, tag=Tag.C, theme=Theme.health,
          valence=Valence.bad, reads=ALL, needs=_NONE, test=_v40, gates=_V218),
    Verse(id="V41", verse="雀逢天后，翅翼中道難安", line=9, tag=Tag.C, theme=Theme.kin, valence=Valence.bad,
          reads=ALL, needs=_NONE, test=_v41),
    Verse(id="V42", verse="戊己朝仁，田宅而腫瘡獄訟", line=9, tag=Tag.C, theme=Theme.health, valence=Valence.bad,
          reads=ALL, needs=_NONE, test=_v42, gates=_V218),
    Verse(id="V43", verse="癸丁加干，鬼賊心血常行", line=9, tag=Tag.C, theme=Theme.health, valence=Valence.bad,
          reads=ALL, needs=_NONE, test=_v43),
    Verse(id="V44", verse="青龍與六合逢金，男女尊人之禍", line=9, tag=Tag.C, theme=Theme.kin, valence=Valence.bad,
          reads=ALL, needs=_NONE, test=_v44, household=True, gates=_V218),
    Verse(id="V45", verse="太陰失路，平生婦女之憂", line=9, tag=Tag.C_STAR, theme=Theme.health, valence=Valence.bad,
          reads=ALL, needs=_NONE, test=_v45),
    Verse(id="V46", verse="天后狂情到魁罡，忌於身厄", line=9, tag=Tag.C_STAR, theme=Theme.health, valence=Valence.bad,
          reads=ALL, needs=_NONE, test=_v46),
    Verse(id="V47", verse="六癸還生，四柱旺相鬼賊奔流，休囚腎病", line=9, tag=Tag.C_STAR, theme=Theme.travel,
          valence=Valence.bad, reads=ALL, needs=_NONE, test=_v47),
    Verse(id="V48", verse="休囚九干墓死，而九病之原", line=9, tag=Tag.C_STAR, theme=Theme.health, valence=Valence.bad,
          reads=ALL, needs=frozenset({Need.month_branch}), test=_v48),
    Verse(id="V49", verse="月德雙加有合，而十分作福", line=9, tag=Tag.C, theme=Theme.status, valence=Valence.good,
          reads=ALL, needs=frozenset({Need.month_branch}), test=_v49),
    Verse(id="V50", verse="見陽而貴士多昇，遇陰干陰人財力", line=9, tag=Tag.C, theme=Theme.status,
          valence=Valence.good, reads=OTHERS, needs=frozenset({Need.month_branch}), test=_v50),
)

LISTED: tuple[Unevaluated, ...] = ()
