"""bot.render.almanac: a day's 神煞 as text — the local date, the pillars, 旬空, the stars of the day with their meanings,
what the day is good and bad for — in every language, and ``liuyao almanac``."""

from __future__ import annotations

from datetime import UTC, date, datetime, timedelta

import pytest
from babel.messages.pofile import read_po

from bot.cli import main
from bot.render.almanac import (
    MATTER_TEXT,
    NATURE_MARK,
    STAR_MEANING,
    day_moment,
    day_stars,
    local_today,
    render_almanac,
    star_name,
)
from bot.render.dates import parse_hhmm
from bot.render.i18n import LANGS, _, catalog_path, term, use
from core.chart.calendar import day_pillar_of_date
from core.stars import STARS, Keyed, Matter
from tests.test_dates import WRITTEN

DAY = date(2026, 12, 1)


def test_every_star_and_matter_has_a_one_line_meaning() -> None:
    assert set(STAR_MEANING) == {s.id for s in STARS}
    assert set(MATTER_TEXT) == set(Matter)
    for text in [*STAR_MEANING.values(), *MATTER_TEXT.values()]:
        assert text and "\n" not in text and len(text) < 80


def test_meanings_are_in_every_catalog() -> None:
    """The N_ messages were extracted (tools/i18n.py) into every language's catalog."""
    for lang in LANGS:
        with catalog_path(lang).open("rb") as fh:
            catalog = read_po(fh, locale=lang)
        for msgid in [*STAR_MEANING.values(), *MATTER_TEXT.values(), "Almanac for {date}", "Lucky stars on the day:",
                      "Evil stars on the day:"]:
            assert catalog.get(msgid) is not None, (lang, msgid)


def test_day_is_the_civil_date_in_the_zone_without_hour_stars() -> None:
    for tz in ("Asia/Seoul", "America/Los_Angeles", "Pacific/Kiritimati", "UTC"):
        moment = day_moment(DAY, tz)
        assert moment.day == day_pillar_of_date(DAY) and moment.hour is None
        assert moment.local is not None and moment.local.date() == DAY and moment.tz == tz
    stars = day_stars(DAY, "Asia/Seoul")
    assert stars.moment.year is not None  # year stars count
    assert not any(d.star.key is Keyed.HOUR for d in stars.stars)
    # an instant is a different local date in different zones
    instant = datetime(2026, 12, 1, 20, 0, tzinfo=UTC)
    assert local_today(instant, "Asia/Seoul") == date(2026, 12, 2)
    assert local_today(instant, "America/New_York") == DAY


@pytest.mark.parametrize("lang", LANGS)
def test_render_in_each_language(lang: str) -> None:
    stars = day_stars(DAY, "Asia/Seoul")
    m = stars.moment
    with use(lang):
        text = render_almanac(DAY, "Asia/Seoul")
        assert text.splitlines()[0] == _("Almanac for {date}").format(date=WRITTEN[lang])
        assert f"{m.year}年 {m.month}月 {m.day}日　{term('旬空')} {''.join(b.name for b in m.void)}" in text
        assert stars.notable, "a day with no star on it would make a poor test"
        for found in stars.notable:
            assert f"{NATURE_MARK[found.star.nature]} {star_name(found.star.name)} — {_(STAR_MEANING[found.star.id])}" \
                in text
        for matter in stars.favours:
            assert _(MATTER_TEXT[matter]) in text
        for matter in stars.avoid:
            assert _(MATTER_TEXT[matter]) in text
    assert len(text) < 4096


def test_known_day_in_korean_and_english() -> None:
    with use("ko"):
        ko = render_almanac(DAY, "Asia/Seoul")
    assert "2026년 12월 1일 (화)" in ko
    assert "丙午年 己亥月 己酉日" in ko and "순공 寅卯" in ko
    assert "문창" in ko  # 文昌 falls on 酉 for a 己 day, as its term in Korean
    with use("en"):
        en = render_almanac(DAY, "Asia/Seoul")
    assert en.startswith("Almanac for Tue, Dec 1, 2026")
    assert "study, examinations and office" in en  # 文昌's meaning
    assert "Favourable for: office and promotion, study and examinations" in en


def test_a_matter_both_helped_and_harmed_is_listed_as_mixed() -> None:
    stars = day_stars(DAY, "Asia/Seoul")
    both = set(stars.favours) & set(stars.avoid)
    assert Matter.GENERAL in both
    with use("en"):
        text = render_almanac(DAY, "Asia/Seoul")
    favourable = next(line for line in text.splitlines() if line.startswith("Favourable for:"))
    assert "general affairs" not in favourable
    assert "Mixed for: general affairs" in text


def test_cli_almanac(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["almanac", "--date", "2026-12-01", "--lang", "ko", "--tz", "Asia/Seoul"]) == 0
    out = capsys.readouterr().out
    assert "2026년 12월 1일 (화)" in out and "己酉日" in out
    assert main(["almanac", "--date", "2026-12-01", "--lang", "ja", "--tz", "America/New_York"]) == 0
    assert "2026年12月1日(火)" in capsys.readouterr().out
    assert main(["almanac", "--tz", "UTC"]) == 0  # today
    assert day_pillar_of_date(datetime.now(UTC).date()).__str__() + "日" in capsys.readouterr().out


@pytest.mark.parametrize("args", [
    ["--date", "2026-13-01", "--tz", "Asia/Seoul"],
    ["--date", "2026-12-01", "--tz", "Mars/Olympus"],
    ["--date", "1500-01-01", "--tz", "UTC"],
])
def test_cli_almanac_bad_input(args: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["almanac", *args]) == 2
    assert capsys.readouterr().err.startswith("liuyao:")


@pytest.mark.parametrize("text, expected", [
    ("7", "07:00"), ("07", "07:00"), ("7:30", "07:30"), ("07:30", "07:30"), ("0730", "07:30"), ("7.30", "07:30"),
    ("23:59", "23:59"), ("00:00", "00:00"), (" 6:05 ", "06:05"),
    ("24:00", None), ("7:60", None), ("seven", None), ("7:3", None), ("", None), ("-1", None),
])
def test_parse_hhmm(text: str, expected: str | None) -> None:
    assert parse_hhmm(text) == expected


def _star_lines(text: str) -> list[str]:
    return [line for line in text.splitlines() if line[:1] in NATURE_MARK.values()]


@pytest.mark.parametrize("lang", ["zh_Hant", "en"])
def test_a_day_never_lists_a_star_name_twice(lang: str) -> None:
    """Issue 22: 天賊 was listed twice on a day both stars of that name fall on — the month's 天賊 of 滿破開 and the
    last of the 五符, which the text names apart: 故終天賊，又名陀羅星，弗誤於滿破開之天賊也.  The 五符 one goes by
    陀羅星; 天狗 喪門 弔客 of the month and of the year say which they are.  A sweep of 720 days (every day pillar in
    every month)."""
    seen_both = 0
    with use(lang):
        for n in range(720):
            day = date(2026, 1, 1) + timedelta(days=n)
            names = [line.split(" — ")[0] for line in _star_lines(render_almanac(day, "Asia/Seoul"))]
            assert len(names) == len(set(names)), (day, names)
            ids = {d.star.id for d in day_stars(day, "Asia/Seoul").notable}
            seen_both += {"tian_zei", "tuo_luo_xing"} <= ids
    assert seen_both  # the sweep holds days on which both fall (the check can fail)


def test_both_thieves_on_one_day() -> None:
    """2027-11-30: both 天賊 stars fall on it; each is shown under its own name."""
    day = date(2027, 11, 30)
    ids = {d.star.id for d in day_stars(day, "Asia/Seoul").notable}
    assert {"tian_zei", "tuo_luo_xing"} <= ids
    with use("zh_Hant"):
        lines = _star_lines(render_almanac(day, "Asia/Seoul"))
    assert [x for x in lines if x.startswith("－ 天賊 ")] == ["－ 天賊 — " + _with("zh_Hant", "theft")]
    assert any(x.startswith("－ 陀羅星 ") for x in lines)


def test_shared_names_say_their_frame() -> None:
    """天狗 of the month and of the year on one day (2027-12-28): two lines, each saying which it is."""
    day = date(2027, 12, 28)
    ids = {d.star.id for d in day_stars(day, "Asia/Seoul").notable}
    assert {"tian_gou_month", "tian_gou_year"} <= ids
    with use("ko"):
        lines = _star_lines(render_almanac(day, "Asia/Seoul"))
        dog = star_name("天狗")
    dogs = [x.split(" — ")[0] for x in lines if dog in x]
    assert sorted(dogs) == [f"＋ {dog}(월)", f"－ {dog}(연)"], dogs  # the month's dog chases the thief (good)


def _with(lang: str, msgid: str) -> str:
    with use(lang):
        return _(msgid)
