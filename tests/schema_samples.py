"""Random requests of every shape ``liuyao read/chart/natal --jsonl`` takes, for the schemas (tools/schemas.py writes
them from these; tests/test_schemas.py checks fresh outputs against them)."""

from __future__ import annotations

import random
from datetime import UTC, datetime, timedelta
from typing import Any

from core.chart.ganzhi import Branch, StemBranch
from core.question import (
    FollowUp,
    Horizon,
    Illness,
    Question,
    QuestionError,
    Sex,
    Subject,
    Thing,
    Topic,
    Weather,
    resolve,
)

ZONES = ("Asia/Seoul", "Asia/Tokyo", "Asia/Shanghai", "Asia/Taipei", "America/New_York", "Europe/London")


def _moment(rng: random.Random) -> dict[str, Any]:
    if rng.random() < 0.2:  # a book's case: pillars, sometimes the year
        out: dict[str, Any] = {"month": rng.choice(list(Branch)).name,
                               "day": str(StemBranch.from_index(rng.randrange(60)))}
        if rng.random() < 0.5:
            out["year"] = str(StemBranch.from_index(rng.randrange(60)))
        return out
    at = datetime(1950, 1, 1) + timedelta(minutes=rng.randrange(140 * 525_960))
    return {"at": at.strftime("%Y-%m-%d %H:%M"), "tz": rng.choice(ZONES), "day_boundary": rng.choice((23, 0))}


def _lines(rng: random.Random) -> str:
    return "".join(rng.choice("6789") for _ in range(6))


def chart_requests(n: int, seed: int) -> list[dict[str, Any]]:
    rng = random.Random(seed)
    return [{"lines": _lines(rng), **_moment(rng)} for _ in range(n)]


def _question(rng: random.Random) -> dict[str, Any]:
    """A question with the answers its use-god needs (drawn at random), and the optional ones now and then."""
    topic = rng.choice(list(Topic))
    q: dict[str, Any] = {"topic": topic.value}
    for _ in range(4):
        try:
            resolve(Question.parse_ids(**q))
            break
        except QuestionError as exc:
            for follow in exc.missing:
                if follow is FollowUp.subject:
                    q["subject"] = rng.choice(list(Subject)).value
                elif follow is FollowUp.sex:
                    q["sex"] = rng.choice(list(Sex)).value
                elif follow is FollowUp.subject_sex:
                    q["subject_sex"] = rng.choice(list(Sex)).value
                elif follow is FollowUp.thing:
                    q["thing"] = rng.choice(list(Thing)).value
            if not exc.missing:
                q["subject"] = Subject.self.value
    if rng.random() < 0.4:
        q["horizon"] = rng.choice(list(Horizon)).value
    if topic is Topic.illness and rng.random() < 0.5:
        q["illness"] = rng.choice(list(Illness)).value
    if topic is Topic.weather and rng.random() < 0.5:
        q["weather"] = rng.choice(list(Weather)).value
    return q


def read_requests(n: int, seed: int) -> list[dict[str, Any]]:
    rng = random.Random(seed)
    out: list[dict[str, Any]] = []
    while len(out) < n:
        req = {"lines": _lines(rng), **_moment(rng), **_question(rng)}
        try:
            resolve(Question.parse_ids(req["topic"], req.get("subject"), req.get("sex"), subject_sex=req.get(
                "subject_sex"), thing=req.get("thing"), horizon=req.get("horizon")))
        except QuestionError:
            continue
        out.append(req)
    return out


def natal_requests(n: int, seed: int) -> list[dict[str, Any]]:
    rng = random.Random(seed)
    out: list[dict[str, Any]] = []
    for _ in range(n):
        born = datetime(1920, 1, 1) + timedelta(minutes=rng.randrange(100 * 525_960))
        sex = rng.choice(("male", "female", None))
        roll = rng.random()
        if roll < 0.7:
            req: dict[str, Any] = {"at": born.strftime("%Y-%m-%d %H:%M"), "tz": rng.choice(ZONES)}
        elif roll < 0.85:
            req = {"date": born.date().isoformat(), "tz": rng.choice(ZONES)}
        else:
            req = {"year": str(StemBranch.from_index(rng.randrange(60))),
                   "month": str(StemBranch.from_index(rng.randrange(60)))}
        if sex is not None:
            req["sex"] = sex
        out.append(req)
    return out


def _now() -> datetime:
    return datetime(2026, 12, 5, 9, 0, tzinfo=UTC)


def outputs(kind: str, n: int, seed: int) -> list[dict[str, Any]]:
    """What ``liuyao read/chart/natal --json`` prints for ``n`` random requests of ``kind`` (a birth on the day a 節
    falls, whose hour decides the month, is refused by the CLI and left out here)."""
    from bot.cli import (
        chart_from_request,
        natal_chart_from_request,
        natal_output,
        reading_from_request,
        reading_output,
    )
    from core.chart.calendar import CalendarError
    from core.export import chart_dict
    from core.natal import read_natal

    if kind == "read":
        return [reading_output(*reading_from_request(r, _now)) for r in read_requests(n, seed)]
    if kind == "chart":
        return [chart_dict(chart_from_request(r, _now)) for r in chart_requests(n, seed)]
    if kind == "outcomes":
        return outcomes_documents(n, seed)
    out = []
    for r in natal_requests(n, seed):
        try:
            out.append(natal_output(read_natal(natal_chart_from_request(r)), None, True))
        except CalendarError:
            continue
    return out


def outcomes_documents(n: int, seed: int) -> list[dict[str, Any]]:
    """What ``liuyao outcomes --json`` prints, for ``n`` databases of one to four readings with random outcomes
    (the stored record of each reading as the bot stores it, ``core.export.reading_record``)."""
    from bot.cli import reading_from_request
    from bot.ops.outcomes import outcome_record
    from bot.storage import StoredOutcome
    from core.export import reading_record

    rng = random.Random(seed)
    requests = iter(read_requests(4 * n, seed))
    docs = []
    for _ in range(n):
        records = []
        for _ in range(rng.randint(1, 4)):
            req = next(requests)
            chart, reading = reading_from_request(req, _now)
            happened = rng.random() < 0.6
            on = None
            if happened and rng.random() < 0.9 and chart.moment.local is not None:
                on = chart.moment.local.date() + timedelta(days=rng.randrange(400))
            stored = StoredOutcome(
                lines=req["lines"], moment_utc=chart.moment.utc, moment_tz=chart.moment.tz,
                day_boundary=req.get("day_boundary") if chart.moment.utc is not None else None,
                pillars=None if chart.moment.utc is not None else {k: req[k] for k in ("month", "day", "year") if k in req},
                topic=req["topic"], subject=req.get("subject"), sex=req.get("sex"), use_god=None,
                reading=reading_record(reading), outcome="happened" if happened else "did_not", outcome_date=on)
            records.append(outcome_record(stored))
        docs.append({"outcomes": records})
    return docs
