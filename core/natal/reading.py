"""A natal reading: every C and C* verse of 玉照定真經 against one chart, the global modifiers last.

``read_natal`` is pure: the chart and the defaults in, a ``NatalReading`` out, every result carrying its verse's id
and the seed line it stands on.  Duplicated verses (V87 ≈ V2 …) are reported once, under the first.
"""

from __future__ import annotations

from core.natal import modifiers
from core.natal.chart import NatalChart
from core.natal.verse import DEFAULTS, Params, Unevaluated, VerseResult
from core.natal.verses import LISTED, VERSES
from core.values import value


@value
class NatalReading:
    chart: NatalChart
    params: Params
    results: tuple[VerseResult, ...]      # every C and C* verse, in text order (not evaluated ones included)
    listed: tuple[Unevaluated, ...]       # the J, T and M units, never evaluated

    def _once(self) -> tuple[VerseResult, ...]:
        """The verses that fire, in the text's order, a duplicate reported once under the first of its kind."""
        fired = [r for r in self.results if r.fires]
        ids = {r.verse.id for r in fired}
        return tuple(r for r in fired if r.verse.same_as is None or r.verse.same_as not in ids)

    @property
    def fired(self) -> tuple[VerseResult, ...]:
        """The verses that fire as readings of this chart (the traits apart), in the text's order."""
        return tuple(r for r in self._once() if r.verse.trait is None)

    @property
    def traits(self) -> tuple[VerseResult, ...]:
        """The verses whose text describes (nearly) every chart (``Verse.trait``): what the classic says this chart
        is like (its twelve palaces, its face colour …), not a sign that sets it apart."""
        return tuple(r for r in self._once() if r.verse.trait is not None)

    @property
    def evaluated(self) -> tuple[VerseResult, ...]:
        return tuple(r for r in self.results if r.evaluated)

    @property
    def not_evaluated(self) -> tuple[VerseResult, ...]:
        """Verses the chart lacks an input for (an unknown hour, sex or pillar)."""
        return tuple(r for r in self.results if not r.evaluated)


def read_natal(chart: NatalChart, params: Params = DEFAULTS) -> NatalReading:
    results = []
    for verse in VERSES:
        missing = verse.missing(chart)
        unchecked = verse.unchecked(chart)
        if missing:
            results.append(VerseResult(verse, (), missing, unchecked))
            continue
        found = modifiers.apply(verse, verse.test(chart, params), chart, params)
        results.append(VerseResult(verse, found, (), unchecked))
    return NatalReading(chart, params, tuple(results), LISTED)
