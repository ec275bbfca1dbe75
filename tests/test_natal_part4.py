"""V161–V205 of 玉照定真經 against the commentary's worked examples (Appendix A), and constructed cases for the
verses the commentary gives none.

``met`` asks whether a verse's own condition holds (its hits before the global modifiers decide on them: V227 may
hold a 刑 or 害 harmless without a 剋 of 身, which is that modifier's verdict, not this verse's); ``fires`` is the
reading's verdict after them.
"""

from __future__ import annotations

import pytest

from bot.render.natal_texts.part4 import TEXTS
from core.natal.chart import NatalChart, Role
from core.natal.verse import DEFAULTS, Params, Valence
from core.natal.verses import BY_ID
from core.natal.verses.part4 import LISTED, VERSES
from tests.natal import chart, dh_charts, fires, result


def met(verse_id: str, c: NatalChart) -> bool:
    r = result(verse_id, c)
    return r.evaluated and bool(r.hits)


def met_with(verse_id: str, c: NatalChart, params: Params) -> bool:
    return bool(result(verse_id, c, params).hits)


def found(verse_id: str, c: NatalChart, params: Params = DEFAULTS) -> set[str | None]:
    """The sub-readings the verse finds (before the modifiers)."""
    return {h.variant for h in result(verse_id, c, params).hits}


def facts(verse_id: str, c: NatalChart, params: Params = DEFAULTS) -> list[list[str]]:
    return [[str(f) for f in h.facts] for h in result(verse_id, c, params).hits]


# ---- Appendix A ------------------------------------------------------------------------------------------------

def test_v161_1_doubled_self_punishment_that_overcomes_upward() -> None:
    c = chart("戊申", day="乙酉", hour="乙酉")  # V161.1: 酉×2, 乙 剋 戊
    assert met("V161", c), "V161.1"
    assert facts("V161", c)[0] == ["日支 酉 自刑 時支 酉", "日干 乙 剋 年干 戊", "時干 乙 剋 年干 戊"]
    assert found("V161", c) == {None}


def test_v161_2_the_xuanwu_omen() -> None:
    for c in dh_charts("癸酉", year="戊辰"):  # V161.2: 癸酉 金 剋 身 木
        assert found("V161", c) == {"xuanwu"}, "V161.2"


def test_v163_the_three_earth_punishments() -> None:
    for c in dh_charts("丁未", year="己丑", month="甲戌"):
        assert met("V163", c), "V163"


@pytest.mark.parametrize("vector, verse_id, year, x, roles", [
    ("V165", "V165", "甲寅", "己巳", "DH"),
    ("V166", "V166", "己巳", "甲寅", "D"),
    ("V166", "V166", "己巳", "壬寅", "D"),   # "(also D=壬寅)"
    ("V168", "V168", "辛丑", "壬午", "DH"),
    ("V169", "V169", "丙子", "辛未", "DH"),
])
def test_year_branch_meets_day_or_hour(vector: str, verse_id: str, year: str, x: str, roles: str) -> None:
    charts = dh_charts(x, year=year) if roles == "DH" else (chart(year, day=x),)
    for c in charts:
        assert met(verse_id, c), vector


def test_v170_branches_only() -> None:
    assert met("V170", chart("未", hour="子")), "V170"


def test_v174_1_a_fire_frame_is_military() -> None:
    c = chart("甲寅", "午", "戌")  # V174.1: 寅午戌 火卦 → 武, written 寅 午 戌 (退)
    assert found("V174", c) == {"military_retreat"}, "V174.1"
    assert "寅午戌 為 武" in facts("V174", c)[0]


def test_v174_2_the_frame_of_the_body_is_noble() -> None:
    c = chart("丙寅", "午", "戌")  # V174.2: 丙寅 火 with 寅午戌 → 貴氣
    assert "noble" in found("V174", c), "V174.2"
    assert fires("V174", c)


@pytest.mark.parametrize("vector, verse_id, pillars, count", [
    ("V188", "V188", ("癸未", "壬戌", "庚午", "己卯", "癸丑"), 5),   # 5/5 支剋干
    ("V189", "V189", ("甲辰", "甲戌", "丙辰", "己亥"), 4),          # 3/4 干剋支, and the 胎 乙丑 a fourth
    ("V190", "V190", ("乙丑", "甲戌", "丁酉"), 4),                   # not calendrical; 胎 乙丑 a fourth
    ("V191", "V191", ("甲子", "庚午", "乙酉", "甲申"), 3),           # 子 生 甲 does not count
])
def test_counts_of_overcoming_within_the_pillars(vector: str, verse_id: str, pillars: tuple[str, ...],
                                                 count: int) -> None:
    c = chart(*pillars)
    assert met(verse_id, c), vector
    assert len(facts(verse_id, c)[0]) == count, vector


# ---- V161–V172 constructed ---------------------------------------------------------------------------------------

def test_v161_needs_the_doubling_and_the_upward_overcoming() -> None:
    assert not met("V161", chart("戊申", day="乙酉", hour="丙子"))   # 酉 once
    assert not met("V161", chart("己酉", day="癸酉"))               # 酉×2, no 下剋上; 癸酉 金 does not 剋 土
    assert not met_with("V161", chart("戊申", day="乙酉", hour="乙酉"), Params(many=3))


def test_v161_the_other_omens() -> None:
    assert found("V161", chart("庚午", day="戊辰")) == {"prison"}     # 戊辰 木 剋 庚午 土
    assert found("V161", chart("甲子", hour="戊午")) == {"goujen"}    # 戊午 火 剋 金
    assert found("V161", chart("壬申", hour="丁酉")) == {"ghost_fire"}  # 丁酉 火 剋 金
    assert not met("V161", chart("甲子", day="癸酉"))                 # 金 on 金: no 剋


def test_v162_zi_and_mao_anywhere() -> None:
    c = chart("甲子", day="丁卯")
    assert met("V162", c)
    assert result("V162", c).hits[0].roles == (Role.年, Role.日)
    assert not met("V162", chart("甲子", day="丙寅"))


def test_v163_needs_all_three() -> None:
    assert not met("V163", chart("己丑", "甲戌", "丙子"))


def test_v164_chen_and_mao() -> None:
    assert met("V164", chart("戊辰", hour="丁卯"))
    assert met("V164", chart("丁卯", month="甲辰"))
    assert not met("V164", chart("戊辰", hour="丙寅"))


@pytest.mark.parametrize("verse_id, year, x, other", [
    ("V165", "甲寅", "己巳", "V166"),
    ("V166", "己巳", "甲寅", "V165"),
    ("V167", "甲午", "乙丑", "V168"),
    ("V168", "辛丑", "壬午", "V167"),
    ("V169", "丙子", "辛未", "V170"),
    ("V170", "辛未", "丙子", "V169"),
    ("V171", "壬申", "乙亥", None),
    ("V171", "乙亥", "壬申", None),
])
def test_the_year_branch_sets_the_direction(verse_id: str, year: str, x: str, other: str | None) -> None:
    for c in dh_charts(x, year=year):
        assert met(verse_id, c)
        if other is not None:
            assert not met(other, c)
    assert not met(verse_id, chart(year, month=x))  # the month is not the day or hour


def test_v170_reads_the_zi_hour_only() -> None:
    assert not met("V170", chart("未", hour="丑"))


def test_v171_needs_the_pair() -> None:
    assert not met("V171", chart("壬申", hour="丁巳"))


def test_v172_the_jian_decides_the_reading() -> None:
    assert found("V172", chart("乙酉", month="丙戌")) == {"month"}
    assert found("V172", chart("乙酉", day="甲戌")) == {"petty"}
    assert {h.variant for h in result("V172", chart("乙酉", day="甲戌"), Params(jian_reference=Role.年)).hits} \
        == {"month"}
    assert not met("V172", chart("乙酉", day="丙子"))


# ---- V173–V175 ---------------------------------------------------------------------------------------------------

def test_v173_own_frame_in_its_season() -> None:
    assert met("V173", chart("乙亥", "己卯", "辛未"))          # 亥卯未 in 卯 month, 木 旺
    assert not met("V173", chart("乙亥", "庚辰", "辛未", "己卯"))  # the third month is 土旺: not 旺中
    assert not met("V173", chart("乙亥", "己卯", "庚午"))      # 未 missing
    assert BY_ID["V173"].same_as == "V55"


def test_v173_four_seasons_native_in_the_sixth_month() -> None:
    assert met("V173", chart("甲辰", "辛未", "甲戌", "乙丑"))      # 辰戌丑未, 6月
    assert not met("V173", chart("甲辰", "甲戌", "辛未", "乙丑"))  # 9月 is 土旺 too, but the text names 6月


def test_v174_civil_and_advance() -> None:
    assert found("V174", chart("甲子", "壬申", "庚辰")) == {"civil"}       # 子 申 辰: mixed order
    assert found("V174", chart("戊戌", "戊午", "甲寅")) == {"military_advance"}  # 戌 午 寅
    assert not met("V174", chart("甲寅", "庚午", "壬子"))


def test_v175_season_score_of_the_five() -> None:
    high = chart("戊辰", "甲寅", "壬午", "庚寅")     # 木 旺 ×3 in 寅 month (水 休)
    low = chart("戊辰", "庚申", "壬午", "庚子")      # 木 死 ×3 in 申 month (壁上土 休)
    assert found("V175", high) == {"honour"}
    assert found("V175", low) == {"low"}
    assert result("V175", low).hits[0].valence is Valence.bad
    assert not met("V175", chart("戊辰", "甲寅", "丙子"))  # 木 旺 and the 胎 乙巳 火 相; two 水 休
    assert not result("V175", chart("戊辰", day="壬午")).evaluated  # no month


# ---- V176–V186 ---------------------------------------------------------------------------------------------------

@pytest.mark.parametrize("verse_id, year, x, reverse", [
    ("V176", "甲子", "乙丑", "V177"),
    ("V177", "乙丑", "甲子", "V176"),
    ("V178", "乙亥", "丙寅", "V179"),
    ("V179", "丙寅", "乙亥", "V178"),
    ("V180", "甲戌", "丁卯", "V181"),
    ("V181", "丁卯", "甲戌", "V180"),
    ("V182", "乙酉", "戊辰", "V183"),
    ("V183", "戊辰", "乙酉", "V182"),
    ("V184", "己巳", "壬申", "V185"),
    ("V185", "壬申", "己巳", "V184"),
])
def test_directed_harmonies(verse_id: str, year: str, x: str, reverse: str) -> None:
    for c in dh_charts(x, year=year):
        assert met(verse_id, c)
        assert not met(reverse, c)
    assert not met(verse_id, chart(year, month=x))


def test_v181_reads_the_mao_native_not_a_wood_one() -> None:
    assert not met("V181", chart("戊辰", day="甲戌"))  # 戊辰 大林木, a 木 native, but no 卯


def test_v184_the_punishment_from_above() -> None:
    assert facts("V184", chart("己巳", day="壬申")) == [["年支 巳 刑 日支 申", "年支 巳 剋 日支 申"]]
    assert facts("V185", chart("壬申", day="己巳")) == [["日支 巳 刑 年支 申", "日支 巳 剋 年支 申"]]


def test_v186_wei_gains_wu_loses() -> None:
    for c in dh_charts("甲午", year="辛未"):
        assert found("V186", c) == {"wei"}
    for c in dh_charts("辛未", year="甲午"):
        assert found("V186", c) == {"wu"}
        assert result("V186", c).hits[0].valence is Valence.bad
    assert not met("V186", chart("辛未", day="丙子"))


# ---- V188–V193 ---------------------------------------------------------------------------------------------------

def test_v188_every_pillar() -> None:
    assert not met("V188", chart("癸未", "壬戌", "庚午", "丁丑"))     # 丑 under 丁: 火 生 土
    assert not result("V188", chart("癸未", "壬戌", "庚午")).evaluated  # no hour: "全" cannot be known


def test_v189_threshold() -> None:
    assert not met("V189", chart("丙子", "庚寅", "甲辰", "壬申"))   # two 干剋支
    assert not met_with("V189", chart("甲辰", "甲戌", "丙辰", "己亥"), Params(many_elements=5))


def test_v190_v191_need_three() -> None:
    assert not met("V190", chart("乙丑", day="丁酉"))
    assert not met("V191", chart("甲子", "庚午", "乙酉"))  # 午/庚, 酉/乙; the 胎 辛酉 neither


def test_v192_two_above_two_below() -> None:
    assert met("V192", chart("甲辰", "丙子", "庚寅", "丁亥"))   # 甲/辰 庚/寅 above, 子/丙 亥/丁 below
    assert not met("V192", chart("甲子", "庚午", "乙酉", "甲申"))  # three below, none above


def test_v193_a_single_overcoming() -> None:
    assert found("V193", chart("甲子", day="戊寅")) == {"win"}     # 甲 剋 戊; 土 生 金
    lose = chart("甲子", day="丙寅")                               # 爐中火 剋 海中金
    assert found("V193", lose) == {"lose"}
    assert result("V193", lose).hits[0].valence is Valence.bad
    assert not met("V193", chart("甲子", day="戊寅", hour="丙寅"))  # two: not "一剋"


# ---- V201–V204 ---------------------------------------------------------------------------------------------------

def test_v201_face_colour() -> None:
    assert facts("V201", chart(day="甲子", hour="丙寅")) == [["日干 甲 為 青", "時干 丙 為 赤"]]
    assert not met("V201", chart("甲子", day="子"))


def test_v202_build_from_the_day_and_hour() -> None:
    assert found("V202", chart(month="甲午", day="丙辰", hour="甲辰")) == {"big"}     # 火 生 土, upward
    assert found("V202", chart(month="甲午", day="甲辰", hour="丙辰")) == {"small"}   # downward
    assert found("V202", chart(month="丙子", day="甲戌", hour="丙辰")) == {"no_qi"}   # 火 死, 土 囚, both at 墓
    assert not met("V202", chart(month="丙子", day="壬申", hour="甲戌"))              # one with 氣, one without
    assert not met("V202", chart(month="甲午", day="丙辰", hour="丙辰"))              # no 生 between them


def test_v203_v204_are_verses_of_their_own() -> None:
    """V5 reads the hour against the day (its verse); the day or hour against the year is V203's and V204's text."""
    assert met("V203", chart("辛巳", hour="丁亥")) and not met("V204", chart("辛巳", hour="丁亥"))
    assert met("V204", chart("辛巳", hour="己丑")) and not met("V203", chart("辛巳", hour="己丑"))
    assert BY_ID["V203"].same_as is None and BY_ID["V204"].same_as is None


# ---- the units, the sentences and their translations -------------------------------------------------------------

def test_every_unit_of_the_range_once() -> None:
    ids = [v.id for v in VERSES] + [u.id for u in LISTED]
    assert sorted(ids, key=lambda i: int(i[1:])) == [f"V{n}" for n in range(161, 206)]


def _variants() -> set[str]:
    """Every sub-reading the predicates can emit (the names their docstrings quote)."""
    return {"V161.prison", "V161.goujen", "V161.ghost_fire", "V161.xuanwu", "V172.month", "V172.petty",
            "V174.civil", "V174.civil_advance", "V174.civil_retreat", "V174.military", "V174.military_advance",
            "V174.military_retreat", "V174.noble", "V175.honour", "V175.low", "V186.wei", "V186.wu", "V193.win",
            "V193.lose", "V202.big", "V202.small", "V202.no_qi"}


def test_every_verse_and_variant_has_a_sentence() -> None:
    assert set(TEXTS) == {v.id for v in VERSES} | _variants()
    assert all("{" not in t and "}" not in t for t in TEXTS.values())
