"""神煞: the catalogue — every star of 易冒's 神煞 chapter (seed 001) as data, and the key of each at a moment.

The chapter keys each star by one thing — the year branch, the month 建, its season, its three-harmony frame, the
day stem, the day pillar, or the month and the hour — and maps that key to a branch (or a stem, or a 宮).  The
tables below are written as the text writes them: "正月起亥順行" becomes ``_run("亥", +1)``, a mnemonic becomes
a literal row in month (正 … 臘), season (春夏秋冬), frame (申子辰 亥卯未 寅午戌 巳酉丑) or stem (甲 … 癸) order.

Each star's rule id (``SS-…``) and seed line are registered in core.rules.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import field
from enum import Enum, StrEnum
from functools import lru_cache
from types import MappingProxyType
from typing import Any

from core.chart.calendar import Moment
from core.chart.ganzhi import Branch, Stem, StemBranch
from core.chart.hexagram import Relation, Trigram
from core.chart.relations import FRAMES, frame_of
from core.rules import source
from core.sources import Source
from core.values import value

Target = Stem | Branch | StemBranch  # a branch (most stars), a stem (天干天德 月德 月空) or a day pillar (天赦)


class Keyed(StrEnum):
    """What a star is counted from (the text's 或年或季或月或日或時或局)."""

    YEAR_BRANCH = "year_branch"  # 太歲 and its twelve gods
    MONTH_BRANCH = "month_branch"  # 月建: 正月 = 寅 … 十二月 = 丑
    SEASON = "season"  # 季 of the month: 春 寅卯辰, 夏 巳午未, 秋 申酉戌, 冬 亥子丑
    FRAME = "frame"  # three-harmony frame (局) of the month 建
    DAY_STEM = "day_stem"
    DAY_PILLAR = "day_pillar"
    HOUR = "hour"  # the month 建 and the hour branch together (九曜)
    YEAR_MONTH = "year_month"  # the year's frame and the month 建 (天官符)


class Nature(StrEnum):
    GOOD = "good"  # 吉
    BAD = "bad"  # 凶
    MIXED = "mixed"  # good for some matters, bad for others (favours / avoid say which)
    NEUTRAL = "neutral"  # the text gives it no 吉凶


class Matter(StrEnum):
    """Kinds of question a star bears on (占星之法，多視其類，非類則弗親也)."""

    GENERAL = "general"
    MARRIAGE = "marriage"
    ILLNESS = "illness"
    MEDICINE = "medicine"  # cures, acupuncture and moxibustion
    LAWSUIT = "lawsuit"
    PRISON = "prison"  # arrest, punishment, confinement
    TRAVEL = "travel"  # journeys, absent persons, returning home
    WEALTH = "wealth"
    LIVELIHOOD = "livelihood"  # 祿食: salary and food
    CAREER = "career"  # office, promotion, 功名
    EXAM = "exam"  # 文章: study and examinations
    PREGNANCY = "pregnancy"
    CHILDREN = "children"
    THEFT = "theft"
    FUGITIVE = "fugitive"
    DEATH = "death"  # mourning, funerals
    NEWS = "news"
    HUNTING = "hunting"
    HUSBANDRY = "husbandry"
    FIRE = "fire"
    WATER = "water"  # boats, crossings
    HOUSE = "house"
    GRAVE = "grave"
    APPEARANCE = "appearance"
    FATE = "fate"  # 造化


class Quarter(Enum):
    """季: the season of a month 建."""

    春 = "春"
    夏 = "夏"
    秋 = "秋"
    冬 = "冬"


_QUARTERS = tuple(Quarter)


def quarter_of(month: Branch) -> Quarter:
    """寅卯辰 春, 巳午未 夏, 申酉戌 秋, 亥子丑 冬."""
    return _QUARTERS[(month - 2) % 12 // 3]


# 後天 sectors of the eight palaces.  The text equates 乾 with 亥 (天德 note: 坤乾艮巽，即申亥寅巳) and with 戌
# (喜神: 乙庚…乾 = 丙戌), so a corner palace covers both of its branches.  中宮 (and a 鶴神 in heaven) has none.
PALACE_BRANCHES: Mapping[Trigram, tuple[Branch, ...]] = MappingProxyType({
    Trigram.坎: (Branch.子,), Trigram.艮: (Branch.丑, Branch.寅), Trigram.震: (Branch.卯,),
    Trigram.巽: (Branch.辰, Branch.巳), Trigram.離: (Branch.午,), Trigram.坤: (Branch.未, Branch.申),
    Trigram.兌: (Branch.酉,), Trigram.乾: (Branch.戌, Branch.亥),
})


@value(eq=False)
class Star:
    """One star: its key, its table (key value → targets) and what the text says it bears on.  Each star is one
    catalogue entry, so stars compare and hash by identity."""

    id: str  # stable ascii id
    name: str  # as the text writes it
    key: Keyed
    table: Mapping[object, tuple[Target, ...]]
    nature: Nature
    matters: tuple[Matter, ...]  # what it bears on
    favours: tuple[Matter, ...]  # matters it helps (吉)
    avoid: tuple[Matter, ...]  # matters it harms (凶)
    source: Source
    aliases: tuple[str, ...] = ()
    requires: Relation | None = None  # acts only on a moving line of this 六親 (罡魁臨鬼動, 喜神…子孫動)
    heavier: Relation | None = None  # weighs more on a line of this 六親 (羊刃 on 兄弟, 陰煞 帶鬼動)
    inferred: bool = False  # its 吉凶 or matters are not stated by the text but read from its name or image
    palaces: Mapping[object, str] | None = field(default=None, hash=False, repr=False)  # 宮 named per key

    def __post_init__(self) -> None:
        if not self.id.isascii() or not self.id.replace("_", "").isalnum():
            raise ValueError(f"star id {self.id!r} must be ascii")
        if not set(self.favours) <= set(self.matters) or not set(self.avoid) <= set(self.matters):
            raise ValueError(f"{self.id}: favours/avoid must be among its matters")

    @property
    def rule(self) -> str:
        return self.source.rule

    def targets(self, moment: Moment) -> tuple[Target, ...] | None:
        """Where the star falls at ``moment``; None when the moment lacks its key (no year, no hour)."""
        return self._targets_at(key_value(self.key, moment))

    def palace(self, moment: Moment) -> str | None:
        """The 宮 the text names for 天官符 and 鶴神 (中, 乾 …, 房北 …); None for other stars."""
        return self._palace_at(key_value(self.key, moment))

    def _targets_at(self, key: object | None) -> tuple[Target, ...] | None:
        return None if key is None else self.table.get(key)

    def _palace_at(self, key: object | None) -> str | None:
        return None if self.palaces is None or key is None else self.palaces.get(key)


def key_value(kind: Keyed, moment: Moment) -> object | None:
    """The value of ``kind`` at ``moment`` (a branch, a Quarter, a Frame, a stem, a pillar or a pair)."""
    return _moment_keys(moment)[Keyed(kind)]


def _moment_keys(moment: Moment) -> dict[Keyed, object]:
    return _keys(moment.month_branch, moment.day, moment.year_branch,
                 None if moment.hour is None else moment.hour.branch)


# ---- table builders: the text's own ways of stating a table ------------------------------------------------

_MONTHS = tuple(Branch((2 + i) % 12) for i in range(12))  # 正月 寅 … 十一月 子, 十二月 丑
_YEARS = tuple(Branch)  # 子 … 亥


def _target(char: str) -> Target:
    return Stem[char] if char in Stem.__members__ else Branch[char]


def _row(keys: tuple[object, ...], text: str) -> Mapping[object, tuple[Target, ...]]:
    """One token per key; a token of several characters is several targets (福星 乙 → 丑亥)."""
    tokens = text.split()
    if len(tokens) != len(keys):
        raise ValueError(f"{len(tokens)} entries for {len(keys)} keys: {text!r}")
    return MappingProxyType({k: tuple(_target(c) for c in tok) for k, tok in zip(keys, tokens) if tok != "-"})


def _months(text: str) -> Mapping[object, tuple[Target, ...]]:
    """Twelve entries 正月 … 十二月 (寅 … 丑); ``-`` for a month the star does not occupy."""
    return _row(_MONTHS, text)


def _seasons(text: str) -> Mapping[object, tuple[Target, ...]]:
    """Four entries 春 夏 秋 冬."""
    return _row(_QUARTERS, text)


def _frames(text: str) -> Mapping[object, tuple[Target, ...]]:
    """Four entries for the month's frame: 申子辰 亥卯未 寅午戌 巳酉丑."""
    return _row(FRAMES, text)


def _stems(text: str) -> Mapping[object, tuple[Target, ...]]:
    """Ten entries 甲 … 癸."""
    return _row(tuple(Stem), text)


def _run(first: str, step: int) -> Mapping[object, tuple[Target, ...]]:
    """正月起X順行 (step +1) / 逆行 (step −1): X in 寅月, one branch a month."""
    start = Branch[first]
    return MappingProxyType({m: (start.shift(step * i),) for i, m in enumerate(_MONTHS)})


def _year_run(first: str) -> Mapping[object, tuple[Target, ...]]:
    """十二年…以X為始，順行: X in a 子 year, one branch a year."""
    start = Branch[first]
    return MappingProxyType({y: (start.shift(int(y)),) for y in _YEARS})


G, B, X, N = Nature.GOOD, Nature.BAD, Nature.MIXED, Nature.NEUTRAL
M = Matter


def _star(id: str, name: str, key: Keyed, table: Mapping[object, tuple[Target, ...]], nature: Nature, matters: tuple[Matter, ...],
          rule: str, *, favours: tuple[Matter, ...] | None = None, avoid: tuple[Matter, ...] | None = None,
          **extra: object) -> Star:
    """A star (its rule id ``SS-…`` registered in core.rules, in catalogue order) whose favours (good) or avoid
    (bad) list defaults to all its matters."""
    if favours is None:
        favours = matters if nature is Nature.GOOD else ()
    if avoid is None:
        avoid = matters if nature is Nature.BAD else ()
    return Star(id, name, key, table, nature, matters, favours, avoid, source(rule), **extra)  # type: ignore[arg-type]


# ---- 天象: 九曜 and 三垣 (line 55) ------------------------------------------------------------------------
# 月月常加戌，時時起破軍，破軍前兩位: lay the month on the 戌 hour and count to the hour of the cast; the branch
# reached is 破軍, the next two 左輔 右弼 (寅月午時 → 戌 亥 子).  The other six of the nine are not positioned
# by the text and are left out; 經星/五緯 have no table here (only 乾上九 降參 降鎮星) and are left out too.
# The text gives no 吉凶 for them, only the matters: 唯婚姻才貌墳塋屋宅之占用之.

def _dipper(offset: int) -> Mapping[object, tuple[Target, ...]]:
    return MappingProxyType({(m, h): (m.shift(h - Branch.戌 + offset),) for m in Branch for h in Branch})


_NINE = (M.MARRIAGE, M.APPEARANCE, M.GRAVE, M.HOUSE)
_ASTRAL = [
    _star("po_jun", "破軍", Keyed.HOUR, _dipper(0), N, _NINE, "SS-01"),
    _star("zuo_fu", "左輔", Keyed.HOUR, _dipper(1), N, _NINE, "SS-02"),
    _star("you_bi", "右弼", Keyed.HOUR, _dipper(2), N, _NINE, "SS-03"),
    # 三垣皆以正月起順行; 唯造化之占用之.
    _star("zi_wei_yuan", "紫微垣", Keyed.MONTH_BRANCH, _run("子", +1), N, (M.FATE,), "SS-04"),
    _star("tian_shi_yuan", "天市垣", Keyed.MONTH_BRANCH, _run("寅", +1), N, (M.FATE,), "SS-05"),
    _star("tai_wei_yuan", "太微垣", Keyed.MONTH_BRANCH, _run("巳", +1), N, (M.FATE,), "SS-06"),
]

# ---- 四德 (lines 59–67): 四德俱主福廕，能逃刑免難; 干德 利用防非 -----------------------------------------------
# 干德 (天干天德): 正丁二申宮，三壬四辛同，五亥六甲上，七癸八寅從，九丙十居乙，子巳丑庚逢.  Its 申 亥 寅 巳
# are the palaces 坤 乾 艮 巽 (坤乾艮巽，即申亥寅巳爾) and are kept as branches; the others are stems, matched
# against a line's 納甲 stem (C: 寅建丁亥子孫發動 — a 丁亥 line; J reads 丁亥 as the day: the almanac marks that).
# 月德 (branch) starts in 正月 by the parallel with 天德; the text says only 自未而順行.

_DE = (M.GENERAL, M.LAWSUIT, M.PRISON)
_VIRTUES = [
    _star("tian_de", "天德", Keyed.MONTH_BRANCH, _run("亥", +1), G, _DE, "SS-07"),
    _star("tian_de_gan", "天干天德", Keyed.MONTH_BRANCH, _months("丁 申 壬 辛 亥 甲 癸 寅 丙 乙 巳 庚"), G, _DE, "SS-08",
          aliases=("干德",)),
    _star("yue_de", "月德", Keyed.MONTH_BRANCH, _run("未", +1), G, _DE, "SS-09"),
    # 寅午戌建而舉丙，亥卯未建而舉甲，巳酉丑月德在庚，申子辰月德在壬
    _star("yue_de_gan", "天干月德", Keyed.FRAME, _frames("壬 甲 丙 庚"), G, _DE, "SS-10"),
]

# ---- 天干之星 (day stem, lines 71–103, 159, 191) ------------------------------------------------------------
# 天乙貴人: 易筮不分陰陽, so both 陽貴 and 陰貴 count.  陽貴 as the construction and its verse agree.  陰貴 follows
# the construction (陰貴亦然: 甲 on 申, backward, skipping 辰 戌 and the mirrors 寅 申 of 午 子), which gives
# 丙亥 丁酉; the printed verse 丙雞丁豬位 repeats the 陽 verse for 丙丁 and is taken as corrupt (notes §6 #3).
# The text states no 吉凶 for it; 貴人 is read as good (inferred).
# 喜神: 丙 in the day stem's 遁 (甲己 丙寅, 乙庚 丙戌 …): the exact branch, not the whole sector the direction
# verse names (甲己東北 = 艮 丑寅 …).  It acts with a moving 子孫 (若喜神位值子孫動者，出行順利).
# 羊刃: 祿前一位, yang stems forward, yin stems backward (the text rejects 近世 乙→辰).

_DAY_STEM = [
    _star("tian_yi_gui_ren", "天乙貴人", Keyed.DAY_STEM, _stems("未丑 申子 酉亥 亥酉 丑未 子申 丑未 寅午 卯巳 巳卯"),
          G, (M.GENERAL,), "SS-11", inferred=True),
    _star("fu_xing_gui_ren", "福星貴人", Keyed.DAY_STEM, _stems("寅 丑亥 子戌 酉 申 未 午 巳 辰 卯"),
          G, (M.LIVELIHOOD,), "SS-12", aliases=("食神星",)),
    _star("tian_chu_gui_ren", "天廚貴人", Keyed.DAY_STEM, _stems("巳 午 子 巳 午 申 寅 午 酉 亥"),
          G, (M.LIVELIHOOD,), "SS-13"),
    _star("tian_yuan_lu", "天元祿", Keyed.DAY_STEM, _stems("寅 卯 巳 午 巳 午 申 酉 亥 子"),
          G, (M.LIVELIHOOD, M.CAREER), "SS-14"),
    _star("wen_chang", "文昌", Keyed.DAY_STEM, _stems("巳 午 申 酉 申 酉 亥 戌 寅 卯"),
          G, (M.EXAM, M.CAREER), "SS-15"),
    _star("xi_shen", "喜神", Keyed.DAY_STEM, _stems("寅 戌 申 午 辰 寅 戌 申 午 辰"),
          G, (M.TRAVEL,), "SS-16", requires=Relation.子孫),
    _star("yang_ren", "羊刃", Keyed.DAY_STEM, _stems("卯 寅 午 巳 午 巳 酉 申 子 亥"),
          B, (M.MARRIAGE,), "SS-17", heavier=Relation.兄弟),  # 妻奴所畏; 兄弟相加偶必重
    _star("jue_lu_kong", "絕路空", Keyed.DAY_STEM, _stems("申酉 午未 辰巳 寅卯 子丑 申酉 午未 辰巳 寅卯 子丑"),
          B, (M.TRAVEL,), "SS-18"),  # 如犯空亡莫遠遊
]

# ---- 五符 and its eleven followers (line 207): 以陰陽祿起五符，陽順陰逆，周行十二位; 此從日起 -------------------
# The text gives no 吉凶 except by image: 設政而受天符 (五符), 錫大命 (堂符 國印) read as good for office; the
# last, 天賊 alias 陀羅星 (named 陀羅星 here), 置武庫以徵不仁, read as bad; the weather gods and 天關 地匣 are left neutral.

_LU = {s: t[0] for s, t in _stems("寅 卯 巳 午 巳 午 申 酉 亥 子").items()}


def _tally(n: int) -> Mapping[object, tuple[Target, ...]]:
    return MappingProxyType({s: (_LU[s].shift(n if s.yang else -n),) for s in Stem})  # type: ignore[union-attr]


_TALLIES = [
    ("wu_fu", "五符", "SS-19", G, (M.CAREER,), {"aliases": ("天符",)}),
    ("tian_cao", "天曹", "SS-20", N, (M.GENERAL,), {}),
    ("di_fu", "地符", "SS-21", N, (M.GENERAL,), {}),
    ("feng_bo", "風伯", "SS-22", N, (M.GENERAL,), {}),
    ("lei_gong", "雷公", "SS-23", N, (M.GENERAL,), {}),
    ("yu_shi", "雨師", "SS-24", N, (M.GENERAL,), {}),
    ("feng_yun", "風雲", "SS-25", N, (M.GENERAL,), {}),
    ("tang_fu", "堂符", "SS-26", G, (M.CAREER,), {}),
    ("guo_yin", "國印", "SS-27", G, (M.CAREER,), {}),
    ("tian_guan", "天關", "SS-28", N, (M.GENERAL,), {}),
    ("di_xia", "地匣", "SS-29", N, (M.GENERAL,), {}),
    # Named by its other name: 故終天賊，又名陀羅星，弗誤於滿破開之天賊也 — the text itself warns that this 天賊 is
    # not the month's 天賊 of 滿破開 (tian_zei, SS-71), which may fall on the same day; one name for two stars
    # showed 天賊 twice in a day's almanac (issue 22).
    ("tuo_luo_xing", "陀羅星", "SS-30", B, (M.GENERAL,), {"aliases": ("天賊",)}),
]
_FIVE_TALLIES = [
    _star(i, name, Keyed.DAY_STEM, _tally(n), nat, mat, rule, inferred=True, **extra)  # type: ignore[arg-type]
    for n, (i, name, rule, nat, mat, extra) in enumerate(_TALLIES)
]

# ---- 將星 series (line 95; 驛馬 line 99) ----------------------------------------------------------------
# 將星法起中神: 將星 the frame's middle, then 攀鞍 驛馬 六害 華蓋 forward and the seven 煞 behind.  The text does
# not say whose frame; 地支之星以月為憑 makes it the month's.  Only 驛馬 has a stated use (行人要星); the rest are
# images (將 in honour, mounts, road-clearing 六害, banner 華蓋, the rear-guard 煞), read as below.

_GENERALS = [
    ("jiang_xing", "將星", "SS-31", G, (M.GENERAL,), True),
    ("pan_an", "攀鞍", "SS-32", G, (M.GENERAL,), True),
    ("yi_ma", "驛馬", "SS-33", G, (M.TRAVEL,), True),
    ("liu_hai_xing", "六害", "SS-34", N, (M.GENERAL,), True),
    ("hua_gai", "華蓋", "SS-35", G, (M.GENERAL,), True),
    ("jie_sha", "劫煞", "SS-36", B, (M.GENERAL,), True),
    ("zai_sha", "災煞", "SS-37", B, (M.GENERAL,), True),
    ("tian_sha", "天煞", "SS-38", B, (M.GENERAL,), True),
    ("di_sha", "地煞", "SS-39", B, (M.GENERAL,), True),
    ("nian_sha", "年煞", "SS-40", B, (M.GENERAL,), True),
    ("yue_sha_jiang", "月煞", "SS-41", B, (M.GENERAL,), True),
    ("wang_ren_sha", "亡人煞", "SS-42", B, (M.GENERAL,), True),
]
_GENERAL_STARS = [
    _star(i, name, Keyed.FRAME, MappingProxyType({f: (f.middle.shift(n),) for f in FRAMES}), nat, mat, rule,
          inferred=inf, aliases=("亡神煞",) if i == "wang_ren_sha" else ())
    for n, (i, name, rule, nat, mat, inf) in enumerate(_GENERALS)
]

# ---- month stars (lines 87–199) ---------------------------------------------------------------------------
# Choices:
# * 天醫: the mnemonic's branch only; the 餘丁丑 of months 1, 6 and 11 is not added.
# * 旌旗: the seed prints 春卯夏子秋酉冬子 in both the Chinese and the Japanese; the notes emend 冬 to 午 (逆征四圉
#   needs four points).  The seed wins: 冬子.
# * 天狗 (monthly): no table; 除之、執之、收之 are the 建除 officers just behind 天賊's 滿 破 開, so 天狗 = 天賊 − 1
#   (the notes' reconstruction; the alternative, 沖擊 as the clash of 天賊, is not taken).
# * 地獄: the rule 戌為地網，故地獄自正月起戌逆行; the verse printed after it (正牛二未三寅虎…) is the 血刃/血忌
#   series and is not used for 地獄.
# * 血刃 / 血忌: literal — 血刃 only in the odd months (正三五七九鼠月), 血忌 only in the even ones.
# * 關鎖: the verse's two branches a season (春關牛與蛇 …); the main text names only 亥 for autumn.
# * 天赦: the day pillar of the season of the month 建 (春 戊寅, 夏 甲午, 秋 戊申, 冬 甲子), not a window counted
#   from the solstice; it marks the day itself, never a line.
# * 暗金: 以巳酉丑，自正月四輪複數 read as 孟巳 仲酉 季丑.
# Stars whose 吉凶 or matters the text does not state are marked inferred.

_PILLAR = StemBranch.parse
_MONTH_STARS = [
    # 天地財 (87): 正七起龍蛇，二八馬羊家，三九循申酉，四十犬豕牙，子午鼠牛索，丑未寅卯查; 問利
    _star("tian_cai", "天財", Keyed.MONTH_BRANCH, _months("辰 午 申 戌 子 寅 辰 午 申 戌 子 寅"), G, (M.WEALTH,), "SS-43"),
    _star("di_cai", "地財", Keyed.MONTH_BRANCH, _months("巳 未 酉 亥 丑 卯 巳 未 酉 亥 丑 卯"), G, (M.WEALTH,), "SS-44"),
    # 天馬 (99): 此星惟利升遷之卜; 天馬文人用上，喪病者嗔
    _star("tian_ma", "天馬", Keyed.MONTH_BRANCH, _months("午 申 戌 子 寅 辰 午 申 戌 子 寅 辰"), X,
          (M.CAREER, M.EXAM, M.ILLNESS, M.DEATH), "SS-45", favours=(M.CAREER, M.EXAM), avoid=(M.ILLNESS, M.DEATH),
          aliases=("乾馬",)),
    # 天喜 (103): 以成為喜 (寅戌 卯亥 辰子 …)
    _star("tian_xi", "天喜", Keyed.MONTH_BRANCH, _run("戌", +1), G, (M.GENERAL,), "SS-46"),
    # 天赦 (107): 刑罪之占，得逢解網
    _star("tian_she", "天赦", Keyed.SEASON,
          MappingProxyType({q: (_PILLAR(p),) for q, p in zip(_QUARTERS, ("戊寅", "甲午", "戊申", "甲子"))}),
          G, (M.PRISON, M.LAWSUIT), "SS-47"),
    # 天解 (107): 春以寅，夏以巳，秋以申，冬以亥; 以絕為我難，沖則天去我難
    _star("tian_jie", "天解", Keyed.SEASON, _seasons("寅 巳 申 亥"), G, (M.GENERAL,), "SS-48"),
    # 月解 (111): 九十月午，子丑月未，正二月申，三四月酉，五六月戌，七八月亥 (no stated use)
    _star("yue_jie", "月解", Keyed.MONTH_BRANCH, _months("申 申 酉 酉 戌 戌 亥 亥 午 午 未 未"), G, (M.GENERAL,), "SS-49",
          inferred=True),
    # 喝散 (111): 春巳夏居申，秋豬冬到寅; 剪刈根萌，則息非宜
    _star("he_san", "喝散", Keyed.SEASON, _seasons("巳 申 亥 寅"), B, (M.PREGNANCY, M.CHILDREN, M.WEALTH), "SS-50"),
    # 天醫 (115/119): 天醫正卯二豬臨，三月隨牛四未尋，五蛇六兔七居亥，八丑九羊十巳存，十一再來尋卯上，十二亥上
    _star("tian_yi", "天醫", Keyed.MONTH_BRANCH, _months("卯 亥 丑 未 巳 卯 亥 丑 未 巳 卯 亥"), G,
          (M.ILLNESS, M.MEDICINE), "SS-51"),
    # 活曜 (115/119): 正月從卯順行; 為胎育子息之占
    _star("huo_yao", "活曜", Keyed.MONTH_BRANCH, _run("卯", +1), G, (M.PREGNANCY, M.CHILDREN), "SS-52"),
    # 雷火 網羅 (123): 寅午戌月起於寅，申子辰月起於申 (正寅二亥，三申四巳); 大利功名; 網羅 獨捕叛用之
    _star("lei_huo", "雷火", Keyed.FRAME, _frames("申 亥 寅 巳"), G, (M.CAREER, M.EXAM), "SS-53"),
    _star("wang_luo", "網羅", Keyed.FRAME, _frames("申 亥 寅 巳"), G, (M.FUGITIVE,), "SS-54"),
    # 旌旗 (123): 起卯，逆征四圉; 春卯夏子秋酉冬子 (no stated use)
    _star("jing_qi", "旌旗", Keyed.SEASON, _seasons("卯 子 酉 子"), N, (M.GENERAL,), "SS-55"),
    # 天耳 天目 (127): 春巳夏寅秋亥冬申 / 春亥夏申秋巳冬寅; 耳目本吉宿，動而音信當至
    _star("tian_er", "天耳", Keyed.SEASON, _seasons("巳 寅 亥 申"), G, (M.NEWS,), "SS-56"),
    _star("tian_mu", "天目", Keyed.SEASON, _seasons("亥 申 巳 寅"), G, (M.NEWS,), "SS-57"),
    # 天罡煞 (131): 寅卯辰巳之謂也 … 復寅而三重之; 因生求生 … 亦漁獵之吉神
    _star("tian_gang_sha", "天罡煞", Keyed.MONTH_BRANCH, _months("寅 卯 辰 巳 寅 卯 辰 巳 寅 卯 辰 巳"), G,
          (M.WEALTH, M.HUNTING), "SS-58"),
    # 天犬 (131): 吉而順戌，犬獵益宜之; 天豬天鼠天牛，凶而逆亥子丑，牧養忌之 … 嫌值鬼同發
    _star("tian_quan", "天犬", Keyed.MONTH_BRANCH, _run("戌", +1), G, (M.HUNTING,), "SS-59"),
    _star("tian_zhu", "天豬", Keyed.MONTH_BRANCH, _run("亥", -1), B, (M.HUSBANDRY,), "SS-60", heavier=Relation.官鬼),
    _star("tian_shu", "天鼠", Keyed.MONTH_BRANCH, _run("子", -1), B, (M.HUSBANDRY,), "SS-61", heavier=Relation.官鬼),
    _star("tian_niu", "天牛", Keyed.MONTH_BRANCH, _run("丑", -1), B, (M.HUSBANDRY,), "SS-62", heavier=Relation.官鬼),
    # 大騰蛇 (135): 正月自辰起逆行，專務驚滯
    _star("da_teng_she", "大騰蛇", Keyed.MONTH_BRANCH, _run("辰", -1), B, (M.GENERAL,), "SS-63", aliases=("勾陳煞",)),
    # 暗金 (135): 以巳酉丑，自正月四輪複數; 亦名紅紗，產婦之忌
    _star("an_jin", "暗金", Keyed.MONTH_BRANCH, _months("巳 酉 丑 巳 酉 丑 巳 酉 丑 巳 酉 丑"), B, (M.PREGNANCY,), "SS-64",
          aliases=("紅紗",)),
    # 破碎 (135): 辰戌丑未月在丑，寅申巳亥月在酉，子午卯酉月在蛇; 為家國之多耗
    _star("po_sui", "破碎", Keyed.MONTH_BRANCH, _months("酉 巳 丑 酉 巳 丑 酉 巳 丑 酉 巳 丑"), B, (M.WEALTH,), "SS-65"),
    # 大耗 小耗 (139): 月破曰耗; 正月起申順行為大耗，起未順行為小耗
    _star("da_hao", "大耗", Keyed.MONTH_BRANCH, _run("申", +1), B, (M.WEALTH,), "SS-66"),
    _star("xiao_hao", "小耗", Keyed.MONTH_BRANCH, _run("未", +1), B, (M.WEALTH,), "SS-67"),
    # 荒蕪 (139): 季廢; 春巳酉丑，夏辰申子，秋卯未亥，冬寅午戌 (no stated use)
    _star("huang_wu", "荒蕪", Keyed.SEASON, _seasons("巳酉丑 辰申子 卯未亥 寅午戌"), B, (M.GENERAL,), "SS-68",
          inferred=True),
    # 月空 (139): 月廢; 寅午戌月壬廢 (亥卯未 庚, 申子辰 丙, 巳酉丑 甲 from the 月煞 clause); 歷日可考, no 吉凶
    _star("yue_kong", "月空", Keyed.FRAME, _frames("丙 庚 壬 甲"), N, (M.GENERAL,), "SS-69"),
    # 月煞 (139): 空衰; 寅午戌 丑, 亥卯未 戌, 申子辰 未, 巳酉丑 辰 (no stated use)
    _star("yue_sha_kong", "月煞", Keyed.FRAME, _frames("未 戌 丑 辰"), B, (M.GENERAL,), "SS-70", inferred=True),
    # 天賊 (143): 正龍二雞三虎鄉，四羊五鼠六蛇藏，七犬八兔九猴位，十牛子馬丑豬忙
    _star("tian_zei", "天賊", Keyed.MONTH_BRANCH, _months("辰 酉 寅 未 子 巳 戌 卯 申 丑 午 亥"), B, (M.THEFT,), "SS-71"),
    # 天狗 (143): 隨賊而吠 … 欲除之、執之、收之 (reconstructed, see above): the dog that chases the thief
    _star("tian_gou_month", "天狗", Keyed.MONTH_BRANCH, _months("卯 申 丑 午 亥 辰 酉 寅 未 子 巳 戌"), G,
          (M.THEFT,), "SS-72", inferred=True),
    # 地賊 (143): 出丑而逆行; 穿窬之輩
    _star("di_zei", "地賊", Keyed.MONTH_BRANCH, _run("丑", -1), B, (M.THEFT,), "SS-73"),
    # 天燭 (143): 天燭正月起蛇宮，蕩蕩順行數至龍，主火災
    _star("tian_zhu_candle", "天燭", Keyed.MONTH_BRANCH, _run("巳", +1), B, (M.FIRE,), "SS-74"),
    # 天火 (143): 寅午戌月火局胎於子 … 子午卯酉四正 … 五九月又起子 (fire, inferred 凶)
    _star("tian_huo", "天火", Keyed.MONTH_BRANCH, _months("子 卯 午 酉 子 卯 午 酉 子 卯 午 酉"), B, (M.FIRE,), "SS-75",
          inferred=True),
    # 生氣 死氣 (147/155): 陽生曰生氣，陰生曰死氣，以陽主生而陰主殺; 生氣正月從子順行，死氣及官符從午順行
    _star("sheng_qi", "生氣", Keyed.MONTH_BRANCH, _run("子", +1), G, (M.GENERAL,), "SS-76"),
    _star("si_qi", "死氣", Keyed.MONTH_BRANCH, _run("午", +1), B, (M.GENERAL, M.DEATH), "SS-77"),
    _star("si_qi_guan_fu", "死氣官符", Keyed.MONTH_BRANCH, _run("午", +1), B, (M.LAWSUIT,), "SS-78", inferred=True),
    # 錘門官符 (147/155): 正七慮(虎)行村，二八鼠當門，三九居戌位，四十弄猴猻，五十一騎馬走，六十二跳龍門
    _star("chui_men_guan_fu", "錘門官符", Keyed.MONTH_BRANCH, _months("寅 子 戌 申 午 辰 寅 子 戌 申 午 辰"), B,
          (M.LAWSUIT,), "SS-79", inferred=True),
    # 天獄 (159): 寅午戌月絕於亥，巳酉丑月絕於寅; 憂禁怕天獄
    _star("tian_yu", "天獄", Keyed.FRAME, _frames("巳 申 亥 寅"), B, (M.PRISON,), "SS-80"),
    # 地獄 (159/163): 逆踐於地網; 戌為地網，故地獄自正月起戌逆行
    _star("di_yu", "地獄", Keyed.MONTH_BRANCH, _run("戌", -1), B, (M.PRISON,), "SS-81", inferred=True),
    # 血刃 血忌 (159/167): 正三五七九鼠月，以丑寅卯辰巳午為血刃 … 二四六八十臘月，以未申酉戌亥子為血忌;
    # 針灸占之定不諧
    _star("xue_ren", "血刃", Keyed.MONTH_BRANCH, _months("丑 - 寅 - 卯 - 辰 - 巳 - 午 -"), B,
          (M.MEDICINE, M.ILLNESS), "SS-82"),
    _star("xue_ji", "血忌", Keyed.MONTH_BRANCH, _months("- 未 - 申 - 酉 - 戌 - 亥 - 子"), B,
          (M.MEDICINE, M.ILLNESS), "SS-83"),
    # 陰煞 (171/175): 正月起坎之初爻，循環上下 (正七寅、二八辰 …); 君子為小人之陷，若帶鬼動，當防害也
    _star("yin_sha", "陰煞", Keyed.MONTH_BRANCH, _months("寅 辰 午 申 戌 子 寅 辰 午 申 戌 子"), B, (M.GENERAL,), "SS-84",
          heavier=Relation.官鬼),
    # 折煞 (171/175): 死而折之; 寅午戌以酉，申子辰以卯，亥卯未 午，巳酉丑 子 (no stated use)
    _star("zhe_sha", "折煞", Keyed.FRAME, _frames("卯 午 酉 子"), B, (M.GENERAL,), "SS-85", inferred=True),
    # 浴盆 (171/175): 春辰夏未秋逢戌，冬季推來在丑神; 小兒忌之
    _star("yu_pen", "浴盆", Keyed.SEASON, _seasons("辰 未 戌 丑"), B, (M.CHILDREN,), "SS-86"),
    # 咸池 (171/179): 寅午戌 卯, 亥卯未 子, 申子辰 酉, 巳酉丑 午; 淫汙敗德
    _star("xian_chi", "咸池", Keyed.FRAME, _frames("酉 子 卯 午"), B, (M.MARRIAGE,), "SS-87", aliases=("桃花",)),
    # 天哭 (183): 衰而憔悴，反覆悲泣; 正未二申三酉四戌，五復未而再三
    _star("tian_ku", "天哭", Keyed.MONTH_BRANCH, _months("未 申 酉 戌 未 申 酉 戌 未 申 酉 戌"), B, (M.DEATH,), "SS-88",
          inferred=True),
    # 喪門 弔客 (183): 當墓曰喪門，扣墓曰弔客 (the frame's 墓 and its clash); 喪車 春雞夏鼠來，秋卯冬午;
    # 二法皆忌疾病
    _star("sang_men_month", "喪門", Keyed.FRAME, _frames("辰 未 戌 丑"), B, (M.ILLNESS, M.DEATH), "SS-89"),
    _star("diao_ke_month", "弔客", Keyed.FRAME, _frames("戌 丑 辰 未"), B, (M.ILLNESS, M.DEATH), "SS-90"),
    _star("sang_che", "喪車", Keyed.SEASON, _seasons("酉 子 卯 午"), B, (M.ILLNESS, M.DEATH), "SS-91"),
    # 五墓 三坵 (183): 羊犬牛龍五墓尋 / 丑辰未戌三坵煞 (tombs: illness and death, inferred)
    _star("wu_mu", "五墓", Keyed.SEASON, _seasons("未 戌 丑 辰"), B, (M.ILLNESS, M.DEATH), "SS-92", inferred=True),
    _star("san_qiu", "三坵", Keyed.SEASON, _seasons("丑 辰 未 戌"), B, (M.ILLNESS, M.DEATH), "SS-93", inferred=True),
    # 孤辰 寡宿 (187): 寅卯辰，巳孤丑寡 …; 失聚失類，如無依倚 … 若男前女後之意
    # The text writes only 孤 and 寡 (孤寡之煞); the names are the glossary's.
    _star("gu_chen", "孤辰", Keyed.SEASON, _seasons("巳 申 亥 寅"), B, (M.MARRIAGE,), "SS-94", aliases=("孤",)),
    _star("gua_su", "寡宿", Keyed.SEASON, _seasons("丑 辰 未 戌"), B, (M.MARRIAGE,), "SS-95", aliases=("寡",)),
    # 關鎖 (187): 春關牛與蛇，夏鎖龍猴嗟，秋忌羊豬位，冬犬虎交加; 前阻後絕 (blocked ways, inferred)
    _star("guan_suo", "關鎖", Keyed.SEASON, _seasons("丑巳 辰申 未亥 戌寅"), B, (M.TRAVEL, M.GENERAL), "SS-96",
          inferred=True),
    # 往亡 (191/195): 正寅二巳三申位，四豬五兔六馬悲，七雞八鼠九辰忌，十羊子犬丑牛危; 行者之戒
    _star("wang_wang", "往亡", Keyed.MONTH_BRANCH, _months("寅 巳 申 亥 卯 午 酉 子 辰 未 戌 丑"), B, (M.TRAVEL,), "SS-97"),
    # 歸忌 (191/199): 寅申巳亥牛相犯，子午卯酉虎相攻，辰戌丑未須防鼠，爻逢歸忌路途凶
    _star("gui_ji", "歸忌", Keyed.MONTH_BRANCH, _months("丑 寅 子 丑 寅 子 丑 寅 子 丑 寅 子"), B, (M.TRAVEL,), "SS-98"),
    # 覆舟 白浪 (191/199): 正月從申順行 / 正月從寅順行
    _star("fu_zhou", "覆舟", Keyed.MONTH_BRANCH, _run("申", +1), B, (M.WATER, M.TRAVEL), "SS-99"),
    _star("bai_lang", "白浪", Keyed.MONTH_BRANCH, _run("寅", +1), B, (M.WATER, M.TRAVEL), "SS-100"),
]

# ---- 天官符 (lines 147, 155): year frame's 臨官 enters 中宮, 進三位而復退起中宮，順行九宮 ------------------
# Only the 子 year is worked in the text (亥 中, 子 乾, 丑 兌, then 正月 中 … 九月 巽; 七月 鬼動坤宮).  Other
# years: the same from their own 臨官 month (notes §4.6 reading II).  若與鬼動，則成詞訟之凶: only with a moving
# 官鬼 in that palace (its 後天 branches, PALACE_BRANCHES); 中宮 has no branch and lands on no line.

_FLIGHT = "中 乾 兌 中 乾 兌 艮 離 坎 坤 震 巽"  # from the year frame's 臨官 month onward
_LINGGUAN = {FRAMES[0]: Branch.亥, FRAMES[1]: Branch.寅, FRAMES[2]: Branch.巳, FRAMES[3]: Branch.申}


def _palace_table(named: Mapping[Any, str]) -> Mapping[object, tuple[Target, ...]]:
    return MappingProxyType({k: PALACE_BRANCHES.get(Trigram[p], ()) if p in Trigram.__members__ else ()
                             for k, p in named.items()})


_TGF_PALACES = MappingProxyType({
    (f, lg.shift(i)): p for f, lg in _LINGGUAN.items() for i, p in enumerate(_FLIGHT.split())
})

# ---- 鶴神 (line 203): from 己酉, 四維六日 四正五日 on earth, then sixteen days in heaven (戊申 in 中宮) ------
# The text writes 巳酉; only 己酉 (the day after 戊申) closes the sixty days (notes §6 #16; the J reading 巳・酉
# is wrong).  In heaven it names 房北 房中 南 西 東 中宮, none an earthly palace: no line carries it then.
# 若鬼搖是宮出行是戒: only with a moving 官鬼 in its palace.

_CRANE_PATH = (("艮", 6), ("震", 5), ("巽", 6), ("離", 5), ("坤", 6), ("兌", 5), ("乾", 6), ("坎", 5),
               ("房北", 5), ("房中", 2), ("南", 3), ("西", 1), ("東", 4), ("中宮", 1))


def _crane() -> Mapping[object, str]:
    out: dict[object, str] = {}
    day = StemBranch.parse("己酉")
    for where, days in _CRANE_PATH:
        for _ in range(days):
            out[day] = where
            day = day.shift(1)
    assert len(out) == 60
    return MappingProxyType(out)


_CRANE_PALACES = _crane()
_PALACE_STARS = [
    _star("tian_guan_fu", "天官符", Keyed.YEAR_MONTH, _palace_table(_TGF_PALACES), B, (M.LAWSUIT,), "SS-101",
          requires=Relation.官鬼, palaces=_TGF_PALACES),
    _star("he_shen", "鶴神", Keyed.DAY_PILLAR, _palace_table(_CRANE_PALACES), B, (M.TRAVEL,), "SS-102",
          requires=Relation.官鬼, palaces=_CRANE_PALACES, aliases=("游神",)),
]

# ---- 罡魁 (line 211): 天罡正月起巳順行，河魁正月起亥順行; 罡魁臨鬼動，禍患暴作，罡主訟而魁主盜 ------------------
# 餘十將不司卦內吉凶: the other ten generals are not listed.

_KUI_GANG = [
    _star("tian_gang", "天罡", Keyed.MONTH_BRANCH, _run("巳", +1), B, (M.LAWSUIT,), "SS-103", requires=Relation.官鬼),
    _star("he_kui", "河魁", Keyed.MONTH_BRANCH, _run("亥", +1), B, (M.THEFT,), "SS-104", requires=Relation.官鬼),
]

# ---- 太歲 twelve gods and the four attached (lines 215, 219) ------------------------------------------------
# 四利 (太陽 太陰 龍德 福德) good; 偏黨好惡凶星立焉: the rest bad, and the four attached (其附四凶); 太歲 itself is not
# classed.  Their matters are read from their names (inferred), general besides.  Year stars weigh less.
# 月上飛廉 正月從申逆行, 月上五鬼 正月從寅逆行 are the month forms.

_YEAR_GODS = [
    ("tai_sui", "太歲", "SS-105", "子", N, (M.GENERAL,), False),
    ("tai_yang", "太陽", "SS-106", "丑", G, (M.GENERAL,), False),
    ("sang_men_year", "喪門", "SS-107", "寅", B, (M.GENERAL, M.DEATH), True),
    ("tai_yin", "太陰", "SS-108", "卯", G, (M.GENERAL,), False),
    ("guan_fu", "官符", "SS-109", "辰", B, (M.GENERAL, M.LAWSUIT), True),
    ("si_fu", "死符", "SS-110", "巳", B, (M.GENERAL, M.DEATH), True),
    ("sui_po", "歲破", "SS-111", "午", B, (M.GENERAL,), False),
    ("long_de", "龍德", "SS-112", "未", G, (M.GENERAL,), False),
    ("bai_hu", "白虎", "SS-113", "申", B, (M.GENERAL,), False),
    ("fu_de", "福德", "SS-114", "酉", G, (M.GENERAL,), False),
    ("diao_ke_year", "弔客", "SS-115", "戌", B, (M.GENERAL, M.DEATH), True),
    ("bing_fu", "病符", "SS-116", "亥", B, (M.GENERAL, M.ILLNESS), True),
    ("fei_lian", "飛廉", "SS-117", "申", B, (M.GENERAL,), False),  # 白虎…飛廉附之
    ("wu_gui", "五鬼", "SS-118", "辰", B, (M.GENERAL,), False),  # 官符…五鬼附之
    ("lan_gan", "欄杆", "SS-119", "午", B, (M.GENERAL,), False),  # 歲破…欄杆附之
    ("tian_gou_year", "天狗", "SS-120", "戌", B, (M.GENERAL,), False),  # 弔客…天狗附之
]
_YEAR_STARS = [
    _star(i, name, Keyed.YEAR_BRANCH, _year_run(first), nat, mat, rule, inferred=inf)
    for i, name, rule, first, nat, mat, inf in _YEAR_GODS
] + [
    _star("yue_fei_lian", "月上飛廉", Keyed.MONTH_BRANCH, _run("申", -1), B, (M.GENERAL,), "SS-121", inferred=True),
    _star("yue_wu_gui", "月上五鬼", Keyed.MONTH_BRANCH, _run("寅", -1), B, (M.GENERAL,), "SS-122", inferred=True),
]

STARS: tuple[Star, ...] = tuple(
    _ASTRAL + _VIRTUES + _DAY_STEM + _FIVE_TALLIES + _GENERAL_STARS + _MONTH_STARS + _PALACE_STARS + _KUI_GANG
    + _YEAR_STARS
)
STAR_BY_ID: Mapping[str, Star] = MappingProxyType({s.id: s for s in STARS})
STAR_BY_RULE: Mapping[str, Star] = MappingProxyType({s.rule: s for s in STARS})
if len(STAR_BY_ID) != len(STARS):
    raise AssertionError("duplicate star id")
del G, B, X, N, M

# The closing principle the chart functions follow.
PRINCIPLE = source("SS-00")


def target_text(target: Target) -> str:
    """A target as the books write it: 寅, 丁, 戊寅."""
    return str(target) if isinstance(target, StemBranch) else target.name


# ---- a moment's keys, and the catalogue indexed by them ---------------------------------------

def _keys(month: Branch, day: StemBranch, year_branch: Branch | None, hour: Branch | None) -> dict[Keyed, object]:
    """The value of every key kind under a set of pillars (``key_value`` reads it; the masks need no Moment)."""
    return {
        Keyed.MONTH_BRANCH: month, Keyed.SEASON: quarter_of(month), Keyed.FRAME: frame_of(month),
        Keyed.DAY_STEM: day.stem, Keyed.DAY_PILLAR: day, Keyed.YEAR_BRANCH: year_branch,
        Keyed.HOUR: None if hour is None else (month, hour),
        Keyed.YEAR_MONTH: None if year_branch is None else (frame_of(year_branch), month),
    }


@lru_cache(maxsize=1)
def _by_kind() -> dict[Keyed, dict[object, dict[tuple[str, object], tuple[tuple[Star, Target], ...]]]]:
    """Every star's table turned around: per key kind and key value, the (star, target) pairs by target slot,
    in catalogue order."""
    out: dict[Keyed, dict[object, dict[tuple[str, object], list[tuple[Star, Target]]]]] = {}
    for star in STARS:
        for key, targets in star.table.items():
            if len(set(targets)) != len(targets):
                raise AssertionError(f"{star.id}: a target twice under {key}")
            for t in targets:
                out.setdefault(star.key, {}).setdefault(key, {}).setdefault(_slot(t), []).append((star, t))
    return {kind: {k: {slot: tuple(v) for slot, v in d.items()} for k, d in by.items()} for kind, by in out.items()}


def _slot(target: Target) -> tuple[str, object]:
    """Index key of a target: Branch and Stem are IntEnums that compare equal by value, so keep their kind."""
    return ("p" if isinstance(target, StemBranch) else "b" if isinstance(target, Branch) else "s", target)
