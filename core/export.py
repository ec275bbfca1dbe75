"""Charts as plain JSON-ready dicts, with the keys DESIGN.md fixes (``Machine output``).

Kept in ``core`` because it is a pure function of the chart and its keys are a contract shared by the
command line, the bot's stored readings and any other consumer.  Keys are added, never renamed.
"""

from __future__ import annotations

from typing import Any

from core.calendar import Moment
from core.chart import Chart, Line, Standing, Yao
from core.hexagram import Hexagram


def moment_dict(moment: Moment) -> dict[str, Any]:
    def s(x: object | None) -> str | None:
        return None if x is None else str(x)

    return {
        "year": s(moment.year),
        "year_branch": None if moment.year_branch is None else moment.year_branch.name,
        "month": s(moment.month),
        "month_branch": moment.month_branch.name,
        "day": str(moment.day),
        "hour": s(moment.hour),
        "void": [b.name for b in moment.void],
        "utc": None if moment.utc is None else moment.utc.isoformat(),
        "tz": moment.tz,
        "local": None if moment.local is None else moment.local.isoformat(),
        "day_boundary": int(moment.day_boundary),
    }


def hexagram_dict(h: Hexagram) -> dict[str, Any]:
    return {
        "name": h.name,
        "number": h.number,
        "upper": h.upper.name,
        "lower": h.lower.name,
        "palace": h.palace.name,
        "element": h.element.name,
        "generation": h.generation.value,
        "world": h.world,
        "response": h.response,
        "six_clash": h.six_clash,
        "six_harmony": h.six_harmony,
        "body": h.body.name,
    }


def standing_dict(st: Standing) -> dict[str, Any]:
    return {
        "month": [r.value for r in st.month],
        "season": st.season.value,
        "month_state": st.month_state,
        "residual": st.residual,
        "day": [r.value for r in st.day],
        "day_clash": None if st.day_clash is None else st.day_clash.value,
        "void": st.void,
        "stage": st.stage.name,
    }


def yao_dict(y: Yao) -> dict[str, Any]:
    return {
        "stem": y.stem.name,
        "branch": y.branch.name,
        "element": y.element.name,
        "relation": y.relation.value,
        "standing": standing_dict(y.standing),
    }


def line_dict(line: Line) -> dict[str, Any]:
    changed = None
    if line.changed is not None:
        changed = yao_dict(line.changed) | {"transformations": [t.value for t in line.transformations]}
    return {
        "position": line.position,
        "value": line.value,
        "yang": line.yang,
        "moving": line.moving,
        "stem": line.stem.name,
        "branch": line.branch.name,
        "element": line.element.name,
        "relation": line.relation.value,
        "spirit": line.spirit.value,
        "world": line.world,
        "response": line.response,
        "standing": standing_dict(line.standing),
        "hidden": None if line.hidden is None else yao_dict(line.hidden),
        "changed": changed,
    }


def chart_dict(chart: Chart) -> dict[str, Any]:
    """The machine form of a chart (DESIGN.md ``Machine output``)."""
    cast = chart.cast
    return {
        "cast": {
            "lines": "".join(str(int(v)) for v in cast.values),
            "tosses": None if cast.tosses is None else [
                ["back" if b else "face" for b in t.backs] for t in cast.tosses
            ],
        },
        "moment": moment_dict(chart.moment),
        "hexagram": hexagram_dict(chart.hexagram),
        "changed": None if chart.changed is None else hexagram_dict(chart.changed),
        "changes": [c.value for c in chart.changes],
        "missing": [r.value for r in chart.missing],
        "lines": [line_dict(line) for line in chart.lines],
    }
