"""The topic chapters read with the doctrine of chapters 1–34 at the passage's scope (issue 21, point 2: "doctrine
you have, applied short of the text").

- A chapter sign that names a moving line striking a target (升選章 SB-02 「子孫動於卦中，升遷無期」, 童試章 TK-02
  「子動克官，財動克父」, 再占修補章 XB-01 「鬼克世，我必有害」 …) holds only for a line with the force to strike:
  chapters 1–34 leave one tied (HJ-16), retreating (JT-02), struck by its own change (JN-6), distracted (HJ-21
  貪生忘克: 「申金貪水之生，不來克木」) or entombed (HJ-18) 雖有如無 — ``core.chapters.common.harming`` with the
  place of the line struck.  在任章 ZR-02 says itself what a checked 子孫 does (「子動而有制，降級而已」): a 子孫
  without force is read as checked, demoted and not dismissed.
- A sign that reads the 世 as the asker and the 應 as the other holds where the asker asks of his own matter:
  升遷何方章 SF-03 (L239) 「不如指其缺而問之，此缺我得否？……官臨應爻，不得」; 防非避訟章 FB-01 (L482)
  「世動克應我興詞，應克世爻他有訟」.

Every test builds its charts from the passage (a sweep over casts), the condition and the exception; none pins a
set of cases or a rate.
"""

from __future__ import annotations

from functools import cache

from core.chapters import chapter_reading
from core.chapters.common import moving, place_of
from core.chart.chart import Chart
from core.chart.hexagram import Relation
from core.findings import LINE_PLACES, Layer, Place
from core.question import Exam, Office, Question, Subject, Topic
from core.reading.pipeline import read
from core.reading.step2_state import States, states_of
from core.reading.step4_places import cannot_harm
from tests.test_career_chapters import _charts

R = Relation
_st = cache(states_of)
_IDLE = ("HJ-16", "JT-02", "JN-6", "HJ-21", "HJ-18")


@cache
def _use(chart: Chart, q: Question) -> Place:
    return read(chart, q).use_god.place


def _keys(chart: Chart, q: Question) -> set[str]:
    c = chapter_reading(chart, _st(chart), q, _use(chart, q))
    return {m.key for m in c.moves} | {f.key for f in c.findings}


def _why(chart: Chart, states: States, rel: Relation, target: Place) -> list[str | None]:
    """For each moving ``rel`` line, the rule by which it cannot strike ``target`` now (None: it can) — far matters."""
    return [cannot_harm(chart, states, LINE_PLACES[x.position], states[target], False) for x in moving(chart, rel)]


# ---- 升選章 SB-02: the moving 子孫 strikes the 官 ------------------------------------------------------------------

SEEK = Question(Topic.career, office=Office.seek)


def test_a_moving_offspring_bars_promotion_only_with_the_force_to_strike_the_office() -> None:
    """SB-02 (L227) 「子孫動於卦中，升遷無期」: the 子孫 is 「克官之神」 (L281).  A 子孫 that feeds a moving 財 which
    feeds the 官 forgets to strike (HJ-21 貪生忘克), one tied, 化退 or struck by its own change is 雖有如無: no bar;
    one with the force to strike still bars."""
    barred: dict[str, int] = {}
    for chart in _charts():
        if not moving(chart, R.子孫):
            continue
        use = _use(chart, SEEK)
        why = _why(chart, _st(chart), R.子孫, use)
        got = "sb_child_moves_no_promotion" in _keys(chart, SEEK)
        if any(w is None for w in why):
            assert got, chart.cast
            barred["strikes"] = barred.get("strikes", 0) + 1
        else:
            assert not got, (chart.cast, why)
            for w in set(why):
                barred[str(w)] = barred.get(str(w), 0) + 1
    assert barred.get("strikes", 0) > 20 and barred.get("HJ-21", 0) > 0, barred
    assert sum(barred.get(r, 0) for r in _IDLE) > 10, barred


def test_the_distracted_offspring_is_the_one_that_feeds_the_feeder_of_the_office() -> None:
    """HJ-21's own shape in SB-02: 子孫 → 財 → 官, both moving — the 子孫 gives no bar; the same 子孫 with the 財 still
    (no 接續相生) bars, unless something else leaves it without force."""
    distracted = alone = 0
    for chart in _charts():
        kids = moving(chart, R.子孫)
        if len(kids) != 1:
            continue
        use = _use(chart, SEEK)
        if use.layer is not Layer.LINE:
            continue
        states = _st(chart)
        w = cannot_harm(chart, states, LINE_PLACES[kids[0].position], states[use], False)
        got = "sb_child_moves_no_promotion" in _keys(chart, SEEK)
        if moving(chart, R.妻財) and w == "HJ-21":
            assert not got
            distracted += 1
        elif not moving(chart, R.妻財) and w is None:
            assert got
            alone += 1
    assert distracted > 0 and alone > 10, (distracted, alone)


# ---- 童試章 TK-02: the moving 財 strikes the 父, the 子孫 the 官 -----------------------------------------------------

ENTRANCE = Question(Topic.exam, exam=Exam.entrance)


def test_an_entrance_exam_is_spoiled_only_by_a_spoiler_with_the_force_to_strike() -> None:
    """TK-02 (L175) 「子動克官，財動克父……皆不宜也」: with nothing on the 世, a moving 財 or 子孫 all of which chapters
    1–34 leave without force (tied, 化退, struck by its own change, 貪生忘克, entombed) spoil nothing."""
    spoiled = idle = 0
    for chart in _charts():
        if chart.world.relation in (R.子孫, R.妻財) or not (moving(chart, R.子孫) or moving(chart, R.妻財)):
            continue
        states = _st(chart)
        why = _why(chart, states, R.子孫, place_of(chart, R.官鬼)) + _why(chart, states, R.妻財,
                                                                         place_of(chart, R.父母))
        got = "tk_spoiler" in _keys(chart, ENTRANCE)
        assert got is any(w is None for w in why), (chart.cast, why)
        spoiled += got
        idle += not got
    assert spoiled > 20 and idle > 5, (spoiled, idle)


# ---- 在任章 ZR-02: the passage's own 「有制」 ----------------------------------------------------------------------

HOLD = Question(Topic.career, office=Office.hold)


def test_an_offspring_without_force_in_office_is_read_as_checked() -> None:
    """ZR-02 (L242) 「子孫持世及子動而有制，降級而已」 (verse 「子搖……休官」): a moving 子孫 that nothing attacks and that
    can strike the 官 dismisses; one chapters 1–34 leave without force is no free striker — demoted, as the passage
    reads a checked one, never dismissed."""
    seen = {"dismissed": 0, "demoted": 0}
    for chart in _charts():
        kids = moving(chart, R.子孫)
        if not kids:
            continue
        use = _use(chart, HOLD)
        states = _st(chart)
        free = [x for x, w in zip(kids, _why(chart, states, R.子孫, use), strict=True)
                if w is None and not states[LINE_PLACES[x.position]].attacks]
        keys = _keys(chart, HOLD)
        if free:
            assert "zr_dismissed" in keys and "zr_demoted" not in keys
            seen["dismissed"] += 1
        else:
            assert "zr_demoted" in keys and "zr_dismissed" not in keys
            if all(not states[LINE_PLACES[x.position]].attacks for x in kids):
                seen["demoted"] += 1  # unchecked by any party, and still only demoted: it has no force
    assert all(v > 3 for v in seen.values()), seen


# ---- 再占修補章 XB-01: the moving 鬼 strikes the 世 (the target is the 世, not the use-god's relation) ---------------

def test_a_moving_ghost_harms_the_repairer_only_with_the_force_to_strike_the_world() -> None:
    """XB-01 (L652) 「鬼克世，我必有害」: the 鬼 strikes the 世, so HJ-21 reads the 世's element (鬼 → 父 → 世 when a
    兄 holds the 世, both moving: the 鬼 feeds the 父 and forgets the 世)."""
    from core.question import Aspect, Horizon, horizon_of

    q = Question(Topic.grave, aspect=Aspect.repair)
    near = horizon_of(q) is not Horizon.far
    harms = spared = 0
    for chart in _charts():
        w = chart.world
        wp = LINE_PLACES[w.position]
        strikers = [x for x in moving(chart, R.官鬼) if not x.world and x.element.overcomes is w.element]
        if not strikers:
            continue
        states = _st(chart)
        can = [cannot_harm(chart, states, LINE_PLACES[x.position], states[wp], near) is None for x in strikers]
        got = "xb_repair_harms_me" in _keys(chart, q)
        assert got is any(can), chart.cast
        harms += got
        spared += not got
    assert harms > 10 and spared > 3, (harms, spared)


# ---- 世 and 應 read for one's own matter --------------------------------------------------------------------------

def test_the_office_on_the_response_is_a_rival_only_for_ones_own_named_post() -> None:
    """SF-03 (L239) 「不如指其缺而問之，此缺我得否？……官臨應爻，不得」: the 應 a rival for one's own post; asked of
    another's post (his master's, a friend's), the 世 is the asker and no rival is read."""
    own = other = 0
    for chart in _charts():
        for subject, mine in ((None, True), (Subject.self, True), (Subject.master, False), (Subject.other, False)):
            q = Question(Topic.career, subject, office=Office.seek)
            use = _use(chart, q)
            on_resp = use.layer is Layer.LINE and chart.lines[use.position - 1].response
            keys = _keys(chart, q)
            if not mine:
                assert not {"sf_office_on_response", "sf_frame_feeds_response"} & keys
            elif on_resp:
                assert "sf_office_on_response" in keys
                own += subject is None
            other += on_resp and not mine
    assert own > 10 and other > 10, (own, other)


def test_the_asker_and_the_other_party_of_a_trouble_are_read_for_ones_own() -> None:
    """FB-01 (L482) 「世動克應我興詞，應克世爻他有訟」 and FB-02 (L483) 「鬼持世鬼克世應動克世定然成訟」 read the 世 as
    the asker: for one's own trouble only; 「子孫動子孫持世必不成非」 holds whoever asks."""
    mine = theirs = 0
    for chart in _charts():
        own_keys = _keys(chart, Question(Topic.avoid_lawsuit, Subject.self))
        kin_keys = _keys(chart, Question(Topic.avoid_lawsuit, Subject.child))
        assert not {"fb_i_will_sue", "fb_he_will_sue", "fb_lawsuit_comes"} & kin_keys
        child = bool(moving(chart, R.子孫)) or chart.world.relation is R.子孫
        assert ("fb_child_keeps_trouble_off" in kin_keys) is child
        r, w = chart.response, chart.world
        if r.element.overcomes is w.element and not (w.moving and w.element.overcomes is r.element):
            assert "fb_he_will_sue" in own_keys
            mine += 1
        theirs += child
    assert mine > 10 and theirs > 10, (mine, theirs)


def test_the_pair_of_a_loan_a_debt_a_game_a_shop_or_a_service_is_read_for_ones_own() -> None:
    """借貸 JD-01 (L392 「世逢兄，何須開口，應空破，難遂我心」), 放債 FZ-01 (L395 「兄臨世，放則無歸……應財生世，定懷忠」),
    博戲 BX-01 (L401 「首重世應」), 開店 KH-02 (L359 「應生世，他益於我」), 奔走 BZ-01 (L356 「世遇財應臨福，我益他損」):
    the 世 the asker, the 應 the other party — asked for another, none of them is read; what rests on the 財 alone
    (JD-01 「財若空破，休指望」, BZ-01 「最重財官兩旺」) still is."""
    pair_keys = {"jd_sibling_on_world", "jd_lender_void_or_broken", "jd_borrower_void_or_broken",
                 "kh_partner_helps", "kh_partner_deceives", "kh_partner_follows", "kh_ghost_strikes_world",
                 "kh_never_opens", "bz_all_goes_well", "bz_i_gain", "bz_he_gains", "bz_not_good_for_me",
                 "bz_patron_turns", "bz_trouble_shallow", "bz_health_at_risk", "bz_better_stay_idle", "bz_both_void"}
    seen: dict[str, int] = {}
    for chart in _charts(8):
        for topic in (Topic.loan, Topic.lending, Topic.gamble, Topic.shop, Topic.client):
            mine = _keys(chart, Question(topic, Subject.self))
            theirs = _keys(chart, Question(topic, Subject.other))
            assert not pair_keys & theirs, topic
            if topic in (Topic.lending, Topic.gamble):
                assert not theirs, topic  # every sign of the chapter reads the pair
            assert theirs <= mine, topic  # nothing new: only the pair's signs go
            for k in mine & pair_keys | ({"fz"} if any(k.startswith("fz_") for k in mine) else set()) \
                    | ({"bx"} if any(k.startswith("bx_") for k in mine) else set()):
                seen[k] = seen.get(k, 0) + 1
    assert seen.get("fz", 0) > 5 and seen.get("bx", 0) > 5 and seen.get("jd_sibling_on_world", 0) > 5, seen
    assert seen.get("kh_partner_helps", 0) > 5 and seen.get("bz_not_good_for_me", 0) > 5, seen


def test_a_moving_wealth_feeds_the_world_only_when_it_can() -> None:
    """娶離婦章 QL-02 (L438) 「財動相生，不謀而就」: a 財 that moves and generates the 世 — unless chapters 1–34 say it
    can never generate (002 YN-6 「元神休囚化絕化克化破」, a helper its own change strikes: ``feeding``)."""
    from core.question import Aspect, Sex
    from core.reading.step4_places import cannot_help

    q = Question(Topic.marriage, Subject.self, Sex.male, aspect=Aspect.obstruction)
    fed = barren = 0
    for chart in _charts():
        w = chart.world
        wp = LINE_PLACES[w.position]
        givers = [x for x in moving(chart, R.妻財) if not x.world and x.element.generates is w.element]
        if not givers:
            continue
        states = _st(chart)
        can = [cannot_help(chart, states, LINE_PLACES[x.position], states[wp], False) is None for x in givers]
        got = "ql_wealth_feeds_world" in _keys(chart, q)
        assert got is any(can), chart.cast
        fed += got
        barren += not got
    assert fed > 10 and barren > 0, (fed, barren)
