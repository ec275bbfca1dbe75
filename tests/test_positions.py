"""A line is named by its position as each language's readers name it (初爻 … 上爻, 초효 … 상효, "bottom line" …
"top line"), never numbered ("line 2", 第2爻, 2효): in every place a reading names and in every rendered reading."""

from __future__ import annotations

import re

import pytest

from bot.render.i18n import LANGS, use
from bot.render.reading import place, position, render_findings, render_reading, render_sources, timing_text
from core.findings import Layer, Place
from tests.test_timing_text import _readings

NAMES = {  # written out here, independently of the catalogs
    "en": ("bottom line", "second line", "third line", "fourth line", "fifth line", "top line"),
    "ko": ("초효", "이효", "삼효", "사효", "오효", "상효"),
    "ja": ("初爻", "二爻", "三爻", "四爻", "五爻", "上爻"),
    "zh_Hans": ("初爻", "二爻", "三爻", "四爻", "五爻", "上爻"),
    "zh_Hant": ("初爻", "二爻", "三爻", "四爻", "五爻", "上爻"),
}
NUMBERED = {  # a line by its number, as the texts wrote it before
    "en": re.compile(r"\b[Ll]ine \d"),
    "ko": re.compile(r"\d효"),
    "ja": re.compile(r"\d爻"),
    "zh_Hans": re.compile(r"第\d爻|\d爻[^为]"),
    "zh_Hant": re.compile(r"第\d爻|\d爻[^為]"),
}


@pytest.fixture(scope="module")
def readings() -> list:
    return _readings()


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("n", range(1, 7))
def test_each_position_by_name(lang: str, n: int, readings: list) -> None:
    want = NAMES[lang][n - 1]
    with use(lang):
        assert position(n) == want
        for layer, attr in ((Layer.LINE, "branch"), (Layer.CHANGED, "changed"), (Layer.HIDDEN, "hidden")):
            if layer is Layer.HIDDEN and n == 6:
                continue  # no hexagram of the 64 has a 伏神 under its top line
            r = next(r for r in readings if getattr(r.chart.lines[n - 1], attr) is not None)
            text = place(r, Place(layer, n))
            assert want in text, (layer, text)
            assert not NUMBERED[lang].search(text), text
            assert str(n) not in text, text


@pytest.mark.parametrize("lang", LANGS)
def test_rendered_readings_never_number_a_line(lang: str, readings: list) -> None:
    with use(lang):
        for r in readings:
            texts = [render_reading(r), render_findings(r), render_sources(r)] + [timing_text(r, t) for t in r.timing]
            for text in texts:
                found = NUMBERED[lang].search(text)
                assert found is None, f"{found.group()!r} in {text[max(found.start() - 40, 0):found.end() + 40]!r}"


def test_the_check_can_fail() -> None:
    assert NUMBERED["zh_Hans"].search("用神：第2爻妻财巳") and NUMBERED["ko"].search("2효 처재")
    assert NUMBERED["en"].search("line 2: Wealth 巳") and not NUMBERED["zh_Hans"].search("卦中有2爻为用神")
