"""Simplified Chinese shows no traditional form and Traditional no simplified one: every catalog string and every
rendered reading, chart and almanac, converted by OpenCC, must come back unchanged.

OpenCC maps a few characters one-to-many where the classics use the other reading; those pairs are allowed, each
with why, and nothing else is."""

from __future__ import annotations

from datetime import date

import opencc
import pytest
from babel.messages.pofile import read_po

from bot.render.almanac import render_almanac
from bot.render.chart_text import render_chart
from bot.render.glossary import render_all_terms, render_terms
from bot.render.i18n import catalog_path, term, use
from bot.render.reading import render_findings, render_reading, render_sources
from tests.test_i18n import _sample_readings

# (the character as written, what OpenCC would make of it): legitimate in the script they are written in
ALLOWED = {
    "zh_Hans": {
        ("乾", "干"),  # 乾 the trigram and 乾為天 stay 乾 in simplified text (干 is "dry")
        ("裏", "里"),  # 表/裏: the Japanese coin-face words a user may type, quoted as typed
    },
    "zh_Hant": {
        ("凶", "兇"),  # 吉凶: 凶 is the traditional form of fortune's "ill"; 兇 is "violent"
        ("占", "佔"),  # 占卜, 占問: 佔 is "occupy"
        ("咸", "鹹"),  # 澤山咸, the hexagram; 鹹 is "salty"
        ("征", "徵"),  # 征凶, 出征: to march; 徵 is "summon, sign"
        ("干", "幹"),  # 天干: the stems; 幹 is "trunk"
        ("干", "乾"),  # 水干, 年干: the stems; 乾 is "dry" (OpenCC reads 干 so in some phrases)
        ("才", "纔"),  # 才是: "only then"; 纔 is the older form, 才 the one Taiwan writes
        ("后", "後"),  # 天后, the general; 後 is "after"
        ("丑", "醜"),  # the branch 丑; 醜 is "ugly"
        ("台", "臺"),  # 台北 as Taiwan writes it every day (臺北 is the formal form)
        ("暗", "闇"),  # 暗昧: dim, obscure; 闇 is the literary variant
        ("云", "雲"),  # 經文云: "says"; 雲 is "cloud"
        ("里", "裏"),  # 萬里, 程途萬里 (天時章, 出行章): the distance li; 裏 is "inside"
    },
}
CONVERT = {"zh_Hans": opencc.OpenCC("t2s"), "zh_Hant": opencc.OpenCC("s2t")}


def _wrong(lang: str, text: str) -> list[tuple[str, str, str]]:
    converted = CONVERT[lang].convert(text)
    if converted == text:
        return []
    assert len(converted) == len(text)  # OpenCC maps character for character for these scripts
    return [(a, b, text[max(0, i - 8):i + 8]) for i, (a, b) in enumerate(zip(text, converted, strict=True))
            if a != b and (a, b) not in ALLOWED[lang]]


@pytest.mark.parametrize("lang", ["zh_Hans", "zh_Hant"])
def test_catalog_strings_in_their_script(lang: str) -> None:
    with catalog_path(lang).open("rb") as fh:
        cat = read_po(fh, locale=lang)
    wrong = []
    for msg in cat:
        strings = msg.string if isinstance(msg.string, tuple) else (msg.string,)
        for s in strings:
            wrong += _wrong(lang, s or "")
    assert not wrong, wrong[:20]


READINGS = _sample_readings()[::7]


def _instant_readings() -> list:
    """Readings cast at an instant: their chart header names the hour pillar (時)."""
    from datetime import datetime
    from zoneinfo import ZoneInfo

    from core.chart.calendar import Moment
    from core.chart.cast import parse_cast
    from core.chart.chart import build_chart
    from core.question import Question, Sex, Subject, Topic
    from core.reading.pipeline import read

    at = Moment.at(datetime(2026, 12, 1, 10, tzinfo=ZoneInfo("Asia/Shanghai")), "Asia/Shanghai")
    return [read(build_chart(parse_cast(lines), at), Question(Topic.wealth, Subject.self, Sex.male))
            for lines in ("789968", "666999", "777777")]


@pytest.mark.parametrize("lang", ["zh_Hans", "zh_Hant"])
def test_rendered_readings_in_their_script(lang: str) -> None:
    wrong = []
    with use(lang):
        for r in READINGS + _instant_readings():
            for text in (render_reading(r), render_findings(r), render_sources(r), render_terms(r),
                         render_chart(r.chart, term)):
                wrong += _wrong(lang, text)
        wrong += _wrong(lang, render_all_terms())
        wrong += _wrong(lang, render_almanac(date(2026, 12, 1), "Asia/Shanghai"))
    assert not wrong, sorted(set(wrong))[:30]


def test_the_check_can_fail() -> None:
    assert _wrong("zh_Hans", "離宫 時") and _wrong("zh_Hant", "离宫 时")
