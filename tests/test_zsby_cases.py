"""The worked cases of 增刪卜易's chapters 18–34 (tests/data/zsby_cases, see tests/zsby.py) as tests of what the
author *explains*: per case, the engine reads the line he reads (his use-god or the line he reads with it), and each
reason he gives (a rule id of the catalogue, where the engine implements that rule) is among the reading's rules.

Nothing here counts hits or holds a rate: whether the engine's verdict and moments agree with the author's is
printed by ``python -m tests.zsby`` (a reading aid, "seen" cases), never asserted, so that the engine follows the
text and not its examples.  Where the engine and the author part, the case's test is a non-strict ``xfail`` naming
the doctrine conflict — which rule, and why the engine's reading of its passage differs from the author's use of it
here — so that a change which follows the text more closely may bring a case in without editing this file.  Each
rule's own correctness is tested on charts built for it from its passage (tests/test_chapter_rules.py,
tests/test_decision_rules.py and the module tests), not here.
"""

from __future__ import annotations

from functools import cache

import pytest

from core.chart.cast import parse_cast
from core.findings import Layer
from core.reading.pipeline import Reading
from core.rules import ids
from tests.zsby import cases, chart_of, evaluate, readable

READABLE = [c for c in cases() if readable(c)]
BY_ID = {c["id"]: c for c in READABLE}
IMPLEMENTED = frozenset(ids())  # the catalogue ids the engine registers (core/rules.py), read when collected

# 占此應彼 (HJ-69): the author says the cast answered another matter than the one asked; no engine can know.
_OTHER = "占此應彼 (HJ-69): the author reads the cast as answering another matter than the one asked"

# The line the author reads is not the engine's use-god nor its co-read line.
LINE_CONFLICTS = {
    "ZD-L522": "a grave: the author reads the 4th line as the 穴 (site), a positional reading the catalogue lacks",
    "ZD-L855d": "the author's 亥水克世 does not fit the chart (notes); he reads the 回頭克 line 2",
    "ZD-L855e": "as ZD-L855d, the wife's cast of the same chart",
    **{cid: _OTHER for cid in ("ZD-L1604", "ZD-L1614", "ZD-L1630", "ZD-L1646", "ZD-L1663", "ZD-L1679")},
}

# Each rule the author gives as a reason where the engine's reading of the rule's passage does not reach: why, and
# the cases.  The engine emits a rule id only where its condition holds, at the scope the engine gives the passage.
CONFLICTS: dict[str, tuple[str, tuple[str, ...]]] = {
    "JS-05": (
        ("卷首 (L443–451) reads 回頭生 and 回頭克 of any line, the 元神's and the 忌神's too; the engine emits "
         "JS-05 only for the use-god or the 世 itself turning 回頭生 (a decision step, core/reading/step5_overrides.py), and "
         "files a 回頭克 under HJ-44"),
        ("ZD-L554", "ZD-L579", "ZD-L666", "ZD-L855c", "ZD-L911", "ZD-L920", "ZD-L1001", "ZD-L1159", "ZD-L1412",
         "ZD-L1499", "ZD-L1550", "ZD-L1654", "ZD-L1671")),
    "JT-02": (
        ("「所喜者宜於化進，所忌者宜化退神」 (L896): the author lets any line advance, a weak, void or broken "
         "one too (「動日月化空破，亦能進」); the engine reads 化進 of the use-god only when it is 旺 and its "
         "change strong (JT-03 乘勢而進), and of a party opposing the use-god"),
        ("ZD-L768", "ZD-L911", "ZD-L929", "ZD-L937", "ZD-L977", "ZD-L985", "ZD-L1009", "ZD-L1033", "ZD-L1041",
         "ZD-L1159", "ZD-L1566b", "ZD-L903")),
    "LH-10": (
        ("「必要世爻在局為美」 (L531): the engine reads a 局 against the 世 when it is of the use-god's element or of "
         "its 元神 (the matter's frame); the author reads the 世 and the child's line inside one wood frame (亥卯未) "
         "as father and son meeting, a frame of neither the use-god's (水) nor its 元神's (金) element"),
        ("ZD-L886",)),
    "JT-04": (
        ("退神之法有四 (L1065): the author cites it mostly to deny a 退 (「占近事豈可曰退」, 「旺而不退」, "
         "「不及退」) or of a line other than the use-god (a 父 or 忌神 that 化退); the engine reads JT-04 of "
         "the use-god only, and emits nothing where the 退 does not hold, so a denial leaves no finding"),
        ("ZD-L783", "ZD-L953", "ZD-L993", "ZD-L1017", "ZD-L1025", "ZD-L1025b", "ZD-L1066")),
    "AD-01": (
        ("L600 「靜爻旺相日辰沖之為暗動，休囚……為破」: the engine emits AD-01 only on the 日破 side (a use-god "
         "the day breaks is useless); the 暗動 side, which the author cites here, enters the line's state "
         "(DayClash.暗動) with no finding of its own"),
        ("ZD-L554", "ZD-L602", "ZD-L903", "ZD-L1078", "ZD-L1299")),
    "XK2-05": (
        ("「出空之日」 / 「出月而不為破」 (L697): the engine emits XK2-05 only for a changed line the month "
         "breaks and for a void 世 beside the use-god; it dates a use-god's 出空 under the id of its case — "
         "YQ-08, HJ-14 (化空), FS-06 (伏神), HJ-35 (近病), XK2-03 (出旬) — where the author cites XK2-05"),
        ("ZD-L838", "ZD-L985", "ZD-L1159b", "ZD-L1178", "ZD-L1349", "ZD-L1394")),
    "YQ-08": (
        ("旬空最愛填沖 (L738): the engine dates a fill under the id of its case — a void the day already "
         "clashes full under XK2-08 (沖空則實), a void changed line under HJ-14 (化空), a void 世 beside the "
         "use-god under XK2-05 — and keeps YQ-08 for the use-god's own unfilled void; the author cites YQ-08 "
         "for those"),
        ("ZD-L546", "ZD-L682", "ZD-L783", "ZD-L929", "ZD-L1001", "ZD-L1159b")),
    "TT-03": (
        ("用神化凶 (L721) lists 化回頭克, 化絕, 化墓, 化空, 化鬼, 化退 of the use-god or its 元神: the engine "
         "files each kind under its own id (HJ-44, HJ-38, JT-04 … given where they hold), emits TT-03 only for "
         "the use-god's 化鬼, not in a lawsuit, where it reads the 官鬼 as the court (ZD-L579: 世爻變鬼 in an "
         "arrest), and reads no other line's 化凶 (a 子孫 or a 財 變鬼, 化絕)"),
        ("ZD-L504", "ZD-L579", "ZD-L855c", "ZD-L920", "ZD-L1509")),
    "YQ-15": (
        ("應於變爻動爻 (L745): the author dates with the changed branch of a moving line other than the "
         "engine's use-god (a 獨發 line, a 化出); the engine names the changed branch of the use-god's line"),
        ("ZD-L1150",)),
    "FF-02": (
        ("反伏 (L634–635) 「內卦反伏，內則不安。外卦反伏，外則不寧」 against 「第恐用神而化回頭之沖克者，即是卦變大凶"
         "之象」: where the use-god moves in the reversed trigram and its change clashes and overcomes it, the "
         "engine reads FF-03 (given) in place of FF-02's 反復"),
        ("ZD-L635",)),
    "FF-03": (
        ("反伏 with 回頭沖克 (L635): the engine emits FF-03 only for the use-god in the reversed trigram"),
        ("ZD-L643",)),
    "FS-01": (
        ("用神不現 (L810): the author cites FS-01 for the search for the 伏神; the engine cites it only when "
         "it takes the month or the day as the use-god, and finds the 伏神 without that id"),
        ("ZD-L666b", "ZD-L838", "ZD-L846", "ZD-L855")),
    "FS-10": (
        ("L876–877 dates the death by the 亥 回頭克 of the third cast (ZD-L855c) in the author's recast of "
         "three charts (XK2-03); this chart does not hold that 回頭克"),
        ("ZD-L855", "ZD-L855b")),
    "HJ-44": (
        ("凡占回頭之克，占病、占壽、占年運…十有九死 (L1444): the 世 here is a 官鬼 turning 回頭克, which the "
         "engine reads first as HJ-32's 鬼 struck off the 世 (獨官鬼持世…最宜日月動爻相沖克, a good sign in a "
         "matter not about office); the author reads the 回頭克 as the querent's death"),
        ("ZD-L1654",)),
    "JS-17": (
        ("L9 「若遇兄弟持世……何異緣木求魚」 against 野鶴's exception (L1376) 「兄爻持世化出財爻而得財」: the 兄 on "
         "the 世 turning into the 財 is read as HJ-34 (given here) in place of JS-17, so JS-17 is not given"),
        ("ZD-L1377",)),
    "TT-01": (
        ("用神旺 (L719) by the day, the month, a moving line or 長生/帝旺: the engine cites TT-01 only as the "
         "use-god's 'acts now' when no other usability rule (a void that waits, a tie, a tomb) comes first, "
         "and reads the strength of other lines without it"),
        ("ZD-L1102", "ZD-L1186", "ZD-L1412", "ZD-L1614b")),
    "YP-03": (
        ("月破 (L767) of a line other than the use-god (a broken 元神, a broken changed line): the engine "
         "reads YP-03 in the use-god's usability only, and files a broken changed use-god under XK2-05 "
         "(出月而不為破, ZD-L682b)"),
        ("ZD-L682b", "ZD-L929", "ZD-L1526b")),
    "JS-25": (
        ("近病逢空即愈 (L18): the engine files the void side of 近病 under HJ-35 (論空不論克) and emits JS-25 "
         "only for a six-clash"),
        ("ZD-L985", "ZD-L1159b", "ZD-L1394")),
    "LH-03": (
        ("動而逢合 絆住 (L502): the author ties a line other than the use-god (a changed 丑 that holds the 子, "
         "the 世 tied by the day); the engine reads the tie in the use-god's usability only"),
        ("ZD-L1049", "ZD-L1186", "ZD-L1264")),
    "SG-02": (
        ("真墓 (L1109): the author cites the rule to deny it — 「旺相者非真」, 「墓破如破網」; the engine "
         "emits SG-02 only for a real tomb, so a tomb it rightly finds unreal leaves no finding"),
        ("ZD-L1086", "ZD-L1094", "ZD-L1102")),
    "XK2-03": (
        ("凡遇旬空，命之再占 (L665): the author settles the void by a recast, a method no single chart holds; "
         "the engine's XK2-03 is only the near-matter 出旬 day"),
        ("ZD-L666b", "ZD-L682", "ZD-L682b")),
    "GB-03": (
        ("卦變生克 (L621–626): the engine reads a hexagram's change only as the book's cases have it, a pure "
         "hexagram into a pure one, and emits GB-03 only when the change generates it; the author cites GB-03 "
         "beside 化去不克 (巽化坤, where the hexagram overcomes its change: no finding) and beside 巽化乾's "
         "回頭克 (GB-02, given)"),
        ("ZD-L579", "ZD-L626")),
    "JT-03": (
        ("乘勢而進 / 待時而進 (L1065) of a line other than the use-god (the 五爻 官 進神, the 財 on the 世); "
         "the engine reads JT-03 of the use-god and of an attacker"),
        ("ZD-L903", "ZD-L1057")),
    "LC-03": (
        ("凶事宜沖散 (L545) 「用神旺雖沖不破，用神失陷凶而又凶」: the engine emits LC-03 only where the clash "
         "acts (it disperses a trouble, scatters a weak use-god); a strong use-god the clash does not break "
         "leaves no finding (ZD-L562), and an illness's six-clash is read by JS-24/25/26 instead (ZD-L969)"),
        ("ZD-L562", "ZD-L969")),
    "LX-02": (
        ("兩現 取空破 (L1177): the engine takes the void or broken copy itself as the use-god here, so no "
         "other copy is timed by it and LX-02 (a copy that times) is not given"),
        ("ZD-L1194",)),
    "XK2-07": (
        ("事在一旬之外 … 太歲月建又可填之 (L699): the author's void use-god here is 旺 or 有氣, which the "
         "engine reads under XK2-02 (不為空, it waits) and dates under YQ-08; it keeps XK2-07 for a weak, "
         "static void"),
        ("ZD-L1186", "ZD-L1232")),
    "XK2-08": (
        ("沖空則實 (L775): the engine's XK2-08 is a static void line the day clashes; the author applies it to "
         "the moving 世 (ZD-L768) and to the next day's clash (ZD-L1078), which the engine dates under YQ-08"),
        ("ZD-L768", "ZD-L1078")),
    "YQ-02": (
        ("動而逢合逢值 (L732) of a moving line other than the use-god (the 獨發 子孫 that strikes the 鬼)"),
        ("ZD-L1142", "ZD-L1349")),
    "FS-06": (
        ("用神旺相而遇旬空，出空之日則出 (L837): the void here is the 飛神's (丑土旬空伏易出), which the "
         "engine's FS-06 (the hidden use-god itself void) does not cover"),
        ("ZD-L846",)),
    "FS-08": (
        ("飛爻變爻俱無用神者，始尋伏神 (L886): the author takes the changed 巳 官 over the 伏神, the shown 午 "
         "官 being 月破; the engine cites FS-08 only when no line shows the use-god, and here reads the shown, "
         "broken 午 官"),
        ("ZD-L879",)),
    "HJ-16": (
        ("世逢合而絆住，逢沖之年月則開 (L1271): the engine times HJ-16 for a tied party acting on the use-god; "
         "here the tied line is the 世, which is not the use-god"),
        ("ZD-L1264",)),
    "YQ-06": (
        ("遇六合亦宜相擊 (L736) for the tied 世; the engine times the tie of the use-god"),
        ("ZD-L1264",)),
    "HJ-24": (
        ("虛一待用 (L1290–1306): the engine gives the 三合 that waits for its missing member under LH-11 "
         "(frame_completed, given here) and keeps HJ-24 for a 三刑"),
        ("ZD-L1299",)),
    "HJ-32": (
        ("獨官鬼持世 … 最宜日月動爻相沖克 (L1348): the engine reads it only when the 世 is the use-god and the "
         "matter is not one where the 官鬼 is the trouble itself (illness, office, lawsuit); the author lifts "
         "the 鬼 on the 世 in his wife's illness, whose use-god is the 財"),
        ("ZD-L1349",)),
    "HJ-35": (
        ("近病逢空即愈 (L1402): the engine reads it only for an illness the querent calls recent; the author "
         "does not say (notes), and the case leaves it unsaid"),
        ("ZD-L1349",)),
    "HJ-34": (
        ("忌臨身而多阻無成 (L1375): the engine reads a 子孫 (the office's 忌神) on the 世 under JS-16 (given "
         "here) and keeps HJ-34 for the 世's obstacle changing into the use-god"),
        ("ZD-L1558",)),
    "HJ-38": (
        ("化墓化絕 … 化空 (L1421): the author's change here is 化空 (亥化寅空亡), which the engine dates under "
         "HJ-14"),
        ("ZD-L1159b",)),
    "HJ-43": (
        ("變鬼 (L1426): the engine reads HJ-43 of the 世 and the use-god changing into the office; the author "
         "reads the 世 and the 子孫 together changing into a 鬼 in a trade"),
        ("ZD-L1435",)),
    "HJ-52": (
        ("用神克世 (L1477): the engine reads HJ-52 of the use-god striking the 世; the author's striker here "
         "is the 應 on the month (應臨月建之財以克世)"),
        ("ZD-L1178",)),
    "HJ-54": (
        ("休囚被克而又絕 (L1487): the author cites the rule to deny it (旺相不妨); the engine emits HJ-54 only "
         "when it holds"),
        ("ZD-L1671",)),
    "HJ-66": (
        ("元神被傷 (L1508): the engine reads HJ-66 only in a long matter asked far ahead (money, office, land "
         "…); the author reads it in an illness (父母爻既無水養且化退神，正以絕其源)"),
        ("ZD-L977",)),
    "JS-12": (
        ("世臨月破 (L442): the engine reads JS-12 only when the 世 is static, unsupported and 失陷; in ZD-L1427 the "
         "broken 世 moves into a 官 (HJ-43 變鬼), in ZD-L1242 the broken, void 世 moves into the 午 that strikes it "
         "back (回頭克, read as HJ-44)"),
        ("ZD-L1427", "ZD-L1242")),
    "JS-24": (
        ("不拘久病近病 … 立保安康 (L18) is an illness's rule; the author reads this cast, asked about office, "
         "as the father's question on his son's illness"),
        ("ZD-L1614b",)),
    "JS-26": (
        ("久病逢沖莫治 (L18): the engine reads JS-24 「不拘久病近病……立保安康」 before JS-26, so this strong, "
         "favoured 世 is not capped by the clash (JT-04's 化退 「命脈漸漸消枯」 then ends it 凶); the author "
         "reads the long illness's six-clash as JS-26 at once"),
        ("ZD-L969",)),
    "LH-02": (
        ("六沖變合 (L501): the author's use-god is not read (no line is given); the engine's LH-02 is a "
         "combination's harm on the use-god"),
        ("ZD-L512",)),
    "YP-04": (
        ("實破之年 (L782): the author dates ZD-L768's broken 官 from this second cast; the engine dates the "
         "break of this chart's own use-god"),
        ("ZD-L768b",)),
    "YQ-01": (
        ("靜而逢值逢沖 (L731) is the static line's moment; the engine's use-god here moves (外卦伏吟), timed "
         "under FF-04 and YQ-02"),
        ("ZD-L651",)),
    "YQ-03": (
        ("太旺者逢墓 (L733) of the 午 子孫 on the month and the day: the engine reads that sky stored in its "
         "tomb under HJ-47 (weather) and times YQ-03 only for its use-god's own 太旺, not the co-read changed "
         "line's"),
        ("ZD-L1456",)),
    "YQ-07": (
        ("月破喜填 (L737) of the changed 未 (又破又空); the engine times the break of the use-god itself"),
        ("ZD-L929",)),
}


def conflict(cid: str, rule: str) -> str | None:
    """Why the engine does not give the author's reason ``rule`` on case ``cid`` (None: it should)."""
    if cid in LINE_CONFLICTS:
        return f"the engine reads another line ({LINE_CONFLICTS[cid]}), so not his {rule}"
    why, where = CONFLICTS.get(rule, ("", ()))
    if cid not in where:
        return None
    other = "HJ-69" in BY_ID[cid]["reasons"]
    return f"{rule}: {why}" + (f"; and {_OTHER}" if other else "")


@cache
def reading(cid: str) -> Reading:
    r: Reading = evaluate(BY_ID[cid])["reading"]
    return r


def _xfail(cid: str, why: str | None) -> object:
    return pytest.param(cid, marks=pytest.mark.xfail(strict=False, reason=why)) if why else cid


def test_every_printed_chart_is_the_engines() -> None:
    """The lines read off each printed chart give the hexagrams the book names (the helpers checked each line)."""
    from core.chart.hexagram import HEXAGRAMS

    for c in cases():
        if not c["lines"]:
            continue
        cast = parse_cast(c["lines"])
        bits = sum(1 << i for i, v in enumerate(cast.values) if int(v) in (7, 9))
        assert c["hexagram"] in HEXAGRAMS[bits].name, c["id"]


@pytest.mark.parametrize("cid", [_xfail(cid, LINE_CONFLICTS.get(cid)) for cid in sorted(
    c["id"] for c in READABLE if c["use_god"] and c["use_god"].get("position") is not None)])
def test_the_authors_line(cid: str) -> None:
    """The engine's use-god, or the line it reads with it, is the line the author reads."""
    assert evaluate(BY_ID[cid])["line"], f"{cid}: {BY_ID[cid]['use_god']}"


@pytest.mark.parametrize("cid,rule", [
    pytest.param(c["id"], rule, id=f"{c['id']}:{rule}",
                 marks=[pytest.mark.xfail(strict=False, reason=why)] if (why := conflict(c["id"], rule)) else [])
    for c in READABLE for rule in c["reasons"] if rule in IMPLEMENTED])
def test_the_authors_reason(cid: str, rule: str) -> None:
    """Each reason the author gives, where the engine implements its rule, is among the reading's rules."""
    assert rule in reading(cid).rules, f"{cid}: the author's {rule} is not among {sorted(reading(cid).rules)}"


def test_every_conflict_names_a_reason_the_author_gives() -> None:
    """A conflict listed here is one of the case's own reasons, on a case the engine reads, with a rule it
    implements: the list cannot outlive the data."""
    for rule, (why, where) in CONFLICTS.items():
        assert rule in IMPLEMENTED and why, rule
        for cid in where:
            assert cid in BY_ID and rule in BY_ID[cid]["reasons"], (rule, cid)
    assert set(LINE_CONFLICTS) <= set(BY_ID)


def test_a_case_chart_is_built_on_its_printed_day() -> None:
    c = BY_ID["ZD-L504"]
    chart = chart_of(c)
    assert (chart.moment.month_branch.name, str(chart.moment.day)) == ("申", "丙子")
    assert [ln.position for ln in chart.lines if ln.moving] == [1, 4]
    assert chart.lines[3].world and chart.lines[3].branch.name == "丑" and Layer.LINE
