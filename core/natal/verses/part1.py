"""玉照定真經 V1–V50: 生氣 and 天德, the 尊卑 of the pillars, 魁罡, 墓, 德合, the body and its illnesses, 月德."""

from __future__ import annotations

from core.natal.chart import ALL, DAY_HOUR, NatalChart, Role
from core.natal.evidence import Fact, name
from core.natal.predicates import branch_punishes, hits, nayin_overcomes, stem_overcomes
from core.natal.verse import Hit, Need, Params, Tag, Theme, Unevaluated, Valence, Verse


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

VERSES: tuple[Verse, ...] = (
    Verse(id="V2", verse="身命逢刑返剋時，必須夭賤", line=3, tag=Tag.C, theme=Theme.health, valence=Valence.bad,
          reads=DAY_HOUR, needs=frozenset({Need.year_branch, Need.year_nayin}), test=_v2, grim=True,
          gates=frozenset({"V227", "V218"})),
    Verse(id="V3", verse="四陽俱立，定知難有陰尊", line=3, tag=Tag.C, theme=Theme.kin, valence=Valence.bad,
          reads=ALL, needs=frozenset(), test=_v3, grim=True),
    Verse(id="V4", verse="陰覆全逢，不見陽尊老壽", line=3, tag=Tag.C, theme=Theme.kin, valence=Valence.bad,
          reads=ALL, needs=frozenset(), test=_v4, grim=True),
)

LISTED: tuple[Unevaluated, ...] = ()
