"""The worked cases of 增刪卜易's chapters 18–34 (tests/data/zsby_cases/*.json) as charts, questions and readings.

Each case was read off shared/texts/zsby_doctrine.txt: the lines bottom first (checked against the engine's chart),
the month and day as printed (OCR slips corrected and noted), the question as a user would put it, the line the
author reads, his verdict and the moments he names.  ``python -m tests.zsby`` prints how the engine fares.
"""

from __future__ import annotations

import json
from collections import Counter
from functools import cache
from pathlib import Path
from typing import Any

from core.calendar import Moment
from core.cast import parse_cast
from core.chart import Chart, build_chart
from core.findings import Layer, Place
from core.ganzhi import Branch, Stem
from core.question import Question, QuestionError, Sex, Subject
from core.reading import Reading, read

DATA = Path(__file__).parent / "data" / "zsby_cases"


@cache
def cases() -> tuple[dict[str, Any], ...]:
    out: list[dict[str, Any]] = []
    for f in sorted(DATA.glob("part*.json")):
        out += json.loads(f.read_text("utf-8"))
    return tuple(out)


def readable(case: dict[str, Any]) -> bool:
    """A case the engine can cast: its lines, a month and a day are printed."""
    return bool(case["lines"] and case["month"] and case["day"])


def _day(day: str) -> str:
    """A day printed as a branch only takes the first stem of its parity (the void and 六神 then are a guess)."""
    if len(day) == 2:
        return day
    b = Branch[day]
    return Stem(b % 10).name + b.name if (b % 10) % 2 == b % 2 else Stem((b + 1) % 10).name + b.name


def chart_of(case: dict[str, Any]) -> Chart:
    year = case.get("year")
    return build_chart(parse_cast(case["lines"]), Moment.from_pillars(case["month"], _day(case["day"]),
                                                                      year or None))


def question_of(case: dict[str, Any]) -> Question:
    q = dict(case["question"])
    subject = q.get("subject")
    sex = q.get("sex")
    if q["topic"] == "marriage" and subject in (None, "self") and sex is None:
        sex = "male"
    try:
        return Question.parse_ids(q["topic"], subject, sex, horizon=q.get("horizon"), illness=q.get("illness"),
                                  weather=q.get("weather"))
    except QuestionError:
        return Question.parse_ids(q["topic"], subject or Subject.self.value, sex or Sex.male.value,
                                  horizon=q.get("horizon"), illness=q.get("illness"), weather=q.get("weather"))


def place_of(spec: dict[str, Any] | None) -> Place | None:
    if not spec or spec.get("position") is None:
        return None
    return Place(Layer(spec["layer"]), spec["position"] or 0)


def reading_of(case: dict[str, Any]) -> Reading:
    return read(chart_of(case), question_of(case))


def timing_keys(r: Reading, first: int = 3) -> set[tuple[str, str]]:
    """(unit, branch) and (unit, stem+branch) of the first ``first`` timing entries."""
    out = set()
    for t in r.timing[:first]:
        for unit in t.all_units:  # a branch read in two units (a month and a year) is one entry
            out.add((unit.value, t.branch.name))
            if t.stem is not None and unit.value == "day":
                out.add((unit.value, t.stem.name + t.branch.name))
    return out


def evaluate(case: dict[str, Any]) -> dict[str, Any]:
    """What the engine says against what the author says: line, moment, verdict (None where he says nothing)."""
    r = reading_of(case)
    want = place_of(case["use_god"])
    co = place_of(case.get("co_use_god"))
    got = {r.use_god.place} | ({r.co_use_god.place} if r.co_use_god else set())
    line = None if want is None else (want in got or (co is not None and co in got))
    moments = [(m["unit"], (m.get("stem") or "") + m["branch"]) for m in case["moments"] if m.get("happened")]
    have = timing_keys(r)
    moment = None if not moments else any(m in have or (m[0], m[1][-1]) in have for m in moments)
    side = None if case["verdict"] is None else (r.verdict.side == case["verdict"], r.verdict.side == -case["verdict"])
    return {"id": case["id"], "line": line, "moment": moment, "verdict": side, "reading": r}


def report() -> Counter[str]:
    c: Counter[str] = Counter()
    for case in cases():
        if not readable(case):
            c["unreadable"] += 1
            continue
        e = evaluate(case)
        if e["line"] is not None:
            c["line cases"] += 1
            c["line right"] += e["line"]
        if e["moment"] is not None:
            c["moment cases"] += 1
            c["moment in first three"] += e["moment"]
        if e["verdict"] is not None:
            c["verdict cases"] += 1
            c["verdict same side"] += e["verdict"][0]
            c["verdict other side"] += e["verdict"][1]
    return c


if __name__ == "__main__":
    import sys

    rows = report()
    print(dict(rows))
    for a, b in (("line right", "line cases"), ("moment in first three", "moment cases"),
                 ("verdict same side", "verdict cases"), ("verdict other side", "verdict cases")):
        print(f"{a}: {rows[a]}/{rows[b]} = {rows[a] / max(1, rows[b]):.0%}")
    if "-v" in sys.argv:
        for case in cases():
            if readable(case):
                e = evaluate(case)
                r = e["reading"]
                print(case["id"], "line", e["line"], "moment", e["moment"], "verdict", e["verdict"],
                      "| want", case["use_god"] and (case["use_god"]["layer"], case["use_god"]["position"]),
                      case["verdict"], [(m["unit"], m["branch"]) for m in case["moments"] if m.get("happened")],
                      "| got", str(r.use_god.place), r.verdict.name,
                      [(t.unit.value, (t.stem.name if t.stem else "") + t.branch.name) for t in r.timing[:3]])
