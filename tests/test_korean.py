"""Korean particles follow the sound of the word before them, hanja read in Korean (issue 13's examples)."""

from __future__ import annotations

import pytest

from bot.render.korean import particles


@pytest.mark.parametrize("text, want", [
    ("亥이(가) 움직인다", "亥가 움직인다"),        # 亥 해: no 받침
    ("午을(를) 극한다", "午를 극한다"),            # 午 오
    ("辰과(와) 합한다", "辰과 합한다"),            # 辰 진
    ("申이(가)", "申이"), ("子은(는)", "子는"), ("卯을(를)", "卯를"),  # 신, 자, 묘
    ("戌(으)로 변한다", "戌로 변한다"),            # 술: ㄹ takes 로
    ("巳(으)로", "巳로"), ("寅(으)로", "寅으로"),   # 사, 인
    ("월파(月破)이(가)", "월파(月破)가"),          # the gloss is skipped
    ("“세효”은(는)", "“세효”는"),
    ("3효이(가)", "3효가"), ("line 3이(가)", "line 3이"), ("7을(를)", "7을"), ("2을(를)", "2를"),
    ("관귀(官鬼) 亥이(가) 월파(月破)인 巳(으)로 변합니다", "관귀(官鬼) 亥가 월파(月破)인 巳로 변합니다"),
    ("이(가) 처음", "이(가) 처음"),                # nothing before: left as written
])
def test_particles(text: str, want: str) -> None:
    assert particles(text) == want


def test_every_korean_template_particle_is_known() -> None:
    """Every two-form particle the Korean catalog writes after a placeholder is one this module resolves."""
    import re
    from pathlib import Path

    from bot.render.korean import _PAIRS

    po = (Path(__file__).resolve().parent.parent / "locales" / "ko" / "LC_MESSAGES" / "liuyao.po").read_text("utf-8")
    used = set(re.findall(r"\}[”’]?((?:\(으\)로|\(이\)\w+|\w\(\w\)))", po))
    assert used and used <= set(_PAIRS), used - set(_PAIRS)


def test_rendered_korean_readings_have_no_two_form_particles() -> None:
    """Five readings' worth of Korean text (the issue counted 78 such particles in one sitting): none remain."""
    import re
    from datetime import date

    from bot.render.almanac import render_almanac
    from bot.render.glossary import render_terms
    from bot.render.i18n import use
    from bot.render.reading import render_findings, render_reading, render_sources
    from tests.test_i18n import _sample_readings

    left = []
    with use("ko"):
        for r in _sample_readings()[::40]:
            text = render_reading(r) + render_findings(r) + render_sources(r) + render_terms(r)
            left += re.findall(r".{6}(?:이\(가\)|을\(를\)|은\(는\)|과\(와\)|\(으\)로)", text)
        left += re.findall(r".{6}(?:이\(가\)|을\(를\)|은\(는\))", render_almanac(date(2026, 12, 1), "Asia/Seoul"))
    assert not left, left[:10]
