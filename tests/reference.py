"""Independent derivations of chart facts, written from the mnemonics practitioners learn, for the tests.

Nothing here imports core's tables: palaces from a literal list, 世 from 尋世訣, 納甲 from the forward/backward
rule, 六親 from the printed 002 tables.  Tests compare core against these.
"""

from __future__ import annotations

from core.chart.ganzhi import Branch

# The eight palaces as printed in every 六爻 manual, in generation order 本宮 一世 … 五世 遊魂 歸魂.
PALACES = {
    "乾": "乾為天 天風姤 天山遯 天地否 風地觀 山地剝 火地晉 火天大有",
    "坎": "坎為水 水澤節 水雷屯 水火既濟 澤火革 雷火豐 地火明夷 地水師",
    "艮": "艮為山 山火賁 山天大畜 山澤損 火澤睽 天澤履 風澤中孚 風山漸",
    "震": "震為雷 雷地豫 雷水解 雷風恆 地風升 水風井 澤風大過 澤雷隨",
    "巽": "巽為風 風天小畜 風火家人 風雷益 天雷無妄 火雷噬嗑 山雷頤 山風蠱",
    "離": "離為火 火山旅 火風鼎 火水未濟 山水蒙 風水渙 天水訟 天火同人",
    "坤": "坤為地 地雷復 地澤臨 地天泰 雷天大壯 澤天夬 水天需 水地比",
    "兌": "兌為澤 澤水困 澤地萃 澤山咸 水山蹇 地山謙 雷山小過 雷澤歸妹",
}
GENERATIONS = ["本宮", "一世", "二世", "三世", "四世", "五世", "遊魂", "歸魂"]
IMAGES = {"天": 0b111, "澤": 0b011, "火": 0b101, "雷": 0b001, "風": 0b110, "水": 0b010, "山": 0b100, "地": 0b000}
TRIGRAM_OF_NAME = {"乾": 0b111, "兌": 0b011, "離": 0b101, "震": 0b001, "巽": 0b110, "坎": 0b010, "艮": 0b100, "坤": 0b000}


def bits_of_name(name: str) -> int:
    if name[1] == "為":
        t = TRIGRAM_OF_NAME[name[0]]
        return t | t << 3
    return IMAGES[name[1]] | IMAGES[name[0]] << 3


def xun_shi(bits: int) -> tuple[int, str]:
    """尋世訣: 天同二世天變五，地同四世地變初，本宮六世三世異，人同遊魂人變歸 → (世, palace trigram name)."""
    lower, upper = bits & 7, bits >> 3
    same = [(lower >> i & 1) == (upper >> i & 1) for i in range(3)]  # 地 人 天
    di, ren, tian = same
    if all(same):
        world = 6
    elif tian and not di and not ren:
        world = 2
    elif di and ren and not tian:
        world = 5
    elif di and not ren and not tian:
        world = 4
    elif ren and tian and not di:
        world = 1
    elif ren and not di and not tian:
        world = 4  # 遊魂
    elif di and tian and not ren:
        world = 3  # 歸魂
    else:
        world = 3
    kind = "遊魂" if (ren and not di and not tian) else "歸魂" if (di and tian and not ren) else ""
    # 認宮: 一二三六世 take the outer trigram; 四五世 and 遊魂 the inner trigram reversed; 歸魂 the inner trigram.
    if kind == "歸魂":
        palace = lower
    elif kind == "遊魂" or world in (4, 5):
        palace = lower ^ 7
    else:
        palace = upper
    name = {v: k for k, v in TRIGRAM_OF_NAME.items()}[palace]
    return world, name


def najia_by_rule(trigram: int) -> list[Branch]:
    """Yang trigrams 乾震 start 子, 坎 寅, 艮 辰 and run forward by two; yin 巽 丑, 離 卯, 坤 未, 兌 巳 run backward."""
    start = {0b111: 0, 0b001: 0, 0b010: 2, 0b100: 4, 0b110: 1, 0b101: 3, 0b000: 7, 0b011: 5}[trigram]
    step = 2 if trigram in (0b111, 0b001, 0b010, 0b100) else -2
    return [Branch((start + step * i) % 12) for i in range(6)]



PALACE_ELEMENT = {"乾": "金", "兌": "金", "坎": "水", "坤": "土", "艮": "土", "離": "火", "震": "木", "巽": "木"}
# 002: 乾兌宮金兄、土父、木財、火鬼、水子 … (NJ-04), as printed.
PRINTED_RELATIONS = {
    "乾": "金兄土父木財火鬼水子", "兌": "金兄土父木財火鬼水子", "坎": "水兄火財土鬼金父木子",
    "坤": "土兄火父木鬼水財金子", "艮": "土兄火父木鬼水財金子", "離": "火兄水鬼土子木父金財",
    "震": "木兄水父金鬼火子土財", "巽": "木兄水父金鬼火子土財",
}
SHORT = {"兄": "兄弟", "父": "父母", "財": "妻財", "鬼": "官鬼", "子": "子孫"}
ELEMENT_OF_BRANCH = dict(zip("子丑寅卯辰巳午未申酉戌亥", "水土木木土火火土金金土水"))


def relation_name(palace: str, branch: Branch) -> str:
    text = PRINTED_RELATIONS[palace]
    el = ELEMENT_OF_BRANCH[branch.name]
    return SHORT[text[text.index(el) + 1]]


def najia_of(bits: int) -> list[Branch]:
    return najia_by_rule(bits & 7)[:3] + najia_by_rule(bits >> 3)[3:]


SPIRIT_ORDER = ["青龍", "朱雀", "勾陳", "螣蛇", "白虎", "玄武"]
FIRST_SPIRIT = {"甲": "青龍", "乙": "青龍", "丙": "朱雀", "丁": "朱雀", "戊": "勾陳", "己": "螣蛇",
                "庚": "白虎", "辛": "白虎", "壬": "玄武", "癸": "玄武"}


def spirit_names(day_stem: str) -> list[str]:
    i = SPIRIT_ORDER.index(FIRST_SPIRIT[day_stem])
    return [SPIRIT_ORDER[(i + k) % 6] for k in range(6)]


def pure_bits(palace: str) -> int:
    t = TRIGRAM_OF_NAME[palace]
    return t | t << 3
