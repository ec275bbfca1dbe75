"""Chapter signs that needed no new question (docs/topic_rules_status.md had them "not yet"): 兄臨太歲 in trade
(QC-15), the patron's warm welcome (YG-03), the one away unwell where he is (XR-05), an illness beyond medicine or
healed without it beside the doctor (YY-09), missions in office by the post horse (ZR-10).  Each checked on charts
swept for its condition and its exception, against what its passage says.

The passages are quoted as printed in ``zsby_topics_doctrine.txt`` (simplified characters; tests/data/texts holds
the copy) and checked to be on the line each rule is registered at.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

from core import rules
from core.chapters import CHAPTERS, ChapterReading
from core.chapters.common import bad_change, cut_off, empty, lines_of, moving
from core.chart.calendar import Moment
from core.chart.cast import parse_cast
from core.chart.chart import Chart, Transformation, build_chart
from core.chart.ganzhi import SEXAGENARY, Branch
from core.chart.hexagram import Relation
from core.chart.relations import generates, harmonizes, overcomes, punishes
from core.findings import Layer, Place
from core.question import Illness, Office, Question, Subject, Topic
from core.reading.pipeline import read
from core.reading.step1_usegod import select_use_god
from core.reading.step2_state import states_of

R = Relation
T = Transformation
MONTHS = "寅卯辰巳午未申酉戌亥子丑"
_st = cache(states_of)

TEXT = (Path(__file__).parent / "data" / "texts" / "zsby_topics_doctrine.txt").read_text(encoding="utf-8").splitlines()

QUOTES = {
    "QC-15": "劫杀者乃兄弟之爻也，兄临太岁一年破耗",
    "YG-03": "官世相合，财动相生，财持世，官无缺陷，再得日月照临，彼此缘投有幸",
    "XR-05": "用爻无病可断归期，用爻有病在外不安",
    "YY-09": "近病者，若非卦得六冲，即观用值旬空，或用神化回头生。自占者，子孙持世，此皆不药而愈也",
    "ZR-10": "官星持日月动加临驿马者，多有差遣，日月动爻作财而扶者，差中得利",
}


def test_the_quotes_are_on_their_lines() -> None:
    for rule, quote in QUOTES.items():
        src = rules.source(rule)
        assert src.seed == "zsbyt"
        assert quote in TEXT[src.line - 1], (rule, src.line)


@cache
def _charts(every: int = 4) -> tuple[Chart, ...]:
    """Every ``every``-th of the 4 096 casts, the k-th on the k-th month, a day seven on and a year five on."""
    out = []
    for k, n in enumerate(range(0, 4096, every)):
        lines = "".join("6789"[(n >> (2 * i)) & 3] for i in range(6))
        moment = Moment.from_pillars(MONTHS[k % 12], str(SEXAGENARY[(k * 7) % 60]), str(SEXAGENARY[(k * 5) % 60]))
        out.append(build_chart(parse_cast(lines), moment))
    return tuple(out)


def _chapter(chart: Chart, q: Question) -> tuple[ChapterReading, Place]:
    use = read(chart, q).use_god.place
    return CHAPTERS[q.topic](chart, _st(chart), q, use), use


def _moves(c: ChapterReading, key: str) -> list[tuple[str, str]]:
    return [(m.now, m.eventual) for m in c.moves if m.key == key]


def _found(c: ChapterReading) -> set[str]:
    return {f.key for f in c.findings}


def _lp(n: int) -> Place:
    return Place(Layer.LINE, n)


# ---- 求財 QC-15 ---------------------------------------------------------------------------------------------------

def test_a_sibling_on_the_year_branch_is_a_year_of_losses() -> None:
    """QC-15 「兄臨太歲一年破耗」: a 兄 line bearing the year's branch costs a step, moving or not; without it, or
    with no year known, nothing."""
    seen = {"on": 0, "still": 0, "off": 0}
    for chart in _charts():
        year = chart.moment.year_branch
        c, _ = _chapter(chart, Question(Topic.wealth))
        on = [x for x in lines_of(chart, R.兄弟) if x.branch is year]
        assert (_moves(c, "qc_robber_on_the_year") == [("-1", "-1")]) is bool(on)
        if not on:
            assert _moves(c, "qc_robber_on_the_year") == []
        seen["on"] += bool(on)
        seen["still"] += bool(on) and not any(x.moving for x in on)
        seen["off"] += not on
        # no year known: the sign cannot be read
        bare = build_chart(chart.cast, Moment.from_pillars(chart.moment.month_branch, chart.moment.day))
        c0, _ = _chapter(bare, Question(Topic.wealth))
        assert _moves(c0, "qc_robber_on_the_year") == []
    assert min(seen.values()) > 0, seen


# ---- 謁貴 YG-03 ---------------------------------------------------------------------------------------------------

def test_the_warm_reception_needs_a_tie_a_sound_patron_and_the_day_or_month() -> None:
    """YG-03 「官世相合，財動相生，財持世，官無缺陷，再得日月照臨，彼此緣投有幸」 (「日月生世生財，或世爻財爻而臨日月」):
    the welcome (≥小吉) only with all three — no fault on the 官, and the day or month shining on the 世 or a 財."""
    seen = {"warm": 0, "faulty": 0, "unlit": 0}
    for chart in _charts():
        c, use = _chapter(chart, Question(Topic.patron))
        if use.layer is not Layer.LINE:
            continue
        officer = chart.lines[use.position - 1]
        s = _st(chart)[use]
        world = chart.world
        warm = _moves(c, "yg_warm_reception")
        fault = (s.void and not s.void_filled) or s.month_break or s.real_tomb or cut_off(s) \
            or bad_change(officer, _st(chart), listed=True)
        pillars = (chart.moment.month_branch, chart.moment.day.branch)
        lit = any(generates(b.element, x.element) or b is x.branch
                  for b in pillars for x in (world, *lines_of(chart, R.妻財)))
        tie = harmonizes(officer.branch, world.branch) or world.relation is R.妻財 or any(
            generates(x.element, officer.element) or generates(x.element, world.element)
            for x in moving(chart, R.妻財))
        if fault or not lit or not tie:
            assert warm == []
        if warm:
            assert warm == [("", "≥小吉")]
            # the bars of YG-01/YG-08 come after it and still hold
            keys = [m.key for m in c.moves]
            assert all(keys.index("yg_warm_reception") < keys.index(k) for k in
                       ("yg_do_not_go", "yg_patron_strikes_world", "yg_wasted_trip") if k in keys)
        elif harmonizes(officer.branch, world.branch) and not fault and lit:
            raise AssertionError("官世相合, a sound 官 and the day or month shining: a warm reception")
        seen["warm"] += bool(warm)
        seen["faulty"] += bool(fault and tie and lit)
        seen["unlit"] += bool(tie and not fault and not lit)
    assert min(seen.values()) > 0, seen


# ---- 行人 XR-05 ---------------------------------------------------------------------------------------------------

def test_a_hurt_use_god_speaks_of_unease_abroad_not_of_the_return() -> None:
    """XR-05 「用爻無病可斷歸期，用爻有病在外不安 … 用神墓絕空破受傷，謂之有病 … 若問歸期，只可看卦象來與不來而斷也」:
    a reason either way, never a move on whether he comes."""
    seen = {"unwell": 0, "well": 0}
    q = Question(Topic.returning, Subject.child)
    for chart in _charts():
        c, use = _chapter(chart, q)
        s = _st(chart)[use]
        ill = empty(s) or s.real_tomb or cut_off(s) or bool(s.attacks)
        assert ("xr_unwell_abroad" in _found(c)) is ill
        assert ("xr_well_abroad" in _found(c)) is (not ill)
        assert not any(m.rule == "XR-05" for m in c.moves)
        seen["unwell" if ill else "well"] += 1
    # one's own return is read by the travel rules
    assert not _chapter(_charts()[0], Question(Topic.returning, Subject.self))[0].findings
    assert min(seen.values()) > 0, seen


# ---- 延醫 YY-09 ---------------------------------------------------------------------------------------------------

def test_an_illness_beyond_medicine_and_one_healed_without_it() -> None:
    """YY-09: the patient's line (the 世 for oneself, the 父母 for a parent) beside the doctor — 「用神化鬼 … 化克」 no
    medicine helps (=凶) whatever the illness; 「久病逢空」 none either, while 「近病 … 用值旬空」 heals without medicine;
    「自占者，子孫持世」 heals without it."""
    seen = {"turned": 0, "long_void": 0, "recent_void": 0, "own": 0}
    for chart in _charts():
        world = chart.world
        # one's own doctor question: the patient is the 世
        c, _ = _chapter(chart, Question(Topic.doctor, Subject.self))
        turned = world.moving and (T.回頭克 in world.transformations or (
            world.changed is not None and world.changed.relation is R.官鬼 and world.relation is not R.官鬼))
        if turned:
            assert _moves(c, "yy_no_medicine_helps") == [("=凶", "=凶")]
            assert "yy_heals_without_medicine" not in _found(c)
            seen["turned"] += 1
        elif world.relation is R.子孫 and not _moves(c, "yy_no_medicine_helps"):
            assert "yy_heals_without_medicine" in _found(c)
            seen["own"] += 1
        ws = _st(chart).world
        void = ws.void and not ws.void_filled
        if void and not turned:
            long_c, _ = _chapter(chart, Question(Topic.doctor, Subject.self, illness=Illness.long))
            recent_c, _ = _chapter(chart, Question(Topic.doctor, Subject.self, illness=Illness.recent))
            assert _moves(long_c, "yy_no_medicine_helps") == [("=凶", "=凶")]
            into = any(x.moving and x.changed is not None and x.changed.relation is world.relation
                       and x.relation is not world.relation for x in chart.lines)
            if not into and not (ws.tomb is not None and not ws.tomb_broken):
                assert "yy_heals_without_medicine" in _found(recent_c)
                assert _moves(recent_c, "yy_no_medicine_helps") == []
                seen["recent_void"] += 1
            seen["long_void"] += 1
        # unknown kind of illness: neither the long nor the recent signs are read
        if void and not turned and world.relation is not R.子孫 and not any(
                x.moving and x.changed is not None and x.changed.relation is world.relation
                and x.relation is not world.relation for x in chart.lines) and not (
                ws.tomb is not None and not ws.tomb_broken):
            assert not _moves(c, "yy_no_medicine_helps") and "yy_heals_without_medicine" not in _found(c)
    assert min(seen.values()) > 0, seen


def test_a_parents_doctor_reads_the_parents_line() -> None:
    """For a parent the patient's line is the 父母 (疾病章) as step 1 chooses it, not the 世: a 父母 that turns into
    a 官鬼 is beyond medicine."""
    n = 0
    for chart in _charts():
        c, _ = _chapter(chart, Question(Topic.doctor, Subject.parent))
        p = select_use_god(chart, R.父母).place
        if p.layer is not Layer.LINE:
            continue
        ln = chart.lines[p.position - 1]
        if ln.moving and ln.changed is not None and ln.changed.relation is R.官鬼:
            assert _moves(c, "yy_no_medicine_helps") == [("=凶", "=凶")]
            n += 1
    assert n > 0


# ---- 在任 ZR-10 ---------------------------------------------------------------------------------------------------

_HORSE = {**dict.fromkeys("申子辰", "寅"), **dict.fromkeys("巳酉丑", "亥"), **dict.fromkeys("寅午戌", "申"),
          **dict.fromkeys("亥卯未", "巳")}


def test_an_officer_on_the_post_horse_sends_one_on_missions() -> None:
    """ZR-10 「世臨官而遇馬，差遣煩勞。官星持日月動加臨驛馬者，多有差遣」 (驛馬 by the day, 星煞章 「假令子日申日辰日
    占卦爻中見寅即為馬」): a reason, never a move on the tenure; gain (日月動爻作財而扶) and cost (兄動, 世 刑克)
    only with the missions."""
    seen = {"sent": 0, "static_off": 0, "gain": 0, "cost": 0}
    q = Question(Topic.career, office=Office.hold)
    for chart in _charts():
        c, _ = _chapter(chart, q)
        horse = Branch[_HORSE[chart.moment.day.branch.name]]
        sent = [x for x in lines_of(chart, R.官鬼) if x.branch is horse
                and (x.world or x.moving or _st(chart)[_lp(x.position)].on_month_or_day)]
        assert ("zr_missions" in _found(c)) is bool(sent)
        assert not any(m.rule == "ZR-10" for m in c.moves)
        if not sent:
            assert not {"zr_mission_gain", "zr_mission_costs"} & _found(c)
            seen["static_off"] += any(x.branch is horse for x in lines_of(chart, R.官鬼))
            continue
        seen["sent"] += 1
        world = chart.world
        pillars = (chart.moment.day.branch, chart.moment.month_branch)
        if moving(chart, R.兄弟) and any(overcomes(b.element, world.element) or punishes(b, world.branch)
                                         for b in pillars):
            assert "zr_mission_costs" in _found(c)
            seen["cost"] += 1
        wealth = chart.hexagram.element.overcomes
        if any(b.element is wealth and generates(b.element, world.element) for b in pillars):
            assert "zr_mission_gain" in _found(c)
            seen["gain"] += 1
    assert min(seen.values()) > 0, seen
