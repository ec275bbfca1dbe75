"""The global modifiers of 玉照定真經, run after every verse (seed004_rules.md §3.4.2): V227, V218, V226, V147.

Each takes a verse's hits and returns them with ``Note``s: annulled (V227 刑害 without 剋, V226 a 偏 void), lightened
(V218 救神), soon or late (V147).  They never make a verse fire that did not.
"""

from __future__ import annotations

from core.natal import tables
from core.natal.chart import NatalChart, Role
from core.natal.evidence import Fact, branch_of, name
from core.natal.verse import Effect, Hit, Note, Params, Verse


def void_polarity(hit: Hit, chart: NatalChart, params: Params) -> Hit:
    """V226 空亡疊犯空偏正: a void branch counts only when its polarity is the native's (a yang year's void is its
    yang member); the other member is 偏, not void."""
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
    from core.ganzhi import Branch

    text = fact.subject.text[-1:]
    return Branch[text].yang if text in Branch.__members__ else None


def near_far(hit: Hit, chart: NatalChart) -> Hit:
    """V147 諸卦吉凶，視於遠近: the outcome comes soon when the junior pillar it rests on is 旺 or 相 in the birth
    month, late when 休 囚 or 死."""
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
    from core.natal.evidence import nayin_of

    return hit.noted(Note("V147", effect, (Fact(nayin_of(role, element), state, branch_of(Role.月, mb)),)))


def apply(verse: Verse, found: tuple[Hit, ...], chart: NatalChart, params: Params) -> tuple[Hit, ...]:
    """Every modifier that applies to ``verse``, in the order: V227, V218, V226 (gates), then V147 (timing)."""
    out = []
    for hit in found:
        if "V226" in verse.gates:
            hit = void_polarity(hit, chart, params)
        if not hit.annulled:
            hit = near_far(hit, chart)
        out.append(hit)
    return tuple(out)
