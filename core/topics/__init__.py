"""Topic readings of seed 000 (the 易林補遺 chapters): 年時豐歉, 身命造化, 六親壽命, 倩媒說合, 婚姻嫁娶.

DESIGN.md: 002 governs the chart analysis; these chapters add what each topic itself says.  So the findings
here complement the general reading and never replace it: they carry the chapter's rule id (notes §11–§13),
the seed line, and params in canonical names, and weigh at most 7.  Where 000 states a doctrine that 002's
school rejects (大限/小限; 應 read as another person or as the wife; 世/應 as husband and wife), every such
finding carries the param ``conflict_002`` and the reading adds one neutral finding keyed ``conflict_002``
naming the doctrine, so the bot can say so once.
Grim doctrine (death years, widowhood) is reported as the classic's claim: the keys name the claim, the bot
words it with measure.

A rule that needs something the caller did not give (sex, age, 本命, rank, 神煞) yields no finding.

One module per chapter: ``year`` (年時), ``lifetime`` (身命), ``lifespan`` (六親壽命), ``matchmaker`` (媒妁),
``marriage`` (婚姻), and ``common`` for what they share; ``topic_reading`` is the entry point.
"""

from __future__ import annotations

from typing import Any

from core.chart.chart import Chart
from core.chart.ganzhi import Branch
from core.findings import Finding, Place, Timing
from core.topics.common import Sex, direction_of, element_direction
from core.topics.lifespan import lifespan_reading, lifespan_timing
from core.topics.lifetime import lifetime_reading, lifetime_timing
from core.topics.marriage import marriage_reading
from core.topics.matchmaker import matchmaker_reading
from core.topics.year import year_reading

__all__ = [
    "TOPICS",
    "Sex",
    "direction_of",
    "element_direction",
    "lifespan_reading",
    "lifespan_timing",
    "lifetime_reading",
    "lifetime_timing",
    "marriage_reading",
    "matchmaker_reading",
    "topic_reading",
    "year_reading",
]

TOPICS = ("year", "lifetime", "lifespan", "matchmaker", "marriage")


def topic_reading(topic: str, chart: Chart, **context: object) -> tuple[tuple[Finding, ...], tuple[Timing, ...]]:
    """Findings and timings of one topic of seed 000; other topics (and lifespan without a use god) give nothing.

    Context keys: ``use_god`` (a Place), ``sex``, ``age``, ``birth_branch`` (or ``birth_year``: the 本命 branch),
    ``official``, ``married``, ``marriage_chart``; each function takes what it needs and the rest is ignored.
    """
    if topic not in TOPICS:
        return (), ()
    use_god = context.get("use_god")
    if use_god is not None and not isinstance(use_god, Place):
        raise TypeError(f"use_god must be a Place, got {type(use_god).__name__}")
    sex = context.get("sex")
    if sex is not None and not isinstance(sex, str):
        raise TypeError(f"sex must be 男 or 女, got {sex!r}")
    age = _optional(context, "age", int)
    birth = _optional(context, "birth_branch", Branch)
    if birth is None:
        birth = _optional(context, "birth_year", Branch)  # the name core.reading.pipeline passes
    official = _optional(context, "official", bool)
    married = _optional(context, "married", bool)
    if topic == "year":
        return year_reading(chart), ()
    if topic == "lifetime":
        return (lifetime_reading(chart, sex, age, use_god=use_god, birth_branch=birth, official=official),
                lifetime_timing(chart, age, use_god=use_god))
    if topic == "lifespan":
        if use_god is None:  # the use god is the caller's choice; without it there is nothing to read
            return (), ()
        return lifespan_reading(chart, use_god), lifespan_timing(chart, use_god)
    if topic == "matchmaker":
        return matchmaker_reading(chart, bool(context.get("marriage_chart", False))), ()
    return marriage_reading(chart, sex, married=married), ()


def _optional(context: dict[str, object], name: str, kind: type) -> Any:
    value = context.get(name)
    if value is not None and not isinstance(value, kind):
        raise TypeError(f"{name} must be {kind.__name__}, got {type(value).__name__}")
    return value
