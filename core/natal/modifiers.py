"""The global modifiers of 玉照定真經, run after every verse (seed004_rules.md §3.4.2): V227, V218, V226, V147.

Each takes a verse's hits and returns them with ``Note``s: annulled (V227 刑害 without 剋, V226 a 偏 void), lightened
(V218 救神), soon or late (V147).  They never make a verse fire that did not.  V227, V218 and V226 act only on the
verses that declare them in ``Verse.gates``; V147 times every hit.
"""

from __future__ import annotations

from core.chart.ganzhi import Branch
from core.natal import tables
from core.natal.chart import OTHERS, NatalChart, Role
from core.natal.evidence import Fact, branch_of, name, nayin_of
from core.natal.predicates import body_overcoming, body_relation, rescuer
from core.natal.verse import Effect, Hit, Note, Params, Verse


def harm_needs_overcoming(hit: Hit, chart: NatalChart, params: Params) -> Hit:
    """V227 六害三刑辨五行: "六害·三刑·刑衝·破敗 are without blame so long as they do not 剋 身; with the 剋 they are
    凶".  A hit of a verse that declares the gate (its verse is a 刑 害 沖 破 or 敗 verse, whatever words its facts
    use) stands only when one of its pillars (any non-year pillar when it names only the year) has a 納音 that 剋s
    the year's (``Params.harm_body_stem``: or a stem that 剋s the year stem), or when the hit's own evidence is a 剋
    of the year (a verse whose condition is the 剋 as well as the 刑).

    The hit is left alone when no pillar of it can be judged (an unknown 身 or 納音): the modifier annuls only on
    evidence that the 剋 is absent, and that evidence (how each pillar's 納音 stands to 身) is the Note."""
    if any(f.relation == "剋" and f.object is not None and f.object.role is Role.年 for f in hit.facts):
        return hit  # the verse's own condition holds the 剋 of the native (V91 干傷支有相刑: 庚 剋 甲)
    if chart.body is None:
        return hit
    roles: list[Role] = [r for r in hit.roles if r is not Role.年] or [r for r, _ in chart.present(OTHERS)]
    judged = [r for r in roles if chart.nayin(r) is not None or (params.harm_body_stem and chart.stem(r) is not None)]
    if not judged or any(body_overcoming(chart, r, params) is not None for r in judged):
        return hit
    evidence = tuple(f for r in judged if (f := body_relation(chart, r)) is not None)
    return hit.noted(Note("V227", Effect.annulled, evidence))


def rescue(hit: Hit, chart: NatalChart) -> Hit:
    """V218–V219 四柱往來交互剋，須向局中問救神: a hit whose every 剋 has a 救神 in the chart (a stem or 納音 of another
    pillar that 剋s the attacker, ``predicates.rescuer``) is lightened, the rescuers as evidence.  One 剋 left
    unrescued keeps the hit as it was: the commentary rescues a blow, not a chart."""
    blows = [f for f in hit.facts if f.relation in ("剋", "被剋")]
    if not blows:
        return hit
    found = []
    for blow in blows:
        attacker = blow.subject if blow.relation == "剋" else blow.object
        saved = None if attacker is None else rescuer(chart, attacker)
        if saved is None:
            return hit
        found.append(saved)
    return hit.noted(Note("V218", Effect.lightened, tuple(found)))


def void_polarity(hit: Hit, chart: NatalChart, params: Params) -> Hit:
    """V226 空亡疊犯空偏正: "a yang (native) seeing a yang, or a yin a yin, falls into the void; a yin seeing a yang or a
    yang a yin does not" — a void branch counts only when its polarity is the native's (the year stem's); the other
    member of the pair is 偏, not void.  Annulled when every void of the hit is 偏."""
    if not params.void_polarity:
        return hit
    year = chart.stem(Role.年)
    if year is None:
        return hit
    voids = [f for f in hit.facts if f.relation == "空亡"]
    if not voids:
        return hit
    off = [f for f in voids if _branch_yang(f) is not None and _branch_yang(f) is not year.yang]
    if len(off) < len(voids):
        return hit
    return hit.noted(Note("V226", Effect.annulled, tuple(Fact(f.subject, "不為", name("正空")) for f in off)))


def _branch_yang(fact: Fact) -> bool | None:
    text = fact.subject.text[-1:]
    return Branch[text].yang if text in Branch.__members__ else None


def near_far(hit: Hit, chart: NatalChart) -> Hit:
    """V147 諸卦吉凶，視於遠近 ("旺 → the 吉凶 is near; 休囚 → it is far"): the outcome comes soon when the junior
    pillar it rests on has its 納音 旺 in the birth month, late when 休 or 囚.  相 is read with 旺 and 死 with 休囚,
    the pairs the text uses elsewhere (旺相, 休囚死)."""
    mb = chart.month_branch
    roles = [r for r in hit.roles if r is not Role.年]
    if mb is None or not roles:
        return hit
    role = max(roles)
    element = chart.nayin(role)
    if element is None:
        return hit
    state = tables.season_state(element, mb)
    effect = Effect.soon if state in ("旺", "相") else Effect.late
    return hit.noted(Note("V147", effect, (Fact(nayin_of(role, element), state, branch_of(Role.月, mb)),)))


def apply(verse: Verse, found: tuple[Hit, ...], chart: NatalChart, params: Params) -> tuple[Hit, ...]:
    """Every modifier that applies to ``verse``, in the order: V227, V218, V226 (gates), then V147 (timing); a hit
    annulled by one is not looked at by the next."""
    out = []
    for hit in found:
        if "V227" in verse.gates:
            hit = harm_needs_overcoming(hit, chart, params)
        if "V218" in verse.gates and not hit.annulled:
            hit = rescue(hit, chart)
        if "V226" in verse.gates and not hit.annulled:
            hit = void_polarity(hit, chart, params)
        if not hit.annulled:
            hit = near_far(hit, chart)
        out.append(hit)
    return tuple(out)
