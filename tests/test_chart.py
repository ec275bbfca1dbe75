"""Charts: all 4096 casts against an independent derivation, and the seeds' worked examples field for field."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from core.chart.calendar import Moment
from core.chart.cast import parse_cast
from core.chart.chart import DayClash, DayRelation, MonthRelation, Season, Transformation, build_chart, season
from core.chart.ganzhi import Branch, StemBranch
from tests.reference import (
    PALACE_ELEMENT,
    bits_of_name,
    najia_of,
    pure_bits,
    relation_name,
    spirit_names,
    xun_shi,
)

GOLDEN = json.loads((Path(__file__).parent / "data" / "golden_cases.json").read_text(encoding="utf-8"))
B = Branch


def all_casts() -> list[str]:
    out = []
    for n in range(4096):
        out.append("".join("6789"[(n >> (2 * i)) & 3] for i in range(6)))
    return out


def test_all_4096_casts_against_reference() -> None:
    for n, lines in enumerate(all_casts()):
        day = StemBranch.from_index(n % 60)
        chart = build_chart(parse_cast(lines), Moment.from_pillars("寅", str(day)))
        values = [int(c) for c in lines]
        bits = sum(1 << i for i, v in enumerate(values) if v in (7, 9))
        moved = sum(1 << i for i, v in enumerate(values) if v in (6, 9))
        world, palace = xun_shi(bits)
        h = chart.hexagram
        assert (h.world, h.palace.name, h.element.name) == (world, palace, PALACE_ELEMENT[palace]), lines
        najia = najia_of(bits)
        rels = [relation_name(palace, b) for b in najia]
        assert [ln.branch for ln in chart.lines] == najia
        assert [ln.relation.value for ln in chart.lines] == rels
        assert [ln.spirit.value for ln in chart.lines] == spirit_names(day.stem.name)
        assert [ln.world for ln in chart.lines] == [i + 1 == world for i in range(6)]
        assert [ln.response for ln in chart.lines] == [abs(i + 1 - world) == 3 for i in range(6)]
        assert [ln.moving for ln in chart.lines] == [bool(moved >> i & 1) for i in range(6)]
        # 伏神: every relation absent from the primary hexagram, from the palace's pure hexagram, same position.
        pure = najia_of(pure_bits(palace))
        pure_rels = [relation_name(palace, b) for b in pure]
        missing = {r for r in pure_rels if r not in rels}
        for i, ln in enumerate(chart.lines):
            if pure_rels[i] in missing:
                assert ln.hidden is not None and ln.hidden.branch is pure[i]
                assert ln.hidden.relation.value == pure_rels[i]
            else:
                assert ln.hidden is None
        assert {r.value for r in chart.missing} == missing
        assert missing <= set(pure_rels)  # the pure hexagram always holds all five relations
        # Changed lines: only moving positions, branch from the changed hexagram, relation from the primary palace.
        if moved:
            changed_najia = najia_of(bits ^ moved)
            assert chart.changed is not None and chart.changed.world == xun_shi(bits ^ moved)[0]
            for i, ln in enumerate(chart.lines):
                if moved >> i & 1:
                    assert ln.changed is not None and ln.changed.branch is changed_najia[i]
                    assert ln.changed.relation.value == relation_name(palace, changed_najia[i])
                    assert ln.moving and ln.transformations is not None
                else:
                    assert ln.changed is None and ln.transformations == ()
        else:
            assert chart.changed is None and all(ln.changed is None for ln in chart.lines)


def test_pure_hexagrams_lack_nothing() -> None:
    for palace in "乾坎艮震巽離坤兌":
        bits = pure_bits(palace)
        lines = "".join("7" if bits >> i & 1 else "8" for i in range(6))
        chart = build_chart(parse_cast(lines), Moment.from_pillars("子", "甲子"))
        assert chart.missing == () and all(ln.hidden is None for ln in chart.lines)


# ---- the worked examples ---------------------------------------------------------------------------

def _cast_of(case: dict) -> str:
    out = ""
    for ln in case["lines"]:
        yang = ln["yinyang"] == "yang"
        out += ("9" if yang else "6") if ln["moving"] else ("7" if yang else "8")
    return out


def _moments(case: dict) -> list[tuple[Moment, bool]]:
    """Every moment the case allows (寅|卯 means either), and whether the day stem is known."""
    month = case.get("month_branch")
    day = case.get("day")
    if not month or not day:
        return []
    months = month["value"].split("|")
    value = day["value"]
    known = not value.startswith("?")
    if not known:  # only the branch is printed: any stem of the right parity will do for branch facts
        branch = B[value[1]]
        value = str(next(sb for sb in (StemBranch.from_index(i) for i in range(60)) if sb.branch is branch))
    return [(Moment.from_pillars(m, value), known) for m in months]


CHARTED = [c for c in GOLDEN if c.get("lines")]


@pytest.mark.parametrize("case", CHARTED, ids=[c["id"] for c in CHARTED])
def test_golden_chart(case: dict) -> None:
    moments = _moments(case) or [(Moment.from_pillars("子", "甲子"), False)]
    for moment, stem_known in moments:
        chart = build_chart(parse_cast(_cast_of(case)), moment)
        ph = case["primary_hexagram"]
        h = chart.hexagram
        assert h.name == ph["name"] and bits_of_name(ph["name"]) == h.bits
        assert (h.palace.name, h.element.name, h.generation.value) == (ph["palace"], ph["palace_element"], ph["generation"])
        assert (h.world, h.response, h.six_clash, h.six_harmony) == (
            ph["world"], ph["response"], ph["liuchong_gua"], ph["liuhe_gua"])
        for ln, exp in zip(chart.lines, case["lines"]):
            assert (ln.relation.value, ln.branch.name, ln.element.name, ln.moving, ln.stem.name) == (
                exp["relation"], exp["branch"], exp["element"], exp["moving"], exp["stem_external"]), (case["id"], ln.position)
            marker = "世" if ln.world else "應" if ln.response else None
            assert marker == exp["marker"]
        assert [ln.position for ln in chart.moving] == case["moving_lines"]
        ch = case.get("changed_hexagram")
        if ch:
            c = chart.changed
            assert c is not None and (c.name, c.palace.name, c.generation.value, c.world, c.response) == (
                ch["name"], ch["palace"], ch["generation"], ch["world"], ch["response"])
            for exp in case["changed_lines"]:
                got = chart.lines[exp["pos"] - 1].changed
                assert got is not None
                assert (got.branch.name, got.relation.value, got.element.name, got.stem.name) == (
                    exp["branch"], exp["relation"], exp["element"], exp["stem_external"])
        aux = case.get("auxiliary_external") or {}
        if "gua_shen_external" in aux:
            assert chart.body.name == aux["gua_shen_external"]
        derived = case.get("derived_time") or {}
        if stem_known and "xunkong" in derived:
            assert "".join(b.name for b in moment.void) == derived["xunkong"]
            assert [ln.spirit.value for ln in chart.lines] == [s.replace("騰", "螣") for s in derived["six_spirits_external"]]
        if len(moments) == 1:
            for exp in derived.get("per_line", []):
                st = chart.lines[exp["pos"] - 1].standing
                assert st.month_state == exp["month_state"], (case["id"], exp["pos"])
                assert (MonthRelation.月合 in st.month) == exp["month_he"]
                assert (DayRelation.臨日 in st.day) == exp["day_same_branch"]
                assert (DayRelation.日沖 in st.day) == exp["day_clash"]
                assert (DayRelation.日合 in st.day) == exp["day_he"]
                assert st.stage.name == exp["changsheng_on_day_external"]
                if stem_known and "in_xunkong" in exp:
                    assert st.void == exp["in_xunkong"]
            for exp in derived.get("changed_lines_time", []):
                ch_line = chart.lines[exp["pos"] - 1].changed
                assert ch_line is not None
                st = ch_line.standing
                assert st.month_state == exp["month_state"]
                assert (DayRelation.日沖 in st.day) == exp["day_clash"]
                assert st.stage.name == exp["changsheng_on_day_external"]
                if stem_known and "in_xunkong" in exp:
                    assert st.void == exp["in_xunkong"]


def _chart(case_id: str) -> tuple[dict, object]:
    case = next(c for c in GOLDEN if c["id"] == case_id)
    moment, _ = _moments(case)[0]
    return case, build_chart(parse_cast(_cast_of(case)), moment)


def test_qian_to_xiaoxu_day_clashes_yin() -> None:
    """Z002-04, 辰月戊申日: 寅 (line 2) is void and clashed by the day → it rises (暗動, 沖空則實); 午 化未 回頭合."""
    _, chart = _chart("Z002-04")
    yin = chart.lines[1]
    assert yin.branch is B.寅 and DayRelation.日沖 in yin.standing.day
    assert yin.standing.void and yin.standing.day_clash is DayClash.暗動
    assert yin.standing.season is Season.休囚
    wu = chart.lines[3]
    assert Transformation.回頭合 in wu.transformations
    assert chart.lines[2].standing.season is Season.旺 and MonthRelation.臨月建 in chart.lines[2].standing.month
    assert chart.lines[5].standing.month_break  # 戌 in 辰月


def test_dui_to_jie_mao_broken_and_void() -> None:
    """Z002-05, 酉月辛亥日: 卯 is 月破 and 旬空; the changed 寅 of line 1 is 化空."""
    _, chart = _chart("Z002-05")
    mao = chart.lines[1]
    assert mao.branch is B.卯 and mao.standing.month_break and mao.standing.void
    first = chart.lines[0]
    assert first.changed is not None and first.changed.branch is B.寅
    assert Transformation.化空 in first.transformations
    assert first.standing.day_clash is None  # moving lines are never 散 by the day (D-05)


def test_kun_to_jin_changed_lines() -> None:
    """Z002-13, 子月卯日: line 6 酉 化巳 回頭克; the month 克 that 巳 and the day 沖 line 4's 變出 酉."""
    _, chart = _chart("Z002-13")
    six, four = chart.lines[5], chart.lines[3]
    assert Transformation.回頭克 in six.transformations
    assert six.changed is not None and MonthRelation.月克 in six.changed.standing.month
    assert four.changed is not None and DayRelation.日沖 in four.changed.standing.day


def test_strong_static_line_clashed_is_hidden_movement() -> None:
    """Z002-09, 卯月戊辰日: 戌 held by 卯月 (月合) and clashed by the 辰 day is 暗動."""
    _, chart = _chart("Z002-09")
    xu = next(ln for ln in chart.lines if ln.branch is B.戌)
    assert MonthRelation.月合 in xu.standing.month and xu.standing.day_clash is DayClash.暗動


def test_weak_static_line_clashed_is_day_break() -> None:
    # 子 in 午月 is 休囚 and 月破; on a 午 day it is clashed and not void: 日破.
    chart = build_chart(parse_cast("777777"), Moment.from_pillars("巳", "丙午"))
    zi = chart.lines[0]
    assert zi.branch is B.子 and zi.standing.season is Season.休囚 and not zi.standing.void
    assert zi.standing.day_clash is DayClash.日破


def test_season_table_literal() -> None:
    """002 月建章, month by month: 旺, 次之, 相, 餘氣, the rest 休囚."""
    text = {  # month: (次旺 branches, 相 element, 餘氣 element or "")
        "寅": ("卯", "火", ""), "卯": ("寅", "火", ""), "辰": ("丑未", "金", ""), "巳": ("午", "土", ""),
        "午": ("巳", "土", ""), "未": ("辰戌", "金", "火"), "申": ("酉", "水", ""), "酉": ("申", "水", ""),
        "戌": ("丑未", "金", ""), "亥": ("子", "木", ""), "子": ("亥", "木", ""), "丑": ("辰戌", "金", "水"),
    }
    element = dict(zip("子丑寅卯辰巳午未申酉戌亥", "水土木木土火火土金金土水"))
    for month, (nxt, xiang, yuqi) in text.items():
        for b in Branch:
            got = season(b, B[month])
            if b.name == month:
                assert got is Season.旺
            elif b.name in nxt:
                assert got is Season.次旺
            elif element[b.name] == xiang:
                assert got is Season.相
            elif element[b.name] == yuqi:
                assert got is Season.餘氣
            else:
                assert got is Season.休囚, (month, b.name)


def test_hexagram_level_changes() -> None:
    m = Moment.from_pillars("子", "甲子")
    both_rev = build_chart(parse_cast("977977"), m)  # 乾為天 → 巽為風
    assert both_rev.changed is not None and both_rev.changed.name == "巽為風"
    assert [c.value for c in both_rev.changes] == ["反吟卦"]
    inner_fu = build_chart(parse_cast("799777"), m)  # inner 乾 → 震: same branches
    assert [c.value for c in inner_fu.changes] == ["內卦伏吟"]
    assert all(Transformation.伏吟 in ln.transformations for ln in inner_fu.moving)
    to_harmony = build_chart(parse_cast("999777"), m)  # 乾為天 → 天地否
    assert to_harmony.changed is not None and to_harmony.changed.name == "天地否"
    assert "六沖變六合" in [c.value for c in to_harmony.changes]
    back = build_chart(parse_cast("777666"), m)  # 地天泰 → 乾為天
    assert back.hexagram.name == "地天泰" and "六合變六沖" in [c.value for c in back.changes]


def test_transformation_invariants_over_all_casts() -> None:
    """Facts that must agree with each other on every moving line of every cast, on several days."""
    from core.chart.relations import Stage

    for n, lines in enumerate(all_casts()):
        if "6" not in lines and "9" not in lines:
            continue
        moment = Moment.from_pillars(Branch(n % 12).name, str(StemBranch.from_index(n * 7 % 60)))
        for ln in build_chart(parse_cast(lines), moment).moving:
            t = set(ln.transformations)
            ch = ln.changed
            assert ch is not None
            assert (Transformation.化空 in t) == ch.standing.void
            assert (Transformation.化破 in t) == ch.standing.month_break
            assert (Transformation.回頭沖 in t) == (Transformation.反吟 in t)
            assert (Transformation.伏吟 in t) == (ch.branch is ln.branch)
            if t & {Transformation.化進神, Transformation.化退神}:
                assert ch.element is ln.element
            assert not (t >= {Transformation.回頭生, Transformation.回頭克})
            assert len(t & {Transformation.化墓, Transformation.化絕, Transformation.化長生, Transformation.化帝旺}) <= 1
            assert (Transformation.化墓 in t) == ((ch.branch - {"木": 11, "火": 2, "金": 5, "水": 8, "土": 8}[ln.element.name]) % 12 == Stage.墓.value)
