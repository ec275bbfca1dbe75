"""神煞 of seed 001 (易冒): every star against the text's own verses and rules, a day's almanac, and a chart.

Expected values are transcribed from the seed (法曰 / 口訣 and the stated rules), month by month or stem by stem,
and compared with what ``core.stars`` computes at a moment — never with its tables.
"""

from __future__ import annotations

import random
from datetime import datetime, timedelta
from pathlib import Path
from zoneinfo import ZoneInfo

import pytest

from core.chart.calendar import Moment
from core.chart.cast import parse_cast
from core.chart.chart import build_chart
from core.chart.ganzhi import Branch, Stem, StemBranch
from core.findings import Effect, Layer, Place
from core.stars import (
    STAR_BY_ID,
    STARS,
    Keyed,
    Matter,
    Nature,
    Quarter,
    almanac,
    chart_stars,
    counting_stars,
    grouped_stars,
)

SEED = Path(__file__).resolve().parent / "data" / "seeds" / "001_e929b0eae94976ad.txt"  # a copy of shared/seeds
MONTH = dict(enumerate("寅卯辰巳午未申酉戌亥子丑", start=1))  # 正月 寅 … 十二月 丑
STEMS = "甲乙丙丁戊己庚辛壬癸"
ANIMAL = dict(zip("鼠牛虎兔龍蛇馬羊猴雞犬豬", "子丑寅卯辰巳午未申酉戌亥"))
ANIMAL["豕"] = "亥"


def month_moment(n: int) -> Moment:
    return Moment.from_pillars(MONTH[n], "甲子")


def at_months(star_id: str) -> dict[int, str]:
    """The star's targets in months 1–12 as the characters of their names ("" when absent)."""
    star = STAR_BY_ID[star_id]
    out = {}
    for n in range(1, 13):
        targets = star.targets(month_moment(n))
        out[n] = "".join(sorted(t.name for t in targets)) if targets is not None else ""  # type: ignore[union-attr]
    return out


def at_stems(star_id: str) -> dict[str, str]:
    star = STAR_BY_ID[star_id]
    out = {}
    for i, s in enumerate(STEMS):
        targets = star.targets(Moment.from_pillars("寅", StemBranch.from_index(i)))
        assert targets is not None
        out[s] = "".join(sorted(t.name for t in targets))  # type: ignore[union-attr]
    return out


def norm(value: str) -> str:
    return "".join(sorted(value, key=lambda c: "子丑寅卯辰巳午未申酉戌亥甲乙丙丁戊己庚辛壬癸".index(c)))


def months(text: str) -> dict[int, str]:
    """Twelve characters for 正月 … 十二月."""
    assert len(text) == 12
    return {n: text[n - 1] for n in range(1, 13)}


def numbered(spec: dict[tuple[int, ...], str]) -> dict[int, str]:
    """A verse by month numbers: {(1, 7): "午", …}."""
    out = {n: v for ns, v in spec.items() for n in ns}
    assert sorted(out) == list(range(1, 13))
    return out


def seasons(spring: str, summer: str, autumn: str, winter: str) -> dict[int, str]:
    by = {1: spring, 2: spring, 3: spring, 4: summer, 5: summer, 6: summer,
          7: autumn, 8: autumn, 9: autumn, 10: winter, 11: winter, 12: winter}
    return by


def frames(**by_frame: str) -> dict[int, str]:
    """By the month's frame, given as 寅午戌="…" etc."""
    out = {}
    for frame, value in by_frame.items():
        for branch in frame:
            n = next(k for k, b in MONTH.items() if b == branch)
            out[n] = value
    assert sorted(out) == list(range(1, 13))
    return out


def same(star_id: str, expected: dict[int, str]) -> None:
    got = at_months(star_id)
    want = {n: norm(v) for n, v in expected.items()}
    assert {n: norm(v) for n, v in got.items()} == want, star_id


def same_stems(star_id: str, expected: dict[str, str]) -> None:
    got = at_stems(star_id)
    assert {k: norm(v) for k, v in got.items()} == {k: norm(v) for k, v in expected.items()}, star_id


def animals(verse: dict[str, str]) -> dict[str, str]:
    """Stem groups → animals, e.g. {"甲": "羊", "戊庚": "牛"} → per stem branch."""
    out: dict[str, str] = {}
    for stems, beasts in verse.items():
        for s in stems:
            out[s] = out.get(s, "") + "".join(ANIMAL.get(b, b) for b in beasts)
    assert sorted(out, key=STEMS.index) == list(STEMS)
    return out


# ---- the catalogue -------------------------------------------------------------------------------------

# seed001_rules.md §4 lists: 九曜 positioned 3 + 三垣 3 (§4.1); four 德 (§4.2); 8 day-stem stars + 五符 12 (§4.3);
# 將星 series 12 (§4.4); 56 month/season stars with 血刃/血忌 as one (§4.5); 天罡 河魁, 12 year gods, 4 attached,
# 2 monthly (月上飛廉 五鬼), 天官符 (§4.6); 鶴神, 天赦 (§4.7).
NOTES_COUNT = 6 + 4 + 20 + 12 + 56 + 21 + 2


def test_count_at_least_the_notes() -> None:
    assert len(STARS) >= NOTES_COUNT
    by_key = {k: sum(s.key is k for s in STARS) for k in Keyed}
    assert by_key == {Keyed.YEAR_BRANCH: 16, Keyed.MONTH_BRANCH: 45, Keyed.SEASON: 14, Keyed.FRAME: 22,
                      Keyed.DAY_STEM: 20, Keyed.DAY_PILLAR: 1, Keyed.HOUR: 3, Keyed.YEAR_MONTH: 1}


def test_consolidated_table_names_all_present() -> None:
    """Every row of notes §4.8 (month-keyed lookup) is a star here."""
    rows = ("天德 天干天德 月德 天干月德 天財 地財 天馬 天喜 天解 月解 喝散 天醫 活曜 雷火 網羅 旌旗 天耳 天目 天罡煞 天犬 "
            "天豬 天鼠 天牛 大騰蛇 暗金 破碎 大耗 小耗 月空 月煞 天賊 天狗 地賊 天燭 天火 生氣 死氣 死氣官符 錘門官符 天獄 "
            "地獄 血刃 血忌 陰煞 折煞 浴盆 咸池 天哭 喪門 弔客 喪車 五墓 三坵 孤辰 寡宿 往亡 歸忌 覆舟 白浪 天罡 河魁 "
            "月上飛廉 月上五鬼 紫微垣 天市垣 太微垣 荒蕪 天赦 關鎖").split()
    names = {s.name for s in STARS} | {a for s in STARS for a in s.aliases}
    assert [r for r in rows if r not in names] == []


def test_ids_rules_and_tables_complete() -> None:
    assert len({s.id for s in STARS}) == len(STARS)
    for i, star in enumerate(STARS):
        assert star.id.isascii() and star.id == star.id.lower(), star.id
        assert star.rule == f"SS-{i + 1:02d}" and star.source.seed == "001" and 51 <= star.source.line <= 223
        size = {Keyed.YEAR_BRANCH: 12, Keyed.MONTH_BRANCH: 12, Keyed.SEASON: 4, Keyed.FRAME: 4, Keyed.DAY_STEM: 10,
                Keyed.DAY_PILLAR: 60, Keyed.HOUR: 144, Keyed.YEAR_MONTH: 48}[star.key]
        expected = 6 if star.id in ("xue_ren", "xue_ji") else size  # 血刃 odd months only, 血忌 even only
        assert len(star.table) == expected, star.id
        assert set(star.favours) <= set(star.matters) and set(star.avoid) <= set(star.matters)
        assert star.matters, star.id
        if star.nature is Nature.GOOD:
            assert star.favours and not star.avoid, star.id
        if star.nature is Nature.BAD:
            assert star.avoid and not star.favours, star.id


@pytest.mark.skipif(not SEED.exists(), reason="seed text not available")
def test_every_source_line_names_its_star() -> None:
    lines = SEED.read_text(encoding="utf-8").splitlines()
    for star in STARS:
        text = lines[star.source.line - 1]
        assert any(n in text for n in (star.name, *star.aliases)), (star.id, star.source.line)


# ---- 天象 --------------------------------------------------------------------------------------------

def test_dipper_worked_example() -> None:
    """如寅建午時占，以戌加寅起至午時在戌，以戌上為破軍，亥是左輔，子是右弼."""
    m = Moment.at(datetime(2026, 2, 20, 12, 0, tzinfo=ZoneInfo("Asia/Shanghai")), "Asia/Shanghai")
    assert m.month_branch is Branch.寅 and m.hour is not None and m.hour.branch is Branch.午
    assert [STAR_BY_ID[i].targets(m) for i in ("po_jun", "zuo_fu", "you_bi")] == [
        (Branch.戌,), (Branch.亥,), (Branch.子,)]


def test_dipper_by_the_procedure() -> None:
    """月月常加戌，時時起破軍: the month sits on the 戌 hour; walk hour by hour to the hour of the cast."""
    star = STAR_BY_ID["po_jun"]
    order = "子丑寅卯辰巳午未申酉戌亥"
    for month in order:
        for hour in order:
            h, b = order.index("戌"), order.index(month)
            while order[h] != hour:
                h, b = (h + 1) % 12, (b + 1) % 12
            assert star.table[(Branch[month], Branch[hour])] == (Branch[order[b]],)
            assert STAR_BY_ID["zuo_fu"].table[(Branch[month], Branch[hour])] == (Branch[order[(b + 1) % 12]],)
            assert STAR_BY_ID["you_bi"].table[(Branch[month], Branch[hour])] == (Branch[order[(b + 2) % 12]],)


def test_three_enclosures() -> None:
    """紫微垣…起子，天市垣…起寅，太微垣…起巳; 三垣皆以正月起順行."""
    same("zi_wei_yuan", months("子丑寅卯辰巳午未申酉戌亥"))
    same("tian_shi_yuan", months("寅卯辰巳午未申酉戌亥子丑"))
    same("tai_wei_yuan", months("巳午未申酉戌亥子丑寅卯辰"))


# ---- 四德 --------------------------------------------------------------------------------------------

def test_four_virtues() -> None:
    same("tian_de", months("亥子丑寅卯辰巳午未申酉戌"))  # 正月起亥而順行
    # 正丁二申宮，三壬四辛同，五亥六甲上，七癸八寅從，九丙十居乙，子巳丑庚逢
    same("tian_de_gan", numbered({(1,): "丁", (2,): "申", (3,): "壬", (4,): "辛", (5,): "亥", (6,): "甲",
                                  (7,): "癸", (8,): "寅", (9,): "丙", (10,): "乙", (11,): "巳", (12,): "庚"}))
    same("yue_de", months("未申酉戌亥子丑寅卯辰巳午"))  # 自未而順行
    # 寅午戌建而舉丙，亥卯未建而舉甲，巳酉丑月德在庚，申子辰月德在壬
    same("yue_de_gan", frames(寅午戌="丙", 亥卯未="甲", 巳酉丑="庚", 申子辰="壬"))
    assert isinstance(STAR_BY_ID["tian_de_gan"].table[Branch.寅][0], Stem)
    assert isinstance(STAR_BY_ID["tian_de_gan"].table[Branch.卯][0], Branch)  # 申 = 坤宮


# ---- day-stem stars -------------------------------------------------------------------------------------

YANG_GUI = animals({"甲": "羊", "戊庚": "牛", "乙": "猴", "己": "鼠", "丙": "雞", "丁": "豬", "壬": "兔", "癸": "蛇",
                    "辛": "虎"})  # 甲羊戊庚牛，乙猴己(巳)鼠頭，丙雞丁豬走，壬兔癸蛇游，六辛騎猛虎
YIN_GUI_PRINTED = animals({"甲": "牛", "戊庚": "羊", "乙": "鼠", "己": "猴", "丙": "雞", "丁": "豬", "壬": "蛇",
                           "癸": "兔", "辛": "馬"})  # 甲牛戊庚羊，乙鼠己(巳)猴鄉，丙雞丁豬位，壬蛇癸兔藏，六辛乘駿馬


def test_noble_both_verses_with_the_yin_correction() -> None:
    """易筮不分陰陽: both nobles.  The printed 陰 verse's 丙雞丁豬 is read 丙豬丁雞 (陰貴亦然 by construction)."""
    yin = dict(YIN_GUI_PRINTED, 丙="亥", 丁="酉")
    same_stems("tian_yi_gui_ren", {s: YANG_GUI[s] + yin[s] for s in STEMS})
    assert {s for s in STEMS if YIN_GUI_PRINTED[s] != yin[s]} == {"丙", "丁"}


def test_yang_noble_by_the_construction() -> None:
    """天王立甲子而順求之: stem k on its branch gives that branch to its 合 partner; skip 辰 午 戌 and 子 again."""
    order, skip = "子丑寅卯辰巳午未申酉戌亥子丑", {4, 6, 10, 12}
    seats = [b for i, b in enumerate(order) if i not in skip][:10]
    partner = {s: STEMS[(i + 5) % 10] for i, s in enumerate(STEMS)}
    assert {partner[s]: seats[i] for i, s in enumerate(STEMS)} == YANG_GUI


def test_day_stem_stars() -> None:
    # 甲虎乙豬牛，丙同犬鼠遊，丁雞戊猴走，己羊庚馬頭，辛蛇癸逐兔，壬日占龍樓
    same_stems("fu_xing_gui_ren", animals({"甲": "虎", "乙": "豬牛", "丙": "犬鼠", "丁": "雞", "戊": "猴", "己": "羊",
                                           "庚": "馬", "辛": "蛇", "癸": "兔", "壬": "龍"}))
    # 甲丁蛇位號天廚，丙鼠壬雞癸伴豬，乙戊辛干皆向馬，己猴庚虎福神殊
    same_stems("tian_chu_gui_ren", animals({"甲丁": "蛇", "丙": "鼠", "壬": "雞", "癸": "豬", "乙戊辛": "馬", "己": "猴",
                                            "庚": "虎"}))
    # 甲…臨官於寅，乙…臨官於卯，丙戊…臨官於巳，丁己…臨官在午，陰陽順逆，各以類推 (庚生巳→申, 辛生子→酉,
    # 壬生申→亥, 癸生卯→子)
    same_stems("tian_yuan_lu", {"甲": "寅", "乙": "卯", "丙": "巳", "戊": "巳", "丁": "午", "己": "午", "庚": "申",
                                "辛": "酉", "壬": "亥", "癸": "子"})
    # 甲蛇乙馬號文昌，丁己尋雞辛犬方，庚豬癸兔壬從虎，丙戊揚猴最吉祥
    same_stems("wen_chang", animals({"甲": "蛇", "乙": "馬", "丁己": "雞", "辛": "犬", "庚": "豬", "癸": "兔", "壬": "虎",
                                     "丙戊": "猴"}))
    # 乙逢寅 辛見申 丁己忌巳 癸憂亥; 甲…卯, 丙戊…午; 庚 酉, 壬 子 by 祿前一位 右順
    same_stems("yang_ren", {"甲": "卯", "乙": "寅", "丙": "午", "戊": "午", "丁": "巳", "己": "巳", "庚": "酉",
                            "辛": "申", "壬": "子", "癸": "亥"})
    # 甲己申酉最為愁，乙庚午未不須籌，丙辛辰巳何勞問，丁壬寅卯一場憂，戊癸子丑高堂坐
    same_stems("jue_lu_kong", {"甲": "申酉", "己": "申酉", "乙": "午未", "庚": "午未", "丙": "辰巳", "辛": "辰巳",
                               "丁": "寅卯", "壬": "寅卯", "戊": "子丑", "癸": "子丑"})


def test_joy_spirit_in_the_verse_directions() -> None:
    """甲己東北乙庚乾，丙辛獨位向坤言，丁壬二日離宮上，戊癸東南; the text: 甲己…喜神在寅，乙庚…喜神在戌."""
    sector = {"甲己": "丑寅", "乙庚": "戌亥", "丙辛": "未申", "丁壬": "午", "戊癸": "辰巳"}
    got = at_stems("xi_shen")
    for stems, branches in sector.items():
        for s in stems:
            assert got[s] in branches, s
    assert got["甲"] == got["己"] == "寅" and got["乙"] == got["庚"] == "戌"
    assert got == {"甲": "寅", "乙": "戌", "丙": "申", "丁": "午", "戊": "辰", "己": "寅", "庚": "戌", "辛": "申",
                   "壬": "午", "癸": "辰"}


def test_five_tallies() -> None:
    """以陰陽祿起五符，陽順陰逆，周行十二位; for 甲: 寅 五符, 卯 天曹 (部曲), 巳 風伯 (巽), 亥 天關, 子 地匣, 丑 天賊."""
    names = "wu_fu tian_cao di_fu feng_bo lei_gong yu_shi feng_yun tang_fu guo_yin tian_guan di_xia tuo_luo_xing"
    ids = names.split()
    jia = {i: at_stems(i)["甲"] for i in ids}
    assert "".join(jia.values()) == "寅卯辰巳午未申酉戌亥子丑"
    assert (jia["wu_fu"], jia["tian_cao"], jia["feng_bo"], jia["tian_guan"], jia["di_xia"], jia["tuo_luo_xing"]) == (
        "寅", "卯", "巳", "亥", "子", "丑")
    lu = dict(zip(STEMS, "寅卯巳午巳午申酉亥子"))
    order = "子丑寅卯辰巳午未申酉戌亥"
    for n, star_id in enumerate(ids):
        got = at_stems(star_id)
        for k, s in enumerate(STEMS):
            step = n if k % 2 == 0 else -n
            assert got[s] == order[(order.index(lu[s]) + step) % 12], (star_id, s)


# ---- 將星 series ---------------------------------------------------------------------------------------

def test_general_star_series() -> None:
    """亥卯未，將星在卯，辰為攀鞍，巳為駕馬，…六害午，…華蓋未，將後為七煞，自申至寅; 寅午戌 將星午 攀鞍未 驛馬申."""
    ids = "jiang_xing pan_an yi_ma liu_hai_xing hua_gai jie_sha zai_sha tian_sha di_sha nian_sha yue_sha_jiang " \
          "wang_ren_sha"
    row = {i: at_months(i) for i in ids.split()}
    mao = next(n for n, b in MONTH.items() if b == "卯")
    assert "".join(row[i][mao] for i in ids.split()) == "卯辰巳午未申酉戌亥子丑寅"
    wu = next(n for n, b in MONTH.items() if b == "午")
    assert (row["jiang_xing"][wu], row["pan_an"][wu], row["yi_ma"][wu]) == ("午", "未", "申")
    # 驛馬法曰：寅午戌馬居申，亥卯未馬在巳，申子辰馬(成)居寅，巳酉丑馬在亥
    same("yi_ma", frames(寅午戌="申", 亥卯未="巳", 申子辰="寅", 巳酉丑="亥"))
    # 將星法起中神，子午卯酉: the whole column from the middle
    order = "子丑寅卯辰巳午未申酉戌亥"
    middle = {"申子辰": "子", "亥卯未": "卯", "寅午戌": "午", "巳酉丑": "酉"}
    for k, star_id in enumerate(ids.split()):
        same(star_id, frames(**{f: order[(order.index(m) + k) % 12] for f, m in middle.items()}))


# ---- month, season and frame stars ----------------------------------------------------------------------

def test_wealth_horse_joy() -> None:
    # 正七起龍蛇，二八馬羊家，三九循申酉，四十犬豕牙，子午鼠牛索，丑未寅卯查
    pairs = {(1, 7): "龍蛇", (2, 8): "馬羊", (3, 9): "猴雞", (4, 10): "犬豕", (11, 5): "鼠牛", (12, 6): "虎兔"}
    same("tian_cai", numbered({k: ANIMAL[v[0]] for k, v in pairs.items()}))
    same("di_cai", numbered({k: ANIMAL[v[1]] for k, v in pairs.items()}))
    # 正七還騎馬，二八向猴申，三九須從犬，四十鼠相侵，五十一當寅上，六十二定歸辰
    same("tian_ma", numbered({(1, 7): "午", (2, 8): "申", (3, 9): "戌", (4, 10): "子", (5, 11): "寅", (6, 12): "辰"}))
    # 孟春建寅，則喜在戌，仲春建卯，則喜在亥，季春建辰，則喜在子; 春戌夏丑…秋辰冬未三三指
    same("tian_xi", months("戌亥子" "丑寅卯" "辰巳午" "未申酉"))


def test_releases_and_cuts() -> None:
    same("tian_jie", seasons("寅", "巳", "申", "亥"))  # 春以寅，夏以巳，秋以申，冬以亥
    # 九十月午，子丑月未，正二月申，三四月酉，五六月戌，七八月亥
    same("yue_jie", numbered({(9, 10): "午", (11, 12): "未", (1, 2): "申", (3, 4): "酉", (5, 6): "戌", (7, 8): "亥"}))
    same("he_san", seasons("巳", "申", "亥", "寅"))  # 春巳夏居申，秋豬冬到寅


def test_doctor_and_living_luminary() -> None:
    # 天醫正卯二豬臨，三月隨牛四未尋，五蛇六兔七居亥，八丑九羊十巳存，十一再來尋卯上，十二亥上作醫人
    same("tian_yi", numbered({(1,): "卯", (2,): "亥", (3,): "丑", (4,): "未", (5,): "巳", (6,): "卯", (7,): "亥",
                              (8,): "丑", (9,): "未", (10,): "巳", (11,): "卯", (12,): "亥"}))
    same("huo_yao", months("卯辰巳午未申酉戌亥子丑寅"))  # 活曜法，正月從卯順行


def test_thunder_net_banner_ears_eyes() -> None:
    same("lei_huo", months("寅亥申巳" * 3))  # 正寅二亥，三申四巳，循環三復
    same("wang_luo", months("寅亥申巳" * 3))  # 然網羅同之
    same("jing_qi", seasons("卯", "子", "酉", "子"))  # 旌旗春卯夏子秋酉冬子 (as printed)
    same("tian_er", seasons("巳", "寅", "亥", "申"))  # 春巳夏寅秋亥冬申天耳也
    same("tian_mu", seasons("亥", "申", "巳", "寅"))  # 春亥夏申秋巳冬寅天目也


def test_gang_dog_and_livestock() -> None:
    same("tian_gang_sha", months("寅卯辰巳" * 3))  # 寅卯辰巳之謂也 … 復寅而三重之
    same("tian_quan", months("戌亥子丑寅卯辰巳午未申酉"))  # 天犬正月從戌順行
    same("tian_zhu", months("亥戌酉申未午巳辰卯寅丑子"))  # 豬鼠牛正月從亥子丑逆行
    same("tian_shu", months("子亥戌酉申未午巳辰卯寅丑"))
    same("tian_niu", months("丑子亥戌酉申未午巳辰卯寅"))


def test_serpent_hidden_metal_shattering_drains() -> None:
    same("da_teng_she", months("辰卯寅丑子亥戌酉申未午巳"))  # 正月自辰起逆行
    same("an_jin", months("巳酉丑" * 4))  # 以巳酉丑，自正月四輪複數
    # 辰戌丑未月在丑，寅申巳亥月在酉，子午卯酉月在蛇
    same("po_sui", {n: {"辰": "丑", "戌": "丑", "丑": "丑", "未": "丑", "寅": "酉", "申": "酉", "巳": "酉", "亥": "酉"}
                    .get(b, "巳") for n, b in MONTH.items()})
    same("da_hao", months("申酉戌亥子丑寅卯辰巳午未"))  # 正月起申順行為大耗
    same("xiao_hao", months("未申酉戌亥子丑寅卯辰巳午"))  # 起未順行為小耗


def test_waste_void_and_month_sha() -> None:
    same("huang_wu", seasons("巳酉丑", "辰申子", "卯未亥", "寅午戌"))  # 春巳酉丑，夏辰申子，秋卯未亥，冬寅午戌
    # 寅午戌月壬廢為月空 … 亥卯未月庚廢戌煞，申子辰月丙廢未煞，巳酉丑月甲廢辰煞; 壬水衰於丑，故丑為月煞
    same("yue_kong", frames(寅午戌="壬", 亥卯未="庚", 申子辰="丙", 巳酉丑="甲"))
    same("yue_sha_kong", frames(寅午戌="丑", 亥卯未="戌", 申子辰="未", 巳酉丑="辰"))


def test_thieves_and_fire() -> None:
    # 正龍二雞三虎鄉，四羊五鼠六蛇藏，七犬八兔九猴位，十牛子馬丑豬忙
    same("tian_zei", months("".join(ANIMAL[c] for c in "龍雞虎羊鼠蛇犬兔猴牛馬豬")))
    # 天狗 (no table): 除 執 收, the officers just behind 滿 破 開 (notes' reconstruction)
    same("tian_gou_month", months("卯申丑午亥辰酉寅未子巳戌"))
    same("di_zei", months("丑子亥戌酉申未午巳辰卯寅"))  # 地賊出丑而逆行
    got = at_months("tian_zhu_candle")  # 天燭正月起蛇宮，蕩蕩順行數至龍
    assert got[1] == "巳" and got[12] == "辰"
    same("tian_zhu_candle", months("巳午未申酉戌亥子丑寅卯辰"))
    same("tian_huo", months("子卯午酉" * 3))  # 寅午戌月火局胎於子 … 四域 … 五九月又起子


def test_qi_and_official_charges() -> None:
    same("sheng_qi", months("子丑寅卯辰巳午未申酉戌亥"))  # 生氣正月從子順行
    same("si_qi", months("午未申酉戌亥子丑寅卯辰巳"))  # 死氣及官符從午順行
    same("si_qi_guan_fu", months("午未申酉戌亥子丑寅卯辰巳"))
    # 正七慮(虎)行村，二八鼠當門，三九居戌位，四十弄猴猻，五十一騎馬走，六十二跳龍門
    same("chui_men_guan_fu", numbered({(1, 7): "寅", (2, 8): "子", (3, 9): "戌", (4, 10): "申", (5, 11): "午",
                                       (6, 12): "辰"}))


def test_prisons_and_blood() -> None:
    # 正月逢亥二月申，三月隨蛇四月寅，五月循環絕於亥
    same("tian_yu", months("亥申巳寅" * 3))
    same("di_yu", months("戌酉申未午巳辰卯寅丑子亥"))  # 地獄自正月起戌逆行
    # 正三五七九鼠月，以丑寅卯辰巳午為血刃 … 二四六八十臘月，以未申酉戌亥子為血忌
    same("xue_ren", {**{n: "" for n in range(1, 13)}, 1: "丑", 3: "寅", 5: "卯", 7: "辰", 9: "巳", 11: "午"})
    same("xue_ji", {**{n: "" for n in range(1, 13)}, 2: "未", 4: "申", 6: "酉", 8: "戌", 10: "亥", 12: "子"})


def test_the_verse_printed_under_di_yu_is_the_blood_series() -> None:
    """正牛二未三寅虎，四猴五兔六雞災，七辰八戌九月巳，十豬子馬丑鼠來: not 起戌逆行, but 血刃 + 血忌."""
    verse = months("丑未寅申卯酉辰戌巳亥午子")
    blood = {n: at_months("xue_ren")[n] or at_months("xue_ji")[n] for n in range(1, 13)}
    assert blood == verse
    assert at_months("di_yu") != verse


def test_yin_sha_breaking_bath_peach() -> None:
    # 正七寅、二八辰、三九午、四十申、五十一戌、六十二子
    same("yin_sha", numbered({(1, 7): "寅", (2, 8): "辰", (3, 9): "午", (4, 10): "申", (5, 11): "戌", (6, 12): "子"}))
    # 寅午戌以酉為折，申子辰以卯為折 … 二六十月午為折煞，巳酉丑月子為(看)折煞
    same("zhe_sha", frames(寅午戌="酉", 申子辰="卯", 亥卯未="午", 巳酉丑="子"))
    same("yu_pen", seasons("辰", "未", "戌", "丑"))  # 春辰夏未秋逢戌，冬季推來在丑神
    # 寅午戌，兔從卯裡出，亥卯未，鼠子當頭忌，申子辰，雞叫亂人偷，巳酉丑，躍馬南方來
    same("xian_chi", frames(寅午戌="卯", 亥卯未="子", 申子辰="酉", 巳酉丑="午"))


def test_mourning_stars() -> None:
    same("tian_ku", months("未申酉戌" * 3))  # 正未二申三酉四戌，五復未而再三
    # 寅午戌月墓戌，亥卯未月墓未，申子辰月墓辰，巳酉丑月墓丑，如正月戌為喪門，則辰為弔客
    same("sang_men_month", frames(寅午戌="戌", 亥卯未="未", 申子辰="辰", 巳酉丑="丑"))
    same("diao_ke_month", frames(寅午戌="辰", 亥卯未="丑", 申子辰="戌", 巳酉丑="未"))
    same("sang_che", seasons("酉", "子", "卯", "午"))  # 喪車春雞夏鼠來，秋卯冬午好安排
    same("wu_mu", seasons("未", "戌", "丑", "辰"))  # 羊犬牛龍五墓尋 (春木墓未，夏火墓戌)
    same("san_qiu", seasons("丑", "辰", "未", "戌"))  # 丑辰未戌三坵煞 (春以丑為坵)


def test_lonely_widowed_barrier() -> None:
    # 寅卯辰，巳孤丑寡，巳午未，申孤辰寡，申酉戌，亥孤未寡，亥子丑，寅孤戌寡
    same("gu_chen", seasons("巳", "申", "亥", "寅"))
    same("gua_su", seasons("丑", "辰", "未", "戌"))
    same("guan_suo", seasons("丑巳", "辰申", "未亥", "戌寅"))  # 春關牛與蛇，夏鎖龍猴嗟，秋忌羊豬位，冬犬虎交加


def test_roads_and_water() -> None:
    # 正寅二巳三申位，四豬五兔六馬悲，七雞八鼠九辰忌，十羊子犬丑牛危
    same("wang_wang", months("寅巳申" + "".join(ANIMAL[c] for c in "豬兔馬雞鼠") + "辰" +
                             "".join(ANIMAL[c] for c in "羊犬牛")))
    # 寅申巳亥牛相犯，子午卯酉虎相攻，辰戌丑未須防鼠
    same("gui_ji", {n: "丑" if b in "寅申巳亥" else "寅" if b in "子午卯酉" else "子" for n, b in MONTH.items()})
    same("fu_zhou", months("申酉戌亥子丑寅卯辰巳午未"))  # 正月從申順行
    same("bai_lang", months("寅卯辰巳午未申酉戌亥子丑"))  # 正月從寅順行


def test_pardon_days() -> None:
    """冬至甲子 … 春首戊寅，夏至甲午，秋首戊申 — by the season of the month."""
    star = STAR_BY_ID["tian_she"]
    want = {Quarter.春: "戊寅", Quarter.夏: "甲午", Quarter.秋: "戊申", Quarter.冬: "甲子"}
    assert {q: str(v[0]) for q, v in star.table.items()} == want
    assert almanac(Moment.from_pillars("卯", "戊寅")).get("tian_she").on_day  # type: ignore[union-attr]
    assert not almanac(Moment.from_pillars("午", "戊寅")).get("tian_she").on_day  # type: ignore[union-attr]


def test_gang_and_kui() -> None:
    same("tian_gang", months("巳午未申酉戌亥子丑寅卯辰"))  # 天罡正月起巳順行
    same("he_kui", months("亥子丑寅卯辰巳午未申酉戌"))  # 河魁正月起亥順行


# ---- year stars -----------------------------------------------------------------------------------------

def test_year_gods() -> None:
    """子 year: 喪門 寅, 白虎 申, 官符 辰, 歲破 午 (沖), 弔客 戌, 死符 巳, 病符 亥, 太陽 丑, 太陰 卯, 龍德 未, 福德 酉;
    順行 with the year; 飛廉 on 白虎, 五鬼 on 官符, 欄杆 on 歲破, 天狗 on 弔客."""
    zi_year = {"tai_sui": "子", "tai_yang": "丑", "sang_men_year": "寅", "tai_yin": "卯", "guan_fu": "辰",
               "si_fu": "巳", "sui_po": "午", "long_de": "未", "bai_hu": "申", "fu_de": "酉", "diao_ke_year": "戌",
               "bing_fu": "亥", "fei_lian": "申", "wu_gui": "辰", "lan_gan": "午", "tian_gou_year": "戌"}
    order = "子丑寅卯辰巳午未申酉戌亥"
    for y, year in enumerate(order):
        m = Moment.from_pillars("寅", "甲子", year)
        for star_id, first in zi_year.items():
            assert STAR_BY_ID[star_id].targets(m) == (Branch[order[(order.index(first) + y) % 12]],), (star_id, year)
    good = {s.id for s in STARS if s.key is Keyed.YEAR_BRANCH and s.nature is Nature.GOOD}
    assert good == {"tai_yang", "tai_yin", "long_de", "fu_de"}  # 四利
    assert STAR_BY_ID["tai_sui"].nature is Nature.NEUTRAL
    same("yue_fei_lian", months("申未午巳辰卯寅丑子亥戌酉"))  # 月上飛廉，正月從申逆行
    same("yue_wu_gui", months("寅丑子亥戌酉申未午巳辰卯"))  # 月上五鬼，正月從寅逆行


def test_official_charge_flight() -> None:
    """子年: 十月中宮, 十一月乾, 十二月兌, 正月中宮, 二乾 三兌 四艮 五離 六坎 七坤 八震 九巽; 七月鬼動坤宮."""
    star = STAR_BY_ID["tian_guan_fu"]
    want = {10: "中", 11: "乾", 12: "兌", 1: "中", 2: "乾", 3: "兌", 4: "艮", 5: "離", 6: "坎", 7: "坤", 8: "震", 9: "巽"}
    for year in "子辰申":  # the same frame, the same flight
        got = {n: star.palace(Moment.from_pillars(MONTH[n], "甲子", year)) for n in range(1, 13)}
        assert got == want, year
    assert star.targets(Moment.from_pillars("申", "甲子", "子")) == (Branch.未, Branch.申)
    assert star.targets(Moment.from_pillars("寅", "甲子", "子")) == ()  # 中宮
    # Other years from their own 臨官 month (notes §4.6 reading II).
    rows = {"午": "坤震巽中乾兌中乾兌艮離坎", "酉": "艮離坎坤震巽中乾兌中乾兌", "卯": "中乾兌中乾兌艮離坎坤震巽"}
    for year, row in rows.items():
        assert "".join(star.palace(Moment.from_pillars(MONTH[n], "甲子", year)) for n in range(1, 13)) == row
    assert star.targets(Moment.from_pillars("寅", "甲子")) is None  # no year, no star


def test_crane_spirit() -> None:
    """始踐於艮 … 從己酉下地，四維六日而更，四正五日而遷，第四十五日上天 … 戊申居中."""
    star = STAR_BY_ID["he_shen"]
    path = {
        "艮": "己酉 庚戌 辛亥 壬子 癸丑 甲寅", "震": "乙卯 丙辰 丁巳 戊午 己未", "巽": "庚申 辛酉 壬戌 癸亥 甲子 乙丑",
        "離": "丙寅 丁卯 戊辰 己巳 庚午", "坤": "辛未 壬申 癸酉 甲戌 乙亥 丙子", "兌": "丁丑 戊寅 己卯 庚辰 辛巳",
        "乾": "壬午 癸未 甲申 乙酉 丙戌 丁亥", "坎": "戊子 己丑 庚寅 辛卯 壬辰",
        "房北": "癸巳 甲午 乙未 丙申 丁酉", "房中": "戊戌 己亥", "南": "庚子 辛丑 壬寅", "西": "癸卯",
        "東": "甲辰 乙巳 丙午 丁未", "中宮": "戊申",
    }
    assert sum(len(v.split()) for v in path.values()) == 60
    sector = {"艮": "丑寅", "震": "卯", "巽": "辰巳", "離": "午", "坤": "未申", "兌": "酉", "乾": "戌亥", "坎": "子"}
    for where, days in path.items():
        for day in days.split():
            m = Moment.from_pillars("寅", day)
            assert star.palace(m) == where, day
            assert "".join(t.name for t in star.targets(m)) == sector.get(where, ""), day  # type: ignore[union-attr]


# ---- a day --------------------------------------------------------------------------------------------

def test_almanac_jiazi_day() -> None:
    """寅月 甲子日, 甲辰年: stars on 子 (or the stem 甲) and a few positions worked by hand."""
    a = almanac(Moment.from_pillars("寅", "甲子", "甲辰"))
    assert (str(a.year), str(a.month), str(a.day), a.hour) == ("甲辰", "丙寅", "甲子", None)
    assert a.void == (Branch.戌, Branch.亥)
    # 生氣 起子, 天火 寅月子, 天鼠 正月子, 紫微垣 起子, 白虎/飛廉 辰年申+4=子, 災煞 寅午戌 午+6, 地匣 甲 祿寅+10
    assert {d.star.id for d in a.notable} == {
        "sheng_qi", "tian_huo", "tian_shu", "zi_wei_yuan", "bai_hu", "fei_lian", "zai_sha", "di_xia"}
    pos = {i: "".join(t.name for t in a.get(i).targets) for i in (  # type: ignore[union-attr]
        "tian_yi_gui_ren", "tian_de", "tian_de_gan", "yue_de_gan", "yi_ma", "tai_sui", "sui_po", "he_shen")}
    assert pos == {"tian_yi_gui_ren": "未丑", "tian_de": "亥", "tian_de_gan": "丁", "yue_de_gan": "丙", "yi_ma": "申",
                   "tai_sui": "辰", "sui_po": "戌", "he_shen": "辰巳"}
    assert a.get("he_shen").palace == "巽"  # type: ignore[union-attr]
    assert a.get("tian_guan_fu").palace == "中" and a.get("tian_guan_fu").targets == ()  # type: ignore[union-attr]
    assert a.get("po_jun") is None  # no hour
    assert a.favours == (Matter.GENERAL,)
    assert a.avoid == (Matter.GENERAL, Matter.HUSBANDRY, Matter.FIRE)
    assert len(a.stars) == len(STARS) - 4  # all but the three hour stars and 血忌 (even months only)
    assert {d.star.id for d in a.by_matter("theft")} == {"tian_zei", "tian_gou_month", "di_zei", "he_kui"}
    assert all(d.star.nature is Nature.GOOD for d in a.good) and all(d.star.nature is Nature.BAD for d in a.bad)
    assert len(a.good) + len(a.bad) + len(a.mixed) + len(a.neutral) == len(a.stars)
    assert dict(a.matters)[Matter.NEWS] == tuple(a.get(i) for i in ("tian_er", "tian_mu"))


def test_almanac_without_year() -> None:
    a = almanac(Moment.from_pillars("寅", "甲子"))
    assert a.year is None and a.get("tai_sui") is None and a.get("tian_guan_fu") is None
    assert len(a.stars) == len(STARS) - 3 - 1 - 17  # no hour, no 血忌 in 寅月, no year (16 gods, 天官符)


def test_almanac_seoul_2026_12_01() -> None:
    """2026-12-01 12:00 Asia/Seoul: 丙午年 己亥月 己酉日 庚午時, 旬空 寅卯."""
    a = almanac(Moment.at(datetime(2026, 12, 1, 12, 0, tzinfo=ZoneInfo("Asia/Seoul")), "Asia/Seoul"))
    assert tuple(str(p) for p in (a.year, a.month, a.day, a.hour)) == ("丙午", "己亥", "己酉", "庚午")
    assert a.void == (Branch.寅, Branch.卯)
    # On 酉 (or 己): 右弼 (亥月午時: 破軍 未, 右弼 酉), 紫微垣 (子+9), 文昌 己雞, 絕路空 己 申酉, 天關 己 (祿午 逆九),
    # 災煞 亥卯未 卯+6, 破碎 寅申巳亥月 酉, 生氣 (子+9), 太陰 午年 卯+6.
    assert {d.star.id for d in a.notable} == {
        "you_bi", "zi_wei_yuan", "wen_chang", "jue_lu_kong", "tian_guan", "zai_sha", "po_sui", "sheng_qi", "tai_yin"}
    assert a.get("po_jun").targets == (Branch.未,)  # type: ignore[union-attr]
    assert a.get("he_shen").palace == "艮"  # 己酉: the crane comes down in 艮  # type: ignore[union-attr]
    assert a.get("tian_guan_fu").palace == "艮"  # 寅午戌 year, 臨官 巳, 亥月 seventh  # type: ignore[union-attr]
    assert a.favours == (Matter.GENERAL, Matter.CAREER, Matter.EXAM)
    assert a.avoid == (Matter.GENERAL, Matter.TRAVEL, Matter.WEALTH)


# ---- a chart ------------------------------------------------------------------------------------------

def _gou() -> object:
    """天風姤, line 1 (辛丑 父母) moving into 甲子 子孫, 伏 甲寅 妻財 under line 2; 寅月 甲子日 甲辰年."""
    return build_chart(parse_cast("677777"), Moment.from_pillars("寅", "甲子", "甲辰"))


def _at(hits, place: Place) -> set[str]:
    return {h.star.id for h in hits if h.place == place}


LINE1_CHOU = {  # stars on 丑 in 寅月, 甲 day, 辰 year
    "tian_yi_gui_ren",  # 甲 丑未
    "tuo_luo_xing",  # 甲 祿寅 + 11
    "tian_sha",  # 寅午戌 午 + 7
    "tian_niu",  # 正月丑
    "huang_wu",  # 春 巳酉丑
    "yue_sha_kong",  # 寅午戌 丑
    "di_zei",  # 出丑
    "xue_ren",  # 正月丑
    "san_qiu", "gua_su", "guan_suo",  # 春 丑
    "gui_ji",  # 寅申巳亥 牛
    "fu_de",  # 辰年 酉+4
}
CHANGED1_ZI = {"zi_wei_yuan", "di_xia", "zai_sha", "tian_shu", "tian_huo", "sheng_qi", "bai_hu", "fei_lian"}
HIDDEN2_YIN = {  # stars on 寅
    "tian_shi_yuan", "fu_xing_gui_ren", "tian_yuan_lu", "xi_shen", "wu_fu", "di_sha", "tian_jie", "lei_huo",
    "wang_luo", "tian_gang_sha", "chui_men_guan_fu", "yin_sha", "wang_wang", "bai_lang", "diao_ke_year",
    "tian_gou_year", "yue_wu_gui",
}


def test_chart_stars_by_hand() -> None:
    chart = _gou()
    hits = chart_stars(chart)
    assert _at(hits, Place(Layer.LINE, 1)) == LINE1_CHOU
    assert _at(hits, Place(Layer.CHANGED, 1)) == CHANGED1_ZI
    assert _at(hits, Place(Layer.HIDDEN, 2)) == HIDDEN2_YIN
    # Stem targets on the 納甲 stem: 月空 寅午戌月 壬 on the three 壬 lines of the outer 乾.
    assert {h.place.position for h in hits if h.star.id == "yue_kong"} == {4, 5, 6}
    assert all(h.place.layer is Layer.LINE for h in hits if h.star.id == "yue_kong")


def test_counting_stars_moving_and_use_god() -> None:
    chart = _gou()
    found = counting_stars(chart, [Place(Layer.HIDDEN, 2)])
    counted = {(f.param("star"), f.places[0]) for f in found}
    want = ({(i, Place(Layer.LINE, 1)) for i in LINE1_CHOU} | {(i, Place(Layer.CHANGED, 1)) for i in CHANGED1_ZI}
            | {(i, Place(Layer.HIDDEN, 2)) for i in HIDDEN2_YIN - {"xi_shen"}})  # 喜神 needs a 子孫 line
    assert counted == want
    assert [f.weight for f in found] == sorted((f.weight for f in found), reverse=True)
    by = {(f.param("star"), f.places[0].layer): f for f in found}
    assert by[("tian_yi_gui_ren", Layer.LINE)].effect is Effect.GOOD
    assert by[("bai_hu", Layer.CHANGED)].effect is Effect.BAD and by[("bai_hu", Layer.CHANGED)].weight == 1  # year
    assert by[("tian_niu", Layer.LINE)].weight == 2 and by[("tian_niu", Layer.LINE)].key == "star_on_moving"
    assert by[("tian_yuan_lu", Layer.HIDDEN)].key == "star_on_use_god"
    assert by[("zi_wei_yuan", Layer.CHANGED)].effect is Effect.NEUTRAL
    for f in found:
        assert 1 <= f.weight <= 3 and f.rule.startswith("SS-") and f.source.seed == "001"
    # Without the use-god, static and hidden lines do not count.
    assert {f.places[0] for f in counting_stars(chart)} == {Place(Layer.LINE, 1), Place(Layer.CHANGED, 1)}


def test_counting_stars_by_matter() -> None:
    chart = _gou()
    travel = counting_stars(chart, [Place(Layer.HIDDEN, 2)], matter="travel")
    ids = {f.param("star") for f in travel}
    assert "wang_wang" in ids and "gui_ji" in ids and "tian_shu" not in ids and "xue_ren" not in ids
    assert all(Matter.TRAVEL in STAR_BY_ID[i].matters or Matter.GENERAL in STAR_BY_ID[i].matters for i in ids)
    # 天馬 (mixed) on the static 午 of line 4, counted as a use-god: bad for illness, good for career.
    horse = {m: [f for f in counting_stars(chart, [Place(Layer.LINE, 4)], matter=m) if f.param("star") == "tian_ma"]
             for m in ("illness", "career")}
    assert horse["illness"][0].effect is Effect.BAD and horse["career"][0].effect is Effect.GOOD
    assert [f.effect for f in counting_stars(chart, [Place(Layer.LINE, 4)]) if f.param("star") == "tian_ma"] == [
        Effect.NEUTRAL]


def test_kui_gang_need_a_moving_ghost() -> None:
    """罡魁臨鬼動: 天罡 卯月 午 on 姤's 官鬼 午 (line 4) counts only when that line moves."""
    moving = build_chart(parse_cast("877977"), Moment.from_pillars("卯", "甲子"))
    still = build_chart(parse_cast("677777"), Moment.from_pillars("卯", "甲子"))
    assert moving.lines[3].relation.value == "官鬼" and moving.lines[3].branch is Branch.午
    assert [f.effect for f in counting_stars(moving) if f.param("star") == "tian_gang"] == [Effect.BAD]
    assert [f for f in counting_stars(still, [Place(Layer.LINE, 4)]) if f.param("star") == "tian_gang"] == []
    # 河魁 卯月 子: the changed 甲子 of ``still`` is 子孫, not 官鬼 — it does not count.
    assert any(h.star.id == "he_kui" for h in chart_stars(still))
    assert not [f for f in counting_stars(still) if f.param("star") == "he_kui"]


def test_pardon_counts_on_its_day() -> None:
    chart = build_chart(parse_cast("777777"), Moment.from_pillars("卯", "戊寅"))
    hits = [h for h in chart_stars(chart) if h.star.id == "tian_she"]
    assert [h.place for h in hits] == [Place(Layer.DAY)]
    found = [f for f in counting_stars(chart, matter="prison") if f.param("star") == "tian_she"]
    assert [(f.key, f.effect, f.param("target")) for f in found] == [("star_on_day", Effect.GOOD, "戊寅")]


def test_grouped_stars_gather_the_counting_stars_per_place_and_effect() -> None:
    """Each group is the counting stars of one place and one effect: their names, the heaviest one's rule, its
    weight plus one for company (at most 3); on 1 000 casts at random instants of 1950–2090 in four zones, with
    use-god places on every layer (lines, changes, hidden lines)."""
    rng = random.Random(41)
    zones = ("Asia/Seoul", "Asia/Tokyo", "Asia/Shanghai", "Asia/Taipei")
    groups_seen = 0
    for _ in range(1000):
        values = "".join(rng.choice("6778889") for _ in range(6))
        instant = datetime(1950, 1, 1, tzinfo=ZoneInfo("UTC")) + timedelta(seconds=rng.uniform(0, 140 * 365.25 * 86400))
        chart = build_chart(parse_cast(values), Moment.at(instant, rng.choice(zones)))
        places = [Place(Layer.LINE, rng.randint(1, 6))]
        places += [Place(Layer.CHANGED, ln.position) for ln in chart.lines if ln.changed and rng.random() < 0.3]
        places += [Place(Layer.HIDDEN, ln.position) for ln in chart.lines if ln.hidden and rng.random() < 0.5]
        single = counting_stars(chart, places)
        grouped = grouped_stars(chart, places)
        assert len({(f.places, f.effect) for f in grouped}) == len(grouped)  # one group per place and effect
        assert {(f.places, f.effect) for f in grouped} == {(f.places, f.effect) for f in single}
        for g in grouped:
            members = [f for f in single if (f.places, f.effect) == (g.places, g.effect)]
            heaviest = max(f.weight for f in members)
            assert g.weight == min(3, heaviest + (len(members) > 1))
            assert g.rule in {f.rule for f in members if f.weight == heaviest}
            assert set(g.param("names").split("、")) == {f.param("name") for f in members}
            assert g.key == members[0].key.replace("star_", "stars_")
        assert [g.weight for g in grouped] == sorted((g.weight for g in grouped), reverse=True)
        groups_seen += len(grouped)
    assert groups_seen > 5000  # most charts have several groups: the loop above checked something
