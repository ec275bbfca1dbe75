"""Seed 001 combinations: every worked example of 助傷 (§1.5), 局會 (§2.3) and 刑害 (§3.3), the seed-002 cases that
use frames, table-level checks, and properties over all 4096 casts."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from core.chart.calendar import Moment
from core.chart.cast import Cast, parse_cast
from core.chart.chart import Chart, Season, Spirit, build_chart
from core.chart.combinations import (
    RULES,
    TOPICS,
    ActRules,
    FrameFailure,
    FrameKind,
    FramePart,
    FrameRules,
    FrameStrength,
    HarmDirection,
    HarmKind,
    Origin,
    StaticPolicy,
    ZhuGuiFailure,
    frame_findings,
    frame_weight,
    frames,
    harm_direction,
    harm_findings,
    harms,
    punishment_findings,
    punishments,
    true_birth,
    zhu_gui_candidates,
    zhu_gui_findings,
    zhu_gui_shang_shen,
)
from core.chart.ganzhi import Branch, Element, StemBranch
from core.chart.hexagram import BY_NAME, HEXAGRAMS, Relation
from core.chart.relations import PunishmentKind
from core.findings import Effect, Layer, Place
from core.sources import Source

B = Branch
GOLDEN = {c["id"]: c for c in json.loads(
    (Path(__file__).parent / "data" / "golden_cases.json").read_text(encoding="utf-8"))}
SEED = Path(__file__).resolve().parent / "data" / "seeds" / "001_e929b0eae94976ad.txt"  # a copy of shared/seeds


def L(pos: int) -> Place:
    return Place(Layer.LINE, pos)


def C(pos: int) -> Place:
    return Place(Layer.CHANGED, pos)


def H(pos: int) -> Place:
    return Place(Layer.HIDDEN, pos)


DAY, MONTH = Place(Layer.DAY), Place(Layer.MONTH)


def chart(name: str, moving: tuple[int, ...], month: str, day: str) -> Chart:
    """A book case: the hexagram by name, its moving lines, 'X月 YZ日'."""
    h = BY_NAME[name]
    values = "".join(("9" if h.yang(i) else "6") if i in moving else ("7" if h.yang(i) else "8") for i in range(1, 7))
    return build_chart(parse_cast(values), Moment.from_pillars(month, day))


def golden_chart(case_id: str, day: str | None = None) -> Chart:
    c = GOLDEN[case_id]
    return chart(c["primary_hexagram"]["name"], tuple(c["moving_lines"]), c["month_branch"]["value"],
                 day or c["day"]["value"])


def frame_of(c: Chart, middle: Branch, rules: FrameRules = FrameRules()):
    found = [f for f in frames(c, rules) if f.frame.middle is middle]
    assert len(found) == 1, [f.frame for f in frames(c, rules)]
    return found[0]


# =====================================================================================================
# Rule ids point at the seed
# =====================================================================================================

def test_rule_ids_point_at_chinese_paragraphs_of_seed_001() -> None:
    lines = SEED.read_text(encoding="utf-8").splitlines()
    anchors = {"ZS-": "助鬼", "JH-": "局", "XF-": "刑", "LH-": "害"}
    for rule, line in RULES.items():
        Source(rule, "001", line)  # valid
        text = lines[line - 1]
        assert any("\u3040" <= ch <= "\u30ff" for ch in text) is False, (rule, "points at a Japanese line")
        if rule in ("ZS-04", "ZS-05", "ZS-06"):
            assert "長生" in text
        elif rule.startswith("ZS-"):
            assert "占" in text or "助鬼" in text
        else:
            assert anchors[rule[:3]] in text, rule


# =====================================================================================================
# 局會 — the five worked examples of §2.3 (seed lines 23–27)
# =====================================================================================================

def test_frame_example_1_dong_hui_qian_to_jiji() -> None:
    """寅建戊戌日，用官得乾之既濟: 寅(動+月) 午(動) 戌(動+日) 火局 = 官, the model 動會."""
    c = chart("乾為天", (2, 4, 6), "寅", "戊戌")
    assert c.changed.name == "水火既濟"
    f = frame_of(c, B.午)
    assert f.formed and f.kind is FrameKind.動會 and f.strength is FrameStrength.大
    assert f.relation is Relation.官鬼 and f.element is Element.火
    assert set(f.start.places) == {L(2), MONTH} and f.middle.places == (L(4),) and set(f.end.places) == {L(6), DAY}
    assert f.hung == (FramePart.始, FramePart.終) and f.omen is Effect.GOOD
    assert f.season is Season.相


def test_frame_example_2_bian_hui_dun_to_qian() -> None:
    """戌建甲寅日，用官得遯之乾: 午(動) + 寅 (its change, and the day) + 戌 (the month) → 變會 火 = 官."""
    c = chart("天山遯", (1, 2), "戌", "甲寅")
    assert c.changed.name == "乾為天"
    f = frame_of(c, B.午)
    assert f.formed and f.kind is FrameKind.變會 and f.relation is Relation.官鬼
    assert C(2) in f.start.places and DAY in f.start.places
    assert f.end.places == (MONTH,)  # the static 上爻 戌 is not counted by default: the month carries it
    assert any(s.place == L(6) and not s.counted for s in f.end.supplies)


def test_frame_example_3_fu_hui_dachu_to_li() -> None:
    """卯建戊寅日，用父得大畜之離: 午 hidden under the moving 寅 (its 長生) → genuine 伏會 火 = 父."""
    c = chart("山天大畜", (2, 4), "卯", "戊寅")
    assert c.changed.name == "離為火" and c.lines[1].hidden.branch is B.午
    f = frame_of(c, B.午)
    assert f.formed and f.kind is FrameKind.伏會 and f.hidden_genuine is True
    assert f.relation is Relation.父母 and f.middle.places == (H(2),)
    assert set(f.start.places) == {L(2), DAY} and f.end.places == (L(4),)
    assert f.strength is FrameStrength.大


def test_frame_example_4_qian_to_tai_does_not_form() -> None:
    """戌建己酉日，用官得謙之泰: "寅值空，乃失其始，戌月懸午，是墓非生，則此火局休囚，不成會矣"."""
    c = chart("地山謙", (1, 2), "戌", "己酉")
    assert c.changed.name == "地天泰"
    f = frame_of(c, B.午)
    assert not f.formed
    assert FrameFailure.CHANGE_WITHOUT_START in f.failures      # 變失始者其局假
    assert FrameFailure.HUNG_END_WITHOUT_START in f.failures    # 戌月懸午則非
    assert f.start.present and not f.start.intact and f.start.supplies[0].void  # 寅值空
    assert f.kind is FrameKind.變會 and f.hung == (FramePart.終,) and f.omen is Effect.BAD
    assert f.season is Season.休囚 and f.strength is FrameStrength.小


def test_frame_example_5_fu_hui_lu_to_kui() -> None:
    """申建甲辰日，用財得履之睽: 子 hidden under the moving 申 (its 長生), 申 the month (懸始), 辰 the day → 成會."""
    c = chart("天澤履", (5,), "申", "甲辰")
    assert c.changed.name == "火澤睽" and c.lines[4].hidden.branch is B.子
    f = frame_of(c, B.子)
    assert f.formed and f.kind is FrameKind.伏會 and f.hidden_genuine is True
    assert f.relation is Relation.妻財 and f.middle.places == (H(5),)
    assert set(f.start.places) == {L(5), MONTH} and f.end.places == (DAY,)
    assert FramePart.始 in f.hung and f.omen is Effect.GOOD
    assert f.in_season and f.season is Season.相  # "水局旺相"


# ---- seed 002 cases that use frames ------------------------------------------------------------------

def test_z002_08_wood_frame_on_the_printed_day() -> None:
    """萃之同人 卯月戊寅日 (as printed): 未(動) + 卯(動, the month) + 亥 (line 3's change) 木局, 克 the 父 未."""
    c = golden_chart("Z002-08", day="戊寅")
    f = frame_of(c, B.卯)
    assert f.formed and f.kind is FrameKind.變會 and f.strength is FrameStrength.大
    assert f.start.places == (C(3),) and MONTH in f.middle.places and L(3) in f.middle.places
    assert {L(1), L(6)} <= set(f.end.places)
    assert f.relation is Relation.妻財 and f.hung == (FramePart.中,)
    found = frame_findings(frames(c), [L(6)], c)
    hit = [x for x in found if x.key == "frame_overcomes"]
    assert len(hit) == 1 and hit[0].effect is Effect.BAD and hit[0].weight == 6 and hit[0].rule == "JH-03"


def test_z002_08_on_the_corrected_day_the_change_is_void() -> None:
    """With the notes' 戊辰 (空 戌亥) the start 亥 is a void change: 001's 謙之泰 rule makes the 變會 false; 002's
    動不為空 (flag) keeps it."""
    c = golden_chart("Z002-08")
    assert c.moment.day == StemBranch.parse("戊辰")
    f = frame_of(c, B.卯)
    assert f.failures == (FrameFailure.CHANGE_WITHOUT_START,)
    assert [x.key for x in frame_findings([f], [L(6)], c)] == ["frame_not_formed"]
    g = frame_of(c, B.卯, FrameRules(moving_void_intact=True))
    assert g.formed and g.strength is FrameStrength.大


def test_z002_08_day_punishes_is_the_change_of_line_6() -> None:
    """002's "月剋日刑": no 寅/辰 day punishes 未; what punishes the outer 未 is its own change 戌 (丑戌未)."""
    for day in ("戊辰", "戊寅"):
        c = golden_chart("Z002-08", day=day)
        on6 = [p for p in punishments(c) if p.target == L(6)]
        assert [(p.by, p.by_branch, p.kind) for p in on6] == [(C(6), B.戌, PunishmentKind.丑戌未)]
        assert not any(p.origin is Origin.DAY for p in punishments(c) if p.target in (L(1), L(6)))


def test_z002_16_water_frame_without_a_static_member() -> None:
    """艮之頤 寅月丙申日: 申(動, the day) + 辰(動, void) + 子.  The golden note counts the static 子 (line 5); by
    default 子 comes from line 1's change, so the frame forms as a 變會 whose 終 is void (力存)."""
    c = golden_chart("Z002-16")
    f = frame_of(c, B.子)
    assert f.formed and f.kind is FrameKind.變會 and f.strength is FrameStrength.存
    assert f.middle.places == (C(1),) and not f.end.intact
    assert set(f.start.places) == {L(3), DAY} and f.hung == (FramePart.始,)
    assert any(s.place == L(5) and not s.counted for s in f.middle.supplies)
    assert f.relation is Relation.妻財
    helped = frame_findings(frames(c), [L(6)], c)  # 生 the 官 寅 on the 世
    assert [(x.key, x.effect, x.weight) for x in helped if x.effect is not Effect.NEUTRAL] == [
        ("frame_generates", Effect.GOOD, 6)]
    # Static members allowed: the same frame, now a 動會 holding line 5.
    g = frame_of(c, B.子, FrameRules(static_members=StaticPolicy.ALWAYS))
    assert g.formed and g.kind is FrameKind.動會 and L(5) in g.middle.places
    assert frame_of(c, B.子, FrameRules(static_members=StaticPolicy.COMPLETING)) == f
    # 002 動不為空: the void 辰 counts whole.
    assert frame_of(c, B.子, FrameRules(moving_void_intact=True)).strength is FrameStrength.大


def test_completing_static_policy_admits_one_static_member() -> None:
    """艮 with only 申 (line 3) moving, 酉月壬辰日: 申(動) + 辰 (the day) + 子 only as the static line 5 — a frame
    only when a static member may complete it."""
    c = chart("艮為山", (3,), "酉", "壬辰")
    assert c.lines[4].branch is B.子 and not c.lines[4].moving
    f = frame_of(c, B.子)
    assert f.failures == (FrameFailure.NO_MIDDLE,) and not f.middle.present
    g = frame_of(c, B.子, FrameRules(static_members=StaticPolicy.COMPLETING))
    assert g.formed and g.middle.places == (L(5),) and g.kind is FrameKind.動會
    assert frame_of(c, B.子, FrameRules(static_members=StaticPolicy.ALWAYS)).formed
    # COMPLETING needs a moving line among the two others: with nothing moving, nothing is completed.
    still = chart("艮為山", (), "申", "壬辰")  # 申 (month, static line 3) + 辰 (day, static line 1) + 子 (static)
    assert frames(still, FrameRules(static_members=StaticPolicy.COMPLETING)) == ()


# ---- the rules one by one ------------------------------------------------------------------------------

def test_zi_changing_into_chen_without_shen_is_false() -> None:
    """是故子變辰者非: 乾之遯 (子 of line 1 becomes 辰), 申 nowhere → 變會 without its start."""
    c = chart("乾為天", (1, 2), "子", "甲子")
    assert c.lines[0].branch is B.子 and c.lines[0].changed.branch is B.辰
    f = frame_of(c, B.子)
    assert f.kind is FrameKind.變會 and not f.start.present
    assert f.failures == (FrameFailure.CHANGE_WITHOUT_START,)


def test_half_frame_with_middle_forms_start_lost_small_end_lost_kept() -> None:
    """午不失傷，即寅戌失一而亦局會也; 傷其始者力小，傷其終者力存."""
    small = frame_of(chart("雷天大壯", (5, 6), "午", "甲子"), B.午)  # 午 (month) + 戌 (動); no 寅
    assert small.formed and small.strength is FrameStrength.小 and not small.start.present
    kept = frame_of(chart("坎為水", (3, 6), "寅", "甲子"), B.午)  # 寅 (month) + 午 (動); no 戌
    assert kept.formed and kept.strength is FrameStrength.存 and not kept.end.present
    assert frame_weight(small) < frame_weight(kept)


def test_middle_damaged_does_not_form() -> None:
    """傷其中則不能局: 小畜之乾 子月 — the 午 of the change is broken by the month."""
    c = chart("風天小畜", (4,), "子", "丙寅")
    f = frame_of(c, B.午)
    assert f.middle.present and not f.middle.intact and f.middle.supplies[0].broken
    assert f.failures == (FrameFailure.MIDDLE_DAMAGED,)


def test_a_pillar_must_hang_in_the_frame() -> None:
    """凡局必得日月有一在局: 萃之遯 子月甲子日 — 卯(動) + 未(動), no pillar in 亥卯未."""
    c = chart("澤地萃", (3, 6), "子", "甲子")
    f = frame_of(c, B.卯)
    assert f.failures == (FrameFailure.NO_PILLAR,) and f.hung == ()
    assert frame_of(c, B.卯, FrameRules(require_pillar=False)).formed


def test_hung_end_without_start_is_not_a_frame() -> None:
    """戌月懸午則非 (here 丑月 hangs the 金 frame's 墓): 泰之大畜 — 酉(動) + 丑 (month), 巳 absent."""
    c = chart("地天泰", (6,), "丑", "甲子")
    f = frame_of(c, B.酉)
    assert f.kind is FrameKind.動會 and f.hung == (FramePart.終,)
    assert f.failures == (FrameFailure.HUNG_END_WITHOUT_START,)


def test_hidden_member_needs_its_birth() -> None:
    """伏得生者其局真: 剝之觀 — 申 hidden under the moving 子 (not its 長生) is no genuine 伏會."""
    c = chart("山地剝", (5,), "子", "甲子")
    f = frame_of(c, B.子)
    assert f.kind is FrameKind.伏會 and f.hidden_genuine is False
    assert f.failures == (FrameFailure.HIDDEN_WITHOUT_BIRTH,)
    assert frame_of(c, B.子, FrameRules(hidden_needs_birth=False)).formed


def test_frame_findings_direction_and_not_formed() -> None:
    """Example 1 on its use-god 官 午 (line 4): a frame of its own element supports it, heavy (大 + 懸始 = 7)."""
    c = chart("乾為天", (2, 4, 6), "寅", "戊戌")
    found = frame_findings(frames(c), [L(4)], c)
    top = [x for x in found if x.effect is Effect.GOOD]
    assert [(x.key, x.weight) for x in top] == [("frame_supports", 7)]
    assert L(4) in top[0].places and DAY in top[0].places and top[0].param("kind") == "動會"
    # 謙之泰, use-god 官 午 (line 2): the fire frame would support it but does not form → stated at weight 0.
    c4 = chart("地山謙", (1, 2), "戌", "己酉")
    f4 = [x for x in frame_findings(frames(c4), [L(2)], c4) if x.param("frame") == "寅午戌"]
    assert [(x.key, x.effect, x.weight, x.rule) for x in f4] == [("frame_not_formed", Effect.NEUTRAL, 0, "JH-05")]
    assert f4[0].param("reason") == "change_without_start,hung_end_without_start"
    with pytest.raises(KeyError):
        frame_findings(frames(c4), [H(3)], c4)


# =====================================================================================================
# 三刑 / 六害 (seed lines 31–47)
# =====================================================================================================

def test_kun_to_dui_true_punishment() -> None:
    """酉建庚申日，用財得困之兌是謂真刑: the day 申 punishes and clashes the 財 寅; its change 巳 completes 寅巳申."""
    c = chart("澤水困", (1,), "酉", "庚申")
    assert c.changed.name == "兌為澤" and c.lines[0].relation is Relation.妻財 and c.lines[0].changed.branch is B.巳
    facts = punishments(c)
    on1 = [p for p in facts if p.target == L(1)]
    assert len(on1) == 1
    p = on1[0]
    assert (p.by, p.by_branch, p.origin, p.kind) == (DAY, B.申, Origin.DAY, PunishmentKind.寅巳申)
    assert p.clash and p.triple and p.genuine and p.world
    # The month 酉 on the 酉 line is 臨月建, not counted as 自刑 unless asked.
    assert not any(x.kind is PunishmentKind.自刑 for x in facts)
    assert any(x.kind is PunishmentKind.自刑 and x.by == MONTH and x.target == L(5)
               for x in punishments(c, ActRules(self_by_pillars=True)))
    found = punishment_findings(facts, [L(1)], c, topic="wealth")
    assert [(x.key, x.weight, x.rule) for x in found] == [("punished_true", 4, "XF-02")]
    assert found[0].param("subject") == "use_god"


def test_moving_si_punishes_shen_z002_09() -> None:
    """否之訟 卯月戊辰日 (002 SK-07): "巳火鬼動，刑剋申金" — a plain 刑, no clash, no triple."""
    c = golden_chart("Z002-09")
    on5 = [p for p in punishments(c) if p.target == L(5)]
    assert [(p.by, p.by_branch, p.kind, p.clash, p.triple) for p in on5] == [
        (L(2), B.巳, PunishmentKind.寅巳申, False, False)]
    f = punishment_findings(on5, [L(5)], c, topic="lawsuit")
    assert [(x.key, x.weight) for x in f] == [("punished", 2)]


def test_punishment_topic_images_and_lawsuit() -> None:
    c = chart("澤水困", (1,), "酉", "庚申")  # 世 = line 1, punished
    facts = punishments(c)
    keys = {t: [x.key for x in punishment_findings(facts, [], c, topic=t)] for t in ("lifetime", "marriage", "illness")}
    assert keys["lifetime"] == ["punished_true", "punished_lifetime"]
    assert keys["marriage"] == ["punished_true"]  # 婚姻: the 財/官 use-god is meant, not the 世
    assert keys["illness"] == ["punished_true", "punished_illness"]
    # 困's 世 寅 is 妻財: no 官 overcomes it, so a lawsuit adds nothing.
    assert [x.key for x in punishment_findings(facts, [], c, topic="lawsuit")] == ["punished_true"]
    # 官克世而問訟，若世刑而大凶: 咸 (兌宮), 世 申 (兄弟) on line 3, 官 午 on line 2; the 巳 day punishes 申.
    c2 = chart("澤山咸", (2,), "卯", "丁巳")
    assert c2.world.relation is Relation.兄弟
    assert [(p.target, p.by) for p in punishments(c2) if p.world] == [(L(3), DAY)]
    big = [x for x in punishment_findings(punishments(c2), [], c2, topic="lawsuit")
           if x.key == "punished_world_ghost_overcomes"]
    assert len(big) == 1 and big[0].weight == 6 and {L(3), L(2), DAY} <= set(big[0].places)
    assert not [x for x in punishment_findings(punishments(c2), [], c2, topic="wealth")
                if x.key == "punished_world_ghost_overcomes"]
    with pytest.raises(ValueError):
        punishment_findings(facts, [], c, topic="astrology")


def test_harms_of_kun_to_dui() -> None:
    """困之兌: 寅 and its change 巳 are a 生害 (寅 generates 巳); the day 申 and the 亥 line are a 生害 the other way."""
    c = chart("澤水困", (1,), "酉", "庚申")
    got = {(h.target, h.by): (h.kind, h.direction) for h in harms(c)}
    assert got == {
        (L(1), C(1)): (HarmKind.生害, HarmDirection.我生彼),
        (L(4), DAY): (HarmKind.生害, HarmDirection.彼生我),
    }
    f = harm_findings(harms(c), [L(1)])
    assert [(x.key, x.weight) for x in f] == [("harmed_generating", 1)]


def test_response_harming_world() -> None:
    """及應克世: 小畜 (static) — 應 未 (line 4) 克害 the 世 子 (line 1)."""
    c = chart("風天小畜", (), "子", "甲子")
    hs = [h for h in harms(c) if h.response_on_world]
    assert len(hs) == 1 and hs[0].direction is HarmDirection.彼克我 and hs[0].origin is Origin.STATIC
    f = harm_findings(hs, [])
    assert [(x.key, x.weight, x.param("subject")) for x in f] == [("response_harms_world", 2, "world")]


def test_harm_table() -> None:
    pairs = {frozenset((a, b)) for a in Branch for b in Branch if harm_direction(a, b) is not None}
    assert pairs == {frozenset((B[x], B[y])) for x, y in ("子未", "丑午", "寅巳", "卯辰", "申亥", "酉戌")}
    assert harm_direction(B.子, B.未) is HarmDirection.彼克我 and harm_direction(B.未, B.子) is HarmDirection.我克彼
    assert harm_direction(B.辰, B.卯) is HarmDirection.彼克我
    assert harm_direction(B.午, B.丑) is HarmDirection.我生彼 and harm_direction(B.亥, B.申) is HarmDirection.彼生我
    assert harm_direction(B.子, B.午) is None


def test_static_lines_punish_only_when_asked() -> None:
    """否 with nothing moving: the static 巳 (line 2) punishes the 申 (line 5) only when static lines may act."""
    c = chart("天地否", (), "卯", "戊辰")
    assert not [p for p in punishments(c) if p.by == L(2)]
    assert [p.target for p in punishments(c, ActRules(static_acts=True)) if p.by == L(2)] == [L(5)]


# =====================================================================================================
# 助鬼傷身 (seed lines 3–15): the seven cases of §1.5
# =====================================================================================================

VALID = [  # 前賢舉申日之離，寅日之咸，亥日之泰者為法 (months chosen so the 世 is not 旺相 and the 鬼 not 破)
    ("離為火", "酉", "甲申", 6, (3,)),
    ("澤山咸", "卯", "甲寅", 3, (2,)),
    ("地天泰", "酉", "丁亥", 3, (2,)),
]
INVALID = [  # (hexagram, month, day, the reason the text gives)
    ("巽為風", "午", "己巳", ZhuGuiFailure.NOT_TRUE_BIRTH),   # 巳日之巽: 巽鬼非大生
    ("澤火革", "午", "甲申", ZhuGuiFailure.NOT_TRUE_BIRTH),   # 申日之革: 革鬼非大生
    ("坎為水", "卯", "甲午", ZhuGuiFailure.DAY_HELPS_ONLY),   # 午日之坎: 坎鬼非長生
    ("離為火", "子", "己酉", ZhuGuiFailure.DAY_HELPS_ONLY),   # 酉日之離: 離鬼非長生
]


@pytest.mark.parametrize("name,month,day,world,ghosts", VALID)
def test_zhu_gui_the_three_models(name: str, month: str, day: str, world: int, ghosts: tuple[int, ...]) -> None:
    c = chart(name, (), month, day)
    fact = zhu_gui_shang_shen(c)
    assert fact is not None
    assert fact.world == L(world) and c.lines[world - 1].world
    assert tuple(g.place.position for g in fact.ghosts) == ghosts
    assert all(c.lines[g.place.position - 1].relation is Relation.官鬼 for g in fact.ghosts)
    assert not fact.fast  # 靜遲


@pytest.mark.parametrize("name,month,day,reason", INVALID)
def test_zhu_gui_the_four_exceptions(name: str, month: str, day: str, reason: ZhuGuiFailure) -> None:
    c = chart(name, (), month, day)
    assert zhu_gui_shang_shen(c) is None
    cands = zhu_gui_candidates(c)
    assert cands and all(reason in g.failures for g in cands)


def test_zhu_gui_e1_void_or_broken_ghost_cannot_harm() -> None:
    """官鬼遇空破者弗能傷: 離 on 壬申 (空 戌亥: the 鬼 亥 is void); in 巳月 the 亥 is broken."""
    void = zhu_gui_candidates(chart("離為火", (), "酉", "壬申"))
    assert [g.failures for g in void] == [(ZhuGuiFailure.GHOST_VOID,)]
    broken = zhu_gui_candidates(chart("離為火", (), "巳", "甲申"))
    assert ZhuGuiFailure.GHOST_BROKEN in broken[0].failures


def test_zhu_gui_e2_strong_world_cannot_be_harmed() -> None:
    """世爻逢旺相者弗能傷: 離's 世 巳 in 午月 (次旺) and in 寅月 (相)."""
    for month in ("午", "寅"):
        cands = zhu_gui_candidates(chart("離為火", (), month, "甲申"))
        assert cands[0].failures == (ZhuGuiFailure.WORLD_STRONG,)


def test_zhu_gui_e3_birth_must_be_the_day() -> None:
    """臨於歲月動變之位者則非: 泰 in 亥月 on a 卯 day — the 鬼 寅's 長生 is the month, not the day."""
    cands = zhu_gui_candidates(chart("地天泰", (), "亥", "丁卯"))
    assert ZhuGuiFailure.BIRTH_NOT_ON_DAY in cands[0].failures


def test_zhu_gui_moving_and_strong_ghost_modifiers() -> None:
    """靜遲動速，旺大衰小: 咸 with its 官 午 moving, on 甲寅 in 卯月 (午 火 is 相 in a 木 month)."""
    fact = zhu_gui_shang_shen(chart("澤山咸", (2,), "卯", "甲寅"))
    assert fact is not None and fact.fast and fact.large


def test_true_birth_table() -> None:
    assert [b.name for b in Branch if any(true_birth(e, b) for e in Element)] == ["寅", "申", "亥"]
    assert true_birth(Element.木, B.亥) and not true_birth(Element.金, B.巳) and not true_birth(Element.土, B.申)


def test_only_three_palace_day_pairs_ever_trigger() -> None:
    """The notes' consequence: 土 palaces on 亥 days, 金 palaces on 寅 days, 離 on 申 days — over every hexagram and
    all sixty days (the month can only block: 子 午 酉 leave some 世 of each palace weak)."""
    seen = set()
    for h in HEXAGRAMS:
        cast = Cast.from_values("".join("7" if h.yang(i) else "8" for i in range(1, 7)))
        for d in range(60):
            for month in (B.子, B.午, B.酉):
                c = build_chart(cast, Moment.from_pillars(month, StemBranch.from_index(d)))
                if zhu_gui_shang_shen(c) is not None:
                    seen.add((c.hexagram.element, c.moment.day.branch))
    assert seen == {(Element.土, B.亥), (Element.金, B.寅), (Element.火, B.申)}


def test_zhu_gui_findings_by_topic() -> None:
    c = chart("離為火", (), "酉", "丙申")  # the 鬼 亥 on line 3 carries 螣蛇 on a 丙 day
    fact = zhu_gui_shang_shen(c)
    assert fact is not None and fact.ghosts[0].spirit is Spirit.螣蛇

    def keys(topic: str, ug: Relation | None = None) -> list[tuple[str, Effect, int]]:
        return [(x.key, x.effect, x.weight) for x in zhu_gui_findings(fact, topic, ug)]

    assert fact.large  # 亥 水 in 酉月 is 相 → 旺大
    w = 7
    assert keys("lawsuit") == [("zhu_gui_lawsuit", Effect.BAD, w)]
    assert keys("career") == [("zhu_gui_career", Effect.GOOD, 5), ("zhu_gui_overcomes_world", Effect.BAD, 2)]
    assert keys("marriage") == [("zhu_gui_marriage_wife", Effect.BAD, w)]
    assert keys("marriage", Relation.官鬼) == [("zhu_gui_marriage_husband", Effect.GOOD, 5),
                                              ("zhu_gui_overcomes_world", Effect.BAD, 2)]
    assert keys("property") == [("zhu_gui_household", Effect.BAD, w), ("zhu_gui_household_spirit", Effect.BAD, 3)]
    assert keys("exam", Relation.官鬼) == [("zhu_gui_general", Effect.GOOD, 3),
                                          ("zhu_gui_overcomes_world", Effect.BAD, 2)]
    assert keys("other") == [("zhu_gui_general", Effect.BAD, w)]
    for t in ("weather", "year", "matchmaker"):
        assert keys(t) == []
    for t in TOPICS:
        for x in zhu_gui_findings(fact, t):
            assert x.source.seed == "001" and x.rule in RULES
            assert x.places[0] == (fact.ghosts[0].place if x.key == "zhu_gui_household_spirit" else fact.world)
    assert zhu_gui_findings(None, "wealth") == ()
    with pytest.raises(ValueError):
        zhu_gui_findings(fact, "astrology")
    assert dict(zhu_gui_findings(fact, "wealth")[0].params)["speed"] == "slow"
    # 衰小: 未月 — the 鬼 亥 is 囚; the 世 巳 has only 餘氣 there (衰, not 旺相), so the pattern still holds.
    weak = zhu_gui_shang_shen(chart("離為火", (), "未", "丙申"))
    assert weak is not None and not weak.large
    assert [(x.key, x.weight) for x in zhu_gui_findings(weak, "lawsuit")] == [("zhu_gui_lawsuit", 6)]


# =====================================================================================================
# Properties over all 4096 casts
# =====================================================================================================

def _all_casts() -> list[str]:
    return ["".join("6789"[(n >> (2 * i)) & 3] for i in range(6)) for n in range(4096)]


def _branch_at(c: Chart, p: Place) -> Branch:
    if p.layer is Layer.DAY:
        assert p.position == 0
        return c.moment.day.branch
    if p.layer is Layer.MONTH:
        assert p.position == 0
        return c.moment.month_branch
    assert 1 <= p.position <= 6
    line = c.lines[p.position - 1]
    if p.layer is Layer.LINE:
        return line.branch
    yao = line.changed if p.layer is Layer.CHANGED else line.hidden
    assert yao is not None, p
    return yao.branch


@pytest.mark.parametrize("month,day", [("寅", "丙申"), ("戌", "己酉"), ("卯", "戊辰")])
def test_properties_over_all_casts(month: str, day: str) -> None:
    moment = Moment.from_pillars(month, day)
    formed_kinds = set()
    for values in _all_casts():
        c = build_chart(Cast.from_values(values), moment)
        for f in frames(c):
            if f.formed:
                formed_kinds.add(f.kind)
                assert f.middle.present and f.middle.intact  # no frame without its middle
                assert f.hung  # a pillar hangs in every formed frame (default rules)
            if f.kind is FrameKind.變會 and not f.start.intact:
                assert not f.formed  # 變失始者其局假
            if f.kind is FrameKind.伏會 and not f.hidden_genuine:
                assert not f.formed
            for m, br in zip(f.members, f.frame.members):
                assert m.branch is br
                for s in m.supplies:
                    assert _branch_at(c, s.place) is br
                    if s.origin is Origin.HIDDEN:
                        assert c.lines[s.place.position - 1].moving  # a 伏神 joins only under a moving 飛神
            assert f.relation.value in {r.value for r in Relation}
        for p in punishments(c):
            assert _branch_at(c, p.target) is p.branch and _branch_at(c, p.by) is p.by_branch
            assert p.kind is not None and p.target != p.by
        for h in harms(c):
            assert _branch_at(c, h.target) is h.branch and _branch_at(c, h.by) is h.by_branch
        z = zhu_gui_shang_shen(c)
        if z is not None:
            assert z.world == L(c.hexagram.world)
            for g in z.ghosts:
                assert _branch_at(c, g.place) is g.branch and c.lines[g.place.position - 1].relation is Relation.官鬼
    assert formed_kinds == {FrameKind.動會, FrameKind.變會, FrameKind.伏會}
