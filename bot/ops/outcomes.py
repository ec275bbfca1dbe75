"""How readings turned out: a user's tally on /history (its words: ``bot.render.askback.tally_text``), and
``liuyao outcomes`` for the operator.

Every figure is computed from what is stored on the readings (``outcome``, ``outcome_date``), whichever button
recorded it ("What happened?" or an ask of ``bot.handlers.askback``), against the reading's own record of its moments
(``core.export.reading_record``: the most likely moment first, with its dates).

- **The moment**: an outcome 'happened' on a date within the most likely moment's first occurrence came *at the
  moment named* — a day or an hour: that date; a month or a year: from the 節 that opens it to the day before the
  next one opens.  Before it, *earlier*; after it, *later*; 'did_not', *not*.  A reading without a dated moment
  (cast from pillars) or an outcome without a date is *undated*: counted among the outcomes, in none of the four.
- **The verdict held** when a favourable verdict (吉, 小吉) met 'happened' or an unfavourable one (凶, 小凶) met
  'did_not'; 平 is no verdict either way and is not judged.

``liuyao outcomes --json`` prints, for the readings whose users have asking back on — the offer they said yes to
says their answers may be counted without their name or id, and turning it off withdraws them — each reading's
request as ``liuyao read`` takes it (lines, the moment, the question's keys; never the question's own words), the
outcome, its date, the moment's class and whether the verdict held.  No user id is read (``Storage.
shared_outcomes`` gives none).
"""

from __future__ import annotations

import asyncio
import json
import sys
from collections.abc import Iterable
from dataclasses import dataclass, fields
from datetime import UTC, date, datetime, timedelta
from typing import Any, Final
from zoneinfo import ZoneInfo

from bot.storage import StoredOutcome, database_url_from_env, open_storage
from core.chart.calendar import CalendarError, month_starts, year_starts
from core.chart.ganzhi import Branch
from core.question import Question
from core.reading.verdict import Verdict

AT, EARLIER, LATER, NOT, UNDATED = "at", "earlier", "later", "not", "undated"
# every answer a question can carry, as `liuyao read` takes them: the Question's own fields, so a follow-up added to
# core is exported without a second list to keep in step
QUESTION_KEYS: Final = tuple(f.name for f in fields(Question))


def _likely(record: Any) -> dict[str, Any] | None:
    """The most likely moment of a stored reading's record, if it has dates."""
    try:
        timing = record["reading"]["timing"]
    except (KeyError, TypeError):
        return None
    return timing[0] if timing and timing[0].get("dates") else None


def moment_span(record: Any) -> tuple[date, date] | None:
    """The first and last local dates of the most likely moment's first occurrence (None: no dated moment)."""
    t = _likely(record)
    if t is None:
        return None
    first = t["dates"][0]
    if t["unit"] == "day":
        day = date.fromisoformat(first)
        return day, day
    start = datetime.fromisoformat(first)
    if t["unit"] == "hour":
        return start.date(), start.date()
    after = Branch[t["branch"]].shift(1)
    try:
        ends = (month_starts if t["unit"] == "month" else year_starts)(start.astimezone(UTC), after)[0]
    except CalendarError:  # past the 節 table's end: no span rather than a wrong one
        return None
    return start.date(), (ends.astimezone(start.tzinfo) - timedelta(days=1)).date()


def moment_class(o: StoredOutcome) -> str:
    """Where the outcome fell against the most likely moment: at, earlier, later, not, undated."""
    if o.outcome == "did_not":
        return NOT
    span = moment_span(o.reading)
    if span is None or o.outcome_date is None:
        return UNDATED
    if o.outcome_date < span[0]:
        return EARLIER
    return AT if o.outcome_date <= span[1] else LATER


def verdict_held(o: StoredOutcome) -> bool | None:
    """Whether the verdict held (None: 平, or a record without a verdict)."""
    try:
        side = Verdict[o.reading["reading"]["verdict"]].side
    except (KeyError, TypeError):
        return None
    if side == 0:
        return None
    return (side > 0) == (o.outcome == "happened")


@dataclass(frozen=True, slots=True)
class Tally:
    recorded: int = 0
    at: int = 0
    earlier: int = 0
    later: int = 0
    not_: int = 0
    undated: int = 0
    judged: int = 0  # outcomes whose reading gave a verdict either way
    held: int = 0


def tally(outcomes: Iterable[StoredOutcome]) -> Tally:
    counts = {AT: 0, EARLIER: 0, LATER: 0, NOT: 0, UNDATED: 0}
    recorded = judged = held = 0
    for o in outcomes:
        recorded += 1
        counts[moment_class(o)] += 1
        verdict = verdict_held(o)
        if verdict is not None:
            judged += 1
            held += verdict
    return Tally(recorded, counts[AT], counts[EARLIER], counts[LATER], counts[NOT], counts[UNDATED], judged, held)


# ---- liuyao outcomes ----------------------------------------------------------------------------------------


def request_of(o: StoredOutcome) -> dict[str, Any]:
    """The reading's request as ``liuyao read`` takes it: lines, the moment, the question's keys."""
    req: dict[str, Any] = {"lines": o.lines}
    if o.moment_utc is not None and o.moment_tz:
        local = o.moment_utc.astimezone(ZoneInfo(o.moment_tz))
        req |= {"at": local.strftime("%Y-%m-%d %H:%M:%S"), "tz": o.moment_tz, "day_boundary": o.day_boundary or 23}
    elif o.pillars:
        req |= {k: o.pillars[k] for k in ("month", "day", "year") if o.pillars.get(k)}
    asked: dict[str, Any] = {}
    if isinstance(o.reading, dict):
        asked = (o.reading.get("reading") or {}).get("question") or {}
    stored = {"topic": o.topic, "subject": o.subject, "sex": o.sex, "use_god": o.use_god}
    for key in QUESTION_KEYS:
        value = stored.get(key) or asked.get(key)
        if value is not None:
            req[key] = value
    return req


def outcome_record(o: StoredOutcome) -> dict[str, Any]:
    """One line of ``liuyao outcomes --json``: the request, the outcome, and how it compares — no user id."""
    verdict = o.reading.get("reading", {}).get("verdict") if isinstance(o.reading, dict) else None
    return {"request": request_of(o), "outcome": o.outcome,
            "outcome_date": None if o.outcome_date is None else o.outcome_date.isoformat(),
            "moment": moment_class(o), "verdict": verdict, "verdict_held": verdict_held(o)}


async def shared_records(url: str) -> list[dict[str, Any]]:
    """The records of every reading whose user agreed, from the database at ``url``."""
    async with await open_storage(url) as storage:
        return [outcome_record(o) async for o in storage.shared_outcomes()]


def run_outcomes_cli(*, as_json: bool, database: str | None = None) -> int:
    """``liuyao outcomes [--json]``: DATABASE_URL / DATABASE_PATH as for the bot."""
    url = database or database_url_from_env()
    try:
        records = asyncio.run(shared_records(url))
    except Exception as exc:  # noqa: BLE001 - a database that cannot be opened: one line, no traceback
        print(f"liuyao outcomes: {exc}", file=sys.stderr)
        return 1
    if as_json:
        print(json.dumps({"outcomes": records}, ensure_ascii=False, indent=2))
        return 0
    classes = {c: sum(r["moment"] == c for r in records) for c in (AT, EARLIER, LATER, NOT, UNDATED)}
    judged = [r["verdict_held"] for r in records if r["verdict_held"] is not None]
    print(f"liuyao outcomes: {len(records)} readings whose users agreed; moments {classes}; "
          f"verdicts held {sum(judged)} of {len(judged)}")
    return 0
