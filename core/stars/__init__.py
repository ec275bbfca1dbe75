"""神煞: every star of 易冒's 神煞 chapter (seed 001) as data, where it falls on a day, and what it does to a chart.

``catalogue``: the 122 stars as the text writes their tables, and each one's key at a moment; ``day``: the
almanac, a moment's stars (bot/render/almanac.py); ``reading``: where stars land on a chart and which count for a
reading, and those that count gathered per place (``grouped_stars``).
"""

from __future__ import annotations

from core.stars.catalogue import (
    PALACE_BRANCHES,
    PRINCIPLE,
    STAR_BY_ID,
    STAR_BY_RULE,
    STARS,
    Keyed,
    Matter,
    Nature,
    Quarter,
    Star,
    Target,
    key_value,
    quarter_of,
    target_text,
)
from core.stars.day import DayStar, DayStars, almanac
from core.stars.reading import StarHit, chart_stars, counting_stars, grouped_stars

__all__ = [
    "PALACE_BRANCHES",
    "PRINCIPLE",
    "STARS",
    "STAR_BY_ID",
    "STAR_BY_RULE",
    "DayStar",
    "DayStars",
    "Keyed",
    "Matter",
    "Nature",
    "Quarter",
    "Star",
    "StarHit",
    "Target",
    "almanac",
    "chart_stars",
    "counting_stars",
    "grouped_stars",
    "key_value",
    "quarter_of",
    "target_text",
]
