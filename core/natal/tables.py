"""The tables 玉照定真經 assumes or states (notes/seed004_rules.md §1.4 and §1.5), one table per fact, as data.

Relations the whole engine shares (六沖, 六合, 六害, 三刑, 三合, 十二長生) come from ``core.chart.relations``; what only
this text uses is here.  Each table names the verse that states or confirms it.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

from core.chart.ganzhi import Branch, Element, Stem, StemBranch
from core.chart.relations import Stage, stage

# ---- 六十甲子納音 (§1.4.1; every labelled pillar of the commentary agrees) ------------------------------------

NAYIN_NAMES: tuple[str, ...] = (
    "海中金", "爐中火", "大林木", "路旁土", "劍鋒金", "山頭火", "澗下水", "城頭土", "白蠟金", "楊柳木",
    "泉中水", "屋上土", "霹靂火", "松柏木", "長流水", "砂中金", "山下火", "平地木", "壁上土", "金箔金",
    "覆燈火", "天河水", "大驛土", "釵釧金", "桑柘木", "大溪水", "沙中土", "天上火", "石榴木", "大海水",
)


def nayin_name(pillar: StemBranch) -> str:
    """The 納音 name of a pillar: 甲子 → 海中金."""
    return NAYIN_NAMES[pillar.index // 2]


def nayin(pillar: StemBranch) -> Element:
    """The 納音 element of a pillar: 甲子 → 金, 丙寅 → 火."""
    return _NAYIN[pillar.index]


_NAYIN: tuple[Element, ...] = tuple(Element[NAYIN_NAMES[i // 2][-1]] for i in range(60))


# ---- pillars derived from others -------------------------------------------------------------------------

def conception(month: StemBranch) -> StemBranch:
    """胎元 = (month stem + 1, month branch + 3), fixed by 14 worked examples (丙寅月 → 丁巳胎)."""
    return StemBranch(Stem((month.stem + 1) % 10), month.branch.shift(3))


def tiger_stem(year_stem: Stem, branch: Branch) -> StemBranch:
    """五虎遁: the stem a year stem puts on a branch, 正月 寅 first (甲己 → 丙寅 … 乙丑).

    Used for the month pillar, the 命宮 (V51) and the 宅/墓 (V117)."""
    first = (2 * (year_stem % 5) + 2) % 10  # 甲己 丙, 乙庚 戊, 丙辛 庚, 丁壬 壬, 戊癸 甲
    return StemBranch(Stem((first + (branch - Branch.寅) % 12) % 10), branch)


def rat_stem(day_stem: Stem, branch: Branch) -> StemBranch:
    """五鼠遁: the hour stem a day stem puts on a branch, 子 first (甲己 → 甲子, 乙庚 → 丙子 …)."""
    first = (2 * (day_stem % 5)) % 10
    return StemBranch(Stem((first + branch) % 10), branch)


# ---- seasons: 旺相休囚死 (§1.4.6; 季月 土旺, confirmed by 九月金相 and 六月土旺) -------------------------------

SEASON_STATES: tuple[str, ...] = ("旺", "相", "休", "囚", "死")


def season_element(month_branch: Branch) -> Element:
    """The element in power in a birth month: 寅卯 木, 巳午 火, 申酉 金, 亥子 水, 辰未戌丑 土."""
    if month_branch in _EARTH_MONTHS:
        return Element.土
    return month_branch.element


_EARTH_MONTHS = frozenset({Branch.辰, Branch.未, Branch.戌, Branch.丑})


def season_state(element: Element, month_branch: Branch) -> str:
    """旺 (the season's own), 相 (fed by it), 休 (feeds it), 囚 (overcomes it) or 死 (overcome by it)."""
    s = season_element(month_branch)
    if element is s:
        return "旺"
    if s.generates is element:
        return "相"
    if element.generates is s:
        return "休"
    if element.overcomes is s:
        return "囚"
    return "死"


# ---- 十二長生 of stems (§1.4.7: element-based by default; V45 needs the yin-reversed reading) -----------------

_YIN_BIRTH: Mapping[Stem, Branch] = MappingProxyType({
    Stem.乙: Branch.午, Stem.丁: Branch.酉, Stem.己: Branch.酉, Stem.辛: Branch.子, Stem.癸: Branch.卯,
})


def stem_stage(stem: Stem, branch: Branch, yin_reversed: bool = False) -> Stage:
    """The stage of a stem at a branch: by its element (the text's own 長生 list), or counted backwards from the yin
    stem's own 長生 when ``yin_reversed`` (辛 長生子 → 卯 絕, V45)."""
    if not yin_reversed or stem.yang:
        return stage(stem.element, branch)
    return Stage((_YIN_BIRTH[stem] - branch) % 12)


QI_STAGES = frozenset({Stage.長生, Stage.冠帶, Stage.臨官, Stage.帝旺})  # §1.6 有氣 by position
NO_QI_STAGES = frozenset({Stage.病, Stage.死, Stage.墓, Stage.絕})   # §1.6 無氣 by position


# ---- 祿, 干合 and 化氣, 德 -------------------------------------------------------------------------------

LU: Mapping[Stem, Branch] = MappingProxyType({  # §1.4.8 建祿: 甲寅 乙卯 丙戊巳 丁己午 庚申 辛酉 壬亥 癸子
    Stem[s]: Branch[b] for s, b in zip("甲乙丙丁戊己庚辛壬癸", "寅卯巳午巳午申酉亥子", strict=True)
})


def stem_partner(stem: Stem) -> Stem:
    """干合: 甲己, 乙庚, 丙辛, 丁壬, 戊癸."""
    return Stem((stem + 5) % 10)


def stems_combine(a: Stem, b: Stem) -> bool:
    return (a - b) % 10 == 5


HUA: Mapping[Stem, Element] = MappingProxyType({  # 化氣 (真五行, V206): 甲己土 乙庚金 丙辛水 丁壬木 戊癸火
    Stem(i): Element[e] for i, e in enumerate("土金水木火土金水木火")
})

TIAN_DE: Mapping[Branch, Stem | Branch] = MappingProxyType({  # 天德 by month (V1): 正丁 二坤 三壬 四辛 五乾 …
    Branch.寅.shift(i): (Stem[c] if c in Stem.__members__ else Branch[c]) for i, c in enumerate("丁申壬辛亥甲癸寅丙乙巳庚")
})

YUE_DE: Mapping[Branch, Stem] = MappingProxyType({  # 月德 (V49): 寅午戌 丙, 亥卯未 甲, 申子辰 壬, 巳酉丑 庚
    Branch(b): Stem[s] for s, group in (("丙", (2, 6, 10)), ("甲", (11, 3, 7)), ("壬", (8, 0, 4)), ("庚", (5, 9, 1)))
    for b in group
})


def yue_de_he(month_branch: Branch) -> Stem:
    """月德合 (V50): the yin partner of the month's 德 (丙 → 辛, 甲 → 己, 壬 → 丁, 庚 → 乙)."""
    return stem_partner(YUE_DE[month_branch])


def de_of_stem(stem: Stem) -> Stem:
    """德合 of a stem (V16, V253): a yang stem's 德 is itself; a yin stem's is its 合 partner, "its husband"."""
    return stem if stem.yang else stem_partner(stem)


TIAN_DE_HE_FIXED: Mapping[Branch, Stem | Branch] = MappingProxyType({  # the common table, recorded beside V1's own
    Branch.寅.shift(i): (Stem[c] if c in Stem.__members__ else Branch[c]) for i, c in enumerate("壬巳丁丙寅己戊亥辛庚申乙")
})


# ---- 墓 (V15) and 五印 (V253) -------------------------------------------------------------------------

STEM_TOMB: Mapping[Stem, Branch] = MappingProxyType({  # 干墓: 甲乙 未, 丙丁 戌, 庚辛 丑, 戊己 壬癸 辰
    Stem(i): Branch[c] for i, c in enumerate("未未戌戌辰辰丑丑辰辰")
})
BRANCH_TOMB: Mapping[Branch, Branch] = MappingProxyType({  # 支墓: 寅卯 未, 巳午 戌, 申酉 丑, 亥子 and 四季 辰
    b: (Branch.辰 if b.element in (Element.水, Element.土) else {Element.木: Branch.未, Element.火: Branch.戌,
                                                               Element.金: Branch.丑}[b.element])
    for b in Branch
})
ELEMENT_TOMB: Mapping[Element, Branch] = MappingProxyType({  # 納音墓: 木 未, 火 戌, 金 丑, 水 土 辰
    Element.木: Branch.未, Element.火: Branch.戌, Element.金: Branch.丑, Element.水: Branch.辰, Element.土: Branch.辰,
})
FIVE_SEALS: Mapping[StemBranch, Element] = MappingProxyType({  # 五印 (V253): 納音 on its own 墓
    StemBranch.parse(p): Element[e] for p, e in (("甲戌", "火"), ("壬辰", "水"), ("丙辰", "土"), ("乙丑", "金"),
                                                  ("癸未", "木"))
})

KUI_GANG: Mapping[Branch, str] = MappingProxyType({Branch.辰: "天罡", Branch.戌: "天魁"})  # 魁罡 (V10)


# ---- names: 天將 by stem (V252), 月將 names of branches -----------------------------------------------------

GENERAL_OF_STEM: Mapping[Stem, str] = MappingProxyType({
    Stem(i): n for i, n in enumerate(("青龍", "六合", "朱雀", "螣蛇", "勾陳", "太常", "白虎", "太陰", "天后", "玄武"))
})
GENERAL_NAMES: Mapping[Branch, str] = MappingProxyType({
    Branch[b]: n for b, n in (("寅", "功曹"), ("申", "傳送"), ("子", "神后"), ("巳", "太乙"), ("辰", "天罡"),
                              ("戌", "天魁"), ("酉", "從魁"), ("亥", "登明"), ("未", "小吉"), ("丑", "大吉"),
                              ("卯", "太衝"), ("午", "勝光"))
})


# ---- stars keyed on the year branch's 三合 group (V1, V80, V95, V105, V223) ----------------------------------

def _by_frame(water: str, fire: str, metal: str, wood: str) -> Mapping[Branch, Branch]:
    """A table keyed on the 三合 group: 申子辰, 寅午戌, 巳酉丑, 亥卯未."""
    out: dict[Branch, Branch] = {}
    for group, target in (("申子辰", water), ("寅午戌", fire), ("巳酉丑", metal), ("亥卯未", wood)):
        for c in group:
            out[Branch[c]] = Branch[target]
    return MappingProxyType(out)


LIFE_SOURCE = _by_frame("申", "寅", "巳", "亥")  # 生氣 = the 三合 生方 (V1)
ROBBERY = _by_frame("巳", "亥", "寅", "申")      # 劫殺 (V95)
POST_HORSE = _by_frame("寅", "申", "亥", "巳")   # 驛馬 (V105, V223)
EARTH_KILLER = _by_frame("戌", "辰", "未", "丑")  # 地殺, "地刑" (V80)

NOBLE: Mapping[Stem, frozenset[Branch]] = MappingProxyType({  # 天乙貴人 (implied by V229)
    Stem(i): frozenset(Branch[c] for c in pair)
    for i, pair in enumerate(("丑未", "子申", "亥酉", "亥酉", "丑未", "子申", "丑未", "寅午", "卯巳", "卯巳"))
})


# ---- pillar lists the text states -----------------------------------------------------------------------

def _pillars(text: str) -> frozenset[StemBranch]:
    return frozenset(StemBranch.parse(p) for p in text.split())


HIDDEN_UNION = _pillars("癸巳 辛巳 壬午 甲午 丁亥 戊子")                   # 暗合 (V79)
REVERSED = _pillars("丙子 壬午 甲申 乙酉 庚寅 辛卯 癸巳 丁亥")             # 易位 (V33)
NINE_ILLS: Mapping[StemBranch, str] = MappingProxyType({                   # 九病 (V48), apply when 休囚
    StemBranch.parse(p): organ for p, organ in (("辛卯", "肝"), ("庚寅", "骨"), ("乙酉", "肺"), ("丙子", "心"),
                                               ("癸巳", "足"), ("癸丑", "目"), ("戊寅", "脾"))
})


# ---- numbers, palaces and trigrams (V51, V106, V105) --------------------------------------------------------

PRIOR_NUMBER_STEM: Mapping[Stem, int] = MappingProxyType({  # 先天數: 甲己 9, 乙庚 8, 丙辛 7, 丁壬 6, 戊癸 5
    Stem(i): 9 - i % 5 for i in range(10)
})
PRIOR_NUMBER_BRANCH: Mapping[Branch, int] = MappingProxyType({  # 子午 9, 丑未 8, 寅申 7, 卯酉 6, 辰戌 5, 巳亥 4
    Branch(i): 9 - i % 6 for i in range(12)
})
NINE_PALACES: tuple[str, ...] = ("坎", "坤", "震", "巽", "中", "乾", "兌", "艮", "離")  # 洛書 1 … 9 (V106)
NINE_PALACE_MEANINGS: tuple[str, ...] = ("吉", "宜", "生", "殺", "鬼", "害", "傷", "難", "厄")  # 1–3 good (V106)
TWELVE_PALACES: tuple[str, ...] = ("命", "兄弟", "妻妾", "子孫", "財帛", "田宅", "官祿", "奴僕", "災厄", "福德",
                                   "相貌", "父母")  # V51, V248

TRIGRAM_OF_BRANCH: Mapping[Branch, str] = MappingProxyType({  # §1.4.21 (V1 坤=申, V90 乾=戌亥, V105 艮=丑寅 …)
    Branch(i): t for i, t in enumerate("坎艮艮震巽巽離坤坤兌乾乾")
})

DAY_BRANCHES = frozenset(Branch[c] for c in "卯辰巳午未申")  # 晝 (V66, V67, V220); the others are 夜


def is_day_branch(branch: Branch) -> bool:
    return branch in DAY_BRANCHES


def sexagenary(text: str) -> StemBranch:
    """A pillar from its two characters (a shorthand for tables and tests)."""
    return StemBranch.parse(text)



# ---- part1 ------------------------------------------------------------------------------------------------

# V31 (五行十干略定一端): what each stem, branch and element governs in the body.  The text lists no part for 戌.
BODY_OF_STEM: Mapping[Stem, str] = MappingProxyType({
    Stem(i): part for i, part in enumerate(("頭面", "頭面", "肢膈·眼目", "肢膈·眼目", "脾胃·腹肚", "脾胃·腹肚",
                                            "筋骨·四肢", "筋骨·四肢", "腰腎·血海", "腰腎·血海"))
})
BODY_OF_BRANCH: Mapping[Branch, str] = MappingProxyType({
    Branch[b]: part for bs, part in (("未", "頭"), ("午", "面"), ("申巳", "胸背"), ("卯酉", "中膈"), ("辰", "胃肚"),
                                     ("寅亥", "膝"), ("子丑", "足"))
    for b in bs
})
ORGAN_OF_ELEMENT: Mapping[Element, str] = MappingProxyType({
    Element.金: "肺", Element.木: "肝", Element.水: "腎·血", Element.火: "心·眼·熱病", Element.土: "脾胃·內氣",
})

# V33 易位: each reversed pillar and the one with its stem and branch elements swapped (丙子 ↔ 壬午, 庚寅 ↔ 甲申
# given; 辛卯 ↔ 乙酉 and 癸巳 ↔ 丁亥 by the same swap).
REVERSED_PARTNER: Mapping[StemBranch, StemBranch] = MappingProxyType({
    StemBranch.parse(a): StemBranch.parse(b)
    for x, y in (("丙子", "壬午"), ("庚寅", "甲申"), ("辛卯", "乙酉"), ("癸巳", "丁亥"))
    for a, b in ((x, y), (y, x))
})


def lu_of_element(element: Element) -> frozenset[Branch]:
    """The 祿 branches of an element's two stems (木 寅卯, 火 and 土 巳午, 金 申酉, 水 亥子): V15's 庫 test."""
    return frozenset(LU[s] for s in Stem if s.element is element)
# ---- part4 (V161–V205) -------------------------------------------------------------------------------------

SELF_PUNISHMENT_OMENS: Mapping[StemBranch, str] = MappingProxyType({  # V161: 自刑 pillars that 剋 身
    StemBranch.parse(p): n for p, n in (("戊辰", "獄訟"), ("戊午", "勾陳"), ("丁酉", "鬼火"), ("癸酉", "玄武"))
})
EARTH_GUA: tuple[Branch, ...] = (Branch.辰, Branch.戌, Branch.丑, Branch.未)  # 土卦, the 四季 (V55, V173, V174)
CIVIL_ELEMENTS = frozenset({Element.水, Element.木})  # V174 水木主文; 火土金主武

FACE_COLOUR: Mapping[Stem, str] = MappingProxyType({  # V201 將干之神，言其面色: 甲青 乙碧 丙赤 丁紫 戊黃 …
    Stem(i): c for i, c in enumerate("青碧赤紫黃紅白淡黑綠")
})
# ---- part3 (V106–V160) -------------------------------------------------------------------------------------

SEASON_BRANCHES: Mapping[str, frozenset[Branch]] = MappingProxyType({  # 四孟 四仲 四季 (V139, V140, V141, V115; V243, V244, V245)
    k: frozenset(Branch[c] for c in v) for k, v in (("四孟", "寅申巳亥"), ("四仲", "子午卯酉"), ("四季", "辰戌丑未"))
})
WINTER = frozenset(Branch[c] for c in "亥子丑")  # 冬 (V114: 冬生; the commentary's example is 十月)

SIDES: Mapping[str, frozenset[Branch]] = MappingProxyType({  # 內/外 (V116): the five branches centred on each 仲
    "東": frozenset(Branch[c] for c in "丑寅卯辰巳"), "西": frozenset(Branch[c] for c in "未申酉戌亥"),
    "南": frozenset(Branch[c] for c in "辰巳午未申"), "北": frozenset(Branch[c] for c in "戌亥子丑寅"),
})

# 六親 by stem (V119, stated for 甲: 乙 弟, 庚 兒, 辛 女, 丙 壻, 戊 父, 癸 母, 己 妻), generalised by the ten-god
# relation: key = (how the relative's stem element stands to the native's, same polarity).  The sibling is 兄 or 弟
# by polarity (V118: 甲 兄, 乙 弟), so the table names it 兄弟.
KIN: Mapping[tuple[str, bool], str] = MappingProxyType({
    ("比和", False): "兄弟", ("被生", True): "壻", ("被剋", True): "父", ("被剋", False): "妻",
    ("剋", True): "兒", ("剋", False): "女", ("生", False): "母",
})
SENIOR_KIN = frozenset({"兄", "父", "母"})  # V119 尊: their pillar stands before the native's in the cycle when 順
# ---- part2 (V51–V105) -----------------------------------------------------------------------------------

PALACE_OF_A_WOMAN: Mapping[str, str] = MappingProxyType({"妻妾": "夫"})  # V51: "己巳 3 夫" in the woman's palaces

ELEMENT_FRAME: Mapping[Element, tuple[Branch, ...]] = MappingProxyType({  # 本卦 of an element (V55, V56, V246, V247)
    Element[e]: tuple(Branch[c] for c in group)
    for e, group in (("木", "亥卯未"), ("火", "寅午戌"), ("金", "巳酉丑"), ("水", "申子辰"), ("土", "辰戌丑未"))
})

SERVANTS: Mapping[Branch, str] = MappingProxyType({Branch.酉: "婢", Branch.戌: "奴"})  # V59: 酉 maid, 戌 manservant

DING_WOMEN: Mapping[StemBranch, str] = MappingProxyType({  # V60: 丁未 酒女 丁巳 詩女 丁酉 孤女 丁卯 玉女; 己酉 a beauty
    StemBranch.parse(p): n for p, n in (("丁未", "酒女"), ("丁巳", "詩女"), ("丁酉", "孤女"), ("丁卯", "玉女"),
                                        ("己酉", "美人"))
})

EAST: tuple[Branch, ...] = tuple(Branch[c] for c in "寅卯辰")  # V68 東方
WEST: tuple[Branch, ...] = tuple(Branch[c] for c in "申酉戌")  # V69 西方

FRONT_FIVE: frozenset[Stem] = frozenset(Stem[c] for c in "甲乙丙丁戊")  # V94 "五陽" (the text calls them 陽)
BACK_FIVE: frozenset[Stem] = frozenset(Stem[c] for c in "己庚辛壬癸")   # V95 後五

HUSBAND_STEM: Mapping[Stem, Stem] = MappingProxyType({  # V105: 甲以辛為夫, 乙庚, 丙癸, 丁壬, 戊乙, 己甲, 庚丁, 辛丙 …
    Stem[p[0]]: Stem[p[1]] for p in ("甲辛", "乙庚", "丙癸", "丁壬", "戊乙", "己甲", "庚丁", "辛丙", "壬己", "癸戊")
})

TRIGRAM_FAMILY: Mapping[str, str] = MappingProxyType({  # V105 and V200 (循環八卦): 乾 老陽 翁父, 坤 老陰 婆母, 艮 少男 …
    "乾": "翁父", "坤": "婆母", "艮": "少男", "震": "長男", "坎": "中男", "巽": "長女", "離": "中女", "兌": "少女",
})


def husband_roads(year_stem: Stem) -> tuple[StemBranch, ...]:
    """夫道 (V105): the months of the birth year (五虎遁) that carry the husband stem; 甲 → 辛未 (六月).

    Ten stems over twelve months: a husband stem falling on 寅 or 卯 comes back on 子 or 丑, so there may be two."""
    husband = HUSBAND_STEM[year_stem]
    months = (tiger_stem(year_stem, Branch.寅.shift(i)) for i in range(12))
    return tuple(m for m in months if m.stem is husband)


def husband_home(year_stem: Stem) -> StemBranch:
    """夫家 (V105): the month of the birth year on the husband stem's 祿; 甲 → 辛 祿 酉 → 癸酉 (八月)."""
    return tiger_stem(year_stem, LU[HUSBAND_STEM[year_stem]])


# ---- part5 (正道歌, V206–V260) ---------------------------------------------------------------------------

# 三奇 in the order the commentary wants them (V228): 陽奇 順 "following the sun", 陰奇 逆 "following the moon"
YANG_WONDERS: tuple[Stem, Stem, Stem] = (Stem.甲, Stem.戊, Stem.庚)
YIN_WONDERS: tuple[Stem, Stem, Stem] = (Stem.丁, Stem.丙, Stem.乙)
