"""Each rule at the scope its passage gives (issue 21, the doctrine audit): no further than its condition, no
shorter than its text, and under what the book says outweighs it.  Every test builds its charts from the passage —
its condition and its exception, on a sweep over casts — never from a worked case.

- XR-04 「卦逢六沖，行人無定而不返」 (行人章) is a six-clash, and 六沖章 (L545) bids every six-clash be read with
  the use-god: 「必兼用神而言，用神旺雖沖不破，用神失陷凶而又凶」.
- QC-11 「財得子動生之，如財之有源也」 (求財章) names a 子孫 that feeds the 財; 002's 元神 rules (YN-6
  「元神休囚化絕化克化破」) say which moving 子孫 cannot feed, and one that cannot is no source.
- LH-06 「散而復聚」 (L520) names matters wished for; for a trouble the 合 it ends in is L502's 「事之難結」.
- HJ-66 「用神雖旺，原神若被傷克者，即如水無泉源」 grants the use-god its strength and still takes the root: a topic
  chapter's floor that rests on that strength (升選章 SB-01 「旺官持世……皆吉」) does not lift it.
"""

from __future__ import annotations

from core.chart.chart import Chart, Transformation
from core.chart.hexagram import Relation
from core.chart.relations import clashes, generates, harmonizes
from core.findings import LINE_PLACES, Layer, Place
from core.question import Horizon, Question, Sex, Subject, Topic
from core.reading.pipeline import Reading, frame_members, read
from core.reading.step2_state import State, Vigour, states_of
from core.reading.verdict import Verdict
from tests.test_chapter_rules import _charts  # the same sweep over casts


def state_of(chart: Chart, p: Place) -> State:
    """The state of one place of ``chart`` (the states are computed once per chart by the reading)."""
    return states_of(chart)[p]


def _keys(r: Reading) -> list[str]:
    assert r.decision is not None
    return [s.finding.key for s in r.decision.steps]


# ---- XR-04's six-clash, read with the use-god (六沖章 L545) ----------------------------------------------------------


def test_a_six_clash_scatters_the_one_away_only_when_the_use_god_is_weak() -> None:
    """「卦逢六沖，行人無定而不返」 where the use-god is 休囚 or 失陷 (「用神失陷凶而又凶」); a strong use-god is not
    scattered (「用神旺雖沖不破」), and a hexagram that is no six-clash never says it."""
    strong = weak = other = 0
    for chart in _charts(3, 2):
        r = read(chart, Question(Topic.returning, Subject.child))
        wanders = "xr_wanders" in _keys(r)
        if not chart.hexagram.six_clash:
            assert not wanders
            other += 1
        elif state_of(chart, r.use_god.place).vigour.strong:
            assert not wanders, (chart.hexagram.name, r.use_god.place)
            strong += 1
        else:
            assert wanders, (chart.hexagram.name, r.use_god.place)
            if "clash_turns_harmony" not in _keys(r):  # LH-06's ≥吉 comes after the general steps
                assert r.verdict.side < 0  # a cap the later steps may only deepen
            weak += 1
    assert strong > 5 and weak > 5 and other > 100


# ---- QC-11's source feeds the 財 (002 YN-6) --------------------------------------------------------------------------


def _quiet_but(chart: Chart, rel: Relation) -> bool:
    """Of the relations 求財章 reads as they move, only ``rel`` moves (no 兄 to rob, no 財 or 官 to change the case)."""
    return all(not ln.moving or ln.relation is rel for ln in chart.lines)


def test_a_moving_child_is_the_moneys_source_only_when_it_can_feed_it() -> None:
    """A 子孫 moving alone beside a 財: a source (+1), unless it is 休囚 and struck by its own change (化回頭克,
    化絕, 化破: YN-6 「元神休囚化絕化克化破」), which generates nothing — 「巳火又化回頭之克，不能生丑土之財」."""
    undone = {Transformation.回頭克, Transformation.化絕, Transformation.化破}
    source = barren = 0
    for chart in _charts(1, 4):
        children = [ln for ln in chart.lines if ln.moving and ln.relation is Relation.子孫]
        if len(children) != 1 or not _quiet_but(chart, Relation.子孫) or \
                not any(ln.relation is Relation.妻財 for ln in chart.lines):
            continue
        child = children[0]
        if child.changed is not None and child.changed.relation is Relation.妻財:
            continue  # 子動化財: the change itself is the source (「子動化財……皆同此斷」)
        cs = state_of(chart, LINE_PLACES[child.position])
        q = Question(Topic.wealth, Subject.self)
        if frame_members(chart, q):
            continue  # a moving line absorbed into a 局 acts as the 局 (JH-03), not as itself
        r = read(chart, q)
        if r.use_god.place.layer is not Layer.LINE or r.use_god.actor.relation is not Relation.妻財:
            continue
        if undone & set(child.transformations) and cs.vigour in (Vigour.休囚, Vigour.失陷):
            assert "qc_wealth_has_source" not in _keys(r), chart.hexagram.name
            barren += 1
        elif not undone & set(child.transformations) and cs.vigour is Vigour.旺:
            assert "qc_wealth_has_source" in _keys(r), chart.hexagram.name
            source += 1
    assert source > 5 and barren > 5, (source, barren)


# ---- HJ-66 after the matter's chapter ------------------------------------------------------------------------------


def test_a_rootless_use_god_stays_down_whatever_its_strength() -> None:
    """Where HJ-66 holds (a long matter whose 元神 is destroyed), the answer is on the bad side: the chapter's floor
    on a strong office (SB-01 「旺官持世」) comes before it, as the passage's 「用神雖旺」 concedes."""
    held = lifted_before = 0
    for chart in _charts(2, 2):
        r = read(chart, Question(Topic.career, Subject.self, horizon=Horizon.far))
        keys = _keys(r)
        if "source_without_root" not in keys:
            continue
        held += 1
        assert r.verdict.side < 0, chart.hexagram.name
        if "sb_office_favours_world" in keys:
            assert keys.index("sb_office_favours_world") < keys.index("source_without_root")
            lifted_before += 1
    assert held > 5 and lifted_before > 0


# ---- QC-05's moving 兄, and HJ-34's 兄 on the 世 that turns into the 財 ------------------------------------------------


def test_the_sibling_on_the_world_turning_into_the_money_does_not_rob() -> None:
    """QC-05 「兄動克財爻……水中撈月」 of a 兄 moving alone; 野鶴's exception (HJ-34, L1376) 「兄爻持世化出財爻而得財」:
    the 兄 on the 世 that turns into the 財 brings the money — the chapter does not set the end to 凶 for it."""
    into = robs = 0
    for chart in _charts(1, 6):
        wl = chart.world
        movers = [ln for ln in chart.lines if ln.moving]
        if wl.relation is not Relation.兄弟 or movers != [wl]:
            continue
        q = Question(Topic.wealth, Subject.self)
        if frame_members(chart, q):
            continue
        r = read(chart, q)
        keys = _keys(r)
        if wl.changed is not None and wl.changed.relation is Relation.妻財:
            assert "qc_sibling_moves" not in keys and "obstacle_on_world_turns_into_use_god" in keys
            into += 1
        elif "qc_sibling_moves" in keys:
            assert r.verdict is Verdict.凶
            robs += 1
    assert into > 5 and robs > 5, (into, robs)


# ---- LH-06 for matters wished for (L520), a trouble 難結 (L502) ------------------------------------------------------


def test_a_six_clash_turning_into_a_six_harmony_is_good_only_for_what_is_wished() -> None:
    """L520 「獨此六沖卦變六合得不看用神，竟以吉斷……占婚姻先吳越而後朱陳……占求謀先難後易」 names matters one wishes
    for: there the end is at least 吉 whatever the use-god.  For a trouble (a lawsuit, a danger) the 合 it ends in is
    L502's 「不宜凶事逢之，事之難結」: it gathers again and drags on, the present a step down."""
    wished = trouble = 0
    for chart in _charts(1):
        if not (chart.hexagram.six_clash and chart.changed is not None and chart.changed.six_harmony):
            continue
        for topic in (Topic.marriage, Topic.wealth, Topic.lawsuit, Topic.danger):
            r = read(chart, Question(topic, Subject.self, Sex.male))
            assert r.decision is not None
            steps = {s.finding.key: s for s in r.decision.steps}
            if topic in (Topic.lawsuit, Topic.danger):
                assert "clash_turns_harmony" not in steps and "harmony_holds_trouble" in steps
                s = steps["harmony_holds_trouble"]
                assert s.now[1] is s.now[0].moved(-1)
                trouble += 1
            else:
                s = steps["clash_turns_harmony"]
                assert s.eventual[1] is s.eventual[0].at_least(Verdict.吉)
                wished += 1
    assert wished > 20 and trouble > 20, (wished, trouble)


# ---- JS-16 and JS-17: both halves of 卷首 L9 --------------------------------------------------------------------------


def _own(r: Reading) -> bool:
    """The 世 is read with the use-god (or is it): the querent's own matter."""
    wp = LINE_PLACES[r.chart.hexagram.world]
    return r.use_god.place == wp or (r.co_use_god is not None and r.co_use_god.world)


def test_a_strong_office_or_the_money_on_the_world_makes_it_easy() -> None:
    """「占功名者得旺官持世……求名如拾芥耳」, 「占求財若得財星持世……皆許求財之易如摘枝耳」 — and the sentence's own
    end, 「或世臨旬空月破，何異緣木求魚」: a broken 世, or one void to the end, gets none of it."""
    seen = {"office": 0, "money": 0, "broken": 0}
    for chart in _charts(2, 3):
        wl = chart.world
        ws = state_of(chart, LINE_PLACES[wl.position])
        lost = ws.month_break or (ws.void and not (ws.void_filled or ws.not_void))
        for topic, rel, key, need in ((Topic.career, Relation.官鬼, "strong_office_holds_world", Vigour.旺),
                                      (Topic.wealth, Relation.妻財, "wealth_holds_world", None)):
            if wl.relation is not rel or (need is not None and ws.vigour is not need):
                continue
            r = read(chart, Question(topic, Subject.self))
            if not _own(r):
                continue
            if lost:
                assert key not in _keys(r), chart.hexagram.name
                seen["broken"] += 1
            else:
                assert key in _keys(r), chart.hexagram.name
                seen["office" if topic is Topic.career else "money"] += 1
    assert min(seen.values()) > 5, seen


def test_a_moving_office_that_feeds_the_world_makes_the_name_easy() -> None:
    """「或動爻作官星生合世爻」: a moving 官鬼 that generates or combines with the 世 (not on it), and has the force
    to (a weak one struck by its own change feeds nothing, YN-6)."""
    feeds = undone = 0
    for chart in _charts(2, 2):
        wl = chart.world
        ws = state_of(chart, LINE_PLACES[wl.position])
        if wl.relation is Relation.官鬼 or ws.month_break or (ws.void and not (ws.void_filled or ws.not_void)):
            continue
        office = [ln for ln in chart.lines if ln.moving and ln.relation is Relation.官鬼
                  and (generates(ln.element, wl.element) or harmonizes(ln.branch, wl.branch))]
        if len(office) != 1:
            continue
        r = read(chart, Question(Topic.career, Subject.self))
        if not _own(r):
            continue
        os = state_of(chart, LINE_PLACES[office[0].position])
        if Transformation.回頭克 in office[0].transformations and not os.vigour.strong:
            assert "office_feeds_world" not in _keys(r), chart.hexagram.name
            undone += 1
        elif not office[0].transformations and os.vigour is Vigour.旺 and not os.tied:
            assert "office_feeds_world" in _keys(r), chart.hexagram.name
            feeds += 1
    assert feeds > 5 and undone > 2, (feeds, undone)


# ---- FF-02 reads the trigram -----------------------------------------------------------------------------------------


def _reversed(chart: Chart, lo: int) -> bool:
    """The trigram from line ``lo + 1`` has a moving line and every changed branch clashes its own (反吟, FF-01)."""
    c = chart.changed
    return c is not None and any(chart.lines[i].moving for i in range(lo, lo + 3)) and all(
        clashes(chart.hexagram.najia[i][1], c.najia[i][1]) for i in range(lo, lo + 3))


def test_a_reversed_trigram_unsettles_the_matter_whatever_line_moves() -> None:
    """FF-02 「內卦反伏，內則不安。外卦反伏，外則不寧……皆主成而敗，敗而成」: a reversed trigram makes the present
    go back and forth (capped at 平) though the use-god does not move in it; a chart with no reversed trigram does
    not say it, and a use-god moving in the reversed trigram is read by its own keys (FF-02/03 of the use-god)."""
    seen = {"reversed": 0, "plain": 0}
    for chart in _charts(2):
        r = read(chart, Question(Topic.wealth, Subject.self))
        assert r.decision is not None
        steps = [s for s in r.decision.steps if s.finding.key == "hexagram_in_reversal"]
        p = r.use_god.place
        ln = chart.lines[p.position - 1] if p.layer is Layer.LINE else None
        mine = 0 if ln is None or not ln.moving else 1 if ln.position <= 3 else 4
        if (_reversed(chart, 0) and mine != 1) or (_reversed(chart, 3) and mine != 4):
            assert len(steps) == 1, chart.hexagram.name
            assert steps[0].now[1] is steps[0].now[0].at_most(Verdict.平)
            seen["reversed"] += 1
        else:
            assert not steps
            seen["plain"] += 1
    assert seen["reversed"] > 10 and seen["plain"] > 100, seen


# ---- JD-01's 世逢兄 with HJ-34's exception (野鶴, L1376) ---------------------------------------------------------------


def test_a_loan_with_a_sibling_on_the_world_fails_unless_it_turns_into_the_money() -> None:
    """借貸章 JD-01 「世逢兄，何須開口」 restates 忌臨身 for a loan (HJ-34 L1375 「占財兄爻為忌神，兄爻持世，求財不獲」);
    野鶴's exception to it holds for the loan too (L1376 「兄爻持世化出財爻而得財」): the 兄 on the 世 that turns
    into the 財 is the money come, and the chapter does not set the loan to 凶 for it: the rest of the reading decides."""
    barred = lifted = 0
    for chart in _charts(1, 2):
        world = chart.world
        if world.relation is not Relation.兄弟:
            continue
        r = read(chart, Question(Topic.loan, Subject.self))
        turns = world.moving and world.changed is not None and world.changed.relation is Relation.妻財
        assert ("jd_sibling_on_world" in _keys(r)) is not turns, chart.hexagram.name
        lifted += turns
        barred += not turns
    assert barred > 100 and lifted > 5


# ---- 「日月動爻克世」 in a chapter, read with the four places (JS-06 L451, L1446) ------------------------------------


def test_a_house_is_not_barred_by_a_strike_the_worlds_places_outweigh() -> None:
    """蓋造買宅章 GZ-04 (L553) 「或日月動爻克世，皆不宜行」: a 克 read as chapters 1–34 read one — JS-06 (L451)
    「倘有三處相生一處相克，也以吉斷」, L1446 「用神旺相可以敵之」.  A 世 struck by the day, the month or a moving line
    whose four places still come out for it is not barred for that strike; one they come out against is."""
    from core.reading.step4_places import tally

    barred = spared = 0
    for chart in _charts(2, 2):
        states = states_of(chart)
        ws = states.world
        if not any(states[p].element.overcomes is ws.element for p in ws.attacks):
            continue
        world = chart.world
        others = (ws.void or ws.month_break or ws.tomb is not None or ws.cut or world.moving
                  or any(ln.moving and ln.relation is Relation.父母 for ln in chart.lines))
        if others:
            continue  # GZ-04's other clauses (空破墓絕, 世動變凶, 父動克世) are not this test's
        r = read(chart, Question(Topic.house, Subject.self))
        use = states[r.use_god.place]
        if use.void or use.month_break or use.tomb is not None or use.cut:
            continue
        against = tally(chart, states, ws).verdict.side < 0
        assert ("gz_do_not_proceed" in _keys(r)) is against, (chart.hexagram.name, ws.attacks)
        barred += against
        spared += not against
    assert barred > 20 and spared > 20
