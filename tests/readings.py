"""Build the chart and reading of a golden case, as the tests of several modules need them."""

from __future__ import annotations

from core.calendar import Moment
from core.cast import parse_cast
from core.chart import Chart, build_chart
from core.question import Question
from core.reading import Reading, read


def cast_of(case: dict) -> str:
    out = ""
    for ln in case["lines"]:
        yang = ln["yinyang"] == "yang"
        out += ("9" if yang else "6") if ln["moving"] else ("7" if yang else "8")
    return out


def chart_of(case: dict, printed_day: bool = False) -> Chart:
    """The case's chart on its (corrected) month, day and year; a day printed as a branch only takes 丁 (Z002-21)."""
    day = case["day"]["printed"] if printed_day else case["day"]["value"]
    if day.startswith("?"):
        day = "丁" + day[1]
    year = (case.get("year") or {}).get("value")
    return build_chart(parse_cast(cast_of(case)), Moment.from_pillars(case["month_branch"]["value"], day, year))


def read_case(case: dict, question: Question, printed_day: bool = False) -> Reading:
    return read(chart_of(case, printed_day), question)
