"""Helpers for the 玉照定真經 tests: charts from Appendix A's notation, and asserting what a verse finds.

Appendix A (shared/notes/seed004_rules.md) writes ``DH=X`` for "X on the day or the hour"; ``dh_charts`` gives both
charts, and a vector holds when it holds on each.
"""

from __future__ import annotations

from core.natal import NatalChart, read_natal
from core.natal.verse import DEFAULTS, Params, VerseResult
from core.question import Sex


def chart(year: str | None = None, month: str | None = None, day: str | None = None, hour: str | None = None,
          conception: str | None = None, sex: Sex | None = None) -> NatalChart:
    return NatalChart.of(year, month, day, hour, conception, sex)


def dh_charts(x: str, **pillars: str) -> tuple[NatalChart, NatalChart]:
    """The chart with ``x`` as the day pillar, and with ``x`` as the hour pillar (Appendix A's ``DH=X``)."""
    return chart(day=x, **pillars), chart(hour=x, **pillars)


def result(verse_id: str, c: NatalChart, params: Params = DEFAULTS) -> VerseResult:
    for r in read_natal(c, params).results:
        if r.verse.id == verse_id:
            return r
    raise KeyError(f"{verse_id} is not an evaluated verse")


def fires(verse_id: str, c: NatalChart, params: Params = DEFAULTS) -> bool:
    return result(verse_id, c, params).fires


def variants(verse_id: str, c: NatalChart, params: Params = DEFAULTS) -> set[str | None]:
    return {h.variant for h in result(verse_id, c, params).standing}
