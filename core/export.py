"""Charts as plain JSON-ready dicts, with the keys DESIGN.md fixes (``Machine output``).

Kept in ``core`` because it is a pure function of the chart and its keys are a contract shared by the
command line, the bot's stored readings and any other consumer.  Keys are added, never renamed.
"""

from __future__ import annotations

from typing import Any

from core.chart.actors import actor_at
from core.chart.calendar import Moment
from core.chart.chart import Chart, Line, Standing, Yao
from core.chart.hexagram import Hexagram
from core.findings import Finding, Layer, Place, Timing
from core.reading.pipeline import Reading
from core.reading.verdict import Verdict


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


def _place_dict(p: Place) -> dict[str, Any]:
    return {"where": p.layer.value, "position": p.position}


def finding_dict(f: Finding) -> dict[str, Any]:
    return {
        "rule": f.rule,
        "key": f.key,
        "lines": sorted({p.position for p in f.places if p.layer in (Layer.LINE, Layer.CHANGED, Layer.HIDDEN)}),
        "places": [_place_dict(p) for p in f.places],
        "effect": f.effect.value,
        "weight": f.weight,
        "source": {"rule": f.source.rule, "seed": f.source.seed, "line": f.source.line,
                   "decision": f.source.decision},
        "params": dict(f.params),
    }


def timing_dict(t: Timing) -> dict[str, Any]:
    return {
        "unit": t.unit.value,
        "branch": t.branch.name,
        "stem": None if t.stem is None else t.stem.name,
        "rule": t.rule,
        "key": t.key,
        "weight": t.weight,
        "dates": [d.isoformat() for d in t.dates],
        "places": [_place_dict(p) for p in t.places],
        "rules": list(t.rules or (t.rule,)),
        "favourable": t.favourable,
        # one moment per branch: every unit it is read in (``unit`` first) with its own next dates; what happens
        # then; whether it is the reading's most likely moment (the first of ``timing``; the rest by date)
        "units": [{"unit": u.value, "dates": [d.isoformat() for d in ds]} for u, ds in
                  zip(t.all_units, t.unit_dates or ((t.dates,) + ((),) * (len(t.all_units) - 1)), strict=True)],
        "event": t.event,
        "likely": t.likely,
    }


def _verdicts(pair: tuple[Verdict, Verdict]) -> list[str]:
    return [pair[0].name, pair[1].name]


def decision_dict(r: Reading) -> list[dict[str, Any]]:
    """The ordered steps of the decision: rule, key, places, and the present and eventual answers before → after."""
    d = r.decision
    if d is None:
        return []
    return [{"rule": s.finding.rule, "key": s.finding.key, "places": [_place_dict(p) for p in s.finding.places],
             "params": dict(s.finding.params), "now": _verdicts(s.now), "verdict": _verdicts(s.eventual),
             "decided": s.decided, "in_chain": s in d.chain} for s in d.steps]


def usable_dict(r: Reading) -> dict[str, Any] | None:
    d = r.decision
    if d is None:
        return None
    u = d.usability
    waiting = next((timing_dict(t) for t in r.timing if t.branch in u.at), None) if u.at else None
    return {"state": u.usable.value, "rule": u.rule, "key": u.key, "timing": waiting}


def reading_dict(r: Reading) -> dict[str, Any]:
    """The machine form of a reading, added to the chart object as ``reading``."""
    q = r.question
    ug = r.use_god
    target = r.rule.target
    return {
        "question": {
            "topic": q.topic.value,
            "subject": None if q.subject is None else q.subject.value,
            "sex": None if q.sex is None else q.sex.value,
            "subject_sex": None if q.subject_sex is None else q.subject_sex.value,
            "thing": None if q.thing is None else q.thing.value,
            "use_god": None if q.use_god is None else q.use_god.value,
            "horizon": None if q.horizon is None else q.horizon.value,
            "illness": None if q.illness is None else q.illness.value,
            "weather": None if q.weather is None else q.weather.value,
            "birth": None if q.birth is None else q.birth.value,
            "office": None if q.office is None else q.office.value,
            "exam": None if q.exam is None else q.exam.value,
            "aspect": None if q.aspect is None else q.aspect.value,
            "study": None if q.study is None else q.study.value,
            "life": None if q.life is None else q.life.value,
            "club": None if q.club is None else q.club.value,
        },
        "use_god": {
            "target": target.value,
            "relation": ug.actor.relation.value,
            "where": ug.place.layer.value,
            "position": ug.place.position,
            "branch": ug.actor.branch.name,
            "candidates": [_place_dict(p) for p in ug.candidates],
            "comes_out": ug.comes_out,
            "rule": None if r.rule.source is None else r.rule.source.rule,
        },
        "secondary": [
            {"target": s.target.name, "meaning": s.meaning.value, "rule": s.source.rule}
            for s in r.rule.secondary
        ],
        "roles": {
            "元神": [p.position for p in r.roles.yuan],
            "忌神": [p.position for p in r.roles.ji],
            "仇神": [p.position for p in r.roles.chou],
        },
        "strength": {"support": r.assessment.support, "damage": r.assessment.damage,
                     "rooted": r.assessment.rooted, "usable": r.assessment.usable},
        "balance": r.balance,
        "verdict": r.verdict.name,
        "verdict_now": r.verdict_now.name,
        "co_use_god": None if r.co_use_god is None else {
            "where": r.co_use_god.place.layer.value, "position": r.co_use_god.place.position,
            "relation": r.co_use_god.relation.value,
            "branch": actor_at(r.chart, r.co_use_god.place).branch.name, "rule": r.co_use_god.rule},
        "usable": usable_dict(r),
        "decision": decision_dict(r),
        "findings": [finding_dict(f) for f in r.findings],
        "timing": [timing_dict(t) for t in r.timing],
        "topic": [finding_dict(f) for f in r.topic],
    }


def reading_record(r: Reading) -> dict[str, Any]:
    """What a stored reading keeps: enough to list and search it without recomputing, small enough for
    millions of rows (the full chart and findings are recomputed from the cast, moment and question).
    Findings are [rule, key, effect, weight]; the JSON of ``reading_dict`` is the full form."""
    full = reading_dict(r)
    return {
        "moment": moment_dict(r.chart.moment),
        "hexagram": {"name": r.chart.hexagram.name},
        "changed": None if r.chart.changed is None else {"name": r.chart.changed.name},
        "reading": {
            "question": full["question"],
            "use_god": {k: full["use_god"][k] for k in ("relation", "where", "position", "branch")},
            "roles": full["roles"],
            "verdict": full["verdict"],
            "verdict_now": full["verdict_now"],
            "balance": full["balance"],
            "findings": [[f.rule, f.key, f.effect.value, f.weight] for f in r.findings if f.weight],
            "timing": [{k: t[k] for k in ("unit", "branch", "stem", "rule", "dates")} for t in full["timing"][:8]],
        },
    }
