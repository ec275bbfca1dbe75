"""Each language's own punctuation in what a user reads: Chinese and Japanese join with ；、： full-width, never a
half-width ";" ":" "," against their text; Korean and English write ", " and ": ", with full-width marks only
inside a quoted classical phrase (物窮則變，器滿則傾).  Checked on rendered readings (reasons, all reasons,
sources, timing), charts, /terms, almanacs and natal readings, not only on the catalog strings."""

from __future__ import annotations

import re
from datetime import date, timedelta

import pytest

from bot.render.almanac import render_almanac
from bot.render.chart_text import render_chart
from bot.render.glossary import render_all_terms, render_terms
from bot.render.i18n import LANGS, term, use
from bot.render.natal_render import render_all_verses
from bot.render.reading import render_findings, render_reading, render_sources
from core.natal import read_natal
from tests.test_natal_render import _charts
from tests.test_timing_text import _readings

CJK = r"\u3040-\u30ff\u3400-\u9fff"
HAN = r"\u3400-\u9fff"
WRONG = {
    # a half-width mark against Chinese or Japanese text, on either side (a citation "zsby:732" is ASCII only)
    "cjk": re.compile(rf"[{CJK}）」』][;:,]|[;:,] ?[{CJK}（「『]"),
    # full-width joins in Korean or English, except between two hanja of a quoted classical phrase
    "latin": re.compile(rf"(?<![{HAN})）])[；：，、]|[；：，、](?![{HAN}])|（[^）]*[A-Za-z가-힣][^）]*）"),
}
KIND = {"en": "latin", "ko": "latin", "ja": "cjk", "zh_Hans": "cjk", "zh_Hant": "cjk"}


def _texts() -> list[str]:
    out = []
    for r in _readings()[::6]:
        out += [render_reading(r), render_findings(r), render_sources(r), render_terms(r), render_chart(r.chart, term)]
    out += [render_almanac(date(2026, 1, 1) + timedelta(days=i), "Asia/Seoul") for i in range(0, 366, 11)]
    out += [render_all_terms()]
    out += [render_all_verses(read_natal(c), grim=True) for c in _charts()[:12]]
    return out


@pytest.mark.parametrize("lang", LANGS)
def test_joins_in_each_languages_own_punctuation(lang: str) -> None:
    wrong = WRONG[KIND[lang]]
    with use(lang):
        texts = _texts()
    found = [(m.group(), text[max(m.start() - 30, 0):m.end() + 30]) for text in texts for m in wrong.finditer(text)]
    assert not found, f"{len(found)} joins in the wrong width, e.g. {found[:5]}"


def test_the_check_can_fail() -> None:
    assert WRONG["cjk"].search("亥日（凶期）, 安静之初爻") and WRONG["cjk"].search("用神: 初爻妻财巳")
    assert WRONG["latin"].search("top line 酉：Month Break") and WRONG["latin"].search("雷天大壯（Kūn ☷ Palace）")
    assert not WRONG["latin"].search("기만즉경(物窮則變，器滿則傾) · V155 旺相休(囚)，問於進退") and not WRONG["cjk"].search("（zsby:732）")
