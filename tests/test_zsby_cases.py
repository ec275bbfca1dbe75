"""The engine against the worked cases of 增刪卜易's own chapters 18–34 (tests/data/zsby_cases, see tests/zsby.py).

Per case, like the seed cases: the author's line (or the line read with it), the author's moment among the first
three timings, the verdict on the author's side.  The cases the engine does not yet read as the author are listed
below with why; they are strict xfails, so a case that comes right must leave its list.  Overall rates are held
above floors so that a change that reads fewer cases as the book does fails.
"""

from __future__ import annotations

import pytest

from core.cast import parse_cast
from core.findings import Layer
from tests.zsby import cases, chart_of, evaluate, readable

READABLE = [c for c in cases() if readable(c)]
BY_ID = {c["id"]: c for c in READABLE}

# 占此應彼 (HJ-69): the cast answered a matter other than the one asked (the author says so); no engine can know.
_OTHER = "占此應彼 (HJ-69): the cast answered another matter than the one asked"

_CHAPTER = "the topic chapter reads it otherwise: "

# The line the author reads is not the engine's use-god nor its co-read line.
LINE_MISSES = {
    "ZD-L522": "a grave: the author reads the 4th line as the 穴 (site), a positional reading the catalogue lacks",
    "ZD-L855d": "the author's 亥水克世 does not fit the chart (notes); he reads the 回頭克 line 2",
    "ZD-L855e": "as ZD-L855d, the wife's cast of the same chart",
    **{cid: _OTHER for cid in ("ZD-L1604", "ZD-L1614", "ZD-L1630", "ZD-L1646", "ZD-L1663", "ZD-L1679")},
}

# The verdict falls on the other side from the author's, or on 平.  (ZD-L504 and ZD-L1566 were listed as 占此應彼:
# the text reads the asked matter from both — the trip not taken, the post not regained — so they are read here.)
VERDICT_MISSES = {
    "ZD-L522": "the author reads a positional line (the grave's site)",
    "ZD-L666": "the author leans to 當主難求 (丑財 void, its 元神 巳 化回頭克) but will not decide, 丑 being 有氣 in 辰月 "
               "(古法有氣不為空), and decides by the recast (L674); by his own XK2-02 a void line with force only waits",
    "ZD-L855d": "the author's reasoning does not fit the chart (notes)",
    "ZD-L855e": "the author's reasoning does not fit the chart (notes)",
    # the book against itself: XK2-07 makes a weak static void under a bad picture 到底空, and nothing supports the
    # 世 亥 the 未 month strikes; the author discusses only the 化退 忌神
    "ZD-L945": "the author lets a void, month-struck 世 官 succeed once the 忌神 is cleared (辰年)",
    "ZD-L1264": "世逢合而絆住: the author's verdict is good now (仕途平坦) and bad from the 巳 year that clashes the tie",
    # AD-01 holds across the chapters: the earth lines an earth day 「冲动」 in 坤之師 (L609) and 申月戊辰日 (L1085)
    # are void that day (沖空則實), and 晉's 未, clashed by the 丑 day and not void, stay inert (ZD-L1566); here the
    # 丑 世 is not void, and the author is silent on its 日破
    "ZD-L1404": "‹old›: the 世 is 日破, yet the author reads only whether the broken, entombed 鬼 harms it",
    **{cid: _OTHER for cid in ("ZD-L1614", "ZD-L1614b")},
    # 增刪卜易's own topic chapter for the matter (core/chapters, seed zsbyt) decides against the case's outcome; the
    # chapter is the specification (DESIGN "seed 000 vs 增刪卜易"), the case an example
    "ZD-L504": _CHAPTER + "出行章 CX-06 子孫發動 … 百禍潛消 (and CX-01 世化子孫) read the trip as good",
    "ZD-L512": _CHAPTER + "婚姻章 HYN-09 兄爻持世 … 此婚必難成 (no moving 財 combines the 世)",
    "ZD-L532": _CHAPTER + "鬥毆章 DO-01 應克世者他勝; 興詞章 XC-01 父官克世受屈含冤",
    "ZD-L554": _CHAPTER + "求財章 QC-07 兄爻安靜 … 不宜乎鬼動; QC-05 父動克福神",
    "ZD-L562": _CHAPTER + "行人章 XR-04 卦逢六沖，行人無定而不返",
    "ZD-L682b": _CHAPTER + "求財章 QC-07 兄爻安靜者，又不宜乎鬼動",
    "ZD-L783": _CHAPTER + "行人章 XR-04 卦逢六沖，行人無定而不返",
    "ZD-L937": _CHAPTER + "升選章 SB-07 世臨日破即使官星持世，不獨不能升選",
    "ZD-L1150": _CHAPTER + "求財章 QC-05 父動克福神 … 凡有所圖，水中撈月 (the coal came years late)",
    "ZD-L1377": _CHAPTER + "求財章 QC-05 兄動克財爻 … 水中撈月",
    "ZD-L1509": _CHAPTER + "升選章 SB-01 旺官持世 … 皆吉",
    "ZD-L1526b": _CHAPTER + "出行章 CX-01 應為地頭 … 空破墓絕 … 去之無益",
    "ZD-L1630": _CHAPTER + "升選章 SB-01 旺官持世 (the case is 占此應彼, HJ-69)",
}


# ZD-L1566 and ZD-L1566b (晉, then 恆之大過, one sitting, one 世 酉 broken by the 卯 month and entombed by the 丑 day)
# are told apart by their use-gods, as the author does: the broken 世 leaves nothing to do (JS-12 with 卷首's 百無所為)
# unless the use-god moves — 五爻官化進神乃再任之官也.  The author's 「官星兩現，皆空破」 for 晉 is loose against his own
# XK2-02 (the two 巳 官 are void but 相 in spring, so they only wait, and neither is 月破): the 世 decides, not the void.


def _param(ids: list[str], misses: dict[str, str] | set[str], why: str = "") -> list[object]:
    out: list[object] = []
    for cid in ids:
        reason = misses.get(cid) if isinstance(misses, dict) else (why if cid in misses else None)
        out.append(pytest.param(cid, marks=pytest.mark.xfail(strict=True, reason=reason)) if reason else cid)
    return out


def test_every_printed_chart_is_the_engines() -> None:
    """The lines read off each printed chart give the hexagrams the book names (the helpers checked each line)."""
    from core.hexagram import HEXAGRAMS

    for c in cases():
        if not c["lines"]:
            continue
        cast = parse_cast(c["lines"])
        bits = sum(1 << i for i, v in enumerate(cast.values) if int(v) in (7, 9))
        assert c["hexagram"] in HEXAGRAMS[bits].name, c["id"]


@pytest.mark.parametrize("cid", _param(sorted(c["id"] for c in READABLE if c["use_god"]
                                              and c["use_god"].get("position") is not None), LINE_MISSES))
def test_the_authors_line(cid: str) -> None:
    assert evaluate(BY_ID[cid])["line"], f"{cid}: {BY_ID[cid]['use_god']}"


@pytest.mark.parametrize("cid", _param(sorted(c["id"] for c in READABLE if c["verdict"] is not None),
                                       VERDICT_MISSES))
def test_the_authors_side(cid: str) -> None:
    e = evaluate(BY_ID[cid])
    assert e["verdict"][0], f"{cid}: the author's side {BY_ID[cid]['verdict']}, got {e['reading'].verdict.name}"


MOMENT_CASES = sorted(c["id"] for c in READABLE if any(m.get("happened") for m in c["moments"]))
# The cases whose moment the engine names among its first three today: a change that loses one fails here.
MOMENT_HITS = {
    "ZD-L1009", "ZD-L1033", "ZD-L1049", "ZD-L1078", "ZD-L1086", "ZD-L1094", "ZD-L1102", "ZD-L1126", "ZD-L1142",
    "ZD-L1159b", "ZD-L1178", "ZD-L1186", "ZD-L1194", "ZD-L1232", "ZD-L1282", "ZD-L1291", "ZD-L1299", "ZD-L1349",
    "ZD-L1357", "ZD-L1366", "ZD-L1377", "ZD-L1478", "ZD-L1499", "ZD-L1550", "ZD-L1566b", "ZD-L1587", "ZD-L1638",
    "ZD-L1687", "ZD-L546", "ZD-L562", "ZD-L613", "ZD-L627", "ZD-L643", "ZD-L651", "ZD-L708", "ZD-L768", "ZD-L783",
    "ZD-L791", "ZD-L838", "ZD-L846", "ZD-L855c", "ZD-L911", "ZD-L929", "ZD-L937", "ZD-L953", "ZD-L961", "ZD-L969",
    "ZD-L985",
}


@pytest.mark.parametrize("cid", sorted(MOMENT_HITS))
def test_the_authors_moment_among_the_first_three(cid: str) -> None:
    """The cases whose moment the engine names first, second or third: none may fall out."""
    assert evaluate(BY_ID[cid])["moment"]


def test_rates_over_the_book() -> None:
    """Floors under today's rates (line 91.5 % of 106, moment 52 %, same side 79.4 %, other side 17.8 % of 107; the
    verdict rates fell from 89.7 % and 9.3 % when each matter came to be judged by its own topic chapter)."""
    lines = [evaluate(c)["line"] for c in READABLE if c["use_god"] and c["use_god"].get("position") is not None]
    sides = [evaluate(c)["verdict"] for c in READABLE if c["verdict"] is not None]
    assert sum(map(bool, lines)) / len(lines) >= 0.915
    assert len(MOMENT_HITS) / len(MOMENT_CASES) >= 0.52
    assert sum(s[0] for s in sides) / len(sides) >= 0.794
    assert sum(s[1] for s in sides) / len(sides) <= 0.178


def test_a_case_chart_is_built_on_its_printed_day() -> None:
    c = BY_ID["ZD-L504"]
    chart = chart_of(c)
    assert (chart.moment.month_branch.name, str(chart.moment.day)) == ("申", "丙子")
    assert [ln.position for ln in chart.lines if ln.moving] == [1, 4]
    assert chart.lines[3].world and chart.lines[3].branch.name == "丑" and Layer.LINE
