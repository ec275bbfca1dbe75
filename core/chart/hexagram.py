"""Trigrams, the 64 hexagrams, their palaces and 納甲 — the static half of a chart.

The palace table is *generated* by the 京房 procedure (notes NJ-06: from the pure hexagram flip line 1, then 2 … 5
cumulatively; 遊魂 flips line 4 back; 歸魂 restores the lower trigram), so 世/應 and palace follow from one rule
rather than from a copied table.  Names and King Wen numbers are data: the names as 增刪卜易 writes them.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import IntEnum

from core.chart.ganzhi import Branch, Element, Stem
from core.values import SymbolEnum


class Trigram(IntEnum):
    """八卦; the value's bits are the lines, bit 0 = the bottom line, 1 = yang."""

    坤 = 0b000
    震 = 0b001
    坎 = 0b010
    兌 = 0b011
    艮 = 0b100
    離 = 0b101
    巽 = 0b110
    乾 = 0b111

    @property
    def element(self) -> Element:
        """The palace element (NJ-03): 乾兌 金, 坎 水, 坤艮 土, 離 火, 震巽 木."""
        return _TRIGRAM_ELEMENT[self]

    @property
    def image(self) -> str:
        """The nature image used in hexagram names: 天 澤 火 雷 風 水 山 地."""
        return _IMAGE[self]

    def najia(self, outer: bool) -> tuple[tuple[Stem, Branch], ...]:
        """The stem and branches this trigram carries inside (lines 1–3) or outside (lines 4–6); NJ-01, DESIGN 納甲."""
        stem = _STEMS[self][1 if outer else 0]
        branches = _NAJIA_BRANCHES[self][1 if outer else 0]
        return tuple((stem, Branch[c]) for c in branches)


_TRIGRAM_ELEMENT = {
    Trigram.乾: Element.金, Trigram.兌: Element.金, Trigram.坎: Element.水, Trigram.坤: Element.土,
    Trigram.艮: Element.土, Trigram.離: Element.火, Trigram.震: Element.木, Trigram.巽: Element.木,
}
_IMAGE = {
    Trigram.乾: "天", Trigram.兌: "澤", Trigram.離: "火", Trigram.震: "雷",
    Trigram.巽: "風", Trigram.坎: "水", Trigram.艮: "山", Trigram.坤: "地",
}
# 京房 stems (DESIGN.md): 乾 甲 inside / 壬 outside, 坤 乙/癸, the six children one stem each.
_STEMS = {
    Trigram.乾: (Stem.甲, Stem.壬), Trigram.坤: (Stem.乙, Stem.癸), Trigram.震: (Stem.庚, Stem.庚),
    Trigram.巽: (Stem.辛, Stem.辛), Trigram.坎: (Stem.戊, Stem.戊), Trigram.離: (Stem.己, Stem.己),
    Trigram.艮: (Stem.丙, Stem.丙), Trigram.兌: (Stem.丁, Stem.丁),
}
# NJ-01 (002 渾天甲子章, with the printed typos corrected as the Korean notes do): inner, outer, bottom first.
_NAJIA_BRANCHES = {
    Trigram.乾: ("子寅辰", "午申戌"), Trigram.坎: ("寅辰午", "申戌子"), Trigram.艮: ("辰午申", "戌子寅"),
    Trigram.震: ("子寅辰", "午申戌"), Trigram.巽: ("丑亥酉", "未巳卯"), Trigram.離: ("卯丑亥", "酉未巳"),
    Trigram.坤: ("未巳卯", "丑亥酉"), Trigram.兌: ("巳卯丑", "亥酉未"),
}


class Generation(SymbolEnum):
    """A hexagram's place in its palace (本宮, 一世 … 五世, 遊魂, 歸魂)."""

    本宮 = "本宮"
    一世 = "一世"
    二世 = "二世"
    三世 = "三世"
    四世 = "四世"
    五世 = "五世"
    遊魂 = "遊魂"
    歸魂 = "歸魂"

    @property
    def world(self) -> int:
        """The 世 line (NJ-05): 本宮 6, n世 n, 遊魂 4, 歸魂 3."""
        return _WORLD[self]


_WORLD = {
    Generation.本宮: 6, Generation.一世: 1, Generation.二世: 2, Generation.三世: 3,
    Generation.四世: 4, Generation.五世: 5, Generation.遊魂: 4, Generation.歸魂: 3,
}


class Relation(SymbolEnum):
    """六親, judged against the palace element (NJ-04)."""

    父母 = "父母"
    兄弟 = "兄弟"
    官鬼 = "官鬼"
    妻財 = "妻財"
    子孫 = "子孫"


def relation(palace: Element, element: Element) -> Relation:
    """六親 of an element in a palace: same 兄弟, generates me 父母, I generate 子孫, overcomes me 官鬼, I overcome 妻財."""
    return _RELATION_BY_OFFSET[(element - palace) % 5]


_RELATION_BY_OFFSET = (Relation.兄弟, Relation.子孫, Relation.妻財, Relation.官鬼, Relation.父母)

# King Wen order, names as 增刪卜易 writes them (天山遯, 雷風恆 as the corrected golden cases have them).
KING_WEN_NAMES: tuple[str, ...] = (
    "乾為天", "坤為地", "水雷屯", "山水蒙", "水天需", "天水訟", "地水師", "水地比",
    "風天小畜", "天澤履", "地天泰", "天地否", "天火同人", "火天大有", "地山謙", "雷地豫",
    "澤雷隨", "山風蠱", "地澤臨", "風地觀", "火雷噬嗑", "山火賁", "山地剝", "地雷復",
    "天雷無妄", "山天大畜", "山雷頤", "澤風大過", "坎為水", "離為火", "澤山咸", "雷風恆",
    "天山遯", "雷天大壯", "火地晉", "地火明夷", "風火家人", "火澤睽", "水山蹇", "雷水解",
    "山澤損", "風雷益", "澤天夬", "天風姤", "澤地萃", "地風升", "澤水困", "水風井",
    "澤火革", "火風鼎", "震為雷", "艮為山", "風山漸", "雷澤歸妹", "雷火豐", "火山旅",
    "巽為風", "兌為澤", "風水渙", "水澤節", "風澤中孚", "雷山小過", "水火既濟", "火水未濟",
)


def _trigrams_of_name(name: str) -> tuple[Trigram, Trigram]:
    """(upper, lower) from a name: "X為Y" is doubled X, otherwise the first two characters are the images."""
    by_image = {t.image: t for t in Trigram}
    by_name = {t.name: t for t in Trigram}
    if name[1] == "為":
        t = by_name[name[0]]
        return t, t
    return by_image[name[0]], by_image[name[1]]


@dataclass(frozen=True, slots=True)
class Hexagram:
    """One of the 64, with everything that does not depend on the moment."""

    bits: int  # bit i = line i+1, 1 = yang
    name: str
    number: int  # King Wen
    upper: Trigram
    lower: Trigram
    palace: Trigram
    generation: Generation
    najia: tuple[tuple[Stem, Branch], ...]  # six (stem, branch), bottom first
    relations: tuple[Relation, ...]  # 六親 of the six lines, bottom first
    # Derived once here, read on every rule: the palace element, 世 and 應, 六沖/六合, 卦身.
    element: Element = field(init=False, repr=False, compare=False)
    world: int = field(init=False, repr=False, compare=False)
    response: int = field(init=False, repr=False, compare=False)
    six_clash: bool = field(init=False, repr=False, compare=False)
    six_harmony: bool = field(init=False, repr=False, compare=False)
    body: Branch = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        b = [br for _, br in self.najia]
        world = self.generation.world
        derived = {
            "element": self.palace.element,  # every 六親 in the hexagram is counted from the palace element
            "world": world,
            "response": (world + 2) % 6 + 1,  # 應: two lines between it and 世 (隔世爻兩位)
            # 六沖卦: lines 1–4, 2–5, 3–6 all clash (the eight pure hexagrams, 無妄, 大壯)
            "six_clash": all((b[i] - b[i + 3]) % 12 == 6 for i in range(3)),
            # 六合卦: lines 1–4, 2–5, 3–6 all 合 (否 泰 節 困 賁 旅 豫 復)
            "six_harmony": all((b[i] + b[i + 3]) % 12 == 1 for i in range(3)),
            # 卦身 (DESIGN.md): 陽世從子、陰世從午, counting from line 1 up to the 世 line
            "body": (Branch.子 if self.yang(world) else Branch.午).shift(world - 1),
        }
        for name, value in derived.items():
            object.__setattr__(self, name, value)

    def yang(self, position: int) -> bool:
        return bool(self.bits >> (position - 1) & 1)


def _build() -> tuple[Hexagram, ...]:
    names = {_trigrams_of_name(n): (n, i + 1) for i, n in enumerate(KING_WEN_NAMES)}
    placed: dict[int, tuple[Trigram, Generation]] = {}
    for palace in Trigram:
        pure = palace | palace << 3
        bits = pure
        placed[bits] = (palace, Generation.本宮)
        for step, gen in enumerate((Generation.一世, Generation.二世, Generation.三世, Generation.四世, Generation.五世)):
            bits ^= 1 << step
            placed[bits] = (palace, gen)
        wandering = bits ^ 1 << 3
        placed[wandering] = (palace, Generation.遊魂)
        returning = (wandering & 0b111000) | palace
        placed[returning] = (palace, Generation.歸魂)
    table = []
    for bits in range(64):
        lower, upper = Trigram(bits & 7), Trigram(bits >> 3)
        name, number = names[(upper, lower)]
        palace, gen = placed[bits]
        najia = lower.najia(outer=False) + upper.najia(outer=True)
        rels = tuple(relation(palace.element, br.element) for _, br in najia)
        table.append(Hexagram(bits, name, number, upper, lower, palace, gen, najia, rels))
    return tuple(table)


HEXAGRAMS: tuple[Hexagram, ...] = _build()
"""All 64, indexed by their bits (bit 0 = line 1)."""

BY_NAME: dict[str, Hexagram] = {h.name: h for h in HEXAGRAMS}
BY_NUMBER: dict[int, Hexagram] = {h.number: h for h in HEXAGRAMS}


def pure_hexagram(palace: Trigram) -> Hexagram:
    """The head of a palace (八純卦), where 伏神 are looked up."""
    return HEXAGRAMS[palace | palace << 3]
