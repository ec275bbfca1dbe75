"""Building blocks the verses share: relations between the layers of two pillars, each returned as evidence.

A verse module asks "does the hour's 納音 剋 the year's?" and gets the ``Fact`` that proves it (or None), so the
evidence is the test itself and cannot drift from it.
"""

from __future__ import annotations

from collections.abc import Iterator

from core.chart.ganzhi import Branch, Element, Stem, StemBranch
from core.chart.relations import clashes, harmonizes, harms, punished_by, punishes, stage
from core.natal import tables
from core.natal.chart import ALL, DAY_HOUR, NatalChart, Role
from core.natal.evidence import Fact, Layer, Term, branch_of, name, nayin_of, pillar_of, stem_of
from core.natal.verse import Hit, Params


def element_relation(a: Element, b: Element) -> str | None:
    """How ``a`` stands to ``b``: 剋 (a overcomes b), 生 (a generates b), 比和 (the same), 被剋, 被生."""
    if a is b:
        return "比和"
    if a.overcomes is b:
        return "剋"
    if a.generates is b:
        return "生"
    if b.overcomes is a:
        return "被剋"
    return "被生"


def _element_of(chart: NatalChart, role: Role, layer: Layer) -> tuple[Element, Term] | None:
    """The element a pillar shows at one layer (its stem's, its branch's or its 納音), with the term naming it."""
    if layer is Layer.納音:
        e = chart.nayin(role)
        return None if e is None else (e, nayin_of(role, e))
    if layer is Layer.干:
        s = chart.stem(role)
        return None if s is None else (s.element, stem_of(role, s))
    b = chart.branch(role)
    return None if b is None else (b.element, branch_of(role, b))


def _acts_on(chart: NatalChart, a: Role, b: Role, layer: Layer, overcoming: bool) -> Fact | None:
    """The element of ``a`` 剋 (or 生) that of ``b`` at ``layer``, as evidence; None when it does not or is unknown."""
    ea, eb = _element_of(chart, a, layer), _element_of(chart, b, layer)
    if ea is None or eb is None or (ea[0].overcomes if overcoming else ea[0].generates) is not eb[0]:
        return None
    return Fact(ea[1], "剋" if overcoming else "生", eb[1])


def nayin_overcomes(chart: NatalChart, a: Role, b: Role) -> Fact | None:
    """The 納音 of pillar ``a`` 剋 that of ``b`` (e.g. the hour's 火 剋 the year's 金)."""
    return _acts_on(chart, a, b, Layer.納音, True)


def nayin_generates(chart: NatalChart, a: Role, b: Role) -> Fact | None:
    return _acts_on(chart, a, b, Layer.納音, False)


def stem_overcomes(chart: NatalChart, a: Role, b: Role) -> Fact | None:
    """The stem of ``a`` 剋 the stem of ``b`` by element (丁 剋 辛)."""
    return _acts_on(chart, a, b, Layer.干, True)


def branch_overcomes(chart: NatalChart, a: Role, b: Role) -> Fact | None:
    """The branch element of ``a`` 剋 that of ``b`` (巳火 剋 申金)."""
    return _acts_on(chart, a, b, Layer.支, True)


def branch_generates(chart: NatalChart, a: Role, b: Role) -> Fact | None:
    """The branch element of ``a`` 生 that of ``b`` (午火 生 未土)."""
    return _acts_on(chart, a, b, Layer.支, False)


def stems_combine(chart: NatalChart, a: Role, b: Role) -> Fact | None:
    """干合 between the stems of two pillars (甲己 …)."""
    sa, sb = chart.stem(a), chart.stem(b)
    if sa is None or sb is None or not tables.stems_combine(sa, sb):
        return None
    return Fact(stem_of(a, sa), "干合", stem_of(b, sb))


def branch_punishes(chart: NatalChart, a: Role, b: Role) -> Fact | None:
    """The branch of ``a`` 刑 the branch of ``b`` (directional: 寅刑巳; 子卯 both ways; 自刑 辰午酉亥 with itself)."""
    ba, bb = chart.branch(a), chart.branch(b)
    if ba is None or bb is None:
        return None
    if ba is bb and punished_by(ba) is ba:
        return Fact(branch_of(a, ba), "自刑", branch_of(b, bb))
    if ba is not bb and punishes(ba, bb):
        return Fact(branch_of(a, ba), "刑", branch_of(b, bb))
    return None


def branch_harms(chart: NatalChart, a: Role, b: Role) -> Fact | None:
    ba, bb = chart.branch(a), chart.branch(b)
    if ba is None or bb is None or not harms(ba, bb):
        return None
    return Fact(branch_of(a, ba), "害", branch_of(b, bb))


def branch_clashes(chart: NatalChart, a: Role, b: Role) -> Fact | None:
    ba, bb = chart.branch(a), chart.branch(b)
    if ba is None or bb is None or not clashes(ba, bb):
        return None
    return Fact(branch_of(a, ba), "沖", branch_of(b, bb))


def branches_combine(chart: NatalChart, a: Role, b: Role) -> Fact | None:
    """支合 (六合) between two pillars' branches."""
    ba, bb = chart.branch(a), chart.branch(b)
    if ba is None or bb is None or not harmonizes(ba, bb):
        return None
    return Fact(branch_of(a, ba), "合", branch_of(b, bb))


def season_fact(subject: Term, element: Element, chart: NatalChart) -> Fact | None:
    """旺相休囚死 of ``element`` in the birth month, as evidence about ``subject``; None without a month."""
    mb = chart.month_branch
    if mb is None:
        return None
    return Fact(subject, tables.season_state(element, mb), branch_of(Role.月, mb))


def has_qi(subject: Term, element: Element, chart: NatalChart, at: Branch | None, at_role: Role | None = None,
           ) -> Fact | None:
    """有氣 (§1.6): 旺 or 相 in the birth month, or at 長生 冠帶 臨官 帝旺 on the branch ``at``; the first test that
    holds, as evidence (so the reading says which one)."""
    seasonal = season_fact(subject, element, chart)
    if seasonal is not None and seasonal.relation in ("旺", "相"):
        return seasonal
    if at is not None:
        s = stage(element, at)
        if s in tables.QI_STAGES:
            return Fact(subject, s.name, Term(at.name, at_role, None) if at_role is None else branch_of(at_role, at))
    return None


def lacks_qi(subject: Term, element: Element, chart: NatalChart, at: Branch | None, at_role: Role | None = None,
             ) -> Fact | None:
    """無氣 (§1.6): 休 囚 or 死 in the birth month, or at 病 死 墓 絕 on ``at``; the first that holds."""
    seasonal = season_fact(subject, element, chart)
    if seasonal is not None and seasonal.relation in ("休", "囚", "死"):
        return seasonal
    if at is not None:
        s = stage(element, at)
        if s in tables.NO_QI_STAGES:
            return Fact(subject, s.name, Term(at.name, at_role, None) if at_role is None else branch_of(at_role, at))
    return None


def void_branches(chart: NatalChart, params: Params, reference: Role | None = None) -> tuple[Branch, Branch] | None:
    """空亡 of the reference pillar's 旬 (the year's by default, ``Params.void_reference``)."""
    role = params.void_reference if reference is None else reference
    p = chart[role]
    pair = None if p is None else p.pair
    return None if pair is None else pair.void


def is_void(chart: NatalChart, params: Params, role: Role, reference: Role | None = None) -> Fact | None:
    """The branch of ``role`` is in the 空亡 of the reference pillar's 旬."""
    b = chart.branch(role)
    ref = params.void_reference if reference is None else reference
    void = void_branches(chart, params, ref)
    if b is None or void is None or b not in void:
        return None
    ref_pair = chart[ref]
    assert ref_pair is not None
    return Fact(branch_of(role, b), "空亡", pillar_of(ref, str(ref_pair)))


def day_or_hour(chart: NatalChart) -> Iterator[tuple[Role, StemBranch]]:
    """The whole day and hour pillars ("日時": either one, §0.3)."""
    return chart.pairs(DAY_HOUR)


def pillar_is(chart: NatalChart, role: Role, wanted: frozenset[StemBranch] | set[StemBranch], label: str,
              ) -> Fact | None:
    """The pillar of ``role`` is one of a named list (暗合, 易位 …)."""
    p = chart[role]
    pair = None if p is None else p.pair
    if pair is None or pair not in wanted:
        return None
    return Fact(pillar_of(role, pair), "為", name(label))


def hits(*found: Hit | None) -> tuple[Hit, ...]:
    """The hits that were found (a predicate's return value)."""
    return tuple(h for h in found if h is not None)


# ---- part1 ------------------------------------------------------------------------------------------------

def counted_void(chart: NatalChart, params: Params, role: Role, reference: Role | None = None) -> Fact | None:
    """``is_void`` as V226 counts it: with ``Params.void_polarity`` only the member of the native's polarity.

    For verses where a void spoils or strengthens a reading that stands without it (V16, V38): the V226 modifier
    annuls a whole hit whose voids are all 偏, which is right when the void is the condition and wrong here."""
    fact = is_void(chart, params, role, reference)
    year = chart.stem(Role.年)
    b = chart.branch(role)
    if fact is None or not params.void_polarity or year is None or b is None or b.yang is year.yang:
        return fact
    return None
# ---- part5 (V218 救神 and V227 剋身, shared by the verses and the global modifiers) --------------------------

def element_of(term: Term) -> Element | None:
    """The element a term stands for: a stem's, a branch's, a 納音, or an element named bare (a 三合 卦's)."""
    text = term.text
    if term.layer is Layer.干 and text in Stem.__members__:
        return Stem[text].element
    if term.layer is Layer.支 and text in Branch.__members__:
        return Branch[text].element
    if term.layer in (Layer.納音, None) and text in Element.__members__:
        return Element[text]
    return None


def rescuer(chart: NatalChart, attacker: Term) -> Fact | None:
    """V218–V219 救神: a stem or 納音 of another pillar that 剋s the attacker's element (a 金 native struck by 火 is
    rescued by a 水).  The commentary looks at "its 干 and 音", so branches do not rescue; the attacking pillar does
    not rescue itself; any other pillar, the native's own included, is "in the 局"."""
    hostile = element_of(attacker)
    if hostile is None:
        return None
    for role, pillar in chart.present(ALL):
        if role is attacker.role:
            continue
        if pillar.stem is not None and pillar.stem.element.overcomes is hostile:
            return Fact(stem_of(role, pillar.stem), "剋", attacker)
        sound = pillar.nayin
        if sound is not None and sound.overcomes is hostile:
            return Fact(nayin_of(role, sound), "剋", attacker)
    return None


def body_overcoming(chart: NatalChart, role: Role, params: Params) -> Fact | None:
    """V227 剋身: the 納音 of ``role`` 剋s the year's (身); with ``Params.harm_body_stem`` its stem 剋ing the year stem
    counts too."""
    found = nayin_overcomes(chart, role, Role.年)
    if found is None and params.harm_body_stem:
        found = stem_overcomes(chart, role, Role.年)
    return found


def body_relation(chart: NatalChart, role: Role) -> Fact | None:
    """How the 納音 of ``role`` stands to 身 (生, 比和 …): the evidence that it does not 剋 it."""
    a, b = chart.nayin(role), chart.body
    if a is None or b is None:
        return None
    relation = element_relation(a, b)
    return None if relation is None else Fact(nayin_of(role, a), relation, nayin_of(Role.年, b))
