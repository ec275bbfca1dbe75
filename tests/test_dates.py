"""Dates and times as each language writes them (bot.dates), and everywhere a date is shown: the timing of a
reading, the almanac's heading, the chart (text and picture caption), the natal chart's birth line."""

from __future__ import annotations

import re
from datetime import date, datetime, time
from zoneinfo import ZoneInfo

import pytest

from bot.almanac import render_almanac
from bot.chart_text import render_chart
from bot.dates import clock_text, day_text, moment_text
from bot.i18n import LANGS, _, use
from bot.render import render_reading
from core.calendar import Moment
from core.cast import parse_cast
from core.chart import build_chart
from core.question import Question, Sex, Subject, Topic
from core.reading import read

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
