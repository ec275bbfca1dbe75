"""Chapter signs that needed no new question (docs/topic_rules_status.md had them "not yet"): 兄臨太歲 in trade
(QC-15), the patron's warm welcome (YG-03), the one away unwell where he is (XR-05), an illness beyond medicine or
healed without it beside the doctor (YY-09), missions in office by the post horse (ZR-10).  Each checked on charts
swept for its condition and its exception, against what its passage says.

The passages are quoted as printed in ``zsby_topics_doctrine.txt`` (simplified characters; tests/data/texts holds
the copy) and checked to be on the line each rule is registered at.
"""

from __future__ import annotations

from functools import cache

import pytest

from bot.render.answer import pair
from core.chapters import ChapterReading, chapter_reading
from core.chapters.common import bad_change, cut_off, empty, lines_of, moving, overcome
from core.chart.calendar import Moment
from core.chart.cast import parse_cast
from core.chart.chart import Chart, Transformation, build_chart
from core.chart.ganzhi import SEXAGENARY, Branch
from core.chart.hexagram import Relation
from core.chart.relations import clashes, generates, harmonizes, overcomes, punishes
from core.findings import Layer, Place
from core.question import (
    ASPECTS,
    Aspect,
    FollowUp,
    Illness,
    Office,
    Question,
    QuestionError,
    Role,
    Sex,
    Subject,
    Topic,
    choices,
    optional_follow_ups,
    resolve,
)
from core.reading.pipeline import read
from core.reading.step1_usegod import select_use_god
from core.reading.step2_state import states_of
from tests.passages import assert_quotes_on_their_lines

R = Relation
T = Transformation
MONTHS = "寅卯辰巳午未申酉戌亥子丑"
_st = cache(states_of)


QUOTES = {
    "QC-15": "劫杀者乃兄弟之爻也，兄临太岁一年破耗",
    "YG-03": "官世相合，财动相生，财持世，官无缺陷，再得日月照临，彼此缘投有幸",
    "XR-05": "用爻无病可断归期，用爻有病在外不安",
    "YY-09": "近病者，若非卦得六冲，即观用值旬空，或用神化回头生。自占者，子孙持世，此皆不药而愈也",
    "ZR-10": "官星持日月动加临驿马者，多有差遣，日月动爻作财而扶者，差中得利",
}


def test_the_quotes_are_on_their_lines() -> None:
    assert_quotes_on_their_lines(QUOTES)


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
    return chapter_reading(chart, _st(chart), q, use), use  # as the reading calls it: an aspect read apart by its own chapter


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
    a reason either way, never a move on whether he comes (「受傷」 as a 克 the line's four places bring out against
    it, ``common.overcome``)."""
    seen = {"unwell": 0, "well": 0}
    q = Question(Topic.returning, Subject.child)
    for chart in _charts():
        c, use = _chapter(chart, q)
        s = _st(chart)[use]
        ill = empty(s) or s.real_tomb or cut_off(s) or overcome(chart, _st(chart), s)
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
        if moving(chart, R.兄弟) and (overcome(chart, _st(chart), _st(chart).world)
                                      or any(punishes(b, world.branch) for b in pillars)):
            assert "zr_mission_costs" in _found(c)
            seen["cost"] += 1
        wealth = chart.hexagram.element.overcomes
        if any(b.element is wealth and generates(b.element, world.element) for b in pillars):
            assert "zr_mission_gain" in _found(c)
            seen["gain"] += 1
    assert min(seen.values()) > 0, seen


# ---- sub-questions through the aspect follow-up ---------------------------------------------------------------------

QUOTES.update({
    "KH-03": "来人之念重在买卖者，须以应爻为下顾之客，应爻生合于世，生客来交成故旧",
    "MD-01": "外卦财旺生合世爻者，持世者，宜往他乡",
    "MD-02": "应爻以外财爻持世者，最好收财，必须待应爻发动而与世爻相生相合",
    "MD-03": "卦得财世两旺，许之改图，再逢衰者还须耐守",
    "MD-04": "财化进神，宜往外方发卖，世爻化退，宜回近地出脱",
    "FQ-03": "如占偕老，定然举案齐眉，若问和睦，必无反目",
    "FQ-07": "旺财克世，世爻得地者，虽无刑伤，必遭姤悍",
    "TZ-01": "占他人以应为用，占亲戚必看用神，不宜兄鬼动而克世，最宜相合相生",
    "WZ-01": "此皆速宜往救，莫令他人先到以成功也",
})


def test_the_new_aspects_are_asked_and_take_their_chapters_use_god() -> None:
    """The shop, goods, one's own journey and a doctor's matter offer their parts; a marriage adds its harmony.
    A companion and a patient to treat are the 應 (TZ-01 「占他人以應為用」, WZ-01 「應爻為病人」); the rest keep their
    topic's use-god.  A doctor's matter asks the kind of illness first; another's journey asks no companion."""
    assert ASPECTS[Topic.shop] == (Aspect.partner, Aspect.customers)
    assert ASPECTS[Topic.goods] == (Aspect.price, Aspect.move)
    assert ASPECTS[Topic.travel] == (Aspect.journey, Aspect.companion)
    assert ASPECTS[Topic.doctor] == (Aspect.call, Aspect.treat)
    assert Aspect.harmony in ASPECTS[Topic.marriage]
    assert optional_follow_ups(Question(Topic.doctor)) == (FollowUp.illness, FollowUp.aspect)
    assert choices(Topic.doctor, FollowUp.illness) == (Illness.recent, Illness.long)
    assert optional_follow_ups(Question(Topic.travel, Subject.self)) == (FollowUp.aspect,)
    assert optional_follow_ups(Question(Topic.travel, Subject.parent)) == ()
    assert resolve(Question(Topic.travel, Subject.self, aspect=Aspect.companion)).target is Role.應
    assert resolve(Question(Topic.doctor, aspect=Aspect.treat)).target is Role.應
    assert resolve(Question(Topic.shop, aspect=Aspect.customers)) == resolve(Question(Topic.shop))
    assert resolve(Question(Topic.goods, aspect=Aspect.move)) == resolve(Question(Topic.goods))
    with pytest.raises(QuestionError):
        Question(Topic.shop, aspect=Aspect.move)
    chart = _charts()[3]
    for topic, default in ((Topic.shop, Aspect.partner), (Topic.goods, Aspect.price), (Topic.doctor, Aspect.call)):
        assert _chapter(chart, Question(topic, aspect=default))[0] == _chapter(chart, Question(topic))[0]
    assert _chapter(chart, Question(Topic.travel, Subject.self, aspect=Aspect.journey))[0] == \
        _chapter(chart, Question(Topic.travel, Subject.self))[0]
    # each asked part has its own yes and no
    for q in (Question(Topic.shop, aspect=Aspect.customers), Question(Topic.goods, aspect=Aspect.move),
              Question(Topic.travel, Subject.self, aspect=Aspect.companion),
              Question(Topic.doctor, aspect=Aspect.treat),
              Question(Topic.marriage, Subject.self, Sex.male, aspect=Aspect.harmony)):
        base = Question(q.topic, q.subject, q.sex)
        assert pair(read(chart, q)) != pair(read(chart, base)), q


def test_the_customers_are_read_by_the_response_instead_of_a_partner() -> None:
    """KH-03 「應爻生合於世，生客來交成故舊；世應相沖相克，熟人終久變成仇」: asked of the customers, the 應 feeding or
    combining the 世 — +1, a clash or an overcoming either way — -1; the partner's reading (KH-02) is not made."""
    seen = {"stay": 0, "away": 0}
    for chart in _charts():
        c, _ = _chapter(chart, Question(Topic.shop, aspect=Aspect.customers))
        w, r = chart.world, chart.response
        assert not any(m.rule == "KH-02" for m in c.moves) and not any(f.rule == "KH-02" for f in c.findings)
        stay = generates(r.element, w.element) or harmonizes(r.branch, w.branch)
        away = not stay and (clashes(r.branch, w.branch) or overcomes(r.element, w.element)
                             or overcomes(w.element, r.element))
        assert (_moves(c, "kh_customers_stay") == [("", "+1")]) is stay
        assert (_moves(c, "kh_customers_turn_away") == [("", "-1")]) is away
        seen["stay"] += stay
        seen["away"] += away
        if stay or away:
            partner, _ = _chapter(chart, Question(Topic.shop))
            assert not any(m.rule == "KH-03" for m in partner.moves)
    assert min(seen.values()) > 0, seen


def test_selling_elsewhere_or_changing_course() -> None:
    """賣貨宜守宜動章: MD-01 a strong outer 財 tied to the 世 — go (≥小吉), no 財 tied to the 世 or the 世 changing
    for the worse — nothing there (≤小凶); MD-03 財 and 世 both strong — change allowed, both weak — hold; MD-04 the
    財 化進 — further off, the 世 化退 — near home.  The favours come before the bars."""
    seen = {"go": 0, "nothing": 0, "change": 0, "hold": 0, "further": 0, "near": 0}
    q = Question(Topic.goods, aspect=Aspect.move)
    for chart in _charts():
        c, use = _chapter(chart, q)
        st = _st(chart)
        w = chart.world
        wealth = lines_of(chart, R.妻財)

        tied = {x.position for x in wealth if x.world or generates(x.element, w.element)
                or harmonizes(x.branch, w.branch)}
        go = any(x.position >= 4 and st[_lp(x.position)].vigour.strong and x.position in tied for x in wealth)
        assert (_moves(c, "md_go_elsewhere") == [("", "≥小吉")]) is go
        if not go and not tied:
            assert _moves(c, "md_nothing_there") == [("≤小凶", "≤小凶")]
        if go:
            assert _moves(c, "md_nothing_there") == []
        us, ws = st[use], st.world
        six_harmony_case = chart.hexagram.six_harmony and w.relation is R.妻財 and w.moving
        if us.vigour.strong and ws.vigour.strong and not six_harmony_case:
            assert _moves(c, "md_change_allowed") == [("", "≥小吉")]
            seen["change"] += 1
        if not us.vigour.strong and not ws.vigour.strong and not (chart.hexagram.six_harmony and not us.moving):
            assert _moves(c, "md_hold_on") == [("≤小凶", "≤小凶")]
            seen["hold"] += 1
        ln = chart.lines[use.position - 1] if use.layer is Layer.LINE else None
        if ln is not None and ln.moving and T.化進神 in ln.transformations:
            assert _moves(c, "md_sell_further_off") == [("", "+1")]
            seen["further"] += 1
        if w.moving and T.化退神 in w.transformations:
            assert _moves(c, "md_sell_near_home") == [("", "-1")]
            seen["near"] += 1
        rules_order = [m.key for m in c.moves]
        favour = {"md_go_elsewhere", "md_do_not_sit_still", "md_change_allowed", "md_sell_further_off",
                  "md_sell_outside"}
        marks = [k in favour for k in rules_order]
        assert marks == sorted(marks, reverse=True)  # every favour before every bar
        seen["go"] += go
        seen["nothing"] += bool(_moves(c, "md_nothing_there"))
        # the default question (囤貨賣貨章) reads none of them
        assert not any(m.rule.startswith("MD-") for m in _chapter(chart, Question(Topic.goods))[0].moves)
    assert min(seen.values()) > 0, seen


def test_collecting_waits_for_the_response() -> None:
    """MD-02: the 財 on the 世 in the inner trigram, the 應 outside — collect now if the 應 moves and feeds or
    combines the 世, else wait (reasons)."""
    seen = {"now": 0, "wait": 0}
    for chart in _charts(1):
        w, r = chart.world, chart.response
        if not (w.relation is R.妻財 and w.position <= 3):
            continue
        c, _ = _chapter(chart, Question(Topic.goods, aspect=Aspect.move))
        now = r.moving and (generates(r.element, w.element) or harmonizes(r.branch, w.branch))
        assert ("md_collect_now" in _found(c)) is now
        assert ("md_collect_when_he_moves" in _found(c)) is (not now)
        seen["now" if now else "wait"] += 1
    assert min(seen.values()) > 0, seen


def test_a_husband_asking_of_harmony_reads_the_wife() -> None:
    """夫婦章 for a man's own marriage: FQ-03 a strong or supported 財 that generates, is generated by or combines the
    世 — together to old age (≥小吉); FQ-07 the 財 overcoming a weak, void 世 — =凶, a strong 財 against a strong 世 —
    a fierce wife (≤小凶); FQ-05 a 兄 on the 世 with a strong 財 — at odds.  A woman asking keeps the general reading."""
    seen = {"old_age": 0, "dies": 0, "fierce": 0, "odds": 0}
    q = Question(Topic.marriage, Subject.self, Sex.male, aspect=Aspect.harmony)
    for chart in _charts():
        c, use = _chapter(chart, q)
        if use.layer is not Layer.LINE or chart.lines[use.position - 1].relation is not R.妻財:
            assert c == ChapterReading()
            continue
        st = _st(chart)
        ln, w = chart.lines[use.position - 1], chart.world
        us, ws = st[use], st.world
        linked = generates(ln.element, w.element) or generates(w.element, ln.element) or harmonizes(ln.branch, w.branch)
        bad = bad_change(ln, st, listed=True)
        if (us.vigour.strong or us.on_month_or_day) and linked and not bad:
            assert _moves(c, "fq_old_age_together") == [("", "≥小吉")]
            seen["old_age"] += 1
        if not linked:
            assert _moves(c, "fq_old_age_together") == []
        if overcomes(ln.element, w.element) and use.position != w.position:
            if (not ws.vigour.strong and ((ws.void and not ws.void_filled) or ws.month_break)) or ws.real_tomb \
                    or cut_off(ws):
                assert _moves(c, "fq_husband_dies_young") == [("=凶", "=凶")]
                seen["dies"] += 1
            if us.vigour.strong and ws.vigour.strong and not _moves(c, "fq_husband_dies_young"):
                assert _moves(c, "fq_fierce_wife") == [("≤小凶", "≤小凶")]
                seen["fierce"] += 1
        else:
            assert not _moves(c, "fq_husband_dies_young") and not _moves(c, "fq_fierce_wife")
        if w.relation is R.兄弟 and us.vigour.strong and not bad and not (
                ln.changed is not None and ln.changed.relation is R.兄弟 and ln.moving):
            assert _moves(c, "fq_at_odds") == [("≤小凶", "≤小凶")]
            seen["odds"] += 1
        keys = [m.key for m in c.moves]
        if "fq_old_age_together" in keys:
            assert keys.index("fq_old_age_together") == 0  # the good first, the bad after
        woman, _ = _chapter(chart, Question(Topic.marriage, Subject.self, Sex.female, aspect=Aspect.harmony))
        assert woman == ChapterReading()
    assert min(seen.values()) > 0, seen


def test_a_companion_is_read_by_the_response() -> None:
    """TZ-01 (同舟共行章): the 世 and the 應 generating or combining — like kin (≥小吉); a six-clash — -1; a moving
    子孫 — +1; the 應 overcoming or clashing the 世 — harm from him (≤小凶), after every favour; the 應 empty, in the
    tomb or cut — he will owe you.  The journey's own chapter (CX) is not read."""
    seen = {"kin": 0, "harm": 0, "clash": 0, "kids": 0, "owe": 0}
    q = Question(Topic.travel, Subject.self, aspect=Aspect.companion)
    for chart in _charts():
        c, use = _chapter(chart, q)
        w, r = chart.world, chart.response
        assert use == _lp(r.position)
        assert not any(m.rule.startswith("CX-") for m in c.moves)
        kin = generates(w.element, r.element) or generates(r.element, w.element) or harmonizes(w.branch, r.branch)
        harm = overcomes(r.element, w.element) or clashes(r.branch, w.branch)
        assert (_moves(c, "tz_like_kin") == [("", "≥小吉")]) is kin
        assert (_moves(c, "tz_harm_from_him") == [("≤小凶", "≤小凶")]) is harm
        assert (_moves(c, "tz_six_clash_gives_up") == [("", "-1")]) is chart.hexagram.six_clash
        assert (_moves(c, "tz_offspring_peace") == [("", "+1")]) is bool(moving(chart, R.子孫))
        rs = _st(chart)[use]
        owe = empty(rs) or rs.real_tomb or cut_off(rs)
        assert ("tz_he_will_owe_you" in _found(c)) is owe
        if harm:
            assert [m.key for m in c.moves][-1] == "tz_harm_from_him"
        seen["kin"] += kin
        seen["harm"] += harm
        seen["clash"] += chart.hexagram.six_clash
        seen["kids"] += bool(moving(chart, R.子孫))
        seen["owe"] += owe
    assert min(seen.values()) > 0, seen


def test_a_doctor_going_to_treat_reads_the_world_and_the_patient() -> None:
    """WZ-01 (醫卜往治章): a strong 世, 子孫 or 財 on the 世, the 世 feeding the 應 — the cure in your hands (≥小吉);
    a recent illness with the 應 void or under a six-clash — go at once; a long illness with the 應 strong or 子孫 on
    it — root it out, without those or the first signs — do not go (≤小凶).  Unknown, the kind's signs are not read."""
    seen = {"hands": 0, "at_once": 0, "root": 0, "no": 0}
    for chart in _charts():
        w, r = chart.world, chart.response
        st = _st(chart)
        ws, rs = st.world, st[_lp(r.position)]
        c, _ = _chapter(chart, Question(Topic.doctor, aspect=Aspect.treat))
        hands = ws.vigour.strong or w.relation in (R.子孫, R.妻財) or generates(ws.element, rs.element)
        if hands:
            assert _moves(c, "wz_cure_in_your_hands") == [("", "≥小吉")]
            seen["hands"] += 1
        assert not {"wz_go_at_once", "wz_root_it_out", "wz_do_not_go"} & {m.key for m in c.moves}
        assert not any(m.rule.startswith("YY-") for m in c.moves)
        recent, _ = _chapter(chart, Question(Topic.doctor, aspect=Aspect.treat, illness=Illness.recent))
        if chart.hexagram.six_clash or (rs.void and not rs.void_filled):
            assert _moves(recent, "wz_go_at_once") == [("≥小吉", "≥小吉")]
            seen["at_once"] += 1
        long_c, _ = _chapter(chart, Question(Topic.doctor, aspect=Aspect.treat, illness=Illness.long))
        if rs.vigour.strong or r.relation is R.子孫:
            assert _moves(long_c, "wz_root_it_out") == [("", "≥小吉")]
            seen["root"] += 1
        if _moves(long_c, "wz_do_not_go"):
            assert not _moves(long_c, "wz_cure_in_your_hands") and not _moves(long_c, "wz_root_it_out")
            seen["no"] += 1
    assert min(seen.values()) > 0, seen
