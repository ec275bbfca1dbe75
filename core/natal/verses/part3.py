"""玉照定真經 V106–V160: the 九宮 of the hour, 建破, 前五, 內外 and 宅墓, the kin by stem and the spouse's age, the
stems at home, the 化 pairs in season, the abundant elements and their controllers, 四孟 四仲 四季, the 祿 links.

Where the catalogue (seed004_rules.md) and the text disagree the text is followed and the docstring says so; every
reading the text leaves open rests on ``Params`` or is stated in the verse's docstring.
"""

from __future__ import annotations

from collections.abc import Iterable
from itertools import combinations, pairwise

from core.chart.ganzhi import Branch, Element, Stem, StemBranch
from core.chart.relations import Stage, full_frames, stage
from core.natal import tables
from core.natal.chart import ALL, DAY_HOUR, FOUR, OTHERS, NatalChart, Pillar, Role
from core.natal.evidence import Fact, Layer, Term, branch_of, name, nayin_of, pillar_of, stem_of
from core.natal.predicates import (
    branch_clashes,
    branch_harms,
    branch_punishes,
    branches_combine,
    element_relation,
    has_qi,
    hits,
    is_void,
    lacks_qi,
    pillar_is,
    season_fact,
    stems_combine,
    void_branches,
)
from core.natal.verse import Hit, Need, Params, Tag, Theme, Unevaluated, Valence, Verse
from core.question import Sex

# ---- shared helpers --------------------------------------------------------------------------------------


def _pillars(text: str) -> frozenset[StemBranch]:
    return frozenset(tables.sexagenary(p) for p in text.split())


def _named(chart: NatalChart, roles: tuple[Role, ...], wanted: frozenset[StemBranch], label: str,
           ) -> list[tuple[Role, Fact]]:
    """Every pillar of ``roles`` that is one of ``wanted``, with its "為 label" evidence."""
    found = []
    for role, _ in chart.pairs(roles):
        fact = pillar_is(chart, role, wanted, label)
        if fact is not None:
            found.append((role, fact))
    return found


def _carries(pillar: Pillar, element: Element, layer: Layer) -> bool:
    if layer is Layer.干:
        return pillar.stem is not None and pillar.stem.element is element
    return pillar.nayin is element


def _layer_term(element: Element, layer: Layer) -> Term:
    """An element at a layer, as a name: its stems (庚辛) or the 納音 element."""
    if layer is Layer.干:
        return name("".join(s.name for s in Stem if s.element is element))
    return Term(element.name, None, Layer.納音)


def _abundance(chart: NatalChart, element: Element, threshold: int) -> tuple[tuple[Role, ...], Fact] | None:
    """多 of an element (§1.6): its stems in at least ``threshold`` of the five pillars, else its 納音 as often."""
    for layer in (Layer.干, Layer.納音):
        roles = tuple(r for r, p in chart.present(ALL) if _carries(p, element, layer))
        if len(roles) >= threshold:
            return roles, Fact(_layer_term(element, layer), "多", None, len(roles))
    return None


def _absent(chart: NatalChart, element: Element) -> tuple[Fact, ...] | None:
    """The element on no stem and no 納音 of the chart ("上下不見"), as evidence; None when it is there."""
    if any(_carries(p, element, layer) for _, p in chart.present(ALL) for layer in (Layer.干, Layer.納音)):
        return None
    return Fact(_layer_term(element, Layer.干), "無"), Fact(_layer_term(element, Layer.納音), "無")


def _stem_pair(chart: NatalChart, a: Stem, b: Stem) -> tuple[tuple[Role, Role], Fact] | None:
    """The first two pillars carrying stems ``a`` and ``b`` ("同會"), with their 干合 as evidence."""
    for ra, pa in chart.present(ALL):
        if pa.stem is not a:
            continue
        for rb, _ in chart.present(ALL):
            if rb is not ra:
                fact = stems_combine(chart, ra, rb)
                if fact is not None and chart.stem(rb) is b:
                    return (ra, rb), fact
    return None


def _transformed(a: Stem) -> Fact:
    """The 化 of a stem with its partner (乙庚 化 金)."""
    return Fact(name(a.name + tables.stem_partner(a).name), "化", name(tables.HUA[a].name))


def _in_season(chart: NatalChart, element: Element) -> Fact | None:
    """The element 旺 or 相 in the birth month (§1.4.6), as evidence."""
    fact = season_fact(name(element.name), element, chart)
    return fact if fact is not None and fact.relation in ("旺", "相") else None


def _combined_in_season(chart: NatalChart, a: Stem) -> Hit | None:
    """A 干合 pair in the chart whose 化 element is 旺 or 相 in the birth month (V111 V143 乙庚, V144 戊癸)."""
    pair = _stem_pair(chart, a, tables.stem_partner(a))
    if pair is None:
        return None
    season = _in_season(chart, tables.HUA[a])
    if season is None:
        return None
    roles, combine = pair
    return Hit(roles, (combine, _transformed(a), season))


def _qi_at_own_branch(chart: NatalChart, roles: Iterable[Role], element: Element) -> Fact | None:
    """有氣 of an element (§1.6): 旺 or 相 in the month, else at a 有氣 stage on the branch of one of ``roles``."""
    subject = name(element.name)
    for role in roles:
        fact = has_qi(subject, element, chart, chart.branch(role), role)
        if fact is not None:
            return fact
    return has_qi(subject, element, chart, None)


def _at(term: Term, element: Element, role: Role, branch: Branch) -> Fact:
    """Where an element stands: its 十二長生 stage at a pillar's branch (金 病 at 亥), as evidence."""
    return Fact(term, stage(element, branch).name, branch_of(role, branch))


def _stem_stands(chart: NatalChart, roles: tuple[Role, ...], stems: frozenset[Stem], branches: frozenset[Branch],
                 ) -> list[tuple[Role, Fact]]:
    """Pillars of ``roles`` with one of ``stems`` on one of ``branches`` (丙丁 on 戌亥 …), each with its stage."""
    found = []
    for role, pair in chart.pairs(roles):
        if pair.stem in stems and pair.branch in branches:
            found.append((role, _at(stem_of(role, pair.stem), pair.stem.element, role, pair.branch)))
    return found


def _year_to(chart: NatalChart, term: Term, element: Element, branches: frozenset[Branch]) -> list[tuple[Role, Fact]]:
    """"到" with the year (§1.6): the year's stem or 納音 ``term`` and a day or hour branch among ``branches``."""
    found = []
    for role in DAY_HOUR:
        b = chart.branch(role)
        if b is not None and b in branches:
            found.append((role, _at(term, element, role, b)))
    return found


def _branches(text: str) -> frozenset[Branch]:
    return frozenset(Branch[c] for c in text)


def _relation(a: Element, b: Element) -> str:
    """``element_relation``, which always answers for two elements."""
    relation = element_relation(a, b)
    assert relation is not None
    return relation


def _year_nayin(chart: NatalChart) -> Element | None:
    return chart.nayin(Role.年)


# ---- V106–V117 ---------------------------------------------------------------------------------------------


def prior_number(pair: StemBranch, product: bool = True) -> int:
    """V106: the 先天數 of a pillar, stem with branch, multiplied (the worked 乙卯 = 8 × 6 = 48) or summed as the
    commentary first says ("上下數共合": 甲子 = 18)."""
    a, b = tables.PRIOR_NUMBER_STEM[pair.stem], tables.PRIOR_NUMBER_BRANCH[pair.branch]
    return a * b if product else a + b


def nine_palace(pair: StemBranch, product: bool = True) -> int:
    """V106: the 洛書 palace 1 … 9 of a pillar's number reduced by nines, a remainder of 0 counting as 9."""
    return (prior_number(pair, product) - 1) % 9 + 1


def _v106(chart: NatalChart, params: Params) -> tuple[Hit, ...]:
    """明路九宮，更辨陽男得失: for a man, the hour's number puts him in a palace, 1–3 (吉 宜 生) good, 4–9 bad.

    The step "陽人順，陰人逆" from that palace has no unit in the text and is not taken."""
    p = chart[Role.時]
    pair = None if p is None else p.pair
    if pair is None or chart.sex is not Sex.male:
        return ()
    n = nine_palace(pair, params.nine_palace_product)
    palace, meaning = tables.NINE_PALACES[n - 1], tables.NINE_PALACE_MEANINGS[n - 1]
    good = n <= 3
    return (Hit((Role.時,), (Fact(stem_of(Role.時, pair.stem), "為", name(str(tables.PRIOR_NUMBER_STEM[pair.stem]))),
                             Fact(branch_of(Role.時, pair.branch), "為",
                                  name(str(tables.PRIOR_NUMBER_BRANCH[pair.branch]))),
                             Fact(name(str(prior_number(pair, params.nine_palace_product))), "在", name(palace)),
                             Fact(name(palace), "為", name(meaning))),
                "good" if good else "bad", Valence.good if good else Valence.bad),)


def _v107(chart: NatalChart, params: Params) -> tuple[Hit, ...]:
    """人逢建破，妨害尊卑: a day or hour branch the same as the month's (建) or clashing with it (月破)."""
    mb = chart.month_branch
    found = []
    for role in DAY_HOUR:
        b = chart.branch(role)
        if mb is None or b is None:
            continue
        if b is mb:
            found.append(Hit((role,), (Fact(branch_of(role, b), "為", name("月建")),), "same"))
        clash = branch_clashes(chart, role, Role.月)
        if clash is not None:
            found.append(Hit((role,), (clash, Fact(branch_of(role, b), "為", name("月破"))), "clash"))
    return hits(*found)


_NINE_STREAMS = _pillars("癸巳 乙卯 庚申")
_HEAVEN_GATE = _branches("戌亥")


def _v108(chart: NatalChart, params: Params) -> tuple[Hit, ...]:
    """癸巳與乙卯，庚申連戌亥，九流之士: ``params.nine_streams`` of the three pillars with a 戌 or 亥 anywhere
    ("三元有上文者應": any pillar counts, the year too)."""
    named = _named(chart, ALL, _NINE_STREAMS, "九流")
    gate = [(r, b) for r, p in chart.present(ALL) if (b := p.branch) is not None and b in _HEAVEN_GATE]
    if len(named) < params.nine_streams or not gate:
        return ()
    role, b = gate[0]
    return (Hit(tuple(r for r, _ in named) + (role,),
                tuple(f for _, f in named) + (Fact(branch_of(role, b), "為", name("天門")),)),)


_LINEAGE: tuple[tuple[Role, str], ...] = (
    (Role.胎, "ancestors"), (Role.月, "parents"), (Role.日, "self"), (Role.時, "children"))


def front_five(pair: StemBranch) -> StemBranch:
    """前五 (V109): the pillar five places ahead in the cycle (丁巳 → 壬戌)."""
    return pair.shift(5)


def _lineage(chart: NatalChart, params: Params, role: Role, source: Term, ahead: StemBranch, variant: str,
             ) -> list[Hit]:
    """One 前五 reading: the pillar with its 天將, 月將 and 納音; and, in the year's 空亡, the line ending."""
    found = Fact(source, "前五", name(str(ahead)))
    out = [Hit((role,), (found, Fact(name(ahead.stem.name), "為", name(tables.GENERAL_OF_STEM[ahead.stem])),
                         Fact(name(ahead.branch.name), "為", name(tables.GENERAL_NAMES[ahead.branch])),
                         Fact(name(str(ahead)), "為", name(tables.nayin_name(ahead)))), variant, Valence.neutral)]
    void = void_branches(chart, params)
    ref = chart[params.void_reference]
    if void is not None and ref is not None and ahead.branch in void:
        out.append(Hit((role,), (found, Fact(name(str(ahead)), "空亡", pillar_of(params.void_reference, str(ref)))),
                       "void", Valence.bad))
    return out


def _v109(chart: NatalChart, params: Params) -> tuple[Hit, ...]:
    """各推前五，祖宗連後代皆知: the pillar five ahead of the 胎 (ancestors), 月 (parents, household), 日 (self,
    siblings, wife) and 時 (children), and five ahead of that (grandchildren); one in 空亡 ends the line.

    The reading of the found pillar (天將, 月將, 納音) is given as its names; what they foretell is judgment (J)."""
    out: list[Hit] = []
    for role, variant in _LINEAGE:
        p = chart[role]
        pair = None if p is None else p.pair
        if pair is None:
            continue
        ahead = front_five(pair)
        out += _lineage(chart, params, role, pillar_of(role, pair), ahead, variant)
        if role is Role.時:
            out += _lineage(chart, params, role, name(str(ahead)), front_five(ahead), "grandchildren")
    return tuple(out)


def _v110(chart: NatalChart, params: Params) -> tuple[Hit, ...]:
    """丙丁多或到深山，陽孤陰亂: much fire (stems or 納音), or fire at 寅 (深山, its 長生): a 丙寅 pillar, or a
    丁 year with 寅 on the day or hour (丁寅 cannot be a pillar, §1.6).  The verse's 或 is kept: either suffices
    (the commentary's 丙寅 native has both)."""
    found: list[Hit] = []
    many = _abundance(chart, Element.火, params.many_elements)
    if many is not None:
        found.append(Hit(many[0], (many[1],), "many"))
    mountain = _stem_stands(chart, ALL, frozenset({Stem.丙}), _branches("寅"))
    if chart.stem(Role.年) is Stem.丁:
        mountain += _year_to(chart, stem_of(Role.年, Stem.丁), Element.火, _branches("寅"))
    for role, fact in mountain:
        found.append(Hit((role,), (fact,), "mountain"))
    return tuple(found)


def _v111(chart: NatalChart, params: Params) -> tuple[Hit, ...]:
    """乙庚同會，女子娉婷: 乙 and 庚 both in the chart, and their 金 旺 or 相 in the birth month (the commentary:
    "乙庚在旺相"; its example is a 7th-month birth)."""
    return hits(_combined_in_season(chart, Stem.乙))


def _v112(chart: NatalChart, params: Params) -> tuple[Hit, ...]:
    """乙庚旺相之鄉，男子和明進顯: 乙 and 庚 both in the chart, and one of them in a strong place ("旺相之鄉") — its own
    element or the 化 金 旺 or 相 in the month, or at 臨官 or 帝旺 on its own branch (the commentary's example has
    no month: 庚戌 with 乙卯, 乙 旺 at 卯).  The wider 有氣 of §1.6 would hold for every 乙 (木 or 金 has 氣 on
    each of its six branches) and make the condition empty."""
    pair = _stem_pair(chart, Stem.乙, Stem.庚)
    if pair is None:
        return ()
    roles, combine = pair
    for role in roles:
        stem, branch = chart.stem(role), chart.branch(role)
        assert stem is not None
        for subject, element in ((stem_of(role, stem), stem.element), (name("金"), Element.金)):
            strong = _strong_place(chart, subject, element, role, branch)
            if strong is not None:
                return (Hit(roles, (combine, _transformed(Stem.乙), strong)),)
    return ()


_STRONG_STAGES = frozenset({Stage.臨官, Stage.帝旺})


def _strong_place(chart: NatalChart, subject: Term, element: Element, role: Role, branch: Branch | None,
                  ) -> Fact | None:
    """旺 or 相 in the month, else 臨官 or 帝旺 on ``branch``, as evidence."""
    season = season_fact(subject, element, chart)
    if season is not None and season.relation in ("旺", "相"):
        return season
    if branch is not None and stage(element, branch) in _STRONG_STAGES:
        return _at(subject, element, role, branch)
    return None


def _v113(chart: NatalChart, params: Params) -> tuple[Hit, ...]:
    """空中有合，門生虛道閑人: a 合 (干合, 六合 or 三合) one of whose members stands in the 空亡 of the other's 旬
    (the commentary: 乙亥 合 the 庚午 year, 亥 void in 甲子旬; 乙酉 合 a 庚辰 month, 酉 void in 甲戌旬)."""
    found = []
    present = [r for r, _ in chart.present(ALL)]
    for ra, rb in combinations(present, 2):
        for link in (stems_combine(chart, ra, rb), branches_combine(chart, ra, rb)):
            if link is not None:
                found += _void_members(chart, params, (ra, rb), (link,))
    for trio in combinations(present, 3):
        bs = [chart.branch(r) for r in trio]
        if None in bs or len(set(bs)) < 3 or not full_frames(frozenset(b for b in bs if b is not None)):
            continue
        links = tuple(f for x, y in pairwise(trio) if (f := _frame_link(chart, x, y)) is not None)
        found += _void_members(chart, params, trio, links)
    return tuple(found)


def _frame_link(chart: NatalChart, a: Role, b: Role) -> Fact | None:
    """Two members of one 三合 frame, as evidence."""
    ba, bb = chart.branch(a), chart.branch(b)
    if ba is None or bb is None:
        return None
    return Fact(branch_of(a, ba), "三合", branch_of(b, bb))


def _void_members(chart: NatalChart, params: Params, roles: tuple[Role, ...], links: tuple[Fact, ...]) -> list[Hit]:
    """The hits of one 合: each member whose branch is void in another member's 旬."""
    out = []
    for member in roles:
        for other in roles:
            if other is not member:
                void = is_void(chart, params, member, reference=other)
                if void is not None:
                    out.append(Hit(roles, links + (void,)))
    return out


_SIX_DING = _pillars("丁巳 丁卯 丁亥")


def _v114(chart: NatalChart, params: Params) -> tuple[Hit, ...]:
    """丁巳與丁卯，冬生門內官人進納: 丁巳, 丁卯 or 丁亥 (the commentary adds it) on the month or the day, born in
    winter (亥子丑; the commentary's example says 十月)."""
    mb = chart.month_branch
    if mb is None or mb not in tables.WINTER:
        return ()
    winter = Fact(branch_of(Role.月, mb), "在", name("冬"))
    return tuple(Hit((role,), (fact, winter)) for role, fact in _named(chart, (Role.月, Role.日), _SIX_DING, "六丁"))


def _v115(chart: NatalChart, params: Params) -> tuple[Hit, ...]:
    """土居四季，見全而多有田林: ``params.many`` pillars or more whose 納音 is 土 on 辰戌丑未, not 剋ing one
    another.  Their 納音 and branches are all 土, so "不相剋" can only be read on the stems (辛未 辛丑 丙戌 丙辰:
    丙 剋 辛); a group shares one stem element."""
    seasonal = tables.SEASON_BRANCHES["四季"]
    groups: dict[Element, list[tuple[Role, StemBranch]]] = {}
    for role, pair in chart.pairs(ALL):
        if tables.nayin(pair) is Element.土 and pair.branch in seasonal:
            groups.setdefault(pair.stem.element, []).append((role, pair))
    return tuple(Hit(tuple(r for r, _ in group),
                     tuple(Fact(nayin_of(r, Element.土), "在", branch_of(r, p.branch)) for r, p in group))
                 for group in groups.values() if len(group) >= params.many)


def side_of(branch: Branch, year_branch: Branch) -> str | None:
    """The side (東 西, or 南 北 for a 子 or 午 native) a branch stands on as V116 divides the circle for this native."""
    axis = ("南", "北") if year_branch in (Branch.子, Branch.午) else ("東", "西")
    return next((s for s in axis if branch in tables.SIDES[s]), None)


def inner_outer(branch: Branch, year_branch: Branch) -> str | None:
    """V116: 內 on the native's own side, 外 on the other; None on the dividing axis, which the text leaves open."""
    own, there = side_of(year_branch, year_branch), side_of(branch, year_branch)
    if there is None:
        return None
    return "內" if there == own else "外"


def _v116(chart: NatalChart, params: Params) -> tuple[Hit, ...]:
    """四柱五行，定於內外: each pillar's branch on the native's own side (內: established at home) or the other (外:
    abroad) — 丑寅卯辰巳 natives take the east as 內, 未申酉戌亥 natives the west, 午 the south, 子 the north; the
    sides are the five branches centred on 卯, 酉, 午 and 子 (the 丁卯 example)."""
    yb = chart.branch(Role.年)
    if yb is None:
        return ()
    own = side_of(yb, yb)
    assert own is not None
    found = []
    for role, p in chart.present(OTHERS):
        b = p.branch
        where = None if b is None else inner_outer(b, yb)
        if b is None or where is None:
            continue
        there = side_of(b, yb)
        assert there is not None
        found.append(Hit((role,), (Fact(branch_of(Role.年, yb), "在", name(own)),
                                   Fact(branch_of(role, b), "在", name(there)),
                                   Fact(branch_of(role, b), "為", name(where))),
                         "inner" if where == "內" else "outer"))
    return tuple(found)


def _v117(chart: NatalChart, params: Params) -> tuple[Hit, ...]:
    """命之前後，陽前而陰後，五辰定見家宅禍福: the 宅 and 墓 (``NatalChart.house``/``grave``), and each month, day
    or hour pillar whose 納音 剋s (harm) or 生s (good) theirs ("下與三柱相生相剋").

    Not evaluated: the 太歲 and 大小運 that 剋 the 宅 or 墓 (the commentary's 辛巳 and 癸未 years) — the chart alone
    cannot give them."""
    house, grave = chart.house, chart.grave
    if house is None or grave is None:
        return ()
    found = []
    for label, variant, pair in (("宅", "house", house), ("墓", "grave", grave)):
        seat = name(str(pair))
        base = Fact(seat, "為", name(label))
        found.append(Hit((Role.年,), (base, Fact(seat, "為", name(tables.nayin_name(pair)))), variant,
                         Valence.neutral))
        element = tables.nayin(pair)
        for role, other in chart.pairs((Role.月, Role.日, Role.時)):
            e = tables.nayin(other)
            if e.overcomes is element:
                found.append(Hit((role,), (base, Fact(nayin_of(role, e), "剋", seat)), variant + "_overcome",
                                 Valence.bad))
            elif e.generates is element:
                found.append(Hit((role,), (base, Fact(nayin_of(role, e), "生", seat)), variant + "_supported",
                                 Valence.good))
    return tuple(found)


# ---- V119–V127 ---------------------------------------------------------------------------------------------


def kin_of(native: Stem, other: Stem) -> str | None:
    """V119's 六親 of a stem for the native's year stem (甲: 乙 弟, 庚 兒, 辛 女, 丙 壻, 戊 父, 癸 母, 己 妻)."""
    kin = tables.KIN.get((_relation(other.element, native.element), other.yang is native.yang))
    if kin == "兄弟":
        return "兄" if other.yang else "弟"
    return kin


def kin_order(native: StemBranch, relative: StemBranch, kin: str) -> str:
    """順 or 逆 (V118, V119): a junior relative's pillar standing before the native's in the cycle (甲子 first) is
    "the younger above the elder", 逆 (甲寅 with 乙丑, or with 己巳 the wife); after it, 順 (乙卯).  A senior's
    (兄 父 母) is the other way round.  The catalogue's hypothesis; the text states only the examples."""
    before = relative.index < native.index
    return "順" if before is (kin in tables.SENIOR_KIN) else "逆"


def _v119(chart: NatalChart, params: Params) -> tuple[Hit, ...]:
    """父子夫妻親外，皆同前法: every pillar whose stem is a relative of the native's (by V119's 甲 table, read as
    ten-gods), 順 (good: filial, in harmony) or 逆 (bad: at odds).  It covers the brothers of V118 too (the
    commentary: "定尊卑、父母、兄弟、夫婦、男女")."""
    y = chart[Role.年]
    native = None if y is None else y.pair
    if native is None:
        return ()
    found = []
    for role, pair in chart.pairs(OTHERS):
        kin = kin_of(native.stem, pair.stem)
        if kin is None:
            continue
        order = kin_order(native, pair, kin)
        found.append(Hit((role,), (Fact(stem_of(role, pair.stem), "為", name(kin)),
                                   Fact(pillar_of(role, pair), order, pillar_of(Role.年, native))),
                         "orderly" if order == "順" else "adverse", Valence.good if order == "順" else Valence.bad))
    return tuple(found)


def spouse_years_younger(year: StemBranch, day: StemBranch) -> int:
    """V120: how many years younger the spouse is (negative: older), counting from the year to the day pillar —
    up to 30 ahead is younger, beyond that the rest of the 60 older (甲子 with 丁丑: 13 younger; 辛酉: 3 older)."""
    k = (day.index - year.index) % 60
    return k if k <= 30 else k - 60


def _v120(chart: NatalChart, params: Params) -> tuple[Hit, ...]:
    """視於日時，識辨子妻: the day is the spouse ("陰人同推": a woman's husband), the count from the year to the day
    their difference in age.  The hour's children by "三變" (甲午 → 庚午 壬午) follow no stated rule (J): not read."""
    y, d = chart[Role.年], chart[Role.日]
    year, day = (None if y is None else y.pair), (None if d is None else d.pair)
    if year is None or day is None:
        return ()
    years = spouse_years_younger(year, day)
    variant = "same" if years == 0 else "younger" if years > 0 else "older"
    relation = "年長" if years < 0 else "年少"
    return (Hit((Role.日,), (Fact(pillar_of(Role.日, day), relation, pillar_of(Role.年, year), abs(years)),),
                variant),)


def parents_elements(pair: StemBranch, params: Params) -> tuple[Element, Element]:
    """V121: the two elements of the parents from a 胎 or month pillar: its stem's and its 納音's ("干音"), or its
    branch's with ``params.parents_from_branch``."""
    return pair.stem.element, (pair.branch.element if params.parents_from_branch else tables.nayin(pair))


def _v121(chart: NatalChart, params: Params) -> tuple[Hit, ...]:
    """胎月尊人，推於父母: the parents' kinds from the 胎 and the month, by stem and 納音 as the commentary says
    twice ("胎月上干音言父母", "但取干音").  Its example (庚戌 → 金 and 土 people) can only take the 土 from the
    branch 戌 (庚戌's 納音 is 金): the text contradicts itself; ``Params.parents_from_branch`` gives the example."""
    found = []
    for role, pair in chart.pairs((Role.胎, Role.月)):
        first, second = parents_elements(pair, params)
        second_term = branch_of(role, pair.branch) if params.parents_from_branch else nayin_of(role, second)
        found.append(Hit((role,), (Fact(stem_of(role, pair.stem), "為", name(first.name)),
                                   Fact(second_term, "為", name(second.name)))))
    return tuple(found)


def _at_home(chart: NatalChart, params: Params, element: Element) -> tuple[tuple[Role, ...], tuple[Fact, ...]] | None:
    """``params.many`` pillars or more whose stem of ``element`` stands on a branch of its own element (丙午 丁巳,
    甲寅 乙卯, 庚申 辛酉, 壬子 癸亥, 戊己 on 辰戌丑未)."""
    found = [(r, p) for r, p in chart.pairs(ALL) if p.stem.element is element and p.branch.element is element]
    if len(found) < params.many:
        return None
    return (tuple(r for r, _ in found),
            tuple(Fact(stem_of(r, p.stem), "在", branch_of(r, p.branch)) for r, p in found))


def _v122(chart: NatalChart, params: Params) -> tuple[Hit, ...]:
    """巽離旺相，丙丁全足見高門: 丙 and 丁 on 巳 and 午 (丙午, 丁巳) in ``params.many`` pillars → an eminent family
    ("巳午之地多見丙丁"); the variant "in_season" when 火 is also 旺 or 相 in the birth month."""
    home = _at_home(chart, params, Element.火)
    if home is None:
        return ()
    season = _in_season(chart, Element.火)
    return (Hit(home[0], home[1] + (() if season is None else (season,)), None if season is None else "in_season"),)


def _v123(chart: NatalChart, params: Params) -> tuple[Hit, ...]:
    """壬癸庚辛土木同法: the same for the other elements' stems at home; 旺相 in the month auspicious ("strong"),
    休囚死 inauspicious ("weak")."""
    found = []
    for element in (Element.木, Element.土, Element.金, Element.水):
        home = _at_home(chart, params, element)
        season = season_fact(name(element.name), element, chart)
        if home is None or season is None:
            continue
        strong = season.relation in ("旺", "相")
        found.append(Hit(home[0], home[1] + (season,), "strong" if strong else "weak",
                         Valence.good if strong else Valence.bad))
    return tuple(found)


def _strife(chart: NatalChart) -> Fact | None:
    """The first 刑, 沖 or 害 between two pillars' branches."""
    for ra, rb in combinations([r for r, _ in chart.present(ALL)], 2):
        for test in (branch_punishes, branch_clashes, branch_harms):
            fact = test(chart, ra, rb) or test(chart, rb, ra)
            if fact is not None:
                return fact
    return None


def _v124(chart: NatalChart, params: Params) -> tuple[Hit, ...]:
    """刑衝破害，戊辛多定出軍人: 戊 (the halberd) and 辛 (the blade) both, ``params.many_elements`` together → soldiers
    in the family.  The commentary's example (戊寅 辛酉 辛丑) has no 刑衝破害, so they are not required; with one
    the variant is "strife"."""
    roles = tuple(r for r, p in chart.present(ALL) if p.stem in (Stem.戊, Stem.辛))
    stems = {chart.stem(r) for r in roles}
    if len(roles) < params.many_elements or stems != {Stem.戊, Stem.辛}:
        return ()
    facts: tuple[Fact, ...] = (Fact(name("戊辛"), "多", None, len(roles)),)
    strife = _strife(chart)
    return (Hit(roles, facts + (() if strife is None else (strife,)), None if strife is None else "strife"),)


_TAVERN_BRANCHES = _branches("酉亥未")
_TAVERN_STEMS = frozenset({Stem.辛, Stem.丁})


def _v125(chart: NatalChart, params: Params) -> tuple[Hit, ...]:
    """從魁與亥未，辛丁遇太常，酒家利路: 辛 or 丁 on 酉 (從魁, the wine god), 亥 (登明, drinks) or 未 (小吉, food), or
    丁巳 (太乙, the tavern), on a pillar other than the year (遇).

    The verse names the stems 辛 and 丁; 太常 is what they meet (the 天將 of 未), not a third stem.  The note added 己
    (太常 as a stem's general), which the verse does not name; the text wins."""
    found = []
    for role, pair in chart.pairs(OTHERS):
        if (pair.stem in _TAVERN_STEMS and pair.branch in _TAVERN_BRANCHES) or pair == tables.sexagenary("丁巳"):
            facts = (Fact(branch_of(role, pair.branch), "為", name(tables.GENERAL_NAMES[pair.branch])),)
            found.append(Hit((role,), facts))
    return tuple(found)


def _v126(chart: NatalChart, params: Params) -> tuple[Hit, ...]:
    """亥逢金盛，癱患長生: 金 — a 納音 or a 庚辛 stem — on 亥 or 子 in a pillar other than the year ("亥子上見金");
    or a 庚 year with 亥 on the day or hour (庚亥 cannot be a pillar: "庚辛到亥上", §1.6).  金 is 病 at 亥."""
    water = _branches("亥子")
    found = []
    for role, pair in chart.pairs(OTHERS):
        if pair.branch not in water:
            continue
        if tables.nayin(pair) is Element.金:
            found.append((role, _at(nayin_of(role, Element.金), Element.金, role, pair.branch)))
        elif pair.stem.element is Element.金:
            found.append((role, _at(stem_of(role, pair.stem), Element.金, role, pair.branch)))
    if chart.stem(Role.年) is Stem.庚:
        seen = {r for r, _ in found}
        found += [(r, f) for r, f in _year_to(chart, stem_of(Role.年, Stem.庚), Element.金, _branches("亥"))
                  if r not in seen]
    return tuple(Hit((role,), (fact,)) for role, fact in found)


def _v127(chart: NatalChart, params: Params) -> tuple[Hit, ...]:
    """水立金中，門生陰病: a pillar of 水 納音 standing on 申 or 酉 (甲申, 乙酉) anywhere in the chart."""
    metal = _branches("申酉")
    return tuple(Hit((role,), (Fact(nayin_of(role, Element.水), "在", branch_of(role, pair.branch)),))
                 for role, pair in chart.pairs(ALL) if tables.nayin(pair) is Element.水 and pair.branch in metal)


# ---- V128–V142 ---------------------------------------------------------------------------------------------

_GATE_PILLARS = _pillars("辛卯 乙酉")


def _v128(chart: NatalChart, params: Params) -> tuple[Hit, ...]:
    """太衝辛乙，無氣而道士抽簪: 辛 on 卯 or 乙 on 酉 ("卯酉上見辛乙相剋"), the stem 無氣 — 休 囚 or 死 in the
    month (at 卯 and 酉 both stand at 胎, neither strong nor weak by position)."""
    found = []
    for role, pair in chart.pairs(ALL):
        if pair not in _GATE_PILLARS:
            continue
        weak = lacks_qi(stem_of(role, pair.stem), pair.stem.element, chart, pair.branch, role)
        if weak is not None:
            relation = _relation(pair.stem.element, pair.branch.element)
            found.append(Hit((role,), (Fact(stem_of(role, pair.stem), relation, branch_of(role, pair.branch)), weak)))
    return tuple(found)


def _v129(chart: NatalChart, params: Params) -> tuple[Hit, ...]:
    """從魁辛乙相加，又主還俗和尚: 乙酉 with 辛卯 ("乙酉見辛卯"), or a 辛酉 native ("辛酉生")."""
    found = []
    yi, xin = _named(chart, ALL, _pillars("乙酉"), "從魁"), _named(chart, ALL, _pillars("辛卯"), "太衝")
    if yi and xin:
        found.append(Hit((yi[0][0], xin[0][0]), (yi[0][1], xin[0][1]), "pair"))
    year = pillar_is(chart, Role.年, _pillars("辛酉"), "從魁")
    if year is not None:
        found.append(Hit((Role.年,), (year,), "year"))
    return tuple(found)


def _v130(chart: NatalChart, params: Params) -> tuple[Hit, ...]:
    """辛亥卯上，定生唇缺之人: 辛 on 卯 (the hare, split-lipped) overcoming it, repeated (``params.many``) or with the
    卯's 木 無氣 in the month ("剋休氣").  The verse's 亥 is not explained by the commentary, which reads 辛卯 only."""
    found = [(r, p) for r, p in chart.pairs(ALL) if p == tables.sexagenary("辛卯")]
    if not found:
        return ()
    facts = [Fact(stem_of(r, Stem.辛), "剋", branch_of(r, Branch.卯)) for r, _ in found]
    if len(found) >= params.many:
        facts.append(Fact(name("辛卯"), "多", None, len(found)))
    else:
        role = found[0][0]
        weak = lacks_qi(branch_of(role, Branch.卯), Element.木, chart, None)
        if weak is None:
            return ()
        facts.append(weak)
    return (Hit(tuple(r for r, _ in found), tuple(facts)),)


def _v131(chart: NatalChart, params: Params) -> tuple[Hit, ...]:
    """酉上逢丁，後須絕嗣: 丁酉 on a pillar other than the year (逢): 丁 火 剋 the 酉 金 that "立嗣"."""
    return tuple(Hit((role,), (fact, Fact(stem_of(role, Stem.丁), "剋", branch_of(role, Branch.酉))))
                 for role, fact in _named(chart, OTHERS, _pillars("丁酉"), "丁酉"))


_PLUMP = 3  # V132 "三四同行": three or four places, stated


def _v132(chart: NatalChart, params: Params) -> tuple[Hit, ...]:
    """戊己如生四柱未申中，三四同行，必出甘泉肥壽: 戊 or 己 on 未 or 申 (戊申, 己未: 土 長生 at 申) in three of the
    four pillars; "strong" when 土 is 旺 or 相 in the month (建旺: someone of the house lives long)."""
    found = _stem_stands(chart, FOUR, frozenset({Stem.戊, Stem.己}), _branches("未申"))
    if len(found) < _PLUMP:
        return ()
    season = _in_season(chart, Element.土)
    return (Hit(tuple(r for r, _ in found), tuple(f for _, f in found) + (() if season is None else (season,)),
                None if season is None else "strong"),)


def _v133(chart: NatalChart, params: Params) -> tuple[Hit, ...]:
    """庚辛向無火之鄉，不義軍人孤女: 庚辛 or 金 many (``params.many_elements``) with no 火 above (stems) or below
    (納音) — "上下不見火"."""
    many = _abundance(chart, Element.金, params.many_elements)
    no_fire = _absent(chart, Element.火)
    if many is None or no_fire is None:
        return ()
    return (Hit(many[0], (many[1],) + no_fire),)


def _v134(chart: NatalChart, params: Params) -> tuple[Hit, ...]:
    """木多繁盛，空亡而定主飄蓬: 甲乙 or 木 many, and one of those pillars in 空亡 (of ``params.void_reference``)."""
    many = _abundance(chart, Element.木, params.many_elements)
    if many is None:
        return ()
    roles, fact = many
    return tuple(Hit(roles, (fact, void)) for r in roles if (void := is_void(chart, params, r)) is not None)


def _abundant_meets_controller(chart: NatalChart, params: Params, element: Element) -> Hit | None:
    """V135, V136: an element many and 有氣 that meets what 剋s it (木多見金, 火多見水 …) → eminence."""
    many = _abundance(chart, element, params.many_elements)
    if many is None:
        return None
    roles, fact = many
    qi = _qi_at_own_branch(chart, roles, element)
    if qi is None:
        return None
    controller = element.overcome_by
    for role, p in chart.present(ALL):
        term = (stem_of(role, p.stem) if p.stem is not None and p.stem.element is controller else
                nayin_of(role, controller) if p.nayin is controller else None)
        if term is not None:
            return Hit(roles + ((role,) if role not in roles else ()), (fact, qi, Fact(term, "剋", name(element.name))))
    return None


def _v135(chart: NatalChart, params: Params) -> tuple[Hit, ...]:
    """有氣逢金，定為顯赫: 木 many (``params.many_elements``) and 有氣 (§1.6), meeting 庚辛 or 金."""
    return hits(_abundant_meets_controller(chart, params, Element.木))


def _v136(chart: NatalChart, params: Params) -> tuple[Hit, ...]:
    """十干五行見同上法: the same for the other four: 火多見水, 水多見土, 土多見木, 金多見火."""
    return hits(*(_abundant_meets_controller(chart, params, e) for e in (Element.火, Element.土, Element.金,
                                                                         Element.水)))


def _v137(chart: NatalChart, params: Params) -> tuple[Hit, ...]:
    """壬癸都向旺中，必須流落: 壬癸 or 水 many and 有氣 (旺相 in the month, or strong on its own branch) → drifting;
    "scattered" when no 土 stands above or below to hold it ("若無土，不成氣象")."""
    many = _abundance(chart, Element.水, params.many_elements)
    if many is None:
        return ()
    roles, fact = many
    qi = _qi_at_own_branch(chart, roles, Element.水)
    if qi is None:
        return ()
    no_earth = _absent(chart, Element.土)
    return (Hit(roles, (fact, qi) + (no_earth or ()), None if no_earth is None else "scattered"),)


def _stage_census(chart: NatalChart, group: str, layer: Layer, stages: frozenset[Stage]) -> list[tuple[Role, Fact]]:
    """Pillars on the 四孟/四仲/四季 branches whose stem (or 納音) stands at one of ``stages`` on its own branch."""
    found = []
    for role, pair in chart.pairs(ALL):
        if pair.branch not in tables.SEASON_BRANCHES[group]:
            continue
        element = pair.stem.element if layer is Layer.干 else tables.nayin(pair)
        term = stem_of(role, pair.stem) if layer is Layer.干 else nayin_of(role, element)
        if stage(element, pair.branch) in stages:
            found.append((role, _at(term, element, role, pair.branch)))
    return found


def _census_hit(found: list[tuple[Role, Fact]], least: int, variant: str) -> Hit | None:
    if len(found) < least:
        return None
    return Hit(tuple(r for r, _ in found), tuple(f for _, f in found), variant)


def _v139(chart: NatalChart, params: Params) -> tuple[Hit, ...]:
    """四清本旺俱全，而文武兩昇: 四孟 pillars whose stem is at 臨官 (甲寅 庚申 丁巳 癸亥: "clear"), or, the lesser
    濁榮, whose 納音 is at 長生 or 臨官 ("turbid"); ``params.many`` of them for 俱全.

    The commentary's 濁榮 list has 庚申木, which is at 絕, not 生旺: the criterion it states is followed."""
    clear = _stage_census(chart, "四孟", Layer.干, frozenset({Stage.臨官}))
    turbid = _stage_census(chart, "四孟", Layer.納音, frozenset({Stage.長生, Stage.臨官}))
    return hits(_census_hit(clear, params.many, "clear"), _census_hit(turbid, params.many, "turbid"))


def _v140(chart: NatalChart, params: Params) -> tuple[Hit, ...]:
    """四仲見之有旺，則門主生貴: 子午卯酉 pillars at 帝旺 — the stem above (乙卯 辛酉 丙午 壬子: "stem") or the
    納音 below (丙子 戊午 辛卯 癸酉, 庚子: "nayin"), ``params.many`` of them.

    "見之" takes its object from the verse before it, V139's 四清本旺俱全 ("all complete"): what V139 asks of the
    四孟 this verse asks of the 四仲, and the commentary's example has all four pillars so (line 18: "사주가 각각
    납음의 왕을 본 것이다").  The note let one pillar suffice ("the verse has no 全"); read with its 之 the verse
    is narrower, and the text wins: as many as V139's 俱全 (``params.many``)."""
    wang = frozenset({Stage.帝旺})
    return hits(_census_hit(_stage_census(chart, "四仲", Layer.干, wang), params.many, "stem"),
                _census_hit(_stage_census(chart, "四仲", Layer.納音, wang), params.many, "nayin"))


def _v141(chart: NatalChart, params: Params) -> tuple[Hit, ...]:
    """季中全犯有升，而庫藏之官: ``params.many`` 辰戌丑未 pillars with 旺氣 — the stem or the 納音 有氣 (§1.6: 旺相
    in the month, or at 長生 冠帶 臨官 帝旺 on its own branch)."""
    found = []
    for role, pair in chart.pairs(ALL):
        if pair.branch not in tables.SEASON_BRANCHES["四季"]:
            continue
        qi = (has_qi(stem_of(role, pair.stem), pair.stem.element, chart, pair.branch, role)
              or has_qi(nayin_of(role, tables.nayin(pair)), tables.nayin(pair), chart, pair.branch, role))
        if qi is not None:
            found.append((role, qi))
    return hits(_census_hit(found, params.many, "storehouse"))


def _v142(chart: NatalChart, params: Params) -> tuple[Hit, ...]:
    """我去刑辰，必掌兵刑之任: the year branch 刑s a day or hour branch (上刑下) → military or judicial office; the
    other way (下刑上) → breaking the law, a violent end ("須視其真假").  自刑 has no direction and is not read.

    Not gated by V227: the commentary's own example (庚戌 with 癸未) has no 剋 of 身 and still holds office."""
    found = []
    for role in DAY_HOUR:
        down, up = branch_punishes(chart, Role.年, role), branch_punishes(chart, role, Role.年)
        if down is not None and down.relation == "刑":
            found.append(Hit((role,), (down,), "office", Valence.good))
        if up is not None and up.relation == "刑":
            found.append(Hit((role,), (up,), "against", Valence.bad))
    return tuple(found)


# ---- V143–V160 ---------------------------------------------------------------------------------------------


def _v143(chart: NatalChart, params: Params) -> tuple[Hit, ...]:
    """乙庚旺方，外聲名: 乙 and 庚 both, their 金 旺 or 相 in the month (the example: 6th month, 金相)."""
    return hits(_combined_in_season(chart, Stem.乙))


def _v144(chart: NatalChart, params: Params) -> tuple[Hit, ...]:
    """戊癸炎輪，多生禮德: 戊 and 癸 both (真火), their 火 旺 or 相 in the month."""
    return hits(_combined_in_season(chart, Stem.戊))


def _v145(chart: NatalChart, params: Params) -> tuple[Hit, ...]:
    """丙辛真化水盛，陰淫: 丙 and 辛 both (真水) and 水 盛 — 旺相 in the month or many (``params.many_elements``):
    wisdom ("clever"); 太過 (``params.excess``) lewdness ("excess")."""
    pair = _stem_pair(chart, Stem.丙, Stem.辛)
    if pair is None:
        return ()
    roles, combine = pair
    excess = _abundance(chart, Element.水, params.excess)
    if excess is not None:
        return (Hit(roles, (combine, _transformed(Stem.丙), excess[1]), "excess", Valence.bad),)
    many = _abundance(chart, Element.水, params.many_elements)
    strong = _in_season(chart, Element.水) or (None if many is None else many[1])
    if strong is None:
        return ()
    return (Hit(roles, (combine, _transformed(Stem.丙), strong), "clever", Valence.good),)


def _v146(chart: NatalChart, params: Params) -> tuple[Hit, ...]:
    """甲己同交，交之有信: 甲 and 己 both in the chart (真土: trust)."""
    pair = _stem_pair(chart, Stem.甲, Stem.己)
    return () if pair is None else (Hit(pair[0], (pair[1], _transformed(Stem.甲))),)


def _earlier_later(chart: NatalChart, first: StemBranch, later: StemBranch) -> tuple[Hit, ...]:
    """``first`` on an earlier pillar than ``later`` (先/後 in the order 年 月 日 時, the 胎 last)."""
    found = []
    for ra, pa in chart.pairs(ALL):
        for rb, pb in chart.pairs(ALL):
            if pa == first and pb == later and ra.written < rb.written:
                found.append(Hit((ra, rb), (Fact(pillar_of(ra, pa), "先", pillar_of(rb, pb)),
                                            Fact(pillar_of(ra, pa), "為", name(tables.nayin_name(pa))),
                                            Fact(pillar_of(rb, pb), "為", name(tables.nayin_name(pb))))))
    return tuple(found)


def _v148(chart: NatalChart, params: Params) -> tuple[Hit, ...]:
    """木中有土，鬼怪常聞: 辛卯 (木) first and 己卯 (土) after it."""
    return _earlier_later(chart, tables.sexagenary("辛卯"), tables.sexagenary("己卯"))


def _v149(chart: NatalChart, params: Params) -> tuple[Hit, ...]:
    """金上安仁，門中虛耗: 癸酉 (金) first and 辛酉 (木, 仁) after it (V102 reads the same verse on 辛酉 alone)."""
    return _earlier_later(chart, tables.sexagenary("癸酉"), tables.sexagenary("辛酉"))


def _year_nayin_to(chart: NatalChart, element: Element, branches: frozenset[Branch]) -> list[tuple[Role, Fact]]:
    """A 身 of ``element`` (the year's 納音) with a day or hour branch among ``branches`` (火為身到申酉)."""
    if _year_nayin(chart) is not element:
        return []
    return _year_to(chart, nayin_of(Role.年, element), element, branches)


def _v150(chart: NatalChart, params: Params) -> tuple[Hit, ...]:
    """火加金位，孤寡貧窮: a 火 身 with 申 or 酉 on the day or hour (火 病 and 死 there)."""
    return tuple(Hit((r,), (f,)) for r, f in _year_nayin_to(chart, Element.火, _branches("申酉")))


def _v151(chart: NatalChart, params: Params) -> tuple[Hit, ...]:
    """炎到水鄉，女人癱瘓: fire in water's place (亥子): a 火 身 with 亥 or 子 on the day or hour ("body"), or a 火
    納音 pillar standing on 亥 or 子 (乙亥, 戊子: "pillar") — "火入水中"."""
    water = _branches("亥子")
    found = [Hit((r,), (f,), "body") for r, f in _year_nayin_to(chart, Element.火, water)]
    for role, pair in chart.pairs(OTHERS):
        if tables.nayin(pair) is Element.火 and pair.branch in water:
            found.append(Hit((role,), (_at(nayin_of(role, Element.火), Element.火, role, pair.branch),), "pillar"))
    return tuple(found)


def _v152(chart: NatalChart, params: Params) -> tuple[Hit, ...]:
    """巽離同乾宮，出冷勞男子: 丙丁 on 戌亥 (丙戌, 丁亥: "stem"), or a 巳 or 午 native with 戌 or 亥 on the day or
    hour ("branch") — "巳午之干或丙丁干到戌亥"."""
    heaven = _branches("戌亥")
    found = [Hit((r,), (f,), "stem")
             for r, f in _stem_stands(chart, ALL, frozenset({Stem.丙, Stem.丁}), heaven)]
    yb = chart.branch(Role.年)
    if yb in (Branch.巳, Branch.午):
        assert yb is not None
        found += [Hit((r,), (f,), "branch") for r, f in _year_to(chart, branch_of(Role.年, yb), Element.火, heaven)]
    return tuple(found)


def _v153(chart: NatalChart, params: Params) -> tuple[Hit, ...]:
    """丙壬同震，陽惑陰亂之宮: a 丙 or 壬 native with 卯 (震, the private gate) on the day or hour."""
    ys = chart.stem(Role.年)
    if ys not in (Stem.丙, Stem.壬):
        return ()
    assert ys is not None
    return tuple(Hit((role,), (Fact(stem_of(Role.年, ys), "在", name("丙壬")),
                               Fact(branch_of(role, Branch.卯), "為", name("震"))))
                 for role in DAY_HOUR if chart.branch(role) is Branch.卯)


def _v154(chart: NatalChart, params: Params) -> tuple[Hit, ...]:
    """木入烟中，疾為小下: a 木 身 with 巳 午 未 (木's 病 死 墓) on ``params.many`` of the other pillars."""
    if _year_nayin(chart) is not Element.木:
        return ()
    smoke = _branches("巳午未")
    found = [(r, p.branch) for r, p in chart.present(OTHERS) if p.branch is not None and p.branch in smoke]
    if len(found) < params.many:
        return ()
    return (Hit(tuple(r for r, _ in found), tuple(_at(nayin_of(Role.年, Element.木), Element.木, r, b)
                                                  for r, b in found)),)


def _v155(chart: NatalChart, params: Params) -> tuple[Hit, ...]:
    """旺相休(囚)，問於進退: the 身 (year 納音) 旺 or 相 in the birth month → honour ("advance"), 休 囚 死 → lowliness
    ("retreat").  Which element the verse weighs is not said; the 身 is the text's reference."""
    body = _year_nayin(chart)
    fact = None if body is None else season_fact(nayin_of(Role.年, body), body, chart)
    if fact is None:
        return ()
    up = fact.relation in ("旺", "相")
    return (Hit((Role.年,), (fact,), "advance" if up else "retreat", Valence.good if up else Valence.bad),)


def _v157(chart: NatalChart, params: Params) -> tuple[Hit, ...]:
    """壬來朝甲，有真官中女須榮: a 壬 native with 甲寅 on the day or hour ("六壬人到寅上") and a 己 that 合s the 甲
    — 甲己 化 土, the 壬's 官 (真官)."""
    if chart.stem(Role.年) is not Stem.壬:
        return ()
    found = []
    for role in DAY_HOUR:
        p = chart[role]
        if p is None or p.pair != tables.sexagenary("甲寅"):
            continue
        for other, q in chart.present(ALL):
            combine = stems_combine(chart, role, other) if q.stem is Stem.己 else None
            if combine is not None:
                found.append(Hit((role, other), (Fact(stem_of(Role.年, Stem.壬), "生", stem_of(role, Stem.甲)),
                                                 combine, _transformed(Stem.甲),
                                                 Fact(name("土"), "剋", stem_of(Role.年, Stem.壬)))))
                break
    return tuple(found)


def _seated(chart: NatalChart, source: Role, target: Role) -> tuple[Fact, ...]:
    """建旺 建祿 建貴 (V158): the branch of ``target`` the 祿 of ``source``'s stem, its 帝旺, or its 天乙貴人."""
    s, b = chart.stem(source), chart.branch(target)
    if s is None or b is None:
        return ()
    found = []
    if tables.LU[s] is b:
        found.append(Fact(branch_of(target, b), "祿", stem_of(source, s)))
    if stage(s.element, b) is Stage.帝旺:
        found.append(Fact(stem_of(source, s), "帝旺", branch_of(target, b)))
    if b in tables.NOBLE[s]:
        found.append(Fact(branch_of(target, b), "貴", stem_of(source, s)))
    return tuple(found)


def _v158(chart: NatalChart, params: Params) -> tuple[Hit, ...]:
    """胎月朝時建旺，則祖先富貴: the day or hour branch the 祿, 帝旺 or 貴人 of the 胎's stem (wealth from the
    ancestors) or the month's (a strong house, parents' help): "建旺·建祿·建貴" — the commentary's examples are 祿;
    on the day it reaches self, wife and wealth, on the hour the children."""
    found = []
    for source, variant in ((Role.胎, "ancestors"), (Role.月, "parents")):
        for target in DAY_HOUR:
            facts = _seated(chart, source, target)
            if facts:
                found.append(Hit((source, target), facts, variant))
    return tuple(found)


_CHAIN: tuple[Role, ...] = (Role.胎, Role.月, Role.日, Role.時)


def _v159(chart: NatalChart, params: Params) -> tuple[Hit, ...]:
    """三交四聚，因官而借出其名: 倍祿 — each pillar's stem with its 祿 on the next pillar's branch (胎→月→日→時),
    ``params.many`` links, none of them the native's own 祿 ("非本祿馬", the pillars lending it to each other)."""
    year = chart.stem(Role.年)
    own = None if year is None else tables.LU[year]
    links = []
    for a, b in pairwise(_CHAIN):
        s, br = chart.stem(a), chart.branch(b)
        if s is not None and br is not None and tables.LU[s] is br and br is not own:
            links.append((a, b, Fact(branch_of(b, br), "祿", stem_of(a, s))))
    if len(links) < params.many:
        return ()
    roles = tuple(dict.fromkeys(r for a, b, _ in links for r in (a, b)))
    return (Hit(roles, tuple(f for _, _, f in links)),)


_PUNISHING_TRIO = _branches("寅巳申")


def _v160(chart: NatalChart, params: Params) -> tuple[Hit, ...]:
    """帶刑全申巳寅，定有官刑嗔訟: 寅, 巳 and 申 all in the chart (寅刑巳, 巳刑申, 申刑寅)."""
    first: dict[Branch, Role] = {}
    for role, p in chart.present(ALL):
        if p.branch is not None and p.branch in _PUNISHING_TRIO:
            first.setdefault(p.branch, role)
    if len(first) < 3:
        return ()
    facts = _ring_punishments(chart, [first[Branch[c]] for c in "寅巳申"])
    return (Hit(tuple(first.values()), facts),)


def _ring_punishments(chart: NatalChart, ring: list[Role]) -> tuple[Fact, ...]:
    """The 刑 around a ring of pillars (寅→巳→申→寅), as evidence."""
    out = []
    for a, b in zip(ring, ring[1:] + ring[:1], strict=True):
        fact = branch_punishes(chart, a, b)
        if fact is not None:
            out.append(fact)
    return tuple(out)


_HARM = frozenset({"V218"})
_HARM_BREAK = frozenset({"V227", "V218"})
_VOID = frozenset({"V226"})

VERSES: tuple[Verse, ...] = (
    Verse(id="V106", verse="明路九宮，更辨陽男得失", line=15, tag=Tag.C_STAR, theme=Theme.status,
          trait="九宮: every man's hour falls in one of the nine palaces",
          valence=Valence.mixed, reads=(Role.時,), needs=frozenset({Need.hour_pillar, Need.sex}), test=_v106),
    Verse(id="V107", verse="人逢建破，妨害尊卑", line=15, tag=Tag.C, theme=Theme.kin, valence=Valence.bad,
          reads=DAY_HOUR, needs=frozenset({Need.month_branch}), test=_v107, household=True, gates=_HARM_BREAK),
    Verse(id="V108", verse="癸巳與乙卯，庚申連戌亥，九流之士", line=15, tag=Tag.C_STAR, theme=Theme.temperament,
          valence=Valence.neutral, reads=ALL, needs=frozenset(), test=_v108, household=True),
    Verse(id="V109", verse="各推前五，祖宗連後代皆知", line=16, tag=Tag.C, theme=Theme.kin, valence=Valence.neutral,
          trait=("前五: the pillar five ahead of each pillar exists in every chart; what it foretells is judgement "
                "(J)"),
          reads=ALL, needs=frozenset(), test=_v109, household=True, gates=_VOID),
    Verse(id="V110", verse="丙丁多或到深山，陽孤陰亂", line=16, tag=Tag.C_STAR, theme=Theme.kin, valence=Valence.bad,
          reads=ALL, needs=frozenset(), test=_v110, grim=True, household=True),
    Verse(id="V111", verse="乙庚同會，女子娉婷", line=16, tag=Tag.C_STAR, theme=Theme.kin, valence=Valence.good,
          reads=ALL, needs=frozenset({Need.month_branch}), test=_v111, household=True),
    Verse(id="V112", verse="乙庚旺相之鄉，男子和明進顯", line=16, tag=Tag.C_STAR, theme=Theme.kin,
          valence=Valence.good, reads=ALL, needs=frozenset(), test=_v112, household=True),
    Verse(id="V113", verse="空中有合，門生虛道閑人", line=16, tag=Tag.C, theme=Theme.temperament,
          valence=Valence.neutral, reads=ALL, needs=frozenset(), test=_v113, household=True, gates=_VOID),
    Verse(id="V114", verse="丁巳與丁卯，冬生門內官人進納", line=16, tag=Tag.C, theme=Theme.status,
          valence=Valence.good, reads=(Role.月, Role.日), needs=frozenset({Need.month_branch}), test=_v114,
          household=True),
    Verse(id="V115", verse="土居四季，見全而多有田林", line=16, tag=Tag.C_STAR, theme=Theme.status,
          valence=Valence.good, reads=ALL, needs=frozenset(), test=_v115),
    Verse(id="V116", verse="四柱五行，定於內外", line=16, tag=Tag.C, theme=Theme.travel, valence=Valence.neutral,
          trait="內外: every branch lies on the native's own side or on the other",
          reads=OTHERS, needs=frozenset({Need.year_branch}), test=_v116),
    Verse(id="V117", verse="命之前後，陽前而陰後，五辰定見家宅禍福", line=16, tag=Tag.C, theme=Theme.travel,
          trait="宅 and 墓: every year has them, and nearly every chart has a pillar whose 納音 生s or 剋s them",
          valence=Valence.mixed, reads=FOUR, needs=frozenset({Need.year_pillar}), test=_v117, household=True,
          gates=_HARM),
    Verse(id="V119", verse="父子夫妻親外，皆同前法", line=17, tag=Tag.C_STAR, theme=Theme.kin, valence=Valence.mixed,
          trait="the relatives by stem: nearly every chart has a stem that is a relative of the native, 順 or 逆",
          reads=OTHERS, needs=frozenset({Need.year_pillar}), test=_v119),
    Verse(id="V120", verse="視於日時，識辨子妻", line=17, tag=Tag.C, theme=Theme.marriage, valence=Valence.neutral,
          trait="the day is the spouse: every chart has a day pillar, and so a difference in age to it",
          reads=(Role.日,), needs=frozenset({Need.year_pillar, Need.day_pillar}), test=_v120),
    Verse(id="V121", verse="胎月尊人，推於父母", line=17, tag=Tag.C_STAR, theme=Theme.kin, valence=Valence.neutral,
          trait="胎月尊人: every 胎 and month has its elements, the kinds of the parents",
          reads=(Role.胎, Role.月), needs=frozenset(), test=_v121),
    Verse(id="V122", verse="巽離旺相，丙丁全足見高門", line=17, tag=Tag.C, theme=Theme.status, valence=Valence.good,
          reads=ALL, needs=frozenset(), test=_v122, household=True),
    Verse(id="V123", verse="壬癸庚辛土木同法", line=17, tag=Tag.C_STAR, theme=Theme.status, valence=Valence.mixed,
          reads=ALL, needs=frozenset({Need.month_branch}), test=_v123, household=True),
    Verse(id="V124", verse="刑衝破害，戊辛多定出軍人", line=17, tag=Tag.C_STAR, theme=Theme.temperament,
          valence=Valence.neutral, reads=ALL, needs=frozenset(), test=_v124, household=True),
    Verse(id="V125", verse="從魁與亥未，辛丁遇太常，酒家利路", line=17, tag=Tag.C, theme=Theme.temperament,
          valence=Valence.good, reads=OTHERS, needs=frozenset(), test=_v125),
    Verse(id="V126", verse="亥逢金盛，癱患長生", line=17, tag=Tag.C, theme=Theme.health, valence=Valence.bad,
          reads=ALL, needs=frozenset(), test=_v126),
    Verse(id="V127", verse="水立金中，門生陰病", line=17, tag=Tag.C, theme=Theme.health, valence=Valence.bad,
          reads=ALL, needs=frozenset(), test=_v127, household=True),
    Verse(id="V128", verse="太衝辛乙，無氣而道士抽簪", line=18, tag=Tag.C_STAR, theme=Theme.temperament,
          valence=Valence.bad, reads=ALL, needs=frozenset({Need.month_branch}), test=_v128, gates=_HARM),
    Verse(id="V129", verse="從魁辛乙相加，又主還俗和尚", line=18, tag=Tag.C, theme=Theme.temperament,
          valence=Valence.neutral, reads=ALL, needs=frozenset(), test=_v129),
    Verse(id="V130", verse="辛亥卯上，定生唇缺之人", line=18, tag=Tag.C_STAR, theme=Theme.health, valence=Valence.bad,
          reads=ALL, needs=frozenset(), test=_v130, grim=True, gates=_HARM),
    Verse(id="V131", verse="酉上逢丁，後須絕嗣", line=18, tag=Tag.C, theme=Theme.kin, valence=Valence.bad,
          reads=OTHERS, needs=frozenset(), test=_v131, grim=True, household=True),
    Verse(id="V132", verse="戊己如生四柱未申中，三四同行，必出甘泉肥壽", line=18, tag=Tag.C_STAR, theme=Theme.health,
          valence=Valence.good, reads=FOUR, needs=frozenset(), test=_v132),
    Verse(id="V133", verse="庚辛向無火之鄉，不義軍人孤女", line=18, tag=Tag.C, theme=Theme.kin, valence=Valence.bad,
          reads=ALL, needs=frozenset(), test=_v133, grim=True, household=True),
    Verse(id="V134", verse="木多繁盛，空亡而定主飄蓬", line=18, tag=Tag.C_STAR, theme=Theme.travel,
          valence=Valence.bad, reads=ALL, needs=frozenset(), test=_v134, gates=_VOID),
    Verse(id="V135", verse="有氣逢金，定為顯赫", line=18, tag=Tag.C_STAR, theme=Theme.status, valence=Valence.good,
          reads=ALL, needs=frozenset(), test=_v135),
    Verse(id="V136", verse="十干五行見同上法", line=18, tag=Tag.C_STAR, theme=Theme.status, valence=Valence.good,
          reads=ALL, needs=frozenset(), test=_v136),
    Verse(id="V137", verse="壬癸都向旺中，必須流落", line=18, tag=Tag.C_STAR, theme=Theme.travel, valence=Valence.bad,
          reads=ALL, needs=frozenset(), test=_v137),
    Verse(id="V139", verse="四清本旺俱全，而文武兩昇", line=18, tag=Tag.C, theme=Theme.status, valence=Valence.good,
          reads=ALL, needs=frozenset(), test=_v139),
    Verse(id="V140", verse="四仲見之有旺，則門主生貴", line=18, tag=Tag.C, theme=Theme.status, valence=Valence.good,
          reads=ALL, needs=frozenset(), test=_v140, household=True),
    Verse(id="V141", verse="季中全犯有升，而庫藏之官", line=18, tag=Tag.C_STAR, theme=Theme.status,
          valence=Valence.good, reads=ALL, needs=frozenset(), test=_v141),
    Verse(id="V142", verse="我去刑辰，必掌兵刑之任", line=18, tag=Tag.C, theme=Theme.status, valence=Valence.mixed,
          reads=DAY_HOUR, needs=frozenset({Need.year_branch}), test=_v142, grim=True, gates=_HARM),
    Verse(id="V143", verse="乙庚旺方，外聲名", line=19, tag=Tag.C_STAR, theme=Theme.status, valence=Valence.good,
          reads=ALL, needs=frozenset({Need.month_branch}), test=_v143),
    Verse(id="V144", verse="戊癸炎輪，多生禮德", line=19, tag=Tag.C_STAR, theme=Theme.temperament,
          valence=Valence.good, reads=ALL, needs=frozenset({Need.month_branch}), test=_v144, household=True),
    Verse(id="V145", verse="丙辛真化水盛，陰淫", line=19, tag=Tag.C_STAR, theme=Theme.temperament,
          valence=Valence.mixed, reads=ALL, needs=frozenset(), test=_v145, grim=True),
    Verse(id="V146", verse="甲己同交，交之有信", line=19, tag=Tag.C, theme=Theme.temperament, valence=Valence.good,
          reads=ALL, needs=frozenset(), test=_v146),
    Verse(id="V148", verse="木中有土，鬼怪常聞", line=19, tag=Tag.C, theme=Theme.travel, valence=Valence.bad,
          reads=ALL, needs=frozenset(), test=_v148, household=True),
    Verse(id="V149", verse="金上安仁，門中虛耗", line=19, tag=Tag.C, theme=Theme.travel, valence=Valence.bad,
          reads=ALL, needs=frozenset(), test=_v149, household=True, same_as="V102"),
    Verse(id="V150", verse="火加金位，孤寡貧窮", line=19, tag=Tag.C, theme=Theme.status, valence=Valence.bad,
          reads=DAY_HOUR, needs=frozenset({Need.year_nayin}), test=_v150),
    Verse(id="V151", verse="炎到水鄉，女人癱瘓", line=19, tag=Tag.C_STAR, theme=Theme.health, valence=Valence.bad,
          reads=ALL, needs=frozenset(), test=_v151, household=True),
    Verse(id="V152", verse="巽離同乾宮，出冷勞男子", line=19, tag=Tag.C_STAR, theme=Theme.health, valence=Valence.bad,
          reads=ALL, needs=frozenset(), test=_v152, household=True),
    Verse(id="V153", verse="丙壬同震，陽惑陰亂之宮", line=19, tag=Tag.C, theme=Theme.marriage, valence=Valence.bad,
          reads=DAY_HOUR, needs=frozenset({Need.year_stem}), test=_v153, grim=True),
    Verse(id="V154", verse="木入烟中，疾為小下", line=19, tag=Tag.C, theme=Theme.health, valence=Valence.bad,
          reads=OTHERS, needs=frozenset({Need.year_nayin}), test=_v154),
    Verse(id="V155", verse="旺相休(囚)，問於進退", line=20, tag=Tag.C_STAR, theme=Theme.status, valence=Valence.mixed,
          trait="旺相 or 休囚: the 身 is on one side or the other in every birth month",
          reads=(Role.年,), needs=frozenset({Need.year_nayin, Need.month_branch}), test=_v155),
    Verse(id="V157", verse="壬來朝甲，有真官中女須榮", line=20, tag=Tag.C, theme=Theme.kin, valence=Valence.good,
          reads=DAY_HOUR, needs=frozenset({Need.year_stem}), test=_v157),
    Verse(id="V158", verse="胎月朝時建旺，則祖先富貴", line=20, tag=Tag.C, theme=Theme.kin, valence=Valence.good,
          trait="建旺 建祿 建貴: four branches of twelve for each of the 胎's and the month's stems, on the day or hour",
          reads=_CHAIN, needs=frozenset(), test=_v158),
    Verse(id="V159", verse="三交四聚，因官而借出其名", line=20, tag=Tag.C, theme=Theme.status, valence=Valence.good,
          reads=ALL, needs=frozenset(), test=_v159),
    Verse(id="V160", verse="帶刑全申巳寅，定有官刑嗔訟", line=20, tag=Tag.C, theme=Theme.status, valence=Valence.bad,
          reads=ALL, needs=frozenset(), test=_v160, gates=_HARM_BREAK),
)

LISTED: tuple[Unevaluated, ...] = (
    Unevaluated(id="V118", verse="生逢兄弟不相親，終見交爭", line=17, tag=Tag.J),
    Unevaluated(id="V138", verse="盛則太過，少則不及", line=18, tag=Tag.M),
    Unevaluated(id="V147", verse="諸卦吉凶，視於遠近", line=19, tag=Tag.T),
)
