"""Every rule id the engine can emit, with the seed passage it rests on (ids as in ``shared/notes``).

One registry, so a finding is made from an id alone and a wrong line number is fixed in one place: every id is
written here once (and once more in ``TITLES``, with its name), and a module that emits it writes the id and asks
``source(id)``.  An entry is ``(seed,
line)``; an id the engine also cites at other passages (a use-god rule at the worked cases that show it) is
``cited(seed, line, *more)``, each further passage a line of the same seed or a ``(seed, line)`` of another, and
``decided=`` names the passages whose use DESIGN.md, not the text, decides (``Source.decision``).
"""

from __future__ import annotations

from functools import cache
from typing import NamedTuple

from core.sources import Source


class Cited(NamedTuple):
    """An id cited at more than one passage, or at one whose use DESIGN.md decides."""

    seed: str
    line: int
    more: tuple[int | tuple[str, int], ...]
    decided: tuple[int, ...]


def cited(seed: str, line: int, *more: int | tuple[str, int], decided: tuple[int, ...] = ()) -> Cited:
    """The id's own passage (``seed``, ``line``), further ones, and the lines of ``seed`` DESIGN.md decides."""
    return Cited(seed, line, more, decided)


_TABLE: dict[str, tuple[str, int] | Cited] = {
    # ==== seed 002 增刪卜易 (用神 … 日辰) ====
    # 用神章 (lines 31–41), and the worked cases where a use-god rule is cited
    "YS-01": cited("002", 31, 47, 75, decided=(31,)),  # 父母 (land and graves: DESIGN.md); 占父近病 47, 占父官事 75
    "YS-02": ("002", 35),  # 官鬼: 功名、官府、雷霆鬼神、妻占夫; 亂臣賊盜
    "YS-03": cited("002", 35, 87, 139, 155),  # 兄弟, the 劫神 of money; 占弟痘症 87, 占弟被訟 139, 占妹臨產 155
    "YS-04": ("002", 35),  # 占姊丈妹夫以世爻為用神
    "YS-05": cited("002", 39, 175, decided=(39,)),  # 妻財: 我驅使之人, 貨財 (gambling: DESIGN.md); 占僕何日回 175
    "YS-06": ("002", 39),  # 子孫: 子女, 醫藥, 六畜; 獨占功名者忌之
    "YS-07": cited("002", 67, 151, ("000", 127)),  # 自占 世爻為用神; 占開鋪面 151; 000 卜自身，世為主象
    "YS-08": ("002", 47), "YS-09": ("002", 115),
    # 元神 忌神 仇神 (lines 43–67)
    "YJ-01": ("002", 43), "YJ-02": ("002", 51), "YJ-03": ("002", 63),
    "YC-1": ("002", 51), "YC-2": ("002", 51), "YC-3": ("002", 51), "YC-4": ("002", 51), "YC-5": ("002", 51),
    "YN-1": ("002", 59), "YN-2": ("002", 59), "YN-3": ("002", 59), "YN-4": ("002", 59), "YN-5": ("002", 59),
    "YN-6": ("002", 59),
    "JC-1": ("002", 63), "JC-2": ("002", 63), "JC-3": ("002", 63), "JC-4": ("002", 63), "JC-5": ("002", 63),
    "JN-1": ("002", 63), "JN-2": ("002", 63), "JN-3": ("002", 63), "JN-4": ("002", 63), "JN-5": ("002", 63),
    "JN-6": ("002", 63), "JN-7": ("002", 63),
    # 生克 (71–97)
    "SK-01": ("002", 71), "SK-02": ("002", 75), "SK-03": ("002", 87), "SK-04": ("002", 91), "SK-05": ("002", 91),
    "SK-06": ("002", 135), "SK-07": ("002", 79), "SK-08": ("002", 163),
    # 動變 (99–105)
    "DB-01": ("002", 99), "DB-02": ("002", 99), "DB-03": ("002", 103), "DB-04": ("002", 99), "DB-05": ("002", 51),
    "DB-06": ("002", 59), "DB-07": ("002", 51),
    # 月建 (107–157)
    "M-01": ("002", 107), "M-02": ("002", 111), "M-03": ("002", 115), "M-04": ("002", 115), "M-05": ("002", 115),
    "M-06": ("002", 115), "M-07": ("002", 115), "M-08": ("002", 115), "M-09": ("002", 123), "M-10": ("002", 123),
    "M-11": ("002", 131), "M-12": ("002", 143), "M-13": ("002", 147), "M-14": ("002", 147), "M-15": ("002", 155),
    # 日辰 (159–181)
    "D-01": ("002", 159), "D-02": ("002", 159), "D-03": ("002", 163), "D-04": ("002", 163), "D-05": ("002", 155),
    "D-06": ("002", 167), "D-07": ("002", 159), "D-08": ("002", 179),
    # 旬空
    "XK-01": ("002", 115), "XK-02": ("002", 115), "XK-03": ("002", 123), "XK-04": ("002", 51), "XK-05": ("002", 123),
    # timing patterns, each from the case that shows it
    "T-01": ("002", 47), "T-02": ("002", 55), "T-03": ("002", 127), "T-04": ("002", 67), "T-05": ("002", 171),
    "T-06": ("002", 139), "T-07": ("002", 151), "T-08": ("002", 151), "T-09": ("002", 135), "T-10": ("002", 135),
    # miscellaneous
    "GX-01": ("002", 47), "R-CAI-01": ("002", 119),
    # the matter read with the 世 and the 應: 妹占兄官事 (the rescuing document) 79; 占開鋪面 151 (鬼在身邊須防疾病;
    # the 應 as the other party: DESIGN.md)
    "YS-10": cited("002", 71, 79, 151, decided=(151,)),
    # the use-god reaching the querent through a moving line: "寅木之財以生官，官來生世" (Z002-05)
    "LK-01": ("002", 55),
    # ==== seed 000 易林補遺 (the topic chapters, core/topics and the use-gods of core/question) ====
    # 年時豐歉 (lines 3–33): 以身世為主，財福為憑
    "NS-01": ("000", 3),    # 子孫/妻財 旺相, or on 身 世 太歲 → 五穀豐登
    "NS-02": ("000", 3),    # 兄弟 and 官鬼 交重 → 凶荒
    "NS-03": ("000", 3),    # 水 and 火 lines at rest → 風調雨順 (and 國泰民安); the weather's use-gods
    "NS-03a": ("000", 3),   # a 水 line moving → rain
    "NS-03b": ("000", 3),   # a 火 line moving → clear skies
    "NS-04": ("000", 7),    # 純陽 + 火 moving + 父母 空絕 → 亢旱
    "NS-05": ("000", 7),    # 純陰 + 水 moving → flood (先水後乾)
    "NS-06": ("000", 11),   # 凡卜年的，最嫌官鬼: a static 官鬼, no calamity
    "NS-06a": ("000", 11),  # 金 官鬼 moving → 刀兵 (騎虎: war)
    "NS-06b": ("000", 11),  # 木 官鬼 moving → gales
    "NS-06c": ("000", 15),  # 火 官鬼 moving → scorched crops, fires (化水: no harm)
    "NS-06d": ("000", 15),  # 土 官鬼 moving → epidemics
    "NS-06e": ("000", 15),  # 水 官鬼 moving → floods
    "NS-06f": ("000", 11),  # 官鬼 with 玄武 → bandits
    "NS-06g": ("000", 15),  # 子孫 化 官鬼, or 金/土 官鬼 → insects, locusts
    "NS-07": ("000", 19),   # 勾陳 on a void line → barren fields
    "NS-08": ("000", 19),   # 妻財 為糧食 絕 + 兄弟 moving → no harvest; 子孫 蠶花
    "NS-08a": ("000", 19),  # 子孫 void + 官鬼 moving → spring silkworms lost
    "NS-09": ("000", 23),   # 初爻 (萬物) and 財 生扶旺相 → all flourishes; 世 地氣, 二爻 黎民
    "NS-09a": ("000", 23),  # 世 and 二爻 空 破 絕 → famine or disaster
    "NS-10": ("000", 27),   # the directions of 官鬼/兄弟 (dearth) and 妻財/子孫 (abundance)
    "NS-12": ("000", 31),   # 騰蛇 on a 火 line → pox; on a 金 line → 妖邪
    "NS-13": ("000", 31),   # 凡卜年成禍福，須憑年建: the 太歲 line
    # 身命造化 (lines 35–129): 占自己以世爻為主，占他人以用象為憑
    "SM-01": ("000", 35),   # 世 休囚 → setbacks, 旺相 + 生扶 → 非貴即富; 身宜旺相
    "SM-02": cited("000", 47, decided=(47,)),  # 世 空 → not long-lived; 應為妻室 (the spouse: DESIGN.md)
    "SM-03": ("000", 51),   # 財 and 子孫 with 身 旺 → rich and honoured; 兄 鬼 with 世 衰 → poor
    "SM-04": ("000", 51),   # moving relations (子孫 旺 never falls foul of the law …); 交鬼為災，重官作訟
    "SM-05": ("000", 55),   # 身/世/本命 隨官入墓 → illness and disaster
    "SM-06": ("000", 55),   # 妻財 on the day, moving, feeding a 官鬼 that 克 世 → 助鬼傷身 through money
    "SM-07": cited("000", 55, 59),  # 世 得生 吉, 身 遭克 凶; 日沖 light, 月破 世 heaviest (59: 夭亡); 太歲 沖
    "SM-08": ("000", 59),   # 六沖 hollow, 六合 solid
    "SM-09": ("000", 63),   # the season × the relation (正二月 木 子孫 …)
    "SM-10": ("000", 67),   # 庶民鬼值身中，多災多訟。仕宦官居世上，越貴越榮
    "SM-11": ("000", 67),   # missing relations (no 官鬼, no 子孫, 兄弟 空, 父母 陷)
    "SM-12": ("000", 71),   # 世 克 a weak 財 …; 兄弟 當權; many 鬼 no 財
    "SM-13": ("000", 75),   # 財官 = 祿馬: neither absent, nor many, nor void, nor moving
    "SM-14": ("000", 79),   # 子孫為福德，妻財為衣祿; 子孫 當權; 財/福 落陷
    "SM-15": ("000", 83),   # 財 at 帝旺/長生; 世 at 死 敗 墓 絕
    "SM-16": ("000", 87),   # 限 vs 星: a 限 on 財/子孫 not 凶, on 兄/鬼 not 吉
    "SM-17": ("000", 91),   # 惡煞 (兄 鬼 白虎 騰蛇) moving 凶, but 刑/沖 turns it
    "SM-18": ("000", 91),   # 世 and 本命 both void → rises and falls
    "SM-19": cited("000", 95, 99),  # 世 on a 白虎 官鬼 → 災中染疾; 身 on 青龍 子孫 → joy upon joy (99)
    "SM-20": ("000", 103),  # 六神 on a 官鬼 on 世
    "SM-21": ("000", 107),  # 官鬼 克 世: the kind of danger by element and branch
    "SM-22": ("000", 111),  # who harms (克世) and who helps (生世)
    "SM-23": ("000", 115),  # travel: 遊魂/歸魂, 世 moving or at rest, 內卦 staying 外卦 going
    "XL-01": ("000", 39),   # 主卦 胎元根本, 之卦 體骨精神; inner/outer 旺 → family wealth
    "XL-02": ("000", 39),   # 大限: five years a line (rejected by 002's school: 大小限)
    "XL-04": ("000", 43),   # 小限: a year a line from the 世 downward
    "XL-05": ("000", 47),   # 大限 小限 流年 生合 the use-god 吉, 克沖 凶
    "BT-01": ("000", 95),   # illness: the trigram and the element of the moving 官鬼; 白虎 官鬼 持世 without 子孫
    "BT-02": ("000", 99),   # illness: the line of the moving 官鬼 (足 … 頭)
    "FX-01": ("000", 119),  # directions that 生合 the use-god (go), 克沖 it (avoid)
    "FX-02": ("000", 119),  # the worked illustration (兄占弟命): each direction read
    "LQ-01": cited("000", 127, 123, decided=(127,)),  # 六親 by relation (如問雙親 123; 妻財 官鬼 127); 問他人應作用爻
    # 六親壽命 (lines 131–149): 以用爻為主，父母為憑
    "SY-01": ("000", 131),  # the use-god by person; 旺 + static + 生扶 → very long
    "SY-02": ("000", 135),  # 旺相安靜 long; 旺 but 墓絕 not long; 衰 moving into 生旺 adds years
    "SY-03": ("000", 135),  # 落陷 臨空 candle in the wind; 日扶月助 pine in a valley
    "SY-04": ("000", 139),  # 衰中被害 → death; 旺處受傷，縱有災而未喪
    "SY-05": ("000", 139),  # 不論尊卑之壽，皆憑父母之爻
    "SY-06": ("000", 143),  # 父母 旺 adds years, 空 no long life
    "SY-07": ("000", 143),  # the death year: the use-god in the year's 旬空
    "SY-08": ("000", 147),  # the death month: the use-god at 死; the 元神 overcome
    "SY-09": ("000", 143),  # 天剋地沖 of a year against the line
    "T-11": ("000", 143),   # timing: the year the lifespan ends (SY-07, SY-09)
    # 倩媒說合 (lines 151–157): 占婚以間爻為主，問媒以應象為憑
    "MS-01": ("000", 151),  # the matchmaker is the 應: 空 陷 useless, 旺 生 capable; 應克世爻，心懷刁詐
    "MS-02": ("000", 155),  # 卦得財鬼俱全，方能成就; 三合 六合 六沖
    "MS-03": ("000", 155),  # in a marriage chart the matchmakers are the 間爻
    # 婚姻嫁娶 (lines 159–197): 以內外世應為主，陰陽財鬼為憑
    "HY-01": ("000", 159),  # 純陽 → the man widowed, 純陰 → the woman
    "HY-02": ("000", 163),  # 陰陽得位: 內 夫 外 婦, 世 夫 應 婦 (000's 世應夫婦, rejected by 002)
    "HY-03": ("000", 163),  # 鬼為夫，財為婦: one without the other
    "HY-04": cited("000", 167, decided=(167,)),  # 男占婦以財為主，女占夫用鬼為先 (for a relative: DESIGN.md)
    "HY-05": ("000", 171),  # 世為男家，應為女宅
    "HY-06": cited("000", 171, 167),  # 官 likes 生 dislikes 絕, 財 likes 旺 dislikes 空 (167: 財 鬼 must be there)
    "HY-07": ("000", 175),  # 兩間之爻，皆為媒妁
    "HY-08": ("000", 175),  # 子孫 (heirs): static, 旺, not void
    "HY-09": ("000", 179),  # 財 化鬼 or 沖 → the wife ill; 官鬼 刑沖 → the husband
    "HY-10": ("000", 179),  # 合 + 生 between the pair lasting, 沖 + 克 parting
    "HY-11": ("000", 179),  # dowry and betrothal gifts
    "HY-12": ("000", 183),  # 世/應 空 沖 → a family not keen
    "HY-13": ("000", 183),  # 六合 lasting, 六沖 discord
    "HY-14": ("000", 187),  # 沖中化合, 先沖後合
    "HY-16": ("000", 191),  # 通關: 父 without 兄, 財 without 鬼
    "HY-17": ("000", 195),  # 六神 on 財: the bride's character
    # ==== seed 001 易冒 (core/combinations, core/stars) ====
    # 助傷章第三十六
    "ZS-01": ("001", 3),    # 世爻受鬼克，而鬼長生於日 — 助鬼傷身; 身 means the 世 only
    "ZS-02": ("001", 3),    # 官鬼遇空破者弗能傷 (E1)
    "ZS-03": ("001", 3),    # 世爻逢旺相者弗能傷 (E2)
    "ZS-04": ("001", 7),    # 長生 on the year, month, a moving or a changed line does not count (E3)
    "ZS-05": ("001", 7),    # 巳日之巽, 申日之革: not 真生 (E4)
    "ZS-06": ("001", 7),    # 午日之坎, 酉日之離: helped is not 長生 (E5)
    "ZS-07": ("001", 11),   # readings: 身命, 家, 娶婦, 女占夫, 占官/占武
    "ZS-08": ("001", 15),   # readings: 訟, 失, 求財, 出行, 疾病 …
    "ZS-09": ("001", 15),   # 總之: 以鬼為忌者凶; 以官為用亦嫌其克世; 靜遲動速, 旺大衰小
    # 局會
    "JH-01": ("001", 19),   # 中神主也: 失其主則不能會，傷其中則不能局; half frames with the middle form
    "JH-02": ("001", 19),   # 傷其始力小, 傷其終力存, 終始不傷力大
    "JH-03": ("001", 19),   # 化不化: the frame acts as the middle's element, members keep their own
    "JH-04": ("001", 23),   # 動會 變會 伏會; 必由日月而懸之
    "JH-05": ("001", 27),   # 變失始者其局假 (子變辰者非; 謙之泰: 寅值空，乃失其始)
    "JH-06": ("001", 27),   # 伏得生者其局真 (午伏寅者是)
    "JH-07": ("001", 27),   # 懸始吉而懸終凶 (申月懸子則是，戌月懸午則非)
    # 三刑
    "XF-01": ("001", 35),   # 寅巳申 丑戌未 子卯 辰午酉亥; 不可以三泥 (pairs suffice)
    "XF-02": ("001", 39),   # 刑則墓開，刑而兼沖其力更大; 困之兌 真刑
    "XF-03": ("001", 39),   # 刑 like 退神, 不及旬空月破之凶; 身命 婚姻 宦 病; 官克世而問訟 … 世刑而大凶
    # 六害
    "LH-01": ("001", 43),   # 害 = 沖 of the 合 partner
    "LH-02": ("001", 47),   # 生害 / 克害; 不及六沖; 重克害, 重用爻世爻, 應克世; 當別用爻 (姤 恆 小畜 益)
    # 神煞 (SS-01 … in catalogue order, core/stars; seed001_rules.md §4 gives none): add new stars at the end
    "SS-00": ("001", 223),  # the closing principle: 地支之星以月為憑，天干之星以日為主 … 以用神為主而星輔之
    # 天象: 九曜 and 三垣 (line 55)
    "SS-01": ("001", 55), "SS-02": ("001", 55), "SS-03": ("001", 55),         # 破軍 左輔 右弼
    "SS-04": ("001", 55), "SS-05": ("001", 55), "SS-06": ("001", 55),         # 紫微垣 天市垣 太微垣
    # 四德 (59–67)
    "SS-07": ("001", 59), "SS-08": ("001", 59),                               # 天德 天干天德
    "SS-09": ("001", 67), "SS-10": ("001", 67),                               # 月德 天干月德
    # 天干之星: by the day stem (71–191)
    "SS-11": ("001", 71),                                                     # 天乙貴人
    "SS-12": ("001", 79), "SS-13": ("001", 79),                               # 福星貴人 天廚貴人
    "SS-14": ("001", 83),                                                     # 天元祿
    "SS-15": ("001", 91),                                                     # 文昌
    "SS-16": ("001", 103),                                                    # 喜神
    "SS-17": ("001", 159),                                                    # 羊刃
    "SS-18": ("001", 191),                                                    # 絕路空
    # 五符 and its eleven followers (207)
    "SS-19": ("001", 207), "SS-20": ("001", 207), "SS-21": ("001", 207),      # 五符 天曹 地符
    "SS-22": ("001", 207), "SS-23": ("001", 207), "SS-24": ("001", 207),      # 風伯 雷公 雨師
    "SS-25": ("001", 207), "SS-26": ("001", 207), "SS-27": ("001", 207),      # 風雲 堂符 國印
    "SS-28": ("001", 207), "SS-29": ("001", 207), "SS-30": ("001", 207),      # 天關 地匣 天賊
    # 將星 series (95; 驛馬 99)
    "SS-31": ("001", 95), "SS-32": ("001", 95),                               # 將星 攀鞍
    "SS-33": ("001", 99),                                                     # 驛馬
    "SS-34": ("001", 95), "SS-35": ("001", 95), "SS-36": ("001", 95),         # 六害 華蓋 劫煞
    "SS-37": ("001", 95), "SS-38": ("001", 95), "SS-39": ("001", 95),         # 災煞 天煞 地煞
    "SS-40": ("001", 95), "SS-41": ("001", 95), "SS-42": ("001", 95),         # 年煞 月煞 亡人煞
    # month stars (87–199)
    "SS-43": ("001", 87), "SS-44": ("001", 87),                               # 天財 地財
    "SS-45": ("001", 99),                                                     # 天馬
    "SS-46": ("001", 103),                                                    # 天喜
    "SS-47": ("001", 107), "SS-48": ("001", 107),                             # 天赦 天解
    "SS-49": ("001", 111), "SS-50": ("001", 111),                             # 月解 喝散
    "SS-51": ("001", 115), "SS-52": ("001", 115),                             # 天醫 活曜
    "SS-53": ("001", 123), "SS-54": ("001", 123), "SS-55": ("001", 123),      # 雷火 網羅 旌旗
    "SS-56": ("001", 127), "SS-57": ("001", 127),                             # 天耳 天目
    "SS-58": ("001", 131), "SS-59": ("001", 131), "SS-60": ("001", 131),      # 天罡煞 天犬 天豬
    "SS-61": ("001", 131), "SS-62": ("001", 131),                             # 天鼠 天牛
    "SS-63": ("001", 135), "SS-64": ("001", 135), "SS-65": ("001", 135),      # 大騰蛇 暗金 破碎
    "SS-66": ("001", 139), "SS-67": ("001", 139), "SS-68": ("001", 139),      # 大耗 小耗 荒蕪
    "SS-69": ("001", 139), "SS-70": ("001", 139),                             # 月空 月煞
    "SS-71": ("001", 143), "SS-72": ("001", 143), "SS-73": ("001", 143),      # 天賊 天狗 地賊
    "SS-74": ("001", 143), "SS-75": ("001", 143),                             # 天燭 天火
    "SS-76": ("001", 147), "SS-77": ("001", 147), "SS-78": ("001", 147),      # 生氣 死氣 死氣官符
    "SS-79": ("001", 147),                                                    # 錘門官符
    "SS-80": ("001", 159), "SS-81": ("001", 159), "SS-82": ("001", 159),      # 天獄 地獄 血刃
    "SS-83": ("001", 159),                                                    # 血忌
    "SS-84": ("001", 171), "SS-85": ("001", 171), "SS-86": ("001", 171),      # 陰煞 折煞 浴盆
    "SS-87": ("001", 171),                                                    # 咸池
    "SS-88": ("001", 183), "SS-89": ("001", 183), "SS-90": ("001", 183),      # 天哭 喪門 弔客
    "SS-91": ("001", 183), "SS-92": ("001", 183), "SS-93": ("001", 183),      # 喪車 五墓 三坵
    "SS-94": ("001", 187), "SS-95": ("001", 187), "SS-96": ("001", 187),      # 孤辰 寡宿 關鎖
    "SS-97": ("001", 191), "SS-98": ("001", 191), "SS-99": ("001", 191),      # 往亡 歸忌 覆舟
    "SS-100": ("001", 191),                                                   # 白浪
    # 天官符 (147), 鶴神 (203)
    "SS-101": ("001", 147),                                                   # 天官符
    "SS-102": ("001", 203),                                                   # 鶴神
    # 罡魁 (211)
    "SS-103": ("001", 211), "SS-104": ("001", 211),                           # 天罡 河魁
    # 太歲 and its twelve gods, the four attached (215), the month forms (219)
    "SS-105": ("001", 215), "SS-106": ("001", 215), "SS-107": ("001", 215),   # 太歲 太陽 喪門
    "SS-108": ("001", 215), "SS-109": ("001", 215), "SS-110": ("001", 215),   # 太陰 官符 死符
    "SS-111": ("001", 215), "SS-112": ("001", 215), "SS-113": ("001", 215),   # 歲破 龍德 白虎
    "SS-114": ("001", 215), "SS-115": ("001", 215), "SS-116": ("001", 215),   # 福德 弔客 病符
    "SS-117": ("001", 215), "SS-118": ("001", 215), "SS-119": ("001", 215),   # 飛廉 五鬼 欄杆
    "SS-120": ("001", 215),                                                   # 天狗
    "SS-121": ("001", 219), "SS-122": ("001", 219),                           # 月上飛廉 月上五鬼
    # 增刪卜易 itself (shared/texts/zsby_doctrine.txt; ids and lines as in notes/zsby_doctrine_rules.md)
    # 卷首: the four places, choosing among copies, the 世 for one's own matter, illness
    "JS-05": ("zsby", 450), "JS-06": ("zsby", 451), "JS-07": ("zsby", 458), "JS-10": ("zsby", 458),
    "JS-12": ("zsby", 442),
    "JS-14": ("zsby", 425), "JS-16": ("zsby", 9), "JS-17": ("zsby", 9), "JS-23": ("zsby", 17),
    "JS-24": ("zsby", 18), "JS-25": ("zsby", 18), "JS-26": ("zsby", 18),
    # 六神 六合 六沖 三刑 暗動 卦變 反伏
    "LS-02": ("zsby", 482), "LH-03": ("zsby", 502), "LH-04": ("zsby", 511), "LH-05": ("zsby", 503), "LH-06": ("zsby", 520),
    "LC-03": ("zsby", 545), "LC-04": ("zsby", 545), "SX-02": ("zsby", 589), "AD-01": ("zsby", 600),
    "GB-02": ("zsby", 623), "GB-03": ("zsby", 624), "FF-02": ("zsby", 634), "FF-03": ("zsby", 635),
    "FF-04": ("zsby", 651),
    # 旬空 生旺墓絕 題頭 應期
    "XK2-02": ("zsby", 664), "XK2-03": cited("zsby", 665, 1356), "XK2-05": ("zsby", 697), "XK2-07": ("zsby", 699), "XK2-08": ("zsby", 775),
    "SW-05": ("zsby", 707), "SW-06": ("zsby", 715), "TT-01": ("zsby", 719), "TT-03": ("zsby", 721),
    "YQ-01": ("zsby", 731), "YQ-02": ("zsby", 732), "YQ-03": ("zsby", 733), "YQ-04": ("zsby", 734),
    "YQ-05": ("zsby", 735), "YQ-06": ("zsby", 736), "YQ-07": ("zsby", 737), "YQ-08": ("zsby", 738),
    "YQ-09": ("zsby", 739), "YQ-10": ("zsby", 740), "YQ-12": ("zsby", 742), "YQ-13": ("zsby", 743),
    "YQ-15": ("zsby", 745), "YQ-18": ("zsby", 748), "YQ-19": ("zsby", 749),
    # 月破 飛伏 進退 隨鬼入墓 兩現 星煞
    "YP-03": ("zsby", 767), "YP-04": ("zsby", 782), "FS-01": ("zsby", 810), "FS-03": ("zsby", 832),
    "FS-04": ("zsby", 835), "FS-06": ("zsby", 837), "FS-08": ("zsby", 886), "FS-10": ("zsby", 876), "JT-02": ("zsby", 896),
    "JT-03": ("zsby", 1065), "JT-04": cited("zsby", 1065, 976, 984), "SG-02": ("zsby", 1109), "LX-02": ("zsby", 1177), "XS-05": ("zsby", 1218),
    # 黃金策千金賦
    "HJ-07": ("zsby", 1251), "HJ-14": ("zsby", 1261), "HJ-21": ("zsby", 1277), "HJ-24": ("zsby", 1290), "HJ-28": ("zsby", 1319), "LH-11": ("zsby", 531), "LH-10": ("zsby", 531), "HJ-32": ("zsby", 1348), "HJ-16": ("zsby", 1263), "HJ-18": ("zsby", 1273), "HJ-25": ("zsby", 1307),
    "HJ-34": ("zsby", 1375), "HJ-35": ("zsby", 1402), "HJ-38": ("zsby", 1421), "HJ-41": ("zsby", 1424),
    "HJ-43": ("zsby", 1426), "HJ-47": ("zsby", 1447), "HJ-66": ("zsby", 1508), "HJ-44": ("zsby", 1444), "HJ-52": ("zsby", 1477), "HJ-54": ("zsby", 1487),
    # ==== 增刪卜易's topic chapters 35–130 (shared/texts/zsby_topics_doctrine.txt, seed zsbyt; ids and lines as in
    # notes/zsby_topics_rules.md; core/chapters emits them, core/question names the chapters' use-gods) ====
    "BX-01": ("zsbyt", 401), "CA-01": ("zsbyt", 448), "CQ-01": ("zsbyt", 453), "CX-01": ("zsbyt", 459), "CX-02": ("zsbyt", 460),
    "CX-03": ("zsbyt", 461), "CX-04": ("zsbyt", 462), "CX-06": ("zsbyt", 465), "CX-07": ("zsbyt", 466), "CX-08": ("zsbyt", 467), "CX-09": ("zsbyt", 468),
    "CX-10": ("zsbyt", 469), "DH-01": ("zsbyt", 371),
    "DH-03": ("zsbyt", 373), "DH-05": ("zsbyt", 375), "DH-07": ("zsbyt", 377), "DO-01": ("zsbyt", 486),
    "DO-02": ("zsbyt", 486), "FB-01": ("zsbyt", 482), "FB-02": ("zsbyt", 483), "FM-03": ("zsbyt", 117),
    "FQ-04": ("zsbyt", 130), "FQ-05": ("zsbyt", 131), "FZ-01": cited("zsbyt", 395, decided=(395,)), "GS-01": ("zsbyt", 518),
    "GZ-01": ("zsbyt", 547), "GZ-02": ("zsbyt", 549), "GZ-03": ("zsbyt", 551), "GZ-04": ("zsbyt", 553),
    "HYN-05": ("zsbyt", 414), "HYN-06": ("zsbyt", 415), "HYN-07": ("zsbyt", 416), "HYN-08": ("zsbyt", 417),
    "HYN-09": ("zsbyt", 418), "HYN-10": ("zsbyt", 419), "HYN-12": ("zsbyt", 421), "HYN-17": ("zsbyt", 426),
    "JB-05": ("zsbyt", 498), "JB-08": ("zsbyt", 501), "JB-10": ("zsbyt", 503), "JB-11": ("zsbyt", 504),
    "JB-12": ("zsbyt", 505), "JD-01": ("zsbyt", 392), "KH-01": ("zsbyt", 359), "KH-02": ("zsbyt", 359),
    "KH-04": ("zsbyt", 360), "KH-05": ("zsbyt", 361), "KH-06": ("zsbyt", 362), "QB-02": ("zsbyt", 99),
    "QB-05": ("zsbyt", 107), "QB-06": ("zsbyt", 108), "QB-07": ("zsbyt", 110), "QC-03": ("zsbyt", 321),
    "QC-04": ("zsbyt", 323), "QC-05": ("zsbyt", 324), "QC-06": ("zsbyt", 325), "QC-07": ("zsbyt", 326),
    "QC-08": ("zsbyt", 327), "QC-11": ("zsbyt", 332), "QC-12": ("zsbyt", 333), "SB-01": ("zsbyt", 226), "SB-07": ("zsbyt", 232),
    "SB-02": ("zsbyt", 227), "SB-08": ("zsbyt", 233), "SYU-01": ("zsbyt", 92), "SYU-02": ("zsbyt", 92),
    "SYU-03": ("zsbyt", 92), "SYU-05": ("zsbyt", 94), "SYU-06": ("zsbyt", 95), "TS-02": ("zsbyt", 6),
    "TS-04": ("zsbyt", 7), "TS-05": ("zsbyt", 8), "TS-06": ("zsbyt", 9), "TS-08": ("zsbyt", 10),
    "TS-09": ("zsbyt", 11), "TS-11": ("zsbyt", 13), "TS-14": ("zsbyt", 16), "TS-15": ("zsbyt", 17),
    "TS-16": ("zsbyt", 18), "TS-17": ("zsbyt", 19), "TS-22": ("zsbyt", 24), "TS-24": ("zsbyt", 26),
    "TS-26": ("zsbyt", 28), "TS-27": ("zsbyt", 29), "TS-30": ("zsbyt", 33), "TS-31": ("zsbyt", 34),
    "TS-32": ("zsbyt", 35), "TS-33": ("zsbyt", 36), "TS-34": ("zsbyt", 37), "TS-35": ("zsbyt", 38),
    "TS-37": ("zsbyt", 40), "TS-40": ("zsbyt", 43), "TY-01": ("zsbyt", 441), "TY-02": ("zsbyt", 442),
    "TY-03": ("zsbyt", 443), "WZ-02": ("zsbyt", 534), "XC-01": ("zsbyt", 489), "XD-02": ("zsbyt", 122),
    "XD-03": ("zsbyt", 123), "XH-01": ("zsbyt", 202), "XH-11": ("zsbyt", 211), "XH-12": ("zsbyt", 212), "XH-13": ("zsbyt", 214), "XH-02": ("zsbyt", 203), "XH-07": ("zsbyt", 207),
    "XH-08": ("zsbyt", 208), "XH-16": ("zsbyt", 220), "XN-01": ("zsbyt", 604), "XN-02": ("zsbyt", 605),
    "XN-03": ("zsbyt", 606), "XN-04": ("zsbyt", 607), "XN-08": ("zsbyt", 612), "XN-10": ("zsbyt", 614),
    "XR-02": ("zsbyt", 479), "XR-03": ("zsbyt", 479), "XR-04": ("zsbyt", 479), "YG-01": ("zsbyt", 346),
    "YG-02": ("zsbyt", 346), "YG-08": ("zsbyt", 353), "YY-02": ("zsbyt", 524), "YY-03": ("zsbyt", 525),
    "YY-04": ("zsbyt", 526), "YY-05": ("zsbyt", 527), "YY-07": ("zsbyt", 529), "ZSI-02": ("zsbyt", 139),
    "ZSI-03": ("zsbyt", 140), "ZSI-04": ("zsbyt", 140), "ZSI-05": ("zsbyt", 140), "ZSI-06": ("zsbyt", 141),
    "ZSI-07": ("zsbyt", 142), "ZSI-09": ("zsbyt", 143), "ZSI-10": ("zsbyt", 145), "ZX-01": ("zsbyt", 472),
    "ZX-02": ("zsbyt", 472), "ZY-01": ("zsbyt", 640), "ZY-02": ("zsbyt", 640), "ZY-03": ("zsbyt", 641),
    "ZY-04": ("zsbyt", 643), "ZY-05": ("zsbyt", 642),
    # 功名 (core/chapters/career.py): the rest of 鄉試 and 升選, 升遷何方 SF-03, 在任 ZR, 辭官 GC, 營造公務 GW
    "XH-03": ("zsbyt", 204), "XH-04": ("zsbyt", 204), "XH-05": ("zsbyt", 205), "XH-06": ("zsbyt", 206),
    "XH-09": ("zsbyt", 209), "XH-10": ("zsbyt", 210), "XH-14": ("zsbyt", 216), "XH-15": ("zsbyt", 218),
    "XH-17": ("zsbyt", 221), "SB-03": ("zsbyt", 228), "SB-04": ("zsbyt", 229), "SB-05": ("zsbyt", 230),
    "SB-06": ("zsbyt", 231), "SF-03": ("zsbyt", 239), "ZR-01": ("zsbyt", 242), "ZR-02": ("zsbyt", 242),
    "ZR-03": ("zsbyt", 243), "ZR-04": ("zsbyt", 244), "ZR-05": ("zsbyt", 245), "ZR-06": ("zsbyt", 246),
    "ZR-07": ("zsbyt", 247), "ZR-08": ("zsbyt", 248), "ZR-09": ("zsbyt", 249), "ZR-11": ("zsbyt", 251),
    "ZR-12": ("zsbyt", 252), "GC-01": ("zsbyt", 298), "GC-02": ("zsbyt", 299), "GW-01": ("zsbyt", 302),
    "GW-02": cited("zsbyt", 303, 304), "GW-03": ("zsbyt", 305), "GW-04": ("zsbyt", 305),
    "TK-01": ("zsbyt", 174), "TK-02": ("zsbyt", 175), "TK-03": ("zsbyt", 176), "TK-04": ("zsbyt", 177),
    "TK-05": ("zsbyt", 178), "SKK-01": ("zsbyt", 181), "SKK-02": ("zsbyt", 181), "SKK-04": ("zsbyt", 183),
    "SKK-05": ("zsbyt", 184), "KD-01": ("zsbyt", 193), "FA-01": ("zsbyt", 196), "YT-01": ("zsbyt", 199),
    "YT-02": ("zsbyt", 199), "ZF-01": ("zsbyt", 316),
    # frames read by relation, the chapters' timings, marriage and the grave site (issue 21, branch housegrave)
    "TS-13": ("zsbyt", 15), "TS-42": ("zsbyt", 45), "QC-14": cited("zsbyt", 335, 336), "DH-06": ("zsbyt", 376),
    "HYN-15": ("zsbyt", 424), "HYN-16": ("zsbyt", 425), "CA-03": ("zsbyt", 450), "XN-05": cited("zsbyt", 608, 609),
    "XN-07": ("zsbyt", 611), "XN-09": ("zsbyt", 613), "DT-01": ("zsbyt", 624),
    # the chapters read apart (core.question.Aspect): building work, the old house, the grave's harm, repair and
    # burial, the geomancer, a marriage's children, parents, risk and obstruction
    "CZ-01": ("zsbyt", 556), "XFD-01": ("zsbyt", 559), "XFD-02": cited("zsbyt", 559, 560), "XFD-03": ("zsbyt", 561),
    "JU-02": cited("zsbyt", 580, 581), "JU-04": ("zsbyt", 582), "JU-06": ("zsbyt", 584), "JU-07": ("zsbyt", 585),
    "YH-01": ("zsbyt", 646), "YH-02": ("zsbyt", 646), "YH-03": ("zsbyt", 646), "YH-04": ("zsbyt", 646),
    "XB-01": ("zsbyt", 652), "FU-01": ("zsbyt", 655), "DM-01": ("zsbyt", 631), "HZ-01": ("zsbyt", 429),
    "HF-01": ("zsbyt", 432), "QL-01": ("zsbyt", 438), "QL-02": ("zsbyt", 438), "TJ-01": ("zsbyt", 588),
}


# The short name of every rule id, as a heading of the books would put it (from the notes' catalogues and the text's
# own words: 應期總注's headings, 黃金策's maxims), in the engine's canonical characters; each catalog renders it
# (msgctxt "term").  A 神煞 rule (SS-01 …) is named by its star (``title``).
TITLES: dict[str, str] = {
    "YS-01": "父母為用神", "YS-02": "官鬼為用神", "YS-03": "兄弟為用神", "YS-04": "姊丈妹夫以世為用",
    "YS-05": "妻財為用神", "YS-06": "子孫為用神", "YS-07": "自占以世為用", "YS-08": "用神兩現擇旺",
    "YS-09": "卦無用神以月建為用", "YJ-01": "元神忌神仇神", "YJ-02": "元神旺相方能生", "YJ-03": "用神有氣方受生",
    "YC-1": "元神旺相有生扶", "YC-2": "元神動化回頭生化進", "YC-3": "元神長生帝旺於日", "YC-4": "元忌同動",
    "YC-5": "元神動而臨空化空", "YN-1": "元神休囚受傷", "YN-2": "元神休囚空破", "YN-3": "元神動化退神",
    "YN-4": "元神衰而逢絕", "YN-5": "元神入三墓", "YN-6": "元神化絕化克化破", "JC-1": "忌神旺相有生扶",
    "JC-2": "忌神動化回頭生", "JC-3": "忌神旺動臨空化空", "JC-4": "忌神長生帝旺於日", "JC-5": "忌仇同動",
    "JN-1": "忌神休囚受傷", "JN-2": "忌神靜而空破", "JN-3": "忌神入三墓", "JN-4": "忌神動化退神",
    "JN-5": "忌神衰而逢絕", "JN-6": "忌神化絕化克化破", "JN-7": "忌元同動", "SK-01": "四處相生", "SK-02": "四處相克",
    "SK-03": "克處逢生", "SK-04": "靜爻旺相能生克", "SK-05": "動爻休囚能克靜爻", "SK-06": "三合局", "SK-07": "刑助克",
    "SK-08": "合住", "DB-01": "變爻只生克本位", "DB-02": "他爻不能生克變爻", "DB-03": "日月能生克變爻",
    "DB-04": "回頭生克", "DB-05": "進神退神", "DB-06": "化絕化墓化克化破", "DB-07": "動不為空", "M-01": "旺相休囚",
    "M-02": "月將之權", "M-03": "月建制動變伏", "M-04": "月合", "M-05": "月破", "M-06": "月建入卦",
    "M-07": "月建為用神", "M-08": "旬內逢空即空", "M-09": "逢空不空", "M-10": "逢傷亦傷", "M-11": "日絕日沖日克",
    "M-12": "克少生多", "M-13": "月建與元忌", "M-14": "物窮則變，器滿則傾", "M-15": "臨月建逢絕不絕",
    "D-01": "日辰為六爻主宰", "D-02": "暗動日破", "D-03": "沖空則實", "D-04": "沖合則散", "D-05": "動爻不沖散",
    "D-06": "臨日辰", "D-07": "日辰扶衰克旺", "D-08": "日月總注", "XK-01": "旬空", "XK-02": "旬內之空", "XK-03": "出空",
    "XK-04": "動而逢空", "XK-05": "真空", "T-01": "合住待沖", "T-02": "空待出空", "T-03": "回頭克待沖去",
    "T-04": "用神無根", "T-05": "回頭克得月助", "T-06": "退神逢太歲合", "T-07": "入墓之月", "T-08": "對爻當令",
    "T-09": "出空之月", "T-10": "上爻為遠", "GX-01": "近病逢沖即愈", "R-CAI-01": "財爻克世必得", "YS-10": "世應論事",
    "LK-01": "財生官官生世", "NS-01": "財福旺相五穀豐登", "NS-02": "兄鬼交重凶荒", "NS-03": "水火安靜風調雨順",
    "NS-03a": "水爻動主雨", "NS-03b": "火爻動主晴", "NS-04": "純陽火動亢旱", "NS-05": "純陰水動淹沒",
    "NS-06": "卜年最嫌官鬼", "NS-06a": "金鬼動主刀兵", "NS-06b": "木鬼動主狂風", "NS-06c": "火鬼動主焦枯",
    "NS-06d": "土鬼動主時疫", "NS-06e": "水鬼動主淹沒", "NS-06f": "官鬼玄武主盜賊", "NS-06g": "子孫化鬼主蟲蝗",
    "NS-07": "勾陳臨空田荒", "NS-08": "財絕兄動無收", "NS-08a": "子孫空鬼動蠶空", "NS-09": "初爻財爻旺相萬物生",
    "NS-09a": "世與二爻空破絕", "NS-10": "方位豐歉", "NS-12": "騰蛇臨火主痘疹", "NS-13": "卜年須憑年建",
    "SM-01": "世休囚身旺相", "SM-02": "世空不壽", "SM-03": "財福全而身旺", "SM-04": "動爻六親", "SM-05": "隨官入墓",
    "SM-06": "財動生鬼傷身", "SM-07": "世得生吉身遭克凶", "SM-08": "六沖虛六合實", "SM-09": "四時六親",
    "SM-10": "鬼值身中", "SM-11": "六親不全", "SM-12": "世克財身克鬼", "SM-13": "財官祿馬", "SM-14": "子孫福德妻財衣祿",
    "SM-15": "財臨生旺世臨死絕", "SM-16": "限與星", "SM-17": "惡煞逢沖", "SM-18": "世與本命俱空",
    "SM-19": "世臨白虎官鬼", "SM-20": "六神臨官鬼持世", "SM-21": "官鬼克世之災", "SM-22": "克世生世之人",
    "SM-23": "遊魂歸魂出行", "XL-01": "主卦之卦", "XL-02": "大限", "XL-04": "小限", "XL-05": "限年生克用神",
    "BT-01": "鬼卦論病", "BT-02": "鬼爻論病位", "FX-01": "方位生克", "FX-02": "兄占弟命", "LQ-01": "六親用神",
    "SY-01": "壽元用神", "SY-02": "旺相安靜壽長", "SY-03": "風中燭谷中松", "SY-04": "衰中被害", "SY-05": "壽憑父母",
    "SY-06": "父母旺添壽", "SY-07": "歲旬空", "SY-08": "死月", "SY-09": "天剋地沖", "T-11": "壽終之年",
    "MS-01": "應為媒", "MS-02": "財鬼俱全方成", "MS-03": "間爻為媒", "HY-01": "純陽純陰", "HY-02": "陰陽得位",
    "HY-03": "鬼為夫財為婦", "HY-04": "男占財女占官", "HY-05": "世為男家應為女宅", "HY-06": "官喜生財喜旺",
    "HY-07": "兩間為媒妁", "HY-08": "子孫為嗣", "HY-09": "財化鬼官刑沖", "HY-10": "合生久沖克離", "HY-11": "妝奩聘禮",
    "HY-12": "世應空沖", "HY-13": "婚逢六合六沖", "HY-14": "沖中化合", "HY-16": "通關", "HY-17": "六神臨財",
    "ZS-01": "助鬼傷身", "ZS-02": "鬼遇空破弗能傷", "ZS-03": "世逢旺相弗能傷", "ZS-04": "長生在日",
    "ZS-05": "大生為真生", "ZS-06": "生非長生", "ZS-07": "助傷占身家婚官", "ZS-08": "助傷占訟失財行病",
    "ZS-09": "以鬼為忌者凶", "JH-01": "中神為主", "JH-02": "傷始傷終", "JH-03": "化不化", "JH-04": "動會變會伏會",
    "JH-05": "變失始者局假", "JH-06": "伏得生者局真", "JH-07": "懸始吉懸終凶", "XF-01": "三刑", "XF-02": "刑則墓開",
    "XF-03": "刑之輕重", "LH-01": "害為合之沖", "LH-02": "生害克害", "SS-00": "神煞以用神為主", "JS-05": "用神化回頭",
    "JS-06": "四處生克", "JS-07": "兩現擇動擇旺", "JS-10": "占他人以應為用", "JS-12": "世爻落空臨破", "JS-14": "防憂子孫持世",
    "JS-16": "旺官持世求名", "JS-17": "財星持世求財", "JS-23": "避禍子孫持世", "JS-24": "子孫持世病安",
    "JS-25": "近病逢空逢沖", "JS-26": "久病官鬼持世", "LS-02": "逢龍更吉逢虎更凶", "LH-03": "合起合絆", "LH-04": "世動逢合不去",
    "LH-05": "六合卦", "LH-06": "六沖變六合", "LC-03": "凶事宜沖散", "LC-04": "六合變六沖", "SX-02": "三刑少驗",
    "AD-01": "暗動", "GB-02": "卦化回頭克", "GB-03": "卦化回頭生", "FF-02": "內外反伏", "FF-03": "反伏用神旺相",
    "FF-04": "伏吟之卦", "XK2-02": "旺不為空", "XK2-03": "出旬不空", "XK2-05": "世爻出空之日", "XK2-07": "到底空",
    "XK2-08": "沖空實空", "SW-05": "土臨父母申日雨，土臨子孫申日晴", "SW-06": "旺於帝旺", "TT-01": "用神之旺", "TT-03": "用神化凶",
    "YQ-01": "靜而逢值逢沖", "YQ-02": "動而逢合逢值", "YQ-03": "太旺者逢墓逢沖", "YQ-04": "衰絕者遇生遇旺",
    "YQ-05": "入三墓喜沖開", "YQ-06": "遇六合宜相擊", "YQ-07": "月破喜填", "YQ-08": "旬空最愛填沖",
    "YQ-09": "大象吉而受克", "YQ-10": "大象凶而受克", "YQ-12": "化進神逢值逢合", "YQ-13": "化退神忌值忌沖",
    "YQ-15": "應於變爻動爻", "YQ-18": "世空元動", "YQ-19": "世衰元靜", "YP-03": "出月不破", "YP-04": "實破之年",
    "FS-01": "用神不現", "FS-03": "伏神有用", "FS-04": "伏神終不得出", "FS-06": "伏神出空", "FS-08": "飛變俱無始尋伏",
    "FS-10": "回頭克之應", "JT-02": "喜化進忌化退", "JT-03": "進神之有四", "JT-04": "退神之法有四", "SG-02": "入墓真假",
    "LX-02": "兩現取空破", "XS-05": "星煞不能獨操禍福", "HJ-07": "自占宜世旺", "HJ-14": "動空應沖空實空",
    "HJ-21": "貪生忘克", "HJ-24": "虛一待用", "HJ-28": "飛空伏易出", "LH-11": "三合待填", "LH-10": "世爻在局", "HJ-32": "官鬼持世宜沖克",
    "HJ-16": "合住待沖開", "HJ-18": "入墓難克", "HJ-25": "爻遇令星", "HJ-34": "忌臨身", "HJ-35": "忌神動傷用之期",
    "HJ-38": "化墓化絕", "HJ-41": "病占墓庫", "HJ-43": "占功名世旺", "HJ-47": "用爻重疊喜墓庫", "HJ-66": "水無泉源", "HJ-44": "回頭之克",
    "HJ-52": "用神克世", "HJ-54": "休囚被克而絕",
    # 增刪卜易's topic chapters (seed zsbyt)
    "BX-01": "博戲首重世應兼用財", "CA-01": "產婦以財為用", "CQ-01": "產期遠月近日", "CX-01": "世為出行人應為地頭", "CX-02": "世克應宜行應克世不宜",
    "CX-03": "六沖世衰去不成間爻同行", "CX-04": "世暗動必去", "CX-06": "子孫動出行百禍潛消", "CX-07": "父持世動出行之累", "CX-08": "財持世兄沖克浪費",
    "CX-09": "伏吟沖開反吟中返六沖不行", "CX-10": "六合變沖坐家亦危", "DH-01": "財旺宜脫財衰宜囤",
    "DH-03": "財化進化退論價", "DH-05": "貨價應期", "DH-07": "旺財逢日沖價漲", "DO-01": "應克世他勝世克應我贏",
    "DO-02": "子孫動爭不成", "FB-01": "防非喜官空子動", "FB-02": "子孫持世不成非鬼克世成訟", "FM-03": "父母壽元",
    "FQ-04": "財化凶妻不長年", "FQ-05": "兄持世財旺不克妻", "FZ-01": "放債兄臨世無歸", "GS-01": "鬼神以官鬼論",
    "GZ-01": "父爻持世生世發福", "GZ-02": "六合成而久遠六沖不久", "GZ-03": "世化進興隆化退悔", "GZ-04": "世父受傷不宜行",
    "HYN-05": "財官墓絕空破化凶", "HYN-06": "世空世化進退論婚", "HYN-07": "應空應化退悔", "HYN-08": "世應俱空無準實",
    "HYN-09": "兄持世婚難成", "HYN-10": "女占忌子孫持世發動", "HYN-12": "婚逢六沖無財官不成", "HYN-17": "世鬼應財陰陽得位",
    "JB-05": "病占用神化凶", "JB-08": "官鬼持世病難痊", "JB-10": "子孫持世不藥而痊", "JB-11": "鬼動病重忌化退病減",
    "JB-12": "子動病愈化克反覆", "JD-01": "借貸世逢兄不必開口", "KH-01": "財為本福為基", "KH-02": "應為伙計論生克",
    "KH-04": "鬼動招非財空不成", "KH-05": "鬼有制兄鬼同動", "KH-06": "開店六合六沖", "QB-02": "鬼爻克世更凶",
    "QB-05": "子孫持世出月出旬無憂", "QB-06": "克神內外宜出宜守", "QB-07": "子孫動不拘克世俱吉", "QC-03": "財兄子官同動",
    "QC-04": "財福不現求則無益", "QC-05": "父動兄動求財無益", "QC-06": "財臨日月待墓", "QC-07": "兄動宜鬼制兄靜忌鬼動",
    "QC-08": "兄爻多動待墓劫財", "QC-11": "財得子生如財有源", "QC-12": "財持世兄動防傷己", "SB-01": "旺官持世升選皆吉", "SB-07": "世臨日破不能升選",
    "SB-02": "子孫動升遷無期", "SB-08": "世旺竟升世衰不吉", "SYU-01": "壽元獨以世爻為根本", "SYU-02": "世衰防沖克之年",
    "SYU-03": "世隨鬼入墓化凶", "SYU-05": "元神宜靜不宜動", "SYU-06": "忌神動限期", "TS-02": "子孫發動萬里無雲",
    "TS-04": "父爻發動雲雨", "TS-05": "財動主晴", "TS-06": "鬼動雷電濃雲", "TS-08": "不動再占",
    "TS-09": "兄動雲淡風輕", "TS-11": "鬼動分別時辰", "TS-14": "父母休囚不動難望雨", "TS-15": "財化鬼陰晴不久",
    "TS-16": "父化兄鬼風雨交作", "TS-17": "父化子雨後晴明", "TS-22": "暗動亦主晴雨", "TS-24": "化退晴雨將止",
    "TS-26": "鬼動無雨變父有雨", "TS-27": "靜空逢日沖", "TS-30": "動空填實沖空", "TS-31": "財墓絕日雨父墓絕日晴",
    "TS-32": "長生之日應之", "TS-33": "父鬼重疊連旬風雨", "TS-34": "多逢財子累日明晴", "TS-35": "反吟晴雨反覆",
    "TS-37": "合住待沖開", "TS-40": "父子皆動又雨又晴", "TY-01": "胎孕皆用子孫", "TY-02": "子孫成孕水泡空燈",
    "TY-03": "雙胎", "WZ-02": "官鬼為憂神", "XC-01": "官父同興公庭有理", "XD-02": "兄弟旺相和睦",
    "XD-03": "兄弟休囚", "XH-01": "父官持世旺相名登", "XH-11": "世爻失位何以成名", "XH-12": "六沖官父世俱旺六合有失無益", "XH-13": "官旺勝於父旺", "XH-02": "子財持世發動下第", "XH-07": "功名無成之象",
    "XH-08": "父官不生合世無益", "XH-16": "化進連捷化退無成", "XN-01": "世為穴也", "XN-02": "六合藏風六沖無氣",
    "XN-03": "沖變合合變沖", "XN-04": "世化先吉後破先否後喜", "XN-08": "世子孫化凶非吉地", "XN-10": "父動不宜",
    "XR-02": "用神克世近日回家", "XR-03": "行人化進不返化退而歸", "XR-04": "行人應期", "YG-01": "謁貴為名用官為利用財",
    "YG-02": "世化空破到彼之期", "YG-08": "官克世勿去", "YY-02": "應爻為醫人", "YY-03": "應爻空破藥不見效",
    "YY-04": "子孫為藥", "YY-05": "應克世制我之病", "YY-07": "子占父妻占夫不代占醫", "ZSI-02": "子孫旺相必產賢兒",
    "ZSI-03": "子孫衰絕生生不有", "ZSI-04": "子孫逢空待沖實", "ZSI-05": "子孫化鬼百無一活", "ZSI-06": "變出子孫庶出",
    "ZSI-07": "子化子多子", "ZSI-09": "父為子之忌神", "ZSI-10": "占六親先看世爻", "ZX-01": "舟行合日值日而到",
    "ZX-02": "子孫為順風", "ZY-01": "祖塋以父母為用神", "ZY-02": "祖塋六沖無地脈", "ZY-03": "已葬之地父母宜旺",
    "ZY-04": "父旺父動非謬", "ZY-05": "世變鬼所占之人不吉",
    "XH-03": "兄弟乃奪標之客", "XH-04": "官子同動官旺子衰", "XH-05": "日月為制煞之將軍", "XH-06": "三合官父局連登",
    "XH-09": "伏藏有用", "XH-10": "太歲作官星", "XH-14": "應合日生必資鶚薦", "XH-15": "世動化官變官化鬼",
    "XH-17": "財動父衰枕塊之兆", "SB-03": "雨露承恩名中逢合", "SB-04": "風雲未際沖上加沖", "SB-05": "元神衰靜洩氣爻搖",
    "SB-06": "世動官化進束裝以待", "SF-03": "指其缺而問之", "ZR-01": "官旺財興仕途顯赫", "ZR-02": "子搖兄動減俸休官",
    "ZR-03": "官旺兄興清風兩袖", "ZR-04": "兄鬼亂動地方不寧", "ZR-05": "日月沖克誹謗多招", "ZR-06": "化進神加官晉爵",
    "ZR-07": "反吟入墓反復昏庸", "ZR-08": "世破官空居官不久", "ZR-09": "世化官政權多攝", "ZR-11": "官合龍興恩命至",
    "ZR-12": "財臨福動須防孝服", "GC-01": "子旺遂願官旺克世不如心", "GC-02": "告假不忌反吟休致須宜化退",
    "GW-01": "福搖無尤鬼克兄沖有患", "GW-02": "父世官生因公加爵", "GW-03": "六沖不久六合堅牢", "GW-04": "防患分初入已見",
    "TK-01": "官星持世道選無疑", "TK-02": "子興財發難遊泮水", "TK-03": "世破身空再奮芸窗", "TK-04": "父旺遭傷收而復棄",
    "TK-05": "父衰變旺愈出愈奇", "SKK-01": "世父旺衰定等第", "SKK-02": "破綻與救", "SKK-04": "六沖亂動還考平等",
    "SKK-05": "父不旺不衰可保平等", "KD-01": "官爻持世生世我必業收", "FA-01": "發案以父為用神", "YT-01": "延試官星為用",
    "YT-02": "世官有一逢凶不祥", "ZF-01": "子占父功名",
    "TS-13": "三合局以六親論晴雨", "TS-42": "子孫持世發動墓絕日暗", "QC-14": "三合財福局生世全美",
    "DH-06": "財逢合之月得價", "HYN-15": "財爻重疊旺相賢妻", "HYN-16": "兄鬼臨玄武防騙鬼臨虎見喪",
    "CA-03": "六沖子旺財強六合財空子破", "XN-05": "世福化進綿遠化退遷改", "XN-07": "世臨白虎鬼爻地有伏屍",
    "XN-09": "應世相合三合美地反吟必遷", "DT-01": "得地之期以世為用",
    "CZ-01": "創造興工忌六沖鬼動克世", "XFD-01": "世臨福德宜動土世衰受克停工", "XFD-02": "子孫之方起手官鬼之位莫動",
    "XFD-03": "忌父爻虛憂沖散", "JU-02": "福德動非此處鬼動此處有害", "JU-04": "子孫持世發動可保平安",
    "JU-06": "鬼動克世冤家債主", "JU-07": "舊宅六親變化之憂", "YH-01": "沖克父母之爻為忌神",
    "YH-02": "克神五行六神定所傷", "YH-03": "宮與三合局克父定所傷", "YH-04": "六爻安靜補五行之缺",
    "XB-01": "修補以世為用", "FU-01": "附葬忌沖變絕克反吟", "DM-01": "地師以應為用", "HZ-01": "此婚子嗣以子孫論",
    "HF-01": "此婚宜父母否忌財動", "QL-01": "防患用子孫", "QL-02": "防攔阻鬼動兄持世", "TJ-01": "同居世應相生相合",
}


def _passages(entry: tuple[str, int] | Cited) -> frozenset[tuple[str, int, bool]]:
    """Every (seed, line, decision) an entry allows a Source to name."""
    if not isinstance(entry, Cited):
        seed, line = entry
        return frozenset({(seed, line, False)})
    lines = [(entry.seed, entry.line)]
    lines += [more if isinstance(more, tuple) else (entry.seed, more) for more in entry.more]
    decided = [(entry.seed, line, True) for line in entry.decided]
    return frozenset([(seed, line, False) for seed, line in lines] + decided)


_PASSAGES = {rule: _passages(entry) for rule, entry in _TABLE.items()}


@cache
def source(rule: str, line: int | None = None, *, seed: str | None = None, decision: bool = False) -> Source:
    """The Source of a registered rule id (one shared object per passage): its own passage, or another one it is
    registered at (``line``, and ``seed`` when that passage is in another seed), as a decision of DESIGN.md with
    ``decision``.  KeyError names an id that is not registered; ValueError a passage the id is not cited at."""
    entry = _TABLE[rule]
    own_seed, own_line = entry[0], entry[1]
    passage = (own_seed if seed is None else seed, own_line if line is None else line, decision)
    if passage not in _PASSAGES[rule]:
        raise ValueError(f"{rule} is not registered at {passage[0]}:{passage[1]}"
                         + (" as a decision" if decision else "") + f"; it is at {sorted(_PASSAGES[rule])}")
    return Source(rule, *passage)


@cache
def title(rule: str) -> str:
    """The short name of a registered rule id (canonical characters): its title, or for a 神煞 rule its star's name.
    KeyError names an id that is not registered."""
    if rule not in _TABLE:
        raise KeyError(rule)
    if rule in TITLES:
        return TITLES[rule]
    from core.stars import STARS  # the star catalogue is built from this registry, so it is read here, not above

    return next(s.name for s in STARS if s.source.rule == rule)


def registered(src: Source) -> bool:
    """Whether a Source names a registered id at a passage the registry gives it."""
    return (src.seed, src.line, src.decision) in _PASSAGES.get(src.rule, ())


def ids(seed: str | None = None) -> tuple[str, ...]:
    """Every registered id (whose own passage is in ``seed``), in the registry's order."""
    return tuple(rule for rule, entry in _TABLE.items() if seed is None or entry[0] == seed)
