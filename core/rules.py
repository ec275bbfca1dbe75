"""The rules the analysis applies, by id, with the seed line each rests on (ids as in ``shared/notes``).

One registry, so a finding is made from an id alone and a wrong line number is fixed in one place.
Rules marked ``decision`` are the engine's reading of a passage the text leaves open (DESIGN.md).
"""

from __future__ import annotations

from functools import cache

from core.sources import Source

_TABLE: dict[str, tuple[str, int]] = {
    # 002 用神章 (lines 31–41)
    "YS-01": ("002", 31), "YS-02": ("002", 35), "YS-03": ("002", 31), "YS-04": ("002", 31), "YS-05": ("002", 39),
    "YS-06": ("002", 39), "YS-07": ("002", 67), "YS-08": ("002", 47), "YS-09": ("002", 115),
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
    "GX-01": ("002", 47), "R-CAI-01": ("002", 119), "YS-10": ("002", 71),
    # the use-god reaching the querent through a moving line: "寅木之財以生官，官來生世" (Z002-05)
    "LK-01": ("002", 55),
    # 000 身命章: 隨官入墓 (SM-05), 助鬼傷身 through money (SM-06)
    "SM-05": ("000", 55), "SM-06": ("000", 55),
    # 增刪卜易 itself (shared/texts/zsby_doctrine.txt; ids and lines as in notes/zsby_doctrine_rules.md)
    # 卷首: the four places, choosing among copies, the 世 for one's own matter, illness
    "JS-05": ("zsby", 450), "JS-06": ("zsby", 451), "JS-07": ("zsby", 458), "JS-12": ("zsby", 442),
    "JS-14": ("zsby", 425), "JS-16": ("zsby", 9), "JS-17": ("zsby", 9), "JS-23": ("zsby", 17),
    "JS-24": ("zsby", 18), "JS-25": ("zsby", 18), "JS-26": ("zsby", 18),
    # 六神 六合 六沖 三刑 暗動 卦變 反伏
    "LS-02": ("zsby", 482), "LH-03": ("zsby", 502), "LH-05": ("zsby", 503), "LH-06": ("zsby", 520),
    "LC-03": ("zsby", 545), "LC-04": ("zsby", 545), "SX-02": ("zsby", 589), "AD-01": ("zsby", 600),
    "GB-02": ("zsby", 623), "GB-03": ("zsby", 624), "FF-02": ("zsby", 634), "FF-03": ("zsby", 635),
    "FF-04": ("zsby", 651),
    # 旬空 生旺墓絕 題頭 應期
    "XK2-02": ("zsby", 664), "XK2-05": ("zsby", 697), "XK2-07": ("zsby", 699), "XK2-08": ("zsby", 775),
    "SW-05": ("zsby", 707), "SW-06": ("zsby", 715), "TT-01": ("zsby", 719), "TT-03": ("zsby", 721),
    "YQ-01": ("zsby", 731), "YQ-02": ("zsby", 732), "YQ-03": ("zsby", 733), "YQ-04": ("zsby", 734),
    "YQ-05": ("zsby", 735), "YQ-06": ("zsby", 736), "YQ-07": ("zsby", 737), "YQ-08": ("zsby", 738),
    "YQ-09": ("zsby", 739), "YQ-10": ("zsby", 740), "YQ-12": ("zsby", 742), "YQ-13": ("zsby", 743),
    "YQ-15": ("zsby", 745), "YQ-18": ("zsby", 748), "YQ-19": ("zsby", 749),
    # 月破 飛伏 進退 隨鬼入墓 兩現 星煞
    "YP-03": ("zsby", 767), "YP-04": ("zsby", 782), "FS-01": ("zsby", 810), "FS-03": ("zsby", 832),
    "FS-04": ("zsby", 835), "FS-06": ("zsby", 837), "FS-08": ("zsby", 886), "FS-10": ("zsby", 876), "JT-02": ("zsby", 896),
    "JT-04": ("zsby", 1065), "SG-02": ("zsby", 1109), "LX-02": ("zsby", 1177), "XS-05": ("zsby", 1218),
    # 黃金策千金賦
    "HJ-07": ("zsby", 1251), "HJ-14": ("zsby", 1261), "HJ-24": ("zsby", 1290), "LH-11": ("zsby", 531), "HJ-32": ("zsby", 1348), "HJ-16": ("zsby", 1263), "HJ-18": ("zsby", 1273), "HJ-25": ("zsby", 1307),
    "HJ-34": ("zsby", 1375), "HJ-35": ("zsby", 1402), "HJ-38": ("zsby", 1421), "HJ-41": ("zsby", 1424),
    "HJ-43": ("zsby", 1426), "HJ-66": ("zsby", 1508), "HJ-44": ("zsby", 1444), "HJ-52": ("zsby", 1477), "HJ-54": ("zsby", 1487),
}


@cache
def source(rule: str) -> Source:
    """The Source of a rule id (one shared object per id); KeyError names the id when it is not registered."""
    seed, line = _TABLE[rule]
    return Source(rule, seed, line)


def known(rule: str) -> bool:
    return rule in _TABLE
