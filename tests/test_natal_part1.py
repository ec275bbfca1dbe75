"""V1–V50 of 玉照定真經 against the commentary's worked examples (Appendix A), and constructed cases where the
commentary gives none."""

from __future__ import annotations

import pytest

from tests.natal import chart, dh_charts, fires, result, variants


@pytest.mark.parametrize("vector, year, month, x", [
    ("V2.1", "辛巳", "甲午", "丙寅"),  # 寅刑巳 + 火剋金
    ("V2.2", "壬申", "乙巳", "乙巳"),  # 巳刑申 + 火剋金
    ("V2.3", "庚午", "戊寅", "壬午"),  # 午午自刑 + 木剋土
])
def test_v2_commentary(vector: str, year: str, month: str, x: str) -> None:
    for c in dh_charts(x, year=year, month=month):
        assert fires("V2", c), vector


def test_v2_needs_both_the_punishment_and_the_overcoming() -> None:
    assert not fires("V2", chart("辛巳", "甲午", "壬寅"))       # 刑 without 剋 (金 against 金)
    assert not fires("V2", chart("辛巳", "甲午", "丙午"))       # 火剋金 without 刑 (午 does not punish 巳)


def test_v2_evidence_names_the_pillars() -> None:
    hit = result("V2", chart("辛巳", "甲午", hour="丙寅")).standing[0]
    assert [str(f) for f in hit.facts] == ["時支 寅 刑 年支 巳", "時納音 火 剋 年納音 金"]


def test_v3_four_yang_and_the_hour_that_overcomes() -> None:
    c = chart("甲子", "丙寅", "戊申", "甲寅", "丁巳")
    assert variants("V3", c) == {"early"}     # n(H) 水 剋 n(M) 火 → the mother in the native's youth
    assert not fires("V4", c)


def test_v4_four_yin() -> None:
    c = chart("乙丑", "戊寅", "丁未", "癸卯", "己巳")
    assert fires("V4", c) and not fires("V3", c)


def test_v3_three_yang_do_not_fire() -> None:
    assert not fires("V3", chart("甲子", "丁卯", "戊申", "乙卯"))
