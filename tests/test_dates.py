"""Dates and times as each language writes them (bot.render.dates), and everywhere a date is shown: the timing of a
reading, the almanac's heading, the chart (text and picture caption), the natal chart's birth line."""

from __future__ import annotations

import re
from datetime import date, datetime, time
from zoneinfo import ZoneInfo

import pytest

from bot.render.almanac import render_almanac
from bot.render.chart_text import render_chart
from bot.render.dates import DATE_FORMS, clock_text, day_text, moment_text, parse_date, parse_date_time
from bot.render.i18n import LANGS, _, use
from bot.render.reading import render_reading
from core.chart.calendar import Moment
from core.chart.cast import parse_cast
from core.chart.chart import build_chart
from core.question import Question, Sex, Subject, Topic
from core.reading.pipeline import read

DAY = date(2026, 12, 1)  # a Tuesday
WRITTEN = {  # written out by hand, as each language's readers write it
    "en": "Tue, Dec 1, 2026",
    "ko": "2026년 12월 1일 (화)",
    "ja": "2026年12月1日(火)",
    "zh_Hans": "2026年12月1日 星期二",
    "zh_Hant": "2026年12月1日 週二",
}
EVENING = {"en": "7:05 PM", "ko": "19:05", "ja": "19:05", "zh_Hans": "19:05", "zh_Hant": "19:05"}
AT = {"en": "Tue, Dec 1, 2026, 7:05 PM", "ko": "2026년 12월 1일 (화) 19:05", "ja": "2026年12月1日(火) 19:05",
      "zh_Hans": "2026年12月1日 星期二 19:05", "zh_Hant": "2026年12月1日 週二 19:05"}
# A date the way a program writes it (2026-12-01, 12/1/26, 2026. 12. 1., 2026/12/01): never shown to a user.
MACHINE = re.compile(r"\b\d{4}[-/]\d{1,2}[-/]\d{1,2}\b|\b\d{1,2}/\d{1,2}/\d{2}\b|\d{4}\. \d{1,2}\. \d{1,2}\.")


@pytest.mark.parametrize("lang", LANGS)
def test_each_language_writes_its_dates(lang: str) -> None:
    evening = datetime(2026, 12, 1, 19, 5, tzinfo=ZoneInfo("Asia/Seoul"))
    with use(lang):
        assert day_text(DAY) == WRITTEN[lang]
        assert clock_text(evening) == clock_text(time(19, 5)) == EVENING[lang]
        assert moment_text(evening) == AT[lang]
        assert day_text(date(2027, 2, 13)) == {"en": "Sat, Feb 13, 2027", "ko": "2027년 2월 13일 (토)",
                                               "ja": "2027年2月13日(土)", "zh_Hans": "2027年2月13日 星期六",
                                               "zh_Hant": "2027年2月13日 週六"}[lang]


@pytest.mark.parametrize("lang", LANGS)
def test_dates_where_they_are_shown(lang: str) -> None:
    at = datetime(2026, 12, 1, 19, 5, tzinfo=ZoneInfo("Asia/Seoul"))
    chart = build_chart(parse_cast("789968"), Moment.at(at, "Asia/Seoul"))
    r = read(chart, Question(Topic.wealth, Subject.self, Sex.male))
    with use(lang):
        assert render_almanac(DAY, "Asia/Seoul").splitlines()[0] == _("Almanac for {date}").format(date=WRITTEN[lang])
        assert AT[lang] in render_chart(chart)
        text = render_reading(r)
        def shown(d: date | datetime) -> str:
            return day_text(d.date() if isinstance(d, datetime) else d)

        # each moment's first date in every unit; the most likely one's next dates too ("if not then")
        assert r.timing and all(shown(ds[0]) in text for t in r.timing[:5] for ds in t.unit_dates)
        assert all(shown(d) in text for d in r.timing[0].dates)
        assert not MACHINE.search(text) and not MACHINE.search(render_chart(chart))


def test_the_check_can_fail() -> None:
    assert all(MACHINE.search(s) for s in ("2026-12-01", "12/1/26", "2026. 12. 1.", "2026/12/01"))
    assert not any(MACHINE.search(s) for s in WRITTEN.values())


# ---- dates as users type them (issue 22: 2026/12/04 was refused) ----------------------------------------------------

@pytest.mark.parametrize("typed", [
    "2026-12-04", "2026/12/04", "2026.12.04", "2026. 12. 4.", "2026.12.4", "2026年12月4日", "2026年12月4日(金)",
    "2026년 12월 4일", "2026년 12월 4일 (금)", "２０２６／１２／０４", "20261204", "4.12.2026", "04.12.2026", " 2026-12-4 ",
])
def test_a_date_in_the_forms_that_cannot_be_misread(typed: str) -> None:
    assert parse_date(typed) == date(2026, 12, 4)
    assert parse_date_time(typed) == (date(2026, 12, 4), None)


@pytest.mark.parametrize("typed", [
    "04/12/2026",  # 4 December in Britain, 12 April in America
    "12/04/26", "12-04-2026", "2026-02-30", "2026/13/01", "tomorrow", "", "2026", "2026-12", "1990-05-01 08:30",
])
def test_a_date_that_could_be_misread_or_is_none(typed: str) -> None:
    assert parse_date(typed) is None


@pytest.mark.parametrize("typed, hhmm", [
    ("2026/12/04 14:30", "14:30"), ("2026-12-04T07:05", "07:05"), ("2026. 12. 4. 7:05", "07:05"),
    ("2026년 12월 4일 14:30", "14:30"), ("2026.12.04 0730", "07:30"), ("4.12.2026 14:30", "14:30"),
    ("2026年12月4日 9:00", "09:00"),
])
def test_a_date_and_a_time(typed: str, hhmm: str) -> None:
    assert parse_date_time(typed) == (date(2026, 12, 4), hhmm)


@pytest.mark.parametrize("typed", ["04/12/2026 14:30", "2026/12/04 25:00", "2026/12/04 at noon", "14:30"])
def test_not_a_date_and_a_time(typed: str) -> None:
    assert parse_date_time(typed) is None


@pytest.mark.parametrize("lang", LANGS)
def test_the_errors_say_which_forms_work(lang: str) -> None:
    """Each form the error shows in each language is one the parser reads (a date of 4 December 2026)."""
    with use(lang):
        forms = _(DATE_FORMS)
        for msgid in ("I cannot read “{text}” as a date; please write it like {forms}.",
                      ("I cannot read “{text}” as a date of birth. Please write it like {forms}; the date must "
                       "exist and lie between 1900 and 2100.")):
            assert forms in _(msgid).format(text="x", forms=forms)
    shown = re.split(r",\s*|、|\s+(?:or|또는|または|或)\s+", forms)
    assert len(shown) >= 4 and all(parse_date(f) == date(2026, 12, 4) for f in shown), shown
