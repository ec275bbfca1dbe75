"""Relation tables against their printed forms (all 12×12 pairs, so a wrong entry anywhere fails)."""

from __future__ import annotations

import itertools

from core.chart.ganzhi import Branch, Element, StemBranch
from core.chart.relations import (
    FRAMES,
    PunishmentKind,
    Stage,
    advances,
    branch_at_stage,
    clash_of,
    clashes,
    frame_of,
    full_frames,
    generates,
    half_frames,
    harm_of,
    harmonizes,
    harms,
    overcomes,
    punished_by,
    punishes,
    punishment_kind,
    retreats,
    stage,
)

B = Branch


def pairs(text: str) -> set[frozenset[Branch]]:
    return {frozenset((B[p[0]], B[p[1]])) for p in text.split()}


def test_generating_and_overcoming_cycles() -> None:
    gen = {("金", "水"), ("水", "木"), ("木", "火"), ("火", "土"), ("土", "金")}
    ove = {("金", "木"), ("木", "土"), ("土", "水"), ("水", "火"), ("火", "金")}
    for a, b in itertools.product(Element, repeat=2):
        assert generates(a, b) == ((a.name, b.name) in gen)
        assert overcomes(a, b) == ((a.name, b.name) in ove)


def test_clash_harmony_harm_all_pairs() -> None:
    clash, harmony, harm = pairs("子午 丑未 寅申 卯酉 辰戌 巳亥"), pairs("子丑 寅亥 卯戌 辰酉 巳申 午未"), pairs(
        "子未 丑午 寅巳 卯辰 申亥 酉戌")
    for a, b in itertools.product(Branch, repeat=2):
        key = frozenset((a, b))
        assert clashes(a, b) == (key in clash and a != b)
        assert harmonizes(a, b) == (key in harmony and a != b)
        assert harms(a, b) == (key in harm and a != b)
    assert all(clash_of(clash_of(b)) is b for b in Branch)
    assert all(harm_of(harm_of(b)) is b for b in Branch)


def test_punishment_table_from_seed001() -> None:
    """001 刑害: 子→卯 丑→戌 寅→巳 卯→子 辰→辰 巳→申 午→午 未→丑 申→寅 酉→酉 戌→未 亥→亥."""
    printed = "卯戌巳子辰申午丑寅酉未亥"
    for b in Branch:
        assert punished_by(b) is B[printed[b]]
        for other in Branch:
            assert punishes(b, other) == (other is B[printed[b]])
    assert punishment_kind(B.寅, B.巳) is PunishmentKind.寅巳申
    assert punishment_kind(B.未, B.丑) is PunishmentKind.丑戌未
    assert punishment_kind(B.子, B.卯) is PunishmentKind.子卯
    assert punishment_kind(B.午, B.午) is PunishmentKind.自刑
    assert punishment_kind(B.巳, B.寅) is None
    assert {b.name for b in Branch if punishes(b, b)} == set("辰午酉亥")


def test_frames() -> None:
    assert [(f.start.name + f.middle.name + f.end.name, f.element.name) for f in FRAMES] == [
        ("申子辰", "水"), ("亥卯未", "木"), ("寅午戌", "火"), ("巳酉丑", "金")]
    for b in Branch:
        assert b in frame_of(b).members
    assert full_frames({B.申, B.子, B.辰, B.午}) == (FRAMES[0],)
    assert half_frames({B.申, B.子}) == (FRAMES[0],)
    assert half_frames({B.申, B.辰}) == ()  # the middle is required (001 局會)


def test_twelve_stages_zengshan() -> None:
    """D-08: 木 亥生 未墓 申絕; 火 寅生 戌墓 亥絕; 金 巳生 丑墓 寅絕; 水·土 申生 辰墓 巳絕."""
    table = {"木": "亥未申", "火": "寅戌亥", "金": "巳丑寅", "水": "申辰巳", "土": "申辰巳"}
    for el, (birth, tomb, cut) in table.items():
        e = Element[el]
        assert stage(e, B[birth]) is Stage.長生
        assert stage(e, B[tomb]) is Stage.墓
        assert stage(e, B[cut]) is Stage.絕
        assert branch_at_stage(e, Stage.墓) is B[tomb]
        assert sorted(stage(e, b).value for b in Branch) == list(range(12))
    assert stage(Element.木, B.卯) is Stage.帝旺 and stage(Element.金, B.酉) is Stage.帝旺


def test_advance_and_retreat() -> None:
    forward = pairs("亥子 寅卯 巳午 申酉 丑辰 辰未 未戌 戌丑")
    ordered = {(B[p[0]], B[p[1]]) for p in "亥子 寅卯 巳午 申酉 丑辰 辰未 未戌 戌丑".split()}
    for a, b in itertools.product(Branch, repeat=2):
        assert advances(a, b) == ((a, b) in ordered)
        assert retreats(a, b) == ((b, a) in ordered)
    assert len(forward) == 8


def test_void_of_every_xun() -> None:
    heads = {"甲子": "戌亥", "甲戌": "申酉", "甲申": "午未", "甲午": "辰巳", "甲辰": "寅卯", "甲寅": "子丑"}
    for i in range(60):
        sb = StemBranch.from_index(i)
        head = sb.xun_head
        assert "".join(b.name for b in sb.void) == heads[str(head)]
        assert sb.branch not in sb.void
