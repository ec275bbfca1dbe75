"""The moments of a reading as the user reads them: one entry per unit and branch (every rule that gives it listed
under Sources, not repeated as a second entry with the same dates), each saying whether it is a good or a bad
moment, and no rule ids in the text."""

from __future__ import annotations

import re
from datetime import UTC, datetime, timedelta

from bot.i18n import _, use
from bot.render import render_reading, timing_text
from core.calendar import Moment
from core.cast import parse_cast
from core.chart import build_chart
from core.question import Horizon, Question, Sex, Subject, Topic
from core.reading import read

START = datetime(2026, 1, 1, tzinfo=UTC)


def _readings() -> list:
    out = []
    for n in range(0, 4096, 29):
        lines = "".join("6789"[(n >> (2 * i)) & 3] for i in range(6))
        at = Moment.at(START + timedelta(hours=37 * n), "Asia/Seoul")
        for horizon in Horizon:
            out.append(read(build_chart(parse_cast(lines), at), Question(Topic.wealth, Subject.self, Sex.male,
                                                                          horizon=horizon)))
    return out


def test_one_entry_per_moment_with_its_sense_and_no_date_twice() -> None:
    readings = _readings()
    assert sum(len(r.timing) for r in readings) > 1000
    with use("en"):
        senses = (_("a good moment"), _("a bad moment"), _("the moment it turns"))
        for r in readings:
            keys = [(t.unit, t.branch) for t in r.timing]
            assert len(keys) == len(set(keys))
            for unit in {t.unit for t in r.timing}:
                dates = [d for t in r.timing if t.unit is unit for d in t.dates]
                assert len(dates) == len(set(dates)), (unit, dates)
            shown = render_reading(r).split(_("When:"))[1].split("\n\n")[0]
            rows = [row for row in shown.splitlines() if row.startswith("・")]
            assert rows == [f"・{timing_text(r, t)}" for t in r.timing[:5]]
            assert all(sum(s in row for s in senses) == 1 for row in rows)
            assert all(t.favourable is not None or r.verdict.side == 0 for t in r.timing)
            assert not re.search(r"\b[A-Z]{1,3}\d?-\d+", shown)


def test_the_scale_of_the_timing_is_said_as_asked() -> None:
    """A horizon the querent gave is said plainly; the topic's default says the other scale follows (YQ-16)."""
    chart = build_chart(parse_cast("987688"), Moment.at(START, "Asia/Seoul"))
    with use("en"):
        asked = render_reading(read(chart, Question(Topic.wealth, Subject.self, horizon=Horizon.near)))
        unasked = render_reading(read(chart, Question(Topic.wealth, Subject.self)))
        far = render_reading(read(chart, Question(Topic.career, Subject.self)))
    assert "Timed as a near matter, in days and hours." in asked.splitlines()
    assert "nobody said how far off it is, so months follow." in unasked
    assert "nobody said how far off it is, so days follow." in far
    assert "nobody said" not in asked
