"""The career and examination chapters of 增刪卜易 (core/chapters/career.py): each rule checked on charts swept for
its condition and its exception, against what its passage says — the rest of 鄉試 (XH), 升選 (SB) with 升遷何方
SF-03, 在任 (ZR), 辭官 (GC) and 營造公務 (GW), and the ``office`` follow-up that chooses among them.

The passages are quoted as printed in ``zsby_topics_doctrine.txt`` (simplified characters; tests/data/texts holds
the copy) and checked to be on the line each rule is registered at.
"""

from __future__ import annotations

from functools import cache

from bot.render.answer import pair
from core import rules
from core.chapters import CHAPTERS, ChapterReading
from core.chapters.common import empty, feeding, harming, moving, place_of
from core.chart.calendar import Moment
from core.chart.cast import parse_cast
from core.chart.chart import Chart, HexagramTransformation, Transformation, build_chart
from core.chart.ganzhi import SEXAGENARY
from core.chart.hexagram import Relation
from core.chart.relations import clashes, generates, harmonizes, overcomes
from core.findings import Layer, Place
from core.question import (
    Exam,
    FollowUp,
    Office,
    Question,
    Topic,
    choices,
    follow_ups,
    optional_follow_ups,
    resolve,
)
from core.reading.pipeline import read
from core.reading.step2_state import State, states_of
from tests.passages import assert_quotes_on_their_lines

R = Relation
T = Transformation
H = HexagramTransformation
MONTHS = "寅卯辰巳午未申酉戌亥子丑"
_st = cache(states_of)  # each chart's states made once (a chart is hashed by identity)


def state_of(chart: Chart, place: Place) -> State:
    """The state the chapter reads at ``place`` (the reading's own States, as core.reading.pipeline hands them)."""
    return _st(chart)[place]



QUOTES = {
    "XH-03": "所喜者卦中财爻同兴，喜其兄动以制财也",
    "XH-04": "卦中官鬼子孙同动，官临旺相遇生扶，子孙弱而被克，再宜父动，最怕兄兴",
    "XH-05": "官星父母世爻有一而被动爻克制，或化回头克，若得日月冲制克神，亦许得意",
    "XH-06": "唯忌合成子孙局者，不为吉也",
    "XH-09": "若伏而旺相，或得日月冲去飞神，生起伏神，准登科及第",
    "XH-10": "太岁必要入爻，入爻亦要发动，或持世爻，始如此说",
    "XH-14": "又得应爻动而生合世爻者，必得推荐之力",
    "XH-15": "化出鬼爻克世者更凶",
    "XH-17": "及财动化父，父动化财，皆枕块之兆",
    "SB-03": "得逢六合卦及卦动变六合者，皆是天赐之恩",
    "SB-04": "世官不旺，得六冲，或是官被日月相冲",
    "SB-05": "假令官爻司木，衰而不动，火爻发动是也",
    "SB-06": "皆可束装以待",
    "SF-03": "官临应爻，不得",
    "ZR-01": "官旺遇生扶，或动而化吉",
    "ZR-02": "子孙持世及子动而有制，降级而已",
    "ZR-03": "若得官星旺相，乃是为官清正，非义不取，非无财也",
    "ZR-04": "兄鬼乱动于卦中",
    "ZR-05": "世爻休囚者，得祸不轻",
    "ZR-06": "皆有晋爵之征",
    "ZR-07": "世与官星被克者，定有不测之祸",
    "ZR-08": "世破世空官空破，在任无多日矣",
    "ZR-09": "化出官星刑伤克害世者，反受权摄之害也",
    "ZR-11": "或世官三合皆为吉兆",
    "ZR-12": "若有尊长，切不可以财断之，须防孝服",
    "GC-01": "子孙持世子孙发动，乃无官之果",
    "GC-02": "惟辞官者，不宜见之",
    "GW-01": "官鬼克世而受累，兄动以赔财",
    "GW-02": "必因公事加官",
    "GW-03": "六冲卦者必不坚久",
    "GW-04": "已见(疏)(忧)兄动而防罚俸",
    "TK-01": "父爻持世，得日月动爻相生相合者，亦要官星有气，始许成名",
    "TK-02": "子动克官，财动克父，或持于世爻者皆不宜也",
    "TK-03": "世爻空破墓绝，或被日月动爻冲克及动而变凶者，不能遂志",
    "TK-04": "谓之冲中逢合必获绩取",
    "TK-05": "父衰动而化回头生、化进神，文章得意胜于前",
    "SKK-01": "世父同受克，劣等无疑",
    "SKK-02": "父爻受克而无救，难免涂鸦；世爻受克而有扶，亦业姑许",
    "SKK-04": "大凡卦遇六冲变冲及六爻乱动，父旺世旺，还考平等",
    "SKK-05": "父爻出现，不旺不衰，虽无生扶，亦无克制而世爻不被冲克者，可保平等",
    "KD-01": "或子孙持身动于卦中，皆不录之",
    "FA-01": "空与入墓，必待冲开；破与旬空，须期填实",
    "YT-01": "官爻世爻三合，定蒙异宠隆恩",
    "YT-02": "岁五官鬼冲无世爻者不测之灾",
}


def test_the_quotes_are_on_their_lines() -> None:
    assert_quotes_on_their_lines(QUOTES)


@cache
def _charts(every: int = 4) -> tuple[Chart, ...]:
    """Every ``every``-th of the 4 096 casts, the k-th on the k-th month and a day seven on (every month and day
    comes round whatever ``every`` is)."""
    out = []
    for k, n in enumerate(range(0, 4096, every)):
        lines = "".join("6789"[(n >> (2 * i)) & 3] for i in range(6))
        out.append(build_chart(parse_cast(lines), Moment.from_pillars(MONTHS[k % 12], str(SEXAGENARY[(k * 7) % 60]))))
    return tuple(out)


@cache
def _chapter(chart: Chart, q: Question) -> tuple[ChapterReading, Place]:
    use = read(chart, q).use_god.place
    return CHAPTERS[q.topic](chart, _st(chart), q, use), use


def _keys(c: ChapterReading) -> list[str]:
    return [m.key for m in c.moves]


def _found(c: ChapterReading) -> set[str]:
    return {f.key for f in c.findings}


def _state(chart: Chart, n: int):  # type: ignore[no-untyped-def]
    return state_of(chart, Place(Layer.LINE, n))


def _strike(chart: Chart, rel: R, target: R | Place):  # type: ignore[no-untyped-def]
    """The moving ``rel`` lines with the force to strike ``target`` (chapters 1–34's 雖有如無: ``harming``; a career
    is a far matter)."""
    where = target if isinstance(target, Place) else place_of(chart, target)
    return harming(chart, _st(chart), moving(chart, rel), where, False)


EXAM = Question(Topic.exam)
HOLD = Question(Topic.career, office=Office.hold)
SEEK = Question(Topic.career, office=Office.seek)


# ---- the follow-up ------------------------------------------------------------------------------------------------

def test_a_career_question_asks_what_of_the_post_and_a_skip_keeps_seeking() -> None:
    """The office follow-up is optional and asked of a career only; unanswered, 升選候補章 reads it (the default
    before the follow-up existed); leaving office takes 子孫 for the use-god (GC-01 「子孫持世子孫發動，乃無官之果」)."""
    assert follow_ups(Question(Topic.career)) == ()
    assert optional_follow_ups(Question(Topic.career)) == (FollowUp.office,)
    assert optional_follow_ups(Question(Topic.career, office=Office.hold)) == ()
    assert FollowUp.office not in optional_follow_ups(Question(Topic.exam))
    assert choices(Topic.career, FollowUp.office) == tuple(Office) and choices(Topic.wealth, FollowUp.office) == ()
    assert resolve(Question(Topic.career, office=Office.hold)).target is R.官鬼
    for office in (Office.resign, Office.leave):
        rule = resolve(Question(Topic.career, office=office))
        assert rule.target is R.子孫 and rule.source == rules.source("GC-01")
        assert R.官鬼 in {s.target for s in rule.secondary}
    chart = _charts()[5]
    assert _chapter(chart, Question(Topic.career))[0] == _chapter(chart, SEEK)[0]
    assert Question.parse_ids("career", office="works_trouble").office is Office.works_trouble


def test_the_answer_says_what_was_asked_of_the_post() -> None:
    """The yes/no sentence of holding a post is not the one of seeking it."""
    chart = _charts()[7]
    assert pair(read(chart, HOLD)) != pair(read(chart, SEEK))
    assert pair(read(chart, Question(Topic.career, office=Office.resign))) != pair(read(chart, SEEK))


# ---- 鄉試章 ---------------------------------------------------------------------------------------------------------

def test_a_moving_sibling_checks_the_moving_wealth() -> None:
    """XH-03 「所喜者卦中財爻同興，喜其兄動以制財也」: moving 財 spoils the examination (XH-02) unless a moving 兄
    checks it."""
    checked = spoiled = 0
    for chart in _charts():
        if not _strike(chart, R.妻財, R.父母) or moving(chart, R.子孫) or chart.world.relation is R.妻財:
            continue  # a moving 財 that can strike the 父 (XH-02 as TK-02 「財動克父」)
        c, _use = _chapter(chart, EXAM)
        # 兄動以制財: a moving 兄 with the force to strike the 財
        if _strike(chart, R.兄弟, Place(Layer.LINE, _strike(chart, R.妻財, R.父母)[0].position)):
            assert "xh_spoiler_fails_exam" not in _keys(c) and "xh_sibling_checks_wealth" in _found(c)
            checked += 1
        else:
            assert "xh_spoiler_fails_exam" in _keys(c) and "xh_sibling_checks_wealth" not in _found(c)
            spoiled += 1
    assert checked > 5 and spoiled > 5


def test_a_moving_offspring_held_down_by_a_strong_officer_does_not_spoil() -> None:
    """XH-04 「官鬼子孫同動，官臨旺相遇生扶，子孫弱而被克 … 最怕兄興」: the 子孫 no longer counts among the spoilers;
    a moving 兄 beside them is the worst."""
    held = feeds = 0
    for chart in _charts():
        kids, officers = _strike(chart, R.子孫, R.官鬼), moving(chart, R.官鬼)
        if not kids or not officers:
            continue
        c, _use = _chapter(chart, EXAM)
        strong = any(_state(chart, x.position).vigour.strong and _state(chart, x.position).supports for x in officers)
        down = all(not _state(chart, k.position).vigour.strong and _state(chart, k.position).attacks for k in kids)
        assert ("xh_office_holds_child" in _found(c)) is (strong and down)
        spoil = [m for m in c.moves if m.key == "xh_spoiler_fails_exam"]
        kid_places = {Place(Layer.LINE, k.position) for k in kids}
        if strong and down:
            assert not any(kid_places & set(m.places) for m in spoil)
            held += 1
        if feeding(chart, _st(chart), moving(chart, R.兄弟), Place(Layer.LINE, kids[0].position), False):
            assert "xh_sibling_feeds_child" in _keys(c)
            feeds += 1
        else:
            assert "xh_sibling_feeds_child" not in _keys(c)
    assert held > 0 and feeds > 5


def test_the_world_turning_into_an_officer_is_a_rank_or_a_ghost() -> None:
    """XH-15: 世化官 — 回頭克 「更凶」; 休囚被克 「乃為化鬼 … 且見危災」; 父母旺相 (or a strong 世 the 官 feeds)
    「乃為變官，今科即中」; and XH-11's 「動而變凶」 does not take the 化官 itself as the world lost."""
    seen = {"xh_world_turns_ghost_striking": 0, "xh_world_turns_ghost": 0, "xh_world_turns_office": 0}
    for chart in _charts(2):
        w = chart.world
        if not (w.moving and w.changed is not None and w.changed.relation is R.官鬼 and w.relation is not R.官鬼):
            continue
        c, _use = _chapter(chart, EXAM)
        ws = _state(chart, w.position)
        got = [k for k in _keys(c) if k in seen]
        if T.回頭克 in w.transformations:
            assert got == ["xh_world_turns_ghost_striking"]
        elif not ws.vigour.strong and ws.attacks:
            assert got == ["xh_world_turns_ghost"]
        elif got:
            assert got == ["xh_world_turns_office"]
            plain = not ({T.化退神, T.回頭克} & set(w.transformations)) and ws.vigour.strong and not ws.cut
            if plain and not ws.real_tomb:
                assert "xh_world_lost" not in _keys(c)
        for k in got:
            seen[k] += 1
    assert all(v > 0 for v in seen.values()), seen


def test_three_harmony_frames_of_rank_and_of_offspring() -> None:
    """XH-06 「官父世爻合成父局官局，不遇日月沖破者，定許連登 … 唯忌合成子孫局者，不為吉也」."""
    from core.chart.combinations import frames

    rank = kids = 0
    for chart in _charts(2):
        formed = [f for f in frames(chart) if not f.failures]
        if not formed:
            continue
        c, _use = _chapter(chart, EXAM)
        if any(f.relation is R.子孫 for f in formed):
            assert "xh_frame_of_offspring" in _keys(c)
            kids += 1
        else:
            assert "xh_frame_of_offspring" not in _keys(c)
        pillars = (chart.moment.day.branch, chart.moment.month_branch)
        if "xh_frame_of_rank" in _keys(c):
            assert any(f.relation in (R.官鬼, R.父母) and not any(clashes(p, m) for p in pillars
                                                                  for m in f.frame.members) for f in formed)
            rank += 1
    assert rank > 0 and kids > 0


def test_a_recommender_helps_unless_the_day_or_month_strikes_him() -> None:
    """XH-14 「官父兩旺而世爻不旺 … 又得應爻動而生合世爻者，必得推薦之力」; 「而應爻又被日月沖克者，荐亦無功」."""
    seen = {"xh_recommended": 0, "xh_recommender_struck": 0}
    for chart in _charts(2):
        resp = chart.lines[chart.hexagram.response - 1]
        if not resp.moving:
            continue
        c, _use = _chapter(chart, EXAM)
        helped, struck = "xh_recommended" in _keys(c), "xh_recommender_struck" in _found(c)
        assert not (helped and struck)
        if helped or struck:
            w = chart.world
            assert not _state(chart, w.position).vigour.strong
            assert generates(resp.element, w.element) or harmonizes(resp.branch, w.branch)
            pillars = (chart.moment.day.branch, chart.moment.month_branch)
            hit = any(clashes(p, resp.branch) or overcomes(p.element, resp.element) for p in pillars)
            assert hit is struck
            seen["xh_recommender_struck" if struck else "xh_recommended"] += 1
    assert all(v > 0 for v in seen.values()), seen


def test_a_hidden_rank_or_essay_is_of_use_when_strong() -> None:
    """XH-09 「官父有一而不上卦，須看伏神，若伏而旺相 … 準登科及第」: only when the relation is absent from the lines."""
    seen = 0
    for chart in _charts(2):
        c, _use = _chapter(chart, EXAM)
        for m in c.moves:
            if m.key != "xh_hidden_useful":
                continue
            (hp,) = m.places
            assert hp.layer is Layer.HIDDEN
            rel = chart.lines[hp.position - 1].hidden.relation  # type: ignore[union-attr]
            assert rel in (R.官鬼, R.父母) and not any(ln.relation is rel for ln in chart.lines)
            seen += 1
    assert seen > 10


# ---- 升選候補章, 升遷何方章 -------------------------------------------------------------------------------------------

def test_seeking_a_post_favours_come_before_the_bars() -> None:
    """SB-03 (a 六合, a frame …) and SB-06 lift; SB-02 「子孫動於卦中，升遷無期」 comes after them and holds."""
    seen = 0
    for chart in _charts():
        c, use = _chapter(chart, SEEK)
        keys = _keys(c)
        if _strike(chart, R.子孫, use):
            assert "sb_child_moves_no_promotion" in keys
            lifts = [i for i, k in enumerate(keys) if k in ("sb_heaven_grants", "sb_appointment_near",
                                                             "sb_office_favours_world")]
            if lifts:
                assert max(lifts) < keys.index("sb_child_moves_no_promotion")
                seen += 1
        if chart.hexagram.six_harmony:
            assert "sb_heaven_grants" in keys
    assert seen > 10


def test_not_yet_under_a_clash_with_a_weak_world_and_office() -> None:
    """SB-04 「世官不旺，得六沖，或是官被日月相沖 … 乃風雲未際之時也」: the present is barred, not the end."""
    seen = 0
    for chart in _charts(2):
        c, use = _chapter(chart, SEEK)
        w = _state(chart, chart.world.position)
        us = state_of(chart, use)
        clash = chart.hexagram.six_clash or any(clashes(p, us.branch)
                                                for p in (chart.moment.day.branch, chart.moment.month_branch))
        want = not w.vigour.strong and not us.vigour.strong and clash
        got = [m for m in c.moves if m.key == "sb_not_yet"]
        assert bool(got) is want
        for m in got:
            assert m.now and not m.eventual
            seen += 1
    assert seen > 10


def test_the_office_on_the_response_goes_to_another() -> None:
    """SF-03 「官臨應爻，不得」."""
    seen = 0
    for chart in _charts():
        c, use = _chapter(chart, SEEK)
        on_resp = use.layer is Layer.LINE and chart.lines[use.position - 1].response
        assert ("sf_office_on_response" in _keys(c)) is on_resp
        seen += on_resp
    assert seen > 10


# ---- 在任吉凶章 ------------------------------------------------------------------------------------------------------

def test_offspring_in_office_demotes_when_held_and_dismisses_when_free() -> None:
    """ZR-02 「子孫持世及子動而有制，降級而已」, the verse 「子搖兄動，減俸休官」: a moving 子孫 nothing restrains
    costs the post."""
    seen = {"zr_dismissed": 0, "zr_demoted": 0}
    for chart in _charts():
        kids = moving(chart, R.子孫)
        c, use = _chapter(chart, HOLD)
        free = [k for k in _strike(chart, R.子孫, use) if not _state(chart, k.position).attacks]
        if free:
            assert "zr_dismissed" in _keys(c) and "zr_demoted" not in _keys(c)
            assert next(m for m in c.moves if m.key == "zr_dismissed").eventual == "=凶"
            seen["zr_dismissed"] += 1
        elif kids or chart.world.relation is R.子孫:
            assert "zr_demoted" in _keys(c) and "zr_dismissed" not in _keys(c)
            seen["zr_demoted"] += 1
        else:
            assert not {"zr_demoted", "zr_dismissed"} & set(_keys(c))
    assert all(v > 5 for v in seen.values()), seen


def test_a_moving_sibling_under_a_strong_office_is_clean_hands_not_loss() -> None:
    """ZR-02 「兄弟持世，兄爻發動 … 定然減俸除糧」 — ZR-03 「兄動 … 若得官星旺相，乃是為官清正 … 非無財也」."""
    clean = cut = 0
    for chart in _charts():
        if not _strike(chart, R.兄弟, R.妻財):
            continue
        c, use = _chapter(chart, HOLD)
        if state_of(chart, use).vigour.strong:
            assert "zr_clean_hands" in _found(c) and "zr_pay_cut" not in _keys(c)
            clean += 1
        else:
            assert "zr_pay_cut" in _keys(c)
            cut += 1
    assert clean > 5 and cut > 5


def test_an_empty_world_or_office_ends_the_tenure() -> None:
    """ZR-08 「世破世空官空破，在任無多日矣。世衰動而化鬼及化回頭之克者，須防壽命無堅」."""
    ends = life = 0
    for chart in _charts():
        c, use = _chapter(chart, HOLD)
        w = chart.world
        ws = _state(chart, w.position)
        risk = (not ws.vigour.strong and w.moving
                and ((w.changed is not None and w.changed.relation is R.官鬼 and w.relation is not R.官鬼)
                     or T.回頭克 in w.transformations))
        assert ("zr_life_at_risk" in _keys(c)) is risk
        if not risk:
            assert ("zr_tenure_ends" in _keys(c)) is (empty(ws) or empty(state_of(chart, use)))
        ends += "zr_tenure_ends" in _keys(c)
        life += risk
    assert ends > 5 and life > 5


def test_a_reversing_hexagram_in_office_follows_world_and_office() -> None:
    """ZR-07 「卦得反吟 … 若得世與官多旺相，一定升遷，世爻若與官星衰者，必遭降罰 … 世與官星被克者，定有不測之禍」."""
    seen = {"zr_reversal_struck": 0, "zr_reversal_rises": 0, "zr_reversal_demoted": 0}
    for chart in _charts(2):
        rev = any(t in chart.changes for t in (H.反吟卦, H.內卦反吟, H.外卦反吟))
        c, use = _chapter(chart, HOLD)
        got = [k for k in _keys(c) if k in seen]
        if not rev:
            assert not got
            continue
        ws, us = _state(chart, chart.world.position), state_of(chart, use)
        if ws.attacks and us.attacks:
            assert got == ["zr_reversal_struck"]
        elif ws.vigour.strong and us.vigour.strong:
            assert got == ["zr_reversal_rises"]
        elif not ws.vigour.strong and not us.vigour.strong:
            assert got == ["zr_reversal_demoted"]
        else:
            assert not got
        for k in got:
            seen[k] += 1
    assert all(v > 0 for v in seen.values()), seen


# ---- 養親告病辭官章 ----------------------------------------------------------------------------------------------------

def test_leaving_office_is_granted_by_offspring_and_refused_by_the_officer() -> None:
    """GC-01 「子孫持世子孫發動 … 必能遂我偷閒。若官星持世或官動克世合世，難脫利名羈鎖」."""
    q = Question(Topic.career, office=Office.resign)
    free = held = 0
    for chart in _charts():
        c, _use = _chapter(chart, q)
        w = chart.world
        kid = w.relation is R.子孫 or bool(moving(chart, R.子孫))
        binds = w.relation is R.官鬼 or any(overcomes(x.element, w.element) or harmonizes(x.branch, w.branch)
                                           for x in moving(chart, R.官鬼))
        assert ("gc_released" in _keys(c)) is kid and ("gc_held_by_office" in _keys(c)) is binds
        free += kid
        held += binds
    assert free > 10 and held > 10


def test_a_reversal_bars_resigning_but_not_a_leave() -> None:
    """GC-02 「告病及養親乃暫歸之事，得反吟卦者，乃應將來再任，故不忌之，惟辭官者，不宜見之」."""
    seen = 0
    for chart in _charts(2):
        if not any(t in chart.changes for t in (H.反吟卦, H.內卦反吟, H.外卦反吟)):
            continue
        resign, _u = _chapter(chart, Question(Topic.career, office=Office.resign))
        leave, _u = _chapter(chart, Question(Topic.career, office=Office.leave))
        assert "gc_reversal_recalled" in _keys(resign) and "gc_reversal_recalled" not in _keys(leave)
        assert "gc_reversal_returns" in _found(leave)
        seen += 1
    assert seen > 10


# ---- 營造公務防患章 ----------------------------------------------------------------------------------------------------

def test_a_moving_offspring_on_public_works_depends_on_the_stage() -> None:
    """GW-01 「子孫持世子動卦中事無尤慮」 at the start; GW-04 「已見疏虞而防患者，必有功名之慮，子動以傷官也」."""
    seen = 0
    for chart in _charts():
        kids = moving(chart, R.子孫)
        if not kids or chart.world.relation is R.子孫:
            continue
        start, _u = _chapter(chart, Question(Topic.career, office=Office.works))
        trouble, _u = _chapter(chart, Question(Topic.career, office=Office.works_trouble))
        assert "gw_no_trouble" in _keys(start) and "gw_child_threatens_post" not in _keys(start)
        assert "gw_no_trouble" not in _keys(trouble)
        # 子動以傷官: a 子孫 with the force to strike the 官
        assert ("gw_child_threatens_post" in _keys(trouble)) is bool(_strike(chart, R.子孫, R.官鬼))
        sib = bool(_strike(chart, R.兄弟, R.妻財))  # 初入工程，兄動以防賠財，已見疏虞兄動而防罰俸 (a 兄 on the 世 pays: GW-01)
        assert ("gw_fined" in _keys(trouble)) is sib
        assert ("gw_pays_costs" in _keys(start)) is (sib or chart.world.relation is R.兄弟)
        seen += 1
    assert seen > 20


def test_the_work_lasts_under_six_harmony_and_not_under_six_clash() -> None:
    """GW-03 「工程皆以父爻為用神，不旺或受沖克又得六沖卦者必不堅久 … 世爻旺相，又得六合卦者永遠堅」."""
    q = Question(Topic.career, office=Office.works)
    lasts = falls = 0
    for chart in _charts(2):
        c, _use = _chapter(chart, q)
        if "gw_work_lasts" in _found(c):
            assert chart.hexagram.six_harmony and _state(chart, chart.world.position).vigour.strong
            lasts += 1
        if "gw_work_will_not_last" in _found(c):
            clash = chart.hexagram.six_clash or H.六合變六沖 in chart.changes or (
                chart.changed is not None and chart.changed.six_clash)
            assert clash
            falls += 1
        if not chart.hexagram.six_harmony and not chart.hexagram.six_clash and chart.changed is None:
            assert not {"gw_work_lasts", "gw_work_will_not_last"} & _found(c)
    assert lasts > 5 and falls > 5


# ---- the examination stages ------------------------------------------------------------------------------------------

def test_an_examination_asks_its_stage_and_a_skip_keeps_the_major_one() -> None:
    """QM-01 「必須先占縣者，再占府考，又占道考」: each stage its own cast and chapter; unanswered, 鄉試章 reads it; the
    grade (歲科考 「父宜旺相」) and the results posted (發案 「父為用神」) take the 父母."""
    assert follow_ups(Question(Topic.exam)) == ()
    assert optional_follow_ups(Question(Topic.exam)) == (FollowUp.exam,)
    assert optional_follow_ups(Question(Topic.exam, exam=Exam.final)) == ()
    assert choices(Topic.exam, FollowUp.exam) == tuple(Exam) and choices(Topic.career, FollowUp.exam) == ()
    assert resolve(Question(Topic.exam, exam=Exam.grade)).target is R.父母
    assert resolve(Question(Topic.exam, exam=Exam.results)).source == rules.source("FA-01")
    for stage in (Exam.main, Exam.entrance, Exam.qualifying, Exam.final):
        assert resolve(Question(Topic.exam, exam=stage)).target is R.官鬼
    chart = _charts()[9]
    assert _chapter(chart, Question(Topic.exam))[0] == _chapter(chart, Question(Topic.exam, exam=Exam.main))[0]
    assert pair(read(chart, Question(Topic.exam, exam=Exam.grade))) != pair(read(chart, EXAM))


ENTRANCE = Question(Topic.exam, exam=Exam.entrance)


def test_an_entrance_exam_is_spoiled_by_offspring_and_wealth() -> None:
    """TK-02 「子動克官，財動克父，或持於世爻者皆不宜也」."""
    bad = good = 0
    for chart in _charts():
        c, _use = _chapter(chart, ENTRANCE)
        spoiled = bool(_strike(chart, R.子孫, R.官鬼) or _strike(chart, R.妻財, R.父母)) \
            or chart.world.relation in (R.子孫, R.妻財)
        assert ("tk_spoiler" in _keys(c)) is spoiled
        bad += spoiled
        good += not spoiled
    assert bad > 20 and good > 20


def test_a_strong_essay_changing_badly_is_taken_then_dropped_unless_combined() -> None:
    """TK-04 「父旺遭傷，收而復棄。沖中逢合，見棄復收」: the present and the end go opposite ways."""
    seen = {"tk_taken_then_dropped": 0, "tk_dropped_then_taken": 0}
    for chart in _charts(2):
        c, _use = _chapter(chart, ENTRANCE)
        for m in c.moves:
            if m.key in seen:
                (p,) = m.places
                ln = chart.lines[p.position - 1]
                assert ln.relation is R.父母 and ln.moving and state_of(chart, p).vigour.strong
                bound = any(harmonizes(b, ln.branch) for b in (chart.moment.day.branch, chart.moment.month_branch)) \
                    or any(y.moving and y.position != ln.position and harmonizes(y.branch, ln.branch)
                           for y in chart.lines)
                assert (m.key == "tk_dropped_then_taken") is bound
                assert (m.now, m.eventual) == (("≤小凶", "≥小吉") if bound else ("", "≤小凶"))
                seen[m.key] += 1
    assert all(v > 0 for v in seen.values()), seen


def test_a_qualifying_round_refuses_a_moving_offspring() -> None:
    """KD-01 「或子孫持身動於卦中，皆不錄之」."""
    seen = 0
    for chart in _charts():
        if not _strike(chart, R.子孫, R.官鬼):
            continue
        c, _use = _chapter(chart, Question(Topic.exam, exam=Exam.qualifying))
        assert "kd_not_admitted" in _keys(c)
        seen += 1
    assert seen > 20


def test_the_final_round_fears_an_officer_of_the_fifth_line_against_the_world() -> None:
    """YT-02 「岁五官鬼沖(克)世爻者不測之災」: now and in the end."""
    seen = 0
    q = Question(Topic.exam, exam=Exam.final)
    for chart in _charts():
        c, _use = _chapter(chart, q)
        w = chart.world
        fifth = chart.lines[4]
        want = fifth.relation is R.官鬼 and not fifth.world and (
            clashes(fifth.branch, w.branch) or overcomes(fifth.element, w.element))  # the pillars carry no year here
        assert ("yt_disaster" in _keys(c)) is want
        seen += want
    assert seen > 5


GRADE = Question(Topic.exam, exam=Exam.grade)


def test_the_grade_follows_the_essay_and_the_world() -> None:
    """SKK-01 「世父同受克，劣等無疑」, SKK-04 「父衰受刑克及世爻休囚受克 … 孫山無疑」 and 「六沖 … 父旺世旺，還考平
    等」, SKK-05 「父爻出現，不旺不衰 … 可保平等」: one grade each, set outright."""
    from core.chapters.common import bad_change

    levels = {"skk_fails": "=凶", "skk_both_struck": "=凶", "skk_clash_middle": "=平", "skk_middle": "=平",
              "skk_top_grade": "=吉", "skk_good_grade": "=小吉", "skk_world_struck": "=小凶",
              "skk_world_struck_helped": "=平", "skk_essay_struck": "=小凶", "skk_one_struck": "=平"}
    seen: dict[str, int] = {}
    for chart in _charts(2):
        c, use = _chapter(chart, GRADE)
        grades = [m for m in c.moves if m.key in levels]
        assert len(grades) <= 1
        for m in grades:
            assert m.eventual == levels[m.key]
            seen[m.key] = seen.get(m.key, 0) + 1
        ws, fs = _state(chart, chart.world.position), state_of(chart, use)
        if (not fs.vigour.strong and fs.attacks) or (not ws.vigour.strong and ws.attacks) \
                or bad_change(chart.world, _st(chart)):
            assert [m.key for m in grades] == ["skk_fails"]
    assert {"skk_fails", "skk_clash_middle", "skk_both_struck"} <= set(seen), seen


def test_the_results_are_timed_by_the_parent() -> None:
    """FA-01 「父為用神，衰者宜生旺之日；旺而靜者，逢值沖之日；動而逢值逢合之日；空與入墓，必待沖開；破與旬空，須期
    填實」."""
    from core.chart.relations import clash_of

    q = Question(Topic.exam, exam=Exam.results)
    seen = 0
    for chart in _charts():
        c, use = _chapter(chart, q)
        if use.layer in (Layer.MONTH, Layer.DAY):
            continue
        s = state_of(chart, use)
        keys = {t.key: t.branch for t in c.timings}
        assert all(t.rule == "FA-01" for t in c.timings) and keys
        if s.tomb is not None:
            assert keys["fa_tomb_opened"] is clash_of(s.tomb)
        if s.void:
            assert keys["fa_void_clashed"] is clash_of(s.branch) and keys["fa_filled"] is s.branch
        elif not s.month_break and s.moving:
            assert keys["fa_own_day"] is s.branch and "fa_combined_day" in keys
        elif not s.month_break and s.vigour.strong:
            assert keys["fa_clash_day"] is clash_of(s.branch)
        elif not s.month_break:
            assert {"fa_birth_day", "fa_peak_day"} <= set(keys)
        seen += 1
    assert seen > 100


# ---- 子占父功名章 ----------------------------------------------------------------------------------------------------

def test_a_fathers_career_is_read_from_the_parent_with_the_office() -> None:
    """ZF-01 「父動官動相生 … 皆許成名。財克父，子動傷官 … 皆許無益」: asked of a parent, the 父母 is the use-god; a
    moving 財 or 子孫 bars it, whatever favours it."""
    from core.question import Subject

    q = Question(Topic.career, Subject.parent)
    assert resolve(q).target is R.父母 and resolve(q).source == rules.source("ZF-01")
    assert resolve(Question(Topic.career, Subject.parent, office=Office.resign)).target is R.子孫
    up = down = 0
    for chart in _charts():
        c, use = _chapter(chart, q)
        keys = _keys(c)
        assert not {"sb_office_favours_world", "sb_child_moves_no_promotion"} & set(keys)
        if _strike(chart, R.妻財, use) or _strike(chart, R.子孫, R.官鬼):
            assert "zf_father_fails" in keys
            if "zf_father_succeeds" in keys:
                assert keys.index("zf_father_succeeds") < keys.index("zf_father_fails")
            down += 1
        if moving(chart, R.父母) and feeding(chart, _st(chart), moving(chart, R.官鬼), use, False):
            assert "zf_father_succeeds" in keys
            up += 1
    assert up > 5 and down > 20
