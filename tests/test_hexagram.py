"""The 64 hexagrams checked against derivations that share nothing with core.chart.hexagram's construction.

core.chart.hexagram *generates* palaces by the 京房 flipping procedure and reads 納甲 from a table.  Here palaces come
from a literal palace-by-palace list of names, 世 from the 尋世訣 mnemonic, 納甲 from the "yang trigrams run
forward on yang branches, yin trigrams backward" rule, and the King Wen order from its pairing property.
"""

from __future__ import annotations

import pytest

from core.chart.ganzhi import Branch, Element
from core.chart.hexagram import BY_NAME, BY_NUMBER, HEXAGRAMS, KING_WEN_NAMES, Generation, Relation, Trigram, relation
from tests.reference import GENERATIONS, PALACES, bits_of_name, najia_by_rule, xun_shi


def test_palace_table_literal() -> None:
    seen = set()
    for palace, names in PALACES.items():
        for gen, name in zip(GENERATIONS, names.split()):
            h = HEXAGRAMS[bits_of_name(name)]
            assert (h.name, h.palace.name, h.generation.value) == (name, palace, gen)
            seen.add(name)
    assert len(seen) == 64


@pytest.mark.parametrize("bits", range(64))
def test_world_and_palace_by_mnemonic(bits: int) -> None:
    h = HEXAGRAMS[bits]
    world, palace = xun_shi(bits)
    assert (h.world, h.palace.name) == (world, palace)
    assert abs(h.world - h.response) == 3


@pytest.mark.parametrize("bits", range(64))
def test_najia_by_rule(bits: int) -> None:
    h = HEXAGRAMS[bits]
    expected = najia_by_rule(bits & 7)[:3] + najia_by_rule(bits >> 3)[3:]
    assert [b for _, b in h.najia] == expected
    stems = {0b111: "甲壬", 0b000: "乙癸", 0b001: "庚庚", 0b110: "辛辛", 0b010: "戊戊", 0b101: "己己", 0b100: "丙丙", 0b011: "丁丁"}
    assert "".join(s.name for s, _ in h.najia) == stems[bits & 7][0] * 3 + stems[bits >> 3][1] * 3


def test_printed_relation_tables() -> None:
    """002: 乾兌宮金兄、土父、木財、火鬼、水子 … (NJ-04), read literally."""
    printed = {
        "乾": "金兄土父木財火鬼水子", "兌": "金兄土父木財火鬼水子", "坎": "水兄火財土鬼金父木子",
        "坤": "土兄火父木鬼水財金子", "艮": "土兄火父木鬼水財金子", "離": "火兄水鬼土子木父金財",
        "震": "木兄水父金鬼火子土財", "巽": "木兄水父金鬼火子土財",
    }
    short = {"兄": Relation.兄弟, "父": Relation.父母, "財": Relation.妻財, "鬼": Relation.官鬼, "子": Relation.子孫}
    for palace, text in printed.items():
        el = Trigram[palace].element
        for i in range(0, 10, 2):
            assert relation(el, Element[text[i]]) is short[text[i + 1]]


def test_king_wen_pairs() -> None:
    """The King Wen sequence pairs each odd hexagram with its inversion, or its complement when symmetric."""
    assert len(set(KING_WEN_NAMES)) == 64
    for k in range(0, 64, 2):
        a, b = bits_of_name(KING_WEN_NAMES[k]), bits_of_name(KING_WEN_NAMES[k + 1])
        inverted = int(f"{a:06b}"[::-1], 2)
        assert b == (a ^ 63 if inverted == a else inverted), KING_WEN_NAMES[k]
    anchors = {1: "乾為天", 2: "坤為地", 11: "地天泰", 12: "天地否", 29: "坎為水", 30: "離為火", 63: "水火既濟", 64: "火水未濟"}
    for n, name in anchors.items():
        assert BY_NUMBER[n].name == name


def test_clash_and_harmony_hexagrams() -> None:
    assert {h.name for h in HEXAGRAMS if h.six_clash} == {
        "乾為天", "坤為地", "震為雷", "巽為風", "坎為水", "離為火", "艮為山", "兌為澤", "天雷無妄", "雷天大壯"}
    assert {h.name for h in HEXAGRAMS if h.six_harmony} == {
        "天地否", "地天泰", "水澤節", "澤水困", "山火賁", "火山旅", "雷地豫", "地雷復"}


def test_body_by_rule() -> None:
    """卦身: 陽世從子、陰世從午 — e.g. 乾為天 世6 yang → 巳; 天風姤 世1 yin → 午."""
    assert BY_NAME["乾為天"].body is Branch.巳
    assert BY_NAME["天風姤"].body is Branch.午
    assert BY_NAME["水天需"].body is Branch.酉
    for h in HEXAGRAMS:
        start = 0 if h.yang(h.world) else 6
        assert h.body == (start + h.world - 1) % 12


def test_generation_world() -> None:
    assert [g.world for g in Generation] == [6, 1, 2, 3, 4, 5, 4, 3]
