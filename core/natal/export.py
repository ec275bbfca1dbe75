"""A natal reading as a plain JSON-ready dict: the machine output of ``liuyao natal --json`` and the stored record.

Pure and keyed like ``core.export``: keys are added, never renamed.  Terms are the canonical characters (pillars,
納音 names, relation words); themes, valences and life periods are the ids of ``core.natal.verse``.
"""

from __future__ import annotations

from typing import Any

from core.natal import tables
from core.natal.chart import ALL, NatalChart, Pillar, Role
from core.natal.evidence import Fact, Term
from core.natal.reading import NatalReading
from core.natal.verse import Hit, Note, VerseResult

ROLE_KEYS: dict[Role, str] = {Role.年: "year", Role.月: "month", Role.日: "day", Role.時: "hour", Role.胎: "conception"}


def _pillar(p: Pillar | None) -> str | None:
    return None if p is None else str(p)


def _nayin(p: Pillar | None) -> dict[str, str] | None:
    pair = None if p is None else p.pair
    if pair is None:
        return None
    return {"element": tables.nayin(pair).name, "name": tables.nayin_name(pair)}


def term_dict(t: Term) -> dict[str, Any]:
    return {"text": t.text, "role": None if t.role is None else t.role.name,
            "layer": None if t.layer is None else t.layer.value}


def fact_dict(f: Fact) -> dict[str, Any]:
    """One fact: the readable string and its parts (subject, relation, object, count)."""
    return {"text": str(f), "subject": term_dict(f.subject), "relation": f.relation,
            "object": None if f.object is None else term_dict(f.object), "count": f.count}


def _note_dict(n: Note) -> dict[str, Any]:
    return {"rule": n.rule, "effect": n.effect.value, "facts": [fact_dict(f) for f in n.facts]}


def hit_dict(h: Hit) -> dict[str, Any]:
    return {"roles": [r.name for r in h.roles], "facts": [fact_dict(f) for f in h.facts], "variant": h.variant,
            "valence": None if h.valence is None else h.valence.value, "annulled": h.annulled,
            "life_period": [p.name for p in h.periods], "notes": [_note_dict(n) for n in h.notes]}


def life_periods(result: VerseResult) -> list[str]:
    """The life periods of a verse's standing hits, earliest first (empty: the year alone, the whole life)."""
    seen = sorted({p for h in result.standing for p in h.periods})
    return [p.name for p in seen]


def verse_dict(result: VerseResult) -> dict[str, Any]:
    v = result.verse
    return {
        "id": v.id, "fires": result.fires, "tag": v.tag.value, "theme": v.theme.value, "valence": v.valence.value,
        "verse": v.verse, "line": v.line, "grim": v.grim, "household": v.household, "same_as": v.same_as,
        "trait": v.trait is not None,
        "life_period": life_periods(result),
        "evidence": [[str(f) for f in h.facts] for h in result.standing],
        "variants": [h.variant for h in result.standing if h.variant is not None],
        "unchecked": [r.name for r in result.unchecked],
        "hits": [hit_dict(h) for h in result.hits],
    }


def not_evaluated(reading: NatalReading) -> list[dict[str, Any]]:
    """Every verse not evaluated and why: the inputs it lacks, or its tag (J, T, M: never evaluated)."""
    out: list[dict[str, Any]] = [
        {"id": r.verse.id, "reason": "missing", "missing": [n.name for n in r.missing]} for r in reading.not_evaluated
    ]
    out += [{"id": u.id, "reason": u.tag.value, "missing": []} for u in reading.listed]
    return sorted(out, key=lambda d: int(d["id"][1:]))


def _birth(chart: NatalChart) -> dict[str, Any] | None:
    m = chart.birth
    if m is None:
        return None
    return {"utc": None if m.utc is None else m.utc.isoformat(), "tz": m.tz,
            "local": None if m.local is None else m.local.isoformat(), "day_boundary": int(m.day_boundary),
            "hour_known": chart.hour is not None}


def chart_record(chart: NatalChart) -> dict[str, Any]:
    """The chart's part of the record: pillars, 納音, 命宮, 宅, 墓, 空亡 and how it was given."""
    void = chart.year_void
    palaces = chart.palaces()
    return {
        "pillars": {ROLE_KEYS[r]: _pillar(chart[r]) for r in ALL},
        "nayin": {ROLE_KEYS[r]: _nayin(chart[r]) for r in ALL},
        "life_palace": None if chart.life_palace is None else str(chart.life_palace),
        "palaces": None if palaces is None else [[n, str(p)] for n, p in palaces],
        "house": None if chart.house is None else str(chart.house),
        "grave": None if chart.grave is None else str(chart.grave),
        "void": None if void is None else [b.name for b in void],
        "calendrical": chart.calendrical,
        "conception_given": chart.conception_given,
        "sex": None if chart.sex is None else chart.sex.value,
        "birth": _birth(chart),
    }


def natal_record(reading: NatalReading) -> dict[str, Any]:
    """The whole reading for programs: the chart, the verses that fire (text order, duplicates once), the verses
    that describe the chart as a trait (``traits``: a verse whose text fits nearly every chart is listed there, never
    under ``fired``), every
    evaluated verse with its evidence, and what was not evaluated and why."""
    return chart_record(reading.chart) | {
        "fired": [r.verse.id for r in reading.fired],
        "traits": [r.verse.id for r in reading.traits],
        "verses": [verse_dict(r) for r in reading.evaluated],
        "not_evaluated": not_evaluated(reading),
    }
