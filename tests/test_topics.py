"""Seed 000 topic readings: the four worked examples, the mechanical rules one by one, and invariants."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from core.chart.calendar import Moment
from core.chart.cast import parse_cast
from core.chart.chart import Chart, build_chart
from core.chart.ganzhi import SEXAGENARY, Branch, Element, StemBranch
from core.chart.hexagram import HEXAGRAMS, Relation
from core.findings import Effect, Finding, Layer, Place, Timing, Unit
from core.topics import (
    Sex,
    direction_of,
    lifespan_reading,
    lifespan_timing,
    lifetime_reading,
    lifetime_timing,
    marriage_reading,
    matchmaker_reading,
    topic_reading,
    year_reading,
)

GOLDEN = {c["id"]: c for c in json.loads((Path(__file__).parent / "data" / "golden_cases.json").read_text("utf-8"))}
B = Branch
LINE = Layer.LINE

# The rule ids of notes/seed002_000_rules.md §9 (T-11), §11, §12, §13, copied as they stand there.
NOTES_IDS_TEXT = """
| T-11 | lifespan end year |
| NS-01 | NS-02 | NS-03 | NS-03a | NS-03b | NS-04 | NS-05 | NS-06 | NS-06a | NS-06b | NS-06c | NS-06d | NS-06e |
| NS-06f | NS-06g | NS-07 | NS-08 | NS-08a | NS-09 | NS-09a | NS-10 | NS-11 | NS-12 | NS-13 |
* **SM-01** * **SM-02** * **SM-03** * **SM-04** * **SM-05** * **SM-06** * **SM-07** * **SM-08** * **SM-09** * **SM-10**
* **SM-11** * **SM-12** * **SM-13** * **SM-14** * **SM-15** * **SM-16** * **SM-17** * **SM-18** * **SM-19** * **SM-20**
* **SM-21** * **SM-22** * **SM-23**
* **XL-01** * **XL-02** * **XL-03** * **XL-04** * **XL-05**
* **BT-01** * **BT-02** * **FX-01** * **FX-02** * **LQ-01**
* **SY-01** * **SY-02** * **SY-03** * **SY-04** * **SY-05** * **SY-06** * **SY-07** * **SY-08** * **SY-09**
* **MS-01** * **MS-02** * **MS-03**
* **HY-01** * **HY-02** * **HY-03** * **HY-04** * **HY-05** * **HY-06** * **HY-07** * **HY-08** * **HY-09** * **HY-10**
* **HY-11** * **HY-12** * **HY-13** * **HY-14** * **HY-15** * **HY-16** * **HY-17**
"""
NOTES_IDS = frozenset(re.findall(r"\b(?:T|NS|SM|XL|BT|FX|LQ|SY|MS|HY)-\d{2}[a-z]?\b", NOTES_IDS_TEXT))
SEED000_LINES = 196  # the seed file has 196 lines


def chart(values: str, month: str, day: str, year: str | None = None) -> Chart:
    return build_chart(parse_cast(values), Moment.from_pillars(month, day, year))


def golden_cast(case: dict) -> str:
    return "".join(("9" if ln["yinyang"] == "yang" else "6") if ln["moving"] else ("7" if ln["yinyang"] == "yang" else "8")
                   for ln in case["lines"])


def golden_chart(case_id: str, month: str | None = None, day: str | None = None) -> Chart:
    case = GOLDEN[case_id]
    month = month or case["month_branch"]["value"]
    day = day or case["day"]["value"]
    year = case["year"]["value"] if case.get("year") else None
    return chart(golden_cast(case), month, day, year)


def keys(findings: tuple[Finding, ...]) -> set[str]:
    return {f.key for f in findings}


def by_key(findings: tuple[Finding, ...], key: str) -> list[Finding]:
    return [f for f in findings if f.key == key]


def positions(f: Finding) -> set[int]:
    return {p.position for p in f.places if p.layer is LINE}


def static_hexagram_values(bits: int) -> str:
    return "".join("7" if bits >> i & 1 else "8" for i in range(6))


# ==== the worked examples ===================================================================================

def test_y000_01_father_long_life_and_end_year() -> None:
    """革 static, 申月 己丑日 丙辰年, son asks the father's lifespan: 理應多壽; died 戊寅年 子月 (甲戌旬 → 申酉 void)."""
    c = golden_chart("Y000-01")
    use = Place(LINE, 5)  # 父母 酉
    findings = lifespan_reading(c, use)
    assert not [f for f in findings if f.effect is Effect.BAD]  # the author's conclusion: long life
    assert {"sy_strong_still", "sy_pine", "sy_origin_present"} <= keys(findings)
    decade = by_key(findings, "sy_void_decade")[0]
    assert (decade.param("decade"), decade.param("last"), decade.param("branch")) == ("甲戌", "癸未", "酉")
    timings = lifespan_timing(c, use)
    years = [t for t in timings if t.unit is Unit.YEAR]
    assert all(t.rule == "T-11" and t.source.seed == "000" and t.dates == () for t in years)
    first = years[0]
    assert (first.stem.name, first.branch.name, first.key) == ("戊", "寅", "lifespan_end_void_year")
    void_years = {f"{t.stem.name}{t.branch.name}" for t in years if t.key == "lifespan_end_void_year"}
    assert void_years == {str(StemBranch.parse("甲戌").shift(i)) for i in range(10)}
    month = [t for t in timings if t.unit is Unit.MONTH]
    assert [(t.rule, t.branch) for t in month] == [("SY-08", B.子)]  # 金 死 in 子: "又死子月建"


def test_y000_02_wife_no_harm_and_clash_year() -> None:
    """豐 static, 未月 戊戌日 戊辰年, husband asks the wife's lifespan: 無咎; died 丙子年 (丙克庚, 子沖午)."""
    c = golden_chart("Y000-02")
    use = Place(LINE, 4)  # 妻財 庚午
    findings = lifespan_reading(c, use)
    assert not [f for f in findings if f.effect is Effect.BAD]
    still = by_key(findings, "sy_strong_still")[0]
    assert still.param("state") == "餘氣"  # 六月 火 "雖衰，但有餘氣" → 財爻有氣
    assert by_key(findings, "sy_clash_year")[0].param("year") == "丙子"
    assert by_key(findings, "sy_parents_strong")  # SY-06: 父母 申 相 in 未月
    first = lifespan_timing(c, use)[0]
    assert (first.stem.name, first.branch.name, first.key, first.rule) == ("丙", "子", "lifespan_end_clash_year", "T-11")
    # The text: "財雖不值歲旬空" in 丙子 — 丙子 is in 甲戌旬 (申酉), not the 午 decade 甲申…癸巳.
    void_years = {f"{t.stem.name}{t.branch.name}" for t in lifespan_timing(c, use) if t.key == "lifespan_end_void_year"}
    assert "丙子" not in void_years and len(void_years) == 10
    assert by_key(findings, "sy_void_decade")[0].param("decade") == "甲申"


@pytest.mark.parametrize("use_line", [3, 4])
def test_y000_03_directions_for_brother(use_line: int) -> None:
    """臨, use god 丑土: 南 good (火生土), 東 avoid (木克土), 西南 avoid (未沖丑), 北 company (子合丑); any date."""
    for day in ("甲子", "丁卯", "庚午", "癸酉"):
        for month in ("寅", "午", "戌"):
            c = chart(golden_cast(GOLDEN["Y000-03"]), month, day)
            fx = [f for f in lifetime_reading(c, use_god=Place(LINE, use_line)) if f.rule.startswith("FX")]
            got = {(f.key, f.param("direction"), f.param("why")) for f in fx}
            assert got == {("fx_go", "南", "生"), ("fx_avoid", "東", "克"), ("fx_avoid", "西南", "沖"),
                           ("fx_company", "北", "合")}


def test_y000_03_wood_moving_turns_north_and_west() -> None:
    """FX-02: "若卦內木爻又動，北更不宜取。金制木之鄉，西反利" — move the 卯木 line (line 2)."""
    values = golden_cast(GOLDEN["Y000-03"])
    values = values[:1] + "9" + values[2:]
    c = chart(values, "子", "甲子")
    assert c.lines[1].branch is B.卯 and c.lines[1].moving
    fx = [f for f in lifetime_reading(c, use_god=Place(LINE, 3)) if f.rule == "FX-02" and f.param("why") in ("生克", "制")]
    assert {(f.key, f.param("direction")) for f in fx} == {("fx_avoid", "北"), ("fx_go", "西")}
    assert all(Place(LINE, 2) in f.places for f in fx)


@pytest.mark.parametrize("month", ["巳", "午", "未"])
def test_y000_04_summer_jie_regions(month: str) -> None:
    """節 in summer: 荒居北地熟東南 — 財 巳火 南 and 子孫 卯木 東 ripe, 兄 子水 北 dearth, 官 丑·戌 NE/NW 時疫."""
    for day in (str(sb) for sb in SEXAGENARY[::7]):
        c = golden_chart("Y000-04", month=month, day=day)
        findings = year_reading(c)
        plenty = {(f.param("direction"), f.param("relation")) for f in by_key(findings, "ns_region_plenty")}
        dearth = {(f.param("direction"), f.param("relation"), f.param("calamity"))
                  for f in by_key(findings, "ns_region_dearth")}
        assert plenty == {("南", "妻財"), ("東", "子孫")}
        assert dearth == {("北", "兄弟", None), ("東北", "官鬼", "時疫"), ("西北", "官鬼", "時疫")}
        assert all(f.rule == "NS-10" and f.source.line == 27 for f in findings if f.key.startswith("ns_region"))


def test_directions_of_branches() -> None:
    """NS-11: element directions, earth by its corner (丑 東北, 戌 西北 as Y000-04; 未 西南 as FX-02)."""
    assert [direction_of(b) for b in Branch] == [
        "北", "東北", "東", "東", "東南", "南", "南", "西南", "西", "西", "西北", "北"]


# ==== 年時 (NS) ================================================================================================

def test_ns_weather_by_moving_element() -> None:
    """NS-03a/b and NS-03 over every cast: rain iff a 水 line moves, clear iff a 火 line moves, calm iff neither."""
    moment = Moment.from_pillars("卯", "丙寅", "甲辰")
    for n in range(0, 4096, 3):
        values = "".join("6789"[(n >> (2 * i)) & 3] for i in range(6))
        c = build_chart(parse_cast(values), moment)
        f = year_reading(c)
        water = {ln.position for ln in c.moving if ln.element is Element.水}
        fire = {ln.position for ln in c.moving if ln.element is Element.火}
        assert {p for x in by_key(f, "ns_rain") for p in positions(x)} == water
        assert {p for x in by_key(f, "ns_clear") for p in positions(x)} == fire
        assert bool(by_key(f, "ns_weather_calm")) == (not water and not fire)
        assert all(x.rule == "NS-03a" for x in by_key(f, "ns_rain"))
        assert all(x.rule == "NS-03b" for x in by_key(f, "ns_clear"))


def test_ns_famine_when_brothers_and_ghosts_move() -> None:
    c = chart("777997", "子", "甲子")  # 乾: 午 官鬼 (4) and 申 兄弟 (5) moving
    famine = by_key(year_reading(c), "ns_famine")
    assert len(famine) == 1 and positions(famine[0]) == {4, 5} and famine[0].effect is Effect.BAD


def test_ns_drought_and_its_exception() -> None:
    """NS-04: 純陽 + 火 moving + 父母 絕 (辰戌 on a 巳 day) → 亢旱; the chart turning yin (乾→剝) averts it."""
    drought = year_reading(chart("777977", "巳", "乙巳"))
    assert by_key(drought, "ns_drought") and not by_key(drought, "ns_drought_averted")
    averted = year_reading(chart("999997", "巳", "乙巳"))
    assert by_key(averted, "ns_drought_averted") and not by_key(averted, "ns_drought")
    assert not by_key(year_reading(chart("777977", "巳", "甲子")), "ns_drought")  # 父母 not 空/絕 on 子


def test_ns_flood() -> None:
    """NS-05: 純陰 坤, 亥水 (5) moving, 父母 巳 (2) moving → flood."""
    f = year_reading(chart("868868", "子", "甲子"))
    flood = by_key(f, "ns_flood")
    assert flood and positions(flood[0]) == {5}


def test_ns_ghost_still_and_metal_ghost_with_tiger() -> None:
    still = year_reading(chart("788788", "申", "甲子"))  # 震: 申 官鬼 static
    assert by_key(still, "ns_ghost_still") and not [f for f in still if f.rule.startswith("NS-06") and f.rule != "NS-06"]
    moving = year_reading(chart("788768", "申", "甲子"))  # 申 官鬼 (5) moving under 白虎 (甲 day)
    assert moving and {f.key for f in moving if f.rule == "NS-06a"} == {"ns_ghost_metal", "ns_war"}
    assert by_key(moving, "ns_insects")  # NS-06g: 金/土 官鬼
    assert not by_key(moving, "ns_ghost_still")


def test_ns_year_line() -> None:
    """NS-13: the 太歲 line moving with 官鬼 → calamity everywhere; the year must be known."""
    c = chart("777977", "子", "甲子", "壬午")  # 午 官鬼 moving, year 午
    assert by_key(year_reading(c), "ns_year_line_evil")
    assert not by_key(year_reading(chart("777977", "子", "甲子")), "ns_year_line_evil")


# ==== 媒妁 (MS) ================================================================================================

STATIC_64 = [static_hexagram_values(h.bits) for h in HEXAGRAMS]
BETWEEN = {1: (2, 3), 2: (3, 4), 3: (4, 5), 4: (3, 2), 5: (4, 3), 6: (5, 4)}  # 間爻, the one next to 世 first


def test_ms_response_against_world_over_all_hexagrams() -> None:
    for values in STATIC_64:
        c = chart(values, "辰", "甲子")
        f = matchmaker_reading(c)
        w, r = c.world.element, c.response.element
        assert bool(by_key(f, "ms_go_between_scheming")) == (r.overcomes is w)
        assert bool(by_key(f, "ms_go_between_kind")) == (r.generates is w)
        assert bool(by_key(f, "ms_no_officer")) == (Relation.官鬼 in c.missing)
        assert bool(by_key(f, "ms_six_harmony")) == c.hexagram.six_harmony
        assert bool(by_key(f, "ms_six_clash")) == c.hexagram.six_clash
        assert bool(by_key(f, "ms_go_between_void")) == c.response.standing.void


def test_ms_between_lines_in_a_marriage_chart() -> None:
    """MS-03 / HY-07: inside a marriage chart the go-between is the 間爻, the one by 世 the man's side."""
    for values in STATIC_64:
        for day in ("甲子", "丙寅", "庚午"):
            c = chart(values, "酉", day)
            ms = [f for f in matchmaker_reading(c, marriage_chart=True) if f.rule == "MS-03"]
            assert {p for f in ms for p in positions(f)} <= set(BETWEEN[c.hexagram.world])
            assert not [f for f in matchmaker_reading(c, marriage_chart=True) if f.rule == "MS-01"]
            hy = [f for f in marriage_reading(c) if f.rule == "HY-07"]
            man, woman = BETWEEN[c.hexagram.world]
            for f in hy:
                assert positions(f) == ({man} if f.param("side") == "男" else {woman})


def test_ms_void_response() -> None:
    c = chart("777777", "子", "甲午")  # 乾: 應 辰 (3) void in 甲午旬
    f = matchmaker_reading(c)
    assert by_key(f, "ms_go_between_void")[0].places == (Place(LINE, 3),)
    assert by_key(f, "ms_parties_void")


# ==== 婚姻 (HY) ================================================================================================

YANG_TRIGRAM_BITS = {0b111, 0b010, 0b100, 0b001}  # 乾 坎 艮 震


def expected_hy02(bits: int, world: int, response: int) -> str:
    def pair(a: bool, b: bool) -> str:
        return ("得位" if a else "交錯") if a != b else ("純陽" if a else "純陰")
    gua = pair((bits & 7) in YANG_TRIGRAM_BITS, (bits >> 3) in YANG_TRIGRAM_BITS)
    line = pair(bool(bits >> (world - 1) & 1), bool(bits >> (response - 1) & 1))
    states = {gua, line}
    if states == {"得位"}:
        return "hy_in_place"
    if states <= {"純陽", "純陰"}:
        return "hy_no_union"
    if "得位" in states and states & {"純陽", "純陰"}:
        return "hy_half_good"
    return "hy_in_place_crossed" if "得位" in states else "hy_crossed"


def test_hy_yin_yang_in_place_over_all_hexagrams() -> None:
    """HY-02 (內陽外陰 / 世陽應陰 得位 …), HY-01, HY-03, HY-13 over the 64 static hexagrams."""
    for h in HEXAGRAMS:
        c = chart(static_hexagram_values(h.bits), "午", "戊辰")
        f = marriage_reading(c)
        hy02 = [x for x in f if x.rule == "HY-02" and x.key != "conflict_002"]
        assert len(hy02) == 1 and hy02[0].key == expected_hy02(h.bits, h.world, h.response), h.name
        assert hy02[0].param("conflict_002") == "世應夫婦"
        assert bool(by_key(f, "hy_pure_yang")) == (h.bits == 63)
        assert bool(by_key(f, "hy_pure_yin")) == (h.bits == 0)
        assert bool(by_key(f, "hy_no_wife")) == (Relation.妻財 in c.missing)
        assert bool(by_key(f, "hy_no_husband")) == (Relation.官鬼 in c.missing)
        assert bool(by_key(f, "hy_six_harmony")) == h.six_harmony
        assert bool(by_key(f, "hy_six_clash")) == h.six_clash
        assert by_key(f, "conflict_002")


def test_hy_tai_and_pi() -> None:
    assert by_key(marriage_reading(chart("777888", "寅", "甲子")), "hy_in_place")   # 泰: 內乾外坤, 世陽應陰
    assert by_key(marriage_reading(chart("888777", "寅", "甲子")), "hy_crossed")    # 否: 內坤外乾, 世陰應陽
    assert by_key(marriage_reading(chart("777777", "寅", "甲子")), "hy_no_union")   # 乾: all yang


def test_hy_sex_decides_the_spouse() -> None:
    """HY-04: a man's chart looks at 財, a woman's at 官鬼; without the sex, neither rule speaks."""
    c = chart("777888", "卯", "甲子")  # 泰: 財 子 (1) 亥 (5) 休囚, 官鬼 寅 (2) 次旺 in 卯月
    assert by_key(marriage_reading(c, Sex.男), "hy_bride_weak")
    assert by_key(marriage_reading(c, "女"), "hy_groom_strong")
    assert not [f for f in marriage_reading(c) if f.rule in ("HY-04", "HY-10")]
    with pytest.raises(ValueError):
        marriage_reading(c, "x")


def test_hy_bond_between_world_and_spouse() -> None:
    """HY-10: 世 and the spouse line 合+生 → lasting; 沖+克 → parting."""
    for h in HEXAGRAMS:
        c = chart(static_hexagram_values(h.bits), "辰", "甲子")
        f = marriage_reading(c, "男")
        wealth = [ln for ln in c.lines if ln.relation is Relation.妻財]
        if not wealth:
            assert not [x for x in f if x.rule == "HY-10"]
            continue
        best = by_key(f, "hy_bond_lasting") + by_key(f, "hy_bond_combined") + by_key(f, "hy_bond_parting") \
            + by_key(f, "hy_bond_clashed")
        for x in best:
            other = (positions(x) - {c.hexagram.world}).pop()
            a, b = c.world.branch, c.lines[other - 1].branch
            if x.key.startswith("hy_bond_lasting") or x.key == "hy_bond_combined":
                assert (a + b) % 12 == 1
            else:
                assert (a - b) % 12 == 6


def test_hy_response_moving_and_offspring_rules() -> None:
    c = chart("777886", "寅", "甲子")  # 泰, 應 (6) moving
    assert by_key(marriage_reading(c), "hy_woman_unwilling")
    # HY-16: 兄 moving with 子 moving → no harm; 兄 moving alone → 克婦.
    both = marriage_reading(chart("779886", "寅", "甲子"))  # 泰: 辰 兄 (3) and 酉 子 (6) moving
    assert by_key(both, "hy_brothers_moving_resolved") and not by_key(both, "hy_brothers_moving")
    alone = marriage_reading(chart("779888", "寅", "甲子"))
    assert by_key(alone, "hy_brothers_moving")
    # HY-08: 子孫 moving 刑夫 unless 財 moves too (HY-16).
    assert by_key(marriage_reading(chart("777886", "寅", "甲子")), "hy_offspring_moving")
    assert by_key(marriage_reading(chart("977886", "寅", "甲子")), "hy_offspring_moving_resolved")


def test_hy_married_decides_clash_to_harmony() -> None:
    """HY-14: a 六沖 chart changing into 六合 — before the wedding no match, after it reunion, unknown silent."""
    # 乾為天 (六沖) → 天地否 (六合): lines 1–3 move.
    c = chart("999777", "寅", "甲子")
    assert c.changed is not None and c.changed.name == "天地否"
    assert by_key(marriage_reading(c, married=False), "hy_clash_to_harmony_unmatched")
    assert by_key(marriage_reading(c, married=True), "hy_reunion")
    assert not [f for f in marriage_reading(c) if f.key in ("hy_reunion", "hy_clash_to_harmony_unmatched")]


# ==== 身命 (SM, XL, BT) ==========================================================================================

def test_sm_needs_sex_for_the_wife_and_flags_it() -> None:
    c = chart("777777", "子", "甲午")  # 乾: 應 辰 void
    assert not by_key(lifetime_reading(c), "sm_wife_response_fallen")
    assert not by_key(lifetime_reading(c, "女"), "sm_wife_response_fallen")
    wife = by_key(lifetime_reading(c, "男"), "sm_wife_response_fallen")
    assert wife and wife[0].param("conflict_002") == "世應夫婦"
    notes = by_key(lifetime_reading(c, "男"), "conflict_002")
    assert ("SM-02", "世應夫婦", Effect.NEUTRAL, 0) in [(n.rule, n.param("doctrine"), n.effect, n.weight) for n in notes]
    assert "世應夫婦" not in {n.param("doctrine") for n in by_key(lifetime_reading(c), "conflict_002")}


def test_sm_birth_branch_and_rank_are_optional() -> None:
    c = chart("777777", "子", "甲子")  # 世 戌 void (甲子旬 戌亥)
    assert by_key(lifetime_reading(c), "sm_world_void")
    assert not [f for f in lifetime_reading(c) if f.key == "sm_world_birth_void"]
    assert by_key(lifetime_reading(c, birth_branch=B.亥), "sm_world_birth_void")
    assert not by_key(lifetime_reading(c, birth_branch=B.子), "sm_world_birth_void")
    for h in HEXAGRAMS:  # SM-10 speaks only when the rank is given
        c2 = chart(static_hexagram_values(h.bits), "子", "甲子")
        if c2.world.relation is Relation.官鬼:
            assert not [f for f in lifetime_reading(c2) if f.rule == "SM-10"]
            assert by_key(lifetime_reading(c2, official=True), "sm_official_ghost_world")[0].effect is Effect.GOOD
            assert by_key(lifetime_reading(c2, official=False), "sm_commoner_ghost_world")[0].effect is Effect.BAD
            break
    else:
        pytest.fail("no hexagram with 官鬼 holding 世")


def test_sm_six_clash_and_harmony() -> None:
    assert by_key(lifetime_reading(chart("777777", "子", "甲子")), "sm_six_clash")
    assert by_key(lifetime_reading(chart("888777", "子", "甲子")), "sm_six_harmony")  # 否 is 六合


def test_sm_aggressor_and_helper() -> None:
    """SM-22: the moving line that 克 世 names the aggressor, the one that 生 世 the helper."""
    for n in range(0, 4096, 7):
        values = "".join("6789"[(n >> (2 * i)) & 3] for i in range(6))
        c = chart(values, "未", "己亥")
        f = lifetime_reading(c)
        w = c.world
        expect_bad = {ln.position for ln in c.moving if not ln.world
                      and (ln.element.overcomes is w.element or (ln.branch - w.branch) % 12 == 6)}
        expect_help = {ln.position for ln in c.moving if not ln.world and ln.element.generates is w.element}
        got_bad = {x.places[0].position for x in by_key(f, "sm_aggressor")}  # the aggressor's line comes first
        got_help = {x.places[0].position for x in by_key(f, "sm_helper")}
        assert got_bad == expect_bad and got_help == expect_help, values


def test_bt_illness_site_of_a_moving_ghost() -> None:
    c = chart("788768", "申", "甲子")  # 震為雷, 申 官鬼 (5) moving
    f = lifetime_reading(c)
    site = by_key(f, "bt_illness_site")[0]
    assert (site.param("trigram"), site.param("part"), site.param("organ"), site.param("severity")) == (
        "震", "足", "肺", "重")
    assert by_key(f, "bt_illness_part")[0].param("part") == "頸面"


def test_xl_periods_need_an_age_and_are_flagged() -> None:
    c = chart("777777", "子", "甲子", "甲辰")
    assert not [f for f in lifetime_reading(c) if f.rule in ("XL-02", "XL-04") and f.key == "xl_period"]
    f = lifetime_reading(c, age=3)
    great = next(x for x in by_key(f, "xl_period") if x.param("period") == "大限")
    assert (great.param("ages"), great.param("position"), great.places) == ("1-5", "1", (Place(LINE, 1),))
    assert all(x.param("conflict_002") == "大小限" for x in f if x.rule.startswith("XL") and x.key != "conflict_002")
    conflict = by_key(f, "conflict_002")
    assert conflict and conflict[0].param("doctrine") == "大小限" and conflict[0].weight == 0
    # Static chart past 30 → the 互卦 (乾's is 乾), no place in the chart.
    late = next(x for x in by_key(lifetime_reading(c, age=33), "xl_period") if x.param("period") == "大限")
    assert (late.param("ages"), late.param("hexagram"), late.places) == ("31-35", "乾為天", ())
    # Past 60 only the 小限.
    assert [x.param("period") for x in by_key(lifetime_reading(c, age=61), "xl_period")] == ["小限"]


def test_xl_great_period_in_the_changed_hexagram() -> None:
    c = chart("977777", "子", "甲子")  # 乾 line 1 moving → 姤
    f = next(x for x in by_key(lifetime_reading(c, age=32), "xl_period") if x.param("period") == "大限")
    assert f.param("hexagram") == "天風姤" and f.places == (Place(Layer.CHANGED, 1),)


def test_xl_small_period_walks_down_from_the_world() -> None:
    """XL-04: "世在二爻，即二爻為一歲也，二歲在初爻，三歲在六爻，自上至下周而復始"."""
    for h in HEXAGRAMS[::9]:
        c = chart(static_hexagram_values(h.bits), "子", "甲子")
        for age in range(1, 74):
            small = [x for x in by_key(lifetime_reading(c, age=age), "xl_period") if x.param("period") == "小限"]
            assert int(small[0].param("position")) == (h.world - age) % 6 + 1
    c = chart(static_hexagram_values(next(h.bits for h in HEXAGRAMS if h.world == 2)), "子", "甲子")
    walk = [int(next(x for x in by_key(lifetime_reading(c, age=a), "xl_period") if x.param("period") == "小限")
                .param("position")) for a in (1, 2, 3, 4)]
    assert walk == [2, 1, 6, 5]


def test_lifetime_timing_period_starts() -> None:
    c = chart("777777", "子", "甲子", "甲辰")
    t = lifetime_timing(c, 33)
    assert sorted(f"{x.stem.name}{x.branch.name}" for x in t) == sorted(
        str(StemBranch.parse("甲辰").shift(s - 33)) for s in (36, 41, 46, 51, 56))
    assert all(x.rule == "XL-02" and x.unit is Unit.YEAR and x.dates == () for x in t)
    assert lifetime_timing(c) == () and lifetime_timing(chart("777777", "子", "甲子"), 33) == ()
    assert lifetime_timing(c, 33, use_god=Place(LINE, 2)) == ()


def test_lq_relative_reading_flags_the_response_doctrine() -> None:
    c = golden_chart("Y000-03", month="子", day="甲子")
    f = lifetime_reading(c, use_god=Place(LINE, 3))
    assert not [x for x in f if x.rule.startswith("SM")]  # 世-centred rules are for one's own life
    assert by_key(f, "lq_use_god_by_relation")[0].param("conflict_002") == "應為他人"
    assert by_key(f, "conflict_002")[0].param("doctrine") == "應為他人"


# ==== 壽元 (SY) =================================================================================================

def test_sy_void_decade_is_literal() -> None:
    """SY-07: "甲子至癸酉年，戌亥用爻便為空" — and every branch is void in exactly one decade."""
    c = chart("777777", "子", "甲子")
    for pos in range(1, 7):
        decade = by_key(lifespan_reading(c, Place(LINE, pos)), "sy_void_decade")[0]
        head = StemBranch.parse(decade.param("decade"))
        assert c.lines[pos - 1].branch in head.void and head.stem.name == "甲"
    assert by_key(lifespan_reading(c, Place(LINE, 6)), "sy_void_decade")[0].param("decade") == "甲子"


def test_sy_void_use_god_and_fallen_parents() -> None:
    c = chart("777777", "子", "甲子")  # 戌 (6, 父母) void
    f = lifespan_reading(c, Place(LINE, 6))
    assert by_key(f, "sy_void")[0].effect is Effect.BAD
    g = lifespan_reading(c, Place(LINE, 1))  # 子孫 子: 父母 is 辰 (3, sound) by YS-08, not the void 戌
    assert not by_key(g, "sy_parents_fallen")
    h = lifespan_reading(chart("777777", "子", "甲辰"), Place(LINE, 2))  # 甲辰旬 void 寅卯; 父母 辰/戌 sound
    assert not by_key(h, "sy_parents_fallen")
    broken = lifespan_reading(chart("777777", "戌", "甲子"), Place(LINE, 1))  # 戌月 breaks 辰, 戌 void → both fallen
    assert by_key(broken, "sy_parents_fallen")


def test_sy_hidden_and_month_use_gods() -> None:
    c = chart("777777", "子", "甲子")
    assert c.missing == ()  # a pure hexagram hides nothing; take the first static hexagram that does
    hidden = next((ln.position, cc) for v in STATIC_64 for cc in [chart(v, "子", "甲子")] for ln in cc.lines if ln.hidden)
    pos, hc = hidden
    f = lifespan_reading(hc, Place(Layer.HIDDEN, pos))
    assert by_key(f, "sy_use_god")[0].places == (Place(Layer.HIDDEN, pos),)
    assert lifespan_timing(hc, Place(Layer.HIDDEN, pos))
    month = lifespan_reading(c, Place(Layer.MONTH))
    assert not by_key(month, "sy_clash_year")  # no month stem without a year pillar
    with pytest.raises(ValueError):
        lifespan_reading(c, Place(Layer.HIDDEN, 1))
    with pytest.raises(ValueError):
        lifespan_reading(c, Place(LINE, 7))


# ==== dispatcher ===============================================================================================

def test_topic_reading_dispatch() -> None:
    c = golden_chart("Y000-01")
    assert topic_reading("wealth", c) == ((), ())
    assert topic_reading("lifespan", c) == ((), ())
    f, t = topic_reading("lifespan", c, use_god=Place(LINE, 5), sex="男")
    assert f == lifespan_reading(c, Place(LINE, 5)) and t == lifespan_timing(c, Place(LINE, 5))
    assert topic_reading("year", c) == (year_reading(c), ())
    assert topic_reading("marriage", c, sex="女") == (marriage_reading(c, "女"), ())
    assert topic_reading("matchmaker", c, marriage_chart=True) == (matchmaker_reading(c, True), ())
    f, t = topic_reading("lifetime", c, age=40, sex="男")
    assert f == lifetime_reading(c, "男", 40) and t == lifetime_timing(c, 40)
    f, _ = topic_reading("lifetime", c, birth_year=B.亥)
    assert f == lifetime_reading(c, birth_branch=B.亥)
    with pytest.raises(TypeError):
        topic_reading("lifespan", c, use_god=5)


# ==== invariants ===============================================================================================

def place_exists(c: Chart, p: Place) -> bool:
    if p.layer in (Layer.MONTH, Layer.DAY):
        return p.position == 0
    if not 1 <= p.position <= 6:
        return False
    line = c.lines[p.position - 1]
    return {Layer.LINE: True, Layer.HIDDEN: line.hidden is not None, Layer.CHANGED: line.changed is not None}[p.layer]


def check(c: Chart, findings: tuple[Finding, ...], timings: tuple[Timing, ...]) -> None:
    assert [f.weight for f in findings] == sorted((f.weight for f in findings), reverse=True)
    for f in findings:
        assert f.rule in NOTES_IDS, f.rule
        assert f.source.seed == "000" and 1 <= f.source.line <= SEED000_LINES and f.source.line % 2 == 1
        assert 0 <= f.weight <= 7
        assert all(place_exists(c, p) for p in f.places), (f.key, f.places)
        assert re.fullmatch(r"[a-z0-9_]+", f.key)
        assert all(isinstance(k, str) and isinstance(v, str) and v for k, v in f.params)
    flagged = {f.param("conflict_002") for f in findings} - {None}
    assert flagged == {f.param("doctrine") for f in findings if f.key == "conflict_002"}
    for t in timings:
        assert t.rule in NOTES_IDS and t.source.seed == "000" and t.dates == ()
        assert all(place_exists(c, p) for p in t.places)


values_st = st.lists(st.sampled_from("6789"), min_size=6, max_size=6).map("".join)
pillar_st = st.integers(0, 59).map(StemBranch.from_index)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(values=values_st, month=st.sampled_from(list(Branch)), day=pillar_st,
       year=st.one_of(st.none(), pillar_st), age=st.one_of(st.none(), st.integers(1, 90)),
       sex=st.sampled_from([None, "男", "女"]), birth=st.one_of(st.none(), st.sampled_from(list(Branch))),
       flag=st.one_of(st.none(), st.booleans()), pos=st.integers(1, 6))
def test_every_finding_is_well_formed(values: str, month: Branch, day: StemBranch, year: StemBranch | None,
                                      age: int | None, sex: str | None, birth: Branch | None, flag: bool | None,
                                      pos: int) -> None:
    c = build_chart(parse_cast(values), Moment.from_pillars(month, day, year))
    uses = [Place(LINE, pos), Place(Layer.MONTH), Place(Layer.DAY)]
    uses += [Place(Layer.HIDDEN, ln.position) for ln in c.lines if ln.hidden]
    uses += [Place(Layer.CHANGED, ln.position) for ln in c.lines if ln.changed]
    check(c, *topic_reading("year", c))
    check(c, *topic_reading("lifetime", c, sex=sex, age=age, birth_branch=birth, official=flag))
    check(c, *topic_reading("matchmaker", c, marriage_chart=bool(flag)))
    check(c, *topic_reading("marriage", c, sex=sex, married=flag))
    for use in uses:
        check(c, *topic_reading("lifespan", c, use_god=use))
        check(c, *topic_reading("lifetime", c, use_god=use, age=age))


def test_lifespan_danger_years_are_bad_moments() -> None:
    """壽元's end-of-life years and months are dangers whatever the verdict: never shown as a good moment."""
    from core.chart.calendar import Moment
    from core.chart.cast import parse_cast
    from core.chart.chart import build_chart
    from core.chart.ganzhi import SEXAGENARY
    from core.question import Question, Subject, Topic
    from core.reading.pipeline import read

    keys = {"lifespan_end_void_year", "lifespan_end_clash_year", "lifespan_death_stage_month"}
    seen = 0
    for n in range(0, 4096, 37):
        lines = "".join("6789"[(n >> (2 * i)) & 3] for i in range(6))
        moment = Moment.from_pillars("寅卯辰巳午未申酉戌亥子丑"[n % 12], str(SEXAGENARY[n % 60]), str(SEXAGENARY[n * 7 % 60]))
        r = read(build_chart(parse_cast(lines), moment), Question(Topic.lifespan, Subject.self))
        for t in r.timing:
            if t.key in keys:
                seen += 1
                assert t.favourable is False, (lines, t.key)
    assert seen > 20
