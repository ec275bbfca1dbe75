"""The moments of a reading as the user reads them: one entry per branch (every rule that gives it listed under
Sources, not repeated as a second entry with the same dates), the most likely first and named so, the others in date
order, each saying what happens then and naming its line, and no rule ids in the text."""

from __future__ import annotations

import re
from datetime import UTC, datetime, timedelta

from bot.render.i18n import _, use
from bot.render.reading import EVENTS, render_reading, timing_text
from core.chart.calendar import Moment
from core.chart.cast import parse_cast
from core.chart.chart import build_chart
from core.question import Horizon, Question, Sex, Subject, Topic, Weather
from core.reading.pipeline import read

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


def test_one_entry_per_moment_most_likely_first_with_what_happens_and_no_date_twice() -> None:
    """Each branch one moment; the most likely named first, then the others in date order, each with what happens
    then (the topic's turn, in words) and the line it names; no rule ids in the text."""
    readings = _readings()
    assert sum(len(r.timing) for r in readings) > 1000
    with use("en"):
        events = {_(w) for w in EVENTS.values()}
        for r in readings:
            keys = [t.branch for t in r.timing]
            assert len(keys) == len(set(keys))
            for unit in {u for t in r.timing for u in t.all_units}:
                dates = [d for t in r.timing for u, ds in zip(t.all_units, t.unit_dates, strict=True) if u is unit
                         for d in ds]
                assert len(dates) == len(set(dates)), (unit, dates)
            shown = render_reading(r).split(_("When:"))[1].split("\n\n")[0]
            rows = [row for row in shown.splitlines() if row]
            assert rows[0] == _("Most likely: {moment}").format(moment=timing_text(r, r.timing[0]))
            rest = [row for row in rows if row.startswith("・")]
            assert rest == [f"・{timing_text(r, t)}" for t in r.timing[1:5]]
            assert (_("Then, by date:") in rows) is bool(rest)
            assert all(sum(f" — {e}: " in row for e in events) == 1 for row in [rows[0], *rest])
            assert all(t.favourable is not None or r.verdict.side == 0 for t in r.timing)
            assert not re.search(r"\b[A-Z]{1,3}\d?-\d+", shown)


def test_hours_are_the_shichen_with_their_clock_span_and_date() -> None:
    """占日應時: a matter of today is timed in 時辰, each with its clock span and its date (午時 11:00–13:00)."""
    chart = build_chart(parse_cast("987688"), Moment.at(START, "Asia/Seoul"))
    r = read(chart, Question(Topic.weather, horizon=Horizon.today, weather=Weather.rain))
    with use("ko"):
        text = render_reading(r)
    for t in r.timing:
        start = (2 * t.branch - 1) % 24
        assert f"{t.branch.name}時({start:02d}:00~{(start + 2) % 24:02d}:00)" in text
    with use("en"):
        assert "Timed as a matter of today, in hours (時辰)." in render_reading(r)


def test_the_scale_of_the_timing_is_said_as_asked() -> None:
    """A horizon the querent gave is said plainly; a near matter's default says months follow (YQ-16 占近應遠)."""
    chart = build_chart(parse_cast("987688"), Moment.at(START, "Asia/Seoul"))
    with use("en"):
        asked = render_reading(read(chart, Question(Topic.wealth, Subject.self, horizon=Horizon.near)))
        unasked = render_reading(read(chart, Question(Topic.wealth, Subject.self)))
        far = render_reading(read(chart, Question(Topic.career, Subject.self)))
    assert "Timed as a near matter, in days." in asked.splitlines()
    assert "nobody said how far off it is, so months follow." in unasked
    assert "Timed as a far matter, in months and years, as such matters are." in far.splitlines()
    assert "nobody said" not in asked and "nobody said" not in far


def test_every_moment_names_its_line() -> None:
    """Each moment's reason names the line it rests on ({line}, or the other line {other}) — save the great periods
    of 身命 (大限), which are stretches of a life rather than a line's moment."""
    from bot.render.texts import TIMINGS

    unnamed = {k for k, v in TIMINGS.items() if "{line}" not in v and "{other}" not in v}
    assert unnamed == {"xl_period_blessed", "xl_period_evil", "xl_period_start"}
    for r in _readings()[::7]:
        for t in r.timing:
            assert t.places and t.key in TIMINGS
